"""Game states: one frozen value per moment of a game, with queries only.

A :class:`GameState` holds everything about one moment of a game. Its fields are declared once
(:class:`StateFields`), and so are those of the part it shares with every other state of the same
hand (:class:`HandContext`: the rules, the standing before the hand, the deal, the bids, the
exchange): a card played moves only the few fields that change with it. The state before it and
the action that led here are fields too, so that :func:`~spades.engine.undo` is constant time.
The rules that move a state live in :mod:`spades.engine`; hands are ``int`` masks inside and
:class:`~spades.hands.Hand` values at the surface.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ._kernel.table import Table
from ._record import frozen_record
from ._table_drawing import whole_table_image
from .actions import Action, Bid, Deal
from .cards import CARDS, Card
from .hands import Hand
from .phase import Phase
from .position import position_text
from .queries import TableQueries
from .render import draw_table, moment_text
from .rules import RuleSet
from .score import GameResult, HandScore
from .seats import Seat, seat_at
from .standing import Standing, trusted_standing
from .tricks import CompletedHand, PlayedTrick, Trick, runs_in_game, sets_in_game

__all__ = ["GameState", "HandContext", "StateFields"]

# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_DEAL = Phase.DEAL
_DRAW = Phase.DRAW
_PLAY = Phase.PLAY
_HAND_OVER = Phase.HAND_OVER


@frozen_record
class HandContext(NamedTuple):
    """What every state of one hand shares: the rules, the standing before the hand, and what was
    settled before its play (the cards held, the bids, the exchange). Declared once; the engine
    makes a new one only when one of these changes (a deal, a bid, a card passed or drawn, the
    hand's end)."""

    #: The rules the game is played by.
    rules: RuleSet
    #: The rules compiled for play (the kernel's table of them).
    table: Table
    #: The seat that deals (or dealt) hand :attr:`hand_number`.
    dealer: Seat
    #: The number of the hand being played, just played, or (before the first deal) next.
    hand_number: int
    #: The totals by side, including the last completed hand.
    scores: tuple[int, ...]
    #: The bag counts by side, after any penalty.
    bags: tuple[int, ...]
    #: Where the game started from (a dispute usually starts mid-game).
    start: Standing
    #: Every hand completed since :attr:`start`, with its itemised score.
    history: tuple[CompletedHand, ...]
    #: How the game ended; None while it goes on.
    result: GameResult | None
    #: This hand's deal, as dealt (before any exchange); None before it and for a counted hand.
    deal: Deal | None
    #: What each seat held when the play began (after any exchange), as card masks; before the
    #: play, what each seat holds now.
    held: tuple[int, ...]
    #: The bids so far this hand, by seat (None for a seat yet to bid).
    bids: tuple[Bid | None, ...]
    #: The cards each giver has passed so far in the nil exchange.
    exchanges: tuple[tuple[Seat, Hand], ...]
    #: The cards each seat has discarded face down this hand, as masks: in two-handed Spades'
    #: draw, or the dealer's two under ``spare_cards`` dealer_discards (once discarded); () for
    #: a hand whose cards were dealt and nothing discarded.
    waste: tuple[int, ...]


class StateFields(NamedTuple):
    """The fields of a :class:`GameState`, declared once: the hand's shared part and what moves
    with each action."""

    #: What every state of this hand shares (see :class:`HandContext`).
    context: HandContext
    #: Where the game stands: dealing, drawing, bidding, the exchange, play, between hands, or
    #: over.
    phase: Phase
    #: The seat whose action comes next; None when a deal (or a card drawn) is next or the game
    #: is over.
    to_act: Seat | None
    #: The cards played this hand so far, as a mask.
    played_mask: int
    #: The card indices of the trick in progress, in play order.
    trick_cards: tuple[int, ...]
    #: The tricks completed this hand, as the engine keeps them: each the leader's seat number,
    #: then the card indices in play order (:attr:`GameState.completed_tricks` gives them as
    #: :class:`~spades.tricks.Trick` values).
    played_tricks: tuple[PlayedTrick, ...]
    #: Tricks taken this hand by each seat.
    trick_counts: tuple[int, ...]
    #: Whether spades have been broken this hand: a spade has been played (under
    #: ``spades_breaking`` trump_only, one played to a trick of another suit). Under any_spade and
    #: trump_only a leader who holds another suit may lead a spade only once they are; under
    #: any_time and after_first_trick spades need no breaking to be led, and this only tells
    #: whether one has been played.
    spades_broken: bool
    #: What :attr:`to_act` may do, as a mask: the cards it may play (in play), the bids it may
    #: make (while bidding: bit ``n`` for the number ``n``, as the kernel's bid masks are); 0
    #: otherwise.
    legal: int
    #: In two-handed Spades' draw, the index of the card drawn that the drawer (:attr:`to_act`)
    #: is to keep or discard; -1 when no card waits (always outside the draw).
    shown: int
    #: The state before :attr:`last_action`; None for the state :func:`~spades.engine.new_game`
    #: returned.
    previous: GameState | None
    #: The action that led from :attr:`previous` to this state.
    last_action: Action | None


@frozen_record
class GameState(StateFields, TableQueries):
    """A whole game at one moment. Immutable: :func:`~spades.engine.apply` returns a new one.

    Build one with :func:`~spades.engine.new_game`; the engine builds every later one. A state is a
    frozen record of its fields (:class:`StateFields`, a named tuple); the properties and methods
    answer what a table shows from them. Hands are ``int`` masks in :attr:`holding_masks` (bit
    ``suit * 13 + rank``, for fast code such as playouts) and :class:`~spades.hands.Hand` values
    through :meth:`holding`.

    ``print(state)`` draws the table; ``repr(state)`` is one line.
    """

    __slots__ = ()

    # -- identity ----------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Two states are equal when every field but :attr:`previous` and :attr:`last_action`
        is: the same moment of the same game, however it was reached."""
        if not isinstance(other, GameState):
            return NotImplemented
        return self is other or self[:-2] == other[:-2]

    def __hash__(self) -> int:
        return hash((self.phase, self.hand_number, self.scores, self.played_mask, self.trick_cards))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Each state refers to the one before it; pickle the chain as a flat list (root first),
        # so that a long game pickles without deep recursion.
        chain = []
        state: GameState | None = self
        while state is not None:
            chain.append((*state[:-2], state.last_action))
            state = state.previous
        chain.reverse()
        return (_unpickle_chain, (tuple(chain),))

    # -- the hand's shared part --------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules the game is played by."""
        return self.context.rules

    @property
    def dealer(self) -> Seat:
        """The seat that deals (or dealt) hand :attr:`hand_number`."""
        return self.context.dealer

    @property
    def hand_number(self) -> int:
        """The number of the hand being played, just played, or (before the first deal) next."""
        return self.context.hand_number

    @property
    def scores(self) -> tuple[int, ...]:
        """The totals by side (NS, EW; or N, E, S, W when every player plays alone), including
        the last completed hand."""
        return self.context.scores

    @property
    def bags(self) -> tuple[int, ...]:
        """The bag counts by side, after any penalty."""
        return self.context.bags

    @property
    def start(self) -> Standing:
        """Where the game started from (a dispute usually starts mid-game)."""
        return self.context.start

    @property
    def history(self) -> tuple[CompletedHand, ...]:
        """Every hand completed since :attr:`start`, with its itemised score."""
        return self.context.history

    @property
    def result(self) -> GameResult | None:
        """How the game ended; None while it goes on."""
        return self.context.result

    @property
    def deal(self) -> Deal | None:
        """This hand's deal, as dealt (before any exchange); None before it and for a counted
        hand."""
        return self.context.deal

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """The bids so far this hand, by seat (None for a seat yet to bid)."""
        return self.context.bids

    @property
    def exchanges(self) -> tuple[tuple[Seat, Hand], ...]:
        """The cards each giver has passed so far in the nil exchange."""
        return self.context.exchanges

    @property
    def waste(self) -> tuple[int, ...]:
        """The cards each seat has discarded face down this hand, as masks, each seen only by
        that seat: in two-handed Spades' draw (N, E), or the dealer's two under ``spare_cards``
        dealer_discards; () for a hand whose cards were dealt (or given whole by a
        :class:`~spades.actions.Deal`) with nothing discarded yet."""
        return self.context.waste

    # -- the table ---------------------------------------------------------------------------------

    @property
    def standing(self) -> Standing:
        """The dealer, hand number, scores, bags, sets and sets in a row, as a
        :class:`~spades.standing.Standing`."""
        context = self.context
        table, start, history = context.table, context.start, context.history
        sets = sets_in_game(table, start.sets, history)
        runs = runs_in_game(table, start.consecutive_sets, history)
        return trusted_standing(
            context.dealer, context.hand_number, context.scores, context.bags, sets, runs
        )

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next hand to be dealt."""
        context = self.context
        if self.phase is _DEAL:
            return context.dealer
        return Seat(context.table.next_dealers[context.dealer])

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

    @property
    def legal_mask(self) -> int:
        """The cards :attr:`to_act` may play, as a mask; 0 outside play."""
        return self.legal if self.phase is _PLAY else 0

    # -- cards -------------------------------------------------------------------------------------

    @property
    def holding_masks(self) -> tuple[int, ...]:
        """What each seat holds now, as card masks (N, E, S, W; the seats in play)."""
        played = self.played_mask
        held = self.context.held
        if not played:
            return held
        return tuple(mask & ~played for mask in held)

    def holding(self, seat: Seat | str) -> Hand:
        """The cards ``seat`` holds now (a seat not at the table is refused, as everywhere)."""
        index = seat_at(seat, self.context.table.players)
        return Hand.from_mask(self.context.held[index] & ~self.played_mask)

    @property
    def holdings(self) -> tuple[Hand, ...]:
        """What each seat holds now (N, E, S, W; the seats in play)."""
        return tuple(Hand.from_mask(mask) for mask in self.holding_masks)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks completed this hand, in order."""
        table = self.context.table
        return tuple(Trick.of_table(table, trick[0], trick[1:]) for trick in self.played_tricks)

    @property
    def leader(self) -> Seat | None:
        """The seat that led (or is to lead) the trick in progress; None outside play."""
        seat = self.to_act
        if self.phase is not _PLAY or seat is None:
            return None
        return Seat(self.context.table.leader(seat, len(self.trick_cards)))

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly with no card yet); None outside play."""
        leader = self.leader
        if leader is None:
            return None
        return Trick.of_table(self.context.table, leader, self.trick_cards)

    @property
    def played(self) -> Hand:
        """Every card played this hand, in completed tricks and the current one."""
        return Hand.from_mask(self.played_mask)

    @property
    def needs_draw(self) -> bool:
        """Whether the next action is a :class:`~spades.actions.Draw` (a chance action): two
        players are to draw their hands, or are drawing them and no card is waiting to be kept
        or discarded (``deal_method`` draw_keep_discard)."""
        if not self.context.table.draws:
            return False
        phase = self.phase
        return phase is _DEAL or phase is _HAND_OVER or (phase is _DRAW and self.shown < 0)

    @property
    def stock(self) -> Hand:
        """The cards left to draw in two-handed Spades (``deal_method`` draw_keep_discard): the
        whole deck before a hand's first draw, then what no one has kept, discarded or is
        looking at; empty once the hands are drawn, and under every other deal."""
        context = self.context
        if not context.table.draws:
            return Hand()
        phase = self.phase
        deck = context.table.deck.cards
        if phase is _DEAL or phase is _HAND_OVER:
            return Hand.from_mask(deck)
        if phase is not _DRAW:
            return Hand()
        gone = 0
        for mask in (*context.held, *context.waste):
            gone |= mask
        if self.shown >= 0:
            gone |= 1 << self.shown
        return Hand.from_mask(deck & ~gone)

    @property
    def stock_size(self) -> int:
        """How many cards are left to draw (two-handed Spades); 0 under every other deal."""
        return len(self.stock)

    @property
    def discard_counts(self) -> tuple[int, ...]:
        """How many cards each seat has discarded this hand (two-handed Spades' draw: N, E; the
        dealer's two under ``spare_cards`` dealer_discards; public, unlike the cards); () for
        a hand with nothing discarded."""
        return tuple(mask.bit_count() for mask in self.context.waste)

    @property
    def discards(self) -> tuple[Hand, ...]:
        """The cards each seat has discarded this hand (two-handed Spades' draw: N, E; the
        dealer's two under ``spare_cards`` dealer_discards), each seen only by that seat; ()
        for a hand with nothing discarded."""
        return tuple(Hand.from_mask(mask) for mask in self.context.waste)

    @property
    def drawn_card(self) -> Card | None:
        """The card the drawer (:attr:`to_act`) has drawn and is to keep or discard; None when no
        card waits (two-handed Spades' draw)."""
        return None if self.shown < 0 else CARDS[self.shown]

    # -- scoring -----------------------------------------------------------------------------------

    @property
    def last_score(self) -> HandScore | None:
        """The itemised score of the most recently completed hand."""
        last = self.last_hand
        return None if last is None else last.score

    # -- text --------------------------------------------------------------------------------------

    def to_notation(self) -> str:
        """The game to this moment on one line, which :func:`~spades.notation.from_notation`
        reads back as a state equal to this one (docs/notation.rst): the rules, the standing the
        game started from, and each hand's deal and actions since.

        >>> from spades import Deal, Bid, apply, new_game
        >>> state = apply(apply(new_game(), Deal.random(7)), Bid(3))
        >>> state.to_notation()[:60]
        'standard | dealer=N hand=1 scores=0,0 bags=0,0 sets=0,0 runs'
        """
        steps = []
        state = self
        while state.previous is not None:
            ended = len(state.context.history) > len(state.previous.context.history)
            steps.append((state.last_action, ended))
            state = state.previous
        steps.reverse()
        return position_text(state.rules, state.start, steps)  # type: ignore[arg-type]

    def to_text(self, *, unicode: bool = True) -> str:
        """The table in a few lines: every hand, the bids, the trick in progress, tricks taken,
        scores and bags. Suit symbols by default; ``unicode=False`` for plain letters."""
        return draw_table(self, self.holdings, unicode=unicode)

    def _repr_svg_(self) -> str:
        """The table as a picture, for a notebook (:func:`spades.svg.table`)."""
        return whole_table_image(self)

    def __repr__(self) -> str:
        return f"<GameState {moment_text(self)}>"


def _unpickle_chain(chain: tuple[tuple[Any, ...], ...]) -> GameState:
    state: GameState | None = None
    for fields in chain:
        state = GameState._make((*fields[:-1], state, fields[-1]))
    assert state is not None
    return state
