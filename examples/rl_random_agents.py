"""Random agents and a computer player through spades.rl, and their mean rewards.

Needs the rl extra (``pip install "spades[rl]"``). Runs of ``--hands`` hands each:

1. the PettingZoo environment with a random agent at every seat (each picks a
   number its action mask allows), every seat's mean points a hand;
2. the Gymnasium environment with one random learner at North against a computer
   ``--level`` at the other seats, the learner's mean points a hand;
3. the same deals with that level in the learner's place, for comparison::

    python examples/rl_random_agents.py               # 20 hands, easy opponents
    python examples/rl_random_agents.py --hands 200 --level medium --rules pagat
"""

from __future__ import annotations

import argparse
import random
from typing import NoReturn

import numpy as np

import spades
from spades.bots import Level, make_player
from spades.rl import SingleSeatEnv, SpadesEnv, action_index


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def random_agents(rules: spades.RuleSet, hands: int, seed: int) -> dict[str, float]:
    """Every agent's mean reward a hand, each agent picking at random from its mask."""
    env = SpadesEnv(rules, episode="hand")
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=seed)
    for _ in range(hands):
        env.reset()
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            for name, reward in env.rewards.items():
                totals[name] += reward
    return {agent: total / hands for agent, total in totals.items()}


def learner(rules: spades.RuleSet, level: Level, hands: int, seed: int) -> float:
    """The mean points a hand of a random learner at North against ``level``."""
    env = SingleSeatEnv(rules, seat="N", opponents=level, episode="hand")
    rng = np.random.default_rng(seed)
    total = 0.0
    for hand in range(hands):
        observation, _ = env.reset(seed=seed + hand)
        over = False
        while not over:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, truncated, _ = env.step(action)
            total += reward
            over = terminated or truncated
    return total / hands


def level_in_its_place(
    rules: spades.RuleSet,
    level: Level,
    hands: int,
    seed: int,
) -> float:
    """The same, with ``level`` itself choosing North's actions from North's view."""
    env = SingleSeatEnv(rules, seat="N", opponents=level, episode="hand")
    player, choices = make_player(level), random.Random(seed)
    total = 0.0
    for hand in range(hands):
        env.reset(seed=seed + hand)
        over = False
        while not over:
            action = player(spades.view(env.env.game, env.seat), choices)
            # An exchange, or the dealer's discard, is taken a card at a time.
            cards = getattr(action, "cards", None)
            whole = cards is None
            numbers = [action_index(action)] if whole else [c.index for c in cards]
            for number in numbers:
                _, reward, terminated, truncated, _ = env.step(number)
                total += reward
            over = terminated or truncated
    return total / hands


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--hands", type=int, default=20, help="hands in each run (default 20)")
    add("--level", default="easy", help="the computer players' level (default easy)")
    add("--rules", default="standard", help="a preset name (default: standard)")
    add("--seed", type=int, default=1, help="fixes every deal and every choice")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"argument --hands: at least 1, not {args.hands}")
    try:
        rules = spades.find_ruleset(args.rules)
        level = Level(args.level)
    except spades.SpadesError as error:
        parser.error(error.message)

    print(f"Rules: {args.rules}; {args.hands} hands a run, seed {args.seed}")
    print("Random agents at every seat (PettingZoo), mean points a hand:")
    for agent, mean in random_agents(rules, args.hands, args.seed).items():
        print(f"  {agent}: {mean:+.1f}")
    random_mean = learner(rules, level, args.hands, args.seed)
    level_mean = level_in_its_place(rules, level, args.hands, args.seed)
    print(f"One learner at North against {level} (Gymnasium), mean points a hand:")
    print(f"  random learner: {random_mean:+.1f}")
    print(f"  {level} in its place: {level_mean:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
