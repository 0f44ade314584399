"""The ``spades`` command.

``spades demo`` plays a whole game between four computer players at the levels given and prints
the score sheet; ``--save`` writes the game as a record. ``spades arena`` plays a duplicate match
between two levels (:mod:`spades.arena`). ``spades score FILE`` verifies a game record and
prints its score sheet; ``spades score --bids ... --tricks ...`` scores one hand with its
explanation. ``spades rules`` lists the presets, shows one, or shows where two differ.
``spades play`` is a game in the terminal against the computer players, or for two people at one
terminal.

Every subcommand exits 0 on success, 1 when it found a problem in what it was asked to check, and 2
for unusable input, with one line saying what was wrong and where, never a traceback. A match that
``spades arena`` was playing when Ctrl-C stopped it exits 130; an output that cannot be written
(a full disk, a closed standard output) gives one line and exit 74.
"""

from __future__ import annotations

from .command import build_parser, main

__all__ = ["build_parser", "main"]
