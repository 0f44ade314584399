"""``spades score``: a game record verified, or one hand scored from its bids and tricks."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence

from .._kernel import unbid_hand
from .._text import quote
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
from ..seats import SEATS, TEAMS, Seat
from ..standing import Standing, display_score, team_pair
from .common import (
    InputError,
    by_seat,
    read_record,
    rules_from,
    shown,
    split_words,
)

__all__ = ["score_command"]


def _whole(option: str, text: str) -> int:
    """A whole number typed on the command line (ASCII digits, an optional sign)."""
    if not re.fullmatch(r"[+-]?[0-9]{1,20}", text.strip()):
        raise InputError(option, f"{quote(text)} is not a whole number.")
    return int(text)


def _before(values: Sequence[str] | None) -> tuple[tuple[int, int], tuple[int, int]]:
    """``--before 120/3 -50/7`` or ``--before NS=120/3 EW=-50/7``: scores and bags before the
    hand, read as a :class:`~spades.state.Standing` reads them."""
    if not values:
        return (0, 0), (0, 0)
    tokens = split_words(values)
    named: dict[str, str] = {}
    if all("=" in token for token in tokens):
        for token in tokens:
            name, _, value = token.partition("=")
            named[name.strip()] = value
        if len(named) != len(tokens):
            raise InputError("--before", "give NS and EW once each.")
    elif len(tokens) != 2:
        raise InputError(
            "--before", f"give two standings, NS then EW (like 120/3 80/7), not {len(tokens)}."
        )
    items = named.items() if named else zip(("NS", "EW"), tokens)
    scores: dict[str, object] = {}
    bags: dict[str, object] = {}
    for team, token in items:
        score, _, bag = token.partition("/")
        scores[team] = _whole("--before", score.strip())
        bags[team] = _whole("--before", bag.strip()) if bag.strip() else 0
    try:
        return team_pair(scores, "scores"), team_pair(bags, "bags", minimum=0)  # type: ignore[arg-type]
    except SpadesError as error:
        raise InputError("--before", error.message) from None


def _reneges(values: Sequence[str] | None) -> tuple[int, int]:
    """``--reneges 1 0`` or ``--reneges NS=1``: the reneges of each team (NS, EW), a team not
    named having none, read as a record's hand reads them."""
    if not values:
        return (0, 0)
    tokens = split_words(values)
    named: dict[str, object] = {"NS": 0, "EW": 0}
    if all("=" in token for token in tokens):
        given: set[str] = set()
        for token in tokens:
            name, _, value = token.partition("=")
            key = name.strip().upper()
            if key not in named or key in given:
                raise InputError(
                    "--reneges", f"name NS or EW once each, like NS=1, not {quote(token)}."
                )
            given.add(key)
            named[key] = _whole("--reneges", value)
    elif len(tokens) == 2:
        named = {"NS": _whole("--reneges", tokens[0]), "EW": _whole("--reneges", tokens[1])}
    else:
        raise InputError(
            "--reneges",
            f"give two counts, NS then EW (like 1 0), or NS=1, not {len(tokens)} words.",
        )
    try:
        return team_pair(named, "reneges", minimum=0)  # type: ignore[arg-type]
    except SpadesError as error:
        raise InputError("--reneges", error.message) from None


def _one_hand(args: argparse.Namespace) -> tuple[GameRecord, Report]:
    if args.tricks is None:
        raise InputError("score", "give a record FILE, or --bids and --tricks to score one hand.")
    preset, rules = rules_from(args)
    hand_number = args.hand if args.hand is not None else 1
    unbid = unbid_hand(rules, hand_number)
    if args.bids is None and not unbid:  # (only the first hand under first_hand_trick_points
        # is scored from its tricks alone)
        raise InputError("score", "give a record FILE, or --bids and --tricks to score one hand.")
    if args.bids is not None and unbid:
        raise InputError(
            "--bids",
            f"hand {hand_number} is played without bids (first_hand_trick_points); leave out "
            "--bids, or give --hand 2 or later for a hand that is bid.",
        )
    bids: list[Bid | None] = [None, None, None, None]
    for seat, text in zip(SEATS, by_seat("--bids", args.bids) if not unbid else ()):
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
        tricks = trick_counts(
            [_whole("--tricks", text) for text in by_seat("--tricks", args.tricks)]
        )
    except SpadesError as error:
        raise InputError("--tricks", error.message) from None
    problem = counts_problem(tricks)
    if problem is not None:
        raise InputError("--tricks", problem)
    scores, bags = _before(args.before)
    try:
        new_game(rules, scores=scores, bags=bags, hand_number=hand_number)
    except StandingError as error:
        option = "--hand" if error.field == "hand_number" else "--before"
        raise InputError(option, error.message) from None
    record = GameRecord(
        rules=rules,
        preset=preset,
        start=Standing(dealer=Seat.N, hand_number=hand_number, scores=scores, bags=bags),
        hands=(HandRecord(bids=bids, tricks=tricks, reneges=_reneges(args.reneges)),),
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
        f"{team} {display_score(rules, standing.scores[team], standing.bags[team])}"
        for team in TEAMS
    )
    lines.append(f"Totals: {totals}.")
    if report.result is not None:
        lines.append(str(report.result))
    if report.problems:
        lines += ["", *(str(problem) for problem in report.problems), "", verdict(report)]
    return "\n".join(lines)


def score_command(args: argparse.Namespace) -> int:
    if args.file is not None:
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
        record = read_record(args.file)
        report = verify(record)
        unusable = report.unusable_problems
        if unusable:
            first = unusable[0]
            more = len(unusable) - 1
            extra = (
                f" (and {more} more such {'problem' if more == 1 else 'problems'})" if more else ""
            )
            raise InputError(f"{shown(args.file)}: {first.where}", first.message + extra)
        if args.json:
            print(json.dumps(report.to_data(), indent=2, ensure_ascii=False))
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
