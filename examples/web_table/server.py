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
docstring), reading each request with ``reading.py``; this file is the thin HTTP layer over it
(each connection waits at most ten seconds, ``TIMEOUT``, for each part of a request; a client
that goes away before its answer is no error), and serves the page in ``static/`` (plain
HTML, CSS and JavaScript, no build step). The page sends a person's clicks as actions such as
``{"type": "play", "card": "Qh"}`` and shows whatever view the server sends back, with the
table as the library draws it from that view (``spades.svg.table``); the server sends each
browser only its own seat's view (``spades.SeatView.to_dict()``) and its picture, so another
seat's cards never reach it.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NoReturn

from lobby import Lobby  # the files beside this one
from reading import MAX_BODY, Refusal, json_text

from spades._text import plural

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
#: How long, in seconds, the server waits for each part of a request (its lines, each piece of
#: its body) before it gives up on the connection: a client that stops sending holds a thread
#: no longer than this.
TIMEOUT = 10.0
#: What a client that goes away in the middle of an answer causes: nothing to report.
GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


class TableServer(ThreadingHTTPServer):
    """An HTTP server (one thread per request) holding the lobby of games."""

    daemon_threads = True

    def __init__(
        self,
        address: tuple[str, int],
        lobby: Lobby,
        *,
        quiet: bool = False,
        timeout: float = TIMEOUT,
    ) -> None:
        super().__init__(address, Handler)
        self.lobby = lobby
        self.quiet = quiet
        self.timeout = timeout

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closed its window (or dropped the connection) while it was answered is
        # no fault of the server's: said in one line at most, never with a traceback.
        error = sys.exc_info()[1]
        if isinstance(error, GONE):
            if not self.quiet:
                sys.stderr.write(f"A client went away before its answer was sent ({error}).\n")
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        address, port = self.server_address[:2]
        host = address.decode() if isinstance(address, bytes) else str(address)
        if host in ("0.0.0.0", "::", ""):
            host = "localhost"
        elif ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}/"


class Handler(BaseHTTPRequestHandler):
    """Maps each request onto the lobby (under /api/) or one of the page's files."""

    server: TableServer
    server_version = "SpadesWebTable/1.0"

    def setup(self) -> None:
        self.request.settimeout(self.server.timeout)  # each read and write on the connection
        super().setup()

    def do_GET(self) -> None:
        self.answer("GET")

    def do_HEAD(self) -> None:
        self.answer("GET")  # as GET, without the body (see send)

    def do_POST(self) -> None:
        self.answer("POST")

    # Methods no address takes, answered with a 405 and the address's Allow, like a GET to an
    # address that takes POST.
    def do_PUT(self) -> None:
        self.answer("PUT")

    def do_DELETE(self) -> None:
        self.answer("DELETE")

    def do_PATCH(self) -> None:
        self.answer("PATCH")

    def do_OPTIONS(self) -> None:
        self.answer("OPTIONS")

    def answer(self, method: str) -> None:
        path, _, query = self.path.partition("?")
        if method != "POST" and ("Content-Length" in self.headers or self.chunked):
            self.close_connection = True  # a body no address reads: the connection ends here
        if path.startswith("/api/"):
            status, data = self.api(method, path, query)
            self.send_json(status, data, self.server.lobby.allowed(path))
        elif path in FILES and method == "GET":
            name, content_type = FILES[path]
            self.send(200, (STATIC / name).read_bytes(), content_type)
        elif path in FILES:
            refusal = Refusal(405, "method_not_allowed", f"This address takes GET, not {method}.")
            self.send_json(*refusal.reply(), "GET")
        else:
            refusal = Refusal(404, "unknown_address", f"There is nothing at {json_text(path)}.")
            self.send_json(*refusal.reply())

    def api(self, method: str, path: str, query: str) -> tuple[int, dict[str, object]]:
        """The lobby's answer to a request under /api/; a 500 with a sentence for a bug."""
        try:
            body = self.read_body() if method == "POST" else b""
            return self.server.lobby.handle(method, path, query, body)
        except Refusal as refusal:
            return refusal.reply()
        except Exception:  # a bug: say so to the page, and show it here
            self.log_error("%s", traceback.format_exc())
            return Refusal(500, "server_error", "The server failed; see its log.").reply()

    @property
    def chunked(self) -> bool:
        """Whether the request's body comes in pieces (``Transfer-Encoding``), of no stated
        length."""
        return "Transfer-Encoding" in self.headers

    def read_body(self) -> bytes:
        """The request's body (none without a Content-Length); a refusal when its length is not a
        number or is too big, when it is sent in pieces of no stated length, or when it does not
        arrive within the server's timeout."""
        if self.chunked:
            self.close_connection = True
            raise Refusal(
                411, "length_required", "A request body is sent whole, with its Content-Length."
            )
        text = self.headers.get("Content-Length", "0").strip()
        if not (text.isascii() and text.isdigit()):
            self.close_connection = True  # the body cannot be skipped: drop the connection
            raise Refusal(400, "bad_length", "The request's Content-Length is not a number.")
        length = int(text)
        if length > MAX_BODY:
            # Read what was sent (up to a limit) before answering, so that the answer arrives.
            self.read_up_to(min(length, 64 * MAX_BODY))
            self.close_connection = True
            raise Refusal(413, "body_too_large", f"A request body is at most {MAX_BODY} bytes.")
        body = self.read_up_to(length)
        if len(body) < length:  # the client stopped sending, or closed the connection
            self.close_connection = True
            raise Refusal(
                408,
                "body_timeout",
                f"The request's body did not all arrive within {self.server.timeout:g} "
                f"seconds: {plural(length, 'byte')} were announced.",
            )
        return body

    def read_up_to(self, length: int) -> bytes:
        """At most ``length`` bytes of the body: fewer (or none) when the client stops sending
        for the server's timeout, or closes the connection."""
        try:
            return self.rfile.read(length)
        except TimeoutError:
            return b""

    def send_json(self, status: int, data: object, allow: str | None = None) -> None:
        """A JSON answer; a 405 says which method the address takes (``allow``)."""
        extra = {"Allow": f"{allow}, HEAD" if allow == "GET" else allow} if allow else {}
        self.send(status, json.dumps(data).encode(), "application/json", extra)

    def send(
        self, status: int, body: bytes, content_type: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # The method, the path and the status; never the query, which carries a seat's token.
        if not self.server.quiet:
            sys.stderr.write(f"{self.command} {self.path.partition('?')[0]} {code}\n")


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    lobby: Lobby | None = None,
    quiet: bool = False,
    timeout: float = TIMEOUT,
) -> TableServer:
    """A server listening at ``host``:``port`` (0: any free port), not yet serving; it waits
    ``timeout`` seconds for each part of a request."""
    the_lobby = Lobby() if lobby is None else lobby
    return TableServer((host, port), the_lobby, quiet=quiet, timeout=timeout)


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
