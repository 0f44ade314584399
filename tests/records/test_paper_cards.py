"""The cards on a paper score sheet (spades.records.paper_cards): a hand's deal, discard,
exchange, draw, redeal and plays written under its line read back as the same record at every
table and under any rules; what cannot be read is refused at its line and column, and what the
record's checks refuse (on reading, or when verified) gets the sentence the same value gets in a
JSON record, placed on the sheet where it is written."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_record_properties import SETTINGS, games

from spades import (
    Deal,
    GameState,
    Hand,
    Phase,
    RecordError,
    Redeal,
    RuleSet,
    apply,
    chance_action,
    legal_actions,
    new_game,
)
from spades.records import (
    GameRecord,
    PaperSheet,
    RecordReason,
    dumps,
    loads,
    read_sheet,
    to_record,
    verify,
    write_sheet,
)
from spades.rules import DealMethod, Deck, RedealRule, SpareCards
from spades.table import Table
from tables import TABLE, TableKind


def played(rules: RuleSet, preset: str, seed: int = 3) -> GameRecord:
    state = Table(["medium"] * rules.players, rules=rules, seed=seed).play()
    return to_record(state, preset=preset)


@pytest.fixture(scope="module")
def standard() -> GameRecord:
    return played(RuleSet(), "standard")


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_sheet(text)
    return caught.value


def json_error_of(record: GameRecord, change: Callable[[dict[str, Any]], None]) -> RecordError:
    """The error the JSON reader gives ``record``'s data with ``change`` made to its first
    hand."""
    data = json.loads(dumps(record))
    change(data["hands"][0])
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    return caught.value


def message_of(error: RecordError) -> str:
    """The sentence without its place."""
    return error.message.removeprefix(f"{error.where}: ")


def column_of(line: str, word: str, nth: int = 0) -> int:
    """The column (from 1) of the ``nth`` whole word ``word`` in ``line``."""
    columns = [i + 1 for i, w in _words(line) if w == word]
    return columns[nth]


def _words(line: str) -> list[tuple[int, str]]:
    out = []
    at = 0
    for word in line.replace(",", " ").split(" "):
        if word:
            out.append((at, word))
        at += len(word) + 1
    return out


def lines_of(record: GameRecord) -> list[str]:
    return write_sheet(record, cards=True).splitlines()


def line_no(lines: list[str], prefix: str, nth: int = 0) -> int:
    """The index of the ``nth`` line that begins with ``prefix``."""
    return [i for i, line in enumerate(lines) if line.startswith(prefix)][nth]


def sheet_of(lines: list[str]) -> PaperSheet:
    return read_sheet("\n".join(lines) + "\n")


# -- read back as the record ----------------------------------------------------------------------


def test_a_played_game_with_its_cards_reads_back_as_the_record(table_kind: TableKind) -> None:
    record = played(table_kind.preset_rules, table_kind.preset)
    text = write_sheet(record, cards=True)
    assert "deal:" in text or "draw:" in text
    assert "plays:" in text
    back = read_sheet(text).record
    assert back == record
    mine, theirs = verify(back), verify(record)
    assert mine.ok and theirs.ok
    assert [hand.score for hand in mine.hands] == [hand.score for hand in theirs.hands]
    assert (mine.standing, mine.result) == (theirs.standing, theirs.result)
    assert write_sheet(back, cards=True) == text
    # Without the cards the sheet is what it always was.
    assert write_sheet(record) == write_sheet(record, cards=False)
    assert "plays:" not in write_sheet(record)


@SETTINGS
@given(games())
def test_random_games_with_their_cards_read_back_as_the_record(state: GameState) -> None:
    record = to_record(state)
    text = write_sheet(record, cards=True)
    assert read_sheet(text).record == record
    assert read_sheet(text.encode("utf-8")).record == record


def test_the_counts_may_be_written_with_the_cards_and_are_checked_against_them(
    standard: GameRecord,
) -> None:
    lines = lines_of(standard)
    first = line_no(lines, " 1 ")
    tricks = verify(standard).hands[0].tricks
    assert tricks is not None
    counted = lines[first].replace("- - - -", " ".join(str(n) for n in tricks))
    assert verify(sheet_of([*lines[:first], counted, *lines[first + 1 :]]).record).ok
    wrong = lines[first].replace("- - - -", " ".join(str(n) for n in tricks[::-1]))
    if tricks == tricks[::-1]:  # pragma: no cover - the seed's counts are not a palindrome
        pytest.skip("the counts read the same backwards")
    sheet = sheet_of([*lines[:first], wrong, *lines[first + 1 :]])
    report = verify(sheet.record)
    (problem,) = [p for p in report.problems if p.reason is RecordReason.TRICKS_MISMATCH]
    assert sheet.place(problem, report) == (first + 1, wrong.index(str(tricks[-1]), 8) + 1)


def test_a_hand_without_counts_or_cards_is_refused_with_the_records_sentence() -> None:
    error = error_of("rules: standard\n1  3 4 3 3  - - - -\n")
    assert error.where == "line 2, column 1"
    assert message_of(error) == "a hand without its deal needs 'tricks', the tricks each seat took."
    error = error_of("rules: standard\n1  3 4 3 3  3 - 3 3\n")
    assert error.where == "line 2, column 15"
    assert "or - for each when the hand's cards give them" in error.message


# -- problems of the play: verified as a JSON record is, placed at the card ----------------------


def test_a_card_played_again_is_placed_at_the_card_with_the_json_sentence(
    standard: GameRecord,
) -> None:
    lines = lines_of(standard)
    at = line_no(lines, "plays:")
    tricks = [trick.split() for trick in lines[at].removeprefix("plays: ").split(", ")]
    again = tricks[0][0]  # the first card of trick 1, played again as the second of trick 2
    tricks[1][1] = again
    lines[at] = "plays: " + ", ".join(" ".join(trick) for trick in tricks)
    sheet = sheet_of(lines)
    report = verify(sheet.record)
    data = json.loads(dumps(standard))
    data["hands"][0]["plays"][1][1] = again
    theirs = verify(loads(json.dumps(data)))
    assert [p.sentence for p in report.problems] == [p.sentence for p in theirs.problems]
    problem = report.problems[0]
    assert f"trick 2, {problem.where.split()[4]} plays {again}" in problem.where
    assert sheet.place(problem, report) == (at + 1, column_of(lines[at], again, 1))
    assert sheet.place(problem) == sheet.place(problem, report)
    placed = sheet.placed(report).problems[0].where
    assert placed.endswith(f"(line {at + 1}, column {column_of(lines[at], again, 1)})")


def test_a_hand_of_the_wrong_size_and_a_card_dealt_twice_are_placed_at_the_hands(
    standard: GameRecord,
) -> None:
    lines = lines_of(standard)
    at = line_no(lines, "deal:")
    words = lines[at].split()
    north, east = Hand(words[2]), Hand(words[4])
    card = next(iter(east))
    more = Hand([*north, card]).to_text()
    lines[at] = lines[at].replace(words[2], more, 1)
    sheet = sheet_of(lines)
    report = verify(sheet.record)
    data = json.loads(dumps(standard))
    data["hands"][0]["deal"]["N"] = more
    theirs = verify(loads(json.dumps(data)))
    assert [p.sentence for p in report.problems] == [p.sentence for p in theirs.problems]
    by_message = {p.message: sheet.place(p, report) for p in report.problems}
    assert by_message[f"North has {len(north) + 1} cards, not 13."] == (at + 1, 9)
    assert by_message[f"{card} is dealt to both North and East."] == (
        at + 1,
        column_of(lines[at], words[4]),
    )


# -- what cannot be read: at its place, with the JSON reader's sentence ---------------------------


_DEAL = {"N": "AK..2.", "E": "Q..3.", "S": "J..4.", "W": "T..5."}


@pytest.mark.parametrize(
    ("line", "word", "field"),
    [
        ("plays: 2c 3c, Zz", "Zz", {"plays": [["2c", "3c"], ["Zz"]]}),
        ("deal: N AA2... E Q..3. S J..4. W T..5.", "AA2...", {"deal": {**_DEAL, "N": "AA2..."}}),
        ("exchange: S 3d, N 2c 2c", "2c", {"exchange": {"S": ["3d"], "N": ["2c", "2c"]}}),
        ("buried: 7h Q", "Q", {"buried": ["7h", "Q"]}),
        ("redeal: Q", "Q", {"redeal": "Q"}),
        ("draw: As keep 7h, Zz", "Zz", {"draw": ["As keep 7h", "Zz"]}),
        ("draw: As KEEP 7h, 7h 8h", "7h", {"draw": ["As keep 7h", "7h 8h"]}),
    ],
)
def test_a_bad_value_gets_the_sentence_a_json_record_gets(
    line: str, word: str, field: dict[str, Any]
) -> None:
    error = error_of(f"rules: standard\n1  3 3 3 3  - - - -\n{line}\n")
    data = {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "standard"},
        "hands": [{"bids": {"N": 3, "E": 3, "S": 3, "W": 3}, **field}],
    }
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    theirs = caught.value
    assert message_of(error) == message_of(theirs)
    assert error.reason == theirs.reason
    nth = 1 if line.startswith(("exchange", "draw: As KEEP")) else 0
    assert error.where == f"line 3, column {column_of(line, word, nth)}", (error, theirs)


def test_west_at_a_table_of_three_is_refused_as_a_json_record_refuses_it() -> None:
    record = played(RuleSet(players=3, partnerships=False), "cutthroat3")
    lines = lines_of(record)
    at = line_no(lines, "deal:")
    lines[at] += " W A..."
    error = error_of("\n".join(lines))
    theirs = json_error_of(record, lambda hand: hand["deal"].__setitem__("W", "A..."))
    assert message_of(error) == message_of(theirs)
    assert message_of(error).startswith("West has no player at a table of 3")
    assert error.where.startswith(f"line {at + 1}, column {len(lines[at]) - 3}")


@pytest.mark.parametrize(
    ("lines", "where", "words"),
    [
        (["deal: N A..."], "line 2, column 1", "a deal: line follows the line of its hand"),
        (["1 3 3 3 3 - - - -", "deal: N"], "line 3, column 7", "'N' has no partner"),
        (["1 3 3 3 3 - - - -", "deal: X A..."], "line 3, column 7", "'X' is not a seat"),
        (["1 3 3 3 3 - - - -", "deal: N A..., S K..."], "line 3, column 1", "East and West;"),
        (["1 3 3 3 3 - - - -", "deal: N A... n K..."], "line 3, column 14", "North's hand twice"),
        (
            ["1 3 3 3 3 - - - -", *["deal: N A... E K... S Q... W J..."] * 2],
            "line 4, column 1",
            "the hand's deal is given twice (first on line 3)",
        ),
        (["1 3 3 3 3 - - - -", "plays:"], "line 3, column 1", "write the plays after 'plays:'"),
        (["1 3 3 3 3 - - - -", "plays: 2c,, 3c"], "line 3, column 8", "a trick is empty"),
        (["1 3 3 3 3 - - - -", "redeal: N E"], "line 3, column 11", "the one seat"),
        (["1 3 3 3 3 - - - -", "exchange: N 2c,"], "line 3, column 1", "a seat's cards"),
        (["1 3 3 3 3 - - - -", "plays: 2c | 3c"], "line 3, column 11", "'|' does not belong"),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_at_its_place(
    lines: list[str], where: str, words: str
) -> None:
    error = error_of("\n".join(["rules: standard", *lines]) + "\n")
    assert error.where == where
    assert words in error.message
    assert error.message.endswith(".")


def test_words_are_read_in_any_case_and_lines_continue(standard: GameRecord) -> None:
    lines = lines_of(standard)
    shouted = [
        line.upper().replace("T", "t") if line.startswith(("deal:", "plays:")) else line
        for line in lines
    ]
    assert sheet_of(shouted).record == standard
    # One trick a line reads the same as five.
    split = []
    for line in lines:
        if line.startswith("plays:"):
            split += ["plays: " + trick for trick in line.removeprefix("plays: ").split(", ")]
        else:
            split.append(line)
    assert sheet_of(split).record == standard


# -- no text raises anything but RecordError ------------------------------------------------------


@SETTINGS
@given(st.sampled_from(sorted(TABLE)), st.integers(0, 2**32))
def test_damaged_sheets_with_cards_read_or_are_refused_with_a_place(kind: str, seed: int) -> None:
    text = list(write_sheet(_DAMAGED[kind], cards=True))
    rng = random.Random(seed)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text))
        roll = rng.random()
        if roll < 0.4:
            del text[at]
        elif roll < 0.8:
            text.insert(at, rng.choice("0123456789 -|,.:#\nNSEWAKQJTshdcx"))
        else:
            text[at] = rng.choice("0123456789 -.,AKQx")
    try:
        sheet = read_sheet("".join(text))
    except RecordError as error:
        assert error.where.startswith("line "), error
        return
    report = verify(sheet.record)
    count = len("".join(text).split("\n"))
    for problem in report.problems:
        line, column = sheet.place(problem, report)
        assert 1 <= line <= count and column >= 1


#: A game at each table, whose sheet is damaged.
_DAMAGED = {kind.id: played(kind.preset_rules, kind.preset, seed=5) for kind in TABLE.values()}
_WORDS = ["deal:", "plays:", "draw:", "buried:", "exchange:", "redeal:", "keep", "discard"]


@SETTINGS
@given(
    st.lists(
        st.sampled_from(["As", "Kh", "2c", "BJ", "N", "E", "W", "AKQ..2.", "-", ",", "|", "1"])
        | st.sampled_from(_WORDS)
        | st.text(max_size=4),
        max_size=12,
    )
)
def test_no_card_line_raises_anything_but_record_error(words: list[str]) -> None:
    text = "rules: standard\n1 3 3 3 3 - - - -\n" + " ".join(words)
    try:
        read_sheet(text)
    except RecordError as error:
        assert error.where == "" or error.where.startswith("line ")


def random_game(rules: RuleSet, seed: int, *, call: bool) -> GameState:
    """A game played at random (calling for every redeal the rules allow, with ``call``)."""
    rng = random.Random(seed)
    state = new_game(rules)
    for _ in range(300):
        if state.is_over:
            break
        if state.needs_deal:
            state = apply(state, Deal.random(rng, state.rules))
            continue
        actions = legal_actions(state)
        calls = [action for action in actions if isinstance(action, Redeal)]
        state = apply(state, calls[0] if calls and call else rng.choice(actions))
    return state


@pytest.mark.parametrize(
    ("rules", "thrown"),
    [
        (RuleSet(redeal=RedealRule.NO_FACE_CARDS), True),
        (RuleSet(redeal_below_total=11), True),
        (RuleSet(deck=Deck.JOKERS, spare_cards=SpareCards.DEALER_DISCARDS), False),
    ],
    ids=["redeal", "below-total", "spare-cards"],
)
def test_hands_thrown_in_and_spare_cards_buried_read_back(rules: RuleSet, thrown: bool) -> None:
    for seed in range(100):
        record = to_record(random_game(rules, seed, call=True))
        report = verify(record)
        if not thrown or any(hand.redeal is not None or hand.thrown_in for hand in report.hands):
            break
    else:  # pragma: no cover - a seed below 100 throws a hand in
        pytest.fail("no hand thrown in")
    text = write_sheet(record, cards=True)
    sheet = read_sheet(text)
    assert sheet.record == record
    mine = verify(sheet.record)
    assert mine.ok and [h.number for h in mine.hands] == [h.number for h in report.hands]
    assert ("buried:" in text) is (not thrown)
    assert ("redeal:" in text) is (rules.redeal is not RedealRule.NONE)
    # Without the cards a hand thrown in is left off, and the numbers still follow.
    assert verify(read_sheet(write_sheet(record)).record).standing == report.standing


def test_an_exchange_and_a_discard_the_rules_do_not_have_are_placed_at_their_lines(
    standard: GameRecord,
) -> None:
    lines = lines_of(standard)
    at = line_no(lines, "deal:")
    lines[at + 1 : at + 1] = ["buried: 2c 3c", "exchange: S 4d, N 2c"]
    sheet = sheet_of(lines)
    report = verify(sheet.record)
    places = {p.where: sheet.place(p, report) for p in report.problems[:3]}
    assert places["hand 1, discard"] == (at + 2, 1)
    assert places["hand 1, exchange, N passes 2c"] == (at + 3, column_of(lines[at + 2], "N"))
    assert places["hand 1, exchange, S passes 4d"] == (at + 3, column_of(lines[at + 2], "S"))


def test_a_card_drawn_twice_is_placed_at_its_turn() -> None:
    rules = RuleSet(players=2, partnerships=False, deal_method=DealMethod.DRAW_KEEP_DISCARD)
    state = new_game(rules)
    rng = random.Random(2)
    while state.phase is not Phase.BIDDING:  # the draw, card by card
        chance = state.needs_draw or state.needs_deal
        state = apply(
            state, chance_action(state, rng) if chance else rng.choice(legal_actions(state))
        )
    record = to_record(state)
    lines = lines_of(record)
    at = line_no(lines, "draw:", 1)
    turns = lines[at].removeprefix("draw: ").split(", ")
    first = lines[line_no(lines, "draw:")].removeprefix("draw: ").split()[0]
    turns[0] = first + turns[0][2:]  # turn 7 draws turn 1's first card again
    lines[at] = "draw: " + ", ".join(turns)
    sheet = sheet_of(lines)
    report = verify(sheet.record)
    data = json.loads(dumps(record))
    data["hands"][0]["draw"][6] = turns[0]
    theirs = verify(loads(json.dumps(data)))
    assert [p.sentence for p in report.problems] == [p.sentence for p in theirs.problems]
    problem = report.problems[0]
    assert problem.where.startswith("hand 1, draw, turn 7, ")
    assert sheet.place(problem, report) == (at + 1, 7)
