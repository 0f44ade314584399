"""The nil and blind nil exchanges: which cards to pass to the partner; and the dealer's discard
of two of the 15 cards held under ``spare_cards`` dealer_discards (:func:`bury_cards`).

Every computer level may call :func:`exchange_cards`. A nil or blind nil bidder passes its most
dangerous cards, the ones most likely to win a trick: spades first, highest first, then the highest
cards of the other suits. Its partner, who bid a number, passes its lowest cards of the side suits
(the lowest ranks first, then the lowest spades if it must), since low cards help a nil. Each does
the same whether it gives first or gives back (``exchange_order``). There is no exchange when every
player plays alone: the rules refuse one without partners (``partnerships``).
"""

from __future__ import annotations

from .._kernel.cards import RANK_OF, SPADE_SUIT, SUIT_OF, bit_indices
from .seen import Seen

__all__ = ["bury_cards", "danger", "exchange_cards"]

#: The rank of an ace.
_ACE = 12
#: How much more dangerous to a nil a spade is than a side card of the same rank.
_SPADE_DANGER = 6


def danger(card: int) -> int:
    """How likely ``card`` (an index) is to win a trick for a nil bidder holding it, as a rank:
    its rank, plus 6 (``_SPADE_DANGER``) for a spade (so the two of spades is as dangerous as a
    side eight, the ace of spades the most dangerous card but for the jokers)."""
    rank = RANK_OF[card]  # a joker ranks above the ace of spades
    return rank + (_SPADE_DANGER if SUIT_OF[card] == SPADE_SUIT else 0)


def exchange_cards(seen: Seen, count: int) -> int:
    """The mask of the ``count`` cards (or all, when it holds fewer) the seat of ``seen`` passes
    to its partner in a nil or blind nil exchange.

    The nil (or blind nil) bidder passes its most dangerous cards (:func:`danger`, highest
    first); its partner passes its lowest side-suit cards by rank, then its lowest spades. Ties
    go to the lower card index, so the choice depends on the cards alone.
    """
    cards = list(bit_indices(seen.hand))
    bid = seen.bids[seen.seat]
    if bid is not None and bid[0] == 0:
        cards.sort(key=lambda card: (-danger(card), card))
    else:
        cards.sort(key=lambda card: (SUIT_OF[card] == SPADE_SUIT, RANK_OF[card], card))
    mask = 0
    for card in cards[: max(0, count)]:
        mask |= 1 << card
    return mask


def bury_cards(seen: Seen, count: int) -> int:
    """The mask of the ``count`` cards the seat of ``seen``, holding the two spare cards too,
    discards face down (``spare_cards``: the dealer, or the holder of the two of clubs): the same
    for every computer level.

    The lowest cards of the side suits, the suits as the deck plays them (a joker is a spade),
    a short suit without its ace first when the cards can void it, so that the hand can trump
    it; then the lowest ranks; spades, lowest first, only when too few side cards are left.
    Ties go to the lower card, so the choice depends on the cards alone.
    """
    hand = seen.hand
    suits = seen.deck.suits
    side = [hand & suits[suit] for suit in range(SPADE_SUIT)]
    # A suit of ``count`` cards or fewer, without its ace (a likely trick), can be voided: the
    # shortest such suit goes first.
    voidable = sorted(
        (mask.bit_count(), suit)
        for suit, mask in enumerate(side)
        if 0 < mask.bit_count() <= count and not any(RANK_OF[c] == _ACE for c in bit_indices(mask))
    )
    chosen = 0
    for _, suit in voidable:
        if side[suit].bit_count() <= count - chosen.bit_count():
            chosen |= side[suit]
    rest = [card for mask in side for card in bit_indices(mask & ~chosen)]
    rest.sort(key=lambda card: (RANK_OF[card], card))
    rest += sorted(bit_indices(hand & suits[SPADE_SUIT]))  # lowest spades, if it must
    for card in rest[: max(0, count - chosen.bit_count())]:
        chosen |= 1 << card
    return chosen
