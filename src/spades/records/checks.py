"""The values of a hand record, read and checked: each check of a record made in one place; and
what the table wrote down after a hand (:class:`WrittenScore`).

A :class:`~spades.records.HandRecord` is built before its rules are known, from Python values of
many forms (bids as numbers or text, a deal as text, values by seat as a list or a mapping): the
functions here read them into the record's own form, and refuse what a record cannot hold with a
:class:`~spades.errors.RecordError` naming the field. The sentences for values of the wrong number
of seats, for a seat with no player and for plays that do not fit a hand are made here too, once,
for the record types and the reader alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

import attrs

from .._kernel.bidding import MOST_TRICKS
from .._kernel.cards import FULL_DECK
from .._text import MAX_INT, and_text, quote, whole_number_problem
from ..actions import Bid, Deal, four_bids, trick_counts
from ..cards import Card
from ..errors import RecordError, SpadesError
from ..hands import Hand
from ..rules import RuleSet
from ..seats import SEATS, TEAMS, Seat, Side, by_seat, given_seats, parse_side, sides
from ..standing import side_values

__all__ = [
    "MOST_TRICKS_AT",
    "ByName",
    "Overlong",
    "WrittenScore",
    "as_bids",
    "as_buried",
    "as_deal",
    "as_exchange",
    "as_note",
    "as_plays",
    "as_redeal",
    "as_reneges",
    "as_tricks",
    "as_written",
    "fail",
    "fit_values",
    "how_many",
    "no_player",
    "plays_problem",
    "seats_sentence",
    "sides_of",
    "written_sides_problem",
]


def fail(where: str, message: str, reason: str = "bad_record") -> RecordError:
    """The error for a record's value at ``where`` (``hands[2].plays[4]``; empty for the record
    as a whole): the place, then the sentence."""
    return RecordError(f"{where}: {message}" if where else message, where=where, reason=reason)


# -- values by seat -------------------------------------------------------------------------------
#
# A hand is dealt to four seats or, under ``players`` 3, to three (N, E, S), or to two (N, E). A
# HandRecord is built before the rules are known, so it takes any of them and says how many its
# deal (or, without one, its trick counts) has; the GameRecord checks that number against its
# rules.

#: The tricks in a hand of four (the 52 cards dealt out), which is also what each of two players
#: draws and keeps.
_THIRTEEN = FULL_DECK.bit_count() // 4
#: The most tricks in a hand at a table of four, of three and of two, whatever the deck.
MOST_TRICKS_AT = {4: _THIRTEEN, 3: MOST_TRICKS, 2: _THIRTEEN}


class ByName(tuple):  # type: ignore[type-arg]
    """Values read from a mapping by seat (bids, written scores), in which a seat left out has
    nothing (no bid yet, nothing written): four places, the last (West's) dropped by the
    HandRecord when its hand is dealt to three, and refused there when it holds something."""


class Overlong(tuple):  # type: ignore[type-arg]
    """Plays with more tricks than any hand has, left unread (the HandRecord refuses them);
    ``given`` says how many."""

    given: str


def seats_sentence(values: Sequence[object], what: str, reason: str, seats: int) -> str:
    """What ``spades.seats.by_seat`` says of ``values`` (by seat, in seat order) at a
    table of ``seats``: the one sentence for values of the wrong number of seats."""
    try:
        by_seat(values, what, reason, allow_missing=True, seats=seats)
    except SpadesError as error:
        return error.message
    raise AssertionError(f"{len(values)} values fit {seats} seats")  # pragma: no cover


def no_player(seat: Seat | str, seats: int) -> str:
    """What :func:`~spades.seats.parse_side` says of a seat with no player at a table of
    ``seats``: the one sentence for it."""
    try:
        parse_side(seat, False, seats)
    except SpadesError as error:
        return error.message
    raise AssertionError(f"{seat} plays at a table of {seats}")  # pragma: no cover


def as_bids(values: Any) -> tuple[Bid | None, ...]:
    if isinstance(values, ByName):
        return values  # read already (a hand's own bids, given again to attrs.evolve)
    # By seat, a seat left out has not bid: read as four, the hand's deal says which seats play.
    seats = 4 if isinstance(values, Mapping) else given_seats(values)
    try:
        bids = four_bids(values, allow_missing=True, seats=seats)
    except SpadesError as error:
        raise fail("bids", error.message, "bad_bid") from None
    # A record's bids name no seat: their place says it, and a bid naming another seat is refused
    # rather than moved.
    for seat, bid in zip(SEATS, bids):
        if bid is not None and bid.seat is not None and bid.seat is not seat:
            raise fail(
                f"bids.{seat}",
                f"{seat.full_name}'s place holds a bid by {bid.seat.full_name}, {bid!r}.",
                "bad_bid",
            )
    read = tuple(bid if bid is None or bid.seat is None else bid.for_seat(None) for bid in bids)
    return ByName(read) if isinstance(values, Mapping) else read


def as_deal(value: Deal | None) -> Deal | None:
    if value is None or isinstance(value, Deal):
        return value
    try:
        return Deal(value)
    except SpadesError as error:
        raise fail("deal", error.message, "bad_hand") from None


def as_exchange(value: Any) -> tuple[tuple[Seat, Hand], ...]:
    try:
        items = value.items() if isinstance(value, Mapping) else list(value)
        pairs = {}
        for item in items:
            seat, cards = item
            seat = Seat.of(seat)
            if seat in pairs:
                raise fail("exchange", f"{seat.full_name} passes cards twice.", "bad_hand")
            pairs[seat] = Hand(cards)
    except RecordError:
        raise
    except SpadesError as error:
        raise fail("exchange", error.message, "bad_hand") from None
    except (TypeError, ValueError):
        raise fail(
            "exchange", f"expected (seat, cards) pairs, not {quote(value)}.", "wrong_type"
        ) from None
    return tuple(sorted(pairs.items()))


def as_buried(value: Any) -> Hand | None:
    if value is None or isinstance(value, Hand):
        return value
    try:
        return Hand(value)
    except SpadesError as error:
        raise fail("buried", error.message, "bad_hand") from None


def as_plays(value: Any) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise fail("plays", f"expected a list of tricks, not {quote(value)}.", "wrong_type")
    # Read one item past each limit, so that an endless iterable is refused, not followed, and
    # count before reading what is counted. The limits here are those of any hand (four cards a
    # trick, 18 tricks at a table of three); the HandRecord holds its plays to its own table, and
    # refuses more tricks than that unread.
    given = list(islice(value, MOST_TRICKS + 1))
    if len(given) > MOST_TRICKS:
        overlong = Overlong(given)
        overlong.given = how_many(value)
        return overlong
    tricks = []
    for number, trick in enumerate(given):
        where = f"plays[{number}]"
        if isinstance(trick, str):
            trick = trick.split()
        if isinstance(trick, (bytes, Mapping)) or not isinstance(trick, Iterable):
            raise fail(where, f"expected the cards of a trick, not {quote(trick)}.", "wrong_type")
        items = list(islice(trick, len(SEATS) + 1))
        if len(items) > len(SEATS):
            raise fail(where, f"a trick has 1 to 4 cards, not {how_many(trick)}.", "out_of_range")
        try:
            tricks.append(tuple(Card(card) for card in items))
        except SpadesError as error:
            raise fail(where, error.message, "bad_card") from None
    return tuple(tricks)


def plays_problem(
    plays: tuple[tuple[Card, ...], ...], seats: int, most: int
) -> tuple[str, str] | None:
    """Where and why plays do not fit a hand of ``seats`` seats and at most ``most`` tricks."""
    if len(plays) > most:
        given = plays.given if isinstance(plays, Overlong) else str(len(plays))
        return "plays", f"a hand has at most {most} tricks, not {given}."
    for number, trick in enumerate(plays):
        if not 1 <= len(trick) <= seats:
            return f"plays[{number}]", f"a trick has 1 to {seats} cards, not {len(trick)}."
    return None


def how_many(items: object) -> str:
    """How many items a list or tuple holds; 'more' for an iterable read only in part."""
    return str(len(items)) if isinstance(items, (list, tuple)) else "more"


def as_tricks(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        return trick_counts(value)  # its GameRecord reads them again under its rules
    except SpadesError as error:
        raise fail("tricks", error.message, "bad_tricks") from None


def as_redeal(value: Seat | str | None) -> Seat | None:
    if value is None:
        return None
    try:
        return Seat.of(value)
    except SpadesError as error:
        raise fail("redeal", error.message, "bad_seat") from None


def as_reneges(value: Any) -> tuple[int, ...]:
    try:
        return side_values(value, "reneges", minimum=0)
    except SpadesError as error:
        raise fail("reneges", error.message, "wrong_type") from None


def as_note(value: object) -> str:
    if not isinstance(value, str):
        raise fail("note", f"expected text, not {quote(value)}.", "wrong_type")
    text = str.__str__(value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate: no file can hold it as UTF-8
        bad = quote(text[error.start : error.end])
        raise fail("note", f"{bad} is not a character UTF-8 can encode.", "wrong_type") from None
    return text


# -- written scores ------------------------------------------------------------------------------


def _written(value: object, where: str, minimum: int) -> int | None:
    if value is None:
        return None
    problem = whole_number_problem(value, minimum=minimum)
    if problem is not None:
        raise fail(where, f"{problem}.", "wrong_type")
    return value  # type: ignore[return-value]


def _written_points(value: object) -> int | None:
    return _written(value, "points", -MAX_INT)


def _written_total(value: object) -> int | None:
    return _written(value, "total", -MAX_INT)


def _written_bags(value: object) -> int | None:
    return _written(value, "bags", 0)


@attrs.frozen(kw_only=True)
class WrittenScore:
    """What the table wrote down for one side after one hand (a team, or a player who plays
    alone); any part may be missing."""

    #: The hand's points for the side.
    points: int | None = attrs.field(default=None, converter=_written_points)
    #: The running total after the hand.
    total: int | None = attrs.field(default=None, converter=_written_total)
    #: The bag count after the hand (after any penalty).
    bags: int | None = attrs.field(default=None, converter=_written_bags)


_NOTHING_WRITTEN = WrittenScore()


def as_written(value: Any) -> tuple[WrittenScore | None, ...]:
    by_name = isinstance(value, Mapping)
    if by_name:
        value = _written_by_side(value)
    if (
        isinstance(value, (str, bytes))
        or not isinstance(value, Sequence)
        or len(value) not in (len(TEAMS), 3, len(SEATS))
    ):
        raise fail(
            "written",
            f"expected a score for NS and one for EW, or one for each of N, E, S and W when every "
            f"player plays alone (N, E and S at a table of three), not {quote(value)}.",
            "wrong_type",
        )
    for side, score in zip(sides_of(len(value)), value):
        if score is not None and not isinstance(score, WrittenScore):
            raise fail(
                "written", f"expected a WrittenScore or None, not {quote(score)}.", "wrong_type"
            )
        if score == _NOTHING_WRITTEN:  # what the reader refuses, and dumps() would write
            raise fail(
                f"written.{side}",
                "write at least one of 'points', 'total' and 'bags'.",
                "missing_field",
            )
    # By seat, West left out: which seats play, the hand's deal says (see ByName).
    return ByName(value) if by_name and len(value) == len(SEATS) else tuple(value)


def sides_of(count: int) -> tuple[Side, ...]:
    """The sides that ``count`` values by side are for: NS and EW for 2, else the first
    ``count`` seats."""
    return sides(count == len(TEAMS), count)


def _written_by_side(value: Mapping[Any, Any]) -> tuple[object, ...]:
    """Written scores by team (``{'NS': ..}``), or by seat (``{'N': ..}``) when every player plays
    alone, in side order, None for a side not given. The first key says which kind the mapping
    is; every key is read by :func:`~spades.seats.parse_side`."""
    keys = list(value)
    partnerships = not keys or not _names_a_seat(keys[0])
    by_side: dict[Side, object] = {}
    try:
        for key, score in value.items():
            side = parse_side(key, partnerships)
            if side in by_side:
                raise fail("written", f"{side}'s score is given twice.", "wrong_type")
            by_side[side] = score
    except SpadesError as error:
        if isinstance(error, RecordError):
            raise
        raise fail("written", error.message, "wrong_type") from None
    return tuple(by_side.get(side) for side in sides(partnerships))


def _names_a_seat(key: object) -> bool:
    try:
        parse_side(key, False)  # type: ignore[arg-type]
    except SpadesError:
        return False
    return True


# -- values by side, held to the rules' ----------------------------------------------------------


def fit_values(
    values: tuple[int, ...], field: str, where: str, rules: RuleSet, empty: int
) -> tuple[int, ...]:
    """``values`` by the rules' sides: as they are when they are that many, ``empty`` for each
    side when none is given (all ``empty``); otherwise refused with
    :func:`~spades.standing.side_values`' sentence."""
    count = len(rules.sides)
    if len(values) == count:
        return values
    if all(value == empty for value in values):
        return (empty,) * count
    try:
        return side_values(values, field, rules=rules)
    except SpadesError as error:
        raise fail(where, error.message, "wrong_type") from None


def written_sides_problem(
    rules: RuleSet, written: tuple[WrittenScore | None, ...], where: str
) -> RecordError:
    """Why scores written for ``len(written)`` sides do not fit the rules: the sentence of
    :func:`~spades.seats.parse_side` for the first side written that the rules do not have, or,
    when the rules have every side written (three seats written under the rules of four, or
    four with West's empty under the rules of three), which sides they want."""
    for side, score in zip(sides_of(len(written)), written):
        if score is None:
            continue
        try:
            rules.side(side)
        except SpadesError as error:
            return fail(where, error.message, error.reason)
    names = and_text([str(side) for side in rules.sides])
    return fail(where, f"expected a score for each of {names}, not {len(written)}.", "wrong_type")
