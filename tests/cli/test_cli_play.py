"""``spades play``: the game in a terminal, driven as a person drives it, at every table
(tests/tables.py); the screen itself is tested in test_screen.py.

Two ways in: in this process, where ``input`` is answered by a scripted person who reads the
screen the command printed (fast, and measured by coverage); and through a real pseudo-terminal,
where the command runs as its own process, reads the keyboard and is sent Ctrl-C and Ctrl-D as a
terminal sends them.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from spades import Card, Hand, RuleSet, Seat, find_ruleset, view
from spades.cli import main
from spades.records import load, replay, verify
from spades.rules import OPTION_NAMES
from tables import TABLE, TableKind

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
PLAYABLE = re.compile(r"You can play: (.*)")
HAND = re.compile(r"Your hand: (.*)")


def plain(text: str) -> str:
    return ANSI.sub("", text)


def flat(text: str) -> str:
    """``text`` with each run of spaces and line breaks one space: its sentences as said,
    however the screen's width broke them."""
    return " ".join(text.split())


def card_words(line: str) -> list[str]:
    """The cards a line of the screen shows (``10♥``, ``[Qh]``, ``*As*``), as card texts."""
    return [word.strip("[]*") for word in plain(line).split()]


class Person:
    """A person at the keyboard: reads what is on the screen and answers each prompt.

    ``mischief`` answers first with junk and with a held card that is not playable, once each
    turn it can, to see them refused; ``script`` answers given prompts with given text first;
    at the card prompt number ``leave_at`` (from 0) the person types ``leave_with``, and offered
    to save, answers ``save_as``.
    """

    def __init__(
        self,
        *,
        bid: str = "3",
        mischief: bool = False,
        leave_at: int | None = None,
        leave_with: str = "quit",
        save_as: str = "",
    ) -> None:
        self.bid = bid
        self.mischief = mischief
        self.leave_at = leave_at
        self.leave_with = leave_with
        self.save_as = save_as
        self.script: list[tuple[str, str]] = []
        self.screen = ""
        self.prompts: list[str] = []
        self.cards_asked = 0
        self._tried: set[str] = set()

    def answer(self, shown: str, prompt: str) -> str:
        self.screen += plain(shown)
        self.prompts.append(prompt)
        if "card (" in prompt:
            self.cards_asked += 1
            if self.cards_asked - 1 == self.leave_at:
                return self.leave_with
        for index, (expected, text) in enumerate(self.script):
            if expected in prompt:
                del self.script[index]
                return text
        if "press Enter" in prompt:
            return ""
        if "face down (like" in prompt:  # the dealer's discard (spare_cards dealer_discards)
            held = [m.group(1) for m in HAND.finditer(self.screen)][-1]
            return " ".join(card_words(held)[-2:])
        if "blind nil" in prompt and "Type" in prompt:
            return ""
        if "your bid" in prompt or "Your bid" in prompt:
            return self.bid
        if "card (" in prompt:
            playable = [m.group(1) for m in PLAYABLE.finditer(self.screen)][-1]
            held = [m.group(1) for m in HAND.finditer(self.screen)][-1]
            choices = card_words(playable)
            if self.mischief:
                key = held
                if key + "junk" not in self._tried:
                    self._tried.add(key + "junk")
                    return "the queen"
                unplayable = [c for c in card_words(held) if c not in choices]
                if unplayable and key not in self._tried:
                    self._tried.add(key)
                    return unplayable[0]
            return choices[0]
        if "Save the game" in prompt:
            return self.save_as
        raise AssertionError(f"an unexpected prompt: {prompt!r}")


def run_play(monkeypatch: pytest.MonkeyPatch, person: Person, *args: str) -> tuple[int, str]:
    """``spades play ARGS`` in this process, ``input`` answered by ``person``."""
    out = io.StringIO()
    said = [0]

    def fake_input(prompt: object = "") -> str:
        text = out.getvalue()
        shown, said[0] = text[said[0] :], len(text)
        answer = person.answer(shown, str(prompt))
        print(f"{prompt}{answer}")  # as a terminal echoes it
        said[0] = len(out.getvalue())
        if answer == "<eof>":
            raise EOFError
        if answer == "<ctrl-c>":
            raise KeyboardInterrupt
        if answer == "<not-utf-8>":  # what input() raises reading such bytes, decoding strictly
            raise UnicodeDecodeError("utf-8", b"\xff\xfe3", 0, 1, "invalid start byte")
        return answer

    monkeypatch.setattr(builtins, "input", fake_input)
    with redirect_stdout(out):
        code = main(["play", *args])
    person.screen += plain(out.getvalue()[said[0] :])
    return code, plain(out.getvalue())


# -- a whole game ----------------------------------------------------------------------------------


def test_a_whole_game_to_the_end_with_illegal_input_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    person = Person(mischief=True)
    code, out = run_play(
        monkeypatch, person, "--level", "easy", "--target", "250", "--seed", "11",
        "--plain", "--record", str(record),
    )  # fmt: skip
    assert code == 0
    assert "Game over." in out
    assert f"Saved the game to {record}." in flat(out)
    # Junk and a held card that may not be played were refused with the rules' sentences,
    # and the person was asked again.
    assert "'the queen' is not a card" in out
    assert re.search(r"South must follow (clubs|diamonds|hearts|spades) \(holds \d", out)
    # The record is the game that was played, and it verifies.
    with record.open(encoding="utf-8") as file:
        game = load(file)
    report = verify(game)
    assert not report.problems
    assert report.result is not None
    assert str(report.result) in out
    # Each screen showed South exactly South's cards, as dealt and as played down.
    states = [state for state, _ in replay(game)]
    shown_hands = [Hand(card_words(m.group(1))) for m in HAND.finditer(out)]
    south_hands = {state.holding(Seat.S) for state in states}
    assert shown_hands and all(hand in south_hands for hand in shown_hands)


def test_the_screen_shows_what_source_004_describes(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("card (", "quit")]
    code, out = run_play(monkeypatch, person, "--level", "easy", "--seed", "3", "--plain")
    assert code == 0
    # the score bar: each team's points and bags; in play, its bid and tricks won
    assert re.search(r"You and North +0 points, 0 bags; bid \d+", out)
    assert re.search(r"East and West +0 points, 0 bags; bid \d+, won 0", out)
    # the bids so far while bidding, the cards on the table with who played them
    assert re.search(r"Bids: East \d+|Bids: East nil", out)
    assert re.search(r"Trick 1: (North|East|West) ", out)
    # the hand sorted by suit, spades first, high to low, the playable cards marked
    hand = HAND.findall(out)[-1]
    cards = [Card(word) for word in card_words(hand)]
    order = [(-[3, 2, 1, 0].index(card.suit), card.rank) for card in cards]
    assert order == sorted(order, reverse=True)
    marked = {Card(w.strip("[]")) for w in plain(hand).split() if w.startswith("[")}
    assert marked == {Card(w) for w in card_words(PLAYABLE.findall(out)[-1])}
    assert "You left the game." in out


def test_a_trick_shows_its_winning_card_before_it_is_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person(leave_at=3)
    _, out = run_play(monkeypatch, person, "--level", "easy", "--seed", "5", "--plain")
    wins = re.findall(r"(North|East|South|West) wins trick (\d+) with \*(\w+)\*\.", out)
    assert wins
    # the trick as it stood before the next: its winner's card marked
    assert re.search(r"Trick 1, won by (North|East|South|West): .*\*\w+\*", out)


def test_bids_are_refused_out_of_range_and_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("bid", "14"), ("bid", "five"), ("card (", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "2", "--plain")
    assert code == 0
    assert "South bid 14; a bid is nil or 1 to 13 tricks." in out
    assert "'five' is not a bid" in out
    assert "South bids 3." in out


def test_undo_takes_back_a_move_in_a_practice_game(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("bid", "4"), ("card (", "undo"), ("bid", "undo"), ("bid", "2")]
    person.script.append(("card (", "quit"))
    code, out = run_play(monkeypatch, person, "--seed", "9", "--plain", "--level", "easy")
    assert code == 0
    assert "South bids 4." in out
    assert "Your last action is taken back." in out
    assert "There is no person's action this hand to take back." in out
    assert "South bids 2." in out


def test_help_lists_the_commands_and_rules_the_options_in_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Person()
    person.script = [("bid", "?"), ("bid", "rules"), ("bid", "rules bag_penalty")]
    person.script += [("bid", "rules bags"), ("bid", "sheet"), ("bid", "quit")]
    code, out = run_play(
        monkeypatch, person, "--seed", "1", "--plain", "--rules", "pagat", "--target", "250"
    )
    assert code == 0
    asked = out.index("(1-13 or nil; ? for help): ?\n")
    told = out[asked : out.index("(1-13 or nil; ? for help): rules\n")]
    # ?: what to type, and the commands, each once; not the rule options.
    for command in ("?", "rules", "rules OPTION", "sheet", "undo", "quit"):
        assert re.search(rf"^  {re.escape(command)}  ", told, re.M), command
    assert " = " not in told and len(told.splitlines()) < 20
    # rules: the options pagat and --target change from the defaults, and no other.
    told = out[out.index("? for help): rules\n") : out.index("? for help): rules bag_penalty")]
    pagat = find_ruleset("pagat").evolve(target_score=250)
    shown = re.findall(r"^  (\w+) += (\S+)$", told, re.M)
    assert [name for name, _ in shown] == [
        name for name in OPTION_NAMES if getattr(pagat, name) != getattr(RuleSet(), name)
    ]
    assert ("target_score", "250") in shown and ("blind_nil", "true") in shown
    # rules OPTION: its value and meaning; a name that is no option, the rules' sentence.
    assert re.search(r"^bag_penalty = 100\n  \S", out, re.M)
    assert "'bags' is not a rule option." in out
    assert "undo" in out and "hand dealer" in out


def test_help_suggests_only_what_the_rules_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under the standard rules there is no blind nil, no blind bid, no exchange, no redeal and
    # no draw: neither the help nor a refused bid mentions them. With blind_nil, blind nil is
    # there, and a refused bid offers it while the cards are unseen.
    for options, blind in (([], False), (["--set", "blind_nil=true"], True)):
        person = Person()
        person.script = [("Type 'blind nil'", "what"), ("bid", "?"), ("bid", "xyz")]
        person.script.append(("bid", "quit"))
        code, out = run_play(monkeypatch, person, "--seed", "1", "--plain", *options)
        assert code == 0
        told = out[out.index("? for help): ?\n") : out.index("? for help): xyz\n")]
        assert ("blind nil" in told) is blind
        for word in ("redeal", "exchange", "discard", "keep", "blind 6", "number blind"):
            assert word not in told
        assert "'xyz' is not a bid; bid 1-13 or nil." in out
        assert (
            "'what' is not a bid; bid 1-13 or nil, or 'blind nil' before you look at your cards."
            in flat(out)
        ) is blind


# -- two people, one terminal ----------------------------------------------------------------------


def test_two_people_each_see_only_their_own_cards_behind_a_cover(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = tmp_path / "two.json"
    person = Person(leave_at=8)
    code, out = run_play(
        monkeypatch, person, "--players", "2", "--seed", "4", "--plain", "--record", str(record)
    )
    assert code == 0
    with record.open(encoding="utf-8") as file:
        deal = load(file).hands[0].deal
    assert deal is not None
    # Every turn is preceded by a cover naming whose turn it is, the screen cleared around it;
    # the screen after it shows that person's cards and no one else's.
    covers = list(re.finditer(r"Pass the terminal to (South|West)\.", out))
    assert len(covers) >= 4
    assert {m.group(1) for m in covers} == {"South", "West"}
    for cover, following in zip(covers, [*covers[1:], None]):
        seat = Seat.of(cover.group(1))
        before = out[: cover.start()]
        assert before.rstrip().endswith("(screen cleared) " + "-" * 30)
        part = out[cover.end() : None if following is None else following.start()]
        enter = part.index(f"{seat.full_name}, press Enter to see your cards: \n")
        assert "Your hand" not in part[:enter]
        for line in HAND.findall(part):
            assert set(Hand(card_words(line))) <= set(deal.hands[seat])
    assert "South, your bid" in out and "West, your bid" in out
    # left with --record: saved, and told how to go on
    assert "Continue it with: spades play --resume" in flat(out)


def test_undo_is_refused_with_two_people(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("South, your bid", "2"), ("card (", "undo"), ("card (", "quit")]
    code, out = run_play(monkeypatch, person, "--players", "2", "--seed", "4", "--plain")
    assert code == 0
    assert "With two people at the table an action stays made" in out


# -- blind nil: only before looking ----------------------------------------------------------------


def test_blind_nil_is_offered_before_the_cards_are_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("Type 'blind nil'", "blind nil"), ("card (", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "3", "--plain", "--set", "blind_nil=true")
    assert code == 0
    offer = out.index("You may bid blind nil")
    assert "Your hand:" not in out[:offer]
    assert "South bids blind nil." in out


def test_blind_nil_is_refused_once_the_cards_are_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("Type 'blind nil'", ""), ("bid", "blind nil"), ("bid", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "3", "--plain", "--set", "blind_nil=true")
    assert code == 0
    assert "You have looked at your cards, so you can no longer bid blind nil." in out
    bid_prompt = next(p for p in person.prompts if "Your bid" in p)
    assert "blind nil" not in bid_prompt


# -- leaving, saving, resuming ---------------------------------------------------------------------


@pytest.mark.parametrize("key", ["<ctrl-c>", "<eof>", "quit"])
def test_leaving_offers_to_save_and_a_saved_game_resumes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, key: str
) -> None:
    saved = tmp_path / "later.json"
    person = Person(leave_at=2, leave_with=key, save_as=str(saved))
    code, out = run_play(monkeypatch, person, "--seed", "8", "--plain", "--level", "easy")
    assert code == 0
    assert "You left the game." in out
    assert f"Saved the game to {saved}." in flat(out)
    with saved.open(encoding="utf-8") as file:
        game = load(file)
    left = [state for state, _ in replay(game)][-1]
    assert left.to_act is Seat.S and len(left.completed_tricks) == 2
    # Resumed, the game goes on from the same moment with the same cards.
    again = Person()
    again.script = [("card (", "quit")]
    code, out = run_play(monkeypatch, again, "--resume", str(saved), "--plain")
    assert code == 0
    assert f"Resuming hand 1 from {saved}." in flat(out)
    shown = Hand(card_words(HAND.findall(out)[0]))
    assert shown == view(left, Seat.S).hand
    assert "Trick 3" in out


def test_a_record_file_is_written_when_the_game_is_left(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "r.json"
    person = Person()
    person.script = [("bid", "<ctrl-c>")]
    code, out = run_play(monkeypatch, person, "--seed", "8", "--plain", "--record", str(saved))
    assert code == 0
    assert "Save the game" not in out  # --record said where, so nothing is asked
    assert f"Saved the game to {saved}." in flat(out)
    with saved.open(encoding="utf-8") as file:
        assert load(file).hands[0].deal is not None


def _saved_by_leaving(monkeypatch: pytest.MonkeyPatch, path: Path, at: str) -> bytes:
    """The record ``--record`` saves when the person leaves at the prompt ``at`` (a witness of
    the game at that moment, made the ordinary way)."""
    person = Person()
    person.script = [(at, "quit")]
    assert run_play(monkeypatch, person, "--seed", "8", "--plain", "--record", str(path))[0] == 0
    return path.read_bytes()


NOT_UTF8 = "spades: error: standard input: what was typed is not UTF-8 text (invalid start byte); "


@pytest.mark.parametrize("at", ["bid", "card ("])
def test_input_that_is_not_utf8_saves_the_game_and_exits_2(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    at: str,
) -> None:
    """Unusable input (cli.rst): one line on standard error and exit 2, never a traceback; the
    game in progress is saved to --record, as leaving would have saved it."""
    saved = tmp_path / "game.json"
    person = Person()
    person.script = [(at, "<not-utf-8>")]
    code, out = run_play(monkeypatch, person, "--seed", "8", "--plain", "--record", str(saved))
    err = capsys.readouterr().err
    assert code == 2
    assert err == NOT_UTF8 + f"the game is saved to {saved}.\n"
    assert f"Saved the game to {saved}." in flat(out) and "Traceback" not in out + err
    witness = _saved_by_leaving(monkeypatch, tmp_path / "left.json", at)
    assert saved.read_bytes() == witness
    with saved.open(encoding="utf-8") as file:
        assert not [state for state, _ in replay(load(file))][-1].is_over


def test_input_that_is_not_utf8_without_a_record_says_the_game_is_not_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    person = Person()
    person.script = [("bid", "<not-utf-8>")]
    code, out = run_play(monkeypatch, person, "--seed", "8", "--plain")
    err = capsys.readouterr().err
    assert code == 2
    assert err == NOT_UTF8 + (
        "the game is not saved (--record FILE saves it however the game ends).\n"
    )
    assert "Save the game" not in out  # no more is read from an input that cannot be read


def test_an_answer_to_the_save_question_that_is_not_utf8_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    person = Person(leave_at=0, save_as="<not-utf-8>")
    code, out = run_play(monkeypatch, person, "--seed", "2", "--plain")
    err = capsys.readouterr().err
    assert code == 2 and "You left the game." in out
    assert err.count("\n") == 1 and err.startswith(NOT_UTF8) and "is not saved" in err


def test_standard_input_that_is_not_utf8_through_a_pipe(tmp_path: Path) -> None:
    """The real thing: bytes that are not UTF-8 piped to ``spades play``, decoded strictly."""
    saved = tmp_path / "game.json"
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    command = [sys.executable, "-m", "spades.cli", "play", "--seed", "3", "--plain"]
    done = subprocess.run(
        [*command, "--record", str(saved)],
        input=b"\xff\xfe3\n",
        capture_output=True,
        env=environment,
        timeout=120,
        check=False,
    )
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2, err
    assert err == NOT_UTF8 + f"the game is saved to {saved}.\n"
    with saved.open(encoding="utf-8") as file:
        last = [state for state, _ in replay(load(file))][-1]
    assert last.to_act is Seat.S and not last.is_over


def test_saving_to_a_file_that_cannot_be_written_asks_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    person = Person()
    person.script = [
        ("bid", "quit"),
        ("Save the game", str(tmp_path / "no" / "such" / "dir.json")),
        ("Save the game", str(tmp_path / "ok.json")),
    ]
    code, out = run_play(monkeypatch, person, "--seed", "8", "--plain")
    assert code == 0
    assert "cannot write the file: No such file or directory." in out
    assert (tmp_path / "ok.json").exists()


# -- bad command lines: one line, exit 2, nothing lost ---------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "wizard"], "--level: "),
        (["--players", "3"], "argument --players: invalid choice"),
        (["--target", "300"], "argument --target: invalid choice"),
        (["--rules", "nosuch"], "--rules: "),
        (["--set", "bag_penalty=lots"], "--set: "),
        (["--resume", "/no/such/file.json"], "cannot read the file"),
        (["--resume", "FILE", "--rules", "pagat"], "a saved game keeps its own rules"),
        (["--record", "/no/such/dir/x.json"], "cannot write the file"),
    ],
)
def test_a_bad_command_line_gets_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if "FILE" in args:
        path = tmp_path / "saved.json"
        path.write_text("{}", encoding="utf-8")
        args = [str(path) if a == "FILE" else a for a in args]
    code = main(["play", *args])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err, err


def test_resuming_a_bad_or_finished_record_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "spades-record"', encoding="utf-8")
    assert main(["play", "--resume", str(broken)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    finished = tmp_path / "done.json"
    assert main(["demo", "--players", "easy", "--seed", "1", "--save", str(finished)]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", str(finished)]) == 2
    err = capsys.readouterr().err
    assert "that game is over" in err and err.count("\n") == 1


# -- through a real pseudo-terminal --------------------------------------------------------------

pty = pytest.importorskip("pty") if sys.platform != "win32" else None


class Console:
    """``spades play`` in its own process on a pseudo-terminal, read and typed at."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        assert pty is not None
        command = [sys.executable, "-m", "spades.cli", "play", *args]
        environment = {name: value for name, value in os.environ.items() if name != "NO_COLOR"}
        environment.update({"TERM": "xterm", **(env or {})})
        pid, fd = pty.fork()
        if pid == 0:  # the child: the terminal is its standard input, output and error
            try:
                # As from a shell: Ctrl-C interrupts (a test run in the background may have
                # been started with SIGINT ignored, which a new program would inherit).
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                os.execve(sys.executable, command, environment)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.output = ""
        self.seen = 0

    def read_until(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """Read until ``pattern`` appears in what is new on the screen."""
        end = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            found = regex.search(self.output, self.seen)
            if found:
                self.seen = found.end()
                return found
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"{pattern!r} never came; the screen ends:\n{self.output[-2000:]}"
                )
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:  # the other end closed: the process is gone
                    data = b""
                if not data:
                    found = regex.search(self.output, self.seen)
                    if found:
                        return found
                    raise AssertionError(
                        f"the game ended before {pattern!r}:\n{self.output[-2000:]}"
                    )
                self.output += data.decode("utf-8", "replace")

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode("utf-8"))

    def interrupt(self, answer: str) -> None:
        """Ctrl-C, as the terminal sends it (SIGINT to the game), until ``answer`` comes. A ^C
        typed the very moment a prompt is drawn can be lost, as at a shell: it is typed again."""
        for _ in range(4):
            self.type("\x03")
            try:
                self.read_until(answer, timeout=5)
                return
            except AssertionError:
                continue
        self.type("\x03")
        self.read_until(answer)

    def finish(self, timeout: float = 60) -> int:
        """Read to the end and return the exit status."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    data = b""
                if data:
                    self.output += data.decode("utf-8", "replace")
                    continue
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, 9)
        raise AssertionError(f"the game did not end:\n{self.tail}")

    @property
    def tail(self) -> str:
        return self.output[-2000:]


PROMPT = r"([Yy]our bid \([^)]*\)|card \(\? for help\)|press Enter to see your cards): $"


def play_along(console: Console, turns: int | None = None) -> Iterator[str]:
    """Answer each prompt on the terminal as a person would; yields each prompt answered."""
    count = 0
    while turns is None or count < turns:
        found = console.read_until(PROMPT + r"|Game over\.[^\n]*\n")
        text = plain(found.group(0))
        if text.startswith("Game over"):
            return
        screen = plain(console.output[: found.start()])
        if "press Enter" in text:
            console.type("\r")
        elif "bid" in text:
            console.type("2\r")
        else:
            playable = PLAYABLE.findall(screen)[-1]
            console.type(card_words(playable)[0] + "\r")
        count += 1
        yield text


def test_a_whole_game_through_a_terminal() -> None:
    console = Console("--level", "easy", "--target", "250", "--seed", "21")
    prompts = list(play_along(console))
    assert len(prompts) > 26
    status = console.finish()
    assert status == 0
    out = plain(console.output)
    assert "Game over." in out and "Traceback" not in out
    # the terminal gets colour and suit symbols
    assert "\x1b[31m" in console.output and "♠" in out


def test_illegal_input_is_refused_and_asked_again_on_a_terminal() -> None:
    console = Console("--seed", "3", "--plain")
    console.read_until(r"Your bid \(")
    console.type("fourteen\r")
    console.read_until(r"'fourteen' is not a bid.*\n.*Your bid \(")
    console.type("4\r")
    found = console.read_until(r"You can play: (.*)\r?\n")
    held = HAND.findall(plain(console.output))[-1]
    playable = card_words(found.group(1))
    illegal = [card for card in card_words(held) if card not in playable]
    console.type(illegal[0] + "\r")
    console.read_until(r"South must .*\n.*Your card \(")
    console.type("\x04")  # Ctrl-D at the prompt: leave
    console.read_until("You left the game.")
    console.read_until("Save the game")
    console.type("\r")
    assert console.finish() == 0
    assert "Traceback" not in console.output


def test_ctrl_c_leaves_cleanly_and_saves_the_record(tmp_path: Path) -> None:
    record = tmp_path / "left.json"
    console = Console("--seed", "6", "--plain", "--record", str(record))
    console.read_until(r"Your bid \(")
    console.type("3\r")
    console.read_until(r"Your card \(")
    console.interrupt("You left the game.")
    assert console.finish() == 0
    assert "Traceback" not in console.output
    assert f"Saved the game to {record}." in flat(console.output)
    with record.open(encoding="utf-8") as file:
        game = load(file)
    assert game.hands[0].bids[Seat.S] is not None


def test_the_hot_seat_cover_screen_clears_the_terminal_between_the_two() -> None:
    console = Console("--players", "2", "--seed", "4", "--plain")
    seats = []
    for prompt in play_along(console, turns=12):
        if "press Enter" in prompt:
            seats.append(re.findall(r"(South|West), press Enter", console.output)[-1])
    console.interrupt("Save the game")
    console.type("\r")
    assert console.finish() == 0
    assert {"South", "West"} <= set(seats)
    # Each cover starts from a cleared screen and scrollback, and the cards come only after Enter.
    for cover in re.finditer(r"Pass the terminal to (\w+)\.", console.output):
        before = console.output[: cover.start()]
        assert before.endswith("\x1b[H\x1b[2J\x1b[3J")


def test_the_blind_nil_exchange_asks_for_the_cards_to_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    person.script = [("Type 'blind nil'", "blind nil"), ("cards to pass", "As As")]
    person.script.append(("cards to pass", "quit"))

    def pass_lowest(
        shown: str, prompt: str, answer: Callable[[str, str], str] = person.answer
    ) -> str:
        text = answer(shown, prompt)
        if text == "quit" and "cards to pass" in prompt:  # the two lowest cards held
            held = [Card(word) for word in card_words(HAND.findall(person.screen)[-1])]
            return " ".join(str(card) for card in sorted(held)[:2])
        return text

    person.answer = pass_lowest  # type: ignore[method-assign]
    person.leave_at = 0
    code, out = run_play(
        monkeypatch, person, "--seed", "3", "--plain",
        "--set", "blind_nil=true", "--set", "blind_nil_exchange=2",
    )  # fmt: skip
    assert code == 0
    assert "Your 2 cards to pass to North (like 2c 3d): " in out
    assert "North passes 2 cards to South." in out
    assert "'As' appears twice" in out  # a card named twice is refused
    assert "South passes 2 cards to North." in out


def test_two_people_play_a_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run_play(
        monkeypatch, Person(), "--players", "2", "--seed", "12", "--target", "250", "--plain"
    )
    assert code == 0
    last = out.rindex("(screen cleared)")
    assert re.match(
        r"(?s) -+\nGame over\. (NS|EW) win \d+ to -?\d+ after \d+ hands", out[last + 16 :]
    )
    assert "\nhand dealer" in out[last:]  # and the score sheet, for both to see


def test_end_of_input_at_the_save_question_leaves_unsaved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Person(leave_at=0, leave_with="<eof>", save_as="<eof>")
    code, out = run_play(monkeypatch, person, "--seed", "2", "--plain")
    assert code == 0
    assert out.rstrip().endswith("The game is not saved.")


def test_a_record_with_an_illegal_play_is_not_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "g.json"
    assert main(["demo", "--players", "easy", "--seed", "1", "--save", str(game)]) == 0
    data = json.loads(game.read_text(encoding="utf-8"))
    data["hands"] = data["hands"][:1]
    hand = data["hands"][0]
    hand["plays"] = hand["plays"][:1]
    hand["plays"][0][1] = hand["plays"][0][0]  # the leader's card, played again by the next
    game.write_text(json.dumps(data), encoding="utf-8")
    assert main(["play", "--resume", str(game)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(game) in err


# -- at every table --------------------------------------------------------------------------------
#
# The option docs (tests/tables.py): alone "four players each play alone ('solo' or individual
# Spades; Trickster isPartnership=false), each scoring their own bid, nil, bags and penalties, and
# a player wins on their own"; three play at North, East and South, each alone, 17 cards each. So
# the screen shows a total per player in play and no partner.

#: The tables where every player plays alone and the hands are dealt.
ALONE_DEALT = [TABLE["alone"], TABLE["three"]]


def table_options(table: TableKind) -> list[str]:
    """The ``--set`` options that seat ``table`` in the common game."""
    words = {False: "false", True: "true"}
    return [
        word
        for name, value in table.options.items()
        for word in ("--set", f"{name}={words.get(value, value)}")
    ]


def scores_line(table: TableKind) -> re.Pattern[str]:
    """The totals after each hand, a player's at a time."""
    each = r"(-?\d+) \((\d+) bags?\)"
    return re.compile(
        r"^  Scores: " + ", ".join(f"{seat.name} {each}" for seat in table.seats) + r"\.$", re.M
    )


#: A player's line of a hand's score, in the text made :func:`flat`.
HAND_LINE = re.compile(r"\b([NESW]) bid (nil|\d+), took (\d+): .*? Hand total ([+-]\d+)\.")


def points_by_the_rules(bid: str, took: int, bags: int) -> tuple[int, int]:
    """A player's points and bags after a hand under the standard rules played alone: a bid made
    scores 10 a trick and a point a bag, a set loses 10 a trick bid, nil is 100 either way (its
    tricks ignored), and 10 bags cost 100, the rest carried."""
    if bid == "nil":
        return (100 if took == 0 else -100), bags
    tricks = int(bid)
    if took < tricks:
        return -10 * tricks, bags
    points, bags = 10 * tricks + took - tricks, bags + took - tricks
    if bags >= 10:
        points, bags = points - 100, bags - 10
    return points, bags


@pytest.mark.parametrize("table_kind", ALONE_DEALT, ids=str, indirect=True)
def test_spades_play_alone_runs_a_game_to_its_end(
    monkeypatch: pytest.MonkeyPatch, table_kind: TableKind
) -> None:
    seats = "".join(seat.name for seat in table_kind.seats)
    others = [seat.full_name for seat in table_kind.seats if seat is not Seat.S]
    person = Person()
    code, out = run_play(
        monkeypatch, person, "--level", "easy", "--seed", "3", "--plain",
        *table_options(table_kind), "--set", "max_hands=2",
    )  # fmt: skip
    assert code == 0
    against = ", ".join(others[:-1]) + " and " + others[-1]
    assert f"you (South) alone against {against} (easy)" in flat(out)
    assert "partner" not in out.lower()
    if table_kind.players == 3:
        assert "West" not in out
    # The score bar: a line per player in play, the person's own as "You".
    bar = re.findall(r"^(North|East|You|West) +(-?\d+) points, (\d+) bags?", out, re.M)
    names = ["You" if seat is Seat.S else seat.full_name for seat in table_kind.seats]
    assert [name for name, _, _ in bar[: table_kind.players]] == names
    assert not re.search(r"^(You and North|East and West) ", out, re.M)  # no team's line
    # The bids in the order they are made: East, on the dealer's left, first.
    bids = ["you -" if seat is Seat.S else f"{seat.full_name} -" for seat in table_kind.seats[2:]]
    assert re.search(rf"^Bids: East [^,]+, {', '.join(bids)}, North -$", out, re.M)
    # A hand of 13 cards (17 at three).
    first_hand = re.search(r"^Your hand: (.*)$", out, re.M)
    assert first_hand is not None and len(first_hand.group(1).split()) == table_kind.tricks
    # After each hand, each player's own score, and the totals by player.
    totals, bags = [0] * table_kind.players, [0] * table_kind.players
    lines = HAND_LINE.findall(flat(out))
    assert len(lines) == 2 * table_kind.players and [seat for seat, *_ in lines] == list(seats) * 2
    for seat, bid, took, total in lines:
        index = seats.index(seat)
        points, bags[index] = points_by_the_rules(bid, int(took), bags[index])
        assert int(total) == points
        totals[index] += points
    hands = [lines[: table_kind.players], lines[table_kind.players :]]
    assert [sum(int(took) for _, _, took, _ in hand) for hand in hands] == [table_kind.tricks] * 2
    shown = [[int(n) for n in found] for found in scores_line(table_kind).findall(out)]
    assert len(shown) == 2
    assert shown[-1] == [value for pair in zip(totals, bags) for value in pair]
    # The end: the best total wins alone, every player's total said.
    best = max(totals)
    assert totals.count(best) == 1
    winner = seats[totals.index(best)]
    each = ", ".join(f"{seat} {total}" for seat, total in zip(seats, totals))
    ending = f"{winner} wins, {each}, after 2 hands (the cap of 2 hands was reached)."
    assert f"Game over. {ending}" in flat(out)
    # Then the score sheet: a line per player for each hand, and the result.
    sheet = out[out.rindex("hand dealer") :].splitlines()
    rows = [
        re.match(r"^ *(?:\d+ +[NESW] +)?([NESW]) ", line)
        for line in sheet[1 : 1 + 2 * table_kind.players]
    ]
    assert [row.group(1) for row in rows if row is not None] == list(seats) * 2
    assert sheet[-1].startswith(f"{winner} wins, {each}")


#: Two people at one terminal alone: who sits where, said as the game starts.
TWO_PEOPLE = {
    "alone": ("West", "South and West, each playing alone, against North and East (hard)"),
    "three": ("North", "South and North, each playing alone, against East (hard)"),
}


@pytest.mark.parametrize("table_kind", ALONE_DEALT, ids=str, indirect=True)
def test_two_people_alone_at_one_terminal(
    monkeypatch: pytest.MonkeyPatch, table_kind: TableKind
) -> None:
    second, seated = TWO_PEOPLE[table_kind.id]
    person = Person(leave_at=2)
    code, out = run_play(
        monkeypatch, person, "--players", "2", "--seed", "4", "--plain", *table_options(table_kind)
    )
    assert code == 0
    assert seated in flat(out)
    assert f"Pass the terminal to {second}." in out and f"{second}, your bid" in out
    assert re.search(r"^You +0 points, 0 bags", out, re.M)
    assert re.search(r"^South +0 points, 0 bags", out, re.M)  # on the second person's screen
    assert "You left the game." in out
    if table_kind.players == 3:
        assert "West" not in out


# -- two players, who draw their hands -------------------------------------------------------------
#
# The rules: North and East draw their hands. In turn, from the player after the dealer, a player
# draws the top card of the stock, sees it, and keeps or discards it; the next card goes the other
# way (kept if the first was discarded, discarded if it was kept), and the drawer sees it too. So
# each player knows its own discards and the cards it looks at, and of the other player only how
# many cards it has kept and discarded; the screen shows nothing more.

CARD_WORD = r"(?:10|[2-9JQKA])[shdc]"


class Drawer(Person):
    """A person at the keyboard who also draws: keeps every other card drawn."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.draws = 0

    def answer(self, shown: str, prompt: str) -> str:
        if "keep or discard" in prompt:
            self.screen += shown
            self.prompts.append(prompt)
            self.draws += 1
            return "k" if self.draws % 2 else "discard"
        return super().answer(shown, prompt)


def test_spades_play_at_two_draws_then_bids_and_plays(
    monkeypatch: pytest.MonkeyPatch, random_computers: None
) -> None:
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--rules", "two_player", "--level", "easy", "--seed", "3", "--plain",
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0
    assert "you (North) alone against East (easy)" in flat(out)
    assert "South" not in out and "West" not in out
    assert "Hand 1, dealt by North: the players draw their hands, East first." in out
    assert person.draws == 13
    asked = [prompt for prompt in person.prompts if "keep or discard" in prompt]
    assert len(asked) == 13
    assert all(re.match(rf"^Your card {CARD_WORD}: keep or discard\? ", p) for p in asked)
    first = r"Drawing the hands: 49 cards left to draw; you 0 kept, 0 discarded; "
    assert re.search(first + r"East 1 kept, 1 discarded\.", flat(out))
    assert "The hands are drawn: 13 cards each." in out
    # North sees each card it drew, and the next card going the other way; never East's.
    mine = set(re.findall(rf"^You drew ({CARD_WORD}):", out, re.M))
    mine |= set(re.findall(rf"^The next card, ({CARD_WORD}),", out, re.M))
    assert len(mine) == 26
    discarded = re.findall(r"^Discarded: (.*)$", out, re.M)
    last = discarded[-1].split()
    assert len(last) == 13 and set(last) <= mine
    assert re.search(r"^East (keeps|discards) a card drawn", out, re.M)
    bid = re.search(r"^Your hand: (.*)$\nDiscarded: .*$\nYour bid", out, re.M)
    assert bid is not None and len(bid.group(1).split()) == 13 and set(bid.group(1).split()) <= mine
    assert "Game over." in out


def test_spades_play_at_two_against_a_computer_that_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    # The computer players of spades.bots keep or discard a card drawn themselves: the person
    # draws, the computer draws, both bid and play.
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--rules", "two_player", "--level", "easy", "--seed", "9", "--plain",
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0 and person.draws == 13 and "Game over." in out


def test_spades_play_at_two_draws_from_the_jokers_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    # two_player_jokers: the same draw from the 52 cards of the jokers deck without the two of
    # clubs and the two of diamonds (Bicycle); the person sees no removed deuce.
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--rules", "two_player_jokers", "--level", "easy", "--seed", "4",
        "--plain", "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0 and person.draws == 13 and "Game over." in out
    assert "The hands are drawn: 13 cards each." in out
    assert not re.search(r"\b2[cd]\b", out)


def test_two_people_at_a_table_of_two_see_only_their_own_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--players", "2", "--rules", "two_player", "--seed", "8", "--plain",
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0
    assert "North and East, each playing alone, one against the other" in flat(out)
    assert "Pass the terminal to East." in out and "East, your card" in out
    # Each person's screens, from their cover screen to the next: the cards each sees privately
    # (its hand, its discards, the card drawn, the next card) are never the other's.
    seen: dict[str, set[str]] = {"North": set(), "East": set()}
    blocks = re.split(r"^Pass the terminal to (North|East)\.", out, flags=re.M)
    for who, block in zip(blocks[1::2], blocks[2::2]):
        end = block.find("Game over.")
        block = block if end < 0 else block[:end]
        private = r"^(?:Your hand|Discarded|You drew|The next card)\b.*$"
        for line in re.findall(private, block, re.M):
            seen[who] |= set(re.findall(CARD_WORD, line))
    assert seen["North"] and seen["East"]
    assert not seen["North"] & seen["East"]
    assert len(seen["North"] | seen["East"]) == 52


def test_the_dealer_bids_first_under_dealer_bids_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Hoyle's "Beginning with the dealer": North deals and bids first, the person (South) bids
    # third, and East, the dealer's left, leads the first trick.
    person = Person()
    person.script = [("card (", "quit")]
    code, out = run_play(
        monkeypatch, person, "--seed", "3", "--plain", "--set", "dealer_bids_first=true"
    )
    assert code == 0
    bids = re.findall(r"^(North|East|South|West) bids", out, flags=re.MULTILINE)
    assert bids[:4] == ["North", "East", "South", "West"]
    assert "North deals" in out[: out.index("North bids")]
    assert re.search(r"^East plays", out, flags=re.MULTILINE)
    assert out.index("West bids") < out.index("East plays")


def test_the_person_dealing_is_asked_for_the_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    # pagat's variant (spare_cards dealer_discards): South deals hand 3, takes the two cards left
    # over and discards two of 15 face down before the bidding; a card twice is refused.
    person = Person(leave_at=26)
    person.script = [("face down (like", "2c 2c")]
    code, out = run_play(
        monkeypatch,
        person,
        "--seed",
        "4",
        "--plain",
        "--set",
        "deck=jokers",
        "--set",
        "spare_cards=dealer_discards",
    )
    assert code == 0
    assert out.count("discards two cards face down.") == 3  # North, East, then South
    asked = [prompt for prompt in person.prompts if "face down (like" in prompt]
    assert asked[0] == "Your discard: two of your 15 cards, face down (like 7h 3c): "
    assert len(asked) == 2  # the card twice refused, then two cards held
    assert "South takes the two cards left over, to discard two of 15." in out
    assert "You take the two cards left over: discard any two of your 15 face down" in out
    assert "'2c' appears twice in the hand." in out
    after = out[out.rindex("South discards two cards face down.") :]
    assert "Discarded: " in after


def _hints_told(out: str, asked: str) -> list[str]:
    """The hint lines told after the prompt ``asked`` was answered ``hint``, each as one line."""
    start = out.index(asked + "hint\n") + len(asked + "hint\n")
    told = out[start : out.index(asked, start)]
    assert told.startswith("Hints: points a hand for your side")
    entries = told[told.index("the Expert's choice.\n") + 21 :]
    return [line[:2] + flat(line[2:]) for line in re.split(r"\n(?=[* ] \S)", entries.rstrip("\n"))]


def test_hint_lists_every_bid_and_card_with_the_experts_worth_and_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Person()
    person.script = [("bid", "hint"), ("card (", "hint"), ("card (", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "4", "--plain", "--level", "easy")
    assert code == 0
    worth = r" [+-]\d+\.\d points \(spread \d+\.\d\): \w"
    bids = _hints_told(out, "Your bid (1-13 or nil; ? for help): ")
    assert sorted(line[2:].split()[0] for line in bids) == sorted(
        ["nil", *(str(number) for number in range(1, 14))]
    )
    assert [line[0] for line in bids] == ["*"] + [" "] * 13  # the Expert's choice first
    assert all(re.search(worth, line) for line in bids)
    # At the card, one line for each card the screen says may be played.
    cards = _hints_told(out, "Your card (? for help): ")
    screen = out[: out.index("Your card (? for help): hint")]
    playable = card_words([m.group(1) for m in PLAYABLE.finditer(screen)][-1])
    assert sorted(line[2:].split()[0] for line in cards) == sorted(
        Card(text).to_text() for text in playable
    )
    assert all(re.search(worth, line) for line in cards) and cards[0].startswith("* ")
