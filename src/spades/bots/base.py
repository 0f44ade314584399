"""The computer player protocol, and the levels :func:`~spades.bots.make_player` builds.

A computer player is any callable ``player(view, rng) -> action``: it is given a
:class:`~spades.views.SeatView` -- its own cards, the bids, every card played, the scores and the
rules, never another hand or the order of the deck -- and a :class:`random.Random` for whatever
choices it makes at random, and returns one of ``view.legal_actions`` (or, during the blind nil
exchange, an :class:`~spades.actions.Exchange` of cards it holds). The same view and a generator
in the same state give the same action.
"""

from __future__ import annotations

import enum
import random
from typing import Protocol, runtime_checkable

from .._text import StrictEnumType, quote
from ..actions import Action
from ..errors import SpadesError
from ..views import SeatView

__all__ = ["Level", "Player"]


@runtime_checkable
class Player(Protocol):
    """What a computer player is: called with a seat's view and a random generator, it returns
    the action that seat takes.

    Write your own as a function or as a class with ``__call__``::

        def lowest_card(view: SeatView, rng: random.Random) -> Action:
            return view.legal_actions[0]
    """

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        """The action the seat of ``view`` takes; ``view.my_turn`` is true."""
        ...


class Level(str, enum.Enum, metaclass=StrictEnumType):
    """The four computer levels of the four_levels game (source text 004), weakest first."""

    #: Often plays any card it may; its bids can be a trick out.
    EASY = "easy"
    #: Sensible cards and bids from counting high cards and spades; no memory of the cards gone.
    MEDIUM = "medium"
    #: Remembers every card and every void; bids and defends nil, avoids bags once its bid is made.
    HARD = "hard"
    #: Plays out each card it could play on imagined deals and picks the one that scores best.
    EXPERT = "expert"

    def __repr__(self) -> str:
        return f"Level.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _read(cls, value: object) -> Level:
        """``Level('Hard')``, ``Level(' EXPERT ')``; a :class:`~spades.errors.SpadesError` with
        reason ``bad_level`` for anything else."""
        if isinstance(value, str) and value.strip().lower() in _BY_TEXT:
            return _BY_TEXT[value.strip().lower()]
        raise SpadesError(
            f"A computer level is easy, medium, hard or expert, not {quote(value)}.",
            reason="bad_level",
        )


_BY_TEXT = {level.value: level for level in Level}
