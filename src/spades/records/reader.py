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

Version 3 of the format adds what the table did: a hand's ``bidding`` in order (each bid an
object ``{"seat": "E", "bid": 3}``; a hand then needs no ``bids``), a hand's ``thrown_in`` and
the record's ``verdict``. A record of an earlier version that gives one is refused, naming it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import IO, Any, NoReturn

from .._kernel.bidding import MOST_TRICKS
from .._kernel.table import table_of
from .._text import quote
from ..actions import Bid, Deal
from ..cards import Card
from ..errors import RecordError, RuleSetError, SpadesError
from ..hands import Hand
from ..rules import OPTION_KINDS, OPTION_NAMES, RuleSet, find_preset
from ..seats import SEATS, Seat
from ..standing import Standing
from .checks import WrittenScore
from .format import FORMAT, VERSION, GameRecord, HandRecord
from .json_values import (
    SHOWN,
    build_at,
    fail_at,
    join,
    kind_of,
    read_bool,
    read_by_seat,
    read_card,
    read_cards,
    read_int,
    read_list,
    read_object,
    read_seat,
    read_side_ints,
    read_text,
    seat_keys,
    show,
    side_keys,
    text_keys,
)
from .notation import DRAW_TURNS

__all__ = ["from_data", "load", "loads"]

#: What a preset meant in older versions of the format, where it has changed since: by the last
#: version with the older meaning and the preset's name, the options to apply over the preset's
#: rules of today, unless the record's options give them.
_OLDER_PRESETS: dict[int, dict[str, dict[str, str]]] = {
    1: {"pagat": {"exchange_order": "partner_first"}},  # version 2 passes nil bidder first
}


def _read_rules(value: object, where: str, version: int = VERSION) -> tuple[str, RuleSet]:
    obj = read_object(value, where, required=("preset",), optional=("options",))
    name = read_text(obj["preset"], join(where, "preset"))
    try:
        preset = find_preset(name[: SHOWN * 2])
    except RuleSetError as error:
        if len(name) > SHOWN:
            fail_at(join(where, "preset"), f"{show(name)} is not a preset.", "bad_rules")
        fail_at(join(where, "preset"), error.message, "bad_rules")
    if len(name) > SHOWN * 2:
        fail_at(join(where, "preset"), f"{show(name)} is not a preset.", "bad_rules")
    options_where = join(where, "options")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        fail_at(options_where, f"expected an object, found {kind_of(options)}.", "wrong_type")
    text_keys(options, options_where)
    for key, option in options.items():
        if key not in OPTION_NAMES:
            if len(key) > SHOWN:
                fail_at(
                    join(options_where, key),
                    f"{show(key)} is not a rule option.",
                    "unknown_field",
                )
            try:
                RuleSet.describe(key)
            except RuleSetError as error:
                fail_at(join(options_where, key), error.message, "unknown_field")
        kind = OPTION_KINDS[key]
        if kind is int:
            if option is not None:
                read_int(option, join(options_where, key))
        elif kind is bool:
            if not isinstance(option, bool):
                fail_at(
                    join(options_where, key),
                    f"expected true or false, found {kind_of(option)}.",
                    "wrong_type",
                )
        else:
            choices = [str(member) for member in kind]  # type: ignore[attr-defined]
            if read_text(option, join(options_where, key)) not in choices:
                fail_at(
                    join(options_where, key),
                    f"{show(option)} is not one of {', '.join(choices)}.",
                    "bad_rules",
                )
    for last, meanings in _OLDER_PRESETS.items():
        if version <= last:
            options = {**meanings.get(preset.name, {}), **options}
    try:
        rules = RuleSet.from_dict(options, base=preset.rules)
    except RuleSetError as error:
        fail_at(
            join(options_where, error.option) if error.option else options_where,
            error.message,
            "bad_rules",
        )
    return preset.name, rules


def _read_start(value: object, where: str, rules: RuleSet) -> Standing:
    keys = ("dealer", "hand_number", "scores", "bags", "sets", "consecutive_sets")
    obj = read_object(value, where, optional=keys)
    dealer = read_seat(obj["dealer"], join(where, "dealer")) if "dealer" in obj else Seat.N
    number = (
        read_int(obj["hand_number"], join(where, "hand_number"), 1) if "hand_number" in obj else 1
    )
    zeros = (0,) * len(rules.sides)
    by_side = {
        key: read_side_ints(obj[key], join(where, key), rules, least) if key in obj else zeros
        for key, least in (("scores", None), ("bags", 0), ("sets", 0), ("consecutive_sets", 0))
    }
    return build_at(where, lambda: Standing(dealer=dealer, hand_number=number, **by_side))


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
            fail_at(
                where,
                f"{show(value)} is not a bid; write 1 to {most}, 'nil' or 'blind nil'.",
                "bad_bid",
            )
        # Only a whole number here: whether it is in the rules' range is the record's to say, with
        # the sentence check() gives for the same bid.
        if isinstance(value, float):
            fail_at(where, _fractional_bid(value, most), "wrong_type")
        tricks = read_int(value, where)
        if tricks == 0 and not rules.zero_bid_is_nil:
            fail_at(where, "a bid of 0 is not used under these rules; write 'nil'.", "bad_bid")
        return Bid(tricks)

    return read


def _fractional_bid(value: float, most: int) -> str:
    """Why a number written with a decimal point is not a bid: ``3.5 is not a whole number, so
    not a bid; ...``, or for ``4.0``, to write it as a whole number."""
    if value.is_integer() and abs(value) <= MOST_TRICKS:
        return (
            f"{show(value)} is not a bid as a record writes one; write the whole number "
            f"{int(value)}, without a decimal point."
        )
    return (
        f"{show(value)} is not a whole number, so not a bid; write 1 to {most}, 'nil' or "
        "'blind nil'."
    )


def _read_written(value: object, where: str, rules: RuleSet) -> tuple[WrittenScore | None, ...]:
    keys = side_keys(value, where, rules)
    obj = read_object(value, where, optional=keys)
    out: list[WrittenScore | None] = []
    for key in keys:
        if key not in obj:
            out.append(None)
            continue
        here = join(where, key)
        side = read_object(obj[key], here, optional=("points", "total", "bags"))
        given = {name: read_int(number, join(here, name)) for name, number in side.items()}
        out.append(build_at(here, partial(WrittenScore, **given)))
    return tuple(out)


#: The fields of a hand that came with version 3 of the format.
_VERSION_3_FIELDS = ("bidding", "thrown_in")

_HAND_FIELDS = (
    "bidding",
    "thrown_in",
    "deal",
    "draw",
    "buried",
    "exchange",
    "plays",
    "tricks",
    "written",
    "note",
    "redeal",
    "reneges",
)


def _read_hand(value: object, where: str, rules: RuleSet, version: int) -> HandRecord:
    """A hand of the record, read by its form: what it holds is the record's to check
    (:class:`~spades.records.HandRecord`, then :class:`~spades.records.GameRecord` under the
    rules), which it refuses here, at its place in the file. A hand gives its ``bids``, its
    ``bidding`` (since version 3), or both."""
    given = value if isinstance(value, dict) else {}
    newer = [key for key in _VERSION_3_FIELDS if key in given]
    if newer and version < 3:
        fail_at(
            join(where, newer[0]),
            f"the field {newer[0]!r} came with version 3 of the record format; this record "
            f'says version {version} (write "version": 3).',
            "unknown_field",
        )
    required = () if "bidding" in given else ("bids",)
    obj = read_object(value, where, required=required, optional=(*_HAND_FIELDS, "bids"))
    deal: Any = None
    if "deal" in obj:
        hands = read_by_seat(obj["deal"], join(where, "deal"), read_cards, rules, all_seats=True)
        deal = Deal(tuple(hands.values())) if isinstance(hands, dict) else hands
    draw: list[Any] = []
    if "draw" in obj:
        here = join(where, "draw")
        draw = read_list(obj["draw"], here, 1)
        for t, turn in enumerate(islice(draw, DRAW_TURNS + 1)):  # the record refuses more
            read_text(turn, join(here, t))
    buried = read_cards(obj["buried"], join(where, "buried")) if "buried" in obj else None
    bids: Any = {}
    if "bids" in obj:
        bids = read_by_seat(
            obj["bids"],
            join(where, "bids"),
            _bid_reader(rules),
            rules,
            all_seats=False,
            nullable=True,
        )
    bidding = (
        _read_bidding(obj["bidding"], join(where, "bidding"), rules) if "bidding" in obj else ()
    )
    exchange: list[tuple[Seat, Hand]] = []
    if "exchange" in obj:
        here = join(where, "exchange")
        exchange_obj = read_object(
            obj["exchange"], here, optional=seat_keys(obj["exchange"], here, rules)
        )
        for key, cards in exchange_obj.items():
            exchange.append((Seat.parse(key), read_cards(cards, join(here, key))))
    plays: Any = ()
    if "plays" in obj:
        plays = _read_plays(obj["plays"], join(where, "plays"))
    tricks = None
    if "tricks" in obj:
        tricks = read_by_seat(obj["tricks"], join(where, "tricks"), read_int, rules, all_seats=True)
    written: tuple[WrittenScore | None, ...] = (None,) * len(rules.sides)
    if "written" in obj:
        written = _read_written(obj["written"], join(where, "written"), rules)
    note = read_text(obj["note"], join(where, "note")) if "note" in obj else ""
    redeal = read_seat(obj["redeal"], join(where, "redeal")) if "redeal" in obj else None
    reneges = (
        read_side_ints(obj["reneges"], join(where, "reneges"), rules, None)
        if "reneges" in obj
        else (0,) * len(rules.sides)
    )
    thrown_in = (
        read_bool(obj["thrown_in"], join(where, "thrown_in")) if "thrown_in" in obj else None
    )
    return build_at(
        where,
        lambda: HandRecord(
            bids=bids,
            bidding=bidding,
            deal=deal,
            draw=draw,
            buried=buried,
            exchange=exchange,
            plays=plays,
            tricks=tricks,
            written=written,
            note=note,
            redeal=redeal,
            reneges=reneges,
            thrown_in=thrown_in,
        ),
    )


def _read_bidding(value: object, where: str, rules: RuleSet) -> list[tuple[Seat, Bid]]:
    """A hand's bidding in the order made, each bid an object ``{"seat": "E", "bid": 3}``; the
    record refuses a seat that bids twice (and so a list of more bids than seats, read no
    further)."""
    read_bid = _bid_reader(rules)
    bidding = []
    for i, item in enumerate(islice(read_list(value, where), len(SEATS) + 1)):
        here = join(where, i)
        obj = read_object(item, here, required=("seat", "bid"))
        bidding.append(
            (read_seat(obj["seat"], join(here, "seat")), read_bid(obj["bid"], join(here, "bid")))
        )
    return bidding


def _read_plays(value: object, where: str) -> Any:
    """A hand's tricks, each a list of cards in play order. How many tricks and cards a hand has
    is the record's to say; plays longer than any hand (more tricks than a hand of three with
    the jokers deck, a trick of more cards than seats) are handed to it unread from there."""
    tricks = read_list(value, where)
    if len(tricks) > MOST_TRICKS:
        return tricks
    plays: list[tuple[Card, ...]] = []
    for t, trick in enumerate(tricks):
        here = join(where, t)
        cards = read_list(trick, here)
        if len(cards) > len(SEATS):
            return tricks  # the tricks before it are read: the record refuses this one
        plays.append(tuple(read_card(card, join(here, i)) for i, card in enumerate(cards)))
    return plays


def from_data(data: object) -> GameRecord:
    """A record from parsed JSON data (what :meth:`GameRecord.to_data` gives)."""
    obj = read_object(
        data,
        "",
        required=("format", "version", "rules", "hands"),
        optional=("start", "note", "verdict"),
    )
    if obj["format"] != FORMAT:
        fail_at(
            "format",
            f"this is not a spades record: expected {FORMAT!r}, found {show(obj['format'])}.",
            "bad_format",
        )
    version = obj["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        fail_at(
            "version",
            f"this reader knows versions 1 to {VERSION} of the record format, not {show(version)}.",
            "bad_version",
        )
    preset, rules = _read_rules(obj["rules"], "rules", version)
    start = _read_start(obj.get("start", {}), "start", rules)
    hands = tuple(
        _read_hand(hand, join("hands", i), rules, version)
        for i, hand in enumerate(read_list(obj["hands"], "hands"))
    )
    note = read_text(obj["note"], "note") if "note" in obj else ""
    verdict = _read_verdict(obj["verdict"], version, rules) if "verdict" in obj else None
    return build_at(
        "",
        lambda: GameRecord(
            rules=rules, preset=preset, start=start, hands=hands, note=note, verdict=verdict
        ),
    )


def _read_verdict(value: object, version: int, rules: RuleSet) -> dict[str, Any]:
    """The table's verdict on the game (since version 3): ``winner``, a side of the rules, and
    ``game_over``, true or false; what they say together is the record's to check."""
    if version < 3:
        fail_at(
            "verdict",
            "the field 'verdict' came with version 3 of the record format; this record says "
            f'version {version} (write "version": 3).',
            "unknown_field",
        )
    obj = read_object(value, "verdict", optional=("winner", "game_over"))
    given: dict[str, Any] = {}
    if "winner" in obj:
        winner = read_text(obj["winner"], "verdict.winner")
        if winner not in [str(side) for side in rules.sides]:
            try:
                rules.side(winner[:SHOWN])
            except SpadesError as error:
                fail_at("verdict.winner", error.message, "bad_seat")
        given["winner"] = winner
    if "game_over" in obj:
        given["game_over"] = read_bool(obj["game_over"], "verdict.game_over")
    return given


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            fail_at("", f"the key {show(key)} appears twice in one object.", "duplicate_key")
        out[key] = value
    return out


def _no_constants(name: str) -> NoReturn:
    fail_at("", f"{name} is not a number in a record.", "bad_json")


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text (or UTF-8 bytes); anything wrong is a
    :class:`~spades.errors.RecordError` saying where, and nothing else."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            fail_at(
                "",
                f"the file is not UTF-8 text ({error.reason} at byte {error.start}).",
                "bad_json",
            )
    if not isinstance(text, str):
        fail_at("", f"a record is JSON text, not {type(text).__name__}.", "bad_json")
    if not text.strip():
        fail_at("", "the file is empty: a record is a JSON object.", "empty_file")
    try:
        data = json.loads(text, object_pairs_hook=_pairs_hook, parse_constant=_no_constants)
    except RecordError:
        raise
    except json.JSONDecodeError as error:
        fail_at(
            f"line {error.lineno}, column {error.colno}",
            f"not valid JSON: {error.msg}.",
            "bad_json",
        )
    except RecursionError:
        fail_at("", "the JSON is nested too deeply to be a record.", "bad_json")
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        fail_at("", f"not a usable JSON value: {error}.", "bad_json")
    try:
        return from_data(data)
    except RecursionError:  # pragma: no cover - json refuses deeper nesting first
        fail_at("", "the record is nested too deeply.", "bad_json")


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file opened for reading (text or binary); anything else is a
    :class:`TypeError`."""
    read = getattr(fp, "read", None)
    if not callable(read):
        raise TypeError(f"load() reads a file opened for reading, not {quote(fp)}.")
    return loads(read())
