"""Fast playouts and the Expert's thinking time.

Three measurements, printed as a small table with the exact command line and the Python version:

1. **Whole-hand playouts per second from the deal**, the budget's measure: random hands of the
   chosen rules are dealt (at a table of two, drawn) and bid (some nils), and
   :func:`spades._kernel.playout.play_out` plays each from the first lead to the end of the hand,
   over and over, for ``--seconds`` of CPU time. One core, one process.
2. **Playouts per second from mid-hand positions**, as this benchmark measured before: the same
   hands played at random to about six tricks (22 to 26 cards; 11 to 13 at a table of two), then
   played out. Half a hand is left, so the rate is higher than the whole hand's (about 1.8 times):
   it is what the Expert's card decisions meet on average, not the budget's measure.
3. **Expert decision times**: ``--hands`` hands played by four
   :class:`~spades.bots.expert.ExpertPlayer` with ``--deals`` imagined deals, each decision timed
   (CPU time): the median, 99th percentile and maximum per card (only decisions with more than one
   legal card, where it imagines deals) and per bid.

Run from the repository (``--quick`` for a short run)::

    .venv/bin/python benchmarks/bench_playouts.py
    .venv/bin/python benchmarks/bench_playouts.py --quick
    .venv/bin/python benchmarks/bench_playouts.py --profile

This is a benchmark, not a test: run it on a quiet machine and read the numbers.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import shlex
import statistics
import sys
import time

from spades import (
    Bid,
    Deal,
    GameState,
    Phase,
    Play,
    apply,
    chance_action,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades import view as seat_view
from spades._kernel.playout import play_out
from spades._kernel.table import table_of
from spades._progress import Progress
from spades.bots.expert import ExpertPlayer
from spades.rules import FirstLead, RuleSet

#: What :func:`play_out` takes after the table: the holdings, the trick, the seat to act, the
#: tricks taken, whether spades are broken, the bids and whether the next card is the fixed first
#: lead.
Position = tuple[
    tuple[int, ...], list[int], int, tuple[int, ...], bool, list[tuple[int, bool]], bool
]


def _random_bid(rng: random.Random, state: GameState) -> Bid:
    bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
    if rng.random() < 0.15:
        return next(bid for bid in bids if bid.tricks == 0 and not bid.blind)
    return rng.choice([bid for bid in bids if 1 <= bid.tricks <= 5])


def _dealt_and_bid(rules: RuleSet, rng: random.Random) -> GameState:
    """A random hand of ``rules`` dealt (or drawn) and bid, at its first lead."""
    state = new_game(rules)
    while state.phase is not Phase.PLAY:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
        elif state.needs_draw:
            state = apply(state, chance_action(state, rng))
        elif state.phase is Phase.BIDDING:
            state = apply(state, _random_bid(rng, state))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def positions(rules: RuleSet, count: int, rng: random.Random, *, mid_hand: bool) -> list[Position]:
    """``count`` positions of random hands, as :func:`play_out` takes them: at the first lead
    (whole hands from the deal), or with ``mid_hand`` about six tricks in."""
    found: list[Position] = []
    while len(found) < count:
        state = _dealt_and_bid(rules, rng)
        forced = rules.first_lead is FirstLead.TWO_OF_CLUBS
        if mid_hand:
            cards = 22 + rng.randrange(5)
            if rules.players == 2:
                cards //= 2  # two cards a trick: still about six tricks in
            for _ in range(cards):
                state = apply(state, rng.choice(legal_actions(state)))
            forced = False
        trick = state.current_trick
        assert trick is not None and state.to_act is not None
        bids = [(bid.tricks, bid.blind) for bid in state.bids if bid is not None]
        found.append(
            (
                state.holding_masks,
                [card.index for card in trick.cards],
                int(state.to_act),
                state.trick_counts,
                state.spades_broken,
                bids,
                forced,
            )
        )
    return found


def playouts_per_second(rules: RuleSet, positions: list[Position], seconds: float) -> float:
    """Playouts of the positions, round and round, per second of CPU time."""
    table = table_of(rules)
    done = 0
    start = time.process_time()
    while True:
        for holdings, trick, to_act, taken, broken, bids, forced in positions:
            play_out(table, holdings, trick, to_act, taken, broken, bids, first_lead_forced=forced)
        done += len(positions)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def expert_times(
    rules: RuleSet, hands: int, deals: int, rng: random.Random
) -> tuple[list[float], list[float]]:
    """Seconds per Expert card decision (with a choice to make) and per bid, over ``hands``
    hands played by four Experts."""
    player = ExpertPlayer(deals=deals)
    cards: list[float] = []
    bids: list[float] = []
    progress = Progress("bench_playouts", "Expert hands")
    for hand in range(hands):
        state = apply(new_game(rules), Deal.random(rng, rules))
        while state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
            assert state.to_act is not None
            seen = seat_view(state, state.to_act)
            start = time.process_time()
            action = player(seen, rng)
            elapsed = time.process_time() - start
            if isinstance(action, Play) and len(seen.legal_actions) > 1:
                cards.append(elapsed)
            elif isinstance(action, Bid):
                bids.append(elapsed)
            state = apply(state, action)
        progress(hand + 1, hands)
    return cards, bids


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard", help="a preset name (default standard)")
    parser.add_argument("--positions", type=int, default=200, help="hands to play out")
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="CPU seconds of playouts, for each rate"
    )
    parser.add_argument("--hands", type=int, default=20, help="hands of four Experts to time")
    parser.add_argument("--deals", type=int, default=30, help="the Expert's imagined deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a short run (1 s, 3 hands)")
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the playouts and the Expert instead"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.hands, args.positions = 1.0, 3, 100
    rules = find_ruleset(args.rules)
    rng = random.Random(args.seed)
    print("command:", shlex.join([sys.executable, *sys.argv]))
    print(f"python {platform.python_version()} ({platform.python_implementation()})")
    whole = positions(rules, args.positions, rng, mid_hand=False)
    mid = positions(rules, args.positions, rng, mid_hand=True)
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        playouts_per_second(rules, whole, args.seconds)
        expert_times(rules, max(1, args.hands // 5), args.deals, rng)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return 0
    rate = playouts_per_second(rules, whole, args.seconds)
    mid_rate = playouts_per_second(rules, mid, args.seconds)
    cards, bids = expert_times(rules, args.hands, args.deals, rng)
    print()
    print(f"{'measure':<38}{'value':>14}")
    print(f"{'whole-hand playouts/s (1 core, CPU)':<38}{rate:>14,.0f}")
    print(f"{'playouts/s from mid-hand (1 core, CPU)':<38}{mid_rate:>14,.0f}")
    for name, times in (("card", cards), ("bid", bids)):
        if not times:
            continue
        print(f"{f'expert {name} decisions':<38}{len(times):>14}")
        print(f"{f'expert {name} median (ms)':<38}{statistics.median(times) * 1e3:>14.1f}")
        print(f"{f'expert {name} p99 (ms)':<38}{_quantile(times, 0.99) * 1e3:>14.1f}")
        print(f"{f'expert {name} max (ms)':<38}{max(times) * 1e3:>14.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
