"""Records and ``spades score`` for two players (``two_player``: ``players=2``, ``deal_method``
``draw_keep_discard``).

North and East each play alone; South and West have no seat. Whatever a record keeps by seat or by
side has two values, N and E; a trick has two cards, a hand 13 tricks. There is no deal: the
players draw their hands, and a hand's ``draw`` records that card by card, one text a turn (the
card drawn, ``keep`` or ``discard``, the second card drawn, which goes the other way); the player
after the dealer takes the first turn. A record that knows only the hands kept gives them as the
hand's ``deal``. Scoring is the standard one: 10 a bid trick, 1 a bag, nil +-100, a set -10 a bid
trick, 10 bags -100. The arithmetic is beside each number.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from test_solo_records import VALIDATOR, check_sheet_rows, run

from spades import (
    PRESETS,
    Deal,
    Discard,
    Draw,
    GameState,
    Hand,
    Keep,
    Phase,
    Reason,
    RuleSet,
    apply,
    chance_action,
    check,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades.errors import RecordError
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    dumps,
    from_data,
    loads,
    replay,
    schema,
    score_sheet,
    to_record,
    verify,
)
from strategies import states_of

TWO = find_ruleset("two_player")
#: Three hands at most, so that random play ends the game.
SHORT = TWO.evolve(max_hands=3)


def play(rules: RuleSet, seed: int, actions: int | None = None, *, drawn: bool = True) -> GameState:
    """A game of random legal actions, to its end or for ``actions`` actions; the hands drawn card
    by card (``drawn``) or given whole by a Deal of the two hands."""
    rng = random.Random(seed)
    state = new_game(rules)
    taken = 0
    while not state.is_over and (actions is None or taken < actions):
        if state.needs_draw and drawn:
            action: Any = chance_action(state, rng)
        elif state.needs_deal:
            action = Deal.random(rng, rules)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        taken += 1
    return state


def draw_actions(state: GameState) -> list[Any]:
    """Every Draw, Keep and Discard on the way to ``state``, in order, the seats left out."""
    found = []
    cur = state
    while cur.previous is not None:
        action = cur.last_action
        if isinstance(action, Draw):
            found.append(action)
        elif isinstance(action, (Keep, Discard)):
            found.append(action.for_seat(None))
        cur = cur.previous
    return found[::-1]


def two_data(**fields: Any) -> dict[str, Any]:
    """A record of one hand under two_player, told by its counts, with ``fields`` added to it.
    N bids 4 and takes 6: 40 + 2 bags = +42; E bids 5 and takes 7: 50 + 2 bags = +52."""
    return {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "two_player"},
        "hands": [{"bids": {"N": 4, "E": 5}, "tricks": {"N": 6, "E": 7}, **fields}],
    }


# A draw of 26 turns, the cards in deck order: turn t (0-based) draws cards 2t and 2t + 1; E (after
# the dealer, N) takes the even turns, N the odd ones. Keeping the first card of each turn: E keeps
# cards 0, 4, 8, ... and N cards 2, 6, 10, ...
def full_draw() -> list[str]:
    deck = [str(card) for card in new_game(TWO).stock]
    return [f"{deck[2 * t]} keep {deck[2 * t + 1]}" for t in range(26)]


# -- a game, written and read ---------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "actions"), [(1, 5), (2, 40), (3, 79), (4, 120), (5, 250)])
def test_random_games_with_the_draw_round_trip_and_replay(seed: int, actions: int) -> None:
    state = play(TWO, seed, actions)
    record = to_record(state)
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2)) == record
    data = json.loads(dumps(record))
    VALIDATOR.validate(data)
    # The draw is written card by card, a hand with it has no deal; the hands are N and E.
    assert all("draw" in hand and "deal" not in hand for hand in data["hands"])
    assert data["start"]["scores"] == {"N": 0, "E": 0}
    assert [action for hand in record.hands for action in hand.draw] == draw_actions(state)
    steps = list(replay(record))
    assert states_of(steps)[-1] == state
    assert [action for _, action in steps[1:]] == [
        s.last_action for s in _chain(state)
    ]  # every action again, each Draw, Keep and Discard among them
    report = verify(record)
    assert report.ok and report.usable, [str(problem) for problem in report.problems]
    assert report.standing.scores == state.scores


def _chain(state: GameState) -> list[GameState]:
    """The states after the start, in order."""
    found = []
    cur = state
    while cur.previous is not None:
        found.append(cur)
        cur = cur.previous
    return found[::-1]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_two_player_game_to_its_end_is_written_read_back_and_verified(seed: int) -> None:
    state = play(SHORT, seed)
    assert state.phase is Phase.GAME_OVER
    record = loads(dumps(to_record(state), indent=2))
    for hand, done in zip(record.hands, state.history):
        assert len(hand.draw) == 26 * 3  # a Draw, a Keep or Discard, a Draw each turn
        assert hand.deal is None and done.deal is not None
        assert [len(trick) for trick in hand.plays] == [2] * 13
    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.result == state.result
    rows = score_sheet(report).splitlines()
    assert rows[0].split() == ["hand", "dealer", "bid", "took", "points", "total", "bags"]
    check_sheet_rows(state, rows[1:-1], len(state.history))
    # The hands kept are what the replay holds when the draw is over.
    for done, hand_state in zip(state.history, _first_bidding_states(record)):
        assert hand_state.deal == done.deal


def _first_bidding_states(record: GameRecord) -> list[GameState]:
    """Each hand's state when its bidding starts, in a replay of ``record``."""
    found = []
    for state, action in replay(record):
        if isinstance(action, Draw) and state.phase is Phase.BIDDING:
            found.append(state)
    return found


def test_a_hand_given_by_the_hands_kept_round_trips_and_scores_the_same() -> None:
    state = play(SHORT, 3, drawn=False)
    record = to_record(state)
    data = record.to_data()
    hands = data["hands"]
    assert all("draw" not in hand and set(hand["deal"]) == {"N", "E"} for hand in hands)
    VALIDATOR.validate(data)
    assert loads(dumps(record)) == record
    assert states_of(replay(record))[-1] == state
    report = verify(record)
    assert report.ok and report.result == state.result


def test_a_hand_built_in_python_takes_the_draw_as_actions_or_texts() -> None:
    texts = full_draw()
    by_text = HandRecord(bids=[4, 5], draw=texts, tricks=[6, 7])
    actions = [action for hand in [by_text] for action in hand.draw]
    assert len(actions) == 78 and isinstance(actions[1], Keep)
    assert HandRecord(bids=[4, 5], draw=actions, tricks=[6, 7]) == by_text
    # A Keep given for a seat is the turn's drawer's: the seat is not kept.
    seated = [a.for_seat("E") if isinstance(a, Keep) else a for a in actions]
    assert HandRecord(bids=[4, 5], draw=seated, tricks=[6, 7]) == by_text
    record = GameRecord(rules=TWO, hands=[by_text])
    report = verify(record)
    assert report.ok
    # E drew first and kept each first card: cards 0, 4, 8, ...; N cards 2, 6, 10, ...
    deck = list(new_game(TWO).stock)
    bidding = _first_bidding_states(record)[0]
    assert bidding.deal is not None
    assert bidding.deal.hands == (Hand(deck[2::4]), Hand(deck[0::4]))
    assert [len(cards) for cards in bidding.discards] == [13, 13]


# -- bad draws -------------------------------------------------------------------------------------


def engine_sentence(draw: list[str], card: str) -> str:
    """What the engine says of drawing ``card`` after the turns ``draw``."""
    state = new_game(TWO)
    for action in HandRecord(bids={}, draw=draw).draw:
        state = apply(state, action)
    violation = check(state, Draw(card))
    assert violation is not None and violation.reason is Reason.BAD_DRAW
    return violation.message


@pytest.mark.parametrize(
    ("turns", "before", "where", "card"),
    [
        # Drawn already: in an earlier turn, or as the first card of the same turn.
        (["As keep 7h", "Kd discard As"], ["As keep 7h", "Kd discard"], "turn 2, N draws As", "As"),
        (["As keep As"], ["As keep"], "turn 1, E draws As", "As"),
        # Not in the deck: two players play with the standard deck.
        (["As keep 7h", "BJ discard 2c"], ["As keep 7h"], "turn 2, N draws BJ", "BJ"),
    ],
)
def test_a_card_that_cannot_be_drawn_is_a_problem_with_the_engines_sentence(
    turns: list[str], before: list[str], where: str, card: str
) -> None:
    record = from_data(two_data(draw=turns))
    report = verify(record)
    where = f"hand 1, draw, {where}"
    assert [(p.where, p.reason) for p in report.problems] == [(where, Reason.BAD_DRAW)]
    assert report.problems[0].message == engine_sentence(before, card)
    # A draw that is not a draw leaves the record unusable as evidence; the hand is still
    # scored from its counts: N 4 took 6, +42; E 5 took 7, +52.
    assert not report.usable
    assert report.standing.scores == (42, 52)
    with pytest.raises(RecordError, match=re.escape(where)):
        states_of(replay(record))


def test_a_draw_that_stops_short_in_a_hand_that_goes_on_is_a_problem() -> None:
    turns = full_draw()[:20]
    report = verify(from_data(two_data(draw=turns)))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, draw", RecordReason.INCOMPLETE_DRAW)
    ]
    assert report.problems[0].message == (
        "the draw stops after 40 of 52 cards, before each player holds 13, so the hands are not "
        "known."
    )
    assert not report.usable
    assert report.standing.scores == (42, 52)  # scored from the counts all the same


@pytest.mark.parametrize("last", ["Ah", "Ah keep", "Ah discard Kh"])
def test_the_last_hand_may_stop_in_its_draw(last: str) -> None:
    turns = [*full_draw()[:3], last]
    data = {**two_data(), "hands": [{"bids": {}, "draw": turns}]}
    VALIDATOR.validate(data)
    record = from_data(data)
    report = verify(record)
    assert report.ok and report.in_progress
    state = states_of(replay(record))[-1]
    assert state.phase is Phase.DRAW
    assert to_record(state) == record
    assert state.drawn_card == (Draw(last).card if last == "Ah" else None)


@pytest.mark.parametrize(
    ("hand", "where", "message"),
    [
        (
            {"draw": ["As hold 7h"]},
            "hands[0].draw[0]",
            "'As hold 7h' is not a turn of the draw; write the card drawn, 'keep' or 'discard', "
            "then the second card drawn: 'As keep 7h'.",
        ),
        (
            {"draw": ["As", "Kd keep 2c"]},
            "hands[0].draw[0]",
            "turn 1 of the draw is written in part; write each turn as one text",
        ),
        ({"draw": ["Zz keep 2c"]}, "hands[0].draw[0]", "is not a turn of the draw"),
        ({"draw": [7]}, "hands[0].draw[0]", "expected text, found a number."),
        ({"draw": []}, "hands[0].draw", "must have at least 1 entries, not 0."),
        (
            {"draw": ["As keep 7h"] * 27},
            "hands[0].draw",
            "two players draw 26 turns of two cards each hand, not more.",
        ),
        (
            {"draw": ["As keep 7h"], "deal": {"N": "As", "E": "Kd"}},
            "hands[0].draw",
            "a hand gives its draw card by card or the hands drawn (its deal), not both.",
        ),
    ],
)
def test_a_draw_the_reader_cannot_hold_is_refused_naming_its_place(
    hand: dict[str, Any], where: str, message: str
) -> None:
    data = {**two_data(), "hands": [{"bids": {}, **hand}]}
    with pytest.raises(RecordError) as caught:
        from_data(data)
    assert caught.value.where == where
    assert message in caught.value.message
    # That only the last turn may stop early is more than the schema can say.
    assert VALIDATOR.is_valid(data) is ("written in part" in message)


def test_a_draw_under_the_rules_of_four_is_refused() -> None:
    data = {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "standard"},
        "hands": [{"bids": {}, "draw": ["As keep 7h"]}],
    }
    with pytest.raises(RecordError) as caught:
        from_data(data)
    assert caught.value.where == "hands[0].draw"
    assert caught.value.message.endswith(
        "only two players draw their cards (deal_method draw_keep_discard), and 4 play under "
        "these rules."
    )
    assert not VALIDATOR.is_valid(data)


def test_a_draw_built_in_python_is_refused_where_it_breaks_the_order() -> None:
    with pytest.raises(RecordError) as caught:
        HandRecord(bids={}, draw=[Draw("As"), Draw("Kd")])
    assert caught.value.where == "draw[0]"
    assert "'keep' or 'discard' is due here, not 'draw Kd'" in caught.value.message
    with pytest.raises(RecordError) as caught:
        HandRecord(bids={}, draw=[Keep()])
    assert "a card drawn is due here, not 'keep'" in caught.value.message
    with pytest.raises(RecordError) as caught:
        HandRecord(bids={}, draw="As keep 7h")
    assert caught.value.where == "draw"


# -- the score sheet -------------------------------------------------------------------------------


def test_the_score_sheet_has_a_line_for_each_player() -> None:
    data = two_data(written={"N": {"total": 42}, "E": {"total": 50}})
    data["hands"].append({"bids": ["nil", 3], "tricks": [1, 12], "written": {"N": {"total": -58}}})
    report = verify(from_data(data))
    # Hand 2: N nil took 1, -100 (42 - 100 = -58), a failed nil's trick no bag; E 3 took 12,
    # 30 + 9 bags: 2 + 9 = 11 bags, -100 at 10, 1 left: +39 - 100 = -61, 52 - 61 = -9. The mark
    # of a hand with a problem is on its first line.
    assert score_sheet(report).splitlines() == [
        "hand dealer      bid     took   points  total bags",
        "   1 N        N  4       6         +42     42    2 !",
        "              E  5       7         +52     52    2",
        "   2 E        N  nil     1        -100    -58    2",
        "              E  3       12        -61     -9    1",
        "The game is not over: N -58, E -9 after hand 2.",
    ]
    assert [str(problem) for problem in report.problems] == [
        "hand 1, E score: E wrote a total of 50; the rules give a total of 52.\n"
        "    E bid 5, took 7: contract made +50, 2 bags +2; bags now 2. Hand total +52.\n"
        "    They part at '2 bags +2': the written score leaves it out."
    ]
    data = report.to_data()
    assert data["standing"]["scores"] == {"N": -58, "E": -9}
    assert data["standing"]["bags"] == {"N": 2, "E": 1}


def test_told_reneges_are_by_player() -> None:
    data = two_data(reneges={"N": 0, "E": 1})
    data["rules"]["options"] = {"renege_penalty": "set"}
    VALIDATOR.validate(data)
    report = verify(from_data(data))
    hand = report.to_data()["hands"][0]
    assert hand["told_reneges"] == {"N": 0, "E": 1}
    assert hand["told_reneges_text"] == ["E reneged once, as told with the counts: E set"]
    # E's 5 is set: -50.
    assert report.standing.scores == (42, -50)


# -- spades score ----------------------------------------------------------------------------------


ONE_HAND = ["score", "--rules", "two_player", "--bids", "4", "nil", "--tricks", "12", "1"]


def test_spades_score_scores_a_hand_of_two(capsys: pytest.CaptureFixture[str]) -> None:
    for bids in (["4", "nil"], ["E=nil", "N=4"]):
        argv = ["score", "--rules", "two_player", "--bids", *bids, "--tricks", "N=12", "E=1"]
        code, out, err = run(capsys, *argv)
        assert code == 0 and not err
        assert out.splitlines() == [
            "Rules: two_player",
            "N bid 4, took 12: contract made +40, 8 bags +8; bags now 8. Hand total +48.",
            "E bid nil, took 1: E nil failed -100. Hand total -100.",
            "Totals: N 48 (8 bags), E -100 (0 bags).",
        ]
    code, out, _ = run(capsys, *ONE_HAND, "--json")
    data = json.loads(out)
    assert data["standing"]["scores"] == {"N": 48, "E": -100}
    assert set(data["hands"][0]["score"]) == {"N", "E"}


def test_spades_score_takes_a_standing_by_player(capsys: pytest.CaptureFixture[str]) -> None:
    # N: 120 with 3 bags, +40 and 8 bags: 11 bags, -100, 1 left: 120 + 48 - 100 = 68. E: -50
    # with 7 bags, nil failed: -150, 7 bags.
    for before in (["120/3", "-50/7"], ["N=120/3", "E=-50/7"]):
        code, out, err = run(capsys, *ONE_HAND, "--before", *before)
        assert code == 0 and not err
        assert out.splitlines()[-1] == "Totals: N 68 (1 bag), E -150 (7 bags)."


@pytest.mark.parametrize(
    ("words", "place"),
    [
        (["--bids", "4", "nil", "3", "--tricks", "12", "1"], "--bids"),
        (["--bids", "4", "nil", "--tricks", "12", "1", "0"], "--tricks"),
        (["--bids", "4", "nil", "--tricks", "11", "1"], "--tricks"),
        (["--bids", "N=4", "S=nil", "--tricks", "12", "1"], "--bids"),
        (["--bids", "4", "nil", "--tricks", "12", "1", "--before", "NS=1", "EW=2"], "--before"),
    ],
)
def test_spades_score_refuses_values_for_another_table(
    capsys: pytest.CaptureFixture[str], words: list[str], place: str
) -> None:
    code, out, err = run(capsys, "score", "--rules", "two_player", *words)
    assert code == 2 and not out
    assert err.startswith(f"spades: error: {place}: ")
    assert "Traceback" not in err


def test_spades_score_verifies_a_record_with_the_draw(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    state = play(SHORT, 4)
    path = tmp_path / "two.json"
    path.write_text(dumps(to_record(state), indent=2))
    code, out, err = run(capsys, "score", str(path))
    assert code == 0 and not err
    assert out.splitlines()[0] == "Rules: two_player, with max_hands=3"
    bad = json.loads(path.read_text())
    bad["hands"][0]["draw"][5] = bad["hands"][0]["draw"][0]
    path.write_text(json.dumps(bad))
    code, out, err = run(capsys, "score", str(path))
    assert code == 2  # a draw that is not a draw: unusable input
    assert "hand 1, draw, turn 6, N draws " in out + err
    assert "Traceback" not in out + err


# -- the schema ------------------------------------------------------------------------------------


def test_the_schema_takes_two_player_records() -> None:
    for data in (
        two_data(written={"E": {"total": 52}}, reneges={"N": 0, "E": 1}),
        {
            **two_data(),
            "start": {"dealer": "E", "scores": {"N": 1, "E": 2}, "bags": {"N": 0, "E": 3}},
        },
        two_data(tricks=[13, 0]),
        two_data(bids=[4, None]),
        {**two_data(), "hands": [{"bids": {}, "draw": full_draw()}]},
        {**two_data(), "rules": {"preset": "Two-Handed"}},
        {
            **two_data(),
            "rules": {
                "preset": "standard",
                "options": {
                    "players": 2,
                    "partnerships": False,
                    "deal_method": "draw_keep_discard",
                },
            },
        },
        to_record(play(TWO, 6, 300)).to_data(),
        to_record(play(TWO, 7, 300, drawn=False)).to_data(),
    ):
        VALIDATOR.validate(data)
        from_data(data)


def test_the_schema_refuses_a_mixture_of_shapes() -> None:
    four = {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "standard"},
        "hands": [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
    }
    deal = {"N": "As Kd", "E": "Qs Jd"}  # the shape is refused before the cards are counted
    for data in (
        two_data(tricks={"N": 6, "E": 7, "S": 0, "W": 0}),
        two_data(tricks=[6, 7, 0]),
        two_data(bids={"N": 4, "E": 5, "S": 1}),
        two_data(written={"NS": {"total": 1}}),
        two_data(reneges={"N": 0, "E": 0, "S": 0}),
        {**two_data(), "start": {"scores": {"NS": 1, "EW": 2}}},
        {**two_data(), "start": {"dealer": "S"}},
        {**two_data(), "rules": {"preset": "two_player", "options": {"players": 4}}},
        {**four, "hands": [{"bids": {}, "draw": ["As keep 7h"]}]},
        {**four, "hands": [{"bids": [4, 3], "tricks": [7, 6]}]},
        {**four, "hands": [{"bids": {}, "deal": deal}]},
        {**four, "start": {"scores": {"N": 1, "E": 2}}},
    ):
        assert not VALIDATOR.is_valid(data), data
        with pytest.raises(RecordError):
            from_data(data)


def test_the_schema_knows_the_presets_of_two_players() -> None:
    pattern = schema()["$defs"]["two_players"]["properties"]["rules"]["anyOf"][1]["properties"][
        "preset"
    ]["pattern"]
    for preset in PRESETS:
        for name in (preset.name, *preset.aliases):
            for written in (name, name.upper(), name.replace("_", "-")):
                assert bool(re.match(pattern, written)) == (preset.rules.players == 2), written
