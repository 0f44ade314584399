"""The progress line of a long run (``spades arena``, the benchmarks): on a terminal one line on
standard error, rewritten in place (``spades arena: 120 of 1,000 boards``); on a pipe or a file
nothing, so that a log or a captured output holds only the result, unless asked for, when it is a
line at each tenth of the run.
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["Progress", "is_terminal"]


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (False for a closed stream or one with no ``isatty``)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """Call it with the work done and the whole, ``progress(120, 1000)``, as often as wanted.

    ``label`` starts the line (the command's name), ``unit`` names what is counted (``boards``).
    ``stream`` is standard error unless given. On a terminal the line is rewritten in place and
    ended when the work is done; elsewhere nothing is written unless ``always``, and then a line
    at each tenth. :attr:`shown` tells whether anything will be written.
    """

    def __init__(
        self, label: str, unit: str, *, stream: TextIO | None = None, always: bool = False
    ) -> None:
        self.label = label
        self.unit = unit
        self.stream: TextIO = sys.stderr if stream is None else stream
        self.terminal = is_terminal(self.stream)
        #: Whether the line is written at all: on a terminal, or when asked for.
        self.shown = self.terminal or always
        self._tenth = -1

    def line(self, done: int, total: int) -> str:
        """The progress text for ``done`` of ``total``: ``spades arena: 120 of 1,000 boards``."""
        return f"{self.label}: {done:,} of {total:,} {self.unit}"

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        if self.terminal:
            end = "\n" if done >= total else ""
            self.stream.write(f"\r{self.line(done, total)}{end}")
        else:
            tenth = 10 * done // total if total > 0 else 10
            if tenth <= self._tenth:
                return
            self._tenth = tenth
            self.stream.write(self.line(done, total) + "\n")
        self.stream.flush()

    def __repr__(self) -> str:
        return f"Progress({self.label!r}, {self.unit!r}, always={self.shown and not self.terminal})"
