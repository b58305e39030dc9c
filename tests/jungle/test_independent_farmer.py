"""The independent engine (``tests/jungle/independent``, plain Python, nothing from simlab)
keeps saying what issue 38's check found: a pure farmer beats simple scripted bots and loses to
greedy's evaluation, and the shipped farmer's weights hold their own against it there too. Fixed
seeds; the tolerances are binomial at p = 1e-6 around the figures of its README."""

from __future__ import annotations

from scipy.stats import binom

from .independent.bots import BOTS
from .independent.farmer_check import share


def _at_most(p, n, alpha=1e-6):
    """The largest share of n games a bot whose true share is p exceeds with chance alpha."""
    return binom.isf(alpha, n, p) / n


def test_pure_farmer_beats_the_gold_bot_and_loses_to_greedy_evaluation():
    n = 8  # games a seat, 3 seats
    sh, *_ = share(BOTS["farmer"], BOTS["gold"], 3, n, seed=3)
    assert sh > 1 - _at_most(0.5, 3 * n)  # 100% in the README; a coin would not get there
    sh, *_ = share(BOTS["farmer"], BOTS["evalbot"], 3, n, seed=3)
    assert sh < 1 / 3  # 8.8% in the README, below the fair share


def test_the_shipped_farmer_weights_beat_the_old_ones_there():
    n = 10
    new, *_ = share(BOTS["evalfarmer2"], BOTS["evalbot"], 3, n, seed=4)
    old, *_ = share(BOTS["evalfarmer"], BOTS["evalbot"], 3, n, seed=4)
    assert new > old
