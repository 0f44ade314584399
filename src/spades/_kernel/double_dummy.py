"""Double-dummy search: the most tricks a group of seats can make sure of with every hand in view.

A :class:`Solver` is made for one compiled :class:`~spades._kernel.table.Table` and answers for
any :class:`Position` of a hand in play under those rules: the tricks still to come that the
seats ``counted`` take when the seats ``maximizers`` play to take as many as they can and every
other seat plays to keep them down (:meth:`Solver.most_tricks`), the same after each card the seat
to act may play (:meth:`Solver.card_values`, as DDS's SolveBoard gives), and one line of play that
keeps to it (:meth:`Solver.line`). The three uses:

* a side's contract: ``maximizers`` and ``counted`` are the side's seats (or one seat alone,
  against every other seat);
* a nil bidder's safety: ``maximizers`` are the seats that are not on the nil bidder's side and
  ``counted`` the nil bidder alone; 0 means the nil can be kept whatever they do.

The rules are the table's, played on the cards' positions (:attr:`~spades._kernel.deck.Layout
.placed`), where a higher bit of a suit is a higher card and every bit from 39 up is a spade: follow
suit; lead a spade only as the spades-breaking rule allows; the fixed first lead and the first
trick's rule (:attr:`~spades.rules.RuleSet.first_trick`); overtrumping
(:attr:`~spades.rules.RuleSet.must_overtrump`). No seat ever reneges: the cards a seat may play
are :func:`~spades._kernel.play.fair_cards`, and the tests check the two agree.

The search is the one bridge solvers use (DDS, after Ginsberg's GIB and Chang's partition search),
in a plain form: a true-or-false search on a trick target ("can they take ``n`` more?"), the
targets narrowed to the answer; alpha-beta cut-offs; cards next to each other in rank once the cards
played are gone (and none between them in the trick) tried as one; at each trick's start, a
transposition table of bounds keyed on the *relative* ranks (which seat holds the first, second,
... card left of each suit: positions that differ only in the low cards already played share an
entry) and the quick tricks the leader's side can cash (top trumps, then top cards of suits no
opponent can ruff), which end the search early either way; the cheapest card that wins tried first.
The table of bounds is kept across calls with the same roles and cleared when it holds ``memory``
entries.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import SpadesError
from .cards import bit_indices
from .dd_search import MEMORY, Bounds, Owners, Search
from .play import breaks_spades, fair_cards, trick_winner
from .table import Table

__all__ = ["Position", "Solver"]


class Position:
    """A moment of a hand in play, for the solver: ``hands`` the cards each seat in play still
    holds (card-index masks, in seat order), ``trick`` the card indices played to the trick in
    progress (the lead first), ``to_act`` the seat to play next, ``broken`` whether spades are
    broken and ``first_trick`` whether the trick in progress is the hand's first."""

    __slots__ = ("broken", "first_trick", "hands", "to_act", "trick")

    def __init__(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        to_act: int,
        broken: bool,
        first_trick: bool,
    ) -> None:
        self.hands: tuple[int, ...] = tuple(hands)
        self.trick: tuple[int, ...] = tuple(trick)
        self.to_act = to_act
        self.broken = broken
        self.first_trick = first_trick

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def _fields(self) -> tuple[object, ...]:
        return (self.hands, self.trick, self.to_act, self.broken, self.first_trick)

    def __repr__(self) -> str:
        return (
            f"Position(hands={self.hands!r}, trick={self.trick!r}, to_act={self.to_act!r}, "
            f"broken={self.broken!r}, first_trick={self.first_trick!r})"
        )


def _bad(sentence: str) -> SpadesError:
    return SpadesError(sentence, reason="bad_position")


class Solver:
    """Double-dummy answers for positions of hands played at ``table`` (see the module's
    docstring); it keeps a table of bounds for each pair of roles it is asked about, each
    cleared when it holds ``memory`` entries."""

    __slots__ = ("_bounds", "_memory", "_owners", "table")

    def __init__(self, table: Table, *, memory: int = MEMORY) -> None:
        #: The table whose rules the solver plays by.
        self.table = table
        self._memory = memory
        self._bounds: dict[tuple[int, int], Bounds] = {}
        self._owners: Owners = {}

    def most_tricks(self, position: Position, maximizers: int, counted: int) -> int:
        """The tricks from ``position`` to the end of the hand (the trick in progress included)
        that the seats of ``counted`` take when the seats of ``maximizers`` (seat masks) play to
        take the most and every other seat to keep them down."""
        search = self._search(position, maximizers, counted)
        return search.value(0, search.tricks_left)

    def makes(self, position: Position, maximizers: int, counted: int, target: int) -> bool:
        """Whether :meth:`most_tricks` is at least ``target``: one search on the target, much
        cheaper than the number itself (which narrows targets to it)."""
        search = self._search(position, maximizers, counted)
        return target <= 0 or (target <= search.tricks_left and search.root(target))

    def card_values(self, position: Position, maximizers: int, counted: int) -> dict[int, int]:
        """For each card the seat to act may play at ``position`` (card indices), what
        :meth:`most_tricks` is once it is played, the trick in progress counted."""
        search = self._search(position, maximizers, counted)
        best = search.value(0, search.tricks_left)
        maximizing = maximizers >> position.to_act & 1 == 1
        deck = self.table.deck
        place = deck.position
        values: dict[int, int] = {}
        by_place: dict[int, int] = {}
        for card in search.cards_in_order():
            low, high = (0, best) if maximizing else (best, search.tricks_left)
            by_place[card] = search.value_after(card, low, high, best)
        # Every card of a run of equivalent cards has its run's value.
        for card in bit_indices(self._legal_cards(position)):
            values[card] = by_place[search.representative(place[card])]
        return values

    def line(self, position: Position, maximizers: int, counted: int) -> tuple[int, ...]:
        """One line of optimal play from ``position`` to the end of the hand: the card indices
        in the order they are played, each keeping :meth:`most_tricks` as it was."""
        played: list[int] = []
        while any(position.hands):
            values = self.card_values(position, maximizers, counted)
            if maximizers >> position.to_act & 1:
                card = max(values, key=lambda c: (values[c], -c))
            else:
                card = min(values, key=lambda c: (values[c], c))
            played.append(card)
            position = self.after(position, card)
        return tuple(played)

    def after(self, position: Position, card: int) -> Position:
        """The position once the seat to act has played ``card`` (a card it may play)."""
        table = self.table
        seat = position.to_act
        hands = list(position.hands)
        hands[seat] &= ~(1 << card)
        trick = (*position.trick, card)
        broken = position.broken or breaks_spades(table, card, table.suit_of[trick[0]])
        if len(trick) < table.players:
            return Position(hands, trick, table.after[seat], broken, position.first_trick)
        leader = table.leader(seat, len(trick) - 1)
        winner = table.orders[leader][trick_winner(trick, table.deck)]
        return Position(hands, (), winner, broken, False)

    def _legal_cards(self, position: Position) -> int:
        return fair_cards(
            self.table,
            position.hands[position.to_act],
            position.trick,
            position.broken,
            position.first_trick,
        )

    def _search(self, position: Position, maximizers: int, counted: int) -> Search:
        self._check(position)
        bounds = self._bounds.get((maximizers, counted))
        if bounds is None or len(bounds) >= self._memory:
            bounds = self._bounds[maximizers, counted] = {}
        if len(self._owners) >= self._memory:
            self._owners.clear()
        return Search(self.table, position, maximizers, counted, bounds, self._owners, self._memory)

    def _check(self, position: Position) -> None:
        table = self.table
        seats = table.players
        if len(position.hands) != seats:
            raise _bad(f"A position at this table has {seats} hands, not {len(position.hands)}.")
        if not 0 <= position.to_act < seats:
            raise _bad(f"Seat {position.to_act} is not at this table of {seats}.")
        if len(position.trick) >= seats:
            raise _bad(f"A trick in progress has fewer cards than the {seats} seats.")
        seen = 0
        for cards in (*position.hands, *(1 << card for card in position.trick)):
            if seen & cards or cards & ~table.deck.cards:
                raise _bad("A card is held twice, or is not in this deck.")
            seen |= cards
        played = table.leader(position.to_act, len(position.trick))
        size = position.hands[position.to_act].bit_count()
        for turn, seat in enumerate(table.orders[played]):
            expected = size - 1 if turn < len(position.trick) else size
            if position.hands[seat].bit_count() != expected:
                raise _bad("The hands do not hold the cards a hand in play would.")
        if size == 0 and not position.trick:
            return
        if not self._legal_cards(position):
            raise _bad("The seat to act has no card it may play.")
