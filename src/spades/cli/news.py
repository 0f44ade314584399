"""What happened at the table, told as it happens: each deal, bid, card and trick won as
everyone at the table saw it, the hand's score item by item, and what only the drawer of a card
learns in two-handed Spades.
"""

from __future__ import annotations

from .._kernel.table import table_of
from ..actions import Action, Bid, Bury, Deal, Discard, Draw, Exchange, Keep, Play, Redeal
from ..phase import Phase
from ..seats import Seat
from ..standing import display_score
from ..state import GameState
from ..views import SeatView
from .screen import Style, unbid_text

__all__ = ["draw_news", "scores_text", "tell"]


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
        if after.phase is Phase.BURY and after.to_act is not None:  # spare_cards
            lines.append(
                f"{after.to_act.full_name} takes the two cards left over, to discard two of 15."
            )
        if after.phase is Phase.PLAY:  # a hand played without bids (first_hand_trick_points)
            lines.append(unbid_text(after.rules))
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
        if after.phase is Phase.DEAL:  # the bids' total is too few (redeal_below_total)
            lines.append(
                f"The bids total too few (redeal_below_total {before.rules.redeal_below_total}): "
                f"the hand is thrown in and {after.dealer.full_name} deals again."
            )
    elif isinstance(action, Redeal) and seat is not None:
        lines.append(
            f"{seat.full_name} calls for a redeal: the hand is thrown in and "
            f"{after.dealer.full_name} deals again."
        )
    elif isinstance(action, Bury) and seat is not None:  # face down: only that cards went
        lines.append(f"{seat.full_name} discards two cards face down.")
    elif isinstance(action, Exchange) and seat is not None:  # only between partners
        count = len(action.cards)
        partner = Seat(table_of(before.rules).partner[seat])
        lines.append(
            f"{seat.full_name} passes {count} {'card' if count == 1 else 'cards'} to "
            f"{partner.full_name}."
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
