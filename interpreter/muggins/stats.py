"""The statistics of simulations, as plain functions of counts: intervals, tests, corrections,
effect sizes and distributions read from integer histograms.

Everything here is computed from the integers a `simulate.Tally` keeps, so the results depend
only on the games played, never on how they were spread over workers.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (Wilson 1927; Newcombe 1998, method 3)."""
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    denominator = 1 + Z95 ** 2 / trials
    centre = (p + Z95 ** 2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95 ** 2 / (4 * trials ** 2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion_difference(a: int, n: int, b: int, m: int) -> tuple[float, float, float]:
    """The difference `a/n - b/m` of two independent proportions with its 95% interval by
    Newcombe's hybrid score method (Newcombe 1998, method 10), built from the two Wilson intervals."""
    if n == 0 or m == 0:
        return 0.0, 0.0, 0.0
    p, q = a / n, b / m
    l1, u1 = wilson(a, n)
    l2, u2 = wilson(b, m)
    d = p - q
    return d, d - math.sqrt((p - l1) ** 2 + (u2 - q) ** 2), d + math.sqrt((u1 - p) ** 2 + (q - l2) ** 2)


def two_proportions(a: int, n: int, b: int, m: int) -> float:
    """Two-sided p-value that two proportions differ (pooled z-test)."""
    if n == 0 or m == 0:
        return 1.0
    pooled = (a + b) / (n + m)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    if se == 0:
        return 1.0 if a / n == b / m else 0.0
    return math.erfc(abs(a / n - b / m) / se / math.sqrt(2))


def two_means(mean_a: float, sd_a: float, n: int, mean_b: float, sd_b: float, m: int) -> float:
    """Two-sided p-value that two means differ (Welch's z approximation, fine for many games)."""
    if n < 2 or m < 2:
        return 1.0
    se = math.sqrt(sd_a ** 2 / n + sd_b ** 2 / m)
    if se == 0:
        return 1.0 if mean_a == mean_b else 0.0
    return math.erfc(abs(mean_a - mean_b) / se / math.sqrt(2))


def mean_difference(mean_a: float, sd_a: float, n: int, mean_b: float, sd_b: float, m: int) -> tuple[float, float, float]:
    """`mean_a - mean_b` with its 95% interval (Welch's standard error, normal quantile)."""
    d = mean_a - mean_b
    if n < 2 or m < 2:
        return d, d, d
    half = Z95 * math.sqrt(sd_a ** 2 / n + sd_b ** 2 / m)
    return d, d - half, d + half


def mean_ratio(mean_a: float, sd_a: float, n: int, mean_b: float, sd_b: float, m: int) -> tuple[float, float, float]:
    """`mean_a / mean_b` of two positive means with its 95% interval (delta method on the log)."""
    if mean_a <= 0 or mean_b <= 0:
        return 0.0, 0.0, 0.0
    ratio = mean_a / mean_b
    if n < 2 or m < 2:
        return ratio, ratio, ratio
    se = math.sqrt(sd_a ** 2 / (n * mean_a ** 2) + sd_b ** 2 / (m * mean_b ** 2))
    return ratio, ratio * math.exp(-Z95 * se), ratio * math.exp(Z95 * se)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979), in the order given: the i-th smallest of
    m p-values is multiplied by m - i + 1, and the adjusted values are made non-decreasing. An
    adjusted p below 0.05 is significant at a family-wise error rate of 5%."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


# -- distributions from integer histograms ---------------------------------------------------------

def hist_moments(histogram: Mapping[int, int]) -> tuple[int, float, float]:
    """The count, mean and sample standard deviation of the values a histogram counts."""
    count = sum(histogram.values())
    if count == 0:
        return 0, 0.0, 0.0
    total = sum(value * times for value, times in histogram.items())
    squares = sum(value * value * times for value, times in histogram.items())
    mean = total / count
    variance = max(0.0, (squares - total * total / count) / (count - 1)) if count > 1 else 0.0
    return count, mean, math.sqrt(variance)


def percentile(histogram: Mapping[int, int], q: float) -> float:
    """The q-th percentile (0-100) of the values a histogram counts, by linear interpolation
    between order statistics (Hyndman and Fan's type 7, the default of R and NumPy)."""
    count = sum(histogram.values())
    if count == 0:
        return 0.0
    position = (count - 1) * q / 100
    below = math.floor(position)
    fraction = position - below
    low = _order_statistic(histogram, below)
    if fraction == 0:
        return float(low)
    high = _order_statistic(histogram, below + 1)
    return low + fraction * (high - low)


def _order_statistic(histogram: Mapping[int, int], k: int) -> int:
    """The k-th smallest value (from 0) of the values a histogram counts."""
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if k < seen:
            return value
    return max(histogram)


def bin_width(histogram: Mapping[int, int], bins: int = 40) -> int:
    """A round bin width (1, 2, 5, 10, 20, 50, ...) that shows the values in at most `bins` bins."""
    if not histogram:
        return 1
    span = max(histogram) - min(histogram) + 1
    width = 1
    while True:
        for step in (1, 2, 5):
            if span <= bins * width * step:
                return width * step
        width *= 10


def binned(histogram: Mapping[int, int], width: int) -> dict[int, int]:
    """The histogram in bins of `width`, each named by its lowest value."""
    result: dict[int, int] = {}
    for value, count in histogram.items():
        low = value // width * width
        result[low] = result.get(low, 0) + count
    return dict(sorted(result.items()))


def distribution(histogram: Mapping[int, int], width: int | None = None) -> dict:
    """Mean, spread, 5/50/95 percentiles, range and a binned histogram, as JSON-ready data."""
    count, mean, sd = hist_moments(histogram)
    w = width or bin_width(histogram)
    r = lambda x: round(x, 6)  # noqa: E731
    return {"count": count, "mean": r(mean), "sd": r(sd),
            "p5": r(percentile(histogram, 5)), "p50": r(percentile(histogram, 50)), "p95": r(percentile(histogram, 95)),
            "min": min(histogram, default=None), "max": max(histogram, default=None),
            "histogram": {"bin": w, "counts": {str(k): v for k, v in binned(histogram, w).items()}}}


def fair_share(finished: int, games: int, ways: int) -> float:
    """What each of `ways` places (players, sides) would win if the order of play did not matter:
    the finished games shared out, since an unfinished game is won by nobody."""
    return finished / games / ways if games else 0.0
