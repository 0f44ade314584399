"""A hand thrown in after its bidding because the bids total too few (the rule option
``redeal_below_total``), as the verifier walks it: the hand ends with its bids, nothing scored, and
the same dealer deals the same hand number again; and a hand the table says it threw in
(``thrown_in``) that the rules play out, walked as the table played it.

A record writes a hand thrown in for its total as its deal and its bids, nothing more; the rules
say it was thrown in, so it needs no field of its own. The table's word on it (``thrown_in``,
true or false) may be written too, and is checked like a written score
(``spades.records.table_verdict``).
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
from .table_verdict import played_out_problem, thrown_in_problem

__all__ = ["WalkedHand", "thrown_in_by_table", "thrown_in_for_total"]


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
        self,
        tricks: None,
        score: None,
        done: bool,
        *,
        total: int | None = None,
        by_table: bool = False,
    ) -> None: ...


def thrown_in_for_total(walk: WalkedHand, total: int) -> tuple[GameState, bool]:
    """End ``walk``'s hand, thrown in after bids that total ``total``, too few: the state from
    which the same dealer deals again, and whether later hands can be scored. An exchange, plays
    or trick counts recorded for the hand are reported
    (:attr:`~spades.records.RecordReason.THROWN_IN_PLAYED`)."""
    record = walk.record
    if record.thrown_in is False:
        walk.problem(
            f"{walk.here}, thrown in",
            RecordReason.VERDICT_MISMATCH,
            played_out_problem(walk.number, total, walk.table.redeal_below),
        )
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


def thrown_in_by_table(walk: WalkedHand) -> tuple[GameState, bool]:
    """End ``walk``'s hand, which the table threw in (``thrown_in``) and the rules play out: the
    disagreement reported, and the state from which the same dealer deals again, as the table
    did; and whether later hands can be scored."""
    table = walk.table
    bids = walk.record.bids
    if table.redeal_below and all(bid is not None for bid in bids):
        total = sum(bid.tricks for bid in bids if bid is not None)
        why_not = (
            f"its bids total {total}, not fewer than {table.redeal_below} (redeal_below_total), "
            "and no seat called for a redeal (redeal), so the rules play it out"
        )
    else:
        why_not = (
            "no seat called for a redeal (redeal), and these rules throw a hand in for nothing else"
            if not table.redeal_below
            else "no seat called for a redeal (redeal), and its bids are not all recorded"
        )
    walk.problem(
        f"{walk.here}, thrown in",
        RecordReason.VERDICT_MISMATCH,
        thrown_in_problem(walk.number, why_not),
    )
    after = walk.cur
    if not after.needs_deal:
        after = throw_in(after, Redeal(), dealer=walk.dealer, number=walk.number)
    walk.finish(None, None, True, by_table=True)
    return after, walk.scoring
