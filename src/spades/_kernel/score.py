"""Score arithmetic: a hand's score for every side, assembled once, on ints.

:func:`hand_score` is the one place where a hand's points are put together: the contract (with a
big bid, the moon, a blind bid), the nils, the bags, the bag penalties (or, under bag back, the
other team's) and the renege penalties; or, for a hand played without bids, the trick points. The
engine and the computer players' playouts take its totals; :mod:`spades.scoring` asks it for the
lines as well, and turns each into an item a person reads. A line is ``(kind, points, count, seat,
side)``: a ``LINE_*`` kind, the points it adds, its count (bags, penalties, a multiplier, tricks
moved), the seat it is about (a nil bidder; -1 for none) and the other side it names (bag back,
renege; -1 for none).

Bids are ``(tricks, blind)`` per seat; tricks, bags and scores are per seat or per side as each
function says; every function takes the :class:`~spades._kernel.table.Table` of the rules in force.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bidding import side_bids
from .table import (
    MOON_BID_13,
    MOON_NONE,
    NIL_TRICKS_BAGS,
    NIL_TRICKS_BAGS_WITHOUT_POINTS,
    NIL_TRICKS_COUNT,
    RENEGE_NONE,
    RENEGE_POINTS,
    RENEGE_SET,
    RENEGE_SET_AND_BID,
    RENEGE_TRICKS,
    Table,
)

__all__ = [
    "CONTRACT_BIG_MADE",
    "CONTRACT_BIG_SET",
    "CONTRACT_BLIND_MADE",
    "CONTRACT_BLIND_SET",
    "CONTRACT_MADE",
    "CONTRACT_MOON",
    "CONTRACT_NONE",
    "CONTRACT_SET",
    "CONTRACT_SPECIAL_MADE",
    "CONTRACT_SPECIAL_SET",
    "LINE_KINDS",
    "NO_RENEGE",
    "Line",
    "SideTotals",
    "bag_penalties",
    "contract_score",
    "hand_score",
    "renege_transfer",
    "special_bid_points",
    "team_tricks",
]

#: What a side's contract came to, as :func:`contract_score` gives it: no contract (both partners
#: bid nil), made, set, a big bid ('10 for 200') made or set, the moon shot, cutthroat's special
#: bid of 1 or 2 made exactly or set, or a blind bid scored flat made or set.
CONTRACT_NONE = 0
CONTRACT_MADE = 1
CONTRACT_SET = 2
CONTRACT_BIG_MADE = 3
CONTRACT_BIG_SET = 4
CONTRACT_MOON = 5
CONTRACT_SPECIAL_MADE = 6
CONTRACT_SPECIAL_SET = 7
CONTRACT_BLIND_MADE = 8
CONTRACT_BLIND_SET = 9

#: The kinds of a line, in the order of :class:`spades.score.ItemKind`'s members (each is the
#: item kind of the same name).
LINE_KINDS = (
    "contract_made",
    "contract_set",
    "big_bid_made",
    "big_bid_set",
    "moon",
    "blind_bid",
    "bags",
    "nil_made",
    "nil_failed",
    "blind_nil_made",
    "blind_nil_failed",
    "double_nil_made",
    "double_nil_failed",
    "nil_bags",
    "bag_penalty",
    "bag_back_given",
    "bag_back",
    "renege_tricks_given",
    "renege_tricks_received",
    "renege_set",
    "renege_points_given",
    "renege_points_received",
    "trick_points",
    "renege_bid_credited",
    "special_bid_made",
    "special_bid_set",
    "blind_bid_made",
    "blind_bid_set",
)
(
    LINE_CONTRACT_MADE,
    LINE_CONTRACT_SET,
    LINE_BIG_BID_MADE,
    LINE_BIG_BID_SET,
    LINE_MOON,
    LINE_BLIND_BID,
    LINE_BAGS,
    LINE_NIL_MADE,
    LINE_NIL_FAILED,
    LINE_BLIND_NIL_MADE,
    LINE_BLIND_NIL_FAILED,
    LINE_DOUBLE_NIL_MADE,
    LINE_DOUBLE_NIL_FAILED,
    LINE_NIL_BAGS,
    LINE_BAG_PENALTY,
    LINE_BAG_BACK_GIVEN,
    LINE_BAG_BACK,
    LINE_RENEGE_TRICKS_GIVEN,
    LINE_RENEGE_TRICKS_RECEIVED,
    LINE_RENEGE_SET,
    LINE_RENEGE_POINTS_GIVEN,
    LINE_RENEGE_POINTS_RECEIVED,
    LINE_TRICK_POINTS,
    LINE_RENEGE_BID_CREDITED,
    LINE_SPECIAL_BID_MADE,
    LINE_SPECIAL_BID_SET,
    LINE_BLIND_BID_MADE,
    LINE_BLIND_BID_SET,
) = range(len(LINE_KINDS))
#: The contract line of each outcome of :func:`contract_score`.
_OUTCOME_LINES = {
    CONTRACT_MADE: LINE_CONTRACT_MADE,
    CONTRACT_SET: LINE_CONTRACT_SET,
    CONTRACT_BIG_MADE: LINE_BIG_BID_MADE,
    CONTRACT_BIG_SET: LINE_BIG_BID_SET,
    CONTRACT_MOON: LINE_MOON,
    CONTRACT_SPECIAL_MADE: LINE_SPECIAL_BID_MADE,
    CONTRACT_SPECIAL_SET: LINE_SPECIAL_BID_SET,
    CONTRACT_BLIND_MADE: LINE_BLIND_BID_MADE,
    CONTRACT_BLIND_SET: LINE_BLIND_BID_SET,
}

#: One line of a side's score: ``(kind, points, count, seat, side)``.
Line = tuple[int, int, int, int, int]
#: A side's totals for a hand: ``(points, contract, contract_tricks, bags gained, penalties, bags
#: after)``.
SideTotals = tuple[int, int, int, int, int, int]
#: A side's renege, as :func:`_side_score` takes it: ``(reneges, tricks given, tricks received)``.
NO_RENEGE = (0, 0, 0)
_Bid = tuple[int, bool]


def team_tricks(table: Table, bids: Sequence[_Bid], tricks: Sequence[int]) -> tuple[int, int, int]:
    """A side's ``(contract, contract_tricks, nil_bags)`` from its players' bids and tricks.

    The contract is the sum of the bids other than nil (a team's blind bid counted once:
    :func:`~spades._kernel.bidding.side_bids`); a nil bidder's tricks count toward it,
    become bags only (with or without their points), or are ignored, as
    :attr:`~spades.rules.RuleSet.failed_nil_tricks` says.
    """
    contract = contract_tricks = nil_bags = 0
    policy = table.nil_tricks
    for (bid, _blind), taken in zip(bids, tricks):
        if bid:
            contract += bid
            contract_tricks += taken
        elif policy == NIL_TRICKS_COUNT:
            contract_tricks += taken
        elif policy in (NIL_TRICKS_BAGS, NIL_TRICKS_BAGS_WITHOUT_POINTS):
            nil_bags += taken
    if table.team_blind:
        contract = side_bids(table, bids)
    return contract, contract_tricks, nil_bags


def contract_score(
    table: Table, contract: int, contract_tricks: int, took: int, blind: bool = False
) -> tuple[int, int, int]:
    """``(outcome, points, bonus)`` for a side's contract: one of the ``CONTRACT_*`` outcomes, the
    points of its contract line and those of a second line (0 when there is none). ``blind`` is
    whether the contract is a blind number bid (the side's, or a partner's).

    Made, 10 a trick bid (``points_per_bid_trick``); set, minus 10 a trick bid
    (``set_penalty_per_trick``). ``took`` is every trick the side took, a failed nil's included.
    A blind bid under :attr:`~spades.rules.RuleSet.blind_bid_points` scores those points made and
    loses them set, in place of all else. Cutthroat's special bids come next
    (:attr:`~spades.rules.RuleSet.one_bid_points`, ``two_bid_points``): a contract of 1 (or 2)
    taken exactly scores those points, and set loses them; taken with bags it is scored as any
    other. The moon (:attr:`~spades.rules.RuleSet.moon`) is a contract made while the side takes
    all the tricks of the hand (and, for ``bid_13``, a contract of them all); a side with no
    contract cannot shoot it. It scores ``moon_points``, or double the contract points when that
    is None, in place of them, and comes before a big bid. A big bid
    (:attr:`~spades.rules.RuleSet.big_bid`) is a contract of at least the threshold: made,
    ``big_bid_points`` replace the contract points, or with ``big_bid_is_bonus`` are the bonus
    beside them; set, ``-big_bid_penalty`` replaces the set, or is the bonus beside it.
    """
    if not contract:
        return CONTRACT_NONE, 0, 0
    rules = table.rules
    made = contract_tricks >= contract
    flat = rules.blind_bid_points
    if blind and flat is not None:
        return (CONTRACT_BLIND_MADE, flat, 0) if made else (CONTRACT_BLIND_SET, -flat, 0)
    special = special_bid_points(table, contract)
    if special is not None and contract_tricks <= contract:
        return (CONTRACT_SPECIAL_MADE, special, 0) if made else (CONTRACT_SPECIAL_SET, -special, 0)
    big = rules.big_bid
    if made:
        points = contract * rules.points_per_bid_trick
        moon = table.moon
        if (
            moon != MOON_NONE
            and took == table.tricks
            and (contract == table.tricks or moon != MOON_BID_13)
        ):
            award = rules.moon_points
            return CONTRACT_MOON, (2 * points if award is None else award), 0
        if big is None or contract < big:
            return CONTRACT_MADE, points, 0
        if rules.big_bid_is_bonus:
            return CONTRACT_BIG_MADE, points, rules.big_bid_points
        return CONTRACT_BIG_MADE, rules.big_bid_points, 0
    points = -contract * rules.set_penalty_per_trick
    if big is None or contract < big:
        return CONTRACT_SET, points, 0
    if rules.big_bid_is_bonus:
        return CONTRACT_BIG_SET, points, -rules.big_bid_penalty
    return CONTRACT_BIG_SET, -rules.big_bid_penalty, 0


def special_bid_points(table: Table, contract: int) -> int | None:
    """What cutthroat's special bid of ``contract`` scores taken exactly (and loses set): the
    rules' ``one_bid_points`` for a contract of 1, ``two_bid_points`` for 2; None for any other
    contract, or when the rules have no such bid."""
    rules = table.rules
    if contract == 1:
        return rules.one_bid_points
    if contract == 2:
        return rules.two_bid_points
    return None


def _nil_points(table: Table, blind: bool, taken: int) -> int:
    """Points for a nil (or blind nil) bidder who took ``taken`` tricks."""
    rules = table.rules
    if blind:
        return rules.blind_nil_bonus if taken == 0 else -rules.blind_nil_penalty
    return rules.nil_bonus if taken == 0 else -rules.nil_penalty


def bag_penalties(table: Table, bags: int) -> tuple[int, int]:
    """How many bag penalties a bag count costs, and the count left after them."""
    rules = table.rules
    threshold = rules.bag_threshold
    if bags < threshold:
        return 0, bags
    if table.bag_reset:
        return 1, 0
    if rules.bag_penalty_once_per_hand:
        return 1, bags - threshold
    return bags // threshold, bags % threshold


def _fixed_contract(table: Table, contract: int, tricks: int, blind: bool) -> int:
    """The points of ``contract`` (``blind`` or not) scored as if the side took ``tricks`` (a
    renege's penalty fixes them: the bid made, or set), bonus included and no overtricks."""
    _, points, bonus = contract_score(table, contract, tricks, 0, blind)
    return points + bonus


def _side_score(
    table: Table,
    seats: Sequence[int],
    bids: Sequence[_Bid],
    tricks: Sequence[int],
    bags_before: int,
    other: int,
    renege: tuple[int, int, int],
    lines: list[Line] | None,
) -> tuple[int, int, int, int, int, int]:
    """A side's score but its bag penalties' points: ``(points, contract, contract_tricks, bags
    gained, penalties, bags after)``, its lines added to ``lines`` when given.

    ``seats`` are the side's seats, ``bids`` and ``tricks`` by seat, ``other`` the other side (a
    team's, for the renege lines), ``renege`` the side's reneges with the contract tricks it hands
    over and those it receives (:func:`renege_transfer`).
    """
    rules = table.rules
    if len(seats) == 2:
        first, second = seats
        pairs: Sequence[_Bid] = (bids[first], bids[second])
        taken: Sequence[int] = (tricks[first], tricks[second])
        took = taken[0] + taken[1]
        nil = not pairs[0][0] or not pairs[1][0]
    else:
        pairs = (bids[seats[0]],)
        taken = (tricks[seats[0]],)
        took = taken[0]
        nil = not pairs[0][0]
    contract, contract_tricks, nil_bags = team_tricks(table, pairs, taken)
    set_for = 0  # the reneges the side is set for (renege_penalty=set)
    credited = 0  # the other side's reneges this side is credited its bid for (set_and_bid)
    total = 0
    count = renege[0]
    if renege is not NO_RENEGE:
        penalty = table.renege_penalty
        given, received = renege[1], renege[2]
        if penalty == RENEGE_TRICKS:
            if lines is not None:
                if count:
                    lines.append((LINE_RENEGE_TRICKS_GIVEN, 0, given, -1, other))
                if received:
                    lines.append((LINE_RENEGE_TRICKS_RECEIVED, 0, received, -1, other))
            contract_tricks += received - given
            took += received - given
        elif penalty == RENEGE_SET and count:
            set_for = count
        elif penalty == RENEGE_SET_AND_BID:  # ``received``: the other team's reneges
            if count:
                set_for = count
            elif received:
                credited = received
    # A blind number bid: one of the side's bids (the rules allow one a side at most).
    blind_bid = any(bid and blind for bid, blind in pairs)
    outcome, points, bonus = contract_score(table, contract, contract_tricks, took, blind_bid)
    if credited and contract:  # the bid as made, whatever the side took: no overtricks
        points = _fixed_contract(table, contract, contract, blind_bid)
        total += points
        if lines is not None:
            lines.append((LINE_RENEGE_BID_CREDITED, points, credited, -1, other))
        outcome = CONTRACT_NONE
        nil_bags = 0  # and no overtricks: no bags at all
    else:
        credited = 0
    if set_for:
        points = 0
        if contract:  # the set of the contract, whatever the side took
            points = _fixed_contract(table, contract, contract - 1, blind_bid)
        total += points
        if lines is not None:
            lines.append((LINE_RENEGE_SET, points, set_for, -1, -1))
        outcome = CONTRACT_NONE
        nil_bags = 0  # and no overtricks: no bags at all
    if outcome != CONTRACT_NONE:
        total += points + bonus
        if lines is not None:
            kind = _OUTCOME_LINES[outcome]
            if rules.big_bid_is_bonus and (outcome in (CONTRACT_BIG_MADE, CONTRACT_BIG_SET)):
                plain = LINE_CONTRACT_MADE if outcome == CONTRACT_BIG_MADE else LINE_CONTRACT_SET
                lines.append((plain, points, 0, -1, -1))
                lines.append((kind, bonus, 0, -1, -1))
            else:  # (a special or flat blind bid's line counts the bid)
                count = contract if outcome >= CONTRACT_SPECIAL_MADE else 0
                lines.append((kind, points, count, -1, -1))
    # A blind number bid multiplies the contract's lines so far, unless it scores flat.
    if blind_bid and rules.blind_bid_points is None:
        multiplier = rules.blind_bid_multiplier
        if multiplier != 1:
            extra = (multiplier - 1) * total
            total += extra
            if lines is not None:
                lines.append((LINE_BLIND_BID, extra, multiplier, -1, -1))
    if nil:
        if len(pairs) == 2 and table.double_nil_unit and not (pairs[0][0] or pairs[1][0]):
            failed = 1 if taken[0] or taken[1] else 0
            points = _nil_points(table, pairs[0][1], failed) + _nil_points(
                table, pairs[1][1], failed
            )
            total += points
            if lines is not None:
                kind = LINE_DOUBLE_NIL_FAILED if failed else LINE_DOUBLE_NIL_MADE
                lines.append((kind, points, 0, -1, -1))
        else:
            for seat, (bid, blind), won in zip(seats, pairs, taken):
                if not bid:
                    points = _nil_points(table, blind, won)
                    total += points
                    if lines is not None:
                        if blind:
                            kind = LINE_BLIND_NIL_FAILED if won else LINE_BLIND_NIL_MADE
                        else:
                            kind = LINE_NIL_FAILED if won else LINE_NIL_MADE
                        lines.append((kind, points, 0, seat, -1))
    overtricks = (
        0 if set_for or credited or contract_tricks <= contract else contract_tricks - contract
    )
    if overtricks:
        if outcome == CONTRACT_BIG_MADE and not rules.big_bid_overtricks_score:
            points = 0
        else:
            points = overtricks * rules.points_per_bag
        total += points
        if lines is not None:
            lines.append((LINE_BAGS, points, overtricks, -1, -1))
    if nil_bags:
        each = 0 if table.nil_tricks == NIL_TRICKS_BAGS_WITHOUT_POINTS else rules.points_per_bag
        total += nil_bags * each
        if lines is not None:
            for seat, (bid, _blind), won in zip(seats, pairs, taken):
                if not bid and won:
                    lines.append((LINE_NIL_BAGS, won * each, won, seat, -1))
    gained = overtricks + nil_bags
    penalties, bags_after = bag_penalties(table, bags_before + gained)
    return total, contract, contract_tricks, gained, penalties, bags_after


def renege_transfer(
    table: Table,
    bids: Sequence[_Bid] | None,
    tricks: Sequence[int],
    reneges: Sequence[int],
) -> tuple[int, ...]:
    """The contract tricks each team (NS, EW) hands to the other for its reneges, from the seats'
    ``(tricks bid, blind)`` and tricks and the reneges of each team.

    Only under :attr:`~spades.rules.RenegePenalty.TRICKS` (else 0 for each side): a team hands
    over ``renege_tricks`` for each of its reneges, but never more than its contract tricks
    (:func:`team_tricks`: a nil's tricks only where they count toward the contract), so that it
    keeps no fewer than 0. Both teams' tricks are counted before either hands any over. The
    scorer takes the tricks given from a team's contract tricks and adds those received: they
    count toward the receiving team's contract and bags (and the moon), never toward a nil.
    None for ``bids`` is a hand played without bids: every trick a team took can be handed over.
    """
    if table.renege_penalty != RENEGE_TRICKS:  # (never so alone: the rules)
        return (0,) * table.side_count
    per_renege = table.rules.renege_tricks
    given = [0, 0]
    for team in (0, 1):
        if not reneges[team]:
            continue
        seats = table.side_seats[team]
        if bids is None:
            counted = sum(tricks[seat] for seat in seats)
        else:
            pairs = [bids[seat] for seat in seats]
            counted = team_tricks(table, pairs, [tricks[seat] for seat in seats])[1]
        given[team] = min(counted, reneges[team] * per_renege)
    return given[0], given[1]


def hand_score(
    table: Table,
    bids: Sequence[_Bid] | None,
    tricks: Sequence[int],
    bags: Sequence[int],
    reneges: Sequence[int] | None = None,
    lines: Sequence[list[Line]] | None = None,
) -> tuple[SideTotals, ...]:
    """Every side's totals for a hand, from the seats' ``(tricks bid, blind)`` (None for a hand
    played without bids: :func:`~spades._kernel.bidding.unbid_hand`), the tricks each seat took,
    the sides' bag counts before the hand and each side's reneges (None for none); each side's
    lines added to its list of ``lines`` when given, in the order a scorer says them.

    Per side: :func:`_side_score`, then the bag penalties (each costing ``bag_penalty``; or, under
    bag back, the other team's paying this one), then under ``renege_penalty=points`` the hand's
    points a team that reneged gives the other. A hand played without bids scores
    ``first_hand_trick_points`` for each trick a side took and nothing else, after the tricks a
    renege moved (``tricks``), or nothing for a side set for a renege (``set``); its bag counts do
    not change.
    """
    rules = table.rules
    partnerships = table.partnerships
    sides = table.side_count
    if reneges is None or not any(reneges):
        reneges = None
    penalty = table.renege_penalty
    totals: list[list[int]] = []
    if bids is None:
        given = (0,) * sides if reneges is None else renege_transfer(table, None, tricks, reneges)
        per_trick = rules.first_hand_trick_points or 0
        for side in range(sides):
            seats = table.side_seats[side]
            other = side ^ 1 if partnerships else -1
            count = 0 if reneges is None else reneges[side]
            moved = sum(tricks[seat] for seat in seats)
            if partnerships:
                moved += given[other] - given[side]
            out = None if lines is None else lines[side]
            if out is not None and penalty == RENEGE_TRICKS and count:
                out.append((LINE_RENEGE_TRICKS_GIVEN, 0, given[side], -1, other))
            if out is not None and penalty == RENEGE_TRICKS and given[other]:
                out.append((LINE_RENEGE_TRICKS_RECEIVED, 0, given[other], -1, other))
            if penalty in (RENEGE_SET, RENEGE_SET_AND_BID) and count:
                points = 0
                if out is not None:
                    out.append((LINE_RENEGE_SET, 0, count, -1, -1))
            else:
                points = moved * per_trick
                if out is not None:
                    out.append((LINE_TRICK_POINTS, points, moved, -1, -1))
            totals.append([points, 0, 0, 0, 0, bags[side]])
    else:
        given = (0, 0)
        if reneges is not None and partnerships and penalty != RENEGE_NONE:
            given = renege_transfer(table, bids, tricks, reneges)  # (0, 0) but under tricks
        for side in range(sides):
            other = side ^ 1 if partnerships else -1
            if reneges is None:
                renege = NO_RENEGE
            elif partnerships and penalty == RENEGE_SET_AND_BID:
                renege = (reneges[side], 0, reneges[other])
            elif partnerships:
                renege = (reneges[side], given[side], given[other])
            else:
                renege = (reneges[side], 0, 0)
            out = None if lines is None else lines[side]
            seats = table.side_seats[side]
            totals.append(
                list(_side_score(table, seats, bids, tricks, bags[side], other, renege, out))
            )
        bag_penalty = rules.bag_penalty
        bag_back = rules.bag_back
        for side in range(sides):
            own = totals[side][4]
            if bag_back:  # (partnerships only: the rules)
                other = side ^ 1
                theirs = totals[other][4]
                points = theirs * bag_penalty
                if lines is not None:
                    if own:
                        lines[side].append((LINE_BAG_BACK_GIVEN, 0, own, -1, other))
                    if theirs:
                        lines[side].append((LINE_BAG_BACK, points, theirs, -1, other))
                totals[side][0] += points
            elif own:
                points = -own * bag_penalty
                if lines is not None:
                    lines[side].append((LINE_BAG_PENALTY, points, own, -1, -1))
                totals[side][0] += points
    if reneges is not None and penalty == RENEGE_POINTS:  # (partnerships only: the rules)
        handed = [
            totals[team][0] if reneges[team] and totals[team][0] > 0 else 0 for team in (0, 1)
        ]
        for team in (0, 1):
            other = team ^ 1
            out = None if lines is None else lines[team]
            if reneges[team]:
                totals[team][0] -= handed[team]
                if out is not None:
                    out.append((LINE_RENEGE_POINTS_GIVEN, -handed[team], reneges[team], -1, other))
            if handed[other]:
                totals[team][0] += handed[other]
                if out is not None:
                    out.append(
                        (LINE_RENEGE_POINTS_RECEIVED, handed[other], reneges[other], -1, other)
                    )
    return tuple((t[0], t[1], t[2], t[3], t[4], t[5]) for t in totals)
