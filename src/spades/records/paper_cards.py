"""The cards of a hand on a paper score sheet: the lines under a hand's line that give its deal,
the discard of the spare cards, the blind nil exchange, two players' draw and the plays, read
into the data of a JSON record (:func:`read_card_line`, for :func:`~spades.records.read_sheet`)
and written from a record (:func:`card_lines`, for :func:`~spades.records.write_sheet` with
``cards=True``).

Each line begins with its word and a colon, and belongs to the hand line above it::

    deal      = "deal:" seat hand { [ "," ] seat hand } ;   (* N AKQ7.T9.J842.53 E .. *)
    buried    = "buried:" card { card } ;                    (* the spare cards *)
    exchange  = "exchange:" seat { card } { "," seat { card } } ;
    draw      = "draw:" turn { "," turn } [ "," ] ;          (* As keep 7h, ... *)
    turn      = card [ ( "keep" | "discard" ) [ card ] ] ;
    plays     = "plays:" trick { "," trick } [ "," ] ;       (* 2c Ac 5c Kc, 3d 4d Qd *)
    trick     = card { card } ;                              (* in the order played *)
    redeal    = "redeal:" seat ;                             (* who threw the hand in *)

A hand is in the dotted form, spades first (:doc:`notation`); a card rank then suit (``As``,
``Td``, ``10h``; ``BJ``, ``LJ``). Several ``draw:`` or ``plays:`` lines continue the draw or
the plays (a trick is on one line), the others come once a hand, in any order. What the values
are is the record's to say, with the sentences a JSON record gets: each line here is the JSON
field of the same name (``deal``, ``buried``, ``exchange``, ``draw``, ``plays``, ``redeal``),
read by the same reader and checked by the same checks, and every value keeps its line and
column. A hand whose cards give its tricks may write ``-`` for each trick count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._text import and_text, quote
from ..errors import RecordError
from ..rules import RuleSet
from ..seats import SEATS, Seat
from .format import HandRecord
from .json_values import read_seat
from .notation import draw_turns
from .paper_places import Place, Token, refuse_at, split_items

__all__ = ["CARD_LINES", "card_lines", "read_card_line"]

#: The words that begin the lines of a hand's cards, each the record field it gives.
CARD_LINES = ("deal", "buried", "exchange", "draw", "plays", "redeal")
#: The lines that may be given more than once a hand, each continuing the one before.
_CONTINUED = ("draw", "plays")
#: How many tricks, and turns of the draw, a line is written with.
_TRICKS_A_LINE = 5
_TURNS_A_LINE = 6
_CHOICES = ("keep", "discard")


def read_card_line(
    name: str,
    tokens: list[Token],
    place: Place,
    hand: dict[str, Any],
    where: str,
    places: dict[str, Place],
    rules: RuleSet,
) -> None:
    """Line ``name`` (one of :data:`CARD_LINES`) of a hand's cards, its words ``tokens`` after
    the colon and its word at ``place``: its values added to ``hand``, the data of the hand
    at ``where`` (``hands[2]``) under ``rules``, and their places to ``places``. What cannot be
    read as the line's form is a :class:`~spades.errors.RecordError` at its place; what the
    values hold is left to the record's reader."""
    here = f"{where}.{name}"
    if name in hand and name not in _CONTINUED:
        first = places.get(here, place)[0]
        refuse_at(place, f"the hand's {name} is given twice (first on line {first}).")
    if not tokens:
        refuse_at(place, f"write the {name} after '{name}:', like '{_EXAMPLES[name]}'.")
    places.setdefault(here, place)
    if name == "deal":
        hand[name] = _deal(tokens, here, places)
        missing = [seat.full_name for seat in rules.seats if str(seat) not in hand[name]]
        if missing:
            refuse_at(
                place,
                f"the deal gives no hand for {and_text(missing)}; write each seat then its hand, "
                f"like '{_EXAMPLES['deal']}'.",
                "missing_field",
            )
    elif name == "buried":
        hand[name] = _cards(split_items(tokens, "")[0], here, places)
    elif name == "exchange":
        hand[name] = _exchange(tokens, here, places, place)
    elif name == "draw":
        hand.setdefault(name, []).extend(_turns(tokens, here, places, len(hand.get(name, ()))))
    elif name == "plays":
        hand.setdefault(name, []).extend(_tricks(tokens, here, places, len(hand.get(name, ()))))
    else:
        if len(tokens) > 1:
            refuse_at(
                tokens[1].place, "write the one seat that called for the redeal: 'redeal: E'."
            )
        places[here] = tokens[0].place
        hand[name] = tokens[0].text.upper()


#: How each line is written, as a sentence shows it.
_EXAMPLES = {
    "deal": "deal: N AKQ7.T9.J842.53 E ... S ... W ...",
    "buried": "buried: 7h 2c",
    "exchange": "exchange: S 2c 3d, N As Kh",
    "draw": "draw: As keep 7h, Kd discard 2c",
    "plays": "plays: 2c Ac 5c Kc, 3d 4d Qd 2d",
    "redeal": "redeal: E",
}


def _seat(token: Token) -> str:
    """The seat a token names (``N``, in any case), refused with the record reader's
    sentence."""
    try:
        return str(read_seat(token.text.upper(), ""))
    except RecordError as error:
        refuse_at(token.place, error.message, error.reason)


def _deal(tokens: list[Token], here: str, places: dict[str, Place]) -> dict[str, str]:
    words = [token for item in split_items(tokens, ",") for token in item]
    if len(words[::2]) != len(words[1::2]):  # a seat without its hand
        refuse_at(
            words[-1].place,
            f"write each seat then its hand, like '{_EXAMPLES['deal']}'; "
            f"{quote(words[-1].text)} has no partner.",
        )
    deal: dict[str, str] = {}
    for seat_token, cards in zip(words[::2], words[1::2]):
        seat = _seat(seat_token)
        if seat in deal:
            refuse_at(
                seat_token.place, f"the deal gives {Seat.parse(seat).full_name}'s hand twice."
            )
        places[f"{here}.{seat}"] = cards.place
        deal[seat] = cards.text
    return deal


def _cards(tokens: Sequence[Token], here: str, places: dict[str, Place]) -> list[str]:
    for number, token in enumerate(tokens):
        places[f"{here}[{number}]"] = token.place
    return [token.text for token in tokens]


def _exchange(
    tokens: list[Token], here: str, places: dict[str, Place], place: Place
) -> dict[str, list[str]]:
    passed: dict[str, list[str]] = {}
    for item in split_items(tokens, ","):
        if not item:
            refuse_at(place, f"a seat's cards are missing; write '{_EXAMPLES['exchange']}'.")
        seat = _seat(item[0])
        if seat in passed:
            # (the sentence the record gives for a seat that passes twice)
            refuse_at(item[0].place, f"{Seat.parse(seat).full_name} passes cards twice.")
        places[f"{here}.{seat}"] = item[0].place
        passed[seat] = _cards(item[1:], f"{here}.{seat}", places)
    return passed


def _items(tokens: list[Token], place: Place, what: str) -> list[list[Token]]:
    """A line's items, split at commas: a comma may end the line, but no item is empty."""
    items = split_items(tokens, ",")
    if len(items) > 1 and not items[-1]:
        items.pop()
    for item in items:
        if not item:
            refuse_at(place, f"{what} is empty; separate them with one comma each.")
    return items


def _turns(tokens: list[Token], here: str, places: dict[str, Place], before: int) -> list[str]:
    turns = []
    for number, item in enumerate(_items(tokens, tokens[0].place, "a turn of the draw"), before):
        places[f"{here}[{number}]"] = item[0].place
        words = [t.text.lower() if t.text.lower() in _CHOICES else t.text for t in item]
        turns.append(" ".join(words))
    return turns


def _tricks(
    tokens: list[Token], here: str, places: dict[str, Place], before: int
) -> list[list[str]]:
    tricks = []
    for number, item in enumerate(_items(tokens, tokens[0].place, "a trick"), before):
        places[f"{here}[{number}]"] = item[0].place
        tricks.append(_cards(item, f"{here}[{number}]", places))
    return tricks


# -- writing ---------------------------------------------------------------------------------------


def card_lines(hand: HandRecord) -> list[str]:
    """The lines of ``hand``'s cards, as :func:`read_card_line` reads them back: its deal (or
    two players' draw), the spare cards buried, the exchange, who called for a redeal and the
    plays, five tricks a line; none for a hand told by its counts."""
    lines = []
    if hand.deal is not None:
        lines.append(
            "deal: "
            + "  ".join(f"{seat} {cards.to_text()}" for seat, cards in zip(SEATS, hand.deal.hands))
        )
    turns = draw_turns(hand.draw)
    for start in range(0, len(turns), _TURNS_A_LINE):
        lines.append("draw: " + ", ".join(turns[start : start + _TURNS_A_LINE]))
    if hand.buried is not None:
        lines.append(("buried: " + hand.buried.cards_text()).rstrip())
    if hand.exchange:
        lines.append(
            "exchange: "
            + ", ".join(f"{seat} {cards.cards_text()}".rstrip() for seat, cards in hand.exchange)
        )
    if hand.redeal is not None:
        lines.append(f"redeal: {hand.redeal}")
    tricks = [" ".join(str(card) for card in trick) for trick in hand.plays]
    for start in range(0, len(tricks), _TRICKS_A_LINE):
        lines.append("plays: " + ", ".join(tricks[start : start + _TRICKS_A_LINE]))
    return lines
