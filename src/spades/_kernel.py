"""The rules kernel: every rule of the table, card play and scoring arithmetic, once, on plain ints.

The engine, legality, the record verifier and the computer players' playouts all call these
functions, so follow-suit, the trick winner, breaking spades, the bid range, who bids and leads
first, the next dealer and the contract, nil and bag arithmetic are each decided in exactly one
place. Everything here is a pure function of ints, tuples of ints and the :class:`RuleSet`:
cheap enough for a playout loop with mutable locals, and free of the public state objects.

Cards are indices ``suit * 13 + rank`` (clubs 0, diamonds 1, hearts 2, spades 3; ranks 0 for the
two up to 12 for the ace); a set of cards is an ``int`` with those bits set. Seats are ints
``0..3`` (N, E, S, W) and teams ``0`` (NS) and ``1`` (EW).

The table's size (:data:`SEATS`), the deck (:data:`FULL_DECK`), the tricks in a hand
(:data:`TRICKS_PER_HAND`) and the bid range (:func:`bid_range`) are read here and nowhere else,
and the state keeps one entry per seat in tuples of that size. A variant with another table
(three-handed cutthroat, two-handed Spades, a deck with jokers, whose indices 52 and 53 rank above
every spade in :func:`trick_winner`'s order) makes them functions of the :class:`RuleSet` here,
without changing how the engine or a player calls the kernel.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .rules import (
    BagRemainder,
    FailedNilTricks,
    FirstLead,
    RuleSet,
    SpadesBreaking,
    TieRule,
)

__all__ = [
    "END_CAP",
    "END_FLOOR",
    "END_TARGET",
    "FULL_DECK",
    "NON_SPADES",
    "RANKS",
    "SEATS",
    "SHARED",
    "SPADES",
    "SPADE_SUIT",
    "SUIT_MASKS",
    "TRICKS_PER_HAND",
    "TWO_OF_CLUBS",
    "bag_penalties",
    "beaters",
    "bid_range",
    "bidding_order",
    "bit_indices",
    "breaks_spades",
    "contract_points",
    "exchange_steps",
    "first_bidder",
    "first_leader",
    "follow_mask",
    "game_end",
    "higher_in_suit",
    "is_real_deal",
    "lead_mask",
    "legal_cards",
    "next_dealer",
    "next_seat",
    "nil_points",
    "partner",
    "passed",
    "team_of",
    "team_tricks",
    "trick_leader",
    "trick_winner",
    "tricks_taken",
]

#: Seats at the table.
SEATS = 4
#: Ranks in a suit.
RANKS = 13
#: Tricks in a hand, and cards in each seat's hand.
TRICKS_PER_HAND = 13
SPADE_SUIT = 3
SUIT_MASKS: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
SPADES = SUIT_MASKS[SPADE_SUIT]
FULL_DECK = (1 << 52) - 1
NON_SPADES = FULL_DECK ^ SPADES
#: The index of the two of clubs.
TWO_OF_CLUBS = 0

# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_ANY_SPADE = SpadesBreaking.ANY_SPADE
_TWO_OF_CLUBS = FirstLead.TWO_OF_CLUBS
_COUNT_TOWARD_CONTRACT = FailedNilTricks.COUNT_TOWARD_CONTRACT
_BAGS_ONLY = FailedNilTricks.BAGS_ONLY
_RESET = BagRemainder.RESET
_SHARED = TieRule.SHARED


def bit_indices(mask: int) -> Iterator[int]:
    """The card indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -- seats and partnerships ----------------------------------------------------------------------


def next_seat(seat: int, step: int) -> int:
    """The seat that acts after ``seat`` when play moves by ``step``."""
    return (seat + step) % SEATS


def trick_leader(to_act: int, step: int, played: int) -> int:
    """Who led the trick in progress, when ``played`` cards are down and ``to_act`` plays next."""
    return (to_act - step * played) % SEATS


def partner(seat: int) -> int:
    """The seat opposite ``seat``."""
    return (seat + 2) % SEATS


def team_of(seat: int) -> int:
    """The partnership of ``seat``: 0 for North-South, 1 for East-West."""
    return seat & 1


def first_bidder(rules: RuleSet, dealer: int) -> int:
    """Who bids first in a hand ``dealer`` deals: the dealer's next seat in the direction of play
    (the dealer's left clockwise, as in rule_sheet and four_levels; the right counterclockwise, as
    in partners_app and cap40)."""
    return next_seat(dealer, rules.direction.step)


def bidding_order(rules: RuleSet, dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid a hand ``dealer`` deals, the first bidder first."""
    step = rules.direction.step
    first = next_seat(dealer, step)
    return tuple((first + step * i) % SEATS for i in range(SEATS))


def next_dealer(rules: RuleSet, dealer: int) -> int:
    """Who deals after ``dealer``: the deal passes in the direction of play."""
    return next_seat(dealer, rules.direction.step)


def first_leader(rules: RuleSet, dealer: int, holdings: Sequence[int]) -> int | None:
    """Who leads the first trick of a hand ``dealer`` dealt, from the holdings after any exchange.

    The first bidder; or, with the fixed first lead, the seat holding the two of clubs, None when
    no single seat holds it (a deal that is not a deal, or a hand whose cards are unknown).
    """
    if rules.first_lead is _TWO_OF_CLUBS:
        holders = [seat for seat, held in enumerate(holdings) if held >> TWO_OF_CLUBS & 1]
        return holders[0] if len(holders) == 1 else None
    return first_bidder(rules, dealer)


# -- the deal and the exchange --------------------------------------------------------------------


def is_real_deal(hands: Sequence[int]) -> bool:
    """Whether ``hands`` share out the whole deck, 13 different cards to each seat."""
    union = 0
    for hand in hands:
        if hand.bit_count() != TRICKS_PER_HAND:
            return False
        union |= hand
    return len(hands) == SEATS and union == FULL_DECK


def exchange_steps(
    rules: RuleSet, dealer: int, bids: Sequence[tuple[int, bool] | None]
) -> list[tuple[int, int]]:
    """The ``(giver, receiver)`` steps of the blind nil exchange, in order; empty when none.

    ``bids`` are ``(tricks, blind)`` per seat. For each blind nil bidder, in bidding order, whose
    partner bid a number: the partner gives first, then the blind nil bidder gives back
    (pagat's order). Partners who both bid nil exchange nothing.
    """
    if not rules.blind_nil_exchange:
        return []
    steps: list[tuple[int, int]] = []
    for seat in bidding_order(rules, dealer):
        bid, partner_bid = bids[seat], bids[partner(seat)]
        if bid is not None and bid[1] and partner_bid is not None and partner_bid[0] != 0:
            steps += [(partner(seat), seat), (seat, partner(seat))]
    return steps


def passed(holdings: Sequence[int], giver: int, cards: int) -> tuple[int, ...]:
    """The holdings after ``giver`` passes ``cards`` to its partner."""
    held = list(holdings)
    held[giver] &= ~cards
    held[partner(giver)] |= cards
    return tuple(held)


# -- card play ------------------------------------------------------------------------------------


def lead_mask(hand: int, spades_broken: bool) -> int:
    """The cards a leader may lead: no spade before spades are broken, unless all are spades."""
    if spades_broken:
        return hand
    others = hand & NON_SPADES
    return others if others else hand


def follow_mask(hand: int, led_suit: int) -> int:
    """The cards a follower may play: the led suit if held, otherwise anything."""
    following = hand & SUIT_MASKS[led_suit]
    return following if following else hand


def legal_cards(
    hand: int, trick: Sequence[int], spades_broken: bool, lead_two_of_clubs: bool
) -> int:
    """The cards a seat holding ``hand`` may play to ``trick`` (the card indices played so far).

    ``lead_two_of_clubs`` is true for the first lead of a hand under the fixed first lead, when
    the leader must lead the two of clubs.
    """
    if trick:
        return follow_mask(hand, trick[0] // RANKS)
    if lead_two_of_clubs:
        return hand & (1 << TWO_OF_CLUBS)
    return lead_mask(hand, spades_broken)


def trick_winner(cards: Sequence[int]) -> int:
    """The position in ``cards`` (in play order, led card first) of the card that takes the trick.

    Spades are the highest suit in the index order, so the winner is simply the highest-indexed
    card among the spades and the cards of the led suit.
    """
    led = cards[0] // RANKS
    best = 0
    best_card = cards[0]
    for position in range(1, len(cards)):
        card = cards[position]
        if card > best_card and (card >= 39 or card // RANKS == led):
            best, best_card = position, card
    return best


def higher_in_suit(card: int) -> int:
    """The cards of ``card``'s suit that rank above it (none for an ace)."""
    return SUIT_MASKS[card // RANKS] & ~((2 << card) - 1)


def beaters(cards: int, best: int) -> int:
    """The cards of ``cards`` that would take a trick from ``best``, the card winning it now: the
    higher cards of its suit, and every spade when it is not a spade (the order of
    :func:`trick_winner`)."""
    higher = cards & higher_in_suit(best)
    return higher if best >= 39 else higher | cards & SPADES


def breaks_spades(card: int, led_suit: int, rules: RuleSet) -> bool:
    """Whether playing ``card`` to a trick led in ``led_suit`` breaks spades.

    Under :attr:`SpadesBreaking.ANY_SPADE` every spade breaks them, a spade lead included; under
    :attr:`SpadesBreaking.TRUMP_ONLY` only a spade played by someone who could not follow the
    led suit does (a spade led never does).
    """
    if card < 39:
        return False
    return led_suit != SPADE_SUIT or rules.spades_breaking is _ANY_SPADE


def tricks_taken(
    rules: RuleSet, leader: int, plays: Iterable[Sequence[int]]
) -> tuple[tuple[int, ...], int]:
    """The tricks each seat takes in ``plays`` (card indices per trick) led first by ``leader``,
    and how many tricks are complete. Each winner leads the next; the count stops at the first
    trick of fewer than four cards."""
    step = rules.direction.step
    won = [0] * SEATS
    complete = 0
    for cards in plays:
        if len(cards) < SEATS:
            break
        leader = (leader + step * trick_winner(cards)) % SEATS
        won[leader] += 1
        complete += 1
    return tuple(won), complete


# -- bidding ---------------------------------------------------------------------------------------


def bid_range(rules: RuleSet) -> range:
    """The numbers of tricks a seat may bid: 0 (nil) to the tricks in a hand."""
    return _BID_RANGE


_BID_RANGE = range(0, TRICKS_PER_HAND + 1)


# -- scoring arithmetic ----------------------------------------------------------------------------


def team_tricks(
    rules: RuleSet, bids: Sequence[tuple[int, bool]], tricks: Sequence[int]
) -> tuple[int, int, int]:
    """A team's ``(contract, contract_tricks, nil_bags)`` from its partners' bids and tricks.

    ``bids`` are ``(tricks bid, blind)`` per partner. The contract is the sum of the bids other
    than nil; a nil bidder's tricks count toward it, become bags only, or are ignored, as
    :attr:`RuleSet.failed_nil_tricks` says.
    """
    contract = contract_tricks = nil_bags = 0
    policy = rules.failed_nil_tricks
    for (bid, _blind), taken in zip(bids, tricks):
        if bid:
            contract += bid
            contract_tricks += taken
        elif policy is _COUNT_TOWARD_CONTRACT:
            contract_tricks += taken
        elif policy is _BAGS_ONLY:
            nil_bags += taken
    return contract, contract_tricks, nil_bags


def contract_points(rules: RuleSet, contract: int, contract_tricks: int) -> int:
    """Points for a contract: made, 10 a trick bid (bags are apart); set, minus 10 a trick bid."""
    if contract_tricks >= contract:
        return contract * rules.points_per_bid_trick
    return -contract * rules.set_penalty_per_trick


def nil_points(rules: RuleSet, blind: bool, taken: int) -> int:
    """Points for a nil (or blind nil) bidder who took ``taken`` tricks."""
    if blind:
        return rules.blind_nil_bonus if taken == 0 else -rules.blind_nil_penalty
    return rules.nil_bonus if taken == 0 else -rules.nil_penalty


def bag_penalties(rules: RuleSet, bags: int) -> tuple[int, int]:
    """How many bag penalties a bag count costs, and the count left after them."""
    threshold = rules.bag_threshold
    if bags < threshold:
        return 0, bags
    if rules.bag_remainder is _RESET:
        return 1, 0
    if rules.bag_penalty_once_per_hand:
        return 1, bags - threshold
    return bags // threshold, bags % threshold


# -- the end of the game ---------------------------------------------------------------------------

#: Why a game ended, as :func:`game_end` gives it.
END_TARGET = 0
END_FLOOR = 1
END_CAP = 2
#: The winner :func:`game_end` gives for a shared result.
SHARED = -1


def game_end(rules: RuleSet, ns: int, ew: int, hands_played: int) -> tuple[int, int] | None:
    """Whether the game is over at totals ``ns`` and ``ew`` after ``hands_played`` hands: None
    while it goes on, else ``(winner, why)`` -- the winning team (0 NS, 1 EW, or :data:`SHARED`)
    and :data:`END_TARGET`, :data:`END_FLOOR` or :data:`END_CAP`.

    A team wins when it reaches the target or the other falls to the losing score. When both
    have such a claim the higher total wins, and an exact tie plays on unless
    :attr:`RuleSet.tie_at_target` shares it. Only then does the cap on hands decide: the higher
    total wins, and an exact tie is shared.
    """
    target, floor = rules.target_score, rules.losing_score
    ns_reached, ew_reached = ns >= target, ew >= target
    ns_fallen = floor is not None and ns <= floor
    ew_fallen = floor is not None and ew <= floor
    ns_claim, ew_claim = ns_reached or ew_fallen, ew_reached or ns_fallen
    why = END_TARGET if ns_reached or ew_reached else END_FLOOR
    if ns_claim != ew_claim:
        return (0 if ns_claim else 1), why
    if ns_claim:
        if ns != ew:
            return (0 if ns > ew else 1), why
        if rules.tie_at_target is _SHARED:
            return SHARED, why
    if rules.max_hands is not None and hands_played >= rules.max_hands:
        return (SHARED if ns == ew else 0 if ns > ew else 1), END_CAP
    return None
