"""The table's own verdict, as a record writes it, and what the rules say of it.

A record may say what the table decided: at the game level, who won and whether the game was over
(``verdict``, :class:`TableVerdict`), and for a hand, that the table threw it in or played it out
(``thrown_in``). The verifier checks them as it checks the written scores: a verdict that differs
from the rules' is a problem (:attr:`~spades.records.RecordReason.VERDICT_MISMATCH`) with the
rules' own account beside it, and a verdict that matches is confirmed in the report's verdict
line. The sentences are made here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .._text import quote
from ..errors import SpadesError
from ..score import GameResult
from ..seats import Seat, Side, Team
from .checks import fail

__all__ = [
    "TableVerdict",
    "as_verdict",
    "game_verdict_problem",
    "played_out_problem",
    "thrown_in_problem",
]


def _as_winner(value: object) -> Side | None:
    if value is None or isinstance(value, (Team, Seat)):
        return value
    if isinstance(value, str):
        for kind in (Team, Seat):
            try:
                return kind.parse(value)
            except SpadesError:
                continue
    raise fail(
        "verdict.winner",
        f"{quote(value)} is not a side; name a team (NS, EW) or, when every player plays "
        "alone, a seat (N, E, S, W).",
        "bad_seat",
    )


def _as_game_over(value: object) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise fail("verdict.game_over", f"expected True or False, not {quote(value)}.", "wrong_type")


@attrs.frozen(kw_only=True)
class TableVerdict:
    """What the table decided about the game: who won, and whether the game was over after the
    record's last hand. A winner says the game was over; give either or both."""

    #: The side the table says won (a team, or a seat when every player plays alone); None
    #: when the record does not say.
    winner: Side | None = attrs.field(default=None, converter=_as_winner)
    #: Whether the table says the game was over after the last hand; None when the record does
    #: not say (a winner says it was).
    game_over: bool | None = attrs.field(default=None, converter=_as_game_over)

    def __attrs_post_init__(self) -> None:
        if self.winner is None and self.game_over is None:
            raise fail(
                "verdict",
                "a verdict says who won (winner), whether the game was over (game_over), or both.",
                "missing_field",
            )
        if self.winner is not None and self.game_over is False:
            raise fail(
                "verdict.game_over",
                f"the verdict names {self.winner} the winner, so the game was over; "
                "game_over false says it was not.",
                "bad_record",
            )

    @property
    def over(self) -> bool:
        """Whether the table says the game was over."""
        return self.winner is not None or bool(self.game_over)

    def text(self) -> str:
        """The verdict as a sentence says it: ``NS won``, ``the game was over``, ``the game
        goes on``."""
        if self.winner is not None:
            return f"{self.winner} won"
        return "the game was over" if self.game_over else "the game goes on"

    def to_data(self) -> dict[str, Any]:
        """As a record writes it: only what is given."""
        data: dict[str, Any] = {}
        if self.winner is not None:
            data["winner"] = str(self.winner)
        if self.game_over is not None:
            data["game_over"] = self.game_over
        return data


def as_verdict(value: object) -> TableVerdict | None:
    """A record's verdict: None, a :class:`TableVerdict`, or a mapping of its fields."""
    if value is None or isinstance(value, TableVerdict):
        return value
    if isinstance(value, Mapping):
        unknown = [key for key in value if key not in ("winner", "game_over")]
        if unknown:
            raise fail(
                f"verdict.{unknown[0]}",
                "unknown field; the fields here are 'winner', 'game_over'.",
                "unknown_field",
            )
        return TableVerdict(winner=value.get("winner"), game_over=value.get("game_over"))
    raise fail(
        "verdict",
        f"expected a TableVerdict or a mapping with 'winner' and 'game_over', not {quote(value)}.",
        "wrong_type",
    )


def game_verdict_problem(
    verdict: TableVerdict, result: GameResult | None, standing: str
) -> tuple[str, str] | None:
    """Why the table's ``verdict`` is not the rules' (``result``, None while the game goes on):
    the sentence, and the rules' own account (the result, or ``standing``, where the game
    stands); None when it matches."""
    if result is None:
        if not verdict.over:
            return None
        return (
            f"the table wrote that {verdict.text()}, but under these rules the game goes on.",
            f"The game is not over: {standing}.",
        )
    if not verdict.over:
        return (
            "the table wrote that the game goes on, but under these rules it is over.",
            str(result),
        )
    if verdict.winner is None or verdict.winner is result.winner:
        return None
    rules_say = "no side won" if result.winner is None else f"{result.winner} won"
    return (f"the table wrote that {verdict.text()}; under these rules {rules_say}.", str(result))


def thrown_in_problem(number: int, why_not: str) -> str:
    """The sentence for hand ``number``, which the table threw in and the rules play out
    (``why_not`` says why)."""
    return (
        f"the table wrote that hand {number} was thrown in, but {why_not}; it is checked as "
        "the table played it: thrown in, and dealt again."
    )


def played_out_problem(number: int, total: int, below: int) -> str:
    """The sentence for hand ``number``, which the table played out while its bids total
    ``total``, fewer than ``below`` (``redeal_below_total``)."""
    return (
        f"the table wrote that hand {number} was played out, but its bids total {total}, fewer "
        f"than {below} (redeal_below_total), so the rules throw it in."
    )
