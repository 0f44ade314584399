"""The exception tree.

Every error the package raises on bad input is a :class:`SpadesError` with a full-sentence message
and a machine-readable ``reason``, so a front-end can both show the message and branch on the cause.
All of them are also :class:`ValueError`, so callers that only know the standard library still catch
them. Every one can be pickled and copied with its message, ``reason`` and every other attribute, so
that it crosses a process boundary (a worker pool, a queue) intact.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from ._text import Sealed, SealedEnumType, quote

if TYPE_CHECKING:
    from .actions import Action
    from .seats import Seat

__all__ = [
    "IllegalActionError",
    "NotationError",
    "Reason",
    "RecordError",
    "RuleSetError",
    "SpadesError",
    "StandingError",
]


class Reason(Sealed, str, enum.Enum, metaclass=SealedEnumType):
    """Why an action is illegal (the ``reason`` of an :class:`IllegalActionError`)."""

    GAME_OVER = "game_over"
    WRONG_PHASE = "wrong_phase"
    WRONG_TURN = "wrong_turn"
    BAD_DEAL = "bad_deal"
    BAD_TRICKS = "bad_tricks"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"
    BLIND_NIL_NOT_ELIGIBLE = "blind_nil_not_eligible"
    BAD_EXCHANGE = "bad_exchange"
    CARD_NOT_HELD = "card_not_held"
    REVOKE = "revoke"
    SPADES_NOT_BROKEN = "spades_not_broken"
    MUST_LEAD_CARD = "must_lead_card"

    def __repr__(self) -> str:
        return f"Reason.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _read(cls, value: object) -> Reason:
        raise SpadesError(
            f"A Reason is named by its value, such as 'revoke', not {quote(value)}.",
            reason="bad_reason",
        )


def _rebuild(cls: type[SpadesError], args: tuple[Any, ...]) -> SpadesError:
    """An error of class ``cls`` with ``args``, its attributes to be restored by unpickling."""
    return cls.__new__(cls, *args)


class SpadesError(ValueError):
    """Base class of every error this package raises on bad input."""

    reason: str

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason

    @property
    def message(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own __reduce__ calls cls(*args), which misses the keyword-only arguments;
        # rebuild without calling __init__ and restore every attribute from the instance dict.
        return (_rebuild, (type(self), self.args), dict(self.__dict__))


class NotationError(SpadesError):
    """Text that does not parse as a card, hand, bid or seat; the message quotes the token."""

    def __init__(self, message: str, *, token: str, reason: str = "bad_notation") -> None:
        super().__init__(message, reason=reason)
        self.token = token


class RuleSetError(SpadesError):
    """A :class:`~spades.rules.RuleSet` option value or combination that cannot be played."""

    def __init__(self, message: str, *, option: str, reason: str = "bad_option") -> None:
        super().__init__(message, reason=reason)
        self.option = option


class StandingError(SpadesError):
    """A starting standing (dealer, scores, bags, hand number) that the rules cannot start from."""

    def __init__(self, message: str, *, field: str, reason: str = "bad_standing") -> None:
        super().__init__(message, reason=reason)
        self.field = field


class IllegalActionError(SpadesError):
    """An action the rules forbid in the given state. The state is left unchanged."""

    reason: Reason

    def __init__(
        self,
        message: str,
        *,
        reason: Reason,
        seat: Seat | None,
        action: Action | object,
        option: str | None = None,
    ) -> None:
        super().__init__(message, reason=reason)
        self.seat = seat
        self.action = action
        self.option = option


class RecordError(SpadesError):
    """A game record that cannot be read; ``where`` names the place in the record."""

    def __init__(self, message: str, *, where: str = "", reason: str = "bad_record") -> None:
        super().__init__(message, reason=reason)
        self.where = where
