"""Pictures in SVG: a card, a hand, a trick, a deal, the table and the score sheet.

Each function returns an :class:`SvgImage`, SVG text that a notebook shows as the picture and a
web page embeds as it is. The drawings are built with the standard library
(:mod:`xml.etree.ElementTree`) and say what they show in words: the picture has ``role="img"``,
an ``aria-label`` and a ``<title>``; every card face up is a group with the card's name as its
``<title>`` and ``aria-label`` and its text in ``data-card`` (``data-card="As"``), so a front-end
can find it and make it clickable; a card face down has neither. A seat's group on the table
carries ``data-seat``, ``data-position`` (``bottom``, ``left``, ``top``, ``right``),
``data-bid``, ``data-tricks`` and ``data-cards``; a score line ``data-side``, ``data-score`` and
``data-bags``; a card that may be played has the class ``legal``, and the card winning a trick the
class ``winning``.

A :class:`~spades.state.GameState`, a :class:`~spades.views.SeatView`, a
:class:`~spades.hands.Hand`, a :class:`~spades.actions.Deal`, a :class:`~spades.tricks.Trick`, a
:class:`~spades.score.HandScore` and a :class:`~spades.score.GameResult` draw themselves in a
notebook with these same drawings, at their defaults.

>>> from spades import Deal, apply, new_game, view
>>> from spades import svg
>>> deal = Deal(('T74.J85.J85.AK32', '963.AKQ2.T74.J97', '852.T74.AKQ2.T86', 'AKQJ.963.963.Q54'))
>>> state = apply(new_game('standard'), deal)
>>> picture = svg.table(view(state, 'S'), legal=True)
>>> picture.count('data-card='), picture.count('class="card back"')
(13, 39)
>>> 'data-card="As"' in svg.card('As')
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from . import _drawing as draw
from . import _table_drawing as tables
from ._score_drawing import hand_score_image, result_image, sheet_image
from ._text import exact_int, quote
from .actions import Bury, Deal, Exchange, Play
from .cards import Card
from .errors import NotationError
from .hands import Hand
from .legality import legal_actions
from .rules import Deck
from .score import GameResult, HandScore
from .seats import Seat, seat_at
from .state import GameState
from .tricks import Trick
from .views import SeatView

__all__ = [
    "COLOR_NAMES",
    "SvgImage",
    "card",
    "deal",
    "game_result",
    "hand",
    "hand_score",
    "score_sheet",
    "table",
    "trick",
]

#: The names of the colours a caller may set (``colors={"felt": "#234"}``), each with its default.
COLOR_NAMES: Final = tuple(draw.DEFAULT_COLORS)


class SvgImage(str):
    """An SVG picture: its text (a :class:`str`), which a notebook shows as the picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def card(
    card: Card | str,
    *,
    legal: bool = False,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """One card face up (``'As'``, ``'BJ'``); raised and outlined when ``legal``.

    ``size`` is the width in pixels (None leaves it to the page); ``colors`` sets any of
    :data:`COLOR_NAMES`; ``style`` is a CSS stylesheet put in the picture. A card that is not one
    is a :class:`~spades.errors.NotationError`, and so is a bad option.
    """
    face = Card(card)
    return SvgImage(
        draw.card_image(
            face, legal=legal is True, size=_size(size), colors=_colors(colors), style=_style(style)
        )
    )


def hand(
    cards: Hand | Iterable[Card | str] | str,
    *,
    deck: Deck | str | None = None,
    legal: Iterable[Card | str] | str = (),
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """A hand fanned as it prints (spades, hearts, diamonds, clubs, high to low, the jokers
    first), or given a ``deck``, as a player holds it under that deck: by the suit each card
    plays as (under ``jjdd`` the two of diamonds with the spades), high to low. The cards in
    ``legal`` are raised and outlined.

    ``cards`` and ``legal`` are anything :class:`~spades.hands.Hand` reads
    (``'AKQ7.T9.J842.53'``, ``'As Kh'``, a list of cards); ``deck`` is a
    :class:`~spades.rules.Deck` or its name (anything else is a
    :class:`~spades.errors.RuleSetError`). The other options are as for :func:`card`.
    """
    held = cards if isinstance(cards, Hand) else Hand(cards)
    order = list(held) if deck is None else tables.played_order(held, Deck(deck))
    mask = _legal_mask(legal)
    return SvgImage(
        draw.hand_image(
            order, legal=mask, size=_size(size), colors=_colors(colors), style=_style(style)
        )
    )


def trick(
    trick: Trick,
    *,
    orientation: Seat | str | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """A trick, each card toward the seat that played it (``orientation`` at the bottom), the
    card winning it outlined, and who is winning it (or took it, once complete) under it.

    The seat at the bottom is South by default (North at a table of two), and must play at the
    trick's table; the other options are as for :func:`card`.
    """
    if not isinstance(trick, Trick):
        raise TypeError(f"trick() takes a Trick; a {type(trick).__name__} is not one.")
    bottom = None if orientation is None else seat_at(orientation, trick.players)
    return SvgImage(
        draw.trick_image(
            trick.plays,
            trick.winner,
            trick.players,
            complete=trick.is_complete,
            bottom=bottom,
            size=_size(size),
            colors=_colors(colors),
            style=_style(style),
        )
    )


def deal(
    deal: Deal,
    *,
    orientation: Seat | str | None = None,
    deck: Deck | str | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """The hands of a deal face up round the table, ``orientation`` at the bottom (as for
    :func:`trick`), each sorted as :func:`hand` sorts it (under ``deck`` when given)."""
    if not isinstance(deal, Deal):
        raise TypeError(f"deal() takes a Deal; a {type(deal).__name__} is not one.")
    kind = None if deck is None else Deck(deck)
    hands = [list(held) if kind is None else tables.played_order(held, kind) for held in deal.hands]
    bottom = None if orientation is None else seat_at(orientation, len(hands))
    return SvgImage(
        draw.deal_image(
            hands, bottom=bottom, size=_size(size), colors=_colors(colors), style=_style(style)
        )
    )


def table(
    table: GameState | SeatView,
    *,
    orientation: Seat | str | None = None,
    legal: bool | Iterable[Card | str] | str = False,
    last_trick: bool = True,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
    labels: Mapping[Card | str, object] | None = None,
) -> SvgImage:
    """The table: every seat round the cloth with its cards, its bid and tricks taken, the
    dealer and whose turn it is; the scores and bags, spades broken or not, the exchange, the
    draw, the trick in progress and who is winning it, and the last trick.

    A :class:`~spades.state.GameState` shows every hand face up; a seat's
    :class:`~spades.views.SeatView` shows that seat's hand and every other as cards face down
    with their count, and nothing the seat cannot see. ``orientation`` is the seat at the
    bottom: by default the view's seat, or South (North at a table of two) for a state.
    ``legal=True`` raises the cards the seat to act may play, pass or discard now (those of
    :func:`~spades.legality.legal_actions`, or of the view's
    :attr:`~spades.views.SeatView.legal_actions`, which are empty when it is another seat's
    turn); ``legal`` may also name the cards to raise. ``last_trick=False`` leaves out the last
    completed trick in the corner. ``labels`` marks cards in the hands with a short text in
    their bottom corner (and ``data-label``), such as their double-dummy values
    (:mod:`spades.analysis`): ``{'As': 3, 'Kh': 2}``. The other options are as for :func:`card`.
    """
    if not isinstance(table, (GameState, SeatView)):
        raise TypeError(
            f"table() takes a GameState or a SeatView; a {type(table).__name__} is neither."
        )
    if legal is True:
        actions = legal_actions(table) if isinstance(table, GameState) else table.legal_actions
        mask = _action_cards(actions)
    else:
        mask = 0 if legal is False else _legal_mask(legal)
    options = tables.Options(
        bottom=None if orientation is None else seat_at(orientation, table.rules.players),
        legal=mask,
        last_trick=last_trick is not False,
        size=_size(size),
        colors=_colors(colors),
        style=_style(style),
        labels=_labels(labels),
    )
    if isinstance(table, GameState):
        return SvgImage(tables.whole_table_image(table, options))
    return SvgImage(tables.seat_table_image(table, options))


def score_sheet(
    game: GameState | SeatView,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """The score sheet of the game so far: the totals it started from, then a row per completed
    hand (its number and dealer, and for each side its bids, tricks taken, points, running total
    and bags), and the result (or the totals now) under it. A cell carries ``data-hand``,
    ``data-side`` and ``data-column`` (``bids``, ``took``, ``points``, ``total``, ``bags``). The
    options are as for :func:`card`."""
    if not isinstance(game, (GameState, SeatView)):
        raise TypeError(
            f"score_sheet() takes a GameState or a SeatView; a {type(game).__name__} is neither."
        )
    return SvgImage(
        sheet_image(game, size=_size(size), colors=_colors(colors), style=_style(style))
    )


def hand_score(
    score: HandScore,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """One hand's score (a :class:`~spades.score.HandScore`): a row per side with its bids,
    tricks taken, points, total and bags. The options are as for :func:`card`."""
    if not isinstance(score, HandScore):
        raise TypeError(f"hand_score() takes a HandScore; a {type(score).__name__} is not one.")
    return SvgImage(
        hand_score_image(score, size=_size(size), colors=_colors(colors), style=_style(style))
    )


def game_result(
    result: GameResult,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """How a game ended (a :class:`~spades.score.GameResult`): each side's final total, the
    winner marked, and the result in words. The options are as for :func:`card`."""
    if not isinstance(result, GameResult):
        raise TypeError(f"game_result() takes a GameResult; a {type(result).__name__} is not one.")
    return SvgImage(
        result_image(result, size=_size(size), colors=_colors(colors), style=_style(style))
    )


# -- checking the options -------------------------------------------------------------------------


def _action_cards(actions: Iterable[object]) -> int:
    """The cards the actions play, pass or discard, as a mask."""
    mask = 0
    for action in actions:
        if isinstance(action, Play):
            mask |= action.card.mask
        elif isinstance(action, (Exchange, Bury)):
            mask |= action.cards.mask
    return mask


def _legal_mask(cards: object) -> int:
    if isinstance(cards, Hand):
        return cards.mask
    return Hand(cards).mask  # type: ignore[arg-type]


def _size(value: object) -> int | None:
    if value is None:
        return None
    number = exact_int(value)
    if number is None or number < 1 or isinstance(value, bool):
        raise NotationError(
            f"A picture's size is a whole number of pixels above 0 (or None), not {quote(value)}.",
            token=quote(value),
            reason="bad_drawing",
        )
    return number


def _colors(value: object) -> dict[str, str] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise NotationError(
            f"A picture's colors are a mapping of colour names to colours, not {quote(value)}.",
            token=quote(value),
            reason="bad_drawing",
        )
    for name, color in value.items():
        if name not in draw.DEFAULT_COLORS:
            raise NotationError(
                f"{quote(name)} is not a colour of the pictures; the names are "
                f"{', '.join(COLOR_NAMES)}.",
                token=quote(name),
                reason="bad_drawing",
            )
        if not isinstance(color, str) or not color.strip():
            raise NotationError(
                f"The colour {quote(name)} is a colour's text such as '#1f6e43', not "
                f"{quote(color)}.",
                token=quote(color),
                reason="bad_drawing",
            )
    return dict(value)


def _style(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise NotationError(
        f"A picture's style is CSS text (or None), not {quote(value)}.",
        token=quote(value),
        reason="bad_drawing",
    )


def _labels(value: object) -> dict[int, str] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise NotationError(
            f"A picture's labels are a mapping of cards to short texts, not {quote(value)}.",
            token=quote(value),
            reason="bad_drawing",
        )
    found: dict[int, str] = {}
    for key, text in value.items():
        card = key if isinstance(key, Card) else Card(key)  # a card that is no card is refused
        shown = str(text)
        if not shown or len(shown) > 4:
            raise NotationError(
                f"A card's label is a short text of 1 to 4 characters, not {quote(text)}.",
                token=quote(text),
                reason="bad_drawing",
            )
        found[card.index] = shown
    return found
