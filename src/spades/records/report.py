"""What :func:`~spades.records.verify` finds: each :class:`Problem` of a record, each hand as
verified (:class:`HandReport`), the whole :class:`Report`, and the report as a verdict and as
JSON-ready data.

These are the verifier's results, apart from the walk that finds them
(:mod:`spades.records.walk`, :mod:`spades.records.verifier`) and from their rendering as a score
sheet (:mod:`spades.records.sheets`).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from .._text import plural, quote
from ..action_data import bid_data
from ..actions import Bid
from ..errors import Reason
from ..rules import RenegePenalty, RuleSet
from ..score import GameResult, HandScore, TeamHandScore
from ..seats import SEATS, TEAMS, Seat, Side, side_data, sides
from ..standing import Standing
from .checks import WrittenScore
from .format import GameRecord
from .reneges import Renege, renege_penalty_text

__all__ = [
    "HandReport",
    "Problem",
    "RecordReason",
    "Report",
    "Resumption",
    "check_report",
    "report_data",
    "verdict",
]


# -- problems and reports -------------------------------------------------------------------------


class RecordReason(str, enum.Enum):
    """What is wrong in a record, besides an illegal action (which has the engine's
    :class:`~spades.errors.Reason`): the ``reason`` of a :class:`~spades.records.Problem`.

    The value is the lower-case text ``--json`` reports give (``'score_mismatch'``).
    """

    #: The record's start (dealer, scores, bags, hand number) is one the rules cannot have
    #: reached; the record is unusable as evidence.
    BAD_START = "bad_start"
    #: A deal that is not a deal. (The verifier reports a bad deal with the engine's
    #: :attr:`Reason.BAD_DEAL <spades.errors.Reason.BAD_DEAL>`, whose text is the same.)
    BAD_DEAL = "bad_deal"
    #: A hand without a bid from every seat (only the last hand of a record may stop during the
    #: bidding); the hand cannot be scored.
    MISSING_BID = "missing_bid"
    #: A blind nil exchange the rules call for, with no cards recorded.
    MISSING_EXCHANGE = "missing_exchange"
    #: Cards passed where the rules call for no exchange, or after it is complete.
    UNEXPECTED_EXCHANGE = "unexpected_exchange"
    #: The dealer's discard (``spare_cards`` dealer_discards) with no cards recorded, in a hand
    #: that goes on; the hand is followed no further but may be scored from its counts.
    MISSING_DISCARD = "missing_discard"
    #: A discard recorded where the rules have the dealer discard nothing.
    UNEXPECTED_DISCARD = "unexpected_discard"
    #: A trick with fewer cards than players (four, or three) followed by more tricks.
    INCOMPLETE_TRICK = "incomplete_trick"
    #: A card played twice in the same hand.
    CARD_PLAYED_TWICE = "card_played_twice"
    #: A hand with neither all its plays nor trick counts (only the last hand may stop early);
    #: it cannot be scored.
    INCOMPLETE_HAND = "incomplete_hand"
    #: Trick counts that do not add up to the tricks in a hand (13; 17 or 18 at a table of
    #: three); the hand cannot be scored.
    BAD_TRICKS = "bad_tricks"
    #: Trick counts that disagree with the plays recorded.
    TRICKS_MISMATCH = "tricks_mismatch"
    #: A written score (points, total or bags) that differs from the rules'.
    SCORE_MISMATCH = "score_mismatch"
    #: A hand recorded after the end of the game.
    AFTER_GAME_OVER = "after_game_over"
    #: Two players' draw (``deal_method`` draw_keep_discard) recorded card by card that stops
    #: before each holds 13 cards, in a hand that goes on (only the last hand of a record may
    #: stop in its draw); the hands are not known. (A card that cannot be drawn, twice or not in
    #: the deck, has the engine's :attr:`Reason.BAD_DRAW <spades.errors.Reason.BAD_DRAW>`.)
    INCOMPLETE_DRAW = "incomplete_draw"
    #: A hand thrown in for its bids' total (``redeal_below_total``) recorded with an exchange,
    #: plays or trick counts, which a hand thrown in does not have.
    THROWN_IN_PLAYED = "thrown_in_played"
    #: A hand's ``bids`` by seat that disagree with its ``bidding`` in order (which is checked).
    BIDDING_MISMATCH = "bidding_mismatch"
    #: The table's verdict (who won, the game over, a hand thrown in) that the rules' differs from.
    VERDICT_MISMATCH = "verdict_mismatch"

    def __str__(self) -> str:
        return self.value


_UNUSABLE = (
    Reason.BAD_DEAL,
    Reason.BAD_DRAW,
    RecordReason.INCOMPLETE_DRAW,
    RecordReason.BAD_START,
)


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong in a record: where it is, a machine-readable reason, and a sentence."""

    #: The place, as a scorer says it: ``hand 3, trick 5, W plays Kh``.
    where: str
    #: What is wrong: an illegal action's :class:`~spades.errors.Reason`, or a
    #: :class:`RecordReason`.
    reason: Reason | RecordReason
    #: The sentence, to show a person.
    message: str
    #: The hand number, when the problem is in a hand.
    hand: int | None = None
    #: The side, for a written score that differs: the team, or the seat of a player who plays
    #: alone (``partnerships`` false).
    team: Side | None = None
    #: For a written score that differs: the rules' itemised computation.
    explanation: str | None = None
    #: For a written score that differs: the first item where it and the rules part.
    parted_at: str | None = None
    #: What the problem was found to be, for a program: for a written score that differs, one of
    #: ``spades.records.written.CAUSES`` (``'addition_slip'``, ``'item_left_out'``, ...); None
    #: when nothing more can be said than the ``reason``.
    cause: str | None = None

    @property
    def sentence(self) -> str:
        """``hand 3, trick 5, W plays Kh: West must follow hearts (holds 2 hearts).``"""
        return f"{self.where}: {self.message}"

    def to_data(self) -> dict[str, Any]:
        """The problem as JSON-ready data: ``where``, ``reason`` and ``message``, and ``hand``,
        ``team``, ``explanation``, ``parted_at`` and ``cause`` when it has them."""
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
        if self.cause is not None:
            data["cause"] = self.cause
        return data

    def __str__(self) -> str:
        lines = [self.sentence]
        if self.explanation:
            lines.append("    " + self.explanation)
        if self.parted_at:
            lines.append("    " + self.parted_at)
        return "\n".join(lines)


@attrs.frozen(kw_only=True)
class Resumption:
    """Where the check of the standing stopped being complete: a hand the rules could not score
    (a bid or the trick counts missing or impossible, plays that cannot be followed and no
    counts), and the standing the later hands are checked from, taken from the scores written
    after it."""

    #: The number of the hand the rules could not score.
    hand: int
    #: The standing before the next hand, from the totals and bags written after :attr:`hand`;
    #: None when nothing written gives it (later hands are then not scored, until a hand whose
    #: written totals give the standing again).
    standing: Standing | None
    #: The sides whose bags were not written after the hand: their bags are kept from before it.
    bags_kept: tuple[Side, ...] = ()

    def text(self, rules: RuleSet) -> str:
        """The sentence a report gives for it."""
        number = self.hand
        if self.standing is None:
            return (
                f"The rules could not score hand {number}, and no total written after it gives "
                "the standing, so later hands are not scored until one does."
            )
        totals = ", ".join(
            f"{side} {score} with {plural(bags, 'bag')}"
            for side, score, bags in zip(rules.sides, self.standing.scores, self.standing.bags)
        )
        kept = (
            f" ({' and '.join(str(side) for side in self.bags_kept)}: no bags written, so the "
            "bags before it)"
            if self.bags_kept
            else ""
        )
        return (
            f"The rules could not score hand {number}, so the standing is checked in full only "
            f"up to it: from hand {number + 1} on, each hand is checked from the scores written "
            f"after hand {number} ({totals}){kept}, and its totals, and the game's result, "
            "depend on them."
        )

    def to_data(self, rules: RuleSet) -> dict[str, Any]:
        """As JSON-ready data: the hand, the standing taken from what was written (None when
        none is), the sides whose bags were kept, and the sentence."""
        standing = self.standing
        return {
            "hand": self.hand,
            "standing": None
            if standing is None
            else {
                "scores": side_data(standing.scores, rules.sides),
                "bags": side_data(standing.bags, rules.sides),
            },
            "bags_kept": [str(side) for side in self.bags_kept],
            "text": self.text(rules),
        }


@attrs.frozen(kw_only=True)
class HandReport:
    """One hand as verified: what was bid and taken, its score under the rules, its problems."""

    #: The hand's number in the game.
    number: int
    #: Who dealt it.
    dealer: Seat
    #: The bids, by seat (N, E, S, W; N, E, S at a table of three); None for a bid not
    #: recorded.
    bids: tuple[Bid | None, ...]
    #: Tricks taken by each seat (N, E, S, W; N, E, S at a table of three); None when they are
    #: not known.
    tricks: tuple[int, ...] | None
    #: The hand's score under the record's rules; None when it cannot be scored.
    score: HandScore | None
    #: The scores the table wrote after the hand, by side (NS, EW; or N, E, S, W when every
    #: player plays alone, N, E, S at a table of three); None where nothing was written.
    written: tuple[WrittenScore | None, ...]
    #: False for a hand still in progress at the end of the record.
    finished: bool
    #: The problems found in this hand, in the order found.
    problems: tuple[Problem, ...] = ()
    #: For a hand thrown in (the ``redeal`` rule option): the seat that called for the redeal;
    #: None for a hand played out.
    redeal: Seat | None = None
    #: For a hand thrown in: why the caller's hand qualified (``'no spade'``, ``'no face
    #: card'``), or empty when it did not (the call was illegal and is among the problems).
    redeal_grounds: str = ""
    #: For a hand thrown in after the bidding for the bids' total (``redeal_below_total``): that
    #: total, nil counting 0; None otherwise.
    redeal_total: int | None = None
    #: For a hand the table threw in (``thrown_in``) that the rules play out: True.
    thrown_in_by_table: bool = False
    #: The reneges in the hand's plays, in order, when the rules penalise them
    #: (``renege_penalty``); under ``renege_penalty=none`` a renege is among the problems
    #: instead.
    reneges: tuple[Renege, ...] = ()
    #: For a hand told by its trick counts, the reneges the record tells of, by side (NS, EW; or
    #: N, E, S, W, or N, E, S at a table of three): :attr:`~spades.records.HandRecord.reneges`.
    told_reneges: tuple[int, ...] = (0, 0)
    #: The number of the hand after which the standing this hand is checked from was taken from
    #: the scores written, since the rules could not score that hand
    #: (:class:`~spades.records.report.Resumption`); None
    #: when the standing before this hand is the rules' own.
    standing_from: int | None = None

    def told_renege_texts(self, rules: RuleSet | None = None) -> list[str]:
        """One line per side for the reneges told with the counts (``NS reneged twice, as told
        with the counts: 3 tricks to EW each``; ``N reneged once, ...`` when every player plays
        alone), with what they cost under ``rules`` when given (the score's items say it too)."""
        lines = []
        count_of_sides = len(self.told_reneges)
        # Two values are two teams' unless the rules say two players, each alone.
        told = sides(count_of_sides == len(TEAMS), count_of_sides) if rules is None else rules.sides
        for team, count in zip(told, self.told_reneges):
            if not count:
                continue
            times = "once" if count == 1 else "twice" if count == 2 else f"{count} times"
            line = f"{team} reneged {times}, as told with the counts"
            if rules is not None:
                penalty = renege_penalty_text(rules, team)
                if not penalty:
                    penalty = "no penalty under these rules (renege_penalty none)"
                elif count > 1 and rules.renege_penalty is RenegePenalty.TRICKS:
                    penalty += " each"
                line += f": {penalty}"
            lines.append(line)
        return lines

    @property
    def thrown_in(self) -> bool:
        """Whether the hand was thrown in: by a call for a redeal, or for the bids' total."""
        return self.redeal is not None or self.redeal_total is not None or self.thrown_in_by_table

    @property
    def thrown_in_text(self) -> str:
        """For a hand thrown in, the line a score sheet shows for it (``hand 3 thrown in: West
        held no spade, redealt by N``; ``hand 3 thrown in: the bids total 9, too few
        (redeal_below_total), redealt by N``); empty for a hand played out."""
        if self.redeal_total is not None:
            return (
                f"hand {self.number} thrown in: the bids total {self.redeal_total}, too few "
                f"(redeal_below_total), redealt by {self.dealer}"
            )
        if self.redeal is None:
            by_table = f"hand {self.number} thrown in by the table, redealt by {self.dealer}"
            return by_table if self.thrown_in_by_table else ""
        why = (
            f"{self.redeal.full_name} held {self.redeal_grounds}"
            if self.redeal_grounds
            else (f"{self.redeal.full_name} called for a redeal")
        )
        return f"hand {self.number} thrown in: {why}, redealt by {self.dealer}"


@attrs.frozen(kw_only=True)
class Report:
    """Everything :func:`~spades.records.verify` found: each hand's score, every problem, the game's
    result."""

    #: The record verified.
    record: GameRecord
    #: Each hand as verified, in order.
    hands: tuple[HandReport, ...]
    #: Every problem found, in the order the verifier met them: the start, then hand by hand.
    problems: tuple[Problem, ...]
    #: The result, when the game is over.
    result: GameResult | None
    #: The standing after the last hand scored (the game state's
    #: :attr:`~spades.state.GameState.standing` there: that hand's dealer and number).
    standing: Standing
    #: Each hand the rules could not score, with the standing later hands are checked from, in
    #: order: where the check of the standing stopped being complete (empty when it is).
    resumed: tuple[Resumption, ...] = ()
    #: Where the game goes on from: :attr:`standing`'s scores, bags and sets, with the dealer
    #: and the number of the next hand (the hand in progress, for a record that stops in one;
    #: the same hand again after a hand thrown in). As the ``start`` of a record it continues
    #: the game; ``--json`` prints it as ``standing``. (By default :attr:`standing`.)
    next_start: Standing = attrs.field(
        default=attrs.Factory(lambda report: report.standing, takes_self=True)
    )

    @property
    def complete(self) -> bool:
        """Whether the standing is checked by the rules from the start to the end: every hand
        scored (but the last, when it is in progress, and hands thrown in)."""
        return not self.resumed

    @property
    def ok(self) -> bool:
        """True when every action is legal and every written score matches the rules."""
        return not self.problems

    @property
    def usable(self) -> bool:
        """False when the record cannot serve as evidence: a deal that is not a deal (or a draw
        that is not a draw), or a start the rules cannot have reached. ``spades score`` treats
        such a record as unusable input."""
        return not self.unusable_problems

    @property
    def unusable_problems(self) -> tuple[Problem, ...]:
        """The problems that make the record unusable: a deal that is not a deal, a draw that is
        not a draw (a card that cannot be drawn, or a draw that stops short), or an impossible
        start (:attr:`usable` is false when there is any)."""
        return tuple(p for p in self.problems if p.reason in _UNUSABLE)

    @property
    def in_progress(self) -> bool:
        """Whether the record stops in the middle of a hand."""
        return bool(self.hands) and not self.hands[-1].finished

    def to_data(self) -> dict[str, Any]:
        """The report as JSON-ready data (the ``--json`` output of ``spades score``)."""
        return report_data(self)

    def __str__(self) -> str:
        """Every problem, then the verdict (:func:`~spades.records.render_report` adds the score
        sheet)."""
        return "\n".join(
            [
                *(str(problem) for problem in self.problems),
                *(resumed.text(self.record.rules) for resumed in self.resumed),
                verdict(self),
            ]
        )


def check_report(report: object, function: str) -> None:
    """A :class:`TypeError` for anything but a :class:`Report`, named in the sentence."""
    if not isinstance(report, Report):
        raise TypeError(f"{function}() takes the Report verify() gives, not {quote(report)}.")


# -- the report as words and data ------------------------------------------------------------------


def verdict(report: Report) -> str:
    """One line: consistent, or how many problems were found."""
    check_report(report, "verdict")
    if not report.ok:
        return f"Verdict: {plural(len(report.problems), 'problem')} found."
    written = any(any(hand.written) for hand in report.hands)
    checked = "every written score matches" if written else "no written scores to check"
    if table_verdict(report.record):
        checked += "; the table's verdict matches the rules'"
    reneges = sum(len(hand.reneges) for hand in report.hands)
    if reneges:
        return (
            f"Verdict: consistent. Every action is legal under these rules but "
            f"{plural(reneges, 'renege')}, scored with the rules' penalty; {checked}."
        )
    return f"Verdict: consistent. Every action is legal under these rules; {checked}."


def table_verdict(record: GameRecord) -> bool:
    """Whether ``record`` writes the table's verdict: on the game, or a hand's ``thrown_in``."""
    return record.verdict is not None or any(h.thrown_in is not None for h in record.hands)


def _table_verdict_data(report: Report) -> dict[str, Any]:
    """The table's verdict as ``--json`` gives it: what was written, and whether it matches."""
    record = report.record
    return {
        **({} if record.verdict is None else record.verdict.to_data()),
        "thrown_in": [
            {"hand": hand.number, "thrown_in": written.thrown_in}
            for hand, written in zip(report.hands, record.hands)
            if written.thrown_in is not None
        ],
        "matches": not any(p.reason is RecordReason.VERDICT_MISMATCH for p in report.problems),
    }


def _team_score_data(score: TeamHandScore) -> dict[str, Any]:
    return {
        "points": score.points,
        "total": score.score_after,
        "bags": score.bags_after,
        "contract": score.contract,
        "made": score.made,
        "items": [
            {
                "kind": str(item.kind),
                "points": item.points,
                "text": item.text,
                **({"seat": str(item.seat)} if item.seat is not None else {}),
                **({"count": item.count} if item.count else {}),
                **({"team": str(item.team)} if item.team is not None else {}),
            }
            for item in score.items
        ],
        "explanation": score.explain(),
    }


def report_data(report: Report) -> dict[str, Any]:
    """The report as JSON-ready data: what :meth:`Report.to_data` gives."""
    check_report(report, "report_data")
    hands = []
    for hand in report.hands:
        entry: dict[str, Any] = {
            "number": hand.number,
            "dealer": str(hand.dealer),
            "bids": {str(s): bid_data(b) for s, b in zip(SEATS, hand.bids) if b is not None},
            "tricks": None
            if hand.tricks is None
            else {str(s): n for s, n in zip(SEATS, hand.tricks)},
            "finished": hand.finished,
            **({"redeal": str(hand.redeal)} if hand.redeal is not None else {}),
            **({"redeal_total": hand.redeal_total} if hand.redeal_total is not None else {}),
            **(
                {"reneges": [renege.to_data(report.record.rules) for renege in hand.reneges]}
                if hand.reneges
                else {}
            ),
            **(
                {
                    "told_reneges": side_data(hand.told_reneges, report.record.rules.sides),
                    "told_reneges_text": hand.told_renege_texts(report.record.rules),
                }
                if any(hand.told_reneges)
                else {}
            ),
            "score": None
            if hand.score is None
            else {str(side.team): _team_score_data(side) for side in hand.score.teams},
            **({"standing_from": hand.standing_from} if hand.standing_from is not None else {}),
        }
        hands.append(entry)
    standing = report.next_start
    return {
        "ok": report.ok,
        "usable": report.usable,
        "rules": {
            "preset": report.record.preset,
            "options": report.record.to_data()["rules"]["options"],
        },
        "hands": hands,
        "problems": [problem.to_data() for problem in report.problems],
        "standing": {
            "dealer": str(standing.dealer),
            "hand_number": standing.hand_number,
            "scores": side_data(standing.scores, report.record.rules.sides),
            "bags": side_data(standing.bags, report.record.rules.sides),
            **(
                {"sets": side_data(standing.sets, report.record.rules.sides)}
                if report.record.rules.sets_to_lose is not None or any(standing.sets)
                else {}
            ),
            **(
                {
                    "consecutive_sets": side_data(
                        standing.consecutive_sets, report.record.rules.sides
                    )
                }
                if report.record.rules.consecutive_sets_to_lose is not None
                or any(standing.consecutive_sets)
                else {}
            ),
        },
        "result": None if report.result is None else report.result.to_data(),
        **({"table_verdict": _table_verdict_data(report)} if table_verdict(report.record) else {}),
        "in_progress": report.in_progress,
        "complete": report.complete,
        "resumed": [resumed.to_data(report.record.rules) for resumed in report.resumed],
    }
