"""Tricks and completed hands: what happened, as a table remembers it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ._drawing import trick_image
from ._kernel.deck import ranking
from ._kernel.end import runs_over, sets_over
from ._kernel.play import trick_winner
from ._kernel.table import Table, rotation, table_of
from ._record import frozen_record
from ._text import quote
from .actions import Bid, Deal
from .cards import CARDS, Card, Suit
from .errors import NotationError, RuleSetError
from .hands import Hand
from .itemising import itemised
from .rules import Deck, RuleSet
from .score import HandScore
from .seats import SEATS, Direction, Seat

__all__ = [
    "CompletedHand",
    "Trick",
    "card_order",
    "runs_in_game",
    "sets_in_game",
    "suit_played",
]


def suit_played(card: Card, deck: Deck | str = Deck.STANDARD) -> Suit:
    """The suit ``card`` plays as under ``deck``: its own, but spades for a joker and for a deuce
    the deck ranks above the ace of spades (the two of diamonds under ``jjdd``).

    >>> suit_played(Card('2d'), 'jjdd'), suit_played(Card('2d'), 'standard')
    (Suit.SPADES, Suit.DIAMONDS)
    """
    deck = deck if type(deck) is Deck else _trick_deck(deck)
    return Suit(ranking(deck).suit_of[Card(card).index])


def card_order(card: Card, deck: Deck | str = Deck.STANDARD) -> int:
    """A number that orders the cards of one suit (as :func:`suit_played` says) by rank under
    ``deck``, higher for a card that beats another; for sorting a hand as it plays.

    >>> sorted(['As', '2s', 'LJ', '2d'], key=lambda c: card_order(Card(c), 'jjdd'), reverse=True)
    ['LJ', '2d', '2s', 'As']
    """
    deck = deck if type(deck) is Deck else _trick_deck(deck)
    return ranking(deck).position[Card(card).index]


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


# -- tricks ----------------------------------------------------------------------------------------


class _TrickFields(NamedTuple):
    """The fields of a :class:`Trick`, declared once."""

    #: The seat that led.
    leader: Seat
    #: The cards in play order, the lead first.
    cards: tuple[Card, ...]
    #: The way play moves round the table, which says who played each card.
    direction: Direction = Direction.CLOCKWISE
    #: The deck played with (:attr:`RuleSet.deck <spades.rules.RuleSet.deck>`), which says which
    #: card wins.
    deck: Deck = Deck.STANDARD
    #: How many play (:attr:`RuleSet.players <spades.rules.RuleSet.players>`): 4, 3 at N, E and
    #: S, or 2 at N and E. It says who played each card and how many cards complete the trick.
    players: int = 4


@frozen_record
class Trick(_TrickFields):
    """A trick, complete or in progress: the seat that led and the cards in the order played.

    ``Trick(Seat.N, 'As Kd 2s 9h')``; seats and cards may be given as text. Under a deck with
    jokers or high deuces, say which: ``Trick('N', 'As 2s LJ 3s', deck=Deck.JJDD)`` (the little
    joker takes it); at a table of three (N, E and S), ``players=3``; of two (N and E),
    ``players=2``. A trick is a frozen record of its fields (a named tuple).
    """

    __slots__ = ()

    def __new__(
        cls,
        leader: Seat | str,
        cards: Sequence[Card | str] | str,
        direction: Direction = Direction.CLOCKWISE,
        deck: Deck | str = Deck.STANDARD,
        players: int = 4,
    ) -> Trick:
        seat = leader if type(leader) is Seat else Seat.of(leader)
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
        if seat >= players:
            raise NotationError(
                f"{seat.full_name} has no player at a table of {players}, so cannot lead a trick "
                "there.",
                token=seat.name,
                reason="bad_trick",
            )
        if len(cards) > players:
            raise NotationError(
                f"A trick of {players} players has at most {players} cards, not {len(cards)}.",
                token=quote(cards),
                reason="bad_trick",
            )
        if not isinstance(direction, Direction):
            raise NotationError(
                f"A trick's direction is a Direction, not {quote(direction)}.",
                token=quote(direction),
                reason="bad_trick",
            )
        kind = deck if type(deck) is Deck else _trick_deck(deck)
        return super().__new__(cls, seat, cards, direction, kind, players)

    @classmethod
    def of_table(cls, table: Table, leader: int, cards: Sequence[int]) -> Trick:
        """The trick the engine played at ``table``: led by seat ``leader``, the card indices
        ``cards`` in play order (already checked)."""
        rules = table.rules
        return cls._make(
            (
                SEATS[leader],
                tuple(CARDS[i] for i in cards),
                rules.direction,
                rules.deck,
                table.players,
            )
        )

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who played each card, in order."""
        order = rotation(self.players, self.direction)[self.leader]
        return tuple(SEATS[order[turn]] for turn in range(len(self.cards)))

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
        return self.seats[self._winning_place()]

    @property
    def winning_card(self) -> Card | None:
        """The card taking the trick, or winning it so far; None before the lead."""
        if not self.cards:
            return None
        return self.cards[self._winning_place()]

    def _winning_place(self) -> int:
        return trick_winner([card.index for card in self.cards], ranking(self.deck))

    def __repr__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        direction = "" if self.direction is Direction.CLOCKWISE else f", {self.direction!r}"
        deck = "" if self.deck is Deck.STANDARD else f", deck={self.deck!r}"
        players = "" if self.players == 4 else f", players={self.players}"
        return f"Trick({self.leader!r}, {cards!r}{direction}{deck}{players})"

    def _repr_svg_(self) -> str:
        """The trick as a picture, for a notebook (:func:`spades.svg.trick`)."""
        return trick_image(self.plays, self.winner, self.players, complete=self.is_complete)

    def to_text(self, *, unicode: bool = False) -> str:
        """The plays in order, each seat with its card: ``E:6c S:4c`` (``E:6♣ S:4♣`` with
        ``unicode``), as a seat's view draws its cards."""
        return " ".join(f"{seat}:{card.to_text(unicode=unicode)}" for seat, card in self.plays)

    def __str__(self) -> str:
        return self.to_text()


# -- completed hands -------------------------------------------------------------------------------

#: A completed trick as the engine keeps it: the leader's seat, then the card indices in play order.
PlayedTrick = tuple[int, ...]


class CompletedHandFields(NamedTuple):
    """The fields of a :class:`CompletedHand`, declared once."""

    #: The rules the hand was played by.
    rules: RuleSet
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
    #: The tricks played, in order, as the engine keeps them: each the leader's seat number, then
    #: the card indices in play order (:attr:`CompletedHand.tricks` gives them as :class:`Trick`
    #: values).
    played_tricks: tuple[PlayedTrick, ...]
    #: Tricks taken by each seat, N E S W.
    tricks_won: tuple[int, ...]
    #: The totals by side before the hand.
    scores_before: tuple[int, ...]
    #: The bag counts by side before the hand.
    bags_before: tuple[int, ...]
    #: Each side's reneges counted in the score (a record's), or None for none.
    reneges: tuple[int, ...] | None = None
    #: The two cards discarded face down by the dealer (``spare_cards`` dealer_discards) or the
    #: holder of the two of clubs (two_of_clubs_discards); None under every other rule, for a
    #: hand told by its counts, and seen from a seat but the one that discarded them.
    buried: Hand | None = None


@frozen_record
class CompletedHand(CompletedHandFields):
    """A finished hand: everything that happened and its score; a frozen record of its fields
    (``CompletedHandFields``, a named tuple).

    A hand scored from its bids and trick counts alone (:func:`~spades.engine.apply_counts`) has
    no deal, no exchange and no tricks, only ``tricks_won``; a hand seen from a seat
    (:class:`~spades.views.SeatView`) has no deal, since the hands as dealt were never shown.
    Its tricks and itemised score are worked out when read (and kept for the hands read last).
    """

    __slots__ = ()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks played, in order."""
        table = table_of(self.rules)
        return tuple(Trick.of_table(table, trick[0], trick[1:]) for trick in self.played_tricks)

    @property
    def score(self) -> HandScore:
        """The itemised score."""
        kept = _SCORES.get(id(self))
        if kept is not None and kept[0] is self:
            return kept[1]
        score = itemised(
            table_of(self.rules),
            self.bids,
            self.tricks_won,
            self.scores_before,
            self.bags_before,
            self.reneges,
        )
        if len(_SCORES) >= _KEPT:
            _SCORES.clear()
        _SCORES[id(self)] = (self, score)
        return score

    @property
    def played(self) -> bool:
        """Whether the hand was played card by card (not only counted)."""
        return bool(self.played_tricks)

    def __repr__(self) -> str:
        bids = " ".join("-" if bid is None else str(bid) for bid in self.bids)
        won = " ".join(str(count) for count in self.tricks_won)
        points = " ".join(f"{side.team} {side.points:+d}" for side in self.score.teams)
        return (
            f"<CompletedHand {self.number} dealer={self.dealer} bids={bids} tricks={won} {points}>"
        )


def sets_in_game(
    table: Table, sets: Sequence[int], hands: Iterable[CompletedHand]
) -> tuple[int, ...]:
    """How many times each side has been set after ``hands`` (a game's history, in order), from
    ``sets`` before the first of them (:func:`~spades._kernel.end.sets_over`): what
    :attr:`~spades.rules.RuleSet.sets_to_lose` counts."""
    return sets_over(table, sets, (hand_ints(hand) for hand in hands))


def runs_in_game(
    table: Table, runs: Sequence[int], hands: Iterable[CompletedHand]
) -> tuple[int, ...]:
    """How many hands in a row each side has been set after ``hands`` (a game's history, in
    order), from ``runs`` before the first of them (:func:`~spades._kernel.end.runs_over`):
    what :attr:`~spades.rules.RuleSet.consecutive_sets_to_lose` counts."""
    return runs_over(table, runs, (hand_ints(hand) for hand in hands))


def hand_ints(
    hand: CompletedHand,
) -> tuple[list[tuple[int, bool]] | None, tuple[int, ...], tuple[int, ...], tuple[int, ...] | None]:
    """A completed hand as the kernel scores it: ``(bids, tricks, bags before, reneges)``."""
    bids = hand.bids
    pairs = None if bids[0] is None else [(b.tricks, b.blind) for b in bids]  # type: ignore[union-attr]
    return pairs, hand.tricks_won, hand.bags_before, hand.reneges


# The itemised scores of the hands read most recently, by the hand's id: each entry holds the hand
# too, so that its id cannot be reused while the entry lives; bounded, so that a long run cannot
# grow it without end.
_SCORES: dict[int, tuple[CompletedHand, HandScore]] = {}
_KEPT = 1 << 10
