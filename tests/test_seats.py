"""The seats and the sides (:mod:`spades.seats`, read through :class:`spades.RuleSet`) at each of
the four tables: who sits round it, who scores together, and the seats with no player refused.

The option docs of ``players`` and ``partnerships``: four players in two partnerships (North and
South against East and West), four players who each play alone (house-rules.md section 3,
"4-player individual: four players with no partnerships"), three alone at North, East and South
(section 3, "Cutthroat (3 players): remove 2♣, deal 17 each, everyone plays alone. ... A 54-card
version (with jokers) deals 18 each"), and two alone at North and East (``two_player``).
"""

from __future__ import annotations

import pytest

from spades import RuleSet, Seat, Team, score_hand
from spades.errors import NotationError
from tables import TABLE, TableKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SOLO = RuleSet(partnerships=False)
#: The seats' names in sentences, and as a player may type them.
NAMES = {N: "North", E: "East", S: "South", W: "West"}


# -- the seats and the sides -----------------------------------------------------------------------


def test_each_table_seats_its_players_and_scores_its_sides(table_kind: TableKind) -> None:
    """Seats N, E, S, W (N, E, S for three; N, E for two); partners sit opposite and score as NS
    and EW, and a player alone is a side of one, named by the seat. So under the table's options
    and under its preset alike."""
    for rules in (table_kind.rules, table_kind.preset_rules):
        assert rules.players == table_kind.players
        assert rules.partnerships is table_kind.partnerships
        assert rules.seats == table_kind.seats and rules.sides == table_kind.sides
        for seat in table_kind.seats:
            if table_kind.partnerships:
                side: Team | Seat = Team.NS if seat.name in "NS" else Team.EW
            else:
                side = seat
            assert rules.side_of(seat) is side
            assert rules.side(str(side).lower()) is side
            if not table_kind.partnerships:
                assert rules.side(NAMES[seat].lower()) is seat


def test_alone_a_partnership_is_no_side_and_in_partnerships_a_seat_is_none() -> None:
    with pytest.raises(NotationError, match="name a seat: N, E, S or W") as raised:
        SOLO.side(Team.NS)
    assert raised.value.reason == "bad_seat"
    with pytest.raises(NotationError, match="not a partnership; use NS or EW"):
        RuleSet().side("N S")
    score = score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3])
    with pytest.raises(NotationError, match="every player plays alone"):
        score["NS"]


@pytest.mark.parametrize("table_kind", [TABLE["three"], TABLE["two"]], ids=str, indirect=True)
def test_a_seat_with_no_player_at_the_table_is_refused(table_kind: TableKind) -> None:
    """Three sit at North, East and South, two at North and East: the other seats are empty."""
    sitting = ", ".join(seat.name for seat in table_kind.seats[:-1])
    sitting += f" and {table_kind.seats[-1].name}"
    for seat in Seat:
        if seat in table_kind.seats:
            continue
        words = (
            f"{NAMES[seat]} has no player at a table of {table_kind.players}: "
            f"they sit at {sitting}."
        )
        with pytest.raises(NotationError, match=words):
            table_kind.rules.side(seat.name)


# -- the printed forms read back ---------------------------------------------------------------


@pytest.mark.parametrize("seat", list(Seat))
def test_a_seat_reads_back_from_its_text_and_its_repr(seat: Seat) -> None:
    assert str(seat) == "NESW"[seat]
    assert Seat.parse(str(seat)) is seat and Seat.of(str(seat)) is seat
    assert eval(repr(seat), {"Seat": Seat}) is seat


@pytest.mark.parametrize("team", list(Team))
def test_a_team_reads_back_from_its_text_and_its_repr(team: Team) -> None:
    assert str(team) == ("NS", "EW")[team]
    assert Team.parse(str(team)) is team and Team.of(str(team)) is team
    assert eval(repr(team), {"Team": Team}) is team
