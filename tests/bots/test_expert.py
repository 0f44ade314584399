"""The Expert: a legal action everywhere, the same action for the same view and generator, the
obvious card where there is one, and nothing read but the view."""

from __future__ import annotations

import pickle
import random

import pytest

from spades import (
    PRESETS,
    Bid,
    Card,
    Deal,
    Exchange,
    GameState,
    Hand,
    Phase,
    Play,
    RuleSet,
    Seat,
    SpadesError,
    apply,
    is_legal,
    new_game,
    view,
)
from spades.bots.deals import imagine_deal
from spades.bots.expert import ExpertPlayer
from spades.bots.seen import read_view
from strategies import random_bid_or_play

RULES = {preset.name: preset.rules for preset in PRESETS}
QUICK = ExpertPlayer(deals=4)


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_expert_takes_a_legal_action_in_random_positions(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    phases = set()
    for game in range(6):
        scores = [0] * len(rules.sides)  # by side: two teams, or each player alone
        if rules.blind_nil and game % 2:
            scores[1] = 250
        state = apply(new_game(rules, scores=scores), Deal.random(rng, rules))
        while state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
            if rng.random() < 0.25 or state.phase is not Phase.PLAY:
                action = QUICK(view(state, state.to_act), random.Random(rng.random()))  # type: ignore[arg-type]
                assert is_legal(state, action), (state, action)
                phases.add(state.phase)
            else:
                action = random_bid_or_play(rng, state)  # type: ignore[assignment]
            state = apply(state, action)
    assert Phase.BIDDING in phases and Phase.PLAY in phases
    if rules.blind_nil_exchange:
        assert Phase.EXCHANGE in phases


def test_a_whole_game_of_experts_is_legal_under_the_exchange_preset() -> None:
    rules = RULES["pagat"]
    rng = random.Random(12)
    state = apply(new_game(rules, scores=(0, 300)), Deal.random(rng, rules))
    exchanges = 0
    while state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
        action = QUICK(view(state, state.to_act), rng)  # type: ignore[arg-type]
        assert is_legal(state, action)
        exchanges += isinstance(action, Exchange)
        state = apply(state, action)
    # North-South are 300 behind: the Expert bids blind nil and the partners exchange.
    assert any(bid.blind for bid in state.last_hand.bids)  # type: ignore[union-attr]
    assert exchanges == 2


def test_the_expert_is_deterministic_given_the_view_and_the_generator() -> None:
    rng = random.Random(3)
    player = ExpertPlayer(deals=8)
    for _ in range(6):
        state = apply(new_game(), Deal.random(rng))
        for _ in range(rng.randrange(4, 40)):
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
        seat_view = view(state, state.to_act)  # type: ignore[arg-type]
        first = player(seat_view, random.Random(99))
        again = pickle.loads(pickle.dumps(player))(seat_view, random.Random(99))
        assert first == again


def test_the_expert_repr_rebuilds_it_and_equality_is_by_parameters() -> None:
    player = ExpertPlayer(deals=12, weighted=False)
    assert repr(player) == "ExpertPlayer(deals=12, weighted=False, endgame_tricks=4)"
    assert eval(repr(player)) == player
    assert repr(ExpertPlayer()) == "ExpertPlayer(deals=30, weighted=True, endgame_tricks=4)"
    assert ExpertPlayer() != player
    assert hash(ExpertPlayer(deals=12, weighted=False)) == hash(player)
    assert pickle.loads(pickle.dumps(player)) == player
    with pytest.raises(SpadesError, match="at least one deal"):
        ExpertPlayer(deals=0)


def _hand_of(state: GameState, cards: str) -> GameState:
    for text in cards.split():
        state = apply(state, Play(Card(text)))
    return state


def test_the_expert_ruffs_when_every_trick_is_needed() -> None:
    # East-West bid 13 between them: a trick lost is a contract set. West, last to play to North's
    # ace of hearts and out of hearts, must trump it.
    deal = Deal(
        (
            "-.AKQJT987.-.KQJT9",
            "-.-.AKQJT9876543.A",
            "2.65432.2.876543",
            "AKQJT9876543.-.-.2",
        )
    )
    state = apply(new_game(RuleSet(), dealer=Seat.W), deal)
    for bid in (Bid(2), Bid(6), Bid(1), Bid(7)):
        state = apply(state, bid)
    state = _hand_of(state, "Ah 3d 2h")
    assert state.to_act is Seat.W
    action = ExpertPlayer()(view(state, Seat.W), random.Random(1))
    assert isinstance(action, Play)
    assert action.card.suit.name == "SPADES"


def test_a_nil_expert_last_to_play_ducks_the_trick() -> None:
    # North bid nil and plays last to East's king of hearts, holding the ace and the two.
    deal = Deal(
        (
            "432.A2.5432.5432",
            "AKQJ.KQJT.AK.AKQ",
            "T98765.9876.QJ.J",
            "-.543.T9876.T9876",
        )
    )
    assert all(len(hand) == 13 for hand in deal.hands)
    state = apply(new_game(RuleSet(), dealer=Seat.N), deal)
    for bid in (Bid(8), Bid(2), Bid(1), Bid.NIL):  # E, S, W, N
        state = apply(state, bid)
    state = _hand_of(state, "Kh 9h 5h")
    assert state.to_act is Seat.N
    action = ExpertPlayer()(view(state, Seat.N), random.Random(1))
    assert action == Play(Card("2h"), seat=Seat.N)


@pytest.mark.parametrize("name", ["standard", "pagat", "rule_sheet"])
def test_the_decision_does_not_depend_on_the_cards_the_seat_cannot_see(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    player = ExpertPlayer(deals=6)
    compared = 0
    while compared < 6:
        state = apply(new_game(rules), Deal.random(rng, rules))
        for _ in range(rng.randrange(4, 45)):
            if state.phase is not Phase.BIDDING and state.phase is not Phase.PLAY:
                break
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
        if state.phase is not Phase.PLAY or state.exchanges:
            continue
        seat = state.to_act
        assert seat is not None
        seen = read_view(view(state, seat))
        # Another deal that this seat cannot tell from the real one: the unseen cards dealt
        # again consistently with its view, each seat's played cards given back to it.
        # (The seat's cards are at their positions: bots.seen.)
        now = [seen.cards(held) for held in imagine_deal(seen, rng)]
        if list(now) == list(state.holding_masks):
            continue
        dealt = [now[other] | seen.cards(seen.played_by[other]) for other in range(4)]
        other_deal = Deal(tuple(_hand_text(mask) for mask in dealt))  # type: ignore[arg-type]
        twin = apply(new_game(rules), other_deal)
        for action in state.actions[1:]:
            twin = apply(twin, action)
        assert twin.holding_masks != state.holding_masks
        assert view(twin, seat) == view(state, seat)
        assert player(view(twin, seat), random.Random(5)) == player(
            view(state, seat), random.Random(5)
        )
        compared += 1


def _hand_text(mask: int) -> str:
    return Hand.from_mask(mask).to_text()
