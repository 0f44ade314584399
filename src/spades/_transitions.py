"""The transitions: how each action changes a state, once its legality is settled.

Only the engine (:mod:`spades.engine`) imports this module: :func:`~spades.engine.apply` checks an
action with :mod:`spades.legality` and comes here, and so do the engine's referee moves (a card
played against the rules, a hand closed from its counts, a hand scored again with its reneges, a
hand thrown in, a game started from any standing). Nothing here checks legality: every function
takes an action the caller has already allowed, and builds the next
:class:`~spades.state.GameState` through its one constructor, with what the next seat may do.
Every rule comes from the kernel.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._kernel.bidding import allowed_bids, behind, first_hand, unbid_hand
from ._kernel.deal import (
    DRAW_CHOOSE,
    DRAW_KEEP,
    DRAWN_CARDS,
    discarder,
    draw_fate,
    drawer,
    exchange_steps,
    first_leader,
    passed,
    redeal_for_total,
    spade_count,
    with_spare_cards,
)
from ._kernel.end import Fact, hand_facts, runs_after, sets_after
from ._kernel.play import (
    early_spade_reneges,
    follow_mask,
    lead_mask,
    legal_cards,
    trick_winner,
)
from ._kernel.score import hand_score
from ._kernel.table import Table, table_of
from .actions import Action, Bid, Bury, Counts, Deal, Discard, Draw, Exchange, Keep, Redeal
from .bids import bid_pairs
from .hands import Hand
from .interned import SEATED_PLAYS, seated
from .phase import Phase
from .rules import RuleSet
from .score import game_result
from .seats import SEATS, Seat
from .standing import Standing
from .state import GameState, HandContext
from .tricks import CompletedHand, runs_in_game, sets_in_game

__all__ = [
    "bid",
    "bury",
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

#: The state's typed constructor, called as a function: ``GameState(...)`` without the class
#: call's overhead, still checked by mypy field by field.
_new = GameState.__new__
_context = HandContext.__new__
#: No bids yet, and nothing held or taken, per seat, by the number of seats in play.
_NO_BIDS: dict[int, tuple[Bid | None, ...]] = {n: (None,) * n for n in (2, 3, 4)}
_ZEROS: dict[int, tuple[int, ...]] = {n: (0,) * n for n in (2, 3, 4)}
# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_DEAL = Phase.DEAL
_DRAW = Phase.DRAW
_BURY = Phase.BURY
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_PLAY = Phase.PLAY
_HAND_OVER = Phase.HAND_OVER
_GAME_OVER = Phase.GAME_OVER


def _state(
    context: HandContext,
    phase: Phase,
    to_act: int | None,
    legal: int,
    previous: GameState | None,
    action: Action | None,
    shown: int = -1,
) -> GameState:
    """A state with no card played yet this hand: ``to_act`` (a seat number) to act."""
    zeros = _ZEROS[context.table.players]
    seat = None if to_act is None else SEATS[to_act]
    return _new(
        GameState, context, phase, seat, 0, (), (), zeros, False, legal, shown, previous, action
    )


def _between(
    rules: RuleSet,
    table: Table,
    dealer: Seat,
    number: int,
    scores: tuple[int, ...],
    bags: tuple[int, ...],
    start: Standing,
    history: tuple[CompletedHand, ...],
) -> HandContext:
    """The context of a moment with no hand in progress: hand ``number``, which ``dealer`` deals
    (or dealt), at the totals ``scores`` and ``bags``."""
    zeros = _ZEROS[table.players]
    return _context(
        HandContext,
        rules,
        table,
        dealer,
        number,
        scores,
        bags,
        start,
        history,
        None,
        None,
        zeros,
        _NO_BIDS[table.players],
        (),
        (),
    )


def start(rules: RuleSet, standing: Standing) -> GameState:
    """A game waiting for the deal of ``standing``'s hand, without checking the standing."""
    context = _between(
        rules,
        table_of(rules),
        standing.dealer,
        standing.hand_number,
        standing.scores,
        standing.bags,
        standing,
        (),
    )
    return _state(context, _DEAL, None, 0, None, None)


def skip(state: GameState, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, was passed over unscored: the
    totals stay and nothing is added to the history (for the verifier, when a record's hand
    cannot be scored). ``state`` is the state before the hand; the result starts a new chain of
    states, since no action leads to it."""
    c = state.context
    context = _between(c.rules, c.table, dealer, number, c.scores, c.bags, c.start, c.history)
    return _state(context, _HAND_OVER, None, 0, None, None)


def _next_hand(state: GameState) -> tuple[Seat, int]:
    """The dealer and number of the hand dealt next."""
    context = state.context
    if state.phase is _DEAL:
        return context.dealer, context.hand_number
    return SEATS[context.table.next_dealers[context.dealer]], context.hand_number + 1


def deal(state: GameState, action: Deal) -> GameState:
    """The state after the deal: the first bidder to bid; or, in a hand played without bids, the
    first leader to lead. Two players' ``Deal`` is the hands they drew, the draw not followed card
    by card."""
    dealer, number = _next_hand(state)
    holdings = with_spare_cards(state.context.table, dealer, action.masks)
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
    or the last card drawn): the dealer to discard two cards (``spare_cards`` dealer_discards),
    the first bidder to bid, or the first leader to lead a hand played without bids."""
    c = state.context
    table = c.table
    context = _context(
        HandContext,
        c.rules,
        table,
        dealer,
        number,
        c.scores,
        c.bags,
        c.start,
        c.history,
        None,
        dealt,
        holdings,
        _NO_BIDS[table.players],
        (),
        waste,
    )
    if table.buried:  # the dealer, or the holder of the two of clubs, discards two
        seat = discarder(table, dealer, dealt.masks)
        return _state(context, _BURY, seat, 0, state, action)
    return _held(state, context, action)


def _held(state: GameState, context: HandContext, action: Action) -> GameState:
    """The state once every seat holds the cards it bids and plays with, after ``action``: the
    first bidder to bid, or the first leader to lead a hand played without bids."""
    table, dealer, holdings = context.table, context.dealer, context.held
    if unbid_hand(table, context.hand_number):
        leader = first_leader(table, dealer, holdings)  # as in any hand
        assert leader is not None, "a real deal gives the lowest club to one seat"
        legal = legal_cards(table, holdings[leader], (), False, True)
        return _state(context, _PLAY, leader, legal, state, action)
    bidder = table.first_bidders[dealer]
    allowed = table.fixed_bids or _bids_allowed(context, bidder)
    return _state(context, _BIDDING, bidder, allowed, state, action)


def bury(state: GameState, seat: Seat, action: Bury) -> GameState:
    """The state after ``seat`` (the dealer, or the holder of the two of clubs) discards the
    two cards of ``action`` face down (``spare_cards``): out of the hand, and kept as the seat's
    :attr:`~spades.state.HandContext.waste`, which it alone sees. The bidding (or the
    play of a hand without bids) follows."""
    if action.seat is not seat:
        action = Bury(action.cards, seat=seat)
    context = state.context
    mask = action.cards.mask
    context = context._replace(
        held=_with(context.held, seat, context.held[seat] & ~mask),
        waste=_with(_ZEROS[context.table.players], seat, mask),
    )
    return _held(state, context, action)


def _bids_allowed(context: HandContext, seat: int) -> int:
    """The kernel's mask of the bids ``seat`` may make at its turn in the hand of ``context``."""
    table = context.table
    return allowed_bids(
        table,
        bid_pairs(context.bids),
        seat,
        spade_count(table, context.held[seat]),
        behind(table, context.scores, seat),
        first_hand(context.hand_number),
    )


def draw(state: GameState, action: Draw) -> GameState:
    """The state after the drawer takes ``action``'s card from the stock (two-handed Spades):
    the first card of a turn waits to be kept or discarded; the second goes where the first did
    not, and the turn passes. After the last card the hands are held and the bidding starts."""
    c = state.context
    table = c.table
    if state.phase is _DRAW:
        dealer, number = c.dealer, c.hand_number
        holdings, waste = c.held, c.waste
    else:
        dealer, number = _next_hand(state)
        holdings = waste = _ZEROS[2]
    gone = sum(mask.bit_count() for mask in holdings) + sum(mask.bit_count() for mask in waste)
    seat = drawer(table, dealer, gone)
    index = action.card.index
    fate = draw_fate(holdings[seat].bit_count(), waste[seat].bit_count())
    if fate == DRAW_CHOOSE:
        return _drawing(state, dealer, number, seat, holdings, waste, index, action)
    bit = 1 << index
    if fate == DRAW_KEEP:
        holdings = _with(holdings, seat, holdings[seat] | bit)
    else:
        waste = _with(waste, seat, waste[seat] | bit)
    if gone + 1 < DRAWN_CARDS:
        after = drawer(table, dealer, gone + 1)
        return _drawing(state, dealer, number, after, holdings, waste, -1, action)
    hands = Deal(tuple(Hand.from_mask(mask) for mask in holdings))
    return _dealt(state, dealer, number, hands, holdings, waste, action)


def choose(state: GameState, seat: Seat, action: Keep | Discard) -> GameState:
    """The state after the drawer keeps or discards the card they drew (two-handed Spades): the
    next card, drawn, goes the other way."""
    context = state.context
    bit = 1 << state.shown
    action = action.for_seat(seat)
    holdings, waste = context.held, context.waste
    if isinstance(action, Keep):
        holdings = _with(holdings, seat, holdings[seat] | bit)
    else:
        waste = _with(waste, seat, waste[seat] | bit)
    number = context.hand_number
    return _drawing(state, context.dealer, number, seat, holdings, waste, -1, action)


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
    context = state.context._replace(dealer=dealer, hand_number=number, result=None, deal=None)
    context = context._replace(held=holdings, bids=_NO_BIDS[2], exchanges=(), waste=waste)
    return _state(context, _DRAW, seat, 0, state, action, shown)


def bid(state: GameState, seat: Seat, action: Bid) -> GameState:
    """The state after ``seat`` bids: the next bidder, the exchange, or the first lead."""
    context = state.context
    table = context.table
    bids = list(context.bids)
    if action.seat is not seat:
        action = seated(action, seat)
    bids[seat] = action
    context = _context(
        HandContext,
        context.rules,
        table,
        context.dealer,
        context.hand_number,
        context.scores,
        context.bags,
        context.start,
        context.history,
        None,
        context.deal,
        context.held,
        tuple(bids),
        (),
        context.waste,
    )
    after = table.after[seat]
    if bids[after] is None:  # bidding goes round once: the first bidder is next after the last
        allowed = table.fixed_bids or _bids_allowed(context, after)
        return _state(context, _BIDDING, after, allowed, state, action)
    if table.redeal_below and redeal_for_total(table, bid_pairs(context.bids)) is not None:
        # The bids total too few (redeal_below_total): the hand is thrown in, as by a redeal.
        c = context
        thrown = _between(
            c.rules, table, c.dealer, c.hand_number, c.scores, c.bags, c.start, c.history
        )
        return _state(thrown, _DEAL, None, 0, state, action)
    steps = _exchange_steps(context)
    if steps:
        return _state(context, _EXCHANGE, steps[0][0], 0, state, action)
    return _first_lead(state, context, action)


def redeal(state: GameState, action: Redeal, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, is thrown in by ``action``: the
    same dealer deals the same hand again, the bids made are void, and nothing is scored (the
    history is unchanged). ``state`` is the state before the call: during the hand's bidding (the
    engine), or, for the verifier, where a record's thrown-in hand could not be followed."""
    c = state.context
    context = _between(c.rules, c.table, dealer, number, c.scores, c.bags, c.start, c.history)
    return _state(context, _DEAL, None, 0, state, action)


def _exchange_steps(context: HandContext) -> list[tuple[int, int, int]]:
    rules = context.rules
    if not (rules.blind_nil_exchange or rules.nil_exchange):
        return []
    return exchange_steps(context.table, context.dealer, bid_pairs(context.bids))


def exchange(state: GameState, seat: Seat, action: Exchange) -> GameState:
    """The state after ``seat`` passes the cards of ``action`` to its partner."""
    if action.seat is not seat:
        action = Exchange(action.cards, seat=seat)
    context = state.context
    context = context._replace(
        held=passed(context.table, context.held, seat, action.cards.mask),
        exchanges=(*context.exchanges, (seat, action.cards)),
    )
    steps = _exchange_steps(context)
    if len(context.exchanges) < len(steps):
        giver = steps[len(context.exchanges)][0]
        return _state(context, _EXCHANGE, giver, 0, state, action)
    return _first_lead(state, context, action)


def _first_lead(state: GameState, context: HandContext, action: Action) -> GameState:
    """The state of the first lead of the hand of ``context``, after ``action``."""
    table = context.table
    leader = first_leader(table, context.dealer, context.held)
    assert leader is not None, "a real deal gives the lowest club to one seat"
    legal = legal_cards(table, context.held[leader], (), False, True)
    return _state(context, _PLAY, leader, legal, state, action)


def play(state: GameState, seat: Seat, index: int) -> GameState:
    """The state after ``seat`` plays the card ``index``; the hot path of every game.

    The engine's referee move :func:`~spades.engine.play_anyway` comes here too with a card the
    rules forbid (but ``seat`` holds), so that a record's hand can be followed to its end.
    """
    # The fields, read at once (a state is a tuple of them).
    context, _, _, played, trick, done, won, broken, _, _, _, _ = state
    table = context.table
    played |= 1 << index
    trick += (index,)
    if not broken:
        broken = table.breakers[table.suit_of[trick[0]]] >> index & 1 == 1
    action = SEATED_PLAYS[seat][index]
    if len(trick) < table.players:
        after = table.after[seat]
        legal = follow_mask(table, context.held[after] & ~played, trick, not done)
        return _new(
            GameState,
            context,
            _PLAY,
            SEATS[after],
            played,
            trick,
            done,
            won,
            broken,
            legal,
            -1,
            state,
            action,
        )
    # The trick is complete: its winner leads the next one, or the hand is over.
    leader = table.after[seat]
    winner = table.orders[leader][trick_winner(trick, table.deck)]
    counts = list(won)
    counts[winner] += 1
    won = tuple(counts)
    done = (*done, (leader, *trick))
    if len(done) < table.tricks:
        legal = lead_mask(table, context.held[winner] & ~played, broken, False)
        return _new(
            GameState,
            context,
            _PLAY,
            SEATS[winner],
            played,
            (),
            done,
            won,
            broken,
            legal,
            -1,
            state,
            action,
        )
    return _close(state, context, context.bids, won, played, done, broken, action)


def counts(state: GameState, action: Counts) -> GameState:
    """The state after a hand told by its counts: dealt (its cards unknown), bid and scored."""
    dealer, number = _next_hand(state)
    c = state.context
    table = c.table
    bids = tuple(None if b is None else seated(b, seat) for b, seat in zip(action.bids, SEATS))
    held = _ZEROS[table.players]
    context = c._replace(dealer=dealer, hand_number=number, result=None, deal=None, held=held)
    context = context._replace(bids=bids, exchanges=(), waste=())
    return _close(state, context, bids, action.tricks, 0, (), False, action)


def close(
    state: GameState, bids: Sequence[Bid | None], tricks: Sequence[int], action: Counts
) -> GameState:
    """The state after the hand in progress is closed and scored from its counts, with the
    tricks played so far kept in its :class:`~spades.tricks.CompletedHand` (for the verifier: a
    record that gives some plays of a hand and then only its counts)."""
    seated_bids = tuple(None if b is None else seated(b, seat) for b, seat in zip(bids, SEATS))
    return _close(
        state,
        state.context,
        seated_bids,
        tuple(tricks),
        state.played_mask,
        state.played_tricks,
        state.spades_broken,
        action,
    )


def rescore(state: GameState, reneges: tuple[int, ...]) -> GameState:
    """``state``, a hand just closed, with the hand scored again counting each side's reneges, as
    the rules' ``renege_penalty`` says (for the verifier: a record whose plays break
    follow-suit). The result replaces ``state``: it follows the same state by the same action."""
    before = state.previous
    assert before is not None and state.last_action is not None
    closed = state.context
    context = closed._replace(
        scores=before.scores, bags=before.bags, history=closed.history[:-1], result=None
    )
    return _close(
        before,
        context,
        closed.bids,
        state.trick_counts,
        state.played_mask,
        state.played_tricks,
        state.spades_broken,
        state.last_action,
        reneges,
    )


def _close(
    state: GameState,
    context: HandContext,
    bids: tuple[Bid | None, ...],
    tricks: tuple[int, ...],
    played: int,
    done: tuple[tuple[int, ...], ...],
    broken: bool,
    action: Action,
    reneges: tuple[int, ...] | None = None,
) -> GameState:
    """The state after the hand of ``context`` is scored from its bids and counts (and each
    side's reneges): the totals move on and the game is decided. ``state`` is the state before
    ``action``. Bids all None are a hand played without bids (``first_hand_trick_points``)."""
    table = context.table
    dealer, number, dealt, exchanges = (
        context.dealer,
        context.hand_number,
        context.deal,
        context.exchanges,
    )
    if table.early_spade_renege and done:  # the spades led before they were broken
        early = early_spade_reneges(table, context.held, done)
        if any(early):
            reneges = early if reneges is None else tuple(map(sum, zip(reneges, early)))
    pairs = None if bids[0] is None else bid_pairs(bids)
    totals = hand_score(table, pairs, tricks, context.bags, reneges)  # type: ignore[arg-type]
    scores = tuple(before + side[0] for before, side in zip(context.scores, totals))
    done_hand = CompletedHand(
        context.rules,
        number,
        dealer,
        dealt,
        bids,
        exchanges,
        done,
        tricks,
        context.scores,
        context.bags,
        None if reneges is None or not any(reneges) else reneges,
        Hand.from_mask(sum(context.waste)) if table.buried and context.waste else None,
    )
    facts: tuple[Fact, ...] = ()
    if table.outright_end:  # the hand's own facts may end the game (winning_bid, sets_to_lose...)
        start, history = context.start, context.history
        sets = sets_after(table, sets_in_game(table, start.sets, history), totals, reneges)
        runs = None
        if table.rules.consecutive_sets_to_lose is not None:
            runs = runs_in_game(table, start.consecutive_sets, history)
            runs = runs_after(table, runs, totals, reneges)
        facts = hand_facts(table, totals, tricks, reneges, number, sets, runs)
    result = game_result(table, scores, number, facts)
    after = _context(
        HandContext,
        context.rules,
        table,
        dealer,
        number,
        scores,
        tuple(side[5] for side in totals),
        context.start,
        (*context.history, done_hand),
        result,
        dealt,
        context.held,
        bids,
        exchanges,
        context.waste,
    )
    phase = _HAND_OVER if result is None else _GAME_OVER
    return _new(
        GameState, after, phase, None, played, (), done, tricks, broken, 0, -1, state, action
    )
