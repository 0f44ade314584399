"""Cards and their text forms (a set of cards is a :class:`~spades.hands.Hand`).

Canonical text is rank then suit, ``As Kh Td 2c``; a hand prints grouped by suit, spades first, high
to low: ``AKQ7.T9.J842.53``. Cards are interned, so ``Card('As') is Card('AS')``.

Only ASCII rank and suit letters (either case), ``10`` and the suit symbols ``♠♥♦♣♤♡♢♧`` are read: a
lookalike such as the Kelvin sign ``K`` (which Python lower-cases to ``k``) is not a king.

The two jokers of the decks that have them (:attr:`RuleSet.deck <spades.rules.RuleSet.deck>`) are
``BJ`` (the big joker) and ``LJ`` (the little joker); they belong to the spade suit, above its
ace, and a hand writes them first in its spade group: ``BJLJAK.T9.J842.53``.
"""

from __future__ import annotations

import enum
from typing import Any, Final

from ._kernel import cards as _bits
from ._text import StrictEnumType, exact_int, exact_text, quote
from .errors import NotationError

__all__ = ["CARDS", "DECK", "Card", "Rank", "Suit", "parse_card", "parse_cards"]


class Suit(enum.IntEnum, metaclass=StrictEnumType):
    """A suit, in index order: clubs lowest, spades (always trump) highest.

    ``str(suit)`` is its letter (``'s'``); ``Suit('s')``, ``Suit('♠')`` and ``Suit('spades')``
    read one.
    """

    #: Clubs (0), letter ``c``, symbol ♣.
    CLUBS = 0
    #: Diamonds (1), letter ``d``, symbol ♦.
    DIAMONDS = 1
    #: Hearts (2), letter ``h``, symbol ♥.
    HEARTS = 2
    #: Spades (3), letter ``s``, symbol ♠: always trump.
    SPADES = 3

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """``clubs``, ``diamonds``, ``hearts``, ``spades``, for sentences."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """``club``, ``diamond``, ``heart``, ``spade``, for sentences."""
        return self.name.lower()[:-1]

    @classmethod
    def _read(cls, value: object) -> Suit:
        """``Suit('s')``, ``Suit('♠')``, ``Suit('spades')``; a NotationError for no suit."""
        return _SUITS[suit_index(value)]


class Rank(enum.IntEnum, metaclass=StrictEnumType):
    """A rank, two lowest and ace highest."""

    #: Two (0), written ``2``; the lowest.
    TWO = 0
    #: Three (1), written ``3``.
    THREE = 1
    #: Four (2), written ``4``.
    FOUR = 2
    #: Five (3), written ``5``.
    FIVE = 3
    #: Six (4), written ``6``.
    SIX = 4
    #: Seven (5), written ``7``.
    SEVEN = 5
    #: Eight (6), written ``8``.
    EIGHT = 6
    #: Nine (7), written ``9``.
    NINE = 7
    #: Ten (8), written ``T`` (also read as ``10``).
    TEN = 8
    #: Jack (9), written ``J``.
    JACK = 9
    #: Queen (10), written ``Q``.
    QUEEN = 10
    #: King (11), written ``K``.
    KING = 11
    #: Ace (12), written ``A``; the highest.
    ACE = 12

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return RANK_LETTERS[self]

    @classmethod
    def _read(cls, value: object) -> Rank:
        """``Rank('A')``, ``Rank('10')``, ``Rank('ace')``; a NotationError for no rank."""
        return _RANKS[_rank_index(value)]


_SUITS: Final = tuple(Suit)
_RANK_NAMES: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_RANKS: Final = tuple(Rank)
_SUIT_LETTERS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_LETTERS: Final = "23456789TJQKA"
# Every text of a suit and of a rank that is read: ASCII letters in either case, the symbols, 10.
_SUIT_BY_TEXT: Final[dict[str, int]] = {
    **{letter: suit for suit, letter in enumerate(_SUIT_LETTERS)},
    **{letter.upper(): suit for suit, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)},
    **{symbol: suit for suit, symbol in enumerate("♧♢♡♤")},
}
RANK_BY_TEXT: Final[dict[str, int]] = {
    **{letter: rank for rank, letter in enumerate(RANK_LETTERS)},
    **{letter.lower(): rank for rank, letter in enumerate(RANK_LETTERS)},
    "10": Rank.TEN,
}
#: The jokers' texts, and their indices (above the ace of spades).
_JOKER_TEXT: Final = {_bits.LITTLE_JOKER: "LJ", _bits.BIG_JOKER: "BJ"}
# Every text of a card that is read, rank then suit or suit then rank: 'As', 'as', '10h', '♠A';
# and the jokers, 'BJ' and 'LJ' in either case.
_INDEX_BY_TEXT: Final[dict[str, int]] = {
    **{
        text: suit * 13 + rank
        for rank_text, rank in RANK_BY_TEXT.items()
        for suit_text, suit in _SUIT_BY_TEXT.items()
        for text in (rank_text + suit_text, suit_text + rank_text)
    },
    **{text: index for index, joker in _JOKER_TEXT.items() for text in (joker, joker.lower())},
}
# Suits and ranks named in words, for Card.of, Hand.count and Hand.of_suit.
_SUIT_BY_NAME: Final[dict[str, int]] = {
    **_SUIT_BY_TEXT,
    **{suit.name.lower(): suit for suit in Suit},
    **{suit.name.lower()[:-1]: suit for suit in Suit},
}
_RANK_BY_NAME: Final[dict[str, int]] = {
    **RANK_BY_TEXT,
    **{rank.name.lower(): rank for rank in Rank},
}


def _parse_index(token: str) -> int:
    """The index of the card written ``token``; a NotationError keeps the token as given."""
    index = _INDEX_BY_TEXT.get(str.__str__(token).strip())
    if index is None:
        raise NotationError(
            f"{quote(token)} is not a card; write rank then suit, like 'As', 'Td' or '10h' (or BJ "
            "and LJ for the jokers).",
            token=token,
            reason="bad_card",
        )
    return index


def _named(value: object, table: dict[str, int]) -> int | None:
    """The entry of ``table`` for the text ``value`` (ASCII case does not matter), if any."""
    text = exact_text(value)
    if text is None:
        return None
    text = text.strip()
    return table.get(text.lower() if text.isascii() else text)


def _whole_in(value: object, size: int) -> int | None:
    """``value`` as a plain int if it is a whole number from 0 to ``size - 1``, else None."""
    number = exact_int(value)
    return number if number is not None and 0 <= number < size else None


def suit_index(value: object) -> int:
    """The index of a suit given as a :class:`Suit`, its index, a letter or symbol (``'s'``,
    ``'♠'``) or its name; a NotationError otherwise."""
    if type(value) is Suit:
        return value
    number = _whole_in(value, 4)
    if number is None:
        number = _named(value, _SUIT_BY_NAME)
    if number is None:
        raise NotationError(
            f"{quote(value)} is not a suit; use s, h, d or c (or ♠ ♥ ♦ ♣)."
            if isinstance(value, str)
            else f"A suit is a Suit, its index 0-3 or its letter, not {quote(value)}.",
            token=value if isinstance(value, str) else quote(value),
            reason="bad_suit",
        )
    return number


def _rank_index(value: object) -> int:
    """A rank given as a :class:`Rank`, its index (0 for a two), its letter or ``10``, or name."""
    if type(value) is Rank:
        return value
    number = _whole_in(value, 13)
    if number is None:
        number = _named(value, _RANK_BY_NAME)
    if number is None:
        raise NotationError(
            f"{quote(value)} is not a rank; use 2-9, T (or 10), J, Q, K or A."
            if isinstance(value, str)
            else f"A rank is a Rank, its index 0-12 or its letter, not {quote(value)}.",
            token=value if isinstance(value, str) else quote(value),
            reason="bad_rank",
        )
    return number


class Card:
    """One of the 52 cards or a joker. ``Card('As')``; also ``Card('10h')``, ``Card('A♠')``,
    ``Card('SA')``; ``Card('BJ')`` and ``Card('LJ')`` are the big and the little joker."""

    __slots__ = ("index",)
    #: The card's bit in a hand's mask: ``suit * 13 + rank`` (0 is the two of clubs, 51 the ace
    #: of spades), 52 for the little joker and 53 for the big joker.
    index: int

    def __new__(cls, text: str | Card) -> Card:
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(
                f"A card is written as text like 'As', not {quote(text)}.",
                token=quote(text),
                reason="bad_card",
            )
        return CARDS[_parse_index(text)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with bitmask index ``suit * 13 + rank``, a whole number from 0 to 51, or 52
        and 53 for the little and the big joker."""
        if type(index) is int and 0 <= index < 54:
            return CARDS[index]
        number = _whole_in(index, 54)
        if number is None:
            raise NotationError(
                f"A card index is a whole number from 0 to 53, not {quote(index)}.",
                token=quote(index),
                reason="bad_card",
            )
        return CARDS[number]

    @classmethod
    def of(cls, rank: Rank | int | str, suit: Suit | int | str) -> Card:
        """The card of ``rank`` and ``suit`` (also their text: ``Card.of('A', 's')``)."""
        return CARDS[suit_index(suit) * 13 + _rank_index(rank)]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Cards are immutable.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Cards are immutable.")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card, (str(self),))

    @property
    def rank(self) -> Rank | None:
        """The card's rank; None for a joker, which has none."""
        return _RANKS[self.index % 13] if self.index < 52 else None

    @property
    def suit(self) -> Suit:
        """The card's suit: a joker's is spades, whose top trumps the jokers are. (Which suit a card
        *plays* as is the rules' to say: under ``deck='jjdd'`` the two of diamonds is a spade.)"""
        return _SUITS[min(self.index // 13, 3)]

    @property
    def name(self) -> str:
        """The card in words, for sentences: ``'ace of spades'``, ``'big joker'``."""
        if self.index >= 52:
            return "big joker" if self.index == _bits.BIG_JOKER else "little joker"
        return f"{_RANK_NAMES[self.index % 13]} of {_SUITS[self.index // 13].plural}"

    @property
    def is_joker(self) -> bool:
        """Whether the card is the big or the little joker."""
        return self.index >= 52

    @property
    def mask(self) -> int:
        """The card as a one-card mask, ``1 << index``."""
        return 1 << self.index

    def to_text(self, *, unicode: bool = False) -> str:
        """``'As'``, or ``'A♠'`` with ``unicode=True``."""
        return _UNICODE_TEXT[self.index] if unicode else CARD_TEXT[self.index]

    def __str__(self) -> str:
        return CARD_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({CARD_TEXT[self.index]!r})"

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


CARD_TEXT: Final = (
    *(RANK_LETTERS[i % 13] + _SUIT_LETTERS[i // 13] for i in range(52)),
    *_JOKER_TEXT.values(),
)
_UNICODE_TEXT: Final = (
    *(RANK_LETTERS[i % 13] + SUIT_SYMBOLS[i // 13] for i in range(52)),
    *_JOKER_TEXT.values(),
)
# The jokers as a hand's spade group writes them.
JOKER_INDEX: Final = {
    text: index for index, joker in _JOKER_TEXT.items() for text in (joker, joker.lower())
}
#: Every card by index, the jokers (52 and 53) last.
CARDS: Final = tuple(Card._make(i) for i in range(54))

#: The 52 cards of the standard deck in index order (two of clubs first, ace of spades last).
DECK: Final = CARDS[:52]


def parse_card(text: str) -> Card:
    """Read one card; a :class:`~spades.errors.NotationError` quotes the token otherwise."""
    return Card(text)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas, in the order written."""
    plain = exact_text(text)
    if plain is None:
        raise NotationError(
            f"Cards are written as text like 'As Kh Td', not {quote(text)}.",
            token=quote(text),
            reason="bad_card",
        )
    return [Card(token) for token in plain.replace(",", " ").split()]
