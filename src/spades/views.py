"""Seat views: one seat's side of the table, and nothing it cannot see.

:func:`view` turns a :class:`~spades.state.GameState` into a :class:`SeatView` for one seat: its own
cards, the number of cards every other seat holds, the bids, every card played and by whom, the
trick in progress and who is winning it, tricks taken, scores, bags, the rules, the phase, whose
turn it is and, on this seat's turn, its legal actions. A computer player is given a view and
nothing else; a server sends :meth:`SeatView.to_dict` to the seat's client.

What the other seats hold is not in a view, nor reachable from it by any attribute, private or not:
a view keeps no reference to the state, the states before it, the deal, or any hand but its own.
Two states that differ only in how the cards the seat cannot see are spread among the other hands
give equal views.

The blind nil exchange is known to the two partners who make it: each knows the cards it passed
and the cards passed to it. The opponents know only that cards were passed, and how many. So each
exchange in a view is ``(giver, cards)`` -- a :class:`~spades.hands.Hand` when the seat made or
received it, the number of cards passed (an ``int``) when it did not.

The scores and bags of a view are by side, as the state's are: two teams (NS, EW), or four players
(N, E, S, W) when every player plays alone (:attr:`~spades.rules.RuleSet.partnerships` False);
:attr:`SeatView.side` is the side the seat scores for, and :attr:`SeatView.partner` is None when
the seat has no partner. At a table of three (:attr:`~spades.rules.RuleSet.players` 3, cutthroat)
North, East and South play and West has no player: every value by seat or by side of a view of
theirs has three entries, N, E, S, and a view for West is refused.

>>> from spades import Bid, Deal, Seat, apply, new_game
>>> deal = Deal(('T74.J85.J85.AK32', '963.AKQ2.T74.J97', '852.T74.AKQ2.T86', 'AKQJ.963.963.Q54'))
>>> state = apply(apply(new_game('standard'), deal), Bid(3))
>>> south = view(state, 'S')
>>> south
<SeatView S: bidding hand=1 to_act=Seat.S holds=852.T74.AKQ2.T86 scores=NS 0/EW 0 bags=0/0>
>>> south.hand_sizes, south.bids[Seat.E]
((13, 13, 13, 13), Bid(3, seat=Seat.E))
>>> len(south.legal_actions), view(state, 'N').legal_actions
(14, ())
>>> print(south.to_text(unicode=False))
Hand 1, dealer N: bidding, South to bid.
NS 0 (0 bags); EW 0 (0 bags)
 N  13 cards          bid -  took 0
 E  13 cards          bid 3  took 0
*S  852.T74.AKQ2.T86  bid -  took 0
 W  13 cards          bid -  took 0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ._kernel.deal import discarder
from ._kernel.table import table_of
from ._record import frozen_record
from ._table_drawing import seat_table_image
from .action_data import action_to_dict, bid_data
from .actions import Action, Bid
from .cards import CARDS, Card
from .choices import NO_ACTIONS
from .hands import Hand
from .legality import legal_actions
from .phase import Phase
from .queries import TableQueries
from .render import draw_table, moment_text
from .rules import RuleSet
from .score import GameResult
from .seats import Seat, Side, Team, seat_at, seat_data, side_data
from .state import GameState
from .tricks import CompletedHand, Trick, card_order, suit_played

__all__ = ["SeatView", "SeenExchange", "ViewFields", "view"]

#: One exchange as a seat knows it: the giver, and the cards passed when the seat made or received
#: them, or only how many were passed when it did not (an opponent's exchange).
SeenExchange = tuple[Seat, Hand | int]

# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_PLAY = Phase.PLAY
_NO_CARDS = Hand()


class ViewFields(NamedTuple):
    """The fields of a :class:`SeatView`, declared once."""

    #: The seat whose view this is.
    seat: Seat
    #: The rules of the game.
    rules: RuleSet
    #: Where the game stands.
    phase: Phase
    #: The seat that dealt the hand in progress (or is to deal the first hand).
    dealer: Seat
    #: The number of the hand in progress, or of the last hand once it is over.
    hand_number: int
    #: The totals by side, including the last completed hand: (NS, EW), or (N, E, S, W) when
    #: every player plays alone (:attr:`~spades.rules.RuleSet.partnerships` False).
    scores: tuple[int, ...]
    #: The bag counts by side, in the same order, after any penalty.
    bags: tuple[int, ...]
    #: How the game ended; None while it goes on.
    result: GameResult | None
    #: Every hand completed so far as this seat saw it: no deal, and the exchanges as in
    #: :attr:`exchanges`.
    history: tuple[CompletedHand, ...]
    #: The seat whose action comes next; None when a deal is next or the game is over.
    to_act: Seat | None
    #: The cards this seat holds now.
    hand: Hand
    #: How many cards each seat in play holds now (N, E, S, W; N, E, S at a table of three).
    hand_sizes: tuple[int, ...]
    #: The bids so far this hand, by seat in play (None for a seat yet to bid).
    bids: tuple[Bid | None, ...]
    #: The blind nil exchange so far this hand, in order, as this seat knows it: ``(giver, Hand)``
    #: for the cards this seat passed or was passed, ``(giver, count)`` for an opponent's.
    exchanges: tuple[SeenExchange, ...]
    #: The tricks completed this hand, in order (each with its leader, cards and winner).
    completed_tricks: tuple[Trick, ...]
    #: The trick in progress (possibly with no card yet); None outside play.
    current_trick: Trick | None
    #: Tricks taken this hand by each seat in play (N, E, S, W; N, E, S at a table of three).
    trick_counts: tuple[int, ...]
    #: Whether spades have been broken this hand, as
    #: :attr:`~spades.state.GameState.spades_broken` tells it.
    spades_broken: bool
    #: What this seat may do now, as :func:`~spades.legality.legal_actions` gives it; empty
    #: unless it is this seat's turn.
    legal_actions: tuple[Action, ...]
    #: The cards this seat discarded face down this hand (two-handed Spades' draw, or the
    #: dealer's two under ``spare_cards`` dealer_discards): out of the hand, and known to this
    #: seat alone; empty when it discarded none.
    discards: Hand = _NO_CARDS
    #: How many cards each seat has discarded this hand (public); () when none has.
    discard_counts: tuple[int, ...] = ()
    #: The card this seat drew and is to keep or discard; None when none waits, and for the
    #: other seat's card, which this seat does not see.
    drawn_card: Card | None = None
    #: How many cards are left to draw in the stock (two-handed Spades; 0 otherwise).
    stock_size: int = 0


@frozen_record
class SeatView(ViewFields, TableQueries):
    """One seat's view of a moment of a game: what that seat may know, and nothing else.

    Built by :func:`view`; a frozen record of its fields (:class:`ViewFields`, a named tuple),
    equal to another view when every field is, picklable. Prints as a
    :class:`~spades.state.GameState` does, with the other hands as card counts.
    """

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(
            (self.seat, self.phase, self.hand_number, self.hand.mask, self.bids, self.trick_counts)
        )

    # -- queries -----------------------------------------------------------------------------------

    @property
    def partner(self) -> Seat | None:
        """The seat opposite this one, its partner; None when every player plays alone
        (:attr:`~spades.rules.RuleSet.partnerships` False)."""
        partner = table_of(self.rules).partner[self.seat]
        return None if partner < 0 else Seat(partner)

    @property
    def team(self) -> Team | None:
        """This seat's partnership; None when every player plays alone
        (:attr:`~spades.rules.RuleSet.partnerships` False): see :attr:`side`."""
        return self.seat.team if self.rules.partnerships else None

    @property
    def side(self) -> Side:
        """The side this seat scores for, as :meth:`RuleSet.side_of
        <spades.rules.RuleSet.side_of>` gives it: its team, or the seat itself when every player
        plays alone. Its index in :attr:`~spades.rules.RuleSet.sides` is its place in
        :attr:`scores` and :attr:`bags`."""
        return self.rules.side_of(self.seat)

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act (and :attr:`~SeatView.legal_actions` lists what it may
        do)."""
        return self.to_act is self.seat

    @property
    def leader(self) -> Seat | None:
        """The seat that led (or is to lead) the trick in progress; None outside play."""
        trick = self.current_trick
        return None if trick is None else trick.leader

    @property
    def played(self) -> Hand:
        """Every card played this hand, in completed tricks and the current one."""
        mask = 0
        for trick in self.completed_tricks:
            for card in trick.cards:
                mask |= 1 << card.index
        if self.current_trick is not None:
            for card in self.current_trick.cards:
                mask |= 1 << card.index
        return Hand.from_mask(mask)

    @property
    def unseen(self) -> Hand:
        """The cards the other seats may hold between them (three, or two at a table of three):
        every card of the deck in play neither in this seat's hand, nor played this hand, nor
        discarded or drawn by this seat (none when the others hold nothing). In two-handed
        Spades the other player holds only some of them: the rest are their discards and the
        stock."""
        if sum(self.hand_sizes) == len(self.hand):
            return _NO_CARDS
        deck = table_of(self.rules).deck.cards
        seen = self.hand.mask | self.played.mask | self.discards.mask
        if self.drawn_card is not None:
            seen |= self.drawn_card.mask
        return Hand.from_mask(deck & ~seen)

    # -- text --------------------------------------------------------------------------------------

    def to_text(self, *, unicode: bool = True) -> str:
        """The table as :meth:`GameState.to_text <spades.state.GameState.to_text>` draws it, with
        this seat's hand and a card count for every other seat."""
        seat = self.seat
        hands: list[Hand | int] = list(self.hand_sizes)
        hands[seat] = self.hand
        return draw_table(self, hands, unicode=unicode)

    def _repr_svg_(self) -> str:
        """The seat's side of the table as a picture, for a notebook (:func:`spades.svg.table`)."""
        return seat_table_image(self)

    def __repr__(self) -> str:
        hand = self.hand.to_text() if self.hand else "-"
        return f"<SeatView {self.seat}: {moment_text(self, f' holds={hand}')}>"

    # -- JSON --------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (``json.dumps`` takes it as it is), for a server to send to
        this seat's client.

        Seats are ``"N" "E" "S" "W"`` (``"N" "E" "S"`` at a table of three, where every value by
        seat or by side has three keys), teams ``"NS" "EW"``, cards ``"As"``; a bid is a number,
        ``"nil"``, ``"blind nil"``, ``"blind 6"``, or null before the seat has bid. Values by side
        (scores, bags, a hand's points) are keyed by team, ``{"NS": .., "EW": ..}``, or, when
        every player plays alone (``rules["partnerships"]`` false), by seat, ``{"N": .., "E": ..,
        "S": .., "W": ..}`` (``{"N": .., "E": ..}`` in two-handed Spades), the rules' sides in
        order: a side's key is the names of the seats that score as it, so a client draws one
        score per key and knows whose it is without knowing the rules. The keys, with a seat's
        view during the play:

        .. code-block:: text

            seat            "S"
            phase           "play"  (deal, draw, bidding, exchange, play, hand_over,
                            game_over)
            rules           RuleSet.to_dict(): every option by name
            dealer          "N"
            hand_number     1
            scores, bags    {"NS": 0, "EW": 0}, or {"N": 0, "E": 0, "S": 0, "W": 0} alone
            to_act          "E", or null when a deal is next or the game is over
            hand            {"cards": ["As", "9s", ...] (print order), "text": "A9.AJ9.J4.J83",
                             "by_suit": [["As", "9s"], ["Ah", ...], [...], [...]]: the cards by
                             the suit each plays as, spades, hearts, diamonds, clubs, high to
                             low in the deck's order (a joker or a high deuce with the spades)}
            hand_sizes      {"N": 12, "E": 11, "S": 12, "W": 12}
            bids            {"N": 4, "E": "nil", "S": "blind nil", "W": null}
            exchanges       [{"seat": "N", "to": "S", "count": 2, "cards": ["Ah", "Kd"]},
                             {"seat": "W", "to": "E", "count": 2, "cards": null}]
                            (cards null for an exchange this seat neither made nor received)
            completed_tricks [{"leader": "E", "winner": "S",
                               "plays": [{"seat": "E", "card": "Td"}, ...]}]
            current_trick   {"leader": "S", "winner": "S", "plays": [...]}: winner is who is
                            winning so far (null before the lead); null outside the play
            tricks_taken    {"N": 0, "E": 0, "S": 1, "W": 0}
            spades_broken   false
            legal_actions   [{"type": "play", "card": "As"}, ...], [{"type": "bid", "bid": 3},
                             {"type": "bid", "bid": "nil"}, ...] or
                            [{"type": "exchange", "cards": ["As", "Kh"]}, ...], or, with a
                            card drawn, [{"type": "keep"}, {"type": "discard"}]; [] unless it
                            is this seat's turn
            result          null, or {"winner": "NS" (a seat alone; null when shared),
                             "reason": "target", "scores": {"NS": 510, "EW": 220},
                             "hands_played": 9, "text": "..."}
            history         one object per completed hand: {"number", "dealer", "bids",
                            "exchanges", "tricks_taken", "points", "scores", "bags"} (points,
                            scores and bags after the hand by side)

        Two-handed Spades (``rules["players"]`` 2, ``rules["deal_method"]``
        ``"draw_keep_discard"``) seats North and East only, and adds the draw, in which each
        player in turn draws a card, sees it and keeps or discards it (``legal_actions``
        ``[{"type": "keep"}, {"type": "discard"}]``):

        .. code-block:: text

            discards        ["Kh", "4c", ...] (print order): the cards this seat discarded this
                            hand, which no one else sees; [] when the cards were dealt
            discard_counts  {"N": 3, "E": 2}: how many cards each seat has discarded (public);
                            {} when the cards were dealt
            drawn_card      "Qh": the card this seat drew and is to keep or discard; null when
                            none waits, and always for the other seat's card
            stock_size      how many cards are left to draw (0 once drawn, and when dealt)

        The discards and the counts stay through the bidding and the play of the hand.

        >>> import json
        >>> from spades import Deal, apply, new_game
        >>> deal = Deal(('T74.J85.J85.AK32', '963.AKQ2.T74.J97', '852.T74.AKQ2.T86',
        ...              'AKQJ.963.963.Q54'))
        >>> data = view(apply(new_game('standard'), deal), 'E').to_dict()
        >>> data['hand']['cards'], data['hand']['text']
        (['9s', '6s', '3s', 'Ah', 'Kh', 'Qh', '2h', 'Td', '7d', '4d', 'Jc', '9c', '7c'], \
'963.AKQ2.T74.J97')
        >>> data['hand']['by_suit'], data['bids'], data['to_act']
        ([['9s', '6s', '3s'], ['Ah', 'Kh', 'Qh', '2h'], ['Td', '7d', '4d'], ['Jc', '9c', '7c']], \
{'N': None, 'E': None, 'S': None, 'W': None}, 'E')
        >>> data['legal_actions'][:2], data['legal_actions'][-1]
        ([{'type': 'bid', 'bid': 1}, {'type': 'bid', 'bid': 2}], {'type': 'bid', 'bid': 'nil'})
        >>> json.loads(json.dumps(data)) == data
        True
        >>> from spades import chance_action
        >>> drawing = apply(new_game('two_player'), chance_action(new_game('two_player'), 7))
        >>> data = view(drawing, 'E').to_dict()
        >>> data['phase'], data['drawn_card'] is not None, data['legal_actions']
        ('draw', True, [{'type': 'keep'}, {'type': 'discard'}])
        >>> data['discards'], data['discard_counts'], data['stock_size']
        ([], {'N': 0, 'E': 0}, 51)
        >>> view(drawing, 'N').to_dict()['drawn_card'] is None
        True
        """
        to_act = self.to_act
        trick = self.current_trick
        drawn = self.drawn_card
        return {
            "seat": self.seat.name,
            "phase": self.phase.value,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer.name,
            "hand_number": self.hand_number,
            "scores": side_data(self.scores, self.rules.sides),
            "bags": side_data(self.bags, self.rules.sides),
            "to_act": None if to_act is None else to_act.name,
            "hand": {
                "cards": [str(card) for card in self.hand],
                "text": self.hand.to_text(),
                "by_suit": _by_suit(self.hand, self.rules),
            },
            "hand_sizes": seat_data(self.hand_sizes),
            "bids": _bids_json(self.bids),
            "exchanges": [_exchange_json(giver, cards) for giver, cards in self.exchanges],
            "completed_tricks": [_trick_json(done) for done in self.completed_tricks],
            "current_trick": None if trick is None else _trick_json(trick),
            "tricks_taken": seat_data(self.trick_counts),
            "spades_broken": self.spades_broken,
            "legal_actions": [action_to_dict(action) for action in self.legal_actions],
            "result": None if self.result is None else self.result.to_data(),
            "history": [_completed_json(done, self.rules) for done in self.history],
            "discards": _cards_json(self.discards),
            "discard_counts": seat_data(self.discard_counts),
            "drawn_card": None if drawn is None else str(drawn),
            "stock_size": self.stock_size,
        }


# -- making a view ---------------------------------------------------------------------------------


def view(state: GameState, seat: Seat | str) -> SeatView:
    """What ``seat`` may know of ``state``, as a :class:`~spades.views.SeatView`.

    ``seat`` is a :class:`~spades.seats.Seat` or its text (``'N'``, ``'north'``); anything else is
    a :class:`~spades.errors.NotationError`, and so is a seat with no player (West at a table of
    three, :attr:`~spades.rules.RuleSet.players` 3). A ``state`` that is not a
    :class:`~spades.state.GameState` is a :class:`TypeError`.
    """
    if type(state) is not GameState and not isinstance(state, GameState):
        raise TypeError(
            f"view() takes a GameState and a seat; a {type(state).__name__} is not a GameState."
        )
    context = state.context
    table = context.table
    seat = seat_at(seat, table.players)
    masks = state.holding_masks
    phase = state.phase
    to_act = state.to_act
    exchanges = context.exchanges
    history = context.history
    waste = context.waste
    shown = state.shown
    return SeatView(
        seat,
        context.rules,
        phase,
        context.dealer,
        context.hand_number,
        context.scores,
        context.bags,
        context.result,
        _seen_history(history, seat) if history else (),
        to_act,
        Hand.from_mask(masks[seat]),
        tuple(mask.bit_count() for mask in masks),
        context.bids,
        _seen_exchanges(exchanges, seat) if exchanges else (),
        _completed_tricks(state),
        state.current_trick if phase is _PLAY else None,
        state.trick_counts,
        state.spades_broken,
        legal_actions(state) if to_act is seat else NO_ACTIONS,
        Hand.from_mask(waste[seat]) if waste else _NO_CARDS,
        tuple(mask.bit_count() for mask in waste),
        CARDS[shown] if shown >= 0 and to_act is seat else None,
        # Before a hand's first card is drawn the stock is the whole deck.
        state.stock_size if table.draws else 0,
    )


def _seen_exchanges(
    exchanges: Sequence[tuple[Seat, Hand | int]], seat: Seat
) -> tuple[SeenExchange, ...]:
    # Each exchange is between partners: a seat knows the cards of its own team's exchanges.
    return tuple(
        (giver, cards)
        if giver.team is seat.team or not isinstance(cards, Hand)
        else (giver, len(cards))
        for giver, cards in exchanges
    )


def _seen_hand(done: CompletedHand, seat: Seat) -> CompletedHand:
    # A count stands for an opponent's cards, as in SeatView.exchanges.
    # The discard is face down: only the seat that made it sees it.
    deal = done.deal
    table = table_of(done.rules)
    mine = deal is not None and discarder(table, done.dealer, deal.masks) == seat
    buried = done.buried if mine else None
    return done._replace(deal=None, exchanges=_seen_exchanges(done.exchanges, seat), buried=buried)


# The histories seen from each seat, kept for the histories met most recently: a history is shared
# by every state of a hand, and a view is taken at each decision. Each entry holds the history it
# was made from, so that its id cannot be reused while the entry lives; bounded, so that a long run
# cannot grow them without end.
_HISTORIES: dict[tuple[int, Seat], tuple[tuple[CompletedHand, ...], tuple[CompletedHand, ...]]] = {}
_HANDS: dict[tuple[int, Seat], tuple[CompletedHand, CompletedHand]] = {}
_KEPT = 1 << 10


# The completed tricks of the states met most recently, by the engine's tuple of them: every
# state of a trick shares that tuple, and each seat's view of it is the same, so that a view is
# taken at each decision without building the tricks again (issue 24: the reinforcement-learning
# environment's profile, where building them was half of each view); and a hand's next trick
# extends the tuple of the one before. Each entry holds the tuple it was made from, so that its
# id cannot be reused while the entry lives, and the table the tricks were read at.
_TRICKS: dict[int, tuple[tuple[Any, ...], Any, tuple[Trick, ...]]] = {}
#: The last tuple made, with its table (another game's tricks may hold the same cards).
_LAST_TRICKS: list[tuple[Any, tuple[Any, ...], tuple[Trick, ...]]] = [(None, (), ())]


def _completed_tricks(state: GameState) -> tuple[Trick, ...]:
    played = state.played_tricks
    if not played:
        return ()
    key = id(played)
    entry = _TRICKS.get(key)
    table = state.context.table
    if entry is not None and entry[0] is played and entry[1] is table:
        return entry[2]
    last_table, before, tricks = _LAST_TRICKS[0]
    if last_table is table and len(played) == len(before) + 1 and played[:-1] == before:
        last = played[-1]
        tricks = (*tricks, Trick.of_table(table, last[0], last[1:]))
    else:
        tricks = state.completed_tricks
    if len(_TRICKS) >= _KEPT:
        _TRICKS.clear()
    _TRICKS[key] = (played, table, tricks)
    _LAST_TRICKS[0] = (table, played, tricks)
    return tricks


def _seen_history(history: tuple[CompletedHand, ...], seat: Seat) -> tuple[CompletedHand, ...]:
    key = (id(history), seat)
    entry = _HISTORIES.get(key)
    if entry is not None and entry[0] is history:
        return entry[1]
    seen = tuple(_seen_completed(done, seat) for done in history)
    if len(_HISTORIES) >= _KEPT:
        _HISTORIES.clear()
    _HISTORIES[key] = (history, seen)
    return seen


def _seen_completed(done: CompletedHand, seat: Seat) -> CompletedHand:
    key = (id(done), seat)
    entry = _HANDS.get(key)
    if entry is not None and entry[0] is done:
        return entry[1]
    seen = _seen_hand(done, seat)
    if len(_HANDS) >= 4 * _KEPT:
        _HANDS.clear()
    _HANDS[key] = (done, seen)
    return seen


# -- JSON ------------------------------------------------------------------------------------------


def _bids_json(bids: Sequence[Bid | None]) -> dict[str, int | str | None]:
    return seat_data([None if bid is None else bid_data(bid) for bid in bids])


def _cards_json(cards: Hand) -> list[str]:
    return [str(card) for card in cards]


def _by_suit(hand: Hand, rules: RuleSet) -> list[list[str]]:
    """The cards of ``hand`` by the suit each plays as under ``rules``' deck (spades, hearts,
    diamonds, clubs), high to low."""
    deck = rules.deck
    groups: list[list[str]] = [[], [], [], []]
    for card in sorted(hand, key=lambda card: card_order(card, deck), reverse=True):
        groups[3 - suit_played(card, deck)].append(str(card))
    return groups


def _exchange_json(giver: Seat, cards: Hand | int) -> dict[str, Any]:
    return {
        "seat": giver.name,
        "to": giver.partner.name,
        "count": len(cards) if isinstance(cards, Hand) else cards,
        "cards": _cards_json(cards) if isinstance(cards, Hand) else None,
    }


def _trick_json(trick: Trick) -> dict[str, Any]:
    winner = trick.winner
    return {
        "leader": trick.leader.name,
        "winner": None if winner is None else winner.name,
        "plays": [{"seat": seat.name, "card": str(card)} for seat, card in trick.plays],
    }


def _completed_json(done: CompletedHand, rules: RuleSet) -> dict[str, Any]:
    score = done.score
    return {
        "number": done.number,
        "dealer": done.dealer.name,
        "bids": _bids_json(done.bids),
        "exchanges": [_exchange_json(giver, cards) for giver, cards in done.exchanges],
        "tricks_taken": seat_data(done.tricks_won),
        "points": side_data(score.points, rules.sides),
        "scores": side_data(score.scores_after, rules.sides),
        "bags": side_data(score.bags_after, rules.sides),
    }
