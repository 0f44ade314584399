"""Computer players: the protocol, the four levels of the four_levels game (source text 004), and
what they know.

A computer player is called with a :class:`~spades.views.SeatView` and a :class:`random.Random`
and returns an action (the :class:`Player` protocol); it never sees a
:class:`~spades.state.GameState`. :func:`make_player` builds a level by name.
"""

from __future__ import annotations

from .base import Level, Player
from .easy import EasyPlayer
from .expert import ExpertPlayer
from .hard import HardPlayer
from .levels import make_player
from .medium import MediumPlayer

__all__ = [
    "EasyPlayer",
    "ExpertPlayer",
    "HardPlayer",
    "Level",
    "MediumPlayer",
    "Player",
    "make_player",
]
