"""Statistics over aggregated counters (scipy): intervals and the seat-advantage test.

Every function takes the integer aggregates that kernels produce, never per-game rows, so a
10-million-game run is summarised in constant memory; the one exception is
``paired_difference``, which takes the two per-game series of a paired comparison.
"""

from __future__ import annotations

import numpy as np
from scipy import special as _sp

# the distribution functions here come from scipy.special; scipy.stats (a second to import, in
# every command-line call) is imported only where needed

#: the normal quantile of a two-sided 95% interval, scipy.stats.norm.ppf(0.975)
Z95 = float(_sp.ndtri(0.975))
#: significance level of every statement in the reports and analyses
ALPHA = 0.05


def wilson_interval(successes, n, z: float = Z95):
    """Wilson score interval for a binomial proportion.

    ``successes`` may be fractional (a k-way shared win counts 1/k), in which case the interval is
    the usual Wilson formula applied to the share; arrays broadcast.

    Returns
    -------
    (low, high) : tuple of float or ndarray
    """
    s = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    p = np.where(n > 0, s / np.maximum(n, 1), 0.0)
    denom = 1 + z * z / np.maximum(n, 1)
    centre = (p + z * z / (2 * np.maximum(n, 1))) / denom
    half = z * np.sqrt(np.maximum(p * (1 - p), 0) / np.maximum(n, 1)
                       + z * z / (4 * np.maximum(n, 1) ** 2)) / denom
    low = np.where(n > 0, np.clip(centre - half, 0, 1), 0.0)
    high = np.where(n > 0, np.clip(centre + half, 0, 1), 1.0)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def mean_interval(total, total_sq, n, level: float = 0.95):
    """Mean and Student-t interval from a sum and a sum of squares over ``n`` observations."""
    total = np.asarray(total, dtype=float)
    total_sq = np.asarray(total_sq, dtype=float)
    mean = total / n
    if n < 2:
        return mean, mean, mean
    var = np.maximum(total_sq - n * mean * mean, 0.0) / (n - 1)
    half = _sp.stdtrit(n - 1, 0.5 + level / 2) * np.sqrt(var / n)  # Student-t quantile
    return mean, mean - half, mean + half


def win_shares(win_counts: np.ndarray):
    """Win share numerators from k-way win counters.

    Parameters
    ----------
    win_counts : ndarray, shape (seats, max_k + 1)
        ``win_counts[s, k]`` = games that seat ``s`` won in a k-way tie (k = 1: sole win).

    Returns
    -------
    shares, sole, shared : ndarray (per seat)
        Sum of 1/k over won games; sole wins; shared wins (k >= 2).
    """
    w = np.asarray(win_counts, dtype=np.int64)
    k = np.arange(w.shape[1], dtype=float)
    k[0] = np.inf
    shares = (w / k).sum(axis=1)
    return shares, w[:, 1].copy(), w[:, 2:].sum(axis=1)


def seat_advantage_test(shares: np.ndarray) -> float:
    """Chi-square goodness-of-fit p-value of win shares against equal seats.

    ``shares`` are per-seat win counts (fractional for shared wins). A tiny p-value says the seats
    (with the bots sitting in them) do not win equally often.
    """
    obs = np.asarray(shares, dtype=float)
    if obs.sum() <= 0 or len(obs) < 2:
        return 1.0
    exp = np.full_like(obs, obs.sum() / len(obs))
    stat = float(((obs - exp) ** 2 / exp).sum())
    return float(_sp.chdtrc(len(obs) - 1, stat))  # scipy.stats.chisquare's p-value


def binomial_tolerance(p: float, n: int, alpha: float = 1e-9) -> float:
    """Half-width a frequency of ``n`` Bernoulli(p) trials stays within with prob. 1 - alpha.

    Used by the Monte Carlo tests: exact value vs simulated frequency, tolerance from the binomial
    distribution at a tiny ``alpha`` so a correct engine fails with probability below ``alpha``.
    """
    from scipy import stats

    lo = stats.binom.ppf(alpha / 2, n, p)
    hi = stats.binom.isf(alpha / 2, n, p)
    return float(max(p * n - lo, hi - p * n) / n) + 1.0 / n


def benjamini_hochberg(pvals) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (false discovery rate across many comparisons):
    ``scipy.stats.false_discovery_control``."""
    p = np.asarray(pvals, dtype=float)
    if len(p) == 0:
        return p
    from scipy.stats import false_discovery_control

    return np.asarray(false_discovery_control(p, method="bh"), dtype=float)


def paired_difference(a: np.ndarray, b: np.ndarray, student: bool = False):
    """Mean difference a - b of two per-game series played on the same games (common random
    numbers), with a 95% interval and a two-sided p-value (normal approximation, or Student's
    t with ``student``: for a few paired batch means); the shorter series sets the length.
    Identical in every game: the difference with no test (p NaN when it is 0, else 0)."""
    n = min(len(a), len(b))
    d = a[:n].astype(np.float64) - b[:n].astype(np.float64)
    mean = float(d.mean()) if n else 0.0
    sd = float(d.std(ddof=1)) if n > 1 else 0.0
    if sd == 0.0:
        return mean, mean, mean, (np.nan if mean == 0 else 0.0)
    se = sd / np.sqrt(n)
    if student:
        z = float(_sp.stdtrit(n - 1, 0.975))               # Student-t quantile
        p = float(2 * _sp.stdtr(n - 1, -abs(mean / se)))   # and its two-sided tail
    else:
        z = Z95
        p = float(2 * _sp.ndtr(-abs(mean / se)))           # the normal two-sided tail
    return mean, mean - z * se, mean + z * se, p
