"""Versioned game records: the record types, JSON in and out, and replay.

A record is what settles a scoring dispute: the rules, the standing the game started from, and for
each hand the deal, the bids, the blind nil exchange and the plays, or only the bids and the tricks
each seat took, plus the scores the table wrote down. :func:`replay` yields each state of the
recorded game through the engine and stops at the first problem;
:func:`~spades.verification.verify` (also importable from here) reports every problem. The JSON
form is described by the schema shipped as ``spades/schema/record-v1.schema.json`` (see
:func:`schema`); the strict reader behind :func:`loads` is in ``spades._record_read``.

>>> from spades import Deal, new_game, apply
>>> from spades.record import dumps, loads, to_record
>>> state = apply(new_game('000'), Deal.random(3))
>>> record = to_record(state)
>>> loads(dumps(record)) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from typing import IO, Any

import attrs

from .actions import Bid, Deal
from .cards import Card, Hand
from .errors import RecordError
from .presets import PRESETS, find_preset
from .rules import RuleSet
from .seats import SEATS, TEAMS, Seat
from .state import GameState, Phase, Standing
from .verification import HandReport as HandReport
from .verification import Problem as Problem
from .verification import RecordReason as RecordReason
from .verification import Report as Report
from .verification import _replay
from .verification import verify as verify

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
#: The largest integer a record holds: JavaScript's largest safe integer, read exactly anywhere.
MAX_INT = 2**53 - 1

# The text forms a record accepts. The shipped JSON Schema uses the same patterns (a test keeps
# them in step), so a record the schema accepts never fails the reader on notation.
_RANK = r"(?:10|[2-9TJQKAtjqka])"
_SUIT = "[cdhsCDHS♣♦♥♠♧♢♡♤]"
CARD_PATTERN = rf"^(?:{_RANK}{_SUIT}|{_SUIT}{_RANK})$"
_CARD = rf"(?:{_RANK}{_SUIT}|{_SUIT}{_RANK})"
_GROUP = rf"(?:-|{_RANK}*)"
HAND_PATTERN = rf"^(?:{_GROUP}(?:\.{_GROUP}){{3}}|(?:{_CARD}(?: +{_CARD})*)?)$"

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
    bid = Bid.of(value).for_seat(None)  # a record's bids name no seat: the order says it
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
        from ._record_read import read_data  # the reader builds the types of this module

        return read_data(data)


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


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text; anything wrong raises :class:`RecordError`, nothing else."""
    from ._record_read import read_text  # the reader builds the types of this module

    return read_text(text)


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file opened for reading (text or binary)."""
    return loads(fp.read())


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format, as shipped with the package."""
    text = resources.files("spades").joinpath("schema/record-v1.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# -- from a game state and back -------------------------------------------------------------------


def to_record(state: GameState, *, preset: str | None = None) -> GameRecord:
    """A record of everything that happened in ``state``'s game, including a hand in progress.

    A hand the state knows only by its counts (from :func:`~spades.engine.apply_counts`, or a hand
    a replay scored before its last trick) is recorded with its trick counts.
    """
    hands = [
        HandRecord(
            bids=done.bids,
            deal=done.deal,
            exchange=done.exchanges,
            plays=tuple(trick.cards for trick in done.tricks),
            tricks=None if len(done.tricks) == 13 else done.tricks_won,
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


def replay(record: GameRecord) -> Iterator[GameState]:
    """Each state of the recorded game, from the start; :class:`RecordError` at the first problem.

    The problems that stop a replay are those that make the game itself wrong (an illegal action,
    a deal that is not a deal, trick counts that cannot be); a written score that differs from the
    rules' does not, since it changes no state: :func:`~spades.verification.verify` reports those.

    A hand recorded without its cards yields one state, after the hand, played from the bids and
    the trick counts by :func:`~spades.engine.apply_counts`: its
    :class:`~spades.state.CompletedHand` in the state's history has no deal and no tricks, only
    ``tricks_won``. A hand recorded with only some of its plays and its trick counts yields a state
    for each play, then one after the hand, scored from the counts.
    """
    return _replay(record)
