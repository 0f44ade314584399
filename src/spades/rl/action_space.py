"""The one discrete action space of :mod:`spades.rl`: every card, every bid, the call for a redeal
and the draw's two choices, as the numbers ``0`` to ``ACTIONS - 1``.

========  ==========================================================================================
number    action
========  ==========================================================================================
0 - 53    the card of that index (``Card.index``: ``suit * 13 + rank``, clubs 0, diamonds 1, hearts
          2, spades 3, ranks from the two; the little joker 52, the big joker 53): in the play,
          the card played; in the blind nil exchange, one of the cards passed; when the dealer
          discards (``spare_cards`` dealer_discards), one of the cards discarded
54        nil
55 - 72   a bid of 1 to 18 tricks (``54 + tricks``)
73        blind nil
74 - 91   a blind bid of 1 to 18 tricks (``73 + tricks``)
92        the call for a redeal (``redeal`` and the ``misdeal_*`` options)
93        keep the card drawn (two-handed Spades)
94        discard the card drawn (two-handed Spades)
========  ==========================================================================================

The cards passed in the exchange, and the dealer's discards, are chosen one card at a time: the
environment gathers them until the exchange has as many as the rules ask, and then applies the
:class:`~spades.actions.Exchange` (or :class:`~spades.actions.Bury`). So an action is one choice
of a fixed size whatever the rules, and the mask of a seat holding 13 cards and passing two has
13 numbers, not the 78 pairs the engine lists.

The numbers of the bids are those of the kernel's bid masks, shifted by 54. The space is the same
for every rule set, so that one agent can be trained under several.
"""

from __future__ import annotations

from .._kernel.bidding import MOST_TRICKS
from ..actions import Action, Bid, Bury, Discard, Exchange, Keep, Play, Redeal
from ..cards import CARDS
from ..errors import SpadesError
from ..interned import CHOICES, REDEALS, SEATED_PLAYS
from ..seats import Seat

__all__ = [
    "ACTIONS",
    "BLIND_NIL",
    "CARD_ACTIONS",
    "DISCARD",
    "KEEP",
    "NIL",
    "REDEAL",
    "action_index",
    "index_action",
    "is_card_choice",
]

#: The card numbers: ``0`` to ``CARD_ACTIONS - 1``, one per card index (the jokers included).
CARD_ACTIONS = len(CARDS)
#: Nil; ``NIL + tricks`` is a bid of that many tricks.
NIL = CARD_ACTIONS
#: Blind nil; ``BLIND_NIL + tricks`` is a blind bid of that many tricks.
BLIND_NIL = NIL + MOST_TRICKS + 1
#: The call for a redeal.
REDEAL = BLIND_NIL + MOST_TRICKS + 1
#: Keep the card drawn.
KEEP = REDEAL + 1
#: Discard the card drawn.
DISCARD = KEEP + 1
#: How many actions there are: the size of the discrete action space.
ACTIONS = DISCARD + 1


def action_index(action: Action) -> int:
    """The number of a seat's ``action``: a :class:`~spades.actions.Play`, a
    :class:`~spades.actions.Bid`, a :class:`~spades.actions.Redeal`, a
    :class:`~spades.actions.Keep` or a :class:`~spades.actions.Discard`. An exchange or a discard
    of the dealer's is several numbers, one per card (:func:`spades.rl.action_space` module
    docstring); anything else is a :class:`~spades.errors.SpadesError` (reason ``bad_action``).

    >>> from spades import Bid, Play
    >>> action_index(Play('As')), action_index(Bid(4)), action_index(Bid.BLIND_NIL)
    (51, 58, 73)
    """
    if isinstance(action, Play):
        return action.card.index
    if isinstance(action, Bid) and 0 <= action.tricks <= MOST_TRICKS:
        return (BLIND_NIL if action.blind else NIL) + action.tricks
    if isinstance(action, Redeal):
        return REDEAL
    if isinstance(action, Keep):
        return KEEP
    if isinstance(action, Discard):
        return DISCARD
    raise SpadesError(
        f"{action!r} has no number in the action space: the numbers are the cards, the bids of "
        f"0 to {MOST_TRICKS} tricks, blind or not, the call for a redeal, keep and discard.",
        reason="bad_action",
    )


def index_action(index: int, seat: Seat) -> Action:
    """The action number ``index`` stands for, made by ``seat``: a card is a
    :class:`~spades.actions.Play` (in the exchange and the dealer's discard a card number is one
    card of the choice, which :func:`is_card_choice` tells). A number outside ``0`` to
    ``ACTIONS - 1`` is a :class:`~spades.errors.SpadesError` (reason ``bad_action``).

    >>> from spades import Seat
    >>> index_action(51, Seat.E), index_action(58, Seat.E)
    (Play('As', seat=Seat.E), Bid(4, seat=Seat.E))
    """
    if 0 <= index < CARD_ACTIONS:
        return SEATED_PLAYS[seat][index]
    if NIL <= index < BLIND_NIL:
        return Bid(index - NIL, seat=seat)
    if BLIND_NIL <= index < REDEAL:
        return Bid(index - BLIND_NIL, blind=True, seat=seat)
    if index == REDEAL:
        return REDEALS[seat]
    if index in (KEEP, DISCARD):
        return CHOICES[seat][index - KEEP]
    raise SpadesError(
        f"An action is a number from 0 to {ACTIONS - 1}, not {index}.", reason="bad_action"
    )


def is_card_choice(action: Action) -> bool:
    """Whether ``action`` is chosen a card at a time: an exchange, or the dealer's discard."""
    return isinstance(action, (Exchange, Bury))
