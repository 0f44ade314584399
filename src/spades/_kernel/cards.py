"""The card encoding every layer shares: a card is an index, a set of cards an ``int`` mask.

A card is ``suit * 13 + rank``: suits clubs 0, diamonds 1, hearts 2, spades 3; ranks 0 for the two
up to 12 for the ace; the little joker is 52 and the big joker 53. A set of cards is an ``int`` with
those bits set. This module imports nothing, so that :mod:`spades.cards` builds its ``Card`` and
``Hand`` on the same encoding the kernel plays by.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

__all__ = [
    "ACES",
    "ALL_CARDS",
    "BIG_JOKER",
    "FACE_CARDS",
    "FULL_DECK",
    "LITTLE_JOKER",
    "NON_SPADES",
    "RANKS",
    "RANK_OF",
    "SPADES",
    "SPADE_SUIT",
    "SUIT_MASKS",
    "SUIT_OF",
    "TWO_OF_CLUBS",
    "bit_indices",
]

#: Ranks in a suit.
RANKS: Final = 13
#: The suit index of spades, the trumps.
SPADE_SUIT: Final = 3
#: Each suit's bits, clubs first. The spades' run on above the ace, to every trump a deck ranks
#: above it (the jokers, 52 and 53, and the places of a deck's high trumps, up to 57).
SUIT_MASKS: Final[tuple[int, int, int, int]] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x7FFFF << 39)
#: The spades' bits.
SPADES: Final = SUIT_MASKS[SPADE_SUIT]
#: The 52 cards of the standard deck.
FULL_DECK: Final = (1 << 52) - 1
#: The standard deck's cards that are not spades.
NON_SPADES: Final = FULL_DECK & ~SPADES
#: The suit of each bit of :data:`SUIT_MASKS`: ``card // 13`` up to the ace of spades, and spades
#: above it.
SUIT_OF: Final[tuple[int, ...]] = tuple(min(bit // RANKS, SPADE_SUIT) for bit in range(58))
#: The rank of each bit within its suit of :data:`SUIT_MASKS` (0 for a two; the jokers 13, 14).
RANK_OF: Final[tuple[int, ...]] = tuple(bit % RANKS if bit < 39 else bit - 39 for bit in range(58))
#: The index of the two of clubs.
TWO_OF_CLUBS: Final = 0
#: The jokers' indices: above every spade, as they rank.
LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53
#: Every card index of any deck: the 52 cards and the two jokers.
ALL_CARDS: Final = (1 << 54) - 1
#: The face cards (jack, queen, king) of every suit: ranks 9, 10 and 11 of each.
FACE_CARDS: Final = sum(0b111 << (suit * RANKS + 9) for suit in range(4))
#: The aces of every suit: rank 12 of each.
ACES: Final = sum(1 << (suit * RANKS + 12) for suit in range(4))


def bit_indices(mask: int) -> Iterator[int]:
    """The card indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
