"""Medium: sensible cards and counted bids, with no memory of the cards gone.

The four_levels game (source text 004): "Plays sensible cards, high to win a trick and low when its
partner is already winning, and bids by counting its high cards and spades. It doesn't remember
which cards have gone." So Medium plays from its own hand and the trick on the table; it bids its
count, read for the game score (bags near the limit, the target or the losing score near).

When every player plays alone (:attr:`~spades.rules.RuleSet.partnerships` False) there is no
partner to leave a trick to: Medium plays high to win whoever is winning, and its count is its
own contract. At a table of three (:attr:`~spades.rules.RuleSet.players` 3) the third card of a
trick is the last, and its count is the one made for hands of 17 or 18 cards
(:func:`~spades.bots.tactics.count_tricks`), read under it by
:data:`~spades.bots.tactics.THREE_MARGIN`. At a table of two (``players`` 2) the second card of
a trick is the last, its count is the one fitted for two, read under it by the same margin, and in
the draw it keeps a card worth at least the average card not in its hand
(:func:`~spades.bots.tactics.medium_keeps`).
"""

from __future__ import annotations

import random

from .._kernel.cards import RANKS, SPADES, SUIT_MASKS, SUIT_OF
from ..actions import Action
from ..phase import Phase
from ..views import SeatView
from .base import ComputerPlayer
from .seen import Seen, read_view
from .tactics import (
    bury_action,
    cheapest_winner,
    count_tricks,
    draw_action,
    drawn_position,
    exchange_action,
    for_the_score,
    highest,
    legal_mask,
    lowest,
    lowest_by_rank,
    medium_keeps,
    pick_bid,
    play_action,
    redeal_call,
    winning,
)

__all__ = ["MediumPlayer", "medium_bid", "medium_card"]

#: The tricks in a hand of the standard game (four players, 13 cards each).
_STANDARD_TRICKS = 13
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_DRAW = Phase.DRAW
_BURY = Phase.BURY


def medium_bid(hand: int, seen: Seen | None = None) -> int:
    """Medium's bid: its count of likely tricks, at least 1 and at most the tricks in a hand;
    with ``seen``, read for the game score as Hard reads it
    (:func:`~spades.bots.tactics.for_the_score`). Without ``seen``, a hand of the standard game
    (four players, 13 cards)."""
    if seen is None:
        estimate = count_tricks(hand)
        most = _STANDARD_TRICKS
    else:
        estimate = for_the_score(seen, count_tricks(hand, seen.deck, seen.players))
        most = seen.tricks_per_hand
    return max(1, min(most, round(estimate - 0.1)))


def medium_card(seen: Seen, legal: int) -> int:
    """Medium's card: lead an ace or a low card of its longest side suit; follow high to win, low
    when its partner is winning (never alone: no partner) or it cannot win."""
    trick = seen.trick
    if not trick:
        side = legal & ~SPADES
        for suit in range(3):
            cards = side & SUIT_MASKS[suit]
            if cards >> (suit * RANKS + 12) & 1:
                return suit * RANKS + 12
        if side:
            longest = max(range(3), key=lambda suit: ((side & SUIT_MASKS[suit]).bit_count(), -suit))
            return lowest(side & SUIT_MASKS[longest])
        return highest(legal)
    seat, best = winning(seen)
    if seat == seen.partner:
        return lowest_by_rank(legal)
    winner = cheapest_winner(legal, best, seen.deck)
    if winner < 0:
        return lowest_by_rank(legal)
    if len(trick) == seen.players - 1 or (SUIT_OF[winner] == 3 and SUIT_OF[best] != 3):
        return winner  # last to play, or a ruff: the cheapest card that wins
    return highest(legal & SUIT_MASKS[SUIT_OF[winner]])  # high to win


class MediumPlayer(ComputerPlayer):
    """The Medium computer level (see the module's docstring)."""

    __slots__ = ()

    def _choose(self, view: SeatView, rng: random.Random, /) -> Action:
        seen = read_view(view)
        if view.phase is _BIDDING:
            # Medium never bids nil: it throws in a weak hand when the rules let it.
            call = redeal_call(view, seen.hand, False, seen.deck, seen.players)
            return call or pick_bid(view, medium_bid(seen.hand, seen))
        if view.phase is _EXCHANGE:
            return exchange_action(view, seen)
        if view.phase is _BURY:
            return bury_action(view, seen)
        if view.phase is _DRAW:
            return draw_action(view, medium_keeps(seen, drawn_position(view, seen)))
        return play_action(view, seen.card(medium_card(seen, legal_mask(seen))))

    def __repr__(self) -> str:
        return "MediumPlayer()"

    def __eq__(self, other: object) -> bool:
        return type(other) is MediumPlayer

    def __hash__(self) -> int:
        return hash(MediumPlayer)
