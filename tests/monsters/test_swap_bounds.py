"""The greedy Swap decision's Prophecy bounds (``bounds.py``): a condition's bound with a wild
spot is at least its value with any die there, a swap's bound is at least ``values.prog_at``
of that swap, and the decision (which evaluates only the swaps whose bound can reach its best
so far) chooses exactly what evaluating every swap chooses, with the same draws."""

from __future__ import annotations

import numpy as np

from simlab.games.monsters import scoring as nbs
from simlab.games.monsters.actions import A_SWAP
from simlab.games.monsters.bot_base import TIE, W_BEYOND, W_PROPHECY, W_RANK
from simlab.games.monsters.bounds import GAIN, cond_bound, swap_bounds, swap_prog_bound
from simlab.games.monsters.cards import AX_ROW

from .scoring_support import ARR


def full_grid(rng, few_colours):
    """An Order with every row holding 1..6 dice (a swap's grid) and Spider Jack values."""
    col = rng.integers(0, 2 if few_colours else 6, (3, 6))
    rank = rng.integers(1, 4 if few_colours else 7, (3, 6))
    n = rng.integers(1, 7, 3)
    for r in range(3):
        col[r, n[r]:] = -1
        rank[r, n[r]:] = 0
    return col.astype(np.int64), rank.astype(np.int64), rng.integers(1, 7, 3).astype(np.int64)


def test_condition_bound_covers_every_die():
    """``cond_bound`` of every condition of every card on a line, wild at a kept spot, is at
    least ``cond_value`` with each of the 36 dice at that spot (grids with empty spots too)."""
    rng = np.random.default_rng(20261205)
    tried = 0
    tight = 0
    for it in range(40):
        col, rank, kp = full_grid(rng, it % 2 == 1)
        if it % 3 == 0:  # some empty spots inside what is kept
            col[rng.integers(3), rng.integers(6)] = -1
        for k in range(ARR.p_ncond.shape[0]):
            row = ARR.p_axis[k] == AX_ROW
            for i in range(ARR.p_ncond[k]):
                for _ in range(2):
                    r, c = int(rng.integers(3)), int(rng.integers(6))
                    if c >= kp[r]:
                        continue
                    line, wj = (r, c) if row else (ARR.p_line[k, i], r)
                    if not row:
                        c = int(line)
                        if c >= kp[r]:
                            continue
                    b = cond_bound(ARR, k, i, line, col, rank, kp, wj)
                    c2, r2 = col.copy(), rank.copy()
                    most = 0.0
                    for colour in range(6):
                        for rk in range(1, 7):
                            c2[r, c], r2[r, c] = colour, rk
                            v = nbs.cond_value(ARR, k, i, line, c2, r2, kp, True)
                            assert v <= b, (k, i, line, r, c, colour, rk, v, b)
                            most = max(most, v)
                    tried += 1
                    tight += most == b
    assert tried > 1500
    assert tight > tried // 2  # mostly exact, not merely valid


def _greedy_seat(seed):
    from simlab.games.monsters.state import new_state
    from simlab.games.registry import get_game

    g = get_game("monsters")
    # prophecy_reach 0: the bots read exactly the dice kept by the Spider Jack values set here
    prep = g.prepare(g.make_rules(3, {}), g.lineup("greedy(prophecy_reach=0),"
                                                   "prophet(prophecy_reach=0),"
                                                   "greedy(prophecy_reach=0)", 3))
    A = prep.arrays
    return A, new_state(A), prep.lineup, np.random.default_rng(seed)


def _set(st, p, k, col, rank, kp):
    st.prophecy[p] = k
    st.order_col[p], st.order_rank[p], st.sj[p] = col, rank, kp
    st.order_n[p] = (col >= 0).sum(axis=1)


def test_swap_bound_covers_every_swap():
    """On random Orders of every card, ``swap_prog_bound`` of every swap on two lines (a die
    kept) is at least the progress after that swap (``values.prog_at``, equal to
    ``prophecy_progress``); its no-gain flags make it exactly the Order's progress."""
    from simlab.games.monsters import values

    A, st, lu, rng = _greedy_seat(20261206)
    w = lu.params[0]
    tried = 0
    pruned = 0
    for it in range(60):
        col, rank, kp = full_grid(rng, it % 2 == 1)
        for k in range(A.cards.p_ncond.shape[0]):
            p = it % 3
            _set(st, p, k, col, rank, kp)
            base = values.prog(A, st, p, w)
            swap_bounds(A, st, p)
            row = A.cards.p_axis[k] == AX_ROW
            cells = [(r, c) for r in range(3) for c in range(st.order_n[p, r])]
            for x, (r1, c1) in enumerate(cells):
                for r2, c2 in cells[x + 1:]:
                    if (r1 == r2 if row else c1 == c2) or (c1 >= kp[r1] and c2 >= kp[r2]):
                        continue
                    b = swap_prog_bound(A, st, p, r1, c1, r2, c2)
                    o = st.order_col[p].copy(), st.order_rank[p].copy()
                    st.order_col[p, r1, c1], st.order_col[p, r2, c2] = o[0][r2, c2], o[0][r1, c1]
                    st.order_rank[p, r1, c1], st.order_rank[p, r2, c2] = o[1][r2, c2], \
                        o[1][r1, c1]
                    got = values.prog_at(A, st, p, w, (1 << r1) | (1 << r2),
                                         (1 << c1) | (1 << c2))
                    assert got == nbs.prophecy_progress(A.cards, k, st.order_col[p],
                                                        st.order_rank[p], kp)
                    st.order_col[p], st.order_rank[p] = o
                    assert got <= b, (k, r1, c1, r2, c2, got, b)
                    tried += 1
                    pruned += b == base
            flags = st.ub[GAIN:GAIN + 18]
            assert set(np.unique(flags)) <= {0.0, 1.0}
    assert tried > 20000
    assert pruned > tried // 3  # the bound often shows a swap cannot gain


def _swap_by_evaluating_all(A, st, lu, p, rng):
    """The evaluating bots' Swap decision evaluating every swap (no bound): the choice in
    ``dec`` form, or None to skip (the same ``argmax_step`` draws from ``rng``)."""
    from simlab.core.rng import randint
    from simlab.games.monsters import values

    w = lu.params[p]
    base = values.prog(A, st, p, w)
    best, bv, nt = None, 0.0, 0
    oc, orr, sj, n = st.order_col[p], st.order_rank[p], st.sj[p], st.order_n[p]
    for x in range(24):
        r1, c1 = divmod(x, 8)
        if c1 >= n[r1]:
            continue
        for y in range(x + 1, 24):
            r2, c2 = divmod(y, 8)
            if c2 >= n[r2]:
                continue
            k1, k2 = orr[r1, c1], orr[r2, c2]
            in1 = w[W_RANK] if c1 < sj[r1] + 2 else w[W_BEYOND]
            in2 = w[W_RANK] if c2 < sj[r2] + 2 else w[W_BEYOND]
            v = (k2 - k1) * in1 + (k1 - k2) * in2
            q1 = oc[r1, c1]
            if k1 == k2 and q1 == oc[r2, c2]:
                v = 0.0
            elif w[W_PROPHECY] != 0.0 and (c1 < sj[r1] or c2 < sj[r2]):
                oc[r1, c1], oc[r2, c2], orr[r1, c1], orr[r2, c2] = oc[r2, c2], q1, k2, k1
                v += w[W_PROPHECY] * (values.prog_at(A, st, p, w, (1 << r1) | (1 << r2),
                                                     (1 << c1) | (1 << c2)) - base)
                oc[r2, c2], oc[r1, c1], orr[r1, c1], orr[r2, c2] = oc[r1, c1], q1, k1, k2
            if v > bv + TIE:
                best, bv, nt = (r1, c1, r2, c2), v, 1
            elif nt > 0 and v >= bv - TIE:
                nt += 1
                if randint(rng, nt) == 0:
                    best = (r1, c1, r2, c2)
    return best


def test_swap_decision_equals_evaluating_every_swap():
    """``decide_action``'s Swap (bounded) makes the same choice with the same draws as the
    decision evaluating every swap, on random Orders of every card, for greedy and prophet
    (ties included: few dice kinds, so equal swaps are common)."""
    from simlab.games.monsters.bots_actions import decide_action

    A, st, lu, rng = _greedy_seat(20261207)
    decided = 0
    draws = 0
    for it in range(120):
        col, rank, kp = full_grid(rng, it % 3 != 0)
        for k in range(A.cards.p_ncond.shape[0]):
            p = it % 3
            _set(st, p, k, col, rank, kp)
            s1 = np.array([it + 1, k + 7, 99, 5], np.uint64)
            s2 = s1.copy()
            want = _swap_by_evaluating_all(A, st, lu, p, s1)
            st.dec[:] = -7
            got = decide_action(A, st, lu, p, A_SWAP, 0, 0, s2)
            assert np.array_equal(st.order_col[p], col) and np.array_equal(st.order_rank[p], rank)
            assert got == (want is not None), (it, k)
            if want is not None:
                assert tuple(st.dec[:4]) == want, (it, k)
                decided += 1
            assert np.array_equal(s1, s2), (it, k)  # the same draws
            draws += not np.array_equal(s1, np.array([it + 1, k + 7, 99, 5], np.uint64))
    assert decided > 500
    assert draws > 20
