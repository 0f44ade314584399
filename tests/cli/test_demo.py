"""``spades demo``: a game of computers played and printed, at every table (tests/tables.py), its
record saved, its levels given three ways, and bad input said in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_arena import level_sentence, run
from test_cli_play import table_options

from spades.records import load, verify
from spades.table import Table
from tables import TABLE, TableKind


def test_demo_saves_a_record_that_score_accepts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(
        capsys, "demo", "--players", "easy,medium,hard,medium", "--seed", "5", "--save", str(path)
    )
    assert (code, err) == (0, "")
    assert "Players: N easy, E medium, S hard, W medium." in out
    assert out.rstrip().endswith(f"Saved the game to {path}.")
    with path.open() as file:
        record = load(file)
    report = verify(record)
    assert report.ok and report.result is not None
    assert record.preset == "standard"
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0 and "Verdict: consistent." in out
    assert str(report.result) in out


def test_demo_is_repeatable_and_takes_levels_three_ways(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, first, _ = run(capsys, "demo", "--players", "medium", "--seed", "9", "--rules", "000")
    _, second, _ = run(
        capsys,
        "demo",
        "--players",
        "medium",
        "medium",
        "medium",
        "medium",
        "--seed",
        "9",
        "--rules",
        "000",
    )
    assert first == second
    assert "Players: N medium, E medium, S medium, W medium." in first
    code, out, _ = run(
        capsys, "demo", "--players", "W=easy", "N=hard", "E=easy", "S=hard", "--seed", "1"
    )
    assert code == 0 and "Players: N hard, E easy, S hard, W easy." in out
    code, out, _ = run(capsys, "demo", "--seed", "1")
    assert code == 0 and "Players: N hard, E hard, S hard, W hard." in out


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--players", "wizard"], "--players: " + level_sentence("wizard")),
        (["--players", "easy,hard,wizard,easy"], "--players: " + level_sentence("wizard")),
        (["--players", "easy", "hard"], "--players: give one level for every seat, or four"),
        (["--players", "N=easy", "E=hard"], "--players: no value for S, W."),
        (["--save", "/nonexistent-dir/game.json", "--players", "easy"], "/nonexistent-dir/game"),
        (["--save", "bad\x00name", "--players", "easy"], "bad\\x00name: cannot write the file"),
    ],
)
def test_demo_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    code, out, err = run(capsys, "demo", "--seed", "1", *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"spades: error: {line}"), err


def test_help_names_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--help")
    assert code == 0 and "--players" in out and "N E S W" in out and "--save" in out


# -- at every table --------------------------------------------------------------------------------

LEVELS = ("easy", "hard", "medium", "hard")


def test_spades_demo_at_every_table(
    capsys: pytest.CaptureFixture[str], table_kind: TableKind
) -> None:
    seats = table_kind.seats
    # The common game at this table, one level for every seat.
    code, out, _ = run(
        capsys, "demo", "--players", "easy", "--seed", "2", *table_options(table_kind),
        "--set", "max_hands=2",
    )  # fmt: skip
    assert code == 0
    assert "Players: " + ", ".join(f"{seat.name} easy" for seat in seats) + "." in out
    state = Table(["easy"] * len(seats), rules=table_kind.rules.evolve(max_hands=2), seed=2).play()
    assert state.result is not None and str(state.result) in out
    # The table's preset, a level for each seat: the game a table of those levels plays.
    levels = list(LEVELS[: len(seats)])
    code, out, _ = run(
        capsys, "demo", "--rules", table_kind.preset, "--players", *levels, "--seed", "2",
        "--set", "max_hands=2",
    )  # fmt: skip
    listed = ", ".join(f"{seat.name} {level}" for seat, level in zip(seats, levels))
    assert code == 0 and f"Players: {listed}." in out
    rules = table_kind.preset_rules.evolve(max_hands=2)
    state = Table(levels, rules=rules, seed=2).play()
    assert state.result is not None and len(state.scores) == len(table_kind.sides)
    assert out.rstrip().endswith(str(state.result))
    # The levels by seat, in any order.
    by_seat = [f"{seat.name}={level}" for seat, level in reversed(list(zip(seats, levels)))]
    code, out, _ = run(
        capsys, "demo", "--rules", table_kind.preset, "--players", *by_seat,
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0 and f"Players: {listed}." in out and "after 1 hand" in out


@pytest.mark.parametrize("table_kind", [TABLE["three"], TABLE["two"]], ids=str, indirect=True)
def test_spades_demo_refuses_a_level_for_a_seat_with_no_player(
    capsys: pytest.CaptureFixture[str], table_kind: TableKind
) -> None:
    # More levels than seats, or a level for a seat with no player, is a mistake, said in a
    # sentence.
    seats, missing = table_kind.seats, table_kind.missing
    too_many = ["easy"] * (len(seats) + 1)
    for_nobody = [f"{seat.name}=easy" for seat in seats[:-1]] + [f"{missing[0].name}=easy"]
    for levels in (too_many, for_nobody):
        code, _, err = run(capsys, "demo", "--rules", table_kind.preset, "--players", *levels)
        assert code == 2 and err.startswith("spades: error: --players: The levels")
    assert err.endswith(f"The levels: {table_kind.no_player(missing[0])}\n")
