"""The JSON values of a record, read by their form: objects and their fields, whole numbers, text,
lists, cards, hands, seats, and values by seat and by side.

These are the pieces :mod:`~spades.records.reader` reads a record with. Each refuses what it
cannot read with a :class:`~spades.errors.RecordError` at its place in the file
(``hands[2].plays[4][1]``), quoting at most a short piece of the bad value (:func:`show`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

from .._text import MAX_INT, quote, whole_number_problem
from ..cards import Card
from ..errors import NotationError, RecordError, SpadesError
from ..hands import Hand
from ..rules import RuleSet
from ..seats import SEATS, TEAMS, Seat
from .checks import fail, no_player
from .notation import CARD_PATTERN, HAND_PATTERN

__all__ = [
    "SHOWN",
    "build_at",
    "fail_at",
    "join",
    "kind_of",
    "read_bool",
    "read_by_seat",
    "read_card",
    "read_cards",
    "read_int",
    "read_list",
    "read_object",
    "read_seat",
    "read_side_ints",
    "read_text",
    "seat_keys",
    "show",
    "side_keys",
    "text_keys",
]

_T = TypeVar("_T")

_CARD_RE = re.compile(CARD_PATTERN)
_HAND_RE = re.compile(HAND_PATTERN)


def fail_at(where: str, message: str, reason: str = "bad_record") -> NoReturn:
    raise fail(where, message, reason)


def kind_of(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def show(value: object) -> str:
    """A value quoted in a message: short, and never the repr of a deep or huge structure."""
    if isinstance(value, (str, bool, int, float, type(None))):
        return quote(value)
    return kind_of(value)


#: How many characters of a field's name a message quotes, or twice that of a preset's name.
SHOWN = 40


def join(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    if len(key) > SHOWN:
        key = key[:SHOWN] + "..."
    return f"{where}.{key}" if where else key


def read_object(
    value: object, where: str, *, required: Sequence[str] = (), optional: Sequence[str] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        fail_at(where, f"expected an object, found {kind_of(value)}.", "wrong_type")
    text_keys(value, where)
    for key in value:
        if key not in required and key not in optional:
            allowed = ", ".join(repr(k) for k in (*required, *optional))
            fail_at(
                join(where, key), f"unknown field; the fields here are {allowed}.", "unknown_field"
            )
    for key in required:
        if key not in value:
            fail_at(where, f"the field {key!r} is missing.", "missing_field")
    return value


def text_keys(value: dict[Any, Any], where: str) -> None:
    """Parsed data from Python may have keys JSON cannot: a field is named by text."""
    for key in value:
        if not isinstance(key, str):
            fail_at(where, f"a field is named by text, not {show(key)}.", "wrong_type")


def read_int(value: object, where: str, minimum: int | None = None) -> int:
    if isinstance(value, float):
        fail_at(where, f"{whole_number_problem(value)}.", "wrong_type")
    if not isinstance(value, int) or isinstance(value, bool):
        fail_at(where, f"expected a whole number, found {kind_of(value)}.", "wrong_type")
    if not -MAX_INT <= value <= MAX_INT:
        fail_at(
            where, f"{show(value)} is too large for a record (at most 2**53 - 1).", "out_of_range"
        )
    if minimum is not None and value < minimum:
        fail_at(where, f"must be at least {minimum}, not {value}.", "out_of_range")
    return value


def read_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        fail_at(where, f"expected true or false, found {kind_of(value)}.", "wrong_type")
    return value


def read_text(value: object, where: str) -> str:
    if not isinstance(value, str):
        fail_at(where, f"expected text, found {kind_of(value)}.", "wrong_type")
    return value


def read_list(value: object, where: str, minimum: int = 0) -> list[Any]:
    """A list (how many entries it has is the record's to judge, but for a ``minimum``)."""
    if not isinstance(value, list):
        fail_at(where, f"expected a list, found {kind_of(value)}.", "wrong_type")
    if len(value) < minimum:
        fail_at(where, f"must have at least {minimum} entries, not {len(value)}.", "out_of_range")
    return value


def read_card(value: object, where: str) -> Card:
    card = _CARDS_READ.get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    text = read_text(value, where)
    if not _CARD_RE.match(text):
        fail_at(
            where,
            f"{show(text)} is not a card; write rank then suit, like 'As', 'Td' or '10h' (or BJ "
            "and LJ for the jokers).",
            "bad_card",
        )
    card = Card(text)
    if len(_CARDS_READ) < _CARD_SPELLINGS:
        _CARDS_READ[text] = card
    return card


#: Each card's text read once (52 a hand are played): only cards' texts, and a bounded number.
_CARDS_READ: dict[str, Card] = {}
_CARD_SPELLINGS = 1 << 10


def read_cards(value: object, where: str) -> Hand:
    if isinstance(value, str):
        if len(value) > 4 * 52 or not _HAND_RE.match(value):
            fail_at(
                where,
                f"{show(value)} is not a hand; write 'AKQ7.T9.J842.53' (spades.hearts.diamonds."
                "clubs) or cards separated by spaces, 'As Kh 2c'.",
                "bad_hand",
            )
        try:
            return Hand(value)
        except NotationError as error:
            fail_at(where, error.message, "bad_hand")
    cards = [read_card(item, join(where, i)) for i, item in enumerate(read_list(value, where))]
    seen: set[Card] = set()
    for i, card in enumerate(cards):
        if card in seen:
            fail_at(join(where, i), f"{card} appears twice in the same hand.", "bad_hand")
        seen.add(card)
    return Hand(cards)


_SEAT_KEYS = tuple(str(seat) for seat in SEATS)
_TEAM_KEYS = tuple(str(team) for team in TEAMS)
_SIDE_KEYS = frozenset(_SEAT_KEYS + _TEAM_KEYS)


def read_by_seat(
    value: object,
    where: str,
    read: Callable[[object, str], Any],
    rules: RuleSet,
    *,
    all_seats: bool,
    nullable: bool = False,
) -> list[Any] | dict[str, Any]:
    """Values by seat: from a list in seat order, a list of each value read; from an object
    keyed by seat (a key for each seat in play when ``all_seats``), a mapping of each key given
    to its value read. How many values there are for the rules' seats is the record's to say: a
    list of another length is handed to it unread, and refused by its length."""
    keys = seat_keys(value, where, rules)
    if isinstance(value, list):
        if len(value) != len(keys):
            return value  # not the rules' seats: the record refuses it by its length
        out: list[Any] = []
        for i, item in enumerate(value):
            if item is None and nullable:
                out.append(None)
            else:
                out.append(read(item, join(where, i)))
        return out
    obj = read_object(
        value,
        where,
        required=keys if all_seats else (),
        optional=() if all_seats else keys,
    )
    return {key: read(obj[key], join(where, key)) for key in keys if key in obj}


def seat_keys(value: object, where: str, rules: RuleSet) -> tuple[str, ...]:
    """The keys of an object by seat under ``rules``, the seats in play; a seat with no player
    (West at a table of three) is refused here, with the sentence of
    :func:`~spades.seats.parse_side`."""
    keys = _SEAT_KEYS[: rules.players]
    if isinstance(value, dict) and len(keys) != len(_SEAT_KEYS):
        text_keys(value, where)
        for key in value:
            if key in _SEAT_KEYS and key not in keys:
                fail_at(join(where, key), no_player(key, rules.players), "bad_seat")
    return keys


def read_seat(value: object, where: str) -> Seat:
    """A seat named by text; whether it plays under the record's rules is the record's to say."""
    text = read_text(value, where)
    if text not in _SEAT_KEYS:
        fail_at(where, f"{show(text)} is not a seat; use N, E, S or W.", "bad_seat")
    return Seat.parse(text)


def side_keys(value: object, where: str, rules: RuleSet) -> tuple[str, ...]:
    """The keys of an object by side under ``rules`` (``NS``, ``EW``; or ``N``, ``E``, ``S``,
    ``W`` when every player plays alone); a key that names a side of the other kind is refused
    here, with the rules' sentence for it (:meth:`RuleSet.side <spades.rules.RuleSet.side>`)."""
    wanted = tuple(str(side) for side in rules.sides)
    if isinstance(value, dict):
        text_keys(value, where)
        for key in value:
            if key not in wanted and key in _SIDE_KEYS:
                try:
                    rules.side(key)
                except NotationError as error:
                    fail_at(join(where, key), error.message, error.reason)
    return wanted


def read_side_ints(
    value: object, where: str, rules: RuleSet, minimum: int | None
) -> tuple[int, ...]:
    """Whole numbers by the rules' sides, from an object keyed by side."""
    keys = side_keys(value, where, rules)
    obj = read_object(value, where, required=keys)
    return tuple(read_int(obj[key], join(where, key), minimum) for key in keys)


def build_at(where: str, make: Callable[[], _T]) -> _T:
    """``make()``, a record value; what it refuses is refused here, at ``where``."""
    try:
        return make()
    except RecordError as error:
        if not where:
            raise
        inner = error.where
        place = f"{where}.{inner}" if inner and not inner.startswith("[") else where + inner
        message = (
            error.message[len(inner) + 2 :]
            if inner and error.message.startswith(inner + ": ")
            else error.message
        )
        fail_at(place, message, error.reason)
    except SpadesError as error:
        fail_at(where, error.message, error.reason)
