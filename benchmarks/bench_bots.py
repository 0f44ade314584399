"""Decision time of each computer level: median and 99th percentile per card and per bid.

Plays whole games of four players of one level (the standard preset, seeded), builds each seat's
view outside the clock, and times only the player's call. Levels are measured in turn, one round
of games each, and the rounds repeat, interleaved, so that the machine's noise falls on all
levels alike.

    python benchmarks/bench_bots.py                  # every level, 3 rounds
    python benchmarks/bench_bots.py --levels easy medium hard --rounds 5 --games 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spades import Deal, Phase, apply, new_game, view
from spades._progress import Progress
from spades.bots import Level, make_player

TARGETS = {  # source: issue 7, per card (median, p99) in ms, and per bid
    Level.EASY: (0.1, None),
    Level.MEDIUM: (0.5, None),
    Level.HARD: (2.0, None),
    Level.EXPERT: (50.0, 250.0),
}


def time_games(level: Level, games: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds per card and per bid of ``level`` over ``games`` seeded games."""
    player = make_player(level)
    cards: list[float] = []
    bids: list[float] = []
    clock = time.perf_counter
    for game in range(games):
        rng = random.Random(f"bench-bots/{seed}/{game}")
        state = new_game("standard")
        hands = 0
        while not state.is_over and hands < 3:
            if state.needs_deal:
                state = apply(state, Deal.random(rng))
                hands += 1
                continue
            seat = state.to_act
            assert seat is not None
            seen = view(state, seat)
            start = clock()
            action = player(seen, rng)
            elapsed = clock() - start
            (bids if state.phase is Phase.BIDDING else cards).append(elapsed)
            state = apply(state, action)
    return cards, bids


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=[level.value for level in Level])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=10, help="games per level per round")
    parser.add_argument("--expert-games", type=int, default=2)
    args = parser.parse_args()
    levels = [Level(name) for name in args.levels]
    cards: dict[Level, list[float]] = {level: [] for level in levels}
    bids: dict[Level, list[float]] = {level: [] for level in levels}
    progress = Progress("bench_bots", "batches")
    batches = args.rounds * len(levels)
    for round_number in range(args.rounds):
        for number, level in enumerate(levels):
            games = args.expert_games if level is Level.EXPERT else args.games
            c, b = time_games(level, games, seed=round_number)
            cards[level] += c
            bids[level] += b
            progress(round_number * len(levels) + number + 1, batches)
    print(
        f"{'level':8} {'cards':>6} {'median ms':>10} {'p99 ms':>8} {'bid median ms':>14} "
        f"{'bid max ms':>10}   target per card"
    )
    for level in levels:
        c, b = cards[level], bids[level]
        median, p99 = TARGETS[level]
        target = f"median < {median} ms" + (f", p99 < {p99} ms" if p99 else "")
        print(
            f"{level.value:8} {len(c):6} {statistics.median(c) * 1e3:10.3f} "
            f"{percentile(c, 0.99) * 1e3:8.3f} {statistics.median(b) * 1e3:14.3f} "
            f"{max(b) * 1e3:10.3f}   {target}"
        )


if __name__ == "__main__":
    main()
