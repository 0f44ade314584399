"""The computer players under the outright ends of a game (``winning_bid``, ``sets_to_lose``,
``first_hand_min_tricks``): every level plays such a game legally to its end, and a playout's
value counts the game a hand wins or loses by them."""

from __future__ import annotations

import random

import pytest

from spades import RuleSet, Seat, apply, is_legal, new_game, view
from spades._kernel.table import table_of
from spades.bots import EasyPlayer, HardPlayer, MediumPlayer, Player
from spades.bots.expert import ExpertPlayer
from spades.bots.playout import GAME_BONUS, hand_value
from spades.bots.seen import read_view
from strategies import random_action

RULES = RuleSet(sets_to_lose=1, first_hand_min_tricks=3, winning_bid=10, target_score=300)


@pytest.mark.parametrize(
    "player", [EasyPlayer(), MediumPlayer(), HardPlayer(), ExpertPlayer()], ids=repr
)
def test_every_level_plays_such_a_game_legally_to_its_end(player: Player) -> None:
    rng = random.Random(11)
    state = new_game(RULES)
    hands = 0
    while not state.is_over and hands < (2 if isinstance(player, ExpertPlayer) else 30):
        if state.needs_deal:
            hands += 1
            state = apply(state, random_action(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        action = player(view(state, seat), rng)
        assert is_legal(state, action), (state, action)
        state = apply(state, action)
    if not isinstance(player, ExpertPlayer):
        assert state.is_over  # one set ends a game of these rules at once


def test_a_playout_counts_the_game_a_hand_wins_or_loses_outright() -> None:
    table = table_of(RULES)
    bids = [(5, False), (1, False), (5, False), (1, False)]
    # NS bid 10 and take 11: the winning bid wins the game for NS, whatever the totals.
    made = hand_value(table, bids, [6, 1, 5, 1], (0, 200), (0, 0), 0, 2, (0, 0))
    plain = hand_value(table, bids, [6, 1, 5, 1], (0, 200), (0, 0), 0, 2, None)
    assert made - plain == GAME_BONUS
    # NS set: their one set loses the game.
    lost = hand_value(table, bids, [4, 3, 5, 1], (0, 0), (0, 0), 0, 2, (0, 0))
    assert lost == hand_value(table, bids, [4, 3, 5, 1], (0, 0), (0, 0), 0, 2, None) - GAME_BONUS


def test_a_seat_reads_the_sets_from_the_hands_it_has_seen() -> None:
    rules = RuleSet(sets_to_lose=3)
    state = new_game(rules)
    rng = random.Random(4)
    while state.hand_number < 3 or state.phase.name != "BIDDING":
        state = apply(state, random_action(state, rng))
        if state.is_over:  # pragma: no cover - not with this seed
            break
    seen = read_view(view(state, Seat.N))
    assert seen.sets == state.standing.sets
