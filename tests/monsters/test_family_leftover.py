"""Monsters on Board, family mode: the area 12 leftover move is the player's choice ("If you have
movement left over from the die, you can use it to continue moving this Grunt."), on hand-built
positions, in both engines (the kernel's rule functions called from plain Python, and the
reference engine's own ``move``), and the bots' choices.

Paths come from the Town data: orange's spaces are in areas 1, 3, 5, 7, 10, 12 (no area 4 / 8),
pink's in areas 1, 2, 4, 6, 8, 12 (tests skip if the data has no such space).
"""

from __future__ import annotations

import pytest

from simlab.core.rng import new_stream, uniform
from simlab.games.monsters import bots_family as bf
from simlab.games.monsters import nb_family as nf
from simlab.games.monsters.bots import bot_vector
from simlab.games.monsters.reference_family import ReferenceFamilyGame

from .test_family_rules import ORANGE, PINK, area_space, path, put, setup


def both_engines(bots, colour, before_12, n, seed=0, dice=((PINK, 3),), **over):
    """Move p0's Grunt of ``colour`` n steps from ``before_12`` spaces before its area 12 space,
    in the kernel and in the reference, on the same stream; both results (asserted equal):
    (position, juice, counters dict)."""
    prep, st = setup(2, bots, **over)
    A, F = prep.arrays, prep.family
    p = path(A, colour)
    start = p[area_space(A, F, colour, nf.FA_RETURN) - before_12]
    put(st, 0, 0, list(dice))
    st.grunt_pos[0, colour] = start
    st.ev[:] = 0
    nf.move_grunt(A, F, st, prep.lineup, 0, colour, n, new_stream(seed, 0))
    kernel = dict(zip(nf.FAMILY_COUNTER_NAMES, st.ev.tolist(), strict=True))

    g = ReferenceFamilyGame(prep, seed, 0)
    g.reset()
    g.prophecy = [int(x) for x in st.prophecy]
    g.order[0][0] = [[c, r] for c, r in dice]
    g.grunt[0][colour] = start
    g.rng = new_stream(seed, 0)
    g.move(0, colour, n)
    assert g.grunt[0][colour] == st.grunt_pos[0, colour]
    assert g.juice[0] == st.juice[0]
    assert g.ev == kernel
    return int(st.grunt_pos[0, colour]), int(st.juice[0]), kernel, p


def test_greedy_goes_on_with_the_steps_left():
    # one step onto area 12 (+12, back to the start), then 2 steps on: areas 1 and 3
    pos, juice, c, p = both_engines("greedy(noise=0)", ORANGE, 1, 3)
    assert pos == p[1] and juice == 12
    assert c["area12_returns"] == 1 and c["area12_continues"] == 1 and c["area12_stops"] == 0
    assert c["grunt_steps"] == 3 and c["steps_declined"] == 0


def test_a_bot_that_values_steps_below_zero_stays_on_the_start():
    # weights with grunt = -1: walking on is worth -2 to it, staying 0
    pos, juice, c, p = both_engines("weights(grunt=-1,icon=0,noise=0)", ORANGE, 1, 3)
    assert pos == -1 and juice == 12
    assert c["area12_returns"] == 1 and c["area12_stops"] == 1 and c["area12_continues"] == 0
    assert c["grunt_steps"] == 1 and c["steps_declined"] == 2


@pytest.mark.parametrize("n,goes_on", [(3, False), (4, True)])
def test_going_on_is_worth_it_when_it_reaches_area_4(n, goes_on):
    # pink from the start: areas 1, 2, 4. grunt = -0.5 per step, icon = 2 per area 4 reached:
    # 2 steps left are worth -1 (stay), 3 steps reach area 4: -1.5 + 2 = 0.5 (go on)
    bots = "weights(grunt=-0.5,icon=2,juice=1,prophecy=0,noise=0)"
    pos, juice, c, p = both_engines(bots, PINK, 1, n)
    left = n - 1
    assert juice == 12 and c["area12_returns"] == 1
    if goes_on:
        assert pos == p[left - 1] and c["area12_continues"] == 1
        assert c["area4_landings"] == 1 and c["area4_uses"] == 1  # the 3 promoted to 4
    else:
        assert pos == -1 and c["area12_stops"] == 1 and c["steps_declined"] == left
        assert c["area4_landings"] == 0


def test_random_bot_goes_on_with_one_draw_at_one_half():
    went = 0
    for seed in range(400):
        pos, _, c, p = both_engines("random", ORANGE, 1, 3, seed=seed)
        expect = uniform(new_stream(seed, 0)) >= 0.5   # the decision's draw, the move's only one
        assert (pos == p[1]) == expect and (pos == -1) == (not expect)
        assert c["area12_continues"] + c["area12_stops"] == 1
        went += int(expect)
    assert 160 <= went <= 240   # 1/2 of 400, about 4 standard deviations


def test_no_choice_without_steps_left():
    # exactly onto area 12: nothing left, no decision (the random bot draws nothing)
    pos, juice, c, _ = both_engines("random", ORANGE, 1, 1)
    assert pos == -1 and juice == 12
    assert c["area12_continues"] == 0 and c["area12_stops"] == 0


def test_pick_value_simulates_the_bots_own_choice():
    prep, _ = setup(2)
    A, F = prep.arrays, prep.family
    p = path(A, ORANGE)
    before = p[area_space(A, F, ORANGE, nf.FA_RETURN) - 1]
    go = bot_vector("greedy", {"noise": 0.0})
    stay = bot_vector("weights", {"grunt": -1.0, "icon": 0.0, "noise": 0.0})
    assert bf.move_outcome(A, F, before, ORANGE, 3, go, 2) == (p[1], 3, 0, 0, 1)
    assert bf.move_outcome(A, F, before, ORANGE, 3, stay, 2) == (-1, 1, 0, 0, 1)
    assert bf.path_outcome(A, F, before, ORANGE, 3) == (p[1], 3, 0, 0, 1)
    # the leftover's value: 2 steps from the start at 0.6 each (greedy)
    assert bf.steps_value(A, F, ORANGE, 2, go, 2) == pytest.approx(2 * 0.6)
    assert bf.steps_value(A, F, ORANGE, 2, stay, 2) == pytest.approx(-2.0)
