"""Versioned game records: the record types, and JSON out.

A record is what settles a scoring dispute: the rules, the standing the game started from, and for
each hand the deal, the bids, the blind nil exchange and the plays, or only the bids and the tricks
each seat took, plus the scores the table wrote down. What is kept by side (the start's scores and
bags, a hand's written scores and told reneges) is kept by team, NS and EW, or by player, N, E, S
and W, when every player plays alone (the rule option ``partnerships`` false). What is kept by seat
(a hand's bids, deal, tricks and trick counts) has a value for each seat in play: N, E, S and W,
or N, E and S at a table of three (the rule option ``players`` 3), or N and E for two players
(``players`` 2), who play alone and draw their hands: a hand's ``draw`` holds that card by card,
or its ``deal`` the two hands kept. Records built in Python are checked as strictly as records
read from a file: a value that a record cannot hold is a :class:`~spades.errors.RecordError`
naming the field. :func:`~spades.records.to_record` records a
game state; :mod:`spades.records.reader` reads JSON back, ``spades.records.verify`` checks a
record.

>>> from spades import Deal, new_game, apply
>>> from spades.records import dumps, loads, to_record
>>> state = apply(new_game('partners_app'), Deal.random(3))
>>> record = to_record(state)
>>> loads(dumps(record)) == record
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from itertools import islice
from typing import IO, Any, Union

import attrs

from .._kernel.bidding import MOST_TRICKS
from .._kernel.deal import DRAWN_CARDS
from .._kernel.table import table_of
from .._text import MAX_INT, and_text, quote, whole_number_problem
from ..actions import (
    Bid,
    Deal,
    Discard,
    Draw,
    Keep,
    Redeal,
    bid_data,
    bid_range_problem,
    by_seat,
    four_bids,
    given_seats,
    trick_counts,
)
from ..cards import Card, Hand
from ..errors import RecordError, SpadesError
from ..legality import draw_players_problem
from ..phase import Phase
from ..rules import PRESETS, RuleSet, as_ruleset, find_preset
from ..seats import SEATS, TEAMS, Seat, Side, parse_side, seat_data, side_data, sides
from ..standing import Standing, side_values
from ..state import GameState

__all__ = [
    "CARD_PATTERN",
    "DRAW_TURNS",
    "DRAW_TURN_PATTERN",
    "FORMAT",
    "HAND_PATTERN",
    "MAX_INT",
    "VERSION",
    "GameRecord",
    "HandRecord",
    "WrittenScore",
    "draw_turns",
    "dump",
    "dumps",
    "schema",
    "to_record",
]

#: The value of a record's ``format`` field.
FORMAT = "spades-record"
#: The record format version this module writes; the reader also reads every earlier one.
#:
#: Version 2 came with the exchange order (``exchange_order``): since then the ``pagat`` preset
#: has the blind nil bidder pass first. A record names its rules by a preset and the options that
#: differ from it, so the reader reads a version-1 ``pagat`` record with
#: ``exchange_order=partner_first``, as it was meant, unless its options say otherwise; written
#: again, such a record gives that option.
VERSION = 2

# The text forms a record accepts. The shipped JSON Schema uses the same patterns (a test keeps
# them in step), so a record the schema accepts never fails the reader on notation.
_RANK = r"(?:10|[2-9TJQKAtjqka])"
_SUIT = "[cdhsCDHS♣♦♥♠♧♢♡♤]"
_JOKER = "(?:BJ|LJ|bj|lj)"
#: The regular expression a card's text in a record matches: rank then suit or suit then rank
#: (``As``, ``10h``, ``A♠``, ``SA``), or a joker (``BJ``, ``LJ``).
CARD_PATTERN = rf"^(?:{_RANK}{_SUIT}|{_SUIT}{_RANK}|{_JOKER})$"
_CARD = rf"(?:{_RANK}{_SUIT}|{_SUIT}{_RANK}|{_JOKER})"
_GROUP = rf"(?:-|{_RANK}*)"
_SPADE_GROUP = rf"(?:-|(?:BJ|bj)?(?:LJ|lj)?{_RANK}*)"
#: The regular expression a hand's text in a record matches: the dotted form (``AKQ7.T9.J842.53``,
#: ``-`` or nothing for a void; the jokers first among the spades, ``BJLJAK``) or cards
#: separated by spaces.
HAND_PATTERN = rf"^(?:{_SPADE_GROUP}(?:\.{_GROUP}){{3}}|(?:{_CARD}(?: +{_CARD})*)?)$"
#: The regular expression a turn of two players' draw matches in a record: the card drawn,
#: ``keep`` or ``discard`` for it, and the second card drawn, which goes the other way
#: (``As keep 7h``); only the last turn of a draw in progress may stop after the first card
#: (``As``) or the choice (``As keep``).
DRAW_TURN_PATTERN = rf"^{_CARD}(?: (?:keep|discard)(?: {_CARD})?)?$"


# -- the record types ---------------------------------------------------------------------------


def _fail(where: str, message: str, reason: str = "bad_record") -> RecordError:
    return RecordError(f"{where}: {message}" if where else message, where=where, reason=reason)


def _written(value: object, where: str, minimum: int) -> int | None:
    if value is None:
        return None
    problem = whole_number_problem(value, minimum=minimum)
    if problem is not None:
        raise _fail(where, f"{problem}.", "wrong_type")
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


# -- values by seat -------------------------------------------------------------------------------
#
# A hand is dealt to four seats or, under ``players`` 3, to three (N, E, S). A HandRecord is built
# before the rules are known, so it takes either and says how many its deal (or, without one, its
# trick counts) has; the GameRecord checks that number against its rules.

#: The most tricks in a hand at a table of four, of three and of two.
_MOST_TRICKS = {4: table_of(RuleSet()).tricks, 3: MOST_TRICKS, 2: table_of(RuleSet()).tricks}


class _ByName(tuple):  # type: ignore[type-arg]
    """Values read from a mapping by seat (bids, written scores), in which a seat left out has
    nothing (no bid yet, nothing written): four places, the last (West's) dropped by the
    HandRecord when its hand is dealt to three, and refused there when it holds something."""


class _Overlong(tuple):  # type: ignore[type-arg]
    """Plays with more tricks than any hand has, read only in part; ``given`` says how many."""

    given: str


def _seats_sentence(values: Sequence[object], what: str, reason: str, seats: int) -> str:
    """What :func:`~spades.actions.by_seat` says of ``values`` (by seat, in seat order) at a
    table of ``seats``: the one sentence for values of the wrong number of seats."""
    try:
        by_seat(values, what, reason, allow_missing=True, seats=seats)
    except SpadesError as error:
        return error.message
    raise AssertionError(f"{len(values)} values fit {seats} seats")  # pragma: no cover


def _seat_sentence(seat: Seat, seats: int) -> str:
    """What :func:`~spades.seats.parse_side` says of a seat with no player at a table of
    ``seats``."""
    try:
        parse_side(seat, False, seats)
    except SpadesError as error:
        return error.message
    raise AssertionError(f"{seat} plays at a table of {seats}")  # pragma: no cover


def _to_bids(values: Any) -> tuple[Bid | None, ...]:
    # By seat, a seat left out has not bid: read as four, the hand's deal says which seats play.
    seats = 4 if isinstance(values, Mapping) else given_seats(values)
    try:
        bids = four_bids(values, allow_missing=True, seats=seats)
    except SpadesError as error:
        raise _fail("bids", error.message, "bad_bid") from None
    # A record's bids name no seat: their place says it, and a bid naming another seat is refused
    # rather than moved.
    for seat, bid in zip(SEATS, bids):
        if bid is not None and bid.seat is not None and bid.seat is not seat:
            raise _fail(
                f"bids.{seat}",
                f"{seat.full_name}'s place holds a bid by {bid.seat.full_name}, {bid!r}.",
                "bad_bid",
            )
    read = tuple(bid if bid is None or bid.seat is None else bid.for_seat(None) for bid in bids)
    return _ByName(read) if isinstance(values, Mapping) else read


def _to_deal(value: Deal | None) -> Deal | None:
    if value is None or isinstance(value, Deal):
        return value
    try:
        return Deal(value)
    except SpadesError as error:
        raise _fail("deal", error.message, "bad_hand") from None


def _to_exchange(value: Any) -> tuple[tuple[Seat, Hand], ...]:
    try:
        items = value.items() if isinstance(value, Mapping) else list(value)
        pairs = {}
        for item in items:
            seat, cards = item
            seat = Seat.of(seat)
            if seat in pairs:
                raise _fail("exchange", f"{seat.full_name} passes cards twice.", "bad_hand")
            pairs[seat] = Hand(cards)
    except RecordError:
        raise
    except SpadesError as error:
        raise _fail("exchange", error.message, "bad_hand") from None
    except (TypeError, ValueError):
        raise _fail(
            "exchange", f"expected (seat, cards) pairs, not {quote(value)}.", "wrong_type"
        ) from None
    return tuple(sorted(pairs.items()))


def _to_plays(value: Any) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise _fail("plays", f"expected a list of tricks, not {quote(value)}.", "wrong_type")
    tricks = []
    # Read one item past each limit, so that an endless iterable is refused, not followed. The
    # limits here are those of any hand (four cards a trick, 18 tricks at a table of three); the
    # HandRecord holds its plays to its own table.
    for number, trick in enumerate(islice(value, MOST_TRICKS + 1)):
        where = f"plays[{number}]"
        if isinstance(trick, str):
            trick = trick.split()
        if isinstance(trick, (bytes, Mapping)) or not isinstance(trick, Iterable):
            raise _fail(where, f"expected the cards of a trick, not {quote(trick)}.", "wrong_type")
        try:
            cards = tuple(Card(card) for card in islice(trick, len(SEATS) + 1))
        except SpadesError as error:
            raise _fail(where, error.message, "bad_card") from None
        if len(cards) > len(SEATS):
            raise _fail(where, f"a trick has 1 to 4 cards, not {_how_many(trick)}.", "out_of_range")
        tricks.append(cards)
    if len(tricks) > MOST_TRICKS:
        overlong = _Overlong(tricks)
        overlong.given = _how_many(value)
        return overlong
    return tuple(tricks)


def _plays_problem(
    plays: tuple[tuple[Card, ...], ...], seats: int, most: int
) -> tuple[str, str] | None:
    """Where and why plays do not fit a hand of ``seats`` seats and at most ``most`` tricks."""
    if len(plays) > most:
        given = plays.given if isinstance(plays, _Overlong) else str(len(plays))
        return "plays", f"a hand has at most {most} tricks, not {given}."
    for number, trick in enumerate(plays):
        if not 1 <= len(trick) <= seats:
            return f"plays[{number}]", f"a trick has 1 to {seats} cards, not {len(trick)}."
    return None


def _how_many(items: object) -> str:
    """How many items a list or tuple holds; 'more' for an iterable read only in part."""
    return str(len(items)) if isinstance(items, (list, tuple)) else "more"


def _to_tricks(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        return trick_counts(value)  # its GameRecord reads them again under its rules
    except SpadesError as error:
        raise _fail("tricks", error.message, "bad_tricks") from None


def _to_written(value: Any) -> tuple[WrittenScore | None, ...]:
    by_name = isinstance(value, Mapping)
    if by_name:
        value = _written_by_side(value)
    if (
        isinstance(value, (str, bytes))
        or not isinstance(value, Sequence)
        or len(value) not in (len(TEAMS), 3, len(SEATS))
    ):
        raise _fail(
            "written",
            f"expected a score for NS and one for EW, or one for each of N, E, S and W when every "
            f"player plays alone (N, E and S at a table of three), not {quote(value)}.",
            "wrong_type",
        )
    for side, score in zip(_sides_of(len(value)), value):
        if score is not None and not isinstance(score, WrittenScore):
            raise _fail(
                "written", f"expected a WrittenScore or None, not {quote(score)}.", "wrong_type"
            )
        if score == _NOTHING_WRITTEN:  # what the reader refuses, and dumps() would write
            raise _fail(
                f"written.{side}",
                "write at least one of 'points', 'total' and 'bags'.",
                "missing_field",
            )
    # By seat, West left out: which seats play, the hand's deal says (see _ByName).
    return _ByName(value) if by_name and len(value) == len(SEATS) else tuple(value)


def _sides_of(count: int) -> tuple[Side, ...]:
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
                raise _fail("written", f"{side}'s score is given twice.", "wrong_type")
            by_side[side] = score
    except SpadesError as error:
        if isinstance(error, RecordError):
            raise
        raise _fail("written", error.message, "wrong_type") from None
    return tuple(by_side.get(side) for side in sides(partnerships))


def _names_a_seat(key: object) -> bool:
    try:
        parse_side(key, False)  # type: ignore[arg-type]
    except SpadesError:
        return False
    return True


# -- two players' draw -----------------------------------------------------------------------------
#
# A hand of two-handed Spades (``deal_method`` draw_keep_discard) may be recorded card by card: its
# draw is the engine's actions in order, a Draw, then Keep or Discard for that card, then the Draw
# of the second card of the turn (which goes the other way), 26 turns. A record writes each turn as
# one text, ``As keep 7h``; the drawer of each turn is the dealer's to say (the player after the
# dealer draws first, then the turns alternate), so no turn names a seat.

_DRAW_TURN_RE = re.compile(DRAW_TURN_PATTERN)
#: The turns of a draw (two players keep 13 cards and discard 13 each), and its actions.
DRAW_TURNS = DRAWN_CARDS // 2
_DRAW_STEPS = 3
#: What each place of a turn holds, as a sentence names it.
_DRAW_PLACES = ("a card drawn", "'keep' or 'discard'", "the second card drawn")
_TURN_EXAMPLE = "the card drawn, 'keep' or 'discard', then the second card drawn: 'As keep 7h'"

#: An action of two players' draw.
DrawAction = Union[Draw, Keep, Discard]  # noqa: UP007 - a runtime alias on Python 3.10


def draw_turns(draw: Sequence[DrawAction]) -> list[str]:
    """The texts of a draw's turns, as a record writes them (``As keep 7h``)."""
    turns = []
    for start in range(0, len(draw), _DRAW_STEPS):
        words = []
        for action in draw[start : start + _DRAW_STEPS]:
            words.append(str(action.card) if isinstance(action, Draw) else str(action))
        turns.append(" ".join(words))
    return turns


def _turn_actions(text: str, where: str) -> list[DrawAction]:
    """The actions of one turn's text (``As keep 7h``)."""
    if len(text) > 20 or not _DRAW_TURN_RE.match(text):
        raise _fail(
            where, f"{quote(text)} is not a turn of the draw; write {_TURN_EXAMPLE}.", "bad_draw"
        )
    actions: list[DrawAction] = []
    for word in text.split(" "):
        if word == "keep":
            actions.append(Keep())
        elif word == "discard":
            actions.append(Discard())
        else:
            try:
                actions.append(Draw(word))
            except SpadesError as error:
                raise _fail(where, error.message, "bad_card") from None
    return actions


def _to_draw(value: Any) -> tuple[DrawAction, ...]:
    """A hand's draw from its actions (:class:`~spades.actions.Draw`, :class:`~spades.actions.Keep`,
    :class:`~spades.actions.Discard`) or the texts of its turns, in order; each turn a card
    drawn, the drawer's choice, and the second card. A Keep or Discard names no seat here: the
    turn's drawer makes it."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise _fail(
            "draw", f"expected the turns of the draw in order, not {quote(value)}.", "wrong_type"
        )
    actions: list[DrawAction] = []
    most = DRAW_TURNS * _DRAW_STEPS
    for number, item in enumerate(islice(value, most + 1)):
        turn = len(actions) // _DRAW_STEPS
        where = f"draw[{turn}]"
        if isinstance(item, str):
            if len(actions) % _DRAW_STEPS:
                raise _fail(
                    where,
                    f"turn {turn + 1} of the draw is written in part; write each turn as one "
                    f"text, {_TURN_EXAMPLE}.",
                    "bad_draw",
                )
            given = _turn_actions(item, f"draw[{number}]")
        elif isinstance(item, (Draw, Keep, Discard)):
            given = [item if isinstance(item, Draw) else item.for_seat(None)]
        else:
            raise _fail(
                where,
                f"expected a Draw, Keep or Discard, or a turn's text, not {quote(item)}.",
                "wrong_type",
            )
        for action in given:
            place = len(actions) % _DRAW_STEPS
            if isinstance(action, Draw) != (place != 1):
                raise _fail(
                    f"draw[{len(actions) // _DRAW_STEPS}]",
                    f"{_DRAW_PLACES[place]} is due here, not {quote(str(action))}; a turn of the "
                    f"draw is {_TURN_EXAMPLE}.",
                    "bad_draw",
                )
            actions.append(action)
        if len(actions) > most:
            raise _fail(
                "draw",
                f"two players draw {DRAW_TURNS} turns of two cards each hand, not more.",
                "out_of_range",
            )
    return tuple(actions)


def _to_redeal(value: Seat | str | None) -> Seat | None:
    if value is None:
        return None
    try:
        return Seat.of(value)
    except SpadesError as error:
        raise _fail("redeal", error.message, "bad_seat") from None


def _to_reneges(value: Any) -> tuple[int, ...]:
    try:
        return side_values(value, "reneges", minimum=0)
    except SpadesError as error:
        raise _fail("reneges", error.message, "wrong_type") from None


def _to_note(value: object) -> str:
    if not isinstance(value, str):
        raise _fail("note", f"expected text, not {quote(value)}.", "wrong_type")
    text = str.__str__(value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate: no file can hold it as UTF-8
        bad = quote(text[error.start : error.end])
        raise _fail("note", f"{bad} is not a character UTF-8 can encode.", "wrong_type") from None
    return text


@attrs.frozen(kw_only=True)
class HandRecord:
    """One hand as recorded: with its cards, or only the bids and the tricks each seat took.

    ``bids`` and ``tricks`` are in seat order N, E, S, W (not bidding order), or mappings by seat;
    ``exchange`` holds the cards each seat passed in the blind nil exchange; ``plays`` the tricks,
    each in play order. A hand with plays or an exchange has its deal; a hand without its deal has
    its trick counts. A hand dealt to three (the rule option ``players`` 3) has three of each, N,
    E and S: its deal (or, without one, its trick counts) says how many seats the hand has, and
    every value by seat must fit them (bids by seat may leave West out; a bid, a pass or a redeal
    by West is refused); a hand of two players (``players`` 2) has two, N and E, and may give its
    ``draw`` card by card instead of its deal. :class:`GameRecord` checks the number against its
    rules.
    ``written`` and ``reneges`` are by side: by team, or by player when every
    player plays alone, which the game's rules say (:class:`GameRecord` checks them against its
    rules; left at their defaults, nothing written and no reneges, they fit either).
    """

    #: The bids by seat; None for a seat whose bid is not recorded.
    bids: tuple[Bid | None, ...] = attrs.field(converter=_to_bids)
    #: The hands as dealt; for two players (``deal_method`` draw_keep_discard) the hands they
    #: drew, when the draw is not recorded card by card.
    deal: Deal | None = attrs.field(default=None, converter=_to_deal)
    #: Two players' draw, card by card (``deal_method`` draw_keep_discard): the hand's
    #: :class:`~spades.actions.Draw`, :class:`~spades.actions.Keep` and
    #: :class:`~spades.actions.Discard` actions in order, given as actions or as the texts of the
    #: turns (``'As keep 7h'``: the card drawn, kept, and the second card drawn, discarded). A
    #: hand has its draw or its deal, not both; empty for none.
    draw: tuple[DrawAction, ...] = attrs.field(default=(), converter=_to_draw)
    #: The cards each seat passed in the blind nil exchange.
    exchange: tuple[tuple[Seat, Hand], ...] = attrs.field(default=(), converter=_to_exchange)
    #: The tricks, each in play order.
    plays: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_to_plays)
    #: The tricks each seat took, as the table counted them.
    tricks: tuple[int, ...] | None = attrs.field(default=None, converter=_to_tricks)
    #: The scores written down after the hand, by side: for NS and EW, or for N, E, S and W when
    #: every player plays alone (``partnerships`` false); None for a side with nothing written.
    written: tuple[WrittenScore | None, ...] = attrs.field(
        default=(None, None), converter=_to_written
    )
    #: Free text about the hand; empty for none.
    note: str = attrs.field(default="", converter=_to_note)
    #: The seat that called for a redeal, throwing the hand in (the ``redeal`` rule option);
    #: None for a hand played out. A thrown-in hand has its deal and the bids made before the
    #: call, and no exchange, plays, trick counts or written scores: it is not scored, and the
    #: next hand, dealt again by the same dealer, has the same number.
    redeal: Seat | None = attrs.field(default=None, converter=_to_redeal)
    #: The reneges found after the hand, by side (NS, EW; or N, E, S, W when every player plays
    #: alone), for a hand recorded without its plays (by its trick counts); a hand with its plays
    #: shows its reneges in them. The rules say what a renege costs (``renege_penalty``).
    reneges: tuple[int, ...] = attrs.field(default=(0, 0), converter=_to_reneges)

    def __attrs_post_init__(self) -> None:
        if any(self.reneges) and (self.plays or self.redeal is not None):
            raise _fail(
                "reneges",
                "the reneges of a hand with its plays are the ones its plays show; give them "
                "only for a hand told by its trick counts.",
                "bad_record",
            )
        if self.draw and self.deal is not None:
            raise _fail(
                "draw",
                "a hand gives its draw card by card or the hands drawn (its deal), not both.",
                "bad_record",
            )
        seats = _hand_seats(self)
        if seats is not None:
            self._fit_seats(seats)
        if self.redeal is not None:
            if self.deal is None and not self.draw:
                raise _fail("redeal", "a thrown-in hand also needs its deal.", "missing_field")
            for name, empty in (("exchange", ()), ("plays", ()), ("tricks", None)):
                if getattr(self, name) != empty:
                    raise _fail(
                        name,
                        f"a thrown-in hand (redeal) has no {name}: it is dealt again.",
                        "bad_record",
                    )
            if any(self.written):
                raise _fail(
                    "written",
                    "a thrown-in hand (redeal) has no written score: it is not scored.",
                    "bad_record",
                )
            if self.bids[self.redeal] is not None:
                raise _fail(
                    f"bids.{self.redeal}",
                    f"{self.redeal.full_name} called for the redeal, so has no bid in the "
                    "thrown-in hand.",
                    "bad_bid",
                )
        if self.deal is None and not self.draw:
            for name in ("plays", "exchange"):
                if getattr(self, name):
                    raise _fail(
                        name,
                        "a hand with plays or an exchange also needs its deal.",
                        "missing_field",
                    )
            if self.tricks is None:
                raise _fail(
                    "",
                    "a hand without its deal needs 'tricks', the tricks each seat took.",
                    "missing_field",
                )

    def _fit_seats(self, seats: int) -> None:
        """Every value by seat held to the ``seats`` seats of the hand's deal (or trick counts):
        bids by seat trimmed to three when West's is left out; anything given for a seat with no
        player, or a number of values that is not ``seats``, refused."""
        dealt = self.deal is not None or self.draw
        if dealt and self.tricks is not None and len(self.tricks) != seats:
            message = _seats_sentence(self.tricks, "trick counts", "bad_tricks", seats)
            raise _fail("tricks", message, "bad_tricks")
        bids = self.bids
        if isinstance(bids, _ByName):
            if seats < len(bids) and bids[Seat.W] is not None:
                raise _fail("bids.W", _seat_sentence(Seat.W, seats), "bad_bid")
            object.__setattr__(self, "bids", tuple(bids[:seats]))
        elif len(bids) != seats:
            raise _fail("bids", _seats_sentence(bids, "bids", "bad_bids", seats), "bad_bid")
        written = self.written
        if isinstance(written, _ByName):  # by seat, four places
            if seats < len(written) and written[Seat.W] is not None:
                raise _fail("written.W", _seat_sentence(Seat.W, seats), "bad_seat")
            object.__setattr__(self, "written", tuple(written[:seats]))
        for seat, _ in self.exchange:
            if seat >= seats:
                raise _fail(f"exchange.{seat}", _seat_sentence(seat, seats), "bad_seat")
        if self.redeal is not None and self.redeal >= seats:
            raise _fail("redeal", _seat_sentence(self.redeal, seats), "bad_seat")
        problem = _plays_problem(self.plays, seats, _MOST_TRICKS[seats])
        if problem is not None:
            raise _fail(*problem, "out_of_range")


def _hand_seats(hand: HandRecord) -> int | None:
    """How many seats ``hand`` is dealt to: its deal's hands, two for a draw or, without
    either, its trick counts; None when it has none of them (which the HandRecord refuses)."""
    if hand.draw:
        return 2
    if hand.deal is not None:
        return len(hand.deal.hands)
    if hand.tricks is not None:
        return len(hand.tricks)
    return None


def _closest_preset(record: GameRecord) -> str:
    """The preset from which the rules differ in the fewest options (the first on a tie)."""
    return min(PRESETS, key=lambda preset: len(record.rules.diff(preset.rules))).name


def _canonical_preset(name: object) -> str:
    try:
        return find_preset(name).name  # type: ignore[arg-type]
    except SpadesError as error:
        raise _fail("rules.preset", error.message, "bad_rules") from None


def _to_rules(value: RuleSet | str) -> RuleSet:
    try:
        return as_ruleset(value)
    except SpadesError as error:
        raise _fail("rules", error.message, "bad_rules") from None


def _zero_start(record: GameRecord) -> Standing:
    zeros = (0,) * len(record.rules.sides)
    return Standing(scores=zeros, bags=zeros)


def _to_start(value: Standing | None) -> Standing:
    if isinstance(value, Standing):
        return value
    raise _fail("start", f"expected a Standing, not {quote(value)}.", "wrong_type")


def _to_hands(value: Iterable[HandRecord]) -> tuple[HandRecord, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _fail("hands", f"expected a list of HandRecord, not {quote(value)}.", "wrong_type")
    hands = tuple(value)
    for number, hand in enumerate(hands):
        if not isinstance(hand, HandRecord):
            raise _fail(
                f"hands[{number}]", f"expected a HandRecord, not {quote(hand)}.", "wrong_type"
            )
    return hands


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game, or the part of it in dispute: rules, starting standing, hands.

    Every bid is checked against the rules' range here, with the sentence
    :func:`~spades.legality.check` gives for it; every hand has the rules' number of seats
    (:attr:`~spades.rules.RuleSet.players`: a hand dealt to four under the rules of three is
    refused, naming its deal or its trick counts), its trick counts and plays fit a hand of the
    rules, and the start's dealer is a seat in play. Every value by side (the start's scores and
    bags, each hand's written scores and reneges) against the rules' sides: two teams, or four
    players when every player plays alone (``partnerships`` false). Values of the other kind are
    refused with the sentence of :func:`~spades.standing.side_values`, except where none is given
    (zero scores, bags and reneges, nothing written), which fits either and is kept by the rules'
    sides.
    """

    #: The rules, or a preset name.
    rules: RuleSet = attrs.field(factory=RuleSet, converter=_to_rules)
    #: The preset the rules are written relative to (the closest one unless given).
    preset: str = attrs.field(
        default=attrs.Factory(_closest_preset, takes_self=True), converter=_canonical_preset
    )
    #: Where the game started from (by default hand 1, dealt by North, every side at 0).
    start: Standing = attrs.field(
        default=attrs.Factory(_zero_start, takes_self=True), converter=_to_start
    )
    #: The hands, in order.
    hands: tuple[HandRecord, ...] = attrs.field(default=(), converter=_to_hands)
    #: Free text about the game; empty for none.
    note: str = attrs.field(default="", converter=_to_note)

    def __attrs_post_init__(self) -> None:
        self._fit_seats()
        self._fit_sides()
        for number, hand in enumerate(self.hands):
            for seat, bid in zip(SEATS, hand.bids):
                if bid is None:
                    continue
                problem = bid_range_problem(self.rules, seat, bid)
                if problem is not None:
                    raise _fail(f"hands[{number}].bids.{seat}", problem, "bad_bid")

    def _fit_seats(self) -> None:
        """Every hand held to the rules' seats, and its trick counts and plays to a hand of the
        rules; the start dealt by a seat in play."""
        rules = self.rules
        players = rules.players
        if self.start.dealer >= players:
            raise _fail("start.dealer", _seat_sentence(self.start.dealer, players), "bad_seat")
        most = table_of(rules).tricks
        for number, hand in enumerate(self.hands):
            where = f"hands[{number}]"
            if _hand_seats(hand) != players:
                if hand.draw:
                    raise _fail(f"{where}.draw", draw_players_problem(players), "bad_draw")
                if hand.deal is not None:
                    message = _seats_sentence(hand.deal.hands, "hands dealt", "bad_deal", players)
                    raise _fail(f"{where}.deal", message, "bad_hand")
                assert hand.tricks is not None
                message = _seats_sentence(hand.tricks, "trick counts", "bad_tricks", players)
                raise _fail(f"{where}.tricks", message, "bad_tricks")
            if hand.tricks is not None and players != len(SEATS):
                try:
                    trick_counts(hand.tricks, rules)
                except SpadesError as error:
                    raise _fail(f"{where}.tricks", error.message, "bad_tricks") from None
            problem = _plays_problem(hand.plays, players, most)
            if problem is not None:
                raise _fail(f"{where}.{problem[0]}", problem[1], "out_of_range")

    def _fit_sides(self) -> None:
        """The values by side kept by the rules' sides (a frozen record's own fields, set once
        here, before anyone can see them); values of the other kind refused."""
        rules = self.rules
        count = len(rules.sides)
        start = self.start
        if len(start.scores) != count:
            scores = _fit_values(start.scores, "scores", "start.scores", rules, 0)
            bags = _fit_values(start.bags, "bags", "start.bags", rules, 0)
            fitted = Standing(
                dealer=start.dealer, hand_number=start.hand_number, scores=scores, bags=bags
            )
            object.__setattr__(self, "start", fitted)
        hands = list(self.hands)
        fitted_hands = False
        for number, hand in enumerate(hands):
            if len(hand.written) == count and len(hand.reneges) == count:
                continue
            where = f"hands[{number}]"
            reneges = _fit_values(hand.reneges, "reneges", f"{where}.reneges", rules, 0)
            if len(hand.written) != count and any(hand.written):
                raise _written_sides_problem(rules, hand.written, f"{where}.written")
            written = hand.written if any(hand.written) else (None,) * count
            hands[number] = attrs.evolve(hand, written=written, reneges=reneges)
            fitted_hands = True
        if fitted_hands:
            object.__setattr__(self, "hands", tuple(hands))

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        return _record_data(self)


def _fit_values(
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
        raise _fail(where, error.message, "wrong_type") from None


def _written_sides_problem(
    rules: RuleSet, written: tuple[WrittenScore | None, ...], where: str
) -> RecordError:
    """Why scores written for ``len(written)`` sides do not fit the rules: the sentence of
    :func:`~spades.seats.parse_side` for the first side written that the rules do not have, or,
    when the rules have every side written (three seats written under the rules of four, or
    four with West's empty under the rules of three), which sides they want."""
    for side, score in zip(_sides_of(len(written)), written):
        if score is None:
            continue
        try:
            rules.side(side)
        except SpadesError as error:
            return _fail(where, error.message, error.reason)
    names = and_text([str(side) for side in rules.sides])
    return _fail(where, f"expected a score for each of {names}, not {len(written)}.", "wrong_type")


# -- writing --------------------------------------------------------------------------------------


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
            "scores": side_data(start.scores, record.rules.sides),
            "bags": side_data(start.bags, record.rules.sides),
        },
        "hands": [_hand_data(hand, record.rules) for hand in record.hands],
    }
    if record.note:
        data["note"] = record.note
    return data


def _hand_data(hand: HandRecord, rules: RuleSet) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if hand.deal is not None:
        data["deal"] = seat_data([h.to_text() for h in hand.deal.hands])
    if hand.draw:
        data["draw"] = draw_turns(hand.draw)
    data["bids"] = {
        str(seat): bid_data(bid) for seat, bid in zip(SEATS, hand.bids) if bid is not None
    }
    if hand.exchange:
        data["exchange"] = {
            str(seat): [str(card) for card in cards] for seat, cards in hand.exchange
        }
    if hand.plays:
        data["plays"] = [[str(card) for card in trick] for trick in hand.plays]
    if hand.tricks is not None:
        data["tricks"] = seat_data(hand.tricks)
    if any(hand.reneges):
        data["reneges"] = side_data(hand.reneges, rules.sides)
    written = {}
    for side, score in zip(rules.sides, hand.written):
        if score is not None:
            fields = {"points": score.points, "total": score.total, "bags": score.bags}
            written[str(side)] = {k: v for k, v in fields.items() if v is not None}
    if written:
        data["written"] = written
    if hand.redeal is not None:
        data["redeal"] = str(hand.redeal)
    if hand.note:
        data["note"] = hand.note
    return data


#: The longest list of plain values :func:`dumps` writes on one line when it indents.
_LONGEST_LINE = 100


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
            flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
            if len(flat) <= _LONGEST_LINE:
                return flat
            # A long list of values (two players' draw): one value a line.
            inner = [pad + json.dumps(v, ensure_ascii=False) for v in value]
            return "[\n" + ",\n".join(inner) + "\n" + end + "]"
        inner = [pad + _format(v, indent, level + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + end + "]"
    return json.dumps(value, ensure_ascii=False)


#: The widest indent :func:`dumps` writes.
MAX_INDENT = 16


def _check_record(record: object, function: str) -> None:
    if not isinstance(record, GameRecord):
        raise TypeError(f"{function}() writes a GameRecord, not {quote(record)}.")


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON: one line, or indented by ``indent`` spaces (each trick on one line).

    Anything but a :class:`GameRecord` is a :class:`TypeError`; an ``indent`` other than None or
    a whole number from 0 to 16 is a :class:`~spades.errors.RecordError`.
    """
    _check_record(record, "dumps")
    if indent is not None:
        problem = whole_number_problem(indent, minimum=0, maximum=MAX_INDENT)
        if problem is not None:
            raise RecordError(f"indent {problem}.", reason="bad_indent")
    data = _record_data(record)
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _format(data, indent, 0) + "\n"


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write the record to a text file as JSON."""
    _check_record(record, "dump")
    write = getattr(fp, "write", None)
    if not callable(write):
        raise TypeError(f"dump() writes to a file opened for writing text, not {quote(fp)}.")
    write(dumps(record, indent=indent))


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format, as shipped with the package."""
    text = (
        resources.files("spades.records")
        .joinpath("schema/record-v1.schema.json")
        .read_text("utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


# -- from a game state and back -------------------------------------------------------------------


def to_record(state: GameState, *, preset: str | None = None) -> GameRecord:
    """A record of everything that happened in ``state``'s game, including a hand in progress.

    A hand the state knows only by its counts (from :func:`~spades.engine.apply_counts`, or a hand
    a replay scored before its last trick) is recorded with its trick counts. Anything but a
    :class:`~spades.state.GameState` is a :class:`TypeError`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"to_record() records a GameState, not {quote(state)}.")
    every = table_of(state.rules).tricks
    played = [
        HandRecord(
            bids=done.bids,
            deal=done.deal,
            exchange=done.exchanges,
            plays=tuple(trick.cards for trick in done.tricks),
            tricks=None if len(done.tricks) == every else done.tricks_won,
        )
        for done in state.history
    ]
    hands = _with_thrown_in(state, played)
    if state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
        plays = [trick.cards for trick in state.completed_tricks]
        if state.trick_cards:
            plays.append(tuple(Card.from_index(i) for i in state.trick_cards))
        hands.append(
            HandRecord(bids=state.bids, deal=state.deal, exchange=state.exchanges, plays=plays)
        )
    draws = _draws(state)
    if state.phase is Phase.DRAW:
        hands.append(HandRecord(bids=state.bids, draw=draws[-1]))
    if len(draws) == len(hands):
        hands = [
            attrs.evolve(hand, deal=None, draw=draw) if draw else hand
            for hand, draw in zip(hands, draws)
        ]
    if preset is None:
        return GameRecord(rules=state.rules, start=state.start, hands=hands)
    return GameRecord(rules=state.rules, preset=preset, start=state.start, hands=hands)


def _draws(state: GameState) -> list[tuple[DrawAction, ...]]:
    """For each hand started on the way to ``state``, in order, its draw card by card: empty
    for a hand dealt, told by its counts or given by the hands drawn (a
    :class:`~spades.actions.Deal`). A hand starts with the first action taken where
    :attr:`~spades.state.GameState.needs_deal` holds."""
    taken: list[tuple[GameState, Any]] = []
    cur = state
    while cur.previous is not None:
        taken.append((cur.previous, cur.last_action))
        cur = cur.previous
    draws: list[list[DrawAction]] = []
    for before, action in reversed(taken):
        if before.needs_deal:
            draws.append([])
        if draws and isinstance(action, (Draw, Keep, Discard)):
            draws[-1].append(action if isinstance(action, Draw) else action.for_seat(None))
    return [tuple(draw) for draw in draws]


def _with_thrown_in(state: GameState, played: list[HandRecord]) -> list[HandRecord]:
    """The hands of ``played`` (one per completed hand of ``state.history``) with each thrown-in
    hand (a :class:`~spades.actions.Redeal` on the way to ``state``) in its place."""
    thrown: list[tuple[int, HandRecord]] = []
    cur: GameState | None = state
    while cur is not None and cur.previous is not None:
        action = cur.last_action
        if isinstance(action, Redeal):
            before = cur.previous
            hand = HandRecord(bids=before.bids, deal=before.deal, redeal=action.seat)
            thrown.append((len(before.history), hand))
        cur = cur.previous
    if not thrown:
        return played
    hands: list[HandRecord] = []
    thrown.reverse()
    at = 0
    for index, hand in enumerate(played):
        while at < len(thrown) and thrown[at][0] <= index:
            hands.append(thrown[at][1])
            at += 1
        hands.append(hand)
    hands.extend(hand for _, hand in thrown[at:])
    return hands
