"""Rulebook "Prophecy Cards": every condition kind on a hand-made card, every shipped card on
hand-built grids, the use-once rules (rows interchangeable, columns by position), the 50 cap,
and the progress value. Expected values are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from simlab.games.monsters import scoring as nbs
from simlab.games.monsters.cards import Condition

from .scoring_support import ARR, grid, keep, one_card, progress, prophecy

# ---------------------------------------------------------------------------------------------
# condition kinds, each on a one-condition card


def test_kind_pattern_exact_spots_colour_and_rank():
    cards = one_card(Condition("pattern", spot_colours=(-1, 2), spot_ranks=(3, 0), points=9))
    # spot 0 rank 3 (any colour), spot 1 pink (any rank)
    assert prophecy(1, *grid("B3 P6"), cards=cards) == 9
    assert prophecy(1, *grid("", "Y1", "O3 P1 B1"), cards=cards) == 9   # any row
    assert prophecy(1, *grid("B3 G6"), cards=cards) == 0                 # spot 1 not pink
    assert prophecy(1, *grid("P6 B3"), cards=cards) == 0                 # right dice, wrong spots


def test_kind_pattern_alternatives_any_one_scores_once():
    # spots 0 and 2 ranks 1 and 3, or spots 0 and 1 ranks 1 and 2: either gains the 9
    cards = one_card(Condition("pattern", patterns=((1, 0, 3), (1, 2)), points=9))
    assert prophecy(1, *grid("B1 G6 P3"), cards=cards) == 9     # the first
    assert prophecy(1, *grid("B1 G2 P6"), cards=cards) == 9     # the second
    assert prophecy(1, *grid("B1 G2 P3"), cards=cards) == 9     # both on one row: once
    assert prophecy(1, *grid("B1 G2", "B1 G5 P3"), cards=cards) == 9  # on two rows: once
    assert prophecy(1, *grid("B2 G2 P3"), cards=cards) == 0
    # progress: the better alternative ("B1": each 1/2 done; "B1 G2": the second is met)
    assert progress(1, *grid("B1"), cards=cards) == pytest.approx(9 / 2)
    assert progress(1, *grid("B1 G2"), cards=cards) == pytest.approx(9.0)
    assert progress(1, *grid("B1 G5"), cards=cards) == pytest.approx(9 / 2)  # only the first
    # the shared colours apply to every alternative
    pink = one_card(Condition("pattern", spot_colours=(2, -1), patterns=((0, 4), (0, 5)),
                              points=5))
    assert prophecy(1, *grid("P1 B5"), cards=pink) == 5
    assert prophecy(1, *grid("B1 B5"), cards=pink) == 0


def test_kind_of_a_kind_counts():
    cards = one_card(Condition("of_a_kind", counts=(3, 4), count_points=(4, 6)))
    assert prophecy(1, *grid("B2 G5 P2 O2"), cards=cards) == 4      # three 2s, not adjacent
    assert prophecy(1, *grid("B2 G2 P2 O2 Y1"), cards=cards) == 6   # four 2s
    assert prophecy(1, *grid("B2 G2 P2 O2 Y2"), cards=cards) == 6   # five: largest listed <= 5
    assert prophecy(1, *grid("B2 G2 P1 O1", "Y2 U1"), cards=cards) == 0  # rows don't add up


def test_kind_same_colour_span_and_whole_line():
    left3 = one_card(Condition("same_colour", span=3, points=7))
    assert prophecy(1, *grid("G1 G2 G3 B4"), cards=left3) == 7      # only the 3 leftmost count
    assert prophecy(1, *grid("G1 B2 G3 G4"), cards=left3) == 0
    assert prophecy(1, *grid("G1 G2"), cards=left3) == 0            # needs 3 dice
    col = one_card(Condition("same_colour", axis="column", column=2, span=3, points=5))
    assert prophecy(1, *grid("B1 B1 Y1", "B1 B1 Y2", "G1 G1 Y3"), cards=col) == 5
    assert prophecy(1, *grid("B1 B1 Y1", "B1 B1 Y2", "G1 G1"), cards=col) == 0  # column short


def test_kind_all_match_colour_or_rank():
    sixes = one_card(Condition("all_match", axis="column", column=0, span=3, rank=6, points=8))
    assert prophecy(1, *grid("B6", "G6", "Y6"), cards=sixes) == 8
    assert prophecy(1, *grid("B6", "G6", "Y5"), cards=sixes) == 0
    blue6 = one_card(Condition("all_match", axis="column", column=0, span=3, colour=0, rank=6,
                               points=8))
    assert prophecy(1, *grid("B6", "B6", "B6"), cards=blue6) == 8
    assert prophecy(1, *grid("B6", "G6", "B6"), cards=blue6) == 0


def test_kind_sum_range_and_min_dice():
    low = one_card(Condition("sum", lo=0, hi=6, min_dice=3, points=5))
    assert prophecy(1, *grid("B1 G2 P3"), cards=low) == 5     # 6 with 3 dice
    assert prophecy(1, *grid("B1 G2"), cards=low) == 0        # too few dice
    assert prophecy(1, *grid("B1 G2 P4"), cards=low) == 0     # 7
    exact = one_card(Condition("sum", axis="column", column=1, span=3, lo=10, hi=10, points=4))
    assert prophecy(1, *grid("B1 B2", "B1 B3", "B1 B5"), cards=exact) == 4
    assert prophecy(1, *grid("B1 B2", "B1 B3", "B1 B6"), cards=exact) == 0


def test_kind_colours_exactly_n():
    two = one_card(Condition("colours", n=2, min_dice=4, points=15))
    assert prophecy(1, *grid("B1 G2 B3 G4 G5"), cards=two) == 15
    assert prophecy(1, *grid("B1 G2 B3 Y4"), cards=two) == 0   # three colours
    assert prophecy(1, *grid("B1 B2 B3 B4"), cards=two) == 0   # one colour
    assert prophecy(1, *grid("B1 G2 B3"), cards=two) == 0      # only 3 dice


def test_kind_alternate_parity():
    alt = one_card(Condition("alternate", axis="column", column=0, span=3, points=6))
    assert prophecy(1, *grid("B2", "B3", "B4"), cards=alt) == 6   # even odd even
    assert prophecy(1, *grid("B1", "B6", "B5"), cards=alt) == 6   # odd even odd
    assert prophecy(1, *grid("B2", "B4", "B1"), cards=alt) == 0   # two evens adjacent
    assert prophecy(1, *grid("B2", "B3", "B3"), cards=alt) == 0


def test_kind_equation_add_and_multiply_no_wrap():
    add = one_card(Condition("equation", spots=(0, 1, 2), op="+", points=12))
    assert prophecy(1, *grid("B2 G3 P5"), cards=add) == 12       # rulebook: 2 + 3 = 5
    assert prophecy(1, *grid("B4 G5 P3"), cards=add) == 0        # 9 does not wrap to 3
    mul = one_card(Condition("equation", spots=(2, 0, 1), op="*", points=7))
    assert prophecy(1, *grid("B3 G6 P2"), cards=mul) == 7        # spot2 x spot0 = 2 x 3 = 6
    assert prophecy(1, *grid("B3 G5 P2"), cards=mul) == 0


def test_kind_groups_by_number_of_groups():
    g = one_card(Condition("groups", axis="column", column=0, width=2, lo=20, hi=36,
                           counts=(1, 2, 3), count_points=(10, 25, 45)))
    # group sums: columns 0-1 = 6 x 4 = 24, 2-3 = 6 x 1 = 6, 4-5 = 6 x 5 = 30
    rows = ("B4 B4 B1 B1 B5 B5",) * 3
    assert prophecy(1, *grid(*rows), cards=g) == 25
    assert prophecy(1, *grid(*("B4 B4 B4 B4 B5 B5",) * 3), cards=g) == 45
    # trimming row 0 to 4 dice breaks the right group: one group left
    assert prophecy(1, *grid(*rows), kp=keep(4, 6, 6), cards=g) == 10


# ---------------------------------------------------------------------------------------------
# the use-once rules and the cap


def test_a_row_serves_one_condition_only():
    # card 01: "B6 B5 B4 B3" meets the descending pattern (20) and the 4-same-colour (14)
    assert prophecy(1, *grid("B6 B5 B4 B3", "B1 G2 P3 O4", "G1 P2 O3 U4")) == 20


def test_best_row_assignment_is_chosen():
    # row 0 meets pattern (20) and same colour (14); row 1 meets three 1s (4) and same colour (14)
    # best: pattern on row 0, same colour on row 1 = 34 (not 20 + 4)
    assert prophecy(1, *grid("B6 B5 B4 B3", "G1 G1 G1 G2", "")) == 34
    # rows are interchangeable: the same rows in another order score the same
    assert prophecy(1, *grid("", "G1 G1 G1 G2", "B6 B5 B4 B3")) == 34


def test_a_column_serves_one_condition_only():
    cards = one_card(Condition("sum", axis="column", column=0, span=3, lo=10, hi=10, points=5),
                     Condition("same_colour", axis="column", column=0, span=3, points=8),
                     Condition("alternate", axis="column", column=1, span=3, points=3))
    # column 0: blue 4, 3, 3 = 10 and one colour: only the better (8); column 1: 1 2 1 alternates
    assert prophecy(1, *grid("B4 G1", "B3 G2", "B3 G1"), cards=cards) == 8 + 3


def test_a_card_scores_at_most_50():
    cards = one_card(*(Condition("sum", axis="column", column=c, span=3, lo=3, hi=18, points=20)
                       for c in range(3)))
    assert prophecy(1, *grid("B1 B1 B1", "B1 B1 B1", "B1 B1 B1"), cards=cards) == 50  # 60 capped


def test_prophecy_max():
    # by hand from the data: 01 20+10+14, 02 45, 03 68 -> 50, 04 12+8+10+6+14, 05 42,
    # 06 72 -> 50, 07 18+12+12, 08 12+16+14, 09 60 -> 50, 10 3 x 15, 11 21+27, 12 52 -> 50
    want = [44, 45, 50, 50, 42, 50, 42, 42, 50, 45, 48, 50]
    assert [int(nbs.prophecy_max(ARR, k)) for k in range(12)] == want


# ---------------------------------------------------------------------------------------------
# the twelve shipped cards


def test_card_01():
    # descending 6543 (20) + four 2s (6) + four leftmost yellow (14)
    assert prophecy(1, *grid("B6 G5 P4 O3 Y1", "B2 G2 P2 O2 Y1", "Y1 Y3 Y5 Y6 B2")) == 40
    # trimmed: the 3 of 6543 is beyond a Spider Jack value of 3
    assert prophecy(1, *grid("B6 G5 P4 O3", "", ""), kp=keep(3, 6, 6)) == 0
    assert prophecy(1, *grid("B2 G2 P2 O2 Y2 U2")) == 10   # six of a kind


def test_card_01_ascending_or_descending():
    # the rulebook's "Ascending/Descending Ranks": 3 4 5 6 or 6 5 4 3 in the 4 leftmost spots
    assert prophecy(1, *grid("B3 G4 P5 O6")) == 20
    assert prophecy(1, *grid("B6 G5 P4 O3")) == 20
    assert prophecy(1, *grid("", "B3 G4 P5 O6 Y1")) == 20          # any one row
    assert prophecy(1, *grid("B1 B3 G4 P5 O6")) == 0               # not in the exact spots
    # one condition: both patterns on two rows still gain the 20 once
    assert prophecy(1, *grid("B3 G4 P5 O6", "Y6 U5 B4 G3", "")) == 20
    # ascending row + four 2s (6) + four leftmost yellow (14)
    assert prophecy(1, *grid("B3 G4 P5 O6 Y1", "B2 G2 P2 O2 Y1", "Y1 Y3 Y5 Y6 B2")) == 40
    # a row serves one condition: all blue 3 4 5 6 is the 20 or the 14, not both
    assert prophecy(1, *grid("B3 B4 B5 B6")) == 20
    assert prophecy(1, *grid("B3 B4 B5 B6", "G3 G4 G5 G6")) == 34
    assert nbs.prophecy_max(ARR, 0) == 44     # still 20 + 10 + 14, not 64


def test_card_01_progress_on_a_partial_ascending_row():
    # "B3 G4": ascending has 2 of its 4 spots (20 x 2/4); descending is dead (a 3 in spot 0)
    assert progress(1, *grid("B3 G4")) == pytest.approx(10.0)
    assert progress(1, *grid("B3 G4 P5")) == pytest.approx(15.0)
    # one condition, one row: ascending on row 0 (15) beats descending on row 1 ("B6": 20 x
    # 1/4 = 5), and row 1 then serves same colour (14 x 1/4 = 3.5): 18.5, not 15 + 5 + 3.5
    assert progress(1, *grid("B3 G4 P5", "B6")) == pytest.approx(18.5)
    # a wrong rank kills ascending too: "B3 G5" is left with of a kind, 1 of 3 (4 x 1/3)
    assert progress(1, *grid("B3 G5")) == pytest.approx(4 / 3)


def test_card_02():
    # groups: columns 0-1 sum 24 (yes), 2-3 sum 18 (no), 4-5 sum 36 (yes) -> 25
    assert prophecy(2, *grid(*("B4 B4 B3 B3 B6 B6",) * 3)) == 25
    assert prophecy(2, *grid(*("B4 B4 B3 B3 B3 B3",) * 3)) == 10
    assert prophecy(2, *grid(*("B4 B4 B4 B4 B4 B4",) * 3)) == 45


def test_card_03():
    # column 0: 2+3+5 = 10 (6), column 5: 3+3+4 = 10 (18); the others are not 10
    g = grid("B2 B1 B1 B1 B1 B3", "B3 B1 B1 B1 B1 B3", "B5 B1 B1 B1 B1 B4")
    assert prophecy(3, *g) == 24
    every = grid("B2 B2 B2 B2 B2 B2", "B3 B3 B3 B3 B3 B3", "B5 B5 B5 B5 B5 B5")
    assert prophecy(3, *every) == 50  # 68 capped


def test_card_04():
    # column 0: 1/2/3 (12); column 4: pink 5 in the middle (6); column 5: 3/2/1 (14)
    g = grid("B1 B1 B1 B1 B1 B3", "B2 B1 B1 B1 P5 B2", "B3 B1 B1 B1 B1 B1")
    assert prophecy(4, *g) == 32
    # a blue 5 in the middle of column 4 is not the pink 5
    g = grid("B1 B1 B1 B1 B1 B3", "B2 B1 B1 B1 B5 B2", "B3 B1 B1 B1 B1 B1")
    assert prophecy(4, *g) == 26
    # column 2 green top and bottom (8); column 3 six top and bottom (10)
    assert prophecy(4, *grid("B5 B5 G5 B6 B5 B5", "B5 B5 B5 B1 B5 B5",
                             "B5 B5 G4 B6 B5 B5")) == 18


def test_card_05():
    # columns (top to bottom): 0: 2 3 4 yes (6); 1: 1 3 2 no; 2: 5 2 1 yes (8); others 1 1 1 no
    g = grid("B2 B1 B5 B1 B1 B1", "B3 B3 B2 B1 B1 B1", "B4 B2 B1 B1 B1 B1")
    assert prophecy(5, *g) == 14


def test_card_06():
    # column 0 all blue (12), column 1 all 6s (14); column 5 orange, orange, blue: no
    g = grid("B1 G6 P1 P2 P3 O1", "B2 Y6 P1 P2 P3 O2", "B3 B6 P2 P2 P3 B3")
    assert prophecy(6, *g) == 26
    # column 1 with 6, 6, 5: no
    g = grid("B1 G6", "B2 Y6", "B3 B5")
    assert prophecy(6, *g) == 12


def test_card_07():
    # rows: 6+6+6+6+1 = 25 (>= 24: 18), 1+2+3+3 = 9 with 4 dice (12), 5+5+5 = 15 (12)
    assert prophecy(7, *grid("B6 B6 B6 B6 B1", "B1 B2 B3 B3", "B5 B5 B5")) == 42
    # 1+1+1 = 3 but only 3 dice: the "9 or less" needs 4
    assert prophecy(7, *grid("B1 B1 B1", "", "")) == 0


def test_card_08():
    # row "2 3 5 1 6" meets 0+1=2 (12) and 2+3=4 (16): one only, the 16;
    # row "2 3 1 6" meets 0x1=3 (14); row "1 4 5" meets 0+1=2 (12)
    assert prophecy(8, *grid("B2 B3 B5 B1 B6", "B2 B3 B1 B6", "B1 B4 B5")) == 42
    assert prophecy(8, *grid("B2 B3 B5 B1 B6", "", "")) == 16


def test_card_09():
    # column 0 all blue (8), column 5 all yellow (12), column 4 purple/purple/blue: no
    g = grid("B1 G1 P1 O1 U1 Y1", "B1 B1 B1 B1 U1 Y1", "B1 P1 G1 Y1 B1 Y1")
    assert prophecy(9, *g) == 20


def test_card_10():
    two = "B1 G1 B1 G1"
    assert prophecy(10, *grid(two, two, two)) == 45
    assert prophecy(10, *grid(two, "B1 G1 Y1 B1", "B1 G1 B1")) == 15   # 3 colours; 3 dice


def test_card_11():
    # col 0: 1+2=3 (6); col 3: bottom+middle = 3+2 = 5 = top (8); col 4: 2+2 = 4 = top (9)
    g = grid("B1 B1 B1 B5 B4 B1", "B2 B1 B1 B2 B2 B1", "B3 B1 B1 B3 B2 B1")
    assert prophecy(11, *g) == 23


def test_card_12():
    # col 0: 2+3+5 = 10 (8); col 1: all green (10); col 2: 5+5+5 = 15 (8); col 3: 1/2/3
    # alternate (8); col 4: 1+2 = 3 (10); col 5: 1+2+3 = 6 (8): 52, capped at 50
    g = grid("B2 G1 B5 B1 B1 B1", "B3 G1 B5 B2 B2 B2", "B5 G1 B5 B3 B3 B3")
    assert prophecy(12, *g) == 50
    # col 5 at 1+2+4 = 7: 44
    g = grid("B2 G1 B5 B1 B1 B1", "B3 G1 B5 B2 B2 B2", "B5 G1 B5 B3 B3 B4")
    assert prophecy(12, *g) == 44


# ---------------------------------------------------------------------------------------------
# progress (partial grids during play)


def test_progress_partial_credit_and_dead_conditions():
    # card 01, row 0 "B6 G5": the descending pattern has 2 of its 4 spots right: 20 x 2/4 = 10
    # (of a kind on that row would give 4 x 1/3; the other rows are empty: 0)
    assert progress(1, *grid("B6 G5")) == pytest.approx(10.0)
    # a wrong rank in a pattern spot kills the pattern; best left: two 5s of three, 4 x 2/3
    assert progress(1, *grid("B5 G5")) == pytest.approx(4 * 2 / 3)
    # card 08 row "1 2": 0+1=2 feasible (12 x 2/3), 0x1=3 feasible (14 x 2/3): one row: 9.33
    assert progress(8, *grid("B1 B2")) == pytest.approx(14 * 2 / 3)
    # row "4 5": 4+5 > 6 and 4x5 > 6 can never hold: 0
    assert progress(8, *grid("B4 B5")) == 0.0


def test_progress_trimmed_spots_cannot_be_filled():
    # card 01 pattern needs spot 3; with a Spider Jack value of 3 it is gone
    # (and with no room left, of a kind (1 of 3) and same colour (blue, green) are dead too)
    assert progress(1, *grid("B6 G5 P4"), kp=keep(3, 6, 6)) == 0.0
    assert progress(1, *grid("B6 G5 P4"), kp=keep(6, 6, 6)) == pytest.approx(15.0)


@pytest.mark.parametrize("card_id", range(1, 13))
def test_progress_equals_score_on_a_full_grid(card_id):
    g = grid("B2 G1 B5 B1 B1 B1", "B3 G1 B5 B2 B2 B2", "B5 G1 B5 B3 B3 B4")
    assert progress(card_id, *g) == pytest.approx(prophecy(card_id, *g))
    # the same with trimmed rows: the spots beyond the Spider Jack values are gone, not empty
    kp = keep(2, 5, 3)
    assert progress(card_id, *g, kp=kp) == pytest.approx(prophecy(card_id, *g, kp=kp))
