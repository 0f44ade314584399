"""Scores as SVG pictures: one hand's score, a game's result, and the score sheet of a game so
far (hand by hand: each side's bids, tricks, points, running total and bags).

It reads the scores through the structural types below, so that :mod:`spades.score` (whose
values draw themselves in a notebook) can import it without an import circle.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, NamedTuple, Protocol

from . import _drawing as draw
from ._text import plural
from .actions import Bid, bid_text
from .rules import RuleSet
from .seats import Seat, Side

__all__: list[str] = []


class SideScore(Protocol):
    """One side's score for a hand: a :class:`~spades.score.TeamHandScore`."""

    @property
    def team(self) -> Side:
        """See :attr:`TeamHandScore.team <spades.score.TeamHandScore.team>`."""
        ...

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """See :attr:`TeamHandScore.bids <spades.score.TeamHandScore.bids>`."""
        ...

    @property
    def tricks(self) -> tuple[int, ...]:
        """See :attr:`TeamHandScore.tricks <spades.score.TeamHandScore.tricks>`."""
        ...

    @property
    def points(self) -> int:
        """See :attr:`TeamHandScore.points <spades.score.TeamHandScore.points>`."""
        ...

    @property
    def score_after(self) -> int:
        """See :attr:`TeamHandScore.score_after <spades.score.TeamHandScore.score_after>`."""
        ...

    @property
    def bags_after(self) -> int:
        """See :attr:`TeamHandScore.bags_after <spades.score.TeamHandScore.bags_after>`."""
        ...


class HandScoreLike(Protocol):
    """Every side's score for a hand: a :class:`~spades.score.HandScore`."""

    @property
    def teams(self) -> Sequence[SideScore]:
        """See :attr:`HandScore.teams <spades.score.HandScore.teams>`."""
        ...


class ResultLike(Protocol):
    """How a game ended: a :class:`~spades.score.GameResult` (its text says it in words)."""

    @property
    def winner(self) -> Side | None:
        """See :attr:`GameResult.winner <spades.score.GameResult.winner>`."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """See :attr:`GameResult.scores <spades.score.GameResult.scores>`."""
        ...

    @property
    def sides(self) -> tuple[Side, ...]:
        """See :attr:`GameResult.sides <spades.score.GameResult.sides>`."""
        ...


class PlayedHand(Protocol):
    """A completed hand: a :class:`~spades.tricks.CompletedHand`."""

    @property
    def number(self) -> int:
        """See :attr:`CompletedHand.number <spades.tricks.CompletedHand.number>`."""
        ...

    @property
    def dealer(self) -> Seat:
        """See :attr:`CompletedHand.dealer <spades.tricks.CompletedHand.dealer>`."""
        ...

    @property
    def scores_before(self) -> tuple[int, ...]:
        """See :attr:`CompletedHand.scores_before <spades.tricks.CompletedHand.scores_before>`."""
        ...

    @property
    def bags_before(self) -> tuple[int, ...]:
        """See :attr:`CompletedHand.bags_before <spades.tricks.CompletedHand.bags_before>`."""
        ...

    @property
    def score(self) -> HandScoreLike:
        """See :attr:`CompletedHand.score <spades.tricks.CompletedHand.score>`."""
        ...


class GameLike(Protocol):
    """A game so far: a :class:`~spades.state.GameState` or a :class:`~spades.views.SeatView`."""

    @property
    def rules(self) -> RuleSet:
        """See :attr:`GameState.rules <spades.state.GameState.rules>`."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """See :attr:`GameState.scores <spades.state.GameState.scores>`."""
        ...

    @property
    def bags(self) -> tuple[int, ...]:
        """See :attr:`GameState.bags <spades.state.GameState.bags>`."""
        ...

    @property
    def history(self) -> Sequence[PlayedHand]:
        """See :attr:`GameState.history <spades.state.GameState.history>`."""
        ...

    @property
    def result(self) -> ResultLike | None:
        """See :attr:`GameState.result <spades.state.GameState.result>`."""
        ...


class Cell(NamedTuple):
    """One cell of a grid of text: what it says, and the data attributes it carries."""

    #: The text shown.
    text: str
    #: ``data-*`` attributes, by name without the ``data-`` (``{"side": "NS"}``).
    data: Mapping[str, str] = {}


# -- a grid of text ------------------------------------------------------------------------------

#: A grid's row height and margin.
_ROW: Final = 22
_MARGIN: Final = 10


class Column(NamedTuple):
    """One column of a grid of text: its heading and its width."""

    #: The heading.
    name: str
    #: The width, in the picture's units.
    width: float = 54


def grid_image(
    title: str,
    groups: Sequence[tuple[str, int]],
    columns: Sequence[Column],
    rows: Iterable[Sequence[Cell]],
    *,
    footer: str = "",
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """A table of text, as a score sheet is: a title, a row of group headings (each spanning
    its number of columns after the first), the columns' headings, the rows, and a footer line.
    The first column's text starts at its left; the others' are centred."""
    paint = draw.palette(colors)
    body = list(rows)
    lefts = [float(_MARGIN)]
    for column in columns:
        lefts.append(lefts[-1] + column.width)
    # (text about 7 units a letter: a long title or footer widens the sheet)
    width = max(lefts[-1] + _MARGIN, 7 * max(len(title), len(footer)) + 2 * _MARGIN)
    height = 2 * _MARGIN + _ROW * (len(body) + 3 + (1 if footer else 0))
    svg = draw.root(width, height, title, size=size, kind="sheet", style=style)
    ET.SubElement(svg, "rect", draw.values(width=width, height=height, fill=paint["sheet"]))
    ink = paint["sheet text"]
    draw.text(svg, _MARGIN, _MARGIN + 15, title, size=14, fill=ink, bold=True, kind="title")
    top = _MARGIN + _ROW
    ET.SubElement(
        svg,
        "rect",
        draw.values(
            x=_MARGIN, y=top, width=width - 2 * _MARGIN, height=2 * _ROW, fill=paint["sheet head"]
        ),
    )
    place = 1
    for name, span in groups:
        middle = (lefts[place] + lefts[place + span]) / 2
        draw.text(svg, middle, top + 15, name, size=12, fill=ink, anchor="middle", bold=True)
        place += span
    spots = [_cell_spot(lefts, place) for place in range(len(columns))]
    for (x, anchor), column in zip(spots, columns):
        draw.text(svg, x, top + _ROW + 15, column.name, size=11, fill=ink, anchor=anchor, bold=True)
    for line, row in enumerate(body):
        y = top + _ROW * (line + 2)
        _rule(svg, y, width, paint)
        group = ET.SubElement(svg, "g", draw.values(class_="row"))
        for (x, anchor), cell in zip(spots, row):
            draw.text(group, x, y + 15, cell.text, size=12, fill=ink, anchor=anchor, data=cell.data)
    if footer:
        y = top + _ROW * (len(body) + 2)
        _rule(svg, y, width, paint)
        draw.text(svg, _MARGIN + 4, y + 16, footer, size=12, fill=ink, bold=True, kind="footer")
    return draw.serialized(svg)


def _cell_spot(lefts: Sequence[float], place: int) -> tuple[float, str]:
    """Where the text of a grid's column ``place`` is anchored, and how."""
    if place == 0:
        return lefts[0] + 4, "start"
    return (lefts[place] + lefts[place + 1]) / 2, "middle"


def _rule(svg: ET.Element, y: float, width: float, colors: Mapping[str, str]) -> None:
    ET.SubElement(
        svg,
        "line",
        draw.values(
            x1=_MARGIN,
            y1=y,
            x2=width - _MARGIN,
            y2=y,
            stroke=colors["sheet rule"],
            stroke_width=0.5,
        ),
    )


# -- scores --------------------------------------------------------------------------------------

#: A side's columns on a score sheet, after the first.
SIDE_COLUMNS: Final = (
    Column("Bids", 96),
    Column("Took", 44),
    Column("Points", 56),
    Column("Total", 56),
    Column("Bags", 44),
)
_COLUMN_KEYS: Final = ("bids", "took", "points", "total", "bags")


def side_cells(side: SideScore, hand: int | None = None) -> list[Cell]:
    """One side's cells for one hand: its bids (``4 + 3``), tricks taken, points, total and
    bags, each carrying ``data-side``, ``data-column`` and (given ``hand``) ``data-hand``."""
    texts = (
        " + ".join(bid_text(bid) for bid in side.bids),
        str(sum(side.tricks)),
        f"{side.points:+d}",
        str(side.score_after),
        str(side.bags_after),
    )
    return [Cell(text, _data(side.team, key, hand)) for text, key in zip(texts, _COLUMN_KEYS)]


def _data(side: Side, column: str, hand: int | None) -> dict[str, str]:
    data = {"side": str(side), "column": column}
    if hand is not None:
        data["hand"] = str(hand)
    return data


def hand_score_image(
    score: HandScoreLike,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """One hand's score: a row per side."""
    rows = [
        [Cell(str(side.team), {"side": str(side.team)}), *side_cells(side)] for side in score.teams
    ]
    points = ", ".join(f"{side.team} {side.points:+d}" for side in score.teams)
    return grid_image(
        f"Hand score: {points}",
        (),
        (Column("Side", 56), *SIDE_COLUMNS),
        rows,
        size=size,
        colors=colors,
        style=style,
    )


def result_image(
    result: ResultLike,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """A game's result: each side's final total, the winner marked, and the result in words."""
    rows = [
        [
            Cell(str(side), {"side": str(side)}),
            Cell(str(total), _data(side, "total", None)),
            Cell("wins" if side == result.winner else "", _data(side, "result", None)),
        ]
        for side, total in zip(result.sides, result.scores)
    ]
    columns = (Column("Side", 56), Column("Total", 64), Column("Result", 64))
    return grid_image(
        "Game over", (), columns, rows, footer=str(result), size=size, colors=colors, style=style
    )


def sheet_image(
    game: GameLike,
    *,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """The score sheet of a game so far: the totals it started from, then a row per hand (its
    number and dealer, and for each side its bids, tricks, points, total and bags), and the
    result or the totals now."""
    sides = game.rules.sides
    history = game.history
    first = history[0] if history else None
    start_scores = first.scores_before if first is not None else game.scores
    start_bags = first.bags_before if first is not None else game.bags
    start = [Cell("Start", {"hand": "start"}), Cell("")]
    for side, total, bags in zip(sides, start_scores, start_bags):
        start += [Cell(""), Cell(""), Cell("")]
        start += [
            Cell(str(total), _data(side, "total", 0)),
            Cell(str(bags), _data(side, "bags", 0)),
        ]
    rows = [start]
    for done in history:
        row = [Cell(str(done.number), {"hand": str(done.number)}), Cell(done.dealer.name)]
        for scored in done.score.teams:
            row += side_cells(scored, done.number)
        rows.append(row)
    columns = [Column("Hand", 48), Column("Dealer", 50)]
    for _side in sides:
        columns += SIDE_COLUMNS
    groups = [("", 1), *((str(side), len(SIDE_COLUMNS)) for side in sides)]
    result = game.result
    now = ", ".join(f"{side} {total}" for side, total in zip(sides, game.scores))
    footer = str(result) if result is not None else f"Now: {now}."
    hands = len(history)
    title = f"Score sheet: {plural(hands, 'hand')} played"
    return grid_image(
        title, groups, columns, rows, footer=footer, size=size, colors=colors, style=style
    )
