"""What a record's check says in plain words (issue 21): an addition slip as the sum it should
have been, the items of the rules' score that together explain a written score (or that none
do), a bid written with a decimal point, an empty file, and every problem that makes a record
unusable named.

Each sentence is asserted whole, as a person reads it, with its machine-readable ``reason`` and
``cause``; a paper sheet of the same record gives the same sentence (tests/cli/test_score_sheets
checks every record of tests/data/records that way).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paths import RECORDS
from spades import RecordError, Team
from spades.cli import main
from spades.records import (
    RecordReason,
    from_data,
    loads,
    read_sheet,
    render_report,
    verify,
    write_sheet,
)


def data(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
    return result


# -- an addition slip -----------------------------------------------------------------------------

SLIP = (
    "NS wrote +70 for the hand and a total of 310; the rules give +70 for the hand and a total "
    "of 300. Hand 5's total should be 230 + 70 = 300 (the last total written plus the hand's "
    "points); written 310, an addition slip of +10."
)


def test_an_addition_slip_is_said_as_the_sum_it_should_have_been() -> None:
    report = verify(from_data(data("addition-slip")))
    (problem,) = report.problems
    assert problem.where == "hand 5, NS score"
    assert problem.reason is RecordReason.SCORE_MISMATCH
    assert problem.message == SLIP
    assert problem.cause == "addition_slip"
    assert problem.parted_at is None  # the hand's points are right: nothing parts from the rules
    assert problem.to_data()["cause"] == "addition_slip"


def test_an_addition_slip_on_a_paper_sheet_says_the_same() -> None:
    sheet = read_sheet(write_sheet(from_data(data("addition-slip"))))
    (problem,) = verify(sheet.record).problems
    assert (problem.message, problem.cause) == (SLIP, "addition_slip")


def test_a_slip_in_the_first_hand_counts_from_the_start() -> None:
    record = data("addition-slip")
    record["hands"][0]["written"]["NS"] = {"points": 70, "total": 240}  # 160 + 70 = 230
    problem = verify(from_data(record)).problems[0]
    assert problem.where == "hand 4, NS score"
    assert problem.message.endswith(
        "Hand 4's total should be 160 + 70 = 230 (the total before it plus the hand's points); "
        "written 240, an addition slip of +10."
    )
    assert problem.cause == "addition_slip"


def test_a_total_carried_wrong_is_not_a_slip() -> None:
    # Hand 4's total is 10 over; hand 5 adds its 70 to it correctly: 240 + 70 = 310.
    record = data("addition-slip")
    record["hands"][0]["written"]["NS"] = {"points": 70, "total": 240}
    problem = verify(from_data(record)).problems[1]
    assert problem.where == "hand 5, NS score"
    assert problem.cause == "total_carried"
    assert "The running total has been +10 off since hand 4" in problem.message
    assert "addition slip" not in problem.message


# -- which items explain a difference -------------------------------------------------------------


def test_items_that_together_explain_a_difference_are_named() -> None:
    (problem,) = verify(from_data(data("items-together"))).problems
    assert problem.message == "NS wrote +102 for the hand; the rules give +42 for the hand."
    assert problem.parted_at == (
        "Together, 'contract made +40' and 'penalty -100' explain the difference of +60: the "
        "written score leaves them out."
    )
    assert problem.cause == "items_left_out"


def test_items_counted_the_other_way_together_are_named() -> None:
    # The same hand written +42 - 2 * (40 - 100) = +162: the contract and the penalty reversed.
    record = data("items-together")
    record["hands"][0]["written"]["NS"] = {"points": 162}
    (problem,) = verify(from_data(record)).problems
    assert problem.parted_at == (
        "Together, 'contract made +40' and 'penalty -100' explain the difference of +120: the "
        "written score counts each of them the other way."
    )
    assert problem.cause == "items_reversed"


def test_a_difference_no_items_explain_says_so() -> None:
    record = data("items-together")
    record["hands"][0]["written"]["NS"] = {"points": 55}  # +13: no item or items give it
    (problem,) = verify(from_data(record)).problems
    assert problem.parted_at == (
        "No item of the rules' score, alone or with others, explains the difference of +13: "
        "leaving items out or counting them the other way does not give the written score."
    )
    assert problem.cause == "unexplained"


def test_one_item_left_out_is_still_named_alone() -> None:
    record = data("items-together")
    record["hands"][0]["written"]["NS"] = {"points": 142}  # the penalty alone left out
    (problem,) = verify(from_data(record)).problems
    assert problem.parted_at == (
        "They part at 'penalty -100': the written score leaves it out, as bag_back=true would."
    )
    assert problem.cause == "item_left_out"


# -- reading: a bid with a decimal point, an empty file -------------------------------------------


def one_bid(bid: object) -> str:
    return json.dumps(
        {
            "format": "spades-record",
            "version": 2,
            "rules": {"preset": "standard"},
            "hands": [{"bids": {"N": bid, "E": 3, "S": 3, "W": 3}, "tricks": [4, 3, 3, 3]}],
        }
    )


@pytest.mark.parametrize(
    ("bid", "message"),
    [
        (
            3.5,
            "hands[0].bids.N: 3.5 is not a whole number, so not a bid; write 1 to 13, 'nil' or "
            "'blind nil'.",
        ),
        (
            4.0,
            "hands[0].bids.N: 4.0 is not a bid as a record writes one; write the whole number 4, "
            "without a decimal point.",
        ),
    ],
)
def test_a_bid_with_a_decimal_point_is_quoted(bid: float, message: str) -> None:
    with pytest.raises(RecordError) as info:
        loads(one_bid(bid))
    assert (str(info.value), info.value.reason) == (message, "wrong_type")


def test_a_number_with_a_decimal_point_elsewhere_is_quoted() -> None:
    text = one_bid(3).replace('"tricks": [4, 3, 3, 3]', '"tricks": [4, 3, 2.5, 3]')
    with pytest.raises(RecordError) as info:
        loads(text)
    assert str(info.value) == "hands[0].tricks[2]: must be a whole number, not 2.5."


@pytest.mark.parametrize("text", ["", "   \n\t\n", b"", b"\xef\xbb\xbf\n"])
def test_an_empty_file_is_said_to_be_empty(text: str | bytes) -> None:
    with pytest.raises(RecordError) as info:
        loads(text)
    error = info.value
    assert (str(error), error.where, error.reason) == (
        "the file is empty: a record is a JSON object.",
        "",
        "empty_file",
    )


def test_an_empty_paper_sheet_is_said_to_be_empty() -> None:
    with pytest.raises(RecordError) as info:
        read_sheet("\n\n")
    assert str(info.value) == (
        "the file is empty: a score sheet begins with its rules, like 'rules: standard'."
    )
    assert info.value.reason == "empty_file"


# -- every problem that makes a record unusable, named --------------------------------------------


def test_spades_score_names_every_problem_that_makes_a_record_unusable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = data("s20-breaking-spades-any-spade")
    deal = record["hands"][0]["deal"]
    # Three seats' hands swapped for one another's wrong way: a card twice, a card missing.
    north, east = deal["N"], deal["E"]
    deal["N"], deal["E"] = north[:-1] + east[-1], east[:-1] + east[-1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    problems = verify(from_data(record)).unusable_problems
    assert len(problems) >= 2
    rest = "; ".join(problem.sentence.removesuffix(".") for problem in problems[1:4])
    assert err == (
        f"spades: error: {path}: {problems[0].where}: {problems[0].message} Also unusable: {rest}."
    )


# -- one hand the rules cannot score does not stop the check ---------------------------------------

RESUMED = (
    "The rules could not score hand 1, so the standing is checked in full only up to it: from "
    "hand 2 on, each hand is checked from the scores written after hand 1 (NS 61 with 1 bag, EW "
    "40 with 0 bags), and its totals, and the game's result, depend on them."
)


def test_later_hands_are_checked_from_the_scores_written_after_an_unscored_hand() -> None:
    report = verify(from_data(data("unscored-hand-then-checked")))
    assert [problem.where for problem in report.problems] == [
        "hand 1, trick counts",
        "hand 3, NS score",
    ]
    assert report.problems[0].message.endswith(
        "so the hand cannot be scored; later hands are checked from the scores written after it."
    )
    # Hand 3's slip is found against the written 131 of hand 2, itself from hand 1's written 61.
    assert report.problems[1].cause == "addition_slip"
    assert [hand.standing_from for hand in report.hands] == [None, 1, 1]
    assert report.hands[0].score is None
    assert not report.complete
    (resumed,) = report.resumed
    assert (resumed.hand, resumed.standing is not None) == (1, True)
    assert resumed.text(report.record.rules) == RESUMED
    assert report.standing.scores == (181, 144)


def test_the_report_says_where_the_check_of_the_standing_stopped_being_complete() -> None:
    report = verify(from_data(data("unscored-hand-then-checked")))
    text = render_report(report)
    assert "                 as written: NS 61, EW 40; later hands are checked from it" in text
    assert (
        "The game is not over: NS 181, EW 144 after hand 3. Counted from the scores written "
        "after hand 1, which the rules could not score." in text
    )
    assert RESUMED in text
    out = report.to_data()
    assert out["complete"] is False
    assert out["resumed"] == [
        {
            "hand": 1,
            "standing": {"scores": {"NS": 61, "EW": 40}, "bags": {"NS": 1, "EW": 0}},
            "bags_kept": [],
            "text": RESUMED,
        }
    ]
    assert [hand.get("standing_from") for hand in out["hands"]] == [None, 1, 1]
    whole = verify(from_data(data("addition-slip"))).to_data()
    assert (whole["complete"], whole["resumed"]) == (True, [])


def test_bags_not_written_are_kept_from_before_and_said_so() -> None:
    record = data("unscored-hand-then-checked")
    del record["hands"][0]["written"]["EW"]["bags"]
    report = verify(from_data(record))
    assert "(EW: no bags written, so the bags before it)" in report.resumed[0].text(
        report.record.rules
    )
    assert report.resumed[0].bags_kept == (Team.EW,)


def test_with_nothing_written_the_next_written_totals_give_the_standing_again() -> None:
    record = data("unscored-hand-then-checked")
    del record["hands"][0]["written"]
    report = verify(from_data(record))
    assert report.problems[0].message.endswith("; later hands are not scored either.")
    # Hand 2 cannot be scored without the standing before it, but its written totals (131 with
    # 1 bag, 82 with 2) give the standing hand 3 is checked from.
    assert [hand.score is None for hand in report.hands] == [True, True, False]
    assert [hand.standing_from for hand in report.hands] == [None, None, 2]
    first, second = report.resumed
    assert first.standing is None
    assert first.text(report.record.rules) == (
        "The rules could not score hand 1, and no total written after it gives the standing, so "
        "later hands are not scored until one does."
    )
    assert second.hand == 2 and second.standing is not None
    assert second.standing.scores == (131, 82)
    assert report.problems[-1].where == "hand 3, NS score"


def test_an_unscored_hand_on_a_paper_sheet_gives_the_same_report() -> None:
    record = from_data(data("unscored-hand-then-checked"))
    sheet = read_sheet(write_sheet(record))
    assert verify(sheet.record).to_data() == verify(record).to_data()
