"""The fast playouts against the engine, and the hand value against the scoring.

The playout loop (:func:`spades._kernel.playout.play_out`) inlines the kernel's card rules on
masks; here every card it plays is replayed through :func:`spades.apply` (which refuses an illegal
card) and the tricks it counts are the engine's. What the playouts score by
(:func:`spades._kernel.score.hand_score`) must total what :func:`spades.score_hand` scores, the
computer players' :func:`~spades.bots.playout.hand_value` must be the difference of those points
with the game's bonus, and :func:`spades._kernel.end.game_end` must decide the game as
:func:`spades.decide_game` does.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from module_imports import SRC, module_imports
from spades import (
    PRESETS,
    Bid,
    Card,
    Deal,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    RuleSet,
    apply,
    chance_action,
    decide_game,
    find_ruleset,
    legal_actions,
    new_game,
    score_hand,
)
from spades._kernel.end import game_end
from spades._kernel.playout import play_out
from spades._kernel.score import hand_score
from spades._kernel.table import table_of
from spades.bots import playout as bots_playout
from spades.bots.playout import GAME_BONUS, hand_value
from spades.rules import (
    BagRemainder,
    DoubleNil,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    Moon,
    SpadesBreaking,
)
from strategies import random_action, rulesets

RULES = {preset.name: preset.rules for preset in PRESETS}


def _random_bid(rng: random.Random, state: GameState) -> Bid:
    bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
    nils = [bid for bid in bids if bid.tricks == 0]
    if nils and rng.random() < 0.2:
        return rng.choice(nils)
    # Bidding rules may allow no nil, or only bids over 5 (mirror, suicide): then any of them.
    return rng.choice([bid for bid in bids if 1 <= bid.tricks <= 5] or bids)


def _to_play(rules: RuleSet, rng: random.Random) -> GameState:
    """A random hand of ``rules`` dealt, bid (some nils) and exchanged, ready for the first card."""
    scores = [0] * len(rules.sides)
    if rules.blind_nil:
        scores[1] = 200  # the others 200 behind
    state = apply(new_game(rules, scores=scores), Deal.random(rng, rules))
    while state.phase is not Phase.PLAY:
        if state.phase is Phase.BIDDING:
            state = apply(state, _random_bid(rng, state))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def _cards_in_play(state: GameState) -> int:
    """How many cards the hand in progress has in all (52 for four players, 51 or 54 for
    three): those still held and those played."""
    return sum(mask.bit_count() for mask in state.holding_masks) + len(state.played)


def _position(state: GameState) -> dict[str, object]:
    trick = state.current_trick
    assert trick is not None
    return {
        "holdings": state.holding_masks,
        "trick": [card.index for card in trick.cards],
        "to_act": int(state.to_act),  # type: ignore[arg-type]
        "taken": state.trick_counts,
        "spades_broken": state.spades_broken,
        # No bids at all (None) in a first hand played without bids (first_hand_trick_points).
        "bids": [(bid.tricks, bid.blind) for bid in state.bids if bid is not None] or None,
    }


def _playout_replays_on_the_engine(
    state: GameState, *, first_lead_forced: bool, first_card: int = -1
) -> None:
    """The playout from ``state`` plays only cards the engine allows there, card for card, and
    the engine, replaying them, gives each seat the tricks the playout counted."""
    position = _position(state)
    trace: list[int] = []
    won = play_out(
        table_of(state.rules),
        position["holdings"],  # type: ignore[arg-type]
        position["trick"],  # type: ignore[arg-type]
        position["to_act"],  # type: ignore[arg-type]
        position["taken"],  # type: ignore[arg-type]
        position["spades_broken"],  # type: ignore[arg-type]
        position["bids"],  # type: ignore[arg-type]
        first_lead_forced=first_lead_forced,
        first_card=first_card,
        trace=trace,
    )
    replayed = state
    for card in trace:
        legal = {action.card.index: action for action in legal_actions(replayed)}  # type: ignore[union-attr]
        assert card in legal, f"the playout played an illegal card {card} in {replayed!r}"
        replayed = apply(replayed, legal[card])
    assert replayed.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert list(replayed.last_hand.tricks_won) == won  # type: ignore[union-attr]


@pytest.mark.parametrize("name", sorted(RULES))
def test_playout_plays_legal_cards_and_counts_tricks_as_the_engine(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    for _ in range(30):
        state = _to_play(rules, rng)
        forced = True
        for _ in range(rng.randrange(_cards_in_play(state))):
            state = apply(state, rng.choice(legal_actions(state)))
            forced = False
        # Only the first card of a hand can be the fixed first lead.
        first_lead = forced and rules.first_lead.name == "TWO_OF_CLUBS"
        _playout_replays_on_the_engine(state, first_lead_forced=first_lead)


def test_playout_changes_nothing_passed_in_and_plays_the_first_card_given() -> None:
    rules = RuleSet()
    rng = random.Random(5)
    for _ in range(20):
        state = _to_play(rules, rng)
        for _ in range(rng.randrange(40)):
            state = apply(state, rng.choice(legal_actions(state)))
        position = _position(state)
        holdings = list(state.holding_masks)
        trick = list(position["trick"])  # type: ignore[call-overload]
        taken = list(state.trick_counts)
        for action in legal_actions(state):
            card = action.card.index  # type: ignore[union-attr]
            trace: list[int] = []
            won = play_out(
                table_of(rules),
                holdings,
                trick,
                position["to_act"],  # type: ignore[arg-type]
                taken,
                state.spades_broken,
                position["bids"],  # type: ignore[arg-type]
                first_card=card,
                trace=trace,
            )
            assert trace[0] == card
            assert sum(won) == 13
            assert holdings == list(state.holding_masks)
            assert taken == list(state.trick_counts)
            assert trick == position["trick"]


def test_a_nil_bidder_in_the_playout_never_wins_a_trick_it_could_lose() -> None:
    rules = RuleSet()
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        state = _to_play(rules, rng)
        position = _position(state)
        trace: list[int] = []
        play_out(
            table_of(rules),
            position["holdings"],  # type: ignore[arg-type]
            [],
            position["to_act"],  # type: ignore[arg-type]
            (0, 0, 0, 0),
            False,
            position["bids"],  # type: ignore[arg-type]
            trace=trace,
        )
        nil_seats = {seat for seat, bid in enumerate(state.bids) if bid.tricks == 0}  # type: ignore[union-attr]
        replayed = state
        for card in trace:
            seat = int(replayed.to_act)  # type: ignore[arg-type]
            trick = replayed.current_trick
            assert trick is not None
            if seat in nil_seats and replayed.trick_counts[seat] == 0 and trick.cards:
                legal = [action.card.index for action in legal_actions(replayed)]  # type: ignore[union-attr]
                current = trick.winner
                assert current is not None
                best = next(card.index for who, card in trick.plays if who is current)
                led = trick.cards[0].index // 13

                def beats(index: int, best: int = best, led: int = led) -> bool:
                    return index > best and (index >= 39 or index // 13 == led)

                if any(not beats(index) for index in legal):
                    assert not beats(card)
                    checked += 1
            replayed = apply(replayed, Play(Card.from_index(card)))
    assert checked > 20


def _random_counts(rng: random.Random, rules: RuleSet | None = None) -> list[int]:
    """Tricks per seat in play, adding up to the tricks in a hand of ``rules`` (four seats and
    13 tricks when None)."""
    seats, tricks = (4, 13) if rules is None else (rules.players, _tricks_per_hand(rules))
    cuts = [0, *sorted(rng.randint(0, tricks) for _ in range(seats - 1)), tricks]
    return [high - low for low, high in itertools.pairwise(cuts)]


def _tricks_per_hand(rules: RuleSet) -> int:
    """The tricks in a hand of ``rules``: the cards each seat is dealt."""
    return len(Deal.random(random.Random(0), rules).hands[0])


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_playouts_points_total_what_score_hand_scores(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    checked = 0
    most = _tricks_per_hand(rules)
    for _ in range(600):
        bids: list[Bid] = []
        for _seat in rules.seats:
            roll = rng.random()
            if roll < 0.15:
                bids.append(Bid.NIL)
            elif roll < 0.25 and rules.blind_nil:
                bids.append(Bid.BLIND_NIL)
            else:
                bids.append(Bid(rng.randint(1, most)))
        tricks = _random_counts(rng, rules)
        bags = tuple(rng.randrange(rules.bag_threshold) for _ in rules.sides)
        try:
            score = score_hand(rules, bids, tricks, bags=bags)
        except IllegalActionError:
            continue  # bids these rules refuse (a minimum bid, a forced bidding mode)
        pairs = [(bid.tricks, bid.blind) for bid in bids]
        assert _points(rules, pairs, tricks, bags) == score.points
        _value_is_the_difference(rules, pairs, tricks, bags, score.points)
        checked += 1
    assert checked >= 20


def _points(
    rules: RuleSet, pairs: list[tuple[int, bool]], tricks: list[int], bags: tuple[int, ...]
) -> tuple[int, ...]:
    """Each side's points as the playouts score them: the kernel's one assembly of a hand."""
    return tuple(side[0] for side in hand_score(table_of(rules), pairs, tricks, bags))


def _value_is_the_difference(
    rules: RuleSet,
    pairs: list[tuple[int, bool]],
    tricks: list[int],
    bags: tuple[int, ...],
    points: tuple[int, ...],
) -> None:
    """From a standing of 0 each, the value of the hand for each side is its points (as scored)
    less the best of the other sides', with the game's bonus when the hand ends the game."""
    scores = (0,) * len(points)
    result = decide_game(rules, points, 1)  # type: ignore[arg-type]
    for side in range(len(points)):
        base = points[side] - max(other for index, other in enumerate(points) if index != side)
        value = hand_value(table_of(rules), pairs, tricks, scores, bags, side, 1)
        if result is None or result.winner is None:
            assert value == base
        elif int(result.winner) == side:
            assert value == base + GAME_BONUS
        else:
            assert value == base - GAME_BONUS


def _scoring_rules(rng: random.Random) -> RuleSet:
    """Rules with the scoring options drawn at random: failed nil tricks, double nil, the big bid,
    the moon, bag back, the bag values and remainder."""
    options: dict[str, object] = {
        "failed_nil_tricks": rng.choice(list(FailedNilTricks)),
        "double_nil": rng.choice([DoubleNil.INDEPENDENT, DoubleNil.UNIT]),
        "blind_nil": rng.random() < 0.5,
        "bag_back": rng.random() < 0.5,
        "bag_threshold": rng.randint(1, 12),
        "bag_penalty": rng.choice([0, 50, 100, 110]),
        "points_per_bag": rng.choice([0, 1]),
        "set_penalty_per_trick": rng.choice([0, 10]),
        "moon": rng.choice(list(Moon)),
    }
    if options["moon"] is not Moon.NONE:
        options["moon_points"] = rng.choice([None, 0, 200])
    if rng.random() < 0.6:
        options["big_bid"] = rng.randint(6, 13)
        options["big_bid_points"] = rng.choice([120, 200])
        options["big_bid_penalty"] = rng.choice([100, 200])
        options["big_bid_is_bonus"] = rng.random() < 0.5
        options["big_bid_overtricks_score"] = rng.random() < 0.5
    if rng.random() < 0.3:
        options["bag_remainder"] = BagRemainder.RESET
    elif rng.random() < 0.3:
        options["bag_penalty_once_per_hand"] = True
    return RuleSet(**options)  # type: ignore[arg-type]


def test_the_playouts_points_total_what_score_hand_scores_under_random_scoring_rules() -> None:
    rng = random.Random(13)
    for _ in range(300):
        rules = _scoring_rules(rng)
        for _ in range(10):
            bids: list[Bid] = []
            for _seat in range(4):
                roll = rng.random()
                if roll < 0.2:
                    bids.append(Bid.NIL)
                elif roll < 0.3 and rules.blind_nil:
                    bids.append(Bid.BLIND_NIL)
                else:
                    bids.append(Bid(rng.randint(1, 7)))
            tricks = _random_counts(rng)
            if rng.random() < 0.2:  # one team takes every trick (the moon)
                team, first = rng.randrange(2), rng.randint(0, 13)
                tricks = [0, 0, 0, 0]
                tricks[team], tricks[team + 2] = first, 13 - first
            bags = (rng.randrange(15), rng.randrange(15))
            score = score_hand(rules, bids, tricks, bags=bags)
            pairs = [(bid.tricks, bid.blind) for bid in bids]
            assert _points(rules, pairs, tricks, bags) == score.points
            _value_is_the_difference(rules, pairs, tricks, bags, score.points)
            for team_score in score.teams:
                assert sum(item.points for item in team_score.items) == team_score.points


@pytest.mark.parametrize("name", sorted(RULES))
def test_game_end_decides_as_decide_game(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(name)
    target = rules.target_score
    for _ in range(300):
        scores = tuple(rng.randint(-400, target + 200) for _ in rules.sides)
        if rng.random() < 0.2:
            scores = (scores[0], *scores[:-1])  # a tie at the top, or for the top
        last = rules.max_hands is not None and rng.random() < 0.5
        played = rules.max_hands if last else 1
        result = decide_game(rules, scores, played)  # type: ignore[arg-type]
        expected = None if result is None else -1 if result.winner is None else int(result.winner)
        end = game_end(table_of(rules), scores, played)  # type: ignore[arg-type]
        assert (None if end is None else end[0]) == expected


def test_hand_value_is_the_points_difference_plus_the_game() -> None:
    rules = RuleSet()
    rng = random.Random(3)
    for _ in range(200):
        pairs = [(rng.randint(0, 6), False) for _ in range(4)]
        tricks = _random_counts(rng)
        scores = (rng.randint(-200, 600), rng.randint(-200, 600))
        bags = (rng.randrange(10), rng.randrange(10))
        ns, ew = score_hand(rules, [Bid(t) for t, _ in pairs], tricks, bags=bags).points
        after = (scores[0] + ns, scores[1] + ew)
        result = decide_game(rules, after, 1)
        for team in (0, 1):
            value = hand_value(table_of(rules), pairs, tricks, scores, bags, team, 1)
            base = ns - ew if team == 0 else ew - ns
            if result is None or result.winner is None:
                assert value == base
            elif int(result.winner) == team:
                assert value == base + GAME_BONUS
            else:
                assert value == base - GAME_BONUS


# -- the card-play options ------------------------------------------------------------------------


@st.composite
def play_option_rules(draw: st.DrawFn) -> RuleSet:
    """Any rule set (``strategies.rulesets``) with the card-play options drawn over it: when spades
    may be led, the first trick's rule and overtrumping."""
    rules = draw(rulesets(max_exchange=3))
    tricks = list(FirstTrick)
    if rules.first_lead is not FirstLead.TWO_OF_CLUBS:
        tricks.remove(FirstTrick.LOWEST_CLUB)
    breaking = draw(st.sampled_from(SpadesBreaking))
    waits = breaking in (SpadesBreaking.ANY_SPADE, SpadesBreaking.TRUMP_ONLY)
    return rules.evolve(
        spades_breaking=breaking,
        first_trick=draw(st.sampled_from(tricks)),
        must_overtrump=draw(st.booleans()),
        # a spade led early as a renege needs spades that wait to be broken
        early_spade_lead=rules.early_spade_lead if waits else "illegal",
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play_option_rules(), st.integers(0, 2**32 - 1), st.integers(0, 51), st.booleans())
def test_playout_agrees_with_the_engine_under_the_play_options(
    rules: RuleSet, seed: int, cards: int, first: bool
) -> None:
    """From a random moment of a random hand (the first trick more often), the playout plays only
    cards the engine allows, card for card, and counts the engine's tricks; with ``first``, its
    first card is any legal one, chosen here."""
    rng = random.Random(seed)
    state = apply(new_game(rules), Deal.random(rng, rules))
    while state.phase is not Phase.PLAY:
        state = apply(state, random_action(state, rng))
    for _ in range((cards % 8 if seed % 2 else cards) % _cards_in_play(state)):
        state = apply(state, random_action(state, rng))
    forced = not state.played and rules.first_lead is FirstLead.TWO_OF_CLUBS
    first_card = rng.choice(legal_actions(state)).card.index if first else -1  # type: ignore[union-attr]
    _playout_replays_on_the_engine(state, first_lead_forced=forced, first_card=first_card)


# -- where the playout lives -----------------------------------------------------------------------


def test_the_playout_is_the_kernels_on_ints_beside_the_play_functions() -> None:
    """The loop lives in the kernel: its module imports only the rules and the kernel's own
    modules (and the standard library), at its top level, no other module's underscore names,
    and is under 600 lines; the computer players keep only the value of an outcome."""
    path = SRC / "_kernel" / "playout.py"
    for module, names, at_top in module_imports(path):
        assert at_top, module
        if module.split(".")[0] == "spades":
            assert module == "spades.rules" or module.startswith("spades._kernel."), module
            assert not [name for name in names if name.startswith("_")], (module, names)
    assert len(path.read_text().splitlines()) <= 600
    assert not hasattr(bots_playout, "play_out")
    assert bots_playout.__all__ == ["GAME_BONUS", "hand_value"]


# -- three players (cutthroat) ---------------------------------------------------------------------


#: Three players alone, North, East and South (the two of clubs out).
THREE = RuleSet(players=3, partnerships=False)


def _replays_on_the_engine_of_three(state: GameState, rng: random.Random) -> None:
    """The playout from ``state`` (its first card any legal one, half the time) plays only cards
    the engine allows there, card for card, and the engine gives each seat its tricks."""
    trick = state.current_trick
    assert trick is not None
    first_card = -1
    if rng.random() < 0.5:
        first_card = rng.choice(legal_actions(state)).card.index  # type: ignore[union-attr]
    trace: list[int] = []
    won = play_out(
        table_of(state.rules),
        state.holding_masks,
        [card.index for card in trick.cards],
        int(state.to_act),  # type: ignore[arg-type]
        state.trick_counts,
        state.spades_broken,
        [(bid.tricks, bid.blind) for bid in state.bids if bid is not None] or None,
        first_lead_forced=not state.played and state.rules.first_lead is FirstLead.TWO_OF_CLUBS,
        first_card=first_card,
        trace=trace,
    )
    assert len(won) == 3
    if first_card >= 0:
        assert trace[0] == first_card
    replayed = state
    for card in trace:
        legal = {action.card.index: action for action in legal_actions(replayed)}  # type: ignore[union-attr]
        assert card in legal, f"the playout played an illegal card {card} in {replayed!r}"
        replayed = apply(replayed, legal[card])
    assert replayed.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert replayed.last_hand is not None
    assert list(replayed.last_hand.tricks_won) == won
    assert sum(won) == len(replayed.last_hand.deal.hands[0])


@pytest.mark.parametrize(
    "rules",
    [
        find_ruleset("cutthroat3"),
        find_ruleset("cutthroat3").evolve(deck="jokers"),
        THREE.evolve(direction="counterclockwise", first_trick="no_spades"),
        THREE.evolve(deck="jokers", must_overtrump=True, spades_breaking="trump_only"),
        find_ruleset("cutthroat3").evolve(first_lead="two_of_clubs", first_trick="lowest_club"),
        find_ruleset("cutthroat3").evolve(first_hand_trick_points=10),
    ],
    ids=["cutthroat3", "jokers", "counterclockwise", "overtrump", "lowest_club", "unbid"],
)
def test_the_playout_replays_card_for_card_on_the_engine_at_a_table_of_three(
    rules: RuleSet,
) -> None:
    rng = random.Random(repr(rules))
    for _ in range(25):
        state = apply(new_game(rules), Deal.random(rng, rules))
        while state.phase is Phase.BIDDING:
            bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
            nils = [bid for bid in bids if bid.tricks == 0 and not bid.blind]
            small = [bid for bid in bids if 1 <= bid.tricks <= 7 and not bid.blind]
            state = apply(
                state, rng.choice(nils) if nils and rng.random() < 0.2 else rng.choice(small)
            )
        for _ in range(rng.randrange(sum(len(hand) for hand in state.holdings))):
            state = apply(state, rng.choice(legal_actions(state)))
        _replays_on_the_engine_of_three(state, rng)


def test_a_hand_of_three_is_valued_against_the_better_of_the_two_others() -> None:
    # Bids 5, 6, 4 and tricks 5, 8, 4: North makes 50, East 60 and 2 bags, South 40.
    rules = THREE
    table = table_of(rules)
    bids = [(5, False), (6, False), (4, False)]
    points = score_hand(rules, [Bid(5), Bid(6), Bid(4)], [5, 8, 4]).points
    assert points == (50, 62, 40)
    scores, bags = (100, 100, 100), (0, 0, 0)
    assert hand_value(table, bids, [5, 8, 4], scores, bags, 0, 1) == 50 - 62
    assert hand_value(table, bids, [5, 8, 4], scores, bags, 1, 1) == 62 - 50
    assert hand_value(table, bids, [5, 8, 4], scores, bags, 2, 1) == 40 - 62
    # East at 450 reaches the target of 500 with this hand and wins the game.
    near = (100, 450, 100)
    assert hand_value(table, bids, [5, 8, 4], near, bags, 1, 1) == 62 - 50 + GAME_BONUS
    assert hand_value(table, bids, [5, 8, 4], near, bags, 0, 1) == 50 - 62 - GAME_BONUS


# -- two players: after the draw -------------------------------------------------------------------


def test_play_out_replays_card_for_card_on_the_engine_after_a_draw() -> None:
    rng = random.Random(5)
    for _ in range(20):
        state = new_game("two_player")
        while state.phase is not Phase.PLAY:
            if state.needs_draw:
                state = apply(state, chance_action(state, rng))
            else:
                state = apply(state, rng.choice(legal_actions(state)))
        for _ in range(rng.randrange(20)):
            state = apply(state, rng.choice(legal_actions(state)))
        trick = state.current_trick
        assert trick is not None and state.to_act is not None
        bids = [(bid.tricks, bid.blind) for bid in state.bids if bid is not None]
        trace: list[int] = []
        won = play_out(
            table_of(state.rules),
            state.holding_masks,
            [card.index for card in trick.cards],
            int(state.to_act),
            state.trick_counts,
            state.spades_broken,
            bids,
            trace=trace,
        )
        assert sum(won) == 13
        replayed = state
        for card in trace:
            legal = {
                action.card.index: action
                for action in legal_actions(replayed)
                if isinstance(action, Play)
            }
            assert card in legal, f"the playout played an illegal card {card}"
            replayed = apply(replayed, legal[card])
        assert replayed.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert replayed.last_hand is not None
        assert list(replayed.last_hand.tricks_won) == won
