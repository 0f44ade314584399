"""``spades play`` as tried through a real terminal of 80 columns (issue 22): every line fits
the terminal over whole games; the cards that may be played are listed as the hand is, with the
rules' reason for the others; each bid stays on the screen during play; blind nil is refused
first by the rules that lack it; a saved game goes on with the same people and level; and undo
takes back a card kept or discarded in two-handed Spades.

Driven as a person drives it (test_cli_play.py's :class:`Person` at the keyboard). The witnesses
are the rules as the option docs state them and the sentences :func:`spades.legality.check`
gives, asked of the library apart from the screen.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_cli_play import HAND, PLAYABLE, Drawer, Person, card_words, flat, run_play

from spades import Card, Play, Seat, check, find_ruleset
from spades.cli import main
from spades.records import load, replay

#: The columns of the terminal tried.
COLUMNS = 80


class Curious(Drawer):
    """A person who draws (two-handed Spades) and, at their first bid and first card, asks for
    the help, the rules in force, one option's meaning and the score sheet, and types junk."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        asks = ["?", "rules", "rules spades_breaking", "sheet", "what", "blind nil"]
        self.script = [("bid (", ask) for ask in asks] + [("card (", ask) for ask in asks]


def reasons(text: str) -> list[str]:
    """The sentences of the screen's ``Why not the others:`` lines, however they wrapped."""
    return [flat(m) for m in re.findall(r"^Why not the others: (.*(?:\n  .*)*)", text, re.M)]


def too_wide(out: str) -> list[str]:
    return [line for line in out.splitlines() if len(line) > COLUMNS]


@pytest.mark.parametrize(
    "args",
    [
        ["--target", "250"],
        ["--rules", "cutthroat3", "--set", "max_hands=3"],
        ["--rules", "two_player", "--set", "max_hands=2"],
        ["--rules", "jokers_wild", "--target", "250"],
        ["--players", "2", "--set", "max_hands=2", "--set", "partnerships=false"],
        ["--players", "2", "--set", "max_hands=2"],
        ["--rules", "pagat", "--set", "max_hands=2", "--set", "deck=jokers",
         "--set", "spare_cards=dealer_discards"],
    ],
    ids=[
        "standard",
        "cutthroat3",
        "two_player",
        "jokers_wild",
        "two_people_alone",
        "two_people",
        "pagat_spare",
    ],
)  # fmt: skip
def test_everything_printed_fits_80_columns_over_a_whole_game(
    monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    person = Curious()
    code, out = run_play(monkeypatch, person, "--level", "easy", "--seed", "5", "--plain", *args)
    assert code == 0 and "hand dealer" in out  # played to the end, the score sheet shown
    assert [prompt for prompt in person.prompts if len(prompt) > COLUMNS] == []
    assert too_wide(out) == []
    # Nothing was cut short on the way: the hand's explanations are whole sentences.
    assert re.search(r"Hand total [+-]\d+\.", flat(out))


def test_the_help_commands_and_explanations_break_at_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A line that was too wide is broken between words: each word of the wide text is whole on
    # some line, and the lines after the first are indented under it.
    person = Curious()
    code, out = run_play(monkeypatch, person, "--seed", "5", "--plain", "--set", "max_hands=1")
    assert code == 0
    lines = out.splitlines()
    broken = 0
    for at, line in enumerate(lines[:-1]):
        if re.match(r"^  (NS|EW) bid ", line) and not line.endswith("."):
            broken += 1
            assert re.match(r"^    \S", lines[at + 1])
    assert broken
    assert "spades play: standard rules, game to 500; you (South) and North (hard) against" in out


def test_playable_cards_are_listed_in_the_hands_order_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Person(bid="2")
    code, out = run_play(
        monkeypatch, person, "--rules", "cutthroat3", "--seed", "5", "--plain", "--level", "easy",
        "--set", "max_hands=3",
    )  # fmt: skip
    assert code == 0
    screens = re.findall(
        r"^Your hand: (.*(?:\n  .*)*)\nYou can play: (.*(?:\n  .*)*)\n((?:Why.*\n)*)", out, re.M
    )
    assert screens
    restricted = 0
    for hand, playable, why in screens:
        marked = [w.strip("[]") for w in hand.split() if w.startswith("[")]
        assert card_words(playable) == marked  # the same cards, in the same order
        if len(marked) < len(hand.split()):
            restricted += 1
            assert why, (hand, playable)
    assert restricted
    # The reasons are the library's own sentences, read back from the game's record by asking
    # legality.check about a held card that could not be played.
    said = set(reasons(out))
    assert said
    for reason in said:
        assert re.match(
            r"South (must follow (clubs|diamonds|hearts|spades) \(holds \d+ \w+\)\.|may not lead "
            r"a spade: spades are not broken \(only a spade played on another suit breaks them\) "
            r"and South holds other suits\.)$",
            reason,
        ), reason
    assert any("may not lead a spade" in reason for reason in said)


def test_the_reason_is_what_check_says_of_the_cards_held_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Left at the screen of the third card South is asked for, the saved game's state is where
    # South stood: check() on each held card not listed gives the sentences shown.
    saved = tmp_path / "game.json"
    for leave_at in range(8):
        person = Person(leave_at=leave_at)
        code, out = run_play(
            monkeypatch, person, "--rules", "cutthroat3", "--seed", "5", "--plain",
            "--record", str(saved),
        )  # fmt: skip
        assert code == 0
        with saved.open(encoding="utf-8") as file:
            state = [each for each, _ in replay(load(file))][-1]
        playable = [Card(word) for word in card_words(PLAYABLE.findall(out)[-1])]
        held_back = [card for card in state.holding(Seat.S) if card not in playable]
        expected = []
        for card in held_back:
            violation = check(state, Play(card, seat=Seat.S))
            assert violation is not None
            if violation.message not in expected:
                expected.append(violation.message)
        last = out[out.rindex("Your hand: ") :]
        assert reasons(last) == expected
        if expected:
            return
    raise AssertionError("no screen with cards held back in the first eight")


def test_each_bid_is_shown_during_play(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person(bid="nil", leave_at=2)
    code, out = run_play(monkeypatch, person, "--seed", "3", "--plain", "--level", "easy")
    assert code == 0
    bids = dict(re.findall(r"^(North|East|West) bids (nil|\d+)\.$", out, re.M))
    play = out[out.index("Trick 1") :]
    line = re.search(r"^Bids: (.*)$", play, re.M)
    assert line is not None
    shown = dict(re.findall(r"(North|East|West|you) (nil|\d+) \(won \d+\)", line.group(1)))
    assert shown == {**bids, "you": "nil"}


def test_blind_nil_under_rules_without_it_gets_the_rules_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Person()
    person.script = [("bid", "blind nil"), ("bid", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "3", "--plain")
    assert code == 0
    assert "South may not bid blind nil: these rules do not allow it." in out
    assert "You have looked at your cards" not in out


@pytest.mark.parametrize(
    ("args", "who"),
    [
        (["--players", "2"], "South and West, each with a Hard computer partner"),
        (["--level", "easy"], "you (South) and North (hard) against East and West (easy)"),
        (["--rules", "two_player", "--players", "2"], "North and East, each playing alone"),
    ],
)
def test_a_saved_game_resumes_with_the_same_people_and_level(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], who: str
) -> None:
    saved = tmp_path / "b.json"
    person = Drawer(leave_at=0, save_as=str(saved))
    person.script = [("Your bid", "quit"), ("your bid", "quit"), ("keep or discard", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "4", "--plain", *args)
    assert code == 0 and who in flat(out)
    assert f"Continue it with: spades play --resume {saved}" in flat(out)
    again = Drawer(leave_at=0)
    again.script = list(person.script)
    code, out = run_play(monkeypatch, again, "--resume", str(saved), "--plain")
    assert code == 0
    assert who in flat(out)
    # What the file keeps: a note a person can read too.
    note = json.loads(saved.read_text(encoding="utf-8"))["note"]
    assert note.startswith("spades play --players ")


def test_the_command_line_still_says_the_last_word_on_resume(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "b.json"
    person = Person(save_as=str(saved))
    person.script = [("Your bid", "quit")]
    assert run_play(monkeypatch, person, "--seed", "4", "--plain", "--level", "easy")[0] == 0
    again = Person()
    again.script = [("Your bid", "quit")]
    code, out = run_play(monkeypatch, again, "--resume", str(saved), "--level", "hard", "--plain")
    assert code == 0 and "against East and West (hard)" in flat(out)


class Undoer(Person):
    """A person who draws: keeps the first card, then types undo, then leaves."""

    def __init__(self) -> None:
        super().__init__()
        self.answers = ["k", "undo", "quit"]

    def answer(self, shown: str, prompt: str) -> str:
        if "keep or discard" in prompt:
            self.prompts.append(prompt)
            return self.answers.pop(0)
        return super().answer(shown, prompt)


def test_undo_in_the_draw_takes_back_the_keep(monkeypatch: pytest.MonkeyPatch) -> None:
    # The second card North is shown: undo, and the first card is shown again.
    person = Undoer()
    code, out = run_play(
        monkeypatch, person, "--rules", "two_player", "--seed", "3", "--plain", "--level", "easy"
    )
    assert code == 0
    assert "Your last action is taken back." in out
    assert "There is no person's action this hand to take back." not in out
    drawn = re.findall(r"^You drew (\w+):", out, re.M)
    assert len(drawn) == 3 and drawn[2] == drawn[0] != drawn[1]
    asked = [p for p in person.prompts if "keep or discard" in p]
    assert asked[2] == asked[0]
    assert HAND.findall(out)[-1] == "(no cards)"  # the card kept is taken back


def test_the_rules_allow_what_the_help_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bids the help offers under jokers_wild are the bids its rules allow: a number blind
    # from the least the rules allow (blind_bid), and no blind nil (blind_nil false).
    rules = find_ruleset("jokers_wild")
    person = Person()
    person.script = [("press Enter", ""), ("bid", "?"), ("bid", "quit")]
    code, out = run_play(monkeypatch, person, "--rules", "jokers_wild", "--seed", "2", "--plain")
    assert code == 0
    told = flat(out[out.index("? for help): ?") :])
    assert (f"a number blind (blind {rules.blind_bid})" in told) is (rules.blind_bid is not None)
    assert ("blind nil" in told) is rules.blind_nil


def test_a_saved_level_that_is_no_level_is_refused_naming_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "b.json"
    person = Person(save_as=str(saved))
    person.script = [("Your bid", "quit")]
    assert run_play(monkeypatch, person, "--seed", "4", "--plain", "--level", "easy")[0] == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["note"] = "spades play --players 1 --level wizard"
    saved.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["play", "--resume", str(saved), "--plain"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spades: error: {saved}: note: ") and err.count("\n") == 1
    assert "wizard" in err
