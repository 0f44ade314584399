"""Spades for reinforcement learning: a PettingZoo environment, its parallel form, and a Gymnasium
environment of one learner against computer players (``pip install "spades[rl]"``: pettingzoo,
gymnasium and numpy, which ``import spades`` never needs).

- :class:`~spades.rl.env.SpadesEnv` (:mod:`spades.rl.env`): the AEC environment, the seats of
  any :class:`~spades.rules.RuleSet` as its agents, a whole game or a single hand an episode;
- :func:`~spades.rl.env.parallel_env`: the same through PettingZoo's parallel API;
- :class:`~spades.rl.single.SingleSeatEnv` (:mod:`spades.rl.single`): one learner, computer
  players at the other seats;
- :mod:`spades.rl.observation`: the observation vector, built from a seat's
  :class:`~spades.views.SeatView` alone, and the action mask;
- :mod:`spades.rl.action_space`: the one discrete action space of cards, bids and the draw's
  choices.

See the documentation's page "Using spades for research". The names below are those of
its modules, imported here too.
"""

from __future__ import annotations

from .action_space import action_index, index_action
from .env import SpadesEnv, parallel_env
from .observation import action_mask, encode_observation
from .single import SingleSeatEnv

__all__ = [
    "SingleSeatEnv",
    "SpadesEnv",
    "action_index",
    "action_mask",
    "encode_observation",
    "index_action",
    "parallel_env",
]
