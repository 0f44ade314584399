"""Legality: which actions the rules allow, and why any other is refused.

Each rule is decided once, here, on int masks with the primitives of :mod:`spades._bits`:
:func:`legal_actions` lists what the masks allow, :func:`check` explains a refusal in a sentence,
and :func:`~spades.engine.apply` takes the same masks on its fast path.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import attrs

from . import _bits
from .actions import BID_BLIND_NIL, BID_NIL, Action, Bid, Deal, Exchange, Play
from .cards import DECK, Hand, Suit
from .errors import IllegalActionError, Reason
from .rules import FirstLead, RuleSet, SpadesBreaking
from .seats import SEATS, Seat
from .state import GameState, HandState, Phase

__all__ = ["Violation", "check", "deal_problems", "is_legal", "legal_actions"]


@attrs.frozen(kw_only=True)
class Violation:
    """Why an action is illegal: what :func:`check` returns and an error carries."""

    reason: Reason
    seat: Seat | None
    action: object
    #: The rule option responsible, when the action would be legal under another setting.
    option: str | None
    message: str

    def error(self) -> IllegalActionError:
        return IllegalActionError(
            self.message, reason=self.reason, seat=self.seat, action=self.action, option=self.option
        )


def _play_mask(rules: RuleSet, hand: HandState) -> int:
    """The cards the seat to act may play now."""
    holding = hand.holdings[hand.turn]  # type: ignore[index]
    if hand.trick:
        return _bits.play_mask(holding, hand.trick[0] // 13)
    if rules._two_of_clubs_lead and not hand.tricks:
        return holding & 1  # the two of clubs, which its holder leads
    return _bits.lead_mask(holding, hand.broken)


def _blind_nil_violation(state: GameState, seat: Seat, action: object) -> Violation | None:
    rules = state.rules
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
        behind = state.scores[team.other] - state.scores[team]
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


def _exchange_steps(state: GameState, hand: HandState) -> list[tuple[Seat, Seat]]:
    """The (giver, receiver) steps of the blind nil exchange, in order.

    For each blind nil bidder, in bidding order, whose partner bid a number: the partner gives
    first, then the blind nil bidder gives back. Partners who both bid nil exchange nothing.
    """
    steps: list[tuple[Seat, Seat]] = []
    for seat in _bidding_order(state.rules, state.dealer):
        bid, partner_bid = hand.bids[seat], hand.bids[seat ^ 2]
        if bid is not None and bid.blind and partner_bid is not None and not partner_bid.is_nil:
            steps += [(seat.partner, seat), (seat, seat.partner)]
    return steps


def _bidding_order(rules: RuleSet, dealer: Seat) -> list[Seat]:
    """The seats in the order they bid a hand ``dealer`` deals: the dealer's next seat first."""
    order = [dealer.next(rules.direction)]
    while len(order) < 4:
        order.append(order[-1].next(rules.direction))
    return order


def legal_actions(state: GameState) -> list[Action]:
    """Every action the seat to act may take, each naming that seat.

    Empty when the next action is a deal (a chance action: build one with
    :meth:`Deal.random <spades.actions.Deal.random>`) or the game is over.
    """
    phase = state.phase
    hand = state.hand
    if phase is Phase.PLAY:
        assert hand is not None
        mask = _play_mask(state.rules, hand)
        caches = _PLAY_CACHE[hand.turn]  # type: ignore[index]
        result: list[Action] = []
        for suit in (0, 1, 2, 3):
            bits = mask >> (13 * suit) & 0x1FFF
            if bits:
                plays = caches[suit].get(bits)
                if plays is None:
                    plays = _suit_plays(hand.turn, suit, bits)  # type: ignore[arg-type]
                result += plays
        return result
    if phase is Phase.BIDDING:
        assert hand is not None and hand.turn is not None
        seat = hand.turn
        bids: list[Action] = list(_BIDS[seat])
        if state.rules.blind_nil and _blind_nil_violation(state, seat, BID_BLIND_NIL) is None:
            bids.append(_BLIND_NILS[seat])
        return bids
    if phase is Phase.EXCHANGE:
        assert hand is not None and hand.turn is not None
        seat = hand.turn
        holding = [DECK[i] for i in _bits.bit_indices(hand.holdings[seat])]
        return [
            Exchange(Hand(cards), seat=seat)
            for cards in combinations(holding, state.rules.blind_nil_exchange)
        ]
    return []


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` may be taken now: :func:`check` found nothing wrong with it."""
    return check(state, action) is None


def check(state: GameState, action: Action) -> Violation | None:
    """The rule ``action`` breaks in ``state``, or None when it is legal."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return Violation(
            reason=Reason.GAME_OVER,
            seat=getattr(action, "seat", None),
            action=action,
            option=None,
            message=f"The game is over: {state.result}",
        )
    if isinstance(action, Deal):
        return _check_deal(state, action)
    if isinstance(action, (Bid, Exchange, Play)):
        expected = {Bid: Phase.BIDDING, Exchange: Phase.EXCHANGE, Play: Phase.PLAY}[type(action)]
        if phase is not expected:
            return Violation(
                reason=Reason.WRONG_PHASE,
                seat=action.seat,
                action=action,
                option=None,
                message=f"{_describe(action)} is not possible now: {_phase_text(state)}.",
            )
        hand = state.hand
        assert hand is not None and hand.turn is not None
        seat = hand.turn
        if action.seat is not None and action.seat is not seat:
            return Violation(
                reason=Reason.WRONG_TURN,
                seat=action.seat,
                action=action,
                option=None,
                message=f"It is {seat.full_name}'s turn, not {action.seat.full_name}'s.",
            )
        if isinstance(action, Bid):
            return _check_bid(state, seat, action)
        if isinstance(action, Exchange):
            return _check_exchange(state, hand, seat, action)
        return _check_play(state, hand, seat, action)
    return Violation(
        reason=Reason.NOT_AN_ACTION,
        seat=None,
        action=action,
        option=None,
        message=f"{action!r} is not an action; use Deal, Bid, Exchange or Play.",
    )


def _describe(action: Bid | Exchange | Play) -> str:
    if isinstance(action, Bid):
        return f"A bid of {action}"
    if isinstance(action, Exchange):
        return "An exchange of cards"
    return f"Playing {action.card}"


def _phase_text(state: GameState) -> str:
    return {
        Phase.DEAL: "the cards have not been dealt",
        Phase.BIDDING: "the bidding is in progress",
        Phase.EXCHANGE: "the blind nil exchange is in progress",
        Phase.PLAY: "the cards are being played",
        Phase.HAND_OVER: "the hand is over and the next one has not been dealt",
        Phase.GAME_OVER: "the game is over",
    }[state.phase]


def _check_deal(state: GameState, deal: Deal) -> Violation | None:
    if not state.needs_deal:
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=None,
            action=deal,
            option=None,
            message=f"A deal is not possible now: {_phase_text(state)}.",
        )
    masks = [hand.mask for hand in deal.hands]
    if masks[0] | masks[1] | masks[2] | masks[3] == _bits.FULL_DECK and all(
        m.bit_count() == 13 for m in masks
    ):
        return None
    # The mask test accepts exactly the real deals, so this lists at least one problem.
    message = " ".join(deal_problems(deal))
    return Violation(reason=Reason.BAD_DEAL, seat=None, action=deal, option=None, message=message)


def deal_problems(deal: Deal) -> list[str]:
    """Every way ``deal`` is not a deal: wrong counts, cards dealt twice, cards missing."""
    problems = []
    seen: dict[int, Seat] = {}
    for seat, hand in zip(SEATS, deal.hands):
        if len(hand) != 13:
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


def _check_bid(state: GameState, seat: Seat, bid: Bid) -> Violation | None:
    if bid.blind:
        return _blind_nil_violation(state, seat, bid)
    if not 0 <= bid.tricks <= 13:
        return Violation(
            reason=Reason.BID_OUT_OF_RANGE,
            seat=seat,
            action=bid,
            option=None,
            message=f"{seat.full_name} bid {bid.tricks}; a bid is nil or 1 to 13 tricks.",
        )
    return None


def _check_exchange(
    state: GameState, hand: HandState, seat: Seat, exchange: Exchange
) -> Violation | None:
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
    missing = exchange.cards.mask & ~hand.holdings[seat]
    if missing:
        return Violation(
            reason=Reason.CARD_NOT_HELD,
            seat=seat,
            action=exchange,
            option=None,
            message=f"{seat.full_name} does not hold {Hand.from_mask(missing).cards_text()}.",
        )
    return None


def _check_play(state: GameState, hand: HandState, seat: Seat, play: Play) -> Violation | None:
    card = play.card
    holding = hand.holdings[seat]
    if not holding >> card.index & 1:
        return Violation(
            reason=Reason.CARD_NOT_HELD,
            seat=seat,
            action=play,
            option=None,
            message=f"{seat.full_name} does not hold {card}.",
        )
    if _play_mask(state.rules, hand) >> card.index & 1:
        return None
    if hand.trick:
        led = Suit(hand.trick[0] // 13)
        count = (holding & _bits.SUIT_MASKS[led]).bit_count()
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
    if not hand.tricks and state.rules.first_lead is FirstLead.TWO_OF_CLUBS:
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


def _bid_violations(state: GameState, bids: Sequence[Bid | None]) -> list[Violation]:
    """Every rule the bids of a hand break, in bidding order, up to the first bid not made.

    ``state`` is the state before the hand or during its bidding; ``bids`` are in seat order
    N, E, S, W. Whether a bid is legal depends only on the rules and the scores, so each is checked
    as :func:`check` checks it in turn, even after an illegal one: :func:`apply_counts` raises the
    first, :func:`~spades.verification.verify` reports them all.
    """
    dealer = state.next_dealer if state.needs_deal else state.dealer
    violations = []
    for seat in _bidding_order(state.rules, dealer):
        bid = bids[seat]
        if bid is None:
            break
        violation = _check_bid(state, seat, _seated(bid, seat))
        if violation is not None:
            violations.append(violation)
    return violations


def _seated(bid: Bid, seat: Seat) -> Bid:
    """The interned copy of ``bid`` naming ``seat``."""
    if bid.seat is seat:
        return bid
    if bid.blind:
        return _BLIND_NILS[seat]
    if 0 <= bid.tricks <= 13:
        return _BIDS[seat][bid.tricks - 1 if bid.tricks else 13]
    return bid.for_seat(seat)


_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, seat=seat) for card in DECK) for seat in SEATS
)
_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    (*(Bid(n, seat=seat) for n in range(1, 14)), BID_NIL.for_seat(seat)) for seat in SEATS
)
_BLIND_NILS: tuple[Bid, ...] = tuple(BID_BLIND_NIL.for_seat(seat) for seat in SEATS)
_PLAY_CACHE: tuple[tuple[dict[int, tuple[Play, ...]], ...], ...] = tuple(
    tuple({} for _ in range(4)) for _ in SEATS
)


def _suit_plays(seat: Seat, suit: int, bits: int) -> tuple[Play, ...]:
    plays = tuple(_PLAYS[seat][13 * suit + rank] for rank in range(13) if bits >> rank & 1)
    _PLAY_CACHE[seat][suit][bits] = plays
    return plays
