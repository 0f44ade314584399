"""Verification of game records: every problem, not only the first, and each hand's score.

:func:`verify` replays every action of a :class:`~spades.record.GameRecord` through the engine
under the record's rules and reports each :class:`Problem` it finds in a :class:`Report`; the
same walk, stopping at the first problem, is :func:`~spades.record.replay`. Every rule is the
engine's: bids, the exchange and each card are checked by :func:`~spades.legality.check`, a hand
recorded by its counts is played by :func:`~spades.engine.apply_counts`, and the few things only
a verifier needs (every illegal bid of a hand, a card played after a revoke, a hand closed before
its last trick) are private helpers beside them in :mod:`spades.engine`.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ._written import WrittenScores, and_text
from .actions import Bid, Exchange, Play
from .cards import Card
from .engine import (
    _close_early,
    _first_leader,
    _force_play,
    _game_at,
    _passed,
    _tricks_taken,
    apply,
    apply_counts,
    new_game,
)
from .errors import Reason, RecordError, StandingError
from .legality import _bid_violations, _bidding_order, check, deal_problems
from .scoring import GameResult, HandScore
from .seats import SEATS, Seat, Team
from .state import GameState, Phase, Standing

if TYPE_CHECKING:
    from .record import Bids4, GameRecord, HandRecord, Tricks4, WrittenScore

__all__ = ["HandReport", "Problem", "RecordReason", "Report", "verify"]


# -- problems and reports -------------------------------------------------------------------------


class RecordReason(str, enum.Enum):
    """What is wrong in a record, besides an illegal action (which has the engine's ``Reason``)."""

    BAD_START = "bad_start"
    BAD_DEAL = "bad_deal"
    MISSING_BID = "missing_bid"
    MISSING_EXCHANGE = "missing_exchange"
    UNEXPECTED_EXCHANGE = "unexpected_exchange"
    INCOMPLETE_TRICK = "incomplete_trick"
    CARD_PLAYED_TWICE = "card_played_twice"
    INCOMPLETE_HAND = "incomplete_hand"
    BAD_TRICKS = "bad_tricks"
    TRICKS_MISMATCH = "tricks_mismatch"
    SCORE_MISMATCH = "score_mismatch"
    AFTER_GAME_OVER = "after_game_over"

    def __str__(self) -> str:
        return self.value


_UNUSABLE = (Reason.BAD_DEAL, RecordReason.BAD_START)


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong in a record: where it is, a machine-readable reason, and a sentence."""

    #: The place, as a scorer says it: ``hand 3, trick 5, W plays Kh``.
    where: str
    reason: Reason | RecordReason
    message: str
    #: The hand number, when the problem is in a hand.
    hand: int | None = None
    #: The team, for a written score that differs.
    team: Team | None = None
    #: For a written score that differs: the rules' itemised computation.
    explanation: str | None = None
    #: For a written score that differs: the first item where it and the rules part.
    parted_at: str | None = None

    @property
    def sentence(self) -> str:
        """``hand 3, trick 5, W plays Kh: West must follow hearts (holds 2 hearts).``"""
        return f"{self.where}: {self.message}"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "where": self.where,
            "reason": str(self.reason),
            "message": self.message,
        }
        if self.hand is not None:
            data["hand"] = self.hand
        if self.team is not None:
            data["team"] = str(self.team)
        if self.explanation is not None:
            data["explanation"] = self.explanation
        if self.parted_at is not None:
            data["parted_at"] = self.parted_at
        return data

    def __str__(self) -> str:
        lines = [self.sentence]
        if self.explanation:
            lines.append("    " + self.explanation)
        if self.parted_at:
            lines.append("    " + self.parted_at)
        return "\n".join(lines)


@attrs.frozen(kw_only=True)
class HandReport:
    """One hand as verified: what was bid and taken, its score under the rules, its problems."""

    number: int
    dealer: Seat
    bids: Bids4
    #: Tricks taken by each seat (N, E, S, W); None when they are not known.
    tricks: Tricks4 | None
    #: The hand's score under the record's rules; None when it cannot be scored.
    score: HandScore | None
    written: tuple[WrittenScore | None, WrittenScore | None]
    #: False for a hand still in progress at the end of the record.
    finished: bool
    problems: tuple[Problem, ...] = ()


@attrs.frozen(kw_only=True)
class Report:
    """Everything :func:`verify` found: each hand's score, every problem, the game's result."""

    record: GameRecord
    hands: tuple[HandReport, ...]
    problems: tuple[Problem, ...]
    #: The result, when the game is over.
    result: GameResult | None
    #: The standing after the last hand scored.
    standing: Standing

    @property
    def ok(self) -> bool:
        """True when every action is legal and every written score matches the rules."""
        return not self.problems

    @property
    def usable(self) -> bool:
        """False when the record cannot serve as evidence: a deal that is not a deal, or a start
        the rules cannot have reached. ``spades score`` treats such a record as unusable input."""
        return not self.unusable_problems

    @property
    def unusable_problems(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.reason in _UNUSABLE)

    @property
    def in_progress(self) -> bool:
        """Whether the record stops in the middle of a hand."""
        return bool(self.hands) and not self.hands[-1].finished

    def to_data(self) -> dict[str, Any]:
        """The report as JSON-ready data (the ``--json`` output of ``spades score``)."""
        from .report import report_data

        return report_data(self)

    def __str__(self) -> str:
        from .report import render_report

        return render_report(self)


# -- the walk -------------------------------------------------------------------------------------


def _where_card_is(state: GameState, card: Card) -> str:
    hand = state.hand
    assert hand is not None
    for number, trick in enumerate(hand.tricks, 1):
        for seat, played in trick.plays:
            if played is card:
                return f" ({card} was played to trick {number} by {seat.full_name})"
    for seat in SEATS:
        if hand.holdings[seat] >> card.index & 1:
            return f" ({seat.full_name} holds it)"
    if card.index in hand.trick:
        return f" ({card} is already in this trick)"
    return ""


@attrs.define
class _Walk:
    """Replays a record through the engine; ``report`` receives each problem."""

    record: GameRecord
    report: Callable[[Problem], None]
    hands: list[HandReport] = attrs.field(factory=list)
    result: GameResult | None = None
    standing: Standing = attrs.field(factory=Standing)
    written: WrittenScores = attrs.field(
        default=attrs.Factory(lambda walk: WrittenScores(walk.record.rules), takes_self=True)
    )
    #: The hand being walked: its number, its dealer and the problems found in it so far.
    number: int | None = None
    dealer: Seat = Seat.N
    found: list[Problem] = attrs.field(factory=list)

    def problem(
        self, where: str, reason: Reason | RecordReason, message: str, **extra: Any
    ) -> None:
        problem = Problem(where=where, reason=reason, message=message, hand=self.number, **extra)
        self.found.append(problem)
        self.report(problem)

    def run(self) -> Iterator[GameState]:
        record = self.record
        rules = record.rules
        start = record.start
        try:
            state = new_game(
                rules,
                dealer=start.dealer,
                scores=start.scores,
                bags=start.bags,
                hand_number=start.hand_number,
            )
        except StandingError as error:
            self.problem("start", RecordReason.BAD_START, error.message)
            state = _game_at(rules, start)  # followed all the same, to find later problems
        self.standing = state.standing
        yield state
        scoring = True
        for index, hand in enumerate(record.hands):
            if state.phase is Phase.GAME_OVER:
                number = self.number = state.hand_number + 1
                self.found = []
                extra = len(record.hands) - index
                hands = (
                    f"hand {number}" if extra == 1 else f"hands {number} to {number + extra - 1}"
                )
                self.problem(
                    f"hand {number}",
                    RecordReason.AFTER_GAME_OVER,
                    f"{hands} {'comes' if extra == 1 else 'come'} after the end of the game: "
                    f"{state.result}",
                )
                break
            is_last = index == len(record.hands) - 1
            state, scoring = yield from self.run_hand(state, hand, is_last, scoring)

    def run_hand(
        self, state: GameState, hand: HandRecord, is_last: bool, scoring: bool
    ) -> Generator[GameState, None, tuple[GameState, bool]]:
        rules = self.record.rules
        if state.phase is Phase.DEAL:
            number, dealer = state.hand_number, state.dealer
        else:
            number, dealer = state.hand_number + 1, state.next_dealer
        self.number, self.dealer, self.found = number, dealer, []
        here = f"hand {number}"
        cur = state
        following = hand.deal is not None  # whether the engine is following this hand

        # The deal.
        if hand.deal is not None:
            problems = deal_problems(hand.deal)
            for text in problems:
                self.problem(f"{here}, deal", Reason.BAD_DEAL, text)
            if problems:
                following = False
            else:
                cur = apply(cur, hand.deal)
                yield cur

        # The bids, in bidding order; each illegal one is reported, even after the first.
        order = _bidding_order(rules, dealer)
        illegal = {violation.seat: violation for violation in _bid_violations(state, hand.bids)}
        missing = [seat for seat in order if hand.bids[seat] is None]
        for seat in order:
            bid = hand.bids[seat]
            if bid is None:
                break
            violation = illegal.get(seat)
            if violation is not None:
                self.problem(
                    f"{here}, bidding, {seat} bids {bid}",
                    violation.reason,
                    violation.message,
                )
                following = False
            elif following:
                cur = apply(cur, Bid(bid.tricks, blind=bid.blind))
                yield cur
        later_bids = bool(missing) and any(
            hand.bids[s] is not None for s in order[order.index(missing[0]) :]
        )
        anything_after = bool(
            hand.exchange or hand.plays or hand.tricks is not None or any(hand.written)
        )
        if missing:
            if is_last and not later_bids and not anything_after:
                self.finish(hand, None, None, False)
                return cur, scoring
            names = and_text([seat.full_name for seat in missing])
            self.problem(
                f"{here}, bidding",
                RecordReason.MISSING_BID,
                f"No bid is recorded for {names}, so the hand cannot be scored"
                + ("; later hands are not scored either." if scoring and not is_last else "."),
            )
            return self.unscored(state, hand), False

        # The blind nil exchange.
        if following:
            waiting = not hand.plays and hand.tricks is None and not any(hand.written)
            cur, status = yield from self.exchange_cards(cur, hand, is_last and waiting)
            if status == "waiting":
                self.finish(hand, None, None, False)
                return cur, scoring
            following = status == "done"

        # The plays, as far as they can be followed, and the tricks each seat took in them.
        plays = hand.plays
        short = next((t for t, trick in enumerate(plays[:-1], 1) if len(trick) < 4), None)
        if short is not None:
            self.problem(
                f"{here}, trick {short}",
                RecordReason.INCOMPLETE_TRICK,
                f"trick {short} has {len(plays[short - 1])} cards, but later tricks are "
                "recorded; the plays are followed no further.",
            )
            plays = plays[:short]
        if following and cur.phase is Phase.PLAY:
            cur, followed = yield from self.play_cards(cur, plays)
            assert cur.hand is not None
            counted, complete = cur.hand.won, len(cur.hand.tricks)
        else:
            followed = len(plays)
            self.played_twice(plays)
            counted, complete = self.count_tricks(hand, plays)
        if short is not None:
            followed = min(followed, short - 1)
        lost = followed < len(hand.plays)

        # The tricks each seat took.
        tricks: Tricks4 | None = None
        if complete == 13:
            tricks = counted
            if hand.tricks is not None and hand.tricks != tricks:
                self.problem(
                    f"{here}, trick counts",
                    RecordReason.TRICKS_MISMATCH,
                    f"the counts {_counts(hand.tricks)} do not match the plays, which give "
                    f"{_counts(tricks)}.",
                )
        elif hand.tricks is not None:
            tricks = hand.tricks
            exceeded = [seat for seat in SEATS if counted[seat] > tricks[seat]]
            if exceeded:
                self.problem(
                    f"{here}, trick counts",
                    RecordReason.TRICKS_MISMATCH,
                    f"the counts {_counts(tricks)} are fewer than the tricks already won in "
                    f"the plays recorded ({_counts(counted)}).",
                )
            if sum(tricks) != 13:
                self.problem(
                    f"{here}, trick counts",
                    RecordReason.BAD_TRICKS,
                    f"the counts {_counts(tricks)} add up to {sum(tricks)}, not 13, so the hand "
                    "cannot be scored"
                    + ("; later hands are not scored either." if scoring and not is_last else "."),
                )
                return self.unscored(state, hand), False
        else:
            if is_last and not lost and not any(hand.written):
                self.finish(hand, None, None, False)
                return cur, scoring
            if lost:
                played = f"the plays cannot be followed past trick {followed}"
            elif hand.plays:
                played = f"only {complete} of 13 tricks are recorded"
            else:
                played = "no plays are recorded"
            self.problem(
                here,
                RecordReason.INCOMPLETE_HAND,
                f"{played} and no trick counts, so the hand cannot be scored"
                + ("; later hands are not scored either." if scoring and not is_last else "."),
            )
            return self.unscored(state, hand), False

        if not scoring:
            self.finish(hand, tricks, None, True)
            return _close_early(state, hand.bids, None), False

        # The score: the engine's, whether it played the hand to its end, played it from its
        # counts, or closed it where it stopped following it.
        bids = [bid.for_seat(seat) for seat, bid in zip(SEATS, hand.bids) if bid is not None]
        if cur.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and cur.hand_number == number:
            after = cur
        elif cur.needs_deal and not illegal:
            after = apply_counts(cur, bids, tricks)
        else:
            after = _close_early(cur, bids, tricks)
        score = after.history[-1].score
        for mismatch in self.written.compare(
            number, bids, tricks, score, hand.written, state.standing
        ):
            team = mismatch.team
            self.problem(
                f"hand {number}, {team} score",
                RecordReason.SCORE_MISMATCH,
                mismatch.message,
                team=team,
                explanation=score[team].explain(),
                parted_at=mismatch.parted_at,
            )
        self.finish(hand, tricks, score, True)
        self.standing = after.standing
        self.result = after.result
        if after is not cur:
            yield after
        return after, True

    def exchange_cards(
        self, cur: GameState, hand: HandRecord, may_wait: bool
    ) -> Generator[GameState, None, tuple[GameState, str]]:
        """Check the blind nil exchange through the engine.

        Returns the state and ``"done"``, ``"lost"`` (the engine cannot follow the hand further)
        or ``"waiting"`` (the record stops in the exchange, which ``may_wait`` allows).
        """
        rules = self.record.rules
        here = f"hand {self.number}, exchange"
        given = dict(hand.exchange)
        if cur.phase is not Phase.EXCHANGE:
            why = (
                "these rules have no card exchange"
                if not rules.blind_nil_exchange
                else "only a blind nil bidder and a partner who bid a number exchange cards"
            )
            for seat, passed in given.items():
                message = f"{seat.full_name} may not pass cards: {why}."
                where = f"{here}, {seat} passes {passed.cards_text()}"
                self.problem(where, RecordReason.UNEXPECTED_EXCHANGE, message)
            return cur, "done"
        while cur.phase is Phase.EXCHANGE:
            giver = cur.to_act
            assert giver is not None
            cards = given.pop(giver, None)
            if cards is None:
                if may_wait:
                    return cur, "waiting"
                message = (
                    f"{giver.full_name} must pass {rules.blind_nil_exchange} cards to "
                    f"{giver.partner.full_name}, but no cards are recorded."
                )
                self.problem(here, RecordReason.MISSING_EXCHANGE, message)
                return cur, "lost"
            violation = check(cur, Exchange(cards))
            if violation is not None:
                where = f"{here}, {giver} passes {cards.cards_text() or 'nothing'}"
                self.problem(where, violation.reason, violation.message)
                return cur, "lost"
            cur = apply(cur, Exchange(cards))
            yield cur
        for seat, passed in given.items():
            message = f"{seat.full_name} has no cards to pass: the exchange is already complete."
            where = f"{here}, {seat} passes {passed.cards_text()}"
            self.problem(where, RecordReason.UNEXPECTED_EXCHANGE, message)
        return cur, "done"

    def play_cards(
        self, cur: GameState, plays: Sequence[Sequence[Card]]
    ) -> Generator[GameState, None, tuple[GameState, int]]:
        """Check every card through the engine; return the state and how many tricks it followed.

        A card its player holds but may not play is reported and played anyway, so that the rest
        of the hand is still checked; a card the player does not hold ends the checking.
        """
        for t, trick in enumerate(plays, 1):
            for card in trick:
                seat, state_hand = cur.to_act, cur.hand
                if cur.phase is not Phase.PLAY or seat is None or state_hand is None:
                    return cur, t - 1  # pragma: no cover - 13 tricks of 4 fill the hand exactly
                play = Play(card)
                violation = check(cur, play)
                if violation is None:
                    cur = apply(cur, play)
                    yield cur
                    continue
                held = bool(state_hand.holdings[seat] >> card.index & 1)
                context = "" if held else _where_card_is(cur, card)
                message = violation.message[:-1] + context + "." if context else violation.message
                where = f"hand {self.number}, trick {t}, {seat} plays {card}"
                self.problem(where, violation.reason, message)
                if not held:
                    return cur, t - 1
                cur = _force_play(cur, card)
        return cur, len(plays)

    def played_twice(self, plays: Sequence[Sequence[Card]]) -> None:
        """For plays the engine cannot follow (no usable deal): at least no card twice."""
        seen: dict[Card, int] = {}
        for t, trick in enumerate(plays, 1):
            for card in trick:
                if card in seen:
                    self.problem(
                        f"hand {self.number}, trick {t}, {card}",
                        RecordReason.CARD_PLAYED_TWICE,
                        f"{card} is played in trick {seen[card]} and again in trick {t}.",
                    )
                else:
                    seen[card] = t

    def count_tricks(
        self, hand: HandRecord, plays: Sequence[Sequence[Card]]
    ) -> tuple[Tricks4, int]:
        """Who took the complete tricks of plays the engine cannot follow, by the engine's rules.

        The first trick is led as the engine would lead it from the deal and the exchange as
        recorded; when that cannot be told (no single seat holds the two of clubs), no trick is.
        """
        rules = self.record.rules
        holdings: Sequence[int] = (0, 0, 0, 0)
        if hand.deal is not None:
            holdings = tuple(cards.mask for cards in hand.deal.hands)
            for giver, passed in hand.exchange:
                holdings = _passed(holdings, giver, passed.mask)
        leader = _first_leader(rules, self.dealer, holdings)
        if leader is None:
            return (0, 0, 0, 0), 0
        return _tricks_taken(rules, leader, plays)

    def unscored(self, state: GameState, hand: HandRecord) -> GameState:
        """The state after a hand that cannot be scored, from ``state``, the state before it."""
        self.finish(hand, hand.tricks, None, True)
        return _close_early(state, hand.bids, None)

    def finish(
        self, hand: HandRecord, tricks: Tricks4 | None, score: HandScore | None, finished: bool
    ) -> None:
        assert self.number is not None
        self.hands.append(
            HandReport(
                number=self.number,
                dealer=self.dealer,
                bids=hand.bids,
                tricks=tricks,
                score=score,
                written=hand.written,
                finished=finished,
                problems=tuple(self.found),
            )
        )


def _counts(tricks: Sequence[int]) -> str:
    return " ".join(f"{seat} {count}" for seat, count in zip(SEATS, tricks))


def _raise(problem: Problem) -> None:
    if problem.reason is RecordReason.SCORE_MISMATCH:
        return  # what the table wrote changes no state; verify() reports it
    raise RecordError(problem.sentence, where=problem.where, reason=str(problem.reason))


def _replay(record: GameRecord) -> Iterator[GameState]:
    """The states of :func:`spades.record.replay`: the walk, raising at the first problem."""
    return _Walk(record, _raise).run()


def verify(record: GameRecord) -> Report:
    """Replay every action under the record's rules and report every problem, not only the first."""
    found: list[Problem] = []
    walk = _Walk(record, found.append)
    deque(walk.run(), maxlen=0)  # follow the whole record; the walk collects what it finds
    return Report(
        record=record,
        hands=tuple(walk.hands),
        problems=tuple(found),
        result=walk.result,
        standing=walk.standing,
    )
