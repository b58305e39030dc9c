"""Rulebook "The field belongs to you", majorities and "End of the Game" (immediate wins):
ownership and boxing, placing on owned fields, rows of 4 in all four directions, the quick
game's 2x2 square, on both engines (row-major board: field n at row (n-1)//6, col (n-1)%6)."""

from __future__ import annotations

import pytest

from simlab.games.monkey.state import E_NONE, E_ROW, E_SQUARE

from .positions import arrays, build, kernel_board, legal_both, play_both, reference_board


def test_two_more_than_everyone_makes_the_field_owned_and_boxes_the_rest():
    # field 8: seat 0 has 3, seat 1 has 2, seat 2 has 1. Seat 0 places: 4 >= 2 + 2 -> owned.
    # seat 0 keeps 2 (its 2 extra go to the box), seat 1's 2 and seat 2's 1 go to the box.
    A = arrays(3)
    st, g = build(A, board={8: [3, 2, 1]}, hands=[[8, 1, 1, 1], [1] * 4, [1] * 4],
                  draw=[1] * 10)
    play_both(A, st, g, 0, [8])
    assert kernel_board(A, st) == reference_board(g) == {8: [2, 0, 0]}
    assert list(st.boxed) == g.box == [2, 2, 1]
    assert st.owner[A.cell_of[8]] == 0 and g.owner[g.where[8]] == 0


def test_one_more_is_not_ownership():
    # field 8: seat 0 has 2, seat 1 has 2; seat 0 places -> 3 vs 2: majority, not owned
    A = arrays(2)
    st, g = build(A, board={8: [2, 2]}, hands=[[8, 1, 1, 1], [1] * 4], draw=[1] * 10)
    play_both(A, st, g, 0, [8])
    assert kernel_board(A, st) == reference_board(g) == {8: [3, 2]}
    assert st.owner[A.cell_of[8]] == -1 and not g.owner
    assert st.maj[A.cell_of[8]] == g.majority(g.where[8]) == 0


def test_others_may_not_place_on_an_owned_field_but_the_owner_may():
    # field 5 owned by seat 1: seat 0's 5 is not playable there (only 1+... other sums)
    A = arrays(2)
    st, g = build(A, board={5: [0, 2]}, owner={5: 1}, hands=[[5, 9, 9, 9], [5, 9, 9, 9]],
                  draw=[1] * 10)
    kern0, ref0 = legal_both(A, st, g, 0)
    assert kern0 == ref0 and all(f != 5 for _, f in kern0)
    kern1, ref1 = legal_both(A, st, g, 1)
    assert kern1 == ref1 and ((5,), 5) in kern1
    # reading: the owner keeps exactly 2 there, so its new monkey goes to the box
    play_both(A, st, g, 1, [5])
    assert kernel_board(A, st) == reference_board(g) == {5: [0, 2]}
    assert st.boxed[1] == g.box[1] == 1 and st.supply[1] == g.supply[1] == 19


@pytest.mark.parametrize("fields,last", [
    ((1, 2, 3, 4), 4),        # horizontal, row 0
    ((3, 9, 15, 21), 15),     # vertical, column 2
    ((8, 15, 22, 29), 8),     # diagonal down-right
    ((31, 26, 21, 16), 21),   # diagonal up-right
])
def test_row_of_four_majority_fields_wins_in_every_direction(fields, last):
    # seat 0 holds the majority on three fields of the row (1 vs 0), the last one is
    # tied 1-1; seat 0 places there -> 2 vs 1, a row of 4 majorities: immediate win
    A = arrays(2)
    board = {f: [1, 0] for f in fields if f != last}
    board[last] = [1, 1]
    st, g = build(A, board=board, hands=[[last if last <= 10 else 10, 1, 1, 1], [1] * 4],
                  draw=[1] * 10)
    cards = [last] if last <= 10 else None
    if cards is None:  # reach the field with several cards
        g.hands[0] = [10, 10, last - 20 if last > 20 else last - 10, 1]
        st.hand[0, :4] = g.hands[0]
        cards = [10, 10, last - 20] if last > 20 else [10, last - 10]
    assert play_both(A, st, g, 0, cards) == (E_ROW, E_ROW)


def test_owned_field_counts_as_majority_and_a_tie_breaks_a_row():
    # row 1..4: field 1 owned by seat 0 (counts as majority), 2 and 3 seat 0's majority,
    # seat 0 places on 4 (empty) -> a row. A tie on field 3 instead would break it.
    A = arrays(2)
    st, g = build(A, board={1: [2, 0], 2: [1, 0], 3: [1, 0]}, owner={1: 0},
                  hands=[[4, 1, 1, 1], [1] * 4], draw=[1] * 10)
    assert play_both(A, st, g, 0, [4]) == (E_ROW, E_ROW)
    st, g = build(A, board={1: [2, 0], 2: [1, 0], 3: [1, 1]}, owner={1: 0},
                  hands=[[4, 1, 1, 1], [1] * 4], draw=[1] * 10)
    assert play_both(A, st, g, 0, [4]) == (E_NONE, E_NONE)


def test_three_in_a_row_with_a_gap_is_not_a_row():
    # fields 1, 2, 3, 5 in row 0 are not 4 connected fields
    A = arrays(2)
    st, g = build(A, board={1: [1, 0], 2: [1, 0], 3: [1, 0]}, hands=[[5, 1, 1, 1], [1] * 4],
                  draw=[1] * 10)
    assert play_both(A, st, g, 0, [5]) == (E_NONE, E_NONE)


def test_square_wins_only_in_the_quick_game():
    # 2x2 square 1, 2, 7, 8: seat 0 holds 1, 2, 7 and places on 8
    for mode, want in (("quick", E_SQUARE), ("normal", E_NONE)):
        A = arrays(2, mode=mode)
        st, g = build(A, board={1: [1, 0], 2: [1, 0], 7: [1, 0]},
                      hands=[[8, 1, 1, 1], [1] * 4], draw=[1] * 10)
        assert play_both(A, st, g, 0, [8]) == (want, want)
