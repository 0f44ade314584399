"""spades.rl.observation and spades.rl.action_space: under random rule sets, random legal
episodes never meet an illegal action from the mask, the mask is the engine's legal actions, the
vector keeps its shape, type and bounds, and it is a function of the seat's view alone."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from paths import ROOT  # noqa: E402
from spades import (  # noqa: E402
    Bid,
    Deal,
    GameState,
    Hand,
    IllegalActionError,
    Phase,
    Play,
    RuleSet,
    Seat,
    apply,
    is_legal,
    legal_actions,
    new_game,
    view,
)
from spades.actions import Bury, Exchange  # noqa: E402
from spades.rl import SpadesEnv, action_index, encode_observation, index_action  # noqa: E402
from spades.rl.action_space import ACTIONS, CARD_ACTIONS  # noqa: E402
from spades.rl.observation import (  # noqa: E402
    OBSERVATION_FIELDS,
    OBSERVATION_SIZE,
    field_slice,
    observation_bounds,
    observation_table,
)
from strategies import random_action, rulesets  # noqa: E402
from tables import TABLES  # noqa: E402

LOW, HIGH = observation_bounds()


def check_step(env: SpadesEnv) -> None:
    """What must hold of the agent to act: its mask is what the engine allows, its vector fits."""
    agent = env.agent_selection
    state = env.game
    seat = env.seat_of(agent)
    observed = env.observe(agent)
    vector, mask = observed["observation"], observed["action_mask"]
    assert vector.shape == (OBSERVATION_SIZE,) and vector.dtype == np.float32
    assert mask.shape == (ACTIONS,) and mask.dtype == np.int8
    assert (vector >= LOW).all() and (vector <= HIGH).all()
    assert state.to_act is seat
    actions = legal_actions(state)
    if isinstance(actions[0], (Exchange, Bury)):
        # A card at a time: any card held that is not chosen yet (the witness: the engine's list
        # of whole exchanges, every one of which is a set of cards held).
        chosen = {
            index for index in range(CARD_ACTIONS) if vector[field_slice("chosen")][index] == 1
        }
        allowed = set().union(*({card.index for card in a.cards} for a in actions)) - chosen
        assert set(np.flatnonzero(mask)) == allowed
        return
    # The witness: the engine's own check of the action each number stands for.
    for index in range(ACTIONS):
        assert mask[index] == is_legal(state, index_action(index, seat)), index
    assert int(mask.sum()) == len(actions)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(rules=rulesets(), seed=st.integers(0, 2**32), episode=st.sampled_from(["hand", "game"]))
def test_random_episodes_take_only_legal_actions_from_the_mask(
    rules: RuleSet, seed: int, episode: str
) -> None:
    env = SpadesEnv(rules.evolve(max_hands=2) if episode == "game" else rules, episode=episode)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while env.agents and steps < 400:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        check_step(env)
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))  # never refused
        steps += 1


def same_view_states(
    rules: RuleSet, seed: int, moves: int
) -> tuple[GameState, GameState, Seat] | None:
    """Two states of one game that differ only in two cards of one suit swapped between two
    seats (neither having played them yet), and the seat that holds neither."""
    rng = random.Random(seed)
    state = new_game(rules)
    actions = []
    while len(actions) < moves and state.phase is not Phase.GAME_OVER:
        action = random_action(state, rng)
        if isinstance(action, Deal) and actions:
            break
        actions.append(action)
        state = apply(state, action)
    if not actions or not isinstance(actions[0], Deal) or state.to_act is None:
        return None
    players = rules.players
    order = list(range(players))
    rng.shuffle(order)
    observer, one, other = order[0], order[1], order[2]
    hands = [hand.mask for hand in actions[0].hands]
    played = state.played_mask
    for a in range(52):
        for b in range(52):
            if a // 13 != b // 13 or a == b:
                continue
            if not (hands[one] >> a & 1 and hands[other] >> b & 1):
                continue
            if (played >> a | played >> b) & 1:
                continue
            swapped = list(hands)
            swapped[one] ^= (1 << a) | (1 << b)
            swapped[other] ^= (1 << a) | (1 << b)
            twin = new_game(rules)
            try:
                twin = apply(twin, Deal(tuple(Hand.from_mask(mask) for mask in swapped)))
                for action in actions[1:]:
                    twin = apply(twin, action)
            except IllegalActionError:
                continue
            return state, twin, Seat(observer)
    return None


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    rules=st.sampled_from([table.rules for table in TABLES if not table.draws])
    | rulesets().filter(lambda rules: rules.deal_method.value == "deal"),
    seed=st.integers(0, 2**32),
    moves=st.integers(1, 60),
)
def test_the_observation_is_a_function_of_the_view(rules: RuleSet, seed: int, moves: int) -> None:
    found = same_view_states(rules, seed, moves)
    assume(found is not None)
    assert found is not None
    state, twin, observer = found
    assert state.holding_masks != twin.holding_masks  # the states differ
    # The witness: the engine's own views are equal (SeatView's equality, field by field).
    assume(view(state, observer) == view(twin, observer))
    envs = []
    for start in (state, twin):
        env = SpadesEnv(rules, episode="game")
        env.reset(seed=0, options={"state": start})
        envs.append(env)
    agent = envs[0].agent_of(observer)
    first, second = (env.observe(agent) for env in envs)
    assert np.array_equal(first["observation"], second["observation"])
    assert np.array_equal(first["action_mask"], second["action_mask"])


def test_the_fields_hold_the_views_values() -> None:
    rules = RuleSet()
    state = apply(new_game(rules), Deal.random(21))
    for bid in (Bid(3), Bid.NIL, Bid(4), Bid(2)):
        state = apply(state, bid)
    for _ in range(6):  # a trick and two cards
        state = apply(state, legal_actions(state)[-1])
    seat = Seat.S
    seen = view(state, seat)
    vector = encode_observation(seen)
    # The slots from South, clockwise: S, W, N, E.
    slots = [Seat.S, Seat.W, Seat.N, Seat.E]

    def field(name: str) -> np.ndarray:
        return vector[field_slice(name)]

    assert list(field("seat")) == [0, 0, 1, 0]
    assert set(np.flatnonzero(field("hand"))) == {card.index for card in seen.hand}
    assert list(field("bid_made")) == [1, 1, 1, 1]
    assert list(field("bid_nil")) == [float(seen.bids[s].is_nil) for s in slots]
    assert list(field("bid_tricks") * 18) == pytest.approx([seen.bids[s].tricks for s in slots])
    played = field("played").reshape(4, CARD_ACTIONS)
    trick = field("trick").reshape(4, CARD_ACTIONS)
    plays = [play for done in seen.completed_tricks for play in done.plays]
    assert seen.current_trick is not None
    plays += list(seen.current_trick.plays)
    for slot, each in enumerate(slots):
        assert set(np.flatnonzero(played[slot])) == {c.index for s, c in plays if s is each}
        current = {c.index for s, c in seen.current_trick.plays if s is each}
        assert set(np.flatnonzero(trick[slot])) == current
    assert list(field("trick_leader")) == [float(s is seen.current_trick.leader) for s in slots]
    assert list(field("trick_winning")) == [float(s is seen.current_trick.winner) for s in slots]
    assert list(field("tricks_taken") * 18) == pytest.approx([seen.trick_counts[s] for s in slots])
    assert list(field("phase")) == [float(p is Phase.PLAY) for p in Phase]
    assert list(field("to_act")) == [float(s is seen.to_act) for s in slots]


def test_the_scores_are_by_the_side_of_each_slot() -> None:
    state = new_game(RuleSet(), scores=(250, -100), bags=(3, 7), dealer="E")
    vector = encode_observation(view(apply(state, Deal.random(1)), Seat.E))
    # From East: E, S, W, N; EW has -100 and 7 bags, NS 250 and 3, of a target of 500 and ten.
    assert list(vector[field_slice("scores")]) == pytest.approx([-0.2, 0.5, -0.2, 0.5])
    assert list(vector[field_slice("bags")]) == pytest.approx([0.7, 0.3, 0.7, 0.3])
    assert list(vector[field_slice("dealer")]) == [1, 0, 0, 0]


def test_every_engine_action_has_its_number_and_back() -> None:
    for seat in Seat:
        for index in range(ACTIONS):
            action = index_action(index, seat)
            assert action.seat is seat
            assert action_index(action) == index
    assert action_index(Play("Qh")) == 2 * 13 + 10


def test_the_docs_show_the_observation_table() -> None:
    page = (ROOT / "docs" / "research.rst").read_text(encoding="utf-8")
    assert observation_table() in page
    assert sum(field.size for field in OBSERVATION_FIELDS) == OBSERVATION_SIZE
