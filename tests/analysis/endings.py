"""Small endings for the double-dummy tests, and the witness they are checked against: a brute
force written from the rules as the public engine plays them (every legal card tried through
:func:`spades.legal_actions` and :func:`spades.apply`), sharing nothing with the solver."""

from __future__ import annotations

import random
from collections.abc import Collection

from spades import Bid, GameState, Phase, Play, Seat, apply, chance_action, legal_actions, new_game


def played_to(preset: str, seed: int, left: int, *, nil: Seat | None = None) -> GameState:
    """A hand of ``preset`` played at random (seeded) to the lead of the trick that leaves
    ``left`` to play; ``nil`` bids nil (every other seat bids a number)."""
    rng = random.Random(seed)
    state = new_game(preset)
    while state.phase is not Phase.PLAY:
        if state.to_act is None or state.needs_draw:
            state = apply(state, chance_action(state, rng))
            continue
        actions = legal_actions(state)
        if state.phase is Phase.BIDDING:
            wanted = [
                a
                for a in actions
                if isinstance(a, Bid) and (a.tricks == 0) == (state.to_act == nil)
            ]
            actions = wanted or actions
        state = apply(state, rng.choice(actions))
    total = state.context.table.tricks
    while state.phase is Phase.PLAY and (
        len(state.played_tricks) < total - left or state.trick_cards
    ):
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def play_out(state: GameState, seed: int) -> GameState:
    """``state``'s hand played to its end at random."""
    rng = random.Random(seed)
    while state.phase is Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def won(state: GameState, seats: Collection[Seat]) -> int:
    """Tricks the ``seats`` have taken this hand (the hand's, once it is over)."""
    counts = state.trick_counts if state.phase is Phase.PLAY else state.history[-1].tricks_won
    return sum(counts[seat] for seat in seats)


def brute(state: GameState, maximizers: Collection[Seat], counted: Collection[Seat]) -> int:
    """The most tricks to come for ``counted`` that ``maximizers`` can make sure of, every other
    seat playing against: every card tried."""
    if state.phase is not Phase.PLAY:
        return 0
    results = []
    for action in legal_actions(state):
        assert isinstance(action, Play)
        after = apply(state, action)
        results.append(
            won(after, counted) - won(state, counted) + brute(after, maximizers, counted)
        )
    return max(results) if state.to_act in maximizers else min(results)


def card_values(
    state: GameState, maximizers: Collection[Seat], counted: Collection[Seat]
) -> dict[str, int]:
    """Each legal card's value (tricks to come, the trick in progress included), by brute force."""
    found = {}
    for action in legal_actions(state):
        assert isinstance(action, Play)
        after = apply(state, action)
        found[str(action.card)] = (
            won(after, counted) - won(state, counted) + brute(after, maximizers, counted)
        )
    return found
