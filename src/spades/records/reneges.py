"""The reneges a record's verification finds in a hand's plays, when the rules penalise them
(:class:`Renege`), and what a renege costs as a score sheet says it."""

from __future__ import annotations

from typing import Any

import attrs

from .._text import plural
from ..cards import Card, Suit
from ..rules import RenegePenalty, RuleSet
from ..seats import Seat, Side, Team

__all__ = ["Renege", "renege_penalty_text"]


def renege_penalty_text(rules: RuleSet, team: Side) -> str:
    """What a renege by ``team`` costs under ``rules``, as a score sheet says it: ``3 tricks to
    NS``, ``EW set``, ``EW's points for the hand to NS``; empty under ``renege_penalty=none``.
    ``team`` is a seat when every player plays alone (``partnerships`` false), where only
    ``renege_penalty`` none and set are allowed: ``N set``."""
    penalty = rules.renege_penalty
    if penalty is RenegePenalty.SET:
        return f"{team} set"
    if not isinstance(team, Team):  # a player alone: the rules allow no other penalty
        return ""
    if penalty is RenegePenalty.TRICKS:
        return f"{plural(rules.renege_tricks, 'trick')} to {team.other}"
    if penalty is RenegePenalty.POINTS:
        return f"{team}'s points for the hand to {team.other}"
    if penalty is RenegePenalty.SET_AND_BID:
        return f"{team} set, {team.other} credited with its bid"
    return ""


@attrs.frozen(kw_only=True)
class Renege:
    """A card in a record's plays that broke follow-suit (a renege), when the rules penalise it
    (:attr:`~spades.rules.RuleSet.renege_penalty`) rather than call it a problem of the record."""

    #: Who reneged.
    seat: Seat
    #: The trick's number in the hand, from 1.
    trick: int
    #: The card played.
    card: Card
    #: The suit led, which the player could have followed.
    led: Suit
    #: How many cards of the led suit the player held (for an early spade lead, how many
    #: cards of the other suits).
    held: int
    #: Whether this is a spade led before spades were broken by a leader holding another suit
    #: (:attr:`~spades.rules.RuleSet.early_spade_lead` renege) rather than a card that broke
    #: follow-suit. The engine counts such a lead in the hand's score itself.
    early_lead: bool = False

    def side(self, rules: RuleSet) -> Side:
        """The side that pays for the renege under ``rules``: the offending team in
        partnerships, the player (:attr:`seat`) when every player plays alone
        (:meth:`RuleSet.side_of <spades.rules.RuleSet.side_of>`)."""
        return rules.side_of(self.seat)

    @property
    def text(self) -> str:
        """``renege by West in trick 5 (played 4h holding a club)``; for an early spade lead,
        ``renege by West in trick 2 (led 4s before spades were broken, holding 3 other
        cards)``."""
        if self.early_lead:
            others = "another card" if self.held == 1 else f"{self.held} other cards"
            return (
                f"renege by {self.seat.full_name} in trick {self.trick} (led {self.card} "
                f"before spades were broken, holding {others})"
            )
        held = f"a {self.led.singular}" if self.held == 1 else f"{self.held} {self.led.plural}"
        return (
            f"renege by {self.seat.full_name} in trick {self.trick} (played {self.card} "
            f"holding {held})"
        )

    def penalty_text(self, rules: RuleSet) -> str:
        """What the renege costs under ``rules``, as a score sheet says it: ``3 tricks to NS``,
        ``EW set``, ``EW's points for the hand to NS``; empty under ``renege_penalty=none``.
        (``N set`` when every player plays alone.)"""
        return renege_penalty_text(rules, self.side(rules))

    def sentence(self, rules: RuleSet) -> str:
        """``renege by West in trick 5 (played 4h holding a club): 3 tricks to NS``."""
        penalty = self.penalty_text(rules)
        return f"{self.text}: {penalty}" if penalty else self.text

    def to_data(self, rules: RuleSet) -> dict[str, Any]:
        """The renege as JSON-ready data, with its sentence under ``rules``."""
        return {
            "seat": str(self.seat),
            "trick": self.trick,
            "card": str(self.card),
            "led": self.led.name.lower(),
            "held": self.held,
            **({"early_lead": True} if self.early_lead else {}),
            "text": self.sentence(rules),
        }
