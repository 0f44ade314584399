"""spades.rl.env: the AEC environment passes PettingZoo's own tests at every table, its parallel
form passes the parallel API test, and its rewards, ends, exchanges and draws are the game's."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402

from spades import (  # noqa: E402
    Bid,
    Deal,
    IllegalActionError,
    Phase,
    RuleSet,
    Seat,
    SpadesError,
    apply,
    legal_actions,
    new_game,
    score_hand,
    view,
)
from spades.rl import SpadesEnv, parallel_env  # noqa: E402
from spades.rl.action_space import ACTIONS, DISCARD, KEEP, NIL  # noqa: E402
from spades.rl.observation import field_slice  # noqa: E402
from tables import TableKind  # noqa: E402


def random_step(env: SpadesEnv, rng: np.random.Generator) -> None:
    """One step of an agent that picks among the actions its mask allows."""
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        env.step(None)
        return
    mask = env.observe(agent)["action_mask"]
    env.step(int(rng.choice(np.flatnonzero(mask))))


#: What api_test says of every environment whose observation is a dict of the vector and the
#: action mask, as PettingZoo's own card games' are (it lists those by name).
DICT_OBSERVATION = (
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.filterwarnings(*DICT_OBSERVATION)
@pytest.mark.parametrize("episode", ["hand", "game"])
def test_pettingzoos_api_test_passes(table_kind: TableKind, episode: str) -> None:
    api_test(SpadesEnv(table_kind.preset_rules, episode=episode), num_cycles=300)


def test_pettingzoos_seed_test_passes(table_kind: TableKind) -> None:
    seed_test(lambda: SpadesEnv(table_kind.preset_rules, episode="game"), num_cycles=80)


def test_the_parallel_form_passes_the_parallel_api_test(table_kind: TableKind) -> None:
    parallel_api_test(parallel_env(table_kind.preset_rules, episode="hand"), num_cycles=200)


def test_pettingzoos_render_test_passes() -> None:
    render_test(
        lambda render_mode=None: SpadesEnv(render_mode=render_mode),
        custom_tests={
            "svg": lambda drawn: drawn.startswith("<svg"),
            "ansi": lambda drawn: "Hand 1, dealer N" in drawn,
        },
    )


def test_the_trick_winner_leads_so_aec_to_parallel_is_refused() -> None:
    # PettingZoo's aec_to_parallel needs agents acting in a fixed cycle; the metadata says so.
    assert SpadesEnv.metadata["is_parallelizable"] is False


def test_the_agents_are_the_seats_of_the_rules(table_kind: TableKind) -> None:
    env = SpadesEnv(table_kind.preset_rules)
    assert env.possible_agents == [f"player_{seat.value}" for seat in table_kind.seats]
    assert [env.seat_of(agent) for agent in env.possible_agents] == list(table_kind.seats)
    with pytest.raises(SpadesError) as error:
        env.seat_of("player_9")
    assert error.value.reason == "bad_agent"


def test_the_first_agent_is_the_seat_to_act() -> None:
    env = SpadesEnv("standard")
    env.reset(seed=5)
    # The dealer is North; East bids first (the dealer's left).
    assert env.game.phase is Phase.BIDDING and env.agent_selection == "player_1"


def test_a_hand_episode_rewards_each_seat_its_sides_points(table_kind: TableKind) -> None:
    env = SpadesEnv(table_kind.preset_rules, episode="hand")
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        random_step(env, rng)
        for name, reward in env.rewards.items():
            totals[name] += reward
    done = env.game.history[-1]
    # The witness: the hand scored again from its bids and tricks alone.
    score = score_hand(env.rules, list(done.bids), list(done.tricks_won))
    for agent in env.possible_agents:
        side = env.rules.side_of(env.seat_of(agent))
        assert totals[agent] == score[side].points


def test_a_game_result_is_plus_one_to_the_winners() -> None:
    rules = RuleSet(max_hands=1)
    env = SpadesEnv(rules, reward="game_result")
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        random_step(env, rng)
        for name, reward in env.rewards.items():
            totals[name] += reward
    ns, ew = env.game.scores
    # One hand, then the cap: the higher total wins (a tie at the cap is played on).
    assert env.game.phase is Phase.GAME_OVER and ns != ew
    assert totals["player_0"] == totals["player_2"] == (1.0 if ns > ew else -1.0)
    assert totals["player_1"] == totals["player_3"] == -totals["player_0"]


def test_a_game_episode_deals_every_hand_until_the_end() -> None:
    env = SpadesEnv(RuleSet(max_hands=3))
    env.reset(seed=4)
    rng = np.random.default_rng(2)
    steps = 0
    while env.agents:
        random_step(env, rng)
        steps += 1
    assert env.game.phase is Phase.GAME_OVER and len(env.game.history) >= 3
    assert steps >= 3 * (4 + 52)


def test_max_cycles_truncates_after_that_many_actions_each() -> None:
    # PettingZoo's max_cycles_test samples actions without the mask, which the environment
    # refuses, and counts a parallel step as a cycle; here each of the four bids and then plays
    # a card to each trick, so four cycles are the bids and three tricks.
    env = SpadesEnv(max_cycles=4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    acted = dict.fromkeys(env.possible_agents, 0)
    while env.agents:
        agent = env.agent_selection
        if not env.truncations[agent]:
            acted[agent] += 1
        random_step(env, rng)
    assert acted == dict.fromkeys(env.possible_agents, 4)
    assert len(env.game.completed_tricks) == 3


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = SpadesEnv()
    env.reset(seed=1)
    before = env.game
    with pytest.raises(IllegalActionError) as error:
        env.step(0)  # the two of clubs, while bidding
    assert error.value.reason.value == "wrong_phase"
    assert env.game is before
    for bad in (ACTIONS, -1, "nil", 2.5):
        with pytest.raises(SpadesError) as refused:
            env.step(bad)
        assert refused.value.reason == "bad_action"
    env.step(np.int64(NIL + 3))  # numpy's integers are numbers
    assert env.game.bids[Seat.E] == Bid(3, seat=Seat.E)


def test_a_bad_option_is_refused_with_a_sentence() -> None:
    for options, reason in (
        ({"episode": "round"}, "bad_episode"),
        ({"reward": "money"}, "bad_reward"),
        ({"max_cycles": 0}, "bad_max_cycles"),
        ({"render_mode": "rgb_array"}, "bad_render_mode"),
    ):
        with pytest.raises(SpadesError) as error:
            SpadesEnv(**options)
        assert error.value.reason == reason
        assert error.value.message.endswith(".")
    env = SpadesEnv()
    with pytest.raises(SpadesError) as error:
        env.reset(options={"state": new_game("two_player")})
    assert error.value.reason == "bad_state"


def test_the_blind_nil_exchange_is_chosen_a_card_at_a_time() -> None:
    rules = RuleSet(blind_nil=True, blind_nil_exchange=2)
    deal = Deal.random(7)
    state = apply(new_game(rules), deal)
    # East bids blind nil, then everyone bids: the partners exchange two cards each.
    state = apply(state, Bid.BLIND_NIL)
    while state.phase is Phase.BIDDING:
        state = apply(state, Bid(3))
    env = SpadesEnv(rules, episode="hand")
    env.reset(seed=0, options={"state": state})
    giver = env.game.to_act
    assert env.game.phase is Phase.EXCHANGE and giver is not None
    agent = env.agent_of(giver)
    held = env.game.holding(giver)
    first, second = list(held)[:2]
    observed = env.observe(agent)
    assert observed["action_mask"].sum() == len(held)
    env.step(first.index)
    assert env.agent_selection == agent and env.game is state  # nothing passed yet
    observed = env.observe(agent)
    assert observed["action_mask"][first.index] == 0
    assert observed["action_mask"].sum() == len(held) - 1
    assert observed["observation"][field_slice("chosen")][first.index] == 1
    with pytest.raises(IllegalActionError):
        env.step(first.index)  # already chosen
    env.step(second.index)
    assert env.game.context.exchanges[0][0] is giver
    assert set(env.game.context.exchanges[0][1]) == {first, second}


def test_the_dealers_discard_is_chosen_a_card_at_a_time() -> None:
    rules = RuleSet(deck="jokers", spare_cards="dealer_discards")
    env = SpadesEnv(rules, episode="hand")
    env.reset(seed=9)
    assert env.game.phase is Phase.BURY
    dealer = env.game.dealer
    agent = env.agent_of(dealer)
    assert env.agent_selection == agent
    cards = list(env.game.holding(dealer))
    assert len(cards) == 15
    assert env.observe(agent)["action_mask"].sum() == 15
    env.step(cards[0].index)
    env.step(cards[1].index)
    assert env.game.phase is Phase.BIDDING
    assert set(view(env.game, dealer).discards) == {cards[0], cards[1]}


def test_the_two_handed_draw_offers_keep_or_discard() -> None:
    env = SpadesEnv("two_player", episode="hand")
    env.reset(seed=6)
    assert env.game.phase is Phase.DRAW
    mask = env.observe(env.agent_selection)["action_mask"]
    assert list(np.flatnonzero(mask)) == [KEEP, DISCARD]
    before = env.game.stock_size
    env.step(KEEP)
    assert env.game.stock_size < before


def test_a_state_given_to_reset_is_played_on() -> None:
    state = apply(new_game(), Deal.random(3))
    env = SpadesEnv(episode="hand")
    env.reset(options={"state": state})
    assert env.game is state
    mask = env.observe(env.agent_selection)["action_mask"]
    assert int(mask.sum()) == len(legal_actions(state))
