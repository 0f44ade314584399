"""The exception tree.

Every error the package raises on bad input is a :class:`SpadesError` with a full-sentence message
and a machine-readable ``reason``, so a front-end can both show the message and branch on the cause.
All of them are also :class:`ValueError`, so callers that only know the standard library still catch
them. Every one can be pickled and copied with its message, ``reason`` and every other attribute, so
that it crosses a process boundary (a worker pool, a queue) intact.
"""

from __future__ import annotations

import enum
from typing import Any

from ._text import StrictEnumType, quote

__all__ = [
    "AnalysisError",
    "IllegalActionError",
    "NotationError",
    "OpenSpielError",
    "Reason",
    "RecordError",
    "RuleSetError",
    "SpadesError",
    "StandingError",
]


class Reason(str, enum.Enum, metaclass=StrictEnumType):
    """Why an action is illegal (the ``reason`` of an :class:`~spades.errors.IllegalActionError`
    and of a :class:`~spades.violation.Violation`).

    A front-end branches on it (the message is for people); the comment on each member says when
    it is given. The value is the lower-case text records and JSON use (``'revoke'``).
    """

    #: Any action once the game has a result: no more deals, bids or cards.
    GAME_OVER = "game_over"
    #: An action of the wrong kind for the phase: a card during the bidding, a bid during play, a
    #: deal while a hand is in progress, an exchange outside a nil or blind nil exchange.
    WRONG_PHASE = "wrong_phase"
    #: A bid, exchange, card, keep or discard naming a seat other than the one whose turn it is.
    WRONG_TURN = "wrong_turn"
    #: A deal that is not a deal: a seat without 13 cards, a card dealt twice or to nobody.
    BAD_DEAL = "bad_deal"
    #: A card drawn from the stock (two-handed Spades) that is not in it, or a draw when no
    #: card is to be drawn: before keeping or discarding the card drawn, or where cards are dealt.
    BAD_DRAW = "bad_draw"
    #: Trick counts (of a hand told by its counts) that do not add up to 13.
    BAD_TRICKS = "bad_tricks"
    #: A bid that is not nil, blind nil or 1 to 13 tricks.
    BID_OUT_OF_RANGE = "bid_out_of_range"
    #: A blind nil bid where the rules do not allow blind nil (option ``blind_nil``).
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"
    #: A blind nil bid by a team not far enough behind (option ``blind_nil_min_deficit``), or in
    #: the first hand of a game where the rules refuse it there (option ``blind_nil_first_hand``).
    BLIND_NIL_NOT_ELIGIBLE = "blind_nil_not_eligible"
    #: A blind number bid ("blind 6") where the rules allow none, or below the least they allow
    #: (option ``blind_bid``).
    BLIND_BID_NOT_ALLOWED = "blind_bid_not_allowed"
    #: A blind number bid by a team not far enough behind (option ``blind_bid_min_deficit``).
    BLIND_BID_NOT_ELIGIBLE = "blind_bid_not_eligible"
    #: A bid against a team's blind bid (option ``blind_bid_by`` team): by the partner of the
    #: seat that bid a number blind for the team, any bid but that one repeated; or a blind number
    #: bid by a seat whose partner has bid.
    TEAM_BLIND_BID = "team_blind_bid"
    #: A nil bid where the rules do not allow nil (option ``nil_allowed``).
    NIL_NOT_ALLOWED = "nil_not_allowed"
    #: A nil (or blind nil) beside a partner's nil where only one partner may bid nil (option
    #: ``double_nil``).
    DOUBLE_NIL_NOT_ALLOWED = "double_nil_not_allowed"
    #: A bid the forced bidding mode does not allow: not the spades held (mirror), neither nil
    #: nor the spades held (whiz), not nil or at least 4 as suicide has the partners bid (option
    #: ``forced_bidding``).
    FORCED_BID = "forced_bid"
    #: A number below the lowest a player may bid (option ``min_player_bid``).
    BID_BELOW_MINIMUM = "bid_below_minimum"
    #: Nil beside a partner who bid too little, or too little beside a partner's nil (option
    #: ``nil_partner_min_bid``).
    NIL_PARTNER_BID_TOO_LOW = "nil_partner_bid_too_low"
    #: A second partner's bid that leaves the team under its minimum (option ``min_team_bid``).
    TEAM_BID_BELOW_MINIMUM = "team_bid_below_minimum"
    #: A last bid that leaves the four bids under their minimum (option ``min_total_bid``).
    TOTAL_BID_BELOW_MINIMUM = "total_bid_below_minimum"
    #: A last bid that makes the four bids total exactly 13 (option ``forbid_total_of_13``).
    TOTAL_BID_OF_13 = "total_bid_of_13"
    #: A nil or blind nil exchange of the wrong number of cards (option ``nil_exchange`` or
    #: ``blind_nil_exchange``).
    BAD_EXCHANGE = "bad_exchange"
    #: The dealer's discard of other than two cards (option ``spare_cards`` dealer_discards).
    BAD_DISCARD = "bad_discard"
    #: A card played, passed in the exchange or discarded, that the seat does not hold.
    CARD_NOT_HELD = "card_not_held"
    #: A card of another suit from a seat that holds a card of the suit led: it must follow suit.
    REVOKE = "revoke"
    #: A spade led before spades are broken, or under ``after_first_trick`` to the first trick,
    #: by a seat that holds another suit (option ``spades_breaking``).
    SPADES_NOT_BROKEN = "spades_not_broken"
    #: A first lead other than the two of clubs where the rules fix it (option ``first_lead``).
    MUST_LEAD_CARD = "must_lead_card"
    #: A spade led or played to the first trick by a seat that holds another suit, where the
    #: rules keep spades out of it (option ``first_trick``: ``no_spades`` or ``lowest_club``).
    FIRST_TRICK_SPADE = "first_trick_spade"
    #: A club other than the lowest held, played to the first trick where everyone plays their
    #: lowest club (option ``first_trick``: ``lowest_club``).
    LOWEST_CLUB = "lowest_club"
    #: A card other than a higher spade from a seat that cannot follow, holds a spade higher than
    #: the highest in the trick, and must overtrump (option ``must_overtrump``).
    MUST_OVERTRUMP = "must_overtrump"
    #: A call for a redeal by a seat whose hand does not qualify, where the rules allow none, or
    #: not at that seat's turn to bid (option ``redeal``).
    REDEAL_NOT_ALLOWED = "redeal_not_allowed"
    #: A bid or a call for a redeal in a hand played without bids, or a hand told by its counts
    #: whose bids are given for such a hand or missing for any other (option
    #: ``first_hand_trick_points``).
    UNBID_HAND = "unbid_hand"

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

    #: Why, as lower-case text a program can branch on (``'bad_notation'``, ``'unknown_option'``,
    #: ``'nothing_to_undo'``, ...); a :class:`Reason` for an :class:`IllegalActionError`.
    reason: str

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason

    @property
    def message(self) -> str:
        """The full-sentence message, to show a person (also ``str(error)``)."""
        return str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own __reduce__ calls cls(*args), which misses the keyword-only arguments;
        # rebuild without calling __init__ and restore every attribute from the instance dict.
        return (_rebuild, (type(self), self.args), dict(self.__dict__))


class NotationError(SpadesError):
    """Text that does not parse as a card, hand, bid or seat; the message quotes the token."""

    def __init__(self, message: str, *, token: str, reason: str = "bad_notation") -> None:
        super().__init__(message, reason=reason)
        #: The text that does not parse, quoted as the message quotes it.
        self.token = token


class RuleSetError(SpadesError):
    """A :class:`~spades.rules.RuleSet` option value or combination that cannot be played."""

    def __init__(self, message: str, *, option: str, reason: str = "bad_option") -> None:
        super().__init__(message, reason=reason)
        #: The name of the option at fault (``'target_score'``); ``'preset'`` or ``'rules'``
        #: when the preset or rules value itself is wrong, empty when no single option is.
        self.option = option


class StandingError(SpadesError):
    """A starting standing (dealer, scores, bags, hand number) that the rules cannot start from."""

    def __init__(self, message: str, *, field: str, reason: str = "bad_standing") -> None:
        super().__init__(message, reason=reason)
        #: The name of the field at fault, such as ``'scores'``, ``'bags'``, ``'dealer'`` or
        #: ``'hand_number'``.
        self.field = field


class IllegalActionError(SpadesError):
    """An action the rules forbid in the given state. The state is left unchanged.

    Raised by :func:`~spades.engine.apply` with the fields of the
    :class:`~spades.violation.Violation` that :func:`~spades.legality.check` returns: ``reason``
    (a :class:`Reason`), ``seat``, ``action``, ``option`` (the rule option responsible, or None)
    and the sentence (``message``, also ``str(error)``). :func:`~spades.scoring.score_hand` and
    :func:`~spades.engine.apply_counts` raise it for bids out of range and trick counts that are
    not a hand.
    """

    #: Why the action is illegal; a front-end branches on it.
    reason: Reason

    def __init__(
        self,
        message: str,
        *,
        reason: Reason,
        seat: Any,
        action: Any,
        option: str | None = None,
    ) -> None:
        super().__init__(message, reason=reason)
        #: The seat that took (or was to take) the action (a :class:`~spades.seats.Seat`); None for
        #: a deal or counted hand.
        self.seat: Any = seat
        #: The action refused (an :class:`~spades.actions.Action`, or what was given as one).
        self.action: Any = action
        #: The rule option that forbids the action, when another setting would allow it
        #: (``'spades_breaking'``); None for a rule that is not an option, such as following suit.
        self.option = option


class RecordError(SpadesError):
    """A game record that cannot be read; ``where`` names the place in the record."""

    def __init__(self, message: str, *, where: str = "", reason: str = "bad_record") -> None:
        super().__init__(message, reason=reason)
        #: Where in the record: ``'hands[0].bids.E'``, ``'rules.preset'``; empty for the whole file.
        self.where = where


class AnalysisError(SpadesError):
    """A game, record or state that double-dummy analysis (:mod:`spades.analysis`) cannot
    answer for: a state not in play, a seat's view rather than the whole table, a hand recorded
    without its cards; the ``reason`` says which (``'not_in_play'``, ``'not_a_state'``,
    ``'no_cards'``, ...)."""


class OpenSpielError(SpadesError):
    """A hand, rule set, action sequence or game parameter that :mod:`spades.openspiel` cannot
    convert exactly, because OpenSpiel's ``"spades"`` game cannot express it or does not allow it.

    The ``reason`` says which: ``'unsupported_rules'``, ``'unsupported_parameters'``,
    ``'bad_parameters'``, ``'no_deal'``, ``'counted_hand'``, ``'partial_deal'``,
    ``'team_bid_over_13'``, ``'spade_lead'``, ``'revoke'``, ``'bad_action'`` or ``'not_a_hand'``.
    """

    def __init__(
        self, message: str, *, reason: str, option: str = "", position: int | None = None
    ) -> None:
        super().__init__(message, reason=reason)
        #: The :class:`~spades.rules.RuleSet` option or OpenSpiel game parameter at fault
        #: (``'direction'``, ``'win_or_loss_bonus'``); empty when no single one is.
        self.option = option
        #: The place in OpenSpiel's action sequence of the action at fault (0 to 51 the deal, 52
        #: to 55 the bids, then the cards played); None when no single action is.
        self.position = position
