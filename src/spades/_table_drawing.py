"""The table as an SVG picture: every seat round the cloth with its cards (face up, or face down
with a count), its bid and tricks taken, the dealer and whose turn it is; the scores and bags, the
trick in progress and who is winning it, the last trick, spades broken or not, the exchange and
the draw.

:func:`table_image` draws anything :class:`~spades.render.TableLike` (a
:class:`~spades.state.GameState` or a :class:`~spades.views.SeatView`) from the hands it is
given, as :func:`spades.render.draw_table` writes it as text, and with the same sentences.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple, Protocol

from . import _drawing as draw
from ._text import plural
from .actions import bid_text
from .cards import Card
from .hands import Hand
from .phase import Phase
from .render import TableLike, draw_text, heading_text, scored_text, side_texts, spades_text
from .rules import Deck
from .seats import Seat
from .tricks import Trick, card_order, suit_played

__all__: list[str] = []

#: The table's size, in the units of its ``viewBox``.
WIDTH: Final = 860
HEIGHT: Final = 640
#: The middle of the cloth, where the trick is played.
_CX: Final = WIDTH / 2
_CY: Final = 318
#: The widest a side seat's (left, right) fan may be, and a top or bottom one.
_SIDE_FAN: Final = 236
_WIDE_FAN: Final = 420
#: Where each place's label sits (its fan starts 8 below it).
_LABEL_Y: Final[Mapping[str, float]] = {"top": 104, "bottom": 536, "left": 284, "right": 284}


class Seen(NamedTuple):
    """What a table picture shows of one seat: its cards face up (a :class:`Hand`) or how many
    it holds face down, and its discards (the cards, or how many)."""

    #: The cards, or the number of cards face down.
    cards: Hand | int
    #: The cards it discarded face down this hand, or how many; 0 for none.
    discards: Hand | int = 0


class WholeTable(TableLike, Protocol):
    """What :func:`whole_table_image` reads: a :class:`~spades.state.GameState`."""

    @property
    def holdings(self) -> tuple[Hand, ...]:
        """See :attr:`GameState.holdings <spades.state.GameState.holdings>`."""
        ...

    @property
    def discards(self) -> tuple[Hand, ...]:
        """See :attr:`GameState.discards <spades.state.GameState.discards>`."""
        ...

    @property
    def exchanges(self) -> tuple[tuple[Seat, Hand], ...]:
        """See :attr:`GameState.exchanges <spades.state.GameState.exchanges>`."""
        ...


class SeatTable(TableLike, Protocol):
    """What :func:`seat_table_image` reads: a :class:`~spades.views.SeatView`."""

    @property
    def seat(self) -> Seat:
        """See :attr:`SeatView.seat <spades.views.SeatView.seat>`."""
        ...

    @property
    def hand(self) -> Hand:
        """See :attr:`SeatView.hand <spades.views.SeatView.hand>`."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """See :attr:`SeatView.hand_sizes <spades.views.SeatView.hand_sizes>`."""
        ...

    @property
    def discards(self) -> Hand:
        """See :attr:`SeatView.discards <spades.views.SeatView.discards>`."""
        ...

    @property
    def exchanges(self) -> tuple[tuple[Seat, Hand | int], ...]:
        """See :attr:`SeatView.exchanges <spades.views.SeatView.exchanges>`."""
        ...


class Options(NamedTuple):
    """How a table is drawn, as :func:`spades.svg.table` takes it (already checked)."""

    #: The seat at the bottom; None for the view's seat, or South (North at a table of two).
    bottom: Seat | None = None
    #: The cards to raise, as a mask.
    legal: int = 0
    #: Whether the last completed trick shows in a corner.
    last_trick: bool = True
    #: The picture's width in pixels; None for no size.
    size: int | None = None
    #: Colours over the defaults, by name.
    colors: Mapping[str, str] | None = None
    #: A CSS stylesheet to put in the picture.
    style: str | None = None
    #: A short text to mark on cards in the hands, by card index (such as its double-dummy
    #: value); None for none.
    labels: Mapping[int, str] | None = None


#: The options a table is drawn with when none is given (a notebook's picture).
DEFAULTS: Final = Options()


def whole_table_image(state: WholeTable, options: Options = DEFAULTS) -> str:
    """Every hand face up, as the whole state holds them."""
    discards = state.discards
    seen = [
        Seen(hand, discards[seat] if discards else 0) for seat, hand in enumerate(state.holdings)
    ]
    bottom = options.bottom
    if bottom is None:
        bottom = draw.default_bottom(state.rules.players)
    return table_image(state, seen, bottom, state.exchanges, options, None)


def seat_table_image(view: SeatTable, options: Options = DEFAULTS) -> str:
    """One seat's hand face up, every other as a count of cards face down."""
    me = view.seat
    counts = view.discard_counts
    seen = [
        Seen(view.hand, view.discards) if seat == me else Seen(size, counts[seat] if counts else 0)
        for seat, size in enumerate(view.hand_sizes)
    ]
    bottom = me if options.bottom is None else options.bottom
    return table_image(view, seen, bottom, view.exchanges, options, me)


def played_order(hand: Hand, deck: Deck) -> list[Card]:
    """``hand``'s cards as a player holds them: by the suit each plays as under ``deck``
    (spades, hearts, diamonds, clubs), high to low."""
    return sorted(hand, key=lambda card: (suit_played(card, deck), card_order(card, deck)))[::-1]


def table_image(
    table: TableLike,
    seen: Sequence[Seen],
    bottom: Seat,
    exchanges: Sequence[tuple[Seat, Hand | int]],
    options: Options,
    viewer: Seat | None,
) -> str:
    """The whole table: ``seen[seat]`` says what is shown of each seat, ``bottom`` sits at the
    bottom, the cards in the mask ``options.legal`` are raised, and the last completed trick
    shows in a corner unless ``options.last_trick`` is False. ``viewer`` is the seat whose view
    this is (None for the whole table), for the picture's label."""
    paint = draw.palette(options.colors)
    size, style, legal = options.size, options.style, options.legal
    heading = heading_text(table)
    whose = "The table" if viewer is None else f"{viewer.full_name}'s view of the table"
    svg = draw.root(WIDTH, HEIGHT, f"{whose}. {heading}", size=size, kind="table", style=style)
    svg.set("data-phase", table.phase.value)
    if viewer is not None:
        svg.set("data-viewer", viewer.name)
    draw.felt(svg, WIDTH, HEIGHT, paint)
    svg.append(_panel(table, heading, exchanges, paint))
    seat_places = draw.places(bottom, table.rules.players)
    for seat, place in seat_places.items():
        svg.append(_seat(table, seat, place, seen[seat], legal, paint, options.labels))
    svg.append(_middle(table, seen, seat_places, paint))
    if options.last_trick and table.completed_tricks and table.phase is not Phase.DEAL:
        svg.append(_last_trick(table.completed_tricks[-1], seat_places, paint))
    return draw.serialized(svg)


# -- the panel of facts --------------------------------------------------------------------------


def _panel(
    table: TableLike,
    heading: str,
    exchanges: Sequence[tuple[Seat, Hand | int]],
    colors: Mapping[str, str],
) -> ET.Element:
    """The heading, each side's score and bags (with its contract and tricks once bid), spades
    broken or not, and the exchange."""
    group = ET.Element("g", draw.values(class_="panel"))
    draw.text(group, 16, 26, heading, size=14, fill=colors["text"], bold=True, kind="heading")
    y = 46.0
    for index, (side, line) in enumerate(zip(table.rules.sides, side_texts(table))):
        data = {
            "side": str(side),
            "score": str(table.scores[index]),
            "bags": str(table.bags[index]),
        }
        draw.text(group, 16, y, line, fill=colors["text"], kind="score", data=data)
        y += 18
    facts = [_spades_fact(table), *(_exchange_text(giver, cards) for giver, cards in exchanges)]
    for fact in facts:
        if fact:
            draw.text(group, 16, y, fact, size=12, fill=colors["muted text"], kind="fact")
            y += 16
    return group


def _spades_fact(table: TableLike) -> str:
    """Spades broken or not, during the play."""
    if table.phase is Phase.PLAY:
        return spades_text(table).capitalize() + "."
    return ""


def _exchange_text(giver: Seat, cards: Hand | int) -> str:
    """One pass of the nil exchange: the cards when they are shown, else how many."""
    if isinstance(cards, Hand):
        shown = " ".join(card.to_text(unicode=True) for card in cards)
        return f"{giver.full_name} passed {shown or 'no cards'} to {giver.partner.full_name}."
    return f"{giver.full_name} passed {plural(cards, 'card')} to {giver.partner.full_name}."


# -- the seats -----------------------------------------------------------------------------------


def _seat(
    table: TableLike,
    seat: Seat,
    place: str,
    seen: Seen,
    legal: int,
    colors: Mapping[str, str],
    labels: Mapping[int, str] | None = None,
) -> ET.Element:
    """One seat: its name and facts on a line, its cards under it."""
    cards = seen.cards
    count = len(cards) if isinstance(cards, Hand) else cards
    facts = _seat_facts(table, seat, seen)
    acting = seat is table.to_act
    group = ET.Element(
        "g",
        draw.values(
            class_="seat to-act" if acting else "seat",
            role="group",
            aria_label=f"{seat.full_name}: {', '.join(facts[1:])}",
            data_seat=seat.name,
            data_position=place,
            data_bid=bid_text(table.bids[seat]) if table.phase is not Phase.DEAL else None,
            data_tricks=str(table.trick_counts[seat]),
            data_cards=str(count),
            data_dealer="true" if seat is table.dealer else None,
            data_to_act="true" if acting else None,
        ),
    )
    fan_room = _SIDE_FAN if place in ("left", "right") else _WIDE_FAN
    step = draw.step_for(count, fan_room) if isinstance(cards, Hand) else draw.CARD_STEP / 2
    fan = max(draw.fan_width(count, step), draw.CARD_WIDTH)
    x = _fan_x(place, fan)
    y = _LABEL_Y[place]
    _label(group, place, x, fan, "  \u00b7  ".join(facts), acting, colors)
    if isinstance(cards, Hand):
        order = played_order(cards, table.rules.deck)
        group.append(
            draw.hand_element(
                order, x, y + 8 + draw.LIFT, colors, step=step, legal=legal, card_labels=labels
            )
        )
    else:
        group.append(draw.backs_element(cards, x, y + 8 + draw.LIFT, colors, step=step))
    return group


def _label(
    group: ET.Element,
    place: str,
    x: float,
    fan: float,
    label: str,
    acting: bool,
    colors: Mapping[str, str],
) -> None:
    """A seat's line of facts over its fan: centred at the top and the bottom, from the edge
    at the sides; picked out when the seat is to act."""
    anchor = {"left": "start", "right": "end"}.get(place, "middle")
    spot = {"left": x, "right": x + fan}.get(place, x + fan / 2)
    ink = colors["to act"] if acting else colors["text"]
    y = _LABEL_Y[place]
    draw.text(group, spot, y, label, fill=ink, bold=acting, anchor=anchor, kind="seat-label")


#: The phases in which the bids are made or known, and in which tricks are taken.
_BID_PHASES: Final = (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER)
_TRICK_PHASES: Final = (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER)


def _seat_facts(table: TableLike, seat: Seat, seen: Seen) -> list[str]:
    """A seat's name, then what the table knows of it: dealer, bid, tricks, discards, turn."""
    facts = [seat.full_name]
    if seat is table.dealer:
        facts.append("dealer")
    if table.phase in _BID_PHASES:
        facts.append(f"bid {bid_text(table.bids[seat])}")
    if table.phase in _TRICK_PHASES:
        facts.append(f"took {table.trick_counts[seat]}")
    cards = seen.cards
    if not isinstance(cards, Hand):
        facts.append(plural(cards, "card"))
    discards = seen.discards
    gone = len(discards) if isinstance(discards, Hand) else discards
    if gone:
        shown = ""
        if isinstance(discards, Hand):
            shown = " (" + " ".join(card.to_text(unicode=True) for card in discards) + ")"
        facts.append(f"discarded {gone}{shown}")
    if seat is table.to_act:
        facts.append(_turn_text(table.phase))
    return facts


_TURNS: Final[Mapping[Phase, str]] = {
    Phase.DRAW: "to draw",
    Phase.BURY: "to discard",
    Phase.BIDDING: "to bid",
    Phase.EXCHANGE: "to pass",
    Phase.PLAY: "to play",
}


def _turn_text(phase: Phase) -> str:
    return _TURNS.get(phase, "to act")


def _fan_x(place: str, fan: float) -> float:
    """Where a seat's fan starts: centred at the top and bottom, at the edge at the sides."""
    if place == "left":
        return 18
    if place == "right":
        return WIDTH - 18 - fan
    return (WIDTH - fan) / 2


# -- the middle: the trick, the draw, the bidding -------------------------------------------------


def _middle(
    table: TableLike,
    seen: Sequence[Seen],
    seat_places: Mapping[Seat, str],
    colors: Mapping[str, str],
) -> ET.Element:
    """What lies in the middle of the cloth: the trick in play, the stock and the card drawn,
    or a line saying what is next."""
    group = ET.Element("g", draw.values(class_="middle"))
    phase = table.phase
    caption = ""
    trick = table.current_trick
    if phase is Phase.PLAY and trick is not None:
        plays = trick.plays
        winner = trick.winner
        group.append(draw.trick_element(plays, winner, seat_places, _CX, _CY, colors))
        caption = draw.trick_caption(plays, winner, complete=False) if plays else ""
        if not plays and table.to_act is not None:
            caption = f"{table.to_act.full_name} to lead"
    elif phase is Phase.DRAW:
        caption = _draw_middle(table, seen, group, colors)
    elif phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        caption = scored_text(table)
    elif phase is Phase.DEAL:
        caption = "Waiting for the deal."
    elif table.to_act is not None:
        caption = f"{table.to_act.full_name} {_turn_text(phase)}"
    if caption:
        draw.text(
            group, _CX, _CY + 104, caption, fill=colors["text"], anchor="middle", kind="caption"
        )
    return group


def _draw_middle(
    table: TableLike, seen: Sequence[Seen], group: ET.Element, colors: Mapping[str, str]
) -> str:
    """Two-handed Spades' draw: the stock face down with its count, and the card drawn face up
    where it is shown (face down where it is not)."""
    stock = table.stock_size
    if stock:
        pile = draw.backs_element(min(stock, 6), _CX - 70, _CY - 34, colors, step=2)
        pile.set("class", "stock")
        pile.set("aria-label", f"The stock: {plural(stock, 'card')}")
        pile.set("data-cards", str(stock))
        group.append(pile)
    card = table.drawn_card
    if card is not None:
        face = draw.card_element(card, _CX + 22, _CY - 34, colors)
        face.set("class", "card drawn")
        group.append(face)
    hands = [item.cards for item in seen]
    return draw_text(table, hands, unicode=True)


def _last_trick(
    trick: Trick, seat_places: Mapping[Seat, str], colors: Mapping[str, str]
) -> ET.Element:
    """The last completed trick, small, in the bottom right corner, with who took it."""
    group = ET.Element(
        "g", draw.values(class_="last-trick", transform="translate(690 470) scale(0.55)")
    )
    plays = trick.plays
    winner = trick.winner
    group.append(
        draw.trick_element(plays, winner, seat_places, 150, 120, colors, kind="trick last")
    )
    caption = "Last trick: " + draw.trick_caption(plays, winner, complete=True)
    draw.text(group, 150, 258, caption, size=20, fill=colors["text"], anchor="middle")
    return group
