"""Rulebook "Final Scoring" and "Arch Monster Cards": trimming, final-area Grunts (the worked
examples), every Arch Monster kind ("each" vs "if you have ... once"), several cards on the
same dice, discarded cards. Both engines, expected values by hand."""

from __future__ import annotations

from simlab.games.monsters.cards import load_cards

from .scoring_support import CARDS, arch_index, final, grid, keep, same_arch_twice, space

# ---------------------------------------------------------------------------------------------
# trimming and final-area Grunts


def test_rulebook_two_blue_grunts_four_blue_dice_24():
    g = grid("B1 B2 G3", "B4 P5", "B6")
    assert final(*g, grunts=[("B", "F"), ("B", "F")]) == (24, 0, 0)   # 3 x 2 x 4


def test_rulebook_one_green_grunt_three_green_dice_9():
    g = grid("G1 G2 B3", "G4", "")
    assert final(*g, grunts=[("G", "F"), ("B", 5)]) == (9, 0, 0)   # the blue Grunt is not there


def test_trimming_keeps_the_first_sj_dice():
    # rulebook: Spider Jack 4 keeps the first 4 dice of the row, the 5th and 6th are gone
    g = grid("B1 B1 B1 B1 B1 B1", "", "")
    assert final(*g, sj=keep(4, 1, 1), grunts=[("B", "F")]) == (12, 0, 0)
    assert final(*g, sj=keep(6, 1, 1), grunts=[("B", "F")]) == (18, 0, 0)
    # trimmed dice score nothing anywhere: card 01's 6543 needs the 4th spot
    g = grid("B6 G5 P4 O3", "", "")
    assert final(*g, sj=keep(4, 6, 6), prophecy_card=0)[1] == 20
    assert final(*g, sj=keep(3, 6, 6), prophecy_card=0)[1] == 0


def test_single_grunt_card_raises_one_grunt_to_5_per_die():
    blue = arch_index("single_grunt", ("blue",))
    g = grid("B1 B2 B3 B4", "", "")
    assert final(*g, grunts=[("B", "F")], arch=[blue]) == (20, 0, 0)           # 5 x 4
    # two blue Grunts, one card: one at 5, the other at 3
    assert final(*g, grunts=[("B", "F"), ("B", "F")], arch=[blue]) == (32, 0, 0)
    # the Grunt must be in the final area
    assert final(*g, grunts=[("B", 20)], arch=[blue]) == (0, 0, 0)
    # another colour's card changes nothing; a discarded card (-1) changes nothing
    green = arch_index("single_grunt", ("green",))
    assert final(*g, grunts=[("B", "F")], arch=[green]) == (12, 0, 0)
    assert final(*g, grunts=[("B", "F")], arch=[-1]) == (12, 0, 0)


# ---------------------------------------------------------------------------------------------
# Arch Monster kinds


def test_adjacent_pairs_rulebook_example_three_pairs_6():
    bg = arch_index("adjacent_pair", ("blue", "green"))
    # pairs: (0,0)B-(0,1)G, (0,1)G-(0,2)B, (0,2)B-(1,2)G below; G-P and P-P are not
    g = grid("B1 G1 B1", "P1 P1 G1", "")
    assert final(*g, arch=[bg]) == (0, 0, 6)
    # trimming row 0 to 2 dice removes two of the pairs
    assert final(*g, sj=keep(2, 6, 6), arch=[bg]) == (0, 0, 2)


def test_each_scores_per_card_and_cards_share_dice():
    cards = same_arch_twice("adjacent_pair", (0, 1))
    g = grid("B1 G1 B1", "P1 P1 G1", "")
    assert final(*g, arch=[0, 1], cards=cards) == (0, 0, 12)   # 6 for each card, same dice


def test_spooked_sums_area_numbers_of_the_colour():
    spooked = arch_index("spooked", ("blue",))
    g = grid("B1", "", "")
    # blue Grunts in the final area (13), in area 5 (5), at the start (0); a pink one in area 9
    grunts = [("B", "F"), ("B", space(5, 1)), ("B", -1), ("P", space(9))]
    assert final(*g, grunts=grunts, arch=[spooked]) == (3, 0, 18)   # + 3 for the final Grunt


def test_ghosts_in_neighborhoods_3_each():
    card = arch_index("ghosts_in_neighborhoods")
    ghosts = [space(4, 0), space(4, 1), space(8, 2), space(5, 0)]   # area 5 is public
    assert final(*grid(), ghosts=ghosts, arch=[card]) == (0, 0, 9)


def test_two_ghosts_in_one_neighborhood_8_once():
    card = arch_index("ghosts_in_one_neighborhood")
    assert final(*grid(), ghosts=[space(4, 0), space(4, 2)], arch=[card])[2] == 8
    assert final(*grid(), ghosts=[space(4, 0), space(8, 0)], arch=[card])[2] == 0
    assert final(*grid(), ghosts=[space(1, 0), space(1, 1)], arch=[card])[2] == 0  # public
    two_pairs = [space(4, 0), space(4, 1), space(8, 0), space(8, 1)]
    assert final(*grid(), ghosts=two_pairs, arch=[card])[2] == 8                   # once


def test_adjacent_columns_30_gains_12_once():
    card = arch_index("adjacent_columns")
    g = grid("B1 B1 B5 B5 B5 B5", "B1 B1 B5 B5 B5 B5", "B1 B1 B5 B5 B5 B5")
    assert final(*g, arch=[card])[2] == 12          # columns 2+3 = 30 (and 3+4, 4+5): once
    # rows trimmed to 4 dice: columns 2 and 3 still 30; trimmed to 3: 15 + 10 = 25
    assert final(*g, sj=keep(4, 4, 4), arch=[card])[2] == 12
    assert final(*g, sj=keep(3, 4, 3), arch=[card])[2] == 0


def test_three_minions_in_one_neighborhood_10_once():
    card = arch_index("minions_in_one_neighborhood")
    in8 = [space(8, 0), space(8, 1), space(8, 2)]
    assert final(*grid(), minions=in8, arch=[card])[2] == 10
    assert final(*grid(), minions=in8[:2] + [space(12)], arch=[card])[2] == 0
    assert final(*grid(), minions=[space(5, i) for i in range(3)], arch=[card])[2] == 0
    assert final(*grid(), minions=in8 + [-1, -1], arch=[card])[2] == 10   # starting spots


def test_three_of_a_colour_in_one_row_10_once():
    card = arch_index("row_colour", ("pink",))
    assert final(*grid("P1 B1 P1 P2", "P1 P1 P1", ""), arch=[card])[2] == 10   # two rows: once
    assert final(*grid("P1 P1", "P1", ""), arch=[card])[2] == 0                # 2 + 1
    assert final(*grid("P1 P1 B1 P1", "", ""), sj=keep(3, 6, 6), arch=[card])[2] == 0


def test_discarded_cards_do_not_score():
    bg = arch_index("adjacent_pair", ("blue", "green"))
    rc = arch_index("row_colour", ("blue",))
    g = grid("B1 G1 B1 B1", "", "")
    assert final(*g, arch=[bg, rc]) == (0, 0, 4 + 10)
    assert final(*g, arch=[-1, rc]) == (0, 0, 10)         # discarded in place
    assert final(*g, arch=[rc, bg], n_arch=1) == (0, 0, 10)   # only the first n_arch are owned


def test_everything_together():
    # rows: "P1 G1 P1 G1" (4 kept), "P1 G1 P1" (trimmed to 3), "B1 G1 B1 G1" (4 kept)
    two = "P1 G1 P1 G1"
    cards = load_cards()
    g = grid(two, two, "B1 G1 B1 G1")
    got = final(*g, sj=keep(4, 3, 4), grunts=[("P", "F")], ghosts=[space(12)],
                prophecy_card=9, arch=[arch_index("row_colour", ("pink",), cards),
                                       arch_index("ghosts_in_neighborhoods", (), cards)])
    # 1 pink Grunt in the final area x 4 kept pink dice (2 + 2) x 3 = 12; card 10 needs 4 dice in
    # a row: rows 0 and 2 only (2 x 15 = 30); row_colour pink: at most 2 pinks per row (0);
    # one Ghost in neighborhood 12 (3)
    assert got == (12, 30, 3)
    assert CARDS.prophecy[9].id == 10
