"""Paper score sheets (spades.records.paper): a pad's text read as the record the JSON reader
builds from the same values, checked by the same checks with the same sentences, every problem
placed by line and column; sheets written from played games read back as the same record and the
same report, at every table; and no text raises anything but RecordError."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_record_properties import SETTINGS, games

from paths import RECORDS
from spades import Bid, GameState, RecordError, RuleSet, Seat, Standing, Team
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    WrittenScore,
    dumps,
    load,
    loads,
    read_sheet,
    render_report,
    rules_line,
    to_record,
    verify,
    write_sheet,
)
from spades.table import Table
from strategies import rulesets
from tables import TableKind

PAD = """\
# Friday at the club: the pad from table 3
rules: standard
start: NS 120 3, EW 80 1, dealer E
# hand  bids N E S W   tricks N E S W   written: points total bags
5       4 3 nil 2      5 3 0 5          NS 141 261 4 | EW 53 133 4
6       3 3 3 3        3 3 4 3          NS 61 322 5  | EW 60 183 4
note: E claimed the last two tricks
"""

#: The same game as a JSON record: what the pad's values are.
PAD_JSON = {
    "format": "spades-record",
    "version": 2,
    "rules": {"preset": "standard"},
    "start": {"dealer": "E", "hand_number": 5, "scores": {"NS": 120, "EW": 80},
              "bags": {"NS": 3, "EW": 1}},
    "hands": [
        {
            "bids": {"N": 4, "E": 3, "S": "nil", "W": 2},
            "tricks": {"N": 5, "E": 3, "S": 0, "W": 5},
            "written": {"NS": {"points": 141, "total": 261, "bags": 4},
                        "EW": {"points": 53, "total": 133, "bags": 4}},
        },
        {
            "bids": {"N": 3, "E": 3, "S": 3, "W": 3},
            "tricks": {"N": 3, "E": 3, "S": 4, "W": 3},
            "written": {"NS": {"points": 61, "total": 322, "bags": 5},
                        "EW": {"points": 60, "total": 183, "bags": 4}},
            "note": "E claimed the last two tricks",
        },
    ],
}  # fmt: skip


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_sheet(text)
    return caught.value


# -- the same record, the same report --------------------------------------------------------------


def test_a_pad_is_the_record_its_json_is_and_has_the_same_report() -> None:
    sheet = read_sheet(PAD)
    record = loads(json.dumps(PAD_JSON))
    assert sheet.record == record
    report = verify(sheet.record)
    assert report == verify(record)
    (problem,) = report.problems  # EW's total is 10 short: 133 + 60 is 193
    assert (problem.reason, problem.hand, problem.team) == (
        RecordReason.SCORE_MISMATCH,
        6,
        Team.EW,
    )
    placed = sheet.placed(report)
    column = PAD.splitlines()[5].index("183") + 1  # the total that differs
    where = f"hand 6, EW score (line 6, column {column})"
    assert placed.problems[0].where == where
    # Everything else in the report is as verify() gave it.
    assert placed.hands[1].problems == placed.problems
    assert (placed.standing, placed.result, placed.record) == (
        report.standing,
        report.result,
        report.record,
    )
    assert render_report(placed) == render_report(report).replace("hand 6, EW score:", where + ":")


def test_tokens_are_tolerant_of_spacing_case_and_separators() -> None:
    tight = (
        "RULES:standard;target_score=300\n\n"
        "  1 4 3 NIL 2\t5 3 0 5 NS 141 141 1 EW 53 53 3  # the first hand\n"
    )
    loose = (
        "rules: standard, with target_score=300\n1 4 3 nil 2 5 3 0 5 | ns 141 141 1 | ew 53 53 3\n"
    )
    assert read_sheet(tight).record == read_sheet(loose).record
    assert read_sheet(tight).record.rules.target_score == 300


def test_bids_of_every_kind_and_fields_not_written() -> None:
    text = (
        "rules: standard, with blind_nil=true, blind_bid=6\n1 bn b6 nil - 0 6 2 5 NS - 90 | EW 50\n"
    )
    hand = read_sheet(text).record.hands[0]
    assert hand.bids == (Bid.BLIND_NIL, Bid(6, blind=True), Bid.NIL, None)
    assert hand.written == (WrittenScore(total=90), WrittenScore(points=50))


def test_the_start_and_the_hand_number() -> None:
    record = read_sheet("rules: standard\nstart: dealer W, hand 3\n").record
    assert record.start == Standing(dealer=Seat.W, hand_number=3, scores=(0, 0), bags=(0, 0))
    record = read_sheet("rules: standard\nstart: EW -40, NS 10 2\n7 3 3 3 3 3 3 4 3\n").record
    assert record.start == Standing(hand_number=7, scores=(10, -40), bags=(2, 0))


def test_notes_and_reneges_told() -> None:
    text = (
        "rules: standard\nnote: the pad from table 3\nnote: second line\n"
        "1 4 3 2 3 4 3 3 3 reneges EW 1\nnote: W reneged in trick 9\n"
    )
    record = read_sheet(text).record
    assert record.note == "the pad from table 3\nsecond line"
    assert record.hands[0].note == "W reneged in trick 9"
    assert record.hands[0].reneges == (0, 1)


def test_every_table_names_its_sides(table_kind: TableKind) -> None:
    seats = " ".join(["3"] * table_kind.players)
    took = {4: "3 3 4 3", 3: "5 6 6", 2: "6 7"}[table_kind.players]
    names = [str(side) for side in table_kind.sides]
    written = " | ".join(f"{name} 10" for name in names)
    options = ", ".join(f"{k}={str(v).lower()}" for k, v in table_kind.options.items())
    rules = f"rules: standard{', with ' + options if options else ''}"
    record = read_sheet(f"{rules}\n1 {seats} {took} {written}\n").record
    assert record.rules == table_kind.rules
    assert record.hands[0].written == (WrittenScore(points=10),) * len(names)


# -- every problem with its line and column --------------------------------------------------------

RULES = "rules: standard\n"
HAND = "1 4 3 nil 2 5 3 0 5"

PROBLEMS = [
    # (text, line, column, reason, the message)
    ("# only a comment\n\n", 1, 1, "missing_field", "the sheet has no rules"),
    (HAND + "\n", 1, 1, "missing_field", "a sheet begins with its rules"),
    ("rules: standrd\n", 1, 8, "bad_rules", "'standrd' is not a preset (did you mean standard?)"),
    ("rules:\n", 1, 1, "bad_sheet", "name the rules after 'rules:'"),
    ("rules: standard target_score=300\n", 1, 17, "bad_sheet", "write a comma between"),
    ("rules: standard, with target_score=x\n", 1, 23, "bad_rules",
     "target_score must be a whole number, not 'x'."),
    ("rules: standard, with colour=red\n", 1, 23, "bad_rules", "colour"),
    ("rules: standard, target_score\n", 1, 18, "bad_rules", "write option=value"),
    (RULES + RULES, 2, 1, "bad_sheet", "the rules are given twice (first on line 1)"),
    (RULES + "start: NS 120\n", 2, 1, "missing_field", "the start gives no score for EW."),
    (RULES + "start: NS 1 2 3, EW 0\n", 2, 8, "bad_sheet", "write NS's score then its bags"),
    (RULES + "start: N 1, EW 0\n", 2, 8, "bad_team",
     "North does not score alone in a partnership game; name the team, NS."),
    (RULES + "start: dealer Q\n", 2, 15, "bad_seat", "'Q' is not a seat; use N, E, S or W."),
    (RULES + "start: NS 10 -1, EW 0\n", 2, 14, "out_of_range", "at least 0"),
    (RULES + "start: hand 2\n1 3 3 3 3 3 3 4 3\n", 3, 1, "bad_sheet",
     "the start is hand 2, so this is hand 2, not 1."),
    (RULES + HAND + "\n" + "3 3 3 3 3 3 3 4 3\n", 3, 1, "bad_sheet",
     "hand 1 is followed by hand 2, not 3"),
    (RULES + HAND + "\nstart: NS 1, EW 1\n", 3, 1, "bad_sheet", "the start comes before"),
    (RULES + "hello\n", 2, 1, "bad_sheet", "'hello' begins no line of a sheet"),
    (RULES + "1 4 3 nil x 5 3 0 5\n", 2, 11, "bad_bid", "'x' is not a bid"),
    (RULES + "1 4 3 nil 14 5 3 0 5\n", 2, 11, "bad_bid", "a bid is nil or 1 to 13 tricks"),
    (RULES + "1 4 3 nil 2 5 3 0\n", 2, 18, "missing_field", "expected the tricks West took here"),
    (RULES + "1 4 3 nil 2 5 3 x 5\n", 2, 17, "wrong_type", "'x' is not a number of tricks."),
    (RULES + HAND + " N 3\n", 2, 21, "bad_team", "North does not score alone"),
    (RULES + HAND + " NS\n", 2, 21, "missing_field", "write NS's points, total and bags"),
    (RULES + HAND + " NS 1 2 3 4\n", 2, 30, "bad_sheet", "at most three numbers"),
    (RULES + HAND + " NS 1 | NS 2\n", 2, 28, "bad_sheet", "NS's score is written twice."),
    (RULES + HAND + " XY 1\n", 2, 21, "bad_side", "'XY' is not a side"),
    (RULES + HAND + " NS 1 bags\n", 2, 26, "bad_side", "'bags' is not a side"),
    (RULES + HAND + " reneges NS\n", 2, 21, "bad_sheet", "write reneges, the side"),
    (RULES + HAND + " reneges NS -1\n", 2, 32, "wrong_type", "NS's reneges must be at least 0"),
    (RULES + HAND + " NS " + "9" * 40 + "\n", 2, 24, "out_of_range", "too large for a record"),
    (RULES + HAND + " NS " + "9" * 20 + "\n", 2, 24, "out_of_range", "too large for a record"),
    ("rules: cutthroat3\n" + HAND + "\n", 2, 17, "bad_sheet",
     "a hand under these rules has 3 bids and 3 trick counts, for N, E and S"),
    (RULES + "1 4 3 nil b0 5 3 0 5\n", 2, 11, "bad_bid", "'b0' is not a bid"),
    (RULES + "1 4 3 nil 0 5 3 0 5\n", 2, 11, "bad_bid", ""),
    (RULES + "1 4 3 nil 2 5 3 0 5 | NS 1, EW 1\n", 2, 27, "bad_sheet", "',' does not belong"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "column", "reason", "message"), PROBLEMS)
def test_every_problem_is_placed_by_line_and_column(
    text: str, line: int, column: int, reason: str, message: str
) -> None:
    if text.endswith("1 4 3 nil 0 5 3 0 5\n"):  # zero is nil unless the rules say otherwise
        assert read_sheet(text).record.hands[0].bids[3] == Bid.NIL
        text = text.replace("standard", "standard, with zero_bid_is_nil=false")
        line, column, message = 2, 11, "a bid of 0 is not used under these rules"
    error = error_of(text)
    assert (error.where, error.reason) == (f"line {line}, column {column}", reason), error
    assert message in error.message
    assert error.message.startswith(f"line {line}, column {column}: ")


def test_every_bad_line_is_placed_in_the_error_of_the_first() -> None:
    text = RULES + "1 4 3 nil x 5 3 0 5\n2 3 3 3 3 3 3 4 3 NS\n3 3 3 3 3 3 3 4 3 XY 1\n"
    error = error_of(text)
    assert error.where == "line 2, column 11"
    assert error.message.endswith("(and 2 more problems: line 3, column 19; line 4, column 19)"), (
        error.message
    )
    many = RULES + "".join(f"{n} 3 3 3 x 3 3 4 3\n" for n in range(1, 7))
    assert error_of(many).message.endswith(
        "(and 5 more problems: line 3, column 9; line 4, column 9; line 5, column 9; ...)"
    )
    # After a bad rules line nothing more is read.
    assert "more" not in error_of("rules: nope\n1 x\n").message


def test_the_record_checks_say_what_the_json_reader_says() -> None:
    """The checks of the record types are the reader's: the same sentence, at the sheet's place."""
    data = json.loads(json.dumps(PAD_JSON))
    data["hands"][0]["bids"]["W"] = 14
    with pytest.raises(RecordError) as json_error:
        loads(json.dumps(data))
    pad = PAD.replace("nil 2 ", "nil 14", 1)
    place = f"line 5, column {pad.splitlines()[4].index('14') + 1}"
    sheet_error = error_of(pad)
    assert json_error.value.where == "hands[0].bids.W"
    assert sheet_error.where == place
    assert sheet_error.message.removeprefix(place + ": ") == (
        json_error.value.message.removeprefix("hands[0].bids.W: ")
    )


def test_problems_verify_finds_are_placed_at_the_value_they_name() -> None:
    lines = [
        "rules: standard",
        "1 4 bn 3 3     5 0 4 4",
        "2 4 3 - 3      5 3 2 3",
        "3 4 3 3 3      5 3 2 2",
    ]
    sheet = read_sheet("\n".join(lines))
    report = verify(sheet.record)
    places = {(p.hand, str(p.reason)): sheet.place(p, report) for p in report.problems}
    assert places == {
        (1, "blind_nil_not_allowed"): (2, 5),  # East's bid
        (2, "missing_bid"): (3, 7),  # the bids, at the first one not recorded
        (3, "bad_tricks"): (4, 16),  # the trick counts
    }
    line = "1 4 3 3 3      5 3 2 3    NS 70 - 0 | EW 60 61"
    sheet = read_sheet(f"rules: standard\n{line}")
    report = verify(sheet.record)
    (mismatch,) = report.problems
    assert sheet.place(mismatch, report) == (2, line.index("61") + 1)  # the number that differs
    # A side's written score: at the side's name, when the report is not given.
    assert sheet.place(mismatch) == (2, line.index("EW") + 1)
    over = read_sheet(
        "rules: standard, with target_score=100\n1 6 3 4 2 7 2 4 0\n2 3 3 3 3 3 3 3 4"
    )
    (problem,) = verify(over.record).problems
    assert problem.reason is RecordReason.AFTER_GAME_OVER
    assert over.place(problem) == (3, 1)


# -- written sheets read back --------------------------------------------------------------------


def on_paper(record: GameRecord) -> GameRecord:
    """``record`` as a pad holds it: by its counts, the reneges of its plays told with them, no
    hand thrown in and no last hand in progress (the witness of what write_sheet keeps)."""
    report = verify(record)
    hands = []
    for index, hand in enumerate(record.hands):
        told = report.hands[index]
        if hand.redeal is not None or told.tricks is None:
            continue
        reneges = list(hand.reneges)
        for renege in told.reneges:
            reneges[record.rules.sides.index(renege.side(record.rules))] += 1
        hands.append(
            HandRecord(
                bids=hand.bids,
                tricks=told.tricks,
                written=hand.written,
                note=hand.note,
                reneges=reneges,
            )
        )
    return GameRecord(
        rules=record.rules, preset=record.preset, start=record.start, hands=hands, note=record.note
    )


def test_a_played_game_reads_back_with_the_same_report(table_kind: TableKind) -> None:
    rules = table_kind.preset_rules
    state = Table(["medium"] * rules.players, rules=rules, seed=3).play()
    record = to_record(state, preset=table_kind.preset)
    text = write_sheet(record)
    back = read_sheet(text).record
    assert back == on_paper(record) == loads(dumps(on_paper(record)))
    full, paper = verify(record), verify(back)
    assert paper.ok and full.ok
    assert [hand.score for hand in paper.hands] == [hand.score for hand in full.hands]
    assert (paper.standing, paper.result) == (full.standing, full.result)
    assert write_sheet(back) == text
    # With the scores a scorer writes, every one of them matches.
    scored = read_sheet(write_sheet(record, scores=True)).record
    assert verify(scored).ok and all(all(hand.written) for hand in scored.hands)


@SETTINGS
@given(games())
def test_random_games_read_back_as_the_record_on_paper(state: GameState) -> None:
    record = to_record(state)
    paper = on_paper(record)
    back = read_sheet(write_sheet(record)).record
    assert back == paper
    a, b = verify(record), verify(back)
    scored_a = [hand.score for hand in a.hands if hand.score is not None]
    scored_b = [hand.score for hand in b.hands if hand.score is not None]
    assert scored_a[: len(scored_b)] == scored_b


WRITTEN = st.none() | st.builds(
    WrittenScore,
    points=st.none() | st.integers(-500, 500),
    total=st.none() | st.integers(-1000, 1000),
    bags=st.none() | st.integers(0, 20),
).filter(lambda score: score != WrittenScore())


@SETTINGS
@given(st.data())
def test_records_of_counts_round_trip_with_their_written_scores(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([RuleSet(), RuleSet(partnerships=False)]))
    sides = len(rules.sides)
    hands = []
    for _ in range(data.draw(st.integers(0, 4))):
        bids = data.draw(st.lists(st.sampled_from([None, Bid.NIL, Bid(1), Bid(13)]), min_size=4,
                                  max_size=4))  # fmt: skip
        hands.append(
            HandRecord(
                bids=bids,
                tricks=data.draw(st.lists(st.integers(0, 13), min_size=4, max_size=4)),
                written=data.draw(st.lists(WRITTEN, min_size=sides, max_size=sides)),
                reneges=data.draw(st.lists(st.integers(0, 2), min_size=sides, max_size=sides)),
                note=data.draw(st.sampled_from(["", "a note", "two\nlines"])),
            )
        )
    start = Standing(
        dealer=data.draw(st.sampled_from(Seat)),
        hand_number=data.draw(st.integers(1, 9)),
        scores=tuple(data.draw(st.integers(-200, 200)) for _ in range(sides)),
        bags=tuple(data.draw(st.integers(0, 9)) for _ in range(sides)),
    )
    record = GameRecord(rules=rules, start=start, hands=hands, note="the game")
    assert read_sheet(write_sheet(record)).record == record


# -- no text raises anything but RecordError -------------------------------------------------------

TEXT = st.text(st.sampled_from(list("0123456789 -+|,;#:=\n\tbnilNSEWrulesstartnote_\u00e9\u2028")))


@SETTINGS
@given(st.one_of(TEXT, st.text(), TEXT.map(lambda text: RULES + text)))
def test_no_text_raises_anything_but_record_error(text: str) -> None:
    try:
        read_sheet(text)
    except RecordError as error:
        assert error.where == "" or error.where.startswith("line ")


@SETTINGS
@given(st.integers(0, 2**32))
def test_damaged_pads_read_or_are_refused_with_a_place(seed: int) -> None:
    rng = random.Random(seed)
    text = list(PAD)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text))
        roll = rng.random()
        if roll < 0.4:
            del text[at]
        elif roll < 0.8:
            text.insert(at, rng.choice("0123456789 -|,#\nNSEWbx"))
        else:
            text[at] = rng.choice("0123456789 -|x")
    try:
        read_sheet("".join(text).encode("utf-8"))
    except RecordError as error:
        assert error.where.startswith("line "), error


def test_bytes_and_what_is_not_text() -> None:
    assert read_sheet(PAD.encode("utf-8-sig")).record == read_sheet(PAD).record
    assert error_of(b"\xff rules").reason == "bad_sheet"  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a sheet is text, not int"):
        read_sheet(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="write_sheet\\(\\) writes a GameRecord"):
        write_sheet("rules: standard")  # type: ignore[arg-type]


@pytest.mark.parametrize("penalty", ["set", "tricks", "points"])
def test_a_renege_in_the_plays_is_told_with_the_counts_and_scores_the_same(penalty: str) -> None:
    # House-rules scenario 20 with East's Kd played to trick 7 while holding 4 hearts (as in
    # tests/records/test_verify.py): a renege by EW, which the rules penalise.
    data = json.loads((RECORDS / "s20-breaking-spades-any-spade.json").read_text())
    hand = data["hands"][0]
    hand["plays"][6] = ["8h", "Kd", "4d", "4s"]
    hand["plays"][8] = ["6s", "Th", "3h", "6d"]
    hand.pop("written", None)
    data["rules"] = {"preset": "standard", "options": {"renege_penalty": penalty}}
    record = loads(json.dumps(data))
    text = write_sheet(record, scores=True)
    assert text.splitlines()[-1].endswith("| reneges EW 1")
    back = read_sheet(text).record
    assert back.hands[0].reneges == (0, 1)
    full, paper = verify(record), verify(back)
    assert paper.ok, [str(problem) for problem in paper.problems]
    assert [hand.score for hand in paper.hands] == [hand.score for hand in full.hands]


@SETTINGS
@given(rulesets())
def test_any_rules_are_written_in_the_header_and_read_back(rules: RuleSet) -> None:
    record = GameRecord(rules=rules)
    text = write_sheet(record)
    assert text.startswith(f"rules: {record.preset}")
    assert read_sheet(text).record == record
    # The rules line of a report reads back too.
    assert read_sheet(rules_line(record)).record == record


def test_a_sheet_leaves_off_what_only_a_version_3_record_holds() -> None:
    # The bidding in order, hands thrown in and the table's verdict: the sheet writes the bids
    # by seat and the hands played, and checks the same.
    with (RECORDS / "what-the-table-did.json").open(encoding="utf-8") as file:
        record = load(file)
    sheet = read_sheet(write_sheet(record))
    assert [hand.bids for hand in sheet.record.hands] == [hand.bids for hand in record.hands[1:]]
    assert sheet.record.verdict is None
    assert verify(sheet.record).standing == verify(record).standing
