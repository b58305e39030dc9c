"""The bench-only bot ``first`` (issue 38 section 1): the first legal option at every decision,
no evaluation, so ``simlab bench`` times the rules alone. It decides as documented on
hand-built positions, plays alike in both engines, and is a bench bot (left out of listings)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.rng import new_stream
from simlab.games.jelly import bots
from simlab.games.jelly.game import GAME

from .positions import EVERY_REWARD, bot_lineup, kernel_position


def test_first_is_a_bench_bot():
    assert GAME.bench_bots == ("first",)
    assert GAME.bots()["first"].params == ()


@pytest.mark.parametrize("locked, roll, expected", [
    ((), (5, 2, 6), (2, 0)),          # the lowest rolled value, on the lowest district
    ((0, 1), (4, 4, 3), (3, 2)),      # the lowest open district
])
def test_first_places_the_lowest_die_on_the_first_open_district(locked, roll, expected):
    rules = GAME.make_rules(3).to_arrays()
    lu = bot_lineup(3, "first")
    A, st, _agg, _sc = kernel_position(rules, {0: [(1, 6)], 1: [(2, 1)]})
    for d in locked:
        st.locked[d] = 1
    st.roll[:] = 0
    for v in roll:
        st.roll[v] += 1
    st.n_left[0] = len(roll)
    v, d, arg = bots.decide_place(A, st, lu, 0, new_stream(1, 0))
    assert (int(v), int(d), int(arg)) == (*expected, -1)   # and no effect, even with a 1-2
    # no lock-down, no flip, the left neighbour for 'either'
    st.n_left[0] = 0
    assert int(bots.decide_lock(A, st, lu, 0, new_stream(1, 1))) == -1
    assert not bots.decide_flip(A, st, lu, 0, new_stream(1, 2))
    assert int(bots.decide_either(A, st, lu, 0, 2, new_stream(1, 3))) == (2 + A.left_step) % 5


def test_first_rolls_again_only_when_every_district_is_locked():
    A, st, _agg, _sc = kernel_position(GAME.make_rules(3).to_arrays())
    st.locked[:] = 2
    st.roll[6] = 1
    st.n_left[0] = 1
    assert int(bots.decide_place(A, st, bot_lineup(3, "first"), 0, new_stream(1, 0))[0]) == 0


@pytest.mark.parametrize("players, bots_, overrides", [
    (4, "first", {}),
    (5, "first", {"layout": "advanced"}),
    (4, "first,random(pass=0.5),greedy,spread", dict(EVERY_REWARD)),
])
def test_first_plays_alike_in_both_engines(players, bots_, overrides):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(bots_, players), n_games=40, seed=2,
                            n_reference=15)
    if bots_ == "first":  # every die placed, no effect, lock-down or flip: 7 dice x 4 rounds
        ch = np.asarray(agg["choice"])
        assert ch[:, 0].tolist() == [40 * 4 * 7] * players and ch[:, [1, 2, 3, 5, 6]].sum() == 0
