"""A record that continues a game: the standing ``spades score --json`` prints after a record is
the ``start`` of the next record, pasted unchanged, and the two checks together agree with the
check of the whole game in one record."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from paths import RECORDS
from spades import Deal, apply, new_game
from spades.cli import main
from spades.records import dumps, from_data, loads, to_record, verify
from spades.records.format import GameRecord
from strategies import play_game, play_hand
from tables import TABLES


def score_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    main(["score", "--json", str(path)])
    out, _ = capsys.readouterr()
    data: dict[str, Any] = json.loads(out)
    return data


def whole_game(rules: Any, seed: int) -> GameRecord:
    state = play_game(new_game(rules), random.Random(seed), max_hands=12)
    return to_record(state)


def scores_of(report: Any) -> list[Any]:
    return [
        (hand.dealer, hand.number, None if hand.score is None else hand.score.teams)
        for hand in report.hands
    ]


@pytest.mark.parametrize(
    "rules",
    [table.preset for table in TABLES] + ["jokers_wild", "hoyle"],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_json_standing_continues_the_game(
    rules: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = whole_game(rules, seed)
    whole = verify(record)
    assert whole.ok
    cut = max(1, len(record.hands) // 2)
    first = GameRecord(rules=record.rules, preset=record.preset, hands=record.hands[:cut])
    path = tmp_path / "first.json"
    path.write_text(dumps(first))
    standing = score_json(path, capsys)["standing"]

    data = json.loads(dumps(record))
    data["start"] = standing  # pasted unchanged
    data["hands"] = data["hands"][cut:]
    second = verify(from_data(data))

    assert second.ok, [str(problem) for problem in second.problems]
    assert scores_of(second) == scores_of(whole)[cut:]
    assert second.result == whole.result
    assert second.standing == whole.standing
    assert second.hands[0].number == cut + 1
    # In Python, the report's next_start is the same start.
    python = GameRecord(
        rules=record.rules, start=verify(first).next_start, hands=record.hands[cut:]
    )
    assert scores_of(verify(python)) == scores_of(second)


def test_the_standing_names_the_next_hand_and_its_dealer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = apply(new_game("standard"), Deal.random(5))
    state = play_hand(state, random.Random(5))
    path = tmp_path / "one.json"
    path.write_text(dumps(to_record(state)))
    standing = score_json(path, capsys)["standing"]
    # Hand 1 is dealt by North; hand 2 by East, the seat on the dealer's left.
    assert standing["hand_number"] == 2
    assert standing["dealer"] == "E"
    assert standing["scores"] == {"NS": state.scores[0], "EW": state.scores[1]}


def test_the_standing_of_a_hand_in_progress_is_the_start_of_that_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = apply(new_game("standard", dealer="W", hand_number=4), Deal.random(2))
    path = tmp_path / "part.json"
    path.write_text(dumps(to_record(state)))
    standing = score_json(path, capsys)["standing"]
    assert (standing["dealer"], standing["hand_number"]) == ("W", 4)


def test_the_standing_gives_the_sets_once_a_side_has_been_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # NS bid 4 + 3 = 7 and take 2 + 2 = 4: set. EW bid 3 + 3 and take 9.
    text = json.dumps(
        {
            "format": "spades-record",
            "version": 2,
            "rules": {"preset": "standard"},
            "hands": [
                {
                    "bids": {"N": 4, "E": 3, "S": 3, "W": 3},
                    "tricks": {"N": 2, "E": 5, "S": 2, "W": 4},
                }
            ],
        }
    )
    path = tmp_path / "set.json"
    path.write_text(text)
    standing = score_json(path, capsys)["standing"]
    assert standing["sets"] == {"NS": 1, "EW": 0}
    # Pasted as the start of a record of the next hand, it reads back as it was printed.
    record = loads(
        json.dumps(
            {
                "format": "spades-record",
                "version": 2,
                "rules": {"preset": "standard"},
                "start": standing,
                "hands": [],
            }
        )
    )
    assert record.start.sets == (1, 0)
    assert (str(record.start.dealer), record.start.hand_number) == ("E", 2)


def test_no_sets_are_printed_before_any_side_is_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(
        {
            "format": "spades-record",
            "version": 2,
            "rules": {"preset": "standard"},
            "hands": [
                {
                    "bids": {"N": 4, "E": 3, "S": 3, "W": 3},
                    "tricks": {"N": 4, "E": 3, "S": 3, "W": 3},
                }
            ],
        }
    )
    path = tmp_path / "made.json"
    path.write_text(text)
    assert "sets" not in score_json(path, capsys)["standing"]


def test_a_standing_after_the_game_is_over_starts_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # NS at 480 bid 4 + 3 and make them: 550, past the target of 500.
    data: dict[str, Any] = {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "standard"},
        "start": {"dealer": "S", "hand_number": 9, "scores": {"NS": 480, "EW": 100}},
        "hands": [
            {
                "bids": {"N": 4, "E": 3, "S": 3, "W": 3},
                "tricks": {"N": 4, "E": 3, "S": 3, "W": 3},
            }
        ],
    }
    path = tmp_path / "over.json"
    path.write_text(json.dumps(data))
    printed = score_json(path, capsys)
    assert printed["result"]["winner"] == "NS"
    standing = printed["standing"]
    assert (standing["dealer"], standing["hand_number"]) == ("W", 10)
    data["start"], data["hands"] = standing, []
    report = verify(from_data(data))
    assert not report.usable  # the game is over: no hand can follow


def test_a_record_that_stops_after_a_hand_thrown_in_goes_on_with_the_same_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = json.loads((RECORDS / "what-the-table-did.json").read_text(encoding="utf-8"))
    first = {**whole, "hands": whole["hands"][:1]}
    first.pop("verdict")
    path = tmp_path / "first.json"
    path.write_text(json.dumps(first))
    standing = score_json(path, capsys)["standing"]
    # Hand 7 was thrown in: North deals hand 7 again, from the same scores.
    assert standing == {
        "dealer": "N",
        "hand_number": 7,
        "scores": {"NS": 410, "EW": 380},
        "bags": {"NS": 1, "EW": 0},
    }
    second = verify(from_data({**whole, "start": standing, "hands": whole["hands"][1:]}))
    checked = verify(from_data(whole))
    assert scores_of(second) == scores_of(checked)[1:]
    assert second.result == checked.result
