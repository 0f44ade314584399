"""Renege penalties (``renege_penalty``): a record whose plays break follow-suit, scored as the
rules say a renege found after the hand costs.

Defaults unless a test says otherwise: 10 a bid trick, 1 a bag, nil +-100, 10 bags -100, and
``renege_tricks=3`` under ``tricks``. Bids and tricks are in seat order N, E, S, W; reneges are
per team (NS, EW). The arithmetic is beside each number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paths import RECORDS
from spades import ItemKind, Reason, RuleSet, Seat, StandingError, Suit, Team, score_hand
from spades.cli import main
from spades.errors import RuleSetError
from spades.records import (
    RecordReason,
    Renege,
    explain_hand,
    from_data,
    render_report,
    replay,
    score_sheet,
    verify,
)
from spades.rules import FailedNilTricks, RenegePenalty
from strategies import hands, scoring_rulesets

K = ItemKind
NS, EW = Team.NS, Team.EW
NONE = RuleSet()
TRICKS = RuleSet(renege_penalty=RenegePenalty.TRICKS)
SET = RuleSet(renege_penalty=RenegePenalty.SET)
POINTS = RuleSet(renege_penalty=RenegePenalty.POINTS)
SET_AND_BID = RuleSet(renege_penalty=RenegePenalty.SET_AND_BID)

# NS bid 6 (N 4, S 2) and took 7; EW bid 5 (E 3, W 2) and took 6.
BIDS = [4, 3, 2, 2]
TAKEN = [4, 3, 3, 3]


def items(team_score: Any) -> list[tuple[ItemKind, int, int]]:
    """The items as (kind, points, count)."""
    return [(item.kind, item.points, item.count) for item in team_score.items]


# -- score_hand ------------------------------------------------------------------------------------


def test_no_penalty_or_no_renege_scores_as_today() -> None:
    plain = score_hand(NONE, BIDS, TAKEN)
    assert plain.points == (61, 51)  # 60 + 1, 50 + 1
    assert score_hand(NONE, BIDS, TAKEN, reneges=(1, 2)) == plain
    for rules in (TRICKS, SET, POINTS):
        assert score_hand(rules, BIDS, TAKEN, reneges=(0, 0)).points == plain.points
        assert score_hand(rules, BIDS, TAKEN).teams[0].items == plain.teams[0].items


def test_tricks_one_renege() -> None:
    hand = score_hand(TRICKS, BIDS, TAKEN, reneges=(1, 0))
    # NS: 7 - 3 = 4 contract tricks of 6, set -60. EW: 6 + 3 = 9 of 5: 50 + 4 bags.
    assert hand.points == (-60, 54)
    assert items(hand[NS]) == [(K.RENEGE_TRICKS_GIVEN, 0, 3), (K.CONTRACT_SET, -60, 0)]
    assert items(hand[EW]) == [
        (K.RENEGE_TRICKS_RECEIVED, 0, 3),
        (K.CONTRACT_MADE, 50, 0),
        (K.BAGS, 4, 4),
    ]
    assert hand[NS].contract_tricks == 4 and hand[NS].made is False
    assert hand[EW].contract_tricks == 9 and hand.bags_after == (0, 4)
    assert hand[NS].explain() == (
        "NS bid 6 (N 4, S 2), took 7: renege, 3 tricks to EW (no points), contract 4 of 6, "
        "set -60. Hand total -60."
    )
    assert hand[EW].explain() == (
        "EW bid 5 (E 3, W 2), took 6: 3 tricks from NS's renege (no points), contract 9 of 5, "
        "made +50, 4 bags +4; bags now 4. Hand total +54."
    )


def test_tricks_renege_tricks_option() -> None:
    rules = TRICKS.evolve(renege_tricks=1)
    # NS 7 - 1 = 6 of 6: +60. EW 6 + 1 = 7 of 5: 50 + 2.
    assert score_hand(rules, BIDS, TAKEN, reneges=(1, 0)).points == (60, 52)


def test_tricks_two_reneges_never_below_zero() -> None:
    hand = score_hand(TRICKS, BIDS, TAKEN, reneges=(2, 0))
    # NS hands over 6 (2 x 3): 1 of 6, set -60. EW 6 + 6 = 12 of 5: 50 + 7.
    assert hand.points == (-60, 57)
    # Three reneges would be 9, but NS has only 7 contract tricks: 7 move, 0 are left.
    hand = score_hand(TRICKS, BIDS, TAKEN, reneges=(3, 0))
    assert hand[NS].contract_tricks == 0 and hand[EW].contract_tricks == 13
    assert items(hand[NS])[0] == (K.RENEGE_TRICKS_GIVEN, 0, 7)
    assert hand.points == (-60, 58)  # EW 50 + 8


def test_tricks_reneges_by_both_teams() -> None:
    hand = score_hand(TRICKS, BIDS, TAKEN, reneges=(2, 1))
    # Counted before either hands any over: NS 7 - 6 + 3 = 4, set -60; EW 6 - 3 + 6 = 9: 54.
    assert hand.points == (-60, 54)
    assert items(hand[NS])[:2] == [(K.RENEGE_TRICKS_GIVEN, 0, 6), (K.RENEGE_TRICKS_RECEIVED, 0, 3)]
    # One each: the tricks cross and the score is as played, the items still say so.
    even = score_hand(TRICKS, BIDS, TAKEN, reneges=(1, 1))
    assert even.points == (61, 51)
    assert [item.kind for item in even[EW].items][:2] == [
        K.RENEGE_TRICKS_GIVEN,
        K.RENEGE_TRICKS_RECEIVED,
    ]


def test_tricks_with_a_nil_in_the_offending_team() -> None:
    # N nil took 2, S bid 5 took 6; EW bid 4 + 3 took 3 + 2.
    bids, taken = ["nil", 4, 5, 3], [2, 3, 6, 2]
    hand = score_hand(TRICKS, bids, taken, reneges=(1, 0))
    # Ignored: NS contract tricks are S's 6: 6 - 3 = 3 of 5, -50; nil -100. EW 5 + 3 = 8 of 7.
    assert hand.points == (-150, 71)
    # Counted toward the contract: 8 - 3 = 5 of 5, +50; nil -100.
    count = TRICKS.evolve(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT)
    assert score_hand(count, bids, taken, reneges=(1, 0)).points == (-50, 71)
    # Both partners nil, their tricks ignored: no contract tricks, so none to hand over.
    both = score_hand(TRICKS, ["nil", 4, "nil", 3], [0, 6, 2, 5], reneges=(1, 0))
    assert items(both[NS]) == [
        (K.RENEGE_TRICKS_GIVEN, 0, 0),
        (K.NIL_MADE, 100, 0),
        (K.NIL_FAILED, -100, 0),
    ]
    assert both[NS].items[0].text == "renege, no trick to give EW"
    assert both.points == (0, 74)


def test_tricks_never_fail_a_receiving_nil() -> None:
    # E nil took 0, W bid 4 took 4; NS bid 5 + 3 took 5 + 4.
    hand = score_hand(TRICKS, [5, "nil", 3, 4], [5, 0, 4, 4], reneges=(1, 0))
    # NS 9 - 3 = 6 of 8: -80. EW 4 + 3 = 7 of 4: 40 + 3, and E's nil is made: +100.
    assert hand.points == (-80, 143)
    assert (K.NIL_MADE, 100, 0) in items(hand[EW])
    # Two nils receiving: the tricks are bags (no contract).
    both = score_hand(TRICKS, [5, "nil", 3, "nil"], [6, 0, 7, 0], reneges=(1, 0))
    assert items(both[EW]) == [
        (K.RENEGE_TRICKS_RECEIVED, 0, 3),
        (K.NIL_MADE, 100, 0),
        (K.NIL_MADE, 100, 0),
        (K.BAGS, 3, 3),
    ]


def test_set() -> None:
    hand = score_hand(SET, BIDS, TAKEN, reneges=(1, 0))
    # NS took 7 of 6 but is set: -60, and no bag. EW as played: 50 + 1.
    assert hand.points == (-60, 51)
    assert items(hand[NS]) == [(K.RENEGE_SET, -60, 1)]
    assert hand[NS].made is False and hand[NS].bags_gained == 0 and hand.bags_after == (0, 1)
    assert hand[NS].explain() == (
        "NS bid 6 (N 4, S 2), took 7: contract 7 of 6, set for a renege -60. Hand total -60."
    )
    twice = score_hand(SET, BIDS, TAKEN, reneges=(2, 1))
    # Set once whatever the number; both teams set: -60 and -50.
    assert twice.points == (-60, -50)
    assert twice[NS].items[0].text == "set for 2 reneges -60"


def test_set_with_nils() -> None:
    # N nil took 0, S bid 5 took 7; the nil is scored as it fell: +100 - 50.
    hand = score_hand(SET, ["nil", 4, 5, 3], [0, 3, 7, 3], reneges=(1, 0))
    assert items(hand[NS]) == [(K.RENEGE_SET, -50, 1), (K.NIL_MADE, 100, 0)]
    # A failed nil's tricks as bags are bags too: none. -50 - 100 (not + 2).
    bags_only = SET.evolve(failed_nil_tricks=FailedNilTricks.BAGS_ONLY)
    hand = score_hand(bags_only, ["nil", 4, 5, 3], [2, 3, 5, 3], reneges=(1, 0))
    assert hand[NS].points == -150 and hand[NS].bags_gained == 0
    # Both nil: no contract to set (0 points), the nils as they fell.
    both = score_hand(SET, ["nil", 4, "nil", 3], [0, 6, 0, 7], reneges=(1, 0))
    assert items(both[NS]) == [(K.RENEGE_SET, 0, 1), (K.NIL_MADE, 100, 0), (K.NIL_MADE, 100, 0)]


def test_set_a_big_bid() -> None:
    rules = SET.evolve(big_bid=10)
    # N 6 + S 4 = 10, took 11: a made big bid would be 200 + 1; set for a renege: -200.
    hand = score_hand(rules, [6, 1, 4, 1], [6, 1, 5, 1], reneges=(1, 0))
    assert items(hand[NS]) == [(K.RENEGE_SET, -200, 1)]


def test_points() -> None:
    hand = score_hand(POINTS, BIDS, TAKEN, reneges=(1, 0))
    # NS's 61 go to EW: NS 0, EW 51 + 61.
    assert hand.points == (0, 112)
    assert items(hand[NS])[-1] == (K.RENEGE_POINTS_GIVEN, -61, 1)
    assert items(hand[EW])[-1] == (K.RENEGE_POINTS_RECEIVED, 61, 1)
    assert hand.bags_after == (1, 1)  # the bags stay: they are tricks, not points
    assert hand[NS].explain() == (
        "NS bid 6 (N 4, S 2), took 7: contract made +60, 1 bag +1, a renege, the hand's points "
        "to EW -61; bags now 1. Hand total +0."
    )
    assert hand[EW].items[-1].text == "points of NS's renege +61"


def test_points_a_loss_stays() -> None:
    # NS bid 6 took 5: -60, nothing to give; EW as played (bid 6 took 8: 60 + 2).
    hand = score_hand(POINTS, [4, 3, 2, 3], [3, 4, 2, 4], reneges=(1, 0))
    assert hand.points == (-60, 62)
    assert items(hand[NS])[-1] == (K.RENEGE_POINTS_GIVEN, 0, 1)
    assert hand[NS].items[-1].text == "a renege, no points to give EW"
    assert all(item.kind is not K.RENEGE_POINTS_RECEIVED for item in hand[EW].items)
    # The bag penalty counts: NS 9 bags, 60 + 2 - 100 = -38 is kept, nothing moves.
    hand = score_hand(POINTS, BIDS, [4, 2, 4, 3], bags=(9, 0), reneges=(1, 0))
    assert hand.points == (-38, 50)


def test_points_both_teams() -> None:
    hand = score_hand(POINTS, BIDS, TAKEN, reneges=(1, 2))
    # Each gives its points: NS 61 - 61 + 51 = 51, EW 51 - 51 + 61 = 61.
    assert hand.points == (51, 61)
    assert hand[EW].items[-1].text == "points of NS's renege +61"
    assert hand[NS].items[-1].text == "points of EW's 2 reneges +51"


def test_points_with_a_nil() -> None:
    # N nil made +100, S bid 5 took 7: 50 + 2. All 152 go to EW (bid 4 + 3, took 6: -70).
    hand = score_hand(POINTS, ["nil", 4, 5, 3], [0, 3, 7, 3], reneges=(1, 0))
    assert hand.points == (0, -70 + 152)


# -- set_and_bid: the offending side set, the other credited with its bid (holdingthecards:
# "the offending side losing the value of their bid, and the other side being credited with their
# bid (overtricks aren't counted)"; columbuswhist: "Renege is an automatic set/made bid") --------


def test_set_and_bid_sets_the_offender_and_credits_the_other_side() -> None:
    hand = score_hand(SET_AND_BID, BIDS, TAKEN, reneges=(1, 0))
    # NS took 7 of 6 but is set: -60, no bag. EW bid 5 and took 6: credited its 50, no overtrick.
    assert hand.points == (-60, 50)
    assert items(hand[NS]) == [(K.RENEGE_SET, -60, 1)]
    assert items(hand[EW]) == [(K.RENEGE_BID_CREDITED, 50, 1)]
    assert hand.bags_after == (0, 0)
    assert hand[EW].made is True and hand[NS].made is False
    assert hand[EW].explain() == (
        "EW bid 5 (E 3, W 2), took 6: bid credited for NS's renege +50. Hand total +50."
    )


def test_set_and_bid_credits_a_side_that_took_too_few() -> None:
    # EW bid 5 and took 2 (N 4, E 1, S 7, W 1): credited with the bid all the same, +50.
    hand = score_hand(SET_AND_BID, BIDS, [4, 1, 7, 1], reneges=(1, 0))
    assert hand.points == (-60, 50)
    # Two reneges by the same side: set once, credited once.
    twice = score_hand(SET_AND_BID, BIDS, TAKEN, reneges=(2, 0))
    assert twice.points == (-60, 50)
    assert twice[EW].items[0].text == "bid credited for NS's 2 reneges +50"


def test_set_and_bid_by_both_sides_sets_both() -> None:
    assert score_hand(SET_AND_BID, BIDS, TAKEN, reneges=(1, 1)).points == (-60, -50)


def test_set_and_bid_scores_the_credited_sides_nils_as_they_fell() -> None:
    # EW: E bid 4 took 3, W nil took 1 (failed, -100); credited with E's 4: +40.
    hand = score_hand(SET_AND_BID, [4, 4, 2, "nil"], [5, 3, 4, 1], reneges=(1, 0))
    assert items(hand[EW]) == [(K.RENEGE_BID_CREDITED, 40, 1), (K.NIL_FAILED, -100, 0)]
    # A big bid credited is a big bid made: 200 (N 6 + S 4 = 10, took 8).
    big = score_hand(SET_AND_BID.evolve(big_bid=10), [6, 1, 4, 1], [4, 3, 4, 2], reneges=(0, 1))
    assert items(big[NS]) == [(K.RENEGE_BID_CREDITED, 200, 1)]


def test_set_and_bid_needs_partners() -> None:
    with pytest.raises(RuleSetError, match="credits the other team with its bid"):
        RuleSet(renege_penalty="set_and_bid", partnerships=False)


@pytest.mark.parametrize(
    ("reneges", "message"),
    [
        ((-1, 0), "NS's reneges must be at least 0, not -1."),
        ((0, 1.5), "EW's reneges must be a whole number, not 1.5."),
        ((1,), "reneges must be two whole numbers (NS, EW), not 1."),
        ("11", "reneges must be two whole numbers (NS, EW), not '11'."),
    ],
)
def test_reneges_are_checked(reneges: Any, message: str) -> None:
    with pytest.raises(StandingError) as caught:
        score_hand(TRICKS, BIDS, TAKEN, reneges=reneges)
    assert str(caught.value) == message


def test_reneges_by_team() -> None:
    by_team = score_hand(TRICKS, BIDS, TAKEN, reneges={"EW": 0, "NS": 1})
    assert by_team == score_hand(TRICKS, BIDS, TAKEN, reneges=(1, 0))


def test_the_options() -> None:
    assert RuleSet().renege_penalty is RenegePenalty.NONE
    assert RuleSet(renege_penalty="points").renege_penalty is RenegePenalty.POINTS
    assert repr(RuleSet(renege_penalty="tricks", renege_tricks=2)) == (
        "RuleSet(renege_penalty=RenegePenalty.TRICKS, renege_tricks=2)"
    )
    with pytest.raises(ValueError, match="renege_tricks has no effect unless renege_penalty is"):
        RuleSet(renege_tricks=2)
    with pytest.raises(ValueError, match="renege_tricks must be"):
        RuleSet(renege_penalty="tricks", renege_tricks=14)
    with pytest.raises(ValueError, match="renege_penalty must be"):
        RuleSet(renege_penalty="forfeit")
    assert "3 tricks to the opponents" in RuleSet.describe("renege_penalty")


# -- the items add up ------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_renege_items_add_up(data: st.DataObject) -> None:
    """Under any scoring rules and penalty: the items add up, no renege or penalty none is the
    score as played, tricks are only moved (never created, never below 0, never a nil's), a set
    side gains no bags, and points are only moved (the two teams' sum is unchanged). When each
    player plays alone a penalty that pays the other side is refused (the partnerships option),
    so only none and set are drawn, and reneges and scores are per player."""
    rules = data.draw(scoring_rulesets())
    allowed = list(RenegePenalty)
    if not rules.partnerships:
        allowed = [RenegePenalty.NONE, RenegePenalty.SET]
    penalty = data.draw(st.sampled_from(allowed))
    # (a spade led early is a renege only with a penalty: it plays no part in score_hand)
    options: dict[str, Any] = {
        "renege_penalty": penalty,
        "renege_tricks": 3,
        "early_spade_lead": "illegal",
    }
    if penalty is RenegePenalty.TRICKS:
        options["renege_tricks"] = data.draw(st.integers(1, 13))
    rules = rules.evolve(**options)
    bids, counts, bags = data.draw(hands(rules))
    sides = len(bags)
    reneges = tuple(data.draw(st.integers(0, 4)) for _ in range(sides))
    scores = (17, -3, 40, -25)[:sides]
    hand = score_hand(rules, bids, counts, scores=scores, bags=bags, reneges=reneges)
    plain = score_hand(
        rules.evolve(renege_penalty="none", renege_tricks=3, early_spade_lead="illegal"),
        bids,
        counts,
        scores=scores,
        bags=bags,
    )
    assert len(hand.teams) == sides
    for team_score in hand.teams:
        assert sum(item.points for item in team_score.items) == team_score.points
        assert all(item.text for item in team_score.items)
        assert team_score.explain().endswith(f"Hand total {team_score.points:+d}.")
        assert team_score.contract_tricks >= 0
    if penalty is RenegePenalty.NONE or not any(reneges):
        assert hand == plain
        return
    nil_kinds = {K.NIL_MADE, K.NIL_FAILED, K.BLIND_NIL_MADE, K.BLIND_NIL_FAILED}
    nil_kinds |= {K.DOUBLE_NIL_MADE, K.DOUBLE_NIL_FAILED}
    for team_score, before in zip(hand.teams, plain.teams):
        nils = [item for item in team_score.items if item.kind in nil_kinds]
        assert nils == [item for item in before.items if item.kind in nil_kinds]
    if penalty is RenegePenalty.TRICKS:
        assert sum(t.contract_tricks for t in hand.teams) == sum(
            t.contract_tricks for t in plain.teams
        )
        for team, team_score in zip(Team, hand.teams):
            given = [i for i in team_score.items if i.kind is K.RENEGE_TRICKS_GIVEN]
            assert len(given) == (1 if reneges[team] else 0)
            moved = sum(i.count for i in given)
            assert moved <= reneges[team] * rules.renege_tricks
            assert moved <= plain.teams[team].contract_tricks
    elif penalty is RenegePenalty.SET:
        for index, team_score in enumerate(hand.teams):
            if reneges[index]:
                assert team_score.bags_gained == 0
                assert team_score.made is not True
                assert [i.kind for i in team_score.items].count(K.RENEGE_SET) == 1
            elif not rules.bag_back:  # (under bag back the set team's bags are its points)
                assert team_score == plain.teams[index]
    elif penalty is RenegePenalty.SET_AND_BID:
        for index, team_score in enumerate(hand.teams):
            kinds = [i.kind for i in team_score.items]
            if reneges[index]:  # set, as under set
                assert team_score.bags_gained == 0 and team_score.made is not True
                assert kinds.count(K.RENEGE_SET) == 1
            elif team_score.contract:  # credited with its bid: made, no bags
                assert team_score.made is True and team_score.bags_gained == 0
                assert kinds.count(K.RENEGE_BID_CREDITED) == 1
                assert K.CONTRACT_MADE not in kinds and K.CONTRACT_SET not in kinds
            elif not rules.bag_back:  # no contract to credit: as played
                assert team_score == plain.teams[index]
    else:
        assert sum(hand.points) == sum(plain.points)
        assert hand.bags_after == plain.bags_after
        for team, team_score in zip(Team, hand.teams):
            if reneges[team] and not reneges[1 - team]:
                assert team_score.points == min(plain.teams[team].points, 0)


# -- records ---------------------------------------------------------------------------------------


def renege_record(penalty: str, written: dict[str, Any] | None = None) -> dict[str, Any]:
    """House-rules scenario 20 with one renege: at trick 7 East plays Kd holding 4 hearts (the Kd
    and the 3h change places, so that the hand stays whole). N takes 2 tricks (NS bid 4), W 11
    (EW bid 7), as before."""
    record: dict[str, Any] = json.loads(
        (RECORDS / "s20-breaking-spades-any-spade.json").read_text()
    )
    plays = record["hands"][0]["plays"]
    plays[6] = ["8h", "Kd", "4d", "4s"]
    plays[8] = ["6s", "Th", "3h", "6d"]
    record["rules"] = {"preset": "standard", "options": {"renege_penalty": penalty}}
    if written is not None:
        record["hands"][0]["written"] = written
    return record


def written(ns: tuple[int, int], ew: tuple[int, int]) -> dict[str, Any]:
    """Points and bags written for NS and EW."""
    return {
        "NS": {"points": ns[0], "total": ns[0], "bags": ns[1]},
        "EW": {"points": ew[0], "total": ew[0], "bags": ew[1]},
    }


#: penalty: ((NS points, bags), (EW points, bags)) under it.
PENALISED = {
    # As played: NS 2 of 4, -40; EW 11 of 7, 70 + 4.
    "none": ((-40, 0), (74, 4)),
    # EW 11 - 3 = 8 of 7: 70 + 1. NS 2 + 3 = 5 of 4: 40 + 1.
    "tricks": ((41, 1), (71, 1)),
    # EW set: -70, no bag. NS as played.
    "set": ((-40, 0), (-70, 0)),
    # EW's 74 to NS: NS -40 + 74, EW 0; the bags stay.
    "points": ((34, 0), (0, 4)),
    # EW set: -70, no bag. NS credited with its bid of 4: +40, no bags.
    "set_and_bid": ((40, 0), (-70, 0)),
}


def test_no_penalty_keeps_the_revoke_a_problem() -> None:
    report = verify(from_data(renege_record("none")))
    assert [(p.where, p.reason, p.message) for p in report.problems] == [
        ("hand 1, trick 7, E plays Kd", Reason.REVOKE, "East must follow hearts (holds 4 hearts)."),
    ]
    assert report.hands[0].reneges == ()
    assert report.standing.scores == (-40, 74)


@pytest.mark.parametrize("penalty", ["tricks", "set", "points", "set_and_bid"])
def test_a_penalised_renege_is_no_problem(penalty: str) -> None:
    (ns, ns_bags), (ew, ew_bags) = PENALISED[penalty]
    record = from_data(renege_record(penalty, written((ns, ns_bags), (ew, ew_bags))))
    report = verify(record)
    assert report.ok, [str(p) for p in report.problems]
    hand = report.hands[0]
    assert hand.reneges == (
        Renege(seat=Seat.E, trick=7, card=hand.reneges[0].card, led=Suit.HEARTS, held=4),
    )
    assert str(hand.reneges[0].card) == "Kd"
    assert hand.tricks == (2, 0, 0, 11)
    assert report.standing.scores == (ns, ew)
    assert report.standing.bags == (ns_bags, ew_bags)
    assert report.to_data()["hands"][0]["reneges"][0]["seat"] == "E"
    assert "1 renege, scored with the rules' penalty" in render_report(report)
    # replay() follows the hand too, to the penalised score.
    last, _ = list(replay(record))[-1]
    assert last.scores == (ns, ew)


def test_the_renege_line() -> None:
    report = verify(from_data(renege_record("tricks", written(*PENALISED["tricks"]))))
    sheet = score_sheet(report)
    line = "renege by East in trick 7 (played Kd holding 4 hearts): 3 tricks to NS"
    assert line in sheet.splitlines()[2]
    assert "!" not in sheet.splitlines()[1]
    assert report.to_data()["hands"][0]["reneges"][0]["text"] == line
    assert explain_hand(report.hands[0]).splitlines()[1] == (
        "  Renege by East in trick 7 (played Kd holding 4 hearts)."
    )
    assert "set" in verify(from_data(renege_record("set"))).hands[0].reneges[0].sentence(SET)


@pytest.mark.parametrize("penalty", ["tricks", "set", "points", "set_and_bid"])
def test_written_scores_as_played_are_a_mismatch(penalty: str) -> None:
    record = from_data(renege_record(penalty, written(*PENALISED["none"])))
    report = verify(record)
    assert report.problems
    assert {p.reason for p in report.problems} == {RecordReason.SCORE_MISMATCH}
    # The scores as played are what renege_penalty=none gives: the reading is named.
    assert any("renege_penalty=none" in (p.parted_at or "") for p in report.problems)


def test_two_reneges_by_both_teams() -> None:
    # N plays 7h holding 3 clubs at trick 1, E plays Kd holding 4 hearts at trick 7.
    record = renege_record("tricks")
    plays = record["hands"][0]["plays"]
    plays[0] = ["Ac", "7h", "5c", "2c"]
    plays[3] = ["Jc", "8c", "2h", "2d"]
    report = verify(from_data(record))
    assert [(r.seat, r.trick) for r in report.hands[0].reneges] == [(Seat.N, 1), (Seat.E, 7)]
    # NS hands over its 2 (not 3), EW 3: NS 2 - 2 + 3 = 3 of 4, -40; EW 11 - 3 + 2 = 10: 73.
    assert report.standing.scores == (-40, 73)


def test_the_command_line_shows_the_renege(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "renege.json"
    path.write_text(json.dumps(renege_record("points", written(*PENALISED["points"]))))
    code = main(["score", str(path), "--explain"])
    out = capsys.readouterr().out
    assert code == 0
    assert (
        "renege by East in trick 7 (played Kd holding 4 hearts): EW's points for the hand "
        "to NS" in out
    )
    assert "a renege, the hand's points to NS -74" in out
