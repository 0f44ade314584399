"""spades.openspiel: a hand to OpenSpiel's action ids and back, and its refusals.

The tests marked ``openspiel`` play the same hands in OpenSpiel's C++ Spades (``pyspiel``, the
witness) and check that the two agree on every legal action set, trick winner and hand score
where the rules coincide; they are skipped without pyspiel.
"""

from __future__ import annotations

import importlib
import os
import pickle
import random
from typing import Any

import pytest

from spades import (
    Bid,
    Card,
    Deal,
    GameState,
    ItemKind,
    Phase,
    Play,
    RuleSet,
    Seat,
    apply,
    apply_counts,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades.engine import close_hand, play_anyway, rescore_hand
from spades.errors import OpenSpielError, SpadesError
from spades.openspiel import (
    OPENSPIEL_PARAMETERS,
    OPENSPIEL_RULES,
    from_openspiel,
    openspiel_parameters,
    to_openspiel,
)
from spades.rules.options import DealMethod, Deck, FirstLead, SpadesBreaking
from spades.tricks import CompletedHand

SEATS = "NESW"
NON_SPADES = (1 << 39) - 1


def _refusal(error: pytest.ExceptionInfo[OpenSpielError], reason: str, option: str = "") -> str:
    """The error's sentence, once checked for its reason and option and a pickling round trip."""
    value = error.value
    assert value.reason == reason
    assert value.option == option
    copy = pickle.loads(pickle.dumps(value))
    assert (type(copy), str(copy), copy.reason, copy.option, copy.position) == (
        type(value),
        str(value),
        value.reason,
        value.option,
        value.position,
    )
    assert isinstance(value, SpadesError)
    message = str(value)
    assert message[0].isupper() and message.endswith(".")
    return message


def _random_hand(seed: int, rules: RuleSet = OPENSPIEL_RULES, dealer: str = "W") -> GameState:
    """A hand played to its end with random legal actions that OpenSpiel allows too."""
    rng = random.Random(seed)
    state = apply(new_game(rules, dealer=dealer), Deal.random(rng))
    while state.phase in (Phase.BIDDING, Phase.PLAY):
        choices: list[Any] = list(legal_actions(state))
        if state.phase is Phase.BIDDING:
            partner = state.bids[(SEATS.index(str(state.to_act)) + 2) % 4]
            room = 13 - (partner.tricks if partner is not None else 0)
            choices = [bid for bid in choices if bid.tricks <= min(room, 5)]
        else:
            held = state.holding_masks[state.to_act]  # type: ignore[index]
            if not state.trick_cards and held & NON_SPADES:
                choices = [play for play in choices if play.card.index < 39]
        state = apply(state, rng.choice(choices))
    return state


# -- round trips ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_a_hand_round_trips_through_openspiel_ids_at_every_step(dealer: str) -> None:
    for seed in range(6):
        end = _random_hand(seed, dealer=dealer)
        state = end
        while state.previous is not None:
            ids = to_openspiel(state)
            assert from_openspiel(ids, dealer=dealer) == state
            state = state.previous
        assert to_openspiel(state) == []
        finished = end.history[-1]
        assert to_openspiel(finished) == to_openspiel(end)
        assert len(to_openspiel(finished)) == 108


def test_the_deal_is_dealt_round_from_the_first_bidder_low_cards_first() -> None:
    state = apply(new_game(OPENSPIEL_RULES, dealer="N"), Deal.random(3))
    ids = to_openspiel(state)
    # The dealer is North, so East bids first and is OpenSpiel's player 0.
    for player, seat in enumerate("ESWN"):
        dealt = ids[player:52:4]
        assert dealt == sorted(dealt)
        assert dealt == sorted(card.index for card in state.deal[Seat[seat]])  # type: ignore[index]


def test_ids_are_cards_by_suit_then_rank_and_bids_from_52() -> None:
    # OpenSpiel's card id is suit * 13 + rank, clubs to spades, two to ace; 52 + n bids n.
    ids = [*range(52), 52, 65 - 1, 53, 52]
    state = from_openspiel(ids)
    assert sorted(card.index for card in state.deal[Seat.N]) == list(range(0, 52, 4))  # type: ignore[index]
    assert [str(bid) for bid in state.bids] == ["nil", "12", "1", "nil"]


# -- refusals (no pyspiel needed) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "option", "words"),
    [
        ("cap40", "direction", "clockwise"),
        ("partners_app", "direction", "clockwise"),
        ("pagat", "blind_nil", "no blind bid"),
        (RuleSet(first_lead=FirstLead.TWO_OF_CLUBS), "first_lead", "first bidder lead"),
        (
            RuleSet(failed_nil_tricks="count_toward_contract", dealer_bids_first=True),
            "dealer_bids_first",
            "the dealer never leads",
        ),
        (RuleSet(players=3, partnerships=False), "players", "four players"),
        (
            RuleSet(players=2, partnerships=False, deal_method=DealMethod.DRAW_KEEP_DISCARD),
            "players",
            "four players",
        ),
        (RuleSet(deck=Deck.JOKERS), "deck", "52 cards"),
        ("standard", "failed_nil_tricks", "toward the partner's contract"),
        ("four_levels", "failed_nil_tricks", "toward the partner's contract"),
        (RuleSet(failed_nil_tricks="count_toward_contract", nil_bonus=50), "nil_bonus", "100"),
        (
            RuleSet(failed_nil_tricks="count_toward_contract", must_overtrump=True),
            "must_overtrump",
            "follow suit",
        ),
    ],
)
def test_rules_openspiel_cannot_play_are_refused(rules: Any, option: str, words: str) -> None:
    with pytest.raises(OpenSpielError) as error:
        openspiel_parameters(rules)
    message = _refusal(error, "unsupported_rules", option)
    assert words in message
    assert message.startswith(f"OpenSpiel's Spades cannot play {option} ")


def test_the_parameters_pin_returns_to_the_hands_score() -> None:
    assert openspiel_parameters(OPENSPIEL_RULES) == dict(OPENSPIEL_PARAMETERS)
    assert openspiel_parameters("rule_sheet") == dict(OPENSPIEL_PARAMETERS)
    assert OPENSPIEL_PARAMETERS["win_or_loss_bonus"] == 0
    assert OPENSPIEL_PARAMETERS["mercy_threshold"] == 0


def test_a_team_bid_over_13_is_refused_both_ways() -> None:
    state = apply(new_game(OPENSPIEL_RULES, dealer="W"), Deal.random(1))
    for bid in (7, 1, 7):
        state = apply(state, Bid(bid))
    with pytest.raises(OpenSpielError) as error:
        to_openspiel(state)
    assert "bid of 7 beside a partner's 7" in _refusal(error, "team_bid_over_13")
    assert error.value.position == 54
    with pytest.raises(OpenSpielError) as error:
        from_openspiel([*range(52), 59, 53, 59])
    assert error.value.position == 54
    _refusal(error, "team_bid_over_13")


def _spade_lead_hand() -> GameState:
    """A hand (random, seeded) in which a spade is led, after spades are broken, by a seat that
    holds another suit: legal in spades, never in OpenSpiel."""
    for seed in range(200):
        rng = random.Random(seed)
        state = apply(new_game(OPENSPIEL_RULES, dealer="W"), Deal.random(rng))
        for _ in range(4):
            state = apply(state, Bid(3))
        while state.phase is Phase.PLAY:
            held = state.holding_masks[state.to_act]  # type: ignore[index]
            choices = legal_actions(state)
            spades = [play for play in choices if play.card.index >= 39]  # type: ignore[union-attr]
            if not state.trick_cards and held & NON_SPADES and spades:
                return apply(state, spades[0])
            state = apply(state, rng.choice(choices))
    raise AssertionError("no hand led a spade early")


def test_a_spade_led_from_a_hand_with_another_suit_is_refused() -> None:
    state = _spade_lead_hand()
    with pytest.raises(OpenSpielError) as error:
        to_openspiel(state)
    assert "never breaks spades" in _refusal(error, "spade_lead")
    ids = to_openspiel(state.previous)  # type: ignore[arg-type]
    card = state.last_action.card.index  # type: ignore[union-attr]
    with pytest.raises(OpenSpielError) as error:
        from_openspiel([*ids, card])
    assert error.value.position == len(ids)
    _refusal(error, "spade_lead")


def test_a_renege_is_refused() -> None:
    state = apply(new_game(OPENSPIEL_RULES, dealer="W"), Deal.random(2))
    for _ in range(4):
        state = apply(state, Bid(3))
    led = apply(state, legal_actions(state)[0])
    held = led.holding(led.to_act)  # type: ignore[arg-type]
    led_suit = led.trick_cards[0] // 13
    others = [card for card in held if card.index // 13 != led_suit]
    follows = [card for card in held if card.index // 13 == led_suit]
    assert others and follows
    reneged = play_anyway(led, Play(others[0]))
    with pytest.raises(OpenSpielError) as error:
        to_openspiel(reneged)
    assert "no renege" in _refusal(error, "revoke")


def test_a_hand_without_its_deal_is_refused() -> None:
    counted = apply_counts(new_game(OPENSPIEL_RULES), [3, 3, 3, 3], [4, 3, 3, 3])
    with pytest.raises(OpenSpielError) as error:
        to_openspiel(counted)
    assert "starts every hand from its deal" in _refusal(error, "no_deal")


def test_a_hand_closed_from_its_counts_is_refused() -> None:
    state = apply(new_game(OPENSPIEL_RULES, dealer="W"), Deal.random(4))
    for _ in range(4):
        state = apply(state, Bid(3))
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    closed = close_hand(state, [3, 3, 3, 3], [4, 3, 3, 3])
    with pytest.raises(OpenSpielError) as error:
        to_openspiel(closed)
    assert "after 4 cards played" in _refusal(error, "counted_hand")


def test_a_hand_scored_with_reneges_is_refused() -> None:
    state = _random_hand(5)
    reneged = rescore_hand(state, [1, 0])
    with pytest.raises(OpenSpielError) as error:
        to_openspiel(reneged)
    assert "counts reneges" in _refusal(error, "revoke")


def test_what_is_not_a_hand_is_refused() -> None:
    with pytest.raises(OpenSpielError) as error:
        to_openspiel("N:AKQ")  # type: ignore[arg-type]
    _refusal(error, "not_a_hand")


@pytest.mark.parametrize(
    ("ids", "reason", "position"),
    [
        (list(range(30)), "partial_deal", 30),
        ([*range(51), 50], "bad_action", 51),
        ([*range(52), 66], "bad_action", 52),
        ([*range(52), 3], "bad_action", 52),
        ([*range(52), 55, 55, 55, 55, 1], "bad_action", 56),  # North does not hold the 3c
        ([*range(52), 55, 55, 55, 55, 0, 13], "revoke", 57),  # East holds 3c 7c Jc
        ([*range(52), 55, 55, 55, 55, "0"], "bad_action", 56),
        ([*range(52), 55, 55, 55, 55, True], "bad_action", 56),
        ([*range(52), 55, 55, 55, 55, *range(52), 0], "bad_action", 108),
    ],
)
def test_action_ids_openspiel_would_refuse_are_refused(
    ids: list[Any], reason: str, position: int
) -> None:
    with pytest.raises(OpenSpielError) as error:
        from_openspiel(ids)
    _refusal(error, reason)
    assert error.value.position == position


@pytest.mark.parametrize(
    ("parameters", "reason", "option"),
    [
        ({"win_threshold": 100}, "unsupported_parameters", "win_threshold"),
        ({"mercy_threshold": -100}, "unsupported_parameters", "mercy_threshold"),
        (
            {"mercy_threshold": -100, "use_mercy_rule": False},
            "unsupported_parameters",
            "mercy_threshold",
        ),
        ({"target": 500}, "bad_parameters", "target"),
        ({"win_threshold": "500"}, "bad_parameters", "win_threshold"),
        ({"use_mercy_rule": 1}, "bad_parameters", "use_mercy_rule"),
    ],
)
def test_game_parameters_spades_cannot_follow_are_refused(
    parameters: dict[str, Any], reason: str, option: str
) -> None:
    with pytest.raises(OpenSpielError) as error:
        from_openspiel([], parameters=parameters)
    _refusal(error, reason, option)


@pytest.mark.parametrize(
    "parameters",
    [None, {}, {"win_threshold": 100, "win_or_loss_bonus": 0}, {"mercy_threshold": -300}],
)
def test_parameters_whose_bonus_no_hand_reaches_pass(parameters: dict[str, Any] | None) -> None:
    assert from_openspiel([], parameters=parameters) == new_game(OPENSPIEL_RULES, dealer="W")


# -- the oracle: OpenSpiel's C++ game (pyspiel) ----------------------------------------------------


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    """OpenSpiel's module: skipped without it, unless ``SPADES_REQUIRE_OPENSPIEL=1`` (as in CI's
    OpenSpiel environment) makes that a failure."""
    if os.environ.get("SPADES_REQUIRE_OPENSPIEL") == "1":
        return importlib.import_module("pyspiel")
    return pytest.importorskip("pyspiel")


def _bid_choice(rng: random.Random, legal: list[int]) -> int:
    low = [action for action in legal if action <= 52 + 4]
    return rng.choice(low if rng.random() < 0.6 else legal)


def _play_both(pyspiel: Any, seed: int, rules: RuleSet, dealer: str) -> CompletedHand:
    """One hand played from the same random actions in both engines, checked step by step."""
    rng = random.Random(seed)
    game = pyspiel.load_game("spades", openspiel_parameters(rules))
    theirs = game.new_initial_state()
    first = (SEATS.index(dealer) + 1) % 4
    seat_of = [SEATS[(first + player) % 4] for player in range(4)]
    ids: list[int] = []
    while theirs.is_chance_node():
        ids.append(rng.choice(theirs.legal_actions()))
        theirs.apply_action(ids[-1])
    ours = from_openspiel(ids, rules, dealer=dealer)
    while not theirs.is_terminal():
        player = theirs.current_player()
        assert str(ours.to_act) == seat_of[player]
        legal = theirs.legal_actions()
        if ours.phase is Phase.BIDDING:
            partner = ours.bids[SEATS.index(seat_of[(player + 2) % 4])]
            room = 13 - (partner.tricks if partner is not None else 0)
            expected = [52 + bid.tricks for bid in legal_actions(ours) if bid.tricks <= room]  # type: ignore[union-attr]
            assert sorted(expected) == legal
            action = _bid_choice(rng, legal)
            ours = apply(ours, Bid(action - 52))
        else:
            held = ours.holding_masks[SEATS.index(seat_of[player])]
            mine = [play.card.index for play in legal_actions(ours)]  # type: ignore[union-attr]
            if not ours.trick_cards and held & NON_SPADES:
                mine = [card for card in mine if card < 39]
            assert sorted(mine) == legal
            action = rng.choice(legal)
            ours = apply(ours, Play(Card.from_index(action)))
        ids.append(action)
        theirs.apply_action(action)
        if ours.phase is Phase.PLAY and not ours.trick_cards and len(ids) > 56:
            # A trick just ended: its winner leads the next in both.
            winner = ours.completed_tricks[-1].winner
            assert seat_of[theirs.current_player()] == str(winner) == str(ours.to_act)
    assert ours.phase in (Phase.HAND_OVER, Phase.GAME_OVER, Phase.DEAL)
    hand = ours.history[-1]
    # The last trick's winner: OpenSpiel's terminal state has no player to act.
    last = theirs.history()[-4:]
    assert hand.tricks[-1].cards[0].index == last[0]
    ns, ew = hand.score.points
    # OpenSpiel's partnership 0 is its players 0 and 2.
    ours_first = (ns, ew) if seat_of[0] in "NS" else (ew, ns)
    assert theirs.returns() == [float(points) for points in ours_first * 2]
    # The deal converts as each player's cards, low to high: the same hands, dealt in order.
    converted = to_openspiel(hand)
    assert converted[52:] == ids[52:]
    for player in range(4):
        assert sorted(converted[player:52:4]) == sorted(ids[player:52:4])
    assert from_openspiel(ids, rules, dealer=dealer).history[-1] == hand
    return hand


@pytest.mark.openspiel
@pytest.mark.parametrize(
    ("rules", "dealer"),
    [
        (OPENSPIEL_RULES, "W"),
        (find_ruleset("rule_sheet"), "N"),  # spades broken only by trumping, bags reset
        (OPENSPIEL_RULES.evolve(spades_breaking=SpadesBreaking.ANY_TIME), "E"),
        (OPENSPIEL_RULES.evolve(spades_breaking=SpadesBreaking.AFTER_FIRST_TRICK), "S"),
    ],
    ids=["openspiel_rules", "rule_sheet", "any_time", "after_first_trick"],
)
def test_openspiel_agrees_on_every_legal_action_trick_and_score(
    pyspiel: Any, rules: RuleSet, dealer: str
) -> None:
    # 75 hands each, 300 in all, with every spades-breaking rule and every dealer.
    seen: set[ItemKind] = set()
    for seed in range(75):
        hand = _play_both(pyspiel, seed, rules, dealer)
        seen |= {item.kind for team in hand.score.teams for item in team.items}
    assert {
        ItemKind.CONTRACT_MADE,
        ItemKind.CONTRACT_SET,
        ItemKind.BAGS,
        ItemKind.NIL_MADE,
        ItemKind.NIL_FAILED,
    } <= seen


@pytest.mark.openspiel
@pytest.mark.parametrize(
    "bids",
    [(1, 1, 1, 1), (0, 1, 0, 1), (0, 1, 3, 1), (13, 0, 0, 0), (0, 0, 0, 0), (3, 0, 10, 13)],
)
def test_openspiel_agrees_on_nils_and_bag_penalties(pyspiel: Any, bids: tuple[int, ...]) -> None:
    # North holds the 13 spades and takes every trick: bags past 10, nils made and failed.
    others = list(range(39))
    hands = [list(range(39, 52)), others[0::3], others[1::3], others[2::3]]
    ids = [hands[player][k] for k in range(13) for player in range(4)]
    ids += [52 + bid for bid in bids]
    theirs = pyspiel.load_game("spades", dict(OPENSPIEL_PARAMETERS)).new_initial_state()
    for action in ids:
        theirs.apply_action(action)
    while not theirs.is_terminal():
        ids.append(theirs.legal_actions()[0])
        theirs.apply_action(ids[-1])
    hand = from_openspiel(ids).history[-1]
    assert hand.tricks_won == (13, 0, 0, 0)
    ns, ew = hand.score.points
    assert theirs.returns() == [ns, ew, ns, ew]


@pytest.mark.openspiel
@pytest.mark.parametrize(
    ("bids", "scores", "agree"),
    [
        ((1, 1, 1, 1), (9, 0), True),  # 9 and 9 bags: the ones digit is the bag count
        ((1, 1, 1, 1), (-1, 0), False),  # -1 and 9 bags: OpenSpiel reads -1 bags
    ],
)
def test_openspiel_reads_bags_from_the_ones_digit_of_the_total(
    pyspiel: Any, bids: tuple[int, ...], scores: tuple[int, int], agree: bool
) -> None:
    ids = [*range(52), *(52 + bid for bid in bids)]
    # North holds 2c 6c Tc Ac 5d 9d Kd 4h 8h Qh 3s 7s Js; every player plays the lowest card it
    # may, and NS take 3 tricks: one bag, the tenth in spades.
    game = pyspiel.load_game("spades", dict(OPENSPIEL_PARAMETERS))
    theirs = game.new_initial_state()
    theirs.set_current_scores(list(scores))
    for action in ids:
        theirs.apply_action(action)
    while not theirs.is_terminal():
        action = theirs.legal_actions()[0]
        ids.append(action)
        theirs.apply_action(action)
    ours = new_game(OPENSPIEL_RULES, dealer="W", scores=scores, bags=(9, 0))
    ours = apply(ours, from_openspiel(ids[:52]).deal)  # type: ignore[arg-type]
    for action in ids[52:56]:
        ours = apply(ours, Bid(action - 52))
    for action in ids[56:]:
        ours = apply(ours, Play(Card.from_index(action)))
    points = ours.history[-1].score.points
    assert points[0] == 20 + 1 - 100
    assert (theirs.returns()[0] == points[0]) is agree
    assert theirs.returns()[1] == points[1]
