"""Bidding: which bids a seat may make, and why any other is refused.

:func:`bid_refusal` is the one home of every bidding rule; :func:`allowed_bids` gives the bids a
seat may make as a mask of the same rules. Bids are ``(tricks, blind)`` pairs per seat, None for a
seat yet to bid.
"""

from __future__ import annotations

from collections.abc import Sequence

from .table import FORCED_MIRROR, FORCED_NONE, FORCED_WHIZ, Table

__all__ = [
    "BLIND_BID_BITS",
    "BLIND_NIL_BIT",
    "MOST_TRICKS",
    "NUMBER_BITS",
    "REFUSED_BELOW_MIN_BID",
    "REFUSED_BLIND_BID",
    "REFUSED_BLIND_BID_DEFICIT",
    "REFUSED_BLIND_BID_EXACT",
    "REFUSED_BLIND_BID_LOW",
    "REFUSED_BLIND_DEFICIT",
    "REFUSED_BLIND_FIRST_HAND",
    "REFUSED_BLIND_NIL",
    "REFUSED_DOUBLE_NIL",
    "REFUSED_FORCED",
    "REFUSED_NIL",
    "REFUSED_NIL_PARTNER",
    "REFUSED_RANGE",
    "REFUSED_TEAM_BLIND_PARTNER",
    "REFUSED_TEAM_BLIND_SECOND",
    "REFUSED_TEAM_MIN",
    "REFUSED_TOTAL_13",
    "REFUSED_TOTAL_MIN",
    "SUICIDE_MIN_BID",
    "allowed_bids",
    "behind",
    "bid_bit",
    "bid_refusal",
    "bids_total",
    "first_hand",
    "side_bids",
    "team_blind_bid",
    "unbid_hand",
]

#: The most tricks a hand can have: 18, three players with the jokers deck.
MOST_TRICKS = 18
#: The least a number bid may be under forced bidding suicide.
SUICIDE_MIN_BID = 4
#: The bit of :func:`allowed_bids`'s mask for blind nil; bit ``n`` is the number ``n`` (0 nil),
#: and ``BLIND_NIL_BIT << n`` the blind number bid ``n``.
BLIND_NIL_BIT = 1 << (MOST_TRICKS + 1)
#: The bits of :func:`allowed_bids`'s mask for nil and the numbers, bids made seeing the cards.
NUMBER_BITS = BLIND_NIL_BIT - 1
#: The bits of :func:`allowed_bids`'s mask for the blind number bids 1 to :data:`MOST_TRICKS`.
BLIND_BID_BITS = (NUMBER_BITS - 1) * BLIND_NIL_BIT

# Why :func:`bid_refusal` refuses a bid; the number it gives with each is noted.
#: A number outside the bid range (0).
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
#: A last bid that leaves the bids under ``min_total_bid`` (the least this seat may bid).
REFUSED_TOTAL_MIN = 11
#: A last bid that makes the bids total exactly the tricks in a hand, under
#: ``forbid_total_of_13`` (the bid).
REFUSED_TOTAL_13 = 12
#: A blind number bid, which the rules do not allow (``blind_bid`` None) (0).
REFUSED_BLIND_BID = 13
#: A blind number bid below ``blind_bid`` (that minimum).
REFUSED_BLIND_BID_LOW = 14
#: A blind number bid by a team less than ``blind_bid_min_deficit`` behind (that deficit).
REFUSED_BLIND_BID_DEFICIT = 15
#: Under ``blind_bid_by`` team, any bid but the team's blind bid by the partner of the seat that
#: made it: the partner has no bid of their own, and repeats the team's (its number).
REFUSED_TEAM_BLIND_PARTNER = 16
#: Under ``blind_bid_by`` team, a blind number bid by a seat whose partner has bid: only a team's
#: first bidder bids blind for it (0).
REFUSED_TEAM_BLIND_SECOND = 17
#: A blind number bid other than ``blind_bid`` under ``blind_bid_points``, whose flat score is
#: that one bid's (``blind_bid``).
REFUSED_BLIND_BID_EXACT = 18


def bid_bit(tricks: int, blind: bool) -> int:
    """The bit of :func:`allowed_bids`'s mask for the bid of ``tricks`` (0 for nil), ``blind`` or
    not; 0 for a number no mask holds."""
    if not 0 <= tricks <= MOST_TRICKS:
        return 0
    if blind:
        return BLIND_NIL_BIT << tricks
    return 1 << tricks


def first_hand(hand_number: int) -> bool:
    """Whether hand ``hand_number`` is the first hand of a game: number 1. A game started from a
    standing at another number (a dispute taken up mid-game) has no first hand. The one notion of
    the first hand, for :attr:`~spades.rules.RuleSet.blind_nil_first_hand` and
    :attr:`~spades.rules.RuleSet.first_hand_trick_points`."""
    return hand_number == 1


def unbid_hand(table: Table, hand_number: int) -> bool:
    """Whether hand ``hand_number`` is played without bids: the :func:`first_hand` under
    :attr:`~spades.rules.RuleSet.first_hand_trick_points`. Such a hand goes from the deal straight
    to the first lead (no bidding, redeal or exchange) and is scored by the trick points."""
    return table.rules.first_hand_trick_points is not None and first_hand(hand_number)


def team_blind_bid(
    table: Table, bids: Sequence[tuple[int, bool] | None], seat: int
) -> tuple[int, bool] | None:
    """The bid ``seat`` must make, having none of its own: under ``blind_bid_by`` team, the blind
    number bid its partner made for the team (``bids`` per seat); None when the seat bids for
    itself. The one notion of the partner's repeated bid."""
    if not table.team_blind:
        return None
    mate = bids[table.partner[seat]]
    if mate is not None and mate[1] and mate[0]:
        return mate
    return None


def side_bids(table: Table, bids: Sequence[tuple[int, bool] | None]) -> int:
    """What one side's bids (``(tricks, blind)`` of its seats, None for a seat yet to bid) come
    to, nil counting 0: their sum, a team's blind bid counted once under ``blind_bid_by`` team
    (the partner's bid repeats it). The one home of a side's bid total, for the contract, the
    bids' total rules and the views."""
    total = 0
    for bid in bids:
        if bid is not None:
            total += bid[0]
    if table.team_blind and len(bids) == 2:
        first = bids[0]
        if first is not None and first[1] and first[0] and first == bids[1]:
            total -= first[0]
    return total


def bids_total(table: Table, bids: Sequence[tuple[int, bool] | None]) -> int:
    """What every seat's bids (per seat, None for a seat yet to bid) come to, nil counting 0: the
    sides' :func:`side_bids` added, so a team's blind bid counts once. The total of
    ``min_total_bid``, ``forbid_total_of_13`` and ``redeal_below_total``."""
    if not table.team_blind:
        return sum(bid[0] for bid in bids if bid is not None)
    return sum(side_bids(table, [bids[seat] for seat in seats]) for seats in table.side_seats)


def behind(table: Table, scores: Sequence[int], seat: int) -> int:
    """How many points the side of ``seat`` is behind at totals ``scores`` (per side): behind the
    other team, or behind the best of the other players when every player plays alone (negative
    when ahead). The deficit blind nil and blind number bids are judged by."""
    own = table.side_of[seat]
    return max(score for side, score in enumerate(scores) if side != own) - scores[own]


def bid_refusal(
    table: Table,
    bids: Sequence[tuple[int, bool] | None],
    seat: int,
    tricks: int,
    blind: bool = False,
    spades: int | None = None,
    behind: int = 0,
    first_hand: bool = False,
) -> tuple[int, int] | None:
    """Why ``seat`` may not bid ``tricks`` (0 for nil; ``blind`` for blind nil, or with a number
    for a blind number bid) now, as ``(why, number)`` -- ``why`` one of the ``REFUSED_`` codes,
    ``number`` the figure its sentence needs -- or None when the bid is legal. The one home of
    every bidding rule.

    ``bids`` are ``(tricks, blind)`` per seat for the bids made so far this hand, None for a
    seat yet to bid; they are read only when bidding is not free (:attr:`Table.free_bidding`).
    The seat whose partner has bid is the second partner to bid; the seat whose others have all
    bid is the last bidder. ``spades`` is how many spades the seat holds, for forced bidding
    mirror and whiz (None when unknown: those two are then not judged). ``behind`` is how many
    points the seat's side is behind at the start of the hand (:func:`behind`), and
    ``first_hand`` whether it is the first hand of the game, for blind nil; ``behind`` serves the
    blind number bids too.

    Under ``blind_bid_by`` team the partner of a seat that bid a number blind has no bid of its
    own: its one legal bid repeats the team's (:func:`team_blind_bid`), judged by no other rule;
    a blind number bid is refused to a seat whose partner has bid; and the last bidder of the
    total's rules is the last seat with a bid of its own, the team's blind bid counted once
    (:func:`bids_total`).

    Rules are judged in this order, the first broken one given: the range; blind nil (allowed,
    first hand, deficit), a blind number bid (allowed, at least ``blind_bid``, exactly it under
    ``blind_bid_points``, deficit), or nil
    allowed; forced bidding; the lowest number; then against the partner's bid: double nil, the
    nil partner's minimum, the team minimum; then, for the last bidder, the total's minimum and
    a total of all the tricks. A blind number bid is judged by every rule after the blind ones as
    the same number bid seeing the cards (the rules refuse ``blind_bid`` with forced bidding).
    """
    rules = table.rules
    if tricks not in table.bid_numbers:
        return REFUSED_RANGE, 0
    team_blind = table.team_blind
    if team_blind:
        fixed = team_blind_bid(table, bids, seat)
        if fixed is not None:
            return None if blind and tricks == fixed[0] else (REFUSED_TEAM_BLIND_PARTNER, fixed[0])
    if blind and tricks:
        least = rules.blind_bid
        if least is None:
            return REFUSED_BLIND_BID, 0
        if tricks < least:
            return REFUSED_BLIND_BID_LOW, least
        if tricks != least and rules.blind_bid_points is not None:
            return REFUSED_BLIND_BID_EXACT, least
        deficit = rules.blind_bid_min_deficit
        if deficit is not None and behind < deficit:
            return REFUSED_BLIND_BID_DEFICIT, deficit
        if team_blind and bids[table.partner[seat]] is not None:
            return REFUSED_TEAM_BLIND_SECOND, 0
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
    if table.free_bidding:
        return None
    forced = table.forced
    if forced != FORCED_NONE:
        if forced in (FORCED_MIRROR, FORCED_WHIZ):
            # Mirror: exactly the spades held. Whiz: nil, or exactly the spades held.
            mirror = forced == FORCED_MIRROR
            if spades is not None and tricks != spades and (tricks or mirror):
                return REFUSED_FORCED, spades
        else:
            # Suicide: the first partner bids nil or at least 4, the second the other.
            partner_bid = bids[table.partner[seat]]
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
    forbidden = table.double_nil_forbidden
    if nil_partner or team_minimum or forbidden:
        partner_bid = bids[table.partner[seat]]
        if partner_bid is not None:
            mate = partner_bid[0]
            if not tricks:
                if not mate and forbidden:
                    return REFUSED_DOUBLE_NIL, 0
                if mate < nil_partner:
                    return REFUSED_NIL_PARTNER, nil_partner
            elif not mate and tricks < nil_partner:
                return REFUSED_NIL_PARTNER, nil_partner
            if mate + tricks < team_minimum:
                return REFUSED_TEAM_MIN, max(team_minimum - mate, minimum)
    total_minimum = rules.min_total_bid
    if total_minimum or rules.forbid_total_of_13:
        if team_blind:
            # The last bidder is the last with a bid of its own: a seat yet to bid whose partner
            # bids blind for the team (already, or with this bid) has none, and adds nothing.
            team = blind and tricks
            for other in table.seats:
                if other != seat and bids[other] is None:
                    mate = table.partner[other]
                    if not (team and mate == seat) and team_blind_bid(table, bids, other) is None:
                        return None  # not the last bidder
            pairs = list(bids)
            pairs[seat] = (tricks, blind)
            others = bids_total(table, pairs) - tricks
        else:
            others = 0
            for other in table.seats:
                if other != seat:
                    bid = bids[other]
                    if bid is None:
                        return None  # not the last bidder
                    others += bid[0]
        if others + tricks < total_minimum:
            return REFUSED_TOTAL_MIN, max(total_minimum - others, minimum)
        if others + tricks == table.tricks and rules.forbid_total_of_13:
            return REFUSED_TOTAL_13, tricks
    return None


def allowed_bids(
    table: Table,
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
    if table.fixed_bids:
        return table.fixed_bids
    rules = table.rules
    numbers = table.bid_numbers
    if table.free_bidding:
        mask = (1 << len(numbers)) - 1
    else:
        mask = 0
        for tricks in numbers:
            if bid_refusal(table, bids, seat, tricks, False, spades, behind, first_hand) is None:
                mask |= 1 << tricks
    if rules.blind_nil and (
        bid_refusal(table, bids, seat, 0, True, spades, behind, first_hand) is None
    ):
        mask |= BLIND_NIL_BIT
    least = rules.blind_bid
    if least is not None:
        for tricks in range(least, numbers.stop):
            if bid_refusal(table, bids, seat, tricks, True, spades, behind, first_hand) is None:
                mask |= BLIND_NIL_BIT << tricks
    return mask
