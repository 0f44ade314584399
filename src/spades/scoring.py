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
from ._text import Sealed, plural, seal, whole_number_problem
from .actions import Bid, bid_range_problem, counts_problem, four_bids, trick_counts
from .errors import IllegalActionError, Reason, StandingError
from .presets import as_ruleset
from .rules import RuleSet
from .seats import SEATS, TEAMS, Seat, Team, team_data
from .standing import team_pair

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


@seal
class ItemKind(Sealed, enum.Enum):
    """What a line of a hand's score is for (the ``kind`` of a
    :class:`~spades.scoring.ScoreItem`)."""

    #: The team took at least its contract: ``points_per_bid_trick`` for each trick bid.
    CONTRACT_MADE = "contract_made"
    #: The team was set, took fewer tricks than its contract: ``set_penalty_per_trick`` lost for
    #: each trick bid.
    CONTRACT_SET = "contract_set"
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
    #: A failed nil bidder's tricks counted only as bags (``failed_nil_tricks=bags_only``):
    #: ``points_per_bag`` each, added to the bag count.
    NIL_BAGS = "nil_bags"
    #: The bag count reached the threshold: ``bag_penalty`` lost per penalty (the item's
    #: ``count``).
    BAG_PENALTY = "bag_penalty"

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
    #: Bags this item adds to the count (bags and nil bags), or penalties charged (bag penalty).
    count: int = 0

    @property
    def text(self) -> str:
        """The line as a scorer says it: ``contract made +70``."""
        sign = f"{self.points:+d}" if self.points else "0"
        kind = self.kind
        if kind is ItemKind.CONTRACT_MADE:
            return f"contract made {sign}"
        if kind is ItemKind.CONTRACT_SET:
            return f"set {sign}"
        if kind is ItemKind.BAGS:
            return f"{plural(self.count, 'bag')} {sign}"
        if kind is ItemKind.NIL_BAGS:
            return f"{self.seat}'s nil tricks, {plural(self.count, 'bag')} {sign}"
        if kind is ItemKind.BAG_PENALTY:
            times = f" x{self.count}" if self.count > 1 else ""
            return f"penalty{times} {sign}"
        label = {
            ItemKind.NIL_MADE: "nil made",
            ItemKind.NIL_FAILED: "nil failed",
            ItemKind.BLIND_NIL_MADE: "blind nil made",
            ItemKind.BLIND_NIL_FAILED: "blind nil failed",
        }[kind]
        return f"{self.seat} {label} {sign}"


@attrs.frozen(kw_only=True, repr=False)
class TeamHandScore:
    """One team's score for one hand, item by item."""

    #: The partnership scored.
    team: Team
    #: The partners' bids, in seat order (N then S, or E then W).
    bids: tuple[Bid, Bid]
    #: The tricks each partner took, in the same order.
    tricks: tuple[int, int]
    #: The sum of the partners' bids other than nil.
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
    def made(self) -> bool | None:
        """Whether the team made its contract; None when both partners bid nil."""
        if self.contract == 0:
            return None
        return self.contract_tricks >= self.contract

    @property
    def penalties(self) -> int:
        """How many bag penalties the hand cost (0, 1, or more where bags carry)."""
        return sum(item.count for item in self.items if item.kind is ItemKind.BAG_PENALTY)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The partners, in seat order (N, S or E, W)."""
        return self.team.seats

    def explain(self) -> str:
        """One scorer's sentence, e.g. ``NS bid 7 (N 4, S 3), took 9: contract made +70, ...``."""
        s1, s2 = self.seats
        b1, b2 = self.bids
        t1, t2 = self.tricks
        head = f"{self.team} bid {self.contract} ({s1} {b1}, {s2} {b2}), took {t1 + t2}"
        if b1.is_nil or b2.is_nil:
            head += f" ({s1} {t1}, {s2} {t2})"
        parts = [item.text for item in self.items if item.kind is not ItemKind.BAG_PENALTY]
        if self.contract and self.made is False:
            parts = [
                f"contract {self.contract_tricks} of {self.contract}, {p}"
                if p.startswith("set")
                else p
                for p in parts
            ]
        text = head + ": " + (", ".join(parts) if parts else "no contract")
        if self.bags_gained or self.penalties:
            total = self.bags_before + self.bags_gained
            text += f"; bags now {total}"
            penalty = [item for item in self.items if item.kind is ItemKind.BAG_PENALTY]
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
    """Both teams' scores for one hand; ``score['NS']`` or ``score[Team.NS]`` is one team's."""

    #: The two teams' scores (NS, EW).
    teams: tuple[TeamHandScore, TeamHandScore]

    def __getitem__(self, team: Team | str) -> TeamHandScore:
        return self.teams[Team.of(team)]

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{t.team} {t.points:+d} (total {t.score_after}, bags {t.bags_after})"
            for t in self.teams
        )
        return f"<HandScore {parts}>"

    @property
    def points(self) -> tuple[int, int]:
        """Each team's points for the hand (NS, EW)."""
        return (self.teams[0].points, self.teams[1].points)

    @property
    def scores_after(self) -> tuple[int, int]:
        """The totals after the hand (NS, EW)."""
        ns, ew = self.teams
        return (ns.score_before + ns.points, ew.score_before + ew.points)

    @property
    def bags_after(self) -> tuple[int, int]:
        """The bag counts after the hand and any penalty (NS, EW)."""
        return (self.teams[0].bags_after, self.teams[1].bags_after)

    def explain(self) -> str:
        """Each team's sentence (:meth:`TeamHandScore.explain`), one line each, NS first."""
        return "\n".join(team.explain() for team in self.teams)

    def __str__(self) -> str:
        return self.explain()


def score_hand(
    rules: RuleSet | str,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str],
    tricks: Sequence[int] | Mapping[Seat | str, int],
    *,
    scores: Sequence[int] | Mapping[Team | str, int] = (0, 0),
    bags: Sequence[int] | Mapping[Team | str, int] = (0, 0),
) -> HandScore:
    """Score one hand from the four bids and the tricks each seat took.

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset name. Bids and tricks are in seat
    order N, E, S, W, or mappings by seat (``{'N': 4, 'E': 'nil', ...}``); bids may be
    :class:`~spades.actions.Bid` values, numbers or text (``'nil'``, ``'blind nil'``).
    ``scores`` and ``bags`` are the teams' totals before the hand (NS, EW), or mappings by team.
    A bid out of range or counts that are not a hand are an
    :class:`~spades.errors.IllegalActionError`, with the sentence :func:`~spades.legality.check`
    gives for the same bid.

    >>> from spades import find_ruleset
    >>> print(score_hand('partners_app', [4, 1, 3, 2], [5, 1, 4, 3])[Team.NS])
    NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. Hand total +72.
    """
    rules = as_ruleset(rules)
    seat_bids: tuple[Bid, ...] = four_bids(bids, zero_is_nil=rules.zero_bid_is_nil)  # type: ignore[assignment]
    counts = trick_counts(tricks)
    for seat, bid in zip(SEATS, seat_bids):
        problem = bid_range_problem(rules, seat, bid)
        if problem is not None:
            raise IllegalActionError(problem, reason=Reason.BID_OUT_OF_RANGE, seat=seat, action=bid)
    problem = counts_problem(counts)
    if problem is not None:
        raise IllegalActionError(problem, reason=Reason.BAD_TRICKS, seat=None, action=counts)
    score_pair = team_pair(scores, "scores")
    bag_pair = team_pair(bags, "bags", minimum=0)
    return score_bids(rules, seat_bids, counts, score_pair, bag_pair)


# Read once: looking an enum member up on its class costs a Python call on CPython 3.11.
_NS, _EW = TEAMS
_TEAM_SEATS = tuple(team.seats for team in TEAMS)
_CONTRACT_MADE = ItemKind.CONTRACT_MADE
_CONTRACT_SET = ItemKind.CONTRACT_SET
_BAGS = ItemKind.BAGS
_NIL_MADE = ItemKind.NIL_MADE
_NIL_FAILED = ItemKind.NIL_FAILED
_BLIND_NIL_MADE = ItemKind.BLIND_NIL_MADE
_BLIND_NIL_FAILED = ItemKind.BLIND_NIL_FAILED
_NIL_BAGS = ItemKind.NIL_BAGS
_BAG_PENALTY = ItemKind.BAG_PENALTY


def score_bids(
    rules: RuleSet,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
) -> HandScore:
    """:func:`score_hand` of bids, counts and a standing already checked (the engine's own)."""
    return HandScore(
        teams=(
            _score_team(rules, _NS, bids, tricks, scores[0], bags[0]),
            _score_team(rules, _EW, bids, tricks, scores[1], bags[1]),
        )
    )


def _score_team(
    rules: RuleSet,
    team: Team,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    score_before: int,
    bags_before: int,
) -> TeamHandScore:
    seats = _TEAM_SEATS[team]
    pairs = [(bids[seat].tricks, bids[seat].blind) for seat in seats]
    taken = [tricks[seat] for seat in seats]
    contract, contract_tricks, nil_bags = _kernel.team_tricks(rules, pairs, taken)
    items: list[ScoreItem] = []
    points = _kernel.contract_points(rules, contract, contract_tricks)
    if contract_tricks < contract:
        items.append(ScoreItem(kind=_CONTRACT_SET, points=points))
    elif contract:
        items.append(ScoreItem(kind=_CONTRACT_MADE, points=points))
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
    overtricks = max(0, contract_tricks - contract)
    if overtricks:
        items.append(
            ScoreItem(kind=_BAGS, points=overtricks * rules.points_per_bag, count=overtricks)
        )
    if nil_bags:
        for seat in seats:
            if bids[seat].is_nil and tricks[seat]:
                n = tricks[seat]
                items.append(
                    ScoreItem(kind=_NIL_BAGS, points=n * rules.points_per_bag, seat=seat, count=n)
                )
    gained = overtricks + nil_bags
    penalties, bags_after = _kernel.bag_penalties(rules, bags_before + gained)
    if penalties:
        items.append(
            ScoreItem(kind=_BAG_PENALTY, points=-penalties * rules.bag_penalty, count=penalties)
        )
    return TeamHandScore(
        team=team,
        bids=(bids[seats[0]], bids[seats[1]]),
        tricks=(tricks[seats[0]], tricks[seats[1]]),
        contract=contract,
        contract_tricks=contract_tricks,
        items=tuple(items),
        score_before=score_before,
        bags_before=bags_before,
        bags_gained=gained,
        bags_after=bags_after,
    )


# -- the end of the game ------------------------------------------------------------------------


@seal
class EndReason(Sealed, enum.Enum):
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
    """How a game ended: the winning team, or None for a shared result, and why."""

    #: The winning team; None for a shared result.
    winner: Team | None
    #: Why the game ended.
    reason: EndReason
    #: The final totals (NS, EW).
    scores: tuple[int, int]
    #: How many hands the game has had, which is the number of its last hand (a game started
    #: mid-way by :func:`~spades.engine.new_game` counts from its ``hand_number``).
    hands_played: int

    @property
    def shared(self) -> bool:
        """Whether the result is shared (no winner)."""
        return self.winner is None

    def to_data(self) -> dict[str, Any]:
        """The result as JSON-ready data, as reports and views give it."""
        return {
            "winner": None if self.winner is None else self.winner.name,
            "reason": self.reason.value,
            "scores": team_data(self.scores),
            "hands_played": self.hands_played,
            "text": str(self),
        }

    def __str__(self) -> str:
        ns, ew = self.scores
        why = {
            EndReason.TARGET: "reached the target",
            EndReason.FLOOR: "the losing score was reached",
            EndReason.CAP: f"the cap of {plural(self.hands_played, 'hand')} was reached",
        }[self.reason]
        if self.winner is None:
            return (
                f"Shared result, {ns} to {ew}, after {plural(self.hands_played, 'hand')} ({why})."
            )
        loser = self.winner.other
        return (
            f"{self.winner} win {self.scores[self.winner]} to {self.scores[loser]} after "
            f"{plural(self.hands_played, 'hand')} ({why})."
        )


def decide_game(
    rules: RuleSet | str,
    scores: Sequence[int] | Mapping[Team | str, int],
    hands_played: int,
) -> GameResult | None:
    """Whether the game is over after ``hands_played`` hands with these totals (NS, EW).

    A team wins when it reaches the target or the other team falls to the losing score. When both
    teams have such a claim (both past the target, or both past the floor) the higher score wins,
    and an exact tie follows ``tie_at_target``. Only then does the cap on hands decide: the higher
    total wins, and an exact tie is shared. ``rules`` may be a preset's name and ``scores`` a
    mapping by team.
    """
    rules = as_ruleset(rules)
    pair = team_pair(scores, "scores")
    problem = whole_number_problem(hands_played, minimum=0)
    if problem is not None:
        raise StandingError(f"hands_played {problem}.", field="hands_played")
    return game_result(rules, pair, hands_played)


def game_result(rules: RuleSet, scores: Sequence[int], hands_played: int) -> GameResult | None:
    """:func:`decide_game` of rules, totals and a hand count already checked (the engine's own)."""
    ns, ew = scores[0], scores[1]
    end = _kernel.game_end(rules, ns, ew, hands_played)
    if end is None:
        return None
    winner, why = end
    return GameResult(
        winner=None if winner == _kernel.SHARED else TEAMS[winner],
        reason=_END_REASONS[why],
        scores=(ns, ew),
        hands_played=hands_played,
    )


_END_REASONS = {
    _kernel.END_TARGET: EndReason.TARGET,
    _kernel.END_FLOOR: EndReason.FLOOR,
    _kernel.END_CAP: EndReason.CAP,
}
