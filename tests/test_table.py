"""The driver: computers act until a person must, in any mix of people and computers, at every
table (tests/tables.py): four partners, four alone, three, and two who draw their hands."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from spades import (
    Bid,
    Deal,
    Discard,
    Draw,
    GameState,
    IllegalActionError,
    Keep,
    NotationError,
    Phase,
    Play,
    Seat,
    SpadesError,
    apply,
    find_ruleset,
    new_game,
)
from spades._text import MAX_INT
from spades.actions import Action
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, Level, MediumPlayer
from spades.table import Table, seat_rng
from spades.views import SeatView
from tables import TABLE, TableKind, random_player


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


#: Where two people sit unless told otherwise: South and West at four (partners or alone), South
#: and North at three (the seat on South's left, as West is at four), North and East at two.
TWO_PEOPLE = {"partners": (Seat.S, Seat.W), "alone": (Seat.S, Seat.W), "three": (Seat.N, Seat.S)}
TWO_PEOPLE["two"] = (Seat.N, Seat.E)


@pytest.mark.parametrize(
    ("level", "kind"), [("easy", EasyPlayer), ("medium", MediumPlayer), ("expert", ExpertPlayer)]
)
def test_solo_and_two_people_are_source_004s_two_modes(
    table_kind: TableKind, level: str, kind: type
) -> None:
    rules = table_kind.rules
    solo = Table.solo(level, seat="E", rules=rules, seed=1)
    assert solo.people == (Seat.E,) and len(solo.players) == table_kind.players
    assert solo.state.rules == rules
    for seat in table_kind.seats:
        if seat is Seat.E:
            assert solo.players[seat] is None
        elif table_kind.partnerships and seat is Seat.W:
            assert isinstance(solo.players[seat], HardPlayer)  # the person's partner plays at Hard
        else:
            # No partner alone: the others are all opponents at the level asked for.
            assert isinstance(solo.players[seat], kind)
    pair = Table.two_people(rules=rules)
    assert pair.people == TWO_PEOPLE[table_kind.id]
    for seat in table_kind.seats:
        if seat in pair.people:
            assert pair.players[seat] is None
        else:
            assert isinstance(pair.players[seat], HardPlayer)
    # Or at any two seats in play; but not twice the same.
    other = Seat.S if table_kind.players > 2 else Seat.N
    assert Table.two_people(seats=("E", other.name), rules=rules).people == tuple(
        sorted((Seat.E, other))
    )
    with pytest.raises(SpadesError, match="both are given East") as info:
        Table.two_people(seats=("E", "east"), rules=rules)
    assert info.value.reason == "bad_player"
    if table_kind.partnerships:
        with pytest.raises(SpadesError, match="North and South are partners") as info:
            Table.two_people(seats=("N", "S"))
        assert info.value.reason == "bad_player"
    elif table_kind.players > 2:
        # Alone, North and South are not partners, so two people may sit there.
        assert Table.two_people(seats=("N", "S"), rules=rules).people == (Seat.N, Seat.S)


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
    # The same game again from the seed drawn, to its end: two hands of it (the standard game
    # has no losing score and no cap, and four Easy players may play it for thousands of hands).
    short = find_ruleset("standard").evolve(max_hands=2)
    again = Table(["easy"] * 4, rules=short, seed=drawn).advance()
    assert again.is_over and again.hand_number == 2
    assert again == Table(["easy"] * 4, rules=short, seed=drawn).advance()


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


# -- at every table --------------------------------------------------------------------------------


def test_a_table_of_computers_plays_a_game_to_its_end(table_kind: TableKind) -> None:
    rules = table_kind.rules.evolve(max_hands=3)
    levels = ["easy", "medium", "easy", "medium"][: table_kind.players]
    table = Table(levels, rules=rules, seed=5)
    assert len(table.players) == table_kind.players and table.people == ()
    state = table.play()
    result = state.result
    assert result is not None and state.is_over and len(state.history) == 3
    assert len(result.scores) == len(table_kind.sides) and result.scores == state.scores
    for done in state.history:
        assert len(done.bids) == table_kind.players and sum(done.tricks_won) == table_kind.tricks
    # Each side's total is the sum of its own points, hand by hand, from 0.
    for index in range(len(table_kind.sides)):
        assert state.scores[index] == sum(done.score.points[index] for done in state.history)
    best = max(state.scores)
    unique = state.scores.count(best) == 1
    expected = table_kind.sides[state.scores.index(best)] if unique else None
    assert result.winner is expected
    assert Table(levels, rules=rules, seed=5).play() == state


#: The sentences that refuse a table the wrong number of players, written out.
WRONG_COUNT = {
    4: "A table has four seats (N, E, S, W), so it takes four players, not 3; give None for a "
    "seat a person plays.",
    3: "A table of three has three seats (N, E, S), so it takes three players, not 4; give None "
    "for a seat a person plays.",
    2: "A table of two has two seats (N, E), so it takes two players, not 3; give None for a "
    "seat a person plays.",
}


def test_a_table_takes_a_player_for_each_of_its_seats(table_kind: TableKind) -> None:
    rules, seats = table_kind.rules, table_kind.seats
    wrong = 3 if table_kind.players == 4 else table_kind.players + 1
    with pytest.raises(SpadesError) as info:
        Table(["easy"] * wrong, rules=rules)
    assert info.value.reason == "bad_player"
    assert info.value.message == WRONG_COUNT[table_kind.players]
    listed = ", ".join(seat.name for seat in seats)
    words = {4: "four", 3: "three", 2: "two"}[table_kind.players]
    with pytest.raises(SpadesError, match=rf"are {words} players \({listed}\) or a mapping"):
        Table("easy", rules=rules)
    # A mapping names the computers; the seat left out is a person's.
    assert Table({seat.name: "easy" for seat in seats[:-1]}, rules=rules).people == (seats[-1],)
    # A game resumed: its rules say how many seats.
    state = apply(new_game(rules), Deal.random(1, rules))
    players = [random_player] * table_kind.players
    players[1] = None
    assert Table(players, state=state).people == (Seat.E,)
    with pytest.raises(SpadesError, match=f"{words} players, not {wrong}"):
        Table([None] * wrong, state=state)


@pytest.mark.parametrize("table_kind", [TABLE["three"], TABLE["two"]], ids=str, indirect=True)
def test_a_seat_with_no_player_has_no_place_at_the_table(table_kind: TableKind) -> None:
    rules = table_kind.rules
    makers: list[Callable[[str], object]] = [
        lambda name: Table.solo("easy", seat=name, rules=rules),
        lambda name: Table.two_people(seats=("N", name), rules=rules),
        lambda name: Table({name: None}, rules=rules),
        lambda name: Table({"N": "easy", name: "easy"}, rules=rules),
    ]
    for seat in table_kind.missing:
        for make, name in zip(makers, (seat.name, seat.name, seat.name, seat.full_name.lower())):
            with pytest.raises(NotationError) as info:
                make(name)
            assert info.value.reason == "bad_seat"
            assert info.value.message == table_kind.no_player(seat)


def test_a_person_at_a_table(table_kind: TableKind) -> None:
    seat = Seat.S if table_kind.players > 2 else Seat.E
    table = Table.solo("easy", seat=seat.name, rules=table_kind.rules.evolve(max_hands=1), seed=4)
    table.advance()
    turns = 0
    while not table.is_over:
        seen = table.view(seat)
        assert seen.my_turn and seen.partner is (seat.partner if table_kind.partnerships else None)
        assert len(seen.scores) == len(table_kind.sides)
        assert len(seen.hand_sizes) == table_kind.players
        table.act(seen.legal_actions[0])
        turns += 1
    # A bid and a card a trick (13, or 17 at three), and at two a card drawn to keep or discard
    # for each of the 13 the hand holds.
    assert turns == (13 if table_kind.draws else 0) + 1 + table_kind.tricks
    assert len(table.state.result.scores) == len(table_kind.sides)  # type: ignore[union-attr]


# -- two players, who draw their hands -------------------------------------------------------------
#
# The rules: North and East draw their hands. In turn, from the player after the dealer, a player
# draws the top card of the stock, sees it, and keeps or discards it; the next card goes the other
# way. A table asks a person only with a card drawn before it, and draws every card from its seed.

TWO = find_ruleset("two_player")


class Scripted:
    """A player who keeps a card drawn when ``keep`` says so, bids the least it may, and plays its
    first legal card; it notes every view it is given."""

    def __init__(self, keep: Callable[[int], bool]) -> None:
        self.keep = keep
        self.views: list[SeatView] = []

    def __call__(self, seen: SeatView, rng: random.Random) -> Action:
        self.views.append(seen)
        if seen.phase is Phase.DRAW:
            assert seen.drawn_card is not None and seen.my_turn
            assert [type(action) for action in seen.legal_actions] == [Keep, Discard]
            turn = sum(1 for earlier in self.views if earlier.phase is Phase.DRAW)
            return seen.legal_actions[0 if self.keep(turn) else 1]
        if seen.phase is Phase.BIDDING:
            bids = [a for a in seen.legal_actions if isinstance(a, Bid) and not a.is_nil]
            return bids[0]
        return seen.legal_actions[0]


def test_a_table_drives_a_hand_at_two_with_its_draw() -> None:
    north, east = Scripted(lambda turn: True), Scripted(lambda turn: turn % 2 == 0)
    table = Table([north, east], rules=TWO.evolve(max_hands=1), seed=11)
    state = table.play()
    assert state.is_over and state.hand_number == 1
    for player in (north, east):
        drawing = [seen for seen in player.views if seen.phase is Phase.DRAW]
        assert len(drawing) == 13  # asked to keep or discard 13 times
        assert len([seen for seen in player.views if seen.phase is Phase.PLAY]) == 13
    # Each saw only its own cards: the card it drew, its own discards, counts of the other's.
    for player, seat in ((north, Seat.N), (east, Seat.E)):
        for seen in player.views:
            assert seen.seat is seat
    (done,) = state.history
    assert sum(done.tricks_won) == 13
    # North kept every first card; the table draws every card from its seed: the same game again.
    again = Table(
        [Scripted(lambda turn: True), Scripted(lambda turn: turn % 2 == 0)],
        rules=TWO.evolve(max_hands=1),
        seed=11,
    ).play()
    assert again.history[0].tricks == done.tricks and again.scores == state.scores


def test_a_person_at_a_table_of_two_is_asked_only_with_a_card_drawn() -> None:
    table = Table([None, random_player], rules=TWO, seed=4)
    assert table.people == (Seat.N,) and table.players[Seat.E] is random_player
    kept = 0
    while table.state.phase in (Phase.DEAL, Phase.DRAW):
        table.advance()
        assert table.waiting_for is Seat.N or table.state.phase is not Phase.DRAW
        if table.state.phase is not Phase.DRAW:
            break
        seen = table.view(Seat.N)
        assert seen.drawn_card is not None and seen.drawn_card == table.state.drawn_card
        assert table.view(Seat.E).drawn_card is None
        if kept == 0:  # before North's first keep there is nothing of North's to take back
            with pytest.raises(SpadesError) as refused:
                table.undo()
            assert refused.value.reason == "nothing_to_undo"
        table.act(Keep(), advance=False)
        kept += 1
        # The next card is drawn by the table, not asked of the person.
        assert table.waiting_for is None
    assert kept == 13 and table.state.phase is Phase.BIDDING
    assert len(table.view(Seat.N).hand) == 13 and len(table.view(Seat.N).discards) == 13


def test_undo_in_the_draw_takes_back_a_keep_and_draws_the_same_cards_again() -> None:
    # North keeps its first card; the next goes to the discards, East draws its two. Taken back,
    # North is shown the same card again, and discarding it now keeps the card that was next:
    # the stock is as it was shuffled, whatever North chooses.
    table = Table([None, random_player], rules=TWO, seed=4)
    table.advance()
    first = table.state
    card = first.drawn_card
    assert table.waiting_for is Seat.N and card is not None
    table.act(Keep())
    after_keep = table.state
    drawn = [a.card for a in after_keep.actions[len(first.actions) :] if isinstance(a, Draw)]
    assert len(drawn) == 4  # North's next card, East's two, North's next
    assert table.undo() == first and table.waiting_for is Seat.N
    table.act(Discard())
    again = [a.card for a in table.state.actions[len(first.actions) :] if isinstance(a, Draw)]
    assert again == drawn
    assert drawn[0] in table.view(Seat.N).hand and card in table.view(Seat.N).discards


def test_a_deal_given_at_two_stands_for_a_draw_not_followed_card_by_card() -> None:
    # The bidding comes next.
    deal = Deal.random(random.Random(3), TWO)
    table = Table([random_player, random_player], rules=TWO, deals=[deal], seed=2)
    assert isinstance(table.step(), Deal) and table.state.phase is Phase.BIDDING


def test_a_table_of_two_counts_its_hands_by_their_draws() -> None:
    def never_making(seen: SeatView, rng: random.Random) -> Action:
        if seen.phase is Phase.BIDDING:
            return [a for a in seen.legal_actions if isinstance(a, Bid) and not a.is_nil][-1]
        return seen.legal_actions[0]

    table = Table([never_making, never_making], rules=TWO.evolve(target_score=10_000), seed=1)
    with pytest.raises(SpadesError) as endless:
        table.play(hand_limit=2)
    assert endless.value.reason == "endless_game"
    assert table.state.hand_number == 3  # the third hand's first card was drawn
