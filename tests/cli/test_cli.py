"""The command line: ``spades score`` and ``spades rules``, their exit codes and their errors.

Exit 0 when a record is consistent, 1 when it has a problem, 2 for unusable input with exactly one
line on standard error and never a traceback. At every table (``tests/tables.py``) ``spades score``
scores each side: a team, or each player alone, whose standing and reneges it takes by player; it
refuses values for another table with the reader's sentence.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from paths import RECORDS
from sentences import by_seat_sentence, no_player, side_sentence
from spades import GameState, apply, chance_action, find_ruleset, legal_actions, new_game
from spades.cli import main
from spades.records import dumps, to_record
from tables import TABLE, TableKind

# The record files whose written scores or actions are wrong: exit 1. All others: exit 0.
WITH_PROBLEMS = {
    "s06-blind-nil-90-behind",
    "s20-breaking-spades-trump-only",
    "dispute-nil-reading",
    "dispute-forgotten-penalty",
    "addition-slip",
    "items-together",
    "unscored-hand-then-checked",
    "what-the-table-did",
}


def unexplained(difference: str) -> str:
    """Where a written score that no item of the rules' score explains parts from it."""
    return (
        f"No item of the rules' score, alone or with others, explains the difference of "
        f"{difference}: leaving items out or counting them the other way does not give the "
        "written score."
    )


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_every_scenario_record_through_the_command_line(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    code, out, err = run(capsys, "score", str(path))
    expected = 1 if path.stem in WITH_PROBLEMS else 0
    assert (code, err) == (expected, "")
    assert out.splitlines()[-1].startswith("Verdict: consistent" if expected == 0 else "Verdict: ")


def test_score_file_prints_rules_sheet_problems_and_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "score", str(RECORDS / "dispute-nil-reading.json"))
    assert code == 1
    assert out == (
        "Rules: standard\n"
        "\n"
        "hand dealer   NS bid     took   points  total bags"
        "   EW bid     took   points  total bags\n"
        "   1 N           4+nil   3+2      -140   -140    0"
        "      3+3     4+4       +62     62    2 !\n"
        "The game is not over: NS -140, EW 62 after hand 1.\n"
        "\n"
        "hand 1, NS score: NS wrote -59 for the hand, a total of -59 and 1 bag; the rules give "
        "-140 "
        "for the hand, a total of -140 and 0 bags.\n"
        "    NS bid 4 (N 4, S nil), took 5 (N 3, S 2): contract 3 of 4, set -40, "
        "S nil failed -100. "
        "Hand total -140.\n"
        "    They part at 'set -40': with failed_nil_tricks=count_toward_contract it is 'contract "
        "made +40', which gives the written score.\n"
        "\n"
        "Verdict: 1 problem found.\n"
    )


def test_score_file_states_the_result_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", str(RECORDS / "s19-cap-tie-shared.json"))
    # 380 + 50 = 430 = 350 + 80 after hand 40.
    assert "Shared result, 430 to 430, after 40 hands (the cap of 40 hands was reached)." in out
    _, out, _ = run(capsys, "score", str(RECORDS / "s16-both-reach-target.json"))
    assert "NS win 520 to 510 after 1 hand (reached the target)." in out


def test_score_explain_adds_every_hand_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "--explain", str(RECORDS / "s09-bags-carry.json"))
    assert (
        "Hand 1 (dealer W):\n"
        "  NS bid 6 (N 3, S 3), took 9: contract made +60, 3 bags +3; bags now 11, penalty -100, "
        "1 carried. Hand total -37.\n"
    ) in out


def test_score_file_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "--json", str(RECORDS / "dispute-forgotten-penalty.json"))
    assert (code, err) == (1, "")
    data = json.loads(out)
    assert data["ok"] is False
    assert [p["where"] for p in data["problems"]] == ["hand 1, NS score", "hand 2, NS score"]
    # 200 + 70 + 4 - 100 = 174.
    assert data["hands"][0]["score"]["NS"]["total"] == 174
    assert data["standing"]["scores"] == {"NS": 224, "EW": 232}
    assert data["result"] is None


def test_score_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = (RECORDS / "s27-team-bid-is-the-sum.json").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    code, out, _ = run(capsys, "score", "-")
    assert code == 0
    assert "+70" in out


# -- one hand from bids and tricks -----------------------------------------------------------------


def test_one_hand_the_worked_example_of_source_000(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "score",
        "--rules",
        "000",
        "--bids",
        "4",
        "1",
        "3",
        "2",
        "--tricks",
        "5",
        "1",
        "4",
        "3",
    )
    assert (code, err) == (0, "")
    # 4 + 3 = 7 bid, 9 taken: 70 + 2 = 72 and 2 bags. EW 1 + 2 = 3, took 4: 30 + 1.
    assert out == (
        "Rules: partners_app\n"
        "NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. Hand total +72.\n"
        "EW bid 3 (E 1, W 2), took 4: contract made +30, 1 bag +1; bags now 1. Hand total +31.\n"
        "Totals: NS 72 (2 bags), EW 31 (1 bag).\n"
    )


@pytest.mark.parametrize(
    "bids",
    [
        ["4", "1", "3", "2"],
        ["4,1,3,2"],
        ["N=4", "E=1", "S=3", "W=2"],
        ["W=2", "s=3", "north=4", "E=1"],
        ["N=4,E=1", "S=3,W=2"],
    ],
)
def test_one_hand_bids_in_any_written_form(
    capsys: pytest.CaptureFixture[str], bids: list[str]
) -> None:
    code, out, _ = run(
        capsys, "score", "--rules", "000", "--bids", *bids, "--tricks", "5", "1", "4", "3"
    )
    assert code == 0
    assert "Totals: NS 72 (2 bags), EW 31 (1 bag)." in out


def test_one_hand_with_the_standing_before_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "score",
        "--bids", "3", "2", "2", "2",
        "--tricks", "4", "3", "3", "3",
        "--before", "NS=480/8", "EW=470/0",
        "--hand", "12",
    )  # fmt: skip
    assert code == 0
    # NS 5 bid, 7 taken: 50 + 2 = 52, bags 10 -> -100: -48, 432. EW 4 bid, 6 taken: 42, 512.
    assert "bags now 10, penalty -100, 0 left. Hand total -48." in out
    assert out.endswith(
        "Totals: NS 432 (0 bags), EW 512 (2 bags).\n"
        "EW win 512 to 432 after 12 hands (reached the target).\n"
    )


def test_one_hand_nil_and_blind_nil(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "score",
        "--rules", "standard",
        "--set", "blind_nil=true",
        "--bids", "blind nil", "nil", "bn", "1",
        "--tricks", "0", "1", "0", "12",
    )  # fmt: skip
    assert code == 0
    # N blind nil made +200, S blind nil made +200; E nil failed -100, W 1 took 12: 10 + 11.
    assert (
        "NS bid 0 (N blind nil, S blind nil), took 0 (N 0, S 0): N blind nil made +200, "
        "S blind nil made +200. Hand total +400." in out
    )
    assert "Totals: NS 400 (0 bags), EW -79 (11 bags)." not in out  # 11 bags cost a penalty
    assert "Totals: NS 400 (0 bags), EW -179 (1 bag)." in out


def test_one_hand_an_illegal_blind_nil_is_a_problem(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "score",
        "--rules", "pagat",
        "--bids", "blind nil", "2", "3", "3",
        "--tricks", "0", "4", "6", "3",
        "--before", "0", "90",
    )  # fmt: skip
    assert (code, err) == (1, "")
    assert (
        "hand 1, bidding, N bids blind nil: North may not bid blind nil: NS must be at least 100 "
        "points behind and is 90 behind."
    ) in out
    assert out.endswith("Verdict: 1 problem found.\n")


def test_one_hand_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "score", "--json", "--bids", "4", "nil", "3", "2", "--tricks", "5", "1", "4", "3"
    )
    assert code == 0
    data = json.loads(out)
    # E nil failed: -100; W 2 took 3: 20 + 1.
    assert data["hands"][0]["score"]["EW"]["points"] == -79
    assert data["hands"][0]["score"]["EW"]["items"][1] == {
        "kind": "nil_failed",
        "points": -100,
        "text": "E nil failed -100",
        "seat": "E",
    }


# -- rules -----------------------------------------------------------------------------------------


def test_rules_lists_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    lines = out.splitlines()
    # The names in a column two wider than the longest (two_player_jokers, 17 letters).
    assert lines[0] == "standard" + " " * 11 + "The common game (also default, classic)"
    partners_app = "partners_app" + " " * 7 + "Spades: Partners (mobile app) (also 000,"
    assert lines[2].startswith(partners_app)


def test_rules_shows_every_option_of_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "000")
    assert code == 0
    assert out.startswith("partners_app: Spades: Partners (mobile app)\nsource: 000\n")
    assert "  direction = counterclockwise\n      Direction of bidding and play." in out
    assert (
        "  losing_score = -200\n      A team at or below this score loses (partners_app: -200)"
        in out
    )
    assert "  max_hands = none\n" in out
    assert "How this preset reads its source:\n- The dealer's right bids and leads" in out


def test_rules_shows_only_where_two_differ(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "standard", "000")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "standard -> partners_app: 3 options differ"
    assert [line for line in lines if not line.startswith("      ")] == [
        "standard -> partners_app: 3 options differ",
        "  direction          clockwise  ->  counterclockwise",
        "  failed_nil_tricks  ignored    ->  bags_only",
        "  losing_score       none       ->  -200",
    ]


def test_rules_of_the_same_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rules", "standard", "default")
    assert out == "standard and standard have the same rules.\n"


def test_rules_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rules", "--json")
    assert json.loads(out)[0]["name"] == "standard"
    _, out, _ = run(capsys, "rules", "002", "--json")
    one = json.loads(out)
    assert one["name"] == "rule_sheet"
    assert {"name": "bag_remainder", "value": "reset"}.items() <= next(
        o for o in one["options"] if o["name"] == "bag_remainder"
    ).items()
    _, out, _ = run(capsys, "rules", "003", "004", "--json")
    two: dict[str, Any] = json.loads(out)
    assert [(d["name"], d["a"], d["b"]) for d in two["differences"]] == [
        ("direction", "counterclockwise", "clockwise"),
        ("zero_bid_is_nil", True, False),
        ("failed_nil_tricks", "count_toward_contract", "bags_only"),
        ("max_hands", 40, None),
    ]


def test_demo_prints_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "3", "--rules", "000")
    assert code == 0
    last = out.splitlines()[-1]
    assert " win " in last or last.startswith("Shared result")


# -- unusable input: one line, exit 2 --------------------------------------------------------------


def write(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "game.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return str(path)


def record_text(**changes: Any) -> str:
    data = json.loads((RECORDS / "s20-breaking-spades-any-spade.json").read_text())
    for key, value in changes.items():
        target = data
        *path, last = key.split("__")
        for part in path:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return json.dumps(data)


BAD_FILES = [
    (
        "{not json",
        "game.json: line 1, column 2: not valid JSON: Expecting property name enclosed in "
        "double quotes.",
    ),
    ("", "game.json: the file is empty: a record is a JSON object."),
    (" \n\t\n", "game.json: the file is empty: a record is a JSON object."),
    (b"\x00\xff\x00", "game.json: the file is not UTF-8 text (invalid start byte at byte 1)."),
    ("[" * 50_000, "game.json: the JSON is nested too deeply to be a record."),
    (
        record_text(rules__preset="bridge"),
        "game.json: rules.preset: 'bridge' is not a preset; the presets are",
    ),
    (
        record_text(rules__options={"bag_treshold": 5}),
        "game.json: rules.options.bag_treshold: 'bag_treshold' is not a rule option. "
        "Did you mean bag_threshold?",
    ),
    (
        record_text(hands__0__plays__2__1="Xc"),
        "game.json: hands[0].plays[2][1]: 'Xc' is not a card;",
    ),
    (
        record_text(hands__0__deal__N="AKQ.AKQJT987..T98"),
        "game.json: hand 1, deal: North has 14 cards, not 13. Also unusable: hand 1, deal: Qs "
        "is dealt to both North and East.",
    ),
    (
        record_text(start__bags={"NS": 10, "EW": 0}),
        "game.json: start: NS cannot start with 10 bags",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES, ids=range(len(BAD_FILES)))
def test_unusable_record_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str | bytes, message: str
) -> None:
    path = write(tmp_path, text)
    code, out, err = run(capsys, "score", path)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"spades: error: {path.replace('game.json', '')}{message}")


BAD_ARGUMENTS = [
    (
        ["score", "no/such/file.json"],
        "no/such/file.json: cannot read the file: No such file or directory.",
    ),
    (["score"], "score: give a record FILE, or --bids and --tricks to score one hand."),
    (
        ["score", "--bids", "4", "1", "3", "--tricks", "4", "3", "3", "3"],
        "--bids: give four values",
    ),
    (
        ["score", "--bids", "4", "1", "3", "x", "--tricks", "4", "3", "3", "3"],
        "--bids: West's bid: 'x' is not a bid",
    ),
    (
        ["score", "--bids", "4", "1", "3", "14", "--tricks", "4", "3", "3", "3"],
        "--bids: West bid 14; a bid is nil or 1 to 13 tricks.",
    ),
    (
        ["score", "--rules", "004", "--bids", "0", "1", "3", "3", "--tricks", "4", "3", "3", "3"],
        "--bids: North's bid: A bid of '0' is not used under these rules",
    ),
    (
        ["score", "--bids", "4", "1", "3", "3", "--tricks", "4", "3", "3", "4"],
        "--tricks: The tricks taken add up to 14, not 13: N 4 E 3 S 3 W 4.",
    ),
    (
        ["score", "--bids", "4", "1", "3", "3", "--tricks", "4", "3", "3", "-3"],
        "--tricks: West's trick count must be at least 0, not -3.",
    ),
    (
        ["score", "--bids", "N=4", "N=1", "S=3", "W=3", "--tricks", "4", "3", "3", "3"],
        "--bids: N is given twice.",
    ),
    (
        ["score", "--rules", "nope", "--bids", "4", "1", "3", "3", "--tricks", "4", "3", "3", "3"],
        "--rules: 'nope' is not a preset",
    ),
    (
        [
            "score",
            "--set",
            "bag_threshold",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
        ],
        "--set: write option=value, not 'bag_threshold'.",
    ),
    (
        [
            "score",
            "--set",
            "target_score=lots",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
        ],
        "--set: target_score must be a whole number, not 'lots'.",
    ),
    (
        [
            "score",
            "--set",
            "blind_nil_exchange=2",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
        ],
        "--set: blind_nil_exchange has no effect unless blind_nil is True",
    ),
    (
        [
            "score",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
            "--before",
            "1",
            "2",
            "3",
        ],
        "--before: give two standings",
    ),
    (
        [
            "score",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
            "--before",
            "0/12",
            "0",
        ],
        "--before: NS cannot start with 12 bags",
    ),
    (
        [
            "score",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
            "--before",
            "XY=1",
            "EW=2",
        ],
        "--before: 'XY' is not a partnership",
    ),
    (
        [
            "score",
            "--bids",
            "4",
            "1",
            "3",
            "3",
            "--tricks",
            "4",
            "3",
            "3",
            "3",
            "--before",
            "600",
            "0",
        ],
        "--before: The game is already over at 600 to 0",
    ),
    (
        ["score", str(RECORDS / "s09-bags-carry.json"), "--rules", "000"],
        "--rules: --rules is for one hand; a record FILE names its own rules",
    ),
    (
        # --before=VALUE takes one value, and the second standing is read as a record FILE:
        # the error names --before, the option given, not one the user did not write.
        ["score", "--before=-50/3", "20", "--bids", "3", "3", "3", "3", "--tricks", "3", "3"],
        "--before: '20' was read as a record FILE, and there is no such file: written "
        "--before=-50/3, --before takes that one value. Name each value instead, like "
        "--before NS=-50/3 EW=20.",
    ),
    (
        ["score", "--rules", "solo", "--reneges=1", "0"],
        "--reneges: '0' was read as a record FILE, and there is no such file: written "
        "--reneges=1, --reneges takes that one value. Name each value instead, like "
        "--reneges N=1 E=0 and so on.",
    ),
    (["score", "--bogus"], "unrecognized arguments: --bogus"),
    (
        ["score", "--hand", "x", "--bids", "4", "1", "3", "3"],
        "argument --hand: invalid int value: 'x'",
    ),
    (["nothing"], "argument COMMAND: invalid choice: 'nothing'"),
    (["rules", "a", "b", "c"], "rules: give at most two presets to compare, not 3."),
    (["rules", "bridge"], "bridge: 'bridge' is not a preset"),
    (["demo", "--rules", "bridge"], "--rules: 'bridge' is not a preset"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_ARGUMENTS, ids=range(len(BAD_ARGUMENTS)))
def test_unusable_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"spades: error: {message}"), err


def test_unusable_input_with_json_also_prints_the_error_as_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, record_text(rules__preset="bridge"))
    code, out, err = run(capsys, "score", "--json", path)
    assert code == 2
    assert err.count("\n") == 1
    error = json.loads(out)["error"]
    assert error["where"] == f"{path}: rules.preset"
    assert error["message"].startswith("'bridge' is not a preset")


def test_exit_codes_reach_the_shell(tmp_path: Path) -> None:
    def shell(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "spades.cli", *argv], capture_output=True, text=True, check=False
        )

    assert shell("score", str(RECORDS / "s27-team-bid-is-the-sum.json")).returncode == 0
    assert shell("score", str(RECORDS / "dispute-nil-reading.json")).returncode == 1
    bad = shell("score", write(tmp_path, "{"))
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_one_hand_played_without_bids(capsys: pytest.CaptureFixture[str]) -> None:
    """Under first_hand_trick_points the first hand is scored from its tricks alone, 10 a trick;
    bids for it are refused, and a later hand still needs them."""
    unbid = ["score", "--set", "first_hand_trick_points=10", "--tricks", "3", "4", "2", "4"]
    code, out, _ = run(capsys, *unbid)
    assert code == 0
    assert "NS played without bids, took 5: 5 tricks without bids +50." in out
    assert "Totals: NS 50 (0 bags), EW 80 (0 bags)." in out
    code, _, err = run(capsys, *unbid, "--bids", "3", "4", "2", "4")
    assert code == 2
    assert "hand 1 is played without bids (first_hand_trick_points)" in err
    code, _, err = run(capsys, *unbid, "--hand", "2")
    assert code == 2
    assert "give a record FILE, or --bids and --tricks" in err
    code, out, _ = run(capsys, *unbid, "--hand", "2", "--bids", "3", "4", "2", "4")
    assert code == 0
    assert "contract made +50" in out


# -- every table: a team's score, or each player's alone -------------------------------------------


#: One hand at each table, the bids and tricks in seat order, and each side's total after it by
#: the rules' arithmetic (10 a bid trick, 1 a bag, nil +-100), and the rules of its record.
HAND: dict[str, tuple[str, str, dict[str, int], dict[str, Any]]] = {
    # NS bid 7 (N 4, S 3), took 9: 70 + 2 bags = 72. EW: W bid 2 and took 3, 20 + 1 bag, and E's
    # failed nil -100: -79.
    "partners": ("4 nil 3 2", "5 1 4 3", {"NS": 72, "EW": -79}, {"preset": "standard"}),
    # N 4 took 5: 40 + 1 = 41; E nil took 1: -100; S 3 took 4: 31; W 2 took 3: 21.
    "alone": (
        "4 nil 3 2",
        "5 1 4 3",
        {"N": 41, "E": -100, "S": 31, "W": 21},
        {"preset": "standard", "options": {"partnerships": False}},
    ),
    # N 5 took 7: 50 + 2 = 52; E 6 took 10: 60 + 4 = 64; S nil took 0: +100. 17 tricks.
    "three": ("5 6 nil", "7 10 0", {"N": 52, "E": 64, "S": 100}, {"preset": "cutthroat3"}),
    # N 4 took 12: 40 + 8 bags = 48; E nil took 1: -100.
    "two": ("4 nil", "12 1", {"N": 48, "E": -100}, {"preset": "two_player"}),
}


def score_hand_words(table: str) -> list[str]:
    """``spades score`` with the bids and tricks of the hand of :data:`HAND` at ``table``."""
    bids, tricks, _, _ = HAND[table]
    return ["score", "--bids", *bids.split(), "--tricks", *tricks.split()]


SOLO_HAND = score_hand_words("alone")
THREE_HAND = score_hand_words("three")
TWO_HAND = [*score_hand_words("two"), "--rules", "two_player"]
ALONE_TABLES = [TABLE["alone"], TABLE["three"], TABLE["two"]]

SOLO_RULES = "Rules: standard, with partnerships=false"
THREE_RULES = "Rules: cutthroat3"
THREE_BY_OPTIONS = [
    *THREE_HAND, "--set", "players=3", "--set", "partnerships=false",
    "--set", "first_lead=two_of_clubs",
]  # fmt: skip
THREE_BY_SEAT = [
    "score", "--rules", "cutthroat3", "--bids", "N=5", "S=nil", "E=6",
    "--tricks", "E=10", "N=7", "S=0",
]  # fmt: skip
TWO_BY_SEAT = [
    ["score", "--rules", "two_player", "--bids", *bids, "--tricks", "N=12", "E=1"]
    for bids in (["4", "nil"], ["E=nil", "N=4"])
]
#: The hand of :data:`HAND` at each table where every player plays alone, told to ``spades score``
#: in each way it may be (the rules by preset or by options, the values in seat order or by seat)
#: with the rules line each way prints, and each player's sentence.
ALONE_HAND: dict[str, tuple[list[tuple[list[str], str]], list[str]]] = {
    "alone": (
        [
            ([*SOLO_HAND, "--set", "partnerships=false"], SOLO_RULES),
            ([*SOLO_HAND, "--rules", "standard", "--set", "partnerships=false"], SOLO_RULES),
        ],
        [
            "N bid 4, took 5: contract made +40, 1 bag +1; bags now 1. Hand total +41.",
            "E bid nil, took 1: E nil failed -100. Hand total -100.",
            "S bid 3, took 4: contract made +30, 1 bag +1; bags now 1. Hand total +31.",
            "W bid 2, took 3: contract made +20, 1 bag +1; bags now 1. Hand total +21.",
            "Totals: N 41 (1 bag), E -100 (0 bags), S 31 (1 bag), W 21 (1 bag).",
        ],
    ),
    "three": (
        [
            ([*THREE_HAND, "--rules", "cutthroat3"], THREE_RULES),
            (
                THREE_BY_OPTIONS,
                "Rules: standard, with players=3, partnerships=false, first_lead=two_of_clubs",
            ),
            (THREE_BY_SEAT, THREE_RULES),  # by seat too: N=5 E=6 S=nil
        ],
        [
            "N bid 5, took 7: contract made +50, 2 bags +2; bags now 2. Hand total +52.",
            "E bid 6, took 10: contract made +60, 4 bags +4; bags now 4. Hand total +64.",
            "S bid nil, took 0: S nil made +100. Hand total +100.",
            "Totals: N 52 (2 bags), E 64 (4 bags), S 100 (0 bags).",
        ],
    ),
    "two": (
        [
            (TWO_HAND, "Rules: two_player"),
            *((argv, "Rules: two_player") for argv in TWO_BY_SEAT),
        ],
        [
            "N bid 4, took 12: contract made +40, 8 bags +8; bags now 8. Hand total +48.",
            "E bid nil, took 1: E nil failed -100. Hand total -100.",
            "Totals: N 48 (8 bags), E -100 (0 bags).",
        ],
    ),
}


@pytest.mark.parametrize("table_kind", ALONE_TABLES, ids=str, indirect=True)
def test_spades_score_scores_each_player_alone(
    capsys: pytest.CaptureFixture[str], table_kind: TableKind
) -> None:
    ways, lines = ALONE_HAND[table_kind.id]
    totals = HAND[table_kind.id][2]
    for argv, rules_line in ways:
        code, out, err = run(capsys, *argv)
        assert code == 0 and not err
        assert out.splitlines() == [rules_line, *lines]
        code, out, err = run(capsys, *argv, "--json")
        assert code == 0 and not err
        data = json.loads(out)
        assert data["standing"]["scores"] == totals
        score = data["hands"][0]["score"]
        assert list(score) == list(totals)
        assert {side: score[side]["points"] for side in score} == totals


def test_spades_score_under_a_solo_preset_ends_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    # solo_5_bags: nil +-50, 5 bags cost 50 and reset. N: 10 with 4 bags, +41 gives 5 bags: -50,
    # so 10 + 41 - 50 = 1; E: nil failed -50. Capped at one hand: S, 31, wins alone.
    argv = [
        *SOLO_HAND, "--rules", "solo", "--set", "max_hands=1", "--before", "10/4", "0", "0", "0",
    ]  # fmt: skip
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
        (["--set", "partnerships=false", "--reneges", "NS=1"], "--reneges: {NS}"),
        (["--set", "partnerships=false", "--before", "NS=100", "EW=0"], "--before: {NS}"),
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
        NS=side_sentence("NS", partnerships=False), N=side_sentence("N", partnerships=True)
    )
    code, out, err = run(capsys, *SOLO_HAND, *words)
    assert code == 2 and not out
    assert err.strip() == f"spades: error: {message}"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--bids", "5", "6", "nil", "2", "--tricks", "7", "10", "0"], "--bids: {bids4}"),
        (["--bids", "5", "6", "nil", "--tricks", "7", "10", "0", "0"], "--tricks: {tricks4}"),
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
        ([*THREE_HAND[1:], "--reneges", "W=1"], "--reneges: {west}"),
        ([*THREE_HAND[1:], "--before", "N=1", "E=2", "S=3", "W=4"], "--before: {west}"),
        (
            [*THREE_HAND[1:], "--before", "1", "2", "3", "4"],
            "--before: give three standings, N, E then S (like 120/3 80/7 -40/2), not 4.",
        ),
        (
            [*THREE_HAND[1:], "--reneges", "0", "0", "0", "1"],
            "--reneges: give three counts, N, E then S (like 1 0 0), or N=1, not 4 words.",
        ),
    ],
)
def test_spades_score_refuses_four_values_and_west_at_a_table_of_three(
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


@pytest.mark.parametrize(
    ("words", "place"),
    [
        (["--bids", "4", "nil", "3", "--tricks", "12", "1"], "--bids"),
        (["--bids", "4", "nil", "--tricks", "12", "1", "0"], "--tricks"),
        (["--bids", "4", "nil", "--tricks", "11", "1"], "--tricks"),
        (["--bids", "N=4", "S=nil", "--tricks", "12", "1"], "--bids"),
        (["--bids", "4", "nil", "--tricks", "12", "1", "--before", "NS=1", "EW=2"], "--before"),
    ],
)
def test_spades_score_refuses_values_for_another_table_at_a_table_of_two(
    capsys: pytest.CaptureFixture[str], words: list[str], place: str
) -> None:
    code, out, err = run(capsys, "score", "--rules", "two_player", *words)
    assert code == 2 and not out
    assert err.startswith(f"spades: error: {place}: ")
    assert "Traceback" not in err


#: At each table, the side whose running total is written wrong in the record of the hand of
#: :data:`HAND`, the total written, where the written score parts from the rules', and the
#: hand's first line on the sheet, marked.
WRONG_TOTAL: dict[str, tuple[str, int, str, str]] = {
    "partners": (
        "NS",
        70,
        "They part at '2 bags +2': the written score leaves it out.",
        "   1 N           4+3     5+4       +72     72    2      nil+2   1+3       -79    -79    1"
        " !",
    ),
    "alone": (
        "W",
        12,
        unexplained("-9"),
        "   1 N        N  4       5         +41     41    1 !",
    ),
    "three": (
        "E",
        60,
        "They part at '4 bags +4': the written score leaves it out.",
        "   1 N        N  5       7         +52     52    2 !",
    ),
    "two": (
        "N",
        40,
        "They part at '8 bags +8': the written score leaves it out.",
        "   1 N        N  4       12        +48     48    8 !",
    ),
}


def test_spades_score_verifies_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, table_kind: TableKind
) -> None:
    bids, tricks, totals, rules = HAND[table_kind.id]
    key, total, parted, marked = WRONG_TOTAL[table_kind.id]
    seats = [str(seat) for seat in table_kind.seats]
    hand = {
        "bids": dict(zip(seats, [bid if bid == "nil" else int(bid) for bid in bids.split()])),
        "tricks": dict(zip(seats, map(int, tricks.split()))),
        "written": {key: {"total": total}},
    }
    record = {"format": "spades-record", "version": 2, "rules": rules, "hands": [hand]}
    path = tmp_path / f"{table_kind.id}.json"
    path.write_text(json.dumps(record))
    standing = ", ".join(f"{side} {score}" for side, score in totals.items())
    for explain in ([], ["--explain"]):
        code, out, err = run(capsys, "score", *explain, str(path))
        assert code == 1 and not err
        assert (
            f"hand 1, {key} score: {key} wrote a total of {total}; the rules give a total of "
            f"{totals[key]}." in out
        )
        lines = out.splitlines()
        assert f"    {parted}" in lines
        assert marked in lines
        assert f"The game is not over: {standing} after hand 1." in lines
    code, out, err = run(capsys, "score", "--json", str(path))
    assert code == 1 and not err
    data = json.loads(out)
    assert data["problems"][0]["team"] == key
    assert data["standing"]["scores"] == totals
    assert {side: score["points"] for side, score in data["hands"][0]["score"].items()} == totals


def test_spades_score_refuses_a_record_with_a_west_key_at_a_table_of_three(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hand = {"bids": {"N": 5, "E": 6, "S": "nil", "W": 3}, "tricks": {"N": 7, "E": 10, "S": 0}}
    record = {"format": "spades-record", "version": 2, "rules": HAND["three"][3], "hands": [hand]}
    path = tmp_path / "cutthroat.json"
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and not out
    assert err.strip() == f"spades: error: {path}: hands[0].bids.W: {no_player('W')}"


def two_players_game(seed: int) -> GameState:
    """A game of two players, three hands at most, of random legal actions, every card drawn."""
    rng = random.Random(seed)
    state = new_game(find_ruleset("two_player").evolve(max_hands=3))
    while not state.is_over:
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_spades_score_verifies_a_record_with_the_draw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = two_players_game(4)
    path = tmp_path / "two.json"
    path.write_text(dumps(to_record(state), indent=2))
    code, out, err = run(capsys, "score", str(path))
    assert code == 0 and not err
    assert out.splitlines()[0] == "Rules: two_player, with max_hands=3"
    bad = json.loads(path.read_text())
    bad["hands"][0]["draw"][5] = bad["hands"][0]["draw"][0]
    path.write_text(json.dumps(bad))
    code, out, err = run(capsys, "score", str(path))
    assert code == 2  # a draw that is not a draw: unusable input
    assert "hand 1, draw, turn 6, N draws " in out + err
    assert "Traceback" not in out + err


#: The preset of each table where every player plays alone, as ``spades rules`` is asked for it.
ALONE_PRESET = {"alone": "solo", "three": "cutthroat3", "two": "two_player"}


@pytest.mark.parametrize("table_kind", ALONE_TABLES, ids=str, indirect=True)
def test_spades_rules_shows_how_the_table_sits(
    capsys: pytest.CaptureFixture[str], table_kind: TableKind
) -> None:
    preset = ALONE_PRESET[table_kind.id]
    players = str(table_kind.players)
    code, out, _ = run(capsys, "rules", preset)
    assert code == 0
    assert {f"  players = {players}", "  partnerships = false"} <= set(out.splitlines())
    code, out, _ = run(capsys, "rules", "standard")
    assert {"  players = 4", "  partnerships = true"} <= set(out.splitlines())
    # Where the preset differs from the standard game: the number of players first, where fewer
    # than four play, and partnerships.
    code, out, _ = run(capsys, "rules", "standard", preset)
    assert code == 0
    differ = [line.split() for line in out.splitlines()]
    alone = ["partnerships", "true", "->", "false"]
    first = ["players", "4", "->", players] if table_kind.players < 4 else alone
    assert differ[1] == first
    assert first in differ and alone in differ
    code, out, _ = run(capsys, "rules", preset, "--json")
    options = {option["name"]: option["value"] for option in json.loads(out)["options"]}
    assert (options["players"], options["partnerships"]) == (table_kind.players, False)


@pytest.mark.parametrize("command", [[], ["demo"], ["play"], ["arena"], ["score"], ["rules"]])
def test_help_shows_a_percent_sign_once(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """argparse formats help with %: a text it does not format must not double the sign."""
    assert main([*command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "%%" not in text
    if command == ["arena"]:
        assert "with a 95% interval" in text
