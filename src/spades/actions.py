"""The actions that move a game on: the deal (chance), bids, the blind nil card exchange, plays.

An action may name the seat taking it; ``None`` means "whoever is to act". The actions that
:func:`~spades.legality.legal_actions` returns always name their seat, so a log of them reads on its
own.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable
from typing import Any, ClassVar, Union

import attrs

from ._text import MAX_INT, exact_int, exact_text, quote
from .cards import Card, Hand
from .errors import NotationError
from .seats import Seat

__all__ = ["Action", "Bid", "Deal", "Exchange", "Play"]


def _seat_or_none(value: Seat | str | None) -> Seat | None:
    if value is None or type(value) is Seat:
        return value
    number = exact_int(value)  # not True, not another enum's member (Team.EW, Suit.SPADES)
    if number is not None and 0 <= number <= 3:
        return Seat(number)
    if isinstance(value, str) and not isinstance(value, enum.Enum):
        return Seat.parse(str.__str__(value))
    raise NotationError(
        f"A seat is a Seat or its text (N, E, S or W), not {quote(value)}.",
        token=quote(value),
        reason="bad_seat",
    )


def _seat_suffix(seat: Seat | None) -> str:
    return "" if seat is None else f", seat={seat!r}"


def _hands(value: Any) -> tuple[Hand, Hand, Hand, Hand]:
    if type(value) is tuple and len(value) == 4 and all(type(h) is Hand for h in value):
        return value
    given = value
    if isinstance(value, str):
        value = str.__str__(value).split()
    elif isinstance(value, (bytes, bytearray, Hand)) or not isinstance(value, Iterable):
        raise NotationError(
            f"A deal is four hands (N, E, S, W), not {quote(given)}.",
            token=quote(given),
            reason="bad_deal",
        )
    items = []
    for item in value:
        items.append(item)
        if len(items) > 4:
            break
    if len(items) != 4:
        count = "more than 4" if len(items) > 4 else str(len(items))
        raise NotationError(
            f"A deal has four hands (N, E, S, W), not {count}.",
            token=given if isinstance(given, str) else quote(given),
            reason="bad_deal",
        )
    return (Hand(items[0]), Hand(items[1]), Hand(items[2]), Hand(items[3]))


@attrs.frozen(repr=False)
class Deal:
    """The four hands dealt, in seat order N, E, S, W. Made from a seed with :meth:`random`.

    The engine checks that it is a real deal (13 different cards each); a ``Deal`` that is not
    can still be built, so that a record's bad deal can be reported rather than refused unread.
    """

    hands: tuple[Hand, Hand, Hand, Hand] = attrs.field(converter=_hands)

    @classmethod
    def random(cls, rng: random.Random | int | None = None) -> Deal:
        """A shuffled deal from ``rng`` (a :class:`random.Random`, a whole-number seed, or None for
        a fresh one); a :class:`NotationError` for anything else."""
        return cls(Hand.deal(rng))

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __repr__(self) -> str:
        texts = ", ".join(repr(hand.to_text()) for hand in self.hands)
        return f"Deal(({texts}))"

    def __str__(self) -> str:
        return " ".join(f"{seat}:{hand}" for seat, hand in zip(Seat, self.hands))


def _bid_tricks(value: object) -> int:
    # Whether the number is a bid the rules allow (nil or 1-13) is for check() to say; here it
    # need only be a whole number that a record can hold.
    number = exact_int(value)
    if number is None:
        raise NotationError(
            f"A bid is a whole number of tricks, not {quote(value)}.",
            token=quote(value),
            reason="bad_bid",
        )
    if not -MAX_INT <= number <= MAX_INT:
        raise NotationError(
            f"A bid is a whole number of tricks within ±(2**53 - 1), not {quote(number)}.",
            token=quote(number),
            reason="bad_bid",
        )
    return number


def _bid_blind(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not True and value is not False:
        raise NotationError(
            f"A bid's blind must be True or False, not {quote(value)}.",
            token=quote(value),
            reason="bad_bid",
        )


#: A bid written as digits: ASCII only ('²' and '٣' are not digits here), and not so long that
#: reading it would be slow (MAX_INT has 16 digits).
_DIGITS = re.compile(r"[0-9]{1,40}")


@attrs.frozen(repr=False)
class Bid:
    """A bid: ``Bid(4)``, nil ``Bid.NIL`` (``Bid(0)``), or blind nil ``Bid.BLIND_NIL``."""

    tricks: int = attrs.field(converter=_bid_tricks)
    blind: bool = attrs.field(default=False, kw_only=True, validator=_bid_blind)
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=_seat_or_none)

    NIL: ClassVar[Bid]
    BLIND_NIL: ClassVar[Bid]

    def __attrs_post_init__(self) -> None:
        if self.blind and self.tricks != 0:
            raise NotationError(
                f"Only nil can be bid blind, not {self.tricks}.",
                token=str(self.tricks),
                reason="bad_bid",
            )

    @property
    def is_nil(self) -> bool:
        """Nil or blind nil."""
        return self.tricks == 0

    def for_seat(self, seat: Seat | None) -> Bid:
        return Bid(self.tricks, blind=self.blind, seat=seat)

    @classmethod
    def of(cls, value: Bid | int | str, *, zero_is_nil: bool = True) -> Bid:
        """A bid from a :class:`Bid`, a number of tricks (0 is nil) or text (see :meth:`parse`)."""
        if isinstance(value, Bid):
            return value
        if isinstance(value, str):
            return cls.parse(value, zero_is_nil=zero_is_nil)
        return cls(value)

    @classmethod
    def parse(cls, text: str, *, zero_is_nil: bool = True) -> Bid:
        """Read ``4``, ``nil``, ``blind nil`` (or ``bn``); ``0`` only when it means nil."""
        plain = exact_text(text)
        if plain is None:
            raise NotationError(
                f"A bid is written as text, not {quote(text)}.", token=quote(text), reason="bad_bid"
            )
        key = " ".join(plain.split())
        key = key.lower() if key.isascii() else key  # no lookalike lower-cases into a word
        if key in ("nil", "n"):
            return BID_NIL
        if key in ("blind nil", "blind-nil", "blind_nil", "bn", "blind"):
            return BID_BLIND_NIL
        if _DIGITS.fullmatch(key):
            tricks = int(key)
            if tricks > MAX_INT:
                raise NotationError(
                    f"{quote(text)} is too many tricks to be a bid; a bid is nil or 1-13.",
                    token=text,
                    reason="bad_bid",
                )
            if tricks == 0:
                if zero_is_nil:
                    return BID_NIL
                raise NotationError(
                    "A bid of '0' is not used under these rules; bid 'nil' or 1-13.",
                    token=text,
                    reason="bad_bid",
                )
            return cls(tricks)
        raise NotationError(
            f"{quote(text)} is not a bid; bid a number of tricks, 'nil' or 'blind nil'.",
            token=text,
            reason="bad_bid",
        )

    def __str__(self) -> str:
        return "blind nil" if self.blind else "nil" if self.tricks == 0 else str(self.tricks)

    def __repr__(self) -> str:
        if self.seat is None:
            if self.blind:
                return "Bid.BLIND_NIL"
            if self.tricks == 0:
                return "Bid.NIL"
        blind = ", blind=True" if self.blind else ""
        return f"Bid({self.tricks}{blind}{_seat_suffix(self.seat)})"


BID_NIL = Bid(0)
BID_BLIND_NIL = Bid(0, blind=True)
Bid.NIL = BID_NIL
Bid.BLIND_NIL = BID_BLIND_NIL


@attrs.frozen(repr=False)
class Exchange:
    """Cards passed to the partner in the blind nil exchange."""

    cards: Hand = attrs.field(converter=Hand)
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=_seat_or_none)

    def __repr__(self) -> str:
        return f"Exchange({self.cards.cards_text()!r}{_seat_suffix(self.seat)})"

    def __str__(self) -> str:
        return f"pass {self.cards.cards_text()}"


@attrs.frozen(repr=False)
class Play:
    """A card played to the current trick."""

    card: Card = attrs.field(converter=Card)
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=_seat_or_none)

    def __repr__(self) -> str:
        return f"Play({str(self.card)!r}{_seat_suffix(self.seat)})"

    def __str__(self) -> str:
        return str(self.card)


#: Any action: the deal (chance), a bid, a card passed in the exchange, a card played.
Action = Union[Deal, Bid, Exchange, Play]  # noqa: UP007 - a runtime alias on Python 3.10
