"""Reneges told with the trick counts: a hand recorded without its plays may say how many times
each team reneged (``HandRecord.reneges``, ``spades score --reneges``), and the rules'
``renege_penalty`` scores them exactly as ``score_hand(..., reneges=...)`` does. When every player
plays alone (four alone, three, two) the reneges are told by player."""

from __future__ import annotations

import json

import jsonschema
import pytest
from test_verify import HANDS, hand_data

from spades import RuleSet, score_hand
from spades.cli import main
from spades.errors import RecordError
from spades.records import (
    GameRecord,
    HandRecord,
    dumps,
    from_data,
    loads,
    schema,
    score_sheet,
    verify,
)
from tables import TABLE, TableKind

BIDS = [4, 2, 2, 3]  # NS bid 6 (N 4, S 2), EW bid 5 (E 2, W 3)
TRICKS = [4, 3, 3, 3]  # NS took 7, EW 6
TRICKS_RULES = RuleSet(renege_penalty="tricks")


def record(rules: RuleSet, reneges: tuple[int, int], **hand: object) -> GameRecord:
    return GameRecord(
        rules=rules, hands=(HandRecord(bids=BIDS, tricks=TRICKS, reneges=reneges, **hand),)
    )


@pytest.mark.parametrize("penalty", ["none", "tricks", "set", "points"])
@pytest.mark.parametrize("reneges", [(1, 0), (0, 2), (1, 1)])
def test_a_told_renege_scores_as_score_hand_says(penalty: str, reneges: tuple[int, int]) -> None:
    rules = RuleSet(renege_penalty=penalty)
    report = verify(record(rules, reneges))
    assert report.ok, report.problems
    expected = score_hand(rules, BIDS, TRICKS, reneges=reneges)
    (hand,) = report.hands
    assert hand.score is not None
    assert [team.items for team in hand.score.teams] == [team.items for team in expected.teams]
    assert hand.told_reneges == reneges
    assert report.standing.scores == expected.scores_after


def test_three_tricks_to_the_other_team() -> None:
    """NS reneged once: 3 of its 7 tricks go to EW. NS 4 of 6, set -60; EW 9 of 5, +50 and 4
    bags."""
    report = verify(record(TRICKS_RULES, (1, 0)))
    (hand,) = report.hands
    assert hand.score is not None
    assert hand.score.points == (-60, 54)
    sheet = score_sheet(report)
    assert "NS reneged once, as told with the counts: 3 tricks to EW" in sheet


def test_no_penalty_rules_say_so() -> None:
    report = verify(record(RuleSet(), (0, 2)))
    (hand,) = report.hands
    assert hand.score is not None
    assert hand.score.points == score_hand(RuleSet(), BIDS, TRICKS).points
    assert hand.told_renege_texts(RuleSet()) == [
        "EW reneged twice, as told with the counts: no penalty under these rules "
        "(renege_penalty none)"
    ]


def test_written_scores_are_checked_against_the_penalised_score() -> None:
    from spades.records import WrittenScore

    good = record(TRICKS_RULES, (1, 0), written=(WrittenScore(points=-60), WrittenScore(points=54)))
    assert verify(good).ok
    unpenalised = record(
        TRICKS_RULES, (1, 0), written=(WrittenScore(points=61), WrittenScore(points=51))
    )
    problems = verify(unpenalised).problems
    assert [p.reason.value for p in problems] == ["score_mismatch", "score_mismatch"]


def test_round_trip_and_schema() -> None:
    game = record(TRICKS_RULES, (1, 2))
    text = dumps(game)
    data = json.loads(text)
    assert data["hands"][0]["reneges"] == {"NS": 1, "EW": 2}
    assert loads(text) == game
    jsonschema.Draft202012Validator(schema()).validate(data)
    # No reneges: the field is left out, as before.
    assert "reneges" not in json.loads(dumps(record(TRICKS_RULES, (0, 0))))["hands"][0]


def test_a_hand_with_its_plays_cannot_also_tell_its_reneges() -> None:
    from spades import Deal

    deal = Deal.random(1)
    first = next(iter(deal.hands[1]))
    with pytest.raises(RecordError) as caught:
        HandRecord(bids=BIDS, deal=deal, plays=[[first]], reneges=(1, 0))
    assert caught.value.where.endswith("reneges")
    assert "only for a hand told by its trick counts" in str(caught.value)


@pytest.mark.parametrize(
    ("value", "words"),
    [((-1, 0), "at least 0"), ("1", "two whole numbers"), ({"NS": 1}, "NS and EW once each")],
)
def test_bad_reneges_are_refused(value: object, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        HandRecord(bids=BIDS, tricks=TRICKS, reneges=value)
    assert words in str(caught.value)


def test_the_reader_refuses_bad_reneges() -> None:
    data = json.loads(dumps(record(TRICKS_RULES, (1, 0))))
    data["hands"][0]["reneges"] = {"NS": -1, "EW": 0}
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    # The sentence a HandRecord built in Python gives for the same reneges.
    assert caught.value.where == "hands[0].reneges"
    assert str(caught.value) == "hands[0].reneges: NS's reneges must be at least 0, not -1."


#: At each table, the side that reneged once in the hand of ``test_verify.HANDS``, told with the
#: counts, and the standing after it under renege_penalty=set.
TOLD: dict[str, tuple[str, tuple[int, ...], tuple[int, ...]]] = {
    # NS, who bid 7 and took 9, are set: -70, no bag. EW as before: -79, 1 bag.
    "partners": ("NS", (-70, -79), (0, 1)),
    # S, who bid 3 and took 4, is set: -30, no bag.
    "alone": ("S", (41, -100, -30, 21), (1, 0, 0, 1)),
    # E, who bid 6 and took 10, is set: -60, no bag.
    "three": ("E", (52, -60, 100), (2, 0, 0)),
    # E's 5 is set: -50, no bag.
    "two": ("E", (42, -50), (2, 0)),
}


def test_told_reneges_are_by_side(table_kind: TableKind) -> None:
    hand = HANDS[table_kind.id]
    who, scores, bags = TOLD[table_kind.id]
    sides = [str(side) for side in table_kind.sides]
    told = {who: 1, **{side: 0 for side in sides if side != who}}  # in any order
    by_side = {side: int(side == who) for side in sides}  # in the order of the sides
    # Read from a file, by side, under the rules' renege_penalty=set.
    data = hand_data(table_kind, reneges=told)
    data["rules"].setdefault("options", {})["renege_penalty"] = "set"
    validator = jsonschema.Draft202012Validator(schema())
    validator.validate(data)
    rules = from_data(data).rules
    # Built in Python: by side in any order; two players' in seat order (a HandRecord, built
    # before its rules are known, reads a mapping of reneges as two teams', three or four
    # players').
    given = told if len(sides) > 2 else tuple(by_side.values())
    record = GameRecord(
        rules=rules, hands=[HandRecord(bids=hand.bids, tricks=hand.tricks, reneges=given)]
    )
    assert from_data(data) == record
    report = verify(record)
    assert report.ok
    assert report.standing.scores == scores
    assert report.standing.bags == bags
    written = json.loads(dumps(record))
    assert list(written["hands"][0]["reneges"].items()) == list(by_side.items())
    validator.validate(written)
    assert loads(dumps(record)) == record
    text = f"{who} reneged once, as told with the counts: {who} set"
    assert report.hands[0].told_renege_texts(rules) == [text]
    hand_data_out = report.to_data()["hands"][0]
    assert hand_data_out["told_reneges"] == by_side
    assert hand_data_out["told_reneges_text"] == [text]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_spades_score_takes_reneges(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["score", "--set", "renege_penalty=tricks", "--bids", "4", "2", "2", "3"]
    words += ["--tricks", "4", "3", "3", "3"]
    for given in (["NS=1"], ["1", "0"]):
        code, out, err = run(capsys, *words, "--reneges", *given)
        assert code == 0 and not err
        assert "NS reneged once, as told with the counts: 3 tricks to EW." in out
        assert "NS bid 6 (N 4, S 2), took 7: renege, 3 tricks to EW" in out
        assert "Totals: NS -60 (0 bags), EW 54 (4 bags)." in out


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["XX=1"], "--reneges: name NS or EW once each, like NS=1, not 'XX=1'."),
        (["NS=1", "NS=2"], "--reneges: name NS or EW once each, like NS=1, not 'NS=2'."),
        (["-1", "0"], "--reneges: NS's reneges must be at least 0, not -1."),
        (["1"], "--reneges: give two counts, NS then EW (like 1 0), or NS=1, not 1 words."),
        (["one", "0"], "--reneges: 'one' is not a whole number."),
    ],
)
def test_spades_score_refuses_bad_reneges(
    capsys: pytest.CaptureFixture[str], given: list[str], message: str
) -> None:
    words = ["score", "--bids", "4", "2", "2", "3", "--tricks", "4", "3", "3", "3"]
    code, out, err = run(capsys, *words, "--reneges", *given)
    assert code == 2 and not out
    assert err.strip() == f"spades: error: {message}"


ALONE_TABLES = [TABLE["alone"], TABLE["three"], TABLE["two"]]


def score_words(bids: str, tricks: str, *rules: str) -> list[str]:
    """``spades score`` of one hand, its bids and tricks in seat order, under ``rules``."""
    return ["score", "--bids", *bids.split(), "--tricks", *tricks.split(), *rules]


#: At each table where every player plays alone, ``spades score`` of one hand with the standing
#: before it, in seat order and by seat, and the totals after it; then with one player's renege
#: told, in seat order and by seat, under renege_penalty=set: what is said of it, and the totals.
STANDING_ALONE: dict[str, tuple[list[str], list[list[str]], str, list[list[str]], str, str]] = {
    # N 4 took 5: +41; E nil took 1: -100; S 3 took 4: +31; W 2 took 3: +21. Before: N 100 with
    # 3 bags, E -50 with 2, S 20, W 0. N: 100 + 41 = 141, 4 bags; E: -50 - 100 = -150; S: 20 + 31
    # = 51; W: 0 + 21 = 21, 1 bag. W reneged once: W's 2 is set, -20, no bag.
    "alone": (
        score_words("4 nil 3 2", "5 1 4 3", "--set", "partnerships=false"),
        [["100/3", "-50/2", "20", "0"], ["N=100/3", "E=-50/2", "S=20", "W=0"]],
        "Totals: N 141 (4 bags), E -150 (2 bags), S 51 (1 bag), W 21 (1 bag).",
        [["W=1"], ["0", "0", "0", "1"]],
        "W reneged once, as told with the counts: W set.",
        "Totals: N 141 (4 bags), E -150 (2 bags), S 51 (1 bag), W -20 (0 bags).",
    ),
    # N 5 took 7: +52; E 6 took 10: +64; S nil took 0: +100. Before: N 100 with 3 bags, E -20,
    # S 5 with 1 bag. N: 100 + 52 = 152, 5 bags; E: -20 + 64 = 44, 4 bags; S: 5 + 100 = 105,
    # 1 bag. E reneged once: E's 6 is set, -60, no bag: -20 - 60 = -80.
    "three": (
        score_words("5 6 nil", "7 10 0", "--rules", "cutthroat3"),
        [["100/3", "-20", "5/1"], ["N=100/3", "E=-20", "S=5/1"]],
        "Totals: N 152 (5 bags), E 44 (4 bags), S 105 (1 bag).",
        [["E=1"], ["0", "1", "0"]],
        "E reneged once, as told with the counts: E set.",
        "Totals: N 152 (5 bags), E -80 (0 bags), S 105 (1 bag).",
    ),
    # N 4 took 12: +48; E nil took 1: -100. N: 120 with 3 bags, +40 and 8 bags: 11 bags, -100,
    # 1 left: 120 + 48 - 100 = 68. E: -50 with 7 bags, nil failed: -150, 7 bags. N reneged once:
    # N's 4 is set, -40, no bag: 120 - 40 = 80, 3 bags.
    "two": (
        score_words("4 nil", "12 1", "--rules", "two_player"),
        [["120/3", "-50/7"], ["N=120/3", "E=-50/7"]],
        "Totals: N 68 (1 bag), E -150 (7 bags).",
        [["N=1"], ["1", "0"]],
        "N reneged once, as told with the counts: N set.",
        "Totals: N 80 (3 bags), E -150 (7 bags).",
    ),
}


@pytest.mark.parametrize("table_kind", ALONE_TABLES, ids=str, indirect=True)
def test_spades_score_takes_a_standing_and_reneges_by_player(
    capsys: pytest.CaptureFixture[str], table_kind: TableKind
) -> None:
    hand, befores, totals, renege_forms, renege, renege_totals = STANDING_ALONE[table_kind.id]
    for before in befores:
        code, out, err = run(capsys, *hand, "--before", *before)
        assert code == 0 and not err
        assert out.splitlines()[-1] == totals
        for reneges in renege_forms:
            argv = [*hand, "--set", "renege_penalty=set", "--before", *before]
            code, out, err = run(capsys, *argv, "--reneges", *reneges)
            assert code == 0 and not err
            lines = out.splitlines()
            assert lines[1] == renege
            assert lines[-1] == renege_totals
