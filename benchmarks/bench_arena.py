"""A duplicate match of Hard against Medium on every core, timed by the wall clock.

The target (issue 7): a match of 1,000 deals (2,000 hands: each deal at both tables) of Hard
against Medium in under 2 minutes on this 2-core machine::

    python benchmarks/bench_arena.py                  # 1,000 boards, every core
    python benchmarks/bench_arena.py --boards 200 --workers 1 --a expert --b hard

A board is a deal played at table 1 (:mod:`spades.arena`); table 2 replays each of them for as
long as its own game lasts, so the hands are about twice the boards. The wall time includes
starting the worker processes. The report starts with the exact command line, the versions and
the number of cores, then the match as ``spades arena`` prints it.

This is a benchmark, not a test: run it on a quiet machine and read the numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import spades
from spades._progress import Progress
from spades.arena import run_match

TARGET_SECONDS = 120.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000, help="boards (default 1000)")
    parser.add_argument("--a", default="hard", help="level of player A (default: hard)")
    parser.add_argument("--b", default="medium", help="level of player B (default: medium)")
    parser.add_argument("--workers", type=int, help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="standard", help="preset name (default: standard)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    workers = args.workers or os.cpu_count() or 1
    command = shlex.join(sys.orig_argv)
    progress = Progress("bench_arena", "boards")
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        result = run_match(
            args.a,
            args.b,
            boards=args.boards,
            rules=args.rules,
            seed=args.seed,
            executor=pool,
            progress=progress if progress.shown else None,
        )
    wall = time.perf_counter() - start
    header = {
        "command": command,
        "versions": f"Python {platform.python_version()}, spades {spades.__version__}",
        "cores": os.cpu_count(),
        "workers": workers,
        "wall_seconds": round(wall, 2),
        "hands_per_second": round(result.hands / wall, 1),
        "target_seconds": TARGET_SECONDS,
    }
    if args.json:
        print(json.dumps({**header, "match": result.to_dict()}, indent=2))
        return 0
    for key, value in header.items():
        print(f"{key}: {value}")
    print()
    print(result)
    print()
    verdict = "within" if wall < TARGET_SECONDS else "OVER"
    print(
        f"Wall time {wall:.1f} s for {result.boards:,} boards ({result.hands:,} hands) on "
        f"{workers} workers: {verdict} the {TARGET_SECONDS:.0f} s target."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
