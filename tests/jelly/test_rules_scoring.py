"""Rulebook "Scoring a Round": cancellation, the controlling player, the city center and the
order districts are scored in. Every position is hand-built and scored on both engines (the
numba kernel and the reference engine); expected values are worked out in the comments.

Unless a test says otherwise: 3 players (seats 0, 1, 2), everyone starts the position with
0 jelly and 0 pods, the stack holds 30 pods, and district 0's first zone is ``jelly:7``.
"""

from __future__ import annotations

from simlab.games.jelly.state import S_CANCELLED, S_CONTROLS

from .positions import (
    Outcome,
    board,
    counter,
    kernel_dice,
    reference_dice,
    score_both,
    score_engines,
)

ZERO = (0, 0, 0)
NO_PODS = (0, 0, 0)


def seven():
    """3 players, three districts; district 0 = jelly:7 on its first zone."""
    return board(3, "jelly:7", "jelly:1", "jelly:1")


# --------------------------------------------------------------------------- cancellation
def test_two_same_colour_same_value_dice_cancel():
    # seat 0: 4, 4, 5 -> the two 4s cancel, total 5 (it would be 13 without the rule)
    # seat 1: 6        -> total 6, the highest: seat 1 takes 7 jelly
    s = score_engines(seven(), {0: [(0, 4), (1, 6), (0, 4), (0, 5)]}, jelly=ZERO)
    expected = Outcome((0, 7, 0), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    # the cancelled dice leave the district: the 5 and the 6 remain
    assert kernel_dice(s.st, 0) == reference_dice(s.game, 0) == [(0, 5), (1, 6)]
    assert counter(s.kernel_agg, "dice_cancelled") == counter(s.reference_agg,
                                                              "dice_cancelled") == 2


def test_three_dice_of_one_value_all_cancel():
    # seat 0: 3, 3, 3, 2 -> ALL three 3s go (not pairwise, which would leave a 3: total 5);
    #                       total 2
    # seat 1: 4           -> total 4 > 2: seat 1 controls and takes 7
    s = score_engines(seven(), {0: [(0, 3), (0, 3), (0, 3), (0, 2), (1, 4)]}, jelly=ZERO)
    expected = Outcome((0, 7, 0), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    assert kernel_dice(s.st, 0) == reference_dice(s.game, 0) == [(0, 2), (1, 4)]
    assert counter(s.kernel_agg, "dice_cancelled") == 3
    assert counter(s.reference_agg, "dice_cancelled") == 3


def test_different_colours_showing_the_same_value_do_not_cancel():
    # seat 0: 6; seat 1: 6 and 2 (total 8); seat 2: 5.
    # Only dice of ONE colour cancel: seat 1 controls with 8 and takes 7.
    # (Were the two 6s of different colours to cancel, seat 2's 5 would win instead.)
    s = score_engines(seven(), {0: [(0, 6), (1, 6), (1, 2), (2, 5)]}, jelly=ZERO)
    expected = Outcome((0, 7, 0), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    assert counter(s.kernel_agg, "dice_cancelled") == 0
    assert counter(s.reference_agg, "dice_cancelled") == 0
    assert len(kernel_dice(s.st, 0)) == len(reference_dice(s.game, 0)) == 4


def test_cancelled_dice_are_counted_per_game_and_per_seat():
    # seat 0: 2, 2 (2 cancelled); seat 1: 5, 5, 5 (3 cancelled); seat 2: 1 (survives).
    # 5 dice cancelled; seat 2 controls alone with a total of 1 and takes 7.
    s = score_engines(seven(), {0: [(0, 2), (1, 5), (0, 2), (1, 5), (2, 1), (1, 5)]},
                      jelly=ZERO)
    expected = Outcome((0, 0, 7), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    for agg in (s.kernel_agg, s.reference_agg):
        assert counter(agg, "dice_cancelled") == 5
        assert list(agg.seat[:, S_CANCELLED]) == [2, 3, 0]


def test_rulebook_cancellation_example():
    # "Charlie placed two 6 on the district. He removes these two dice ... players compare
    # their dice totals: Sam 4 - Charlie 3 - Gina 1. Sam ... takes 6 Jelly."
    # Gina = seat 0, Sam = seat 1, Charlie = seat 2; the target reward is jelly:6.
    rules = board(3, "jelly:6", "jelly:1", "jelly:1")
    got = score_both(rules, {0: [(0, 1), (1, 4), (2, 6), (2, 3), (2, 6)]}, jelly=(2, 2, 2))
    expected = Outcome((2, 8, 2), NO_PODS, 30)
    assert got == (expected, expected)


# --------------------------------------------------------------------------- control
def test_highest_surviving_total_controls():
    # rulebook example: Gina 7 (5 + 2) - Sam 4 - Charlie 3: Gina (seat 0) controls: +7
    s = score_engines(seven(), {0: [(0, 5), (1, 4), (2, 3), (0, 2)]}, jelly=ZERO)
    expected = Outcome((7, 0, 0), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    for agg in (s.kernel_agg, s.reference_agg):
        assert list(agg.seat[:, S_CONTROLS]) == [1, 0, 0]
        assert int(agg.district_control[0]) == 1
        assert int(agg.district_jelly[0]) == 7


def test_total_of_zero_never_controls():
    # seat 0's only dice (5, 5) cancel: every total is 0, so nobody controls district 0
    s = score_engines(seven(), {0: [(0, 5), (0, 5)]}, jelly=(1, 1, 1))
    expected = Outcome((1, 1, 1), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    assert int(s.kernel_agg.district_control[0]) == 0
    assert int(s.reference_agg.district_control[0]) == 0


def test_total_of_zero_does_not_tie_with_nothing():
    # a zone where control would cost: give_each:1 (give 1 jelly to each other player).
    # seat 1's 3, 3 cancel; seats 0 and 2 have no dice: all totals 0 -> nobody gives anything.
    rules = board(3, "give_each:1", "jelly:1", "jelly:1")
    got = score_both(rules, {0: [(1, 3), (1, 3)]}, jelly=(4, 4, 4))
    expected = Outcome((4, 4, 4), NO_PODS, 30)
    assert got == (expected, expected)


def test_empty_district_gives_nothing():
    got = score_both(seven(), {}, jelly=ZERO)
    expected = Outcome(ZERO, NO_PODS, 30)
    assert got == (expected, expected)


def test_tied_highest_totals_all_gain_the_reward():
    # seat 0: 6; seat 1: 4 + 2 = 6; seat 2: 5 -> seats 0 and 1 tie at 6: each takes 7
    s = score_engines(seven(), {0: [(0, 6), (1, 4), (2, 5), (1, 2)]}, jelly=ZERO)
    expected = Outcome((7, 7, 0), NO_PODS, 30)
    assert s.kernel == expected
    assert s.reference == expected
    for agg in (s.kernel_agg, s.reference_agg):
        assert list(agg.seat[:, S_CONTROLS]) == [1, 1, 0]
        assert int(agg.district_jelly[0]) == 14  # 7 for each controlling player


def test_three_way_tie_all_gain():
    # 6 = 6 = 1 + 5: all three control and each takes 7
    got = score_both(seven(), {0: [(0, 6), (1, 6), (2, 1), (2, 5)]}, jelly=ZERO)
    expected = Outcome((7, 7, 7), NO_PODS, 30)
    assert got == (expected, expected)


def test_cancellation_can_hand_control_to_a_lower_total():
    # before cancellation seat 0 has 6 + 6 + 1 = 13; after it, 1. seat 2: 2 -> seat 2 controls
    got = score_both(seven(), {0: [(0, 6), (0, 6), (0, 1), (2, 2)]}, jelly=ZERO)
    expected = Outcome((0, 0, 7), NO_PODS, 30)
    assert got == (expected, expected)


# --------------------------------------------------------------------------- city center
def test_center_most_dice_count_not_values():
    # seat 0: three dice 1, 1, 2 (value 4); seat 1: two dice 6, 5 (value 11).
    # The count decides: seat 0 takes the top pod; the stack goes 30 -> 29.
    s = score_engines(seven(), {}, what="center", jelly=ZERO,
                      center=[(0, 1), (1, 6), (0, 1), (1, 5), (0, 2)])
    expected = Outcome(ZERO, (1, 0, 0), 29)
    assert s.kernel == expected
    assert s.reference == expected
    assert counter(s.kernel_agg, "center_pods") == counter(s.reference_agg, "center_pods") == 1


def test_center_tie_each_takes_a_pod():
    # seats 0 and 1 have two dice each, seat 2 one: seats 0 and 1 each take a pod (30 -> 28)
    s = score_engines(seven(), {}, what="center", jelly=ZERO,
                      center=[(0, 1), (0, 2), (1, 5), (1, 6), (2, 6)])
    expected = Outcome(ZERO, (1, 1, 0), 28)
    assert s.kernel == expected
    assert s.reference == expected
    assert counter(s.kernel_agg, "center_pods") == counter(s.reference_agg, "center_pods") == 2


def test_center_tie_with_too_few_pods_gives_none():
    # two players tie but only one pod is left: neither takes it; the stack stays at 1
    s = score_engines(seven(), {}, what="center", jelly=ZERO, pod_stack=1,
                      center=[(0, 1), (2, 4)])
    expected = Outcome(ZERO, NO_PODS, 1)
    assert s.kernel == expected
    assert s.reference == expected
    assert counter(s.kernel_agg, "pods_short") == counter(s.reference_agg, "pods_short") == 1
    assert counter(s.kernel_agg, "center_pods") == counter(s.reference_agg, "center_pods") == 0


def test_center_tie_with_exactly_enough_pods():
    # two tied players, two pods left: both take one and the stack is empty
    got = score_both(seven(), {}, what="center", jelly=ZERO, pod_stack=2,
                     center=[(0, 1), (2, 4)])
    expected = Outcome(ZERO, (1, 0, 1), 0)
    assert got == (expected, expected)


def test_center_single_winner_with_empty_stack_gets_nothing():
    got = score_both(seven(), {}, what="center", jelly=ZERO, pod_stack=0, center=[(1, 3)])
    expected = Outcome(ZERO, NO_PODS, 0)
    assert got == (expected, expected)


def test_center_without_dice_gives_nothing():
    got = score_both(seven(), {0: [(0, 5)]}, what="center", jelly=ZERO)
    expected = Outcome(ZERO, NO_PODS, 30)
    assert got == (expected, expected)


# --------------------------------------------------------------------------- scoring order
def order_board():
    """District 0 = pod, district 1 = per_pod:2 (2 jelly per pod held), district 2 = jelly:1."""
    return board(3, "pod", "per_pod:2", "jelly:1")


# seat 0 controls districts 0 and 1, seat 1 controls district 2
ORDER_DICE = {0: [(0, 5)], 1: [(0, 4)], 2: [(1, 3)]}


def test_order_pod_before_per_pod():
    # Drone at district 0: scored 0, 1, 2.
    # d0: seat 0 takes a pod (1 pod, stack 29); d1: 2 jelly x 1 pod = 2; d2: seat 1 takes 1.
    got = score_both(order_board(), ORDER_DICE, what=[0, 1, 2], jelly=ZERO)
    expected = Outcome((2, 1, 0), (1, 0, 0), 29)
    assert got == (expected, expected)


def test_order_per_pod_before_pod():
    # Drone at district 1: scored 1, 2, 0.
    # d1: 2 jelly x 0 pods = 0; d2: seat 1 takes 1; d0: seat 0 takes a pod afterwards.
    got = score_both(order_board(), ORDER_DICE, what=[1, 2, 0], jelly=ZERO)
    expected = Outcome((0, 1, 0), (1, 0, 0), 29)
    assert got == (expected, expected)


def test_order_discard_before_or_after_pod():
    # d0 = pod, d1 = jelly:8+discard_pod; seat 0 controls both and holds 0 pods.
    rules = board(3, "pod", "jelly:8+discard_pod", "jelly:1")
    dice = {0: [(0, 5)], 1: [(0, 4)]}
    # Drone at 0: takes a pod, then 8 jelly and discards it again -> 8 jelly, 0 pods, stack 29
    first = score_both(rules, dice, what=[0, 1, 2], jelly=ZERO)
    assert first == (Outcome((8, 0, 0), NO_PODS, 29),) * 2
    # Drone at 1: 8 jelly, nothing to discard; then takes a pod -> 8 jelly, 1 pod, stack 29
    second = score_both(rules, dice, what=[1, 2, 0], jelly=ZERO)
    assert second == (Outcome((8, 0, 0), (1, 0, 0), 29),) * 2


def test_order_gifts_read_current_jelly():
    # d0 = each_gives:2 controlled by seat 0; d1 = give_each:1 controlled by seat 1.
    # seat 1 starts with 0 jelly; seats 0 and 2 have 3.
    rules = board(3, "each_gives:2", "give_each:1", "jelly:0")
    dice = {0: [(0, 6)], 1: [(1, 6)]}
    # Drone at 0: d0: seat 1 gives its 0 (has nothing), seat 2 gives 2 -> (5, 0, 1);
    #             d1: seat 1 has 0 jelly: gives nothing                -> (5, 0, 1)
    got = score_both(rules, dice, what=[0, 1, 2], jelly=(3, 0, 3))
    assert got == (Outcome((5, 0, 1), NO_PODS, 30),) * 2
    # Drone at 1: d1: seat 1 still has 0 -> nothing; d0 as above       -> (5, 0, 1)
    # Drone at 2 with seat 1 holding 2 jelly instead:
    #   d2 (jelly:0, nobody) ; d0: seat 1 gives 2, seat 2 gives 2 -> (7, 0, 1);
    #   d1: seat 1 has 0 left -> (7, 0, 1)
    got = score_both(rules, dice, what=[2, 0, 1], jelly=(3, 2, 3))
    assert got == (Outcome((7, 0, 1), NO_PODS, 30),) * 2
    # Drone at 1 with seat 1 holding 2: d1 first: seat 1 gives 1 to each (poorest first, both
    #   have 3: clockwise 2 then 0) -> (4, 0, 4); d2 nothing; d0: seat 1 gives 0, seat 2 gives 2
    #   -> (6, 0, 2)
    got = score_both(rules, dice, what=[1, 2, 0], jelly=(3, 2, 3))
    assert got == (Outcome((6, 0, 2), NO_PODS, 30),) * 2


def test_each_district_is_scored_independently():
    # the same player controls one district and not another: rewards add up.
    # d0 jelly:7 (seat 0: 6 vs seat 1: 5), d1 jelly:1 (seat 1: 5 vs seat 0: 2), d2 jelly:1 (none)
    got = score_both(seven(), {0: [(0, 6), (1, 5)], 1: [(1, 5), (0, 2)]}, what=[0, 1, 2],
                     jelly=ZERO)
    expected = Outcome((7, 1, 0), NO_PODS, 30)
    assert got == (expected, expected)
