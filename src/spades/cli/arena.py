"""``spades arena``: a duplicate match between two computer levels."""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys

from .._progress import Progress
from ..arena import run_match
from ..arena.plot import points_per_hand_svg
from .common import (
    InputError,
    level,
    open_for_writing,
    rules_from,
)

__all__ = ["arena_command"]


#: The exit code of a match stopped with Ctrl-C (128 + SIGINT, as shells report it).
_INTERRUPTED = 130


def _positive(option: str, value: int, what: str) -> int:
    if value < 1:
        raise InputError(option, f"{what} must be at least 1, not {value}.")
    return value


def arena_command(args: argparse.Namespace) -> int:
    a = level("--a", args.a)
    b = level("--b", args.b)
    boards = _positive("--boards", args.boards, "the number of boards")
    workers = (
        None
        if args.workers is None
        else _positive("--workers", args.workers, "the number of workers")
    )
    _, rules = rules_from(args)
    progress = Progress("spades arena", "boards", always=args.progress)
    # Opened first, so that a file that cannot be written is said before the match, not after.
    plot = None if args.plot is None else open_for_writing(args.plot)
    try:
        # Named here, so that concurrent.futures loads its process pool only for a match.
        with concurrent.futures.ProcessPoolExecutor(workers or os.cpu_count() or 1) as pool:
            result = run_match(
                a,
                b,
                boards=boards,
                rules=rules,
                seed=args.seed,
                executor=pool,
                progress=progress if progress.shown else None,
            )
        if plot is not None:
            plot.write(points_per_hand_svg([result]) + "\n")
    except KeyboardInterrupt:
        print("\nspades: the match was interrupted; no result.", file=sys.stderr)
        return _INTERRUPTED
    finally:
        if plot is not None:
            plot.close()
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(result)
    return 0
