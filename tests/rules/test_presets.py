"""Presets: lookup by name and alias, the options of each source preset, what the presets of the
tables alone play (solo_5_bags, two_player), preset_name().

The expected options of the source presets are written out in full from the table in
``shared/sources/README.md`` ("The points where they differ") and its "Common to all" paragraph.
"""

from __future__ import annotations

import pytest

import spades
from spades import (
    Bid,
    Card,
    Deal,
    Play,
    RuleSet,
    RuleSetError,
    Seat,
    Suit,
    apply,
    check,
    find_ruleset,
    legal_actions,
    new_game,
    score_hand,
)
from spades.rules import PRESETS, DealMethod, ExchangeOrder, FirstLead, find_preset, preset_name

# "Common to all: ... contract made = 10 per bid trick + 1 per extra trick (a bag), contract missed
# = -10 per bid trick, nil made +100, nil failed -100"; every 10 bags cost 100; blind nil "no" in
# every text, and the first lead is the first bidder's (a fixed first lead is "no" too).
COMMON = {
    "deal_method": "deal",
    "first_lead": "first_bidder",
    "dealer_bids_first": False,
    "blind_nil": False,
    "blind_nil_min_deficit": None,
    "blind_nil_exchange": 0,
    "points_per_bid_trick": 10,
    "points_per_bag": 1,
    "set_penalty_per_trick": 10,
    "nil_bonus": 100,
    "nil_penalty": 100,
    "blind_nil_bonus": 200,
    "blind_nil_penalty": 200,
    "bag_threshold": 10,
    "bag_penalty": 100,
    "bag_penalty_once_per_hand": False,
    # "both teams past a line in one hand": higher wins, a tie plays on, in all four.
    "tie_at_target": "play_on",
    # None of the four texts has a house rule of shared/house-rules.md: free bids 1-13 or nil,
    # any number of nils, no exchange, no big bid or moon, no bag back, nothing special about the
    # first trick, no overtrump, ties in points, a tie at the cap shared.
    "blind_nil_first_hand": True,
    # All four deal the standard 52 cards ("a standard 52-card deck"), the ace of spades high.
    "deck": "standard",
    # README: "Common to all: 4 players in two partnerships sitting opposite".
    "players": 4,
    "partnerships": True,
    "removed_twos": "hearts_clubs",
    "spare_cards": "removed_twos",
    "blind_bid": None,
    "blind_bid_min_deficit": None,
    "blind_bid_multiplier": 2,
    "blind_bid_by": "player",
    # No special bids of cutthroat (1 for 50, 2 for 40, a blind bid scored flat): four partners.
    "blind_bid_points": None,
    "one_bid_points": None,
    "two_bid_points": None,
    "nil_exchange": 0,
    "exchange_order": "partner_first",
    "nil_allowed": True,
    "double_nil": "independent",
    "min_player_bid": 1,
    "min_team_bid": 0,
    "nil_partner_min_bid": 0,
    "min_total_bid": 0,
    "forbid_total_of_13": False,
    "forced_bidding": "none",
    "redeal": "none",
    "misdeal_max_spades": None,
    "misdeal_long_suit": None,
    "misdeal_face_cards": "none",
    "misdeal_combine": "either",
    "redeal_below_total": None,
    "first_hand_trick_points": None,
    "big_bid": None,
    "big_bid_points": 200,
    "big_bid_penalty": 200,
    "big_bid_is_bonus": False,
    "big_bid_overtricks_score": True,
    "moon": "none",
    "moon_points": None,
    "bag_back": False,
    "renege_penalty": "none",
    "renege_tricks": 3,
    "first_trick": "any",
    "must_overtrump": False,
    "early_spade_lead": "illegal",
    "tie_by_tens": False,
    "tie_at_cap": "shared",
    # No source text ends a game on a bid, a count of sets or the first hand's tricks.
    "winning_bid": None,
    "sets_to_lose": None,
    "consecutive_sets_to_lose": None,
    "first_hand_min_tricks": None,
    # How a score is written is no rule of any of the four texts: the score and its bags apart.
    "score_display": "separate_bags",
}

TABLE = {
    # dealer's right, counterclockwise; 0-13, 0 is Nil; any spade breaks; nil tricks are bags;
    # carry; 500; -200 loses; no cap.
    "000": {
        "direction": "counterclockwise",
        "zero_bid_is_nil": True,
        "failed_nil_tricks": "bags_only",
        "bag_remainder": "carry",
        "spades_breaking": "any_spade",
        "target_score": 500,
        "losing_score": -200,
        "max_hands": None,
    },
    # dealer's left, clockwise; 0-13, 0 is Nil; only a trump breaks; nil tricks count toward the
    # contract (as read); the bag count resets; 500; no floor; no cap.
    "002": {
        "direction": "clockwise",
        "zero_bid_is_nil": True,
        "failed_nil_tricks": "count_toward_contract",
        "bag_remainder": "reset",
        "spades_breaking": "trump_only",
        "target_score": 500,
        "losing_score": None,
        "max_hands": None,
    },
    # dealer's right, counterclockwise; 0-13, 0 is nil; any spade; nil tricks count; carry;
    # 500 (or 250); no floor; 40 hands.
    "003": {
        "direction": "counterclockwise",
        "zero_bid_is_nil": True,
        "failed_nil_tricks": "count_toward_contract",
        "bag_remainder": "carry",
        "spades_breaking": "any_spade",
        "target_score": 500,
        "losing_score": None,
        "max_hands": 40,
    },
    # dealer's left, clockwise; nil or 1-13; any spade (the main text); nil tricks are bags;
    # carry; 500 (or 250); no floor; no cap.
    "004": {
        "direction": "clockwise",
        "zero_bid_is_nil": False,
        "failed_nil_tricks": "bags_only",
        "bag_remainder": "carry",
        "spades_breaking": "any_spade",
        "target_score": 500,
        "losing_score": None,
        "max_hands": None,
    },
}
TABLE["003-250"] = {**TABLE["003"], "target_score": 250}
TABLE["004-250"] = {**TABLE["004"], "target_score": 250}


@pytest.mark.parametrize("name", list(TABLE))
def test_source_preset_matches_the_readme_table(name):
    expected = {**COMMON, **TABLE[name]}
    assert find_ruleset(name).to_dict() == expected


def test_standard_is_the_defaults():
    """house-rules: 'standard (the defaults) | clockwise; dealer's left bids and leads; nil ±100;
    failed-nil tricks ignored; 10 bags = -100 carried; spades broken by any spade; 500; tie
    continues'."""
    rules = find_ruleset("standard")
    assert rules == RuleSet()
    assert rules.to_dict() == {
        **COMMON,
        "direction": "clockwise",
        "zero_bid_is_nil": True,
        "failed_nil_tricks": "ignored",
        "bag_remainder": "carry",
        "spades_breaking": "any_spade",
        "target_score": 500,
        "losing_score": None,
        "max_hands": None,
    }


def test_pagat():
    """house-rules: 'pagat | blind nil allowed (min deficit 100, pass 2). Other options as for
    standard.' Blind nil scores ±200. The blind nil bidder passes first and the partner passes
    back (pagat, the Britannica-style text and traditionalgamerules all give this order)."""
    assert find_ruleset("pagat").non_defaults() == {
        "blind_nil": True,
        "blind_nil_min_deficit": 100,
        "blind_nil_exchange": 2,
        "exchange_order": ExchangeOrder.NIL_BIDDER_FIRST,
    }
    assert (find_ruleset("pagat").blind_nil_bonus, find_ruleset("pagat").blind_nil_penalty) == (
        200,
        200,
    )


# The community presets, from the catalogue's preset table (shared/house-rules.md section 3) and
# the rows of section 1 that it points to; the options each one changes from the standard game.
HOUSE = {
    # "hoyle | nil 3-card pass; blind ("double") nil ±200 with 3-card pass; both partners nil -> no
    # exchange; failed nil ignored; nil contracts scored separately"; and its text's "BIDDING:
    # Beginning with the dealer" (tipwriter copy), while "Eldest hand" leads.
    "hoyle": {
        "dealer_bids_first": True,
        "blind_nil": True,
        "blind_nil_exchange": 3,
        "nil_exchange": 3,
        "exchange_order": "nil_bidder_first",
    },
    # "ggz | min team bid 3; nil 100; no blind; nil tricks count toward contract; target 500;
    # floor optional", and "The bag penalty fires at most once per hand."
    "ggz": {
        "min_team_bid": 3,
        "failed_nil_tricks": "count_toward_contract",
        "bag_penalty_once_per_hand": True,
    },
    # "msn_zone, mirror, whiz, suicide | 500; floor -200; forced bidding as named; no blind nil
    # in mirror or suicide"
    "msn_zone": {"blind_nil": True, "losing_score": -200},
    "mirror": {"forced_bidding": "mirror", "losing_score": -200},
    "whiz": {"blind_nil": True, "forced_bidding": "whiz", "losing_score": -200},
    "suicide": {"forced_bidding": "suicide", "losing_score": -200},
    # "trickster_jjdd | jjdd; min team bid 4; 10-for-200 (±200); nil pass 2", on the standard deck
    "trickster": {
        "nil_exchange": 2,
        "exchange_order": "nil_bidder_first",
        "min_team_bid": 4,
        "big_bid": 10,
    },
    # 1.1 fixed first lead and no spades on trick 1 (looneyville); 1.4 blind nil any time
    # (looneyville), "looneyville: blind 3, regular nil 2"; 1.6 no bags (looneyville)
    "looneyville": {
        "first_lead": "two_of_clubs",
        "first_trick": "no_spades",
        "blind_nil": True,
        "blind_nil_exchange": 3,
        "nil_exchange": 2,
        "exchange_order": "nil_bidder_first",
        "bag_penalty": 0,
    },
    # "casual_no_bags | no bags"; "street_bag_back | 5 bags -> opponents +50"
    "casual_no_bags": {"bag_penalty": 0},
    "street_bag_back": {"bag_threshold": 5, "bag_penalty": 50, "bag_back": True},
    # "rmwinslow_house | 7 bags = -100; failed-nil tricks are bags only; a made bid of 13 scores
    # 200; target 300"; the page itself names no penalty for a failed nil
    "rmwinslow_house": {
        "bag_threshold": 7,
        "failed_nil_tricks": "bags_only",
        # 'If that player takes exactly 0 tricks, their team earns +100 points', and no penalty
        "nil_penalty": 0,
        "moon": "bid_13",
        "moon_points": 200,
        "target_score": 300,
    },
    # The Britannica-style text: everyone's lowest club first, spades broken by a trump, "at least
    # one of them must make a positive bid", blind nil 100 behind, "passes two of them face down
    # to his partner, who ... returns two"
    "britannica": {
        "first_lead": "two_of_clubs",
        "first_trick": "lowest_club",
        "spades_breaking": "trump_only",
        "double_nil": "forbidden",
        "blind_nil": True,
        "blind_nil_min_deficit": 100,
        "blind_nil_exchange": 2,
        "exchange_order": "nil_bidder_first",
    },
}


@pytest.mark.parametrize("name", list(HOUSE))
def test_house_preset_matches_the_catalogue(name):
    assert find_ruleset(name).to_dict(only_changes=True) == HOUSE[name]


def test_solo_5_bags() -> None:
    """house-rules.md: 'solo_5_bags | individual with nil ±50 and 5 bags = −50 reset'."""
    rules = find_ruleset("solo_5_bags")
    assert not rules.partnerships
    score = score_hand(rules, ["nil", "nil", 4, 3], [0, 1, 7, 5], bags=(0, 0, 3, 4))
    # N nil made +50; E nil failed -50; S 40 + 3 bags, 6 bags: -50 and reset to 0; W 30 + 2,
    # 6 bags: -50, reset.
    assert score.points == (50, -50, 43 - 50, 32 - 50)
    assert score.bags_after == (0, 0, 0, 0)


def test_the_two_player_preset() -> None:
    """house-rules.md, "2 players": "No deal. Players alternately draw a card and either keep it
    or discard it ... Target 300-500"; two-handed Spades is the ``two_player`` preset."""
    two = find_ruleset("two_player")
    assert (
        RuleSet(
            players=2,
            partnerships=False,
            deal_method=DealMethod.DRAW_KEEP_DISCARD,
            target_score=300,
        )
        == two
    )
    assert two.seats == (Seat.N, Seat.E) and two.sides == (Seat.N, Seat.E)
    assert find_ruleset("two_handed") == two


def test_cutthroat3_follows_its_sources() -> None:
    """onlinespades (rules-cutthroat.htm): "Players bid between 0 (nil) and 17. Players are allowed
    to bid nil or blind nil"; "the player to the left of the dealer begins by playing any card
    except a spade"; "you can't lead a spade until a spade has been used to take another trick
    that was led by another suit". skullwink: "the 2 of Clubs is put aside"; the dealer's left "is
    the first to bid and play"; "BN (Blind Nil) ... Worth 200 points if you don't catch any
    tricks or else -200", with no deficit named."""
    rules = find_ruleset("cutthroat3")
    assert rules.to_dict(only_changes=True) == {
        "players": 3,
        "partnerships": False,
        "blind_nil": True,
        "spades_breaking": "trump_only",
    }
    assert (rules.first_lead, rules.blind_nil_min_deficit) == (FirstLead.FIRST_BIDDER, None)
    assert (rules.blind_nil_bonus, rules.blind_nil_penalty) == (200, 200)
    # North deals; East, on the dealer's left, bids first and leads any card but a spade, though
    # North holds the three of clubs.
    deal = Deal(("AQJ8.862.9432.AQ7643", "K97654.AQJ753.JT.K85", "T32.KT94.AKQ8765.JT9"))
    state = apply(new_game(rules), deal)
    assert state.to_act is Seat.E and check(state, Bid.BLIND_NIL) is None
    for made in (Bid(5), Bid(6), Bid(4)):
        state = apply(state, made)
    assert state.to_act is Seat.E
    leads = {action.card for action in legal_actions(state) if isinstance(action, Play)}
    assert leads == {card for card in deal[Seat.E] if card.suit is not Suit.SPADES}
    # samsunghope's lead, the lowest club, stays an option: North leads the three of clubs.
    lowest = rules.evolve(first_lead="two_of_clubs")
    state = apply(new_game(lowest), deal)
    for made in (Bid(5), Bid(6), Bid(4)):
        state = apply(state, made)
    assert legal_actions(state) == (Play(Card("3c"), seat=Seat.N),)


# -- lookup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("standard", "standard"),
        ("Standard", "standard"),
        ("default", "standard"),
        ("CLASSIC", "standard"),
        ("pagat", "pagat"),
        ("000", "partners_app"),
        ("partners_app", "partners_app"),
        ("Partners-App", "partners_app"),
        ("PARTNERS_APP", "partners_app"),
        ("partners app", "partners_app"),
        (" source-000 ", "partners_app"),
        ("Source_000", "partners_app"),
        ("spades-partners", "partners_app"),
        ("002", "rule_sheet"),
        ("Rule-Sheet", "rule_sheet"),
        ("source_002", "rule_sheet"),
        ("003", "cap40"),
        ("CAP40", "cap40"),
        ("vs_computer", "cap40"),
        ("003-250", "cap40_250"),
        ("003_250", "cap40_250"),
        ("Cap40-250", "cap40_250"),
        ("004", "four_levels"),
        ("Four-Levels", "four_levels"),
        ("source-004", "four_levels"),
        ("004-250", "four_levels_250"),
        ("FOUR_LEVELS_250", "four_levels_250"),
        ("MSN", "msn_zone"),
        ("no-bags", "casual_no_bags"),
        ("bag back", "street_bag_back"),
        ("encyclopedia", "britannica"),
    ],
)
def test_find_by_name_and_alias(text, name):
    assert find_preset(text).name == name
    assert find_ruleset(text) == find_preset(name).rules


def test_every_name_and_alias_finds_its_preset():
    keys = []
    for preset in PRESETS:
        for text in (preset.name, *preset.aliases):
            assert find_preset(text) is preset
            assert find_preset(text.upper().replace("_", "-")) is preset
            keys.append(text.lower().replace("-", "_"))
    assert len(keys) == len(set(keys)), "a name or alias is used twice"


def test_unknown_name_says_where_the_presets_are_listed():
    with pytest.raises(RuleSetError) as caught:
        find_ruleset("bridge")
    assert caught.value.reason == "unknown_preset"
    message = str(caught.value)
    assert message == (
        "'bridge' is not a preset; the presets are listed by 'spades rules' and in spades.PRESETS."
    )


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("standrad", "standard"),
        ("msn-zon", "msn_zone"),
        ("Suicde", "suicide"),
        ("005", "four_levels"),
    ],
)
def test_unknown_name_close_to_a_preset_suggests_it(text, meant):
    with pytest.raises(RuleSetError) as caught:
        find_ruleset(text)
    assert f" is not a preset (did you mean {meant}?); " in str(caught.value)


def test_preset_name_must_be_text():
    with pytest.raises(RuleSetError):
        find_ruleset(0)


def test_presets_are_exported():
    assert spades.PRESETS is PRESETS
    assert {p.name for p in PRESETS} >= {
        "standard",
        "pagat",
        "partners_app",
        "rule_sheet",
        "cap40",
        "cap40_250",
        "four_levels",
        "four_levels_250",
    }


# -- what a preset says about itself --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "source"),
    [("000", "000"), ("002", "002"), ("003", "003"), ("003-250", "003"), ("004", "004")],
)
def test_source_presets_name_their_text(text, source):
    preset = find_preset(text)
    assert preset.source == source
    assert preset.title
    assert preset.readings


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_every_preset_is_documented(preset):
    assert preset.title and preset.source
    assert preset.readings
    assert all(reading.endswith(".") for reading in preset.readings)


def test_short_games_differ_only_by_target():
    assert find_ruleset("003").diff(find_ruleset("003-250")) == {"target_score": (500, 250)}
    assert find_ruleset("004").diff(find_ruleset("004-250")) == {"target_score": (500, 250)}


# -- preset_name ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_preset_name_of_each_preset(preset):
    assert preset_name(preset.rules) == preset.name
    # An equal rule set built another way has the same name.
    assert preset_name(RuleSet.from_dict(preset.rules.to_dict())) == preset.name


def test_preset_name_of_other_rules():
    assert preset_name(RuleSet()) == "standard"
    assert preset_name(RuleSet(target_score=300)) is None
    assert preset_name(find_ruleset("000").evolve(losing_score=None)) is None
    assert preset_name(find_ruleset("000").evolve(losing_score=-200)) == "partners_app"


# -- the pages' own numbers ------------------------------------------------------------------------


def test_rmwinslow_a_nil_earns_100_and_costs_only_its_bags() -> None:
    # "If a player bids 0: any tricks that player earns are counted as bags instead of
    # contributing to their teams total. If that player takes exactly 0 tricks, their team earns
    # +100 points" (games.rmwinslow.com/rules/tricktaking-spades.html): no penalty is named.
    failed = score_hand("rmwinslow_house", ["nil", 3, 4, 3], [2, 3, 4, 4])["NS"]
    assert failed.points == 40 + 2
    made = score_hand("rmwinslow_house", ["nil", 3, 4, 3], [0, 4, 5, 4])["NS"]
    assert made.points == 40 + 100 + 1


def test_jokers_wild_scores_as_its_faq_says() -> None:
    # "Overs do not have a point value": bid 5, take 7.
    assert score_hand("jokers_wild", [3, 3, 2, 3], [4, 3, 3, 3])["NS"].points == 50
    # "but if a team gets 10 overs, they are penalized 100 points".
    assert score_hand("jokers_wild", [3, 3, 2, 3], [6, 3, 4, 0], bags=(5, 0))["NS"].points == -50
    # "If a team bids 10 books and makes their bid, 200 points are rewarded."
    assert score_hand("jokers_wild", [6, 1, 4, 3], [6, 1, 4, 2])["NS"].points == 200
    # "If a team gets stuck, the score is decreased by the amount of books the team bid": 10 a
    # book, as a made book earns.
    assert score_hand("jokers_wild", [3, 3, 2, 3], [2, 4, 2, 5])["NS"].points == -50
    assert score_hand("jokers_wild", [6, 1, 4, 3], [6, 1, 3, 3])["NS"].points == -100
    rules = find_ruleset("jokers_wild")
    assert (rules.winning_bid, rules.sets_to_lose) == (13, 3)
