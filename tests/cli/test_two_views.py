"""Two-handed Spades (``RuleSet(players=2, deal_method='draw_keep_discard')``, preset
``two_player``) at every front-end: the seat views and their JSON, the table driver, ``spades
play`` and ``spades demo``, and the web table.

The rules: North and East draw their hands. In turn, from the player after the dealer, a player
draws the top card of the stock, sees it, and keeps or discards it; the next card goes the other
way (kept if the first was discarded, discarded if it was kept), and the drawer sees it too. So
each player knows its own discards and the cards it looks at, and of the other player only how
many cards it has kept and discarded. A seat's view, and the JSON a server sends it, hold nothing
more: the other's hand, discards and waiting card, and the stock, never appear in them.

The tests that need computers to act seat a player who picks a legal action at random (see
:func:`random_computers`): what is under test here is the front-end, not the computer's play.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_cli_play import Person, run_play

import spades
import spades.table
from paths import ROOT
from spades import (
    Bid,
    Deal,
    Discard,
    GameState,
    Hand,
    Keep,
    Phase,
    Seat,
    SpadesError,
    apply,
    chance_action,
    find_ruleset,
    legal_actions,
    new_game,
    view,
)
from spades.actions import Action
from spades.cards import CARDS
from spades.cli import main
from spades.table import Table
from spades.views import SeatView
from test_web_table import (  # noqa: F401 (browser is a fixture)
    browser,
    console_errors,
    lobby,
    page_state,
    running,
    strings,
    take_turn,
)

N, E = Seat.N, Seat.E
TWO = find_ruleset("two_player")
DECK = {str(card) for card in CARDS if not card.is_joker}


def random_player(seen: SeatView, rng: random.Random) -> Action:
    """A computer that picks one of its legal actions at random."""
    return rng.choice(seen.legal_actions)


@pytest.fixture
def random_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer a table makes from a level (``'easy'``, ``Level.HARD``) picks at random."""
    monkeypatch.setattr(spades.table, "make_player", lambda level: random_player)


def hidden_from(state: GameState, seat: Seat) -> set[str]:
    """The cards ``seat`` may not see now: the other's hand and discards, the stock while drawing,
    and the card the other player is looking at."""
    other = E if seat is N else N
    hidden = set(state.holding(other))
    if state.phase is Phase.DRAW:
        hidden |= set(state.stock)
    if state.waste:
        hidden |= set(state.discards[other])
    if state.drawn_card is not None and state.to_act is other:
        hidden.add(state.drawn_card)
    return {str(card) for card in hidden}


def drawn(rng: random.Random, state: GameState | None = None) -> Iterator[GameState]:
    """Every state of one hand at two, from the start of the draw to the end of the play, the
    players choosing at random."""
    state = new_game(TWO) if state is None else state
    yield state
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        yield state


# -- the seat view and its JSON --------------------------------------------------------------------


def test_a_view_never_holds_the_other_players_discards_or_waiting_card() -> None:
    rng = random.Random(5)
    waiting_seen = 0
    for state in drawn(rng):
        for seat in (N, E):
            other = E if seat is N else N
            seen = view(state, seat)
            data = seen.to_dict()
            leaked = set(strings(data)) & hidden_from(state, seat)
            assert not leaked, f"{seat} sees {sorted(leaked)} at {state!r}"
            assert seen.hand == state.holding(seat)
            if state.waste:
                assert seen.discards == state.discards[seat]
                assert seen.discard_counts == tuple(len(hand) for hand in state.discards)
                assert data["discard_counts"] == {
                    "N": len(state.discards[N]),
                    "E": len(state.discards[E]),
                }
            if state.drawn_card is not None:
                drawer = state.to_act
                assert view(state, drawer).drawn_card == state.drawn_card  # type: ignore[arg-type]
                assert view(state, other if drawer is seat else seat).drawn_card is None
                if drawer is other:
                    waiting_seen += 1
                    assert seen.drawn_card is None and data["drawn_card"] is None
                    assert seen.legal_actions == () and data["legal_actions"] == []
            # Nothing in the view reaches the other's cards, the stock or the waiting card: no
            # attribute, public or not, names them.
            for name in seen.__slots__ or type(seen).__mro__[1].__slots__:  # type: ignore[attr-defined]
                value = getattr(seen, name)
                if isinstance(value, Hand):
                    assert not {str(card) for card in value} & hidden_from(state, seat)
    assert waiting_seen == 26  # each player waits while the other looks at 13 cards


def test_the_draw_in_a_views_json() -> None:
    rng = random.Random(2)
    state = new_game(TWO)
    data = view(state, N).to_dict()
    assert data["phase"] == "deal"
    assert data["drawn_card"] is None and data["legal_actions"] == []
    state = apply(state, chance_action(state, rng))
    assert state.phase is Phase.DRAW and state.to_act is E  # the player after the dealer
    east, north = view(state, E).to_dict(), view(state, N).to_dict()
    assert east["phase"] == "draw" and east["to_act"] == "E"
    assert east["drawn_card"] == str(state.drawn_card) and north["drawn_card"] is None
    assert east["legal_actions"] == [{"type": "keep"}, {"type": "discard"}]
    assert north["legal_actions"] == []
    assert east["discards"] == north["discards"] == []
    assert east["discard_counts"] == north["discard_counts"] == {"N": 0, "E": 0}
    assert east["stock_size"] == north["stock_size"] == 51
    assert set(east["hand_sizes"]) == set(east["tricks_taken"]) == {"N", "E"}
    assert set(east["scores"]) == {"N", "E"}
    for key in ("discards", "discard_counts", "drawn_card", "stock_size"):
        assert key in SeatView.to_dict.__doc__  # type: ignore[operator]
    # East keeps the card: the next one goes to East's discards, seen by East alone.
    first = state.drawn_card
    state = apply(state, Keep())
    state = apply(state, chance_action(state, rng))
    east, north = view(state, E).to_dict(), view(state, N).to_dict()
    assert east["hand"]["cards"] == [str(first)] and len(east["discards"]) == 1
    assert north["discards"] == [] and north["drawn_card"] is None
    assert east["discard_counts"] == north["discard_counts"] == {"N": 0, "E": 1}
    assert north["hand_sizes"] == {"N": 0, "E": 1}
    # North's turn: its card is still to draw (no action of North's yet), then it waits.
    assert state.needs_draw and north["to_act"] == "N" and north["legal_actions"] == []
    state = apply(state, chance_action(state, rng))
    north = view(state, N).to_dict()
    assert north["drawn_card"] == str(state.drawn_card) and north["stock_size"] == 49
    assert view(state, E).to_dict()["drawn_card"] is None
    assert north["to_act"] == "N" and north["legal_actions"] == [
        {"type": "keep"},
        {"type": "discard"},
    ]
    assert json.loads(json.dumps(north)) == north
    # Once drawn: 13 cards each, 13 discarded each, nothing left to draw; the discards stay.
    for later in drawn(rng, state):
        if later.phase is Phase.BIDDING:
            break
    state = later
    north = view(state, N).to_dict()
    assert len(north["hand"]["cards"]) == 13 and len(north["discards"]) == 13
    assert north["discard_counts"] == {"N": 13, "E": 13} and north["stock_size"] == 0
    assert north["drawn_card"] is None
    assert {"type": "bid", "bid": 1} in view(state, state.to_act).to_dict()["legal_actions"]  # type: ignore[arg-type]


def test_a_dealt_hand_has_no_draw_in_its_json() -> None:
    deal = Deal.random(3, find_ruleset("standard"))
    data = view(apply(new_game("standard"), deal), "S").to_dict()
    assert data["discards"] == [] and data["discard_counts"] == {}
    assert data["drawn_card"] is None and data["stock_size"] == 0


# -- the table driver ------------------------------------------------------------------------------


class Scripted:
    """A player who keeps a card drawn when ``keep`` says so, bids the least it may, and plays its
    first legal card; it notes every view it is given."""

    def __init__(self, keep: Callable[[int], bool]) -> None:
        self.keep = keep
        self.views: list[SeatView] = []

    def __call__(self, seen: SeatView, rng: random.Random) -> Action:
        self.views.append(seen)
        if seen.phase is Phase.DRAW:
            assert seen.drawn_card is not None and seen.my_turn
            assert [type(action) for action in seen.legal_actions] == [Keep, Discard]
            turn = sum(1 for earlier in self.views if earlier.phase is Phase.DRAW)
            return seen.legal_actions[0 if self.keep(turn) else 1]
        if seen.phase is Phase.BIDDING:
            bids = [a for a in seen.legal_actions if isinstance(a, Bid) and not a.is_nil]
            return bids[0]
        return seen.legal_actions[0]


def test_a_table_drives_a_hand_at_two_with_its_draw() -> None:
    north, east = Scripted(lambda turn: True), Scripted(lambda turn: turn % 2 == 0)
    table = Table([north, east], rules=TWO.evolve(max_hands=1), seed=11)
    state = table.play()
    assert state.is_over and state.hand_number == 1
    for player in (north, east):
        drawing = [seen for seen in player.views if seen.phase is Phase.DRAW]
        assert len(drawing) == 13  # asked to keep or discard 13 times
        assert len([seen for seen in player.views if seen.phase is Phase.PLAY]) == 13
    # Each saw only its own cards: the card it drew, its own discards, counts of the other's.
    for player, seat in ((north, N), (east, E)):
        for seen in player.views:
            assert seen.seat is seat
    (done,) = state.history
    assert sum(done.tricks_won) == 13
    # North kept every first card; the table draws every card from its seed: the same game again.
    again = Table(
        [Scripted(lambda turn: True), Scripted(lambda turn: turn % 2 == 0)],
        rules=TWO.evolve(max_hands=1),
        seed=11,
    ).play()
    assert again.history[0].tricks == done.tricks and again.scores == state.scores


def test_a_person_at_a_table_of_two_is_asked_only_with_a_card_drawn() -> None:
    table = Table([None, random_player], rules=TWO, seed=4)
    assert table.people == (N,) and table.players[E] is random_player
    kept = 0
    while table.state.phase in (Phase.DEAL, Phase.DRAW):
        table.advance()
        assert table.waiting_for is N or table.state.phase is not Phase.DRAW
        if table.state.phase is not Phase.DRAW:
            break
        seen = table.view(N)
        assert seen.drawn_card is not None and seen.drawn_card == table.state.drawn_card
        assert table.view(E).drawn_card is None
        # A card drawn has been seen: there is nothing to take back in the draw.
        with pytest.raises(SpadesError) as refused:
            table.undo()
        assert refused.value.reason == "nothing_to_undo"
        table.act(Keep(), advance=False)
        kept += 1
        # The next card is drawn by the table, not asked of the person.
        assert table.waiting_for is None
    assert kept == 13 and table.state.phase is Phase.BIDDING
    assert len(table.view(N).hand) == 13 and len(table.view(N).discards) == 13


def test_the_two_modes_and_the_seats_of_a_table_of_two() -> None:
    two = Table.two_people(rules="two_player", seed=1)
    assert two.people == (N, E) and two.players == (None, None)
    with pytest.raises(SpadesError, match=r"^A table of two has two seats \(N, E\), so it takes "):
        Table([None, None, None], rules=TWO)
    with pytest.raises(SpadesError, match="South has no player at a table of 2"):
        Table.solo("easy", seat="S", rules=TWO)
    assert Table.solo("easy", seat="E", rules=TWO).people == (E,)
    # A deal given stands for a draw not followed card by card: the bidding comes next.
    deal = Deal.random(random.Random(3), TWO)
    table = Table([random_player, random_player], rules=TWO, deals=[deal], seed=2)
    assert isinstance(table.step(), Deal) and table.state.phase is Phase.BIDDING


def test_a_table_of_two_counts_its_hands_by_their_draws() -> None:
    def never_making(seen: SeatView, rng: random.Random) -> Action:
        if seen.phase is Phase.BIDDING:
            return [a for a in seen.legal_actions if isinstance(a, Bid) and not a.is_nil][-1]
        return seen.legal_actions[0]

    table = Table([never_making, never_making], rules=TWO.evolve(target_score=10_000), seed=1)
    with pytest.raises(SpadesError) as endless:
        table.play(hand_limit=2)
    assert endless.value.reason == "endless_game"
    assert table.state.hand_number == 3  # the third hand's first card was drawn


# -- spades play and spades demo -------------------------------------------------------------------

CARD_WORD = r"(?:10|[2-9JQKA])[shdc]"


class Drawer(Person):
    """A person at the keyboard who also draws: keeps every other card drawn."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.draws = 0

    def answer(self, shown: str, prompt: str) -> str:
        if "keep or discard" in prompt:
            self.screen += shown
            self.prompts.append(prompt)
            self.draws += 1
            return "k" if self.draws % 2 else "discard"
        return super().answer(shown, prompt)


def test_spades_play_at_two_draws_then_bids_and_plays(
    monkeypatch: pytest.MonkeyPatch, random_computers: None
) -> None:
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--rules", "two_player", "--level", "easy", "--seed", "3", "--plain",
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0
    assert "you (North) alone against East (easy)" in out
    assert "South" not in out and "West" not in out
    assert "Hand 1, dealt by North: the players draw their hands, East first." in out
    assert person.draws == 13
    asked = [prompt for prompt in person.prompts if "keep or discard" in prompt]
    assert len(asked) == 13
    assert all(re.match(rf"^Your card {CARD_WORD}: keep or discard\? ", p) for p in asked)
    first = r"^Drawing the hands: 49 cards left to draw; you 0 kept, 0 discarded; "
    assert re.search(first + r"East 1 kept, 1 discarded\.$", out, re.M)
    assert "The hands are drawn: 13 cards each." in out
    # North sees each card it drew, and the next card going the other way; never East's.
    mine = set(re.findall(rf"^You drew ({CARD_WORD}):", out, re.M))
    mine |= set(re.findall(rf"^The next card, ({CARD_WORD}),", out, re.M))
    assert len(mine) == 26
    discarded = re.findall(r"^Discarded: (.*)$", out, re.M)
    last = discarded[-1].split()
    assert len(last) == 13 and set(last) <= mine
    assert re.search(r"^East (keeps|discards) a card drawn", out, re.M)
    bid = re.search(r"^Your hand: (.*)$\nDiscarded: .*$\nYour bid", out, re.M)
    assert bid is not None and len(bid.group(1).split()) == 13 and set(bid.group(1).split()) <= mine
    assert "Game over." in out


def test_two_people_at_a_table_of_two_see_only_their_own_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--players", "2", "--rules", "two_player", "--seed", "8", "--plain",
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0
    assert "North and East, each playing alone, one against the other" in out
    assert "Pass the terminal to East." in out and "East, your card" in out
    # Each person's screens, from their cover screen to the next: the cards each sees privately
    # (its hand, its discards, the card drawn, the next card) are never the other's.
    seen: dict[str, set[str]] = {"North": set(), "East": set()}
    blocks = re.split(r"^Pass the terminal to (North|East)\.", out, flags=re.M)
    for who, block in zip(blocks[1::2], blocks[2::2]):
        end = block.find("Game over.")
        block = block if end < 0 else block[:end]
        private = r"^(?:Your hand|Discarded|You drew|The next card)\b.*$"
        for line in re.findall(private, block, re.M):
            seen[who] |= set(re.findall(CARD_WORD, line))
    assert seen["North"] and seen["East"]
    assert not seen["North"] & seen["East"]
    assert len(seen["North"] | seen["East"]) == 52


def test_spades_demo_seats_two(capsys: pytest.CaptureFixture[str], random_computers: None) -> None:
    code = main(
        ["demo", "--rules", "two_player", "--players", "easy", "hard", "--seed", "2",
         "--set", "max_hands=1"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "Players: N easy, E hard." in out
    state = Table([random_player] * 2, rules=TWO.evolve(max_hands=1), seed=2).play()
    assert state.result is not None and out.rstrip().endswith(str(state.result))
    for levels in (["easy"] * 3, ["N=easy", "S=easy"]):
        code = main(["demo", "--rules", "two_player", "--players", *levels])
        err = capsys.readouterr().err
        assert code == 2 and err.startswith("spades: error: --players: The levels")
    assert err.endswith("South has no player at a table of 2: they sit at N and E.\n")


# -- the web table ---------------------------------------------------------------------------------


class TwoRecorder:
    """The web tests' observer at a table of two: every reply for a seat, with the cards it must
    not name (the other's hand, discards and waiting card, and the stock)."""

    def __init__(self) -> None:
        self.sent: list[tuple[Seat, dict[str, Any], set[str]]] = []

    def __call__(self, game: lobby.Game, seat: Seat, data: dict[str, Any]) -> None:
        state = game.table.state
        self.sent.append((seat, json.loads(json.dumps(data)), hidden_from(state, seat)))

    def check(self, seat: Seat, *, at_least: int) -> None:
        replies = [(data, hidden) for to, data, hidden in self.sent if to is seat]
        assert len(replies) >= at_least
        for data, hidden in replies:
            assert data["seat"] == seat.name
            leaked = set(strings(data)) & hidden
            assert not leaked, f"{seat} was sent {sorted(leaked)}"


def create(the_lobby: lobby.Lobby, **request: Any) -> tuple[int, dict[str, Any]]:
    return the_lobby.handle("POST", "/api/games", body=json.dumps(request).encode())


def test_a_web_game_of_two_through_the_api(random_computers: None) -> None:
    recorder = TwoRecorder()
    the_lobby = lobby.Lobby(observer=recorder)
    status, offer = the_lobby.handle("GET", "/api/presets")
    assert offer["tables"]["two_player"] == {"players": 2, "partnerships": False}
    status, data = create(the_lobby, level="easy", rules="two_player", seed=6)
    assert status == 201, data
    assert data["seat"] == "N" and data["players"] == {"N": "person", "E": "easy"}
    assert data["sides"] == {"N": ["N"], "E": ["E"]} and data["side"] == "N"
    seen = data["view"]
    assert seen["phase"] == "draw" and seen["drawn_card"] in DECK
    assert seen["legal_actions"] == [{"type": "keep"}, {"type": "discard"}]
    assert seen["discard_counts"] == {"N": 0, "E": 1} and seen["hand_sizes"] == {"N": 0, "E": 1}
    game_id, token = data["game"], data["token"]
    path = f"/api/games/{game_id}/actions"
    # Undo is refused in the draw: the card drawn has been seen.
    body = json.dumps({"seat": "N", "token": token}).encode()
    status, refused = the_lobby.handle("POST", f"/api/games/{game_id}/undo", body=body)
    assert status == 409 and refused["error"]["reason"] == "nothing_to_undo"
    actions = 0
    while data["view"]["phase"] not in ("hand_over", "game_over"):
        action = data["view"]["legal_actions"][-1]  # discard, a bid, a card
        body = json.dumps({"seat": "N", "token": token, "action": action}).encode()
        status, data = the_lobby.handle("POST", path, body=body)
        assert status == 200, data
        actions += 1
    assert actions == 13 + 1 + 13  # the draw, a bid, 13 cards
    seen = data["view"]
    assert len(seen["discards"]) == 13 and seen["discard_counts"] == {"N": 13, "E": 13}
    assert all(len(trick["plays"]) == 2 for trick in seen["completed_tricks"])
    recorder.check(Seat.N, at_least=27)
    # South has no player: asking for South's view is refused with the library's sentence.
    status, refused = the_lobby.handle("GET", f"/api/games/{game_id}", f"seat=S&token={token}")
    assert status == 400 and refused["error"] == {
        "reason": "bad_seat",
        "message": "South has no player at a table of 2: they sit at N and E.",
    }
    # Two people: North and East, East invited; each sees its own card drawn only.
    status, data = create(the_lobby, mode="two", rules="two_player", seed=6)
    assert status == 201 and data["players"] == {"N": "person", "E": "person"}
    assert data["seat"] == "N" and data["invite"]["seat"] == "E"
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


@pytest.mark.browser
def test_a_person_draws_and_bids_at_two_in_the_browser(
    browser: Callable[[], Any],  # noqa: F811 (the fixture)
    random_computers: None,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    recorder = TwoRecorder()
    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?pause=0&seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("two_player")
        alone = driver.find_element(By.ID, "alone")
        assert alone.is_selected() and not alone.is_enabled()
        assert "Two play, North and East" in driver.find_element(By.ID, "rules-note").text
        driver.find_element(By.ID, "start").click()
        page_state(driver, ("my-turn",))
        # Two places: North (the person) at the bottom, East facing at the top.
        places = {
            position: driver.find_element(By.ID, f"pos-{position}")
            for position in ("bottom", "left", "top", "right")
        }
        assert not places["left"].is_displayed() and not places["right"].is_displayed()
        assert places["bottom"].get_attribute("data-seat") == "N"
        assert places["top"].get_attribute("data-seat") == "E"
        assert "drawing" in places["top"].text and "discarded 1" in places["top"].text
        clicks = 0
        while driver.find_elements(By.CSS_SELECTOR, "#draw button.keep"):
            (game,) = the_lobby._games.values()
            card = driver.find_element(By.CSS_SELECTOR, "#draw .drawn .card")
            assert card.get_attribute("data-card") == str(game.table.state.drawn_card)
            assert "keep it" in driver.find_element(By.ID, "message").text
            choice = "keep" if clicks % 3 else "discard"
            driver.find_element(By.CSS_SELECTOR, f"#draw button.{choice}").click()
            page_state(driver, ("my-turn",))
            clicks += 1
            assert clicks <= 13
        assert clicks == 13
        # The hands are drawn: 13 cards each, 13 discards of North's own shown, then the bidding.
        assert len(driver.find_elements(By.CSS_SELECTOR, "#hand button.card")) == 13
        assert len(driver.find_elements(By.CSS_SELECTOR, "#draw .discards .card")) == 13
        assert driver.find_elements(By.CSS_SELECTOR, "#bids button.bid")
        take_turn(driver)  # a bid
        page_state(driver, ("my-turn", "hand-over"))
        (game,) = the_lobby._games.values()
        assert game.table.state.phase is Phase.PLAY
        assert game.table.state.bids[N] is not None
        take_turn(driver)  # a card
        page_state(driver, ("my-turn", "hand-over"))
        assert console_errors(driver) == []
    recorder.check(Seat.N, at_least=15)


def test_computer_players_draw_bid_and_play_a_game_of_two(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The computer players of spades.bots keep or discard a card drawn themselves.
    state = Table(["easy", "medium"], rules=TWO.evolve(max_hands=2), seed=5).play()
    assert state.result is not None and state.hand_number == 2
    assert all(sum(done.tricks_won) == 13 for done in state.history)
    code = main(["demo", "--rules", "two_player", "--players", "easy", "--set", "max_hands=1"])
    out = capsys.readouterr().out
    assert code == 0 and "Players: N easy, E easy." in out and "after 1 hand" in out
    # And spades play against one: the person draws, the computer draws, both bid and play.
    person = Drawer()
    code, out = run_play(
        monkeypatch, person, "--rules", "two_player", "--level", "easy", "--seed", "9", "--plain",
        "--set", "max_hands=1",
    )  # fmt: skip
    assert code == 0 and person.draws == 13 and "Game over." in out


def test_the_minimal_front_end_draws_at_two() -> None:
    import subprocess
    import sys

    script = ROOT / "examples" / "minimal_frontend.py"
    typed = "junk\n" + "keep\n" * 13 + "3\n"
    result = subprocess.run(
        [sys.executable, str(script), "--rules", "two_player", "--level", "easy", "--seed", "4"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("Type keep or discard.") == 13
    assert "Discarded: N 0, E 1; 49 cards in the stock; North drew" in out
    assert "You may bid:" in out and "You left the game in hand 1." in out
