"""The sentences the package's own readers say of values of the wrong kind, asked of them once,
for tests that check other paths (a record, the command line) say the same: one source of truth
per check."""

from __future__ import annotations

from typing import Any

import pytest

from spades.errors import NotationError
from spades.seats import by_seat, parse_side


def side_sentence(key: str, partnerships: bool) -> str:
    """What ``parse_side`` says of ``key`` under the rules: the one sentence for a side of the
    wrong kind."""
    with pytest.raises(NotationError) as caught:
        parse_side(key, partnerships)
    return caught.value.message


def no_player(key: str) -> str:
    """What ``parse_side`` says of a seat with no player at a table of three."""
    with pytest.raises(NotationError) as caught:
        parse_side(key, False, 3)
    return caught.value.message


def by_seat_sentence(values: Any, what: str) -> str:
    """What ``spades.seats.by_seat`` says of values for another number of seats than three."""
    with pytest.raises(NotationError) as caught:
        by_seat(values, what, "bad", allow_missing=False, seats=3)
    return caught.value.message
