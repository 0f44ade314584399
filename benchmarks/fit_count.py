"""Fit the weights of the computer players' count of tricks (``spades.bots.tactics.count_tricks``).

Plays ``--hands`` hands with Medium at every seat -- the deal, or at two the draw card by card
(``spades.engine.chance_action``), then Medium's keeps and discards, bids and cards through
``spades.views.view`` -- each the first hand of a new game. For every seat it records what the
count counts in the hand Medium bid with (``count_features``, read from the seat's view as Medium
reads it) and the tricks the seat took, and fits the weights by least squares (the normal
equations, solved by Gaussian elimination with partial pivoting, in plain Python). Medium never
bids nil, and its play does not depend on the bids, nor its keeps and discards on the weights (a
card's worth is a difference of counts of the same hand), so the fit does not feed back on
itself.

It prints the fitted weights in the order of ``count_weights`` (the tuples of
``spades/bots/tactics.py`` one after the other), next to the shipped ones and rounded as the
tuples are, the root-mean-square error of the fit and of the shipped weights on the same
sample, and, at three and at two, the error of the count of four players used as it is.

* ``--players 4``: preset ``standard``: ``_FOUR_WEIGHTS`` then ``_FOUR_RUFFS``.
* ``--players 3``: preset ``cutthroat3``: ``_THREE_WEIGHTS``, ``_THREE_RUFFS`` and
  ``_THREE_EXTRA_TRICK``, with ``--deck standard`` (17 cards each), ``jokers`` (18) or ``both``
  (the default: the hands alternate, so that the extra trick can be told from the constant;
  with one deck it is held at its shipped value).
* ``--players 2``: preset ``two_player``: ``_TWO_SCALE`` and ``_TWO_BASE``, the line through
  the count of four players.

Run from the repository (the figures of tactics.py's comments were fitted on more hands)::

    .venv/bin/python benchmarks/fit_count.py --players 4 --hands 6000 --seed 1
    .venv/bin/python benchmarks/fit_count.py --players 3 --deck both --hands 8000 --seed 1
    .venv/bin/python benchmarks/fit_count.py --players 2 --hands 8000 --seed 1
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from spades import Phase, RuleSet, apply, chance_action, new_game, view
from spades.bots import MediumPlayer
from spades.bots.seen import read_view
from spades.bots.tactics import count_features, count_tricks, count_weights
from spades.rules import find_ruleset

#: The preset of each table size.
PRESETS = {4: "standard", 3: "cutthroat3", 2: "two_player"}

#: The weights' names, in the order of ``count_weights``.
NAMES = {
    4: (
        "constant",
        "spades' length",
        "length over 3",
        "length over 4",
        "top trump 1",
        "top trump 2",
        "top trump 3",
        "top trump 4",
        "side ace",
        "king with another",
        "king alone",
        "queen with two more",
        "side card past four",
        "spades x void",
        "spades x singleton",
        "spades x doubleton",
    ),
    2: ("scale", "base"),
}
NAMES[3] = (*NAMES[4], "trick over 17")


#: One seat's sample: its features, the count of the shipped weights, the count of four players
#: and the tricks it took.
Row = tuple[tuple[float, ...], float, float, int]


def least_squares(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    """The weights ``w`` that minimise the sum of ``(target - w . row)^2``: the normal equations
    ``(X'X) w = X'y`` solved by Gaussian elimination with partial pivoting. A ValueError when the
    columns of the rows are (nearly) dependent, so that some weights cannot be told apart."""
    size = len(rows[0])
    normal = [[0.0] * (size + 1) for _ in range(size)]
    for row, target in zip(rows, targets, strict=True):
        for i in range(size):
            value = row[i]
            if value:
                sums = normal[i]
                for j in range(size):
                    sums[j] += value * row[j]
                sums[size] += value * target
    scale = max(abs(normal[i][i]) for i in range(size)) or 1.0
    for column in range(size):
        pivot = max(range(column, size), key=lambda below: abs(normal[below][column]))
        if abs(normal[pivot][column]) <= 1e-10 * scale:
            raise ValueError(
                f"The sample cannot tell weight {column} apart from the others: its column is "
                "constant, empty or a combination of other columns."
            )
        normal[column], normal[pivot] = normal[pivot], normal[column]
        head = normal[column]
        for below in range(column + 1, size):
            factor = normal[below][column] / head[column]
            if factor:
                reduced = normal[below]
                for j in range(column, size + 1):
                    reduced[j] -= factor * head[j]
    weights = [0.0] * size
    for i in reversed(range(size)):
        known = sum(normal[i][j] * weights[j] for j in range(i + 1, size))
        weights[i] = (normal[i][size] - known) / normal[i][i]
    return weights


def rms_error(
    rows: Sequence[Sequence[float]], targets: Sequence[float], weights: Sequence[float]
) -> float:
    """The root mean square of ``target - weights . row`` over the sample."""
    total = 0.0
    for row, target in zip(rows, targets, strict=True):
        total += (target - sum(w * x for w, x in zip(weights, row, strict=True))) ** 2
    return math.sqrt(total / len(rows))


def table_rules(players: int, deck: str) -> RuleSet:
    """The rules a hand is played under: the table's preset, under ``deck``."""
    rules = find_ruleset(PRESETS[players])
    return rules if deck == rules.deck.value else rules.evolve(deck=deck)


def play_hand(rules: RuleSet, seed: str) -> list[Row]:
    """One hand of Medium at every seat: each seat's row (see :data:`Row`)."""
    rng = random.Random(seed)
    player = MediumPlayer()
    state = new_game(rules)
    rows: list[tuple[tuple[float, ...], float, float]] = []
    while not (state.phase is Phase.HAND_OVER or state.is_over):
        if state.phase is Phase.BIDDING and not rows:
            for sitting in rules.seats:
                seen = read_view(view(state, sitting))
                rows.append(
                    (
                        count_features(seen.hand, seen.deck, seen.players),
                        count_tricks(seen.hand, seen.deck, seen.players),
                        count_tricks(seen.hand, seen.deck),
                    )
                )
        seat = state.to_act
        if seat is None or state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, player(view(state, seat), rng))
    return [(*row, state.trick_counts[seat]) for row, seat in zip(rows, rules.seats, strict=True)]


def play_hands(task: tuple[int, str, int, int, int]) -> list[Row]:
    """The rows of hands ``start`` to ``stop`` (each seeded by the seed and its number alone, so
    the sample does not depend on the workers); a top-level function, for a process pool."""
    players, deck, seed, start, stop = task
    rows: list[Row] = []
    for number in range(start, stop):
        hand_deck = deck if deck != "both" else ("standard", "jokers")[number % 2]
        rows += play_hand(table_rules(players, hand_deck), f"fit-count/{seed}/{number}")
    return rows


def sample(players: int, deck: str, hands: int, seed: int, workers: int) -> list[Row]:
    """Every seat's row of ``hands`` hands, on ``workers`` processes."""
    chunk = 50
    tasks = [
        (players, deck, seed, start, min(hands, start + chunk)) for start in range(0, hands, chunk)
    ]
    if workers <= 1:
        return [row for task in tasks for row in play_hands(task)]
    with ProcessPoolExecutor(workers) as pool:
        return [row for rows in pool.map(play_hands, tasks) for row in rows]


def fit(players: int, deck: str, rows: Sequence[Row]) -> tuple[list[float], bool]:
    """The fitted weights, and whether the extra trick of three was held at its shipped value
    (one deck alone cannot tell it from the constant)."""
    features = [row[0] for row in rows]
    tricks = [float(row[3]) for row in rows]
    if players == 3 and deck != "both":
        shipped = count_weights(3)[-1]
        held = [tuple(values[:-1]) for values in features]
        rest = [t - shipped * values[-1] for t, values in zip(tricks, features, strict=True)]
        return [*least_squares(held, rest), shipped], True
    return least_squares(features, tricks), False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(4, 3, 2), default=4)
    parser.add_argument(
        "--deck",
        choices=("standard", "jokers", "both"),
        help="at three: the deck (default: both, alternating); at four and two only standard",
    )
    parser.add_argument("--hands", type=int, default=3000, help="hands to play (default: 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    args = parser.parse_args()
    deck = args.deck or ("both" if args.players == 3 else "standard")
    if args.players != 3 and deck != "standard":
        parser.error(f"--deck {deck} is for a table of three; four and two play the standard deck.")
    if args.hands < 1:
        parser.error("--hands must be at least 1.")
    print(f"$ {' '.join(['python', *sys.argv])}")
    rows = sample(args.players, deck, args.hands, args.seed, args.workers)
    weights, held = fit(args.players, deck, rows)
    shipped = count_weights(args.players)
    features = [row[0] for row in rows]
    tricks = [float(row[3]) for row in rows]
    print(
        f"{len(rows):,} seat-hands of Medium against Medium, {args.hands:,} hands under "
        f"{PRESETS[args.players]}, deck {deck}, seed {args.seed}"
    )
    print(f"mean tricks {sum(tricks) / len(tricks):.3f}")
    print(f"{'weight':<22} {'fitted':>8} {'shipped':>8}")
    for index, (name, value, ship) in enumerate(
        zip(NAMES[args.players], weights, shipped, strict=True)
    ):
        last = index == len(weights) - 1
        note = "  (held: one deck cannot tell it from the constant)" if held and last else ""
        print(f"{name:<22} {value:8.3f} {ship:8.3f}{note}")
    print("fitted, rounded: (" + ", ".join(f"{value:.2f}" for value in weights) + ")")
    fit_rms = rms_error(features, tricks, weights)
    shipped_rms = math.sqrt(sum((row[3] - row[1]) ** 2 for row in rows) / len(rows))
    shipped_bias = sum(row[3] - row[1] for row in rows) / len(rows)
    print(f"rms error of the fit          {fit_rms:.3f} tricks")
    print(
        f"rms error of the shipped count {shipped_rms:.3f} tricks (tricks minus count on average "
        f"{shipped_bias:+.3f})"
    )
    if args.players != 4:
        four_rms = math.sqrt(sum((row[3] - row[2]) ** 2 for row in rows) / len(rows))
        four_bias = sum(row[3] - row[2] for row in rows) / len(rows)
        print(
            f"rms error of the count of four as it is {four_rms:.3f} tricks (tricks minus count "
            f"on average {four_bias:+.3f})"
        )


if __name__ == "__main__":
    main()
