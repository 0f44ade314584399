"""The double-dummy solver's speed: whole deals and short endings, side by side with DDS.

For ``--deals`` seeded random deals of the standard deck at four seats in partnership, with one
random leader each, it times (CPU time, one core) :meth:`spades._kernel.double_dummy.Solver
.most_tricks` for the leader's side from the whole 13-trick deal, a fresh solver each time (no
table of bounds carried over), and, when endplay imports, DDS's SolveBoard on the same deal,
leader and trumps (``endplay.dds.solve_board`` in mode OptimalOne: the most tricks and one card
that takes them), the two interleaved deal by deal, the first to go alternating; it checks the
two agree. Then ``--endings`` random endings of ``--ending-tricks`` tricks a seat, the same way.
A solve is stopped after ``--limit`` seconds of CPU time and counted as longer than every other
(the median and percentiles stay exact while few are stopped); each solve's time goes to standard
error as it ends.

The rules are ``standard`` with ``spades_breaking`` any_time, where DDS's game and Spades coincide
(spades are trumps and may be led at any time); ``--rules`` names another preset (DDS is then not
run: its rules are not those).

    python benchmarks/bench_double_dummy.py --deals 30 --endings 200
    python benchmarks/bench_double_dummy.py --deals 10 --rules standard --json
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import signal
import statistics
import sys
import time
from typing import Any

import spades
from spades._kernel.cards import bit_indices
from spades._kernel.double_dummy import Position, Solver
from spades._kernel.table import Table, table_of
from spades.rules import find_ruleset

try:
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player
except ImportError:  # pragma: no cover - endplay is a development dependency
    solve_board = None  # type: ignore[assignment]

_RANKS = "23456789TJQKA"


def pbn(hands: list[int]) -> str:
    """The deal in PBN (North first; spades, hearts, diamonds, clubs in each hand)."""
    text = []
    for hand in hands:
        suits = []
        for suit in (3, 2, 1, 0):
            ranks = [_RANKS[c % 13] for c in bit_indices(hand) if c // 13 == suit]
            suits.append("".join(reversed(ranks)))
        text.append(".".join(suits))
    return "N:" + " ".join(text)


def random_hands(table: Table, rng: random.Random, tricks: int) -> list[int]:
    cards = list(bit_indices(table.deck.cards))
    rng.shuffle(cards)
    return [
        sum(1 << card for card in cards[seat * tricks : (seat + 1) * tricks])
        for seat in range(table.players)
    ]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class OverLimit(Exception):
    """A solve that took more CPU time than ``--limit``."""


def _over_limit(signum: int, frame: object) -> None:
    raise OverLimit


def run(
    table: Table, deals: int, tricks: int, seed: int, with_dds: bool, limit: float
) -> dict[str, Any]:
    signal.signal(signal.SIGPROF, _over_limit)
    rng = random.Random(seed)
    ours: list[float] = []
    theirs: list[float] = []
    for number in range(deals):
        hands = random_hands(table, rng, tricks)
        leader = rng.randrange(table.players)
        side = sum(1 << seat for seat in table.side_seats[table.side_of[leader]])
        position = Position(hands, (), leader, False, tricks == table.tricks)

        def mine(position: Position = position, side: int = side) -> int:
            start = time.process_time()
            signal.setitimer(signal.ITIMER_PROF, limit)
            try:
                value = Solver(table).most_tricks(position, side, side)
            except OverLimit:
                ours.append(math.inf)
                return -1
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            ours.append(time.process_time() - start)
            return value

        def dds(hands: list[int] = hands, leader: int = leader) -> int:
            deal = Deal(pbn(hands), first=Player(leader), trump=Denom.spades)
            start = time.process_time()
            solved = solve_board(deal, SolveMode.OptimalOne)
            theirs.append(time.process_time() - start)
            return max(score for _, score in solved)

        if not with_dds:
            mine()
        else:
            first, second = (mine, dds) if number % 2 == 0 else (dds, mine)
            a, b = first(), second()
            if a != b and -1 not in (a, b):
                raise SystemExit(f"deal {number}: the solvers disagree ({pbn(hands)}, {leader})")
        print(f"{tricks} tricks, deal {number}: {ours[-1]:.3f} s", file=sys.stderr, flush=True)
    # A solve stopped at the limit counts as longer than any other (math.inf): the median and
    # the 99th percentile stay right while fewer than half (or 1%) were stopped.
    report: dict[str, Any] = {
        "tricks": tricks,
        "deals": deals,
        "limit_s": limit,
        "over_limit": ours.count(math.inf),
        "median_s": statistics.median(ours),
        "p99_s": percentile(ours, 0.99),
        "max_s": max(ours),
    }
    if theirs:
        report["dds_median_s"] = statistics.median(theirs)
        # A call of DDS under a millisecond often reads as no CPU time at all on a shared
        # machine's process clock: then there is no ratio to give.
        dds_median = statistics.median(theirs)
        report["ratio_median"] = report["median_s"] / dds_median if dds_median else None
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--endings", type=int, default=200)
    parser.add_argument("--ending-tricks", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default=None, help="a preset (default: standard, any_time)")
    parser.add_argument(
        "--limit", type=float, default=120.0, help="CPU seconds a solve may take (default 120)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.rules is None:
        rules = find_ruleset("standard").evolve(spades_breaking="any_time")
    else:
        rules = find_ruleset(args.rules)
    table = table_of(rules)
    with_dds = solve_board is not None and args.rules is None
    results: dict[str, Any] = {
        "command": " ".join([sys.executable.rsplit("/", 1)[-1], *sys.argv]),
        "python": platform.python_version(),
        "spades": spades.__version__,
    }
    # Either part is left out when asked for no deals.
    if args.deals:
        results["whole"] = run(table, args.deals, table.tricks, args.seed, with_dds, args.limit)
    if args.endings:
        results["endings"] = run(
            table, args.endings, args.ending_tricks, args.seed + 1, with_dds, args.limit
        )
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(results["command"])
    print(f"Python {results['python']}, spades {results['spades']}, DDS: {with_dds}")
    for name in ("whole", "endings"):
        if name not in results:
            continue
        row = results[name]
        line = (
            f"{name:8} {row['deals']:4} deals of {row['tricks']:2} tricks: median "
            f"{row['median_s'] * 1000:9.1f} ms, p99 {row['p99_s'] * 1000:9.1f} ms, "
            f"max {row['max_s'] * 1000:9.1f} ms; over {row['limit_s']:.0f} s: {row['over_limit']}"
        )
        if row.get("ratio_median") is not None:
            line += (
                f"; DDS median {row['dds_median_s'] * 1000:.3f} ms, "
                f"ratio of the medians (ours/DDS) {row['ratio_median']:.0f}"
            )
        print(line)


if __name__ == "__main__":
    main()
