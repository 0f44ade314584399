"""Verification: every illegal action, bad deal, bad count and wrong written score is reported.

The expected numbers are worked out by hand from the rules (10 a bid trick, 1 a bag, nil +-100,
blind nil +-200, 10 bags -100 unless a record changes it), with the arithmetic beside them.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from paths import RECORDS
from spades import Bid, Deal, Phase, Reason, RuleSet, Standing, Team, apply, legal_actions, new_game
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    Report,
    WrittenScore,
    from_data,
    score_sheet,
    to_record,
    verify,
)
from spades.score import EndReason


def data(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
    return result


def check(source: dict[str, Any] | str) -> Report:
    return verify(from_data(data(source) if isinstance(source, str) else source))


def where(report: Report) -> list[str]:
    return [problem.where for problem in report.problems]


# -- the house-rules scenarios ---------------------------------------------------------------------

NS, EW = Team.NS, Team.EW

# name: (consistent, (NS total, EW total), (NS bags, EW bags), result or None)
SCENARIOS: dict[str, tuple[bool, tuple[int, int], tuple[int, int], Any]] = {
    # N 4 took 3 (set -40), S nil took 2 (-100): -140. EW 6 took 8: 60 + 2 = 62.
    "s01-nil-dispute-ignored": (True, (-140, 62), (0, 2), None),
    # 3 + 2 = 5 >= 4: +40, 1 bag; nil -100: -59.
    "s01-nil-dispute-count-toward-contract": (True, (-59, 62), (1, 2), None),
    # -40 - 100 + 2 nil bags = -138.
    "s01-nil-dispute-bags-only": (True, (-138, 62), (2, 2), None),
    # nil +100, N 5 took 3: -50; +50. EW 7 took 10: 70 + 3 = 73.
    "s02-nil-made-partner-set": (True, (50, 73), (0, 3), None),
    # N 4 took 6: 40 + 2; nil +100: 142. EW 6 took 7: 61.
    "s03-nil-made-partner-makes": (True, (142, 61), (2, 1), None),
    # N 5 took 4: -50; nil -100: -150.
    "s04-failed-nil-would-make-ignored": (True, (-150, 61), (0, 1), None),
    # 4 + 2 = 6 >= 5: +50 + 1; nil -100: -49.
    "s04-failed-nil-would-make-count": (True, (-49, 61), (1, 1), None),
    # N 5 took 5: +50; blind nil -200: -150.
    "s05-blind-nil-fails-ignored": (True, (-150, 61), (0, 1), None),
    # 5 + 1 = 6 >= 5: +50 + 1; blind nil -200: -149.
    "s05-blind-nil-fails-count": (True, (-149, 61), (1, 1), None),
    # S 4 took 5: 40 + 1; blind nil +200: 241. EW 90 + 62 = 152. The bid itself is illegal.
    "s06-blind-nil-90-behind": (False, (241, 152), (1, 2), None),
    # 100 behind is allowed: 241; EW 100 + 62 = 162.
    "s06-blind-nil-100-behind": (True, (241, 162), (1, 2), None),
    # 50 + 241 = 291.
    "s06-blind-nil-any-time": (True, (291, 62), (1, 2), None),
    # +100 - 100 = 0, the trick ignored. EW 11 took 12: 110 + 1 = 111.
    "s07-double-nil-one-fails": (True, (0, 111), (0, 1), None),
    # The failed nil's trick counts toward a contract of 0: one bag, +1.
    "s07-double-nil-one-fails-trick-as-bag": (True, (1, 111), (1, 1), None),
    # +100 + 100. EW 12 took 13: 121.
    "s08-double-nil-both-made": (True, (200, 121), (0, 1), None),
    # -37 (63 - 100, 1 carried), then 49 - 100 = -51 (1 + 9 = 10): -88. EW 40 - 20 = 20.
    "s09-bags-carry": (True, (-88, 20), (0, 0), None),
    # -37 (reset to 0), then +49 with 9 bags: 12.
    "s09-bags-reset": (True, (12, 20), (9, 0), None),
    # 20 + 11 - 200 = -169. EW 2 took 0: -20.
    "s10-two-penalties": (True, (-169, -20), (0, 0), None),
    # 31 - 100 = -69, 20 - 10 = 10 bags kept.
    "s10-one-penalty-per-hand": (True, (-69, -20), (10, 0), None),
    # 60 + 1 - 100 = -39.
    "s11-penalty-size": (True, (-39, 60), (0, 0), None),
    # set costs 0; EW 8 took 8: 80.
    "s15-set-penalty-zero": (True, (0, 80), (0, 0), None),
    # 468 + 52 = 520, 468 + 42 = 510: the higher wins.
    "s16-both-reach-target": (True, (520, 510), (2, 2), (NS, EndReason.TARGET, 1)),
    # 468 + 42 = 510 = 458 + 52: play on; 510 + 30 = 540, 510 + 46 = 556.
    "s16-tie-at-target-plays-on": (True, (540, 556), (2, 8), (EW, EndReason.TARGET, 2)),
    # -150 - 50 = -200: at the floor, NS lose.
    "s17-floor-exactly-200": (True, (-200, 45), (0, 5), (EW, EndReason.FLOOR, 1)),
    # -140 - 50 = -190: above the floor.
    "s17-floor-190-continues": (True, (-190, 45), (0, 5), None),
    # 463 + 42 = 505; -130 - 80 = -210.
    "s18-target-and-floor": (True, (505, -210), (2, 0), (NS, EndReason.TARGET, 1)),
    # -150 - 60 = -210, -160 - 90 = -250: both fallen, the higher wins.
    "s18-both-below-floor": (True, (-210, -250), (0, 0), (NS, EndReason.FLOOR, 1)),
    # -140 - 70 = -210 = -130 - 80: play on; -210 + 30 = -180, -210 - 110 = -320.
    "s18-both-below-floor-tie": (True, (-180, -320), (0, 0), (NS, EndReason.FLOOR, 2)),
    # 380 + 50 = 430, 330 + 80 = 410 after hand 40.
    "s19-cap-higher-wins": (True, (430, 410), (0, 0), (NS, EndReason.CAP, 40)),
    # 380 + 50 = 430 = 350 + 80.
    "s19-cap-tie-shared": (True, (430, 430), (0, 0), (None, EndReason.CAP, 40)),
    # 460 + 50 = 510 >= 500 decides before the cap.
    "s19-cap-target-first": (True, (510, 480), (0, 0), (NS, EndReason.TARGET, 40)),
    # N took 2 of 4: -40. EW 7 took 11: 70 + 4 = 74.
    "s20-breaking-spades-any-spade": (True, (-40, 74), (0, 4), None),
    "s20-breaking-spades-trump-only": (False, (-40, 74), (0, 4), None),
    # 3 + 4 = 7 made: 70. EW 6 took 6: 60.
    "s27-team-bid-is-the-sum": (True, (70, 60), (0, 0), None),
    "dispute-nil-reading": (False, (-140, 62), (0, 2), None),
    # 200 + 70 + 4 - 100 = 174, then + 50 = 224. EW 150 + 20 + 62 = 232.
    "dispute-forgotten-penalty": (False, (224, 232), (2, 5), None),
}


def test_every_record_file_is_in_the_table() -> None:
    assert sorted(SCENARIOS) == sorted(path.stem for path in RECORDS.glob("*.json"))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario(name: str) -> None:
    consistent, scores, bags, result = SCENARIOS[name]
    report = check(name)
    assert report.ok is consistent, [str(p) for p in report.problems]
    assert report.usable
    assert report.standing.scores == scores
    assert report.standing.bags == bags
    if result is None:
        assert report.result is None
    else:
        assert report.result is not None
        assert (report.result.winner, report.result.reason, report.result.hands_played) == result


def test_a_hand_without_cards_scores_the_same_as_with_them() -> None:
    full = data("s20-breaking-spades-any-spade")
    short = copy.deepcopy(full)
    hand = short["hands"][0]
    del hand["deal"], hand["plays"]
    hand["tricks"] = {"N": 2, "E": 0, "S": 0, "W": 11}
    a, b = check(full), check(short)
    assert a.ok and b.ok
    assert a.hands[0].score == b.hands[0].score
    assert a.standing == b.standing


# -- illegal actions -------------------------------------------------------------------------------


def test_spades_not_broken_under_trump_only() -> None:
    report = check("s20-breaking-spades-trump-only")
    (problem,) = report.problems
    assert problem.where == "hand 1, trick 6, N plays Ks"
    assert problem.reason is Reason.SPADES_NOT_BROKEN
    assert problem.message == (
        "North may not lead a spade: spades are not broken (only a spade played on another suit "
        "breaks them) and North holds other suits."
    )
    assert problem.hand == 1


def play_changes(*changes: tuple[int, list[str]]) -> dict[str, Any]:
    record = data("s20-breaking-spades-any-spade")
    for trick, cards in changes:
        record["hands"][0]["plays"][trick - 1] = cards
    return record


def test_every_revoke_in_a_hand_is_reported() -> None:
    # N holds Tc 9c 8c at trick 1 and plays 7h; E holds four hearts at trick 7 and plays Kd.
    # Each card is then played where the other one was, so the hand stays whole.
    record = play_changes(
        (1, ["Ac", "7h", "5c", "2c"]),
        (4, ["Jc", "8c", "2h", "2d"]),
        (7, ["8h", "Kd", "4d", "4s"]),
        (9, ["6s", "Th", "3h", "6d"]),
    )
    report = check(record)
    assert [(p.where, p.reason, p.message) for p in report.problems] == [
        ("hand 1, trick 1, N plays 7h", Reason.REVOKE, "North must follow clubs (holds 3 clubs)."),
        ("hand 1, trick 7, E plays Kd", Reason.REVOKE, "East must follow hearts (holds 4 hearts)."),
    ]
    # The tricks still fall as before: N 2, W 11.
    assert report.hands[0].tricks == (2, 0, 0, 11)
    assert report.standing.scores == (-40, 74)


def test_a_card_the_player_does_not_hold_says_who_has_it() -> None:
    report = check(play_changes((2, ["Kc", "9c", "6c", "Qs"])))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 2, S plays Qs", Reason.CARD_NOT_HELD),
        ("hand 1", RecordReason.INCOMPLETE_HAND),
    ]
    assert report.problems[0].message == "South does not hold Qs (East holds it)."
    assert report.problems[1].message == (
        "the plays cannot be followed past trick 1 and no trick counts, so the hand cannot be "
        "scored."
    )
    assert report.hands[0].score is None


def test_a_card_played_twice_says_where_it_went() -> None:
    report = check(play_changes((3, ["Qc", "9c", "7c", "4c"])))
    assert (
        report.problems[0].message == "North does not hold 9c (9c was played to trick 2 by North)."
    )


def test_trick_counts_let_a_hand_be_scored_past_a_card_not_held() -> None:
    record = play_changes((2, ["Kc", "9c", "6c", "Qs"]))
    record["hands"][0]["tricks"] = {"N": 2, "E": 0, "S": 0, "W": 11}
    report = check(record)
    assert [p.reason for p in report.problems] == [Reason.CARD_NOT_HELD]
    assert report.standing.scores == (-40, 74)


def test_a_short_trick_in_the_middle() -> None:
    record = data("s20-breaking-spades-any-spade")
    record["hands"][0]["plays"][4] = ["2s", "As", "Qs"]
    report = check(record)
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 5", RecordReason.INCOMPLETE_TRICK),
        ("hand 1", RecordReason.INCOMPLETE_HAND),
    ]
    assert "past trick 4" in report.problems[1].message


def test_the_first_lead_must_be_the_two_of_clubs_when_the_rules_say_so() -> None:
    record = data("s20-breaking-spades-any-spade")
    record["rules"]["options"] = {"first_lead": "two_of_clubs"}
    # S holds the 2c, so S leads; the record has W's Ac first.
    first = check(record).problems[0]
    assert (first.where, first.reason) == ("hand 1, trick 1, S plays Ac", Reason.CARD_NOT_HELD)
    assert first.message == "South does not hold Ac (West holds it)."
    # Swap W's Jc for S's 2c: now W leads, and must lead the 2c.
    record["hands"][0]["deal"]["W"] = "T98765432...AKQ2"
    record["hands"][0]["deal"]["S"] = "J..T98765432.J43"
    first = check(record).problems[0]
    assert (first.where, first.reason) == ("hand 1, trick 1, W plays Ac", Reason.MUST_LEAD_CARD)
    assert first.message == "West must lead the two of clubs to the first trick."


def blind_nil_record() -> dict[str, Any]:
    """pagat rules, NS 100 behind, N bids blind nil; S and N exchange two cards each."""
    state = new_game("pagat", dealer="W", scores=(0, 100))
    state = apply(state, Deal.random(11, state.rules))
    for bid in (Bid.BLIND_NIL, Bid(3), Bid(4), Bid(2)):  # N, E, S, W
        state = apply(state, bid)
    while state.phase is Phase.EXCHANGE:
        state = apply(state, legal_actions(state)[-1])
    rng = random.Random(5)
    while state.phase is Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    result: dict[str, Any] = to_record(state).to_data()
    return result


def test_the_blind_nil_exchange_is_checked() -> None:
    record = blind_nil_record()
    assert check(record).ok
    assert list(record["hands"][0]["exchange"]) == ["N", "S"]

    short = copy.deepcopy(record)
    short["hands"][0]["exchange"]["S"] = short["hands"][0]["exchange"]["S"][:1]
    (problem,) = check(short).problems[:1]
    assert problem.where.startswith("hand 1, exchange, S passes ")
    assert problem.reason is Reason.BAD_EXCHANGE
    assert problem.message == "South must pass exactly 2 cards, not 1."

    missing = copy.deepcopy(record)
    del missing["hands"][0]["exchange"]["N"]
    first = check(missing).problems[0]
    assert (first.where, first.reason) == ("hand 1, exchange", RecordReason.MISSING_EXCHANGE)
    assert first.message == "North must pass 2 cards to South, but no cards are recorded."

    extra = copy.deepcopy(record)
    extra["hands"][0]["exchange"]["E"] = ["2c", "3c"]
    first = check(extra).problems[0]
    assert first.reason is RecordReason.UNEXPECTED_EXCHANGE
    assert first.message == "East has no cards to pass: the exchange is already complete."


def test_an_exchange_where_the_rules_have_none() -> None:
    record = data("s20-breaking-spades-any-spade")
    record["hands"][0]["exchange"] = {"N": ["As", "Ks"]}
    (problem,) = check(record).problems
    assert problem.reason is RecordReason.UNEXPECTED_EXCHANGE
    assert problem.message == "North may not pass cards: these rules have no card exchange."


def test_blind_nil_where_the_rules_forbid_it() -> None:
    record = data("s05-blind-nil-fails-ignored")
    record["rules"]["options"] = {}
    (problem,) = check(record).problems
    assert problem.where == "hand 1, bidding, S bids blind nil"
    assert problem.reason is Reason.BLIND_NIL_NOT_ALLOWED
    assert problem.message == "South may not bid blind nil: these rules do not allow it."


# -- deals, counts and unfinished hands ------------------------------------------------------------


def test_every_way_a_deal_is_not_a_deal() -> None:
    record = data("s20-breaking-spades-any-spade")
    record["hands"][0]["deal"]["N"] = "AKQ.AKQJT987..T98"  # the Qs again: 14 cards
    record["hands"][0]["deal"]["S"] = "J..T98765432.43"  # no 2c: 12 cards
    report = check(record)
    assert [(p.where, p.message) for p in report.problems] == [
        ("hand 1, deal", "North has 14 cards, not 13."),
        ("hand 1, deal", "Qs is dealt to both North and East."),
        ("hand 1, deal", "South has 12 cards, not 13."),
        ("hand 1, deal", "2c is not dealt to anyone."),
    ]
    assert not report.usable
    assert len(report.unusable_problems) == 4


def test_trick_counts_must_add_up_to_13() -> None:
    record = data("s09-bags-carry")
    record["hands"][0]["tricks"] = {"N": 5, "E": 3, "S": 4, "W": 2}
    report = check(record)
    (problem,) = report.problems
    assert (problem.where, problem.reason) == ("hand 1, trick counts", RecordReason.BAD_TRICKS)
    assert problem.message == (
        "The tricks taken add up to 14, not 13: N 5 E 3 S 4 W 2, so the hand cannot be scored; "
        "later hands are not scored either."
    )
    assert [hand.score for hand in report.hands] == [None, None]
    assert report.hands[1].tricks == (7, 0, 6, 0)


def test_trick_counts_must_match_the_plays() -> None:
    record = data("s20-breaking-spades-any-spade")
    record["hands"][0]["tricks"] = {"N": 3, "E": 0, "S": 0, "W": 10}
    (problem,) = check(record).problems
    assert problem.reason is RecordReason.TRICKS_MISMATCH
    assert problem.message == (
        "the counts N 3 E 0 S 0 W 10 do not match the plays, which give N 2 E 0 S 0 W 11."
    )


def test_the_last_hand_may_stop_anywhere() -> None:
    for cut in (0, 3, 10):
        record = data("s20-breaking-spades-any-spade")
        hand = record["hands"][0]
        del hand["written"]
        hand["plays"] = hand["plays"][:cut]
        report = check(record)
        assert report.ok and report.in_progress
        assert report.hands[0].score is None
    record = data("s20-breaking-spades-any-spade")
    del record["hands"][0]["written"], record["hands"][0]["plays"]
    record["hands"][0]["bids"] = {"E": 4, "S": 1}  # W and N have bid; W first
    report = check(record)
    assert report.problems[0].reason is RecordReason.MISSING_BID
    record["hands"][0]["bids"] = {"W": 3, "N": 3}
    assert check(record).ok and check(record).in_progress


def test_an_earlier_hand_may_not_stop() -> None:
    record = data("s20-breaking-spades-any-spade")
    record["hands"][0]["plays"] = record["hands"][0]["plays"][:12]
    record["hands"].append({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    report = check(record)
    assert [p.reason for p in report.problems] == [RecordReason.INCOMPLETE_HAND]
    assert report.problems[0].message == (
        "only 12 of 13 tricks are recorded and no trick counts, so the hand cannot be scored; "
        "later hands are not scored either."
    )


def test_a_missing_bid() -> None:
    record = data("s09-bags-carry")
    del record["hands"][0]["bids"]["E"]
    (problem,) = check(record).problems
    assert (problem.where, problem.reason) == ("hand 1, bidding", RecordReason.MISSING_BID)
    assert problem.message.startswith("No bid is recorded for East, so the hand cannot be scored")


def test_hands_after_the_end_of_the_game() -> None:
    record = data("s17-floor-exactly-200")
    record["hands"] += [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 2
    (problem,) = check(record).problems
    assert (problem.where, problem.reason) == ("hand 2", RecordReason.AFTER_GAME_OVER)
    assert problem.message == (
        "hands 2 to 3 come after the end of the game: EW win 45 to -200 after 1 hand (the "
        "losing score was reached)."
    )


def test_a_start_the_rules_cannot_reach() -> None:
    record = data("s09-bags-carry")
    record["start"]["bags"] = {"NS": 12, "EW": 0}
    report = check(record)
    assert report.problems[0].where == "start"
    assert report.problems[0].reason is RecordReason.BAD_START
    assert not report.usable


# -- written scores --------------------------------------------------------------------------------


def test_the_nil_dispute_names_the_reading_the_table_used() -> None:
    report = check("dispute-nil-reading")
    (problem,) = report.problems
    assert problem.where == "hand 1, NS score"
    assert problem.team is Team.NS
    assert problem.message == (
        "NS wrote -59 for the hand, a total of -59 and 1 bag; the rules give -140 for the hand, "
        "a total of -140 and 0 bags."
    )
    assert problem.explanation == (
        "NS bid 4 (N 4, S nil), took 5 (N 3, S 2): contract 3 of 4, set -40, S nil failed -100. "
        "Hand total -140."
    )
    assert problem.parted_at == (
        "They part at 'set -40': with failed_nil_tricks=count_toward_contract it is "
        "'contract made +40', which gives the written score."
    )


def test_a_forgotten_penalty_and_the_total_it_throws_off() -> None:
    report = check("dispute-forgotten-penalty")
    first, second = report.problems
    # 8 bags + 4 = 12: -100, 2 carried. 70 + 4 - 100 = -26; the table wrote 74.
    assert first.explanation == (
        "NS bid 7 (N 4, S 3), took 11: contract made +70, 4 bags +4; bags now 12, penalty -100, "
        "2 carried. Hand total -26."
    )
    # The looneyville preset has no bag penalty. (bag_back=true would leave it out of NS's score
    # too, but it would give EW 100 more than they wrote, so it is not offered.)
    assert first.parted_at == (
        "They part at 'penalty -100': the written score leaves it out, as the looneyville rules "
        "would."
    )
    # Hand 2's 50 was added correctly to a total already 100 too high.
    assert second.where == "hand 2, NS score"
    assert second.message.endswith(
        "The running total has been +100 off since hand 1; this hand's points were added correctly."
    )
    assert second.parted_at is None


def written(points: int | None = None, total: int | None = None, bags: int | None = None) -> Any:
    return (WrittenScore(points=points, total=total, bags=bags), None)


def one_hand(rules: RuleSet, bids: list[Any], tricks: list[int], ns: Any, **start: Any) -> Report:
    hand = HandRecord(bids=bids, tricks=tricks, written=ns)
    return verify(GameRecord(rules=rules, start=Standing(**start), hands=[hand]))


def test_a_sign_the_wrong_way() -> None:
    # N 3 + S 1 = 4, took 2: set -40; written +40.
    report = one_hand(RuleSet(), [3, 4, 1, 3], [2, 0, 0, 11], written(points=40))
    assert (
        report.problems[0].parted_at
        == "They part at 'set -40': the written score counts it as +40."
    )


def test_a_score_that_stops_early() -> None:
    # 8 bags; N 4 + S 3 = 7, took 11: +70, 4 bags +4, 12 bags -> -100: -26. Written: 70.
    report = one_hand(RuleSet(), [4, 1, 3, 1], [6, 1, 5, 1], written(points=70), bags=(8, 0))
    assert (
        report.problems[0].parted_at
        == "They part at '4 bags +4': the written score stops before it."
    )


def test_a_difference_no_item_explains() -> None:
    # 7 made with 9: 72. Written 85.
    report = one_hand(RuleSet(), [4, 1, 3, 1], [5, 2, 4, 2], written(points=85))
    assert report.problems[0].parted_at == "No single item explains the difference of +13."


def test_a_bag_count_kept_under_another_rule() -> None:
    # 8 bags + 3 = 11: -100 and 1 carried; the table reset the count to 0.
    report = one_hand(RuleSet(), [3, 2, 3, 2], [5, 2, 4, 2], written(bags=0), bags=(8, 0))
    (problem,) = report.problems
    assert problem.message == "NS wrote 0 bags; the rules give 1 bag."
    assert problem.parted_at == (
        "They part at the bag count: the written 0 is what bag_remainder=reset gives (0 bags "
        "after the hand)."
    )


def test_a_written_total_only() -> None:
    # From 100: N 4 + S 3 made exactly, +70 = 170. Written 180: off by 10, no item of 10 here.
    report = one_hand(RuleSet(), [4, 3, 3, 3], [4, 3, 3, 3], written(total=180), scores=(100, 0))
    (problem,) = report.problems
    assert problem.message == "NS wrote a total of 180; the rules give a total of 170."
    assert problem.parted_at == "No single item explains the difference of +10."


def test_every_problem_in_a_record_is_reported_in_order() -> None:
    record = data("dispute-forgotten-penalty")
    record["hands"][1]["tricks"] = {"N": 3, "E": 4, "S": 2, "W": 5}  # 14 tricks
    record["hands"].append({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    report = check(record)
    assert where(report) == ["hand 1, NS score", "hand 2, trick counts"]
    assert report.hands[2].score is None


SHEET = """\
hand dealer   NS bid     took   points  total bags   EW bid     took   points  total bags
start                                      200    8                               150    3
   1 N           4+3     6+5       -26    174    2      1+1     1+1       +20    170    3 !
   2 E           3+2     3+2       +50    224    2      3+3     4+4       +62    232    5 !
The game is not over: NS 224, EW 232 after hand 2."""


def test_the_score_sheet() -> None:
    # NS: 200 - 26 = 174, + 50 = 224; EW: 150 + 20 = 170, + 62 = 232.
    assert score_sheet(check("dispute-forgotten-penalty")) == SHEET


def test_the_report_as_data_is_json() -> None:
    report = check("dispute-nil-reading")
    out = json.loads(json.dumps(report.to_data()))
    assert out["ok"] is False and out["usable"] is True
    assert out["problems"][0]["reason"] == "score_mismatch"
    assert out["problems"][0]["where"] == "hand 1, NS score"
    team = out["hands"][0]["score"]["NS"]
    assert team["points"] == -140
    assert [item["text"] for item in team["items"]] == ["set -40", "S nil failed -100"]
    assert sum(item["points"] for item in team["items"]) == team["points"]
