"""The command line: ``spades score`` and ``spades rules``, their exit codes and their errors.

Exit 0 when a record is consistent, 1 when it has a problem, 2 for unusable input with exactly one
line on standard error and never a traceback.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from paths import RECORDS
from spades.cli import main

# The record files whose written scores or actions are wrong: exit 1. All others: exit 0.
WITH_PROBLEMS = {
    "s06-blind-nil-90-behind",
    "s20-breaking-spades-trump-only",
    "dispute-nil-reading",
    "dispute-forgotten-penalty",
}


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
    assert lines[0] == "standard         The common game (also default, classic)"
    assert lines[2].startswith("partners_app     Spades: Partners (mobile app) (also 000,")


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
    ("", "game.json: line 1, column 1: not valid JSON: Expecting value."),
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
        "game.json: hand 1, deal: North has 14 cards, not 13. (and 1 more such problem)",
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
