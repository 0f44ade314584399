"""A plain double-dummy minimax written from the rules' words: the witness the tests of
:mod:`spades._kernel.double_dummy` compare the solver with.

It shares nothing with the solver nor with :mod:`spades._kernel.play`: the cards in play and the
order of the trumps are written out here from the source words of :class:`spades.rules.Deck`
(cards are the kernel's indices, ``suit * 13 + rank``, clubs diamonds hearts spades, the two rank
0, the little joker 52 and the big joker 53), and so are the rules of leading, following,
breaking spades and the first trick. Every seat sees every hand; the value of a position is
found by trying every card at every turn (remembering the positions met, nothing more clever).
The tests check these rules against the public engine too (tests/kernel/test_double_dummy.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from spades.rules import (
    Deck,
    EarlySpadeLead,
    FirstLead,
    FirstTrick,
    RemovedTwos,
    RuleSet,
    SpadesBreaking,
    SpareCards,
)
from spades.seats import Direction

RANKS = 13
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
LITTLE_JOKER = 52
BIG_JOKER = 53
_SUIT_LETTERS = "cdhs"
_RANK_LETTERS = "23456789TJQKA"


def card(name: str) -> int:
    """The index of the card named like ``'Qh'``, ``'2s'``; ``'LJ'`` and ``'BJ'`` the jokers."""
    if name == "LJ":
        return LITTLE_JOKER
    if name == "BJ":
        return BIG_JOKER
    return _SUIT_LETTERS.index(name[1]) * RANKS + _RANK_LETTERS.index(name[0])


def name(index: int) -> str:
    """The name of a card index, as :func:`card` reads it."""
    if index == LITTLE_JOKER:
        return "LJ"
    if index == BIG_JOKER:
        return "BJ"
    return _RANK_LETTERS[index % RANKS] + _SUIT_LETTERS[index // RANKS]


def names(mask: int) -> str:
    return " ".join(name(index) for index in cards_of(mask)) or "-"


def cards_of(mask: int) -> Iterator[int]:
    """The card indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: The trumps each deck ranks above the ace of spades, lowest first, as the deck's words say.
TOP_TRUMPS: dict[Deck, tuple[int, ...]] = {
    # "The 52 cards, ace of spades the highest trump."
    Deck.STANDARD: (),
    # "Big joker > little joker > ace of spades."
    Deck.JOKERS: (card("LJ"), card("BJ")),
    # "Big joker > little joker > two of spades > ace of spades."
    Deck.JJDA: (card("2s"), card("LJ"), card("BJ")),
    # "Big joker > little joker > two of diamonds > two of spades > ace of spades."
    Deck.JJDD: (card("2s"), card("2d"), card("LJ"), card("BJ")),
    # "two of hearts > two of clubs > two of diamonds > two of spades > ace of spades."
    Deck.DEUCES_HIGH: (card("2s"), card("2d"), card("2c"), card("2h")),
}
#: The two deuces a deck with jokers leaves out, by the option's words.
REMOVED = {
    RemovedTwos.HEARTS_CLUBS: (card("2h"), card("2c")),
    RemovedTwos.HEARTS_DIAMONDS: (card("2h"), card("2d")),
    RemovedTwos.CLUBS_DIAMONDS: (card("2c"), card("2d")),
}
_STANDARD_DECK = frozenset(range(52))


def deck_cards(rules: RuleSet) -> frozenset[int]:
    """The cards in play under ``rules`` (the Deck and RemovedTwos docs, and cutthroat's "Remove
    2♣": three play the standard deck without the two of clubs, or all 54 of the jokers deck)."""
    deck = rules.deck
    if deck is Deck.STANDARD:
        return _STANDARD_DECK - {card("2c")} if rules.players == 3 else _STANDARD_DECK
    if deck is Deck.DEUCES_HIGH:
        return _STANDARD_DECK
    whole = _STANDARD_DECK | {LITTLE_JOKER, BIG_JOKER}
    if deck is Deck.JJDD:
        return whole - {card("2h"), card("2c")}
    if rules.players == 3 or rules.spare_cards is not SpareCards.REMOVED_TWOS:
        return whole
    return whole - set(REMOVED[rules.removed_twos])


class Spot(NamedTuple):
    """A position: the cards each seat holds (masks, seat order), the trick in progress (card
    indices, lead first), the seat to play, whether spades are broken and whether the trick in
    progress is the first of the hand."""

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    to_act: int
    broken: bool
    first: bool


class Oracle:
    """The rules of play of a rule set, read from its options, and the minimax over them."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.players = rules.players
        # "numbered clockwise from North": clockwise play goes to the next number.
        self.step = 1 if rules.direction is Direction.CLOCKWISE else -1
        self.cards = deck_cards(rules)
        top = TOP_TRUMPS[rules.deck]
        usual_spades = [card(rank + "s") for rank in _RANK_LETTERS if card(rank + "s") not in top]
        #: Every spade of the deck, lowest first: the usual spades, then the top trumps.
        self.trumps = tuple(c for c in (*usual_spades, *top) if c in self.cards)
        #: The suit each card plays as (-1 for a card out of play).
        self.suit = [
            -1 if c not in self.cards else SPADES if c in self.trumps else c // RANKS
            for c in range(54)
        ]
        #: How high each card ranks for taking a trick: a spade above every other card.
        self.power = [
            100 + self.trumps.index(c) if c in self.trumps else c % RANKS for c in range(54)
        ]
        self.spade_mask = sum(1 << c for c in self.trumps)
        self.suit_mask = [sum(1 << c for c in self.cards if self.suit[c] == s) for s in range(4)]
        self.breaking = rules.spades_breaking
        self.first_trick_rule = rules.first_trick
        self.fixed_lead = rules.first_lead is FirstLead.TWO_OF_CLUBS
        clubs = [c for c in self.cards if self.suit[c] == CLUBS]
        #: "the lowest club in play": the two of clubs, the three when the two is out or a spade.
        self.lowest_club = min(clubs)
        self.must_overtrump = rules.must_overtrump
        self.renege_leads = rules.early_spade_lead is EarlySpadeLead.RENEGE

    # -- the rules of play ---------------------------------------------------------------------

    def leader(self, spot: Spot) -> int:
        """The seat that led the trick in progress."""
        return (spot.to_act - self.step * len(spot.trick)) % self.players

    def winner(self, trick: tuple[int, ...]) -> int:
        """The place in ``trick`` of the card that takes it: the highest spade when a spade was
        played, else the highest card of the suit led."""
        suit, power = self.suit, self.power
        led = suit[trick[0]]
        best = 0
        for place, played in enumerate(trick):
            if suit[played] in (led, SPADES) and power[played] > power[trick[best]]:
                best = place
        return best

    def legal(self, hand: int, trick: tuple[int, ...], broken: bool, first: bool) -> int:
        """The cards of ``hand`` a player who keeps every rule may play to ``trick``."""
        if not trick:
            return self._leads(hand, broken, first)
        led = self.suit[trick[0]]
        following = hand & self.suit_mask[led]
        if following:
            if first and led == CLUBS and self.first_trick_rule is FirstTrick.LOWEST_CLUB:
                return following & -following  # "everyone's lowest club"
            return following
        pool = hand
        others = hand & ~self.spade_mask
        if first and self.first_trick_rule is not FirstTrick.ANY and others:
            pool = others  # "no spade ... unless they hold only spades"
        if self.must_overtrump and led != SPADES:
            top = trick[self.winner(trick)]
            if self.suit[top] == SPADES:
                power = self.power
                higher = sum(
                    1 << c for c in cards_of(pool & self.spade_mask) if power[c] > power[top]
                )
                if higher:  # "must play a higher spade if they hold one"
                    return higher
        return pool

    def _leads(self, hand: int, broken: bool, first: bool) -> int:
        if first and self.fixed_lead:
            return hand & 1 << self.lowest_club  # the holder of the lowest club "must lead it"
        others = hand & ~self.spade_mask
        if not others:
            return hand  # "Spades may always be led from a hand of only spades."
        if first and self.first_trick_rule is not FirstTrick.ANY:
            return others  # the first trick takes no spade from anyone who holds another suit
        if broken or self.breaking is SpadesBreaking.ANY_TIME:
            return hand
        if self.breaking is SpadesBreaking.AFTER_FIRST_TRICK and not first:
            return hand
        return others

    def breaks(self, trick: tuple[int, ...], played: int) -> bool:
        """Whether ``played``, played to ``trick`` (empty for a lead), breaks spades."""
        if self.suit[played] != SPADES:
            return False
        if self.breaking is SpadesBreaking.TRUMP_ONLY:
            # "Only a spade played by someone who could not follow the led suit."
            return bool(trick) and self.suit[trick[0]] != SPADES
        return True  # "Any spade played, even one led from a hand of only spades."

    def play(self, spot: Spot, played: int) -> tuple[int | None, Spot]:
        """The seat that takes the trick ``played`` completes (None if it goes on) and the
        position after it."""
        hands = list(spot.hands)
        hands[spot.to_act] &= ~(1 << played)
        trick = (*spot.trick, played)
        broken = spot.broken or self.breaks(spot.trick, played)
        if len(trick) < self.players:
            after = (spot.to_act + self.step) % self.players
            return None, Spot(tuple(hands), trick, after, broken, spot.first)
        taker = (self.leader(spot) + self.step * self.winner(trick)) % self.players
        return taker, Spot(tuple(hands), (), taker, broken, False)

    # -- the minimax -----------------------------------------------------------------------------

    def solve(self, maximizers: int, counted: int) -> Minimax:
        return Minimax(self, maximizers, counted)

    def random_spot(self, rng: random.Random, size: int, *, first: bool, played: int) -> Spot:
        """A random ending of ``size`` cards a seat, ``played`` cards into its trick (played at
        random by the rules); ``first``: the first trick of the hand, led with the lowest club
        under the fixed first lead."""
        n = self.players
        dealt = rng.sample(sorted(self.cards), n * size)
        hands = [sum(1 << c for c in dealt[seat * size : (seat + 1) * size]) for seat in range(n)]
        leader = rng.randrange(n)
        if first and self.fixed_lead and not hands[leader] >> self.lowest_club & 1:
            give = rng.choice(list(cards_of(hands[leader])))
            hands[leader] ^= 1 << give | 1 << self.lowest_club
            for seat in range(n):
                if seat != leader and hands[seat] >> self.lowest_club & 1:
                    hands[seat] ^= 1 << give | 1 << self.lowest_club
        spot = Spot(tuple(hands), (), leader, not first and rng.random() < 0.5, first)
        for _ in range(played):
            hand = spot.hands[spot.to_act]
            choice = rng.choice(
                list(cards_of(self.legal(hand, spot.trick, spot.broken, spot.first)))
            )
            spot = self.play(spot, choice)[1]
        return spot


class Minimax:
    """Every position's value for one role: the most tricks the seats of ``counted`` take from
    there to the end of the hand (the trick in progress included) that the seats of
    ``maximizers`` can make sure of, every other seat keeping it down."""

    def __init__(self, oracle: Oracle, maximizers: int, counted: int) -> None:
        self.oracle = oracle
        self.maximizers = maximizers
        self.counted = counted
        self.memo: dict[Spot, int] = {}

    def choices(self, spot: Spot) -> dict[int, int]:
        """Each card the seat to act may play, and the value after it (its trick included)."""
        oracle = self.oracle
        legal = oracle.legal(spot.hands[spot.to_act], spot.trick, spot.broken, spot.first)
        assert legal, f"no card to play at {spot}"
        values = {}
        for played in cards_of(legal):
            taker, after = oracle.play(spot, played)
            gain = 1 if taker is not None and self.counted >> taker & 1 else 0
            values[played] = gain + self.value(after)
        return values

    def value(self, spot: Spot) -> int:
        if not spot.trick and not any(spot.hands):
            return 0
        known = self.memo.get(spot)
        if known is None:
            oracle, counted = self.oracle, self.counted
            legal = oracle.legal(spot.hands[spot.to_act], spot.trick, spot.broken, spot.first)
            values = []
            for played in cards_of(legal):
                taker, after = oracle.play(spot, played)
                gain = 1 if taker is not None and counted >> taker & 1 else 0
                values.append(gain + self.value(after))
            known = max(values) if self.maximizers >> spot.to_act & 1 else min(values)
            self.memo[spot] = known
        return known
