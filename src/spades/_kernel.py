"""The rules kernel: every rule of the table, card play and scoring arithmetic, once, on plain ints.

The engine, legality, the record verifier and the computer players' playouts all call these
functions, so follow-suit, the trick winner, breaking spades, the bid range, who bids and leads
first, the next dealer and the contract, nil and bag arithmetic are each decided in exactly one
place. Everything here is a pure function of ints, tuples of ints and the :class:`RuleSet`:
cheap enough for a playout loop with mutable locals, and free of the public state objects.

Cards are indices ``suit * 13 + rank`` (clubs 0, diamonds 1, hearts 2, spades 3; ranks 0 for the
two up to 12 for the ace); a set of cards is an ``int`` with those bits set. Seats are ints
``0..3`` (N, E, S, W; ``0..2`` at a table of three) and teams ``0`` (NS) and ``1`` (EW).

The table's size (:func:`seat_count`: :data:`SEATS`, or 3), the tricks in a hand
(:func:`tricks_per_hand`: :data:`TRICKS_PER_HAND`, or 17 or 18 for three) and the bid range
(:func:`bid_range`) are read here and nowhere else, and the state keeps one entry per seat in
tuples of that size. The deck is the rules' (:func:`layout`): the little joker is index 52 and
the big joker 53, and a :class:`Layout` says which cards are in play, which suit each plays as (a
joker or a high deuce is a spade) and how they rank. Every rule of card play reads it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .rules import (
    BagRemainder,
    DealMethod,
    Deck,
    DoubleNil,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    Moon,
    RedealRule,
    RemovedTwos,
    RenegePenalty,
    RuleSet,
    SpadesBreaking,
    TieRule,
)

__all__ = [
    "BIG_JOKER",
    "BLIND_BID_BITS",
    "BLIND_NIL_BIT",
    "CONTRACT_BIG_MADE",
    "CONTRACT_BIG_SET",
    "CONTRACT_MADE",
    "CONTRACT_MOON",
    "CONTRACT_NONE",
    "CONTRACT_SET",
    "DRAWN_CARDS",
    "DRAW_CHOOSE",
    "DRAW_DISCARD",
    "DRAW_KEEP",
    "END_CAP",
    "END_FLOOR",
    "END_TARGET",
    "FACE_CARDS",
    "FULL_DECK",
    "LITTLE_JOKER",
    "NON_SPADES",
    "NUMBER_BITS",
    "RANKS",
    "RANK_OF",
    "REFUSED_BELOW_MIN_BID",
    "REFUSED_BLIND_BID",
    "REFUSED_BLIND_BID_DEFICIT",
    "REFUSED_BLIND_BID_LOW",
    "REFUSED_BLIND_DEFICIT",
    "REFUSED_BLIND_FIRST_HAND",
    "REFUSED_BLIND_NIL",
    "REFUSED_DOUBLE_NIL",
    "REFUSED_FORCED",
    "REFUSED_NIL",
    "REFUSED_NIL_PARTNER",
    "REFUSED_RANGE",
    "REFUSED_TEAM_MIN",
    "REFUSED_TOTAL_13",
    "REFUSED_TOTAL_MIN",
    "SEATS",
    "SHARED",
    "SPADES",
    "SPADE_SUIT",
    "STANDARD_LAYOUT",
    "SUICIDE_MIN_BID",
    "SUIT_MASKS",
    "SUIT_OF",
    "TRICKS_PER_HAND",
    "TWO_OF_CLUBS",
    "Layout",
    "allowed_bids",
    "bag_penalties",
    "beaters",
    "behind",
    "bid_range",
    "bid_refusal",
    "bidding_is_free",
    "bidding_order",
    "bit_indices",
    "blind_multiplier",
    "breaks_spades",
    "contract_points",
    "contract_score",
    "double_nil_unit",
    "draw_fate",
    "drawer",
    "draws_hands",
    "exchange_count",
    "exchange_steps",
    "first_bidder",
    "first_hand",
    "first_leader",
    "follow_mask",
    "game_end",
    "hand_points",
    "higher_in_suit",
    "is_real_deal",
    "layout",
    "lead_mask",
    "legal_cards",
    "may_call_redeal",
    "may_lead_spades",
    "next_dealer",
    "next_seat",
    "nil_bag_points",
    "nil_points",
    "nils_points",
    "overtrick_points",
    "partner",
    "passed",
    "penalty_points",
    "ranking",
    "renege_points_given",
    "renege_set_points",
    "renege_transfer",
    "side_count",
    "side_of",
    "side_seats",
    "spade_count",
    "team_of",
    "team_points",
    "team_tricks",
    "trick_leader",
    "trick_points",
    "trick_winner",
    "tricks_taken",
    "unbid_hand",
]

#: Seats at the table.
SEATS = 4
#: Ranks in a suit.
RANKS = 13
#: Tricks in a hand, and cards in each seat's hand.
TRICKS_PER_HAND = 13
SPADE_SUIT = 3
#: Each suit's bits, clubs first. The spades' run on above the ace, to every trump a deck ranks
#: above it (the jokers, 52 and 53, and the places of :class:`Layout`'s high trumps, up to 57).
SUIT_MASKS: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x7FFFF << 39)
SPADES = SUIT_MASKS[SPADE_SUIT]
#: The 52 cards of the standard deck.
FULL_DECK = (1 << 52) - 1
NON_SPADES = FULL_DECK & ~SPADES
#: The suit of each bit of :data:`SUIT_MASKS`: ``SUIT_OF[card]`` is ``card // 13`` up to the
#: ace of spades, and spades above it.
SUIT_OF: tuple[int, ...] = tuple(min(bit // 13, 3) for bit in range(58))
#: The rank of each bit within its suit of :data:`SUIT_MASKS` (0 for a two; the jokers 13, 14).
RANK_OF: tuple[int, ...] = tuple(bit % 13 if bit < 39 else bit - 39 for bit in range(58))
#: The index of the two of clubs.
TWO_OF_CLUBS = 0
#: The jokers' indices: above every spade, as they rank.
LITTLE_JOKER = 52
BIG_JOKER = 53
#: Every card index of any deck: the 52 cards and the two jokers.
ALL_CARDS = (1 << 54) - 1


def bit_indices(mask: int) -> Iterator[int]:
    """The card indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Layout:
    """A deck under the rules: which cards are in it, the suit each plays as and how they rank.

    Cards keep their indices (``suit * 13 + rank``, the jokers 52 and 53); a *position* orders
    them for winning tricks: the cards of clubs, diamonds and hearts keep ``suit * 13 + rank``,
    the spades that rank as usual keep theirs, and the trumps above the ace of spades (a high
    deuce, the jokers) take 52 upward in rank order. A higher position of the same suit, or any
    spade over another suit, takes the trick. Under the standard deck and the jokers deck a card's
    position is its index (:attr:`ordered`).
    """

    __slots__ = (
        "above",
        "card_at",
        "cards",
        "deck",
        "extra_trumps",
        "lowest_club",
        "non_spades",
        "ordered",
        "placed",
        "position",
        "spades",
        "suit_of",
        "suits",
        "top_trumps",
    )

    def __init__(self, deck: Deck, removed: tuple[int, ...], high: tuple[int, ...]) -> None:
        cards = (1 << 52) - 1
        for index in removed:
            cards &= ~(1 << index)
        if deck is not Deck.STANDARD and deck is not Deck.DEUCES_HIGH:
            cards |= 1 << LITTLE_JOKER | 1 << BIG_JOKER
        # A card out of play keeps its place too, so that the order depends on the deck alone.
        suit_of = [min(index // RANKS, SPADE_SUIT) for index in range(54)]
        position = list(range(54))
        for rank, index in enumerate(high):
            suit_of[index] = SPADE_SUIT
            position[index] = 52 + rank
        # Jokers out of play (deuces high) still rank above everything.
        for rank, index in enumerate((j for j in _JOKERS if j not in high), len(high)):
            position[index] = 52 + rank
        self._derive(deck, cards, suit_of, position)

    def _derive(self, deck: Deck, cards: int, suit_of: list[int], position: list[int]) -> None:
        #: The deck.
        self.deck = deck
        #: The cards in play, a mask.
        self.cards = cards
        #: The suit each card index plays as.
        self.suit_of: tuple[int, ...] = tuple(suit_of)
        #: Each card index's position in the order of :func:`trick_winner`.
        self.position: tuple[int, ...] = tuple(position)
        card_at = [-1] * 58
        for index in bit_indices(cards):
            card_at[position[index]] = index
        #: The card in play at each position (-1 for none): :attr:`position` undone.
        self.card_at: tuple[int, ...] = tuple(card_at)
        suits = [0, 0, 0, 0]
        for index in bit_indices(cards):
            suits[suit_of[index]] |= 1 << index
        #: The cards each suit has in play, clubs first: a joker or a high deuce is a spade.
        self.suits: tuple[int, int, int, int] = (suits[0], suits[1], suits[2], suits[3])
        #: The spades in play, jokers and high deuces included.
        self.spades = suits[SPADE_SUIT]
        #: The cards in play that are not spades.
        self.non_spades = cards ^ suits[SPADE_SUIT]
        #: For each card index, the cards of the suit it plays as that rank above it.
        self.above: tuple[int, ...] = tuple(
            sum(
                1 << other
                for other in bit_indices(suits[suit_of[index]])
                if position[other] > position[index]
            )
            for index in range(len(position))
        )
        #: The lowest club in play: the card the first lead must be under the fixed first lead.
        self.lowest_club = (suits[0] & -suits[0]).bit_length() - 1
        #: The deck's four highest trumps, highest first (the big joker first when it is in).
        trumps = sorted(bit_indices(suits[SPADE_SUIT]), key=position.__getitem__, reverse=True)
        self.top_trumps: tuple[int, int, int, int] = (trumps[0], trumps[1], trumps[2], trumps[3])
        #: How many more spades than 13 the deck has (2 with the jokers, 3 under jjdd).
        self.extra_trumps = len(trumps) - RANKS
        #: Whether each card's position is its index, as in the standard deck.
        self.ordered = position == list(range(len(position)))
        #: The same deck with its cards at their positions (itself when :attr:`ordered`): a
        #: deck whose order is the index order, for code that ranks cards by their bits.
        self.placed: Layout = self
        if not self.ordered:
            placed = object.__new__(Layout)
            at = [min(place // RANKS, SPADE_SUIT) for place in range(58)]
            placed._derive(deck, self.to_positions(cards), at, list(range(58)))
            self.placed = placed

    def to_positions(self, mask: int) -> int:
        """The cards of ``mask`` at their positions (:attr:`placed`'s cards)."""
        if self.ordered:
            return mask
        place = self.position
        return sum(1 << place[card] for card in bit_indices(mask))

    def to_cards(self, mask: int) -> int:
        """The cards at the positions of ``mask``: :meth:`to_positions` undone."""
        if self.ordered:
            return mask
        card_at = self.card_at
        return sum(1 << card_at[place] for place in bit_indices(mask))

    def __repr__(self) -> str:
        return f"<Layout {self.deck}>"


def _twos(*suits: int) -> tuple[int, ...]:
    return tuple(suit * RANKS for suit in suits)


_TWO_SPADES, _TWO_DIAMONDS, _TWO_CLUBS, _TWO_HEARTS = _twos(3, 1, 0, 2)
_REMOVED = {
    RemovedTwos.HEARTS_CLUBS: (_TWO_HEARTS, _TWO_CLUBS),
    RemovedTwos.HEARTS_DIAMONDS: (_TWO_HEARTS, _TWO_DIAMONDS),
    RemovedTwos.CLUBS_DIAMONDS: (_TWO_CLUBS, _TWO_DIAMONDS),
}
_JOKERS = (LITTLE_JOKER, BIG_JOKER)
#: The standard deck's layout.
STANDARD_LAYOUT = Layout(Deck.STANDARD, (), ())
_LAYOUTS: dict[Deck, dict[RemovedTwos, Layout]] = {
    Deck.STANDARD: dict.fromkeys(RemovedTwos, STANDARD_LAYOUT),
    Deck.DEUCES_HIGH: dict.fromkeys(
        RemovedTwos,
        Layout(Deck.DEUCES_HIGH, (), (_TWO_SPADES, _TWO_DIAMONDS, _TWO_CLUBS, _TWO_HEARTS)),
    ),
    Deck.JOKERS: {kind: Layout(Deck.JOKERS, out, ()) for kind, out in _REMOVED.items()},
    Deck.JJDA: {
        kind: Layout(Deck.JJDA, out, (_TWO_SPADES, *_JOKERS)) for kind, out in _REMOVED.items()
    },
    Deck.JJDD: dict.fromkeys(
        RemovedTwos,
        Layout(
            Deck.JJDD,
            _REMOVED[RemovedTwos.HEARTS_CLUBS],
            (_TWO_SPADES, _TWO_DIAMONDS, *_JOKERS),
        ),
    ),
}


#: The decks of three players (cutthroat): the standard deck without the two of clubs, 17 cards
#: each, and the jokers deck whole, 18 each.
_THREE_LAYOUTS: dict[Deck, Layout] = {
    Deck.STANDARD: Layout(Deck.STANDARD, (_TWO_CLUBS,), ()),
    Deck.JOKERS: Layout(Deck.JOKERS, (), ()),
}
_STANDARD_DECK = Deck.STANDARD


def layout(rules: RuleSet) -> Layout:
    """The deck ``rules`` play with (:attr:`RuleSet.deck`, :attr:`RuleSet.removed_twos`, and
    :attr:`RuleSet.players`: three play without the two of clubs, or with every card of the
    jokers deck)."""
    deck = rules.deck
    if rules.players == 3:
        return _THREE_LAYOUTS[deck]
    if deck is _STANDARD_DECK:  # the common case, without hashing an enum member
        return STANDARD_LAYOUT
    return _LAYOUTS[deck][rules.removed_twos]


def ranking(deck: Deck) -> Layout:
    """A layout of ``deck``, for the order of the cards alone (which does not depend on the deuces
    a deck with jokers leaves out): what a :class:`~spades.tricks.Trick` needs to find its
    winner."""
    return _LAYOUTS[deck][RemovedTwos.HEARTS_CLUBS]


# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_TRUMP_ONLY = SpadesBreaking.TRUMP_ONLY
_ANY_TIME = SpadesBreaking.ANY_TIME
_AFTER_FIRST_TRICK = SpadesBreaking.AFTER_FIRST_TRICK
_TWO_OF_CLUBS = FirstLead.TWO_OF_CLUBS
_FIRST_TRICK_ANY = FirstTrick.ANY
_LOWEST_CLUB = FirstTrick.LOWEST_CLUB
_COUNT_TOWARD_CONTRACT = FailedNilTricks.COUNT_TOWARD_CONTRACT
_BAGS_ONLY = FailedNilTricks.BAGS_ONLY
_BAGS_WITHOUT_POINTS = FailedNilTricks.BAGS_WITHOUT_POINTS
_UNIT = DoubleNil.UNIT
_NO_MOON = Moon.NONE
_RENEGE_TRICKS = RenegePenalty.TRICKS
_RENEGE_POINTS = RenegePenalty.POINTS
_BID_13 = Moon.BID_13
_RESET = BagRemainder.RESET
_SHARED = TieRule.SHARED
_NIL_BIDDER_FIRST = ExchangeOrder.NIL_BIDDER_FIRST
_FORCED_NONE = ForcedBidding.NONE
_MIRROR = ForcedBidding.MIRROR
_WHIZ = ForcedBidding.WHIZ
_DOUBLE_NIL_FORBIDDEN = DoubleNil.FORBIDDEN


# -- seats and partnerships ----------------------------------------------------------------------


def seat_count(rules: RuleSet) -> int:
    """How many seats are in play: :attr:`RuleSet.players` (4; or 3, seats 0 to 2; or 2, seats
    0 and 1)."""
    return rules.players


def tricks_per_hand(rules: RuleSet) -> int:
    """The tricks in a hand, which is the cards each seat is dealt: 13 for four players and for
    two (who draw 13 each); for three, 17 (the standard deck without the two of clubs) or 18
    (the jokers deck)."""
    if rules.players != 3:  # four dealt 13 each, or two who draw 13 each
        return TRICKS_PER_HAND
    return layout(rules).cards.bit_count() // rules.players


def next_seat(seat: int, step: int, seats: int = SEATS) -> int:
    """The seat that acts after ``seat`` when play moves by ``step`` at a table of ``seats``."""
    return (seat + step) % seats


def trick_leader(to_act: int, step: int, played: int, seats: int = SEATS) -> int:
    """Who led the trick in progress, when ``played`` cards are down and ``to_act`` plays next."""
    return (to_act - step * played) % seats


def partner(seat: int) -> int:
    """The seat opposite ``seat``."""
    return (seat + 2) % SEATS


def team_of(seat: int) -> int:
    """The partnership of ``seat``: 0 for North-South, 1 for East-West."""
    return seat & 1


def side_count(rules: RuleSet) -> int:
    """How many sides score (the length of per-side tuples such as the scores): 2 teams, or
    every seat in play when every player plays alone (:attr:`RuleSet.partnerships` False)."""
    return 2 if rules.partnerships else rules.players


def side_of(rules: RuleSet, seat: int) -> int:
    """The index of the side ``seat`` scores for: its team (0 NS, 1 EW), or the seat itself
    when every player plays alone."""
    return seat & 1 if rules.partnerships else seat


def side_seats(rules: RuleSet, side: int) -> tuple[int, ...]:
    """The seats that score as side ``side``: a team's two partners, or the seat alone."""
    return (side, side + 2) if rules.partnerships else (side,)


def behind(rules: RuleSet, scores: Sequence[int], seat: int) -> int:
    """How many points the side of ``seat`` is behind at totals ``scores`` (per side): behind
    the other team, or behind the best of the other players when every player plays alone
    (negative when ahead). The deficit blind nil and blind number bids are judged by."""
    own = side_of(rules, seat)
    return max(score for side, score in enumerate(scores) if side != own) - scores[own]


def first_bidder(rules: RuleSet, dealer: int) -> int:
    """Who bids first in a hand ``dealer`` deals: the dealer's next seat in the direction of play
    (the dealer's left clockwise, as in rule_sheet and four_levels; the right counterclockwise, as
    in partners_app and cap40)."""
    return next_seat(dealer, rules.direction.step, rules.players)


def bidding_order(rules: RuleSet, dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid a hand ``dealer`` deals, the first bidder first."""
    step, seats = rules.direction.step, rules.players
    first = next_seat(dealer, step, seats)
    return tuple((first + step * i) % seats for i in range(seats))


def next_dealer(rules: RuleSet, dealer: int) -> int:
    """Who deals after ``dealer``: the deal passes in the direction of play."""
    return next_seat(dealer, rules.direction.step, rules.players)


def first_leader(rules: RuleSet, dealer: int, holdings: Sequence[int]) -> int | None:
    """Who leads the first trick of a hand ``dealer`` dealt, from the holdings after any exchange.

    The first bidder; or, with the fixed first lead, the seat holding the lowest club in play (the
    two, or the three when the deck leaves the two out or makes it a spade), None when
    no single seat holds it (a deal that is not a deal, or a hand whose cards are unknown).
    """
    if rules.first_lead is _TWO_OF_CLUBS:
        lowest = layout(rules).lowest_club
        holders = [seat for seat, held in enumerate(holdings) if held >> lowest & 1]
        return holders[0] if len(holders) == 1 else None
    return first_bidder(rules, dealer)


def first_hand(hand_number: int) -> bool:
    """Whether hand ``hand_number`` is the first hand of a game: number 1. A game started from a
    standing at another number (a dispute taken up mid-game) has no first hand. The one notion of
    the first hand, for :attr:`RuleSet.blind_nil_first_hand` and
    :attr:`RuleSet.first_hand_trick_points`."""
    return hand_number == 1


def unbid_hand(rules: RuleSet, hand_number: int) -> bool:
    """Whether hand ``hand_number`` is played without bids: the :func:`first_hand` under
    :attr:`RuleSet.first_hand_trick_points`. Such a hand goes from the deal straight to the
    first lead (no bidding, redeal or exchange) and is scored by :func:`trick_points`."""
    return rules.first_hand_trick_points is not None and first_hand(hand_number)


# -- the deal and the exchange --------------------------------------------------------------------


def is_real_deal(hands: Sequence[int], deck: Layout = STANDARD_LAYOUT, seats: int = SEATS) -> bool:
    """Whether ``hands`` share out the whole of ``deck`` to ``seats`` seats, as many different
    cards to each (13 of 52 to four); or, for two seats, 13 different cards each of ``deck``, as
    two players draw them (the other 26 go to the waste)."""
    if len(hands) != seats:
        return False
    size = TRICKS_PER_HAND if seats == 2 else deck.cards.bit_count() // seats
    union = 0
    total = 0
    for hand in hands:
        if hand.bit_count() != size:
            return False
        union |= hand
        total += size
    if seats == 2:
        return union.bit_count() == total and union & ~deck.cards == 0
    return union == deck.cards


# -- the draw of two players (deal_method draw_keep_discard) ---------------------------------------

#: What happens to a card drawn from the stock: the drawer chooses, or must keep it, or must
#: discard it (the second card of a turn goes where the first did not).
DRAW_CHOOSE = 0
DRAW_KEEP = 1
DRAW_DISCARD = 2
#: The cards two players draw in a hand: 26 turns of two cards, 13 kept and 13 discarded each.
DRAWN_CARDS = 52
_DRAW_KEEP_DISCARD = DealMethod.DRAW_KEEP_DISCARD


def draws_hands(rules: RuleSet) -> bool:
    """Whether the players draw their hands from the stock rather than being dealt them
    (:attr:`RuleSet.deal_method` draw_keep_discard, two players): the one test of the draw, for
    the state, the legality, the views and the records."""
    return rules.deal_method is _DRAW_KEEP_DISCARD


def draw_fate(held: int, wasted: int) -> int:
    """What happens to the next card the drawer takes from the stock, who holds ``held`` cards
    and has discarded ``wasted``: the first card of a turn is the drawer's choice
    (:data:`DRAW_CHOOSE`, equal counts); after keeping it the next is discarded
    (:data:`DRAW_DISCARD`), after discarding it the next is kept (:data:`DRAW_KEEP`)."""
    if held == wasted:
        return DRAW_CHOOSE
    return DRAW_DISCARD if held > wasted else DRAW_KEEP


def drawer(rules: RuleSet, dealer: int, drawn: int) -> int:
    """Who draws the next card when ``drawn`` cards have left the stock in a hand ``dealer``
    deals: the first bidder takes the first turn of two cards, and the turns alternate."""
    return next_seat(first_bidder(rules, dealer), (drawn // 2) * rules.direction.step, 2)


def spade_count(rules: RuleSet, hand: int) -> int:
    """How many spades ``hand`` holds under ``rules``' deck, jokers and high deuces included (for
    the bids that count spades and the redeal for no spade)."""
    return (hand & layout(rules).spades).bit_count()


def exchange_count(rules: RuleSet, blind: bool) -> int:
    """How many cards each side passes in the exchange of a nil bidder (``blind`` for blind nil)
    and a partner who bid a number: :attr:`RuleSet.blind_nil_exchange` or
    :attr:`RuleSet.nil_exchange`; 0 for no exchange."""
    return rules.blind_nil_exchange if blind else rules.nil_exchange


def exchange_steps(
    rules: RuleSet, dealer: int, bids: Sequence[tuple[int, bool] | None]
) -> list[tuple[int, int, int]]:
    """The ``(giver, receiver, cards)`` steps of the nil exchanges, in order; empty when none.

    ``bids`` are ``(tricks, blind)`` per seat. For each nil or blind nil bidder, in bidding
    order, whose partner bid a number and whose rules pass cards for that nil
    (:func:`exchange_count`): the partner gives first and the nil bidder gives as many back, or
    the other way round under :attr:`ExchangeOrder.NIL_BIDDER_FIRST`. Partners who both bid nil
    exchange nothing.
    """
    if not (rules.blind_nil_exchange or rules.nil_exchange):
        return []
    nil_first = rules.exchange_order is _NIL_BIDDER_FIRST
    steps: list[tuple[int, int, int]] = []
    for seat in bidding_order(rules, dealer):
        bid, partner_bid = bids[seat], bids[partner(seat)]
        if bid is None or bid[0] != 0 or partner_bid is None or partner_bid[0] == 0:
            continue
        count = exchange_count(rules, bid[1])
        if count:
            mate = partner(seat)
            if nil_first:
                steps += [(seat, mate, count), (mate, seat, count)]
            else:
                steps += [(mate, seat, count), (seat, mate, count)]
    return steps


def passed(holdings: Sequence[int], giver: int, cards: int) -> tuple[int, ...]:
    """The holdings after ``giver`` passes ``cards`` to its partner."""
    held = list(holdings)
    held[giver] &= ~cards
    held[partner(giver)] |= cards
    return tuple(held)


# -- card play ------------------------------------------------------------------------------------


def may_lead_spades(rules: RuleSet, spades_broken: bool, first_trick: bool) -> bool:
    """Whether a leader who holds another suit may lead a spade (the rule of :func:`lead_mask`).

    :attr:`SpadesBreaking.ANY_SPADE` and :attr:`SpadesBreaking.TRUMP_ONLY`: once spades are
    broken. :attr:`SpadesBreaking.ANY_TIME`: always. :attr:`SpadesBreaking.AFTER_FIRST_TRICK`:
    from the second trick on. Under :attr:`RuleSet.first_trick` ``no_spades`` or
    ``lowest_club``, never to the first trick. (A leader who holds only spades leads one
    whatever this says.)
    """
    deck = layout(rules)
    return bool(lead_mask(rules, deck.cards, spades_broken, first_trick) & deck.spades)


def lead_mask(rules: RuleSet, hand: int, spades_broken: bool, first_trick: bool) -> int:
    """The cards a leader holding ``hand`` may lead (the fixed first lead apart, see
    :func:`legal_cards`): a spade only when all are spades or :func:`may_lead_spades` says so."""
    if spades_broken and not first_trick:  # the common case
        return hand
    others = hand & layout(rules).non_spades
    if others == hand or not others:
        return hand
    if first_trick and rules.first_trick is not _FIRST_TRICK_ANY:
        return others
    if spades_broken:
        return hand
    breaking = rules.spades_breaking
    if breaking is _ANY_TIME or (breaking is _AFTER_FIRST_TRICK and not first_trick):
        return hand
    return others


def follow_mask(rules: RuleSet, hand: int, trick: Sequence[int], first_trick: bool) -> int:
    """The cards a seat holding ``hand`` may play to ``trick``, the card indices played to it so
    far (at least the lead); ``first_trick`` when it is the first trick of the hand.

    The led suit when held: under :attr:`RuleSet.first_trick` ``lowest_club``, the lowest club
    to clubs led to the first trick. Otherwise any card, but: to the first trick under
    ``first_trick`` ``no_spades`` or ``lowest_club``, no spade unless all are spades; and under
    :attr:`RuleSet.must_overtrump`, when a suit other than spades was led and a spade is in the
    trick, a spade higher than the highest there, if among the cards left (applied after the
    first-trick rule: a seat that may not play a spade need not overtrump).
    """
    deck = layout(rules)
    suit_of = deck.suit_of
    led = suit_of[trick[0]]
    following = hand & deck.suits[led]
    if following:
        if first_trick and not led and rules.first_trick is _LOWEST_CLUB:
            return following & -following
        return following
    if first_trick and rules.first_trick is not _FIRST_TRICK_ANY:
        hand = hand & deck.non_spades or hand
    if rules.must_overtrump and led != SPADE_SUIT:
        top = trick[trick_winner(trick, deck)]  # the highest spade, when there is one
        if suit_of[top] == SPADE_SUIT:
            higher = hand & deck.above[top]
            if higher:
                return higher
    return hand


def legal_cards(
    rules: RuleSet, hand: int, trick: Sequence[int], spades_broken: bool, first_trick: bool
) -> int:
    """The cards a seat holding ``hand`` may play to ``trick`` (the card indices played so far):
    :func:`follow_mask` after the lead; the lowest club in play for the first lead of a hand
    under :attr:`FirstLead.TWO_OF_CLUBS`; else :func:`lead_mask`. ``first_trick`` is true while the
    first trick of the hand is played.
    """
    if trick:
        return follow_mask(rules, hand, trick, first_trick)
    if first_trick and rules.first_lead is _TWO_OF_CLUBS:
        return hand & (1 << layout(rules).lowest_club)
    return lead_mask(rules, hand, spades_broken, first_trick)


def trick_winner(cards: Sequence[int], deck: Layout = STANDARD_LAYOUT) -> int:
    """The place in ``cards`` (in play order, led card first) of the card that takes the trick,
    under ``deck`` (:func:`layout`; the standard deck when not given).

    Spades are the highest suit in the order of positions (:class:`Layout`), so the winner is
    simply the card of the highest position among the spades and the cards of the led suit.
    """
    if not deck.ordered:
        cards = [deck.position[card] for card in cards]
    led = cards[0] // RANKS
    best = 0
    best_card = cards[0]
    for place in range(1, len(cards)):
        card = cards[place]
        if card > best_card and (card >= 39 or card // RANKS == led):
            best, best_card = place, card
    return best


def higher_in_suit(card: int, deck: Layout = STANDARD_LAYOUT) -> int:
    """The cards of the suit ``card`` plays as that rank above it (none for the top trump)."""
    return deck.above[card]


def beaters(cards: int, best: int, deck: Layout = STANDARD_LAYOUT) -> int:
    """The cards of ``cards`` that would take a trick from ``best``, the card winning it now: the
    higher cards of its suit, and every spade when it is not a spade (the order of
    :func:`trick_winner`)."""
    higher = cards & deck.above[best]
    return higher if deck.suit_of[best] == SPADE_SUIT else higher | cards & deck.spades


def breaks_spades(card: int, led_suit: int, rules: RuleSet) -> bool:
    """Whether playing ``card`` to a trick led in ``led_suit`` breaks spades.

    Under :attr:`SpadesBreaking.TRUMP_ONLY` only a spade played by someone who could not follow
    the led suit does (a spade led never does); under every other setting any spade does, a spade
    lead included. (Under :attr:`SpadesBreaking.ANY_TIME` and
    :attr:`SpadesBreaking.AFTER_FIRST_TRICK` spades need no breaking to be led, and broken only
    says that a spade has been played: see :func:`may_lead_spades`.)
    """
    if layout(rules).suit_of[card] != SPADE_SUIT:
        return False
    return led_suit != SPADE_SUIT or rules.spades_breaking is not _TRUMP_ONLY


def tricks_taken(
    rules: RuleSet, leader: int, plays: Iterable[Sequence[int]]
) -> tuple[tuple[int, ...], int]:
    """The tricks each seat takes in ``plays`` (card indices per trick) led first by ``leader``,
    and how many tricks are complete. Each winner leads the next; the count stops at the first
    trick of fewer cards than seats."""
    step = rules.direction.step
    deck = layout(rules)
    seats = rules.players
    won = [0] * seats
    complete = 0
    for cards in plays:
        if len(cards) < seats:
            break
        leader = (leader + step * trick_winner(cards, deck)) % seats
        won[leader] += 1
        complete += 1
    return tuple(won), complete


# -- bidding ---------------------------------------------------------------------------------------


def bid_range(rules: RuleSet) -> range:
    """The numbers of tricks a bid can name: 0 (nil) to the tricks in a hand. Which of them a
    seat may bid at its turn is :func:`bid_refusal`'s to say."""
    if rules.players == SEATS:
        return _BID_RANGE
    return range(0, tricks_per_hand(rules) + 1)


_BID_RANGE = range(0, TRICKS_PER_HAND + 1)
#: The most tricks a hand can have: 18, three players with the jokers deck.
MOST_TRICKS = 18

#: The face cards (jack, queen, king) of every suit: ranks 9, 10 and 11 of each.
FACE_CARDS = sum(0b111 << (suit * RANKS + 9) for suit in range(4))
_REDEAL_NONE = RedealRule.NONE
_REDEAL_NO_SPADES = RedealRule.NO_SPADES
_REDEAL_NO_FACE_CARDS = RedealRule.NO_FACE_CARDS


def may_call_redeal(rules: RuleSet, hand: int) -> bool:
    """Whether a seat holding ``hand`` may call for a redeal under the rules' ``redeal`` option:
    no spade (no_spades), no face card -- jack, queen or king -- (no_face_cards), or either
    (no_spades_or_face_cards). The one home of the rule; whose turn it is, is the caller's."""
    kind = rules.redeal
    if kind is _REDEAL_NONE:
        return False
    no_spades = not hand & layout(rules).spades
    if kind is _REDEAL_NO_SPADES:
        return no_spades
    no_faces = not hand & FACE_CARDS
    if kind is _REDEAL_NO_FACE_CARDS:
        return no_faces
    return no_spades or no_faces


# Why :func:`bid_refusal` refuses a bid; the number it gives with each is noted.
#: A number outside :func:`bid_range` (0).
REFUSED_RANGE = 1
#: Blind nil, which the rules do not allow (0).
REFUSED_BLIND_NIL = 2
#: Blind nil in the first hand of a game, under ``blind_nil_first_hand=False`` (0).
REFUSED_BLIND_FIRST_HAND = 3
#: Blind nil by a team less than ``blind_nil_min_deficit`` behind (that deficit).
REFUSED_BLIND_DEFICIT = 4
#: Nil, which the rules do not allow (0).
REFUSED_NIL = 5
#: A bid the forced bidding mode does not allow (the spades held under mirror and whiz;
#: :data:`SUICIDE_MIN_BID` under suicide).
REFUSED_FORCED = 6
#: A number below ``min_player_bid`` (that minimum).
REFUSED_BELOW_MIN_BID = 7
#: A second nil in a partnership, under ``double_nil=forbidden`` (0).
REFUSED_DOUBLE_NIL = 8
#: Nil beside a partner who bid less than ``nil_partner_min_bid``, or less than it beside a
#: partner's nil (that minimum).
REFUSED_NIL_PARTNER = 9
#: A second partner's bid that leaves the team under ``min_team_bid`` (the least this seat
#: may bid).
REFUSED_TEAM_MIN = 10
#: A last bid that leaves the four under ``min_total_bid`` (the least this seat may bid).
REFUSED_TOTAL_MIN = 11
#: A last bid that makes the four total exactly 13, under ``forbid_total_of_13`` (the bid).
REFUSED_TOTAL_13 = 12
#: A blind number bid, which the rules do not allow (``blind_bid`` None) (0).
REFUSED_BLIND_BID = 13
#: A blind number bid below ``blind_bid`` (that minimum).
REFUSED_BLIND_BID_LOW = 14
#: A blind number bid by a team less than ``blind_bid_min_deficit`` behind (that deficit).
REFUSED_BLIND_BID_DEFICIT = 15

#: The least a number bid may be under forced bidding suicide.
SUICIDE_MIN_BID = 4
#: The bit of :func:`allowed_bids`'s mask for blind nil; bit ``n`` is the number ``n`` (0 nil),
#: and ``BLIND_NIL_BIT << n`` the blind number bid ``n``.
BLIND_NIL_BIT = 1 << (MOST_TRICKS + 1)
#: The bits of :func:`allowed_bids`'s mask for nil and the numbers, bids made seeing the cards.
NUMBER_BITS = BLIND_NIL_BIT - 1
#: The bits of :func:`allowed_bids`'s mask for the blind number bids 1 to :data:`MOST_TRICKS`.
BLIND_BID_BITS = (NUMBER_BITS - 1) * BLIND_NIL_BIT


def bidding_is_free(rules: RuleSet) -> bool:
    """Whether nil and every number from 1 to 13 may be bid whatever the cards and the other
    bids: no option ties a bid to the hand or to the other bids (blind nil aside)."""
    return (
        rules.forced_bidding is _FORCED_NONE
        and rules.nil_allowed
        and rules.min_player_bid == 1
        and not rules.min_team_bid
        and not rules.nil_partner_min_bid
        and not rules.min_total_bid
        and not rules.forbid_total_of_13
        and rules.double_nil is not _DOUBLE_NIL_FORBIDDEN
    )


def bid_refusal(
    rules: RuleSet,
    bids: Sequence[tuple[int, bool] | None],
    seat: int,
    tricks: int,
    blind: bool = False,
    spades: int | None = None,
    behind: int = 0,
    first_hand: bool = False,
) -> tuple[int, int] | None:
    """Why ``seat`` may not bid ``tricks`` (0 for nil; ``blind`` for blind nil, or with a number
    for a blind number bid) now, as
    ``(why, number)`` -- ``why`` one of the ``REFUSED_`` codes, ``number`` the figure its
    sentence needs -- or None when the bid is legal. The one home of every bidding rule.

    ``bids`` are ``(tricks, blind)`` per seat for the bids made so far this hand, None for a
    seat yet to bid; they are read only when :func:`bidding_is_free` is false. The seat whose
    partner has bid is the second partner to bid; the seat whose three others have bid is the
    last bidder. ``spades`` is how many spades the seat holds, for forced bidding mirror and
    whiz (None when unknown: those two are then not judged). ``behind`` is how many points the
    seat's team is behind the other at the start of the hand, and ``first_hand`` whether it is
    the first hand of the game, for blind nil; ``behind`` serves the blind number bids too.

    Rules are judged in this order, the first broken one given: the range; blind nil (allowed,
    first hand, deficit), a blind number bid (allowed, at least ``blind_bid``, deficit), or nil
    allowed; forced bidding; the lowest number; then against the partner's bid: double nil, the
    nil partner's minimum, the team minimum; then, for the last bidder, the total's minimum and
    a total of 13. A blind number bid is judged by every rule after the blind ones as the same
    number bid seeing the cards (rules.py refuses ``blind_bid`` with forced bidding).
    """
    if tricks not in (_BID_RANGE if rules.players == SEATS else bid_range(rules)):
        return REFUSED_RANGE, 0
    if blind and tricks:
        least = rules.blind_bid
        if least is None:
            return REFUSED_BLIND_BID, 0
        if tricks < least:
            return REFUSED_BLIND_BID_LOW, least
        deficit = rules.blind_bid_min_deficit
        if deficit is not None and behind < deficit:
            return REFUSED_BLIND_BID_DEFICIT, deficit
    elif blind:
        if not rules.blind_nil:
            return REFUSED_BLIND_NIL, 0
        if first_hand and not rules.blind_nil_first_hand:
            return REFUSED_BLIND_FIRST_HAND, 0
        deficit = rules.blind_nil_min_deficit
        if deficit is not None and behind < deficit:
            return REFUSED_BLIND_DEFICIT, deficit
    elif not tricks and not rules.nil_allowed:
        return REFUSED_NIL, 0
    forced = rules.forced_bidding
    if forced is not _FORCED_NONE:
        if forced is _MIRROR or forced is _WHIZ:
            # Mirror: exactly the spades held. Whiz: nil, or exactly the spades held.
            if spades is not None and tricks != spades and (tricks or forced is _MIRROR):
                return REFUSED_FORCED, spades
        else:
            # Suicide: the first partner bids nil or at least 4, the second the other.
            partner_bid = bids[(seat + 2) % SEATS]
            if partner_bid is None:
                legal = not tricks or tricks >= SUICIDE_MIN_BID
            elif partner_bid[0]:
                legal = not tricks
            else:
                legal = tricks >= SUICIDE_MIN_BID
            if not legal:
                return REFUSED_FORCED, SUICIDE_MIN_BID
    minimum = rules.min_player_bid
    if tricks and tricks < minimum:
        return REFUSED_BELOW_MIN_BID, minimum
    nil_partner = rules.nil_partner_min_bid
    team_minimum = rules.min_team_bid
    if nil_partner or team_minimum or rules.double_nil is _DOUBLE_NIL_FORBIDDEN:
        partner_bid = bids[(seat + 2) % SEATS]
        if partner_bid is not None:
            mate = partner_bid[0]
            if not tricks:
                if not mate and rules.double_nil is _DOUBLE_NIL_FORBIDDEN:
                    return REFUSED_DOUBLE_NIL, 0
                if mate < nil_partner:
                    return REFUSED_NIL_PARTNER, nil_partner
            elif not mate and tricks < nil_partner:
                return REFUSED_NIL_PARTNER, nil_partner
            if mate + tricks < team_minimum:
                return REFUSED_TEAM_MIN, max(team_minimum - mate, minimum)
    total_minimum = rules.min_total_bid
    if total_minimum or rules.forbid_total_of_13:
        others = 0
        for other in range(rules.players):
            if other != seat:
                bid = bids[other]
                if bid is None:
                    return None  # not the last bidder
                others += bid[0]
        if others + tricks < total_minimum:
            return REFUSED_TOTAL_MIN, max(total_minimum - others, minimum)
        if others + tricks == tricks_per_hand(rules) and rules.forbid_total_of_13:
            return REFUSED_TOTAL_13, tricks
    return None


def allowed_bids(
    rules: RuleSet,
    bids: Sequence[tuple[int, bool] | None],
    seat: int,
    spades: int | None = None,
    behind: int = 0,
    first_hand: bool = False,
) -> int:
    """The bids ``seat`` may make now, as a mask: bit ``n`` for the number ``n`` (bit 0 for
    nil), :data:`BLIND_NIL_BIT` for blind nil, ``BLIND_NIL_BIT << n`` for the blind number bid
    ``n`` (within :data:`BLIND_BID_BITS`). Exactly the bids :func:`bid_refusal` (with the same
    arguments) does not refuse; never empty under valid rules."""
    numbers = _BID_RANGE if rules.players == SEATS else bid_range(rules)
    if bidding_is_free(rules):
        mask = (1 << len(numbers)) - 1
    else:
        mask = 0
        for tricks in numbers:
            if bid_refusal(rules, bids, seat, tricks, False, spades, behind, first_hand) is None:
                mask |= 1 << tricks
    if rules.blind_nil and (
        bid_refusal(rules, bids, seat, 0, True, spades, behind, first_hand) is None
    ):
        mask |= BLIND_NIL_BIT
    least = rules.blind_bid
    if least is not None:
        for tricks in range(least, numbers.stop):
            if bid_refusal(rules, bids, seat, tricks, True, spades, behind, first_hand) is None:
                mask |= BLIND_NIL_BIT << tricks
    return mask


# -- scoring arithmetic ----------------------------------------------------------------------------


def team_tricks(
    rules: RuleSet, bids: Sequence[tuple[int, bool]], tricks: Sequence[int]
) -> tuple[int, int, int]:
    """A team's ``(contract, contract_tricks, nil_bags)`` from its partners' bids and tricks.

    ``bids`` are ``(tricks bid, blind)`` per partner. The contract is the sum of the bids other
    than nil; a nil bidder's tricks count toward it, become bags only (with or without their
    points), or are ignored, as :attr:`RuleSet.failed_nil_tricks` says.
    """
    contract = contract_tricks = nil_bags = 0
    policy = rules.failed_nil_tricks
    for (bid, _blind), taken in zip(bids, tricks):
        if bid:
            contract += bid
            contract_tricks += taken
        elif policy is _COUNT_TOWARD_CONTRACT:
            contract_tricks += taken
        elif policy is _BAGS_ONLY or policy is _BAGS_WITHOUT_POINTS:
            nil_bags += taken
    return contract, contract_tricks, nil_bags


def contract_points(rules: RuleSet, contract: int, contract_tricks: int) -> int:
    """Points for a contract: made, 10 a trick bid (bags are apart); set, minus 10 a trick bid.

    The plain arithmetic, before any big bid or moon (:func:`contract_score`).
    """
    if contract_tricks >= contract:
        return contract * rules.points_per_bid_trick
    return -contract * rules.set_penalty_per_trick


#: What a team's contract came to, as :func:`contract_score` gives it: no contract (both partners
#: bid nil), made, set, a big bid ('10 for 200') made or set, or the moon shot.
CONTRACT_NONE = 0
CONTRACT_MADE = 1
CONTRACT_SET = 2
CONTRACT_BIG_MADE = 3
CONTRACT_BIG_SET = 4
CONTRACT_MOON = 5


def contract_score(
    rules: RuleSet, contract: int, contract_tricks: int, took: int
) -> tuple[int, int, int]:
    """``(outcome, points, bonus)`` for a team's contract: one of the ``CONTRACT_*`` outcomes,
    the points of its contract line and those of a second line (0 when there is none).

    ``took`` is every trick the two partners took, a failed nil's included. The moon
    (:attr:`RuleSet.moon`) is a contract made while the partners take all the tricks of the hand
    (and, for ``bid_13``, a contract of 13); a team with no contract cannot shoot it. It scores
    ``moon_points``, or double the contract points when that is None, in place of them, and
    comes before a big bid. A big bid (:attr:`RuleSet.big_bid`) is a contract of at least the
    threshold: made, ``big_bid_points`` replace the contract points, or with
    ``big_bid_is_bonus`` are the bonus beside them; set, ``-big_bid_penalty`` replaces the set,
    or is the bonus beside it.
    """
    if not contract:
        return CONTRACT_NONE, 0, 0
    points = contract_points(rules, contract, contract_tricks)
    big = rules.big_bid
    if contract_tricks >= contract:
        moon = rules.moon
        if (
            moon is not _NO_MOON
            and took == (every := tricks_per_hand(rules))
            and (contract == every or moon is not _BID_13)
        ):
            award = rules.moon_points
            return CONTRACT_MOON, (2 * points if award is None else award), 0
        if big is None or contract < big:
            return CONTRACT_MADE, points, 0
        if rules.big_bid_is_bonus:
            return CONTRACT_BIG_MADE, points, rules.big_bid_points
        return CONTRACT_BIG_MADE, rules.big_bid_points, 0
    if big is None or contract < big:
        return CONTRACT_SET, points, 0
    if rules.big_bid_is_bonus:
        return CONTRACT_BIG_SET, points, -rules.big_bid_penalty
    return CONTRACT_BIG_SET, -rules.big_bid_penalty, 0


def overtrick_points(rules: RuleSet, outcome: int, overtricks: int) -> int:
    """Points for a team's overtricks (bags) after a contract with ``outcome``:
    ``points_per_bag`` each, or none for a made big bid without ``big_bid_overtricks_score``."""
    if outcome == CONTRACT_BIG_MADE and not rules.big_bid_overtricks_score:
        return 0
    return overtricks * rules.points_per_bag


def nil_bag_points(rules: RuleSet, nil_bags: int) -> int:
    """Points for a failed nil's tricks that count only as bags: ``points_per_bag`` each, or none
    under :attr:`FailedNilTricks.BAGS_WITHOUT_POINTS`."""
    if rules.failed_nil_tricks is _BAGS_WITHOUT_POINTS:
        return 0
    return nil_bags * rules.points_per_bag


def nil_points(rules: RuleSet, blind: bool, taken: int) -> int:
    """Points for a nil (or blind nil) bidder who took ``taken`` tricks."""
    if blind:
        return rules.blind_nil_bonus if taken == 0 else -rules.blind_nil_penalty
    return rules.nil_bonus if taken == 0 else -rules.nil_penalty


def double_nil_unit(rules: RuleSet, bids: Sequence[tuple[int, bool]]) -> bool:
    """Whether a team's two bids are two nils scored as one contract
    (:attr:`DoubleNil.UNIT`)."""
    return rules.double_nil is _UNIT and not bids[0][0] and not bids[1][0]


def nils_points(rules: RuleSet, bids: Sequence[tuple[int, bool]], tricks: Sequence[int]) -> int:
    """Points for a team's nil bids: each scored on its own (:func:`nil_points`); or, when both
    partners bid nil under :attr:`DoubleNil.UNIT`, as one contract: both bonuses when neither
    took a trick, both penalties when either did."""
    if double_nil_unit(rules, bids):
        failed = 1 if tricks[0] or tricks[1] else 0
        return nil_points(rules, bids[0][1], failed) + nil_points(rules, bids[1][1], failed)
    total = 0
    for (bid, blind), taken in zip(bids, tricks):
        if not bid:
            total += nil_points(rules, blind, taken)
    return total


def bag_penalties(rules: RuleSet, bags: int) -> tuple[int, int]:
    """How many bag penalties a bag count costs, and the count left after them."""
    threshold = rules.bag_threshold
    if bags < threshold:
        return 0, bags
    if rules.bag_remainder is _RESET:
        return 1, 0
    if rules.bag_penalty_once_per_hand:
        return 1, bags - threshold
    return bags // threshold, bags % threshold


def penalty_points(rules: RuleSet, penalties: int, their_penalties: int) -> int:
    """What bag penalties do to a team's points when it has ``penalties`` and the other team
    ``their_penalties``: ``bag_penalty`` lost for each of its own; or, under
    :attr:`RuleSet.bag_back`, gained for each of the other team's (its own cost it nothing)."""
    if rules.bag_back:
        return their_penalties * rules.bag_penalty
    return -penalties * rules.bag_penalty


def blind_multiplier(rules: RuleSet, bids: Sequence[tuple[int, bool]]) -> int:
    """What a team's contract points (made or set: :func:`contract_score`'s line and bonus) are
    multiplied by: :attr:`RuleSet.blind_bid_multiplier` when either partner's ``(tricks, blind)``
    is a blind number bid, else 1. Bags and nils are never multiplied."""
    for tricks, blind in bids:
        if blind and tricks:
            return rules.blind_bid_multiplier
    return 1


def team_points(
    rules: RuleSet, bids: Sequence[tuple[int, bool]], tricks: Sequence[int], bags: int
) -> tuple[int, int, int]:
    """A side's ``(points, penalties, bags_after)`` for a hand from its players' bids and tricks
    (the two partners of a team, or one player alone) and its bag count ``bags`` before the
    hand: the points of everything but the bag penalties
    (:func:`penalty_points` adds them, since under bag back they go to the other team), the bag
    penalties due and the count left. The contract's points are multiplied by
    :func:`blind_multiplier`. The sum of the lines scoring itemises."""
    contract, contract_tricks, nil_bags = team_tricks(rules, bids, tricks)
    outcome, points, bonus = contract_score(rules, contract, contract_tricks, sum(tricks))
    points += bonus
    if contract and any(blind for _, blind in bids):
        points *= blind_multiplier(rules, bids)
    # (Each call below is skipped when it would add nothing: the playouts call this a lot.)
    if not all(bid for bid, _ in bids):
        points += nils_points(rules, bids, tricks)
    gained = nil_bags
    if nil_bags:
        points += nil_bag_points(rules, nil_bags)
    if contract_tricks > contract:
        overtricks = contract_tricks - contract
        points += overtrick_points(rules, outcome, overtricks)
        gained += overtricks
    penalties, left = bag_penalties(rules, bags + gained)
    return points, penalties, left


def trick_points(rules: RuleSet, tricks: Sequence[int]) -> tuple[int, ...]:
    """Each side's points (NS, EW; or N, E, S, W when every player plays alone) for a hand
    played without bids (:func:`unbid_hand`) from the tricks each seat took (N, E, S, W):
    :attr:`RuleSet.first_hand_trick_points` for each trick the side took, and nothing else --
    no contract, nil, bags or bag penalty."""
    per_trick = rules.first_hand_trick_points or 0
    if not rules.partnerships:
        return tuple(taken * per_trick for taken in tricks)
    return (tricks[0] + tricks[2]) * per_trick, (tricks[1] + tricks[3]) * per_trick


def hand_points(
    rules: RuleSet, bids: Sequence[tuple[int, bool]], tricks: Sequence[int], bags: Sequence[int]
) -> tuple[int, ...]:
    """Each side's points (NS, EW; or N, E, S, W when every player plays alone) for a hand from
    the four seats' ``(tricks bid, blind)`` and tricks (N, E, S, W) and the bag counts (per
    side) before it: :func:`team_points` with the bag penalties, as
    :func:`spades.scoring.score_hand` totals its items. Empty ``bids`` are a hand played without
    bids (:func:`unbid_hand`), scored by :func:`trick_points`."""
    if not bids:
        return trick_points(rules, tricks)
    if not rules.partnerships:  # (bag back needs partners: rules.py refuses it here)
        points = []
        for seat in range(rules.players):
            own, penalties, _ = team_points(rules, (bids[seat],), (tricks[seat],), bags[seat])
            points.append(own + penalty_points(rules, penalties, 0))
        return tuple(points)
    ns, ns_penalties, _ = team_points(rules, (bids[0], bids[2]), (tricks[0], tricks[2]), bags[0])
    ew, ew_penalties, _ = team_points(rules, (bids[1], bids[3]), (tricks[1], tricks[3]), bags[1])
    return (
        ns + penalty_points(rules, ns_penalties, ew_penalties),
        ew + penalty_points(rules, ew_penalties, ns_penalties),
    )


# -- renege penalties ------------------------------------------------------------------------------


def renege_transfer(
    rules: RuleSet,
    bids: Sequence[tuple[int, bool]],
    tricks: Sequence[int],
    reneges: Sequence[int],
) -> tuple[int, ...]:
    """The contract tricks each team (NS, EW) hands to the other for its reneges, from the four
    seats' ``(tricks bid, blind)`` and tricks (N, E, S, W) and the reneges of each team (NS, EW).

    Only under :attr:`RenegePenalty.TRICKS` (else ``(0, 0)``): a team hands over
    ``renege_tricks`` for each of its reneges, but never more than its contract tricks
    (:func:`team_tricks`: a nil's tricks only where they count toward the contract), so that it
    keeps no fewer than 0. Both teams' tricks are counted before either hands any over. The
    scorer takes the tricks given from a team's contract tricks and adds those received: they
    count toward the receiving team's contract and bags (and the moon), never toward a nil.
    Empty ``bids`` are a hand played without bids (:func:`unbid_hand`): every trick a team took
    can be handed over, and each scores :func:`trick_points` for the team that ends with it.
    """
    if rules.renege_penalty is not _RENEGE_TRICKS:  # (never so without partners: rules.py)
        return (0,) * side_count(rules)
    per_renege = rules.renege_tricks
    given = [0, 0]
    for team in (0, 1):
        if reneges[team] and not bids:
            given[team] = min(tricks[team] + tricks[team + 2], reneges[team] * per_renege)
        elif reneges[team]:
            _, contract_tricks, _ = team_tricks(
                rules, (bids[team], bids[team + 2]), (tricks[team], tricks[team + 2])
            )
            given[team] = min(contract_tricks, reneges[team] * per_renege)
    return given[0], given[1]


def renege_set_points(rules: RuleSet, contract: int) -> int:
    """Under :attr:`RenegePenalty.SET`, what the contract of a team that reneged scores: the set
    of :func:`contract_score` (a big bid's set, and its bonus line, included), whatever the team
    took; 0 for a team with no contract (both partners nil)."""
    if not contract:
        return 0
    _, points, bonus = contract_score(rules, contract, contract - 1, 0)
    return points + bonus


def renege_points_given(rules: RuleSet, points: int, reneges: int) -> int:
    """Under :attr:`RenegePenalty.POINTS`, the points a team that reneged ``reneges`` times hands
    to the other team: all its ``points`` for the hand (every item, the bag penalty included)
    when they are more than 0, so that it scores 0; nothing when they are 0 or less, so that a
    renege never helps. 0 under any other penalty or without a renege."""
    if rules.renege_penalty is not _RENEGE_POINTS or not reneges or points <= 0:
        return 0
    return points


# -- the end of the game ---------------------------------------------------------------------------

#: Why a game ended, as :func:`game_end` gives it.
END_TARGET = 0
END_FLOOR = 1
END_CAP = 2
#: The winner :func:`game_end` gives for a shared result.
SHARED = -1


def game_end(rules: RuleSet, scores: Sequence[int], hands_played: int) -> tuple[int, int] | None:
    """Whether the game is over at the sides' totals ``scores`` (NS, EW; or N, E, S, W when
    every player plays alone) after ``hands_played`` hands: None while it goes on, else
    ``(winner, why)`` -- the index of the winning side (or :data:`SHARED`) and
    :data:`END_TARGET`, :data:`END_FLOOR` or :data:`END_CAP`.

    A side has a claim when it reaches the target or another side falls to the losing score; a
    single claim wins. When several sides claim, the highest total among them wins, and an exact
    tie at the top plays on unless :attr:`RuleSet.tie_at_target` shares it. Only then does the
    cap on hands decide, once ``hands_played`` reaches it: the highest total wins, and an exact
    tie at the top is shared unless :attr:`RuleSet.tie_at_cap` plays on (then every later hand
    is decided the same way, the target and the floor first). Under :attr:`RuleSet.tie_by_tens`
    "higher" compares the totals' tens (``total // 10``, floor division: -41 and -50 tie, -51
    is lower), so 528 and 526 tie; whether a side reached the target or the floor is still read
    from the totals themselves. With two teams: a team wins when it reaches the target or the
    other falls to the losing score, and when both have such a claim the higher total wins.
    """
    target, floor = rules.target_score, rules.losing_score
    reached = [score >= target for score in scores]
    fallen = [floor is not None and score <= floor for score in scores]
    sides = range(len(scores))
    if any(fallen):
        claims = [
            side for side in sides if reached[side] or any(fallen[o] for o in sides if o != side)
        ]
    else:
        claims = [side for side in sides if reached[side]]
    ranks = [score // 10 for score in scores] if rules.tie_by_tens else list(scores)
    if claims:
        why = END_TARGET if any(reached) else END_FLOOR
        best = _top(claims, ranks)
        if best is not None:
            return best, why
        if rules.tie_at_target is _SHARED:
            return SHARED, why
    cap = rules.max_hands
    if cap is not None and hands_played >= cap:
        best = _top(sides, ranks)
        if best is not None:
            return best, END_CAP
        if rules.tie_at_cap is _SHARED:
            return SHARED, END_CAP
    return None


def _top(sides: Sequence[int], ranks: Sequence[int]) -> int | None:
    """The one side of ``sides`` ranked highest, or None when two or more tie at the top."""
    best = max(ranks[side] for side in sides)
    top = [side for side in sides if ranks[side] == best]
    return top[0] if len(top) == 1 else None
