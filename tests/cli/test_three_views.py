"""Three players (cutthroat, ``RuleSet(players=3, partnerships=False)``, preset ``cutthroat3``) at
every front-end: the seat views, the table driver, ``spades play`` and ``spades demo``, and the web
table.

The option's doc: "3, cutthroat: North, East and South, each alone (partnerships False), with the
two of clubs out of the standard deck so that each holds 17 cards and a hand has 17 tricks ...; the
jokers deck keeps all 54 cards, 18 each." So a view of a table of three has three entries (N, E,
S) for every value by seat or by side, West has no place at all, and, as ever, no other seat's
cards are in it.

The computer players are not yet ready for three players in this tree (they index a fourth seat),
so the tests that need computers to act seat a player who picks a legal action at random (see
:func:`random_computers`): what is under test here is the front-end, not the computer's play.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_cli_play import Person, run_play
from test_solo_views import HAND_LINE, points_by_the_rules

import spades
import spades.table
from spades import (
    Bid,
    Card,
    Deal,
    GameState,
    Hand,
    NotationError,
    Phase,
    RuleSet,
    Seat,
    SpadesError,
    Suit,
    apply,
    apply_counts,
    find_ruleset,
    new_game,
    view,
)
from spades.actions import Action
from spades.bots import EasyPlayer, HardPlayer
from spades.cli import main
from spades.cli.screen import Style, hand_line, score_bar, screen
from spades.rules import FirstLead
from spades.table import Table
from spades.views import SeatView
from strategies import random_action
from test_views import constraints, played_by, reachable
from test_web_table import (  # noqa: F401 (browser is a fixture)
    Recorder,
    browser,
    console_errors,
    lobby,
    page_state,
    running,
    strings,
    take_turn,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
THREE_SEATS = (N, E, S)
CUTTHROAT = find_ruleset("cutthroat3")
BY_SEAT = {"N", "E", "S"}
PLAIN = Style(colour=False, symbols=False, terminal=False)

# The standard deck without the two of clubs, 17 each. N deals, E bids first; N holds the three of
# clubs, the lowest club, so N leads the first trick (first_lead two_of_clubs).
DEAL = Deal(("AQJ8.862.9432.AQ7643", "K97654.AQJ753.JT.K85", "T32.KT94.AKQ8765.JT9"))


def random_player(seen: SeatView, rng: random.Random) -> Action:
    """A computer that picks one of its legal actions at random."""
    return rng.choice(seen.legal_actions)


@pytest.fixture
def random_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer a table makes from a level (``'easy'``, ``Level.HARD``) picks at random."""
    monkeypatch.setattr(spades.table, "make_player", lambda level: random_player)


def bid_round(state: GameState, *bids: Bid) -> GameState:
    for bid in bids:
        state = apply(state, bid)
    return state


# -- the seat view ---------------------------------------------------------------------------------


def test_a_view_of_three_has_three_entries_everywhere() -> None:
    start = new_game(CUTTHROAT, scores=(40, -20, 15), bags=(2, 0, 7))
    state = bid_round(apply(start, DEAL), Bid(4), Bid.NIL)  # East 4, South nil; North to bid
    north = view(state, N)
    assert north.hand == DEAL[N] and len(north.hand) == 17
    assert north.hand_sizes == (17, 17, 17)
    assert north.bids == (None, Bid(4, seat=E), Bid(0, seat=S)) and north.bids[S].is_nil  # type: ignore[union-attr]
    assert len(north.bids) == len(north.trick_counts) == 3
    assert north.scores == (40, -20, 15) and north.bags == (2, 0, 7)
    assert north.contracts == (0, 4, 0) and north.side is N and north.partner is None
    # The cards North cannot see: the 34 the two others hold between them.
    assert north.unseen == Hand.from_mask(DEAL[E].mask | DEAL[S].mask)
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
    state = bid_round(apply(new_game(CUTTHROAT), DEAL), Bid(4), Bid(5), Bid(3))
    assert state.phase is Phase.PLAY and state.to_act is N  # North holds the three of clubs
    for card in ("3c", "8c", "9c"):  # N, E, S: South's nine takes it
        state = apply(state, spades.Play(card))
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
    state = apply(apply(state, spades.Play("Kh")), spades.Play("2h"))
    east = view(state, E)
    assert east.to_act is E and east.current_trick is not None
    assert east.current_trick.to_text() == "S:Kh N:2h"
    assert east.to_text(unicode=False).splitlines()[-1] == (
        "Trick 2: S Kh  N 2h  (S winning); spades not broken."
    )


def test_a_view_for_west_is_refused_at_a_table_of_three() -> None:
    state = apply(new_game(CUTTHROAT), DEAL)
    for west in ("W", "west", W):
        with pytest.raises(NotationError) as info:
            view(state, west)
        assert info.value.reason == "bad_seat"
        assert info.value.message == "West has no player at a table of 3: they sit at N, E and S."
    # A seat that is no seat at all is refused as before, and West still plays at four.
    with pytest.raises(NotationError, match=r"'X' is not a seat; use N, E, S or W\.$"):
        view(state, "X")
    assert view(apply(new_game("standard"), Deal.random(3)), W).seat is W


def test_to_dict_of_three_gives_every_value_by_seat_and_side_with_three_keys() -> None:
    # North has 9 bags. N bids 4 and takes 6, E nil takes 1, S 5 takes 10 (17 tricks): by the
    # rules (each alone, the standard scoring),
    #   N: 40 + 2 bags = 42; bags 11 reach 10: -100, 1 carried   -> -58, total 100 - 58 = 42
    #   E: nil failed -100 (its trick not a bag)                -> -100, total 50 - 100 = -50
    #   S: 50 + 5 bags = 55, bags 5                             -> +55, total -30 + 55 = 25
    start = new_game(CUTTHROAT, scores=(100, 50, -30), bags=(9, 0, 0))
    state = apply_counts(start, [4, "nil", 5], [6, 1, 10])
    data = view(state, E).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["rules"]["players"] == 3 and data["rules"]["partnerships"] is False
    assert data["scores"] == {"N": 42, "E": -50, "S": 25}
    assert data["bags"] == {"N": 1, "E": 0, "S": 5}
    for key in ("hand_sizes", "bids", "tricks_taken"):
        assert set(data[key]) == BY_SEAT
    (done,) = data["history"]
    assert done["points"] == {"N": -58, "E": -100, "S": 55}
    assert done["scores"] == data["scores"] and done["bags"] == data["bags"]
    assert done["bids"] == {"N": 4, "E": "nil", "S": 5}
    assert done["tricks_taken"] == {"N": 6, "E": 1, "S": 10}
    # The game's end under a cap of one hand: the best total, South's, wins alone.
    over = apply_counts(new_game(CUTTHROAT.evolve(max_hands=1)), [4, "nil", 5], [6, 1, 10])
    result = view(over, N).to_dict()["result"]
    assert result["winner"] == "S" and result["scores"] == {"N": 42, "E": -100, "S": 55}


def random_moments(
    rules: RuleSet, seed: int, count: int
) -> Iterator[tuple[list[GameState], list[Action]]]:
    """``count`` moments of random games under ``rules`` inside a dealt hand: the states so far
    and the actions between them."""
    rng = random.Random(seed)
    for _ in range(count):
        states, actions = [new_game(rules)], []
        for _ in range(rng.randint(1, 2 * 17 + 20)):
            if states[-1].is_over:
                break
            actions.append(random_action(states[-1], rng))
            states.append(apply(states[-1], actions[-1]))
        yield states, actions


def check_nothing_hidden(state: GameState, seat: Seat) -> None:
    """No card another seat holds, nor its hand as a mask or a text, is reachable from ``seat``'s
    view or its JSON (there is no exchange at a table of three: a seat knows only its own)."""
    seen = view(state, seat)
    others = [other for other in THREE_SEATS if other is not seat]
    hidden = 0
    for other in others:
        hidden |= state.holding_masks[other]
    masks = {state.holding_masks[other] for other in others}
    if state.deal is not None:
        masks |= {state.deal[other].mask for other in others}
    masks = {mask for mask in masks if mask & hidden}
    texts = {Hand.from_mask(mask).to_text() for mask in masks}
    for item in reachable(seen):
        assert not isinstance(item, (GameState, Deal)), item
        if isinstance(item, Hand):
            assert item.mask in (seen.hand.mask, 0), (seat, item)
        elif isinstance(item, str):
            assert item not in texts
    # The masks and cards of the hand in progress (every card of a hand in the history was
    # played). A whole number under 2**13 may be a count, a score or a bid as well as a mask.
    for item in reachable(seen, skip=seen.history):
        if isinstance(item, int) and not isinstance(item, bool) and item >= 1 << 13:
            assert item not in masks and not item & hidden, item
        elif isinstance(item, Card):
            assert not hidden >> item.index & 1, (seat, item)
    assert not set(strings(seen.to_dict())) & {str(card) for card in Hand.from_mask(hidden)}


def test_a_view_of_three_shows_no_other_hand() -> None:
    checked = 0
    for states, _ in random_moments(CUTTHROAT.evolve(max_hands=2), seed=3, count=25):
        state = states[-1]
        for seat in THREE_SEATS:
            seen = view(state, seat)
            assert seen.hand == state.holding(seat)
            assert seen.hand_sizes == tuple(len(hand) for hand in state.holdings)
            check_nothing_hidden(state, seat)
            checked += 1
    assert checked == 75


def deal_again(state: GameState, seat: Seat, rng: random.Random) -> tuple[Deal, list[Seat]] | None:
    """A deal of the hand in progress in ``state`` that differs from its deal only in how the cards
    ``seat`` cannot see are spread over the two other seats: the same count to each (17, or 18
    with jokers, less what each has played), every card where the play says it may be (no card
    of a suit a seat has shown out of; only spades for a seat that led one unbroken), and the
    lowest club, whose holder leads the first trick, left with its holder. Also the seats whose
    hands moved. None when no card can move."""
    if state.deal is None:
        return None
    holdings = list(state.holding_masks)
    barred, only_spades = constraints(state)
    others = [other for other in THREE_SEATS if other is not seat]
    fixed = {other: 0 for other in others}
    if state.phase is Phase.PLAY and state.rules.first_lead is FirstLead.TWO_OF_CLUBS:
        clubs = [card for hand in state.deal.hands for card in hand if card.suit is Suit.CLUBS]
        lowest = min(clubs, key=lambda card: card.index)  # the lowest rank of clubs
        for other in others:
            fixed[other] |= holdings[other] & lowest.mask
    place = {
        card: other
        for other in others
        for card in range(54)
        if (holdings[other] & ~fixed[other]) >> card & 1
    }

    def allowed(other: Seat, card: int) -> bool:
        if barred[other] >> card & 1:
            return False
        return not only_spades[other] or Card.from_index(card).suit is Suit.SPADES

    movable = sorted(place)
    if len(set(place.values())) < 2:
        return None
    for _ in range(4 * len(movable) + 20):
        first, second = rng.choice(movable), rng.choice(movable)
        a, b = place[first], place[second]
        if a is not b and allowed(b, first) and allowed(a, second):
            place[first], place[second] = b, a
    hands = list(holdings)
    for other in others:
        hands[other] = fixed[other]
    for card, other in place.items():
        hands[other] |= 1 << card
    played = played_by(state)
    for other in THREE_SEATS:
        hands[other] |= played[other]
    moved = [other for other in others if hands[other] != state.deal[other].mask]
    return Deal(tuple(Hand.from_mask(mask) for mask in hands)), moved


def test_hidden_cards_spread_another_way_over_the_two_others_give_the_same_view() -> None:
    rng = random.Random(11)
    moved = 0
    for states, actions in random_moments(CUTTHROAT, seed=7, count=30):
        dealt = [i for i, action in enumerate(actions) if isinstance(action, Deal)]
        if not dealt:
            continue
        seat = rng.choice(THREE_SEATS)
        again = deal_again(states[-1], seat, rng)
        if again is None:
            continue
        deal, seats_moved = again
        # Each of the others still holds a hand of 17; only the two others' hands moved.
        assert [len(hand) for hand in deal.hands] == [17, 17, 17]
        assert deal[seat] == states[-1].deal[seat]  # type: ignore[index]
        state = apply(states[dealt[-1]], deal)
        for action in actions[dealt[-1] + 1 :]:
            state = apply(state, action)  # the same bids and cards are legal on the new deal
        assert view(state, seat) == view(states[-1], seat)
        for other in seats_moved:
            assert view(state, other) != view(states[-1], other)
        moved += bool(seats_moved)
    assert moved >= 15


# -- the table driver ------------------------------------------------------------------------------


def test_a_table_of_three_computers_plays_a_game_to_its_end() -> None:
    rules = CUTTHROAT.evolve(max_hands=3)
    table = Table([random_player] * 3, rules=rules, seed=5)
    assert len(table.players) == 3 and table.people == ()
    state = table.play()
    result = state.result
    assert result is not None and len(state.history) == 3 and len(result.scores) == 3
    for done in state.history:
        assert len(done.bids) == 3 and sum(done.tricks_won) == 17
    # Each player's total is the sum of their own points, hand by hand, from 0.
    for index in range(3):
        assert state.scores[index] == sum(done.score.points[index] for done in state.history)
    best = max(state.scores)
    expected = THREE_SEATS[state.scores.index(best)] if state.scores.count(best) == 1 else None
    assert result.winner is expected
    assert Table([random_player] * 3, rules=rules, seed=5).play() == state


def test_the_two_modes_of_a_table_of_three() -> None:
    solo = Table.solo("easy", seat="E", rules="cutthroat3", seed=1)
    assert solo.people == (E,) and len(solo.players) == 3
    assert isinstance(solo.players[N], EasyPlayer) and isinstance(solo.players[S], EasyPlayer)
    # Two people: South and North (the seat on South's left, as West is at four) against one
    # Hard computer, or at any two seats in play.
    pair = Table.two_people(rules="cutthroat3")
    assert pair.people == (N, S) and isinstance(pair.players[E], HardPlayer)
    assert Table.two_people(seats=("E", "S"), rules=CUTTHROAT).people == (E, S)
    # At four the default is as it was: South and West.
    assert Table.two_people().people == (S, W)
    assert Table.two_people(rules=RuleSet(partnerships=False)).people == (S, W)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Table.solo("easy", seat="W", rules="cutthroat3"),
        lambda: Table.two_people(seats=("S", "W"), rules=CUTTHROAT),
        lambda: Table({"W": None}, rules=CUTTHROAT),
        lambda: Table({"N": "easy", "west": "easy"}, rules=CUTTHROAT),
    ],
)
def test_west_has_no_seat_at_a_table_of_three(make: Callable[[], Table]) -> None:
    with pytest.raises(NotationError) as info:
        make()
    assert info.value.reason == "bad_seat"
    assert info.value.message == "West has no player at a table of 3: they sit at N, E and S."


def test_a_table_of_three_takes_three_players() -> None:
    with pytest.raises(SpadesError) as info:
        Table(["easy"] * 4, rules=CUTTHROAT)
    assert info.value.reason == "bad_player"
    assert info.value.message == (
        "A table of three has three seats (N, E, S), so it takes three players, not 4; give None "
        "for a seat a person plays."
    )
    with pytest.raises(SpadesError, match=r"are three players \(N, E, S\) or a mapping"):
        Table("easy", rules=CUTTHROAT)
    # A game of three resumed: its rules say how many seats.
    state = apply(new_game(CUTTHROAT), DEAL)
    assert Table([random_player, None, random_player], state=state).people == (E,)
    with pytest.raises(SpadesError, match="four players, not 3"):
        Table([None, None, None], state=apply(new_game("standard"), Deal.random(1)))


def test_a_person_at_a_table_of_three() -> None:
    table = Table([random_player, random_player, None], rules=CUTTHROAT.evolve(max_hands=1), seed=4)
    table.advance()
    turns = 0
    while not table.is_over:
        seen = table.view(S)
        assert seen.my_turn and len(seen.scores) == 3 and len(seen.hand_sizes) == 3
        table.act(seen.legal_actions[0])
        turns += 1
    assert turns == 18  # a bid and 17 cards
    assert len(table.state.result.scores) == 3  # type: ignore[union-attr]


# -- spades play and spades demo -------------------------------------------------------------------

SCORES_LINE = re.compile(
    r"^  Scores: N (-?\d+) \((\d+) bags?\), E (-?\d+) \((\d+) bags?\), "
    r"S (-?\d+) \((\d+) bags?\)\.$",
    re.M,
)


def test_spades_play_runs_a_cutthroat_game_to_its_end(
    monkeypatch: pytest.MonkeyPatch, random_computers: None
) -> None:
    person = Person()
    code, out = run_play(
        monkeypatch, person, "--rules", "cutthroat3", "--level", "easy", "--seed", "3", "--plain",
        "--set", "max_hands=2",
    )  # fmt: skip
    assert code == 0
    assert "you (South) alone against North and East (easy)" in out
    assert "West" not in out and "partner" not in out.lower()
    # The score bar: a line per player in play, the person's own as "You".
    bar = re.findall(r"^(North|East|You|West) +(-?\d+) points, (\d+) bags?", out, re.M)
    assert [name for name, _, _ in bar[:3]] == ["North", "East", "You"]
    # The bids in the order they are made: East, on the dealer's left, first.
    assert "Bids: East " in out and re.search(r"^Bids: East [^,]+, you -, North -$", out, re.M)
    # A hand of 17 cards.
    first_hand = re.search(r"^Your hand: (.*)$", out, re.M)
    assert first_hand is not None and len(first_hand.group(1).split()) == 17
    # After each hand, each player's own score, and the totals by player.
    totals, bags = [0, 0, 0], [0, 0, 0]
    lines = HAND_LINE.findall(out)
    assert [seat for seat, *_ in lines] == list("NES") * 2
    for seat, bid, took, total in lines:
        index = "NES".index(seat)
        points, bags[index] = points_by_the_rules(bid, int(took), bags[index])
        assert int(total) == points
        totals[index] += points
    assert [sum(int(took) for seat, _, took, _ in lines[i : i + 3]) for i in (0, 3)] == [17, 17]
    shown = [[int(n) for n in found] for found in SCORES_LINE.findall(out)]
    assert len(shown) == 2
    assert shown[-1] == [value for pair in zip(totals, bags) for value in pair]
    best = max(totals)
    assert totals.count(best) == 1
    winner = "NES"[totals.index(best)]
    assert (
        f"Game over. {winner} wins, N {totals[0]}, E {totals[1]}, S {totals[2]}, after 2 hands "
        "(the cap of 2 hands was reached)."
    ) in out
    # Then the score sheet: a line per player for each hand, and the result.
    sheet = out[out.rindex("hand dealer") :].splitlines()
    rows = [re.match(r"^ *(?:\d+ +[NES] +)?([NES]) ", line) for line in sheet[1:7]]
    assert [row.group(1) for row in rows if row is not None] == list("NES") * 2
    assert sheet[-1].startswith(f"{winner} wins, N {totals[0]}, E {totals[1]}, S {totals[2]}")


def test_two_people_at_a_table_of_three(
    monkeypatch: pytest.MonkeyPatch, random_computers: None
) -> None:
    person = Person(leave_at=2)
    code, out = run_play(
        monkeypatch, person, "--players", "2", "--rules", "cutthroat3", "--seed", "4", "--plain"
    )
    assert code == 0
    assert "South and North, each playing alone, against East (hard)" in out
    assert "Pass the terminal to North." in out and "North, your bid" in out
    assert re.search(r"^You +0 points, 0 bags", out, re.M)
    assert re.search(r"^South +0 points, 0 bags", out, re.M)  # on North's screen
    assert "West" not in out and "You left the game." in out


def test_a_hand_of_18_cards_is_shown_whole_and_within_the_screen() -> None:
    # The jokers deck for three: all 54 cards, 18 each. The first bidder leads the first trick,
    # every card but the spades playable, and marked so ([Qh]) on a plain screen.
    rules = RuleSet(players=3, partnerships=False, deck="jokers")
    for seed in range(50):
        state = bid_round(apply(new_game(rules), Deal.random(seed, rules)), *[Bid(5)] * 3)
        assert state.phase is Phase.PLAY and state.to_act is not None
        seen = view(state, state.to_act)
        if len(f"Your hand: {hand_line(seen, PLAIN)}") > 79:
            break
    else:  # pragma: no cover - the deals above hold such a hand
        raise AssertionError("no hand wider than the screen")
    assert len(seen.hand) == 18
    lines = screen(seen, PLAIN).splitlines()
    assert all(len(line) <= 79 for line in lines)
    # The hand on a line and the lines under it, each of these indented under the first suit.
    start = next(i for i, line in enumerate(lines) if line.startswith("Your hand: "))
    indent = " " * len("Your hand: ")
    more = [line for line in lines[start + 1 :] if line.startswith(indent)]
    assert more and lines[start + 1 : start + 1 + len(more)] == more
    words = " ".join([lines[start][len(indent) :], *more]).split()
    assert sorted(Card(word.strip("[]")) for word in words) == sorted(seen.hand)
    # The score bar: three lines, the person's own as "You".
    names = ["You" if seat is seen.seat else seat.full_name for seat in THREE_SEATS]
    assert [line.split()[0] for line in score_bar(seen, PLAIN)] == names


def test_spades_demo_seats_three(
    capsys: pytest.CaptureFixture[str], random_computers: None
) -> None:
    code = main(
        ["demo", "--rules", "cutthroat3", "--players", "easy", "hard", "medium", "--seed", "2",
         "--set", "max_hands=2"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "Players: N easy, E hard, S medium." in out
    state = Table([random_player] * 3, rules=CUTTHROAT.evolve(max_hands=2), seed=2).play()
    assert state.result is not None and len(state.scores) == 3
    assert out.rstrip().endswith(str(state.result))
    code = main(["demo", "--rules", "cutthroat3", "--players", "easy", "--set", "max_hands=1"])
    assert code == 0 and "Players: N easy, E easy, S easy." in capsys.readouterr().out
    code = main(
        ["demo", "--rules", "cutthroat3", "--players", "S=hard", "N=easy", "E=medium",
         "--set", "max_hands=1"]
    )  # fmt: skip
    assert code == 0 and "Players: N easy, E medium, S hard." in capsys.readouterr().out
    # Four levels for three seats, or a level for West, is a mistake, said in a sentence.
    for levels in (["easy"] * 4, ["N=easy", "E=easy", "W=easy"]):
        code = main(["demo", "--rules", "cutthroat3", "--players", *levels])
        err = capsys.readouterr().err
        assert code == 2 and err.startswith("spades: error: --players: The levels")
    assert err.endswith("The levels: West has no player at a table of 3: they sit at N, E and S.\n")


# -- the web table ---------------------------------------------------------------------------------


class ThreeRecorder(Recorder):
    """The web tests' observer, for a table of three: the cards each reply must not name are those
    of the two other seats in play."""

    def __call__(self, game: lobby.Game, seat: Seat, data: dict[str, Any]) -> None:
        state = game.table.state
        hidden = {
            str(card)
            for other in state.rules.seats
            if other is not seat
            for card in state.holding(other)
        }
        own = sorted(str(card) for card in state.holding(seat))
        self.sent.append((seat, json.loads(json.dumps(data)), hidden, own))


def create(the_lobby: lobby.Lobby, **request: Any) -> tuple[int, dict[str, Any]]:
    return the_lobby.handle("POST", "/api/games", body=json.dumps(request).encode())


def test_a_web_game_of_three_through_the_api(random_computers: None) -> None:
    recorder = ThreeRecorder()
    the_lobby = lobby.Lobby(observer=recorder)
    status, data = create(the_lobby, level="easy", rules="cutthroat3", seed=6)
    assert status == 201, data
    assert data["players"] == {"N": "easy", "E": "easy", "S": "person"}
    assert data["sides"] == {"N": ["N"], "E": ["E"], "S": ["S"]} and data["side"] == "S"
    game_id, token = data["game"], data["token"]
    path = f"/api/games/{game_id}/actions"
    actions = 0
    while data["view"]["phase"] not in ("hand_over", "game_over"):
        action = data["view"]["legal_actions"][0]
        body = json.dumps({"seat": "S", "token": token, "action": action}).encode()
        status, data = the_lobby.handle("POST", path, body=body)
        assert status == 200, data
        actions += 1
    assert actions == 18  # a bid and 17 cards
    seen = data["view"]
    assert set(seen["scores"]) == set(seen["bags"]) == set(seen["hand_sizes"]) == BY_SEAT
    assert sum(seen["tricks_taken"].values()) == 17 and len(seen["completed_tricks"]) == 17
    assert all(len(trick["plays"]) == 3 for trick in seen["completed_tricks"])
    (done,) = seen["history"]
    assert set(done["points"]) == BY_SEAT and done["scores"] == seen["scores"]
    recorder.check(Seat.S, at_least=18)
    # West has no player: asking for West's view is refused with the library's sentence.
    query = f"seat=W&token={token}"
    status, refused = the_lobby.handle("GET", f"/api/games/{game_id}", query)
    assert status == 400 and refused["error"] == {
        "reason": "bad_seat",
        "message": "West has no player at a table of 3: they sit at N, E and S.",
    }
    # Two people at three: South and North, North invited.
    status, data = create(the_lobby, mode="two", rules="cutthroat3", seed=6)
    assert status == 201 and data["players"] == {"N": "person", "E": "hard", "S": "person"}
    assert data["invite"]["seat"] == "N" and "seat=N" in data["invite"]["address"]
    # The new-game form learns which presets seat three.
    status, offer = the_lobby.handle("GET", "/api/presets")
    assert offer["tables"]["cutthroat3"] == {"players": 3, "partnerships": False}
    assert offer["tables"]["standard"] == {"players": 4, "partnerships": True}


@pytest.mark.browser
def test_a_person_plays_a_hand_of_three_in_the_browser(
    browser: Callable[[], Any],  # noqa: F811 (the fixture)
    random_computers: None,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    recorder = ThreeRecorder()
    the_lobby = lobby.Lobby(observer=recorder)
    with running(the_lobby) as server:
        driver = browser()
        driver.get(f"{server.url}?pause=0&seed=21")
        page_state(driver, ("setup",))
        Select(driver.find_element(By.ID, "level")).select_by_value("easy")
        Select(driver.find_element(By.ID, "rules")).select_by_value("cutthroat3")
        # Three always play alone: the box is ticked for good, and the table is said.
        alone = driver.find_element(By.ID, "alone")
        assert alone.is_selected() and not alone.is_enabled()
        assert "Three play, North, East and South" in driver.find_element(By.ID, "rules-note").text
        driver.find_element(By.ID, "start").click()
        page_state(driver, ("my-turn",))
        # A place for each seat in play: South at the bottom, North on its left, East on its
        # right, and nobody at the top.
        places = {
            position: driver.find_element(By.ID, f"pos-{position}")
            for position in ("bottom", "left", "top", "right")
        }
        assert not places["top"].is_displayed()
        assert [places[p].get_attribute("data-seat") for p in ("bottom", "left", "right")] == [
            "S",
            "N",
            "E",
        ]
        assert "17 cards" in places["left"].text and "17 cards" in places["right"].text
        boxes = driver.find_elements(By.CSS_SELECTOR, "#sides .side")
        assert [box.get_attribute("data-side") for box in boxes] == ["S", "N", "E"]
        assert len(driver.find_elements(By.CSS_SELECTOR, "#hand button.card")) == 17
        turns = 0
        while page_state(driver, ("my-turn", "hand-over")) == "my-turn":
            take_turn(driver)
            turns += 1
            assert turns <= 18
        assert turns == 18
        # The last trick: three cards, each in front of its player, the winner's lit.
        played = driver.find_elements(By.CSS_SELECTOR, "#trick .card.played")
        assert sorted(card.get_attribute("data-seat") for card in played) == ["E", "N", "S"]
        assert len(driver.find_elements(By.CSS_SELECTOR, "#trick .card.winner")) == 1
        assert not driver.find_element(By.ID, "slot-top").is_displayed()
        rows = driver.find_elements(By.CSS_SELECTOR, "#hand-score tr[data-side]")
        assert [row.get_attribute("data-side") for row in rows] == ["S", "N", "E"]
        (game,) = the_lobby._games.values()
        state = game.table.state
        assert state.phase is Phase.HAND_OVER and state.rules.players == 3
        for row in rows:
            seat = Seat.of(row.get_attribute("data-side"))
            cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            assert int(cells[3]) == state.last_score.points[seat]
            assert int(cells[4]) == state.scores[seat]
        assert console_errors(driver) == []
    recorder.check(Seat.S, at_least=18)
