"""Start a game, apply actions to it, take them back.

All functions are pure: a state is never changed, only replaced, and each new state keeps the one
before it, so :func:`undo` is constant time. Whether an action is legal is decided in
:mod:`spades.legality` (:func:`~spades.legality.check`, :func:`~spades.legality.legal_actions` and
:func:`~spades.legality.is_legal` are re-exported here), so :func:`apply` and
:func:`~spades.legality.check` never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from . import _transitions
from .actions import (
    Action,
    Bid,
    Counts,
    Deal,
    Discard,
    Draw,
    Exchange,
    Keep,
    Play,
    Redeal,
    four_bids,
    trick_counts,
)
from .errors import SpadesError, StandingError
from .legality import Violation as Violation
from .legality import bid_violation, check, not_a_state, phase_text
from .legality import is_legal as is_legal
from .legality import legal_actions as legal_actions
from .rules import as_ruleset
from .rules import RuleSet, TieRule
from .scoring import EndReason, game_result
from .seats import Seat, Side
from .standing import Standing, side_values, totals_text
from .state import GameState, Phase

__all__ = ["apply", "apply_counts", "chance_action", "new_game", "undo"]

# Read once: looking an enum member up on its class costs a Python call on CPython 3.11.
_BIDDING = Phase.BIDDING
#: The standing of a game that starts at the beginning.
_FIRST_HAND = Standing()
#: The same when every player plays alone (partnerships False): a total per seat, by seats.
_FIRST_ALONE = {n: Standing(scores=(0,) * n, bags=(0,) * n) for n in (2, 3, 4)}
_ZEROS = (0, 0)
_FIRST = 1


def new_game(
    rules: RuleSet | str | None = None,
    *,
    dealer: Seat | str = Seat.N,
    scores: Sequence[int] | Mapping[Side | str, int] = _ZEROS,
    bags: Sequence[int] | Mapping[Side | str, int] = _ZEROS,
    hand_number: int = _FIRST,
) -> GameState:
    """A game waiting for its deal, from any standing: a dispute usually starts mid-game.

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset name (the ``standard`` rules when
    None). ``scores`` and ``bags`` are the totals by side before hand ``hand_number``, which
    ``dealer`` deals: (NS, EW), or (N, E, S, W) when every player plays alone
    (``partnerships=False``); they may also be mappings by side. A standing these rules cannot
    reach is a :class:`~spades.errors.StandingError`.
    """
    try:
        rules = as_ruleset(rules)
    except SpadesError as error:
        raise StandingError(error.message, field="rules") from None
    if dealer is Seat.N and scores is _ZEROS and bags is _ZEROS and hand_number is _FIRST:
        # A new game from the start, which every rule set can reach: nothing to check.
        return _transitions.start(
            rules, _FIRST_HAND if rules.partnerships else _FIRST_ALONE[rules.players]
        )
    zeros = (0,) * len(rules.sides)
    scores = zeros if scores is _ZEROS else side_values(scores, "scores", rules=rules)
    bags = zeros if bags is _ZEROS else side_values(bags, "bags", minimum=0, rules=rules)
    standing = Standing(dealer=dealer, hand_number=hand_number, scores=scores, bags=bags)
    if standing.dealer not in rules.seats:
        raise StandingError(
            f"dealer: {standing.dealer.full_name} has no player at a table of {rules.players}; "
            f"the dealer is one of {', '.join(seat.name for seat in rules.seats)}.",
            field="dealer",
        )
    for team, count in zip(rules.sides, standing.bags):
        # Carried bags stay under the threshold, except where one penalty a hand can leave more.
        limit = None if rules.bag_penalty_once_per_hand else rules.bag_threshold
        if limit is not None and count >= limit:
            raise StandingError(
                f"{team} cannot start with {count} bags: under these rules a bag count is "
                f"from 0 to {limit - 1}.",
                field="bags",
            )
    cap = rules.max_hands
    if cap is not None and standing.hand_number > cap and rules.tie_at_cap is TieRule.SHARED:
        raise StandingError(
            f"Hand {standing.hand_number} cannot be played: these rules stop after "
            f"{rules.max_hands} hands.",
            field="hand_number",
        )
    # hand_number is within the cap, or past it where a tie at the cap plays on: the cap decides
    # only a game past it whose scores are not tied; otherwise only the target or the floor can.
    decided = game_result(rules, standing.scores, standing.hand_number - 1)
    if decided is not None and decided.reason is EndReason.CAP:
        raise StandingError(
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
        raise StandingError(
            f"The game is already over at {totals_text(rules, standing.scores)}: {line}.",
            field="scores",
        )
    return _transitions.start(rules, standing)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`~spades.errors.IllegalActionError` if it is
    illegal (``state`` is unchanged), and :class:`TypeError` if it is not an action at all.

    >>> from spades import Deal, new_game
    >>> state = apply(new_game('standard'), Deal.random(7))
    >>> state.phase, state.to_act
    (Phase.BIDDING, Seat.E)
    """
    if type(action) is Play:
        # The hot path: a legal card is a bit of the state's legal mask (0 outside play).
        index = action.card.index
        try:
            legal = state.legal_mask
        except AttributeError:
            raise not_a_state(state) from None
        seat = state.to_act
        if legal >> index & 1 and (action.seat is None or action.seat is seat):
            return _transitions.play(state, seat, index)  # type: ignore[arg-type]
    if type(action) is Bid and isinstance(state, GameState) and state.phase is _BIDDING:
        seat = state.to_act
        if action.seat is None or action.seat is seat:
            violation = bid_violation(state, seat, action)  # type: ignore[arg-type]
            if violation is None:
                return _transitions.bid(state, seat, action)  # type: ignore[arg-type]
    violation = check(state, action)
    if violation is not None:
        raise violation.error()
    if isinstance(action, Play):  # a subclass of Play
        return _transitions.play(state, state.to_act, action.card.index)  # type: ignore[arg-type]
    if isinstance(action, Bid):
        return _transitions.bid(state, state.to_act, action)  # type: ignore[arg-type]
    if isinstance(action, Exchange):
        return _transitions.exchange(state, state.to_act, action)  # type: ignore[arg-type]
    if isinstance(action, Deal):
        return _transitions.deal(state, action)
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
    if not isinstance(state, GameState):
        raise not_a_state(state)
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
    """Play the next hand from its four bids and the tricks each seat took, without the cards.

    This is how a table remembers a disputed hand. ``apply(state, Counts(bids, tricks))``, with
    text bids read under the state's rules: the bids are checked as the engine checks them in
    turn (every bidding rule but forced bidding's mirror and whiz, which need the cards; see
    :func:`~spades.legality.hand_bid_violations`), the tricks must add up to 13, and the hand is
    scored and the game decided exactly as if it had been played. ``bids`` and ``tricks`` are in
    seat order N, E, S, W, or mappings by seat; bids may be :class:`~spades.actions.Bid`
    values, numbers or text. A hand played without bids (a game's first hand under
    ``first_hand_trick_points``) gives ``bids=None``, and only such a hand may.

    >>> state = apply_counts(new_game('partners_app'), [4, 1, 3, 2], [5, 1, 4, 3])
    >>> state.phase, state.scores, state.bags
    (Phase.HAND_OVER, (72, 31), (2, 1))
    """
    if not isinstance(state, GameState):
        raise not_a_state(state)
    rules = state.rules
    if bids is None and rules.first_hand_trick_points is not None:
        read = None  # no bids: legal only in a hand played without bids
    else:  # four Nones are no bids too; Counts refuses some bids without the rest
        read = four_bids(
            bids,  # type: ignore[arg-type]
            zero_is_nil=rules.zero_bid_is_nil,
            allow_missing=True,
            seats=rules.players,
        )
    if rules.players != 4 and not isinstance(tricks, Mapping):
        tricks = trick_counts(tricks, rules)  # three counts, each up to the tricks in a hand
    return apply(state, Counts(read, tricks))


def undo(state: GameState) -> GameState:
    """The state before the last action, in constant time.

    A state made by :func:`new_game` has nothing to undo: a :class:`~spades.errors.SpadesError`
    (reason ``nothing_to_undo``) says so.

    >>> from spades import Bid, Deal, new_game
    >>> dealt = apply(new_game(), Deal.random(7))
    >>> undo(apply(dealt, Bid(3))) == dealt
    True
    """
    if not isinstance(state, GameState):
        raise not_a_state(state)
    previous = state.previous
    if previous is None:
        raise SpadesError(
            "There is nothing to undo: this state is where the game started.",
            reason="nothing_to_undo",
        )
    return previous
