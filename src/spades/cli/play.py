"""``spades play``: a game in the terminal against computer players, or two people at one
terminal (the "vs Computer" and "2 Players" modes of the browser game the ``four_levels`` preset
follows). Under ``--set partnerships=false`` every player plays alone: the person has no partner,
and the scores are each player's own. Under ``--rules cutthroat3`` (or any rules with ``players``
3) three play, North, East and South, each alone, with 17 cards each (18 with the jokers deck).
Under ``--rules two_player`` (two-handed Spades, ``players`` 2) two play, North and East: they
draw their hands card by card, each card kept or discarded, then bid and play 13 tricks of two.

The front-end is built on the public API only: a :class:`~spades.table.Table` moves the game,
:meth:`~spades.table.Table.step` makes one computer move at a time so that each can be told as it
happens, a person's typed text is read by :meth:`~spades.state.TableQueries.parse_action` and
judged by the rules (:meth:`~spades.table.Table.act`), and the screen is drawn from the person's
:class:`~spades.views.SeatView` only, so it can show nothing that seat may not know.

This module reads the command line and seats the players; ``spades.cli.session`` runs the game
at the terminal, ``spades.cli.screen`` draws what a person sees and ``spades.cli.news`` tells
each move as it happens.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import deque
from collections.abc import Sequence
from typing import Any

from .._kernel.table import table_of
from ..bots import Level
from ..errors import RecordError
from ..records import replay
from ..rules import RuleSet
from ..seats import Seat
from ..state import GameState
from ..table import Table
from .common import InputError, level, open_for_writing, read_record, rules_from, shown
from .screen import Style
from .session import Session, show

__all__ = ["add_play_parser", "play_command"]


def add_play_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``play`` subcommand's options."""
    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description=(
            "Play a game in the terminal: you sit South with a Hard computer partner against two "
            "computer opponents at the level you pick (--level), or, with --players 2, two people "
            "on opposite teams share the terminal (South and West), each with a Hard computer "
            "partner, a cover screen hiding one person's cards from the other. With --set "
            "partnerships=false every player plays alone: you against three computers at the "
            "level you pick, or two people (South and West) against two Hard computers. With "
            "--rules cutthroat3 three play alone, North, East and South: you against two "
            "computers, or two people (South and North) against one Hard computer. With --rules "
            "two_player two play, North and East, drawing their hands card by card (keep or "
            "discard each card drawn): you (North) against a computer, or two people. Type a "
            "card (qh, 10s, Q♥), a bid (3, nil) or, drawing, keep or discard; ? lists the "
            "commands, rules the rules in force. A game saved keeps who the people are and the "
            "level: --resume FILE alone goes on with them."
        ),
    )
    play.add_argument(
        "--level",
        metavar="LEVEL",
        help="your opponents' level: easy, medium, hard or expert (default: medium, or the "
        "saved game's)",
    )
    play.add_argument(
        "--players",
        type=int,
        choices=(1, 2),
        metavar="N",
        help="1: you against the computers; 2: two people on opposite teams (or, "
        "every player alone, two people against the computers; under two_player, the two "
        "players); default 1, or the saved game's",
    )
    play.add_argument("--rules", metavar="PRESET", help="preset name (default: standard)")
    play.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    play.add_argument(
        "--target",
        type=int,
        choices=(250, 500),
        metavar="POINTS",
        help="the score that wins: 250 or 500 (default: the preset's)",
    )
    play.add_argument("--seed", type=int, help="random seed, for a repeatable game")
    play.add_argument(
        "--record", metavar="FILE", help="save the game to FILE when it ends or is left"
    )
    play.add_argument("--resume", metavar="FILE", help="continue the game saved in FILE")
    play.add_argument(
        "--plain",
        action="store_true",
        help="letters for suits and no colour (also under NO_COLOR, or where the terminal "
        "cannot show them)",
    )
    play.set_defaults(handler=play_command)


def _names(seats: Sequence[Seat]) -> str:
    """``North``, ``North and East``, ``North, East and West``."""
    names = [seat.full_name for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


#: The note ``spades play`` writes in a game it saves: who the people are (``--players``) and
#: the computers' level, which ``--resume`` restores.
_SEATING = re.compile(r"spades play --players ([12]) --level (\w+)")


def _seating_note(players: int, opponents: Level) -> str:
    """The saved game's note: ``spades play --players 2 --level easy``."""
    return f"spades play --players {players} --level {opponents}"


def _resume(path: str) -> tuple[GameState, str | None, tuple[int, str] | None]:
    """The saved game's last state, its preset, and the ``--players`` and ``--level`` its note
    keeps (None for a record not saved by ``spades play``)."""
    record = read_record(path)
    try:
        state = deque(replay(record), maxlen=1)[0][0]  # the last state
    except RecordError as error:
        raise InputError(shown(path), error.message) from None
    if state.is_over:
        raise InputError(shown(path), f"that game is over: {state.result}")
    seated = _SEATING.fullmatch(record.note)
    saved = None if seated is None else (int(seated.group(1)), seated.group(2))
    return state, record.preset, saved


def play_command(args: argparse.Namespace) -> int:
    where = "--level"  # where the level is read from
    if args.resume is not None:
        if args.rules is not None or args.set or args.target is not None:
            raise InputError(
                "--resume",
                "a saved game keeps its own rules; leave out --rules, --set and --target.",
            )
        state: GameState | None
        state, preset, saved = _resume(args.resume)
        if saved is not None:  # what the command line does not say, the saved game does
            args.players = saved[0] if args.players is None else args.players
            if args.level is None:
                args.level, where = saved[1], f"{shown(args.resume)}: note"
        rules: RuleSet | None = None
    else:
        state = None
        args.rules = args.rules or "standard"
        preset, rules = rules_from(args)
        if args.target is not None:
            rules = rules.evolve(target_score=args.target)
    args.players = args.players or 1
    opponents = level(where, args.level or "medium")
    if args.record is not None:  # a file that cannot be written is said now, not at the end
        open_for_writing(args.record, keep=True).close()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rules_now = state.rules if state is not None else rules
    assert rules_now is not None
    geometry = table_of(rules_now)
    alone = not geometry.partnerships
    seats = rules_now.seats
    players: list[Level | None] = [opponents] * geometry.players
    people: tuple[Seat, ...]
    if args.players == 2:
        # Opposite teams at four, South and West; at a table of three, South and North, the seat
        # on South's left as West is at four; at a table of two, both, North and East.
        people = (Seat.S, Seat.W) if geometry.players == 4 else (Seat.S, Seat.N)
        if geometry.players == 2:
            people = seats
        players = [Level.HARD] * geometry.players
    else:
        # South; North at a table of two, where South has no player.
        people = (Seat.S,) if Seat.S in seats else (Seat.N,)
        partner = geometry.partner[people[0]]
        if partner >= 0:  # the person's partner (North) is a Hard computer
            players[partner] = Level.HARD
    for seat in people:
        players[seat] = None
    table = Table(players, rules=rules, seed=seed, state=state)
    style = Style.choose(args.plain)
    computers = [seat for seat in seats if seat not in people]
    others = _names(computers) if computers else ""
    you = people[0].full_name
    if args.players == 2:
        who = (
            f"{_names(people)}, each playing alone"
            + (f", against {others} (hard)" if others else ", one against the other")
            if alone
            else "South and West, each with a Hard computer partner"
        )
    elif alone:
        who = f"you ({you}) alone against {others} ({opponents})"
    else:
        who = f"you (South) and North (hard) against East and West ({opponents})"
    show(
        f"spades play: {preset or 'custom'} rules, game to {rules_now.target_score}; {who}. "
        f"Seed {seed}. Type ? for help."
    )
    if state is not None:
        show(f"Resuming hand {state.hand_number} from {shown(args.resume)}.")
    seating = _seating_note(args.players, opponents)
    session = Session(table, style, record=args.record or None, preset=preset, seating=seating)
    return session.run()
