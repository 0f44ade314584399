"""The statistics of a match: estimates with their 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

__all__ = ["Z95", "Estimate", "percentile", "ratio_interval", "wilson_interval"]

#: The normal quantile of a two-sided 95% interval, ``statistics.NormalDist().inv_cdf(0.975)``
#: (written out: the statistics module costs more to import than all of the arena).
Z95 = 1.9599639845400536


@attrs.frozen(kw_only=True)
class Estimate:
    """A value with its 95% interval; ``low`` and ``high`` are None when there is too little data
    for one."""

    #: The estimate itself.
    value: float
    #: The low end of the 95% interval; None without one.
    low: float | None
    #: The high end of the 95% interval; None without one.
    high: float | None

    def to_dict(self) -> dict[str, float | None]:
        """The estimate as JSON-ready data."""
        return {"value": self.value, "low": self.low, "high": self.high}


def wilson_interval(successes: float, trials: int, *, z: float = Z95) -> Estimate:
    """The rate ``successes / trials`` with its Wilson score interval (95% by default).

    ``successes`` may be a half (a shared game counts half a win).

    >>> w = wilson_interval(7, 10)
    >>> round(w.value, 4), round(w.low, 4), round(w.high, 4)
    (0.7, 0.3968, 0.8922)
    """
    if trials <= 0:
        raise ValueError(f"A rate needs at least one trial, not {trials}.")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return Estimate(value=p, low=low, high=high)


def ratio_interval(totals: Sequence[float], counts: Sequence[float], *, z: float = Z95) -> Estimate:
    """The ratio ``sum(totals) / sum(counts)`` with a 95% interval that treats each cluster
    (``totals[j]`` over ``counts[j]`` units) as the independent unit.

    The ratio estimator's cluster (linearised) standard error: with ``R`` the ratio, ``n``
    clusters and residuals ``e_j = totals[j] - R * counts[j]``,
    ``se = sqrt(n / (n - 1) * sum(e_j**2)) / sum(counts)``, and the interval is ``R -+ z * se``
    (the normal quantile: the clusters of a match number in the tens or more). With fewer than two
    clusters there is no interval.

    >>> e = ratio_interval([10, -2, 6, 2], [2, 2, 2, 2])
    >>> e.value, round(e.low, 4), round(e.high, 4)
    (2.0, -0.5303, 4.5303)
    """
    if len(totals) != len(counts):
        raise ValueError("ratio_interval() takes as many totals as counts.")
    count = sum(counts)
    if count <= 0:
        raise ValueError(f"A ratio needs a positive count of units, not {count}.")
    ratio = sum(totals) / count
    n = len(totals)
    if n < 2:
        return Estimate(value=ratio, low=None, high=None)
    squares = sum((total - ratio * units) ** 2 for total, units in zip(totals, counts))
    se = math.sqrt(n / (n - 1) * squares) / count
    return Estimate(value=ratio, low=ratio - z * se, high=ratio + z * se)


def percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, interpolated linearly between ranks."""
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
