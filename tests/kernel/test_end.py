"""The kernel's end of a game from a hand's own facts (``_kernel.end``): how the facts combine,
at every table, and that the totals decide as before when there are none."""

from __future__ import annotations

from spades import RuleSet
from spades._kernel.end import (
    END_FIRST_HAND,
    END_SETS,
    END_TARGET,
    END_WINNING_BID,
    LOSES,
    SHARED,
    WINS,
    game_end,
    hand_facts,
    sets_after,
)
from spades._kernel.score import hand_score
from spades._kernel.table import table_of
from spades.score import game_result

ALONE = table_of(RuleSet(partnerships=False, sets_to_lose=2, winning_bid=9))
TEAMS = table_of(RuleSet(sets_to_lose=2, winning_bid=13, tie_by_tens=True))


def test_a_loser_among_four_players_leaves_the_highest_of_the_others_the_winner() -> None:
    # East is set a second time while ahead: of North, South and West, South leads.
    assert game_end(ALONE, (40, 300, 120, 90), 5, [(1, LOSES, END_SETS, 2)]) == (2, END_SETS)
    # Two of the others tie at the top: shared.
    assert game_end(ALONE, (120, 300, 120, 90), 5, [(1, LOSES, END_SETS, 2)]) == (
        SHARED,
        END_SETS,
    )


def test_every_side_losing_leaves_the_highest_total() -> None:
    facts = [(0, LOSES, END_FIRST_HAND, 4), (1, LOSES, END_FIRST_HAND, 4)]
    assert game_end(TEAMS, (30, 20), 1, facts) == (0, END_FIRST_HAND)
    # By their tens under tie_by_tens: 34 and 31 tie.
    assert game_end(TEAMS, (34, 31), 1, facts) == (SHARED, END_FIRST_HAND)


def test_a_winner_comes_before_a_loser_and_before_the_target() -> None:
    facts = [(0, WINS, END_WINNING_BID, 13), (1, LOSES, END_SETS, 2)]
    assert game_end(TEAMS, (-200, 520), 7, facts) == (0, END_WINNING_BID)
    assert game_end(TEAMS, (-200, 520), 7, [(0, WINS, END_WINNING_BID, 13)]) == (
        0,
        END_WINNING_BID,
    )
    # A side that both wins and loses by its facts has lost.
    both = [(0, WINS, END_WINNING_BID, 13), (0, LOSES, END_SETS, 2)]
    assert game_end(TEAMS, (600, 100), 7, both) == (1, END_SETS)


def test_without_facts_the_totals_decide_as_before() -> None:
    assert game_end(TEAMS, (520, 100), 7) == (0, END_TARGET)
    assert game_end(TEAMS, (120, 100), 7) is None


def test_the_result_names_the_side_whose_fact_decided() -> None:
    both = [(0, WINS, END_WINNING_BID, 13), (0, LOSES, END_SETS, 2), (1, WINS, END_WINNING_BID, 13)]
    result = game_result(TEAMS, (600, 100), 7, both)
    assert result is not None
    assert (str(result.winner), str(result.by), result.count) == ("EW", "EW", 13)


def test_under_set_and_bid_the_team_that_reneged_is_set_and_the_other_made_its_bid() -> None:
    # renege_penalty set_and_bid: "the offending team is set as under set and the other team is
    # credited with its bid: its contract scores as made whatever it took". NS bid 3 + 2 and took
    # 3; EW bid 2 + 2, took 10 and reneged once. NS made its 5, a winning bid of 4 or more; EW was
    # set, its first set, which loses under sets_to_lose 1.
    table = table_of(RuleSet(renege_penalty="set_and_bid", sets_to_lose=1, winning_bid=4))
    bids, tricks, reneges = [(3, False), (2, False), (2, False), (2, False)], [2, 5, 1, 5], (0, 1)
    totals = hand_score(table, bids, tricks, (0, 0), reneges)
    assert [side[0] for side in totals] == [50, -40]
    sets = sets_after(table, (0, 0), totals, reneges)
    assert sets == (0, 1)
    facts = hand_facts(table, totals, tricks, reneges, 2, sets)
    assert facts == ((0, WINS, END_WINNING_BID, 4), (1, LOSES, END_SETS, 1))
