"""The end of the game: whether the totals after a hand, or what happened in it, decide it, and
for whom.

Two kinds of end. The totals: a target, a losing score, a cap on hands (:func:`game_end`). And a
hand's outright facts, which end the game whatever the totals (:func:`hand_facts`): a side that
bids and makes :attr:`~spades.rules.RuleSet.winning_bid` wins; a side set for the
:attr:`~spades.rules.RuleSet.sets_to_lose`-th time in the game loses, and so does a side that
takes fewer than :attr:`~spades.rules.RuleSet.first_hand_min_tricks` tricks in the first hand,
or is set in :attr:`~spades.rules.RuleSet.consecutive_sets_to_lose` hands in a row.
A fact is ``(side, effect, why, number)``: :data:`WINS` or :data:`LOSES`, an ``END_`` code, and
the rule's number for the sentence; another rule that ends a game from one hand (say, a bid that
loses the game when it fails) is one more fact of the same shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .score import hand_score
from .table import RENEGE_SET, RENEGE_SET_AND_BID, Table

__all__ = [
    "END_CAP",
    "END_CONSECUTIVE_SETS",
    "END_FIRST_HAND",
    "END_FLOOR",
    "END_SETS",
    "END_TARGET",
    "END_WINNING_BID",
    "LOSES",
    "SHARED",
    "WINS",
    "Fact",
    "game_end",
    "hand_facts",
    "runs_after",
    "runs_over",
    "sets_after",
    "sets_over",
    "side_set",
    "sides_set",
]

#: Why a game ended, as :func:`game_end` gives it.
END_TARGET = 0
END_FLOOR = 1
END_CAP = 2
#: A side bid and made ``winning_bid`` or more.
END_WINNING_BID = 3
#: A side was set for the ``sets_to_lose``-th time.
END_SETS = 4
#: A side took fewer than ``first_hand_min_tricks`` tricks in the game's first hand.
END_FIRST_HAND = 5
#: A side was set in ``consecutive_sets_to_lose`` hands in a row.
END_CONSECUTIVE_SETS = 6
#: The winner :func:`game_end` gives for a shared result.
SHARED = -1
#: What a hand's fact does to its side: wins the game, or loses it.
WINS = 1
LOSES = 0

#: ``(side, effect, why, number)``: a hand's fact that ends the game (see the module's text).
Fact = tuple[int, int, int, int]
_NO_FACTS: tuple[Fact, ...] = ()


def side_set(table: Table, totals: Sequence[int], side: int, reneges: Sequence[int] | None) -> bool:
    """Whether side ``side``, whose hand totals are ``totals`` (the kernel's
    :data:`~spades._kernel.score.SideTotals`), was set, as its itemised score says: it had a
    contract (a number bid) and took fewer tricks toward it (after the tricks a renege moved),
    or it reneged under ``renege_penalty`` ``set`` or ``set_and_bid``; under ``set_and_bid`` a
    team whose opponents reneged (and that did not) is credited with its bid, so is not set.
    ``reneges`` are each side's reneges (None for none). A side that bid only nil, and a hand
    played without bids, have no contract to be set."""
    contract = totals[1]
    if not contract:
        return False
    penalty = table.renege_penalty
    if reneges is not None and reneges[side]:
        if penalty in (RENEGE_SET, RENEGE_SET_AND_BID):
            return True
    elif (
        reneges is not None
        and penalty == RENEGE_SET_AND_BID
        and table.partnerships
        and reneges[side ^ 1]
    ):
        return False  # credited with its bid, whatever it took
    return totals[2] < contract


#: A hand as :func:`~spades._kernel.score.hand_score` reads it: ``(bids, tricks, bags before,
#: reneges)``.
Hand = tuple[Sequence[tuple[int, bool]] | None, Sequence[int], Sequence[int], Sequence[int] | None]
#: How a count by side goes on past one hand: from the counts before it, the hand's totals per
#: side and its reneges (:func:`sets_after`, :func:`runs_after`).
Step = Callable[
    [Table, Sequence[int], Sequence[Sequence[int]], Sequence[int] | None], tuple[int, ...]
]


def sides_set(
    table: Table, totals: Sequence[Sequence[int]], reneges: Sequence[int] | None
) -> tuple[bool, ...]:
    """Whether each side was set in a hand whose totals are ``totals`` (per side; ``reneges`` per
    side or None), as :func:`side_set` says."""
    return tuple(side_set(table, side, index, reneges) for index, side in enumerate(totals))


def sets_after(
    table: Table,
    sets: Sequence[int],
    totals: Sequence[Sequence[int]],
    reneges: Sequence[int] | None,
) -> tuple[int, ...]:
    """How many times each side has been set in the game after a hand: ``sets`` before it, one
    more for each side :func:`side_set` says was set in it (``totals`` per side, ``reneges`` per
    side or None)."""
    return tuple(count + was for count, was in zip(sets, sides_set(table, totals, reneges)))


def runs_after(
    table: Table,
    runs: Sequence[int],
    totals: Sequence[Sequence[int]],
    reneges: Sequence[int] | None,
) -> tuple[int, ...]:
    """How many hands in a row each side has been set after a hand: one more than ``runs``
    before it for each side :func:`side_set` says was set in it, 0 for every other side."""
    return tuple(run + 1 if was else 0 for run, was in zip(runs, sides_set(table, totals, reneges)))


def sets_over(table: Table, sets: Sequence[int], hands: Iterable[Hand]) -> tuple[int, ...]:
    """How many times each side has been set after ``hands``, in order, from ``sets`` before the
    first: each hand ``(bids, tricks, bags before, reneges)`` as
    :func:`~spades._kernel.score.hand_score` reads it, scored and counted by :func:`sets_after`.
    The one count of a game's sets, from its history."""
    return _over(table, sets, hands, sets_after)


def runs_over(table: Table, runs: Sequence[int], hands: Iterable[Hand]) -> tuple[int, ...]:
    """How many hands in a row each side has been set after ``hands`` (as :func:`sets_over`
    reads them), from ``runs`` before the first: what ``consecutive_sets_to_lose`` counts."""
    return _over(table, runs, hands, runs_after)


def _over(
    table: Table, counts: Sequence[int], hands: Iterable[Hand], step: Step
) -> tuple[int, ...]:
    """``counts`` carried past each of ``hands`` in order by ``step``, each hand scored once."""
    after = tuple(counts)
    for bids, tricks, bags, reneges in hands:
        after = step(table, after, hand_score(table, bids, tricks, bags, reneges), reneges)
    return after


def hand_facts(
    table: Table,
    totals: Sequence[Sequence[int]],
    tricks: Sequence[int],
    reneges: Sequence[int] | None,
    hand_number: int,
    sets: Sequence[int],
    runs: Sequence[int] | None = None,
) -> tuple[Fact, ...]:
    """The facts of a hand that end the game, in side order: each side that bid and made at
    least ``winning_bid`` (a contract of that many tricks, made); each side set for the
    ``sets_to_lose``-th time, or more (``sets`` are the counts after the hand, from
    :func:`sets_after`); each side set in ``consecutive_sets_to_lose`` hands in a row, this one
    the last (``runs`` after the hand, from :func:`runs_after`; None when the rule is off);
    each side that took fewer than ``first_hand_min_tricks`` tricks in hand 1
    (``hand_number``). ``totals`` are the hand's per side, ``tricks`` per seat, ``reneges`` per
    side (None for none): a side set for a renege did not make its contract."""
    if not table.outright_end:
        return _NO_FACTS
    rules = table.rules
    winning, limit, least = rules.winning_bid, rules.sets_to_lose, rules.first_hand_min_tricks
    in_a_row = rules.consecutive_sets_to_lose
    facts: list[Fact] = []
    for side, side_totals in enumerate(totals):
        contract = side_totals[1]
        if (
            winning is not None
            and contract >= winning
            and not side_set(table, side_totals, side, reneges)
        ):
            facts.append((side, WINS, END_WINNING_BID, winning))
        if limit is not None and sets[side] >= limit:
            facts.append((side, LOSES, END_SETS, limit))
        elif in_a_row is not None and runs is not None and runs[side] >= in_a_row:
            facts.append((side, LOSES, END_CONSECUTIVE_SETS, in_a_row))
        if least is not None and hand_number == 1:
            took = sum(tricks[seat] for seat in table.side_seats[side])
            if took < least:
                facts.append((side, LOSES, END_FIRST_HAND, least))
    return tuple(facts)


def game_end(
    table: Table,
    scores: Sequence[int],
    hands_played: int,
    facts: Sequence[Fact] = _NO_FACTS,
) -> tuple[int, int] | None:
    """Whether the game is over at the sides' totals ``scores`` (NS, EW; or N, E, S, W when
    every player plays alone) after ``hands_played`` hands whose last hand had the outright
    ``facts`` (:func:`hand_facts`): None while it goes on, else ``(winner, why)`` -- the index of
    the winning side (or :data:`SHARED`) and an ``END_`` code.

    The facts come first, whatever the totals: a side a fact says wins, and no fact says loses,
    wins (of two or more such sides, the highest total; an exact tie at the top is shared); else,
    when a fact says a side loses, the game ends and the highest total among the other sides
    wins (a tie at the top among them is shared; when every side lost, the highest total of all
    wins, a tie shared). ``why`` is the first deciding fact's: the first winning fact's, or the
    first losing fact's.

    Else the totals. A side has a claim when it reaches the target or another side falls to the
    losing score; a single claim wins. When several sides claim, the highest total among them
    wins, and an exact tie at the top plays on unless :attr:`RuleSet.tie_at_target` shares it.
    Only then does the cap on hands decide, once ``hands_played`` reaches it: the highest total
    wins, and an exact tie at the top is shared unless :attr:`RuleSet.tie_at_cap` plays on (then
    every later hand is decided the same way, the target and the floor first). Under
    :attr:`RuleSet.tie_by_tens` "higher" compares the totals' tens (``total // 10``, floor
    division: -41 and -50 tie, -51 is lower), so 528 and 526 tie; whether a side reached the
    target or the floor is still read from the totals themselves. With two teams: a team wins
    when it reaches the target or the other falls to the losing score, and when both have such a
    claim the higher total wins.
    """
    rules = table.rules
    if facts:
        return _outright(table, scores, facts)
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
    ranks = _ranks(table, scores)
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


def _outright(table: Table, scores: Sequence[int], facts: Sequence[Fact]) -> tuple[int, int]:
    """The end the facts of a hand decide (see :func:`game_end`)."""
    ranks = _ranks(table, scores)
    losers = {side for side, effect, _why, _number in facts if effect == LOSES}
    winners = [
        side for side, effect, _why, _number in facts if effect == WINS and side not in losers
    ]
    if winners:
        why = next(why for side, effect, why, _number in facts if side in winners)
        best = _top(sorted(set(winners)), ranks)
        return (SHARED if best is None else best), why
    why = next(why for _side, effect, why, _number in facts if effect == LOSES)
    others = [side for side in range(len(scores)) if side not in losers] or list(range(len(scores)))
    best = _top(others, ranks)
    return (SHARED if best is None else best), why


def _ranks(table: Table, scores: Sequence[int]) -> list[int]:
    """The totals as "higher" compares them: their tens under ``tie_by_tens``."""
    return [score // 10 for score in scores] if table.rules.tie_by_tens else list(scores)


def _top(sides: Sequence[int], ranks: Sequence[int]) -> int | None:
    """The one side of ``sides`` ranked highest, or None when two or more tie at the top."""
    best = max(ranks[side] for side in sides)
    top = [side for side in sides if ranks[side] == best]
    return top[0] if len(top) == 1 else None
