"""The pictures the README and the documentation show (docs/images): each is what
docs/images/make_images.py draws today, so none goes stale, and the script that photographs the
terminal game still finds the screen it shows."""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spades import Card

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
PNG = b"\x89PNG\r\n\x1a\n"

if not IMAGES.is_dir():  # an unpacked sdist has no docs/images
    pytest.skip("the pictures are in a checkout only", allow_module_level=True)

_spec = importlib.util.spec_from_file_location("make_images", IMAGES / "make_images.py")
assert _spec is not None and _spec.loader is not None
make_images = importlib.util.module_from_spec(_spec)
sys.modules["make_images"] = make_images
_spec.loader.exec_module(make_images)


def test_the_readme_table_is_what_the_script_draws_today() -> None:
    shown = (IMAGES / "table.svg").read_text(encoding="utf-8")
    assert shown == make_images.table_svg() + "\n", (
        "docs/images/table.svg is stale: run python docs/images/make_images.py --svg-only"
    )


def test_the_readme_table_is_south_s_view_with_south_to_play() -> None:
    picture = ET.fromstring((IMAGES / "table.svg").read_text(encoding="utf-8"))
    label = picture.get("aria-label") or ""
    assert label.startswith("South's view of the table.") and "South to play" in label
    positions = {
        group.get("data-seat"): group.get("data-position")
        for group in picture.iter()
        if "seat" in (group.get("class") or "").split()
    }
    assert positions == {"S": "bottom", "W": "left", "N": "top", "E": "right"}
    south = next(
        group
        for group in picture.iter()
        if group.get("data-seat") == "S" and "seat" in (group.get("class") or "").split()
    )
    held = {Card(group.get("data-card") or "") for group in south.iter() if group.get("data-card")}
    seen = make_images.table_view()
    assert held == set(seen.hand)
    raised = {
        Card(group.get("data-card") or "")
        for group in south.iter()
        if "legal" in (group.get("class") or "").split()
    }
    assert raised == {action.card for action in seen.legal_actions}


@pytest.mark.parametrize("name", ["terminal.png", "web_table.png"])
def test_the_screenshots_are_pictures(name: str) -> None:
    data = (IMAGES / name).read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000


def test_the_terminal_picture_is_a_card_prompt_in_80_columns() -> None:
    screen = re.sub(r"\x1b\[[0-9;]*m", "", make_images.terminal_screen())
    lines = screen.splitlines()
    assert len(lines) == make_images.TERMINAL_LINES
    assert max(len(line) for line in lines) <= 80
    assert lines[-1].startswith("Your card") and any(
        line.startswith("You can play:") for line in lines
    )
