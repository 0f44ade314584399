"""spades.analysis.hands: a hand walked card by card; the first costly card on positions built
by hand, and on random endings against the brute force (tests/analysis/endings.py)."""

from __future__ import annotations

import pytest
from endings import brute, card_values, play_out, played_to, won

from positions import play_position
from spades import Bid, Card, GameState, RuleSet, Seat, Team, apply
from spades.analysis import (
    AnalysisError,
    CostlyCard,
    HandAnalysis,
    NilAnalysis,
    SideAnalysis,
    analyze,
)
from spades.seats import side_seats

C = Card


def built(held: dict[Seat, str], lead: str, to_act: Seat, bids: dict[Seat, int]) -> GameState:
    """Two tricks left, spades broken: ``lead`` led by the seat before ``to_act``."""
    rules = RuleSet()
    state = play_position(
        rules,
        [sum(C(card).mask for card in held[seat].split()) for seat in rules.seats],
        [],
        [C(lead).index],
        to_act,
        True,
    )
    context = state.context._replace(bids=tuple(Bid(bids[seat], seat=seat) for seat in rules.seats))
    return state._replace(context=context)


def played(state: GameState, *cards: str) -> GameState:
    for card in cards:
        state = apply(state, state.parse_action(card))
    return state


# North led 2h; East holds Ah 3h, South Kh 4c, West 5h 6c, North 7c still to play. East's 3h
# lets South's Kh take the trick and North's 7c the last: East-West make 2 with Ah, 0 without.
SECOND_HAND = {Seat.N: "7c", Seat.E: "Ah 3h", Seat.S: "Kh 4c", Seat.W: "5h 6c"}


def test_the_first_costly_card_its_values_and_the_best_instead() -> None:
    start = built(SECOND_HAND, "2h", Seat.E, dict.fromkeys(Seat, 1))
    end = played(start, "3h", "Kh", "5h", "4c", "6c", "7c", "Ah")
    hand = analyze(end).hands[0]
    ew, ns = hand.side("EW"), hand.side(Team.NS)
    assert (ew.makeable, ew.took, ew.tricks_lost) == (2, 0, 2)
    assert ew.first_costly == CostlyCard(
        play=1,
        trick=1,
        seat=Seat.E,
        card="3h",
        before=2,
        after=0,
        best=("Ah",),
        values={"3h": 0, "Ah": 2},
    )
    assert (ns.makeable, ns.took, ns.first_costly, ns.tricks_lost) == (0, 2, None, 0)
    assert ns.contract == 2 and ns.contract_makeable is False and ns.contract_made is True
    assert ew.contract_makeable is True and ew.contract_made is False
    assert hand.complete and hand.first_trick == 1 and hand.leader == Seat.N


def test_best_play_costs_nothing() -> None:
    start = built(SECOND_HAND, "2h", Seat.E, dict.fromkeys(Seat, 1))
    end = played(start, "Ah", "Kh", "5h", "3h", "4c", "6c", "7c")
    hand = analyze(end).hands[0]
    assert hand.side("EW").first_costly is None and hand.side("EW").took == 2
    assert "makeable and lost" not in hand.to_text()


# West led 5h; North (nil) holds 3h Qh, East 4c 5c, South 6h 7c, West Kh still to play. North's
# Qh takes the trick; 3h lets South's 6h take it and North stays at zero.
NIL_HAND = {Seat.N: "3h Qh", Seat.E: "4c 5c", Seat.S: "6h 7c", Seat.W: "Kh"}


def test_the_card_from_which_a_nil_was_lost() -> None:
    start = built(NIL_HAND, "5h", Seat.N, {Seat.N: 0, Seat.E: 1, Seat.S: 1, Seat.W: 1})
    end = played(start, "Qh", "4c", "6h", "3h", "5c", "7c", "Kh")
    nil = analyze(end).hands[0].nils[Seat.N]
    assert nil.makeable and not nil.kept
    assert nil.lost_at == CostlyCard(
        play=1,
        trick=1,
        seat=Seat.N,
        card="Qh",
        before=0,
        after=1,
        best=("3h",),
        values={"3h": 0, "Qh": 1},
    )
    kept = analyze(played(start, "3h", "4c", "6h", "7c", "Kh", "Qh", "5c")).hands[0].nils[Seat.N]
    assert kept == NilAnalysis(seat=Seat.N, makeable=True, kept=True, lost_at=None)


@pytest.mark.parametrize(
    ("preset", "seed", "left"),
    [
        ("standard", 21, 3),
        ("standard", 22, 3),
        ("solo_5_bags", 23, 3),
        ("two_player", 24, 4),
        ("cutthroat3", 25, 3),
    ],
)
def test_the_walk_agrees_with_the_brute_force_card_by_card(
    preset: str, seed: int, left: int
) -> None:
    start = played_to(preset, seed, left)
    end = play_out(start, seed)
    hand = analyze(end, last_tricks=left).hands[0]
    states = hand.states
    assert states[0] == start
    for side in start.rules.sides:
        seats = side_seats(side)
        verdict = hand.side(side)

        def value(state: GameState, seats: tuple[Seat, ...] = seats) -> int:
            return won(state, seats) + brute(state, seats, seats)

        assert verdict.makeable == value(start)
        assert verdict.took == won(end, seats)
        first = None
        lost = 0
        for before, after in zip(states, [*states[1:], end]):
            drop = value(before) - value(after)
            if drop > 0 and before.to_act in seats:
                lost += drop
                first = first or (before, after)
        assert verdict.tricks_lost == lost
        if first is None:
            assert verdict.first_costly is None
            continue
        before, after = first
        costly = verdict.first_costly
        assert costly is not None
        assert costly.card == after.last_action.card  # type: ignore[union-attr]
        assert (costly.before, costly.after) == (value(before), value(after))
        expected = {
            card: won(before, seats) + v for card, v in card_values(before, seats, seats).items()
        }
        assert {str(card): v for card, v in costly.values.items()} == expected
        assert set(costly.best) == {
            C(card) for card, v in expected.items() if v == max(expected.values())
        }


@pytest.mark.parametrize("seed", [31, 32, 33, 34, 35])
def test_nil_verdicts_agree_with_the_brute_force(seed: int) -> None:
    start = played_to("standard", seed, 3, nil=Seat.S)
    end = play_out(start, seed)
    nil = analyze(end, last_tricks=3).hands[0].nils[Seat.S]
    defenders = (Seat.E, Seat.W)

    def lost(state: GameState) -> bool:
        return won(state, (Seat.S,)) > 0 or brute(state, defenders, (Seat.S,)) > 0

    assert nil.kept == (won(end, (Seat.S,)) == 0)
    assert nil.makeable == (not lost(start))
    states = [*analyze(end, last_tricks=3).hands[0].states, end]
    turn = next(
        (i for i in range(len(states) - 1) if not lost(states[i]) and lost(states[i + 1])), None
    )
    if not nil.makeable or turn is None:
        assert nil.lost_at is None
    else:
        assert nil.lost_at is not None
        assert nil.lost_at.card == states[turn + 1].last_action.card  # type: ignore[union-attr]


def test_a_hand_analysis_repr_and_data_read_back() -> None:
    start = built(SECOND_HAND, "2h", Seat.E, dict.fromkeys(Seat, 1))
    hand = analyze(played(start, "3h", "Kh", "5h", "4c", "6c", "7c", "Ah")).hands[0]
    names = {
        "HandAnalysis": HandAnalysis,
        "SideAnalysis": SideAnalysis,
        "CostlyCard": CostlyCard,
        "NilAnalysis": NilAnalysis,
        "Seat": Seat,
        "Team": Team,
        "Card": Card,
    }
    assert eval(repr(hand), names) == hand
    assert HandAnalysis.from_data(hand.to_data()) == hand
    assert "\n" not in repr(hand)


def test_a_side_the_hand_does_not_have_is_refused() -> None:
    start = built(SECOND_HAND, "2h", Seat.E, dict.fromkeys(Seat, 1))
    hand = analyze(played(start, "Ah")).hands[0]
    with pytest.raises(AnalysisError) as caught:
        hand.side("N")
    assert caught.value.message == "Hand 1 has no side 'N'; its sides are NS, EW."
    assert not hand.complete


def test_the_drawing_of_a_nil_lost_marks_the_cards_that_kept_it() -> None:
    start = built(NIL_HAND, "5h", Seat.N, {Seat.N: 0, Seat.E: 1, Seat.S: 1, Seat.W: 1})
    hand = analyze(played(start, "Qh", "4c", "6h", "3h", "5c", "7c", "Kh")).hands[0]
    picture = hand.svg("N", nil=True, orientation="N")
    assert 'data-card="3h" data-label="0"' in picture
    assert 'data-card="Qh" data-label="1"' in picture
    assert picture.count('class="card-label"') == 2
    with pytest.raises(AnalysisError) as caught:
        hand.svg("S", nil=True)
    assert caught.value.message == (
        "In hand 1 no card cost South's nil a trick: there is nothing to draw."
    )
