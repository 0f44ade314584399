"""Play one whole game of Spades between four random players and print its score sheet.

Every seat bids a simple count of its likely tricks and then plays a random legal card. All the
chance (the shuffles and the random cards) comes from one seeded ``random.Random``, so a seed
always replays the same game::

    python examples/play_random_game.py                  # the standard game, seed 1
    python examples/play_random_game.py 000 --seed 7     # the Spades: Partners app's rules
"""

from __future__ import annotations

import argparse
import random

from spades import (
    Bid,
    Card,
    Deal,
    GameState,
    Hand,
    Phase,
    Rank,
    Seat,
    Suit,
    apply,
    legal_actions,
    new_game,
)


def count_bid(hand: Hand) -> Bid:
    """Aces, kings with a guard, and spades beyond the third: a plain count, at least 1."""
    tricks = 0.0
    for suit in Suit:
        if Card.of(Rank.ACE, suit) in hand:
            tricks += 1
        if Card.of(Rank.KING, suit) in hand and hand.count(suit) >= 2:
            tricks += 0.8
    tricks += 0.8 * max(0, hand.count(Suit.SPADES) - 3)
    return Bid(max(1, min(13, round(tricks))))


def play_game(rules: str, seed: int) -> GameState:
    """A whole game under the preset ``rules``, every chance drawn from ``seed``."""
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng))
        elif state.phase is Phase.BIDDING:
            assert state.to_act is not None
            state = apply(state, count_bid(state.holding(state.to_act)))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="?", default="standard", help="a preset name or alias")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the whole game")
    args = parser.parse_args(argv)

    state = play_game(args.rules, args.seed)
    print(f"Rules: {args.rules} = {state.rules!r}\n")
    for hand in state.history:
        bids = " ".join(f"{seat}:{bid}" for seat, bid in zip(Seat, hand.bids))
        ns, ew = hand.score.scores_after
        print(f"Hand {hand.number}, {hand.dealer} deals, bids {bids}; NS {ns}, EW {ew}")
        for line in hand.score.explain().splitlines():
            print(f"    {line}")
    print(f"\n{state.result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
