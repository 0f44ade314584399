"""Misdeals and throw-ins as data (issue 21): the misdeal conditions a dealt hand may be thrown in
for (at most so many spades, a long suit, no face card with or without the ace, either or both),
and the throw-in after the bidding when the bids total too few (redeal_below_total).

The sources: pagat as quoted by moviecultists ("The most common rule is that a misdeal may be
called by a player with no spades. Some allow a misdeal with one spade, with a 7-card or longer
suit, or with no face cards."); holdingthecards ("a hand with 1 or no spades or no face cards");
the University of Alabama Homecoming tournament (a misdeal for no spades or for "no face cards
(Ace, King, Queen, Jack)"; "Total bids for both teams combined must equal 11 or more. A total bid
of 10 or less will require all players to 'throw in' their hands").
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import (
    Bid,
    Deal,
    GameState,
    Hand,
    Reason,
    Redeal,
    RuleSet,
    Seat,
    Standing,
    apply,
    check,
    legal_actions,
    new_game,
    view,
)
from spades._kernel.cards import FULL_DECK
from spades._kernel.deal import may_call_redeal, redeal_for_total
from spades._kernel.table import table_of
from spades.bots import Level, make_player
from spades.cli.news import tell
from spades.cli.screen import Style
from spades.errors import RuleSetError
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    dumps,
    loads,
    replay,
    score_sheet,
    to_record,
    verify,
)
from spades.rules import MisdealCombine, MisdealFaceCards, RedealRule
from spades.table import Table
from tables import TableKind

ONE_SPADE = RuleSet(misdeal_max_spades=1)
SEVEN = RuleSet(misdeal_long_suit=7)
ACES_COUNT = RuleSet(misdeal_face_cards="akqj")
#: The University of Alabama Homecoming tournament's misdeal: no spades, or no face cards
#: (Ace, King, Queen, Jack).
ALABAMA = RuleSet(misdeal_max_spades=0, misdeal_face_cards="akqj")
#: The Gentleman's Bid: a total of 10 or less throws the hand in.
GENTLEMAN = RuleSet(redeal_below_total=11)


def qualifies(rules: RuleSet, hand: str) -> bool:
    return may_call_redeal(table_of(rules), Hand(hand).mask)


def rest_dealt(first: Hand, seed: int = 0) -> Deal:
    """A deal where North holds ``first`` and the rest is shuffled."""
    rest = [card for card in Hand.from_mask(FULL_DECK) if card not in first]
    random.Random(seed).shuffle(rest)
    return Deal((first, Hand(rest[:13]), Hand(rest[13:26]), Hand(rest[26:])))


# -- the conditions ----------------------------------------------------------------------------


def test_one_spade_qualifies_under_at_most_one_and_two_do_not() -> None:
    assert qualifies(ONE_SPADE, "5.AKQJT.AKQJ.AKQ")  # pagat's "with one spade"
    assert qualifies(ONE_SPADE, "-.AKQJT9.AKQJ.AKQ")  # no spade is at most one
    assert not qualifies(ONE_SPADE, "52.AKQJT.AKQJ.AK")
    assert qualifies(RuleSet(misdeal_max_spades=0), "-.AKQJT9.AKQJ.AKQ")
    assert not qualifies(RuleSet(misdeal_max_spades=0), "5.AKQJT.AKQJ.AKQ")


def test_a_joker_is_a_spade_for_the_count() -> None:
    jokers = RuleSet(deck="jokers", misdeal_max_spades=0)
    # The big joker is the only spade: one spade under the jokers deck, so no misdeal at 0.
    assert not qualifies(jokers, "BJ.AKQJT.AKQJ.AKQ")
    assert qualifies(jokers.evolve(misdeal_max_spades=1), "BJ.AKQJT.AKQJ.AKQ")


def test_a_seven_card_suit_qualifies_and_six_does_not() -> None:
    assert qualifies(SEVEN, "A.AKQJT98.KQ.AKQ")  # seven hearts
    assert qualifies(SEVEN, "AKQJT98.A.KQ.AKQ")  # seven spades: a suit like any other
    assert not qualifies(SEVEN, "AK.AKQJT9.KQ.AKQ")


def test_the_ace_counts_as_a_face_card_only_under_akqj() -> None:
    aces = "A5432.A5432.A32.-"  # aces, no jack, queen or king
    assert qualifies(RuleSet(misdeal_face_cards="jqk"), aces)
    assert not qualifies(ACES_COUNT, aces)
    assert qualifies(ACES_COUNT, "T5432.T5432.T32.-")
    assert not qualifies(ACES_COUNT, "J5432.T5432.T32.-")


def test_either_and_both() -> None:
    no_spade_with_faces = "-.AKQJT9.AKQJ.AKQ"
    no_spade_no_faces = "-.T98765.T987.T9"
    spades_no_faces = "T98.765432.T98.T"
    assert qualifies(ALABAMA, no_spade_with_faces) and qualifies(ALABAMA, spades_no_faces)
    both = ALABAMA.evolve(misdeal_combine="both")
    assert both.misdeal_combine is MisdealCombine.BOTH
    assert qualifies(both, no_spade_no_faces)
    assert not qualifies(both, no_spade_with_faces) and not qualifies(both, spades_no_faces)


@given(st.randoms(use_true_random=False), st.sampled_from(list(RedealRule)))
def test_the_redeal_option_is_the_same_rule_as_its_misdeal_conditions(
    rng: random.Random, redeal: RedealRule
) -> None:
    written = {
        RedealRule.NONE: RuleSet(),
        RedealRule.NO_SPADES: RuleSet(misdeal_max_spades=0),
        RedealRule.NO_FACE_CARDS: RuleSet(misdeal_face_cards="jqk"),
        RedealRule.NO_SPADES_OR_FACE_CARDS: RuleSet(misdeal_max_spades=0, misdeal_face_cards="jqk"),
    }[redeal]
    cards = list(Hand.from_mask(FULL_DECK))
    rng.shuffle(cards)
    for size in (13, 13, 13):
        hand = Hand(cards[:size]).mask
        rng.shuffle(cards)
        assert may_call_redeal(table_of(RuleSet(redeal=redeal)), hand) is may_call_redeal(
            table_of(written), hand
        )


def test_the_options_read_their_text_and_round_trip() -> None:
    rules = RuleSet.from_dict(
        {"misdeal_max_spades": 1, "misdeal_long_suit": 7, "misdeal_combine": "both"}
    )
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert eval(repr(rules), vars(__import__("spades.rules").rules)) == rules
    assert RuleSet.parse_option("misdeal_face_cards", "AKQJ") == (
        "misdeal_face_cards",
        MisdealFaceCards.AKQJ,
    )
    assert RuleSet.parse_option("redeal_below_total", "none") == ("redeal_below_total", None)
    assert "7-card" in RuleSet.describe("misdeal_long_suit")
    assert "Gentleman" in RuleSet.describe("redeal_below_total")


@pytest.mark.parametrize(
    ("options", "option", "sentence"),
    [
        (
            {"redeal": "no_spades", "misdeal_max_spades": 1},
            "misdeal_max_spades",
            "misdeal_max_spades cannot go with redeal no_spades: both say whose hand may be "
            "thrown in; write the rule one way (redeal no_spades is misdeal_max_spades=0), or "
            "leave misdeal_max_spades at None.",
        ),
        (
            {"misdeal_max_spades": 0, "misdeal_combine": "both"},
            "misdeal_combine",
            "misdeal_combine has no effect unless two misdeal conditions or more are set "
            "(misdeal_max_spades, misdeal_long_suit, misdeal_face_cards); set a second one or "
            "leave misdeal_combine at MisdealCombine.EITHER.",
        ),
        (
            {"misdeal_long_suit": 14},
            "misdeal_long_suit",
            "misdeal_long_suit must be at most 13, the cards and tricks of a hand under these "
            "rules, not 14.",
        ),
        (
            {"redeal_below_total": 11, "min_total_bid": 11},
            "redeal_below_total",
            "redeal_below_total 11 has no effect with min_total_bid 11, which already keeps "
            "the bids' total at 11 or more; lower min_total_bid or leave redeal_below_total "
            "None.",
        ),
    ],
)
def test_combinations_refused(options: dict[str, object], option: str, sentence: str) -> None:
    with pytest.raises(RuleSetError) as caught:
        RuleSet(**options)  # type: ignore[arg-type]
    assert caught.value.option == option and str(caught.value) == sentence


def test_three_players_hold_seventeen_cards() -> None:
    cutthroat = {"players": 3, "partnerships": False}
    assert RuleSet(**cutthroat, misdeal_long_suit=17).misdeal_long_suit == 17  # type: ignore[arg-type]
    with pytest.raises(RuleSetError, match="at most 17"):
        RuleSet(**cutthroat, redeal_below_total=18)  # type: ignore[arg-type]


@pytest.mark.parametrize("deck", ["standard", "jokers", "jjda", "jjdd", "deuces_high"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_limit_is_the_cards_a_seat_is_dealt(players: int, deck: str) -> None:
    # The rules' check counts the tricks of a hand on its own (the rules sit below the kernel);
    # its witness is the deal itself: the cards a seat holds after a real deal of these rules.
    base = {"players": players, "partnerships": players == 4, "deck": deck}
    if players == 2:
        base["deal_method"] = "draw_keep_discard"
    try:
        rules = RuleSet(**base)  # type: ignore[arg-type]
    except RuleSetError:
        return  # a deck this table does not play
    if players == 2:
        cards = 13  # each keeps 13 of the stock (the draw's rule, searchamateur)
    else:
        deal = Deal.random(1, rules)
        (cards,) = {len(deal[seat]) for seat in rules.seats}
    assert RuleSet(**base, misdeal_long_suit=cards).misdeal_long_suit == cards  # type: ignore[arg-type]
    with pytest.raises(RuleSetError, match=f"at most {cards},"):
        RuleSet(**base, misdeal_long_suit=cards + 1)  # type: ignore[arg-type]


# -- the call in play, its refusal, the record ----------------------------------------------------


def test_a_refused_call_names_the_conditions() -> None:
    rules = RuleSet(misdeal_max_spades=1, misdeal_long_suit=7)
    deal = rest_dealt(Hand("AK.AKQJT9.KQ.AKQ"))
    state = apply(new_game(rules, dealer="W"), deal)  # North bids first
    violation = check(state, Redeal())
    assert violation is not None and violation.reason is Reason.REDEAL_NOT_ALLOWED
    assert violation.option == "misdeal_max_spades"
    assert violation.message == (
        "North may not call for a redeal: only a hand with at most 1 spade or 7 or more cards "
        "of one suit may be thrown in (misdeal_max_spades 1, misdeal_long_suit 7), and North "
        "holds 2 spades and 6 cards of its longest suit."
    )


def test_a_qualifying_call_is_played_recorded_and_verified() -> None:
    rules = ALABAMA
    deal = rest_dealt(Hand("T98.765432.T98.T"))  # spades, but no ace or face card
    state = apply(new_game(rules, dealer="W"), deal)
    assert Redeal(seat=Seat.N) in legal_actions(state)
    state = apply(state, Redeal())
    assert state.needs_deal and state.dealer is Seat.W and state.hand_number == 1
    state = apply(state, Deal.random(5))
    record = to_record(state)
    assert record.hands[0].redeal is Seat.N
    report = verify(loads(dumps(record)))
    assert report.ok, report.problems
    assert report.hands[0].redeal_grounds == "no ace or face card"
    assert "hand 1 thrown in: North held no ace or face card, redealt by W" in score_sheet(report)


def test_the_grounds_name_every_condition_met() -> None:
    rules = RuleSet(misdeal_max_spades=1, misdeal_long_suit=7, misdeal_combine="both")
    record = GameRecord(
        rules=rules,
        start=Standing(dealer=Seat.W),
        hands=[HandRecord(bids=[None] * 4, deal=rest_dealt(Hand("5.AKQJT98.KQ.AKQ")), redeal="N")],
    )
    report = verify(record)
    assert report.ok, report.problems
    assert report.hands[0].redeal_grounds == "1 spade and 7 hearts"


# -- the bids' total ---------------------------------------------------------------------------


def bid_out(rules: RuleSet, bids: tuple[int, ...], seed: int = 1) -> GameState:
    state = apply(new_game(rules), Deal.random(seed))  # North deals, East bids first
    for tricks in bids:
        state = apply(state, Bid(tricks))
    return state


def test_a_total_of_ten_is_thrown_in_and_eleven_is_played() -> None:
    thrown = bid_out(GENTLEMAN, (3, 2, 3, 2))
    assert thrown.needs_deal and thrown.dealer is Seat.N and thrown.hand_number == 1
    assert thrown.scores == (0, 0) and thrown.history == ()
    assert thrown.last_action == Bid(2, seat=Seat.N)
    played = bid_out(GENTLEMAN, (3, 2, 3, 3))
    assert played.phase.value == "play"
    # Nil counts 0 toward the total.
    assert bid_out(GENTLEMAN, (0, 5, 3, 2)).needs_deal
    table = table_of(GENTLEMAN)
    assert redeal_for_total(table, [(3, False), (2, False), (3, False), (2, False)]) == 10
    assert redeal_for_total(table, [(3, False), (2, False), (3, False), (3, False)]) is None
    assert redeal_for_total(table, [(3, False), None, None, None]) is None  # bidding not over
    assert redeal_for_total(table_of(RuleSet()), [(0, False)] * 4) is None


def test_a_hand_thrown_in_for_its_total_is_recorded_read_back_and_verified() -> None:
    state = bid_out(GENTLEMAN, (3, 2, 3, 2))
    state = apply(state, Deal.random(2))
    for tricks in (4, 3, 3, 2):
        state = apply(state, Bid(tricks))
    while not state.needs_deal:
        state = apply(state, legal_actions(state)[0])
    record = to_record(state)
    assert len(record.hands) == 2
    thrown = record.hands[0]
    assert thrown.bids == (Bid(2), Bid(3), Bid(2), Bid(3)) and thrown.plays == ()
    assert thrown.redeal is None
    report = verify(loads(dumps(record)))
    assert report.ok, report.problems
    assert [hand.number for hand in report.hands] == [1, 1]
    assert report.hands[0].redeal_total == 10 and report.hands[0].score is None
    assert report.to_data()["hands"][0]["redeal_total"] == 10
    sheet = score_sheet(report)
    assert (
        "hand 1 thrown in: the bids total 10, too few (redeal_below_total), redealt by N" in sheet
    )
    assert report.standing.scores == state.scores
    assert [s for s, _ in replay(record)][-1] == state


def test_plays_recorded_for_a_hand_thrown_in_for_its_total_are_reported() -> None:
    played = bid_out(RuleSet(), (3, 2, 3, 2))
    while not played.needs_deal:
        played = apply(played, legal_actions(played)[0])
    hand = to_record(played).hands[0]
    report = verify(GameRecord(rules=GENTLEMAN, hands=[hand]))
    assert [problem.reason for problem in report.problems] == [RecordReason.THROWN_IN_PLAYED]
    assert report.problems[0].message == (
        "The bids total 10, fewer than 11 (redeal_below_total), so the hand is thrown in and "
        "dealt again; it has no exchange, plays or trick counts."
    )
    assert report.hands[0].redeal_total == 10


# -- the computer players --------------------------------------------------------------------------


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_whole_game_under_the_options(level: Level) -> None:
    rules = RuleSet(
        misdeal_max_spades=1,
        misdeal_long_suit=7,
        misdeal_face_cards="akqj",
        redeal_below_total=11,
        target_score=150,
        losing_score=-150,
    )
    weak = Hand("5.KQJT98.KQJT9.T")
    deals = [rest_dealt(weak, i) if i % 2 else Deal.random(i) for i in range(30)]
    state = Table([level] * 4, rules=rules, seed=3, deals=deals).play(hand_limit=300)
    assert state.is_over
    record = to_record(state)
    report = verify(record)
    assert report.ok, report.problems
    calls = [action for action in state.actions if isinstance(action, Redeal)]
    assert sum(hand.redeal is not None for hand in record.hands) == len(calls)
    assert not calls if level is Level.EASY else calls  # Easy never calls, as under redeal


def test_the_bots_call_a_misdeal_under_the_new_conditions_as_under_redeal() -> None:
    state = apply(new_game(ONE_SPADE, dealer="W"), rest_dealt(Hand("5.KQJT98.KQJT9.T")))
    seen = view(state, Seat.N)
    rng = random.Random(0)
    assert not isinstance(make_player("easy")(seen, rng), Redeal)
    for level in ("medium", "hard", "expert"):
        assert make_player(level)(seen, rng) == Redeal(seat=Seat.N), level


def test_the_command_line_tells_the_table_of_a_throw_in_for_the_total() -> None:
    before = bid_out(GENTLEMAN, (3, 2, 3))  # North, the dealer, bids last
    after = apply(before, Bid(2))
    lines = tell(before, Bid(2), after, Style(colour=False, symbols=False, terminal=False))
    assert lines == [
        "North bids 2.",
        "The bids total too few (redeal_below_total 11): the hand is thrown in and North deals "
        "again.",
    ]


def test_every_table_throws_in_for_the_total_and_verifies_it(table_kind: TableKind) -> None:
    # A total below every possible bid total but all nils: the computers' bids throw hands in
    # often, and each throw-in is recorded, read back and verified at every table.
    rules = table_kind.rules.evolve(
        redeal_below_total=table_kind.tricks - 2, target_score=120, losing_score=-120
    )
    state = Table([Level.EASY] * rules.players, rules=rules, seed=2).play(hand_limit=400)
    assert state.is_over
    report = verify(loads(dumps(to_record(state))))
    assert report.ok, report.problems
    thrown = [hand for hand in report.hands if hand.redeal_total is not None]
    assert thrown
    assert all(hand.redeal_total < table_kind.tricks - 2 for hand in thrown)
    assert all(hand.score is None for hand in thrown)
