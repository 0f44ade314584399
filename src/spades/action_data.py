"""Actions as JSON-ready data and back: what records, seat views and a front-end's messages write
for a bid or an action, and the reader of what a client sends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._text import and_text, quote
from .actions import (
    Action,
    Bid,
    Bury,
    Discard,
    Exchange,
    Keep,
    Play,
    Redeal,
    SeatAction,
)
from .cards import Card
from .errors import NotationError
from .hands import Hand
from .seats import Seat, optional_seat

__all__ = ["action_from_dict", "action_to_dict"]


def bid_data(bid: Bid) -> int | str:
    """A bid as JSON-ready data, as records and views write it: a number of tricks, ``"nil"``,
    ``"blind nil"`` or a blind number bid ``"blind 6"``."""
    if bid.blind:
        return str(bid)
    return "nil" if bid.tricks == 0 else bid.tricks


def action_to_dict(action: Action) -> dict[str, Any]:
    """A seat's action as JSON-ready data, as :meth:`~spades.views.SeatView.to_dict` lists the
    legal actions and a front-end sends one back: ``{"type": "bid", "bid": 4}`` (or ``"nil"``,
    ``"blind nil"``, ``"blind 6"``), ``{"type": "exchange", "cards": ["2c", "3d"]}``,
    ``{"type": "play", "card": "Qh"}``, ``{"type": "redeal"}``, in two-handed Spades'
    draw ``{"type": "keep"}`` and ``{"type": "discard"}``, and the dealer's discard of the spare
    cards ``{"type": "bury", "cards": ["7h", "3c"]}``. The seat, if any, is left out: it is
    the seat whose view it is.

    >>> action_to_dict(Play('Qh'))
    {'type': 'play', 'card': 'Qh'}
    """
    if isinstance(action, Play):
        return {"type": "play", "card": str(action.card)}
    if isinstance(action, Bid):
        return {"type": "bid", "bid": bid_data(action)}
    if isinstance(action, Exchange):
        return {"type": "exchange", "cards": [str(card) for card in action.cards]}
    if isinstance(action, Bury):
        return {"type": "bury", "cards": [str(card) for card in action.cards]}
    if isinstance(action, Redeal):
        return {"type": "redeal"}
    if isinstance(action, Keep):
        return {"type": "keep"}
    if isinstance(action, Discard):
        return {"type": "discard"}
    raise NotationError(
        f"A seat's action is a bid, a redeal, an exchange, a play, keeping or discarding a "
        f"card drawn, or burying two cards, not {quote(action)}.",
        token=quote(action),
        reason="bad_action",
    )


_ACTION_KEYS: dict[str, str] = {
    "bid": "bid",
    "exchange": "cards",
    "bury": "cards",
    "play": "card",
    "redeal": "",
    "keep": "",
    "discard": "",
}
#: The actions with no key but their type.
_BARE_ACTIONS: dict[str, type[Redeal | Keep | Discard]] = {
    "redeal": Redeal,
    "keep": Keep,
    "discard": Discard,
}


def action_from_dict(data: object, *, seat: Seat | str | None = None) -> SeatAction:
    """Read the data :func:`~spades.action_data.action_to_dict` writes (from a client, say) back
    into an action for ``seat`` (None: whoever is to act). Anything else is a
    :class:`~spades.errors.NotationError` with reason ``bad_action`` (or the card's or bid's own
    reason) saying what was wrong.

    >>> action_from_dict({'type': 'bid', 'bid': 'nil'})
    Bid.NIL
    >>> action_from_dict({'type': 'play', 'card': 'Qh'}, seat='S')
    Play('Qh', seat=Seat.S)
    """
    if not isinstance(data, Mapping):
        raise NotationError(
            f'An action is an object such as {{"type": "play", "card": "Qh"}}, not {quote(data)}.',
            token=quote(data),
            reason="bad_action",
        )
    kind = data.get("type")
    key = _ACTION_KEYS.get(kind) if isinstance(kind, str) else None
    if key is None:
        raise NotationError(
            f"An action's type is 'bid', 'exchange', 'bury', 'play', 'redeal', 'keep' or "
            f"'discard', not {quote(kind)}.",
            token=quote(kind),
            reason="bad_action",
        )
    extra = [quote(name) for name in data if name not in ("type", key)]
    bare = _BARE_ACTIONS.get(kind)  # type: ignore[arg-type]
    if bare is not None:
        if extra:
            raise NotationError(
                f"A {kind} action has only the key 'type', but this one also has "
                f"{and_text(extra)}.",
                token=quote(data),
                reason="bad_action",
            )
        return bare(seat=seat)
    if key not in data or extra:
        wrong = f"also has {and_text(extra)}" if extra else f"lacks {key!r}"
        raise NotationError(
            f"A {kind} action has the keys 'type' and {key!r}, but this one {wrong}.",
            token=quote(data),
            reason="bad_action",
        )
    value = data[key]
    if kind == "bid":
        if not isinstance(value, (int, str)) or isinstance(value, bool):
            raise NotationError(
                f"A bid is a number of tricks, 'nil' or 'blind nil', not {quote(value)}.",
                token=quote(value),
                reason="bad_bid",
            )
        return Bid.of(value).for_seat(optional_seat(seat))
    if kind == "play":
        if not isinstance(value, str):
            raise NotationError(
                f"A card is written as text like 'Qh', not {quote(value)}.",
                token=quote(value),
                reason="bad_card",
            )
        return Play(Card(value), seat=seat)
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise NotationError(
            f"{'A discard' if kind == 'bury' else 'An exchange'}'s cards are a list of cards "
            f"like ['2c', '3d'], not {quote(value)}.",
            token=quote(value),
            reason="bad_card",
        )
    if kind == "bury":
        return Bury(Hand(value), seat=seat)  # a repeated card is refused by Hand
    return Exchange(Hand(value), seat=seat)
