"""Card play: what may be led and followed, who takes a trick, and when spades are broken.

Every function takes the :class:`~spades._kernel.table.Table` of the rules in force (or, for the
order of the cards alone, a :class:`~spades._kernel.deck.Layout`); hands are ``int`` masks and a
trick the card indices played to it, the lead first. :func:`revealed` reads the same rules the
other way: what a card played tells of the hand it came from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import SPADE_SUIT
from .deck import STANDARD_LAYOUT, Layout
from .table import (
    BREAK_AFTER_FIRST_TRICK,
    BREAK_ANY_TIME,
    FIRST_TRICK_ANY,
    FIRST_TRICK_LOWEST_CLUB,
    Table,
)

__all__ = [
    "beaters",
    "breaks_spades",
    "early_spade_reneges",
    "fair_cards",
    "fair_lead_mask",
    "follow_mask",
    "lead_mask",
    "legal_cards",
    "may_lead_spades",
    "renege_leads",
    "revealed",
    "trick_winner",
    "tricks_taken",
]


def may_lead_spades(table: Table, spades_broken: bool, first_trick: bool) -> bool:
    """Whether a leader who holds another suit may lead a spade (the rule of :func:`lead_mask`).

    :attr:`~spades.rules.SpadesBreaking.ANY_SPADE` and ``TRUMP_ONLY``: once spades are broken.
    ``ANY_TIME``: always. ``AFTER_FIRST_TRICK``: from the second trick on. Under
    :attr:`~spades.rules.RuleSet.first_trick` ``no_spades`` or ``lowest_club``, never to the first
    trick. (A leader who holds only spades leads one whatever this says.)
    """
    deck = table.deck
    return bool(lead_mask(table, deck.cards, spades_broken, first_trick) & deck.spades)


def lead_mask(table: Table, hand: int, spades_broken: bool, first_trick: bool) -> int:
    """The cards a leader holding ``hand`` may lead (the fixed first lead apart, see
    :func:`legal_cards`): a spade only when all are spades or :func:`may_lead_spades` says so.

    Under :attr:`~spades.rules.RuleSet.early_spade_lead` renege, a spade the breaking rule alone
    forbids may be led too, as a renege (:func:`renege_leads`); the first trick's rule still
    holds."""
    if spades_broken and not first_trick:  # the common case
        return hand
    fair = fair_lead_mask(table, hand, spades_broken, first_trick)
    if (
        table.early_spade_renege
        and fair != hand
        and not (first_trick and table.first_trick != FIRST_TRICK_ANY)
    ):
        return hand
    return fair


def renege_leads(table: Table, hand: int, spades_broken: bool, first_trick: bool) -> int:
    """The cards of ``hand`` whose lead is a renege: under
    :attr:`~spades.rules.RuleSet.early_spade_lead` renege, the spades :func:`lead_mask` allows
    and :func:`fair_lead_mask` does not (spades not broken, the leader holding another suit);
    0 under every other rule."""
    if not table.early_spade_renege or (spades_broken and not first_trick):
        return 0
    return lead_mask(table, hand, spades_broken, first_trick) & ~fair_lead_mask(
        table, hand, spades_broken, first_trick
    )


def fair_cards(
    table: Table, hand: int, trick: Sequence[int], spades_broken: bool, first_trick: bool
) -> int:
    """The cards of :func:`legal_cards` but the leads that are reneges (:func:`renege_leads`):
    what a player who keeps every rule may play, the computer players' choice."""
    legal = legal_cards(table, hand, trick, spades_broken, first_trick)
    if trick or not table.early_spade_renege:
        return legal
    return legal & ~renege_leads(table, hand, spades_broken, first_trick)


def early_spade_reneges(
    table: Table, held: Sequence[int], done: Sequence[Sequence[int]]
) -> tuple[int, ...]:
    """Each side's reneges by leading a spade before spades were broken
    (:func:`renege_leads`) in the tricks ``done`` (each ``(leader, *cards)``), from the hands
    ``held`` at the start of play; all 0 unless :attr:`~spades.rules.RuleSet.early_spade_lead`
    is renege. (A spade led to the first trick under the fixed first lead breaks that rule
    instead.)"""
    counts = [0] * table.side_count
    if not table.early_spade_renege:
        return tuple(counts)
    side_of = table.side_of
    breakers = table.breakers
    suit_of = table.suit_of
    played = 0
    broken = False
    for number, (leader, *cards) in enumerate(done):
        lead = cards[0]
        first = number == 0
        if first and table.fixed_first_lead:
            pass  # the lowest club is led (a spade there breaks that rule, not this one)
        elif renege_leads(table, held[leader] & ~played, broken, first) >> lead & 1:
            counts[side_of[leader]] += 1
        for card in cards:
            played |= 1 << card
            if not broken:
                broken = breakers[suit_of[lead]] >> card & 1 == 1
    return tuple(counts)


def fair_lead_mask(table: Table, hand: int, spades_broken: bool, first_trick: bool) -> int:
    """The cards a leader holding ``hand`` may lead without a renege: a spade only when all are
    spades or the breaking rule allows it (:attr:`~spades.rules.RuleSet.spades_breaking`), and
    not to the first trick under :attr:`~spades.rules.RuleSet.first_trick` ``no_spades`` or
    ``lowest_club``. The same as :func:`lead_mask` but under ``early_spade_lead`` renege."""
    if spades_broken and not first_trick:
        return hand
    others = hand & table.deck.non_spades
    if others == hand or not others:
        return hand
    if first_trick and table.first_trick != FIRST_TRICK_ANY:
        return others
    if spades_broken:
        return hand
    breaking = table.breaking
    if breaking == BREAK_ANY_TIME or (breaking == BREAK_AFTER_FIRST_TRICK and not first_trick):
        return hand
    return others


def follow_mask(table: Table, hand: int, trick: Sequence[int], first_trick: bool) -> int:
    """The cards a seat holding ``hand`` may play to ``trick``, the card indices played to it so
    far (at least the lead); ``first_trick`` when it is the first trick of the hand.

    The led suit when held: under :attr:`~spades.rules.RuleSet.first_trick` ``lowest_club``, the
    lowest club to clubs led to the first trick. Otherwise any card, but: to the first trick under
    ``first_trick`` ``no_spades`` or ``lowest_club``, no spade unless all are spades; and under
    :attr:`~spades.rules.RuleSet.must_overtrump`, when a suit other than spades was led and a
    spade is in the trick, a spade higher than the highest there, if among the cards left (applied
    after the first-trick rule: a seat that may not play a spade need not overtrump).
    """
    led = table.suit_of[trick[0]]
    following = hand & table.suits[led]
    if following:
        if first_trick and not led and table.first_trick == FIRST_TRICK_LOWEST_CLUB:
            return following & -following
        return following
    deck = table.deck
    suit_of = deck.suit_of
    if first_trick and table.first_trick != FIRST_TRICK_ANY:
        hand = hand & deck.non_spades or hand
    if table.must_overtrump and led != SPADE_SUIT:
        top = trick[trick_winner(trick, deck)]  # the highest spade, when there is one
        if suit_of[top] == SPADE_SUIT:
            higher = hand & deck.above[top]
            if higher:
                return higher
    return hand


def legal_cards(
    table: Table, hand: int, trick: Sequence[int], spades_broken: bool, first_trick: bool
) -> int:
    """The cards a seat holding ``hand`` may play to ``trick`` (the card indices played so far):
    :func:`follow_mask` after the lead; the lowest club in play for the first lead of a hand
    under the fixed first lead; else :func:`lead_mask`. ``first_trick`` is true while the first
    trick of the hand is played.
    """
    if trick:
        return follow_mask(table, hand, trick, first_trick)
    if first_trick and table.fixed_first_lead:
        return hand & (1 << table.deck.lowest_club)
    return lead_mask(table, hand, spades_broken, first_trick)


def revealed(
    table: Table, trick: Sequence[int], card: int, spades_broken: bool, first_trick: bool
) -> int:
    """The cards a seat cannot hold once it has played ``card`` to ``trick`` (the card indices
    played before it, the lead first; empty for a lead), as a mask: the rules of
    :func:`legal_cards` read backwards, with the same ``spades_broken`` and ``first_trick``.

    A card is in the mask exactly when no hand holding it and ``card`` may play ``card`` there:

    * a spade led, when a leader holding another suit may not lead one
      (:func:`may_lead_spades`): every card that is not a spade;
    * a card not of the led suit: the led suit; to the first trick under
      :attr:`~spades.rules.RuleSet.first_trick` ``no_spades`` or ``lowest_club``, a spade played
      so also every card that is not a spade; under :attr:`~spades.rules.RuleSet.must_overtrump`,
      when a suit other than spades was led and a spade is winning the trick, a card other than a
      higher spade also the spades above it (unless the first trick's rule forbade a spade: a
      seat that may not play a spade need not overtrump);
    * a club followed to clubs led to the first trick under ``first_trick`` ``lowest_club``: the
      clubs below it.

    The mask may hold cards already played, which nobody holds. A card no hand may play there --
    under the fixed first lead, a first lead other than the lowest club, only ever played against
    the rules -- reveals nothing (0).
    """
    deck = table.deck
    suit_of = table.suit_of
    suit = suit_of[card]
    if not trick:
        if (
            suit != SPADE_SUIT
            or (first_trick and table.fixed_first_lead)
            or may_lead_spades(table, spades_broken, first_trick)
        ):
            return 0
        return deck.non_spades
    led = suit_of[trick[0]]
    if suit == led:
        if first_trick and not led and table.first_trick == FIRST_TRICK_LOWEST_CLUB:
            return deck.suits[led] & ((1 << card) - 1)
        return 0
    lacks = deck.suits[led]
    if first_trick and table.first_trick != FIRST_TRICK_ANY:
        if suit != SPADE_SUIT:
            return lacks
        lacks |= deck.non_spades
    if table.must_overtrump and led != SPADE_SUIT:
        top = trick[trick_winner(trick, deck)]  # the highest spade, when there is one
        if suit_of[top] == SPADE_SUIT and not deck.above[top] >> card & 1:
            lacks |= deck.above[top]
    return lacks


def trick_winner(cards: Sequence[int], deck: Layout = STANDARD_LAYOUT) -> int:
    """The place in ``cards`` (one to four cards in play order, led card first) of the card that
    takes the trick, under ``deck`` (the standard deck when not given).

    Spades are the highest suit in the order of positions (:class:`~spades._kernel.deck.Layout`),
    so the winner is simply the card of the highest position among the spades and the cards of
    the led suit.
    """
    rank = deck.winner_keys[cards[0]]
    best = 0
    top = rank[cards[0]]
    # Unrolled for the one to four cards of a trick: a loop costs three times as much.
    count = len(cards)
    if count > 1:
        other = rank[cards[1]]
        if other > top:
            best, top = 1, other
        if count > 2:
            other = rank[cards[2]]
            if other > top:
                best, top = 2, other
            if count > 3 and rank[cards[3]] > top:
                best = 3
    return best


def beaters(cards: int, best: int, deck: Layout = STANDARD_LAYOUT) -> int:
    """The cards of ``cards`` that would take a trick from ``best``, the card winning it now: the
    higher cards of its suit, and every spade when it is not a spade (the order of
    :func:`trick_winner`)."""
    higher = cards & deck.above[best]
    return higher if deck.suit_of[best] == SPADE_SUIT else higher | cards & deck.spades


def breaks_spades(table: Table, card: int, led_suit: int) -> bool:
    """Whether playing ``card`` to a trick led in ``led_suit`` breaks spades.

    Under :attr:`~spades.rules.SpadesBreaking.TRUMP_ONLY` only a spade played by someone who could
    not follow the led suit does (a spade led never does); under every other setting any spade
    does, a spade lead included. (Under ``ANY_TIME`` and ``AFTER_FIRST_TRICK`` spades need no
    breaking to be led, and broken only says that a spade has been played: see
    :func:`may_lead_spades`.)
    """
    return bool(table.breakers[led_suit] >> card & 1)


def tricks_taken(
    table: Table, leader: int, plays: Iterable[Sequence[int]]
) -> tuple[tuple[int, ...], int]:
    """The tricks each seat takes in ``plays`` (card indices per trick) led first by ``leader``,
    and how many tricks are complete. Each winner leads the next; the count stops at the first
    trick of fewer cards than seats."""
    deck = table.deck
    seats = table.players
    orders = table.orders
    won = [0] * seats
    complete = 0
    for cards in plays:
        if len(cards) < seats:
            break
        leader = orders[leader][trick_winner(cards, deck)]
        won[leader] += 1
        complete += 1
    return tuple(won), complete
