"""Actions as JSON-ready data and back: what records, seat views and a front-end's messages write
for a bid or an action, and the reader of what a client sends; and every action read back from
the text ``str()`` prints for it."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import Any

from ._text import and_text, exact_text, quote
from .actions import (
    Action,
    Bid,
    Bury,
    Counts,
    Deal,
    Discard,
    Draw,
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

__all__ = ["action_from_dict", "action_from_text", "action_to_dict"]


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


#: The actions ``str()`` writes with a word before their cards: ``pass 2c 3d``, ``draw As``.
_CARD_WORDS: dict[str, type[Exchange | Bury | Draw]] = {
    "pass": Exchange,
    "bury": Bury,
    "draw": Draw,
}
#: A hand told by its counts, as ``str()`` writes it: ``bids 4 nil 3 blind 2, tricks 5 1 4 3``,
#: or ``no bids, tricks 5 3 3 2`` (the comma may be left out).
_COUNTS = re.compile(
    r"(?:no bids|bids (?P<bids>[a-z0-9 ]{1,80}?)),? tricks (?P<tricks>[0-9 ]{1,60})"
)
_ACTION_FORMS = (
    "a bid ('4', 'nil', 'blind 6'), a card ('Qh'), 'pass 2c 3d', 'bury 7h 3c', 'draw As', "
    "'keep', 'discard', 'redeal', a deal ('N:AKQ.. E:..') or counts "
    "('bids 4 3 3 2, tricks 5 3 3 2')"
)


def action_from_text(text: str) -> Action:
    """The action ``text`` writes, as ``str()`` prints every action (naming no seat: the text of
    an action has none, and :func:`~spades.legality.is_legal` and ``in``
    :func:`~spades.legality.legal_actions` read it as the seat to act's): a bid ``4``, ``nil``,
    ``blind nil``, ``blind 6``; a card played ``Qh``; ``pass 2c 3d``, ``bury 7h 3c``,
    ``draw As``, ``keep``, ``discard``, ``redeal``; a deal ``N:AKQ7.T9.J842.53 E:...``; a hand
    told by its counts ``bids 4 nil 3 2, tricks 5 1 4 3``. Anything else is a
    :class:`~spades.errors.NotationError` quoting it.

    >>> action_from_text('blind nil'), action_from_text('pass 2c 3d'), action_from_text('Qh')
    (Bid.BLIND_NIL, Exchange('3d 2c'), Play('Qh'))
    >>> action_from_text(str(Keep(seat='E')))
    Keep()
    """
    plain = exact_text(text)
    if plain is None:
        raise NotationError(
            f"An action is written as text, such as {_ACTION_FORMS}, not {quote(text)}.",
            token=quote(text),
            reason="bad_action",
        )
    written = " ".join(plain.split())
    word, _, rest = written.partition(" ")
    key = word.lower() if word.isascii() else word
    if key in _BARE_ACTIONS and not rest:
        return _BARE_ACTIONS[key]()
    if key in _CARD_WORDS:
        return _CARD_WORDS[key](written)
    counts = _COUNTS.fullmatch(written.lower()) if written.isascii() else None
    if counts is not None:
        return _counts_from_text(counts)
    if ":" in written:
        return Deal(written)
    if not rest and any(letter.isalpha() for letter in word):
        with contextlib.suppress(NotationError):  # not a card: a bid ('nil') or nothing
            return Play(word)
    try:
        return Bid.parse(written)
    except NotationError:
        raise NotationError(
            f"{quote(written)} is not an action; write {_ACTION_FORMS}.",
            token=written,
            reason="bad_action",
        ) from None


def _counts_from_text(match: re.Match[str]) -> Counts:
    """A :class:`~spades.actions.Counts` from its text's parts: the bids' words (``blind``
    with the word after it) and the trick counts."""
    tricks = [int(count) for count in match.group("tricks").split()]
    words = match.group("bids")
    if words is None:
        return Counts(None, tricks)
    bids: list[str] = []
    for word in words.split():
        if bids and bids[-1] == "blind":
            bids[-1] = f"blind {word}"
        else:
            bids.append(word)
    return Counts(bids, tricks)
