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
``GET /api/games/<id>/hints?seat=S&token=...``
    The seat's hints (:func:`spades.bots.hints`) while it is to act: ``{"hints": [...]}``, one
    for each legal action, the Expert's choice first, each ``{"action", "text", "points",
    "spread", "reason", "tricks"}`` (``action`` as ``legal_actions`` writes it, ``text`` the
    action as a person types it; ``points``, ``spread`` and ``tricks`` null where the hint has
    none). Read from the seat's view alone, seeded by the game and the moment, so the same moment
    gives the same hints; 409 ``not_my_turn`` when the seat has nothing to do.
``POST /api/games/<id>/undo`` ``{"seat", "token"}``
    Take back the person's last action (games against the computer only, and not once the
    game is over).

Every answer for a seat holds its ``view`` (:meth:`spades.SeatView.to_dict`), whose scores and
bags are keyed by side: ``"NS"`` and ``"EW"``, or ``"N"`` ``"E"`` ``"S"`` ``"W"`` when every player
plays alone (``"N"`` ``"E"`` ``"S"`` at a table of three, where every value by seat has those three
keys too). Beside it, ``sides`` gives the seats of each side in that order (``{"NS": ["N", "S"],
"EW": ["E", "W"]}``, or ``{"N": ["N"], ...}``) and ``side`` the seat's own, so that the page draws
a score per side and a side's bid and tricks without knowing the rules; ``players`` names who
plays each seat in play. ``picture`` is the table as this seat sees it, drawn by
:func:`spades.svg.table` from the same view (SVG text: every other hand face down, this seat's
cards that it may play, pass or discard now raised, each card face up a group with its
``data-card``), which the page puts in as it is and makes this seat's cards clickable in.
``words`` says the counts the page shows with their nouns, each in the number its count needs
(``{"scores": {"NS": "120 points, 1 bag", ...}, "stock_size": "0 cards", "exchange": "2
cards"}``, ``exchange`` null outside an exchange), so
that the page counts nothing in English itself.

In two-handed Spades the view also holds the draw (see :meth:`spades.SeatView.to_dict`): the
seat's own ``discards`` and the card it drew and is to keep or discard (``drawn_card``), and, of
the other player, only how many cards it kept and discarded (``hand_sizes``,
``discard_counts``): its discards and the card it looks at are never in a reply to this seat.

Every refusal is a 4xx status with ``{"error": {"reason": ..., "message": ...}}`` (a reason to
branch on and a sentence to show, which names a value the request gave as JSON writes it:
``true``, ``null``, ``["2c"]``), and changes nothing: 400 for a malformed request, 403 for a
wrong seat or token, 404 for an unknown game or address, 405 for a method the address does not
take (any of GET, POST, PUT, DELETE, PATCH, OPTIONS; the HTTP layer adds the ``Allow`` header,
from :meth:`Lobby.allowed`), 409 for an action the rules refuse now (an illegal card, the wrong
phase, not this seat's turn; ``hand_over`` and ``game_over`` for a move once the hand or the game
is over, saying what to do instead), 413 for a body too large. ``server.py`` adds 408 for a body
that does not arrive within its timeout and 411 for one sent in pieces of no stated length.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

from reading import (
    GAME_KINDS,
    Data,
    Refusal,
    Reply,
    check_action,
    check_kinds,
    json_text,
    read_object,
    read_query,
)

import spades
from spades import Phase, Seat, svg
from spades._text import plural
from spades.bots import Level, hints
from spades.table import Table

#: The rules a new game is played by unless the request names others: the browser game with four
#: computer levels that this page is modelled on.
DEFAULT_RULES = "four_levels"
#: The computer levels a person may play against.
LEVELS = tuple(level.value for level in Level)
#: The most games kept; making one more forgets the game used least recently.
MAX_GAMES = 500


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


def refuse_when_over(table: Table, nothing: str, *, hand: bool = True) -> None:
    """A 409 refusal when the game is over (reason ``game_over``), or, with ``hand``, when the
    hand is (``hand_over``): ``nothing`` says what is not done, and the refusal what to do."""
    state = table.state
    if state.is_over:
        raise Refusal(409, "game_over", f"The game is over, so {nothing}; start a new game.")
    if hand and state.phase is Phase.HAND_OVER:
        raise Refusal(
            409,
            "hand_over",
            f"Hand {state.hand_number} is over, so {nothing}; deal the next hand (the Next hand "
            f"button) to play on.",
        )


def find_rules(name: str) -> spades.RuleSet:
    """The preset called ``name`` (or one of its aliases); a 400 refusal naming where the presets
    are listed when there is none."""
    try:
        return spades.find_ruleset(name)
    except spades.SpadesError:
        raise Refusal(
            400,
            "unknown_preset",
            f"There are no rules called {json_text(name)} here; the presets are listed at "
            f"/api/presets.",
        ) from None


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
                    f"There is no game {json_text(game_id)} here; it may have ended with a server "
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

    def allowed(self, path: str) -> str | None:
        """The method the API address ``path`` takes (``"GET"`` or ``"POST"``), None when there is
        no such address: an HTTP layer's ``Allow`` for a 405."""
        return _address(path.strip("/").split("/"))

    def _route(self, method: str, path: str, query: str, body: bytes) -> Reply:
        parts = path.strip("/").split("/")
        allowed = _address(parts)
        if allowed is None:
            raise Refusal(404, "unknown_address", f"There is nothing at {json_text(path)} here.")
        if method != allowed:
            raise Refusal(405, "method_not_allowed", f"This address takes {allowed}, not {method}.")
        if parts == ["api", "presets"]:
            return 200, presets()
        if parts == ["api", "games"]:
            keys = {"mode", "level", "rules", "target", "partnerships", "seed"}
            return self.create(read_object(body, keys))
        game = self.game(parts[2])
        if len(parts) == 3:
            return self.show(game, read_query(query, {"seat", "token"}))
        if parts[3] == "hints":
            return self.hints(game, read_query(query, {"seat", "token"}))
        keys = {"seat", "token", "action"} if parts[3] == "actions" else {"seat", "token"}
        return _MOVES[parts[3]](self, game, read_object(body, keys, required=keys))

    def create(self, request: Data) -> Reply:
        """A new game, dealt, with the computers acted until a person must."""
        check_kinds(request, GAME_KINDS)
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
        rules = find_rules(request.get("rules", DEFAULT_RULES))
        try:
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
            if seat not in game.joined:
                game.joined.add(seat)
                game.version += 1  # the host's page draws again, without the invitation
            return 200, self.reply_data(game, seat)

    def act(self, game: Game, request: Data) -> Reply:
        """A person's action, then the computers' until a person must act or the hand is over."""
        with game.lock:
            seat = person(game, request)
            data = check_action(request["action"])
            refuse_when_over(game.table, "no card or bid is taken now")
            try:
                action = spades.action_from_dict(data, seat=seat)
                # Checked by the rules: an illegal action raises and leaves the state as it was.
                # advance=False: the computers' moves are made by play_on, which holds a
                # finished hand on the table until someone asks for the next deal.
                game.table.act(action, advance=False)
            except spades.NotationError as error:  # not an action at all
                raise Refusal(400, error.reason, error.message) from None
            except spades.IllegalActionError as error:  # an action the rules refuse now
                raise Refusal(409, str(error.reason), error.message) from None
            play_on(game.table)
            game.version += 1
            return 200, self.reply_data(game, seat)

    def next_hand(self, game: Game, request: Data) -> Reply:
        """Deal the next hand, once the last one is over."""
        with game.lock:
            seat = person(game, request)
            refuse_when_over(game.table, "no hand is dealt", hand=False)
            if game.table.state.phase is not Phase.HAND_OVER:
                raise Refusal(409, "hand_not_over", "The next hand is dealt once this one is over.")
            game.table.step()  # the deal
            play_on(game.table)
            game.version += 1
            return 200, self.reply_data(game, seat)

    def hints(self, game: Game, request: Data) -> Reply:
        """The seat's hints, from its view alone (never another seat's cards)."""
        with game.lock:
            seat = person(game, request)
            seat_view = game.table.view(seat)
            seed = f"web-table/{game.id}/{game.version}/{seat.name}"
            try:
                found = hints(seat_view, seed)
            except spades.SpadesError as error:  # nothing for this seat to do now
                raise Refusal(409, error.reason, error.message) from None
            return 200, {
                "hints": [
                    {
                        "action": spades.action_to_dict(hint.action),
                        "text": str(hint.action),
                        "points": hint.points,
                        "spread": hint.spread,
                        "reason": hint.reason,
                        "tricks": hint.tricks,
                    }
                    for hint in found
                ]
            }

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
            refuse_when_over(game.table, "nothing is taken back", hand=False)
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
        seat_view = table.view(seat)
        view = seat_view.to_dict()
        data: Data = {
            "game": game.id,
            "mode": game.mode,
            "seat": seat.name,
            "version": game.version,
            "players": game.players,
            "waiting_for": None if waiting is None else waiting.name,
            "view": view,
            # The table as this seat sees it, drawn by the library, the cards it may play raised.
            "picture": str(svg.table(seat_view, legal=True)),
            "words": counted(view),
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


def _address(parts: list[str]) -> str | None:
    """The method an API address, split at its slashes, takes; None when there is no such
    address."""
    if parts == ["api", "presets"]:
        return "GET"
    if parts == ["api", "games"]:
        return "POST"
    if len(parts) == 3 and parts[:2] == ["api", "games"]:
        return "GET"
    if len(parts) == 4 and parts[:2] == ["api", "games"] and parts[3] == "hints":
        return "GET"
    if len(parts) == 4 and parts[:2] == ["api", "games"] and parts[3] in _MOVES:
        return "POST"
    return None


# -- who is asking ---------------------------------------------------------------------------------


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


def counted(view: Data) -> Data:
    """The counts the page shows, each with its noun in the number the count needs ("1 bag", "2
    bags"), so that the page counts nothing in English itself: each side's points and bags, the
    cards left to draw, and how many cards this seat passes in an exchange now (null when it
    passes none)."""
    exchange = next((each for each in view["legal_actions"] if each["type"] == "exchange"), None)
    return {
        "scores": {
            side: f"{plural(points, 'point')}, {plural(view['bags'][side], 'bag')}"
            for side, points in view["scores"].items()
        },
        "stock_size": plural(view["stock_size"], "card"),
        "exchange": None if exchange is None else plural(len(exchange["cards"]), "card"),
    }


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
