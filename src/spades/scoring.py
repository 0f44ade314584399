"""Hand scoring, itemised, and the end-of-game decision.

Both are pure functions of the rules and plain numbers: :func:`score_hand` needs only the four bids
and the tricks each seat took, because that is what a table argues about. Every point is an item,
and the items add up to the hand's total.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from . import _kernel
from ._text import plural, whole_number_problem
from .actions import Bid, bid_range_problem, counts_problem, four_bids, trick_counts
from .errors import IllegalActionError, Reason, StandingError
from .legality import hand_bid_violations
from .rules import as_ruleset
from .rules import RenegePenalty, RuleSet
from .seats import SEATS, TEAMS, Seat, Side, Team, parse_side, side_data, side_seats, sides
from .standing import side_values

__all__ = [
    "EndReason",
    "GameResult",
    "HandScore",
    "ItemKind",
    "ScoreItem",
    "TeamHandScore",
    "decide_game",
    "game_result",
    "score_bids",
    "score_hand",
]


class ItemKind(enum.Enum):
    """What a line of a hand's score is for (the ``kind`` of a
    :class:`~spades.scoring.ScoreItem`)."""

    #: The team took at least its contract: ``points_per_bid_trick`` for each trick bid.
    CONTRACT_MADE = "contract_made"
    #: The team was set, took fewer tricks than its contract: ``set_penalty_per_trick`` lost for
    #: each trick bid.
    CONTRACT_SET = "contract_set"
    #: A big bid made ('10 for 200': a contract of at least ``big_bid``): ``big_bid_points``, in
    #: place of :attr:`CONTRACT_MADE`, or after it with ``big_bid_is_bonus``.
    BIG_BID_MADE = "big_bid_made"
    #: A big bid set: ``big_bid_penalty`` lost, in place of :attr:`CONTRACT_SET`, or after it with
    #: ``big_bid_is_bonus``.
    BIG_BID_SET = "big_bid_set"
    #: The team shot the moon (``moon``): it made its contract and took all 13 tricks (with
    #: ``bid_13``, a contract of 13): ``moon_points``, or double the contract points, in place of
    #: :attr:`CONTRACT_MADE`.
    MOON = "moon"
    #: A partner bid a number blind (``blind_bid``): the contract's points (the lines before it:
    #: made or set, a big bid or the moon, or a set for a renege) once more for each time past
    #: the first that ``blind_bid_multiplier`` (the item's ``count``) counts them, so that they
    #: add up to the multiplied points; lost, like them, when they are a loss.
    BLIND_BID = "blind_bid"
    #: Tricks over the contract (bags): ``points_per_bag`` each, and each adds to the bag count.
    BAGS = "bags"
    #: A nil bidder (the item's ``seat``) took no trick: ``nil_bonus``.
    NIL_MADE = "nil_made"
    #: A nil bidder took a trick or more: ``nil_penalty`` lost.
    NIL_FAILED = "nil_failed"
    #: A blind nil bidder took no trick: ``blind_nil_bonus``.
    BLIND_NIL_MADE = "blind_nil_made"
    #: A blind nil bidder took a trick or more: ``blind_nil_penalty`` lost.
    BLIND_NIL_FAILED = "blind_nil_failed"
    #: Both partners bid nil (or blind nil) under ``double_nil=unit`` and neither took a trick:
    #: the two bonuses together (``nil_bonus`` or ``blind_nil_bonus`` each), in place of the two
    #: nil items.
    DOUBLE_NIL_MADE = "double_nil_made"
    #: Both partners bid nil under ``double_nil=unit`` and either took a trick: the two penalties
    #: together lost.
    DOUBLE_NIL_FAILED = "double_nil_failed"
    #: A failed nil bidder's tricks counted only as bags (``failed_nil_tricks=bags_only``):
    #: ``points_per_bag`` each, added to the bag count; worth no point under
    #: ``bags_without_points``.
    NIL_BAGS = "nil_bags"
    #: The bag count reached the threshold: ``bag_penalty`` lost per penalty (the item's
    #: ``count``).
    BAG_PENALTY = "bag_penalty"
    #: Under ``bag_back``, the bag count reached the threshold: no point lost here, since each
    #: penalty (the item's ``count``) goes to the other team (the item's ``team``) as its
    #: :attr:`BAG_BACK`; the count comes down as for :attr:`BAG_PENALTY`.
    BAG_BACK_GIVEN = "bag_back_given"
    #: Under ``bag_back``, the other team's bag count (the item's ``team``) reached the threshold:
    #: ``bag_penalty`` gained per penalty (the item's ``count``).
    BAG_BACK = "bag_back"
    #: Under ``renege_penalty=tricks``, the team reneged: the tricks (the item's ``count``) it
    #: hands to the other team (the item's ``team``), taken from its contract tricks before the
    #: contract is scored. Worth no point itself; the contract line shows the effect.
    RENEGE_TRICKS_GIVEN = "renege_tricks_given"
    #: Under ``renege_penalty=tricks``, the other team (the item's ``team``) reneged: the tricks
    #: (the item's ``count``) this team receives, added to its contract tricks before the contract
    #: is scored. Worth no point itself; the contract and bags lines show the effect.
    RENEGE_TRICKS_RECEIVED = "renege_tricks_received"
    #: Under ``renege_penalty=set``, the team reneged (the item's ``count``: how many times): its
    #: contract scores as set whatever it took, in place of the contract line, and it gains no
    #: bags. 0 points for a team with no contract (both partners nil).
    RENEGE_SET = "renege_set"
    #: Under ``renege_penalty=points``, the team reneged (the item's ``count``: how many times):
    #: its points for the hand, when more than 0, go to the other team (the item's ``team``), so
    #: that it scores 0 for the hand; 0 points when it had none to give.
    RENEGE_POINTS_GIVEN = "renege_points_given"
    #: Under ``renege_penalty=points``, the other team (the item's ``team``) reneged (the item's
    #: ``count``: how many times): its points for the hand, gained.
    RENEGE_POINTS_RECEIVED = "renege_points_received"
    #: A hand played without bids (``first_hand_trick_points``): that many points for each trick
    #: the team took (the item's ``count``, after any tricks a renege moved), the only line of
    #: such a hand but the renege lines: it has no contract, nil, bags or bag penalty.
    TRICK_POINTS = "trick_points"

    def __repr__(self) -> str:
        return f"ItemKind.{self.name}"

    def __str__(self) -> str:
        return self.value


@attrs.frozen(kw_only=True)
class ScoreItem:
    """One line of a team's hand score."""

    #: What the line is for.
    kind: ItemKind
    #: The points it adds (negative for a loss).
    points: int
    #: The nil bidder, for nil items.
    seat: Seat | None = None
    #: Bags this item adds to the count (bags and nil bags), penalties charged (bag penalty,
    #: bag back), or the multiplier (blind bid).
    count: int = 0
    #: The other team, for the bag back items: whose bags went back (:attr:`ItemKind.BAG_BACK`),
    #: or who gained the points (:attr:`ItemKind.BAG_BACK_GIVEN`); for the renege items, who
    #: received the tricks or points, or whose renege gave them.
    team: Team | None = None

    @property
    def text(self) -> str:
        """The line as a scorer says it: ``contract made +70``."""
        sign = f"{self.points:+d}" if self.points else "0"
        kind = self.kind
        if kind is ItemKind.CONTRACT_MADE:
            return f"contract made {sign}"
        if kind is ItemKind.CONTRACT_SET:
            return f"set {sign}"
        if kind is ItemKind.BAGS or kind is ItemKind.NIL_BAGS:
            bags = f"{plural(self.count, 'bag')} {sign if self.points else '(no points)'}"
            return bags if kind is ItemKind.BAGS else f"{self.seat}'s nil tricks, {bags}"
        times = f" x{self.count}" if self.count > 1 else ""
        if kind is ItemKind.BAG_PENALTY:
            return f"penalty{times} {sign}"
        if kind is ItemKind.BLIND_BID:
            return f"blind bid x{self.count} {sign}"
        if kind is ItemKind.TRICK_POINTS:
            return f"{plural(self.count, 'trick')} without bids {sign}"
        if kind is ItemKind.BAG_BACK_GIVEN:
            return f"penalty{times} to {self.team}"
        if kind is ItemKind.BAG_BACK:
            return f"{self.team}'s bags back{times} {sign}"
        if kind in _RENEGE_KINDS:
            return self._renege_text(kind, sign)
        label = {
            ItemKind.BIG_BID_MADE: "big bid made",
            ItemKind.BIG_BID_SET: "big bid set",
            ItemKind.MOON: "shot the moon",
            ItemKind.DOUBLE_NIL_MADE: "double nil made",
            ItemKind.DOUBLE_NIL_FAILED: "double nil failed",
        }.get(kind)
        if label is not None:
            return f"{label} {sign}"
        label = {
            ItemKind.NIL_MADE: "nil made",
            ItemKind.NIL_FAILED: "nil failed",
            ItemKind.BLIND_NIL_MADE: "blind nil made",
            ItemKind.BLIND_NIL_FAILED: "blind nil failed",
        }[kind]
        return f"{self.seat} {label} {sign}"

    def _renege_text(self, kind: ItemKind, sign: str) -> str:
        if kind is ItemKind.RENEGE_TRICKS_GIVEN:
            if not self.count:
                return f"renege, no trick to give {self.team}"
            return f"renege, {plural(self.count, 'trick')} to {self.team} (no points)"
        if kind is ItemKind.RENEGE_TRICKS_RECEIVED:
            return f"{plural(self.count, 'trick')} from {self.team}'s renege (no points)"
        reneges = "a renege" if self.count == 1 else f"{self.count} reneges"
        if kind is ItemKind.RENEGE_SET:
            return f"set for {reneges} {sign}"
        if kind is ItemKind.RENEGE_POINTS_GIVEN:
            if not self.points:
                return f"{reneges}, no points to give {self.team}"
            return f"{reneges}, the hand's points to {self.team} {sign}"
        return f"points of {self.team}'s {reneges[2:] if self.count == 1 else reneges} {sign}"


#: The items that charge the team's bag penalties, and the lines that say a contract was set.
_PENALTY_KINDS = frozenset((ItemKind.BAG_PENALTY, ItemKind.BAG_BACK_GIVEN))
_SET_KINDS = frozenset((ItemKind.CONTRACT_SET, ItemKind.BIG_BID_SET, ItemKind.RENEGE_SET))
#: The lines of the renege penalties (``renege_penalty``); those that move tricks.
_RENEGE_KINDS = frozenset(
    (
        ItemKind.RENEGE_TRICKS_GIVEN,
        ItemKind.RENEGE_TRICKS_RECEIVED,
        ItemKind.RENEGE_SET,
        ItemKind.RENEGE_POINTS_GIVEN,
        ItemKind.RENEGE_POINTS_RECEIVED,
    )
)
_MOVED_KINDS = frozenset((ItemKind.RENEGE_TRICKS_GIVEN, ItemKind.RENEGE_TRICKS_RECEIVED))
#: The contract lines.
_CONTRACT_KINDS = _SET_KINDS | frozenset(
    (ItemKind.CONTRACT_MADE, ItemKind.BIG_BID_MADE, ItemKind.MOON)
)


@attrs.frozen(kw_only=True, repr=False)
class TeamHandScore:
    """One side's score for one hand, item by item: a team's, or one player's when every player
    plays alone (``partnerships=False``)."""

    #: The side scored: the partnership, or the seat of a player who plays alone.
    team: Side
    #: The partners' bids, in seat order (N then S, or E then W), or the one player's bid;
    #: None for each in a hand played without bids (``first_hand_trick_points``: see
    #: :attr:`unbid`).
    bids: tuple[Bid | None, ...]
    #: The tricks each partner took, in the same order.
    tricks: tuple[int, ...]
    #: The sum of the bids other than nil.
    contract: int
    #: The tricks that counted toward the contract under the rules.
    contract_tricks: int
    #: Every line of the score, in the order a scorer says them; they add up to :attr:`points`.
    items: tuple[ScoreItem, ...]
    #: The team's total before the hand.
    score_before: int
    #: The team's bag count before the hand.
    bags_before: int
    #: Bags added this hand, before any penalty.
    bags_gained: int
    #: The bag count after the hand and any penalty (what is carried, or 0 after a reset).
    bags_after: int

    @property
    def points(self) -> int:
        """The hand's total for the team: the sum of the items."""
        return sum(item.points for item in self.items)

    @property
    def score_after(self) -> int:
        """The team's total after the hand."""
        return self.score_before + self.points

    @property
    def unbid(self) -> bool:
        """Whether the hand was played without bids (``first_hand_trick_points``): scored
        :attr:`ItemKind.TRICK_POINTS` for each trick, with no contract, nil or bags."""
        return self.bids[0] is None

    @property
    def made(self) -> bool | None:
        """Whether the team made its contract; None when both partners bid nil, or in a hand
        played without bids (:attr:`unbid`). (A team set for a renege, under
        ``renege_penalty=set``, did not make it.)"""
        if self.contract == 0:
            return None
        if any(item.kind is ItemKind.RENEGE_SET for item in self.items):
            return False
        return self.contract_tricks >= self.contract

    @property
    def penalties(self) -> int:
        """How many bag penalties the hand cost (0, 1, or more where bags carry); under bag back,
        the penalties whose points went to the other team."""
        return sum(item.count for item in self.items if item.kind in _PENALTY_KINDS)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The partners, in seat order (N, S or E, W); the one seat of a player alone."""
        return side_seats(self.team)

    def explain(self) -> str:
        """One scorer's sentence, e.g. ``NS bid 7 (N 4, S 3), took 9: contract made +70, ...``
        (``N bid 4, took 5: ...`` for a player alone)."""
        seats, bids, tricks = self.seats, self.bids, self.tricks
        took = sum(tricks)
        if bids[0] is None:  # a hand played without bids
            lines = ", ".join(item.text for item in self.items)
            return f"{self.team} played without bids, took {took}: {lines}. Hand total " + (
                f"{self.points:+d}."
            )
        if len(seats) == 1:
            head = f"{self.team} bid {bids[0]}, took {took}"
        else:
            (s1, s2), (b1, b2), (t1, t2) = seats, bids, tricks
            head = f"{self.team} bid {self.contract} ({s1} {b1}, {s2} {b2}), took {took}"
            if b1 is not None and b2 is not None and (b1.is_nil or b2.is_nil):
                head += f" ({s1} {t1}, {s2} {t2})"
        parts = []
        # The contract tricks are said before a set, and before any contract line once a renege
        # has moved tricks (the contract tricks are then not the tricks taken).
        moved = any(item.kind in _MOVED_KINDS for item in self.items)
        shown = not self.contract
        for item in self.items:
            if item.kind in _PENALTY_KINDS:
                continue
            if not shown and (item.kind in _SET_KINDS or (moved and item.kind in _CONTRACT_KINDS)):
                line = item.text.removeprefix("contract ")
                parts.append(f"contract {self.contract_tricks} of {self.contract}, {line}")
                shown = True
            else:
                parts.append(item.text)
        text = head + ": " + (", ".join(parts) if parts else "no contract")
        if self.bags_gained or self.penalties:
            total = self.bags_before + self.bags_gained
            text += f"; bags now {total}"
            penalty = [item for item in self.items if item.kind in _PENALTY_KINDS]
            if penalty:
                text += f", {penalty[0].text}, {self.bags_after} "
                text += "carried" if self.bags_after else "left"
        return text + f". Hand total {self.points:+d}."

    def __str__(self) -> str:
        return self.explain()

    def __repr__(self) -> str:
        return (
            f"<TeamHandScore {self.team} bid {self.contract} took {sum(self.tricks)}: "
            f"{self.points:+d}, total {self.score_after}, bags {self.bags_after}>"
        )


@attrs.frozen(kw_only=True, repr=False)
class HandScore:
    """Every side's score for one hand; ``score['NS']`` or ``score[Team.NS]`` is one team's
    (``score['N']`` one player's when every player plays alone)."""

    #: The sides' scores: the two teams' (NS, EW), or the four players' (N, E, S, W) when every
    #: player plays alone.
    teams: tuple[TeamHandScore, ...]

    def __getitem__(self, side: Side | str) -> TeamHandScore:
        partnerships = isinstance(self.teams[0].team, Team)
        key = parse_side(side, partnerships, 4 if partnerships else len(self.teams))
        return self.teams[key]

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{t.team} {t.points:+d} (total {t.score_after}, bags {t.bags_after})"
            for t in self.teams
        )
        return f"<HandScore {parts}>"

    @property
    def points(self) -> tuple[int, ...]:
        """Each side's points for the hand (NS, EW; or N, E, S, W)."""
        return tuple(side.points for side in self.teams)

    @property
    def scores_after(self) -> tuple[int, ...]:
        """The totals after the hand (NS, EW; or N, E, S, W)."""
        return tuple(side.score_before + side.points for side in self.teams)

    @property
    def bags_after(self) -> tuple[int, ...]:
        """The bag counts after the hand and any penalty (NS, EW; or N, E, S, W)."""
        return tuple(side.bags_after for side in self.teams)

    def explain(self) -> str:
        """Each side's sentence (:meth:`TeamHandScore.explain`), one line each, NS (or N)
        first."""
        return "\n".join(team.explain() for team in self.teams)

    def __str__(self) -> str:
        return self.explain()


def score_hand(
    rules: RuleSet | str,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str] | None,
    tricks: Sequence[int] | Mapping[Seat | str, int],
    *,
    scores: Sequence[int] | Mapping[Side | str, int] | None = None,
    bags: Sequence[int] | Mapping[Side | str, int] | None = None,
    reneges: Sequence[int] | Mapping[Side | str, int] | None = None,
) -> HandScore:
    """Score one hand from the four bids and the tricks each seat took.

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset name. Bids and tricks are in seat
    order N, E, S, W, or mappings by seat (``{'N': 4, 'E': 'nil', ...}``); bids may be
    :class:`~spades.actions.Bid` values, numbers or text (``'nil'``, ``'blind nil'``,
    ``'blind 6'``).
    ``scores`` and ``bags`` are the teams' totals before the hand (NS, EW), or mappings by team;
    when every player plays alone (``partnerships=False``), the four players' (N, E, S, W). None
    is 0 for each.
    A bid out of range, bids the rules forbid, or counts that are not a hand are an
    :class:`~spades.errors.IllegalActionError`, with the sentence :func:`~spades.legality.check`
    gives for the same bid.

    ``reneges`` are how many times each team reneged in the hand (NS, EW, or a mapping by team):
    whole numbers, 0 or more. They cost what :attr:`~spades.rules.RuleSet.renege_penalty` says,
    each penalty its own item (:attr:`ItemKind.RENEGE_TRICKS_GIVEN` and the others); under
    ``renege_penalty=none`` they change nothing.

    ``bids=None`` scores the hand played without bids of
    :attr:`~spades.rules.RuleSet.first_hand_trick_points` (a game's first hand): that many points
    for each trick a team took, one :attr:`ItemKind.TRICK_POINTS` line per team, no contract, nil,
    bags or bag penalty (the bag counts stay as they were); a renege hands ``renege_tricks`` of
    the team's tricks over (``tricks``), makes its tricks score nothing (``set``), or gives its
    points away (``points``). Under rules without that option ``bids=None`` is an
    :class:`~spades.errors.IllegalActionError` (reason ``unbid_hand``). Bids given are scored as
    a bid hand, whatever the option: only the game knows which hand is the first.

    The bids are judged by every rule that bids alone can settle (see
    :func:`~spades.legality.hand_bid_violations`): nil allowed, a second nil in a team, the
    lowest number, the partner of a nil, the team's and the total's minimum, a total of 13, and
    forced bidding suicide. They are judged in the order of a hand North deals (East bids first
    clockwise, West counterclockwise), which says which seat a team's or the total's rule
    blames. Not judged, since they need what only a game knows: forced bidding mirror and whiz
    (the spades each seat held) and whether a blind nil or a blind number bid was allowed then
    (a blind nil is judged as a nil, a blind number bid as the number; a blind number bid's
    contract is scored ``blind_bid_multiplier`` times).

    >>> from spades import find_ruleset
    >>> print(score_hand('partners_app', [4, 1, 3, 2], [5, 1, 4, 3])[Team.NS])
    NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. Hand total +72.
    """
    rules = as_ruleset(rules)
    counts = trick_counts(tricks, rules)
    if bids is None:
        if rules.first_hand_trick_points is None:
            raise IllegalActionError(
                "A hand is scored without bids only under first_hand_trick_points; these rules "
                "bid every hand, so give the four bids.",
                reason=Reason.UNBID_HAND,
                seat=None,
                action=None,
                option="first_hand_trick_points",
            )
        seat_bids: tuple[Bid | None, ...] = (None,) * rules.players
    else:
        seat_bids = four_bids(bids, zero_is_nil=rules.zero_bid_is_nil, seats=rules.players)
    for seat, bid in zip(SEATS, seat_bids):
        if bid is None:
            break
        problem = bid_range_problem(rules, seat, bid)
        if problem is not None:
            raise IllegalActionError(problem, reason=Reason.BID_OUT_OF_RANGE, seat=seat, action=bid)
    violations = hand_bid_violations(rules, seat_bids, eligibility=False)
    if violations:
        raise violations[0].error()
    problem = counts_problem(counts, rules)
    if problem is not None:
        raise IllegalActionError(problem, reason=Reason.BAD_TRICKS, seat=None, action=counts)
    zeros = (0,) * len(rules.sides)
    score_values = zeros if scores is None else side_values(scores, "scores", rules=rules)
    bag_values = zeros if bags is None else side_values(bags, "bags", minimum=0, rules=rules)
    renege_values = (
        zeros if reneges is None else side_values(reneges, "reneges", minimum=0, rules=rules)
    )
    return score_bids(rules, seat_bids, counts, score_values, bag_values, renege_values)


# Read once: looking an enum member up on its class costs a Python call on CPython 3.11.
_NS, _EW = TEAMS
_CONTRACT_MADE = ItemKind.CONTRACT_MADE
_CONTRACT_SET = ItemKind.CONTRACT_SET
_BAGS = ItemKind.BAGS
_BLIND_BID = ItemKind.BLIND_BID
_NIL_MADE = ItemKind.NIL_MADE
_NIL_FAILED = ItemKind.NIL_FAILED
_BLIND_NIL_MADE = ItemKind.BLIND_NIL_MADE
_BLIND_NIL_FAILED = ItemKind.BLIND_NIL_FAILED
_DOUBLE_NIL_MADE = ItemKind.DOUBLE_NIL_MADE
_DOUBLE_NIL_FAILED = ItemKind.DOUBLE_NIL_FAILED
_NIL_BAGS = ItemKind.NIL_BAGS
_BAG_PENALTY = ItemKind.BAG_PENALTY
_BAG_BACK = ItemKind.BAG_BACK
_BAG_BACK_GIVEN = ItemKind.BAG_BACK_GIVEN
_NO_RENEGE_PENALTY = RenegePenalty.NONE
_RENEGE_TRICKS = RenegePenalty.TRICKS
_RENEGE_SET = RenegePenalty.SET
_RENEGE_POINTS = RenegePenalty.POINTS
#: A team's reneges, the tricks it hands over and those it receives, when nobody reneged.
_NO_RENEGE = (0, 0, 0)
#: Each team's reneges when nobody reneged.
_NO_RENEGES = (0, 0)
_TRICK_POINTS = ItemKind.TRICK_POINTS
#: The line for each outcome of :func:`spades._kernel.contract_score`.
_OUTCOME_KINDS = {
    _kernel.CONTRACT_MADE: _CONTRACT_MADE,
    _kernel.CONTRACT_SET: _CONTRACT_SET,
    _kernel.CONTRACT_BIG_MADE: ItemKind.BIG_BID_MADE,
    _kernel.CONTRACT_BIG_SET: ItemKind.BIG_BID_SET,
    _kernel.CONTRACT_MOON: ItemKind.MOON,
}
#: The outcomes whose points are the bonus beside the plain contract line with big_bid_is_bonus.
_BIG_BID_OUTCOMES = (_kernel.CONTRACT_BIG_MADE, _kernel.CONTRACT_BIG_SET)


def score_bids(
    rules: RuleSet,
    bids: Sequence[Bid | None],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    reneges: Sequence[int] | None = None,
) -> HandScore:
    """:func:`score_hand` of bids, counts, a standing and reneges (per side; None for none)
    already checked (the engine's own, and the record verifier's). Bids all None are a hand
    played without bids (``first_hand_trick_points``); otherwise none is None."""
    if reneges is None:
        reneges = _NO_RENEGES if rules.partnerships else (0,) * rules.players
    if bids[0] is None:
        return _score_unbid(rules, tricks, scores, bags, reneges)
    return _score_bid(rules, bids, tricks, scores, bags, reneges)  # type: ignore[arg-type]


def _score_bid(
    rules: RuleSet,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    reneges: Sequence[int],
) -> HandScore:
    """:func:`score_bids` of a hand with its four bids."""
    penalty = rules.renege_penalty
    if not rules.partnerships:
        # Each player alone: no renege penalty pays another side (rules.py refuses those).
        return HandScore(
            teams=tuple(
                _team_score(
                    rules,
                    seat,
                    bids,
                    tricks,
                    _team_lines(rules, seat, bids, tricks, bags[seat], (reneges[seat], 0, 0)),
                    0,
                    scores[seat],
                    bags[seat],
                )
                for seat in rules.seats
            )
        )
    if penalty is _NO_RENEGE_PENALTY or not (reneges[0] or reneges[1]):
        ns_renege = ew_renege = _NO_RENEGE
    else:
        pairs = [(bid.tricks, bid.blind) for bid in bids]
        given = _kernel.renege_transfer(rules, pairs, tricks, reneges)
        ns_renege = (reneges[0], given[0], given[1])
        ew_renege = (reneges[1], given[1], given[0])
    ns = _team_lines(rules, _NS, bids, tricks, bags[0], ns_renege)
    ew = _team_lines(rules, _EW, bids, tricks, bags[1], ew_renege)
    teams = (
        _team_score(rules, _NS, bids, tricks, ns, ew[4], scores[0], bags[0]),
        _team_score(rules, _EW, bids, tricks, ew, ns[4], scores[1], bags[1]),
    )
    if penalty is _RENEGE_POINTS and (reneges[0] or reneges[1]):
        teams = _renege_points(rules, teams, reneges)
    return HandScore(teams=teams)


def _score_unbid(
    rules: RuleSet,
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    reneges: Sequence[int],
) -> HandScore:
    """The score of a hand played without bids: ``_kernel.trick_points`` of each team's tricks,
    after the tricks its reneges moved (``renege_penalty=tricks``; ``_kernel.renege_transfer``),
    or 0 for a team set for a renege (``set``); then the points a renege gives away
    (``points``). The bag counts do not change."""
    penalty = rules.renege_penalty
    given = _kernel.renege_transfer(rules, (), tricks, reneges)
    if rules.partnerships:
        moved: tuple[int, ...] = (
            tricks[0] + tricks[2] - given[0] + given[1],
            tricks[1] + tricks[3] - given[1] + given[0],
        )
        points = _kernel.trick_points(rules, (moved[0], moved[1], 0, 0))
    else:  # each player alone: no trick changes hands (rules.py refuses renege tricks here)
        moved = tuple(tricks)
        points = _kernel.trick_points(rules, moved)
    teams = []
    for index, side in enumerate(rules.sides):
        other = TEAMS[(index & 1) ^ 1]  # (read only under partnerships: the renege tricks)
        count = reneges[index]
        items: list[ScoreItem] = []
        if penalty is _RENEGE_TRICKS and count:
            kind = ItemKind.RENEGE_TRICKS_GIVEN
            items.append(ScoreItem(kind=kind, points=0, count=given[index], team=other))
        if penalty is _RENEGE_TRICKS and given[other]:
            kind = ItemKind.RENEGE_TRICKS_RECEIVED
            items.append(ScoreItem(kind=kind, points=0, count=given[other], team=other))
        if penalty is _RENEGE_SET and count:
            items.append(ScoreItem(kind=ItemKind.RENEGE_SET, points=0, count=count))
        else:
            kind = _TRICK_POINTS
            items.append(ScoreItem(kind=kind, points=points[index], count=moved[index]))
        seats = side_seats(side)
        teams.append(
            TeamHandScore(
                team=side,
                bids=(None,) * len(seats),
                tricks=tuple(tricks[seat] for seat in seats),
                contract=0,
                contract_tricks=0,
                items=tuple(items),
                score_before=scores[index],
                bags_before=bags[index],
                bags_gained=0,
                bags_after=bags[index],
            )
        )
    if penalty is _RENEGE_POINTS and (reneges[0] or reneges[1]):
        return HandScore(teams=_renege_points(rules, (teams[0], teams[1]), reneges))
    return HandScore(teams=tuple(teams))


def _renege_points(
    rules: RuleSet, teams: tuple[TeamHandScore, TeamHandScore], reneges: Sequence[int]
) -> tuple[TeamHandScore, TeamHandScore]:
    """Under ``renege_penalty=points``, the teams' scores with the points each renege moves
    (``_kernel.renege_points_given``): a team that reneged gives its hand's points, when more
    than 0, to the other team."""
    given = [_kernel.renege_points_given(rules, teams[t].points, reneges[t]) for t in (0, 1)]
    result = []
    for team, score in zip(TEAMS, teams):
        other = team.other
        items = list(score.items)
        if reneges[team]:
            items.append(
                ScoreItem(
                    kind=ItemKind.RENEGE_POINTS_GIVEN,
                    points=-given[team],
                    count=reneges[team],
                    team=other,
                )
            )
        if given[other]:
            items.append(
                ScoreItem(
                    kind=ItemKind.RENEGE_POINTS_RECEIVED,
                    points=given[other],
                    count=reneges[other],
                    team=other,
                )
            )
        result.append(attrs.evolve(score, items=tuple(items)))
    return result[0], result[1]


_Lines = tuple[list[ScoreItem], int, int, int, int, int]


def _team_lines(
    rules: RuleSet,
    team: Side,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    bags_before: int,
    renege: tuple[int, int, int] = _NO_RENEGE,
) -> _Lines:
    """A team's items but those of the bag penalties, by the kernel's arithmetic
    (``_kernel.team_points`` adds up the same functions): ``(items, contract, contract_tricks,
    bags gained, penalties, bags after)``. ``renege`` is the team's reneges, the contract tricks
    it hands over and those it receives (``_kernel.renege_transfer``)."""
    seats = side_seats(team)
    pairs = [(bids[seat].tricks, bids[seat].blind) for seat in seats]
    taken = [tricks[seat] for seat in seats]
    contract, contract_tricks, nil_bags = _kernel.team_tricks(rules, pairs, taken)
    items: list[ScoreItem] = []
    took = sum(taken)
    other = TEAMS[(team & 1) ^ 1]  # (read only under partnerships: the renege tricks)
    set_for = 0  # the reneges the team is set for (renege_penalty=set)
    if renege is not _NO_RENEGE:
        count, given, received = renege
        if rules.renege_penalty is _RENEGE_TRICKS:
            if count:
                kind = ItemKind.RENEGE_TRICKS_GIVEN
                items.append(ScoreItem(kind=kind, points=0, count=given, team=other))
            if received:
                kind = ItemKind.RENEGE_TRICKS_RECEIVED
                items.append(ScoreItem(kind=kind, points=0, count=received, team=other))
            contract_tricks += received - given
            took += received - given
        elif rules.renege_penalty is _RENEGE_SET and count:
            set_for = count
    outcome, points, bonus = _kernel.contract_score(rules, contract, contract_tricks, took)
    if set_for:
        points = _kernel.renege_set_points(rules, contract)
        items.append(ScoreItem(kind=ItemKind.RENEGE_SET, points=points, count=set_for))
        outcome = _kernel.CONTRACT_NONE
        nil_bags = 0  # and no overtricks: no bags at all
    if outcome != _kernel.CONTRACT_NONE:
        kind = _OUTCOME_KINDS[outcome]
        if rules.big_bid_is_bonus and outcome in _BIG_BID_OUTCOMES:
            plain = _CONTRACT_MADE if outcome == _kernel.CONTRACT_BIG_MADE else _CONTRACT_SET
            items.append(ScoreItem(kind=plain, points=points))
            items.append(ScoreItem(kind=kind, points=bonus))
        else:
            items.append(ScoreItem(kind=kind, points=points))
    multiplier = _kernel.blind_multiplier(rules, pairs)
    if multiplier != 1 and contract:
        contract_points = sum(item.points for item in items)  # the contract lines so far
        items.append(
            ScoreItem(kind=_BLIND_BID, points=(multiplier - 1) * contract_points, count=multiplier)
        )
    if len(pairs) == 2 and _kernel.double_nil_unit(rules, pairs):
        made = not (taken[0] or taken[1])
        items.append(
            ScoreItem(
                kind=_DOUBLE_NIL_MADE if made else _DOUBLE_NIL_FAILED,
                points=_kernel.nils_points(rules, pairs, taken),
            )
        )
    else:
        for seat in seats:
            bid = bids[seat]
            if bid.is_nil:
                made = tricks[seat] == 0
                if bid.blind:
                    kind = _BLIND_NIL_MADE if made else _BLIND_NIL_FAILED
                else:
                    kind = _NIL_MADE if made else _NIL_FAILED
                points = _kernel.nil_points(rules, bid.blind, tricks[seat])
                items.append(ScoreItem(kind=kind, points=points, seat=seat))
    overtricks = 0 if set_for else max(0, contract_tricks - contract)
    if overtricks:
        points = _kernel.overtrick_points(rules, outcome, overtricks)
        items.append(ScoreItem(kind=_BAGS, points=points, count=overtricks))
    if nil_bags:
        for seat in seats:
            if bids[seat].is_nil and tricks[seat]:
                n = tricks[seat]
                points = _kernel.nil_bag_points(rules, n)
                items.append(ScoreItem(kind=_NIL_BAGS, points=points, seat=seat, count=n))
    gained = overtricks + nil_bags
    penalties, bags_after = _kernel.bag_penalties(rules, bags_before + gained)
    return items, contract, contract_tricks, gained, penalties, bags_after


def _team_score(
    rules: RuleSet,
    team: Side,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    lines: _Lines,
    their_penalties: int,
    score_before: int,
    bags_before: int,
) -> TeamHandScore:
    """The team's score from its lines and the bag penalties of both teams (under bag back the
    other team's penalties are this team's points)."""
    items, contract, contract_tricks, gained, penalties, bags_after = lines
    points = _kernel.penalty_points(rules, penalties, their_penalties)
    if rules.bag_back:  # (partnerships only: rules.py)
        other = TEAMS[team ^ 1]
        if penalties:
            items.append(ScoreItem(kind=_BAG_BACK_GIVEN, points=0, count=penalties, team=other))
        if their_penalties:
            items.append(
                ScoreItem(kind=_BAG_BACK, points=points, count=their_penalties, team=other)
            )
    elif penalties:
        items.append(ScoreItem(kind=_BAG_PENALTY, points=points, count=penalties))
    seats = side_seats(team)
    return TeamHandScore(
        team=team,
        bids=tuple(bids[seat] for seat in seats),
        tricks=tuple(tricks[seat] for seat in seats),
        contract=contract,
        contract_tricks=contract_tricks,
        items=tuple(items),
        score_before=score_before,
        bags_before=bags_before,
        bags_gained=gained,
        bags_after=bags_after,
    )


# -- the end of the game ------------------------------------------------------------------------


class EndReason(enum.Enum):
    """Why a game ended."""

    #: A team reached the target score.
    TARGET = "target"
    #: A team fell to the losing score.
    FLOOR = "floor"
    #: The cap on the number of hands was reached.
    CAP = "cap"

    def __repr__(self) -> str:
        return f"EndReason.{self.name}"

    def __str__(self) -> str:
        return self.value


@attrs.frozen(kw_only=True)
class GameResult:
    """How a game ended: the winning side (a team, or a player who plays alone), or None for a
    shared result, and why."""

    #: The winning team, or the winning player's seat when every player plays alone; None for a
    #: shared result.
    winner: Side | None
    #: Why the game ended.
    reason: EndReason
    #: The final totals by side (NS, EW; or N, E, S, W).
    scores: tuple[int, ...]
    #: How many hands the game has had, which is the number of its last hand (a game started
    #: mid-way by :func:`~spades.engine.new_game` counts from its ``hand_number``).
    hands_played: int
    #: The cap on hands (:attr:`~spades.rules.RuleSet.max_hands`) when the cap ended the game;
    #: ``hands_played`` is past it when a tie at the cap was played on (``tie_at_cap``). None
    #: for another reason.
    cap: int | None = None
    #: Whether the sides were teams (:attr:`~spades.rules.RuleSet.partnerships`); False when
    #: every player played alone, whose totals are by seat (two of them in two-handed Spades).
    partnerships: bool = True

    @property
    def sides(self) -> tuple[Side, ...]:
        """The sides of :attr:`scores`, in order: the teams, or the seats in play."""
        return sides(self.partnerships, len(self.scores))

    @property
    def shared(self) -> bool:
        """Whether the result is shared (no winner)."""
        return self.winner is None

    def to_data(self) -> dict[str, Any]:
        """The result as JSON-ready data, as reports and views give it."""
        return {
            "winner": None if self.winner is None else self.winner.name,
            "reason": self.reason.value,
            "scores": side_data(self.scores, self.sides),
            "hands_played": self.hands_played,
            "text": str(self),
        }

    def __str__(self) -> str:
        why = {
            EndReason.TARGET: "reached the target",
            EndReason.FLOOR: "the losing score was reached",
            EndReason.CAP: self._cap_text(),
        }[self.reason]
        hands = plural(self.hands_played, "hand")
        if not self.partnerships:  # every player alone
            totals = ", ".join(f"{seat} {score}" for seat, score in zip(SEATS, self.scores))
            if self.winner is None:
                return f"Shared result, {totals}, after {hands} ({why})."
            return f"{self.winner} wins, {totals}, after {hands} ({why})."
        if self.winner is None:
            return f"Shared result, {self.scores[0]} to {self.scores[1]}, after {hands} ({why})."
        loser = TEAMS[self.winner ^ 1]
        return (
            f"{self.winner} win {self.scores[self.winner]} to {self.scores[loser]} after "
            f"{plural(self.hands_played, 'hand')} ({why})."
        )

    def _cap_text(self) -> str:
        cap = self.hands_played if self.cap is None else self.cap
        if self.hands_played > cap:
            return f"past the cap of {plural(cap, 'hand')}"
        return f"the cap of {plural(cap, 'hand')} was reached"


def decide_game(
    rules: RuleSet | str,
    scores: Sequence[int] | Mapping[Side | str, int],
    hands_played: int,
) -> GameResult | None:
    """Whether the game is over after ``hands_played`` hands with these totals (NS, EW; or N, E,
    S, W when every player plays alone, where the one highest claim wins the same way).

    A team wins when it reaches the target or the other team falls to the losing score. When both
    teams have such a claim (both past the target, or both past the floor) the higher score wins,
    and an exact tie follows ``tie_at_target``. Only then does the cap on hands decide: the higher
    total wins, and an exact tie follows ``tie_at_cap`` (shared, or another hand, until a hand
    ends with one team ahead). With ``tie_by_tens`` the totals are compared by their tens
    (``total // 10``, so 528 and 526 tie, and -41 and -50). ``rules`` may be a preset's name and
    ``scores`` a mapping by team.
    """
    rules = as_ruleset(rules)
    pair = side_values(scores, "scores", rules=rules)
    problem = whole_number_problem(hands_played, minimum=0)
    if problem is not None:
        raise StandingError(f"hands_played {problem}.", field="hands_played")
    return game_result(rules, pair, hands_played)


def game_result(rules: RuleSet, scores: Sequence[int], hands_played: int) -> GameResult | None:
    """:func:`decide_game` of rules, totals and a hand count already checked (the engine's own)."""
    end = _kernel.game_end(rules, scores, hands_played)
    if end is None:
        return None
    winner, why = end
    return GameResult(
        winner=None if winner == _kernel.SHARED else rules.sides[winner],
        reason=_END_REASONS[why],
        scores=tuple(scores),
        hands_played=hands_played,
        cap=rules.max_hands if why == _kernel.END_CAP else None,
        partnerships=rules.partnerships,
    )


_END_REASONS = {
    _kernel.END_TARGET: EndReason.TARGET,
    _kernel.END_FLOOR: EndReason.FLOOR,
    _kernel.END_CAP: EndReason.CAP,
}
