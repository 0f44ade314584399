"""The command line's computer matches: ``spades arena`` with real players (``spades demo`` is
tested in test_demo.py)."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spades.bots import Level
from spades.cli import main
from spades.errors import SpadesError


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def level_sentence(text: str) -> str:
    """What :class:`Level` says of a bad name: the command line says the same."""
    with pytest.raises(SpadesError) as caught:
        Level(text)
    return caught.value.message


# -- arena -----------------------------------------------------------------------------------------


def test_arena_prints_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--a", "medium", "--b", "easy", "--boards", "10")
    assert (code, err) == (0, "")
    assert out.startswith("Duplicate match: A medium against B easy, rules standard, seed 0\n")
    assert "A minus B: +" in out and "A's games:" in out


def test_arena_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--a", "Medium", "--b", "easy", "--boards", "12", "--seed", "4", "--json"]
    code, out, _ = run(capsys, *argv, "--workers", "1", "--rules", "pagat")
    assert code == 0
    data = json.loads(out)
    assert (data["a"]["name"], data["b"]["name"], data["rules"], data["seed"]) == (
        "medium",
        "easy",
        "pagat",
        4,
    )
    assert data["boards"] >= data["boards_asked"] == 12
    assert data["games"] == 2 * data["pairs"]
    assert set(data["points_per_hand"]) == set(data["win_rate"]) == {"value", "low", "high"}
    for side in ("a", "b"):
        assert {
            "set_rate",
            "nil_bids",
            "nil_rate",
            "bags_per_hand",
            "time_median",
            "time_p99",
            "decisions",
        } <= set(data[side])
    # The same seed on two workers: the same match.
    _, again, _ = run(capsys, *argv, "--workers", "2", "--rules", "pagat")
    second = json.loads(again)
    for result in (data, second):
        del result["seconds"]
        for side in ("a", "b"):
            del result[side]["time_median"], result[side]["time_p99"]
    assert second == data


def test_arena_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ("arena", "--a", "medium", "--b", "easy", "--boards", "10", "--workers", "1")
    code, _, err = run(capsys, *argv, "--progress")
    assert code == 0
    lines = err.splitlines()
    assert lines[-1] == "spades arena: 10 of 10 boards"
    assert all(line.startswith("spades arena: ") for line in lines)
    # On a pipe, without asking, nothing.
    code, _, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    # On a terminal, one line rewritten in place, without asking.
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, _, err = run(capsys, *argv)
    assert code == 0
    assert err.startswith("\rspades arena: ") and err.endswith("\rspades arena: 10 of 10 boards\n")
    assert err.count("\n") == 1


def test_arena_stopped_with_ctrl_c(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("spades.cli.arena.run_match", interrupted)
    code, out, err = run(capsys, "arena", "--a", "medium", "--b", "easy", "--workers", "1")
    assert (code, out) == (130, "")
    assert err == "\nspades: the match was interrupted; no result.\n"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--a", "wizard", "--b", "easy"], "--a: " + level_sentence("wizard")),
        (["--a", "easy", "--b", "\x1b[31m"], "--b: A computer level is easy, medium, hard or"),
        (["--a", "easy", "--b", "hard", "--boards", "-5"], "--boards: the number of boards must"),
        (["--a", "easy", "--b", "hard", "--boards", "0"], "--boards: the number of boards must"),
        (["--a", "easy", "--b", "hard", "--workers", "0"], "--workers: the number of workers"),
        (["--a", "easy", "--b", "hard", "--boards", "x"], "argument --boards: invalid int value"),
        (["--a", "easy", "--b", "hard", "--rules", "bridge"], "--rules: 'bridge' is not a preset"),
        (["--a", "easy", "--b", "hard", "--set", "nope=1"], "--set: "),
        (["--b", "hard"], "the following arguments are required: --a."),
    ],
)
def test_arena_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    code, out, err = run(capsys, "arena", *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err and "\x1b" not in err
    assert err.startswith(f"spades: error: {line}"), err


def test_arena_bad_input_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--a", "wizard", "--b", "easy", "--json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error == {"where": "--a", "reason": "bad_input", "message": level_sentence("wizard")}
    assert err.startswith("spades: error: --a: ")


def test_help_names_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "--help")
    assert code == 0 and "--boards" in out and "--workers" in out and "--progress" in out


def test_arena_plot_draws_the_match_it_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "result.svg"
    argv = ("arena", "--a", "medium", "--b", "easy", "--boards", "10", "--workers", "1")
    code, out, err = run(capsys, *argv, "--json", "--plot", str(path))
    assert (code, err) == (0, "")
    estimate = json.loads(out)["points_per_hand"]
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    shown = [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "A medium vs B easy" in shown
    assert (
        f"{estimate['value']:+.1f} (95% interval {estimate['low']:+.1f} to {estimate['high']:+.1f})"
    ) in shown


def test_arena_plot_to_a_file_that_cannot_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "missing" / "result.svg"
    code, out, err = run(capsys, "arena", "--a", "medium", "--b", "easy", "--plot", str(path))
    assert (code, out) == (2, "")
    assert err == f"spades: error: {path}: cannot write the file: No such file or directory.\n"
