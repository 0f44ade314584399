"""What a playout's outcome is worth to a computer player: the hand's points and the game.

The playouts themselves are the kernel's (:func:`spades._kernel.playout.play_out`: a hand played
to its end on int masks by a cheap, bid-aware policy, reading the compiled table's flags). What
the tricks they end with score is the kernel's too (:func:`spades._kernel.score.hand_score`, the
one assembly of a hand's score: the contract with any big bid or moon, the nils, the bags and the
bag penalties, or under bag back the other team's; for a hand played without bids, the trick
points), and who wins the game at the totals after it is :func:`spades._kernel.end.game_end`'s,
which decides the end of every game the engine plays.

What is the computer players' own is the value of an outcome, :func:`hand_value`: one side's
points less the other team's (alone, less the best of the other players'), with
:data:`GAME_BONUS` for a hand that wins the game and against one that loses it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._kernel.end import Fact, game_end, hand_facts, runs_after, sets_after
from .._kernel.score import hand_score
from .._kernel.table import Table

__all__ = ["GAME_BONUS", "hand_value"]

#: What winning the game is worth in :func:`hand_value`, over and above the hand's points (and
#: losing it, below them): more than any one hand can score, so that near the end of a game the
#: evaluation prefers the card or bid that wins the game to one that only scores more.
GAME_BONUS = 1000.0


def hand_value(
    table: Table,
    bids: Sequence[tuple[int, bool]] | None,
    taken: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    team: int,
    hands_played: int,
    sets: Sequence[int] | None = None,
    runs: Sequence[int] | None = None,
) -> float:
    """How good a hand's outcome is at ``table`` for side ``team`` (0 NS, 1 EW; or the seat when
    every player plays alone): its points for the hand less the other team's, or less the best
    of the other players' (:func:`~spades._kernel.score.hand_score` from the bids, ``(tricks,
    blind)`` per seat or None for a hand played without bids, and the tricks ``taken`` per seat;
    bag penalties included), plus :data:`GAME_BONUS` when the totals after the hand win the game
    for ``team`` and minus it when another side wins it
    (:func:`~spades._kernel.end.game_end`; a shared result is neither). ``scores`` and ``bags``
    are the standing by side before the hand, and ``hands_played`` counts the hands played once
    this one is (it is the hand's number). ``sets`` are how many times each side has been set
    before the hand, for the hand's outright ends (:func:`~spades._kernel.end.hand_facts`: a
    winning bid, the sets that lose, the first hand's least tricks), and ``runs`` in how many
    hands in a row (``consecutive_sets_to_lose``; None when that rule is off); None to judge
    the totals only."""
    totals = hand_score(table, bids, taken, bags)
    points = [side[0] for side in totals]
    best = max(own for side, own in enumerate(points) if side != team)
    value = float(points[team] - best)
    facts: tuple[Fact, ...] = ()
    if sets is not None and table.outright_end:
        after = sets_after(table, sets, totals, None)
        in_a_row = None if runs is None else runs_after(table, runs, totals, None)
        facts = hand_facts(table, totals, taken, None, hands_played, after, in_a_row)
    end = game_end(table, [score + own for score, own in zip(scores, points)], hands_played, facts)
    if end is not None and end[0] >= 0:
        value += GAME_BONUS if end[0] == team else -GAME_BONUS
    return value
