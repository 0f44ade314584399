"""Records and ``spades score`` at a table of three (``players=3``; cutthroat, ``cutthroat3``).

North, East and South each play alone; West has no seat. Whatever a record keeps by seat (the
bids, the deal, the trick counts, the cards passed) or by side (the start's scores and bags, the
written scores, the told reneges) has three values, N, E and S; a trick has three cards, a hand
17 tricks (18 with the jokers deck). A ``W`` key, or four values, is refused with the shared
sentence. Scoring is the standard one unless a test says otherwise: 10 a bid trick, 1 a bag, nil
+-100, a set -10 a bid trick. The arithmetic is beside each number.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from test_solo_records import VALIDATOR, _put, check_sheet_rows, played_to_the_end, run

from spades import Bid, Deal, ItemKind, Reason, RuleSet, Seat, Standing, Team, find_ruleset
from spades.errors import NotationError, RecordError
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    WrittenScore,
    dumps,
    explain_hand,
    from_data,
    loads,
    replay,
    score_sheet,
    to_record,
    verify,
)
from spades.seats import by_seat, parse_side
from strategies import states_of

CUTTHROAT = find_ruleset("cutthroat3")

# One hand scored by hand at a table of three: N bids 5 and takes 7, 50 + 2 bags = +52; E bids 6
# and takes 10, 60 + 4 bags = +64; S bids nil and takes 0, nil made = +100. 7 + 10 + 0 = 17 tricks,
# the standard deck without the two of clubs.
BIDS = {"N": 5, "E": 6, "S": "nil"}
TRICKS = {"N": 7, "E": 10, "S": 0}
POINTS = (52, 64, 100)
BAGS = (2, 4, 0)


def three_data(**fields: Any) -> dict[str, Any]:
    """A record of the hand above under cutthroat3, with ``fields`` added to the hand."""
    return {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "cutthroat3"},
        "hands": [{"bids": dict(BIDS), "tricks": dict(TRICKS), **fields}],
    }


def no_player(key: str) -> str:
    """What ``parse_side`` says of a seat with no player at a table of three."""
    with pytest.raises(NotationError) as caught:
        parse_side(key, False, 3)
    return caught.value.message


def by_seat_sentence(values: Any, what: str) -> str:
    """What ``spades.seats.by_seat`` says of values for another number of seats than three."""
    with pytest.raises(NotationError) as caught:
        by_seat(values, what, "bad", allow_missing=False, seats=3)
    return caught.value.message


# -- a game, written and read ---------------------------------------------------------------------


@pytest.mark.parametrize(("deck", "cards"), [("standard", 17), ("jokers", 18)])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_cutthroat_game_to_its_end_is_written_read_back_and_verified(
    deck: str, cards: int, seed: int
) -> None:
    rules = CUTTHROAT.evolve(deck=deck, max_hands=3)
    state = played_to_the_end(rules, seed)
    record = to_record(state)
    data = json.loads(dumps(record))
    assert data["rules"]["preset"] == "cutthroat3"
    assert data["start"] == {
        "dealer": "N",
        "hand_number": 1,
        "scores": {"N": 0, "E": 0, "S": 0},
        "bags": {"N": 0, "E": 0, "S": 0},
    }
    assert len(data["hands"]) == 3
    for hand, done in zip(data["hands"], state.history):
        assert list(hand["deal"]) == ["N", "E", "S"]
        assert [len(Deal(list(hand["deal"].values()))[seat]) for seat in CUTTHROAT.seats] == [
            cards
        ] * 3
        assert list(hand["bids"]) == ["N", "E", "S"]
        assert len(hand["plays"]) == cards  # every trick: as many as the cards each holds
        assert all(len(trick) == 3 for trick in hand["plays"])
        assert "tricks" not in hand  # the plays say them
        assert len(done.tricks) == cards
    VALIDATOR.validate(data)
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2)) == record
    assert states_of(replay(record))[-1] == state

    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.result == state.result
    assert state.result is not None and state.result.hands_played == 3
    assert report.standing.scores == state.scores and len(state.scores) == 3
    assert report.standing.bags == state.bags
    for hand, done in zip(report.hands, state.history):
        assert hand.score == done.score
        assert hand.tricks == done.tricks_won and sum(done.tricks_won) == cards
        assert [side.team for side in hand.score.teams] == [Seat.N, Seat.E, Seat.S]
    result_data = report.to_data()
    assert list(result_data["standing"]["scores"]) == ["N", "E", "S"]
    assert list(result_data["hands"][0]["score"]) == ["N", "E", "S"]
    assert list(result_data["hands"][0]["tricks"]) == ["N", "E", "S"]

    # The sheet: three lines a hand, each with the player's own bid, tricks, points, total, bags.
    lines = score_sheet(report).splitlines()
    assert lines[-1] == str(state.result)
    check_sheet_rows(state, lines[1:-1], 3)


def test_a_cutthroat_game_told_by_its_counts_scores_the_same() -> None:
    state = played_to_the_end(CUTTHROAT.evolve(max_hands=2), 5)
    full = to_record(state)
    counts = GameRecord(
        rules=full.rules,
        hands=[HandRecord(bids=done.bids, tricks=done.tricks_won) for done in state.history],
    )
    data = json.loads(dumps(counts))
    assert data["hands"][0]["tricks"] == dict(zip("NES", state.history[0].tricks_won))
    VALIDATOR.validate(data)
    a, b = verify(full), verify(loads(dumps(counts)))
    assert a.ok and b.ok
    assert [h.score for h in a.hands] == [h.score for h in b.hands]
    assert (a.standing, a.result) == (b.standing, b.result)
    last = states_of(replay(counts))[-1]
    assert last.scores == state.scores
    assert to_record(last) == counts


def test_the_hand_scored_by_hand_verifies_with_its_written_scores() -> None:
    written = {
        seat: {"points": points, "total": points, "bags": bags}
        for seat, points, bags in zip("NES", POINTS, BAGS)
    }
    data = three_data(written=written)
    VALIDATOR.validate(data)
    record = from_data(data)
    assert record.hands[0].bids == (Bid(5), Bid(6), Bid.NIL)
    assert record.hands[0].tricks == (7, 10, 0)
    assert record.hands[0].written == tuple(
        WrittenScore(points=points, total=points, bags=bags) for points, bags in zip(POINTS, BAGS)
    )
    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == POINTS
    assert report.standing.bags == BAGS
    assert record.to_data()["hands"][0] == {
        "bids": BIDS,
        "tricks": TRICKS,
        "written": written,
    }
    assert explain_hand(report.hands[0]).splitlines()[1:] == [
        "  N bid 5, took 7: contract made +50, 2 bags +2; bags now 2. Hand total +52.",
        "  E bid 6, took 10: contract made +60, 4 bags +4; bags now 4. Hand total +64.",
        "  S bid nil, took 0: S nil made +100. Hand total +100.",
    ]
    assert score_sheet(report).splitlines() == [
        "hand dealer      bid     took   points  total bags",
        "   1 N        N  5       7         +52     52    2",
        "              E  6       10        +64     64    4",
        "              S  nil     0        +100    100    0",
        "The game is not over: N 52, E 64, S 100 after hand 1.",
    ]


def test_lists_by_seat_are_three_long_and_a_start_mid_game_round_trips() -> None:
    data = three_data()
    data["hands"][0].update(bids=[5, 6, "nil"], tricks=[7, 10, 0])
    data["start"] = {
        "dealer": "S",
        "hand_number": 4,
        "scores": {"N": 120, "E": -40, "S": 33},
        "bags": {"N": 3, "E": 0, "S": 3},
    }
    VALIDATOR.validate(data)
    record = from_data(data)
    assert record.start == Standing(
        dealer=Seat.S, hand_number=4, scores=(120, -40, 33), bags=(3, 0, 3)
    )
    assert from_data(record.to_data()) == record
    # 120 + 52 = 172 with 3 + 2 = 5 bags; -40 + 64 = 24 with 4; 33 + 100 = 133 with 3.
    report = verify(record)
    assert report.ok
    assert report.standing.scores == (172, 24, 133)
    assert report.standing.bags == (5, 4, 3)
    assert report.hands[0].dealer is Seat.S


def test_a_hand_record_built_alone_takes_three_seats_or_four() -> None:
    three = HandRecord(bids={"N": 5, "E": 6, "S": "nil"}, tricks=[7, 10, 0])
    assert three.bids == (Bid(5), Bid(6), Bid.NIL) and three.tricks == (7, 10, 0)
    # Bids by seat may leave a seat out (it has not bid): West too, at a table of four.
    deal = Deal.random(1, CUTTHROAT)
    assert HandRecord(bids={"N": 5}, deal=deal).bids == (Bid(5), None, None)
    assert HandRecord(bids={"N": 5}, deal=Deal.random(1)).bids == (Bid(5), None, None, None)
    written = HandRecord(bids=[5, 6, 0], tricks=[7, 10, 0], written={"E": WrittenScore(total=64)})
    assert written.written == (None, WrittenScore(total=64), None)
    record = GameRecord(rules=CUTTHROAT, hands=[three, written])
    assert record.hands[0].reneges == (0, 0, 0)  # none told: kept by the rules' three sides
    assert record.hands[0].written == (None, None, None)
    assert GameRecord(rules=CUTTHROAT).start.scores == (0, 0, 0)


# -- what verify finds -----------------------------------------------------------------------------


def test_trick_counts_that_do_not_make_seventeen_are_reported() -> None:
    # 7 + 10 + 1 = 18: the standard deck deals 17 tricks to three.
    report = verify(from_data(three_data(tricks={"N": 7, "E": 10, "S": 1})))
    assert [(p.where, p.reason, p.message) for p in report.problems] == [
        (
            "hand 1, trick counts",
            RecordReason.BAD_TRICKS,
            "The tricks taken add up to 18, not 17: N 7 E 10 S 1, so the hand cannot be scored.",
        )
    ]
    # With the jokers deck, 18 tricks a hand: the same counts score. S's nil fails: -100.
    data = three_data(tricks={"N": 7, "E": 10, "S": 1})
    data["rules"]["options"] = {"deck": "jokers"}
    report = verify(from_data(data))
    assert report.ok
    assert report.standing.scores == (52, 64, -100)


#: A hand at a table of three under cutthroat3 in which East reneges: North leads the 3c (the lowest
#: club, the two being out of the deck) and East, holding the K85 of clubs, plays the Ks. Every
#: other card follows the rules. East wins tricks 1, 4, 5, 6, 12 and 14 (6); South 2, 3 and 7 to 11
#: (7); North 13, 15, 16 and 17 (4).
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


def test_a_renege_in_the_plays_costs_the_player_alone() -> None:
    data: dict[str, Any] = {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "cutthroat3"},
        "hands": [copy.deepcopy(RENEGE_HAND)],
    }
    VALIDATOR.validate(data)
    # Under renege_penalty=none (cutthroat3's) the renege is a problem of the record.
    report = verify(from_data(data))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 1, E plays Ks", Reason.REVOKE)
    ]
    # Under renege_penalty=set East's contract is set whatever East took: 5 bid, -50, no bag. N bid
    # 4 and took 4: +40. S bid 6 and took 7: 60 + 1 bag = +61.
    data["rules"]["options"] = {"renege_penalty": "set"}
    data["hands"][0]["written"] = {
        "N": {"total": 40},
        "E": {"total": -50, "bags": 0},
        "S": {"total": 61, "bags": 1},
    }
    record = from_data(data)
    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.hands[0].tricks == (4, 6, 7)
    assert report.standing.scores == (40, -50, 61)
    assert report.standing.bags == (0, 0, 1)
    (renege,) = report.hands[0].reneges
    assert (renege.seat, renege.trick, str(renege.card), renege.held) == (Seat.E, 1, "Ks", 3)
    assert renege.side(record.rules) is Seat.E
    assert renege.sentence(record.rules) == (
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
    report = verify(
        from_data(
            {
                "format": "spades-record",
                "version": 2,
                "rules": {"preset": "cutthroat3", "options": {"renege_penalty": "set"}},
                "hands": [copy.deepcopy(RENEGE_HAND)],
            }
        )
    )
    (renege,) = report.hands[0].reneges
    assert renege.side(RuleSet()) is Team.EW
    assert renege.side(RuleSet(partnerships=False)) is Seat.E
    assert renege.side(CUTTHROAT) is Seat.E
    assert not hasattr(renege, "team")


def test_told_reneges_are_by_player() -> None:
    # renege_penalty=set: E, who bid 6 and took 10, is set: -60, no bag.
    rules = CUTTHROAT.evolve(renege_penalty="set")
    record = GameRecord(
        rules=rules,
        hands=[HandRecord(bids=BIDS, tricks=TRICKS, reneges={"E": 1, "N": 0, "S": 0})],
    )
    report = verify(record)
    assert report.ok
    assert report.standing.scores == (52, -60, 100)
    assert report.standing.bags == (2, 0, 0)
    data = json.loads(dumps(record))
    assert data["hands"][0]["reneges"] == {"N": 0, "E": 1, "S": 0}
    VALIDATOR.validate(data)
    assert loads(dumps(record)) == record
    assert report.hands[0].told_renege_texts(rules) == [
        "E reneged once, as told with the counts: E set"
    ]


# -- West, and four values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "value"),
    [
        ("hands[0].bids", {**BIDS, "W": 3}),
        ("hands[0].tricks", {**TRICKS, "W": 0}),
        ("hands[0].written", {"W": {"points": 10}}),
        ("hands[0].reneges", {"N": 0, "E": 0, "S": 0, "W": 1}),
        ("start.scores", {"N": 0, "E": 0, "S": 0, "W": 0}),
        ("start.bags", {"N": 0, "E": 0, "S": 0, "W": 0}),
        ("start.dealer", "W"),
        ("hands[0].redeal", "W"),
    ],
)
def test_a_west_key_is_refused_at_a_table_of_three(place: str, value: Any) -> None:
    data = three_data()
    _put(data, place, value)
    with pytest.raises(RecordError) as caught:
        from_data(data)
    sentence = no_player("W")
    assert sentence == "West has no player at a table of 3: they sit at N, E and S."
    where = place if place.endswith(("dealer", "redeal")) else f"{place}.W"
    assert caught.value.where == where
    assert str(caught.value) == f"{where}: {sentence}"


def test_a_west_hand_in_the_deal_is_refused() -> None:
    data = {**three_data(), "hands": [copy.deepcopy(RENEGE_HAND)]}
    data["hands"][0]["deal"]["W"] = "-.-.-.-"
    with pytest.raises(RecordError) as caught:
        from_data(data)
    assert str(caught.value) == f"hands[0].deal.W: {no_player('W')}"


@pytest.mark.parametrize(
    ("field", "value", "what"),
    [
        ("bids", [5, 6, "nil", 2], "bids"),
        ("tricks", [7, 10, 0, 0], "trick counts"),
        ("bids", [5, 6], "bids"),
    ],
)
def test_four_values_by_seat_are_refused_at_a_table_of_three(
    field: str, value: list[Any], what: str
) -> None:
    data = three_data()
    data["hands"][0][field] = value
    with pytest.raises(RecordError) as caught:
        from_data(data)
    sentence = by_seat_sentence(value, what)
    assert sentence.startswith(f"The {what} are three values (N, E, S) for three players, not ")
    assert str(caught.value) == f"hands[0].{field}: {sentence}"


def test_a_trick_of_four_and_an_eighteenth_trick_are_refused() -> None:
    data = {**three_data(), "hands": [copy.deepcopy(RENEGE_HAND)]}
    data["hands"][0]["plays"][0].append("2c")
    with pytest.raises(RecordError) as caught:
        from_data(data)
    assert str(caught.value) == "hands[0].plays[0]: a trick has 1 to 3 cards, not 4."
    data = {**three_data(), "hands": [copy.deepcopy(RENEGE_HAND)]}
    data["hands"][0]["plays"].append(["2c"])
    with pytest.raises(RecordError) as caught:
        from_data(data)
    assert str(caught.value) == "hands[0].plays: a hand has at most 17 tricks, not 18."


def test_values_built_in_python_for_another_table_are_refused() -> None:
    def refused(make: Any) -> RecordError:
        with pytest.raises(RecordError) as caught:
            make()
        return caught.value

    # A hand of four seats under the rules of three, named by its trick counts or its deal.
    error = refused(
        lambda: GameRecord(rules=CUTTHROAT, hands=[HandRecord(bids=[1, 2, 3, 4], tricks=[4] * 4)])
    )
    assert (error.where, error.message) == (
        "hands[0].tricks",
        "hands[0].tricks: " + by_seat_sentence([4] * 4, "trick counts"),
    )
    error = refused(
        lambda: GameRecord(
            rules=CUTTHROAT,
            hands=[HandRecord(bids=[1, 2, 3, 4], deal=Deal.random(1), tricks=[4, 3, 3, 3])],
        )
    )
    assert error.where == "hands[0].deal"
    assert error.message.endswith("are three values (N, E, S) for three players, not 4.")
    # A hand of three under the rules of four.
    error = refused(lambda: GameRecord(hands=[HandRecord(bids=[5, 6, 0], tricks=[7, 10, 0])]))
    assert (error.where, error.message) == (
        "hands[0].tricks",
        "hands[0].tricks: The trick counts are four values (N, E, S, W), not 3.",
    )
    # Within a hand: West's bid, four bids beside three trick counts, more tricks than the deck.
    error = refused(lambda: HandRecord(bids={**BIDS, "W": 3}, tricks=TRICKS))
    assert (error.where, error.message) == ("bids.W", f"bids.W: {no_player('W')}")
    error = refused(lambda: HandRecord(bids=[5, 6, 0, 2], tricks=[7, 10, 0]))
    assert error.message == "bids: " + by_seat_sentence([5, 6, 0, 2], "bids")
    error = refused(
        lambda: GameRecord(rules=CUTTHROAT, hands=[HandRecord(bids=BIDS, tricks=[18, 0, 0])])
    )
    assert error.message == "hands[0].tricks: North's trick count must be at most 17, not 18."
    error = refused(
        lambda: GameRecord(
            rules=CUTTHROAT, start=Standing(dealer=Seat.W, scores=(0, 0, 0), bags=(0, 0, 0))
        )
    )
    assert (error.where, error.message) == ("start.dealer", f"start.dealer: {no_player('W')}")
    error = refused(
        lambda: GameRecord(
            rules=CUTTHROAT,
            hands=[HandRecord(bids=BIDS, tricks=TRICKS, written={"W": WrittenScore(total=1)})],
        )
    )
    assert (error.where, error.message) == ("written.W", f"written.W: {no_player('W')}")
    error = refused(
        lambda: GameRecord(
            rules=CUTTHROAT, hands=[HandRecord(bids=BIDS, tricks=TRICKS, reneges=(0, 0, 0, 1))]
        )
    )
    assert error.where == "hands[0].reneges"


# -- the schema ------------------------------------------------------------------------------------


def test_the_schema_takes_a_three_player_record() -> None:
    for data in (
        three_data(reneges={"N": 0, "E": 1, "S": 0}, written={"S": {"total": 100}}),
        {
            **three_data(),
            "start": {"scores": {"N": 1, "E": 2, "S": 3}, "bags": {"N": 0, "E": 0, "S": 0}},
        },
        three_data(tricks=[18, 0, 0]),  # the jokers deck deals 18 tricks
        {**three_data(), "hands": [copy.deepcopy(RENEGE_HAND)]},
    ):
        VALIDATOR.validate(data)
    for data in (
        {**three_data(), "start": {"scores": {"N": 1, "E": 2}}},
        three_data(tricks={"N": 19, "E": 0, "S": 0}),
        three_data(bids={"N": 19}),
        three_data(reneges={"N": 1, "E": 0, "S": -1}),
    ):
        assert not VALIDATOR.is_valid(data)
        with pytest.raises(RecordError):
            from_data(data)


# -- spades score ----------------------------------------------------------------------------------


ONE_HAND = ["score", "--bids", "5", "6", "nil", "--tricks", "7", "10", "0"]


@pytest.mark.parametrize(
    "rules",
    [
        ["--rules", "cutthroat3"],
        ["--set", "players=3", "--set", "partnerships=false", "--set", "first_lead=two_of_clubs"],
    ],
)
def test_spades_score_scores_a_cutthroat_hand(
    capsys: pytest.CaptureFixture[str], rules: list[str]
) -> None:
    code, out, err = run(capsys, *ONE_HAND, *rules)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0] in (
        "Rules: cutthroat3",
        "Rules: standard, with players=3, partnerships=false, first_lead=two_of_clubs",
    )
    assert lines[1:] == [
        "N bid 5, took 7: contract made +50, 2 bags +2; bags now 2. Hand total +52.",
        "E bid 6, took 10: contract made +60, 4 bags +4; bags now 4. Hand total +64.",
        "S bid nil, took 0: S nil made +100. Hand total +100.",
        "Totals: N 52 (2 bags), E 64 (4 bags), S 100 (0 bags).",
    ]
    code, out, err = run(capsys, *ONE_HAND, *rules, "--json")
    data = json.loads(out)
    assert [data["hands"][0]["score"][seat]["points"] for seat in "NES"] == list(POINTS)
    assert data["standing"]["scores"] == {"N": 52, "E": 64, "S": 100}


def test_spades_score_takes_a_standing_and_reneges_by_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Before: N 100 with 3 bags, E -20, S 5 with 1 bag. N: 100 + 52 = 152, 5 bags; S: 5 + 100 =
    # 105, 1 bag. E reneged once, renege_penalty=set: E's 6 is set, -60, no bag: -20 - 60 = -80.
    three = ["--rules", "cutthroat3", "--set", "renege_penalty=set"]
    for before in (["100/3", "-20", "5/1"], ["N=100/3", "E=-20", "S=5/1"]):
        for reneges in (["E=1"], ["0", "1", "0"]):
            argv = [*ONE_HAND, *three, "--before", *before, "--reneges", *reneges]
            code, out, err = run(capsys, *argv)
            assert code == 0 and not err
            lines = out.splitlines()
            assert lines[1] == "E reneged once, as told with the counts: E set."
            assert lines[-1] == "Totals: N 152 (5 bags), E -80 (0 bags), S 105 (1 bag)."
    # By seat too: N=5 E=6 S=nil.
    argv = ["score", "--rules", "cutthroat3", "--bids", "N=5", "S=nil", "E=6"]
    code, out, _ = run(capsys, *argv, "--tricks", "E=10", "N=7", "S=0")
    assert (
        code == 0
        and out.splitlines()[-1] == "Totals: N 52 (2 bags), E 64 (4 bags), S 100 (0 bags)."
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["--bids", "5", "6", "nil", "2", "--tricks", "7", "10", "0"],
            "--bids: {bids4}",
        ),
        (
            ["--bids", "5", "6", "nil", "--tricks", "7", "10", "0", "0"],
            "--tricks: {tricks4}",
        ),
        (
            ["--bids", "N=5", "E=6", "S=nil", "W=2", "--tricks", "7", "10", "0"],
            "--bids: The bids: West has no player at a table of 3: they sit at N, E and S.",
        ),
        (
            ["--bids", "5", "6", "nil", "--tricks", "7", "10", "1"],
            "--tricks: The tricks taken add up to 18, not 17: N 7 E 10 S 1.",
        ),
        (
            ["--bids", "5", "6", "18", "--tricks", "7", "10", "0"],
            "--bids: South bid 18; a bid is nil or 1 to 17 tricks.",
        ),
        ([*ONE_HAND[1:], "--reneges", "W=1"], "--reneges: {west}"),
        ([*ONE_HAND[1:], "--before", "N=1", "E=2", "S=3", "W=4"], "--before: {west}"),
        (
            [*ONE_HAND[1:], "--before", "1", "2", "3", "4"],
            "--before: give three standings, N, E then S (like 120/3 80/7 -40/2), not 4.",
        ),
        (
            [*ONE_HAND[1:], "--reneges", "0", "0", "0", "1"],
            "--reneges: give three counts, N, E then S (like 1 0 0), or N=1, not 4 words.",
        ),
    ],
)
def test_spades_score_refuses_four_values_and_west(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    message = message.format(
        bids4=by_seat_sentence(["5", "6", "nil", "2"], "bids"),
        tricks4=by_seat_sentence(["7", "10", "0", "0"], "trick counts"),
        west=no_player("W"),
    )
    code, out, err = run(capsys, "score", "--rules", "cutthroat3", *words)
    assert code == 2 and not out
    assert err.strip() == f"spades: error: {message}"


def test_spades_score_verifies_a_cutthroat_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "cutthroat.json"
    path.write_text(json.dumps(three_data(written={"E": {"total": 60}})))
    code, out, err = run(capsys, "score", "--explain", str(path))
    assert code == 1 and not err
    assert "hand 1, E score: E wrote a total of 60; the rules give a total of 64." in out
    assert "They part at '4 bags +4': the written score leaves it out." in out
    assert "   1 N        N  5       7         +52     52    2 !" in out.splitlines()
    assert "The game is not over: N 52, E 64, S 100 after hand 1." in out
    code, out, err = run(capsys, "score", "--json", str(path))
    data = json.loads(out)
    assert data["problems"][0]["team"] == "E"
    assert data["standing"]["scores"] == {"N": 52, "E": 64, "S": 100}
    path.write_text(json.dumps(three_data(bids={**BIDS, "W": 3})))
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and not out
    assert err.strip() == f"spades: error: {path}: hands[0].bids.W: {no_player('W')}"


def test_spades_rules_shows_the_number_of_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "cutthroat3")
    assert code == 0
    assert "  players = 3" in out.splitlines()
    code, out, _ = run(capsys, "rules", "standard", "cutthroat3")
    assert code == 0
    assert ["players", "4", "->", "3"] in [line.split() for line in out.splitlines()]
    code, out, _ = run(capsys, "rules", "cutthroat3", "--json")
    options = {option["name"]: option["value"] for option in json.loads(out)["options"]}
    assert (options["players"], options["partnerships"]) == (3, False)
