"""The score sheet and the words of a hand (``spades.records.sheets``) at every table.

With partners the sheet has a line a hand, each team's bids, tricks, points, total and bags side by
side; when every player plays alone (four alone, three, two) it has a line per player in each
hand, the hand's number and dealer on North's. The hands are :data:`test_verify.HANDS`, scored by
hand (10 a bid trick, 1 a bag, nil +-100, 10 bags -100); the arithmetic is beside each number.
"""

from __future__ import annotations

from test_record import validator
from test_verify import HANDS, hand_data, not_over

from spades import Bid, Standing
from spades.records import GameRecord, WrittenScore, explain_hand, from_data, score_sheet, verify
from tables import TABLE, TableKind


def test_a_hand_scored_by_hand_verifies_with_its_written_scores(table_kind: TableKind) -> None:
    hand = HANDS[table_kind.id]
    sides = [str(side) for side in table_kind.sides]
    written = {
        side: {"points": points, "total": points, "bags": bags}
        for side, points, bags in zip(sides, hand.points, hand.bags)
    }
    data = hand_data(table_kind, written=written)
    validator().validate(data)
    record = from_data(data)
    assert record.hands[0].bids == tuple(
        Bid.NIL if bid == "nil" else Bid(int(bid)) for bid in hand.bids.values()
    )
    assert record.hands[0].tricks == tuple(hand.tricks.values())
    assert record.hands[0].written == tuple(
        WrittenScore(points=points, total=points, bags=bags)
        for points, bags in zip(hand.points, hand.bags)
    )
    report = verify(record)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == hand.points
    assert report.standing.bags == hand.bags
    assert record.to_data()["hands"][0] == {
        "bids": hand.bids,
        "tricks": hand.tricks,
        "written": written,
    }
    assert explain_hand(report.hands[0]).splitlines()[1:] == [
        f"  {sentence}" for sentence in hand.explained
    ]
    assert score_sheet(report).splitlines() == [*hand.sheet, not_over(table_kind, hand.points)]


def test_a_start_mid_game_has_a_line_for_each_player() -> None:
    start = Standing(dealer="W", hand_number=4, scores=(120, -40, 33, 0), bags=(3, 0, 3, 0))
    record = GameRecord(rules=TABLE["alone"].rules, start=start)
    assert score_sheet(record).splitlines()[1:] == [
        "start         N                           120    3",
        "              E                           -40    0",
        "              S                            33    3",
        "              W                             0    0",
        "No hands recorded; the score is N 120, E -40, S 33, W 0.",
    ]


def test_the_score_sheet_of_two_players_marks_a_hand_with_a_problem() -> None:
    data = hand_data("two", written={"N": {"total": 42}, "E": {"total": 50}})
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


def test_a_stacked_sheet_gives_each_team_a_line_of_its_own() -> None:
    # The partners' hand of test_verify.HANDS (NS 4+3 took 5+4: +72, 2 bags; EW nil+2 took 1+3:
    # nil failed -100, 2 made +20 and a bag: -79), with a team's cells on a line of its own, as
    # the players alone have theirs: 50 columns, for a terminal of 80 (spades play).
    table_kind = TABLE["partners"]
    report = verify(from_data(hand_data(table_kind)))
    assert score_sheet(report, stacked=True).splitlines() == [
        "hand dealer      bid     took   points  total bags",
        "   1 N        NS 4+3     5+4       +72     72    2",
        "              EW nil+2   1+3       -79    -79    1",
        not_over(table_kind, (72, -79)),
    ]
    # Unstacked, the same cells side by side, as before.
    assert score_sheet(report).splitlines()[1] == (
        "   1 N           4+3     5+4       +72     72    2      nil+2   1+3       -79    -79    1"
    )
