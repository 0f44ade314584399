"""Card, hand, seat and action notation: canonical text, lenient reading, strict refusal, reprs."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spades
import spades.rules
from spades import (
    DECK,
    Bid,
    Card,
    Deal,
    Direction,
    Discard,
    Draw,
    Exchange,
    Hand,
    Keep,
    NotationError,
    Play,
    Rank,
    RuleSet,
    Seat,
    SpadesError,
    Suit,
    Team,
    apply,
    find_ruleset,
    new_game,
    parse_card,
    parse_cards,
)
from spades.cards import CARDS
from strategies import deals, rulesets
from witness import next_seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# -- cards ----------------------------------------------------------------------------------------


def test_canonical_text_is_rank_then_suit() -> None:
    """Rank upper case, suit lower case, T for ten."""
    cards = [Card.of(Rank.ACE, Suit.SPADES), Card.of(Rank.KING, Suit.HEARTS)]
    cards += [Card.of(Rank.TEN, Suit.DIAMONDS), Card.of(Rank.TWO, Suit.CLUBS)]
    assert " ".join(str(card) for card in cards) == "As Kh Td 2c"
    assert [str(card) for card in parse_cards("As Kh Td 2c")] == ["As", "Kh", "Td", "2c"]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("As", "As"),
        ("10h", "Th"),
        ("AS", "As"),
        ("as", "As"),
        ("A♠", "As"),
        ("SA", "As"),
        ("sa", "As"),
        ("♠A", "As"),
        ("H10", "Th"),
        ("td", "Td"),
        ("2♣", "2c"),
        ("Q♥", "Qh"),
        ("j♦", "Jd"),
    ],
)
def test_parser_accepts_the_documented_forms(text: str, canonical: str) -> None:
    assert str(Card(text)) == canonical
    assert parse_card(text) is Card(canonical)


@pytest.mark.parametrize("token", ["1x", "Ax", "AAs", "", "10", "s", "ZZ", "1s", "A", "Asx", "11h"])
def test_parser_rejects_anything_else_quoting_the_token(token: str) -> None:
    with pytest.raises(NotationError) as info:
        Card(token)
    assert info.value.token == token
    assert repr(token) in str(info.value)
    assert isinstance(info.value, SpadesError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [5, None, 3.5, b"As", ("A", "s")])
def test_parser_rejects_non_text(value: object) -> None:
    with pytest.raises(NotationError) as info:
        Card(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)


def test_cards_are_interned_and_ordered_by_index() -> None:
    assert Card("As") is Card("AS") is Card("A♠") is Card.from_index(51)
    assert Card(Card("As")) is Card("As")
    assert DECK[0] is Card("2c")
    assert DECK[51] is Card("As")
    assert Card("2s") > Card("Ah") > Card("Kh")  # suit order clubs < diamonds < hearts < spades
    assert Card("Ac") < Card("2d")
    assert sorted([Card("As"), Card("2c"), Card("Td")]) == [Card("2c"), Card("Td"), Card("As")]
    assert len(set(DECK)) == 52


def test_cards_compare_only_with_cards() -> None:
    assert Card("As") <= Card("As") and Card("As") >= Card("As")
    assert Card("2c") <= Card("3c") and Card("3c") >= Card("2c")
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(Card("As"), op)(51) is NotImplemented
    with pytest.raises(TypeError):
        _ = Card("As") < "Ks"  # type: ignore[operator]


def test_card_attributes_and_unicode() -> None:
    card = Card("Qh")
    assert card.rank is Rank.QUEEN
    assert card.suit is Suit.HEARTS
    assert card.index == 2 * 13 + 10
    assert card.mask == 1 << card.index
    assert card.to_text(unicode=True) == "Q♥"
    assert card.to_text() == "Qh"
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]


def test_card_pickles_to_the_interned_card() -> None:
    assert pickle.loads(pickle.dumps(Card("7d"))) is Card("7d")


def test_parse_cards_keeps_order_and_accepts_commas() -> None:
    assert parse_cards("2c, As Td,Kh") == [Card("2c"), Card("As"), Card("Td"), Card("Kh")]
    with pytest.raises(NotationError) as info:
        parse_cards("As Kx Td")
    assert info.value.token == "Kx"


# -- hands ----------------------------------------------------------------------------------------


def test_hand_dotted_form_round_trips() -> None:
    text = "AKQ7.T9.J842.53"
    hand = Hand(text)
    assert hand.to_text() == text
    assert str(hand) == text
    assert len(hand) == 12  # 4 + 2 + 4 + 2
    assert hand.count(Suit.SPADES) == 4
    assert hand.count(Suit.CLUBS) == 2
    assert hand.of_suit(Suit.HEARTS) == Hand("Th 9h")
    assert Hand(hand.to_text()) == hand


def test_hand_iterates_spades_first_high_to_low() -> None:
    hand = Hand("2c As 9h Ac Kh Td")
    assert [str(card) for card in hand] == ["As", "Kh", "9h", "Td", "Ac", "2c"]
    assert hand.cards_text() == "As Kh 9h Td Ac 2c"


def test_hand_voids_with_dash_or_nothing() -> None:
    with_dashes = Hand("AKQ.-.-.32")
    assert with_dashes == Hand("AKQ...32") == Hand("As Ks Qs 3c 2c")
    assert Hand(with_dashes.to_text()) == with_dashes
    assert Hand("-.-.-.-") == Hand() == Hand("...")
    assert with_dashes.to_text(unicode=True) == "♠AKQ ♥- ♦- ♣32"


def test_hand_accepts_ten_as_10_and_lower_case() -> None:
    assert Hand("A10.-.-.-") == Hand("AT.-.-.-") == Hand("at.-.-.-")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("AA.-.-.-", "A"),
        ("AKQ.K.K.KK", "K"),
        ("AX.-.-.-", "X"),
        ("A1.-.-.-", "1"),
    ],
)
def test_hand_rejects_bad_dotted_text(text: str, token: str) -> None:
    with pytest.raises(NotationError) as info:
        Hand(text)
    assert info.value.token == token


@pytest.mark.parametrize("text", ["AKQ.T9.J84", "A.K.Q.J.T", "."])
def test_hand_rejects_wrong_group_count(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Hand(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("cards", ["As AS", ["As", "A♠"], [Card("2c"), "2c"], "As Kh as"])
def test_hand_rejects_duplicates(cards: object) -> None:
    with pytest.raises(NotationError) as info:
        Hand(cards)  # type: ignore[arg-type]
    assert info.value.reason == "duplicate_card"


def test_hand_from_mask_bounds() -> None:
    assert Hand.from_mask(0) == Hand()
    assert Hand.full_deck() == Hand(DECK)
    for bad in (-1, 1 << 54, "3"):
        with pytest.raises(ValueError):
            Hand.from_mask(bad)  # type: ignore[arg-type]


def test_hand_is_immutable_and_pickles() -> None:
    hand = Hand("AKQ7.T9.J842.53")
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_hand_contains_texts_and_rejects_nonsense_quietly() -> None:
    hand = Hand("As Kh")
    assert "As" in hand
    assert "AS" in hand
    assert Card("Kh") in hand
    assert "Qh" not in hand
    assert "zz" not in hand
    assert 51 not in hand


card_sets = st.frozensets(st.sampled_from(DECK))


@settings(max_examples=200)
@given(card_sets, card_sets)
def test_hand_set_operations_match_python_sets(a: frozenset[Card], b: frozenset[Card]) -> None:
    """Every set operation on hands gives what the same operation on Python sets gives."""
    ha, hb = Hand(a), Hand(b)
    assert set(ha) == a
    assert len(ha) == len(a)
    assert set(ha | hb) == a | b
    assert set(ha & hb) == a & b
    assert set(ha - hb) == a - b
    assert set(ha ^ hb) == a ^ b
    assert (ha <= hb) == (a <= b)
    assert (ha < hb) == (a < b)
    assert (ha >= hb) == (a >= b)
    assert (ha > hb) == (a > b)
    assert (ha == hb) == (a == b)
    assert ha.isdisjoint(hb) == a.isdisjoint(b)
    # Mixed operands: a Hand with a Python set, either side, is still a Hand.
    assert isinstance(ha | b, Hand) and set(ha | b) == a | b
    assert isinstance(b | ha, Hand) and set(b | ha) == a | b
    assert isinstance(b & ha, Hand) and set(b & ha) == a & b
    assert isinstance(b - ha, Hand) and set(b - ha) == b - a
    assert isinstance(b ^ ha, Hand) and set(b ^ ha) == a ^ b
    assert ha == a
    assert all(card in ha for card in a)
    assert all(card not in ha for card in set(DECK) - a)


@given(card_sets)
def test_equal_hand_and_frozenset_hash_alike(cards: frozenset[Card]) -> None:
    """Python's rule: objects that compare equal have equal hashes."""
    hand = Hand(cards)
    assert hand == cards
    assert hash(hand) == hash(cards)


@given(card_sets)
def test_hand_text_round_trips(cards: frozenset[Card]) -> None:
    hand = Hand(cards)
    assert Hand(hand.to_text()) == hand
    assert Hand(hand.cards_text()) == hand
    assert eval(repr(hand), {"Hand": Hand}) == hand


# -- reprs round-trip -----------------------------------------------------------------------------

NAMESPACE = {
    **{name: getattr(spades, name) for name in spades.__all__},
    **{name: getattr(spades.rules, name) for name in spades.rules.__all__},
}


@pytest.mark.parametrize(
    "obj",
    [
        Card("As"),
        Card("Td"),
        Hand("AKQ7.T9.J842.53"),
        Hand(),
        Hand("As"),
        Bid(4),
        Bid.NIL,
        Bid.BLIND_NIL,
        Bid(13, seat=E),
        Bid(0, seat=W),
        Bid(0, blind=True, seat=S),
        Play("As"),
        Play("2c", seat=N),
        Exchange("As Kh"),
        Exchange("2c 3d", seat=W),
        Exchange(Hand()),
        Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95")),
        RuleSet(),
        RuleSet(direction=Direction.COUNTERCLOCKWISE, losing_score=-200),
        Seat.N,
        Team.EW,
        Suit.HEARTS,
        Rank.TEN,
        Direction.CLOCKWISE,
    ],
    ids=repr,
)
def test_repr_rebuilds_the_object(obj: object) -> None:
    text = repr(obj)
    rebuilt = eval(text, dict(NAMESPACE))
    assert rebuilt == obj
    assert type(rebuilt) is type(obj)
    assert repr(rebuilt) == text


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_reads_back_from_its_texts_and_its_repr(card: Card) -> None:
    assert Card(str(card)) is card and parse_card(str(card)) is card
    assert Card(card.to_text(unicode=True)) is card
    assert eval(repr(card), {"Card": Card}) is card


@given(card_sets)
def test_a_hand_reads_back_from_its_unicode_text_and_str(cards: frozenset[Card]) -> None:
    hand = Hand(cards)
    assert Hand(str(hand)) == hand
    assert Hand(hand.cards_text(unicode=True)) == hand


def test_reprs_are_short() -> None:
    assert repr(Card("As")) == "Card('As')"
    assert repr(Hand("AKQ7.T9.J842.53")) == "Hand('AKQ7.T9.J842.53')"
    assert repr(Bid(4)) == "Bid(4)"
    assert repr(Bid.NIL) == "Bid.NIL"
    assert repr(Play("As", seat=N)) == "Play('As', seat=Seat.N)"
    assert repr(RuleSet()) == "RuleSet()"


@settings(max_examples=100)
@given(rulesets())
def test_ruleset_repr_rebuilds_any_ruleset(rules: RuleSet) -> None:
    assert eval(repr(rules), dict(NAMESPACE)) == rules


@settings(max_examples=50)
@given(deals())
def test_deal_repr_rebuilds_any_deal(deal: Deal) -> None:
    rebuilt = eval(repr(deal), dict(NAMESPACE))
    assert rebuilt == deal
    assert rebuilt.hands == deal.hands


@settings(max_examples=50)
@given(st.sampled_from(Seat), st.integers(0, 13), st.booleans())
def test_bid_and_play_reprs_rebuild(seat: Seat, tricks: int, named: bool) -> None:
    who = seat if named else None
    bid = Bid(tricks, seat=who)
    assert eval(repr(bid), dict(NAMESPACE)) == bid
    play = Play(DECK[tricks * 3], seat=who)
    assert eval(repr(play), dict(NAMESPACE)) == play


# -- bids -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("4", Bid(4)),
        ("13", Bid(13)),
        ("nil", Bid.NIL),
        ("NIL", Bid.NIL),
        ("blind nil", Bid.BLIND_NIL),
        ("Blind Nil", Bid.BLIND_NIL),
        ("0", Bid.NIL),
    ],
)
def test_bid_parse(text: str, bid: Bid) -> None:
    assert Bid.parse(text) == bid
    assert Bid.parse(str(bid)) == bid


def test_bid_zero_is_nil_only_where_the_rules_say() -> None:
    assert Bid.parse("nil", zero_is_nil=False) == Bid.NIL
    with pytest.raises(NotationError) as info:
        Bid.parse("0", zero_is_nil=False)
    assert info.value.token == "0"


@pytest.mark.parametrize("text", ["four", "", "--1", "3.5", "nil 3"])
def test_bid_parse_rejects_quoting_the_token(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Bid.parse(text)
    assert info.value.token == text


def test_a_whole_number_out_of_range_is_read_for_the_rules_to_judge() -> None:
    # '-1' and '14' are bids the rules refuse, with the sentence check() gives the numbers.
    assert Bid.parse("-1") == Bid(-1) and Bid.parse("14") == Bid(14)


def test_any_number_can_be_built_blind() -> None:
    # Whether a blind number bid is legal is check()'s to say (the blind_bid option).
    assert str(Bid(3, blind=True)) == "blind 3" and not Bid(3, blind=True).is_nil
    with pytest.raises(NotationError):
        Bid("3")  # type: ignore[arg-type]
    assert Bid.BLIND_NIL.is_nil and Bid.NIL.is_nil and not Bid(1).is_nil
    assert str(Bid.BLIND_NIL) == "blind nil"
    assert str(Bid.NIL) == "nil"
    assert str(Bid(7)) == "7"


# -- seats and teams ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seat"),
    [("N", N), ("n", N), ("north", N), ("North", N), (" E ", E), ("south", S), ("W", W)],
)
def test_seat_parse(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat
    assert Seat.parse(str(seat)) is seat
    assert Seat.parse(seat.full_name) is seat


@pytest.mark.parametrize("text", ["X", "", "NS", "northeast", "1"])
def test_seat_parse_rejects_quoting_the_token(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Seat.parse(text)
    assert info.value.token == text
    assert repr(text) in str(info.value)


@pytest.mark.parametrize(
    ("text", "team"),
    [("NS", Team.NS), ("ns", Team.NS), ("SN", Team.NS), ("EW", Team.EW), ("we", Team.EW)],
)
def test_team_parse(text: str, team: Team) -> None:
    assert Team.parse(text) is team


@pytest.mark.parametrize("text", ["NE", "N", "", "NSEW"])
def test_team_parse_rejects_quoting_the_token(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Team.parse(text)
    assert info.value.token == text


def test_partners_sit_opposite() -> None:
    assert (N.partner, E.partner, S.partner, W.partner) == (S, W, N, E)
    assert N.team is S.team is Team.NS
    assert E.team is W.team is Team.EW
    assert Team.NS.seats == (N, S)
    assert Team.EW.seats == (E, W)
    assert Team.NS.other is Team.EW and Team.EW.other is Team.NS


@pytest.mark.parametrize(
    "preset", ["standard", "partners_app", "solo_5_bags", "cutthroat3", "two_player"]
)
def test_seat_after_follows_the_table(preset: str) -> None:
    """Clockwise N E S W: the next seat is a player's left; counterclockwise it is the right; at a
    table of three or two, only the seats in play (the witness is written from those words)."""
    rules = find_ruleset(preset)
    state = new_game(rules)
    for seat in rules.seats:
        assert state.seat_after(seat) is next_seat(seat, rules.direction, rules.players)
        assert state.seat_after(seat.name.lower()) is state.seat_after(seat)
    missing = [seat for seat in Seat if seat not in rules.seats]
    for seat in missing:
        with pytest.raises(NotationError, match="has no player at a table of"):
            state.seat_after(seat)


def test_seat_and_suit_text() -> None:
    assert [str(s) for s in Seat] == ["N", "E", "S", "W"]
    assert [s.full_name for s in Seat] == ["North", "East", "South", "West"]
    assert [str(s) for s in Suit] == ["c", "d", "h", "s"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert Suit.HEARTS.plural == "hearts" and Suit.HEARTS.singular == "heart"
    assert "".join(str(r) for r in Rank) == "23456789TJQKA"


def test_actions_name_their_seat_from_text() -> None:
    assert Play("As", seat="north").seat is N
    assert Bid(3, seat="E").seat is E
    with pytest.raises(NotationError):
        Play("As", seat="X")
    with pytest.raises(NotationError):
        Play("As", seat=7)  # type: ignore[arg-type]


def test_the_draws_actions_as_text() -> None:
    """Two players' draw (``two_player``): a card drawn, then kept or discarded."""
    state = apply(new_game(find_ruleset("two_player")), Draw("Qh"))
    assert state.parse_action("keep") == Keep(seat=E)
    assert state.parse_action(" Discard ") == Discard(seat=E)
    with pytest.raises(NotationError, match="type 'keep' or 'discard', not 'qh'"):
        state.parse_action("qh")
    assert (repr(Draw("Qh")), str(Draw("Qh"))) == ("Draw('Qh')", "draw Qh")
    assert (repr(Keep(seat=E)), str(Keep()), repr(Discard()), str(Discard())) == (
        "Keep(seat=Seat.E)",
        "keep",
        "Discard()",
        "discard",
    )
    text = str(state)
    assert "Hand 1, dealer N: draw, East to draw." in text
    assert "Discarded: N 0, E 0; 51 cards in the stock; East drew Q♥: keep or discard?" in text


def test_deal_needs_four_hands() -> None:
    with pytest.raises(NotationError, match=r"A deal has four hands .* not 1"):
        Deal(("AKQ.-.-.-",))
    assert len(Deal(("AKQ.-.-.-", "-.-.-.-")).hands) == 2  # two players' hands as drawn
    deal = Deal.random(1)
    assert deal == Deal.random(1)
    assert Hand(deal[N] | deal[E] | deal[S] | deal[W]) == Hand.full_deck()
    assert all(len(hand) == 13 for hand in deal.hands)
