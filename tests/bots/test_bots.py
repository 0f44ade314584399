"""The computer players: legal under every rule set, deterministic, blind to what they cannot see,
and playing as source 004 says each level plays."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from module_imports import SRC, module_imports
from spades import (
    PRESETS,
    Bid,
    Deal,
    Discard,
    Draw,
    Exchange,
    GameState,
    Hand,
    Keep,
    Phase,
    Play,
    RuleSet,
    Seat,
    SeatView,
    SpadesError,
    apply,
    apply_counts,
    chance_action,
    find_ruleset,
    is_legal,
    legal_actions,
    new_game,
    view,
)
from spades._kernel.cards import FULL_DECK, SUIT_MASKS
from spades._kernel.deck import STANDARD_LAYOUT
from spades._kernel.play import beaters, trick_winner
from spades._kernel.playout import play_out
from spades._kernel.table import table_of
from spades.bots import EasyPlayer, HardPlayer, Level, MediumPlayer, Player, make_player
from spades.bots.expert import ExpertPlayer
from spades.bots.medium import medium_bid
from spades.bots.seen import read_view
from spades.bots.tactics import count_tricks, for_the_score, nil_danger
from strategies import rulesets


def players() -> list[tuple[str, Player]]:
    """One player of each level; Expert with few imagined deals, to keep the tests quick."""
    return [
        ("easy", EasyPlayer()),
        ("medium", MediumPlayer()),
        ("hard", HardPlayer()),
        ("expert", ExpertPlayer(deals=3)),
    ]


PLAYERS = players()
IDS = [name for name, _ in PLAYERS]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def play_checked(
    state: GameState, player: Player, rng: random.Random, *, hands: int, actions: int = 10_000
) -> GameState:
    """Play ``hands`` hands (or to the game's end) with ``player`` at every seat, checking that
    every action it returns is legal in the state it was asked about."""
    dealt = 0
    for _ in range(actions):
        if state.is_over:
            break
        if state.needs_deal:
            if dealt == hands:
                break
            state = apply(state, Deal.random(rng, state.rules))
            dealt += 1
            continue
        seat = state.to_act
        assert seat is not None
        action = player(view(state, seat), rng)
        assert is_legal(state, action), (state, action)
        state = apply(state, action)
    return state


# -- legal everywhere ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize("preset", [preset.name for preset in PRESETS])
def test_every_level_plays_legally_under_every_preset(
    name: str, player: Player, preset: str
) -> None:
    hands = 1 if name == "expert" else 4
    state = play_checked(new_game(preset), player, random.Random(preset), hands=hands)
    assert state.hand_number >= hands or state.is_over


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(rules=rulesets(max_exchange=4), seed=st.integers(0, 2**32))
def test_every_level_plays_legally_under_random_rules(
    name: str, player: Player, rules: object, seed: int
) -> None:
    play_checked(new_game(rules), player, random.Random(seed), hands=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_blind_nil_and_its_exchange_far_behind(name: str, player: Player) -> None:
    """Far behind under pagat's rules (blind nil 100 behind, two cards exchanged), North plays at
    the level under test beside a Hard South, who bids blind nil: North passes its two cards,
    legally, and the hand is played out."""
    rng = random.Random(5)
    state = apply(new_game("pagat", scores=(-150, 300)), Deal.random(rng))
    seats = {Seat.N: player, Seat.E: HardPlayer(), Seat.S: HardPlayer(), Seat.W: HardPlayer()}
    while not state.needs_deal:
        seat = state.to_act
        assert seat is not None
        action = seats[seat](view(state, seat), rng)
        assert is_legal(state, action), (state, action)
        state = apply(state, action)
    done = state.last_hand
    assert done is not None
    assert done.bids[Seat.S] == Bid.BLIND_NIL.for_seat(Seat.S) or done.bids[Seat.N].blind
    givers = [giver for giver, _cards in done.exchanges]
    assert Seat.N in givers and len(done.exchanges) == 2


def test_the_cards_that_beat_a_card_are_those_the_trick_winner_prefers() -> None:
    # Every pair: a card beats the one winning a trick exactly when trick_winner says the card
    # played after it takes the trick (a higher card of its suit, or a spade over a non-spade).
    for best in range(52):
        beating = beaters(FULL_DECK, best)
        for card in range(52):
            if card != best:
                assert bool(beating >> card & 1) == (trick_winner((best, card)) == 1)
        assert STANDARD_LAYOUT.above[best] == beating & SUIT_MASKS[best // 13]


# -- the protocol ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_same_view_and_generator_state_give_the_same_action(name: str, player: Player) -> None:
    rng = random.Random(3)
    state = apply(new_game(), Deal.random(rng))
    for _ in range(30):
        if state.needs_deal or state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        seen = view(state, seat)
        first = player(seen, random.Random(11))
        assert player(seen, random.Random(11)) == first
        assert player(pickle.loads(pickle.dumps(seen)), random.Random(11)) == first
        state = apply(state, first)


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_players_are_players_and_survive_pickling(name: str, player: Player) -> None:
    assert isinstance(player, Player)
    copy = pickle.loads(pickle.dumps(player))
    assert copy == player
    assert eval(repr(player), {**vars(__import__("spades.bots", fromlist=["*"]))}) == player


def _drawer_after_a_keep() -> tuple[GameState, Seat]:
    """A two-handed game just after the drawer kept its card: its seat is still to act (the next
    card is drawn for it), with nothing it may do yet."""
    state = new_game("two_player")
    state = apply(state, Draw("Qh"))
    seat = state.to_act
    assert seat is not None
    state = apply(state, Keep())
    assert state.needs_draw and state.to_act is seat
    return state, seat


def _nothing_to_do() -> list[tuple[str, SeatView, str]]:
    drawing, drawer = _drawer_after_a_keep()
    over = apply_counts(new_game("standard", scores=(490, 0)), [4, 3, 3, 3], [5, 3, 2, 3])
    assert over.is_over
    return [
        (
            "a new game",
            view(new_game(), Seat.N),
            "It is not North's turn: there is nothing for it to do.",
        ),
        (
            "the other seat in the draw",
            view(drawing, Seat.N if drawer is Seat.E else Seat.E),
            f"It is not {(Seat.N if drawer is Seat.E else Seat.E).full_name}'s turn: there is "
            "nothing for it to do.",
        ),
        (
            "the drawer after a keep",
            view(drawing, drawer),
            f"{drawer.full_name} is to draw a card: there is nothing for it to do until it is "
            "drawn.",
        ),
        (
            "the game over",
            view(over, Seat.S),
            "The game is over: there is nothing for South to do.",
        ),
    ]


NOTHING_TO_DO = _nothing_to_do()


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize(
    ("seen", "sentence"),
    [case[1:] for case in NOTHING_TO_DO],
    ids=[case[0] for case in NOTHING_TO_DO],
)
def test_every_level_refuses_a_view_with_nothing_to_do_alike(
    name: str, player: Player, seen: SeatView, sentence: str
) -> None:
    """The protocol calls a player at its seat's turn; a view with no legal action (even the
    drawer's, whose my_turn is true while its next card is drawn) is refused with one sentence,
    the same from every level, and the generator is left as it was."""
    assert not seen.legal_actions
    rng = random.Random(5)
    before = random.Random(5).getstate()
    with pytest.raises(SpadesError) as caught:
        player(seen, rng)
    assert type(caught.value) is SpadesError
    assert caught.value.reason == "not_my_turn"
    assert caught.value.message == sentence
    assert rng.getstate() == before


def _not_views() -> list[tuple[str, object]]:
    state = apply(new_game(), Deal.random(3))
    return [
        ("a GameState", state),
        ("a generator", (action for action in legal_actions(state))),
        ("None", None),
        ("the view's JSON", view(state, Seat.E).to_dict()),
        ("a level", Level.HARD),
    ]


NOT_VIEWS = _not_views()


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize("given", [case[1] for case in NOT_VIEWS], ids=[c[0] for c in NOT_VIEWS])
def test_every_level_refuses_what_is_not_a_view_alike(
    name: str, player: Player, given: object
) -> None:
    """A computer player never receives a GameState (it could see every hand): given one, or
    anything else that is not a seat's view, every level refuses it with the same sentence."""
    with pytest.raises(SpadesError) as caught:
        player(given, random.Random(5))  # type: ignore[arg-type]
    error = caught.value
    assert type(error) is SpadesError and error.reason == "bad_view"
    assert error.message.startswith(
        "A computer player is given a seat's view (a SeatView, as view(state, seat) gives), not "
    )
    assert error.message.endswith(".") and "\n" not in error.message
    assert error.message == _refusal(EasyPlayer(), given)


def _refusal(player: Player, given: object) -> str:
    with pytest.raises(SpadesError) as caught:
        player(given, random.Random(5))  # type: ignore[arg-type]
    return caught.value.message


def test_make_player_by_level_and_by_name() -> None:
    assert isinstance(make_player(Level.EASY), EasyPlayer)
    assert isinstance(make_player("Medium"), MediumPlayer)
    assert isinstance(make_player(" hard "), HardPlayer)
    assert isinstance(make_player("expert"), ExpertPlayer)
    with pytest.raises(
        SpadesError, match="easy, medium, hard or expert, not 'grandmaster'"
    ) as info:
        make_player("grandmaster")
    assert info.value.reason == "bad_level"


def test_easy_refuses_a_random_rate_that_is_not_a_fraction() -> None:
    with pytest.raises(SpadesError, match=r"fraction from 0 to 1, not 1\.5") as info:
        EasyPlayer(1.5)
    assert info.value.reason == "bad_player"


# -- blind to what the seat cannot see -------------------------------------------------------------


def redealt(state: GameState, seat: Seat, rng: random.Random) -> GameState | None:
    """The same game with the cards ``seat`` cannot see dealt differently among the other hands:
    pairs of unplayed cards swapped between two other seats, the swap kept when the whole game
    replays legally (so each seat's voids and spade leads stay true). None when no swap holds."""
    actions = state.actions
    deal = next(action for action in actions if isinstance(action, Deal))
    start = actions.index(deal)
    known = 0
    for action in actions[start:]:
        if isinstance(action, Exchange) and action.seat in (seat, seat.partner):
            known |= action.cards.mask
    others = [other for other in Seat if other is not seat]
    for _ in range(40):
        first, second = rng.sample(others, 2)
        a = [c for c in state.holding(first) if not known >> c.index & 1]
        b = [c for c in state.holding(second) if not known >> c.index & 1]
        if not a or not b:
            continue
        card_a, card_b = rng.choice(a), rng.choice(b)
        hands = [hand.mask for hand in deal.hands]
        # The cards may have moved in an exchange since the deal: swap them where they were dealt.
        holder_a = next(s for s in Seat if hands[s] >> card_a.index & 1)
        holder_b = next(s for s in Seat if hands[s] >> card_b.index & 1)
        if holder_a is holder_b or seat in (holder_a, holder_b):
            continue
        hands[holder_a] ^= 1 << card_a.index | 1 << card_b.index
        hands[holder_b] ^= 1 << card_a.index | 1 << card_b.index
        other = new_game(state.rules) if start == 0 else actions_state(state, start)
        try:
            other = apply(other, Deal(tuple(Hand.from_mask(mask) for mask in hands)))
            for action in actions[start + 1 :]:
                other = apply(other, action)
        except SpadesError:
            continue
        return other
    return None


def actions_state(state: GameState, count: int) -> GameState:
    """The state after the first ``count`` actions of ``state``'s game."""
    back = state
    for _ in range(len(state.actions) - count):
        assert back.previous is not None
        back = back.previous
    return back


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32),
    moves=st.integers(4, 45),
    preset=st.sampled_from(["standard", "pagat"]),
)
def test_a_decision_does_not_change_when_unseen_cards_are_redealt(
    name: str, player: Player, seed: int, moves: int, preset: str
) -> None:
    rng = random.Random(seed)
    state = new_game(preset)
    for _ in range(moves):
        if state.needs_deal:
            state = apply(state, Deal.random(rng, state.rules))
        elif not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = apply(state, player(view(state, seat), rng))
    if state.needs_deal or state.is_over:
        return
    seat = state.to_act
    assert seat is not None
    other = redealt(state, seat, rng)
    if other is None:
        return
    assert other.holdings != state.holdings
    assert view(other, seat) == view(state, seat)
    assert player(view(other, seat), random.Random(seed)) == player(
        view(state, seat), random.Random(seed)
    )


# -- how each level plays, as source 004 describes it ----------------------------------------------

#: North has a powerhouse, South a weak hand fit for nil.
STRONG_AND_WEAK = Deal(
    ("AKQJ.AK2.AK2.AK2", "T98.QJT9.QJT9.QJ", "432.8765.8765.T9", "765.43.43.876543")
)
#: Hearts: East A K J T, North Q 4, South 9 5, West 8 7 6 3 2.
HEARTS_SPLIT = Deal(
    ("AKQJT.Q4.AKQ.AKQ", "987.AKJT.JT9.JT9", "32.95.8765.87654", "654.87632.432.32")
)
#: Hearts: North K Q 2, East J T 9, South 8 7 6 5 4, West A 3.
PARTNER_ACE = Deal(("AKQJ.KQ2.AKQ.AKQ", "T98.JT9.JT98.JT9", "76.87654.765.876", "5432.A3.432.5432"))


def at(state: GameState, *moves: str) -> GameState:
    """``state`` after the bids and cards ``moves`` (seats implied by the turn)."""
    for move in moves:
        state = apply(state, Bid.parse(move) if state.phase is Phase.BIDDING else Play(move))
    return state


def dealt(deal: Deal, preset: str = "standard", **standing: object) -> GameState:
    return apply(new_game(preset, **standing), deal)  # type: ignore[arg-type]


def decide(player: Player, state: GameState) -> object:
    seat = state.to_act
    assert seat is not None
    return player(view(state, seat), random.Random(0))


def test_medium_bids_by_counting_high_cards_and_spades() -> None:
    # Source 004's tips: count aces, kings with another card of the suit and high spades (ten
    # sure tricks here), and bid a little under what you expect.
    assert 8 <= medium_bid(Hand("AKQJ.AK2.AK2.AK2").mask) <= 10
    assert medium_bid(Hand("432.8765.8765.T9").mask) == 1
    # Long spades take tricks that high cards in a side suit of the same length do not.
    assert count_tricks(Hand("AKQ9876.2.2.32").mask) > count_tricks(Hand("2.AKQ9876.32.2").mask)


def test_medium_plays_low_when_its_partner_is_already_winning() -> None:
    # East leads the jack of hearts and South plays low: West, whose partner is winning, holds
    # the ace and the three, and plays the three.
    state = at(dealt(PARTNER_ACE), "3", "1", "2", "7", "JH", "4H")
    assert decide(MediumPlayer(), state) == Play("3H", seat=Seat.W)


def test_medium_wins_as_cheaply_as_it_can_when_last() -> None:
    # North, last to the jack of hearts, holds the king, queen and two: the queen wins.
    state = at(dealt(PARTNER_ACE), "3", "1", "2", "7", "JH", "4H", "3H")
    assert decide(MediumPlayer(), state) == Play("QH", seat=Seat.N)


def test_hard_bids_nil_with_a_weak_hand_and_not_with_a_strong_one() -> None:
    state = at(dealt(STRONG_AND_WEAK), "3")  # East bids 3; South holds 432.8765.8765.T9
    assert decide(HardPlayer(), state) == Bid.NIL.for_seat(Seat.S)
    state = at(state, "nil", "2")
    north = decide(HardPlayer(), state)
    assert isinstance(north, Bid) and north.tricks >= 8


def test_hard_bids_blind_nil_far_behind_when_the_rules_allow() -> None:
    # Under pagat's rules a team 100 or more behind may bid blind nil: North-South are 300
    # behind, and South bids it, its partner not having bid nil.
    behind = at(dealt(STRONG_AND_WEAK, "pagat", scores=(0, 300)), "3")
    assert decide(HardPlayer(), behind) == Bid.BLIND_NIL.for_seat(Seat.S)
    level = at(dealt(STRONG_AND_WEAK, "pagat"), "3")
    assert decide(HardPlayer(), level) == Bid.NIL.for_seat(Seat.S)


def test_hard_protects_its_partners_nil() -> None:
    # South deals, so West leads; North plays second to West's three of hearts, holding the
    # queen and four with the ace and king unseen. Normally second hand plays low; with its
    # partner South (to play after it) bid nil, North covers with the queen.
    for south, card in (("nil", "QH"), ("2", "4H")):
        state = at(dealt(HEARTS_SPLIT, dealer="S"), "2", "6", "4", south, "3H")
        assert decide(HardPlayer(), state) == Play(card, seat=Seat.N), south


def test_hard_tries_to_make_the_rivals_nil_fail() -> None:
    # North wins the first trick with the ace of clubs and leads. With East's nil to break it
    # leads its lowest card in a suit East holds; against a bid of 3 it cashes a winner.
    for east, card in (("nil", "4H"), ("3", "AD")):
        state = at(dealt(HEARTS_SPLIT, dealer="S"), "2", "6", east, "2", "2C", "AC", "9C", "4C")
        assert decide(HardPlayer(), state) == Play(card, seat=Seat.N), east


def test_hard_avoids_extra_tricks_once_its_bid_is_made() -> None:
    # North and South bid 1 each and North takes the first two tricks: their bid is made, and
    # East-West's 6 is out of reach of a set, so North leads the card most likely to lose (the
    # four of hearts, nine hearts out above it). With 6 bid it leads a winner instead.
    for north, bag_shedding in (("1", True), ("6", False)):
        state = at(dealt(HEARTS_SPLIT, dealer="S"), "2", north, "4", "1")
        state = at(state, "2C", "AC", "9C", "4C", "AD", "9D", "5D", "2D")
        play = decide(HardPlayer(), state)
        assert (play == Play("4H", seat=Seat.N)) is bag_shedding, north


def opening_bids(player: Player, rules: str | RuleSet, **standing: object) -> list[int]:
    """The player's bid as the first bidder (East) on 60 seeded deals, from a given standing."""
    bids = []
    for number in range(60):
        state = apply(new_game(rules, **standing), Deal.random(number, rules))  # type: ignore[arg-type]
        bid = decide(player, state)
        assert isinstance(bid, Bid)
        bids.append(bid.tricks if not bid.is_nil else -1)
    return bids


@pytest.mark.parametrize("player", [MediumPlayer(), HardPlayer()], ids=repr)
def test_medium_and_hard_read_the_score_when_they_bid(player: Player) -> None:
    usual = opening_bids(player, "standard")
    # East-West with 8 bags: every overtrick now costs, so it bids up, never down.
    bagged = opening_bids(player, "standard", bags=(0, 8))
    assert all(b >= u for b, u in zip(bagged, usual)) and bagged != usual
    # Near the target a set would lose the game: it bids safe, never higher.
    near = opening_bids(player, "standard", scores=(0, 460))
    assert all(n <= u or u == -1 for n, u in zip(near, usual)) and near != usual
    # Near the losing score likewise.
    floor = RuleSet(losing_score=-200)
    usual = opening_bids(player, floor)
    sinking = opening_bids(player, floor, scores=(0, -150))
    assert all(d <= u or u == -1 for d, u in zip(sinking, usual)) and sinking != usual


# -- four players alone (partnerships False) -------------------------------------------------------


# house-rules.md section 3, "4-player individual: four players with no partnerships". Alone a
# player has no partner: every other seat is an opponent, its contract is its own bid, its score and
# bags are its own. So a computer player alone never covers another player's nil nor leaves a trick
# to another seat, bids for its own contract, and values a playout for its own seat.

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


def play_lineup(
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


def in_both(
    deal: Deal, *, dealer: str = "N", scores: tuple[int, int] = (0, 0)
) -> tuple[GameState, GameState]:
    """``deal`` dealt by ``dealer`` under the standard rules (partnerships) and under the same
    rules alone; alone North and East start from the teams' ``scores`` (NS, EW), South and West
    from 0."""
    together = apply(new_game(RuleSet(), dealer=dealer, scores=scores), deal)
    alone = apply(
        new_game(RuleSet(partnerships=False), dealer=dealer, scores=(*scores, 0, 0)), deal
    )
    return together, alone


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize("rules_name", sorted(SOLO_RULES))
def test_every_level_plays_legally_in_whole_solo_games(
    name: str, player: Player, rules_name: str
) -> None:
    rules, scores = SOLO_RULES[rules_name]
    for seed in range(2 if name == "expert" else 3):
        rng = random.Random(f"{name}/{rules_name}/{seed}")
        state = play_lineup(rules, scores, [player] * 4, rng, hands=2 if name == "expert" else 4)
        assert len(state.history) >= 2
        assert len(state.scores) == 4


def test_the_levels_together_play_solo_games_to_the_cap() -> None:
    lineup: list[Player] = [HardPlayer(), EasyPlayer(), ExpertPlayer(deals=3), MediumPlayer()]
    rules, scores = SOLO_RULES["blind_nil"]
    state = play_lineup(rules, scores, lineup, random.Random(7), hands=10)
    assert state.is_over and state.result is not None
    assert state.result.winner is None or isinstance(state.result.winner, Seat)


def test_a_seat_alone_has_no_partner_and_reads_its_own_score() -> None:
    state = apply(
        new_game(RuleSet(partnerships=False), scores=(10, 20, 30, 40), bags=(1, 2, 3, 4)),
        STRONG_AND_WEAK,
    )
    seen = read_view(view(state, E))
    assert seen.partner is None
    assert seen.team == 1  # E's own side, the index into the per-player scores
    assert seen.opponents == (2, 3, 0)
    assert (seen.scores, seen.bags) == ((10, 20, 30, 40), (1, 2, 3, 4))
    together = read_view(view(apply(new_game(RuleSet()), STRONG_AND_WEAK), E))
    assert (together.partner, together.team, together.opponents) == (3, 1, (2, 0))


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


def test_hard_alone_sheds_tricks_once_its_own_bid_is_made() -> None:
    # West 2, North 1, East 4, South 6; North takes the first two tricks. With South its partner
    # the team's 7 needs five more tricks, so North cashes a winner; alone North's own 1 is made
    # and nobody is near a set, so it leads the card most likely to lose, the four of hearts.
    together, alone = in_both(HEARTS_SPLIT, dealer="S")
    moves = ("2", "1", "4", "6", "2C", "AC", "9C", "4C", "AD", "9D", "5D", "2D")
    assert decide(HardPlayer(), at(together, *moves)) != Play("4H", seat=N)
    assert decide(HardPlayer(), at(alone, *moves)) == Play("4H", seat=N)


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


# -- three players (cutthroat) ---------------------------------------------------------------------


# house-rules.md section 3: "Cutthroat (3 players): remove 2♣, deal 17 each, everyone plays alone.
# Optional: total bids ≠ 17. A 54-card version (with jokers) deals 18 each." The three players sit
# at North, East and South; play goes round N, E, S and a trick is complete at three cards. So a
# computer player at a table of three has two opponents and no partner.

#: Rule sets of three, each with a cap on hands, and the standing each game starts from (far
#: enough apart that blind nil is allowed where it is an option).
THREE_RULES = {
    "cutthroat3": (find_ruleset("cutthroat3").evolve(max_hands=3), (0, 0, 0)),
    "jokers": (find_ruleset("cutthroat3").evolve(deck="jokers", max_hands=3), (0, 0, 0)),
    "total_not_17": (
        RuleSet(players=3, partnerships=False).evolve(forbid_total_of_13=True, max_hands=3),
        (0, 0, 0),
    ),
    "blind_nil": (
        RuleSet(players=3, partnerships=False).evolve(
            blind_nil=True, blind_nil_min_deficit=100, max_hands=3
        ),
        (250, 0, -60),
    ),
    "counterclockwise": (
        RuleSet(players=3, partnerships=False).evolve(direction="counterclockwise", max_hands=3),
        (0, 0, 0),
    ),
    # skullwink's special bids, ordinary bids to the players: 1 for 50, 2 for 40, and blind 6
    # for South, 60 behind the leader.
    "skullwink": (find_ruleset("skullwink").evolve(max_hands=3), (100, 60, 40)),
}


#: 51 cards, the two of clubs out: North 65432 of spades, the 5 to 2 of hearts, the ace to the
#: eight of diamonds and the three of clubs; East T987 of spades, QJT9 of hearts; South the
#: ace to the jack of spades, AK876 of hearts, no diamond and the seven of clubs up.
THREE_HANDS = Deal(("65432.5432.AKQJT98.3", "T987.QJT9.765432.654", "AKQJ.AK876.-.AKQJT987"))


#: North holds only small cards, spread over the suits (17 of them, about 1.3 tricks).
SMALL_NORTH = Deal(("32.65432.65432.76543", "AKQJT98.KQJ.KQJ.AKQJ", "7654.AT987.AT987.T98"))


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
@pytest.mark.parametrize("rules_name", sorted(THREE_RULES))
def test_every_level_plays_legally_in_whole_games_of_three(
    name: str, player: Player, rules_name: str
) -> None:
    rules, scores = THREE_RULES[rules_name]
    for seed in range(1 if name == "expert" else 3):
        rng = random.Random(f"{name}/{rules_name}/{seed}")
        state = play_lineup(rules, scores, [player] * 3, rng, hands=3)
        assert state.is_over  # max_hands 3: the game ends by the third hand
        assert 1 <= len(state.history) <= 3
        for hand in state.history:
            assert len(hand.bids) == 3 and sum(hand.tricks_won) == len(hand.deal.hands[0])


def test_the_levels_together_play_games_of_three_to_the_cap() -> None:
    for rules_name in ("cutthroat3", "jokers"):
        rules, scores = THREE_RULES[rules_name]
        lineup: list[Player] = [HardPlayer(), EasyPlayer(), ExpertPlayer(deals=3)]
        state = play_lineup(rules, scores, lineup, random.Random(rules_name), hands=3)
        assert state.is_over and state.result is not None
        assert state.result.winner is None or state.result.winner in (N, E, S)


@pytest.mark.parametrize(("deck", "tricks"), [("standard", 17), ("jokers", 18)])
def test_a_seat_of_three_knows_two_opponents_and_its_hand_size(deck: str, tricks: int) -> None:
    rules = RuleSet(players=3, partnerships=False).evolve(deck=deck)
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


@pytest.mark.parametrize("player", [MediumPlayer(), HardPlayer()], ids=repr)
def test_the_third_card_of_a_trick_of_three_is_the_last_and_wins_cheaply(player: Player) -> None:
    # South deals; North leads the five of hearts and East plays the queen. South, holding the
    # ace and the king, is last to a trick of three: the king wins it as surely as the ace.
    state = apply(new_game(RuleSet(players=3, partnerships=False), dealer="S"), THREE_HANDS)
    state = at(state, "3", "3", "6", "5H", "QH")
    assert state.to_act is S and len(state.current_trick.cards) == 2  # type: ignore[union-attr]
    assert decide(player, state) == Play("KH", seat=S)


def test_hard_bids_no_nil_at_a_table_of_three() -> None:
    # North's 17 small cards (about 1.3 tricks, no high card, two small spades): alone at a table
    # of four Hard bids nil with a hand this weak by its counts (at most 1.5 tricks and 1.5
    # danger); at a table of three nil lost on every kind of hand (see hard_bid), so it bids a
    # number.
    state = apply(new_game(RuleSet(players=3, partnerships=False), dealer="S"), SMALL_NORTH)
    seen = read_view(view(state, N))
    assert count_tricks(seen.hand, seen.deck, 3) < 1.5
    assert nil_danger(seen.hand, seen.deck, 3) < 1.5
    bid = decide(HardPlayer(), state)
    assert isinstance(bid, Bid) and bid.tricks >= 1 and not bid.blind


def test_the_counts_of_a_deal_of_three_add_up_to_about_the_tricks_in_a_hand() -> None:
    # Sound at any table: the three hands' counts of a deal take about the hand's 17 (or 18)
    # tricks between them, on average over many deals, and so do the four of a table of four.
    three = RuleSet(players=3, partnerships=False)
    for rules, tricks in ((three, 17), (three.evolve(deck="jokers"), 18), (RuleSet(), 13)):
        rng = random.Random(tricks)
        deck = table_of(rules).deck
        totals = []
        for _ in range(400):
            deal = Deal.random(rng, rules)
            totals.append(sum(count_tricks(hand.mask, deck, rules.players) for hand in deal.hands))
        assert abs(sum(totals) / len(totals) - tricks) < 0.4


# -- two players (two_player): the draw ------------------------------------------------------------


# Two-handed Spades (preset two_player): the draw decided by every level, and the bids of two.


def play_drawn(
    state: GameState, player: Player, rng: random.Random, *, hands: int
) -> tuple[GameState, list[GameState]]:
    """Play ``hands`` hands (or to the game's end) with ``player`` at both seats, every card drawn
    by ``chance_action`` and kept or discarded by the player; every action the player returns
    is checked legal. Returns the last state and every state a seat was asked about."""
    asked: list[GameState] = []
    started = 0
    while not state.is_over:
        if state.needs_draw:
            if state.needs_deal:  # the first card of a hand
                if started == hands:
                    break
                started += 1
            state = apply(state, chance_action(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        action = player(view(state, seat), rng)
        assert is_legal(state, action), (state, action)
        asked.append(state)
        state = apply(state, action)
    return state, asked


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_every_level_draws_bids_and_plays_legally_at_two(name: str, player: Player) -> None:
    hands = 1 if name == "expert" else 3
    state, asked = play_drawn(new_game("two_player"), player, random.Random(name), hands=hands)
    assert state.hand_number >= hands or state.is_over
    draws = [s for s in asked if s.phase is Phase.DRAW]
    # 13 choices a seat a hand: each turn draws one card to choose on and one that goes by.
    assert len(draws) == 26 * hands
    for drawn in draws:
        assert set(legal_actions(drawn)) == {Keep(seat=drawn.to_act), Discard(seat=drawn.to_act)}


@pytest.mark.parametrize(("name", "player"), PLAYERS, ids=IDS)
def test_a_draw_decision_depends_on_the_view_and_the_generator_only(
    name: str, player: Player
) -> None:
    _, asked = play_drawn(new_game("two_player"), player, random.Random(7), hands=1)
    for state in [s for s in asked if s.phase is Phase.DRAW][:8]:
        seat_view = view(state, state.to_act)  # type: ignore[arg-type]
        first = player(seat_view, random.Random(3))
        assert player(seat_view, random.Random(3)) == first
        assert isinstance(first, (Keep, Discard))


def test_the_levels_keep_the_ace_of_spades_and_hard_discards_a_deuce() -> None:
    rng = random.Random(1)
    state = new_game("two_player")
    # The first card drawn goes to East (North deals): the ace of spades, then the two of clubs.
    ace = apply(state, Draw("As"))
    assert ace.to_act is Seat.E and ace.drawn_card is not None
    for player in (MediumPlayer(), HardPlayer(), ExpertPlayer(deals=3)):
        assert player(view(ace, Seat.E), rng) == Keep(seat=Seat.E)
    deuce = apply(state, Draw("2c"))
    for player in (MediumPlayer(), HardPlayer(), ExpertPlayer(deals=3)):
        assert player(view(deuce, Seat.E), rng) == Discard(seat=Seat.E)


def test_easy_keeps_spades_and_high_cards_most_of_the_time() -> None:
    state = new_game("two_player")
    easy = EasyPlayer()
    rng = random.Random(2)
    spade = view(apply(state, Draw("3s")), Seat.E)
    low = view(apply(state, Draw("4h")), Seat.E)
    kept = sum(easy(spade, rng) == Keep(seat=Seat.E) for _ in range(400))
    thrown = sum(easy(low, rng) == Discard(seat=Seat.E) for _ in range(400))
    assert 250 < kept < 350 and 250 < thrown < 350  # three times in four


def test_bids_at_two_add_up_to_about_the_thirteen_tricks() -> None:
    rng = random.Random(8)
    totals = []
    for _ in range(40):
        state = new_game("two_player")
        while state.phase is not Phase.PLAY:
            if state.needs_draw:
                state = apply(state, chance_action(state, rng))
                continue
            seat = state.to_act
            assert seat is not None
            state = apply(state, HardPlayer()(view(state, seat), rng))
        totals.append(sum(bid.tricks for bid in state.bids if bid is not None))
    assert 10 <= sum(totals) / len(totals) <= 13
    assert max(totals) <= 13


def test_the_count_at_two_reads_a_random_hand_as_weaker_than_a_drawn_one() -> None:
    rng = random.Random(9)
    counts = []
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        counts.append(count_tricks(sum(1 << card for card in deck[:13]), players=2))
    # A hand dealt at random is weaker than one chosen in the draw, which takes 6.5 tricks on
    # average: by the count, about 4.2.
    assert 3.5 < sum(counts) / len(counts) < 5


# -- the layers: what the computer players import --------------------------------------------------

#: What a computer player may import of the package (besides its own modules): the top level, the
#: views, the phase, the rules, the cards and hands, the actions, the errors, the text helpers and
#: the kernel.
BOTS_MAY_IMPORT = (
    "spades",
    "spades.views",
    "spades.phase",
    "spades.rules",
    "spades.cards",
    "spades.hands",
    "spades.actions",
    "spades.errors",
    "spades._text",
    "spades._kernel",
    "spades.bots",
)


def _within(module: str, allowed: tuple[str, ...]) -> bool:
    return any(module == base or module.startswith(base + ".") for base in allowed[1:]) or (
        module == allowed[0]
    )


@pytest.mark.parametrize("path", sorted((SRC / "bots").glob("*.py")), ids=lambda path: path.name)
def test_the_bots_import_only_the_core_they_may_and_no_private_names(path: Path) -> None:
    """No state, engine, legality or transitions, no records or front ends: only the modules of
    ``BOTS_MAY_IMPORT`` (and the standard library); nothing imported inside a function; no
    other module's underscore names; and no module over 600 lines."""
    for module, names, at_top in module_imports(path):
        assert at_top, f"{path.name} imports {module} inside a function"
        if module.split(".")[0] == "spades":
            assert _within(module, BOTS_MAY_IMPORT), f"{path.name} imports {module}"
            private = [name for name in names if name.startswith("_")]
            assert not private, f"{path.name} imports {private} from {module}"
    assert len(path.read_text().splitlines()) <= 600
