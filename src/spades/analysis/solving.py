"""One moment of a hand in play, double dummy (:func:`~spades.analysis.solve`).

Every hand is in view and every seat plays its best: a side plays to take the most tricks it can and
every other seat to keep them down. The answer, a :class:`~spades.analysis.Solution`, gives each
side's most tricks from here (:attr:`~spades.analysis.Solution.tricks`, the trick in progress
included) and with those taken (:attr:`~spades.analysis.Solution.totals`), each card the seat to act
may play with the tricks its side would then make sure of, one line of best play to the end of the
hand, and whether each nil still standing could be kept.

In a partnership game (and between two players) the two sides' questions are one: what one side
makes, the other does not. When every player plays alone at a table of three or four, each seat
is its own question, every other seat playing against it, and the seats' most tricks may add up to
more than the tricks left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import attrs

from .._kernel.double_dummy import Position, Solver
from .._kernel.play import fair_cards
from .._kernel.table import Table
from .._text import plural
from ..cards import CARDS, Card
from ..errors import AnalysisError
from ..phase import Phase
from ..seats import Seat, Side
from ..state import GameState
from ..views import SeatView
from .values import FrozenMap, cards_tuple, frozen_map

__all__ = ["Solution", "solve"]


def position_of(state: object) -> Position:
    """The kernel's position for ``state``: the one place a state becomes the solver's input.
    An :class:`~spades.errors.AnalysisError` for anything but a whole state in play."""
    if isinstance(state, SeatView):
        raise AnalysisError(
            f"{state.seat.full_name}'s view hides the other hands, and double-dummy analysis "
            "needs every hand: give the GameState itself.",
            reason="not_a_state",
        )
    if not isinstance(state, GameState):
        raise AnalysisError(
            f"Double-dummy analysis takes a GameState in play; a {type(state).__name__} is not "
            "one.",
            reason="not_a_state",
        )
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise AnalysisError(
            f"The state is not in play (its phase is {state.phase.value}), so there are no "
            "tricks to analyse: give a state between the first lead and the last card.",
            reason="not_in_play",
        )
    return Position(
        hands=state.holding_masks,
        trick=state.trick_cards,
        to_act=int(state.to_act),
        broken=state.spades_broken,
        first_trick=not state.played_tricks,
    )


class Roles(NamedTuple):
    """One question for the solver: the seats that play for the most tricks of the seats
    ``counted`` (seat masks)."""

    maximizers: int
    counted: int


class Sides:
    """How each side's tricks are read from the questions searched at one table: in partnerships
    and between two players one question (side 0's), the other side's tricks what is left;
    alone at three or four, one question per seat."""

    __slots__ = ("masks", "names", "roles", "table", "zero_sum")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.names: tuple[Side, ...] = table.rules.sides
        self.masks: tuple[int, ...] = tuple(
            sum(1 << seat for seat in seats) for seats in table.side_seats
        )
        self.zero_sum = len(self.masks) == 2
        questions = self.masks[:1] if self.zero_sum else self.masks
        self.roles: tuple[Roles, ...] = tuple(Roles(mask, mask) for mask in questions)

    def question(self, side: int) -> tuple[Roles, bool]:
        """The question that answers for ``side`` (an index), and whether the side's tricks are
        what is left of its answer."""
        if self.zero_sum:
            return self.roles[0], side == 1
        return self.roles[side], False

    def of_seat(self, seat: int) -> int:
        return self.table.side_of[seat]

    def taken(self, state: GameState, side: int) -> int:
        """The tricks the side has taken this hand."""
        return sum(state.trick_counts[seat] for seat in self.table.side_seats[side])

    def nil_roles(self, seat: int) -> Roles:
        """The question of a nil bidder's safety: every seat off the bidder's side plays to give
        them a trick."""
        every = sum(1 << other for other in self.table.seats)
        return Roles(every & ~self.masks[self.of_seat(seat)], 1 << seat)


def tricks_left(position: Position) -> int:
    """The tricks from ``position`` to the end of the hand, the trick in progress included."""
    return position.hands[position.to_act].bit_count()


def trick_won(position: Position, after: Position, counted: int) -> int:
    """1 when the card from ``position`` to ``after`` ended a trick won by a seat of
    ``counted``, else 0."""
    return int(bool(position.trick) and not after.trick and counted >> after.to_act & 1 == 1)


def legal_cards(solver: Solver, position: Position) -> tuple[int, ...]:
    """The card indices the seat to act may play (no renege), in index order."""
    mask = fair_cards(
        solver.table,
        position.hands[position.to_act],
        position.trick,
        position.broken,
        position.first_trick,
    )
    return tuple(index for index in range(mask.bit_length()) if mask >> index & 1)


def keeps(solver: Solver, position: Position, card: int, roles: Roles, value: int) -> bool:
    """Whether ``card`` keeps the value of ``roles`` at ``position`` (``value`` tricks to come):
    one true-or-false search after it, on the value the card must keep."""
    after = solver.after(position, card)
    target = value - trick_won(position, after, roles.counted)
    if roles.maximizers >> position.to_act & 1:
        return solver.makes(after, roles.maximizers, roles.counted, target)
    return not solver.makes(after, roles.maximizers, roles.counted, target + 1)


def best_line(solver: Solver, position: Position, roles: Roles, value: int) -> tuple[int, ...]:
    """One line of best play from ``position`` for ``roles`` whose value there is ``value``: at
    each turn the first card (highest first for a seat playing for the tricks, lowest first for
    one against) that keeps the value, found by true-or-false searches."""
    played: list[int] = []
    while position.hands[position.to_act]:
        cards = legal_cards(solver, position)
        maximizing = roles.maximizers >> position.to_act & 1 == 1
        order = reversed(cards) if maximizing else cards
        chosen = next(card for card in order if keeps(solver, position, card, roles, value))
        after = solver.after(position, chosen)
        value -= trick_won(position, after, roles.counted)
        played.append(chosen)
        position = after
    return tuple(played)


@attrs.frozen(kw_only=True)
class Solution:
    """A moment of a hand solved double dummy (see the module's docstring): the seat to act,
    each side's most tricks to come (:attr:`tricks`) and taken so far (:attr:`taken`), the
    tricks to come the side to act makes sure of after each card it may play
    (:attr:`card_values`), one line of best play (:attr:`line`), and each nil bidder still
    standing with whether the nil can still be kept (:attr:`nils`)."""

    #: The seat to play.
    to_act: Seat
    #: Each side's most tricks from here to the end of the hand, the trick in progress included.
    tricks: FrozenMap[Side, int] = attrs.field(converter=frozen_map)
    #: Each side's tricks taken this hand so far.
    taken: FrozenMap[Side, int] = attrs.field(converter=frozen_map)
    #: Each card the seat to act may play, with the most tricks to come its side then makes
    #: sure of; the best are worth :attr:`tricks` of that side.
    card_values: FrozenMap[Card, int] = attrs.field(converter=frozen_map)
    #: One line of best play, from the seat to act to the hand's last card (for the question of
    #: the side to act, when every player plays alone).
    line: tuple[Card, ...] = attrs.field(converter=cards_tuple)
    #: Each nil bidder who has taken no trick yet, with whether the nil can still be kept.
    nils: FrozenMap[Seat, bool] = attrs.field(converter=frozen_map)

    @property
    def totals(self) -> Mapping[Side, int]:
        """Each side's tricks in the hand: taken so far, and the most to come."""
        return FrozenMap({side: self.taken[side] + self.tricks[side] for side in self.tricks})

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The cards worth the most to the side to act."""
        best = max(self.card_values.values())
        return tuple(card for card, value in self.card_values.items() if value == best)

    def to_text(self) -> str:
        """A few lines: each side's tricks, the cards' values and the line."""
        sides = ", ".join(
            f"{side} {plural(self.tricks[side], 'trick')} more ({self.totals[side]} in all)"
            for side in self.tricks
        )
        values = " ".join(f"{card}={value}" for card, value in self.card_values.items())
        lines = [
            f"Double dummy: {sides}.",
            f"{self.to_act.full_name} to play: {values}.",
            "Line: " + " ".join(str(card) for card in self.line) + ".",
        ]
        for seat, kept in self.nils.items():
            fate = "can still be kept" if kept else "cannot be kept"
            lines.append(f"{seat.full_name}'s nil {fate}.")
        return "\n".join(lines)


def solve(state: GameState) -> Solution:
    """The :class:`Solution` of ``state``, a whole game state in play: every hand is in view.

    An :class:`~spades.errors.AnalysisError` for a seat's view (whose other hands are hidden)
    or a state not in play (before the first lead, between hands)."""
    position = position_of(state)
    table = state.context.table
    return solution(Solver(table), Sides(table), state, position)


def solution(solver: Solver, sides: Sides, state: GameState, position: Position) -> Solution:
    """The solution of ``state`` (at ``position``), with ``solver`` and the table's ``sides``."""
    left = tricks_left(position)
    answers = [solver.most_tricks(position, *roles) for roles in sides.roles]
    tricks: dict[Side, int] = {}
    for index, name in enumerate(sides.names):
        roles, rest = sides.question(index)
        value = answers[sides.roles.index(roles)]
        tricks[name] = left - value if rest else value
    acting = sides.of_seat(position.to_act)
    roles, rest = sides.question(acting)
    raw = solver.card_values(position, *roles)
    values = {CARDS[card]: left - value if rest else value for card, value in sorted(raw.items())}
    line = best_line(solver, position, roles, answers[sides.roles.index(roles)])
    return Solution(
        to_act=Seat(position.to_act),
        tricks=tricks,
        taken={name: sides.taken(state, index) for index, name in enumerate(sides.names)},
        card_values=values,
        line=tuple(CARDS[card] for card in line),
        nils=nil_chances(solver, sides, state, position),
    )


def nil_chances(
    solver: Solver, sides: Sides, state: GameState, position: Position
) -> dict[Seat, bool]:
    """Each nil bidder who has taken no trick, with whether the nil can still be kept."""
    found: dict[Seat, bool] = {}
    for seat, bid in enumerate(state.bids):
        if bid is None or bid.tricks != 0 or state.trick_counts[seat]:
            continue
        roles = sides.nil_roles(seat)
        found[Seat(seat)] = not solver.makes(position, *roles, 1)
    return found
