"""Four players who each play alone (``RuleSet(partnerships=False)``), by the option's doc.

house-rules.md section 3, "4-player individual: four players with no partnerships" (Trickster
``isPartnership=false``), and the ``solo_5_bags`` preset: "individual with nil ±50 and 5 bags = −50
reset" (spadesblitz solo). Alone, each player's own bid is their contract, scored on its own (nil,
bags and bag penalties per player), and a player wins on their own; the options that need a partner
are refused. Bids and tricks are in seat order N, E, S, W.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Deal,
    EndReason,
    ItemKind,
    Reason,
    RuleSet,
    Seat,
    Team,
    apply,
    check,
    decide_game,
    find_ruleset,
    legal_actions,
    new_game,
    score_hand,
)
from spades.errors import NotationError, RuleSetError, SpadesError, StandingError
from spades.rules import TieRule

SOLO = RuleSet(partnerships=False)
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


# -- scoring: each player's own contract -----------------------------------------------------------


def test_each_player_scores_their_own_bid() -> None:
    # N bids 4 and takes 5: 40 and 1 bag. E bids nil and takes 1: -100. S bids 3 and takes 4:
    # 30 and 1 bag. W bids 2 and takes 3: 20 and 1 bag. In partnerships N and S would be one
    # contract of 7 with 9 taken (+72).
    score = score_hand(SOLO, [4, "nil", 3, 2], [5, 1, 4, 3])
    assert score.points == (41, -100, 31, 21)
    assert score.bags_after == (1, 0, 1, 1)
    assert [side.team for side in score.teams] == [N, E, S, W]
    assert score["N"].bids == (Bid(4),) and score["N"].tricks == (5,)
    assert str(score["E"]) == "E bid nil, took 1: E nil failed -100. Hand total -100."
    assert (
        str(score[N]) == "N bid 4, took 5: contract made +40, 1 bag +1; bags now 1. Hand total +41."
    )
    assert score_hand("standard", [4, "nil", 3, 2], [5, 1, 4, 3]).points == (72, -79)


def test_a_set_player_loses_their_own_bid_only() -> None:
    score = score_hand(SOLO, [5, 3, 3, 2], [2, 4, 4, 3])
    assert score.points == (-50, 31, 31, 21)
    assert score["N"].made is False and score["E"].made is True


def test_a_nil_alone_has_no_contract_beside_it() -> None:
    score = score_hand(SOLO, ["nil", 5, 4, 4], [0, 5, 4, 4])
    assert score["N"].points == 100 and score["N"].contract == 0 and score["N"].made is None


def test_bags_and_penalties_are_each_players() -> None:
    # N has 9 bags, bids 2 and takes 4: 20 + 2, 11 bags, one penalty of 100, 1 carried. E's 9 bags
    # stay 9 (E bid 3 and took 3).
    score = score_hand(SOLO, [2, 3, 4, 4], [4, 3, 3, 3], bags=(9, 9, 0, 0))
    assert score.points == (22 - 100, 30, -40, -40)
    assert score.bags_after == (1, 9, 0, 0)
    assert [item.kind for item in score["N"].items][-1] is ItemKind.BAG_PENALTY


def test_a_failed_nils_tricks_as_bags_alone() -> None:
    rules = SOLO.evolve(failed_nil_tricks="bags_only")
    score = score_hand(rules, ["nil", 4, 4, 3], [2, 4, 4, 3])
    assert score["N"].points == -100 + 2 and score["N"].bags_after == 2


def test_the_moon_alone() -> None:
    rules = SOLO.evolve(moon="bid_13", moon_points=200)
    score = score_hand(rules, [13, "nil", "nil", "nil"], [13, 0, 0, 0])
    assert score["N"].points == 200 and score.points[1:] == (100, 100, 100)


def test_a_blind_number_bid_alone_doubles_only_that_players_contract() -> None:
    rules = SOLO.evolve(blind_bid=6)
    score = score_hand(rules, [Bid(6, blind=True), 3, 2, 2], [6, 3, 2, 2])
    assert score.points == (120, 30, 20, 20)


def test_a_first_hand_without_bids_scores_each_players_tricks() -> None:
    rules = SOLO.evolve(first_hand_trick_points=10)
    assert score_hand(rules, None, [4, 3, 5, 1]).points == (40, 30, 50, 10)


def test_a_renege_sets_only_the_player_who_reneged() -> None:
    rules = SOLO.evolve(renege_penalty="set")
    score = score_hand(rules, [4, 3, 3, 3], [5, 3, 2, 3], reneges=(1, 0, 0, 0))
    assert score.points == (-40, 30, -30, 30)
    assert score["N"].items[0].kind is ItemKind.RENEGE_SET


def test_scores_and_bags_are_given_per_player() -> None:
    score = score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], scores={"N": 10, "E": 20, "S": 0, "W": -5})
    assert score.scores_after == (50, 50, 30, 25)
    with pytest.raises(StandingError, match=r"four whole numbers \(N, E, S, W\)"):
        score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], scores=(10, 20))
    with pytest.raises(StandingError, match=r"'NS' is a partnership, but every player plays alone"):
        score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], scores={"NS": 10, "EW": 20})
    with pytest.raises(StandingError, match=r"two whole numbers \(NS, EW\)"):
        score_hand("standard", [4, 3, 3, 3], [4, 3, 3, 3], scores=(0, 0, 0, 0))
    with pytest.raises(StandingError, match="North does not score alone in a partnership game"):
        score_hand("standard", [4, 3, 3, 3], [4, 3, 3, 3], bags={Seat.N: 1, Seat.E: 1})


# -- sides -----------------------------------------------------------------------------------------


def test_the_sides_are_the_seats_alone() -> None:
    assert SOLO.sides == (N, E, S, W)
    assert RuleSet().sides == (Team.NS, Team.EW)
    assert SOLO.side("west") is W and SOLO.side_of(S) is S
    assert RuleSet().side("ew") is Team.EW and RuleSet().side_of(S) is Team.NS
    with pytest.raises(NotationError, match="name a seat: N, E, S or W") as raised:
        SOLO.side(Team.NS)
    assert raised.value.reason == "bad_seat"
    with pytest.raises(NotationError, match="not a partnership; use NS or EW"):
        RuleSet().side("N S")
    score = score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3])
    with pytest.raises(NotationError, match="every player plays alone"):
        score["NS"]


# -- the options that need a partner ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("nil_exchange", 3),
        ("min_team_bid", 4),
        ("nil_partner_min_bid", 4),
        ("double_nil", "forbidden"),
        ("bag_back", True),
        ("forced_bidding", "suicide"),
        ("failed_nil_tricks", "count_toward_contract"),
        ("renege_penalty", "tricks"),
        ("renege_penalty", "points"),
    ],
)
def test_an_option_that_needs_a_partner_is_refused_alone(name: str, value: object) -> None:
    with pytest.raises(RuleSetError) as raised:
        SOLO.evolve(**{name: value})
    assert raised.value.option == name
    assert "every player plays alone under partnerships False" in raised.value.message


def test_the_options_that_do_not_need_a_partner_stay() -> None:
    RuleSet(
        partnerships=False,
        blind_nil=True,
        blind_bid=6,
        failed_nil_tricks="bags_without_points",
        renege_penalty="set",
        big_bid=10,
        moon="all_13",
        deck="jokers",
    )
    RuleSet(partnerships=False, min_total_bid=11, min_player_bid=2)
    RuleSet(partnerships=False, forced_bidding="mirror")
    RuleSet(partnerships=False, forced_bidding="whiz", blind_nil=True)
    RuleSet(partnerships=False, forbid_total_of_13=True)


# -- bidding ---------------------------------------------------------------------------------------


def _bidding(rules: RuleSet, scores: tuple[int, ...], seed: int = 1):  # type: ignore[no-untyped-def]
    state = new_game(rules, scores=scores, hand_number=3)
    return apply(state, Deal.random(random.Random(seed), rules))


def test_blind_nil_alone_is_judged_against_the_leading_player() -> None:
    rules = SOLO.evolve(blind_nil=True, blind_nil_min_deficit=100)
    # North deals hand 3, so East bids first; East leads, 100 ahead of North, the next best.
    state = _bidding(rules, (50, 150, 40, 0))
    assert state.to_act is E
    violation = check(state, Bid(0, blind=True, seat=E))
    assert violation is not None and violation.reason is Reason.BLIND_NIL_NOT_ELIGIBLE
    assert violation.message == (
        "East may not bid blind nil: East must be at least 100 points behind the leading player "
        "and is 100 ahead."
    )
    state = apply(state, Bid(3, seat=E))
    # South is 110 behind East, the leader: allowed, though S is ahead of West.
    assert check(state, Bid(0, blind=True, seat=S)) is None
    assert Bid(0, blind=True, seat=S) in legal_actions(state)
    state = apply(state, Bid(3, seat=S))
    # West is 150 behind.
    assert check(state, Bid(0, blind=True, seat=W)) is None
    state = apply(state, Bid(3, seat=W))
    # North is 100 behind: exactly the deficit, allowed.
    assert check(state, Bid(0, blind=True, seat=N)) is None


def test_the_table_total_rules_count_all_four_bids_alone() -> None:
    rules = SOLO.evolve(forbid_total_of_13=True)
    state = _bidding(rules, (0, 0, 0, 0))
    for seat, bid in ((E, 4), (S, 3), (W, 3)):
        state = apply(state, Bid(bid, seat=seat))
    violation = check(state, Bid(3, seat=N))
    assert violation is not None and violation.option == "forbid_total_of_13"


# -- the end of the game ---------------------------------------------------------------------------


def test_the_one_player_to_reach_the_target_wins() -> None:
    result = decide_game(SOLO, (505, 480, 300, 499), 12)
    assert result is not None and result.winner is N and result.reason is EndReason.TARGET
    assert result.scores == (505, 480, 300, 499)
    assert str(result) == (
        "N wins, N 505, E 480, S 300, W 499, after 12 hands (reached the target)."
    )
    assert result.to_data()["scores"] == {"N": 505, "E": 480, "S": 300, "W": 499}
    assert result.to_data()["winner"] == "N"


def test_of_two_players_past_the_target_the_higher_wins_and_a_tie_plays_on() -> None:
    result = decide_game(SOLO, (505, 520, 300, 499), 12)
    assert result is not None and result.winner is E
    # N and E tie at the top: another hand (tie_at_target play_on), though S is past it too.
    assert decide_game(SOLO, (520, 520, 510, 0), 12) is None
    shared = decide_game(SOLO.evolve(tie_at_target=TieRule.SHARED), (520, 520, 510, 0), 12)
    assert shared is not None and shared.winner is None and shared.shared
    assert str(shared).startswith("Shared result, N 520, E 520, S 510, W 0, after 12 hands")


def test_a_player_at_the_losing_score_ends_the_game_for_the_highest_other() -> None:
    rules = SOLO.evolve(losing_score=-200)
    result = decide_game(rules, (100, -200, 150, 40), 7)
    assert result is not None and result.winner is S and result.reason is EndReason.FLOOR
    assert decide_game(rules, (100, -190, 150, 40), 7) is None


def test_the_cap_goes_to_the_highest_alone() -> None:
    rules = SOLO.evolve(max_hands=10)
    result = decide_game(rules, (100, 120, 110, -5), 10)
    assert result is not None and result.winner is E and result.reason is EndReason.CAP
    tied = decide_game(rules, (120, 120, 110, -5), 10)
    assert tied is not None and tied.shared
    assert decide_game(rules.evolve(tie_at_cap="play_on"), (120, 120, 110, -5), 10) is None


def _two_team_end(rules: RuleSet, ns: int, ew: int, hands: int) -> tuple[object, str] | None:
    """RuleSet's game-end docs for two teams, word for word: a team wins when it reaches the
    target or the other falls to the losing score; when both have such a claim the higher
    total wins and an exact tie plays on unless tie_at_target shares it; only then does the cap
    decide: the higher total wins, an exact tie is shared unless tie_at_cap plays on. Totals
    compared by their tens under tie_by_tens."""
    target, floor = rules.target_score, rules.losing_score
    ns_claim = ns >= target or (floor is not None and ew <= floor)
    ew_claim = ew >= target or (floor is not None and ns <= floor)
    why = "target" if ns >= target or ew >= target else "floor"
    rank = (ns // 10, ew // 10) if rules.tie_by_tens else (ns, ew)
    if ns_claim and not ew_claim:
        return Team.NS, why
    if ew_claim and not ns_claim:
        return Team.EW, why
    if ns_claim:
        if rank[0] != rank[1]:
            return (Team.NS if rank[0] > rank[1] else Team.EW), why
        if rules.tie_at_target is TieRule.SHARED:
            return None, why
    if rules.max_hands is not None and hands >= rules.max_hands:
        if rank[0] != rank[1]:
            return (Team.NS if rank[0] > rank[1] else Team.EW), "cap"
        if rules.tie_at_cap is TieRule.SHARED:
            return None, "cap"
    return None


@settings(max_examples=300, deadline=None)
@given(
    scores=st.tuples(st.integers(-400, 700), st.integers(-400, 700)),
    hands=st.integers(0, 12),
    floor=st.none() | st.integers(-300, -100),
    cap=st.none() | st.integers(1, 12),
    tens=st.booleans(),
    shared=st.booleans(),
    cap_shared=st.booleans(),
)
def test_two_teams_end_as_before(scores, hands, floor, cap, tens, shared, cap_shared) -> None:  # type: ignore[no-untyped-def]
    rules = RuleSet(
        losing_score=floor,
        max_hands=cap,
        tie_by_tens=tens,
        tie_at_target="shared" if shared else "play_on",
        tie_at_cap="shared" if cap_shared else "play_on",
    )
    expected = _two_team_end(rules, scores[0], scores[1], hands)
    result = decide_game(rules, scores, hands)
    if expected is None:
        assert result is None
    else:
        assert result is not None
        assert (result.winner, result.reason.value) == expected


# -- a game alone ----------------------------------------------------------------------------------


def test_new_game_alone_starts_with_four_totals() -> None:
    assert new_game(SOLO).scores == (0, 0, 0, 0)
    state = new_game(SOLO, scores={"N": 100, "E": 50, "S": -20, "W": 0}, bags=(1, 2, 3, 4))
    assert state.scores == (100, 50, -20, 0) and state.bags == (1, 2, 3, 4)
    with pytest.raises(StandingError, match="four whole numbers"):
        new_game(SOLO, scores=(100, 50))
    with pytest.raises(StandingError, match=r"W cannot start with 10 bags"):
        new_game(SOLO, bags=(0, 0, 0, 10))
    with pytest.raises(StandingError, match="already over at N 500, E 0, S 0, W 0"):
        new_game(SOLO, scores=(500, 0, 0, 0))


@pytest.mark.parametrize("seed", range(4))
def test_a_random_game_alone_adds_up(seed: int) -> None:
    rules = SOLO.evolve(max_hands=4, blind_nil=True, blind_bid=6, blind_bid_min_deficit=50)
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    totals = [0, 0, 0, 0]
    for hand in state.history:
        assert sum(hand.tricks_won) == 13
        for index, side in enumerate(hand.score.teams):
            assert side.team is Seat(index)
            assert side.points == sum(item.points for item in side.items)
            assert side.score_before == totals[index]
            totals[index] += side.points
    assert tuple(totals) == state.scores
    result = state.result
    assert result is not None and result.scores == state.scores
    best = max(state.scores)
    if state.scores.count(best) == 1:
        assert result.winner is Seat(state.scores.index(best))
    else:
        assert result.winner is None
    assert state.contracts == tuple((bid.tricks if bid is not None else 0) for bid in state.bids)


def test_solo_5_bags() -> None:
    """house-rules.md: 'solo_5_bags | individual with nil ±50 and 5 bags = −50 reset'."""
    rules = find_ruleset("solo_5_bags")
    assert not rules.partnerships
    score = score_hand(rules, ["nil", "nil", 4, 3], [0, 1, 7, 5], bags=(0, 0, 3, 4))
    # N nil made +50; E nil failed -50; S 40 + 3 bags, 6 bags: -50 and reset to 0; W 30 + 2,
    # 6 bags: -50, reset.
    assert score.points == (50, -50, 43 - 50, 32 - 50)
    assert score.bags_after == (0, 0, 0, 0)


def test_an_error_alone_is_a_spades_error() -> None:
    for call in (
        lambda: score_hand(SOLO, [4, 3, 3, 3], [4, 3, 3, 3], reneges={"N": -1}),
        lambda: decide_game(SOLO, ("a", 0, 0, 0), 1),
    ):
        with pytest.raises(SpadesError):
            call()
