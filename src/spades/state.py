"""Game states: one flat, frozen value per moment of a game, with queries only.

A :class:`GameState` holds everything about one moment of a game in one level of fields: the
rules, the standing (dealer, hand number, scores, bags), the hand in progress (the deal, what each
seat holds, the bids, the exchange, the trick in progress, the tricks taken), the cards the seat to
act may play, and the state before it with the action that led here, so that
:func:`~spades.engine.undo` is constant time. The rules that move a state live in
:mod:`spades.engine`; hands are ``int`` masks inside and :class:`~spades.cards.Hand` values at
the surface.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from . import _kernel
from ._text import exact_text, plural, quote
from .actions import Action, Bid, Deal, Discard, Exchange, Keep, Play, Redeal, SeatAction
from .cards import CARDS, Card, Hand, parse_cards
from .errors import NotationError
from .rules import RuleSet, SpadesBreaking
from .seats import SEATS, Seat, Side, side_seats
from .standing import Standing, display_score, trusted_standing
from .tricks import CompletedHand, Trick, trusted_trick

if TYPE_CHECKING:
    from .scoring import GameResult, HandScore

__all__ = ["GameState", "Phase", "TableLike", "TableQueries", "draw_table", "moment_text"]


class Phase(enum.Enum):
    """Where a game stands."""

    #: Waiting for the first deal.
    DEAL = "deal"
    #: Two players are drawing their hands from the stock (``deal_method`` draw_keep_discard).
    DRAW = "draw"
    #: Bids are being made, one seat at a time.
    BIDDING = "bidding"
    #: A blind nil bidder and partner are exchanging cards.
    EXCHANGE = "exchange"
    #: Tricks are being played.
    PLAY = "play"
    #: The hand is over and scored; the next action is the next deal (the dealer then rotates).
    HAND_OVER = "hand_over"
    #: The game has a result.
    GAME_OVER = "game_over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __str__(self) -> str:
        return self.value


# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_DEAL = Phase.DEAL
_DRAW = Phase.DRAW
_PLAY = Phase.PLAY
_HAND_OVER = Phase.HAND_OVER
_GAME_OVER = Phase.GAME_OVER


# -- the state -------------------------------------------------------------------------------------


class _Fields:
    """The slots of a :class:`GameState`, written once while one is built (see its ``__new__``)."""

    __slots__ = (
        "bags",
        "bids",
        "completed_tricks",
        "deal",
        "dealer",
        "exchanges",
        "hand_number",
        "history",
        "holding_masks",
        "last_action",
        "legal_mask",
        "phase",
        "previous",
        "result",
        "rules",
        "scores",
        "shown",
        "spades_broken",
        "start",
        "to_act",
        "trick_cards",
        "trick_counts",
        "waste",
    )


#: A plain slotted object, typed as the GameState it is about to become.
_new_fields: Callable[[type[_Fields]], GameState] = object.__new__  # type: ignore[assignment]


_Same = TypeVar("_Same", bound="TableQueries")


class TableQueries:
    """What a table shows, answered alike by a :class:`GameState` and a seat's
    :class:`~spades.views.SeatView` from the fields they share."""

    __slots__ = ()

    #: The rules the game is played by.
    rules: RuleSet
    #: Where the game stands: dealing, bidding, the exchange, play, between hands, or over.
    phase: Phase
    #: The seat whose action comes next; None when a deal is next or the game is over.
    to_act: Seat | None
    #: The bids so far this hand, by seat (None for a seat yet to bid).
    bids: tuple[Bid | None, ...]
    #: Tricks taken this hand by each seat (N, E, S, W).
    trick_counts: tuple[int, ...]
    #: The tricks completed this hand, in order.
    completed_tricks: tuple[Trick, ...]
    #: Every hand completed since the start, with its itemised score.
    history: tuple[CompletedHand, ...]

    if TYPE_CHECKING:  # each class has its own

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
        and in two-handed Spades' draw ``'keep'`` or ``'discard'`` for the card drawn.

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
        if phase is Phase.BIDDING:
            if plain.strip().lower() == "redeal":
                return Redeal(seat=seat)
            return Bid.parse(plain, zero_is_nil=self.rules.zero_bid_is_nil).for_seat(seat)
        if phase is Phase.PLAY:
            return Play(Card(plain.strip()), seat=seat)
        if phase is Phase.DRAW and self.to_act is not None:
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
        if phase is Phase.EXCHANGE:
            words = plain.split(maxsplit=1)
            if words and words[0].lower() == "pass":  # as an Exchange prints: 'pass 2c 3d'
                plain = words[1] if len(words) > 1 else ""
            return Exchange(Hand(parse_cards(plain)), seat=seat)  # a repeated card is refused
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
        """The team's contract so far this hand: the sum of its bids other than nil (a seat's
        own bid when every player plays alone: ``team`` is then a seat)."""
        seats = side_seats(self.rules.side(team))
        return sum(bid.tricks for bid in (self.bids[s] for s in seats) if bid is not None)

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
        """Tricks ``seat`` has taken this hand."""
        return self.trick_counts[Seat.of(seat)]

    def team_tricks(self, team: Side | str) -> int:
        """Tricks the partners of ``team`` have taken this hand (a seat's own when every
        player plays alone: ``team`` is then a seat)."""
        return sum(self.trick_counts[seat] for seat in side_seats(self.rules.side(team)))

    @property
    def last_hand(self) -> CompletedHand | None:
        """The most recently completed hand (with its itemised score)."""
        return self.history[-1] if self.history else None

    def __copy__(self: _Same) -> _Same:
        return self  # immutable

    def __deepcopy__(self: _Same, memo: dict[int, Any]) -> _Same:
        return self


class GameState(_Fields, TableQueries):
    """A whole game at one moment. Immutable: :func:`~spades.engine.apply` returns a new one.

    Build one with :func:`~spades.engine.new_game`; the engine builds every later one. The
    fields, read-only, are the whole truth about the moment; the properties and methods answer
    what a table shows from them. Hands are ``int`` masks in the ``*_mask``/``*_masks`` fields
    (bit ``suit * 13 + rank``, for fast code such as playouts) and :class:`~spades.cards.Hand`
    values through :meth:`holding`.

    ``print(state)`` draws the table; ``repr(state)`` is one line.
    """

    __slots__ = ()

    #: The rules the game is played by.
    rules: RuleSet
    #: Where the game stands: dealing, bidding, the exchange, play, between hands, or over.
    phase: Phase
    #: The seat that deals (or dealt) hand :attr:`hand_number`.
    dealer: Seat
    #: The number of the hand being played, just played, or (before the first deal) next.
    hand_number: int
    #: The totals by side (NS, EW; or N, E, S, W when every player plays alone), including the
    #: last completed hand.
    scores: tuple[int, ...]
    #: The bag counts by side, after any penalty.
    bags: tuple[int, ...]
    #: Where the game started from (a dispute usually starts mid-game).
    start: Standing
    #: Every hand completed since :attr:`start`, with its itemised score.
    history: tuple[CompletedHand, ...]
    #: How the game ended; None while it goes on.
    result: GameResult | None
    #: The seat whose action comes next; None when a deal is next or the game is over.
    to_act: Seat | None
    #: This hand's deal, as dealt (before any exchange); None before it and for a counted hand.
    deal: Deal | None
    #: What each seat holds now, as card masks (N, E, S, W).
    holding_masks: tuple[int, ...]
    #: The bids so far this hand, by seat (None for a seat yet to bid).
    bids: tuple[Bid | None, ...]
    #: The cards each giver has passed so far in the blind nil exchange.
    exchanges: tuple[tuple[Seat, Hand], ...]
    #: The card indices of the trick in progress, in play order.
    trick_cards: tuple[int, ...]
    #: The tricks completed this hand, in order.
    completed_tricks: tuple[Trick, ...]
    #: Tricks taken this hand by each seat (N, E, S, W).
    trick_counts: tuple[int, ...]
    #: Whether spades have been broken this hand: a spade has been played (under
    #: ``spades_breaking`` trump_only, one played to a trick of another suit). Under any_spade and
    #: trump_only a leader who holds another suit may lead a spade only once they are; under
    #: any_time and after_first_trick spades need no breaking to be led, and this only tells
    #: whether one has been played.
    spades_broken: bool
    #: The cards :attr:`to_act` may play, as a mask; 0 outside play.
    legal_mask: int
    #: In two-handed Spades' draw, the index of the card drawn that the drawer (:attr:`to_act`)
    #: is to keep or discard; -1 when no card waits (always outside the draw).
    shown: int
    #: In two-handed Spades, the cards each seat has discarded in this hand's draw, as masks
    #: (N, E), each seen only by that seat; () for a hand whose cards were dealt (or given whole
    #: by a :class:`~spades.actions.Deal`).
    waste: tuple[int, ...]
    #: The state before :attr:`last_action`; None for the state :func:`~spades.engine.new_game`
    #: returned.
    previous: GameState | None
    #: The action that led from :attr:`previous` to this state.
    last_action: Action | None

    def __new__(
        cls,
        rules: RuleSet,
        phase: Phase,
        dealer: Seat,
        hand_number: int,
        scores: tuple[int, ...],
        bags: tuple[int, ...],
        start: Standing,
        history: tuple[CompletedHand, ...],
        result: GameResult | None,
        to_act: Seat | None,
        deal: Deal | None,
        holding_masks: tuple[int, ...],
        bids: tuple[Bid | None, ...],
        exchanges: tuple[tuple[Seat, Hand], ...],
        trick_cards: tuple[int, ...],
        completed_tricks: tuple[Trick, ...],
        trick_counts: tuple[int, ...],
        spades_broken: bool,
        legal_mask: int,
        previous: GameState | None,
        last_action: Action | None,
        shown: int = -1,
        waste: tuple[int, ...] = (),
    ) -> GameState:
        # The fields are written on a plain slotted object, then the object becomes a GameState,
        # whose __setattr__ refuses every change: a frozen value built in one pass, without a
        # setattr call per field (see benchmarks/README.md). The engine checks what it passes.
        state = _new_fields(_Fields)
        state.rules = rules
        state.phase = phase
        state.dealer = dealer
        state.hand_number = hand_number
        state.scores = scores
        state.bags = bags
        state.start = start
        state.history = history
        state.result = result
        state.to_act = to_act
        state.deal = deal
        state.holding_masks = holding_masks
        state.bids = bids
        state.exchanges = exchanges
        state.trick_cards = trick_cards
        state.completed_tricks = completed_tricks
        state.trick_counts = trick_counts
        state.spades_broken = spades_broken
        state.legal_mask = legal_mask
        state.previous = previous
        state.last_action = last_action
        state.shown = shown
        state.waste = waste
        state.__class__ = cls
        return state

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("GameState is immutable; apply an action to get a new one.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("GameState is immutable; apply an action to get a new one.")

    # -- identity ----------------------------------------------------------------------------------

    def _position(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _MOMENT)

    def __eq__(self, other: object) -> bool:
        """Two states are equal when every field but :attr:`previous` and :attr:`last_action`
        is: the same moment of the same game, however it was reached."""
        if not isinstance(other, GameState):
            return NotImplemented
        return self is other or self._position() == other._position()

    def __hash__(self) -> int:
        return hash(
            (self.phase, self.hand_number, self.scores, self.holding_masks, self.trick_cards)
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Each state refers to the one before it; pickle the chain as a flat list (root first),
        # so that a long game pickles without deep recursion.
        chain = []
        state: GameState | None = self
        while state is not None:
            chain.append((*(getattr(state, name) for name in _MOMENT), state.last_action))
            state = state.previous
        chain.reverse()
        return (_unpickle_chain, (tuple(chain),))

    # -- the table ---------------------------------------------------------------------------------

    @property
    def standing(self) -> Standing:
        """The dealer, hand number, scores and bags, as a :class:`~spades.standing.Standing`."""
        return trusted_standing(self.dealer, self.hand_number, self.scores, self.bags)

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next hand to be dealt."""
        if self.phase is Phase.DEAL:
            return self.dealer
        return SEATS[_kernel.next_dealer(self.rules, self.dealer)]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action since :func:`~spades.engine.new_game`, in order."""
        found = []
        state = self
        while state.previous is not None:
            found.append(state.last_action)
            state = state.previous
        found.reverse()
        return tuple(found)  # type: ignore[arg-type]

    # -- cards -----------------------------------------------------------------------------------

    def holding(self, seat: Seat | str) -> Hand:
        """The cards ``seat`` holds now."""
        return Hand.from_mask(self.holding_masks[Seat.of(seat)])

    @property
    def holdings(self) -> tuple[Hand, ...]:
        """What each seat holds now (N, E, S, W)."""
        return tuple(Hand.from_mask(mask) for mask in self.holding_masks)

    @property
    def leader(self) -> Seat | None:
        """The seat that led (or is to lead) the trick in progress; None outside play."""
        if self.phase is not _PLAY or self.to_act is None:
            return None
        return SEATS[
            _kernel.trick_leader(
                self.to_act, self.rules.direction.step, len(self.trick_cards), self.rules.players
            )
        ]

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly with no card yet); None outside play."""
        leader = self.leader
        if leader is None:
            return None
        cards = tuple(CARDS[i] for i in self.trick_cards)
        rules = self.rules
        return trusted_trick(leader, cards, rules.direction, rules.deck, rules.players)

    @property
    def played(self) -> Hand:
        """Every card played this hand, in completed tricks and the current one."""
        mask = 0
        for trick in self.completed_tricks:
            for card in trick.cards:
                mask |= 1 << card.index
        for index in self.trick_cards:
            mask |= 1 << index
        return Hand.from_mask(mask)

    @property
    def needs_draw(self) -> bool:
        """Whether the next action is a :class:`~spades.actions.Draw` (a chance action): two
        players are to draw their hands, or are drawing them and no card is waiting to be kept
        or discarded (``deal_method`` draw_keep_discard)."""
        if not _kernel.draws_hands(self.rules):
            return False
        phase = self.phase
        return phase is _DEAL or phase is _HAND_OVER or (phase is _DRAW and self.shown < 0)

    @property
    def stock(self) -> Hand:
        """The cards left to draw in two-handed Spades (``deal_method`` draw_keep_discard): the
        whole deck before a hand's first draw, then what no one has kept, discarded or is
        looking at; empty once the hands are drawn, and under every other deal."""
        if not _kernel.draws_hands(self.rules):
            return Hand()
        phase = self.phase
        if phase is _DEAL or phase is _HAND_OVER:
            return Hand.from_mask(_kernel.FULL_DECK)
        if phase is not _DRAW:
            return Hand()
        gone = self.holding_masks[0] | self.holding_masks[1] | self.waste[0] | self.waste[1]
        if self.shown >= 0:
            gone |= 1 << self.shown
        return Hand.from_mask(_kernel.FULL_DECK & ~gone)

    @property
    def stock_size(self) -> int:
        """How many cards are left to draw (two-handed Spades); 0 under every other deal."""
        return len(self.stock)

    @property
    def discard_counts(self) -> tuple[int, ...]:
        """How many cards each seat has discarded in this hand's draw (two-handed Spades: N, E;
        public, unlike the cards); () for a hand whose cards were dealt."""
        return tuple(mask.bit_count() for mask in self.waste)

    @property
    def discards(self) -> tuple[Hand, ...]:
        """The cards each seat has discarded in this hand's draw (two-handed Spades: N, E), each
        seen only by that seat; () for a hand whose cards were dealt."""
        return tuple(Hand.from_mask(mask) for mask in self.waste)

    @property
    def drawn_card(self) -> Card | None:
        """The card the drawer (:attr:`to_act`) has drawn and is to keep or discard; None when no
        card waits (two-handed Spades' draw)."""
        return None if self.shown < 0 else CARDS[self.shown]

    # -- scoring ---------------------------------------------------------------------------------

    @property
    def last_score(self) -> HandScore | None:
        """The itemised score of the most recently completed hand."""
        last = self.last_hand
        return None if last is None else last.score

    # -- text ------------------------------------------------------------------------------------

    def to_text(self, *, unicode: bool = True) -> str:
        """The table in a few lines: every hand, the bids, the trick in progress, tricks taken,
        scores and bags. Suit symbols by default; ``unicode=False`` for plain letters."""
        return draw_table(self, self.holdings, unicode=unicode)

    def __repr__(self) -> str:
        return f"<GameState {moment_text(self)}>"


def _unpickle_chain(chain: tuple[tuple[Any, ...], ...]) -> GameState:
    state: GameState | None = None
    for fields in chain:
        moment = dict(zip(_MOMENT, fields))
        state = GameState(**moment, previous=state, last_action=fields[-1])
    assert state is not None
    return state


#: The fields that make a moment of a game, in the constructor's order: all but
#: :attr:`GameState.previous` and :attr:`GameState.last_action`.
_MOMENT = (
    "rules",
    "phase",
    "dealer",
    "hand_number",
    "scores",
    "bags",
    "start",
    "history",
    "result",
    "to_act",
    "deal",
    "holding_masks",
    "bids",
    "exchanges",
    "trick_cards",
    "completed_tricks",
    "trick_counts",
    "spades_broken",
    "legal_mask",
    "shown",
    "waste",
)


# -- the table as text -----------------------------------------------------------------------------


class TableLike(Protocol):
    """What :func:`draw_table` reads: a :class:`GameState` or a :class:`~spades.views.SeatView`.

    Each member means what the :class:`GameState` field of the same name means.
    """

    @property
    def phase(self) -> Phase:
        """See :attr:`GameState.phase`."""
        ...

    @property
    def hand_number(self) -> int:
        """See :attr:`GameState.hand_number`."""
        ...

    @property
    def dealer(self) -> Seat:
        """See :attr:`GameState.dealer`."""
        ...

    @property
    def to_act(self) -> Seat | None:
        """See :attr:`GameState.to_act`."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """See :attr:`GameState.scores`."""
        ...

    @property
    def bags(self) -> tuple[int, ...]:
        """See :attr:`GameState.bags`."""
        ...

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """See :attr:`GameState.bids`."""
        ...

    @property
    def trick_counts(self) -> tuple[int, ...]:
        """See :attr:`GameState.trick_counts`."""
        ...

    @property
    def spades_broken(self) -> bool:
        """See :attr:`GameState.spades_broken`."""
        ...

    @property
    def result(self) -> GameResult | None:
        """See :attr:`GameState.result`."""
        ...

    @property
    def history(self) -> tuple[CompletedHand, ...]:
        """See :attr:`GameState.history`."""
        ...

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """See :attr:`GameState.completed_tricks`."""
        ...

    @property
    def current_trick(self) -> Trick | None:
        """See :attr:`GameState.current_trick`."""
        ...

    @property
    def rules(self) -> RuleSet:
        """See :attr:`GameState.rules`."""
        ...

    @property
    def drawn_card(self) -> Card | None:
        """See :attr:`GameState.drawn_card` (None where the card is not shown)."""
        ...

    @property
    def stock_size(self) -> int:
        """See :attr:`GameState.stock_size`."""
        ...

    @property
    def discard_counts(self) -> tuple[int, ...]:
        """See :attr:`GameState.discard_counts`."""
        ...


_DOING = {
    Phase.DRAW: "to draw",
    Phase.BIDDING: "to bid",
    Phase.EXCHANGE: "to pass cards",
    Phase.PLAY: "to play",
}


def moment_text(table: TableLike, extra: str = "") -> str:
    """A table's moment on one line, for a repr: ``play hand=1 to_act=Seat.E scores=NS 0/EW 0
    bags=0/0``, with ``extra`` after whose turn it is and the winner once the game is over."""
    act = table.to_act
    who = f" to_act={act!r}" if act is not None else ""
    result = table.result
    winner = ""
    if result is not None:
        winner = " winner=" + ("shared" if result.winner is None else str(result.winner))
    scores = "/".join(f"{side} {score}" for side, score in zip(table.rules.sides, table.scores))
    bags = "/".join(str(count) for count in table.bags)
    return f"{table.phase} hand={table.hand_number}{who}{extra} scores={scores} bags={bags}{winner}"


def draw_table(table: TableLike, hands: Sequence[Hand | int], *, unicode: bool = True) -> str:
    """The table in a few lines: a heading, the scores, one line per seat, and the trick.

    ``hands`` gives each seat's cards, or for a hand that is not shown, how many it holds.
    """
    phase = table.phase
    head = f"Hand {table.hand_number}, dealer {table.dealer}"
    if phase is Phase.DEAL:
        head += ": waiting for the deal."
    elif phase is Phase.HAND_OVER:
        head += ": the hand is over; the next deal is due."
    elif phase is Phase.GAME_OVER:
        head += f": game over. {table.result}"
    else:
        number = len(table.completed_tricks) + 1
        doing = f"{phase}" if phase is not Phase.PLAY else f"trick {number}"
        seat = table.to_act
        who = f", {seat.full_name} {_DOING[phase]}" if seat is not None else ""
        head += f": {doing}{who}."
    lines = [head]
    teams = []
    dealt = phase is not Phase.DEAL
    rules = table.rules
    for index, team in enumerate(rules.sides):
        text = f"{team} {display_score(rules, table.scores[index], table.bags[index])}"
        if dealt and phase is not Phase.BIDDING and phase is not Phase.DRAW:
            seats = side_seats(team)
            bids = [table.bids[seat] for seat in seats]
            contract = sum(bid.tricks for bid in bids if bid is not None)
            taken = sum(table.trick_counts[seat] for seat in seats)
            if _kernel.unbid_hand(table.rules, table.hand_number):
                text += f": no bids, took {taken}"  # first_hand_trick_points
            else:
                text += f": bid {contract}, took {taken}"
        teams.append(text)
    lines.append("; ".join(teams))
    if dealt:
        width = max(len(_hand_text(hand, unicode)) for hand in hands)
        bid_texts = ["-" if bid is None else str(bid) for bid in table.bids]
        bid_width = max(len(text) for text in bid_texts)
        for seat in rules.seats:
            marker = "*" if seat is table.to_act else " "
            lines.append(
                f"{marker}{seat}  {_hand_text(hands[seat], unicode):<{width}}  "
                f"bid {bid_texts[seat]:<{bid_width}}  took {table.trick_counts[seat]}"
            )
        if phase is Phase.DRAW:
            lines.append(_draw_line(table, hands, unicode))
        trick_line = _trick_line(table, unicode)
        if trick_line:
            lines.append(trick_line)
        last = table.history[-1] if table.history else None
        if phase in (Phase.HAND_OVER, Phase.GAME_OVER) and last is not None:
            points = ", ".join(f"{t.team} {t.points:+d}" for t in last.score.teams)
            lines.append(f"Hand {last.number} scored {points}.")
    return "\n".join(lines)


def _draw_line(table: TableLike, hands: Sequence[Hand | int], unicode: bool) -> str:
    """Two-handed Spades' draw in progress: the discards, the stock, and the card drawn (shown
    where the table shows it)."""
    discarded = ", ".join(
        f"{seat} {count}" for seat, count in zip(table.rules.seats, table.discard_counts)
    )
    line = f"Discarded: {discarded}; {plural(table.stock_size, 'card')} in the stock"
    seat = table.to_act
    card = table.drawn_card
    if seat is None:  # pragma: no cover - someone draws in the draw
        return line + "."
    if card is not None:
        return f"{line}; {seat.full_name} drew {card.to_text(unicode=unicode)}: keep or discard?"
    held = sum(len(hand) if isinstance(hand, Hand) else hand for hand in hands)
    if held + sum(table.discard_counts) + table.stock_size < _kernel.DRAWN_CARDS:
        return f"{line}; {seat.full_name} drew a card: keep or discard?"
    return f"{line}; {seat.full_name} draws next."


def _hand_text(hand: Hand | int, unicode: bool) -> str:
    if isinstance(hand, Hand):
        return hand.to_text(unicode=unicode) if hand else "(no cards)"
    return plural(hand, "card")


def _spades_text(table: TableLike) -> str:
    """Whether spades may be led after the trick in progress or just completed (so from the second
    trick on): broken or not, or (under any_time and after_first_trick) that they may be led."""
    if table.spades_broken:
        return "spades broken"
    breaking = table.rules.spades_breaking
    if breaking is SpadesBreaking.ANY_TIME:
        return "spades may be led"
    if breaking is SpadesBreaking.AFTER_FIRST_TRICK:
        return "spades may be led" if table.completed_tricks else "spades may be led from trick 2"
    return "spades not broken"


def _trick_line(table: TableLike, unicode: bool) -> str:
    trick = table.current_trick
    broken = _spades_text(table)
    if trick is not None and trick.cards:
        plays = "  ".join(f"{seat} {card.to_text(unicode=unicode)}" for seat, card in trick.plays)
        number = len(table.completed_tricks) + 1
        return f"Trick {number}: {plays}  ({trick.winner} winning); {broken}."
    last = table.completed_tricks[-1] if table.completed_tricks else None
    if last is not None:
        plays = "  ".join(f"{seat} {card.to_text(unicode=unicode)}" for seat, card in last.plays)
        number = len(table.completed_tricks)
        return f"Trick {number}: {plays}  ({last.winner} took it); {broken}."
    return ""
