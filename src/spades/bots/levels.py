"""The four levels by name: :func:`~spades.bots.make_player`."""

from __future__ import annotations

from .base import Level, Player
from .easy import EasyPlayer
from .expert import ExpertPlayer
from .hard import HardPlayer
from .medium import MediumPlayer

__all__ = ["make_player"]


def make_player(level: Level | str) -> Player:
    """The computer player of a level, by :class:`~spades.bots.Level` or by name (``'hard'``)."""
    level = Level(level)
    if level is Level.EASY:
        return EasyPlayer()
    if level is Level.MEDIUM:
        return MediumPlayer()
    if level is Level.HARD:
        return HardPlayer()
    return ExpertPlayer()
