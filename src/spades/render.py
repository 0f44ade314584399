"""A table as text: one line for a repr, a few lines for a person.

:func:`draw_table` draws a :class:`~spades.state.GameState` or a seat's
:class:`~spades.views.SeatView` (anything :class:`TableLike`): a heading, the scores, a line per
seat, the draw or the trick; :func:`moment_text` is the one line a repr shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ._kernel.bidding import side_bids, unbid_hand
from ._kernel.deal import DRAWN_CARDS
from ._kernel.table import table_of
from ._text import plural
from .actions import Bid, bid_text
from .cards import Card
from .hands import Hand
from .phase import Phase
from .rules import RuleSet, SpadesBreaking
from .score import GameResult
from .seats import Seat, side_seats
from .standing import display_score
from .tricks import CompletedHand, Trick

__all__: list[str] = []


class TableLike(Protocol):
    """What :func:`draw_table` reads: a :class:`GameState` or a :class:`~spades.views.SeatView`.

    Each member means what the :class:`GameState` field of the same name means.
    """

    @property
    def phase(self) -> Phase:
        """See :attr:`GameState.phase`."""
        ...

    @property
    def hand_number(self) -> int:
        """See :attr:`GameState.hand_number`."""
        ...

    @property
    def dealer(self) -> Seat:
        """See :attr:`GameState.dealer`."""
        ...

    @property
    def to_act(self) -> Seat | None:
        """See :attr:`GameState.to_act`."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """See :attr:`GameState.scores`."""
        ...

    @property
    def bags(self) -> tuple[int, ...]:
        """See :attr:`GameState.bags`."""
        ...

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """See :attr:`GameState.bids`."""
        ...

    @property
    def trick_counts(self) -> tuple[int, ...]:
        """See :attr:`GameState.trick_counts`."""
        ...

    @property
    def spades_broken(self) -> bool:
        """See :attr:`GameState.spades_broken`."""
        ...

    @property
    def result(self) -> GameResult | None:
        """See :attr:`GameState.result`."""
        ...

    @property
    def history(self) -> tuple[CompletedHand, ...]:
        """See :attr:`GameState.history`."""
        ...

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """See :attr:`GameState.completed_tricks`."""
        ...

    @property
    def current_trick(self) -> Trick | None:
        """See :attr:`GameState.current_trick`."""
        ...

    @property
    def rules(self) -> RuleSet:
        """See :attr:`GameState.rules`."""
        ...

    @property
    def drawn_card(self) -> Card | None:
        """See :attr:`GameState.drawn_card` (None where the card is not shown)."""
        ...

    @property
    def stock_size(self) -> int:
        """See :attr:`GameState.stock_size`."""
        ...

    @property
    def discard_counts(self) -> tuple[int, ...]:
        """See :attr:`GameState.discard_counts`."""
        ...


_DOING = {
    Phase.DRAW: "to draw",
    Phase.BURY: "to discard two cards",
    Phase.BIDDING: "to bid",
    Phase.EXCHANGE: "to pass cards",
    Phase.PLAY: "to play",
}


def moment_text(table: TableLike, extra: str = "") -> str:
    """A table's moment on one line, for a repr: ``play hand=1 to_act=Seat.E scores=NS 0/EW 0
    bags=0/0``, with ``extra`` after whose turn it is and the winner once the game is over."""
    act = table.to_act
    who = f" to_act={act!r}" if act is not None else ""
    result = table.result
    winner = ""
    if result is not None:
        winner = " winner=" + ("shared" if result.winner is None else str(result.winner))
    scores = "/".join(f"{side} {score}" for side, score in zip(table.rules.sides, table.scores))
    bags = "/".join(str(count) for count in table.bags)
    return f"{table.phase} hand={table.hand_number}{who}{extra} scores={scores} bags={bags}{winner}"


def draw_table(table: TableLike, hands: Sequence[Hand | int], *, unicode: bool = True) -> str:
    """The table in a few lines: a heading, the scores, one line per seat, and the trick.

    ``hands`` gives each seat's cards, or for a hand that is not shown, how many it holds.
    """
    lines = [heading_text(table), "; ".join(side_texts(table))]
    if table.phase is not Phase.DEAL:
        width = max(len(_hand_text(hand, unicode)) for hand in hands)
        bid_texts = [bid_text(bid) for bid in table.bids]
        bid_width = max(len(text) for text in bid_texts)
        for seat in table.rules.seats:
            marker = "*" if seat is table.to_act else " "
            lines.append(
                f"{marker}{seat}  {_hand_text(hands[seat], unicode):<{width}}  "
                f"bid {bid_texts[seat]:<{bid_width}}  took {table.trick_counts[seat]}"
            )
        if table.phase is Phase.DRAW:
            lines.append(draw_text(table, hands, unicode=unicode))
        trick_line = _trick_line(table, unicode)
        if trick_line:
            lines.append(trick_line)
        scored = scored_text(table)
        if scored:
            lines.append(scored)
    return "\n".join(lines)


def heading_text(table: TableLike) -> str:
    """The first line of a table: the hand, the dealer, the phase and whose turn it is."""
    phase = table.phase
    head = f"Hand {table.hand_number}, dealer {table.dealer}"
    if phase is Phase.DEAL:
        return head + ": waiting for the deal."
    if phase is Phase.HAND_OVER:
        return head + ": the hand is over; the next deal is due."
    if phase is Phase.GAME_OVER:
        return head + f": game over. {table.result}"
    number = len(table.completed_tricks) + 1
    doing = f"{phase}" if phase is not Phase.PLAY else f"trick {number}"
    seat = table.to_act
    who = f", {seat.full_name} {_DOING[phase]}" if seat is not None else ""
    return head + f": {doing}{who}."


def side_texts(table: TableLike) -> list[str]:
    """Each side's total and bags, and once the bids are in, its contract and tricks taken:
    ``NS 120 (3 bags): bid 7, took 4``."""
    phase = table.phase
    rules = table.rules
    bid_in = phase not in (Phase.DEAL, Phase.BIDDING, Phase.DRAW, Phase.BURY)
    texts = []
    for index, team in enumerate(rules.sides):
        text = f"{team} {display_score(rules, table.scores[index], table.bags[index])}"
        if bid_in:
            seats = side_seats(team)
            bids = [table.bids[seat] for seat in seats]
            pairs = [None if bid is None else (bid.tricks, bid.blind) for bid in bids]
            contract = side_bids(table_of(rules), pairs)
            taken = sum(table.trick_counts[seat] for seat in seats)
            if unbid_hand(table_of(rules), table.hand_number):
                text += f": no bids, took {taken}"  # first_hand_trick_points
            else:
                text += f": bid {contract}, took {taken}"
        texts.append(text)
    return texts


def scored_text(table: TableLike) -> str:
    """Once a hand is over, what it scored: ``Hand 3 scored NS +72, EW -40.``; else ``''``."""
    last = table.history[-1] if table.history else None
    if table.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or last is None:
        return ""
    points = ", ".join(f"{t.team} {t.points:+d}" for t in last.score.teams)
    return f"Hand {last.number} scored {points}."


def draw_text(table: TableLike, hands: Sequence[Hand | int], *, unicode: bool = True) -> str:
    """Two-handed Spades' draw in progress: the discards, the stock, and the card drawn (shown
    where the table shows it)."""
    discarded = ", ".join(
        f"{seat} {count}" for seat, count in zip(table.rules.seats, table.discard_counts)
    )
    line = f"Discarded: {discarded}; {plural(table.stock_size, 'card')} in the stock"
    seat = table.to_act
    card = table.drawn_card
    if seat is None:  # pragma: no cover - someone draws in the draw
        return line + "."
    if card is not None:
        return f"{line}; {seat.full_name} drew {card.to_text(unicode=unicode)}: keep or discard?"
    held = sum(len(hand) if isinstance(hand, Hand) else hand for hand in hands)
    if held + sum(table.discard_counts) + table.stock_size < DRAWN_CARDS:
        return f"{line}; {seat.full_name} drew a card: keep or discard?"
    return f"{line}; {seat.full_name} draws next."


def _hand_text(hand: Hand | int, unicode: bool) -> str:
    if isinstance(hand, Hand):
        return hand.to_text(unicode=unicode) if hand else "(no cards)"
    return plural(hand, "card")


def spades_text(table: TableLike) -> str:
    """Whether spades may be led after the trick in progress or just completed (so from the second
    trick on): broken or not, or (under any_time and after_first_trick) that they may be led."""
    if table.spades_broken:
        return "spades broken"
    breaking = table.rules.spades_breaking
    if breaking is SpadesBreaking.ANY_TIME:
        return "spades may be led"
    if breaking is SpadesBreaking.AFTER_FIRST_TRICK:
        return "spades may be led" if table.completed_tricks else "spades may be led from trick 2"
    return "spades not broken"


def _trick_line(table: TableLike, unicode: bool) -> str:
    trick = table.current_trick
    broken = spades_text(table)
    if trick is not None and trick.cards:
        plays = "  ".join(f"{seat} {card.to_text(unicode=unicode)}" for seat, card in trick.plays)
        number = len(table.completed_tricks) + 1
        return f"Trick {number}: {plays}  ({trick.winner} winning); {broken}."
    last = table.completed_tricks[-1] if table.completed_tricks else None
    if last is not None:
        plays = "  ".join(f"{seat} {card.to_text(unicode=unicode)}" for seat, card in last.plays)
        number = len(table.completed_tricks)
        return f"Trick {number}: {plays}  ({last.winner} took it); {broken}."
    return ""
