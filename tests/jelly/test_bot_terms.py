"""Decision tests of the evaluator bots' terms on hand-built positions: a jelly-pod valued at
the mean roll of the pod die played."""

from __future__ import annotations

import pytest

from simlab.core.rng import new_stream
from simlab.games.jelly import bots
from simlab.games.jelly.valuation import standing
from tests.jelly.positions import board, bot_lineup, kernel_position

SEED = 5


# --------------------------------------------------------------------------- a pod's value
@pytest.mark.parametrize("sides,district", [(6, 0), (12, 1)])
def test_a_pod_counts_its_die_s_mean_roll(sides, district):
    # district 0 pays 5 jelly, district 1 a pod: a d6 pod (3.5) is worth less than 5, a d12
    # pod (6.5) more; greedy, with one 6 to place on an empty board, takes the better one
    rules = board(3, "jelly:5", "pod", pod_sides=sides)
    assert rules.pod_value == (sides + 1) / 2
    _A, st, _agg, _sc = kernel_position(rules, {})
    st.roll[:] = 0
    st.roll[6] = 1
    st.n_left[:] = (1, 0, 0)
    v, d, _arg = bots.decide_place(rules, st, bot_lineup(3, "greedy"), 0, new_stream(SEED, 0))
    assert (int(v), int(d)) == (6, district)


def test_standing_counts_pods_at_their_mean_roll():
    for sides in (1, 6, 20):
        rules = board(3, "jelly:0", "jelly:0", pod_sides=sides)
        _A, st, _agg, _sc = kernel_position(rules, {}, jelly=(4, 0, 0), pods=(2, 0, 0))
        assert standing(rules, st, 0) == 4 + 2 * (sides + 1) / 2
