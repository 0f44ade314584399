"""Game states: immutable values with queries only. The rules that move them live in the engine.

A :class:`GameState` answers everything a table shows: the phase, who acts, the bids, the team
contracts, tricks taken, the current trick and who is winning it, whether spades are broken, the
scores and bags, the hand number, the dealer and the result. Hands are ``int`` masks inside and
:class:`~spades.cards.Hand` values at the surface.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs

from . import _bits
from .actions import Bid, Deal
from .cards import Card, Hand, Suit
from .rules import RuleSet
from .scoring import GameResult, HandScore
from .seats import SEATS, Direction, Seat, Team

__all__ = ["CompletedHand", "GameState", "HandState", "Phase", "Standing", "Trick"]

_T = TypeVar("_T")
_new = object.__new__
_set = object.__setattr__


def replace(obj: _T, **changes: Any) -> _T:
    """``attrs.evolve`` for the hot path: copy the instance dict instead of re-running ``__init__``.

    Only for :class:`HandState` and :class:`GameState`, which have no validators or converters;
    they are dict-backed rather than slotted for exactly this reason.
    """
    data = obj.__dict__.copy()
    data.update(changes)
    new = _new(type(obj))
    _set(new, "__dict__", data)
    return new


class Phase(enum.Enum):
    """Where a game stands."""

    #: Waiting for the first deal.
    DEAL = "deal"
    #: Bids are being made, one seat at a time.
    BIDDING = "bidding"
    #: A blind nil bidder and partner are exchanging cards.
    EXCHANGE = "exchange"
    #: Tricks are being played.
    PLAY = "play"
    #: The hand is over and scored; the next action is the next deal (the dealer then rotates).
    HAND_OVER = "hand_over"
    #: The game has a result.
    GAME_OVER = "game_over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __str__(self) -> str:
        return self.value


@attrs.frozen(kw_only=True)
class Standing:
    """Where a game stands between hands: who deals hand ``hand_number``, and the totals so far."""

    dealer: Seat = Seat.N
    hand_number: int = 1
    scores: tuple[int, int] = (0, 0)
    bags: tuple[int, int] = (0, 0)


@attrs.frozen(repr=False)
class Trick:
    """A trick, complete or in progress: the seat that led and the cards in the order played."""

    leader: Seat
    cards: tuple[Card, ...]
    direction: Direction = Direction.CLOCKWISE

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who played each card, in order."""
        step = self.direction.value
        return tuple(SEATS[(self.leader + step * i) & 3] for i in range(len(self.cards)))

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple(zip(self.seats, self.cards))

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def winner(self) -> Seat | None:
        """The seat taking the trick, or winning it so far; None before the lead."""
        if not self.cards:
            return None
        position = _bits.trick_winner([card.index for card in self.cards])
        return SEATS[(self.leader + self.direction.value * position) & 3]

    @property
    def winning_card(self) -> Card | None:
        if not self.cards:
            return None
        return self.cards[_bits.trick_winner([card.index for card in self.cards])]

    def __repr__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        direction = "" if self.direction is Direction.CLOCKWISE else f", {self.direction!r}"
        return f"Trick({self.leader!r}, {cards!r}{direction})"

    def __str__(self) -> str:
        return " ".join(f"{seat}:{card}" for seat, card in self.plays)

    def __attrs_post_init__(self) -> None:
        if isinstance(self.cards, str):
            object.__setattr__(self, "cards", tuple(Card(c) for c in self.cards.split()))

    @classmethod
    def _make(cls, leader: Seat, cards: tuple[Card, ...], direction: Direction) -> Trick:
        """Build without ``__init__``, for the engine's hot path (the arguments are well formed)."""
        trick = _new(cls)
        _set(trick, "leader", leader)
        _set(trick, "cards", cards)
        _set(trick, "direction", direction)
        return trick


@attrs.frozen(kw_only=True, slots=False)
class HandState:
    """One hand in progress. Masks are ``int``; use the :class:`GameState` queries for values."""

    #: The four hands as dealt.
    dealt: tuple[int, int, int, int]
    #: The four hands now (after the exchange, less the cards played).
    holdings: tuple[int, int, int, int]
    bids: tuple[Bid | None, Bid | None, Bid | None, Bid | None]
    #: The exchanges made so far: (giver, cards mask).
    exchanges: tuple[tuple[Seat, int], ...] = ()
    #: The seat to act, or None when the hand is over.
    turn: Seat | None
    #: The seat that led (or will lead) the current trick.
    leader: Seat
    #: The card indices of the current trick, in play order.
    trick: tuple[int, ...] = ()
    tricks: tuple[Trick, ...] = ()
    won: tuple[int, int, int, int] = (0, 0, 0, 0)
    broken: bool = False


@attrs.frozen(kw_only=True)
class CompletedHand:
    """A finished hand: everything that happened and its score.

    A hand scored from its bids and trick counts alone (:func:`~spades.engine.apply_counts`) has
    no deal, no exchange and no tricks, only ``tricks_won``.
    """

    number: int
    dealer: Seat
    deal: Deal | None
    bids: tuple[Bid, Bid, Bid, Bid]
    exchanges: tuple[tuple[Seat, Hand], ...]
    tricks: tuple[Trick, ...]
    #: Tricks taken by each seat, N E S W.
    tricks_won: tuple[int, int, int, int]
    score: HandScore

    @property
    def played(self) -> bool:
        """Whether the hand was played card by card (not only counted)."""
        return bool(self.tricks)


@attrs.frozen(kw_only=True, repr=False, slots=False)
class GameState:
    """A whole game at one moment. Immutable: :func:`~spades.engine.apply` returns a new one."""

    rules: RuleSet
    phase: Phase
    standing: Standing
    hand: HandState | None = None
    history: tuple[CompletedHand, ...] = ()
    start: Standing
    result: GameResult | None = None

    # -- the table -------------------------------------------------------------------------------

    @property
    def dealer(self) -> Seat:
        return self.standing.dealer

    @property
    def hand_number(self) -> int:
        return self.standing.hand_number

    @property
    def scores(self) -> tuple[int, int]:
        """The totals (NS, EW), including the last completed hand."""
        return self.standing.scores

    @property
    def bags(self) -> tuple[int, int]:
        return self.standing.bags

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def needs_deal(self) -> bool:
        """Whether the next action is a :class:`~spades.actions.Deal` (a chance action)."""
        return self.phase is Phase.DEAL or self.phase is Phase.HAND_OVER

    @property
    def to_act(self) -> Seat | None:
        """The seat whose action comes next; None when a deal is next or the game is over."""
        if self.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
            assert self.hand is not None
            return self.hand.turn
        return None

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next hand."""
        if self.phase is Phase.DEAL:
            return self.dealer
        return self.dealer.next(self.rules.direction)

    # -- bidding ---------------------------------------------------------------------------------

    @property
    def bids(self) -> tuple[Bid | None, Bid | None, Bid | None, Bid | None]:
        """The bids so far this hand, by seat (None for a seat yet to bid)."""
        if self.hand is None:
            return (None, None, None, None)
        return self.hand.bids

    def contract(self, team: Team) -> int:
        """The team's contract so far: the sum of its bids other than nil."""
        return sum(bid.tricks for bid in (self.bids[s] for s in team.seats) if bid is not None)

    @property
    def contracts(self) -> tuple[int, int]:
        return (self.contract(Team.NS), self.contract(Team.EW))

    # -- cards -----------------------------------------------------------------------------------

    def holding(self, seat: Seat) -> Hand:
        """The cards ``seat`` holds now."""
        if self.hand is None:
            return Hand()
        return Hand.from_mask(self.hand.holdings[seat])

    @property
    def holdings(self) -> tuple[Hand, Hand, Hand, Hand]:
        return tuple(self.holding(seat) for seat in SEATS)  # type: ignore[return-value]

    @property
    def deal(self) -> Deal | None:
        """This hand's deal, as dealt (before any exchange)."""
        if self.hand is None:
            return None
        return Deal(tuple(Hand.from_mask(m) for m in self.hand.dealt))

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly with no card yet); None outside play."""
        hand = self.hand
        if hand is None or self.phase is not Phase.PLAY:
            return None
        cards = tuple(Card.from_index(i) for i in hand.trick)
        return Trick(hand.leader, cards, self.rules.direction)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return () if self.hand is None else self.hand.tricks

    @property
    def last_trick(self) -> Trick | None:
        tricks = self.completed_tricks
        return tricks[-1] if tricks else None

    @property
    def winning_seat(self) -> Seat | None:
        """Who is winning the trick in progress; None before its lead."""
        trick = self.current_trick
        return None if trick is None else trick.winner

    @property
    def spades_broken(self) -> bool:
        return self.hand is not None and self.hand.broken

    @property
    def played(self) -> Hand:
        """Every card played this hand, in completed tricks and the current one."""
        hand = self.hand
        if hand is None:
            return Hand()
        mask = 0
        for trick in hand.tricks:
            for card in trick.cards:
                mask |= 1 << card.index
        for index in hand.trick:
            mask |= 1 << index
        return Hand.from_mask(mask)

    def tricks_won(self, seat: Seat) -> int:
        """Tricks ``seat`` has taken this hand."""
        return 0 if self.hand is None else self.hand.won[seat]

    def team_tricks(self, team: Team) -> int:
        return sum(self.tricks_won(seat) for seat in team.seats)

    # -- scoring ---------------------------------------------------------------------------------

    @property
    def last_hand(self) -> CompletedHand | None:
        """The most recently completed hand, with its itemised score."""
        return self.history[-1] if self.history else None

    @property
    def last_score(self) -> HandScore | None:
        last = self.last_hand
        return None if last is None else last.score

    def __repr__(self) -> str:
        act = self.to_act
        who = f", to_act={act!r}" if act is not None else ""
        result = ""
        if self.result is not None:
            result = ", winner=" + (
                "shared" if self.result.winner is None else str(self.result.winner)
            )
        ns, ew = self.scores
        return (
            f"<GameState {self.phase} hand={self.hand_number}{who} "
            f"scores=NS {ns}/EW {ew} bags={self.bags[0]}/{self.bags[1]}{result}>"
        )
