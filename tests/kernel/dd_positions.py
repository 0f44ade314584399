"""The solver's :class:`Position` for a spot of the witness (``dd_oracle``).

Kept apart from ``dd_oracle`` so that the witness imports nothing of the solver it witnesses.
"""

from __future__ import annotations

from dd_oracle import Spot

from spades._kernel.double_dummy import Position


def position_of(spot: Spot) -> Position:
    """The position the solver is asked about for ``spot``: the same hands, trick and flags."""
    return Position(
        hands=spot.hands,
        trick=spot.trick,
        to_act=spot.to_act,
        broken=spot.broken,
        first_trick=spot.first,
    )
