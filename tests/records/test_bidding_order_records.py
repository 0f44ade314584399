"""A hand's bidding in the order it was made (``bidding``): checked against the rules' bidding
order, a bid out of turn reported as out of turn, and against the hand's ``bids`` by seat; a
record with its bidding checks like the same record with its bids by seat."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import jsonschema
import pytest

from spades import Bid, Deal, Reason, RecordError, Seat, new_game
from spades._kernel.table import table_of
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    dumps,
    loads,
    schema,
    to_record,
    verify,
)
from strategies import play_game
from tables import TABLES, TableKind


def record_data(*hands: dict[str, Any], version: int = 3, **top: Any) -> dict[str, Any]:
    return {
        "format": "spades-record",
        "version": version,
        "rules": {"preset": "standard"},
        **top,
        "hands": list(hands),
    }


def bidding(*pairs: tuple[str, Any]) -> list[dict[str, Any]]:
    return [{"seat": seat, "bid": bid} for seat, bid in pairs]


COUNTS = {"N": 4, "E": 3, "S": 2, "W": 4}


# -- out of turn ----------------------------------------------------------------------------------


def test_a_bid_out_of_turn_is_reported_as_out_of_turn() -> None:
    # Hand 3 dealt by West: North bids first, then East; West bid after North.
    data = record_data(
        {
            "bidding": bidding(("N", 4), ("W", 4), ("E", 3), ("S", 2)),
            "tricks": COUNTS,
        },
        start={"dealer": "W", "hand_number": 3},
    )
    report = verify(loads(json.dumps(data)))
    assert [problem.sentence for problem in report.problems] == [
        "hand 3, bidding, W bids 4: West bid 4 out of turn: after North it was East's turn to bid."
    ]
    problem = report.problems[0]
    assert problem.reason is Reason.WRONG_TURN and problem.hand == 3
    assert problem.to_data()["reason"] == "wrong_turn"
    # The hand is still scored, each bid in its turn.
    assert report.hands[0].score is not None


def test_the_first_bid_out_of_turn_names_who_bids_first() -> None:
    data = record_data(
        {"bidding": bidding(("W", 4), ("E", 3), ("S", 2), ("N", 4)), "tricks": COUNTS}
    )
    problems = verify(loads(json.dumps(data))).problems
    assert [problem.message for problem in problems] == [
        "West bid 4 out of turn: East bids first in a hand North deals."
    ]


def test_the_dealer_bids_first_under_dealer_bids_first() -> None:
    # Hoyle: "Beginning with the dealer, each player states the number of tricks..." (the
    # hoyle preset sets dealer_bids_first).
    in_turn = bidding(("N", 4), ("E", 3), ("S", 2), ("W", 4))
    data = record_data({"bidding": in_turn, "tricks": COUNTS}, rules={"preset": "hoyle"})
    assert verify(loads(json.dumps(data))).ok
    late = bidding(("E", 3), ("S", 2), ("W", 4), ("N", 4))
    data = record_data({"bidding": late, "tricks": COUNTS}, rules={"preset": "hoyle"})
    # Each bid before North's is out of turn: a bid is in turn when every seat before it in
    # the rules' order has bid.
    assert [problem.message for problem in verify(loads(json.dumps(data))).problems] == [
        "East bid 3 out of turn: North bids first in a hand North deals (dealer_bids_first).",
        "South bid 2 out of turn: after East it was North's turn to bid.",
        "West bid 4 out of turn: after South it was North's turn to bid.",
    ]


def test_one_bid_out_of_turn_is_reported_once() -> None:
    # South jumps in before East; then East, West, North, each in turn by the rules' order.
    data = record_data(
        {"bidding": bidding(("S", 2), ("E", 3), ("W", 4), ("N", 4)), "tricks": COUNTS}
    )
    problems = verify(loads(json.dumps(data))).problems
    assert [problem.message for problem in problems] == [
        "South bid 2 out of turn: East bids first in a hand North deals."
    ]


def test_a_bidding_in_turn_that_stops_is_a_hand_in_progress() -> None:
    hand = HandRecord(deal=Deal.random(2), bidding=[("E", 3), ("S", 2)])
    report = verify(GameRecord(hands=[hand]))
    assert report.ok and report.in_progress


def test_three_players_bid_in_their_order() -> None:
    rules = {"preset": "cutthroat3"}
    counts = {"N": 6, "E": 5, "S": 6}
    in_turn = bidding(("E", 5), ("S", 6), ("N", 6))
    assert verify(
        loads(json.dumps(record_data({"bidding": in_turn, "tricks": counts}, rules=rules)))
    ).ok
    late = bidding(("S", 6), ("E", 5), ("N", 6))
    report = verify(
        loads(json.dumps(record_data({"bidding": late, "tricks": counts}, rules=rules)))
    )
    assert [problem.reason for problem in report.problems] == [Reason.WRONG_TURN]


# -- bids and bidding together --------------------------------------------------------------------


def test_bids_that_disagree_with_the_bidding_are_reported() -> None:
    data = record_data(
        {
            "bids": {"N": 4, "E": 3, "S": 3, "W": 4},
            "bidding": bidding(("E", 3), ("S", 2), ("W", 4), ("N", 4)),
            "tricks": COUNTS,
        }
    )
    report = verify(loads(json.dumps(data)))
    assert [(problem.where, problem.reason, problem.message) for problem in report.problems] == [
        (
            "hand 1, bids",
            RecordReason.BIDDING_MISMATCH,
            "the bids give 3 for South, but the bidding has 2; the hand is checked with the "
            "bidding.",
        )
    ]
    assert str(report.problems[0].reason) == "bidding_mismatch"
    assert report.hands[0].bids[Seat.S] == Bid(2)


def test_a_bid_left_out_of_the_bidding_is_a_disagreement() -> None:
    data = record_data(
        {
            "bids": {"N": 4, "E": 3, "S": 2, "W": 4},
            "bidding": bidding(("E", 3), ("S", 2), ("W", 4)),
            "tricks": COUNTS,
        }
    )
    messages = [problem.message for problem in verify(loads(json.dumps(data))).problems]
    assert messages[0] == (
        "the bids give 4 for North, but the bidding has no bid by them; the hand is checked "
        "with the bidding."
    )


def bidding_of(record: GameRecord) -> GameRecord:
    """``record`` with each hand's bids given in the rules' order as its bidding, and no bids."""
    table = table_of(record.rules)
    report = verify(record)
    hands = []
    for hand, checked in zip(record.hands, report.hands):
        order = [Seat(seat) for seat in table.bidding_orders[checked.dealer]]
        made = [(seat, hand.bids[seat]) for seat in order if seat < len(hand.bids)]
        ordered = [(seat, bid) for seat, bid in made if bid is not None]
        hands.append(attrs.evolve(hand, bids={}, bidding=ordered))
    return attrs.evolve(record, hands=tuple(hands))


@pytest.mark.parametrize("table", TABLES, ids=str)
@pytest.mark.parametrize("seed", [3, 4])
def test_both_forms_give_the_same_check(table: TableKind, seed: int) -> None:
    state = play_game(new_game(table.preset), random.Random(seed), max_hands=6)
    record = to_record(state)
    ordered = bidding_of(record)
    assert any(hand.bidding for hand in ordered.hands) or table.id == "two"
    by_seat, by_order = verify(record), verify(ordered)
    assert by_order.ok
    assert [hand.score for hand in by_order.hands] == [hand.score for hand in by_seat.hands]
    assert [hand.bids for hand in by_order.hands] == [hand.bids for hand in by_seat.hands]
    assert by_order.next_start == by_seat.next_start and by_order.result == by_seat.result
    # Both together, agreeing, give the same check again.
    both = attrs.evolve(
        ordered,
        hands=tuple(attrs.evolve(h, bids=o.bids) for h, o in zip(ordered.hands, record.hands)),
    )
    assert verify(both).ok
    assert loads(dumps(ordered)) == ordered and loads(dumps(both)) == both


# -- the version ----------------------------------------------------------------------------------


def test_a_record_without_the_bidding_is_written_as_version_2() -> None:
    state = play_game(new_game("standard"), random.Random(1), max_hands=2)
    data = json.loads(dumps(to_record(state)))
    assert data["version"] == 2
    assert all("bidding" not in hand for hand in data["hands"])


def test_a_record_with_the_bidding_is_written_as_version_3() -> None:
    hand = HandRecord(bidding=[("E", 3), ("S", 2), ("W", 4), ("N", 4)], tricks=[4, 3, 2, 4])
    data = json.loads(dumps(GameRecord(hands=[hand])))
    assert data["version"] == 3
    assert data["hands"][0]["bidding"] == bidding(("E", 3), ("S", 2), ("W", 4), ("N", 4))
    assert data["hands"][0]["bids"] == COUNTS | {"S": 2, "E": 3}


def test_a_version_2_record_with_a_bidding_is_refused_with_a_sentence() -> None:
    data = record_data(
        {"bidding": bidding(("E", 3), ("S", 2), ("W", 4), ("N", 4)), "tricks": COUNTS},
        version=2,
    )
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert caught.value.where == "hands[0].bidding"
    assert str(caught.value) == (
        "hands[0].bidding: the field 'bidding' came with version 3 of the record format; this "
        'record says version 2 (write "version": 3).'
    )


def test_the_schema_takes_the_bidding_in_version_3_only() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    hand = {"bidding": bidding(("E", 3), ("S", 2), ("W", "nil"), ("N", 4)), "tricks": COUNTS}
    assert validator.is_valid(record_data(hand))
    assert not validator.is_valid(record_data(hand, version=2))
    assert not validator.is_valid(record_data({"tricks": COUNTS}))
    assert not validator.is_valid(record_data({**hand, "bidding": [{"seat": "E"}]}))


# -- hostile input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "where", "message", "reason"),
    [
        ("E 3", "hands[0].bidding", "expected a list, found text.", "wrong_type"),
        ({"E": 3}, "hands[0].bidding", "expected a list, found an object.", "wrong_type"),
        (["E", 3], "hands[0].bidding[0]", "expected an object, found text.", "wrong_type"),
        (
            [{"seat": "E"}],
            "hands[0].bidding[0]",
            "the field 'bid' is missing.",
            "missing_field",
        ),
        (
            [{"seat": "E", "bid": 3, "when": 1}],
            "hands[0].bidding[0].when",
            "unknown field; the fields here are 'seat', 'bid'.",
            "unknown_field",
        ),
        (
            [{"seat": "X", "bid": 3}],
            "hands[0].bidding[0].seat",
            "'X' is not a seat; use N, E, S or W.",
            "bad_seat",
        ),
        (
            [{"seat": 1, "bid": 3}],
            "hands[0].bidding[0].seat",
            "expected text, found a number.",
            "wrong_type",
        ),
        (
            [{"seat": "E", "bid": "nill"}],
            "hands[0].bidding[0].bid",
            "'nill' is not a bid; write 1 to 13, 'nil' or 'blind nil'.",
            "bad_bid",
        ),
        (
            [{"seat": "E", "bid": 3.5}],
            "hands[0].bidding[0].bid",
            "3.5 is not a whole number, so not a bid; write 1 to 13, 'nil' or 'blind nil'.",
            "wrong_type",
        ),
        (
            [{"seat": "E", "bid": None}],
            "hands[0].bidding[0].bid",
            "expected a whole number, found null.",
            "wrong_type",
        ),
        (
            [{"seat": "E", "bid": 3}, {"seat": "E", "bid": 4}],
            "hands[0].bidding[1]",
            "East bids twice in the bidding; each seat bids once a hand.",
            "bad_bid",
        ),
        (
            [{"seat": seat, "bid": 3} for seat in "ESWNE"] + [[]] * 100,
            "hands[0].bidding[4]",
            "East bids twice in the bidding; each seat bids once a hand.",
            "bad_bid",
        ),
        (
            [{"seat": "E", "bid": 14}],
            "hands[0].bidding[0]",
            "East bid 14; a bid is nil or 1 to 13 tricks.",
            "bad_bid",
        ),
    ],
)
def test_a_bad_bidding_is_refused_with_a_sentence(
    value: object, where: str, message: str, reason: str
) -> None:
    data = record_data({"bidding": value, "tricks": COUNTS})
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert (caught.value.where, caught.value.reason) == (where, reason)
    assert str(caught.value) == f"{where}: {message}"


def test_a_bidding_by_a_seat_with_no_player_is_refused() -> None:
    data = record_data(
        {"bidding": bidding(("E", 5), ("W", 6)), "tricks": {"N": 6, "E": 5, "S": 6}},
        rules={"preset": "cutthroat3"},
    )
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert caught.value.where == "hands[0].bidding[1]"
    assert "West has no player at a table of 3" in str(caught.value)


def test_a_hand_with_neither_bids_nor_bidding_is_refused() -> None:
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(record_data({"tricks": COUNTS})))
    assert str(caught.value) == "hands[0]: the field 'bids' is missing."


@pytest.mark.parametrize(
    ("value", "message", "reason"),
    [
        (
            "E3",
            "bidding: expected the bids in the order made, each a Bid naming its seat",
            "wrong_type",
        ),
        (3, "bidding: expected the bids in the order made", "wrong_type"),
        ([Bid(3)], "bidding[0]: a bid of the bidding names its seat", "bad_bid"),
        ([("Q", 3)], "bidding[0]: 'Q' is not a seat", "bad_seat"),
        ([("E", "x")], "bidding[0]: East's bid: ", "bad_bid"),
        ([("E", Bid(3, seat="S"))], "bidding[0]: East's place holds a bid by South.", "bad_bid"),
        ([object()], "bidding[0]: expected a Bid naming its seat", "wrong_type"),
        ([Bid(3, seat="E"), ("E", 4)], "bidding[1]: East bids twice", "bad_bid"),
    ],
)
def test_a_bad_bidding_in_python_is_a_record_error(
    value: object, message: str, reason: str
) -> None:
    with pytest.raises(RecordError) as caught:
        HandRecord(bidding=value, tricks=[4, 3, 2, 4])  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)
    assert caught.value.reason == reason


def test_the_caller_of_a_redeal_has_no_bid_in_the_bidding() -> None:
    with pytest.raises(RecordError) as caught:
        HandRecord(deal=Deal.random(1), bidding=[("N", 3), ("E", 3)], redeal="E")
    assert str(caught.value) == (
        "bids.E: East called for the redeal, so has no bid in the thrown-in hand."
    )
