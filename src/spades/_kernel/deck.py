"""A rule set's deck: which cards are in play, which suit each plays as and how they rank.

Cards keep their indices (:mod:`spades._kernel.cards`); a *position* orders them for winning
tricks: the cards of clubs, diamonds and hearts keep ``suit * 13 + rank``, the spades that rank as
usual keep theirs, and the trumps above the ace of spades (a high deuce, the jokers) take 52
upward in rank order. A higher position of the same suit, or any spade over another suit, takes the
trick. Under the standard deck and the jokers deck a card's position is its index
(:attr:`Layout.ordered`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Deck, RemovedTwos
from .cards import BIG_JOKER, LITTLE_JOKER, RANKS, SPADE_SUIT, bit_indices

__all__ = ["STANDARD_LAYOUT", "Layout", "deck_layout", "ranking"]

#: The trumps above the ace a deck may rank: the jokers and the four deuces.
_JOKERS = (LITTLE_JOKER, BIG_JOKER)


class Layout:
    """A deck under the rules (see the module's docstring): built from the cards in play, the
    suit each card index plays as and each index's position in the order of the trick winner."""

    __slots__ = (
        "above",
        "card_at",
        "cards",
        "deck",
        "extra_trumps",
        "lowest_club",
        "non_spades",
        "ordered",
        "placed",
        "position",
        "spades",
        "suit_of",
        "suits",
        "top_trumps",
        "winner_keys",
    )

    def __init__(
        self,
        deck: Deck,
        cards: int,
        suit_of: list[int],
        position: list[int],
        placed: Layout | None = None,
    ) -> None:
        #: The deck.
        self.deck = deck
        #: The cards in play, a mask.
        self.cards = cards
        #: The suit each card index plays as.
        self.suit_of: tuple[int, ...] = tuple(suit_of)
        #: Each card index's position in the order of the trick winner.
        self.position: tuple[int, ...] = tuple(position)
        card_at = [-1] * 58
        for index in bit_indices(cards):
            card_at[position[index]] = index
        #: The card in play at each position (-1 for none): :attr:`position` undone.
        self.card_at: tuple[int, ...] = tuple(card_at)
        suits = [0, 0, 0, 0]
        for index in bit_indices(cards):
            suits[suit_of[index]] |= 1 << index
        #: The cards each suit has in play, clubs first: a joker or a high deuce is a spade.
        self.suits: tuple[int, int, int, int] = (suits[0], suits[1], suits[2], suits[3])
        #: The spades in play, jokers and high deuces included.
        self.spades = suits[SPADE_SUIT]
        #: The cards in play that are not spades.
        self.non_spades = cards ^ suits[SPADE_SUIT]
        #: For each card index, the cards of the suit it plays as that rank above it.
        self.above: tuple[int, ...] = tuple(
            sum(
                1 << other
                for other in bit_indices(suits[suit_of[index]])
                if position[other] > position[index]
            )
            for index in range(len(position))
        )
        #: The lowest club in play: the card the first lead must be under the fixed first lead.
        self.lowest_club = (suits[0] & -suits[0]).bit_length() - 1
        #: The deck's four highest trumps, highest first (the big joker first when it is in).
        trumps = sorted(bit_indices(suits[SPADE_SUIT]), key=position.__getitem__, reverse=True)
        self.top_trumps: tuple[int, int, int, int] = (trumps[0], trumps[1], trumps[2], trumps[3])
        #: How many more spades than 13 the deck has (2 with the jokers, 3 under jjdd).
        self.extra_trumps = len(trumps) - RANKS
        #: Whether each card's position is its index, as in the standard deck.
        self.ordered = position == list(range(len(position)))
        #: For each card index led, the rank :func:`~spades._kernel.play.trick_winner` gives
        #: each card of the trick: its position when it is a spade or of the led suit, else -1 (a
        #: card that cannot take the trick). An ordered deck ranks every position a card may have
        #: (its :attr:`placed` cards too: 0 to 57).
        places = position + list(range(len(position), 58)) if self.ordered else position
        by_suit_led = {
            suit: tuple(
                place if place >= SPADE_SUIT * RANKS or place // RANKS == suit else -1
                for place in places
            )
            for suit in {place // RANKS for place in places}
        }
        self.winner_keys: tuple[tuple[int, ...], ...] = tuple(
            by_suit_led[lead // RANKS] for lead in places
        )
        #: The same deck with its cards at their positions (itself when :attr:`ordered`): a deck
        #: whose order is the index order, for code that ranks cards by their bits.
        self.placed: Layout = self if placed is None else placed

    def to_positions(self, mask: int) -> int:
        """The cards of ``mask`` at their positions (:attr:`placed`'s cards)."""
        if self.ordered:
            return mask
        place = self.position
        return sum(1 << place[card] for card in bit_indices(mask))

    def to_cards(self, mask: int) -> int:
        """The cards at the positions of ``mask``: :meth:`to_positions` undone."""
        if self.ordered:
            return mask
        card_at = self.card_at
        return sum(1 << card_at[place] for place in bit_indices(mask))

    def __repr__(self) -> str:
        return f"<Layout {self.deck}>"


def _layout(deck: Deck, removed: tuple[int, ...], high: tuple[int, ...]) -> Layout:
    """The layout of ``deck`` without the cards ``removed``, with the trumps ``high`` above the ace
    of spades, lowest first."""
    cards = (1 << 52) - 1
    for index in removed:
        cards &= ~(1 << index)
    if deck is not Deck.STANDARD and deck is not Deck.DEUCES_HIGH:
        cards |= 1 << LITTLE_JOKER | 1 << BIG_JOKER
    # A card out of play keeps its place too, so that the order depends on the deck alone.
    suit_of = [min(index // RANKS, SPADE_SUIT) for index in range(54)]
    position = list(range(54))
    for rank, index in enumerate(high):
        suit_of[index] = SPADE_SUIT
        position[index] = 52 + rank
    # Jokers out of play (deuces high) still rank above everything.
    for rank, index in enumerate((j for j in _JOKERS if j not in high), len(high)):
        position[index] = 52 + rank
    if position == list(range(54)):
        return Layout(deck, cards, suit_of, position)
    # The same cards at their positions, in the index order of a deck whose order is its indices.
    placed_cards = sum(1 << position[card] for card in bit_indices(cards))
    at = [min(place // RANKS, SPADE_SUIT) for place in range(58)]
    placed = Layout(deck, placed_cards, at, list(range(58)))
    return Layout(deck, cards, suit_of, position, placed)


def _twos(*suits: int) -> tuple[int, ...]:
    return tuple(suit * RANKS for suit in suits)


_TWO_SPADES, _TWO_DIAMONDS, _TWO_CLUBS, _TWO_HEARTS = _twos(3, 1, 0, 2)
_REMOVED = {
    RemovedTwos.HEARTS_CLUBS: (_TWO_HEARTS, _TWO_CLUBS),
    RemovedTwos.HEARTS_DIAMONDS: (_TWO_HEARTS, _TWO_DIAMONDS),
    RemovedTwos.CLUBS_DIAMONDS: (_TWO_CLUBS, _TWO_DIAMONDS),
}
#: The standard deck's layout.
STANDARD_LAYOUT = _layout(Deck.STANDARD, (), ())
#: What each deck is made of: the cards it removes (by the deuces a deck with jokers leaves out)
#: and the trumps it ranks above the ace of spades, lowest first.
_RECIPES: dict[Deck, Callable[[RemovedTwos], tuple[tuple[int, ...], tuple[int, ...]]]] = {
    Deck.STANDARD: lambda removed: ((), ()),
    Deck.DEUCES_HIGH: lambda removed: ((), (_TWO_SPADES, _TWO_DIAMONDS, _TWO_CLUBS, _TWO_HEARTS)),
    Deck.JOKERS: lambda removed: (_REMOVED[removed], ()),
    Deck.JJDA: lambda removed: (_REMOVED[removed], (_TWO_SPADES, *_JOKERS)),
    Deck.JJDD: lambda removed: (
        _REMOVED[RemovedTwos.HEARTS_CLUBS],
        (_TWO_SPADES, _TWO_DIAMONDS, *_JOKERS),
    ),
}
#: The layouts made so far, by deck, the deuces it removes and the players (3 play without the two
#: of clubs, or with the whole jokers deck).
_LAYOUTS: dict[tuple[Deck, RemovedTwos | None, int], Layout] = {
    (Deck.STANDARD, None, 4): STANDARD_LAYOUT
}
#: The decks whose layout does not depend on the deuces removed (none are, or always the same).
_FIXED = (Deck.STANDARD, Deck.DEUCES_HIGH, Deck.JJDD)


def deck_layout(deck: Deck, removed_twos: RemovedTwos | None, players: int) -> Layout:
    """The deck a table of ``players`` plays with under ``deck`` and ``removed_twos``: three play
    without the two of clubs, or with every card of the jokers deck; so do four with the jokers
    deck and ``removed_twos`` None (``spare_cards`` dealer_discards). Made once, when first
    asked for."""
    whole = removed_twos is None and deck is Deck.JOKERS
    if players == 3:
        key: tuple[Deck, RemovedTwos | None, int] = (deck, None, 3)
    else:
        key = (deck, None if deck in _FIXED or whole else removed_twos, 4)
    layout = _LAYOUTS.get(key)
    if layout is None:
        removed: tuple[int, ...]
        high: tuple[int, ...]
        if players == 3:  # cutthroat: the standard deck without the two of clubs, or jokers whole
            removed, high = ((_TWO_CLUBS,) if deck is Deck.STANDARD else ()), ()
        elif whole:
            removed, high = (), ()
        else:
            removed, high = _RECIPES[deck](removed_twos or RemovedTwos.HEARTS_CLUBS)
        layout = _LAYOUTS[key] = _layout(deck, removed, high)
    return layout


def ranking(deck: Deck) -> Layout:
    """A layout of ``deck``, for the order of the cards alone (which does not depend on the deuces
    a deck with jokers leaves out): what a :class:`~spades.tricks.Trick` needs to find its
    winner."""
    return deck_layout(deck, RemovedTwos.HEARTS_CLUBS, 4)
