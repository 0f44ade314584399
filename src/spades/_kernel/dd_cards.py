"""The double-dummy search's card arithmetic on the cards' positions (see
:mod:`spades._kernel.dd_search`): the suits' bits, the runs of equivalent cards, who holds each
card of a suit, the cards a stored answer rests on, and the tricks a side is sure of.

Cards are at their positions (:attr:`~spades._kernel.deck.Layout.placed`): a higher bit of a suit is
a higher card, and every bit from 39 up is a spade.
"""

from __future__ import annotations

from .cards import RANKS, SPADE_SUIT

__all__ = [
    "ABOVE",
    "LOW_SPADE",
    "MOST_SEATS",
    "NON_SPADES",
    "RANK_KEY",
    "SPADES",
    "SUITS",
    "SUIT_END",
    "owner_sequence",
    "pattern_cards",
    "run_bottoms",
    "sure_tricks",
    "with_run",
]

#: The first position of the spades: every bit from here up is a spade (cards at their positions).
LOW_SPADE = SPADE_SUIT * RANKS
#: The positions of each suit, clubs first; the spades run on to every trump above the ace.
SUITS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x7FFFF << 39)
SPADES = SUITS[SPADE_SUIT]
NON_SPADES = (1 << LOW_SPADE) - 1
#: The position past the top of each suit.
SUIT_END = (13, 26, 39, 58)
#: The most seats at a table: holdings are padded to this many.
MOST_SEATS = 4
#: Each position's rank for trying the lowest card first: by rank in every side suit, spades last.
RANK_KEY = tuple(place if place >= LOW_SPADE else place % RANKS for place in range(58))
#: All the positions, the top of each suit, the bottom of each suit.
_ALL = (1 << 58) - 1
_SUIT_TOPS = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 57
_SUIT_BOTTOMS = 1 | 1 << 13 | 1 << 26 | 1 << 39


def run_bottoms(legal: int, live: int) -> int:
    """The lowest card of each run of ``legal``: cards of a suit with no card of ``live``
    between them (the others are played, or out of the deck). A card is a run's lowest when the
    nearest card of ``live`` below it in its suit is not in ``legal``: mark the bit above every
    card of ``legal``, carry each mark up through the dead cards above it (adding a mark at
    the foot of a run of dead bits to the run carries it out at the top), and keep the cards of
    ``legal`` left unmarked."""
    dead = _ALL & ~live & ~_SUIT_TOPS
    marks = legal << 1 & ~_SUIT_BOTTOMS
    below = marks & ~dead | ((marks & dead) + dead) & ~dead
    return legal & ~below


def owner_sequence(holdings: tuple[int, int, int, int]) -> tuple[int, int]:
    """Who holds each card left of a suit, from the highest down (two bits a card, under a
    leading 1 that marks the length), and how many each seat holds (four bits a seat)."""
    cards = holdings[0] | holdings[1] | holdings[2] | holdings[3]
    sequence = 1
    while cards:
        top = 1 << (cards.bit_length() - 1)
        cards ^= top
        owner = (
            0 if holdings[0] & top else 1 if holdings[1] & top else 2 if holdings[2] & top else 3
        )
        sequence = sequence << 2 | owner
    lengths = 0
    for seat in range(MOST_SEATS):
        lengths |= holdings[seat].bit_count() << 4 * seat
    return sequence, lengths


#: For each position, the positions of its suit above it.
ABOVE = tuple(
    SUITS[SPADE_SUIT if place >= LOW_SPADE else place // RANKS] & ~((2 << place) - 1)
    for place in range(58)
)


def with_run(relevant: int, card: int, legal: int, live: int) -> int:
    """The cards an answer rests on, ``relevant`` those of the play of ``card`` (the lowest of
    its run, tried for the whole run of ``legal``: cards of a suit with no card of ``live``
    between them), with ``card`` itself when another card of the run is relevant: the run stands
    for its cards only while nothing lies between them, which a pattern reaching down to
    ``card`` keeps. (A run wholly below the relevant cards is only small cards, which a pattern
    does not tell apart anyway.)"""
    above = live & ABOVE[card]
    if relevant & above:
        blockers = above & ~legal
        run = above & ((blockers & -blockers) - 1) if blockers else above
        if relevant & run:
            return relevant | 1 << card
    return relevant


def pattern_cards(hands: list[int], entry: list[int]) -> int:
    """The cards a stored answer rests on, in the position ``hands``: in each suit, as many of
    the cards left from the top as ``entry`` records the holders of."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    cards = 0
    for index, suit in enumerate(SUITS):
        held = live & suit
        count = held.bit_count() - entry[2 * index] // 2
        while count > 0:
            top = 1 << (held.bit_length() - 1)
            cards |= top
            held ^= top
            count -= 1
    return cards


def _top_run(cards: int, live: int) -> int:
    """The cards of ``cards`` (one suit's) that are the highest of ``live`` (the suit's cards
    left): the run of them from the top."""
    run = 0
    while live:
        top = 1 << (live.bit_length() - 1)
        if not cards & top:
            break
        run |= top
        live ^= top
    return run


def _cashed(mine: int, live: int, opponents: list[int], partners: list[int]) -> tuple[int, int]:
    """The tricks a hand holding ``mine`` (one suit's cards) takes leading the suit while no
    opponent ruffs, and the cards that rests on: its top cards, then, once the opponents are
    out of the suit (no opponent holds more cards of it than the top cards it has), every
    other card it holds, when no partner holds a card of the suit above its lowest (the partners
    then follow below it)."""
    run = _top_run(mine, live)
    count = run.bit_count()
    if not count:
        return 0, 0
    if all((cards & live).bit_count() <= count for cards in opponents):
        if not any(cards & live for cards in partners):
            return mine.bit_count(), run
        low = mine & -mine
        if not any(cards & live & ~(low - 1) for cards in partners):
            return mine.bit_count(), mine
    return count, run


def _spare(cards: int, kept: int, rounds: int) -> int:
    """The side suits' cards a partner holding ``cards`` can play to the leads of side suits
    after following (or discarding) to ``rounds`` leads of spades, keeping the ``kept`` cards it
    holds back: past them it must trump its own side's winner."""
    return (cards & NON_SPADES).bit_count() - kept - max(0, rounds - (cards & SPADES).bit_count())


def _ruff(cards: int, suit: int, others: list[int]) -> int:
    """The top trump of a hand holding ``cards`` when it takes a trick led in ``suit`` (a side
    suit's positions) by trumping it: it holds none of the suit and a trump that none of the
    ``others`` (the hands of the other side) above it can play to the trick (each holds the suit
    or no higher trump); else 0."""
    trumps = cards & SPADES
    if cards & suit or not trumps:
        return 0
    top = 1 << (trumps.bit_length() - 1)
    for held in others:
        if not held & suit and held & SPADES & ~((top << 1) - 1):
            return 0
    return top


def sure_tricks(
    hands: list[int], leader: int, maximizers: int, order: tuple[int, ...], may_lead_trumps: bool
) -> tuple[int, int, int]:
    """Tricks each side is sure of from here: the leader's side, from the leader's top
    trumps, when it may lead them, then the top cards of its suits that no opponent can
    ruff while it follows, and then, by a low lead to a suit whose top card a partner holds,
    the partner's top cards the same way; the other side, from the top trumps it holds (each
    card of a seat among the top trumps takes a trick, a partner's higher one or its own); and
    the cards counted. ``order`` is the other seats in the order they play after the leader,
    empty on the first trick (whose rules may keep trumps back: only the top trumps count
    there); ``may_lead_trumps`` whether the leader may lead a spade while holding another suit.

    Every trick counted is won by the side in turn, the lead staying with the hand that cashes:
    an opponent still holding trumps once the leader's are drawn holds a card of each suit
    counted for each trick of it (so follows), and a partner (or the leader, once its partner
    has the lead) that runs out of other cards and must trump a winner of its own side takes
    that trick for the side too, and the count stops there."""
    hand = hands[leader]
    side = maximizers >> leader & 1
    live = hands[0] | hands[1] | hands[2] | hands[3]
    # The top trumps one side holds: each card of a seat among them takes a trick (its own
    # or a partner's higher one).
    other = 0
    ours = 0
    used = 0
    trumps = live & SPADES
    counts = [0, 0, 0, 0]
    if trumps:
        top = 1 << (trumps.bit_length() - 1)
        holder = 0 if hands[0] & top else 1 if hands[1] & top else 2 if hands[2] & top else 3
        holding = maximizers >> holder & 1
        while trumps:
            top = 1 << (trumps.bit_length() - 1)
            holder = 0 if hands[0] & top else 1 if hands[1] & top else 2 if hands[2] & top else 3
            if maximizers >> holder & 1 != holding:
                break
            counts[holder] += 1
            used |= top
            trumps ^= top
        if holding == side:
            ours = max(counts)
            counts = [0, 0, 0, 0]
        else:
            other = max(counts)
    if not order:
        return ours, other, used
    opponents = []
    partners = []
    for seat in order:
        if maximizers >> seat & 1 != side:
            opponents.append(hands[seat])
        elif hands[seat]:
            partners.append(hands[seat])
    # The other side takes this trick when every suit the leader may lead is one whose top card
    # it holds and no partner of the leader can trump (each holds the suit or no trump): the
    # holder of the top card takes it, and its top trumps later tricks.
    trump_lead = hand & SPADES and (may_lead_trumps or not hand & NON_SPADES)
    if other or not trump_lead:
        taken = other if trump_lead else len(hands)
        tops = used
        for suit in SUITS[:SPADE_SUIT]:
            if not taken:
                break
            if not hand & suit:
                continue
            cards = live & suit
            top = 1 << (cards.bit_length() - 1)
            holder = 0 if hands[0] & top else 1 if hands[1] & top else 2 if hands[2] & top else 3
            if maximizers >> holder & 1 != side and not any(
                held & SPADES and not held & suit for held in partners
            ):
                taken = min(taken, counts[holder] + 1)
                tops |= top
                continue
            # Or one of them trumps it, above any trump the leader's partners can play.
            for held in opponents:
                ruff = _ruff(held, suit, partners)
                if ruff:
                    taken = min(taken, max(other, 1))
                    tops |= ruff
                    break
            else:
                taken = 0
        if taken > other:
            other = taken
            used = tops
    # The leader draws trumps with its top ones (and its lower ones once the opponents have
    # none), then cashes its side suits.
    rounds = 0
    cashing = 0
    if hand & SPADES and (may_lead_trumps or not hand & NON_SPADES):
        rounds, cashing = _cashed(hand & SPADES, live & SPADES, opponents, partners)
    ruffers = [cards for cards in opponents if (cards & SPADES).bit_count() > rounds]
    cashes = 0
    for suit in SUITS[:SPADE_SUIT]:
        mine = hand & suit
        if not mine:
            continue
        count, cards = _cashed(mine, live & suit, opponents, partners)
        for ruffer in ruffers:
            count = min(count, (ruffer & suit).bit_count())
        if count:
            cashing |= cards
            cashes += count
    sure = rounds + cashes
    for cards in partners:
        spare = _spare(cards, 0, rounds)
        if spare < cashes:
            sure = min(sure, rounds + spare + 1)
    best = sure
    best_cards = cashing
    # Then (or at once) a low lead to a suit whose top card a partner holds, and the partner
    # cashes its top cards.
    others = (hand & NON_SPADES).bit_count()
    trumping = [cards for cards in opponents if cards & SPADES]
    for index, partner in enumerate(partners):
        for drawn, led, cutters in ((0, 0, trumping), (rounds, cashes, ruffers)):
            if drawn + led > sure:
                continue  # the leader's cashes stop before the partner is reached
            entry = False
            gets = 0
            reached = 0
            for suit in SUITS[:SPADE_SUIT]:
                run = _top_run(partner & suit, live & suit)
                if not run:
                    continue
                count = run.bit_count()
                for ruffer in cutters:
                    count = min(count, (ruffer & suit).bit_count())
                if count and hand & suit:
                    entry = True
                gets += count
                reached |= run
            if not entry or _spare(partner, gets, drawn) < led:
                continue
            if any(
                _spare(cards, 0, drawn) < led + gets
                for seat, cards in enumerate(partners)
                if seat != index
            ):
                continue
            # The leader follows the partner's cashes with its other side suits' cards, and
            # past them trumps a winner of its side's.
            gets = min(gets, others - led + 1)
            if drawn + led + gets > best:
                best = drawn + led + gets
                best_cards = reached | (cashing if led or drawn else 0)
    if best < 1:
        # A partner trumps a lead of a suit it holds none of, above every trump an opponent
        # can play to it.
        for suit in SUITS[:SPADE_SUIT]:
            if hand & suit:
                for cards in partners:
                    ruff = _ruff(cards, suit, opponents)
                    if ruff:
                        best = 1
                        best_cards = ruff
                        break
    if ours > best:
        return ours, other, used
    return best, other, used | best_cards
