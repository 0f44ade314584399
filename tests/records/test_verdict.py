"""The table's own verdict written in a record: who won and whether the game was over
(``verdict``), and a hand thrown in or played out (``thrown_in``), checked against the rules like
the written scores: a verdict that differs is a problem with the rules' account beside it, and one
that matches is confirmed."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from paths import RECORDS
from spades import Deal, RecordError, Seat, Standing, Team
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    TableVerdict,
    dumps,
    load,
    loads,
    schema,
    verdict,
    verify,
)

MADE = {"bids": {"N": 4, "E": 3, "S": 3, "W": 3}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}}


def near_the_end(**top: Any) -> dict[str, Any]:
    """NS at 480 bid 4 + 3 and make them: 550, past the target of 500, so NS win."""
    return {
        "format": "spades-record",
        "version": 3,
        "rules": {"preset": "standard"},
        "start": {"dealer": "S", "hand_number": 9, "scores": {"NS": 480, "EW": 100}},
        "hands": [MADE],
        **top,
    }


def check(data: dict[str, Any]) -> Any:
    return verify(loads(json.dumps(data)))


# -- the game's verdict ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written", [{"winner": "NS", "game_over": True}, {"winner": "NS"}, {"game_over": True}]
)
def test_a_verdict_that_matches_is_confirmed(written: dict[str, Any]) -> None:
    report = check(near_the_end(verdict=written))
    assert report.ok
    assert verdict(report) == (
        "Verdict: consistent. Every action is legal under these rules; no written scores to "
        "check; the table's verdict matches the rules'."
    )
    assert report.to_data()["table_verdict"] == {**written, "thrown_in": [], "matches": True}


def test_the_wrong_winner_is_reported_with_the_rules_result() -> None:
    report = check(near_the_end(verdict={"winner": "EW", "game_over": True}))
    [problem] = report.problems
    assert (problem.where, problem.reason, problem.hand) == (
        "verdict",
        RecordReason.VERDICT_MISMATCH,
        None,
    )
    assert problem.message == "the table wrote that EW won; under these rules NS won."
    assert problem.explanation == "NS win 550 to 160 after 9 hands (reached the target)."
    data = report.to_data()
    assert data["problems"][0]["reason"] == "verdict_mismatch"
    assert data["table_verdict"]["matches"] is False


def test_a_game_the_table_went_on_with_is_reported_as_over() -> None:
    [problem] = check(near_the_end(verdict={"game_over": False})).problems
    assert problem.message == (
        "the table wrote that the game goes on, but under these rules it is over."
    )
    assert problem.explanation == "NS win 550 to 160 after 9 hands (reached the target)."


def test_a_game_the_table_ended_early_is_reported_as_going_on() -> None:
    data = near_the_end(verdict={"winner": "NS"})
    data["start"]["scores"] = {"NS": 300, "EW": 100}
    [problem] = check(data).problems
    assert problem.message == (
        "the table wrote that NS won, but under these rules the game goes on."
    )
    assert problem.explanation == "The game is not over: NS 370, EW 160 after hand 9."


def test_a_player_alone_wins_by_seat() -> None:
    # Three players, each alone: North at 490 bids and makes 5.
    record = GameRecord(
        rules="cutthroat3",
        start=Standing(scores={"N": 490, "E": 100, "S": 100}, bags=(0, 0, 0)),
        hands=[HandRecord(bids=[5, 6, 6], tricks=[5, 6, 6])],
    )
    result = verify(record).result
    assert result is not None and result.winner is Seat.N
    right = GameRecord(
        rules=record.rules, start=record.start, hands=record.hands, verdict={"winner": "N"}
    )
    assert verify(right).ok
    wrong = GameRecord(
        rules=record.rules, start=record.start, hands=record.hands, verdict={"winner": Seat.E}
    )
    assert [p.reason for p in verify(wrong).problems] == [RecordReason.VERDICT_MISMATCH]
    assert loads(dumps(right)) == right
    with pytest.raises(RecordError) as caught:
        GameRecord(rules=record.rules, verdict={"winner": "W"})
    assert str(caught.value) == (
        "verdict.winner: West has no player at a table of 3: they sit at N, E and S."
    )


# -- a hand thrown in -----------------------------------------------------------------------------

#: The University of Alabama Homecoming tournament's "Gentleman's Bid": the bids must total 11
#: or more; a total of 10 or less throws the hand in (redeal_below_total 11).
GENTLEMAN = {"preset": "standard", "options": {"redeal_below_total": 11}}
TOTAL_10 = {"N": 2, "E": 3, "S": 2, "W": 3}
TOTAL_11 = {"N": 3, "E": 3, "S": 2, "W": 3}


def thrown(*hands: dict[str, Any]) -> dict[str, Any]:
    return {"format": "spades-record", "version": 3, "rules": GENTLEMAN, "hands": list(hands)}


def test_a_hand_thrown_in_as_the_rules_say_is_confirmed() -> None:
    report = check(thrown({"bids": TOTAL_10, "thrown_in": True}, {**MADE, "thrown_in": False}))
    assert report.ok
    assert [hand.number for hand in report.hands] == [1, 1]
    assert report.hands[0].thrown_in
    assert verdict(report).endswith("the table's verdict matches the rules'.")
    assert report.to_data()["table_verdict"] == {
        "thrown_in": [{"hand": 1, "thrown_in": True}, {"hand": 1, "thrown_in": False}],
        "matches": True,
    }


def test_a_hand_the_table_threw_in_that_the_rules_play_out() -> None:
    report = check(thrown({"bids": TOTAL_11, "thrown_in": True}, MADE))
    [problem] = report.problems
    assert (problem.where, problem.reason, problem.hand) == (
        "hand 1, thrown in",
        RecordReason.VERDICT_MISMATCH,
        1,
    )
    assert problem.message == (
        "the table wrote that hand 1 was thrown in, but its bids total 11, not fewer than 11 "
        "(redeal_below_total), and no seat called for a redeal (redeal), so the rules play it "
        "out; it is checked as the table played it: thrown in, and dealt again."
    )
    # As the table played it: the same hand number again, by the same dealer.
    assert [(hand.number, hand.dealer) for hand in report.hands] == [(1, Seat.N), (1, Seat.N)]
    assert report.hands[0].thrown_in_text == "hand 1 thrown in by the table, redealt by N"
    assert report.standing.scores == (70, 60)


def test_a_hand_thrown_in_under_rules_without_throw_ins() -> None:
    data = thrown({"bids": TOTAL_10, "thrown_in": True})
    data["rules"] = {"preset": "standard"}
    [problem] = check(data).problems
    assert (
        "no seat called for a redeal (redeal), and these rules throw a hand in for nothing "
        "else" in problem.message
    )


def test_a_hand_the_table_played_out_that_the_rules_throw_in() -> None:
    report = check(thrown({**MADE, "bids": TOTAL_10, "thrown_in": False}))
    reasons = [(problem.where, problem.reason) for problem in report.problems]
    assert reasons[0] == ("hand 1, thrown in", RecordReason.VERDICT_MISMATCH)
    assert report.problems[0].message == (
        "the table wrote that hand 1 was played out, but its bids total 10, fewer than 11 "
        "(redeal_below_total), so the rules throw it in."
    )


def test_a_call_for_a_redeal_is_a_hand_thrown_in() -> None:
    deal = Deal.random(4)
    hand = HandRecord(deal=deal, bids={}, redeal="N", thrown_in=True)
    assert hand.thrown_in
    with pytest.raises(RecordError) as caught:
        HandRecord(deal=deal, bids={}, redeal="N", thrown_in=False)
    assert str(caught.value) == (
        "thrown_in: North called for a redeal (redeal), which throws the hand in; thrown_in "
        "false says the table played it out."
    )


# -- the version, the schema ----------------------------------------------------------------------


def test_a_verdict_is_written_as_version_3_and_reads_back() -> None:
    record = GameRecord(
        hands=[HandRecord(bids=[4, 3, 3, 3], tricks=[4, 3, 3, 3])],
        verdict=TableVerdict(winner=Team.NS),
    )
    data = json.loads(dumps(record))
    assert data["version"] == 3 and data["verdict"] == {"winner": "NS"}
    assert loads(dumps(record)) == record
    hand = GameRecord(hands=[HandRecord(bids=[4, 3, 3, 3], thrown_in=True)])
    data = json.loads(dumps(hand))
    assert data["version"] == 3 and data["hands"][0] == {
        "bids": {"N": 4, "E": 3, "S": 3, "W": 3},
        "thrown_in": True,
    }
    assert loads(dumps(hand)) == hand


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(verdict={"winner": "NS"}), "verdict"),
        (lambda d: d["hands"][0].update(thrown_in=False), "hands[0].thrown_in"),
    ],
)
def test_a_version_2_record_with_a_verdict_is_refused(change: Any, where: str) -> None:
    data = near_the_end()
    data["version"] = 2
    change(data)
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert caught.value.where == where
    assert "came with version 3 of the record format" in str(caught.value)


def test_the_schema_takes_the_verdict() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    assert validator.is_valid(near_the_end(verdict={"winner": "NS", "game_over": True}))
    assert validator.is_valid(thrown({"bids": TOTAL_10, "thrown_in": True}))
    assert not validator.is_valid({**near_the_end(verdict={"winner": "NS"}), "version": 2})
    assert not validator.is_valid(near_the_end(verdict={}))
    assert not validator.is_valid(near_the_end(verdict={"winner": "NS", "game_over": False}))
    assert not validator.is_valid(thrown({**MADE, "thrown_in": True}))
    assert not validator.is_valid(thrown({"bids": TOTAL_10, "thrown_in": "yes"}))


# -- hostile input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "where", "message", "reason"),
    [
        ("NS", "verdict", "expected an object, found text.", "wrong_type"),
        ([], "verdict", "expected an object, found a list.", "wrong_type"),
        (
            {},
            "verdict",
            "a verdict says who won (winner), whether the game was over (game_over), or both.",
            "missing_field",
        ),
        ({"winner": 1}, "verdict.winner", "expected text, found a number.", "wrong_type"),
        ({"winner": None}, "verdict.winner", "expected text, found null.", "wrong_type"),
        ({"winner": "X"}, "verdict.winner", "'X' is not a partnership; use NS or EW.", "bad_seat"),
        (
            {"winner": "N"},
            "verdict.winner",
            "North does not score alone in a partnership game; name the team, NS.",
            "bad_seat",
        ),
        (
            {"game_over": "yes"},
            "verdict.game_over",
            "expected true or false, found text.",
            "wrong_type",
        ),
        (
            {"game_over": 1},
            "verdict.game_over",
            "expected true or false, found a number.",
            "wrong_type",
        ),
        (
            {"winner": "NS", "game_over": False},
            "verdict.game_over",
            "the verdict names NS the winner, so the game was over; game_over false says it "
            "was not.",
            "bad_record",
        ),
        (
            {"winner": "NS", "when": 3},
            "verdict.when",
            "unknown field; the fields here are 'winner', 'game_over'.",
            "unknown_field",
        ),
    ],
)
def test_a_bad_verdict_is_refused_with_a_sentence(
    value: object, where: str, message: str, reason: str
) -> None:
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(near_the_end(verdict=value)))
    assert (caught.value.where, caught.value.reason) == (where, reason)
    assert str(caught.value) == f"{where}: {message}"


@pytest.mark.parametrize(
    ("hand", "where", "message", "reason"),
    [
        (
            {"bids": TOTAL_10, "thrown_in": "yes"},
            "hands[0].thrown_in",
            "expected true or false, found text.",
            "wrong_type",
        ),
        (
            {"bids": TOTAL_10, "thrown_in": None},
            "hands[0].thrown_in",
            "expected true or false, found null.",
            "wrong_type",
        ),
        (
            {**MADE, "thrown_in": True},
            "hands[0].tricks",
            "a hand the table threw in (thrown_in) has no tricks: it is dealt again.",
            "bad_record",
        ),
        (
            {"bids": TOTAL_10, "thrown_in": True, "written": {"NS": {"points": 0}}},
            "hands[0].written",
            "a hand the table threw in (thrown_in) has no written score: it is not scored.",
            "bad_record",
        ),
    ],
)
def test_a_bad_thrown_in_is_refused_with_a_sentence(
    hand: dict[str, Any], where: str, message: str, reason: str
) -> None:
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(thrown(hand)))
    assert (caught.value.where, caught.value.reason) == (where, reason)
    assert str(caught.value) == f"{where}: {message}"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("NS", "verdict: expected a TableVerdict or a mapping"),
        ({"winner": 3.5}, "verdict.winner: 3.5 is not a side"),
        ({"winner": "Q"}, "verdict.winner: 'Q' is not a side"),
        ({"game_over": "no"}, "verdict.game_over: expected True or False, not 'no'."),
        ({"who": "NS"}, "verdict.who: unknown field"),
    ],
)
def test_a_bad_verdict_in_python_is_a_record_error(value: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        GameRecord(verdict=value)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_a_winner_of_the_other_kind_is_refused_in_python() -> None:
    with pytest.raises(RecordError) as caught:
        GameRecord(verdict=TableVerdict(winner=Seat.N))
    assert str(caught.value) == (
        "verdict.winner: North does not score alone in a partnership game; name the team, NS."
    )


def test_a_thrown_in_hand_at_three_is_held_to_three_seats() -> None:
    hand = HandRecord(bids={"N": 5, "E": 4, "S": 4}, thrown_in=True)
    record = GameRecord(rules="cutthroat3", hands=[hand])
    assert len(record.hands[0].bids) == 3 and len(hand.bids) == 4  # the caller's is not changed
    with pytest.raises(RecordError) as caught:
        GameRecord(rules="cutthroat3", hands=[HandRecord(bids=[1, 2, 3, 4], thrown_in=True)])
    assert caught.value.where == "hands[0].bids"


def test_a_record_of_what_the_table_did() -> None:
    # Two hands 7: the first thrown in for its bids' total of 10 (the Gentleman's Bid), the
    # second with West's bid before South's; the table's verdict, NS won, is the rules'.
    with (RECORDS / "what-the-table-did.json").open(encoding="utf-8") as file:
        report = verify(load(file))
    assert [problem.sentence for problem in report.problems] == [
        "hand 7, bidding, W bids 3: West bid 3 out of turn: after East it was South's turn to bid."
    ]
    assert [hand.number for hand in report.hands] == [7, 7, 8]
    assert report.result is not None and report.result.winner is Team.NS
    assert report.to_data()["table_verdict"]["matches"] is True
