"""The strength table of the computer levels: duplicate matches of whole games, under any rules.

Plays, in turn: Medium against Easy, Hard against Medium, Expert against Hard, Expert with
weighted imagined deals against the same Expert with uniform ones, and the Expert with its
double-dummy endgame against the same Expert playing its endings out (``endgame_tricks=0``),
each for ``--boards`` boards on every core (:func:`spades.arena.run_match`), and prints the
table the docs show, with each match's points per hand (A minus B) and its 95% interval, and the
targets of issue 7 (set for the standard rules).

The rules are read as the ``spades`` command reads them (``spades.cli.common.rules_from``):
``--rules`` a preset's name (default ``standard``), and ``--set OPTION=VALUE`` changing one
option, as often as needed.

    python benchmarks/strength.py --boards 500
    python benchmarks/strength.py --boards 100 --only expert-hard
    python benchmarks/strength.py --boards 300 --rules two_player --only hard-medium
    python benchmarks/strength.py --boards 300 --rules cutthroat3 --set deck=jokers
    python benchmarks/strength.py --boards 200 --rules two_player --only expert-hard --workers 1
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys

from spades._progress import Progress
from spades.arena import run_match
from spades.bots import ExpertPlayer, Player
from spades.cli.common import InputError, rules_from

#: Each match: player A, player B, and the target of A minus B in points a hand.
MATCHES: dict[str, tuple[Player | str, Player | str, float]] = {
    "medium-easy": ("medium", "easy", 25.0),
    "hard-medium": ("hard", "medium", 10.0),
    "expert-hard": ("expert", "hard", 5.0),
    "weighted-uniform": (ExpertPlayer(), ExpertPlayer(weighted=False), 0.0),
    "expert-dd": (ExpertPlayer(), ExpertPlayer(endgame_tricks=0), 5.0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="+", choices=sorted(MATCHES), default=list(MATCHES))
    parser.add_argument("--json", help="also write every result as JSON to this file")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    parser.add_argument("--rules", default="standard", help="preset name (default: standard)")
    parser.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    args = parser.parse_args()
    try:
        rules_name, rules = rules_from(args)
    except InputError as error:
        parser.error(str(error))
    changed = " with " + ", ".join(args.set) if args.set else ""
    print(f"Rules: {rules_name}{changed}", file=sys.stderr, flush=True)
    rows = []
    results = {}
    executor = concurrent.futures.ProcessPoolExecutor(max(1, args.workers))
    for name in args.only:
        a, b, target = MATCHES[name]
        progress = Progress(f"strength {name}", "boards")
        result = run_match(
            a,
            b,
            boards=args.boards,
            rules=rules,
            seed=args.seed,
            executor=executor,
            progress=progress if progress.shown else None,
        )
        results[name] = result.to_dict()
        estimate = result.points_per_hand
        low, high = estimate.low, estimate.high
        met = estimate.value >= target and low is not None and low > 0
        interval = "no interval" if low is None or high is None else f"{low:+.1f} to {high:+.1f}"
        rows.append(
            f"| {result.a.name} vs {result.b.name} | {result.boards:,} | {result.hands:,} | "
            f"{estimate.value:+.1f} ({interval}) | "
            f"{result.win_rate.value:.1%} | at least {target:g}, interval above 0: "
            f"{'met' if met else 'NOT met'} |"
        )
        print(rows[-1], f"({result.seconds:.0f} s)", file=sys.stderr, flush=True)
    executor.shutdown()
    print(
        "| Match (A vs B) | Boards | Hands | A minus B, points per hand (95% interval) | "
        "A's games won | Target |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
