"""The screen of ``spades play`` (cli/screen.py): the bids in the order they are made, the score
bar, the hand on its lines, and how cards look, at every table (tests/tables.py).

The option docs: partners score as the teams NS and EW; alone, "each scoring their own bid, nil,
bags and penalties, and a player wins on their own", so the score bar has a line per player; three
play at North, East and South, each alone, with 17 cards each (18 with the jokers deck); two play
at North and East.
"""

from __future__ import annotations

import io
import sys

import pytest

from spades import Bid, Card, Deal, Phase, RuleSet, Seat, apply, apply_counts, new_game, view
from spades.cli.news import scores_text
from spades.cli.screen import Style, fitted, hand_line, score_bar, screen
from spades.table import Table
from tables import TableKind

PLAIN = Style(colour=False, symbols=False, terminal=False)
# Every seat is 4-3-3-3 (as in test_views): N deals, E bids and leads first.
DEAL = Deal(("T74.J85.J85.AK32", "963.AKQ2.T74.J97", "852.T74.AKQ2.T86", "AKQJ.963.963.Q54"))


# -- the bids --------------------------------------------------------------------------------------


#: The seats round each table in the direction of play, written out as a witness of the order
#: the screen lists the bids in (the code under test asks the rules' compiled table).
ROUND_THE_TABLE = {
    "standard": "NESW",
    "partners_app": "NWSE",  # counterclockwise
    "solo_5_bags": "NESW",
    "cutthroat3": "NES",
    "two_player": "NE",
}


def bids_in_the_order_they_are_made(preset: str) -> None:
    """At each dealer in turn, the screen of the first to bid lists the bids from the dealer's
    left round the table, the person's own as "you"."""
    order = ROUND_THE_TABLE[preset]
    table = Table(["easy"] * len(order), rules=preset, seed=11)
    plain_style = Style(colour=False, symbols=False, terminal=False)
    dealers = set()
    while len(dealers) < len(order):
        table.step()
        state = table.state
        if state.phase is not Phase.BIDDING or state.bids != (None,) * len(order):
            continue
        dealers.add(state.dealer)
        seat = state.to_act
        assert seat is not None
        at = order.index(state.dealer.name)
        bidders = [Seat[name] for name in order[at + 1 :] + order[: at + 1]]
        assert bidders[0] is seat
        names = ["you" if each is seat else each.full_name for each in bidders]
        expected = "Bids: " + ", ".join(f"{name} -" for name in names)
        assert expected in screen(view(state, seat), plain_style).splitlines()


def test_the_bids_are_listed_in_the_order_they_are_made(table_kind: TableKind) -> None:
    bids_in_the_order_they_are_made(table_kind.preset)


def test_the_bids_are_listed_counterclockwise_when_play_goes_so() -> None:
    bids_in_the_order_they_are_made("partners_app")


# -- the score bar ---------------------------------------------------------------------------------

#: The score bar at each table once the seats in play have bid, from East on the dealer's left, 3,
#: nil, 2 and 4 in turn, seen by South (by East at two): a line per side that scores, the
#: person's own as "You", each with its points and bags and, in play, its bid and tricks won.
SCORE_BARS = {
    "partners": [
        "You and North      0 points, 0 bags; bid 4 + nil, won 0",
        "East and West      0 points, 0 bags; bid 5, won 0",
    ],
    "alone": [
        "North      0 points, 0 bags; bid 4, won 0",
        "East       0 points, 0 bags; bid 3, won 0",
        "You        0 points, 0 bags; bid nil, won 0",
        "West       0 points, 0 bags; bid 2, won 0",
    ],
    "three": [
        "North      0 points, 0 bags; bid 2, won 0",
        "East       0 points, 0 bags; bid 3, won 0",
        "You        0 points, 0 bags; bid nil, won 0",
    ],
    "two": [
        "North      0 points, 0 bags; bid nil, won 0",
        "You        0 points, 0 bags; bid 3, won 0",
    ],
}
#: The totals as the news of a hand gives them: by team, or by player.
TOTALS = {
    "partners": "NS 0 (0 bags), EW 0 (0 bags)",
    "alone": "N 0 (0 bags), E 0 (0 bags), S 0 (0 bags), W 0 (0 bags)",
    "three": "N 0 (0 bags), E 0 (0 bags), S 0 (0 bags)",
    "two": "N 0 (0 bags), E 0 (0 bags)",
}


def test_the_score_bar_has_a_line_per_side_and_shows_a_players_nil(table_kind: TableKind) -> None:
    rules = table_kind.rules
    state = apply(new_game(rules), DEAL if table_kind.players == 4 else Deal.random(1, rules))
    for bid in (Bid(3), Bid.NIL, Bid(2), Bid(4))[: table_kind.players]:  # from East in turn
        state = apply(state, bid)
    seen = view(state, Seat.S if table_kind.players > 2 else Seat.E)
    assert score_bar(seen, PLAIN) == SCORE_BARS[table_kind.id]
    assert scores_text(seen) == TOTALS[table_kind.id]


def test_the_score_bar_and_the_totals_in_partnerships_are_unchanged() -> None:
    state = apply_counts(new_game("standard"), [3, 4, 2, 2], [4, 4, 3, 2])
    assert scores_text(state) == "NS 52 (2 bags), EW 60 (0 bags)"
    lines = score_bar(view(apply(state, DEAL), Seat.S), PLAIN)
    assert lines == ["You and North     52 points, 2 bags", "East and West     60 points, 0 bags"]


# -- the hand --------------------------------------------------------------------------------------


def test_a_hand_of_18_cards_is_shown_whole_and_within_the_screen() -> None:
    # The jokers deck for three: all 54 cards, 18 each. The first bidder leads the first trick,
    # every card but the spades playable, and marked so ([Qh]) on a plain screen.
    rules = RuleSet(players=3, partnerships=False, deck="jokers")
    for seed in range(50):
        state = apply(new_game(rules), Deal.random(seed, rules))
        for _ in range(3):
            state = apply(state, Bid(5))
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
    names = ["You" if seat is seen.seat else seat.full_name for seat in (Seat.N, Seat.E, Seat.S)]
    assert [line.split()[0] for line in score_bar(seen, PLAIN)] == names


# -- how cards look --------------------------------------------------------------------------------


def test_colour_and_symbols_on_a_terminal_letters_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stdout", Terminal())
    rich = Style.choose(plain=False)
    assert rich.colour and rich.symbols
    assert rich.card(Card("Th")) == "\x1b[31m10♥\x1b[0m"
    assert Style.choose(plain=True).card(Card("Th")) == "10h"
    monkeypatch.setenv("NO_COLOR", "1")
    assert Style.choose(plain=False).card(Card("Qs")) == "Qs"
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not Style.choose(plain=False).colour

    class Latin1(Terminal):
        encoding = "latin-1"

    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stdout", Latin1())
    style = Style.choose(plain=False)
    assert style.colour and not style.symbols
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert not Style.choose(plain=False).colour  # not a terminal: no colour codes in a file


# -- the terminal's width --------------------------------------------------------------------------


def test_a_line_too_wide_is_broken_between_words_and_indented() -> None:
    line = "  NS bid 8 (N 5, S 3), took 9: contract made +80, 1 bag +1; bags now 10, penalty -100."
    assert len(line) == 86
    assert fitted(line).splitlines() == [
        "  NS bid 8 (N 5, S 3), took 9: contract made +80, 1 bag +1; bags now 10, penalty",
        "    -100.",
    ]
    # A line that fits keeps its runs of spaces; so does a wide one where it is not broken.
    table = "hand dealer      bid     took"
    assert fitted(table) == table
    suit = "As Ks Qs Js 10s"
    wide = "Your hand: " + "   ".join([suit] * 6)
    assert fitted(wide).splitlines() == [
        "Your hand: " + "   ".join([suit] * 4),  # 80 columns: fits
        "  " + "   ".join([suit] * 2),
    ]
    # Colour codes take no column; a word wider than the terminal stays whole.
    red = "\x1b[31mQh\x1b[0m"
    assert fitted(" ".join([red] * 26)) == " ".join([red] * 26)
    assert fitted("x" * 90 + " y").splitlines() == ["x" * 90, "  y"]
