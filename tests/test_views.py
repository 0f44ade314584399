"""Seat views: what one seat may know, and nothing it cannot see.

The central property: two states that differ only in how the cards a seat cannot see are spread
among the other hands give that seat equal views. Games are played at random under random rule
sets; at a random moment the cards the chosen seat cannot see are dealt again among the other
seats, consistently with everything the seat can see (the cards each seat has played, the suits
each has shown out of, a spade led before spades were broken, the hand sizes, the exchange it made
or received, who holds the two of clubs once the play has begun), the same actions are replayed
on the new deal (an opponents' exchange passes other cards, since which cards it passed is hidden
too), and the two views must be equal; the views of a seat whose own cards moved must differ.

At every table (tests/tables.py: four partners, four alone, three, and two who draw their hands) a
view has an entry for every side that scores and every seat in play, a partner only in
partnerships, and no other seat's cards; a seat with no player has no view.
"""

from __future__ import annotations

import copy
import gc
import json
import pickle
import random
import re
import types
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Card,
    CompletedHand,
    Deal,
    Direction,
    EndReason,
    Exchange,
    GameResult,
    GameState,
    Hand,
    IllegalActionError,
    NotationError,
    Phase,
    Play,
    RuleSet,
    Seat,
    Suit,
    Team,
    Trick,
    apply,
    chance_action,
    find_ruleset,
    legal_actions,
    new_game,
)
from spades.actions import Action
from spades.rules import Deck, FirstLead, FirstTrick, RemovedTwos, SpadesBreaking, SpareCards
from spades.tricks import card_order, suit_played
from spades.views import SeatView, view
from strategies import random_action, rulesets, standings, start
from tables import TABLES, TableKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SEATS = (N, E, S, W)

SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def budget(examples: int) -> settings:
    return settings(SETTINGS, max_examples=examples)


# -- a deal and a script (as in test_sources) ------------------------------------------------------

# Every seat is 4-3-3-3. Under the standard rules with N dealing, E bids and leads first; played by
# SCRIPT_A, E takes 3 tricks, S 3, N 2 and W 5.
DEAL_A = Deal(("T74.J85.J85.AK32", "963.AKQ2.T74.J97", "852.T74.AKQ2.T86", "AKQJ.963.963.Q54"))
SCRIPT_A = (
    "E:Ah N:5h S:4h W:3h",
    "E:Kh N:8h S:7h W:6h",
    "E:Qh N:Jh S:Th W:9h",
    "E:Td N:5d S:Ad W:3d",
    "S:Kd N:8d E:7d W:6d",
    "S:Qd N:Jd E:4d W:9d",
    "S:Tc N:Ac E:7c W:4c",
    "N:Kc E:9c S:8c W:5c",
    "N:3c E:Jc S:6c W:Qc",
    "W:As N:4s E:3s S:2s",
    "W:Ks N:7s E:6s S:5s",
    "W:Qs N:Ts E:9s S:8s",
    "W:Js N:2c E:2h S:2d",
)


def bid(state: GameState, bids: dict[Seat, Bid | int]) -> GameState:
    """Make the bids in the order the engine asks for them."""
    while state.phase is Phase.BIDDING:
        value = bids[state.to_act]  # type: ignore[index]
        state = apply(state, value if isinstance(value, Bid) else Bid(value))
    return state


def play(state: GameState, text: str) -> GameState:
    """Play ``'E:Ah N:5h S:4h W:3h E:Kh'``: each seat's cards in the order written, each when
    the engine asks that seat for a card."""
    pending: dict[Seat, list[str]] = {seat: [] for seat in SEATS}
    for item in text.split():
        seat, card = item.split(":")
        pending[Seat.parse(seat)].append(card)
    while any(pending.values()):
        cards = pending[state.to_act]  # type: ignore[index]
        assert cards, f"{state.to_act} has no card to play in {text!r}"
        state = apply(state, Play(cards.pop(0)))
    return state


def play_out(state: GameState) -> GameState:
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    return state


def standard_at_play(**standing: object) -> GameState:
    """DEAL_A under the standard rules, bid E 3, S 3, W 5, N 2: E to lead."""
    state = apply(new_game("standard", **standing), DEAL_A)  # type: ignore[arg-type]
    return bid(state, {E: 3, S: 3, W: 5, N: 2})


def expected(state: GameState, seat: Seat, **fields: object) -> SeatView:
    """The view the fields of ``state`` give ``seat``, with some fields given."""
    values: dict[str, object] = {
        "seat": seat,
        "rules": state.rules,
        "phase": state.phase,
        "dealer": state.dealer,
        "hand_number": state.hand_number,
        "scores": state.scores,
        "bags": state.bags,
        "result": state.result,
        "history": (),
        "to_act": state.to_act,
        "hand": state.holding(seat),
        "hand_sizes": tuple(len(hand) for hand in state.holdings),
        "bids": state.bids,
        "exchanges": (),
        "completed_tricks": state.completed_tricks,
        "current_trick": state.current_trick,
        "trick_counts": state.trick_counts,
        "spades_broken": state.spades_broken,
        "legal_actions": (),
    }
    values.update(fields)
    return SeatView(**values)  # type: ignore[arg-type]


# -- exact views at hand-built moments -------------------------------------------------------------


def test_a_view_during_the_bidding() -> None:
    state = apply(apply(new_game("standard"), DEAL_A), Bid(3))
    south = view(state, S)
    assert south == expected(
        state,
        S,
        hand=Hand("852.T74.AKQ2.T86"),
        hand_sizes=(13, 13, 13, 13),
        bids=(None, Bid(3, seat=E), None, None),
        to_act=S,
        legal_actions=legal_actions(state),
    )
    assert south.seat is S and south.phase is Phase.BIDDING and south.to_act is S
    assert south.hand == Hand("852.T74.AKQ2.T86")
    assert south.bids == (None, Bid(3, seat=E), None, None)
    assert south.legal_actions == legal_actions(state) and len(south.legal_actions) == 14
    assert south.my_turn and not view(state, N).my_turn
    assert south.current_trick is None and south.leader is None and south.winning_seat is None
    assert south.completed_tricks == () and south.trick_counts == (0, 0, 0, 0)
    assert south.exchanges == () and south.history == () and south.result is None
    assert south.rules == find_ruleset("standard") and south.dealer is N
    assert (south.hand_number, south.scores, south.bags) == (1, (0, 0), (0, 0))
    assert south.contracts == (0, 3) and south.contract("EW") == 3
    assert south.unseen == Hand.full_deck() - Hand("852.T74.AKQ2.T86")
    assert south.partner is N and south.team is Team.NS
    assert not south.needs_deal and not south.is_over
    for seat in (N, E, W):
        other = view(state, seat)
        assert other.legal_actions == () and other.hand == DEAL_A[seat]
        assert other.bids == south.bids and other.hand_sizes == south.hand_sizes


def test_a_view_in_the_middle_of_a_trick() -> None:
    state = standard_at_play()
    state = play(state, " ".join(SCRIPT_A[:3]) + " E:Td S:Ad")
    west = view(state, W)
    assert west == expected(
        state,
        W,
        hand=Hand("AKQJ.-.963.Q54"),
        hand_sizes=(10, 9, 9, 10),
        current_trick=Trick(E, "Td Ad"),
        legal_actions=legal_actions(state),
    )
    assert west.to_act is W and west.leader is E and west.winning_seat is S
    assert west.current_trick == Trick(E, "Td Ad")
    assert west.completed_tricks == tuple(
        Trick(E, cards) for cards in ("Ah 4h 3h 5h", "Kh 7h 6h 8h", "Qh Th 9h Jh")
    )
    assert [trick.winner for trick in west.completed_tricks] == [E, E, E]
    assert west.last_trick == Trick(E, "Qh Th 9h Jh")
    assert west.trick_counts == (0, 3, 0, 0) and west.tricks_won("e") == 3
    assert west.team_tricks(Team.EW) == 3
    assert west.legal_actions == (Play("3d", seat=W), Play("6d", seat=W), Play("9d", seat=W))
    assert west.played == Hand("-.AKQJT9876543.AT.-") and not west.spades_broken
    assert west.unseen == Hand.full_deck() - west.hand - west.played
    assert len(west.unseen) == 10 + 9 + 9
    north = view(state, N)
    assert north.legal_actions == () and north.hand == Hand("T74.-.J85.AK32")
    assert north.current_trick == west.current_trick and north.winning_seat is S


def blind_nil_exchange() -> tuple[GameState, GameState, GameState]:
    """Pagat rules with the partner passing first, NS 100 behind, N deals: E 3, S blind nil, W 5,
    N 4. N passes Ac Kc to S, S passes 8s 5s back. The states after N passes, after S passes, and
    at the hand's end."""
    rules = find_ruleset("pagat").evolve(exchange_order="partner_first")
    state = apply(new_game(rules, scores=(0, 100)), DEAL_A)
    state = bid(state, {E: 3, S: Bid.BLIND_NIL, W: 5, N: 4})
    assert state.phase is Phase.EXCHANGE and state.to_act is N
    after_north = apply(state, Exchange("Ac Kc"))
    after_south = apply(after_north, Exchange("8s 5s"))
    assert after_south.phase is Phase.PLAY
    return after_north, after_south, play_out(after_south)


def test_the_exchange_is_known_to_both_partners_and_counted_for_the_opponents() -> None:
    after_north, after_south, _ = blind_nil_exchange()
    # South, to pass back: it knows what North passed, and may pass any 2 of its 15 cards.
    south = view(after_north, S)
    assert south == expected(
        after_north,
        S,
        hand=Hand("852.T74.AKQ2.AKT86"),
        hand_sizes=(11, 13, 15, 13),
        exchanges=((N, Hand("Ac Kc")),),
        legal_actions=legal_actions(after_north),
    )
    assert len(south.legal_actions) == 105
    assert view(after_north, N).exchanges == ((N, Hand("Ac Kc")),)
    for opponent in (E, W):
        seen = view(after_north, opponent)
        assert seen.exchanges == ((N, 2),) and seen.legal_actions == ()
        assert seen.hand_sizes == (11, 13, 15, 13)
    # After both passes: the partners know both, the opponents how many cards went each way.
    known = ((N, Hand("Ac Kc")), (S, Hand("8s 5s")))
    north = view(after_south, N)
    assert north == expected(
        after_south, N, hand=Hand("T8754.J85.J85.32"), exchanges=known, history=()
    )
    assert view(after_south, S).exchanges == known
    assert view(after_south, S).hand == Hand("2.T74.AKQ2.AKT86")
    east = view(after_south, E)
    assert east == expected(
        after_south,
        E,
        exchanges=((N, 2), (S, 2)),
        legal_actions=legal_actions(after_south),
    )
    assert east.to_dict()["exchanges"] == [
        {"seat": "N", "to": "S", "count": 2, "cards": None},
        {"seat": "S", "to": "N", "count": 2, "cards": None},
    ]
    assert north.to_dict()["exchanges"] == [
        {"seat": "N", "to": "S", "count": 2, "cards": ["Kc", "Ac"][::-1]},
        {"seat": "S", "to": "N", "count": 2, "cards": ["8s", "5s"]},
    ]


def test_completed_hands_are_seen_without_the_deal_and_with_the_exchange_as_known() -> None:
    _, _, over = blind_nil_exchange()
    assert over.phase is Phase.HAND_OVER and over.history[0].deal == DEAL_A
    for seat in SEATS:
        (done,) = view(over, seat).history
        assert isinstance(done, CompletedHand) and done.deal is None
        original = over.history[0]
        assert (done.number, done.dealer, done.bids, done.tricks, done.tricks_won, done.score) == (
            original.number,
            original.dealer,
            original.bids,
            original.tricks,
            original.tricks_won,
            original.score,
        )
        if seat.team is Team.NS:
            assert done.exchanges == ((N, Hand("Ac Kc")), (S, Hand("8s 5s")))
        else:
            assert done.exchanges == ((N, 2), (S, 2))
        assert view(over, seat).exchanges == done.exchanges
        assert view(over, seat).last_hand == done


def test_a_view_when_the_hand_is_over() -> None:
    state = standard_at_play()
    over = play(state, " ".join(SCRIPT_A))
    assert over.phase is Phase.HAND_OVER
    east = view(over, E)
    (done,) = east.history
    assert east == expected(
        over,
        E,
        hand=Hand(),
        hand_sizes=(0, 0, 0, 0),
        current_trick=None,
        history=(done,),
    )
    assert east.to_act is None and east.legal_actions == () and east.needs_deal
    assert east.trick_counts == (2, 3, 3, 5) and len(east.completed_tricks) == 13
    assert east.scores == (50, 80) and east.unseen == Hand()
    assert done.deal is None and done.tricks == over.history[0].tricks
    assert str(east).splitlines()[0] == "Hand 1, dealer N: the hand is over; the next deal is due."
    # The next deal: the history stays, the hand in progress starts again.
    dealt = view(apply(over, DEAL_A), E)
    assert dealt.history == (done,) and dealt.dealer is E and dealt.hand_number == 2
    assert dealt.completed_tricks == () and dealt.hand == DEAL_A[E]


def test_a_view_when_the_game_is_over() -> None:
    over = play(standard_at_play(scores=(490, 0)), " ".join(SCRIPT_A))
    assert over.phase is Phase.GAME_OVER
    result = GameResult(winner=Team.NS, reason=EndReason.TARGET, scores=(540, 80), hands_played=1)
    for seat in SEATS:
        seen = view(over, seat)
        assert seen.is_over and seen.result == result and seen.to_act is None
        assert seen.legal_actions == () and seen.hand == Hand()
    data = view(over, S).to_dict()
    assert data["result"] == {
        "winner": "NS",
        "reason": "target",
        "scores": {"NS": 540, "EW": 80},
        "hands_played": 1,
        "text": "NS win 540 to 80 after 1 hand (reached the target).",
    }
    assert data["phase"] == "game_over" and data["to_act"] is None
    assert data["history"] == [
        {
            "number": 1,
            "dealer": "N",
            "bids": {"N": 2, "E": 3, "S": 3, "W": 5},
            "exchanges": [],
            "tricks_taken": {"N": 2, "E": 3, "S": 3, "W": 5},
            "points": {"NS": 50, "EW": 80},
            "scores": {"NS": 540, "EW": 80},
            "bags": {"NS": 0, "EW": 0},
        }
    ]
    assert repr(view(over, S)).endswith("scores=NS 540/EW 80 bags=0/0 winner=NS>")


def test_a_view_before_the_deal() -> None:
    state = new_game("pagat", dealer="W", scores=(10, 20), bags=(1, 2), hand_number=3)
    north = view(state, "north")
    assert north == expected(state, N, hand=Hand(), hand_sizes=(0, 0, 0, 0))
    assert north.needs_deal and north.unseen == Hand() and north.played == Hand()
    assert (
        north.to_text() == "Hand 3, dealer W: waiting for the deal.\nNS 10 (1 bag); EW 20 (2 bags)"
    )


# -- text ------------------------------------------------------------------------------------------


def test_a_view_prints_as_the_state_with_hidden_hands_as_counts() -> None:
    state = play(standard_at_play(), SCRIPT_A[0] + " E:Kh")
    south = view(state, S)
    assert str(south) == south.to_text() == south.to_text(unicode=True)
    assert south.to_text(unicode=False) == "\n".join(
        [
            "Hand 1, dealer N: trick 2, South to play.",
            "NS 0 (0 bags): bid 5, took 0; EW 0 (0 bags): bid 8, took 1",
            " N  12 cards         bid 2  took 0",
            " E  11 cards         bid 3  took 1",
            "*S  852.T7.AKQ2.T86  bid 3  took 0",
            " W  12 cards         bid 5  took 0",
            "Trick 2: E Kh  (E winning); spades not broken.",
        ]
    )
    # Line for line, the state's text with the other hands told by their counts.
    lines = south.to_text(unicode=True).splitlines()
    assert len(lines) == len(state.to_text().splitlines())
    for text_state, text_view in zip(state.to_text().splitlines(), lines):
        words_state, words_view = text_state.split(), text_view.split()
        if text_state[1] in "NEW":
            count = len(state.holding(text_state[1]))
            assert words_view[:2] == [words_state[0], str(count)] and words_view[2] == "cards"
            assert words_view[3:] == words_state[5:]
        else:
            assert words_state == words_view
    assert lines[4] == "*S  ♠852 ♥T7 ♦AKQ2 ♣T86  bid 3  took 0"


def test_repr_is_one_line() -> None:
    state = play(standard_at_play(), "E:Ah")
    text = repr(view(state, S))
    assert text == (
        "<SeatView S: play hand=1 to_act=Seat.S holds=852.T74.AKQ2.T86 scores=NS 0/EW 0 bags=0/0>"
    )
    assert "\n" not in text
    assert repr(view(new_game(), E)) == (
        "<SeatView E: deal hand=1 holds=- scores=NS 0/EW 0 bags=0/0>"
    )


# -- JSON ------------------------------------------------------------------------------------------
#
# The keys of a view's JSON, checked at random moments below; the JSON at hand-built moments, and
# at every table, is tested in test_frontend_api.py.

KEYS = {
    "seat",
    "phase",
    "rules",
    "dealer",
    "hand_number",
    "scores",
    "bags",
    "to_act",
    "hand",
    "hand_sizes",
    "bids",
    "exchanges",
    "completed_tricks",
    "current_trick",
    "tricks_taken",
    "spades_broken",
    "legal_actions",
    "result",
    "history",
    "discards",
    "discard_counts",
    "drawn_card",
    "stock_size",
}
BY_SEAT = {"N", "E", "S", "W"}
BY_TEAM = {"NS", "EW"}


def check_json(seen: SeatView) -> None:
    """The keys of every part of ``to_dict``, and a round trip through JSON."""
    data = seen.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == KEYS
    assert data["seat"] == seen.seat.name and data["phase"] == seen.phase.value
    assert RuleSet.from_dict(data["rules"]) == seen.rules
    # By side: the teams, or each seat in play when every player plays alone; by seat: the seats
    # in play (N, E, S, W; N, E, S for three).
    by_seat = {seat.name for seat in seen.rules.seats}
    by_side = BY_TEAM if seen.rules.partnerships else by_seat
    for key in ("scores", "bags"):
        assert set(data[key]) == by_side
    for key in ("hand_sizes", "bids", "tricks_taken"):
        assert set(data[key]) == by_seat
    assert set(data["hand"]) == {"cards", "text", "by_suit"}
    assert Hand(data["hand"]["text"]) == Hand(data["hand"]["cards"]) == seen.hand
    assert data["hand"]["cards"] == [str(card) for card in seen.hand]
    # by_suit: the same cards, each in the suit it plays as, high to low in the deck's order.
    deck = seen.rules.deck
    groups = data["hand"]["by_suit"]
    assert sorted(card for group in groups for card in group) == sorted(data["hand"]["cards"])
    for suit, group in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), groups):
        cards = [Card(text) for text in group]
        assert all(suit_played(card, deck) is suit for card in cards)
        order = [card_order(card, deck) for card in cards]
        assert order == sorted(order, reverse=True)
    for value in data["bids"].values():
        assert (
            value is None
            or value in ("nil", "blind nil")
            or type(value) is int
            or re.fullmatch(r"blind (1[0-8]|[1-9])", value)
        )
    for exchange in data["exchanges"]:
        assert set(exchange) == {"seat", "to", "count", "cards"}
    tricks = data["completed_tricks"] + ([data["current_trick"]] if data["current_trick"] else [])
    for trick in tricks:
        assert set(trick) == {"leader", "winner", "plays"}
        assert all(set(item) == {"seat", "card"} for item in trick["plays"])
    for action in data["legal_actions"]:
        assert action["type"] in ("play", "bid", "exchange", "redeal", "keep", "discard")
        if action["type"] in ("redeal", "keep", "discard"):
            assert set(action) == {"type"}
            continue
        assert set(action) == {"type", {"play": "card", "bid": "bid"}.get(action["type"], "cards")}
    if data["result"] is not None:
        keys = set(data["result"])
        assert keys - {"by", "count"} == {"winner", "reason", "scores", "hands_played", "text"}
        outright = ("winning_bid", "sets", "consecutive_sets", "first_hand")
        assert ("by" in keys) == ("count" in keys) == (data["result"]["reason"] in outright)
    for done in data["history"]:
        assert set(done) == {
            "number",
            "dealer",
            "bids",
            "exchanges",
            "tricks_taken",
            "points",
            "scores",
            "bags",
        }


# -- pickling, immutability, arguments -------------------------------------------------------------


def test_a_view_pickles_and_copies() -> None:
    _, after_south, over = blind_nil_exchange()
    for state in (after_south, over, new_game()):
        for seat in SEATS:
            seen = view(state, seat)
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                again = pickle.loads(pickle.dumps(seen, protocol))
                assert again == seen and type(again) is SeatView
                assert again.to_dict() == seen.to_dict() and str(again) == str(seen)
            assert copy.copy(seen) is seen and copy.deepcopy(seen) is seen


def test_a_view_is_frozen_slotted_and_separate() -> None:
    seen = view(standard_at_play(), E)
    assert not isinstance(seen, GameState) and not issubclass(SeatView, GameState)
    assert not hasattr(seen, "__dict__")
    for name in ("hand", "seat", "legal_actions", "anything"):
        with pytest.raises(AttributeError):
            setattr(seen, name, None)
        with pytest.raises(AttributeError):
            delattr(seen, name)
    with pytest.raises(AttributeError):
        object.__setattr__(seen, "state", None)  # no slot to hold anything else
    assert seen.hand == DEAL_A[E]


def test_equality_and_hash() -> None:
    state = standard_at_play()
    assert view(state, E) == view(state, "E") == view(state, "east")
    assert hash(view(state, E)) == hash(view(state, E))
    assert view(state, E) != view(state, W)
    assert view(state, E) != view(apply(state, Play("Ah")), E)
    assert view(state, E) != state and view(state, E).__eq__(state) is NotImplemented


def test_bad_arguments() -> None:
    state = standard_at_play()
    for bad in ("X", "", "northeast", 0, 5, None, Team.NS, Suit.SPADES, 1.5, b"N"):
        with pytest.raises(NotationError, match=r"is not a seat; use N, E, S or W\.$"):
            view(state, bad)  # type: ignore[arg-type]
    for bad_state in (None, "state", view(state, N), state.standing, [state]):
        with pytest.raises(TypeError, match=r"^view\(\) takes a GameState and a seat; a \w+ is"):
            view(bad_state, N)  # type: ignore[arg-type]
    assert view(state, " n ").seat is N and view(state, "West").seat is W


# -- random games ----------------------------------------------------------------------------------


@st.composite
def moments(draw: st.DrawFn) -> tuple[list[GameState], list[Action], Seat, int]:
    """A random legal game under random rules, stopped at a random moment: its states (the first
    is the start), the actions between them, a seat, and a seed for dealing the hidden cards again.
    Played to zero, one or two hands before the hand the moment falls in."""
    rules = draw(rulesets())
    if rules.deck is not Deck.STANDARD:
        # The constraints below are the standard deck's (the suit of a card is its face); the
        # other decks' views are tested in rules/test_decks.py and by the property tests.
        rules = rules.evolve(
            deck=Deck.STANDARD,
            removed_twos=RemovedTwos.HEARTS_CLUBS,
            spare_cards=SpareCards.REMOVED_TWOS,
        )
    standing = draw(st.none() | standings(rules))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands_before = draw(st.sampled_from((0, 0, 1, 2)))
    steps = draw(st.integers(1, 60))
    in_exchange = draw(st.integers(0, 4)) == 0  # stop in the exchange when there is one
    states = [start(rules, standing)]
    actions: list[Action] = []

    def act() -> None:
        action = random_action(states[-1], rng)
        actions.append(action)
        states.append(apply(states[-1], action))

    while not states[-1].is_over and len(states[-1].history) < hands_before:
        act()
    number = len(states[-1].history)
    while not states[-1].is_over and steps > 0 and len(states[-1].history) == number:
        act()
        steps -= 1
        if in_exchange and states[-1].phase is Phase.EXCHANGE:
            steps = min(steps, draw(st.integers(0, 3)))
    return states, actions, draw(st.sampled_from(rules.seats)), draw(st.integers(0, 2**32 - 1))


def played_by(state: GameState) -> list[int]:
    """The cards each seat in play has played this hand, as masks."""
    masks = [0] * state.rules.players
    tricks = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    for trick in tricks:
        for seat, card in trick.plays:
            masks[seat] |= card.mask
    return masks


def known_to(state: GameState, seat: Seat) -> int:
    """The cards ``seat`` sees: its own, every card played, and those of its team's exchanges."""
    mask = state.holding_masks[seat] | sum_masks(played_by(state))
    for giver, cards in state.exchanges:
        if giver.team is seat.team:
            mask |= cards.mask
    return mask


def hidden_from(state: GameState, seat: Seat) -> int:
    """The cards other seats hold that ``seat`` cannot see; in two-handed Spades also the other
    player's discards and the card the other player drew."""
    others = 0
    for other in state.rules.seats:
        if other is not seat:
            others |= state.holding_masks[other]
            if state.waste:
                others |= state.waste[other]
    if state.shown >= 0 and state.to_act is not seat:
        others |= 1 << state.shown
    return others & ~known_to(state, seat)


def sum_masks(masks: list[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def suit_mask(suit: int) -> int:
    return 0x1FFF << (13 * suit)


SPADES = suit_mask(Suit.SPADES)


def constraints(state: GameState) -> tuple[list[int], list[bool]]:
    """What anyone can tell of each seat's holding from the play: the cards it cannot hold (the
    suits it has shown out of; a club below the one it played to the first trick under
    lowest_club; a spade above the trick's when it did not overtrump under must_overtrump) and
    whether it holds only spades (it led a spade that may be led only from such a hand, or
    played one to the first trick under no_spades or lowest_club)."""
    rules = state.rules
    barred = [0] * rules.players
    only_spades = [False] * rules.players
    broken = False
    first_rule = rules.first_trick is not FirstTrick.ANY
    tricks = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    for trick in tricks:
        plays = trick.plays
        if not plays:
            continue
        first = trick is tricks[0]
        leader, lead = plays[0]
        breaking = rules.spades_breaking
        free = (
            breaking is SpadesBreaking.ANY_TIME
            or (breaking is SpadesBreaking.AFTER_FIRST_TRICK and not first)
            or broken
        ) and not (first and first_rule)
        if lead.suit is Suit.SPADES and not free:
            assert not (first and rules.first_lead is FirstLead.TWO_OF_CLUBS)
            only_spades[leader] = True
        top = None
        for seat, card in plays:
            if card.suit is not lead.suit:
                barred[seat] |= suit_mask(lead.suit)
                if first and first_rule and card.suit is Suit.SPADES:
                    only_spades[seat] = True
                spade_allowed = not (first and first_rule) or card.suit is Suit.SPADES
                overtrumped = card.suit is Suit.SPADES and top is not None and card.rank > top.rank
                if (
                    rules.must_overtrump
                    and lead.suit is not Suit.SPADES
                    and top is not None
                    and spade_allowed
                    and not overtrumped
                ):
                    barred[seat] |= SPADES & ~((2 << top.index) - 1)  # the spades above the top
            elif first and rules.first_trick is FirstTrick.LOWEST_CLUB and card is not lead:
                barred[seat] |= suit_mask(Suit.CLUBS) & ((1 << card.index) - 1)  # lower clubs
            if card.suit is Suit.SPADES and (top is None or card.rank > top.rank):
                top = card
            if card.suit is Suit.SPADES and (
                breaking is not SpadesBreaking.TRUMP_ONLY or lead.suit is not Suit.SPADES
            ):
                broken = True
    return barred, only_spades


def bits(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def deal_again(
    state: GameState, actions: list[Action], seat: Seat, rng: random.Random
) -> tuple[Deal, list[Action]] | None:
    """A deal of the hand in progress in ``state`` (``actions`` are its actions after the deal)
    that differs only in where the cards ``seat`` cannot see are, and the actions to replay on it
    (the opponents' exchange passes other cards). None when nothing is dealt."""
    if state.deal is None:
        return None
    holdings = list(state.holding_masks)
    seats = state.rules.seats  # N, E, S, W; or N, E, S for three players
    barred, only_spades = constraints(state)
    # The deck dealt (the standard deck, less the two of clubs for three players), each seat's
    # share of it, and its lowest club, which leads under the fixed first lead.
    deck = sum_masks([hand.mask for hand in state.deal.hands])
    size = deck.bit_count() // len(seats)
    lowest_club = (deck & -deck).bit_length() - 1
    # Cards whose place the seat knows: those its team passed that its partner still holds, and
    # the lowest club, whose holder leads once the play has begun.
    fixed = [0] * len(seats)
    fixed[seat] = holdings[seat]
    for giver, cards in state.exchanges:
        if giver.team is seat.team:
            for other in seats:
                if other is not seat:
                    fixed[other] |= cards.mask & holdings[other]
    if state.phase is Phase.PLAY and state.rules.first_lead is FirstLead.TWO_OF_CLUBS:
        for other in seats:
            fixed[other] |= holdings[other] & 1 << lowest_club
    place = {
        card: other
        for other in seats
        for card in bits(holdings[other] & ~fixed[other])
        if other is not seat
    }

    def allowed(other: Seat, card: int) -> bool:
        if barred[other] >> card & 1:
            return False
        return not only_spades[other] or bool(SPADES >> card & 1)

    movable = sorted(place)
    if len(set(place.values())) > 1:
        for _ in range(4 * len(movable) + 20):
            first, second = rng.choice(movable), rng.choice(movable)
            a, b = place[first], place[second]
            if a is not b and allowed(b, first) and allowed(a, second):
                place[first], place[second] = b, a
    totals = list(fixed)
    for card, other in place.items():
        totals[other] |= 1 << card
    for other in seats:
        totals[other] |= played_by(state)[other]
    # Undo the exchange, last pass first: the seat's team passed the same cards; an opponent
    # passed any as many of the cards its partner holds.
    passes: dict[int, Hand] = {}
    for number in reversed(range(len(state.exchanges))):
        giver, given = state.exchanges[number]
        receiver = giver.partner
        if giver.team is seat.team:
            mask = given.mask
        else:
            mask = sum(1 << i for i in rng.sample(bits(totals[receiver]), len(given)))
        assert totals[receiver] & mask == mask
        totals[receiver] &= ~mask
        totals[giver] |= mask
        passes[number] = Hand.from_mask(mask)
    assert sum_masks(totals) == deck and all(m.bit_count() == size for m in totals)
    replay: list[Action] = []
    exchanges = 0
    for action in actions:
        if isinstance(action, Exchange):
            action = Exchange(passes[exchanges], seat=action.seat)
            exchanges += 1
        replay.append(action)
    return Deal(tuple(Hand.from_mask(m) for m in totals)), replay


def replay_hand(
    states: list[GameState], actions: list[Action], seat: Seat, rng: random.Random
) -> GameState | None:
    """The last state of ``states`` reached again on a deal of its hand that differs only in the
    cards ``seat`` cannot see; None when its hand has not been dealt."""
    last_deal = max((i for i, a in enumerate(actions) if isinstance(a, Deal)), default=None)
    if last_deal is None:
        return None
    again = deal_again(states[-1], actions[last_deal + 1 :], seat, rng)
    if again is None:
        return None
    deal, replay = again
    state = apply(states[last_deal], deal)
    for action in replay:
        try:
            state = apply(state, action)
        except IllegalActionError:  # pragma: no cover - the new deal is built to allow them
            assume(False)
    return state


@given(moments())
@budget(300)
def test_hidden_cards_spread_another_way_give_the_same_view(
    moment: tuple[list[GameState], list[Action], Seat, int],
) -> None:
    states, actions, seat, seed = moment
    state = states[-1]
    again = replay_hand(states, actions, seat, random.Random(seed))
    assume(again is not None)
    assert again is not None
    assert len(again.history) == len(state.history) and again.phase is state.phase
    assert again.holding_masks[seat] == state.holding_masks[seat]
    assert view(again, seat) == view(state, seat)
    moved = [
        other
        for other in state.rules.seats
        if again.holding_masks[other] != state.holding_masks[other]
    ]
    event(
        f"{state.phase}: {len(moved)} hands dealt again"
        + (" after an exchange" if state.exchanges else "")
    )
    for other in moved:
        assert view(again, other) != view(state, other)
        assert view(again, other).hand != view(state, other).hand


def test_the_deals_again_move_cards_often() -> None:
    """The property is not met by chance: the new deals do move the hidden cards in most moments
    of a hand, and an opponents' exchange passes other cards."""
    rng = random.Random(5)
    moved = 0
    for game in range(60):
        rules = find_ruleset("pagat") if game % 2 else RuleSet(direction=Direction.COUNTERCLOCKWISE)
        states = [new_game(rules)]
        actions: list[Action] = []
        for _ in range(rng.randint(5, 45)):
            actions.append(random_action(states[-1], rng))
            states.append(apply(states[-1], actions[-1]))
        seat = rng.choice(SEATS)
        again = replay_hand(states, actions, seat, rng)
        assert again is not None and view(again, seat) == view(states[-1], seat)
        moved += again.holding_masks != states[-1].holding_masks
    assert moved >= 45
    # East sees only that North and South passed two cards each.
    _, after_south, _ = blind_nil_exchange()
    states = [after_south]
    while states[0].previous is not None:
        states.insert(0, states[0].previous)
    actions = list(after_south.actions)
    for _ in range(6):
        states.append(apply(states[-1], legal_actions(states[-1])[-1]))
        actions.append(states[-1].last_action)  # type: ignore[arg-type]
    passed = 0
    for seed in range(20):
        again = replay_hand(states, actions, E, random.Random(seed))
        assert again is not None and view(again, E) == view(states[-1], E)
        passed += again.exchanges != states[-1].exchanges
        assert view(again, N) != view(states[-1], N) or again.holding(N) == states[-1].holding(N)
    assert passed >= 15


@given(moments())
@budget(150)
def test_legal_actions_only_on_the_seats_turn(
    moment: tuple[list[GameState], list[Action], Seat, int],
) -> None:
    states, _, _, _ = moment
    state = states[-1]
    for seat in state.rules.seats:
        seen = view(state, seat)
        if state.to_act is seat:
            assert seen.legal_actions == legal_actions(state) and seen.my_turn
            # Empty only while the seat is to draw a card (chance) in two-handed Spades.
            assert bool(seen.legal_actions) is not state.needs_draw
        else:
            assert seen.legal_actions == () and not seen.my_turn
        assert seen.hand == state.holding(seat)
        assert seen.hand_sizes == tuple(len(hand) for hand in state.holdings)
        assert (seen.bids, seen.completed_tricks, seen.current_trick) == (
            state.bids,
            state.completed_tricks,
            state.current_trick,
        )
        assert seen.leader == state.leader and seen.winning_seat == state.winning_seat
        assert seen.played == state.played and seen.last_trick == state.last_trick
        assert (seen.trick_counts, seen.scores, seen.bags, seen.result) == (
            state.trick_counts,
            state.scores,
            state.bags,
            state.result,
        )
        others = [state.holding_masks[other] for other in state.rules.seats if other is not seat]
        if state.rules.players == 2 and seen.unseen:
            # Two players: every card but the seat's own, the played and the seat's own
            # discards and card drawn (the other's discards, the stock, the other's card).
            known = state.holding_masks[seat] | state.played.mask
            if state.waste:
                known |= state.waste[seat]
            if state.shown >= 0 and state.to_act is seat:
                known |= 1 << state.shown
            others = [Hand.full_deck().mask & ~known]
        assert seen.unseen.mask == sum_masks(others)
        assert seen.discards.mask == (state.waste[seat] if state.waste else 0)
        assert len(seen.history) == len(state.history)
        check_json(seen)
        assert pickle.loads(pickle.dumps(seen)) == seen
        assert "\n" not in repr(seen)
        text = seen.to_text(unicode=False)
        assert text.splitlines()[0] == state.to_text(unicode=False).splitlines()[0]


# -- nothing hidden is reachable -------------------------------------------------------------------

_OPAQUE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    # The rules are public and hold nothing of a hand (only their options, and the hash they keep
    # of them, a whole number that could look like a mask of cards).
    RuleSet,
)


def reachable(root: object, *, skip: object = None) -> Iterator[object]:
    """Every object reachable from ``root`` by references (classes, modules and functions, which
    hold no game, are not entered, nor is ``skip``)."""
    seen: set[int] = {id(skip)} if skip is not None else set()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if not isinstance(item, _OPAQUE):
            stack.extend(gc.get_referents(item))


def check_nothing_hidden(state: GameState, seat: Seat) -> None:
    seen = view(state, seat)
    hidden = hidden_from(state, seat)
    seats = state.rules.seats
    others = [state.holding_masks[other] for other in seats if other is not seat]
    if state.deal is not None:
        others += [state.deal[other].mask for other in seats if other is not seat]
    if state.waste:
        others += [state.waste[other] for other in seats if other is not seat]
    forbidden_ints = {mask for mask in others if mask & hidden}
    forbidden_texts = {Hand.from_mask(mask).to_text() for mask in forbidden_ints}
    # The hands a view may hold: its own, the cards its legal exchanges pass, and the exchanges
    # its team made, this hand and before.
    own_hands = {seen.hand.mask, seen.discards.mask, 0}
    own_hands |= {a.cards.mask for a in seen.legal_actions if isinstance(a, Exchange)}
    for exchanges in (*(done.exchanges for done in state.history), state.exchanges):
        own_hands |= {cards.mask for giver, cards in exchanges if giver.team is seat.team}
    found_hand = False
    for item in reachable(seen):
        assert not isinstance(item, (GameState, Deal)), item
        if isinstance(item, Hand):
            assert item.mask in own_hands, (seat, item)
            found_hand |= item.mask == seen.hand.mask
        elif isinstance(item, str):
            assert item not in forbidden_texts
    assert found_hand
    # Cards and masks of the hand in progress (every card of a hand in the history was played).
    for item in reachable(seen, skip=seen.history):
        # A whole number under 2**13 may be a count, a score or a bid as well as a mask of a few
        # low clubs: only larger ones can be told for a hand.
        if isinstance(item, int) and not isinstance(item, bool) and item >= 1 << 13:
            assert item not in forbidden_ints
            assert item & hidden == 0, item
    # The cards of the hand in progress (every card of a hand in the history has been played).
    cards = [item for item in reachable(seen, skip=seen.history) if isinstance(item, Card)]
    assert not any(hidden >> card.index & 1 for card in cards), cards


def test_nothing_hidden_is_reachable_at_hand_built_moments() -> None:
    after_north, after_south, over = blind_nil_exchange()
    middle = play(standard_at_play(), " ".join(SCRIPT_A[:5]) + " S:Qd")
    for state in (after_north, after_south, over, middle, apply(over, DEAL_A)):
        for seat in SEATS:
            check_nothing_hidden(state, seat)
            assert not hasattr(view(state, seat), "__dict__")


@given(moments())
@budget(100)
def test_nothing_hidden_is_reachable(
    moment: tuple[list[GameState], list[Action], Seat, int],
) -> None:
    states, _, seat, _ = moment
    check_nothing_hidden(states[-1], seat)


# -- at every table --------------------------------------------------------------------------------
#
# The option docs (tests/tables.py): four players in two partnerships score as the teams NS and EW;
# "False: four players each play alone ('solo' or individual Spades; Trickster
# isPartnership=false), each scoring their own bid, nil, bags and penalties, and a player wins on
# their own"; "3, cutthroat: North, East and South, each alone (partnerships False), with the two
# of clubs out of the standard deck so that each holds 17 cards and a hand has 17 tricks ...; the
# jokers deck keeps all 54 cards, 18 each"; and two draw their hands (see the two-handed tests
# below). So a view has an entry for every side that scores and every seat in play, a partner only
# in partnerships, and, as ever, no other seat's cards.


def test_a_view_has_an_entry_per_side_and_per_seat_and_a_partner_only_in_partnerships(
    table_kind: TableKind,
) -> None:
    rules, seats, sides = table_kind.rules, table_kind.seats, table_kind.sides
    scores, bags = (10, -20, 30, 0)[: len(sides)], (1, 2, 3, 4)[: len(sides)]
    # (At two a deal given whole stands for the draw.)
    state = apply(new_game(rules, scores=scores, bags=bags), Deal.random(1, rules))
    first = state.to_act
    assert first is E  # N deals, E bids first
    state = apply(state, Bid(3))
    for seat in seats:
        seen = view(state, seat)
        assert seen.scores == scores and seen.bags == bags
        assert len(seen.bids) == len(seen.trick_counts) == len(seen.hand_sizes) == len(seats)
        assert (
            seen.hand_sizes == (table_kind.tricks,) * len(seats) and seen.hand == state.deal[seat]
        )  # type: ignore[index]
        data = seen.to_dict()
        assert set(data["scores"]) == set(data["bags"]) == {side.name for side in sides}
        if table_kind.partnerships:
            assert seen.partner is seat.partner and seen.team is seat.team is seen.side
        else:
            assert seen.partner is None and seen.team is None and seen.side is seat
        # East has bid 3: East's contract (East's side's), and nobody else's counts toward it.
        assert seen.contracts == (0, 3, 0, 0)[: len(sides)]
    south = view(state, S if S in seats else E)
    side = Team.EW if table_kind.partnerships else E
    assert south.contract(side) == 3 == south.contract(side.name)
    shown = "/".join(f"{side.name} {score}" for side, score in zip(sides, scores))
    assert f"scores={shown} bags={'/'.join(map(str, bags))}" in repr(south)
    if table_kind.partnerships:
        with pytest.raises(NotationError, match="South does not score alone in a partnership game"):
            south.contract("S")
    else:
        assert south.team_tricks(south.seat.name) == 0
        with pytest.raises(NotationError, match="every player plays alone") as info:
            south.contract("EW")
        assert info.value.reason == "bad_seat"
        with pytest.raises(NotationError, match="every player plays alone"):
            south.team_tricks(Team.NS)


def test_a_view_for_a_seat_with_no_player_is_refused(table_kind: TableKind) -> None:
    rules = table_kind.rules
    state = apply(new_game(rules), Deal.random(1, rules))
    for seat in table_kind.seats:
        assert view(state, seat).seat is seat
    for seat in table_kind.missing:
        for named in (seat.name, seat.full_name.lower(), seat):
            with pytest.raises(NotationError) as info:
                view(state, named)
            assert info.value.reason == "bad_seat"
            assert info.value.message == table_kind.no_player(seat)
    assert [table_kind.no_player(seat) for seat in table_kind.missing] == {
        "partners": [],
        "alone": [],
        "three": ["West has no player at a table of 3: they sit at N, E and S."],
        "two": [
            "South has no player at a table of 2: they sit at N and E.",
            "West has no player at a table of 2: they sit at N and E.",
        ],
    }[table_kind.id]
    # A seat that is no seat at all is refused as at four.
    with pytest.raises(NotationError, match=r"'X' is not a seat; use N, E, S or W\.$"):
        view(state, "X")


def random_moments(
    rules: RuleSet, seed: int, count: int
) -> Iterator[tuple[list[GameState], list[Action]]]:
    """``count`` moments of random games under ``rules``: the states so far (the first is the
    start) and the actions between them."""
    rng = random.Random(seed)
    for _ in range(count):
        states, actions = [new_game(rules)], []
        for _ in range(rng.randint(1, 60)):
            if states[-1].is_over:
                break
            actions.append(random_action(states[-1], rng))
            states.append(apply(states[-1], actions[-1]))
        yield states, actions


def test_a_view_at_every_table_shows_no_other_hand(table_kind: TableKind) -> None:
    checked = 0
    for states, _ in random_moments(table_kind.rules.evolve(max_hands=2), seed=3, count=40):
        state = states[-1]
        for seat in table_kind.seats:
            seen = view(state, seat)
            assert seen.hand == state.holding(seat)
            assert seen.hand_sizes == tuple(len(hand) for hand in state.holdings)
            check_nothing_hidden(state, seat)
            # Nor does the JSON a client is sent name a card it may not see.
            sent = json.dumps(seen.to_dict())
            assert not [
                card for card in Hand.from_mask(hidden_from(state, seat)) if f'"{card}"' in sent
            ]
            checked += 1
    assert checked == 40 * table_kind.players


#: The tables whose hands are dealt (at two they are drawn card by card: no deal to spread the
#: hidden cards of).
DEALT = [table for table in TABLES if not table.draws]


@pytest.mark.parametrize("table_kind", DEALT, ids=str, indirect=True)
def test_hidden_cards_spread_another_way_give_the_same_view_at_every_table_that_deals(
    table_kind: TableKind,
) -> None:
    rng = random.Random(11)
    moved = 0
    for states, actions in random_moments(table_kind.rules, seed=7, count=30):
        seat = rng.choice(table_kind.seats)
        again = replay_hand(states, actions, seat, rng)
        if again is None:
            continue
        # Each holds a hand of 13 (17 at three) as before; the seat's own is where it was.
        assert again.deal is not None and states[-1].deal is not None
        assert [len(hand) for hand in again.deal.hands] == [table_kind.tricks] * table_kind.players
        assert again.deal[seat] == states[-1].deal[seat]
        assert view(again, seat) == view(states[-1], seat)
        for other in table_kind.seats:
            if again.holding_masks[other] != states[-1].holding_masks[other]:
                assert view(again, other) != view(states[-1], other)
        moved += again.holding_masks != states[-1].holding_masks
    assert moved >= 15


# -- three players ---------------------------------------------------------------------------------

# cutthroat3 with samsunghope's lead (first_lead two_of_clubs): the lowest club leads.
CUTTHROAT = find_ruleset("cutthroat3").evolve(first_lead="two_of_clubs")
# The standard deck without the two of clubs, 17 each. N deals, E bids first; N holds the three of
# clubs, the lowest club, so N leads the first trick (first_lead two_of_clubs).
DEAL_THREE = Deal(("AQJ8.862.9432.AQ7643", "K97654.AQJ753.JT.K85", "T32.KT94.AKQ8765.JT9"))


def test_a_view_of_three_has_three_entries_everywhere() -> None:
    state = apply(new_game(CUTTHROAT, scores=(40, -20, 15), bags=(2, 0, 7)), DEAL_THREE)
    for made in (Bid(4), Bid.NIL):  # East 4, South nil; North to bid
        state = apply(state, made)
    north = view(state, N)
    assert north.hand == DEAL_THREE[N] and len(north.hand) == 17
    assert north.hand_sizes == (17, 17, 17)
    assert north.bids == (None, Bid(4, seat=E), Bid(0, seat=S)) and north.bids[S].is_nil  # type: ignore[union-attr]
    assert len(north.bids) == len(north.trick_counts) == 3
    assert north.scores == (40, -20, 15) and north.bags == (2, 0, 7)
    assert north.contracts == (0, 4, 0) and north.side is N and north.partner is None
    # The cards North cannot see: the 34 the two others hold between them.
    assert north.unseen == Hand.from_mask(DEAL_THREE[E].mask | DEAL_THREE[S].mask)
    assert len(north.unseen) == 34
    assert "scores=N 40/E -20/S 15 bags=2/0/7" in repr(north)
    assert north.to_text(unicode=False).splitlines() == [
        "Hand 1, dealer N: bidding, North to bid.",
        "N 40 (2 bags); E -20 (0 bags); S 15 (7 bags)",
        "*N  AQJ8.862.9432.AQ7643  bid -    took 0",
        " E  17 cards              bid 4    took 0",
        " S  17 cards              bid nil  took 0",
    ]
    # North's legal bids: nil to 17, the tricks in a hand of three.
    numbers = sorted(bid.tricks for bid in north.legal_actions if not bid.is_nil)  # type: ignore[union-attr]
    assert numbers == list(range(1, 18))


def test_a_trick_of_three_goes_round_north_east_and_south() -> None:
    state = bid(apply(new_game(CUTTHROAT), DEAL_THREE), {E: 4, S: 5, N: 3})
    assert state.phase is Phase.PLAY and state.to_act is N  # North holds the three of clubs
    for card in ("3c", "8c", "9c"):  # N, E, S: South's nine takes it
        state = apply(state, Play(card))
    east = view(state, E)
    (trick,) = east.completed_tricks
    assert [seat for seat, _ in trick.plays] == [N, E, S] and trick.winner is S
    assert east.to_act is S and east.current_trick is not None and east.leader is S
    assert east.trick_counts == (0, 0, 1) and east.hand_sizes == (16, 16, 16)
    data = east.to_dict()
    assert data["completed_tricks"] == [
        {
            "leader": "N",
            "winner": "S",
            "plays": [
                {"seat": "N", "card": "3c"},
                {"seat": "E", "card": "8c"},
                {"seat": "S", "card": "9c"},
            ],
        }
    ]
    assert data["tricks_taken"] == {"N": 0, "E": 0, "S": 1}
    # South leads the second trick, and it goes on round: North, then East.
    state = apply(apply(state, Play("Kh")), Play("2h"))
    east = view(state, E)
    assert east.to_act is E and east.current_trick is not None
    assert east.current_trick.to_text() == "S:Kh N:2h"
    assert east.to_text(unicode=False).splitlines()[-1] == (
        "Trick 2: S Kh  N 2h  (S winning); spades not broken."
    )


# -- two players, who draw their hands -------------------------------------------------------------
#
# The rules: North and East draw their hands. In turn, from the player after the dealer, a player
# draws the top card of the stock, sees it, and keeps or discards it; the next card goes the other
# way (kept if the first was discarded, discarded if it was kept), and the drawer sees it too. So
# each player knows its own discards and the cards it looks at, and of the other player only how
# many cards it has kept and discarded. A seat's view, and the JSON a server sends it, hold nothing
# more: the other's hand, discards and waiting card, and the stock, never appear in them.

TWO = find_ruleset("two_player")


def drawn(rng: random.Random, state: GameState | None = None) -> Iterator[GameState]:
    """Every state of one hand at two, from the start of the draw to the end of the play, the
    players choosing at random."""
    state = new_game(TWO) if state is None else state
    yield state
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        if state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        yield state


def unseen_at_two(state: GameState, seat: Seat) -> set[str]:
    """The cards ``seat`` may not see now at two: the other's hand and discards, the card the other
    player is looking at (:func:`hidden_from`), and the stock while drawing."""
    hidden = Hand.from_mask(hidden_from(state, seat))
    stock = state.stock if state.phase is Phase.DRAW else Hand()
    return {str(card) for card in (*hidden, *stock)}


def test_a_view_never_holds_the_other_players_discards_or_waiting_card() -> None:
    rng = random.Random(5)
    waiting_seen = 0
    for state in drawn(rng):
        for seat in (N, E):
            other = E if seat is N else N
            seen = view(state, seat)
            data = seen.to_dict()
            sent = json.dumps(data)
            leaked = {card for card in unseen_at_two(state, seat) if f'"{card}"' in sent}
            assert not leaked, f"{seat} sees {sorted(leaked)} at {state!r}"
            assert seen.hand == state.holding(seat)
            if state.waste:
                assert seen.discards == state.discards[seat]
                assert seen.discard_counts == tuple(len(hand) for hand in state.discards)
                assert data["discard_counts"] == {
                    "N": len(state.discards[N]),
                    "E": len(state.discards[E]),
                }
            if state.drawn_card is not None:
                drawer = state.to_act
                assert view(state, drawer).drawn_card == state.drawn_card  # type: ignore[arg-type]
                assert view(state, other if drawer is seat else seat).drawn_card is None
                if drawer is other:
                    waiting_seen += 1
                    assert seen.drawn_card is None and data["drawn_card"] is None
                    assert seen.legal_actions == () and data["legal_actions"] == []
            # Nothing in the view reaches the other's cards, the stock or the waiting card: no
            # attribute, public or not, names them.
            for name in seen.__slots__ or type(seen).__mro__[1].__slots__:  # type: ignore[attr-defined]
                value = getattr(seen, name)
                if isinstance(value, Hand):
                    assert not {str(card) for card in value} & unseen_at_two(state, seat)
    assert waiting_seen == 26  # each player waits while the other looks at 13 cards
