"""The example programs in ``examples/``: each run as a person would run it, with small sizes.

Each example is checked on what it prints against the library itself (a score's items add up to
its total, a verdict is the verifier's, a front-end's table is the driver's), and each refuses a
bad argument with one line on standard error, exit status 2 and no traceback.
"""

from __future__ import annotations

import os
import re
import runpy
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import spades
from extras import RL_EXTRA
from paths import RECORDS
from spades.records import dumps, load, to_record, verify
from spades.table import Table

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# The examples print the suits as symbols when their output is UTF-8.
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONUNBUFFERED": "1"}


def run(script: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        env=ENV,
    )


def output(script: str, *args: str, status: int = 0) -> str:
    """What ``script`` prints, having checked its exit status and that it wrote no error."""
    result = run(script, *args)
    assert (result.returncode, result.stderr) == (status, "")
    return result.stdout


# -- quickstart.py ---------------------------------------------------------------------------------


def last_number(line: str) -> int:
    return int(line.split()[-1])


@pytest.mark.parametrize("args", [[], ["--rules", "000", "--seed", "7"], ["--seed", "12"]])
def test_quickstart_score_is_the_sum_of_its_items(args: list[str]) -> None:
    out = output("quickstart.py", *args)
    assert "The bids: N " in out
    assert re.search(r"^If [NESW] played \w\w: .+\.$", out, re.MULTILINE)  # check()'s sentence
    tricks = re.findall(r"^  Trick (\d+): .*, ([NESW]) takes it$", out, re.MULTILINE)
    assert [int(number) for number, _ in tricks] == list(range(1, 14))

    score = out.split("The score, item by item:\n")[1].splitlines()
    teams = [i for i, line in enumerate(score) if re.match(r"  (NS|EW) bid ", line)]
    assert len(teams) == 2
    for start, end in zip(teams, [teams[1], len(score)]):
        explanation, *items, total = score[start:end]
        points = re.fullmatch(r"      = ([+-]\d+) for the hand; (NS|EW) now -?\d+", total)
        assert points is not None
        assert sum(last_number(item) for item in items) == int(points[1])
        assert explanation.endswith(f"Hand total {points[1]}.")
        # The tricks printed for the team's seats are the tricks in its explanation.
        seats = explanation.split()[0]
        taken = sum(winner in seats for _, winner in tricks)
        assert f", took {taken}" in explanation


def test_quickstart_game_is_the_same_for_the_same_seed() -> None:
    first = output("quickstart.py", "--game", "--seed", "3", "--rules", "pagat")
    assert first == output("quickstart.py", "--game", "--seed", "3", "--rules", "pagat")
    sheet = first.split("The whole game:\n")[1].splitlines()
    assert sheet[0].startswith("hand dealer   NS bid")
    assert sheet[-1].endswith(" hands (reached the target).")
    assert len(sheet) == int(sheet[-1].split(" after ")[1].split()[0]) + 2


# -- house_rules.py --------------------------------------------------------------------------------


def test_house_rules_line_up_a_hand_item_by_item() -> None:
    house = runpy.run_path(str(EXAMPLES / "house_rules.py"))["HOUSE_RULES"]
    out = output("house_rules.py")
    assert f"house: {house!r}\nstandard: RuleSet()\n" in out
    assert f"{len(house.diff(spades.RuleSet()))} option(s) differ:" in out
    assert "  bag_penalty: 50 (house) / 100 (standard)\n" in out

    ours = spades.score_hand(house, ["nil", 3, 4, 3], [2, 3, 3, 5])["NS"]
    theirs = spades.score_hand("standard", ["nil", 3, 4, 3], [2, 3, 3, 5])["NS"]
    assert f"  NS {ours.points:+d} (house) / {theirs.points:+d} (standard):\n" in out
    assert f"      house: {ours.explain()}\n" in out
    assert f"      standard: {theirs.explain()}\n" in out
    assert re.search(r"^      contract made \+40 +set -40$", out, re.MULTILINE)
    assert re.search(r"^      1 bag \+1 +-$", out, re.MULTILINE)  # only under the house rules
    assert "  EW +62 under both\n" in out


def test_house_rules_compare_two_presets() -> None:
    out = output("house_rules.py", "--house", "000", "--against", "002")
    assert "12 bags on top of 9: bids 1 4 nil 4, tricks 13 0 0 0 (N E S W)\n" in out
    assert "  NS -78 (000) / +22 (002):\n" in out
    assert re.search(r"^      penalty x2 -200 +penalty -100$", out, re.MULTILINE)
    same = output("house_rules.py", "--house", "standard", "--against", "classic")
    assert "\nThe rules are the same.\n" in same
    scores = re.findall(r"^  (?:NS|EW) .*$", same, re.MULTILINE)
    assert len(scores) == 6 and all(line.endswith(" under both") for line in scores)


def test_house_rules_score_a_hand_of_yours() -> None:
    # The classic nil dispute with nil worth 100 again: South's contract made with North's tricks.
    out = output(
        "house_rules.py", "--set", "nil_penalty=100", "--bids", "nil,3,4,3", "--tricks", "2 3 3 5"
    )
    assert "Your hand: bids nil 3 4 3, tricks 2 3 3 5 (N E S W)\n" in out
    assert "contract made +40, N nil failed -100, 1 bag +1; bags now 1. Hand total -59." in out
    assert "12 bags on top of 9" not in out


# -- settle_dispute.py -----------------------------------------------------------------------------


def test_settle_dispute_built_in_record() -> None:
    out = output("settle_dispute.py", status=1)
    assert out.startswith("Rules: standard\n")
    assert (
        "They part at 'penalty -100': the written score leaves it out, as the looneyville rules "
        "would." in out
    )
    assert "The running total has been +100 off since hand 1" in out
    assert out.endswith("Verdict: 2 problems found.\n")


@pytest.mark.parametrize(
    ("name", "status"), [("s02-nil-made-partner-set", 0), ("dispute-nil-reading", 1)]
)
def test_settle_dispute_gives_the_verifiers_verdict(name: str, status: int) -> None:
    path = RECORDS / f"{name}.json"
    with path.open(encoding="utf-8") as file:
        report = verify(load(file))
    assert report.ok is (status == 0)
    out = output("settle_dispute.py", str(path), status=status)
    # Every hand's score, item by item, and every problem, as the verifier has them.
    for hand in report.hands:
        assert hand.score is not None
        for team in hand.score.teams:
            assert f"  {team.explain()}\n" in out
    for problem in report.problems:
        assert str(problem) in out
    verdict = "Verdict: consistent." if status == 0 else "Verdict: 1 problem found."
    assert out.splitlines()[-1].startswith(verdict)
    if status:
        assert "with failed_nil_tricks=count_toward_contract it is 'contract made +40'" in out


def test_settle_dispute_reads_a_recorded_game_from_standard_input() -> None:
    # Four computers play into hand 3; the game so far, recorded, is consistent.
    table = Table(["easy"] * 4, rules="standard", seed=5)
    while table.state.hand_number < 3 or len(table.state.completed_tricks) < 2:
        table.step()
    state = table.state
    result = run("settle_dispute.py", "-", stdin=dumps(to_record(state)))
    assert (result.returncode, result.stderr) == (0, "")
    assert "Hand 2 (dealer E):" in result.stdout
    assert "Hand 3 is in progress" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("Verdict: consistent.")


# -- bot_tournament.py -----------------------------------------------------------------------------


def test_bot_tournament_prints_the_match_and_a_result() -> None:
    out = output("bot_tournament.py", "--boards", "4", "--seed", "2")
    assert out.startswith("Duplicate match: A medium against B easy, rules standard, seed 2\n")
    assert re.search(r"^A minus B: [+-]\d+\.\d points per hand", out, re.MULTILINE)
    assert re.search(r"^Result: (A medium is stronger|no clear winner)", out, re.MULTILINE)


def test_bot_tournament_with_its_own_player_and_worker_processes() -> None:
    here = output("bot_tournament.py", "random", "easy", "--boards", "4")
    pool = output("bot_tournament.py", "random", "easy", "--boards", "4", "--workers", "2")
    assert here.startswith("Duplicate match: A random_player against B easy")

    def outcome(text: str) -> list[str]:  # everything but the times
        return [line for line in text.splitlines() if line.startswith(("A minus", "A's", "Res"))]

    assert outcome(here) == outcome(pool) != []


# -- minimal_frontend.py ---------------------------------------------------------------------------

PROMPT = "Your move: "


class Session:
    """The front-end run in a subprocess, talked to as a person would: read up to the prompt,
    type a line."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(EXAMPLES / "minimal_frontend.py"), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=ENV,
        )

    def read(self) -> tuple[str, bool]:
        """The output up to the next prompt, and whether the program asks again (False once its
        output has ended)."""
        assert self.process.stdout is not None
        fd, data = self.process.stdout.fileno(), b""
        deadline = time.monotonic() + 60
        while not data.endswith(PROMPT.encode()):
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"no prompt in 60 s after {data.decode(errors='replace')!r}"
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return data.decode("utf-8"), False
            data += chunk
        return data.decode("utf-8")[: -len(PROMPT)], True

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def close(self) -> tuple[int, str]:
        """Close standard input; the exit status and the error output."""
        _, err = self.process.communicate(timeout=60)
        return self.process.returncode, err.decode("utf-8")


def offered(text: str) -> list[str]:
    """The bids or cards the front-end lists in ``text`` (the last list printed)."""
    lists = re.findall(r"^You may (?:bid|play): (.*)$", text, re.MULTILINE)
    assert lists, text
    return str(lists[-1]).split()


def refused(session: Session, table: Table, line: str, error: type[spades.SpadesError]) -> None:
    """Type ``line``, which the driver refuses with ``error``: the front-end prints the error's
    sentence, asks again, and draws nothing else (the table has not changed)."""
    with pytest.raises(error) as expected:
        table.act(table.view("S").parse_action(line))
    session.type(line)
    assert session.read() == (expected.value.message + "\n", True)


def test_minimal_frontend_plays_a_whole_game_and_refuses_bad_input() -> None:
    args = ("--level", "easy", "--target", "100", "--seed", "3")
    # The same table in this process, kept in step: what the front-end shows is the driver's.
    rules = spades.find_ruleset("standard").evolve(target_score=100)
    table = Table.solo("easy", seat="S", rules=rules, seed=3)
    table.advance()
    session = Session(*args)
    tried = {"junk": False, "illegal bid": False, "illegal card": False, "undo": False}
    text, asking = session.read()
    moves = 0
    while asking:
        view = table.view("S")
        assert view.to_text() in text
        choices = [str(action) for action in view.legal_actions]
        assert offered(text) == choices

        if not tried["junk"]:
            refused(session, table, "hello", spades.NotationError)
            tried["junk"] = True
        if view.phase is spades.Phase.BIDDING and not tried["illegal bid"]:
            refused(session, table, "14", spades.IllegalActionError)
            tried["illegal bid"] = True
        if view.phase is spades.Phase.PLAY and not tried["illegal card"]:
            card = next(str(c) for c in spades.DECK if c not in view.hand)
            refused(session, table, card, spades.IllegalActionError)
            tried["illegal card"] = True
        if view.phase is spades.Phase.PLAY and len(view.hand) == 11 and not tried["undo"]:
            table.undo()
            session.type("undo")
            tried["undo"] = True
        else:
            answer = "3" if "3" in choices else choices[0]
            table.act(view.parse_action(answer))
            session.type(answer)
            moves += 1
        text, asking = session.read()
    status, err = session.close()
    assert (status, err) == (0, "")
    assert table.is_over and all(tried.values())
    assert moves >= 13
    # The end: the last hand's score, and the table with the result.
    last = table.state.history[-1]
    assert f"Hand {last.number} is over.\n{last.score.explain()}\n" in text
    assert text.endswith(table.view("S").to_text() + "\n")
    assert str(table.state.result) in text


def test_minimal_frontend_leaves_cleanly_at_end_of_input() -> None:
    session = Session("--seed", "1", "--level", "easy")
    text, asking = session.read()
    assert asking and "You may bid: " in text
    session.type("Q♥")  # a card while bidding: refused with a sentence
    reply, asking = session.read()
    assert asking and reply.startswith("'Q♥' is not a bid")
    session.type("4")
    text, asking = session.read()
    assert asking and "You may play: " in text
    status, err = session.close()
    assert (status, err) == (0, "")


def test_minimal_frontend_leaves_cleanly_on_ctrl_c() -> None:
    session = Session("--seed", "2", "--level", "easy")
    _, asking = session.read()
    assert asking
    session.process.send_signal(signal.SIGINT)
    # A signal that lands just before the front-end blocks reading is only seen once the read
    # returns: close its input after a moment, and it leaves the same way either way.
    time.sleep(0.3)
    out, err = session.process.communicate(timeout=60)
    assert (session.process.returncode, out, err) == (0, b"\nYou left the game in hand 1.\n", b"")


def test_minimal_frontend_draws_at_two() -> None:
    # Two-handed Spades: the person (North) is asked to keep or discard each card drawn, 13 times,
    # East having drawn first; then to bid.
    typed = "junk\n" + "keep\n" * 13 + "3\n"
    result = run(
        "minimal_frontend.py", "--rules", "two_player", "--level", "easy", "--seed", "4",
        stdin=typed,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("Type keep or discard.") == 13
    assert "Discarded: N 0, E 1; 49 cards in the stock; North drew" in out
    assert "You may bid:" in out and "You left the game in hand 1." in out


# -- rl_random_agents.py ---------------------------------------------------------------------------

needs_rl = pytest.mark.skipif(not RL_EXTRA, reason="needs the rl extra (pettingzoo, gymnasium)")


@needs_rl
def test_rl_random_agents_prints_the_mean_rewards() -> None:
    out = output("rl_random_agents.py", "--hands", "4", "--seed", "2")
    assert out.startswith("Rules: standard; 4 hands a run, seed 2\n")
    means = dict(re.findall(r"^  (player_\d): ([+-]\d+\.\d)$", out, re.MULTILINE))
    assert sorted(means) == ["player_0", "player_1", "player_2", "player_3"]
    # Partners are given their team's points: North's mean is South's, East's is West's.
    assert means["player_0"] == means["player_2"] and means["player_1"] == means["player_3"]
    assert re.search(
        r"^  random learner: [+-]\d+\.\d\n  easy in its place: [+-]\d+\.\d$", out, re.M
    )
    assert out == output("rl_random_agents.py", "--hands", "4", "--seed", "2")


@needs_rl
def test_rl_random_agents_plays_at_two() -> None:
    out = output("rl_random_agents.py", "--hands", "2", "--rules", "two_player")
    assert re.findall(r"^  (player_\d):", out, re.MULTILINE) == ["player_0", "player_1"]


@needs_rl
@pytest.mark.parametrize("args", [["--level", "bogus"], ["--hands", "0"], ["--rules", "x"]])
def test_rl_random_agents_refuses_a_bad_argument(args: list[str]) -> None:
    result = run("rl_random_agents.py", *args)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("rl_random_agents.py: error: ")
    assert len(result.stderr.splitlines()) == 1


# -- bad arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "args"),
    [
        ("quickstart.py", ["--rules", "bogus"]),
        ("quickstart.py", ["--seed", "x"]),
        ("house_rules.py", ["--set", "nil_bonus=x"]),
        ("house_rules.py", ["--against", "bridge"]),
        ("house_rules.py", ["--bids", "nill,3,4,3", "--tricks", "2,3,3,5"]),
        ("house_rules.py", ["--bids", "1,2,3,4", "--tricks", "3,3,3,3"]),
        ("settle_dispute.py", ["/no/such/record.json"]),
        ("settle_dispute.py", [str(ROOT / "pyproject.toml")]),
        ("settle_dispute.py", [str(RECORDS)]),
        ("bot_tournament.py", ["--boards", "-1"]),
        ("bot_tournament.py", ["medium", "grandmaster"]),
        ("bot_tournament.py", ["--workers", "-2"]),
        ("minimal_frontend.py", ["--level", "bogus"]),
        ("minimal_frontend.py", ["--target", "-5"]),
        ("minimal_frontend.py", ["--no-such-option"]),
    ],
)
def test_a_bad_argument_is_one_line_and_status_2(script: str, args: list[str]) -> None:
    result = run(script, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"{script}: error: ")


def test_settle_dispute_refuses_a_record_with_an_impossible_deal(tmp_path: Path) -> None:
    text = (RECORDS / "s20-breaking-spades-any-spade.json").read_text(encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"AK.AKQJT987..T98"', '"AK.AKQJT987..T92"'), encoding="utf-8")
    result = run("settle_dispute.py", str(bad))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"settle_dispute.py: error: {bad}: hand 1, deal: 2c is dealt to both North and South.\n"
    )


def test_every_example_is_tested() -> None:
    tested = {
        "quickstart.py",
        "house_rules.py",
        "settle_dispute.py",
        "bot_tournament.py",
        "minimal_frontend.py",
        "rl_random_agents.py",
    }
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested
