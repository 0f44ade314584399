"""A record of a game state: :func:`~spades.records.to_record` writes down everything that
happened in a game, including a hand in progress, as a :class:`~spades.records.GameRecord`."""

from __future__ import annotations

from typing import Any

import attrs

from .._kernel.table import table_of
from .._text import quote
from ..actions import Bid, Discard, Draw, Keep, Redeal
from ..cards import CARDS, Card
from ..hands import Hand
from ..phase import Phase
from ..state import GameState
from .format import GameRecord, HandRecord
from .notation import DrawAction

__all__ = ["to_record"]


def to_record(state: GameState, *, preset: str | None = None) -> GameRecord:
    """A record of everything that happened in ``state``'s game, including a hand in progress.

    A hand the state knows only by its counts (from :func:`~spades.engine.apply_counts`, or a hand
    a replay scored before its last trick) is recorded with its trick counts. The bids are
    recorded by seat, not as a ``bidding`` in order (the engine takes each bid in its turn, so
    the order is the rules'), and nothing of the table's verdict: the record is written as
    version 2, as before the fields of version 3. Anything but a
    :class:`~spades.state.GameState` is a :class:`TypeError`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"to_record() records a GameState, not {quote(state)}.")
    every = table_of(state.rules).tricks
    played = [
        HandRecord(
            bids=done.bids,
            deal=done.deal,
            buried=done.buried,
            exchange=done.exchanges,
            plays=_cards(done.played_tricks),
            tricks=None if len(done.played_tricks) == every else done.tricks_won,
        )
        for done in state.history
    ]
    hands = _with_thrown_in(state, played)
    if state.phase in (Phase.BURY, Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
        plays = _cards(state.played_tricks)
        if state.trick_cards:
            plays += (tuple(CARDS[i] for i in state.trick_cards),)
        hands.append(
            HandRecord(
                bids=state.bids,
                deal=state.deal,
                buried=_buried(state),
                exchange=state.exchanges,
                plays=plays,
            )
        )
    draws = _draws(state)
    if state.phase is Phase.DRAW:
        hands.append(HandRecord(bids=state.bids, draw=draws[-1]))
    if len(draws) == len(hands):
        hands = [
            attrs.evolve(hand, deal=None, draw=draw) if draw else hand
            for hand, draw in zip(hands, draws)
        ]
    if preset is None:
        return GameRecord(rules=state.rules, start=state.start, hands=hands)
    return GameRecord(rules=state.rules, preset=preset, start=state.start, hands=hands)


def _cards(played: tuple[tuple[int, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """The cards of tricks as the engine keeps them (the leader's seat, then the card indices)."""
    return tuple(tuple(CARDS[i] for i in trick[1:]) for trick in played)


def _draws(state: GameState) -> list[tuple[DrawAction, ...]]:
    """For each hand started on the way to ``state``, in order, its draw card by card: empty
    for a hand dealt, told by its counts or given by the hands drawn (a
    :class:`~spades.actions.Deal`). A hand starts with the first action taken where
    :attr:`~spades.state.GameState.needs_deal` holds."""
    taken: list[tuple[GameState, Any]] = []
    cur = state
    while cur.previous is not None:
        taken.append((cur.previous, cur.last_action))
        cur = cur.previous
    draws: list[list[DrawAction]] = []
    for before, action in reversed(taken):
        if before.needs_deal:
            draws.append([])
        if draws and isinstance(action, (Draw, Keep, Discard)):
            draws[-1].append(action if isinstance(action, Draw) else action.for_seat(None))
    return [tuple(draw) for draw in draws]


def _buried(state: GameState) -> Hand | None:
    """The discard of the spare cards in the hand of ``state`` (``spare_cards``), once made;
    None before it and under every other rule."""
    waste = state.context.waste  # one seat's discard: the dealer's or the two of clubs' holder's
    if not waste or not table_of(state.rules).buried:
        return None
    return Hand.from_mask(sum(waste))


def _with_thrown_in(state: GameState, played: list[HandRecord]) -> list[HandRecord]:
    """The hands of ``played`` (one per completed hand of ``state.history``) with each thrown-in
    hand (a :class:`~spades.actions.Redeal` on the way to ``state``, or a last bid that left the
    bids' total too few) in its place."""
    thrown: list[tuple[int, HandRecord]] = []
    cur: GameState | None = state
    while cur is not None and cur.previous is not None:
        action = cur.last_action
        if isinstance(action, Redeal):
            before = cur.previous
            hand = HandRecord(
                bids=before.bids, deal=before.deal, buried=_buried(before), redeal=action.seat
            )
            thrown.append((len(before.history), hand))
        elif isinstance(action, Bid) and cur.phase is Phase.DEAL:
            # The last bid left the total too few (redeal_below_total): the hand is thrown in.
            before = cur.previous
            bids = list(before.bids)
            bids[before.to_act] = action  # type: ignore[index]
            hand = HandRecord(bids=bids, deal=before.deal, buried=_buried(before))
            thrown.append((len(before.history), hand))
        cur = cur.previous
    if not thrown:
        return played
    hands: list[HandRecord] = []
    thrown.reverse()
    at = 0
    for index, hand in enumerate(played):
        while at < len(thrown) and thrown[at][0] <= index:
            hands.append(thrown[at][1])
            at += 1
        hands.append(hand)
    hands.extend(hand for _, hand in thrown[at:])
    return hands
