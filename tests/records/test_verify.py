"""Verification: every illegal action, bad deal, bad count and wrong written score is reported.

The expected numbers are worked out by hand from the rules (10 a bid trick, 1 a bag, nil +-100,
blind nil +-200, 10 bags -100 unless a record changes it), with the arithmetic beside them. At
every table (``tests/tables.py``) a written score is checked for the side that wrote it: a team,
or a player alone; a table of three has 17 tricks a hand, and two players' draw is checked card
by card.
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from test_record import SHORT, TWO, full_draw, play, validator

from paths import RECORDS
from spades import (
    Bid,
    Deal,
    Draw,
    ItemKind,
    Phase,
    Reason,
    RecordError,
    RuleSet,
    Seat,
    Standing,
    Team,
    apply,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades import check as legality_check
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    Report,
    WrittenScore,
    dumps,
    from_data,
    loads,
    render_report,
    replay,
    score_sheet,
    to_record,
    verify,
)
from spades.score import EndReason
from strategies import states_of
from tables import TableKind


def unexplained(difference: str) -> str:
    """Where a written score that no item of the rules' score explains parts from it."""
    return (
        f"No item of the rules' score, alone or with others, explains the difference of "
        f"{difference}: leaving items out or counting them the other way does not give the "
        "written score."
    )


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
    # From 160: 7 made exactly twice, +70 + 70 = 300 (written 310). EW from 100: +60 + 60.
    "addition-slip": (False, (300, 220), (0, 0), None),
    # N nil +100, S 4 took 6: +40, 2 bags +2, 9 + 2 = 11 bags -100: +42, 1 bag. EW 5 took 7:
    # 50 + 2 = 52.
    "items-together": (False, (42, 52), (1, 2), None),
    # Hand 1 unscored; from the written 61/1 and 40/0: +70 = 131, +50 = 181; EW +42 = 82, +62
    # = 144 (4 bags).
    "unscored-hand-then-checked": (False, (181, 144), (1, 4), None),
    # Hand 7 thrown in (bids total 10 under redeal_below_total 11), then from 410/1: NS 5 took 6,
    # +51 = 461; 7 took 8, +71 = 532 (3 bags). EW from 380: +70 = 450, set -60 = 390. West bid
    # out of turn in hand 7.
    "what-the-table-did": (False, (532, 390), (3, 0), (NS, EndReason.TARGET, 8)),
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


def test_a_card_another_seat_holds_is_played_out_of_turn() -> None:
    # South's turn to play the fourth card of trick 2; East, who holds the Qs, has played.
    report = check(play_changes((2, ["Kc", "9c", "6c", "Qs"])))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 2, E plays Qs", Reason.WRONG_TURN),
        ("hand 1", RecordReason.INCOMPLETE_HAND),
    ]
    assert report.problems[0].message == (
        "East played Qs out of turn: East has already played 6c to this trick, and it was "
        "South's turn to play."
    )
    assert report.problems[1].message == (
        "the plays cannot be followed past trick 1 and no trick counts, so the hand cannot be "
        "scored."
    )
    assert report.hands[0].score is None


def test_a_card_played_before_its_turn_names_whose_turn_it_was() -> None:
    # Trick 3: West leads the Qc and North is to play; the record has East's 7c next.
    report = check(play_changes((3, ["Qc", "7c", "Tc", "4c"])))
    first = report.problems[0]
    assert (first.where, first.reason, first.hand) == (
        "hand 1, trick 3, E plays 7c",
        Reason.WRONG_TURN,
        1,
    )
    assert first.message == (
        "East played 7c out of turn: after West played Qc it was North's turn to play."
    )
    assert first.to_data()["reason"] == "wrong_turn"


def test_a_card_played_twice_says_where_it_went() -> None:
    report = check(play_changes((3, ["Qc", "9c", "7c", "4c"])))
    assert (
        report.problems[0].message == "North does not hold 9c (9c was played to trick 2 by North)."
    )


def test_trick_counts_let_a_hand_be_scored_past_a_card_not_held() -> None:
    record = play_changes((2, ["Kc", "9c", "6c", "Qs"]))
    record["hands"][0]["tricks"] = {"N": 2, "E": 0, "S": 0, "W": 11}
    report = check(record)
    assert [p.reason for p in report.problems] == [Reason.WRONG_TURN]
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
    assert (first.where, first.reason) == ("hand 1, trick 1, W plays Ac", Reason.WRONG_TURN)
    assert first.message == "West played Ac out of turn: it was South's turn to lead."
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
        "later hands are checked from the scores written after it."
    )
    # Hand 2 from the written -37 with 1 bag, 40 with 0: the record's own numbers, right.
    assert report.hands[0].score is None
    assert report.hands[1].score is not None
    assert report.hands[1].standing_from == 1
    assert report.standing.scores == (-88, 20)
    # With nothing written after hand 1, no standing is known for hand 2.
    del record["hands"][0]["written"]
    report = check(record)
    assert report.problems[0].message.endswith("; later hands are not scored either.")
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
        "later hands are checked from the scores written after it."
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
    assert report.problems[0].parted_at == unexplained("+13")


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
    assert problem.parted_at == unexplained("+10")


def test_every_problem_in_a_record_is_reported_in_order() -> None:
    record = data("dispute-forgotten-penalty")
    record["hands"][1]["tricks"] = {"N": 3, "E": 4, "S": 2, "W": 5}  # 14 tricks
    record["hands"].append({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    report = check(record)
    assert where(report) == ["hand 1, NS score", "hand 2, trick counts"]
    # Hand 3 is checked from the totals written after hand 2 (324 and 232, with 2 and 5 bags).
    assert report.hands[2].standing_from == 2
    assert report.hands[2].score is not None
    assert report.standing.scores == (324 + 61, 232 + 60)


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


# -- one hand at every table -----------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredHand:
    """One hand at a table, told by its counts and scored by hand: the rules of its record, the
    bids and tricks by seat, each side's points and bags, each side's sentence and the lines of
    its score sheet."""

    rules: dict[str, Any]
    bids: dict[str, int | str]
    tricks: dict[str, int]
    points: tuple[int, ...]
    bags: tuple[int, ...]
    explained: tuple[str, ...]
    sheet: tuple[str, ...]


SOLO_HEAD = "hand dealer      bid     took   points  total bags"

HANDS = {
    # NS bid 7 (N 4, S 3) and took 9: 70 + 2 bags = +72. EW bid 2 (W) and E nil: W's 3 tricks
    # make 2, 20 + 1 bag, and E's failed nil -100: -79.
    "partners": ScoredHand(
        rules={"preset": "standard"},
        bids={"N": 4, "E": "nil", "S": 3, "W": 2},
        tricks={"N": 5, "E": 1, "S": 4, "W": 3},
        points=(72, -79),
        bags=(2, 1),
        explained=(
            "NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. "
            "Hand total +72.",
            "EW bid 2 (E nil, W 2), took 4 (E 1, W 3): contract made +20, E nil failed -100, "
            "1 bag +1; bags now 1. Hand total -79.",
        ),
        sheet=(
            "hand dealer   NS bid     took   points  total bags"
            "   EW bid     took   points  total bags",
            "   1 N           4+3     5+4       +72     72    2"
            "      nil+2   1+3       -79    -79    1",
        ),
    ),
    # The same hand, each player alone: N bids 4 and takes 5, 40 + 1 bag = +41; E bids nil and
    # takes 1, nil failed = -100; S bids 3 and takes 4, 30 + 1 = +31; W bids 2 and takes 3,
    # 20 + 1 = +21. 5 + 1 + 4 + 3 = 13 tricks.
    "alone": ScoredHand(
        rules={"preset": "standard", "options": {"partnerships": False}},
        bids={"N": 4, "E": "nil", "S": 3, "W": 2},
        tricks={"N": 5, "E": 1, "S": 4, "W": 3},
        points=(41, -100, 31, 21),
        bags=(1, 0, 1, 1),
        explained=(
            "N bid 4, took 5: contract made +40, 1 bag +1; bags now 1. Hand total +41.",
            "E bid nil, took 1: E nil failed -100. Hand total -100.",
            "S bid 3, took 4: contract made +30, 1 bag +1; bags now 1. Hand total +31.",
            "W bid 2, took 3: contract made +20, 1 bag +1; bags now 1. Hand total +21.",
        ),
        sheet=(
            SOLO_HEAD,
            "   1 N        N  4       5         +41     41    1",
            "              E  nil     1        -100   -100    0",
            "              S  3       4         +31     31    1",
            "              W  2       3         +21     21    1",
        ),
    ),
    # At a table of three (cutthroat3): N bids 5 and takes 7, 50 + 2 bags = +52; E bids 6 and
    # takes 10, 60 + 4 bags = +64; S bids nil and takes 0, nil made = +100. 7 + 10 + 0 = 17
    # tricks, the standard deck without the two of clubs.
    "three": ScoredHand(
        rules={"preset": "cutthroat3"},
        bids={"N": 5, "E": 6, "S": "nil"},
        tricks={"N": 7, "E": 10, "S": 0},
        points=(52, 64, 100),
        bags=(2, 4, 0),
        explained=(
            "N bid 5, took 7: contract made +50, 2 bags +2; bags now 2. Hand total +52.",
            "E bid 6, took 10: contract made +60, 4 bags +4; bags now 4. Hand total +64.",
            "S bid nil, took 0: S nil made +100. Hand total +100.",
        ),
        sheet=(
            SOLO_HEAD,
            "   1 N        N  5       7         +52     52    2",
            "              E  6       10        +64     64    4",
            "              S  nil     0        +100    100    0",
        ),
    ),
    # Two players (two_player), the hand told by its counts: N bids 4 and takes 6: 40 + 2 bags =
    # +42; E bids 5 and takes 7: 50 + 2 bags = +52.
    "two": ScoredHand(
        rules={"preset": "two_player"},
        bids={"N": 4, "E": 5},
        tricks={"N": 6, "E": 7},
        points=(42, 52),
        bags=(2, 2),
        explained=(
            "N bid 4, took 6: contract made +40, 2 bags +2; bags now 2. Hand total +42.",
            "E bid 5, took 7: contract made +50, 2 bags +2; bags now 2. Hand total +52.",
        ),
        sheet=(
            SOLO_HEAD,
            "   1 N        N  4       6         +42     42    2",
            "              E  5       7         +52     52    2",
        ),
    ),
}


def hand_data(table: TableKind | str, **fields: Any) -> dict[str, Any]:
    """A record of the hand of :data:`HANDS` at ``table``, with ``fields`` added to the hand."""
    hand = HANDS[str(table)]
    return {
        "format": "spades-record",
        "version": 2,
        "rules": copy.deepcopy(hand.rules),
        "hands": [{"bids": dict(hand.bids), "tricks": dict(hand.tricks), **fields}],
    }


def not_over(table: TableKind, scores: tuple[int, ...], hands: int = 1) -> str:
    """The last line of a score sheet of a game not over."""
    standing = ", ".join(f"{side} {score}" for side, score in zip(table.sides, scores))
    return f"The game is not over: {standing} after hand {hands}."


#: At each table a running total written wrong, the side that wrote it, and where the written
#: score parts from the rules'.
WRONG_TOTAL = {
    "partners": ("NS", 70, "They part at '2 bags +2': the written score leaves it out."),
    "alone": ("W", 12, unexplained("-9")),
    "three": ("E", 60, "They part at '4 bags +4': the written score leaves it out."),
    "two": ("E", 50, "They part at '2 bags +2': the written score leaves it out."),
}


def test_a_wrong_total_is_reported_for_the_side_that_wrote_it(table_kind: TableKind) -> None:
    hand = HANDS[table_kind.id]
    key, total, parted = WRONG_TOTAL[table_kind.id]
    names = [str(side) for side in table_kind.sides]
    index = names.index(key)
    written = {name: {"total": points} for name, points in zip(names, hand.points)}
    written[key] = {"total": total}
    report = verify(loads(json.dumps(hand_data(table_kind, written=written))))
    assert not report.ok
    (problem,) = report.problems
    assert problem.where == f"hand 1, {key} score"
    assert problem.reason is RecordReason.SCORE_MISMATCH
    assert problem.team is table_kind.sides[index]
    assert problem.message == (
        f"{key} wrote a total of {total}; the rules give a total of {hand.points[index]}."
    )
    assert problem.explanation == hand.explained[index]
    assert problem.parted_at == parted
    assert problem.to_data()["team"] == key
    # The mark of a hand with a problem is on its first line.
    assert f"{hand.sheet[1]} !" in render_report(report)


#: The side whose running total is written 10 too high in the last hand of a played game.
TAMPERED: dict[str, Team | Seat] = {
    "partners": Team.EW,
    "alone": Seat.S,
    "three": Seat.E,
    "two": Seat.E,
}


def test_a_tampered_total_in_a_played_game_is_reported(table_kind: TableKind) -> None:
    rules, _ = SHORT[table_kind.id]
    state = play(rules.evolve(max_hands=2), 3)
    side = TAMPERED[table_kind.id]
    data = json.loads(dumps(to_record(state)))
    last = state.history[-1].score
    totals = {str(score.team): {"total": score.score_after} for score in last.teams}
    totals[str(side)]["total"] += 10  # one side's running total written 10 too high
    data["hands"][-1]["written"] = totals
    validator().validate(data)
    report = verify(from_data(data))
    assert [(p.where, p.reason, p.team) for p in report.problems] == [
        (f"hand 2, {side} score", RecordReason.SCORE_MISMATCH, side)
    ]
    assert report.problems[0].message == (
        f"{side} wrote a total of {last[side].score_after + 10}; the rules give a total of "
        f"{last[side].score_after}."
    )
    assert report.result == state.result  # a written score changes nothing the engine follows


# -- every player alone ----------------------------------------------------------------------------


def test_a_renege_in_the_plays_costs_the_player_alone_at_a_table_of_four() -> None:
    # House-rules scenario 20, with East's Kd played to trick 7 while holding 4 hearts (the Kd and
    # the 3h change places, so that the hand stays whole), every player alone under
    # renege_penalty=set. As played: N bid 3, took 2: -30. E bid 4, took 0: set -40, and under
    # set E's contract is set whatever it took. S bid 1, took 0: -10. W bid 3, took 11: 30 + 8 bags
    # = +38.
    record = data("s20-breaking-spades-any-spade")
    hand = record["hands"][0]
    hand["plays"][6] = ["8h", "Kd", "4d", "4s"]
    hand["plays"][8] = ["6s", "Th", "3h", "6d"]
    hand["written"] = {"N": {"total": -30}, "E": {"total": -40}, "S": {"total": -10}}
    hand["written"]["W"] = {"total": 38, "bags": 8}
    record["rules"] = {"preset": "standard", "options": {"partnerships": False}}
    report = check(record)
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 7, E plays Kd", Reason.REVOKE),
    ]
    record["rules"]["options"]["renege_penalty"] = "set"
    report = check(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == (-30, -40, -10, 38)
    (renege,) = report.hands[0].reneges
    assert renege.sentence(from_data(record).rules) == (
        "renege by East in trick 7 (played Kd holding 4 hearts): E set"
    )
    score = report.hands[0].score
    assert score is not None
    penalised = [
        side.team
        for side in score.teams
        if any(item.kind is ItemKind.RENEGE_SET for item in side.items)
    ]
    assert penalised == [Seat.E]


# -- a table of three ------------------------------------------------------------------------------

#: cutthroat3 with samsunghope's lead: the lowest club, the three of clubs, leads the first trick.
CUTTHROAT = find_ruleset("cutthroat3").evolve(first_lead="two_of_clubs")


def test_trick_counts_that_do_not_make_seventeen_are_reported() -> None:
    # 7 + 10 + 1 = 18: the standard deck deals 17 tricks to three.
    report = check(hand_data("three", tricks={"N": 7, "E": 10, "S": 1}))
    assert [(p.where, p.reason, p.message) for p in report.problems] == [
        (
            "hand 1, trick counts",
            RecordReason.BAD_TRICKS,
            "The tricks taken add up to 18, not 17: N 7 E 10 S 1, so the hand cannot be scored.",
        )
    ]
    # With the jokers deck, 18 tricks a hand: the same counts score. S's nil fails: -100.
    record = hand_data("three", tricks={"N": 7, "E": 10, "S": 1})
    record["rules"]["options"] = {"deck": "jokers"}
    report = check(record)
    assert report.ok
    assert report.standing.scores == (52, 64, -100)


#: A hand at a table of three under cutthroat3 with samsunghope's lead (first_lead two_of_clubs) in
#: which East reneges: North leads the 3c (the lowest club, the two being out of the deck) and
#: East, holding the K85 of clubs, plays the Ks. Every other card follows the rules. East wins
#: tricks 1, 4, 5, 6, 12 and 14 (6); South 2, 3 and 7 to 11 (7); North 13, 15, 16 and 17 (4).
RENEGE_HAND: dict[str, Any] = {
    "deal": {
        "N": "AQJ8.862.9432.AQ7643",
        "E": "K97654.AQJ753.JT.K85",
        "S": "T32.KT94.AKQ8765.JT9",
    },
    "bids": {"N": 4, "E": 5, "S": 6},
    "plays": [
        ["3c", "Ks", "9c"],
        ["5c", "Tc", "4c"],
        ["Jc", "6c", "8c"],
        ["5d", "2d", "Td"],
        ["Kc", "6d", "7c"],
        ["Jd", "7d", "3d"],
        ["3h", "4h", "2h"],
        ["8d", "4d", "5h"],
        ["Qd", "9d", "7h"],
        ["Kd", "Qc", "Jh"],
        ["Ad", "Ac", "Qh"],
        ["9h", "6h", "Ah"],
        ["4s", "2s", "8s"],
        ["8h", "5s", "Th"],
        ["6s", "3s", "Js"],
        ["Qs", "7s", "Ts"],
        ["As", "9s", "Kh"],
    ],
}


def renege_record(**options: Any) -> dict[str, Any]:
    """A record of :data:`RENEGE_HAND` under cutthroat3, the three of clubs leading, with
    ``options`` changed."""
    return {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "cutthroat3", "options": {"first_lead": "two_of_clubs", **options}},
        "hands": [copy.deepcopy(RENEGE_HAND)],
    }


def test_a_renege_in_the_plays_costs_the_player_alone_at_a_table_of_three() -> None:
    record = renege_record()
    validator().validate(record)
    # Under renege_penalty=none (cutthroat3's) the renege is a problem of the record.
    report = check(record)
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 1, E plays Ks", Reason.REVOKE)
    ]
    # Under renege_penalty=set East's contract is set whatever East took: 5 bid, -50, no bag. N bid
    # 4 and took 4: +40. S bid 6 and took 7: 60 + 1 bag = +61.
    record["rules"]["options"] = {"first_lead": "two_of_clubs", "renege_penalty": "set"}
    record["hands"][0]["written"] = {
        "N": {"total": 40},
        "E": {"total": -50, "bags": 0},
        "S": {"total": 61, "bags": 1},
    }
    game = from_data(record)
    report = verify(game)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.hands[0].tricks == (4, 6, 7)
    assert report.standing.scores == (40, -50, 61)
    assert report.standing.bags == (0, 0, 1)
    (renege,) = report.hands[0].reneges
    assert (renege.seat, renege.trick, str(renege.card), renege.held) == (Seat.E, 1, "Ks", 3)
    assert renege.side(game.rules) is Seat.E
    assert renege.sentence(game.rules) == (
        "renege by East in trick 1 (played Ks holding 3 clubs): E set"
    )
    score = report.hands[0].score
    assert score is not None
    penalised = [
        side.team
        for side in score.teams
        if any(item.kind is ItemKind.RENEGE_SET for item in side.items)
    ]
    assert penalised == [Seat.E]
    assert score_sheet(report).splitlines() == [
        "hand dealer      bid     took   points  total bags",
        "   1 N        N  4       4         +40     40    0",
        "              E  5       6         -50    -50    0",
        "              S  6       7         +61     61    1",
        "                 renege by East in trick 1 (played Ks holding 3 clubs): E set",
        "The game is not over: N 40, E -50, S 61 after hand 1.",
    ]
    assert report.to_data()["hands"][0]["reneges"][0]["seat"] == "E"


def test_a_renege_is_paid_by_its_side() -> None:
    # Renege.side: the team in partnerships, the seat when every player plays alone.
    report = check(renege_record(renege_penalty="set"))
    (renege,) = report.hands[0].reneges
    assert renege.side(RuleSet()) is Team.EW
    assert renege.side(RuleSet(partnerships=False)) is Seat.E
    assert renege.side(CUTTHROAT) is Seat.E
    assert not hasattr(renege, "team")


# -- two players: the draw -------------------------------------------------------------------------


def engine_sentence(draw: list[str], card: str) -> str:
    """What the engine says of drawing ``card`` after the turns ``draw``."""
    state = new_game(TWO)
    for action in HandRecord(bids={}, draw=draw).draw:
        state = apply(state, action)
    violation = legality_check(state, Draw(card))
    assert violation is not None and violation.reason is Reason.BAD_DRAW
    return violation.message


@pytest.mark.parametrize(
    ("turns", "before", "where", "card"),
    [
        # Drawn already: in an earlier turn, or as the first card of the same turn.
        (["As keep 7h", "Kd discard As"], ["As keep 7h", "Kd discard"], "turn 2, N draws As", "As"),
        (["As keep As"], ["As keep"], "turn 1, E draws As", "As"),
        # Not in the deck: two players play with the standard deck.
        (["As keep 7h", "BJ discard 2c"], ["As keep 7h"], "turn 2, N draws BJ", "BJ"),
    ],
)
def test_a_card_that_cannot_be_drawn_is_a_problem_with_the_engines_sentence(
    turns: list[str], before: list[str], where: str, card: str
) -> None:
    record = from_data(hand_data("two", draw=turns))
    report = verify(record)
    where = f"hand 1, draw, {where}"
    assert [(p.where, p.reason) for p in report.problems] == [(where, Reason.BAD_DRAW)]
    assert report.problems[0].message == engine_sentence(before, card)
    # A draw that is not a draw leaves the record unusable as evidence; the hand is still
    # scored from its counts: N 4 took 6, +42; E 5 took 7, +52.
    assert not report.usable
    assert report.standing.scores == (42, 52)
    with pytest.raises(RecordError, match=re.escape(where)):
        states_of(replay(record))


def test_a_draw_that_stops_short_in_a_hand_that_goes_on_is_a_problem() -> None:
    turns = full_draw()[:20]
    report = check(hand_data("two", draw=turns))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, draw", RecordReason.INCOMPLETE_DRAW)
    ]
    assert report.problems[0].message == (
        "the draw stops after 40 of 52 cards, before each player holds 13, so the hands are not "
        "known."
    )
    assert not report.usable
    assert report.standing.scores == (42, 52)  # scored from the counts all the same


@pytest.mark.parametrize("last", ["Ah", "Ah keep", "Ah discard Kh"])
def test_the_last_hand_may_stop_in_its_draw(last: str) -> None:
    turns = [*full_draw()[:3], last]
    record = {**hand_data("two"), "hands": [{"bids": {}, "draw": turns}]}
    validator().validate(record)
    game = from_data(record)
    report = verify(game)
    assert report.ok and report.in_progress
    state = states_of(replay(game))[-1]
    assert state.phase is Phase.DRAW
    assert to_record(state) == game
    assert state.drawn_card == (Draw(last).card if last == "Ah" else None)
