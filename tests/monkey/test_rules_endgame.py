"""Rulebook "End of the Game" (normal end): minority removal, a tied top count removes all,
scoring the numbers of the fields kept, the highest-scoring-field tie-break, on both engines.
Scores are the points; a tie on points goes to the highest scoring field."""

from __future__ import annotations

from simlab.games.monkey.state import E_POINTS

from .positions import arrays, build, finish_both


def test_minorities_leave_and_ties_remove_everyone():
    # rulebook example 1: field 23: seat 0 3, seat 1 2, seat 2 2 -> seat 0 scores 23
    # rulebook example 2: field 7: seat 1 2, seat 2 2, seat 0 1 -> nobody scores 7
    # field 30: seat 2 alone (1) -> 30
    A = arrays(3)
    st, g = build(A, board={23: [3, 2, 2], 7: [1, 2, 2], 30: [0, 0, 1]})
    kern, ref = finish_both(A, st, g, E_POINTS)
    # points 23, 0, 30 -> seat 2 wins
    assert kern == ref == ([23, 0, 30], [False, False, True])


def test_equal_totals_are_decided_by_the_highest_scoring_field():
    # seat 0: 36 + 1 = 37; seat 1: 20 + 17 = 37 -> seat 0 holds 36 > 20: seat 0 wins
    A = arrays(2)
    st, g = build(A, board={36: [1, 0], 1: [2, 1], 20: [0, 1], 17: [0, 3]})
    kern, ref = finish_both(A, st, g, E_POINTS)
    assert kern == ref == ([37, 37], [True, False])


def test_nobody_scoring_is_a_shared_victory():
    # every field tied: all monkeys leave, 0 points each, no field -> both share the win
    A = arrays(2)
    st, g = build(A, board={5: [1, 1], 9: [2, 2]})
    kern, ref = finish_both(A, st, g, E_POINTS)
    assert kern == ref == ([0, 0], [True, True])
