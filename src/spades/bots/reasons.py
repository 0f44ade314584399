"""Why an action is worth playing, in words a person reads: the reasons of
:func:`~spades.bots.hints`.

Each reason is read from what the seat knows (a :class:`~spades.bots.seen.Seen`) with the rules'
own arithmetic -- which card takes the trick (:func:`~spades._kernel.play.trick_winner`), whether
a spade breaks spades (:func:`~spades._kernel.play.breaks_spades`) -- and what Hard knows about
nils and contracts (:func:`~spades.bots.hard.alive_nil`,
:func:`~spades.bots.hard.contract_state`), so a reason is
true of the position: "a bag" only when the side has made its bid and no opponent still to play
can take the trick from the card, "your nil fails" only when the card is the trick's last and
wins it.

Cards in these functions are positions, as every card of a
:class:`~spades.bots.seen.Seen`; the text names them as they are written (``Kh``).
"""

from __future__ import annotations

from .._kernel.bidding import unbid_hand
from .._kernel.cards import bit_indices
from .._kernel.play import breaks_spades, trick_winner
from ..cards import CARDS
from .hard import alive_nil, contract_state, remaining_after
from .seen import Seen
from .tactics import card_worth, count_tricks, hard_keeps, winning

__all__ = [
    "bid_reason",
    "card_reason",
    "draw_reason",
    "redeal_reason",
    "sets_up",
    "sure_winner",
    "takes_lead",
]

#: The spade suit, as positions number the suits.
_SPADES = 3
#: How near a bid must be to the hand's count to be "what the hand counts" (the count rounded).
_ROUNDED = 0.5


def _name(seen: Seen, card: int) -> str:
    """The text of the card at position ``card`` (``Kh``)."""
    return str(CARDS[seen.card(card)])


def _seat_name(seen: Seen, seat: int) -> str:
    return seen.rules.seats[seat].full_name


def takes_lead(seen: Seen, card: int) -> bool:
    """Whether ``card`` would win the trick in progress as it stands once played (a lead does)."""
    trick = seen.trick
    return not trick or trick_winner([*trick, card], seen.deck) == len(trick)


def sure_winner(seen: Seen, card: int) -> bool:
    """Whether ``card`` takes the trick for the seat's side whatever is still to be played to it,
    as far as the seat can tell: it beats the trick so far, and no opponent still to play may
    hold a higher card of its suit, nor -- the card not a spade -- a spade to trump it with
    (an opponent that may hold a card of the suit led may still be out of it)."""
    if not takes_lead(seen, card):
        return False
    deck = seen.deck
    spade = deck.suit_of[card] == _SPADES
    for seat in remaining_after(seen):
        if seat == seen.partner:
            continue  # a trick the partner takes is the side's too
        held = seen.could_hold(seat)
        if held & deck.above[card] or (not spade and held & deck.spades):
            return False
    return True


def sets_up(seen: Seen, card: int) -> int:
    """The held card of ``card``'s suit that playing ``card`` leaves the highest of its suit not
    yet played (every card above it played, or ``card`` itself), or -1 when there is none: the
    king that cashing the ace sets up."""
    deck = seen.deck
    suit = deck.suit_of[card]
    below = seen.hand & deck.suits[suit] & ~(1 << card) & ~deck.above[card]
    for held in sorted(bit_indices(below), reverse=True):
        # Above it only cards played, and the card played now.
        if not deck.above[held] & ~seen.played & ~(1 << card):
            return held
    return -1


def card_reason(seen: Seen, card: int) -> str:
    """Why the seat might play ``card`` (a position), or what it does, in a few words."""
    trick = seen.trick
    deck = seen.deck
    seat = seen.seat
    partner = seen.partner
    wins = takes_lead(seen, card)
    sure = sure_winner(seen, card)
    leader, best = winning(seen)
    after = remaining_after(seen)
    if alive_nil(seen, seat):
        if wins and not after:
            return "wins the trick: your nil fails"
        if wins:
            return "may win the trick, a risk to your nil"
        return f"cannot win the trick under the {_name(seen, best)}: safe for your nil"
    if partner is not None and alive_nil(seen, partner):
        if trick and leader == partner:
            if wins:
                return "wins the trick for your partner's nil"
            return "leaves your partner's nil winning the trick"
        if trick and partner in after and wins:
            return "beats the trick before your partner's nil plays to it"
    for rival in seen.opponents:
        if not alive_nil(seen, rival):
            continue
        name = _seat_name(seen, rival)
        if trick and leader == rival:
            if wins:
                return f"takes the trick from {name}'s nil"
            return f"leaves {name}'s nil winning the trick"
    if not unbid_hand(seen.table, seen.hand_number):
        need, _their_need, _left = contract_state(seen)
        if sure and need == 0:
            return "wins a trick your side does not need: a bag"
        if sure:
            held = sets_up(seen, card)
            also = f" and sets up your {_name(seen, held)}" if held >= 0 else ""
            return "wins a trick toward your bid" + also
    if trick and partner is not None and leader == partner and not wins:
        return "leaves the trick to your partner"
    led = deck.suit_of[trick[0]] if trick else deck.suit_of[card]
    suit = deck.suit_of[card]
    held = sets_up(seen, card) if suit == led else -1  # a card led or followed, not a discard
    if held >= 0:
        return f"sets up your {_name(seen, held)}"
    if trick and suit == _SPADES and led != _SPADES and wins:
        return "trumps the trick"
    if not seen.spades_broken and breaks_spades(seen.table, seen.card(card), led):
        return "breaks spades"
    if not trick:
        return f"leads the {_name(seen, card)}"
    if suit != led and not wins:
        return f"discards the {_name(seen, card)}"
    if wins:
        return "wins the trick for now; a seat still to play may beat it"
    return f"plays under the {_name(seen, best)}"


def bid_reason(seen: Seen, tricks: int, *, blind: bool = False) -> str:
    """Why the seat might bid ``tricks`` (0 for nil; ``blind`` before looking at its cards), by
    the tricks its hand counts (:func:`~spades.bots.tactics.count_tricks`)."""
    if blind:
        return "bid before looking at your cards"
    count = count_tricks(seen.hand, seen.deck, seen.players)
    if tricks == 0:
        return f"nil, with a hand that counts {count:.1f} tricks"
    gap = tricks - count
    if abs(gap) < _ROUNDED:
        return f"what your hand counts: {count:.1f} tricks"
    side = "over" if gap > 0 else "under"
    return f"{abs(gap):.1f} tricks {side} the {count:.1f} your hand counts"


def redeal_reason(seen: Seen) -> str:
    """Why the seat might call for a redeal: the tricks its hand counts."""
    count = count_tricks(seen.hand, seen.deck, seen.players)
    return f"throws in a hand that counts {count:.1f} tricks"


def draw_reason(seen: Seen, card: int, keep: bool) -> str:
    """Why the seat might keep (``keep``) or discard the card drawn (a position), by what it adds
    to the hand's count (:func:`~spades.bots.tactics.card_worth`) beside the average card it
    could get instead (:func:`~spades.bots.tactics.hard_keeps`)."""
    worth = card_worth(seen, seen.hand, card)
    better = hard_keeps(seen, card)
    name = _name(seen, card)
    if keep:
        verdict = "at least" if better else "less than"
        return f"the {name} adds {worth:.2f} tricks to your count, {verdict} an average card"
    verdict = "no more" if better else "more"
    return f"gives up the {name} ({worth:.2f} tricks) for the next card, worth {verdict} on average"
