"""Exact district-control odds for Attack of the Jelly Monster (numpy/scipy only, no sampling).

On a district every player rolls six-sided dice of their own colour. Before totals are compared,
all dice of one colour showing the same value cancel each other: two 4s are both removed, and so
are three 4s. A player's *surviving total* is therefore the sum of the values that appear exactly
once among that player's dice. The highest surviving total controls the district, a total of 0
never controls, and tied highest totals (above 0) all control.

Everything here is computed exactly:

* :func:`surviving_total_distribution` enumerates value-count vectors ``(c1, ..., c6)`` with
  ``c1 + ... + c6 = n``, weighting each by its multinomial coefficient, so the probabilities are
  integer counts divided by ``6**n``.
* :func:`control_odds` combines independent players by their distributions: the opponents'
  maximum through a product of CDFs, then my total against that maximum.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import cache
from numbers import Integral

import numpy as np

from simlab.errors import SimlabError

FACES = 6
"""Number of faces on a die (values 1..FACES)."""

MAX_TOTAL = FACES * (FACES + 1) // 2
"""Largest possible surviving total (every face showing exactly once): 21."""

MAX_DICE = 30
"""Largest number of dice per player accepted by :func:`control_odds`."""


def _count_vectors(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Yield every tuple of ``parts`` non-negative integers that sums to ``n``."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _count_vectors(n - first, parts - 1):
            yield (first, *rest)


@cache
def _surviving_total_counts(n: int) -> tuple[int, ...]:
    """Number of the ``6**n`` ordered outcomes of ``n`` dice giving each surviving total.

    Returns
    -------
    tuple of int, length ``MAX_TOTAL + 1``
        Entry ``t`` counts the outcomes whose surviving total is ``t``; the entries sum to
        ``6**n``.
    """
    counts = [0] * (MAX_TOTAL + 1)
    n_factorial = math.factorial(n)
    for count_vector in _count_vectors(n, FACES):
        # Ordered outcomes with exactly c_v dice showing v: n! / (c_1! ... c_6!).
        ways = n_factorial
        for c in count_vector:
            ways //= math.factorial(c)
        total = sum(value for value, c in enumerate(count_vector, start=1) if c == 1)
        counts[total] += ways
    return tuple(counts)


def surviving_total_distribution(n: int) -> np.ndarray:
    """Exact probability mass function of the surviving total of ``n`` dice of one colour.

    Parameters
    ----------
    n : int
        Number of independent fair six-sided dice (``n >= 0``). With ``n = 0`` all the mass is on
        a total of 0.

    Returns
    -------
    numpy.ndarray of float, shape (22,)
        ``pmf[t]`` is the probability that the surviving total equals ``t`` (0..21). A fresh array
        is returned on every call, so callers may modify it.

    Notes
    -----
    The surviving total is the sum of the values shown by exactly one die; values shown by two or
    more dice cancel. The pmf is found by enumerating the count vectors ``(c_1, ..., c_6)`` with
    ``sum(c) = n``, each weighted by the multinomial coefficient ``n! / prod(c_v!)``. The integer
    counts are divided by ``6**n`` with Python's correctly rounded integer division, so each entry
    is exact to float precision. Results are cached per ``n``.

    Examples
    --------
    >>> pmf = surviving_total_distribution(2)
    >>> float(pmf[0]), float(pmf[3])  # both dice match; one die shows 1 and the other 2
    (0.16666666666666666, 0.05555555555555555)
    """
    if isinstance(n, bool) or not isinstance(n, Integral) or n < 0:
        raise SimlabError(f"n: expected a non-negative integer number of dice, got {n!r}")
    n = int(n)
    denominator = FACES**n
    return np.array([c / denominator for c in _surviving_total_counts(n)], dtype=float)


def _check_dice_count(value, option: str) -> int:
    """Return ``value`` as an int if it is an integer in 0..MAX_DICE, else raise SimlabError."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise SimlabError(
            f"{option}: expected an integer number of dice from 0 to {MAX_DICE}, got {value!r}"
        )
    if not 0 <= value <= MAX_DICE:
        raise SimlabError(
            f"{option}: expected a number of dice from 0 to {MAX_DICE}, got {int(value)}"
        )
    return int(value)


def control_odds(mine: int, theirs: Sequence[int]) -> dict:
    """Exact chances that my dice control a district against opponents' dice.

    Parameters
    ----------
    mine : int
        Number of my dice on the district, 0..30.
    theirs : sequence of int
        Number of dice of each opponent on the district, one entry per opponent, each 0..30. May
        be empty (no opponents).

    Returns
    -------
    dict
        ``"mine"`` : int, my number of dice.
        ``"theirs"`` : list of int, the opponents' numbers of dice.
        ``"control_alone"`` : float, P(my total > 0 and my total > every opponent's total).
        ``"tie"`` : float, P(my total > 0 and my total equals the highest opponent total).
        ``"mean_total"`` : float, expected surviving total of my dice.
        ``"p_zero"`` : float, P(my total == 0).

    Raises
    ------
    SimlabError
        If ``mine`` or an entry of ``theirs`` is not an integer in 0..30, or ``theirs`` is not a
        sequence. The message names ``--mine`` or ``--theirs``.

    Notes
    -----
    All players roll independently. With ``F_j`` the CDF of opponent ``j``'s total, the highest
    opponent total ``M`` has CDF ``F_M(t) = prod_j F_j(t)``. Then
    ``control_alone = sum_{t >= 1} P(mine = t) F_M(t - 1)`` and
    ``tie = sum_{t >= 1} P(mine = t) P(M = t)``. With no opponents ``F_M`` is 1 everywhere, so
    ``control_alone = P(mine > 0)`` and ``tie = 0``.

    Examples
    --------
    >>> odds = control_odds(2, [])
    >>> round(odds["control_alone"], 12), odds["tie"]  # alone, any total above 0 controls
    (0.833333333333, 0.0)
    """
    mine = _check_dice_count(mine, "--mine")
    if isinstance(theirs, (str, bytes)) or not isinstance(theirs, Sequence):
        raise SimlabError(
            f"--theirs: expected a list of dice counts (one integer 0..{MAX_DICE} per opponent), "
            f"got {theirs!r}"
        )
    theirs = [_check_dice_count(k, "--theirs") for k in theirs]

    my_pmf = surviving_total_distribution(mine)
    totals = np.arange(MAX_TOTAL + 1)

    # CDF of the highest opponent total: the product of the opponents' CDFs (1 if none).
    max_cdf = np.ones(MAX_TOTAL + 1)
    for k in theirs:
        max_cdf *= np.cumsum(surviving_total_distribution(k))
    max_cdf = np.minimum(max_cdf, 1.0)  # cumsum rounding can overshoot 1 by an ulp
    max_pmf = np.diff(max_cdf, prepend=0.0)
    if not theirs:
        max_pmf = np.zeros(MAX_TOTAL + 1)  # no opponent total can tie mine

    # P(M < t) for t = 1..21 is F_M(t - 1); totals of 0 never control.
    control_alone = float(np.sum(my_pmf[1:] * max_cdf[:-1]))
    tie = float(np.sum(my_pmf[1:] * max_pmf[1:]))

    return {
        "mine": mine,
        "theirs": list(theirs),
        "control_alone": control_alone,
        "tie": tie,
        "mean_total": float(np.dot(totals, my_pmf)),
        "p_zero": float(my_pmf[0]),
    }


def format_odds_table(result: dict) -> str:
    """Render a :func:`control_odds` result as a short text block for the CLI.

    Parameters
    ----------
    result : dict
        The dictionary returned by :func:`control_odds`.

    Returns
    -------
    str
        Several lines without a trailing newline: the matchup, then the chances (percentages to
        2 decimals) and my mean surviving total (3 decimals).

    Examples
    --------
    >>> print(format_odds_table(control_odds(1, [])))
    My dice: 1   Opponents' dice: none
      Control alone         100.00%
      Tie for control         0.00%
      No control              0.00%
      My total is 0           0.00%
      Mean surviving total   3.500
    """
    theirs = result["theirs"]
    opponents = ", ".join(str(k) for k in theirs) if theirs else "none"
    control_alone = result["control_alone"]
    tie = result["tie"]
    no_control = max(0.0, 1.0 - control_alone - tie)
    rows = [
        ("Control alone", f"{100 * control_alone:6.2f}%"),
        ("Tie for control", f"{100 * tie:6.2f}%"),
        ("No control", f"{100 * no_control:6.2f}%"),
        ("My total is 0", f"{100 * result['p_zero']:6.2f}%"),
        ("Mean surviving total", f"{result['mean_total']:6.3f}"),
    ]
    lines = [f"My dice: {result['mine']}   Opponents' dice: {opponents}"]
    lines += [f"  {label:<22}{value}" for label, value in rows]
    return "\n".join(lines)
