"""What a table shows: the queries a :class:`~spades.state.GameState` and a seat's
:class:`~spades.views.SeatView` answer alike, from the fields they share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._kernel.bidding import side_bids
from ._kernel.table import table_of
from ._text import exact_text, quote
from .actions import Bid, Bury, Discard, Exchange, Keep, Play, Redeal, SeatAction
from .cards import Card, parse_cards
from .errors import NotationError
from .hands import Hand
from .phase import Phase
from .rules import RuleSet
from .seats import Seat, Side, seat_at, side_seats
from .tricks import CompletedHand, Trick

__all__ = ["TableQueries"]

# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_DEAL = Phase.DEAL
_DRAW = Phase.DRAW
_BURY = Phase.BURY
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_PLAY = Phase.PLAY
_HAND_OVER = Phase.HAND_OVER
_GAME_OVER = Phase.GAME_OVER


class TableQueries:
    """What a table shows, answered alike by a :class:`~spades.state.GameState` and a seat's
    :class:`~spades.views.SeatView` from the fields they share."""

    __slots__ = ()

    if TYPE_CHECKING:  # what each class that shares these queries has of its own

        @property
        def rules(self) -> RuleSet: ...

        @property
        def phase(self) -> Phase: ...

        @property
        def to_act(self) -> Seat | None: ...

        @property
        def bids(self) -> tuple[Bid | None, ...]: ...

        @property
        def trick_counts(self) -> tuple[int, ...]: ...

        @property
        def completed_tricks(self) -> tuple[Trick, ...]: ...

        @property
        def history(self) -> tuple[CompletedHand, ...]: ...

        @property
        def current_trick(self) -> Trick | None: ...

        def to_text(self, *, unicode: bool = True) -> str: ...

    def __str__(self) -> str:
        """The table drawn as :meth:`to_text` draws it."""
        return self.to_text()

    def parse_action(self, text: str) -> SeatAction:
        """What a person's ``text`` means at this moment, as the action of the seat to act: a bid
        while bidding (``'4'``, ``'nil'``, ``'blind nil'``, ``'blind 6'``; ``'0'`` where the rules
        read it as nil) or ``'redeal'`` (a call to throw the hand in), the cards to pass in the nil
        exchange (``'2c 3d'`` or ``'pass 2c 3d'``), a card in play (``'qh'``, ``'10s'``, ``'Q♥'``),
        in two-handed Spades' draw ``'keep'`` or ``'discard'`` for the card drawn, and the
        dealer's two cards to discard under ``spare_cards`` dealer_discards (``'7h 3c'`` or
        ``'bury 7h 3c'``).

        Text that is not an action of that kind is a :class:`~spades.errors.NotationError` quoting
        it. Whether the action is legal is for :func:`~spades.legality.check` (or
        :func:`~spades.engine.apply`) to say: this only reads.

        >>> from spades import Deal, apply, new_game
        >>> state = apply(new_game(), Deal.random(1))
        >>> state.parse_action('nil')
        Bid(0, seat=Seat.E)
        >>> state.parse_action('Q♥')
        Traceback (most recent call last):
        ...
        spades.errors.NotationError: 'Q♥' is not a bid; bid a number of tricks, ...
        """
        plain = exact_text(text)
        if plain is None:
            raise NotationError(
                f"An action is typed as text such as '4', 'nil' or 'Qh', not {quote(text)}.",
                token=quote(text),
                reason="bad_action",
            )
        phase = self.phase
        seat = self.to_act
        if phase is _BIDDING:
            if plain.strip().lower() == "redeal":
                return Redeal(seat=seat)
            return Bid.parse(plain, zero_is_nil=self.rules.zero_bid_is_nil).for_seat(seat)
        if phase is _PLAY:
            return Play(Card(plain.strip()), seat=seat)
        if phase is _DRAW and self.to_act is not None:
            word = plain.strip().lower()
            if word == "keep":
                return Keep(seat=seat)
            if word == "discard":
                return Discard(seat=seat)
            raise NotationError(
                f"A card drawn is kept or discarded: type 'keep' or 'discard', not {quote(plain)}.",
                token=plain,
                reason="bad_action",
            )
        if phase is _EXCHANGE:
            words = plain.split(maxsplit=1)
            if words and words[0].lower() == "pass":  # as an Exchange prints: 'pass 2c 3d'
                plain = words[1] if len(words) > 1 else ""
            return Exchange(Hand(parse_cards(plain)), seat=seat)  # a repeated card is refused
        if phase is _BURY:
            words = plain.split(maxsplit=1)
            if words and words[0].lower() == "bury":  # as a Bury prints: 'bury 7h 3c'
                plain = words[1] if len(words) > 1 else ""
            return Bury(Hand(parse_cards(plain)), seat=seat)  # a repeated card is refused
        raise NotationError(
            f"No seat acts now (the phase is {phase}), so {quote(plain)} is not an action.",
            token=plain,
            reason="wrong_phase",
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has a result."""
        return self.phase is _GAME_OVER

    @property
    def needs_deal(self) -> bool:
        """Whether the next action is a :class:`~spades.actions.Deal` (a chance action): a hand
        is to start. Two players draw their hands instead
        (:attr:`~spades.state.GameState.needs_draw`); a ``Deal`` of
        the two hands drawn stands for a draw not followed card by card."""
        phase = self.phase
        return phase is _DEAL or phase is _HAND_OVER

    def contract(self, team: Side | str) -> int:
        """The team's contract so far this hand: the sum of its bids other than nil, a team's
        blind bid counted once (a seat's own bid when every player plays alone: ``team`` is then
        a seat)."""
        seats = side_seats(self.rules.side(team))
        bids = [self.bids[seat] for seat in seats]
        pairs = [None if bid is None else (bid.tricks, bid.blind) for bid in bids]
        return side_bids(table_of(self.rules), pairs)

    @property
    def contracts(self) -> tuple[int, ...]:
        """Every side's contract so far (NS, EW; or N, E, S, W when every player plays
        alone)."""
        return tuple(self.contract(side) for side in self.rules.sides)

    @property
    def last_trick(self) -> Trick | None:
        """The last trick completed this hand; None before the first."""
        tricks = self.completed_tricks
        return tricks[-1] if tricks else None

    @property
    def winning_seat(self) -> Seat | None:
        """Who is winning the trick in progress; None before its lead."""
        trick = self.current_trick
        return None if trick is None else trick.winner

    def tricks_won(self, seat: Seat | str) -> int:
        """Tricks ``seat`` has taken this hand (a seat not at the table is refused)."""
        return self.trick_counts[seat_at(seat, self.rules.players)]

    def seat_after(self, seat: Seat | str) -> Seat:
        """The seat that acts after ``seat`` at this table: bidding, play and the deal move round
        the seats in play in the rules' direction.

        >>> from spades import new_game
        >>> new_game('cutthroat3').seat_after('S'), new_game('partners_app').seat_after('N')
        (Seat.N, Seat.W)
        """
        return Seat(table_of(self.rules).after[seat_at(seat, self.rules.players)])

    def team_tricks(self, team: Side | str) -> int:
        """Tricks the partners of ``team`` have taken this hand (a seat's own when every
        player plays alone: ``team`` is then a seat)."""
        return sum(self.trick_counts[seat] for seat in side_seats(self.rules.side(team)))

    @property
    def last_hand(self) -> CompletedHand | None:
        """The most recently completed hand (with its itemised score)."""
        return self.history[-1] if self.history else None
