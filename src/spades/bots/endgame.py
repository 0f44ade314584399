"""The Expert's endgame: each card it could play judged on each imagined deal by double-dummy
search (:mod:`spades._kernel.double_dummy`) instead of a playout, once few tricks are left.

The solver counts tricks and the Expert's value is points
(:func:`~spades.bots.playout.hand_value`: contracts and sets, nils, bags and their penalties, the
game's end). So, on one
imagined deal (every hand in view) and for each card the seat may play, the solver answers a
few questions, each a guarantee, and the points are read off the outcomes they allow:

* the most tricks its side can make sure of taking (``maximizers`` and ``counted`` the side:
  *H*), and, when more tricks could cost it (bags, a nil of its own), the fewest it can make
  sure of holding itself to (``maximizers`` the other side, ``counted`` its own: *L*);
* for each nil still kept on its side, the tricks the other side can force on the nil bidder
  (``maximizers`` the other side, ``counted`` the bidder; 0: the nil is safe), and for each nil
  still kept on the other side, the tricks its own side can force on that bidder.

Playing for *H*, the side ends with at least *H* of the tricks left and the other side
chooses how many more (as it likes least); playing for *L*, at most *L*, the other
side choosing how many fewer. The card's value on the deal is the better of the two plans, each
worth its worst outcome: a sure lower bound of what the side can make of the deal in points.
(A nil's tricks are the ones forced on it, whichever plan: the two questions are asked apart, so
a side that must both cover a nil and take its tricks is judged as if it could do both.)

The Expert uses it only at tables of two sides (partnerships of four, two-handed Spades: alone
at three or four the other players' split of their tricks matters), and only while no nil bid is
still kept (:func:`~spades.bots.endgame.tricks_left`): with a live nil the search, whose
defenders and setters see every card, judged nils worse than the playouts do. Measured on the
endings of 200 hands of the standard game (today's Expert to 4 tricks from the end, then the
ending played twice, the two Experts swapping sides): with nils judged here, +2.0 points a hand
(95% interval -2.2 to +6.2); with nils left to the playouts, +3.4 (+0.5 to +6.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._kernel.double_dummy import Position, Solver
from .._kernel.table import Table
from .seen import Seen

__all__ = ["ENDGAME_MEMORY", "endgame_samples", "endgame_solver", "tricks_left"]

#: The entries a solver's table of bounds may hold before it is cleared (per pair of roles).
ENDGAME_MEMORY = 1 << 16
#: How many tables' solvers a player keeps (a program meets few rule sets).
_KEPT = 4
#: Sides at a table where the endgame applies.
_TWO_SIDES = 2

#: The value of an outcome: the tricks taken per seat at the end of the hand, to points.
Value = Callable[[Sequence[int]], float]


def endgame_solver(solvers: dict[Table, Solver], table: Table) -> Solver:
    """The solver kept in ``solvers`` for ``table``, made when there is none (at most a few
    tables' solvers are kept)."""
    solver = solvers.get(table)
    if solver is None:
        if len(solvers) >= _KEPT:
            solvers.clear()
        solver = solvers[table] = Solver(table, memory=ENDGAME_MEMORY)
    return solver


def tricks_left(seen: Seen) -> int:
    """The tricks still to be played in the hand, the one in progress included, where the Expert
    may judge its cards by the endgame: 0 where it does not (a table of more than two sides, or a
    nil bid that is still kept, see the module's docstring)."""
    if seen.table.side_count != _TWO_SIDES or _live_nils(seen, seen.table.seats):
        return 0
    return seen.tricks_per_hand - seen.tricks_done


def _live_nils(seen: Seen, seats: Sequence[int]) -> list[int]:
    """The seats of ``seats`` that bid nil and have taken no trick yet."""
    return [
        seat
        for seat in seats
        if seen.bids[seat] is not None and seen.is_nil(seat) and seen.taken[seat] == 0
    ]


def _split(
    total: int, seats: Sequence[int], nils: Sequence[int], forced: Sequence[int], won: list[int]
) -> None:
    """Add ``total`` tricks of one side to ``won``: each live nil of ``nils`` the tricks
    ``forced`` on it (as many of them as there are), the rest to the side's first other seat (or
    to its first nil when every seat of it is a live nil)."""
    left = total
    for nil, count in zip(nils, forced):
        count = min(count, left)
        won[nil] += count
        left -= count
    others = [seat for seat in seats if seat not in nils]
    won[others[0] if others else nils[0]] += left


def endgame_samples(
    solver: Solver,
    seen: Seen,
    deals: Sequence[Sequence[int]],
    cards: Sequence[int],
    value: Value,
) -> list[list[float]]:
    """For each card of ``cards`` (positions, as ``seen`` holds them), its value on every deal of
    ``deals`` (holdings at their positions, every seat's), by the module's plans: ``value`` turns
    the tricks each seat has taken at the end of the hand into points."""
    table = seen.table
    side = seen.team
    other = 1 - side
    own_seats = table.side_seats[side]
    their_seats = table.side_seats[other]
    own = sum(1 << seat for seat in own_seats)
    theirs = sum(1 << seat for seat in their_seats)
    own_nils = _live_nils(seen, own_seats)
    their_nils = _live_nils(seen, their_seats)
    rest = seen.tricks_per_hand - seen.tricks_done
    nils = (own_nils, their_nils)
    indices = [seen.card(card) for card in cards]
    trick = [seen.card(card) for card in seen.trick]
    first = seen.tricks_done == 0
    samples: list[list[float]] = [[] for _ in cards]
    values: dict[tuple[int, ...], float] = {}

    def points(total: int, forced_own: Sequence[int], forced_theirs: Sequence[int]) -> float:
        won = list(seen.taken)
        _split(total, own_seats, own_nils, forced_own, won)
        _split(rest - total, their_seats, their_nils, forced_theirs, won)
        key = tuple(won)
        found = values.get(key)
        if found is None:
            found = values[key] = value(won)
        return found

    judged: dict[tuple[int, ...], list[float]] = {}
    for holdings in deals:
        hands = tuple(seen.cards(held) for held in holdings)
        found = judged.get(hands)  # the same deal imagined twice is judged once
        if found is None:
            position = Position(hands, trick, seen.seat, seen.spades_broken, first)
            found = judged[hands] = _judge(
                solver, position, indices, own, theirs, nils, rest, points
            )
        for place, sample in enumerate(found):
            samples[place].append(sample)
    return samples


def _judge(
    solver: Solver,
    position: Position,
    cards: Sequence[int],
    own: int,
    theirs: int,
    nils: tuple[Sequence[int], Sequence[int]],
    rest: int,
    points: Callable[[int, Sequence[int], Sequence[int]], float],
) -> list[float]:
    """Each card's value (of ``cards``, indices) on one deal, by the module's plans: ``points``
    gives the points of the side's total of tricks still to come with the tricks forced on the
    live nils of each side (``nils``: the side's, the other side's)."""
    most = solver.card_values(position, own, own)
    forced_on_own = [_forced(solver, position, cards, theirs, nil, False) for nil in nils[0]]
    forced_on_theirs = [_forced(solver, position, cards, own, nil, True) for nil in nils[1]]
    fewest: dict[int, int] | None = None
    judged: list[float] = []
    for place, card in enumerate(cards):
        forced_own = [forced[place] for forced in forced_on_own]
        forced_theirs = [forced[place] for forced in forced_on_theirs]
        # The side cannot end with fewer tricks than the other side forces on its nils.
        least = sum(forced_own)
        outcomes = [points(total, forced_own, forced_theirs) for total in range(rest + 1)]
        best = min(outcomes[max(most[card], least) :])
        if outcomes[least] > best:
            # Fewer tricks could be worth more (bags, a nil): holding itself down may be.
            if fewest is None:
                fewest = solver.card_values(position, theirs, own)
            best = max(best, min(outcomes[least : max(fewest[card], least) + 1]))
        judged.append(best)
    return judged


def _forced(
    solver: Solver, position: Position, cards: Sequence[int], maximizers: int, nil: int, own: bool
) -> list[int]:
    """For each card of ``cards``, whether ``maximizers`` can force a trick on the nil bidder
    ``nil`` once it is played (1) or not (0); ``own`` when the seat to act is among the
    maximizers."""
    counted = 1 << nil
    anyway = solver.makes(position, maximizers, counted, 1)
    if anyway != own:
        # Playing for it, the seat to act cannot force one (or, against it, cannot stop it).
        return [int(anyway)] * len(cards)
    return [
        int(solver.makes(solver.after(position, card), maximizers, counted, 1)) for card in cards
    ]
