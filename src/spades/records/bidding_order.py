"""The bidding of a hand in the order it was made: a hand record's ``bidding``, read, and checked
against the rules' bidding order and against the hand's ``bids`` by seat.

A record gives a hand's bids by seat (``bids``), which says who bid what but not in what order;
its ``bidding`` says the order too, each bid with its seat (in JSON, ``{"seat": "E", "bid": 3}``;
in Python, a :class:`~spades.actions.Bid` naming its seat, or a pair ``(seat, bid)``). The walk
checks the order against the rules' (the compiled table's ``bidding_orders``: the seat after the
dealer bids first, or the dealer under ``dealer_bids_first``) and reports a bid made out of turn;
when a hand gives both, they must agree, and the hand is checked with its bidding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

from .._text import quote
from ..actions import Bid
from ..errors import SpadesError
from ..seats import SEATS, Seat
from .checks import ByName, fail

__all__ = [
    "as_bidding",
    "bidding_bids",
    "bidding_disagreements",
    "out_of_turn",
]

#: How a bid of the bidding is given in Python, as a sentence says it.
_FORMS = "a Bid naming its seat (Bid(3, seat='E')) or a pair (seat, bid)"


def as_bidding(value: Any) -> tuple[Bid, ...]:
    """A hand's bidding in the order made, each bid naming its seat; empty for none. A seat that
    bids twice is refused (each seat bids once a hand); how many seats play is the hand's to
    say."""
    if value is None:
        return ()
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise fail(
            "bidding",
            f"expected the bids in the order made, each {_FORMS}, not {quote(value)}.",
            "wrong_type",
        )
    bids: list[Bid] = []
    seen: set[Seat] = set()
    for i, item in enumerate(islice(value, len(SEATS) + 1)):  # a fifth bid repeats a seat
        bid = _bidding_bid(item, f"bidding[{i}]")
        seat = bid.seat
        assert seat is not None
        if seat in seen:
            raise fail(
                f"bidding[{i}]",
                f"{seat.full_name} bids twice in the bidding; each seat bids once a hand.",
                "bad_bid",
            )
        seen.add(seat)
        bids.append(bid)
    return tuple(bids)


def _bidding_bid(item: object, where: str) -> Bid:
    if isinstance(item, Bid):
        if item.seat is None:
            raise fail(where, f"a bid of the bidding names its seat: {_FORMS}.", "bad_bid")
        return item
    if isinstance(item, (str, bytes)) or not isinstance(item, Sequence) or len(item) != 2:
        raise fail(where, f"expected {_FORMS}, not {quote(item)}.", "wrong_type")
    try:
        seat = item[0] if isinstance(item[0], Seat) else Seat.parse(item[0])
    except SpadesError as error:
        raise fail(where, error.message, "bad_seat") from None
    try:
        bid = Bid.of(item[1])
    except SpadesError as error:
        raise fail(where, f"{seat.full_name}'s bid: {error.message}", "bad_bid") from None
    if bid.seat is not None and bid.seat is not seat:
        raise fail(
            where, f"{seat.full_name}'s place holds a bid by {bid.seat.full_name}.", "bad_bid"
        )
    return bid.for_seat(seat)


def bidding_bids(bidding: Sequence[Bid]) -> ByName:
    """The bids of ``bidding`` by seat, N, E, S, W, naming no seat (as a hand's ``bids`` holds
    them); None for a seat that has not bid."""
    by_seat: list[Bid | None] = [None] * len(SEATS)
    for bid in bidding:
        assert bid.seat is not None
        by_seat[bid.seat] = bid.for_seat(None)
    return ByName(by_seat)


def bidding_disagreements(
    bidding: Sequence[Bid], bids: Sequence[Bid | None]
) -> list[tuple[Seat, Bid | None, Bid | None]]:
    """Each seat whose bid in ``bids`` (by seat) is not its bid in ``bidding``: the seat, its bid
    in ``bids`` and in the bidding (None for none)."""
    ordered = bidding_bids(bidding)
    return [
        (seat, given, ordered[seat]) for seat, given in zip(SEATS, bids) if given != ordered[seat]
    ]


def out_of_turn(
    bidding: Sequence[Bid], order: Sequence[Seat], dealer: Seat, dealer_first: bool
) -> list[tuple[Bid, str]]:
    """Each bid of ``bidding`` made out of turn, with the sentence for it, when the seats bid in
    ``order`` (the rules' order for a hand ``dealer`` deals). A bid is in turn when every seat
    before it in that order has bid: the turn is the first seat in the order that has not bid,
    so a seat that jumps in is reported once, and the seat it passed over bidding next is in
    turn."""
    found: list[tuple[Bid, str]] = []
    bid_so_far: list[Seat] = []
    for bid in bidding:
        seat = bid.seat
        assert seat is not None
        turn = next(each for each in order if each not in bid_so_far)
        if seat is not turn:
            shown = bid.for_seat(None)
            if bid_so_far:
                after = f"after {bid_so_far[-1].full_name} it was {turn.full_name}'s turn to bid"
            else:
                why = " (dealer_bids_first)" if dealer_first else ""
                after = f"{turn.full_name} bids first in a hand {dealer.full_name} deals{why}"
            found.append((bid, f"{seat.full_name} bid {shown} out of turn: {after}."))
        bid_so_far.append(seat)
    return found
