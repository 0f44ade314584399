"""RuleSet: validation (with what each table, alone, of three and of two, cannot play), repr,
serialisation, option parsing, documentation, diff and evolve."""

from __future__ import annotations

import json

import attrs
import pytest

import spades
import spades.rules
from spades import Direction, RuleSet, RuleSetError, find_ruleset
from spades.rules import (
    OPTION_NAMES,
    PRESETS,
    BagRemainder,
    BlindBidBy,
    Deck,
    DoubleNil,
    EarlySpadeLead,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    MisdealCombine,
    MisdealFaceCards,
    Moon,
    RedealRule,
    RemovedTwos,
    RenegePenalty,
    ScoreDisplay,
    SpadesBreaking,
    SpareCards,
    TieRule,
)

BLIND = {"blind_nil": True}
#: Every player alone, as cutthroat's special bids need.
ALONE = {"partnerships": False}

# -- validation -----------------------------------------------------------------------------------

BAD_VALUES = [
    ("direction", "clockwiser", {}),
    ("direction", 1, {}),
    ("first_lead", "2c", {}),
    ("deck", "pinochle", {}),
    ("deck", 54, {}),
    ("partnerships", "no", {}),
    ("partnerships", 0, {}),
    ("players", 1, {"partnerships": False}),
    ("deal_method", "deal", {"players": 2, "partnerships": False}),
    ("deal_method", "draw_keep_discard", {}),
    ("deal_method", "draw_keep_discard", {"players": 3, "partnerships": False}),
    ("deal_method", "shuffle", {}),
    ("deck", "jjdd", {"players": 2, "partnerships": False, "deal_method": "draw_keep_discard"}),
    (
        "first_lead",
        "two_of_clubs",
        {"players": 2, "partnerships": False, "deal_method": "draw_keep_discard"},
    ),
    ("partnerships", True, {"players": 2, "deal_method": "draw_keep_discard"}),
    ("players", 5, {"partnerships": False}),
    ("players", "three", {"partnerships": False}),
    ("partnerships", True, {"players": 3}),
    ("deck", "jjdd", {"players": 3, "partnerships": False}),
    ("deck", "deuces_high", {"players": 3, "partnerships": False}),
    ("removed_twos", "clubs_diamonds", {"players": 3, "partnerships": False, "deck": "jokers"}),
    ("nil_exchange", 2, {"partnerships": False}),
    ("blind_nil_exchange", 2, {"partnerships": False, "blind_nil": True}),
    ("min_team_bid", 4, {"partnerships": False}),
    ("nil_partner_min_bid", 4, {"partnerships": False}),
    ("double_nil", "unit", {"partnerships": False}),
    ("bag_back", True, {"partnerships": False}),
    ("forced_bidding", "suicide", {"partnerships": False}),
    ("failed_nil_tricks", "count_toward_contract", {"partnerships": False}),
    ("renege_penalty", "tricks", {"partnerships": False}),
    ("renege_penalty", "points", {"partnerships": False}),
    ("removed_twos", "hearts_spades", {"deck": "jokers"}),
    ("removed_twos", "hearts_diamonds", {"deck": "jjdd"}),
    ("removed_twos", "clubs_diamonds", {}),
    ("spare_cards", "dealer_discard", {"deck": "jokers"}),
    ("spare_cards", "dealer_discards", {}),
    ("spare_cards", "two_of_clubs_discards", {"deck": "jjdd"}),
    ("spare_cards", "dealer_discards", {"deck": "jjda"}),
    ("spare_cards", "dealer_discards", {"deck": "jokers", "players": 3, "partnerships": False}),
    ("removed_twos", "clubs_diamonds", {"deck": "jokers", "spare_cards": "dealer_discards"}),
    ("first_lead", "two_of_clubs", {"deck": "jokers", "spare_cards": "dealer_discards"}),
    ("zero_bid_is_nil", 1, {}),
    ("zero_bid_is_nil", "yes", {}),
    ("blind_nil", None, {}),
    ("blind_nil_min_deficit", -1, BLIND),
    ("blind_nil_min_deficit", 100.0, BLIND),
    ("blind_nil_min_deficit", True, BLIND),
    ("blind_nil_exchange", -1, BLIND),
    ("blind_nil_exchange", 14, BLIND),
    ("blind_nil_exchange", None, BLIND),
    ("points_per_bid_trick", -10, {}),
    ("points_per_bid_trick", "10", {}),
    ("points_per_bid_trick", True, {}),
    ("points_per_bag", -1, {}),
    ("set_penalty_per_trick", -10, {}),
    ("nil_bonus", -100, {}),
    ("nil_penalty", -100, {}),
    ("blind_nil_bonus", -200, BLIND),
    ("blind_nil_penalty", -200, BLIND),
    ("failed_nil_tricks", "bag_only", {}),
    ("bag_threshold", 0, {}),
    ("bag_threshold", None, {}),
    ("bag_penalty", -100, {}),
    ("bag_remainder", "resets", {}),
    ("bag_penalty_once_per_hand", "no", {}),
    ("spades_breaking", "trumps", {}),
    ("spades_breaking", TieRule.PLAY_ON, {}),
    ("target_score", 0, {}),
    ("target_score", -500, {}),
    ("target_score", 250.0, {}),
    ("target_score", None, {}),
    ("losing_score", 0, {}),
    ("losing_score", 200, {}),
    ("losing_score", "-200", {}),
    ("tie_at_target", "share", {}),
    ("max_hands", 0, {}),
    ("max_hands", -40, {}),
    ("blind_nil_first_hand", 0, BLIND),
    ("nil_exchange", 5, {}),
    ("nil_exchange", -1, {}),
    ("exchange_order", "partner", {"nil_exchange": 2}),
    ("nil_allowed", "no", {}),
    ("double_nil", "both", {}),
    ("min_player_bid", 0, {}),
    ("min_player_bid", 14, {}),
    ("min_team_bid", -1, {}),
    ("min_team_bid", 14, {}),
    ("nil_partner_min_bid", 14, {}),
    ("min_total_bid", 14, {}),
    ("min_total_bid", 4.0, {}),
    ("forbid_total_of_13", None, {}),
    ("forced_bidding", "mirrored", {}),
    ("big_bid", 0, {}),
    ("big_bid", 14, {}),
    ("big_bid_points", -200, {"big_bid": 10}),
    ("big_bid_penalty", -1, {"big_bid": 10}),
    ("big_bid_is_bonus", 1, {"big_bid": 10}),
    ("big_bid_overtricks_score", "false", {"big_bid": 10}),
    ("moon", 13, {}),
    ("moon_points", -200, {"moon": "bid_13"}),
    ("bag_back", None, {}),
    ("first_trick", "no_spade", {}),
    ("must_overtrump", "yes", {}),
    ("dealer_bids_first", "yes", {}),
    ("early_spade_lead", "legal", {}),
    ("tie_by_tens", 1, {}),
    ("tie_at_cap", "draw", {}),
    ("winning_bid", 0, {}),
    ("winning_bid", 19, {}),
    ("sets_to_lose", 0, {}),
    ("sets_to_lose", "3", {}),
    ("consecutive_sets_to_lose", 1, {}),
    ("consecutive_sets_to_lose", 2.0, {}),
    ("first_hand_min_tricks", 0, {}),
    ("first_hand_min_tricks", 2.5, {}),
    ("score_display", "paper", {}),
    ("score_display", 1, {}),
    ("score_display", "ones_digit", {"points_per_bag": 2}),
    ("redeal", "no_hearts", {}),
    ("redeal", True, {}),
    ("misdeal_max_spades", -1, {}),
    ("misdeal_max_spades", 19, {}),
    ("misdeal_max_spades", 1.0, {}),
    ("misdeal_long_suit", 4, {}),
    ("misdeal_long_suit", True, {}),
    ("misdeal_face_cards", "no_aces", {}),
    ("misdeal_face_cards", False, {}),
    ("misdeal_combine", "and", {"misdeal_max_spades": 0, "misdeal_long_suit": 7}),
    ("redeal_below_total", 0, {}),
    ("redeal_below_total", 19, {}),
    ("redeal_below_total", "11", {}),
    ("renege_penalty", "forfeit", {}),
    ("renege_penalty", 3, {}),
    ("renege_tricks", 0, {"renege_penalty": "tricks"}),
    ("renege_tricks", 14, {"renege_penalty": "tricks"}),
    ("blind_bid", 0, {}),
    ("blind_bid", 14, {}),
    ("blind_bid", True, {}),
    ("blind_bid", 6.0, {}),
    ("blind_bid_min_deficit", -1, {"blind_bid": 6}),
    ("blind_bid_min_deficit", 100.0, {"blind_bid": 6}),
    ("blind_bid_multiplier", 0, {"blind_bid": 6}),
    ("blind_bid_multiplier", True, {"blind_bid": 6}),
    ("blind_bid_by", "partner", {"blind_bid": 6}),
    ("blind_bid_points", -100, ALONE | {"blind_bid": 6}),
    ("blind_bid_points", 100.0, ALONE | {"blind_bid": 6}),
    ("one_bid_points", -50, ALONE),
    ("one_bid_points", True, ALONE),
    ("two_bid_points", -40, ALONE),
    ("two_bid_points", "40", ALONE),
    ("first_hand_trick_points", -10, {}),
    ("first_hand_trick_points", 10.0, {}),
    ("first_hand_trick_points", True, {}),
    ("first_hand_trick_points", "10", {}),
]


@pytest.mark.parametrize(
    ("option", "value", "extra"), BAD_VALUES, ids=[f"{o}={v!r}" for o, v, _ in BAD_VALUES]
)
def test_bad_value_names_the_option(option, value, extra):
    with pytest.raises(RuleSetError) as caught:
        RuleSet(**extra, **{option: value})
    assert caught.value.option == option
    assert option in str(caught.value)
    assert str(caught.value).endswith(".")
    with pytest.raises(RuleSetError) as again:
        RuleSet(**extra).evolve(**{option: value})
    assert again.value.option == option


def test_bad_values_cover_every_option():
    assert {option for option, _, _ in BAD_VALUES} == set(OPTION_NAMES)


def test_rule_set_error_is_a_value_error():
    with pytest.raises(ValueError):
        RuleSet(target_score=0)


@pytest.mark.parametrize(
    ("changes", "option", "mentions"),
    [
        (
            {"bag_penalty_once_per_hand": True, "bag_remainder": BagRemainder.RESET},
            "bag_penalty_once_per_hand",
            "bag_remainder",
        ),
        ({"blind_nil_min_deficit": 100}, "blind_nil_min_deficit", "blind_nil"),
        ({"blind_nil_exchange": 2}, "blind_nil_exchange", "blind_nil"),
        ({"blind_nil_first_hand": False}, "blind_nil_first_hand", "blind_nil"),
        ({"nil_allowed": False, "blind_nil": True}, "blind_nil", "nil_allowed"),
        ({"nil_allowed": False, "nil_exchange": 3}, "nil_exchange", "nil_allowed"),
        ({"nil_allowed": False, "double_nil": "unit"}, "double_nil", "nil_allowed"),
        ({"nil_allowed": False, "nil_partner_min_bid": 4}, "nil_partner_min_bid", "nil_allowed"),
        ({"exchange_order": "nil_bidder_first"}, "exchange_order", "exchange"),
        ({"big_bid_points": 120}, "big_bid_points", "big_bid"),
        ({"big_bid_is_bonus": True}, "big_bid_is_bonus", "big_bid"),
        ({"moon_points": 200}, "moon_points", "moon"),
        ({"first_trick": "lowest_club"}, "first_trick", "two_of_clubs"),
        ({"forced_bidding": "whiz", "nil_allowed": False}, "forced_bidding", "nil_allowed"),
        ({"forced_bidding": "mirror", "min_team_bid": 4}, "min_team_bid", "mirror"),
        (
            {"forced_bidding": "suicide", "forbid_total_of_13": True},
            "forbid_total_of_13",
            "suicide",
        ),
        ({"forced_bidding": "mirror", "blind_nil": True}, "blind_nil", "mirror"),
        ({"forced_bidding": "suicide", "blind_nil": True}, "blind_nil", "suicide"),
        ({"forced_bidding": "whiz", "double_nil": "forbidden"}, "double_nil", "whiz"),
        ({"forbid_total_of_13": True, "min_total_bid": 13}, "min_total_bid", "forbid_total_of_13"),
        ({"forbid_total_of_13": True, "min_team_bid": 13}, "min_team_bid", "forbid_total_of_13"),
        ({"renege_tricks": 2}, "renege_tricks", "renege_penalty"),
        ({"blind_bid_min_deficit": 100}, "blind_bid_min_deficit", "blind_bid"),
        ({"blind_bid_multiplier": 3}, "blind_bid_multiplier", "blind_bid"),
        ({"blind_bid": 6, "forced_bidding": "whiz"}, "blind_bid", "forced_bidding"),
        ({"renege_penalty": "set", "renege_tricks": 2}, "renege_tricks", "renege_penalty"),
        # Cutthroat's special bids are a player's own (skullwink): never a team's contract.
        ({"one_bid_points": 50}, "one_bid_points", "partnerships"),
        ({"two_bid_points": 40}, "two_bid_points", "partnerships"),
        ({"blind_bid": 6, "blind_bid_points": 100}, "blind_bid_points", "partnerships"),
        ({**ALONE, "blind_bid_points": 100}, "blind_bid_points", "blind_bid"),
        ({**ALONE, "one_bid_points": 50, "big_bid": 1}, "one_bid_points", "big_bid"),
        ({**ALONE, "two_bid_points": 40, "big_bid": 2}, "two_bid_points", "big_bid"),
        (
            {**ALONE, "blind_bid": 6, "blind_bid_points": 100, "big_bid": 6},
            "blind_bid_points",
            "big_bid",
        ),
        (
            {**ALONE, "blind_bid": 6, "blind_bid_points": 100, "blind_bid_multiplier": 3},
            "blind_bid_multiplier",
            "blind_bid_points",
        ),
        (
            {"first_hand_trick_points": 10, "blind_nil": True, "blind_nil_first_hand": False},
            "blind_nil_first_hand",
            "first_hand_trick_points",
        ),
    ],
)
def test_bad_combination_names_the_option(changes, option, mentions):
    with pytest.raises(RuleSetError) as caught:
        RuleSet(**changes)
    assert caught.value.option == option
    assert mentions in str(caught.value)


def test_good_combinations():
    RuleSet(bag_penalty_once_per_hand=True)
    RuleSet(blind_nil=True, blind_nil_min_deficit=100, blind_nil_exchange=2)
    RuleSet(blind_nil=True, blind_nil_min_deficit=0)
    RuleSet(losing_score=-1, target_score=1)
    RuleSet(max_hands=1)
    RuleSet(forced_bidding="whiz", blind_nil=True)
    RuleSet(forced_bidding="suicide", double_nil="forbidden")
    RuleSet(first_trick="lowest_club", first_lead="two_of_clubs")
    RuleSet(nil_exchange=3, exchange_order="nil_bidder_first")
    RuleSet(big_bid=10, big_bid_points=120, big_bid_is_bonus=True)
    RuleSet(moon="all_13", moon_points=0)
    RuleSet(forbid_total_of_13=True, min_team_bid=12, min_total_bid=12)
    RuleSet(nil_allowed=False, failed_nil_tricks="bags_only")
    RuleSet(first_hand_trick_points=0)
    RuleSet(first_hand_trick_points=10, blind_nil=True, redeal="no_spades", nil_exchange=2)
    RuleSet(first_hand_trick_points=10, renege_penalty="set", forced_bidding="suicide")


def test_turning_off_blind_nil_on_pagat_is_refused():
    """pagat's deficit and exchange mean nothing without blind nil."""
    with pytest.raises(RuleSetError) as caught:
        find_ruleset("pagat").evolve(blind_nil=False)
    assert caught.value.option in ("blind_nil_min_deficit", "blind_nil_exchange")


# -- what each table cannot play ------------------------------------------------------------------
# house-rules.md section 3: four players alone ("4-player individual: four players with no
# partnerships"), cutthroat ("3 players: remove 2♣, deal 17 each, everyone plays alone ... A
# 54-card version (with jokers) deals 18 each") and two-handed Spades ("No deal. Players alternately
# draw a card and either keep it or discard it ... 13 cards each; 26 go to waste"). Alone, the
# options that need a partner are refused.

SOLO = RuleSet(partnerships=False)
THREE = RuleSet(players=3, partnerships=False)
ALONE = {"players": 2, "partnerships": False, "deal_method": "draw_keep_discard"}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("nil_exchange", 3),
        ("min_team_bid", 4),
        ("nil_partner_min_bid", 4),
        ("double_nil", "forbidden"),
        ("bag_back", True),
        ("forced_bidding", "suicide"),
        ("failed_nil_tricks", "count_toward_contract"),
        ("renege_penalty", "tricks"),
        ("renege_penalty", "points"),
    ],
)
def test_an_option_that_needs_a_partner_is_refused_alone(name: str, value: object) -> None:
    with pytest.raises(RuleSetError) as raised:
        SOLO.evolve(**{name: value})
    assert raised.value.option == name
    assert "every player plays alone under partnerships False" in raised.value.message


def test_the_options_that_do_not_need_a_partner_stay() -> None:
    RuleSet(
        partnerships=False,
        blind_nil=True,
        blind_bid=6,
        failed_nil_tricks="bags_without_points",
        renege_penalty="set",
        big_bid=10,
        moon="all_13",
        deck="jokers",
    )
    RuleSet(partnerships=False, min_total_bid=11, min_player_bid=2)
    RuleSet(partnerships=False, forced_bidding="mirror")
    RuleSet(partnerships=False, forced_bidding="whiz", blind_nil=True)
    RuleSet(partnerships=False, forbid_total_of_13=True)


def test_what_three_cannot_play_is_refused() -> None:
    with pytest.raises(RuleSetError, match="players 3 cannot sit as two partnerships") as raised:
        RuleSet(players=3)
    assert raised.value.option == "partnerships"
    with pytest.raises(RuleSetError) as raised:
        THREE.evolve(deck="jjdd")
    assert raised.value.option == "deck"
    with pytest.raises(RuleSetError) as raised:
        THREE.evolve(deck="jokers", removed_twos="clubs_diamonds")
    assert raised.value.option == "removed_twos"
    for players in (1, 5):
        with pytest.raises(RuleSetError) as raised:
            RuleSet(players=players, partnerships=False)
        assert raised.value.option == "players"


@pytest.mark.parametrize(
    ("options", "option", "words"),
    [
        (
            {"players": 2, "partnerships": False},
            "deal_method",
            "set deal_method='draw_keep_discard'",
        ),
        ({"deal_method": "draw_keep_discard"}, "deal_method", "not 4; set players=2"),
        ({"players": 2, "deal_method": "draw_keep_discard"}, "partnerships", "each plays alone"),
        ({**ALONE, "deck": "jjdd"}, "deck", "two-handed Spades draws from the standard deck"),
        ({**ALONE, "first_lead": "two_of_clubs"}, "first_lead", "26 cards in the waste"),
        ({**ALONE, "nil_exchange": 2}, "nil_exchange", "needs partners"),
    ],
)
def test_what_two_cannot_play_is_refused(options: dict, option: str, words: str) -> None:
    with pytest.raises(RuleSetError, match=words) as raised:
        RuleSet(**options)
    assert raised.value.option == option


def test_rule_sets_are_frozen_values():
    rules = RuleSet()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.target_score = 250
    assert RuleSet(target_score=250) == RuleSet(target_score=250)
    assert hash(RuleSet(target_score=250)) == hash(RuleSet(target_score=250))
    assert RuleSet(target_score=250) != RuleSet()


# -- repr -----------------------------------------------------------------------------------------


def test_repr_shows_only_changes():
    assert repr(RuleSet()) == "RuleSet()"
    assert repr(RuleSet(losing_score=-200, direction=Direction.COUNTERCLOCKWISE)) == (
        "RuleSet(direction=Direction.COUNTERCLOCKWISE, losing_score=-200)"
    )
    assert repr(RuleSet(target_score=500)) == "RuleSet()"  # 500 is the default
    assert repr(find_ruleset("002")) == (
        "RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT, "
        "bag_remainder=BagRemainder.RESET, spades_breaking=SpadesBreaking.TRUMP_ONLY)"
    )


EVERYTHING_CHANGED = RuleSet(
    direction=Direction.COUNTERCLOCKWISE,
    first_lead=FirstLead.TWO_OF_CLUBS,
    deck=Deck.JJDA,
    removed_twos=RemovedTwos.CLUBS_DIAMONDS,
    zero_bid_is_nil=False,
    blind_nil=True,
    blind_nil_min_deficit=150,
    blind_nil_exchange=3,
    points_per_bid_trick=5,
    points_per_bag=2,
    set_penalty_per_trick=0,
    nil_bonus=50,
    nil_penalty=50,
    blind_nil_bonus=250,
    blind_nil_penalty=150,
    failed_nil_tricks=FailedNilTricks.BAGS_ONLY,
    bag_threshold=5,
    bag_penalty=50,
    bag_penalty_once_per_hand=True,
    spades_breaking=SpadesBreaking.TRUMP_ONLY,
    target_score=300,
    losing_score=-250,
    tie_at_target=TieRule.SHARED,
    max_hands=30,
    nil_exchange=3,
    exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
    double_nil=DoubleNil.UNIT,
    min_player_bid=2,
    min_team_bid=4,
    nil_partner_min_bid=5,
    min_total_bid=11,
    forbid_total_of_13=True,
    big_bid=10,
    big_bid_points=120,
    big_bid_penalty=100,
    big_bid_is_bonus=True,
    big_bid_overtricks_score=False,
    moon=Moon.ALL_13,
    moon_points=200,
    bag_back=True,
    first_trick=FirstTrick.LOWEST_CLUB,
    must_overtrump=True,
    dealer_bids_first=True,
    early_spade_lead=EarlySpadeLead.RENEGE,
    tie_by_tens=True,
    tie_at_cap=TieRule.PLAY_ON,
    winning_bid=13,
    sets_to_lose=3,
    consecutive_sets_to_lose=2,
    first_hand_min_tricks=4,
    redeal=RedealRule.NO_SPADES_OR_FACE_CARDS,
    redeal_below_total=12,
    renege_penalty=RenegePenalty.TRICKS,
    renege_tricks=2,
    blind_bid=6,
    blind_bid_min_deficit=100,
    blind_bid_multiplier=3,
    blind_bid_by=BlindBidBy.TEAM,
    first_hand_trick_points=10,
)
#: The options EVERYTHING_CHANGED cannot change with the rest: nil_allowed=False and a forced
#: bidding mode exclude options it changes, and a first hand played without bids has no blind
#: nil to refuse there.
FORCED = RuleSet(forced_bidding=ForcedBidding.WHIZ, nil_allowed=True, blind_nil=True)
NO_NIL = RuleSet(nil_allowed=False, zero_bid_is_nil=False)
NO_FIRST_BLIND_NIL = RuleSet(blind_nil=True, blind_nil_first_hand=False)
#: The misdeal conditions, which cannot go with EVERYTHING_CHANGED's redeal (they write the same
#: rule another way).
MISDEALS = RuleSet(
    misdeal_max_spades=1,
    misdeal_long_suit=7,
    misdeal_face_cards=MisdealFaceCards.AKQJ,
    misdeal_combine=MisdealCombine.BOTH,
)
#: Cutthroat's special bids (skullwink's), which every player alone plays, unlike
#: EVERYTHING_CHANGED's partners.
CUTTHROAT_BIDS = RuleSet(
    partnerships=False, blind_bid=6, blind_bid_points=100, one_bid_points=50, two_bid_points=40
)
#: The dealer's discard of the spare cards needs the jokers deck whole, which EVERYTHING_CHANGED's
#: deck and removed deuces are not.
SPARE = RuleSet(deck=Deck.JOKERS, spare_cards=SpareCards.DEALER_DISCARDS)
#: A ones-digit score_display needs the bag arithmetic that EVERYTHING_CHANGED changes.
PAPER = RuleSet(score_display=ScoreDisplay.ONES_DIGIT_SIGNED, nil_bonus=50, bag_back=True)


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        EVERYTHING_CHANGED,
        FORCED,
        NO_NIL,
        NO_FIRST_BLIND_NIL,
        PAPER,
        MISDEALS,
        CUTTHROAT_BIDS,
        SPARE,
        RuleSet(bag_remainder=BagRemainder.RESET),
    ]
    + [p.rules for p in PRESETS],
    ids=repr,
)
def test_repr_round_trips_through_eval(rules):
    assert eval(repr(rules), vars(spades.rules)) == rules
    assert str(rules) == repr(rules)  # printed as it is written


def test_everything_changed_changes_everything():
    left = {"bag_remainder", "nil_allowed", "forced_bidding", "blind_nil_first_hand"}
    # Refused with EVERYTHING_CHANGED's exchange and bag back, and players 3 with its deck.
    left |= {"partnerships", "players", "deal_method"}  # deal_method: two players only
    left.add("score_display")  # refused with EVERYTHING_CHANGED's bags: PAPER changes it
    misdeals = {"misdeal_max_spades", "misdeal_long_suit", "misdeal_face_cards", "misdeal_combine"}
    left |= misdeals  # refused with EVERYTHING_CHANGED's redeal: MISDEALS changes them
    assert set(MISDEALS.non_defaults()) == misdeals
    special = {"blind_bid_points", "one_bid_points", "two_bid_points"}
    left |= special  # a player's own bids, refused with partners: CUTTHROAT_BIDS changes them
    assert special <= set(CUTTHROAT_BIDS.non_defaults())
    left.add("spare_cards")  # refused with EVERYTHING_CHANGED's deck: SPARE changes it
    assert SPARE.non_defaults()["spare_cards"] is SpareCards.DEALER_DISCARDS
    assert set(EVERYTHING_CHANGED.non_defaults()) == set(OPTION_NAMES) - left
    assert {"nil_allowed", "forced_bidding", "blind_nil_first_hand"} <= set(
        FORCED.non_defaults()
    ) | set(NO_NIL.non_defaults()) | set(NO_FIRST_BLIND_NIL.non_defaults())


def test_paper_changes_score_display():
    assert PAPER.non_defaults()["score_display"] is ScoreDisplay.ONES_DIGIT_SIGNED
    assert EVERYTHING_CHANGED.score_display is ScoreDisplay.SEPARATE_BAGS


# -- to_dict / from_dict --------------------------------------------------------------------------


def test_to_dict_is_json_ready_text():
    data = find_ruleset("000").to_dict()
    assert list(data) == list(OPTION_NAMES)
    assert json.loads(json.dumps(data)) == data
    assert data["direction"] == "counterclockwise"
    assert data["failed_nil_tricks"] == "bags_only"
    assert data["bag_remainder"] == "carry"
    assert data["spades_breaking"] == "any_spade"
    assert data["tie_at_target"] == "play_on"
    assert data["first_lead"] == "first_bidder"
    assert data["losing_score"] == -200
    assert data["max_hands"] is None


def test_to_dict_only_changes():
    assert RuleSet().to_dict(only_changes=True) == {}
    assert find_ruleset("000").to_dict(only_changes=True) == {
        "direction": "counterclockwise",
        "failed_nil_tricks": "bags_only",
        "losing_score": -200,
    }


@pytest.mark.parametrize(
    "rules", [EVERYTHING_CHANGED, FORCED, NO_NIL, PAPER] + [p.rules for p in PRESETS], ids=repr
)
def test_from_dict_round_trips(rules):
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert RuleSet.from_dict(rules.to_dict(only_changes=True)) == rules


def test_from_dict_base_and_enum_spellings():
    assert RuleSet.from_dict({"target_score": 250}, base=find_ruleset("004")) == find_ruleset(
        "004-250"
    )
    rules = RuleSet.from_dict({"failed_nil_tricks": "BAGS_ONLY", "direction": "Counterclockwise"})
    assert rules.failed_nil_tricks is FailedNilTricks.BAGS_ONLY
    assert rules.direction is Direction.COUNTERCLOCKWISE
    assert RuleSet.from_dict({"bag_remainder": BagRemainder.RESET}).bag_remainder is (
        BagRemainder.RESET
    )


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"target": 250}, "target"),
        ({"failed_nil_tricks": "partner"}, "failed_nil_tricks"),
        ({"direction": "left"}, "direction"),
        ({"target_score": "250"}, "target_score"),
        ({"blind_nil_exchange": 2}, "blind_nil_exchange"),
    ],
)
def test_from_dict_errors_name_the_option(data, option):
    with pytest.raises(RuleSetError) as caught:
        RuleSet.from_dict(data)
    assert caught.value.option == option
    assert option in str(caught.value)


def test_from_dict_needs_a_mapping():
    with pytest.raises(RuleSetError):
        RuleSet.from_dict([("target_score", 250)])


# -- parse_option ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("losing_score", "-200", -200),
        ("losing_score", "none", None),
        ("max_hands", " 40 ", 40),
        ("max_hands", "None", None),
        ("blind_nil_min_deficit", "off", None),
        ("target_score", "250", 250),
        ("blind_nil", "yes", True),
        ("blind_nil", "True", True),
        ("zero_bid_is_nil", "false", False),
        ("zero_bid_is_nil", "0", False),
        ("bag_penalty_once_per_hand", "on", True),
        ("direction", "counterclockwise", Direction.COUNTERCLOCKWISE),
        ("failed_nil_tricks", "count_toward_contract", FailedNilTricks.COUNT_TOWARD_CONTRACT),
        ("bag_remainder", "RESET", BagRemainder.RESET),
        ("spades_breaking", "trump_only", SpadesBreaking.TRUMP_ONLY),
        ("tie_at_target", "shared", TieRule.SHARED),
        ("first_lead", "two_of_clubs", FirstLead.TWO_OF_CLUBS),
    ],
)
def test_parse_option(name, text, value):
    assert RuleSet.parse_option(name, text) == (name, value)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("target_score", "five hundred"),
        ("target_score", "none"),  # not optional
        ("blind_nil", "maybe"),
        ("direction", "sideways"),
        ("losing_score", "-200.5"),
        ("target", "250"),
    ],
)
def test_parse_option_errors_name_the_option(name, text):
    with pytest.raises(RuleSetError) as caught:
        RuleSet.parse_option(name, text)
    assert caught.value.option == name
    assert name in str(caught.value)


def test_unknown_option_suggests_a_name():
    with pytest.raises(RuleSetError) as caught:
        RuleSet.parse_option("target_scor", "250")
    assert caught.value.reason == "unknown_option"
    assert "target_score" in str(caught.value)


# -- describe -------------------------------------------------------------------------------------


def test_option_names():
    public = {f.name for f in attrs.fields(RuleSet) if not f.name.startswith("_")}
    assert set(OPTION_NAMES) == public
    assert len(OPTION_NAMES) >= 20


@pytest.mark.parametrize("name", OPTION_NAMES)
def test_every_option_has_a_doc(name):
    doc = RuleSet.describe(name)
    assert len(doc.split()) >= 8
    assert doc.endswith(".")


def test_docs_name_the_sources_they_serve():
    """The options where the source texts differ say which text each reading serves."""
    # each source text is named by its preset: 000 partners_app, 002 rule_sheet, 003 cap40,
    # 004 four_levels
    for name, sources in [
        ("direction", ("partners_app", "rule_sheet", "cap40", "four_levels")),
        ("zero_bid_is_nil", ("four_levels",)),
        ("failed_nil_tricks", ("partners_app", "cap40", "four_levels")),
        ("bag_remainder", ("rule_sheet",)),
        ("spades_breaking", ("partners_app", "rule_sheet")),
        ("losing_score", ("partners_app",)),
        ("max_hands", ("cap40",)),
    ]:
        for source in sources:
            assert source in RuleSet.describe(name), (name, source)


def test_describe_unknown_option():
    with pytest.raises(RuleSetError) as caught:
        RuleSet.describe("bags")
    assert caught.value.option == "bags"


# -- diff / evolve / non_defaults -----------------------------------------------------------------


def test_diff():
    assert RuleSet().diff(find_ruleset("000")) == {
        "direction": (Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE),
        "failed_nil_tricks": (FailedNilTricks.IGNORED, FailedNilTricks.BAGS_ONLY),
        "losing_score": (None, -200),
    }
    assert find_ruleset("003").diff(find_ruleset("003")) == {}
    assert find_ruleset("004").diff(find_ruleset("004-250")) == {"target_score": (500, 250)}


def test_evolve():
    base = RuleSet()
    changed = base.evolve(target_score=250, losing_score=-250)
    assert (changed.target_score, changed.losing_score) == (250, -250)
    assert base == RuleSet()  # unchanged
    assert changed.non_defaults() == {"target_score": 250, "losing_score": -250}
    with pytest.raises(RuleSetError) as caught:
        base.evolve(taget_score=250)
    assert caught.value.reason == "unknown_option"
    assert "target_score" in str(caught.value)


def test_non_defaults_in_declaration_order():
    rules = RuleSet(max_hands=40, direction=Direction.COUNTERCLOCKWISE)
    assert list(rules.non_defaults()) == ["direction", "max_hands"]
