"""Getting the cards (:mod:`spades._kernel.deal`) at each table: a deal shares the deck out to the
seats in play, the lowest club in play leads first, and two players draw their hands.

house-rules.md section 3: "Cutthroat (3 players): remove 2♣, deal 17 each, everyone plays alone.
... A 54-card version (with jokers) deals 18 each." Two-handed Spades: ``players=2`` with
``deal_method='draw_keep_discard'`` (the ``two_player`` preset), as the catalogue (house-rules.md,
"2 players") and its sources say: "No deal. Players alternately draw a card and either keep it or
discard it; if they discard it they must keep the next card. 13 cards each; 26 go to waste. Target
300-500." A player who keeps the card sees the next one and discards it (searchamateur, gameberg).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence

import pytest

from spades import (
    Bid,
    Card,
    Deal,
    Discard,
    Draw,
    GameState,
    Hand,
    Keep,
    Phase,
    Play,
    Reason,
    Redeal,
    RuleSet,
    Seat,
    SpadesError,
    apply,
    chance_action,
    check,
    find_ruleset,
    legal_actions,
    new_game,
    view,
)
from tables import TABLES, TableKind

N, E, S = Seat.N, Seat.E, Seat.S
THREE = RuleSet(players=3, partnerships=False)
TWO = find_ruleset("two_player")
#: A stock in a fixed order: the deck from the ace of spades down (a known order to draw from).
ORDER = [Card(text) for text in Hand.full_deck().cards_text().split()][::-1]


def draw_all(
    state: GameState,
    choose: Callable[[GameState], Keep | Discard],
    order: Sequence[Card] | None = None,
    rng: random.Random | None = None,
) -> GameState:
    """Draw the whole hand: ``choose(state)`` keeps or discards each first card; the stock is
    ``order`` (taken from the top) or random."""
    cards = list(order) if order is not None else None
    while state.phase in (Phase.DEAL, Phase.HAND_OVER, Phase.DRAW) and (
        state.needs_draw or state.phase is Phase.DRAW
    ):
        if state.needs_draw:
            action = Draw(cards.pop(0)) if cards is not None else chance_action(state, rng)
        else:
            action = choose(state)
        state = apply(state, action)
    return state


def random_choice(rng: random.Random) -> Callable[[GameState], Keep | Discard]:
    """Keep or discard each first card at random."""
    return lambda state: rng.choice(legal_actions(state))  # type: ignore[return-value]


# -- the deal at each table ------------------------------------------------------------------------


def test_a_random_deal_gives_every_seat_a_hand_of_the_tricks(table_kind: TableKind) -> None:
    """Four and three players share out the whole deck, 13 or 17 each (three: the two of clubs
    out, 51 cards); the deal of two players is the 13 each they drew, 26 of the 52."""
    players, tricks = table_kind.players, table_kind.tricks
    for seed in range(5):
        deal = Deal.random(seed, table_kind.rules)
        assert len(deal.hands) == players
        assert [len(hand) for hand in deal.hands] == [tricks] * players
        held = set().union(*deal.hands)
        assert len(held) == players * tricks
        if players == 4:
            assert held == set(Hand.full_deck())
        elif players == 3:
            assert Card("2c") not in held


def test_a_deal_for_another_table_is_refused(table_kind: TableKind) -> None:
    state = new_game(table_kind.rules)
    for other in TABLES:
        if other.players == table_kind.players:
            continue
        violation = check(state, Deal.random(1, other.rules))
        assert violation is not None and violation.reason is Reason.BAD_DEAL
        assert (
            f"The deal has {other.players} hands, but {table_kind.players} play under these "
            "rules (players)." in violation.message
        )


def test_the_jokers_deck_deals_all_54_cards_18_each_to_three() -> None:
    rules = THREE.evolve(deck="jokers")
    deal = Deal.random(3, rules)
    assert [len(hand) for hand in deal.hands] == [18, 18, 18]
    held = set().union(*deal.hands)
    assert len(held) == 54 and {Card("BJ"), Card("LJ"), Card("2c"), Card("2h")} <= held
    violation = check(new_game(THREE), Deal.random(1, rules))
    assert violation is not None and "has 18 cards, not 17" in violation.message


def test_the_lowest_club_of_three_with_jokers_is_the_two() -> None:
    """Scenario 24 of house-rules.md: "2♣ is removed, so 3♣ leads" (in test_bidding_rules); with
    the jokers all 54 cards are dealt and the two of clubs is in play again."""
    rules = find_ruleset("cutthroat3").evolve(deck="jokers", first_lead="two_of_clubs")
    state = apply(new_game(rules), Deal.random(random.Random(5), rules))
    for _ in range(3):
        state = apply(state, Bid(5))
    assert [action.card for action in legal_actions(state)] == [Card("2c")]  # type: ignore[union-attr]


# -- two players' draw -----------------------------------------------------------------------------


def test_the_player_after_the_dealer_draws_first_and_sees_the_card() -> None:
    state = new_game(TWO)
    assert state.needs_deal and state.needs_draw and state.stock == Hand.full_deck()
    assert legal_actions(state) == ()
    state = apply(state, Draw("Qh"))
    assert state.phase is Phase.DRAW and state.to_act is E
    assert state.drawn_card == Card("Qh") and not state.needs_draw
    assert legal_actions(state) == (Keep(seat=E), Discard(seat=E))
    assert len(state.stock) == 51 and Card("Qh") not in state.stock
    assert new_game(TWO, dealer="E").next_dealer is E
    assert apply(new_game(TWO, dealer="E"), Draw("2c")).to_act is N


def test_keeping_the_first_card_discards_the_next() -> None:
    state = apply(apply(apply(new_game(TWO), Draw("Qh")), Keep()), Draw("3c"))
    assert state.holding(E) == Hand("Qh") and state.discards == (Hand(), Hand("3c"))
    assert state.to_act is N and state.needs_draw  # the turn passes to North
    assert state.discard_counts == (0, 1) and state.stock_size == 50


def test_discarding_the_first_card_keeps_the_next() -> None:
    state = apply(apply(apply(new_game(TWO), Draw("Qh")), Discard()), Draw("3c"))
    assert state.holding(E) == Hand("3c") and state.discards == (Hand(), Hand("Qh"))
    assert state.to_act is N


def test_26_turns_give_13_cards_each_and_26_to_waste() -> None:
    turns = []

    def choose(state: GameState) -> Keep | Discard:
        turns.append(state.to_act)
        return Keep() if len(turns) % 3 else Discard()

    state = draw_all(new_game(TWO), choose, ORDER)
    assert turns == [E, N] * 13
    assert state.phase is Phase.BIDDING and state.to_act is E
    assert [len(hand) for hand in state.holdings] == [13, 13]
    assert [len(cards) for cards in state.discards] == [13, 13]
    every = state.holdings[0] | state.holdings[1] | state.discards[0] | state.discards[1]
    assert every == Hand.full_deck()
    assert state.deal == Deal(state.holdings)
    # Each turn takes two cards from the top: the first chosen, the second the other way.
    for turn, seat in enumerate(turns):
        first, second = ORDER[2 * turn], ORDER[2 * turn + 1]
        kept = first in state.holding(seat)
        assert (second in state.discards[seat]) is kept
        assert (second in state.holding(seat)) is not kept


def test_a_draw_that_is_not_due_or_not_in_the_stock_is_refused() -> None:
    state = apply(new_game(TWO), Draw("Qh"))
    violation = check(state, Draw("2c"))
    assert violation is not None and violation.reason is Reason.BAD_DRAW
    assert str(violation) == (
        "Drawing 2c is not possible now: East is to keep or discard the card they drew."
    )
    state = apply(state, Keep())
    violation = check(state, Draw("Qh"))
    assert violation is not None and violation.reason is Reason.BAD_DRAW
    assert (
        str(violation)
        == "Qh cannot be drawn: it is drawn already, and the stock holds 51 other cards."
    )
    violation = check(state, Draw("BJ"))
    assert violation is not None and "it is not in the deck" in str(violation)
    violation = check(new_game(), Draw("Qh"))
    assert violation is not None and violation.option == "deal_method"
    assert "only two players draw their cards" in str(violation)


def test_keep_and_discard_only_for_a_card_waiting_and_by_the_drawer() -> None:
    state = apply(apply(new_game(TWO), Draw("Qh")), Keep())
    for action in (Keep(), Discard()):
        violation = check(state, action)
        assert violation is not None and violation.reason is Reason.WRONG_PHASE
        assert "no card waits; the next card is to be drawn" in str(violation)
    waiting = apply(new_game(TWO), Draw("Qh"))
    violation = check(waiting, Keep(seat=N))
    assert violation is not None and violation.reason is Reason.WRONG_TURN
    assert str(violation) == "It is East's turn, not North's."
    violation = check(new_game(), Keep())
    assert violation is not None and violation.reason is Reason.WRONG_PHASE
    assert check(waiting, Bid(3)) is not None and check(waiting, Play("Qh")) is not None


def test_a_deal_of_the_hands_drawn_stands_for_the_draw() -> None:
    deal = Deal.random(3, TWO)
    assert [len(hand) for hand in deal.hands] == [13, 13]
    state = apply(new_game(TWO), deal)
    assert state.phase is Phase.BIDDING and state.deal == deal and state.waste == ()
    violation = check(new_game(TWO), Deal.random(3))  # four hands
    assert violation is not None and violation.reason is Reason.BAD_DEAL
    violation = check(apply(new_game(TWO), Draw("Qh")), deal)
    assert violation is not None and violation.reason is Reason.WRONG_PHASE


def test_chance_action_draws_then_deals_nothing_once_a_seat_acts() -> None:
    state = new_game(TWO)
    draw = chance_action(state, 1)
    assert isinstance(draw, Draw) and draw == chance_action(state, 1)
    assert isinstance(chance_action(new_game(), 1), Deal)
    due = r"No chance action is due: the cards are being drawn, and East is to act\."
    with pytest.raises(SpadesError, match=due) as raised:
        chance_action(apply(state, draw), 1)
    assert raised.value.reason == "wrong_phase"


def test_each_seat_sees_only_its_own_card_and_discards() -> None:
    state = apply(apply(apply(new_game(TWO), Draw("Qh")), Discard()), Draw("3c"))
    state = apply(state, Draw("As"))  # North's first card
    north, east = view(state, N), view(state, E)
    assert north.drawn_card == Card("As") and east.drawn_card is None
    assert east.discards == Hand("Qh") and north.discards == Hand()
    assert north.discard_counts == east.discard_counts == (0, 1)
    assert Card("Qh") not in east.unseen and Card("Qh") in north.unseen
    assert "As" not in repr(east) and "A♠" not in str(east)
    assert "North drew a card: keep or discard?" in str(east)
    assert pickle.loads(pickle.dumps(north)) == north


# -- the hand after the draw -----------------------------------------------------------------------


def test_a_whole_hand_bids_plays_tricks_of_two_and_scores_each_player() -> None:
    rng = random.Random(4)
    state = draw_all(new_game(TWO), random_choice(rng), rng=rng)
    waste = state.waste
    state = apply(apply(state, Bid(5)), Bid(6))
    assert state.phase is Phase.PLAY and state.to_act is E  # the first bidder leads
    while state.phase is Phase.PLAY:
        assert state.waste == waste  # the discards stay out of the hand
        state = apply(state, legal_actions(state)[0])
    done = state.history[-1]
    assert len(done.tricks) == 13 and all(len(trick.cards) == 2 for trick in done.tricks)
    assert sum(state.trick_counts) == 13
    assert [line.team for line in state.last_score.teams] == [N, E]
    assert state.phase is Phase.HAND_OVER and state.needs_draw and state.next_dealer is E
    state = apply(state, Draw("2c"))
    assert (state.dealer, state.hand_number, state.to_act, state.waste) == (E, 2, N, (0, 0))


def test_a_hand_without_a_spade_may_be_thrown_in_and_drawn_again() -> None:
    rules = TWO.evolve(redeal="no_spades")
    spades = [card for card in ORDER if card.suit.name == "SPADES"]
    others = [card for card in ORDER if card.suit.name != "SPADES"]
    # East keeps only cards of other suits; North keeps the spades.
    order = []
    for _turn in range(13):
        order += [others.pop(0), others.pop(0)]  # East keeps one, discards one
        order += [spades.pop(0) if spades else others.pop(0), others.pop(0)]
    state = draw_all(new_game(rules), lambda s: Keep(), order)
    assert state.to_act is E and Redeal(seat=E) in legal_actions(state)
    state = apply(state, Redeal())
    assert state.phase is Phase.DEAL and state.dealer is N and state.needs_draw


def test_a_first_hand_without_bids_goes_from_the_draw_to_the_lead() -> None:
    rules = TWO.evolve(first_hand_trick_points=10)
    state = draw_all(new_game(rules), lambda s: Keep(), ORDER)
    assert state.phase is Phase.PLAY and state.to_act is E and state.bids == (None, None)
