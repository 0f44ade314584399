"""Itemised hand scoring: the items, their sum, the scorer's sentence, bag arithmetic, bad input;
each side's own contract at every table, every player alone; and the end of the game
(:func:`spades.decide_game`).

Bids and tricks are in seat order N, E, S, W (N, E, S for three; N, E for two); ``scores`` and
``bags`` are (NS, EW), or one per player when every player plays alone. Every expected number is
worked out in a comment from the rule it follows.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    EndReason,
    IllegalActionError,
    ItemKind,
    RuleSet,
    Seat,
    SpadesError,
    Team,
    decide_game,
    find_ruleset,
    score_hand,
)
from spades.errors import NotationError, StandingError
from spades.rules import BagRemainder, FailedNilTricks, TieRule
from tables import TableKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
K = ItemKind

STANDARD = RuleSet()
COUNT = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT)
BAGS_ONLY = RuleSet(failed_nil_tricks=FailedNilTricks.BAGS_ONLY)
RESET = RuleSet(bag_remainder=BagRemainder.RESET)
BLIND = RuleSet(blind_nil=True)
SOLO = RuleSet(partnerships=False)
THREE = RuleSet(players=3, partnerships=False)


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
    assert ns.total == 120 + total


@pytest.mark.parametrize(("rules", "bids", "tricks", "bags", "expected", "total"), CASES)
def test_total_is_the_number_the_repr_prints(rules, bids, tricks, bags, expected, total):
    """``total`` is the game total after the hand: the total before it and the itemised lines'
    points (counted here from the expected lines), the number the repr prints after ``total``."""
    ns = score_hand(rules, bids, tricks, scores=(120, 80), bags=bags)[NS]
    assert ns.total == 120 + sum(points for _, points, _, _ in expected)
    assert f", total {ns.total}," in repr(ns)


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


# -- each side's own contract, at every table -----------------------------------------------------

#: A hand at each table: the bids, the tricks, and each side's points. In partnerships N and S are
#: one contract of 7 with 9 taken (+72) and E's failed nil (-100) stands beside W's 2 made with 3
#: (+21); alone, each bid is its player's own contract: 10 per bid trick, 1 per bag, nil +-100.
OWN_CONTRACTS: dict[str, tuple[list[int | str], list[int], tuple[int, ...]]] = {
    "partners": ([4, "nil", 3, 2], [5, 1, 4, 3], (72, -79)),
    # N 4 of 5: 40 + 1. E nil with 1: -100. S 3 of 4: 30 + 1. W 2 of 3: 20 + 1.
    "alone": ([4, "nil", 3, 2], [5, 1, 4, 3], (41, -100, 31, 21)),
    # N 5 of 7: 50 + 2. E 6 of 10: 60 + 4. S nil with none: +100.
    "three": ([5, 6, "nil"], [7, 10, 0], (52, 64, 100)),
    # N 5 of 6: 50 + 1. E 6 of 7: 60 + 1.
    "two": ([5, 6], [6, 7], (51, 61)),
}


def test_each_side_scores_its_own_contract(table_kind: TableKind) -> None:
    bids, tricks, points = OWN_CONTRACTS[table_kind.id]
    score = score_hand(table_kind.rules, bids, tricks)
    assert score.points == points
    assert [side.team for side in score.teams] == list(table_kind.sides)
    for side in score.teams:
        assert side.points == sum(item.points for item in side.items)
        assert score[str(side.team)] == side
    if not table_kind.partnerships:
        for seat in table_kind.seats:
            bid = bids[seat]
            assert score[seat].bids == (Bid.NIL if bid == "nil" else Bid(bid),)
            assert score[seat].tricks == (tricks[seat],)


def test_each_player_scores_their_own_bid() -> None:
    # N bids 4 and takes 5: 40 and 1 bag. E bids nil and takes 1: -100. S bids 3 and takes 4:
    # 30 and 1 bag. W bids 2 and takes 3: 20 and 1 bag. In partnerships N and S would be one
    # contract of 7 with 9 taken (+72).
    score = score_hand(SOLO, [4, "nil", 3, 2], [5, 1, 4, 3])
    assert score.points == (41, -100, 31, 21)
    assert score.bags_after == (1, 0, 1, 1)
    assert score["N"].bids == (Bid(4),) and score["N"].tricks == (5,)
    assert str(score["E"]) == "E bid nil, took 1: E nil failed -100. Hand total -100."
    assert (
        str(score[N]) == "N bid 4, took 5: contract made +40, 1 bag +1; bags now 1. Hand total +41."
    )


def test_each_of_three_scores_their_own_bid() -> None:
    score = score_hand(THREE, [5, 6, "nil"], [7, 10, 0])
    assert str(score["S"]) == "S bid nil, took 0: S nil made +100. Hand total +100."
    with pytest.raises(IllegalActionError, match="add up to 13, not 17"):
        score_hand(THREE, [5, 6, 2], [5, 6, 2])
    with pytest.raises(NotationError, match=r"three values \(N, E, S\) for three players"):
        score_hand(THREE, [5, 6, 2, 1], [5, 6, 6])
    with pytest.raises(StandingError, match=r"three whole numbers \(N, E, S\)"):
        score_hand(THREE, [5, 6, 2], [5, 6, 6], scores=(0, 0, 0, 0))


# -- every player alone ---------------------------------------------------------------------------
# house-rules.md section 3, "4-player individual: four players with no partnerships" (Trickster
# isPartnership=false): each player's own bid is their contract, scored on its own (nil, bags and
# bag penalties per player); ``scores`` and ``bags`` are one per player, N, E, S, W.


def test_a_set_player_loses_their_own_bid_only() -> None:
    score = score_hand(SOLO, [5, 3, 3, 2], [2, 4, 4, 3])
    assert score.points == (-50, 31, 31, 21)
    assert score["N"].made is False and score["E"].made is True


def test_a_nil_alone_has_no_contract_beside_it() -> None:
    score = score_hand(SOLO, ["nil", 5, 4, 4], [0, 5, 4, 4])
    assert score["N"].points == 100 and score["N"].contract == 0 and score["N"].made is None


def test_bags_and_penalties_are_each_players() -> None:
    # N has 9 bags, bids 2 and takes 4: 20 + 2, 11 bags, one penalty of 100, 1 carried. E's 9 bags
    # stay 9 (E bid 3 and took 3).
    score = score_hand(SOLO, [2, 3, 4, 4], [4, 3, 3, 3], bags=(9, 9, 0, 0))
    assert score.points == (22 - 100, 30, -40, -40)
    assert score.bags_after == (1, 9, 0, 0)
    assert [item.kind for item in score["N"].items][-1] is ItemKind.BAG_PENALTY


def test_a_failed_nils_tricks_as_bags_alone() -> None:
    rules = SOLO.evolve(failed_nil_tricks="bags_only")
    score = score_hand(rules, ["nil", 4, 4, 3], [2, 4, 4, 3])
    assert score["N"].points == -100 + 2 and score["N"].bags_after == 2


def test_the_moon_alone() -> None:
    rules = SOLO.evolve(moon="bid_13", moon_points=200)
    score = score_hand(rules, [13, "nil", "nil", "nil"], [13, 0, 0, 0])
    assert score["N"].points == 200 and score.points[1:] == (100, 100, 100)


def test_the_moon_of_three_is_all_17() -> None:
    rules = THREE.evolve(moon="bid_13", moon_points=200)
    assert score_hand(rules, [17, "nil", "nil"], [17, 0, 0]).points == (200, 100, 100)
    assert score_hand(rules, [13, "nil", "nil"], [17, 0, 0]).points == (134, 100, 100)


def test_a_blind_number_bid_alone_doubles_only_that_players_contract() -> None:
    rules = SOLO.evolve(blind_bid=6)
    score = score_hand(rules, [Bid(6, blind=True), 3, 2, 2], [6, 3, 2, 2])
    assert score.points == (120, 30, 20, 20)


def test_a_first_hand_without_bids_scores_each_players_tricks() -> None:
    rules = SOLO.evolve(first_hand_trick_points=10)
    assert score_hand(rules, None, [4, 3, 5, 1]).points == (40, 30, 50, 10)


def test_a_renege_sets_only_the_player_who_reneged() -> None:
    rules = SOLO.evolve(renege_penalty="set")
    score = score_hand(rules, [4, 3, 3, 3], [5, 3, 2, 3], reneges=(1, 0, 0, 0))
    assert score.points == (-40, 30, -30, 30)
    assert score["N"].items[0].kind is ItemKind.RENEGE_SET


def test_an_error_alone_is_a_spades_error() -> None:
    for call in (
        lambda: score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], reneges={"N": -1}),
        lambda: decide_game(SOLO, ("a", 0, 0, 0), 1),
    ):
        with pytest.raises(SpadesError):
            call()


# -- the end of the game --------------------------------------------------------------------------


def test_the_one_side_past_the_target_wins_and_a_tie_at_the_top_plays_on(
    table_kind: TableKind,
) -> None:
    """The RuleSet's game-end docs: a side wins when it reaches the target; of two sides past it
    the higher wins, and an exact tie at the top plays another hand unless tie_at_target shares
    it. The others' totals do not matter (at a table alone, a third side past the target too)."""
    rules, sides = table_kind.rules, table_kind.sides
    count = len(sides)
    scores = (505, 480, 300, 499)[:count]
    result = decide_game(rules, scores, 12)
    assert result is not None and result.winner is sides[0]
    assert result.reason is EndReason.TARGET and result.scores == scores
    assert result.to_data()["scores"] == {
        str(side): s for side, s in zip(sides, scores, strict=True)
    }
    assert result.to_data()["winner"] == str(sides[0])
    higher = (505, *scores[1:-1], 520)
    result = decide_game(rules, higher, 12)
    assert result is not None and result.winner is sides[-1]
    tied = (520, *((510, 0)[: count - 2]), 520) if count > 2 else (520, 520)
    assert decide_game(rules, tied, 12) is None
    shared = decide_game(rules.evolve(tie_at_target=TieRule.SHARED), tied, 12)
    assert shared is not None and shared.winner is None and shared.shared


def test_the_one_player_to_reach_the_target_wins() -> None:
    result = decide_game(SOLO, (505, 480, 300, 499), 12)
    assert result is not None and result.winner is N and result.reason is EndReason.TARGET
    assert str(result) == (
        "N wins, N 505, E 480, S 300, W 499, after 12 hands (reached the target)."
    )


def test_of_two_players_past_the_target_the_higher_wins_and_a_tie_plays_on() -> None:
    result = decide_game(SOLO, (505, 520, 300, 499), 12)
    assert result is not None and result.winner is E
    # N and E tie at the top: another hand (tie_at_target play_on), though S is past it too.
    assert decide_game(SOLO, (520, 520, 510, 0), 12) is None
    shared = decide_game(SOLO.evolve(tie_at_target=TieRule.SHARED), (520, 520, 510, 0), 12)
    assert shared is not None and shared.winner is None and shared.shared
    assert str(shared).startswith("Shared result, N 520, E 520, S 510, W 0, after 12 hands")


def test_the_game_ends_for_the_one_highest_of_three() -> None:
    result = decide_game(THREE, (505, 480, 520), 9)
    assert result is not None and result.winner is S
    assert str(result) == "S wins, N 505, E 480, S 520, after 9 hands (reached the target)."
    assert decide_game(THREE, (520, 480, 520), 9) is None


def test_a_player_at_the_losing_score_ends_the_game_for_the_highest_other() -> None:
    rules = SOLO.evolve(losing_score=-200)
    result = decide_game(rules, (100, -200, 150, 40), 7)
    assert result is not None and result.winner is S and result.reason is EndReason.FLOOR
    assert decide_game(rules, (100, -190, 150, 40), 7) is None


def test_the_cap_goes_to_the_highest_alone() -> None:
    rules = SOLO.evolve(max_hands=10)
    result = decide_game(rules, (100, 120, 110, -5), 10)
    assert result is not None and result.winner is E and result.reason is EndReason.CAP
    tied = decide_game(rules, (120, 120, 110, -5), 10)
    assert tied is not None and tied.shared
    assert decide_game(rules.evolve(tie_at_cap="play_on"), (120, 120, 110, -5), 10) is None


def _two_team_end(rules: RuleSet, ns: int, ew: int, hands: int) -> tuple[object, str] | None:
    """RuleSet's game-end docs for two teams, word for word: a team wins when it reaches the
    target or the other falls to the losing score; when both have such a claim the higher
    total wins and an exact tie plays on unless tie_at_target shares it; only then does the cap
    decide: the higher total wins, an exact tie is shared unless tie_at_cap plays on. Totals
    compared by their tens under tie_by_tens."""
    target, floor = rules.target_score, rules.losing_score
    ns_claim = ns >= target or (floor is not None and ew <= floor)
    ew_claim = ew >= target or (floor is not None and ns <= floor)
    why = "target" if ns >= target or ew >= target else "floor"
    rank = (ns // 10, ew // 10) if rules.tie_by_tens else (ns, ew)
    if ns_claim and not ew_claim:
        return Team.NS, why
    if ew_claim and not ns_claim:
        return Team.EW, why
    if ns_claim:
        if rank[0] != rank[1]:
            return (Team.NS if rank[0] > rank[1] else Team.EW), why
        if rules.tie_at_target is TieRule.SHARED:
            return None, why
    if rules.max_hands is not None and hands >= rules.max_hands:
        if rank[0] != rank[1]:
            return (Team.NS if rank[0] > rank[1] else Team.EW), "cap"
        if rules.tie_at_cap is TieRule.SHARED:
            return None, "cap"
    return None


@settings(max_examples=300, deadline=None)
@given(
    scores=st.tuples(st.integers(-400, 700), st.integers(-400, 700)),
    hands=st.integers(0, 12),
    floor=st.none() | st.integers(-300, -100),
    cap=st.none() | st.integers(1, 12),
    tens=st.booleans(),
    shared=st.booleans(),
    cap_shared=st.booleans(),
)
def test_two_teams_end_as_before(scores, hands, floor, cap, tens, shared, cap_shared) -> None:  # type: ignore[no-untyped-def]
    rules = RuleSet(
        losing_score=floor,
        max_hands=cap,
        tie_by_tens=tens,
        tie_at_target="shared" if shared else "play_on",
        tie_at_cap="shared" if cap_shared else "play_on",
    )
    expected = _two_team_end(rules, scores[0], scores[1], hands)
    result = decide_game(rules, scores, hands)
    if expected is None:
        assert result is None
    else:
        assert result is not None
        assert (result.winner, result.reason.value) == expected
