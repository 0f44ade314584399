"""Draw the pictures the README and the documentation show, so that they can be made again.

    python docs/images/make_images.py            # every picture, into docs/images/
    python docs/images/make_images.py --svg-only # the drawings only (no browser needed)

- ``table.svg``: South's view of a table in the middle of a hand, drawn by :mod:`spades.svg`
  (the README's and the quick start's first picture); a test checks that the file is what this
  script draws today.
- ``terminal.png``: ``spades play`` on an 80-column terminal, in the middle of a hand: the screen
  the command prints (with its colours), laid out as a terminal shows it and photographed by
  headless Chromium.
- ``web_table.png``: the web table (``examples/web_table``) in headless Chromium, South to play.

The screenshots need Chromium, its driver and the ``selenium`` package (the ``browser`` extra).
"""

from __future__ import annotations

import argparse
import builtins
import html
import io
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import Any

from spades import Seat, apply, legal_actions, new_game, view
from spades.actions import Deal
from spades.cli import main as spades_main
from spades.svg import table
from spades.views import SeatView

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: The deal and the moves of the README's picture: a seeded deal, then random legal moves.
DEAL_SEED, MOVES_SEED, MOVES = 5, 2, 11
#: The card prompt of ``spades play --seed 3`` whose screen the terminal picture shows.
TERMINAL_SEED, TERMINAL_PROMPT = 3, 3
#: The lines of a terminal: the picture shows the last of them, as a terminal window does.
TERMINAL_LINES = 24
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


def table_view() -> SeatView:
    """South's view of the README's table: trick 3 under way, South to play."""
    state = apply(new_game("standard"), Deal.random(DEAL_SEED))
    rng = random.Random(MOVES_SEED)
    while len(state.played) < MOVES - 4 or state.to_act is not Seat.S:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    return view(state, Seat.S)


def table_svg() -> str:
    """The README's table, South's playable cards raised."""
    return str(table(table_view(), legal=True, size=720))


class _Terminal(io.StringIO):
    """Standard output as a colour terminal that shows the suits' symbols."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


_PLAYABLE = re.compile(r"You can play: (.*)")
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"
_STYLES = {"1": "font-weight:bold", "2": "opacity:0.6", "4": "text-decoration:underline"}


def terminal_screen() -> str:
    """What ``spades play --seed 3`` shows at its card prompt number ``TERMINAL_PROMPT``: the
    last ``TERMINAL_LINES`` lines since the screen was last cleared, and the prompt, with the
    terminal's colour codes."""
    out = _Terminal()
    asked = [0]

    def person(prompt: object = "") -> str:
        prompt = str(prompt)
        if "card (" in prompt:
            asked[0] += 1
            if asked[0] == TERMINAL_PROMPT:
                lines = (out.getvalue().rpartition(_CLEAR)[2] + prompt).splitlines()
                raise _Photographed("\n".join(lines[-TERMINAL_LINES:]))
            plain = _SGR.sub("", out.getvalue())
            return [m.group(1) for m in _PLAYABLE.finditer(plain)][-1].split()[0]
        if "bid" in prompt.lower() and "blind nil" not in prompt:
            return "3"
        return ""

    saved = builtins.input
    builtins.input = person
    try:
        with redirect_stdout(out):
            spades_main(["play", "--seed", str(TERMINAL_SEED)])
    except _Photographed as photo:
        return photo.screen
    finally:
        builtins.input = saved
    raise RuntimeError("spades play ended before the card prompt the picture shows")


class _Photographed(Exception):
    def __init__(self, screen: str) -> None:
        super().__init__("the screen is taken")
        self.screen = screen


def terminal_html(screen: str) -> str:
    """The screen as an HTML page that looks like an 80-column terminal."""
    parts: list[str] = []
    open_spans = 0
    position = 0
    for match in _SGR.finditer(screen):
        parts.append(html.escape(screen[position : match.start()]))
        position = match.end()
        codes = [code for code in match.group(1).split(";") if code]
        if not codes or codes == ["0"]:
            parts.append("</span>" * open_spans)
            open_spans = 0
            continue
        styles = [_STYLES[code] for code in codes if code in _STYLES]
        if "31" in codes:
            styles.append("color:#ff6b6b")
        if "7" in codes:
            styles.append("background:#e6e6e6;color:#1e1e1e")
        parts.append(f'<span style="{";".join(styles)}">')
        open_spans += 1
    parts.append(html.escape(screen[position:]) + "</span>" * open_spans)
    return (
        "<!doctype html><meta charset='utf-8'><style>"
        "body{margin:0;background:#1e1e1e}"
        "pre{margin:0;padding:14px 18px;color:#e6e6e6;width:80ch;"
        "font:14px/1.35 'DejaVu Sans Mono',monospace}"
        f"</style><pre>{''.join(parts)}</pre>"
    )


@contextmanager
def _browser(width: int, height: int) -> Iterator[Any]:
    """Headless Chromium (Debian's ``chromium`` and ``chromium-driver``) at that window size."""
    from selenium import webdriver  # the browser extra: only the screenshots need it
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    # Both paths given: Selenium Manager has nothing to find or download.
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def terminal_png(path: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "terminal.html"
        page.write_text(terminal_html(terminal_screen()), encoding="utf-8")
        with _browser(820, 720) as driver:
            driver.get(page.as_uri())
            body = driver.find_element("tag name", "pre")
            body.screenshot(str(path))


#: The cards South plays in the web table's picture before it is taken: trick 3 under way.
WEB_TABLE_CARDS = 2
_WEB_HAND = '#picture g.seat[data-position="bottom"] g.card'


def web_table_png(path: Path) -> None:
    """The web table (``examples/web_table``), served on a free port: a new game with seed 3,
    South bidding 3 and playing the first card it may, until it has played ``WEB_TABLE_CARDS``
    cards and is to play again."""
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "examples" / "web_table" / "server.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        address = re.search(r"http://\S+", server.stdout.readline())
        if address is None:
            raise RuntimeError("the web table's server did not say its address")
        with _browser(1200, 900) as driver:
            driver.get(address.group(0).rstrip("/") + "/?seed=3")
            _page_state(driver, ("setup",))
            driver.find_element("id", "start").click()
            played = 0
            while _page_state(driver, ("my-turn",)) and played < WEB_TABLE_CARDS + 1:
                bids = driver.find_elements("css selector", '#bids button[data-bid="3"]')
                if bids:
                    bids[0].click()
                elif played == WEB_TABLE_CARDS:
                    break
                else:
                    card = driver.find_element("css selector", f"{_WEB_HAND}.legal")
                    driver.execute_script(
                        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                        card,
                    )
                    played += 1
                time.sleep(0.5)
            driver.find_element("tag name", "body").screenshot(str(path))
    finally:
        server.terminate()
        server.wait(10)


def _page_state(driver: Any, wanted: tuple[str, ...], timeout: float = 20) -> str:
    """Wait until the page's body says it is in one of the ``wanted`` states; that state."""
    ends = time.monotonic() + timeout
    while time.monotonic() < ends:
        now = driver.execute_script("return document.body.dataset.state")
        if now in wanted:
            return str(now)
        time.sleep(0.1)
    raise RuntimeError(f"the web table did not come to {' or '.join(wanted)} in {timeout} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg-only", action="store_true", help="the drawings only")
    parser.add_argument("--into", type=Path, default=HERE, help="the folder (docs/images)")
    args = parser.parse_args(argv)
    args.into.mkdir(parents=True, exist_ok=True)
    (args.into / "table.svg").write_text(table_svg() + "\n", encoding="utf-8")
    if not args.svg_only:
        terminal_png(args.into / "terminal.png")
        web_table_png(args.into / "web_table.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
