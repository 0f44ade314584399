"""Why an action is refused: a :class:`Violation` carries the rule broken, the seat, the action, the
rule option responsible and the sentence, and turns into the
:class:`~spades.errors.IllegalActionError` the engine raises; with the words every refusal shares
(where the game stands, and the error for something that is not a state)."""

from __future__ import annotations

import attrs

from ._text import quote
from .errors import IllegalActionError, Reason
from .phase import Phase
from .seats import Seat

__all__ = ["Violation", "not_a_state", "phase_text"]


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
    Phase.BIDDING: "the bidding is in progress",
    Phase.EXCHANGE: "the nil exchange is in progress",
    Phase.PLAY: "the cards are being played",
    Phase.HAND_OVER: "the hand is over and the next one has not been dealt",
    Phase.GAME_OVER: "the game is over",
}
