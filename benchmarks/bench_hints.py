"""CPU time of spades.bots.hints per call: median and 99th percentile per card and per bid.

Plays seeded games of Hard players (one hand each, at the table of the rules named), builds the
view of the seat to act outside the clock, and times only the call ``hints(view, seed)`` in CPU
time (``time.process_time``, one core). The budget is the Expert's (issue 24): per card a median of
at most 50 ms and a 99th percentile of at most 250 ms; per bid at most 1 s.

    python benchmarks/bench_hints.py                     # standard, 6 hands
    python benchmarks/bench_hints.py --rules cutthroat3 --hands 4
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from spades import Phase, find_ruleset, view
from spades._progress import Progress
from spades.bots import hints
from spades.table import Table

#: The budget per card (median, p99) and per bid (max), in ms: the Expert's (issue 24).
CARD_MEDIAN, CARD_P99, BID_MOST = 50.0, 250.0, 1000.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def time_hands(rules_name: str, hands: int, seed: int) -> tuple[list[float], list[float]]:
    """CPU seconds per call of ``hints`` at each card and each bid of ``hands`` seeded hands."""
    rules = find_ruleset(rules_name)
    cards: list[float] = []
    bids: list[float] = []
    clock = time.process_time
    progress = Progress("bench_hints", "hands")
    for hand in range(hands):
        table = Table(["hard"] * len(rules.seats), rules=rules, seed=f"bench-hints/{seed}/{hand}")
        while not table.is_over and table.state.hand_number == 1:
            state = table.state
            seat = state.to_act
            if seat is not None and state.phase in (Phase.BIDDING, Phase.PLAY):
                seen = view(state, seat)
                if seen.legal_actions:
                    start = clock()
                    hints(seen, hand)
                    elapsed = clock() - start
                    (bids if state.phase is Phase.BIDDING else cards).append(elapsed)
            table.step()
        progress(hand + 1, hands)
    return cards, bids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard", help="a preset's name (default standard)")
    parser.add_argument("--hands", type=int, default=6, help="hands to play (default 6)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("$ python " + " ".join(sys.argv))
    print(f"Python {platform.python_version()}; CPU time per call of spades.bots.hints")
    cards, bids = time_hands(args.rules, args.hands, args.seed)
    card_median, card_p99 = statistics.median(cards) * 1e3, percentile(cards, 0.99) * 1e3
    bid_median, bid_most = statistics.median(bids) * 1e3, max(bids) * 1e3
    print(
        f"cards: {len(cards)} calls, median {card_median:.1f} ms, p99 {card_p99:.1f} ms "
        f"(budget: median {CARD_MEDIAN:.0f} ms, p99 {CARD_P99:.0f} ms) -- "
        + ("within" if card_median <= CARD_MEDIAN and card_p99 <= CARD_P99 else "OVER")
    )
    print(
        f"bids:  {len(bids)} calls, median {bid_median:.1f} ms, max {bid_most:.1f} ms "
        f"(budget: {BID_MOST:.0f} ms) -- " + ("within" if bid_most <= BID_MOST else "OVER")
    )


if __name__ == "__main__":
    main()
