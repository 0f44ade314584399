"""What an agent of :mod:`spades.rl` observes: a fixed-size vector built from its seat's
:class:`~spades.views.SeatView` alone, and the mask of the actions it may take.

The vector is the same size for every rule set (:data:`OBSERVATION_SIZE`), ``float32``, its
fields in the order of :data:`OBSERVATION_FIELDS`. The seats in it are *relative*: slot 0 is the
observing seat, slot 1 the seat that acts after it, and so on round the table in the direction of
play (the kernel's compiled table gives the order); the slots past the players of a table of three
or two are always 0. With partners, slot 2 is the partner. Card sets have one entry per card index
(``Card.index``, the jokers 52 and 53). Counts of cards and tricks are divided by 18, the most
tricks a hand has; scores by the rules' ``target_score``, clipped to -4..4; bags by
``bag_threshold``, clipped to 0..4.

The cards passed in the exchange and the dealer's discards are chosen a card at a time
(:mod:`spades.rl.action_space`): the field ``chosen`` holds those chosen so far, which the
environment gathers, and is the only thing in the vector that is not in the view.

>>> from spades import Deal, apply, new_game, view
>>> state = apply(new_game(), Deal.random(1))
>>> vector = encode_observation(view(state, 'E'))
>>> vector.shape, vector.dtype, OBSERVATION_SIZE
((826,), dtype('float32'), 826)
>>> int(action_mask(view(state, 'E')).sum())  # the 13 number bids and nil
14
"""

from __future__ import annotations

import math
import textwrap
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .._kernel.bidding import MOST_TRICKS
from .._kernel.play import trick_winner
from .._kernel.table import Table, table_of
from ..actions import Bid, Bury, Discard, Exchange, Keep, Play, Redeal
from ..cards import CARDS
from ..errors import SpadesError
from ..hands import Hand
from ..phase import Phase
from ..rules import RuleSet
from ..tricks import Trick
from ..views import SeatView
from .action_space import ACTIONS, BLIND_NIL, DISCARD, KEEP, NIL, REDEAL

__all__ = [
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "Field",
    "action_mask",
    "encode_observation",
    "field_slice",
    "observation_bounds",
    "observation_table",
]

#: Seat slots: four, whatever the table (a table of three or two leaves the last ones 0).
SLOTS = 4
_CARDS = len(CARDS)
_PHASES = tuple(Phase)
#: The most a score is worth in the vector, in targets.
_SCORE_LIMIT = 4.0
#: The most a bag count is worth in the vector, in bag thresholds.
_BAG_LIMIT = 4.0


class Field(NamedTuple):
    """One field of the observation vector."""

    #: Its name.
    name: str
    #: How many entries it has.
    size: int
    #: What it holds, as a sentence.
    meaning: str
    #: The least and the most an entry may be.
    low: float = 0.0
    high: float = 1.0


#: The fields of the vector, in order: the 0/1 fields first, then the numbers.
OBSERVATION_FIELDS: tuple[Field, ...] = (
    Field("phase", len(_PHASES), "The phase, one-hot: " + ", ".join(str(p) for p in _PHASES) + "."),
    Field("seat", SLOTS, "The observing seat, one-hot by seat: N, E, S, W."),
    Field("to_act", SLOTS, "The seat to act, one-hot by slot; all 0 when no seat is to act."),
    Field("dealer", SLOTS, "The dealer of the hand, one-hot by slot."),
    Field("hand", _CARDS, "The cards the seat holds."),
    Field("bid_made", SLOTS, "By slot, 1 once that seat has bid this hand."),
    Field("bid_nil", SLOTS, "By slot, 1 when its bid is nil or blind nil."),
    Field("bid_blind", SLOTS, "By slot, 1 when its bid was made blind."),
    Field(
        "played",
        SLOTS * _CARDS,
        "By slot, the cards that seat has played this hand, the trick in progress included "
        "(54 entries a slot).",
    ),
    Field("trick", SLOTS * _CARDS, "By slot, the card it has played to the trick in progress."),
    Field("trick_leader", SLOTS, "The slot that led (or is to lead) the trick in progress."),
    Field("trick_winning", SLOTS, "The slot winning the trick in progress so far."),
    Field("spades_broken", 1, "1 once spades are broken this hand."),
    Field("passed", _CARDS, "The cards the seat passed in the blind nil exchange this hand."),
    Field("received", _CARDS, "The cards passed to the seat in the exchange this hand."),
    Field(
        "chosen",
        _CARDS,
        "The cards chosen so far for the exchange or the discard in progress (not yet passed).",
    ),
    Field("discards", _CARDS, "The cards the seat has discarded face down this hand."),
    Field("drawn_card", _CARDS, "The card the seat drew and is to keep or discard."),
    Field("hand_sizes", SLOTS, "By slot, the cards held, / 18."),
    Field("bid_tricks", SLOTS, "By slot, the tricks bid (0 for nil), / 18."),
    Field("tricks_taken", SLOTS, "By slot, the tricks taken this hand, / 18."),
    Field("passed_counts", SLOTS, "By slot, the cards that seat passed in the exchange, / 18."),
    Field("discard_counts", SLOTS, "By slot, the cards that seat discarded this hand, / 18."),
    Field("stock_size", 1, "The cards left in the stock to draw, / 54."),
    Field(
        "scores",
        SLOTS,
        "By slot, the total of the side that seat scores for, / target_score, clipped to -4..4.",
        -_SCORE_LIMIT,
        _SCORE_LIMIT,
    ),
    Field(
        "bags",
        SLOTS,
        "By slot, the bags of the side that seat scores for, / bag_threshold, clipped to 0..4.",
        0.0,
        _BAG_LIMIT,
    ),
)
#: The size of the vector.
OBSERVATION_SIZE = sum(field.size for field in OBSERVATION_FIELDS)

_OFFSETS: dict[str, int] = {}
_at = 0
for _field in OBSERVATION_FIELDS:
    _OFFSETS[_field.name] = _at
    _at += _field.size
#: Where the numbers start: every field before is 0 or 1 (set as bits of one int).
_NUMBERS = _OFFSETS["hand_sizes"]
_BYTES = (_NUMBERS + 7) // 8


def field_slice(name: str) -> slice:
    """Where field ``name`` of :data:`OBSERVATION_FIELDS` lies in the vector.

    >>> field_slice('phase')
    slice(0, 8, None)
    """
    start = _OFFSETS.get(name)
    if start is None:
        raise SpadesError(f"The observation has no field {name!r}.", reason="bad_field")
    return slice(start, start + OBSERVATION_FIELDS[list(_OFFSETS).index(name)].size)


def observation_bounds() -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The least and the most each entry of the vector may be (a ``gymnasium.spaces.Box``'s
    ``low`` and ``high``)."""
    low = np.concatenate([np.full(f.size, f.low, np.float32) for f in OBSERVATION_FIELDS])
    high = np.concatenate([np.full(f.size, f.high, np.float32) for f in OBSERVATION_FIELDS])
    return low, high


def observation_table() -> str:
    """The fields as a reStructuredText list table (the one docs/research.rst shows): each
    field's entries, name, range and meaning."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 10 16 8 66",
        "",
        "   * - entries",
        "     - field",
        "     - range",
        "     - meaning",
    ]
    for field in OBSERVATION_FIELDS:
        start = _OFFSETS[field.name]
        span = f"{start}" if field.size == 1 else f"{start}-{start + field.size - 1}"
        meaning = textwrap.wrap(field.meaning, 90)
        lines += [
            f"   * - {span}",
            f"     - ``{field.name}``",
            f"     - {field.low:g} to {field.high:g}",
            f"     - {meaning[0]}",
            *(f"       {line}" for line in meaning[1:]),
        ]
    return "\n".join(lines)


# -- encoding --------------------------------------------------------------------------------------


class _Layout:
    """What encoding needs of a rule set, and of each seat at its table, worked out once."""

    __slots__ = ("bag_scale", "deck", "orders", "score_scale", "seats", "side_of", "slots")

    def __init__(self, table: Table) -> None:
        rules = table.rules
        self.orders = table.orders
        self.deck = table.deck
        self.seats = table.seats
        self.side_of = table.side_of
        #: ``slots[seat][other]``: the slot of ``other`` as ``seat`` sees the table.
        self.slots = tuple(
            tuple(table.orders[seat].index(other) for other in table.seats) for seat in table.seats
        )
        self.score_scale = 1.0 / rules.target_score
        self.bag_scale = 1.0 / rules.bag_threshold


#: The layout of each rule set met, by the rule set (a bounded number of them).
_LAYOUTS: dict[RuleSet, _Layout] = {}
_PHASE_BIT = {phase: 1 << (_OFFSETS["phase"] + number) for number, phase in enumerate(_PHASES)}
_O_SEAT = _OFFSETS["seat"]
_O_TO_ACT = _OFFSETS["to_act"]
_O_DEALER = _OFFSETS["dealer"]
_O_HAND = _OFFSETS["hand"]
_O_BID_MADE = _OFFSETS["bid_made"]
_O_BID_NIL = _OFFSETS["bid_nil"]
_O_BID_BLIND = _OFFSETS["bid_blind"]
_O_PLAYED = _OFFSETS["played"]
_O_TRICK = _OFFSETS["trick"]
_O_LEADER = _OFFSETS["trick_leader"]
_O_WINNING = _OFFSETS["trick_winning"]
_O_BROKEN = _OFFSETS["spades_broken"]
_O_PASSED = _OFFSETS["passed"]
_O_RECEIVED = _OFFSETS["received"]
_O_CHOSEN = _OFFSETS["chosen"]
_O_DISCARDS = _OFFSETS["discards"]
_O_DRAWN = _OFFSETS["drawn_card"]


def _layout(rules: RuleSet) -> _Layout:
    layout = _LAYOUTS.get(rules)
    if layout is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        layout = _LAYOUTS[rules] = _Layout(table_of(rules))
    return layout


# The cards each seat played to the completed tricks of the views met most recently, by their
# tuple of tricks (which every view of the states of one trick shares): the tricks are gone
# through once a trick, not at each step. Each entry holds its tuple, so that its id cannot be
# reused while the entry lives.
_PLAYED: dict[int, tuple[tuple[Trick, ...], tuple[int, ...]]] = {}
_LAST_PLAYED: list[tuple[tuple[Trick, ...], tuple[int, ...]]] = [((), ())]


def _played_by_seat(
    tricks: tuple[Trick, ...], orders: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    """The cards each seat in play (N, E, S, W; the seats of the table ``orders`` goes round)
    played to ``tricks``, as masks."""
    if not tricks:
        return ()
    entry = _PLAYED.get(id(tricks))
    if entry is not None and entry[0] is tricks:
        return entry[1]
    before, masks = _LAST_PLAYED[0]
    if len(tricks) == len(before) + 1 and tricks[:-1] == before and len(masks) == len(orders):
        played = list(masks)
        new = tricks[-1:]
    else:
        played = [0] * len(orders)
        new = tricks
    for done in new:
        order = orders[done.leader]
        for turn, card in enumerate(done.cards):
            played[order[turn]] |= 1 << card.index
    if len(_PLAYED) >= 1024:
        _PLAYED.clear()
    found = tuple(played)
    _PLAYED[id(tricks)] = _LAST_PLAYED[0] = (tricks, found)
    return found


def encode_observation(seen: SeatView, chosen: int = 0) -> npt.NDArray[np.float32]:
    """The observation vector of the seat of ``seen`` (:data:`OBSERVATION_FIELDS`), from that view
    alone; ``chosen`` is the mask of the cards chosen so far for an exchange or a discard in
    progress (0 for none)."""
    if not isinstance(seen, SeatView):
        raise SpadesError(
            f"An observation is made from a seat's view (a SeatView), not {seen!r}.",
            reason="bad_view",
        )
    layout = _layout(seen.rules)
    me = seen.seat
    slot = layout.slots[me]
    orders = layout.orders
    bits = _PHASE_BIT[seen.phase] | 1 << (_O_SEAT + me) | 1 << (_O_DEALER + slot[seen.dealer])
    to_act = seen.to_act
    if to_act is not None:
        bits |= 1 << (_O_TO_ACT + slot[to_act])
    bits |= seen.hand.mask << _O_HAND
    most = 1.0 / MOST_TRICKS
    bid_tricks = [0.0, 0.0, 0.0, 0.0]
    for seat, bid in enumerate(seen.bids):
        if bid is not None:
            at = slot[seat]
            bits |= 1 << (_O_BID_MADE + at)
            if bid.tricks == 0:
                bits |= 1 << (_O_BID_NIL + at)
            else:
                bid_tricks[at] = bid.tricks * most
            if bid.blind:
                bits |= 1 << (_O_BID_BLIND + at)
    played = [0, 0, 0, 0]
    for seat, cards_played in enumerate(_played_by_seat(seen.completed_tricks, orders)):
        played[slot[seat]] = cards_played
    trick = seen.current_trick
    if trick is not None:
        leader = trick.leader
        bits |= 1 << (_O_LEADER + slot[leader])
        cards = trick.cards
        if cards:
            order = orders[leader]
            indices = [card.index for card in cards]
            for turn, index in enumerate(indices):
                at = slot[order[turn]]
                played[at] |= 1 << index
                bits |= 1 << (_O_TRICK + at * _CARDS + index)
            winner = order[trick_winner(indices, layout.deck)]
            bits |= 1 << (_O_WINNING + slot[winner])
    for at in range(SLOTS):
        if played[at]:
            bits |= played[at] << (_O_PLAYED + at * _CARDS)
    if seen.spades_broken:
        bits |= 1 << _O_BROKEN
    passed = [0.0, 0.0, 0.0, 0.0]
    exchanges = seen.exchanges
    if exchanges:
        for giver, given in exchanges:
            if isinstance(given, Hand):
                passed[slot[giver]] += len(given) * most
                bits |= given.mask << (_O_PASSED if giver is me else _O_RECEIVED)
            else:
                passed[slot[giver]] += given * most
    bits |= chosen << _O_CHOSEN
    discards = seen.discards.mask
    if discards:
        bits |= discards << _O_DISCARDS
    if seen.drawn_card is not None:
        bits |= 1 << (_O_DRAWN + seen.drawn_card.index)

    sizes = [0.0, 0.0, 0.0, 0.0]
    taken = [0.0, 0.0, 0.0, 0.0]
    for seat, size in enumerate(seen.hand_sizes):
        sizes[slot[seat]] = size * most
    for seat, count in enumerate(seen.trick_counts):
        taken[slot[seat]] = count * most
    discarded = [0.0, 0.0, 0.0, 0.0]
    for seat, count in enumerate(seen.discard_counts):
        discarded[slot[seat]] = count * most
    scores = [0.0, 0.0, 0.0, 0.0]
    bags = [0.0, 0.0, 0.0, 0.0]
    score_scale, bag_scale = layout.score_scale, layout.bag_scale
    side_of = layout.side_of
    totals, counts = seen.scores, seen.bags
    for seat in layout.seats:
        at, side = slot[seat], side_of[seat]
        score = totals[side] * score_scale
        scores[at] = (
            score if -_SCORE_LIMIT <= score <= _SCORE_LIMIT else math.copysign(_SCORE_LIMIT, score)
        )
        bag = counts[side] * bag_scale
        bags[at] = bag if bag <= _BAG_LIMIT else _BAG_LIMIT
    numbers = [
        *sizes,
        *bid_tricks,
        *taken,
        *passed,
        *discarded,
        seen.stock_size / _CARDS,
        *scores,
        *bags,
    ]

    vector = np.empty(OBSERVATION_SIZE, np.float32)
    flags = np.frombuffer(bits.to_bytes(_BYTES, "little"), np.uint8)
    vector[:_NUMBERS] = np.unpackbits(flags, count=_NUMBERS, bitorder="little")
    vector[_NUMBERS:] = numbers
    return vector


# -- the mask --------------------------------------------------------------------------------------


def action_mask(seen: SeatView, chosen: int = 0) -> npt.NDArray[np.int8]:
    """The actions the seat of ``seen`` may take now, as a 0/1 ``int8`` vector of
    :data:`~spades.rl.action_space.ACTIONS` entries: the numbers of its
    :attr:`~spades.views.SeatView.legal_actions` (all 0 when it has none); in an exchange or a
    discard of the dealer's, the cards it may add to the ``chosen`` ones (any it holds and has
    not chosen)."""
    mask = np.zeros(ACTIONS, np.int8)
    actions = seen.legal_actions
    if not actions:
        return mask
    first = type(actions[0])
    if first is Play:
        mask[[action.card.index for action in actions]] = 1  # type: ignore[union-attr]
        return mask
    if first is Exchange or first is Bury:
        cards = 0
        for action in actions:
            held = action.cards.mask  # type: ignore[union-attr]
            if held & chosen == chosen:
                cards |= held
        cards &= ~chosen
        mask[:_CARDS] = np.unpackbits(
            np.frombuffer(cards.to_bytes(7, "little"), np.uint8), count=_CARDS, bitorder="little"
        )
        return mask
    for action in actions:
        if isinstance(action, Bid):
            mask[(BLIND_NIL if action.blind else NIL) + action.tricks] = 1
        elif isinstance(action, Redeal):
            mask[REDEAL] = 1
        elif isinstance(action, Keep):
            mask[KEEP] = 1
        elif isinstance(action, Discard):
            mask[DISCARD] = 1
    return mask
