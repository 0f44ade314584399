"""Paper score sheets written: :func:`~spades.records.write_sheet` writes a record as the plain
text :func:`~spades.records.read_sheet` reads (the grammar is :mod:`spades.records.paper`'s).

A sheet holds what a pad does, so a record's cards are left off: a hand played card by card is
written by the tricks each seat took, and the reneges its plays show (under a
:ruleopt:`renege_penalty`) are told with the counts (``reneges NS 1``), which scores the same.
A hand thrown in (for a redeal, for its bids' total, or by the table's word) is left off (the
next hand has its number), and so is a last hand still in progress. With ``cards=True`` the
cards are written too (:mod:`spades.records.paper_cards`): each hand with its deal (or draw)
gets the lines of its deal, discard, exchange, redeal and plays under its line, its trick
counts as the record has them (``-`` for each when it has none), and no reneges told but the
record's; a hand thrown in for a redeal or for its bids' total and a last hand in progress are
then written too, so that the sheet reads back as the same record. What only a JSON record of
version 3 holds is left off too: a hand's bidding in order (its bids by seat are written), a
hand's ``thrown_in`` and the table's ``verdict``; the sheet's grammar has no place for them.
Notes are written a line at a time, each line without the spaces around it.
"""

from __future__ import annotations

from typing import Any

from .._text import quote
from ..errors import RecordError
from ..rules import find_preset, value_text
from ..seats import Seat
from ..standing import Standing
from .checks import WrittenScore
from .format import GameRecord, HandRecord
from .paper_cards import card_lines
from .report import HandReport
from .verifier import verify

__all__ = ["write_sheet"]


def write_sheet(record: GameRecord, *, scores: bool = False, cards: bool = False) -> str:
    """``record`` as a paper score sheet: the rules, the start when it is not the default, a line
    per hand with its bids, the tricks each seat took and whatever the record has written, and
    the notes. With ``scores``, each side's points, running total and bags under the rules are
    written where the record has nothing written for it, as a scorer keeps a pad. With
    ``cards``, each hand's cards are written under its line (see the module).

    :func:`~spades.records.read_sheet` reads it back as the record with its cards left off, or
    with ``cards`` as the record (but for what only a version-3 record holds; see the module).
    A hand that has neither its trick counts nor all its plays (nor, with ``cards``, its deal),
    before the last, is a :class:`~spades.errors.RecordError`: a sheet cannot hold it."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"write_sheet() writes a GameRecord, not {quote(record)}.")
    report = verify(record)
    rules = record.rules
    start = record.start
    rows: list[_Row] = []
    previous: HandRecord | None = None  # (the hand of the last row)
    for index, hand in enumerate(record.hands):
        told = report.hands[index] if index < len(report.hands) else None
        held = cards and (hand.deal is not None or bool(hand.draw))
        if hand.thrown_in or (
            not held and (hand.redeal is not None or (told is not None and told.thrown_in))
        ):
            continue
        tricks = hand.tricks
        if tricks is None and told is not None and not held:
            tricks = told.tricks
        if tricks is None and not held:
            if index == len(record.hands) - 1:
                continue
            number = told.number if told is not None else index + start.hand_number
            raise RecordError(
                f"hands[{index}]: hand {number} has neither its trick counts nor all its plays; "
                "a sheet cannot hold it.",
                where=f"hands[{index}]",
                reason="bad_sheet",
            )
        number = told.number if told is not None else _number_after(rows, start)
        if cards and previous is not None:  # as the reader takes it: the last again only
            last = int(rows[-1][0][0])  # after a hand thrown in (no trick counts, no plays)
            thrown = previous.tricks is None and not previous.plays
            number = last if number == last and thrown else last + 1
        previous = hand
        counts = ["-"] * len(rules.seats) if tricks is None else [str(n) for n in tricks]
        cells = [str(number), *(_bid(bid) for bid in hand.bids), *counts]
        below = card_lines(hand) if held else []
        groups = _groups(record, hand, told, scores, tell=not held)
        rows.append((cells, groups, below + _note_lines(hand.note)))
    lines = [_rules_line(record)]
    if start != Standing(
        dealer=Seat.N,
        hand_number=start.hand_number,
        scores=(0,) * len(rules.sides),
        bags=(0,) * len(rules.sides),
    ) or (start.hand_number != 1 and not rows):
        lines.append(_start_line(record, bool(rows)))
    lines += _note_lines(record.note)
    seats = " ".join(str(seat) for seat in rules.seats)
    if rows:
        lines.append(f"# hand, bids {seats}, tricks {seats}, written: side points total bags")
    lines += _aligned(rows, len(rules.seats))
    return "\n".join(lines) + "\n"


#: A hand's line: its number, bids and tricks; its written groups; its note lines.
_Row = tuple[list[str], list[str], list[str]]


def _number_after(rows: list[_Row], start: Standing) -> int:
    return int(rows[-1][0][0]) + 1 if rows else start.hand_number


def _rules_line(record: GameRecord) -> str:
    """``rules: standard, with target_score=300``: the preset and the options that differ."""
    changes = find_preset(record.preset).rules.diff(record.rules)
    if not changes:
        return f"rules: {record.preset}"
    options = ", ".join(f"{name}={value_text(theirs)}" for name, (_, theirs) in changes.items())
    return f"rules: {record.preset}, with {options}"


def _start_line(record: GameRecord, hands: bool) -> str:
    """``start: NS 120 3, EW 80 1, dealer E``; the hand number too when no hand line gives it."""
    start = record.start
    items = [
        f"{side} {start.scores[index]} {start.bags[index]}"
        for index, side in enumerate(record.rules.sides)
    ]
    if start.dealer is not Seat.N:
        items.append(f"dealer {start.dealer}")
    if not hands and start.hand_number != 1:
        items.append(f"hand {start.hand_number}")
    return "start: " + ", ".join(items)


def _note_lines(note: str) -> list[str]:
    return [f"note: {line.strip()}".rstrip() for line in note.split("\n")] if note else []


def _bid(bid: Any) -> str:
    if bid is None:
        return "-"
    if bid.blind:
        return f"b{bid.tricks}" if bid.tricks else "bn"
    return "nil" if bid.tricks == 0 else str(bid.tricks)


def _groups(
    record: GameRecord, hand: HandRecord, told: HandReport | None, scores: bool, *, tell: bool
) -> list[str]:
    """A hand's written scores, then its reneges told, each a group of the line: the record's,
    and with ``tell`` those its plays show."""
    rules = record.rules
    groups = []
    reneges = list(hand.reneges)
    if told is not None and tell:
        for renege in told.reneges:
            reneges[rules.sides.index(renege.side(rules))] += 1
    for index, side in enumerate(rules.sides):
        written = hand.written[index]
        if written is None and scores and told is not None and told.score is not None:
            mine = told.score[side]
            written = WrittenScore(points=mine.points, total=mine.score_after, bags=mine.bags_after)
        if written is None:
            continue
        fields = [written.points, written.total, written.bags]
        while fields[-1] is None:
            fields.pop()
        groups.append(" ".join([str(side), *("-" if n is None else str(n) for n in fields)]))
    for side, count in zip(rules.sides, reneges):
        if count:
            groups.append(f"reneges {side} {count}")
    return groups


def _aligned(rows: list[_Row], seats: int) -> list[str]:
    """The hand lines, each column as wide as its widest cell (the number, the bids and the
    tricks right-aligned, the written groups left-aligned), each hand's note lines under it."""
    widths: list[int] = []
    for cells, groups, _ in rows:
        for column, cell in enumerate(cells + groups):
            if column == len(widths):
                widths.append(0)
            widths[column] = max(widths[column], len(cell))
    out = []
    for cells, groups, notes in rows:
        line = ""
        for column, cell in enumerate(cells + groups):
            if column == 0:
                gap = ""
            elif column in (1, seats + 1, 2 * seats + 1):
                gap = "   "
            else:
                gap = " | " if column > 2 * seats + 1 else " "
            line += gap + (cell.rjust if column <= 2 * seats else cell.ljust)(widths[column])
        out.append(line.rstrip())
        out += notes
    return out
