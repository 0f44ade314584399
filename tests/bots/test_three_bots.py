"""The computer players and the arena at a table of three (cutthroat).

house-rules.md section 3: "Cutthroat (3 players): remove 2♣, deal 17 each, everyone plays alone.
Optional: total bids ≠ 17. A 54-card version (with jokers) deals 18 each." The three players sit
at North, East and South (``RuleSet(players=3, partnerships=False)``, preset ``cutthroat3``); play
goes round N, E, S and a trick is complete at three cards. So a computer player at a table of
three has two opponents and no partner, imagines the unseen cards in the two other hands, plays
out a hand of 17 (or 18) tricks, and the arena seats each side in two seats at one table and one
at the other.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from itertools import islice

import pytest
from test_bots import IDS, PLAYERS
from test_solo_bots import at, decide, play_checked

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
    legal_actions,
    new_game,
    score_hand,
    view,
)
from spades._kernel.playout import play_out
from spades._kernel.table import table_of
from spades.actions import Action
from spades.arena import MatchResult, board_deals, duplicate_games, play_game_pair, run_match
from spades.bots import EasyPlayer, HardPlayer, MediumPlayer, Player
from spades.bots.deals import imagine_deal, imagine_deals
from spades.bots.expert import ExpertPlayer
from spades.bots.playout import GAME_BONUS, hand_value
from spades.bots.seen import read_view
from spades.bots.tactics import count_tricks, nil_danger
from spades.cards import CARDS
from spades.rules import FirstLead
from spades.tricks import Trick
from spades.views import SeatView
from strategies import random_bid_or_play

THREE = RuleSet(players=3, partnerships=False)
CUTTHROAT = find_ruleset("cutthroat3")
N, E, S = Seat.N, Seat.E, Seat.S


#: Rule sets of three, each with a cap on hands, and the standing each game starts from (far
#: enough apart that blind nil is allowed where it is an option).
THREE_RULES = {
    "cutthroat3": (CUTTHROAT.evolve(max_hands=3), (0, 0, 0)),
    "jokers": (CUTTHROAT.evolve(deck="jokers", max_hands=3), (0, 0, 0)),
    "total_not_17": (THREE.evolve(forbid_total_of_13=True, max_hands=3), (0, 0, 0)),
    "blind_nil": (
        THREE.evolve(blind_nil=True, blind_nil_min_deficit=100, max_hands=3),
        (250, 0, -60),
    ),
    "counterclockwise": (THREE.evolve(direction="counterclockwise", max_hands=3), (0, 0, 0)),
}


#: 51 cards, the two of clubs out: North 65432 of spades, the 5 to 2 of hearts, the ace to the
#: eight of diamonds and the three of clubs; East T987 of spades, QJT9 of hearts; South the
#: ace to the jack of spades, AK876 of hearts, no diamond and the seven of clubs up.
THREE_HANDS = Deal(("65432.5432.AKQJT98.3", "T987.QJT9.765432.654", "AKQJ.AK876.-.AKQJT987"))
#: North holds only small cards, spread over the suits (17 of them, about 1.3 tricks).
SMALL_NORTH = Deal(("32.65432.65432.76543", "AKQJT98.KQJ.KQJ.AKQJ", "7654.AT987.AT987.T98"))


# -- legal in whole games --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize("rules_name", sorted(THREE_RULES))
def test_every_level_plays_legally_in_whole_games_of_three(
    name: str, player: Player, rules_name: str
) -> None:
    rules, scores = THREE_RULES[rules_name]
    for seed in range(1 if name == "expert" else 3):
        rng = random.Random(f"{name}/{rules_name}/{seed}")
        state = play_checked(rules, scores, [player] * 3, rng, hands=3)
        assert state.is_over  # max_hands 3: the game ends by the third hand
        assert 1 <= len(state.history) <= 3
        for hand in state.history:
            assert len(hand.bids) == 3 and sum(hand.tricks_won) == len(hand.deal.hands[0])


def test_the_levels_together_play_games_of_three_to_the_cap() -> None:
    for rules_name in ("cutthroat3", "jokers"):
        rules, scores = THREE_RULES[rules_name]
        lineup: list[Player] = [HardPlayer(), EasyPlayer(), ExpertPlayer(deals=3)]
        state = play_checked(rules, scores, lineup, random.Random(rules_name), hands=3)
        assert state.is_over and state.result is not None
        assert state.result.winner is None or state.result.winner in (N, E, S)


# -- what a seat knows at a table of three ---------------------------------------------------------


@pytest.mark.parametrize(("deck", "tricks"), [("standard", 17), ("jokers", 18)])
def test_a_seat_of_three_knows_two_opponents_and_its_hand_size(deck: str, tricks: int) -> None:
    rules = THREE.evolve(deck=deck)
    state = apply(
        new_game(rules, scores=(10, 20, 30), bags=(1, 2, 3)), Deal.random(random.Random(1), rules)
    )
    seen = read_view(view(state, E))
    assert (seen.players, seen.tricks_per_hand) == (3, tricks)
    assert seen.partner is None and seen.team == 1
    assert seen.opponents == (2, 0)  # South, then North
    assert (seen.scores, seen.bags) == ((10, 20, 30), (1, 2, 3))
    assert seen.sizes == (tricks, tricks, tricks)
    assert len(seen.voids) == len(seen.played_by) == len(seen.known) == len(seen.bids) == 3
    # The cards East cannot see are the two other hands: 34 (or 36) cards.
    assert seen.unseen.bit_count() == 2 * tricks
    assert seen.cards(seen.unseen) == state.holding_masks[0] | state.holding_masks[2]


# -- imagined deals --------------------------------------------------------------------------------


def _positions(rules: RuleSet, rng: random.Random, games: int) -> list[GameState]:
    """States from random hands of ``rules``: during the bidding and the play."""
    found = []
    for _ in range(games):
        state = apply(new_game(rules), Deal.random(rng, rules))
        stop = rng.randrange(60)
        while state.phase in (Phase.BIDDING, Phase.PLAY) and stop:
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
            stop -= 1
            if rng.random() < 0.15:
                found.append(state)
        found.append(state)
    return [state for state in found if state.phase in (Phase.BIDDING, Phase.PLAY)]


def _suit_masks(rules: RuleSet) -> list[int]:
    """Each suit's cards as the deck plays them, from the cards' texts: the jokers are spades."""
    masks = [0, 0, 0, 0]
    for card in CARDS:
        masks[3 if card.is_joker else "cdhs".index(str(card)[1])] |= card.mask
    return masks


def _voids(state: GameState) -> list[int]:
    """Per seat in play, the suits (as bits) it showed out of by not following the led suit."""
    voids = [0] * state.rules.players
    tricks = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    for trick in tricks:
        if trick.cards:
            for seat, card in trick.plays:
                if Trick(seat, [card], deck=trick.deck).led_suit is not trick.led_suit:
                    voids[int(seat)] |= 1 << int(trick.led_suit)
    return voids


@pytest.mark.parametrize("deck", ["standard", "jokers"])
def test_imagined_deals_of_three_hold_the_right_counts_and_no_card_seen_elsewhere(
    deck: str,
) -> None:
    rules = CUTTHROAT.evolve(deck=deck)
    rng = random.Random(deck)
    suits = _suit_masks(rules)
    checked = voided = 0
    for state in _positions(rules, rng, 40):
        truth = state.holding_masks
        voids = _voids(state)
        voided += sum(bin(void).count("1") for void in voids)
        for seat in rules.seats:
            seen = read_view(view(state, seat))
            # What the seat has seen elsewhere: its own cards and every card played.
            own, played = truth[seat], state.played.mask
            for holdings in imagine_deals(seen, 3, rng, weighted=True):
                dealt = [seen.cards(held) for held in holdings]
                assert len(dealt) == 3
                assert dealt[seat] == own
                assert [hand.bit_count() for hand in dealt] == [
                    len(hand) for hand in state.holdings
                ]
                assert dealt[0] & dealt[1] == dealt[0] & dealt[2] == dealt[1] & dealt[2] == 0
                assert dealt[0] | dealt[1] | dealt[2] == truth[0] | truth[1] | truth[2]
                for other in rules.seats:
                    if other != seat:
                        assert dealt[other] & (own | played) == 0
                        for suit in range(4):
                            if voids[other] >> suit & 1:
                                assert dealt[other] & suits[suit] == 0
                checked += 1
    assert checked > 300 and voided > 20


def test_uniform_deals_of_three_spread_a_card_evenly_over_the_two_other_seats() -> None:
    rng = random.Random(2)
    state = apply(new_game(THREE), Deal.random(rng, THREE))
    seen = read_view(view(state, N))
    card = next(index for index in range(1, 52) if not seen.hand >> index & 1)
    counts = [0, 0, 0]
    for holdings in imagine_deals(seen, 2000, rng):
        assert len(holdings) == 3
        for seat in range(3):
            counts[seat] += holdings[seat] >> card & 1
    assert counts[0] == 0
    assert 900 < counts[1] < 1100 and counts[1] + counts[2] == 2000


def test_a_deal_of_three_with_a_seat_out_of_every_suit_is_refused() -> None:
    rng = random.Random(1)
    state = apply(new_game(THREE), Deal.random(rng, THREE))
    seen = read_view(view(state, N))
    seen.voids = [0, 0b1111, 0b1111]
    with pytest.raises(ValueError, match="No deal of the unseen cards"):
        imagine_deal(seen, rng)


# -- the playouts ----------------------------------------------------------------------------------


def _replays_on_the_engine(state: GameState, rng: random.Random) -> None:
    """The playout from ``state`` (its first card any legal one, half the time) plays only cards
    the engine allows there, card for card, and the engine gives each seat its tricks."""
    trick = state.current_trick
    assert trick is not None
    first_card = -1
    if rng.random() < 0.5:
        first_card = rng.choice(legal_actions(state)).card.index  # type: ignore[union-attr]
    trace: list[int] = []
    won = play_out(
        table_of(state.rules),
        state.holding_masks,
        [card.index for card in trick.cards],
        int(state.to_act),  # type: ignore[arg-type]
        state.trick_counts,
        state.spades_broken,
        [(bid.tricks, bid.blind) for bid in state.bids if bid is not None] or None,
        first_lead_forced=not state.played and state.rules.first_lead is FirstLead.TWO_OF_CLUBS,
        first_card=first_card,
        trace=trace,
    )
    assert len(won) == 3
    if first_card >= 0:
        assert trace[0] == first_card
    replayed = state
    for card in trace:
        legal = {action.card.index: action for action in legal_actions(replayed)}  # type: ignore[union-attr]
        assert card in legal, f"the playout played an illegal card {card} in {replayed!r}"
        replayed = apply(replayed, legal[card])
    assert replayed.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert replayed.last_hand is not None
    assert list(replayed.last_hand.tricks_won) == won
    assert sum(won) == len(replayed.last_hand.deal.hands[0])


@pytest.mark.parametrize(
    "rules",
    [
        CUTTHROAT,
        CUTTHROAT.evolve(deck="jokers"),
        THREE.evolve(direction="counterclockwise", first_trick="no_spades"),
        THREE.evolve(deck="jokers", must_overtrump=True, spades_breaking="trump_only"),
        CUTTHROAT.evolve(first_trick="lowest_club"),
        CUTTHROAT.evolve(first_hand_trick_points=10),
    ],
    ids=["cutthroat3", "jokers", "counterclockwise", "overtrump", "lowest_club", "unbid"],
)
def test_the_playout_replays_card_for_card_on_the_engine_at_a_table_of_three(
    rules: RuleSet,
) -> None:
    rng = random.Random(repr(rules))
    for _ in range(25):
        state = apply(new_game(rules), Deal.random(rng, rules))
        while state.phase is Phase.BIDDING:
            bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
            nils = [bid for bid in bids if bid.tricks == 0 and not bid.blind]
            small = [bid for bid in bids if 1 <= bid.tricks <= 7 and not bid.blind]
            state = apply(
                state, rng.choice(nils) if nils and rng.random() < 0.2 else rng.choice(small)
            )
        for _ in range(rng.randrange(sum(len(hand) for hand in state.holdings))):
            state = apply(state, rng.choice(legal_actions(state)))
        _replays_on_the_engine(state, rng)


def test_a_hand_of_three_is_valued_against_the_better_of_the_two_others() -> None:
    # Bids 5, 6, 4 and tricks 5, 8, 4: North makes 50, East 60 and 2 bags, South 40.
    rules = THREE
    table = table_of(rules)
    bids = [(5, False), (6, False), (4, False)]
    points = score_hand(rules, [Bid(5), Bid(6), Bid(4)], [5, 8, 4]).points
    assert points == (50, 62, 40)
    scores, bags = (100, 100, 100), (0, 0, 0)
    assert hand_value(table, bids, [5, 8, 4], scores, bags, 0, 1) == 50 - 62
    assert hand_value(table, bids, [5, 8, 4], scores, bags, 1, 1) == 62 - 50
    assert hand_value(table, bids, [5, 8, 4], scores, bags, 2, 1) == 40 - 62
    # East at 450 reaches the target of 500 with this hand and wins the game.
    near = (100, 450, 100)
    assert hand_value(table, bids, [5, 8, 4], near, bags, 1, 1) == 62 - 50 + GAME_BONUS
    assert hand_value(table, bids, [5, 8, 4], near, bags, 0, 1) == 50 - 62 - GAME_BONUS


# -- play and bidding at a table of three ----------------------------------------------------------


@pytest.mark.parametrize("player", [MediumPlayer(), HardPlayer()], ids=repr)
def test_the_third_card_of_a_trick_of_three_is_the_last_and_wins_cheaply(player: Player) -> None:
    # South deals; North leads the five of hearts and East plays the queen. South, holding the
    # ace and the king, is last to a trick of three: the king wins it as surely as the ace.
    state = apply(new_game(THREE, dealer="S"), THREE_HANDS)
    state = at(state, "3", "3", "6", "5H", "QH")
    assert state.to_act is S and len(state.current_trick.cards) == 2  # type: ignore[union-attr]
    assert decide(player, state) == Play("KH", seat=S)


def test_hard_bids_no_nil_at_a_table_of_three() -> None:
    # North's 17 small cards (about 1.3 tricks, no high card, two small spades): alone at a table
    # of four Hard bids nil with a hand this weak by its counts (at most 1.5 tricks and 1.5
    # danger); at a table of three nil lost on every kind of hand (see hard_bid), so it bids a
    # number.
    state = apply(new_game(THREE, dealer="S"), SMALL_NORTH)
    seen = read_view(view(state, N))
    assert count_tricks(seen.hand, seen.deck, 3) < 1.5
    assert nil_danger(seen.hand, seen.deck, 3) < 1.5
    bid = decide(HardPlayer(), state)
    assert isinstance(bid, Bid) and bid.tricks >= 1 and not bid.blind


def test_the_counts_of_a_deal_of_three_add_up_to_about_the_tricks_in_a_hand() -> None:
    # Sound at any table: the three hands' counts of a deal take about the hand's 17 (or 18)
    # tricks between them, on average over many deals, and so do the four of a table of four.
    for rules, tricks in ((THREE, 17), (THREE.evolve(deck="jokers"), 18), (RuleSet(), 13)):
        rng = random.Random(tricks)
        deck = table_of(rules).deck
        totals = []
        for _ in range(400):
            deal = Deal.random(rng, rules)
            totals.append(sum(count_tricks(hand.mask, deck, rules.players) for hand in deal.hands))
        assert abs(sum(totals) / len(totals) - tricks) < 0.4


# -- the arena at a table of three -----------------------------------------------------------------

#: A game of three short enough for a test.
SHORT_THREE = CUTTHROAT.evolve(max_hands=4)


class Bids:
    """Medium, but always bids ``tricks``: its seats can be told from the bids."""

    def __init__(self, tricks: int) -> None:
        self.tricks = tricks
        self.medium = MediumPlayer()

    def __call__(self, seat_view: SeatView, rng: random.Random, /) -> Action:
        if seat_view.phase is Phase.BIDDING:
            for action in seat_view.legal_actions:
                if isinstance(action, Bid) and action.tricks == self.tricks and not action.blind:
                    return action
        return self.medium(seat_view, rng)

    def __repr__(self) -> str:
        return f"Bids({self.tricks})"


def test_a_match_of_three_seats_a_side_in_two_seats_then_one_on_the_same_deals() -> None:
    first, second = duplicate_games(Bids(1), Bids(2), rules=SHORT_THREE, seed=4, index=1)
    assert first.is_over and second.is_over
    expected = list(islice(board_deals(4, 1, SHORT_THREE), 4))
    assert [hand.deal for hand in first.history] == expected[: len(first.history)]
    assert [hand.deal for hand in second.history] == expected[: len(second.history)]
    assert all(len(deal.hands) == 3 for deal in expected)
    # A (bids 1) is North and South at table 1 and East at table 2; B (bids 2) the other seats.
    for hand in first.history:
        assert [bid.tricks for bid in hand.bids] == [1, 2, 1]  # type: ignore[union-attr]
    for hand in second.history:
        assert [bid.tricks for bid in hand.bids] == [2, 1, 2]  # type: ignore[union-attr]
    assert len(first.scores) == len(second.scores) == 3


def test_a_pair_of_three_adds_up_each_sides_players() -> None:
    pair = play_game_pair("hard", "easy", SHORT_THREE, 2, 0)
    first, second = duplicate_games("hard", "easy", rules=SHORT_THREE, seed=2, index=0)

    def points(game: GameState, seats: tuple[Seat, ...]) -> int:
        return sum(hand.score[seat].points for hand in game.history for seat in seats)

    a_points = points(first, (N, S)) + points(second, (E,))
    b_points = points(first, (E,)) + points(second, (N, S))
    assert (pair.a.points, pair.b.points) == (a_points, b_points)
    contracts = sum(
        hand.score[seat].contract > 0 for hand in first.history for seat in (N, S)
    ) + sum(hand.score[E].contract > 0 for hand in second.history)
    assert pair.a.contracts == contracts
    assert pair.a.hands == pair.b.hands == len(first.history) + len(second.history)
    wins = 0
    for game, seats in ((first, (N, S)), (second, (E,))):
        assert game.result is not None
        wins += game.result.winner in seats
    assert pair.a.wins == wins
    assert pair.a.wins + pair.b.wins + pair.a.shared == 2
    assert not pair.partnerships and pair.players == 3


def test_a_match_of_three_says_how_its_sides_sit() -> None:
    with ThreadPoolExecutor(2) as pool:
        result = run_match("medium", "easy", boards=12, seed=3, rules=SHORT_THREE, executor=pool)
    assert result.players == 3 and result.to_dict()["players"] == 3
    assert not result.partnerships
    assert "Three players, each alone: each side is two players at one table" in str(result)
    pairs = [play_game_pair("medium", "easy", SHORT_THREE, 3, i) for i in range(result.pairs)]
    again = MatchResult.of(
        pairs, names=("medium", "easy"), rules=repr(SHORT_THREE), seed=3, boards_asked=12
    )
    assert again == result


def test_hard_beats_easy_at_a_table_of_three() -> None:
    # Duplicate games of cutthroat: Hard scores more per hand than Easy, beyond the 95% interval.
    with ThreadPoolExecutor(1) as pool:
        result = run_match("hard", "easy", boards=120, seed=1, rules=CUTTHROAT, executor=pool)
    assert result.points_per_hand.low is not None and result.points_per_hand.low > 0
    assert result.a.counts.points > result.b.counts.points
    assert result.a.counts.wins > result.b.counts.wins
