"""spades.analysis.solving: one moment of a hand solved double dummy, checked against a brute
force over the engine's own legal cards (tests/analysis/endings.py) at every table."""

from __future__ import annotations

import pytest
from endings import brute, card_values, played_to, won

from spades import Card, Seat, Team, apply, new_game, view
from spades.analysis import AnalysisError, FrozenMap, Solution, solve
from spades.seats import side_seats

#: Preset, seed, tricks left: small endings at the four tables and a few rule variants.
ENDINGS = [
    ("standard", 1, 3),
    ("standard", 2, 3),
    ("standard", 5, 2),
    ("solo_5_bags", 3, 3),
    ("cutthroat3", 4, 3),
    ("two_player", 6, 5),
    ("two_player", 7, 4),
    ("jokers_wild", 8, 3),
    ("hoyle", 9, 3),
    ("trickster", 10, 3),
]


@pytest.mark.parametrize(("preset", "seed", "left"), ENDINGS)
def test_each_sides_tricks_and_each_cards_value_agree_with_the_brute_force(
    preset: str, seed: int, left: int
) -> None:
    state = played_to(preset, seed, left)
    solution = solve(state)
    rules = state.rules
    for side in rules.sides:
        seats = side_seats(side)
        assert solution.tricks[side] == brute(state, seats, seats), side
        assert solution.totals[side] == solution.tricks[side] + won(state, seats)
        assert solution.taken[side] == won(state, seats)
    acting = side_seats(rules.side_of(solution.to_act))
    expected = card_values(state, acting, acting)
    assert {str(card): value for card, value in solution.card_values.items()} == expected
    assert max(solution.card_values.values()) == solution.tricks[rules.side_of(solution.to_act)]


@pytest.mark.parametrize(("preset", "seed", "left"), ENDINGS[:6])
def test_the_line_is_a_whole_line_of_best_play(preset: str, seed: int, left: int) -> None:
    state = played_to(preset, seed, left)
    solution = solve(state)
    side = state.rules.side_of(solution.to_act)
    seats = side_seats(side)
    after = state
    for card in solution.line:
        after = apply(after, after.parse_action(str(card)))
    assert won(after, seats) == solution.totals[side]
    played = sum(len(hand) for hand in state.holdings)
    assert len(solution.line) == played


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_a_nil_can_be_kept_exactly_when_the_defenders_cannot_force_a_trick(seed: int) -> None:
    state = played_to("standard", seed, 3, nil=Seat.N)
    solution = solve(state)
    if state.trick_counts[Seat.N]:
        assert Seat.N not in solution.nils
        return
    forced = brute(state, (Seat.E, Seat.W), (Seat.N,))
    assert solution.nils == {Seat.N: forced == 0}


def test_a_solution_repr_rebuilds_it() -> None:
    solution = solve(played_to("standard", 1, 2))
    text = repr(solution)
    assert "\n" not in text
    assert eval(text, {"Solution": Solution, "Seat": Seat, "Team": Team, "Card": Card}) == solution
    assert hash(solution) == hash(
        eval(text, {"Solution": Solution, "Seat": Seat, "Team": Team, "Card": Card})
    )


def test_the_text_names_each_side_and_card() -> None:
    solution = solve(played_to("standard", 1, 2))
    text = solution.to_text()
    assert "NS" in text and "EW" in text and "to play" in text and "Line:" in text
    for card in solution.card_values:
        assert f"{card}=" in text


def test_a_frozen_map_is_read_only_and_equal_to_its_dict() -> None:
    values = FrozenMap({Team.NS: 3, Team.EW: 1})
    assert values == {Team.NS: 3, Team.EW: 1}
    assert repr(values) == "{Team.NS: 3, Team.EW: 1}"
    with pytest.raises(TypeError):
        values[Team.NS] = 4  # type: ignore[index]


def test_a_view_is_refused_with_a_sentence() -> None:
    state = played_to("standard", 1, 2)
    with pytest.raises(AnalysisError) as caught:
        solve(view(state, "S"))  # type: ignore[arg-type]
    assert caught.value.reason == "not_a_state"
    assert "South's view hides the other hands" in caught.value.message


def test_a_state_not_in_play_is_refused_with_a_sentence() -> None:
    with pytest.raises(AnalysisError) as caught:
        solve(new_game())
    assert caught.value.reason == "not_in_play"
    assert caught.value.message.startswith("The state is not in play (its phase is deal)")


def test_anything_else_is_refused() -> None:
    with pytest.raises(AnalysisError) as caught:
        solve("AKQ.JT9.876.5432")  # type: ignore[arg-type]
    assert caught.value.reason == "not_a_state"
