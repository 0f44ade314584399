"""The walk of a game record through the engine, hand by hand: what
:func:`~spades.records.verify` and :func:`~spades.records.replay` follow.

Every rule is the engine's: the deal, each bid, the exchange and each card are checked by
:func:`~spades.legality.check`, a hand recorded by its counts is applied as a
:class:`~spades.actions.Counts`, and who takes a trick the engine cannot follow is the kernel's
(``tricks_taken``). What a live game never does, the engine's referee moves do
(:func:`~spades.engine.play_anyway`, :func:`~spades.engine.close_hand` and the others): a card
played against the rules, a hand closed from its counts, a hand scored again with its reneges, a
hand thrown in or passed over, a start the rules could not reach. A table of three (the rule
option ``players`` 3) is walked the same way: three hands of 17 cards (18 with the jokers deck),
tricks of three cards, and each player's score. Two players' draw (``deal_method``
draw_keep_discard), recorded card by card, is replayed as the engine's
:class:`~spades.actions.Draw`, :class:`~spades.actions.Keep` and
:class:`~spades.actions.Discard`; a hand that gives only the two hands kept is a
:class:`~spades.actions.Deal`.

The walk goes through a hand phase by phase (the deal, the bids, the exchange, the plays, the trick
counts, the score); after each, the hand's :class:`~spades.records.Follow` status says whether
the engine still follows it card by card, lost it but can still score it from the counts, or
must stop.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence

import attrs

from .._kernel.deal import redeal_for_total
from ..actions import Counts, Exchange, Play, Redeal, counts_problem
from ..bids import bid_pairs, redeal_grounds, redeal_violation
from ..cards import CARDS, Card
from ..engine import apply, close_hand, count_anyway, pass_over, play_anyway, rescore_hand, throw_in
from ..errors import Reason
from ..legality import check, exchange_size
from ..phase import Phase
from ..rules import RenegePenalty
from ..score import HandScore
from ..seats import Seat
from ..state import GameState
from .plays import (
    count_tricks,
    counts_text,
    out_of_turn,
    played_twice,
    reneges_of,
    short_trick,
    where_card_is,
)
from .report import HandReport, RecordReason
from .throwins import thrown_in_by_table, thrown_in_for_total
from .walk_bidding import BiddingWalk, Follow

__all__ = ["HandWalk"]


#: A play of each card, naming no seat (as a record's plays do), made once.
_PLAYS = tuple(Play(card) for card in CARDS)


@attrs.define
class HandWalk(BiddingWalk):
    """One hand of a record, walked phase by phase through the engine: :meth:`run` walks it,
    ``report`` receives each problem found, and ``outcome`` is the hand as verified (the
    deal and the bidding are :class:`~spades.records.walk_bidding.BiddingWalk`'s)."""

    def exchange(self) -> Iterator[GameState]:
        """The nil and blind nil exchanges, checked through the engine."""
        rules = self.table.rules
        here = f"{self.here}, exchange"
        given = dict(self.record.exchange)
        if self.status is not Follow.FOLLOWING:
            return
        if self.cur.phase is not Phase.EXCHANGE:
            why = (
                f"hand {self.number} is played without bids (first_hand_trick_points)"
                if self.unbid
                else "these rules have no card exchange"
                if not (rules.blind_nil_exchange or rules.nil_exchange)
                else "only a nil bidder and a partner who bid a number exchange cards"
                if rules.nil_exchange
                else "only a blind nil bidder and a partner who bid a number exchange cards"
            )
            for seat, passed in given.items():
                message = f"{seat.full_name} may not pass cards: {why}."
                where = f"{here}, {seat} passes {passed.cards_text()}"
                self.problem(where, RecordReason.UNEXPECTED_EXCHANGE, message)
            return
        may_wait = self.is_last and not self.record.holds_after("exchange")
        while self.cur.phase is Phase.EXCHANGE:
            giver = self.cur.to_act
            assert giver is not None
            cards = given.pop(giver, None)
            if cards is None:
                if may_wait:
                    self.status = Follow.IN_PROGRESS
                    return
                message = (
                    f"{giver.full_name} must pass {exchange_size(self.cur)} cards to "
                    f"{Seat(self.table.partner[giver]).full_name}, but no cards are recorded."
                )
                self.problem(here, RecordReason.MISSING_EXCHANGE, message)
                self.status = Follow.LOST
                return
            violation = check(self.cur, Exchange(cards))
            if violation is not None:
                where = f"{here}, {giver} passes {cards.cards_text() or 'nothing'}"
                self.problem(where, violation.reason, violation.message)
                self.status = Follow.LOST
                return
            yield self.apply(Exchange(cards))
        for seat, passed in given.items():
            message = f"{seat.full_name} has no cards to pass: the exchange is already complete."
            where = f"{here}, {seat} passes {passed.cards_text()}"
            self.problem(where, RecordReason.UNEXPECTED_EXCHANGE, message)

    def plays(self) -> Iterator[GameState]:
        """The plays, as far as they can be followed, and the tricks each seat took in them."""
        plays = self.record.plays
        short = short_trick(plays, self.seats)
        if short is not None:
            self.problem(
                f"{self.here}, trick {short}",
                RecordReason.INCOMPLETE_TRICK,
                f"trick {short} has {len(plays[short - 1])} cards, but later tricks are "
                "recorded; the plays are followed no further.",
            )
            plays = plays[:short]
        if self.status is Follow.FOLLOWING and self.cur.phase is Phase.PLAY:
            yield from self.play_cards(plays)
            self.counted = self.cur.trick_counts
            self.complete = len(self.cur.played_tricks)
        else:
            # Plays the engine cannot follow (no usable deal): at least no card twice.
            self.followed = len(plays)
            for t, card, first in played_twice(plays):
                self.problem(
                    f"{self.here}, trick {t}, {card}",
                    RecordReason.CARD_PLAYED_TWICE,
                    f"{card} is played in trick {first} and again in trick {t}.",
                )
            record = self.record
            self.counted, self.complete = count_tricks(
                self.table, self.dealer, self.held, record.exchange, plays
            )
        if short is not None:
            self.followed = min(self.followed, short - 1)

    def renege_counts(self) -> tuple[int, ...]:
        """The reneges of each side (NS, EW; or N, E, S, W when every player plays alone): those
        the plays show, when the rules penalise them, and those the record tells of for a hand
        recorded by its counts."""
        counts = list(self.record.reneges)
        side_of = self.table.side_of
        for renege in self.reneges:
            counts[side_of[renege.seat]] += not renege.early_lead  # (the engine counts those)
        return tuple(counts)

    def penalised(self, state: GameState) -> GameState:
        """``state``, the walk's new state; when it closes the hand after reneges the rules
        penalise, the same state with the hand scored again counting them."""
        if (
            any(not renege.early_lead for renege in self.reneges)
            and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
            and state.hand_number == self.number
        ):
            state = rescore_hand(state, self.renege_counts())
        self.cur = state
        return state

    def play_cards(self, plays: Sequence[Sequence[Card]]) -> Iterator[GameState]:
        """Every card through the engine. A card its player holds but may not play is reported
        and played anyway, so that the rest of the hand is still checked; a card the player does
        not hold ends the checking: played out of turn when another seat holds it (the engine's
        :attr:`~spades.errors.Reason.WRONG_TURN`, naming who played it and whose turn it was),
        not held when no seat does (played before, or not in the deck). A renege (a card that
        breaks follow-suit, the engine's :attr:`~spades.errors.Reason.REVOKE`) is no problem
        when the rules penalise it (``renege_penalty``): it is kept in the hand's report and the
        hand scored with the penalty."""
        penalise = self.table.rules.renege_penalty is not RenegePenalty.NONE
        self.followed = len(plays)
        for t, trick in enumerate(plays, 1):
            for card in trick:
                cur = self.cur
                seat = cur.to_act
                if cur.phase is not Phase.PLAY or seat is None:  # pragma: no cover
                    self.followed = t - 1  # a hand's tricks, each of a card a seat, fill it
                    return
                play = _PLAYS[card.index]
                # A card of the engine's legal mask breaks no rule: no violation to look for.
                violation = None if cur.legal_mask >> card.index & 1 else check(cur, play)
                if violation is None:
                    self.reneges += [] if cur.trick_cards else reneges_of(self.table, cur, t, card)
                    yield self.penalised(apply(cur, play))
                    continue
                held = bool(cur.holding_masks[seat] >> card.index & 1)
                if penalise and violation.reason is Reason.REVOKE:
                    self.reneges += reneges_of(self.table, cur, t, card)
                elif not held and (turn := out_of_turn(cur, card)) is not None:
                    holder, message = turn
                    where = f"{self.here}, trick {t}, {holder} plays {card}"
                    self.problem(where, Reason.WRONG_TURN, message)
                else:
                    context = "" if held else where_card_is(cur, card)
                    message = (
                        violation.message[:-1] + context + "." if context else violation.message
                    )
                    where = f"{self.here}, trick {t}, {seat} plays {card}"
                    self.problem(where, violation.reason, message)
                if not held:
                    self.followed = t - 1
                    self.status = Follow.LOST
                    return
                yield self.penalised(play_anyway(cur, play))

    def tricks(self) -> tuple[int, ...] | None:
        """The tricks each seat took: from the plays when all the hand's tricks (13; 17 or 18 at
        a table of three) are followed, else the counts."""
        hand = self.record
        every = self.table.tricks
        if self.complete == every:
            if hand.tricks is not None and hand.tricks != self.counted:
                self.problem(
                    f"{self.here}, trick counts",
                    RecordReason.TRICKS_MISMATCH,
                    f"the counts {counts_text(hand.tricks)} do not match the plays, which give "
                    f"{counts_text(self.counted)}.",
                )
            return self.counted
        if hand.tricks is not None:
            tricks = hand.tricks
            if any(counted > told for counted, told in zip(self.counted, tricks)):
                self.problem(
                    f"{self.here}, trick counts",
                    RecordReason.TRICKS_MISMATCH,
                    f"the counts {counts_text(tricks)} are fewer than the tricks already won "
                    f"in the plays recorded ({counts_text(self.counted)}).",
                )
            problem = counts_problem(tricks, self.table.rules)
            if problem is not None:
                self.problem(
                    f"{self.here}, trick counts",
                    RecordReason.BAD_TRICKS,
                    f"{problem[:-1]}, so the hand cannot be scored{self.later()}",
                )
                self.status = Follow.UNSCORED
                return None
            return tricks
        lost = self.followed < len(hand.plays)
        if self.is_last and not lost and not hand.holds_after("plays"):
            self.status = Follow.IN_PROGRESS
            return None
        if lost:
            played = f"the plays cannot be followed past trick {self.followed}"
        elif hand.plays:
            played = f"only {self.complete} of {every} tricks are recorded"
        else:
            played = "no plays are recorded"
        self.problem(
            self.here,
            RecordReason.INCOMPLETE_HAND,
            f"{played} and no trick counts, so the hand cannot be scored{self.later()}",
        )
        self.status = Follow.UNSCORED
        return None

    def score(self, tricks: tuple[int, ...]) -> Iterator[GameState]:
        """The engine's score, whether it played the hand to its end, applies it from its counts,
        or closes it where it stopped following it; and the written scores against it."""
        hand = self.record
        # Every seat has bid here (or the hand is played without bids: None).
        bids = None if self.unbid else tuple(bid for bid in hand.bids if bid is not None)
        cur = self.cur
        counts = Counts(bids, tricks)
        if cur.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and cur.hand_number == self.number:
            after = cur
        elif cur.needs_deal and self.illegal_bids:
            after = count_anyway(cur, counts)  # scored all the same, to check what was written
        elif cur.needs_deal:
            after = apply(cur, counts)
        else:
            after = close_hand(cur, bids, tricks)
        if after is not cur and any(self.renege_counts()):
            after = rescore_hand(after, self.renege_counts())
        score = after.history[-1].score
        for mismatch in self.written.compare(
            self.number,
            bids,
            tricks,
            score,
            hand.written,
            self.before.standing,
            reneges=self.renege_counts(),
        ):
            self.problem(
                f"{self.here}, {mismatch.team} score",
                RecordReason.SCORE_MISMATCH,
                mismatch.message,
                **mismatch.details(score),
            )
        self.finish(tricks, score, True)
        self.scored = after
        self.cur = after
        if after is not cur:
            yield after

    # -- the hand as a whole ----------------------------------------------------------------------

    def thrown_in(self, caller: Seat) -> Generator[GameState, None, tuple[GameState, bool]]:
        """Walk a hand thrown in by ``caller``'s call for a redeal: the deal, the bids before the
        call, and the call, checked as the engine checks it (the hand qualifies, the caller's
        turn). An illegal call is reported; the hand is dealt again all the same."""
        yield from self.deal()
        yield from self.bury()
        yield from self.bids_made()
        rules = self.table.rules
        deal = self.held
        bids = self.record.bids
        order = self.bidding_order()
        call = Redeal(seat=caller)
        where = f"{self.here}, bidding, {caller} calls for a redeal"
        grounds = None if deal is None else redeal_grounds(rules, deal[caller])
        turn = next(seat for seat in order if bids[seat] is None)
        if self.status is Follow.FOLLOWING:
            violation = check(self.cur, call)
        elif turn is not caller:
            violation = None
            message = f"It is {turn.full_name}'s turn, not {caller.full_name}'s."
            self.problem(where, Reason.WRONG_TURN, message)
        else:
            violation = None if deal is None else redeal_violation(rules, caller, deal[caller].mask)
        if violation is not None:
            self.problem(where, violation.reason, violation.message)
        if self.status is Follow.FOLLOWING and violation is None:
            after = self.apply(call)
        else:
            after = throw_in(self.cur, call, dealer=self.dealer, number=self.number)
        yield after
        self.finish(None, None, True, redeal=caller, grounds=grounds or "")
        return after, self.scoring

    def run(self) -> Generator[GameState, None, tuple[GameState, bool]]:
        """Walk the hand; return the state after it and whether later hands can be scored."""
        if self.record.redeal is not None:
            return (yield from self.thrown_in(self.record.redeal))
        yield from self.deal()
        yield from self.bury()
        if self.in_progress():  # the last hand stops before the dealer's discard
            self.finish(None, None, False)
            return self.cur, self.scoring
        yield from self.bids()
        total = None if self.unbid else redeal_for_total(self.table, bid_pairs(self.record.bids))
        if total is not None:
            return thrown_in_for_total(self, total)
        if self.record.thrown_in:
            return thrown_in_by_table(self)
        yield from self.exchange()
        if self.status is Follow.IN_PROGRESS:
            self.finish(None, None, False)
            return self.cur, self.scoring
        if self.status is not Follow.UNSCORED:
            yield from self.plays()
            tricks = self.tricks()
            if self.in_progress():
                self.finish(None, None, False)
                return self.cur, self.scoring
            if tricks is not None and self.scoring:
                yield from self.score(tricks)
                return self.cur, True
        else:
            tricks = None
        self.finish(self.record.tricks if tricks is None else tricks, None, True)
        return pass_over(self.before, dealer=self.dealer, number=self.number), False

    def in_progress(self) -> bool:
        return self.status is Follow.IN_PROGRESS

    def finish(
        self,
        tricks: tuple[int, ...] | None,
        score: HandScore | None,
        done: bool,
        *,
        redeal: Seat | None = None,
        grounds: str = "",
        total: int | None = None,
        by_table: bool = False,
    ) -> None:
        """The hand as verified: its tricks and score (None when not known), whether it is
        finished, and for a hand thrown in, who called for the redeal and on what grounds."""
        self.outcome = HandReport(
            number=self.number,
            dealer=self.dealer,
            bids=self.record.bids,
            tricks=tricks,
            score=score,
            written=self.record.written,
            finished=done,
            problems=tuple(self.problems),
            redeal=redeal,
            redeal_grounds=grounds,
            redeal_total=total,
            thrown_in_by_table=by_table,
            reneges=tuple(self.reneges),
            told_reneges=self.record.reneges,
        )
