"""One hand walked card by card, double dummy: a :class:`~spades.analysis.HandAnalysis`.

From the position where the analysis starts (the first lead, with the actual first leader; or a
later trick's lead), each side's most tricks is searched once; then each card played is tested
against the value before it with one true-or-false search (did it keep what the side could make
sure of?), and the exact value is searched only after a card that cost something. At a side's
first costly card every card the seat could have played is valued, to name the best instead.
A nil bidder is walked the same way on the nil's own question: could the defenders, every seat
off the bidder's side, force a trick on them?
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import attrs

from .._kernel.double_dummy import Position, Solver
from .._text import plural
from ..actions import Play
from ..cards import CARDS, Card
from ..errors import AnalysisError
from ..phase import Phase
from ..seats import Seat, Side
from ..state import GameState
from ..svg import SvgImage
from ..svg import table as table_image
from .solving import Roles, Sides, legal_cards, position_of
from .values import CostlyCard, FrozenMap, NilAnalysis, SideAnalysis, frozen_map, side_of_text

__all__ = ["HandAnalysis"]


class Step(NamedTuple):
    """One card of the hand: the state and position before it, the card, the state after it,
    the position after it (None once the hand is over), and whether the card was the only one
    the seat could play (which changes no value: no search is needed)."""

    state: GameState
    position: Position
    card: int
    after: GameState
    next: Position | None
    forced: bool


def counts(state: GameState) -> tuple[int, ...]:
    """The tricks each seat has taken this hand: the hand's, once it is over."""
    if state.phase is Phase.PLAY or not state.history:
        return state.trick_counts
    return state.history[-1].tricks_won


def taken(state: GameState, counted: int) -> int:
    """The tricks the seats of ``counted`` have taken this hand."""
    return sum(count for seat, count in enumerate(counts(state)) if counted >> seat & 1)


def steps_of(
    solver: Solver, states: Sequence[GameState], end: GameState | None
) -> tuple[list[Step], bool]:
    """The cards played from ``states[0]`` on (``states``: the states in play, in order; ``end``
    the state after the last, or None while the hand goes on), and whether the play was followed
    to the hand's last card."""
    found: list[Step] = []
    chain = [*states, end]
    for index, state in enumerate(states):
        after = chain[index + 1]
        if after is None or not isinstance(after.last_action, Play):
            return found, False
        position = position_of(state)
        card = after.last_action.card.index
        forced = legal_cards(solver, position) == (card,)
        if after.phase is Phase.PLAY and any(after.holding_masks):
            found.append(Step(state, position, card, after, position_of(after), forced))
            continue
        if sum(hand.bit_count() for hand in position.hands) > 1:
            return found, False  # the hand ended with cards still held (a claim, a throw-in)
        found.append(Step(state, position, card, after, None, forced))
        return found, True
    return found, False


def walk_values(solver: Solver, roles: Roles, start: GameState, steps: list[Step]) -> list[int]:
    """The tricks in the hand the seats ``roles.counted`` can make sure of before each card and
    after the last (those taken included): one search at the start, then one true-or-false
    search per card, an exact one only where a card changed the value."""
    value = taken(start, roles.counted) + solver.most_tricks(position_of(start), *roles)
    found = [value]
    for step in steps:
        had = taken(step.after, roles.counted)
        if step.next is None:
            value = had
        elif not step.forced:
            if roles.maximizers >> step.position.to_act & 1:
                kept = solver.makes(step.next, *roles, value - had)
            else:
                kept = not solver.makes(step.next, *roles, value - had + 1)
            if not kept:
                value = had + solver.most_tricks(step.next, *roles)
        found.append(value)
    return found


def costly(
    solver: Solver, roles: Roles, step: Step, value: Any, before: int, after: int, best: Any
) -> CostlyCard:
    """The costly card of ``step``: each card the seat could play valued on ``roles``, read as
    the side's by ``value`` (tricks of ``roles.counted`` in the hand -> the side's), the best by
    ``best`` (max or min)."""
    had = taken(step.state, roles.counted)
    raw = solver.card_values(step.position, *roles)
    values = {CARDS[card]: value(had + tricks) for card, tricks in sorted(raw.items())}
    top = best(values.values())
    return CostlyCard(
        play=step.state.played_mask.bit_count(),
        trick=len(step.state.played_tricks) + 1,
        seat=Seat(step.position.to_act),
        card=CARDS[step.card],
        before=before,
        after=after,
        best=tuple(card for card, v in values.items() if v == top),
        values=values,
    )


def side_analyses(
    solver: Solver, sides: Sides, start: GameState, steps: list[Step], final: GameState
) -> dict[Side, SideAnalysis]:
    """Each side's analysis of the hand walked in ``steps``."""
    table = sides.table
    position = position_of(start)
    hand_tricks = sum(counts(start)) + position.hands[position.to_act].bit_count()
    walks = {roles: walk_values(solver, roles, start, steps) for roles in sides.roles}
    found: dict[Side, SideAnalysis] = {}
    for index, name in enumerate(sides.names):
        roles, rest = sides.question(index)

        def mine(tricks: int, rest: bool = rest) -> int:
            return hand_tricks - tricks if rest else tricks

        values = [mine(v) for v in walks[roles]]
        lost = 0
        first: CostlyCard | None = None
        for place, step in enumerate(steps):
            drop = values[place] - values[place + 1]
            if drop <= 0 or sides.of_seat(step.position.to_act) != index:
                continue
            lost += drop
            if first is None:
                first = costly(solver, roles, step, mine, values[place], values[place + 1], max)
        bids = [start.bids[seat] for seat in table.side_seats[index]]
        found[name] = SideAnalysis(
            side=name,
            contract=None if None in bids else start.contract(name),
            makeable=values[0],
            took=taken(final, sides.masks[index]),
            tricks_lost=lost,
            first_costly=first,
        )
    return found


def nil_analyses(
    solver: Solver, sides: Sides, start: GameState, steps: list[Step], final: GameState
) -> dict[Seat, NilAnalysis]:
    """Each nil bidder's analysis of the hand walked in ``steps``."""
    found: dict[Seat, NilAnalysis] = {}
    for seat, bid in enumerate(start.bids):
        if bid is None or bid.tricks != 0:
            continue
        roles = sides.nil_roles(seat)
        kept = counts(final)[seat] == 0
        makeable = start.trick_counts[seat] == 0 and not solver.makes(position_of(start), *roles, 1)
        lost_at: CostlyCard | None = None
        for step in steps if makeable else ():
            had = counts(step.after)[seat]
            if had == 0 and (
                step.forced or step.next is None or not solver.makes(step.next, *roles, 1)
            ):
                continue
            after = had + (0 if step.next is None else solver.most_tricks(step.next, *roles))
            lost_at = costly(solver, roles, step, int, 0, after, min)
            break
        found[Seat(seat)] = NilAnalysis(
            seat=Seat(seat), makeable=makeable, kept=kept, lost_at=lost_at
        )
    return found


def analyse_hand(
    solver: Solver, sides: Sides, states: Sequence[GameState], end: GameState | None
) -> HandAnalysis:
    """The analysis of one hand's play from ``states[0]`` (``states``: the states in play, in
    order; ``end``: the state after the last, None while the hand goes on)."""
    start = states[0]
    steps, complete = steps_of(solver, states, end)
    final = end if complete and end is not None else (steps[-1].after if steps else start)
    leader = start.leader
    assert leader is not None  # (a state in play has a leader)
    return HandAnalysis(
        number=start.hand_number,
        leader=leader,
        first_trick=len(start.played_tricks) + 1,
        complete=complete,
        sides=side_analyses(solver, sides, start, steps, final),
        nils=nil_analyses(solver, sides, start, steps, final),
        states=tuple(states),
    )


def _hidden_states(value: Any) -> tuple[GameState, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class HandAnalysis:
    """One hand, double dummy (see the module's docstring): hand :attr:`number`, analysed from
    the lead of trick :attr:`first_trick` (1: from the deal) by :attr:`leader`; for each side its
    contract, the most tricks it could make sure of, the tricks it took and its first costly
    card (:attr:`sides`), and each nil bidder's verdict (:attr:`nils`). Tricks are counted in
    the whole hand, those taken before the analysis' start included."""

    #: The hand's number in the game.
    number: int
    #: Who led trick :attr:`first_trick`.
    leader: Seat
    #: The trick the analysis starts at, from 1 (the first lead).
    first_trick: int
    #: Whether the play was followed to the hand's last card (False for a hand still in play,
    #: a hand recorded with only some of its plays, or ended by a claim).
    complete: bool
    #: Each side's analysis, in the order of :attr:`~spades.rules.RuleSet.sides`.
    sides: FrozenMap[Side, SideAnalysis] = attrs.field(converter=frozen_map)
    #: Each nil bidder's analysis.
    nils: FrozenMap[Seat, NilAnalysis] = attrs.field(converter=frozen_map)
    #: The states of the play analysed, in order, for the drawings; () for an analysis read
    #: back from its data.
    states: tuple[GameState, ...] = attrs.field(
        default=(), converter=_hidden_states, repr=False, eq=False
    )

    def side(self, side: Side | str) -> SideAnalysis:
        """The analysis of ``side``: a team (``'NS'``) or, when every player plays alone, a
        seat (``'N'``)."""
        for name, found in self.sides.items():
            if str(name) == str(side).strip().upper():
                return found
        names = ", ".join(str(name) for name in self.sides)
        raise AnalysisError(
            f"Hand {self.number} has no side {side!r}; its sides are {names}.", reason="bad_side"
        )

    def svg(self, side: Side | str, *, nil: bool = False, **options: Any) -> SvgImage:
        """The table at the first costly card of ``side`` (with ``nil``, the card from which the
        nil bidder ``side`` could no longer be kept), every card the seat could play marked with
        its value; ``options`` as :func:`spades.svg.table` takes them. An
        :class:`~spades.errors.AnalysisError` when there is no such card, or no states to draw
        (an analysis read back from its data)."""
        if nil:
            seat = Seat.of(side)  # type: ignore[arg-type]
            found = self.nils.get(seat)
            card = None if found is None else found.lost_at
            what = f"{seat.full_name}'s nil"
        else:
            card = self.side(side).first_costly
            what = str(side)
        if card is None:
            raise AnalysisError(
                f"In hand {self.number} no card cost {what} a trick: there is nothing to draw.",
                reason="nothing_to_draw",
            )
        state = next((s for s in self.states if s.played_mask.bit_count() == card.play), None)
        if state is None:
            raise AnalysisError(
                "This analysis was read back from its data and holds no states to draw: "
                "analyse the game itself.",
                reason="nothing_to_draw",
            )
        options.setdefault("legal", True)
        labels: dict[Card | str, object] = {each: value for each, value in card.values.items()}
        return table_image(state, labels=labels, **options)

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data (the states are left out)."""
        return {
            "hand": self.number,
            "leader": self.leader.name,
            "first_trick": self.first_trick,
            "complete": self.complete,
            "sides": [side.to_data() for side in self.sides.values()],
            "nils": [nil.to_data() for nil in self.nils.values()],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> HandAnalysis:
        """The hand's analysis that :meth:`to_data` wrote (without its states)."""
        sides = [SideAnalysis.from_data(side) for side in data["sides"]]
        nils = [NilAnalysis.from_data(nil) for nil in data["nils"]]
        return cls(
            number=data["hand"],
            leader=Seat.parse(data["leader"]),
            first_trick=data["first_trick"],
            complete=data["complete"],
            sides={side_of_text(str(side.side)): side for side in sides},
            nils={nil.seat: nil for nil in nils},
        )

    def to_text(self) -> str:
        """The hand in a few lines: a side's each (and its first costly card), then a nil
        bidder's each."""
        start = "the deal" if self.first_trick == 1 else f"trick {self.first_trick}"
        lines = [f"Hand {self.number}, from {start} ({self.leader.full_name} to lead):"]
        for side in self.sides.values():
            lines.extend("  " + line for line in side_lines(side))
        for nil in self.nils.values():
            lines.append("  " + nil_text(nil))
        if not self.complete:
            lines.append("  The play was not followed to the hand's last card.")
        return "\n".join(lines)


def card_text(card: CostlyCard) -> str:
    """``trick 4, S played 9h (8 -> 7; best Kh)``."""
    best = " ".join(str(c) for c in card.best)
    return (
        f"trick {card.trick}, {card.seat.name} played {card.card} "
        f"({card.before} -> {card.after}; best {best})"
    )


def side_lines(side: SideAnalysis) -> list[str]:
    """A side's lines: what it bid, could take and took; then its costly cards."""
    bid = "" if side.contract is None else f" bid {side.contract}"
    line = f"{side.side}{bid}: could take {side.makeable}, took {side.took}"
    if side.contract_makeable and not side.contract_made:
        line += "; the contract was makeable and lost"
    elif side.contract_makeable is False:
        line += "; the contract could not be made"
    if side.first_costly is None:
        return [line + "."]
    count = plural(side.tricks_lost, "trick")
    return [line + ".", f"  {count} given away; the first at {card_text(side.first_costly)}."]


def nil_text(nil: NilAnalysis) -> str:
    """One nil bidder's line."""
    kept = "kept" if nil.kept else "lost"
    if not nil.makeable:
        return f"Nil, {nil.seat.name}: could not be kept ({kept})."
    if nil.lost_at is None:
        return f"Nil, {nil.seat.name}: could be kept ({kept})."
    return f"Nil, {nil.seat.name}: could be kept, lost from {card_text(nil.lost_at)}."
