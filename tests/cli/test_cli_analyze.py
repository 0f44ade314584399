"""``spades analyze``: a record's hands analysed double dummy from the command line, the record
read (and refused) as ``spades score`` reads it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from endings import play_out, played_to

from spades import GameState, Seat
from spades.analysis import GameAnalysis, analyze
from spades.cli import main
from spades.records import dumps, read_sheet, to_record, verify, write_sheet


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def game(seed: int = 1) -> GameState:
    return play_out(played_to("standard", seed, 3, nil=Seat.E), seed)


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(dumps(to_record(game())), encoding="utf-8")
    return path


def test_the_report_is_the_analysis_text(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    code, out, err = run(capsys, "analyze", str(record), "--last-tricks", "3")
    assert (code, err) == (0, "")
    assert out == analyze(game(), last_tricks=3).to_text() + "\n"
    assert "Hand 1, from trick 11" in out


def test_json_is_the_analysis_document(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    code, out, _ = run(capsys, "analyze", str(record), "--last-tricks", "3", "--json")
    assert code == 0
    assert GameAnalysis.from_json(out) == analyze(game(), last_tricks=3)
    assert json.loads(out)["format"] == "spades-analysis"


def test_svg_writes_each_costly_cards_table(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "pictures"
    code, _, _ = run(capsys, "analyze", str(record), "--last-tricks", "3", "--svg", str(folder))
    assert code == 0
    expected = analyze(game(), last_tricks=3).pictures()
    assert expected  # (the seed is one where a card cost a trick)
    assert sorted(path.name for path in folder.iterdir()) == sorted(expected)
    for name, picture in expected.items():
        assert (folder / name).read_text(encoding="utf-8") == picture


def test_a_hand_the_record_does_not_have(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    code, out, err = run(capsys, "analyze", str(record), "--hand", "3", "--last-tricks", "3")
    assert (code, out) == (2, "")
    assert err == (
        "spades: error: The game has no hand 3 with its cards to analyse; those it has are 1.\n"
    )
    code, out, _ = run(capsys, "analyze", str(record), "--hand", "3", "--json")
    assert code == 2 and json.loads(out)["error"]["reason"] == "no_such_hand"


def test_a_file_that_cannot_be_read_is_said_as_score_says_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "none.json")
    analysed = run(capsys, "analyze", missing)
    scored = run(capsys, "score", missing)
    assert analysed[0] == scored[0] == 2
    assert analysed[2] == scored[2] and "cannot read the file" in analysed[2]


def test_an_unusable_record_is_said_as_score_says_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    data = json.loads(dumps(to_record(game())))
    data["hands"][0]["deal"]["N"] = data["hands"][0]["deal"]["E"]
    path.write_text(json.dumps(data), encoding="utf-8")
    analysed = run(capsys, "analyze", str(path))
    scored = run(capsys, "score", str(path))
    assert analysed[0] == 2 and analysed[2] == scored[2]


def test_a_paper_sheet_holds_no_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("rules: standard\n1  3 4 3 3  3 4 3 3\n", encoding="utf-8")
    code, out, _ = run(capsys, "analyze", str(path))
    assert code == 0
    assert out.splitlines() == [
        "Double-dummy analysis: 0 hands analysed.",
        "Left out (no cards to analyse): hand 1.",
    ]


def test_last_tricks_below_one_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    code, _, err = run(capsys, "analyze", str(record), "--last-tricks", "0")
    assert code == 2
    assert err == "spades: error: --last-tricks: give a number of tricks of 1 or more, not 0.\n"


def test_a_sheet_without_cards_is_told_analysis_needs_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pad.txt"
    path.write_text("rules: standard\n1  3 4 3 3  3 4 3 3\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--json")
    assert code == 0 and json.loads(out)["hands"] == []
    assert err.startswith(f"spades: {path}: the sheet holds no cards, and analysis needs them")
    assert "deal:" in err and "plays:" in err and err.count("\n") == 1


def test_a_sheet_with_the_cards_is_analysed_as_its_json_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Path
) -> None:
    sheet = tmp_path / "game.txt"
    sheet.write_text(write_sheet(to_record(game()), cards=True), encoding="utf-8")
    assert read_sheet(sheet.read_text(encoding="utf-8")).record == to_record(game())
    analysed = run(capsys, "analyze", str(sheet), "--last-tricks", "3")
    assert analysed == run(capsys, "analyze", str(record), "--last-tricks", "3")
    assert analysed[0] == 0 and "Hand 1, from trick 11" in analysed[1]
    # From standard input too: told apart from JSON as spades score tells it.
    stdin = io.StringIO(sheet.read_text(encoding="utf-8"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", stdin)
        assert run(capsys, "analyze", "-", "--last-tricks", "3") == analysed


def test_a_sheet_whose_cards_cannot_be_followed_is_said_with_its_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = write_sheet(to_record(game()), cards=True).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("deal:"))
    words = lines[at].split()
    lines[at] = lines[at].replace(words[4], words[2], 1)  # East's hand is North's again
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    analysed = run(capsys, "analyze", str(path))
    scored = run(capsys, "score", str(path))
    assert analysed[0] == 2 and analysed[2] == scored[2]
    assert f"hand 1, deal (line {at + 1}, column " in analysed[2]


def test_demo_saves_a_sheet_with_the_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    code, _, _ = run(capsys, "demo", "--seed", "4", "--save", str(path), "--cards")
    assert code == 0
    sheet = read_sheet(path.read_text(encoding="utf-8"))
    assert all(hand.deal is not None and hand.plays for hand in sheet.record.hands)
    assert verify(sheet.record).ok
