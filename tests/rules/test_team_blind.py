"""Team blind bids: the option ``blind_bid_by='team'`` and the ``jokers_wild`` preset that plays it.

The Jokers Wild FAQ (https://www.jokerswildspades.com/faq): "This is when a team bids without
looking at their hand. You can only go blind when your team is losing by at least 100 points. The
minimum blind bid is 6. When a team wins a blind bid, they are rewarded double the points. When
they don't make their blind bid, they are penalized double the points." holdingthecards and
osgamers: "one of the partners bids on behalf of the team, so it must be made before either
player has looked at their cards".

The reading: the team's first bidder bids the team's whole bid blind; the partner has no bid of
their own, and their one legal bid repeats the team's (``blind 6``), counted once wherever bids are
added. ``BAND`` gives every seat cards of every suit; North deals, so East bids first, then South,
West and North.
"""

from __future__ import annotations

import builtins
import io
import json
import random
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from spades import (
    Bid,
    Deal,
    GameState,
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
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer
from spades.cli import main
from spades.records import dumps, from_data, loads, schema, to_record, verify
from spades.rules import BlindBidBy, find_ruleset
from spades.score import ItemKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
K = ItemKind

JOKERS = find_ruleset("jokers_wild")
TEAM = RuleSet(blind_bid=6, blind_bid_min_deficit=100, blind_bid_by="team")
BLIND_6 = Bid(6, blind=True)
BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))
#: EW 100 behind, so East (first to bid) may bid blind; NS 100 behind for South.
EW_BEHIND = (100, 0)
NS_BEHIND = (0, 100)


def dealt(rules: RuleSet, scores: tuple[int, int] = EW_BEHIND, **standing: Any) -> GameState:
    """``BAND`` (or, for the jokers deck, a random deal) dealt by North: East bids first."""
    deal = BAND if rules.deck is TEAM.deck else Deal.random(random.Random(1), rules)
    return apply(new_game(rules, scores=scores, hand_number=2, **standing), deal)


def bid(state: GameState, *bids: int | str | Bid) -> GameState:
    for value in bids:
        state = apply(state, value if isinstance(value, Bid) else Bid.of(value))
    return state


def bids_of(state: GameState) -> list[Bid]:
    return [action for action in legal_actions(state) if isinstance(action, Bid)]


# -- the option and its combinations ---------------------------------------------------------------


def test_the_default_is_each_player_for_themself() -> None:
    assert RuleSet().blind_bid_by is BlindBidBy.PLAYER
    assert RuleSet(blind_bid=6, blind_bid_by="team").blind_bid_by is BlindBidBy.TEAM
    text = RuleSet.describe("blind_bid_by")
    assert "the Jokers Wild FAQ" in text and "the team's first bidder" in text


@pytest.mark.parametrize(
    ("options", "option", "words"),
    [
        ({"blind_bid_by": "team"}, "blind_bid_by", "has no effect unless blind_bid is set"),
        (
            {"blind_bid": 3, "min_team_bid": 4, "blind_bid_by": "team"},
            "blind_bid",
            "blind_bid 3 is below min_team_bid 4, and under blind_bid_by team the blind bid is "
            "the team's whole bid",
        ),
        (
            {"players": 3, "partnerships": False, "blind_bid": 6, "blind_bid_by": "team"},
            "blind_bid_by",
            "blind_bid_by team has one partner bid blind for the team, and every player plays "
            "alone",
        ),
    ],
)
def test_combinations_refused_with_a_sentence(
    options: dict[str, Any], option: str, words: str
) -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet(**options)
    assert info.value.option == option
    assert words in str(info.value)


def test_jokers_wild_plays_the_team_blind() -> None:
    assert JOKERS.blind_bid == 6 and JOKERS.blind_bid_min_deficit == 100
    assert JOKERS.blind_bid_by is BlindBidBy.TEAM and JOKERS.blind_bid_multiplier == 2


# -- bidding ---------------------------------------------------------------------------------------


def test_the_minimum_blind_bid_is_6_and_the_team_must_be_100_behind() -> None:
    state = dealt(TEAM)
    blind = {b.tricks for b in bids_of(state) if b.blind}
    assert blind == set(range(6, 14))  # "The minimum blind bid is 6."
    # "losing by at least 100 points": 99 behind may not, 100 behind may.
    assert not any(b.blind for b in bids_of(dealt(TEAM, scores=(99, 0))))
    violation = check(dealt(TEAM, scores=(99, 0)), BLIND_6)
    assert violation is not None and violation.reason is Reason.BLIND_BID_NOT_ELIGIBLE


def test_the_partners_only_bid_repeats_the_teams() -> None:
    state = bid(dealt(TEAM), BLIND_6, 3)
    assert state.to_act is W
    assert legal_actions(state) == (Bid(6, blind=True, seat=W),)
    for other in (Bid(3), Bid.NIL, Bid.BLIND_NIL, Bid(7, blind=True), Bid(6)):
        violation = check(state, other)
        assert violation is not None and violation.reason is Reason.TEAM_BLIND_BID
        assert violation.option == "blind_bid_by" and violation.seat is W
        assert violation.message == (
            "West must bid blind 6: East bid blind 6 for East-West, and the partner has no bid "
            "of their own but the team's (blind_bid_by team)."
        )
    state = bid(state, BLIND_6, 4)
    assert state.phase is Phase.PLAY
    assert state.contract("EW") == 6 and state.contract("NS") == 7
    assert view(state, N).bids[W] == Bid(6, blind=True, seat=W)


def test_only_the_teams_first_bidder_bids_blind() -> None:
    state = bid(dealt(TEAM, scores=NS_BEHIND), 3, 4, 2)  # East 3, South 4, West 2: North
    assert not any(b.blind for b in bids_of(state))
    violation = check(state, Bid(7, blind=True))
    assert violation is not None and violation.reason is Reason.TEAM_BLIND_BID
    assert violation.message == (
        "North may not bid blind 7: South has bid 4, and only a team's first bidder bids "
        "blind, for the team (blind_bid_by team)."
    )
    # After a partner's nil too: the team's one blind bid is made before either partner bids.
    after_nil = bid(dealt(TEAM, scores=NS_BEHIND), 3, "nil", 2)
    assert not any(b.blind and not b.is_nil for b in bids_of(after_nil))


def test_each_player_may_still_bid_blind_for_themself_by_default() -> None:
    rules = RuleSet(blind_bid=6)
    state = bid(dealt(rules), BLIND_6, 3)
    assert Bid(2, seat=W) in legal_actions(state) and Bid.NIL.for_seat(W) in legal_actions(state)
    state = bid(state, 2, 4)
    assert state.contract("EW") == 8


def test_the_total_of_11_counts_the_team_blind_once() -> None:
    # Jokers Wild's table total of at least 11: East blind 6 for EW (West repeats it), South 2:
    # North is the last with a bid of their own and must bring the total to 11: 3 or more.
    rules = RuleSet(blind_bid=6, blind_bid_by="team", min_total_bid=11, min_team_bid=4)
    state = bid(dealt(rules), BLIND_6, 2, BLIND_6)
    assert min(b.tricks for b in bids_of(state) if not b.is_nil) == 3
    violation = check(state, Bid(2))
    assert violation is not None and violation.reason is Reason.TOTAL_BID_BELOW_MINIMUM
    assert "North must bid at least 3, so that the four bids total at least 11" in str(
        violation.message
    )
    # South blind for NS after East's 2: West is then the last with a bid of their own.
    state = bid(dealt(rules, scores=NS_BEHIND), 2, BLIND_6)
    assert min(b.tricks for b in bids_of(state) if not b.is_nil) == 3
    state = bid(state, 3)
    assert legal_actions(state) == (Bid(6, blind=True, seat=N),)  # whatever the total
    assert bid(state, BLIND_6).phase is Phase.PLAY


def test_two_team_blinds_meet_the_total_at_the_second() -> None:
    rules = RuleSet(blind_bid=4, blind_bid_by="team", min_total_bid=11)
    state = bid(dealt(rules, scores=(0, 0)), Bid(4, blind=True))  # East blind 4: South
    # South is the last with a bid of their own only if South bids blind too (then North
    # repeats it): 4 + 4 = 8 is too few, 7 is enough.
    blind = sorted(b.tricks for b in bids_of(state) if b.blind and not b.is_nil)
    assert blind[0] == 7
    assert Bid(1, seat=S) in legal_actions(state)  # West still bids after a number
    violation = check(state, Bid(4, blind=True))
    assert violation is not None and violation.reason is Reason.TOTAL_BID_BELOW_MINIMUM


def test_the_redeal_total_counts_the_team_blind_once() -> None:
    # redeal_below_total 12: East blind 6 (West the same), South 2, North 3: the bids total 11,
    # not 17, and the hand is thrown in.
    rules = RuleSet(blind_bid=6, blind_bid_by="team", redeal_below_total=12)
    state = bid(dealt(rules), BLIND_6, 2, BLIND_6, 3)
    assert state.phase is Phase.DEAL
    kept = bid(dealt(rules), BLIND_6, 3, BLIND_6, 3)
    assert kept.phase is Phase.PLAY


# -- scoring ---------------------------------------------------------------------------------------


def kinds(team: Any) -> list[tuple[ItemKind, int]]:
    return [(item.kind, item.points) for item in team.items]


def test_made_it_scores_double() -> None:
    # "When a team wins a blind bid, they are rewarded double the points": blind 6, 7 taken,
    # overs worth nothing in Jokers Wild: 60 doubled.
    hand = score_hand(JOKERS, ["blind 6", 2, "blind 6", 3], [4, 3, 3, 3], scores=NS_BEHIND)
    ns = hand[Team.NS]
    assert ns.points == 120 and ns.contract == 6 and ns.made
    assert kinds(ns) == [(K.CONTRACT_MADE, 60), (K.BLIND_BID, 60), (K.BAGS, 0)]
    assert ns.explain() == (
        "NS bid 6 (blind 6 for the team), took 7: contract made +60, blind bid x2 +60, "
        "1 bag (no points); bags now 1. Hand total +120."
    )
    # Made is at least the bid, not exactly: 9 taken still scores double.
    assert (
        score_hand(JOKERS, ["blind 6", 2, "blind 6", 3], [5, 2, 4, 2], scores=NS_BEHIND)[
            Team.NS
        ].points
        == 120
    )


def test_set_it_loses_double() -> None:
    # "When they don't make their blind bid, they are penalized double the points."
    hand = score_hand(JOKERS, ["blind 6", 2, "blind 6", 3], [3, 3, 2, 5], scores=NS_BEHIND)
    ns = hand[Team.NS]
    assert ns.points == -120 and not ns.made
    assert kinds(ns) == [(K.CONTRACT_SET, -60), (K.BLIND_BID, -60)]
    assert ns.explain() == (
        "NS bid 6 (blind 6 for the team), took 5: contract 5 of 6, set -60, blind bid x2 -60. "
        "Hand total -120."
    )


def test_overtricks_count_as_the_rules_count_them() -> None:
    # Under the common bags, a point each, not doubled.
    hand = score_hand(TEAM, ["blind 7", 2, "blind 7", 3], [5, 2, 4, 2], scores=NS_BEHIND)
    assert kinds(hand[Team.NS]) == [(K.CONTRACT_MADE, 70), (K.BLIND_BID, 70), (K.BAGS, 2)]
    assert hand[Team.NS].points == 142


def test_score_hand_refuses_what_play_refuses_with_the_same_sentence() -> None:
    played = check(bid(dealt(TEAM, scores=NS_BEHIND), 2, BLIND_6, 3), Bid(4))
    assert played is not None
    with pytest.raises(Exception) as info:
        score_hand(TEAM, [4, 2, "blind 6", 3], [4, 3, 3, 3], scores=NS_BEHIND)
    assert str(info.value) == played.message
    with pytest.raises(Exception) as info:
        score_hand(TEAM, ["blind 6", 2, "nil", 3], [4, 3, 0, 6], scores=NS_BEHIND)
    assert "North may not bid blind 6: South has bid nil" in str(info.value)


def test_the_per_player_reading_scores_both_bids() -> None:
    # The same written bids under blind_bid_by player: two blind 6 bids, a contract of 12.
    hand = score_hand(RuleSet(blind_bid=6), ["blind 6", 2, "blind 6", 3], [4, 3, 3, 3])
    assert hand[Team.NS].contract == 12 and hand[Team.NS].points == -240


# -- records ---------------------------------------------------------------------------------------


def play_game(rules: RuleSet, seed: int) -> GameState:
    """A whole game (at most 12 hands) of random legal actions, the least blind number bid
    whenever one is legal."""
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, state.rules))
            continue
        legal = legal_actions(state)
        blind = [a for a in legal if isinstance(a, Bid) and a.blind and not a.is_nil]
        least = min(blind, key=lambda b: b.tricks) if blind else None
        state = apply(state, least if least is not None else rng.choice(legal))
    return state


def test_a_whole_game_of_team_blinds_through_its_record() -> None:
    rules = JOKERS.evolve(target_score=300, blind_bid_min_deficit=50, max_hands=12)
    state = play_game(rules, 7)
    teams = [
        record
        for record in state.history
        if record.score is not None and any(b is not None and b.blind for b in record.bids)
    ]
    assert teams, "some hand had a team blind bid"
    for record in teams:
        assert record.score is not None
        for team in record.score.teams:
            first, second = team.bids
            if first is not None and first.blind:
                assert second is not None and second.tricks == first.tricks and second.blind
                assert team.contract == first.tricks
                assert K.BLIND_BID in [item.kind for item in team.items]
    game = to_record(state)
    text = dumps(game)
    data = json.loads(text)
    jsonschema.Draft202012Validator(schema()).validate(data)
    assert data["rules"]["preset"] == "jokers_wild"
    again = loads(text)
    report = verify(again)
    assert report.ok, [str(problem) for problem in report.problems]
    assert report.standing.scores == state.scores


def test_a_record_whose_partner_bid_their_own_number_is_reported() -> None:
    rules = JOKERS.evolve(target_score=300, blind_bid_min_deficit=None, max_hands=12)
    state = play_game(rules, 3)
    data = json.loads(dumps(to_record(state)))
    for hand in data["hands"]:
        bids = hand.get("bids") or {}
        if bids.get("N") == bids.get("S") == "blind 6":
            bids["N"] = 3  # North-South's blind 6, North's bid changed to a number of their own
            break
    else:  # pragma: no cover - the seed has a blind 6
        raise AssertionError("no hand with North-South's blind 6")
    report = verify(from_data(data))
    assert not report.ok
    # The seat changed is the repeating partner (their own number refused) or the team's first
    # bidder (the partner's blind 6 then refused, after a bid).
    sentences = (
        "has no bid of their own but the team's (blind_bid_by team)",
        "only a team's first bidder bids blind, for the team (blind_bid_by team)",
    )
    assert any(words in p.message for p in report.problems for words in sentences)


# -- the computer players --------------------------------------------------------------------------

PLAYERS = [EasyPlayer(), MediumPlayer(), HardPlayer(), ExpertPlayer(deals=2)]


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: type(p).__name__)
def test_every_level_bids_the_teams_blind_and_plays_the_hand(player: Any) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = apply(new_game(JOKERS, scores=EW_BEHIND, hand_number=3), Deal.random(rng, JOKERS))
        state = apply(state, BLIND_6)  # East for East-West; West, a computer, must repeat it
        while not state.needs_deal:
            seat = state.to_act
            assert seat is not None
            action = player(view(state, seat), random.Random(seed))
            assert check(state, action) is None, (seat, action)
            assert not (isinstance(action, Bid) and action.blind and seat is not W)
            state = apply(state, action)
        last = state.last_hand
        assert last is not None and last.bids[W] == Bid(6, blind=True, seat=W)


# -- spades play -----------------------------------------------------------------------------------


def test_spades_play_makes_the_partners_one_bid(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A saved game resumed at South's turn, after North bid blind 6 for North-South: South,
    the person, has no bid to choose, and is told so."""
    state = apply(
        new_game(JOKERS, dealer=W, scores=NS_BEHIND), Deal.random(random.Random(2), JOKERS)
    )
    state = bid(state, BLIND_6, 3)  # North for North-South, East 3: South's turn
    assert state.to_act is S
    saved = tmp_path / "team.json"
    saved.write_text(dumps(to_record(state)), encoding="utf-8")
    prompts: list[str] = []

    def fake_input(prompt: object = "") -> str:
        prompts.append(str(prompt))
        return "quit" if "card (" in str(prompt) else ""

    monkeypatch.setattr(builtins, "input", fake_input)
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", "--resume", str(saved), "--plain"]) == 0
    text = out.getvalue()
    assert "North bid blind 6 for your team, so your bid is blind 6 too." in text
    assert "South bids blind 6." in text
    assert not any("bid (" in prompt for prompt in prompts)  # never asked to bid
