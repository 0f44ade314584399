"""The values double-dummy analysis answers with: read-only mappings keyed by side, seat or card,
the card that cost a side a trick, and a side's and a nil bidder's verdicts on one hand.

Each is an immutable value whose ``repr`` is an expression that rebuilds it (with the names of
:mod:`spades` and :mod:`spades.analysis` imported), and each has JSON-ready data
(``to_data()``) that ``from_data`` reads back; :mod:`spades.analysis.game` describes the whole
document.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Generic, TypeVar

import attrs

from ..cards import Card
from ..seats import Seat, Side, Team

__all__ = ["CostlyCard", "FrozenMap", "NilAnalysis", "SideAnalysis"]

_K = TypeVar("_K")
_V = TypeVar("_V")


class FrozenMap(Mapping[_K, _V], Generic[_K, _V]):
    """A read-only mapping, in the order it was given, equal to any mapping with the same items
    and hashed by them; its ``repr`` is the dict literal (``{Team.NS: 9, Team.EW: 4}``), which a
    value's constructor reads back."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[_K, _V] | None = None) -> None:
        self._items: dict[_K, _V] = dict(items or {})

    def __getitem__(self, key: _K) -> _V:
        return self._items[key]

    def __iter__(self) -> Iterator[_K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)


def frozen_map(value: Mapping[Any, Any] | None) -> FrozenMap[Any, Any]:
    return value if isinstance(value, FrozenMap) else FrozenMap(value)


def cards_tuple(values: Any) -> tuple[Card, ...]:
    """Cards (or their text) as a tuple of cards."""
    return tuple(Card(card) if not isinstance(card, Card) else card for card in values)


def _card_values(values: Mapping[Any, int]) -> FrozenMap[Card, int]:
    return FrozenMap(
        {card if isinstance(card, Card) else Card(card): v for card, v in values.items()}
    )


def side_of_text(text: str) -> Side:
    """The side a JSON document names: a team (``NS``) or a seat (``N``)."""
    return Team.parse(text) if len(text) == 2 else Seat.parse(text)


@attrs.frozen(kw_only=True)
class CostlyCard:
    """A card that cost a side (or a nil bidder) what it could have made: the ``play``-th card
    of the hand (from 0), played by ``seat`` to trick ``trick`` (from 1), when the side could
    make sure of ``before`` tricks in the hand (those taken included) and after it only
    ``after``. ``values`` gives every card the seat could have played with its value, on the
    same scale, and ``best`` the cards of the highest. For a nil bidder the values are the
    tricks the defenders could force on the nil bidder, ``before`` 0 and ``best`` the cards that
    kept them at 0."""

    #: The card's place among the hand's plays, from 0 (the first lead).
    play: int
    #: The trick it was played to, from 1.
    trick: int
    #: Who played it.
    seat: Seat
    #: The card played.
    card: Card = attrs.field(converter=Card)
    #: The value before it (what the side could still make sure of).
    before: int
    #: The value once it was played.
    after: int
    #: The cards that kept the value (the best of :attr:`values`).
    best: tuple[Card, ...] = attrs.field(converter=cards_tuple)
    #: Every card the seat could play, with its value.
    values: FrozenMap[Card, int] = attrs.field(converter=_card_values)

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data: cards as text (``"Qh"``), the seat as its letter."""
        return {
            "play": self.play,
            "trick": self.trick,
            "seat": self.seat.name,
            "card": str(self.card),
            "before": self.before,
            "after": self.after,
            "best": [str(card) for card in self.best],
            "values": {str(card): value for card, value in self.values.items()},
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CostlyCard:
        """The costly card that :meth:`to_data` wrote."""
        return cls(
            play=data["play"],
            trick=data["trick"],
            seat=Seat.parse(data["seat"]),
            card=data["card"],
            before=data["before"],
            after=data["after"],
            best=data["best"],
            values=data["values"],
        )


@attrs.frozen(kw_only=True)
class SideAnalysis:
    """One side's hand, double dummy: its ``contract`` (None when the side has no bids), the
    most tricks it could make sure of from the analysis' start (``makeable``, tricks taken by
    then included), the tricks it ``took``, what its own cards cost it in all
    (``tricks_lost``) and the first of them that cost a trick (``first_costly``, None when none
    did)."""

    #: The side (a team, or a seat playing alone).
    side: Side
    #: The side's contract (the sum of its bids other than nil); None for a hand without bids.
    contract: int | None
    #: The most tricks the side could make sure of, every hand in view.
    makeable: int
    #: The tricks the side took.
    took: int
    #: The tricks the side's own cards gave away, one costly card after another.
    tricks_lost: int
    #: The first of the side's cards that cost it a trick.
    first_costly: CostlyCard | None

    @property
    def contract_makeable(self) -> bool | None:
        """Whether the contract could have been made (None without a contract)."""
        return None if self.contract is None else self.makeable >= self.contract

    @property
    def contract_made(self) -> bool | None:
        """Whether the side took its contract (None without a contract)."""
        return None if self.contract is None else self.took >= self.contract

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data: the side as its name (``"NS"``, ``"N"``)."""
        first = self.first_costly
        return {
            "side": str(self.side),
            "contract": self.contract,
            "makeable": self.makeable,
            "took": self.took,
            "contract_makeable": self.contract_makeable,
            "tricks_lost": self.tricks_lost,
            "first_costly": None if first is None else first.to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SideAnalysis:
        """The side's analysis that :meth:`to_data` wrote."""
        first = data["first_costly"]
        return cls(
            side=side_of_text(data["side"]),
            contract=data["contract"],
            makeable=data["makeable"],
            took=data["took"],
            tricks_lost=data["tricks_lost"],
            first_costly=None if first is None else CostlyCard.from_data(first),
        )


@attrs.frozen(kw_only=True)
class NilAnalysis:
    """A nil bidder's hand, double dummy: whether the nil could be kept (``makeable``: the nil
    bidder taking no trick however the defenders, every seat not on the bidder's side, play to
    give them one), whether it was (``kept``), and the first card from which it could no longer
    be (``lost_at``; None when it never was makeable, or stayed so)."""

    #: The nil bidder.
    seat: Seat
    #: Whether the nil could be kept from the analysis' start.
    makeable: bool
    #: Whether the nil bidder took no trick.
    kept: bool
    #: The card (the nil bidder's or a partner's) from which the nil could no longer be kept.
    lost_at: CostlyCard | None

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data: the seat as its letter."""
        lost = self.lost_at
        return {
            "seat": self.seat.name,
            "makeable": self.makeable,
            "kept": self.kept,
            "lost_at": None if lost is None else lost.to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> NilAnalysis:
        """The nil's analysis that :meth:`to_data` wrote."""
        lost = data["lost_at"]
        return cls(
            seat=Seat.parse(data["seat"]),
            makeable=data["makeable"],
            kept=data["kept"],
            lost_at=None if lost is None else CostlyCard.from_data(lost),
        )
