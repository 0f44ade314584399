"""The standing a game starts from or a hand is scored from (:mod:`spades.standing`): the dealer,
the hand number, and a total and a bag count for each side, per team in partnerships and per player
when every player plays alone; refused, with the field named, when the rules cannot reach it.
"""

from __future__ import annotations

import pytest

from spades import Phase, RuleSet, Seat, StandingError, find_ruleset, new_game, score_hand
from spades.rules import TieRule
from tables import TABLE, TableKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SOLO = RuleSet(partnerships=False)
THREE = RuleSet(players=3, partnerships=False)
WORDS = {2: "two", 3: "three", 4: "four"}
NAMES = {N: "North", E: "East", S: "South", W: "West"}


# -- new_game --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "kwargs", "field"),
    [
        (42, {}, "rules"),
        (RuleSet(), {"dealer": 5}, "dealer"),
        (RuleSet(), {"dealer": None}, "dealer"),
        (RuleSet(), {"scores": (1, 2, 3)}, "scores"),
        (RuleSet(), {"scores": ("a", 0)}, "scores"),
        (RuleSet(), {"scores": (True, 0)}, "scores"),
        (RuleSet(), {"scores": 5}, "scores"),
        (RuleSet(), {"bags": (10, 0)}, "bags"),
        (RuleSet(), {"bags": (0, -1)}, "bags"),
        (RuleSet(bag_threshold=5), {"bags": (5, 0)}, "bags"),
        (RuleSet(), {"bags": (1.5, 0)}, "bags"),
        (RuleSet(), {"hand_number": 0}, "hand_number"),
        (RuleSet(), {"hand_number": True}, "hand_number"),
        (RuleSet(), {"hand_number": 2.0}, "hand_number"),
        (find_ruleset("003"), {"hand_number": 41}, "hand_number"),
        (RuleSet(), {"scores": (500, 0)}, "scores"),
        (RuleSet(), {"scores": (0, 720)}, "scores"),
        (RuleSet(), {"scores": (510, 505)}, "scores"),
        (RuleSet(tie_at_target=TieRule.SHARED), {"scores": (510, 510)}, "scores"),
        (find_ruleset("000"), {"scores": (-200, 0)}, "scores"),
        (find_ruleset("000"), {"scores": (0, -350)}, "scores"),
    ],
)
def test_new_game_refuses_impossible_standings(rules: object, kwargs: dict, field: str) -> None:
    with pytest.raises(StandingError) as info:
        new_game(rules, **kwargs)  # type: ignore[arg-type]
    assert info.value.field == field
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message.endswith(".") and len(message) > 20, message


@pytest.mark.parametrize(
    ("rules", "kwargs"),
    [
        (RuleSet(), {"scores": (510, 510)}),  # an exact tie past the target plays on
        (RuleSet(), {"scores": (499, -5000)}),  # no floor
        (find_ruleset("000"), {"scores": (-199, 499)}),
        (find_ruleset("003"), {"hand_number": 40}),
        (RuleSet(), {"bags": (9, 9), "hand_number": 1000}),
        (RuleSet(), {"dealer": W}),
    ],
)
def test_new_game_accepts_possible_standings(rules: RuleSet, kwargs: dict) -> None:
    state = new_game(rules, **kwargs)
    assert state.phase is Phase.DEAL


def test_new_game_without_a_standing_starts_from_zero_for_each_side(table_kind: TableKind) -> None:
    """No scores, bags or hand number (or None for the scores and bags) is the start of the game,
    the same state as zeros given for each side and hand 1; zeros for the wrong number of sides
    are refused; True is not a hand number."""
    rules, count = table_kind.rules, len(table_kind.sides)
    zeros = (0,) * count
    fresh = new_game(rules)
    assert (fresh.scores, fresh.bags, fresh.hand_number) == (zeros, zeros, 1)
    assert new_game(rules, scores=None, bags=None) == fresh
    assert new_game(rules, scores=zeros, bags=list(zeros), hand_number=1) == fresh
    wrong = (0,) * (2 if count == 3 else 3)
    with pytest.raises(StandingError, match=rf"{WORDS[count]} whole numbers"):
        new_game(rules, scores=wrong)
    with pytest.raises(StandingError, match="hand_number must be a whole number, not True"):
        new_game(rules, hand_number=True)


def test_new_game_takes_a_total_and_bags_for_each_side(table_kind: TableKind) -> None:
    """A total and a bag count for each side (NS and EW, or each player alone), given in order or
    by the sides' names; the dealer is any seat at the table."""
    rules, sides = table_kind.rules, table_kind.sides
    count = len(sides)
    assert new_game(rules).scores == (0,) * count and new_game(rules).bags == (0,) * count
    scores = (100, 50, -20, 0)[:count]
    bags = (1, 2, 3, 4)[:count]
    dealer = table_kind.seats[-1]
    state = new_game(
        rules,
        dealer=dealer.name,
        scores={str(side): score for side, score in zip(sides, scores, strict=True)},
        bags=bags,
        hand_number=4,
    )
    assert state.dealer is dealer and state.hand_number == 4
    assert state.scores == scores and state.bags == bags
    names = ", ".join(str(side) for side in sides)
    for wrong in range(1, 6):
        if wrong != count:
            with pytest.raises(StandingError, match=rf"{WORDS[count]} whole numbers \({names}\)"):
                new_game(rules, scores=(100,) * wrong)
    with pytest.raises(StandingError, match=rf"{sides[-1]} cannot start with 10 bags"):
        new_game(rules, bags=(0,) * (count - 1) + (10,))
    over = (
        "500 to 0"
        if count == 2
        else ", ".join(f"{side} {500 if side is N else 0}" for side in sides)
    )
    with pytest.raises(StandingError, match=f"already over at {over}: the target is 500"):
        new_game(rules, scores=(500,) + (0,) * (count - 1))


@pytest.mark.parametrize("table_kind", [TABLE["three"], TABLE["two"]], ids=str, indirect=True)
def test_the_dealer_is_one_of_the_seats_in_play(table_kind: TableKind) -> None:
    seats = ", ".join(seat.name for seat in table_kind.seats)
    for seat in Seat:
        if seat in table_kind.seats:
            continue
        words = (
            f"dealer: {NAMES[seat]} has no player at a table of {table_kind.players}; "
            f"the dealer is one of {seats}."
        )
        with pytest.raises(StandingError, match=words) as raised:
            new_game(table_kind.rules, dealer=seat.name)
        assert raised.value.field == "dealer"


# -- score_hand ------------------------------------------------------------------------------------


def test_scores_and_bags_are_given_per_player() -> None:
    score = score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], scores={"N": 10, "E": 20, "S": 0, "W": -5})
    assert score.scores_after == (50, 50, 30, 25)
    with pytest.raises(StandingError, match=r"four whole numbers \(N, E, S, W\)"):
        score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], scores=(10, 20))
    with pytest.raises(StandingError, match=r"'NS' is a partnership, but every player plays alone"):
        score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], scores={"NS": 10, "EW": 20})
    with pytest.raises(StandingError, match=r"two whole numbers \(NS, EW\)"):
        score_hand("standard", [4, 3, 3, 3], [4, 3, 3, 3], scores=(0, 0, 0, 0))
    with pytest.raises(StandingError, match="North does not score alone in a partnership game"):
        score_hand("standard", [4, 3, 3, 3], [4, 3, 3, 3], bags={Seat.N: 1, Seat.E: 1})
