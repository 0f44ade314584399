"""The picture of matches: an SVG that parses, with its axis labelled and each pairing's numbers
as text, its dot and interval where the numbers put them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from spades.arena import Estimate, MatchResult, SideCounts, SideStats
from spades.arena.plot import points_per_hand_svg
from spades.errors import SpadesError

SVG = "{http://www.w3.org/2000/svg}"


def result(a: str, b: str, value: float, low: float | None, high: float | None) -> MatchResult:
    """A match result with the given points per hand (the other figures do not matter here)."""
    return MatchResult(
        a=SideStats.of(a, SideCounts(), []),
        b=SideStats.of(b, SideCounts(), []),
        rules="standard",
        seed=0,
        boards_asked=10,
        boards=10,
        hands=20,
        games=2,
        pairs=1,
        points_per_hand=Estimate(value=value, low=low, high=high),
        win_rate=Estimate(value=0.5, low=0.1, high=0.9),
    )


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


RESULTS = [
    result("hard", "medium", 19.7, 16.6, 22.8),
    result("expert", "hard", -3.25, -9.5, 4.0),
    result("easy", "easy", 2.0, None, None),
]


def test_the_drawing_parses_as_svg_with_its_axis_labelled() -> None:
    root = ET.fromstring(points_per_hand_svg(RESULTS))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    shown = texts(root)
    assert "A minus B, points per hand (95% interval)" in shown
    # The axis runs over zero and every number drawn (-9.5 to +22.8, a span of 32.3) in steps
    # of a round number near a fifth of the span: 10, from -10 to +30.
    ticks = [text for text in shown if re.fullmatch(r"[+-]?\d+|0", text)]
    assert ticks == ["-10", "0", "+10", "+20", "+30"]


def test_each_pairing_is_a_row_with_its_numbers_as_text() -> None:
    shown = texts(ET.fromstring(points_per_hand_svg(RESULTS)))
    for label, numbers in (
        ("A hard vs B medium", "+19.7 (95% interval +16.6 to +22.8)"),
        ("A expert vs B hard", "-3.2 (95% interval -9.5 to +4.0)"),
        ("A easy vs B easy", "+2.0 (no interval)"),
    ):
        assert label in shown and numbers in shown


def test_the_dot_sits_inside_its_interval_in_proportion() -> None:
    root = ET.fromstring(points_per_hand_svg(RESULTS[:1]))
    (dot,) = root.iter(f"{SVG}circle")
    bars = [line for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "3"]
    (bar,) = bars
    low, high, at = float(bar.get("x1", "")), float(bar.get("x2", "")), float(dot.get("cx", ""))
    assert low < at < high
    assert (at - low) / (high - low) == pytest.approx((19.7 - 16.6) / (22.8 - 16.6), abs=1e-3)


def test_a_drawing_of_no_match_is_refused() -> None:
    with pytest.raises(SpadesError, match="at least one match result"):
        points_per_hand_svg([])
