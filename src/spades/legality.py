"""Legality: which actions the rules allow, and why any other is refused.

Each rule is decided once, in ``spades._kernel``, on int masks; this module turns a refusal
into a :class:`Violation` with a reason and a sentence. :func:`legal_actions` lists what the
state's legal mask allows, :func:`check` explains a refusal, and :func:`~spades.engine.apply`
takes the same mask on its fast path, so the three never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import attrs

from . import _kernel
from ._text import quote
from .actions import (
    Action,
    Bid,
    Counts,
    Deal,
    Exchange,
    Play,
    bid_range_problem,
    counts_problem,
)
from .cards import DECK, Hand, Suit
from .errors import IllegalActionError, Reason
from .rules import FirstLead, RuleSet, SpadesBreaking
from .seats import SEATS, Seat
from .state import GameState, Phase

__all__ = [
    "SEATED_PLAYS",
    "Violation",
    "bid_violation",
    "bid_violations",
    "check",
    "deal_problems",
    "is_legal",
    "legal_actions",
    "not_a_state",
    "phase_text",
    "seated",
]


@attrs.frozen(kw_only=True, repr=False)
class Violation:
    """Why an action is illegal: what :func:`~spades.legality.check` returns and an error carries.

    ``str(violation)`` is its sentence.
    """

    #: The rule broken, for a program to branch on.
    reason: Reason
    #: The seat that tried to act, when known.
    seat: Seat | None
    #: The action refused.
    action: object
    #: The rule option responsible, when the action would be legal under another setting.
    option: str | None
    #: The sentence that says what is wrong.
    message: str

    def error(self) -> IllegalActionError:
        """The :class:`~spades.errors.IllegalActionError` that :func:`~spades.engine.apply`
        raises for this violation."""
        return IllegalActionError(
            self.message, reason=self.reason, seat=self.seat, action=self.action, option=self.option
        )

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        seat = "" if self.seat is None else f" {self.seat}"
        return f"<Violation {self.reason.name}{seat}: {quote(self.message)}>"


# -- what may be done ------------------------------------------------------------------------------


# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_GAME_OVER = Phase.GAME_OVER


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the seat to act may take, each naming that seat.

    Empty when the next action is a deal (a chance action: build one with
    :meth:`Deal.random <spades.actions.Deal.random>`) or the game is over.
    """
    try:
        mask = state.legal_mask
    except AttributeError:
        raise not_a_state(state) from None
    if mask:  # in play: the state already holds the cards the seat to act may play
        seat = state.to_act
        plays = _LEGAL_PLAYS[seat].get(mask)  # type: ignore[index]
        return _plays_of(seat, mask) if plays is None else plays  # type: ignore[arg-type]
    phase = state.phase
    if phase is _BIDDING:
        seat = state.to_act
        assert seat is not None
        rules = state.rules
        if rules.blind_nil and _blind_nil_violation(rules, state.scores, seat) is None:
            return _BIDS_AND_BLIND_NIL[seat]
        return _BIDS[seat]
    if phase is _EXCHANGE:
        seat = state.to_act
        assert seat is not None
        bits = [1 << i for i in _kernel.bit_indices(state.holding_masks[seat])]
        return tuple(
            Exchange(Hand.from_mask(sum(cards)), seat=seat)
            for cards in combinations(bits, state.rules.blind_nil_exchange)
        )
    return ()


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` may be taken now: :func:`~spades.legality.check` found nothing wrong with
    it."""
    return check(state, action) is None


def check(state: GameState, action: Action) -> Violation | None:
    """The rule ``action`` breaks in ``state``, or None when it is legal.

    Anything that is not an action at all (a :class:`~spades.actions.Deal`,
    :class:`~spades.actions.Bid`, :class:`~spades.actions.Exchange`,
    :class:`~spades.actions.Play` or :class:`~spades.actions.Counts`) is a :class:`TypeError`.
    """
    if not isinstance(state, GameState):
        raise not_a_state(state)
    if not isinstance(action, (Deal, Bid, Exchange, Play, Counts)):
        raise TypeError(
            f"{quote(action)} is not an action; use Deal, Bid, Exchange, Play or Counts."
        )
    if state.phase is _GAME_OVER:
        return Violation(
            reason=Reason.GAME_OVER,
            seat=getattr(action, "seat", None),
            action=action,
            option=None,
            message=f"The game is over: {state.result}",
        )
    if isinstance(action, Deal):
        return _check_deal(state, action)
    if isinstance(action, Counts):
        return _check_counts(state, action)
    if isinstance(action, Play):
        expected = _PLAY
    elif isinstance(action, Bid):
        expected = _BIDDING
    else:
        expected = _EXCHANGE
    if state.phase is not expected:
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=action.seat,
            action=action,
            option=None,
            message=f"{_describe(action)} is not possible now: {phase_text(state.phase)}.",
        )
    seat = state.to_act
    assert seat is not None
    if action.seat is not None and action.seat is not seat:
        return Violation(
            reason=Reason.WRONG_TURN,
            seat=action.seat,
            action=action,
            option=None,
            message=f"It is {seat.full_name}'s turn, not {action.seat.full_name}'s.",
        )
    if isinstance(action, Bid):
        return bid_violation(state.rules, state.scores, seat, action)
    if isinstance(action, Exchange):
        return _check_exchange(state, seat, action)
    return _check_play(state, seat, action)


def not_a_state(value: object) -> TypeError:
    """The error for something given where a game state belongs."""
    return TypeError(f"{quote(value)} is not a GameState; start a game with new_game().")


def _describe(action: Bid | Exchange | Play) -> str:
    if isinstance(action, Bid):
        return f"A bid of {action}"
    if isinstance(action, Exchange):
        return "An exchange of cards"
    return f"Playing {action.card}"


def phase_text(phase: Phase) -> str:
    """Where a game stands, as the end of a sentence: ``the bidding is in progress``."""
    return _PHASE_TEXT[phase]


_PHASE_TEXT = {
    Phase.DEAL: "the cards have not been dealt",
    Phase.BIDDING: "the bidding is in progress",
    Phase.EXCHANGE: "the blind nil exchange is in progress",
    Phase.PLAY: "the cards are being played",
    Phase.HAND_OVER: "the hand is over and the next one has not been dealt",
    Phase.GAME_OVER: "the game is over",
}


# -- the deal and counted hands --------------------------------------------------------------------


def _check_deal(state: GameState, deal: Deal) -> Violation | None:
    if not state.needs_deal:
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=None,
            action=deal,
            option=None,
            message=f"A deal is not possible now: {phase_text(state.phase)}.",
        )
    if _kernel.is_real_deal([hand.mask for hand in deal.hands]):
        return None
    message = " ".join(deal_problems(deal))
    return Violation(reason=Reason.BAD_DEAL, seat=None, action=deal, option=None, message=message)


def deal_problems(deal: Deal) -> list[str]:
    """Every way ``deal`` is not a deal: wrong counts, cards dealt twice, cards missing."""
    problems = []
    seen: dict[int, Seat] = {}
    for seat, hand in zip(SEATS, deal.hands):
        if len(hand) != _kernel.TRICKS_PER_HAND:
            problems.append(f"{seat.full_name} has {len(hand)} cards, not 13.")
        for card in hand:
            if card.index in seen:
                problems.append(
                    f"{card} is dealt to both {seen[card.index].full_name} and {seat.full_name}."
                )
            else:
                seen[card.index] = seat
    missing = [str(DECK[i]) for i in range(52) if i not in seen]
    if missing:
        problems.append(
            f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not dealt to anyone."
        )
    return problems


def _check_counts(state: GameState, counts: Counts) -> Violation | None:
    if not state.needs_deal:
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=None,
            action=counts,
            option=None,
            message=f"A hand cannot be scored from counts now: {phase_text(state.phase)}.",
        )
    violations = bid_violations(state, counts.bids)
    if violations:
        return violations[0]
    problem = counts_problem(counts.tricks)
    if problem is not None:
        return Violation(
            reason=Reason.BAD_TRICKS, seat=None, action=counts, option=None, message=problem
        )
    return None


# -- bids ------------------------------------------------------------------------------------------


def bid_violation(rules: RuleSet, scores: Sequence[int], seat: Seat, bid: Bid) -> Violation | None:
    """The rule ``seat`` breaks by bidding ``bid`` with the teams at ``scores``, or None.

    The bid range, and blind nil: allowed by the rules, and only for a team far enough behind.
    """
    if bid.blind:
        return _blind_nil_violation(rules, scores, seat, bid)
    problem = bid_range_problem(rules, seat, bid)
    if problem is not None:
        return Violation(
            reason=Reason.BID_OUT_OF_RANGE, seat=seat, action=bid, option=None, message=problem
        )
    return None


def _blind_nil_violation(
    rules: RuleSet, scores: Sequence[int], seat: Seat, action: Any = None
) -> Violation | None:
    action = _BLIND_NILS[seat] if action is None else action
    if not rules.blind_nil:
        return Violation(
            reason=Reason.BLIND_NIL_NOT_ALLOWED,
            seat=seat,
            action=action,
            option="blind_nil",
            message=f"{seat.full_name} may not bid blind nil: these rules do not allow it.",
        )
    deficit = rules.blind_nil_min_deficit
    if deficit is not None:
        team = seat.team
        behind = scores[team.other] - scores[team]
        if behind < deficit:
            return Violation(
                reason=Reason.BLIND_NIL_NOT_ELIGIBLE,
                seat=seat,
                action=action,
                option="blind_nil_min_deficit",
                message=(
                    f"{seat.full_name} may not bid blind nil: {team} must be at least {deficit} "
                    f"points behind and is {_behind_text(behind)}."
                ),
            )
    return None


def _behind_text(behind: int) -> str:
    if behind > 0:
        return f"{behind} behind"
    if behind < 0:
        return f"{-behind} ahead"
    return "level"


def bid_violations(state: GameState, bids: Sequence[Bid | None]) -> list[Violation]:
    """Every rule the bids of a hand break, in bidding order, up to the first bid not made.

    ``state`` is the state before the hand or during its bidding; ``bids`` are in seat order
    N, E, S, W. Whether a bid is legal depends only on the rules and the scores, so each is checked
    as :func:`check` checks it in turn, even after an illegal one:
    :func:`~spades.engine.apply_counts` refuses the first, the record verifier reports them all.
    """
    dealer = state.next_dealer if state.needs_deal else state.dealer
    violations = []
    for index in _kernel.bidding_order(state.rules, dealer):
        bid = bids[index]
        if bid is None:
            break
        seat = SEATS[index]
        violation = bid_violation(state.rules, state.scores, seat, seated(bid, seat))
        if violation is not None:
            violations.append(violation)
    return violations


def seated(bid: Bid, seat: Seat) -> Bid:
    """``bid`` naming ``seat``: the interned copy where there is one."""
    if bid.seat is seat:
        return bid
    if bid.blind:
        return _BLIND_NILS[seat]
    if 0 <= bid.tricks <= 13 and type(bid) is Bid:
        return _BIDS[seat][bid.tricks - 1 if bid.tricks else 13]
    return bid.for_seat(seat)


# -- the exchange and play -------------------------------------------------------------------------


def _check_exchange(state: GameState, seat: Seat, exchange: Exchange) -> Violation | None:
    wanted = state.rules.blind_nil_exchange
    if len(exchange.cards) != wanted:
        return Violation(
            reason=Reason.BAD_EXCHANGE,
            seat=seat,
            action=exchange,
            option="blind_nil_exchange",
            message=(
                f"{seat.full_name} must pass exactly {wanted} cards, not {len(exchange.cards)}."
            ),
        )
    missing = exchange.cards.mask & ~state.holding_masks[seat]
    if missing:
        return Violation(
            reason=Reason.CARD_NOT_HELD,
            seat=seat,
            action=exchange,
            option=None,
            message=f"{seat.full_name} does not hold {Hand.from_mask(missing).cards_text()}.",
        )
    return None


def _check_play(state: GameState, seat: Seat, play: Play) -> Violation | None:
    card = play.card
    holding = state.holding_masks[seat]
    if not holding >> card.index & 1:
        return Violation(
            reason=Reason.CARD_NOT_HELD,
            seat=seat,
            action=play,
            option=None,
            message=f"{seat.full_name} does not hold {card}.",
        )
    if state.legal_mask >> card.index & 1:
        return None
    if state.trick_cards:
        led = Suit(state.trick_cards[0] // 13)
        count = (holding & _kernel.SUIT_MASKS[led]).bit_count()
        return Violation(
            reason=Reason.REVOKE,
            seat=seat,
            action=play,
            option=None,
            message=(
                f"{seat.full_name} must follow {led.plural} "
                f"(holds {count} {led.singular if count == 1 else led.plural})."
            ),
        )
    if not state.completed_tricks and state.rules.first_lead is FirstLead.TWO_OF_CLUBS:
        return Violation(
            reason=Reason.MUST_LEAD_CARD,
            seat=seat,
            action=play,
            option="first_lead",
            message=f"{seat.full_name} must lead the two of clubs to the first trick.",
        )
    trump_only = state.rules.spades_breaking is SpadesBreaking.TRUMP_ONLY
    return Violation(
        reason=Reason.SPADES_NOT_BROKEN,
        seat=seat,
        action=play,
        option="spades_breaking",
        message=(
            f"{seat.full_name} may not lead a spade: spades are not broken"
            + (" (only a spade played on another suit breaks them)" if trump_only else "")
            + f" and {seat.full_name} holds other suits."
        ),
    )


# -- interned actions ------------------------------------------------------------------------------
# legal_actions allocates nothing but its list: the actions are made once, and the plays of each
# legal mask a seat meets are kept (up to a bound, so a long run cannot grow them without end).

#: Every :class:`~spades.actions.Play`, naming its seat: ``SEATED_PLAYS[seat][card index]``.
SEATED_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, seat=seat) for card in DECK) for seat in SEATS
)
_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    (*(Bid(n, seat=seat) for n in range(1, 14)), Bid.NIL.for_seat(seat)) for seat in SEATS
)
_BLIND_NILS: tuple[Bid, ...] = tuple(Bid.BLIND_NIL.for_seat(seat) for seat in SEATS)
_BIDS_AND_BLIND_NIL: tuple[tuple[Bid, ...], ...] = tuple(
    (*_BIDS[seat], _BLIND_NILS[seat]) for seat in SEATS
)
_LEGAL_PLAYS: tuple[dict[int, tuple[Play, ...]], ...] = tuple({} for _ in SEATS)
_LEGAL_PLAYS_KEPT = 1 << 16
# Per seat and suit, indexed by the 13-bit pattern of the playable cards of that suit: their plays,
# filled in as they are met (at most 4 x 4 x 8,192 tuples). The plays of any mask are put together
# from them, suit by suit in index order.
_SUIT_PLAYS: tuple[tuple[list[tuple[Play, ...] | None], ...], ...] = tuple(
    tuple([None] * (1 << _kernel.RANKS) for _ in _kernel.SUIT_MASKS) for _ in SEATS
)
_SUIT_BITS = (1 << _kernel.RANKS) - 1
_DIAMONDS_AT, _HEARTS_AT, _SPADES_AT = (_kernel.RANKS * suit for suit in (1, 2, 3))


def _suit_plays(seat: Seat, suit: int, pattern: int) -> tuple[Play, ...]:
    row = SEATED_PLAYS[seat]
    first = _kernel.RANKS * suit
    plays = tuple(row[first + i] for i in range(_kernel.RANKS) if pattern >> i & 1)
    _SUIT_PLAYS[seat][suit][pattern] = plays
    return plays


def _plays_of(seat: Seat, mask: int) -> tuple[Play, ...]:
    clubs, diamonds, hearts, spades = _SUIT_PLAYS[seat]
    plays: tuple[Play, ...] = ()
    pattern = mask & _SUIT_BITS
    if pattern:
        plays = clubs[pattern] or _suit_plays(seat, 0, pattern)
    pattern = mask >> _DIAMONDS_AT & _SUIT_BITS
    if pattern:
        plays += diamonds[pattern] or _suit_plays(seat, 1, pattern)
    pattern = mask >> _HEARTS_AT & _SUIT_BITS
    if pattern:
        plays += hearts[pattern] or _suit_plays(seat, 2, pattern)
    pattern = mask >> _SPADES_AT
    if pattern:
        plays += spades[pattern] or _suit_plays(seat, 3, pattern)
    kept = _LEGAL_PLAYS[seat]
    if len(kept) >= _LEGAL_PLAYS_KEPT:
        kept.clear()
    kept[mask] = plays
    return plays
