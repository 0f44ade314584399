"""The redeal house rule: a player whose hand qualifies may throw it in before bidding."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from paths import ROOT
from spades import (
    Bid,
    Deal,
    GameState,
    Hand,
    IllegalActionError,
    Reason,
    Redeal,
    RuleSet,
    Seat,
    SeatView,
    action_from_dict,
    action_to_dict,
    apply,
    check,
    legal_actions,
    new_game,
    undo,
    view,
)
from spades._kernel.cards import FACE_CARDS, FULL_DECK, SPADES
from spades._kernel.deal import is_real_deal, may_call_redeal
from spades._kernel.table import table_of
from spades.bots import Level, make_player
from spades.records import (
    GameRecord,
    HandRecord,
    dumps,
    loads,
    replay,
    schema,
    score_sheet,
    to_record,
    verify,
)
from spades.rules import RedealRule
from spades.table import Table

NO_SPADES = RuleSet(redeal="no_spades")
NO_FACES = RuleSet(redeal="no_face_cards")
EITHER = RuleSet(redeal="no_spades_or_face_cards")


def real_deal() -> Deal:
    """A real deal where East holds no spade and North no face card."""
    north = Hand("AT98765.T98.T98.-")  # 13 cards, no J/Q/K
    east = Hand("-.AKQJ765.AKQJ.AK")  # 13 cards, no spade
    rest = [card for card in Hand.from_mask(FULL_DECK) if card not in north | east]
    south, west = Hand(rest[:13]), Hand(rest[13:])
    return Deal((north, east, south, west))


def dealt(rules: RuleSet, deal: Deal | None = None) -> GameState:
    return apply(new_game(rules), deal or real_deal())


def test_the_deal_used_here() -> None:
    deal = real_deal()
    assert all(len(hand) == 13 for hand in deal.hands)
    assert is_real_deal(table_of(RuleSet()), [hand.mask for hand in deal.hands])
    assert not deal[Seat.E].mask & SPADES
    assert not deal[Seat.N].mask & FACE_CARDS
    assert deal[Seat.S].mask & SPADES and deal[Seat.S].mask & FACE_CARDS


# -- qualification ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "qualifies"),
    [
        (RuleSet(), {"N": False, "E": False, "S": False}),
        (NO_SPADES, {"N": False, "E": True, "S": False}),
        (NO_FACES, {"N": True, "E": False, "S": False}),
        (EITHER, {"N": True, "E": True, "S": False}),
    ],
)
def test_which_hands_qualify(rules: RuleSet, qualifies: dict[str, bool]) -> None:
    deal = real_deal()
    for seat, expected in qualifies.items():
        assert may_call_redeal(table_of(rules), deal[Seat.of(seat)].mask) is expected, seat


def test_an_ace_is_not_a_face_card() -> None:
    aces = Hand("A5432.A5432.A32.-")
    assert may_call_redeal(table_of(NO_FACES), aces.mask)
    assert not may_call_redeal(table_of(NO_FACES), Hand("J5432.A5432.A32.-").mask)


def test_the_option_reads_its_text() -> None:
    assert NO_SPADES.redeal is RedealRule.NO_SPADES
    assert RuleSet.parse_option("redeal", "no_face_cards") == ("redeal", RedealRule.NO_FACE_CARDS)
    assert repr(EITHER) == "RuleSet(redeal=RedealRule.NO_SPADES_OR_FACE_CARDS)"
    assert "face card" in RuleSet.describe("redeal") and "9 pages" in RuleSet.describe("redeal")
    assert RuleSet.from_dict(EITHER.to_dict()) == EITHER


# -- check and legal_actions ---------------------------------------------------------------------


def test_a_qualifying_seat_may_call_at_its_turn() -> None:
    state = dealt(NO_SPADES)
    assert state.to_act is Seat.E
    assert check(state, Redeal()) is None
    assert check(state, Redeal(seat=Seat.E)) is None
    assert legal_actions(state)[-1] == Redeal(seat=Seat.E)


def test_refused_when_the_hand_does_not_qualify() -> None:
    state = apply(dealt(NO_FACES), Bid(3))  # East bid; South holds face cards and spades
    violation = check(state, Redeal())
    assert violation is not None
    assert violation.reason is Reason.REDEAL_NOT_ALLOWED and violation.option == "redeal"
    assert violation.seat is Seat.S
    assert violation.message == (
        "South may not call for a redeal: only a hand with no face card (jack, queen or king) "
        "may be thrown in (redeal no_face_cards), and South holds 3 face cards."
    )
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Redeal())
    assert caught.value.reason is Reason.REDEAL_NOT_ALLOWED


def test_refused_when_the_option_is_off() -> None:
    state = dealt(RuleSet())
    violation = check(state, Redeal())
    assert violation is not None and violation.reason is Reason.REDEAL_NOT_ALLOWED
    assert violation.option == "redeal"
    assert violation.message == ("East may not call for a redeal: these rules allow none (redeal).")
    assert not any(isinstance(action, Redeal) for action in legal_actions(state))


def test_refused_when_not_the_seats_turn() -> None:
    state = dealt(NO_FACES)  # East to bid; North qualifies
    violation = check(state, Redeal(seat=Seat.N))
    assert violation is not None and violation.reason is Reason.WRONG_TURN
    assert violation.message == "It is East's turn, not North's."


def test_refused_after_the_seats_bid() -> None:
    state = apply(dealt(NO_SPADES), Bid(2))  # East, who qualified, has bid
    violation = check(state, Redeal(seat=Seat.E))
    assert violation is not None and violation.reason is Reason.WRONG_TURN
    for _ in range(3):
        state = apply(state, legal_actions(state)[0])
    violation = check(state, Redeal(seat=Seat.E))  # the bidding is over
    assert violation is not None and violation.reason is Reason.WRONG_PHASE
    assert violation.message.startswith("A call for a redeal is not possible now")


def test_refused_before_the_deal() -> None:
    violation = check(new_game(NO_SPADES), Redeal())
    assert violation is not None and violation.reason is Reason.WRONG_PHASE


@pytest.mark.parametrize("rules", [RuleSet(), NO_SPADES, NO_FACES, EITHER])
@pytest.mark.parametrize("seed", range(30))
def test_legal_actions_list_the_call_exactly_when_check_allows_it(
    rules: RuleSet, seed: int
) -> None:
    rng = random.Random(seed)
    state = apply(new_game(rules), Deal.random(rng, rules))
    if seed % 3 == 0:
        state = dealt(rules)
    while state.phase.value == "bidding":
        listed = Redeal(seat=state.to_act) in legal_actions(state)
        assert listed is (check(state, Redeal()) is None)
        bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
        state = apply(state, rng.choice(bids))


# -- the transition --------------------------------------------------------------------------------


def test_the_hand_is_thrown_in_and_dealt_again_by_the_same_dealer() -> None:
    start = new_game(EITHER, dealer="W", hand_number=4, scores=(120, 80), bags=(3, 1))
    state = apply(start, real_deal())  # North bids first
    assert state.to_act is Seat.N
    state = apply(state, Bid(4))
    assert state.to_act is Seat.E
    after = apply(state, Redeal())
    assert after.needs_deal and after.phase.value == "deal"
    assert after.dealer is Seat.W and after.hand_number == 4
    assert after.bids == (None, None, None, None)
    assert after.scores == (120, 80) and after.bags == (3, 1) and after.history == ()
    assert after.last_action == Redeal(seat=Seat.E)
    assert after.actions[-1] == Redeal(seat=Seat.E)
    assert undo(after) is state
    again = apply(after, Deal.random(3))
    assert again.dealer is Seat.W and again.hand_number == 4 and again.to_act is Seat.N


# -- views, JSON, text ---------------------------------------------------------------------------


def test_views_list_the_call_and_read_it() -> None:
    state = dealt(NO_SPADES)
    seen = view(state, Seat.E)
    assert isinstance(seen, SeatView)
    assert seen.legal_actions[-1] == Redeal(seat=Seat.E)
    assert seen.to_dict()["legal_actions"][-1] == {"type": "redeal"}
    assert seen.parse_action("redeal") == Redeal(seat=Seat.E)
    assert state.parse_action(" REDEAL ") == Redeal(seat=Seat.E)
    assert view(state, Seat.N).legal_actions == ()


def test_the_action_round_trips() -> None:
    for action in (Redeal(), Redeal(seat=Seat.W), Redeal().for_seat(Seat.S)):
        assert eval(repr(action)) == action
        assert str(action) == "redeal"
    assert action_to_dict(Redeal(seat=Seat.N)) == {"type": "redeal"}
    assert action_from_dict({"type": "redeal"}) == Redeal()
    assert action_from_dict({"type": "redeal"}, seat="E") == Redeal(seat=Seat.E)
    with pytest.raises(Exception, match="only the key 'type'"):
        action_from_dict({"type": "redeal", "card": "As"})


# -- records ---------------------------------------------------------------------------------------


def thrown_in_game() -> GameState:
    state = dealt(EITHER)  # North dealt, East bids first
    state = apply(state, Bid(3))  # East
    state = apply(state, Bid(2))  # South
    state = apply(state, Bid(4))  # West
    state = apply(state, Redeal())  # North holds no face card
    state = apply(state, Deal.random(11, state.rules))
    while not state.needs_deal:
        state = apply(state, legal_actions(state)[0])
    return state


def test_a_thrown_in_hand_is_recorded_read_back_and_verified() -> None:
    state = thrown_in_game()
    record = to_record(state)
    assert len(record.hands) == 2
    thrown = record.hands[0]
    assert thrown.redeal is Seat.N and thrown.deal == real_deal()
    assert thrown.bids == (None, Bid(3), Bid(2), Bid(4))
    assert thrown.plays == () and thrown.tricks is None
    text = dumps(record, indent=2)
    data = json.loads(text)
    assert data["hands"][0]["redeal"] == "N" and "plays" not in data["hands"][0]
    assert loads(text) == record
    report = verify(record)
    assert report.ok, report.problems
    assert [hand.number for hand in report.hands] == [1, 1]
    assert report.hands[0].redeal is Seat.N and report.hands[0].score is None
    sheet = score_sheet(report)
    assert "hand 1 thrown in: North held no face card, redealt by N" in sheet
    assert report.standing.scores == state.scores
    states = [s for s, _ in replay(record)]
    assert states[-1] == state
    assert any(isinstance(s.last_action, Redeal) for s in states)


def test_an_illegal_redeal_in_a_record_is_reported() -> None:
    record = GameRecord(
        rules=NO_SPADES,
        hands=[HandRecord(bids=[None, 3, None, None], deal=real_deal(), redeal="S")],
    )
    report = verify(record)
    assert not report.ok
    (problem,) = report.problems
    assert problem.reason is Reason.REDEAL_NOT_ALLOWED
    assert problem.where == "hand 1, bidding, S calls for a redeal"
    assert problem.message == (
        "South may not call for a redeal: only a hand with no spade may be thrown in "
        "(redeal no_spades), and South holds 6 spades."
    )
    assert "hand 1 thrown in: South called for a redeal, redealt by N" in score_sheet(report)
    with pytest.raises(Exception, match="South may not call for a redeal"):
        list(replay(record))


def test_a_redeal_out_of_turn_in_a_record_is_reported() -> None:
    record = GameRecord(
        rules=NO_SPADES,
        hands=[HandRecord(bids=[None, None, None, None], deal=real_deal(), redeal="S")],
    )
    (problem,) = verify(record).problems
    assert problem.reason is Reason.WRONG_TURN
    assert problem.message == "It is East's turn, not South's."


def test_a_thrown_in_hand_has_no_plays_and_no_score() -> None:
    with pytest.raises(Exception, match="thrown-in hand"):
        HandRecord(bids=[None] * 4, deal=real_deal(), redeal="E", tricks=[4, 3, 3, 3])
    with pytest.raises(Exception, match="thrown-in hand"):
        HandRecord(bids=[None] * 4, redeal="E", tricks=[4, 3, 3, 3])
    with pytest.raises(Exception, match="called for the redeal"):
        HandRecord(bids=[None, 3, None, None], deal=real_deal(), redeal="E")
    bad = json.dumps(
        {
            "format": "spades-record",
            "version": 2,
            "rules": {"preset": "standard", "options": {"redeal": "no_spades"}},
            "hands": [{"bids": {}, "deal": [str(h) for h in real_deal().hands], "redeal": "X"}],
        }
    )
    with pytest.raises(Exception, match=r"hands\[0\]\.redeal"):
        loads(bad)


def test_the_schema_knows_the_field() -> None:
    hand = schema()["$defs"]["hand"]
    assert hand["properties"]["redeal"] == {
        "description": hand["properties"]["redeal"]["description"],
        "$ref": "#/$defs/seat",
    }
    jsonschema = pytest.importorskip("jsonschema")
    data = to_record(thrown_in_game()).to_data()
    jsonschema.validate(data, schema())
    data["hands"][0]["tricks"] = {"N": 4, "E": 3, "S": 3, "W": 3}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema())


# -- the computer players and the table -----------------------------------------------------------


#: A hand with no spade, worth little (Hard counts about 1.2 tricks), and too dangerous for nil:
#: its kings, queens and jacks are unguarded.
WEAK = Hand("-.KQJT98.KQJT9.T9")


def no_spade_deal(seat: Seat, seed: int) -> Deal:
    """A deal where ``seat`` holds :data:`WEAK`, and the other hands are shuffled."""
    rng = random.Random(seed)
    mine = WEAK
    rest = [c for c in Hand.from_mask(FULL_DECK) if c not in mine]
    rng.shuffle(rest)
    hands = [Hand(rest[0:13]), Hand(rest[13:26]), Hand(rest[26:39])]
    hands.insert(int(seat), mine)
    return Deal(tuple(hands))


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_whole_game_under_the_option(level: Level) -> None:
    deals = [no_spade_deal(Seat(i % 4), i) for i in range(12)]
    rules = RuleSet(redeal="no_spades_or_face_cards", target_score=150, losing_score=-150)
    table = Table([level] * 4, rules=rules, seed=1, deals=deals)
    state = table.play(hand_limit=200)
    assert state.is_over
    calls = [action for action in state.actions if isinstance(action, Redeal)]
    if level is Level.EASY:
        assert not calls  # Easy never calls
    else:
        assert calls  # the weak hands are thrown in
    record = to_record(state)
    assert verify(record).ok
    assert sum(hand.redeal is not None for hand in record.hands) == len(calls)


def test_the_policy_of_each_level() -> None:
    state = apply(new_game(NO_SPADES, dealer="N"), no_spade_deal(Seat.E, 5))
    seen = view(state, Seat.E)
    rng = random.Random(0)
    assert not isinstance(make_player("easy")(seen, rng), Redeal)
    for level in ("medium", "hard", "expert"):
        assert make_player(level)(seen, rng) == Redeal(seat=Seat.E), level
    # A strong hand with no spade is bid, not thrown in.
    strong = apply(new_game(NO_SPADES), real_deal())
    assert not isinstance(make_player("hard")(view(strong, Seat.E), rng), Redeal)


def test_the_table_deals_again_after_a_redeal_and_undo_works() -> None:
    deals = [no_spade_deal(Seat.S, 1), Deal.random(2), Deal.random(3)]
    table = Table([Level.HARD, Level.EASY, None, Level.EASY], rules=NO_SPADES, seed=4, deals=deals)
    table.advance()
    assert table.waiting_for is Seat.S and table.state.deal == deals[0]
    assert Redeal(seat=Seat.S) in table.view("S").legal_actions
    before = table.state
    table.act(Redeal(), advance=False)
    assert table.state.needs_deal and table.state.hand_number == 1
    table.advance()
    assert table.state.deal == deals[1] and table.state.hand_number == 1
    assert table.state.dealer is Seat.N
    if table.waiting_for is Seat.S:
        bid = next(a for a in table.view("S").legal_actions if isinstance(a, Bid))
        table.act(bid)
        table.undo()
        assert table.state.deal == deals[1] and table.waiting_for is Seat.S
    assert any(s is before for s in _chain(table.state))


def _chain(state: GameState) -> list[GameState]:
    found = []
    cur: GameState | None = state
    while cur is not None:
        found.append(cur)
        cur = cur.previous
    return found


# -- the command line and the web table -----------------------------------------------------------


def _table_deal(seed: int) -> Deal:
    return Deal.random(random.Random(f"spades-table/{seed}/deals"))


def test_spades_play_takes_redeal_at_the_bid_prompt(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from test_cli_play import Person, run_play

    seed = next(s for s in range(5000) if not _table_deal(s)[Seat.S].mask & SPADES)
    saved = tmp_path / "game.json"
    person = Person()
    person.script = [("redeal", "redeal"), ("bid", "<ctrl-c>")]
    code, out = run_play(
        monkeypatch,
        person,
        "--seed",
        str(seed),
        "--plain",
        "--set",
        "redeal=no_spades",
        "--record",
        str(saved),
    )
    assert code == 0
    assert any("or redeal" in prompt for prompt in person.prompts)
    assert "South calls for a redeal: the hand is thrown in and North deals again." in out
    with saved.open(encoding="utf-8") as file:
        record = loads(file.read())
    assert record.hands[0].redeal is Seat.S
    assert verify(record).ok


def test_the_web_table_offers_and_takes_a_redeal() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "examples" / "web_table"))
    import lobby

    seed = next(s for s in range(5000) if not _table_deal(s)[Seat.S].mask & SPADES)
    the_lobby = lobby.Lobby()
    request = json.dumps({"level": "easy", "seed": seed}).encode()
    status, data = the_lobby.handle("POST", "/api/games", "", request)
    assert status == 201
    game_id, token = data["game"], data["token"]
    # No preset has the option: the game's table is given these rules (the same players, seed).
    game = the_lobby.game(game_id)
    with game.lock:
        game.table = Table(list(game.table.players), rules=NO_SPADES, seed=seed)
        lobby.play_on(game.table)
    status, shown = the_lobby.handle("GET", f"/api/games/{game_id}", f"seat=S&token={token}")
    assert status == 200
    assert shown["view"]["legal_actions"][-1] == {"type": "redeal"}
    body: dict[str, Any] = {"seat": "S", "token": token, "action": {"type": "redeal"}}
    path = f"/api/games/{game_id}/actions"
    status, after = the_lobby.handle("POST", path, "", json.dumps(body).encode())
    assert status == 200, after
    assert after["view"]["hand_number"] == 1 and len(after["view"]["hand"]["cards"]) == 13
    assert game.table.state.deal != _table_deal(seed)
    assert any(isinstance(action, Redeal) for action in game.table.state.actions)
    body["action"] = {"type": "redeal", "seat": "S"}
    status, refused = the_lobby.handle("POST", path, "", json.dumps(body).encode())
    assert status == 400 and refused["error"]["reason"] == "bad_action"
