"""``spades score``: a game record verified, or one hand scored from its bids and tricks.

Values by side (``--before``, ``--reneges``) are by team, NS and EW, or by player, N, E, S and W,
when every player plays alone (``--set partnerships=false``). At a table of three (``--rules
cutthroat3``, or ``--set players=3 --set partnerships=false``) the values by seat (``--bids``,
``--tricks``) and by side are three, N, E and S; for two players (``--rules two_player``) two,
N and E.
"""

from __future__ import annotations

import argparse
import json
import os
import re
from collections.abc import Sequence

from .._kernel.bidding import unbid_hand
from .._kernel.table import table_of
from .._text import and_text, quote
from ..actions import Bid, bid_range_problem, counts_problem, trick_counts
from ..engine import new_game
from ..errors import NotationError, SpadesError, StandingError
from ..records import (
    GameRecord,
    HandRecord,
    Report,
    render_report,
    rules_line,
    verdict,
    verify,
)
from ..rules import RuleSet
from ..seats import Seat, Team
from ..standing import Standing, display_score, side_values
from .common import (
    InputError,
    by_seat,
    read_game,
    rules_from,
    split_words,
)

__all__ = ["score_command"]


def _whole(option: str, text: str) -> int:
    """A whole number typed on the command line (ASCII digits, an optional sign)."""
    if not re.fullmatch(r"[+-]?[0-9]{1,20}", text.strip()):
        raise InputError(option, f"{quote(text)} is not a whole number.")
    return int(text)


def _side_names(rules: RuleSet) -> list[str]:
    return [str(side) for side in rules.sides]


def _other_kind(name: str, rules: RuleSet) -> bool:
    """Whether ``name`` names a side these rules do not score by: a seat in partnerships, a team
    when every player plays alone, or a seat with no player (West at a table of three)."""
    partnerships = table_of(rules).partnerships
    try:
        side = (Seat.parse if partnerships else Team.parse)(name)
    except NotationError:
        if partnerships:
            return False
        try:
            side = Seat.parse(name)
        except NotationError:
            return False
        return side not in rules.seats
    return True


def _before(
    values: Sequence[str] | None, rules: RuleSet
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``--before 120/3 -50/7`` or ``--before NS=120/3 EW=-50/7`` (four standings, N, E, S, W,
    when every player plays alone; three, N, E, S, at a table of three): scores and bags before
    the hand, read as a
    :class:`~spades.state.Standing` reads them (:func:`~spades.standing.side_values`)."""
    names = _side_names(rules)
    if not values:
        return (0,) * len(names), (0,) * len(names)
    tokens = split_words(values)
    named: dict[str, str] = {}
    if all("=" in token for token in tokens):
        for token in tokens:
            name, _, value = token.partition("=")
            named[name.strip()] = value
        if len(named) != len(tokens):
            raise InputError("--before", f"give {and_text(names)} once each.")
    elif len(tokens) != len(names):
        raise InputError(
            "--before",
            f"give {_count_word(names)} standings, {_in_order(names)} (like "
            f"{' '.join(_EXAMPLE_STANDINGS[: len(names)])}), not {len(tokens)}.",
        )
    items = named.items() if named else zip(names, tokens)
    scores: dict[str, object] = {}
    bags: dict[str, object] = {}
    for side, token in items:
        score, _, bag = token.partition("/")
        scores[side] = _whole("--before", score.strip())
        bags[side] = _whole("--before", bag.strip()) if bag.strip() else 0
    try:
        return (
            side_values(scores, "scores", rules=rules),  # type: ignore[arg-type]
            side_values(bags, "bags", minimum=0, rules=rules),  # type: ignore[arg-type]
        )
    except SpadesError as error:
        raise InputError("--before", error.message) from None


#: The standings ``--before`` shows as an example, in side order.
_EXAMPLE_STANDINGS = ("120/3", "80/7", "-40/2", "10")


def _count_word(names: Sequence[str]) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(len(names), str(len(names)))


def _in_order(names: Sequence[str]) -> str:
    """``NS then EW``, ``N, E, S then W``."""
    return ", ".join(names[:-1]) + " then " + names[-1]


def _reneges(values: Sequence[str] | None, rules: RuleSet) -> tuple[int, ...]:
    """``--reneges 1 0`` or ``--reneges NS=1``: the reneges of each team (NS, EW), or of each
    player (N, E, S, W; N, E, S at a table of three) when every player plays alone, a side not
    named having none, read as a record's hand reads them."""
    names = _side_names(rules)
    if not values:
        return (0,) * len(names)
    tokens = split_words(values)
    named: dict[str, object] = dict.fromkeys(names, 0)
    if all("=" in token for token in tokens):
        given: set[str] = set()
        for token in tokens:
            name, _, value = token.partition("=")
            key = name.strip().upper()
            if key not in named and _other_kind(key, rules):
                try:
                    rules.side(key)
                except NotationError as error:
                    raise InputError("--reneges", error.message) from None
            if key not in named or key in given:
                raise InputError(
                    "--reneges",
                    f"name {_or_text(names)} once each, like {names[0]}=1, not {quote(token)}.",
                )
            given.add(key)
            named[key] = _whole("--reneges", value)
    elif len(tokens) == len(names):
        named = {name: _whole("--reneges", token) for name, token in zip(names, tokens)}
    else:
        zeros = " ".join(["1"] + ["0"] * (len(names) - 1))
        raise InputError(
            "--reneges",
            f"give {_count_word(names)} counts, {_in_order(names)} (like {zeros}), or "
            f"{names[0]}=1, not {len(tokens)} words.",
        )
    try:
        return side_values(named, "reneges", minimum=0, rules=rules)  # type: ignore[arg-type]
    except SpadesError as error:
        raise InputError("--reneges", error.message) from None


def _or_text(names: Sequence[str]) -> str:
    """``NS or EW``, ``N, E, S or W``."""
    return ", ".join(names[:-1]) + " or " + names[-1]


def _one_hand(args: argparse.Namespace) -> tuple[GameRecord, Report]:
    if args.tricks is None:
        raise InputError("score", "give a record FILE, or --bids and --tricks to score one hand.")
    preset, rules = rules_from(args)
    hand_number = args.hand if args.hand is not None else 1
    table = table_of(rules)
    unbid = unbid_hand(table, hand_number)
    if args.bids is None and not unbid:  # (only the first hand under first_hand_trick_points
        # is scored from its tricks alone)
        raise InputError("score", "give a record FILE, or --bids and --tricks to score one hand.")
    if args.bids is not None and unbid:
        raise InputError(
            "--bids",
            f"hand {hand_number} is played without bids (first_hand_trick_points); leave out "
            "--bids, or give --hand 2 or later for a hand that is bid.",
        )
    seats = table.players
    bids: list[Bid | None] = [None] * seats
    given = by_seat("--bids", args.bids, seats=seats, what="bids") if not unbid else ()
    for seat, text in zip(rules.seats, given):
        try:
            if re.fullmatch(r"-[0-9]{1,16}", text.strip()):
                # A negative number is a bid out of range, refused below with check()'s sentence.
                bid = Bid(int(text))
            else:
                bid = Bid.parse(text, zero_is_nil=rules.zero_bid_is_nil)
        except NotationError as error:
            raise InputError("--bids", f"{seat.full_name}'s bid: {error.message}") from None
        problem = bid_range_problem(rules, seat, bid)
        if problem is not None:
            raise InputError("--bids", problem)
        bids[seat] = bid
    try:
        counts = by_seat("--tricks", args.tricks, seats=seats, what="trick counts")
        tricks = trick_counts([_whole("--tricks", text) for text in counts], rules)
    except SpadesError as error:
        if isinstance(error, InputError):
            raise
        raise InputError("--tricks", error.message) from None
    problem = counts_problem(tricks, rules)
    if problem is not None:
        raise InputError("--tricks", problem)
    scores, bags = _before(args.before, rules)
    try:
        new_game(rules, scores=scores, bags=bags, hand_number=hand_number)
    except StandingError as error:
        option = "--hand" if error.field == "hand_number" else "--before"
        raise InputError(option, error.message) from None
    record = GameRecord(
        rules=rules,
        preset=preset,
        start=Standing(dealer=Seat.N, hand_number=hand_number, scores=scores, bags=bags),
        hands=(HandRecord(bids=bids, tricks=tricks, reneges=_reneges(args.reneges, rules)),),
    )
    return record, verify(record)


def _one_hand_text(report: Report) -> str:
    lines = []
    for hand in report.hands:
        lines += [f"{text}." for text in hand.told_renege_texts(report.record.rules)]
        if hand.score is not None:
            lines += [team.explain() for team in hand.score.teams]
    standing = report.standing
    rules = report.record.rules
    totals = ", ".join(
        f"{side} {display_score(rules, standing.scores[index], standing.bags[index])}"
        for index, side in enumerate(rules.sides)
    )
    lines.append(f"Totals: {totals}.")
    if report.result is not None:
        lines.append(str(report.result))
    if report.problems:
        lines += ["", *(str(problem) for problem in report.problems), "", verdict(report)]
    return "\n".join(lines)


def _value_read_as_file(args: argparse.Namespace) -> InputError | None:
    """The error for a FILE that is no file but the second value of an option written with ``=``
    (``--before=-50/3 20`` gives ``--before`` one value and FILE ``20``), naming that option; None
    when FILE may be a record."""
    if args.file == "-" or os.path.exists(args.file):
        return None
    options = (
        ("--before", args.before),
        ("--reneges", args.reneges),
        ("--bids", args.bids),
        ("--tricks", args.tricks),
    )
    given = [(flag, values) for flag, values in options if values is not None and len(values) == 1]
    if not given:
        return None
    flag, values = given[0]
    _, rules = rules_from(argparse.Namespace(rules=args.rules or "standard", set=args.set))
    by_side = flag in ("--before", "--reneges")
    names = _side_names(rules) if by_side else [str(seat) for seat in rules.seats]
    example = " ".join(f"{name}={value}" for name, value in zip(names, [values[0], args.file]))
    return InputError(
        flag,
        f"{quote(args.file)} was read as a record FILE, and there is no such file: written "
        f"{flag}={values[0]}, {flag} takes that one value. Name each value instead, like "
        f"{flag} {example}" + (" and so on." if len(names) > 2 else "."),
    )


def score_command(args: argparse.Namespace) -> int:
    if args.file is not None:
        stray = _value_read_as_file(args)
        if stray is not None:
            raise stray
        for flag, value in (
            ("--rules", args.rules),
            ("--set", args.set),
            ("--bids", args.bids),
            ("--tricks", args.tricks),
            ("--before", args.before),
            ("--reneges", args.reneges),
            ("--hand", args.hand),
        ):
            if value is not None:
                raise InputError(
                    flag, f"{flag} is for one hand; a record FILE names its own rules and hands."
                )
        sheet, checked, report = read_game(args.file)
        if args.json:
            data_out = report.to_data()
            if sheet is not None:  # each problem's line and column on the sheet, as numbers
                for entry, problem in zip(data_out["problems"], checked.problems):
                    entry["line"], entry["column"] = sheet.place(problem, checked)
            print(json.dumps(data_out, indent=2, ensure_ascii=False))
        else:
            print(render_report(report, explain=args.explain))
        return 0 if report.ok else 1
    if args.rules is None:
        args.rules = "standard"
    record, report = _one_hand(args)
    if args.json:
        print(json.dumps(report.to_data(), indent=2, ensure_ascii=False))
    else:
        print(rules_line(record))
        print(_one_hand_text(report))
    return 0 if report.ok else 1
