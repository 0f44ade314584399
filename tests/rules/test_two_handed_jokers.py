"""Two-handed Spades with the jokers (``players=2``, ``deck='jokers'``, ``removed_twos``; the
``two_player_jokers`` preset).

Bicycle, "Spades with Jokers": "For the two- and four-player games, the deuces of clubs and
diamonds should be removed ... the Big Joker ... outranks the Little Joker ..., which outranks the
ace of spades." holdingthecards.com, "What Cards Do You Take Out in Spades?", two players: "Add the
Jokers and remove the 2♥ & 2♦. Each player gets 13 and discards 13." So the stock is 52 cards,
the draw is 26 turns of two, each player keeps 13 and discards 13, and a hand is 13 tricks.
"""

from __future__ import annotations

import json
import random

import pytest

from spades import (
    Bid,
    Card,
    Draw,
    GameState,
    Keep,
    Phase,
    Play,
    Reason,
    RuleSet,
    RuleSetError,
    Seat,
    apply,
    chance_action,
    check,
    find_ruleset,
    legal_actions,
    new_game,
    view,
)
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer
from spades.records import dumps, loads, to_record, verify
from spades.rules import Deck, RemovedTwos

N, E = Seat.N, Seat.E
TWO = find_ruleset("two_player")
JOKERS_TWO = find_ruleset("two_player_jokers")
#: The deuces each choice of removed_twos leaves out (the option's doc, Bicycle, holdingthecards).
OUT = {
    RemovedTwos.HEARTS_CLUBS: {"2h", "2c"},
    RemovedTwos.HEARTS_DIAMONDS: {"2h", "2d"},
    RemovedTwos.CLUBS_DIAMONDS: {"2c", "2d"},
}
EVERY_CARD = {f"{rank}{suit}" for suit in "cdhs" for rank in "23456789TJQKA"} | {"BJ", "LJ"}


def two_with(removed: RemovedTwos) -> RuleSet:
    return TWO.evolve(deck="jokers", removed_twos=removed)


def draw_hand(state: GameState, rng: random.Random) -> GameState:
    """Draw one hand from the stock at random, keeping or discarding at random."""
    while state.needs_draw or state.phase is Phase.DRAW:
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_the_preset_is_bicyles_two_handed_jokers_game() -> None:
    assert TWO.evolve(deck="jokers", removed_twos="clubs_diamonds") == JOKERS_TWO
    assert find_ruleset("two_handed_jokers") == JOKERS_TWO
    assert JOKERS_TWO.seats == (N, E)


@pytest.mark.parametrize("removed", list(RemovedTwos), ids=str)
def test_the_stock_is_the_54_cards_without_the_two_deuces(removed: RemovedTwos) -> None:
    stock = new_game(two_with(removed)).stock
    assert len(stock) == 52
    assert {str(card) for card in stock} == EVERY_CARD - OUT[removed]


@pytest.mark.parametrize("removed", list(RemovedTwos), ids=str)
def test_26_turns_keep_13_each_and_waste_26_and_a_hand_is_13_tricks(removed: RemovedTwos) -> None:
    rng = random.Random(str(removed))
    state = draw_hand(new_game(two_with(removed)), rng)
    assert state.phase is Phase.BIDDING
    assert [len(hand) for hand in state.holdings] == [13, 13]
    assert [len(cards) for cards in state.discards] == [13, 13]
    every = state.holdings[0] | state.holdings[1] | state.discards[0] | state.discards[1]
    assert {str(card) for card in every} == EVERY_CARD - OUT[removed]
    bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
    assert sorted(bid.tricks for bid in bids) == list(range(14))  # nil to 13
    state = apply(apply(state, Bid(4)), Bid(4))
    tricks = 0
    while state.phase is Phase.PLAY:
        for _ in range(2):  # a trick has two cards
            state = apply(state, rng.choice(legal_actions(state)))
        tricks += 1
    assert tricks == 13
    assert state.last_hand is not None and sum(state.last_hand.tricks_won) == 13


def test_a_removed_deuce_is_not_in_the_deck_and_a_joker_may_be_drawn() -> None:
    state = new_game(JOKERS_TWO)
    for out in ("2c", "2d"):
        violation = check(state, Draw(out))
        assert violation is not None and violation.reason is Reason.BAD_DRAW
        assert str(violation) == (
            f"{out} cannot be drawn: it is not in the deck, and the stock holds 52 other cards."
        )
    state = apply(state, Draw("BJ"))
    assert state.drawn_card == Card("BJ") and state.to_act is E
    assert check(new_game(TWO), Draw("BJ")) is not None  # the standard deck has no joker


def test_the_big_joker_takes_the_trick_over_the_ace_of_spades() -> None:
    rules = JOKERS_TWO.evolve(spades_breaking="any_time")
    state = new_game(rules)
    # East draws first: East keeps the big joker, North the ace of spades; the rest at random.
    order = ["BJ", "3h", "As", "4h"]
    rng = random.Random(3)
    while state.needs_draw or state.phase is Phase.DRAW:
        if state.needs_draw:
            card = order.pop(0) if order else None
            state = apply(state, Draw(card) if card else chance_action(state, rng))
        else:
            first = len(state.stock) >= 50  # East's and North's first cards: kept
            state = apply(state, Keep() if first else rng.choice(legal_actions(state)))
    assert Card("BJ") in state.holding(E) and Card("As") in state.holding(N)
    state = apply(apply(state, Bid(3)), Bid(3))
    state = apply(apply(state, Play("BJ")), Play("As"))
    assert state.last_trick is not None and state.last_trick.winner is E


def test_decks_the_sources_do_not_draw_at_two_are_refused() -> None:
    for deck in (Deck.JJDA, Deck.JJDD, Deck.DEUCES_HIGH):
        with pytest.raises(RuleSetError) as caught:
            TWO.evolve(deck=deck)
        assert caught.value.option == "deck"
        assert str(caught.value) == (
            f"deck {deck} is not drawn by 2 players: two-handed Spades draws from the standard "
            "deck, or from the jokers deck without two deuces; set deck='standard' or "
            "deck='jokers'."
        )
    with pytest.raises(RuleSetError) as caught:
        TWO.evolve(removed_twos="hearts_diamonds")  # the standard deck has no joker
    assert caught.value.option == "removed_twos"
    with pytest.raises(RuleSetError) as caught:
        RuleSet(players=3, partnerships=False, deck="jokers", removed_twos="hearts_diamonds")
    assert "four or two play" in str(caught.value)


def test_each_seat_sees_only_its_own_drawn_joker() -> None:
    state = apply(new_game(JOKERS_TWO), Draw("LJ"))
    assert view(state, E).drawn_card == Card("LJ") and view(state, N).drawn_card is None
    assert "LJ" not in repr(view(state, N))


@pytest.mark.parametrize(
    "level", [EasyPlayer, MediumPlayer, HardPlayer, ExpertPlayer], ids=lambda p: p.__name__
)
def test_every_level_draws_bids_and_plays_legally_and_the_record_verifies(level: type) -> None:
    rules = JOKERS_TWO.evolve(max_hands=2)
    rng = random.Random(level.__name__)
    players = [level(), level()]
    state = new_game(rules)
    while not state.is_over:
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        action = players[seat](view(state, seat), rng)
        assert check(state, action) is None
        state = apply(state, action)
    assert state.hand_number == 2
    record = to_record(state, preset="two_player_jokers")
    again = loads(dumps(record))
    assert again == record
    report = verify(again)
    assert report.ok, report.problems
    assert report.standing.scores == state.scores


def test_a_record_that_draws_a_removed_deuce_is_refused_with_the_engines_sentence() -> None:
    rules = JOKERS_TWO.evolve(max_hands=1)
    rng = random.Random(2)
    player = EasyPlayer()
    state = new_game(rules)
    while not state.is_over:
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        state = apply(state, player(view(state, seat), rng))
    data = json.loads(dumps(to_record(state, preset="two_player_jokers")))
    assert verify(loads(json.dumps(data))).ok
    first = data["hands"][0]["draw"][0]
    data["hands"][0]["draw"][0] = "2d" + first[first.index(" ") :]
    report = verify(loads(json.dumps(data)))
    assert not report.ok
    assert str(report.problems[0]) == (
        "hand 1, draw, turn 1, E draws 2d: 2d cannot be drawn: it is not in the deck, and the "
        "stock holds 52 other cards."
    )
