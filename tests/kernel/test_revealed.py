"""What a card played reveals (:func:`spades._kernel.play.revealed`): exactly the cards no hand
holding them may hold and still play that card, by :func:`~spades._kernel.play.legal_cards`.

The witness is ``legal_cards`` itself, asked of hands built here: the smallest hand holding both
cards (which may play the card whenever any hand holding both may), and larger hands drawn at
random around it. Then real play: no card a seat held when it played is ever in what its card
revealed, and the computer players' view of the hand reads its voids and the cards it knows a seat
lacks from the same function.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Deal, GameState, Hand, Phase, RuleSet, Seat, apply, new_game, view
from spades._kernel.cards import bit_indices
from spades._kernel.play import legal_cards, revealed
from spades._kernel.table import table_of
from spades.bots.seen import read_view
from spades.rules import Deck, FirstLead, FirstTrick, SpadesBreaking
from strategies import random_action, rulesets


@st.composite
def play_option_rules(draw: st.DrawFn) -> RuleSet:
    """Any rule set (``strategies.rulesets``: every table and deck) with the card-play options
    drawn over it: when spades may be led, the first trick's rule and overtrumping."""
    rules = draw(rulesets(max_exchange=3))
    tricks = list(FirstTrick)
    if rules.first_lead is not FirstLead.TWO_OF_CLUBS:
        tricks.remove(FirstTrick.LOWEST_CLUB)
    breaking = draw(st.sampled_from(SpadesBreaking))
    waits = breaking in (SpadesBreaking.ANY_SPADE, SpadesBreaking.TRUMP_ONLY)
    return rules.evolve(
        spades_breaking=breaking,
        first_trick=draw(st.sampled_from(tricks)),
        must_overtrump=draw(st.booleans()),
        # a spade led early as a renege needs spades that wait to be broken
        early_spade_lead=rules.early_spade_lead if waits else "illegal",
    )


def _may_play(
    rules: RuleSet, hand: int, trick: list[int], card: int, broken: bool, first: bool
) -> bool:
    """Whether a seat holding ``hand`` may play ``card`` to ``trick``, by ``legal_cards``."""
    return bool(legal_cards(table_of(rules), hand, trick, broken, first) >> card & 1)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play_option_rules(), st.randoms(use_true_random=False), st.booleans(), st.booleans())
def test_a_card_reveals_exactly_the_cards_no_hand_could_hold_and_play_it(
    rules: RuleSet, rng: random.Random, broken: bool, first: bool
) -> None:
    table = table_of(rules)
    cards = list(bit_indices(table.deck.cards))
    size = rng.randrange(table.players)  # the cards before this one: a lead, or a follow
    # Tricks that make the rules bite: often a spade in the trick, often a club led.
    drawn = rng.sample(cards, size + 1)
    trick, card = drawn[:size], drawn[size]
    free = [other for other in cards if other not in drawn]
    mask = revealed(table, trick, card, broken, first)
    if not _may_play(rules, 1 << card, trick, card, broken, first):
        # No hand may play it (the fixed first lead, another card than the lowest club): a card
        # played against the rules reveals nothing.
        assert trick == [] and first and table.fixed_first_lead
        assert mask == 0
        return
    for other in free:
        pair = 1 << card | 1 << other
        if not mask >> other & 1:
            # A hand holding both may play it: the two cards alone.
            assert _may_play(rules, pair, trick, card, broken, first), (trick, card, other)
            continue
        assert not _may_play(rules, pair, trick, card, broken, first), (trick, card, other)
        for _ in range(6):
            extra = rng.sample(free, rng.randrange(len(free)))
            hand = pair | sum(1 << more for more in extra)
            assert not _may_play(rules, hand, trick, card, broken, first), (trick, card, other)


def _hand_states(rules: RuleSet, rng: random.Random) -> list[GameState]:
    """Every state of the play of one random hand of ``rules``."""
    state = apply(new_game(rules), Deal.random(rng, rules))
    while state.phase is not Phase.PLAY:
        state = apply(state, random_action(state, rng))
    states = []
    while state.phase is Phase.PLAY:
        states.append(state)
        state = apply(state, random_action(state, rng))
    return states


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play_option_rules(), st.integers(0, 2**32 - 1))
def test_no_card_a_seat_held_is_among_what_its_card_revealed(rules: RuleSet, seed: int) -> None:
    """In real play (random legal cards under random rules) what each card reveals holds none of
    the cards its seat held then, and the computer players' view never rules out a card a seat
    holds."""
    table = table_of(rules)
    rng = random.Random(seed)
    states = _hand_states(rules, rng)
    for state in states:
        seat = state.to_act
        assert seat is not None
        trick = state.current_trick
        assert trick is not None
        hand = state.holding_masks[int(seat)]
        first = not state.completed_tricks
        for card in bit_indices(state.legal_mask):
            shown = revealed(
                table, [c.index for c in trick.cards], card, state.spades_broken, first
            )
            assert not shown & hand & ~(1 << card)
    for state in rng.sample(states, min(5, len(states))):
        for seat in rules.seats:
            seen = read_view(view(state, seat))
            for other in rules.seats:
                if other is not seat:
                    held = seen.real.to_positions(state.holding_masks[int(other)])
                    assert held & ~seen.could_hold(int(other)) == 0


def _play(rules: RuleSet, deal: str, dealer: str, moves: str) -> GameState:
    state = apply(new_game(rules, dealer=dealer), Deal(tuple(deal.split())))
    for move in moves.split():
        state = apply(state, state.parse_action(move))
    return state


def test_what_each_rule_reveals_by_hand() -> None:
    standard = table_of(RuleSet())
    spades = Hand("AKQJT98765432.-.-.-").mask
    non_spades = standard.deck.non_spades
    clubs = Hand("-.-.-.AKQJT98765432").mask
    two_c, three_c, five_c = (Hand(text).mask.bit_length() - 1 for text in ("2c", "3c", "5c"))
    ace_h, two_s, ten_s = (Hand(text).mask.bit_length() - 1 for text in ("Ah", "2s", "Ts"))
    # A spade led before spades are broken: only spades; once broken, nothing.
    assert revealed(standard, [], two_s, False, False) == non_spades
    assert revealed(standard, [], two_s, True, False) == 0
    # A heart to clubs led: no club. A club to clubs: nothing.
    assert revealed(standard, [three_c], ace_h, True, False) == clubs
    assert revealed(standard, [three_c], five_c, True, True) == 0
    # Any time: a spade lead reveals nothing, even to the first trick.
    any_time = table_of(RuleSet(spades_breaking=SpadesBreaking.ANY_TIME))
    assert revealed(any_time, [], two_s, False, True) == 0
    # The lowest club to the first trick: a club shows no lower club (the two, led, among them).
    lowest = table_of(
        RuleSet(first_lead=FirstLead.TWO_OF_CLUBS, first_trick=FirstTrick.LOWEST_CLUB)
    )
    assert revealed(lowest, [two_c], five_c, False, True) == Hand("-.-.-.432").mask
    assert revealed(lowest, [two_c], five_c, False, False) == 0
    # The fixed first lead reveals nothing; under no_spades a spade to the first trick shows a
    # hand of only spades (and no club, not having followed).
    assert revealed(lowest, [], two_c, False, True) == 0
    no_spades = table_of(
        RuleSet(first_lead=FirstLead.TWO_OF_CLUBS, first_trick=FirstTrick.NO_SPADES)
    )
    assert revealed(no_spades, [two_c], two_s, False, True) == non_spades
    assert revealed(no_spades, [two_c], ace_h, False, True) == clubs
    # Must overtrump: under a trump, a seat that does not overtrump holds no higher spade, and
    # no card of the suit led; an overtrump shows only the void.
    over = table_of(RuleSet(must_overtrump=True))
    above_ten = Hand("AKQJ.-.-.-").mask
    assert revealed(over, [three_c, ten_s], two_s, True, False) == clubs | above_ten
    assert revealed(over, [three_c, ten_s], ace_h, True, False) == clubs | above_ten
    assert revealed(over, [three_c, ten_s], Hand("Ks").mask.bit_length() - 1, True, False) == clubs
    # ... but not to the first trick under no_spades when it discards a side card.
    over_first = table_of(
        RuleSet(must_overtrump=True, first_lead=FirstLead.TWO_OF_CLUBS, first_trick="no_spades")
    )
    assert revealed(over_first, [two_c, ten_s], ace_h, False, True) == clubs
    assert revealed(over_first, [two_c, ten_s], two_s, False, True) == non_spades | above_ten
    assert not spades & non_spades


def test_a_deck_of_high_trumps_reveals_them_as_spades() -> None:
    # Deuces high: the two of clubs is a spade; a club led by the three and followed by a heart
    # shows no club, which no longer includes the two.
    table = table_of(RuleSet(deck=Deck.DEUCES_HIGH))
    three_c = Hand("3c").mask.bit_length() - 1
    ace_h = Hand("Ah").mask.bit_length() - 1
    shown = revealed(table, [three_c], ace_h, True, False)
    assert shown == table.deck.suits[0]
    assert not shown >> (Hand("2c").mask.bit_length() - 1) & 1


def test_the_view_reads_voids_and_lacks_from_the_cards_played_counterclockwise() -> None:
    # Counterclockwise, must overtrump (E, N, W, S after South deals): East leads the two of
    # hearts, North plays the eight of diamonds (no heart), West trumps with the ten and South
    # plays the three of spades under it: South holds no heart and no spade above the ten.
    rules = RuleSet(must_overtrump=True, direction="counterclockwise")
    deal = "-.-.AKQJT98.765432 -.AKQJT98765432.-.- 8765432.-.765432.- AKQJT9.-.-.AKQJT98"
    state = _play(rules, deal, "S", "1 1 1 1 2h 8d Ts 3s")
    seen = read_view(view(state, Seat.N))
    assert seen.voids[int(Seat.S)] == 0b0100  # hearts
    assert Hand.from_mask(seen.lacks[int(Seat.S)]) == Hand("AKQJ.-.-.-")
    assert seen.voids[int(Seat.N)] == 0b0100  # North itself did not follow either
