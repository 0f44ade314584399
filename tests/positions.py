"""Play-phase positions built directly, as the tests of exact counts need them: a moment of a hand
that play need not have reached, given by its holdings, its completed tricks and the trick in
progress (the state's typed constructor, with the cards the seat to act may play from the
kernel)."""

from __future__ import annotations

from collections.abc import Sequence

from spades import Bid, Deal, GameState, Hand, Phase, RuleSet, Seat, Standing, Trick
from spades._kernel.play import legal_cards
from spades._kernel.table import table_of
from spades.state import HandContext


def play_position(
    rules: RuleSet,
    held: Sequence[int],
    tricks: Sequence[Trick],
    current: Sequence[int],
    to_act: Seat,
    broken: bool,
) -> GameState:
    """The state with ``held`` (masks by seat) now, ``tricks`` completed, the card indices
    ``current`` in the trick in progress, ``to_act`` to play and ``broken`` as given; every seat
    bid 1, North dealt hand 1."""
    table = table_of(rules)
    played = 0
    dealt = list(held)
    for trick in tricks:
        for seat, card in trick.plays:
            dealt[seat] |= card.mask
            played |= card.mask
    leader = table.leader(to_act, len(current))
    for place, index in enumerate(current):
        dealt[table.orders[leader][place]] |= 1 << index
        played |= 1 << index
    won = [0] * table.players
    for trick in tricks:
        won[trick.winner] += 1  # type: ignore[index]
    context = HandContext(
        rules=rules,
        table=table,
        dealer=Seat.N,
        hand_number=1,
        scores=(0,) * table.side_count,
        bags=(0,) * table.side_count,
        start=Standing(scores=(0,) * table.side_count, bags=(0,) * table.side_count),
        history=(),
        result=None,
        deal=Deal(tuple(Hand.from_mask(mask) for mask in dealt)),
        held=tuple(dealt),
        bids=tuple(Bid(1, seat=seat) for seat in rules.seats),
        exchanges=(),
        waste=(),
    )
    return GameState(
        context=context,
        phase=Phase.PLAY,
        to_act=to_act,
        played_mask=played,
        trick_cards=tuple(current),
        played_tricks=tuple(
            (trick.leader, *(card.index for card in trick.cards)) for trick in tricks
        ),
        trick_counts=tuple(won),
        spades_broken=broken,
        # The cards the seat to act may play: the engine keeps them in the state.
        legal=legal_cards(table, held[to_act], tuple(current), broken, not tricks),
        shown=-1,
        previous=None,
        last_action=None,
    )
