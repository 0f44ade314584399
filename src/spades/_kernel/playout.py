"""Fast playouts: a hand played to its end on int masks by a cheap, bid-aware policy.

:func:`play_out` takes a :class:`~spades._kernel.table.Table`, the holdings of the seats in play
(``int`` masks, in seat order), the trick in progress, the seat to act, the tricks taken so far,
whether spades are broken and the bids, and plays every remaining card with the policy below in a
loop of mutable locals, never through the public state. The rules it plays by are this kernel's,
read from the compiled table's flags: the loop inlines them on bit masks -- follow suit with the
first trick's rule and overtrumping (:func:`~spades._kernel.play.follow_mask`), lead
(:func:`~spades._kernel.play.lead_mask` and :func:`~spades._kernel.play.may_lead_spades`, the
fixed first lead of :func:`~spades._kernel.play.legal_cards`), the trick winner
(:func:`~spades._kernel.play.trick_winner`) and breaking spades
(:func:`~spades._kernel.play.breaks_spades`, :attr:`Table.breakers
<spades._kernel.table.Table.breakers>`), the cards that beat the card winning the trick
(:func:`~spades._kernel.play.beaters`) -- and the tests check, on random positions and random
rules, that it agrees with those functions and with the engine card for card. The seats go
round as the table says (:attr:`~spades._kernel.table.Table.after`), partners and sides are the
table's (:attr:`~spades._kernel.table.Table.partner`, ``side_of``, ``side_seats``). The first
trick is the one played while no seat has taken a trick.

The policy, seat by seat (each decision reads only the seat's own cards and the table):

* a nil bidder who has taken no trick ducks: the highest card that still loses the trick, or the
  lowest card when every card it may play wins;
* the partner of such a nil bidder covers: it plays its highest card that beats the trick while
  the nil bidder is still to play or is winning, and leads its highest card;
* a seat whose side still needs tricks for its contract wins cheaply: the lowest card that beats
  the current winner unless its partner is already winning (then its lowest card); it leads a
  card that is the highest left in its suit when it holds one, else its lowest;
* a seat whose side has made its contract avoids winning: the highest card that loses, and leads
  its lowest card -- except at a table of three or two, where it plays as one that still needs
  tricks while another side can be set (that side needs tricks, no more than are left, and has
  fewer than :data:`SET_SLACK` to spare): there every trick it leaves goes to an opponent;
* nobody overtakes an opponent's nil bidder who is winning the trick.

When every player plays alone no seat has a partner: nobody covers a nil or leaves a trick to
another seat, each seat's contract is its own bid, and every other seat's nil is an opponent's. A
trick is complete when every seat in play has played to it (three cards at a table of three, two
at a table of two, where the cards the two discarded in the draw are in nobody's holdings). A
hand played without bids (``bids`` None) has no nil and no contract anyone reaches: every seat
plays to win.

What the tricks a playout ends with are worth is :func:`~spades._kernel.score.hand_score`'s, the
one assembly of a hand's score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .bidding import MOST_TRICKS, side_bids
from .cards import NON_SPADES, RANKS, SPADE_SUIT, SPADES, SUIT_MASKS, SUIT_OF, bit_indices
from .play import may_lead_spades, trick_winner
from .table import (
    BREAK_ANY_SPADE,
    BREAK_TRUMP_ONLY,
    FIRST_TRICK_ANY,
    FIRST_TRICK_LOWEST_CLUB,
    NIL_TRICKS_COUNT,
    Table,
)

__all__ = ["play_out"]

_CLUBS, _DIAMONDS, _HEARTS, _ = SUIT_MASKS
#: The bits of a suit's ranks, at the bottom of a mask; and the shift of two suits.
_RANK_BITS: Final = (1 << RANKS) - 1
_TWO_SUITS: Final = 2 * RANKS
#: The bit of the lowest spade: a card bit at least this is a spade (cards at their positions).
_LOW_SPADE: Final = 1 << (SPADE_SUIT * RANKS)
#: The most seats at a table: holdings are padded to this many, so that the cards left are one
#: expression.
_MOST_SEATS: Final = 4
#: The contract :func:`play_out` gives each side in a hand played without bids: more tricks than
#: any hand has, so that no side ever makes it and every seat keeps playing to win.
_UNREACHED: Final = MOST_TRICKS + 1

#: At a table of three or two a side whose contract is made keeps winning tricks while another
#: side still needs tricks and has fewer than this many to spare (the tricks left less its need).
SET_SLACK: Final = 3

# What a seat is doing this trick (see the module's docstring).
_DUCK: Final = 0
_COVER: Final = 1
_WIN: Final = 2
_AVOID: Final = 3


def _low(cards: int) -> int:
    """The bit of the lowest-ranked card of ``cards`` (a non-empty mask), a non-spade when there
    is one; between suits of equal rank, the lower suit."""
    others = cards & NON_SPADES
    if not others:
        return cards & -cards
    # The ranks held in any side suit, then the lowest of them in the first suit that holds it.
    ranks = (others | others >> RANKS | others >> _TWO_SUITS) & _RANK_BITS
    low = ranks & -ranks
    if others & low:
        return low
    low <<= RANKS
    return low if others & low else low << RANKS


def _top_lead(legal: int, remaining: int) -> int:
    """The bit of a card of ``legal`` that is the highest left (of ``remaining``) in its suit,
    non-spades first; 0 when there is none."""
    held = legal & _CLUBS
    if held and held.bit_length() == (remaining & _CLUBS).bit_length():
        return 1 << (held.bit_length() - 1)
    held = legal & _DIAMONDS
    if held and held.bit_length() == (remaining & _DIAMONDS).bit_length():
        return 1 << (held.bit_length() - 1)
    held = legal & _HEARTS
    if held and held.bit_length() == (remaining & _HEARTS).bit_length():
        return 1 << (held.bit_length() - 1)
    held = legal & SPADES
    if held and held.bit_length() == (remaining & SPADES).bit_length():
        return 1 << (held.bit_length() - 1)
    return 0


def _modes(
    table: Table,
    won: Sequence[int],
    nil: Sequence[bool],
    contract: Sequence[int],
    count_nil: bool,
    left: int = -1,
) -> tuple[list[int], list[bool]]:
    """Each seat's part this trick, and which seats are nil bidders yet to take a trick (one
    entry per seat in play). ``contract`` is per side. With ``left`` (the tricks still to play;
    at a table of three or two) a side that has made its contract still wins while another side
    can be set: it needs tricks, no more than are left, and has fewer than :data:`SET_SLACK`
    tricks to spare."""
    side_of = table.side_of
    partner = table.partner
    live = [bid_nil and not taken for bid_nil, taken in zip(nil, won)]
    counted = [0] * len(contract)
    for seat, side in enumerate(side_of):
        if not nil[seat] or count_nil:
            counted[side] += won[seat]
    short = [0 < need <= left < need + SET_SLACK for need in _needs(contract, counted)]
    modes = []
    for seat, side in enumerate(side_of):
        if live[seat]:
            modes.append(_DUCK)
        elif partner[seat] >= 0 and live[partner[seat]]:
            modes.append(_COVER)
        elif counted[side] < contract[side]:
            modes.append(_WIN)
        elif left >= 0 and any(short[other] for other in range(len(short)) if other != side):
            modes.append(_WIN)  # to set a side that is short
        else:
            modes.append(_AVOID)
    return modes, live


def _needs(contract: Sequence[int], counted: Sequence[int]) -> list[int]:
    """The tricks each side still needs for its contract."""
    return [max(0, bid - got) for bid, got in zip(contract, counted)]


def play_out(
    table: Table,
    holdings: Sequence[int],
    trick: Sequence[int],
    to_act: int,
    taken: Sequence[int],
    spades_broken: bool,
    bids: Sequence[tuple[int, bool]] | None,
    *,
    first_lead_forced: bool = False,
    first_card: int = -1,
    trace: list[int] | None = None,
    placed: bool = False,
) -> list[int]:
    """Play the hand to its end at ``table`` by the policy of the module's docstring; the tricks
    each seat in play has taken then, in seat order.

    ``holdings`` are the cards of the seats in play now (masks, in seat order: one per seat of
    ``table``), ``trick`` the card indices played to the trick in progress (led card first, fewer
    than the seats), ``to_act`` the seat to play next, ``taken`` the tricks each seat has taken
    so far (none: the first trick is in progress), ``bids`` every seat's ``(tricks, blind)``, or
    None for a hand played without bids (:func:`~spades._kernel.bidding.unbid_hand`), where every
    seat plays to win tricks. ``first_lead_forced`` is true when the next card is the fixed first
    lead (the lowest club); ``first_card``, when not -1, is the card index ``to_act`` plays
    first, whatever the policy would play (it must be one the seat may play). When ``trace`` is a
    list, the card index of every card played is appended to it, in order. With ``placed`` every
    card and mask passed in (and traced) is a position of the deck
    (:attr:`~spades._kernel.deck.Layout.placed`), as a computer player's view holds them.
    Nothing passed in is changed.
    """
    # Under a deck whose trumps above the ace of spades are not the jokers alone, play on the
    # cards' positions (Layout), whose order is the deck's: the loop below is the same.
    deck = table.deck
    start = 0 if trace is None else len(trace)
    if placed:
        deck = deck.placed
    if deck.ordered:
        held = list(holdings)
    else:
        place = deck.position
        held = [sum(1 << place[card] for card in bit_indices(mask)) for mask in holdings]
        trick = [place[card] for card in trick]
        if first_card >= 0:
            first_card = place[first_card]
    seats = table.players
    if seats < _MOST_SEATS:
        # Empty hands for the seats not in play (the fourth at three; the third and fourth at
        # two), so that the cards left are one expression below.
        held.extend([0] * (_MOST_SEATS - seats))
    first_lead = 1 << deck.position[deck.lowest_club]
    won = list(taken)
    after = table.after
    partner = table.partner
    side_of = table.side_of
    breaking = table.breaking
    any_spade = breaking != BREAK_TRUMP_ONLY
    # The options of the first trick and of overtrumping: while ``plain``, follow suit, else
    # anything. ``first`` while the first trick is played (no seat has taken a trick).
    overtrump = table.must_overtrump
    first = not any(won)
    first_rule = table.first_trick
    no_spades = first and first_rule != FIRST_TRICK_ANY
    lowest_club = no_spades and first_rule == FIRST_TRICK_LOWEST_CLUB
    plain = not (no_spades or overtrump)
    # Whether a leader holding other suits may lead a spade though spades are not broken, on this
    # trick and on the later ones: never where spades must be broken first.
    lead_spades = lead_spades_later = False
    if breaking != BREAK_ANY_SPADE and breaking != BREAK_TRUMP_ONLY:
        lead_spades_later = may_lead_spades(table, False, False)
        lead_spades = may_lead_spades(table, False, True) if first else lead_spades_later
    count_nil = table.nil_tricks == NIL_TRICKS_COUNT
    if bids is not None:
        nil = [bid[0] == 0 for bid in bids]
        contract = [0] * table.side_count
        for player, side in enumerate(side_of):
            contract[side] += bids[player][0]
        if table.team_blind:  # a team's blind bid counts once
            contract = [side_bids(table, [bids[s] for s in seats]) for seats in table.side_seats]
    else:  # no bids: no nil, and a contract no side reaches, so that every seat plays to win
        nil = [False] * seats
        contract = [_UNREACHED] * table.side_count
    broken = spades_broken
    forced = first_lead_forced
    position = len(trick)
    seat = to_act
    remaining = held[0] | held[1] | held[2] | held[3]
    cards_left = remaining.bit_count()
    led_mask = led_suit = winning = winner = 0
    if position:
        led_suit = SUIT_OF[trick[0]]
        led_mask = SUIT_MASKS[led_suit]
        best = trick_winner(trick)
        winning = 1 << trick[best]
        winner = table.orders[table.leader(to_act, position)][best]
    # At three or two, the parts change as the tricks left shrink (a side comes within reach of
    # a set): they are read again after every trick.
    setting = seats < _MOST_SEATS and bids is not None
    left = cards_left // seats if setting else -1
    modes, live = _modes(table, won, nil, contract, count_nil, left)
    counted = [0] * table.side_count
    for player, side in enumerate(side_of):
        if not nil[player] or count_nil:
            counted[side] += won[player]
    spades = SPADES
    non_spades = NON_SPADES
    low_spade = _LOW_SPADE
    while cards_left:
        hand = held[seat]
        mode = modes[seat]
        if position == 0:
            if forced:
                legal = hand & first_lead
                forced = False
            elif (broken and not no_spades) or lead_spades:
                legal = hand
            else:
                legal = hand & non_spades or hand
            if first_card >= 0:
                card = 1 << first_card
                first_card = -1
            elif mode == _WIN:
                card = _top_lead(legal, remaining) or _low(legal)
            elif mode == _COVER:
                card = 1 << (legal.bit_length() - 1)
            else:
                card = _low(legal)
            led_suit = SUIT_OF[card.bit_length() - 1]
            led_mask = SUIT_MASKS[led_suit]
            winning = card
            winner = seat
        else:
            following = hand & led_mask
            if plain:
                legal = following or hand
            elif following:
                legal = following & -following if lowest_club and not led_suit else following
            else:
                legal = hand & non_spades or hand if no_spades else hand
                # Overtrump a spade in the trick (then winning it) when a higher one is held.
                if overtrump and winning >= low_spade and led_suit != SPADE_SUIT:
                    legal = legal & ~((winning << 1) - 1) or legal
            if first_card >= 0:
                card = 1 << first_card
                first_card = -1
            else:
                beaters = legal & ~((winning << 1) - 1) & (led_mask | spades)
                if mode == _DUCK:
                    losers = legal & ~beaters
                    card = 1 << (losers.bit_length() - 1) if losers else beaters & -beaters
                elif mode == _COVER and (position < 2 or winner == partner[seat]):
                    if beaters:
                        card = 1 << (beaters.bit_length() - 1)
                    else:
                        card = legal & -legal if following else _low(legal)
                elif live[winner] and side_of[winner] != side_of[seat]:
                    losers = legal & ~beaters
                    if not losers:
                        card = beaters & -beaters
                    else:
                        card = losers & -losers if following else _low(losers)
                elif mode == _AVOID:
                    losers = legal & ~beaters
                    card = 1 << (losers.bit_length() - 1) if losers else beaters & -beaters
                elif beaters and winner != partner[seat]:
                    card = beaters & -beaters
                else:
                    card = legal & -legal if following else _low(legal)
            if card > winning and card & (led_mask | spades):
                winning = card
                winner = seat
        held[seat] = hand ^ card
        if trace is not None:
            trace.append(card.bit_length() - 1)
        if not broken and card >= low_spade and (any_spade or led_suit != SPADE_SUIT):
            broken = True
        cards_left -= 1
        position += 1
        if position == seats:
            won[winner] += 1
            seat = winner
            position = 0
            if first:
                first = no_spades = lowest_club = False
                plain = not overtrump
                lead_spades = lead_spades_later
            remaining = held[0] | held[1] | held[2] | held[3]
            if setting:
                left -= 1
                modes, live = _modes(table, won, nil, contract, count_nil, left)
            # A seat's part changes only when a nil fails or a contract is just made.
            elif nil[winner] and won[winner] == 1:
                modes, live = _modes(table, won, nil, contract, count_nil)
            if not nil[winner] or count_nil:
                side = side_of[winner]
                counted[side] += 1
                if counted[side] == contract[side] and not setting:
                    modes, live = _modes(table, won, nil, contract, count_nil)
        else:
            seat = after[seat]
    if trace is not None and not deck.ordered:
        trace[start:] = [deck.card_at[place] for place in trace[start:]]
    return won
