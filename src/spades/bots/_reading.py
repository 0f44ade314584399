"""What the other seats' plays say of the cards they still hold: soft readings for imagined deals.

The kernel's ``revealed`` gives what a play proves (a void, a card a seat cannot hold under the
rules); this module reads what a play makes unlikely, as Hard plays
(:func:`~spades.bots.hard.hard_card`, the card the Expert plays too unless its playouts clearly
disagree). Each reading is a seat, a mask of cards and a factor: an imagined deal that gives the
seat any card of the mask now is that much less likely. A reading is made of one play, from the
trick as it stood and the seat's part then (a nil bidder yet to take a trick, its partner, a side
that still needs tricks for its contract or one that has made it):

* a nil bidder that followed suit under the winning card held no card between its card and the
  winning one (it plays the highest card that loses);
* a seat that needs tricks, last to a trick an opponent is winning with a card of the led suit,
  or third of four, that followed without winning held no higher card of the suit (it wins as
  cheaply as it can, third hand high);
* a seat that needs tricks, void in the led suit, that did not trump a trick an opponent was
  winning held no trump that would have won it (Hard ruffs);
* a seat that followed suit without winning, needing tricks, played its lowest card of the suit;
  one whose side had made its contract, the highest card under the winning one;
* a seat that needs tricks and led a side suit's card, not the highest left in it, led its
  lowest card of that suit.

Nothing is read of the first trick (whose cards the rules may restrict) nor, while a nil bidder
has yet to take a trick, of anyone's play but the nil bidder's own (Hard then plays for or
against the nil). A reading the seat has since proved wrong -- it played a card of the mask
later -- is dropped.

Measured on the first hands of 30 seeded games of four Hard players (standard preset), the real
hands held a card of a strong reading's mask 0 times in 305, against 25% of uniform deals, and
of the others 3% of the time against 43%; the Expert's plays, which leave Hard's card when the
playouts clearly disagree, fit less well (21% against 47%, 23% against 44%). The factors,
:data:`STRONG_FACTOR` and :data:`PLAY_FACTOR`, lie between the two.
"""

from __future__ import annotations

from .._kernel.bidding import side_bids, unbid_hand
from .._kernel.play import trick_winner
from .._kernel.table import NIL_TRICKS_COUNT
from .seen import Seen

__all__ = ["PLAY_FACTOR", "STRONG_FACTOR", "play_readings"]

#: How much less likely a deal is when it gives a seat a card its play says it probably did not
#: hold: the lowest card it did not lead or follow with, or the highest under the winning one.
PLAY_FACTOR = 0.4
#: The same for a card it would have won the trick with (last or third to play, or a trump).
STRONG_FACTOR = 0.2
#: Three cards before it: the third card of a trick of four.
_THIRD = 2


def play_readings(seen: Seen) -> list[tuple[int, int, float]]:
    """The soft readings of the other seats' plays so far (see the module's docstring): ``(seat,
    mask, factor)``, the mask over the cards at their positions (as ``seen`` holds them), only
    cards the seat may still hold."""
    table = seen.table
    bids = seen.bids
    if unbid_hand(table, seen.hand_number):
        return []
    full = [bid for bid in bids if bid is not None]
    if len(full) != seen.players:
        return []
    view = seen.view
    tricks = list(view.completed_tricks)
    if view.current_trick is not None:
        tricks.append(view.current_trick)
    seats = seen.players
    side_of = table.side_of
    nil = [bid[0] == 0 for bid in full]
    count_nil = table.nil_tricks == NIL_TRICKS_COUNT
    if table.team_blind:
        contract = [side_bids(table, [full[s] for s in group]) for group in table.side_seats]
    else:
        contract = [0] * table.side_count
        for player, side in enumerate(side_of):
            contract[side] += full[player][0]
    position_of = seen.real.position
    won = [0] * seats
    out = 0  # the cards played before the one read
    readings: list[tuple[int, int, float]] = []
    for number, trick in enumerate(tricks):
        cards = [position_of[card.index] for card in trick.cards]
        order = table.orders[int(trick.leader)]
        live = [nil[s] and not won[s] for s in range(seats)]
        counted = [0] * table.side_count
        for player, side in enumerate(side_of):
            if not nil[player] or count_nil:
                counted[side] += won[player]
        for place, card in enumerate(cards):
            player = order[place]
            if number and player != seen.seat:
                if live[player]:
                    mask, factor = _nil_reading(seen, cards[:place], card)
                elif any(live):
                    mask, factor = 0, 1.0  # Hard plays for or against the nil
                else:
                    side = side_of[player]
                    wants = counted[side] < contract[side]
                    winner = order[trick_winner(cards[:place])] if place else player
                    rival = side_of[winner] != side
                    mask, factor = _reading(seen, cards[:place], card, out, wants, rival)
                mask &= ~out
                if mask and not mask & seen.played_by[player]:
                    mask &= seen.unseen
                    if mask:
                        readings.append((player, mask, factor))
            out |= 1 << card
        if len(cards) == seats:
            won[order[trick_winner(cards)]] += 1
    return readings


def _nil_reading(seen: Seen, before: list[int], card: int) -> tuple[int, float]:
    """What a live nil bidder's play says: following under the winning card, it held no card
    between the two."""
    if not before:
        return 0, 1.0
    suit_of = seen.deck.suit_of
    best = before[trick_winner(before)]
    if suit_of[card] == suit_of[before[0]] == suit_of[best] and card < best:
        return seen.deck.above[card] & ~seen.deck.above[best] & ~(1 << best), STRONG_FACTOR
    return 0, 1.0


def _reading(
    seen: Seen, before: list[int], card: int, out: int, wants: bool, rival: bool
) -> tuple[int, float]:
    """What a play says of a seat that is neither a live nil bidder nor beside one (see the
    module's docstring); ``wants`` when its side still needs tricks, ``rival`` when another
    side is winning the trick."""
    deck = seen.deck
    suit_of = deck.suit_of
    above = deck.above
    spades = deck.spades
    suit = suit_of[card]
    if not before:
        # A low lead of a side suit (not the highest card left in it) is the suit's lowest.
        if wants and not spades >> card & 1 and above[card] & ~out:
            return deck.suits[suit] & ((1 << card) - 1), PLAY_FACTOR
        return 0, 1.0
    led = suit_of[before[0]]
    best = before[trick_winner(before)]
    trumped = bool(spades >> best & 1) and suit_of[best] != led
    if card > best and (suit == suit_of[best] or (spades >> card & 1 and not trumped)):
        return 0, 1.0  # it won the trick (for now)
    last = len(before) == seen.players - 1
    if suit == led:
        if not wants:
            if not trumped:
                return above[card] & ~above[best] & ~(1 << best), PLAY_FACTOR
            return 0, 1.0
        if rival and not trumped and (last or len(before) == _THIRD):
            return above[best], STRONG_FACTOR
        return deck.suits[led] & ((1 << card) - 1), PLAY_FACTOR
    if wants and rival and (last or not trumped):
        return (spades & ~((2 << best) - 1) if trumped else spades), STRONG_FACTOR
    return 0, 1.0
