"""The web table example (examples/web_table): its JSON API over real HTTP, its script, and whole
hands played in a real headless Chromium by clicking, as a person would, at every table
(tests/tables.py): four partners, four alone, three, and two who draw their hands.

Every reply the server makes for a seat passes through the lobby's observer, which the tests use to
check that no seat is ever sent a card another seat holds.

The browser tests need Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package;
without them they are skipped, unless ``SPADES_REQUIRE_BROWSER=1`` (as in CI) makes that a failure.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from xml.etree import ElementTree

import pytest

import spades
from spades import Phase, Seat
from spades.bots import hints
from spades.cards import CARDS, Card
from spades.table import Table
from tables import TableKind

ROOT = Path(__file__).resolve().parent.parent
WEB_TABLE = ROOT / "examples" / "web_table"

# The example is two modules beside each other (server.py imports lobby), not a package.
sys.path.insert(0, str(WEB_TABLE))
import lobby  # noqa: E402
import reading  # noqa: E402

_spec = importlib.util.spec_from_file_location("web_table_server", WEB_TABLE / "server.py")
assert _spec is not None and _spec.loader is not None
web_server = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(web_server)

CARD = re.compile(r"[2-9TJQKA][shdc]")


# -- what each seat is sent ------------------------------------------------------------------------


class Recorder:
    """An observer for the lobby: every reply for a seat, with the cards that seat may not see
    when it was made: those the other seats in play held; at two, while the hands are drawn, the
    stock, and the other's discards and the card it is looking at."""

    def __init__(self) -> None:
        self.sent: list[tuple[Seat, dict[str, Any], set[str], list[str]]] = []

    def __call__(self, game: lobby.Game, seat: Seat, data: dict[str, Any]) -> None:
        state = game.table.state
        others = [other for other in state.rules.seats if other is not seat]
        hidden = {str(card) for other in others for card in state.holding(other)}
        # Cards a seat passed or received in a blind nil exchange are known to it.
        for giver, cards in state.exchanges:
            if seat in (giver, giver.partner):
                hidden -= {str(card) for card in cards}
        if state.phase is Phase.DRAW:
            hidden |= {str(card) for card in state.stock}
        if state.waste:
            hidden |= {str(card) for other in others for card in state.discards[other]}
        if state.drawn_card is not None and state.to_act is not seat:
            hidden.add(str(state.drawn_card))
        own = sorted(str(card) for card in state.holding(seat))
        self.sent.append((seat, json.loads(json.dumps(data)), hidden, own))

    def check(self, seat: Seat, *, at_least: int) -> None:
        """Every reply for ``seat`` names no card it may not see, and there were enough."""
        replies = [(data, hidden, own) for to, data, hidden, own in self.sent if to is seat]
        assert len(replies) >= at_least
        for data, hidden, own in replies:
            assert data["seat"] == seat.name and sorted(data["view"]["hand"]["cards"]) == own
            leaked = set(strings(data)) & hidden
            assert not leaked, f"{seat} was sent {sorted(leaked)}, held by another seat"
            # Nor does the picture show one, by its text or by its name ("queen of hearts").
            picture = data["picture"]
            drawn = {card for card in hidden if f'data-card="{card}"' in picture}
            named = {card for card in hidden if Card(card).name in picture}
            assert not drawn | named, f"{seat}'s picture shows {sorted(drawn | named)}"


def strings(data: object) -> Iterator[str]:
    """Every string in JSON data, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from strings(item)


# -- a server in a thread, and a client ------------------------------------------------------------


@contextmanager
def running(the_lobby: lobby.Lobby, *, timeout: float = 10) -> Iterator[Any]:
    """The example's server on a free local port, serving from a thread."""
    server = web_server.make_server("127.0.0.1", 0, lobby=the_lobby, quiet=True, timeout=timeout)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


class Client:
    """JSON over HTTP to the server, as the page sends it."""

    def __init__(self, port: int) -> None:
        self.port = port

    def call(
        self, method: str, path: str, body: object = None, *, raw: bytes | None = None
    ) -> tuple[int, dict[str, Any]]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            payload = raw if raw is not None else b"" if body is None else json.dumps(body).encode()
            headers = {"Content-Type": "application/json"} if method == "POST" else {}
            connection.request(
                method, path, body=payload if method == "POST" else None, headers=headers
            )
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def raw(self, method: str, path: str, body: bytes | None = None) -> tuple[int, Any, bytes]:
        """Any method: the status, the headers and the body as they come."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request(method, path, body=body)
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def view(self, game: str, seat: str, token: str) -> tuple[int, dict[str, Any]]:
        return self.call("GET", f"/api/games/{game}?" + urlencode({"seat": seat, "token": token}))

    def act(self, game: str, seat: str, token: str, action: object) -> tuple[int, dict[str, Any]]:
        body = {"seat": seat, "token": token, "action": action}
        return self.call("POST", f"/api/games/{game}/actions", body)


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def site(recorder: Recorder) -> Iterator[tuple[lobby.Lobby, Client]]:
    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        yield the_lobby, Client(server.server_address[1])


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A person's choice among the legal actions: a bid of 3 if allowed, else the first."""
    legal = view["legal_actions"]
    return next((action for action in legal if action.get("bid") == 3), legal[0])


# -- the JSON API ----------------------------------------------------------------------------------


def test_a_whole_hand_through_the_json_api(
    site: tuple[lobby.Lobby, Client], recorder: Recorder
) -> None:
    _, client = site
    status, data = client.call("POST", "/api/games", {"mode": "solo", "level": "easy", "seed": 5})
    assert status == 201
    game_id, token = data["game"], data["token"]
    assert data["seat"] == "S" and data["players"] == {
        "N": "hard",
        "E": "easy",
        "S": "person",
        "W": "easy",
    }
    assert data["view"]["phase"] == "bidding" and data["waiting_for"] == "S"
    actions = 0
    while data["view"]["phase"] not in ("hand_over", "game_over"):
        assert data["waiting_for"] == "S" and data["view"]["to_act"] == "S"
        status, data = client.act(game_id, "S", token, choose(data["view"]))
        assert status == 200, data
        actions += 1
    assert actions == 14  # a bid and 13 cards
    view = data["view"]
    # The hand is held over until the person asks for the next deal: its last trick and its score.
    assert len(view["completed_tricks"]) == 13 and view["completed_tricks"][-1]["winner"]
    assert view["history"][-1]["number"] == 1 and view["to_act"] is None
    assert sum(view["tricks_taken"].values()) == 13 and view["hand"]["cards"] == []
    status, data = client.call("POST", f"/api/games/{game_id}/next", {"seat": "S", "token": token})
    assert status == 200 and data["view"]["hand_number"] == 2
    assert data["view"]["phase"] == "bidding" and len(data["view"]["hand"]["cards"]) == 13
    status, again = client.view(game_id, "S", token)
    assert status == 200 and again["version"] == data["version"] == 15
    recorder.check(Seat.S, at_least=17)


def test_the_same_seed_deals_the_same_game(site: tuple[lobby.Lobby, Client]) -> None:
    _, client = site
    first = client.call("POST", "/api/games", {"level": "hard", "seed": "x"})[1]
    second = client.call("POST", "/api/games", {"level": "hard", "seed": "x"})[1]
    assert first["game"] != second["game"] and first["token"] != second["token"]
    assert first["view"] == second["view"]


def test_a_game_for_two_people(site: tuple[lobby.Lobby, Client], recorder: Recorder) -> None:
    the_lobby, client = site
    status, data = client.call("POST", "/api/games", {"mode": "two", "seed": 2})
    assert status == 201 and data["players"]["W"] == "person" and data["players"]["E"] == "hard"
    game_id, invite = data["game"], data["invite"]
    tokens = {"S": data["token"], "W": invite["token"]}
    assert invite["seat"] == "W" and not invite["joined"]
    assert invite["address"] == f"/?game={game_id}&seat=W&token={tokens['W']}"
    assert client.view(game_id, "W", tokens["W"])[0] == 200
    assert client.view(game_id, "S", tokens["S"])[1]["invite"]["joined"]
    # West is sent no invitation, and neither person may use the other's token or act for them.
    assert "invite" not in client.view(game_id, "W", tokens["W"])[1]
    assert client.view(game_id, "S", tokens["W"])[0] == 403
    game = the_lobby.game(game_id)
    moves = 0
    while not game.table.state.phase.value.endswith("over"):
        seat = data["waiting_for"]
        other = "W" if seat == "S" else "S"
        before = game.table.state
        # The other person may not act out of turn.
        status, refused = client.act(game_id, other, tokens[other], {"type": "bid", "bid": 2})
        assert status == 409 and refused["error"]["reason"] in ("wrong_turn", "wrong_phase")
        assert game.table.state is before
        status, data = client.act(game_id, seat, tokens[seat], choose(data["view"]))
        assert status == 200, data
        waiting = data["waiting_for"]
        if waiting not in (None, seat):  # the other person's turn: what they see
            data = client.view(game_id, waiting, tokens[waiting])[1]
        moves += 1
    assert moves == 28
    status, refused = client.call(
        "POST", f"/api/games/{game_id}/undo", {"seat": "S", "token": tokens["S"]}
    )
    assert status == 409 and refused["error"]["reason"] == "no_undo"
    recorder.check(Seat.S, at_least=14)
    recorder.check(Seat.W, at_least=14)


def test_undo_takes_back_the_persons_last_action(site: tuple[lobby.Lobby, Client]) -> None:
    the_lobby, client = site
    data = client.call("POST", "/api/games", {"level": "medium", "seed": 8})[1]
    game_id, person = data["game"], {"seat": "S", "token": data["token"]}
    first = data["view"]
    status, data = client.act(game_id, "S", data["token"], {"type": "bid", "bid": 4})
    assert status == 200 and data["view"]["bids"]["S"] == 4
    status, data = client.call("POST", f"/api/games/{game_id}/undo", person)
    assert status == 200 and data["view"] == first and data["version"] == 2
    status, data = client.call("POST", f"/api/games/{game_id}/undo", person)
    assert status == 409 and data["error"]["reason"] == "nothing_to_undo"
    assert the_lobby.game(game_id).version == 2


def test_hints_give_every_legal_action_the_experts_worth_from_the_seats_view(
    site: tuple[lobby.Lobby, Client],
) -> None:
    the_lobby, client = site
    data = client.call("POST", "/api/games", {"level": "easy", "seed": 8})[1]
    game_id, token = data["game"], data["token"]
    address = f"/api/games/{game_id}/hints?" + urlencode({"seat": "S", "token": token})
    for _turn in range(3):
        status, hinted = client.call("GET", address)
        assert status == 200, hinted
        legal = data["view"]["legal_actions"]
        found = hinted["hints"]
        assert sorted(map(json.dumps, (hint["action"] for hint in found))) == sorted(
            map(json.dumps, legal)
        )
        game = the_lobby.game(game_id)
        seat_view = game.table.view(Seat.S)
        expected = hints(seat_view, f"web-table/{game_id}/{game.version}/S")
        assert [(hint["text"], hint["points"], hint["reason"]) for hint in found] == [
            (str(hint.action), hint.points, hint.reason) for hint in expected
        ]
        assert client.call("GET", address)[1] == hinted  # the same moment, the same hints
        assert the_lobby.game(game_id).version == data["version"]  # asking changes nothing
        status, data = client.act(game_id, "S", token, found[0]["action"])
        assert status == 200
    # Hints are refused with a wrong token, and with nothing to do (the hand over).
    wrong = f"/api/games/{game_id}/hints?" + urlencode({"seat": "S", "token": "x"})
    assert client.call("GET", wrong)[0] == 403
    assert client.call("POST", address.split("?")[0], {"seat": "S", "token": token})[0] == 405
    game = the_lobby.game(game_id)
    while game.table.state.phase is not Phase.HAND_OVER:
        seat_view = game.table.view(Seat.S)
        client.act(game_id, "S", token, spades.action_to_dict(seat_view.legal_actions[0]))
    status, refused = client.call("GET", address)
    assert status == 409 and refused["error"]["reason"] == "not_my_turn"


def test_presets_and_the_page(site: tuple[lobby.Lobby, Client]) -> None:
    _, client = site
    status, data = client.call("GET", "/api/presets")
    assert status == 200 and data["default"] == "four_levels"
    assert data["levels"] == ["easy", "medium", "hard", "expert"]
    titles = {preset["name"]: preset["title"] for preset in data["presets"]}
    assert {
        "name": "four_levels_250",
        "title": titles["four_levels_250"],
        "target_score": 250,
    } in (data["presets"])
    assert set(titles) == {preset.name for preset in spades.PRESETS}
    connection = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    for path, needle in [
        ("/", b'src="/table.js"'),
        ("/table.js", b"legal_actions"),
        ("/table.css", b"g.card.clickable"),
    ]:
        connection.request("GET", path)
        response = connection.getresponse()
        assert response.status == 200 and needle in response.read()
        assert response.getheader("Content-Security-Policy") == "default-src 'self'"
        assert response.getheader("Referrer-Policy") == "no-referrer"
    for path in ("/lobby.py", "/static/../lobby.py", "/../server.py", "/api"):
        connection.request("GET", path)
        response = connection.getresponse()
        assert response.status == 404 and b"unknown_address" in response.read()
    connection.close()


# Requests refused before any game is looked at: (method, path, body, status, reason).
CREATE_REFUSALS = [
    ("POST", "/api/games", {"mode": "three"}, 400, "bad_mode"),
    ("POST", "/api/games", {"level": "impossible"}, 400, "bad_level"),
    ("POST", "/api/games", {"level": ["easy"]}, 400, "bad_level"),
    ("POST", "/api/games", {"mode": "two", "level": "easy"}, 400, "bad_level"),
    ("POST", "/api/games", {"rules": "poker"}, 400, "unknown_preset"),
    ("POST", "/api/games", {"rules": 5}, 400, "unknown_preset"),
    ("POST", "/api/games", {"target": 0}, 400, "bad_option"),
    ("POST", "/api/games", {"target": "lots"}, 400, "bad_option"),
    ("POST", "/api/games", {"seed": 1.5}, 400, "bad_seed"),
    ("POST", "/api/games", {"seed": True}, 400, "bad_seed"),
    ("POST", "/api/games", {"sead": 1}, 400, "unknown_key"),
    ("POST", "/api/games", [], 400, "not_an_object"),
    ("GET", "/api/games", None, 405, "method_not_allowed"),
    ("POST", "/api/presets", {}, 405, "method_not_allowed"),
    ("GET", "/api/games/nope?seat=S&token=x", None, 404, "unknown_game"),
    ("POST", "/api/games/nope/actions", {}, 404, "unknown_game"),
    ("GET", "/api/games/nope/sideways", None, 404, "unknown_address"),
    ("GET", "/api/tables", None, 404, "unknown_address"),
]


@pytest.mark.parametrize(("method", "path", "body", "status", "reason"), CREATE_REFUSALS)
def test_a_bad_request_gets_a_reason(
    site: tuple[lobby.Lobby, Client], method: str, path: str, body: object, status: int, reason: str
) -> None:
    the_lobby, client = site
    got, data = client.call(method, path, body)
    assert (got, data["error"]["reason"]) == (status, reason)
    assert data["error"]["message"].endswith(".")
    assert the_lobby._games == {}  # nothing was made


def game_refusals(
    game: str, token: str, card_held_elsewhere: str
) -> list[tuple[str, str, Any, int, str]]:
    """Requests about a game, each refused, with the status and reason expected."""
    actions = f"/api/games/{game}/actions"
    person = {"seat": "S", "token": token}

    def act(action: object) -> dict[str, Any]:
        return {**person, "action": action}

    def view(query: str) -> str:
        return f"/api/games/{game}?{query}"

    return [
        ("GET", view(f"seat=S&token={token}x"), None, 403, "wrong_token"),
        ("GET", view(f"seat=N&token={token}"), None, 403, "not_a_person"),
        ("GET", view(f"seat=Q&token={token}"), None, 400, "bad_seat"),
        ("GET", view(f"seat=S&token={token}&seat=S"), None, 400, "bad_query"),
        ("GET", view(f"seat=S&token={token}&peek=1"), None, 400, "unknown_key"),
        ("GET", view("seat=S"), None, 400, "missing_key"),
        ("GET", f"/api/games/{game}", None, 400, "missing_key"),
        ("POST", view(f"seat=S&token={token}"), None, 405, "method_not_allowed"),
        ("GET", actions, None, 405, "method_not_allowed"),
        ("POST", actions, b'{"seat": "S", ', 400, "malformed_json"),
        ("POST", actions, b"", 400, "malformed_json"),
        ("POST", actions, b"\xff\xfe{}", 400, "malformed_json"),
        ("POST", actions, b'{"seat": NaN}', 400, "malformed_json"),
        # Too deep for the JSON reader (malformed_json), or, where another test has raised the
        # recursion limit, read and refused as an array (not_an_object): 400 either way.
        ("POST", actions, b"[" * 5000 + b"]" * 5000, 400, "malformed_json|not_an_object"),
        ("POST", actions, b"[1, 2]", 400, "not_an_object"),
        ("POST", actions, b'"play Qh"', 400, "not_an_object"),
        ("POST", actions, b"null", 400, "not_an_object"),
        ("POST", actions, b" " * (reading.MAX_BODY + 1), 413, "body_too_large"),
        (
            "POST",
            actions,
            {**person, "action": {"type": "bid", "bid": 3}, "x": 1},
            400,
            "unknown_key",
        ),
        ("POST", actions, person, 400, "missing_key"),
        ("POST", actions, {"seat": "S", "action": {}}, 400, "missing_key"),
        ("POST", actions, {"seat": 2, "token": token, "action": {}}, 400, "bad_seat"),
        ("POST", actions, {"seat": "S", "token": None, "action": {}}, 400, "bad_token"),
        ("POST", actions, {"seat": "S", "token": "guess", "action": {}}, 403, "wrong_token"),
        ("POST", actions, {"seat": "S", "token": "é", "action": {}}, 403, "wrong_token"),
        ("POST", actions, {"seat": "E", "token": token, "action": {}}, 403, "not_a_person"),
        ("POST", actions, act({"type": "dance"}), 400, "bad_action"),
        ("POST", actions, act("3"), 400, "bad_action"),
        ("POST", actions, act({"type": "play", "card": "Zz"}), 400, "bad_card"),
        ("POST", actions, act({"type": "bid", "bid": "many"}), 400, "bad_bid"),
        ("POST", actions, act({"type": "bid", "bid": 3, "seat": "S"}), 400, "bad_action"),
        # Actions that read but that the rules refuse now: it is South's turn to bid.
        ("POST", actions, act({"type": "play", "card": card_held_elsewhere}), 409, "wrong_phase"),
        ("POST", actions, act({"type": "bid", "bid": 14}), 409, "bid_out_of_range"),
        ("POST", actions, act({"type": "bid", "bid": "blind nil"}), 409, "blind_nil_not_allowed"),
        ("POST", actions, act({"type": "exchange", "cards": ["2c", "3c"]}), 409, "wrong_phase"),
        ("POST", f"/api/games/{game}/next", person, 409, "hand_not_over"),
        ("POST", f"/api/games/{game}/next", {**person, "token": "x"}, 403, "wrong_token"),
        ("POST", f"/api/games/{game}/undo", person, 409, "nothing_to_undo"),
    ]


def test_every_bad_request_about_a_game_is_refused_and_changes_nothing(
    site: tuple[lobby.Lobby, Client],
) -> None:
    the_lobby, client = site
    data = client.call("POST", "/api/games", {"level": "easy", "seed": 11})[1]
    game = the_lobby.game(data["game"])
    elsewhere = str(next(iter(game.table.state.holding(Seat.N))))
    for method, path, body, status, reason in game_refusals(game.id, data["token"], elsewhere):
        before, version = game.table.state, game.version
        raw = body if isinstance(body, bytes) else None
        got, answer = client.call(method, path, body, raw=raw)
        assert got == status and answer["error"]["reason"] in reason.split("|"), (path, answer)
        assert answer["error"]["message"].endswith("."), answer
        assert game.table.state is before and game.version == version


def test_an_illegal_card_is_refused_with_the_rules_sentence(
    site: tuple[lobby.Lobby, Client],
) -> None:
    the_lobby, client = site
    data = client.call("POST", "/api/games", {"level": "easy", "seed": 11})[1]
    game, token = the_lobby.game(data["game"]), data["token"]
    data = client.act(game.id, "S", token, {"type": "bid", "bid": 3})[1]
    refusals: dict[str, str] = {}
    while data["view"]["phase"] == "play":
        view = data["view"]
        legal = {action["card"] for action in view["legal_actions"]}
        state = game.table.state
        elsewhere = next(str(card) for seat in "NEW" for card in state.holding(seat))
        for card in [*sorted(set(view["hand"]["cards"]) - legal), elsewhere]:
            before = game.table.state
            status, answer = client.act(game.id, "S", token, {"type": "play", "card": card})
            assert status == 409 and game.table.state is before
            refusals.setdefault(answer["error"]["reason"], answer["error"]["message"])
        data = client.act(game.id, "S", token, choose(view))[1]
    assert {"card_not_held", "revoke"} <= set(refusals)
    assert refusals["card_not_held"].startswith("South does not hold ")
    assert refusals["revoke"].startswith("South must follow ")
    assert all(message.endswith(".") for message in refusals.values())


def blind_nil_game(the_lobby: lobby.Lobby) -> tuple[lobby.Game, str]:
    """A game against the computer under pagat's rules with South's team 200 behind, so that
    South may bid blind nil: the game's table is swapped for one resumed at that standing."""
    data = the_lobby.handle("POST", "/api/games", "", b'{"level": "easy", "rules": "pagat"}')[1]
    game = the_lobby.game(data["game"])
    behind = spades.new_game("pagat", scores={"NS": 0, "EW": 200})
    with game.lock:
        game.table = Table(["hard", "easy", None, "easy"], state=behind, seed=3)
        lobby.play_on(game.table)
    return game, data["token"]


def test_a_blind_nil_and_its_exchange(site: tuple[lobby.Lobby, Client], recorder: Recorder) -> None:
    the_lobby, client = site
    game, token = blind_nil_game(the_lobby)
    data = client.act(game.id, "S", token, {"type": "bid", "bid": "blind nil"})[1]
    view = data["view"]
    # Under pagat's rules the blind nil bidder gives first: South passes two cards, then North
    # gives two back.
    assert (
        view["phase"] == "exchange" and view["to_act"] == "S" and len(view["hand"]["cards"]) == 13
    )
    assert view["exchanges"] == []
    three = view["hand"]["cards"][:3]
    status, refused = client.act(game.id, "S", token, {"type": "exchange", "cards": three})
    assert (status, refused["error"]["message"]) == (409, "South must pass exactly 2 cards, not 3.")
    status, data = client.act(game.id, "S", token, {"type": "exchange", "cards": three[:2]})
    assert status == 200 and data["view"]["phase"] == "play"
    gifts = data["view"]["exchanges"]
    assert [(gift["seat"], gift["count"]) for gift in gifts] == [("S", 2), ("N", 2)]
    assert len(data["view"]["hand"]["cards"]) == 13
    recorder.check(Seat.S, at_least=3)


def test_a_bug_is_a_500_with_a_sentence() -> None:
    def broken(game: lobby.Game, seat: Seat, data: dict[str, Any]) -> None:
        raise RuntimeError("a bug")

    the_lobby = lobby.Lobby(observer=broken)
    with running(the_lobby) as server:
        status, data = Client(server.server_address[1]).call("POST", "/api/games", {})
    assert status == 500 and data["error"]["message"] == "The server failed; see its log."


def test_the_oldest_games_are_forgotten() -> None:
    the_lobby = lobby.Lobby(max_games=2)
    made = [the_lobby.handle("POST", "/api/games", "", b'{"seed": 1}')[1]["game"] for _ in range(3)]
    status, data = the_lobby.handle("GET", f"/api/games/{made[0]}", "seat=S&token=x")
    assert status == 404 and data["error"]["reason"] == "unknown_game"
    assert list(the_lobby._games) == made[1:]


# -- HTTP: every method, a client that goes away, a body that never comes ----------------------

#: Each address and the methods it takes, as the API's docstring documents them.
ADDRESSES = [
    ("/api/presets", "GET, HEAD"),
    ("/api/games", "POST"),
    ("/api/games/nope", "GET, HEAD"),
    ("/api/games/nope/actions", "POST"),
    ("/api/games/nope/next", "POST"),
    ("/", "GET, HEAD"),
    ("/table.js", "GET, HEAD"),
]


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "OPTIONS"])
def test_a_method_no_address_takes_is_a_405_in_json_with_allow(
    site: tuple[lobby.Lobby, Client], method: str
) -> None:
    the_lobby, client = site
    for path, allow in ADDRESSES:
        status, headers, body = client.raw(method, path, b"{}" if method != "OPTIONS" else None)
        assert (status, headers["Allow"]) == (405, allow), (method, path)
        assert headers["Content-Type"] == "application/json"
        taken = allow.split(",")[0]
        assert json.loads(body)["error"] == {
            "reason": "method_not_allowed",
            "message": f"This address takes {taken}, not {method}.",
        }
    assert the_lobby._games == {}


def test_head_is_a_get_without_the_body(site: tuple[lobby.Lobby, Client]) -> None:
    _, client = site
    status, headers, body = client.raw("HEAD", "/table.js")
    size = len((WEB_TABLE / "static" / "table.js").read_bytes())
    assert (status, body, headers["Content-Length"]) == (200, b"", str(size))
    status, _, body = client.raw("HEAD", "/api/presets")
    assert status == 200 and body == b""


def test_a_client_that_goes_away_before_its_answer_is_no_traceback(
    capfd: pytest.CaptureFixture[str],
) -> None:
    # The answer is held back until the client has dropped the connection (a reset, as a
    # browser closing its window makes), so that writing it fails.
    gone = threading.Event()

    def hold(game: lobby.Game, seat: Seat, data: dict[str, Any]) -> None:
        gone.wait(10)
        time.sleep(0.1)

    the_lobby = lobby.Lobby(observer=hold)
    with running(the_lobby) as server:
        body = b'{"seed": 1}'
        client = socket.create_connection(("127.0.0.1", server.server_address[1]))
        client.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s"
            % (len(body), body)
        )
        time.sleep(0.2)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()
        gone.set()
        time.sleep(0.5)  # the server writes, and fails
        assert Client(server.server_address[1]).call("GET", "/api/presets")[0] == 200
    assert len(the_lobby._games) == 1
    assert capfd.readouterr().err == ""


def test_a_body_that_never_comes_is_a_408_after_the_timeout() -> None:
    with running(lobby.Lobby(), timeout=0.3) as server:
        port = server.server_address[1]
        client = socket.create_connection(("127.0.0.1", port))
        client.settimeout(5)
        started = time.monotonic()
        client.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{")
        answer = client.makefile("rb").read()  # the server closes the connection after it
        assert time.monotonic() - started < 3
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.0 408 ") and json.loads(body)["error"] == {
            "reason": "body_timeout",
            "message": "The request's body did not all arrive within 0.3 seconds: 50 bytes "
            "were announced.",
        }
        client.close()
        # A connection that sends nothing at all is closed after the timeout too.
        idle = socket.create_connection(("127.0.0.1", port))
        idle.settimeout(5)
        assert idle.recv(100) == b""
        idle.close()
        assert Client(port).call("GET", "/api/presets")[0] == 200


@pytest.mark.parametrize(
    ("headers", "status", "reason"),
    [
        (b"Transfer-Encoding: chunked\r\n", 411, "length_required"),
        (b"Content-Length: 1_0\r\n", 400, "bad_length"),
        (b"Content-Length: -3\r\n", 400, "bad_length"),
        (b"Content-Length: 99999999999\r\n", 413, "body_too_large"),
    ],
)
def test_a_body_of_no_length_or_too_long_is_refused(
    site: tuple[lobby.Lobby, Client], headers: bytes, status: int, reason: str
) -> None:
    the_lobby, client = site
    connection = socket.create_connection(("127.0.0.1", client.port))
    connection.settimeout(10)
    connection.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n{}")
    connection.shutdown(socket.SHUT_WR)
    head, _, body = connection.makefile("rb").read().partition(b"\r\n\r\n")
    connection.close()
    assert head.split()[1] == str(status).encode()
    assert json.loads(body)["error"]["reason"] == reason
    assert the_lobby._games == {}


# -- the end of a hand and of the game -----------------------------------------------------------


def one_hand_game(the_lobby: lobby.Lobby) -> tuple[lobby.Game, str]:
    """A game against the computer under rules that end it after one hand, played to its end
    by the person always making the first legal move."""
    data = the_lobby.handle("POST", "/api/games", "", b'{"level": "easy", "seed": 3}')[1]
    game = the_lobby.game(data["game"])
    rules = spades.find_ruleset("standard").evolve(max_hands=1)
    with game.lock:
        game.table = Table(list(game.table.players), rules=rules, seed=3)
        lobby.play_on(game.table)
    return game, data["token"]


def test_a_move_after_the_hand_or_the_game_is_over_says_what_to_do(
    site: tuple[lobby.Lobby, Client],
) -> None:
    the_lobby, client = site
    data = client.call("POST", "/api/games", {"level": "easy", "seed": 5})[1]
    game_id, token = data["game"], data["token"]
    while data["view"]["phase"] == "bidding" or data["view"]["legal_actions"]:
        data = client.act(game_id, "S", token, choose(data["view"]))[1]
    assert data["view"]["phase"] == "hand_over"
    game, version = the_lobby.game(game_id), data["version"]
    before = game.table.state
    status, refused = client.act(game_id, "S", token, {"type": "play", "card": "2c"})
    assert (status, refused["error"]) == (
        409,
        {
            "reason": "hand_over",
            "message": "Hand 1 is over, so no card or bid is taken now; deal the next hand "
            "(the Next hand button) to play on.",
        },
    )
    assert game.table.state is before and game.version == version
    # A game over: no move, no undo (which would reopen it), no next hand.
    game, token = one_hand_game(the_lobby)
    person = {"seat": "S", "token": token}
    data = client.view(game.id, "S", token)[1]
    while data["view"]["legal_actions"]:
        data = client.act(game.id, "S", token, choose(data["view"]))[1]
    assert data["view"]["phase"] == "game_over" and data["view"]["result"]
    over, version = game.table.state, game.version
    refusals = [
        (f"/api/games/{game.id}/actions", {**person, "action": {"type": "bid", "bid": 3}}),
        (f"/api/games/{game.id}/undo", person),
        (f"/api/games/{game.id}/next", person),
    ]
    messages = []
    for path, body in refusals:
        status, refused = client.call("POST", path, body)
        assert (status, refused["error"]["reason"]) == (409, "game_over")
        messages.append(refused["error"]["message"])
    assert messages == [
        "The game is over, so no card or bid is taken now; start a new game.",
        "The game is over, so nothing is taken back; start a new game.",
        "The game is over, so no hand is dealt; start a new game.",
    ]
    assert game.table.state is over and game.version == version


def test_the_host_page_learns_that_the_guest_came(site: tuple[lobby.Lobby, Client]) -> None:
    _, client = site
    data = client.call("POST", "/api/games", {"mode": "two", "seed": 2})[1]
    game_id, south, west = data["game"], data["token"], data["invite"]["token"]
    version = data["version"]
    assert client.view(game_id, "S", south)[1]["version"] == version
    client.view(game_id, "W", west)
    seen = client.view(game_id, "S", south)[1]
    # One change, which makes South's page draw again: without the invitation.
    assert seen["version"] == version + 1 and seen["invite"]["joined"]
    client.view(game_id, "W", west)
    assert client.view(game_id, "S", south)[1]["version"] == version + 1


# -- words ---------------------------------------------------------------------------------------

#: Past JavaScript's exact whole numbers, which a client in a browser could not have meant.
TOO_LARGE = "a number in a request is at most 9007199254740991 either side of 0, the whole "
TOO_LARGE += "numbers JSON carries exactly."

#: Requests whose values are of the wrong kind, and the sentence each gets, in JSON's words.
WRONG_KINDS = [
    (
        {"partnerships": "no"},
        '"partnerships" is true or false (or null for the rules\' own), not "no".',
    ),
    ({"partnerships": 1}, '"partnerships" is true or false (or null for the rules\' own), not 1.'),
    (
        {"target": True},
        "The target is a whole number of points, such as 500 (or null for the "
        "rules' own), not true.",
    ),
    (
        {"target": 2.5},
        "The target is a whole number of points, such as 500 (or null for the "
        "rules' own), not 2.5.",
    ),
    ({"seed": True}, "A seed is a whole number or text, not true."),
    ({"seed": [1, 2]}, "A seed is a whole number or text, not [1, 2]."),
    ({"rules": None}, 'The rules are named by text, such as "standard", not null.'),
    ({"rules": {"a": 1}}, 'The rules are named by text, such as "standard", not {"a": 1}.'),
    (
        {"rules": "poker"},
        'There are no rules called "poker" here; the presets are listed at /api/presets.',
    ),
    ({"seed": 2**60}, f"{2**60} is too large: {TOO_LARGE}"),
    ({"target": -(2**53)}, f"{-(2**53)} is too large: {TOO_LARGE}"),
]

WRONG_ACTIONS = [
    (None, 'An action is an object such as {"type": "play", "card": "Qh"}, not null.'),
    ("bid 3", 'An action is an object such as {"type": "play", "card": "Qh"}, not "bid 3".'),
    ({"type": False}, 'An action\'s type is text, such as "play", not false.'),
    ({"type": "bid", "bid": True}, 'A bid is a number of tricks, "nil" or "blind nil", not true.'),
    ({"type": "bid", "bid": None}, 'A bid is a number of tricks, "nil" or "blind nil", not null.'),
    ({"type": "bid", "bid": 10**16}, f"{10**16} is too large: {TOO_LARGE}"),
    ({"type": "bid", "bid": 3.0}, 'A bid is a number of tricks, "nil" or "blind nil", not 3.0.'),
    ({"type": "play", "card": ["Qh"]}, 'A card is text, such as "Qh", not ["Qh"].'),
    (
        {"type": "exchange", "cards": "As"},
        'Cards are an array of text, such as ["2c", "3d"], not "As".',
    ),
    (
        {"type": "exchange", "cards": ["As", 2]},
        'Cards are an array of text, such as ["2c", "3d"], not ["As", 2].',
    ),
]


@pytest.mark.parametrize(("request_body", "message"), WRONG_KINDS)
def test_a_value_of_the_wrong_kind_is_named_in_json(
    request_body: dict[str, Any], message: str
) -> None:
    the_lobby = lobby.Lobby()
    status, data = create(the_lobby, **request_body)
    assert (status, data["error"]["message"]) == (400, message)
    assert the_lobby._games == {}


@pytest.mark.parametrize(("action", "message"), WRONG_ACTIONS)
def test_an_action_of_the_wrong_kind_is_named_in_json(action: object, message: str) -> None:
    the_lobby = lobby.Lobby()
    token = create(the_lobby, level="easy", seed=1)[1]["token"]
    (game,) = the_lobby._games.values()
    body = json.dumps({"seat": "S", "token": token, "action": action}).encode()
    status, data = the_lobby.handle("POST", f"/api/games/{game.id}/actions", body=body)
    assert (status, data["error"]["message"]) == (400, message)


def test_the_picture_is_the_seats_table_its_legal_cards_raised(table_kind: TableKind) -> None:
    the_lobby = lobby.Lobby()
    request: dict[str, Any] = {"level": "easy", "seed": 4, "rules": table_kind.preset}
    data = create(the_lobby, **request)[1]
    game = the_lobby.game(data["game"])
    me = Seat[data["seat"]]
    path = f"/api/games/{game.id}/actions"
    while data["view"]["legal_actions"]:  # at two the draw, then a bid and the cards
        picture = ElementTree.fromstring(data["picture"])
        assert picture.get("data-viewer") == me.name
        seats = {seat.get("data-seat"): seat for seat in picture.iter(SVG + "g") if is_seat(seat)}
        assert set(seats) == {seat.name for seat in table_kind.seats}
        assert seats[me.name].get("data-position") == "bottom"
        state = game.table.state
        legal = {
            action["card"] for action in data["view"]["legal_actions"] if action["type"] == "play"
        }
        for name, seat in seats.items():
            cards = [g for g in seat.iter(SVG + "g") if "card" in g.get("class", "").split()]
            faces = {card.get("data-card") for card in cards if card.get("data-card")}
            if name == me.name:  # the seat's own hand face up, the cards it may play raised
                assert faces == {str(card) for card in state.holding(me)}
                raised = {c.get("data-card") for c in cards if "legal" in c.get("class", "")}
                assert raised == legal
            else:  # every other hand face down
                assert faces == set() and len(cards) == len(state.holding(Seat[name]))
        action = data["view"]["legal_actions"][-1 if table_kind.draws else 0]
        body = json.dumps({"seat": me.name, "token": data["token"], "action": action})
        token = data["token"]
        status, data = the_lobby.handle("POST", path, body=body.encode())
        assert status == 200, data
        data["token"] = token


SVG = "{http://www.w3.org/2000/svg}"


def is_seat(group: ElementTree.Element) -> bool:
    return "seat" in group.get("class", "").split() and group.get("data-seat") is not None


def test_the_counts_are_said_with_their_nouns_in_the_right_number() -> None:
    the_lobby = lobby.Lobby()
    data = create(the_lobby, level="easy", seed=1)[1]
    game = the_lobby.game(data["game"])
    standing = spades.new_game("standard", scores={"NS": 1, "EW": 120}, bags={"NS": 1, "EW": 2})
    with game.lock:
        game.table = Table(list(game.table.players), state=standing, seed=1)
        lobby.play_on(game.table)
    words = the_lobby.handle("GET", f"/api/games/{game.id}", f"seat=S&token={data['token']}")[1][
        "words"
    ]
    assert words["scores"] == {"NS": "1 point, 1 bag", "EW": "120 points, 2 bags"}
    assert (words["stock_size"], words["exchange"]) == ("0 cards", None)


# -- the script ------------------------------------------------------------------------------------


@pytest.mark.parametrize("port", ["abc", "70000", "-1", "8o"])
def test_a_bad_port_is_one_line_without_a_traceback(port: str) -> None:
    result = subprocess.run(
        [sys.executable, str(WEB_TABLE / "server.py"), "--port", port],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("server.py: argument --port: a port is a whole number")


def test_the_script_serves_and_stops_cleanly_on_ctrl_c() -> None:
    process = subprocess.Popen(
        [sys.executable, str(WEB_TABLE / "server.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C reaches the script even where this test runs with SIGINT ignored (a background
        # job), which the script would inherit.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        port = int(match.group(1))
        assert Client(port).call("GET", "/api/presets")[0] == 200
        # The port is taken now: a second server says so in one line.
        taken = subprocess.run(
            [sys.executable, str(WEB_TABLE / "server.py"), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert taken.returncode == 1 and taken.stderr.count("\n") == 1
        assert taken.stderr.startswith(f"server.py: cannot listen at 127.0.0.1:{port}: ")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0 and "Stopped." in out
    assert "Traceback" not in err and "GET /api/presets 200" in err


# -- at every table --------------------------------------------------------------------------------


def create(the_lobby: lobby.Lobby, **request: Any) -> tuple[int, dict[str, Any]]:
    return the_lobby.handle("POST", "/api/games", body=json.dumps(request).encode())


#: Who plays: one person (at South, or North at two) against the computers, or two people, the
#: second at West at four, North at three and East at two.
PEOPLE = {"partners": "SW", "alone": "SW", "three": "SN", "two": "NE"}


def sides_of(table: TableKind) -> dict[str, list[str]]:
    """The sides a reply names: the teams, or each seat in play alone."""
    if table.partnerships:
        return {"NS": ["N", "S"], "EW": ["E", "W"]}
    return {seat.name: [seat.name] for seat in table.seats}


def test_a_web_game_at_every_table_through_the_api(table_kind: TableKind) -> None:
    recorder = Recorder()
    the_lobby = lobby.Lobby(observer=recorder)
    seats = [seat.name for seat in table_kind.seats]
    person, second = PEOPLE[table_kind.id]
    # The common game alone is the standard rules played alone; the others, their presets.
    request: dict[str, Any] = {"level": "easy", "seed": 6, "rules": table_kind.preset}
    if table_kind.id == "alone":
        request.update(rules="standard", partnerships=False)
    status, data = create(the_lobby, **request)
    assert status == 201, data
    # In partnerships North, the person's partner, plays at Hard.
    computers = {
        seat: "hard" if table_kind.partnerships and seat == "N" else "easy" for seat in seats
    }
    assert data["players"] == {**computers, person: "person"}
    assert data["seat"] == person and data["sides"] == sides_of(table_kind)
    assert data["side"] == ("NS" if table_kind.partnerships else person)
    game_id, token = data["game"], data["token"]
    path = f"/api/games/{game_id}/actions"
    actions = 0
    while data["view"]["phase"] not in ("hand_over", "game_over"):
        # (at two: discard, a bid, a card)
        action = data["view"]["legal_actions"][-1 if table_kind.draws else 0]
        body = json.dumps({"seat": person, "token": token, "action": action}).encode()
        status, data = the_lobby.handle("POST", path, body=body)
        assert status == 200, data
        actions += 1
    # A bid and a card a trick, and at two the 13 cards drawn first.
    assert actions == (13 if table_kind.draws else 0) + 1 + table_kind.tricks
    seen = data["view"]
    assert set(seen["scores"]) == set(seen["bags"]) == set(sides_of(table_kind))
    assert set(seen["hand_sizes"]) == set(seen["tricks_taken"]) == set(seats)
    assert sum(seen["tricks_taken"].values()) == table_kind.tricks
    assert len(seen["completed_tricks"]) == table_kind.tricks
    assert all(len(trick["plays"]) == len(seats) for trick in seen["completed_tricks"])
    (done,) = seen["history"]
    assert set(done["points"]) == set(sides_of(table_kind)) and done["scores"] == seen["scores"]
    recorder.check(Seat[person], at_least=actions)
    # A seat with no player: asking for its view is refused with the library's sentence.
    for seat in table_kind.missing:
        query = f"seat={seat.name}&token={token}"
        status, refused = the_lobby.handle("GET", f"/api/games/{game_id}", query)
        assert status == 400 and refused["error"] == {
            "reason": "bad_seat",
            "message": table_kind.no_player(seat),
        }
    # Two people, the second invited, against Hard computers.
    status, data = create(the_lobby, mode="two", rules=table_kind.preset, seed=6)
    assert status == 201
    players = {seat: "person" if seat in (person, second) else "hard" for seat in seats}
    assert data["players"] == players and data["sides"] == sides_of(table_kind)
    assert data["seat"] == person and data["invite"]["seat"] == second
    assert f"seat={second}" in data["invite"]["address"]
    assert data["side"] == ("NS" if table_kind.partnerships else person)
    # The new-game form learns which presets seat which table.
    status, offer = the_lobby.handle("GET", "/api/presets")
    assert status == 200 and set(offer["tables"]) == {p["name"] for p in offer["presets"]}
    assert offer["tables"][table_kind.preset] == {
        "players": table_kind.players,
        "partnerships": table_kind.partnerships,
    }
    assert offer["tables"]["four_levels"] == {"players": 4, "partnerships": True}


def test_a_preset_that_needs_partners_is_refused_alone() -> None:
    the_lobby = lobby.Lobby()
    status, data = create(the_lobby, rules="hoyle", partnerships=False)
    assert status == 400 and data["error"]["reason"] == "bad_option"
    assert "needs partners" in data["error"]["message"]
    status, data = create(the_lobby, partnerships="no")
    assert status == 400 and data["error"]["message"].endswith(".")
    assert the_lobby._games == {}


DECK = {str(card) for card in CARDS if not card.is_joker}


def test_a_web_game_of_two_draws_each_its_own_cards() -> None:
    # Two-handed Spades: the player after the dealer draws first; a card drawn is seen by its
    # drawer alone. The person at North: East has drawn first.
    recorder = Recorder()
    the_lobby = lobby.Lobby(observer=recorder)
    status, data = create(the_lobby, level="easy", rules="two_player", seed=6)
    assert status == 201, data
    seen = data["view"]
    assert seen["phase"] == "draw" and seen["drawn_card"] in DECK
    assert seen["legal_actions"] == [{"type": "keep"}, {"type": "discard"}]
    assert seen["discard_counts"] == {"N": 0, "E": 1} and seen["hand_sizes"] == {"N": 0, "E": 1}
    game_id, token = data["game"], data["token"]
    # Undo is refused in the draw: the card drawn has been seen.
    body = json.dumps({"seat": "N", "token": token}).encode()
    status, refused = the_lobby.handle("POST", f"/api/games/{game_id}/undo", body=body)
    assert status == 409 and refused["error"]["reason"] == "nothing_to_undo"
    path = f"/api/games/{game_id}/actions"
    while data["view"]["phase"] not in ("hand_over", "game_over"):
        action = data["view"]["legal_actions"][-1]  # discard, a bid, a card
        body = json.dumps({"seat": "N", "token": token, "action": action}).encode()
        status, data = the_lobby.handle("POST", path, body=body)
        assert status == 200, data
    seen = data["view"]
    assert len(seen["discards"]) == 13 and seen["discard_counts"] == {"N": 13, "E": 13}
    recorder.check(Seat.N, at_least=27)
    # Two people: North and East; each sees its own card drawn only.
    status, data = create(the_lobby, mode="two", rules="two_player", seed=6)
    game_id, invite = data["game"], data["invite"]
    tokens = {"N": data["token"], "E": invite["token"]}
    turns = 0
    while data["view"]["phase"] in ("deal", "draw"):
        status, east = the_lobby.handle(
            "GET", f"/api/games/{game_id}", f"seat=E&token={tokens['E']}"
        )
        assert status == 200
        status, north = the_lobby.handle(
            "GET", f"/api/games/{game_id}", f"seat=N&token={tokens['N']}"
        )
        assert status == 200
        drawer = north["view"]["to_act"]
        if north["view"]["phase"] != "draw":
            break
        mine, theirs = (north, east) if drawer == "N" else (east, north)
        assert mine["view"]["drawn_card"] in DECK and theirs["view"]["drawn_card"] is None
        assert theirs["view"]["legal_actions"] == []
        action = mine["view"]["legal_actions"][turns % 2]
        body = json.dumps({"seat": drawer, "token": tokens[drawer], "action": action}).encode()
        status, data = the_lobby.handle("POST", f"/api/games/{game_id}/actions", body=body)
        assert status == 200, data
        turns += 1
    assert turns == 26 and data["view"]["phase"] == "bidding"
    recorder.check(Seat.E, at_least=26)


# -- in a browser ----------------------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def waiting(driver: Any, timeout: float) -> Any:
    """Selenium's wait, polling often (imported here: Selenium may be missing)."""
    from selenium.webdriver.support.ui import WebDriverWait as Wait

    return Wait(driver, timeout, poll_frequency=0.02)


def need_browser() -> None:
    """Skip (or, with SPADES_REQUIRE_BROWSER=1, fail) when the browser or Selenium is missing."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    if importlib.util.find_spec("selenium") is None:
        missing.append("the selenium package")
    if missing:
        why = (
            f"The browser tests need {' and '.join(missing)} (apt-get install chromium "
            f"chromium-driver; pip install selenium)."
        )
        if os.environ.get("SPADES_REQUIRE_BROWSER") == "1":
            pytest.fail(why)
        pytest.skip(why)


@pytest.fixture
def browser(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """Opens headless Chromium windows (each its own browser), closed after the test, which
    must be marked ``browser`` (CI deselects those where there is no browser)."""
    assert request.node.get_closest_marker("browser"), f"{request.node.name}: mark it browser"
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    drivers: list[Any] = []

    def open_browser() -> Any:
        options = Options()
        options.binary_location = str(CHROMIUM)
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            f"--user-data-dir={tmp_path / f'profile-{len(drivers)}'}",
        ):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        # Both paths given: Selenium Manager has nothing to find or download.
        driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        drivers.append(driver)
        return driver

    yield open_browser
    for driver in drivers:
        driver.quit()


def page_state(driver: Any, wanted: tuple[str, ...], timeout: float = 20) -> str:
    """Wait until the page's body says it is in one of the ``wanted`` states; that state."""

    def state(_: object) -> str | bool:
        now = driver.execute_script("return document.body.dataset.state")
        return now if now in wanted else False

    found: str = waiting(driver, timeout).until(state)
    return found


#: The cards of the person's hand in the page's picture (the person sits at the bottom).
HAND = '#picture g.seat[data-position="bottom"] g.card'


def hand_cards(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(driver.find_elements(By.CSS_SELECTOR, HAND))


def click_card(driver: Any, card: Any) -> None:
    """Click a card of a fanned hand as a person would, on the part of it that shows: its left
    edge (the next card covers the rest)."""
    from selenium.webdriver.common.action_chains import ActionChains

    width = card.rect["width"]
    ActionChains(driver).move_to_element_with_offset(card, -width / 2 + 5, 0).click().perform()


def take_turn(driver: Any, *, try_an_illegal_card: bool = False) -> str:
    """Click as a person would: a bid (3 if offered), else the first raised card. With
    ``try_an_illegal_card``, first click a card that is not raised, if there is one, and return
    the sentence the page shows for the server's refusal."""
    from selenium.webdriver.common.by import By

    bids = driver.find_elements(By.CSS_SELECTOR, "#bids button.bid")
    if bids:
        three = [button for button in bids if button.get_attribute("data-bid") == "3"]
        (three or bids)[0].click()
        return ""
    refusal = ""
    blocked = driver.find_elements(By.CSS_SELECTOR, f"{HAND}:not(.legal)")
    if try_an_illegal_card and blocked:
        held = len(hand_cards(driver))
        click_card(driver, blocked[0])
        waiting(driver, 20).until(lambda _: driver.find_element(By.ID, "error").text)
        page_state(driver, ("my-turn",))
        refusal = driver.find_element(By.ID, "error").text
        assert len(hand_cards(driver)) == held
    click_card(driver, driver.find_element(By.CSS_SELECTOR, f"{HAND}.legal"))
    return refusal


def seat_at(driver: Any, position: str) -> Any:
    """The seat drawn at ``position`` (bottom, left, top, right) in the page's picture."""
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f'#picture g.seat[data-position="{position}"]')


def places(driver: Any) -> dict[str, str]:
    """Who sits where in the page's picture: each position drawn, and its seat."""
    from selenium.webdriver.common.by import By

    seats = driver.find_elements(By.CSS_SELECTOR, "#picture g.seat")
    return {seat.get_attribute("data-position"): seat.get_attribute("data-seat") for seat in seats}


def console_errors(driver: Any) -> list[str]:
    """The page's console errors, but for the refusals the tests provoke on purpose."""
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and "status of 409" not in entry["message"]
    ]


@pytest.mark.browser
def test_a_person_plays_a_whole_hand_in_the_browser(
    browser: Callable[[], Any], recorder: Recorder
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("standard")
        driver.find_element(By.ID, "start").click()
        turns, refusal = 0, ""
        while page_state(driver, ("my-turn", "hand-over")) == "my-turn":
            sentence = take_turn(driver, try_an_illegal_card=not refusal)
            refusal = refusal or sentence
            turns += 1
            assert turns <= 14
        assert turns == 14
        # The hand's score is shown, and the last trick with its winning card lit.
        score = driver.find_element(By.ID, "hand-score")
        assert score.is_displayed() and "Points" in score.text and "Hand 1" in score.text
        last = "#picture g.last-trick g.card"
        assert len(driver.find_elements(By.CSS_SELECTOR, last)) == 4
        assert len(driver.find_elements(By.CSS_SELECTOR, f"{last}.winning")) == 1
        assert hand_cards(driver) == []
        assert "Us (NS)" in driver.find_element(By.ID, "score-bar").text
        (game,) = the_lobby._games.values()
        assert (
            game.table.state.phase.value == "hand_over"
            and game.table.state.rules.target_score == 500
        )
        # A card the rules refuse was refused with the rules' sentence, and changed nothing.
        assert refusal.startswith(("South must follow ", "South may not lead a spade")), refusal
        # The next hand, dealt from the page.
        driver.find_element(By.ID, "next-hand").click()
        page_state(driver, ("my-turn",))
        assert len(driver.find_elements(By.CSS_SELECTOR, "#bids button.bid")) >= 13
        assert len(hand_cards(driver)) == 13
        assert console_errors(driver) == []
    # Every answer this browser got (bid, cards, refusals aside) named no other seat's card.
    recorder.check(Seat.S, at_least=15)


@pytest.mark.browser
def test_the_hint_button_lists_each_action_with_the_experts_choice_first(
    browser: Callable[[], Any], recorder: Recorder
) -> None:
    from selenium.webdriver.common.by import By

    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?seed=21")
        page_state(driver, ("setup",))
        driver.find_element(By.ID, "start").click()
        for _turn in range(2):  # the bid, then the first card
            page_state(driver, ("my-turn",))
            assert not driver.find_element(By.ID, "hints").is_displayed()
            driver.find_element(By.ID, "hint").click()
            listed = waiting(driver, 20).until(
                lambda _: driver.find_elements(By.CSS_SELECTOR, "#hints li")
            )
            (game,) = the_lobby._games.values()
            legal = game.table.view(Seat.S).legal_actions
            assert len(listed) == len(legal)
            assert "(the Expert's choice)" in listed[0].text
            # Each hint names one legal action, as a person types it, the worth after it for
            # the bids and cards the Expert plays out (all but a blind bid).
            named = [
                next(a for a in legal if item.text.startswith((f"{a} ", f"{a}:")))
                for item in listed
            ]
            assert sorted(map(str, named)) == sorted(map(str, legal))
            for item, action in zip(listed, named):
                blind = isinstance(action, spades.Bid) and action.blind
                assert (" points (spread " in item.text) is not blind
            take_turn(driver)
        assert console_errors(driver) == []
    recorder.check(Seat.S, at_least=2)


@pytest.mark.browser
def test_two_people_play_a_hand_at_two_browser_windows(
    browser: Callable[[], Any], recorder: Recorder
) -> None:
    from selenium.webdriver.common.by import By

    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        south, west = browser(), browser()
        south.get(f"{server.url}?poll=100&seed=4")
        page_state(south, ("setup",))
        south.find_element(By.CSS_SELECTOR, "input[name=mode][value=two]").click()
        south.find_element(By.ID, "start").click()
        page_state(south, ("my-turn", "waiting"))
        link = south.find_element(By.ID, "invite-link")
        assert link.is_displayed()
        west.get(link.get_attribute("href") + "&poll=100")
        page_state(west, ("my-turn", "waiting"))
        assert seat_at(west, "bottom").get_attribute("data-seat") == "W"
        assert seat_at(west, "right").get_attribute("data-seat") == "S"
        assert "You (West)" in west.find_element(By.ID, "players").text
        assert "South (the other person)" in west.find_element(By.ID, "players").text
        turns = {"S": 0, "W": 0}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            states = {}
            for seat, driver in (("S", south), ("W", west)):
                states[seat] = driver.execute_script("return document.body.dataset.state")
                if states[seat] == "my-turn":
                    take_turn(driver)
                    turns[seat] += 1
            if set(states.values()) == {"hand-over"}:
                break
            time.sleep(0.02)
        assert turns == {"S": 14, "W": 14}
        for driver in (south, west):
            assert driver.find_element(By.ID, "hand-score").is_displayed()
            assert console_errors(driver) == []
        assert not south.find_element(By.ID, "invite").is_displayed()  # West came
    recorder.check(Seat.S, at_least=14)
    recorder.check(Seat.W, at_least=14)


@pytest.mark.browser
def test_a_blind_nil_exchange_in_the_browser(
    browser: Callable[[], Any], recorder: Recorder
) -> None:
    from selenium.webdriver.common.by import By

    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        game, token = blind_nil_game(the_lobby)
        driver = browser()
        driver.get(f"{server.url}?" + urlencode({"game": game.id, "seat": "S", "token": token}))
        page_state(driver, ("my-turn",))
        driver.find_element(By.CSS_SELECTOR, '#bids button[data-bid="blind nil"]').click()
        page_state(driver, ("my-turn",))
        assert "Pick 2 cards" in driver.find_element(By.ID, "message").text
        # pagat: the blind nil bidder passes first, from the 13 cards dealt, and North passes back.
        cards = hand_cards(driver)
        assert len(cards) == 13
        passing = driver.find_element(By.ID, "pass")
        assert passing.is_displayed() and not passing.is_enabled()
        chosen = [cards[0].get_attribute("data-card"), cards[-1].get_attribute("data-card")]
        for card in chosen:
            click_card(driver, driver.find_element(By.CSS_SELECTOR, f'{HAND}[data-card="{card}"]'))
        assert len(driver.find_elements(By.CSS_SELECTOR, f"{HAND}.chosen")) == 2
        driver.find_element(By.ID, "pass").click()
        page_state(driver, ("my-turn", "waiting"))
        held = [card.get_attribute("data-card") for card in hand_cards(driver)]
        state = game.table.state
        assert state.phase.value == "play"
        (south, given), (north, returned) = state.exchanges
        assert (south, north) == (Seat.S, Seat.N)
        assert sorted(str(card) for card in given) == sorted(chosen)
        assert len(held) == 13 and {str(card) for card in returned} <= set(held)
        assert console_errors(driver) == []
    recorder.check(Seat.S, at_least=3)


# -- in a browser, at every table ------------------------------------------------------------------


@pytest.mark.browser
def test_a_person_alone_sees_four_scores_in_the_browser(
    browser: Callable[[], Any], recorder: Recorder
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("standard")
        driver.find_element(By.ID, "alone").click()
        driver.find_element(By.ID, "start").click()
        page_state(driver, ("my-turn",))
        boxes = driver.find_elements(By.CSS_SELECTOR, "#sides .side")
        # A box per player, the person's own first, then on round the table.
        assert [box.get_attribute("data-side") for box in boxes] == ["S", "W", "N", "E"]
        assert boxes[0].text.startswith("You (S) 0 points, 0 bags")
        assert [box.text.split(" 0 points")[0] for box in boxes[1:]] == [
            "West (W)",
            "North (N)",
            "East (E)",
        ]
        turns = 0
        while page_state(driver, ("my-turn", "hand-over")) == "my-turn":
            take_turn(driver)
            turns += 1
            assert turns <= 14
        (game,) = the_lobby._games.values()
        state = game.table.state
        assert state.phase is Phase.HAND_OVER and not state.rules.partnerships
        rows = driver.find_elements(By.CSS_SELECTOR, "#hand-score tr[data-side]")
        assert [row.get_attribute("data-side") for row in rows] == ["S", "W", "N", "E"]
        # Each row: the player's own bid, tricks, points and total, as the rules scored them.
        score = state.last_score
        assert score is not None
        for row in rows:
            seat = Seat.of(row.get_attribute("data-side"))
            cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            bid = state.history[-1].bids[seat]
            assert cells[1] == str(bid)
            assert cells[2] == str(state.history[-1].tricks_won[seat])
            assert int(cells[3]) == score.points[seat] and int(cells[4]) == state.scores[seat]
        bar = driver.find_element(By.ID, "score-bar").text
        assert "Us" not in bar and "Them" not in bar
        assert console_errors(driver) == []
    recorder.check(Seat.S, at_least=14)


@pytest.mark.browser
def test_a_person_plays_a_hand_of_three_in_the_browser(
    browser: Callable[[], Any], random_computers: None
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    recorder = Recorder()
    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("cutthroat3")
        # Three always play alone: the box is ticked for good, and the table is said.
        alone = driver.find_element(By.ID, "alone")
        assert alone.is_selected() and not alone.is_enabled()
        assert "Three play, North, East and South" in driver.find_element(By.ID, "rules-note").text
        driver.find_element(By.ID, "start").click()
        page_state(driver, ("my-turn",))
        # A place for each seat in play: South at the bottom, North on its left, East on its
        # right, and nobody at the top.
        assert places(driver) == {"bottom": "S", "left": "N", "right": "E"}
        for position in ("left", "right"):
            assert "17 cards" in seat_at(driver, position).text
        boxes = driver.find_elements(By.CSS_SELECTOR, "#sides .side")
        assert [box.get_attribute("data-side") for box in boxes] == ["S", "N", "E"]
        assert len(hand_cards(driver)) == 17
        turns = 0
        while page_state(driver, ("my-turn", "hand-over")) == "my-turn":
            take_turn(driver)
            turns += 1
            assert turns <= 18
        assert turns == 18
        # The last trick: three cards, each in front of its player, the winner's lit.
        played = driver.find_elements(By.CSS_SELECTOR, "#picture g.last-trick g.card")
        assert sorted(card.get_attribute("data-seat") for card in played) == ["E", "N", "S"]
        winning = driver.find_elements(By.CSS_SELECTOR, "#picture g.last-trick g.card.winning")
        assert len(winning) == 1
        rows = driver.find_elements(By.CSS_SELECTOR, "#hand-score tr[data-side]")
        assert [row.get_attribute("data-side") for row in rows] == ["S", "N", "E"]
        (game,) = the_lobby._games.values()
        state = game.table.state
        assert state.phase is Phase.HAND_OVER and state.rules.players == 3
        for row in rows:
            seat = Seat.of(row.get_attribute("data-side"))
            cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            assert int(cells[3]) == state.last_score.points[seat]
            assert int(cells[4]) == state.scores[seat]
        assert console_errors(driver) == []
    recorder.check(Seat.S, at_least=18)


@pytest.mark.browser
def test_a_person_draws_and_bids_at_two_in_the_browser(
    browser: Callable[[], Any], random_computers: None
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    recorder = Recorder()
    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("two_player")
        alone = driver.find_element(By.ID, "alone")
        assert alone.is_selected() and not alone.is_enabled()
        assert "Two play, North and East" in driver.find_element(By.ID, "rules-note").text
        driver.find_element(By.ID, "start").click()
        page_state(driver, ("my-turn",))
        # Two places: North (the person) at the bottom, East facing at the top.
        assert places(driver) == {"bottom": "N", "top": "E"}
        assert "discarded 1" in seat_at(driver, "top").text
        clicks = 0
        while driver.find_elements(By.CSS_SELECTOR, "#draw button.keep"):
            (game,) = the_lobby._games.values()
            card = driver.find_element(By.CSS_SELECTOR, "#picture g.middle g.card.drawn")
            assert card.get_attribute("data-card") == str(game.table.state.drawn_card)
            assert "keep it" in driver.find_element(By.ID, "message").text
            choice = "keep" if clicks % 3 else "discard"
            driver.find_element(By.CSS_SELECTOR, f"#draw button.{choice}").click()
            page_state(driver, ("my-turn",))
            clicks += 1
            assert clicks <= 13
        assert clicks == 13
        # The hands are drawn: 13 cards each, 13 discards of North's own shown, then the bidding.
        assert len(hand_cards(driver)) == 13
        discards = " ".join(
            card.to_text(unicode=True) for card in game.table.state.discards[Seat.N]
        )
        assert f"discarded 13 ({discards})" in seat_at(driver, "bottom").text
        assert driver.find_elements(By.CSS_SELECTOR, "#bids button.bid")
        take_turn(driver)  # a bid
        page_state(driver, ("my-turn", "hand-over"))
        (game,) = the_lobby._games.values()
        assert game.table.state.phase is Phase.PLAY
        assert game.table.state.bids[Seat.N] is not None
        take_turn(driver)  # a card
        page_state(driver, ("my-turn", "hand-over"))
        assert console_errors(driver) == []
    recorder.check(Seat.N, at_least=15)


# -- what a player sees besides the cards ----------------------------------------------------------


def check_the_trick_around(driver: Any, state: Any) -> tuple[bool, bool]:
    """The page's last trick, leader and spades, against the game ``state`` they were drawn
    from: whether a last trick was shown, and whether spades were broken."""
    from selenium.webdriver.common.by import By

    current, done = state.current_trick, state.completed_tricks
    boxes = driver.find_elements(By.CSS_SELECTOR, "#picture g.last-trick")
    assert len(boxes) == (1 if done else 0)
    if done:
        cards = boxes[0].find_elements(By.CSS_SELECTOR, "g.card")
        played = {
            card.get_attribute("data-seat"): card.get_attribute("data-card") for card in cards
        }
        assert played == {seat.name: str(card) for seat, card in done[-1].plays}
        (lit,) = boxes[0].find_elements(By.CSS_SELECTOR, "g.card.winning")
        assert lit.get_attribute("data-seat") == done[-1].winner.name
        assert f"Last trick: {done[-1].winner.full_name} took it" in boxes[0].text
    said = driver.find_element(By.ID, "leader").text
    if current is None:  # the bidding
        assert said == ""
        return bool(done), state.spades_broken
    leader = current.leader
    if current.plays:
        assert said == ("You led" if leader is Seat.S else f"{leader.full_name} led")
    else:
        assert said == ("Your lead" if leader is Seat.S else f"{leader.full_name}'s lead")
    facts = [fact.text for fact in driver.find_elements(By.CSS_SELECTOR, "#picture text.fact")]
    assert ("Spades broken." if state.spades_broken else "Spades not broken.") in facts
    return bool(done), state.spades_broken


def check_the_score_pad(driver: Any, state: Any) -> None:
    """A row per hand played, each side's score after it and its points in it, as the game
    scored them; the person's team first."""
    from selenium.webdriver.common.by import By

    rows = driver.find_elements(By.CSS_SELECTOR, "#score-pad tr[data-hand]")
    assert [row.get_attribute("data-hand") for row in rows] == [
        str(number + 1) for number in range(len(state.history))
    ]
    totals = {"NS": 0, "EW": 0}
    for row, hand in zip(rows, state.history):
        cells = row.find_elements(By.CSS_SELECTOR, "td[data-side]")
        assert [cell.get_attribute("data-side") for cell in cells] == ["NS", "EW"]
        for cell in cells:
            points = hand.score.points[spades.Team[cell.get_attribute("data-side")]]
            totals[cell.get_attribute("data-side")] += points
            shown = f"+{points}" if points > 0 else str(points)
            assert cell.text == f"{totals[cell.get_attribute('data-side')]} ({shown})"


@pytest.mark.browser
def test_the_last_trick_the_leader_spades_and_the_score_pad_in_the_browser(
    browser: Callable[[], Any],
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    the_lobby = lobby.Lobby()
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("standard")
        driver.find_element(By.ID, "start").click()
        seen: set[tuple[bool, bool]] = set()
        for hand in (1, 2):
            assert driver.find_element(By.ID, "score-pad").is_displayed() == (hand > 1)
            while page_state(driver, ("my-turn", "hand-over")) == "my-turn":
                (game,) = the_lobby._games.values()
                seen.add(check_the_trick_around(driver, game.table.state))
                take_turn(driver)
            (game,) = the_lobby._games.values()
            assert game.table.state.hand_number == hand
            assert driver.find_element(By.ID, "score-pad").is_displayed()
            check_the_score_pad(driver, game.table.state)
            assert driver.find_element(By.ID, "leader").text == ""
            driver.find_element(By.ID, "next-hand").click()
        # Each way, over two hands: a last trick shown or not (the first), spades broken or not.
        assert {shown for shown, _ in seen} == {True, False}
        assert {broken for _, broken in seen} == {True, False}
        assert console_errors(driver) == []


@pytest.mark.browser
def test_the_score_bar_counts_in_words_in_the_browser(browser: Callable[[], Any]) -> None:
    from selenium.webdriver.common.by import By

    the_lobby = lobby.Lobby()
    with running(the_lobby) as server:
        data = create(the_lobby, level="easy", seed=1)[1]
        game = the_lobby.game(data["game"])
        standing = spades.new_game("standard", scores={"NS": 1, "EW": 0}, bags={"NS": 1, "EW": 0})
        with game.lock:
            game.table = Table(list(game.table.players), state=standing, seed=1)
            lobby.play_on(game.table)
        driver = browser()
        driver.get(
            f"{server.url}?" + urlencode({"game": game.id, "seat": "S", "token": data["token"]})
        )
        page_state(driver, ("my-turn", "waiting"))
        boxes = driver.find_elements(By.CSS_SELECTOR, "#sides .side")
        names = driver.find_elements(By.CSS_SELECTOR, "#sides .side .detail")
        assert [box.text.removesuffix(name.text) for box, name in zip(boxes, names)] == [
            "Us (NS) 1 point, 1 bag",
            "Them (EW) 0 points, 0 bags",
        ]
        assert console_errors(driver) == []


@pytest.mark.browser
def test_the_invitation_goes_once_the_second_person_comes(browser: Callable[[], Any]) -> None:
    from selenium.webdriver.common.by import By

    the_lobby = lobby.Lobby()
    with running(the_lobby) as server:
        south, west = browser(), browser()
        south.get(f"{server.url}?poll=100&seed=4")
        page_state(south, ("setup",))
        south.find_element(By.CSS_SELECTOR, "input[name=mode][value=two]").click()
        south.find_element(By.ID, "start").click()
        # South is to bid first (East, a computer, bid already): South's page has no reason of
        # its own to look at the game again.
        assert page_state(south, ("my-turn", "waiting")) == "my-turn"
        link = south.find_element(By.ID, "invite-link")
        assert link.is_displayed()
        west.get(link.get_attribute("href") + "&poll=100")
        page_state(west, ("my-turn", "waiting"))
        deadline = time.monotonic() + 10
        while south.find_element(By.ID, "invite").is_displayed():
            assert time.monotonic() < deadline, "the invitation stayed on South's page"
            time.sleep(0.05)
        assert south.find_element(By.ID, "invite-link").text == ""
        assert page_state(south, ("my-turn",)) == "my-turn"
        assert console_errors(south) == console_errors(west) == []


@pytest.mark.browser
def test_a_card_is_played_from_the_keyboard_in_the_browser(browser: Callable[[], Any]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    the_lobby = lobby.Lobby()
    with running(the_lobby) as server:
        data = create(the_lobby, level="easy", seed=5)[1]
        driver = browser()
        driver.get(
            f"{server.url}?"
            + urlencode({"game": data["game"], "seat": "S", "token": data["token"]})
        )
        page_state(driver, ("my-turn",))
        take_turn(driver)  # the bid
        page_state(driver, ("my-turn",))
        (game,) = the_lobby._games.values()
        card = driver.find_element(By.CSS_SELECTOR, f"{HAND}.legal")
        name = card.get_attribute("data-card")
        assert card.get_attribute("role") == "button" and card.get_attribute("tabindex") == "0"
        driver.execute_script("arguments[0].focus()", card)
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        page_state(driver, ("my-turn", "hand-over"))
        played = [
            str(c)
            for trick in game.table.state.completed_tricks
            for s, c in trick.plays
            if s is Seat.S
        ]
        current = game.table.state.current_trick
        played += [str(c) for s, c in (current.plays if current else ()) if s is Seat.S]
        assert played == [name]
        assert console_errors(driver) == []
