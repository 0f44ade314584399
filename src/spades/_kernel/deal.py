"""Getting the cards: real deals, two players' draw, the nil exchange and the redeal.

Every function takes the :class:`~spades._kernel.table.Table` of the rules in force; hands are
``int`` masks and seats ints, as in the rest of the kernel.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bidding import bids_total
from .cards import TWO_OF_CLUBS
from .table import Table

__all__ = [
    "DRAWN_CARDS",
    "DRAW_CHOOSE",
    "DRAW_DISCARD",
    "DRAW_KEEP",
    "discarder",
    "draw_fate",
    "drawer",
    "exchange_count",
    "exchange_steps",
    "first_leader",
    "is_real_deal",
    "longest_suit",
    "may_call_redeal",
    "passed",
    "redeal_for_total",
    "spade_count",
    "spare_cards",
    "with_spare_cards",
]


def is_real_deal(table: Table, hands: Sequence[int]) -> bool:
    """Whether ``hands`` share out the whole of the table's deck to its seats, as many different
    cards to each (13 of 52 to four); or, for two seats, 13 different cards each of the deck, as
    two players draw them (the other 26 go to the waste)."""
    seats = table.players
    if len(hands) != seats:
        return False
    deck = table.deck.cards
    size = table.tricks
    union = 0
    for hand in hands:
        if hand.bit_count() != size:
            return False
        union |= hand
    if seats == 2 or table.buried:  # the waste of two, or the spare cards over 52
        return union.bit_count() == seats * size and union & ~deck == 0
    return union == deck


# -- the spare cards of the jokers deck (spare_cards dealer_discards) ----------------------------


def spare_cards(table: Table, hands: Sequence[int]) -> int:
    """The cards a real deal of ``hands`` leaves over, which the dealer takes when the dealer
    discards (:attr:`Table.buried`): the two of the 54 not in the four hands of 13; 0 under every
    other rule."""
    if not table.buried:
        return 0
    union = 0
    for hand in hands:
        union |= hand
    return table.deck.cards & ~union


def discarder(table: Table, dealer: int, hands: Sequence[int]) -> int:
    """Who takes the spare cards of a real deal of ``hands`` and discards two
    (:attr:`Table.buried`): the dealer; or under ``spare_cards`` two_of_clubs_discards the holder
    of the two of clubs, the dealer when it is itself left over. The one home of the rule."""
    if table.clubs_discard:
        for seat, hand in enumerate(hands):
            if hand >> TWO_OF_CLUBS & 1:
                return seat
    return dealer


def with_spare_cards(table: Table, dealer: int, hands: Sequence[int]) -> tuple[int, ...]:
    """What each seat holds once a real deal of ``hands`` is dealt: the hands, and the
    :func:`discarder`'s with the spare cards under ``spare_cards``."""
    if not table.buried:
        return tuple(hands)
    held = list(hands)
    held[discarder(table, dealer, hands)] |= spare_cards(table, hands)
    return tuple(held)


def first_leader(table: Table, dealer: int, holdings: Sequence[int]) -> int | None:
    """Who leads the first trick of a hand ``dealer`` dealt, from the holdings after any exchange.

    The seat after the dealer (:attr:`Table.eldest`: the first bidder, unless the dealer bids
    first); or, with the fixed first lead, the seat holding the lowest club in play (the
    two, or the three when the deck leaves the two out or makes it a spade), None when no single
    seat holds it (a deal that is not a deal, or a hand whose cards are unknown).
    """
    if table.fixed_first_lead:
        lowest = table.deck.lowest_club
        holders = [seat for seat, held in enumerate(holdings) if held >> lowest & 1]
        return holders[0] if len(holders) == 1 else None
    return table.eldest[dealer]


# -- the draw of two players (deal_method draw_keep_discard) ---------------------------------------

#: What happens to a card drawn from the stock: the drawer chooses, or must keep it, or must
#: discard it (the second card of a turn goes where the first did not).
DRAW_CHOOSE = 0
DRAW_KEEP = 1
DRAW_DISCARD = 2
#: The cards two players draw in a hand: 26 turns of two cards, 13 kept and 13 discarded each.
DRAWN_CARDS = 52


def draw_fate(held: int, wasted: int) -> int:
    """What happens to the next card the drawer takes from the stock, who holds ``held`` cards
    and has discarded ``wasted``: the first card of a turn is the drawer's choice
    (:data:`DRAW_CHOOSE`, equal counts); after keeping it the next is discarded
    (:data:`DRAW_DISCARD`), after discarding it the next is kept (:data:`DRAW_KEEP`)."""
    if held == wasted:
        return DRAW_CHOOSE
    return DRAW_DISCARD if held > wasted else DRAW_KEEP


def drawer(table: Table, dealer: int, drawn: int) -> int:
    """Who draws the next card when ``drawn`` cards have left the stock in a hand ``dealer``
    deals: the seat after the dealer (:attr:`Table.eldest`) takes the first turn of two cards,
    and the turns alternate. The draw belongs to the deal, so it starts there whoever bids first
    (under ``dealer_bids_first`` the dealer bids first, the other player drew and leads first)."""
    return table.turns_after(table.eldest[dealer], drawn // 2)


def spade_count(table: Table, hand: int) -> int:
    """How many spades ``hand`` holds under the table's deck, jokers and high deuces included (for
    the bids that count spades and the redeal for no spade)."""
    return (hand & table.deck.spades).bit_count()


# -- the nil exchange ----------------------------------------------------------------------------


def exchange_count(table: Table, blind: bool) -> int:
    """How many cards each side passes in the exchange of a nil bidder (``blind`` for blind nil)
    and a partner who bid a number: :attr:`~spades.rules.RuleSet.blind_nil_exchange` or
    :attr:`~spades.rules.RuleSet.nil_exchange`; 0 for no exchange."""
    rules = table.rules
    return rules.blind_nil_exchange if blind else rules.nil_exchange


def exchange_steps(
    table: Table, dealer: int, bids: Sequence[tuple[int, bool] | None]
) -> list[tuple[int, int, int]]:
    """The ``(giver, receiver, cards)`` steps of the nil exchanges, in order; empty when none.

    ``bids`` are ``(tricks, blind)`` per seat. For each nil or blind nil bidder, in bidding
    order, whose partner bid a number and whose rules pass cards for that nil
    (:func:`exchange_count`): the partner gives first and the nil bidder gives as many back, or
    the other way round under :attr:`~spades.rules.ExchangeOrder.NIL_BIDDER_FIRST`. Partners who
    both bid nil exchange nothing.
    """
    rules = table.rules
    if not (rules.blind_nil_exchange or rules.nil_exchange):
        return []
    nil_first = table.nil_bidder_first
    steps: list[tuple[int, int, int]] = []
    for seat in table.bidding_orders[dealer]:
        mate = table.partner[seat]
        bid, partner_bid = bids[seat], bids[mate]
        if bid is None or bid[0] != 0 or partner_bid is None or partner_bid[0] == 0:
            continue
        count = exchange_count(table, bid[1])
        if count:
            if nil_first:
                steps += [(seat, mate, count), (mate, seat, count)]
            else:
                steps += [(mate, seat, count), (seat, mate, count)]
    return steps


def passed(table: Table, holdings: Sequence[int], giver: int, cards: int) -> tuple[int, ...]:
    """The holdings after ``giver`` passes ``cards`` to its partner."""
    held = list(holdings)
    held[giver] &= ~cards
    held[table.partner[giver]] |= cards
    return tuple(held)


# -- the redeal ----------------------------------------------------------------------------------


def may_call_redeal(table: Table, hand: int) -> bool:
    """Whether a seat holding ``hand`` may call for a redeal under the rules' misdeal conditions
    (``redeal``, or the ``misdeal_*`` options, compiled into the table): at most so many spades,
    a suit of so many cards or more, no face card (the ace counted or not); any of those set, or
    all of them under ``misdeal_combine`` both. The one home of the rule; whose turn it is, is
    the caller's."""
    if not table.misdeal:
        return False
    met = unmet = 0
    if table.misdeal_spades >= 0:
        if (hand & table.deck.spades).bit_count() <= table.misdeal_spades:
            met += 1
        else:
            unmet += 1
    if table.misdeal_suit:
        if longest_suit(table, hand) >= table.misdeal_suit:
            met += 1
        else:
            unmet += 1
    if table.misdeal_faces:
        if hand & table.misdeal_faces:
            unmet += 1
        else:
            met += 1
    return not unmet if table.misdeal_all else met > 0


def longest_suit(table: Table, hand: int) -> int:
    """How many cards ``hand`` holds of its longest suit, suits as the table's deck plays them
    (jokers and high deuces are spades)."""
    return max((hand & cards).bit_count() for cards in table.suits)


def redeal_for_total(table: Table, bids: Sequence[tuple[int, bool] | None]) -> int | None:
    """The bids' total of a hand thrown in for it when its bidding is over: under
    ``redeal_below_total``, when ``bids`` (``(tricks, blind)`` per seat), nil counting 0, total
    less than it (a team's blind bid counted once: :func:`~spades._kernel.bidding.bids_total`);
    None when the hand is played on, or a bid is missing. The one home of the
    rule."""
    below = table.redeal_below
    if not below or None in bids:
        return None
    total = bids_total(table, bids)
    return total if total < below else None
