"""One learner against computer players: :class:`SingleSeatEnv`, a Gymnasium environment that
seats the learner at one seat of a :class:`~spades.rl.env.SpadesEnv` and a computer player
(:func:`spades.bots.make_player`, or any :class:`~spades.bots.Player`) at every other.

Its observations, actions and rewards are those of the learner's agent in the
:class:`~spades.rl.env.SpadesEnv`: :meth:`~SingleSeatEnv.step` takes the learner's action, lets
the computer players act until it is the learner's turn again or the episode is over, and
returns the learner's reward over all of it.

>>> env = SingleSeatEnv('standard', seat='S', opponents='easy', episode='hand')
>>> observation, info = env.reset(seed=3)
>>> observation['observation'].shape, int(observation['action_mask'].sum()) > 0
((826,), True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np

from ..bots import Level, Player, make_player
from ..errors import SpadesError
from ..rules import RuleSet
from ..seats import Seat, seat_at
from ..views import view
from .env import SpadesEnv

__all__ = ["SingleSeatEnv"]


class SingleSeatEnv(gymnasium.Env):
    """A learner at ``seat`` (North by default) against ``opponents`` at every other seat: a
    level's name or :class:`~spades.bots.Level` (``'medium'`` by default), or a
    :class:`~spades.bots.Player` (a callable ``player(view, rng) -> action``).

    ``rules``, ``episode``, ``reward``, ``max_cycles`` and ``render_mode`` are those of
    :class:`~spades.rl.env.SpadesEnv`. An action the mask does not allow is refused with the
    engine's :class:`~spades.errors.IllegalActionError`, unless ``illegal_reward`` is a number:
    then the episode ends there (terminated) with that reward and ``info['illegal_action']``
    True, as tools that sample actions without the mask (Gymnasium's ``check_env``) expect.
    """

    def __init__(
        self,
        rules: RuleSet | str | None = None,
        *,
        seat: Seat | str = Seat.N,
        opponents: Level | str | Player = "medium",
        episode: str = "game",
        reward: str = "hand_points",
        max_cycles: int | None = None,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        #: The environment of every seat, the learner's among them.
        self.env = SpadesEnv(
            rules, episode=episode, reward=reward, max_cycles=max_cycles, render_mode=render_mode
        )
        self.metadata = {**SpadesEnv.metadata, "render_fps": 1}
        self.render_mode = render_mode
        #: The learner's seat, and its agent in :attr:`env`.
        self.seat = seat_at(seat, self.env.rules.players)
        self.agent = self.env.agent_of(self.seat)
        self._player: Player = opponents if callable(opponents) else make_player(opponents)
        if illegal_reward is not None and not isinstance(illegal_reward, (int, float)):
            raise SpadesError(
                f"illegal_reward is None or a number, not {illegal_reward!r}.",
                reason="bad_illegal_reward",
            )
        self.illegal_reward = illegal_reward
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self._players_rng = random.Random()
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
        """Start an episode, the computer players acting up to the learner's first turn; seeded
        with ``seed`` (the deal and the computer players' choices), ``options`` as for
        :meth:`SpadesEnv.reset <spades.rl.env.SpadesEnv.reset>`."""
        super().reset(seed=seed)
        if seed is not None:
            seeds = self.np_random.integers(0, 2**63, size=2)
            self.env.reset(seed=int(seeds[0]), options=options)
            self._players_rng = random.Random(int(seeds[1]))
        else:
            self.env.reset(options=options)
        self._over = False
        self._others()
        return self.env.observe(self.agent), {}

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray[Any, Any]], float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; the computer players act up to its next turn. Returns
        the observation, the learner's reward since its last action, whether the episode has
        ended (terminated) or been cut short by ``max_cycles`` (truncated), and an info dict."""
        if self._over:
            raise SpadesError(
                "The episode is over: reset the environment to play on.", reason="game_over"
            )
        env = self.env
        try:
            env.step(action)
        except SpadesError:
            if self.illegal_reward is None:
                raise
            self._over = True
            observation = env.observe(self.agent)
            return observation, float(self.illegal_reward), True, False, {"illegal_action": True}
        reward = float(env.rewards[self.agent])
        reward += self._others()
        terminated = env.terminations[self.agent]
        truncated = env.truncations[self.agent]
        self._over = terminated or truncated
        return env.observe(self.agent), reward, terminated, truncated, {}

    def _others(self) -> float:
        """The computer players' actions up to the learner's turn or the episode's end; the
        learner's reward over them."""
        env = self.env
        reward = 0.0
        while not (env.terminations[self.agent] or env.truncations[self.agent]):
            agent = env.agent_selection
            if agent == self.agent:
                break
            seat = env.seat_of(agent)
            env.act(self._player(view(env.game, seat), self._players_rng))
            reward += float(env.rewards[self.agent])
        return reward

    def render(self) -> str | None:
        """The table, as :meth:`SpadesEnv.render <spades.rl.env.SpadesEnv.render>` draws it."""
        return self.env.render()

    def close(self) -> None:
        """Nothing to release."""
        self.env.close()
