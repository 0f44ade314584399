"""Fit the count of tricks at a table of two (``spades.bots.tactics.count_tricks``, ``players`` 2).

Plays ``--hands`` hands of two-handed Spades (preset ``two_player``) with Medium at both seats --
the draw card by card (``spades.engine.chance_action``), Medium's keep or discard, its bids and
cards -- and for every seat records the four-player count of the 13 cards it kept
(``count_tricks(hand)``) and the tricks it took. Prints the least-squares line
``tricks = scale * count + base``, its root-mean-square error, and the error of the four-player
count used as it is. Medium's play does not depend on the bids, nor its draw on the line (a
card's worth is a difference of counts), so the fit does not feed back on itself.

Run from the repository::

    .venv/bin/python benchmarks/fit_two_count.py --hands 4000 --seed 1
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from spades import Phase, apply, chance_action, new_game, view
from spades.bots import MediumPlayer
from spades.bots.tactics import count_tricks


def sample(hands: int, seed: int) -> tuple[list[float], list[int]]:
    """The four-player counts of the kept hands and the tricks they took."""
    rng = random.Random(seed)
    player = MediumPlayer()
    counts: list[float] = []
    tricks: list[int] = []
    for _ in range(hands):
        state = new_game("two_player")
        kept: list[int] = []
        while True:
            if state.phase is Phase.HAND_OVER or state.is_over:
                break
            if state.phase is Phase.BIDDING and not kept:
                kept = list(state.holding_masks)
            seat = state.to_act
            if state.needs_draw or seat is None:
                state = apply(state, chance_action(state, rng))
                continue
            state = apply(state, player(view(state, seat), rng))
        for seat, hand in enumerate(kept):
            counts.append(count_tricks(hand))
            tricks.append(state.trick_counts[seat])
    return counts, tricks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts, tricks = sample(args.hands, args.seed)
    x = np.array(counts)
    y = np.array(tricks, dtype=float)
    scale, base = np.polyfit(x, y, 1)
    fitted = scale * x + base
    print(f"{len(y)} player-hands of Medium at two (seed {args.seed})")
    print(f"mean count {x.mean():.2f}, mean tricks {y.mean():.2f}")
    print(f"tricks = {scale:.3f} * count + {base:.3f}")
    print(f"rms error of the fit {np.sqrt(((y - fitted) ** 2).mean()):.2f} tricks")
    print(f"rms error of the count as it is {np.sqrt(((y - x) ** 2).mean()):.2f} tricks")


if __name__ == "__main__":
    main()
