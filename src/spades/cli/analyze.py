"""``spades analyze``: a game record's hands analysed double dummy (:mod:`spades.analysis`).

The record is read and verified as ``spades score`` reads it (JSON, or a paper score sheet, told
apart by the same function, ``is_paper``), with the same one-line errors; then each hand whose
cards are recorded (on a sheet, in the lines of its cards: ``deal:``, ``plays:``) is walked from
its first lead: the tricks each side could have taken, what it took, whether each contract and
each nil was makeable, and each side's first costly card with the best card instead. A sheet
without the cards is analysed as what it is, no hand, with a sentence on standard error saying
that analysis needs the cards."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from .._progress import Progress
from ..analysis import analyze
from .common import InputError, add_progress_option, read_game, shown

__all__ = ["add_analyze_parser", "analyze_command"]


def add_analyze_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``analyze`` subcommand's arguments."""
    parser = sub.add_parser(
        "analyze",
        help="analyse a game record's hands double dummy",
        description=(
            "Analyse each hand of a game record (FILE, or - for standard input: JSON, or a "
            "paper score sheet with the cards under each hand) double dummy, every hand in "
            "view: the tricks each side could have taken from the deal with the actual first "
            "leader, what it took, whether each contract and nil was makeable, and for each "
            "side the first "
            "card that cost a trick, with its value and the best card instead. A whole 13-trick"
            " deal takes the solver a minute or several; --last-tricks N analyses each "
            "hand's last N tricks only. Exit 0 when analysed, 2 for unusable input."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="a game record (JSON, or a paper sheet)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument(
        "--svg",
        metavar="DIR",
        help="draw the table at each first costly card, its values marked, into DIR",
    )
    parser.add_argument("--hand", type=int, metavar="N", help="analyse hand N only")
    parser.add_argument(
        "--last-tricks",
        type=int,
        metavar="N",
        help="analyse each hand from the lead of the trick that leaves N to play",
    )
    add_progress_option(parser)
    parser.set_defaults(handler=analyze_command)


def analyze_command(args: argparse.Namespace) -> int:
    sheet, checked, _ = read_game(args.file)
    if sheet is not None and not any(hand.deal or hand.draw for hand in sheet.record.hands):
        print(
            f"spades: {shown(args.file)}: the sheet holds no cards, and analysis needs them: "
            "write each hand's deal and plays under its line ('deal: N AKQ7.T9.J842.53 E ...', "
            "'plays: 2c Ac 5c Kc, ...'), as 'spades demo --save game.txt --cards' does.",
            file=sys.stderr,
        )
    if args.last_tricks is not None and args.last_tricks < 1:
        raise InputError(
            "--last-tricks", f"give a number of tricks of 1 or more, not {args.last_tricks}."
        )
    progress = Progress("spades analyze", "hands", always=args.progress)
    analysis = analyze(
        checked.record,
        hands=None if args.hand is None else [args.hand],
        last_tricks=args.last_tricks,
        progress=progress if progress.shown else None,
    )
    if args.svg is not None:
        for name, picture in analysis.pictures().items():
            path = os.path.join(args.svg, name)
            try:
                os.makedirs(args.svg, exist_ok=True)
                with open(path, "w", encoding="utf-8") as file:
                    file.write(picture)
            except OSError as error:
                raise InputError(
                    shown(path), f"cannot write the file: {error.strerror or error}."
                ) from None
    print(analysis.to_json() if args.json else analysis.to_text())
    return 0
