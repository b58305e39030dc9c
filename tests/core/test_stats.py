"""Tests for simlab.core.stats against independently computed values."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from simlab.core.stats import (
    binomial_tolerance,
    mean_interval,
    seat_advantage_test,
    wilson_interval,
    win_shares,
)

Z = stats.norm.ppf(0.975)


def wilson_closed(s: float, n: int, z: float = Z):
    """Wilson score interval, textbook closed form."""
    p = s / n
    denom = 1 + z**2 / n
    centre = (p + z**2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    return max(centre - half, 0.0), min(centre + half, 1.0)


def wilson_by_roots(s: float, n: int, z: float = Z):
    """The same interval as the roots of (p_hat - p)^2 = z^2 p (1 - p) / n in p."""
    ph = s / n
    k = z**2 / n
    # (1 + k) p^2 - (2 ph + k) p + ph^2 = 0
    roots = np.sort(np.roots([1 + k, -(2 * ph + k), ph**2]).real)
    return max(roots[0], 0.0), min(roots[1], 1.0)


# ----------------------------------------------------------------- wilson_interval
@pytest.mark.parametrize("s,n", [(50, 100), (0, 20), (20, 20), (1, 3), (7, 1000), (333, 400)])
def test_wilson_matches_closed_formula_and_roots(s, n):
    lo, hi = wilson_interval(s, n)
    for ref in (wilson_closed(s, n), wilson_by_roots(s, n)):
        assert lo == pytest.approx(ref[0], abs=1e-12)
        assert hi == pytest.approx(ref[1], abs=1e-12)
    assert 0.0 <= lo <= s / n <= hi <= 1.0


def test_wilson_known_values():
    # statsmodels proportion_confint(..., method="wilson")
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 20)
    assert lo == pytest.approx(0.0, abs=1e-12)
    assert hi == pytest.approx(0.1611, abs=1e-4)


def test_wilson_other_level():
    z = stats.norm.ppf(0.995)
    lo, hi = wilson_interval(30, 80, z=z)
    ref = wilson_closed(30, 80, z)
    assert (lo, hi) == pytest.approx(ref, abs=1e-12)
    lo95, hi95 = wilson_interval(30, 80)
    assert lo < lo95 and hi > hi95  # 99% is wider than 95%


@pytest.mark.parametrize("s,n", [(12.5, 40), (0.5, 10), (33.333333, 100), (99.5, 100)])
def test_wilson_fractional_successes(s, n):
    lo, hi = wilson_interval(s, n)
    assert (lo, hi) == pytest.approx(wilson_closed(s, n), abs=1e-12)
    assert lo <= s / n <= hi
    # monotone in the number of successes
    lo_d, hi_d = wilson_interval(math.floor(s), n)
    lo_u, hi_u = wilson_interval(math.ceil(s), n)
    assert lo_d <= lo <= lo_u and hi_d <= hi <= hi_u


def test_wilson_broadcasts_over_arrays():
    s = np.array([0, 10, 25.5, 50])
    lo, hi = wilson_interval(s, 50)
    assert lo.shape == hi.shape == (4,)
    for i in range(4):
        assert (lo[i], hi[i]) == pytest.approx(wilson_closed(s[i], 50), abs=1e-12)


def test_wilson_empty_sample_is_uninformative():
    assert wilson_interval(0, 0) == (0.0, 1.0)


@settings(deadline=None, max_examples=200)
@given(n=st.integers(1, 10**7), frac=st.floats(0, 1))
def test_wilson_property(n, frac):
    s = frac * n
    lo, hi = wilson_interval(s, n)
    assert 0.0 <= lo <= hi <= 1.0
    assert lo - 1e-12 <= s / n <= hi + 1e-12
    ref = wilson_closed(s, n)
    assert lo == pytest.approx(ref[0], abs=1e-9)
    assert hi == pytest.approx(ref[1], abs=1e-9)


# ----------------------------------------------------------------- mean_interval
@pytest.mark.parametrize("seed,n", [(0, 2), (1, 10), (2, 57), (3, 1000), (4, 20000)])
def test_mean_interval_matches_scipy_t(seed, n):
    data = np.random.default_rng(seed).integers(0, 120, size=n).astype(float)
    mean, lo, hi = mean_interval(data.sum(), (data**2).sum(), n)
    ref_lo, ref_hi = stats.t.interval(0.95, n - 1, loc=data.mean(), scale=stats.sem(data))
    assert float(mean) == pytest.approx(data.mean(), rel=1e-12)
    assert float(lo) == pytest.approx(ref_lo, rel=1e-9, abs=1e-9)
    assert float(hi) == pytest.approx(ref_hi, rel=1e-9, abs=1e-9)


def test_mean_interval_other_level():
    data = np.random.default_rng(9).normal(40, 7, size=300)
    _, lo, hi = mean_interval(data.sum(), (data**2).sum(), 300, level=0.8)
    ref = stats.t.interval(0.8, 299, loc=data.mean(), scale=stats.sem(data))
    assert (float(lo), float(hi)) == pytest.approx(ref, rel=1e-9)


def test_mean_interval_constant_data_has_zero_width():
    mean, lo, hi = mean_interval(5 * 40, 25 * 40, 40)
    assert float(mean) == float(lo) == float(hi) == 5.0


def test_mean_interval_single_observation():
    mean, lo, hi = mean_interval(7, 49, 1)
    assert float(mean) == float(lo) == float(hi) == 7.0


def test_mean_interval_vectorised_over_seats():
    rng = np.random.default_rng(5)
    data = rng.integers(10, 80, size=(500, 4)).astype(float)
    mean, lo, hi = mean_interval(data.sum(axis=0), (data**2).sum(axis=0), 500)
    for s in range(4):
        ref = stats.t.interval(0.95, 499, loc=data[:, s].mean(), scale=stats.sem(data[:, s]))
        assert (lo[s], hi[s]) == pytest.approx(ref, rel=1e-9)
        assert mean[s] == pytest.approx(data[:, s].mean())


# ----------------------------------------------------------------- win_shares
def test_win_shares_sole_and_ties():
    # columns: k = 0 (unused), 1 (sole), 2, 3, 4
    w = np.array([[0, 3, 2, 0, 0],
                  [0, 0, 2, 3, 0],
                  [0, 1, 0, 3, 4],
                  [0, 0, 0, 0, 4]])
    shares, sole, shared = win_shares(w)
    assert shares == pytest.approx([3 + 2 / 2, 2 / 2 + 3 / 3, 1 + 3 / 3 + 4 / 4, 4 / 4])
    assert sole.tolist() == [3, 0, 1, 0]
    assert shared.tolist() == [2, 5, 7, 4]


def test_two_way_tie_gives_half_each():
    # one game, seats 0 and 2 tie for the win
    w = np.zeros((3, 4), dtype=np.int64)
    w[0, 2] = w[2, 2] = 1
    shares, sole, shared = win_shares(w)
    assert shares.tolist() == [0.5, 0.0, 0.5]
    assert shares.sum() == 1.0
    assert sole.tolist() == [0, 0, 0]
    assert shared.tolist() == [1, 0, 1]


def simulate_wins(scores: np.ndarray) -> np.ndarray:
    """k-way win counters from per-game scores (independent of the kernels)."""
    games, seats = scores.shape
    w = np.zeros((seats, seats + 1), dtype=np.int64)
    for row in scores:
        top = row == row.max()
        k = int(top.sum())
        w[top, k] += 1
    return w


@settings(deadline=None, max_examples=50)
@given(st.lists(st.lists(st.integers(0, 3), min_size=4, max_size=4), min_size=1, max_size=60))
def test_win_shares_add_up_to_games(scores):
    scores = np.array(scores)
    shares, sole, shared = win_shares(simulate_wins(scores))
    assert shares.sum() == pytest.approx(len(scores))
    assert np.all(sole + shared == (scores == scores.max(axis=1, keepdims=True)).sum(axis=0))


# ----------------------------------------------------------------- seat_advantage_test
def test_seat_advantage_equal_shares():
    assert seat_advantage_test(np.array([250.0, 250.0, 250.0, 250.0])) == pytest.approx(1.0)
    assert seat_advantage_test(np.array([1000.5, 999.5])) > 0.9


def test_seat_advantage_unequal_shares():
    p = seat_advantage_test(np.array([30_000.0, 25_000.0, 22_500.0, 22_500.0]))
    assert p < 1e-6


def test_seat_advantage_matches_chisquare():
    obs = np.array([260.0, 240.5, 249.5, 250.0])
    ref = stats.chisquare(obs).pvalue
    assert seat_advantage_test(obs) == pytest.approx(ref)


def test_seat_advantage_degenerate_inputs():
    assert seat_advantage_test(np.array([0.0, 0.0, 0.0])) == 1.0
    assert seat_advantage_test(np.array([5.0])) == 1.0


# ----------------------------------------------------------------- binomial_tolerance
@pytest.mark.parametrize("p,n", [(0.5, 1000), (0.1, 5000), (0.01, 20000), (0.9, 300)])
def test_binomial_tolerance_covers_samples(p, n):
    tol = binomial_tolerance(p, n)
    assert 0 < tol < 1
    samples = np.random.default_rng(12345).binomial(n, p, size=20_000)
    dev = np.abs(samples / n - p)
    assert dev.max() <= tol


@pytest.mark.parametrize("p,n", [(0.5, 1000), (0.1, 5000), (0.3, 200)])
def test_binomial_tolerance_exact_coverage(p, n):
    alpha = 1e-6
    tol = binomial_tolerance(p, n, alpha=alpha)
    k = np.arange(n + 1)
    outside = stats.binom.pmf(k, n, p)[np.abs(k / n - p) > tol].sum()
    assert outside <= alpha
    # and it is not absurdly loose: a normal-approximation width at the same alpha is close
    normal = stats.norm.isf(alpha / 2) * math.sqrt(p * (1 - p) / n)
    assert normal * 0.8 < tol < normal * 1.5 + 2 / n


def test_binomial_tolerance_shrinks_with_n_and_alpha():
    assert binomial_tolerance(0.3, 100_000) < binomial_tolerance(0.3, 1000)
    assert binomial_tolerance(0.3, 1000, alpha=1e-3) < binomial_tolerance(0.3, 1000, alpha=1e-9)


def test_the_light_distribution_functions_are_scipy_stats():
    """core.stats computes with scipy.special (scipy.stats takes a second to import, in every
    command-line call); the figures are scipy.stats' own."""
    from scipy import stats as st

    from simlab.core import stats as S

    assert S.Z95 == float(st.norm.ppf(0.975))
    rng = np.random.default_rng(1)
    for _ in range(100):
        obs = rng.integers(1, 1000, size=rng.integers(2, 6)).astype(float)
        want = st.chisquare(obs, np.full_like(obs, obs.sum() / len(obs))).pvalue
        assert np.isclose(S.seat_advantage_test(obs), want, rtol=1e-10, atol=0)
        n = int(rng.integers(3, 400))
        a, b = rng.normal(size=n), rng.normal(0.2, 1.0, size=n)
        d = a - b
        se = d.std(ddof=1) / np.sqrt(n)
        for student, dist in ((False, st.norm), (True, st.t(n - 1))):
            mean, low, high, p = S.paired_difference(a, b, student=student)
            assert np.isclose(p, 2 * dist.sf(abs(d.mean() / se)), rtol=1e-10, atol=1e-300)
            assert np.isclose(high - mean, dist.ppf(0.975) * se, rtol=1e-12)
        m, lo, hi = S.mean_interval(d.sum(), (d * d).sum(), n)
        assert np.isclose(hi - m, st.t.ppf(0.975, n - 1) * d.std(ddof=1) / np.sqrt(n),
                          rtol=1e-10)


def test_wilson_interval_holds_the_share_at_its_bounds():
    """A share of 0 or 1 lies inside its own interval exactly (no 1e-19 of rounding above 0)."""
    for n in (1, 7, 300, 12_345, 10**7):
        lo, hi = wilson_interval(0, n)
        assert lo == 0.0 < hi
        lo, hi = wilson_interval(n, n)
        assert lo < hi == 1.0
    s = np.array([0.0, 0.5, 3.0])
    lo, hi = wilson_interval(s, 3)
    assert (lo <= s / 3).all() and (s / 3 <= hi).all()
