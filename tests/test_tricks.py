"""Tricks (:mod:`spades.tricks`): the cards played in turn round the table from the leader, who
wins, and the repr that rebuilds a trick, at a table of four, three and two.

The highest spade wins a trick, else the highest card of the suit led; the seats play in turn,
clockwise (or counterclockwise) from the leader, one card each: four at a table of four, three
(North, East, South) at a table of three, two (North, East) at a table of two.
"""

from __future__ import annotations

import pytest

from spades import Card, Direction, Seat, Trick
from spades.errors import NotationError
from tables import TableKind
from witness import seats_from

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
CCW = Direction.COUNTERCLOCKWISE


def test_trick_queries() -> None:
    """Kh led by North; East plays the ace; South discards; West trumps low and wins."""
    trick = Trick(N, "Kh Ah 2c 3s")
    assert trick.cards == (Card("Kh"), Card("Ah"), Card("2c"), Card("3s"))
    assert trick.seats == (N, E, S, W)
    assert trick.plays == ((N, Card("Kh")), (E, Card("Ah")), (S, Card("2c")), (W, Card("3s")))
    assert trick.led_suit == Card("Kh").suit
    assert trick.is_complete
    assert trick.winner is W and trick.winning_card is Card("3s")
    assert str(trick) == "N:Kh E:Ah S:2c W:3s"
    partial = Trick(N, "Kh Ah")
    assert not partial.is_complete
    assert partial.winner is E and partial.winning_card is Card("Ah")
    empty = Trick(S, ())
    assert empty.winner is None and empty.winning_card is None and empty.led_suit is None
    ccw = Trick(N, "Kh Ah 2c 3s", CCW)
    assert ccw.seats == (N, W, S, E)
    assert ccw.winner is E  # the fourth card, now East's


@pytest.mark.parametrize(
    "trick", [Trick(N, "Kh Ah 2c 3s"), Trick(E, "2d"), Trick(W, "Kh Ah 2c", CCW), Trick(S, ())]
)
def test_trick_repr_rebuilds_it(trick: Trick) -> None:
    namespace = {"Trick": Trick, "Seat": Seat, "Direction": Direction}
    assert eval(repr(trick), namespace) == trick


def test_a_trick_goes_round_the_table_from_its_leader(table_kind: TableKind) -> None:
    """Led by the last seat, a trick goes round to North and on, one card a seat: complete
    with a card from each; the spade wins (the ace of hearts at two, where no third card comes)."""
    players = table_kind.players
    leader = table_kind.seats[-1]
    cards = ["Kh", "Ah", "2s", "Qh"][:players]
    trick = Trick(leader, " ".join(cards), players=players)
    order = seats_from(leader, players=players)
    assert list(trick.seats) == order and trick.is_complete
    assert trick.winner is order[2 if players > 2 else 1]
    assert trick.winning_card is Card("2s" if players > 2 else "Ah")
    assert eval(repr(trick), {"Trick": Trick, "Seat": Seat}) == trick
    with pytest.raises(NotationError, match=f"at most {players} cards"):
        Trick(leader, " ".join([*cards, "3h"]), players=players)


def test_a_trick_of_three_goes_round_north_east_south() -> None:
    trick = Trick("S", "Kh Ah 2s", players=3)
    assert trick.seats == (S, N, E) and trick.is_complete and trick.winner is E
    assert repr(trick) == "Trick(Seat.S, 'Kh Ah 2s', players=3)"
    assert Trick("E", "Kh Ah", players=3).winner is S
    with pytest.raises(NotationError, match="at most 3 cards"):
        Trick("N", "Kh Ah 2s 3s", players=3)
    with pytest.raises(NotationError, match="West has no player at a table of 3"):
        Trick("W", "Kh", players=3)
    with pytest.raises(NotationError, match="2, 3 or 4 players"):
        Trick("N", "Kh", players=5)
