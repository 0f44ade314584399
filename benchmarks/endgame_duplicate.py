"""The Expert's double-dummy endgame against its playouts, on the endings alone, in duplicate.

Whole games of the standard rules are played by today's Expert (``endgame_tricks=0``); in each
hand, at ``--tricks`` tricks from the end, the ending is played twice from the same position and
generator: the Expert with the endgame (``ExpertPlayer(endgame_tricks=N)``) North-South against
today's East-West, and the sides swapped. A hand's gain is the endgame Expert's points less the
other's, averaged over the two: the points per hand a duplicate match would show, with the
first tricks, the bids and the deals in common (so far less noise). The game then goes on from
the position with today's Expert. One process.

    python benchmarks/endgame_duplicate.py --hands 250 --seed edd-confirm-c
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spades import Deal, GameState, Phase, Seat, apply, new_game, view
from spades.bots import ExpertPlayer, Player


def finish(
    state: GameState, north_south: Player, east_west: Player, rng: random.Random
) -> GameState:
    """The hand in progress played to its end, North and South by one player, East and West by
    the other."""
    hand = state.hand_number
    while not state.is_over and not state.needs_deal and state.hand_number == hand:
        seat = state.to_act
        assert seat is not None
        player = north_south if seat in (Seat.N, Seat.S) else east_west
        state = apply(state, player(view(state, seat), rng))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=250)
    parser.add_argument("--tricks", type=int, default=4, help="tricks from the end (default 4)")
    parser.add_argument("--seed", default="endgame-duplicate")
    args = parser.parse_args()
    new = ExpertPlayer(endgame_tricks=args.tricks)
    old = ExpertPlayer(endgame_tricks=0)
    gains: list[float] = []
    started = time.process_time()
    game = 0
    while len(gains) < args.hands:
        rng = random.Random(f"{args.seed}/game/{game}")
        game += 1
        state = new_game("standard")
        while not state.is_over and len(gains) < args.hands:
            if state.needs_deal:
                state = apply(state, Deal.random(rng))
                continue
            seen = view(state, state.to_act)  # type: ignore[arg-type]
            current = seen.current_trick
            at_ending = len(seen.completed_tricks) == 13 - args.tricks
            if (
                state.phase is Phase.PLAY
                and at_ending
                and current is not None
                and not current.cards
            ):
                before = state.scores
                key = f"{args.seed}/{game}/{state.hand_number}"
                first = finish(state, new, old, random.Random(key))
                second = finish(state, old, new, random.Random(key))
                one = [after - was for after, was in zip(first.scores, before)]
                two = [after - was for after, was in zip(second.scores, before)]
                gains.append(((one[0] - one[1]) + (two[1] - two[0])) / 2)
            state = apply(state, old(seen, rng))
    mean = statistics.mean(gains)
    error = statistics.stdev(gains) / len(gains) ** 0.5
    changed = sum(gain != 0 for gain in gains)
    print(
        f"endgame_tricks={args.tricks} seed={args.seed} hands={len(gains)} games={game} "
        f"changed={changed}: {mean:+.2f} points a hand (95% interval {mean - 1.96 * error:+.2f} "
        f"to {mean + 1.96 * error:+.2f}); {time.process_time() - started:.0f} s of CPU"
    )


if __name__ == "__main__":
    main()
