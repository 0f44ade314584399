"""Imagined deals: every one agrees with what the seat knows, and the weighting follows the bids.

What a seat knows is computed here from its view independently of the code under test: the hand
sizes, the suits a seat showed out of (it did not follow the led suit), the cards it passed to its
partner in the blind nil exchange and has not seen again, and the cards played.
"""

from __future__ import annotations

import random
import statistics

import pytest
from test_bots import play_drawn

from spades import (
    PRESETS,
    Bid,
    Deal,
    GameState,
    Phase,
    RuleSet,
    Seat,
    apply,
    chance_action,
    find_ruleset,
    legal_actions,
    new_game,
    view,
)
from spades.bots import HardPlayer
from spades.bots.deals import imagine_deal, imagine_deals
from spades.bots.seen import read_view
from spades.bots.tactics import count_tricks as hand_strength
from spades.cards import CARDS
from spades.rules import Deck
from spades.tricks import Trick
from strategies import random_bid_or_play

RULES = {preset.name: preset.rules for preset in PRESETS}


def _positions(rules: RuleSet, rng: random.Random, games: int) -> list[GameState]:
    """States from random hands of ``rules``: during the bidding, the exchange and the play."""
    found = []
    scores = [0] * len(rules.sides)  # by side: two teams, or each player alone
    if rules.blind_nil:
        scores[1] = 200
    for _ in range(games):
        state = apply(new_game(rules, scores=scores), Deal.random(rng, rules))
        stop = rng.randrange(60)
        while state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY) and stop:
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
            stop -= 1
            if rng.random() < 0.1:
                found.append(state)
        found.append(state)
    return [state for state in found if state.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY)]


def _voids(state: GameState) -> list[int]:
    """Per seat in play, the suits (as bits) it showed out of by not following the led suit."""
    voids = [0] * state.rules.players
    tricks = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    for trick in tricks:
        if not trick.cards:
            continue
        led = trick.led_suit  # as the deck plays it: a joker or a high deuce leads spades
        for seat, card in trick.plays:
            if Trick(seat, [card], deck=trick.deck).led_suit is not led:
                voids[int(seat)] |= 1 << int(led)
    return voids


def _suit_masks(rules: RuleSet) -> list[int]:
    """Each suit's cards as the deck plays them, from the cards' texts and the deck's words: the
    jokers are spades, and so are the two of diamonds under jjdd and every two under
    deuces_high."""
    masks = [0, 0, 0, 0]
    for card in CARDS:
        text = str(card)
        if (
            card.is_joker
            or (text == "2d" and rules.deck is Deck.JJDD)
            or (text[0] == "2" and rules.deck is Deck.DEUCES_HIGH)
        ):
            suit = 3
        else:
            suit = "cdhs".index(text[1])
        masks[suit] |= card.mask
    return masks


def _passed_and_still_out(state: GameState, seat: int) -> int:
    """The cards ``seat`` passed to its partner that it has not seen played or come back."""
    passed = 0
    for giver, cards in state.exchanges:
        if int(giver) == seat:
            passed |= cards.mask
    return passed & ~state.played.mask & ~state.holding_masks[seat]


def _check(state: GameState, seat: int, holdings: list[int]) -> None:
    truth = state.holding_masks
    assert len(holdings) == len(truth) == state.rules.players
    assert holdings[seat] == truth[seat]
    assert [hand.bit_count() for hand in holdings] == [hand.bit_count() for hand in truth]
    union = 0
    for hand in holdings:
        assert union & hand == 0, "a card was dealt twice"
        union |= hand
    held = 0
    for hand in truth:
        held |= hand
    if state.rules.players == 2:
        # At two the other's hand is 13 of the cards this seat has not seen, which its discards
        # are not: those cards, never necessarily the other's true ones.
        discarded = view(state, Seat(seat)).discards.mask
        assert union & discarded == 0
    else:
        assert union == held
    assert union & state.played.mask == 0
    suits = _suit_masks(state.rules)
    for other, void in enumerate(_voids(state)):
        for suit in range(4):
            if void >> suit & 1:
                assert holdings[other] & suits[suit] == 0
                assert truth[other] & suits[suit] == 0
    known = _passed_and_still_out(state, seat)
    if state.rules.partnerships:
        partner = (seat + 2) % 4
        assert known & ~truth[partner] == 0
        assert known & ~holdings[partner] == 0
    else:
        assert not known  # no exchange without partners


@pytest.mark.parametrize("name", sorted(RULES))
def test_imagined_deals_agree_with_everything_the_seat_knows(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    for state in _positions(rules, rng, 25):
        for seat in rules.seats:
            seen = read_view(view(state, seat))
            for _ in range(3):
                _check(state, seat, [seen.cards(held) for held in imagine_deal(seen, rng)])


def test_imagined_deals_keep_the_cards_passed_in_the_exchange() -> None:
    rules = RULES["pagat"]
    rng = random.Random(8)
    exchanged = 0
    for state in _positions(rules, rng, 80):
        if not state.exchanges:
            continue
        for seat in range(4):
            if _passed_and_still_out(state, seat):
                exchanged += 1
                seen = read_view(view(state, Seat(seat)))
                for holdings in imagine_deals(seen, 5, rng, weighted=True):
                    _check(state, seat, [seen.cards(held) for held in holdings])
    assert exchanged > 10


def test_late_hands_with_many_voids_are_always_dealt() -> None:
    rng = random.Random(4)
    rules = RuleSet()
    voided = 0
    for _ in range(150):
        state = apply(new_game(rules), Deal.random(rng, rules))
        while state.phase is not Phase.HAND_OVER and len(state.played) < 40 + rng.randrange(10):
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
        if state.phase is not Phase.PLAY:
            continue
        seat = int(state.to_act)  # type: ignore[arg-type]
        voided += sum(bin(void).count("1") for void in _voids(state))
        seen = read_view(view(state, Seat(seat)))
        for _ in range(10):
            _check(state, seat, [seen.cards(held) for held in imagine_deal(seen, rng)])
    assert voided > 100


def test_a_view_no_deal_agrees_with_is_refused_with_a_sentence() -> None:
    rng = random.Random(1)
    state = apply(new_game(), Deal.random(rng))
    seen = read_view(view(state, Seat.N))
    seen.voids = [0, 0b1111, 0b1111, 0b1111]
    with pytest.raises(ValueError, match="No deal of the unseen cards"):
        imagine_deal(seen, rng)


def test_uniform_deals_spread_a_card_evenly() -> None:
    rng = random.Random(2)
    state = apply(new_game(), Deal.random(rng))
    seen = read_view(view(state, Seat.N))
    card = next(index for index in range(52) if not seen.hand >> index & 1)
    counts = [0, 0, 0, 0]
    for holdings in imagine_deals(seen, 3000, rng):
        for seat in range(4):
            counts[seat] += holdings[seat] >> card & 1
    assert counts[0] == 0
    for seat in (1, 2, 3):
        assert 850 < counts[seat] < 1150


def _bidding_view(bid: Bid, rng: random.Random, *, without: int) -> tuple[object, int]:
    """South's view after East bid ``bid`` (North dealt), from a deal where South lacks
    card ``without``."""
    while True:
        state = apply(new_game(), Deal.random(rng))
        if not state.holding_masks[Seat.S] >> without & 1:
            break
    state = apply(state, bid)
    return view(state, Seat.S), int(Seat.E)


def test_weighting_keeps_the_ace_of_spades_away_from_a_nil_bidder() -> None:
    rng = random.Random(6)
    ace = 51
    uniform = weighted = 0
    for _ in range(6):
        seat_view, east = _bidding_view(Bid.NIL, rng, without=ace)
        seen = read_view(seat_view)  # type: ignore[arg-type]
        uniform += sum(deal[east] >> ace & 1 for deal in imagine_deals(seen, 200, rng))
        weighted += sum(
            deal[east] >> ace & 1 for deal in imagine_deals(seen, 200, rng, weighted=True)
        )
    # Uniformly East holds the ace a third of the time (about 400 of 1200).
    assert uniform > 300
    assert weighted < uniform / 3


def test_weighting_gives_a_big_bidder_a_strong_hand() -> None:
    rng = random.Random(7)
    seat_view, east = _bidding_view(Bid(7), rng, without=51)
    seen = read_view(seat_view)  # type: ignore[arg-type]
    uniform = statistics.mean(hand_strength(d[east]) for d in imagine_deals(seen, 400, rng))
    weighted = statistics.mean(
        hand_strength(d[east]) for d in imagine_deals(seen, 400, rng, weighted=True)
    )
    assert weighted > uniform + 1.0  # at least a trick stronger


def test_known_cards_are_only_cards_the_partner_may_still_hold() -> None:
    rng = random.Random(9)
    came_back = 0
    for state in _positions(RULES["pagat"], rng, 120):
        for seat in range(4):
            seen = read_view(view(state, Seat(seat)))
            partner = (seat + 2) % 4
            assert seen.known[partner] & ~state.holding_masks[partner] == 0
            assert seen.known[partner] == _passed_and_still_out(state, seat)
            passed = sum(cards.mask for giver, cards in state.exchanges if int(giver) == seat)
            came_back += bool(passed & state.holding_masks[seat])
    assert came_back > 0


# -- three players (cutthroat) ---------------------------------------------------------------------


#: Three players alone, North, East and South (the two of clubs out).
THREE = RuleSet(players=3, partnerships=False)


def _bidding_and_play_positions(rules: RuleSet, rng: random.Random, games: int) -> list[GameState]:
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


@pytest.mark.parametrize("deck", ["standard", "jokers"])
def test_imagined_deals_of_three_hold_the_right_counts_and_no_card_seen_elsewhere(
    deck: str,
) -> None:
    rules = find_ruleset("cutthroat3").evolve(deck=deck)
    rng = random.Random(deck)
    suits = _suit_masks(rules)
    checked = voided = 0
    for state in _bidding_and_play_positions(rules, rng, 40):
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
    seen = read_view(view(state, Seat.N))
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
    seen = read_view(view(state, Seat.N))
    seen.voids = [0, 0b1111, 0b1111]
    with pytest.raises(ValueError, match="No deal of the unseen cards"):
        imagine_deal(seen, rng)


# -- two players: the draw -------------------------------------------------------------------------


def test_imagined_deals_deal_the_other_hand_from_the_cards_unseen_never_my_discards() -> None:
    rng = random.Random(11)
    _, asked = play_drawn(new_game("two_player"), HardPlayer(), rng, hands=2)
    checked = 0
    for state in asked[::3]:
        for seat in (Seat.N, Seat.E):
            seat_view = view(state, seat)
            seen = read_view(seat_view)
            other = 1 - int(seat)
            mine = seat_view.discards.mask
            if seat_view.drawn_card is not None:
                mine |= seat_view.drawn_card.mask
            for holdings in [imagine_deal(seen, rng), *imagine_deals(seen, 2, rng, weighted=True)]:
                assert len(holdings) == 2
                assert holdings[int(seat)] == seat_view.hand.mask
                assert holdings[other].bit_count() == seat_view.hand_sizes[other]
                assert holdings[other] & mine == 0, "a card of my discards was dealt to the other"
                assert holdings[other] & state.played.mask == 0
                assert holdings[other] & seat_view.hand.mask == 0
                if state.phase is Phase.PLAY:
                    for suit in range(4):
                        if seen.voids[other] >> suit & 1:
                            assert holdings[other] & seen.deck.suits[suit] == 0
                checked += 1
    assert checked > 100


def test_the_other_hand_is_any_of_the_cards_i_have_not_seen() -> None:
    """With the draw done and nothing played, the other's imagined hand ranges over all 26 cards
    neither in my hand nor in my discards, and only over them."""
    rng = random.Random(4)
    state = new_game("two_player")
    while state.phase is not Phase.BIDDING:
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    seat_view = view(state, Seat.N)
    seen = read_view(seat_view)
    unseen = 0
    for _ in range(200):
        unseen |= imagine_deal(seen, rng)[1]
    assert unseen.bit_count() == 26
    assert unseen & (seat_view.hand.mask | seat_view.discards.mask) == 0


def _ducked_last(rng: random.Random) -> tuple[object, int, int] | None:
    """From a hand of four Hard players (no nil bid): the view of the seat after the one that
    played last to a trick after the first, following suit under an opponent's card of the led
    suit while its team's bid was not made, with that seat and the unplayed cards of the suit
    above the winning card; None when the hand has no such trick."""
    hard = HardPlayer()
    state = apply(new_game(), Deal.random(rng))
    while state.phase is Phase.BIDDING:
        state = apply(state, hard(view(state, state.to_act), rng))  # type: ignore[arg-type]
    bids = [bid.tricks for bid in state.bids]  # type: ignore[union-attr]
    if 0 in bids:
        return None
    while state.phase is Phase.PLAY:
        before = state
        state = apply(state, hard(view(state, state.to_act), rng))  # type: ignore[arg-type]
        tricks = state.completed_tricks if state.phase is Phase.PLAY else ()
        if len(tricks) < 2 or len(tricks) == len(before.completed_tricks):
            continue
        trick = tricks[-1]
        seats = trick.seats
        last, card = seats[3], trick.cards[3]
        winner, best = trick.winner, trick.winning_card
        team = (last, last.partner)
        taken = sum(before.trick_counts[seat] for seat in team)
        if (
            winner in team
            or best.suit is not card.suit
            or card.suit is not trick.cards[0].suit
            or taken >= sum(bids[seat] for seat in team)
        ):
            continue
        played = 0
        for done in tricks:
            for played_card in done.cards:
                played |= 1 << played_card.index
        higher = {c.index for c in CARDS if c.suit is card.suit and c.index > best.index}
        higher -= {c for c in higher if played >> c & 1}
        viewer = seats[0]  # the seat that led it
        higher -= {c for c in higher if state.holding_masks[viewer] >> c & 1}
        return view(state, viewer), int(last), sum(1 << c for c in higher)
    return None


def test_weighting_reads_a_seat_that_followed_low_last_to_an_opponents_trick() -> None:
    # Hard, last to a trick an opponent is winning and wanting tricks, wins it when it can: so
    # it held no higher card of the suit, and the weighted deals give it one far less often.
    games, rng = random.Random(31), random.Random(32)
    uniform = weighted = found = 0
    while found < 8:
        ducked = _ducked_last(games)
        if ducked is None:
            continue
        seat_view, last, higher = ducked
        if not higher:
            continue
        found += 1
        seen = read_view(seat_view)  # type: ignore[arg-type]
        moved = seen.real.to_positions(higher) if not seen.real.ordered else higher
        uniform += sum(bool(deal[last] & moved) for deal in imagine_deals(seen, 100, rng))
        weighted += sum(
            bool(deal[last] & moved) for deal in imagine_deals(seen, 100, rng, weighted=True)
        )
    assert uniform > 150  # (274 of the 800 deals, seeds 31 and 32)
    assert weighted < 0.6 * uniform  # (132: from a pool of 1.5 times the deals, bids kept)
