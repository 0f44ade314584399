"""The record format: writing, reading, every way a file can be wrong, replay, and the schema."""

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
    GameState,
    Phase,
    RecordError,
    RuleSet,
    Seat,
    Standing,
    Team,
    apply,
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
    to_record,
)
from spades.records.notation import CARD_PATTERN, HAND_PATTERN
from spades.rules import OPTION_KINDS, OPTION_NAMES
from strategies import states_of


def play(rules: RuleSet | str, seed: int, actions: int | None = None, **start: Any) -> GameState:
    """Random legal actions from a seed, stopped after ``actions`` actions or at the end."""
    rng = random.Random(seed)
    state = new_game(rules, **start)
    done = 0
    while not state.is_over and (actions is None or done < actions):
        if state.needs_deal:
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
        "version": VERSION,
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
        (lambda d: d.update(version=3), "version", "bad_version", "versions 1 to 2"),
        (lambda d: d.update(version=0), "version", "bad_version", "versions 1 to 2"),
        (lambda d: d.update(version=True), "version", "bad_version", "versions 1 to 2"),
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


def test_the_record_of_a_standing_mid_game() -> None:
    record = GameRecord(
        start=Standing(dealer=Seat.W, hand_number=7, scores=(230, -40), bags=(3, 8))
    )
    data = record.to_data()
    assert data["start"] == {
        "dealer": "W",
        "hand_number": 7,
        "scores": {"NS": 230, "EW": -40},
        "bags": {"NS": 3, "EW": 8},
    }
    assert from_data(data) == record


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
