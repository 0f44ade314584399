"""The documentation builds without a warning, and every example script runs.

The doctests in ``docs/*.rst`` are collected by pytest itself (``--doctest-glob='*.rst'``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"


def test_docs_build_without_warnings(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    from sphinx.cmd.build import build_main

    status = build_main(["-W", "-q", "-b", "html", str(DOCS), str(tmp_path / "html")])
    assert status == 0
    rules = (tmp_path / "html" / "rules.html").read_text(encoding="utf-8")
    # The option table is generated from the code: every option has a row.
    from spades.rules import OPTION_NAMES

    for name in OPTION_NAMES:
        assert f'id="option-{name}"' in rules, name


@pytest.mark.parametrize(
    ("script", "args", "expected"),
    [
        ("play_random_game.py", [], "Hand 1, N deals, bids N:"),
        ("play_random_game.py", ["000", "--seed", "7"], "Rules: 000 = RuleSet(direction="),
        ("settle_a_dispute.py", [], "contract made +40, N nil failed -100, 1 bag +1"),
        ("compare_rules.py", [], "12 bags on top of 9: -78 / +22 (DIFFERENT)"),
        ("compare_rules.py", ["standard", "classic"], "The two rule sets are the same."),
    ],
)
def test_example_runs(script: str, args: list[str], expected: str) -> None:
    assert expected in run_example(script, *args)


def test_random_game_is_the_same_for_the_same_seed() -> None:
    first = run_example("play_random_game.py", "pagat", "--seed", "3")
    assert first == run_example("play_random_game.py", "pagat", "--seed", "3")
    assert first.rstrip().splitlines()[-1].endswith(" hands (reached the target).")


def run_example(script: str, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_example_is_tested() -> None:
    tested = {"play_random_game.py", "settle_a_dispute.py", "compare_rules.py"}
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested
