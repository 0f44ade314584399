"""Why an action is refused: a :class:`Violation` carries the rule broken, the seat, the action, the
rule option responsible and the sentence, and turns into the
:class:`~spades.errors.IllegalActionError` the engine raises; with the words every refusal shares
(where the game stands, and the error for something that is not a state) and the problems of a
deal that is not one, which the engine and the record reader word alike."""

from __future__ import annotations

import attrs

from ._kernel.cards import bit_indices
from ._kernel.deck import STANDARD_LAYOUT
from ._kernel.table import table_of
from ._text import quote
from .actions import Action, Bury, Deal
from .cards import CARDS
from .errors import IllegalActionError, Reason
from .hands import Hand
from .phase import Phase
from .rules import Deck, RuleSet, SpareCards
from .seats import SEATS, Seat

__all__ = ["Violation"]


@attrs.frozen(kw_only=True, repr=False)
class Violation:
    """Why an action is illegal: what :func:`~spades.legality.check` returns and an error carries.

    ``str(violation)`` is its sentence.
    """

    #: The rule broken, for a program to branch on.
    reason: Reason
    #: The seat that tried to act, when known.
    seat: Seat | None
    #: The action refused.
    action: object
    #: The rule option responsible, when the action would be legal under another setting.
    option: str | None
    #: The sentence that says what is wrong.
    message: str

    def error(self) -> IllegalActionError:
        """The :class:`~spades.errors.IllegalActionError` that :func:`~spades.engine.apply`
        raises for this violation."""
        return IllegalActionError(
            self.message, reason=self.reason, seat=self.seat, action=self.action, option=self.option
        )

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        seat = "" if self.seat is None else f" {self.seat}"
        return f"<Violation {self.reason.name}{seat}: {quote(self.message)}>"


def not_a_state(value: object) -> TypeError:
    """The error for something given where a game state belongs."""
    return TypeError(f"{quote(value)} is not a GameState; start a game with new_game().")


def phase_text(phase: Phase) -> str:
    """Where a game stands, as the end of a sentence: ``the bidding is in progress``."""
    return _PHASE_TEXT[phase]


_PHASE_TEXT = {
    Phase.DEAL: "the cards have not been dealt",
    Phase.DRAW: "the cards are being drawn",
    Phase.BURY: "the dealer is discarding two cards",
    Phase.BIDDING: "the bidding is in progress",
    Phase.EXCHANGE: "the nil exchange is in progress",
    Phase.PLAY: "the cards are being played",
    Phase.HAND_OVER: "the hand is over and the next one has not been dealt",
    Phase.GAME_OVER: "the game is over",
}


def draw_players_problem(players: int) -> str:
    """Why a card cannot be drawn at a table of ``players`` other than two, as the end of a
    sentence: the one sentence for a draw where cards are dealt, in the engine and the records."""
    return (
        f"only two players draw their cards (deal_method draw_keep_discard), and {players} play "
        "under these rules."
    )


def not_held_violation(seat: Seat, action: Action, cards: int, held: int) -> Violation | None:
    """The violation of ``seat`` passing or discarding the ``cards`` of ``action`` (a mask) while
    holding ``held``: the cards it does not hold, named; None when it holds them all. The one
    sentence of a card given away that the seat does not hold."""
    missing = cards & ~held
    if not missing:
        return None
    return Violation(
        reason=Reason.CARD_NOT_HELD,
        seat=seat,
        action=action,
        option=None,
        message=f"{seat.full_name} does not hold {Hand.from_mask(missing).cards_text()}.",
    )


def bury_violation(
    buried: int, held: int, seat: Seat, bury: Bury, dealer: bool = True
) -> Violation | None:
    """Why ``seat`` (the ``dealer``, or the holder of the two of clubs), holding ``held``, may
    not discard ``bury`` (``spare_cards``: ``buried`` cards of those held, 2 of 15); None when
    they may."""
    not_held = not_held_violation(seat, bury, bury.cards.mask, held)
    if not_held is not None:
        return not_held
    if len(bury.cards) != buried:
        return Violation(
            reason=Reason.BAD_DISCARD,
            seat=seat,
            action=bury,
            option="spare_cards",
            message=(
                f"{seat.full_name}{', the dealer,' if dealer else ''} must discard exactly "
                f"{buried} of the "
                f"{held.bit_count()} cards they hold, not {len(bury.cards)}."
            ),
        )
    return None


def deck_text(rules: RuleSet | None) -> str:
    """The deck ``rules`` play with, for a sentence: ``'deck standard'``, ``'deck jokers,
    removed_twos hearts_clubs'``."""
    if rules is None or rules.deck is Deck.STANDARD:
        return "deck standard"
    if rules.deck in (Deck.JOKERS, Deck.JJDA):
        if rules.spare_cards is not SpareCards.REMOVED_TWOS:
            return f"deck {rules.deck}, spare_cards {rules.spare_cards}"
        return f"deck {rules.deck}, removed_twos {rules.removed_twos}"
    return f"deck {rules.deck}"


def deal_problems(deal: Deal, rules: RuleSet | None = None) -> list[str]:
    """Every way ``deal`` is not a deal of ``rules``' deck (the standard deck when not given):
    wrong counts, cards dealt twice, cards not in the deck, cards missing (none are, for the two
    hands two players drew)."""
    table = None if rules is None else table_of(rules)
    deck = STANDARD_LAYOUT if table is None else table.deck
    seats = 4 if table is None else table.players
    size = 13 if table is None else table.tricks
    problems = []
    if len(deal.hands) != seats:
        problems.append(
            f"The deal has {len(deal.hands)} hands, but {seats} play under these rules (players)."
        )
    seen: dict[int, Seat] = {}
    for seat, hand in zip(SEATS, deal.hands):
        if len(hand) != size:
            problems.append(f"{seat.full_name} has {len(hand)} cards, not {size}.")
        for card in hand:
            if card.index in seen:
                problems.append(
                    f"{card} is dealt to both {seen[card.index].full_name} and {seat.full_name}."
                )
            else:
                seen[card.index] = seat
    stray = [str(CARDS[i]) for i in sorted(seen) if not deck.cards >> i & 1]
    if stray:
        problems.append(
            f"{' '.join(stray)} {'is' if len(stray) == 1 else 'are'} not in the deck "
            f"({deck_text(rules)})."
        )
    # Two players draw 26 of the 52 cards and waste the rest, and a dealer who discards takes
    # the two cards over 52 (spare_cards dealer_discards): no card need be held.
    drawn = table is not None and (table.draws or table.buried > 0)
    missing = [] if drawn else [str(CARDS[i]) for i in bit_indices(deck.cards) if i not in seen]
    if missing:
        problems.append(
            f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not dealt to anyone."
        )
    return problems
