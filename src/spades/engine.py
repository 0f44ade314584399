"""Start a game, apply actions to it, take them back; and the referee's moves.

All functions are pure: a state is never changed, only replaced, and each new state keeps the one
before it, so :func:`undo` is constant time. Whether an action is legal is decided in
:mod:`spades.legality` (:func:`~spades.legality.check`), so :func:`apply` and
:func:`~spades.legality.check` never disagree.

A referee following a game someone recorded needs a few moves a live game never makes: a card
played against the rules (so that the rest of the hand can still be checked), a hand closed from
its trick counts part-way, a hand told by its counts scored as told, a hand scored again with the
reneges found in it, a hand thrown in or passed over without following it, and a game started
from a standing the rules could not reach. :func:`play_anyway`, :func:`close_hand`,
:func:`count_anyway`, :func:`rescore_hand`, :func:`throw_in`, :func:`pass_over` and
:func:`start_from` make them, through the same transitions as :func:`apply`; the record verifier
(:mod:`spades.records`) uses them and nothing else of the engine's insides.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from . import _transitions
from ._kernel.bidding import bid_bit
from ._kernel.deal import is_real_deal
from ._kernel.table import table_of
from ._text import plural, quote, times
from .actions import (
    Action,
    Bid,
    Bury,
    Counts,
    Deal,
    Discard,
    Draw,
    Exchange,
    Keep,
    Play,
    Redeal,
    counts_problem,
    four_bids,
    trick_counts,
)
from .errors import IllegalActionError, Reason, SpadesError, StandingError
from .legality import check
from .phase import Phase
from .rules import RuleSet, TieRule, as_ruleset
from .score import EndReason, game_result
from .seats import Seat, Side
from .standing import Standing, side_values, totals_text
from .state import GameState
from .violation import not_a_state, phase_text

__all__ = [
    "apply",
    "apply_counts",
    "chance_action",
    "close_hand",
    "count_anyway",
    "new_game",
    "pass_over",
    "play_anyway",
    "rescore_hand",
    "start_from",
    "throw_in",
    "undo",
]

# Read once: looking an enum member up on its class costs a Python call on CPython 3.11; and the
# transitions of the hot path, so that apply does not look them up in the module each time.
_play_card = _transitions.play
_bid = _transitions.bid
_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
_DEAL = Phase.DEAL
_HAND_OVER = Phase.HAND_OVER
_GAME_OVER = Phase.GAME_OVER
#: The standing of a game that starts at the beginning.
_FIRST_HAND = Standing()
#: The same when every player plays alone (partnerships False): a total per seat, by seats.
_FIRST_ALONE = {n: Standing(scores=(0,) * n, bags=(0,) * n) for n in (2, 3, 4)}


def new_game(
    rules: RuleSet | str | None = None,
    *,
    dealer: Seat | str = Seat.N,
    scores: Sequence[int] | Mapping[Side | str, int] | None = None,
    bags: Sequence[int] | Mapping[Side | str, int] | None = None,
    hand_number: int = 1,
    sets: Sequence[int] | Mapping[Side | str, int] | None = None,
    consecutive_sets: Sequence[int] | Mapping[Side | str, int] | None = None,
) -> GameState:
    """A game waiting for its deal, from any standing: a dispute usually starts mid-game.

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset name (the ``standard`` rules when
    None). ``scores`` and ``bags`` are the totals by side before hand ``hand_number``, which
    ``dealer`` deals: (NS, EW), or (N, E, S, W) when every player plays alone
    (``partnerships=False``); they may also be mappings by side (None for 0 each). ``sets`` are
    how many times each side has been set so far (for :attr:`~spades.rules.RuleSet.sets_to_lose`;
    None for 0 each), and ``consecutive_sets`` in how many hands in a row, the last before this
    one (for :attr:`~spades.rules.RuleSet.consecutive_sets_to_lose`; None for 0 each). A standing
    these rules cannot reach is a :class:`~spades.errors.StandingError`.
    """
    try:
        rules = as_ruleset(rules)
    except SpadesError as error:
        raise StandingError(error.message, field="rules") from None
    if (
        dealer is Seat.N
        and scores is None
        and bags is None
        and type(hand_number) is int
        and hand_number == 1
        and sets is None
        and consecutive_sets is None
    ):
        # A new game from the start, which every rule set can reach: nothing to check.
        return _transitions.start(
            rules, _FIRST_HAND if rules.partnerships else _FIRST_ALONE[rules.players]
        )
    zeros = (0,) * len(rules.sides)
    scores = zeros if scores is None else side_values(scores, "scores", rules=rules)
    bags = zeros if bags is None else side_values(bags, "bags", minimum=0, rules=rules)
    counts = zeros if sets is None else side_values(sets, "sets", minimum=0, rules=rules)
    runs = (
        zeros
        if consecutive_sets is None
        else side_values(consecutive_sets, "consecutive_sets", minimum=0, rules=rules)
    )
    standing = Standing(
        dealer=dealer,
        hand_number=hand_number,
        scores=scores,
        bags=bags,
        sets=counts,
        consecutive_sets=runs,
    )
    problem = _standing_problem(rules, standing)
    if problem is not None:
        raise problem
    return _transitions.start(rules, standing)


def _standing_problem(rules: RuleSet, standing: Standing) -> StandingError | None:
    """Why ``rules`` cannot start from ``standing``, or None."""
    if standing.dealer not in rules.seats:
        return StandingError(
            f"dealer: {standing.dealer.full_name} has no player at a table of {rules.players}; "
            f"the dealer is one of {', '.join(seat.name for seat in rules.seats)}.",
            field="dealer",
        )
    for team, count in zip(rules.sides, standing.bags):
        # Carried bags stay under the threshold, except where one penalty a hand can leave more.
        limit = None if rules.bag_penalty_once_per_hand else rules.bag_threshold
        if limit is not None and count >= limit:
            return StandingError(
                f"{team} cannot start with {count} bags: under these rules a bag count is "
                f"from 0 to {limit - 1}.",
                field="bags",
            )
    limit = rules.sets_to_lose
    for side, count in zip(rules.sides, standing.sets):
        if limit is not None and count >= limit:
            return StandingError(
                f"The game is already over: {side} has been set {times(count)}, and under these "
                f"rules a side set {times(limit)} loses (sets_to_lose).",
                field="sets",
            )
    in_a_row = rules.consecutive_sets_to_lose
    for side, run in zip(rules.sides, standing.consecutive_sets):
        if in_a_row is not None and run >= in_a_row:
            return StandingError(
                f"The game is already over: {side} has been set in {plural(run, 'hand')} in a "
                f"row, and under these rules a side set in {plural(in_a_row, 'hand')} in a row "
                f"loses (consecutive_sets_to_lose).",
                field="consecutive_sets",
            )
    cap = rules.max_hands
    if cap is not None and standing.hand_number > cap and rules.tie_at_cap is TieRule.SHARED:
        return StandingError(
            f"Hand {standing.hand_number} cannot be played: these rules stop after "
            f"{rules.max_hands} hands.",
            field="hand_number",
        )
    # hand_number is within the cap, or past it where a tie at the cap plays on: the cap decides
    # only a game past it whose scores are not tied; otherwise only the target or the floor can.
    decided = game_result(table_of(rules), standing.scores, standing.hand_number - 1)
    if decided is not None and decided.reason is EndReason.CAP:
        return StandingError(
            f"Hand {standing.hand_number} cannot be played: these rules stop after {cap} hands "
            f"unless the scores are tied, and {totals_text(rules, standing.scores)} is not a "
            "tie.",
            field="hand_number",
        )
    if decided is not None:
        line = (
            f"the target is {rules.target_score}"
            if decided.reason is EndReason.TARGET
            else f"the losing score is {rules.losing_score}"
        )
        return StandingError(
            f"The game is already over at {totals_text(rules, standing.scores)}: {line}.",
            field="scores",
        )
    return None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`~spades.errors.IllegalActionError` if it is
    illegal (``state`` is unchanged), and :class:`TypeError` if it is not an action at all.

    >>> from spades import Deal, new_game
    >>> state = apply(new_game('standard'), Deal.random(7))
    >>> state.phase, state.to_act
    (Phase.BIDDING, Seat.E)
    """
    kind = action.__class__
    if kind is Play:
        # The hot path: a legal card is a bit of the state's legal mask.
        try:
            phase = state.phase
            legal = state.legal
        except AttributeError:
            raise not_a_state(state) from None
        index = action.card.index  # type: ignore[union-attr]
        seat = state.to_act
        if (
            phase is _PLAY and legal >> index & 1 and (action.seat is None or action.seat is seat)  # type: ignore[union-attr]
        ):
            return _play_card(state, seat, index)  # type: ignore[arg-type]
    elif kind is Bid and state.__class__ is GameState and state.phase is _BIDDING:
        seat = state.to_act
        bid: Bid = action  # type: ignore[assignment]
        if state.legal & bid_bit(bid.tricks, bid.blind) and bid.seat in (None, seat):
            return _bid(state, seat, bid)  # type: ignore[arg-type]
    elif kind is Deal and state.__class__ is GameState:
        phase = state.phase
        table = state.context.table
        if (phase is _DEAL or phase is _HAND_OVER) and is_real_deal(table, action.masks):  # type: ignore[union-attr]
            return _transitions.deal(state, action)  # type: ignore[arg-type]
    violation = check(state, action)
    if violation is not None:
        raise violation.error()
    if isinstance(action, Play):  # a subclass of Play
        return _transitions.play(state, state.to_act, action.card.index)  # type: ignore[arg-type]
    if isinstance(action, Bid):
        return _transitions.bid(state, state.to_act, action)  # type: ignore[arg-type]
    if isinstance(action, Deal):
        return _transitions.deal(state, action)
    if isinstance(action, Exchange):
        return _transitions.exchange(state, state.to_act, action)  # type: ignore[arg-type]
    if isinstance(action, Bury):
        return _transitions.bury(state, state.to_act, action)  # type: ignore[arg-type]
    if isinstance(action, Draw):
        return _transitions.draw(state, action)
    if isinstance(action, (Keep, Discard)):
        return _transitions.choose(state, state.to_act, action)  # type: ignore[arg-type]
    if isinstance(action, Redeal):
        seat = state.to_act
        called = action if action.seat is seat else Redeal(seat=seat)
        return _transitions.redeal(state, called, state.dealer, state.hand_number)
    return _transitions.counts(state, action)


def chance_action(state: GameState, rng: random.Random | int | None = None) -> Deal | Draw:
    """The chance action due now, at random from ``rng`` (a :class:`random.Random`, a seed, or
    None for a fresh one): the next card drawn from the stock where two players draw their hands
    (:attr:`~spades.state.GameState.needs_draw`), else the next deal. A driver that plays a
    game calls it whenever no seat is to act; anything else is a
    :class:`~spades.errors.SpadesError` (reason ``wrong_phase``).

    >>> from spades import new_game
    >>> state = apply(new_game('two_player'), chance_action(new_game('two_player'), 7))
    >>> state.phase, state.to_act, state.drawn_card is not None
    (Phase.DRAW, Seat.E, True)
    """
    _state_of(state)
    if state.needs_draw:
        return Draw.random(state.stock, rng)
    if state.needs_deal:
        return Deal.random(rng, state.rules)
    raise SpadesError(
        f"No chance action is due: {phase_text(state.phase)}"
        + ("" if state.to_act is None else f", and {state.to_act.full_name} is to act")
        + ".",
        reason="wrong_phase",
    )


def apply_counts(
    state: GameState,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str] | None,
    tricks: Sequence[int] | Mapping[Seat | str, int],
) -> GameState:
    """Play the next hand from its bids and the tricks each seat took, without the cards.

    This is how a table remembers a disputed hand. ``apply(state, Counts(bids, tricks))``, with
    text bids read under the state's rules: the bids are checked as the engine checks them in
    turn (every bidding rule but forced bidding's mirror and whiz, which need the cards; see
    :func:`~spades.bids.hand_bid_violations`), the tricks must add up to a hand, and the hand
    is scored and the game decided exactly as if it had been played. ``bids`` and ``tricks`` are
    in seat order N, E, S, W (the seats in play), or mappings by seat; bids may be
    :class:`~spades.actions.Bid` values, numbers or text. A hand played without bids (a game's
    first hand under ``first_hand_trick_points``) gives ``bids=None``, and only such a hand may.

    >>> state = apply_counts(new_game('partners_app'), [4, 1, 3, 2], [5, 1, 4, 3])
    >>> state.phase, state.scores, state.bags
    (Phase.HAND_OVER, (72, 31), (2, 1))
    """
    return apply(state, _counts_of(state, bids, tricks))


def _counts_of(
    state: GameState,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str] | None,
    tricks: Sequence[int] | Mapping[Seat | str, int],
) -> Counts:
    """The :class:`~spades.actions.Counts` of bids and tricks given under ``state``'s rules."""
    rules = _state_of(state).rules
    if bids is None and rules.first_hand_trick_points is not None:
        read = None  # no bids: legal only in a hand played without bids
    else:  # four Nones are no bids too; Counts refuses some bids without the rest
        read = four_bids(
            bids,  # type: ignore[arg-type]
            zero_is_nil=rules.zero_bid_is_nil,
            allow_missing=True,
            seats=rules.players,
        )
    return Counts(read, trick_counts(tricks, rules))


def undo(state: GameState) -> GameState:
    """The state before the last action, in constant time.

    A state made by :func:`new_game` has nothing to undo: a :class:`~spades.errors.SpadesError`
    (reason ``nothing_to_undo``) says so.

    >>> from spades import Bid, Deal, new_game
    >>> dealt = apply(new_game(), Deal.random(7))
    >>> undo(apply(dealt, Bid(3))) == dealt
    True
    """
    previous = _state_of(state).previous
    if previous is None:
        raise SpadesError(
            "There is nothing to undo: this state is where the game started.",
            reason="nothing_to_undo",
        )
    return previous


def _state_of(state: object) -> GameState:
    """``state``, a game state; the documented TypeError for anything else."""
    if not isinstance(state, GameState):
        raise not_a_state(state)
    return state


# -- the referee's moves ---------------------------------------------------------------------------


def _referee_error(move: str, why: str) -> SpadesError:
    return SpadesError(f"{move} is not possible: {why}.", reason="wrong_phase")


def play_anyway(state: GameState, play: Play) -> GameState:
    """The state after the seat to act plays ``play``'s card although the rules forbid it: what a
    referee does with a recorded card that breaks a rule, so that the rest of the hand can still
    be followed (the card is removed from the seat's hand and the trick goes on as usual). The
    seat must hold the card; anything but a card in play is a
    :class:`~spades.errors.SpadesError` (reason ``wrong_phase``), and anything that is not a
    :class:`~spades.actions.Play` a :class:`TypeError`.

    >>> from spades import Deal, Bid, Play, check, new_game
    >>> state = apply(new_game(), Deal.random(7))
    >>> for _ in range(4):
    ...     state = apply(state, Bid(3))
    >>> state.holding(state.to_act)
    Hand('Q74.AJ742.Q84.72')
    >>> print(check(state, Play('Qs')))
    East may not lead a spade: spades are not broken and East holds other suits.
    >>> after = play_anyway(state, Play('Qs'))
    >>> after.trick_cards, after.to_act
    ((49,), Seat.S)
    """
    _state_of(state)
    if not isinstance(play, Play):
        raise TypeError(f"play_anyway() plays a Play, not {quote(play)}.")
    seat = state.to_act
    if state.phase is not _PLAY or seat is None:
        raise _referee_error(f"Playing {play.card}", phase_text(state.phase))
    if play.seat is not None and play.seat is not seat:
        raise _referee_error(f"Playing {play.card}", f"it is {seat.full_name}'s turn")
    if not state.holding(seat).mask >> play.card.index & 1:
        raise _referee_error(f"Playing {play.card}", f"{seat.full_name} does not hold it")
    return _transitions.play(state, seat, play.card.index)


def close_hand(
    state: GameState,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str] | None,
    tricks: Sequence[int] | Mapping[Seat | str, int],
) -> GameState:
    """The state after the hand in progress is closed and scored from its bids and the tricks
    each seat took in all (read as :func:`apply_counts` reads them, without judging the bids),
    keeping the tricks played so far: for a record that gives some of a hand's plays and then
    only its counts. Only a hand in progress (the dealer's discard, bidding, the exchange or
    play) can be closed."""
    counts = _counts_of(state, bids, tricks)
    if state.phase not in (Phase.BURY, Phase.BIDDING, Phase.EXCHANGE, _PLAY):
        raise _referee_error("Closing the hand", phase_text(state.phase))
    return _transitions.close(state, counts.bids, counts.tricks, counts)


def count_anyway(state: GameState, counts: Counts) -> GameState:
    """The state after the next hand is scored from ``counts`` although the rules refuse its bids:
    a referee scores a hand as the table told it, to check what was written down. The tricks must
    still be a hand's (and a hand must be due); anything else is a
    :class:`~spades.errors.SpadesError`."""
    _state_of(state)
    if not isinstance(counts, Counts):
        raise TypeError(f"count_anyway() scores a Counts, not {quote(counts)}.")
    if not state.needs_deal:
        raise _referee_error("Scoring a hand from counts", phase_text(state.phase))
    rules = state.rules
    if len(counts.tricks) != rules.players or len(counts.bids) != rules.players:
        raise _referee_error(
            "Scoring a hand from counts", f"{rules.players} play under these rules"
        )
    problem = counts_problem(counts.tricks, rules)
    if problem is not None:
        raise IllegalActionError(problem, reason=Reason.BAD_TRICKS, seat=None, action=counts)
    return _transitions.counts(state, counts)


def rescore_hand(state: GameState, reneges: Sequence[int]) -> GameState:
    """``state``, a hand just closed, with the hand scored again counting each side's reneges
    (by side), as the rules' ``renege_penalty`` says: a record whose plays break follow-suit,
    found out after the hand. The result replaces ``state``: it follows the same state by the
    same action."""
    _state_of(state)
    if state.phase not in (_HAND_OVER, _GAME_OVER) or state.previous is None:
        raise _referee_error("Scoring the hand again", "no hand has just been closed")
    counts = side_values(reneges, "reneges", minimum=0, rules=state.rules)
    return _transitions.rescore(state, counts)


def throw_in(state: GameState, call: Redeal, *, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, is thrown in by ``call`` without
    the engine following it (a record's redeal it could not check): the same dealer deals the
    same hand again, and nothing is scored."""
    _state_of(state)
    if not isinstance(call, Redeal):
        raise TypeError(f"throw_in() throws a hand in with a Redeal, not {quote(call)}.")
    return _transitions.redeal(state, call, Seat.of(dealer), _hand_number(number))


def pass_over(state: GameState, *, dealer: Seat, number: int) -> GameState:
    """The state after hand ``number``, which ``dealer`` dealt, is passed over unscored (a
    record's hand that cannot be scored): the totals stay and nothing is added to the history.
    ``state`` is the state before the hand; the result starts a new chain of states, since no
    action leads to it."""
    _state_of(state)
    return _transitions.skip(state, Seat.of(dealer), _hand_number(number))


def start_from(rules: RuleSet | str | None, standing: Standing) -> GameState:
    """A game waiting for the deal of ``standing``'s hand, even where :func:`new_game` refuses the
    standing (a record that starts where the rules could not have brought it: the referee reports
    it and follows the game all the same)."""
    if not isinstance(standing, Standing):
        raise TypeError(f"start_from() starts from a Standing, not {quote(standing)}.")
    try:
        ruleset = as_ruleset(rules)
    except SpadesError as error:
        raise StandingError(error.message, field="rules") from None
    return _transitions.start(ruleset, standing)


def _hand_number(number: object) -> int:
    return Standing(hand_number=number).hand_number
