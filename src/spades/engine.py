"""The transitions: start a game and apply actions to it, or a whole hand from its trick counts.

All functions are pure: a state is never changed, only replaced. Whether an action is legal is
decided in :mod:`spades.legality` (re-exported here), so :func:`apply`, :func:`check` and
:func:`legal_actions` never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _bits
from .actions import Action, Bid, Deal, Exchange, Play
from .cards import DECK, Card, Hand
from .errors import IllegalActionError, Reason, SpadesError, StandingError

# Re-exported: the engine's API has always offered these, and they are decided in legality.
from .legality import Violation as Violation
from .legality import (
    _bid_violations,
    _exchange_steps,
    _phase_text,
    _play_mask,
    _seated,
    check,
)
from .legality import is_legal as is_legal
from .legality import legal_actions as legal_actions
from .presets import find_ruleset
from .rules import FirstLead, RuleSet
from .scoring import EndReason, HandScore, _score_checked, decide_game, score_hand
from .seats import SEATS, Seat, Team
from .state import CompletedHand, GameState, HandState, Phase, Standing, Trick, replace

__all__ = ["apply", "apply_counts", "new_game"]


# -- starting a game ------------------------------------------------------------------------------


def new_game(
    rules: RuleSet | str | None = None,
    *,
    dealer: Seat | str = Seat.N,
    scores: Sequence[int] = (0, 0),
    bags: Sequence[int] = (0, 0),
    hand_number: int = 1,
) -> GameState:
    """A game waiting for its deal, from any standing: a dispute usually starts mid-game.

    ``rules`` is a :class:`RuleSet` or a preset name (the ``standard`` rules when None). ``scores``
    and ``bags`` are (NS, EW) totals before hand ``hand_number``, which ``dealer`` deals.
    """
    if rules is None:
        rules = RuleSet()
    elif isinstance(rules, str):
        rules = find_ruleset(rules)
    elif not isinstance(rules, RuleSet):
        raise StandingError(
            f"rules must be a RuleSet or a preset name, not {rules!r}.", field="rules"
        )
    if isinstance(dealer, str):
        dealer = Seat.parse(dealer)
    elif not isinstance(dealer, Seat):
        raise StandingError(
            f"dealer must be a Seat (N, E, S or W), not {dealer!r}.", field="dealer"
        )
    score_pair = _pair("scores", scores)
    bag_pair = _pair("bags", bags)
    for team, count in zip(Team, bag_pair):
        # Carried bags stay under the threshold, except where one penalty a hand can leave more.
        limit = None if rules.bag_penalty_once_per_hand else rules.bag_threshold
        if count < 0 or (limit is not None and count >= limit):
            allowed = "0 or more" if limit is None else f"from 0 to {limit - 1}"
            raise StandingError(
                f"{team} cannot start with {count} bags: under these rules a bag count is "
                f"{allowed}.",
                field="bags",
            )
    if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
        raise StandingError(
            f"hand_number must be a whole number from 1, not {hand_number!r}.", field="hand_number"
        )
    if rules.max_hands is not None and hand_number > rules.max_hands:
        raise StandingError(
            f"Hand {hand_number} cannot be played: these rules stop after {rules.max_hands} hands.",
            field="hand_number",
        )
    # hand_number is within the cap, so only the target or the floor can have decided the game.
    decided = decide_game(rules, score_pair, hand_number - 1)
    if decided is not None:
        line = (
            f"the target is {rules.target_score}"
            if decided.reason is EndReason.TARGET
            else f"the losing score is {rules.losing_score}"
        )
        raise StandingError(
            f"The game is already over at {score_pair[0]} to {score_pair[1]}: {line}.",
            field="scores",
        )
    standing = Standing(dealer=dealer, hand_number=hand_number, scores=score_pair, bags=bag_pair)
    return _game_at(rules, standing)


def _game_at(rules: RuleSet, standing: Standing) -> GameState:
    """A game waiting for the deal of ``standing``'s hand, without checking the standing.

    :func:`new_game` once it has checked it; :func:`~spades.verification.verify` directly, to keep
    following a record whose start the rules cannot reach.
    """
    return GameState(rules=rules, phase=Phase.DEAL, standing=standing, start=standing)


def _pair(name: str, values: Sequence[int]) -> tuple[int, int]:
    try:
        pair = tuple(values)
    except TypeError:
        pair = ()
    if len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
        raise StandingError(
            f"{name} must be two whole numbers (NS, EW), not {values!r}.", field=name
        )
    return pair


# -- applying actions -----------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` if it is illegal.

    >>> from spades import Deal, new_game
    >>> state = apply(new_game('standard'), Deal.random(7))
    >>> state.phase, state.to_act
    (Phase.BIDDING, Seat.E)
    """
    if type(action) is Play and state.phase is Phase.PLAY:
        hand = state.hand
        assert hand is not None
        seat = hand.turn
        index = action.card.index
        if (action.seat is None or action.seat is seat) and _play_mask(
            state.rules, hand
        ) >> index & 1:
            return _apply_play(state, hand, seat, index)  # type: ignore[arg-type]
    violation = check(state, action)
    if violation is not None:
        raise violation.error()
    if isinstance(action, Deal):
        return _apply_deal(state, action)
    if isinstance(action, Bid):
        return _apply_bid(state, action)
    if isinstance(action, Exchange):
        return _apply_exchange(state, action)
    raise AssertionError(f"unhandled legal action {action!r}")  # pragma: no cover


def _apply_deal(state: GameState, deal: Deal) -> GameState:
    standing = state.standing
    if state.phase is Phase.HAND_OVER:
        standing = Standing(
            dealer=standing.dealer.next(state.rules.direction),
            hand_number=standing.hand_number + 1,
            scores=standing.scores,
            bags=standing.bags,
        )
    masks = tuple(hand.mask for hand in deal.hands)
    first = standing.dealer.next(state.rules.direction)
    hand = HandState(
        dealt=masks,  # type: ignore[arg-type]
        holdings=masks,  # type: ignore[arg-type]
        bids=(None, None, None, None),
        turn=first,
        leader=first,
    )
    return GameState(
        rules=state.rules,
        phase=Phase.BIDDING,
        standing=standing,
        hand=hand,
        history=state.history,
        start=state.start,
    )


def _apply_bid(state: GameState, bid: Bid) -> GameState:
    hand = state.hand
    assert hand is not None and hand.turn is not None
    seat = hand.turn
    bids = list(hand.bids)
    bids[seat] = _seated(bid, seat)
    nxt = seat.next(state.rules.direction)
    done = all(b is not None for b in bids)
    hand = replace(hand, bids=tuple(bids), turn=nxt)
    if not done:
        return replace(state, hand=hand)
    steps = _exchange_steps(state, hand) if state.rules.blind_nil_exchange else []
    if steps:
        return replace(state, phase=Phase.EXCHANGE, hand=replace(hand, turn=steps[0][0]))
    return _start_play(state, hand)


def _apply_exchange(state: GameState, exchange: Exchange) -> GameState:
    hand = state.hand
    assert hand is not None and hand.turn is not None
    giver = hand.turn
    mask = exchange.cards.mask
    exchanges = (*hand.exchanges, (giver, mask))
    hand = replace(hand, holdings=_passed(hand.holdings, giver, mask), exchanges=exchanges)
    steps = _exchange_steps(state, hand)
    if len(exchanges) < len(steps):
        return replace(state, hand=replace(hand, turn=steps[len(exchanges)][0]))
    return _start_play(state, hand)


def _passed(holdings: Sequence[int], giver: Seat, mask: int) -> tuple[int, int, int, int]:
    """The four holdings after ``giver`` passes the cards of ``mask`` to its partner."""
    held = list(holdings)
    held[giver] &= ~mask
    held[giver.partner] |= mask
    return (held[0], held[1], held[2], held[3])


def _start_play(state: GameState, hand: HandState) -> GameState:
    leader = _first_leader(state.rules, state.dealer, hand.holdings)
    assert leader is not None, "a real deal gives the two of clubs to one seat"
    return replace(state, phase=Phase.PLAY, hand=replace(hand, turn=leader, leader=leader))


def _first_leader(rules: RuleSet, dealer: Seat, holdings: Sequence[int]) -> Seat | None:
    """Who leads the first trick of a hand ``dealer`` dealt, from the holdings after any exchange.

    The first bidder; or, when the rules say so, the seat holding the two of clubs, None when no
    single seat holds it (in a deal that is not a deal, or a hand whose cards are unknown).
    """
    if rules.first_lead is FirstLead.TWO_OF_CLUBS:
        holders = [seat for seat in SEATS if holdings[seat] & 1]
        return holders[0] if len(holders) == 1 else None
    return dealer.next(rules.direction)


def _apply_play(state: GameState, hand: HandState, seat: Seat, index: int) -> GameState:
    # The hot path: copy the two instance dicts and change what a card changes (see state.replace).
    rules = state.rules
    step = rules._step
    holdings = list(hand.holdings)
    holdings[seat] ^= 1 << index
    trick = (*hand.trick, index)
    data = hand.__dict__.copy()
    data["holdings"] = tuple(holdings)
    if not hand.broken:
        data["broken"] = _bits.breaks_spades(index, trick[0] // 13, rules._any_spade_breaks)
    if len(trick) < 4:
        data["trick"] = trick
        data["turn"] = SEATS[(seat + step) & 3]
        return _with_hand(state, data)
    winner = _winner(hand.leader, step, trick)
    won = list(hand.won)
    won[winner] += 1
    tricks = (
        *hand.tricks,
        Trick._make(hand.leader, tuple(map(DECK.__getitem__, trick)), rules.direction),
    )
    data["trick"] = ()
    data["tricks"] = tricks
    data["won"] = tuple(won)
    data["leader"] = winner
    if len(tricks) < 13:
        data["turn"] = winner
        return _with_hand(state, data)
    data["turn"] = None
    new_hand = _new(HandState)
    _set(new_hand, "__dict__", data)
    return _finish_hand(state, new_hand)


def _winner(leader: Seat, step: int, trick: Sequence[int]) -> Seat:
    """The seat taking a complete trick of these card indices, led by ``leader``."""
    return SEATS[(leader + step * _bits.trick_winner(trick)) & 3]


def _with_hand(state: GameState, hand_data: dict[str, object]) -> GameState:
    new_hand = _new(HandState)
    _set(new_hand, "__dict__", hand_data)
    data = state.__dict__.copy()
    data["hand"] = new_hand
    new_state = _new(GameState)
    _set(new_state, "__dict__", data)
    return new_state


_new = object.__new__
_set = object.__setattr__


def _finish_hand(state: GameState, hand: HandState) -> GameState:
    standing = state.standing
    bids: tuple[Bid, Bid, Bid, Bid] = hand.bids  # type: ignore[assignment]
    score = _score_checked(state.rules, bids, hand.won, standing.scores, standing.bags)
    return _close_hand(state, hand, score)


def _close_hand(state: GameState, hand: HandState, score: HandScore) -> GameState:
    """Record a scored hand, move the totals on, and decide whether the game is over.

    The :class:`~spades.state.CompletedHand` keeps what ``hand`` knows: its deal (None when it
    was never dealt), exchanges, the tricks played and the tricks each seat took.
    """
    standing = state.standing
    completed = CompletedHand(
        number=standing.hand_number,
        dealer=standing.dealer,
        deal=Deal(tuple(map(Hand.from_mask, hand.dealt))) if any(hand.dealt) else None,
        bids=hand.bids,  # type: ignore[arg-type]
        exchanges=tuple((giver, Hand.from_mask(mask)) for giver, mask in hand.exchanges),
        tricks=hand.tricks,
        tricks_won=hand.won,
        score=score,
    )
    standing = Standing(
        dealer=completed.dealer,
        hand_number=completed.number,
        scores=score.scores_after,
        bags=score.bags_after,
    )
    result = decide_game(state.rules, standing.scores, standing.hand_number)
    return GameState(
        rules=state.rules,
        phase=Phase.HAND_OVER if result is None else Phase.GAME_OVER,
        standing=standing,
        hand=hand,
        history=(*state.history, completed),
        start=state.start,
        result=result,
    )


def apply_counts(
    state: GameState, bids: Sequence[Bid | int | str], tricks: Sequence[int]
) -> GameState:
    """Play the next hand from its four bids and the tricks each seat took, without the cards.

    This is how a table remembers a disputed hand. The bids are checked as the engine checks them
    in turn (range, blind nil allowed and eligible), the tricks must add up to 13, and the hand is
    scored and the game decided exactly as if it had been played. ``bids`` and ``tricks`` are in
    seat order N, E, S, W; bids may be :class:`~spades.actions.Bid` values, numbers or text.

    >>> state = apply_counts(new_game('000'), [4, 1, 3, 2], [5, 1, 4, 3])
    >>> state.phase, state.scores, state.bags
    (Phase.HAND_OVER, (72, 31), (2, 1))
    """
    if not state.needs_deal:
        over = state.phase is Phase.GAME_OVER
        raise IllegalActionError(
            f"The game is over: {state.result}"
            if over
            else f"A hand cannot be scored from counts now: {_phase_text(state)}.",
            reason=Reason.GAME_OVER if over else Reason.WRONG_PHASE,
            seat=None,
            action=None,
        )
    rules = state.rules
    if isinstance(bids, (str, bytes)) or len(bids) != 4:
        raise SpadesError(f"A hand has four bids (N, E, S, W), not {bids!r}.", reason="bad_bids")
    seated = tuple(
        _seated(Bid.of(bids[seat], zero_is_nil=rules.zero_bid_is_nil), seat) for seat in SEATS
    )
    violations = _bid_violations(state, seated)
    if violations:
        raise violations[0].error()
    return _close_early(state, seated, tricks)


def _close_early(
    state: GameState, bids: Sequence[Bid | None], tricks: Sequence[int] | None
) -> GameState:
    """The state after a hand that was not played to its end, its bids taken as they are.

    ``state`` is before the hand (the hand is then never dealt, as in :func:`apply_counts`, which
    checks the bids and comes here) or during it, where :func:`~spades.verification.verify`
    stopped following it: after a bid or an exchange the rules forbid, or a card its player does
    not hold. With ``tricks`` (N, E, S, W), the hand is scored from ``bids`` and ``tricks`` and the
    game decided; its :class:`~spades.state.CompletedHand` keeps the deal, the exchanges and the
    tricks played so far. With ``tricks`` None, the hand cannot be scored: the hand number and the
    dealer move on, the totals stay and nothing is added to the history.
    """
    if state.needs_deal:
        state = _apply_deal(state, _ANY_DEAL)  # moves the dealer on, as a real deal would
        state = replace(state, hand=replace(state.hand, dealt=_NO_CARDS, holdings=_NO_CARDS))
    assert state.hand is not None and state.phase is not Phase.GAME_OVER
    seated = tuple(None if bid is None else _seated(bid, seat) for bid, seat in zip(bids, SEATS))
    hand = replace(state.hand, bids=seated, turn=None, trick=())
    if tricks is None:
        return replace(state, phase=Phase.HAND_OVER, hand=hand)
    standing = state.standing
    made = [bid for bid in seated if bid is not None]
    # score_hand checks the bids are four and the trick counts, and says what is wrong.
    score = score_hand(state.rules, made, tricks, scores=standing.scores, bags=standing.bags)
    won = (tricks[0], tricks[1], tricks[2], tricks[3])
    return _close_hand(state, replace(hand, won=won), score)


def _tricks_taken(
    rules: RuleSet, leader: Seat, plays: Sequence[Sequence[Card]]
) -> tuple[tuple[int, int, int, int], int]:
    """The tricks each seat takes in ``plays`` led first by ``leader``, and how many are complete.

    Each complete trick's winner leads the next; the count stops at the first trick of fewer than
    four cards. For :func:`~spades.verification.verify`, to learn who took the tricks of a hand
    the engine cannot follow (its deal is not a deal, or a bid or the exchange broke the rules).
    """
    won = [0, 0, 0, 0]
    complete = 0
    for cards in plays:
        if len(cards) < 4:
            break
        leader = _winner(leader, rules._step, [card.index for card in cards])
        won[leader] += 1
        complete += 1
    return (won[0], won[1], won[2], won[3]), complete


def _force_play(state: GameState, card: Card) -> GameState:
    """The state after the seat to act plays ``card`` whether or not the rules allow it.

    For verifying records only: a revoke is reported and the hand is followed on, so that every
    later problem is found too. The seat must hold the card.
    """
    hand = state.hand
    assert state.phase is Phase.PLAY and hand is not None and hand.turn is not None
    assert hand.holdings[hand.turn] >> card.index & 1, "a forced play needs a card that is held"
    return _apply_play(state, hand, hand.turn, card.index)


# A placeholder deal for a hand scored without its cards: they are unknown and never looked at.
_ANY_DEAL = Deal(tuple(Hand.from_mask(_bits.SUIT_MASKS[s]) for s in range(4)))
_NO_CARDS = (0, 0, 0, 0)


# Interned actions, so legal_actions allocates nothing but its list.
# Per seat and suit: the 13-bit pattern of playable cards of that suit -> their Play actions.
