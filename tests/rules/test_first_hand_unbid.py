"""A first hand played without bids (``first_hand_trick_points``, issue 10: "10 a trick"): the
engine, legality, scoring, records, views, the printed table and the computer players."""

from __future__ import annotations

import random

import attrs
import pytest

from spades import (
    Bid,
    Counts,
    Deal,
    GameState,
    IllegalActionError,
    ItemKind,
    Phase,
    Play,
    Reason,
    Redeal,
    RuleSet,
    RuleSetError,
    Seat,
    Team,
    apply,
    check,
    legal_actions,
    new_game,
    score_hand,
    view,
)
from spades._kernel import bidding
from spades._kernel.play import trick_winner
from spades._kernel.score import hand_score, renege_transfer
from spades._kernel.table import table_of
from spades.bots import make_player
from spades.bots.playout import hand_value
from spades.cli.news import tell
from spades.cli.screen import Style, screen
from spades.engine import apply_counts
from spades.records import HandRecord, dumps, loads, score_sheet, to_record, verify

RULES = RuleSet(first_hand_trick_points=10)
BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))


def play_out(state: GameState, rng: random.Random) -> GameState:
    """Random legal actions until the hand in progress is over."""
    while not state.needs_deal and not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def first_hand(rules: RuleSet = RULES, seed: int = 1, **standing: object) -> GameState:
    state = apply(new_game(rules, **standing), Deal.random(random.Random(seed), rules))  # type: ignore[arg-type]
    return play_out(state, random.Random(seed))


# -- the engine ----------------------------------------------------------------------------------


def test_the_deal_goes_straight_to_the_first_lead() -> None:
    state = apply(new_game(RULES), BAND)
    assert state.phase is Phase.PLAY and state.hand_number == 1
    assert state.to_act is Seat.E  # the seat that would bid first leads, as in any hand
    assert state.bids == (None, None, None, None)
    actions = legal_actions(state)
    assert actions and all(isinstance(action, Play) for action in actions)
    assert state.previous is not None and state.previous.phase is Phase.DEAL  # undo: one step


def test_the_two_of_clubs_leads_when_the_rules_say_so() -> None:
    state = apply(new_game(RULES.evolve(first_lead="two_of_clubs")), BAND)
    assert state.to_act is Seat.N and legal_actions(state) == (Play("2c", seat=Seat.N),)


def test_the_first_hand_scores_the_tricks_and_the_second_is_bid() -> None:
    state = first_hand(RULES, bags=(7, 2))
    done = state.last_hand
    assert done is not None and done.bids == (None, None, None, None)
    for team in Team:
        score = done.score[team]
        taken = sum(done.tricks_won[seat] for seat in team.seats)
        assert score.unbid and score.made is None and score.contract == 0
        assert [item.kind for item in score.items] == [ItemKind.TRICK_POINTS]
        assert score.points == sum(item.points for item in score.items) == 10 * taken
        assert score.bags_gained == 0 and score.bags_after == score.bags_before
        assert "played without bids" in score.explain()
    assert state.scores == tuple(10 * sum(done.tricks_won[s] for s in t.seats) for t in Team)
    assert state.bags == (7, 2)
    second = apply(state, Deal.random(5, state.rules))
    assert second.phase is Phase.BIDDING and second.hand_number == 2
    assert all(isinstance(action, (Bid, Redeal)) for action in legal_actions(second))


def test_the_game_end_is_checked_after_it_as_after_any_hand() -> None:
    state = first_hand(RULES.evolve(target_score=50))
    assert state.is_over and state.result is not None and state.result.hands_played == 1


def test_a_game_started_at_another_hand_bids_every_hand() -> None:
    state = apply(new_game(RULES, hand_number=3), BAND)
    assert state.phase is Phase.BIDDING
    assert not bidding.unbid_hand(table_of(RULES), 3) and bidding.unbid_hand(table_of(RULES), 1)
    assert not bidding.unbid_hand(table_of(RuleSet()), 1) and bidding.first_hand(1)


def test_zero_points_a_trick_is_a_hand_that_scores_nothing() -> None:
    state = first_hand(RuleSet(first_hand_trick_points=0))
    assert state.scores == (0, 0)


# -- what is refused -----------------------------------------------------------------------------


def test_a_bid_or_a_redeal_in_the_unbid_hand_is_refused_with_its_reason() -> None:
    state = apply(new_game(RULES.evolve(redeal="no_spades")), BAND)
    for action in (Bid(3), Bid.NIL, Redeal()):
        violation = check(state, action)
        assert violation is not None and violation.reason is Reason.UNBID_HAND
        assert violation.option == "first_hand_trick_points"
        with pytest.raises(IllegalActionError) as caught:
            apply(state, action)
        assert "is played without bids (first_hand_trick_points)" in str(caught.value)
    assert str(check(state, Bid(3))) == (
        "A bid of 3 is not possible: hand 1 is played without bids (first_hand_trick_points), "
        "from the deal straight to the play."
    )
    # Before the deal a bid is simply out of turn.
    before = check(new_game(RULES), Bid(3))
    assert before is not None and before.reason is Reason.WRONG_PHASE


def test_rule_sets_that_cannot_go_together_are_refused() -> None:
    with pytest.raises(RuleSetError) as caught:
        RuleSet(first_hand_trick_points=10, blind_nil=True, blind_nil_first_hand=False)
    assert caught.value.option == "blind_nil_first_hand"
    assert str(caught.value) == (
        "blind_nil_first_hand has no effect with first_hand_trick_points, since the first hand "
        "has no bids at all; leave blind_nil_first_hand at True."
    )
    for bad in (-1, 2.5, True, "ten"):
        with pytest.raises(RuleSetError) as caught:
            RuleSet(first_hand_trick_points=bad)  # type: ignore[arg-type]
        assert caught.value.option == "first_hand_trick_points"
    assert RuleSet.parse_option("first_hand_trick_points", "none") == (
        "first_hand_trick_points",
        None,
    )
    assert RuleSet.from_dict({"first_hand_trick_points": 10}) == RULES
    assert repr(RULES) == "RuleSet(first_hand_trick_points=10)"


# -- counts and score_hand -----------------------------------------------------------------------


def test_a_counted_first_hand_has_no_bids_and_a_counted_second_hand_has_them() -> None:
    state = apply_counts(new_game(RULES), None, [4, 3, 2, 4])
    assert state.scores == (60, 70) and state.last_hand.bids == (None,) * 4  # type: ignore[union-attr]
    assert apply_counts(new_game(RULES), [None] * 4, [4, 3, 2, 4]) == state  # type: ignore[list-item]
    assert repr(Counts(None, [4, 3, 2, 4])) == "Counts(None, [4, 3, 2, 4])"
    with pytest.raises(IllegalActionError) as caught:
        apply_counts(new_game(RULES), [3, 3, 3, 4], [4, 3, 2, 4])
    assert caught.value.reason is Reason.UNBID_HAND
    assert "Hand 1 is played without bids" in str(caught.value)
    with pytest.raises(IllegalActionError) as caught:
        apply_counts(state, None, [4, 3, 2, 4])
    assert caught.value.reason is Reason.UNBID_HAND
    assert str(caught.value) == "Hand 2 is bid, so its counts give each seat's bid."
    assert caught.value.option == "first_hand_trick_points"
    # Without the option, no hand is played without bids, and the option is not to blame.
    violation = check(new_game(RuleSet()), Counts(None, [4, 3, 2, 4]))
    assert violation is not None and violation.option is None
    assert violation.message == "Hand 1 is bid, so its counts give each seat's bid."
    after = apply_counts(state, [3, 3, 3, 3], [4, 3, 2, 4])
    assert after.last_score is not None and not after.last_score[Team.NS].unbid


def test_score_hand_without_bids() -> None:
    score = score_hand(RULES, None, [4, 3, 2, 4], scores=(100, 90), bags=(3, 4))
    assert score.points == (60, 70) and score.scores_after == (160, 160)
    assert score.bags_after == (3, 4)
    assert str(score[Team.NS]) == (
        "NS played without bids, took 6: 6 tricks without bids +60. Hand total +60."
    )
    with pytest.raises(IllegalActionError) as caught:
        score_hand(RuleSet(), None, [4, 3, 2, 4])
    assert caught.value.reason is Reason.UNBID_HAND
    assert caught.value.option == "first_hand_trick_points"
    # Bids given are a bid hand's, whatever the option (only a game knows its first hand).
    assert score_hand(RULES, [3, 3, 3, 3], [4, 3, 2, 4]).points == (60, 61)


@pytest.mark.parametrize(
    ("penalty", "ns", "ew"),
    [("none", 60, 70), ("tricks", 30, 100), ("set", 0, 70), ("points", 0, 130)],
)
def test_a_renege_on_the_unbid_hand(penalty: str, ns: int, ew: int) -> None:
    """NS reneged once: tricks hands 3 of its tricks over, set makes them score nothing, points
    gives its 60 away."""
    rules = RULES.evolve(renege_penalty=penalty)
    score = score_hand(rules, None, [4, 3, 2, 4], reneges=(1, 0))
    assert score.points == (ns, ew)
    for team in score.teams:
        assert sum(item.points for item in team.items) == team.points
    assert renege_transfer(table_of(rules), None, (4, 3, 2, 4), (1, 0)) == (
        (3, 0) if penalty == "tricks" else (0, 0)
    )


def test_the_kernel_and_the_playouts_agree_with_score_hand() -> None:
    for tricks in ([4, 3, 2, 4], [13, 0, 0, 0], [0, 6, 0, 7]):
        expected = score_hand(RULES, None, tricks, bags=(5, 9)).points
        table = table_of(RULES)
        assert tuple(side[0] for side in hand_score(table, None, tricks, (5, 9))) == expected
        # The playouts' value of the hand for NS: its points less EW's (the game not won).
        ns, ew = expected
        assert hand_value(table, None, tricks, (0, 0), (5, 9), 0, 1) == ns - ew


# -- records -------------------------------------------------------------------------------------


def two_hands() -> GameState:
    rng = random.Random(2)
    state = new_game(RULES.evolve(renege_penalty="tricks"))
    for _ in range(2):
        state = play_out(apply(state, Deal.random(rng, state.rules)), rng)
    return state


def test_a_record_round_trips_and_verifies() -> None:
    state = two_hands()
    record = to_record(state)
    assert record.hands[0].bids == (None,) * 4
    text = dumps(record, indent=2)
    assert '"bids": {}' in text
    assert loads(text) == record
    report = verify(record)
    assert report.problems == ()
    assert report.standing == state.standing
    sheet = score_sheet(record)
    assert sheet.splitlines()[1].count("no bids") == 2


def test_a_bid_recorded_on_the_unbid_hand_is_a_problem() -> None:
    record = to_record(two_hands())
    first = attrs.evolve(record.hands[0], bids=[None, 4, None, None])
    problems = verify(attrs.evolve(record, hands=(first, *record.hands[1:]))).problems
    assert [problem.reason for problem in problems] == [Reason.UNBID_HAND]
    assert problems[0].message == (
        "Hand 1 is played without bids (first_hand_trick_points), but a bid of 4 is recorded "
        "for East; the hand is scored without it."
    )


def test_a_counted_unbid_hand_verifies() -> None:
    state = two_hands()
    record = to_record(state)
    counted = HandRecord(bids={}, tricks=state.history[0].tricks_won)
    report = verify(attrs.evolve(record, hands=(counted, *record.hands[1:])))
    assert report.problems == ()
    assert report.standing == state.standing


# -- views, the table and spades play ------------------------------------------------------------


def test_views_and_the_printed_table() -> None:
    state = apply(new_game(RULES), BAND)
    seen = view(state, Seat.E)
    assert seen.bids == (None,) * 4 and seen.legal_actions == legal_actions(state)
    data = seen.to_dict()
    assert data["bids"] == {"N": None, "E": None, "S": None, "W": None}
    assert data["legal_actions"][0]["type"] == "play"
    assert "NS 0 (0 bags): no bids, took 0" in state.to_text()
    style = Style(colour=False, symbols=False, terminal=False)
    lines = tell(state.previous, BAND, state, style)  # type: ignore[arg-type]
    said = "No bids this hand: each trick scores 10 points (first_hand_trick_points)."
    assert said in lines
    assert said in screen(seen, style)
    done = first_hand()
    assert "bids=- - - -" in repr(done.last_hand)
    assert view(done, Seat.S).to_dict()["history"][0]["bids"]["N"] is None


# -- the computer players ------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_every_level_plays_the_unbid_hand_legally(level: str) -> None:
    player = make_player(level)
    rng = random.Random(level)
    rules = RULES.evolve(redeal="no_spades", blind_nil=True, nil_exchange=2)
    state = new_game(rules)
    for _ in range(2):
        state = apply(state, Deal.random(rng, state.rules))
        while not state.needs_deal and not state.is_over:
            action = player(view(state, state.to_act), rng)  # type: ignore[arg-type]
            assert check(state, action) is None
            state = apply(state, action)
    assert state.hand_number == 2


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_the_players_take_a_trick_they_can_win_last(level: str) -> None:
    """With no contract every trick is worth the same: last to play, with an opponent winning and
    a card that beats it, a player takes the trick."""
    player = make_player(level)
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        state = apply(new_game(RULES), Deal.random(seed))
        while state.phase is Phase.PLAY and checked < 6:
            seat = state.to_act
            assert seat is not None
            if len(state.trick_cards) == 3:
                trick = state.current_trick
                assert trick is not None and trick.winner is not None
                plays = legal_actions(state)
                winning = [p for p in plays if isinstance(p, Play) and _wins(state, p.card.index)]
                if trick.winner.team is not seat.team and winning and len(winning) < len(plays):
                    action = player(view(state, seat), rng)
                    assert action in winning, (state, action)
                    checked += 1
            state = apply(state, rng.choice(legal_actions(state)))
    assert checked == 6


def _wins(state: GameState, index: int) -> bool:
    cards = (*state.trick_cards, index)
    return trick_winner(cards) == 3
