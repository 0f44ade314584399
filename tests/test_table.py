"""The driver: computers act until a person must, in any mix of people and computers."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from spades import (
    Bid,
    Deal,
    GameState,
    IllegalActionError,
    NotationError,
    Phase,
    Play,
    Seat,
    SpadesError,
    apply,
    new_game,
)
from spades._text import MAX_INT
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, Level, MediumPlayer
from spades.table import Table, seat_rng


def person_plays_first(table: Table) -> None:
    """Let the waiting person take its first legal action (a bid of 3 when it may)."""
    table.advance()
    seat = table.waiting_for
    assert seat is not None
    legal = table.view(seat).legal_actions
    wanted = [action for action in legal if isinstance(action, Bid) and action.tricks == 3]
    table.act(wanted[0] if wanted else legal[0])


def test_a_table_of_computers_plays_a_whole_game() -> None:
    table = Table([MediumPlayer(), EasyPlayer(), "hard", Level.EASY], seed=4)
    state = table.play()
    assert state.is_over and state.result is not None
    assert table.waiting_for is None and table.people == ()


def test_computers_act_until_the_person_must() -> None:
    table = Table({"S": None, "N": HardPlayer(), "E": "easy", "W": "easy"}, seed=1)
    assert table.people == (Seat.S,)
    state = table.advance()
    # Dealer North: East bids first, then South, the person.
    assert state.phase is Phase.BIDDING and state.to_act is Seat.S
    assert table.waiting_for is Seat.S
    assert state.bids[Seat.E] is not None
    for _ in range(200):
        if table.is_over:
            break
        assert table.waiting_for is Seat.S
        person_plays_first(table)
        # After the person acts, the computers play on until South is to act again.
        assert table.state.to_act in (Seat.S, None)
    assert table.state.hand_number > 1


def test_a_persons_illegal_action_changes_nothing() -> None:
    table = Table.solo("medium", seed=2)
    before = table.advance()
    with pytest.raises(IllegalActionError) as info:
        table.act(Bid(14))
    assert table.state is before
    assert "South" in str(info.value)
    with pytest.raises(IllegalActionError):
        table.act(Play("AS"))
    assert table.state is before


def test_the_same_seed_and_the_same_person_give_the_same_game() -> None:
    games = []
    for _ in range(2):
        table = Table.solo(Level.HARD, seed="repeatable")
        for _ in range(40):
            person_plays_first(table)
        games.append(table.state)
    assert games[0] == games[1]
    assert games[0].actions == games[1].actions


def test_each_computer_seat_draws_from_its_own_generator() -> None:
    # East bids before West. Easy at East draws from its generator to bid a trick over or under;
    # Medium at East draws nothing. West's Easy bid (its count, plus its own draw) is the same
    # either way: no seat's draws move another's.
    def west_bids(east: str) -> list[object]:
        bids = []
        for seed in range(12):
            table = Table(["medium", east, "medium", "easy"], seed=seed)
            while table.state.bids[Seat.W] is None:
                table.step()
            bids.append(table.state.bids[Seat.W])
        return bids

    assert west_bids("easy") == west_bids("medium")


def test_solo_and_two_people_are_source_004s_two_modes() -> None:
    solo = Table.solo("expert", seat="E")
    assert solo.people == (Seat.E,)
    assert isinstance(solo.players[Seat.W], HardPlayer)  # the person's partner plays at Hard
    assert all(isinstance(solo.players[seat], ExpertPlayer) for seat in (Seat.N, Seat.S))
    pair = Table.two_people()
    assert pair.people == (Seat.S, Seat.W)
    assert all(isinstance(pair.players[seat], HardPlayer) for seat in (Seat.N, Seat.E))
    with pytest.raises(SpadesError, match="North and South are partners") as info:
        Table.two_people(seats=("N", "S"))
    assert info.value.reason == "bad_player"


def test_step_makes_one_move_at_a_time() -> None:
    table = Table(["easy"] * 4, seed=3)
    deal = table.step()
    assert isinstance(deal, Deal)
    bid = table.step()
    assert isinstance(bid, Bid) and bid.seat is Seat.E
    assert table.state.last_action == bid


def test_given_deals_are_dealt_in_order() -> None:
    deals = [Deal.random(random.Random(n)) for n in range(2)]
    table = Table(["medium"] * 4, seed=0, deals=deals)
    state = table.play()
    assert [hand.deal for hand in state.history[:2]] == deals


def test_undo_takes_back_the_persons_last_action_and_the_computers_after_it() -> None:
    table = Table.solo("easy", seed=5)
    table.advance()
    first = table.state
    table.act(Bid(3))
    assert table.state != first
    assert table.undo() == first
    assert table.waiting_for is Seat.S
    with pytest.raises(SpadesError, match="no person's action this hand") as info:
        table.undo()
    assert info.value.reason == "nothing_to_undo"


def test_resuming_a_game_in_progress() -> None:
    state = apply(new_game("pagat"), Deal.random(8))
    table = Table([None, "hard", "hard", "hard"], state=state, seed=1)
    assert table.advance().to_act is Seat.N
    assert table.state.rules == state.rules
    with pytest.raises(SpadesError, match="rules given differ") as info:
        Table(["hard"] * 4, state=state, rules="standard")
    assert info.value.reason == "bad_rules"
    with pytest.raises(TypeError, match="resumes a GameState, not 'standard'"):
        Table(["hard"] * 4, state="standard")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "sentence"),
    [
        (["hard"] * 3, "four players, not 3"),
        ("hard", "four players .* or a mapping from seat to player, not 'hard'"),
        (["hard", "hard", 7, None], "The player at South is a computer player .* not 7"),
        (["hard", "grandmaster", None, None], "easy, medium, hard or expert, not 'grandmaster'"),
        ({"X": None}, "seat"),
    ],
)
def test_bad_players_get_a_sentence(players: object, sentence: str) -> None:
    with pytest.raises(SpadesError, match=sentence):
        Table(players, seed=0)  # type: ignore[arg-type]


def test_no_person_to_act() -> None:
    table = Table(["easy"] * 4, seed=0)
    with pytest.raises(SpadesError, match="No person is to act now: the game is over") as info:
        table.act(Bid(3))
    assert info.value.reason == "not_a_persons_turn"
    table = Table.solo("easy", seed=0)
    with pytest.raises(SpadesError, match="South is a person") as info:
        table.play()


def test_a_computer_sees_only_its_view() -> None:
    seen: list[object] = []

    def spy(view_: object, rng: random.Random) -> object:
        seen.append(view_)
        return MediumPlayer()(view_, rng)  # type: ignore[arg-type]

    table = Table([spy, "easy", "easy", "easy"], seed=6)
    for _ in range(30):
        table.step()
    assert seen and all(type(item).__name__ == "SeatView" for item in seen)
    assert not any(isinstance(item, GameState) for item in seen)
    assert all(item.seat is Seat.N for item in seen)  # type: ignore[attr-defined]


def test_a_game_that_cannot_end_is_given_up() -> None:
    def lowest(view: object, rng: random.Random) -> object:
        return view.legal_actions[0]  # type: ignore[attr-defined]

    # Both teams bid 1 and play their lowest card: under the standard rules (no losing score, no
    # cap on hands) they sink for ever.
    table = Table([lowest] * 4, seed=0)
    with pytest.raises(SpadesError, match="not ended after 5 hands") as info:
        table.play(hand_limit=5)
    assert info.value.reason == "endless_game"
    assert table.state.hand_number == 6


def test_a_seed_is_a_whole_number_or_text() -> None:
    with pytest.raises(SpadesError, match=r"seed is a whole number or text, not 1\.5") as info:
        Table(["easy"] * 4, seed=1.5)  # type: ignore[arg-type]
    assert info.value.reason == "bad_seed"


# -- hostile values: the documented error, its reason and a sentence naming the problem -----------

HUGE = 10**5000  # more digits than Python turns into text (4,300)


def refused(
    error_type: type[SpadesError], reason: str, call: Callable[[], object], sentence: str
) -> Any:
    """``call()`` raises exactly ``error_type`` with ``reason`` and one sentence matching
    ``sentence`` (a regular expression), never Python's own error from inside."""
    with pytest.raises(SpadesError) as caught:
        call()
    error = caught.value
    assert type(error) is error_type, repr(error)
    assert error.reason == reason
    text = str(error)
    assert re.fullmatch(sentence, text), text
    assert text[0].isupper() and text.endswith(".") and "\n" not in text and len(text) <= 200
    return error


@pytest.mark.parametrize(
    ("seed", "sentence"),
    [
        (HUGE, r"A table's seed must be at most 2\*\*53 - 1, not a whole number of 5001 digits\."),
        (-HUGE, r"A table's seed must be at least -\(2\*\*53 - 1\), not a negative whole .*\."),
        (MAX_INT + 1, r"A table's seed must be at most 2\*\*53 - 1, not 9007199254740992\."),
        (float("nan"), r"A table's seed is a whole number or text, not nan\."),
        (True, r"A table's seed is a whole number or text, not True\."),
        (Level.EASY, r"A table's seed is a whole number or text, not Level\.EASY\."),
        (b"7", r"A table's seed is a whole number or text, not b'7'\."),
    ],
    ids=["huge", "-huge", "2**53", "nan", "True", "enum", "bytes"],
)
def test_a_seed_out_of_range_or_of_another_kind_is_refused(seed: Any, sentence: str) -> None:
    refused(SpadesError, "bad_seed", lambda: Table(["easy"] * 4, seed=seed), sentence)
    refused(SpadesError, "bad_seed", lambda: Table.solo("easy", seed=seed), sentence)
    refused(SpadesError, "bad_seed", lambda: Table.two_people(seed=seed), sentence)
    refused(SpadesError, "bad_seed", lambda: seat_rng(seed, Seat.N), sentence)


def test_every_seed_a_table_takes_or_draws_reads_back() -> None:
    for seed in (MAX_INT, -MAX_INT, 0, "", "x" * 10_000):
        assert Table(["easy"] * 4, seed=seed).seed == seed
    drawn = Table(["easy"] * 4).seed  # drawn at random: a seed the table itself takes back
    assert isinstance(drawn, int) and 0 <= drawn <= MAX_INT
    again = Table(["easy"] * 4, seed=drawn)
    assert again.advance() == Table(["easy"] * 4, seed=drawn).advance()


@pytest.mark.parametrize(
    "seats",
    [("N",), ("S", "W", "N"), (), "SW", 5, iter(("S", "W"))],
    ids=["one", "three", "none", "text", "number", "iterator"],
)
def test_two_people_sit_at_exactly_two_seats(seats: Any) -> None:
    refused(
        SpadesError,
        "bad_player",
        lambda: Table.two_people(seats=seats),
        r"Two people sit at two seats, such as \('S', 'W'\), not .+\.",
    )


def test_two_people_at_two_seats_given_as_a_list() -> None:
    assert Table.two_people(seats=["W", "N"]).people == (Seat.N, Seat.W)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "deals",
    [5, "AKQ.J.T.9", b"", Deal.random(1), object()],
    ids=["number", "text", "bytes", "one deal", "object"],
)
def test_deals_that_are_not_deals_are_refused_at_once(deals: Any) -> None:
    refused(
        NotationError,
        "bad_deal",
        lambda: Table(["easy"] * 4, deals=deals),
        r"A table's deals are the Deals to deal, in order \(a list of them, or any iterable\), "
        r"not .+\.",
    )


def test_a_deal_given_that_is_not_a_deal_is_refused_when_it_is_due() -> None:
    given: list[Any] = [Deal.random(1), "AKQ.J.T.9"]
    table = Table(["easy"] * 4, seed=0, deals=given)
    first = table.step()
    assert first == Deal.random(1)
    while not table.state.needs_deal:
        table.step()
    before = table.state
    error = refused(
        NotationError,
        "bad_deal",
        table.step,
        r"The next of the table's deals is 'AKQ\.J\.T\.9', not a Deal\.",
    )
    assert error.token == "'AKQ.J.T.9'"
    assert table.state is before  # nothing moved


@pytest.mark.parametrize(
    ("limit", "sentence"),
    [
        ("x", r"The hand limit must be a whole number, not 'x'\."),
        (2.5, r"The hand limit must be a whole number, not 2\.5\."),
        (None, r"The hand limit must be a whole number, not None\."),
        (True, r"The hand limit must be a whole number, not True\."),
        (0, r"The hand limit must be at least 1, not 0\."),
        (HUGE, r"The hand limit must be at most 2\*\*53 - 1, not a whole number of 5001 digits\."),
    ],
    ids=["text", "float", "None", "True", "0", "huge"],
)
def test_a_hand_limit_that_is_not_a_number_of_hands_is_refused(limit: Any, sentence: str) -> None:
    table = Table(["easy"] * 4, seed=0)
    refused(SpadesError, "bad_hand_limit", lambda: table.play(hand_limit=limit), sentence)
    assert table.state == new_game()  # refused before any move
