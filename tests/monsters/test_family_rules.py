"""Monsters on Board, family mode: one test per rule on hand-built positions, through the kernel's
rule functions (called from plain Python on a hand-built ``FamilyState``).

Expected values come from the rulebook and the data (paths, faces, Prophecy via the plain-Python
twin ``reference_scoring``), never from the kernel itself.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.monsters import nb_family as nf
from simlab.games.monsters.cards import load_cards
from simlab.games.monsters.game import GAME
from simlab.games.monsters.reference_scoring import prophecy_score as prophecy_ref

BLUE, GREEN, PINK, ORANGE, PURPLE, YELLOW = range(6)


def setup(players=3, bots="greedy(noise=0)", tie=None, **over):
    rules = GAME.make_rules(players, {"mode": "family", **over})
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    if tie is not None:
        prep = prep._replace(family=nf.family_arrays(rules, tie=tie))
    st = nf.new_family_state(prep.arrays)
    nf.new_game(prep.arrays, prep.family, st, new_stream(1, 0))
    return prep, st


def path(A, colour):
    """The spaces of a colour in path order (from the Town data)."""
    return [s for s in range(A.n_spaces) if A.space_colour[s] == colour]


def area_space(A, F, colour, effect):
    """Index in the colour's path of its first space whose area has ``effect``."""
    for i, s in enumerate(path(A, colour)):
        if F.area_act[A.space_area[s]] == effect:
            return i
    pytest.skip("no such space in the data")


def face_with_icons(A, colour, n):
    for f in range(6):
        if sum(1 for a in A.face_act[colour, f] if a >= 0) == n:
            return f
    pytest.skip("no such face in the data")


def put(st, p, row, dice):
    """Fill a row of p's Order with (colour, rank) dice."""
    for c, (col, rank) in enumerate(dice):
        st.order_col[p, row, c] = col
        st.order_rank[p, row, c] = rank
    st.order_n[p, row] = len(dice)


def only_die(st, fm, colour, face):
    st.fm_col[fm, :] = -1
    st.fm_col[fm, 0] = colour
    st.fm_face[fm, 0] = face


def test_setup():
    prep, st = setup(4)
    A = prep.arrays
    assert st.bag.sum() == 78 and (st.grunt_pos == -1).all() and (st.supply == 6).all()
    assert (st.minions == 0).all() and st.order_n.sum() == 0
    assert len(set(st.prophecy.tolist())) == 4 and st.prophecy.max() < A.n_prophecy


def test_placement_goes_to_the_leftmost_empty_spot():
    for seed in range(20):
        prep, st = setup(3, "random")
        A, F = prep.arrays, prep.family
        put(st, 0, 0, [(BLUE, 3), (GREEN, 4)])
        put(st, 0, 1, [(PINK, 1)])
        before = st.order_col.copy(), st.order_rank.copy(), st.order_n.copy()
        st.fm_col[0] = [YELLOW, ORANGE, -1, -1]
        st.fm_face[0] = [5, 5, 0, 0]  # rank 6, no icons: the Grunt does not move
        rng = new_stream(seed, 0)
        nf.take_and_place(A, F, st, prep.lineup, 0, 0, rng)
        rows = [r for r in range(3) if st.order_n[0, r] != before[2][0, r]]
        assert len(rows) == 1
        r = rows[0]
        k = int(before[2][0, r])
        assert st.order_n[0, r] == k + 1
        assert st.order_col[0, r, k] in (YELLOW, ORANGE) and st.order_rank[0, r, k] == 6
        mask = np.ones((3, 6), bool)
        mask[r, k] = False
        assert np.array_equal(st.order_col[0][mask], before[0][0][mask])
        assert (st.fm_col[0] >= 0).sum() == 1


@pytest.mark.parametrize("colour", [GREEN, YELLOW, ORANGE])
def test_grunt_moves_one_space_per_icon(colour):
    for n in (1, 2, 3):
        prep, st = setup()
        A, F = prep.arrays, prep.family
        f = face_with_icons(A, colour, n)
        only_die(st, 0, colour, f)
        nf.take_and_place(A, F, st, prep.lineup, 0, 0, new_stream(0, 0))
        assert st.grunt_pos[0, colour] == path(A, colour)[n - 1]
        assert st.ev[nf.C_STEPS] == n
        others = [c for c in range(6) if c != colour]
        assert (st.grunt_pos[0, others] == -1).all()


def test_die_without_icons_does_not_move():
    prep, st = setup()
    A, F = prep.arrays, prep.family
    f = face_with_icons(A, BLUE, 0)
    only_die(st, 0, BLUE, f)
    nf.take_and_place(A, F, st, prep.lineup, 0, 0, new_stream(0, 0))
    assert (st.grunt_pos[0] == -1).all() and st.order_n[0].sum() == 1


def test_area4_promotes_any_die_including_the_one_just_placed():
    prep, st = setup()
    A, F = prep.arrays, prep.family
    i = area_space(A, F, BLUE, nf.FA_PROMOTE)
    st.grunt_pos[0, BLUE] = path(A, BLUE)[i - 1]
    f = face_with_icons(A, BLUE, 1)
    rank = int(A.face_rank[BLUE, f])
    assert rank < 6
    only_die(st, 0, BLUE, f)
    nf.take_and_place(A, F, st, prep.lineup, 0, 0, new_stream(0, 0))
    # the only die of the Order is the one just placed: greedy promotes it (+1 row points)
    r = int(np.nonzero(st.order_n[0])[0][0])
    assert st.order_rank[0, r, 0] == rank + 1
    assert st.ev[nf.C_A4] == 1 and st.ev[nf.C_A4_USED] == 1


@pytest.mark.parametrize("bots,rank,expect", [
    ("greedy(noise=0)", 6, 6),            # would promote: above 6 is not allowed
    ("weights(juice=-1,prophecy=0,noise=0)", 1, 1),  # would demote: not below 1
    ("weights(juice=-1,prophecy=0,noise=0)", 6, 5),  # demote is fine
    ("greedy(noise=0)", 1, 2),
])
def test_area4_rank_limits(bots, rank, expect):
    prep, st = setup(3, bots)
    A, F = prep.arrays, prep.family
    put(st, 0, 0, [(PINK, rank)])
    st.grunt_pos[0, BLUE] = path(A, BLUE)[area_space(A, F, BLUE, nf.FA_PROMOTE) - 1]
    nf.move_grunt(A, F, st, prep.lineup, 0, BLUE, 1, new_stream(0, 0))
    assert st.order_rank[0, 0, 0] == expect
    assert st.ev[nf.C_A4_USED] == (1 if expect != rank else 0)


def test_area4_random_bot_keeps_ranks_in_range():
    for seed in range(200):
        prep, st = setup(2, "random")
        A, F = prep.arrays, prep.family
        put(st, 0, 0, [(PINK, 1), (GREEN, 6)])
        put(st, 0, 2, [(BLUE, 6)])
        st.grunt_pos[0, BLUE] = path(A, BLUE)[area_space(A, F, BLUE, nf.FA_PROMOTE) - 1]
        nf.move_grunt(A, F, st, prep.lineup, 0, BLUE, 1, new_stream(seed, 0))
        ranks = [st.order_rank[0, 0, 0], st.order_rank[0, 0, 1], st.order_rank[0, 2, 0]]
        assert all(1 <= x <= 6 for x in ranks)
        assert sum(abs(a - b) for a, b in zip(ranks, (1, 6, 6), strict=True)) <= 1
        assert st.ev[nf.C_ILLEGAL] == 0


def test_area8_swaps_two_lords_keeping_faces():
    prep, st = setup()
    A, F = prep.arrays, prep.family
    put(st, 0, 0, [(GREEN, 2)])
    put(st, 0, 1, [(YELLOW, 6)])
    st.minions[0, 1] = 2  # the middle row will never score again: the 6 belongs on top
    st.grunt_pos[0, PINK] = path(A, PINK)[area_space(A, F, PINK, nf.FA_SWAP) - 1]
    nf.move_grunt(A, F, st, prep.lineup, 0, PINK, 1, new_stream(0, 0))
    assert (st.order_col[0, 0, 0], st.order_rank[0, 0, 0]) == (YELLOW, 6)
    assert (st.order_col[0, 1, 0], st.order_rank[0, 1, 0]) == (GREEN, 2)
    assert st.ev[nf.C_A8] == 1 and st.ev[nf.C_A8_USED] == 1


def test_area8_is_optional():
    prep, st = setup()
    A, F = prep.arrays, prep.family
    put(st, 0, 0, [(GREEN, 6)])
    put(st, 0, 1, [(YELLOW, 2)])
    st.minions[0, 1] = 2  # swapping would only lose points: greedy skips
    st.grunt_pos[0, PINK] = path(A, PINK)[area_space(A, F, PINK, nf.FA_SWAP) - 1]
    nf.move_grunt(A, F, st, prep.lineup, 0, PINK, 1, new_stream(0, 0))
    assert st.order_rank[0, 0, 0] == 6 and st.ev[nf.C_A8] == 1 and st.ev[nf.C_A8_USED] == 0


@pytest.mark.parametrize("juice", [12, 5])
def test_area12_scores_returns_and_keeps_moving(juice):
    prep, st = setup(family_area12_juice=juice)
    A, F = prep.arrays, prep.family
    p = path(A, ORANGE)
    i = area_space(A, F, ORANGE, nf.FA_RETURN)
    st.grunt_pos[0, ORANGE] = p[i - 1]
    nf.move_grunt(A, F, st, prep.lineup, 0, ORANGE, 3, new_stream(0, 0))
    # step 1 onto area 12: +juice and back to the start; steps 2 and 3 from the start (the
    # leftover move is optional: greedy takes it, test_family_leftover.py has the choice)
    assert st.juice[0] == juice and st.bd[0, nf.B_AREA12] == juice
    assert st.grunt_pos[0, ORANGE] == p[1]
    assert st.ev[nf.C_A12] == 1 and st.ev[nf.C_STEPS] == 3


def test_area12_exactly_on_it_ends_at_the_start():
    prep, st = setup()
    A, F = prep.arrays, prep.family
    p = path(A, PINK)
    st.grunt_pos[0, PINK] = p[area_space(A, F, PINK, nf.FA_RETURN) - 1]
    nf.move_grunt(A, F, st, prep.lineup, 0, PINK, 1, new_stream(0, 0))
    assert st.grunt_pos[0, PINK] == -1 and st.juice[0] == F.juice12


def test_final_area_stops_the_grunt():
    prep, st = setup()
    A, F = prep.arrays, prep.family
    p = path(A, BLUE)
    st.grunt_pos[0, BLUE] = p[-1]
    nf.move_grunt(A, F, st, prep.lineup, 0, BLUE, 3, new_stream(0, 0))
    assert st.grunt_pos[0, BLUE] == A.n_spaces
    assert st.ev[nf.C_FINAL] == 1 and st.ev[nf.C_LOST] == 2 and st.ev[nf.C_STEPS] == 1
    nf.move_grunt(A, F, st, prep.lineup, 0, BLUE, 2, new_stream(0, 0))
    assert st.grunt_pos[0, BLUE] == A.n_spaces and st.ev[nf.C_LOST] == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fearmobiles_pass_to_the_right(players):
    prep, st = setup(players, "random")
    A, F = prep.arrays, prep.family
    # Fearmobile f holds only dice of colour f, ranks 6 (no icons: nothing moves)
    for f in range(players):
        st.fm_col[f, :] = f
        st.fm_face[f, :] = 5
    rng = new_stream(4, 4)
    for t in range(3):
        for p in range(players):
            nf.take_and_place(A, F, st, prep.lineup, p, t, rng)
    for p in range(players):
        got = sorted(st.order_col[p][st.order_col[p] >= 0].tolist())
        # step t: the Fearmobile that started in front of player p + t (passed right t times)
        assert got == sorted((p + t) % players for t in range(3))
    assert ((st.fm_col >= 0).sum(axis=1) == 1).all()


def test_last_die_goes_back_to_the_bag():
    prep, st = setup(3, "random")
    A, F = prep.arrays, prep.family
    st.bag[:] = [10, 10, 10, 10, 10, 10]
    st.fm_col[:, :] = -1
    st.fm_col[0, 2] = PINK
    st.fm_col[1, 0] = PINK
    st.fm_col[2, 3] = YELLOW
    put(st, 0, 0, [(BLUE, 1)] * 3)
    put(st, 1, 0, [(BLUE, 1)] * 3)
    put(st, 2, 0, [(BLUE, 1)] * 3)
    st.bag[BLUE] += 78 - 60 - 3 - 9  # the rest of the 78 dice
    nf.end_of_round(A, F, st, prep.lineup, new_stream(0, 0))
    assert (st.fm_col == -1).all()
    assert st.bag[PINK] == 12 and st.bag[YELLOW] == 11
    assert st.ev[nf.C_TO_BAG] == 3 and st.ev[nf.C_DICE_BAD] == 0 and st.ev[nf.C_CHECKS] == 1


def test_end_of_round_minion_scores_a_row_with_a_free_space():
    for seed in range(40):
        prep, st = setup(2, "random")
        A, F = prep.arrays, prep.family
        st.fm_col[:, :] = -1
        st.bag[:] = 13
        put(st, 0, 0, [(BLUE, 6), (GREEN, 5)])
        put(st, 0, 1, [(PINK, 2), (PINK, 3), (GREEN, 4)])
        put(st, 0, 2, [(YELLOW, 1)])
        st.bag[BLUE] -= 6
        st.minions[0, 0] = 2  # the top row's 2 Minion spaces are taken
        st.supply[0] = 4
        nf.end_of_round(A, F, st, prep.lineup, new_stream(seed, 0))
        assert st.minions[0, 0] == 2 and st.supply[0] == 3
        r = 1 if st.minions[0, 1] == 1 else 2
        assert st.minions[0, 3 - r] == 0
        assert st.juice[0] == (9 if r == 1 else 1) and st.bd[0, nf.B_ROWS] == st.juice[0]


def test_greedy_scores_its_best_row():
    prep, st = setup(2)
    A, F = prep.arrays, prep.family
    st.fm_col[:, :] = -1
    put(st, 0, 0, [(BLUE, 6), (GREEN, 5)])
    put(st, 0, 1, [(PINK, 2)])
    nf.end_of_round(A, F, st, prep.lineup, new_stream(0, 0))
    assert st.minions[0].tolist() == [1, 0, 0] and st.juice[0] == 11


def one_game(players, **over):
    """One whole game through the batch kernel (disk-cached): its aggregates."""
    rules = GAME.make_rules(players, {"mode": "family", **over})
    agg, rows = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", players)), 9,
                               players, 1, True)
    c = dict(zip(nf.FAMILY_COUNTER_NAMES, agg["counters"].tolist(), strict=True))
    return agg, rows, c


@pytest.mark.parametrize("players", [2, 4])
def test_six_rounds_fill_every_minion_space_and_the_order(players):
    agg, rows, c = one_game(players)
    seat = agg["seat"]
    assert c["rounds"] == 6 and c["games"] == 1
    assert (seat[:, nf.S_MIN0:nf.S_MIN2 + 1] == 2).all()      # 3 rows x 2 Minion spaces
    assert (seat[:, nf.S_ORDER] == 18).all()                   # the Order is full
    assert c["dice_drawn"] == 6 * 4 * players and c["dice_to_bag"] == 6 * players
    assert c["dice_not_conserved"] == 0 and c["minion_errors"] == 0
    assert rows["winner"][0].sum() >= 1


def test_minion_spaces_set_the_game_length():
    agg, _, c = one_game(3, family_minion_spaces="1,1,1")
    assert c["rounds"] == 3 and (agg["seat"][:, nf.S_ORDER] == 9).all()
    assert (agg["seat"][:, nf.S_MIN0:nf.S_MIN2 + 1] == 1).all()


def test_prophecy_at_the_end_counts_every_die():
    prep, st = setup(2)
    A, F = prep.arrays, prep.family
    cards = load_cards()
    rng = np.random.default_rng(5)
    for trial in range(30):
        st.order_col[:] = rng.integers(0, 6, size=st.order_col.shape)
        st.order_rank[:] = rng.integers(1, 7, size=st.order_rank.shape)
        st.order_n[:] = 6
        st.minions[:] = 2
        st.supply[:] = 0
        st.juice[:] = [40, 7]
        st.prophecy[:] = [trial % 12, (trial + 5) % 12]
        st.ev[:] = 0
        nf.game_end(A, F, st, new_stream(0, 1))
        for p in range(2):
            want = prophecy_ref(cards, int(st.prophecy[p]), st.order_col[p].tolist(),
                                st.order_rank[p].tolist(), [6, 6, 6])
            assert st.bd[p, nf.B_PROPHECY] == want <= 50
            assert st.scores[p] == st.juice[p] + want


@pytest.mark.parametrize("tie,winners", [("shared", [0, 1, 1]), ("seat", [0, 1, 0])])
def test_tie_rule(tie, winners):
    prep, st = setup(3, tie=tie)
    A, F = prep.arrays, prep.family
    cards = load_cards()
    st.order_col[:] = 0
    st.order_rank[:] = 1
    st.order_n[:] = 6
    st.minions[:] = 2
    st.supply[:] = 0
    ps = [prophecy_ref(cards, int(st.prophecy[p]), st.order_col[p].tolist(),
                       st.order_rank[p].tolist(), [6, 6, 6]) for p in range(3)]
    st.juice[:] = [50 - ps[0], 60 - ps[1], 60 - ps[2]]
    k = nf.game_end(A, F, st, new_stream(0, 1))
    assert st.winners.tolist() == winners and k == sum(winners)
    assert st.ev[nf.C_TIES] == 1
    assert st.ev[nf.C_SHARED] == (1 if tie == "shared" else 0)
    assert st.ev[nf.C_SEAT_TIE] == (1 if tie == "seat" else 0)


def test_bad_family_data_is_refused():
    from simlab.errors import SimlabError

    with pytest.raises(SimlabError, match="family_minion_spaces"):
        setup(3, family_minion_spaces="3,3,3")
    with pytest.raises(SimlabError, match="family_tie"):
        setup(3, tie="youngest")
