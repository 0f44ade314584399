"""Independent witnesses of the table's geometry, written from the rules' words, for tests to check
the engine against (never the engine's own code).

The seats sit N, E, S, W clockwise (a table of three: N, E, S; of two: N, E); a player's left is
the next seat clockwise, and "counterclockwise" goes the other way round. Partners sit opposite.
"""

from __future__ import annotations

import pickle

from spades import Direction, Seat

_CLOCKWISE = "NESW"


def next_seat(seat: Seat, direction: Direction = Direction.CLOCKWISE, players: int = 4) -> Seat:
    """The seat after ``seat`` going ``direction`` round a table of ``players``."""
    round_table = _CLOCKWISE[:players]
    place = round_table.index(seat.name)
    step = 1 if direction is Direction.CLOCKWISE else -1
    return Seat.parse(round_table[(place + step) % players])


def seats_from(
    seat: Seat, direction: Direction = Direction.CLOCKWISE, players: int = 4
) -> list[Seat]:
    """Every seat of a table of ``players`` in the order they act, from ``seat``."""
    order = [seat]
    while len(order) < players:
        order.append(next_seat(order[-1], direction, players))
    return order


def fingerprint(state: object) -> bytes:
    """Every field of a state (or any other record of the package) but the way it was reached,
    pickled by the standard pickler: a witness that the state is unchanged which does not go
    through the state's own equality or copying (a state is its own deep copy)."""
    fields = tuple.__getitem__(state, slice(None))  # type: ignore[call-overload]
    if type(state).__name__ == "GameState":
        fields = fields[:-2]
    return pickle.dumps(fields)
