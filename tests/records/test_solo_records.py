"""Records and ``spades score`` when every player plays alone (``partnerships=False``).

Whatever a record keeps by side (the start's scores and bags, a hand's written scores and told
reneges) is then kept by player, N, E, S and W, instead of by team; the reader refuses keys of the
other kind with the sentence of ``parse_side``, the verifier scores each player alone and the score
sheet has a line per player. Defaults unless a test says otherwise: 10 a bid trick, 1 a bag, nil
+-100, 10 bags -100. The arithmetic is beside each number.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from paths import RECORDS
from spades import (
    Deal,
    GameState,
    ItemKind,
    Phase,
    Reason,
    RuleSet,
    Seat,
    Standing,
    Team,
    apply,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades.cli import main
from spades.errors import NotationError, RecordError, StandingError
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    WrittenScore,
    dumps,
    explain_hand,
    from_data,
    loads,
    render_report,
    schema,
    score_sheet,
    to_record,
    verify,
)
from spades.seats import parse_side
from spades.standing import side_values

SOLO = RuleSet(partnerships=False)
VALIDATOR = jsonschema.Draft202012Validator(schema())

# One hand scored by hand, each player alone: N bids 4 and takes 5, 40 + 1 bag = +41; E bids nil
# and takes 1, nil failed = -100; S bids 3 and takes 4, 30 + 1 = +31; W bids 2 and takes 3,
# 20 + 1 = +21. 5 + 1 + 4 + 3 = 13 tricks.
BIDS = {"N": 4, "E": "nil", "S": 3, "W": 2}
TRICKS = {"N": 5, "E": 1, "S": 4, "W": 3}
POINTS = (41, -100, 31, 21)
BAGS = (1, 0, 1, 1)


def solo_data(**fields: Any) -> dict[str, Any]:
    """A record of the hand above under partnerships=False, with ``fields`` added to the hand."""
    return {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "standard", "options": {"partnerships": False}},
        "hands": [{"bids": dict(BIDS), "tricks": dict(TRICKS), **fields}],
    }


def played_to_the_end(rules: RuleSet, seed: int) -> GameState:
    """A game of random legal actions to its end (``max_hands`` ends it: alone, random play
    drifts below 0 rather than reach the target)."""
    rng = random.Random(seed)
    state = new_game(rules)
    while state.phase is not Phase.GAME_OVER:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def check_sheet_rows(state: GameState, rows: list[str], hands: int) -> None:
    """A score sheet of ``hands`` hands of players alone: a line per player in each hand, in seat
    order, the hand's number and dealer on North's, then the player's tricks, points, total and
    bags."""
    seats = state.rules.seats
    assert len(state.history) == hands
    assert len(rows) == len(seats) * hands
    for number, done in enumerate(state.history):
        for seat in seats:
            cells = rows[len(seats) * number + seat].split()
            if seat is Seat.N:
                assert cells[:2] == [str(number + 1), str(done.dealer)]
                cells = cells[2:]
            side = done.score[seat]
            assert cells[0] == str(seat)
            assert cells[2:] == [
                str(done.tricks_won[seat]),
                f"{side.points:+d}",
                str(side.score_after),
                str(side.bags_after),
            ]


def shared_sentence(key: str, partnerships: bool) -> str:
    """What ``parse_side`` says of ``key`` under the rules: the one sentence for a side of the
    wrong kind."""
    with pytest.raises(NotationError) as caught:
        parse_side(key, partnerships)
    return caught.value.message


# -- a game, written and read ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_a_solo_game_to_its_end_is_written_read_back_and_verified(seed: int) -> None:
    rules = RuleSet(partnerships=False, max_hands=3)
    state = played_to_the_end(rules, seed)
    record = to_record(state)
    data = json.loads(dumps(record))
    assert data["start"]["scores"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert data["start"]["bags"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert len(data["hands"]) == 3
    VALIDATOR.validate(data)
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2)) == record

    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.result == state.result
    assert state.result is not None and isinstance(state.result.winner, Seat)
    assert report.standing.scores == state.scores and len(state.scores) == 4
    assert report.standing.bags == state.bags
    for hand, done in zip(report.hands, state.history):
        assert hand.score == done.score
        assert [side.team for side in hand.score.teams] == list(Seat)
    result_data = report.to_data()
    assert set(result_data["standing"]["scores"]) == {"N", "E", "S", "W"}
    assert set(result_data["hands"][0]["score"]) == {"N", "E", "S", "W"}
    assert result_data["result"]["winner"] == state.result.winner.name

    # The sheet: a line per player in each hand, the player's own total and bags.
    lines = score_sheet(report).splitlines()
    assert lines[-1] == str(state.result)
    check_sheet_rows(state, lines[1:-1], 3)


def test_the_hand_scored_by_hand_verifies_with_its_written_scores() -> None:
    written = {
        seat: {"points": points, "total": points, "bags": bags}
        for seat, points, bags in zip("NESW", POINTS, BAGS)
    }
    data = solo_data(written=written)
    VALIDATOR.validate(data)
    record = from_data(data)
    assert record.hands[0].written == tuple(
        WrittenScore(points=points, total=points, bags=bags) for points, bags in zip(POINTS, BAGS)
    )
    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == POINTS
    assert report.standing.bags == BAGS
    assert record.to_data()["hands"][0]["written"] == written
    assert explain_hand(report.hands[0]).splitlines()[1:] == [
        "  N bid 4, took 5: contract made +40, 1 bag +1; bags now 1. Hand total +41.",
        "  E bid nil, took 1: E nil failed -100. Hand total -100.",
        "  S bid 3, took 4: contract made +30, 1 bag +1; bags now 1. Hand total +31.",
        "  W bid 2, took 3: contract made +20, 1 bag +1; bags now 1. Hand total +21.",
    ]
    assert score_sheet(report).splitlines() == [
        "hand dealer      bid     took   points  total bags",
        "   1 N        N  4       5         +41     41    1",
        "              E  nil     1        -100   -100    0",
        "              S  3       4         +31     31    1",
        "              W  2       3         +21     21    1",
        "The game is not over: N 41, E -100, S 31, W 21 after hand 1.",
    ]


def test_a_solo_start_mid_game_round_trips() -> None:
    start = Standing(dealer="W", hand_number=4, scores=(120, -40, 33, 0), bags=(3, 0, 3, 0))
    record = GameRecord(rules=SOLO, start=start)
    data = record.to_data()
    assert data["start"] == {
        "dealer": "W",
        "hand_number": 4,
        "scores": {"N": 120, "E": -40, "S": 33, "W": 0},
        "bags": {"N": 3, "E": 0, "S": 3, "W": 0},
    }
    VALIDATOR.validate(data)
    assert from_data(data) == record
    assert score_sheet(record).splitlines()[1:] == [
        "start         N                           120    3",
        "              E                           -40    0",
        "              S                            33    3",
        "              W                             0    0",
        "No hands recorded; the score is N 120, E -40, S 33, W 0.",
    ]


def test_nothing_given_by_side_fits_the_rules_sides() -> None:
    # Zero scores and bags, no reneges, nothing written: the defaults fit either kind of rules.
    record = GameRecord(
        rules=SOLO,
        start=Standing(dealer="E", hand_number=2),
        hands=[HandRecord(bids=list(BIDS.values()), tricks=list(TRICKS.values()))],
    )
    assert record.start == Standing(
        dealer="E", hand_number=2, scores=(0, 0, 0, 0), bags=(0, 0, 0, 0)
    )
    assert record.hands[0].reneges == (0, 0, 0, 0)
    assert record.hands[0].written == (None, None, None, None)
    assert GameRecord(rules=SOLO).start.scores == (0, 0, 0, 0)
    assert GameRecord().start.scores == (0, 0)
    # Read from a file without a start: zeros for the four players.
    assert from_data(solo_data()).start.scores == (0, 0, 0, 0)


# -- what verify finds -----------------------------------------------------------------------------


def test_a_wrong_total_in_a_solo_record_is_reported() -> None:
    written = {"N": {"total": 41}, "E": {"total": -100}, "S": {"total": 31}, "W": {"total": 12}}
    report = verify(loads(json.dumps(solo_data(written=written))))
    assert not report.ok
    (problem,) = report.problems
    assert problem.where == "hand 1, W score"
    assert problem.reason is RecordReason.SCORE_MISMATCH
    assert problem.team is Seat.W
    assert problem.message == "W wrote a total of 12; the rules give a total of 21."
    assert problem.explanation == (
        "W bid 2, took 3: contract made +20, 1 bag +1; bags now 1. Hand total +21."
    )
    assert problem.to_data()["team"] == "W"
    assert "   1 N        N  4       5         +41     41    1 !" in render_report(report)


@pytest.mark.parametrize(
    ("rules", "seat"),
    [
        (RuleSet(partnerships=False, max_hands=2), Seat.S),
        (find_ruleset("cutthroat3").evolve(max_hands=2), Seat.E),
    ],
    ids=["four alone", "three"],
)
def test_a_tampered_total_in_a_played_game_alone_is_reported(rules: RuleSet, seat: Seat) -> None:
    state = played_to_the_end(rules, 3)
    data = json.loads(dumps(to_record(state)))
    last = state.history[-1].score
    totals = {str(side.team): {"total": side.score_after} for side in last.teams}
    totals[seat.name]["total"] += 10  # one player's running total written 10 too high
    data["hands"][-1]["written"] = totals
    VALIDATOR.validate(data)
    report = verify(from_data(data))
    assert [(p.where, p.reason, p.team) for p in report.problems] == [
        (f"hand 2, {seat} score", RecordReason.SCORE_MISMATCH, seat)
    ]
    assert report.problems[0].message == (
        f"{seat} wrote a total of {last[seat].score_after + 10}; the rules give a total of "
        f"{last[seat].score_after}."
    )
    assert report.result == state.result  # a written score changes nothing the engine follows


def test_a_renege_in_the_plays_costs_the_player_alone() -> None:
    # House-rules scenario 20, with East's Kd played to trick 7 while holding 4 hearts (the Kd and
    # the 3h change places, so that the hand stays whole), every player alone under
    # renege_penalty=set. As played: N bid 3, took 2: -30. E bid 4, took 0: set -40, and under
    # set E's contract is set whatever it took. S bid 1, took 0: -10. W bid 3, took 11: 30 + 8 bags
    # = +38.
    data = json.loads((RECORDS / "s20-breaking-spades-any-spade.json").read_text())
    hand = data["hands"][0]
    hand["plays"][6] = ["8h", "Kd", "4d", "4s"]
    hand["plays"][8] = ["6s", "Th", "3h", "6d"]
    hand["written"] = {"N": {"total": -30}, "E": {"total": -40}, "S": {"total": -10}}
    hand["written"]["W"] = {"total": 38, "bags": 8}
    data["rules"] = {"preset": "standard", "options": {"partnerships": False}}
    report = verify(from_data(data))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 7, E plays Kd", Reason.REVOKE),
    ]
    data["rules"]["options"]["renege_penalty"] = "set"
    report = verify(from_data(data))
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == (-30, -40, -10, 38)
    (renege,) = report.hands[0].reneges
    assert renege.sentence(from_data(data).rules) == (
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


def test_told_reneges_are_by_player() -> None:
    # renege_penalty=set: S, who bid 3 and took 4, is set: -30, no bag.
    rules = RuleSet(partnerships=False, renege_penalty="set")
    record = GameRecord(
        rules=rules,
        hands=[
            HandRecord(
                bids=list(BIDS.values()),
                tricks=list(TRICKS.values()),
                reneges={"S": 1, "N": 0, "E": 0, "W": 0},
            )
        ],
    )
    report = verify(record)
    assert report.ok
    assert report.standing.scores == (41, -100, -30, 21)
    assert report.standing.bags == (1, 0, 0, 1)
    data = json.loads(dumps(record))
    assert data["hands"][0]["reneges"] == {"N": 0, "E": 0, "S": 1, "W": 0}
    VALIDATOR.validate(data)
    assert loads(dumps(record)) == record
    assert report.hands[0].told_renege_texts(rules) == [
        "S reneged once, as told with the counts: S set"
    ]
    assert report.to_data()["hands"][0]["told_reneges"] == {"N": 0, "E": 0, "S": 1, "W": 0}


# -- keys of the other kind ------------------------------------------------------------------------


def _put(data: dict[str, Any], place: str, value: Any) -> None:
    if place.startswith("start."):
        data.setdefault("start", {})[place.removeprefix("start.")] = value
    else:
        data["hands"][0][place.removeprefix("hands[0].")] = value


@pytest.mark.parametrize(
    ("place", "value"),
    [
        ("start.scores", {"NS": 120, "EW": 80}),
        ("start.bags", {"NS": 0, "EW": 0}),
        ("hands[0].written", {"NS": {"points": 72}}),
        ("hands[0].reneges", {"NS": 1, "EW": 0}),
        ("start.scores", {"N": 0, "E": 0, "S": 0, "NS": 0}),
    ],
)
def test_team_keys_are_refused_under_solo_rules(place: str, value: Any) -> None:
    data = solo_data()
    _put(data, place, value)
    with pytest.raises(RecordError) as caught:
        from_data(data)
    sentence = shared_sentence("NS", partnerships=False)
    assert "name a seat: N, E, S or W" in sentence
    assert caught.value.where == f"{place}.NS"
    assert str(caught.value) == f"{place}.NS: {sentence}"


@pytest.mark.parametrize(
    ("place", "value"),
    [
        ("start.scores", {"N": 0, "E": 0, "S": 0, "W": 0}),
        ("start.bags", {"N": 0, "E": 0, "S": 0, "W": 0}),
        ("hands[0].written", {"N": {"points": 41}}),
        ("hands[0].reneges", {"N": 1, "E": 0, "S": 0, "W": 0}),
    ],
)
def test_seat_keys_are_refused_under_partnership_rules(place: str, value: Any) -> None:
    data = solo_data()
    data["rules"] = {"preset": "standard"}
    _put(data, place, value)
    with pytest.raises(RecordError) as caught:
        from_data(data)
    sentence = shared_sentence("N", partnerships=True)
    assert sentence == "North does not score alone in a partnership game; name the team, NS."
    assert caught.value.where == f"{place}.N"
    assert str(caught.value) == f"{place}.N: {sentence}"


def test_values_built_in_python_for_the_other_sides_are_refused() -> None:
    def refused(make: Any) -> RecordError:
        with pytest.raises(RecordError) as caught:
            make()
        return caught.value

    def count_sentence(values: tuple[int, ...], field: str, rules: RuleSet) -> str:
        with pytest.raises(StandingError) as caught:
            side_values(values, field, rules=rules)
        return caught.value.message

    error = refused(lambda: GameRecord(rules=SOLO, start=Standing(scores=(120, 80))))
    assert (error.where, error.message) == (
        "start.scores",
        "start.scores: " + count_sentence((120, 80), "scores", SOLO),
    )
    assert "four whole numbers (N, E, S, W)" in error.message
    error = refused(lambda: GameRecord(start=Standing(scores=(1, 2, 3, 4), bags=(0, 0, 0, 0))))
    assert error.message == "start.scores: " + count_sentence((1, 2, 3, 4), "scores", RuleSet())
    bids, tricks = list(BIDS.values()), list(TRICKS.values())
    error = refused(
        lambda: GameRecord(rules=SOLO, hands=[HandRecord(bids=bids, tricks=tricks, reneges=(1, 0))])
    )
    assert error.where == "hands[0].reneges"
    error = refused(
        lambda: GameRecord(
            rules=SOLO,
            hands=[HandRecord(bids=bids, tricks=tricks, written=(WrittenScore(points=72), None))],
        )
    )
    assert (error.where, error.message) == (
        "hands[0].written",
        "hands[0].written: " + shared_sentence("NS", partnerships=False),
    )
    written = {"N": WrittenScore(points=41)}
    error = refused(
        lambda: GameRecord(hands=[HandRecord(bids=bids, tricks=tricks, written=written)])
    )
    with pytest.raises(NotationError) as caught:
        parse_side(Seat.N, True)
    assert error.message == "hands[0].written: " + caught.value.message
    # By seat, a HandRecord's written scores are in seat order, a seat not given left None.
    hand = HandRecord(bids=bids, tricks=tricks, written={"S": WrittenScore(total=31)})
    assert hand.written == (None, None, WrittenScore(total=31), None)


# -- the schema ------------------------------------------------------------------------------------


def test_the_schema_takes_both_shapes_and_no_mixture() -> None:
    for data in (
        solo_data(reneges={"N": 0, "E": 1, "S": 0, "W": 0}, written={"W": {"total": 21}}),
        {**solo_data(), "start": {"scores": {"N": 1, "E": 2, "S": 3, "W": 4}}},
    ):
        VALIDATOR.validate(data)
    for data in (
        {**solo_data(), "start": {"bags": {"N": 1, "E": 2, "S": 3, "W": -1}}},
        {**solo_data(), "start": {"scores": {"NS": 1, "EW": 2, "N": 3}}},
        solo_data(written={"NS": {"total": 1}, "N": {"total": 1}}),
        {**solo_data(), "start": {"scores": {"N": 1, "E": 2, "W": 3}}},
    ):
        assert not VALIDATOR.is_valid(data)
        with pytest.raises(RecordError):
            from_data(data)
    # N, E and S alone is the shape of a table of three, which the schema cannot tell from these
    # rules of four: the reader refuses it, asking for West.
    for data in (
        {**solo_data(), "start": {"scores": {"N": 1, "E": 2, "S": 3}}},
        solo_data(reneges={"N": 1, "E": 0, "S": 0}),
    ):
        assert VALIDATOR.is_valid(data)
        with pytest.raises(RecordError, match="the field 'W' is missing"):
            from_data(data)


# -- spades score ----------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


ONE_HAND = ["score", "--bids", "4", "nil", "3", "2", "--tricks", "5", "1", "4", "3"]


@pytest.mark.parametrize(
    "rules",
    [["--set", "partnerships=false"], ["--rules", "standard", "--set", "partnerships=false"]],
)
def test_spades_score_scores_each_player_alone(
    capsys: pytest.CaptureFixture[str], rules: list[str]
) -> None:
    code, out, err = run(capsys, *ONE_HAND, *rules)
    assert code == 0 and not err
    assert out.splitlines() == [
        "Rules: standard, with partnerships=false",
        "N bid 4, took 5: contract made +40, 1 bag +1; bags now 1. Hand total +41.",
        "E bid nil, took 1: E nil failed -100. Hand total -100.",
        "S bid 3, took 4: contract made +30, 1 bag +1; bags now 1. Hand total +31.",
        "W bid 2, took 3: contract made +20, 1 bag +1; bags now 1. Hand total +21.",
        "Totals: N 41 (1 bag), E -100 (0 bags), S 31 (1 bag), W 21 (1 bag).",
    ]


def test_spades_score_takes_a_standing_and_reneges_by_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Before: N 100 with 3 bags, E -50 with 2, S 20, W 0. N: 100 + 41 = 141, 4 bags; E: -50 - 100
    # = -150; S: 20 + 31 = 51. W reneged once, renege_penalty=set: W's 2 is set, -20, no bag.
    solo = ["--set", "partnerships=false", "--set", "renege_penalty=set"]
    for before in (["100/3", "-50/2", "20", "0"], ["N=100/3", "E=-50/2", "S=20", "W=0"]):
        for reneges in (["W=1"], ["0", "0", "0", "1"]):
            argv = [*ONE_HAND, *solo, "--before", *before, "--reneges", *reneges]
            code, out, err = run(capsys, *argv)
            assert code == 0 and not err
            lines = out.splitlines()
            assert lines[1] == "W reneged once, as told with the counts: W set."
            assert (
                lines[-1]
                == "Totals: N 141 (4 bags), E -150 (2 bags), S 51 (1 bag), W -20 (0 bags)."
            )


def test_spades_score_under_a_solo_preset_ends_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    # solo_5_bags: nil +-50, 5 bags cost 50 and reset. N: 10 with 4 bags, +41 gives 5 bags: -50,
    # so 10 + 41 - 50 = 1; E: nil failed -50. Capped at one hand: S, 31, wins alone.
    argv = [*ONE_HAND, "--rules", "solo", "--set", "max_hands=1", "--before", "10/4", "0", "0", "0"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[-2] == "Totals: N 1 (0 bags), E -50 (0 bags), S 31 (1 bag), W 21 (1 bag)."
    assert (
        lines[-1] == "S wins, N 1, E -50, S 31, W 21, after 1 hand (the cap of 1 hand was reached)."
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["--set", "partnerships=false", "--reneges", "NS=1"],
            "--reneges: " + "{NS}",
        ),
        (
            ["--set", "partnerships=false", "--before", "NS=100", "EW=0"],
            "--before: " + "{NS}",
        ),
        (["--reneges", "N=1"], "--reneges: {N}"),
        (["--before", "N=1", "E=2", "S=3", "W=4"], "--before: {N}"),
        (
            ["--set", "partnerships=false", "--before", "100/3", "-50/2"],
            "--before: give four standings, N, E, S then W (like 120/3 80/7 -40/2 10), not 2.",
        ),
        (
            ["--set", "partnerships=false", "--reneges", "1", "0"],
            "--reneges: give four counts, N, E, S then W (like 1 0 0 0), or N=1, not 2 words.",
        ),
        (
            ["--set", "partnerships=false", "--reneges", "X=1"],
            "--reneges: name N, E, S or W once each, like N=1, not 'X=1'.",
        ),
        (
            ["--set", "partnerships=false", "--before", "N=1", "E=2", "S=3"],
            "--before: scores must give N, E, S and W once each, not 'N', 'E', 'S'.",
        ),
    ],
)
def test_spades_score_refuses_the_other_kind_of_side(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    message = message.format(
        NS=shared_sentence("NS", partnerships=False), N=shared_sentence("N", partnerships=True)
    )
    code, out, err = run(capsys, *ONE_HAND, *words)
    assert code == 2 and not out
    assert err.strip() == f"spades: error: {message}"


def test_spades_score_verifies_a_solo_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(solo_data(written={"W": {"total": 12}})))
    code, out, err = run(capsys, "score", str(path))
    assert code == 1 and not err
    assert "hand 1, W score: W wrote a total of 12; the rules give a total of 21." in out
    assert "The game is not over: N 41, E -100, S 31, W 21 after hand 1." in out
    code, out, err = run(capsys, "score", "--json", str(path))
    data = json.loads(out)
    assert data["hands"][0]["score"]["E"]["points"] == -100
    assert data["problems"][0]["team"] == "W"
    assert data["standing"]["scores"] == {"N": 41, "E": -100, "S": 31, "W": 21}


def test_spades_rules_shows_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "standard", "solo")
    assert code == 0
    assert out.splitlines()[1].split() == ["partnerships", "true", "->", "false"]
    code, out, _ = run(capsys, "rules", "standard")
    assert "  partnerships = true" in out.splitlines()


def test_the_same_hand_in_partnerships_keeps_team_keys() -> None:
    # NS bid 7 (N 4, S 3) and took 9: 70 + 2 bags = +72. EW bid 2 (W) and E nil: W's 3 tricks
    # make 2, 20 + 1 bag, and E's failed nil -100: -79.
    data = {**solo_data(written={"NS": {"total": 0}}), "rules": {"preset": "standard"}}
    record = from_data(data)
    assert json.loads(dumps(record))["start"]["scores"] == {"NS": 0, "EW": 0}
    assert record.hands[0].reneges == (0, 0)
    report = verify(record)
    assert report.standing.scores == (72, -79)
    assert [(p.team, p.message) for p in report.problems] == [
        (Team.NS, "NS wrote a total of 0; the rules give a total of 72.")
    ]
