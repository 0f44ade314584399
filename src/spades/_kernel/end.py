"""The end of the game: whether the totals after a hand decide it, and for whom."""

from __future__ import annotations

from collections.abc import Sequence

from .table import Table

__all__ = ["END_CAP", "END_FLOOR", "END_TARGET", "SHARED", "game_end"]

#: Why a game ended, as :func:`game_end` gives it.
END_TARGET = 0
END_FLOOR = 1
END_CAP = 2
#: The winner :func:`game_end` gives for a shared result.
SHARED = -1


def game_end(table: Table, scores: Sequence[int], hands_played: int) -> tuple[int, int] | None:
    """Whether the game is over at the sides' totals ``scores`` (NS, EW; or N, E, S, W when
    every player plays alone) after ``hands_played`` hands: None while it goes on, else
    ``(winner, why)`` -- the index of the winning side (or :data:`SHARED`) and
    :data:`END_TARGET`, :data:`END_FLOOR` or :data:`END_CAP`.

    A side has a claim when it reaches the target or another side falls to the losing score; a
    single claim wins. When several sides claim, the highest total among them wins, and an exact
    tie at the top plays on unless :attr:`RuleSet.tie_at_target` shares it. Only then does the
    cap on hands decide, once ``hands_played`` reaches it: the highest total wins, and an exact
    tie at the top is shared unless :attr:`RuleSet.tie_at_cap` plays on (then every later hand
    is decided the same way, the target and the floor first). Under :attr:`RuleSet.tie_by_tens`
    "higher" compares the totals' tens (``total // 10``, floor division: -41 and -50 tie, -51
    is lower), so 528 and 526 tie; whether a side reached the target or the floor is still read
    from the totals themselves. With two teams: a team wins when it reaches the target or the
    other falls to the losing score, and when both have such a claim the higher total wins.
    """
    rules = table.rules
    target, floor = rules.target_score, rules.losing_score
    cap = rules.max_hands
    if (
        max(scores) < target
        and (floor is None or min(scores) > floor)
        and (cap is None or hands_played < cap)
    ):
        return None  # no claim and no cap: the common case, decided at once
    reached = [score >= target for score in scores]
    fallen = [floor is not None and score <= floor for score in scores]
    sides = range(len(scores))
    if any(fallen):
        claims = [
            side for side in sides if reached[side] or any(fallen[o] for o in sides if o != side)
        ]
    else:
        claims = [side for side in sides if reached[side]]
    ranks = [score // 10 for score in scores] if rules.tie_by_tens else list(scores)
    if claims:
        why = END_TARGET if any(reached) else END_FLOOR
        best = _top(claims, ranks)
        if best is not None:
            return best, why
        if table.tie_at_target_shared:
            return SHARED, why
    if cap is not None and hands_played >= cap:
        best = _top(sides, ranks)
        if best is not None:
            return best, END_CAP
        if table.tie_at_cap_shared:
            return SHARED, END_CAP
    return None


def _top(sides: Sequence[int], ranks: Sequence[int]) -> int | None:
    """The one side of ``sides`` ranked highest, or None when two or more tie at the top."""
    best = max(ranks[side] for side in sides)
    top = [side for side in sides if ranks[side] == best]
    return top[0] if len(top) == 1 else None
