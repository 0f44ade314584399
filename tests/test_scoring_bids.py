""":func:`score_hand` refuses exactly the bids a game refuses, with the same reason and sentence.

The game is :func:`check` of a :class:`Counts` (the hand told by its bids and tricks) in a game at
the same standing; :func:`score_hand` is given that standing's scores, dealer and hand number.
Without the standing it takes every side as eligible for a blind bid, and any bids as a bid hand.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Counts,
    IllegalActionError,
    Reason,
    RuleSet,
    StandingError,
    check,
    find_ruleset,
    new_game,
    score_hand,
)
from strategies import rulesets, tricks_in_hand

#: Blind nil, nil, 1 to 14 (one out of range) and blind 1 to blind 13.
CANDIDATES = (
    Bid.BLIND_NIL,
    Bid.NIL,
    *(Bid(n) for n in range(1, 15)),
    *(Bid(n, blind=True) for n in range(1, 14)),
)


def _refusal(call: object) -> tuple[Reason, str] | None:
    try:
        call()  # type: ignore[operator]
    except IllegalActionError as error:
        return error.reason, str(error)
    return None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_score_hand_refuses_exactly_what_a_game_at_the_same_standing_refuses(data):
    rules = data.draw(rulesets())
    seats = rules.players
    bids = [data.draw(st.sampled_from(CANDIDATES)) for _ in range(seats)]
    total = tricks_in_hand(rules)
    cuts = sorted(
        data.draw(st.lists(st.integers(0, total), min_size=seats - 1, max_size=seats - 1))
    )
    tricks = [high - low for low, high in zip([0, *cuts], [*cuts, total])]
    sides = len(rules.sides)
    scores = tuple(data.draw(st.integers(-300, 300)) for _ in range(sides))
    dealer = data.draw(st.sampled_from(rules.seats))
    number = data.draw(st.integers(1, 3))
    try:
        state = new_game(rules, dealer=dealer, scores=scores, hand_number=number)
    except StandingError:  # a standing these rules cannot reach (the game over already)
        assume(False)
    unbid = rules.first_hand_trick_points is not None and number == 1
    counts = Counts(None if unbid else bids, tricks)
    violation = check(state, counts)
    expected = None if violation is None else (violation.reason, violation.message)
    given_bids = None if unbid else bids
    got = _refusal(
        lambda: score_hand(
            rules, given_bids, tricks, scores=scores, dealer=dealer, hand_number=number
        )
    )
    assert got == expected
    # And the bids of a bid hand given where the game bids none, or none where it bids.
    if rules.first_hand_trick_points is not None:
        other = None if not unbid else bids
        violation = check(state, Counts(other, tricks))
        assert violation is not None
        got = _refusal(
            lambda: score_hand(
                rules, other, tricks, scores=scores, dealer=dealer, hand_number=number
            )
        )
        assert got == (violation.reason, violation.message)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_without_the_standing_every_side_is_taken_as_eligible(data):
    """Without scores and a hand number, score_hand refuses what a game refuses at a standing
    where every deficit rule is met and the hand is not the first."""
    rules = data.draw(rulesets())
    seats = rules.players
    bids = [data.draw(st.sampled_from(CANDIDATES)) for _ in range(seats)]
    total = tricks_in_hand(rules)
    tricks = [total] + [0] * (seats - 1)
    got = _refusal(lambda: score_hand(rules, bids, tricks))
    # Every side far behind every other is no standing a game can have; compare instead with the
    # same rules whose least deficits are 0 (met at level scores), in hand 2.
    eligible = rules.evolve(
        blind_nil_min_deficit=None if rules.blind_nil_min_deficit is None else 0,
        blind_bid_min_deficit=None if rules.blind_bid_min_deficit is None else 0,
        first_hand_trick_points=None,
        max_hands=None,
    )
    state = new_game(eligible, hand_number=2)
    violation = check(state, Counts(bids, tricks))
    assert got == (None if violation is None else (violation.reason, violation.message))


@pytest.mark.parametrize(
    ("rules", "bids", "kwargs", "reason", "message"),
    [
        (
            RuleSet(),
            ["blind nil", 3, 4, 3],
            {},
            Reason.BLIND_NIL_NOT_ALLOWED,
            "North may not bid blind nil: these rules do not allow it.",
        ),
        (
            RuleSet(blind_nil=True, blind_nil_min_deficit=100),
            ["blind nil", 3, 4, 3],
            {"scores": (0, 50)},
            Reason.BLIND_NIL_NOT_ELIGIBLE,
            "North may not bid blind nil: NS must be at least 100 points behind and is 50 behind.",
        ),
        (
            RuleSet(blind_nil=True, blind_nil_first_hand=False),
            ["blind nil", 3, 4, 3],
            {"hand_number": 1},
            Reason.BLIND_NIL_NOT_ELIGIBLE,
            "North may not bid blind nil in the first hand of a game (blind_nil_first_hand).",
        ),
        (
            RuleSet(),
            ["blind 6", 2, 2, 3],
            {},
            Reason.BLIND_BID_NOT_ALLOWED,
            "North may not bid blind 6: these rules do not allow blind number bids (blind_bid).",
        ),
        (
            RuleSet(blind_bid=6),
            ["blind 5", 2, 2, 3],
            {},
            Reason.BLIND_BID_NOT_ALLOWED,
            "North may not bid blind 5: a blind number bid must be at least 6 (blind_bid).",
        ),
        (
            RuleSet(min_team_bid=4),
            [1, 1, 2, 1],
            {"dealer": "W"},
            Reason.TEAM_BID_BELOW_MINIMUM,
            "South must bid at least 3, so that North-South bid at least 4 (min_team_bid).",
        ),
    ],
)
def test_score_hand_refuses_what_play_refuses(rules, bids, kwargs, reason, message):
    with pytest.raises(IllegalActionError) as info:
        score_hand(rules, bids, [4, 3, 3, 3], **kwargs)
    assert (info.value.reason, str(info.value)) == (reason, message)


def test_a_blind_bid_is_eligible_when_the_standing_is_not_given():
    rules = RuleSet(blind_nil=True, blind_nil_min_deficit=100, blind_nil_first_hand=False)
    assert score_hand(rules, ["blind nil", 3, 4, 3], [0, 4, 5, 4]).points[0] == 241
    assert score_hand(rules, ["blind nil", 3, 4, 3], [0, 4, 5, 4], scores=(0, 100)).points[0] == 241
    jokers = find_ruleset("jokers_wild")
    # jokers_wild's blind bid is the team's: South bids it for North-South, North repeats it.
    assert score_hand(jokers, ["blind 6", 2, "blind 6", 3], [5, 2, 4, 2])["NS"].points == 120


def test_the_first_hand_is_judged_with_its_number():
    rules = RuleSet(first_hand_trick_points=10)
    with pytest.raises(IllegalActionError) as info:
        score_hand(rules, [3, 3, 3, 3], [4, 3, 2, 4], hand_number=1)
    assert str(info.value) == (
        "Hand 1 is played without bids (first_hand_trick_points), so its counts give no bids: "
        "Counts(None, tricks)."
    )
    with pytest.raises(IllegalActionError) as info:
        score_hand(rules, None, [4, 3, 2, 4], hand_number=2)
    assert str(info.value) == "Hand 2 is bid, so its counts give each seat's bid."
    assert score_hand(rules, [3, 3, 3, 3], [4, 3, 2, 4], hand_number=2).points == (60, 61)
