"""Positions on one line (:mod:`spades.notation`, :mod:`spades.position`): what
``state.to_notation()`` writes, ``from_notation`` reads back as an equal state, at every kind of
moment under every kind of rules (two, three and four seats, the jokers' decks, the nil and blind
nil exchange, two players' draw, the dealer's discard of the spare cards, mid-trick, a hand over,
the game over, a game started mid-way); and a bad position is refused with a sentence that
quotes the part at fault and the character it starts at.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Deal,
    GameState,
    NotationError,
    Phase,
    RuleSet,
    apply,
    apply_counts,
    find_ruleset,
    from_notation,
    legal_actions,
    new_game,
)
from spades.rules import DealMethod, Deck, RedealRule, SpareCards
from strategies import capped_rulesets, random_action, rulesets, standings, start

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS = st.integers(0, 2**32 - 1)
#: A deal of the standard game, for hand-written positions.
DEAL = Deal.random(7)
#: The standard game's new standing, as a position writes it.
NEW = "dealer=N hand=1 scores=0,0 bags=0,0 sets=0,0 runs=0,0"


def assert_reads_back(state: GameState) -> None:
    text = state.to_notation()
    assert "\n" not in text
    read = from_notation(text)
    assert read == state
    assert read.to_notation() == text
    assert read.phase is state.phase and read.to_act is state.to_act
    assert read.history == state.history and read.standing == state.standing


def walk(state: GameState, rng: random.Random, steps: int) -> list[GameState]:
    """The states of ``steps`` random actions from ``state`` (fewer if the game ends)."""
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, random_action(state, rng))
        states.append(state)
    return states


@SETTINGS
@given(st.data(), SEEDS)
def test_every_moment_of_random_games_reads_back(data: st.DataObject, seed: int) -> None:
    """Under any rule set and from any standing, a state a few hands in, and a dozen moments
    along the way (deals, draws, discards, bids, exchanges, tricks in progress and complete, a
    hand over), each read back equal."""
    rules = data.draw(rulesets(max_exchange=2))
    states = walk(start(rules, data.draw(standings(rules))), random.Random(seed), 160)
    rng = random.Random(seed)
    for state in [*rng.sample(states, min(12, len(states))), states[-1]]:
        assert_reads_back(state)


@settings(SETTINGS, max_examples=15)
@given(capped_rulesets(max_hands=2, max_exchange=2), SEEDS)
def test_a_game_over_reads_back(rules: RuleSet, seed: int) -> None:
    state = walk(new_game(rules), random.Random(seed), 10_000)[-1]
    assert state.is_over
    assert_reads_back(state)


@pytest.mark.parametrize(
    "rules",
    [
        find_ruleset("two_player"),  # the draw, card by card
        find_ruleset("two_player_jokers"),
        find_ruleset("cutthroat3"),
        find_ruleset("jokers_wild"),
        RuleSet(spare_cards=SpareCards.DEALER_DISCARDS, deck=Deck.JOKERS),
        RuleSet(blind_nil=True, blind_nil_exchange=2, nil_exchange=1),
        RuleSet(players=2, partnerships=False, deal_method=DealMethod.DRAW_KEEP_DISCARD),
    ],
    ids=repr,
)
def test_each_kind_of_table_reads_back_at_every_step_of_a_hand(rules: RuleSet) -> None:
    for state in walk(new_game(rules), random.Random(3), 130):
        assert_reads_back(state)


def test_a_hand_told_by_its_counts_and_a_redeal_read_back() -> None:
    counted = apply_counts(new_game("partners_app"), [4, 1, 3, 2], [5, 1, 4, 3])
    assert counted.to_notation().endswith(" | bids 4 1 3 2 tricks 5 1 4 3")
    assert_reads_back(counted)
    rules = RuleSet(redeal=RedealRule.NO_SPADES_OR_FACE_CARDS)
    for seed in range(1000):  # a hand whose first bidder has no spade or no face card
        dealt = apply(new_game(rules), Deal.random(seed, rules))
        redeal = [action for action in legal_actions(dealt) if str(action) == "redeal"]
        if redeal:
            break
    else:  # pragma: no cover - one in about forty qualifies
        pytest.fail("no deal qualified for a redeal")
    thrown_in = apply(dealt, redeal[0])
    assert thrown_in.phase is Phase.DEAL
    assert_reads_back(thrown_in)
    assert_reads_back(apply(thrown_in, Deal.random(1, rules)))


def test_the_fields_are_written_as_documented() -> None:
    state = apply(apply(new_game(), DEAL), Bid(3))
    assert state.to_notation() == f"standard | {NEW} | {DEAL}, 3"
    rules = RuleSet(target_score=300, blind_nil=True)
    # the options changed, in the order RuleSet declares them
    assert new_game(rules).to_notation() == f"standard blind_nil=true target_score=300 | {NEW}"
    alone = new_game(RuleSet(partnerships=False), scores=(10, -20, 0, 5), dealer="W")
    assert " | dealer=W hand=1 scores=10,-20,0,5 bags=0,0,0,0 " in alone.to_notation()


def test_a_position_may_be_written_by_hand() -> None:
    """Options alone change the standard game's, and a key of the standing left out is a new
    game's; the spaces round the separators do not matter."""
    state = from_notation(f"target_score=300|dealer=E scores=120,80|{DEAL},3")
    assert state.rules == RuleSet(target_score=300)
    assert state.dealer.name == "E" and state.scores == (120, 80) and state.bags == (0, 0)
    assert state.bids[2] == Bid(3, seat="S")


@pytest.mark.parametrize(
    ("text", "part", "words"),
    [
        ("standrd | ", "standrd", "name no preset"),
        ("standard targt=3 | ", "targt=3", "not a rule option"),
        ("standard target_score | ", "target_score", "option=value"),
        ("standard target_score=x | ", "target_score=x", "whole number"),
        ("standard nil_allowed=1 nil_allowed=0 | ", "nil_allowed=0", "second time"),
        ("standard players=3 | ", "standard players=3", "cannot be played"),
        ("standard | dealer=Q", "dealer=Q", "not a seat"),
        ("standard | dealer=N dealer=E", "dealer=E", "second time"),
        ("standard | hand=one", "hand=one", "whole number"),
        ("standard | hand=1,2", "hand=1,2", "one whole number"),
        ("standard | seats=4", "seats=4", "dealer="),
        ("standard | bags=11,0", "bags=11,0", "11 bags"),
        ("standard | scores=1,2,3", "scores=1,2,3", "cannot start a game"),
        (f"standard | | {DEAL}, 3, 3, 3, 3, Kc", "Kc", "does not hold"),
        (f"standard | | {DEAL}, 3,, 3", "", "two commas"),
        (f"standard | | {DEAL}, 14", "14", "1 to 13"),
        (f"standard | | {DEAL}, xyz", "xyz", "not an action"),
        (f"standard | | {DEAL}, 3 | {DEAL}", f"{DEAL}, 3", "not over"),
        ("standard | | bids 3 3 3 3 tricks 4 3 3 3, 5", "5", "start the next"),
        ("standard | | N:... E:... S:... W:...", "N:... E:... S:... W:...", "0 cards"),
        ("standard", "standard", "is not a position"),
    ],
)
def test_a_bad_position_is_refused_quoting_the_part_and_where_it_starts(
    text: str, part: str, words: str
) -> None:
    with pytest.raises(NotationError) as caught:
        from_notation(text)
    error = caught.value
    assert error.reason == "bad_position" and error.token == part
    assert words in error.message and error.message.endswith(".")
    assert "\n" not in error.message and len(error.message) <= 300
    if "(at character " in error.message:
        where = int(error.message.split("(at character ")[1].split(")")[0])
        # the witness: the last place the part is written (each case's part is its last)
        assert where - 1 == text.rindex(part) if part else text[where - 1] == ","


@pytest.mark.parametrize("value", [None, 3, b"standard | ", ["standard"]])
def test_a_position_is_text(value: object) -> None:
    with pytest.raises(NotationError, match="written as text"):
        from_notation(value)  # type: ignore[arg-type]
