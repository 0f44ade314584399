"""spades.analysis.game: a whole game analysed, from a state or a record; the JSON document,
reprs and the errors."""

from __future__ import annotations

import json

import pytest
from endings import play_out, played_to

from spades import Card, RuleSet, Seat, Team, apply_counts, view
from spades.analysis import (
    FORMAT,
    AnalysisError,
    CostlyCard,
    GameAnalysis,
    HandAnalysis,
    NilAnalysis,
    SideAnalysis,
    analyze,
)
from spades.records import dumps, loads, to_record


def one_hand(preset: str = "standard", seed: int = 1, nil: Seat | None = None):  # type: ignore[no-untyped-def]
    return play_out(played_to(preset, seed, 3, nil=nil), seed)


def test_a_record_and_its_state_give_the_same_analysis() -> None:
    state = one_hand(seed=3)
    from_state = analyze(state, last_tricks=3)
    from_record = analyze(loads(dumps(to_record(state))), last_tricks=3)
    assert from_state == from_record
    assert from_state.hands[0].number == 1 and from_state.hands[0].first_trick == 11


def test_the_json_document_reads_back_and_has_the_documented_fields() -> None:
    analysis = analyze(one_hand(seed=4, nil=Seat.W), last_tricks=3)
    data = json.loads(analysis.to_json())
    assert set(data) == {"format", "version", "rules", "last_tricks", "skipped", "hands"}
    assert (data["format"], data["version"], data["last_tricks"]) == (FORMAT, 1, 3)
    hand = data["hands"][0]
    assert set(hand) == {"hand", "leader", "first_trick", "complete", "sides", "nils"}
    assert [side["side"] for side in hand["sides"]] == ["NS", "EW"]
    assert set(hand["sides"][0]) == {
        "side",
        "contract",
        "makeable",
        "took",
        "contract_makeable",
        "tricks_lost",
        "first_costly",
    }
    assert [nil["seat"] for nil in hand["nils"]] == ["W"]
    assert GameAnalysis.from_json(analysis.to_json()) == analysis
    assert GameAnalysis.from_data(analysis.to_data()).hands[0].states == ()


def test_alone_the_sides_are_seats() -> None:
    analysis = analyze(one_hand("solo_5_bags", seed=5), last_tricks=3)
    assert list(analysis.hands[0].sides) == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert GameAnalysis.from_json(analysis.to_json()) == analysis
    data = analysis.to_data()
    assert [side["side"] for side in data["hands"][0]["sides"]] == ["N", "E", "S", "W"]


def test_a_game_analysis_repr_rebuilds_it() -> None:
    analysis = analyze(one_hand(seed=6), last_tricks=3)
    names = {
        "GameAnalysis": GameAnalysis,
        "HandAnalysis": HandAnalysis,
        "SideAnalysis": SideAnalysis,
        "CostlyCard": CostlyCard,
        "NilAnalysis": NilAnalysis,
        "Seat": Seat,
        "Team": Team,
        "Card": Card,
        "RuleSet": RuleSet,
    }
    text = repr(analysis)
    assert "\n" not in text and eval(text, names) == analysis


def test_a_hand_without_its_cards_is_left_out_and_said() -> None:
    state = one_hand(seed=7)
    state = apply_counts(state, [3, 3, 3, 4], [4, 3, 3, 3])
    analysis = analyze(state, last_tricks=3)
    assert [hand.number for hand in analysis.hands] == [1]
    assert analysis.skipped == (2,)
    assert "Left out (no cards to analyse): hand 2." in analysis.to_text()


def test_one_hand_by_number_and_progress() -> None:
    calls: list[tuple[int, int]] = []
    analysis = analyze(
        one_hand(seed=8), hands=[1], last_tricks=2, progress=lambda *a: calls.append(a)
    )
    assert calls == [(1, 1)] and analysis.hand(1).first_trick == 12
    with pytest.raises(AnalysisError) as caught:
        analyze(one_hand(seed=8), hands=[4])
    assert caught.value.reason == "no_such_hand"
    assert caught.value.message == (
        "The game has no hand 4 with its cards to analyse; those it has are 1."
    )
    with pytest.raises(AnalysisError) as caught:
        analysis.hand(2)
    assert caught.value.message == "Hand 2 was not analysed; the hands analysed are 1."


def test_a_game_still_in_play_is_analysed_to_its_last_card() -> None:
    state = played_to("standard", 9, 3)
    hand = analyze(state, last_tricks=3).hands[0]
    assert not hand.complete
    assert "The play was not followed to the hand's last card." in hand.to_text()


@pytest.mark.parametrize("value", [0, -1, True])
def test_last_tricks_below_one_is_refused(value: int) -> None:
    with pytest.raises(AnalysisError) as caught:
        analyze(one_hand(seed=10), last_tricks=value)
    assert caught.value.reason == "bad_tricks"


def test_a_view_or_anything_else_is_refused() -> None:
    state = one_hand(seed=11)
    with pytest.raises(AnalysisError, match="North's view hides the other hands") as caught:
        analyze(view(state, "N"))  # type: ignore[arg-type]
    assert caught.value.reason == "not_a_state"
    with pytest.raises(AnalysisError, match="a dict is neither") as caught:
        analyze({})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "The analysis is not JSON"),
        ('{"format": "spades"}', "The document is not a double-dummy analysis"),
        ('{"format": "spades-analysis", "version": 9}', "The analysis is of version 9"),
        ('{"format": "spades-analysis", "version": 1}', "The analysis document cannot be read"),
    ],
)
def test_a_document_of_another_kind_is_refused(text: str, says: str) -> None:
    with pytest.raises(AnalysisError) as caught:
        GameAnalysis.from_json(text)
    assert caught.value.message.startswith(says)
    assert caught.value.reason == "bad_document"


def test_the_pictures_are_the_tables_at_the_costly_cards() -> None:
    analysis = analyze(one_hand(seed=12), last_tricks=3)
    hand = analysis.hands[0]
    pictures = analysis.pictures()
    costly = [side for side, verdict in hand.sides.items() if verdict.first_costly is not None]
    assert costly  # (the seed is one where a card cost a trick)
    assert sorted(pictures) == sorted(f"hand-1-{side}.svg" for side in costly)
    for side in costly:
        card = hand.side(side).first_costly
        assert card is not None
        picture = pictures[f"hand-1-{side}.svg"]
        for each, value in card.values.items():
            assert f'data-card="{each}" data-label="{value}"' in picture
    clean = [side for side in hand.sides if side not in costly]
    for side in clean:
        with pytest.raises(AnalysisError, match="no card cost"):
            hand.svg(side)
    read = GameAnalysis.from_json(analysis.to_json())
    with pytest.raises(AnalysisError, match="read back from its data"):
        read.hands[0].svg(costly[0])
