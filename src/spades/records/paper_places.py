"""Where a paper score sheet's values are: :class:`~spades.records.PaperSheet`, the record a
sheet holds (:func:`~spades.records.read_sheet`) with the line and column of each value, and the
place on the sheet of each problem :func:`~spades.records.verify` finds in it.
"""

from __future__ import annotations

import re
from typing import NoReturn

import attrs

from .._text import quote
from ..seats import SEATS, Seat, Side
from .checks import fail
from .format import GameRecord
from .report import Problem, RecordReason, Report, check_report

__all__ = [
    "PaperSheet",
    "Place",
    "Token",
    "find_place",
    "refuse_at",
    "split_items",
    "tokens_of",
    "where_text",
]

#: A place in a sheet: its line and column, each from 1.
Place = tuple[int, int]


def where_text(place: Place) -> str:
    """``line 7, column 12``."""
    return f"line {place[0]}, column {place[1]}"


def refuse_at(place: Place, message: str, reason: str = "bad_sheet") -> NoReturn:
    """A :class:`~spades.errors.RecordError` at ``place`` on the sheet: ``line 7, column 12:
    ...``."""
    raise fail(where_text(place), message, reason) from None


class Token:
    """A word of a sheet (or one of the separators ``|``, ``,`` and ``;``), and where it
    begins."""

    __slots__ = ("column", "line", "text")

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text = text
        self.line = line
        self.column = column

    def __repr__(self) -> str:
        return f"Token({self.text!r}, {self.line}, {self.column})"

    @property
    def place(self) -> Place:
        """Its line and column."""
        return (self.line, self.column)


#: Words and the separators ``|``, ``,`` and ``;``.
_TOKEN = re.compile(r"[|,;]|[^\s|,;]+")


def tokens_of(text: str, line: int, offset: int = 0) -> list[Token]:
    """The words and separators of ``text``, a part of line ``line`` that begins after
    ``offset`` characters."""
    return [Token(m.group(), line, offset + m.start() + 1) for m in _TOKEN.finditer(text)]


def split_items(tokens: list[Token], separators: str) -> list[list[Token]]:
    """``tokens`` split at each separator among ``separators`` (any other separator is
    refused where it is); no items for no tokens."""
    items: list[list[Token]] = [[]]
    for token in tokens:
        if token.text in separators:
            items.append([])
        elif token.text in "|,;":
            refuse_at(token.place, f"{quote(token.text)} does not belong here.")
        else:
            items[-1].append(token)
    return items if tokens else []


def find_place(places: dict[str, Place], where: str) -> Place:
    """The place in ``places`` of a value of a record (``hands[2].written.NS.total``): its own,
    or that of the nearest value written that holds it (``''``, the rules line, at the last)."""
    while where not in places:
        cut = max(where.rfind("."), where.rfind("["))
        where = where[:cut] if cut > 0 else ""
    return places[where]


@attrs.frozen(kw_only=True)
class PaperSheet:
    """A paper score sheet as read: the record it holds, and where each value was in the text."""

    #: The record, exactly as the JSON reader builds it from the same data.
    record: GameRecord
    #: Where each value of the record was written, by its place in the record's data
    #: (``'hands[2].bids.W'``, ``'start.scores.NS'``; ``''`` for the rules line).
    places: dict[str, Place] = attrs.field(eq=False, repr=False)

    def find(self, where: str) -> Place:
        """The place of a value of the record (``hands[2].written.NS.total``): its own, or that of
        the nearest value written that holds it."""
        return find_place(self.places, where)

    def place(self, problem: Problem, report: Report | None = None) -> Place:
        """Where ``problem``, found by :func:`~spades.records.verify` in :attr:`record`, is on the
        sheet: the bid, the trick counts, the side's written score or, on a sheet with the cards,
        the card, the seat's hand in the deal, the exchange, the draw's turn or the discard it
        names, else its hand's line (the start line for the start). With the ``report`` it
        comes from, a written score that differs is placed at the first number of it that
        differs."""
        if not isinstance(problem, Problem):
            raise TypeError(f"place() takes a Problem verify() found, not {quote(problem)}.")
        if report is not None:
            check_report(report, "place")
        if problem.hand is None or problem.where.startswith("start"):
            return self.find("start")
        index = _index_of(self.record, problem, report)
        hand = f"hands[{index}]"
        cards = _cards_where(self.record, index, problem)
        if cards is not None:
            return self.find(f"{hand}.{cards}")
        bid = _BID_WHERE.match(problem.where)
        if bid is not None:
            return self.find(f"{hand}.bids.{bid.group(1)}")
        if problem.where.endswith(", bidding"):  # a bid missing: the first not recorded
            bids = self.record.hands[index].bids if 0 <= index < len(self.record.hands) else ()
            missing = [seat for seat, bid in zip(SEATS, bids) if bid is None]
            return self.find(f"{hand}.bids" + (f".{missing[0]}" if missing else ""))
        if problem.where.endswith(", trick counts"):
            return self.find(f"{hand}.tricks")
        if problem.reason is RecordReason.SCORE_MISMATCH and problem.team is not None:
            side = f"{hand}.written.{problem.team}"
            if report is not None and 0 <= index < len(report.hands):
                return self.find(side + _first_off(report, index, problem.team))
            return self.find(side)
        return self.find(hand)

    def placed(self, report: Report) -> Report:
        """``report`` (:func:`~spades.records.verify` of :attr:`record`) with each problem's
        place saying its line and column on the sheet: ``hand 3, NS score (line 9, column
        31)``. Nothing else changes."""
        check_report(report, "placed")

        def moved(problem: Problem) -> Problem:
            where = f"{problem.where} ({where_text(self.place(problem, report))})"
            return attrs.evolve(problem, where=where)

        problems = {id(problem): moved(problem) for problem in report.problems}
        hands = tuple(
            attrs.evolve(hand, problems=tuple(problems.get(id(p), p) for p in hand.problems))
            for hand in report.hands
        )
        return attrs.evolve(
            report, hands=hands, problems=tuple(problems[id(p)] for p in report.problems)
        )


def _index_of(record: GameRecord, problem: Problem, report: Report | None) -> int:
    """The index among the record's hands of the hand ``problem`` is in: the hand of the
    ``report`` that holds it or, without one, the hand of its number (a hand with neither trick
    counts nor plays is taken for one thrown in and dealt again: the next has its number; of
    hands of the same number, the last)."""
    if report is not None:
        for index, told in enumerate(report.hands):
            if any(found is problem for found in told.problems):
                return index
    number = record.start.hand_number
    found = None
    for index, hand in enumerate(record.hands):
        if number == problem.hand:
            found = index  # (the last of that number: the one played, after any thrown in)
        if hand.tricks is not None or hand.plays:
            number += 1
    if found is not None:
        return found
    return problem.hand - record.start.hand_number if problem.hand is not None else 0


#: A problem's place naming a card of the plays, the exchange, the draw or the discard:
#: ``hand 3, trick 5, W plays Kh``, ``hand 3, trick 5, Kh`` (played twice), ``hand 3, trick 5``
#: (a trick short), ``hand 3, exchange, N passes 2c 3d``, ``hand 3, draw, turn 4, E draws
#: As``, ``hand 3, discard``, ``hand 3, deal``.
_CARDS_WHERE = re.compile(
    r"hand -?[0-9]+, (?:trick ([0-9]+)(?:, (?:[NESW] plays )?(\S+))?|exchange(?:, ([NESW]) "
    r"passes.*)?|draw(?:, turn ([0-9]+).*)?|(discard).*|(deal))$"
)
_SEAT_NAMES = re.compile(r"\b(North|East|South|West)\b")


def _cards_where(record: GameRecord, index: int, problem: Problem) -> str | None:
    """Where in the data of hand ``index`` a problem with its cards is (``plays[4][1]``,
    ``deal.E``, ``exchange.N``, ``draw[3]``, ``buried``); None for a problem of another kind."""
    found = _CARDS_WHERE.fullmatch(problem.where)
    if found is None:
        return None
    trick, card, passer, turn, discard, deal = found.groups()
    if trick is not None:
        plays = record.hands[index].plays if 0 <= index < len(record.hands) else ()
        number = int(trick) - 1
        texts = [str(each) for each in plays[number]] if 0 <= number < len(plays) else []
        return f"plays[{number}]" + (f"[{texts.index(card)}]" if card in texts else "")
    if passer is not None:
        return f"exchange.{passer}"
    if turn is not None:
        return f"draw[{int(turn) - 1}]"
    if discard is not None:
        return "buried"
    if deal is not None:  # the seat it names last: the one with a card too many, or again
        seats = _SEAT_NAMES.findall(problem.message)
        return "deal" + (f".{Seat.parse(seats[-1][0])}" if seats else "")
    return "exchange" if "exchange" in problem.where else "draw"


#: A problem's place naming a seat's bid: ``hand 3, bidding, W bids blind nil``.
_BID_WHERE = re.compile(r"hand -?[0-9]+, bidding, ([NESW]) ")


def _first_off(report: Report, index: int, side: Side) -> str:
    """``.points``, ``.total`` or ``.bags``: the first written number of ``side`` that differs
    from the rules' in the report's hand ``index``; empty when none can be named."""
    hand = report.hands[index]
    if hand.score is None:
        return ""
    written = hand.written[report.record.rules.sides.index(side)]
    mine = hand.score[side]
    if written is None:
        return ""
    for name, ours in (
        ("points", mine.points),
        ("total", mine.score_after),
        ("bags", mine.bags_after),
    ):
        theirs = getattr(written, name)
        if theirs is not None and theirs != ours:
            return f".{name}"
    return ""
