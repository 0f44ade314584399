"""What a person at the terminal sees of a seat's view: the style of the text (colour, suit
symbols or letters), the screen drawn at their turn (the score bar, the bids, the trick on the
table, their hand with the playable cards marked) and the short texts of what they may bid.

Everything here is drawn from a :class:`~spades.views.SeatView` alone, so it can show nothing
that seat may not know.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence

from .._kernel.bidding import side_bids
from .._kernel.table import table_of
from ..actions import Bid, Play
from ..cards import Card, Rank, Suit
from ..phase import Phase
from ..rules import DealMethod, RuleSet, ScoreDisplay, SpadesBreaking
from ..seats import Seat, Side, Team
from ..standing import display_score
from ..tricks import card_order, suit_played
from ..views import SeatView

__all__ = [
    "COLUMNS",
    "Style",
    "bid_range",
    "blind_offer",
    "fitted",
    "hand_line",
    "score_bar",
    "screen",
    "unbid_text",
]

#: The settings under which spades may not be led until they are broken.
_BROKEN_TO_LEAD = (SpadesBreaking.ANY_SPADE, SpadesBreaking.TRUMP_ONLY)

_RESET = "\x1b[0m"
_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The columns of the terminal the game is drawn for: every line it prints fits in them.
COLUMNS = 80
#: The widest line of a hand's cards, in columns, before its suits go on to the next line.
_WIDTH = COLUMNS - 1
#: An ANSI colour code, which takes no column on the screen.
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: A run of spaces, and the text between.
_SPACES = re.compile(r"( +)")


def _columns(text: str) -> int:
    """How many columns ``text`` takes on the screen (its colour codes none)."""
    return len(_ANSI.sub("", text))


def fitted(text: str, width: int = COLUMNS) -> str:
    """``text`` with each line wider than ``width`` columns broken at its spaces, the lines
    after the first indented two more than it, so that nothing wraps mid-word on a terminal of
    that width. A line that fits is left as it is (its runs of spaces too); a word wider than
    the terminal stays whole."""
    lines: list[str] = []
    for line in text.split("\n"):
        lines += _fitted_line(line, width)
    return "\n".join(lines)


def _fitted_line(line: str, width: int) -> list[str]:
    if _columns(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    parts = _SPACES.split(body)  # words, and the runs of spaces between them
    lines = [indent + parts[0]]
    for spaces, word in zip(parts[1::2], parts[2::2]):
        joined = lines[-1] + spaces + word
        if _columns(joined) <= width or not lines[-1].strip():
            lines[-1] = joined
        else:
            lines.append(f"{indent}  {word}")
    return lines


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


def _bids_in_order(view: SeatView) -> list[Seat]:
    """The seats in play in the order they bid: from the first bidder (the dealer's next seat, or
    the dealer under ``dealer_bids_first``), round the table."""
    return [Seat(seat) for seat in table_of(view.rules).bidding_orders[view.dealer]]


def _side_names(side: Side, view: SeatView) -> str:
    """Who scores as ``side``, from the view's seat: ``You and North``, ``East and West``; a
    player alone, ``You`` or ``East``."""
    if not isinstance(side, Team):
        return "You" if side is view.seat else side.full_name
    first, second = side.seats
    partner = view.partner
    if view.seat in side.seats and partner is not None:
        return f"You and {partner.full_name}"
    return f"{first.full_name} and {second.full_name}"


def bid_range(bids: Sequence[Bid]) -> str:
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


def blind_offer(bids: Sequence[Bid]) -> tuple[str, str]:
    """What a seat may bid blind, and what to type for it: ``('blind nil', "'blind nil'")``,
    ``('blind nil or a number blind (6-13)', "'blind nil' or 'blind 6'")``."""
    numbers = [bid.tricks for bid in bids if not bid.is_nil]
    what: list[str] = []
    typed: list[str] = []
    if any(bid.is_nil for bid in bids):
        what.append("blind nil")
        typed.append("'blind nil'")
    if numbers:
        what.append(f"a number blind ({bid_range([b for b in bids if not b.is_nil])})")
        typed.append(f"'blind {numbers[0]}'")
    return " or ".join(what), " or ".join(typed)


def unbid_text(rules: RuleSet) -> str:
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
    side_seats = table_of(view.rules).side_seats
    width = max(len(_side_names(side, view)) for side in sides)
    for index, side in enumerate(sides):
        score, bags = view.scores[index], view.bags[index]
        if view.rules.score_display is ScoreDisplay.SEPARATE_BAGS:
            shown = f"{score:>5} points, {bags} {'bag' if bags == 1 else 'bags'}"
        else:
            shown = f"{display_score(view.rules, score, bags):>5}"
        text = f"{_side_names(side, view):<{width}}  {shown}"
        seats = side_seats[index]
        if in_hand:
            bids = [view.bids[seat] for seat in seats]
            if all(bid is not None for bid in bids):
                nils = [str(bid) for bid in bids if bid is not None and bid.is_nil]
                pairs = [None if bid is None else (bid.tricks, bid.blind) for bid in bids]
                contract = side_bids(table_of(view.rules), pairs)
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


def _by_suit(cards: Iterable[Card], rules: RuleSet) -> list[list[Card]]:
    """``cards`` by the suit each plays as (a joker or a high deuce with the spades), spades
    first, high to low: the order the hand is shown in."""
    deck = rules.deck
    groups = []
    for suit in _SUIT_ORDER:
        group = sorted(
            (card for card in cards if suit_played(card, deck) is suit),
            key=lambda card: card_order(card, deck),
            reverse=True,
        )
        if group:
            groups.append(group)
    return groups


def _hand_groups(view: SeatView, style: Style) -> list[str]:
    """The seat's cards as :func:`hand_line` shows them, a text for each suit it holds."""
    playable = {action.card for action in view.legal_actions if isinstance(action, Play)}
    marking = view.phase is Phase.PLAY and bool(playable)
    groups = []
    for cards in _by_suit(view.hand, view.rules):
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


def screen(view: SeatView, style: Style, *, show_hand: bool = True, why: Sequence[str] = ()) -> str:
    """What a person sees at their turn, drawn from their seat's view only; ``why``, the rules'
    sentences for the held cards that may not be played (each reason once), shown below the
    cards that may."""
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
        lines.append(unbid_text(rules))
    if view.phase is Phase.DRAW:
        lines += _draw_lines(view)
    if view.phase is Phase.BURY:
        lines.append(
            "You take the two cards left over: discard any two of your "
            f"{len(view.hand)} face down before the bidding."
        )
    # In play a team's line above has its contract only: the partners' own bids are told here
    # (a player alone has its bid on its line).
    if view.phase in (Phase.BIDDING, Phase.EXCHANGE) or (
        view.phase is Phase.PLAY
        and rules.partnerships
        and any(bid is not None for bid in view.bids)
    ):
        lines.append(_bids_line(view))
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
        if not why:  # else the rules' own sentences say it below the cards
            lines += _spades_lines(view)
    if show_hand:
        lines += _wrapped("Your hand: ", _hand_groups(view, style))
        drawing = view.rules.deal_method is DealMethod.DRAW_KEEP_DISCARD
        if (view.discards or (drawing and view.discard_counts)) and view.phase in _DISCARDED:
            # Two-handed Spades, or the dealer's discard of the spare cards: the cards this seat
            # discarded, which only it has seen.
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
            groups = [" ".join(map(style.card, cards)) for cards in _by_suit(plays, rules)]
            lines += _wrapped("You can play: ", groups)
            lines += [f"Why not the others: {sentence}" for sentence in why]
    return "\n".join(lines)


def _spades_lines(view: SeatView) -> list[str]:
    """Whether spades may be led yet, where the rules keep them back."""
    breaking = view.rules.spades_breaking
    if breaking is SpadesBreaking.AFTER_FIRST_TRICK and not view.completed_tricks:
        return ["Spades may be led from the second trick."]
    if not view.spades_broken and breaking in _BROKEN_TO_LEAD:
        return ["Spades are not broken yet."]
    return []


def _bids_line(view: SeatView) -> str:
    """The bids in the order they are made, the person's own as "you"; in play, with the
    tricks each has won."""
    bids = []
    for seat in _bids_in_order(view):
        bid = view.bids[seat]
        name = "you" if seat is view.seat else seat.full_name
        won = f" (won {view.trick_counts[seat]})" if view.phase is Phase.PLAY else ""
        bids.append(f"{name} {'-' if bid is None else bid}{won}")
    return "Bids: " + ", ".join(bids)


#: The phases in which a seat's discards are shown with its hand.
_DISCARDED = (Phase.DRAW, Phase.BIDDING, Phase.PLAY)


def _draw_lines(view: SeatView) -> list[str]:
    """Where the draw stands (two-handed Spades): the cards left in the stock, and how many each
    player has kept and discarded; the other's cards are counts only."""
    counts = []
    for seat in view.rules.seats:
        name = "you" if seat is view.seat else seat.full_name
        counts.append(f"{name} {view.hand_sizes[seat]} kept, {view.discard_counts[seat]} discarded")
    return [f"Drawing the hands: {view.stock_size} cards left to draw; " + "; ".join(counts) + "."]
