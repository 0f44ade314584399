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
    is_legal,
    legal_actions,
    new_game,
    view,
)
from spades._kernel.cards import FULL_DECK, SUIT_MASKS
from spades._kernel.deck import STANDARD_LAYOUT
from spades._kernel.play import beaters, trick_winner
from spades.bots import EasyPlayer, HardPlayer, Level, MediumPlayer, Player, make_player
from spades.bots.expert import ExpertPlayer
from spades.bots.medium import medium_bid
from spades.bots.tactics import count_tricks
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
