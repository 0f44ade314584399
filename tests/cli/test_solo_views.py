"""Four players who each play alone (``RuleSet(partnerships=False)``) at every front-end: the seat
views, the table driver, ``spades play`` and ``spades demo``, and the web table.

The option's doc: "False: four players each play alone ('solo' or individual Spades; Trickster
isPartnership=false), each scoring their own bid, nil, bags and penalties, and a player wins on
their own." So a view has four scores and bags (N, E, S, W), no partner, and, as ever, no other
seat's cards; a front-end shows four totals, one per player, and no partner.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from test_cli_play import Person, run_play

from spades import (
    Bid,
    Deal,
    GameState,
    NotationError,
    Phase,
    RuleSet,
    Seat,
    SpadesError,
    Team,
    apply,
    apply_counts,
    legal_actions,
    new_game,
    view,
)
from spades.actions import Action
from spades.bots import HardPlayer, MediumPlayer
from spades.cli import main
from spades.cli.news import scores_text
from spades.cli.screen import Style, score_bar
from spades.table import Table
from test_views import check_nothing_hidden, replay_hand
from test_web_table import (  # noqa: F401 (browser is a fixture)
    Recorder,
    browser,
    console_errors,
    lobby,
    page_state,
    running,
    strings,
    take_turn,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SEATS = (N, E, S, W)
ALONE = RuleSet(partnerships=False)
BY_SEAT = {"N", "E", "S", "W"}


def alone(**options: Any) -> RuleSet:
    return RuleSet(partnerships=False, **options)


# Every seat is 4-3-3-3 (as in test_views): N deals, E bids and leads first.
DEAL = Deal(("T74.J85.J85.AK32", "963.AKQ2.T74.J97", "852.T74.AKQ2.T86", "AKQJ.963.963.Q54"))


def random_moments(rules: RuleSet, seed: int, count: int) -> list[tuple[list[GameState], list]]:
    """``count`` moments of random games under ``rules``: the states so far and their actions."""
    rng = random.Random(seed)
    moments = []
    for _ in range(count):
        states = [new_game(rules)]
        actions: list[Action] = []
        for _ in range(rng.randint(1, 60)):
            state = states[-1]
            if state.is_over:
                break
            action: Action = (
                Deal.random(rng, rules) if state.needs_deal else rng.choice(legal_actions(state))
            )
            actions.append(action)
            states.append(apply(state, action))
        moments.append((states, actions))
    return moments


# -- the seat view ---------------------------------------------------------------------------------


def test_a_view_alone_has_four_scores_and_no_partner() -> None:
    state = apply(apply(new_game(ALONE, scores=(10, -20, 30, 0), bags=(1, 2, 3, 4)), DEAL), Bid(3))
    south = view(state, S)
    assert south.scores == (10, -20, 30, 0) and south.bags == (1, 2, 3, 4)
    assert south.partner is None and south.team is None and south.side is S
    assert [view(state, seat).side for seat in SEATS] == list(SEATS)
    # East has bid 3: East's contract is East's own bid, and nobody else's counts toward it.
    assert south.contracts == (0, 3, 0, 0) and south.contract("E") == 3 == south.contract(E)
    assert south.team_tricks("S") == 0
    with pytest.raises(NotationError, match="every player plays alone") as info:
        south.contract("EW")
    assert info.value.reason == "bad_seat"
    with pytest.raises(NotationError, match="every player plays alone"):
        south.team_tricks(Team.NS)
    assert "scores=N 10/E -20/S 30/W 0 bags=1/2/3/4" in repr(south)


def test_a_view_in_partnerships_is_unchanged() -> None:
    state = apply(new_game("standard"), DEAL)
    south = view(state, S)
    assert south.partner is N and south.team is Team.NS and south.side is Team.NS
    assert view(state, E).side is Team.EW and len(south.scores) == 2
    assert set(south.to_dict()["scores"]) == {"NS", "EW"}
    with pytest.raises(NotationError, match="South does not score alone in a partnership game"):
        south.contract("S")


def test_to_dict_alone_gives_every_value_by_side_keyed_by_seat() -> None:
    # North has 9 bags. N bids 3 and takes 5, E 4 takes 4, S nil takes 0, W 2 takes 4: by the
    # option's doc each scores on its own, so
    #   N: 30 + 2 bags = 32, bags 11 reach 10: -100, 1 carried  -> -68
    #   E: 40; S: nil made +100; W: 20 + 2 bags = 22, bags 2.
    start = new_game(ALONE, scores=(100, 50, 0, -30), bags=(9, 0, 0, 0))
    state = apply_counts(start, [3, 4, "nil", 2], [5, 4, 0, 4])
    data = view(state, E).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["rules"]["partnerships"] is False
    assert data["scores"] == {"N": 32, "E": 90, "S": 100, "W": -8}
    assert data["bags"] == {"N": 1, "E": 0, "S": 0, "W": 2}
    (done,) = data["history"]
    assert done["points"] == {"N": -68, "E": 40, "S": 100, "W": 22}
    assert done["scores"] == data["scores"] and done["bags"] == data["bags"]
    assert done["bids"] == {"N": 3, "E": 4, "S": "nil", "W": 2}
    for key in ("hand_sizes", "bids", "tricks_taken"):
        assert set(data[key]) == BY_SEAT


def test_the_result_alone_names_a_player() -> None:
    # Under a cap of one hand, the best total wins alone: West, 40 + 2 bags.
    state = apply_counts(new_game(alone(max_hands=1)), [3, 2, 3, 4], [3, 2, 2, 6])
    result = view(state, N).to_dict()["result"]
    assert result["winner"] == "W" and result["reason"] == "cap"
    assert result["scores"] == {"N": 30, "E": 20, "S": -30, "W": 42}


def test_a_view_alone_shows_no_other_hand() -> None:
    for states, _ in random_moments(alone(max_hands=2), seed=3, count=40):
        state = states[-1]
        for seat in SEATS:
            seen = view(state, seat)
            assert seen.hand == state.holding(seat)
            assert seen.hand_sizes == tuple(len(hand) for hand in state.holdings)
            check_nothing_hidden(state, seat)
            # Nor does the JSON a client is sent name a card another seat holds.
            hidden = {
                str(card) for other in SEATS if other is not seat for card in state.holding(other)
            }
            assert not set(strings(seen.to_dict())) & hidden


def test_hidden_cards_spread_another_way_give_the_same_view_alone() -> None:
    rng = random.Random(11)
    moved = 0
    for states, actions in random_moments(ALONE, seed=7, count=30):
        seat = rng.choice(SEATS)
        again = replay_hand(states, actions, seat, rng)
        if again is None:
            continue
        assert view(again, seat) == view(states[-1], seat)
        moved += again.holding_masks != states[-1].holding_masks
    assert moved >= 15


# -- the table driver ------------------------------------------------------------------------------


def test_a_table_of_computers_plays_a_game_alone_to_its_end() -> None:
    rules = alone(max_hands=3)
    state = Table(["easy", "medium", "easy", "medium"], rules=rules, seed=5).play()
    result = state.result
    assert result is not None and state.is_over and len(state.history) == 3
    assert len(result.scores) == 4 and result.scores == state.scores
    # Each player's total is the sum of their own points, hand by hand, from 0.
    for index in range(4):
        assert state.scores[index] == sum(done.score.points[index] for done in state.history)
    best = max(state.scores)
    if state.scores.count(best) == 1:
        assert result.winner is SEATS[state.scores.index(best)]
    else:
        assert result.winner is None
    assert Table(["easy", "medium", "easy", "medium"], rules=rules, seed=5).play() == state


def test_the_two_modes_of_a_table_alone() -> None:
    solo = Table.solo("medium", seat="E", rules=ALONE, seed=1)
    assert solo.people == (E,)
    # No partner alone: the three others are all opponents at the level asked for.
    assert all(isinstance(solo.players[seat], MediumPlayer) for seat in (N, S, W))
    assert solo.state.rules == ALONE
    # Alone, North and South are not partners, so two people may sit there.
    pair = Table.two_people(seats=("N", "S"), rules=ALONE)
    assert pair.people == (N, S)
    assert all(isinstance(pair.players[seat], HardPlayer) for seat in (E, W))
    with pytest.raises(SpadesError, match="both are given West") as info:
        Table.two_people(seats=("W", "west"), rules=ALONE)
    assert info.value.reason == "bad_player"
    # In partnerships, the partner is still a Hard computer, and partners may not both be people.
    assert isinstance(Table.solo("medium", seat="E").players[W], HardPlayer)
    with pytest.raises(SpadesError, match="North and South are partners"):
        Table.two_people(seats=("N", "S"))


def test_a_table_alone_still_has_four_seats() -> None:
    # Alone, as in partnerships, a table seats four (N, E, S, W): three players are refused, and
    # two people sit at South and West unless told otherwise.
    with pytest.raises(SpadesError) as info:
        Table(["easy"] * 3, rules=ALONE)
    assert info.value.reason == "bad_player"
    assert info.value.message == (
        "A table has four seats (N, E, S, W), so it takes four players, not 3; give None for a "
        "seat a person plays."
    )
    assert Table({"N": "easy", "E": "easy", "S": "easy"}, rules=ALONE).people == (W,)
    assert Table.two_people(rules=ALONE).people == (S, W)


def test_a_person_alone_at_a_table() -> None:
    table = Table.solo("easy", seat="S", rules=alone(max_hands=1), seed=4)
    table.advance()
    while not table.is_over:
        seen = table.view(S)
        assert seen.partner is None and len(seen.scores) == 4
        table.act(seen.legal_actions[0])
    assert len(table.state.result.scores) == 4  # type: ignore[union-attr]


# -- spades play and spades demo -------------------------------------------------------------------

SCORES_LINE = re.compile(
    r"^  Scores: N (-?\d+) \((\d+) bags?\), E (-?\d+) \((\d+) bags?\), "
    r"S (-?\d+) \((\d+) bags?\), W (-?\d+) \((\d+) bags?\)\.$",
    re.M,
)
HAND_LINE = re.compile(r"^  ([NESW]) bid (nil|\d+), took (\d+): .* Hand total ([+-]\d+)\.$", re.M)


def points_by_the_rules(bid: str, took: int, bags: int) -> tuple[int, int]:
    """A player's points and bags after a hand under the standard rules played alone: a bid made
    scores 10 a trick and a point a bag, a set loses 10 a trick bid, nil is 100 either way (its
    tricks ignored), and 10 bags cost 100, the rest carried."""
    if bid == "nil":
        return (100 if took == 0 else -100), bags
    tricks = int(bid)
    if took < tricks:
        return -10 * tricks, bags
    points, bags = 10 * tricks + took - tricks, bags + took - tricks
    if bags >= 10:
        points, bags = points - 100, bags - 10
    return points, bags


def test_spades_play_alone_runs_a_game_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person()
    code, out = run_play(
        monkeypatch, person, "--level", "easy", "--seed", "3", "--plain",
        "--set", "partnerships=false", "--set", "max_hands=2",
    )  # fmt: skip
    assert code == 0
    assert "you (South) alone against North, East and West (easy)" in out
    assert "partner" not in out.lower()
    # The score bar: a line per player, the person's own as "You".
    bar = re.findall(r"^(North|East|You|West) +(-?\d+) points, (\d+) bags?", out, re.M)
    assert [name for name, _, _ in bar[:4]] == ["North", "East", "You", "West"]
    assert not re.search(r"^(You and North|East and West) ", out, re.M)  # no team's line
    # After each hand, each player's own score, and the totals by player.
    totals, bags = [0, 0, 0, 0], [0, 0, 0, 0]
    lines = HAND_LINE.findall(out)
    assert len(lines) == 8 and [seat for seat, *_ in lines] == list("NESW") * 2
    for seat, bid, took, total in lines:
        index = "NESW".index(seat)
        points, bags[index] = points_by_the_rules(bid, int(took), bags[index])
        assert int(total) == points
        totals[index] += points
    shown = [[int(n) for n in found] for found in SCORES_LINE.findall(out)]
    assert len(shown) == 2
    assert shown[-1] == [value for pair in zip(totals, bags) for value in pair]
    # The end: the best total wins alone, every player's total said.
    best = max(totals)
    winner = "NESW"[totals.index(best)]
    assert totals.count(best) == 1
    assert (
        f"Game over. {winner} wins, N {totals[0]}, E {totals[1]}, S {totals[2]}, W {totals[3]}, "
        "after 2 hands (the cap of 2 hands was reached)."
    ) in out


def test_two_people_alone_at_one_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    person = Person(leave_at=2)
    code, out = run_play(
        monkeypatch, person, "--players", "2", "--seed", "4", "--plain",
        "--set", "partnerships=false",
    )  # fmt: skip
    assert code == 0
    assert "South and West, each playing alone, against North and East (hard)" in out
    assert "Pass the terminal to West." in out and "West, your bid" in out
    assert re.search(r"^You +0 points, 0 bags", out, re.M)
    assert re.search(r"^South +0 points, 0 bags", out, re.M)  # on West's screen
    assert "You left the game." in out


def test_the_score_bar_and_the_totals_in_partnerships_are_unchanged() -> None:
    state = apply_counts(new_game("standard"), [3, 4, 2, 2], [4, 4, 3, 2])
    assert scores_text(state) == "NS 52 (2 bags), EW 60 (0 bags)"
    lines = score_bar(
        view(apply(state, DEAL), S), Style(colour=False, symbols=False, terminal=False)
    )
    assert lines == ["You and North     52 points, 2 bags", "East and West     60 points, 0 bags"]


def test_the_score_bar_alone_shows_a_players_nil() -> None:
    state = apply(new_game(ALONE), DEAL)
    for bid in (Bid(3), Bid.NIL, Bid(2), Bid(4)):  # E, S, W, N
        state = apply(state, bid)
    lines = score_bar(view(state, S), Style(colour=False, symbols=False, terminal=False))
    assert lines == [
        "North      0 points, 0 bags; bid 4, won 0",
        "East       0 points, 0 bags; bid 3, won 0",
        "You        0 points, 0 bags; bid nil, won 0",
        "West       0 points, 0 bags; bid 2, won 0",
    ]
    assert scores_text(view(state, S)) == "N 0 (0 bags), E 0 (0 bags), S 0 (0 bags), W 0 (0 bags)"


def test_spades_demo_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["demo", "--players", "easy", "--seed", "2", "--set", "partnerships=false",
         "--set", "max_hands=2"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    state = Table(["easy"] * 4, rules=alone(max_hands=2), seed=2).play()
    assert str(state.result) in out


# -- the web table ---------------------------------------------------------------------------------


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


def create(the_lobby: lobby.Lobby, **request: Any) -> tuple[int, dict[str, Any]]:
    return the_lobby.handle("POST", "/api/games", body=json.dumps(request).encode())


def test_a_web_game_alone_through_the_api(recorder: Recorder) -> None:
    the_lobby = lobby.Lobby(observer=recorder)
    status, data = create(the_lobby, level="easy", rules="standard", partnerships=False, seed=6)
    assert status == 201, data
    assert data["players"] == {"N": "easy", "E": "easy", "S": "person", "W": "easy"}
    assert data["sides"] == {"N": ["N"], "E": ["E"], "S": ["S"], "W": ["W"]}
    assert data["side"] == "S"
    game_id, token = data["game"], data["token"]
    path = f"/api/games/{game_id}/actions"
    while data["view"]["phase"] not in ("hand_over", "game_over"):
        action = data["view"]["legal_actions"][0]
        body = json.dumps({"seat": "S", "token": token, "action": action}).encode()
        status, data = the_lobby.handle("POST", path, body=body)
        assert status == 200, data
    view_data = data["view"]
    assert set(view_data["scores"]) == set(view_data["bags"]) == BY_SEAT
    (done,) = view_data["history"]
    assert set(done["points"]) == BY_SEAT and done["scores"] == view_data["scores"]
    recorder.check(Seat.S, at_least=14)
    # In partnerships the reply names the teams, and the person's own.
    status, data = create(the_lobby, mode="two", rules="standard", seed=6)
    assert data["sides"] == {"NS": ["N", "S"], "EW": ["E", "W"]} and data["side"] == "NS"
    assert data["players"]["N"] == "hard"


def test_the_new_game_form_learns_which_presets_play_alone() -> None:
    status, offer = lobby.Lobby().handle("GET", "/api/presets")
    assert status == 200
    assert offer["tables"]["solo_5_bags"] == {"players": 4, "partnerships": False}
    assert offer["tables"]["four_levels"] == {"players": 4, "partnerships": True}
    assert set(offer["tables"]) == {preset["name"] for preset in offer["presets"]}
    # Two people alone: South and West, both people, against two Hard computers.
    status, data = create(lobby.Lobby(), mode="two", rules="solo_5_bags", seed=2)
    assert status == 201 and data["players"] == {
        "N": "hard",
        "E": "hard",
        "S": "person",
        "W": "person",
    }
    assert data["invite"]["seat"] == "W"


def test_a_preset_that_needs_partners_is_refused_alone() -> None:
    the_lobby = lobby.Lobby()
    status, data = create(the_lobby, rules="hoyle", partnerships=False)
    assert status == 400 and data["error"]["reason"] == "bad_option"
    assert "needs partners" in data["error"]["message"]
    status, data = create(the_lobby, partnerships="no")
    assert status == 400 and data["error"]["message"].endswith(".")
    assert the_lobby._games == {}


@pytest.mark.browser
def test_a_person_alone_sees_four_scores_in_the_browser(
    browser: Callable[[], Any],  # noqa: F811 (the fixture)
    recorder: Recorder,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?pause=0&seed=21")
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
