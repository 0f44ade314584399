"""The table a rule set is played at, compiled once: the seats round it, the sides, the order of
bidding and dealing, the deck, the tricks in a hand, the bid range, and the option flags the hot
code tests.

Seats are ints ``0..players-1`` (N, E, S, W; N, E, S at a table of three; N, E at a table of two)
and sides ints too: teams ``0`` (NS) and ``1`` (EW) in partnerships, else each seat its own side.
Nothing outside this module steps round the table: every "next seat", "partner", "side of a
seat", "who bids first" and "who led" is read from a :class:`Table`, which :func:`table_of`
builds once for each rule set.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import (
    BagRemainder,
    BlindBidBy,
    DealMethod,
    DoubleNil,
    EarlySpadeLead,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    MisdealCombine,
    MisdealFaceCards,
    Moon,
    RedealRule,
    RenegePenalty,
    RuleSet,
    SpadesBreaking,
    SpareCards,
    TieRule,
)
from ..seats import Direction
from .cards import ACES, FACE_CARDS, SPADE_SUIT
from .deck import Layout, deck_layout

__all__ = [
    "BREAK_AFTER_FIRST_TRICK",
    "BREAK_ANY_SPADE",
    "BREAK_ANY_TIME",
    "BREAK_TRUMP_ONLY",
    "FIRST_TRICK_ANY",
    "FIRST_TRICK_LOWEST_CLUB",
    "FIRST_TRICK_NO_SPADES",
    "FORCED_MIRROR",
    "FORCED_NONE",
    "FORCED_SUICIDE",
    "FORCED_WHIZ",
    "MOON_ALL_13",
    "MOON_BID_13",
    "MOON_NONE",
    "NIL_TRICKS_BAGS",
    "NIL_TRICKS_BAGS_WITHOUT_POINTS",
    "NIL_TRICKS_COUNT",
    "NIL_TRICKS_IGNORED",
    "RENEGE_NONE",
    "RENEGE_POINTS",
    "RENEGE_SET",
    "RENEGE_SET_AND_BID",
    "RENEGE_TRICKS",
    "Table",
    "rotation",
    "table_of",
]

#: :attr:`Table.breaking`: how spades are broken (:class:`~spades.rules.SpadesBreaking`).
BREAK_ANY_SPADE = 0
BREAK_TRUMP_ONLY = 1
BREAK_ANY_TIME = 2
BREAK_AFTER_FIRST_TRICK = 3
_BREAKING = {
    SpadesBreaking.ANY_SPADE: BREAK_ANY_SPADE,
    SpadesBreaking.TRUMP_ONLY: BREAK_TRUMP_ONLY,
    SpadesBreaking.ANY_TIME: BREAK_ANY_TIME,
    SpadesBreaking.AFTER_FIRST_TRICK: BREAK_AFTER_FIRST_TRICK,
}
#: :attr:`Table.first_trick`: what the first trick restricts (:class:`~spades.rules.FirstTrick`).
FIRST_TRICK_ANY = 0
FIRST_TRICK_NO_SPADES = 1
FIRST_TRICK_LOWEST_CLUB = 2
_FIRST_TRICK = {
    FirstTrick.ANY: FIRST_TRICK_ANY,
    FirstTrick.NO_SPADES: FIRST_TRICK_NO_SPADES,
    FirstTrick.LOWEST_CLUB: FIRST_TRICK_LOWEST_CLUB,
}
#: :attr:`Table.nil_tricks`: what a nil bidder's tricks do (:class:`~spades.rules.FailedNilTricks`).
NIL_TRICKS_IGNORED = 0
NIL_TRICKS_COUNT = 1
NIL_TRICKS_BAGS = 2
NIL_TRICKS_BAGS_WITHOUT_POINTS = 3
_NIL_TRICKS = {
    FailedNilTricks.IGNORED: NIL_TRICKS_IGNORED,
    FailedNilTricks.COUNT_TOWARD_CONTRACT: NIL_TRICKS_COUNT,
    FailedNilTricks.BAGS_ONLY: NIL_TRICKS_BAGS,
    FailedNilTricks.BAGS_WITHOUT_POINTS: NIL_TRICKS_BAGS_WITHOUT_POINTS,
}


def rotation(players: int, direction: Direction) -> tuple[tuple[int, ...], ...]:
    """``rotation(players, direction)[seat]``: the seats of a table of ``players`` in the order
    they act from ``seat``, going ``direction`` round it. The one place where the order round the
    table is worked out."""
    return _ROTATIONS[players, direction.step]


_ROTATIONS = {
    (players, step): tuple(
        tuple((seat + step * turn) % players for turn in range(players)) for seat in range(players)
    )
    for players in (2, 3, 4)
    for step in (1, -1)
}


#: :attr:`Table.renege_penalty`: what a renege costs (:class:`~spades.rules.RenegePenalty`).
RENEGE_NONE = 0
RENEGE_TRICKS = 1
RENEGE_SET = 2
RENEGE_POINTS = 3
RENEGE_SET_AND_BID = 4
_RENEGE = {
    RenegePenalty.NONE: RENEGE_NONE,
    RenegePenalty.TRICKS: RENEGE_TRICKS,
    RenegePenalty.SET: RENEGE_SET,
    RenegePenalty.POINTS: RENEGE_POINTS,
    RenegePenalty.SET_AND_BID: RENEGE_SET_AND_BID,
}
#: :attr:`Table.moon`: shooting the moon (:class:`~spades.rules.Moon`).
MOON_NONE = 0
MOON_BID_13 = 1
MOON_ALL_13 = 2
_MOON = {Moon.NONE: MOON_NONE, Moon.BID_13: MOON_BID_13, Moon.ALL_13: MOON_ALL_13}
#: :attr:`Table.forced`: forced bidding (:class:`~spades.rules.ForcedBidding`).
FORCED_NONE = 0
FORCED_MIRROR = 1
FORCED_WHIZ = 2
FORCED_SUICIDE = 3
_FORCED = {
    ForcedBidding.NONE: FORCED_NONE,
    ForcedBidding.MIRROR: FORCED_MIRROR,
    ForcedBidding.WHIZ: FORCED_WHIZ,
    ForcedBidding.SUICIDE: FORCED_SUICIDE,
}


class Table:
    """A rule set compiled for play (see the module's docstring). Build one with
    :func:`table_of`, which keeps one per rule set."""

    __slots__ = (
        "after",
        "bag_reset",
        "bid_numbers",
        "bidding_orders",
        "breakers",
        "breaking",
        "buried",
        "clubs_discard",
        "deck",
        "double_nil_forbidden",
        "double_nil_unit",
        "draws",
        "early_spade_renege",
        "eldest",
        "first_bidders",
        "first_trick",
        "fixed_bids",
        "fixed_first_lead",
        "forced",
        "free_bidding",
        "misdeal",
        "misdeal_all",
        "misdeal_faces",
        "misdeal_spades",
        "misdeal_suit",
        "moon",
        "must_overtrump",
        "next_dealers",
        "nil_bidder_first",
        "nil_tricks",
        "orders",
        "outright_end",
        "partner",
        "partnerships",
        "players",
        "redeal_below",
        "renege_penalty",
        "rules",
        "seats",
        "side_count",
        "side_of",
        "side_seats",
        "suit_of",
        "suits",
        "team_blind",
        "tie_at_cap_shared",
        "tie_at_target_shared",
        "tricks",
    )

    def __init__(self, rules: RuleSet) -> None:
        players = rules.players
        seats = tuple(range(players))
        #: The rule set compiled.
        self.rules = rules
        #: How many seats are in play: 4; 3 (seats 0 to 2); or 2 (seats 0 and 1).
        self.players = players
        #: The seats in play, in seat order.
        self.seats = seats
        #: ``orders[seat]``: every seat in the order they act, from ``seat``.
        self.orders: tuple[tuple[int, ...], ...] = rotation(players, rules.direction)
        #: ``after[seat]``: the seat that acts after ``seat`` (bidding, play and the deal move
        #: the same way).
        self.after: tuple[int, ...] = tuple(order[1] for order in self.orders)
        #: Whether the players opposite each other are partners.
        self.partnerships = rules.partnerships
        #: ``partner[seat]``: the seat opposite, or -1 when every player plays alone.
        self.partner: tuple[int, ...] = tuple(
            self.orders[seat][2] if rules.partnerships else -1 for seat in seats
        )
        #: How many sides score: 2 teams, or every seat in play when each plays alone.
        self.side_count = 2 if rules.partnerships else players
        #: ``side_of[seat]``: the side the seat scores for.
        self.side_of: tuple[int, ...] = tuple(
            seat & 1 if rules.partnerships else seat for seat in seats
        )
        #: ``side_seats[side]``: the seats that score as the side, in seat order.
        self.side_seats: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat in seats if self.side_of[seat] == side)
            for side in range(self.side_count)
        )
        #: ``eldest[dealer]``: the seat after ``dealer`` in the direction of play (the dealer's
        #: left, clockwise), who leads the first trick under ``first_lead`` first_bidder and
        #: takes the first turn of the draw where two players draw.
        self.eldest: tuple[int, ...] = self.after
        #: ``first_bidders[dealer]``: who bids first in a hand ``dealer`` deals: the eldest, or
        #: the dealer under ``dealer_bids_first`` (the Hoyle text: "beginning with the dealer").
        self.first_bidders: tuple[int, ...] = seats if rules.dealer_bids_first else self.after
        #: ``bidding_orders[dealer]``: the seats in the order they bid a hand ``dealer`` deals,
        #: from the first bidder round the table in the direction of play.
        self.bidding_orders: tuple[tuple[int, ...], ...] = tuple(
            self.orders[self.first_bidders[dealer]] for dealer in seats
        )
        #: ``next_dealers[dealer]``: who deals after ``dealer``; the deal passes in the direction
        #: of play.
        self.next_dealers: tuple[int, ...] = self.after
        #: How many cards the dealer discards face down after the deal, before the bidding: 2
        #: under ``spare_cards`` dealer_discards (the jokers deck whole, the two cards over 52
        #: given to the dealer), else 0.
        self.buried = 0 if rules.spare_cards is SpareCards.REMOVED_TWOS else 2
        #: Whether the holder of the two of clubs takes the spare cards rather than the dealer
        #: (``spare_cards`` two_of_clubs_discards).
        self.clubs_discard = rules.spare_cards is SpareCards.TWO_OF_CLUBS_DISCARDS
        #: The deck played with (:attr:`~spades.rules.RuleSet.deck`,
        #: :attr:`~spades.rules.RuleSet.removed_twos`, ``spare_cards`` and the players).
        self.deck: Layout = deck_layout(
            rules.deck, None if self.buried else rules.removed_twos, players
        )
        #: The suit each card index plays as, and each suit's cards (the deck's, for the hot code).
        self.suit_of = self.deck.suit_of
        self.suits = self.deck.suits
        #: The tricks in a hand, which is the cards each seat holds: 13 for four players and for
        #: two (who draw 13 each); 17 or 18 for three.
        self.tricks = 13 if players != 3 else self.deck.cards.bit_count() // players
        #: The numbers of tricks a bid can name: 0 (nil) to the tricks in a hand.
        self.bid_numbers = range(0, self.tricks + 1)
        #: Whether the holder of the lowest club leads it to the first trick.
        self.fixed_first_lead = rules.first_lead is FirstLead.TWO_OF_CLUBS
        #: What the first trick restricts: a ``FIRST_TRICK_*`` code.
        self.first_trick = _FIRST_TRICK[rules.first_trick]
        #: How spades are broken: a ``BREAK_*`` code.
        self.breaking = _BREAKING[rules.spades_breaking]
        #: ``breakers[led_suit]``: the cards whose play to a trick led in that suit breaks spades:
        #: under trump_only only a spade played on another suit (a spade led never does); under
        #: every other setting any spade, a spade lead included (see
        #: :func:`~spades._kernel.play.breaks_spades`).
        spades = self.deck.spades
        self.breakers: tuple[int, ...] = tuple(
            0 if led == SPADE_SUIT and self.breaking == BREAK_TRUMP_ONLY else spades
            for led in range(4)
        )
        #: Whether a seat that cannot follow must overtrump a spade in the trick.
        self.must_overtrump = rules.must_overtrump
        #: Whether a spade led before spades are broken, by a leader holding another suit, is
        #: played as a renege (``early_spade_lead`` renege) rather than refused.
        self.early_spade_renege = rules.early_spade_lead is EarlySpadeLead.RENEGE
        #: What a nil bidder's tricks do: a ``NIL_TRICKS_*`` code.
        self.nil_tricks = _NIL_TRICKS[rules.failed_nil_tricks]
        #: What a renege costs, a ``RENEGE_*`` code; shooting the moon, a ``MOON_*`` code; forced
        #: bidding, a ``FORCED_*`` code.
        self.renege_penalty = _RENEGE[rules.renege_penalty]
        self.moon = _MOON[rules.moon]
        self.forced = _FORCED[rules.forced_bidding]
        self._compile_misdeals(rules)
        #: Whether two nils in a team score as one contract, or the second is refused.
        self.double_nil_unit = rules.double_nil is DoubleNil.UNIT
        self.double_nil_forbidden = rules.double_nil is DoubleNil.FORBIDDEN
        #: Whether a blind number bid is the team's (``blind_bid_by`` team): made by the team's
        #: first bidder, repeated as the partner's only bid, and counted once.
        self.team_blind = rules.blind_bid_by is BlindBidBy.TEAM
        #: Whether a bag penalty resets the count (else the bags over the threshold carry).
        self.bag_reset = rules.bag_remainder is BagRemainder.RESET
        #: Whether the nil bidder gives first in a nil exchange.
        self.nil_bidder_first = rules.exchange_order is ExchangeOrder.NIL_BIDDER_FIRST
        #: Whether an exact tie among the claims at the target, or at the cap, is shared.
        self.tie_at_target_shared = rules.tie_at_target is TieRule.SHARED
        self.tie_at_cap_shared = rules.tie_at_cap is TieRule.SHARED
        #: Whether a hand's own facts may end the game whatever the totals (``winning_bid``,
        #: ``sets_to_lose``, ``consecutive_sets_to_lose``, ``first_hand_min_tricks``:
        #: :func:`~spades._kernel.end.hand_facts`).
        self.outright_end = (
            rules.winning_bid is not None
            or rules.sets_to_lose is not None
            or rules.consecutive_sets_to_lose is not None
            or rules.first_hand_min_tricks is not None
        )
        #: Whether two players draw their hands (``deal_method`` draw_keep_discard).
        self.draws = rules.deal_method is DealMethod.DRAW_KEEP_DISCARD
        #: Whether nil and every number may be bid whatever the cards and the other bids: no
        #: option ties a bid to the hand or to the other bids (blind bids aside).
        self.free_bidding = (
            self.forced == FORCED_NONE
            and rules.nil_allowed
            and rules.min_player_bid == 1
            and not rules.min_team_bid
            and not rules.nil_partner_min_bid
            and not rules.min_total_bid
            and not rules.forbid_total_of_13
            and rules.double_nil is not DoubleNil.FORBIDDEN
            and not self.team_blind
        )
        #: The bids every seat may make at every turn, as a mask of
        #: :func:`~spades._kernel.bidding.allowed_bids`, when nothing changes them (free bidding
        #: and no blind bids); 0 when the bids allowed depend on the cards, the other bids or the
        #: score.
        self.fixed_bids = (
            (1 << len(self.bid_numbers)) - 1
            if self.free_bidding and not rules.blind_nil and rules.blind_bid is None
            else 0
        )

    def _compile_misdeals(self, rules: RuleSet) -> None:
        """Whose hand may be thrown in, from ``redeal`` or the ``misdeal_*`` options (the rules
        refuse both at once), and the throw-in for the bids' total (issue 21)."""
        spades, suit, faces, every = -1, 0, 0, False
        redeal = rules.redeal
        if redeal is not RedealRule.NONE:
            if redeal is not RedealRule.NO_FACE_CARDS:
                spades = 0
            if redeal is not RedealRule.NO_SPADES:
                faces = FACE_CARDS
        else:
            if rules.misdeal_max_spades is not None:
                spades = rules.misdeal_max_spades
            suit = rules.misdeal_long_suit or 0
            if rules.misdeal_face_cards is not MisdealFaceCards.NONE:
                faces = FACE_CARDS
                if rules.misdeal_face_cards is MisdealFaceCards.AKQJ:
                    faces |= ACES
            every = rules.misdeal_combine is MisdealCombine.BOTH
        #: The misdeal conditions: a hand with at most ``misdeal_spades`` spades (-1 for no such
        #: condition), with ``misdeal_suit`` cards or more of one suit (0 for none), with none
        #: of the cards ``misdeal_faces`` (0 for none); ``misdeal_all`` when a hand must meet
        #: all of them rather than any; ``misdeal`` whether any is set.
        self.misdeal_spades = spades
        self.misdeal_suit = suit
        self.misdeal_faces = faces
        self.misdeal_all = every
        self.misdeal = spades >= 0 or suit > 0 or faces != 0
        #: The bids' total below which the hand is thrown in after the bidding (0 for never).
        self.redeal_below = rules.redeal_below_total or 0

    def turns_after(self, seat: int, turns: int) -> int:
        """The seat ``turns`` turns after ``seat`` (any number of times round the table)."""
        return self.orders[seat][turns % self.players]

    def leader(self, to_act: int, played: int) -> int:
        """Who led the trick in progress, when ``played`` cards are down and ``to_act`` plays
        next."""
        return self.orders[to_act][-played] if played else to_act

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"<Table of {self.rules!r}>"

    def __reduce__(self) -> tuple[Callable[[RuleSet], Table], tuple[RuleSet]]:
        # A table pickles as its rule set and unpickles as the table kept for it: never by its
        # slots, which a compiled class (mypyc) cannot be rebuilt from without its constructor.
        return table_of, (self.rules,)


_TABLES: dict[RuleSet, Table] = {}


def table_of(rules: RuleSet) -> Table:
    """The table of ``rules``, compiled once and kept (a program meets few rule sets; a bounded
    number of them are kept, so that one making rule sets without end cannot grow it)."""
    table = _TABLES.get(rules)
    if table is None:
        if len(_TABLES) >= _KEPT:
            _TABLES.clear()
        table = _TABLES[rules] = Table(rules)
    return table


_KEPT = 1 << 10
