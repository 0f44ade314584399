"""Random legal Spades hands on this engine and on OpenSpiel's C++ Spades, interleaved in one run.

Each hand, on both engines: the deal (spades: ``apply(new_game(rules), Deal.random(rng))``;
OpenSpiel: ``new_initial_state()`` and 52 chance actions, each chosen with ``rng.choice`` from
``legal_actions()``), then ``legal_actions`` + ``rng.choice`` + ``apply`` for the 4 bids and 52
plays, the last of which scores the hand.

Everything is timed in CPU time (``time.process_time_ns``: the machine is shared, and wall time
swings with its load). The run is ``--rounds`` rounds; in each, each engine plays a batch of
``--hands`` whole hands and deals a batch of ``--hands`` deals alone, the engines alternating which
goes first, so that noise hits both alike. No clock is read inside a batch (a CPU clock costs about
a microsecond): hands per second with the deal come from the whole hands, and without it (the bids
and plays alone) from the whole hands less the deals. The ratios spades/OpenSpiel are taken within
each round and reported as their median, min and max over the rounds. A second, separate pass puts
a wall clock round each ``legal_actions`` and ``apply`` call (informative only: each figure includes
about 0.1 µs of clock, a fifth of an OpenSpiel call).

OpenSpiel is compared when ``pyspiel`` imports; otherwise spades runs alone. With the engine
installed next to open-spiel (``pip install open-spiel -e .``)::

    python benchmarks/bench_engine.py --rounds 10 --hands 2000

This is a benchmark, not a test: run it on a quiet machine and read the numbers.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import spades
from spades import Deal, Phase, apply, find_ruleset, legal_actions, new_game
from spades._progress import Progress

CARDS = 52
DECISIONS_PER_HAND = 4 + CARDS


@dataclass(frozen=True)
class Batch:
    """A batch of whole hands and a batch of as many deals alone, each timed as a whole in CPU
    time."""

    hands: int
    total_ns: int
    deal_ns: int

    @property
    def play_ns(self) -> int:
        return self.total_ns - self.deal_ns

    def hands_per_sec(self, with_deal: bool) -> float:
        return self.hands * 1e9 / (self.total_ns if with_deal else self.play_ns)

    def figures(self) -> dict[str, float]:
        return {
            "hands_per_sec": round(self.hands_per_sec(with_deal=True), 1),
            "hands_per_sec_without_deal": round(self.hands_per_sec(with_deal=False), 1),
            "us_per_deal": round(self.deal_ns / self.hands / 1e3, 2),
            "us_per_bids_and_plays": round(self.play_ns / self.hands / 1e3, 2),
        }


@dataclass(frozen=True)
class CallTimes:
    """The per-call pass: total time in ``legal_actions`` and in ``apply`` over ``calls`` calls."""

    calls: int
    legal_ns: int
    apply_ns: int

    def figures(self) -> dict[str, float]:
        return {
            "us_per_legal_actions": round(self.legal_ns / self.calls / 1e3, 3),
            "us_per_apply": round(self.apply_ns / self.calls / 1e3, 3),
        }


@dataclass(frozen=True)
class Engine:
    """One engine's two loops: the timed batch and the per-call pass."""

    name: str
    version: str
    play: Callable[[int, random.Random], Batch]
    time_calls: Callable[[int, random.Random], CallTimes]


def spades_version() -> str:
    """The version, and the last commit of the engine's sources when they are in a git checkout."""
    source = Path(spades.__file__).resolve().parent
    git = ["git", "-C", str(source)]
    try:
        commit = subprocess.run(
            [*git, "log", "-1", "--format=%h", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        edited = subprocess.run([*git, "diff", "--quiet", "HEAD", "--", "."]).returncode != 0
    except (OSError, subprocess.CalledProcessError):
        return spades.__version__
    return f"{spades.__version__} (src at {commit}{' + edits' if edited else ''})"


def spades_engine(rules_name: str) -> Engine:
    rules = find_ruleset(rules_name)
    bidding, playing = Phase.BIDDING, Phase.PLAY

    def play(hands: int, rng: random.Random) -> Batch:
        choice = rng.choice
        clock = time.process_time_ns
        start = clock()
        for _ in range(hands):
            state = apply(new_game(rules), Deal.random(rng))
            while state.phase is bidding or state.phase is playing:
                state = apply(state, choice(legal_actions(state)))
        total = clock() - start
        start = clock()
        for _ in range(hands):
            state = apply(new_game(rules), Deal.random(rng))
        return Batch(hands, total, clock() - start)

    def time_calls(hands: int, rng: random.Random) -> CallTimes:
        choice = rng.choice
        clock = time.perf_counter_ns
        legal_ns = apply_ns = calls = 0
        for _ in range(hands):
            state = apply(new_game(rules), Deal.random(rng))
            while state.phase is bidding or state.phase is playing:
                t0 = clock()
                actions = legal_actions(state)
                t1 = clock()
                action = choice(actions)
                t2 = clock()
                state = apply(state, action)
                legal_ns += t1 - t0
                apply_ns += clock() - t2
                calls += 1
        assert calls == hands * DECISIONS_PER_HAND, calls
        return CallTimes(calls, legal_ns, apply_ns)

    return Engine("spades", spades_version(), play, time_calls)


def openspiel_engine() -> tuple[Engine, dict[str, Any]] | None:
    """OpenSpiel's "spades" and its game parameters, or None when pyspiel does not import."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # a C++ extension, no stubs
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    # An episode ends after the 52nd card whatever the parameters: the win and mercy thresholds
    # only add a bonus to that hand's returns, and num_tricks only sizes the observation tensor.
    assert game.max_game_length() == DECISIONS_PER_HAND, game.max_game_length()
    new_state = game.new_initial_state

    def play(hands: int, rng: random.Random) -> Batch:
        choice = rng.choice
        clock = time.process_time_ns
        start = clock()
        for _ in range(hands):
            state = new_state()
            while state.is_chance_node():
                state.apply_action(choice(state.legal_actions()))
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        total = clock() - start
        start = clock()
        for _ in range(hands):
            state = new_state()
            while state.is_chance_node():
                state.apply_action(choice(state.legal_actions()))
        return Batch(hands, total, clock() - start)

    def time_calls(hands: int, rng: random.Random) -> CallTimes:
        choice = rng.choice
        clock = time.perf_counter_ns
        legal_ns = apply_ns = calls = dealt = 0
        for _ in range(hands):
            state = new_state()
            while state.is_chance_node():
                state.apply_action(choice(state.legal_actions()))
                dealt += 1
            while not state.is_terminal():
                t0 = clock()
                actions = state.legal_actions()
                t1 = clock()
                action = choice(actions)
                t2 = clock()
                state.apply_action(action)
                legal_ns += t1 - t0
                apply_ns += clock() - t2
                calls += 1
        assert dealt == hands * CARDS and calls == hands * DECISIONS_PER_HAND, (dealt, calls)
        return CallTimes(calls, legal_ns, apply_ns)

    version = metadata.version("open-spiel")
    parameters = {**game.get_type().parameter_specification, **game.get_parameters()}
    return Engine("openspiel", version, play, time_calls), parameters


def spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def run(engines: list[Engine], rounds: int, hands: int, seed: int) -> dict[str, Any]:
    """The interleaved rounds, then the per-call pass; every figure the report shows."""
    per_round: list[dict[str, Any]] = []
    batches: dict[str, list[Batch]] = {engine.name: [] for engine in engines}
    progress = Progress("bench_engine", "rounds")
    for number in range(rounds):
        order = engines if number % 2 == 0 else engines[::-1]
        row: dict[str, Any] = {"first": order[0].name}
        for engine in order:
            batch = engine.play(hands, random.Random(f"{seed}/{number}"))
            batches[engine.name].append(batch)
            row[engine.name] = batch.figures()
        per_round.append(row)
        progress(number + 1, rounds)
    report: dict[str, Any] = {
        name: {
            key: round(statistics.median(batch.figures()[key] for batch in runs), 2)
            for key in runs[0].figures()
        }
        for name, runs in batches.items()
    }
    if len(engines) == 2:
        for key, with_deal in (("ratio", True), ("ratio_without_deal", False)):
            ratios = [
                ours.hands_per_sec(with_deal) / theirs.hands_per_sec(with_deal)
                for ours, theirs in zip(batches["spades"], batches["openspiel"])
            ]
            for row, ratio in zip(per_round, ratios):
                row[key] = round(ratio, 3)
            report[key] = spread(ratios)
    report["per_call"] = {
        engine.name: engine.time_calls(hands, random.Random(f"{seed}/calls")).figures()
        for engine in engines
    }
    report["per_round"] = per_round
    return report


def profile(engine: Engine, hands: int, seed: int) -> None:
    """cProfile one batch of the spades loop; print the 25 functions with most self time."""
    profiler = cProfile.Profile()
    profiler.runcall(engine.play, hands, random.Random(f"{seed}/profile"))
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(25)


def command_line() -> str:
    pythonpath = os.environ.get("PYTHONPATH")
    prefix = f"PYTHONPATH={shlex.quote(pythonpath)} " if pythonpath else ""
    return prefix + shlex.join(sys.orig_argv)


def print_text(report: dict[str, Any]) -> None:
    names = [name for name in ("spades", "openspiel") if name in report]
    columns = "".join(f"{name + ' h/s':>15}{'w/o deal':>10}" for name in names)
    ratios = f"{'ratio':>8}{'w/o deal':>10}" if len(names) == 2 else ""
    print(f"\n{'round':>5}  {'first':<10}{columns}{ratios}")
    for number, row in enumerate(report["per_round"], 1):
        line = f"{number:>5}  {row['first']:<10}"
        for name in names:
            figures = row[name]
            line += f"{figures['hands_per_sec']:>15,.0f}"
            line += f"{figures['hands_per_sec_without_deal']:>10,.0f}"
        if ratios:
            line += f"{row['ratio']:>8.3f}{row['ratio_without_deal']:>10.3f}"
        print(line)

    print(f"\n{'median over the rounds':<32}" + "".join(f"{name:>12}" for name in names))
    for key, label in (
        ("hands_per_sec", "hands/s"),
        ("hands_per_sec_without_deal", "hands/s without the deal"),
        ("us_per_deal", "µs per deal"),
        ("us_per_bids_and_plays", "µs per hand's bids and plays"),
    ):
        print(f"{label:<32}" + "".join(f"{report[name][key]:>12,.1f}" for name in names))
    for key, label in (("ratio", "with the deal"), ("ratio_without_deal", "without the deal")):
        if key in report:
            figures = report[key]
            print(
                f"ratio spades/openspiel in hands/s {label}: {figures['median']:.3f} "
                f"(min {figures['min']:.3f}, max {figures['max']:.3f})"
            )

    print(f"\n{'per-call pass (informative)':<32}" + "".join(f"{name:>12}" for name in names))
    for key, label in (
        ("us_per_legal_actions", "µs per legal_actions"),
        ("us_per_apply", "µs per apply"),
    ):
        print(f"{label:<32}" + "".join(f"{report['per_call'][name][key]:>12.3f}" for name in names))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per batch (default 2000)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="standard", help="preset name (default: standard)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument(
        "--profile", action="store_true", help="profile one batch of spades instead of timing"
    )
    args = parser.parse_args(argv)

    ours = spades_engine(args.rules)
    theirs = openspiel_engine()
    open_spiel = f"open-spiel {theirs[0].version}" if theirs else "no open-spiel: spades alone"
    header: dict[str, Any] = {
        "command": command_line(),
        "versions": f"Python {platform.python_version()}, spades {ours.version}, {open_spiel}",
        "rules": args.rules,
        "rounds": 1 if args.profile else args.rounds,
        "hands_per_batch": args.hands,
        "seed": args.seed,
    }
    if theirs:
        parameters = ", ".join(f"{key}={value}" for key, value in sorted(theirs[1].items()))
        header["openspiel_game"] = (
            f"spades({parameters}); one episode is one hand: 52 chance actions, 4 bids, 52 plays"
        )
    if not args.json:
        for key, value in header.items():
            print(f"{key}: {value}")
        sys.stdout.flush()
    if args.profile:
        profile(ours, args.hands, args.seed)
        return 0

    report = run([ours, theirs[0]] if theirs else [ours], args.rounds, args.hands, args.seed)
    if args.json:
        print(json.dumps({**header, **report}))
    else:
        print_text(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
