"""Random legal hands through the public API, and the same loop on OpenSpiel's C++ Spades.

Each hand: ``new_game`` + ``apply(Deal.random(rng))``, then ``legal_actions`` + ``rng.choice`` +
``apply`` for the 4 bids and 52 plays, the last of which scores the hand. Reports hands per second
(a loop with no per-call timing) and microseconds per ``legal_actions`` and per ``apply`` (a second
pass over the same hands with a clock round each call).

With ``--openspiel-python PATH`` it also runs ``openspiel_baseline.py`` under that interpreter in
the same run and prints the ratio. Install the baseline in a throwaway environment::

    python3 -m venv /tmp/ospiel-venv && /tmp/ospiel-venv/bin/pip install open-spiel
    python benchmarks/bench_engine.py --openspiel-python /tmp/ospiel-venv/bin/python

This is a benchmark, not a test: run it on a quiet machine and read the numbers.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from spades import Deal, Phase, __version__, apply, find_ruleset, legal_actions, new_game

DECISIONS_PER_HAND = 4 + 52


def play_hands(rules_name: str, hands: int, seed: int) -> tuple[float, float]:
    """Play ``hands`` hands untimed per call; return (total seconds, seconds spent dealing)."""
    rules = find_ruleset(rules_name)
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter
    deal_seconds = 0.0
    start = clock()
    for _ in range(hands):
        t0 = clock()
        state = apply(new_game(rules), Deal.random(rng))
        deal_seconds += clock() - t0
        while state.phase is Phase.BIDDING or state.phase is Phase.PLAY:
            state = apply(state, choice(legal_actions(state)))
    return clock() - start, deal_seconds


def time_calls(rules_name: str, hands: int, seed: int) -> dict[str, float]:
    """Replay the same hands with a clock round each legal_actions and apply call."""
    rules = find_ruleset(rules_name)
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter_ns
    legal_ns = apply_ns = calls = 0
    for _ in range(hands):
        state = apply(new_game(rules), Deal.random(rng))
        while state.phase is Phase.BIDDING or state.phase is Phase.PLAY:
            t0 = clock()
            actions = legal_actions(state)
            t1 = clock()
            action = choice(actions)
            t2 = clock()
            state = apply(state, action)
            t3 = clock()
            legal_ns += t1 - t0
            apply_ns += t3 - t2
            calls += 1
    assert calls == hands * DECISIONS_PER_HAND, calls
    return {"us_per_legal_actions": legal_ns / calls / 1e3, "us_per_apply": apply_ns / calls / 1e3}


def measure(rules_name: str, hands: int, seed: int) -> dict[str, Any]:
    seconds, deal_seconds = play_hands(rules_name, hands, seed)
    return {
        "engine": "spades",
        "rules": rules_name,
        "hands": hands,
        "seconds": round(seconds, 4),
        "hands_per_sec": round(hands / seconds, 1),
        "us_per_deal": round(deal_seconds / hands * 1e6, 3),
        **{k: round(v, 3) for k, v in time_calls(rules_name, hands, seed).items()},
        "version": f"spades {__version__}, Python {platform.python_version()}",
    }


def openspiel(python: str, hands: int, seed: int) -> dict[str, Any]:
    script = Path(__file__).with_name("openspiel_baseline.py")
    command = [python, str(script), "--hands", str(hands), "--seed", str(seed), "--json"]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(output)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="standard", help="preset name (default: standard)")
    parser.add_argument("--openspiel-python", metavar="PATH", help="interpreter with open-spiel")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    ours = measure(args.rules, args.hands, args.seed)
    report: dict[str, Any] = {"spades": ours}
    if args.openspiel_python:
        theirs = openspiel(args.openspiel_python, args.hands, args.seed)
        theirs.pop("params", None)
        report["openspiel"] = theirs
        report["ratio_hands_per_sec"] = round(ours["hands_per_sec"] / theirs["hands_per_sec"], 3)
        ours_play = 1e6 / ours["hands_per_sec"] - ours["us_per_deal"]
        theirs_play = 1e6 / theirs["hands_per_sec"] - theirs["us_per_deal"]
        report["ratio_without_deal"] = round(theirs_play / ours_play, 3)
    if args.json:
        print(json.dumps(report))
        return 0
    for name, value in report.items():
        if isinstance(value, dict):
            print(f"{name}:")
            for key, item in value.items():
                print(f"  {key:>22}: {item}")
        else:
            print(f"{name:>24}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
