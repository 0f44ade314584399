"""The record format: writing, reading, every way a file can be wrong, replay, and the schema.

At every table (``tests/tables.py``: four partners, four alone, three, two) a game played to its
end is written, read back, replayed and verified. What a record keeps by side (the start's scores
and bags) is kept by team, NS and EW, or by player when every player plays alone; what it keeps by
seat has a value for each seat in play: N, E, S and W, N, E and S at a table of three, N and E for
two, who draw their hands, written card by card as the hand's ``draw``.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from paths import RECORDS
from spades import (
    Bid,
    Deal,
    Discard,
    Draw,
    GameState,
    Keep,
    Phase,
    RecordError,
    RuleSet,
    Seat,
    Standing,
    Team,
    apply,
    chance_action,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades.engine import apply_counts
from spades.records import (
    FORMAT,
    MAX_INT,
    VERSION,
    GameRecord,
    HandRecord,
    WrittenScore,
    dump,
    dumps,
    from_data,
    load,
    loads,
    replay,
    schema,
    score_sheet,
    to_record,
    verify,
)
from spades.records.notation import CARD_PATTERN, HAND_PATTERN
from spades.rules import OPTION_KINDS, OPTION_NAMES
from strategies import states_of
from tables import TABLE, TableKind


def play(
    rules: RuleSet | str, seed: int, actions: int | None = None, *, drawn: bool = True, **start: Any
) -> GameState:
    """Random legal actions from a seed, stopped after ``actions`` actions or at the end; two
    players' hands drawn card by card (``drawn``) or given whole by a Deal of the two hands."""
    rng = random.Random(seed)
    state = new_game(rules, **start)
    done = 0
    while not state.is_over and (actions is None or done < actions):
        if state.needs_draw and drawn:
            state = apply(state, chance_action(state, rng))
        elif state.needs_deal:
            state = apply(state, Deal.random(rng, state.rules))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        done += 1
    return state


def minimal(**hand: Any) -> dict[str, Any]:
    """The smallest valid record data with one hand recorded by bids and tricks."""
    base = {
        "bids": {"N": 4, "E": 3, "S": 3, "W": 3},
        "tricks": {"N": 4, "E": 3, "S": 3, "W": 3},
    }
    base.update(hand)
    return {"format": FORMAT, "version": VERSION, "rules": {"preset": "standard"}, "hands": [base]}


# -- writing and reading back ---------------------------------------------------------------------


def test_trick_only_hand_is_written_as_bids_and_tricks() -> None:
    record = GameRecord(
        rules=find_ruleset("000"),
        hands=[
            HandRecord(
                bids=[4, 1, "nil", 2],
                tricks=[5, 1, 0, 7],
                written=(WrittenScore(points=141), None),
            )
        ],
    )
    assert record.to_data() == {
        "format": "spades-record",
        "version": 2,  # (a record without the fields of version 3 is written as before)
        "rules": {"preset": "partners_app", "options": {}},
        "start": {
            "dealer": "N",
            "hand_number": 1,
            "scores": {"NS": 0, "EW": 0},
            "bags": {"NS": 0, "EW": 0},
        },
        "hands": [
            {
                "bids": {"N": 4, "E": 1, "S": "nil", "W": 2},
                "tricks": {"N": 5, "E": 1, "S": 0, "W": 7},
                "written": {"NS": {"points": 141}},
            }
        ],
    }
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2)) == record


def test_rules_are_written_relative_to_the_closest_preset() -> None:
    record = GameRecord(rules=find_ruleset("000").evolve(target_score=250))
    assert record.preset == "partners_app"
    assert record.to_data()["rules"] == {"preset": "partners_app", "options": {"target_score": 250}}
    # A rule set one option away from the standard game is written against it.
    assert GameRecord(rules=RuleSet(target_score=250)).preset == "standard"


def test_rules_may_be_written_against_any_preset() -> None:
    record = GameRecord(rules=RuleSet(), preset="000")
    assert record.to_data()["rules"] == {
        "preset": "partners_app",
        "options": {"direction": "clockwise", "failed_nil_tricks": "ignored", "losing_score": None},
    }
    back = loads(dumps(record))
    assert back == record
    assert back.rules == RuleSet()


def test_preset_aliases_are_read_as_the_preset_name() -> None:
    data = minimal()
    data["rules"] = {"preset": "003", "options": {"target_score": 250}}
    record = from_data(data)
    assert record.preset == "cap40"
    assert record.rules == find_ruleset("cap40_250")


def test_lists_in_seat_order_read_like_objects() -> None:
    as_objects = from_data(
        minimal(
            bids={"N": 4, "E": "nil", "S": 3, "W": "blind nil"},
            tricks={"N": 6, "E": 0, "S": 7, "W": 0},
        )
    )
    as_lists = from_data(minimal(bids=[4, "nil", 3, "blind nil"], tricks=[6, 0, 7, 0]))
    assert as_lists == as_objects
    assert as_objects.hands[0].bids == (Bid(4), Bid.NIL, Bid(3), Bid.BLIND_NIL)


def test_deal_in_dotted_card_list_and_list_forms() -> None:
    dotted = ["AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]
    spaced = [" ".join(f"{rank}{suit}" for rank in "AKQJT98765432") for suit in "shdc"]
    listed = [[f"{rank}{suit}" for rank in "AKQJT98765432"] for suit in "shdc"]
    bids = {"N": 13, "E": 1, "S": 1, "W": 1}
    tricks = {"N": 13, "E": 0, "S": 0, "W": 0}
    records = [
        from_data(minimal(deal=dict(zip("NESW", form)), bids=bids, tricks=tricks))
        for form in (dotted, spaced, listed)
    ]
    assert records[0] == records[1] == records[2]
    assert records[0].hands[0].deal == Deal(tuple(dotted))


def test_zero_is_nil_only_where_the_rules_say_so() -> None:
    assert from_data(minimal(bids=[0, 4, 4, 4])).hands[0].bids[0] == Bid.NIL
    data = minimal(bids=[0, 4, 4, 4])
    data["rules"] = {"preset": "four_levels"}
    with pytest.raises(RecordError) as caught:
        from_data(data)
    assert caught.value.where == "hands[0].bids[0]"
    assert caught.value.reason == "bad_bid"


def test_dump_and_load_use_files() -> None:
    record = to_record(play("pagat", seed=1, actions=30))
    text = io.StringIO()
    dump(record, text, indent=2)
    assert load(io.StringIO(text.getvalue())) == record
    assert load(io.BytesIO(text.getvalue().encode())) == record
    # A byte order mark, as some editors write, is accepted.
    assert loads(b"\xef\xbb\xbf" + text.getvalue().encode()) == record


def test_indented_output_keeps_each_trick_on_one_line() -> None:
    text = dumps(to_record(play("standard", seed=2, actions=60)), indent=2)
    assert re.search(r'\n {8}\["\w\w", "\w\w", "\w\w", "\w\w"\],\n', text)
    assert '"bids": {"N": ' in text


# -- records of game states ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "seed", "actions", "phase"),
    [
        ("standard", 3, 0, Phase.DEAL),
        ("standard", 3, 3, Phase.BIDDING),
        ("standard", 3, 30, Phase.PLAY),
        ("standard", 3, 58, Phase.HAND_OVER),  # a deal, 4 bids and 52 cards, then the next deal
        ("000", 4, None, Phase.GAME_OVER),
        ("pagat", 5, 200, None),
    ],
)
def test_a_record_of_any_state_replays_to_that_state(
    rules: str, seed: int, actions: int | None, phase: Phase | None
) -> None:
    state = play(rules, seed, actions)
    if phase is not None:
        assert state.phase is phase or actions == 58
    record = to_record(state)
    assert loads(dumps(record)) == record
    states = states_of(replay(record))
    assert states[-1] == state


def test_a_record_in_the_blind_nil_exchange_replays_to_it() -> None:
    state = new_game("pagat", scores=(0, 100))
    state = apply(state, Deal.random(11, state.rules))
    state = apply(state, Bid(3))  # E
    state = apply(state, Bid(4))  # S
    state = apply(state, Bid(2))  # W
    state = apply(state, Bid.BLIND_NIL)  # N, 100 behind: allowed
    # pagat's order: the blind nil bidder passes first.
    assert state.phase is Phase.EXCHANGE and state.to_act is Seat.N
    state = apply(state, legal_actions(state)[0])  # N passes 2 cards to S; S has yet to pass
    record = to_record(state)
    assert [seat for seat, _ in record.hands[0].exchange] == [Seat.N]
    assert states_of(replay(loads(dumps(record))))[-1] == state


def test_replay_yields_the_start_and_every_action() -> None:
    state = play("standard", seed=6, actions=70)  # one whole hand (57 actions), 13 into the next
    states = states_of(replay(to_record(state)))
    assert len(states) == 1 + 70
    assert states[0] == new_game("standard")


def test_replay_of_hands_without_cards_scores_them_with_the_standing_carried() -> None:
    data = json.loads((RECORDS / "s09-bags-carry.json").read_text())
    states = states_of(replay(from_data(data)))
    # The start, then one state after each hand.
    assert len(states) == 3
    first, second = states[1], states[2]
    assert first.phase is Phase.HAND_OVER
    # 8 bags; bid 6, took 9: 60 + 3 = 63, bags 11 -> -100: -37, 1 bag carried.
    assert first.scores == (-37, 40) and first.bags == (1, 0)
    # bid 4, took 13: 40 + 9 = 49, bags 10 -> -100: -51; total -37 - 51 = -88.
    assert second.scores == (-88, 20) and second.bags == (0, 0)
    assert (
        second.dealer is Seat.N and second.hand_number == 2
    )  # W dealt hand 1; the deal passes left
    assert second.bids[Seat.N] == Bid(2, seat=Seat.N)  # seated, as the engine holds bids
    assert second.tricks_won(Seat.N) == 7
    # Each hand is in the history, played by apply_counts: no deal, no tricks, only the counts.
    assert [(done.number, done.dealer) for done in second.history] == [(1, Seat.W), (2, Seat.N)]
    assert [done.deal for done in second.history] == [None, None]
    assert [done.tricks for done in second.history] == [(), ()]
    assert [done.tricks_won for done in second.history] == [(5, 2, 4, 2), (7, 0, 6, 0)]
    # The very states the engine gives.
    start = new_game("standard", dealer="W", bags=(8, 0))
    after_one = apply_counts(start, [3, 2, 3, 2], [5, 2, 4, 2])
    assert states == [start, after_one, apply_counts(after_one, [2, 1, 2, 1], [7, 0, 6, 0])]


def test_replay_stops_at_the_first_problem() -> None:
    record = from_data(json.loads((RECORDS / "s20-breaking-spades-trump-only.json").read_text()))
    states = []
    with pytest.raises(RecordError) as caught:
        for state, _ in replay(record):
            states.append(state)
    assert caught.value.where == "hand 1, trick 6, N plays Ks"
    assert caught.value.reason == "spades_not_broken"
    # The start, the deal, four bids and the 20 cards of tricks 1 to 5.
    assert len(states) == 1 + 1 + 4 + 20


def test_replay_of_a_game_that_ended_in_a_hand_without_cards() -> None:
    record = from_data(json.loads((RECORDS / "s17-floor-exactly-200.json").read_text()))
    last = states_of(replay(record))[-1]
    assert last.is_over and last.result is not None
    assert last.result.winner is Team.EW
    assert last.scores == (-200, 45)


# -- a game at every table -------------------------------------------------------------------------

#: A short game at each table, three hands at most (``max_hands`` ends it: random play drifts below
#: 0 rather than reach the target), and the preset its record is written against: the common game
#: with partners and alone, cutthroat3 for three, two_player for two, who draw their hands.
SHORT: dict[str, tuple[RuleSet, str]] = {
    "partners": (RuleSet(max_hands=3), "standard"),
    "alone": (RuleSet(partnerships=False, max_hands=3), "standard"),
    "three": (find_ruleset("cutthroat3").evolve(max_hands=3), "cutthroat3"),
    "two": (find_ruleset("two_player").evolve(max_hands=3), "two_player"),
}
#: Each side's cells on a score sheet, after the hand's number and dealer.
SIDE_HEAD = ["bid", "took", "points", "total", "bags"]


def check_sheet(state: GameState, sheet: str) -> None:
    """The score sheet of ``state``, a game over. Players alone: a line per player in each hand,
    in seat order, the hand's number and dealer on North's, then the player's bid, tricks, points,
    total and bags. Partners: a line a hand, its number and dealer, then each team's bids, tricks
    (each partner's), points, total and bags. Last, the result."""
    head, *rows, last = sheet.splitlines()
    assert last == str(state.result)
    seats = state.rules.seats
    if state.rules.partnerships:
        assert head.split() == ["hand", "dealer", "NS", *SIDE_HEAD, "EW", *SIDE_HEAD]
        assert len(rows) == len(state.history)
        for number, done in enumerate(state.history):
            cells = rows[number].split()
            assert cells[:2] == [str(number + 1), str(done.dealer)]
            for index, team in enumerate(Team):
                side = done.score[team]
                assert cells[2 + 5 * index + 1 : 2 + 5 * index + 5] == [
                    "+".join(str(done.tricks_won[seat]) for seat in team.seats),
                    f"{side.points:+d}",
                    str(side.score_after),
                    str(side.bags_after),
                ]
        return
    assert head.split() == ["hand", "dealer", *SIDE_HEAD]
    assert len(rows) == len(seats) * len(state.history)
    for number, done in enumerate(state.history):
        for seat in seats:
            cells = rows[len(seats) * number + seat].split()
            if seat is Seat.N:
                assert cells[:2] == [str(number + 1), str(done.dealer)]
                cells = cells[2:]
            side = done.score[seat]
            assert cells[0] == str(seat)
            assert cells[2:] == [
                str(done.tricks_won[seat]),
                f"{side.points:+d}",
                str(side.score_after),
                str(side.bags_after),
            ]


def check_the_record_of_a_game(table: TableKind, state: GameState, cards: int) -> None:
    """The record of ``state``, a game of three hands at ``table`` with ``cards`` cards a hand
    each, written, read back, replayed and verified: what it keeps by seat has a value for each
    seat in play, what it keeps by side one for each side, a trick a card for each player, a hand
    a trick for each card held; two players' hands are drawn card by card, and have no deal."""
    _, preset = SHORT[table.id]
    sides = [str(side) for side in table.sides]
    seats = [str(seat) for seat in table.seats]
    assert state.result is not None and state.result.hands_played == 3
    record = to_record(state)
    data = json.loads(dumps(record))
    assert data["rules"]["preset"] == preset
    zeros = dict.fromkeys(sides, 0)
    assert data["start"] == {"dealer": "N", "hand_number": 1, "scores": zeros, "bags": zeros}
    assert len(data["hands"]) == len(state.history) == 3
    for hand, done in zip(data["hands"], state.history):
        if table.draws:
            assert len(hand["draw"]) == 26 and "deal" not in hand  # a text a turn, no deal
        else:
            assert list(hand["deal"]) == seats
            held = Deal(list(hand["deal"].values()))
            assert [len(held[seat]) for seat in table.seats] == [cards] * table.players
        assert list(hand["bids"]) == seats
        assert len(hand["plays"]) == cards  # every trick: as many as the cards each holds
        assert all(len(trick) == table.players for trick in hand["plays"])
        assert "tricks" not in hand  # the plays say them
        assert len(done.tricks) == cards
    validator().validate(data)
    assert loads(dumps(record)) == record
    back = loads(dumps(record, indent=2))
    assert back == record
    for hand_record, done in zip(back.hands, state.history):
        assert [len(trick) for trick in hand_record.plays] == [table.players] * cards
        if table.draws:
            assert len(hand_record.draw) == 26 * 3  # a Draw, a Keep or Discard, a Draw each turn
            assert hand_record.deal is None and done.deal is not None
    assert states_of(replay(record))[-1] == state
    if table.draws:
        # The hands kept are what the replay holds when the draw is over.
        for done, hand_state in zip(state.history, first_bidding_states(record)):
            assert hand_state.deal == done.deal

    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.result == state.result
    assert isinstance(state.result.winner, type(table.sides[0]))
    assert report.standing.scores == state.scores and len(state.scores) == len(sides)
    assert report.standing.bags == state.bags
    for hand_report, done in zip(report.hands, state.history):
        assert hand_report.score == done.score
        assert hand_report.tricks == done.tricks_won and sum(done.tricks_won) == cards
        assert [side.team for side in hand_report.score.teams] == list(table.sides)
    result_data = report.to_data()
    assert list(result_data["standing"]["scores"]) == sides
    assert list(result_data["hands"][0]["score"]) == sides
    assert list(result_data["hands"][0]["tricks"]) == seats
    assert result_data["result"]["winner"] == state.result.winner.name
    # The sheet: each side's own bid, tricks, points, total and bags.
    check_sheet(state, score_sheet(report))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_to_its_end_is_written_read_back_and_verified(
    table_kind: TableKind, seed: int
) -> None:
    rules, _ = SHORT[table_kind.id]
    state = play(rules, seed)
    assert state.phase is Phase.GAME_OVER
    check_the_record_of_a_game(table_kind, state, table_kind.tricks)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_of_three_with_the_jokers_deck_is_written_read_back_and_verified(seed: int) -> None:
    # With the jokers deck each of the three holds 18 cards: 18 tricks a hand.
    rules, _ = SHORT["three"]
    state = play(rules.evolve(deck="jokers"), seed)
    check_the_record_of_a_game(TABLE["three"], state, 18)


def test_a_game_told_by_its_counts_scores_the_same(table_kind: TableKind) -> None:
    rules, _ = SHORT[table_kind.id]
    state = play(rules.evolve(max_hands=2), 5)
    full = to_record(state)
    counts = GameRecord(
        rules=full.rules,
        hands=[HandRecord(bids=done.bids, tricks=done.tricks_won) for done in state.history],
    )
    data = json.loads(dumps(counts))
    seats = [str(seat) for seat in table_kind.seats]
    assert data["hands"][0]["tricks"] == dict(zip(seats, state.history[0].tricks_won))
    validator().validate(data)
    a, b = verify(full), verify(loads(dumps(counts)))
    assert a.ok and b.ok
    assert [h.score for h in a.hands] == [h.score for h in b.hands]
    assert (a.standing, a.result) == (b.standing, b.result)
    last = states_of(replay(counts))[-1]
    assert last.scores == state.scores
    assert to_record(last) == counts


#: A standing mid-game at each table: the dealer, the hand's number, each side's score and bags.
MID_GAME: dict[str, tuple[str, int, tuple[int, ...], tuple[int, ...]]] = {
    "partners": ("W", 7, (230, -40), (3, 8)),
    "alone": ("W", 4, (120, -40, 33, 0), (3, 0, 3, 0)),
    "three": ("S", 4, (120, -40, 33), (3, 0, 3)),
    "two": ("E", 3, (1, 2), (0, 3)),
}


def test_the_record_of_a_standing_mid_game(table_kind: TableKind) -> None:
    dealer, number, scores, bags = MID_GAME[table_kind.id]
    start = Standing(dealer=dealer, hand_number=number, scores=scores, bags=bags)
    record = GameRecord(rules=table_kind.rules, start=start)
    data = record.to_data()
    sides = [str(side) for side in table_kind.sides]
    assert data["start"] == {
        "dealer": dealer,
        "hand_number": number,
        "scores": dict(zip(sides, scores)),
        "bags": dict(zip(sides, bags)),
    }
    validator().validate(data)
    assert from_data(data) == record


# -- two players: the draw -------------------------------------------------------------------------

# Two players (two_player: players=2, deal_method draw_keep_discard) have no deal: they draw their
# hands, and a hand's ``draw`` records that card by card, one text a turn (the card drawn, ``keep``
# or ``discard``, the second card drawn, which goes the other way); the player after the dealer
# takes the first turn. A record that knows only the hands kept gives them as the hand's ``deal``.

TWO = find_ruleset("two_player")


def draw_actions(state: GameState) -> list[Any]:
    """Every Draw, Keep and Discard on the way to ``state``, in order, the seats left out."""
    found: list[Any] = []
    cur = state
    while cur.previous is not None:
        action = cur.last_action
        if isinstance(action, Draw):
            found.append(action)
        elif isinstance(action, (Keep, Discard)):
            found.append(action.for_seat(None))
        cur = cur.previous
    return found[::-1]


def chain(state: GameState) -> list[GameState]:
    """The states after the start, in order."""
    found = []
    cur = state
    while cur.previous is not None:
        found.append(cur)
        cur = cur.previous
    return found[::-1]


def first_bidding_states(record: GameRecord) -> list[GameState]:
    """Each hand's state when its bidding starts, in a replay of ``record``."""
    found = []
    for state, action in replay(record):
        if isinstance(action, Draw) and state.phase is Phase.BIDDING:
            found.append(state)
    return found


# A draw of 26 turns, the cards in deck order: turn t (0-based) draws cards 2t and 2t + 1; E (after
# the dealer, N) takes the even turns, N the odd ones. Keeping the first card of each turn: E keeps
# cards 0, 4, 8, ... and N cards 2, 6, 10, ...
def full_draw() -> list[str]:
    deck = [str(card) for card in new_game(TWO).stock]
    return [f"{deck[2 * t]} keep {deck[2 * t + 1]}" for t in range(26)]


@pytest.mark.parametrize(("seed", "actions"), [(1, 5), (2, 40), (3, 79), (4, 120), (5, 250)])
def test_random_games_with_the_draw_round_trip_and_replay(seed: int, actions: int) -> None:
    state = play(TWO, seed, actions)
    record = to_record(state)
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2)) == record
    data = json.loads(dumps(record))
    validator().validate(data)
    # The draw is written card by card, a hand with it has no deal; the hands are N and E.
    assert all("draw" in hand and "deal" not in hand for hand in data["hands"])
    assert data["start"]["scores"] == {"N": 0, "E": 0}
    assert [action for hand in record.hands for action in hand.draw] == draw_actions(state)
    steps = list(replay(record))
    assert states_of(steps)[-1] == state
    assert [action for _, action in steps[1:]] == [
        s.last_action for s in chain(state)
    ]  # every action again, each Draw, Keep and Discard among them
    report = verify(record)
    assert report.ok and report.usable, [str(problem) for problem in report.problems]
    assert report.standing.scores == state.scores


def test_a_hand_given_by_the_hands_kept_round_trips_and_scores_the_same() -> None:
    rules, _ = SHORT["two"]
    state = play(rules, 3, drawn=False)
    record = to_record(state)
    data = record.to_data()
    hands = data["hands"]
    assert all("draw" not in hand and set(hand["deal"]) == {"N", "E"} for hand in hands)
    validator().validate(data)
    assert loads(dumps(record)) == record
    assert states_of(replay(record))[-1] == state
    report = verify(record)
    assert report.ok and report.result == state.result


# -- reading bad input ----------------------------------------------------------------------------


def bad(data: Any) -> RecordError:
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(RecordError) as caught:
        loads(text)
    return caught.value


def test_not_json() -> None:
    error = bad('{"format": "spades-record",\n  "version": 1,, }')
    assert error.where == "line 2, column 16"
    assert error.reason == "bad_json"
    assert str(error).startswith("line 2, column 16: not valid JSON")


def test_truncated_file() -> None:
    text = dumps(to_record(play("standard", seed=7, actions=40)))
    error = bad(text[: len(text) // 2])
    assert error.reason == "bad_json"


def test_deep_nesting_is_refused_without_recursion_error() -> None:
    error = bad("[" * 100_000 + "]" * 100_000)
    assert error.reason == "bad_json"
    assert "nested too deeply" in str(error)


def test_numbers_json_cannot_carry() -> None:
    assert (
        bad(json.dumps(minimal()).replace('"N": 4', '"N": ' + "9" * 5000, 1)).reason == "bad_json"
    )
    assert bad(json.dumps(minimal()).replace('"N": 4', '"N": NaN', 1)).reason == "bad_json"
    assert bad(b"\xff\xfe{}").reason == "bad_json"


def test_duplicate_keys_are_refused() -> None:
    error = bad('{"format": "spades-record", "format": "spades-record"}')
    assert error.reason == "duplicate_key"
    assert "'format' appears twice" in str(error)


def test_not_an_object_at_the_top() -> None:
    error = bad([1, 2])
    assert (error.where, error.reason) == ("", "wrong_type")


@pytest.mark.parametrize(
    ("change", "where", "reason", "words"),
    [
        (lambda d: d.update(format="chess-pgn"), "format", "bad_format", "not a spades record"),
        (lambda d: d.update(version=4), "version", "bad_version", "versions 1 to 3"),
        (lambda d: d.update(version=0), "version", "bad_version", "versions 1 to 3"),
        (lambda d: d.update(version=True), "version", "bad_version", "versions 1 to 3"),
        (lambda d: d.pop("rules"), "", "missing_field", "'rules' is missing"),
        (lambda d: d.update(extra=1), "extra", "unknown_field", "unknown field"),
        (lambda d: d["rules"].update(preset="bridge"), "rules.preset", "bad_rules", "not a preset"),
        (lambda d: d["rules"].update(preset=7), "rules.preset", "wrong_type", "expected text"),
        (
            lambda d: d["rules"].update(options={"bag_treshold": 5}),
            "rules.options.bag_treshold",
            "unknown_field",
            "Did you mean bag_threshold?",
        ),
        (
            lambda d: d["rules"].update(options={"failed_nil_tricks": "sometimes"}),
            "rules.options.failed_nil_tricks",
            "bad_rules",
            "ignored, count_toward_contract, bags_only",
        ),
        (
            lambda d: d["rules"].update(options={"failed_nil_tricks": "IGNORED"}),
            "rules.options.failed_nil_tricks",
            "bad_rules",
            "not one of",
        ),
        (
            lambda d: d["rules"].update(options={"losing_score": 0}),
            "rules.options.losing_score",
            "bad_rules",
            "at most -1",
        ),
        (
            lambda d: d["rules"].update(options={"blind_nil_exchange": 2}),
            "rules.options.blind_nil_exchange",
            "bad_rules",
            "unless blind_nil is True",
        ),
        (
            lambda d: d["rules"].update(options={"blind_nil": "yes"}),
            "rules.options.blind_nil",
            "wrong_type",
            "true or false",
        ),
        (
            lambda d: d["rules"].update(options={"target_score": 250.0}),
            "rules.options.target_score",
            "wrong_type",
            "whole number",
        ),
        (lambda d: d.update(start={"dealer": "X"}), "start.dealer", "bad_seat", "not a seat"),
        (
            lambda d: d.update(start={"bags": {"NS": -1, "EW": 0}}),
            "start.bags.NS",
            "out_of_range",
            "at least 0",
        ),
        (lambda d: d.update(start={"scores": {"NS": 1}}), "start.scores", "missing_field", "'EW'"),
        (
            lambda d: d.update(start={"hand_number": 0}),
            "start.hand_number",
            "out_of_range",
            "at least 1",
        ),
        (lambda d: d.update(hands={}), "hands", "wrong_type", "expected a list"),
        (
            lambda d: d["hands"][0].update(trciks=1),
            "hands[0].trciks",
            "unknown_field",
            "unknown field",
        ),
        (
            lambda d: d["hands"][0]["bids"].update(E="nill"),
            "hands[0].bids.E",
            "bad_bid",
            "not a bid",
        ),
        (
            lambda d: d["hands"][0]["bids"].update(E=14),
            "hands[0].bids.E",
            "bad_bid",
            "East bid 14; a bid is nil or 1 to 13 tricks.",
        ),
        (
            lambda d: d["hands"][0]["bids"].update(E=4.0),
            "hands[0].bids.E",
            "wrong_type",
            "whole number",
        ),
        (
            lambda d: d["hands"][0]["bids"].update(X=4),
            "hands[0].bids.X",
            "unknown_field",
            "unknown",
        ),
        (
            lambda d: d["hands"][0].update(bids=[4, 4, 4]),
            "hands[0].bids",
            "bad_bid",
            "The bids are four values (N, E, S, W), not 3.",
        ),
        (
            lambda d: d["hands"][0]["tricks"].update(W=14),
            "hands[0].tricks",
            "bad_tricks",
            "West's trick count must be at most 13, not 14.",
        ),
        (lambda d: d["hands"][0]["tricks"].pop("W"), "hands[0].tricks", "missing_field", "'W'"),
        (
            lambda d: d["hands"][0].pop("tricks"),
            "hands[0]",
            "missing_field",
            "tricks each seat took",
        ),
        (
            lambda d: d["hands"][0].update(plays=[["Ac"]]),
            "hands[0].plays",
            "missing_field",
            "needs its deal",
        ),
        (
            lambda d: d["hands"][0].update(written={"NS": {}}),
            "hands[0].written.NS",
            "missing_field",
            "at least one",
        ),
        (
            lambda d: d["hands"][0].update(written={"NS": {"points": "72"}}),
            "hands[0].written.NS.points",
            "wrong_type",
            "found text",
        ),
        (lambda d: d["hands"][0].update(note=5), "hands[0].note", "wrong_type", "expected text"),
    ],
)
def test_each_structural_error_names_its_place(
    change: Any, where: str, reason: str, words: str
) -> None:
    data = minimal()
    change(data)
    error = bad(data)
    assert (error.where, error.reason) == (where, reason)
    assert words in str(error)
    assert str(error).startswith(f"{where}: " if where else "")


DEAL = {
    "N": "AK.AKQJT987..T98",
    "E": "Q.65432.AKQJ.765",
    "S": "J..T98765432.432",
    "W": "T98765432...AKQJ",
}


@pytest.mark.parametrize(
    ("change", "where", "reason"),
    [
        (lambda h: h["deal"].update(N="AK.AKQJT987.T98"), "hands[0].deal.N", "bad_hand"),
        (lambda h: h["deal"].update(N="AKA.AKQJT987..T98"), "hands[0].deal.N", "bad_hand"),
        (lambda h: h["deal"].update(N=["As", "Ks", "As"]), "hands[0].deal.N[2]", "bad_hand"),
        (lambda h: h["deal"].update(N=["As", "Xx"]), "hands[0].deal.N[1]", "bad_card"),
        (lambda h: h["deal"].update(N=13), "hands[0].deal.N", "wrong_type"),
        (lambda h: h.update(plays=[["Ac", "8c", "5c", "2x"]]), "hands[0].plays[0][3]", "bad_card"),
        (
            lambda h: h.update(plays=[["Ac", "8c", "5c", "2c", "3c"]]),
            "hands[0].plays[0]",
            "out_of_range",
        ),
        (lambda h: h.update(plays=[[]]), "hands[0].plays[0]", "out_of_range"),
        (lambda h: h.update(plays=["Ac 8c 5c 2c"]), "hands[0].plays[0]", "wrong_type"),
        (
            lambda h: h.update(exchange={"N": "As Kd", "Q": "2c"}),
            "hands[0].exchange.Q",
            "unknown_field",
        ),
    ],
)
def test_cards_that_do_not_parse(change: Any, where: str, reason: str) -> None:
    hand = {"deal": dict(DEAL), "bids": {"N": 3, "E": 4, "S": 1, "W": 3}}
    change(hand)
    error = bad(minimal(**hand) | {"hands": [hand]})
    assert (error.where, error.reason) == (where, reason)


def test_cards_accept_the_documented_spellings() -> None:
    hand = {"deal": dict(DEAL), "bids": {"N": 3, "E": 4, "S": 1, "W": 3}}
    hand["plays"] = [["Ac", "8C", "c5", "2♣"]]
    record = from_data(
        {"format": FORMAT, "version": 1, "rules": {"preset": "standard"}, "hands": [hand]}
    )
    assert [str(card) for card in record.hands[0].plays[0]] == ["Ac", "8c", "5c", "2c"]


# -- the schema ------------------------------------------------------------------------------------


def validator() -> jsonschema.protocols.Validator:
    spec = schema()
    jsonschema.Draft202012Validator.check_schema(spec)
    return jsonschema.Draft202012Validator(spec)


def test_the_schema_is_shipped_in_the_package() -> None:
    spec = schema()
    assert spec["title"] == f"spades game record, version {VERSION}"
    assert spec["properties"]["version"]["enum"] == list(range(1, VERSION + 1))
    assert spec["properties"]["format"] == {"const": FORMAT}


def test_the_schema_uses_the_readers_patterns() -> None:
    defs = schema()["$defs"]
    assert defs["card"]["pattern"] == CARD_PATTERN
    assert defs["cards"]["oneOf"][0]["pattern"] == HAND_PATTERN


def test_the_schema_lists_every_rule_option_with_its_type() -> None:
    options = schema()["$defs"]["rules"]["properties"]["options"]["properties"]
    assert list(options) == list(OPTION_NAMES)
    for name, spec in options.items():
        kind = OPTION_KINDS[name]
        if kind is bool:
            assert spec == {"type": "boolean"}
        elif kind is int:
            assert "integer" in spec["type"]
        else:
            assert spec == {"enum": [str(member) for member in kind]}  # type: ignore[attr-defined]


def test_the_schemas_number_bounds_are_the_rule_sets() -> None:
    options = schema()["$defs"]["rules"]["properties"]["options"]["properties"]
    # So that the blind nil, blind bid, big bid, moon and renege options may change.
    base = RuleSet(blind_nil=True, blind_bid=6, big_bid=10, moon="bid_13", renege_penalty="tricks")
    for name, spec in options.items():
        if OPTION_KINDS[name] is not int:
            continue
        # Three players play alone, which the renege penalty above cannot; two draw their cards.
        start = RuleSet(partnerships=False) if name == "players" else base
        if name in ("blind_bid_points", "one_bid_points", "two_bid_points"):
            start = RuleSet(partnerships=False, blind_bid=6)  # cutthroat's: a player's own bids
        if name in ("misdeal_max_spades", "misdeal_long_suit", "redeal_below_total"):
            start = RuleSet(players=3, partnerships=False, deck="jokers")  # 18 cards a hand
        for bound, step in (("minimum", -1), ("maximum", 1)):
            if abs(spec[bound]) == MAX_INT:
                continue  # the record's own limit, below
            two = (name, spec[bound]) == ("players", 2)
            drawn = {"deal_method": "draw_keep_discard"} if two else {}
            start.evolve(**{name: spec[bound]}, **drawn)  # the bound itself is allowed
            with pytest.raises(ValueError):
                start.evolve(**{name: spec[bound] + step}, **drawn)


def test_integers_stay_within_what_javascript_reads_exactly() -> None:
    assert MAX_INT == 9_007_199_254_740_991
    data = minimal()
    data["start"] = {"scores": {"NS": MAX_INT, "EW": -MAX_INT}}
    assert from_data(data).start.scores == (MAX_INT, -MAX_INT)
    assert validator().is_valid(data)
    data["start"] = {"scores": {"NS": MAX_INT + 1, "EW": 0}}
    error = bad(data)
    assert (error.where, error.reason) == ("start.scores.NS", "out_of_range")
    assert not validator().is_valid(data)


def test_huge_or_deep_values_are_quoted_briefly() -> None:
    deep: Any = "x"
    for _ in range(900):
        deep = [deep]
    for value in (deep, "z" * 10**6, 10**4000):
        for spot in ("format", "version"):
            error = bad({**minimal(), spot: value})
            assert len(str(error)) < 200
    error = bad(minimal(bids={"N": "q" * 10**6}))
    assert len(str(error)) < 200
    data = minimal()
    data["rules"]["options"] = {"x" * 10**6: 1}
    assert len(str(bad(data))) < 200
    data["rules"] = {"preset": "y" * 10**6}
    assert len(str(bad(data))) < 200


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.name)
def test_every_record_file_is_valid_under_the_schema(path: Path) -> None:
    data = json.loads(path.read_text())
    validator().validate(data)
    record = from_data(data)
    validator().validate(record.to_data())
    assert loads(dumps(record)) == record


def test_records_of_games_are_valid_under_the_schema() -> None:
    check = validator()
    for rules, seed in (("standard", 1), ("pagat", 2), ("000", 3), ("004", 4)):
        check.validate(to_record(play(rules, seed, actions=400)).to_data())


def test_the_schema_refuses_what_the_reader_refuses_by_structure() -> None:
    check = validator()
    for data in (
        minimal(bids={"N": "nill"}),
        minimal(tricks={"N": 14, "E": 0, "S": 0, "W": 0}),
        minimal(trciks=1),
        {**minimal(), "version": VERSION + 1},
        minimal(plays=[["Ac"]]),
    ):
        assert not check.is_valid(data)
        with pytest.raises(RecordError):
            from_data(data)


def test_replay_goes_past_a_wrong_written_score() -> None:
    # The table's arithmetic changes no state: the replay shows the rules' scores throughout.
    record = from_data(json.loads((RECORDS / "dispute-forgotten-penalty.json").read_text()))
    last = states_of(replay(record))[-1]
    # 200 + 70 + 4 - 100 + 50 = 224; 150 + 20 + 62 = 232.
    assert last.scores == (224, 232)


def test_records_built_in_python_are_checked_like_files() -> None:
    # A bid's range is the rules', so a hand is checked when its game's rules are known, with
    # the sentence check() gives for that bid.
    with pytest.raises(RecordError) as caught:
        GameRecord(hands=[HandRecord(bids=[20, 1, 1, 1], tricks=[13, 0, 0, 0])])
    assert caught.value.where == "hands[0].bids.N"
    assert str(caught.value) == "hands[0].bids.N: North bid 20; a bid is nil or 1 to 13 tricks."
    with pytest.raises(RecordError):
        HandRecord(bids=[1, 1, 1, 1], tricks=[14, -1, 0, 0])
    with pytest.raises(RecordError):
        HandRecord(bids=[1, 1, 1], tricks=[13, 0, 0, 0])
    with pytest.raises(ValueError):
        GameRecord(preset="bridge")
    hand = HandRecord(bids=["4", "nil", Bid(3, seat=Seat.S), "blind nil"], tricks=(4, 0, 9, 0))
    assert hand.bids == (Bid(4), Bid.NIL, Bid(3), Bid.BLIND_NIL)


#: Values a hand cannot hold, given the same way to the reader (as JSON) and to a HandRecord
#: built in Python (under the standard rules, with the bids and tricks of ``minimal``), and where
#: in the hand each is refused.
ONE_SENTENCE = [
    ("bids", [4, 4, 4], "bids"),
    ("bids", [4, 4, 4, 3, 1], "bids"),
    ("bids", {"N": 20, "E": 3, "S": 3, "W": 3}, "bids.N"),
    ("tricks", {"N": 14, "E": 0, "S": 0, "W": 0}, "tricks"),
    ("tricks", {"N": -1, "E": 3, "S": 3, "W": 3}, "tricks"),
    ("tricks", [4, 3, 3], "bids.W"),  # three seats: West's bid has no player
    ("plays", [["Ac", "8c", "5c", "2c", "3c"]], "plays[0]"),
    ("plays", [["Ac"]] * 14, "plays"),
    ("plays", [["Ac"]] * 19, "plays"),
    ("reneges", {"NS": -1, "EW": 0}, "reneges"),
    ("redeal", "N", "tricks"),  # a thrown-in hand has no trick counts
]


@pytest.mark.parametrize(("field", "value", "place"), ONE_SENTENCE, ids=lambda v: str(v)[:30])
def test_a_value_is_refused_with_one_sentence_from_a_file_and_from_python(
    field: str, value: Any, place: str
) -> None:
    data = minimal(**{field: value})
    if field in ("plays", "redeal"):
        data["hands"][0]["deal"] = dict(DEAL)
    from_file = bad(data)
    hand = dict(data["hands"][0])
    if field == "reneges":
        hand["reneges"] = tuple(value.values())
    if "deal" in hand:
        hand["deal"] = Deal(list(hand["deal"].values()))
    with pytest.raises(RecordError) as caught:
        GameRecord(hands=[HandRecord(**hand)])
    from_python = caught.value
    # A HandRecord names its own fields; a GameRecord, the hand's place in the game.
    assert from_python.where.removeprefix("hands[0].") == place
    sentence = from_python.message.removeprefix(f"{from_python.where}: ")
    assert (from_file.where, from_file.reason) == (f"hands[0].{place}", from_python.reason)
    assert str(from_file) == f"hands[0].{place}: {sentence}"
