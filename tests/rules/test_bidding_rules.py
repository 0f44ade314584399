"""The bidding options: who may bid what, why a bid is refused, the nil exchanges, the bots.

Every bidding rule is decided once, in the kernel (``_kernel.bid_refusal``); these tests reach it
through the engine (:func:`check`, :func:`legal_actions`, :func:`apply`), :func:`score_hand`, the
record verifier, every computer level and ``spades play``, and check that each says the same.

Two hand-made deals: ``BAND`` gives every seat cards of every suit (card ``i`` to seat ``i % 4``)::

    N  ♠J73  ♥Q84  ♦K95  ♣AT62
    E  ♠Q84  ♥K95  ♦AT62 ♣J73
    S  ♠K95  ♥AT62 ♦J73  ♣Q84
    W  ♠AT62 ♥J73  ♦Q84  ♣K95

``ONE_SUIT`` gives North every spade, East every heart, South every diamond, West every club.
North deals unless a test says otherwise, so East bids first, then South, West and North.
The bid range and the total of the bids are also judged at every table (``table_kind``: alone,
of three, of two), and blind nil alone against the leading player.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Card,
    Counts,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Reason,
    RuleSet,
    RuleSetError,
    Seat,
    apply,
    check,
    find_ruleset,
    is_legal,
    legal_actions,
    new_game,
    score_hand,
    view,
)
from spades.bids import hand_bid_violations
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer
from spades.bots.exchange import danger
from spades.bots.tactics import nearest_bid
from spades.legality import exchange_size
from spades.records import dumps, from_data, loads, to_record, verify
from spades.rules import DoubleNil, ExchangeOrder, ForcedBidding
from tables import TableKind
from witness import fingerprint

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))
ONE_SUIT = Deal(
    ("AKQJT98765432.-.-.-", "-.AKQJT98765432.-.-", "-.-.AKQJT98765432.-", "-.-.-.AKQJT98765432")
)

#: Every bid a seat could try: blind nil, nil, 1 to 13, and blind 1 to blind 13.
ALL_BIDS = (
    Bid.BLIND_NIL,
    Bid.NIL,
    *(Bid(n) for n in range(1, 14)),
    *(Bid(n, blind=True) for n in range(1, 14)),
)


def dealt(rules: RuleSet | str, deal: Deal = BAND, **standing: Any) -> GameState:
    """``deal`` dealt by North (East to bid first) under ``rules``."""
    return apply(new_game(rules, **standing), deal)


def bid(state: GameState, *bids: int | str | Bid) -> GameState:
    """Apply bids in bidding order: numbers, 'nil', 'bn' or Bid values."""
    for value in bids:
        if isinstance(value, Bid):
            action = value
        elif value == "bn":
            action = Bid.BLIND_NIL
        elif value == "nil":
            action = Bid.NIL
        else:
            action = Bid(int(value))
        state = apply(state, action)
    return state


def bids_of(state: GameState) -> list[str]:
    """The legal bids, as text."""
    return [str(action) for action in legal_actions(state)]


def refused(
    state: GameState, action: Bid, reason: Reason, option: str | None, message: str
) -> None:
    """``action`` is refused for ``reason`` and ``option``, with exactly ``message``, by check,
    is_legal and apply alike, and the state is left as it was."""
    snapshot = fingerprint(state)
    violation = check(state, action)
    assert violation is not None
    assert (violation.reason, violation.option, violation.message) == (reason, option, message)
    assert violation.seat is state.to_act
    assert not is_legal(state, action)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    error = info.value
    assert (error.reason, error.option, str(error), error.seat) == (
        reason,
        option,
        message,
        state.to_act,
    )
    assert fingerprint(state) == snapshot
    assert action.for_seat(state.to_act) not in legal_actions(state)


def allowed(state: GameState, *actions: Bid) -> None:
    for action in actions:
        assert check(state, action) is None, check(state, action)
        assert action.for_seat(state.to_act) in legal_actions(state)


# -- the bid range at each table ------------------------------------------------------------------


def test_the_bids_run_from_nil_to_the_tricks_of_a_hand(table_kind: TableKind) -> None:
    """A bid is nil or 1 to the tricks in a hand: 13, or 17 for three (the two of clubs out)."""
    tricks = table_kind.tricks
    rules = table_kind.rules
    state = dealt(rules, Deal.random(random.Random(1), rules))
    seat = state.to_act
    assert seat is not None
    bids = legal_actions(state)
    assert [bid.tricks for bid in bids] == [*range(1, tricks + 1), 0]  # type: ignore[union-attr]
    violation = check(state, Bid(tricks + 1))
    assert violation is not None and violation.reason is Reason.BID_OUT_OF_RANGE
    assert violation.message == (
        f"{seat.full_name} bid {tricks + 1}; a bid is nil or 1 to {tricks} tricks."
    )


def test_three_with_the_jokers_bid_up_to_18() -> None:
    """house-rules.md section 3: "A 54-card version (with jokers) deals 18 each": 18 tricks to
    bid for."""
    rules = RuleSet(players=3, partnerships=False, deck="jokers")
    jokers = dealt(rules, Deal.random(random.Random(1), rules))
    assert check(jokers, Bid(18)) is None and check(jokers, Bid(19)) is not None


# -- scenario 14: the minimum team bid ------------------------------------------------------------

TEAM_4 = RuleSet(min_team_bid=4)


def test_scenario_14_after_the_partner_bids_1_a_bid_of_2_is_refused() -> None:
    state = bid(dealt(TEAM_4), 1, 3)  # E 1, S 3: West to bid, East's partner
    refused(
        state,
        Bid(2),
        Reason.TEAM_BID_BELOW_MINIMUM,
        "min_team_bid",
        "West must bid at least 3, so that East-West bid at least 4 (min_team_bid).",
    )
    allowed(state, Bid(3), Bid(13))
    assert bids_of(state) == [str(n) for n in range(3, 14)]


def test_scenario_14_a_first_bidders_nil_forces_the_partner_to_4() -> None:
    state = dealt(TEAM_4)
    allowed(state, Bid.NIL)  # East bids first: the team can still reach 4
    state = bid(state, "nil", 2)  # E nil, S 2
    refused(
        state,
        Bid(3),
        Reason.TEAM_BID_BELOW_MINIMUM,
        "min_team_bid",
        "West must bid at least 4, so that East-West bid at least 4 (min_team_bid).",
    )
    assert bids_of(state) == [str(n) for n in range(4, 14)]  # no nil, nothing under 4


def test_scenario_14_a_second_bidders_nil_only_once_the_partner_reached_the_minimum() -> None:
    short = bid(dealt(TEAM_4), 2, 3)
    refused(
        short,
        Bid.NIL,
        Reason.TEAM_BID_BELOW_MINIMUM,
        "min_team_bid",
        "West must bid at least 2, so that East-West bid at least 4 (min_team_bid).",
    )
    reached = bid(dealt(TEAM_4), 4, 3)
    allowed(reached, Bid.NIL, Bid(1))


def test_the_team_minimum_counts_a_blind_nil_as_nothing() -> None:
    rules = RuleSet(min_team_bid=4, blind_nil=True)
    state = bid(dealt(rules), 3, 4)
    refused(
        state,
        Bid.BLIND_NIL,
        Reason.TEAM_BID_BELOW_MINIMUM,
        "min_team_bid",
        "West must bid at least 1, so that East-West bid at least 4 (min_team_bid).",
    )


# -- scenario 23: forced bidding ------------------------------------------------------------------


def test_scenario_23_mirror_with_no_spade_must_bid_nil() -> None:
    state = dealt("mirror", ONE_SUIT)  # East holds only hearts
    assert bids_of(state) == ["nil"]
    refused(
        state,
        Bid(1),
        Reason.FORCED_BID,
        "forced_bidding",
        "East must bid nil, holding no spade (forced_bidding mirror).",
    )
    state = bid(state, "nil", "nil", "nil")
    assert state.to_act is N and bids_of(state) == ["13"]  # North holds every spade
    refused(
        state,
        Bid.NIL,
        Reason.FORCED_BID,
        "forced_bidding",
        "North must bid 13, the number of spades North holds (forced_bidding mirror).",
    )


def test_scenario_23_mirror_bids_the_spades_held() -> None:
    state = dealt("mirror")
    assert bids_of(state) == ["3"]  # East holds Q84 of spades
    state = bid(state, 3, 3)
    assert bids_of(state) == ["4"]  # West holds AT62


def test_scenario_23_whiz_with_no_spade_must_bid_nil() -> None:
    state = dealt("whiz", ONE_SUIT)
    refused(
        state,
        Bid(2),
        Reason.FORCED_BID,
        "forced_bidding",
        "East must bid nil, holding no spade (forced_bidding whiz).",
    )
    assert bids_of(state) == ["nil", "blind nil"]  # whiz keeps blind nil, a nil


def test_whiz_is_nil_or_the_spades_held() -> None:
    state = bid(dealt("whiz"), 3, "nil")
    assert state.to_act is W and bids_of(state) == ["4", "nil", "blind nil"]
    refused(
        state,
        Bid(3),
        Reason.FORCED_BID,
        "forced_bidding",
        "West must bid nil or 4, the number of spades West holds (forced_bidding whiz).",
    )


def test_scenario_23_suicide_after_a_5_the_partner_must_bid_nil() -> None:
    state = dealt("suicide")
    assert bids_of(state) == [*(str(n) for n in range(4, 14)), "nil"]
    refused(
        state,
        Bid(3),
        Reason.FORCED_BID,
        "forced_bidding",
        "East must bid nil or at least 4: in each partnership one partner bids nil and the "
        "other at least 4 (forced_bidding suicide).",
    )
    state = bid(state, 5, "nil")  # East 5 (EW's first), South nil (NS's first)
    assert bids_of(state) == ["nil"]
    refused(
        state,
        Bid(4),
        Reason.FORCED_BID,
        "forced_bidding",
        "West must bid nil, since East bid 5 (forced_bidding suicide).",
    )
    state = bid(state, "nil")
    assert bids_of(state) == [str(n) for n in range(4, 14)]
    refused(
        state,
        Bid.NIL,
        Reason.FORCED_BID,
        "forced_bidding",
        "North must bid at least 4, since South bid nil (forced_bidding suicide).",
    )


# -- scenario 24 (bidding): no total of 13 --------------------------------------------------------


def test_scenario_24_the_last_bidder_may_not_make_13() -> None:
    state = bid(dealt(RuleSet(forbid_total_of_13=True)), 3, 3, 2)  # 8 so far: North last
    refused(
        state,
        Bid(5),
        Reason.TOTAL_BID_OF_13,
        "forbid_total_of_13",
        "North may not bid 5: the four bids would total exactly 13, and someone must miss "
        "(forbid_total_of_13).",
    )
    assert "5" not in bids_of(state) and len(bids_of(state)) == 13
    allowed(state, Bid(4), Bid(6), Bid.NIL)
    # Only the last bidder is bound: the first three may bid anything.
    assert len(bids_of(bid(dealt(RuleSet(forbid_total_of_13=True)), 6, 6))) == 14


def test_a_total_of_13_from_three_bids_refuses_a_last_nil() -> None:
    state = bid(dealt(RuleSet(forbid_total_of_13=True)), 5, 4, 4)
    refused(
        state,
        Bid.NIL,
        Reason.TOTAL_BID_OF_13,
        "forbid_total_of_13",
        "North may not bid nil: the four bids would total exactly 13, and someone must miss "
        "(forbid_total_of_13).",
    )


#: At each table, the bids before the last: whatever the last bidder bids to make them total the
#: tricks of a hand is refused (the four of scenario 24 above; scenario 24 of three below).
BEFORE_THE_LAST = {"partners": (3, 3, 2), "alone": (4, 3, 3), "three": (5, 6), "two": (5,)}
WORDS = {2: "two", 3: "three", 4: "four"}


def last_bid_of_the_total(table_kind: TableKind) -> tuple[GameState, int]:
    """The last bidder to bid under forbid_total_of_13 at ``table_kind``, and the bid that would
    make the bids total the tricks of a hand."""
    rules = table_kind.rules.evolve(forbid_total_of_13=True)
    before = BEFORE_THE_LAST[table_kind.id]
    state = bid(dealt(rules, Deal.random(random.Random(1), rules)), *before)
    return state, table_kind.tricks - sum(before)


def test_the_bids_may_not_total_the_tricks_of_a_hand_at_any_table(table_kind: TableKind) -> None:
    """forbid_total_of_13 counts every bid at the table, each player's own alone, against the
    tricks in a hand: 13, or 17 for three (the two of clubs out). Only the last bidder is bound,
    and only that one bid."""
    state, making = last_bid_of_the_total(table_kind)
    assert state.to_act is table_kind.seats[0]  # North deals, and bids last
    violation = check(state, Bid(making))
    assert violation is not None and violation.reason is Reason.TOTAL_BID_OF_13
    assert violation.option == "forbid_total_of_13" and violation.seat is state.to_act
    assert not is_legal(state, Bid(making)) and str(making) not in bids_of(state)
    assert violation.message.startswith(f"North may not bid {making}: the ")
    assert violation.message.endswith(
        f" would total exactly {table_kind.tricks}, and someone must miss (forbid_total_of_13)."
    )
    allowed(state, Bid(making - 1), Bid(making + 1))


def test_the_total_of_the_bids_is_told_by_how_many_bid(table_kind: TableKind) -> None:
    """The sentence counts the bids at the table: four, three, or two."""
    state, making = last_bid_of_the_total(table_kind)
    refused(
        state,
        Bid(making),
        Reason.TOTAL_BID_OF_13,
        "forbid_total_of_13",
        f"North may not bid {making}: the {WORDS[table_kind.players]} bids would total exactly "
        f"{table_kind.tricks}, and someone must miss (forbid_total_of_13).",
    )


def test_scenario_24_of_three_the_total_may_not_be_17_and_the_three_of_clubs_leads() -> None:
    """house-rules.md section 4, scenario 24: "Bids 5 and 6 are in; with total ≠ 17 the last
    bidder may not bid 6. 2♣ is removed, so 3♣ leads." (samsunghope's lead, first_lead
    two_of_clubs; cutthroat3's other sources have the dealer's left lead.)"""
    rules = find_ruleset("cutthroat3").evolve(forbid_total_of_13=True, first_lead="two_of_clubs")
    state = dealt(rules, Deal.random(random.Random(24), rules))
    assert state.to_act is E  # North deals; East, South, then North bid
    state = apply(apply(state, Bid(5)), Bid(6))
    violation = check(state, Bid(6))
    assert violation is not None and violation.option == "forbid_total_of_13"
    assert violation.message == (
        "North may not bid 6: the three bids would total exactly 17, and someone must miss "
        "(forbid_total_of_13)."
    )
    assert Bid(6, seat=N) not in legal_actions(state)
    state = apply(state, Bid(5))
    leader = state.to_act
    assert leader is not None and Card("3c") in state.holding(leader)
    assert legal_actions(state) == (Play(Card("3c"), seat=leader),)


def test_the_minimum_total_is_made_up_by_the_last_bidder() -> None:
    rules = RuleSet(min_total_bid=11)
    state = bid(dealt(rules), 3, 3, 2)
    refused(
        state,
        Bid(2),
        Reason.TOTAL_BID_BELOW_MINIMUM,
        "min_total_bid",
        "North must bid at least 3, so that the four bids total at least 11 (min_total_bid).",
    )
    assert bids_of(state) == [str(n) for n in range(3, 14)]
    assert len(bids_of(bid(dealt(rules), 1, 1))) == 14  # not yet the last bidder


# -- nil and blind nil ----------------------------------------------------------------------------


def test_nil_not_allowed() -> None:
    state = dealt(RuleSet(nil_allowed=False))
    assert bids_of(state) == [str(n) for n in range(1, 14)]
    refused(
        state,
        Bid.NIL,
        Reason.NIL_NOT_ALLOWED,
        "nil_allowed",
        "East may not bid nil: these rules do not allow nil (nil_allowed).",
    )


def test_the_lowest_number_a_player_may_bid() -> None:
    state = dealt(RuleSet(min_player_bid=3))
    assert bids_of(state) == [*(str(n) for n in range(3, 14)), "nil"]
    refused(
        state,
        Bid(2),
        Reason.BID_BELOW_MINIMUM,
        "min_player_bid",
        "East may not bid 2: the lowest number a player may bid is 3 (min_player_bid).",
    )


def test_double_nil_forbidden() -> None:
    rules = RuleSet(double_nil=DoubleNil.FORBIDDEN, blind_nil=True)
    state = bid(dealt(rules), "nil", 3)
    refused(
        state,
        Bid.NIL,
        Reason.DOUBLE_NIL_NOT_ALLOWED,
        "double_nil",
        "West may not bid nil: East bid nil, and only one partner may bid nil (double_nil).",
    )
    refused(
        state,
        Bid.BLIND_NIL,
        Reason.DOUBLE_NIL_NOT_ALLOWED,
        "double_nil",
        "West may not bid blind nil: East bid nil, and only one partner may bid nil (double_nil).",
    )
    assert bids_of(state) == [str(n) for n in range(1, 14)]
    allowed(bid(dealt(rules), 2, 3), Bid.NIL)
    # Other rules let both partners bid nil.
    allowed(bid(dealt(RuleSet()), "nil", 3), Bid.NIL)


def test_the_partner_of_a_nil_bidder_after_the_nil() -> None:
    rules = RuleSet(nil_partner_min_bid=4)
    state = bid(dealt(rules), "nil", 2)
    refused(
        state,
        Bid(3),
        Reason.NIL_PARTNER_BID_TOO_LOW,
        "nil_partner_min_bid",
        "West must bid at least 4: East bid nil, and the partner of a nil bidder must bid at "
        "least 4 (nil_partner_min_bid).",
    )
    refused(
        state,
        Bid.NIL,
        Reason.NIL_PARTNER_BID_TOO_LOW,
        "nil_partner_min_bid",
        "West may not bid nil: East bid nil, and the partner of a nil bidder must bid at least "
        "4 (nil_partner_min_bid).",
    )
    assert bids_of(state) == [str(n) for n in range(4, 14)]


def test_the_partner_of_a_nil_bidder_before_the_nil() -> None:
    rules = RuleSet(nil_partner_min_bid=4)
    state = bid(dealt(rules), 2, 3)
    refused(
        state,
        Bid.NIL,
        Reason.NIL_PARTNER_BID_TOO_LOW,
        "nil_partner_min_bid",
        "West may not bid nil: East bid 2, and the partner of a nil bidder must bid at least "
        "4 (nil_partner_min_bid).",
    )
    allowed(state, Bid(1))  # a number is fine: there is no nil beside it
    allowed(bid(dealt(rules), 4, 3), Bid.NIL)
    allowed(dealt(rules), Bid.NIL)  # the first partner's nil: the other is yet to bid


def test_blind_nil_refused_in_the_first_hand_when_the_rules_say_so() -> None:
    rules = RuleSet(blind_nil=True, blind_nil_first_hand=False)
    first = dealt(rules)
    refused(
        first,
        Bid.BLIND_NIL,
        Reason.BLIND_NIL_NOT_ELIGIBLE,
        "blind_nil_first_hand",
        "East may not bid blind nil in the first hand of a game (blind_nil_first_hand).",
    )
    assert "blind nil" not in bids_of(first)
    allowed(dealt(rules, hand_number=2), Bid.BLIND_NIL)
    # The second hand of a game begun at hand 1 allows it too.
    second = apply(apply(new_game(rules), Counts([3, 3, 3, 3], [4, 3, 3, 3])), BAND)
    assert second.hand_number == 2 and second.to_act is S
    allowed(second, Bid.BLIND_NIL)
    allowed(dealt(RuleSet(blind_nil=True)), Bid.BLIND_NIL)


def test_blind_nil_keeps_its_deficit_sentence() -> None:
    rules = RuleSet(blind_nil=True, blind_nil_min_deficit=100)
    refused(
        dealt(rules, scores=(0, 90)),
        Bid.BLIND_NIL,
        Reason.BLIND_NIL_NOT_ELIGIBLE,
        "blind_nil_min_deficit",
        "East may not bid blind nil: EW must be at least 100 points behind and is 90 ahead.",
    )


def test_blind_nil_alone_is_judged_against_the_leading_player() -> None:
    """Every player alone (partnerships False): the deficit is to the leading player."""
    rules = RuleSet(partnerships=False, blind_nil=True, blind_nil_min_deficit=100)
    # North deals hand 3, so East bids first; East leads, 100 ahead of North, the next best.
    state = dealt(
        rules, Deal.random(random.Random(1), rules), scores=(50, 150, 40, 0), hand_number=3
    )
    assert state.to_act is E
    violation = check(state, Bid(0, blind=True, seat=E))
    assert violation is not None and violation.reason is Reason.BLIND_NIL_NOT_ELIGIBLE
    assert violation.message == (
        "East may not bid blind nil: East must be at least 100 points behind the leading player "
        "and is 100 ahead."
    )
    state = apply(state, Bid(3, seat=E))
    # South is 110 behind East, the leader: allowed, though S is ahead of West.
    assert check(state, Bid(0, blind=True, seat=S)) is None
    assert Bid(0, blind=True, seat=S) in legal_actions(state)
    state = apply(state, Bid(3, seat=S))
    # West is 150 behind.
    assert check(state, Bid(0, blind=True, seat=W)) is None
    state = apply(state, Bid(3, seat=W))
    # North is 100 behind: exactly the deficit, allowed.
    assert check(state, Bid(0, blind=True, seat=N)) is None


# -- legal_actions is exactly what check accepts --------------------------------------------------

EXHAUSTIVE_RULES = [
    RuleSet(),
    RuleSet(min_team_bid=4),
    RuleSet(min_team_bid=13, min_player_bid=2),
    RuleSet(nil_partner_min_bid=5, double_nil=DoubleNil.FORBIDDEN, blind_nil=True),
    RuleSet(min_total_bid=12, forbid_total_of_13=True, min_team_bid=6),
    RuleSet(nil_allowed=False, forbid_total_of_13=True),
    RuleSet(blind_nil=True, blind_nil_min_deficit=50, blind_nil_first_hand=False),
    RuleSet(blind_bid=6, blind_bid_min_deficit=50, min_team_bid=4, min_total_bid=11),
    RuleSet(blind_bid=1, blind_nil=True, forbid_total_of_13=True, min_player_bid=3),
    find_ruleset("mirror"),
    find_ruleset("whiz"),
    find_ruleset("suicide"),
    find_ruleset("ggz"),
    find_ruleset("trickster"),
]


@pytest.mark.parametrize("rules", EXHAUSTIVE_RULES, ids=repr)
@pytest.mark.parametrize("deal", [BAND, ONE_SUIT], ids=["band", "one_suit"])
def test_legal_bids_are_exactly_the_bids_check_accepts(rules: RuleSet, deal: Deal) -> None:
    rng = random.Random(repr(rules))
    for hand_number, scores in ((1, (0, 0)), (2, (0, 60)), (3, (70, 0))):
        for _ in range(6):
            state = dealt(rules, deal, hand_number=hand_number, scores=scores)
            while state.phase is Phase.BIDDING:
                legal = set(legal_actions(state))
                assert legal, "a legal bid always exists"
                accepted = {
                    action.for_seat(state.to_act)
                    for action in (*ALL_BIDS, Bid(0), Bid(14), Bid(-1))
                    if check(state, action) is None
                }
                assert accepted == legal
                state = apply(state, rng.choice(sorted(legal, key=str)))


# -- the exchanges ---------------------------------------------------------------------------------

EXCHANGES = RuleSet(blind_nil=True, blind_nil_exchange=2, nil_exchange=3)


@pytest.mark.parametrize(
    ("order", "steps"),
    [
        (ExchangeOrder.PARTNER_FIRST, [(W, 3), (E, 3), (N, 2), (S, 2)]),
        (ExchangeOrder.NIL_BIDDER_FIRST, [(E, 3), (W, 3), (S, 2), (N, 2)]),
    ],
)
def test_the_exchange_order_and_sizes(order: ExchangeOrder, steps: list[tuple[Seat, int]]) -> None:
    """East bids nil beside West's 4 (3 cards each way), South blind nil beside North's 3 (2
    cards each way); the exchanges go in bidding order, each in the rules' order."""
    state = bid(dealt(EXCHANGES.evolve(exchange_order=order)), "nil", "bn", 4, 3)
    for giver, count in steps:
        assert state.phase is Phase.EXCHANGE and state.to_act is giver
        assert exchange_size(state) == count
        assert {len(action.cards) for action in legal_actions(state)} == {count}  # type: ignore[union-attr]
        option = "nil_exchange" if count == 3 else "blind_nil_exchange"
        wrong = Exchange(state.holding(giver).cards_text().split()[: count + 1])
        violation = check(state, wrong)
        assert violation is not None
        assert (violation.reason, violation.option, violation.message) == (
            Reason.BAD_EXCHANGE,
            option,
            f"{giver.full_name} must pass exactly {count} cards, not {count + 1}.",
        )
        cards = Exchange(state.holding(giver).cards_text().split()[:count])
        before = state.holding(giver.partner)
        state = apply(state, cards)
        assert state.holding(giver.partner) == before | cards.cards
    assert state.phase is Phase.PLAY
    assert [giver for giver, _cards in state.exchanges] == [giver for giver, _ in steps]


def test_no_exchange_between_two_nils_or_without_cards_to_pass() -> None:
    both = bid(dealt(EXCHANGES), "nil", 3, "nil", 3)
    assert both.phase is Phase.PLAY
    blind_only = RuleSet(blind_nil=True, blind_nil_exchange=2)
    assert bid(dealt(blind_only), "nil", 3, 4, 3).phase is Phase.PLAY  # a plain nil passes none
    nil_only = RuleSet(blind_nil=True, nil_exchange=2)
    assert bid(dealt(nil_only), "bn", 3, 4, 3).phase is Phase.PLAY  # a blind nil passes none
    assert bid(dealt(nil_only), "nil", 3, 4, 3).phase is Phase.EXCHANGE


def test_pagat_has_the_blind_nil_bidder_pass_first() -> None:
    state = bid(dealt("pagat", scores=(0, 100)), 3, 4, 2, "bn")  # North 100 behind
    assert state.phase is Phase.EXCHANGE and state.to_act is N and exchange_size(state) == 2


@pytest.mark.parametrize("order", list(ExchangeOrder))
def test_every_level_exchanges_in_either_order(order: ExchangeOrder) -> None:
    rules = EXCHANGES.evolve(exchange_order=order)
    for player in (EasyPlayer(), MediumPlayer(), HardPlayer(), ExpertPlayer(deals=3)):
        state = bid(dealt(rules), "nil", "bn", 4, 3)
        rng = random.Random(1)
        while state.phase is Phase.EXCHANGE:
            seat = state.to_act
            assert seat is not None
            action = player(view(state, seat), rng)
            assert check(state, action) is None
            passed = [card.index for card in action.cards]  # type: ignore[union-attr]
            kept = [card.index for card in state.holding(seat) if card.index not in passed]
            if state.bids[seat].is_nil:  # type: ignore[union-attr]
                # The nil bidder passes its most dangerous cards, giving first or back.
                assert min(map(danger, passed)) >= max(map(danger, kept))
            else:  # its partner, its lowest cards of the side suits
                side = [card for card in kept if card < 39]
                assert all(card < 39 for card in passed)
                assert max(card % 13 for card in passed) <= min(card % 13 for card in side)
            state = apply(state, action)
        assert state.phase is Phase.PLAY


# -- score_hand: what bids alone can settle -------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "bids", "reason", "message"),
    [
        (
            TEAM_4,
            [1, 1, 2, 3],  # East first: S 2, W 3, N 1 -- North leaves NS at 3
            Reason.TEAM_BID_BELOW_MINIMUM,
            "North must bid at least 2, so that North-South bid at least 4 (min_team_bid).",
        ),
        (
            RuleSet(nil_allowed=False),
            [3, "nil", 3, 3],
            Reason.NIL_NOT_ALLOWED,
            "East may not bid nil: these rules do not allow nil (nil_allowed).",
        ),
        (
            RuleSet(double_nil=DoubleNil.FORBIDDEN),
            ["nil", 3, "nil", 3],
            Reason.DOUBLE_NIL_NOT_ALLOWED,
            "North may not bid nil: South bid nil, and only one partner may bid nil (double_nil).",
        ),
        (
            RuleSet(min_player_bid=2),
            [2, 1, 2, 2],
            Reason.BID_BELOW_MINIMUM,
            "East may not bid 1: the lowest number a player may bid is 2 (min_player_bid).",
        ),
        (
            RuleSet(nil_partner_min_bid=4),
            [3, "nil", 4, 3],
            Reason.NIL_PARTNER_BID_TOO_LOW,
            "West must bid at least 4: East bid nil, and the partner of a nil bidder must bid at "
            "least 4 (nil_partner_min_bid).",
        ),
        (
            RuleSet(min_total_bid=11),
            [2, 3, 3, 2],
            Reason.TOTAL_BID_BELOW_MINIMUM,
            "North must bid at least 3, so that the four bids total at least 11 (min_total_bid).",
        ),
        (
            RuleSet(forbid_total_of_13=True),
            [5, 3, 3, 2],
            Reason.TOTAL_BID_OF_13,
            "North may not bid 5: the four bids would total exactly 13, and someone must miss "
            "(forbid_total_of_13).",
        ),
        (
            find_ruleset("suicide"),
            [5, 5, "nil", 4],
            Reason.FORCED_BID,
            "West must bid nil, since East bid 5 (forced_bidding suicide).",
        ),
    ],
)
def test_score_hand_refuses_bids_the_rules_forbid_with_checks_sentence(
    rules: RuleSet, bids: list[Any], reason: Reason, message: str
) -> None:
    with pytest.raises(IllegalActionError) as info:
        score_hand(rules, bids, [4, 3, 3, 3])
    error = info.value
    assert (error.reason, str(error)) == (reason, message)
    # The engine says the same of the same bid at its turn (North deals, East bids first).
    state = dealt(rules)
    for index in (1, 2, 3, 0):
        value = Bid.of(bids[index])
        if check(state, value) is not None:
            assert check(state, value).message == message  # type: ignore[union-attr]
            break
        state = apply(state, value)
    else:  # pragma: no cover
        raise AssertionError("the engine accepted every bid")


def test_score_hand_cannot_judge_what_needs_the_cards() -> None:
    # Mirror needs the spades held: not judged; nor blind nil's deficit without the scores.
    assert score_hand("mirror", [4, 3, 3, 3], [4, 3, 3, 3]).points == (70, 60)
    assert score_hand("whiz", [4, "nil", 3, 3], [4, 0, 6, 3]).points
    assert (
        score_hand(RuleSet(blind_nil=True), ["blind nil", 3, 4, 3], [0, 4, 5, 4]).points[0] == 241
    )
    # The same mirror bids from a game, with the cards, are judged.
    state = dealt("mirror")
    assert check(state, Bid(4)) is not None


def test_hand_bid_violations_reports_every_broken_rule_in_bidding_order() -> None:
    bids = [Bid(1), Bid(1), Bid(2), Bid(1)]
    found = hand_bid_violations(TEAM_4, bids)
    assert [(v.seat, v.reason) for v in found] == [
        (W, Reason.TEAM_BID_BELOW_MINIMUM),
        (N, Reason.TEAM_BID_BELOW_MINIMUM),
    ]
    # With West dealing, North bids first and South second.
    found = hand_bid_violations(TEAM_4, bids, dealer=W)
    assert [(v.seat, v.reason) for v in found] == [
        (S, Reason.TEAM_BID_BELOW_MINIMUM),
        (W, Reason.TEAM_BID_BELOW_MINIMUM),
    ]


def test_apply_counts_judges_the_bids_in_turn() -> None:
    state = new_game(TEAM_4)
    violation = check(state, Counts([1, 1, 2, 3], [4, 3, 3, 3]))
    assert violation is not None and violation.reason is Reason.TEAM_BID_BELOW_MINIMUM
    assert violation.seat is N and violation.option == "min_team_bid"
    assert check(state, Counts([1, 1, 3, 3], [4, 3, 3, 3])) is None


# -- records ---------------------------------------------------------------------------------------


def _played_pagat_hand() -> GameState:
    """A whole hand under pagat's rules as they were before version 2: the partner passing
    first. North-South 100 behind; North bids blind nil."""
    rules = find_ruleset("pagat").evolve(exchange_order=ExchangeOrder.PARTNER_FIRST)
    state = bid(dealt(rules, scores=(0, 100)), 3, 4, 2, "bn")
    assert state.to_act is S  # the partner passes first
    given = Exchange("2h 5s")
    state = apply(state, given)
    state = apply(state, given)  # North passes them straight back: it holds them only now
    rng = random.Random(7)
    while state.phase is not Phase.HAND_OVER:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def given_text() -> str:
    return Exchange("2h 5s").cards.cards_text()


def test_an_old_pagat_record_keeps_the_partner_passing_first() -> None:
    state = _played_pagat_hand()
    data = json.loads(dumps(to_record(state, preset="pagat")))
    assert data["version"] == 2
    assert data["rules"] == {"preset": "pagat", "options": {"exchange_order": "partner_first"}}
    # As a version-1 writer wrote it: pagat, with no option, meant the partner passing first.
    data["version"] = 1
    data["rules"] = {"preset": "pagat"}
    old = from_data(data)
    assert old.rules == find_ruleset("pagat").evolve(exchange_order="partner_first")
    report = verify(old)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == state.scores
    # Written again, the record says so explicitly.
    again = json.loads(dumps(old))
    assert again["version"] == 2
    assert again["rules"]["options"] == {"exchange_order": "partner_first"}
    assert verify(loads(dumps(old))).ok
    # The same record as version 2 is read with pagat's order of today, North passing first:
    # North did not hold the cards it passed before South passed them.
    data["version"] = 2
    report = verify(from_data(data))
    assert [(problem.reason, problem.message) for problem in report.problems][:1] == [
        (Reason.CARD_NOT_HELD, f"North does not hold {given_text()}.")
    ]


def test_an_old_pagat_record_may_still_name_its_order() -> None:
    state = _played_pagat_hand()
    data = json.loads(dumps(to_record(state, preset="pagat")))
    data["version"] = 1
    data["rules"]["options"] = {"blind_nil_exchange": 3}
    record = from_data(data)
    assert record.rules.exchange_order is ExchangeOrder.PARTNER_FIRST
    assert record.rules.blind_nil_exchange == 3
    data["rules"]["options"] = {"exchange_order": "nil_bidder_first"}
    assert from_data(data).rules == find_ruleset("pagat")


def test_the_verifier_judges_forced_bids_against_the_deal() -> None:
    state = bid(dealt("mirror"), 3, 3, 4, 3)  # East, South, West, North: their spades
    data = json.loads(dumps(to_record(state)))
    data["hands"][0]["bids"]["E"] = 4
    report = verify(from_data(data))
    reasons = [(problem.reason, problem.message) for problem in report.problems]
    assert (
        Reason.FORCED_BID,
        "East must bid 3, the number of spades East holds (forced_bidding mirror).",
    ) in reasons


def test_the_verifier_reports_each_broken_bidding_rule() -> None:
    record = from_data(
        {
            "format": "spades-record",
            "version": 2,
            "rules": {"preset": "standard", "options": {"min_team_bid": 4}},
            "hands": [{"bids": {"N": 1, "E": 1, "S": 2, "W": 1}, "tricks": [4, 3, 3, 3]}],
        }
    )
    messages = [problem.message for problem in verify(record).problems]
    assert "West must bid at least 3, so that East-West bid at least 4 (min_team_bid)." in messages
    assert "North must bid at least 2, so that North-South bid at least 4 (min_team_bid)." in (
        messages
    )


# -- the command line -----------------------------------------------------------------------------


def test_spades_play_refuses_a_bid_with_the_rules_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    from test_cli_play import Person, run_play

    person = Person()
    person.script = [("bid (3-13 or nil", "2"), ("bid", "quit")]
    code, out = run_play(monkeypatch, person, "--seed", "2", "--plain", "--set", "min_player_bid=3")
    assert code == 0
    assert "South may not bid 2: the lowest number a player may bid is 3 (min_player_bid)." in out

    person = Person()
    person.script = [("bid (1-13;", "nil"), ("bid", "quit")]
    code, out = run_play(
        monkeypatch, person, "--seed", "2", "--plain", "--set", "nil_allowed=false"
    )
    assert code == 0
    assert "South may not bid nil: these rules do not allow nil (nil_allowed)." in out


# -- the computer levels --------------------------------------------------------------------------


def test_nearest_bid_brings_a_wanted_count_into_the_rules() -> None:
    every = (1 << 14) - 1
    assert nearest_bid(every, 3) == 3
    assert nearest_bid(every, 0) == 1  # a count of nothing is still a number, not nil
    # Nil only when strictly nearer than the nearest number allowed: on a tie (2 wanted, nil or
    # 4 allowed) the number, since a failed nil costs more than a set.
    suicide_first = 1 | sum(1 << n for n in range(4, 14))
    assert [nearest_bid(suicide_first, n) for n in (1, 2, 3, 6)] == [0, 4, 4, 6]
    whiz = 1 | 1 << 4
    assert [nearest_bid(whiz, n) for n in (1, 2, 3, 7)] == [0, 4, 4, 4]
    assert [nearest_bid(1 | 1 << 5, n) for n in (1, 2, 3)] == [0, 0, 5]
    assert nearest_bid(1, 5) == 0  # only nil
    assert nearest_bid(1 << 4, 1) == 4  # only a number


PLAYERS = (EasyPlayer(), MediumPlayer(), HardPlayer(), ExpertPlayer(deals=2))


@st.composite
def bidding_rules(draw: st.DrawFn) -> RuleSet:
    """Rules with random bidding options (and sometimes blind nil and the exchanges)."""
    forced = draw(st.sampled_from(ForcedBidding))
    options: dict[str, Any] = {"forced_bidding": forced}
    nil = True
    if forced is ForcedBidding.NONE:
        nil = draw(st.booleans() | st.just(True))
        cap = 12 if draw(st.booleans()) else 13
        options["forbid_total_of_13"] = cap == 12
        options["nil_allowed"] = nil
        options["min_player_bid"] = draw(st.sampled_from([1, 1, 2, 3, 5, cap]))
        options["min_team_bid"] = draw(st.sampled_from([0, 0, 3, 4, 6, cap]))
        options["min_total_bid"] = draw(st.sampled_from([0, 0, 10, 11, cap]))
        if nil:
            options["nil_partner_min_bid"] = draw(st.sampled_from([0, 0, 4, cap]))
            options["double_nil"] = draw(st.sampled_from(DoubleNil))
    elif forced is ForcedBidding.SUICIDE:
        options["double_nil"] = draw(st.sampled_from(DoubleNil))
    if nil and forced in (ForcedBidding.NONE, ForcedBidding.WHIZ) and draw(st.booleans()):
        options["blind_nil"] = True
        options["blind_nil_min_deficit"] = draw(st.sampled_from([None, 0, 100]))
        options["blind_nil_first_hand"] = draw(st.booleans())
        options["blind_nil_exchange"] = draw(st.integers(0, 3))
    if forced is ForcedBidding.NONE and draw(st.booleans()):
        options["blind_bid"] = draw(st.sampled_from([1, 6, 13]))
        options["blind_bid_min_deficit"] = draw(st.sampled_from([None, 0, 100]))
    if nil:
        options["nil_exchange"] = draw(st.integers(0, 3))
    if options.get("nil_exchange") or options.get("blind_nil_exchange"):
        options["exchange_order"] = draw(st.sampled_from(ExchangeOrder))
    try:
        return RuleSet(**options)
    except RuleSetError:  # pragma: no cover - the draws respect the combinations
        return RuleSet()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=bidding_rules(),
    seed=st.integers(0, 2**32),
    hand_number=st.integers(1, 2),
    behind=st.sampled_from([0, 150]),
)
def test_every_level_bids_legally_under_any_bidding_rules(
    rules: RuleSet, seed: int, hand_number: int, behind: int
) -> None:
    """Random deals under random bidding options: a legal bid always exists, legal_actions is
    what check accepts, and every level's bid and exchange are legal."""
    rng = random.Random(seed)
    state = new_game(rules, hand_number=hand_number, scores=(0, behind))
    state = apply(state, Deal.random(rng, state.rules))
    turn = 0
    while state.phase in (Phase.BIDDING, Phase.EXCHANGE):
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        assert legal
        if state.phase is Phase.BIDDING:
            accepted = {b.for_seat(seat) for b in ALL_BIDS if check(state, b) is None}
            assert accepted == set(legal)
        seen = view(state, seat)
        actions = [player(seen, random.Random(seed)) for player in PLAYERS]
        for action in actions:
            assert check(state, action) is None, (rules, action, check(state, action))
        state = apply(state, actions[turn % len(actions)])
        turn += 1
    assert state.phase is Phase.PLAY
    while state.phase is Phase.PLAY:  # the hand scores whatever was bid
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.history[-1].score is not None
