"""Blind number bids ("blind 6"): the options ``blind_bid``, ``blind_bid_min_deficit`` and
``blind_bid_multiplier`` (house-rules 1.3: Jokers Wild, the pagat copy, osgamers).

A player bids a number of tricks blind, before looking at the cards; made, the team's contract
scores double, set, it loses double. The bid is judged once, in the kernel
(``_kernel.bid_refusal``), and scored once (``_kernel.blind_multiplier``): these tests reach both
through the text forms, :func:`check`, :func:`legal_actions`, :func:`score_hand`, the bots'
the kernel's ``hand_score``, the records and ``spades play``.

These are each player's blind bids (``blind_bid_by`` player, the default); a team's blind bid
(``blind_bid_by`` team, the ``jokers_wild`` preset) is tests/rules/test_team_blind.py's. Both
partners' blind nils ("double blind nil") are scored below as osgamers gives them.

``BAND`` gives every seat cards of every suit; North deals, so East bids first, then South, West
and North.
"""

from __future__ import annotations

import builtins
import io
import json
import random
from contextlib import redirect_stdout
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Counts,
    Deal,
    GameState,
    NotationError,
    Phase,
    Reason,
    RuleSet,
    RuleSetError,
    Seat,
    Team,
    apply,
    check,
    legal_actions,
    new_game,
    score_hand,
    view,
)
from spades._kernel.score import hand_score
from spades._kernel.table import table_of
from spades.action_data import action_from_dict, action_to_dict, bid_data
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer
from spades.cli import main
from spades.records import dumps, from_data, loads, schema, to_record, verify
from spades.score import ItemKind
from strategies import rulesets

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
K = ItemKind

BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))
PLAYER_BLIND = RuleSet(blind_bid=6, blind_bid_min_deficit=100)
BLIND_6 = Bid(6, blind=True)

#: Every bid a seat could try: nil, blind nil, 1 to 18 and blind 1 to blind 18 (a hand of three
#: players has 17 or 18 tricks), and some out of range.
ALL_BIDS = (
    Bid.NIL,
    Bid.BLIND_NIL,
    *(Bid(n) for n in range(1, 19)),
    *(Bid(n, blind=True) for n in range(1, 19)),
    Bid(19),
    Bid(19, blind=True),
    Bid(-1, blind=True),
)


def dealt(rules: RuleSet, **standing: Any) -> GameState:
    """``BAND`` dealt by North (East bids first) under ``rules``."""
    return apply(new_game(rules, **standing), BAND)


def bid(state: GameState, *bids: int | str | Bid) -> GameState:
    """Apply bids in bidding order: numbers, or text (``'nil'``, ``'blind 6'``), or Bids."""
    for value in bids:
        action = value if isinstance(value, Bid) else Bid.of(value)
        state = apply(state, action)
    return state


# -- the text forms --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["blind 6", "b6", "blind6", "BLIND 6", "  Blind   6 ", "B6"])
def test_a_blind_number_bid_is_read_from_its_texts(text: str) -> None:
    assert Bid.parse(text) == BLIND_6


def test_blind_nil_and_the_other_texts_are_unchanged() -> None:
    assert Bid.parse("blind nil") is Bid.BLIND_NIL
    assert Bid.parse("bn") is Bid.BLIND_NIL and Bid.parse("blind") is Bid.BLIND_NIL
    assert Bid.parse("blind 0") is Bid.BLIND_NIL and Bid.parse("b0") is Bid.BLIND_NIL
    assert Bid.parse("6") == Bid(6) and Bid.parse("nil") is Bid.NIL
    assert [str(b) for b in (Bid(6), Bid.NIL, Bid.BLIND_NIL)] == ["6", "nil", "blind nil"]
    assert repr(Bid.BLIND_NIL) == "Bid.BLIND_NIL"
    with pytest.raises(NotationError):
        Bid.parse("blind 0", zero_is_nil=False)
    for junk in ("blind six", "b 6", "blind-6", "blind -1", "bb6", "blind 6 7"):
        with pytest.raises(NotationError):
            Bid.parse(junk)


def test_a_blind_number_bid_is_not_nil_and_names_its_number() -> None:
    assert not BLIND_6.is_nil and BLIND_6.blind and BLIND_6.tricks == 6
    assert str(BLIND_6) == "blind 6"
    assert Bid.parse("blind 14") == Bid(14, blind=True)  # for check() to refuse, as 14 is


@pytest.mark.parametrize("value", [BLIND_6, Bid(13, blind=True, seat=S), Bid(1, blind=True)])
def test_repr_json_and_text_round_trip(value: Bid) -> None:
    assert eval(repr(value)) == value
    assert Bid.parse(str(value)).for_seat(value.seat) == value
    assert bid_data(value) == f"blind {value.tricks}"
    data = action_to_dict(value)
    assert data == {"type": "bid", "bid": f"blind {value.tricks}"}
    assert json.loads(json.dumps(data)) == data
    assert action_from_dict(data, seat=value.seat) == value
    counts = Counts([value.for_seat(None), 2, 3, 4], [4, 3, 3, 3])
    assert eval(repr(counts)) == counts
    assert str(counts) == f"bids blind {value.tricks} 2 3 4, tricks 4 3 3 3"


def test_a_state_and_a_view_parse_a_blind_number_bid() -> None:
    state = dealt(RuleSet(blind_bid=6))
    assert state.parse_action("blind 6") == BLIND_6.for_seat(E)
    assert view(state, E).parse_action("b7") == Bid(7, blind=True, seat=E)
    assert view(state, E).to_dict()["legal_actions"][-1] == {"type": "bid", "bid": "blind 13"}


# -- the options -----------------------------------------------------------------------------------


def test_the_options_and_their_validation() -> None:
    rules = RuleSet(blind_bid=6, blind_bid_min_deficit=100, blind_bid_multiplier=3)
    assert repr(rules) == (
        "RuleSet(blind_bid=6, blind_bid_min_deficit=100, blind_bid_multiplier=3)"
    )
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.parse_option("blind_bid", "none") == ("blind_bid", None)
    assert RuleSet.parse_option("blind_bid_min_deficit", "off") == ("blind_bid_min_deficit", None)
    assert "Jokers Wild" in RuleSet.describe("blind_bid")
    for bad in (0, 14, -1, True, "6", 6.0):
        with pytest.raises(RuleSetError) as info:
            RuleSet(blind_bid=bad)
        assert info.value.option == "blind_bid"
    with pytest.raises(RuleSetError) as info:
        RuleSet(blind_bid=6, blind_bid_multiplier=0)
    assert info.value.option == "blind_bid_multiplier"
    with pytest.raises(RuleSetError) as info:
        RuleSet(blind_bid=6, blind_bid_min_deficit=-1)
    assert info.value.option == "blind_bid_min_deficit"


@pytest.mark.parametrize(
    ("name", "value"), [("blind_bid_min_deficit", 100), ("blind_bid_multiplier", 3)]
)
def test_the_blind_bid_options_have_no_effect_without_blind_bid(name: str, value: int) -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet(**{name: value})
    assert info.value.option == name
    assert info.value.message == (
        f"{name} has no effect unless blind_bid is set; set blind_bid=6 or leave {name} at "
        f"{RuleSet().to_dict()[name]!r}."
    )


@pytest.mark.parametrize("forced", ["mirror", "whiz", "suicide"])
def test_blind_number_bids_cannot_go_with_forced_bidding(forced: str) -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet(blind_bid=6, forced_bidding=forced)
    assert info.value.option == "blind_bid"
    assert "fixes the bids" in info.value.message


# -- legality --------------------------------------------------------------------------------------


def refusal(state: GameState, action: Bid, reason: Reason, option: str, message: str) -> None:
    violation = check(state, action)
    assert violation is not None
    assert (violation.reason, violation.option, violation.message) == (reason, option, message)
    assert action.for_seat(state.to_act) not in legal_actions(state)
    with pytest.raises(Exception) as info:
        apply(state, action)
    assert str(info.value) == message


def test_not_allowed_without_the_option() -> None:
    refusal(
        dealt(RuleSet()),
        BLIND_6,
        Reason.BLIND_BID_NOT_ALLOWED,
        "blind_bid",
        "East may not bid blind 6: these rules do not allow blind number bids (blind_bid).",
    )


def test_not_below_the_least_blind_bid() -> None:
    state = dealt(RuleSet(blind_bid=6))
    refusal(
        state,
        Bid(5, blind=True),
        Reason.BLIND_BID_NOT_ALLOWED,
        "blind_bid",
        "East may not bid blind 5: a blind number bid must be at least 6 (blind_bid).",
    )
    assert check(state, BLIND_6) is None and check(state, Bid(13, blind=True)) is None
    blind = [a for a in legal_actions(state) if isinstance(a, Bid) and a.blind]
    assert blind == [Bid(n, blind=True, seat=E) for n in range(6, 14)]


def test_only_a_team_far_enough_behind() -> None:
    # NS 99 behind: South (the second bidder) may not bid blind; East, ahead, neither.
    state = bid(dealt(PLAYER_BLIND, scores=(0, 99), hand_number=2), 3)
    refusal(
        state,
        BLIND_6,
        Reason.BLIND_BID_NOT_ELIGIBLE,
        "blind_bid_min_deficit",
        "South may not bid blind 6: NS must be at least 100 points behind to bid blind and is 99 "
        "behind (blind_bid_min_deficit).",
    )
    ahead = dealt(PLAYER_BLIND, scores=(0, 99), hand_number=2)
    violation = check(ahead, BLIND_6)
    assert violation is not None and violation.reason is Reason.BLIND_BID_NOT_ELIGIBLE
    assert "is 99 ahead" in violation.message


def test_exactly_at_the_deficit_is_enough() -> None:
    state = bid(dealt(PLAYER_BLIND, scores=(0, 100), hand_number=2), 3)
    assert check(state, BLIND_6) is None
    assert BLIND_6.for_seat(S) in legal_actions(state)
    after = apply(state, BLIND_6)
    assert after.bids[S] == BLIND_6.for_seat(S)


def test_a_blind_nil_is_still_judged_by_the_blind_nil_options() -> None:
    state = dealt(RuleSet(blind_bid=6))
    violation = check(state, Bid.BLIND_NIL)
    assert violation is not None and violation.reason is Reason.BLIND_NIL_NOT_ALLOWED
    both = dealt(RuleSet(blind_bid=6, blind_nil=True, blind_nil_min_deficit=50), scores=(0, 60))
    assert check(both, Bid.BLIND_NIL) is not None  # East is ahead
    assert check(both, BLIND_6) is None  # no deficit asked of a blind 6


def test_every_other_bidding_rule_still_applies() -> None:
    below = dealt(RuleSet(blind_bid=6, min_player_bid=7))
    violation = check(below, BLIND_6)
    assert violation is not None and violation.reason is Reason.BID_BELOW_MINIMUM
    assert violation.message == (
        "East may not bid blind 6: the lowest number a player may bid is 7 (min_player_bid)."
    )
    team = bid(dealt(RuleSet(blind_bid=1, min_team_bid=8)), 2, 3)
    violation = check(team, Bid(5, blind=True))
    assert violation is not None and violation.reason is Reason.TEAM_BID_BELOW_MINIMUM
    assert violation.option == "min_team_bid"
    assert check(team, Bid(6, blind=True)) is None
    total = bid(dealt(RuleSet(blind_bid=1, forbid_total_of_13=True)), 3, 3, 4)
    violation = check(total, Bid(3, blind=True))
    assert violation is not None and violation.reason is Reason.TOTAL_BID_OF_13
    assert violation.message.startswith("North may not bid blind 3: the four bids would total")
    # A partner's blind number counts as its number: a nil beside it needs it to be enough.
    nil_partner = bid(dealt(RuleSet(blind_bid=3, nil_partner_min_bid=4)), 2, Bid(3, blind=True), 2)
    violation = check(nil_partner, Bid.NIL)
    assert violation is not None and violation.reason is Reason.NIL_PARTNER_BID_TOO_LOW
    assert "South bid blind 3" in violation.message


def test_a_blind_number_bid_is_no_nil_for_the_exchange() -> None:
    rules = RuleSet(blind_bid=6, nil_exchange=2)
    state = bid(dealt(rules), 3, BLIND_6, 3, "nil")  # North's nil beside South's blind 6
    assert state.phase is Phase.EXCHANGE
    state = bid(dealt(rules), 3, BLIND_6, 3, 4)
    assert state.phase is Phase.PLAY


def blind_rulesets() -> st.SearchStrategy[RuleSet]:
    """Any rule set of ``strategies.rulesets``, with blind number bids where forced bidding
    allows them (a player's or, as drawn, a team's)."""

    @st.composite
    def draw_rules(draw: st.DrawFn) -> RuleSet:
        rules = draw(rulesets()).evolve(target_score=5000, losing_score=None, max_hands=None)
        if rules.forced_bidding.name != "NONE":
            return rules
        # A team's blind bid (blind_bid_by team) is its whole bid: at least the team's minimum;
        # a blind bid scored flat (blind_bid_points) keeps the multiplier at 2 and stays below a
        # big bid (the two would score the same bid).
        least = rules.min_team_bid if rules.blind_bid_by.name == "TEAM" else 1
        flat = rules.blind_bid_points is not None
        most = rules.big_bid - 1 if flat and rules.big_bid is not None else 13
        return rules.evolve(
            blind_bid=draw(st.integers(max(1, least), most)),
            blind_bid_min_deficit=draw(st.none() | st.sampled_from([0, 50, 100])),
            blind_bid_multiplier=2 if flat else draw(st.integers(1, 4)),
        )

    return draw_rules()


#: Totals per side to bid from (the first two for two teams, three or four when each plays alone).
STANDINGS = [(0, 0, 0, 0), (0, 120, 0, 0), (70, 0, 0, 0), (0, 120, 30, -40), (150, 0, 60, 90)]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blind_rulesets(), st.integers(0, 2**32), st.sampled_from(STANDINGS))
def test_legal_actions_are_exactly_the_bids_check_accepts(
    rules: RuleSet, seed: int, totals: tuple[int, ...]
) -> None:
    """legal_actions lists exactly the bids check accepts; and a blind bid is accepted only from
    a side as far behind as blind_nil_min_deficit or blind_bid_min_deficit asks: behind the other
    team, or behind the best other player when each plays alone."""
    scores = totals[: len(rules.sides)]
    rng = random.Random(seed)
    state = apply(new_game(rules, scores=scores, hand_number=2), Deal.random(rng, rules))
    while state.phase is Phase.BIDDING:
        seat = state.to_act
        assert seat is not None
        legal = [a for a in legal_actions(state) if isinstance(a, Bid)]
        assert len(set(legal)) == len(legal)
        accepted = {b.for_seat(seat) for b in ALL_BIDS if check(state, b) is None}
        assert accepted == set(legal)
        # The seat's side: its team, or itself alone; behind the best of the other sides.
        own = seat.team if rules.partnerships else seat
        sides: list[Team | Seat] = [*Team] if rules.partnerships else [*Seat][: rules.players]
        behind = max(s for side, s in zip(sides, scores) if side != own) - scores[sides.index(own)]
        for bid in accepted:
            if bid.blind:
                least = rules.blind_nil_min_deficit if bid.is_nil else rules.blind_bid_min_deficit
                assert least is None or behind >= least, (seat, bid, scores)
        state = apply(state, rng.choice(legal_actions(state)))


PLAYERS = [EasyPlayer(), MediumPlayer(), HardPlayer(), ExpertPlayer(deals=2)]


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: type(p).__name__)
def test_every_level_bids_legally_and_never_a_blind_number(player: Any) -> None:
    rules = RuleSet(blind_bid=1, blind_nil=True, min_team_bid=4)
    for seed in range(4):
        rng = random.Random(seed)
        state = apply(new_game(rules, scores=(0, 300), hand_number=3), Deal.random(rng))
        # A blind 7 from East, which the others read as saying nothing of the hand.
        state = apply(state, Bid(7, blind=True))
        while state.phase is Phase.BIDDING:
            seat = state.to_act
            assert seat is not None
            action = player(view(state, seat), random.Random(seed))
            assert check(state, action) is None
            assert not (isinstance(action, Bid) and action.blind and not action.is_nil)
            state = apply(state, action)


def test_a_blind_bid_says_nothing_of_the_hand_to_the_bots() -> None:
    from spades.bots.deals import READ_NOTHING, READ_STRENGTH, bid_readings
    from spades.bots.seen import read_view

    state = bid(dealt(RuleSet(blind_bid=6)), BLIND_6, 3)
    readings = bid_readings(read_view(view(state, W)))
    assert readings[E] == READ_NOTHING and readings[S] == READ_STRENGTH


# -- scoring ---------------------------------------------------------------------------------------


def kinds(team: Any) -> list[tuple[ItemKind, int]]:
    return [(item.kind, item.points) for item in team.items]


def test_made_it_scores_double() -> None:
    # NS blind 6 + 2 = 8 and take 9: (80 x 2) + 1 = 161.
    hand = score_hand(PLAYER_BLIND, ["blind 6", 2, 2, 3], [5, 2, 4, 2])
    ns = hand["NS"]
    assert ns.points == 161
    assert kinds(ns) == [(K.CONTRACT_MADE, 80), (K.BLIND_BID, 80), (K.BAGS, 1)]
    assert [item.text for item in ns.items] == ["contract made +80", "blind bid x2 +80", "1 bag +1"]
    assert ns.explain() == (
        "NS bid 8 (N blind 6, S 2), took 9: contract made +80, blind bid x2 +80, 1 bag +1; "
        "bags now 1. Hand total +161."
    )
    assert hand["EW"].points == -50


def test_set_it_loses_double() -> None:
    hand = score_hand(PLAYER_BLIND, ["blind 6", 2, 2, 3], [4, 3, 3, 3])
    ns = hand["NS"]
    assert ns.points == -160 and ns.made is False
    assert kinds(ns) == [(K.CONTRACT_SET, -80), (K.BLIND_BID, -80)]
    assert ns.explain() == (
        "NS bid 8 (N blind 6, S 2), took 7: contract 7 of 8, set -80, blind bid x2 -80. "
        "Hand total -160."
    )


def test_the_multiplier() -> None:
    rules = RuleSet(blind_bid=6, blind_bid_multiplier=3)
    assert score_hand(rules, ["blind 6", 2, 2, 3], [5, 2, 4, 2])["NS"].points == 241
    assert score_hand(rules, ["blind 6", 2, 2, 3], [4, 3, 3, 3])["NS"].points == -240
    once = RuleSet(blind_bid=6, blind_bid_multiplier=1)
    hand = score_hand(once, ["blind 6", 2, 2, 3], [5, 2, 4, 2])["NS"]
    assert hand.points == 81 and K.BLIND_BID not in [item.kind for item in hand.items]


def test_a_big_bid_and_the_moon_are_multiplied() -> None:
    big = RuleSet(blind_bid=6, big_bid=8)
    ns = score_hand(big, ["blind 6", 2, 2, 3], [5, 2, 4, 2])["NS"]
    assert kinds(ns) == [(K.BIG_BID_MADE, 200), (K.BLIND_BID, 200), (K.BAGS, 1)]
    bonus = RuleSet(blind_bid=6, big_bid=8, big_bid_is_bonus=True)
    ns = score_hand(bonus, ["blind 6", 2, 2, 3], [4, 3, 3, 3])["NS"]
    assert kinds(ns) == [(K.CONTRACT_SET, -80), (K.BIG_BID_SET, -200), (K.BLIND_BID, -280)]
    moon = RuleSet(blind_bid=6, moon="all_13")
    ns = score_hand(moon, ["blind 6", 2, 2, 3], [7, 0, 6, 0])["NS"]
    assert kinds(ns) == [(K.MOON, 160), (K.BLIND_BID, 160), (K.BAGS, 5)]


def test_a_nil_partner_and_the_bags_are_not_multiplied() -> None:
    hand = score_hand(PLAYER_BLIND, ["blind 6", 2, "nil", 3], [8, 3, 0, 2])
    ns = hand["NS"]
    assert kinds(ns) == [
        (K.CONTRACT_MADE, 60),
        (K.BLIND_BID, 60),
        (K.NIL_MADE, 100),
        (K.BAGS, 2),
    ]
    assert ns.points == 222
    assert "NS bid 6 (N blind 6, S nil), took 8 (N 8, S 0)" in ns.explain()


def test_the_other_team_is_not_multiplied() -> None:
    hand = score_hand(PLAYER_BLIND, [4, "blind 6", 2, 3], [4, 6, 2, 1])
    assert hand["NS"].points == 60 and hand["EW"].points == -180


def test_a_renege_set_is_multiplied_too() -> None:
    rules = RuleSet(blind_bid=6, renege_penalty="set")
    ns = score_hand(rules, ["blind 6", 2, 2, 3], [5, 2, 4, 2], reneges=(1, 0))["NS"]
    assert kinds(ns) == [(K.RENEGE_SET, -80), (K.BLIND_BID, -80)]


@st.composite
def blind_hands(draw: st.DrawFn) -> tuple[RuleSet, list[Bid], list[int], tuple[int, int]]:
    """Free bidding with blind number bids, the scoring options drawn, four bids (some blind),
    the tricks each seat took and the bags before."""
    options: dict[str, Any] = {
        "blind_bid": 1,
        "blind_bid_multiplier": draw(st.integers(1, 4)),
        "blind_nil": draw(st.booleans()),
        "points_per_bid_trick": draw(st.integers(0, 20)),
        "set_penalty_per_trick": draw(st.integers(0, 20)),
        "points_per_bag": draw(st.integers(0, 3)),
        "failed_nil_tricks": draw(
            st.sampled_from(["ignored", "count_toward_contract", "bags_only"])
        ),
        "double_nil": draw(st.sampled_from(["independent", "unit"])),
        "bag_back": draw(st.booleans()),
        "bag_threshold": draw(st.integers(1, 10)),
    }
    if draw(st.booleans()):
        options["big_bid"] = draw(st.integers(1, 13))
        options["big_bid_is_bonus"] = draw(st.booleans())
        options["big_bid_overtricks_score"] = draw(st.booleans())
    options["moon"] = draw(st.sampled_from(["none", "bid_13", "all_13"]))
    if options["moon"] != "none":
        options["moon_points"] = draw(st.none() | st.integers(0, 300))
    rules = RuleSet(**options)
    bids = []
    for _ in range(4):
        tricks = draw(st.integers(0, 13))
        blind = draw(st.booleans()) and (tricks > 0 or rules.blind_nil)
        bids.append(Bid(tricks, blind=blind))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    if draw(st.integers(0, 4)) == 0:
        counts = [0, 0, 0, 0]
        team = draw(st.integers(0, 1))
        counts[team] = 13
    bags = (draw(st.integers(0, 12)), draw(st.integers(0, 12)))
    return rules, bids, counts, bags


@settings(max_examples=300, deadline=None)
@given(blind_hands())
def test_the_items_add_up_and_the_kernels_totals_agree(
    hand_data: tuple[RuleSet, list[Bid], list[int], tuple[int, int]],
) -> None:
    rules, bids, counts, bags = hand_data
    hand = score_hand(rules, bids, counts, bags=bags)
    for team in hand.teams:
        assert sum(item.points for item in team.items) == team.points
        assert team.explain().endswith(f"Hand total {team.points:+d}.")
        blind = [item for item in team.items if item.kind is K.BLIND_BID]
        if any(b.blind and not b.is_nil for b in team.bids) and rules.blind_bid_multiplier > 1:
            assert len(blind) == 1 and blind[0].count == rules.blind_bid_multiplier
        else:
            assert blind == []
    pairs = [(b.tricks, b.blind) for b in bids]
    assert (
        tuple(side[0] for side in hand_score(table_of(rules), pairs, counts, bags)) == hand.points
    )


# -- double blind nil ------------------------------------------------------------------------------
# osgamers (house-rules 1.4, iii): two blind nils both made, +400; a nil made beside one failed, 0
# ("If one partner makes their nil bid and the other partner does not, then the team will receive 0
# points"). No public source found gives the +800 or the game lost that the issue mentions.


@pytest.mark.parametrize("double", ["independent", "unit"])
def test_double_blind_nil_made_scores_400(double: str) -> None:
    rules = RuleSet(blind_nil=True, double_nil=double)
    ns = score_hand(rules, ["blind nil", 3, "blind nil", 4], [0, 6, 0, 7])["NS"]
    assert ns.points == 400
    kind = K.DOUBLE_NIL_MADE if double == "unit" else K.BLIND_NIL_MADE
    assert {item.kind for item in ns.items} == {kind}


def test_double_blind_nil_one_failed() -> None:
    independent = RuleSet(blind_nil=True)
    ns = score_hand(independent, ["blind nil", 3, "blind nil", 4], [1, 6, 0, 6])["NS"]
    assert ns.points == 0  # +200 and -200, osgamers' "0 points"
    assert kinds(ns) == [(K.BLIND_NIL_FAILED, -200), (K.BLIND_NIL_MADE, 200)]
    unit = independent.evolve(double_nil="unit")
    ns = score_hand(unit, ["blind nil", 3, "blind nil", 4], [1, 6, 0, 6])["NS"]
    assert ns.points == -400 and kinds(ns) == [(K.DOUBLE_NIL_FAILED, -400)]


def test_double_blind_nil_is_refused_where_two_nils_are() -> None:
    rules = RuleSet(blind_nil=True, double_nil="forbidden")
    state = bid(dealt(rules), 3, Bid.BLIND_NIL, 4)
    violation = check(state, Bid.BLIND_NIL)
    assert violation is not None and violation.reason is Reason.DOUBLE_NIL_NOT_ALLOWED


# -- records and a whole game ----------------------------------------------------------------------


def play_game(rules: RuleSet, seed: int) -> GameState:
    """A whole game of random legal actions, often a blind number bid where one is legal."""
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, state.rules))
            continue
        legal = legal_actions(state)
        blind = [a for a in legal if isinstance(a, Bid) and a.blind and not a.is_nil]
        state = apply(state, blind[0] if blind and rng.random() < 0.5 else rng.choice(legal))
    return state


def test_a_whole_game_with_blind_bids_through_the_engine_and_its_record() -> None:
    rules = RuleSet(blind_bid=6, blind_bid_min_deficit=50, target_score=300, losing_score=-300)
    state = play_game(rules, 7)
    blind_hands = [record for record in state.history if any(b and b.blind for b in record.bids)]
    assert blind_hands, "some hand had a blind number bid"
    for record in blind_hands:
        assert record.score is not None
        for team in record.score.teams:
            blind = any(b.blind for b in team.bids)
            assert (K.BLIND_BID in [item.kind for item in team.items]) is blind
    game = to_record(state)
    text = dumps(game)
    data = json.loads(text)
    assert any(
        isinstance(value, str) and value.startswith("blind ")
        for hand in data["hands"]
        for value in hand["bids"].values()
    )
    jsonschema.Draft202012Validator(schema()).validate(data)
    again = loads(text)
    assert again == game and dumps(again) == text
    report = verify(again)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == state.scores


def test_a_record_with_an_illegal_blind_bid_is_reported() -> None:
    rules = RuleSet(blind_bid=6, target_score=300, losing_score=-300)
    state = play_game(rules, 3)
    data = json.loads(dumps(to_record(state)))
    data["rules"]["options"].pop("blind_bid")  # the same record under rules with no blind bids
    record = from_data(data)
    report = verify(record)
    assert not report.ok
    assert any("do not allow blind number bids (blind_bid)" in p.message for p in report.problems)


def test_the_reader_refuses_what_is_not_a_blind_bid() -> None:
    rules = RuleSet(blind_bid=6, target_score=100, losing_score=-100)
    data = json.loads(dumps(to_record(play_game(rules, 1))))
    first = data["hands"][0]["bids"]
    seat = next(iter(first))
    for junk in ("blind six", "b6", "blind  6", "Blind 6"):
        first[seat] = junk
        with pytest.raises(Exception) as info:
            from_data(data)
        assert "is not a bid" in str(info.value)


# -- spades play -----------------------------------------------------------------------------------


def run_play(monkeypatch: pytest.MonkeyPatch, answers: list[tuple[str, str]], *args: str) -> str:
    """``spades play ARGS``, each prompt answered by the first script line whose text it holds
    (used once), else Enter for an offer, 3 for a bid and ``quit`` at the first card."""
    out = io.StringIO()
    prompts: list[str] = []

    def fake_input(prompt: object = "") -> str:
        text = str(prompt)
        prompts.append(text)
        for index, (expected, scripted) in enumerate(answers):
            if expected in text:
                del answers[index]
                answer = scripted
                break
        else:
            if "press Enter" in text:
                answer = ""
            elif "bid" in text:
                answer = "3"
            elif "card (" in text or "Save the game" in text:
                answer = "quit" if "card (" in text else ""
            else:  # pragma: no cover - a prompt this test did not expect
                raise AssertionError(text)
        print(f"{text}{answer}")
        return answer

    monkeypatch.setattr(builtins, "input", fake_input)
    with redirect_stdout(out):
        code = main(["play", *args])
    assert code == 0
    return out.getvalue()


def test_spades_play_offers_a_blind_number_before_the_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = run_play(
        monkeypatch,
        [("Type 'blind 6'", "blind 6")],
        "--seed", "3", "--plain", "--set", "blind_bid=6",
    )  # fmt: skip
    offer = out.index("You may bid a number blind (6-13)")
    assert "Your hand:" not in out[:offer]
    assert "South bids blind 6." in out


def test_spades_play_refuses_a_blind_number_once_the_cards_are_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = run_play(
        monkeypatch,
        [("press Enter", ""), ("Your bid", "blind 6"), ("Your bid", "quit")],
        "--seed", "3", "--plain", "--set", "blind_bid=6",
    )  # fmt: skip
    assert "You have looked at your cards, so you can no longer bid a number blind." in out


def test_spades_play_offers_both_blind_bids(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run_play(
        monkeypatch,
        [("press Enter", "b7")],
        "--seed", "3", "--plain", "--set", "blind_bid=6", "--set", "blind_nil=true",
    )  # fmt: skip
    assert "You may bid blind nil or a number blind (6-13)" in out
    assert "Type 'blind nil' or 'blind 6'" in out
    assert "South bids blind 7." in out
