"""The text forms of a record: cards, hands, and two players' draw turn by turn.

The patterns here are the ones the shipped JSON Schema uses (a test keeps them in step), so a
record the schema accepts never fails the reader on notation. A hand of two-handed Spades
(``deal_method`` draw_keep_discard) may be recorded card by card: its draw is the engine's
actions in order, a Draw, then Keep or Discard for that card, then the Draw of the second card of
the turn (which goes the other way), 26 turns. A record writes each turn as one text,
``As keep 7h``; the drawer of each turn is the dealer's to say (the player after the dealer draws
first, then the turns alternate), so no turn names a seat.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any, Union

from .._kernel.deal import DRAWN_CARDS
from .._text import quote
from ..actions import Discard, Draw, Keep
from ..errors import SpadesError
from .checks import fail

__all__ = [
    "CARD_PATTERN",
    "DRAW_TURNS",
    "DRAW_TURN_PATTERN",
    "HAND_PATTERN",
    "DrawAction",
    "as_draw",
    "draw_turns",
]

_RANK = r"(?:10|[2-9TJQKAtjqka])"
_SUIT = "[cdhsCDHS♣♦♥♠♧♢♡♤]"
_JOKER = "(?:BJ|LJ|bj|lj)"
#: The regular expression a card's text in a record matches: rank then suit or suit then rank
#: (``As``, ``10h``, ``A♠``, ``SA``), or a joker (``BJ``, ``LJ``).
CARD_PATTERN = rf"^(?:{_RANK}{_SUIT}|{_SUIT}{_RANK}|{_JOKER})$"
_CARD = rf"(?:{_RANK}{_SUIT}|{_SUIT}{_RANK}|{_JOKER})"
_GROUP = rf"(?:-|{_RANK}*)"
_SPADE_GROUP = rf"(?:-|(?:BJ|bj)?(?:LJ|lj)?{_RANK}*)"
#: The regular expression a hand's text in a record matches: the dotted form (``AKQ7.T9.J842.53``,
#: ``-`` or nothing for a void; the jokers first among the spades, ``BJLJAK``) or cards
#: separated by spaces.
HAND_PATTERN = rf"^(?:{_SPADE_GROUP}(?:\.{_GROUP}){{3}}|(?:{_CARD}(?: +{_CARD})*)?)$"
#: The regular expression a turn of two players' draw matches in a record: the card drawn,
#: ``keep`` or ``discard`` for it, and the second card drawn, which goes the other way
#: (``As keep 7h``); only the last turn of a draw in progress may stop after the first card
#: (``As``) or the choice (``As keep``).
DRAW_TURN_PATTERN = rf"^{_CARD}(?: (?:keep|discard)(?: {_CARD})?)?$"

_DRAW_TURN_RE = re.compile(DRAW_TURN_PATTERN)
#: The turns of a draw (two players keep 13 cards and discard 13 each), and its actions.
DRAW_TURNS = DRAWN_CARDS // 2
_DRAW_STEPS = 3
#: What each place of a turn holds, as a sentence names it.
_DRAW_PLACES = ("a card drawn", "'keep' or 'discard'", "the second card drawn")
_TURN_EXAMPLE = "the card drawn, 'keep' or 'discard', then the second card drawn: 'As keep 7h'"

#: An action of two players' draw.
DrawAction = Union[Draw, Keep, Discard]  # noqa: UP007 - a runtime alias on Python 3.10


def draw_turns(draw: Sequence[DrawAction]) -> list[str]:
    """The texts of a draw's turns, as a record writes them (``As keep 7h``)."""
    turns = []
    for start in range(0, len(draw), _DRAW_STEPS):
        words = []
        for action in draw[start : start + _DRAW_STEPS]:
            words.append(str(action.card) if isinstance(action, Draw) else str(action))
        turns.append(" ".join(words))
    return turns


def _turn_actions(text: str, where: str) -> list[DrawAction]:
    """The actions of one turn's text (``As keep 7h``)."""
    if len(text) > 20 or not _DRAW_TURN_RE.match(text):
        raise fail(
            where, f"{quote(text)} is not a turn of the draw; write {_TURN_EXAMPLE}.", "bad_draw"
        )
    actions: list[DrawAction] = []
    for word in text.split(" "):
        if word == "keep":
            actions.append(Keep())
        elif word == "discard":
            actions.append(Discard())
        else:
            try:
                actions.append(Draw(word))
            except SpadesError as error:
                raise fail(where, error.message, "bad_card") from None
    return actions


def as_draw(value: Any) -> tuple[DrawAction, ...]:
    """A hand's draw from its actions (:class:`~spades.actions.Draw`, :class:`~spades.actions.Keep`,
    :class:`~spades.actions.Discard`) or the texts of its turns, in order; each turn a card
    drawn, the drawer's choice, and the second card. A Keep or Discard names no seat here: the
    turn's drawer makes it."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise fail(
            "draw", f"expected the turns of the draw in order, not {quote(value)}.", "wrong_type"
        )
    actions: list[DrawAction] = []
    most = DRAW_TURNS * _DRAW_STEPS
    for number, item in enumerate(islice(value, most + 1)):
        turn = len(actions) // _DRAW_STEPS
        where = f"draw[{turn}]"
        if isinstance(item, str):
            if len(actions) % _DRAW_STEPS:
                raise fail(
                    where,
                    f"turn {turn + 1} of the draw is written in part; write each turn as one "
                    f"text, {_TURN_EXAMPLE}.",
                    "bad_draw",
                )
            given = _turn_actions(item, f"draw[{number}]")
        elif isinstance(item, (Draw, Keep, Discard)):
            given = [item if isinstance(item, Draw) else item.for_seat(None)]
        else:
            raise fail(
                where,
                f"expected a Draw, Keep or Discard, or a turn's text, not {quote(item)}.",
                "wrong_type",
            )
        for action in given:
            place = len(actions) % _DRAW_STEPS
            if isinstance(action, Draw) != (place != 1):
                raise fail(
                    f"draw[{len(actions) // _DRAW_STEPS}]",
                    f"{_DRAW_PLACES[place]} is due here, not {quote(str(action))}; a turn of the "
                    f"draw is {_TURN_EXAMPLE}.",
                    "bad_draw",
                )
            actions.append(action)
        if len(actions) > most:
            raise fail(
                "draw",
                f"two players draw {DRAW_TURNS} turns of two cards each hand, not more.",
                "out_of_range",
            )
    return tuple(actions)
