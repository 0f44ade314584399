"""Versioned game records: read and write them, replay them, and verify them.

A record is what settles a scoring dispute: the rules, the standing the game started from, and for
each hand the deal, the bids, the blind nil exchange and the plays, or only the bids and the tricks
each seat took, plus the scores the table wrote down. :func:`verify` replays every action through
the engine under the record's rules and reports every problem it finds; :func:`replay` yields each
state and stops at the first problem. The JSON form is described by the schema shipped as
``spades/schema/record-v1.schema.json`` (see :func:`schema`).

>>> from spades import Deal, new_game, apply
>>> from spades.record import dumps, loads, to_record
>>> state = apply(new_game('000'), Deal.random(3))
>>> record = to_record(state)
>>> loads(dumps(record)) == record
True
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from importlib import resources
from typing import IO, Any, NoReturn

import attrs

from . import _bits
from .actions import Bid, Deal, Exchange, Play
from .cards import Card, Hand
from .engine import apply, check, deal_problems, new_game
from .errors import NotationError, Reason, RecordError, RuleSetError, StandingError
from .presets import PRESETS, find_preset
from .rules import OPTION_KINDS, OPTION_NAMES, FirstLead, RuleSet, SpadesBreaking
from .scoring import GameResult, HandScore, TeamHandScore, decide_game, score_hand
from .seats import SEATS, TEAMS, Seat, Team
from .state import CompletedHand, GameState, HandState, Phase, Standing, Trick

__all__ = [
    "FORMAT",
    "MAX_INT",
    "VERSION",
    "GameRecord",
    "HandRecord",
    "HandReport",
    "Problem",
    "RecordReason",
    "Report",
    "WrittenScore",
    "dump",
    "dumps",
    "load",
    "loads",
    "replay",
    "schema",
    "to_record",
    "verify",
]

#: The value of a record's ``format`` field.
FORMAT = "spades-record"
#: The record format version this module reads and writes.
VERSION = 1

# The text forms a record accepts. The shipped JSON Schema uses the same patterns (a test keeps
# them in step), so a record the schema accepts never fails here on notation.
_RANK = r"(?:10|[2-9TJQKAtjqka])"
_SUIT = "[cdhsCDHS♣♦♥♠♧♢♡♤]"
CARD_PATTERN = rf"^(?:{_RANK}{_SUIT}|{_SUIT}{_RANK})$"
_CARD = rf"(?:{_RANK}{_SUIT}|{_SUIT}{_RANK})"
_GROUP = rf"(?:-|{_RANK}*)"
HAND_PATTERN = rf"^(?:{_GROUP}(?:\.{_GROUP}){{3}}|(?:{_CARD}(?: +{_CARD})*)?)$"
_CARD_RE = re.compile(CARD_PATTERN)
_HAND_RE = re.compile(HAND_PATTERN)

Bids4 = tuple[Bid | None, Bid | None, Bid | None, Bid | None]
Tricks4 = tuple[int, int, int, int]


# -- the record types ---------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class WrittenScore:
    """What the table wrote down for one team after one hand; any part may be missing."""

    #: The hand's points for the team.
    points: int | None = None
    #: The running total after the hand.
    total: int | None = None
    #: The bag count after the hand (after any penalty).
    bags: int | None = None


def _to_bid(value: Bid | int | str | None) -> Bid | None:
    if value is None:
        return None
    if isinstance(value, Bid):
        bid = Bid(value.tricks, blind=value.blind)
    elif isinstance(value, str):
        bid = Bid.parse(value)
    else:
        bid = Bid(value)
    if not 0 <= bid.tricks <= 13:
        raise RecordError(f"A bid is nil or 1 to 13 tricks, not {bid.tricks}.", where="bids")
    return bid


def _to_bids(values: Sequence[Bid | int | str | None]) -> Bids4:
    bids = tuple(_to_bid(value) for value in values)
    if len(bids) != 4:
        raise RecordError(f"A hand has four bids (N, E, S, W), not {len(bids)}.", where="bids")
    return bids


def _to_exchange(value: Iterable[tuple[Seat | str, Hand | str]]) -> tuple[tuple[Seat, Hand], ...]:
    pairs = [(s if isinstance(s, Seat) else Seat.parse(s), Hand(h)) for s, h in value]
    return tuple(sorted(pairs, key=lambda pair: pair[0]))


def _to_plays(value: Iterable[Iterable[Card | str] | str]) -> tuple[tuple[Card, ...], ...]:
    tricks = []
    for trick in value:
        cards = trick.split() if isinstance(trick, str) else trick
        tricks.append(tuple(Card(card) for card in cards))
    return tuple(tricks)


def _to_tricks(value: Sequence[int] | None) -> Tricks4 | None:
    if value is None:
        return None
    counts = tuple(value)
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 13 for n in counts):
        raise RecordError(
            f"Trick counts are whole numbers from 0 to 13, not {counts}.", where="tricks"
        )
    if len(counts) != 4:
        raise RecordError(
            f"Trick counts are four numbers (N, E, S, W), not {len(counts)}.", where="tricks"
        )
    return counts


@attrs.frozen(kw_only=True)
class HandRecord:
    """One hand as recorded: with its cards, or only the bids and the tricks each seat took.

    ``bids`` and ``tricks`` are in seat order N, E, S, W (not bidding order); ``exchange`` holds
    the cards each seat passed in the blind nil exchange; ``plays`` the tricks, each in play order.
    """

    bids: Bids4 = attrs.field(converter=_to_bids)
    deal: Deal | None = None
    exchange: tuple[tuple[Seat, Hand], ...] = attrs.field(default=(), converter=_to_exchange)
    plays: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_to_plays)
    tricks: Tricks4 | None = attrs.field(default=None, converter=_to_tricks)
    #: The scores written down after the hand, for NS and EW.
    written: tuple[WrittenScore | None, WrittenScore | None] = (None, None)
    note: str = ""


def _closest_preset(record: GameRecord) -> str:
    """The preset from which the rules differ in the fewest options (the first on a tie)."""
    return min(PRESETS, key=lambda preset: len(record.rules.diff(preset.rules))).name


def _canonical_preset(name: str) -> str:
    return find_preset(name).name


def _to_rules(value: RuleSet | str) -> RuleSet:
    return find_preset(value).rules if isinstance(value, str) else value


def _to_hands(value: Iterable[HandRecord]) -> tuple[HandRecord, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game, or the part of it in dispute: rules, starting standing, hands."""

    rules: RuleSet = attrs.field(factory=RuleSet, converter=_to_rules)
    #: The preset the rules are written relative to (the closest one unless given).
    preset: str = attrs.field(
        default=attrs.Factory(_closest_preset, takes_self=True), converter=_canonical_preset
    )
    start: Standing = attrs.field(factory=Standing)
    hands: tuple[HandRecord, ...] = attrs.field(default=(), converter=_to_hands)
    note: str = ""

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        return _record_data(self)

    @classmethod
    def from_data(cls, data: object) -> GameRecord:
        """A record from parsed JSON data; :class:`RecordError` says where it is wrong."""
        return _read_record(data)


# -- writing --------------------------------------------------------------------------------------


def _bid_data(bid: Bid) -> int | str:
    if bid.blind:
        return "blind nil"
    return "nil" if bid.tricks == 0 else bid.tricks


def _team_pair(pair: tuple[int, int]) -> dict[str, int]:
    return {str(team): pair[team] for team in TEAMS}


def _record_data(record: GameRecord) -> dict[str, Any]:
    base = find_preset(record.preset).rules
    options = record.rules.to_dict()
    base_options = base.to_dict()
    start = record.start
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": {
            "preset": record.preset,
            "options": {k: v for k, v in options.items() if v != base_options[k]},
        },
        "start": {
            "dealer": str(start.dealer),
            "hand_number": start.hand_number,
            "scores": _team_pair(start.scores),
            "bags": _team_pair(start.bags),
        },
        "hands": [_hand_data(hand) for hand in record.hands],
    }
    if record.note:
        data["note"] = record.note
    return data


def _hand_data(hand: HandRecord) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if hand.deal is not None:
        data["deal"] = {str(seat): h.to_text() for seat, h in zip(SEATS, hand.deal.hands)}
    data["bids"] = {
        str(seat): _bid_data(bid) for seat, bid in zip(SEATS, hand.bids) if bid is not None
    }
    if hand.exchange:
        data["exchange"] = {
            str(seat): [str(card) for card in cards] for seat, cards in hand.exchange
        }
    if hand.plays:
        data["plays"] = [[str(card) for card in trick] for trick in hand.plays]
    if hand.tricks is not None:
        data["tricks"] = {str(seat): count for seat, count in zip(SEATS, hand.tricks)}
    written = {}
    for team, score in zip(TEAMS, hand.written):
        if score is not None:
            fields = {"points": score.points, "total": score.total, "bags": score.bags}
            written[str(team)] = {k: v for k, v in fields.items() if v is not None}
    if written:
        data["written"] = written
    if hand.note:
        data["note"] = hand.note
    return data


def _format(value: Any, indent: int, level: int) -> str:
    """JSON with objects indented and lists of plain values kept on one line."""
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(value, dict):
        if not value:
            return "{}"
        flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if len(flat) <= 80 and all(not isinstance(v, (dict, list)) for v in value.values()):
            return flat
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_format(v, indent, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        inner = [pad + _format(v, indent, level + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + end + "]"
    return json.dumps(value, ensure_ascii=False)


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON: one line, or indented by ``indent`` spaces (each trick on one line)."""
    data = _record_data(record)
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _format(data, indent, 0) + "\n"


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write the record to a text file as JSON."""
    fp.write(dumps(record, indent=indent))


# -- reading --------------------------------------------------------------------------------------


def _fail(where: str, message: str, reason: str = "bad_record") -> NoReturn:
    raise RecordError(f"{where}: {message}" if where else message, where=where, reason=reason)


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
    if isinstance(value, str):
        return repr(value if len(value) <= _SHOWN else value[:_SHOWN] + "...")
    if isinstance(value, (bool, type(None))) or (
        isinstance(value, int) and abs(value) < 10**_SHOWN
    ):
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    return _kind(value)


_SHOWN = 40
#: The largest integer a record holds: JavaScript's largest safe integer, read exactly anywhere.
MAX_INT = 2**53 - 1


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


def _int(value: object, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(where, f"expected a whole number, found {_kind(value)}.", "wrong_type")
    if not -MAX_INT <= value <= MAX_INT:
        _fail(
            where, f"{_show(value)} is too large for a record (at most 2**53 - 1).", "out_of_range"
        )
    if minimum is not None and value < minimum:
        _fail(where, f"must be at least {minimum}, not {value}.", "out_of_range")
    if maximum is not None and value > maximum:
        _fail(where, f"must be at most {maximum}, not {value}.", "out_of_range")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        _fail(where, f"expected text, found {_kind(value)}.", "wrong_type")
    return value


def _list(value: object, where: str, minimum: int = 0, maximum: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        _fail(where, f"expected a list, found {_kind(value)}.", "wrong_type")
    if len(value) < minimum:
        _fail(where, f"must have at least {minimum} entries, not {len(value)}.", "out_of_range")
    if maximum is not None and len(value) > maximum:
        _fail(where, f"must have at most {maximum} entries, not {len(value)}.", "out_of_range")
    return value


def _card(value: object, where: str) -> Card:
    text = _text(value, where)
    if not _CARD_RE.match(text):
        _fail(
            where,
            f"{_show(text)} is not a card; write rank then suit, like 'As', 'Td' or '10h'.",
            "bad_card",
        )
    return Card(text)


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


def _by_seat(
    value: object,
    where: str,
    read: Callable[[object, str], Any],
    *,
    all_seats: bool,
    nullable: bool = False,
) -> list[Any]:
    """Four values in seat order, from an object keyed N/E/S/W or a list of four in that order."""
    if isinstance(value, list):
        _list(value, where, 4, 4)
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
        required=_SEAT_KEYS if all_seats else (),
        optional=() if all_seats else _SEAT_KEYS,
    )
    return [None if key not in obj else read(obj[key], _join(where, key)) for key in _SEAT_KEYS]


def _seat(value: object, where: str) -> Seat:
    text = _text(value, where)
    if text not in _SEAT_KEYS:
        _fail(where, f"{_show(text)} is not a seat; use N, E, S or W.", "bad_seat")
    return Seat.parse(text)


def _team_ints(value: object, where: str, minimum: int | None) -> tuple[int, int]:
    obj = _object(value, where, required=_TEAM_KEYS)
    return (
        _int(obj["NS"], _join(where, "NS"), minimum),
        _int(obj["EW"], _join(where, "EW"), minimum),
    )


def _read_rules(value: object, where: str) -> tuple[str, RuleSet]:
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
    try:
        rules = RuleSet.from_dict(options, base=preset.rules)
    except RuleSetError as error:
        _fail(
            _join(options_where, error.option) if error.option else options_where,
            error.message,
            "bad_rules",
        )
    return preset.name, rules


def _read_start(value: object, where: str) -> Standing:
    obj = _object(value, where, optional=("dealer", "hand_number", "scores", "bags"))
    default = Standing()
    return Standing(
        dealer=_seat(obj["dealer"], _join(where, "dealer")) if "dealer" in obj else default.dealer,
        hand_number=_int(obj["hand_number"], _join(where, "hand_number"), 1)
        if "hand_number" in obj
        else 1,
        scores=_team_ints(obj["scores"], _join(where, "scores"), None)
        if "scores" in obj
        else (0, 0),
        bags=_team_ints(obj["bags"], _join(where, "bags"), 0) if "bags" in obj else (0, 0),
    )


def _bid_reader(rules: RuleSet) -> Callable[[object, str], Bid]:
    def read(value: object, where: str) -> Bid:
        if isinstance(value, str):
            if value == "nil":
                return Bid.NIL
            if value == "blind nil":
                return Bid.BLIND_NIL
            _fail(
                where,
                f"{_show(value)} is not a bid; write 1 to 13, 'nil' or 'blind nil'.",
                "bad_bid",
            )
        tricks = _int(value, where, 0, 13)
        if tricks == 0 and not rules.zero_bid_is_nil:
            _fail(where, "a bid of 0 is not used under these rules; write 'nil'.", "bad_bid")
        return Bid(tricks)

    return read


def _read_written(value: object, where: str) -> tuple[WrittenScore | None, WrittenScore | None]:
    obj = _object(value, where, optional=_TEAM_KEYS)
    out: list[WrittenScore | None] = []
    for key in _TEAM_KEYS:
        if key not in obj:
            out.append(None)
            continue
        here = _join(where, key)
        team = _object(obj[key], here, optional=("points", "total", "bags"))
        if not team:
            _fail(here, "write at least one of 'points', 'total' and 'bags'.", "missing_field")
        out.append(
            WrittenScore(
                points=_int(team["points"], _join(here, "points")) if "points" in team else None,
                total=_int(team["total"], _join(here, "total")) if "total" in team else None,
                bags=_int(team["bags"], _join(here, "bags"), 0) if "bags" in team else None,
            )
        )
    return (out[0], out[1])


_HAND_FIELDS = ("deal", "exchange", "plays", "tricks", "written", "note")


def _read_hand(value: object, where: str, rules: RuleSet) -> HandRecord:
    obj = _object(value, where, required=("bids",), optional=_HAND_FIELDS)
    deal = None
    if "deal" in obj:
        hands = _by_seat(obj["deal"], _join(where, "deal"), _hand, all_seats=True)
        deal = Deal(tuple(hands))
    else:
        for key in ("plays", "exchange"):
            if key in obj:
                _fail(
                    _join(where, key),
                    "a hand with plays or an exchange also needs its deal.",
                    "missing_field",
                )
        if "tricks" not in obj:
            _fail(
                where,
                "a hand without its deal needs 'tricks', the tricks each seat took.",
                "missing_field",
            )
    bids = _by_seat(
        obj["bids"], _join(where, "bids"), _bid_reader(rules), all_seats=False, nullable=True
    )
    exchange: list[tuple[Seat, Hand]] = []
    if "exchange" in obj:
        exchange_obj = _object(obj["exchange"], _join(where, "exchange"), optional=_SEAT_KEYS)
        for key, cards in exchange_obj.items():
            exchange.append((Seat.parse(key), _hand(cards, _join(_join(where, "exchange"), key))))
    plays: list[tuple[Card, ...]] = []
    if "plays" in obj:
        here = _join(where, "plays")
        for t, trick in enumerate(_list(obj["plays"], here, 0, 13)):
            trick_where = _join(here, t)
            items = _list(trick, trick_where, 1, 4)
            plays.append(tuple(_card(card, _join(trick_where, i)) for i, card in enumerate(items)))
    tricks = None
    if "tricks" in obj:
        counts = _by_seat(
            obj["tricks"], _join(where, "tricks"), lambda v, w: _int(v, w, 0, 13), all_seats=True
        )
        tricks = (counts[0], counts[1], counts[2], counts[3])
    written: tuple[WrittenScore | None, WrittenScore | None] = (None, None)
    if "written" in obj:
        written = _read_written(obj["written"], _join(where, "written"))
    note = _text(obj["note"], _join(where, "note")) if "note" in obj else ""
    return HandRecord(
        bids=bids,
        deal=deal,
        exchange=exchange,
        plays=plays,
        tricks=tricks,
        written=written,
        note=note,
    )


def _read_record(data: object) -> GameRecord:
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
    if version != VERSION or isinstance(version, bool) or not isinstance(version, int):
        _fail(
            "version",
            f"this reader knows version {VERSION} of the record format, not {_show(version)}.",
            "bad_version",
        )
    preset, rules = _read_rules(obj["rules"], "rules")
    start = _read_start(obj["start"], "start") if "start" in obj else Standing()
    hands = tuple(
        _read_hand(hand, _join("hands", i), rules)
        for i, hand in enumerate(_list(obj["hands"], "hands"))
    )
    note = _text(obj["note"], "note") if "note" in obj else ""
    return GameRecord(rules=rules, preset=preset, start=start, hands=hands, note=note)


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
    """Read a record from JSON text; anything wrong raises :class:`RecordError`, nothing else."""
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
        return _read_record(data)
    except RecursionError:  # pragma: no cover - json refuses deeper nesting first
        _fail("", "the record is nested too deeply.", "bad_json")


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file opened for reading (text or binary)."""
    return loads(fp.read())


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format, as shipped with the package."""
    text = resources.files("spades").joinpath("schema/record-v1.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# -- from a game state ----------------------------------------------------------------------------


def to_record(state: GameState, *, preset: str | None = None) -> GameRecord:
    """A record of everything that happened in ``state``'s game, including a hand in progress."""
    hands = [
        HandRecord(
            bids=done.bids,
            deal=done.deal,
            exchange=done.exchanges,
            plays=tuple(trick.cards for trick in done.tricks),
        )
        for done in state.history
    ]
    hand = state.hand
    if hand is not None and state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
        plays = [trick.cards for trick in hand.tricks]
        if hand.trick:
            plays.append(tuple(Card.from_index(i) for i in hand.trick))
        hands.append(
            HandRecord(
                bids=hand.bids,
                deal=state.deal,
                exchange=tuple((giver, Hand.from_mask(mask)) for giver, mask in hand.exchanges),
                plays=plays,
            )
        )
    if preset is None:
        return GameRecord(rules=state.rules, start=state.start, hands=hands)
    return GameRecord(rules=state.rules, preset=preset, start=state.start, hands=hands)


# -- problems and reports -------------------------------------------------------------------------


class RecordReason(str, enum.Enum):
    """What is wrong in a record, besides an illegal action (which has the engine's ``Reason``)."""

    BAD_START = "bad_start"
    BAD_DEAL = "bad_deal"
    MISSING_BID = "missing_bid"
    MISSING_EXCHANGE = "missing_exchange"
    UNEXPECTED_EXCHANGE = "unexpected_exchange"
    INCOMPLETE_TRICK = "incomplete_trick"
    CARD_PLAYED_TWICE = "card_played_twice"
    INCOMPLETE_HAND = "incomplete_hand"
    BAD_TRICKS = "bad_tricks"
    TRICKS_MISMATCH = "tricks_mismatch"
    SCORE_MISMATCH = "score_mismatch"
    AFTER_GAME_OVER = "after_game_over"

    def __str__(self) -> str:
        return self.value


_UNUSABLE = (Reason.BAD_DEAL, RecordReason.BAD_START)


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong in a record: where it is, a machine-readable reason, and a sentence."""

    #: The place, as a scorer says it: ``hand 3, trick 5, W plays Kh``.
    where: str
    reason: Reason | RecordReason
    message: str
    #: The hand number, when the problem is in a hand.
    hand: int | None = None
    #: The team, for a written score that differs.
    team: Team | None = None
    #: For a written score that differs: the rules' itemised computation.
    explanation: str | None = None
    #: For a written score that differs: the first item where it and the rules part.
    parted_at: str | None = None

    @property
    def sentence(self) -> str:
        """``hand 3, trick 5, W plays Kh: West must follow hearts (holds 2 hearts).``"""
        return f"{self.where}: {self.message}"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "where": self.where,
            "reason": str(self.reason),
            "message": self.message,
        }
        if self.hand is not None:
            data["hand"] = self.hand
        if self.team is not None:
            data["team"] = str(self.team)
        if self.explanation is not None:
            data["explanation"] = self.explanation
        if self.parted_at is not None:
            data["parted_at"] = self.parted_at
        return data

    def __str__(self) -> str:
        lines = [self.sentence]
        if self.explanation:
            lines.append("    " + self.explanation)
        if self.parted_at:
            lines.append("    " + self.parted_at)
        return "\n".join(lines)


@attrs.frozen(kw_only=True)
class HandReport:
    """One hand as verified: what was bid and taken, its score under the rules, its problems."""

    number: int
    dealer: Seat
    bids: Bids4
    #: Tricks taken by each seat (N, E, S, W); None when they are not known.
    tricks: Tricks4 | None
    #: The hand's score under the record's rules; None when it cannot be scored.
    score: HandScore | None
    written: tuple[WrittenScore | None, WrittenScore | None]
    #: False for a hand still in progress at the end of the record.
    finished: bool
    problems: tuple[Problem, ...] = ()


@attrs.frozen(kw_only=True)
class Report:
    """Everything :func:`verify` found: each hand's score, every problem, the game's result."""

    record: GameRecord
    hands: tuple[HandReport, ...]
    problems: tuple[Problem, ...]
    #: The result, when the game is over.
    result: GameResult | None
    #: The standing after the last hand scored.
    standing: Standing

    @property
    def ok(self) -> bool:
        """True when every action is legal and every written score matches the rules."""
        return not self.problems

    @property
    def usable(self) -> bool:
        """False when the record cannot serve as evidence: a deal that is not a deal, or a start
        the rules cannot have reached. ``spades score`` treats such a record as unusable input."""
        return not self.unusable_problems

    @property
    def unusable_problems(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.reason in _UNUSABLE)

    @property
    def in_progress(self) -> bool:
        """Whether the record stops in the middle of a hand."""
        return bool(self.hands) and not self.hands[-1].finished

    def to_data(self) -> dict[str, Any]:
        """The report as JSON-ready data (the ``--json`` output of ``spades score``)."""
        return _report_data(self)

    def __str__(self) -> str:
        from .report import render_report

        return render_report(self)


def _team_score_data(score: TeamHandScore) -> dict[str, Any]:
    return {
        "points": score.points,
        "total": score.score_after,
        "bags": score.bags_after,
        "contract": score.contract,
        "made": score.made,
        "items": [
            {
                "kind": str(item.kind),
                "points": item.points,
                "text": item.text,
                **({"seat": str(item.seat)} if item.seat is not None else {}),
                **({"count": item.count} if item.count else {}),
            }
            for item in score.items
        ],
        "explanation": score.explain(),
    }


def _result_data(result: GameResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "winner": None if result.winner is None else str(result.winner),
        "reason": str(result.reason),
        "scores": _team_pair(result.scores),
        "hands_played": result.hands_played,
        "text": str(result),
    }


def _report_data(report: Report) -> dict[str, Any]:
    hands = []
    for hand in report.hands:
        entry: dict[str, Any] = {
            "number": hand.number,
            "dealer": str(hand.dealer),
            "bids": {str(s): _bid_data(b) for s, b in zip(SEATS, hand.bids) if b is not None},
            "tricks": None
            if hand.tricks is None
            else {str(s): n for s, n in zip(SEATS, hand.tricks)},
            "finished": hand.finished,
            "score": None
            if hand.score is None
            else {str(team): _team_score_data(hand.score[team]) for team in TEAMS},
        }
        hands.append(entry)
    standing = report.standing
    return {
        "ok": report.ok,
        "usable": report.usable,
        "rules": {
            "preset": report.record.preset,
            "options": report.record.to_data()["rules"]["options"],
        },
        "hands": hands,
        "problems": [problem.to_data() for problem in report.problems],
        "standing": {
            "dealer": str(standing.dealer),
            "hand_number": standing.hand_number,
            "scores": _team_pair(standing.scores),
            "bags": _team_pair(standing.bags),
        },
        "result": _result_data(report.result),
        "in_progress": report.in_progress,
    }


# -- replay and verification ----------------------------------------------------------------------


_ZERO4 = (0, 0, 0, 0)


def _bidding_order(dealer: Seat, rules: RuleSet) -> list[Seat]:
    seats, seat = [], dealer
    for _ in range(4):
        seat = seat.next(rules.direction)
        seats.append(seat)
    return seats


def _bid_probe(state: GameState, standing: Standing, seat: Seat) -> GameState:
    """A bidding state with no cards, to check a bid of a hand recorded without its deal.

    Whether a bid is legal depends only on the rules and the scores, so the engine's own
    :func:`check` decides it; the probe is never yielded.
    """
    hand = HandState(
        dealt=_ZERO4, holdings=_ZERO4, bids=(None, None, None, None), turn=seat, leader=seat
    )
    return GameState(
        rules=state.rules, phase=Phase.BIDDING, standing=standing, hand=hand, start=state.start
    )


def _force_play(state: GameState, index: int) -> GameState:
    """The state after a card its holder may not play is played anyway, to keep checking the hand.

    Mirrors the engine's transition (same primitives in :mod:`spades._bits`); a test checks that it
    agrees with :func:`~spades.engine.apply` on legal plays. Used only by :func:`verify`.
    """
    hand = state.hand
    assert hand is not None and hand.turn is not None
    rules = state.rules
    seat = hand.turn
    step = rules.direction.value
    holdings = list(hand.holdings)
    holdings[seat] &= ~(1 << index)
    trick = (*hand.trick, index)
    broken = hand.broken or _bits.breaks_spades(
        index, trick[0] // 13, rules.spades_breaking is SpadesBreaking.ANY_SPADE
    )
    held: Tricks4 = (holdings[0], holdings[1], holdings[2], holdings[3])
    if len(trick) < 4:
        new_hand = attrs.evolve(
            hand, holdings=held, turn=SEATS[(seat + step) & 3], trick=trick, broken=broken
        )
    else:
        winner = SEATS[(hand.leader + step * _bits.trick_winner(trick)) & 3]
        won = list(hand.won)
        won[winner] += 1
        tricks = (
            *hand.tricks,
            Trick(hand.leader, tuple(Card.from_index(i) for i in trick), rules.direction),
        )
        new_hand = attrs.evolve(
            hand,
            holdings=held,
            turn=None if len(tricks) == 13 else winner,
            leader=winner,
            trick=(),
            tricks=tricks,
            won=(won[0], won[1], won[2], won[3]),
            broken=broken,
        )
    return attrs.evolve(state, hand=new_hand)


def _count_tricks(
    plays: Sequence[Sequence[Card]], leader: Seat, rules: RuleSet
) -> tuple[list[int], int]:
    """Tricks won by each seat in the complete tricks as written, and how many are complete."""
    won = [0, 0, 0, 0]
    complete = 0
    for cards in plays:
        if len(cards) < 4:
            break
        winner = Trick(leader, tuple(cards), rules.direction).winner
        assert winner is not None
        won[winner] += 1
        complete += 1
        leader = winner
    return won, complete


def _first_leader(rules: RuleSet, dealer: Seat, hand: HandRecord) -> Seat | None:
    """Who led the first trick, worked out without the engine (for a hand it could not follow)."""
    if rules.first_lead is FirstLead.FIRST_BIDDER:
        return dealer.next(rules.direction)
    if hand.deal is None:
        return None
    masks = [h.mask for h in hand.deal.hands]
    for giver, cards in hand.exchange:
        masks[giver] &= ~cards.mask
        masks[giver.partner] |= cards.mask
    holders = [seat for seat in SEATS if masks[seat] & 1]
    return holders[0] if len(holders) == 1 else None


def _where_card_is(state: GameState, card: Card) -> str:
    hand = state.hand
    assert hand is not None
    for number, trick in enumerate(hand.tricks, 1):
        for seat, played in trick.plays:
            if played is card:
                return f" ({card} was played to trick {number} by {seat.full_name})"
    for seat in SEATS:
        if hand.holdings[seat] >> card.index & 1:
            return f" ({seat.full_name} holds it)"
    if card.index in hand.trick:
        return f" ({card} is already in this trick)"
    return ""


def _written_text(written: WrittenScore) -> list[str]:
    parts = []
    if written.points is not None:
        parts.append(f"{written.points:+d} for the hand")
    if written.total is not None:
        parts.append(f"a total of {written.total}")
    if written.bags is not None:
        parts.append(f"{written.bags} {'bag' if written.bags == 1 else 'bags'}")
    return parts


def _and(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _alternatives(rules: RuleSet) -> Iterator[tuple[str, RuleSet]]:
    """Other readings a table may have scored by: each single option changed, then each preset."""
    for name in OPTION_NAMES:
        kind = OPTION_KINDS[name]
        current = getattr(rules, name)
        values: list[Any]
        if kind is bool:
            values = [not current]
        elif isinstance(current, enum.Enum):
            values = [member for member in type(current) if member is not current]
        else:
            continue
        for value in values:
            try:
                yield (
                    f"{name}={value if not isinstance(value, bool) else str(value).lower()}",
                    rules.evolve(**{name: value}),
                )
            except RuleSetError:
                continue
    for preset in PRESETS:
        if preset.rules != rules:
            yield f"the {preset.name} rules", preset.rules


def _parted_at(
    rules: RuleSet,
    score: HandScore,
    team: Team,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    before: Standing,
    written_points: int | None,
    written_bags: int | None,
) -> str | None:
    """The first item where a written score and the rules' itemisation part, in a sentence."""
    mine = score[team]
    items = mine.items
    points_off = written_points is not None and written_points != mine.points
    bags_off = written_bags is not None and written_bags != mine.bags_after
    if not points_off and not bags_off:
        return None
    reading = None
    for name, alt_rules in _alternatives(rules):
        try:
            alt = score_hand(alt_rules, bids, tricks, scores=before.scores, bags=before.bags)[team]
        except (RuleSetError, ValueError):  # pragma: no cover - the same bids scored already
            continue
        if (written_points is None or alt.points == written_points) and (
            written_bags is None or alt.bags_after == written_bags
        ):
            reading = name, alt
            break
    if points_off:
        assert written_points is not None
        for item in items:
            if mine.points - item.points == written_points:
                text = f"They part at '{item.text}': the written score leaves it out"
                return text + (f", as {reading[0]} would." if reading else ".")
            if item.points and mine.points - 2 * item.points == written_points:
                return (
                    f"They part at '{item.text}': the written score counts it as {-item.points:+d}."
                )
    if reading is not None:
        name, alt = reading
        for position in range(max(len(items), len(alt.items))):
            ours = items[position].text if position < len(items) else None
            theirs = alt.items[position].text if position < len(alt.items) else None
            if ours != theirs:
                break
        else:  # the items agree; only the bag count differs
            return (
                f"They part at the bag count: the written {written_bags} is what {name} gives "
                f"({alt.bags_after} {'bag' if alt.bags_after == 1 else 'bags'} after the hand)."
            )
        if ours is None:
            where = f"after '{items[-1].text}'" if items else "the first item"
            return (
                f"They part {where}: with {name} there is also '{theirs}', "
                "which gives the written score."
            )
        if theirs is None:
            return (
                f"They part at '{ours}': with {name} there is no such item, "
                "which gives the written score."
            )
        return (
            f"They part at '{ours}': with {name} it is '{theirs}', which gives the written score."
        )
    if points_off:
        assert written_points is not None
        running = 0
        for position, item in enumerate(items):
            if running == written_points and position:
                return f"They part at '{item.text}': the written score stops before it."
            running += item.points
        return f"No single item explains the difference of {written_points - mine.points:+d}."
    return None


@attrs.define
class _Walk:
    """Replays a record through the engine; ``report`` receives each problem."""

    record: GameRecord
    report: Callable[[Problem], None]
    hands: list[HandReport] = attrs.field(factory=list)
    result: GameResult | None = None
    standing: Standing = attrs.field(factory=Standing)
    #: Per team: how far the written running total is off, and since which hand.
    total_off: list[tuple[int, int]] = attrs.field(factory=lambda: [(0, 0), (0, 0)])
    last_written_total: list[int | None] = attrs.field(factory=lambda: [None, None])

    def problem(
        self,
        where: str,
        reason: Reason | RecordReason,
        message: str,
        hand: int | None,
        found: list[Problem],
        **extra: Any,
    ) -> None:
        problem = Problem(where=where, reason=reason, message=message, hand=hand, **extra)
        found.append(problem)
        self.report(problem)

    def run(self) -> Iterator[GameState]:
        record = self.record
        rules = record.rules
        start = record.start
        try:
            state = new_game(
                rules,
                dealer=start.dealer,
                scores=start.scores,
                bags=start.bags,
                hand_number=start.hand_number,
            )
        except StandingError as error:
            self.problem("start", RecordReason.BAD_START, error.message, None, [])
            state = GameState(rules=rules, phase=Phase.DEAL, standing=start, start=start)
        self.standing = state.standing
        yield state
        scoring = True
        for index, hand in enumerate(record.hands):
            if state.phase is Phase.GAME_OVER:
                number = state.hand_number + 1
                extra = len(record.hands) - index
                hands = (
                    f"hand {number}" if extra == 1 else f"hands {number} to {number + extra - 1}"
                )
                self.problem(
                    f"hand {number}",
                    RecordReason.AFTER_GAME_OVER,
                    f"{hands} {'comes' if extra == 1 else 'come'} after the end of the game: "
                    f"{state.result}",
                    number,
                    [],
                )
                break
            is_last = index == len(record.hands) - 1
            state, scoring = yield from self.run_hand(state, hand, is_last, scoring)

    def run_hand(
        self, state: GameState, hand: HandRecord, is_last: bool, scoring: bool
    ) -> Generator[GameState, None, tuple[GameState, bool]]:
        rules = self.record.rules
        if state.phase is Phase.DEAL:
            number, dealer = state.hand_number, state.dealer
        else:
            number, dealer = state.hand_number + 1, state.next_dealer
        before = Standing(dealer=dealer, hand_number=number, scores=state.scores, bags=state.bags)
        here = f"hand {number}"
        found: list[Problem] = []
        cur = state
        engine = hand.deal is not None  # whether the engine is following this hand

        # The deal.
        if hand.deal is not None:
            problems = deal_problems(hand.deal)
            for text in problems:
                self.problem(f"{here}, deal", Reason.BAD_DEAL, text, number, found)
            if problems:
                engine = False
            else:
                cur = apply(cur, hand.deal)
                yield cur

        # The bids, in bidding order.
        order = _bidding_order(dealer, rules)
        missing = [seat for seat in order if hand.bids[seat] is None]
        for seat in order:
            bid = hand.bids[seat]
            if bid is None:
                break
            action = Bid(bid.tricks, blind=bid.blind)
            probe = cur if engine else _bid_probe(state, before, seat)
            violation = check(probe, action)
            if violation is not None:
                self.problem(
                    f"{here}, bidding, {seat} bids {bid}",
                    violation.reason,
                    violation.message,
                    number,
                    found,
                )
                engine = False
            elif engine:
                cur = apply(cur, action)
                yield cur
        later_bids = bool(missing) and any(
            hand.bids[s] is not None for s in order[order.index(missing[0]) :]
        )
        anything_after = bool(
            hand.exchange or hand.plays or hand.tricks is not None or any(hand.written)
        )
        if missing:
            if is_last and not later_bids and not anything_after:
                self.finish(number, dealer, hand, None, None, False, found)
                return cur, scoring
            names = _and([seat.full_name for seat in missing])
            self.problem(
                f"{here}, bidding",
                RecordReason.MISSING_BID,
                f"No bid is recorded for {names}, so the hand cannot be scored"
                + ("; later hands are not scored either." if scoring and not is_last else "."),
                number,
                found,
            )
            return self.unscored(cur, before, number, dealer, hand, found), False

        # The blind nil exchange.
        if engine:
            waiting = not hand.plays and hand.tricks is None and not any(hand.written)
            cur, status = yield from self.exchange_cards(cur, hand, is_last and waiting, found)
            if status == "waiting":
                self.finish(number, dealer, hand, None, None, False, found)
                return cur, scoring
            engine = status == "done"

        # The plays, as far as they can be followed.
        leader = (
            cur.hand.leader
            if engine and cur.hand is not None and cur.phase is Phase.PLAY
            else _first_leader(rules, dealer, hand)
        )
        plays = hand.plays
        short = next((t for t, trick in enumerate(plays[:-1], 1) if len(trick) < 4), None)
        if short is not None:
            self.problem(
                f"{here}, trick {short}",
                RecordReason.INCOMPLETE_TRICK,
                f"trick {short} has {len(plays[short - 1])} cards, but later tricks are "
                "recorded; the plays are followed no further.",
                number,
                found,
            )
            plays = plays[:short]
        if engine and cur.phase is Phase.PLAY:
            cur, followed = yield from self.play_cards(cur, plays, number, found)
        else:
            followed = len(plays)
            self.played_twice(plays, number, found)
        if short is not None:
            followed = min(followed, short - 1)
        lost = followed < len(hand.plays)

        # The tricks each seat took.
        tricks: Tricks4 | None = None
        complete = 0
        counted = [0, 0, 0, 0]
        if plays and leader is not None:
            counted, complete = _count_tricks(plays[:followed], leader, rules)
        if complete == 13:
            tricks = (counted[0], counted[1], counted[2], counted[3])
            if hand.tricks is not None and hand.tricks != tricks:
                self.problem(
                    f"{here}, trick counts",
                    RecordReason.TRICKS_MISMATCH,
                    f"the counts {_counts(hand.tricks)} do not match the plays, which give "
                    f"{_counts(tricks)}.",
                    number,
                    found,
                )
        elif hand.tricks is not None:
            tricks = hand.tricks
            exceeded = [seat for seat in SEATS if counted[seat] > tricks[seat]]
            if exceeded:
                self.problem(
                    f"{here}, trick counts",
                    RecordReason.TRICKS_MISMATCH,
                    f"the counts {_counts(tricks)} are fewer than the tricks already won in "
                    f"the plays recorded ({_counts(counted)}).",
                    number,
                    found,
                )
            if sum(tricks) != 13:
                self.problem(
                    f"{here}, trick counts",
                    RecordReason.BAD_TRICKS,
                    f"the counts {_counts(tricks)} add up to {sum(tricks)}, not 13, so the hand "
                    "cannot be scored"
                    + ("; later hands are not scored either." if scoring and not is_last else "."),
                    number,
                    found,
                )
                return self.unscored(cur, before, number, dealer, hand, found), False
        else:
            if is_last and not lost and not any(hand.written):
                self.finish(number, dealer, hand, None, None, False, found)
                return cur, scoring
            if lost:
                played = f"the plays cannot be followed past trick {followed}"
            elif hand.plays:
                played = f"only {complete} of 13 tricks are recorded"
            else:
                played = "no plays are recorded"
            self.problem(
                here,
                RecordReason.INCOMPLETE_HAND,
                f"{played} and no trick counts, so the hand cannot be scored"
                + ("; later hands are not scored either." if scoring and not is_last else "."),
                number,
                found,
            )
            return self.unscored(cur, before, number, dealer, hand, found), False

        if not scoring:
            self.finish(number, dealer, hand, tricks, None, True, found)
            return self.between(cur, before, number, dealer, hand, tricks, None), False

        # The score: the engine's when it played the hand to its end, else the same function's.
        seated = [bid.for_seat(seat) for seat, bid in zip(SEATS, hand.bids) if bid is not None]
        bids = (seated[0], seated[1], seated[2], seated[3])  # as the engine holds them
        if (
            cur.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
            and cur.history
            and cur.history[-1].number == number
            and cur.hand_number == number
        ):
            score = cur.history[-1].score
            after = cur
            fresh = False
        else:
            score = score_hand(rules, bids, tricks, scores=before.scores, bags=before.bags)
            after = self.between(cur, before, number, dealer, hand, tricks, score)
            fresh = True
        self.compare(number, bids, tricks, score, hand.written, before, found)
        self.finish(number, dealer, hand, tricks, score, True, found)
        self.standing = after.standing
        self.result = after.result
        if fresh:
            yield after
        return after, True

    def exchange_cards(
        self, cur: GameState, hand: HandRecord, may_wait: bool, found: list[Problem]
    ) -> Generator[GameState, None, tuple[GameState, str]]:
        """Check the blind nil exchange through the engine.

        Returns the state and ``"done"``, ``"lost"`` (the engine cannot follow the hand further)
        or ``"waiting"`` (the record stops in the exchange, which ``may_wait`` allows).
        """
        rules = self.record.rules
        number = cur.hand_number
        here = f"hand {number}, exchange"
        given = dict(hand.exchange)
        if cur.phase is not Phase.EXCHANGE:
            why = (
                "these rules have no card exchange"
                if not rules.blind_nil_exchange
                else "only a blind nil bidder and a partner who bid a number exchange cards"
            )
            for seat, passed in given.items():
                message = f"{seat.full_name} may not pass cards: {why}."
                where = f"{here}, {seat} passes {passed.cards_text()}"
                self.problem(where, RecordReason.UNEXPECTED_EXCHANGE, message, number, found)
            return cur, "done"
        while cur.phase is Phase.EXCHANGE:
            giver = cur.to_act
            assert giver is not None
            cards = given.pop(giver, None)
            if cards is None:
                if may_wait:
                    return cur, "waiting"
                message = (
                    f"{giver.full_name} must pass {rules.blind_nil_exchange} cards to "
                    f"{giver.partner.full_name}, but no cards are recorded."
                )
                self.problem(here, RecordReason.MISSING_EXCHANGE, message, number, found)
                return cur, "lost"
            violation = check(cur, Exchange(cards))
            if violation is not None:
                where = f"{here}, {giver} passes {cards.cards_text() or 'nothing'}"
                self.problem(where, violation.reason, violation.message, number, found)
                return cur, "lost"
            cur = apply(cur, Exchange(cards))
            yield cur
        for seat, passed in given.items():
            message = f"{seat.full_name} has no cards to pass: the exchange is already complete."
            where = f"{here}, {seat} passes {passed.cards_text()}"
            self.problem(where, RecordReason.UNEXPECTED_EXCHANGE, message, number, found)
        return cur, "done"

    def play_cards(
        self, cur: GameState, plays: Sequence[Sequence[Card]], number: int, found: list[Problem]
    ) -> Generator[GameState, None, tuple[GameState, int]]:
        """Check every card through the engine; return the state and how many tricks it followed.

        A card its player holds but may not play is reported and played anyway, so that the rest
        of the hand is still checked; a card the player does not hold ends the checking.
        """
        for t, trick in enumerate(plays, 1):
            for card in trick:
                seat, state_hand = cur.to_act, cur.hand
                if cur.phase is not Phase.PLAY or seat is None or state_hand is None:
                    return cur, t - 1  # pragma: no cover - 13 tricks of 4 fill the hand exactly
                play = Play(card)
                violation = check(cur, play)
                if violation is None:
                    cur = apply(cur, play)
                    yield cur
                    continue
                held = bool(state_hand.holdings[seat] >> card.index & 1)
                context = "" if held else _where_card_is(cur, card)
                message = violation.message[:-1] + context + "." if context else violation.message
                where = f"hand {number}, trick {t}, {seat} plays {card}"
                self.problem(where, violation.reason, message, number, found)
                if not held:
                    return cur, t - 1
                cur = _force_play(cur, card.index)
        return cur, len(plays)

    def played_twice(
        self, plays: Sequence[Sequence[Card]], number: int, found: list[Problem]
    ) -> None:
        """For plays the engine cannot follow (no usable deal): at least no card twice."""
        seen: dict[Card, int] = {}
        for t, trick in enumerate(plays, 1):
            for card in trick:
                if card in seen:
                    self.problem(
                        f"hand {number}, trick {t}, {card}",
                        RecordReason.CARD_PLAYED_TWICE,
                        f"{card} is played in trick {seen[card]} and again in trick {t}.",
                        number,
                        found,
                    )
                else:
                    seen[card] = t

    def between(
        self,
        cur: GameState,
        before: Standing,
        number: int,
        dealer: Seat,
        hand: HandRecord,
        tricks: Tricks4,
        score: HandScore | None,
    ) -> GameState:
        """The state between hands, for a hand the engine did not play to its end."""
        rules = self.record.rules
        scores, bags = (
            (score.scores_after, score.bags_after)
            if score is not None
            else (before.scores, before.bags)
        )
        standing = Standing(dealer=dealer, hand_number=number, scores=scores, bags=bags)
        result = decide_game(rules, scores, number) if score is not None else None
        if cur.hand is not None and cur.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
            hand_state = attrs.evolve(cur.hand, turn=None, trick=(), won=tricks)
        else:
            hand_state = HandState(
                dealt=_ZERO4,
                holdings=_ZERO4,
                bids=hand.bids,
                turn=None,
                leader=dealer.next(rules.direction),
                won=tricks,
            )
        history = cur.history
        if (
            score is not None
            and hand.deal is not None
            and cur.hand is not None
            and len(cur.hand.tricks) == 13
        ):
            done = CompletedHand(
                number=number,
                dealer=dealer,
                deal=hand.deal,
                bids=hand.bids,  # type: ignore[arg-type]
                exchanges=tuple(
                    (giver, Hand.from_mask(mask)) for giver, mask in cur.hand.exchanges
                ),
                tricks=cur.hand.tricks,
                tricks_won=tricks,
                score=score,
            )
            history = (*history, done)
        return GameState(
            rules=rules,
            phase=Phase.GAME_OVER if result is not None else Phase.HAND_OVER,
            standing=standing,
            hand=hand_state,
            history=history,
            start=cur.start,
            result=result,
        )

    def unscored(
        self,
        cur: GameState,
        before: Standing,
        number: int,
        dealer: Seat,
        hand: HandRecord,
        found: list[Problem],
    ) -> GameState:
        self.finish(number, dealer, hand, hand.tricks, None, True, found)
        return self.between(cur, before, number, dealer, hand, _ZERO4, None)

    def finish(
        self,
        number: int,
        dealer: Seat,
        hand: HandRecord,
        tricks: Tricks4 | None,
        score: HandScore | None,
        finished: bool,
        found: list[Problem],
    ) -> None:
        self.hands.append(
            HandReport(
                number=number,
                dealer=dealer,
                bids=hand.bids,
                tricks=tricks,
                score=score,
                written=hand.written,
                finished=finished,
                problems=tuple(found),
            )
        )

    def compare(
        self,
        number: int,
        bids: Sequence[Bid],
        tricks: Tricks4,
        score: HandScore,
        written: tuple[WrittenScore | None, WrittenScore | None],
        before: Standing,
        found: list[Problem],
    ) -> None:
        """Check each written score against the rules' and say where they part."""
        rules = self.record.rules
        for team in TEAMS:
            mine = score[team]
            w = written[team]
            if w is None:
                continue
            off_points = w.points is not None and w.points != mine.points
            off_total = w.total is not None and w.total != mine.score_after
            off_bags = w.bags is not None and w.bags != mine.bags_after
            previous_total = self.last_written_total[team]
            off_before, since = self.total_off[team]
            if w.total is not None:
                self.last_written_total[team] = w.total
                off = w.total - mine.score_after
                self.total_off[team] = (off, since if off == off_before and off else number)
            if not (off_points or off_total or off_bags):
                continue
            rule_parts = []
            if w.points is not None:
                rule_parts.append(f"{mine.points:+d} for the hand")
            if w.total is not None:
                rule_parts.append(f"a total of {mine.score_after}")
            if w.bags is not None:
                rule_parts.append(f"{mine.bags_after} {'bag' if mine.bags_after == 1 else 'bags'}")
            message = f"{team} wrote {_and(_written_text(w))}; the rules give {_and(rule_parts)}."
            written_points = w.points
            if written_points is None and w.total is not None:
                basis = previous_total if previous_total is not None else mine.score_before
                written_points = w.total - basis
            if off_total and not off_points and w.total is not None:
                off = w.total - mine.score_after
                if (
                    off == off_before
                    and previous_total is not None
                    and written_points == mine.points
                ):
                    message += (
                        f" The running total has been {off:+d} off since hand {since}; this "
                        "hand's points were added correctly."
                    )
                    written_points = None
            parted = _parted_at(
                rules,
                score,
                team,
                bids,
                tricks,
                before,
                written_points,
                w.bags if off_bags else None,
            )
            self.problem(
                f"hand {number}, {team} score",
                RecordReason.SCORE_MISMATCH,
                message,
                number,
                found,
                team=team,
                explanation=mine.explain(),
                parted_at=parted,
            )


def _counts(tricks: Sequence[int]) -> str:
    return " ".join(f"{seat} {count}" for seat, count in zip(SEATS, tricks))


def _raise(problem: Problem) -> None:
    if problem.reason is RecordReason.SCORE_MISMATCH:
        return  # what the table wrote changes no state; verify() reports it
    raise RecordError(problem.sentence, where=problem.where, reason=str(problem.reason))


def replay(record: GameRecord) -> Iterator[GameState]:
    """Each state of the recorded game, from the start; :class:`RecordError` at the first problem.

    The problems that stop a replay are those that make the game itself wrong (an illegal action,
    a deal that is not a deal, trick counts that cannot be); a written score that differs from the
    rules' does not, since it changes no state: :func:`verify` reports those.

    A hand recorded without its cards yields one state, after the hand, scored from the bids and
    the trick counts by the same :func:`~spades.scoring.score_hand` the engine uses. Such a hand
    has no :class:`~spades.state.CompletedHand` in the state's history (there are no cards).
    """
    return _Walk(record, _raise).run()


def verify(record: GameRecord) -> Report:
    """Replay every action under the record's rules and report every problem, not only the first."""
    found: list[Problem] = []
    walk = _Walk(record, found.append)
    for _ in walk.run():
        pass
    return Report(
        record=record,
        hands=tuple(walk.hands),
        problems=tuple(found),
        result=walk.result,
        standing=walk.standing,
    )
