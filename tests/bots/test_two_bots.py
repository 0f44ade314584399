"""The computer players and the arena at a table of two (two-handed Spades, preset two_player):
the draw decided by every level, what a seat knows of the other's hand, playouts of two seats,
and duplicate matches on the same stock."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from spades import (
    Discard,
    Draw,
    GameState,
    Keep,
    Phase,
    Play,
    Seat,
    apply,
    chance_action,
    is_legal,
    legal_actions,
    new_game,
    view,
)
from spades._kernel.playout import play_out
from spades._kernel.table import table_of
from spades.arena import board_stock, duplicate_games, run_match
from spades.bots import EasyPlayer, HardPlayer, MediumPlayer, Player
from spades.bots.deals import imagine_deal, imagine_deals
from spades.bots.expert import ExpertPlayer
from spades.bots.seen import read_view
from spades.bots.tactics import count_tricks

PLAYERS: list[tuple[str, Player]] = [
    ("easy", EasyPlayer()),
    ("medium", MediumPlayer()),
    ("hard", HardPlayer()),
    ("expert", ExpertPlayer(deals=3)),
]
IDS = [name for name, _ in PLAYERS]


def play_drawn(
    state: GameState, player: Player, rng: random.Random, *, hands: int
) -> tuple[GameState, list[GameState]]:
    """Play ``hands`` hands (or to the game's end) with ``player`` at both seats, every card drawn
    by ``chance_action`` and kept or discarded by the player; every action the player returns
    is checked legal. Returns the last state and every state a seat was asked about."""
    asked: list[GameState] = []
    started = 0
    while not state.is_over:
        if state.needs_draw:
            if state.needs_deal:  # the first card of a hand
                if started == hands:
                    break
                started += 1
            state = apply(state, chance_action(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        action = player(view(state, seat), rng)
        assert is_legal(state, action), (state, action)
        asked.append(state)
        state = apply(state, action)
    return state, asked


# -- every level plays the whole game, the draw included ------------------------------------------


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_every_level_draws_bids_and_plays_legally_at_two(name: str, player: Player) -> None:
    hands = 1 if name == "expert" else 3
    state, asked = play_drawn(new_game("two_player"), player, random.Random(name), hands=hands)
    assert state.hand_number >= hands or state.is_over
    draws = [s for s in asked if s.phase is Phase.DRAW]
    # 13 choices a seat a hand: each turn draws one card to choose on and one that goes by.
    assert len(draws) == 26 * hands
    for drawn in draws:
        assert set(legal_actions(drawn)) == {Keep(seat=drawn.to_act), Discard(seat=drawn.to_act)}


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_a_draw_decision_depends_on_the_view_and_the_generator_only(
    name: str, player: Player
) -> None:
    _, asked = play_drawn(new_game("two_player"), player, random.Random(7), hands=1)
    for state in [s for s in asked if s.phase is Phase.DRAW][:8]:
        seat_view = view(state, state.to_act)  # type: ignore[arg-type]
        first = player(seat_view, random.Random(3))
        assert player(seat_view, random.Random(3)) == first
        assert isinstance(first, (Keep, Discard))


def test_the_levels_keep_the_ace_of_spades_and_hard_discards_a_deuce() -> None:
    rng = random.Random(1)
    state = new_game("two_player")
    # The first card drawn goes to East (North deals): the ace of spades, then the two of clubs.
    ace = apply(state, Draw("As"))
    assert ace.to_act is Seat.E and ace.drawn_card is not None
    for player in (MediumPlayer(), HardPlayer(), ExpertPlayer(deals=3)):
        assert player(view(ace, Seat.E), rng) == Keep(seat=Seat.E)
    deuce = apply(state, Draw("2c"))
    for player in (MediumPlayer(), HardPlayer(), ExpertPlayer(deals=3)):
        assert player(view(deuce, Seat.E), rng) == Discard(seat=Seat.E)


def test_easy_keeps_spades_and_high_cards_most_of_the_time() -> None:
    state = new_game("two_player")
    easy = EasyPlayer()
    rng = random.Random(2)
    spade = view(apply(state, Draw("3s")), Seat.E)
    low = view(apply(state, Draw("4h")), Seat.E)
    kept = sum(easy(spade, rng) == Keep(seat=Seat.E) for _ in range(400))
    thrown = sum(easy(low, rng) == Discard(seat=Seat.E) for _ in range(400))
    assert 250 < kept < 350 and 250 < thrown < 350  # three times in four


# -- what a seat knows -----------------------------------------------------------------------------


def test_imagined_deals_deal_the_other_hand_from_the_cards_unseen_never_my_discards() -> None:
    rng = random.Random(11)
    _, asked = play_drawn(new_game("two_player"), HardPlayer(), rng, hands=2)
    checked = 0
    for state in asked[::3]:
        for seat in (Seat.N, Seat.E):
            seat_view = view(state, seat)
            seen = read_view(seat_view)
            other = 1 - int(seat)
            mine = seat_view.discards.mask
            if seat_view.drawn_card is not None:
                mine |= seat_view.drawn_card.mask
            for holdings in [imagine_deal(seen, rng), *imagine_deals(seen, 2, rng, weighted=True)]:
                assert len(holdings) == 2
                assert holdings[int(seat)] == seat_view.hand.mask
                assert holdings[other].bit_count() == seat_view.hand_sizes[other]
                assert holdings[other] & mine == 0, "a card of my discards was dealt to the other"
                assert holdings[other] & state.played.mask == 0
                assert holdings[other] & seat_view.hand.mask == 0
                if state.phase is Phase.PLAY:
                    for suit in range(4):
                        if seen.voids[other] >> suit & 1:
                            assert holdings[other] & seen.deck.suits[suit] == 0
                checked += 1
    assert checked > 100


def test_the_other_hand_is_any_of_the_cards_i_have_not_seen() -> None:
    """With the draw done and nothing played, the other's imagined hand ranges over all 26 cards
    neither in my hand nor in my discards, and only over them."""
    rng = random.Random(4)
    state = new_game("two_player")
    while state.phase is not Phase.BIDDING:
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    seat_view = view(state, Seat.N)
    seen = read_view(seat_view)
    unseen = 0
    for _ in range(200):
        unseen |= imagine_deal(seen, rng)[1]
    assert unseen.bit_count() == 26
    assert unseen & (seat_view.hand.mask | seat_view.discards.mask) == 0


# -- playouts -------------------------------------------------------------------------------------


def test_play_out_replays_card_for_card_on_the_engine_after_a_draw() -> None:
    rng = random.Random(5)
    for _ in range(20):
        state = new_game("two_player")
        while state.phase is not Phase.PLAY:
            if state.needs_draw:
                state = apply(state, chance_action(state, rng))
            else:
                state = apply(state, rng.choice(legal_actions(state)))
        for _ in range(rng.randrange(20)):
            state = apply(state, rng.choice(legal_actions(state)))
        trick = state.current_trick
        assert trick is not None and state.to_act is not None
        bids = [(bid.tricks, bid.blind) for bid in state.bids if bid is not None]
        trace: list[int] = []
        won = play_out(
            table_of(state.rules),
            state.holding_masks,
            [card.index for card in trick.cards],
            int(state.to_act),
            state.trick_counts,
            state.spades_broken,
            bids,
            trace=trace,
        )
        assert sum(won) == 13
        replayed = state
        for card in trace:
            legal = {
                action.card.index: action
                for action in legal_actions(replayed)
                if isinstance(action, Play)
            }
            assert card in legal, f"the playout played an illegal card {card}"
            replayed = apply(replayed, legal[card])
        assert replayed.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert replayed.last_hand is not None
        assert list(replayed.last_hand.tricks_won) == won


# -- bids -----------------------------------------------------------------------------------------


def test_bids_at_two_add_up_to_about_the_thirteen_tricks() -> None:
    rng = random.Random(8)
    totals = []
    for _ in range(40):
        state = new_game("two_player")
        while state.phase is not Phase.PLAY:
            if state.needs_draw:
                state = apply(state, chance_action(state, rng))
                continue
            seat = state.to_act
            assert seat is not None
            state = apply(state, HardPlayer()(view(state, seat), rng))
        totals.append(sum(bid.tricks for bid in state.bids if bid is not None))
    assert 10 <= sum(totals) / len(totals) <= 13
    assert max(totals) <= 13


def test_the_count_at_two_reads_a_random_hand_as_weaker_than_a_drawn_one() -> None:
    rng = random.Random(9)
    counts = []
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        counts.append(count_tricks(sum(1 << card for card in deck[:13]), players=2))
    # A hand dealt at random is weaker than one chosen in the draw, which takes 6.5 tricks on
    # average: by the count, about 4.2.
    assert 3.5 < sum(counts) / len(counts) < 5


# -- the arena ------------------------------------------------------------------------------------


def _draws(state: GameState, hand: int) -> list[str]:
    """The cards drawn in hand ``hand`` of ``state``'s game, in order."""
    actions = []
    while state.previous is not None:
        last = state.last_action
        state = state.previous
        if isinstance(last, Draw) and state.hand_number + (state.phase is Phase.HAND_OVER) == hand:
            actions.append(str(last.card))
    return actions[::-1]


def test_both_tables_draw_the_same_stock_with_the_seats_swapped() -> None:
    first, second = duplicate_games("hard", "easy", rules="two_player", seed=3, index=1)
    order = [str(card) for card in board_stock(3, 1, 1, first.rules)]
    assert _draws(first, 1) == order == _draws(second, 1)
    assert _draws(first, 2) == _draws(second, 2) != order


def test_hard_beats_easy_at_two() -> None:
    with ThreadPoolExecutor(2) as pool:
        result = run_match("hard", "easy", rules="two_player", boards=40, seed=1, executor=pool)
    assert result.players == 2 and not result.partnerships
    assert result.points_per_hand.low > 0
    assert result.a.counts.hands == result.b.counts.hands == result.hands
    assert result.to_dict()["players"] == 2
    assert "Two players" in str(result)
