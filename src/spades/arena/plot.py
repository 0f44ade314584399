"""A picture of matches: each pairing's points per hand (A minus B) with its 95% interval, as an
SVG drawing built with the standard library's XML tools, its axis, labels and values as text.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from typing import TypeGuard

from ..errors import SpadesError
from .results import MatchResult

__all__ = ["pairing_label", "points_per_hand_svg", "value_label"]

_SVG = "http://www.w3.org/2000/svg"

#: The drawing's geometry, in pixels: the width, the label column on the left, the margin on the
#: right, the title band, a row per pairing and the axis band below.
_WIDTH = 760
_LEFT = 250
_RIGHT = 40
_TOP = 56
_ROW = 44
_BOTTOM = 64
_FONT = "font-family:sans-serif;font-size:13px"
_SMALL = "font-family:sans-serif;font-size:11px"


def _finite(value: float | None) -> TypeGuard[float]:
    return value is not None and math.isfinite(value)


def _signed(value: float | None) -> str:
    return f"{value:+.1f}" if value is not None and math.isfinite(value) else "?"


def pairing_label(result: MatchResult) -> str:
    """A row's label: ``A hard vs B medium``."""
    return f"A {result.a.name} vs B {result.b.name}"


def value_label(result: MatchResult) -> str:
    """A row's numbers, as :class:`~spades.arena.MatchResult` prints them:
    ``+19.7 (95% interval +16.6 to +22.8)``, or ``+3.0 (no interval)``."""
    estimate = result.points_per_hand
    if not (_finite(estimate.low) and _finite(estimate.high)):
        return f"{_signed(estimate.value)} (no interval)"
    return (
        f"{_signed(estimate.value)} (95% interval {_signed(estimate.low)} to "
        f"{_signed(estimate.high)})"
    )


def _nice_step(span: float) -> float:
    """A tick step of 1, 2 or 5 times a power of ten that cuts ``span`` into about 5 parts."""
    rough = span / 5
    power = 10.0 ** math.floor(math.log10(rough))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= rough)


def _axis_ends(results: Sequence[MatchResult]) -> tuple[float, float, float]:
    """The axis' two ends and its tick step: every value, every interval end and zero on it."""
    ends = [0.0]
    for result in results:
        estimate = result.points_per_hand
        ends += [v for v in (estimate.value, estimate.low, estimate.high) if _finite(v)]
    low, high = min(ends), max(ends)
    step = _nice_step(high - low if high > low else 10.0)
    return math.floor(low / step) * step, max(math.ceil(high / step), 1) * step, step


def _tick_text(value: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step)))
    return f"{value:+.{decimals}f}" if value else "0"


def _add(parent: ET.Element, tag: str, text: str | None = None, **attributes: object) -> None:
    """A child element; an attribute's ``_`` is written ``-`` (``text_anchor``)."""
    names = {key.replace("_", "-"): str(value) for key, value in attributes.items()}
    child = ET.SubElement(parent, tag, names)
    if text is not None:
        child.text = text


def _draw_axis(
    svg: ET.Element, ends: tuple[float, float, float], x: Callable[[float], float], y: float
) -> None:
    """The axis along the bottom: its ticks with their values, the zero line and its label."""
    low, high, step = ends
    _add(svg, "line", x1=x(low), y1=y, x2=x(high), y2=y, stroke="black")
    for number in range(round((high - low) / step) + 1):
        value = low + number * step
        _add(svg, "line", x1=x(value), y1=y, x2=x(value), y2=y + 5, stroke="black")
        text = _tick_text(value, step)
        _add(svg, "text", text, x=x(value), y=y + 19, text_anchor="middle", style=_SMALL)
    _add(svg, "line", x1=x(0), y1=_TOP - 8, x2=x(0), y2=y, stroke="#999", stroke_dasharray="4 3")
    label = "A minus B, points per hand (95% interval)"
    _add(svg, "text", label, x=x((low + high) / 2), y=y + 44, text_anchor="middle", style=_FONT)


def _draw_row(svg: ET.Element, result: MatchResult, x: Callable[[float], float], y: float) -> None:
    """One pairing: its label on the left, its interval as a bar, its value as a dot, and its
    numbers above them."""
    estimate = result.points_per_hand
    _add(svg, "text", pairing_label(result), x=_LEFT - 12, y=y + 4, text_anchor="end", style=_FONT)
    if estimate.low is not None and estimate.high is not None and _finite(estimate.low):
        low, high = x(estimate.low), x(estimate.high)
        _add(svg, "line", x1=low, y1=y, x2=high, y2=y, stroke="#1f5fa8", stroke_width=3)
        for end in (low, high):
            _add(svg, "line", x1=end, y1=y - 6, x2=end, y2=y + 6, stroke="#1f5fa8", stroke_width=2)
    if _finite(estimate.value):
        _add(svg, "circle", cx=x(estimate.value), cy=y, r=5, fill="#1f5fa8")
    _add(svg, "text", value_label(result), x=_LEFT + 4, y=y - 10, style=_SMALL)


def points_per_hand_svg(results: Sequence[MatchResult], *, title: str | None = None) -> str:
    """An SVG drawing of each match's points per hand, A minus B, with its 95% interval: a row
    per pairing, labelled with the two sides and the numbers, along an axis of points per hand
    with zero marked. The text is XML without a declaration; write it to a ``.svg`` file as
    UTF-8."""
    if not results:
        raise SpadesError("A plot draws at least one match result, not none.", reason="no_results")
    ends = _axis_ends(results)
    low, high, _ = ends
    height = _TOP + _ROW * len(results) + _BOTTOM
    scale = (_WIDTH - _LEFT - _RIGHT) / (high - low)

    def x(value: float) -> float:
        return round(_LEFT + (value - low) * scale, 2)

    svg = ET.Element("svg", {"xmlns": _SVG, "viewBox": f"0 0 {_WIDTH} {height}"})
    svg.set("width", str(_WIDTH))
    svg.set("height", str(height))
    heading = title or "Duplicate matches: A minus B, points per hand"
    _add(svg, "title", heading)
    _add(svg, "rect", x=0, y=0, width=_WIDTH, height=height, fill="white")
    bold = _FONT + ";font-weight:bold"
    _add(svg, "text", heading, x=_WIDTH / 2, y=26, text_anchor="middle", style=bold)
    for row, result in enumerate(results):
        _draw_row(svg, result, x, _TOP + _ROW * row + _ROW / 2)
    _draw_axis(svg, ends, x, _TOP + _ROW * len(results))
    return ET.tostring(svg, encoding="unicode")
