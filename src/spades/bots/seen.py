"""What one seat knows, read off its :class:`~spades.views.SeatView` into plain ints.

Every computer level reasons from a :class:`Seen`: its own cards, the cards played this hand and
by whom, the suits each other seat has shown it is out of and the other cards it has shown it does
not hold by the rules of play in force (under the first trick's ``lowest_club``, the clubs below
the one it played; under ``must_overtrump``, the spades above a trump it did not overtrump), the
cards it knows another seat holds (the cards it passed to its partner in a blind nil exchange),
the bids, the tricks taken, the trick in progress, the scores and the rules. All of it comes from
the view, which holds nothing the seat could not see; so nothing here can tell a player more than a
person in its seat knows.

Cards are kernel indices (``suit * 13 + rank``) and sets of cards are ``int`` masks, as in the rules
kernel (``spades._kernel``); seats are ``0..3`` (N, E, S, W), ``0..2`` (N, E, S) at a table of three
(:attr:`~spades.rules.RuleSet.players` 3), or ``0..1`` (N, E) at a table of two, and every per-seat
list has an entry for each seat in play. At two, the seat's own discards (the draw) are known to be
in nobody's hand: they are not among :attr:`Seen.unseen`. A side (what scores, the index into the
scores and bags) is a team, ``0`` (NS) or ``1`` (EW), or, when every player plays alone
(:attr:`~spades.rules.RuleSet.partnerships` False), the seat itself. Alone a seat has no partner:
every other seat is an opponent."""

from __future__ import annotations

from .._kernel.cards import SUIT_OF
from .._kernel.deck import Layout
from .._kernel.end import runs_over, sets_over
from .._kernel.play import breaks_spades, revealed
from .._kernel.table import Table, rotation, table_of
from ..hands import Hand
from ..phase import Phase
from ..rules import Direction, RuleSet
from ..views import SeatView

__all__ = ["Seen", "read_view", "suit_of"]

_ALL_SUITS = 0b1111
_TWO = 2


def suit_of(card: int) -> int:
    """The suit of a card index by its face (0 clubs .. 3 spades, a joker a spade); the suit it
    plays as under the rules is ``Seen.deck.suit_of``."""
    return SUIT_OF[card]


class Seen:
    """One seat's knowledge of the hand in progress, as ints (see the module's docstring).

    A plain object with slots, made by :func:`read_view`; the players read it and never change it.
    """

    __slots__ = (
        "bags",
        "bids",
        "deck",
        "discarded",
        "first_lead_forced",
        "hand",
        "hand_number",
        "known",
        "lacks",
        "leader",
        "opponents",
        "partner",
        "phase",
        "played",
        "played_by",
        "players",
        "real",
        "rules",
        "runs",
        "scores",
        "seat",
        "sets",
        "sizes",
        "spades_broken",
        "table",
        "taken",
        "team",
        "trick",
        "tricks_done",
        "tricks_per_hand",
        "unseen",
        "view",
        "voids",
    )

    #: The view this was read from.
    view: SeatView
    #: The seat that knows all this.
    seat: int
    #: Its partner; None when every player plays alone (``partnerships`` False).
    partner: int | None
    #: Its side, the index into :attr:`scores` and :attr:`bags`: its team (0 NS, 1 EW), or its
    #: own seat when every player plays alone (the table's ``side_of``).
    team: int
    #: The seats playing against it, clockwise from the seat on its left whatever the direction
    #: of play (:func:`~spades._kernel.table.rotation` clockwise): the two of the other team, or
    #: every other seat in play when every player plays alone (three, two at a table of three,
    #: one at a table of two).
    opponents: tuple[int, ...]
    #: The rules of the game.
    rules: RuleSet
    #: The rules compiled (:func:`~spades._kernel.table.table_of`): the seats round the table,
    #: the partners and sides, the flags of play.
    table: Table
    #: How many seats are in play (the table's ``players``): 4, 3 (N, E, S) or 2 (N, E).
    #: A trick is complete at this many cards.
    players: int
    #: The tricks in a hand, which is the cards each seat is dealt: 13, or 17 or 18 at a table
    #: of three (the table's ``tricks``).
    tricks_per_hand: int
    #: Their deck, with the cards at their positions (:attr:`Layout.placed
    #: <spades._kernel.deck.Layout.placed>`): every mask and card here is a position, so a card's
    #: bit says its rank in the suit it plays as, and the spades are the top suit, as in the
    #: standard deck. (Under the standard deck and the jokers deck a position is the card's
    #: index.)
    deck: Layout
    #: The deck with the cards at their indices, for turning a position back into a card
    #: (:meth:`card`).
    real: Layout
    #: The phase of the game.
    phase: Phase
    #: The number of the hand in progress.
    hand_number: int
    #: The scores by side (NS, EW; or N, E, S, W alone) before this hand.
    scores: tuple[int, ...]
    #: The bag counts by side before this hand.
    bags: tuple[int, ...]
    #: How many times each side has been set in the hands the view shows, when the rules end a
    #: game on a hand's own facts (``winning_bid``, ``sets_to_lose``, ``first_hand_min_tricks``);
    #: None otherwise.
    sets: tuple[int, ...] | None
    #: In how many hands in a row, the last before this one, each side has been set in the hands
    #: the view shows, when the rules have ``consecutive_sets_to_lose``; None otherwise.
    runs: tuple[int, ...] | None
    #: This seat's cards.
    hand: int
    #: Every card played this hand.
    played: int
    #: Per seat, the cards it has played this hand.
    played_by: list[int]
    #: The cards the other seats hold between them; at a table of two
    #: (:attr:`~spades.rules.RuleSet.players` 2) the cards this seat has not seen: the other's
    #: hand, the other's discards and, during the draw, the stock (so more than the other holds).
    unseen: int
    #: The cards this seat discarded in the draw at a table of two (nobody holds them); 0
    #: otherwise. During the draw, the card drawn and waiting for its keep or discard is here too:
    #: it goes to this seat's hand or to its discards, never to the other's.
    discarded: int
    #: How many cards each seat holds.
    sizes: tuple[int, ...]
    #: Per seat, the suits it has shown it holds none of, as bits (1 << suit).
    voids: list[int]
    #: Per seat, other cards it has shown it does not hold (see the module's docstring), as a
    #: mask; beside :attr:`voids`.
    lacks: list[int]
    #: Per seat, the cards this seat knows it holds (cards passed to it by this seat).
    known: list[int]
    #: Per seat, ``(tricks, blind)`` once it has bid, else None.
    bids: list[tuple[int, bool] | None]
    #: Tricks taken this hand by each seat.
    taken: list[int]
    #: The leader of the trick in progress (None outside play).
    leader: int | None
    #: The cards played to the trick in progress, in play order.
    trick: list[int]
    #: Tricks completed this hand.
    tricks_done: int
    #: Whether spades are broken, so that they may be led.
    spades_broken: bool
    #: Whether the next card is the fixed first lead (the two of clubs).
    first_lead_forced: bool

    def card(self, place: int) -> int:
        """The card index at position ``place`` (a card the seat chose, to play it)."""
        return self.real.card_at[place]

    def cards(self, places: int) -> int:
        """The mask of card indices at the positions of ``places``."""
        return self.real.to_cards(places)

    def bid_of(self, seat: int) -> int | None:
        """The tricks ``seat`` bid (0 for nil), or None before it bids."""
        bid = self.bids[seat]
        return None if bid is None else bid[0]

    def is_nil(self, seat: int) -> bool:
        """Whether ``seat`` bid nil or blind nil."""
        bid = self.bids[seat]
        return bid is not None and bid[0] == 0

    def could_hold(self, seat: int) -> int:
        """The unseen cards ``seat`` may hold: none of a suit it is out of, nor a card it has
        shown it does not hold."""
        mask = self.unseen & ~self.lacks[seat]
        voids = self.voids[seat]
        suits = self.deck.suits
        for suit in range(4):
            if voids >> suit & 1:
                mask &= ~suits[suit]
        return mask | self.known[seat]


def read_view(view: SeatView) -> Seen:
    """What the seat of ``view`` knows, as a :class:`Seen`."""
    seen = Seen.__new__(Seen)
    seat = int(view.seat)
    rules = view.rules
    table = seen.table = table_of(rules)
    seats = table.players
    orders = table.orders
    seen.view = view
    seen.seat = seat
    seen.team = table.side_of[seat]
    mate = table.partner[seat]
    seen.partner = mate if mate >= 0 else None
    # The other side's seats, clockwise from the seat on its left (whatever the direction).
    seen.opponents = tuple(
        other
        for other in rotation(seats, Direction.CLOCKWISE)[seat][1:]
        if table.side_of[other] != seen.team
    )
    seen.rules = rules
    seen.players = seats
    seen.tricks_per_hand = table.tricks
    deck = seen.deck = table.deck
    suits = deck.suits
    seen.phase = view.phase
    seen.hand_number = view.hand_number
    seen.scores = tuple(view.scores)
    seen.bags = tuple(view.bags)
    # The sets each side has had, when the rules' outright ends may read them: counted from the
    # hands the view shows (a game taken up mid-way shows none of the hands before its start).
    hands = [
        (
            None if hand.bids[0] is None else [(b.tricks, b.blind) for b in hand.bids],  # type: ignore[union-attr]
            hand.tricks_won,
            hand.bags_before,
            hand.reneges,
        )
        for hand in (view.history if table.outright_end else ())
    ]
    zeros = (0,) * table.side_count
    seen.sets = sets_over(table, zeros, hands) if table.outright_end else None
    in_a_row = rules.consecutive_sets_to_lose is not None
    seen.runs = runs_over(table, zeros, hands) if in_a_row else None
    seen.hand = view.hand.mask
    seen.sizes = view.hand_sizes
    seen.bids = [None if bid is None else (bid.tricks, bid.blind) for bid in view.bids]
    seen.taken = list(view.trick_counts)
    voids = [0] * seats
    played_by = [0] * seats
    broken = False
    tricks = list(view.completed_tricks)
    current = view.current_trick
    if current is not None:
        tricks.append(current)
    lacks = [0] * seats
    suit_of_card = deck.suit_of
    for number, trick in enumerate(tricks):
        cards = [card.index for card in trick.cards]
        if not cards:
            continue
        first = number == 0
        led = suit_of_card[cards[0]]
        order = orders[int(trick.leader)]
        for position, card in enumerate(cards):
            player = order[position]
            played_by[player] |= 1 << card
            # What the card says the seat does not hold: a whole suit is a void, the rest lacks.
            shown = revealed(table, cards[:position], card, broken, first)
            if shown:
                for suit in range(4):
                    if not suits[suit] & ~shown:
                        voids[player] |= 1 << suit
                        shown &= ~suits[suit]
                lacks[player] |= shown
            if breaks_spades(table, card, led):
                broken = True
    played = 0
    for mask in played_by:
        played |= mask
    seen.played = played
    seen.played_by = played_by
    discarded = view.discards.mask
    if view.drawn_card is not None:
        discarded |= 1 << view.drawn_card.index
    seen.discarded = discarded
    others = sum(view.hand_sizes) - len(view.hand)
    if others or seats == _TWO:  # at two, the other's discards and the stock are unseen too
        seen.unseen = deck.cards & ~seen.hand & ~played & ~discarded
    else:
        seen.unseen = 0
    for other in range(seats):
        if other != seat and view.hand_sizes[other] == 0:
            voids[other] = _ALL_SUITS
    seen.voids = voids
    seen.lacks = lacks
    known = [0] * seats
    partner = seen.partner
    for giver, given in view.exchanges:
        # (Only partners exchange cards: alone there is no exchange.)
        if int(giver) == seat and isinstance(given, Hand) and partner is not None:
            known[partner] |= given.mask
    for other in range(seats):
        # A card passed and then passed back (or played since) is no longer the partner's.
        known[other] &= seen.unseen
    seen.known = known
    seen.leader = None if current is None else int(current.leader)
    seen.trick = [] if current is None else [card.index for card in current.cards]
    seen.tricks_done = len(view.completed_tricks)
    seen.spades_broken = view.spades_broken
    seen.first_lead_forced = (
        table.fixed_first_lead
        and seen.tricks_done == 0
        and current is not None
        and not current.cards
    )
    seen.real = deck
    if not deck.ordered:
        # Every card from here on at its position, where the bits rank the cards as they play.
        seen.deck = deck.placed
        moved = deck.to_positions
        seen.hand = moved(seen.hand)
        seen.played = moved(seen.played)
        seen.unseen = moved(seen.unseen)
        seen.discarded = moved(seen.discarded)
        seen.played_by = [moved(mask) for mask in seen.played_by]
        seen.lacks = [moved(mask) for mask in seen.lacks]
        seen.known = [moved(mask) for mask in seen.known]
        seen.trick = [deck.position[card] for card in seen.trick]
    return seen
