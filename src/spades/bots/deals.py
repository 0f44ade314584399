"""Imagined deals: the cards a seat cannot see, dealt to the other seats as its view allows.

:func:`imagine_deal` deals the unseen cards of a :class:`~spades.bots.seen.Seen` so that every seat
gets exactly as many cards as it holds, no seat gets a card of a suit it has shown out of or a card
it has shown it does not hold (``Seen.lacks``), and the cards the seat knows another holds (the
cards it passed to its partner in a blind nil exchange) are where it knows them to be. The cards
already played are in nobody's hand. The fill deals the cards in groups, each the cards of one suit
that the same seats may take (a whole suit unless some seat lacks part of it), the most constrained
groups first and, card by card, only to a seat that leaves the rest of the deal possible (Hall's
condition over the other seats -- three, or two at a table of three -- kept as slacks), so it
always succeeds when a consistent deal exists, in a bounded number of steps, and raises
``ValueError`` when none does. With no voids it is a plain shuffle, exactly uniform.

At a table of two (:attr:`~spades.rules.RuleSet.players` 2) the cards the seat has not seen are
more than the other holds: the other's hand is as many of them as it holds, and the rest are the
other's discards (and, during the draw, the stock), in nobody's hand. The fill deals them to a
place beside the other seat that may take any card, and drops it; the seat's own discards are
never among the cards dealt (``Seen.unseen`` leaves them out).

:func:`imagine_deals` makes several: ``uniform`` deals, or ``weighted`` ones, kept by rejection
according to how well each imagined hand fits its seat's bid: a hand's strength
(:func:`~spades.bots.tactics.count_tricks`, the count the levels bid by) against the bid, with the
likelihood ``exp(-(strength - bid)**2 / (2 * sigma**2))`` (:func:`bid_likelihood`). So a nil
bidder is rarely imagined with the ace of spades, and a seat that bid 6 with about six tricks.
Weighted deals follow the play too: what each other seat's plays so far make unlikely, read as
Hard plays (``spades.bots._reading``: a seat last to a trick an opponent is winning that followed
low held no higher card of the suit; one that did not trump it, no spade that would have won; a
card led or followed low was the seat's lowest of its suit; a nil bidder's card under the winner
the highest it had below it). Each reading makes a deal that breaks it a few times less likely.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .._kernel.bidding import NUMBER_BITS, allowed_bids
from .._kernel.cards import SPADES, bit_indices
from .._kernel.deck import STANDARD_LAYOUT, Layout
from ..rules import ForcedBidding
from ._reading import play_readings
from .seen import Seen
from .tactics import NIL_DANGER, NIL_STRENGTH, THREE_MARGIN, count_tricks, nil_danger

__all__ = [
    "BID_SIGMA",
    "NIL_SIGMA",
    "PLAY_POOL",
    "POOL_FACTOR",
    "READ_AT_MOST",
    "READ_NOTHING",
    "READ_SPADES",
    "READ_STRENGTH",
    "SPADES_SIGMA",
    "bid_likelihood",
    "bid_readings",
    "deal_weight",
    "imagine_deal",
    "imagine_deals",
    "spades_likelihood",
]

#: The spread of a numeric bid about the strength of the hand that made it, in tricks.
BID_SIGMA = 2.0
#: The spread for a nil bid about a hand fit for nil.
NIL_SIGMA = 0.8
#: A weighted draw of ``count`` deals draws at most ``POOL_FACTOR * count`` deals by the bids.
POOL_FACTOR = 8
#: With plays to read, the bids keep ``PLAY_POOL * count`` deals (rounded up) and the plays
#: ``count`` of them.
PLAY_POOL = 1.5
#: The spread of the spades a hand holds about a bid that names them (forced bidding mirror and
#: whiz), in spades: narrow, since the bid is the count.
SPADES_SIGMA = 0.4

#: How a seat's bid is read (see :func:`bid_readings`): it says nothing of the hand (a blind nil,
#: a bid the rules forced, the seat's own).
READ_NOTHING = 0
#: The hand's strength, about the bid (:func:`bid_likelihood`).
READ_STRENGTH = 1
#: The hand's strength, at most the bid: the lowest number the rules allowed, which a weaker hand
#: bids too.
READ_AT_MOST = 2
#: The spades held, exactly the bid (forced bidding mirror, and whiz's numbers).
READ_SPADES = 3

_MIRROR = ForcedBidding.MIRROR
#: A table of four players.
_FOUR = 4
_TWO = 2
_WHIZ = ForcedBidding.WHIZ

# -- hand strength ---------------------------------------------------------------------------------


def bid_likelihood(
    hand: int,
    bid: int,
    *,
    at_most: bool = False,
    deck: Layout = STANDARD_LAYOUT,
    players: int = _FOUR,
) -> float:
    """How likely ``hand`` (the cards a seat was dealt) is to have bid ``bid`` (0 for nil), up to
    a constant. A number: ``exp(-(strength - bid)**2 / (2 * sigma**2))`` with the hand's strength
    by :func:`~spades.bots.tactics.count_tricks` (the count the levels bid by) and
    :data:`BID_SIGMA`. Nil: the same form in how far the hand is past a nil hand, by its strength
    over :data:`~spades.bots.tactics.NIL_STRENGTH` and its
    :func:`~spades.bots.tactics.nil_danger` over :data:`~spades.bots.tactics.NIL_DANGER`, with
    :data:`NIL_SIGMA`. With ``at_most`` a number is only the most the hand is worth (the lowest
    number the rules allowed): any weaker hand fits it fully. At a table of three (``players``
    3, or 2) a number is read as the levels bid there, :data:`~spades.bots.tactics.THREE_MARGIN`
    under the count (:func:`~spades.bots.tactics.for_the_score`)."""
    strength = count_tricks(hand, deck, players)
    if bid == 0:
        danger = nil_danger(hand, deck, players)
        over = max(0.0, strength - NIL_STRENGTH) + max(0.0, danger - NIL_DANGER)
        return math.exp(-over * over / (2.0 * NIL_SIGMA * NIL_SIGMA))
    if players != _FOUR:
        strength -= THREE_MARGIN
    gap = strength - bid
    if at_most and gap < 0:
        return 1.0
    return math.exp(-gap * gap / (2.0 * BID_SIGMA * BID_SIGMA))


def spades_likelihood(hand: int, bid: int, spades: int = SPADES) -> float:
    """How likely ``hand`` is to have bid ``bid`` where the bid is the number of spades held
    (forced bidding mirror, and whiz's numbers): ``exp(-(spades - bid)**2 / (2 * sigma**2))``
    with :data:`SPADES_SIGMA`. ``spades`` is the mask of the deck's spades (jokers and high
    deuces too)."""
    gap = (hand & spades).bit_count() - bid
    return math.exp(-gap * gap / (2.0 * SPADES_SIGMA * SPADES_SIGMA))


def bid_readings(seen: Seen) -> list[int]:
    """How each seat's bid is read when fitting imagined deals to it, under the bidding rules:
    one of :data:`READ_NOTHING`, :data:`READ_STRENGTH`, :data:`READ_AT_MOST` and
    :data:`READ_SPADES` per seat in play (N, E, S, W; N, E, S at a table of three).

    Nothing is read from the seat's own bid, a blind bid (nil or a number) or a bid not yet
    made, nor from a bid that was the only one the rules allowed (suicide's second partner after
    a number). Under
    forced bidding mirror a bid is the spades held, and so is a number under whiz. Otherwise a
    number that was the lowest the rules allowed at its turn (a team's or the total's minimum,
    the partner of a nil) says only that the hand is worth at most that much, and any other bid
    is read by the hand's strength. Each bid is judged as the kernel judged it at its turn
    (:func:`~spades._kernel.bidding.allowed_bids`), in bidding order.
    """
    rules = seen.rules
    table = seen.table
    readings = [READ_NOTHING] * seen.players
    free = table.free_bidding
    forced = rules.forced_bidding
    so_far: list[tuple[int, bool] | None] = [None] * seen.players
    for other in table.bidding_orders[int(seen.view.dealer)]:
        bid = seen.bids[other]
        if bid is None:
            break
        if other != seen.seat and not bid[1]:
            if free:
                readings[other] = READ_STRENGTH
            elif forced is _MIRROR or (forced is _WHIZ and bid[0]):
                readings[other] = READ_SPADES
            else:
                allowed = allowed_bids(table, so_far, other) & NUMBER_BITS
                if allowed & (allowed - 1) == 0:
                    readings[other] = READ_NOTHING  # the only bid allowed
                elif bid[0] > rules.min_player_bid and not allowed & ((1 << bid[0]) - 2):
                    readings[other] = READ_AT_MOST  # no lower number was allowed
                else:
                    readings[other] = READ_STRENGTH
        so_far[other] = bid
    return readings


# -- one deal --------------------------------------------------------------------------------------


def _problem(seen: Seen) -> tuple[list[int], list[int], list[int], list[list[int]], list[int]]:
    """The deal to make: the other seats, the cards each must still get, each group's seats that
    may take it (as bits over the other seats' positions), the pool's cards by group, and the
    cards already placed (known) per seat. The groups are the suits, in order, a suit split (by
    the seats that may take each card, in the order of those bits) where some seat lacks part of
    it."""
    others = [other for other in range(seen.players) if other != seen.seat]
    placed = [0] * (seen.players + 1)
    pool = seen.unseen
    for other in others:
        known = seen.known[other] & seen.unseen
        placed[other] = known
        pool &= ~known
    need = [seen.sizes[other] - placed[other].bit_count() for other in others]
    counts = seen.view.discard_counts
    if seen.players == _TWO or (counts and not counts[seen.seat] and any(counts)):
        # The other's discards (and, during the draw, the stock), or the two cards another seat
        # discarded face down (spare_cards), take the rest of the pool, any card of it: a place
        # after the seats, index ``players``, that :func:`imagine_deal` drops.
        others.append(seen.players)
        need.append(pool.bit_count() - sum(need))
    lacking = 0
    for other in others[: seen.players - 1]:
        lacking |= seen.lacks[other]
    allowed: list[int] = []
    cards: list[list[int]] = []
    for suit in range(4):
        seats = 0
        for position, other in enumerate(others):
            if other == seen.players or not seen.voids[other] >> suit & 1:
                seats |= 1 << position
        suit_pool = pool & seen.deck.suits[suit]
        if not suit_pool & lacking:
            allowed.append(seats)
            cards.append(list(bit_indices(suit_pool)))
            continue
        groups: dict[int, int] = {}
        for card in bit_indices(suit_pool):
            card_seats = seats
            for position, other in enumerate(others):
                if other < seen.players and seen.lacks[other] >> card & 1:
                    card_seats &= ~(1 << position)
            groups[card_seats] = groups.get(card_seats, 0) | 1 << card
        for card_seats in sorted(groups):
            allowed.append(card_seats)
            cards.append(list(bit_indices(groups[card_seats])))
    return others, need, allowed, cards, placed


def _slacks(need: Sequence[int], allowed: Sequence[int], counts: Sequence[int]) -> list[int]:
    """For each set of the other seats' positions (as bits: 3 of them, or 2 at a table of three),
    the cards those seats still take less the pool cards that only they may take: all of them at
    least 0 exactly when a deal exists."""
    slacks = []
    positions = range(len(need))
    for subset in range(1 << len(need)):
        room = sum(need[position] for position in positions if subset >> position & 1)
        demand = sum(count for group, count in enumerate(counts) if allowed[group] & ~subset == 0)
        slacks.append(room - demand)
    return slacks


def imagine_deal(seen: Seen, rng: random.Random) -> list[int]:
    """One deal of the cards ``seen``'s seat cannot see, consistent with all it knows: the
    holdings of the seats in play (N, E, S, W; N, E, S at a table of three; N, E at two) as
    masks, its own hand among them.

    Raises ``ValueError`` when no deal agrees with the view (never for a view of a real game).
    """
    others, need, allowed, cards, placed = _problem(seen)
    holdings = list(placed)
    holdings[seen.seat] = seen.hand
    counts = [len(suit_cards) for suit_cards in cards]
    if min(need) < 0 or sum(need) != sum(counts) or min(_slacks(need, allowed, counts)) < 0:
        raise ValueError(
            "No deal of the unseen cards agrees with what this seat knows: the hand sizes, the "
            "suits the others have shown out of and the cards passed cannot all hold."
        )
    everyone = (1 << len(others)) - 1
    if all(allowed[group] == everyone for group in range(len(counts)) if counts[group]):
        # No voids that matter: a shuffle of the pool, cut to the sizes, is exactly uniform.
        pool = [card for suit_cards in cards for card in suit_cards]
        rng.shuffle(pool)
        start = 0
        for position, other in enumerate(others):
            for card in pool[start : start + need[position]]:
                holdings[other] |= 1 << card
            start += need[position]
    else:
        _fill(holdings, others, list(need), allowed, cards, counts, rng)
    del holdings[seen.players :]  # the waste of a table of two, or the dealer's discard, if any
    return holdings


def _fill(
    holdings: list[int],
    others: Sequence[int],
    need: list[int],
    allowed: Sequence[int],
    cards: Sequence[list[int]],
    counts: Sequence[int],
    rng: random.Random,
) -> None:
    """Deal ``cards`` (by group) into ``holdings``: the groups fewest seats may take first, each
    card to a seat chosen in proportion to the cards it still takes, among the seats that leave
    the rest of the deal possible."""
    slacks = _slacks(need, allowed, counts)
    positions = range(len(need))
    subsets = range(len(slacks))
    order = sorted(range(len(allowed)), key=lambda group: (allowed[group].bit_count(), group))
    for group in order:
        suit_cards = list(cards[group])
        rng.shuffle(suit_cards)
        seats_of_suit = allowed[group]
        for card in suit_cards:
            options = []
            weights = []
            for position in positions:
                if not (seats_of_suit >> position & 1) or not need[position]:
                    continue
                # Giving it to this seat leaves one card less of room in every set holding the
                # seat, and one card less of demand in every set holding all the suit's seats.
                bit = 1 << position
                if all(
                    slacks[subset] >= 1
                    for subset in subsets
                    if subset & bit and seats_of_suit & ~subset
                ):
                    options.append(position)
                    weights.append(need[position])
            position = options[0] if len(options) == 1 else rng.choices(options, weights)[0]
            bit = 1 << position
            for subset in subsets:
                if subset & bit:
                    slacks[subset] -= 1
                if not seats_of_suit & ~subset:
                    slacks[subset] += 1
            need[position] -= 1
            holdings[others[position]] |= 1 << card


# -- many deals ------------------------------------------------------------------------------------


def deal_weight(
    seen: Seen,
    holdings: Sequence[int],
    readings: Sequence[int] | None = None,
    plays: Sequence[tuple[int, int, float]] | None = None,
) -> float:
    """How well an imagined deal fits the bids the other seats made with their hands: the product
    over the seats whose bid says something of their hand (``readings``, by default
    :func:`bid_readings`; a blind nil says nothing) of :func:`bid_likelihood`, or of
    :func:`spades_likelihood` for a bid that names the spades held. Each hand is judged as it
    was dealt: what it holds now and what it has played. Then, for each reading of the plays
    (``plays``, by default ``spades.bots._reading.play_readings``: a seat, cards its play
    says it probably does not hold, a factor), the factor when the deal gives it one of them."""
    if readings is None:
        readings = bid_readings(seen)
    if plays is None:
        plays = play_readings(seen)
    weight = 1.0
    for other, mask, factor in plays:
        if holdings[other] & mask:
            weight *= factor
    for other, reading in enumerate(readings):
        if reading == READ_NOTHING:
            continue
        bid = seen.bids[other]
        assert bid is not None
        dealt = holdings[other] | seen.played_by[other]
        if reading == READ_SPADES:
            weight *= spades_likelihood(dealt, bid[0], seen.deck.spades)
        else:
            weight *= bid_likelihood(
                dealt,
                bid[0],
                at_most=reading == READ_AT_MOST,
                deck=seen.deck,
                players=seen.players,
            )
    return weight


def imagine_deals(
    seen: Seen, count: int, rng: random.Random, *, weighted: bool = False
) -> list[list[int]]:
    """``count`` imagined deals (see :func:`imagine_deal`): uniform, or when ``weighted`` fitted
    to the other seats' bids and plays.

    The bids by rejection: each deal drawn is kept with probability its weight by the bids
    (:func:`deal_weight` without the plays, at most 1), until enough are kept or
    :data:`POOL_FACTOR` times ``count`` have been drawn; then the most likely of the rest make
    up the number. With no reading of the plays (``spades.bots._reading.play_readings``)
    enough is ``count``. With some it is :data:`PLAY_POOL` times ``count`` (rounded up), and of
    those the plays keep ``count``, drawn without replacement in proportion to their weight by
    the plays (each deal's key a uniform number to the power of one over its weight, the largest
    keys kept), so that the cost stays bounded however many plays are read. The deals stay distinct
    draws, so that an average over them is one over ``count`` deals."""
    if count <= 0:
        return []
    readings = bid_readings(seen) if weighted else [READ_NOTHING] * seen.players
    plays = play_readings(seen) if weighted else []
    if not any(readings) and not plays:
        return [imagine_deal(seen, rng) for _ in range(count)]
    wanted = math.ceil(count * PLAY_POOL) if plays else count
    kept = _by_bids(seen, wanted, count * POOL_FACTOR, readings, rng)
    if not plays:
        return kept
    keyed: list[tuple[float, int, list[int]]] = []
    for tried, holdings in enumerate(kept):
        weight = 1.0
        for other, mask, factor in plays:
            if holdings[other] & mask:
                weight *= factor
        # log(u) / w is the log of u ** (1 / w): the largest keys are a weighted draw.
        keyed.append((-math.log(1.0 - rng.random()) / weight, tried, holdings))
    keyed.sort(key=lambda item: (item[0], item[1]))
    return [holdings for _key, _tried, holdings in keyed[:count]]


def _by_bids(
    seen: Seen, wanted: int, most: int, readings: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """``wanted`` deals fitted to the bids by rejection, drawing at most ``most`` (and at least
    ``wanted``: the most likely of those passed over make up the number)."""
    if not any(readings):
        return [imagine_deal(seen, rng) for _ in range(wanted)]
    kept: list[list[int]] = []
    passed: list[tuple[float, int, list[int]]] = []
    for tried in range(max(most, wanted)):
        holdings = imagine_deal(seen, rng)
        weight = deal_weight(seen, holdings, readings, ())
        if rng.random() < weight:
            kept.append(holdings)
            if len(kept) == wanted:
                return kept
        else:
            passed.append((-weight, tried, holdings))
    passed.sort(key=lambda item: (item[0], item[1]))
    kept.extend(holdings for _weight, _tried, holdings in passed[: wanted - len(kept)])
    return kept
