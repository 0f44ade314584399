"""Hands: immutable sets of cards backed by an ``int`` mask, and dealing them.

A hand prints grouped by suit, spades first, high to low: ``AKQ7.T9.J842.53`` (spades.hearts.
diamonds.clubs, ``-`` for a void); the jokers come first in the spade group,
``BJLJAK.T9.J842.53``. :meth:`Hand.deal` shuffles and deals; :func:`random_source` reads the
random generator or seed every shuffle and draw is given.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import Any, Final

from ._drawing import hand_image
from ._kernel import cards as _bits
from ._text import exact_int, quote
from .cards import (
    CARD_TEXT,
    CARDS,
    JOKER_INDEX,
    RANK_BY_TEXT,
    RANK_LETTERS,
    SUIT_SYMBOLS,
    Card,
    Suit,
    suit_index,
)
from .errors import NotationError
from .seats import SEATS

__all__ = ["Hand", "random_source"]


# Print order: spades first, high to low within each suit.
_PRINT_ORDER: Final = (
    _bits.BIG_JOKER,
    _bits.LITTLE_JOKER,
    *(suit * 13 + rank for suit in (3, 2, 1, 0) for rank in range(12, -1, -1)),
)


class Hand(AbstractSet[Card]):
    """An immutable set of cards backed by an ``int`` bitmask.

    ``Hand('AKQ7.T9.J842.53')`` reads the dotted form (spades.hearts.diamonds.clubs, ``-`` or
    nothing for a void); ``Hand('As Kh 2c')`` reads a list of cards; ``Hand(cards)`` takes any
    iterable of cards or card texts.
    """

    __slots__ = ("mask",)
    #: The cards as an ``int``: bit ``suit * 13 + rank`` is set for each card held.
    mask: int

    def __init__(self, cards: str | Iterable[Card | str] = ()) -> None:
        # Anything else (None, a number, bytes, a lone Card) is a NotationError.
        object.__setattr__(self, "mask", _parse_hand(cards))

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand whose cards are the set bits of ``mask`` (bit ``suit * 13 + rank``)."""
        if type(mask) is not int or mask < 0 or mask > _bits.ALL_CARDS:
            number = exact_int(mask)
            if number is None or number < 0 or number > _bits.ALL_CARDS:
                raise NotationError(
                    f"A card mask is a whole number from 0 to 2**54 - 1, not {quote(mask)}.",
                    token=quote(mask),
                    reason="bad_mask",
                )
            mask = number
        hand = object.__new__(cls)
        object.__setattr__(hand, "mask", mask)
        return hand

    @classmethod
    def full_deck(cls) -> Hand:
        """All 52 cards of the standard deck."""
        return cls.from_mask(_bits.FULL_DECK)

    @classmethod
    def _from_iterable(cls, iterable: Iterable[Any]) -> Hand:  # type: ignore[override]
        return cls(iterable)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hands are immutable.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Hands are immutable.")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Hand, (self.to_text(),))

    # -- set protocol ----------------------------------------------------------------------------

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card(card)
            except NotationError:
                return False
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        return (CARDS[i] for i in _PRINT_ORDER if mask >> i & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __hash__(self) -> int:
        # A Hand equals the frozenset of its cards, so it must hash like one.
        return hash(frozenset(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self.mask == other.mask
        return super().__eq__(other)

    # An operand that is not a collection of cards gives NotImplemented, so Python raises its
    # usual TypeError ("unsupported operand"); one that holds something not a card, a NotationError.

    def __or__(self, other: Iterable[Any]) -> Hand:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else Hand.from_mask(self.mask | mask)

    def __and__(self, other: Iterable[Any]) -> Hand:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else Hand.from_mask(self.mask & mask)

    def __sub__(self, other: Iterable[Any]) -> Hand:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else Hand.from_mask(self.mask & ~mask)

    def __rsub__(self, other: Iterable[Any]) -> Hand:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else Hand.from_mask(mask & ~self.mask)

    def __xor__(self, other: Iterable[Any]) -> Hand:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else Hand.from_mask(self.mask ^ mask)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __le__(self, other: Iterable[Any]) -> bool:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else self.mask & ~mask == 0

    def __ge__(self, other: Iterable[Any]) -> bool:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else mask & ~self.mask == 0

    def __lt__(self, other: Iterable[Any]) -> bool:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else self.mask & ~mask == 0 and self.mask != mask

    def __gt__(self, other: Iterable[Any]) -> bool:
        mask = _operand_mask(other)
        return NotImplemented if mask is None else mask & ~self.mask == 0 and self.mask != mask

    def isdisjoint(self, other: Iterable[Any]) -> bool:
        mask = _operand_mask(other)
        if mask is None:
            raise NotationError(
                f"A hand is compared with cards or a hand's text, not {quote(other)}.",
                token=quote(other),
                reason="bad_hand",
            )
        return self.mask & mask == 0

    # -- queries ---------------------------------------------------------------------------------

    def of_suit(self, suit: Suit | str) -> Hand:
        """The cards of one suit (a :class:`~spades.cards.Suit`, or its letter, symbol or name); the
        jokers are spades (:attr:`Card.suit <spades.cards.Card.suit>`)."""
        return Hand.from_mask(self.mask & _PRINTED_SUITS[suit_index(suit)])

    def count(self, suit: Suit | str) -> int:
        """How many cards of ``suit`` the hand holds (the jokers are spades)."""
        return (self.mask & _PRINTED_SUITS[suit_index(suit)]).bit_count()

    def to_text(self, *, unicode: bool = False) -> str:
        """The dotted form, ``AKQ7.T9.J842.53``; with ``unicode=True``, ``♠AKQ7 ♥T9 ♦J842 ♣53``.
        Jokers lead the spade group, big joker first: ``BJLJAK.T9.J842.53``."""
        groups = []
        for suit in (3, 2, 1, 0):
            bits = self.mask >> (13 * suit)
            ranks = "".join(RANK_LETTERS[r] for r in range(12, -1, -1) if bits >> r & 1)
            if suit == 3:
                ranks = "BJ" * (bits >> 14 & 1) + "LJ" * (bits >> 13 & 1) + ranks
            groups.append(SUIT_SYMBOLS[suit] + (ranks or "-") if unicode else ranks)
        return (" " if unicode else ".").join(groups)

    def cards_text(self, *, unicode: bool = False) -> str:
        """The cards as a list, ``As Ks 7h``, in print order."""
        return " ".join(card.to_text(unicode=unicode) for card in self)

    def _repr_svg_(self) -> str:
        """The hand as a picture, for a notebook (:func:`spades.svg.hand`)."""
        return hand_image(list(self))

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Hand({self.to_text()!r})" if self.mask else "Hand()"

    # -- dealing ---------------------------------------------------------------------------------

    @staticmethod
    def deal(
        rng: random.Random | int | None = None, deck: int = _bits.FULL_DECK, seats: int = 4
    ) -> tuple[Hand, ...]:
        """Shuffle and deal 13 cards to each seat (N, E, S, W); or the cards of ``deck`` shared
        out equally among ``seats`` seats (3: N, E, S).

        ``rng`` is a :class:`random.Random`, a whole-number seed, or None for a fresh shuffle.
        ``deck`` is the mask of the cards dealt: the standard deck unless given (see
        :meth:`Deal.random <spades.actions.Deal.random>` for a rule set's deck). The shuffle sorts
        the deck by one uniform random key per card: an unbiased permutation that costs one call
        to ``rng.random`` a card instead of ``shuffle``'s bounded draws.
        """
        number = exact_int(deck)
        if number is None or not 0 < number <= _bits.ALL_CARDS:
            raise NotationError(
                f"The cards dealt are a mask of cards, a whole number from 1 to 2**54 - 1, not "
                f"{quote(deck)}.",
                token=quote(deck),
                reason="bad_deal",
            )
        if exact_int(seats) not in (2, 3, 4) or number.bit_count() < seats:
            raise NotationError(
                f"Cards are dealt to 2, 3 or 4 seats, each at least one card, not {quote(seats)}.",
                token=quote(seats),
                reason="bad_deal",
            )
        deck = number
        draw = random_source(rng).random
        cards = _DECK_INDICES.get(deck)
        if cards is None:
            cards = _DECK_INDICES[deck] = tuple(_bits.bit_indices(deck))
        count = len(cards)
        keys = [draw() for _ in range(count)]
        order = [cards[i] for i in sorted(range(count), key=keys.__getitem__)]
        bit = _BIT.__getitem__
        size = count // seats
        hands = []
        for start in range(0, size * seats, size):
            hand = object.__new__(Hand)
            # Distinct powers of two: their sum is their union.
            object.__setattr__(hand, "mask", sum(map(bit, order[start : start + size])))
            hands.append(hand)
        return tuple(hands)


_BIT: Final = tuple(1 << i for i in range(54))
#: The cards of each deck dealt so far, in index order.
_DECK_INDICES: dict[int, tuple[int, ...]] = {_bits.FULL_DECK: tuple(range(52))}
#: Each suit's cards as a hand prints them: the jokers with the spades.
_PRINTED_SUITS: Final = (
    *_bits.SUIT_MASKS[:3],
    _bits.SUIT_MASKS[3] | 1 << _bits.LITTLE_JOKER | 1 << _bits.BIG_JOKER,
)


def deal_hands(value: Any) -> tuple[Hand, ...]:
    """The hands of a deal, as :class:`~spades.actions.Deal` reads them: two, three or four
    hands in any form :class:`Hand` reads, or one text of them, labelled by seat or not
    (``N:AKQ7.T9.J842.53 E:...``)."""
    if type(value) is tuple and len(value) in (2, 3, 4) and all(type(h) is Hand for h in value):
        return value
    given = value
    if isinstance(value, str):
        value = [_unlabelled(place, word) for place, word in enumerate(str.__str__(value).split())]
    elif isinstance(value, (bytes, bytearray, Hand)) or not isinstance(value, Iterable):
        raise NotationError(
            f"A deal is four hands (N, E, S, W), or three (N, E, S) or two (N, E) for fewer "
            f"players, not {quote(given)}.",
            token=quote(given),
            reason="bad_deal",
        )
    items = []
    for item in value:
        items.append(item)
        if len(items) > 4:
            break
    if len(items) not in (2, 3, 4):
        count = "more than 4" if len(items) > 4 else str(len(items))
        raise NotationError(
            f"A deal has four hands (N, E, S, W), or three (N, E, S) or two (N, E) for fewer "
            f"players, not {count}.",
            token=given if isinstance(given, str) else quote(given),
            reason="bad_deal",
        )
    return tuple(Hand(item) for item in items)


def _unlabelled(place: int, word: str) -> str:
    """A hand of a deal's text without its seat's label, as ``str(deal)`` writes it
    (``N:AKQ7.T9.J842.53``); a label other than its place's seat is refused."""
    label, colon, hand = word.rpartition(":")
    if not colon:
        return word
    if place >= len(SEATS) or label.upper() != SEATS[place].name:
        expected = "N, E, S, W" if place >= len(SEATS) else SEATS[place].name
        raise NotationError(
            f"{quote(word)} is labelled {quote(label)}, but hand {place + 1} of a deal is "
            f"{expected}'s: write the hands in seat order, 'N:... E:... S:... W:...'.",
            token=word,
            reason="bad_deal",
        )
    return hand


def random_source(rng: object) -> random.Random:
    """``rng`` itself, a :class:`random.Random` seeded with ``rng``, or a new one for None."""
    if isinstance(rng, random.Random):
        return rng
    if rng is None:
        return random.Random()
    seed = exact_int(rng)
    if seed is None:
        raise NotationError(
            "Cards are shuffled and drawn by a random.Random, a whole-number seed or None, "
            f"not {quote(rng)}.",
            token=quote(rng),
            reason="bad_seed",
        )
    return random.Random(seed)


def _operand_mask(cards: object) -> int | None:
    """The mask of a set operation's operand: cards, or the text of a hand; None if neither."""
    if isinstance(cards, Hand):
        return cards.mask
    if isinstance(cards, str):
        return _parse_hand(cards)
    if not isinstance(cards, Collection) or isinstance(cards, (bytes, bytearray)):
        return None  # (an iterator may never end: a hand is combined with a collection of cards)
    mask = 0
    for card in cards:
        mask |= 1 << Card(card).index
    return mask


def _parse_hand(cards: object) -> int:
    if isinstance(cards, Hand):
        return cards.mask
    given = cards
    if isinstance(cards, str):
        text = str.__str__(cards).strip()
        if "." in text:
            return _parse_dotted(cards, text)
        cards = text.replace(",", " ").split()
    elif isinstance(cards, (bytes, bytearray, Card)) or not isinstance(cards, Iterable):
        raise NotationError(
            "A hand is written as text like 'AKQ7.T9.J842.53' or 'As Kh 2c', or given as "
            f"cards, not {quote(given)}.",
            token=quote(given),
            reason="bad_hand",
        )
    mask = 0
    for item in cards:
        card = Card(item)
        if mask >> card.index & 1:
            raise NotationError(
                f"'{card}' appears twice in the hand.",
                token=item if isinstance(item, str) else str(card),
                reason="duplicate_card",
            )
        mask |= 1 << card.index
    return mask


def _parse_dotted(given: str, text: str) -> int:
    groups = text.split(".")
    if len(groups) != 4:
        raise NotationError(
            f"{quote(text)} is not a hand; the dotted form has four suit groups, "
            "spades.hearts.diamonds.clubs, like 'AKQ7.T9.J842.53'.",
            token=given,
            reason="bad_hand",
        )
    mask = 0
    for suit, group in zip((3, 2, 1, 0), groups):
        group = group.strip()
        if group == "-":
            continue
        rest = group.replace("10", "T")
        place = 0
        while place < len(rest):
            letter = rest[place]
            pair = rest[place : place + 2]
            index = JOKER_INDEX.get(pair) if suit == 3 else None
            if index is not None:
                place += 2
                written = CARD_TEXT[index]
            else:
                place += 1
                rank = RANK_BY_TEXT.get(letter)
                if rank is None:
                    raise NotationError(
                        f"{quote(letter)} in {quote(text)} is not a rank; use 2-9, T, J, Q, K, A "
                        "(and BJ, LJ for the jokers, first among the spades).",
                        token=letter,
                        reason="bad_hand",
                    )
                index = suit * 13 + rank
                written = letter
            bit = 1 << index
            if mask & bit:
                raise NotationError(
                    f"'{CARD_TEXT[index]}' appears twice in {quote(text)}.",
                    token=written,
                    reason="duplicate_card",
                )
            mask |= bit
    return mask
