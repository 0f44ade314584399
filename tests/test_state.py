"""The state as a value: its actions and undo (at every table, through the deal or two players'
draw), its picture, its reprs, pickling, equality.

The position used throughout is BAND dealt by North (standard rules: clockwise, East bids and
leads first), bid East 3, South 4, West nil, North 2.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Counts,
    Deal,
    GameState,
    NotationError,
    Phase,
    Play,
    Seat,
    SpadesError,
    Team,
    Trick,
    apply,
    apply_counts,
    chance_action,
    check,
    legal_actions,
    new_game,
    undo,
)
from spades.records import replay, to_record
from strategies import random_action, rulesets, start
from tables import TableKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
BAND = Deal(("J73.Q84.K95.AT62", "AKQ.T9.A8764.J97", "T9842.AK652.T.K5", "65.J73.QJ32.Q843"))


def bid(state: GameState, *bids: int | str) -> GameState:
    for value in bids:
        state = apply(state, Bid.parse(str(value)))
    return state


def first_plays(state: GameState, count: int) -> GameState:
    """The first legal card, ``count`` times."""
    for _ in range(count):
        state = apply(state, legal_actions(state)[0])
    return state


def bidden() -> GameState:
    return bid(apply(new_game(), BAND), 3, 4, "nil", 2)


# -- the actions that led here, and undo -----------------------------------------------------------


def test_a_new_game_has_no_actions_and_nothing_to_undo() -> None:
    state = new_game()
    assert state.actions == () and state.previous is None and state.last_action is None
    with pytest.raises(SpadesError) as caught:
        undo(state)
    assert caught.value.reason == "nothing_to_undo"
    assert str(caught.value) == "There is nothing to undo: this state is where the game started."


def test_actions_name_their_seat_in_the_order_taken() -> None:
    state = apply(apply(bidden(), Play("9c")), Play("Kc"))
    assert state.actions == (
        BAND,
        Bid(3, seat=E),
        Bid(4, seat=S),
        Bid.NIL.for_seat(W),
        Bid(2, seat=N),
        Play("9c", seat=E),
        Play("Kc", seat=S),
    )
    assert state.last_action == Play("Kc", seat=S)


def test_undo_returns_the_very_state_before_in_constant_time() -> None:
    before = bidden()
    after = apply(before, Play("9c"))
    assert undo(after) is before
    # Undo goes back as far as the start, across the deal.
    state = after
    for _ in range(len(after.actions)):
        state = undo(state)
    assert state == new_game() and state.actions == ()


def test_undo_goes_back_over_the_end_of_a_hand_and_a_counted_hand() -> None:
    played = first_plays(bidden(), 52)
    assert played.phase is Phase.HAND_OVER and len(played.history) == 1
    last = undo(played)
    assert last.phase is Phase.PLAY and last.history == () and len(last.completed_tricks) == 12
    counted = apply_counts(played, [4, 1, 3, 2], [5, 1, 4, 3])
    assert counted.last_action == Counts([4, 1, 3, 2], [5, 1, 4, 3])
    assert undo(counted) is played and counted.hand_number == 2


@settings(max_examples=25, deadline=None)
@given(rulesets(), st.integers(0, 2**32), st.integers(1, 150))
def test_the_actions_replayed_from_the_start_give_the_same_state(rules, seed, steps) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = start(rules)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, random_action(state, rng))
    again = state
    for _ in state.actions:
        again = undo(again)
    assert again == start(rules)
    for action in state.actions:
        assert check(again, action) is None  # each logged action was legal where it was taken
        again = apply(again, action)
    assert again == state and again.actions == state.actions


def test_replay_yields_each_state_with_the_action_that_produced_it() -> None:
    state = first_plays(bidden(), 5)
    steps = list(replay(to_record(state)))
    assert steps[0] == (new_game(), None)
    assert [action for _, action in steps[1:]] == list(state.actions)
    assert steps[-1][0] == state


# -- a value: frozen, equal by position, picklable -------------------------------------------------


def test_a_state_cannot_be_changed() -> None:
    state = bidden()
    with pytest.raises(AttributeError):
        state.to_act = N  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.rules  # type: ignore[misc]
    trick = Trick(N, "As Kd 2s 9h")
    with pytest.raises(AttributeError):
        trick.leader = E  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del trick.cards  # type: ignore[misc]


def test_equal_states_are_the_same_moment_however_reached() -> None:
    a = apply(bidden(), Play("9c"))
    b = apply(bidden(), Play("9c"))
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != apply(bidden(), Play("Jc"))
    assert a != "not a state"
    # Only previous and last_action are left out: the dealer is part of the moment.
    assert new_game(dealer="E") != new_game()


def test_a_state_pickles_and_copies_with_its_history() -> None:
    state = first_plays(bidden(), 30)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.actions == state.actions and undo(again) == undo(state)
    assert copy.copy(state) is state and copy.deepcopy(state) is state


def test_a_whole_game_pickles_without_deep_recursion() -> None:
    rng = random.Random(5)
    state = new_game("cap40_250")  # at most 40 hands
    while not state.is_over:
        state = apply(state, random_action(state, rng))
    assert len(state.actions) > 1000
    assert pickle.loads(pickle.dumps(state)) == state


def test_undo_and_pickle_through_the_first_actions_at_each_table(table_kind: TableKind) -> None:
    """Each action undone gives back the state before it, through the deal, the bids and the
    play, or two players' draw (every one of the first 60 actions there), and the state pickles."""
    rng = random.Random(9)
    state = new_game(table_kind.rules)
    states = [state]
    for _ in range(60):
        if state.needs_deal or state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    for before, after in itertools.pairwise(states):
        assert undo(after) == before
    assert pickle.loads(pickle.dumps(state)) == state


# -- seats, teams and rules as text ----------------------------------------------------------------


def test_seats_and_teams_as_text() -> None:
    state = first_plays(bidden(), 4)
    assert state.holding("E") == state.holding(E) == state.holding("east")
    # East led the 7c; South, West and North followed lower.
    assert state.tricks_won("e") == state.tricks_won(E) == 1
    assert state.team_tricks("EW") == state.team_tricks(Team.EW) == 1
    assert state.contract("ew") == 3 and state.contracts == (6, 3)
    with pytest.raises(NotationError) as caught:
        state.holding("X")
    assert str(caught.value) == "'X' is not a seat; use N, E, S or W."
    done = first_plays(state, 48)
    assert done.last_score is not None
    assert done.last_score["NS"] == done.last_score[Team.NS] == done.last_score["sn"]


# -- the picture of the table ----------------------------------------------------------------------


def test_the_table_during_play() -> None:
    state = first_plays(bidden(), 6)
    assert state.to_text(unicode=False) == "\n".join(
        [
            "Hand 1, dealer N: trick 2, West to play.",
            "NS 0 (0 bags): bid 6, took 0; EW 0 (0 bags): bid 3, took 1",
            " N  J73.Q84.K95.AT6  bid 2    took 0",
            " E  AKQ.T9.A8764.J   bid 3    took 1",
            " S  T9842.AK652.T.   bid 4    took 0",
            "*W  65.J73.QJ32.Q84  bid nil  took 0",
            "Trick 2: E 9c  S Kc  (S winning); spades not broken.",
        ]
    )
    assert (
        str(state)
        == state.to_text()
        == "\n".join(
            [
                "Hand 1, dealer N: trick 2, West to play.",
                "NS 0 (0 bags): bid 6, took 0; EW 0 (0 bags): bid 3, took 1",
                " N  ♠J73 ♥Q84 ♦K95 ♣AT6  bid 2    took 0",
                " E  ♠AKQ ♥T9 ♦A8764 ♣J   bid 3    took 1",
                " S  ♠T9842 ♥AK652 ♦T ♣-  bid 4    took 0",
                "*W  ♠65 ♥J73 ♦QJ32 ♣Q84  bid nil  took 0",
                "Trick 2: E 9♣  S K♣  (S winning); spades not broken.",
            ]
        )
    )


def test_the_table_before_the_deal_while_bidding_and_after_the_hand() -> None:
    assert new_game(scores=(120, 80), bags=(3, 7)).to_text() == (
        "Hand 1, dealer N: waiting for the deal.\nNS 120 (3 bags); EW 80 (7 bags)"
    )
    bidding = bid(apply(new_game(), BAND), 3)
    assert bidding.to_text(unicode=False).splitlines()[:3] == [
        "Hand 1, dealer N: bidding, South to bid.",
        "NS 0 (0 bags); EW 0 (0 bags)",
        " N  J73.Q84.K95.AT62  bid -  took 0",
    ]
    done = first_plays(bidden(), 52)
    lines = done.to_text(unicode=False).splitlines()
    assert lines[0] == "Hand 1, dealer N: the hand is over; the next deal is due."
    assert lines[-1] == "Hand 1 scored NS +61, EW +133."
    assert lines[-2].startswith("Trick 13: ") and lines[-2].endswith("took it); spades broken.")


def test_reprs_are_one_line() -> None:
    state = first_plays(bidden(), 52)
    assert repr(bidden()) == "<GameState play hand=1 to_act=Seat.E scores=NS 0/EW 0 bags=0/0>"
    assert repr(state.last_hand) == (
        "<CompletedHand 1 dealer=N bids=2 3 4 nil tricks=3 6 4 0 NS +61 EW +133>"
    )
    assert repr(state.last_score) == (
        "<HandScore NS +61 (total 61, bags 1), EW +133 (total 133, bags 3)>"
    )
    assert state.last_score is not None
    assert (
        repr(state.last_score[Team.NS]) == "<TeamHandScore NS bid 6 took 7: +61, total 61, bags 1>"
    )
    violation = check(bidden(), Play("2c"))
    assert violation is not None
    assert str(violation) == "East does not hold 2c."
    assert repr(violation) == "<Violation CARD_NOT_HELD E: 'East does not hold 2c.'>"
    huge = check(bid(apply(new_game(), BAND), 3, 4, "nil"), Bid(2**53 - 1))
    assert huge is not None and str(huge) == (
        "North bid 9007199254740991; a bid is nil or 1 to 13 tricks."
    )
    assert "\n" not in repr(huge) and len(repr(huge)) < 100
