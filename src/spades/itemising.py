"""A hand's itemised score from the kernel's lines: :func:`itemised` turns each line of
:func:`spades._kernel.score.hand_score` into the :class:`~spades.score.ScoreItem` a person reads,
and builds the :class:`~spades.score.HandScore` of the hand (what play, scoring and records give).
"""

from __future__ import annotations

from collections.abc import Sequence

from ._kernel.score import LINE_KINDS, hand_score
from ._kernel.table import Table
from .actions import Bid
from .score import HandScore, ItemKind, ScoreItem, TeamHandScore
from .seats import SEATS, TEAMS

__all__: list[str] = []  # (internal: it takes the kernel's compiled table)

#: The item kind of each kind of the kernel's lines.
_KINDS: tuple[ItemKind, ...] = tuple(ItemKind(kind) for kind in LINE_KINDS)


def itemised(
    table: Table,
    bids: Sequence[Bid | None],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    reneges: Sequence[int] | None = None,
) -> HandScore:
    """The itemised score of a hand whose bids (by seat; all None for a hand played without bids),
    tricks taken (by seat), totals and bag counts before it (by side) and reneges (by side; None
    for none) are already checked: the kernel's lines (:func:`spades._kernel.score.hand_score`),
    each as an item."""
    rules = table.rules
    pairs = None if bids[0] is None else [(bid.tricks, bid.blind) for bid in bids]  # type: ignore[union-attr]
    lines: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(table.side_count)]
    totals = hand_score(table, pairs, tricks, bags, reneges, lines)
    teams = []
    for index, side in enumerate(rules.sides):
        _points, contract, contract_tricks, gained, _penalties, bags_after = totals[index]
        seats = table.side_seats[index]
        items = tuple(
            ScoreItem(
                kind=_KINDS[kind],
                points=points,
                count=count,
                seat=None if seat < 0 else SEATS[seat],
                team=None if other < 0 else TEAMS[other],
            )
            for kind, points, count, seat, other in lines[index]
        )
        teams.append(
            TeamHandScore(
                team=side,
                bids=tuple(bids[seat] for seat in seats),
                tricks=tuple(tricks[seat] for seat in seats),
                contract=contract,
                contract_tricks=contract_tricks,
                items=items,
                score_before=scores[index],
                bags_before=bags[index],
                bags_gained=gained,
                bags_after=bags_after,
            )
        )
    return HandScore(teams=tuple(teams))
