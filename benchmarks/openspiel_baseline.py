"""OpenSpiel baseline: random legal Spades hands through pyspiel's C++ "spades".

Measures how fast DeepMind's OpenSpiel Spades (C++, driven from Python via
pyspiel) plays random legal hands with the same loop used for our engine:

* chance node (the deal): pick one of ``state.chance_outcomes()`` uniformly
  with ``random.Random(seed)``. OpenSpiel deals one card per chance action
  (52 chance actions per hand, card i goes to seat i % 4);
* decision node: ``state.legal_actions()``, ``rng.choice``,
  ``state.apply_action(a)`` -- 4 bids (actions 52..65 = Nil, 1..13) then
  52 card plays (actions 0..51 = suit * 13 + rank, suits C, D, H, S);
* until ``state.is_terminal()``: an OpenSpiel "spades" episode is exactly one
  hand (deal, 4 bids, 13 tricks, scoring), so one terminal state = one hand.

Two passes over the same seeded hands:

1. untimed loop -> ``hands_per_sec`` (no per-call timing overhead);
2. per-call ``time.perf_counter_ns`` accumulation -> ``us_per_legal_actions``
   and ``us_per_apply`` (decision nodes only: bids and plays) plus
   ``us_per_deal`` (all 52 chance steps of one hand, incl. chance_outcomes).

Stdlib + pyspiel only. Install the baseline in a throwaway venv::

    python -m venv /tmp/ospiel-venv && /tmp/ospiel-venv/bin/pip install open-spiel
    /tmp/ospiel-venv/bin/python benchmarks/openspiel_baseline.py --hands 20000
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from importlib import metadata
from typing import Any

import pyspiel

DECISIONS_PER_HAND = 4 + 52  # bids + card plays


def play_hands(game: Any, hands: int, seed: int) -> float:
    """Play ``hands`` random hands with no per-call timing; return seconds."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(choice(state.chance_outcomes())[0])
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
    return time.perf_counter() - start


def time_calls(game: Any, hands: int, seed: int) -> dict[str, float]:
    """Replay the same hands, timing deal, legal_actions and apply_action."""
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter_ns
    deal_ns = legal_ns = apply_ns = 0
    legal_calls = apply_calls = 0
    for _ in range(hands):
        t0 = clock()
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(choice(state.chance_outcomes())[0])
        deal_ns += clock() - t0
        while not state.is_terminal():
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = choice(legal)
            t2 = clock()
            state.apply_action(action)
            t3 = clock()
            legal_ns += t1 - t0
            apply_ns += t3 - t2
            legal_calls += 1
            apply_calls += 1
    assert apply_calls == hands * DECISIONS_PER_HAND, apply_calls
    return {
        "us_per_legal_actions": legal_ns / legal_calls / 1e3,
        "us_per_apply": apply_ns / apply_calls / 1e3,
        "us_per_deal": deal_ns / hands / 1e3,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    game = pyspiel.load_game("spades")
    seconds = play_hands(game, args.hands, args.seed)
    result: dict[str, Any] = {
        "engine": "openspiel",
        "hands": args.hands,
        "seconds": round(seconds, 4),
        "hands_per_sec": round(args.hands / seconds, 1),
        **{k: round(v, 3) for k, v in time_calls(game, args.hands, args.seed).items()},
        "version": f"open-spiel {metadata.version('open-spiel')}, "
        f"Python {platform.python_version()}",
        "params": {**game.get_type().parameter_specification, **game.get_parameters()},
    }
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
