"""What a hand's plays show, apart from the engine's walk through them: where a card the player
does not hold has gone, the renege a card makes, a card played twice, a trick short of its cards,
and who took the tricks the engine cannot follow (by the kernel's rules)."""

from __future__ import annotations

from collections.abc import Sequence

from .._kernel.deal import first_leader, passed
from .._kernel.play import renege_leads, tricks_taken
from .._kernel.table import Table
from ..actions import Deal
from ..cards import Card, Suit
from ..hands import Hand
from ..seats import SEATS, Seat
from ..state import GameState
from .reneges import Renege

__all__ = [
    "count_tricks",
    "counts_text",
    "out_of_turn",
    "played_twice",
    "reneges_of",
    "short_trick",
    "where_card_is",
]


def where_card_is(state: GameState, card: Card) -> str:
    """Where ``card``, which no seat holds, is in ``state``: `` (Ac was played to trick 2 by
    West)``, `` (Ac is already in this trick)``; empty when it is nowhere (not in the deck). (A
    card another seat holds was played out of turn: :func:`out_of_turn`.)"""
    for number, trick in enumerate(state.completed_tricks, 1):
        for seat, played in trick.plays:
            if played is card:
                return f" ({card} was played to trick {number} by {seat.full_name})"
    if card.index in state.trick_cards:
        return f" ({card} is already in this trick)"
    return ""


def out_of_turn(state: GameState, card: Card) -> tuple[Seat, str] | None:
    """For ``card``, which the seat to act in ``state`` does not hold, played by the seat that
    does: that seat, and the sentence (``West played Qc out of turn: after North played 5c it
    was East's turn to play.``); None when no seat holds it (:func:`where_card_is` says where it
    is)."""
    seat = state.to_act
    holder = next(
        (each for each, held in zip(SEATS, state.holding_masks) if held >> card.index & 1), None
    )
    if holder is None or seat is None:
        return None
    trick = state.current_trick
    plays = trick.plays if trick is not None else ()
    before = next((played for each, played in plays if each is holder), None)
    if before is not None:
        why = (
            f"{holder.full_name} has already played {before} to this trick, and it was "
            f"{seat.full_name}'s turn to play"
        )
    elif plays:
        last, played = plays[-1]
        why = f"after {last.full_name} played {played} it was {seat.full_name}'s turn to play"
    else:
        why = f"it was {seat.full_name}'s turn to lead"
    return holder, f"{holder.full_name} played {card} out of turn: {why}."


def counts_text(tricks: Sequence[int]) -> str:
    """``N 5 E 4 S 4``: trick counts as a sentence names them, one per seat in play."""
    return " ".join(f"{seat} {count}" for seat, count in zip(SEATS, tricks))


def reneges_of(table: Table, state: GameState, trick: int, card: Card) -> list[Renege]:
    """The renege (none or one) the seat to act in ``state`` makes by playing ``card`` to trick
    ``trick`` (from 1): a card off the led suit when it could follow it; or, for a lead under
    ``early_spade_lead`` renege, a spade led before spades are broken while holding another
    suit (:func:`~spades._kernel.play.renege_leads`; the first trick under the fixed first lead
    apart, whose rule such a lead breaks instead)."""
    seat = state.to_act
    assert seat is not None
    deck = table.deck
    held = state.holding_masks[seat]
    if not state.trick_cards:
        leads = renege_leads(table, held, state.spades_broken, trick == 1)
        if not leads >> card.index & 1 or (trick == 1 and table.fixed_first_lead):
            return []
        others = (held & deck.non_spades).bit_count()
        return [
            Renege(seat=seat, trick=trick, card=card, led=Suit.SPADES, held=others, early_lead=True)
        ]
    led = Suit(deck.suit_of[state.trick_cards[0]])
    count = (held & deck.suits[led]).bit_count()
    if not count or deck.suit_of[card.index] == led:
        return []
    return [Renege(seat=seat, trick=trick, card=card, led=led, held=count)]


def short_trick(plays: Sequence[Sequence[Card]], seats: int) -> int | None:
    """The number (from 1) of the first trick with fewer cards than ``seats`` that later tricks
    follow; None when every trick but the last is whole."""
    return next((t for t, trick in enumerate(plays[:-1], 1) if len(trick) < seats), None)


def played_twice(plays: Sequence[Sequence[Card]]) -> list[tuple[int, Card, int]]:
    """Each card played again, in order: the trick (from 1), the card, and the trick where it was
    first played."""
    seen: dict[Card, int] = {}
    again = []
    for t, trick in enumerate(plays, 1):
        for card in trick:
            if card in seen:
                again.append((t, card, seen[card]))
            else:
                seen[card] = t
    return again


def count_tricks(
    table: Table,
    dealer: Seat,
    dealt: Deal | None,
    exchange: Sequence[tuple[Seat, Hand]],
    plays: Sequence[Sequence[Card]],
) -> tuple[tuple[int, ...], int]:
    """Who took the complete tricks of plays the engine cannot follow, by the engine's rules, and
    how many tricks are complete.

    The first trick is led as the engine would lead it from the deal (``dealt``, None when not
    known) and the exchange as recorded; when that cannot be told (no single seat holds the two
    of clubs), no trick is.
    """
    seats = table.players
    holdings: tuple[int, ...] = (0,) * seats
    if dealt is not None:
        holdings = tuple(cards.mask for cards in dealt.hands)
        for giver, cards in exchange:
            holdings = passed(table, holdings, giver, cards.mask)
    leader = first_leader(table, dealer, holdings)
    if leader is None:
        return (0,) * seats, 0
    return tricks_taken(table, leader, [[card.index for card in trick] for trick in plays])
