"""Rulebook "Die Effects": 1-2 remove another die of THIS district to the city center, 3-4 move
THIS district's Target to an adjacent zone, 5-6 nothing.

Each test places one die on a hand-built position with an effect argument on both engines
(kernel: ``dice.place_die`` + ``dice.apply_effect``; reference: ``ReferenceGame.do_place``). The effect
argument is ``owner * 8 + value`` of the die to remove (1-2), or the new Target zone (3-4).
"""

from __future__ import annotations

import pytest

from simlab.games.jelly import scoring
from simlab.games.jelly.state import I_POD_STACK, new_scratch

from .positions import (
    board,
    counter,
    kernel_center,
    kernel_dice,
    place_both,
    place_next,
    reference_center,
    reference_dice,
)


def rules():
    return board(3, ("jelly:1", "jelly:2", "jelly:3"), ("jelly:4", "jelly:5", "jelly:6"),
                 "jelly:1")


def die(owner, value):
    return owner * 8 + value


def check(A, st, agg, g, *, dice0, center, removals=0, moves=0, targets=(0, 0, 0)):
    """Both engines end with these dice on district 0, dice per seat on the city center,
    counters and Targets."""
    assert kernel_dice(st, 0) == sorted(dice0)
    assert reference_dice(g, 0) == sorted(dice0)
    assert kernel_center(st) == list(center)
    assert reference_center(g) == list(center)
    for a in (agg, g.agg):
        assert counter(a, "removals") == removals
        assert counter(a, "target_moves") == moves
    assert [int(t) for t in st.target] == list(targets)
    assert [d.target for d in g.districts] == list(targets)


# --------------------------------------------------------------------------- 1 or 2: remove
@pytest.mark.parametrize("value", [1, 2])
def test_low_die_removes_another_die_to_the_center(value):
    # seat 0 places a 1 (or 2) on district 0 and removes seat 1's 5 there to the city center
    out = place_both(rules(), {0: [(1, 5), (2, 3)]}, 0, value, 0, die(1, 5))
    check(*out, dice0=[(0, value), (2, 3)], center=[0, 1, 0], removals=1)


def test_removed_die_no_longer_counts_for_control():
    # after the removal, seat 0's 1 is the highest total on district 0 (seat 1's 5 is gone)
    A, st, agg, g = place_both(rules(), {0: [(1, 5)]}, 0, 1, 0, die(1, 5))
    assert [int(x) for x in st.eff[0]] == [1, 0, 0]
    assert [g.surviving_total(0, q) for q in range(3)] == [1, 0, 0]


def test_low_die_cannot_remove_itself():
    # seat 0 has no other 2 on district 0: asking to remove "seat 0's 2" names only the die
    # just placed -> nothing happens
    out = place_both(rules(), {0: [(1, 5)]}, 0, 2, 0, die(0, 2))
    check(*out, dice0=[(0, 2), (1, 5)], center=[0, 0, 0], removals=0)


def test_low_die_may_remove_an_own_die():
    # seat 0 removes its own 6 (e.g. to dodge a cancellation or to win the city center)
    out = place_both(rules(), {0: [(0, 6), (1, 5)]}, 0, 1, 0, die(0, 6))
    check(*out, dice0=[(0, 1), (1, 5)], center=[1, 0, 0], removals=1)


def test_low_die_may_remove_an_own_die_of_the_same_value():
    # seat 0 already has a 2 here and places another 2: the OTHER 2 is removed, the placed
    # one stays (and no longer faces cancellation)
    out = place_both(rules(), {0: [(0, 2), (1, 5)]}, 0, 2, 0, die(0, 2))
    check(*out, dice0=[(0, 2), (1, 5)], center=[1, 0, 0], removals=1)


def test_low_die_removes_only_from_this_district():
    # seat 1's 5 is on district 1, not on district 0 where the 1 is placed: nothing happens
    A, st, agg, g = place_both(rules(), {1: [(1, 5)]}, 0, 1, 0, die(1, 5))
    check(A, st, agg, g, dice0=[(0, 1)], center=[0, 0, 0], removals=0)
    assert kernel_dice(st, 1) == reference_dice(g, 1) == [(1, 5)]


def test_low_die_naming_a_missing_die_does_nothing():
    # there is no 4 of seat 1 on district 0
    out = place_both(rules(), {0: [(1, 5)]}, 0, 1, 0, die(1, 4))
    check(*out, dice0=[(0, 1), (1, 5)], center=[0, 0, 0], removals=0)


def test_low_die_effect_is_optional():
    out = place_both(rules(), {0: [(1, 5)]}, 0, 1, 0, -1)
    check(*out, dice0=[(0, 1), (1, 5)], center=[0, 0, 0], removals=0)


def test_removing_one_of_a_pair_saves_the_other():
    # seat 1 has two 4s (they would cancel); seat 0's 2 removes one of them: the other 4 now
    # survives, and seat 1's removed 4 sits on the city center
    A, st, agg, g = place_both(rules(), {0: [(1, 4), (1, 4)]}, 0, 2, 0, die(1, 4))
    check(A, st, agg, g, dice0=[(0, 2), (1, 4)], center=[0, 1, 0], removals=1)
    assert int(st.eff[0, 1]) == g.surviving_total(0, 1) == 4


# --------------------------------------------------------------------------- 3 or 4: target
@pytest.mark.parametrize("value", [3, 4])
@pytest.mark.parametrize("start, to, moved", [
    (0, 1, True),    # first zone -> second zone
    (1, 0, True),    # second -> first
    (1, 2, True),    # second -> third
    (2, 1, True),    # third -> second
    (0, 2, False),   # not adjacent: first -> third is not allowed
    (2, 0, False),   # not adjacent: third -> first
    (1, 1, False),   # staying put is not a move
])
def test_mid_die_moves_the_target_to_an_adjacent_zone_only(value, start, to, moved):
    out = place_both(rules(), {}, 1, value, 0, to, targets={0: start})
    end = to if moved else start
    check(*out, dice0=[(1, value)], center=[0, 0, 0], moves=int(moved), targets=(end, 0, 0))


def test_mid_die_moves_only_this_districts_target():
    # a 3 placed on district 1 moves district 1's Target; district 0's stays on zone 0
    A, st, agg, g = place_both(rules(), {}, 0, 3, 1, 1)
    assert [int(t) for t in st.target] == [d.target for d in g.districts] == [0, 1, 0]
    assert counter(agg, "target_moves") == counter(g.agg, "target_moves") == 1


def test_mid_die_effect_is_optional():
    out = place_both(rules(), {}, 1, 4, 0, -1, targets={0: 1})
    check(*out, dice0=[(1, 4)], center=[0, 0, 0], targets=(1, 0, 0))


# --------------------------------------------------------------------------- 5 or 6
@pytest.mark.parametrize("value", [5, 6])
def test_high_die_has_no_effect(value):
    # an argument that would remove seat 1's 5 or move the Target is ignored
    out = place_both(rules(), {0: [(1, 5)]}, 0, value, 0, die(1, 5))
    check(*out, dice0=[(0, value), (1, 5)], center=[0, 0, 0])
    out = place_both(rules(), {0: [(1, 5)]}, 0, value, 0, 1)
    check(*out, dice0=[(0, value), (1, 5)], center=[0, 0, 0])


def test_removals_then_center_scoring():
    # seat 0's 1 removes seat 2's 2, then seat 1's 2 removes seat 2's 1: seat 2 has two dice
    # on the city center (most dice there) and takes a pod when the center is scored
    A, st, agg, g = place_both(rules(), {0: [(2, 1), (2, 2), (1, 6)]}, 0, 1, 0, die(2, 2))
    assert kernel_center(st) == reference_center(g) == [0, 0, 1]
    place_next(st, agg, g, 1, 2, 0, die(2, 1))
    assert kernel_center(st) == reference_center(g) == [0, 0, 2]
    assert kernel_dice(st, 0) == reference_dice(g, 0) == [(0, 1), (1, 2), (1, 6)]
    scoring.score_center(A, st, agg, new_scratch(3).ctrl)
    g.score_center()
    assert [int(x) for x in st.pods] == [p.pods for p in g.players] == [0, 0, 1]
    assert int(st.info[I_POD_STACK]) == g.pod_stack == 29
