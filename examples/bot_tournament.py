"""A small duplicate match between two computer players, and what its result says.

In a duplicate match every deal is played twice with the partnerships' seats swapped, so
each side holds the same cards once, and the luck of the cards cancels. Each side is a
level (easy, medium, hard, expert) or ``random``: a player written below in a few lines,
to show that a computer player is only a function given its seat's view and a
``random.Random``. The match runs in this process by default, or on a pool of worker
processes with ``--workers``::

    python examples/bot_tournament.py              # medium against easy, 24 boards
    python examples/bot_tournament.py hard random --boards 100 --workers 2
"""

from __future__ import annotations

import argparse
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from random import Random
from typing import NoReturn

import spades
from spades.arena import run_match
from spades.bots import Level, Player


def random_player(view: spades.SeatView, rng: Random) -> spades.Action:
    """Bid 3 (or the nearest bid the rules allow), then play any card it may."""
    bids = [action for action in view.legal_actions if isinstance(action, spades.Bid)]
    if bids:
        return min(bids, key=lambda bid: abs(bid.tricks - 3) if not bid.is_nil else 99)
    return rng.choice(view.legal_actions)


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def entrant(name: str) -> Player | Level:
    """A side of the match: our random player, or a level (a SpadesError names them)."""
    return random_player if name.strip().lower() == "random" else Level(name)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("a", nargs="?", default="medium", help="side A (default: medium)")
    add("b", nargs="?", default="easy", help="side B (default: easy)")
    add("--boards", type=int, default=24, help="deals to play at least (24)")
    add("--rules", default="standard", help="a preset name (default: standard)")
    add("--seed", type=int, default=1, help="fixes every deal and every choice")
    add("--workers", type=int, default=0, help="worker processes (0: none)")
    args = parser.parse_args(argv)
    if args.workers < 0:
        count = args.workers
        parser.error(f"argument --workers: processes are 0 or more, not {count}")
    try:
        a, b = entrant(args.a), entrant(args.b)
        rules = spades.find_ruleset(args.rules)
        # run_match takes any concurrent.futures executor; one thread: "right here".
        pool: Executor = (
            ProcessPoolExecutor(args.workers) if args.workers else ThreadPoolExecutor(1)
        )
        with pool:
            result = run_match(
                a,
                b,
                boards=args.boards,
                rules=rules,
                seed=args.seed,
                executor=pool,
            )
    except spades.SpadesError as error:
        parser.error(error.message)

    print(result)
    # The difference per hand comes with its 95% interval: only an interval that leaves
    # out 0 says which side is stronger.
    estimate = result.points_per_hand
    a_name, b_name, value = result.a.name, result.b.name, estimate.value
    if estimate.low is not None and estimate.low > 0:
        print(f"\nResult: A {a_name} is stronger, by {value:+.1f} points per hand.")
    elif estimate.high is not None and estimate.high < 0:
        print(f"\nResult: B {b_name} is stronger, by {-value:+.1f} points per hand.")
    else:
        boards = result.boards
        print(f"\nResult: no clear winner after {boards} boards; play more (--boards).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
