"""Computer players: the protocol, the four levels of the four_levels game (source text 004), and
what they know.

A computer player is called with a :class:`~spades.views.SeatView` and a :class:`random.Random`
and returns an action (the :class:`Player` protocol); it never sees a
:class:`~spades.state.GameState`. :func:`make_player` builds a level by name; :func:`hints`
gives each action a seat may take with the Expert's worth of it and the reason
(:mod:`spades.bots.advice`).
"""

from __future__ import annotations

from .advice import Hint, hints
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
    "Hint",
    "Level",
    "MediumPlayer",
    "Player",
    "hints",
    "make_player",
]
