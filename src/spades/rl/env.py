"""The PettingZoo environment: :class:`SpadesEnv`, an AEC environment whose agents are the seats
of the rule set, and :func:`parallel_env`, the same game through PettingZoo's parallel API.

Agents are named ``player_0`` (North), ``player_1`` (East), ``player_2`` (South) and ``player_3``
(West), as many as the rules seat (four, three or two). The environment plays the chance actions
itself, from the generator :meth:`~SpadesEnv.reset` seeds: the deal, and in two-handed Spades
each card drawn. Every other action is an agent's: a bid (nil and blind nil included, and a call
for a redeal where the rules allow one), a card passed in the blind nil exchange or discarded by
the dealer (a card at a time), a card kept or discarded in the draw, a card played. An action
the mask does not allow is refused with the engine's :class:`~spades.errors.IllegalActionError`
(the environment is unchanged).

An episode is a whole game (``episode='game'``, the default) or a single hand
(``episode='hand'``). Rewards are each side's points for each hand, given to every seat of the
side as the hand is scored (``reward='hand_points'``, the default), or the game's result, +1 to
the winners, -1 to the others and 0 to all for a shared result (``reward='game_result'``; in an
episode of one hand, given only when that hand ends the game).

The trick's winner leads the next one, so the order of the agents is not fixed:
PettingZoo's ``aec_to_parallel`` cannot apply, and :func:`parallel_env` uses
``turn_based_aec_to_parallel`` (each parallel step takes the action of the agent whose turn it
is, which ``infos[agent]['active_agent']`` names).

>>> env = SpadesEnv('standard', episode='hand')
>>> env.reset(seed=1)
>>> env.agent_selection, env.possible_agents
('player_1', ['player_0', 'player_1', 'player_2', 'player_3'])
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation['observation'].shape, int(observation['action_mask'].sum())
((826,), 14)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import (  # type: ignore[import-untyped]
    turn_based_aec_to_parallel,
)

from .. import svg
from .._kernel.table import table_of
from ..actions import Action, Bury, Exchange
from ..engine import apply, chance_action, new_game
from ..errors import IllegalActionError, Reason, SpadesError
from ..hands import Hand
from ..legality import exchange_size
from ..phase import Phase
from ..rules import RuleSet, as_ruleset
from ..seats import Seat
from ..state import GameState
from ..views import view
from .action_space import ACTIONS, CARD_ACTIONS, index_action
from .observation import OBSERVATION_SIZE, action_mask, encode_observation, observation_bounds

__all__ = ["EPISODES", "REWARDS", "SpadesEnv", "parallel_env"]

#: What an episode may be: a whole game, or a single hand.
EPISODES = ("game", "hand")
#: What the rewards may be: each hand's points, or the game's result.
REWARDS = ("hand_points", "game_result")

_GAME_OVER = Phase.GAME_OVER
_EXCHANGE = Phase.EXCHANGE
_BURY = Phase.BURY


def _choice(value: object, allowed: tuple[str, ...], name: str) -> str:
    if isinstance(value, str) and value in allowed:
        return value
    names = " or ".join(repr(each) for each in allowed)
    raise SpadesError(f"{name} is {names}, not {value!r}.", reason=f"bad_{name}")


class SpadesEnv(AECEnv):  # type: ignore[misc]
    """Spades as a PettingZoo AEC environment (see the module's docstring).

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset's name (the standard rules when
    None). ``episode`` is ``'game'`` or ``'hand'``; ``reward`` is ``'hand_points'`` or
    ``'game_result'``. ``max_cycles`` (None for no limit) truncates an episode once the agents
    have acted ``max_cycles`` times each on average (``max_cycles`` times the number of agents
    actions in all). ``render_mode`` is None, ``'ansi'`` (:meth:`render` returns the table as
    text), ``'human'`` (it prints it) or ``'svg'`` (it returns the table's SVG drawing,
    :func:`spades.svg.table`); the table is drawn whole, every hand face up.

    :meth:`reset` takes ``options={'state': state}`` to start the episode from a
    :class:`~spades.state.GameState` of these rules rather than from a new game; other keys
    are ignored.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "spades_v0",
        "render_modes": ["human", "ansi", "svg"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RuleSet | str | None = None,
        *,
        episode: str = "game",
        reward: str = "hand_points",
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        #: The rules played by.
        self.rules: RuleSet = as_ruleset(rules)
        #: What an episode is: ``'game'`` or ``'hand'``.
        self.episode = _choice(episode, EPISODES, "episode")
        #: What the rewards are: ``'hand_points'`` or ``'game_result'``.
        self.reward = _choice(reward, REWARDS, "reward")
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise SpadesError(
                f"max_cycles is None or a whole number from 1, not {max_cycles!r}.",
                reason="bad_max_cycles",
            )
        #: The most cycles an episode has (None for no limit).
        self.max_cycles = max_cycles
        if render_mode is not None:
            _choice(render_mode, tuple(self.metadata["render_modes"]), "render_mode")
        #: How :meth:`render` draws the table.
        self.render_mode = render_mode
        table = table_of(self.rules)
        self._table = table
        self._seats = {f"player_{seat}": Seat(seat) for seat in table.seats}
        self._agents = {seat: agent for agent, seat in self._seats.items()}
        self.possible_agents: list[str] = list(self._seats)
        low, high = observation_bounds()
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, (OBSERVATION_SIZE,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(ACTIONS) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._state: GameState = new_game(self.rules)
        self._chosen = 0
        self._steps = 0
        self._first = 0
        self.agents: list[str] = []
        self.agent_selection: str = self.possible_agents[0]

    # -- spaces and names --------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent``: a dict of the vector (``'observation'``,
        :data:`~spades.rl.observation.OBSERVATION_FIELDS`) and the ``int8`` action mask
        (``'action_mask'``)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: :data:`~spades.rl.action_space.ACTIONS` numbers."""
        return self.action_spaces[agent]

    def seat_of(self, agent: str) -> Seat:
        """The seat ``agent`` plays (``'player_2'`` is South)."""
        seat = self._seats.get(agent)
        if seat is None:
            raise SpadesError(
                f"{agent!r} is not an agent of this game: they are "
                f"{', '.join(self.possible_agents)}.",
                reason="bad_agent",
            )
        return seat

    def agent_of(self, seat: Seat) -> str:
        """The agent that plays ``seat``."""
        return self._agents[seat]

    @property
    def game(self) -> GameState:
        """The game as it stands (the whole state, every hand: for a referee, not an agent)."""
        return self._state

    # -- the episode -------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start an episode: a new game (or ``options['state']``), dealt from a generator seeded
        with ``seed`` (when None, the generator goes on from where it was)."""
        if seed is not None:
            self._rng = random.Random(seed)
        start = None if options is None else options.get("state")
        if start is None:
            state = new_game(self.rules)
        elif not isinstance(start, GameState):
            raise SpadesError(
                f"options['state'] is a GameState, not a {type(start).__name__}.",
                reason="bad_state",
            )
        elif start.rules != self.rules:
            raise SpadesError(
                "options['state'] is a game of this environment's rules; its rules differ in "
                f"{', '.join(start.rules.diff(self.rules))}.",
                reason="bad_state",
            )
        else:
            state = start
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._chosen = 0
        self._steps = 0
        self._first = len(state.history)
        self._state = self._advance(state)
        self._settle(self._first)

    def _advance(self, state: GameState) -> GameState:
        """``state`` after the chance actions due (deals, cards drawn), up to a seat's turn, the
        game's end, or in an episode of one hand that hand's end."""
        rng = self._rng
        one_hand = self.episode == "hand"
        while state.phase is not _GAME_OVER and (state.to_act is None or state.needs_draw):
            if one_hand and len(state.context.history) > self._first:
                break
            state = apply(state, chance_action(state, rng))
        return state

    def step(self, action: Any) -> None:
        """Take ``action`` (a number of the action space) for the agent whose turn it is; after
        the episode's end, None for each agent in turn, as PettingZoo's API has it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            index = operator.index(action)
        except TypeError:
            raise SpadesError(
                f"An action is a number from 0 to {ACTIONS - 1}, not {action!r}.",
                reason="bad_action",
            ) from None
        state = self._state
        seat = state.to_act
        assert seat is not None
        phase = state.phase
        if (phase is _EXCHANGE or phase is _BURY) and 0 <= index < CARD_ACTIONS:
            self._choose(state, seat, index)
            return
        self._act(index_action(index, seat))

    def act(self, action: Action) -> None:
        """Take a whole engine action for the agent whose turn it is: what a computer player
        returns (:func:`spades.bots.make_player`), an exchange or a discard of the dealer's all
        its cards at once. Refused as :func:`~spades.engine.apply` refuses it."""
        agent = self.agent_selection
        if not self.agents or self.terminations[agent] or self.truncations[agent]:
            raise SpadesError(
                "The episode is over: reset the environment to play on.", reason="game_over"
            )
        self._act(action)

    def _act(self, action: Action) -> None:
        before = len(self._state.context.history)
        state = apply(self._state, action)
        self._chosen = 0
        self._state = self._advance(state)
        self._settle(before, acted=True)

    def _choose(self, state: GameState, seat: Seat, index: int) -> None:
        """One card more for the exchange or the dealer's discard, applied once complete."""
        bit = 1 << index
        held = state.holding_masks[seat]
        if not held & bit or self._chosen & bit:
            card = Hand.from_mask(bit).cards_text()
            why = "has already chosen" if self._chosen & bit else "does not hold"
            raise IllegalActionError(
                f"{seat.full_name} {why} {card}: it cannot pass or discard it.",
                reason=Reason.CARD_NOT_HELD,
                seat=seat,
                action=index,
            )
        chosen = self._chosen | bit
        size = exchange_size(state) if state.phase is _EXCHANGE else state.context.table.buried
        if chosen.bit_count() < size:
            self._chosen = chosen
            self._settle(len(state.context.history), acted=True)
            return
        cards = Hand.from_mask(chosen)
        self._act(
            Exchange(cards, seat=seat) if state.phase is _EXCHANGE else Bury(cards, seat=seat)
        )

    def _settle(self, before: int, *, acted: bool = False) -> None:
        """The rewards, the ends and the next agent after a step."""
        agent = self.agent_selection if acted else None
        if agent is not None:
            self._cumulative_rewards[agent] = 0.0
            self._steps += 1
        state = self._state
        context = state.context
        history = context.history
        over = state.phase is _GAME_OVER
        rewards = None
        if len(history) > before and self.reward == "hand_points":
            rewards = dict.fromkeys(self.agents, 0.0)
            side_of = self._table.side_of
            for done in history[before:]:
                points = done.score.points
                for seat, name in self._agents.items():
                    rewards[name] += points[side_of[seat]]
        elif over and self.reward == "game_result" and context.result is not None:
            winner = context.result.winner
            rewards = dict.fromkeys(self.agents, 0.0)
            if winner is not None:
                for seat, name in self._agents.items():
                    rewards[name] = 1.0 if self.rules.side_of(seat) == winner else -1.0
        if rewards is not None:
            self.rewards = rewards
            self._accumulate_rewards()
        elif any(self.rewards.values()):
            # (a step that scores nothing leaves the rewards at 0: the dict is made again only
            # after one that scored)
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if over or (self.episode == "hand" and len(history) > self._first):
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._steps >= self.max_cycles * len(self.agents):
            self.truncations = dict.fromkeys(self.agents, True)
        to_act = state.to_act
        if to_act is not None and not over:
            self.agent_selection = self._agents[to_act]
        elif agent is None:
            self.agent_selection = self.agents[0]

    # -- what an agent sees ------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent`` observes: ``{'observation': vector, 'action_mask': mask}``, both from
        its seat's :class:`~spades.views.SeatView` (the mask all 0 when it is not to act)."""
        seat = self.seat_of(agent)
        seen = view(self._state, seat)
        chosen = self._chosen if self._state.to_act is seat else 0
        return {
            "observation": encode_observation(seen, chosen),
            "action_mask": action_mask(seen, chosen),
        }

    def render(self) -> str | None:
        """The table, as ``render_mode`` says: text (``'ansi'``), printed (``'human'``) or an
        SVG drawing (``'svg'``); None, with a warning, when the mode is None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called with no render_mode set: nothing drawn.")
            return None
        if self.render_mode == "svg":
            return str(svg.table(self._state))
        text = self._state.to_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: a drawing is made afresh each time."""

    def __str__(self) -> str:
        return "spades_v0"


def parallel_env(
    rules: RuleSet | str | None = None,
    *,
    episode: str = "game",
    reward: str = "hand_points",
    max_cycles: int | None = None,
    render_mode: str | None = None,
) -> Any:
    """The game through PettingZoo's parallel API: a :class:`SpadesEnv` with these arguments in
    ``pettingzoo.utils.conversions.turn_based_aec_to_parallel`` (each step applies the action
    of the agent whose turn it is)."""
    return turn_based_aec_to_parallel(
        SpadesEnv(
            rules, episode=episode, reward=reward, max_cycles=max_cycles, render_mode=render_mode
        )
    )
