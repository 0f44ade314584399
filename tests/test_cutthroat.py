"""Three-handed cutthroat (``RuleSet(players=3, partnerships=False)``), by the option's doc.

house-rules.md section 3: "Cutthroat (3 players): remove 2♣, deal 17 each, everyone plays alone.
Optional: total bids ≠ 17. A 54-card version (with jokers) deals 18 each." Section 4, scenario 24:
"Bids 5 and 6 are in; with total ≠ 17 the last bidder may not bid 6. 2♣ is removed, so 3♣ leads."
The three players sit at North, East and South. Bids and tricks are in seat order N, E, S.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from spades import (
    Bid,
    Card,
    Counts,
    Deal,
    IllegalActionError,
    Phase,
    Play,
    Reason,
    RuleSet,
    Seat,
    Trick,
    apply,
    apply_counts,
    check,
    decide_game,
    find_ruleset,
    legal_actions,
    new_game,
    score_hand,
)
from spades.errors import NotationError, RuleSetError, StandingError

THREE = RuleSet(players=3, partnerships=False)
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _dealt(rules: RuleSet, seed: int, **standing: object):  # type: ignore[no-untyped-def]
    return apply(new_game(rules, **standing), Deal.random(random.Random(seed), rules))  # type: ignore[arg-type]


# -- the table and the deck ------------------------------------------------------------------------


def test_three_sit_at_north_east_and_south() -> None:
    assert THREE.seats == (N, E, S) and THREE.sides == (N, E, S)
    assert THREE.side("s") is S
    with pytest.raises(NotationError, match="West has no player at a table of 3"):
        THREE.side("W")


def test_the_two_of_clubs_is_out_and_each_holds_17() -> None:
    for seed in range(5):
        deal = Deal.random(seed, THREE)
        assert len(deal.hands) == 3
        assert [len(hand) for hand in deal.hands] == [17, 17, 17]
        held = set().union(*deal.hands)
        assert len(held) == 51 and Card("2c") not in held


def test_the_jokers_deck_deals_all_54_cards_18_each() -> None:
    rules = THREE.evolve(deck="jokers")
    deal = Deal.random(3, rules)
    assert [len(hand) for hand in deal.hands] == [18, 18, 18]
    held = set().union(*deal.hands)
    assert len(held) == 54 and {Card("BJ"), Card("LJ"), Card("2c"), Card("2h")} <= held


def test_what_three_cannot_play_is_refused() -> None:
    with pytest.raises(RuleSetError, match="players 3 cannot sit as two partnerships") as raised:
        RuleSet(players=3)
    assert raised.value.option == "partnerships"
    with pytest.raises(RuleSetError) as raised:
        THREE.evolve(deck="jjdd")
    assert raised.value.option == "deck"
    with pytest.raises(RuleSetError) as raised:
        THREE.evolve(deck="jokers", removed_twos="clubs_diamonds")
    assert raised.value.option == "removed_twos"
    for players in (1, 5):
        with pytest.raises(RuleSetError) as raised:
            RuleSet(players=players, partnerships=False)
        assert raised.value.option == "players"


def test_a_deal_of_four_hands_is_not_a_deal_of_three() -> None:
    state = new_game(THREE)
    violation = check(state, Deal.random(1))
    assert violation is not None and violation.reason is Reason.BAD_DEAL
    assert "The deal has 4 hands, but 3 play under these rules (players)." in violation.message
    violation = check(state, Deal.random(1, THREE.evolve(deck="jokers")))
    assert violation is not None and "has 18 cards, not 17" in violation.message


# -- bidding ---------------------------------------------------------------------------------------


def test_bids_run_from_nil_to_17() -> None:
    state = _dealt(THREE, 1)
    bids = legal_actions(state)
    assert [bid.tricks for bid in bids] == [*range(1, 18), 0]  # type: ignore[union-attr]
    violation = check(state, Bid(18))
    assert violation is not None and violation.reason is Reason.BID_OUT_OF_RANGE
    assert violation.message == "East bid 18; a bid is nil or 1 to 17 tricks."
    jokers = _dealt(THREE.evolve(deck="jokers"), 1)
    assert check(jokers, Bid(18)) is None and check(jokers, Bid(19)) is not None


def test_scenario_24_the_total_may_not_be_17_and_the_three_of_clubs_leads() -> None:
    rules = find_ruleset("cutthroat3").evolve(forbid_total_of_13=True)
    state = _dealt(rules, 24)
    assert state.to_act is E  # North deals; East, South, then North bid
    state = apply(apply(state, Bid(5)), Bid(6))
    violation = check(state, Bid(6))
    assert violation is not None and violation.option == "forbid_total_of_13"
    assert violation.message == (
        "North may not bid 6: the three bids would total exactly 17, and someone must miss "
        "(forbid_total_of_13)."
    )
    assert Bid(6, seat=N) not in legal_actions(state)
    state = apply(state, Bid(5))
    leader = state.to_act
    assert leader is not None and Card("3c") in state.holding(leader)
    assert legal_actions(state) == (Play(Card("3c"), seat=leader),)


def test_the_lowest_club_with_jokers_is_the_two() -> None:
    rules = find_ruleset("cutthroat3").evolve(deck="jokers")
    state = _dealt(rules, 5)
    for _ in range(3):
        state = apply(state, Bid(5))
    assert [action.card for action in legal_actions(state)] == [Card("2c")]  # type: ignore[union-attr]


# -- play ------------------------------------------------------------------------------------------


def test_a_trick_of_three_goes_round_north_east_south() -> None:
    trick = Trick("S", "Kh Ah 2s", players=3)
    assert trick.seats == (S, N, E) and trick.is_complete and trick.winner is E
    assert repr(trick) == "Trick(Seat.S, 'Kh Ah 2s', players=3)"
    assert Trick("E", "Kh Ah", players=3).winner is S
    with pytest.raises(NotationError, match="at most 3 cards"):
        Trick("N", "Kh Ah 2s 3s", players=3)
    with pytest.raises(NotationError, match="West has no player at a table of 3"):
        Trick("W", "Kh", players=3)
    with pytest.raises(NotationError, match="2, 3 or 4 players"):
        Trick("N", "Kh", players=5)


@pytest.mark.parametrize("deck", ["standard", "jokers"])
@pytest.mark.parametrize("seed", range(3))
def test_a_random_game_of_three_adds_up(deck: str, seed: int) -> None:
    rules = THREE.evolve(deck=deck, max_hands=3, blind_nil=True)
    rng = random.Random(seed)
    state = new_game(rules)
    per_hand = 17 if deck == "standard" else 18
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
            assert len(state.holding_masks) == 3
        else:
            state = apply(state, rng.choice(legal_actions(state)))
            if state.phase is Phase.PLAY and state.current_trick is not None:
                assert state.to_act in (N, E, S)
    totals = [0, 0, 0]
    for hand in state.history:
        assert len(hand.tricks) == per_hand and sum(hand.tricks_won) == per_hand
        for trick in hand.tricks:
            assert len(trick.cards) == 3 and set(trick.seats) == {N, E, S}
        assert len(hand.bids) == 3
        for index, side in enumerate(hand.score.teams):
            assert side.team is Seat(index)
            assert side.points == sum(item.points for item in side.items)
            totals[index] += side.points
        assert [trick.winner for trick in hand.tricks[:-1]] == [
            trick.leader for trick in hand.tricks[1:]
        ]
    assert tuple(totals) == state.scores and len(state.scores) == 3


# -- scoring and the end of the game ---------------------------------------------------------------


def test_each_of_three_scores_their_own_bid() -> None:
    score = score_hand(THREE, [5, 6, "nil"], [7, 10, 0])
    assert score.points == (52, 64, 100)
    assert str(score["S"]) == "S bid nil, took 0: S nil made +100. Hand total +100."
    with pytest.raises(IllegalActionError, match="add up to 13, not 17"):
        score_hand(THREE, [5, 6, 2], [5, 6, 2])
    with pytest.raises(NotationError, match=r"three values \(N, E, S\) for three players"):
        score_hand(THREE, [5, 6, 2, 1], [5, 6, 6])
    with pytest.raises(StandingError, match=r"three whole numbers \(N, E, S\)"):
        score_hand(THREE, [5, 6, 2], [5, 6, 6], scores=(0, 0, 0, 0))


def test_the_moon_is_all_17() -> None:
    rules = THREE.evolve(moon="bid_13", moon_points=200)
    assert score_hand(rules, [17, "nil", "nil"], [17, 0, 0]).points == (200, 100, 100)
    assert score_hand(rules, [13, "nil", "nil"], [17, 0, 0]).points == (134, 100, 100)


def test_the_game_ends_for_the_one_highest_of_three() -> None:
    result = decide_game(THREE, (505, 480, 520), 9)
    assert result is not None and result.winner is S
    assert str(result) == "S wins, N 505, E 480, S 520, after 9 hands (reached the target)."
    assert decide_game(THREE, (520, 480, 520), 9) is None


def test_a_hand_of_three_told_by_its_counts() -> None:
    state = apply_counts(new_game(THREE), {"N": 5, "E": 6, "S": "nil"}, {"N": 7, "E": 10, "S": 0})
    assert state.scores == (52, 64, 100)
    state = apply_counts(state, [4, 4, 4], [5, 5, 7])
    assert state.scores == (93, 105, 143)
    violation = check(new_game(THREE), Counts([4, 4, 4, 1], [4, 4, 4, 5]))
    assert violation is not None and violation.reason is Reason.BAD_TRICKS
    assert violation.message == "The counts give 4 seats, but 3 play under these rules (players)."
    violation = check(new_game(RuleSet()), Counts([4, 4, 4], [5, 5, 7]))
    assert violation is not None and "give 3 seats, but 4 play" in violation.message
    west = r"The bids: West has no player at a table of 3: they sit at N, E and S\."
    with pytest.raises(NotationError, match=west):
        apply_counts(new_game(THREE), {"N": 5, "E": 6, "W": 2}, [5, 6, 6])


# -- exact counts of legal endings -----------------------------------------------------------------


def reference_legal(hand: Sequence[Card], trick: Sequence[Card], broken: bool) -> list[Card]:
    """Follow the suit led if you can, else anything; lead no spade until spades are broken,
    unless you hold only spades."""
    if trick:
        following = [card for card in hand if card.suit == trick[0].suit]
        return following or list(hand)
    if broken:
        return list(hand)
    return [card for card in hand if card.suit.name != "SPADES"] or list(hand)


def reference_winner(trick: Sequence[Card]) -> int:
    """The highest spade, else the highest card of the suit led."""
    spades = [i for i, card in enumerate(trick) if card.suit.name == "SPADES"]
    pool = spades or [i for i, card in enumerate(trick) if card.suit == trick[0].suit]
    return max(pool, key=lambda i: trick[i].index)


def reference_count(
    hands: list[list[Card]], leader: int, trick: list[Card], broken: bool, seats: int = 3
) -> int:
    """The ways to play the hand out among ``seats`` seats, each in turn clockwise (N, E, S; N, E
    for two)."""
    if not any(hands) and not trick:
        return 1
    seat = (leader + len(trick)) % seats
    total = 0
    for card in reference_legal(hands[seat], trick, broken):
        rest = [list(hand) for hand in hands]
        rest[seat].remove(card)
        now = [*trick, card]
        spade = card.suit.name == "SPADES"
        if len(now) == seats:
            winner = (leader + reference_winner(now)) % seats
            total += reference_count(rest, winner, [], broken or spade, seats)
        else:
            total += reference_count(rest, leader, now, broken or spade, seats)
    return total


def engine_count(state) -> int:  # type: ignore[no-untyped-def]
    if state.phase is not Phase.PLAY:
        return 1
    return sum(engine_count(apply(state, action)) for action in legal_actions(state))


@pytest.mark.parametrize("seed", range(6))
def test_exact_counts_of_the_last_four_tricks_of_three(seed: int) -> None:
    rng = random.Random(300 + seed)
    state = _dealt(THREE, 300 + seed)
    while state.phase is not Phase.PLAY or len(state.completed_tricks) < 13:
        state = apply(state, rng.choice(legal_actions(state)))
    while state.trick_cards:
        state = apply(state, rng.choice(legal_actions(state)))
    hands = [list(state.holding(seat)) for seat in (N, E, S)]
    assert [len(hand) for hand in hands] == [4, 4, 4]
    expected = reference_count(hands, int(state.to_act), [], state.spades_broken)  # type: ignore[arg-type]
    assert engine_count(state) == expected
    assert expected > 1


def test_a_game_of_three_is_dealt_by_one_of_the_three() -> None:
    state = new_game(THREE, dealer="S", scores=(10, 20, 30), bags=(0, 1, 2), hand_number=4)
    assert state.dealer is S and state.scores == (10, 20, 30)
    with pytest.raises(StandingError, match="dealer: West has no player at a table of 3"):
        new_game(THREE, dealer="W", scores=(10, 20, 30))
    with pytest.raises(StandingError, match=r"three whole numbers \(N, E, S\)"):
        new_game(THREE, scores=(10, 20))
