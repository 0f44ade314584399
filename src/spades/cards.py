"""Cards, hands and their text forms.

Canonical text is rank then suit, ``As Kh Td 2c``; a hand prints grouped by suit, spades first, high
to low: ``AKQ7.T9.J842.53``. Cards are interned, so ``Card('As') is Card('AS')``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import Any, Final

from . import _kernel
from .errors import NotationError

__all__ = ["DECK", "Card", "Hand", "Rank", "Suit", "parse_card", "parse_cards"]


class Suit(enum.IntEnum):
    """A suit, in index order: clubs lowest, spades (always trump) highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """``clubs``, ``diamonds``, ``hearts``, ``spades``, for sentences."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.name.lower()[:-1]


class Rank(enum.IntEnum):
    """A rank, two lowest and ace highest."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return _RANK_LETTERS[self]


_SUIT_LETTERS: Final = "cdhs"
_SUIT_SYMBOLS: Final = "♣♦♥♠"
_RANK_LETTERS: Final = "23456789TJQKA"
_SUIT_BY_TEXT: Final = {
    **{letter: suit for suit, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: suit for suit, symbol in enumerate(_SUIT_SYMBOLS)},
    **{symbol: suit for suit, symbol in enumerate("♧♢♡♤")},
}
_RANK_BY_TEXT: Final = {
    **{letter.lower(): rank for rank, letter in enumerate(_RANK_LETTERS)},
    "10": Rank.TEN,
}


def _parse_index(token: str) -> int:
    text = token.strip().lower()
    for rank_text, suit_text in ((text[:-1], text[-1:]), (text[1:], text[:1])):
        rank = _RANK_BY_TEXT.get(rank_text)
        suit = _SUIT_BY_TEXT.get(suit_text)
        if rank is not None and suit is not None:
            return suit * 13 + rank
    raise NotationError(
        f"{token!r} is not a card; write rank then suit, like 'As', 'Td' or '10h'.",
        token=token,
        reason="bad_card",
    )


class Card:
    """One of the 52 cards. ``Card('As')``; also ``Card('10h')``, ``Card('A♠')``, ``Card('SA')``."""

    __slots__ = ("index",)
    index: int

    def __new__(cls, text: str | Card) -> Card:
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(
                f"A card is written as text like 'As', not {text!r}.",
                token=repr(text),
                reason="bad_card",
            )
        return _CARDS[_parse_index(text)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with bitmask index ``suit * 13 + rank``."""
        return _CARDS[index]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return _CARDS[suit * 13 + rank]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card, (str(self),))

    @property
    def rank(self) -> Rank:
        return Rank(self.index % 13)

    @property
    def suit(self) -> Suit:
        return Suit(self.index // 13)

    @property
    def mask(self) -> int:
        return 1 << self.index

    def to_text(self, *, unicode: bool = False) -> str:
        """``'As'``, or ``'A♠'`` with ``unicode=True``."""
        return _UNICODE_TEXT[self.index] if unicode else _TEXT[self.index]

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self.index]!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


_TEXT: Final = tuple(_RANK_LETTERS[i % 13] + _SUIT_LETTERS[i // 13] for i in range(52))
_UNICODE_TEXT: Final = tuple(_RANK_LETTERS[i % 13] + _SUIT_SYMBOLS[i // 13] for i in range(52))
_CARDS: Final = tuple(Card._make(i) for i in range(52))

#: The 52 cards in index order (two of clubs first, ace of spades last).
DECK: Final = _CARDS


def parse_card(text: str) -> Card:
    """Read one card; a :class:`NotationError` quotes the token otherwise."""
    return Card(text)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas, in the order written."""
    return [Card(token) for token in text.replace(",", " ").split()]


# Print order: spades first, high to low within each suit.
_PRINT_ORDER: Final = tuple(suit * 13 + rank for suit in (3, 2, 1, 0) for rank in range(12, -1, -1))


class Hand(AbstractSet[Card]):
    """An immutable set of cards backed by an ``int`` bitmask.

    ``Hand('AKQ7.T9.J842.53')`` reads the dotted form (spades.hearts.diamonds.clubs, ``-`` or
    nothing for a void); ``Hand('As Kh 2c')`` reads a list of cards; ``Hand(cards)`` takes any
    iterable of cards or card texts.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: str | Iterable[Card | str] = ()) -> None:
        object.__setattr__(self, "mask", _parse_hand(cards))

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        if not isinstance(mask, int) or mask < 0 or mask > _kernel.FULL_DECK:
            raise ValueError(f"{mask!r} is not a 52-bit card mask.")
        hand = object.__new__(cls)
        object.__setattr__(hand, "mask", mask)
        return hand

    @classmethod
    def full_deck(cls) -> Hand:
        return cls.from_mask(_kernel.FULL_DECK)

    @classmethod
    def _from_iterable(cls, iterable: Iterable[Any]) -> Hand:  # type: ignore[override]
        return cls(iterable)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

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
        return (_CARDS[i] for i in _PRINT_ORDER if mask >> i & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __hash__(self) -> int:
        # A Hand equals the frozenset of its cards, so it must hash like one.
        return hash(frozenset(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self.mask == other.mask
        return super().__eq__(other)

    def __or__(self, other: AbstractSet[Any]) -> Hand:
        return Hand.from_mask(self.mask | _mask_of(other))

    def __and__(self, other: AbstractSet[Any]) -> Hand:
        return Hand.from_mask(self.mask & _mask_of(other))

    def __sub__(self, other: AbstractSet[Any]) -> Hand:
        return Hand.from_mask(self.mask & ~_mask_of(other))

    def __xor__(self, other: AbstractSet[Any]) -> Hand:
        return Hand.from_mask(self.mask ^ _mask_of(other))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __le__(self, other: AbstractSet[Any]) -> bool:
        return self.mask & ~_mask_of(other) == 0

    def __ge__(self, other: AbstractSet[Any]) -> bool:
        return _mask_of(other) & ~self.mask == 0

    def __lt__(self, other: AbstractSet[Any]) -> bool:
        return self <= other and self.mask != _mask_of(other)

    def __gt__(self, other: AbstractSet[Any]) -> bool:
        return self >= other and self.mask != _mask_of(other)

    def isdisjoint(self, other: Iterable[Any]) -> bool:
        return self.mask & _mask_of(other) == 0

    # -- queries ---------------------------------------------------------------------------------

    def of_suit(self, suit: Suit) -> Hand:
        """The cards of one suit."""
        return Hand.from_mask(self.mask & _kernel.SUIT_MASKS[suit])

    def count(self, suit: Suit) -> int:
        """How many cards of ``suit`` the hand holds."""
        return (self.mask & _kernel.SUIT_MASKS[suit]).bit_count()

    def to_text(self, *, unicode: bool = False) -> str:
        """The dotted form, ``AKQ7.T9.J842.53``; with ``unicode=True``, ``♠AKQ7 ♥T9 ♦J842 ♣53``."""
        groups = []
        for suit in (3, 2, 1, 0):
            bits = self.mask >> (13 * suit)
            ranks = "".join(_RANK_LETTERS[r] for r in range(12, -1, -1) if bits >> r & 1)
            groups.append(_SUIT_SYMBOLS[suit] + (ranks or "-") if unicode else ranks)
        return (" " if unicode else ".").join(groups)

    def cards_text(self, *, unicode: bool = False) -> str:
        """The cards as a list, ``As Ks 7h``, in print order."""
        return " ".join(card.to_text(unicode=unicode) for card in self)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Hand({self.to_text()!r})" if self.mask else "Hand()"

    # -- dealing ---------------------------------------------------------------------------------

    @staticmethod
    def deal(rng: random.Random | int | None = None) -> tuple[Hand, Hand, Hand, Hand]:
        """Shuffle and deal 13 cards to each seat (N, E, S, W).

        The shuffle sorts the deck by one uniform random key per card: an unbiased permutation
        that costs 52 calls to ``rng.random`` instead of ``shuffle``'s 51 bounded draws.
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        draw = rng.random
        keys = [draw() for _ in range(52)]
        order = sorted(range(52), key=keys.__getitem__)
        bit = _BIT.__getitem__
        hands = []
        for start in (0, 13, 26, 39):
            hand = object.__new__(Hand)
            # Distinct powers of two: their sum is their union.
            object.__setattr__(hand, "mask", sum(map(bit, order[start : start + 13])))
            hands.append(hand)
        return (hands[0], hands[1], hands[2], hands[3])


_BIT: Final = tuple(1 << i for i in range(52))


def _mask_of(cards: Iterable[Any]) -> int:
    if isinstance(cards, Hand):
        return cards.mask
    mask = 0
    for card in cards:
        mask |= 1 << Card(card).index
    return mask


def _parse_hand(cards: str | Iterable[Card | str]) -> int:
    if isinstance(cards, Hand):
        return cards.mask
    if isinstance(cards, str):
        text = cards.strip()
        if "." in text:
            return _parse_dotted(cards)
        cards = text.replace(",", " ").split()
    mask = 0
    for item in cards:
        card = Card(item)
        if mask >> card.index & 1:
            raise NotationError(
                f"{item!s} appears twice in the hand.", token=str(item), reason="duplicate_card"
            )
        mask |= 1 << card.index
    return mask


def _parse_dotted(text: str) -> int:
    groups = text.strip().split(".")
    if len(groups) != 4:
        raise NotationError(
            f"{text!r} is not a hand; the dotted form has four suit groups, "
            "spades.hearts.diamonds.clubs, like 'AKQ7.T9.J842.53'.",
            token=text,
            reason="bad_hand",
        )
    mask = 0
    for suit, group in zip((3, 2, 1, 0), groups):
        group = group.strip()
        if group == "-":
            continue
        rest = group.replace("10", "T")
        for letter in rest:
            rank = _RANK_BY_TEXT.get(letter.lower())
            if rank is None:
                raise NotationError(
                    f"{letter!r} in {text!r} is not a rank; use 2-9, T, J, Q, K, A.",
                    token=letter,
                    reason="bad_hand",
                )
            bit = 1 << (suit * 13 + rank)
            if mask & bit:
                raise NotationError(
                    f"{_TEXT[suit * 13 + rank]} appears twice in {text!r}.",
                    token=letter,
                    reason="duplicate_card",
                )
            mask |= bit
    return mask
