"""Rulebook "Adjacent district (arrow)": gain the target reward of the adjacent district.

Three districts clockwise 0, 1, 2 (the circle wraps). Which neighbour is "left" is the reading
``adjacent_orientation``: the tests below read it from the city center (``center``: ``left`` is
the previous district, d - 1, ``right`` the next, d + 1); the default ``entrance`` (left as a
player at the entrance, facing the city center, sees it) swaps them, checked at the end.
Every position is scored on the kernel and on the reference engine; 3 players, 30 pods.
"""

from __future__ import annotations

import pytest

from simlab.games.jelly.valuation import either_choice

from .positions import Outcome, counter, kernel_position, score_both, score_engines
from .positions import board as _board


def board(players, *districts, **options):
    """``positions.board`` read from the city center (left = d - 1) unless told otherwise."""
    options.setdefault("adjacent_orientation", "center")
    return _board(players, *districts, **options)

ZERO = (0, 0, 0)
NO_PODS = (0, 0, 0)
STEPS = ("jelly:3", "jelly:6", "jelly:9")  # a neighbour whose zones pay 3, 6, 9


def both(rules, dice, **position):
    kern, ref = score_both(rules, dice, **position)
    assert kern == ref, f"kernel {kern} != reference {ref}"
    return kern


# --------------------------------------------------------------------------- left / right
@pytest.mark.parametrize("zone, gain", [(0, 3), (1, 6), (2, 9)])
def test_adjacent_right_reads_the_neighbours_current_target(zone, gain):
    # district 0 = adjacent:right -> district 1, whose Target sits on ``zone``
    rules = board(3, "adjacent:right", STEPS, "jelly:1")
    got = both(rules, {0: [(0, 5), (1, 2)]}, targets={1: zone}, jelly=ZERO)
    assert got == Outcome((gain, 0, 0), NO_PODS, 30)


@pytest.mark.parametrize("zone, gain", [(0, 3), (1, 6), (2, 9)])
def test_adjacent_left_reads_the_previous_district(zone, gain):
    # district 1 = adjacent:left -> district 0
    rules = board(3, STEPS, "adjacent:left", "jelly:1")
    got = both(rules, {1: [(2, 4)]}, what=1, targets={0: zone}, jelly=ZERO)
    assert got == Outcome((0, 0, gain), NO_PODS, 30)


def test_adjacent_left_wraps_around_the_city():
    # district 0 = adjacent:left -> district 2 (the last one), Target on zone 2: 9 jelly;
    # district 1 (right neighbour) pays 1 and must not be used
    rules = board(3, "adjacent:left", "jelly:1", STEPS)
    got = both(rules, {0: [(1, 3)]}, targets={2: 2}, jelly=ZERO)
    assert got == Outcome((0, 9, 0), NO_PODS, 30)


def test_adjacent_right_wraps_around_the_city():
    # district 2 = adjacent:right -> district 0
    rules = board(3, STEPS, "jelly:1", "adjacent:right")
    got = both(rules, {2: [(0, 1)]}, what=2, targets={0: 1}, jelly=ZERO)
    assert got == Outcome((6, 0, 0), NO_PODS, 30)


def test_rulebook_adjacent_example_and_neighbour_scored_normally():
    # "Gina is the controlling player in district A. She gains the target reward from the
    # adjacent district B ...: she takes 6 Jelly." District B is then scored normally:
    # Gina (seat 0) controls A = district 0, Sam (seat 1) controls B = district 1 (jelly:6).
    rules = board(3, "adjacent:right", "jelly:6", "jelly:1")
    got = both(rules, {0: [(0, 5), (1, 4)], 1: [(1, 6), (0, 2)]}, what=[0, 1, 2], jelly=ZERO)
    assert got == Outcome((6, 6, 0), NO_PODS, 30)


def test_adjacent_pod_goes_to_this_districts_controllers():
    # seats 0 and 1 tie on district 0 (adjacent:right); district 1's target is a pod:
    # each takes a pod (30 -> 28); seat 2, which controls nothing here, gets nothing
    rules = board(3, "adjacent:right", "pod", "jelly:1")
    got = both(rules, {0: [(0, 5), (1, 5), (2, 1)]}, jelly=ZERO)
    assert got == Outcome(ZERO, (1, 1, 0), 28)


def test_adjacent_multi_icon_neighbour():
    # neighbour's target zone "jelly:8+discard_pod": seat 0 (1 pod) takes 8 and discards it
    rules = board(3, "adjacent:right", "jelly:8+discard_pod", "jelly:1")
    got = both(rules, {0: [(0, 5)]}, jelly=ZERO, pods=(1, 1, 1))
    assert got == Outcome((8, 0, 0), (0, 1, 1), 30)


def test_adjacent_icon_reached_through_adjacent_gives_nothing():
    # district 0 = adjacent:right; district 1's target zone = "jelly:2+adjacent:right"
    # (district 2 pays 9). Seat 0 gains the 2 only: the second arrow gives nothing.
    rules = board(3, "adjacent:right", "jelly:2+adjacent:right", "jelly:9")
    got = both(rules, {0: [(0, 5)]}, jelly=ZERO)
    assert got == Outcome((2, 0, 0), NO_PODS, 30)


def test_adjacent_pointing_back_gives_nothing():
    # district 0 = adjacent:right, district 1 = adjacent:left (back to 0): nothing, no loop
    rules = board(3, "adjacent:right", "adjacent:left", "jelly:9")
    got = both(rules, {0: [(0, 5)]}, jelly=ZERO)
    assert got == Outcome(ZERO, NO_PODS, 30)


# --------------------------------------------------------------------------- either
# district 1 = adjacent:either: left neighbour = district 0, right neighbour = district 2
SOLO1 = {1: [(0, 6), (1, 2)]}  # seat 0 controls district 1
TIE1 = {1: [(0, 6), (1, 6), (2, 2)]}  # seats 0 and 1 tie on district 1


@pytest.mark.parametrize("left, right, pick, expected", [
    ("jelly:3", "jelly:6", 2, Outcome((6, 0, 0), NO_PODS, 30)),   # right is better
    ("jelly:6", "jelly:3", 0, Outcome((6, 0, 0), NO_PODS, 30)),   # left is better
    ("pod", "jelly:3", 0, Outcome(ZERO, (1, 0, 0), 29)),           # pod (3.5) beats 3 jelly
    ("jelly:4", "pod", 0, Outcome((4, 0, 0), NO_PODS, 30)),        # 4 jelly beat a pod (3.5)
])
def test_either_single_controller_picks_the_better_neighbour(left, right, pick, expected):
    rules = board(3, left, "adjacent:either", right)
    A, st, _agg, _sc = kernel_position(rules, SOLO1, jelly=ZERO)
    assert either_choice(A, st, 0, 1) == pick
    assert both(rules, SOLO1, what=1, jelly=ZERO) == expected


def test_either_uses_the_neighbours_current_target():
    # district 0's Target was moved to zone 1 (8 jelly): better than district 2's 6
    rules = board(3, ("jelly:1", "jelly:8", "jelly:1"), "adjacent:either", "jelly:6")
    got = both(rules, SOLO1, what=1, targets={0: 1}, jelly=ZERO)
    assert got == Outcome((8, 0, 0), NO_PODS, 30)
    # with district 0's Target on its first zone (1 jelly), district 2's 6 is better
    got = both(rules, SOLO1, what=1, jelly=ZERO)
    assert got == Outcome((6, 0, 0), NO_PODS, 30)


def test_either_tied_controllers_who_agree_both_gain():
    # seats 0 and 1 both prefer district 2's 6 jelly over district 0's 2
    rules = board(3, "jelly:2", "adjacent:either", "jelly:6")
    s = score_engines(rules, TIE1, what=1, jelly=ZERO)
    assert s.kernel == s.reference == Outcome((6, 6, 0), NO_PODS, 30)
    assert counter(s.kernel_agg, "either_disagreements") == 0
    assert counter(s.reference_agg, "either_disagreements") == 0


def test_either_tied_controllers_who_disagree_get_nothing():
    # left = per_pod:2, right = jelly:3. seat 0 holds 3 pods: left is worth 6 to it (> 3);
    # seat 1 holds none: left is worth 0 (< 3). They cannot agree: "the reward is treated as
    # 0 Jelly" -> nobody gains anything.
    rules = board(3, "per_pod:2", "adjacent:either", "jelly:3")
    A, st, _agg, _sc = kernel_position(rules, TIE1, jelly=ZERO, pods=(3, 0, 0))
    assert either_choice(A, st, 0, 1) == 0
    assert either_choice(A, st, 1, 1) == 2
    s = score_engines(rules, TIE1, what=1, jelly=ZERO, pods=(3, 0, 0))
    assert s.kernel == s.reference == Outcome(ZERO, (3, 0, 0), 30)
    assert counter(s.kernel_agg, "either_disagreements") == 1
    assert counter(s.reference_agg, "either_disagreements") == 1


def test_either_disagreement_skips_only_the_arrow():
    # "adjacent:either+jelly:1": the arrow gives 0 jelly, the next icon is still resolved
    rules = board(3, "per_pod:2", "adjacent:either+jelly:1", "jelly:3")
    got = both(rules, TIE1, what=1, jelly=ZERO, pods=(3, 0, 0))
    assert got == Outcome((1, 1, 0), (3, 0, 0), 30)


def test_either_neighbour_arrow_gives_nothing():
    # district 1 = either; district 0 = adjacent:left (worth nothing through an arrow),
    # district 2 = jelly:2 -> seat 0 picks district 2 and gains 2
    rules = board(3, "adjacent:left", "adjacent:either", "jelly:2")
    got = both(rules, SOLO1, what=1, jelly=ZERO)
    assert got == Outcome((2, 0, 0), NO_PODS, 30)


# --------------------------------------------------------------------------- the reading
@pytest.mark.parametrize("arrow, neighbour", [("left", 1), ("right", 2)])
def test_default_orientation_reads_left_from_the_entrance(arrow, neighbour):
    # default adjacent_orientation = entrance: facing the city center from district 0's
    # entrance, the next district clockwise (1) is on the left, the previous one (2) on the right
    rules = _board(3, f"adjacent:{arrow}", "jelly:4", "jelly:7")
    got = both(rules, {0: [(0, 5)]}, jelly=ZERO)
    assert got == Outcome(({1: 4, 2: 7}[neighbour], 0, 0), NO_PODS, 30)
    flipped = _board(3, f"adjacent:{arrow}", "jelly:4", "jelly:7", adjacent_orientation="center")
    got = both(flipped, {0: [(0, 5)]}, jelly=ZERO)
    assert got == Outcome(({1: 7, 2: 4}[neighbour], 0, 0), NO_PODS, 30)


def test_trace_names_the_arrow_as_printed():
    # the rule arrays hold the neighbour's index step; the game log still says "left"
    from simlab.games.jelly.reference import describe_atom

    for orientation, step in (("entrance", 1), ("center", -1)):
        A = _board(3, "adjacent:left", "jelly:4", "jelly:7", adjacent_orientation=orientation)
        assert int(A.rewards[0, 0, 0, 1]) == step
        assert describe_atom(A.rewards[0, 0, 0], A.left_step) == "adjacent:left"
