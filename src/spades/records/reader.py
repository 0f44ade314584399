"""The strict reader of record files: JSON text, or parsed data, to a game record.

Anything wrong raises :class:`~spades.errors.RecordError` and nothing else, naming the place
(``hands[2].plays[4][1]``) and quoting at most a short piece of the bad value, so that a hostile or
damaged file costs little to refuse. :func:`~spades.records.loads`, :func:`~spades.records.load`
and :func:`~spades.records.from_data` return a :class:`~spades.records.GameRecord`.

The reader checks the form: each value of its JSON type, the fields a record has, the keys of
the values by seat and by side that the record's rules have, whole numbers within what JSON
readers hold exactly, and the notation of cards, hands, bids, seats and draw turns. What the
values hold is checked once, by the record types, as for a record built in Python: how many
values, tricks and cards a hand has, what a hand needs and what a thrown-in hand may not have,
each bid against the rules' range, each hand against the rules' seats
(:class:`~spades.records.HandRecord`, then :class:`~spades.records.GameRecord`); the reader
builds the record with them and places what they refuse at its place in the file, with their
sentence. A list longer than any hand holds goes to them unread.

Values by side (the start's ``scores`` and ``bags``, a hand's ``written`` and ``reneges``) are
objects keyed by team, ``NS`` and ``EW``, or by seat, ``N``, ``E``, ``S`` and ``W``, when every
player plays alone (the rule option ``partnerships`` false); a key of the other kind is refused
with the sentence of :func:`~spades.seats.parse_side`, which says which keys are wanted.

Values by seat (a hand's ``bids``, ``deal``, ``tricks`` and ``exchange``) have the seats in play:
N, E, S and W, or N, E and S at a table of three (the rule option ``players`` 3). There, a ``W``
key (in these and in the values by side) is refused with the sentence of
:func:`~spades.seats.parse_side`, as a seat with no player is wherever it is named (the start's
``dealer``, a hand's ``redeal``), and a list of values by seat that is not three long with that of
``spades.seats.by_seat``; a trick has at most three cards, a hand 17 (18 with jokers) tricks. Two
players (``players`` 2) are N and E, each alone, and a hand may give its ``draw``, a text a turn
(``"As keep 7h"``), instead of its deal; a ``draw`` under other rules is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import partial
from itertools import islice
from typing import IO, Any, NoReturn, TypeVar

from .._kernel.bidding import MOST_TRICKS
from .._kernel.table import table_of
from .._text import MAX_INT, quote
from ..actions import Bid, Deal
from ..cards import Card
from ..errors import NotationError, RecordError, RuleSetError, SpadesError
from ..hands import Hand
from ..rules import OPTION_KINDS, OPTION_NAMES, RuleSet, find_preset
from ..seats import SEATS, TEAMS, Seat
from ..standing import Standing
from .checks import WrittenScore, fail, no_player
from .format import FORMAT, VERSION, GameRecord, HandRecord
from .notation import CARD_PATTERN, DRAW_TURNS, HAND_PATTERN

__all__ = ["from_data", "load", "loads"]

_T = TypeVar("_T")

_CARD_RE = re.compile(CARD_PATTERN)
_HAND_RE = re.compile(HAND_PATTERN)

#: What a preset meant in older versions of the format, where it has changed since: by the last
#: version with the older meaning and the preset's name, the options to apply over the preset's
#: rules of today, unless the record's options give them.
_OLDER_PRESETS: dict[int, dict[str, dict[str, str]]] = {
    1: {"pagat": {"exchange_order": "partner_first"}},  # version 2 passes nil bidder first
}


def _fail(where: str, message: str, reason: str = "bad_record") -> NoReturn:
    raise fail(where, message, reason)


def _kind(value: object) -> str:
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


def _show(value: object) -> str:
    """A value quoted in a message: short, and never the repr of a deep or huge structure."""
    if isinstance(value, (str, bool, int, float, type(None))):
        return quote(value)
    return _kind(value)


_SHOWN = 40


def _join(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    if len(key) > _SHOWN:
        key = key[:_SHOWN] + "..."
    return f"{where}.{key}" if where else key


def _object(
    value: object, where: str, *, required: Sequence[str] = (), optional: Sequence[str] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(where, f"expected an object, found {_kind(value)}.", "wrong_type")
    _text_keys(value, where)
    for key in value:
        if key not in required and key not in optional:
            allowed = ", ".join(repr(k) for k in (*required, *optional))
            _fail(
                _join(where, key), f"unknown field; the fields here are {allowed}.", "unknown_field"
            )
    for key in required:
        if key not in value:
            _fail(where, f"the field {key!r} is missing.", "missing_field")
    return value


def _text_keys(value: dict[Any, Any], where: str) -> None:
    """Parsed data from Python may have keys JSON cannot: a field is named by text."""
    for key in value:
        if not isinstance(key, str):
            _fail(where, f"a field is named by text, not {_show(key)}.", "wrong_type")


def _int(value: object, where: str, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(where, f"expected a whole number, found {_kind(value)}.", "wrong_type")
    if not -MAX_INT <= value <= MAX_INT:
        _fail(
            where, f"{_show(value)} is too large for a record (at most 2**53 - 1).", "out_of_range"
        )
    if minimum is not None and value < minimum:
        _fail(where, f"must be at least {minimum}, not {value}.", "out_of_range")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        _fail(where, f"expected text, found {_kind(value)}.", "wrong_type")
    return value


def _list(value: object, where: str, minimum: int = 0) -> list[Any]:
    """A list (how many entries it has is the record's to judge, but for a ``minimum``)."""
    if not isinstance(value, list):
        _fail(where, f"expected a list, found {_kind(value)}.", "wrong_type")
    if len(value) < minimum:
        _fail(where, f"must have at least {minimum} entries, not {len(value)}.", "out_of_range")
    return value


def _card(value: object, where: str) -> Card:
    card = _CARDS_READ.get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    text = _text(value, where)
    if not _CARD_RE.match(text):
        _fail(
            where,
            f"{_show(text)} is not a card; write rank then suit, like 'As', 'Td' or '10h' (or BJ "
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


def _hand(value: object, where: str) -> Hand:
    if isinstance(value, str):
        if len(value) > 4 * 52 or not _HAND_RE.match(value):
            _fail(
                where,
                f"{_show(value)} is not a hand; write 'AKQ7.T9.J842.53' (spades.hearts.diamonds."
                "clubs) or cards separated by spaces, 'As Kh 2c'.",
                "bad_hand",
            )
        try:
            return Hand(value)
        except NotationError as error:
            _fail(where, error.message, "bad_hand")
    cards = [_card(item, _join(where, i)) for i, item in enumerate(_list(value, where))]
    seen: set[Card] = set()
    for i, card in enumerate(cards):
        if card in seen:
            _fail(_join(where, i), f"{card} appears twice in the same hand.", "bad_hand")
        seen.add(card)
    return Hand(cards)


_SEAT_KEYS = tuple(str(seat) for seat in SEATS)
_TEAM_KEYS = tuple(str(team) for team in TEAMS)
_SIDE_KEYS = frozenset(_SEAT_KEYS + _TEAM_KEYS)


def _by_seat(
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
    keys = _seat_keys(value, where, rules)
    if isinstance(value, list):
        if len(value) != len(keys):
            return value  # not the rules' seats: the record refuses it by its length
        out: list[Any] = []
        for i, item in enumerate(value):
            if item is None and nullable:
                out.append(None)
            else:
                out.append(read(item, _join(where, i)))
        return out
    obj = _object(
        value,
        where,
        required=keys if all_seats else (),
        optional=() if all_seats else keys,
    )
    return {key: read(obj[key], _join(where, key)) for key in keys if key in obj}


def _seat_keys(value: object, where: str, rules: RuleSet) -> tuple[str, ...]:
    """The keys of an object by seat under ``rules``, the seats in play; a seat with no player
    (West at a table of three) is refused here, with the sentence of
    :func:`~spades.seats.parse_side`."""
    keys = _SEAT_KEYS[: rules.players]
    if isinstance(value, dict) and len(keys) != len(_SEAT_KEYS):
        _text_keys(value, where)
        for key in value:
            if key in _SEAT_KEYS and key not in keys:
                _fail(_join(where, key), no_player(key, rules.players), "bad_seat")
    return keys


def _seat(value: object, where: str) -> Seat:
    """A seat named by text; whether it plays under the record's rules is the record's to say."""
    text = _text(value, where)
    if text not in _SEAT_KEYS:
        _fail(where, f"{_show(text)} is not a seat; use N, E, S or W.", "bad_seat")
    return Seat.parse(text)


def _side_keys(value: object, where: str, rules: RuleSet) -> tuple[str, ...]:
    """The keys of an object by side under ``rules`` (``NS``, ``EW``; or ``N``, ``E``, ``S``,
    ``W`` when every player plays alone); a key that names a side of the other kind is refused
    here, with the rules' sentence for it (:meth:`RuleSet.side <spades.rules.RuleSet.side>`)."""
    wanted = tuple(str(side) for side in rules.sides)
    if isinstance(value, dict):
        _text_keys(value, where)
        for key in value:
            if key not in wanted and key in _SIDE_KEYS:
                try:
                    rules.side(key)
                except NotationError as error:
                    _fail(_join(where, key), error.message, error.reason)
    return wanted


def _side_ints(value: object, where: str, rules: RuleSet, minimum: int | None) -> tuple[int, ...]:
    """Whole numbers by the rules' sides, from an object keyed by side."""
    keys = _side_keys(value, where, rules)
    obj = _object(value, where, required=keys)
    return tuple(_int(obj[key], _join(where, key), minimum) for key in keys)


def _read_rules(value: object, where: str, version: int = VERSION) -> tuple[str, RuleSet]:
    obj = _object(value, where, required=("preset",), optional=("options",))
    name = _text(obj["preset"], _join(where, "preset"))
    try:
        preset = find_preset(name[: _SHOWN * 2])
    except RuleSetError as error:
        if len(name) > _SHOWN:
            _fail(_join(where, "preset"), f"{_show(name)} is not a preset.", "bad_rules")
        _fail(_join(where, "preset"), error.message, "bad_rules")
    if len(name) > _SHOWN * 2:
        _fail(_join(where, "preset"), f"{_show(name)} is not a preset.", "bad_rules")
    options_where = _join(where, "options")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        _fail(options_where, f"expected an object, found {_kind(options)}.", "wrong_type")
    _text_keys(options, options_where)
    for key, option in options.items():
        if key not in OPTION_NAMES:
            if len(key) > _SHOWN:
                _fail(
                    _join(options_where, key),
                    f"{_show(key)} is not a rule option.",
                    "unknown_field",
                )
            try:
                RuleSet.describe(key)
            except RuleSetError as error:
                _fail(_join(options_where, key), error.message, "unknown_field")
        kind = OPTION_KINDS[key]
        if kind is int:
            if option is not None:
                _int(option, _join(options_where, key))
        elif kind is bool:
            if not isinstance(option, bool):
                _fail(
                    _join(options_where, key),
                    f"expected true or false, found {_kind(option)}.",
                    "wrong_type",
                )
        else:
            choices = [str(member) for member in kind]  # type: ignore[attr-defined]
            if _text(option, _join(options_where, key)) not in choices:
                _fail(
                    _join(options_where, key),
                    f"{_show(option)} is not one of {', '.join(choices)}.",
                    "bad_rules",
                )
    for last, meanings in _OLDER_PRESETS.items():
        if version <= last:
            options = {**meanings.get(preset.name, {}), **options}
    try:
        rules = RuleSet.from_dict(options, base=preset.rules)
    except RuleSetError as error:
        _fail(
            _join(options_where, error.option) if error.option else options_where,
            error.message,
            "bad_rules",
        )
    return preset.name, rules


def _read_start(value: object, where: str, rules: RuleSet) -> Standing:
    obj = _object(value, where, optional=("dealer", "hand_number", "scores", "bags", "sets"))
    dealer = _seat(obj["dealer"], _join(where, "dealer")) if "dealer" in obj else Seat.N
    number = _int(obj["hand_number"], _join(where, "hand_number"), 1) if "hand_number" in obj else 1
    zeros = (0,) * len(rules.sides)
    by_side = {
        key: _side_ints(obj[key], _join(where, key), rules, least) if key in obj else zeros
        for key, least in (("scores", None), ("bags", 0), ("sets", 0))
    }
    return _build(where, lambda: Standing(dealer=dealer, hand_number=number, **by_side))


#: A blind number bid as a record writes it: ``blind 6`` (1 to 13, or to 18 at a table of three;
#: whether the rules allow it is the record's to say).
_BLIND_BID = re.compile(r"blind ([1-9][0-9]?)")


def _bid_reader(rules: RuleSet) -> Callable[[object, str], Bid]:
    most = table_of(rules).tricks

    def read(value: object, where: str) -> Bid:
        if isinstance(value, str):
            if value == "nil":
                return Bid.NIL
            if value == "blind nil":
                return Bid.BLIND_NIL
            blind = _BLIND_BID.fullmatch(value)
            if blind is not None:
                return Bid(int(blind.group(1)), blind=True)
            _fail(
                where,
                f"{_show(value)} is not a bid; write 1 to {most}, 'nil' or 'blind nil'.",
                "bad_bid",
            )
        # Only a whole number here: whether it is in the rules' range is the record's to say, with
        # the sentence check() gives for the same bid.
        tricks = _int(value, where)
        if tricks == 0 and not rules.zero_bid_is_nil:
            _fail(where, "a bid of 0 is not used under these rules; write 'nil'.", "bad_bid")
        return Bid(tricks)

    return read


def _read_written(value: object, where: str, rules: RuleSet) -> tuple[WrittenScore | None, ...]:
    keys = _side_keys(value, where, rules)
    obj = _object(value, where, optional=keys)
    out: list[WrittenScore | None] = []
    for key in keys:
        if key not in obj:
            out.append(None)
            continue
        here = _join(where, key)
        side = _object(obj[key], here, optional=("points", "total", "bags"))
        given = {name: _int(number, _join(here, name)) for name, number in side.items()}
        out.append(_build(here, partial(WrittenScore, **given)))
    return tuple(out)


_HAND_FIELDS = (
    "deal",
    "draw",
    "exchange",
    "plays",
    "tricks",
    "written",
    "note",
    "redeal",
    "reneges",
)


def _read_hand(value: object, where: str, rules: RuleSet) -> HandRecord:
    """A hand of the record, read by its form: what it holds is the record's to check
    (:class:`~spades.records.HandRecord`, then :class:`~spades.records.GameRecord` under the
    rules), which it refuses here, at its place in the file."""
    obj = _object(value, where, required=("bids",), optional=_HAND_FIELDS)
    deal: Any = None
    if "deal" in obj:
        hands = _by_seat(obj["deal"], _join(where, "deal"), _hand, rules, all_seats=True)
        deal = Deal(tuple(hands.values())) if isinstance(hands, dict) else hands
    draw: list[Any] = []
    if "draw" in obj:
        here = _join(where, "draw")
        draw = _list(obj["draw"], here, 1)
        for t, turn in enumerate(islice(draw, DRAW_TURNS + 1)):  # the record refuses more
            _text(turn, _join(here, t))
    bids = _by_seat(
        obj["bids"], _join(where, "bids"), _bid_reader(rules), rules, all_seats=False, nullable=True
    )
    exchange: list[tuple[Seat, Hand]] = []
    if "exchange" in obj:
        here = _join(where, "exchange")
        exchange_obj = _object(
            obj["exchange"], here, optional=_seat_keys(obj["exchange"], here, rules)
        )
        for key, cards in exchange_obj.items():
            exchange.append((Seat.parse(key), _hand(cards, _join(here, key))))
    plays: Any = ()
    if "plays" in obj:
        plays = _read_plays(obj["plays"], _join(where, "plays"))
    tricks = None
    if "tricks" in obj:
        tricks = _by_seat(obj["tricks"], _join(where, "tricks"), _int, rules, all_seats=True)
    written: tuple[WrittenScore | None, ...] = (None,) * len(rules.sides)
    if "written" in obj:
        written = _read_written(obj["written"], _join(where, "written"), rules)
    note = _text(obj["note"], _join(where, "note")) if "note" in obj else ""
    redeal = _seat(obj["redeal"], _join(where, "redeal")) if "redeal" in obj else None
    reneges = (
        _side_ints(obj["reneges"], _join(where, "reneges"), rules, None)
        if "reneges" in obj
        else (0,) * len(rules.sides)
    )
    return _build(
        where,
        lambda: HandRecord(
            bids=bids,
            deal=deal,
            draw=draw,
            exchange=exchange,
            plays=plays,
            tricks=tricks,
            written=written,
            note=note,
            redeal=redeal,
            reneges=reneges,
        ),
    )


def _read_plays(value: object, where: str) -> Any:
    """A hand's tricks, each a list of cards in play order. How many tricks and cards a hand has
    is the record's to say; plays longer than any hand (more tricks than a hand of three with
    the jokers deck, a trick of more cards than seats) are handed to it unread from there."""
    tricks = _list(value, where)
    if len(tricks) > MOST_TRICKS:
        return tricks
    plays: list[tuple[Card, ...]] = []
    for t, trick in enumerate(tricks):
        here = _join(where, t)
        cards = _list(trick, here)
        if len(cards) > len(SEATS):
            return tricks  # the tricks before it are read: the record refuses this one
        plays.append(tuple(_card(card, _join(here, i)) for i, card in enumerate(cards)))
    return plays


def from_data(data: object) -> GameRecord:
    """A record from parsed JSON data (what :meth:`GameRecord.to_data` gives)."""
    obj = _object(
        data, "", required=("format", "version", "rules", "hands"), optional=("start", "note")
    )
    if obj["format"] != FORMAT:
        _fail(
            "format",
            f"this is not a spades record: expected {FORMAT!r}, found {_show(obj['format'])}.",
            "bad_format",
        )
    version = obj["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        _fail(
            "version",
            f"this reader knows versions 1 to {VERSION} of the record format, not "
            f"{_show(version)}.",
            "bad_version",
        )
    preset, rules = _read_rules(obj["rules"], "rules", version)
    start = _read_start(obj.get("start", {}), "start", rules)
    hands = tuple(
        _read_hand(hand, _join("hands", i), rules)
        for i, hand in enumerate(_list(obj["hands"], "hands"))
    )
    note = _text(obj["note"], "note") if "note" in obj else ""
    return _build(
        "", lambda: GameRecord(rules=rules, preset=preset, start=start, hands=hands, note=note)
    )


def _build(where: str, make: Callable[[], _T]) -> _T:
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
        _fail(place, message, error.reason)
    except SpadesError as error:
        _fail(where, error.message, error.reason)


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            _fail("", f"the key {_show(key)} appears twice in one object.", "duplicate_key")
        out[key] = value
    return out


def _no_constants(name: str) -> NoReturn:
    _fail("", f"{name} is not a number in a record.", "bad_json")


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text (or UTF-8 bytes); anything wrong is a
    :class:`~spades.errors.RecordError` saying where, and nothing else."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            _fail(
                "",
                f"the file is not UTF-8 text ({error.reason} at byte {error.start}).",
                "bad_json",
            )
    if not isinstance(text, str):
        _fail("", f"a record is JSON text, not {type(text).__name__}.", "bad_json")
    try:
        data = json.loads(text, object_pairs_hook=_pairs_hook, parse_constant=_no_constants)
    except RecordError:
        raise
    except json.JSONDecodeError as error:
        _fail(
            f"line {error.lineno}, column {error.colno}",
            f"not valid JSON: {error.msg}.",
            "bad_json",
        )
    except RecursionError:
        _fail("", "the JSON is nested too deeply to be a record.", "bad_json")
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        _fail("", f"not a usable JSON value: {error}.", "bad_json")
    try:
        return from_data(data)
    except RecursionError:  # pragma: no cover - json refuses deeper nesting first
        _fail("", "the record is nested too deeply.", "bad_json")


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file opened for reading (text or binary); anything else is a
    :class:`TypeError`."""
    read = getattr(fp, "read", None)
    if not callable(read):
        raise TypeError(f"load() reads a file opened for reading, not {quote(fp)}.")
    return loads(read())
