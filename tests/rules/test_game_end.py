"""The outright ends of a game: a winning bid, the sets that lose, the first hand's least tricks.

Worked examples from the sources' own words:

- the Jokers Wild Spades FAQ (https://www.jokerswildspades.com/faq): "If a team bids 13 and makes
  their bid, they automatically win the entire game"; "Getting stuck 3 times results in the loss
  of the entire game";
- rta3.com's tournament (https://www.rta3.com/faq-s): "If a team is set twice, the game ends and
  the opposing team wins";
- the University of Alabama homecoming tournament (https://homecoming.sl.ua.edu/?p=1124): "If a
  team fails to win at least 4 books on the first hand, they automatically lose that game".
- the Spades Tournament 2017 Official Contest Rules
  (https://paperzz.com/doc/7074133/spades-tournament-2017-official-contest-rules-format): "a team
  that gets 'set' in two (2) consecutive hands OR three (3) hands in a match, loses the match".

The property states each rule in its own words, from the hands' itemised scores, and checks the
engine's end against it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import (
    EndReason,
    RuleSet,
    StandingError,
    Team,
    apply_counts,
    decide_game,
    find_ruleset,
    new_game,
)
from spades.records import GameRecord, HandRecord, from_data, loads, to_record, verify
from spades.records import dumps as dump_record
from strategies import hands, scoring_rulesets

NS, EW = Team.NS, Team.EW
JOKERS_WILD = find_ruleset("jokers_wild")


def play(rules: RuleSet | str, *hands: tuple[list[Any], list[int]], **standing: Any) -> Any:
    state = new_game(rules, **standing)
    for bids, tricks in hands:
        state = apply_counts(state, bids, tricks)
    return state


# -- Jokers Wild -----------------------------------------------------------------------------------


def test_jokers_wild_a_made_13_wins_the_game_whatever_the_totals() -> None:
    state = play(JOKERS_WILD, ([7, 2, 6, 2], [7, 0, 6, 0]), scores=(-150, 400), hand_number=5)
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.by, result.count) == (
        NS,
        EndReason.WINNING_BID,
        NS,
        13,
    )
    assert result.scores[0] < result.scores[1]  # behind, and the winner all the same
    assert str(result).endswith("(NS bid 13 or more and made it).")


def test_jokers_wild_a_13_that_fails_is_a_set_not_a_win() -> None:
    state = play(JOKERS_WILD, ([7, 2, 6, 2], [7, 1, 5, 0]), hand_number=2)
    assert state.result is None
    assert state.standing.sets == (1, 1)  # (and EW, bid 4, took 1)


def test_jokers_wild_a_third_set_loses_the_game() -> None:
    stuck = ([3, 3, 3, 3], [2, 4, 3, 4])  # NS bid 6, take 5: stuck
    made = ([3, 3, 3, 3], [3, 4, 3, 3])
    state = play(JOKERS_WILD, stuck, made, stuck, hand_number=2)
    assert state.result is None and state.standing.sets == (2, 0)
    state = apply_counts(state, *stuck)
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.by, result.count) == (EW, EndReason.SETS, NS, 3)
    assert str(result).endswith("(NS were set 3 times).")
    # The hands need not follow each other; a side that bid only nil is never stuck.
    assert result.hands_played == 5


def test_jokers_wild_scores_the_faqs_examples() -> None:
    # Bid 5, take 7: overs have no point value.
    assert JOKERS_WILD.points_per_bag == 0
    state = play(JOKERS_WILD, ([3, 3, 2, 3], [4, 3, 3, 3]), hand_number=2)
    assert state.scores[0] == 50
    # Bid 10 and make it: 200; stuck on 10: 100 less.
    state = play(JOKERS_WILD, ([6, 1, 4, 3], [6, 1, 4, 2]), hand_number=2)
    assert state.scores[0] == 200
    state = play(JOKERS_WILD, ([6, 1, 4, 3], [6, 1, 3, 3]), hand_number=2)
    assert state.scores[0] == -100
    # Stuck on 5: decreased by 10 for each book bid.
    state = play(JOKERS_WILD, ([3, 3, 2, 3], [2, 4, 2, 5]), hand_number=2)
    assert state.scores[0] == -50


# -- rta3 and the homecoming tournament ------------------------------------------------------------


def test_set_twice_the_game_ends_and_the_opposing_team_wins() -> None:
    rules = RuleSet(sets_to_lose=2, min_team_bid=4, target_score=350)
    stuck = ([2, 2, 2, 2], [1, 5, 2, 5])  # NS bid 4, take 3
    state = play(rules, ([2, 2, 2, 2], [4, 2, 2, 5]), stuck)
    assert state.result is None
    state = apply_counts(state, *stuck)
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (EW, EndReason.SETS)
    # NS 42, -40, -40; EW 43, 46, 46 and a bag penalty at 15 bags.
    assert str(state.result) == "EW win 35 to -38 after 3 hands (NS were set twice)."


def test_fewer_than_4_books_in_the_first_hand_loses() -> None:
    rules = RuleSet(first_hand_min_tricks=4, min_team_bid=4)
    state = play(rules, ([2, 5, 2, 5], [1, 6, 2, 4]))
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.by) == (EW, EndReason.FIRST_HAND, NS)
    assert str(result).endswith("(NS took fewer than 4 tricks in the first hand).")
    # 4 tricks are enough, and only the first hand counts.
    assert play(rules, ([2, 5, 2, 5], [2, 6, 2, 3])).result is None
    assert play(rules, ([2, 5, 2, 5], [1, 6, 2, 4]), hand_number=2).result is None


def test_an_outright_end_comes_before_the_target() -> None:
    # EW reach the target in the hand NS make 13: NS win.
    rules = RuleSet(winning_bid=13)
    state = play(rules, ([7, "nil", 6, "nil"], [7, 0, 6, 0]), scores=(0, 490), hand_number=3)
    assert state.result is not None and state.result.winner is NS
    # A set that loses, by the team far ahead: the other team wins all the same.
    rules = RuleSet(sets_to_lose=1)
    state = play(rules, ([3, 3, 3, 3], [2, 4, 3, 4]), scores=(480, 100), hand_number=3)
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (EW, EndReason.SETS)


def test_both_teams_set_for_the_last_time_the_higher_total_wins() -> None:
    rules = RuleSet(sets_to_lose=1)
    state = play(rules, ([4, 4, 4, 4], [3, 3, 4, 3]), scores=(100, 50), hand_number=3)
    result = state.result
    assert result is not None and result.reason is EndReason.SETS
    assert result.winner is NS  # 20 to -30
    state = play(rules, ([4, 4, 4, 4], [3, 3, 4, 3]), scores=(50, 50), hand_number=3)
    assert state.result is not None and state.result.winner is None  # an exact tie is shared


def test_a_standing_past_the_sets_is_refused() -> None:
    with pytest.raises(StandingError) as info:
        new_game(JOKERS_WILD, sets=(3, 0))
    assert str(info.value) == (
        "The game is already over: NS has been set 3 times, and under these rules a side set 3 "
        "times loses (sets_to_lose)."
    )
    assert new_game(JOKERS_WILD, sets={"NS": 2, "EW": 1}).standing.sets == (2, 1)


def test_a_record_from_a_standing_with_sets_round_trips_and_ends_as_the_game() -> None:
    stuck = ([3, 3, 3, 3], [2, 4, 3, 4])
    state = play(JOKERS_WILD, stuck, hand_number=4, sets=(2, 1))
    assert state.result is not None and state.result.reason is EndReason.SETS
    record = to_record(state)
    assert record.start.sets == (2, 1)
    again = loads(dump_record(record))
    assert again == record
    assert from_data(record.to_data()) == record
    report = verify(again)
    assert report.result == state.result
    assert "(NS were set 3 times)" in str(report.result)


# -- the 2017 tournament: two sets in a row, or three in the match ---------------------------------

TOURNAMENT = RuleSet(sets_to_lose=3, consecutive_sets_to_lose=2, min_team_bid=4, target_score=350)
NS_MAKE = ([2, 2, 2, 2], [4, 2, 2, 5])  # NS bid 4 and take 6
NS_SET = ([2, 2, 2, 2], [1, 5, 2, 5])  # NS bid 4 and take 3


def test_set_in_two_consecutive_hands_loses_the_match() -> None:
    state = play(TOURNAMENT, NS_SET, NS_MAKE)
    assert state.result is None
    assert state.standing.sets == (1, 0) and state.standing.consecutive_sets == (0, 0)
    state = apply_counts(state, *NS_SET)
    assert state.result is None  # set twice, but not in a row
    assert state.standing.sets == (2, 0) and state.standing.consecutive_sets == (1, 0)
    state = play(TOURNAMENT, NS_MAKE, NS_SET)
    state = apply_counts(state, *NS_SET)  # the second set, in a row
    result = state.result
    assert result is not None
    assert (result.winner, result.reason, result.by, result.count) == (
        EW,
        EndReason.CONSECUTIVE_SETS,
        NS,
        2,
    )
    assert str(result).endswith("(NS were set in 2 hands in a row).")
    assert result.to_data()["reason"] == "consecutive_sets"


def test_three_sets_apart_lose_the_match_too() -> None:
    state = play(TOURNAMENT, NS_SET, NS_MAKE, NS_SET, NS_MAKE)
    assert state.result is None
    state = apply_counts(state, *NS_SET)
    assert state.result is not None
    assert (state.result.reason, state.result.by) == (EndReason.SETS, NS)


def test_a_hand_with_no_contract_breaks_the_run() -> None:
    # NS bid nil and 4 (a contract), then nil and nil: no contract, so not set.
    rules = TOURNAMENT.evolve(min_team_bid=0, double_nil="independent")
    state = play(rules, NS_SET, (["nil", 2, "nil", 2], [0, 6, 0, 7]))
    assert state.standing.consecutive_sets == (0, 0) and state.result is None
    assert apply_counts(state, *NS_SET).result is None


def test_a_standing_of_sets_in_a_row_is_checked() -> None:
    state = play(TOURNAMENT, NS_SET, sets=(1, 0), consecutive_sets=(1, 0), hand_number=5)
    assert state.result is not None and state.result.reason is EndReason.CONSECUTIVE_SETS
    with pytest.raises(StandingError) as info:
        new_game(TOURNAMENT, sets=(2, 0), consecutive_sets=(2, 0))
    assert info.value.field == "consecutive_sets"
    assert str(info.value) == (
        "The game is already over: NS has been set in 2 hands in a row, and under these rules a "
        "side set in 2 hands in a row loses (consecutive_sets_to_lose)."
    )
    with pytest.raises(StandingError) as info:
        new_game(TOURNAMENT, sets=(0, 1), consecutive_sets=(0, 2))
    assert str(info.value) == (
        "consecutive_sets cannot be more than sets: a side set once in the game cannot have "
        "been set in 2 hands in a row."
    )


def test_a_record_from_a_run_of_sets_round_trips_and_ends_as_the_game() -> None:
    state = play(TOURNAMENT, NS_SET, hand_number=5, sets=(1, 1), consecutive_sets=(1, 0))
    assert state.result is not None and state.result.reason is EndReason.CONSECUTIVE_SETS
    record = to_record(state)
    assert record.start.consecutive_sets == (1, 0)
    assert record.to_data()["start"]["consecutive_sets"] == {"NS": 1, "EW": 0}
    again = loads(dump_record(record))
    assert again == record
    report = verify(again)
    assert report.result == state.result
    # Without the run in the start, the same hand is a second set, not two in a row.
    data = record.to_data()
    del data["start"]["consecutive_sets"]
    assert verify(from_data(data)).result is None


def test_decide_game_reads_the_totals_only() -> None:
    assert decide_game(JOKERS_WILD, (-500, 100), 3) is None


# -- the property: each rule as its words say it -----------------------------------------------


@st.composite
def outright_games(draw: st.DrawFn) -> tuple[RuleSet, list[tuple[Any, list[int]]]]:
    rules = draw(scoring_rulesets()).evolve(
        winning_bid=draw(st.none() | st.integers(4, 13)),
        sets_to_lose=draw(st.none() | st.integers(1, 4)),
        consecutive_sets_to_lose=draw(st.none() | st.integers(2, 3)),
        first_hand_min_tricks=draw(st.none() | st.integers(1, 5)),
        # Any bid the hands draw is allowed in the first hand too.
        blind_nil_first_hand=True,
    )
    played = []
    for number in range(1, draw(st.integers(1, 6)) + 1):
        bids, tricks, _bags = draw(hands(rules))
        unbid = rules.first_hand_trick_points is not None and number == 1
        played.append((None if unbid else bids, tricks))
    return rules, played


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outright_games())
def test_the_game_ends_as_each_rule_says(game: tuple[RuleSet, list[Any]]) -> None:
    rules, played = game
    state = new_game(rules)
    sides = rules.sides
    sets = dict.fromkeys(sides, 0)
    runs = dict.fromkeys(sides, 0)  # sets in a row, the last this hand
    for number, (bids, tricks) in enumerate(played, start=1):
        before = state.scores
        state = apply_counts(state, bids, tricks)
        score = state.history[-1].score
        # Each rule, in its own words, from the hand's itemised score.
        winners, losers = [], []
        for side_score in score.teams:
            side = side_score.team
            if side_score.made is False:  # "set": a contract, not made
                sets[side] += 1
                runs[side] += 1
            else:  # made, or no contract: the run is broken
                runs[side] = 0
            if (
                rules.winning_bid is not None
                and side_score.contract >= rules.winning_bid
                and side_score.made
            ):
                winners.append(side)
            if rules.sets_to_lose is not None and sets[side] >= rules.sets_to_lose:
                losers.append(side)
            in_a_row = rules.consecutive_sets_to_lose
            if in_a_row is not None and runs[side] >= in_a_row:
                losers.append(side)
            if (
                rules.first_hand_min_tricks is not None
                and number == 1
                and sum(side_score.tricks) < rules.first_hand_min_tricks
            ):
                losers.append(side)
        winners = [side for side in winners if side not in losers]
        totals = dict(zip(sides, state.scores))
        result = state.result
        if winners or losers:
            assert result is not None, (number, winners, losers)
            pool = winners or [side for side in sides if side not in losers] or list(sides)
            rank = {
                side: totals[side] // 10 if rules.tie_by_tens else totals[side] for side in pool
            }
            best = max(rank.values())
            top = [side for side in pool if rank[side] == best]
            assert result.winner == (top[0] if len(top) == 1 else None)
            assert result.reason in (
                EndReason.WINNING_BID,
                EndReason.SETS,
                EndReason.CONSECUTIVE_SETS,
                EndReason.FIRST_HAND,
            )
            assert (result.reason is EndReason.WINNING_BID) == bool(winners)
            return
        # No outright fact: the totals decide, as without these rules.
        assert result == decide_game(rules, state.scores, number), before
        if result is not None:
            return


# -- a renege's set under set_and_bid -------------------------------------------------------------


@pytest.mark.parametrize(
    ("reneges", "set_side"),
    [
        # NS reneged: NS are set though they took their 4; EW, credited with their bid, are not.
        ((1, 0), NS),
        # EW reneged: EW are set though they took 7 on 4; NS are credited with their 4 (they took
        # only 3: "set" by the tricks, but the penalty gives them the bid as made).
        ((0, 1), EW),
    ],
)
def test_under_set_and_bid_the_side_set_is_the_one_that_reneged(
    reneges: tuple[int, int], set_side: Team
) -> None:
    rules = RuleSet(renege_penalty="set_and_bid", sets_to_lose=1)
    tricks = [2, 3, 2, 6] if reneges == (1, 0) else [1, 3, 2, 7]
    record = GameRecord(
        rules=rules,
        hands=(HandRecord(bids=[2, 2, 2, 2], tricks=tricks, reneges=reneges),),
    )
    result = verify(record).result
    assert result is not None
    assert (result.reason, result.by) == (EndReason.SETS, set_side)
    made = {team.team: team.made for team in verify(record).hands[0].score.teams}
    assert made[set_side] is False and made[NS if set_side is EW else EW] is True
