"""Measure the bid margin (``spades.bots.tactics.THREE_MARGIN``) in duplicate matches.

A level bids ``THREE_MARGIN`` under its count of tricks at a table of three or of two
(``for_the_score``). For each margin of ``--margins`` this plays a duplicate match
(:func:`spades.arena.run_match`, every core) of the level bidding with that margin (A) against
the same level bidding with the shipped one (B), under ``--rules`` (default ``two_player``), and
prints A's points per hand minus B's with its 95% interval: a margin is better than the shipped
one when its interval is above 0.

The two players differ in nothing but the margin: :class:`MarginPlayer` calls the level itself,
and only while it bids does it set ``THREE_MARGIN`` to its own margin (put back as the bid is
made). The setting is the process's, so a match must run its games one at a time in each
process, as :func:`~spades.arena.run_match`'s default process pool does; never on threads.

Run from the repository::

    .venv/bin/python benchmarks/margin.py --boards 600
    .venv/bin/python benchmarks/margin.py --level hard --margins 0.35 1.0 --boards 600
"""

from __future__ import annotations

import argparse
import random
import sys

from spades import Phase
from spades._progress import Progress
from spades.actions import Action
from spades.arena import run_match
from spades.bots import Player, make_player, tactics
from spades.cli.common import InputError, rules_from
from spades.views import SeatView


class MarginPlayer:
    """A computer level that bids ``margin`` under its count at a table of three or of two."""

    def __init__(self, level: str, margin: float) -> None:
        self.level = level
        self.margin = margin
        self.player: Player = make_player(level)

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        if view.phase is not Phase.BIDDING:
            return self.player(view, rng)
        shipped = tactics.THREE_MARGIN
        tactics.THREE_MARGIN = self.margin
        try:
            return self.player(view, rng)
        finally:
            tactics.THREE_MARGIN = shipped

    def __repr__(self) -> str:
        return f"{self.level}(margin {self.margin:g})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=("medium", "hard"), default="medium")
    parser.add_argument(
        "--margins", type=float, nargs="+", default=[0.0, 0.35, 1.0], help="margins to try"
    )
    parser.add_argument("--boards", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="two_player", help="preset name (default: two_player)")
    parser.add_argument("--set", action="append", metavar="OPTION=VALUE", help="change one rule")
    args = parser.parse_args()
    try:
        rules_name, rules = rules_from(args)
    except InputError as error:
        parser.error(str(error))
    shipped = tactics.THREE_MARGIN
    print(f"$ {' '.join(['python', *sys.argv])}")
    print(
        f"{args.level} bidding with each margin (A) against {args.level} with the shipped "
        f"{shipped:g} (B), {rules_name}{' with changes' if args.set else ''}, seed {args.seed}"
    )
    print("| margin | boards | hands | A minus B, points per hand (95% interval) | A's games won |")
    print("| --- | --- | --- | --- | --- |")
    for margin in args.margins:
        progress = Progress(f"margin {margin:g}", "boards")
        result = run_match(
            MarginPlayer(args.level, margin),
            MarginPlayer(args.level, shipped),
            boards=args.boards,
            rules=rules,
            seed=args.seed,
            progress=progress if progress.shown else None,
        )
        estimate = result.points_per_hand
        low, high = estimate.low, estimate.high
        interval = "no interval" if low is None or high is None else f"{low:+.1f} to {high:+.1f}"
        print(
            f"| {margin:g} | {result.boards:,} | {result.hands:,} | {estimate.value:+.1f} "
            f"({interval}) | {result.win_rate.value:.1%} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
