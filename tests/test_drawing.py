"""The drawing under spades.svg (spades._drawing, ._table_drawing, ._score_drawing): the values
that draw themselves in a notebook draw what spades.svg draws at its defaults, the seats go
round the table clockwise from the bottom, and a hand's fan fits the room it is given."""

from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from spades import Deal, Hand, RuleSet, Seat, Trick, new_game, svg, view
from spades._drawing import CARD_WIDTH, fan_width, places, step_for
from strategies import play_hand


def test_the_values_draw_themselves_as_spades_svg_draws_them() -> None:
    state = play_hand(new_game(RuleSet(max_hands=1)), random.Random(2))
    assert state.result is not None and state.last_score is not None
    assert state._repr_svg_() == svg.table(state)
    seen = view(state, "E")
    assert seen._repr_svg_() == svg.table(seen)
    hand = Hand("AKQ7.T9.J842.53")
    assert hand._repr_svg_() == svg.hand(hand)
    deal = Deal.random(4)
    assert deal._repr_svg_() == svg.deal(deal)
    trick = Trick("N", "As Kd")
    assert trick._repr_svg_() == svg.trick(trick)
    assert state.last_score._repr_svg_() == svg.hand_score(state.last_score)
    assert state.result._repr_svg_() == svg.game_result(state.result)


def test_a_two_handed_trick_and_deal_put_north_at_the_bottom() -> None:
    trick = Trick("N", "As Kd", players=2)
    root = ET.fromstring(trick._repr_svg_())
    assert "North" in (root.get("aria-label") or "")
    two = Deal.random(1, "two_player")
    assert 'data-seat="N" data-position="bottom"' in svg.deal(two)


@pytest.mark.parametrize(
    ("bottom", "players", "expected"),
    [
        (Seat.S, 4, {Seat.S: "bottom", Seat.W: "left", Seat.N: "top", Seat.E: "right"}),
        (Seat.E, 4, {Seat.E: "bottom", Seat.S: "left", Seat.W: "top", Seat.N: "right"}),
        (Seat.N, 3, {Seat.N: "bottom", Seat.E: "left", Seat.S: "right"}),
        (Seat.S, 3, {Seat.S: "bottom", Seat.N: "left", Seat.E: "right"}),
        (Seat.E, 2, {Seat.E: "bottom", Seat.N: "top"}),
    ],
)
def test_the_seats_go_clockwise_from_the_bottom(
    bottom: Seat, players: int, expected: dict[Seat, str]
) -> None:
    assert places(bottom, players) == expected


@pytest.mark.parametrize("count", [1, 2, 13, 15, 18])
def test_a_fan_fits_its_room(count: int) -> None:
    step = step_for(count, 236)
    assert fan_width(count, step) <= 236
    assert fan_width(count, step) >= CARD_WIDTH


def test_import_spades_loads_the_xml_tree_and_not_the_parser_modules_it_does_not_need() -> None:
    code = (
        "import sys, spades; print(' '.join(sorted(m for m in sys.modules if m.startswith('xml'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == ["xml", "xml.etree", "xml.etree.ElementPath", "xml.etree.ElementTree"]
