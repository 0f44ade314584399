"""Where a game stands: :class:`Phase`, in a module of its own so that the views, the computer
players and the records can read it without the state."""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where a game stands."""

    #: Waiting for the first deal.
    DEAL = "deal"
    #: Two players are drawing their hands from the stock (``deal_method`` draw_keep_discard).
    DRAW = "draw"
    #: The dealer is discarding two of the 15 cards they hold after the deal, face down, before
    #: the bidding (``spare_cards`` dealer_discards).
    BURY = "bury"
    #: Bids are being made, one seat at a time.
    BIDDING = "bidding"
    #: A blind nil bidder and partner are exchanging cards.
    EXCHANGE = "exchange"
    #: Tricks are being played.
    PLAY = "play"
    #: The hand is over and scored; the next action is the next deal (the dealer then rotates).
    HAND_OVER = "hand_over"
    #: The game has a result.
    GAME_OVER = "game_over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __str__(self) -> str:
        return self.value
