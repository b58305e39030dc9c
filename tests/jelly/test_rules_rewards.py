"""Rulebook "District Rewards" and "Podium Rewards": jelly, jelly-pods, discard, 2 per pod,
number of dice, the two podium rewards, and zones with several icons (left to right).

Each test hand-builds one district (district 0 of three; the other two are jelly:1 and empty),
scores it on the kernel and on the reference engine and checks both against the expectation
worked out in the comments. 3 players; the stack holds 30 pods unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from .positions import Outcome, board, counter, score_both, score_engines

ZERO = (0, 0, 0)
NO_PODS = (0, 0, 0)


def zone(text: str, players: int = 3):
    """District 0's first zone is ``text``; districts 1 and 2 pay jelly:1 (never scored here)."""
    return board(players, text, "jelly:1", "jelly:1")


def both(rules, dice, **position):
    kern, ref = score_both(rules, dice, **position)
    assert kern == ref, f"kernel {kern} != reference {ref}"
    return kern


# seat 0 alone controls district 0 (6 against 4 and 2)
SOLO = {0: [(0, 6), (1, 4), (2, 2)]}
# seats 0 and 1 tie on district 0 (6 = 6, seat 2 has 2)
TIE = {0: [(0, 6), (1, 6), (2, 2)]}


# --------------------------------------------------------------------------- jelly
@pytest.mark.parametrize("n", [1, 5, 9])
def test_jelly_n(n):
    assert both(zone(f"jelly:{n}"), SOLO, jelly=(2, 2, 2)) == Outcome((2 + n, 2, 2), NO_PODS, 30)


def test_jelly_zero_gives_nothing_but_still_controls():
    s = score_engines(zone("jelly:0"), SOLO, jelly=(2, 2, 2))
    assert s.kernel == s.reference == Outcome((2, 2, 2), NO_PODS, 30)
    assert int(s.kernel_agg.district_control[0]) == int(s.reference_agg.district_control[0]) == 1


def test_jelly_tied_controllers_each_gain():
    assert both(zone("jelly:5"), TIE, jelly=ZERO) == Outcome((5, 5, 0), NO_PODS, 30)


# --------------------------------------------------------------------------- jelly-pods
def test_pod_single_controller_takes_top_pod():
    # the stack decreases by one
    assert both(zone("pod"), SOLO, jelly=ZERO) == Outcome(ZERO, (1, 0, 0), 29)


def test_pod_tied_controllers_each_take_one():
    assert both(zone("pod"), TIE, jelly=ZERO) == Outcome(ZERO, (1, 1, 0), 28)


def test_pod_not_enough_for_all_tied_gives_none():
    # two tied controllers, one pod left: "none of them takes a Jelly-pod"
    s = score_engines(zone("pod"), TIE, jelly=ZERO, pod_stack=1)
    assert s.kernel == s.reference == Outcome(ZERO, NO_PODS, 1)
    assert counter(s.kernel_agg, "pods_short") == counter(s.reference_agg, "pods_short") == 1


def test_pod_single_controller_takes_the_last_pod():
    assert both(zone("pod"), SOLO, jelly=ZERO, pod_stack=1) == Outcome(ZERO, (1, 0, 0), 0)


def test_pod_empty_stack_gives_nothing():
    assert both(zone("pod"), SOLO, jelly=ZERO, pod_stack=0) == Outcome(ZERO, NO_PODS, 0)


# --------------------------------------------------------------------------- discard a pod
def test_discard_pod_with_pods():
    # seat 0 holds 2 pods and returns one to the box (not to the stack: stack stays 30)
    got = both(zone("discard_pod"), SOLO, jelly=ZERO, pods=(2, 1, 1))
    assert got == Outcome(ZERO, (1, 1, 1), 30)


def test_discard_pod_without_pods():
    # nothing to discard: pods stay at 0, never negative
    got = both(zone("discard_pod"), SOLO, jelly=ZERO, pods=(0, 3, 3))
    assert got == Outcome(ZERO, (0, 3, 3), 30)


def test_discard_pod_tied_controllers():
    # seat 0 (1 pod) discards it; seat 1 (no pod) has nothing to discard; seat 2 keeps its 2
    got = both(zone("discard_pod"), TIE, jelly=ZERO, pods=(1, 0, 2))
    assert got == Outcome(ZERO, (0, 0, 2), 30)


# --------------------------------------------------------------------------- 2 per pod
def test_per_pod_two_jelly_per_pod():
    # seat 0 holds 3 pods: 2 x 3 = 6 jelly; pods are kept
    got = both(zone("per_pod:2"), SOLO, jelly=(1, 1, 1), pods=(3, 5, 0))
    assert got == Outcome((7, 1, 1), (3, 5, 0), 30)


def test_per_pod_without_pods_gives_nothing():
    got = both(zone("per_pod:2"), SOLO, jelly=(1, 1, 1), pods=(0, 5, 0))
    assert got == Outcome((1, 1, 1), (0, 5, 0), 30)


def test_per_pod_tied_controllers_count_their_own_pods():
    # seat 0: 1 pod -> +2; seat 1: 4 pods -> +8
    got = both(zone("per_pod:2"), TIE, jelly=ZERO, pods=(1, 4, 2))
    assert got == Outcome((2, 8, 0), (1, 4, 2), 30)


# --------------------------------------------------------------------------- number of dice
BY_DICE = "by_dice:2:jelly7:pod"  # at most 2 dice: 7 jelly; 3 or more: a pod


def test_by_dice_at_most_k_dice_gives_low():
    # seat 0: two dice (4 + 2 = 6) against seat 1's 5 -> 2 <= 2: 7 jelly
    got = both(zone(BY_DICE), {0: [(0, 4), (0, 2), (1, 5)]}, jelly=ZERO)
    assert got == Outcome((7, 0, 0), NO_PODS, 30)


def test_by_dice_one_die_gives_low():
    got = both(zone(BY_DICE), {0: [(0, 6), (1, 5)]}, jelly=ZERO)
    assert got == Outcome((7, 0, 0), NO_PODS, 30)


def test_by_dice_more_than_k_dice_gives_high():
    # seat 0: three dice 1 + 2 + 3 = 6 against 5 -> 3 > 2: a pod
    got = both(zone(BY_DICE), {0: [(0, 1), (0, 2), (0, 3), (1, 5)]}, jelly=ZERO)
    assert got == Outcome(ZERO, (1, 0, 0), 29)


def test_by_dice_counts_dice_after_cancellation():
    # seat 0 placed four dice 3, 3, 5, 1: the two 3s cancel, two dice remain (5 + 1 = 6)
    # against seat 1's 4 -> 2 dice <= 2: 7 jelly (4 placed dice would have given a pod)
    got = both(zone(BY_DICE), {0: [(0, 3), (0, 3), (0, 5), (0, 1), (1, 4)]}, jelly=ZERO)
    assert got == Outcome((7, 0, 0), NO_PODS, 30)


def test_by_dice_tied_controllers_each_by_their_own_dice():
    # seat 0: 6 with one die -> 7 jelly; seat 1: 1 + 2 + 3 = 6 with three dice -> a pod
    got = both(zone(BY_DICE), {0: [(0, 6), (1, 1), (1, 2), (1, 3)]}, jelly=ZERO)
    assert got == Outcome((7, 0, 0), (0, 1, 0), 29)


def test_by_dice_pods_short_for_tied_high_controllers():
    # one pod left. seat 0: 1 + 2 + 3 = 6 with three dice -> due a pod;
    # seat 1: 4, 1, 1, 2 -> the 1s cancel: 4 + 2 = 6 with two dice -> 7 jelly.
    # Only seat 0 is due a pod, so it takes the last one.
    dice = {0: [(0, 1), (0, 2), (0, 3), (1, 4), (1, 1), (1, 1), (1, 2)]}
    got = both(zone(BY_DICE), dice, jelly=ZERO, pod_stack=1)
    assert got == Outcome((0, 7, 0), (1, 0, 0), 0)
    # now seat 1 also has three surviving dice (1 + 2 + 3 = 6): both are due a pod and only
    # one is left -> neither takes one
    dice = {0: [(0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3)]}
    got = both(zone(BY_DICE), dice, jelly=ZERO, pod_stack=1)
    assert got == Outcome(ZERO, NO_PODS, 1)


def test_by_dice_other_board():
    # 8B: "by_dice:1:jelly5:pod": one die -> 5 jelly, two dice -> pod
    rules = zone("by_dice:1:jelly5:pod")
    assert both(rules, {0: [(0, 6), (1, 5)]}, jelly=ZERO) == Outcome((5, 0, 0), NO_PODS, 30)
    assert both(rules, {0: [(0, 1), (0, 5), (1, 5)]}, jelly=ZERO) == \
        Outcome(ZERO, (1, 0, 0), 29)


# --------------------------------------------------------------------------- podium
PODIUM = "podium:2:4"  # highest total: 2 jelly; second-highest total: 4 jelly


def test_podium_highest_and_second():
    # totals 6, 4, 1: seat 0 +2, seat 1 +4, seat 2 nothing
    got = both(zone(PODIUM), {0: [(0, 6), (1, 4), (2, 1)]}, jelly=ZERO)
    assert got == Outcome((2, 4, 0), NO_PODS, 30)


def test_podium_second_regardless_of_ties_for_highest():
    # totals 6, 6, 4: seats 0 and 1 +2 each; seat 2 has the second-highest total: +4
    got = both(zone(PODIUM), {0: [(0, 6), (1, 6), (2, 4)]}, jelly=ZERO)
    assert got == Outcome((2, 2, 4), NO_PODS, 30)


def test_podium_tied_second_all_gain():
    # 4 players, totals 6, 4, 4, 2: seat 0 +2; seats 1 and 2 +4 each; seat 3 nothing
    rules = zone(PODIUM, players=4)
    got = both(rules, {0: [(0, 6), (1, 4), (2, 3), (2, 1), (3, 2)]}, jelly=(0, 0, 0, 0))
    assert got == Outcome((2, 4, 4, 0), (0, 0, 0, 0), 30)


def test_podium_alone_only_highest():
    got = both(zone(PODIUM), {0: [(0, 3)]}, jelly=ZERO)
    assert got == Outcome((2, 0, 0), NO_PODS, 30)


def test_podium_cancelled_total_is_not_second():
    # seat 1's 5, 5 cancel (total 0): no second place; seat 2 has no dice
    got = both(zone(PODIUM), {0: [(0, 3), (1, 5), (1, 5)]}, jelly=ZERO)
    assert got == Outcome((2, 0, 0), NO_PODS, 30)


def test_podium_second_is_the_next_distinct_total():
    # seat 1: 5 + 2 = 7 (highest: +2); seat 0: 6 (second: +4); seat 2: 1 (nothing)
    got = both(zone(PODIUM), {0: [(0, 6), (1, 5), (1, 2), (2, 1)]}, jelly=ZERO)
    assert got == Outcome((4, 2, 0), NO_PODS, 30)


PRESENT = "podium_present:4:1"  # highest: 4; every other player with a die here: 1


def test_podium_present_others_with_a_die_gain_b():
    # 4 players: seat 0 controls (6): +4; seat 1 (a 1) and seat 2 (a 5) +1 each; seat 3 has
    # no die here: nothing
    rules = zone(PRESENT, players=4)
    got = both(rules, {0: [(0, 6), (1, 1), (2, 5)]}, jelly=(0, 0, 0, 0))
    assert got == Outcome((4, 1, 1, 0), (0, 0, 0, 0), 30)


def test_podium_present_tied_highest():
    got = both(zone(PRESENT), {0: [(0, 6), (1, 6), (2, 1)]}, jelly=ZERO)
    assert got == Outcome((4, 4, 1), NO_PODS, 30)


def test_podium_present_cancelled_dice_are_not_present():
    # seat 2's 2, 2 cancel and go back behind its screen: no die of seat 2 remains here
    got = both(zone(PRESENT), {0: [(0, 6), (1, 3), (2, 2), (2, 2)]}, jelly=ZERO)
    assert got == Outcome((4, 1, 0), NO_PODS, 30)


# --------------------------------------------------------------------------- several icons
def test_pod_plus_jelly():
    got = both(zone("pod+jelly:2"), SOLO, jelly=ZERO)
    assert got == Outcome((2, 0, 0), (1, 0, 0), 29)


def test_jelly_plus_discard_with_pods():
    # 8 jelly, then one of seat 0's 2 pods goes back to the box
    got = both(zone("jelly:8+discard_pod"), SOLO, jelly=ZERO, pods=(2, 0, 0))
    assert got == Outcome((8, 0, 0), (1, 0, 0), 30)


def test_jelly_plus_discard_without_pods():
    # 8 jelly; no pod to discard
    got = both(zone("jelly:8+discard_pod"), SOLO, jelly=ZERO, pods=(0, 1, 1))
    assert got == Outcome((8, 0, 0), (0, 1, 1), 30)


def test_icons_resolve_left_to_right_pod_then_per_pod():
    # seat 0 holds 1 pod. pod first: 2 pods, then 2 x 2 = 4 jelly
    got = both(zone("pod+per_pod:2"), SOLO, jelly=ZERO, pods=(1, 0, 0))
    assert got == Outcome((4, 0, 0), (2, 0, 0), 29)
    # per_pod first: 2 x 1 = 2 jelly, then the pod
    got = both(zone("per_pod:2+pod"), SOLO, jelly=ZERO, pods=(1, 0, 0))
    assert got == Outcome((2, 0, 0), (2, 0, 0), 29)


def test_icons_resolve_left_to_right_jelly_then_give():
    # seat 0 starts with 0 jelly. jelly:9 first: 9, then 1 to each other player -> 7
    got = both(zone("jelly:9+give_each:1"), SOLO, jelly=ZERO)
    assert got == Outcome((7, 1, 1), NO_PODS, 30)
    # give first: seat 0 has nothing to give, then takes 9
    got = both(zone("give_each:1+jelly:9"), SOLO, jelly=ZERO)
    assert got == Outcome((9, 0, 0), NO_PODS, 30)


def test_three_icons_tied_controllers():
    # seats 0 and 1 tie: each +1 jelly, each a pod (28 left), each +2 jelly per pod held
    # seat 0 held 0 -> 1 pod -> +2; seat 1 held 2 -> 3 pods -> +6
    got = both(zone("jelly:1+pod+per_pod:2"), TIE, jelly=ZERO, pods=(0, 2, 0))
    assert got == Outcome((3, 7, 0), (1, 3, 0), 28)
