"""Verification of game records: :func:`~spades.records.verify` reports every problem of a
record, and :func:`~spades.records.replay` gives each state of the recorded game, stopping at the
first problem.

Both follow a :class:`Walk` through the record: its start, then each hand walked through the
engine by :class:`~spades.records.walk.HandWalk`; they differ only in what they do with a problem
found.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from .._kernel.table import Table, table_of
from .._text import MAX_INT, quote
from ..actions import Action
from ..engine import new_game, start_from
from ..errors import RecordError, SpadesError
from ..phase import Phase
from ..score import GameResult
from ..standing import Standing
from ..state import GameState
from .bidding_order import bidding_disagreements
from .format import GameRecord
from .report import HandReport, Problem, RecordReason, Report, Resumption
from .table_verdict import TableVerdict, game_verdict_problem
from .walk import HandWalk
from .written import WrittenScores, written_after

__all__ = ["Walk", "replay", "verify"]


@attrs.define
class Walk:
    """Replays a record through the engine, hand after hand; ``report`` receives each problem,
    and :attr:`hands` gathers each hand as verified."""

    record: GameRecord
    report: Callable[[Problem], None]
    hands: list[HandReport] = attrs.field(factory=list)
    resumed: list[Resumption] = attrs.field(factory=list)
    result: GameResult | None = None
    standing: Standing = attrs.field(factory=Standing)
    #: Once walked, where the game goes on from (:attr:`~spades.records.Report.next_start`).
    next_start: Standing | None = None
    written: WrittenScores = attrs.field(
        default=attrs.Factory(lambda walk: WrittenScores(walk.record.rules), takes_self=True)
    )

    @property
    def table(self) -> Table:
        """The record's rules compiled (the kernel's table of them)."""
        return table_of(self.record.rules)

    def run(self) -> Iterator[GameState]:
        record = self.record
        try:
            state = new_game(record.rules, **_standing_args(record.start))
        except SpadesError as error:
            problem = Problem(where="start", reason=RecordReason.BAD_START, message=error.message)
            self.report(problem)
            state = start_from(record.rules, record.start)  # followed all the same
        self.standing = state.standing
        yield state
        scoring = True
        standing_from: int | None = None
        for index, hand in enumerate(record.hands):
            if state.phase is Phase.GAME_OVER:
                self.after_game_over(state, len(record.hands) - index)
                break
            if state.phase is Phase.DEAL:
                number, dealer = state.hand_number, state.dealer
            else:
                number, dealer = state.hand_number + 1, state.next_dealer
            told = (
                hand.bids
                if hand.bidding and bidding_disagreements(hand.bidding, hand.bids)
                else None
            )
            walk = HandWalk(
                record=hand if told is None else attrs.evolve(hand, bids={}),
                told_bids=told,
                table=self.table,
                report=self.report,
                written=self.written,
                before=state,
                cur=state,
                number=number,
                dealer=dealer,
                is_last=index == len(record.hands) - 1,
                scoring=scoring,
            )
            state, scoring = yield from walk.run()
            outcome = walk.outcome
            assert outcome is not None
            if standing_from is not None and walk.scoring:
                outcome = attrs.evolve(outcome, standing_from=standing_from)
            self.hands.append(outcome)
            if walk.scored is not None:
                self.standing = walk.scored.standing
                self.result = walk.scored.result
            elif not (scoring or walk.is_last or outcome.thrown_in) and outcome.finished:
                resumed = self.resume(walk, state)
                if resumed is not None:
                    state, scoring, standing_from = resumed, True, walk.number
        self.next_start = _going_on(self.standing, state)
        if record.verdict is not None:
            self.check_verdict(record.verdict)

    def check_verdict(self, verdict: TableVerdict) -> None:
        """The table's verdict on the game against the rules' result, reported like a written
        score that differs (:attr:`~spades.records.RecordReason.VERDICT_MISMATCH`)."""
        rules = self.record.rules
        standing = self.standing
        last = self.hands[-1].number if self.hands else standing.hand_number - 1
        where = ", ".join(f"{side} {score}" for side, score in zip(rules.sides, standing.scores))
        stands = f"{where} after hand {last}" if self.hands else f"{where} at the start"
        found = game_verdict_problem(verdict, self.result, stands)
        if found is not None:
            message, explanation = found
            self.report(
                Problem(
                    where="verdict",
                    reason=RecordReason.VERDICT_MISMATCH,
                    message=message,
                    explanation=explanation,
                )
            )

    def resume(self, walk: HandWalk, state: GameState) -> GameState | None:
        """After a hand the rules could not score (``walk``; ``state`` the state it left), the
        state the next hand is checked from: the standing the scores written after it give
        (:func:`~spades.records.written.written_after`), or None when they give none. Either way
        the report keeps it as a :class:`~spades.records.report.Resumption`."""
        rules = self.record.rules
        before = walk.before.standing if walk.scoring else None
        written = written_after(rules, walk.record.written, before)
        if written is None:
            self.resumed.append(Resumption(hand=walk.number, standing=None))
            return None
        standing = Standing(
            dealer=state.next_dealer,
            hand_number=walk.number + 1,
            scores=written.scores,
            bags=written.bags,
            sets=state.standing.sets,
            consecutive_sets=state.standing.consecutive_sets,
        )
        self.resumed.append(
            Resumption(hand=walk.number, standing=standing, bags_kept=written.bags_kept)
        )
        self.written.rebase(written.scores)
        self.standing = standing
        return start_from(rules, standing)

    def after_game_over(self, state: GameState, extra: int) -> None:
        number = state.hand_number + 1
        hands = f"hand {number}" if extra == 1 else f"hands {number} to {number + extra - 1}"
        self.report(
            Problem(
                where=f"hand {number}",
                reason=RecordReason.AFTER_GAME_OVER,
                message=f"{hands} {'comes' if extra == 1 else 'come'} after the end of the game: "
                f"{state.result}",
                hand=number,
            )
        )


def _going_on(standing: Standing, state: GameState) -> Standing:
    """``standing`` (the scores, bags and sets after the last hand scored) with the dealer and
    the number of the hand the game goes on with after ``state``, the walk's last: the next hand
    after a hand played out (or after the end of the game, which no hand follows), the same hand
    after a hand thrown in, and the hand itself while it is in progress. This is the ``start``
    of a record that continues the game."""
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        dealer, number = state.next_dealer, state.hand_number + 1
    else:
        dealer, number = state.dealer, state.hand_number
    # (A record that starts at the last hand number a record holds names no later one.)
    return attrs.evolve(standing, dealer=dealer, hand_number=min(number, MAX_INT))


def _standing_args(start: Standing) -> dict[str, Any]:
    return {
        "dealer": start.dealer,
        "scores": start.scores,
        "bags": start.bags,
        "hand_number": start.hand_number,
        "sets": start.sets,
        "consecutive_sets": start.consecutive_sets,
    }


def _check_record(record: object, function: str) -> None:
    if not isinstance(record, GameRecord):
        raise TypeError(
            f"{function}() checks a GameRecord (read one with loads(), or make one with "
            f"to_record(state)), not {quote(record)}."
        )


def _raise(problem: Problem) -> None:
    if problem.reason in (RecordReason.SCORE_MISMATCH, RecordReason.VERDICT_MISMATCH):
        return  # what the table wrote changes no state; verify() reports it
    raise RecordError(problem.sentence, where=problem.where, reason=str(problem.reason))


def replay(record: GameRecord) -> Iterator[tuple[GameState, Action | None]]:
    """Each state of the recorded game with the action that produced it, from the start (whose
    action is None); a :class:`~spades.errors.RecordError` at the first problem.

    The problems that stop a replay are those that make the game itself wrong (an illegal action,
    a deal that is not a deal, trick counts that cannot be); a written score that differs from the
    rules' does not, since it changes no state: :func:`~spades.records.verify` reports those.

    A hand recorded without its cards yields one state, after the hand, from a
    :class:`~spades.actions.Counts` action: its :class:`~spades.tricks.CompletedHand` has no deal
    and no tricks, only ``tricks_won``. A hand recorded with only some of its plays and its trick
    counts yields a state for each play, then one after the hand, scored from the counts.
    """
    _check_record(record, "replay")  # now, not when the first state is asked for
    return _replay(record)


def _replay(record: GameRecord) -> Iterator[tuple[GameState, Action | None]]:
    for state in Walk(record, _raise).run():
        yield state, state.last_action


def verify(record: GameRecord) -> Report:
    """Replay every action under the record's rules and report every problem, not only the first."""
    _check_record(record, "verify")
    found: list[Problem] = []
    walk = Walk(record, found.append)
    deque(walk.run(), maxlen=0)  # follow the whole record; the walk collects what it finds
    return Report(
        record=record,
        hands=tuple(walk.hands),
        problems=tuple(found),
        result=walk.result,
        standing=walk.standing,
        next_start=walk.next_start or walk.standing,
        resumed=tuple(walk.resumed),
    )
