"""What a seat may do: the tuple :func:`~spades.legality.legal_actions` returns, whose ``in``
matches an action as a person types it, without a seat."""

from __future__ import annotations

import attrs

from .actions import Bid, Bury, Discard, Exchange, Keep, Play, Redeal, SeatAction

__all__ = ["NO_ACTIONS", "LegalActions"]


#: The kinds of action a seat takes, which :class:`LegalActions` matches without their seat.
_SEATED_KINDS = (Bid, Exchange, Play, Redeal, Keep, Discard, Bury)


class LegalActions(tuple[SeatAction, ...]):
    """What the seat to act may do, as :func:`~spades.legality.legal_actions` lists it: a tuple
    of actions, each naming that seat, whose ``in`` also matches an action typed without a seat.

    ``Bid(3) in legal_actions(state)`` holds exactly when ``Bid(3, seat=seat)`` is listed for the
    seat to act, as :func:`~spades.legality.is_legal` takes ``Bid(3)`` to mean; an action naming
    another seat is not in it. Only ``in`` is lenient: the actions themselves keep their strict
    equality and hash (``Bid(3) != Bid(3, seat=Seat.E)``, so sets and dict keys of actions stay
    sane), and the tuple compares equal to a plain tuple of the same actions.

    >>> from spades import Bid, Deal, Seat, apply, legal_actions, new_game
    >>> actions = legal_actions(apply(new_game(), Deal.random(7)))
    >>> Bid(3) in actions, Bid(3, seat=Seat.E) in actions, Bid(3, seat=Seat.S) in actions
    (True, True, False)
    """

    __slots__ = ()

    def __contains__(self, action: object) -> bool:
        if tuple.__contains__(self, action):
            return True
        if not self or type(action) not in _SEATED_KINDS:  # (a subclass keeps its own equality)
            return False
        seatless: SeatAction = action  # type: ignore[assignment]
        if seatless.seat is not None:
            return False
        return tuple.__contains__(self, attrs.evolve(seatless, seat=self[0].seat))


#: No action: the seat to act has none, or no seat acts.
NO_ACTIONS = LegalActions()
