"""The transitions: how each action changes a state, once its legality is settled.

:func:`~spades.engine.apply` checks an action with :mod:`spades.legality` and comes here; the
record verifier comes here too for the few moves only a verifier makes (a card played against the
rules, to keep checking the rest of the hand; a hand closed from its counts part-way through).
Nothing here checks legality: every function takes an action the caller has already allowed, and
builds the next :class:`~spades.state.GameState` directly, with the cards the next seat may play.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _kernel
from .actions import Action, Bid, Counts, Deal, Exchange
from .cards import DECK, Hand
from .legality import seated, seated_play
from .rules import FirstLead, RuleSet
from .scoring import decide_game, score_bids
from .seats import SEATS, Seat
from .state import CompletedHand, GameState, Phase, Standing, Trick

__all__ = ["bid", "close", "counts", "deal", "exchange", "play", "skip", "start"]

_NO_BIDS: tuple[Bid | None, ...] = (None,) * _kernel.SEATS
_ZEROS: tuple[int, ...] = (0,) * _kernel.SEATS


def start(rules: RuleSet, standing: Standing) -> GameState:
    """A game waiting for the deal of ``standing``'s hand, without checking the standing."""
    return GameState(
        rules,
        Phase.DEAL,
        standing.dealer,
        standing.hand_number,
        standing.scores,
        standing.bags,
        standing,
        (),
        None,
        None,
        None,
        _ZEROS,
        _NO_BIDS,
        (),
        None,
        (),
        (),
        _ZEROS,
        False,
        0,
        None,
        None,
    )


def skip(state: GameState, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, was passed over unscored: the
    totals stay and nothing is added to the history (for the verifier, when a record's hand
    cannot be scored). ``state`` is the state before the hand; the result starts a new chain of
    states, since no action leads to it."""
    return GameState(
        state.rules,
        Phase.HAND_OVER,
        dealer,
        number,
        state.scores,
        state.bags,
        state.start,
        state.history,
        None,
        None,
        None,
        _ZEROS,
        _NO_BIDS,
        (),
        None,
        (),
        (),
        _ZEROS,
        False,
        0,
        None,
        None,
    )


def _next_hand(state: GameState) -> tuple[Seat, int]:
    """The dealer and number of the hand dealt next."""
    if state.phase is Phase.DEAL:
        return state.dealer, state.hand_number
    return SEATS[_kernel.next_dealer(state.rules, state.dealer)], state.hand_number + 1


def deal(state: GameState, action: Deal) -> GameState:
    """The state after the deal: the first bidder to bid."""
    dealer, number = _next_hand(state)
    return GameState(
        state.rules,
        Phase.BIDDING,
        dealer,
        number,
        state.scores,
        state.bags,
        state.start,
        state.history,
        None,
        SEATS[_kernel.first_bidder(state.rules, dealer)],
        action,
        tuple(hand.mask for hand in action.hands),
        _NO_BIDS,
        (),
        None,
        (),
        (),
        _ZEROS,
        False,
        0,
        state,
        action,
    )


def bid(state: GameState, seat: Seat, action: Bid) -> GameState:
    """The state after ``seat`` bids: the next bidder, the exchange, or the first lead."""
    bids = list(state.bids)
    bids[seat] = action = seated(action, seat)
    rules = state.rules
    if None in bids:
        return _with_turn(
            state,
            Phase.BIDDING,
            SEATS[_kernel.next_seat(seat, rules.direction.step)],
            tuple(bids),
            action,
        )
    steps = _exchange_steps(rules, state.dealer, bids)
    if steps:
        return _with_turn(state, Phase.EXCHANGE, SEATS[steps[0][0]], tuple(bids), action)
    return _first_lead(state, tuple(bids), state.holding_masks, state.exchanges, action)


def _exchange_steps(
    rules: RuleSet, dealer: Seat, bids: Sequence[Bid | None]
) -> list[tuple[int, int]]:
    pairs = [None if b is None else (b.tricks, b.blind) for b in bids]
    return _kernel.exchange_steps(rules, dealer, pairs)


def _with_turn(
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
        state.rules,
        phase,
        state.dealer,
        state.hand_number,
        state.scores,
        state.bags,
        state.start,
        state.history,
        None,
        seat,
        state.deal,
        state.holding_masks if holdings is None else holdings,
        bids,
        state.exchanges if exchanges is None else exchanges,
        None,
        (),
        (),
        _ZEROS,
        False,
        0,
        state,
        action,
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
        return _with_turn(state, Phase.EXCHANGE, giver, state.bids, action, holdings, exchanges)
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
    two_of_clubs = rules.first_lead is FirstLead.TWO_OF_CLUBS
    legal = _kernel.legal_cards(holdings[leader], (), False, two_of_clubs)
    return GameState(
        rules,
        Phase.PLAY,
        state.dealer,
        state.hand_number,
        state.scores,
        state.bags,
        state.start,
        state.history,
        None,
        leader,
        state.deal,
        holdings,
        bids,
        exchanges,
        leader,
        (),
        (),
        _ZEROS,
        False,
        legal,
        state,
        action,
    )


def play(state: GameState, seat: Seat, index: int) -> GameState:
    """The state after ``seat`` plays the card ``index``; the hot path of every playout.

    The verifier also comes here with a card the rules forbid (but ``seat`` holds), to report it
    and keep checking the hand.
    """
    action = seated_play(seat, index)
    rules = state.rules
    holdings = list(state.holding_masks)
    holdings[seat] ^= 1 << index
    trick = (*state.trick_cards, index)
    broken = state.spades_broken or _kernel.breaks_spades(
        index, trick[0] // _kernel.RANKS, _kernel.any_spade_breaks(rules)
    )
    step = rules.direction.step
    if len(trick) < _kernel.SEATS:
        after = SEATS[_kernel.next_seat(seat, step)]
        return GameState(
            rules,
            Phase.PLAY,
            state.dealer,
            state.hand_number,
            state.scores,
            state.bags,
            state.start,
            state.history,
            None,
            after,
            state.deal,
            tuple(holdings),
            state.bids,
            state.exchanges,
            state.leader,
            trick,
            state.completed_tricks,
            state.trick_counts,
            broken,
            _kernel.legal_cards(holdings[after], trick, broken, False),
            state,
            action,
        )
    leader: Seat = state.leader  # type: ignore[assignment]
    winner = SEATS[_kernel.next_seat(leader, step * _kernel.trick_winner(trick))]
    counts = list(state.trick_counts)
    counts[winner] += 1
    completed = (
        *state.completed_tricks,
        Trick(leader, tuple(map(DECK.__getitem__, trick)), rules.direction),
    )
    if len(completed) < _kernel.TRICKS_PER_HAND:
        return GameState(
            rules,
            Phase.PLAY,
            state.dealer,
            state.hand_number,
            state.scores,
            state.bags,
            state.start,
            state.history,
            None,
            winner,
            state.deal,
            tuple(holdings),
            state.bids,
            state.exchanges,
            winner,
            (),
            completed,
            tuple(counts),
            broken,
            _kernel.lead_mask(holdings[winner], broken),
            state,
            action,
        )
    bids: tuple[Bid, ...] = state.bids  # type: ignore[assignment]
    return _close(
        state,
        state.dealer,
        state.hand_number,
        state.deal,
        state.exchanges,
        bids,
        tuple(counts),
        completed,
        tuple(holdings),
        broken,
        action,
    )


def counts(state: GameState, action: Counts) -> GameState:
    """The state after a hand told by its counts: dealt (its cards unknown), bid and scored."""
    dealer, number = _next_hand(state)
    bids = tuple(seated(b, seat) for b, seat in zip(action.bids, SEATS))
    return _close(state, dealer, number, None, (), bids, action.tricks, (), _ZEROS, False, action)


def close(
    state: GameState, bids: Sequence[Bid], tricks: Sequence[int], action: Counts
) -> GameState:
    """The state after the hand in progress is closed and scored from its counts, with the
    tricks played so far kept in its :class:`~spades.state.CompletedHand` (for the verifier:
    a record that gives some plays of a hand and then only its counts)."""
    return _close(
        state,
        state.dealer,
        state.hand_number,
        state.deal,
        state.exchanges,
        tuple(seated(b, seat) for b, seat in zip(bids, SEATS)),
        tuple(tricks),
        state.completed_tricks,
        state.holding_masks,
        state.spades_broken,
        action,
    )


def _close(
    state: GameState,
    dealer: Seat,
    number: int,
    deal: Deal | None,
    exchanges: tuple[tuple[Seat, Hand], ...],
    bids: tuple[Bid, ...],
    tricks: tuple[int, ...],
    completed: tuple[Trick, ...],
    holdings: tuple[int, ...],
    broken: bool,
    action: Action,
) -> GameState:
    """The state after hand ``number`` is scored from its bids and counts: the totals move on
    and the game is decided. ``state`` is the state before ``action``."""
    rules = state.rules
    score = score_bids(rules, bids, tricks, state.scores, state.bags)
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
    result = decide_game(rules, score.scores_after, number)
    return GameState(
        rules,
        Phase.HAND_OVER if result is None else Phase.GAME_OVER,
        dealer,
        number,
        score.scores_after,
        score.bags_after,
        state.start,
        (*state.history, done),
        result,
        None,
        deal,
        holdings,
        bids,
        exchanges,
        None,
        (),
        completed,
        tricks,
        broken,
        0,
        state,
        action,
    )
