"""Easy: often any card it may play, and bids that can be a trick out.

The four_levels game (source text 004): "Often plays any card it's allowed to, and its bids can be a
trick out." Easy plays a random legal card half the time and Medium's card otherwise; it bids
Medium's count, one trick over or under as often as on it. In the draw of two-handed Spades it
keeps a spade or a high card, with a whim (:func:`~spades.bots.tactics.easy_keeps`).
"""

from __future__ import annotations

import random

from .._text import quote
from ..actions import Action
from ..errors import SpadesError
from ..phase import Phase
from ..views import SeatView
from .base import ComputerPlayer
from .medium import medium_bid, medium_card
from .seen import read_view
from .tactics import (
    bury_action,
    draw_action,
    drawn_position,
    easy_keeps,
    exchange_action,
    fair_plays,
    legal_mask,
    pick_bid,
    play_action,
)

__all__ = ["EasyPlayer"]

_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_DRAW = Phase.DRAW
_BURY = Phase.BURY


class EasyPlayer(ComputerPlayer):
    """The Easy computer level (see the module's docstring).

    ``random_play`` is how often it plays any legal card at random (one time in two by default).
    """

    __slots__ = ("random_play",)

    def __init__(self, random_play: float = 0.5) -> None:
        if (
            not isinstance(random_play, (int, float))
            or isinstance(random_play, bool)
            or not 0 <= random_play <= 1
        ):
            raise SpadesError(
                f"Easy's random_play is a fraction from 0 to 1, not {quote(random_play)}.",
                reason="bad_player",
            )
        #: How often it plays any legal card at random, from 0 to 1 (0.5 by default).
        self.random_play = float(random_play)

    def _choose(self, view: SeatView, rng: random.Random, /) -> Action:
        if view.phase is _BIDDING:
            seen = read_view(view)
            return pick_bid(view, medium_bid(seen.hand, seen) + rng.choice((-1, 0, 1)))
        if view.phase is _EXCHANGE:
            return exchange_action(view, read_view(view))
        if view.phase is _BURY:
            return bury_action(view, read_view(view))
        if view.phase is _DRAW:
            seen = read_view(view)
            return draw_action(view, easy_keeps(seen, drawn_position(view, seen), rng))
        seen = read_view(view)
        if rng.random() < self.random_play:
            return rng.choice(fair_plays(view, seen))
        return play_action(view, seen.card(medium_card(seen, legal_mask(seen))))

    def __repr__(self) -> str:
        return "EasyPlayer()" if self.random_play == 0.5 else f"EasyPlayer({self.random_play!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is EasyPlayer and other.random_play == self.random_play

    def __hash__(self) -> int:
        return hash((EasyPlayer, self.random_play))
