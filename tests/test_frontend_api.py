"""What a front-end builds on: a person's typed text read as the action it means now, an action
written to and read from JSON (the form a seat's view lists its legal actions in), and a seat's
view as the JSON a server sends, at every table (tests/tables.py): its values by side and by seat,
and at two the draw."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Bury,
    Deal,
    Discard,
    Exchange,
    Keep,
    NotationError,
    Phase,
    Play,
    Redeal,
    RuleSet,
    Seat,
    action_from_dict,
    action_to_dict,
    apply,
    apply_counts,
    chance_action,
    check,
    find_ruleset,
    new_game,
    view,
)
from spades.actions import Action
from spades.views import SeatView
from strategies import random_action, rulesets, start
from tables import TABLE, TableKind
from test_views import (
    DEAL_A,
    KEYS,
    SCRIPT_A,
    TWO,
    blind_nil_exchange,
    drawn,
    play,
    standard_at_play,
)

N, E, S = Seat.N, Seat.E, Seat.S


def typed(action: Action) -> str:
    """How a person types ``action``: ``4``, ``nil``, ``blind nil``, ``Qh``, ``2c 3d`` (cards to
    pass or to discard)."""
    if isinstance(action, (Exchange, Bury)):
        return " ".join(str(card) for card in action.cards)
    return str(action)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(rulesets(), st.integers(0, 2**32 - 1))
def test_every_legal_action_reads_back_from_text_and_from_json(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    state = start(rules)
    for _ in range(2 * 60):
        if state.is_over:
            break
        if state.needs_deal:
            with pytest.raises(NotationError) as caught:
                state.parse_action("4")
            assert caught.value.reason == "wrong_phase"
        else:
            seat = state.to_act
            assert seat is not None
            seen = view(state, seat)
            listed = seen.to_dict()["legal_actions"]
            for action in seen.legal_actions:
                assert isinstance(action, (Bid, Redeal, Exchange, Play, Keep, Discard, Bury))
                data = json.loads(json.dumps(action_to_dict(action)))
                assert action_from_dict(data, seat=seat) == action
                assert data in listed
                # the text a person types means that action, to the state and to the view
                assert state.parse_action(typed(action)) == action
                assert seen.parse_action(typed(action)) == action
                assert check(state, state.parse_action(typed(action))) is None
        state = apply(state, random_action(state, rng))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("qh", Play("Qh", seat=Seat.E)),
        (" 10s ", Play("Ts", seat=Seat.E)),
        ("Q♥", Play("Qh", seat=Seat.E)),
        ("SA", Play("As", seat=Seat.E)),
    ],
)
def test_cards_are_read_in_every_notation(text: str, expected: Play) -> None:
    state = apply(new_game(), Deal.random(1))
    for bid in ("3", "nil", "4", "2"):
        state = apply(state, state.parse_action(bid))
    assert state.phase is Phase.PLAY and state.to_act is Seat.E
    assert state.parse_action(text) == expected


def test_bids_read_as_the_rules_say() -> None:
    state = apply(new_game(), Deal.random(1))
    assert state.parse_action("0") == Bid(0, seat=Seat.E)
    assert state.parse_action("Blind Nil") == Bid(0, blind=True, seat=Seat.E)
    strict = apply(new_game(RuleSet(zero_bid_is_nil=False)), Deal.random(1))
    with pytest.raises(NotationError, match="A bid of '0' is not used under these rules"):
        strict.parse_action("0")


@pytest.mark.parametrize(
    ("text", "reason", "message"),
    [
        ("Zz", "bad_bid", "'Zz' is not a bid; bid a number of tricks, 'nil' or 'blind nil'."),
        (None, "bad_action", "An action is typed as text such as '4', 'nil' or 'Qh', not None."),
        (4, "bad_action", "An action is typed as text such as '4', 'nil' or 'Qh', not 4."),
    ],
)
def test_text_that_is_no_action_is_refused_with_a_sentence(
    text: object, reason: str, message: str
) -> None:
    state = apply(new_game(), Deal.random(1))
    with pytest.raises(NotationError) as caught:
        state.parse_action(text)  # type: ignore[arg-type]
    assert caught.value.reason == reason
    assert str(caught.value) == message


def test_a_repeated_card_to_pass_is_refused() -> None:
    rules = RuleSet(blind_nil=True, blind_nil_exchange=2)
    state = apply(new_game(rules), Deal.random(1, rules))
    for bid in ("blind nil", "3", "4", "2"):
        state = apply(state, state.parse_action(bid))
    assert state.phase is Phase.EXCHANGE
    with pytest.raises(NotationError, match="appears twice"):
        state.parse_action("2c 2c")
    held = sorted(state.holding(state.to_act))[:2]  # type: ignore[arg-type]
    action = state.parse_action(f"{held[0]}, {held[1]}")
    assert action == Exchange(held, seat=state.to_act)
    assert state.parse_action(str(action)) == action  # 'pass 2c 3d', as an Exchange prints
    assert check(state, action) is None


@pytest.mark.parametrize(
    ("data", "reason", "message"),
    [
        (None, "bad_action", 'An action is an object such as {"type": "play", "card": "Qh"}'),
        ([], "bad_action", 'An action is an object such as {"type": "play", "card": "Qh"}'),
        ({}, "bad_action", "An action's type is 'bid', 'exchange', 'bury', 'play', 'redeal', "
         "'keep' or 'discard', not None."),
        ({"type": "deal"}, "bad_action", "An action's type is 'bid', 'exchange', 'bury', 'play'"),
        ({"type": "draw"}, "bad_action", "An action's type is 'bid', 'exchange', 'bury', 'play'"),
        ({"type": "keep", "card": "Qh"}, "bad_action", "A keep action has only the key 'type', "
         "but this one also has 'card'."),
        ({"type": "bid"}, "bad_action", "A bid action has the keys 'type' and 'bid', but this "
         "one lacks 'bid'."),
        ({"type": "play", "card": "Qh", "seat": "N"}, "bad_action", "A play action has the keys "
         "'type' and 'card', but this one also has 'seat'."),
        ({"type": "bid", "bid": True}, "bad_bid", "A bid is a number of tricks, 'nil' or"),
        ({"type": "bid", "bid": 2.5}, "bad_bid", "A bid is a number of tricks, 'nil' or"),
        ({"type": "bid", "bid": "lots"}, "bad_bid", "'lots' is not a bid"),
        ({"type": "play", "card": 12}, "bad_card", "A card is written as text like 'Qh', not 12."),
        ({"type": "play", "card": "Qx"}, "bad_card", "'Qx' is not a card"),
        ({"type": "exchange", "cards": "2c 3d"}, "bad_card", "An exchange's cards are a list"),
        ({"type": "exchange", "cards": ["2c", 3]}, "bad_card", "An exchange's cards are a list"),
        ({"type": "bury", "cards": "7h 3c"}, "bad_card", "A discard's cards are a list"),
    ],
)  # fmt: skip
def test_malformed_action_data_is_refused_with_a_sentence(
    data: object, reason: str, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        action_from_dict(data)
    assert caught.value.reason == reason
    assert str(caught.value).startswith(message)
    assert str(caught.value).endswith(".")


def test_only_a_seats_actions_are_written_as_data() -> None:
    refused = "A seat's action is a bid, a redeal, an exchange, a play, keeping or discarding"
    with pytest.raises(NotationError, match=refused):
        action_to_dict(Deal.random(1))
    assert action_to_dict(Bid.BLIND_NIL) == {"type": "bid", "bid": "blind nil"}
    data = action_to_dict(Exchange("2c 3d", seat="N"))
    assert data["type"] == "exchange" and sorted(data["cards"]) == ["2c", "3d"]


def test_a_trick_is_written_in_letters_or_symbols() -> None:
    from spades import Trick

    trick = Trick("E", "6c 4c Th")
    assert str(trick) == trick.to_text() == "E:6c S:4c W:Th"
    assert trick.to_text(unicode=True) == "E:6♣ S:4♣ W:T♥"


# -- a seat's view as JSON -------------------------------------------------------------------------


def test_to_dict_during_the_play() -> None:
    state = play(standard_at_play(), SCRIPT_A[0] + " E:Kh")
    data = view(state, S).to_dict()
    assert set(data) == KEYS
    assert data == {
        "seat": "S",
        "phase": "play",
        "rules": find_ruleset("standard").to_dict(),
        "dealer": "N",
        "hand_number": 1,
        "scores": {"NS": 0, "EW": 0},
        "bags": {"NS": 0, "EW": 0},
        "to_act": "S",
        "hand": {
            "cards": ["8s", "5s", "2s", "Th", "7h", "Ad", "Kd", "Qd", "2d", "Tc", "8c", "6c"],
            "text": "852.T7.AKQ2.T86",
            "by_suit": [
                ["8s", "5s", "2s"],
                ["Th", "7h"],
                ["Ad", "Kd", "Qd", "2d"],
                ["Tc", "8c", "6c"],
            ],
        },
        "hand_sizes": {"N": 12, "E": 11, "S": 12, "W": 12},
        "bids": {"N": 2, "E": 3, "S": 3, "W": 5},
        "exchanges": [],
        "completed_tricks": [
            {
                "leader": "E",
                "winner": "E",
                "plays": [
                    {"seat": "E", "card": "Ah"},
                    {"seat": "S", "card": "4h"},
                    {"seat": "W", "card": "3h"},
                    {"seat": "N", "card": "5h"},
                ],
            }
        ],
        "current_trick": {
            "leader": "E",
            "winner": "E",
            "plays": [{"seat": "E", "card": "Kh"}],
        },
        "tricks_taken": {"N": 0, "E": 1, "S": 0, "W": 0},
        "spades_broken": False,
        "legal_actions": [{"type": "play", "card": "7h"}, {"type": "play", "card": "Th"}],
        "result": None,
        "history": [],
        # The draw of two-handed Spades: nothing in a dealt hand.
        "discards": [],
        "discard_counts": {},
        "drawn_card": None,
        "stock_size": 0,
    }
    assert json.loads(json.dumps(data)) == data


def test_to_dict_bids_and_exchanges() -> None:
    state = apply(new_game("pagat", scores=(0, 100)), DEAL_A)
    state = apply(state, Bid(3))
    data = view(state, S).to_dict()
    assert data["bids"] == {"N": None, "E": 3, "S": None, "W": None}
    assert data["legal_actions"][0] == {"type": "bid", "bid": 1}
    assert data["legal_actions"][-2:] == [
        {"type": "bid", "bid": "nil"},
        {"type": "bid", "bid": "blind nil"},
    ]
    assert data["current_trick"] is None
    after_north, _, _ = blind_nil_exchange()
    data = view(after_north, S).to_dict()
    assert data["bids"] == {"N": 4, "E": 3, "S": "blind nil", "W": 5}
    assert {"type": "exchange", "cards": ["8s", "5s"]} in data["legal_actions"]
    assert data["legal_actions"][0] == {"type": "exchange", "cards": ["8c", "6c"]}
    assert all(set(action) == {"type", "cards"} for action in data["legal_actions"])
    assert json.loads(json.dumps(data)) == data


#: Hand-scored games at the tables where each plays alone: the standing before, the bids and the
#: tricks of one hand from North, the scores, bags and points after it, and, the same hand played
#: under a cap of one hand from 0, the winner and the totals.
SCORED_ALONE = {
    # North has 9 bags. N bids 3 and takes 5, E 4 takes 4, S nil takes 0, W 2 takes 4: by the
    # option's doc each scores on its own, so
    #   N: 30 + 2 bags = 32, bags 11 reach 10: -100, 1 carried  -> -68
    #   E: 40; S: nil made +100; W: 20 + 2 bags = 22, bags 2.
    # Under a cap of one hand, the best total wins alone: bid 3, 2, 3, 4 and taking 3, 2, 2, 6,
    # West, 40 + 2 bags.
    "alone": {
        "scores": (100, 50, 0, -30),
        "bags": (9, 0, 0, 0),
        "bids": [3, 4, "nil", 2],
        "took": [5, 4, 0, 4],
        "after": {"N": 32, "E": 90, "S": 100, "W": -8},
        "bags_after": {"N": 1, "E": 0, "S": 0, "W": 2},
        "points": {"N": -68, "E": 40, "S": 100, "W": 22},
        "capped": ([3, 2, 3, 4], [3, 2, 2, 6], "W", {"N": 30, "E": 20, "S": -30, "W": 42}),
    },
    # North has 9 bags. N bids 4 and takes 6, E nil takes 1, S 5 takes 10 (17 tricks): by the
    # rules (each alone, the standard scoring),
    #   N: 40 + 2 bags = 42; bags 11 reach 10: -100, 1 carried   -> -58, total 100 - 58 = 42
    #   E: nil failed -100 (its trick not a bag)                -> -100, total 50 - 100 = -50
    #   S: 50 + 5 bags = 55, bags 5                             -> +55, total -30 + 55 = 25
    # The game's end under a cap of one hand: the best total, South's, wins alone.
    "three": {
        "scores": (100, 50, -30),
        "bags": (9, 0, 0),
        "bids": [4, "nil", 5],
        "took": [6, 1, 10],
        "after": {"N": 42, "E": -50, "S": 25},
        "bags_after": {"N": 1, "E": 0, "S": 5},
        "points": {"N": -58, "E": -100, "S": 55},
        "capped": ([4, "nil", 5], [6, 1, 10], "S", {"N": 42, "E": -100, "S": 55}),
    },
}


@pytest.mark.parametrize(
    "table_kind", [TABLE[name] for name in SCORED_ALONE], ids=str, indirect=True
)
def test_to_dict_alone_gives_every_value_by_side_keyed_by_seat(table_kind: TableKind) -> None:
    scored: dict[str, Any] = SCORED_ALONE[table_kind.id]
    rules = table_kind.rules
    by_seat = {seat.name for seat in table_kind.seats}
    start_state = new_game(rules, scores=scored["scores"], bags=scored["bags"])
    state = apply_counts(start_state, scored["bids"], scored["took"])
    data = view(state, Seat.E).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["rules"]["players"] == table_kind.players
    assert data["rules"]["partnerships"] is False
    assert data["scores"] == scored["after"] and data["bags"] == scored["bags_after"]
    for key in ("hand_sizes", "bids", "tricks_taken"):
        assert set(data[key]) == by_seat
    (done,) = data["history"]
    assert done["points"] == scored["points"]
    assert done["scores"] == data["scores"] and done["bags"] == data["bags"]
    assert done["bids"] == dict(zip(("N", "E", "S", "W"), scored["bids"]))
    assert done["tricks_taken"] == dict(zip(("N", "E", "S", "W"), scored["took"]))
    bids, took, winner, totals = scored["capped"]
    over = apply_counts(new_game(rules.evolve(max_hands=1)), bids, took)
    result = view(over, Seat.N).to_dict()["result"]
    assert result["winner"] == winner and result["reason"] == "cap"
    assert result["scores"] == totals


def test_the_draw_in_a_views_json() -> None:
    # Two-handed Spades: the player after the dealer draws first; a card drawn is seen by its
    # drawer alone, kept or discarded, and the next card goes the other way.
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
