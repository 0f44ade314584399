"""What every test shares.

The suite's processes are threaded (pytest-xdist's workers talk to the controller on a thread of
their own), and forking a threaded process can leave the child waiting forever on a lock some
other thread held at the fork (Python 3.12 warns of it). So the process pools the tests start,
their own and the arena's, start their workers from a fork server, a process of one thread: the
start method Python 3.14 makes the default on Linux.
"""

from __future__ import annotations

import multiprocessing

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.set_start_method("forkserver", force=True)
