"""``spades demo``: a whole game between computer players (four, three under ``players`` 3, or two,
drawing their hands, under ``players`` 2), its score sheet, and the record."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from .._kernel.table import table_of
from .._version import __version__
from ..bots import Level
from ..records import (
    dump,
    score_sheet,
    to_record,
    write_sheet,
)
from ..rules import RuleSet
from ..table import Table
from .common import (
    InputError,
    by_seat,
    level,
    open_for_writing,
    rules_from,
    shown,
    split_words,
)

__all__ = ["demo_command"]


def _demo_levels(values: Sequence[str] | None, rules: RuleSet) -> list[Level]:
    """``--players``: one level for every seat in play, or four in seat order N E S W (or by
    seat, ``N=hard E=easy ...``); at a table of three (``players`` 3), three, N E S; at a table of
    two (``players`` 2), two, N E."""
    count = table_of(rules).players
    if not values:
        return [Level.HARD] * count
    tokens = split_words(values)
    if len(tokens) == 1 and "=" not in tokens[0]:
        return [level("--players", tokens[0])] * count
    if count == 4 and len(tokens) != 4 and not all("=" in token for token in tokens):
        raise InputError(
            "--players",
            f"give one level for every seat, or four in seat order N E S W (or N=.. E=.. S=.. "
            f"W=..), not {len(tokens)}.",
        )
    by_seats = by_seat("--players", values, seats=count, what="levels")
    return [level("--players", token) for token in by_seats]


def _is_paper(path: str) -> bool:
    """Whether ``--save`` writes a paper score sheet (a ``.txt`` file, with the points, totals and
    bags a scorer writes, and with ``--cards`` each hand's cards) rather than the JSON record
    (any other name)."""
    return path.lower().endswith(".txt")


def demo_command(args: argparse.Namespace) -> int:
    preset, rules = rules_from(args)
    levels = _demo_levels(args.players, rules)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    # Opened first, so a file that cannot be written is said before the game, not after it.
    file = None if args.save is None else open_for_writing(args.save)
    try:
        state = Table(levels, rules=rules, seed=seed).play()
        if file is not None and _is_paper(args.save):
            file.write(write_sheet(to_record(state, preset=preset), scores=True, cards=args.cards))
        elif file is not None:
            dump(to_record(state, preset=preset), file, indent=2)
            file.write("\n")
    finally:
        if file is not None:
            file.close()
    players = ", ".join(f"{seat} {level}" for seat, level in zip(rules.seats, levels))
    print(f"spades {__version__} demo: rules {args.rules} {rules!r}, seed {seed}")
    print(f"Players: {players}.")
    print(score_sheet(state))
    if args.save is not None:
        print(f"Saved the game to {shown(args.save)}.")
    return 0
