"""Written scores against the rules': what differs, and where the two part.

For :func:`~spades.records.verify`: a table's written points, running total and bags for a
side (a team, or a player who plays alone under ``partnerships`` false) are compared with the
rules' itemised score, and the first item where they part is named, with the reading (one option
changed, or another preset) that gives the written score when one does.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import attrs

from .._text import and_text
from ..actions import Bid
from ..errors import RuleSetError
from ..rules import OPTION_KINDS, OPTION_NAMES, PRESETS, RuleSet, ScoreDisplay
from ..score import HandScore, ScoreItem
from ..scoring import score_hand
from ..seats import Side, Team
from ..standing import Standing
from .checks import WrittenScore

__all__ = ["CAUSES", "Mismatch", "WrittenAfter", "WrittenScores", "written_after"]

#: What a written score that differs may be found to be, as :attr:`Mismatch.cause` names it:
#: the hand's points added wrongly to the total before them (``addition_slip``); a total off
#: only because an earlier one was (``total_carried``); an item of the rules' score left out
#: (``item_left_out``) or counted the other way (``item_reversed``); several items together left
#: out (``items_left_out``) or counted the other way (``items_reversed``); the score stopped
#: before an item (``stops_early``); what another reading of the rules gives
#: (``other_reading``); and nothing of these (``unexplained``).
CAUSES = (
    "addition_slip",
    "total_carried",
    "item_left_out",
    "item_reversed",
    "items_left_out",
    "items_reversed",
    "stops_early",
    "other_reading",
    "unexplained",
)


@attrs.frozen(kw_only=True)
class Mismatch:
    """A side's written score that differs from the rules'."""

    #: The side whose written score differs: a team, or the seat of a player who plays alone.
    team: Side
    #: What was written and what the rules give, in a sentence or two.
    message: str
    #: The first item where the written score and the rules part, when one can be named.
    parted_at: str | None
    #: What the sentences say went wrong, for a program (:data:`CAUSES`); None when nothing
    #: can be named.
    cause: str | None = None

    def details(self, score: HandScore) -> dict[str, Any]:
        """What a :class:`~spades.records.Problem` of this mismatch carries besides its
        sentence, with ``score``, the rules' score of the hand: the side, the rules' itemised
        computation, where the two part and the cause."""
        return {
            "team": self.team,
            "explanation": score[self.team].explain(),
            "parted_at": self.parted_at,
            "cause": self.cause,
        }


@attrs.define
class WrittenScores:
    """Compares the scores a table wrote with the rules', hand after hand.

    It remembers each side's last written running total and how far it was off, so that a total
    that is wrong only because an earlier one was is said to be so.
    """

    #: The rules the written scores are compared with.
    rules: RuleSet
    #: Per side: how far the written running total is off, and since which hand.
    total_off: list[tuple[int, int]] = attrs.field(
        default=attrs.Factory(lambda self: [(0, 0)] * len(self.rules.sides), takes_self=True)
    )
    #: Per side (NS, EW; or N, E, S, W): the last running total written; None before any.
    last_written_total: list[int | None] = attrs.field(
        default=attrs.Factory(lambda self: [None] * len(self.rules.sides), takes_self=True)
    )
    #: The other readings of the rules (``_alternatives``) made so far, kept for the next
    #: written score that differs, and the rest still to make.
    readings: list[tuple[str, RuleSet]] = attrs.field(factory=list, init=False)
    unread: Iterator[tuple[str, RuleSet]] | None = attrs.field(default=None, init=False)

    def rebase(self, totals: Sequence[int]) -> None:
        """The standing is taken from these written ``totals`` (after a hand the rules could not
        score): each side's written total is then right, by definition, from here on."""
        for index, total in enumerate(totals):
            self.total_off[index] = (0, 0)
            self.last_written_total[index] = total

    def other_readings(self) -> Iterator[tuple[str, RuleSet]]:
        """The other readings a table may have scored by, in ``_alternatives``' order, each
        made once for the whole game."""
        if self.unread is None:
            self.unread = _alternatives(self.rules)
        index = 0
        while True:
            if index == len(self.readings):
                reading = next(self.unread, None)
                if reading is None:
                    return
                self.readings.append(reading)
            yield self.readings[index]
            index += 1

    def compare(
        self,
        number: int,
        bids: Sequence[Bid] | None,
        tricks: Sequence[int],
        score: HandScore,
        written: tuple[WrittenScore | None, ...],
        before: Standing,
        *,
        reneges: tuple[int, ...] | None = None,
    ) -> list[Mismatch]:
        """Each written score of hand ``number`` that differs from ``score``, the rules' (with
        each side's ``reneges`` counted, NS and EW, or N, E, S and W when every player plays
        alone, as the rules' ``renege_penalty`` says; None for none). ``bids`` None: a hand
        played without bids (``first_hand_trick_points``)."""
        found = []
        for index, team in enumerate(self.rules.sides):
            mine = score[team]
            w = written[index]
            if w is None:
                continue
            off_points = w.points is not None and w.points != mine.points
            off_total = w.total is not None and w.total != mine.score_after
            off_bags = w.bags is not None and w.bags != mine.bags_after
            previous_total = self.last_written_total[index]
            off_before, since = self.total_off[index]
            if w.total is not None:
                self.last_written_total[index] = w.total
                off = w.total - mine.score_after
                self.total_off[index] = (off, since if off == off_before and off else number)
            if not (off_points or off_total or off_bags):
                continue
            rules_give = _score_text(  # the rules' numbers for what was written
                None if w.points is None else mine.points,
                None if w.total is None else mine.score_after,
                None if w.bags is None else mine.bags_after,
            )
            message = (
                f"{team} wrote {_score_text(w.points, w.total, w.bags)}; the rules give "
                f"{rules_give}."
            )
            written_points = w.points
            basis = previous_total if previous_total is not None else mine.score_before
            cause = None
            if written_points is None and w.total is not None:
                written_points = w.total - basis
            elif (
                written_points is not None
                and w.total is not None
                and basis + written_points != w.total
            ):
                message += " " + _slip_text(number, basis, written_points, w.total, previous_total)
                cause = "addition_slip"
            if off_total and not off_points and w.total is not None and cause is None:
                off = w.total - mine.score_after
                if (
                    off == off_before
                    and previous_total is not None
                    and written_points == mine.points
                ):
                    message += (
                        f" The running total has been {off:+d} off since hand {since}; this "
                        "hand's points were added correctly."
                    )
                    written_points = None
                    cause = "total_carried"
            theirs = written[team.other] if isinstance(team, Team) else None
            parted = _parted_at(
                self.other_readings(),
                score,
                team,
                bids,
                tricks,
                before,
                written_points,
                w.bags if off_bags else None,
                None if theirs is None else theirs.points,
                reneges,
            )
            if parted is not None:
                cause, parted_text = parted
            else:
                parted_text = None
            found.append(Mismatch(team=team, message=message, parted_at=parted_text, cause=cause))
        return found


@attrs.frozen(kw_only=True)
class WrittenAfter:
    """Each side's total and bags after a hand, as the table wrote them: what the check of later
    hands starts from when the rules cannot score the hand."""

    #: The totals by side, as written (or the total before plus the points written).
    scores: tuple[int, ...]
    #: The bags by side, as written; where none were written, the bags before the hand.
    bags: tuple[int, ...]
    #: The sides whose bags were not written, kept from before the hand.
    bags_kept: tuple[Side, ...]


def written_after(
    rules: RuleSet, written: Sequence[WrittenScore | None], before: Standing | None
) -> WrittenAfter | None:
    """The standing after a hand as ``written`` for it says it (:class:`WrittenAfter`): each
    side's total, or, with ``before`` (the standing before the hand, None when it is not known),
    its total before plus the points written; its bags as written, else as before. None when a
    side has neither a total nor (with ``before``) its points written."""
    scores = []
    bags = []
    kept: list[Side] = []
    for index, side in enumerate(rules.sides):
        score = written[index] if index < len(written) else None
        if score is not None and score.total is not None:
            scores.append(score.total)
        elif score is not None and score.points is not None and before is not None:
            scores.append(before.scores[index] + score.points)
        else:
            return None
        if score.bags is not None:
            bags.append(score.bags)
        else:
            bags.append(0 if before is None else before.bags[index])
            kept.append(side)
    return WrittenAfter(scores=tuple(scores), bags=tuple(bags), bags_kept=tuple(kept))


def _slip_text(number: int, basis: int, points: int, written: int, previous: int | None) -> str:
    """An addition slip as arithmetic: ``Hand 5's total should be 230 + 70 = 300 (the last
    total written plus the hand's points); written 310, an addition slip of +10.``"""
    before = "the last total written" if previous is not None else "the total before it"
    return (
        f"Hand {number}'s total should be {basis} {_plus(points)} = {basis + points} ({before} "
        f"plus the hand's points); written {written}, an addition slip of "
        f"{written - basis - points:+d}."
    )


def _plus(number: int) -> str:
    """``+ 70`` or ``- 40``: a number added in a sum as written."""
    return f"+ {number}" if number >= 0 else f"- {-number}"


def _score_text(points: int | None, total: int | None, bags: int | None) -> str:
    """``+40 for the hand, a total of 240 and 3 bags``, each part only when it is given."""
    parts = []
    if points is not None:
        parts.append(f"{points:+d} for the hand")
    if total is not None:
        parts.append(f"a total of {total}")
    if bags is not None:
        parts.append(f"{bags} {'bag' if bags == 1 else 'bags'}")
    return and_text(parts)


_SEPARATE = ScoreDisplay.SEPARATE_BAGS


def _alternatives(rules: RuleSet) -> Iterator[tuple[str, RuleSet]]:
    """Other readings a table may have scored by: each single option changed, then each preset.

    ``score_display`` changes no score, so it is no reading, and it is set back to
    ``separate_bags`` in each reading: a ones-digit display refuses scoring options (a reset of
    the bags, say) that are still how a table may have scored. Nor is ``partnerships``, which
    changes who scores together, not how a side is scored: only rules with the same sides are
    readings."""
    for name in OPTION_NAMES:
        if name in ("score_display", "partnerships"):
            continue
        kind = OPTION_KINDS[name]
        current = getattr(rules, name)
        values: list[Any]
        if kind is bool:
            values = [not current]
        elif isinstance(current, enum.Enum):
            values = [member for member in type(current) if member is not current]
        else:
            continue
        for value in values:
            try:
                yield (
                    f"{name}={value if not isinstance(value, bool) else str(value).lower()}",
                    rules.evolve(**{name: value, "score_display": _SEPARATE}),
                )
            except RuleSetError:
                continue
    for preset in PRESETS:
        if preset.rules != rules and preset.rules.sides == rules.sides:
            yield f"the {preset.name} rules", preset.rules


def _parted_at(
    readings: Iterator[tuple[str, RuleSet]],
    score: HandScore,
    team: Side,
    bids: Sequence[Bid] | None,
    tricks: Sequence[int],
    before: Standing,
    written_points: int | None,
    written_bags: int | None,
    other_points: int | None = None,
    reneges: tuple[int, ...] | None = None,
) -> tuple[str, str] | None:
    """The first item where a written score and the rules' itemisation part, in a sentence, with
    its cause (:data:`CAUSES`); ``readings`` are the other readings of the rules to try, in order.

    ``other_points`` are the points the other team wrote for the hand, if it did: a reading that
    changes the other team's points too (``bag_back``) must then give what it wrote. (A player
    who plays alone has no other team: ``other_points`` is None.)
    """
    mine = score[team]
    items = mine.items
    points_off = written_points is not None and written_points != mine.points
    bags_off = written_bags is not None and written_bags != mine.bags_after
    if not points_off and not bags_off:
        return None
    reading = None
    for name, alt_rules in readings:
        try:
            both = score_hand(
                alt_rules, bids, tricks, scores=before.scores, bags=before.bags, reneges=reneges
            )
        except (RuleSetError, ValueError):  # pragma: no cover - the same bids scored already
            continue
        alt = both[team]
        if (
            other_points is not None
            and isinstance(team, Team)
            and both[team.other].points not in (score[team.other].points, other_points)
        ):
            continue
        if (written_points is None or alt.points == written_points) and (
            written_bags is None or alt.bags_after == written_bags
        ):
            reading = name, alt
            break
    if points_off:
        assert written_points is not None
        for item in items:
            if mine.points - item.points == written_points:
                text = f"They part at '{item.text}': the written score leaves it out"
                return "item_left_out", text + (f", as {reading[0]} would." if reading else ".")
            if item.points and mine.points - 2 * item.points == written_points:
                return (
                    "item_reversed",
                    f"They part at '{item.text}': the written score counts it as "
                    f"{-item.points:+d}.",
                )
    if reading is not None:
        name, alt = reading
        for position in range(max(len(items), len(alt.items))):
            ours = items[position].text if position < len(items) else None
            theirs = alt.items[position].text if position < len(alt.items) else None
            if ours != theirs:
                break
        else:  # the items agree; only the bag count differs
            return (
                "other_reading",
                f"They part at the bag count: the written {written_bags} is what {name} gives "
                f"({alt.bags_after} {'bag' if alt.bags_after == 1 else 'bags'} after the hand).",
            )
        if ours is None:
            where = f"after '{items[-1].text}'" if items else "the first item"
            return (
                "other_reading",
                f"They part {where}: with {name} there is also '{theirs}', "
                "which gives the written score.",
            )
        if theirs is None:
            return (
                "other_reading",
                f"They part at '{ours}': with {name} there is no such item, "
                "which gives the written score.",
            )
        return (
            "other_reading",
            f"They part at '{ours}': with {name} it is '{theirs}', which gives the written score.",
        )
    if points_off:
        assert written_points is not None
        running = 0
        for position, item in enumerate(items):
            if running == written_points and position:
                return (
                    "stops_early",
                    f"They part at '{item.text}': the written score stops before it.",
                )
            running += item.points
        return _items_together(items, written_points - mine.points)
    return None


#: The most items of a side's score searched for a set that explains a difference together
#: (every subset of them is tried: 2**12 at most).
_MOST_ITEMS_SEARCHED = 12


def _items_together(items: Sequence[ScoreItem], difference: int) -> tuple[str, str]:
    """Which items of the rules' score, together, a written score that is ``difference`` off
    leaves out or counts the other way (the fewest that do, the first such set in the items'
    order); or, when no set of them does, that none does. (One item alone is tried first, by
    :func:`_parted_at`.)"""
    scoring = [item for item in items if item.points][:_MOST_ITEMS_SEARCHED]
    for size in range(2, len(scoring) + 1):
        for chosen in combinations(scoring, size):
            total = sum(item.points for item in chosen)
            if total == 0:
                continue
            names = and_text([f"'{item.text}'" for item in chosen])
            if -total == difference:
                return (
                    "items_left_out",
                    f"Together, {names} explain the difference of {difference:+d}: the written "
                    "score leaves them out.",
                )
            if -2 * total == difference:
                return (
                    "items_reversed",
                    f"Together, {names} explain the difference of {difference:+d}: the written "
                    "score counts each of them the other way.",
                )
    return (
        "unexplained",
        f"No item of the rules' score, alone or with others, explains the difference of "
        f"{difference:+d}: leaving items out or counting them the other way does not give the "
        "written score.",
    )
