"""The ``score_display`` option: how a team's running score is written for people.

house-rules.md 1.6, "Paper-score bag convention": "The ones digit of the score is the bag count.
When the score is negative there is a dispute: is -50 plus 3 bags written -47 or -53? Jus144tice
writes -53." Scenario 26: "Raw -50 with 3 bags. The engine stores points and bags separately;
ones_digit_signed displays -53, ones_digit -47."

The engine's score counts each bag as a point, so "the tens -50 and 3 bags" is the score -47 with
3 bags. The option changes only text: no score, record or result.
"""

from __future__ import annotations

import json
import random

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import RuleSet, RuleSetError, StandingError, apply_counts, find_ruleset, new_game, view
from spades.cli.command import main
from spades.records import dumps, loads, schema, score_sheet, to_record, verify
from spades.rules import ScoreDisplay
from spades.standing import display_score
from strategies import paper_arithmetic, play_hand, rulesets

SEPARATE = RuleSet()
ONES = RuleSet(score_display=ScoreDisplay.ONES_DIGIT)
SIGNED = RuleSet(score_display=ScoreDisplay.ONES_DIGIT_SIGNED)
MODES = (SEPARATE, ONES, SIGNED)


def written(score: int, bags: int) -> tuple[str, str, str]:
    """The score as each mode writes it: separate_bags, ones_digit, ones_digit_signed."""
    return tuple(display_score(rules, score, bags) for rules in MODES)  # type: ignore[return-value]


# -- scenario 26 ----------------------------------------------------------------------------------


def test_26_minus_50_with_3_bags():
    """'Raw -50 with 3 bags': the engine's score -47 (the tens -50, and 3 bags counted as 3
    points). ones_digit_signed displays -53, ones_digit -47."""
    assert written(-47, 3) == ("-47 (3 bags)", "-47", "-53")


def two_hands(rules: RuleSet):
    """NS are set in hand 1 (bid 10, took 9: -100), then bid 5 and take 8 (+53): -47, 3 bags,
    the tens -50. EW: bid 2, took 4 (+22), then bid 4, took 5 (+41): 63, 3 bags."""
    state = apply_counts(new_game(rules), [5, 1, 5, 1], [5, 2, 4, 2])
    state = apply_counts(state, [3, 2, 2, 2], [4, 3, 4, 2])
    assert (state.scores, state.bags) == ((-47, 63), (3, 3))
    return state


def test_26_through_the_engine_the_numbers_do_not_change():
    states = [two_hands(rules) for rules in MODES]
    for state in states:
        assert [score.scores_after for score in (h.score for h in state.history)] == [
            (-100, 22),
            (-47, 63),
        ]
        data = view(state, "N").to_dict()
        assert (data["scores"], data["bags"]) == ({"NS": -47, "EW": 63}, {"NS": 3, "EW": 3})
    # The records differ only in the rule option.
    records = [json.loads(dumps(to_record(state))) for state in states]
    assert [r["rules"]["options"] for r in records] == [
        {},
        {"score_display": "ones_digit"},
        {"score_display": "ones_digit_signed"},
    ]
    for record in records:
        del record["rules"]
    assert records[0] == records[1] == records[2]


def test_26_on_the_table():
    lines = [two_hands(rules).to_text(unicode=False).splitlines()[1] for rules in MODES]
    assert lines == [
        "NS -47 (3 bags): bid 5, took 8; EW 63 (3 bags): bid 4, took 5",
        "NS -47: bid 5, took 8; EW 63: bid 4, took 5",
        "NS -53: bid 5, took 8; EW 63: bid 4, took 5",
    ]
    seen = view(two_hands(SIGNED), "E").to_text(unicode=False).splitlines()[1]
    assert seen == "NS -53: bid 5, took 8; EW 63: bid 4, took 5"


def test_26_on_the_score_sheet():
    """Under separate_bags the sheet keeps its bags column; under the ones-digit modes the
    bags column goes (the paper convention has none) and the total is written as the mode says.
    The points column is the engine's under every mode."""
    assert score_sheet(two_hands(SEPARATE)).splitlines() == [
        "hand dealer   NS bid     took   points  total bags   EW bid     took   points  total bags",
        "   1 N           5+5     5+4      -100   -100    0      1+1     2+2       +22     22    2",
        "   2 E           3+2     4+4       +53    -47    3      2+2     3+2       +41     63    3",
        "The game is not over: NS -47, EW 63 after hand 2.",
    ]
    assert score_sheet(two_hands(ONES)).splitlines() == [
        "hand dealer   NS bid     took   points       total   EW bid     took   points       total",
        "   1 N           5+5     5+4      -100        -100      1+1     2+2       +22          22",
        "   2 E           3+2     4+4       +53         -47      2+2     3+2       +41          63",
        "The game is not over: NS -47, EW 63 after hand 2.",
    ]
    assert score_sheet(two_hands(SIGNED)).splitlines() == [
        "hand dealer   NS bid     took   points       total   EW bid     took   points       total",
        "   1 N           5+5     5+4      -100        -100      1+1     2+2       +22          22",
        "   2 E           3+2     4+4       +53         -53      2+2     3+2       +41          63",
        "The game is not over: NS -53, EW 63 after hand 2.",
    ]


def test_the_sheet_writes_the_start_as_the_mode_says():
    state = apply_counts(new_game(SIGNED, scores=(-7, 40), bags=(3, 0)), [3, 3, 3, 3], [4, 3, 3, 3])
    lines = score_sheet(state).splitlines()
    assert lines[1] == f"{'start':>4} {'':<6}      {'-13':>33}      {'40':>33}"
    # NS bid 6, took 7: -7 + 61 = 54 with 4 bags; EW bid 6, took 6: 40 + 60 = 100.
    assert lines[2].endswith("4+3       +61          54      3+3     3+3       +60         100")
    assert lines[-1] == "The game is not over: NS 54, EW 100 after hand 1."


def test_the_sheet_with_a_negative_total_under_signed_is_not_the_sum_of_the_points():
    """-53 then +72 is 25: the written total is -(50 + 3), the engine's -47 + 72 = 25 (5 bags)."""
    state = apply_counts(two_hands(SIGNED), [4, 1, 3, 1], [5, 2, 4, 2])
    ns = state.history[-1].score["NS"]
    assert (ns.points, ns.score_after, ns.bags_after) == (72, 25, 5)
    assert score_sheet(state).splitlines()[3].split()[4:6] == ["+72", "25"]


# -- every mode, positive, negative and zero tens -------------------------------------------------


@pytest.mark.parametrize(
    ("score", "bags", "expected"),
    [
        # Positive: the same number in both ones-digit modes, the bags its ones digit.
        (53, 3, ("53 (3 bags)", "53", "53")),
        (120, 0, ("120 (0 bags)", "120", "120")),
        (509, 9, ("509 (9 bags)", "509", "509")),
        # Zero tens: 3 is 0 and 3 bags; 0 is nothing at all.
        (3, 3, ("3 (3 bags)", "3", "3")),
        (0, 0, ("0 (0 bags)", "0", "0")),
        (9, 9, ("9 (9 bags)", "9", "9")),
        # The tens -10: -7 is -10 and 3 bags; signed writes -13.
        (-7, 3, ("-7 (3 bags)", "-7", "-13")),
        (-1, 9, ("-1 (9 bags)", "-1", "-19")),
        (-10, 0, ("-10 (0 bags)", "-10", "-10")),
        # Below: no bags leave the tens as they are.
        (-50, 0, ("-50 (0 bags)", "-50", "-50")),
        (-41, 9, ("-41 (9 bags)", "-41", "-59")),
        (-199, 1, ("-199 (1 bag)", "-199", "-201")),
        (-1000, 0, ("-1000 (0 bags)", "-1000", "-1000")),
    ],
)
def test_each_mode_writes(score, bags, expected):
    assert written(score, bags) == expected


@given(st.integers(-(10**6), 10**6), st.integers(0, 9))
def test_the_written_number_gives_back_the_tens_and_the_bags(tens, bags):
    """Read back as each convention says: ones_digit, the bags counted up from the tens below;
    ones_digit_signed, the digits after the sign are the tens and then the bags."""
    tens *= 10
    score = tens + bags
    _, ones, signed = written(score, bags)
    assert int(ones) == score
    assert int(ones) % 10 == bags and int(ones) - bags == tens
    assert abs(int(signed)) % 10 == bags
    assert abs(int(signed)) - bags == abs(tens)
    assert (int(signed) < 0) == (tens < 0)


def test_a_pair_the_convention_cannot_write_is_written_apart():
    """-50 with 3 bags is no score a game reaches under these rules (its ones digit is not its
    bag count), nor is 12 bags: one number cannot show both, so they are written apart."""
    assert written(-50, 3) == ("-50 (3 bags)",) * 3
    assert written(22, 12) == ("22 (12 bags)",) * 3
    assert written(10, 10) == ("10 (10 bags)",) * 3
    state = new_game(SIGNED, scores=(-50, 0), bags=(3, 0))
    assert state.to_text().splitlines()[1] == "NS -50 (3 bags); EW 0"


def test_display_score_takes_a_preset_name_and_refuses_what_is_not_a_score():
    assert display_score("standard", -47, 3) == "-47 (3 bags)"
    with pytest.raises(RuleSetError):
        display_score(42, 0, 0)  # type: ignore[arg-type]
    with pytest.raises(RuleSetError):
        display_score("no such preset", 0, 0)
    for score, bags in ((1.5, 0), ("10", 0), (True, 0), (0, -1), (0, None)):
        with pytest.raises(StandingError) as caught:
            display_score(SIGNED, score, bags)  # type: ignore[arg-type]
        assert str(caught.value).startswith("A team's ")
        assert str(caught.value).endswith(".")


# -- the command line -----------------------------------------------------------------------------


def test_spades_score_writes_the_totals_as_the_mode_says(capsys):
    argv = "score --set score_display=ones_digit_signed --before NS=-100/0 EW=22/2"
    code = main([*argv.split(), "--bids", "3", "2", "2", "2", "--tricks", "4", "3", "4", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.endswith("Totals: NS -53, EW 63.\n")


# -- which rules may write the bags as the ones digit ---------------------------------------------


@pytest.mark.parametrize("display", ["ones_digit", "ones_digit_signed"])
@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        (
            {"points_per_bag": 2},
            "needs points_per_bag 1, not 2: the ones digit of a score is its bag count only "
            "when each bag adds exactly 1 point.",
        ),
        (
            {"points_per_bag": 0},
            "needs points_per_bag 1, not 0: the ones digit of a score is its bag count only "
            "when each bag adds exactly 1 point.",
        ),
        (
            {"bag_threshold": 5, "bag_penalty": 50},
            "needs bag_threshold 10, not 5: a ones digit counts 0 to 9 bags, and each penalty "
            "must take 10 of them away.",
        ),
        (
            {"bag_threshold": 11},
            "needs bag_threshold 10, not 11: a ones digit counts 0 to 9 bags, and each penalty "
            "must take 10 of them away.",
        ),
        (
            {"bag_remainder": "reset"},
            "needs bag_remainder carry: a reset drops the bags over 10 but keeps their points.",
        ),
        (
            {"bag_penalty_once_per_hand": True},
            "cannot go with bag_penalty_once_per_hand, which can leave 10 bags or more, too many "
            "for a ones digit.",
        ),
        (
            {"failed_nil_tricks": "bags_without_points"},
            "cannot go with failed_nil_tricks bags_without_points: a bag worth no point does not "
            "show in the ones digit.",
        ),
        (
            {"big_bid": 10, "big_bid_overtricks_score": False},
            "needs big_bid_overtricks_score True: the bags of a made big bid must add their "
            "point to the ones digit.",
        ),
        (
            {"renege_penalty": "points"},
            "cannot go with renege_penalty points, which moves a hand's points, its bags' "
            "included, to the other team without the bags.",
        ),
        (
            {"points_per_bid_trick": 5},
            "needs points_per_bid_trick to be a multiple of 10, not 5: only the bags may move "
            "the ones digit.",
        ),
        (
            {"set_penalty_per_trick": 15},
            "needs set_penalty_per_trick to be a multiple of 10, not 15: only the bags may move "
            "the ones digit.",
        ),
        ({"nil_bonus": 25}, "needs nil_bonus to be a multiple of 10, not 25"),
        ({"nil_penalty": 101}, "needs nil_penalty to be a multiple of 10, not 101"),
        (
            {"blind_nil": True, "blind_nil_bonus": 205},
            "needs blind_nil_bonus to be a multiple of 10, not 205",
        ),
        (
            {"blind_nil": True, "blind_nil_penalty": 1},
            "needs blind_nil_penalty to be a multiple of 10, not 1",
        ),
        ({"big_bid": 10, "big_bid_points": 201}, "needs big_bid_points to be a multiple of 10"),
        ({"big_bid": 10, "big_bid_penalty": 99}, "needs big_bid_penalty to be a multiple of 10"),
        ({"moon": "bid_13", "moon_points": 255}, "needs moon_points to be a multiple of 10"),
        ({"bag_penalty": 105}, "needs bag_penalty to be a multiple of 10, not 105"),
    ],
    ids=lambda value: str(value)[:40],
)
def test_rules_that_cannot_keep_the_bags_in_the_ones_digit_are_refused(display, changes, sentence):
    with pytest.raises(RuleSetError) as caught:
        RuleSet(score_display=display, **changes)
    assert caught.value.option == "score_display"
    assert str(caught.value).startswith(f"score_display {display} {sentence}")
    assert str(caught.value).endswith(".")
    # The same rules with the bags apart are fine, and so is either order of evolve().
    rules = RuleSet(**changes)
    with pytest.raises(RuleSetError):
        rules.evolve(score_display=display)
    with pytest.raises(RuleSetError):
        RuleSet(score_display=display).evolve(**changes)


def test_first_hand_trick_points_in_tens():
    with pytest.raises(RuleSetError, match="needs first_hand_trick_points to be a multiple of 10"):
        RuleSet(score_display="ones_digit", first_hand_trick_points=15)
    RuleSet(score_display="ones_digit", first_hand_trick_points=10)


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"nil_bonus": 50, "nil_penalty": 50},  # +-50 nils
        {"bag_penalty": 0},  # no bag penalty: the count still goes back past 9
        {"bag_penalty": 110},  # the penalty that takes the ten bag points back too
        {"bag_back": True, "bag_penalty": 50},
        {"big_bid": 10, "big_bid_is_bonus": True, "big_bid_points": 100},
        {"moon": "all_13"},  # double the contract points
        {"moon": "bid_13", "moon_points": 200},
        {"blind_bid": 6, "blind_bid_multiplier": 3},
        {"failed_nil_tricks": "bags_only"},
        {"failed_nil_tricks": "count_toward_contract"},
        {"double_nil": "unit", "blind_nil": True},
        {"renege_penalty": "tricks", "renege_tricks": 2},
        {"renege_penalty": "set"},
        {"set_penalty_per_trick": 0},
        {"losing_score": -200, "tie_by_tens": True},
    ],
    ids=repr,
)
def test_rules_that_keep_the_bags_in_the_ones_digit_are_accepted(changes):
    for display in (ScoreDisplay.ONES_DIGIT, ScoreDisplay.ONES_DIGIT_SIGNED):
        assert RuleSet(score_display=display, **changes).score_display is display


@pytest.mark.parametrize(
    ("preset", "accepted"),
    [
        ("standard", True),
        ("pagat", True),
        ("partners_app", True),  # failed nil's tricks are bags worth a point each
        ("rule_sheet", False),  # the bag count resets
        ("trickster", True),
        ("street_bag_back", False),  # 5 bags
    ],
)
def test_presets(preset, accepted):
    rules = find_ruleset(preset)
    if accepted:
        assert rules.evolve(score_display="ones_digit_signed").score_display is SIGNED.score_display
    else:
        with pytest.raises(RuleSetError):
            rules.evolve(score_display="ones_digit_signed")


def test_text_forms_records_and_the_schema():
    assert RuleSet(score_display="ONES_DIGIT_SIGNED") == SIGNED
    assert RuleSet.parse_option("score_display", "ones_digit") == (
        "score_display",
        ONES.score_display,
    )
    assert repr(SIGNED) == "RuleSet(score_display=ScoreDisplay.ONES_DIGIT_SIGNED)"
    assert str(ScoreDisplay.SEPARATE_BAGS) == "separate_bags"
    assert "Jus144tice" in RuleSet.describe("score_display")
    record = to_record(two_hands(SIGNED))
    assert loads(dumps(record)) == record
    jsonschema.Draft202012Validator(schema()).validate(json.loads(dumps(record)))
    assert not verify(record).problems


# -- every game the accepted rules allow keeps its bags in the ones digit -------------------------


@settings(max_examples=30, deadline=None)
@given(rulesets(), st.sampled_from([ScoreDisplay.ONES_DIGIT, ScoreDisplay.ONES_DIGIT_SIGNED]))
def test_every_total_of_a_game_keeps_its_bags_in_the_ones_digit(rules, display):
    """Under any rules a ones-digit display accepts, every total reached from the start has its
    bag count as its ones digit: the display never has to write the bags apart."""
    rules = rules.evolve(**paper_arithmetic(rules), score_display=display)
    state = new_game(rules)
    rng = random.Random(repr(rules))
    for _ in range(6):
        if state.is_over:
            break
        state = play_hand(state, rng)
        for score, bags in zip(state.scores, state.bags):
            assert 0 <= bags <= 9
            assert (score - bags) % 10 == 0
            assert "(" not in display_score(rules, score, bags)
