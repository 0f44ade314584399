"""The web table's games and its JSON API, without HTTP: every request is answered as a status
and JSON-ready data, so this file is tested without a server or a browser.

A :class:`Lobby` keeps the games in memory. Each game is a :class:`spades.table.Table`
(computers act until a person must) and one secret token per person's seat, handed out when the
game is made.
Every request that reads or moves a game names a seat and carries that seat's token, and is
answered with that seat's view only (:meth:`spades.SeatView.to_dict`): a browser never receives
another seat's cards, because the server never puts them in a reply.

The API (``server.py`` maps HTTP onto :meth:`Lobby.handle`):

``GET /api/presets``
    The rule presets, the computer levels and the default rules, for the new-game form, and each
    preset's table in ``tables``: by name, its ``players`` (4, 3, or 2) and whether it plays in
    ``partnerships``.
``POST /api/games`` ``{"mode": "solo" | "two", "level", "rules", "target", "partnerships", "seed"}``
    A new game; every key may be left out. ``solo``: the person plays South with a Hard computer
    partner against two computers at ``level``. ``two``: two people, South and West (opposite
    teams), each with a Hard computer partner. ``"partnerships": false`` (the rule option
    ``partnerships``) makes every player play alone: ``solo`` is then the person against three
    computers at ``level``, ``two`` the two people against two Hard computers. Rules for three
    players (``"rules": "cutthroat3"``, the rule option ``players`` 3) seat North, East and South
    only, each alone: ``solo`` is the person against two computers, ``two`` South and North
    against one Hard computer. Two-handed Spades (``"rules": "two_player"``, the rule option
    ``players`` 2) seats North and East only: ``solo`` is the person, North, against one computer,
    ``two`` North and East, both people. Answers 201 with the person's view (South's; North's
    at two), their ``token`` and, for ``two``, an ``invite`` (the second person's seat, token and
    page address, West's or, at three, North's, at two East's) to send the second person.
``GET /api/games/<id>?seat=S&token=...``
    The seat's view.
``POST /api/games/<id>/actions`` ``{"seat", "token", "action": {"type": "play", "card": "Qh"}}``
    A person's bid, exchange or card, or, drawing in two-handed Spades, ``{"type": "keep"}`` or
    ``{"type": "discard"}`` for the card drawn (as :func:`spades.action_from_dict` reads it);
    the computers then act (and the cards are drawn) until a person must, or the hand is over.
    Answers with the new view.
``POST /api/games/<id>/next`` ``{"seat", "token"}``
    Deal the next hand once the last one is over (the page shows the hand's score until then).
``POST /api/games/<id>/undo`` ``{"seat", "token"}``
    Take back the person's last action (games against the computer only).

Every answer for a seat holds its ``view`` (:meth:`spades.SeatView.to_dict`), whose scores and
bags are keyed by side: ``"NS"`` and ``"EW"``, or ``"N"`` ``"E"`` ``"S"`` ``"W"`` when every player
plays alone (``"N"`` ``"E"`` ``"S"`` at a table of three, where every value by seat has those three
keys too). Beside it, ``sides`` gives the seats of each side in that order (``{"NS": ["N", "S"],
"EW": ["E", "W"]}``, or ``{"N": ["N"], ...}``) and ``side`` the seat's own, so that the page draws
a score per side and a side's bid and tricks without knowing the rules; ``players`` names who
plays each seat in play, so the page draws a place at the table for each of those seats only.

In two-handed Spades the view also holds the draw (see :meth:`spades.SeatView.to_dict`): the
seat's own ``discards`` and the card it drew and is to keep or discard (``drawn_card``), and, of
the other player, only how many cards it kept and discarded (``hand_sizes``,
``discard_counts``): its discards and the card it looks at are never in a reply to this seat.

Every refusal is a 4xx status with ``{"error": {"reason": ..., "message": ...}}`` (a reason to
branch on and a sentence to show), and changes nothing: 400 for a malformed request, 403 for a
wrong seat or token, 404 for an unknown game or address, 405 for a wrong method, 409 for an
action the rules refuse now (an illegal card, the wrong phase, not this seat's turn), 413 for a
body too large.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

import spades
from spades import Phase, Seat
from spades.bots import Level
from spades.table import Table

#: The rules a new game is played by unless the request names others: the browser game with four
#: computer levels that this page is modelled on.
DEFAULT_RULES = "four_levels"
#: The computer levels a person may play against.
LEVELS = tuple(level.value for level in Level)
#: The most games kept; making one more forgets the game used least recently.
MAX_GAMES = 500
#: The largest request body read, in bytes: an action is a few dozen.
MAX_BODY = 16_384

#: JSON-ready data, and a reply: an HTTP status and the data to send.
Data = dict[str, Any]
Reply = tuple[int, Data]


class Refusal(Exception):
    """A request refused: its HTTP status, a reason to branch on and a sentence to show."""

    def __init__(self, status: int, reason: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message

    def reply(self) -> Reply:
        return self.status, {"error": {"reason": self.reason, "message": self.message}}


@dataclass(eq=False)
class Game:
    """One game in memory: the table, who plays each seat, and each person's secret token."""

    id: str
    mode: str  # "solo" or "two"
    table: Table
    players: dict[str, str]  # "N" -> "person", or the level of the computer playing the seat
    tokens: dict[Seat, str]  # a token for each seat a person plays
    host: Seat = Seat.S  # the person who made the game (North at a table of two)
    version: int = 0  # goes up with every change, so that a page knows when to draw again
    joined: set[Seat] = field(default_factory=set)  # the people who have opened the game
    lock: threading.Lock = field(default_factory=threading.Lock)

    def page_address(self, seat: Seat) -> str:
        """The page's address for the person at ``seat``: it carries the seat's token."""
        return "/?" + urlencode({"game": self.id, "seat": seat.name, "token": self.tokens[seat]})


#: Called with every reply made for a seat, under the game's lock (see :class:`Lobby`).
Observer = Callable[[Game, Seat, Data], None]


def play_on(table: Table) -> None:
    """Deal if a deal is due, then let the computers act until a person must, the hand is over,
    or the game is.

    ``Table.advance`` would go on into the next hand at once; stopping at the end of a hand lets
    the page show the last trick and the hand's score until a person asks for the next deal.
    """
    while table.state.phase is not Phase.HAND_OVER and table.step() is not None:
        pass


class Lobby:
    """The games in memory, and the JSON API over them (see the module's docstring).

    Safe to call from many threads: one lock guards the registry of games and one per game
    guards its table. ``observer``, if given, is called with ``(game, seat, data)`` for every
    reply made for a seat, under the game's lock: a place to log or audit what each seat is
    sent (the tests check there that no seat ever receives another's cards).
    """

    def __init__(self, *, observer: Observer | None = None, max_games: int = MAX_GAMES) -> None:
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()
        self._max_games = max_games
        self.observer = observer

    # -- the registry ------------------------------------------------------------------------------

    def game(self, game_id: str) -> Game:
        """The game called ``game_id``; a 404 refusal if there is none."""
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                raise Refusal(
                    404,
                    "unknown_game",
                    f"There is no game {game_id!r} here; it may have ended with a server "
                    f"restart. Start a new game.",
                )
            self._games.move_to_end(game_id)  # most recently used last
            return game

    def _add(self, game: Game) -> None:
        with self._lock:
            self._games[game.id] = game
            while len(self._games) > self._max_games:
                self._games.popitem(last=False)

    # -- requests ----------------------------------------------------------------------------------

    def handle(self, method: str, path: str, query: str = "", body: bytes = b"") -> Reply:
        """Answer one request: ``path`` without its query, ``query`` the text after ``?``."""
        try:
            return self._route(method, path, query, body)
        except Refusal as refusal:
            return refusal.reply()

    def _route(self, method: str, path: str, query: str, body: bytes) -> Reply:
        parts = path.strip("/").split("/")
        if parts == ["api", "presets"]:
            _allow(method, "GET")
            return 200, presets()
        if parts == ["api", "games"]:
            _allow(method, "POST")
            keys = {"mode", "level", "rules", "target", "partnerships", "seed"}
            return self.create(read_object(body, keys))
        if len(parts) == 3 and parts[:2] == ["api", "games"]:
            _allow(method, "GET")
            game = self.game(parts[2])
            return self.show(game, read_query(query, {"seat", "token"}))
        if len(parts) == 4 and parts[:2] == ["api", "games"] and parts[3] in _MOVES:
            _allow(method, "POST")
            game = self.game(parts[2])
            keys = {"seat", "token", "action"} if parts[3] == "actions" else {"seat", "token"}
            return _MOVES[parts[3]](self, game, read_object(body, keys, required=keys))
        raise Refusal(404, "unknown_address", f"There is nothing at {path!r} here.")

    def create(self, request: Data) -> Reply:
        """A new game, dealt, with the computers acted until a person must."""
        mode = request.get("mode", "solo")
        if mode not in ("solo", "two"):
            raise Refusal(
                400, "bad_mode", f"A game's mode is 'solo' or 'two', not {json.dumps(mode)}."
            )
        level = request.get("level", "medium")
        if mode == "two" and "level" in request:
            raise Refusal(
                400,
                "bad_level",
                "In a game for two people every computer plays at the Hard level; leave out "
                "'level'.",
            )
        if level not in LEVELS:
            raise Refusal(
                400,
                "bad_level",
                f"A computer level is {', '.join(LEVELS)}, not {json.dumps(level)}.",
            )
        try:
            rules = spades.find_ruleset(request.get("rules", DEFAULT_RULES))
            if request.get("target") is not None:
                rules = rules.evolve(target_score=request["target"])
            if request.get("partnerships") is not None:
                # Refused with the rules' sentence: not true or false, or a preset with an option
                # that needs partners (a nil exchange, say) when every player plays alone.
                rules = rules.evolve(partnerships=request["partnerships"])
            if mode == "solo":
                # South; North at a table of two, where South has no player.
                table = Table.solo(level, rules=rules, seed=request.get("seed"))
            else:
                # South and West, or, at a table of three, South and North; at two, North and
                # East.
                table = Table.two_people(rules=rules, seed=request.get("seed"))
        except spades.SpadesError as error:  # an unknown preset, a bad option or seed
            raise Refusal(400, error.reason, error.message) from None
        # Every seat in play: North is the person's Hard partner in a partnership game, else
        # another opponent at the level asked for; West has no player at a table of three.
        computer = level if mode == "solo" else "hard"
        players = {
            seat.name: "person" if seat in table.people else computer
            for seat in table.state.rules.seats
        }
        tokens = {seat: secrets.token_urlsafe(16) for seat in table.people}
        host = Seat.S if Seat.S in table.people else table.people[0]
        partner = table.view(host).partner
        if mode == "solo" and partner is not None:
            players[partner.name] = "hard"
        game = Game(secrets.token_urlsafe(6), mode, table, players, tokens, host)
        with game.lock:
            play_on(table)
            self._add(game)
            game.joined.add(host)
            data = self.reply_data(game, host)
        data["token"] = tokens[host]
        return 201, data

    def show(self, game: Game, request: Data) -> Reply:
        """The seat's view, as it is now."""
        with game.lock:
            seat = person(game, request)
            game.joined.add(seat)
            return 200, self.reply_data(game, seat)

    def act(self, game: Game, request: Data) -> Reply:
        """A person's action, then the computers' until a person must act or the hand is over."""
        with game.lock:
            seat = person(game, request)
            try:
                action = spades.action_from_dict(request["action"], seat=seat)
                # Checked by the rules: an illegal action raises and leaves the state as it was.
                # advance=False: the computers' moves are made by play_on, which holds a
                # finished hand on the table until someone asks for the next deal.
                game.table.act(action, advance=False)
            except spades.NotationError as error:  # not an action at all
                raise Refusal(400, error.reason, error.message) from None
            except spades.IllegalActionError as error:  # an action the rules refuse now
                raise Refusal(409, str(error.reason), error.message) from None
            except spades.SpadesError as error:  # no person is to act: the hand is over
                raise Refusal(409, error.reason, error.message) from None
            play_on(game.table)
            game.version += 1
            return 200, self.reply_data(game, seat)

    def next_hand(self, game: Game, request: Data) -> Reply:
        """Deal the next hand, once the last one is over."""
        with game.lock:
            seat = person(game, request)
            if game.table.state.phase is not Phase.HAND_OVER:
                raise Refusal(
                    409,
                    "hand_not_over",
                    "The next hand is dealt once this one is over."
                    if not game.table.is_over
                    else "The game is over; start a new game.",
                )
            game.table.step()  # the deal
            play_on(game.table)
            game.version += 1
            return 200, self.reply_data(game, seat)

    def undo(self, game: Game, request: Data) -> Reply:
        """Take back the person's last action (and the computers' after it)."""
        with game.lock:
            seat = person(game, request)
            if game.mode != "solo":
                raise Refusal(
                    409,
                    "no_undo",
                    "Undo is only for a game against the computer: with two people it could "
                    "take back the other person's move.",
                )
            try:
                game.table.undo()
            except spades.SpadesError as error:  # nothing to take back this hand
                raise Refusal(409, error.reason, error.message) from None
            game.version += 1
            return 200, self.reply_data(game, seat)

    def reply_data(self, game: Game, seat: Seat) -> Data:
        """What ``seat`` is sent: its view and a few facts about the game (never anything that
        only another seat may see). Called under the game's lock."""
        table = game.table
        waiting = table.waiting_for
        rules = table.state.rules
        data: Data = {
            "game": game.id,
            "mode": game.mode,
            "seat": seat.name,
            "version": game.version,
            "players": game.players,
            "waiting_for": None if waiting is None else waiting.name,
            "view": table.view(seat).to_dict(),
            # Who scores together, in the order of the view's scores: teams, or seats alone.
            "sides": {
                side.name: [each.name for each in rules.seats if rules.side_of(each) is side]
                for side in rules.sides
            },
            "side": rules.side_of(seat).name,
        }
        if game.mode == "two" and seat is game.host:
            # The invitation is the host's to send (South's; North's at two): the second
            # person's page address (West's, North's at a table of three, East's at two), and
            # whether they came.
            (guest,) = (other for other in table.people if other is not game.host)
            data["invite"] = {
                "seat": guest.name,
                "token": game.tokens[guest],
                "address": game.page_address(guest),
                "joined": guest in game.joined,
            }
        if self.observer is not None:
            self.observer(game, seat, data)
        return data


_MOVES: dict[str, Callable[[Lobby, Game, Data], Reply]] = {
    "actions": Lobby.act,
    "next": Lobby.next_hand,
    "undo": Lobby.undo,
}


# -- reading a request -----------------------------------------------------------------------------


def _allow(method: str, allowed: str) -> None:
    if method != allowed:
        raise Refusal(405, "method_not_allowed", f"This address takes {allowed}, not {method}.")


#: What a JSON value that is not an object is called, by the Python type json.loads gives it.
_JSON_KINDS: dict[type, str] = {
    list: "an array",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true or false",
    type(None): "null",
}


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def read_object(body: bytes, allowed: Collection[str], *, required: Collection[str] = ()) -> Data:
    """The request's body as a JSON object with only ``allowed`` keys and every ``required``
    one; a 400 (413 when too large) refusal saying what is wrong otherwise."""
    if len(body) > MAX_BODY:
        raise Refusal(413, "body_too_large", f"A request body is at most {MAX_BODY} bytes.")
    if not body.strip():
        raise Refusal(400, "malformed_json", "The request has no body; send a JSON object.")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Refusal(400, "malformed_json", "The request body is not UTF-8 text.") from None
    except (ValueError, RecursionError) as error:
        raise Refusal(
            400, "malformed_json", f"The request body is not valid JSON ({error})."
        ) from None
    if not isinstance(data, dict):
        raise Refusal(
            400,
            "not_an_object",
            f'The request body must be a JSON object, such as {{"seat": "S"}}, not '
            f"{_JSON_KINDS.get(type(data), 'that')}.",
        )
    return _check_keys(data, allowed, required, "The request")


def read_query(query: str, allowed: Collection[str]) -> Data:
    """The query's parameters (each given once, all of ``allowed`` required)."""
    try:
        pairs = parse_qs(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise Refusal(400, "bad_query", f"The query {query!r} is not name=value pairs.") from None
    for name, values in pairs.items():
        if len(values) > 1:
            raise Refusal(400, "bad_query", f"The query gives {name!r} more than once.")
    data = {name: values[0] for name, values in pairs.items()}
    return _check_keys(data, allowed, allowed, "The query")


def _check_keys(data: Data, allowed: Collection[str], required: Collection[str], what: str) -> Data:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise Refusal(
            400,
            "unknown_key",
            f"{what} has {_names(unknown)}, which this address does not take; it takes "
            f"{_names(sorted(allowed))}.",
        )
    missing = sorted(set(required) - set(data))
    if missing:
        raise Refusal(400, "missing_key", f"{what} lacks {_names(missing)}.")
    return data


def _names(names: list[str]) -> str:
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def person(game: Game, request: Data) -> Seat:
    """The seat a request is for, once its token is checked: 400 for a seat or token that is
    not text or a seat nobody sits at (West at a table of three; South and West at two), 403 for a
    seat the computer
    plays or a wrong token."""
    seat_text, token = request.get("seat"), request.get("token")
    if not isinstance(seat_text, str):
        raise Refusal(400, "bad_seat", 'A request names its seat as text, such as "S".')
    rules = game.table.state.rules
    try:
        seat = Seat.of(seat_text)
        rules.side_of(seat)  # West at a table of three: refused with the rules' sentence
    except spades.SpadesError as error:
        raise Refusal(400, "bad_seat", error.message) from None
    if not isinstance(token, str):
        raise Refusal(400, "bad_token", "A request carries its seat's token, as text.")
    expected = game.tokens.get(seat)
    if expected is None:
        raise Refusal(
            403, "not_a_person", f"{seat.full_name} is played by the computer in this game."
        )
    # A comparison that takes as long whatever the token, so that it cannot be guessed by timing.
    if not hmac.compare_digest(token.encode(), expected.encode()):
        raise Refusal(403, "wrong_token", f"That is not {seat.full_name}'s token in this game.")
    return seat


def presets() -> Data:
    """What the new-game form offers."""
    return {
        "presets": [
            {
                "name": preset.name,
                "title": preset.title,
                "target_score": preset.rules.target_score,
            }
            for preset in spades.PRESETS
        ],
        # Who sits at each preset's table: how many play, and whether in partnerships.
        "tables": {
            preset.name: {
                "players": preset.rules.players,
                "partnerships": preset.rules.partnerships,
            }
            for preset in spades.PRESETS
        },
        "default": DEFAULT_RULES,
        "levels": list(LEVELS),
    }
