"""Hints (spades.bots.advice): one hint for every legal action, the Expert's choice first and
the rest by their worth, the same for the same seed, and reasons that are true of the position,
checked against the rules on the whole state (every way the trick can still be finished) at
every table (tests/tables.py), and on hand-built positions written in spades notation."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import spades
import spades.bots
from spades import (
    Bid,
    Card,
    GameState,
    Phase,
    Play,
    Seat,
    SpadesError,
    apply,
    from_notation,
    legal_actions,
    view,
)
from spades.bots import ExpertPlayer, HardPlayer, Hint, hints
from spades.cards import CARDS
from spades.table import Table
from tables import TableKind

#: Every suit held by one seat: North the spades, East the hearts, South the diamonds, West the
#: clubs. East deals, so South bids and leads first; South bids nil, the others 1.
ONE_SUIT_EACH = (
    "standard | dealer=E hand=1 scores=0,0 bags=0,0 sets=0,0 runs=0,0 | "
    "N:AKQJT98765432... E:.AKQJT98765432.. S:..AKQJT98765432. W:...AKQJT98765432, "
    "nil, 1, 1, 1"
)

#: The same deal, every seat bidding 1.
NUMBERS = ONE_SUIT_EACH.replace("nil, 1, 1, 1", "1, 1, 1, 1")


def positions(kind: TableKind, seed: int, every: int = 5) -> Iterator[GameState]:
    """States of one hand played by Hard players at ``kind``'s table where a seat is to act
    with something to do: every ``every``-th decision, and each of the last four tricks' plays."""
    table = Table(["hard"] * kind.players, rules=kind.rules, seed=seed)
    count = 0
    while not table.is_over and table.state.hand_number == 1:
        state = table.state
        seat = state.to_act
        if seat is not None and view(state, seat).legal_actions:
            late = state.phase is Phase.PLAY and sum(state.trick_counts) >= kind.tricks - 4
            if late or count % every == 0:
                yield state
            count += 1
        table.step()


def winners_after(state: GameState, play: Play) -> set[Seat]:
    """Every seat that can take the trick once ``play`` is made, the seats still to play
    finishing it in every way the cards of their real hands allow."""
    after = apply(state, play)
    if after.phase is Phase.PLAY and after.trick_cards:
        return set().union(*(winners_after(after, action) for action in legal_actions(after)))
    counts = after.trick_counts if after.phase is Phase.PLAY else after.history[-1].tricks_won
    return {seat for seat in state.rules.seats if counts[seat] > state.trick_counts[seat]}


def side_seats(state: GameState, seat: Seat) -> set[Seat]:
    side = state.rules.side_of(seat)
    return {other for other in state.rules.seats if state.rules.side_of(other) is side}


def made(state: GameState, seat: Seat) -> bool:
    """Whether the side of ``seat`` has taken at least the tricks its number bids add to."""
    seats = side_seats(state, seat)
    contract = sum(bid.tricks for other, bid in enumerate(state.bids) if Seat(other) in seats)
    return sum(state.trick_counts[other] for other in seats) >= contract


def check_reason(state: GameState, hint: Hint) -> None:
    """The hint's reason is true of ``state`` by the rules."""
    action, reason = hint.action, hint.reason
    seat = state.to_act
    assert seat is not None
    if not isinstance(action, Play):
        return
    mine = side_seats(state, seat)
    partner = next(iter(mine - {seat}), None)
    trick = state.trick_cards
    led = CARDS[trick[0]].suit if trick else action.card.suit
    if "a bag" in reason:
        assert made(state, seat), hint
        assert winners_after(state, action) <= mine, hint
    if reason.startswith("wins a trick toward your bid"):
        assert not made(state, seat), hint
        assert winners_after(state, action) <= mine, hint
    if "sets up your" in reason:
        held = Card(reason.rsplit(" ", 1)[1])
        assert held in state.holding(seat) and held.suit is action.card.suit, hint
        above = [card for card in spades.DECK if card.suit is held.suit and card > held]
        assert all(card == action.card or state.played_mask >> card.index & 1 for card in above)
    if reason == "wins the trick: your nil fails":
        assert state.bids[seat].tricks == 0 and winners_after(state, action) == {seat}, hint
    if reason.endswith("safe for your nil"):
        assert state.bids[seat].tricks == 0 and seat not in winners_after(state, action), hint
    if reason == "wins the trick for your partner's nil":
        assert partner is not None and state.bids[partner].tricks == 0, hint
        assert partner not in winners_after(state, action), hint
    if reason == "leaves your partner's nil winning the trick":
        assert partner is not None and state.bids[partner].tricks == 0, hint
    if reason.startswith("takes the trick from"):
        rival = Seat.parse(reason.split()[4].removesuffix("'s")[0])
        assert state.bids[rival].tricks == 0 and rival not in winners_after(state, action)
    if reason == "trumps the trick":
        assert action.card.suit is spades.Suit.SPADES and led is not spades.Suit.SPADES, hint
    if reason == "breaks spades":
        assert not state.spades_broken and apply(state, action).spades_broken, hint
    if reason.startswith("discards the"):
        assert action.card.suit is not led, hint


def test_every_legal_action_gets_one_hint_the_experts_choice_first(kind_positions: list) -> None:
    for state in kind_positions:
        seat_view = view(state, state.to_act)  # type: ignore[arg-type]
        found = hints(seat_view, 11)
        assert sorted(map(repr, (hint.action for hint in found))) == sorted(
            map(repr, seat_view.legal_actions)
        )
        assert len(found) == len(seat_view.legal_actions)
        # The Expert with a generator seeded alike plays the first.
        assert found[0].action == ExpertPlayer()(seat_view, random.Random(11))
        worths = [hint.points for hint in found[1:] if hint.points is not None]
        assert worths == sorted(worths, reverse=True)
        # Those without worth come last.
        kinds = [hint.points is None for hint in found[1:]]
        assert kinds == sorted(kinds)


def test_the_reasons_are_true_of_the_position(kind_positions: list) -> None:
    for state in kind_positions:
        for hint in hints(view(state, state.to_act), 3):  # type: ignore[arg-type]
            check_reason(state, hint)


def test_double_dummy_tricks_come_in_the_last_tricks_and_are_at_most_the_tricks_left(
    kind_positions: list, table_kind: TableKind
) -> None:
    seen_any = False
    for state in kind_positions:
        if state.phase is not Phase.PLAY:
            continue
        left = table_kind.tricks - len(state.played_tricks)
        for hint in hints(view(state, state.to_act), 5):  # type: ignore[arg-type]
            if hint.points is None:
                continue
            if left > 4:
                assert hint.tricks is None
            else:
                seen_any = True
                assert hint.tricks is not None and 0 <= hint.tricks <= left
    assert seen_any


@pytest.fixture(scope="module")
def kind_positions(table_kind: TableKind) -> list[GameState]:
    return list(positions(table_kind, seed=7))


def test_the_same_seed_gives_the_same_hints(table_kind: TableKind) -> None:
    for state in list(positions(table_kind, seed=2, every=9))[:6]:
        seat_view = view(state, state.to_act)  # type: ignore[arg-type]
        assert hints(seat_view, 4) == hints(seat_view, random.Random(4))
        assert hints(seat_view, "text") == hints(seat_view, "text")


def test_a_hints_repr_rebuilds_it_on_one_line(kind_positions: list) -> None:
    names = {**vars(spades), **vars(spades.bots)}
    for state in kind_positions[:8]:
        for hint in hints(view(state, state.to_act), 1):  # type: ignore[arg-type]
            text = repr(hint)
            assert "\n" not in text and eval(text, names) == hint
            assert str(hint).startswith(str(hint.action)) and hint.reason in str(hint)


# -- hand-built positions ----------------------------------------------------------------------


def _one_suit_each(*plays: str) -> GameState:
    state = from_notation(ONE_SUIT_EACH + "".join(f", {play}" for play in plays))
    assert state.phase is Phase.PLAY
    return state


def test_a_card_that_wins_over_a_partners_nil_says_so() -> None:
    # South (nil) leads a diamond, West discards a club: North, out of diamonds, trumps.
    state = _one_suit_each("Ad", "2c")
    found = hints(view(state, Seat.N), 1)
    assert {hint.reason for hint in found} == {"wins the trick for your partner's nil"}
    for hint in found:
        check_reason(state, hint)


def test_a_card_that_takes_the_trick_from_an_opponents_nil_says_so() -> None:
    # North deals: East bids nil first and leads a heart; South and West discard. North trumps.
    state = from_notation(ONE_SUIT_EACH.replace("dealer=E", "dealer=N") + ", Ah, 2d, 2c")
    assert state.to_act is Seat.N and state.bids[Seat.E].tricks == 0
    found = hints(view(state, Seat.N), 1)
    assert {hint.reason for hint in found} == {"takes the trick from East's nil"}
    for hint in found:
        check_reason(state, hint)


def test_a_nil_bidder_is_told_its_card_cannot_win() -> None:
    # North has trumped the first trick and leads a spade: South (nil) has only diamonds.
    state = _one_suit_each("Ad", "2c", "2s", "2h", "As", "3h")
    assert state.to_act is Seat.S
    found = hints(view(state, Seat.S), 1)
    assert {hint.reason for hint in found} == {
        "cannot win the trick under the As: safe for your nil"
    }


def test_a_sure_winner_once_the_bid_is_made_gives_a_bag() -> None:
    # North has won two tricks: North-South bid 2 and have made it. North leads
    # its spades; nobody else holds one, so each wins and is a bag.
    state = from_notation(NUMBERS + ", Ad, 2c, 2s, 2h, As, 3h, Kd, 3c")
    assert state.to_act is Seat.N and state.trick_counts[Seat.N] == 2
    found = hints(view(state, Seat.N), 1)
    assert found and all(
        hint.reason == "wins a trick your side does not need: a bag" for hint in found
    )
    for hint in found:
        check_reason(state, hint)


def test_a_sure_winner_before_the_bid_is_made_wins_toward_it_and_sets_up_the_next() -> None:
    # North-South bid 2 and North leads the second trick with one trick taken.
    state = from_notation(NUMBERS + ", Ad, 2c, 2s, 2h")
    found = {str(hint.action): hint for hint in hints(view(state, Seat.N), 1)}
    assert found["Ks"].reason == "wins a trick toward your bid"
    assert found["Qs"].reason == "wins a trick toward your bid"
    assert found["As"].reason == "wins a trick toward your bid and sets up your Ks"
    for hint in found.values():
        check_reason(state, hint)


def test_near_the_end_the_double_dummy_tricks_are_every_trick_left() -> None:
    # North wins every trick: the first by a ruff, the rest leading its spades.
    state = _one_suit_each("Ad", "2c", "2s", "2h")
    while len(state.played_tricks) < 10:
        choices = legal_actions(state)
        state = apply(state, choices[-1] if state.to_act is Seat.N else choices[0])
    assert state.to_act is Seat.N and state.trick_counts[Seat.N] == 10
    found = hints(view(state, Seat.N), 1)
    assert found and all(hint.tricks == 3.0 for hint in found)
    assert all(hint.tricks is None for hint in hints(view(state, Seat.N), 1, double_dummy_tricks=2))


# -- refusals ----------------------------------------------------------------------------------


def test_hints_refuse_what_a_computer_player_refuses() -> None:
    state = _one_suit_each("Ad")
    rng = random.Random(1)
    for given in (state, view(state, Seat.E), "N"):
        with pytest.raises(SpadesError) as player:
            HardPlayer()(given, rng)  # type: ignore[arg-type]
        with pytest.raises(SpadesError) as hinted:
            hints(given, 1)  # type: ignore[arg-type]
        assert hinted.value.message == player.value.message
        assert hinted.value.reason == player.value.reason


@pytest.mark.parametrize("seed", [1.5, None, True, b"1"])
def test_hints_refuse_a_seed_that_is_none(seed: object) -> None:
    state = _one_suit_each("Ad")
    with pytest.raises(SpadesError) as refused:
        hints(view(state, Seat.W), seed)  # type: ignore[arg-type]
    assert refused.value.reason == "bad_seed"
    assert "a random.Random, a whole number or text" in refused.value.message


def test_hints_in_the_bidding_rate_each_number_and_nil() -> None:
    state = from_notation(ONE_SUIT_EACH.removesuffix(", nil, 1, 1, 1"))
    found = hints(view(state, Seat.S), 1)
    bids = [hint.action for hint in found]
    assert sorted(bid.tricks for bid in bids if isinstance(bid, Bid)) == list(range(14))
    assert all(hint.points is not None and hint.spread is not None for hint in found)
    nil = next(hint for hint in found if hint.action == Bid(0, seat=Seat.S))
    assert nil.reason.startswith("nil, with a hand that counts")


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"player": HardPlayer()}, "Hints are the Expert's: player is an ExpertPlayer, not "),
        ({"double_dummy_tricks": -1}, "double_dummy_tricks is a whole number of tricks"),
        ({"double_dummy_tricks": 2.0}, "double_dummy_tricks is a whole number of tricks"),
    ],
)
def test_hints_refuse_a_player_or_a_cap_they_cannot_use(options: dict, sentence: str) -> None:
    state = _one_suit_each("Ad")
    with pytest.raises(SpadesError) as refused:
        hints(view(state, Seat.W), 1, **options)
    assert refused.value.reason == "bad_player" and refused.value.message.startswith(sentence)


def test_a_smaller_expert_gives_its_own_hints() -> None:
    state = _one_suit_each("Ad")
    seat_view = view(state, Seat.W)
    player = ExpertPlayer(5, weighted=False)
    found = hints(seat_view, 2, player=player)
    assert found[0].action == player(seat_view, random.Random(2))


def test_a_blind_nil_has_a_reason_and_no_worth_and_comes_last() -> None:
    text = ONE_SUIT_EACH.removesuffix(", nil, 1, 1, 1").replace(
        "standard |", "standard blind_nil=true |"
    )
    state = from_notation(text)
    found = hints(view(state, Seat.S), 1)
    blind = [hint for hint in found if isinstance(hint.action, Bid) and hint.action.blind]
    assert len(blind) == 1 and blind[0] == found[-1]
    assert blind[0].points is None and blind[0].spread is None
    assert blind[0].reason == "bid before looking at your cards"
    assert len(found) == len(view(state, Seat.S).legal_actions)
