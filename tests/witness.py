"""Independent witnesses of the table's geometry, written from the rules' words, for tests to check
the engine against (never the engine's own code).

The seats sit N, E, S, W clockwise (a table of three: N, E, S; of two: N, E); a player's left is
the next seat clockwise, and "counterclockwise" goes the other way round. Partners sit opposite.
"""

from __future__ import annotations

from spades import Direction, Seat

_CLOCKWISE = "NESW"


def next_seat(seat: Seat, direction: Direction = Direction.CLOCKWISE, players: int = 4) -> Seat:
    """The seat after ``seat`` going ``direction`` round a table of ``players``."""
    round_table = _CLOCKWISE[:players]
    place = round_table.index(seat.name)
    step = 1 if direction is Direction.CLOCKWISE else -1
    return Seat.parse(round_table[(place + step) % players])


def seats_from(seat: Seat, direction: Direction = Direction.CLOCKWISE, players: int = 4) -> list[Seat]:
    """Every seat of a table of ``players`` in the order they act, from ``seat``."""
    order = [seat]
    while len(order) < players:
        order.append(next_seat(order[-1], direction, players))
    return order
