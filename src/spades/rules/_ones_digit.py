"""Why rules cannot keep the ones digit of every score equal to the bag count, for a
``score_display`` that writes the bags as that digit (``ones_digit``, ``ones_digit_signed``): the
conditions :mod:`spades.rules.constraints` refuses with ``score_display`` at fault.

A score moves by the bags' points (1 each) and by points that are multiples of 10, and the bag
count stays from 0 to 9, losing exactly 10 bags with each penalty: then a score minus its bags is
always a multiple of 10, from any start where it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .options import BagRemainder, FailedNilTricks, RenegePenalty

__all__ = ["TENS", "ones_digit_problems"]

#: A condition on a rule set (its options by name), and what the display then needs, as words.
Problem = tuple[Callable[[Any], bool], Callable[[Any], str]]

#: The options whose points a ones-digit ``score_display`` needs in multiples of 10: every point
#: a score can move by but the bags'.
TENS = (
    "points_per_bid_trick",
    "set_penalty_per_trick",
    "nil_bonus",
    "nil_penalty",
    "blind_nil_bonus",
    "blind_nil_penalty",
    "big_bid_points",
    "big_bid_penalty",
    "one_bid_points",
    "two_bid_points",
    "blind_bid_points",
    "moon_points",
    "first_hand_trick_points",
    "bag_penalty",
)


def ones_digit_problems() -> list[Problem]:
    """Each condition under which the ones digit cannot be the bag count, with the words that
    finish the sentence "score_display ONES_DIGIT ..."."""
    return [
        (
            lambda r: r.points_per_bag != 1,
            lambda r: (
                f"needs points_per_bag 1, not {r.points_per_bag}: the ones digit of a score is "
                "its bag count only when each bag adds exactly 1 point"
            ),
        ),
        (
            lambda r: r.bag_threshold != 10,
            lambda r: (
                f"needs bag_threshold 10, not {r.bag_threshold}: a ones digit counts 0 to 9 "
                "bags, and each penalty must take 10 of them away"
            ),
        ),
        (
            lambda r: r.bag_remainder is BagRemainder.RESET,
            _words(
                "needs bag_remainder carry: a reset drops the bags over 10 but keeps their points"
            ),
        ),
        (
            lambda r: bool(r.bag_penalty_once_per_hand),
            _words(
                "cannot go with bag_penalty_once_per_hand, which can leave 10 bags or more, too "
                "many for a ones digit"
            ),
        ),
        (
            lambda r: r.failed_nil_tricks is FailedNilTricks.BAGS_WITHOUT_POINTS,
            _words(
                "cannot go with failed_nil_tricks bags_without_points: a bag worth no point "
                "does not show in the ones digit"
            ),
        ),
        (
            lambda r: not r.big_bid_overtricks_score,
            _words(
                "needs big_bid_overtricks_score True: the bags of a made big bid must add their "
                "point to the ones digit"
            ),
        ),
        (
            lambda r: r.renege_penalty is RenegePenalty.POINTS,
            _words(
                "cannot go with renege_penalty points, which moves a hand's points, its bags' "
                "included, to the other team without the bags"
            ),
        ),
        *(_tens(name) for name in TENS),
    ]


def _words(text: str) -> Callable[[Any], str]:
    return lambda rules: text


def _tens(name: str) -> tuple[Callable[[Any], bool], Callable[[Any], str]]:
    return (
        lambda r: getattr(r, name) is not None and getattr(r, name) % 10 != 0,
        lambda r: (
            f"needs {name} to be a multiple of 10, not {getattr(r, name)}: only the bags may move "
            "the ones digit"
        ),
    )
