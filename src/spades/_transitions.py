"""The transitions: how each action changes a state, once its legality is settled.

:func:`~spades.engine.apply` checks an action with :mod:`spades.legality` and comes here; the
record verifier comes here too for the few moves only a verifier makes (a card played against the
rules, to keep checking the rest of the hand; a hand closed from its counts part-way through).
Nothing here checks legality: every function takes an action the caller has already allowed, and
builds the next :class:`~spades.state.GameState` directly, with the cards the next seat may play.
Every rule comes from ``spades._kernel``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _kernel
from .actions import Action, Bid, Counts, Deal, Discard, Draw, Exchange, Keep, Redeal
from .cards import CARDS, Hand
from .legality import SEATED_PLAYS, seated
from .rules import RuleSet
from .scoring import game_result, score_bids
from .seats import SEATS, Seat
from .standing import Standing
from .state import GameState, Phase
from .tricks import CompletedHand, Trick, trusted_trick

__all__ = [
    "bid",
    "choose",
    "close",
    "counts",
    "deal",
    "draw",
    "exchange",
    "play",
    "redeal",
    "rescore",
    "skip",
    "start",
]

#: No bids yet, and nothing held or taken, per seat, by the number of seats in play.
_NO_BIDS: dict[int, tuple[Bid | None, ...]] = {n: (None,) * n for n in (2, 3, 4)}
_ZEROS: dict[int, tuple[int, ...]] = {n: (0,) * n for n in (2, 3, 4)}
# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_DEAL = Phase.DEAL
_DRAW = Phase.DRAW
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_PLAY = Phase.PLAY
_HAND_OVER = Phase.HAND_OVER
_GAME_OVER = Phase.GAME_OVER


def start(rules: RuleSet, standing: Standing) -> GameState:
    """A game waiting for the deal of ``standing``'s hand, without checking the standing."""
    return _between_hands(
        rules,
        _DEAL,
        standing.dealer,
        standing.hand_number,
        standing.scores,
        standing.bags,
        standing,
        (),
    )


def skip(state: GameState, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, was passed over unscored: the
    totals stay and nothing is added to the history (for the verifier, when a record's hand
    cannot be scored). ``state`` is the state before the hand; the result starts a new chain of
    states, since no action leads to it."""
    return _between_hands(
        state.rules,
        _HAND_OVER,
        dealer,
        number,
        state.scores,
        state.bags,
        state.start,
        state.history,
    )


def _between_hands(
    rules: RuleSet,
    phase: Phase,
    dealer: Seat,
    number: int,
    scores: tuple[int, ...],
    bags: tuple[int, ...],
    start: Standing,
    history: tuple[CompletedHand, ...],
    previous: GameState | None = None,
    last_action: Redeal | None = None,
) -> GameState:
    """A state with no hand in progress: hand ``number``, which ``dealer`` deals (or dealt), at
    the totals ``scores`` and ``bags``; after ``previous`` by ``last_action`` (a call for a
    redeal), or with no state before it."""
    return GameState(
        rules=rules,
        phase=phase,
        dealer=dealer,
        hand_number=number,
        scores=scores,
        bags=bags,
        start=start,
        history=history,
        result=None,
        to_act=None,
        deal=None,
        holding_masks=_ZEROS[rules.players],
        bids=_NO_BIDS[rules.players],
        exchanges=(),
        trick_cards=(),
        completed_tricks=(),
        trick_counts=_ZEROS[rules.players],
        spades_broken=False,
        legal_mask=0,
        previous=previous,
        last_action=last_action,
    )


def _next_hand(state: GameState) -> tuple[Seat, int]:
    """The dealer and number of the hand dealt next."""
    if state.phase is _DEAL:
        return state.dealer, state.hand_number
    return SEATS[_kernel.next_dealer(state.rules, state.dealer)], state.hand_number + 1


def deal(state: GameState, action: Deal) -> GameState:
    """The state after the deal: the first bidder to bid; or, in a hand played without bids
    (``_kernel.unbid_hand``: no bidding, redeal or exchange), the first leader to lead. Two
    players' ``Deal`` is the hands they drew, the draw not followed card by card."""
    dealer, number = _next_hand(state)
    holdings = tuple(hand.mask for hand in action.hands)
    return _dealt(state, dealer, number, action, holdings, (), action)


def _dealt(
    state: GameState,
    dealer: Seat,
    number: int,
    dealt: Deal,
    holdings: tuple[int, ...],
    waste: tuple[int, ...],
    action: Action,
) -> GameState:
    """The state once hand ``number``'s cards are held (``dealt``), after ``action`` (the deal,
    or the last card drawn): the first bidder to bid, or the first leader to lead a hand played
    without bids."""
    rules = state.rules
    phase, to_act, legal = _BIDDING, _kernel.first_bidder(rules, dealer), 0
    if _kernel.unbid_hand(rules, number):
        leader = _kernel.first_leader(rules, dealer, holdings)  # as in any hand
        assert leader is not None, "a real deal gives the lowest club to one seat"
        phase, to_act = _PLAY, leader
        legal = _kernel.legal_cards(rules, holdings[leader], (), False, True)
    return _hand_begun(state, phase, dealer, number, to_act, dealt, holdings, legal, action, waste)


def _hand_begun(
    state: GameState,
    phase: Phase,
    dealer: Seat,
    number: int,
    to_act: int,
    dealt: Deal | None,
    holdings: tuple[int, ...],
    legal: int,
    action: Action,
    waste: tuple[int, ...],
    shown: int = -1,
) -> GameState:
    """A state of hand ``number`` before any bid, card passed or trick: drawing, bidding, or the
    first lead of a hand played without bids; ``to_act`` to act, after ``action``."""
    rules = state.rules
    return GameState(
        rules=rules,
        phase=phase,
        dealer=dealer,
        hand_number=number,
        scores=state.scores,
        bags=state.bags,
        start=state.start,
        history=state.history,
        result=None,
        to_act=SEATS[to_act],
        deal=dealt,
        holding_masks=holdings,
        bids=_NO_BIDS[rules.players],
        exchanges=(),
        trick_cards=(),
        completed_tricks=(),
        trick_counts=_ZEROS[rules.players],
        spades_broken=False,
        legal_mask=legal,
        previous=state,
        last_action=action,
        shown=shown,
        waste=waste,
    )


def draw(state: GameState, action: Draw) -> GameState:
    """The state after the drawer takes ``action``'s card from the stock (two-handed Spades):
    the first card of a turn waits to be kept or discarded; the second goes where the first did
    not, and the turn passes. After the last card the hands are held and the bidding starts."""
    rules = state.rules
    if state.phase is _DRAW:
        dealer, number = state.dealer, state.hand_number
        holdings, waste = state.holding_masks, state.waste
    else:
        dealer, number = _next_hand(state)
        holdings, waste = _ZEROS[2], _ZEROS[2]
    gone = sum(mask.bit_count() for mask in holdings) + sum(mask.bit_count() for mask in waste)
    seat = _kernel.drawer(rules, dealer, gone)
    index = action.card.index
    fate = _kernel.draw_fate(holdings[seat].bit_count(), waste[seat].bit_count())
    if fate == _kernel.DRAW_CHOOSE:
        return _drawing(state, dealer, number, seat, holdings, waste, index, action)
    bit = 1 << index
    if fate == _kernel.DRAW_KEEP:
        holdings = _with(holdings, seat, holdings[seat] | bit)
    else:
        waste = _with(waste, seat, waste[seat] | bit)
    if gone + 1 < _kernel.DRAWN_CARDS:
        after = _kernel.drawer(rules, dealer, gone + 1)
        return _drawing(state, dealer, number, after, holdings, waste, -1, action)
    hands = Deal(tuple(Hand.from_mask(mask) for mask in holdings))
    return _dealt(state, dealer, number, hands, holdings, waste, action)


def choose(state: GameState, seat: Seat, action: Keep | Discard) -> GameState:
    """The state after the drawer keeps or discards the card they drew (two-handed Spades): the
    next card, drawn, goes the other way."""
    bit = 1 << state.shown
    action = action.for_seat(seat)
    holdings, waste = state.holding_masks, state.waste
    if isinstance(action, Keep):
        holdings = _with(holdings, seat, holdings[seat] | bit)
    else:
        waste = _with(waste, seat, waste[seat] | bit)
    return _drawing(state, state.dealer, state.hand_number, seat, holdings, waste, -1, action)


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with ``seat``'s replaced by ``value``."""
    changed = list(values)
    changed[seat] = value
    return tuple(changed)


def _drawing(
    state: GameState,
    dealer: Seat,
    number: int,
    seat: int,
    holdings: tuple[int, ...],
    waste: tuple[int, ...],
    shown: int,
    action: Action,
) -> GameState:
    """A state of hand ``number``'s draw: ``seat`` to keep or discard the card ``shown``, or,
    when it is -1, to draw the next card."""
    return _hand_begun(state, _DRAW, dealer, number, seat, None, holdings, 0, action, waste, shown)


def bid(state: GameState, seat: Seat, action: Bid) -> GameState:
    """The state after ``seat`` bids: the next bidder, the exchange, or the first lead."""
    bids = list(state.bids)
    bids[seat] = action = seated(action, seat)
    rules = state.rules
    after = SEATS[_kernel.next_seat(seat, rules.direction.step, rules.players)]
    if bids[after] is None:  # bidding goes round once: the first bidder is next after the last
        return _before_play(state, _BIDDING, after, tuple(bids), action)
    steps = _exchange_steps(rules, state.dealer, bids)
    if steps:
        return _before_play(state, _EXCHANGE, SEATS[steps[0][0]], tuple(bids), action)
    return _first_lead(state, tuple(bids), state.holding_masks, state.exchanges, action)


def redeal(state: GameState, action: Redeal, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, is thrown in by ``action``: the
    same dealer deals the same hand again, the bids made are void, and nothing is scored (the
    history is unchanged). ``state`` is the state before the call: during the hand's bidding (the
    engine), or, for the verifier, where a record's thrown-in hand could not be followed."""
    return _between_hands(
        state.rules,
        _DEAL,
        dealer,
        number,
        state.scores,
        state.bags,
        state.start,
        state.history,
        previous=state,
        last_action=action,
    )


def _exchange_steps(
    rules: RuleSet, dealer: Seat, bids: Sequence[Bid | None]
) -> list[tuple[int, int, int]]:
    if not (rules.blind_nil_exchange or rules.nil_exchange):
        return []
    pairs = [None if b is None else (b.tricks, b.blind) for b in bids]
    return _kernel.exchange_steps(rules, dealer, pairs)


def _before_play(
    state: GameState,
    phase: Phase,
    seat: Seat,
    bids: tuple[Bid | None, ...],
    action: Action,
    holdings: tuple[int, ...] | None = None,
    exchanges: tuple[tuple[Seat, Hand], ...] | None = None,
) -> GameState:
    """The state during bidding or the exchange, ``seat`` to act next."""
    return GameState(
        rules=state.rules,
        phase=phase,
        dealer=state.dealer,
        hand_number=state.hand_number,
        scores=state.scores,
        bags=state.bags,
        start=state.start,
        history=state.history,
        result=None,
        to_act=seat,
        deal=state.deal,
        holding_masks=state.holding_masks if holdings is None else holdings,
        bids=bids,
        exchanges=state.exchanges if exchanges is None else exchanges,
        trick_cards=(),
        completed_tricks=(),
        trick_counts=_ZEROS[state.rules.players],
        spades_broken=False,
        legal_mask=0,
        previous=state,
        last_action=action,
        waste=state.waste,
    )


def exchange(state: GameState, seat: Seat, action: Exchange) -> GameState:
    """The state after ``seat`` passes the cards of ``action`` to its partner."""
    if action.seat is not seat:
        action = Exchange(action.cards, seat=seat)
    holdings = _kernel.passed(state.holding_masks, seat, action.cards.mask)
    exchanges = (*state.exchanges, (seat, action.cards))
    steps = _exchange_steps(state.rules, state.dealer, state.bids)
    if len(exchanges) < len(steps):
        giver = SEATS[steps[len(exchanges)][0]]
        return _before_play(state, _EXCHANGE, giver, state.bids, action, holdings, exchanges)
    return _first_lead(state, state.bids, holdings, exchanges, action)


def _first_lead(
    state: GameState,
    bids: tuple[Bid | None, ...],
    holdings: tuple[int, ...],
    exchanges: tuple[tuple[Seat, Hand], ...],
    action: Action,
) -> GameState:
    rules = state.rules
    leader_index = _kernel.first_leader(rules, state.dealer, holdings)
    assert leader_index is not None, "a real deal gives the two of clubs to one seat"
    leader = SEATS[leader_index]
    return GameState(
        rules=rules,
        phase=_PLAY,
        dealer=state.dealer,
        hand_number=state.hand_number,
        scores=state.scores,
        bags=state.bags,
        start=state.start,
        history=state.history,
        result=None,
        to_act=leader,
        deal=state.deal,
        holding_masks=holdings,
        bids=bids,
        exchanges=exchanges,
        trick_cards=(),
        completed_tricks=(),
        trick_counts=_ZEROS[rules.players],
        spades_broken=False,
        legal_mask=_kernel.legal_cards(rules, holdings[leader], (), False, True),
        previous=state,
        last_action=action,
        waste=state.waste,
    )


def play(state: GameState, seat: Seat, index: int) -> GameState:
    """The state after ``seat`` plays the card ``index``; the hot path of every playout.

    The verifier also comes here with a card the rules forbid (but ``seat`` holds), to report it
    and keep checking the hand.
    """
    rules = state.rules
    held = list(state.holding_masks)
    held[seat] ^= 1 << index
    trick = state.trick_cards + (index,)  # noqa: RUF005 - one tuple, not a list then a tuple
    deck = _kernel.layout(rules)
    broken = state.spades_broken or _kernel.breaks_spades(index, deck.suit_of[trick[0]], rules)
    step, seats = rules.direction.step, rules.players
    if len(trick) < seats:
        after = SEATS[_kernel.next_seat(seat, step, seats)]
        return GameState(
            rules,
            _PLAY,
            state.dealer,
            state.hand_number,
            state.scores,
            state.bags,
            state.start,
            state.history,
            None,
            after,
            state.deal,
            tuple(held),
            state.bids,
            state.exchanges,
            trick,
            state.completed_tricks,
            state.trick_counts,
            broken,
            _kernel.follow_mask(rules, held[after], trick, not state.completed_tricks),
            state,
            SEATED_PLAYS[seat][index],
            -1,
            state.waste,
        )
    # The trick is complete: its winner leads the next one, or the hand is over.
    leader = _kernel.trick_leader(seat, step, seats - 1, seats)
    winner = SEATS[_kernel.next_seat(leader, step * _kernel.trick_winner(trick, deck), seats)]
    won = list(state.trick_counts)
    won[winner] += 1
    completed = (
        *state.completed_tricks,
        trusted_trick(
            SEATS[leader], tuple(map(CARDS.__getitem__, trick)), rules.direction, rules.deck, seats
        ),
    )
    if len(completed) < _kernel.tricks_per_hand(rules):
        return GameState(
            rules,
            _PLAY,
            state.dealer,
            state.hand_number,
            state.scores,
            state.bags,
            state.start,
            state.history,
            None,
            winner,
            state.deal,
            tuple(held),
            state.bids,
            state.exchanges,
            (),
            completed,
            tuple(won),
            broken,
            _kernel.lead_mask(rules, held[winner], broken, False),
            state,
            SEATED_PLAYS[seat][index],
            -1,
            state.waste,
        )
    return _close(
        state,
        state.dealer,
        state.hand_number,
        state.deal,
        state.exchanges,
        state.bids,
        tuple(won),
        completed,
        tuple(held),
        broken,
        SEATED_PLAYS[seat][index],
        waste=state.waste,
    )


def counts(state: GameState, action: Counts) -> GameState:
    """The state after a hand told by its counts: dealt (its cards unknown), bid and scored."""
    dealer, number = _next_hand(state)
    bids = tuple(None if b is None else seated(b, seat) for b, seat in zip(action.bids, SEATS))
    zeros = _ZEROS[state.rules.players]
    return _close(state, dealer, number, None, (), bids, action.tricks, (), zeros, False, action)


def close(
    state: GameState, bids: Sequence[Bid | None], tricks: Sequence[int], action: Counts
) -> GameState:
    """The state after the hand in progress is closed and scored from its counts, with the
    tricks played so far kept in its :class:`~spades.tricks.CompletedHand` (for the verifier:
    a record that gives some plays of a hand and then only its counts)."""
    return _close(
        state,
        state.dealer,
        state.hand_number,
        state.deal,
        state.exchanges,
        tuple(None if b is None else seated(b, seat) for b, seat in zip(bids, SEATS)),
        tuple(tricks),
        state.completed_tricks,
        state.holding_masks,
        state.spades_broken,
        action,
        waste=state.waste,
    )


def rescore(state: GameState, reneges: tuple[int, ...]) -> GameState:
    """``state``, a hand just closed, with the hand scored again counting each team's reneges
    (NS, EW), as the rules' ``renege_penalty`` says (for the verifier: a record whose plays break
    follow-suit). The result replaces ``state``: it follows the same state by the same action."""
    before = state.previous
    assert before is not None and state.last_action is not None
    return _close(
        before,
        state.dealer,
        state.hand_number,
        state.deal,
        state.exchanges,
        state.bids,
        state.trick_counts,
        state.completed_tricks,
        state.holding_masks,
        state.spades_broken,
        state.last_action,
        reneges,
        waste=state.waste,
    )


def _close(
    state: GameState,
    dealer: Seat,
    number: int,
    deal: Deal | None,
    exchanges: tuple[tuple[Seat, Hand], ...],
    bids: tuple[Bid | None, ...],
    tricks: tuple[int, ...],
    completed: tuple[Trick, ...],
    holdings: tuple[int, ...],
    broken: bool,
    action: Action,
    reneges: tuple[int, ...] | None = None,
    *,
    waste: tuple[int, ...] = (),
) -> GameState:
    """The state after hand ``number`` is scored from its bids and counts (and each team's
    reneges): the totals move on and the game is decided. ``state`` is the state before
    ``action``. Bids all None are a hand played without bids (``first_hand_trick_points``)."""
    rules = state.rules
    score = score_bids(rules, bids, tricks, state.scores, state.bags, reneges)
    done = CompletedHand(
        number=number,
        dealer=dealer,
        deal=deal,
        bids=bids,
        exchanges=exchanges,
        tricks=completed,
        tricks_won=tricks,
        score=score,
    )
    scores = score.scores_after
    result = game_result(rules, scores, number)
    return GameState(
        rules=rules,
        phase=_HAND_OVER if result is None else _GAME_OVER,
        dealer=dealer,
        hand_number=number,
        scores=scores,
        bags=score.bags_after,
        start=state.start,
        history=(*state.history, done),
        result=result,
        to_act=None,
        deal=deal,
        holding_masks=holdings,
        bids=bids,
        exchanges=exchanges,
        trick_cards=(),
        completed_tricks=completed,
        trick_counts=tricks,
        spades_broken=broken,
        legal_mask=0,
        previous=state,
        last_action=action,
        waste=waste,
    )
