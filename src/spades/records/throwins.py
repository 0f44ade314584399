"""A hand thrown in after its bidding because the bids total too few (the rule option
``redeal_below_total``), as the verifier walks it: the hand ends with its bids, nothing scored, and
the same dealer deals the same hand number again.

A record writes such a hand as its deal and its bids, nothing more; the rules say it was thrown
in, so it needs no field of its own.
"""

from __future__ import annotations

from typing import Any, Protocol

from .._kernel.table import Table
from ..actions import Redeal
from ..engine import throw_in
from ..seats import Seat
from ..state import GameState
from .format import HandRecord
from .report import RecordReason

__all__ = ["WalkedHand", "thrown_in_for_total"]


class WalkedHand(Protocol):
    """What of a hand's walk (:class:`~spades.records.walk.HandWalk`) this module reads."""

    record: HandRecord
    table: Table
    cur: GameState
    dealer: Seat
    number: int
    scoring: bool

    @property
    def here(self) -> str: ...

    def problem(self, where: str, reason: RecordReason, message: str, **extra: Any) -> None: ...

    def finish(
        self, tricks: None, score: None, done: bool, *, total: int | None = None
    ) -> None: ...


def thrown_in_for_total(walk: WalkedHand, total: int) -> tuple[GameState, bool]:
    """End ``walk``'s hand, thrown in after bids that total ``total``, too few: the state from
    which the same dealer deals again, and whether later hands can be scored. An exchange, plays
    or trick counts recorded for the hand are reported
    (:attr:`~spades.records.RecordReason.THROWN_IN_PLAYED`)."""
    record = walk.record
    if record.exchange or record.plays or record.tricks is not None:
        walk.problem(
            f"{walk.here}, after the bidding",
            RecordReason.THROWN_IN_PLAYED,
            f"The bids total {total}, fewer than {walk.table.redeal_below} "
            "(redeal_below_total), so the hand is thrown in and dealt again; it has no "
            "exchange, plays or trick counts.",
        )
    after = walk.cur
    if not after.needs_deal:  # the engine was not followed to the end of the bidding
        after = throw_in(after, Redeal(), dealer=walk.dealer, number=walk.number)
    walk.finish(None, None, True, total=total)
    return after, walk.scoring
