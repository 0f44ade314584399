"""Environment steps a second in spades.rl's PettingZoo environment against the bare engine loop,
interleaved in one run.

Each hand, in both loops, from a new game: the deal, then the 4 bids and 52 plays, each a random
legal action.

- The bare loop (as ``bench_engine.py``): ``apply(new_game(rules), Deal.random(rng))``, then
  ``apply(state, rng.choice(legal_actions(state)))`` while the phase is bidding or play.
- The environment: ``SpadesEnv(rules, episode='hand')``, ``env.reset()`` (which deals), then for
  each agent in turn ``env.last()`` (the observation vector and the action mask, built from the
  seat's view), a random number among those the mask allows (``rng.choice`` of
  ``np.flatnonzero(mask)``), and ``env.step(number)``; once the hand is scored, ``env.step(None)``
  for each agent, as PettingZoo's API has it.

A step is one decision (56 a hand at four); the environment's dead steps at the end are timed but
not counted. Everything is timed in CPU time (``time.process_time_ns``); the run is ``--rounds``
rounds, each timing a batch of ``--hands`` hands of each loop, the loop that goes first
alternating, and the ratio (environment steps a second over the bare loop's) is taken within each
round and reported as its median, min and max. A separate pass (informative) times the parts of
an environment step one by one: the seat's view, the vector, the mask, and ``step``.

    python benchmarks/bench_rl.py --rounds 10 --hands 200

This is a benchmark, not a test: run it on a quiet machine and read the numbers.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from spades import Deal, Phase, apply, find_ruleset, legal_actions, new_game, view
from spades._progress import Progress
from spades.rl import SpadesEnv, action_mask, encode_observation

Loop = Callable[[int, random.Random], tuple[int, int]]


def bare_loop(rules_name: str) -> Loop:
    rules = find_ruleset(rules_name)
    bidding, playing = Phase.BIDDING, Phase.PLAY

    def play(hands: int, rng: random.Random) -> tuple[int, int]:
        choice = rng.choice
        clock = time.process_time_ns
        steps = 0
        start = clock()
        for _ in range(hands):
            state = apply(new_game(rules), Deal.random(rng))
            while state.phase is bidding or state.phase is playing:
                state = apply(state, choice(legal_actions(state)))
                steps += 1
        return steps, clock() - start

    return play


def env_loop(rules_name: str) -> Loop:
    env = SpadesEnv(find_ruleset(rules_name), episode="hand")
    flatnonzero = np.flatnonzero

    def play(hands: int, rng: random.Random) -> tuple[int, int]:
        choice = rng.choice
        clock = time.process_time_ns
        env.reset(seed=rng.getrandbits(32))
        steps = 0
        start = clock()
        for _ in range(hands):
            env.reset()
            while env.agents:
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(choice(flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return steps, clock() - start

    return play


def parts(rules_name: str, hands: int, rng: random.Random) -> dict[str, float]:
    """Microseconds per decision in each part of an environment step, one by one."""
    env = SpadesEnv(find_ruleset(rules_name), episode="hand")
    clock = time.perf_counter_ns
    totals = {"view": 0, "vector": 0, "mask": 0, "step": 0}
    decisions = 0
    env.reset(seed=rng.getrandbits(32))
    for _ in range(hands):
        env.reset()
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            state, seat = env.game, env.seat_of(agent)
            t0 = clock()
            seen = view(state, seat)
            t1 = clock()
            encode_observation(seen)
            t2 = clock()
            mask = action_mask(seen)
            t3 = clock()
            number = rng.choice(np.flatnonzero(mask).tolist())
            t4 = clock()
            env.step(number)
            t5 = clock()
            totals["view"] += t1 - t0
            totals["vector"] += t2 - t1
            totals["mask"] += t3 - t2
            totals["step"] += t5 - t4
            decisions += 1
    return {key: round(value / decisions / 1e3, 2) for key, value in totals.items()}


def spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def run(rules: str, rounds: int, hands: int, seed: int) -> dict[str, Any]:
    loops = {"bare": bare_loop(rules), "env": env_loop(rules)}
    rates: dict[str, list[float]] = {"bare": [], "env": []}
    per_round = []
    progress = Progress("bench_rl", "rounds")
    for number in range(rounds):
        order = ["bare", "env"] if number % 2 == 0 else ["env", "bare"]
        row: dict[str, Any] = {"first": order[0]}
        for name in order:
            steps, ns = loops[name](hands, random.Random(f"{seed}/{number}"))
            rate = steps * 1e9 / ns
            rates[name].append(rate)
            row[name] = round(rate)
        row["ratio"] = round(row["env"] / row["bare"], 3)
        per_round.append(row)
        progress(number + 1, rounds)
    return {
        "bare_steps_per_sec": round(statistics.median(rates["bare"])),
        "env_steps_per_sec": round(statistics.median(rates["env"])),
        "ratio": spread([env / bare for env, bare in zip(rates["env"], rates["bare"])]),
        "us_per_env_step_parts": parts(rules, hands, random.Random(f"{seed}/parts")),
        "per_round": per_round,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per batch (default 200)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="standard", help="preset name (default: standard)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument(
        "--profile", action="store_true", help="profile one batch of the environment loop"
    )
    args = parser.parse_args(argv)
    header = {
        "command": " ".join(["python", *sys.argv]),
        "versions": f"Python {platform.python_version()}, numpy {np.__version__}",
        "rules": args.rules,
        "rounds": args.rounds,
        "hands_per_batch": args.hands,
        "seed": args.seed,
    }
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(env_loop(args.rules), args.hands, random.Random(args.seed))
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(25)
        return 0
    report = run(args.rules, args.rounds, args.hands, args.seed)
    if args.json:
        print(json.dumps({**header, **report}))
        return 0
    for key, value in header.items():
        print(f"{key}: {value}")
    print(f"\n{'round':>5}  {'first':<6}{'bare steps/s':>14}{'env steps/s':>14}{'ratio':>8}")
    for number, row in enumerate(report["per_round"], 1):
        print(
            f"{number:>5}  {row['first']:<6}{row['bare']:>14,}{row['env']:>14,}{row['ratio']:>8.3f}"
        )
    ratio = report["ratio"]
    print(
        f"\nmedian: bare {report['bare_steps_per_sec']:,} steps/s, environment "
        f"{report['env_steps_per_sec']:,} steps/s; ratio {ratio['median']:.3f} "
        f"(min {ratio['min']:.3f}, max {ratio['max']:.3f})"
    )
    parts_text = ", ".join(f"{k} {v}" for k, v in report["us_per_env_step_parts"].items())
    print(f"µs per environment step, by part (informative): {parts_text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
