"""The computer players and the arena when every player plays alone (``partnerships=False``).

house-rules.md section 3, "4-player individual: four players with no partnerships". Alone a player
has no partner: every other seat is an opponent, its contract is its own bid, its score and bags
are its own. So a computer player alone never covers another player's nil nor leaves a trick to
another seat, bids for its own contract, and values a playout for its own seat; the arena seats
each level in two seats (North and South, or East and West) as two players who each score alone.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from itertools import islice

import pytest
from test_bots import IDS, PLAYERS

from spades import (
    Bid,
    Deal,
    GameState,
    Phase,
    Play,
    RuleSet,
    Seat,
    apply,
    find_ruleset,
    is_legal,
    legal_actions,
    new_game,
    view,
)
from spades._kernel.playout import play_out
from spades._kernel.table import table_of
from spades.actions import Action
from spades.arena import MatchResult, board_deals, duplicate_games, play_game_pair, run_match
from spades.bots import EasyPlayer, HardPlayer, MediumPlayer, Player
from spades.bots.expert import ExpertPlayer
from spades.bots.seen import read_view
from spades.bots.tactics import for_the_score
from spades.views import SeatView

SOLO = RuleSet(partnerships=False)
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


#: Solo rule sets, each with a cap on hands (alone, weak play rarely reaches the target), and the
#: standing each game starts from: far enough apart that blind nil is allowed where it is an
#: option.
SOLO_RULES = {
    "solo": (RuleSet(partnerships=False, max_hands=4), (0, 0, 0, 0)),
    "blind_nil": (
        RuleSet(partnerships=False, blind_nil=True, blind_nil_min_deficit=100, max_hands=4),
        (250, 0, 120, -60),
    ),
    "jokers": (RuleSet(partnerships=False, deck="jokers", max_hands=4), (0, 0, 0, 0)),
    "solo_5_bags": (find_ruleset("solo_5_bags").evolve(max_hands=4), (0, 0, 0, 0)),
}


def play_checked(
    rules: RuleSet,
    scores: tuple[int, ...],
    lineup: list[Player],
    rng: random.Random,
    hands: int,
) -> GameState:
    """``hands`` hands (or the game to its end) with ``lineup[seat]`` at each seat, checking that
    every action a player returns is legal in the state it was asked about."""
    state = new_game(rules, scores=scores)
    dealt = 0
    while not state.is_over:
        if state.needs_deal:
            if dealt == hands:
                break
            state = apply(state, Deal.random(rng, rules))
            dealt += 1
            continue
        seat = state.to_act
        assert seat is not None
        action = lineup[seat](view(state, seat), rng)
        assert is_legal(state, action), (state, action)
        state = apply(state, action)
    return state


def at(state: GameState, *moves: str) -> GameState:
    """``state`` after the bids and cards ``moves`` (seats implied by the turn)."""
    for move in moves:
        state = apply(state, Bid.parse(move) if state.phase is Phase.BIDDING else Play(move))
    return state


def decide(player: Player, state: GameState) -> Action:
    seat = state.to_act
    assert seat is not None
    return player(view(state, seat), random.Random(0))


def in_both(
    deal: Deal, *, dealer: str = "N", scores: tuple[int, int] = (0, 0)
) -> tuple[GameState, GameState]:
    """``deal`` dealt by ``dealer`` under the standard rules (partnerships) and under the same
    rules alone; alone North and East start from the teams' ``scores`` (NS, EW), South and West
    from 0."""
    together = apply(new_game(RuleSet(), dealer=dealer, scores=scores), deal)
    alone = apply(new_game(SOLO, dealer=dealer, scores=(*scores, 0, 0)), deal)
    return together, alone


#: North has a powerhouse, South and West weak hands.
STRONG_AND_WEAK = Deal(
    ("AKQJ.AK2.AK2.AK2", "T98.QJT9.QJT9.QJ", "432.8765.8765.T9", "765.43.43.876543")
)
#: Hearts: East A K J T, North Q 4, South 9 5, West 8 7 6 3 2.
HEARTS_SPLIT = Deal(
    ("AKQJT.Q4.AKQ.AKQ", "987.AKJT.JT9.JT9", "32.95.8765.87654", "654.87632.432.32")
)
#: Hearts: North K Q 2, East J T 9, South 8 7 6 5 4, West A 3.
PARTNER_ACE = Deal(("AKQJ.KQ2.AKQ.AKQ", "T98.JT9.JT98.JT9", "76.87654.765.876", "5432.A3.432.5432"))


# -- legal in whole games --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize("rules_name", sorted(SOLO_RULES))
def test_every_level_plays_legally_in_whole_solo_games(
    name: str, player: Player, rules_name: str
) -> None:
    rules, scores = SOLO_RULES[rules_name]
    for seed in range(2 if name == "expert" else 3):
        rng = random.Random(f"{name}/{rules_name}/{seed}")
        state = play_checked(rules, scores, [player] * 4, rng, hands=2 if name == "expert" else 4)
        assert len(state.history) >= 2
        assert len(state.scores) == 4


def test_the_levels_together_play_solo_games_to_the_cap() -> None:
    lineup: list[Player] = [HardPlayer(), EasyPlayer(), ExpertPlayer(deals=3), MediumPlayer()]
    rules, scores = SOLO_RULES["blind_nil"]
    state = play_checked(rules, scores, lineup, random.Random(7), hands=10)
    assert state.is_over and state.result is not None
    assert state.result.winner is None or isinstance(state.result.winner, Seat)


# -- what a seat knows alone -----------------------------------------------------------------------


def test_a_seat_alone_has_no_partner_and_reads_its_own_score() -> None:
    state = apply(new_game(SOLO, scores=(10, 20, 30, 40), bags=(1, 2, 3, 4)), STRONG_AND_WEAK)
    seen = read_view(view(state, E))
    assert seen.partner is None
    assert seen.team == 1  # E's own side, the index into the per-player scores
    assert seen.opponents == (2, 3, 0)
    assert (seen.scores, seen.bags) == ((10, 20, 30, 40), (1, 2, 3, 4))
    together = read_view(view(apply(new_game(RuleSet()), STRONG_AND_WEAK), E))
    assert (together.partner, together.team, together.opponents) == (3, 1, (2, 0))


# -- no partner in the play ------------------------------------------------------------------------


def test_medium_alone_wins_a_trick_a_partner_would_leave() -> None:
    # East leads the jack of hearts and South plays low. West holds the ace and the three: with
    # East its partner it plays the three; alone East is an opponent, so West wins with the ace.
    together, alone = in_both(PARTNER_ACE)
    moves = ("3", "1", "2", "7", "JH", "4H")
    assert decide(MediumPlayer(), at(together, *moves)) == Play("3H", seat=W)
    assert decide(MediumPlayer(), at(alone, *moves)) == Play("AH", seat=W)


@pytest.mark.parametrize("player", [HardPlayer(), ExpertPlayer()], ids=repr)
def test_a_player_alone_does_not_cover_another_players_nil(player: Player) -> None:
    # South deals, West leads the three of hearts, and North, second to play, holds the queen and
    # the four with the ace and king unseen; South bid nil. With South its partner North covers
    # the nil with the queen; alone South's nil is an opponent's, and North stays low so that
    # South may be left to win the trick.
    together, alone = in_both(HEARTS_SPLIT, dealer="S")
    moves = ("2", "6", "4", "nil", "3H")
    assert decide(player, at(together, *moves)) == Play("QH", seat=N)
    assert decide(player, at(alone, *moves)) == Play("4H", seat=N)


#: A table of three (the two of clubs out): South's hearts 9876532, North's Q4, East's AKJT.
THREE_HEARTS = Deal(("AKQJ.Q4.AKQJT9.AKQJT", "5432.AKJT.5432.76543", "T9876.9876532.876.98"))


@pytest.mark.parametrize("player", [HardPlayer(), ExpertPlayer()], ids=repr)
def test_a_player_alone_at_a_table_of_three_leaves_a_nil_to_be_broken(player: Player) -> None:
    # Alone at a table of three too another player's nil is an opponent's. East deals, South
    # leads the three of hearts, North is second to play with the queen and the four, and East,
    # who bid nil, plays last holding the ace, king, jack and ten: North stays low with the four,
    # so that East must take the trick.
    rules = RuleSet(players=3, partnerships=False)
    state = at(apply(new_game(rules, dealer="E"), THREE_HEARTS), "3", "6", "nil", "3H")
    assert state.to_act is N
    assert decide(player, state) == Play("4H", seat=N)


def test_the_playout_alone_covers_no_nil() -> None:
    # The same position in the fast playout: with partners North covers South's nil with its
    # highest heart that wins, the queen; alone North needs its own 6 tricks and wins as cheaply
    # as it can, with the four.
    together, alone = in_both(HEARTS_SPLIT, dealer="S")
    moves = ("2", "6", "4", "nil", "3H")
    first = []
    for state in (at(together, *moves), at(alone, *moves)):
        trace: list[int] = []
        play_out(
            table_of(state.rules),
            state.holding_masks,
            [card.index for card in state.current_trick.cards],  # type: ignore[union-attr]
            int(N),
            state.trick_counts,
            state.spades_broken,
            [(bid.tricks, bid.blind) for bid in state.bids],  # type: ignore[union-attr]
            trace=trace,
        )
        first.append(trace[0])
    assert first == [Play("QH").card.index, Play("4H").card.index]


def test_hard_alone_sheds_tricks_once_its_own_bid_is_made() -> None:
    # West 2, North 1, East 4, South 6; North takes the first two tricks. With South its partner
    # the team's 7 needs five more tricks, so North cashes a winner; alone North's own 1 is made
    # and nobody is near a set, so it leads the card most likely to lose, the four of hearts.
    together, alone = in_both(HEARTS_SPLIT, dealer="S")
    moves = ("2", "1", "4", "6", "2C", "AC", "9C", "4C", "AD", "9D", "5D", "2D")
    assert decide(HardPlayer(), at(together, *moves)) != Play("4H", seat=N)
    assert decide(HardPlayer(), at(alone, *moves)) == Play("4H", seat=N)


# -- bidding alone ---------------------------------------------------------------------------------


def test_a_bid_alone_is_read_for_the_players_own_contract() -> None:
    # North is 450, 50 from the target, and South has bid 6. With South its partner a contract
    # of 3 + 6 would reach the target, and a set could lose the game: the count is shaded down.
    # Alone North's contract is its own 3, which does not reach it: the count stands.
    together, alone = in_both(STRONG_AND_WEAK, dealer="N", scores=(450, 0))
    moves = ("3", "6", "3")
    assert for_the_score(read_view(view(at(together, *moves), N)), 3.0) == pytest.approx(2.6)
    assert for_the_score(read_view(view(at(alone, *moves), N)), 3.0) == 3.0


def test_hard_alone_bids_nil_only_with_a_weaker_hand() -> None:
    # West (765.43.43.876543, about 1.6 tricks by the count) bids first: with a partner to cover
    # it Hard bids nil; alone, with nobody to cover it, it bids a number. South's weaker hand
    # (432.8765.8765.T9) is bid nil alone too.
    together, alone = in_both(STRONG_AND_WEAK, dealer="S")
    assert decide(HardPlayer(), together) == Bid.NIL.for_seat(W)
    west = decide(HardPlayer(), alone)
    assert isinstance(west, Bid) and west.tricks >= 1
    assert decide(HardPlayer(), at(alone, "3", "2", "3")) == Bid.NIL.for_seat(S)


@pytest.mark.parametrize("player", [HardPlayer(), ExpertPlayer()], ids=repr)
def test_no_level_bids_blind_nil_alone(player: Player) -> None:
    # West is 300 behind North and blind nil is allowed (at least 100 behind). With a partner far
    # behind Hard and Expert bid it (tests/bots/test_bots.py); alone no partner covers it and there
    # is no exchange, so they do not.
    rules = RuleSet(partnerships=False, blind_nil=True)
    state = apply(new_game(rules, dealer="S", scores=(300, 0, 0, 0)), STRONG_AND_WEAK)
    assert Bid.BLIND_NIL.for_seat(W) in legal_actions(state)
    bid = decide(player, state)
    assert isinstance(bid, Bid) and not bid.blind


# -- the arena alone -------------------------------------------------------------------------------

#: A solo game short enough for a test.
SHORT_SOLO = RuleSet(partnerships=False, max_hands=5)


class BidsOne:
    """Medium, but always bids 1: its seats can be told from the bids."""

    def __init__(self) -> None:
        self.medium = MediumPlayer()

    def __call__(self, seat_view: SeatView, rng: random.Random, /) -> Action:
        if seat_view.phase is Phase.BIDDING:
            for action in seat_view.legal_actions:
                if isinstance(action, Bid) and action.tricks == 1 and not action.blind:
                    return action
        return self.medium(seat_view, rng)

    def __repr__(self) -> str:
        return "BidsOne()"


def test_a_solo_match_seats_each_side_in_two_seats_and_swaps_them() -> None:
    first, second = duplicate_games(BidsOne(), "medium", rules=SHORT_SOLO, seed=4, index=1)
    assert first.is_over and second.is_over
    # The same deals at both tables, in the same order.
    expected = list(islice(board_deals(4, 1, SHORT_SOLO), 5))
    assert [hand.deal for hand in first.history] == expected[: len(first.history)]
    assert [hand.deal for hand in second.history] == expected[: len(second.history)]
    # A (bids 1) is North and South at table 1, East and West at table 2: two players alone.
    for hand in first.history:
        assert [None if bid is None else bid.tricks for bid in hand.bids][0::2] == [1, 1]
    for hand in second.history:
        assert [None if bid is None else bid.tricks for bid in hand.bids][1::2] == [1, 1]
    assert len(first.scores) == len(second.scores) == 4


def test_a_solo_pair_adds_up_each_sides_two_players() -> None:
    pair = play_game_pair("hard", "easy", SHORT_SOLO, 2, 0)
    first, second = duplicate_games("hard", "easy", rules=SHORT_SOLO, seed=2, index=0)

    def points(game: GameState, seats: tuple[Seat, ...]) -> int:
        return sum(hand.score[seat].points for hand in game.history for seat in seats)

    a_points = points(first, (N, S)) + points(second, (E, W))
    b_points = points(first, (E, W)) + points(second, (N, S))
    assert (pair.a.points, pair.b.points) == (a_points, b_points)
    assert pair.difference == a_points - b_points
    # A contract is one player's bid other than nil, counted once per player and hand.
    contracts = sum(
        hand.score[seat].contract > 0 for hand in first.history for seat in (N, S)
    ) + sum(hand.score[seat].contract > 0 for hand in second.history for seat in (E, W))
    assert pair.a.contracts == contracts
    assert pair.a.hands == pair.b.hands == pair.hands == len(first.history) + len(second.history)
    # A game is won by one player, and counts for the side seated there.
    wins = 0
    for game, seats in ((first, (N, S)), (second, (E, W))):
        assert game.result is not None
        winner = game.result.winner
        assert winner is None or isinstance(winner, Seat)
        wins += winner in seats
    assert pair.a.wins == wins
    assert pair.a.wins + pair.b.wins + pair.a.shared == 2
    assert not pair.partnerships


def test_a_solo_match_says_each_side_is_two_players() -> None:
    with ThreadPoolExecutor(1) as pool:
        result = run_match("medium", "easy", boards=10, seed=3, rules=SHORT_SOLO, executor=pool)
    assert not result.partnerships and not result.to_dict()["partnerships"]
    assert "Every player plays alone: each side is two players" in str(result)
    pairs = [play_game_pair("medium", "easy", SHORT_SOLO, 3, i) for i in range(result.pairs)]
    again = MatchResult.of(
        pairs, names=("medium", "easy"), rules=repr(SHORT_SOLO), seed=3, boards_asked=10
    )
    assert again == result
    with ThreadPoolExecutor(1) as pool:
        together = run_match("medium", "easy", boards=10, seed=3, executor=pool)
    assert together.partnerships and "plays alone" not in str(together)


def test_hard_beats_easy_alone() -> None:
    # Duplicate games of Hard's two players against Easy's two, every player alone: Hard scores
    # more per hand, beyond the 95% interval.
    with ThreadPoolExecutor(1) as pool:
        result = run_match("hard", "easy", boards=60, seed=1, rules=SOLO, executor=pool)
    assert result.points_per_hand.low is not None and result.points_per_hand.low > 0
    assert result.a.counts.points > result.b.counts.points
