"""What a front-end builds on: a person's typed text read as the action it means now, and an
action written to and read from JSON (the form a seat's view lists its legal actions in)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
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
    check,
    new_game,
    view,
)
from spades.actions import Action
from strategies import random_action, rulesets, start


def typed(action: Action) -> str:
    """How a person types ``action``: ``4``, ``nil``, ``blind nil``, ``Qh``, ``2c 3d``."""
    if isinstance(action, Exchange):
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
                assert isinstance(action, (Bid, Redeal, Exchange, Play, Keep, Discard))
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
        ({}, "bad_action", "An action's type is 'bid', 'exchange', 'play', 'redeal', 'keep' or "
         "'discard', not None."),
        ({"type": "deal"}, "bad_action", "An action's type is 'bid', 'exchange', 'play', 'redeal'"),
        ({"type": "draw"}, "bad_action", "An action's type is 'bid', 'exchange', 'play', 'redeal'"),
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
    refused = "A seat's action is a bid, a redeal, an exchange, a play, or keeping or discarding"
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
