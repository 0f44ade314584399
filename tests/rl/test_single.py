"""spades.rl.single: one learner against computer players passes Gymnasium's environment checker
at every table, and what it is given is its seat's share of the game."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from spades import IllegalActionError, Phase, Seat, SpadesError, score_hand, view  # noqa: E402
from spades.actions import Action  # noqa: E402
from spades.rl import SingleSeatEnv  # noqa: E402
from spades.rl.observation import field_slice  # noqa: E402
from spades.views import SeatView  # noqa: E402
from tables import TableKind  # noqa: E402

#: After the documentation is built in the same process (tests/test_docs.py), Sphinx's
#: autodoc_preserve_defaults has wrapped the defaults of the signatures it read, and the checker
#: no longer sees reset's ``seed=None`` as None.
SPHINX_DEFAULTS = "ignore:.*The default seed argument.*should be `None`:UserWarning"


@pytest.mark.filterwarnings(SPHINX_DEFAULTS)
def test_gymnasiums_check_env_passes(table_kind: TableKind) -> None:
    # check_env samples actions without the mask: an illegal one ends the episode.
    env = SingleSeatEnv(table_kind.preset_rules, opponents="easy", illegal_reward=-1.0)
    check_env(env, skip_render_check=True)


# (The checker would make the environment again for each render mode through its registry spec;
# this one is built directly, once per mode.)
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
@pytest.mark.filterwarnings(SPHINX_DEFAULTS)
def test_the_render_modes_pass_the_checker() -> None:
    for mode in ("ansi", "svg"):
        env = SingleSeatEnv(render_mode=mode, illegal_reward=-1.0, opponents="easy")
        check_env(env)
        env.reset(seed=1)
        drawn = env.render()
        assert isinstance(drawn, str) and drawn


def play_episode(env: SingleSeatEnv, seed: int) -> tuple[float, int]:
    """A learner that picks at random among what its mask allows: its total reward, and the
    number of its decisions."""
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, decisions, over = 0.0, 0, False
    while not over:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        decisions += 1
        over = terminated or truncated
    return total, decisions


def test_the_learner_gets_its_sides_points_for_the_hand(table_kind: TableKind) -> None:
    env = SingleSeatEnv(table_kind.preset_rules, seat="E", opponents="medium", episode="hand")
    total, decisions = play_episode(env, seed=8)
    done = env.env.game.history[-1]
    score = score_hand(env.env.rules, list(done.bids), list(done.tricks_won))
    assert total == score[env.env.rules.side_of(Seat.E)].points
    assert decisions >= table_kind.tricks + 1  # a bid and a card a trick, at least


def test_the_computer_players_act_on_their_views_only() -> None:
    seen: list[SeatView] = []

    def recording(seat_view: SeatView, rng: random.Random) -> Action:
        seen.append(seat_view)
        return rng.choice(seat_view.legal_actions)

    env = SingleSeatEnv(seat="S", opponents=recording, episode="hand")
    play_episode(env, seed=2)
    assert seen and all(isinstance(each, SeatView) for each in seen)
    assert {each.seat for each in seen} == {Seat.N, Seat.E, Seat.W}
    assert all(each.to_act is each.seat for each in seen)


def test_a_seeded_reset_repeats_the_episode() -> None:
    first = SingleSeatEnv(opponents="hard", episode="hand")
    second = SingleSeatEnv(opponents="hard", episode="hand")
    assert play_episode(first, seed=5) == play_episode(second, seed=5)
    assert first.env.game.history[-1].deal == second.env.game.history[-1].deal


def test_the_first_observation_is_the_learners_turn() -> None:
    env = SingleSeatEnv(seat="W", episode="hand")
    observation, info = env.reset(seed=4)
    # North deals, East bids first: East and South have bid when West is asked. The slots from
    # West: W, N, E, S.
    assert env.env.game.phase is Phase.BIDDING and env.env.game.to_act is Seat.W
    assert list(observation["observation"][field_slice("bid_made")]) == [0, 0, 1, 1]
    assert view(env.env.game, Seat.W).my_turn and info == {}


def test_an_illegal_action_is_refused_or_ends_the_episode() -> None:
    strict = SingleSeatEnv(episode="hand")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(0)  # a card while bidding
    lenient = SingleSeatEnv(episode="hand", illegal_reward=-5.0)
    lenient.reset(seed=1)
    _, reward, terminated, truncated, info = lenient.step(0)
    assert (reward, terminated, truncated, info) == (-5.0, True, False, {"illegal_action": True})
    with pytest.raises(SpadesError) as error:
        lenient.step(0)
    assert error.value.reason == "game_over"


def test_a_bad_argument_is_refused() -> None:
    with pytest.raises(SpadesError):
        SingleSeatEnv(seat="W", rules="cutthroat3")  # no player at West at three
    with pytest.raises(SpadesError):
        SingleSeatEnv(opponents="grandmaster")
    with pytest.raises(SpadesError) as error:
        SingleSeatEnv(illegal_reward="-1")  # type: ignore[arg-type]
    assert error.value.reason == "bad_illegal_reward"
