"""Itemised hand scoring: the items, their sum, the scorer's sentence, bag arithmetic, bad input.

Bids and tricks are in seat order N, E, S, W; ``scores`` and ``bags`` are (NS, EW). Every expected
number is worked out in a comment from the rule it follows.
"""

from __future__ import annotations

import pytest

from spades import Bid, ItemKind, RuleSet, Seat, SpadesError, Team, find_ruleset, score_hand
from spades.rules import BagRemainder, FailedNilTricks

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
K = ItemKind

STANDARD = RuleSet()
COUNT = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT)
BAGS_ONLY = RuleSet(failed_nil_tricks=FailedNilTricks.BAGS_ONLY)
RESET = RuleSet(bag_remainder=BagRemainder.RESET)
BLIND = RuleSet(blind_nil=True)


def items(team_score) -> list[tuple]:
    """The items as (kind, points, seat, count)."""
    return [(i.kind, i.points, i.seat, i.count) for i in team_score.items]


# -- items ----------------------------------------------------------------------------------------

CASES = [
    pytest.param(
        # Bid 4 + 3 = 7, took 5 + 4 = 9: made +70, 2 bags +2. Total 72.
        STANDARD,
        [4, 1, 3, 2],
        [5, 1, 4, 3],
        (0, 0),
        [(K.CONTRACT_MADE, 70, None, 0), (K.BAGS, 2, None, 2)],
        72,
        id="made-with-bags",
    ),
    pytest.param(
        # Bid 5 + 3 = 8, took 4 + 3 = 7: set -80. Total -80.
        STANDARD,
        [5, 2, 3, 2],
        [4, 3, 3, 3],
        (0, 0),
        [(K.CONTRACT_SET, -80, None, 0)],
        -80,
        id="set",
    ),
    pytest.param(
        # N nil takes 1 (bags only): S's 4 made alone +40; nil -100; N's trick a bag +1. -59.
        BAGS_ONLY,
        ["nil", 3, 4, 3],
        [1, 4, 4, 4],
        (0, 0),
        [(K.CONTRACT_MADE, 40, None, 0), (K.NIL_FAILED, -100, N, 0), (K.NIL_BAGS, 1, N, 1)],
        -59,
        id="nil-tricks-bags-only",
    ),
    pytest.param(
        # N nil takes 1 (counted): 1 + 4 = 5 for 4: +40, 1 bag +1; nil -100. -59.
        COUNT,
        ["nil", 3, 4, 3],
        [1, 4, 4, 4],
        (0, 0),
        [(K.CONTRACT_MADE, 40, None, 0), (K.NIL_FAILED, -100, N, 0), (K.BAGS, 1, None, 1)],
        -59,
        id="nil-tricks-counted",
    ),
    pytest.param(
        # N nil takes 1 (ignored): S's 4 made +40; nil -100. -60, no bag.
        STANDARD,
        ["nil", 3, 4, 3],
        [1, 4, 4, 4],
        (0, 0),
        [(K.CONTRACT_MADE, 40, None, 0), (K.NIL_FAILED, -100, N, 0)],
        -60,
        id="nil-tricks-ignored",
    ),
    pytest.param(
        # Blind nil made +200; S bid 4, took 5: +40, 1 bag +1. 241.
        BLIND,
        [Bid.BLIND_NIL, 3, 4, 3],
        [0, 4, 5, 4],
        (0, 0),
        [(K.CONTRACT_MADE, 40, None, 0), (K.BLIND_NIL_MADE, 200, N, 0), (K.BAGS, 1, None, 1)],
        241,
        id="blind-nil-made",
    ),
    pytest.param(
        # Bid 6, took 10: +60, 4 bags +4; 8 + 4 = 12 bags: one penalty -100. -36.
        STANDARD,
        [4, 1, 2, 2],
        [6, 1, 4, 2],
        (8, 0),
        [(K.CONTRACT_MADE, 60, None, 0), (K.BAGS, 4, None, 4), (K.BAG_PENALTY, -100, None, 1)],
        -36,
        id="penalty",
    ),
    pytest.param(
        # Bid 2, took 13: +20, 11 bags +11; 9 + 11 = 20: two penalties -200. -169.
        STANDARD,
        [1, 0, 1, 0],
        [7, 0, 6, 0],
        (9, 0),
        [(K.CONTRACT_MADE, 20, None, 0), (K.BAGS, 11, None, 11), (K.BAG_PENALTY, -200, None, 2)],
        -169,
        id="two-penalties",
    ),
]


@pytest.mark.parametrize(("rules", "bids", "tricks", "bags", "expected", "total"), CASES)
def test_items_and_total(rules, bids, tricks, bags, expected, total):
    """Each item is what the rules say, and the items add up to the hand's total."""
    ns = score_hand(rules, bids, tricks, scores=(120, 80), bags=bags)[NS]
    assert items(ns) == expected
    assert sum(points for _, points, _, _ in expected) == total
    assert ns.points == total
    assert ns.score_after == 120 + total


def test_both_teams_scored_and_totals():
    """Both teams are scored from the same hand; the hand's pair of totals and new scores."""
    hand = score_hand(STANDARD, [4, 2, 3, 3], [5, 2, 4, 2], scores=(100, -40), bags=(3, 9))
    # NS: bid 7, took 9: 70 + 2 = 72, bags 3 + 2 = 5. EW: bid 5, took 4: -50, bags stay 9.
    assert hand.points == (72, -50)
    assert hand.scores_after == (172, -90)
    assert hand.bags_after == (5, 9)
    assert hand[EW].made is False and hand[NS].made is True


def test_contract_and_contract_tricks():
    """The contract is the non-nil bids; the tricks counted for it follow ``failed_nil_tricks``."""
    bids, tricks = ["nil", 3, 4, 3], [2, 4, 3, 4]
    assert score_hand(STANDARD, bids, tricks)[NS].contract == 4
    assert score_hand(STANDARD, bids, tricks)[NS].contract_tricks == 3  # S's 3
    assert score_hand(BAGS_ONLY, bids, tricks)[NS].contract_tricks == 3  # S's 3
    assert score_hand(COUNT, bids, tricks)[NS].contract_tricks == 5  # 3 + N's 2


# -- explain --------------------------------------------------------------------------------------


def test_explain_worked_example():
    """000's example as a scorer says it."""
    ns = score_hand(find_ruleset("000"), [4, 1, 3, 2], [5, 1, 4, 3])[NS]
    assert ns.explain() == (
        "NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. Hand total +72."
    )
    assert str(ns) == ns.explain()


def test_explain_set():
    ns = score_hand(STANDARD, [5, 2, 3, 2], [4, 3, 3, 3])[NS]
    assert ns.explain() == "NS bid 8 (N 5, S 3), took 7: contract 7 of 8, set -80. Hand total -80."


def test_explain_failed_nil_bags_only():
    ns = score_hand(find_ruleset("000"), ["nil", 3, 4, 3], [1, 4, 4, 4])[NS]
    assert ns.explain() == (
        "NS bid 4 (N nil, S 4), took 5 (N 1, S 4): contract made +40, N nil failed -100, "
        "N's nil tricks, 1 bag +1; bags now 1. Hand total -59."
    )


def test_explain_penalty_carry_and_reset():
    carry = score_hand(STANDARD, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
    assert carry.explain() == (
        "NS bid 6 (N 4, S 2), took 10: contract made +60, 4 bags +4; bags now 12, "
        "penalty -100, 2 carried. Hand total -36."
    )
    reset = score_hand(RESET, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
    assert reset.explain() == (
        "NS bid 6 (N 4, S 2), took 10: contract made +60, 4 bags +4; bags now 12, "
        "penalty -100, 0 left. Hand total -36."
    )


def test_explain_two_penalties_and_hand():
    hand = score_hand(STANDARD, [1, 0, 1, 0], [7, 0, 6, 0], bags=(9, 0))
    assert hand[NS].explain() == (
        "NS bid 2 (N 1, S 1), took 13: contract made +20, 11 bags +11; bags now 20, "
        "penalty x2 -200, 0 left. Hand total -169."
    )
    # EW bid nil and nil and took nothing: +100 each.
    assert hand[EW].explain() == (
        "EW bid 0 (E nil, W nil), took 0 (E 0, W 0): E nil made +100, W nil made +100. "
        "Hand total +200."
    )
    assert hand.explain() == hand[NS].explain() + "\n" + hand[EW].explain()


# -- bag arithmetic -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [STANDARD, RESET], ids=["carry", "reset"])
def test_exactly_reaching_the_threshold(rules):
    """7 bags + 3 = 10: one penalty, and the count is 0 either way. 60 + 3 - 100 = -37."""
    ns = score_hand(rules, [3, 2, 3, 2], [5, 2, 4, 2], bags=(7, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-37, 0, 1)


@pytest.mark.parametrize("rules", [STANDARD, RESET], ids=["carry", "reset"])
def test_one_short_of_the_threshold(rules):
    """6 bags + 3 = 9: no penalty. 60 + 3 = 63."""
    ns = score_hand(rules, [3, 2, 3, 2], [5, 2, 4, 2], bags=(6, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (63, 9, 0)


def test_carry_keeps_the_remainder():
    """5 bags + 11 = 16: one penalty, 6 carried. 20 + 11 - 100 = -69."""
    ns = score_hand(STANDARD, [1, 0, 1, 0], [7, 0, 6, 0], bags=(5, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-69, 6, 1)


def test_carry_crossing_twice_pays_twice():
    """9 bags + 11 = 20: two penalties, 0 carried. 20 + 11 - 200 = -169."""
    ns = score_hand(STANDARD, [1, 0, 1, 0], [7, 0, 6, 0], bags=(9, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-169, 0, 2)


def test_carry_small_threshold_many_penalties():
    """Threshold 5, penalty 50: 4 bags + 11 = 15, three penalties. 20 + 11 - 150 = -119."""
    rules = RuleSet(bag_threshold=5, bag_penalty=50)
    ns = score_hand(rules, [1, 0, 1, 0], [7, 0, 6, 0], bags=(4, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-119, 0, 3)


def test_reset_one_penalty_and_zero():
    """Reset: 9 bags + 11 = 20 is one penalty and the count goes to 0. 31 - 100 = -69."""
    ns = score_hand(RESET, [1, 0, 1, 0], [7, 0, 6, 0], bags=(9, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-69, 0, 1)
    # 5 + 11 = 16: still one penalty, and the 6 over are lost.
    ns = score_hand(RESET, [1, 0, 1, 0], [7, 0, 6, 0], bags=(5, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-69, 0, 1)


def test_bag_penalty_once_per_hand():
    """At most one penalty in a hand; the rest of the count is kept: 20 - 10 = 10."""
    rules = RuleSet(bag_penalty_once_per_hand=True)
    ns = score_hand(rules, [1, 0, 1, 0], [7, 0, 6, 0], bags=(9, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-69, 10, 1)
    # Crossing once behaves as plain carry: 8 + 4 = 12, one penalty, 2 kept. 64 - 100 = -36.
    ns = score_hand(rules, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
    assert (ns.points, ns.bags_after, ns.penalties) == (-36, 2, 1)


def test_no_bags_when_contract_exact():
    ns = score_hand(STANDARD, [3, 2, 4, 4], [3, 2, 4, 4], bags=(9, 0))[NS]
    assert (ns.points, ns.bags_gained, ns.bags_after) == (70, 0, 9)


def test_other_point_values():
    """Custom values: 5 a trick, 2 a bag, nil 50: bid 4, took 6 with a nil made: 20 + 4 + 50."""
    rules = RuleSet(points_per_bid_trick=5, points_per_bag=2, nil_bonus=50, nil_penalty=75)
    assert score_hand(rules, ["nil", 3, 4, 3], [0, 4, 6, 3])[NS].points == 74
    # Nil fails (-75), S set: bid 4, took 3, -10 x 4 = -40 (set_penalty_per_trick is still 10).
    assert score_hand(rules, ["nil", 3, 4, 3], [1, 5, 3, 4])[NS].points == -115


# -- both partners nil ----------------------------------------------------------------------------


def test_both_nil_made():
    ns = score_hand(STANDARD, ["nil", 6, "nil", 7], [0, 6, 0, 7])[NS]
    assert ns.contract == 0 and ns.made is None
    assert items(ns) == [(K.NIL_MADE, 100, N, 0), (K.NIL_MADE, 100, S, 0)]
    assert ns.points == 200


def test_both_nil_one_fails():
    """Each nil is scored on its own: +100 - 100 = 0, the trick ignored."""
    ns = score_hand(STANDARD, ["nil", 6, "nil", 6], [0, 6, 1, 6])[NS]
    assert items(ns) == [(K.NIL_MADE, 100, N, 0), (K.NIL_FAILED, -100, S, 0)]
    assert (ns.points, ns.bags_after) == (0, 0)


@pytest.mark.parametrize(
    ("rules", "points", "bags"),
    [
        (STANDARD, -200, 0),  # -100 - 100, the 3 tricks ignored
        (BAGS_ONLY, -197, 3),  # -200 + 3 bags
        (COUNT, -197, 3),  # the 3 tricks are all over a contract of 0: 3 bags
    ],
    ids=["ignored", "bags_only", "count_toward_contract"],
)
def test_both_nil_fail(rules, points, bags):
    ns = score_hand(rules, ["nil", 5, "nil", 5], [1, 5, 2, 5])[NS]
    assert (ns.points, ns.bags_after) == (points, bags)


# -- blind nil ------------------------------------------------------------------------------------


def test_blind_nil_values():
    # Made: +200; S bid 4, took 4: +40. 240.
    assert score_hand(BLIND, [Bid.BLIND_NIL, 3, 4, 3], [0, 5, 4, 4])[NS].points == 240
    # Failed: -200; S's 4 made alone (ignored): +40. -160.
    failed = score_hand(BLIND, ["blind nil", 3, 4, 3], [1, 4, 4, 4])[NS]
    assert items(failed) == [(K.CONTRACT_MADE, 40, None, 0), (K.BLIND_NIL_FAILED, -200, N, 0)]
    assert failed.points == -160
    custom = BLIND.evolve(blind_nil_bonus=300, blind_nil_penalty=150)
    assert score_hand(custom, ["bn", 3, 4, 3], [0, 5, 4, 4])[NS].points == 340  # 300 + 40
    assert score_hand(custom, ["bn", 3, 4, 3], [1, 4, 4, 4])[NS].points == -110  # -150 + 40


# -- bad input ------------------------------------------------------------------------------------


def assert_sentence(error: SpadesError) -> None:
    message = str(error)
    assert message.endswith(".")
    assert len(message.split()) >= 5


@pytest.mark.parametrize(
    ("bids", "tricks", "standing", "words"),
    [
        pytest.param([4, 3, 3, 3], [4, 3, 3, 2], {}, "13", id="tricks-sum-12"),
        pytest.param([4, 3, 3, 3], [4, 3, 3, 4], {}, "13", id="tricks-sum-14"),
        pytest.param([4, 3, 3, 3], [4, 3, 6], {}, "four", id="three-tricks"),
        pytest.param([4, 3, 3], [4, 3, 3, 3], {}, "four", id="three-bids"),
        pytest.param([4, 3, 3, 3, 1], [4, 3, 3, 3], {}, "four", id="five-bids"),
        pytest.param([4, 3, 3, 3], [-1, 5, 5, 4], {}, "", id="negative-tricks"),
        pytest.param([4, 3, 3, 3], [4.0, 3, 3, 3], {}, "", id="tricks-not-whole"),
        pytest.param(["four", 3, 3, 3], [4, 3, 3, 3], {}, "four", id="bad-bid-text"),
        pytest.param([14, 3, 3, 3], [4, 3, 3, 3], {}, "14", id="bid-14"),
        pytest.param([-2, 3, 3, 3], [4, 3, 3, 3], {}, "-2", id="negative-bid"),
        pytest.param([4, 3, 3, 3], [4, 3, 3, 3], {"scores": (0, 0, 0)}, "scores", id="scores"),
        pytest.param([4, 3, 3, 3], [4, 3, 3, 3], {"bags": (-1, 0)}, "bags", id="negative-bags"),
    ],
)
def test_bad_input_raises_with_a_sentence(bids, tricks, standing, words):
    with pytest.raises(SpadesError) as caught:
        score_hand(STANDARD, bids, tricks, **standing)
    assert_sentence(caught.value)
    assert words in str(caught.value)


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError):
        score_hand(STANDARD, [4, 3, 3, 3], [4, 3, 3, 2])
