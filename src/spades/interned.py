"""The actions the engine makes once and hands out again: every card played and every bid made by
each seat, the draw's two choices and the call for a redeal (so that listing what a seat may do,
and the actions a state keeps, allocate nothing)."""

from __future__ import annotations

from ._kernel.bidding import BLIND_BID_BITS, BLIND_NIL_BIT, MOST_TRICKS
from .actions import Bid, Discard, Keep, Play, Redeal
from .cards import CARDS
from .choices import LegalActions
from .seats import SEATS, Seat

__all__: list[str] = []


#: What the drawer may do with the card drawn, per seat: keep it or discard it.
CHOICES = tuple(LegalActions((Keep(seat=seat), Discard(seat=seat))) for seat in SEATS)


#: Every :class:`~spades.actions.Play`, naming its seat: ``SEATED_PLAYS[seat][card index]``.
SEATED_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, seat=seat) for card in CARDS) for seat in SEATS
)
#: Every number a bid may name, up to the most tricks a hand has (18, three with the jokers).
_NUMBERS = range(1, MOST_TRICKS + 1)
#: Per seat, the number bids (``_BIDS[seat][n - 1]``), then nil.
_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    (*(Bid(n, seat=seat) for n in _NUMBERS), Bid.NIL.for_seat(seat)) for seat in SEATS
)
_BLIND_NILS: tuple[Bid, ...] = tuple(Bid.BLIND_NIL.for_seat(seat) for seat in SEATS)
#: Per seat, the blind number bids: ``_BLIND_BIDS[seat][n - 1]``.
_BLIND_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(n, blind=True, seat=seat) for n in _NUMBERS) for seat in SEATS
)
REDEALS: tuple[Redeal, ...] = tuple(Redeal(seat=seat) for seat in SEATS)
#: Per seat, the bids of each bid mask met so far (see ``_bids_of``), a bounded number of them.
_BIDS_BY_MASK: tuple[dict[int, LegalActions], ...] = tuple({} for _ in SEATS)
_KEPT = 1 << 10


def bids_of(seat: Seat, mask: int) -> LegalActions:
    """The bids of a mask of the kernel's bid masks, numbers first, then nil, blind nil and the
    blind numbers (kept per seat and mask: few masks occur)."""
    kept = _BIDS_BY_MASK[seat]
    bids = kept.get(mask)
    if bids is None:
        row = _BIDS[seat]
        made = tuple(row[n - 1] for n in _NUMBERS if mask >> n & 1)
        if mask & 1:
            made += (row[MOST_TRICKS],)
        if mask & BLIND_NIL_BIT:
            made += (_BLIND_NILS[seat],)
        if mask & BLIND_BID_BITS:
            blind = _BLIND_BIDS[seat]
            made += tuple(blind[n - 1] for n in _NUMBERS if mask & BLIND_NIL_BIT << n)
        if len(kept) >= _KEPT:
            kept.clear()
        bids = kept[mask] = LegalActions(made)
    return bids


def seated(bid: Bid, seat: Seat) -> Bid:
    """``bid`` naming ``seat``: the interned copy where there is one."""
    if bid.seat is seat:
        return bid
    if bid.blind:
        if bid.tricks == 0:
            return _BLIND_NILS[seat]
        if 1 <= bid.tricks <= MOST_TRICKS and type(bid) is Bid:
            return _BLIND_BIDS[seat][bid.tricks - 1]
        return bid.for_seat(seat)
    if 0 <= bid.tricks <= MOST_TRICKS and type(bid) is Bid:
        return _BIDS[seat][bid.tricks - 1 if bid.tricks else MOST_TRICKS]
    return bid.for_seat(seat)
