"""``spades play``: a game in the terminal against computer players, or two people at one
terminal (the "vs Computer" and "2 Players" modes of the browser game the ``four_levels`` preset
follows). Under ``--set partnerships=false`` every player plays alone: the person has no partner,
and the scores are each player's own. Under ``--rules cutthroat3`` (or any rules with ``players``
3) three play, North, East and South, each alone, with 17 cards each (18 with the jokers deck).
Under ``--rules two_player`` (two-handed Spades, ``players`` 2) two play, North and East: they
draw their hands card by card, each card kept or discarded, then bid and play 13 tricks of two.

The front-end is built on the public API only: a :class:`~spades.table.Table` moves the game,
:meth:`~spades.table.Table.step` makes one computer move at a time so that each can be told as it
happens, a person's typed text is read by :meth:`~spades.state.TableQueries.parse_action` and
judged by the rules (:meth:`~spades.table.Table.act`), and the screen is drawn from the person's
:class:`~spades.views.SeatView` only, so it can show nothing that seat may not know.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections import deque
from collections.abc import Sequence
from typing import Any

from ..actions import Action, Bid, Deal, Discard, Draw, Exchange, Keep, Play, Redeal
from ..bots import Level
from ..cards import Card, Rank, Suit
from ..errors import RecordError, SpadesError
from ..records import dump, replay, score_sheet, to_record
from ..rules import OPTION_NAMES, RuleSet, ScoreDisplay, SpadesBreaking, option_text
from ..seats import Seat, Side, Team, side_seats
from ..standing import display_score
from ..state import GameState, Phase
from ..table import Table
from ..tricks import card_order, suit_played
from ..views import SeatView
from .common import InputError, level, open_for_writing, read_record, rules_from, shown

__all__ = ["add_play_parser", "play_command"]


#: The settings under which spades may not be led until they are broken.
_BROKEN_TO_LEAD = (SpadesBreaking.ANY_SPADE, SpadesBreaking.TRUMP_ONLY)


def add_play_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``play`` subcommand's options."""
    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description=(
            "Play a game in the terminal: you sit South with a Hard computer partner against two "
            "computer opponents at the level you pick (--level), or, with --players 2, two people "
            "on opposite teams share the terminal (South and West), each with a Hard computer "
            "partner, a cover screen hiding one person's cards from the other. With --set "
            "partnerships=false every player plays alone: you against three computers at the "
            "level you pick, or two people (South and West) against two Hard computers. With "
            "--rules cutthroat3 three play alone, North, East and South: you against two "
            "computers, or two people (South and North) against one Hard computer. With --rules "
            "two_player two play, North and East, drawing their hands card by card (keep or "
            "discard each card drawn): you (North) against a computer, or two people. Type a "
            "card (qh, 10s, Q♥), a bid (3, nil, blind nil) or, drawing, keep or discard; ? shows "
            "the rules and the commands."
        ),
    )
    play.add_argument(
        "--level",
        default="medium",
        metavar="LEVEL",
        help="your opponents' level: easy, medium, hard or expert (default: medium)",
    )
    play.add_argument(
        "--players",
        type=int,
        default=1,
        choices=(1, 2),
        metavar="N",
        help="1: you against the computers (default); 2: two people on opposite teams (or, "
        "every player alone, two people against the computers; under two_player, the two "
        "players)",
    )
    play.add_argument("--rules", metavar="PRESET", help="preset name (default: standard)")
    play.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    play.add_argument(
        "--target",
        type=int,
        choices=(250, 500),
        metavar="POINTS",
        help="the score that wins: 250 or 500 (default: the preset's)",
    )
    play.add_argument("--seed", type=int, help="random seed, for a repeatable game")
    play.add_argument(
        "--record", metavar="FILE", help="save the game to FILE when it ends or is left"
    )
    play.add_argument("--resume", metavar="FILE", help="continue the game saved in FILE")
    play.add_argument(
        "--plain",
        action="store_true",
        help="letters for suits and no colour (also under NO_COLOR, or where the terminal "
        "cannot show them)",
    )
    play.set_defaults(handler=play_command)


# -- how the screen looks ----------------------------------------------------------------------

_RESET = "\x1b[0m"
#: Clears the screen and the scrollback, so the other person cannot scroll back to a hand.
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"
_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The widest line of a hand's cards, in columns, before its suits go on to the next line.
_WIDTH = 79
#: An ANSI colour code, which takes no column on the screen.
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Style:
    """How text is shown: ANSI colour or none, suit symbols or letters."""

    def __init__(self, *, colour: bool, symbols: bool, terminal: bool) -> None:
        self.colour = colour
        self.symbols = symbols
        #: Whether standard output is a terminal (which the cover screen clears).
        self.terminal = terminal

    @classmethod
    def choose(cls, plain: bool) -> Style:
        """Colour and symbols on a terminal that shows them; letters and no colour with
        ``--plain``, under ``NO_COLOR``, on a ``dumb`` terminal, or into a file."""
        out = sys.stdout
        terminal = out.isatty()
        if plain or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
            return cls(colour=False, symbols=False, terminal=terminal)
        try:
            "♠♥♦♣".encode(out.encoding or "ascii")
            symbols = True
        except (LookupError, UnicodeEncodeError):
            symbols = False
        return cls(colour=terminal, symbols=symbols, terminal=terminal)

    def paint(self, text: str, *codes: str) -> str:
        if not self.colour or not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}{_RESET}"

    def card(self, card: Card, *codes: str) -> str:
        """``Q♥`` (``Qh`` in letters), the ten as ``10``; hearts and diamonds red; a joker
        ``BJ`` or ``LJ``."""
        if card.is_joker:
            return self.paint(str(card), *codes)
        rank = "10" if card.rank is Rank.TEN else str(card.rank)
        text = rank + (card.suit.symbol if self.symbols else str(card.suit))
        red = ("31",) if card.suit in _RED_SUITS else ()
        return self.paint(text, *red, *codes)

    def winner(self, card: Card) -> str:
        """The winning card of a trick, lit up."""
        text = self.card(card, "1", "7")
        return text if self.colour else f"*{text}*"


def _bids_in_order(state: SeatView) -> list[Seat]:
    """The seats in play in the order they bid: from the dealer's next seat, round the table."""
    seats = state.rules.seats
    at, step = seats.index(state.dealer), state.rules.direction.step
    return [seats[(at + step * turn) % len(seats)] for turn in range(1, len(seats) + 1)]


def _side_names(side: Side, seat: Seat) -> str:
    """Who scores as ``side``, from ``seat``: ``You and North``, ``East and West``; a player
    alone, ``You`` or ``East``."""
    if not isinstance(side, Team):
        return "You" if side is seat else side.full_name
    first, second = side.seats
    if seat in side.seats:
        return f"You and {seat.partner.full_name}"
    return f"{first.full_name} and {second.full_name}"


def _bid_range(bids: Sequence[Bid]) -> str:
    """The bids a seat may make, in short: ``1-13 or nil``, ``3-4, 6-13``, ``nil`` (blind nil is
    offered apart, before the cards are seen)."""
    numbers = sorted(bid.tricks for bid in bids if not bid.is_nil)
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts = [f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    text = ", ".join(parts)
    if any(bid.is_nil and not bid.blind for bid in bids):
        text = f"{text} or nil" if text else "nil"
    return text


def _blind_offer(bids: Sequence[Bid]) -> tuple[str, str]:
    """What a seat may bid blind, and what to type for it: ``('blind nil', "'blind nil'")``,
    ``('blind nil or a number blind (6-13)', "'blind nil' or 'blind 6'")``."""
    numbers = [bid.tricks for bid in bids if not bid.is_nil]
    what: list[str] = []
    typed: list[str] = []
    if any(bid.is_nil for bid in bids):
        what.append("blind nil")
        typed.append("'blind nil'")
    if numbers:
        what.append(f"a number blind ({_bid_range([b for b in bids if not b.is_nil])})")
        typed.append(f"'blind {numbers[0]}'")
    return " or ".join(what), " or ".join(typed)


def _unbid_text(rules: RuleSet) -> str:
    """What a hand played without bids is worth (``first_hand_trick_points``)."""
    points = rules.first_hand_trick_points
    each = f"{points} {'point' if points == 1 else 'points'}"
    return f"No bids this hand: each trick scores {each} (first_hand_trick_points)."


def score_bar(view: SeatView, style: Style) -> list[str]:
    """Each side's points and bags (under a ones-digit ``score_display``, the score as written,
    bags in its ones digit), and during a hand its bid and the tricks it has won: a line per
    team, or per player when every player plays alone."""
    lines = []
    in_hand = view.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY)
    sides = view.rules.sides
    width = max(len(_side_names(side, view.seat)) for side in sides)
    for index, side in enumerate(sides):
        score, bags = view.scores[index], view.bags[index]
        if view.rules.score_display is ScoreDisplay.SEPARATE_BAGS:
            shown = f"{score:>5} points, {bags} {'bag' if bags == 1 else 'bags'}"
        else:
            shown = f"{display_score(view.rules, score, bags):>5}"
        text = f"{_side_names(side, view.seat):<{width}}  {shown}"
        seats = side_seats(side)
        if in_hand:
            bids = [view.bids[seat] for seat in seats]
            if all(bid is not None for bid in bids):
                nils = [str(bid) for bid in bids if bid is not None and bid.is_nil]
                contract = sum(bid.tricks for bid in bids if bid is not None)
                if len(seats) == 1 and nils:  # a player alone who bid nil
                    text += f"; bid {nils[0]}"
                else:
                    text += f"; bid {contract}" + (f" + {' + '.join(nils)}" if nils else "")
            taken = sum(view.trick_counts[seat] for seat in seats)
            if view.phase is Phase.PLAY:
                text += f", won {taken}"
        lines.append(style.paint(text, "1") if view.seat in seats else text)
    return lines


def _trick_text(plays: Sequence[tuple[Seat, Card]], winner: Seat | None, style: Style) -> str:
    return "  ".join(
        f"{seat.full_name} {style.winner(card) if seat is winner else style.card(card)}"
        for seat, card in plays
    )


def _hand_groups(view: SeatView, style: Style) -> list[str]:
    """The seat's cards as :func:`hand_line` shows them, a text for each suit it holds."""
    playable = {action.card for action in view.legal_actions if isinstance(action, Play)}
    marking = view.phase is Phase.PLAY and bool(playable)
    deck = view.rules.deck
    groups = []
    for suit in _SUIT_ORDER:
        cards = sorted(
            (card for card in view.hand if suit_played(card, deck) is suit),
            key=lambda card: card_order(card, deck),
            reverse=True,
        )
        if not cards:
            continue
        shown_cards = []
        for card in cards:
            if not marking:
                shown_cards.append(style.card(card))
            elif card in playable:
                text = style.card(card, "1", "4")
                shown_cards.append(text if style.colour else f"[{text}]")
            else:
                shown_cards.append(style.card(card, "2"))
        groups.append(" ".join(shown_cards))
    return groups


def hand_line(view: SeatView, style: Style) -> str:
    """The seat's cards by the suit each plays as (a joker or a high deuce with the spades),
    spades first, high to low; in play, the playable ones marked."""
    return "   ".join(_hand_groups(view, style)) or "(no cards)"


def _wrapped(label: str, groups: Sequence[str]) -> list[str]:
    """``label`` and ``groups`` (a suit's cards each) on one line when they fit in
    :data:`_WIDTH` columns; otherwise on as many lines as they need, a whole suit to a line at
    least, each line after the first indented under the first group. A hand of 17 or 18 cards
    (three players) marked for play is wider than a terminal."""
    if not groups:
        return [f"{label}(no cards)"]
    lines = [label + groups[0]]
    indent = " " * len(label)
    for group in groups[1:]:
        joined = f"{lines[-1]}   {group}"
        if len(_ANSI.sub("", joined)) <= _WIDTH:
            lines[-1] = joined
        else:
            lines.append(indent + group)
    return lines


def screen(view: SeatView, style: Style, *, show_hand: bool = True) -> str:
    """What a person sees at their turn, drawn from their seat's view only."""
    rules = view.rules
    lines = [
        style.paint(
            f"Hand {view.hand_number}, dealt by {view.dealer.full_name}; game to "
            f"{rules.target_score}",
            "1",
        )
    ]
    lines += score_bar(view, style)
    if view.phase is Phase.PLAY and all(bid is None for bid in view.bids):
        lines.append(_unbid_text(rules))
    if view.phase is Phase.DRAW:
        lines += _draw_lines(view)
    if view.phase in (Phase.BIDDING, Phase.EXCHANGE):
        bids = []
        for seat in _bids_in_order(view):
            bid = view.bids[seat]
            name = "you" if seat is view.seat else seat.full_name
            bids.append(f"{name} {'-' if bid is None else bid}")
        lines.append("Bids: " + ", ".join(bids))
    if view.phase is Phase.PLAY:
        last = view.completed_tricks[-1] if view.completed_tricks else None
        if last is not None:
            number = len(view.completed_tricks)
            winner = last.winner
            who = "" if winner is None else f", won by {winner.full_name}"
            lines.append(f"Trick {number}{who}: {_trick_text(last.plays, winner, style)}")
        trick = view.current_trick
        number = len(view.completed_tricks) + 1
        if trick is not None and trick.plays:
            lines.append(f"Trick {number}: {_trick_text(trick.plays, trick.winner, style)}")
        else:
            lines.append(f"Trick {number}: you lead.")
        breaking = view.rules.spades_breaking
        if breaking is SpadesBreaking.AFTER_FIRST_TRICK and not view.completed_tricks:
            lines.append("Spades may be led from the second trick.")
        elif not view.spades_broken and breaking in _BROKEN_TO_LEAD:
            lines.append("Spades are not broken yet.")
    if show_hand:
        lines += _wrapped("Your hand: ", _hand_groups(view, style))
        if view.discard_counts and view.phase in (Phase.DRAW, Phase.BIDDING, Phase.PLAY):
            # Two-handed Spades: the cards this seat discarded, which only it has seen.
            lines.append(
                "Discarded: " + (" ".join(style.card(card) for card in view.discards) or "none")
            )
        drawn = view.drawn_card
        if drawn is not None:
            lines.append(
                f"You drew {style.card(drawn)}: keep it (the next card is discarded) or discard "
                "it (and keep the next card)."
            )
        plays = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if plays:
            lines.append("You can play: " + " ".join(style.card(card) for card in sorted(plays)))
    return "\n".join(lines)


def _draw_lines(view: SeatView) -> list[str]:
    """Where the draw stands (two-handed Spades): the cards left in the stock, and how many each
    player has kept and discarded; the other's cards are counts only."""
    counts = []
    for seat in view.rules.seats:
        name = "you" if seat is view.seat else seat.full_name
        counts.append(f"{name} {view.hand_sizes[seat]} kept, {view.discard_counts[seat]} discarded")
    return [f"Drawing the hands: {view.stock_size} cards left to draw; " + "; ".join(counts) + "."]


def draw_news(before: GameState, action: Action, after: GameState, style: Style) -> str | None:
    """What only the drawer learns from a card drawn (two-handed Spades): the card after one
    kept or discarded, which goes the other way at once, ``The next card, 7♣, is discarded.``;
    None for any other action."""
    seat = before.to_act
    if not isinstance(action, Draw) or seat is None or after.drawn_card is not None:
        return None
    kept = action.card in after.holding(seat)
    fate = "goes to your hand" if kept else "is discarded"
    return f"The next card, {style.card(action.card)}, {fate}."


# -- what happened, told as it happens ---------------------------------------------------------


def scores_text(state: GameState | SeatView) -> str:
    """Each side's total and bags as the rules' ``score_display`` writes them:
    ``NS 120 (3 bags), EW 80 (0 bags)``, or every player alone ``N 41 (1 bag), E -100 (0 bags),
    ...``."""
    rules = state.rules
    return ", ".join(
        f"{side} {display_score(rules, score, bags)}"
        for side, score, bags in zip(rules.sides, state.scores, state.bags)
    )


def tell(before: GameState, action: Action, after: GameState, style: Style) -> list[str]:
    """What everyone at the table saw happen: ``West plays K♥.``, who won a trick, the hand's
    score."""
    lines = []
    seat = before.to_act
    if isinstance(action, Deal):
        lines.append(f"Hand {after.hand_number}: {after.dealer.full_name} deals.")
        if after.phase is Phase.PLAY:  # a hand played without bids (first_hand_trick_points)
            lines.append(_unbid_text(after.rules))
    elif isinstance(action, Draw):  # the card is the drawer's to see: only the draw is told
        if before.needs_deal:
            first = after.to_act
            assert first is not None
            lines.append(
                f"Hand {after.hand_number}, dealt by {after.dealer.full_name}: the players draw "
                f"their hands, {first.full_name} first."
            )
        if after.phase is not Phase.DRAW:
            size = len(after.holding(after.rules.seats[0]))
            lines.append(f"The hands are drawn: {size} cards each.")
    elif isinstance(action, (Keep, Discard)) and seat is not None:
        lines.append(
            f"{seat.full_name} keeps a card drawn and discards the next."
            if isinstance(action, Keep)
            else f"{seat.full_name} discards a card drawn and keeps the next."
        )
    elif isinstance(action, Bid) and seat is not None:
        lines.append(f"{seat.full_name} bids {action}.")
    elif isinstance(action, Redeal) and seat is not None:
        lines.append(
            f"{seat.full_name} calls for a redeal: the hand is thrown in and "
            f"{after.dealer.full_name} deals again."
        )
    elif isinstance(action, Exchange) and seat is not None:  # only between partners
        count = len(action.cards)
        lines.append(
            f"{seat.full_name} passes {count} {'card' if count == 1 else 'cards'} to "
            f"{seat.partner.full_name}."
        )
    elif isinstance(action, Play) and seat is not None:
        lines.append(f"{seat.full_name} plays {style.card(action.card)}.")
        if len(after.completed_tricks) > len(before.completed_tricks):
            trick = after.completed_tricks[-1]
            winner = trick.winner
            if winner is not None:
                card = dict(trick.plays)[winner]
                lines.append(
                    f"{winner.full_name} wins trick {len(after.completed_tricks)} with "
                    f"{style.winner(card)}."
                )
    if len(after.history) > len(before.history):
        done = after.history[-1]
        lines.append(f"Hand {done.number} is over:")
        lines += [f"  {team.explain()}" for team in done.score.teams]
        lines.append(f"  Scores: {scores_text(after)}.")
    if after.result is not None and before.result is None:
        lines.append(style.paint(f"Game over. {after.result}", "1"))
    return lines


# -- the game ------------------------------------------------------------------------------------


_HELP = """Type a card (qh, 10s, Q♥) when you play, a bid (3, nil, blind nil) when you bid (or
redeal, where the rules let your hand be thrown in), the cards to pass (2c 3d) in a nil or
blind nil exchange, or keep (k) or discard (d) for a card you drew (two-handed Spades: the next
card goes the other way). Other commands:
  ?        this help and the rules in force
  sheet    the score sheet so far
  undo     take back your last action (playing alone: a practice game)
  quit     leave the game (Ctrl-C or Ctrl-D too); you are offered to save it"""


class _Leave(Exception):
    """The person asked to leave."""


class Session:
    """One game at the terminal: the table, the people, and what each has yet to see."""

    def __init__(
        self, table: Table, style: Style, *, record: str | None, preset: str | None
    ) -> None:
        self.table = table
        self.style = style
        self.record = record
        self.preset = preset
        self.people = table.people
        self.hot_seat = len(self.people) > 1
        #: What each person has not seen yet (with two people, told after the cover screen).
        self.unseen: dict[Seat, list[str]] = {seat: [] for seat in self.people}
        self.last_person: Seat | None = None
        #: (hand number, seat) of the people who have looked at their cards this hand.
        self.looked: set[tuple[int, Seat]] = set()

    # -- output --------------------------------------------------------------------------------

    def say(self, *lines: str, actor: Seat | None = None) -> None:
        """Tell the table: at once to one person; with two, kept for each until their turn."""
        if not self.hot_seat:
            for line in lines:
                print(line)
            return
        for seat in self.people:
            if seat is not actor:
                self.unseen[seat].extend(lines)

    def tell_one(self, seat: Seat, line: str) -> None:
        """Tell one person what only they may know: at once when they are alone at the
        terminal; with two, kept for them until their turn."""
        if self.hot_seat:
            self.unseen[seat].append(line)
        else:
            print(line)

    def clear(self) -> None:
        # Into a file or a pipe there is no screen to clear: a line marks where it would be.
        if self.style.terminal:
            print(_CLEAR, end="")
        else:
            print("\n" + "-" * 30 + " (screen cleared) " + "-" * 30)

    def cover(self, seat: Seat) -> None:
        """Hide the cards on screen until ``seat`` is at the terminal."""
        self.clear()
        print(
            f"Pass the terminal to {seat.full_name}. Nobody else may look at the screen until "
            f"{seat.full_name} has played."
        )
        input(f"{seat.full_name}, press Enter to see your cards: ")
        self.clear()

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        try:
            self.loop()
        except (KeyboardInterrupt, EOFError, _Leave) as why:
            if not isinstance(why, _Leave):
                print()
            print("You left the game.")
            self.leave()
            return 0
        if self.record is not None:
            self.save(self.record)
        return 0

    def loop(self) -> None:
        table = self.table
        while not table.is_over:
            seat = table.waiting_for
            if seat is None:
                before = table.state
                action = table.step()
                if action is not None:
                    news = draw_news(before, action, table.state, self.style)
                    drawer = before.to_act
                    if news is not None and drawer in self.people:
                        self.tell_one(drawer, news)
                    self.say(*tell(before, action, table.state, self.style))
                continue
            self.turn(seat)
        if self.hot_seat:  # the cards are all played: both may look now
            self.clear()
            result = table.state.result
            print(self.style.paint(f"Game over. {result}", "1"))
        print(score_sheet(table.state))

    def turn(self, seat: Seat) -> None:
        """A person's turn: (with two people, the cover screen first), what happened since their
        last turn, the screen, then their input until it is a legal action or a command."""
        if self.hot_seat and seat is not self.last_person:
            self.cover(seat)
        self.last_person = seat
        if self.hot_seat and self.unseen[seat]:
            print("Since your last turn:")
            print("\n".join("  " + line for line in self.unseen[seat]))
            self.unseen[seat].clear()
        view = self.table.view(seat)
        key = (view.hand_number, seat)
        if view.phase is Phase.BIDDING and key not in self.looked:
            blind = [a for a in view.legal_actions if isinstance(a, Bid) and a.blind]
            if blind:
                print()
                print(screen(view, self.style, show_hand=False))
                what, typed = _blind_offer(blind)
                answer = input(
                    f"You may bid {what}, before you look at your cards: type {typed}, "
                    "or press Enter to see your cards: "
                )
                if answer.strip() and self.act(view, answer):
                    return
            self.looked.add(key)
        print()
        print(screen(view, self.style))
        while True:
            text = input(self.prompt(view))
            if self.act(view, text):
                return

    def prompt(self, view: SeatView) -> str:
        you = f"{view.seat.full_name}, your" if self.hot_seat else "Your"
        if view.phase is Phase.BIDDING:
            bids = [a for a in view.legal_actions if isinstance(a, Bid) and not a.blind]
            redeal = ", or redeal" if any(isinstance(a, Redeal) for a in view.legal_actions) else ""
            return f"{you} bid ({_bid_range(bids)}{redeal}; ? for help): "
        if view.phase is Phase.EXCHANGE:
            count = next(len(a.cards) for a in view.legal_actions if isinstance(a, Exchange))
            # An exchange is between partners, so a seat in the exchange has one.
            to = view.seat.partner.full_name
            return f"{you} {count} cards to pass to {to} (like 2c 3d): "
        if view.phase is Phase.DRAW:
            drawn = view.drawn_card
            card = "" if drawn is None else f" {self.style.card(drawn)}"
            return f"{you} card{card}: keep or discard? (k, d; ? for help): "
        return f"{you} card (? for help): "

    def act(self, view: SeatView, text: str) -> bool:
        """Do what the person typed: True once an action is made (or undone)."""
        command = text.strip().lower()
        if not command:
            return False
        if command in ("?", "help"):
            print(_HELP)
            print("\nThe rules in force:")
            print("\n".join(option_text(name, getattr(view.rules, name)) for name in OPTION_NAMES))
            return False
        if command in ("quit", "exit", "leave"):
            raise _Leave
        if command == "sheet":
            print(score_sheet(self.table.state))
            return False
        if command == "undo":
            return self.undo()
        if view.phase is Phase.DRAW:
            text = {"k": "keep", "d": "discard"}.get(command, text)
        try:
            action = view.parse_action(text)
        except SpadesError as error:
            print(error.message)
            return False
        if (
            isinstance(action, Bid)
            and action.blind
            and (view.hand_number, view.seat) in self.looked
        ):
            what = "blind nil" if action.is_nil else "a number blind"
            print(f"You have looked at your cards, so you can no longer bid {what}.")
            return False
        before = self.table.state
        try:
            self.table.act(action, advance=False)
        except SpadesError as error:
            print(error.message)
            return False
        if isinstance(action, Redeal):  # a new deal: nobody has looked at its cards yet
            self.looked = {key for key in self.looked if key[0] != view.hand_number}
        self.say(*tell(before, action, self.table.state, self.style), actor=view.seat)
        return True

    def undo(self) -> bool:
        if self.hot_seat:
            print("With two people at the table an action stays made: the other person saw it.")
            return False
        try:
            self.table.undo()
        except SpadesError as error:
            print(error.message)
            return False
        print("Your last action is taken back.")
        return True

    # -- saving ----------------------------------------------------------------------------------

    def save(self, path: str) -> bool:
        try:
            file = open_for_writing(path)
        except SpadesError as error:
            print(error.message)
            return False
        with file:
            dump(to_record(self.table.state, preset=self.preset), file, indent=2)
            file.write("\n")
        print(f"Saved the game to {shown(path)}.")
        if not self.table.is_over:
            print(f"Continue it with: spades play --resume {shown(path)}")
        return True

    def leave(self) -> None:
        """Save the game as --record asks, or offer to."""
        if self.table.is_over:
            return
        if self.record is not None:
            self.save(self.record)
            return
        while True:
            try:
                path = input("Save the game to continue later? A file name, or Enter for no: ")
            except (KeyboardInterrupt, EOFError):
                print()
                path = ""
            if not path.strip():
                print("The game is not saved.")
                return
            if self.save(path.strip()):
                return


def _names(seats: Sequence[Seat]) -> str:
    """``North``, ``North and East``, ``North, East and West``."""
    names = [seat.full_name for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _resume(path: str) -> tuple[GameState, str | None]:
    record = read_record(path)
    try:
        state = deque(replay(record), maxlen=1)[0][0]  # the last state
    except RecordError as error:
        raise InputError(shown(path), error.message) from None
    if state.is_over:
        raise InputError(shown(path), f"that game is over: {state.result}")
    return state, record.preset


def play_command(args: argparse.Namespace) -> int:
    opponents = level("--level", args.level)
    if args.resume is not None:
        if args.rules is not None or args.set or args.target is not None:
            raise InputError(
                "--resume",
                "a saved game keeps its own rules; leave out --rules, --set and --target.",
            )
        state: GameState | None
        state, preset = _resume(args.resume)
        rules: RuleSet | None = None
    else:
        state = None
        args.rules = args.rules or "standard"
        preset, rules = rules_from(args)
        if args.target is not None:
            rules = rules.evolve(target_score=args.target)
    if args.record is not None:  # a file that cannot be written is said now, not at the end
        open_for_writing(args.record, keep=True).close()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rules_now = state.rules if state is not None else rules
    assert rules_now is not None
    alone = not rules_now.partnerships
    seats = rules_now.seats
    players: list[Level | None] = [opponents] * len(seats)
    people: tuple[Seat, ...]
    if args.players == 2:
        # Opposite teams at four, South and West; at a table of three, South and North, the seat
        # on South's left as West is at four; at a table of two, both, North and East.
        people = (Seat.S, Seat.W) if len(seats) == 4 else (Seat.S, Seat.N)
        if len(seats) == 2:
            people = seats
        players = [Level.HARD] * len(seats)
    else:
        # South; North at a table of two, where South has no player.
        people = (Seat.S,) if Seat.S in seats else (Seat.N,)
        if not alone:
            players[Seat.N] = Level.HARD
    for seat in people:
        players[seat] = None
    table = Table(players, rules=rules, seed=seed, state=state)
    style = Style.choose(args.plain)
    computers = [seat for seat in seats if seat not in people]
    others = _names(computers) if computers else ""
    you = people[0].full_name
    if args.players == 2:
        who = (
            f"{_names(people)}, each playing alone"
            + (f", against {others} (hard)" if others else ", one against the other")
            if alone
            else "South and West, each with a Hard computer partner"
        )
    elif alone:
        who = f"you ({you}) alone against {others} ({opponents})"
    else:
        who = f"you (South) and North (hard) against East and West ({opponents})"
    print(
        f"spades play: {preset or 'custom'} rules, game to {rules_now.target_score}; {who}. "
        f"Seed {seed}. Type ? for help."
    )
    if state is not None:
        print(f"Resuming hand {state.hand_number} from {shown(args.resume)}.")
    return Session(table, style, record=args.record or None, preset=preset).run()
