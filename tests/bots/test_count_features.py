"""The trick count's features and weights (``spades.bots.tactics.count_features``,
``count_weights``) against the count itself, and the least-squares solver of
``benchmarks/fit_count.py`` that fits the weights."""

from __future__ import annotations

import functools
import importlib.util
import random
from types import ModuleType

import pytest

from paths import ROOT
from spades import RuleSet
from spades._kernel.cards import bit_indices
from spades._kernel.deck import STANDARD_LAYOUT, Layout
from spades._kernel.table import table_of
from spades.bots.tactics import count_features, count_tricks, count_weights
from spades.rules import find_ruleset

# -- the count before count_features: the reference its results must equal -------------------------

_RANKS = 13
_ACE, _KING, _QUEEN = 12, 11, 10
_OLD_FOUR_WEIGHTS = (-0.14, 0.37, 0.115, 0.19, 0.88, 0.68, 0.44, 0.32, 0.89, 0.40, 0.08, 0.22, 0.04)
_OLD_FOUR_RUFFS = (0.37, 0.22, 0.09)
_OLD_THREE_WEIGHTS = (0.18, 0.72, 0.15, 0.09, 1.0, 0.69, 0.49, 0.36, 0.91, 0.51, 0.29, 0.39, 0.16)
_OLD_THREE_RUFFS = (0.08, 0.05, 0.03)
_OLD_THREE_EXTRA_TRICK = 0.29
_OLD_TWO_SCALE = 0.93
_OLD_TWO_BASE = 1.2


def old_count_tricks(hand: int, deck: Layout = STANDARD_LAYOUT, players: int = 4) -> float:
    """``count_tricks`` as it was written before ``count_features`` (copied as it was)."""
    if players == 2:
        return _OLD_TWO_SCALE * old_count_tricks(hand, deck) + _OLD_TWO_BASE
    spades = hand & deck.spades
    spade_count = spades.bit_count()
    if players == 4:
        base, lw, l3, l4, top1, top2, top3, top4, ace, king, bare, queen, long = _OLD_FOUR_WEIGHTS
        ruffs = _OLD_FOUR_RUFFS
    else:
        base, lw, l3, l4, top1, top2, top3, top4, ace, king, bare, queen, long = _OLD_THREE_WEIGHTS
        ruffs = _OLD_THREE_RUFFS
        base += _OLD_THREE_EXTRA_TRICK * (deck.cards.bit_count() // players - 17)
    length = spade_count - ((_RANKS + deck.extra_trumps) / players - _RANKS / 4)
    ruffers = min(spade_count, 3)
    total = base + lw * length + l3 * max(0.0, length - 3)
    total += l4 * max(0.0, length - 4)
    first, second, third, fourth = deck.top_trumps
    total += top1 * (hand >> first & 1) + top2 * (hand >> second & 1)
    total += top3 * (hand >> third & 1) + top4 * (hand >> fourth & 1)
    for suit in range(3):
        cards = (hand & deck.suits[suit]) >> (suit * _RANKS) & 0x1FFF
        length_of = cards.bit_count()
        if cards >> _ACE & 1:
            total += ace
        if cards >> _KING & 1:
            total += king if length_of >= 2 else bare
        if cards >> _QUEEN & 1 and length_of >= 3:
            total += queen
        total += long * max(0, length_of - 4)
        if length_of <= 2:
            total += ruffs[length_of] * ruffers
    return total


#: Every table the count is made for: the rules, and how many cards a hand holds.
TABLES = {
    "four": (RuleSet(), 13),
    "four jokers": (RuleSet(deck="jokers"), 13),
    "three": (find_ruleset("cutthroat3"), 17),
    "three jokers": (find_ruleset("cutthroat3").evolve(deck="jokers"), 18),
    "two": (find_ruleset("two_player"), 13),
}


def random_hands(rules: RuleSet, size: int, count: int, seed: int) -> list[int]:
    """``count`` random hands of ``size`` cards of the rules' deck (with any length of suits)."""
    deck = table_of(rules).deck
    cards = list(bit_indices(deck.cards))
    rng = random.Random(seed)
    hands = [sum(1 << card for card in rng.sample(cards, size)) for _ in range(count)]
    # A whole suit and the rest at random: long suits and voids, as a deal seldom gives them.
    for suit in range(4):
        suited = [card for card in cards if deck.suit_of[card] == suit][:size]
        others = [card for card in cards if deck.suit_of[card] != suit]
        hands.append(sum(1 << card for card in suited + rng.sample(others, size - len(suited))))
    return hands


@pytest.mark.parametrize("table", list(TABLES))
def test_the_count_is_exactly_what_it_was(table: str) -> None:
    rules, size = TABLES[table]
    deck = table_of(rules).deck
    for hand in random_hands(rules, size, 4000, seed=size):
        assert count_tricks(hand, deck, rules.players) == old_count_tricks(
            hand, deck, rules.players
        )


@pytest.mark.parametrize("table", list(TABLES))
def test_the_count_is_its_weights_times_its_features(table: str) -> None:
    rules, size = TABLES[table]
    deck = table_of(rules).deck
    weights = count_weights(rules.players)
    for hand in random_hands(rules, size, 500, seed=size + 1):
        features = count_features(hand, deck, rules.players)
        assert len(features) == len(weights)
        dot = sum(weight * value for weight, value in zip(weights, features, strict=True))
        # Equal but for the order the terms are added in (the count adds them suit by suit).
        assert dot == pytest.approx(count_tricks(hand, deck, rules.players), abs=1e-9)


def test_the_weights_are_the_tuples_in_the_order_of_tactics() -> None:
    assert count_weights(4) == _OLD_FOUR_WEIGHTS + _OLD_FOUR_RUFFS
    assert count_weights(3) == (*_OLD_THREE_WEIGHTS, *_OLD_THREE_RUFFS, _OLD_THREE_EXTRA_TRICK)
    assert count_weights(2) == (_OLD_TWO_SCALE, _OLD_TWO_BASE)


def test_the_features_of_one_hand_read_as_the_docstring_says() -> None:
    # AKQ32 of spades; A K of hearts; K Q 2 of diamonds; a void in clubs.
    hand = (1 << 51 | 1 << 50 | 1 << 49 | 1 << 40 | 1 << 39) | (1 << 38 | 1 << 37)
    hand |= 1 << 24 | 1 << 23 | 1 << 13
    features = count_features(hand)
    # 1; 5 spades, 2 over 3, 1 over 4; the ace, king and queen of the top four; an ace, two kings
    # guarded, none alone, a queen with two more, no long suit; 3 spades times a void, no
    # singleton and a doubleton.
    assert features == (1, 5, 2, 1, 1, 1, 1, 0, 1, 2, 0, 1, 0, 3, 0, 3)
    assert count_features(hand, players=2) == (count_tricks(hand), 1.0)
    three = table_of(TABLES["three jokers"][0]).deck
    assert count_features(hand, three, 3)[-1] == 1.0  # 18 cards: one trick over 17


# -- the least-squares solver of benchmarks/fit_count.py ------------------------------------------


@functools.cache
def fit_count() -> ModuleType:
    """``benchmarks/fit_count.py``, loaded as a module (the benchmarks are not a package)."""
    path = ROOT / "benchmarks" / "fit_count.py"
    spec = importlib.util.spec_from_file_location("fit_count", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_least_squares_recovers_known_weights() -> None:
    solve = fit_count().least_squares
    rng = random.Random(3)
    truth = (0.5, -1.25, 2.0, 0.0, 3.5)
    rows = []
    targets = []
    for _ in range(400):
        row = (1.0, *(rng.uniform(-3, 3) for _ in range(len(truth) - 1)))
        rows.append(row)
        targets.append(sum(w * x for w, x in zip(truth, row, strict=True)))
    assert solve(rows, targets) == pytest.approx(truth, abs=1e-9)
    # With noise the fit is near the truth, and no worse than the truth on its own sample.
    noisy = [target + rng.gauss(0, 0.5) for target in targets]
    fitted = solve(rows, noisy)
    assert fitted == pytest.approx(truth, abs=0.15)
    rms = fit_count().rms_error
    assert rms(rows, noisy, fitted) <= rms(rows, noisy, truth)


def test_least_squares_refuses_weights_the_sample_cannot_tell_apart() -> None:
    solve = fit_count().least_squares
    rows = [(1.0, 2.0, float(x)) for x in range(10)]  # the second column is twice the first
    with pytest.raises(ValueError, match="cannot tell weight 1 apart"):
        solve(rows, [float(x) for x in range(10)])


@pytest.mark.parametrize(("players", "deck"), [(4, "standard"), (3, "both"), (2, "standard")])
def test_the_fit_reads_every_seat_of_every_hand(players: int, deck: str) -> None:
    script = fit_count()
    rows = script.sample(players, deck, 2, 5, 1)
    assert len(rows) == 2 * players
    tricks_in_a_hand = {4: {13}, 3: {17, 18}, 2: {13}}[players]
    for start in range(0, len(rows), players):
        assert sum(row[3] for row in rows[start : start + players]) in tricks_in_a_hand
    for features, shipped, _four, _tricks in rows:
        dot = sum(w * x for w, x in zip(count_weights(players), features, strict=True))
        assert dot == pytest.approx(shipped, abs=1e-9)
