"""The worked scenarios of ``shared/house-rules.md`` section 4 that the RuleSet options cover.

Defaults unless a scenario says otherwise: 10 per bid trick, +1 per overtrick, nil ±100, blind nil
±200, 10 bags = -100 carried, target 500. "A" is the nil bidder (N), "B" A's partner (S). Bids and
tricks are in seat order N, E, S, W.

Covered: 1-6 (and 1 with ``failed_nil_tricks=bags_without_points``), 7 and 8 (``independent`` and
``unit`` double nil, 400 for two blind nils), 9, 10 (and the GGZ one-penalty rule, which
``bag_penalty_once_per_hand`` expresses), 11 (the standard -39, and CardsWithCats' -49: a penalty
that also takes back the bag points is ``bag_penalty=110``, no option needed), 12 (``bag_back``),
13 (``big_bid``: replace and bonus, overtricks scored or not, penalty 200 or 100), 15
(``set_penalty_per_trick=0``), 16 (points and ``tie_by_tens``), 17 (the inclusive floor), 18, 19
(and ``tie_at_cap=play_on``), 20 (played through the engine), 25 (``moon``: 200 or double), 27.
Hypothesis properties at the end: under random rule sets with every scoring option the items add
up to each team's points, and the kernel's ``hand_score``
(the playouts' score) agrees with :func:`spades.score_hand`.

Skipped, because no RuleSet option expresses them (or not here):

- 7 ``double_nil_tricks=bags`` under ``independent``: expressed by ``failed_nil_tricks=bags_only``
  (tested); there is no separate option for the tricks of two nils.
- 11 brom-spades (-29): a bug report, not a rule.
- 14 minimum team bid, 21 the first-trick restriction, 22 JJDD and jokers, 23 Mirror, Whiz and
  Suicide, 24 cutthroat: bidding, card-play, deck and player-count rules, tested where those
  options are.
- 17 a non-inclusive floor: ``losing_score`` is always inclusive.
- 26 negative score display (-53 / -47): a display convention; points and bags are kept apart.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Deal,
    EndReason,
    GameState,
    ItemKind,
    Phase,
    Play,
    Reason,
    RuleSet,
    Seat,
    Team,
    apply,
    apply_counts,
    check,
    decide_game,
    legal_actions,
    new_game,
    score_hand,
)
from spades._kernel.score import hand_score
from spades._kernel.table import table_of
from spades.rules import (
    BagRemainder,
    DoubleNil,
    FailedNilTricks,
    Moon,
    SpadesBreaking,
    TieRule,
)
from spades.score import ScoreItem
from strategies import hands, scoring_rulesets

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW

STANDARD = RuleSet()
IGNORED = STANDARD.evolve(failed_nil_tricks=FailedNilTricks.IGNORED)
COUNT = STANDARD.evolve(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT)
BAGS_ONLY = STANDARD.evolve(failed_nil_tricks=FailedNilTricks.BAGS_ONLY)
BLIND = STANDARD.evolve(blind_nil=True)
WITHOUT_POINTS = STANDARD.evolve(failed_nil_tricks=FailedNilTricks.BAGS_WITHOUT_POINTS)
UNIT = STANDARD.evolve(double_nil=DoubleNil.UNIT)
K = ItemKind


def ns(rules: RuleSet, bids, tricks, **standing):
    """NS's score for one hand."""
    return score_hand(rules, bids, tricks, **standing)[NS]


def items(team_score) -> list[tuple]:
    """The items as (kind, points, count)."""
    return [(item.kind, item.points, item.count) for item in team_score.items]


# -- 1 to 5: nil ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "points", "bags"),
    [
        # Nil -100; contract 3 < 4, so -40. -140, no bag.
        (IGNORED, -140, 0),
        # 3 + 2 = 5 >= 4: +40 and 1 bag +1; nil -100. -59, 1 bag.
        (COUNT, -59, 1),
        # -100 - 40 + 2 (A's two tricks as bags). -138, 2 bags.
        (BAGS_ONLY, -138, 2),
    ],
    ids=["ignored", "count_toward_contract", "bags_only"],
)
def test_1_classic_nil_dispute(rules, points, bags):
    """1. B bids 4, A bids nil. A takes 2 tricks, B takes 3."""
    hand = ns(rules, ["nil", 3, 4, 4], [2, 4, 3, 4])
    assert hand.points == points
    assert hand.bags_after == bags


def test_1_bags_without_points():
    """1. with ``bags_without_points``: -100 - 40 = -140, and A's two tricks are 2 bags."""
    hand = ns(WITHOUT_POINTS, ["nil", 3, 4, 4], [2, 4, 3, 4])
    assert (hand.points, hand.bags_gained, hand.bags_after) == (-140, 2, 2)
    assert items(hand) == [
        (K.CONTRACT_SET, -40, 0),
        (K.NIL_FAILED, -100, 0),
        (K.NIL_BAGS, 0, 2),
    ]
    assert hand.explain() == (
        "NS bid 4 (N nil, S 4), took 5 (N 2, S 3): contract 3 of 4, set -40, N nil failed -100, "
        "N's nil tricks, 2 bags (no points); bags now 2. Hand total -140."
    )


def test_bags_without_points_still_cost_penalties():
    """The pointless bags count toward the threshold: 8 + 2 = 10 bags, one penalty.
    S bids 4 and takes 4: +40, nil -100, penalty -100: -160, 0 bags."""
    hand = ns(WITHOUT_POINTS, ["nil", 3, 4, 4], [2, 3, 4, 4], bags=(8, 0))
    assert (hand.points, hand.bags_after, hand.penalties) == (-160, 0, 1)


@pytest.mark.parametrize("rules", [IGNORED, COUNT, BAGS_ONLY], ids=str)
def test_2_nil_made_partner_set(rules):
    """2. A takes 0; B bids 5 and takes 3. +100 - 50 = +50, whatever the contract does."""
    hand = ns(rules, ["nil", 4, 5, 4], [0, 5, 3, 5])
    assert hand.points == 50
    assert hand.bags_after == 0


@pytest.mark.parametrize("rules", [IGNORED, COUNT, BAGS_ONLY], ids=str)
def test_3_nil_made_partner_makes(rules):
    """3. A takes 0; B bids 4 and takes 6: +100 + 40 + 2 = +142, +2 bags."""
    hand = ns(rules, ["nil", 4, 4, 4], [0, 4, 6, 3])
    assert hand.points == 142
    assert hand.bags_after == 2


def test_4_failed_nil_tricks_would_have_made_it():
    """4. A takes 2; B bids 5 and takes 4. ignored -150; count_toward_contract -49 (+1 bag)."""
    bids, tricks = ["nil", 4, 5, 3], [2, 4, 4, 3]
    ignored = ns(IGNORED, bids, tricks)
    assert (ignored.points, ignored.bags_after) == (-150, 0)  # -100 - 50
    counted = ns(COUNT, bids, tricks)
    assert (counted.points, counted.bags_after) == (-49, 1)  # 2 + 4 = 6 >= 5: 50 + 1 - 100
    assert counted.points - ignored.points == 101  # "The two options differ by 101 points."
    # 1.4 (c), tricks only become bags: -100 - 50 + 2 = -148, 2 bags.
    bags_only = ns(BAGS_ONLY, bids, tricks)
    assert (bags_only.points, bags_only.bags_after) == (-148, 2)


def test_5_blind_nil_fails():
    """5. A (blind) takes 1; B bids 5 and takes 5. ignored -150; count: -200 + 50 + 1 = -149."""
    bids, tricks = [Bid.BLIND_NIL, 4, 5, 3], [1, 4, 5, 3]
    assert ns(BLIND.evolve(failed_nil_tricks=FailedNilTricks.IGNORED), bids, tricks).points == -150
    counted = ns(
        BLIND.evolve(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT), bids, tricks
    )
    assert counted.points == -149
    assert counted.bags_after == 1


# -- 6: blind nil eligibility, through the engine -------------------------------------------------


def first_bid_state(rules: RuleSet, scores) -> GameState:
    """W deals, so N (the dealer's left) bids first; NS and EW have ``scores``."""
    state = apply(new_game(rules, dealer=W, scores=scores), Deal.random(6, rules))
    assert state.to_act is N
    return state


def can_bid_blind_nil(state: GameState) -> bool:
    offered = any(a.blind for a in legal_actions(state))
    assert offered == (check(state, Bid.BLIND_NIL) is None)
    return offered


def test_6_blind_nil_refused_90_behind():
    """6. 'The team is 90 points behind, so blind nil is refused.'"""
    state = first_bid_state(BLIND.evolve(blind_nil_min_deficit=100), (100, 190))
    assert not can_bid_blind_nil(state)
    violation = check(state, Bid.BLIND_NIL)
    assert violation.reason is Reason.BLIND_NIL_NOT_ELIGIBLE
    assert violation.option == "blind_nil_min_deficit"


def test_6_blind_nil_allowed_exactly_100_behind():
    """6. 'At exactly 100 behind it is allowed (≥).'"""
    state = first_bid_state(BLIND.evolve(blind_nil_min_deficit=100), (100, 200))
    assert can_bid_blind_nil(state)
    state = apply(state, Bid.BLIND_NIL)
    assert state.bids[N].blind
    # E's team is 100 ahead: E may not.
    assert state.to_act is E
    assert not can_bid_blind_nil(state)


def test_6_blind_nil_always_allowed_without_min_deficit():
    """6. 'With min_deficit=None it is always allowed.'"""
    state = first_bid_state(BLIND, (300, 100))  # NS 200 ahead
    assert BLIND.blind_nil_min_deficit is None
    assert can_bid_blind_nil(state)


def test_6_blind_nil_off():
    """Blind nil is a house rule: without ``blind_nil`` it is never offered."""
    state = first_bid_state(STANDARD, (100, 400))
    assert not can_bid_blind_nil(state)
    assert check(state, Bid.BLIND_NIL).reason is Reason.BLIND_NIL_NOT_ALLOWED


# -- 7 and 8: double nil --------------------------------------------------------------------------


def test_7_double_nil_one_fails_independent():
    """7. The two nils take 0 and 1 tricks. independent: 0, the trick ignored."""
    hand = ns(IGNORED, ["nil", 6, "nil", 6], [0, 6, 1, 6])
    assert hand.points == 0  # +100 - 100
    assert hand.bags_after == 0


def test_7_double_nil_one_fails_tricks_as_bags():
    """7. '+1 with 1 bag under double_nil_tricks=bags' (here: failed_nil_tricks=bags_only)."""
    hand = ns(BAGS_ONLY, ["nil", 6, "nil", 6], [0, 6, 1, 6])
    assert hand.points == 1  # +100 - 100 + 1
    assert hand.bags_after == 1


@pytest.mark.parametrize("rules", [IGNORED, COUNT, BAGS_ONLY], ids=str)
def test_8_double_nil_both_made(rules):
    """8. 'independent gives +200.'"""
    hand = ns(rules, ["nil", 6, "nil", 6], [0, 7, 0, 6])
    assert hand.points == 200
    assert hand.made is None  # no contract to make


@pytest.mark.parametrize(
    ("policy", "points", "bags"),
    [
        (FailedNilTricks.IGNORED, -200, 0),  # the trick ignored
        (FailedNilTricks.BAGS_ONLY, -199, 1),  # -200, and the trick a bag +1
        (FailedNilTricks.BAGS_WITHOUT_POINTS, -200, 1),  # a bag, worth nothing
        (FailedNilTricks.COUNT_TOWARD_CONTRACT, -199, 1),  # over a contract of 0: a bag
    ],
    ids=str,
)
def test_7_double_nil_one_fails_unit(policy, points, bags):
    """7. 'unit: -200.' The two nils are one contract; the tricks follow failed_nil_tricks."""
    hand = ns(UNIT.evolve(failed_nil_tricks=policy), ["nil", 6, "nil", 6], [0, 6, 1, 6])
    assert (hand.points, hand.bags_after) == (points, bags)
    assert hand.items[0].kind is K.DOUBLE_NIL_FAILED and hand.items[0].points == -200
    assert not any(item.kind in (K.NIL_MADE, K.NIL_FAILED) for item in hand.items)


def test_7_double_nil_both_fail_unit():
    """Both nils failed: the two penalties, as independent nils would lose them."""
    hand = ns(UNIT, ["nil", 5, "nil", 5], [1, 5, 2, 5])
    assert items(hand) == [(K.DOUBLE_NIL_FAILED, -200, 0)]
    assert hand.explain() == (
        "NS bid 0 (N nil, S nil), took 3 (N 1, S 2): double nil failed -200. Hand total -200."
    )


def test_8_double_nil_both_made_unit():
    """8. 'unit gives +200, or 400 where the bonus is configured that way (osgamers)': two blind
    nils are worth 400 with the blind nil bonus of 200 each."""
    hand = ns(UNIT, ["nil", 6, "nil", 7], [0, 6, 0, 7])
    assert items(hand) == [(K.DOUBLE_NIL_MADE, 200, 0)]
    assert hand.explain() == (
        "NS bid 0 (N nil, S nil), took 0 (N 0, S 0): double nil made +200. Hand total +200."
    )
    blind = UNIT.evolve(blind_nil=True)
    both_blind = ns(blind, ["blind nil", 6, "blind nil", 7], [0, 6, 0, 7])
    assert items(both_blind) == [(K.DOUBLE_NIL_MADE, 400, 0)]
    # One blind, one plain: 200 + 100 made, -(200 + 100) failed.
    assert ns(blind, ["blind nil", 6, "nil", 7], [0, 6, 0, 7]).points == 300
    assert ns(blind, ["blind nil", 6, "nil", 6], [0, 6, 1, 6]).points == -300


def test_unit_needs_both_partners_nil():
    """A single nil under unit is scored as ever: S's 4 made +40, nil made +100."""
    hand = ns(UNIT, ["nil", 3, 4, 3], [0, 5, 4, 4])
    assert items(hand) == [(K.CONTRACT_MADE, 40, 0), (K.NIL_MADE, 100, 0)]


# -- 9 to 11: bags --------------------------------------------------------------------------------


def test_9_carry():
    """9. 8 bags, bid 6, take 9: 63 - 100 = -37, 1 bag carried; next hand +9 bags: another -100."""
    rules = STANDARD
    first = ns(rules, [3, 2, 3, 2], [5, 2, 4, 2], bags=(8, 0))
    assert (first.points, first.bags_after) == (-37, 1)  # 60 + 3 - 100; 8 + 3 = 11 -> 1
    # Bid 4, take 13: 40 + 9 = 49; bags 1 + 9 = 10: -100. 49 - 100 = -51, 0 bags.
    second = ns(rules, [2, 1, 2, 1], [7, 0, 6, 0], bags=(first.bags_after, 0))
    assert (second.points, second.bags_after, second.penalties) == (-51, 0, 1)


def test_9_reset():
    """9. With reset the first hand leaves 0 bags; the next hand's 9 bags cost nothing."""
    rules = RuleSet(bag_remainder=BagRemainder.RESET)
    first = ns(rules, [3, 2, 3, 2], [5, 2, 4, 2], bags=(8, 0))
    assert (first.points, first.bags_after) == (-37, 0)
    second = ns(rules, [2, 1, 2, 1], [7, 0, 6, 0], bags=(first.bags_after, 0))
    assert (second.points, second.bags_after, second.penalties) == (49, 9, 0)


def test_10_two_penalties_in_one_hand():
    """10. 9 bags, bid 2, take 13: +20 + 11 = 31, bags reach 20, two penalties: -169, 0 bags."""
    hand = ns(STANDARD, [1, 1, 1, 1], [7, 0, 6, 0], bags=(9, 0))
    assert (hand.points, hand.bags_after, hand.penalties) == (-169, 0, 2)


def test_10_ggz_one_penalty_per_hand():
    """10. 'GGZ and CardsWithCats apply only one penalty': 31 - 100 = -69."""
    rules = RuleSet(bag_penalty_once_per_hand=True)
    hand = ns(rules, [1, 1, 1, 1], [7, 0, 6, 0], bags=(9, 0))
    assert (hand.points, hand.penalties) == (-69, 1)
    # The option keeps the rest of the count for the next hand: 20 - 10 = 10.
    assert hand.bags_after == 10


def test_11_size_of_the_bag_penalty():
    """11. 9 bags, bid 6, take 7: 60 + 1 - 100 = -39."""
    hand = ns(STANDARD, [3, 3, 3, 3], [4, 3, 3, 3], bags=(9, 0))
    assert (hand.points, hand.bags_after) == (-39, 0)


def test_11_penalty_that_takes_back_the_bag_points():
    """11. 'includes_bag_points -49': a penalty of 110 (the 100 and the ten bags' points) is
    ``bag_penalty=110``; no option is needed. 60 + 1 - 110 = -49."""
    hand = ns(RuleSet(bag_penalty=110), [3, 3, 3, 3], [4, 3, 3, 3], bags=(9, 0))
    assert (hand.points, hand.bags_after) == (-49, 0)


# -- 12: bag back ---------------------------------------------------------------------------------

BAG_BACK = RuleSet(bag_threshold=5, bag_penalty=50, bag_back=True)


def test_12_bag_back():
    """12. 'The team has 4 bags and gains 3. The opponents get +50 and the team is left with 2
    bags.' NS bid 6 and take 9: 60 + 3, no penalty of their own; EW bid 6 and take 4: -60 + 50."""
    hand = score_hand(BAG_BACK, [3, 3, 3, 3], [5, 2, 4, 2], bags=(4, 1))
    assert hand.points == (63, -10)
    assert hand.bags_after == (2, 1)
    assert hand[NS].penalties == 1 and hand[EW].penalties == 0
    assert items(hand[NS]) == [(K.CONTRACT_MADE, 60, 0), (K.BAGS, 3, 3), (K.BAG_BACK_GIVEN, 0, 1)]
    assert items(hand[EW]) == [(K.CONTRACT_SET, -60, 0), (K.BAG_BACK, 50, 1)]
    assert hand[NS].items[-1].team is EW and hand[EW].items[-1].team is NS
    assert hand[NS].explain() == (
        "NS bid 6 (N 3, S 3), took 9: contract made +60, 3 bags +3; bags now 7, penalty to EW, "
        "2 carried. Hand total +63."
    )
    assert hand[EW].explain() == (
        "EW bid 6 (E 3, W 3), took 4: contract 4 of 6, set -60, NS's bags back +50. Hand total -10."
    )
    # The same hand without bag back: NS pay their own penalty.
    plain = score_hand(BAG_BACK.evolve(bag_back=False), [3, 3, 3, 3], [5, 2, 4, 2], bags=(4, 1))
    assert plain.points == (13, -60)
    assert plain.bags_after == (2, 1)


def test_12_bag_back_both_teams_and_twice():
    """Both teams reach the threshold in one hand: each gains the other's penalties. NS bid 2 and
    take 9 (20 + 7 bags; 3 + 7 = 10, two penalties, 0 left); EW bid 2 and take 4 (20 + 2; 4 + 2 =
    6, one penalty, 1 left)."""
    hand = score_hand(BAG_BACK, [1, 1, 1, 1], [5, 2, 4, 2], bags=(3, 4))
    assert hand.bags_after == (0, 1)
    assert hand[NS].penalties == 2 and hand[EW].penalties == 1
    assert hand.points == (27 + 50, 22 + 100)
    assert hand[EW].items[-1].text == "NS's bags back x2 +100"
    assert hand[NS].items[-2].text == "penalty x2 to EW"


def test_12_bag_back_follows_the_remainder_rules():
    """Reset and once per hand apply to the penalised team's count as usual."""
    reset = BAG_BACK.evolve(bag_remainder=BagRemainder.RESET)
    hand = score_hand(reset, [1, 1, 1, 1], [5, 2, 4, 2], bags=(3, 0))
    assert hand.bags_after == (0, 2) and hand.points == (27, 22 + 50)
    once = BAG_BACK.evolve(bag_penalty_once_per_hand=True)
    hand = score_hand(once, [1, 1, 1, 1], [5, 2, 4, 2], bags=(3, 0))
    assert hand.bags_after == (5, 2) and hand.points == (27, 22 + 50)


# -- 13: 10 for 200 -------------------------------------------------------------------------------

BIG = RuleSet(big_bid=10)
#: N bids 6 and S 4: a contract of 10. E and W bid 1 each.
BIDS_13 = [6, 1, 4, 1]


@pytest.mark.parametrize(
    ("rules", "points", "expected"),
    [
        (BIG, 201, [(K.BIG_BID_MADE, 200, 0), (K.BAGS, 1, 1)]),
        (
            BIG.evolve(big_bid_overtricks_score=False),
            200,
            [(K.BIG_BID_MADE, 200, 0), (K.BAGS, 0, 1)],
        ),
        (
            BIG.evolve(big_bid_is_bonus=True),
            301,
            [(K.CONTRACT_MADE, 100, 0), (K.BIG_BID_MADE, 200, 0), (K.BAGS, 1, 1)],
        ),
    ],
    ids=["overtricks-score", "overtricks-no-points", "bonus"],
)
def test_13_ten_for_200_made(rules, points, expected):
    """13. 'Bids 6 + 4, takes 11: 200, or 201 if overtricks count. In bonus mode, 11 tricks score
    100 + X + 1.' The overtrick is a bag either way."""
    hand = ns(rules, BIDS_13, [6, 1, 5, 1])
    assert items(hand) == expected
    assert hand.points == points
    assert hand.bags_after == 1 and hand.made is True


def test_13_ten_for_200_explained():
    hand = ns(BIG.evolve(big_bid_overtricks_score=False), BIDS_13, [6, 1, 5, 1])
    assert hand.explain() == (
        "NS bid 10 (N 6, S 4), took 11: big bid made +200, 1 bag (no points); bags now 1. "
        "Hand total +200."
    )
    bonus = ns(BIG.evolve(big_bid_is_bonus=True), BIDS_13, [5, 2, 4, 2])
    assert bonus.explain() == (
        "NS bid 10 (N 6, S 4), took 9: contract 9 of 10, set -100, big bid set -200. "
        "Hand total -300."
    )


@pytest.mark.parametrize(
    ("rules", "points", "expected"),
    [
        (BIG, -200, [(K.BIG_BID_SET, -200, 0)]),
        (BIG.evolve(big_bid_penalty=100), -100, [(K.BIG_BID_SET, -100, 0)]),
        (
            BIG.evolve(big_bid_is_bonus=True),
            -300,
            [(K.CONTRACT_SET, -100, 0), (K.BIG_BID_SET, -200, 0)],
        ),
    ],
    ids=["penalty-200", "ammarksman-100", "bonus"],
)
def test_13_ten_for_200_set(rules, points, expected):
    """13. 'Takes 9: -200, or -100 under ammarksman.'"""
    hand = ns(rules, BIDS_13, [5, 2, 4, 2])
    assert items(hand) == expected
    assert hand.points == points
    assert hand.made is False
    assert hand.explain().startswith("NS bid 10 (N 6, S 4), took 9: contract 9 of 10, ")


def test_13_below_the_threshold_and_bags():
    """A contract of 9 is scored as usual; a big bid's pointless overtrick still counts toward
    the penalty: 9 + 1 = 10 bags, 200 - 100 = 100."""
    assert ns(BIG, [5, 1, 4, 1], [6, 1, 5, 1]).points == 92  # 90 + 2
    hand = ns(BIG.evolve(big_bid_overtricks_score=False), BIDS_13, [6, 1, 5, 1], bags=(9, 0))
    assert (hand.points, hand.bags_after, hand.penalties) == (100, 0, 1)
    # A contract over 13 can only be set.
    assert ns(BIG, [7, 0, 7, 0], [7, 0, 6, 0]).points == -200


# -- 15: set penalty zero -------------------------------------------------------------------------


def test_15_set_penalty_zero():
    """15. 'Set penalty zero. Bid 6, take 5: 0 instead of -60.'"""
    assert ns(STANDARD, [3, 4, 3, 4], [3, 4, 2, 4]).points == -60
    assert ns(RuleSet(set_penalty_per_trick=0), [3, 4, 3, 4], [3, 4, 2, 4]).points == 0


# -- 16 to 19: the end of the game ----------------------------------------------------------------


def test_16_both_reach_target():
    """16. '520 vs 510: the first team wins. 510 vs 510: another hand is played.'"""
    assert decide_game(STANDARD, (520, 510), 12).winner is NS
    assert decide_game(STANDARD, (510, 520), 12).winner is EW
    # Not given to team 1 (the TabletopGames bug): the game goes on.
    assert decide_game(STANDARD, (510, 510), 12) is None
    # With the shared tie rule instead, the exact tie ends the game shared.
    shared = decide_game(RuleSet(tie_at_target=TieRule.SHARED), (510, 510), 12)
    assert shared.shared and shared.reason is EndReason.TARGET


def test_16_tie_by_tens():
    """16. 'With tens, 528 vs 526 is also a tie' (CardsWithCats ignores the bag units)."""
    tens = RuleSet(tie_by_tens=True)
    assert decide_game(STANDARD, (528, 526), 12).winner is NS
    assert decide_game(tens, (528, 526), 12) is None  # a tie: another hand
    shared = decide_game(tens.evolve(tie_at_target=TieRule.SHARED), (528, 526), 12)
    assert shared.shared and shared.reason is EndReason.TARGET
    assert decide_game(tens, (530, 529), 12).winner is NS  # 53 > 52
    # Reaching the target is read from the score itself: 499 has not reached 500.
    assert decide_game(tens, (499, 491), 12) is None
    assert decide_game(tens, (500, 499), 12).winner is NS


def test_tie_by_tens_negative_scores_floor_division():
    """Tens by floor division: -41 and -50 are both -5 (a tie), -51 is -6 (lower)."""
    rules = RuleSet(tie_by_tens=True, losing_score=-40)
    assert decide_game(rules, (-41, -50), 7) is None
    assert decide_game(rules, (-51, -50), 7).winner is EW
    capped = RuleSet(tie_by_tens=True, max_hands=10)
    assert decide_game(capped, (-41, -50), 10).shared
    assert decide_game(capped, (-51, -50), 10).winner is EW
    assert decide_game(capped, (431, 439), 10).shared


def test_17_loss_floor_boundary():
    """17. 'A score of exactly -200 loses when inclusive is set. -190 continues.'"""
    rules = RuleSet(losing_score=-200)
    result = decide_game(rules, (-200, 80), 7)
    assert result.winner is EW and result.reason is EndReason.FLOOR
    assert decide_game(rules, (-190, 80), 7) is None
    assert decide_game(STANDARD, (-200, 80), 7) is None  # no floor by default


@pytest.mark.parametrize("tie", list(TieRule), ids=str)
def test_18_floor_and_target_in_the_same_hand(tie):
    """18. 'Team X reaches 505 while team Y falls to -210. X wins under both rules.'"""
    rules = RuleSet(losing_score=-200, tie_at_target=tie)
    assert decide_game(rules, (505, -210), 9).winner is NS
    assert decide_game(rules, (-210, 505), 9).winner is EW


def test_18_both_below_the_floor():
    """18. 'If both teams are at or below -200, the higher score wins, and an exact tie follows
    both_reach_target.'"""
    rules = RuleSet(losing_score=-200)
    assert decide_game(rules, (-210, -250), 9).winner is NS
    assert decide_game(rules, (-250, -200), 9).winner is EW
    assert decide_game(rules, (-220, -220), 9) is None
    shared = decide_game(rules.evolve(tie_at_target=TieRule.SHARED), (-220, -220), 9)
    assert shared.shared


def test_19_hand_cap():
    """19. 'After hand 40 the score is 430-410, so the first team wins. At 430-430 the win is
    shared. If hand 40 also takes a team past 500, the target rule decides first.'"""
    rules = RuleSet(max_hands=40)
    result = decide_game(rules, (430, 410), 40)
    assert result.winner is NS and result.reason is EndReason.CAP
    assert decide_game(rules, (430, 410), 39) is None
    tie = decide_game(rules, (430, 430), 40)
    assert tie.shared and tie.reason is EndReason.CAP
    past = decide_game(rules, (510, 490), 40)
    assert past.winner is NS and past.reason is EndReason.TARGET
    lower_past = decide_game(rules, (505, 520), 40)
    assert lower_past.winner is EW and lower_past.reason is EndReason.TARGET


def test_19_tie_at_cap_plays_on():
    """19 with ``tie_at_cap=play_on``: 430-430 after hand 40 plays another hand; the next hand to
    end with one team ahead decides, the target still first."""
    rules = RuleSet(max_hands=40, tie_at_cap=TieRule.PLAY_ON)
    assert decide_game(rules, (430, 430), 40) is None
    assert decide_game(rules, (430, 430), 41) is None
    later = decide_game(rules, (440, 430), 41)
    assert later.winner is NS and later.reason is EndReason.CAP and later.cap == 40
    assert str(later) == "NS win 440 to 430 after 41 hands (past the cap of 40 hands)."
    assert decide_game(rules, (430, 410), 40).winner is NS  # no tie: as before
    past = decide_game(rules, (505, 520), 41)
    assert past.winner is EW and past.reason is EndReason.TARGET
    # By tens, 431-439 is a tie too.
    assert decide_game(rules.evolve(tie_by_tens=True), (431, 439), 40) is None


def test_19_tie_at_cap_plays_on_through_the_engine():
    """Hand 40 ends 430-430: the hand is over, not the game; hand 41 ends 473-463: NS win."""
    rules = RuleSet(max_hands=40, tie_at_cap=TieRule.PLAY_ON)
    state = new_game(rules, scores=(360, 370), hand_number=40)
    state = apply_counts(state, [4, 3, 3, 3], [4, 3, 3, 3])  # NS +70, EW +60
    assert state.scores == (430, 430)
    assert state.phase is Phase.HAND_OVER and state.result is None
    # NS bid 4 and take 7: 40 + 3; EW bid 3 and take 6: 30 + 3.
    state = apply_counts(state, [2, 2, 2, 1], [5, 3, 2, 3])
    assert state.scores == (473, 463)
    assert state.phase is Phase.GAME_OVER
    assert state.result.winner is NS and state.result.reason is EndReason.CAP
    assert state.result.hands_played == 41
    # Shared at the cap by default.
    capped = new_game(RuleSet(max_hands=40), scores=(360, 370), hand_number=40)
    shared = apply_counts(capped, [4, 3, 3, 3], [4, 3, 3, 3])
    assert shared.phase is Phase.GAME_OVER and shared.result.shared
    assert str(shared.result) == (
        "Shared result, 430 to 430, after 40 hands (the cap of 40 hands was reached)."
    )


# -- 20: breaking spades, played ------------------------------------------------------------------

# E (the dealer's left when N deals) holds the club AKQ and ten low spades; W the spade AKQ.
DEAL_Z = Deal(("-.432.8765432.432", "JT98765432.-.-.AKQ", "-.T98765.JT9.8765", "AKQ.AKQJ.AKQ.JT9"))
SCRIPT_Z = (
    "E:Ac S:5c W:9c N:2c",
    "E:Kc S:6c W:Tc N:3c",
    "E:Qc S:7c W:Jc N:4c",  # E now holds only spades; no spade has been played
    "E:2s S:5h W:Qs N:2h",  # E leads a spade; W follows with the queen and wins
)


def play_trick(state: GameState, text: str) -> GameState:
    """Play one trick written ``'E:Ac S:5c W:9c N:2c'``, the leader first."""
    plays = dict(item.split(":") for item in text.split())
    assert str(state.to_act) == text[0]
    for _ in range(4):
        state = apply(state, Play(plays[str(state.to_act)]))
    return state


def after_all_spade_lead(rules: RuleSet) -> GameState:
    state = apply(new_game(rules, dealer=N), DEAL_Z)
    for value in (3, 1, 5, 1):  # E, S, W, N
        state = apply(state, Bid(value))
    assert state.phase is Phase.PLAY
    for trick in SCRIPT_Z[:3]:
        state = play_trick(state, trick)
    # The leader holds only spades, and spades are not broken: a spade lead is allowed.
    assert not state.spades_broken
    assert check(state, Play("2s")) is None
    return play_trick(state, SCRIPT_Z[3])


def test_20_any_spade_breaks():
    """20. 'Under any_spade, spades can be led freely afterwards.'"""
    state = after_all_spade_lead(STANDARD)
    assert state.to_act is W
    assert state.spades_broken
    assert check(state, Play("As")) is None  # W still holds hearts and diamonds
    assert {a.card for a in legal_actions(state)} == set(state.holding(W))


def test_20_trump_only_lead_does_not_break():
    """20. 'Under void_spade_only with all_spade_lead_breaks=False, the others still cannot lead
    spades.'"""
    state = after_all_spade_lead(RuleSet(spades_breaking=SpadesBreaking.TRUMP_ONLY))
    assert state.to_act is W
    assert not state.spades_broken
    violation = check(state, Play("As"))
    assert violation.reason is Reason.SPADES_NOT_BROKEN
    assert violation.option == "spades_breaking"
    assert all(str(a.card)[1] != "s" for a in legal_actions(state))


# -- 25: the moon ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "expected"), [(200, 200), (None, 260)], ids=["rmwinslow-200", "double"]
)
def test_25_moon(points, expected):
    """25. 'The team bids 13 and takes 13: 200 (rmwinslow) or 260 (double).'"""
    rules = RuleSet(moon=Moon.BID_13, moon_points=points)
    hand = score_hand(rules, [7, 1, 6, 1], [7, 0, 6, 0])
    assert items(hand[NS]) == [(K.MOON, expected, 0)]
    assert hand[NS].points == expected
    assert hand[NS].explain() == (
        f"NS bid 13 (N 7, S 6), took 13: shot the moon +{expected}. Hand total +{expected}."
    )
    assert hand[EW].points == -20  # EW are set as usual


def test_25_moon_bid_13_needs_the_bid():
    """Under bid_13 a contract of 10 with all 13 tricks is a plain made contract: 100 + 3."""
    rules = RuleSet(moon=Moon.BID_13, moon_points=200)
    assert items(ns(rules, [5, 1, 5, 1], [7, 0, 6, 0])) == [
        (K.CONTRACT_MADE, 100, 0),
        (K.BAGS, 3, 3),
    ]


def test_25_moon_all_13():
    """all_13: the partners take every trick whatever they bid; the overtricks are bags as usual.
    Bid 10, take 13: double 100 = 200, + 3 bags."""
    rules = RuleSet(moon=Moon.ALL_13)
    hand = ns(rules, [5, 1, 5, 1], [7, 0, 6, 0])
    assert items(hand) == [(K.MOON, 200, 0), (K.BAGS, 3, 3)]
    assert hand.points == 203 and hand.bags_after == 3
    # With a nil bidder who takes nothing: the nil is scored beside the moon.
    nil = ns(rules.evolve(moon_points=250), ["nil", 1, 10, 1], [0, 0, 13, 0])
    assert items(nil) == [(K.MOON, 250, 0), (K.NIL_MADE, 100, 0), (K.BAGS, 3, 3)]
    # The contract must be made: a failed nil's 4 tricks, ignored, leave S's 9 of 10.
    assert ns(rules, ["nil", 1, 10, 1], [4, 0, 9, 0]).points == -200  # -100 - 100
    # Two nils have no contract, so no moon: under unit, -200 and nothing else.
    both = ns(rules.evolve(double_nil=DoubleNil.UNIT), ["nil", 1, "nil", 1], [6, 0, 7, 0])
    assert items(both) == [(K.DOUBLE_NIL_FAILED, -200, 0)]


def test_25_moon_comes_before_the_big_bid():
    rules = RuleSet(moon=Moon.BID_13, big_bid=10, big_bid_is_bonus=True)
    assert items(ns(rules, [7, 1, 6, 1], [7, 0, 6, 0])) == [(K.MOON, 260, 0)]
    # Not the moon (12 of 13 taken): set, as a big bid.
    assert items(ns(rules, [7, 0, 6, 0], [7, 1, 5, 0])) == [
        (K.CONTRACT_SET, -130, 0),
        (K.BIG_BID_SET, -200, 0),
    ]


# -- 27 -------------------------------------------------------------------------------------------


def test_27_team_bid_is_the_sum():
    """27. 'Bids 3 and 4, 7 tricks taken. The correct result is 70.'"""
    hand = ns(STANDARD, [3, 2, 4, 2], [3, 3, 4, 3])
    assert hand.contract == 7
    assert hand.points == 70
    assert [(item.kind, item.points) for item in hand.items] == [(ItemKind.CONTRACT_MADE, 70)]


# -- properties: every scoring option at once -----------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_items_add_up_under_every_scoring_option(data):
    """The items add up to each team's points, the bag items to the bags gained, the penalty
    items to the penalties; under bag back a team gains exactly the other's penalties; the
    sentence ends with the total; and the kernel's hand_score (the playouts' score) totals the
    same."""
    rules = data.draw(scoring_rulesets())
    bids, counts, bags = data.draw(hands(rules))
    hand = score_hand(rules, bids, counts, scores=(17, -3, 40, -25)[: len(bags)], bags=bags)
    assert len(hand.teams) == len(bags)
    for team_score in hand.teams:
        item_list: list[ScoreItem] = list(team_score.items)
        assert sum(item.points for item in item_list) == team_score.points
        assert team_score.score_after == team_score.score_before + team_score.points
        gained = sum(i.count for i in item_list if i.kind in (K.BAGS, K.NIL_BAGS))
        assert gained == team_score.bags_gained
        assert all(item.text for item in item_list)
        assert team_score.explain().endswith(f"Hand total {team_score.points:+d}.")
        back = [i for i in item_list if i.kind is K.BAG_BACK]
        if rules.bag_back:
            other = hand[team_score.team.other]  # type: ignore[union-attr]
            assert not any(i.kind is K.BAG_PENALTY for i in item_list)
            assert sum(i.points for i in back) == other.penalties * rules.bag_penalty
            assert all(i.points == 0 for i in item_list if i.kind is K.BAG_BACK_GIVEN)
        else:
            assert not back and not any(i.kind is K.BAG_BACK_GIVEN for i in item_list)
            penalty = sum(i.points for i in item_list if i.kind is K.BAG_PENALTY)
            assert penalty == -team_score.penalties * rules.bag_penalty
        kinds = [item.kind for item in item_list]
        contract_lines = [k for k in kinds if k in CONTRACT_KINDS]
        if team_score.contract == 0:
            assert contract_lines == []
        else:
            assert 1 <= len(contract_lines) <= 2
        both_nil = len(team_score.bids) == 2 and all(b.is_nil for b in team_score.bids)
        if both_nil and rules.double_nil is DoubleNil.UNIT:
            assert sum(k in (K.DOUBLE_NIL_MADE, K.DOUBLE_NIL_FAILED) for k in kinds) == 1
        else:
            assert K.DOUBLE_NIL_MADE not in kinds and K.DOUBLE_NIL_FAILED not in kinds
    pairs = [(bid.tricks, bid.blind) for bid in bids]
    assert (
        tuple(side[0] for side in hand_score(table_of(rules), pairs, counts, bags)) == hand.points
    )


CONTRACT_KINDS = {
    K.CONTRACT_MADE,
    K.CONTRACT_SET,
    K.BIG_BID_MADE,
    K.BIG_BID_SET,
    K.MOON,
    # cutthroat's special bids and a blind bid scored flat, in place of the contract line
    K.SPECIAL_BID_MADE,
    K.SPECIAL_BID_SET,
    K.BLIND_BID_MADE,
    K.BLIND_BID_SET,
}


@st.composite
def totals(draw: st.DrawFn, rules: RuleSet) -> tuple[int, ...]:
    """A total per side (two teams, or each player alone), with ties often."""
    count = len(rules.sides)
    values = [draw(st.integers(-600, 1200)) for _ in range(count)]
    for index in range(1, count):
        if draw(st.integers(0, 3)) == 0:  # the same total as an earlier side, or nearly
            values[index] = values[draw(st.integers(0, index - 1))] + draw(st.integers(-9, 9))
    return tuple(values)


@settings(max_examples=200, deadline=None)
@given(st.data(), st.integers(0, 60))
def test_the_game_end_compares_tens_and_plays_a_tie_at_the_cap_on(data, hands):
    """decide_game against the option docs: claims from the totals (a side reaching the target,
    or another side falling to the losing score), the single claimant or the highest claimant
    winning, "higher" by tens when asked, ties at the target and at the cap by their own rules;
    for two teams or each player alone (docs/rules.rst, "Four players alone")."""
    rules = data.draw(scoring_rulesets())
    scores = data.draw(totals(rules))
    sides = (NS, EW) if rules.partnerships else (N, E, S, W)[: rules.players]
    result = decide_game(rules, scores, hands)
    target, floor = rules.target_score, rules.losing_score
    fallen = [floor is not None and total <= floor for total in scores]
    claims = [
        total >= target or any(f for other, f in enumerate(fallen) if other != side)
        for side, total in enumerate(scores)
    ]
    rank = (lambda total: total // 10) if rules.tie_by_tens else (lambda total: total)

    def leaders(among: list[int]) -> list[int]:
        best = max(rank(scores[i]) for i in among)
        return [i for i in among if rank(scores[i]) == best]

    claimants = [side for side, claim in enumerate(claims) if claim]
    at_target = leaders(claimants) if claimants else []
    at_cap = leaders(list(range(len(scores))))
    capped = rules.max_hands is not None and hands >= rules.max_hands
    if len(claimants) == 1:
        assert result.winner is sides[claimants[0]] and result.reason is not EndReason.CAP
    elif len(at_target) == 1:
        assert result.winner is sides[at_target[0]] and result.reason is not EndReason.CAP
    elif at_target and rules.tie_at_target is TieRule.SHARED:
        assert result.shared and result.reason is not EndReason.CAP
    elif capped and len(at_cap) == 1:
        assert result.winner is sides[at_cap[0]] and result.reason is EndReason.CAP
    elif capped and rules.tie_at_cap is TieRule.SHARED:
        assert result.shared and result.reason is EndReason.CAP
    else:
        assert result is None
    if result is not None:
        assert result.scores == scores
