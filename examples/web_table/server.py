"""Play Spades in a browser: a small web server, on the standard library and ``spades`` alone.

Run it and open the address it prints::

    python examples/web_table/server.py                      # http://127.0.0.1:8000/
    python examples/web_table/server.py --port 8080 --host 0.0.0.0

Play South against the computer (a Hard partner, and two opponents at the level you pick), or
choose "two people": the page then gives a link to send a second person, who plays West, on the
other team; each of you has a computer partner. Tick "every player plays alone" for a game
without partners (the rule option ``partnerships`` False): four players, four scores. Pick the rules
"Cutthroat Spades for three" (the preset ``cutthroat3``) for three players, North, East and South,
each alone with 17 cards: against two computers, or, with "two people", South and North against
one. Pick "two-handed Spades" (the preset ``two_player``) to play North against one computer, or,
with "two people", North and East: you draw your hands card by card first, keeping or discarding
each card drawn. Ctrl-C stops the server (the games are kept in memory only, so they end with it).

How it works: ``lobby.py`` beside this file keeps the games and answers the JSON API (see its
docstring); this file is the thin HTTP layer over it, and serves the page in ``static/`` (plain
HTML, CSS and JavaScript, no build step). The page sends a person's clicks as actions such as
``{"type": "play", "card": "Qh"}`` and draws whatever view the server sends back; the server
sends each browser only its own seat's view (``spades.SeatView.to_dict()``), so another seat's
cards never reach it.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NoReturn

from lobby import MAX_BODY, Lobby, Refusal  # the file beside this one

STATIC = Path(__file__).resolve().parent / "static"
#: The page's files: address -> (file in static/, content type). Nothing else is served.
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/table.css": ("table.css", "text/css; charset=utf-8"),
    "/favicon.svg": ("favicon.svg", "image/svg+xml"),
}
#: Sent with every answer: no caching (a view changes), and the page's address, which carries
#: the seat's token, is never passed on as a referrer. The page loads only its own files.
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'",
}


class TableServer(ThreadingHTTPServer):
    """An HTTP server (one thread per request) holding the lobby of games."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], lobby: Lobby, *, quiet: bool = False) -> None:
        super().__init__(address, Handler)
        self.lobby = lobby
        self.quiet = quiet

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        if host in ("0.0.0.0", "::", ""):
            host = "localhost"
        elif ":" in str(host):
            host = f"[{host}]"
        return f"http://{host}:{port}/"


class Handler(BaseHTTPRequestHandler):
    """Maps each request onto the lobby (under /api/) or one of the page's files."""

    server: TableServer
    server_version = "SpadesWebTable/1.0"

    def do_GET(self) -> None:
        self.answer("GET")

    def do_POST(self) -> None:
        self.answer("POST")

    def answer(self, method: str) -> None:
        path, _, query = self.path.partition("?")
        if path.startswith("/api/"):
            try:
                body = self.read_body() if method == "POST" else b""
                status, data = self.server.lobby.handle(method, path, query, body)
            except Refusal as refusal:
                status, data = refusal.reply()
            except Exception:  # a bug: say so to the page, and show it here
                self.log_error("%s", traceback.format_exc())
                status, data = Refusal(
                    500, "server_error", "The server failed; see its log."
                ).reply()
            self.send(status, json.dumps(data).encode(), "application/json")
        elif method == "GET" and path in FILES:
            name, content_type = FILES[path]
            self.send(200, (STATIC / name).read_bytes(), content_type)
        else:
            status, data = Refusal(404, "unknown_address", f"There is nothing at {path!r}.").reply()
            self.send(status, json.dumps(data).encode(), "application/json")

    def read_body(self) -> bytes:
        """The request's body (none without a Content-Length); a refusal when its length is not a
        number or is too big."""
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True  # the body cannot be skipped: drop the connection
            raise Refusal(400, "bad_length", "The request's Content-Length is not a number.")
        if length > MAX_BODY:
            # Read what was sent (up to a limit) before answering, so that the answer arrives.
            self.rfile.read(min(length, 64 * MAX_BODY))
            self.close_connection = True
            raise Refusal(413, "body_too_large", f"A request body is at most {MAX_BODY} bytes.")
        return self.rfile.read(length)

    def send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # The method, the path and the status; never the query, which carries a seat's token.
        if not self.server.quiet:
            sys.stderr.write(f"{self.command} {self.path.partition('?')[0]} {code}\n")


def make_server(
    host: str = "127.0.0.1", port: int = 8000, *, lobby: Lobby | None = None, quiet: bool = False
) -> TableServer:
    """A server listening at ``host``:``port`` (0: any free port), not yet serving."""
    return TableServer((host, port), Lobby() if lobby is None else lobby, quiet=quiet)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, without the usage block: "server.py: argument --port: ...".
        self.exit(2, f"{self.prog}: {message}\n")


def _port(text: str) -> int:
    if text.isascii() and text.strip().isdigit() and int(text) <= 65535:
        return int(text)
    raise argparse.ArgumentTypeError(
        f"a port is a whole number from 0 to 65535 (0 for any free port), not {text!r}."
    )


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="server.py", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=_port, default=8000, help="the port (8000; 0 for any)")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen at")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.host, args.port)
    except OSError as error:  # the port is taken, or the host is not this machine's
        reason = error.strerror or str(error)
        print(f"server.py: cannot listen at {args.host}:{args.port}: {reason}.", file=sys.stderr)
        return 1
    print(f"Spades at {server.url} -- open it in a browser; Ctrl-C stops the server.", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
