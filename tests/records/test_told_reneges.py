"""Reneges told with the trick counts: a hand recorded without its plays may say how many times
each team reneged (``HandRecord.reneges``, ``spades score --reneges``), and the rules'
``renege_penalty`` scores them exactly as ``score_hand(..., reneges=...)`` does."""

from __future__ import annotations

import json

import jsonschema
import pytest

from spades import RuleSet, score_hand
from spades.cli import main
from spades.errors import RecordError
from spades.records import GameRecord, HandRecord, dumps, loads, schema, score_sheet, verify

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
