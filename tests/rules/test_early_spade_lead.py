"""A spade led before spades are broken as a renege (``early_spade_lead='renege'``, issue 21).

The source is spades.co, "Can You Force a Renege in Spades?" (Neal Taparia, 2024): "You can also
renege by leading with a Spade suit before Spades have been broken. When this happens, the team
again loses all the round points to their opponents" -- ``renege_penalty='points'``. The lead is
allowed in play, and the leader's side pays the rules' renege penalty for it, in play, in
``score_hand`` and in records alike.

The worked hand is house-rules scenario 20 (tests/data/records/s20-...json) with NS bidding 1 + 1
and spades breaking only by a trump (``trump_only``): West's 2s lead at trick 5 comes from a hand
of only spades and breaks nothing, so North's Ks lead at trick 6, holding 7 hearts, is led before
spades are broken. N takes 2 tricks (NS bid 2), W 11 (EW bid 7).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paths import RECORDS
from spades import (
    Bid,
    Deal,
    Play,
    Reason,
    RuleSet,
    Seat,
    apply,
    check,
    legal_actions,
    new_game,
    score_hand,
    view,
)
from spades._kernel.play import fair_cards, lead_mask, renege_leads
from spades._kernel.table import table_of
from spades.bots import EasyPlayer, HardPlayer, MediumPlayer
from spades.bots.expert import ExpertPlayer
from spades.errors import RuleSetError
from spades.records import from_data, read_sheet, score_sheet, verify, write_sheet
from spades.rules import EarlySpadeLead
from strategies import rulesets

RENEGE = {"spades_breaking": "trump_only", "early_spade_lead": "renege"}
POINTS = RuleSet(early_spade_lead="renege", renege_penalty="points")


def record(options: dict[str, Any], written: dict[str, Any] | None = None) -> dict[str, Any]:
    """Scenario 20 with NS bidding 1 + 1, under ``options``; ``written`` scores when given."""
    data: dict[str, Any] = json.loads((RECORDS / "s20-breaking-spades-any-spade.json").read_text())
    hand = data["hands"][0]
    hand["bids"] = {"N": 1, "E": 4, "S": 1, "W": 3}
    del hand["written"]
    if written is not None:
        hand["written"] = written
    data["rules"] = {"preset": "standard", "options": options}
    return data


def written(ns: tuple[int, int], ew: tuple[int, int]) -> dict[str, Any]:
    return {
        "NS": {"points": ns[0], "total": ns[0], "bags": ns[1]},
        "EW": {"points": ew[0], "total": ew[0], "bags": ew[1]},
    }


# -- the option ------------------------------------------------------------------------------------


def test_the_option_and_its_constraints() -> None:
    assert RuleSet().early_spade_lead is EarlySpadeLead.ILLEGAL
    assert repr(POINTS) == (
        "RuleSet(renege_penalty=RenegePenalty.POINTS, early_spade_lead=EarlySpadeLead.RENEGE)"
    )
    with pytest.raises(RuleSetError, match="needs a renege_penalty other than none"):
        RuleSet(early_spade_lead="renege")
    with pytest.raises(RuleSetError, match="no effect with spades_breaking any_time"):
        RuleSet(early_spade_lead="renege", renege_penalty="set", spades_breaking="any_time")
    with pytest.raises(RuleSetError, match="early_spade_lead must be"):
        RuleSet(early_spade_lead="penalty")
    assert "spades.co" in RuleSet.describe("early_spade_lead")


# -- play ------------------------------------------------------------------------------------------


def test_the_lead_is_allowed_in_play_and_costs_the_hands_points() -> None:
    state = apply(new_game(POINTS), Deal.random(7))
    for _ in range(4):
        state = apply(state, Bid(3))
    assert state.to_act is Seat.E and str(state.holding(Seat.E)) == "Q74.AJ742.Q84.72"
    plain = apply(new_game(), Deal.random(7))
    for _ in range(4):
        plain = apply(plain, Bid(3))
    refused = check(plain, Play("Qs"))
    assert refused is not None and refused.reason is Reason.SPADES_NOT_BROKEN
    assert check(state, Play("Qs")) is None
    state = apply(state, Play("Qs"))
    rng = random.Random(1)
    while state.to_act is not None:
        state = apply(state, rng.choice(legal_actions(state)))
    hand = state.history[-1]
    assert hand.reneges == (0, 1)  # EW's, East's lead
    # The hand scored as score_hand scores it with EW's renege: what play and score_hand share.
    bids = [3, 3, 3, 3]
    scored = score_hand(POINTS, bids, hand.tricks_won, reneges=(0, 1))
    assert [t.explain() for t in hand.score.teams] == [t.explain() for t in scored.teams]
    assert hand.score.points == scored.points
    assert "a renege" in hand.score.teams[1].explain()


def test_only_the_breaking_rule_is_relaxed() -> None:
    table = table_of(
        RuleSet(early_spade_lead="renege", renege_penalty="set", first_trick="no_spades")
    )
    hand = (1 << 51) | (1 << 0)  # the As and the 2c
    # The first trick's rule still refuses the spade; later, unbroken, it is a renege lead.
    assert lead_mask(table, hand, False, True) == 1 << 0
    assert renege_leads(table, hand, False, True) == 0
    assert lead_mask(table, hand, False, False) == hand
    assert renege_leads(table, hand, False, False) == 1 << 51
    assert fair_cards(table, hand, (), False, False) == 1 << 0
    # A hand of only spades leads one freely: no renege.
    assert renege_leads(table, 1 << 51, False, False) == 0
    # Broken: no renege.
    assert renege_leads(table, hand, True, False) == 0


# -- score_hand and records ------------------------------------------------------------------------


#: penalty: ((NS points, bags), (EW points, bags)) with North's renege.
PENALISED = {
    # spades.co's rule: NS's 20 (bid 2, took 2) go to EW: NS 0, EW 74 + 20.
    "points": ((0, 0), (94, 4)),
    # NS hands its 2 contract tricks (not 3: it has only 2) to EW: NS 0 of 2, -20; EW 13 of 7.
    "tricks": ((-20, 0), (76, 6)),
    # NS set for it: -20; EW as played, 70 + 4.
    "set": ((-20, 0), (74, 4)),
    # NS set, -20; EW credited with its bid: 70, no bags.
    "set_and_bid": ((-20, 0), (70, 0)),
}


def test_illegal_by_default_a_record_problem() -> None:
    report = verify(from_data(record({"spades_breaking": "trump_only"})))
    assert [(p.where, p.reason) for p in report.problems] == [
        ("hand 1, trick 6, N plays Ks", Reason.SPADES_NOT_BROKEN)
    ]
    assert report.standing.scores == (20, 74)  # as played


@pytest.mark.parametrize("penalty", sorted(PENALISED))
def test_a_record_scores_the_lead_with_the_penalty(penalty: str) -> None:
    (ns, ns_bags), (ew, ew_bags) = PENALISED[penalty]
    options = {**RENEGE, "renege_penalty": penalty}
    report = verify(from_data(record(options, written((ns, ns_bags), (ew, ew_bags)))))
    assert report.ok, [str(p) for p in report.problems]
    assert report.standing.scores == (ns, ew) and report.standing.bags == (ns_bags, ew_bags)
    (renege,) = report.hands[0].reneges
    assert (renege.seat, renege.trick, str(renege.card), renege.early_lead) == (
        Seat.N,
        6,
        "Ks",
        True,
    )
    # score_hand scores the same from the bids, the tricks and NS's renege.
    rules = RuleSet(**options)
    by_counts = score_hand(rules, [1, 4, 1, 3], [2, 0, 0, 11], reneges=(1, 0))
    assert by_counts.points == (ns, ew)


def test_a_wrong_written_score_is_caught() -> None:
    options = {**RENEGE, "renege_penalty": "points"}
    report = verify(from_data(record(options, written((20, 0), (74, 4)))))  # as if no renege
    assert {p.reason.value for p in report.problems} == {"score_mismatch"}


def test_the_sheet_names_the_lead_and_a_paper_copy_scores_the_same() -> None:
    options = {**RENEGE, "renege_penalty": "points"}
    report = verify(from_data(record(options)))
    line = (
        "renege by North in trick 6 (led Ks before spades were broken, holding 7 other cards): "
        "NS's points for the hand to EW"
    )
    assert line in score_sheet(report)
    assert report.to_data()["hands"][0]["reneges"][0]["early_lead"] is True
    # On paper the hand is its counts, so the renege is told with them and scores the same.
    paper = write_sheet(from_data(record(options)))
    assert "reneges NS 1" in paper
    again = verify(read_sheet(paper).record)
    assert again.ok and again.standing.scores == (0, 94)


# -- the computer players ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player",
    [EasyPlayer(random_play=1.0), MediumPlayer(), HardPlayer(), ExpertPlayer(deals=2)],
    ids=["easy", "medium", "hard", "expert"],
)
@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_the_computer_players_never_lead_a_spade_early(
    player: Any, rules: RuleSet, seed: int
) -> None:
    if rules.renege_penalty.value == "none" or rules.spades_breaking.value not in (
        "any_spade",
        "trump_only",
    ):
        rules = rules.evolve(spades_breaking="any_spade", renege_penalty="set", renege_tricks=3)
    rules = rules.evolve(early_spade_lead="renege")
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.history and not state.is_over:  # the first hand scored
        if state.needs_deal:
            state = apply(state, Deal.random(rng, rules))
            continue
        seat = state.to_act
        assert seat is not None
        action = player(view(state, seat), rng)
        assert check(state, action) is None
        state = apply(state, action)
    assert all(not hand.reneges for hand in state.history)
