"""The pieces every SVG picture of the package is made of: the picture's root, text, cards, card
backs, hands, tricks and a deal round the table, built with :mod:`xml.etree.ElementTree` (the
table is ``spades._table_drawing``'s, the scores ``spades._score_drawing``'s).

This module reads only cards, seats and plain values, so that the modules whose values draw
themselves in a notebook (hands, tricks, deals, scores, the state and a seat's view, through
``_repr_svg_``) can import it without an import circle; :mod:`spades.svg` is the public face.

Every picture says what it shows in words: the root has ``role="img"``, an ``aria-label`` and a
``<title>``; each card is a group with its own ``<title>`` and ``aria-label`` (``ace of spades``)
and the card's text in ``data-card`` (``As``), so that a web page can make it clickable. A card
face down carries no ``data-card`` and no name.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Final

from ._kernel.table import rotation
from ._text import plural
from .cards import Card, Suit
from .seats import Direction, Seat

__all__: list[str] = []

#: A card's width and height, in the units of every picture's ``viewBox``.
CARD_WIDTH: Final = 48
CARD_HEIGHT: Final = 68
#: How far apart the cards of a hand are, left edge to left edge, at most.
CARD_STEP: Final = 20
#: How far a highlighted (legal) card is raised out of its hand.
LIFT: Final = 8

#: The colours of every picture, by name; a caller overrides any of them (``colors=``).
DEFAULT_COLORS: Final[Mapping[str, str]] = {
    "felt": "#1f6e43",
    "felt border": "#11462a",
    "text": "#f5f5f0",
    "muted text": "#c8dccf",
    "card": "#ffffff",
    "card border": "#3a3a3a",
    "red": "#c0262d",
    "black": "#1b1b1b",
    "back": "#24488f",
    "back pattern": "#8fa8e0",
    "legal": "#f2b705",
    "winning": "#f2b705",
    "to act": "#ffd54a",
    "sheet": "#ffffff",
    "sheet text": "#1b1b1b",
    "sheet rule": "#9a9a9a",
    "sheet head": "#e8efe9",
}

_RANK_FACES: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RED_SUITS: Final = (Suit.HEARTS, Suit.DIAMONDS)
#: Where each seat sits, going clockwise round the table from the bottom, by table size.
_PLACES: Final[Mapping[int, tuple[str, ...]]] = {
    4: ("bottom", "left", "top", "right"),
    3: ("bottom", "left", "right"),
    2: ("bottom", "top"),
}


# -- the root and plain elements ---------------------------------------------------------------


def palette(colors: Mapping[str, str] | None) -> dict[str, str]:
    """The default colours with ``colors`` (already checked) over them."""
    found = dict(DEFAULT_COLORS)
    if colors:
        found.update(colors)
    return found


def root(
    width: float,
    height: float,
    label: str,
    *,
    size: int | None = None,
    kind: str = "",
    style: str | None = None,
) -> ET.Element:
    """An ``<svg>`` of ``width`` by ``height`` units, labelled ``label`` for people who cannot
    see it; ``size`` pixels wide (the height in proportion) when given."""
    element = ET.Element(
        "svg",
        values(
            xmlns="http://www.w3.org/2000/svg",
            viewBox=f"0 0 {number(width)} {number(height)}",
            width=None if size is None else str(size),
            height=None if size is None else number(size * height / width),
            role="img",
            class_=f"spades {kind}".strip(),
            aria_label=label,
            font_family="Helvetica, Arial, sans-serif",
        ),
    )
    ET.SubElement(element, "title").text = label
    if style:
        ET.SubElement(element, "style").text = style
    return element


def values(**given: str | float | None) -> dict[str, str]:
    """Attributes as SVG spells them (``class_`` is ``class``, ``aria_label`` is
    ``aria-label``), leaving out those given as None."""
    return {
        name.rstrip("_").replace("_", "-"): value if isinstance(value, str) else number(value)
        for name, value in given.items()
        if value is not None
    }


def number(value: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    *,
    size: float = 13,
    fill: str,
    anchor: str = "start",
    bold: bool = False,
    kind: str | None = None,
    data: Mapping[str, str] | None = None,
) -> ET.Element:
    """A ``<text>`` in ``parent`` at ``x``, ``y`` (its baseline)."""
    element = ET.SubElement(
        parent,
        "text",
        values(
            x=x,
            y=y,
            font_size=size,
            fill=fill,
            text_anchor=None if anchor == "start" else anchor,
            font_weight="bold" if bold else None,
            class_=kind,
        ),
    )
    for name, value in (data or {}).items():
        element.set(f"data-{name}", value)
    element.text = content
    return element


def serialized(element: ET.Element) -> str:
    """The picture as SVG text."""
    return ET.tostring(element, encoding="unicode")


# -- cards -------------------------------------------------------------------------------------


def card_element(
    card: Card,
    x: float,
    y: float,
    colors: Mapping[str, str],
    *,
    legal: bool = False,
    winning: bool = False,
    label: str | None = None,
) -> ET.Element:
    """One card face up at ``x``, ``y``: its rank and suit in the top corner (what shows in a
    fanned hand) and its suit large in the middle; ``label``, a short text, in the bottom corner
    (which a fan shows too) and in ``data-label``."""
    kinds = ["card", *(["legal"] if legal else []), *(["winning"] if winning else [])]
    group = ET.Element(
        "g",
        values(
            class_=" ".join(kinds),
            transform=f"translate({number(x)} {number(y - LIFT if legal else y)})",
            role="img",
            aria_label=card.name,
            data_card=str(card),
            data_label=label,
        ),
    )
    ET.SubElement(group, "title").text = card.name
    edge = colors["legal"] if legal else colors["winning"] if winning else colors["card border"]
    ET.SubElement(
        group,
        "rect",
        values(
            width=CARD_WIDTH,
            height=CARD_HEIGHT,
            rx=5,
            fill=colors["card"],
            stroke=edge,
            stroke_width=3 if legal or winning else 1,
        ),
    )
    rank, symbol, ink = _face(card, colors)
    text(
        group,
        3 if len(rank) > 1 else 4,
        16,
        rank,
        size=12 if len(rank) > 1 else 14,
        fill=ink,
        bold=True,
    )
    text(group, 4, 31, symbol, size=14, fill=ink)
    text(group, CARD_WIDTH / 2 + 4, 56, symbol, size=26, fill=ink, anchor="middle")
    if label is not None:
        text(group, 4, CARD_HEIGHT - 5, label, size=13, fill=ink, bold=True, kind="card-label")
    return group


def _face(card: Card, colors: Mapping[str, str]) -> tuple[str, str, str]:
    """A card's corner text, its big symbol and its ink."""
    if card.is_joker:
        big = card.name == "big joker"
        return ("BJ" if big else "LJ"), "\u2605", colors["red" if big else "black"]
    rank = card.rank
    assert rank is not None  # (only a joker has none)
    ink = colors["red"] if card.suit in _RED_SUITS else colors["black"]
    return _RANK_FACES[rank], card.suit.symbol, ink


def back_element(x: float, y: float, colors: Mapping[str, str]) -> ET.Element:
    """A card face down: no name, no ``data-card``."""
    group = ET.Element(
        "g",
        values(
            class_="card back",
            transform=f"translate({number(x)} {number(y)})",
            aria_hidden="true",
        ),
    )
    ET.SubElement(
        group,
        "rect",
        values(
            width=CARD_WIDTH,
            height=CARD_HEIGHT,
            rx=5,
            fill=colors["back"],
            stroke=colors["card border"],
            stroke_width=1,
        ),
    )
    ET.SubElement(
        group,
        "rect",
        values(
            x=5,
            y=5,
            width=CARD_WIDTH - 10,
            height=CARD_HEIGHT - 10,
            rx=3,
            fill="none",
            stroke=colors["back pattern"],
            stroke_width=1.5,
            stroke_dasharray="3 2",
        ),
    )
    return group


def step_for(count: int, widest: float) -> float:
    """How far apart ``count`` cards sit so that their fan is at most ``widest`` wide."""
    if count < 2:
        return CARD_STEP
    return min(CARD_STEP, (widest - CARD_WIDTH) / (count - 1))


def fan_width(count: int, step: float) -> float:
    """How wide a fan of ``count`` cards is, ``step`` apart."""
    return CARD_WIDTH + step * (count - 1) if count else 0


def hand_element(
    cards: Sequence[Card],
    x: float,
    y: float,
    colors: Mapping[str, str],
    *,
    step: float = CARD_STEP,
    legal: int = 0,
    label: str | None = None,
    card_labels: Mapping[int, str] | None = None,
) -> ET.Element:
    """A fan of ``cards`` (in the order given) from ``x``, ``y``; each card whose bit is set in
    the mask ``legal`` raised and outlined, each card in ``card_labels`` (by index) labelled."""
    count = len(cards)
    group = ET.Element(
        "g",
        values(
            class_="hand",
            role="list",
            aria_label=label or plural(count, "card"),
        ),
    )
    for place, card in enumerate(cards):
        face = card_element(
            card,
            x + place * step,
            y,
            colors,
            legal=bool(legal >> card.index & 1),
            label=None if card_labels is None else card_labels.get(card.index),
        )
        face.set("role", "listitem")
        group.append(face)
    return group


def backs_element(
    count: int, x: float, y: float, colors: Mapping[str, str], *, step: float = CARD_STEP / 2
) -> ET.Element:
    """``count`` cards face down, fanned from ``x``, ``y``."""
    group = ET.Element(
        "g",
        values(class_="hand hidden", aria_label=plural(count, "card")),
    )
    for place in range(count):
        group.append(back_element(x + place * step, y, colors))
    return group


# -- seats round the table ---------------------------------------------------------------------


def default_bottom(players: int) -> Seat:
    """The seat a picture puts at the bottom unless told: South, or North at a table of two."""
    return Seat.S if players > 2 else Seat.N


def places(bottom: Seat, players: int) -> dict[Seat, str]:
    """Where each seat in play sits with ``bottom`` at the bottom: ``bottom``, ``left``,
    ``top``, ``right``, going clockwise as the seats N E S W do."""
    order = rotation(players, Direction.CLOCKWISE)[bottom]
    return {Seat(seat): place for seat, place in zip(order, _PLACES[players])}


#: Where the card a seat plays to a trick lies, from the trick's middle, by place.
_TRICK_OFFSETS: Final[Mapping[str, tuple[float, float]]] = {
    "bottom": (0, 38),
    "top": (0, -38),
    "left": (-58, 0),
    "right": (58, 0),
}


def trick_element(
    plays: Sequence[tuple[Seat, Card]],
    winner: Seat | None,
    seat_places: Mapping[Seat, str],
    cx: float,
    cy: float,
    colors: Mapping[str, str],
    *,
    kind: str = "trick",
) -> ET.Element:
    """The cards of a trick round its middle ``cx``, ``cy``, each toward the seat that played
    it, the card winning it outlined."""
    described = ", ".join(f"{seat.full_name} {card.name}" for seat, card in plays)
    group = ET.Element(
        "g",
        values(
            class_=kind,
            role="group",
            aria_label=f"Trick: {described or 'no card yet'}",
            data_winner=None if winner is None else winner.name,
        ),
    )
    for seat, card in plays:
        dx, dy = _TRICK_OFFSETS[seat_places[seat]]
        x = cx + dx - CARD_WIDTH / 2
        y = cy + dy - CARD_HEIGHT / 2
        face = card_element(card, x, y, colors, winning=seat is winner)
        face.set("data-seat", seat.name)
        group.append(face)
    return group


# -- whole pictures of plain values -------------------------------------------------------------


def card_image(
    card: Card,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    legal: bool = False,
    style: str | None = None,
) -> str:
    """One card."""
    paint = palette(colors)
    svg = root(
        CARD_WIDTH + 4, CARD_HEIGHT + 4 + LIFT, card.name, size=size, kind="card-image", style=style
    )
    svg.append(card_element(card, 2, 2 + LIFT, paint, legal=legal))
    return serialized(svg)


def hand_image(
    cards: Sequence[Card],
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    legal: int = 0,
    style: str | None = None,
) -> str:
    """A hand, fanned in the order given."""
    paint = palette(colors)
    count = len(cards)
    width = max(fan_width(count, CARD_STEP), CARD_WIDTH) + 4
    label = f"A hand of {plural(count, 'card')}"
    label += ": " + ", ".join(card.name for card in cards) if cards else ""
    svg = root(width, CARD_HEIGHT + 4 + LIFT, label, size=size, kind="hand-image", style=style)
    svg.append(hand_element(cards, 2, 2 + LIFT, paint, legal=legal))
    return serialized(svg)


def trick_image(
    plays: Sequence[tuple[Seat, Card]],
    winner: Seat | None,
    players: int,
    *,
    complete: bool,
    bottom: Seat | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """A trick, each card toward the seat that played it, ``bottom``'s at the bottom (by
    default :func:`default_bottom`'s), and who is winning it (or took it, once ``complete``)
    below."""
    paint = palette(colors)
    width, height = 250.0, 250.0
    label = trick_caption(plays, winner, complete=complete)
    svg = root(width, height, label, size=size, kind="trick-image", style=style)
    felt(svg, width, height, paint)
    seat_places = places(default_bottom(players) if bottom is None else bottom, players)
    for seat, place in seat_places.items():
        dx, dy = _TRICK_OFFSETS[place]
        x, y = width / 2 + dx * 1.9, height / 2 - 6 + dy * 2.1 + 4
        text(svg, x, y, seat.name, size=12, fill=paint["muted text"], anchor="middle", bold=True)
    svg.append(trick_element(plays, winner, seat_places, width / 2, height / 2 - 6, paint))
    text(svg, width / 2, height - 6, label, size=12, fill=paint["text"], anchor="middle")
    return serialized(svg)


def trick_caption(
    plays: Sequence[tuple[Seat, Card]], winner: Seat | None, *, complete: bool
) -> str:
    """``East took it``, ``East winning``, or ``No card played yet``."""
    if winner is None or not plays:
        return "No card played yet"
    return f"{winner.full_name} {'took it' if complete else 'winning'}"


def deal_image(
    hands: Sequence[Sequence[Card]],
    *,
    bottom: Seat | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """The hands of a deal round the table, each face up with its seat's name."""
    paint = palette(colors)
    players = len(hands)
    width, height = 700.0, 330.0 if players == 2 else 400.0
    label = "A deal: " + "; ".join(
        f"{Seat(seat).full_name} {len(cards)} cards" for seat, cards in enumerate(hands)
    )
    svg = root(width, height, label, size=size, kind="deal-image", style=style)
    felt(svg, width, height, paint)
    at_bottom = default_bottom(players) if bottom is None else bottom
    for seat, place in places(at_bottom, players).items():
        cards = hands[seat]
        step = step_for(len(cards), 290)
        x, y = _deal_spot(place, fan_width(len(cards), step), width, height)
        group = ET.SubElement(svg, "g", values(class_="seat", data_seat=seat.name))
        group.set("data-position", place)
        text(group, x, y - 6, seat.full_name, fill=paint["text"], bold=True)
        group.append(hand_element(cards, x, y, paint, step=step))
    return serialized(svg)


def _deal_spot(place: str, fan: float, width: float, height: float) -> tuple[float, float]:
    """Where a hand of a deal picture starts."""
    if place == "bottom":
        return (width - fan) / 2, height - CARD_HEIGHT - 12
    if place == "top":
        return (width - fan) / 2, 28
    middle = height / 2 - CARD_HEIGHT / 2 + 10
    return (14, middle) if place == "left" else (width - fan - 14, middle)


def felt(svg: ET.Element, width: float, height: float, colors: Mapping[str, str]) -> None:
    """The table's cloth, under everything."""
    ET.SubElement(
        svg,
        "rect",
        values(
            class_="felt",
            width=width,
            height=height,
            rx=14,
            fill=colors["felt"],
            stroke=colors["felt border"],
            stroke_width=4,
        ),
    )
