"""Cutthroat's special bids (one_bid_points, two_bid_points, blind_bid_points; the skullwink
preset), with the numbers of the page they come from, skullwink's "Official Rules for Cutthroat
Spades" (https://www.skullwink.com/cutthroat-rules):

    1F (1 for 50): catch only 1 trick get 50 points, any bags makes it 10 points, set -50
    2F (2 for 40): catch only 2 tricks get 40 points, any bags makes it 20 points, set -40
    B6 (Blind 6): Bid 6 without looking at cards. If you make 6 gain 100 points, set -100. Can
    only go B6 if 50 behind the leader.

Scored alike in play (a real played hand), by score_hand and by a record's check.
"""

from __future__ import annotations

import random

import pytest

from spades import (
    Bid,
    Deal,
    IllegalActionError,
    Phase,
    Reason,
    RuleSet,
    RuleSetError,
    Seat,
    apply,
    check,
    find_ruleset,
    legal_actions,
    new_game,
    score_hand,
)
from spades.records import from_data, to_record, verify
from spades.score import ItemKind
from spades.state import GameState

SKULLWINK = find_ruleset("skullwink")
N, E, S = Seat.N, Seat.E, Seat.S


def skullwink_points(bid: Bid, took: int) -> int:
    """A player's points for a hand under skullwink's page, from its own words: 1F and 2F as
    quoted; "any bags makes it 10 points" (20 for 2F) read as a plain bid of 1 (or 2), the bags
    1 point each as in the common game; B6 "If you make 6 gain 100 points, set -100", its
    overtricks bags; any other bid the common game's (10 a trick bid, 1 a bag, set -10 a trick)."""
    if bid.blind:
        return 100 + (took - 6) if took >= 6 else -100
    special = {1: 50, 2: 40}.get(bid.tricks)
    if special is not None and took <= bid.tricks:
        return special if took == bid.tricks else -special
    return 10 * bid.tricks + (took - bid.tricks) if took >= bid.tricks else -10 * bid.tricks


@pytest.mark.parametrize(
    ("bid", "took", "points", "kinds"),
    [
        # 1F: "catch only 1 trick get 50 points"
        (1, 1, 50, [ItemKind.SPECIAL_BID_MADE]),
        # "any bags makes it 10 points": a plain bid of 1, and its bags
        (1, 3, 12, [ItemKind.CONTRACT_MADE, ItemKind.BAGS]),
        (1, 2, 11, [ItemKind.CONTRACT_MADE, ItemKind.BAGS]),
        # "set -50"
        (1, 0, -50, [ItemKind.SPECIAL_BID_SET]),
        # 2F: "catch only 2 tricks get 40 points, any bags makes it 20 points, set -40"
        (2, 2, 40, [ItemKind.SPECIAL_BID_MADE]),
        (2, 4, 22, [ItemKind.CONTRACT_MADE, ItemKind.BAGS]),
        (2, 1, -40, [ItemKind.SPECIAL_BID_SET]),
        (2, 0, -40, [ItemKind.SPECIAL_BID_SET]),
        # B6: "If you make 6 gain 100 points, set -100"
        ("blind 6", 6, 100, [ItemKind.BLIND_BID_MADE]),
        ("blind 6", 8, 102, [ItemKind.BLIND_BID_MADE, ItemKind.BAGS]),
        ("blind 6", 5, -100, [ItemKind.BLIND_BID_SET]),
        # Any other bid as in the common game.
        (3, 3, 30, [ItemKind.CONTRACT_MADE]),
        (3, 2, -30, [ItemKind.CONTRACT_SET]),
    ],
)
def test_score_hand_gives_the_pages_numbers(
    bid: int | str, took: int, points: int, kinds: list[ItemKind]
) -> None:
    # North's bid and tricks; East and South take the rest with bids that need not concern us.
    rest = 17 - took
    score = score_hand(SKULLWINK, [bid, 5, 6], [took, rest // 2, rest - rest // 2])
    north = score["N"]
    assert north.points == points
    assert [item.kind for item in north.items] == kinds


def test_the_items_name_the_special_bids() -> None:
    score = score_hand(SKULLWINK, [1, 2, "blind 6"], [1, 1, 15])
    assert str(score) == (
        "N bid 1, took 1: 1 for 50 made +50. Hand total +50.\n"
        "E bid 2, took 1: contract 1 of 2, 2 for 40 set -40. Hand total -40.\n"
        "S bid blind 6, took 15: blind 6 made +100, 9 bags +9; bags now 9. Hand total +109."
    )
    item = score["S"].items[0]
    assert (item.kind, item.points, item.count) == (ItemKind.BLIND_BID_MADE, 100, 6)
    set_score = score_hand(SKULLWINK, [1, 2, "blind 6"], [0, 12, 5])
    assert [item.text for item in set_score["N"].items] == ["1 for 50 set -50"]
    assert [item.text for item in set_score["S"].items] == ["blind 6 set -100"]


def test_bags_of_a_special_bid_count_toward_the_penalty() -> None:
    # "any bags makes it 10 points": a plain bid, whose bags are bags. North had 8: 2 more reach
    # 10, one penalty of 100.
    score = score_hand(SKULLWINK, [1, 5, 6], [3, 7, 7], bags=(8, 0, 0))
    assert score["N"].points == 12 - 100 and score["N"].bags_after == 0


def test_blind_6_only_when_50_behind_the_leader() -> None:
    """ "Can only go B6 if 50 behind the leader": at the start of the hand, at least 50 behind
    the best total of the others, the leader; a player at the top may not."""
    bids = [5, 5, "blind 6"]
    tricks = [5, 6, 6]
    # South 60 behind North (the leader), 10 ahead of... nobody: East 20 ahead of South.
    assert score_hand(SKULLWINK, bids, tricks, scores=(100, 60, 40))["S"].points == 100
    # Exactly 50 behind the leader is enough.
    assert score_hand(SKULLWINK, bids, tricks, scores=(90, 60, 40))["S"].points == 100
    # 49 behind the leader is not, however far behind the other player.
    with pytest.raises(IllegalActionError) as caught:
        score_hand(SKULLWINK, bids, tricks, scores=(89, 60, 40))
    assert caught.value.reason is Reason.BLIND_BID_NOT_ELIGIBLE
    assert caught.value.option == "blind_bid_min_deficit"
    assert str(caught.value) == (
        "South may not bid blind 6: South must be at least 50 points behind the leading player "
        "to bid blind and is 49 behind (blind_bid_min_deficit)."
    )


def test_the_blind_bid_is_exactly_6() -> None:
    """ "B6 (Blind 6): Bid 6 without looking at cards": one flat score, for one bid."""
    message = (
        "South may not bid blind 7: the blind bid is exactly blind 6, worth 100 made and -100 "
        "set (blind_bid_points)."
    )
    with pytest.raises(IllegalActionError) as caught:
        score_hand(SKULLWINK, [5, 5, "blind 7"], [5, 5, 7])
    assert (caught.value.reason, caught.value.option) == (
        Reason.BLIND_BID_NOT_ALLOWED,
        "blind_bid_points",
    )
    assert str(caught.value) == message
    # The same sentence in play, at South's turn.
    state = apply(new_game(SKULLWINK, scores=(100, 60, 40)), Deal.random(1, SKULLWINK))
    state = apply(state, Bid(5))  # East; South is next
    assert state.to_act is S
    violation = check(state, Bid(7, blind=True))
    assert violation is not None and violation.message == message
    assert violation.reason is Reason.BLIND_BID_NOT_ALLOWED
    blind = [a for a in legal_actions(state) if isinstance(a, Bid) and a.blind and not a.is_nil]
    assert blind == [Bid(6, blind=True, seat=S)]


#: East holds nothing to take a trick with (the twos to sevens), North the top of every suit:
#: East's 1 is set.
WEAK_EAST = Deal(("AKQJT98.AKQJ.AKQ.AKQ", "32.65432.65432.76543", "7654.T987.JT987.JT98"))


def _played_hand(seed: int, deal: Deal | None = None) -> GameState:
    """A hand of skullwink played with random legal cards from the standing (100, 60, 40): East
    bids 1, South (60 behind North, the leader) blind 6, North 2."""
    rng = random.Random(seed)
    state = new_game(SKULLWINK, scores=(100, 60, 40), bags=(0, 3, 5))
    state = apply(state, Deal.random(rng, SKULLWINK) if deal is None else deal)
    for bid in (Bid(1), Bid(6, blind=True), Bid(2)):  # East, South, North
        state = apply(state, bid)
    while state.phase is Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_a_played_hand_scores_as_the_page_and_as_score_hand_and_the_record() -> None:
    seen: set[tuple[int, str]] = set()
    for seed in range(41):
        state = _played_hand(seed, WEAK_EAST if seed == 40 else None)
        hand = state.history[-1]
        bids = [hand.bids[seat] for seat in (N, E, S)]
        tricks = list(hand.tricks_won)
        played = hand.score
        for seat, bid, took in zip((N, E, S), bids, tricks):
            side = played[seat.name]  # (the bag penalties apart: every 10 bags cost 100)
            assert side.points + 100 * side.penalties == skullwink_points(bid, took), seed
            key = "exact" if took == bid.tricks else "over" if took > bid.tricks else "set"
            seen.add((bid.tricks, key))
        told = score_hand(SKULLWINK, bids, tricks, scores=(100, 60, 40), bags=(0, 3, 5))
        assert told.points == played.points
        assert [t.items for t in told.teams] == [t.items for t in played.teams]
        record = to_record(state)
        report = verify(from_data(record.to_data()))
        assert report.ok, [str(problem) for problem in report.problems]
        assert report.standing.scores == state.scores
    # The hands played met every case of the page: each bid exact, with bags and set.
    assert {(1, "exact"), (1, "over"), (1, "set"), (2, "exact"), (2, "over"), (2, "set")} <= seen
    assert {(6, "over"), (6, "set")} <= seen


def test_a_record_with_the_written_scores_checks() -> None:
    record = {
        "format": "spades-record",
        "version": 2,
        "rules": {"preset": "skullwink"},
        "start": {"scores": {"N": 100, "E": 60, "S": 40}},
        "hands": [
            {
                "bids": {"N": 1, "E": 2, "S": "blind 6"},
                "tricks": {"N": 1, "E": 3, "S": 13},
                # N 1 for 50; E a plain 2 with a bag, 21; S blind 6 for 100 and 7 bags.
                "written": {"N": {"total": 150}, "E": {"total": 81}, "S": {"total": 147}},
            }
        ],
    }
    report = verify(from_data(record))
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == (150, 81, 147)
    record["hands"][0]["written"]["N"] = {"total": 110}  # 1 scored as a plain 10
    report = verify(from_data(record))
    assert not report.ok


def test_the_special_bids_are_a_players_own() -> None:
    with pytest.raises(RuleSetError) as caught:
        RuleSet(one_bid_points=50)
    assert caught.value.option == "one_bid_points"
    assert str(caught.value) == (
        "one_bid_points scores cutthroat's special bid, a player's own, and partners bid a "
        "team's contract; set partnerships=False or leave one_bid_points None."
    )


def test_cutthroat3_has_no_special_bids() -> None:
    # cutthroat3's other sources (onlinespades, samsunghope) name none: a bid of 1 scores 10.
    assert score_hand("cutthroat3", [1, 5, 6], [1, 8, 8])["N"].points == 10
