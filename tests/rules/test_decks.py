"""Decks with jokers and high deuces (RuleSet.deck, removed_twos): the pack, the order of the
trumps, following and leading with a joker or a high deuce, the card notation, deals, records, the
computer players, and exact counts of the legal endings against an enumerator written from the
rules' wording (house-rules.md, section 1.2 and scenario 22)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from spades import (
    Bid,
    Card,
    Deal,
    Hand,
    Phase,
    Play,
    Reason,
    RuleSet,
    RuleSetError,
    Seat,
    apply,
    check,
    find_ruleset,
    legal_actions,
    new_game,
    view,
)
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer
from spades.errors import NotationError
from spades.records import dumps, loads, to_record, verify
from spades.rules import Deck, FirstLead, RemovedTwos
from spades.tricks import Trick, card_order, suit_played

# -- the pack, as the catalogue describes each deck ------------------------------------------------

#: Per deck and removed deuces: the trumps above the ace of spades, highest first, and the cards
#: left out (house-rules.md, section 1.2; pagat for deuces high).
PACKS = {
    (Deck.STANDARD, None): ([], []),
    (Deck.JOKERS, RemovedTwos.HEARTS_CLUBS): (["BJ", "LJ"], ["2h", "2c"]),
    (Deck.JOKERS, RemovedTwos.HEARTS_DIAMONDS): (["BJ", "LJ"], ["2h", "2d"]),
    (Deck.JOKERS, RemovedTwos.CLUBS_DIAMONDS): (["BJ", "LJ"], ["2c", "2d"]),
    (Deck.JJDA, RemovedTwos.HEARTS_CLUBS): (["BJ", "LJ", "2s"], ["2h", "2c"]),
    (Deck.JJDA, RemovedTwos.CLUBS_DIAMONDS): (["BJ", "LJ", "2s"], ["2c", "2d"]),
    (Deck.JJDD, RemovedTwos.HEARTS_CLUBS): (["BJ", "LJ", "2d", "2s"], ["2h", "2c"]),
    (Deck.DEUCES_HIGH, None): (["2h", "2c", "2d", "2s"], []),
}

STANDARD_52 = [f"{rank}{suit}" for suit in "cdhs" for rank in "23456789TJQKA"]


def rules_of(deck: Deck, removed: RemovedTwos | None, **options: object) -> RuleSet:
    if removed is None:
        return RuleSet(deck=deck, **options)
    return RuleSet(deck=deck, removed_twos=removed, **options)


def spade_order(top: list[str]) -> list[str]:
    """Every spade of the deck, highest first: the trumps above the ace, then the ace to the
    three, and the two of spades unless it is above the ace."""
    rest = [f"{rank}s" for rank in "AKQJT9876543"] + ([] if "2s" in top else ["2s"])
    return top + rest


def random_game_state(rules: RuleSet, seed: int) -> tuple[object, random.Random]:
    rng = random.Random(seed)
    state = apply(new_game(rules), Deal.random(rng, rules))
    return state, rng


@pytest.mark.parametrize(("deck", "removed"), list(PACKS), ids=str)
def test_the_pack_has_52_cards_as_the_deck_says(deck: Deck, removed: RemovedTwos | None) -> None:
    rules = rules_of(deck, removed)
    _, out = PACKS[deck, removed]
    jokers = ["BJ", "LJ"] if deck not in (Deck.STANDARD, Deck.DEUCES_HIGH) else []
    expected = {Card(c) for c in STANDARD_52 if c not in out} | {Card(j) for j in jokers}
    for seed in range(5):
        deal = Deal.random(seed, rules)
        dealt = set().union(*deal.hands)
        assert dealt == expected
        assert all(len(hand) == 13 for hand in deal.hands)
        assert check(new_game(rules), deal) is None


@pytest.mark.parametrize(("deck", "removed"), list(PACKS), ids=str)
def test_the_trumps_rank_as_the_deck_says(deck: Deck, removed: RemovedTwos | None) -> None:
    """Each spade beats every lower one, whoever leads; a high deuce or a joker beats the ace."""
    top, _ = PACKS[deck, removed]
    order = spade_order(top)
    for high, low in itertools.pairwise(order):
        for cards in ([low, high], [high, low]):
            trick = Trick("N", [*cards, "3h", "4h"], deck=deck)
            assert trick.winning_card == Card(high), (deck, cards)
    # And the lowest trump beats the ace of a side suit led.
    assert Trick("N", ["Ah", order[-1]], deck=deck).winning_card == Card(order[-1])


def test_scenario_22_jjdd_following_and_leading() -> None:
    """JJDD: with spades led and no spade but the two of diamonds, it must be played; in a trick
    of A♠, 2♠, LJ, 3♠ the little joker wins; leading 2♦ is leading a spade."""
    rules = RuleSet(deck="jjdd")
    assert Trick("N", "As 2s LJ 3s", deck="jjdd").winning_card == Card("LJ")
    assert Trick("N", "2d Ad Kd Qd", deck="jjdd").winning_card == Card("2d")
    assert Trick("N", "2d Ad Kd Qd", deck="jjdd").led_suit.plural == "spades"
    # Play a hand until a spade is led to a seat whose only spade is the two of diamonds, and
    # until someone holding other suits could lead the two of diamonds before spades are broken.
    followed = led = False
    for seed in range(400):
        state, rng = random_game_state(rules, seed)
        while state.phase is not Phase.HAND_OVER and not (followed and led):
            seat = state.to_act
            if state.phase is Phase.PLAY:
                held = state.holding(seat)
                trick = state.trick_cards
                spades = {c for c in held if c.suit.plural == "spades"} | ({Card("2d")} & set(held))
                if trick and Card.from_index(trick[0]) in _SPADES_JJDD and spades == {Card("2d")}:
                    plays = [a.card for a in legal_actions(state) if isinstance(a, Play)]
                    assert plays == [Card("2d")]
                    followed = True
                if (
                    not trick
                    and Card("2d") in held
                    and not state.spades_broken
                    and any(c not in _SPADES_JJDD for c in held)
                    and state.completed_tricks
                ):
                    violation = check(state, Play(Card("2d"), seat=seat))
                    assert violation is not None
                    assert violation.reason is Reason.SPADES_NOT_BROKEN
                    led = True
            state = apply(state, rng.choice(legal_actions(state)))
        if followed and led:
            break
    assert followed and led


_SPADES_JJDD = {Card(c) for c in spade_order(["BJ", "LJ", "2d", "2s"])}


@pytest.mark.parametrize(
    ("deck", "removed", "lead"),
    [
        (Deck.STANDARD, None, "2c"),
        (Deck.JOKERS, RemovedTwos.HEARTS_DIAMONDS, "2c"),
        (Deck.JOKERS, RemovedTwos.HEARTS_CLUBS, "3c"),
        (Deck.JJDD, None, "3c"),
        (Deck.DEUCES_HIGH, None, "3c"),  # the two of clubs is a spade
    ],
)
def test_the_fixed_first_lead_is_the_lowest_club_in_play(
    deck: Deck, removed: RemovedTwos | None, lead: str
) -> None:
    rules = rules_of(deck, removed, first_lead=FirstLead.TWO_OF_CLUBS)
    state, rng = random_game_state(rules, 3)
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    assert [a.card for a in legal_actions(state)] == [Card(lead)]
    assert Card(lead) in state.holding(state.to_act)
    other = next(c for c in state.holding(state.to_act) if c != Card(lead))
    violation = check(state, Play(other, seat=state.to_act))
    assert violation is not None
    assert violation.reason is Reason.MUST_LEAD_CARD
    name = Card(lead).name
    assert violation.message.endswith(f"must lead the {name} to the first trick.")


def test_mirror_counts_jokers_and_high_deuces_as_spades() -> None:
    rules = RuleSet(deck="jjdd", forced_bidding="mirror")
    state, _ = random_game_state(rules, 11)
    seat = state.to_act
    held = state.holding(seat)
    spades = sum(1 for c in held if c in _SPADES_JJDD)
    assert [a for a in legal_actions(state) if isinstance(a, Bid)] == [
        Bid(spades, seat=seat) if spades else Bid.NIL.for_seat(seat)
    ]


# -- notation --------------------------------------------------------------------------------------


def test_jokers_are_written_and_read() -> None:
    assert str(Card("BJ")) == "BJ" and repr(Card("lj")) == "Card('LJ')"
    assert Card("BJ").is_joker and Card("BJ").rank is None and Card("BJ").suit.plural == "spades"
    assert Card("LJ").name == "little joker" and Card("2d").name == "two of diamonds"
    assert Card.from_index(53) is Card("BJ") and Card.from_index(52) is Card("LJ")
    hand = Hand("BJLJAK.T9.J842.53")
    assert len(hand) == 12 and str(hand) == "BJLJAK.T9.J842.53"
    assert Hand("LJ As BJ") == Hand("BJLJA.-.-.-")
    assert hand.count("s") == 4 and Card("LJ") in hand.of_suit("spades")
    assert list(Hand("BJLJ2.-.-.-")) == [Card("BJ"), Card("LJ"), Card("2s")]
    assert Hand("LJBJ.-.-.-") == Hand("BJLJ.-.-.-")  # in any order, as the ranks are
    assert Hand("LJ.-.-.-").to_text(unicode=True) == "♠LJ ♥- ♦- ♣-"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("BLJJ.-.-.-", "bad_hand"),
        ("-.LJ.-.-", "bad_hand"),  # a joker is a spade
        ("BJBJ.-.-.-", "duplicate_card"),
        ("JB.-.-.-", "bad_hand"),
    ],
)
def test_misplaced_jokers_are_refused_with_a_sentence(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        Hand(text)
    assert caught.value.reason == reason
    assert str(caught.value).endswith(".")


def test_a_standard_deal_under_a_joker_deck_is_refused_with_what_is_wrong() -> None:
    rules = RuleSet(deck="jokers", removed_twos="hearts_diamonds")
    violation = check(new_game(rules), Deal.random(5))
    assert violation is not None and violation.reason is Reason.BAD_DEAL
    assert "2d 2h are not in the deck (deck jokers, removed_twos hearts_diamonds)." in (
        violation.message
    )
    assert violation.message.endswith("LJ BJ are not dealt to anyone.")


def test_the_standard_deal_of_a_seed_is_unchanged_by_the_deck_option() -> None:
    assert Deal.random(7) == Deal.random(7, RuleSet()) == Deal.random(7, "standard")
    assert Deal.random(7, "jokers_wild") != Deal.random(7)


def test_options_that_do_not_fit_the_deck_are_refused() -> None:
    with pytest.raises(RuleSetError) as caught:
        RuleSet(deck="jjdd", removed_twos="hearts_diamonds")
    assert caught.value.option == "removed_twos"
    with pytest.raises(RuleSetError) as caught:
        RuleSet(removed_twos="clubs_diamonds")
    assert caught.value.option == "removed_twos"
    assert "has no effect unless the deck has jokers" in str(caught.value)


# -- whole games: records and the computer players ------------------------------------------------


@pytest.mark.parametrize("preset", ["jokers_wild", "trickster_jjdd"])
def test_a_recorded_game_round_trips_and_verifies(preset: str) -> None:
    rules = find_ruleset(preset)
    rng = random.Random(preset)
    players = [MediumPlayer() for _ in range(4)]
    state = new_game(rules)
    while not state.is_over and state.hand_number <= 3:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
            continue
        seat = state.to_act
        state = apply(state, players[seat](view(state, seat), rng))
    record = to_record(state, preset=preset)
    text = dumps(record)
    assert '"BJ' in text or "BJ" in text
    again = loads(text)
    assert again == record
    report = verify(again)
    assert report.ok, report.problems
    assert report.standing.scores == state.scores


@pytest.mark.parametrize("deck", list(Deck), ids=str)
@pytest.mark.parametrize("level", [EasyPlayer, MediumPlayer, HardPlayer], ids=lambda p: p.__name__)
def test_every_level_plays_every_deck(deck: Deck, level: type) -> None:
    rules = RuleSet(deck=deck, first_lead="two_of_clubs", must_overtrump=True)
    rng = random.Random(str(deck))
    players = [level() for _ in range(4)]
    state = new_game(rules)
    while state.hand_number <= 2 and not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
            continue
        seat = state.to_act
        action = players[seat](view(state, seat), rng)
        assert check(state, action) is None
        state = apply(state, action)
    assert state.hand_number > 2 or state.is_over


# -- exact counts of legal endings -----------------------------------------------------------------


def reference_suit(deck: Deck, card: Card) -> str:
    """The suit a card plays as, from the catalogue's words: jokers are spades; under JJDD the
    two of diamonds is a spade; under deuces high every two is."""
    if card.is_joker:
        return "s"
    text = str(card)
    if text == "2d" and deck is Deck.JJDD:
        return "s"
    if text[0] == "2" and deck is Deck.DEUCES_HIGH:
        return "s"
    return text[1]


def reference_strength(deck: Deck, card: Card) -> int:
    top, _ = next(PACKS[key] for key in PACKS if key[0] is deck)
    order = spade_order(top)
    if reference_suit(deck, card) == "s":
        return 100 + len(order) - order.index(str(card))
    return "23456789TJQKA".index(str(card)[0])


def reference_legal(deck: Deck, hand: Sequence[Card], trick: Sequence[Card], broken: bool) -> list:
    """Follow the suit led (as the deck plays it) if you can; else anything. Lead anything but a
    spade until spades are broken, unless you hold only spades."""
    if trick:
        led = reference_suit(deck, trick[0])
        following = [c for c in hand if reference_suit(deck, c) == led]
        return following or list(hand)
    if broken:
        return list(hand)
    others = [c for c in hand if reference_suit(deck, c) != "s"]
    return others or list(hand)


def reference_winner(deck: Deck, trick: Sequence[Card]) -> int:
    led = reference_suit(deck, trick[0])
    trumps = [i for i, c in enumerate(trick) if reference_suit(deck, c) == "s"]
    pool = trumps or [i for i, c in enumerate(trick) if reference_suit(deck, c) == led]
    return max(pool, key=lambda i: reference_strength(deck, trick[i]))


def reference_count(
    deck: Deck, hands: list[list[Card]], leader: int, trick: list[Card], broken: bool
) -> int:
    """The number of ways the hand can be played out from here."""
    if not any(hands) and not trick:
        return 1
    seat = (leader + len(trick)) % 4
    total = 0
    for card in reference_legal(deck, hands[seat], trick, broken):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        now = [*trick, card]
        spade = reference_suit(deck, card) == "s"
        if len(now) == 4:
            winner = (leader + reference_winner(deck, now)) % 4
            total += reference_count(deck, rest, winner, [], broken or spade)
        else:
            total += reference_count(deck, rest, leader, now, broken or spade)
    return total


def engine_count(state: object) -> int:
    if state.phase is not Phase.PLAY:  # type: ignore[attr-defined]
        return 1
    return sum(engine_count(apply(state, action)) for action in legal_actions(state))


@pytest.mark.parametrize("deck", [Deck.JOKERS, Deck.JJDA, Deck.JJDD, Deck.DEUCES_HIGH], ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_exact_counts_of_the_last_three_tricks(deck: Deck, seed: int) -> None:
    """From a position with three tricks to go (the hand played at random up to there, under a
    deck rich in trumps), the engine and the enumerator from the rules' words count the same
    ways to play it out."""
    rules = RuleSet(deck=deck)
    state, rng = random_game_state(rules, 1000 + seed)
    while state.phase is not Phase.PLAY or len(state.completed_tricks) < 10:
        state = apply(state, rng.choice(legal_actions(state)))
    while state.trick_cards:
        state = apply(state, rng.choice(legal_actions(state)))
    hands = [list(state.holding(seat)) for seat in Seat]
    leader = int(state.to_act)
    expected = reference_count(deck, hands, leader, [], state.spades_broken)
    assert engine_count(state) == expected
    assert expected > 1


@pytest.mark.parametrize("level", [MediumPlayer, HardPlayer], ids=lambda p: p.__name__)
def test_a_computer_player_keeps_a_high_deuce_as_the_trump_it_is(level: type) -> None:
    """Under JJDD the two of diamonds is the third-highest trump: a player throwing a low card
    on a trick it cannot win throws its lowest club, not the 'two' of diamonds."""
    rules = RuleSet(deck="jjdd")
    deal = Deal(
        (
            "-.-.2.AKQJT9876543",  # North: the two of diamonds (a spade) and twelve clubs
            "2.AKQJT9876543.-.-",  # East: the two of spades and the twelve hearts
            "LJ.-.AKQJT9876543.-",  # South: the little joker and twelve diamonds
            "BJAKQJT9876543.-.-.-",  # West: the big joker and the other spades
        )
    )
    state = apply(new_game(rules, dealer=Seat.N), deal)
    for seat in (Seat.E, Seat.S, Seat.W, Seat.N):
        state = apply(state, Bid(3, seat=seat))
    for card in ("Ah", "3d", "BJ"):  # West trumps East's ace with the big joker
        state = apply(state, Play(Card(card)))
    assert state.to_act is Seat.N
    action = level()(view(state, Seat.N), random.Random(1))
    assert action == Play(Card("3c"), seat=Seat.N)


@pytest.mark.parametrize(
    "level", [EasyPlayer, MediumPlayer, HardPlayer, ExpertPlayer], ids=lambda p: p.__name__
)
def test_every_level_passes_its_own_trumps_in_a_nil_exchange(level: type) -> None:
    """Under trickster_jjdd (a two-card nil pass) a nil bidder holding the two of diamonds or a
    joker passes it as the top trump it is: every exchange passes cards the seat holds."""
    rules = find_ruleset("trickster_jjdd")
    high = {Card("2d"), Card("2s"), Card("LJ"), Card("BJ")}
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = apply(new_game(rules, dealer=Seat.W), Deal.random(rng, rules))
        nil_seat = state.to_act
        if not high & set(state.holding(nil_seat)):
            continue
        bids = [Bid.NIL.for_seat(nil_seat)]
        state = apply(state, bids[0])
        while state.phase is Phase.BIDDING:
            state = apply(state, Bid(4, seat=state.to_act))
        while state.phase is Phase.EXCHANGE:
            seat = state.to_act
            action = level()(view(state, seat), rng)
            assert check(state, action) is None, action
            if seat is nil_seat:
                assert set(action.cards) & high
            state = apply(state, action)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "reason"),
    [
        (lambda: Deal.random(1, "pinochle"), RuleSetError, "unknown_preset"),
        (lambda: Deal.random(1, 52), RuleSetError, "bad_rules"),
        (lambda: Deal.random("seed", "jokers_wild"), NotationError, "bad_seed"),
        (lambda: Trick("N", "As", deck="pinochle"), NotationError, "bad_trick"),
        (lambda: Trick("N", "As", deck=None), NotationError, "bad_trick"),
        (lambda: suit_played(Card("As"), "pinochle"), NotationError, "bad_trick"),
        (lambda: suit_played("Zz", "jjdd"), NotationError, "bad_card"),
        (lambda: card_order(Card("BJ"), 3), NotationError, "bad_trick"),
        (lambda: Card.from_index(54), NotationError, "bad_card"),
        (lambda: Hand.from_mask(1 << 54), NotationError, "bad_mask"),
        (lambda: RuleSet(deck=None), RuleSetError, None),
        (lambda: RuleSet(deck="jokers", removed_twos="spades_clubs"), RuleSetError, None),
    ],
)
def test_bad_deck_input_gets_a_sentence(call: object, error: type, reason: str | None) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert type(caught.value) is error
    if reason is not None:
        assert caught.value.reason == reason
    text = str(caught.value)  # a sentence (an option's name may begin it)
    assert text.endswith(".") and "\n" not in text and "Traceback" not in text


def test_a_view_lists_a_hand_by_the_suit_each_card_plays_as() -> None:
    """A front end draws the hand from the view's ``by_suit``: under JJDD the two of diamonds and
    the jokers stand with the spades, in their order."""
    rules = RuleSet(deck="jjdd")
    deal = Deal(
        (
            "-.-.2.AKQJT9876543",
            "2.AKQJT9876543.-.-",
            "LJ.-.AKQJT9876543.-",
            "BJAKQJT9876543.-.-.-",
        )
    )
    state = apply(new_game(rules), deal)
    assert view(state, Seat.N).to_dict()["hand"]["by_suit"] == [
        ["2d"],
        [],
        [],
        ["Ac", "Kc", "Qc", "Jc", "Tc", "9c", "8c", "7c", "6c", "5c", "4c", "3c"],
    ]
    spades = view(state, Seat.W).to_dict()["hand"]["by_suit"][0]
    assert spades[:3] == ["BJ", "As", "Ks"]
