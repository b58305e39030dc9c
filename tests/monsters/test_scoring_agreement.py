"""The numba kernels agree with the plain-Python twin on thousands of random grids and
positions (seeded numpy)."""

from __future__ import annotations

import numpy as np

from simlab.games.monsters import reference_scoring as ref
from simlab.games.monsters import scoring as nbs
from simlab.games.monsters.cards import AX_ROW

from .scoring_support import ARR, CARDS, N_SPACES, town


def random_grid(rng, few_colours):
    col = rng.integers(0, 3 if few_colours else 6, (3, 6))
    rank = rng.integers(1, 7, (3, 6))
    filled = rng.integers(0, 7, 3)
    for r in range(3):
        col[r, filled[r]:] = -1
    return col.astype(np.int64), rank.astype(np.int64), rng.integers(1, 7, 3).astype(np.int64)


def test_prophecy_score_and_progress_agree():
    rng = np.random.default_rng(20261130)
    scored = 0
    for it in range(400):
        col, rank, kp = random_grid(rng, it % 2 == 1)
        for k in range(len(CARDS.prophecy)):
            a = nbs.prophecy_score(ARR, k, col, rank, kp)
            assert a == ref.prophecy_score(CARDS, k, col, rank, kp), (k, col, rank, kp)
            p = nbs.prophecy_progress(ARR, k, col, rank, kp)
            assert abs(p - ref.prophecy_progress(CARDS, k, col, rank, kp)) < 1e-9, (k, col, rank)
            assert 0 <= a <= nbs.prophecy_max(ARR, k)
            scored += a > 0
    assert scored > 200   # the random grids do exercise scoring conditions


def test_final_score_agrees():
    rng = np.random.default_rng(7)
    space_area, area_public = town()
    out = np.zeros(3, dtype=np.int64)
    nonzero = np.zeros(3, dtype=np.int64)
    for _ in range(2000):
        col, rank, _ = random_grid(rng, False)
        col[:, :] = np.where(rng.random((3, 6)) < 0.9, rng.integers(0, 6, (3, 6)), -1)
        for r in range(3):  # rows fill left to right
            holes = np.flatnonzero(col[r] < 0)
            if holes.size:
                col[r, holes[0]:] = -1
        sj = rng.integers(1, 7, 3).astype(np.int64)
        n_g = rng.integers(0, 12)
        gc = np.full(12, -1, dtype=np.int64)
        gp = np.full(12, -1, dtype=np.int64)
        gc[:n_g] = rng.integers(0, 6, n_g)
        gp[:n_g] = rng.choice(np.arange(-2, N_SPACES + 1), n_g)
        gp[:n_g][rng.random(n_g) < 0.4] = N_SPACES
        ghost_at = np.where(rng.random(N_SPACES) < 0.15, 1, -1).astype(np.int64)
        minion_pos = rng.integers(-1, N_SPACES, 6).astype(np.int64)
        minion_pos[rng.random(6) < 0.5] = rng.choice([9, 10, 11, 21, 22, 23])  # areas 4 and 8
        arch = rng.integers(-1, len(CARDS.arch), 10).astype(np.int64)
        n_arch = int(rng.integers(0, 11))
        pc = int(rng.integers(-1, len(CARDS.prophecy)))
        nbs.final_score(ARR, space_area, area_public, col, rank, sj, gc, gp, ghost_at,
                        minion_pos, pc, arch, n_arch, out)
        want = ref.final_score(CARDS, space_area, area_public, col, rank, sj, gc, gp, ghost_at,
                               minion_pos, pc, arch, n_arch)
        assert tuple(int(x) for x in out) == want, (col, rank, sj, gc, gp, arch, n_arch)
        nonzero += out > 0
    assert (nonzero > 100).all()


def test_every_arch_card_agrees_alone():
    rng = np.random.default_rng(3)
    space_area, area_public = town()
    for i in range(len(CARDS.arch)):
        for _ in range(40):
            col, rank, sj = random_grid(rng, True)
            gc = rng.integers(0, 6, 12).astype(np.int64)
            gp = rng.integers(-2, N_SPACES + 1, 12).astype(np.int64)
            ghost_at = np.where(rng.random(N_SPACES) < 0.2, 0, -1).astype(np.int64)
            mp = rng.choice([9, 10, 11, 21, 22, 23, -1, 3], 6).astype(np.int64)
            a = nbs.arch_score(ARR, i, col, rank, sj, space_area, area_public, gc, gp, ghost_at, mp)
            b = ref.arch_score(CARDS.arch[i], col, rank, sj, space_area, area_public, gc, gp,
                               ghost_at, mp)
            assert a == b, (i, CARDS.arch[i])


def test_progress_by_lines_equals_prophecy_progress_after_any_change():
    """The bots' incremental Prophecy progress (``progress_lines`` on the changed rows and
    columns only, then ``progress_of_lines``) gives exactly ``prophecy_progress`` after a
    placement, a promotion or a swap, on every card (values.prog / values.prog_at); so does
    ``progress_changed`` in one pass, leaving the base values as they are."""
    rng = np.random.default_rng(20261202)
    base = np.zeros(24)
    vals = np.zeros(24)
    changed = 0
    for it in range(300):
        col, rank, kp = random_grid(rng, it % 2 == 1)
        for k in range(len(CARDS.prophecy)):
            nbs.progress_lines(ARR, k, col, rank, kp, base, 7, 63)
            assert nbs.progress_of_lines(ARR, k, base) == nbs.prophecy_progress(ARR, k, col,
                                                                                rank, kp)
            c2, r2 = col.copy(), rank.copy()
            cells = [(int(rng.integers(3)), int(rng.integers(6))) for _ in range(1 + it % 2)]
            for r, c in cells:           # one cell (place / promote) or two (swap-like)
                c2[r, c] = rng.integers(-1, 6)
                r2[r, c] = rng.integers(1, 7)
            rows = sum({1 << r for r, _ in cells})
            cols = sum({1 << c for _, c in cells})
            vals[:] = base
            kept = base.copy()
            one_pass = nbs.progress_changed(ARR, k, c2, r2, kp, base, rows, cols)
            assert np.array_equal(base, kept)
            nbs.progress_lines(ARR, k, c2, r2, kp, vals, rows, cols)
            want = nbs.prophecy_progress(ARR, k, c2, r2, kp)
            assert nbs.progress_of_lines(ARR, k, vals) == want, (k, cells)
            if ARR.p_axis[k] == AX_ROW or ARR.p_overlap[k] == 0:  # one pass
                assert one_pass == want, (k, cells)
            else:
                assert one_pass == -1.0
            changed += want != nbs.prophecy_progress(ARR, k, col, rank, kp)
    assert changed > 500   # the changes do move the value


def _greedy_3p(seed):
    """A 3-player greedy table's arrays and a fresh state, greedy's weights, a numpy generator
    and the number of Prophecy cards: what the bots' remembered-value tests change."""
    from simlab.games.monsters import values
    from simlab.games.monsters.bot_base import bot_vector
    from simlab.games.monsters.state import new_state
    from simlab.games.registry import get_game

    g = get_game("monsters")
    A = g.prepare(g.make_rules(3, {}), g.lineup("greedy", 3)).arrays
    return (values, A, new_state(A), bot_vector("greedy"), np.random.default_rng(seed),
            A.cards.p_ncond.shape[0])


def _read(st, p, w):
    """The spots of each row a bot's Prophecy progress reads: its Spider Jack die +
    ``prophecy_reach`` (``values.prophecy_keep``), at most the row."""
    from simlab.games.monsters.bot_base import W_PROPHECY_REACH

    return np.minimum(st.sj[p] + int(w[W_PROPHECY_REACH]), 6)


def test_bots_prophecy_progress_follows_a_changing_order():
    """``values.prog`` (a bot's Prophecy progress of its Order, re-evaluating only the lines
    that changed since its last call) equals ``prophecy_progress`` along games of small
    changes: a spot, two spots, a Spider Jack value, a new card."""
    values, A, st, w, rng, n_cards = _greedy_3p(20261203)
    for it in range(600):
        p = int(rng.integers(3))
        if it % 50 == 0 or rng.random() < 0.05:
            st.prophecy[p] = rng.integers(n_cards)
        what = rng.random()
        if what < 0.15:
            st.sj[p, rng.integers(3)] = rng.integers(1, 7)
        elif what < 0.9:
            for _ in range(1 + int(rng.integers(2))):
                r, c = rng.integers(3), rng.integers(6)
                if rng.random() < 0.2:
                    st.order_col[p, r, c], st.order_rank[p, r, c] = -1, 0
                else:
                    st.order_col[p, r, c], st.order_rank[p, r, c] = rng.integers(6), \
                        rng.integers(1, 7)
        got = values.prog(A, st, p, w)
        want = nbs.prophecy_progress(A.cards, st.prophecy[p], st.order_col[p], st.order_rank[p],
                                     _read(st, p, w))
        assert got == want, (it, p)


def test_bots_remembered_prophecy_values_follow_a_changing_order():
    """``values.prog_append`` (a die added to a row: remembered per row, colour and rank until
    the Order changes, across new cards and games) and ``values.prog_at`` (a promotion, a
    swap: the changed lines only) equal ``prophecy_progress`` of the changed Order along games
    of small changes (new cards switching between row and column cards, Spider Jack values,
    new games; few dice kinds, so remembered values are asked again)."""
    values, A, st, w, rng, n_cards = _greedy_3p(20261204)
    st.order_col[:] = -1
    st.sj[:] = 1
    for p in range(3):
        st.prophecy[p] = p

    def die():
        return int(rng.integers(3)), int(rng.integers(1, 4))

    def want(p):
        return nbs.prophecy_progress(A.cards, st.prophecy[p], st.order_col[p], st.order_rank[p],
                                     _read(st, p, w))

    asked = 0
    for it in range(500):
        p = int(rng.integers(3))
        what = rng.random()
        if it % 60 == 59:  # a new game: empty Orders
            st.order_col[:], st.order_rank[:], st.order_n[:], st.sj[:] = -1, 0, 0, 1
        if what < 0.1:
            st.prophecy[p] = rng.integers(n_cards)
        elif what < 0.2:
            st.sj[p, rng.integers(3)] = rng.integers(1, 7)
        elif what < 0.7:
            r = int(rng.integers(3))
            n = st.order_n[p, r]
            if n < 6:
                st.order_col[p, r, n], st.order_rank[p, r, n] = die()
                st.order_n[p, r] = n + 1
        elif st.order_n[p].sum() > 0:
            r = int(np.argmax(st.order_n[p]))
            st.order_col[p, r, 0], st.order_rank[p, r, 0] = die()
        assert values.prog(A, st, p, w) == want(p), it
        for _ in range(6):  # a die added to a row
            r = int(rng.integers(3))
            n = st.order_n[p, r]
            if n < 6:
                c, rank = die()
                got = values.prog_append(A, st, p, w, r, c, rank)
                st.order_col[p, r, n], st.order_rank[p, r, n], st.order_n[p, r] = c, rank, n + 1
                assert got == want(p), (it, r, c, rank)
                st.order_col[p, r, n], st.order_rank[p, r, n], st.order_n[p, r] = -1, 0, n
                asked += 1
        cells = [(r, c) for r in range(3) for c in range(st.order_n[p, r])]
        for _ in range(6 if len(cells) > 1 else 0):
            i, j = rng.choice(len(cells), 2, replace=False)
            (r1, c1), (r2, c2) = cells[i], cells[j]
            keep1 = st.order_col[p, r1, c1], st.order_rank[p, r1, c1]
            keep2 = st.order_col[p, r2, c2], st.order_rank[p, r2, c2]
            if rng.random() < 0.5:  # a promotion / demotion
                st.order_rank[p, r1, c1] = rng.integers(1, 4)
                got = values.prog_at(A, st, p, w, 1 << r1, 1 << c1)
            else:                   # a swap
                st.order_col[p, r1, c1], st.order_rank[p, r1, c1] = keep2
                st.order_col[p, r2, c2], st.order_rank[p, r2, c2] = keep1
                got = values.prog_at(A, st, p, w, (1 << r1) | (1 << r2), (1 << c1) | (1 << c2))
            assert got == want(p), (it, r1, c1, r2, c2)
            st.order_col[p, r1, c1], st.order_rank[p, r1, c1] = keep1
            st.order_col[p, r2, c2], st.order_rank[p, r2, c2] = keep2
            asked += 1
    assert asked > 3000


def test_trimmed_spots_change_no_progress():
    """A die beyond its row's Spider Jack value is read by no Prophecy condition, so the bots
    skip the evaluation there (``values.trimmed_progress``: promoting or swapping such dice,
    adding a die to a row already holding its Spider Jack value): changing only such spots
    gives exactly the progress of the Order (every card, random grids), and
    ``values.prog_at`` on such a change gives exactly ``trimmed_progress``."""
    from simlab.games.monsters.bot_base import W_PROPHECY_REACH

    values, A, st, w, rng, n_cards = _greedy_3p(20261205)
    w = w.copy()
    w[W_PROPHECY_REACH] = 0   # the bot reads exactly the dice its Spider Jack values keep
    tried = 0
    for it in range(300):
        col, rank, kp = random_grid(rng, it % 2 == 1)
        gone = [(r, c) for r in range(3) for c in range(int(kp[r]), 6)]
        if not gone:
            continue
        for k in range(n_cards):
            want = nbs.prophecy_progress(ARR, k, col, rank, kp)
            c2, r2 = col.copy(), rank.copy()
            for i in rng.choice(len(gone), min(len(gone), 1 + it % 3), replace=False):
                r, c = gone[i]
                c2[r, c], r2[r, c] = rng.integers(-1, 6), rng.integers(1, 7)
            assert nbs.prophecy_progress(ARR, k, c2, r2, kp) == want, (k, kp)
            p = it % 3
            st.prophecy[p] = k
            st.order_col[p], st.order_rank[p], st.sj[p] = col, rank, kp
            st.order_n[p] = (col >= 0).sum(axis=1)
            base = values.prog(A, st, p, w)
            assert base == want
            st.order_col[p], st.order_rank[p] = c2, r2
            assert values.prog_at(A, st, p, w, 7, 63) == values.trimmed_progress(st, p, w) \
                == base, (k, kp)
            tried += 1
    assert tried > 2000
