"""What every test shares: the process pools' start method, and the fixtures (the tables, and
computers that play at random).

The suite's processes are threaded (pytest-xdist's workers talk to the controller on a thread of
their own), and forking a threaded process can leave the child waiting forever on a lock some
other thread held at the fork (Python 3.12 warns of it). So the process pools the tests start,
their own and the arena's, start their workers from a fork server, a process of one thread: the
start method Python 3.14 makes the default on Linux.
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path

import pytest

import spades.table
from extras import RL_EXTRA, RL_PACKAGE, RL_PAGES
from tables import TABLES, TableKind, random_player

# Test modules share helpers across folders (tests/rules/test_redeal.py imports tests/cli's
# test_cli_play): every folder is importable by module name whichever tests are selected, not only
# when pytest happens to collect that folder too.
sys.path.extend(
    str(folder)
    for folder in sorted(Path(__file__).parent.iterdir())
    if folder.is_dir() and folder.name.isidentifier() and str(folder) not in sys.path
)


class WithoutRlExtra:
    """Leaves out the installed ``spades.rl`` (its doctests) and the pages of the documentation
    that use it, where the ``rl`` extra is missing: importing it would fail
    (``tests/extras.py``). A plugin rather than a hook of this file, whose hooks apply only to
    the paths under ``tests/``: the package is collected from ``src/`` or an installed copy."""

    def pytest_ignore_collect(self, collection_path: Path) -> bool | None:
        path = collection_path.resolve()
        if path in RL_PAGES or path == RL_PACKAGE or RL_PACKAGE in path.parents:
            return True
        return None


def pytest_configure(config: pytest.Config) -> None:
    if not RL_EXTRA:
        config.pluginmanager.register(WithoutRlExtra(), "spades-without-rl-extra")
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.set_start_method("forkserver", force=True)


@pytest.fixture(scope="session", params=TABLES, ids=str)
def table_kind(request: pytest.FixtureRequest) -> TableKind:
    """Each of the four tables in turn (tests/tables.py): four partners, four alone, three and
    two; the test's id names it. Session-scoped, so that a Hypothesis test may take it."""
    table: TableKind = request.param
    return table


@pytest.fixture
def random_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer a table makes from a level (``'easy'``, ``Level.HARD``) picks at random
    (:func:`tables.random_player`): for the tests of a front-end, whose output should not hang on
    how the computers play."""
    monkeypatch.setattr(spades.table, "make_player", lambda level: random_player)
