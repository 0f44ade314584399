"""The computer player protocol, and the levels :func:`~spades.bots.make_player` builds.

A computer player is any callable ``player(view, rng) -> action``: it is given a
:class:`~spades.views.SeatView` -- its own cards, the bids, every card played, the scores and the
rules, never another hand or the order of the deck -- and a :class:`random.Random` for whatever
choices it makes at random, and returns one of ``view.legal_actions`` (or, during the blind nil
exchange, an :class:`~spades.actions.Exchange` of cards it holds). The same view and a generator
in the same state give the same action.

The four levels share one base, :class:`ComputerPlayer`, which refuses what they cannot act on,
each level alike: anything that is not a :class:`~spades.views.SeatView` (a
:class:`~spades.state.GameState`, a generator), and a view that gives its seat nothing to do.
"""

from __future__ import annotations

import enum
import random
from typing import Protocol, runtime_checkable

from .._text import StrictEnumType, quote
from ..actions import Action
from ..errors import SpadesError
from ..views import SeatView

__all__ = ["ComputerPlayer", "Level", "Player", "acting_view"]


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


class ComputerPlayer:
    """The base of the four levels: a :class:`Player` that acts only on a seat's view with
    something to do.

    Called with anything that is not a :class:`~spades.views.SeatView` (a
    :class:`~spades.state.GameState`, say, whose seat's view :func:`~spades.views.view` gives)
    it raises a :class:`~spades.errors.SpadesError` with reason ``bad_view``; with a view whose
    :attr:`~spades.views.SeatView.legal_actions` are empty (not the seat's turn, the game over,
    or in two-handed Spades a card still to be drawn for it), one with reason ``not_my_turn``.
    Otherwise it returns what the level chooses.

    >>> from spades import new_game, view
    >>> from spades.bots import HardPlayer
    >>> HardPlayer()(view(new_game(), 'N'), random.Random(1))
    Traceback (most recent call last):
    ...
    spades.errors.SpadesError: It is not North's turn: there is nothing for it to do.
    """

    __slots__ = ()

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        """The action the seat of ``view`` takes, chosen by the level once ``view`` is known to
        be a seat's view with something to do."""
        return self._choose(acting_view(view), rng)

    def _choose(self, view: SeatView, rng: random.Random, /) -> Action:
        """The level's choice, for a view ``__call__`` has checked: each level defines it."""
        raise NotImplementedError


def acting_view(view: object) -> SeatView:
    """``view`` once it is known to be a seat's view with something to do: what every computer
    player and :func:`~spades.bots.hints` check first, with the same sentences. A
    :class:`~spades.errors.SpadesError` with reason ``bad_view`` for anything that is not a
    :class:`~spades.views.SeatView`, ``not_my_turn`` for a view whose
    :attr:`~spades.views.SeatView.legal_actions` are empty."""
    if not isinstance(view, SeatView):
        raise SpadesError(
            "A computer player is given a seat's view (a SeatView, as view(state, seat) "
            f"gives), not {quote(view)}.",
            reason="bad_view",
        )
    if not view.legal_actions:
        raise SpadesError(_nothing_to_do(view), reason="not_my_turn")
    return view


def _nothing_to_do(view: SeatView) -> str:
    """Why a view gives its seat nothing to do, as a sentence."""
    name = view.seat.full_name
    if view.result is not None:
        return f"The game is over: there is nothing for {name} to do."
    if view.to_act is view.seat:  # two-handed Spades: the card to keep or discard is to come
        return f"{name} is to draw a card: there is nothing for it to do until it is drawn."
    return f"It is not {name}'s turn: there is nothing for it to do."


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
