"""``spades score FILE.txt`` and ``spades demo --save FILE.txt``: a paper score sheet is read and
checked as its JSON record is, with the same report and the same exit codes, each problem placed
by line and column; the demo writes one that ``spades score`` reads back."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from test_cli_arena import run

from paths import RECORDS
from spades.records import load, read_sheet, verify, write_sheet

#: The records of the tests told by their counts only: what a paper sheet holds whole (not the
#: fields of version 3, what the table did: the bidding in order, the table's verdict).
BY_COUNTS = sorted(
    path.name
    for path in RECORDS.glob("*.json")
    if json.loads(path.read_text())["version"] < 3
    and all(
        "deal" not in hand and "draw" not in hand for hand in json.loads(path.read_text())["hands"]
    )
)
#: A problem's place on the sheet, as the report adds it.
PLACE = re.compile(r" \(line [0-9]+, column [0-9]+\)")


def test_the_records_by_counts_are_many() -> None:
    assert len(BY_COUNTS) >= 30
    assert "dispute-nil-reading.json" in BY_COUNTS


@pytest.mark.parametrize("name", BY_COUNTS)
def test_a_sheet_has_the_report_and_exit_code_of_its_json_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    with (RECORDS / name).open() as file:
        record = load(file)
    sheet = tmp_path / "pad.txt"
    sheet.write_text(write_sheet(record), encoding="utf-8")
    assert read_sheet(sheet.read_bytes()).record == record
    json_code, json_out, _ = run(capsys, "score", str(RECORDS / name))
    code, out, err = run(capsys, "score", str(sheet))
    assert (code, err) == (json_code, "")
    assert PLACE.sub("", out) == json_out
    assert len(PLACE.findall(out)) == len(verify(record).problems)
    _, json_data, _ = run(capsys, "score", "--json", str(RECORDS / name))
    _, data, _ = run(capsys, "score", "--json", str(sheet))
    expected, given = json.loads(json_data), json.loads(data)
    for problem in given["problems"]:
        line, column = problem.pop("line"), problem.pop("column")
        assert problem["where"].endswith(f" (line {line}, column {column})")
        problem["where"] = PLACE.sub("", problem["where"])
    assert given == expected


def test_a_dispute_on_paper_names_the_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pad = tmp_path / "pad.txt"
    line = "1       4 3 nil 3      3 4 2 4          NS -59 | EW 62"
    pad.write_text(f"rules: standard\n# hand  bids N E S W   tricks N E S W   written\n{line}\n")
    code, out, _ = run(capsys, "score", str(pad))
    assert code == 1
    column = line.index("-59") + 1
    assert f"hand 1, NS score (line 3, column {column}): NS wrote -59 for the hand;" in out
    assert out.rstrip().endswith("Verdict: 1 problem found.")


def test_unusable_sheets_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pad = tmp_path / "pad.txt"
    pad.write_text("rules: standard\n1 4 3 nil x 5 3 0 5\n")
    code, out, err = run(capsys, "score", str(pad))
    assert (code, out) == (2, "")
    assert err == (
        f"spades: error: {pad}: line 2, column 11: 'x' is not a bid; write a number of tricks, "
        "nil, bn (blind nil), b6 (a blind 6), or - for none recorded.\n"
    )
    # A start the rules cannot reach makes the record unusable, as in JSON: at the start line.
    pad.write_text("rules: standard\nstart: NS 10 12, EW 0\n1 3 3 3 3 3 3 4 3\n")
    code, out, err = run(capsys, "score", str(pad))
    assert (code, out) == (2, "")
    assert err.startswith(f"spades: error: {pad}: start (line 2, column 1): NS cannot start with")
    code, out, _ = run(capsys, "score", "--json", str(pad))
    assert code == 2 and json.loads(out)["error"]["where"] == f"{pad}: start (line 2, column 1)"


def test_a_sheet_on_standard_input_is_known_by_its_first_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for text in ("rules: standard\n1 4 3 3 3 4 3 3 3\n", "# a pad\nrules: standard\n"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        code, out, _ = run(capsys, "score", "-")
        assert code == 0 and "Verdict: consistent." in out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{not json")))
    code, _, err = run(capsys, "score", "-")
    assert code == 2 and "not valid JSON" in err


def test_demo_saves_a_paper_sheet_by_its_suffix(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    paper, record = tmp_path / "game.txt", tmp_path / "game.json"
    argv = ("demo", "--players", "medium", "--seed", "5")
    code, out, err = run(capsys, *argv, "--save", str(paper))
    assert (code, err) == (0, "")
    assert out.rstrip().endswith(f"Saved the game to {paper}.")
    run(capsys, *argv, "--save", str(record))
    text = paper.read_text(encoding="utf-8")
    assert text.startswith("rules: standard\n# hand, bids N E S W, tricks N E S W, written")
    with record.open() as file:
        game = load(file)
    assert text == write_sheet(game, scores=True)
    code, out, _ = run(capsys, "score", str(paper))
    assert code == 0
    assert (
        "Verdict: consistent. Every action is legal under these rules; every written score " in out
    )
    report = verify(game)
    assert str(report.result) in out


#: The records of the tests with their cards (before version 3): what a sheet holds with them.
WITH_CARDS = sorted(
    path.name
    for path in RECORDS.glob("*.json")
    if json.loads(path.read_text())["version"] < 3 and path.name not in BY_COUNTS
)


def test_a_card_played_against_the_rules_has_its_line_and_column_in_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # House-rules scenario 20 with East's Kd played to trick 7 while holding 4 hearts (as in
    # tests/records/test_verify.py): a renege, which the standard rules do not allow.
    data = json.loads((RECORDS / "s20-breaking-spades-any-spade.json").read_text())
    data["hands"][0]["plays"][6] = ["8h", "Kd", "4d", "4s"]
    data["hands"][0]["plays"][8] = ["6s", "Th", "3h", "6d"]
    record = load(io.StringIO(json.dumps(data)))
    text = write_sheet(record, cards=True)
    sheet = tmp_path / "game.txt"
    sheet.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "score", "--json", str(sheet))
    assert code == 1
    (problem,) = [p for p in json.loads(out)["problems"] if p["reason"] == "revoke"]
    assert problem["where"].startswith("hand 1, trick 7, E plays Kd")
    lines = text.splitlines()
    line = lines[problem["line"] - 1]
    assert line.startswith("plays: ") and "8h Kd 4d 4s" in line
    assert line[problem["column"] - 1 :].startswith("Kd 4d 4s")


@pytest.mark.parametrize("name", WITH_CARDS)
def test_a_sheet_with_the_cards_has_the_report_and_exit_code_of_its_json_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    with (RECORDS / name).open() as file:
        record = load(file)
    sheet = tmp_path / "game.txt"
    sheet.write_text(write_sheet(record, cards=True), encoding="utf-8")
    json_code, json_out, json_err = run(capsys, "score", str(RECORDS / name))
    code, out, err = run(capsys, "score", str(sheet))
    assert code == json_code
    if code == 2:  # unusable: the same sentence, placed on the sheet
        assert PLACE.sub("", err).replace(str(sheet), "F") == json_err.replace(
            str(RECORDS / name), "F"
        )
        return
    assert err == ""
    assert PLACE.sub("", out) == json_out
    assert len(PLACE.findall(out)) == len(verify(record).problems)
