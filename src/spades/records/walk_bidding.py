"""The first phases of a hand's walk through the engine: the deal, or two players' draw card by
card, and the bidding; and what the walk holds of a hand (:class:`BiddingWalk`, which
:class:`~spades.records.walk.HandWalk` walks on from).

After each phase, the hand's :class:`Follow` status says whether the engine still follows it
action by action, lost it but can still score it from the counts, or must stop.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from .._kernel.bidding import unbid_hand
from .._kernel.deal import DRAWN_CARDS, discarder, drawer, spare_cards
from .._kernel.table import Table
from .._text import and_text
from ..actions import Action, Bid, Bury, Deal, Draw
from ..bids import bid_violations
from ..engine import apply
from ..errors import Reason
from ..hands import Hand
from ..legality import check
from ..phase import Phase
from ..seats import Seat
from ..state import GameState
from ..violation import deal_problems
from .bidding_order import bidding_disagreements, out_of_turn
from .format import HandRecord
from .reneges import Renege
from .report import HandReport, Problem, RecordReason
from .written import WrittenScores, written_after

__all__ = ["BiddingWalk", "Follow"]


# -- the walk -------------------------------------------------------------------------------------


class Follow(enum.Enum):
    """How far the walk follows a hand after each of its phases."""

    #: The engine follows the hand action by action.
    FOLLOWING = "following"
    #: The engine cannot follow the hand further (a bad deal, an illegal bid, an exchange or a
    #: card that cannot be played); the tricks can still be counted and the hand scored.
    LOST = "lost"
    #: The record stops in this hand, the last one, before its end: it is in progress.
    IN_PROGRESS = "in_progress"
    #: The hand cannot be scored (a bid or the trick counts are missing or impossible).
    UNSCORED = "unscored"


@attrs.define
class BiddingWalk:
    """One hand of a record, walked through the engine up to the end of its bidding: what it
    holds of the hand and of the walk, and the first phases, the deal (or two players' draw) and
    the bids. :class:`~spades.records.walk.HandWalk` walks the rest."""

    record: HandRecord
    #: The rules compiled (the kernel's table of them).
    table: Table
    report: Callable[[Problem], None]
    #: The written scores of the game so far, which this hand's are compared after.
    written: WrittenScores
    #: The state before the hand, and the state the engine has reached in it.
    before: GameState
    cur: GameState
    number: int
    dealer: Seat
    is_last: bool
    #: Whether the hands before this one could all be scored.
    scoring: bool
    status: Follow = Follow.FOLLOWING
    problems: list[Problem] = attrs.field(factory=list)
    illegal_bids: bool = False
    #: The tricks each seat took as far as the plays were followed, and how many are complete.
    counted: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda walk: (0,) * walk.table.players, takes_self=True)
    )
    complete: int = 0
    #: How many recorded tricks the walk could follow.
    followed: int = 0
    #: The reneges the rules penalise (``renege_penalty``), in the order played.
    reneges: list[Renege] = attrs.field(factory=list)
    #: For two players' draw recorded card by card, the hands drawn once it is followed.
    drawn: Deal | None = None
    #: The hand as verified, once walked.
    outcome: HandReport | None = None
    #: The state after the hand was scored; None for a hand not scored.
    scored: GameState | None = None
    #: For a hand that gives its ``bids`` and its ``bidding`` and they disagree, its ``bids``
    #: as given (:attr:`record` then has the bidding's, which the walk follows); else None.
    told_bids: tuple[Bid | None, ...] | None = None

    @property
    def seats(self) -> int:
        """How many seats play: :attr:`~spades.rules.RuleSet.players`."""
        return self.table.players

    @property
    def here(self) -> str:
        return f"hand {self.number}"

    def problem(
        self, where: str, reason: Reason | RecordReason, message: str, **extra: Any
    ) -> None:
        problem = Problem(where=where, reason=reason, message=message, hand=self.number, **extra)
        self.problems.append(problem)
        self.report(problem)

    def apply(self, action: Action) -> GameState:
        self.cur = apply(self.cur, action)
        return self.cur

    def later(self) -> str:
        """How a sentence about a hand that cannot be scored ends: what becomes of later hands."""
        if self.is_last:
            return "."
        before = self.before.standing if self.scoring else None
        if written_after(self.table.rules, self.record.written, before) is not None:
            return "; later hands are checked from the scores written after it."
        return "; later hands are not scored either." if self.scoring else "."

    # -- the phases ------------------------------------------------------------------------------

    @property
    def dealt(self) -> Deal | None:
        """The hand's cards as dealt: the record's deal or, for a draw recorded card by card,
        the hands drawn once the walk has followed the whole draw; None when not known."""
        if self.record.draw:
            return self.drawn
        return self.record.deal

    @property
    def held(self) -> Deal | None:
        """The cards each seat bid and played with, when known: the hands :attr:`dealt`, with
        the two spare cards in the discarder's hand and the two discarded out (``spare_cards``;
        all 15 when the discard is not known)."""
        dealt = self.dealt
        if dealt is None or not self.table.buried:
            return dealt
        hands = list(dealt.hands)
        buried = self.record.buried
        seat = discarder(self.table, self.dealer, dealt.masks)
        held = hands[seat].mask | spare_cards(self.table, dealt.masks)
        hands[seat] = Hand.from_mask(held & ~(0 if buried is None else buried.mask))
        return Deal(tuple(hands))

    def deal(self) -> Iterator[GameState]:
        if self.record.draw:
            yield from self.draw()
            return
        deal = self.record.deal
        if deal is None:
            self.status = Follow.LOST  # a hand told by its counts: nothing to follow
            return
        # The engine's check first: at two players a deal is the hands drawn, not the deck.
        legal = check(self.cur, deal) is None
        problems = [] if legal else deal_problems(deal, self.table.rules)
        for text in problems:
            self.problem(f"{self.here}, deal", Reason.BAD_DEAL, text)
        if problems:
            self.status = Follow.LOST
        else:
            yield self.apply(deal)

    def draw(self) -> Iterator[GameState]:
        """Two players' draw, card by card, through the engine: each card drawn is checked as
        :func:`~spades.legality.check` checks a :class:`~spades.actions.Draw` (a card drawn twice,
        or not in the deck, is reported with its sentence and the draw followed no further). A
        draw that stops short is the last hand's draw in progress when nothing follows it, and is
        reported otherwise; the hand can then still be scored from its trick counts."""
        here = f"{self.here}, draw"
        drawn = 0
        for step, action in enumerate(self.record.draw):
            if isinstance(action, Draw):
                violation = check(self.cur, action)
                if violation is not None:
                    seat = Seat(drawer(self.table, self.dealer, drawn))
                    where = f"{here}, turn {step // 3 + 1}, {seat} draws {action.card}"
                    self.problem(where, violation.reason, violation.message)
                    self.lose_draw()
                    return
                drawn += 1
            yield self.apply(action)
        if self.cur.phase is not Phase.DRAW:
            self.drawn = self.cur.deal
            return
        if self.is_last and not self.record.holds_after("draw"):
            return  # the draw is in progress; the bidding finds no bid and says so
        self.problem(
            here,
            RecordReason.INCOMPLETE_DRAW,
            f"the draw stops after {drawn} of {DRAWN_CARDS} cards, before each player "
            f"holds {self.table.tricks}, so the hands are not known.",
        )
        self.lose_draw()

    def lose_draw(self) -> None:
        """A draw the walk cannot follow: the hand goes on from the state before it, not
        followed."""
        self.cur = self.before
        self.status = Follow.LOST

    def bury(self) -> Iterator[GameState]:
        """The discard of two of the 15 cards held (``spare_cards``: by the dealer, or the holder
        of the two of clubs), checked through the engine: two cards the seat holds. A discard
        where the rules have none, a missing one in a hand that goes on, or a bad one is
        reported; the hand is then followed no further, but may be scored from its counts."""
        buried = self.record.buried
        here = f"{self.here}, discard"
        if not self.table.buried:
            if buried is not None:
                message = (
                    f"{self.dealer.full_name} may not discard {buried.cards_text()}: under these "
                    "rules the dealer takes no spare cards (spare_cards removed_twos)."
                )
                self.problem(here, RecordReason.UNEXPECTED_DISCARD, message)
            return
        if self.status is not Follow.FOLLOWING or self.cur.phase is not Phase.BURY:
            return
        seat = self.cur.to_act
        assert seat is not None
        if buried is None:
            if self.is_last and not self.record.holds_after("draw"):
                self.status = Follow.IN_PROGRESS
                return
            who = ", the dealer," if seat is self.dealer else ""
            message = (
                f"{seat.full_name}{who} must discard two of the 15 cards they hold, but no "
                "discard is recorded."
            )
            self.problem(here, RecordReason.MISSING_DISCARD, message)
            self.status = Follow.LOST
            return
        violation = check(self.cur, Bury(buried))
        if violation is not None:
            where = f"{here}, {seat} discards {buried.cards_text() or 'nothing'}"
            self.problem(where, violation.reason, violation.message)
            self.status = Follow.LOST
            return
        yield self.apply(Bury(buried))

    def bidding_order(self) -> list[Seat]:
        """The seats in the order they bid this hand."""
        return [Seat(i) for i in self.table.bidding_orders[self.dealer]]

    @property
    def unbid(self) -> bool:
        """Whether the hand is played without bids (``first_hand_trick_points``)."""
        return unbid_hand(self.table, self.number)

    def bids_in_unbid_hand(self) -> None:
        """Each bid recorded for a hand played without bids, reported; the hand is followed and
        scored without them."""
        for seat in self.bidding_order():
            bid = self.record.bids[seat]
            if bid is not None:
                self.problem(
                    f"{self.here}, bidding, {seat} bids {bid}",
                    Reason.UNBID_HAND,
                    f"Hand {self.number} is played without bids (first_hand_trick_points), but "
                    f"a bid of {bid} is recorded for {seat.full_name}; the hand is scored "
                    "without it.",
                )

    def bids_made(self) -> Iterator[GameState]:
        """The bids recorded, in bidding order up to the first seat that has not bid; every
        illegal one is reported, even after the first, and the engine follows them no further.
        In a hand played without bids, every bid recorded is reported."""
        if self.unbid:
            self.bids_in_unbid_hand()
            return
        self.bidding()
        bids = self.record.bids
        violations = bid_violations(self.before, bids, deal=self.held)
        illegal = {violation.seat: violation for violation in violations}
        self.illegal_bids = bool(illegal)
        for seat in self.bidding_order():
            bid = bids[seat]
            if bid is None:
                break
            violation = illegal.get(seat)
            if violation is not None:
                where = f"{self.here}, bidding, {seat} bids {bid}"
                self.problem(where, violation.reason, violation.message)
                self.status = Follow.LOST
            elif self.status is Follow.FOLLOWING:
                yield self.apply(Bid(bid.tricks, blind=bid.blind))

    def bidding(self) -> None:
        """The bidding in the order made, when the record gives it: each bid out of turn
        (the rules' order, :attr:`~spades._kernel.table.Table.bidding_orders`) reported, and
        each seat whose ``bids`` disagree with it. The hand is checked with each bid in its
        turn."""
        bidding = self.record.bidding
        if not bidding:
            return
        table = self.table
        order = self.bidding_order()
        for bid, message in out_of_turn(bidding, order, self.dealer, table.rules.dealer_bids_first):
            where = f"{self.here}, bidding, {bid.seat} bids {bid.for_seat(None)}"
            self.problem(where, Reason.WRONG_TURN, message)
        if self.told_bids is None:
            return
        for seat, given, made in bidding_disagreements(bidding, self.told_bids):
            said = "no bid" if given is None else f"{given}"
            did = "has no bid by them" if made is None else f"has {made}"
            self.problem(
                f"{self.here}, bids",
                RecordReason.BIDDING_MISMATCH,
                f"the bids give {said} for {seat.full_name}, but the bidding {did}; the hand "
                "is checked with the bidding.",
            )

    def bids(self) -> Iterator[GameState]:
        """Each bid in bidding order; every illegal one is reported, even after the first."""
        yield from self.bids_made()
        if self.unbid:
            return
        bids = self.record.bids
        order = self.bidding_order()
        missing = [seat for seat in order if bids[seat] is None]
        if not missing or self.record.thrown_in:
            return  # (a hand the table threw in may have been thrown in before its bids)
        later_bids = any(bids[seat] is not None for seat in order[order.index(missing[0]) :])
        if self.is_last and not later_bids and not self.record.holds_after("bidding"):
            self.status = Follow.IN_PROGRESS
            return
        names = and_text([seat.full_name for seat in missing])
        self.problem(
            f"{self.here}, bidding",
            RecordReason.MISSING_BID,
            f"No bid is recorded for {names}, so the hand cannot be scored{self.later()}",
        )
        self.status = Follow.UNSCORED
