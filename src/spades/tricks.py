"""Tricks and completed hands: what happened, as a table remembers it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from . import _kernel
from ._text import quote
from .actions import Bid, Deal
from .cards import Card, Hand, Suit
from .errors import NotationError, RuleSetError
from .rules import Deck
from .seats import SEATS, Direction, Seat

if TYPE_CHECKING:
    from .scoring import HandScore

__all__ = ["CompletedHand", "Trick", "card_order", "suit_played", "trusted_trick"]

_new_fields = object.__new__


def trusted_trick(
    leader: Seat,
    cards: tuple[Card, ...],
    direction: Direction,
    deck: Deck = Deck.STANDARD,
    players: int = 4,
) -> Trick:
    """A :class:`Trick` the engine completed, built without checking its parts again."""
    trick = _new_fields(_TrickFields)
    trick.leader = leader
    trick.cards = cards
    trick.direction = direction
    trick.deck = deck
    trick.players = players
    trick.__class__ = Trick
    return trick  # type: ignore[return-value]


def suit_played(card: Card, deck: Deck | str = Deck.STANDARD) -> Suit:
    """The suit ``card`` plays as under ``deck``: its own, but spades for a joker and for a deuce
    the deck ranks above the ace of spades (the two of diamonds under ``jjdd``).

    >>> suit_played(Card('2d'), 'jjdd'), suit_played(Card('2d'), 'standard')
    (Suit.SPADES, Suit.DIAMONDS)
    """
    deck = deck if type(deck) is Deck else _trick_deck(deck)
    return Suit(_kernel.ranking(deck).suit_of[Card(card).index])


def card_order(card: Card, deck: Deck | str = Deck.STANDARD) -> int:
    """A number that orders the cards of one suit (as :func:`suit_played` says) by rank under
    ``deck``, higher for a card that beats another; for sorting a hand as it plays.

    >>> sorted(['As', '2s', 'LJ', '2d'], key=lambda c: card_order(Card(c), 'jjdd'), reverse=True)
    ['LJ', '2d', '2s', 'As']
    """
    deck = deck if type(deck) is Deck else _trick_deck(deck)
    return _kernel.ranking(deck).position[Card(card).index]


def _trick_deck(value: object) -> Deck:
    """A trick's deck given as a :class:`Deck` or its text; a NotationError otherwise."""
    try:
        return Deck._read(value)  # type: ignore[no-any-return]
    except RuleSetError:
        raise NotationError(
            f"A trick's deck is a Deck or its name ({', '.join(str(d) for d in Deck)}), not "
            f"{quote(value)}.",
            token=quote(value),
            reason="bad_trick",
        ) from None


# -- tricks and completed hands --------------------------------------------------------------------


class _TrickFields:
    """The slots of a :class:`Trick`, written once while one is built."""

    __slots__ = ("cards", "deck", "direction", "leader", "players")

    leader: Seat
    cards: tuple[Card, ...]
    direction: Direction
    deck: Deck
    players: int


class Trick(_TrickFields):
    """A trick, complete or in progress: the seat that led and the cards in the order played.

    ``Trick(Seat.N, 'As Kd 2s 9h')``; seats and cards may be given as text. Under a deck with
    jokers or high deuces, say which: ``Trick('N', 'As 2s LJ 3s', deck=Deck.JJDD)`` (the little
    joker takes it); at a table of three (N, E and S), ``players=3``; of two (N and E),
    ``players=2``.
    """

    __slots__ = ()

    #: The seat that led.
    leader: Seat
    #: The cards in play order, the lead first.
    cards: tuple[Card, ...]
    #: The way play moves round the table, which says who played each card.
    direction: Direction
    #: The deck played with (:attr:`RuleSet.deck <spades.rules.RuleSet.deck>`), which says which
    #: card wins.
    deck: Deck
    #: How many play (:attr:`RuleSet.players <spades.rules.RuleSet.players>`): 4, 3 at N, E
    #: and S, or 2 at N and E. It says who played each card and how many cards complete the
    #: trick.
    players: int

    def __new__(
        cls,
        leader: Seat | str,
        cards: Sequence[Card | str] | str,
        direction: Direction = Direction.CLOCKWISE,
        deck: Deck | str = Deck.STANDARD,
        players: int = 4,
    ) -> Trick:
        # Built as GameState is: a plain slotted object, then frozen by becoming a Trick.
        trick = _new_fields(_TrickFields)
        trick.leader = leader if type(leader) is Seat else Seat.of(leader)
        if type(cards) is not tuple or not all(type(card) is Card for card in cards):
            if isinstance(cards, str):
                cards = cards.split()
            elif isinstance(cards, (bytes, bytearray, Mapping)) or not isinstance(cards, Iterable):
                raise NotationError(
                    f"A trick's cards are text like 'As Kd' or a list of cards, not "
                    f"{quote(cards)}.",
                    token=quote(cards),
                    reason="bad_trick",
                )
            cards = tuple(Card(card) for card in cards)
        if players not in (2, 3, 4) or type(players) is not int:
            raise NotationError(
                f"A trick is played by 2, 3 or 4 players, not {quote(players)}.",
                token=quote(players),
                reason="bad_trick",
            )
        if trick.leader >= players:
            raise NotationError(
                f"{trick.leader.full_name} has no player at a table of {players}, so cannot "
                "lead a trick there.",
                token=trick.leader.name,
                reason="bad_trick",
            )
        if len(cards) > players:
            raise NotationError(
                f"A trick of {players} players has at most {players} cards, not {len(cards)}.",
                token=quote(cards),
                reason="bad_trick",
            )
        trick.cards = cards
        if not isinstance(direction, Direction):
            raise NotationError(
                f"A trick's direction is a Direction, not {quote(direction)}.",
                token=quote(direction),
                reason="bad_trick",
            )
        trick.direction = direction
        trick.deck = deck if type(deck) is Deck else _trick_deck(deck)
        trick.players = players
        trick.__class__ = cls
        return trick  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Trick is immutable.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Trick is immutable.")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.leader, self.cards, self.direction, self.deck, self.players) == (
            other.leader,
            other.cards,
            other.direction,
            other.deck,
            other.players,
        )

    def __hash__(self) -> int:
        return hash((self.leader, self.cards, self.direction, self.deck, self.players))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Trick, (self.leader, self.cards, self.direction, self.deck, self.players))

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who played each card, in order."""
        step, players = self.direction.step, self.players
        return tuple(SEATS[(self.leader + step * i) % players] for i in range(len(self.cards)))

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """``(seat, card)`` for each card, in play order."""
        return tuple(zip(self.seats, self.cards))

    @property
    def led_suit(self) -> Suit | None:
        """The suit the lead plays as (spades for a joker, and for a high deuce); None before it."""
        if not self.cards:
            return None
        return suit_played(self.cards[0], self.deck)

    @property
    def is_complete(self) -> bool:
        """Whether every seat has played to the trick."""
        return len(self.cards) == self.players

    @property
    def winner(self) -> Seat | None:
        """The seat taking the trick, or winning it so far; None before the lead."""
        if not self.cards:
            return None
        order = _kernel.ranking(self.deck)
        position = _kernel.trick_winner([card.index for card in self.cards], order)
        return SEATS[(self.leader + self.direction.step * position) % self.players]

    @property
    def winning_card(self) -> Card | None:
        """The card taking the trick, or winning it so far; None before the lead."""
        if not self.cards:
            return None
        order = _kernel.ranking(self.deck)
        return self.cards[_kernel.trick_winner([card.index for card in self.cards], order)]

    def __repr__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        direction = "" if self.direction is Direction.CLOCKWISE else f", {self.direction!r}"
        deck = "" if self.deck is Deck.STANDARD else f", deck={self.deck!r}"
        players = "" if self.players == 4 else f", players={self.players}"
        return f"Trick({self.leader!r}, {cards!r}{direction}{deck}{players})"

    def to_text(self, *, unicode: bool = False) -> str:
        """The plays in order, each seat with its card: ``E:6c S:4c`` (``E:6♣ S:4♣`` with
        ``unicode``), as a seat's view draws its cards."""
        return " ".join(f"{seat}:{card.to_text(unicode=unicode)}" for seat, card in self.plays)

    def __str__(self) -> str:
        return self.to_text()


@attrs.frozen(kw_only=True, repr=False)
class CompletedHand:
    """A finished hand: everything that happened and its score.

    A hand scored from its bids and trick counts alone (:func:`~spades.engine.apply_counts`) has
    no deal, no exchange and no tricks, only ``tricks_won``; a hand seen from a seat
    (:class:`~spades.views.SeatView`) has no deal, since the hands as dealt were never shown.
    """

    #: The hand's number in the game.
    number: int
    #: The seat that dealt it.
    dealer: Seat
    #: The hands as dealt, before any exchange; None when not known.
    deal: Deal | None
    #: The bids, by seat (N, E, S, W); all None for a hand played without bids
    #: (``first_hand_trick_points``).
    bids: tuple[Bid | None, ...]
    #: The cards each giver passed in the blind nil exchange.
    #: Seen from a seat (:class:`~spades.views.SeatView`), an exchange it neither made nor
    #: received shows only how many cards were passed.
    exchanges: tuple[tuple[Seat, Hand | int], ...]
    #: The tricks played, in order.
    tricks: tuple[Trick, ...]
    #: Tricks taken by each seat, N E S W.
    tricks_won: tuple[int, ...]
    #: The itemised score.
    score: HandScore

    @property
    def played(self) -> bool:
        """Whether the hand was played card by card (not only counted)."""
        return bool(self.tricks)

    def __repr__(self) -> str:
        bids = " ".join("-" if bid is None else str(bid) for bid in self.bids)
        won = " ".join(str(count) for count in self.tricks_won)
        points = " ".join(f"{side.team} {side.points:+d}" for side in self.score.teams)
        return (
            f"<CompletedHand {self.number} dealer={self.dealer} bids={bids} tricks={won} {points}>"
        )
