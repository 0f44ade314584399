"""Bitmask primitives: the single home of the card-play rules.

A set of cards is an ``int`` with bit ``suit * 13 + rank`` set for each card (clubs 0, diamonds 1,
hearts 2, spades 3; ranks 0 for the two up to 12 for the ace). The engine and the computer players'
playouts call these functions, so follow-suit, leading spades and the trick winner are decided in
exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = [
    "FULL_DECK",
    "NON_SPADES",
    "SPADES",
    "SPADE_SUIT",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "bit_indices",
    "breaks_spades",
    "lead_mask",
    "play_mask",
    "trick_winner",
]

SPADE_SUIT = 3
SUIT_MASKS: tuple[int, int, int, int] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
SPADES = SUIT_MASKS[SPADE_SUIT]
NON_SPADES = SPADES ^ ((1 << 52) - 1)
FULL_DECK = (1 << 52) - 1
TWO_OF_CLUBS = 0


def bit_indices(mask: int) -> Iterator[int]:
    """The card indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lead_mask(hand: int, spades_broken: bool) -> int:
    """The cards a leader may lead: no spade before spades are broken, unless all are spades."""
    if spades_broken:
        return hand
    others = hand & NON_SPADES
    return others if others else hand


def play_mask(hand: int, led_suit: int) -> int:
    """The cards a follower may play: the led suit if held, otherwise anything."""
    following = hand & SUIT_MASKS[led_suit]
    return following if following else hand


def trick_winner(cards: Sequence[int]) -> int:
    """The position in ``cards`` (in play order, led card first) of the card that takes the trick.

    Spades are the highest suit in the index order, so the winner is simply the highest-indexed card
    among the spades and the cards of the led suit.
    """
    led = cards[0] // 13
    best = 0
    best_card = cards[0]
    for position in range(1, len(cards)):
        card = cards[position]
        if card > best_card and (card >= 39 or card // 13 == led):
            best, best_card = position, card
    return best


def breaks_spades(card: int, led_suit: int, any_spade: bool) -> bool:
    """Whether playing ``card`` to a trick led in ``led_suit`` breaks spades.

    With ``any_spade`` every spade breaks them, a spade lead included; otherwise only a spade played
    by someone who could not follow the led suit does (a trump).
    """
    if card < 39:
        return False
    return any_spade or led_suit != SPADE_SUIT
