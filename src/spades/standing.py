"""Where a game stands between hands: the dealer, the hand number, and the totals by side.

:func:`side_values` is the one place where values given by side (scores, bag counts) are read, so
:class:`Standing`, :func:`~spades.engine.new_game`, :func:`~spades.scoring.score_hand`, records
and the command line refuse the same bad values with the same sentence. ``display_score`` is
the one place where a team's total is written for people, as the rules' ``score_display`` says.
(It lives here rather than in :mod:`spades.scoring`, which imports the state, so that the
state's own table text can use it.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ._text import MAX_INT, exact_int, plural, quote, times, whole_number_problem
from .errors import SpadesError, StandingError
from .rules import RuleSet, ScoreDisplay, as_ruleset
from .seats import Seat, Side, Team, sides

__all__ = ["Standing", "display_score", "side_values"]

#: The rules :func:`team_pair` reads a pair by.
_PARTNERSHIPS = RuleSet()


def team_pair(
    values: Sequence[int] | Mapping[str | Side, int],
    field: str,
    *,
    minimum: int | None = None,
) -> tuple[int, int]:
    """Two whole numbers, NS then EW, from a pair or a mapping by team (``{'NS': 120, 'EW': 80}``):
    :func:`side_values` under partnership rules."""
    pair = side_values(values, field, minimum=minimum, rules=_PARTNERSHIPS)
    return (pair[0], pair[1])


def side_values(
    values: Sequence[int] | Mapping[str | Side, int],
    field: str,
    *,
    minimum: int | None = None,
    rules: RuleSet | None = None,
) -> tuple[int, ...]:
    """Whole numbers by side, from a sequence in side order or a mapping by side: NS then EW
    (``{'NS': 120, 'EW': 80}``) in partnerships, N, E, S, W (``{'N': 60, ...}``) when every
    player plays alone. ``rules`` says which; without them either is read, by its length or its
    keys (a :class:`Standing` is given before its rules are known).

    The one place where scores, bag counts and reneges given by side are read: :class:`Standing`,
    :func:`~spades.engine.new_game`, :func:`~spades.scoring.score_hand`, records and the command
    line all refuse the same bad values with the same :class:`~spades.errors.StandingError`.
    """
    partnerships = None if rules is None else rules.partnerships
    values_list: list[object]
    if isinstance(values, Mapping):
        if len(values) > 4:  # before reading the keys: a mapping may be very long
            raise StandingError(
                f"{field} must give {_names(rules.sides if rules is not None else sides(True))} "
                f"once each, not {len(values)} values.",
                field=field,
            )
        try:
            by_side = {_side_key(key, rules): value for key, value in values.items()}
        except SpadesError as error:
            raise StandingError(error.message, field=field) from None
        kinds = {isinstance(side, Team) for side in by_side}
        if partnerships is not None:
            order = rules.sides  # type: ignore[union-attr]
        elif kinds != {False}:
            order = sides(True)
        else:
            order = sides(False, len(by_side) if len(by_side) in (3, 4) else 4)
        if len(kinds) > 1 or set(by_side) != set(order) or len(values) != len(order):
            raise StandingError(
                f"{field} must give {_names(order)} once each, not {_keys_text(values)}.",
                field=field,
            )
        values_list = [by_side[side] for side in order]
    elif isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise StandingError(
            f"{field} must be {_counts_text(rules)}, not {quote(values)}.", field=field
        )
    else:
        counts = (2, 3, 4) if rules is None else (len(rules.sides),)
        if len(values) not in counts:  # before reading them: a sequence may be very long
            raise StandingError(
                f"{field} must be {_counts_text(rules)}, not {len(values)}.",
                field=field,
            )
        values_list = list(values)
        order = rules.sides if rules is not None else sides(len(values_list) == 2, len(values_list))
    for side, value in zip(order, values_list):
        problem = whole_number_problem(value) or whole_number_problem(value, minimum=minimum)
        if problem is not None:
            raise StandingError(f"{side}'s {_singular(field)} {problem}.", field=field)
    return tuple(values_list)  # type: ignore[arg-type]


def _side_key(key: object, rules: RuleSet | None) -> Side:
    if rules is not None:
        return rules.side(key)  # type: ignore[arg-type]
    if isinstance(key, (Team, Seat)):
        return key
    try:
        return Team.of(key)  # type: ignore[arg-type]
    except SpadesError as error:
        not_a_team = error  # the sentence for a key that is neither: most standings are by team
    try:
        return Seat.of(key)  # type: ignore[arg-type]
    except SpadesError:
        raise not_a_team from None


def _names(order: tuple[Side, ...]) -> str:
    names = [str(side) for side in order]
    return " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _counts_text(rules: RuleSet | None) -> str:
    if rules is None:
        return (
            "two whole numbers (NS, EW), or one for each player (N, E, S, W; or N, E, S) when "
            "every player plays alone"
        )
    if rules.partnerships:
        return "two whole numbers (NS, EW)"
    count = ("zero", "one", "two", "three", "four")[rules.players]
    names = ", ".join(seat.name for seat in rules.seats)
    return f"{count} whole numbers ({names}), one per player, since every player plays alone"


def display_score(rules: RuleSet | str, score: int, bags: int) -> str:
    """A team's running score as people read it under the rules' ``score_display``: the one
    place where the score sheet, the table and the command line write a total.

    ``score`` is the total as the engine keeps it, each bag already counted as a point, and
    ``bags`` the bag count; ``rules`` is a :class:`~spades.rules.RuleSet` or a preset's name.
    The *tens* of a score are the score less its bags: -47 with 3 bags is "the tens -50 and 3
    bags". Only the text depends on ``score_display``; nothing is scored differently.

    - ``separate_bags``: the score and the bag count apart, ``-47 (3 bags)``.
    - ``ones_digit``: the score itself, whose ones digit counts the bags up from the tens below
      it: ``53``, ``3``, ``-7`` (the tens -10 and 3 bags), ``-47``.
    - ``ones_digit_signed``: the tens, then the bag count as the ones digit, away from zero; the
      same as ``ones_digit`` when the tens are 0 or more, and below them the tens less the bags,
      -(50 + 3): ``53``, ``3``, ``-13``, ``-53``. 0 bags change nothing: ``-50``. The hand's
      points still add up to the engine's totals, not the written ones: -53 and then +72 is
      ``25`` (-47 + 72 = 25 with 5 bags).

    >>> for display in ('separate_bags', 'ones_digit', 'ones_digit_signed'):
    ...     rules = RuleSet(score_display=display)
    ...     print(display, '|', ', '.join(display_score(rules, s, 3) for s in (53, 3, -7, -47)))
    separate_bags | 53 (3 bags), 3 (3 bags), -7 (3 bags), -47 (3 bags)
    ones_digit | 53, 3, -7, -47
    ones_digit_signed | 53, 3, -13, -53

    The ones-digit choices are accepted only by rules that keep every score's ones digit its bag
    count (see :class:`~spades.rules.ScoreDisplay`), so every total a game reaches from the start
    can be written so. A standing given by hand may not be: -50 with 3 bags (one number cannot
    show both), or 12 bags. Such a pair is written as under ``separate_bags``, rather than as one
    number that would misstate the bags, and rather than refused, so that a table or a sheet of a
    record whose start is wrong can still be shown:

    >>> display_score(RuleSet(score_display='ones_digit_signed'), -50, 3)
    '-50 (3 bags)'

    A score or a bag count that is not a whole number within 2**53 - 1 of 0 (or a bag count below
    0) is a
    :class:`~spades.errors.StandingError`; rules that are not rules, a
    :class:`~spades.errors.RuleSetError`.
    """
    rules = as_ruleset(rules)
    for field, value, minimum in (("scores", score, -MAX_INT), ("bags", bags, 0)):
        problem = whole_number_problem(value, minimum=minimum)
        if problem is not None:
            raise StandingError(f"A team's {_singular(field)} {problem}.", field=field)
    score, bags = exact_int(score) or 0, exact_int(bags) or 0
    display = rules.score_display
    tens = score - bags
    if display is ScoreDisplay.SEPARATE_BAGS or bags > 9 or tens % 10:
        return f"{score} ({plural(bags, 'bag')})"
    if display is ScoreDisplay.ONES_DIGIT_SIGNED and tens < 0:
        return str(tens - bags)
    return str(score)


def totals_text(rules: RuleSet, scores: Sequence[int]) -> str:
    """Totals by side for a sentence: ``120 to 80`` for two teams, ``N 120, E 80, S 60, W 0``
    when every player plays alone."""
    if len(scores) == 2:
        return f"{scores[0]} to {scores[1]}"
    return ", ".join(f"{side} {score}" for side, score in zip(rules.sides, scores))


def _singular(field: str) -> str:
    return {
        "scores": "score",
        "sets": "set count",
        "consecutive_sets": "count of sets in a row",
    }.get(field, field)


def _keys_text(values: Mapping[Any, Any]) -> str:
    return ", ".join(quote(key) for key in list(values)[:4]) or "nothing"


def _dealer(value: Seat | str) -> Seat:
    try:
        return Seat.of(value)
    except SpadesError as error:
        raise StandingError(f"dealer: {error.message}", field="dealer") from None


def _scores(value: Sequence[int] | Mapping[str | Side, int]) -> tuple[int, ...]:
    return side_values(value, "scores")


def _bags(value: Sequence[int] | Mapping[str | Side, int]) -> tuple[int, ...]:
    return side_values(value, "bags", minimum=0)


def _sets(value: Sequence[int] | Mapping[str | Side, int]) -> tuple[int, ...]:
    return side_values(value, "sets", minimum=0)


def _consecutive_sets(value: Sequence[int] | Mapping[str | Side, int]) -> tuple[int, ...]:
    return side_values(value, "consecutive_sets", minimum=0)


def _hand_number(value: object) -> int:
    problem = whole_number_problem(value, minimum=1)
    if problem is not None:
        raise StandingError(f"hand_number {problem}.", field="hand_number")
    return value  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class Standing:
    """Where a game stands between hands: who deals hand ``hand_number``, and the totals so far.

    Seats and teams may be given as text (``dealer='W'``, ``scores={'NS': 120, 'EW': 80}``);
    anything that is not a standing at all is a :class:`~spades.errors.StandingError`. Whether
    the rules can reach it (bags under the threshold, the game not already over) is checked by
    :func:`~spades.engine.new_game`.
    """

    #: The seat that deals hand ``hand_number``.
    dealer: Seat = attrs.field(default=Seat.N, converter=_dealer)
    #: The number of the next hand to be dealt (1 for a new game).
    hand_number: int = attrs.field(default=1, converter=_hand_number)
    #: The totals by side before hand ``hand_number``: (NS, EW), or (N, E, S, W) when every
    #: player plays alone.
    scores: tuple[int, ...] = attrs.field(default=(0, 0), converter=_scores)
    #: The bag counts by side before hand ``hand_number``, in the same order.
    bags: tuple[int, ...] = attrs.field(default=(0, 0), converter=_bags)
    #: How many times each side has been set in the game before hand ``hand_number``, in the
    #: same order (what :attr:`~spades.rules.RuleSet.sets_to_lose` counts); 0 each by default.
    sets: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda self: (0,) * len(self.scores), takes_self=True),
        converter=_sets,
    )
    #: How many hands in a row, the last before hand ``hand_number``, each side has been set, in
    #: the same order (what :attr:`~spades.rules.RuleSet.consecutive_sets_to_lose` counts); 0
    #: each by default. No more than :attr:`sets`.
    consecutive_sets: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda self: (0,) * len(self.scores), takes_self=True),
        converter=_consecutive_sets,
    )

    def __attrs_post_init__(self) -> None:
        if len(self.scores) != len(self.bags):
            raise StandingError(
                f"scores and bags must be given for the same sides, not {len(self.scores)} "
                f"scores and {len(self.bags)} bag counts.",
                field="bags",
            )
        if len(self.sets) != len(self.scores):
            raise StandingError(
                f"scores and sets must be given for the same sides, not {len(self.scores)} "
                f"scores and {len(self.sets)} set counts.",
                field="sets",
            )
        if len(self.consecutive_sets) != len(self.scores):
            raise StandingError(
                f"scores and consecutive_sets must be given for the same sides, not "
                f"{len(self.scores)} scores and {len(self.consecutive_sets)} counts of sets in "
                f"a row.",
                field="consecutive_sets",
            )
        for run, count in zip(self.consecutive_sets, self.sets):
            if run > count:
                raise StandingError(
                    f"consecutive_sets cannot be more than sets: a side set {times(count)} in "
                    f"the game cannot have been set in {plural(run, 'hand')} in a row.",
                    field="consecutive_sets",
                )


def trusted_standing(
    dealer: Seat,
    hand_number: int,
    scores: Sequence[int],
    bags: Sequence[int],
    sets: Sequence[int] | None = None,
    consecutive_sets: Sequence[int] | None = None,
) -> Standing:
    """A :class:`Standing` of values the engine reached, built without checking them again
    (totals that absurd rule values carry past what a user may give stay readable)."""
    standing = object.__new__(Standing)
    object.__setattr__(standing, "dealer", dealer)
    object.__setattr__(standing, "hand_number", hand_number)
    object.__setattr__(standing, "scores", tuple(scores))
    object.__setattr__(standing, "bags", tuple(bags))
    object.__setattr__(standing, "sets", (0,) * len(scores) if sets is None else tuple(sets))
    runs = (0,) * len(scores) if consecutive_sets is None else tuple(consecutive_sets)
    object.__setattr__(standing, "consecutive_sets", runs)
    return standing
