"""The score of a hand, item by item, and the result of a game: the types, and how they are built
from the kernel's arithmetic.

A hand's points are put together once, by the kernel's ``hand_score``; each of its lines becomes
a :class:`ScoreItem` a person reads, and the items of a side add up to its total.
``spades.itemising`` builds the :class:`HandScore` of a hand, ``game_result`` here the
:class:`GameResult` of a game the kernel says is over (both take the kernel's compiled table, so
neither module exports them). Scoring a hand someone tells from its bids and tricks, with every
check, is :func:`spades.scoring.score_hand`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from ._kernel.end import (
    END_CAP,
    END_CONSECUTIVE_SETS,
    END_FIRST_HAND,
    END_FLOOR,
    END_SETS,
    END_TARGET,
    END_WINNING_BID,
    LOSES,
    SHARED,
    Fact,
    game_end,
)
from ._kernel.table import Table
from ._score_drawing import hand_score_image, result_image
from ._text import plural, times
from .actions import Bid
from .seats import SEATS, TEAMS, Seat, Side, Team, parse_side, side_data, side_seats, sides

__all__ = ["EndReason", "GameResult", "HandScore", "ItemKind", "ScoreItem", "TeamHandScore"]


class ItemKind(enum.Enum):
    """What a line of a hand's score is for (the ``kind`` of a
    :class:`~spades.score.ScoreItem`)."""

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
    #: Under ``renege_penalty=set_and_bid``, the other team (the item's ``team``) reneged (the
    #: item's ``count``: how many times): this team's contract scores as made, whatever it took,
    #: in place of the contract line, with no overtricks and no bags.
    RENEGE_BID_CREDITED = "renege_bid_credited"
    #: Cutthroat's special bid of 1 or 2 (the item's ``count``), taken exactly:
    #: ``one_bid_points`` or ``two_bid_points`` in place of :attr:`CONTRACT_MADE` ('1 for 50').
    SPECIAL_BID_MADE = "special_bid_made"
    #: Cutthroat's special bid of 1 or 2 set: as many points lost, in place of :attr:`CONTRACT_SET`.
    SPECIAL_BID_SET = "special_bid_set"
    #: A blind bid (of the item's ``count``) made under ``blind_bid_points``: those points, in
    #: place of every other contract line (skullwink's blind 6 for 100).
    BLIND_BID_MADE = "blind_bid_made"
    #: A blind bid set under ``blind_bid_points``: as many points lost.
    BLIND_BID_SET = "blind_bid_set"

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
        if kind in _FLAT_KINDS:  # '1 for 50 made +50', 'blind 6 set -100'
            made = "set" if kind in _SET_KINDS else "made"
            if kind in _SPECIAL_KINDS:
                return f"{self.count} for {abs(self.points)} {made} {sign}"
            return f"blind {self.count} {made} {sign}"
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
        theirs = f"{self.team}'s {reneges[2:] if self.count == 1 else reneges}"
        if kind is ItemKind.RENEGE_BID_CREDITED:
            return f"bid credited for {theirs} {sign}"
        return f"points of {theirs} {sign}"


#: The items that charge the team's bag penalties, and the lines that say a contract was set.
_PENALTY_KINDS = frozenset((ItemKind.BAG_PENALTY, ItemKind.BAG_BACK_GIVEN))
_SET_KINDS = frozenset(
    (
        ItemKind.CONTRACT_SET,
        ItemKind.BIG_BID_SET,
        ItemKind.RENEGE_SET,
        ItemKind.SPECIAL_BID_SET,
        ItemKind.BLIND_BID_SET,
    )
)
#: The lines of cutthroat's special bids, and those with the blind bid's flat score.
_SPECIAL_KINDS = frozenset((ItemKind.SPECIAL_BID_MADE, ItemKind.SPECIAL_BID_SET))
_FLAT_KINDS = _SPECIAL_KINDS | {ItemKind.BLIND_BID_MADE, ItemKind.BLIND_BID_SET}
#: The lines of the renege penalties (``renege_penalty``); those that move tricks.
_RENEGE_KINDS = frozenset(
    (
        ItemKind.RENEGE_TRICKS_GIVEN,
        ItemKind.RENEGE_TRICKS_RECEIVED,
        ItemKind.RENEGE_SET,
        ItemKind.RENEGE_POINTS_GIVEN,
        ItemKind.RENEGE_POINTS_RECEIVED,
        ItemKind.RENEGE_BID_CREDITED,
    )
)
_MOVED_KINDS = frozenset((ItemKind.RENEGE_TRICKS_GIVEN, ItemKind.RENEGE_TRICKS_RECEIVED))
#: The contract lines.
_CONTRACT_KINDS = _SET_KINDS | frozenset(
    (
        ItemKind.CONTRACT_MADE,
        ItemKind.BIG_BID_MADE,
        ItemKind.MOON,
        ItemKind.RENEGE_BID_CREDITED,
        ItemKind.SPECIAL_BID_MADE,
        ItemKind.BLIND_BID_MADE,
    )
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
    def total(self) -> int:
        """The team's game total after the hand, the number the repr prints as ``total``: the
        total before it (:attr:`score_before`) plus every item's points (the same as
        :attr:`score_after`; a record's written score calls it ``total`` too)."""
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
        if any(item.kind is ItemKind.RENEGE_BID_CREDITED for item in self.items):
            return True
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
            same = b1 and b2 and 0 < b1.tricks == b2.tricks == self.contract  # counted once
            pair = f"{b1} for the team" if same else f"{s1} {b1}, {s2} {b2}"  # blind_bid_by team
            head = f"{self.team} bid {self.contract} ({pair}), took {took}"
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

    _repr_svg_ = hand_score_image


# -- the end of the game ------------------------------------------------------------------------


class EndReason(enum.Enum):
    """Why a game ended."""

    #: A team reached the target score.
    TARGET = "target"
    #: A team fell to the losing score.
    FLOOR = "floor"
    #: The cap on the number of hands was reached.
    CAP = "cap"
    #: A side bid and made :attr:`~spades.rules.RuleSet.winning_bid` or more, whatever the totals.
    WINNING_BID = "winning_bid"
    #: A side was set for the :attr:`~spades.rules.RuleSet.sets_to_lose`-th time, and lost.
    SETS = "sets"
    #: A side took fewer than :attr:`~spades.rules.RuleSet.first_hand_min_tricks` tricks in the
    #: first hand, and lost.
    FIRST_HAND = "first_hand"
    #: A side was set in :attr:`~spades.rules.RuleSet.consecutive_sets_to_lose` hands in a row,
    #: and lost.
    CONSECUTIVE_SETS = "consecutive_sets"

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
    #: The side a hand's own fact named, when one ended the game (:attr:`EndReason.WINNING_BID`:
    #: the side that made the bid; :attr:`EndReason.SETS`, :attr:`EndReason.CONSECUTIVE_SETS`
    #: and :attr:`EndReason.FIRST_HAND`: the side that lost); None for the other reasons.
    by: Side | None = None
    #: That rule's number (the winning bid, the sets that lose, the hands in a row, the first
    #: hand's least tricks); None for the other reasons.
    count: int | None = None

    @property
    def sides(self) -> tuple[Side, ...]:
        """The sides of :attr:`scores`, in order: the teams, or the seats in play."""
        return sides(self.partnerships, len(self.scores))

    @property
    def shared(self) -> bool:
        """Whether the result is shared (no winner)."""
        return self.winner is None

    def to_data(self) -> dict[str, Any]:
        """The result as JSON-ready data, as reports and views give it; ``by`` and ``count``
        only when a hand's own fact ended the game (:attr:`by`)."""
        return {
            "winner": None if self.winner is None else self.winner.name,
            "reason": self.reason.value,
            "scores": side_data(self.scores, self.sides),
            "hands_played": self.hands_played,
            # (the side and the rule's number only when a hand's own fact ended the game)
            **({} if self.by is None else {"by": self.by.name, "count": self.count}),
            "text": str(self),
        }

    def __str__(self) -> str:
        why = {
            EndReason.TARGET: "reached the target",
            EndReason.FLOOR: "the losing score was reached",
            EndReason.CAP: self._cap_text(),
        }.get(self.reason) or self._fact_text()
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

    _repr_svg_ = result_image

    def _fact_text(self) -> str:
        """Why a hand's own fact ended the game, for :meth:`__str__`."""
        side, count = self.by, self.count or 0
        were = "were" if self.partnerships else "was"
        if self.reason is EndReason.WINNING_BID:
            return f"{side} bid {count} or more and made it"
        if self.reason is EndReason.SETS:
            return f"{side} {were} set {times(count)}"
        if self.reason is EndReason.CONSECUTIVE_SETS:
            return f"{side} {were} set in {plural(count, 'hand')} in a row"
        return f"{side} took fewer than {plural(count, 'trick')} in the first hand"

    def _cap_text(self) -> str:
        cap = self.hands_played if self.cap is None else self.cap
        if self.hands_played > cap:
            return f"past the cap of {plural(cap, 'hand')}"
        return f"the cap of {plural(cap, 'hand')} was reached"


def game_result(
    table: Table, scores: Sequence[int], hands_played: int, facts: Sequence[Fact] = ()
) -> GameResult | None:
    """The result of a game at totals ``scores`` (by side) after ``hands_played`` hands whose
    last hand had the outright ``facts`` (:func:`spades._kernel.end.hand_facts`), as the kernel
    decides it (:func:`spades._kernel.end.game_end`); None while it goes on."""
    end = game_end(table, scores, hands_played, facts)
    if end is None:
        return None
    rules = table.rules
    winner, why = end
    # The fact that decided it: the winner's own (a shared win: the first), or the first loss.
    fact = next(
        (f for f in facts if f[2] == why and (f[1] == LOSES or winner in (f[0], SHARED))), None
    )
    return GameResult(
        winner=None if winner == SHARED else rules.sides[winner],
        reason=_END_REASONS[why],
        scores=tuple(scores),
        hands_played=hands_played,
        cap=rules.max_hands if why == END_CAP else None,
        partnerships=rules.partnerships,
        by=None if fact is None else rules.sides[fact[0]],
        count=None if fact is None else fact[3],
    )


_END_REASONS = {
    END_TARGET: EndReason.TARGET,
    END_FLOOR: EndReason.FLOOR,
    END_CAP: EndReason.CAP,
    END_WINNING_BID: EndReason.WINNING_BID,
    END_SETS: EndReason.SETS,
    END_FIRST_HAND: EndReason.FIRST_HAND,
    END_CONSECUTIVE_SETS: EndReason.CONSECUTIVE_SETS,
}
