"""Monsters on Board: upper bounds of a Prophecy card's progress after a swap (numba), for the
evaluating bots' Swap decision (``bots_actions.decide_action``).

A swap changes one spot on each of two lines (rows of a row card, columns of a column card).
:func:`cond_bound` bounds a condition's value on a line whatever die sits at one of its spots
(the spot is "wild": it counts as a filled spot meeting every requirement); :func:`swap_bounds`
fills these per spot once per decision, and :func:`swap_prog_bound` turns them into a bound of
``values.prog_at`` for one swap (the same choice of lines and cap, which only grow with the
condition values). The decision evaluates exactly only the swaps whose bound can reach its best
so far (``bots_actions``): the same choice and the same draws from the stream as evaluating all.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.cards import (
    AX_ROW,
    K_COLOURS,
    K_EQUATION,
    K_GROUPS,
    K_OF_A_KIND,
    K_PATTERN,
    K_SUM,
    MAX_COND,
    N_COLS,
    N_ROWS,
)
from simlab.games.monsters.scoring import (
    equation_value,
    kind_value,
    line_spot,
    progress_of_lines,
    scope_tally,
    spot_state,
)

#: ``st.ub`` from this index: per spot r * 6 + c, 1 if a bound of the spot's line is above its
#: value in ``st.pvp`` (0: whatever die comes there, no condition gains)
GAIN = MAX_COND * 18


@rule
def cond_bound(C, k, i, line, order_col, order_rank, keep, wj):
    """An upper bound of ``scoring.cond_value`` (progress) of condition ``i`` of card ``k`` on
    ``line`` whatever die sits at position ``wj`` along the line (a kept spot): that spot counts
    as filled and meeting every requirement (``groups``: the highest entry of its table)."""
    kind = C.p_kind[k, i]
    axis = C.p_axis[k]
    length = N_COLS if axis == AX_ROW else N_ROWS
    pts = C.p_points[k, i]
    if kind == K_GROUPS:
        best = 0.0
        for m in range(C.p_by_count.shape[2]):
            if C.p_by_count[k, i, m] > best:
                best = float(C.p_by_count[k, i, m])
        return best
    if kind == K_PATTERN:
        best = 0.0
        for t in range(C.p_npat[k, i]):
            need = 0
            done = 0
            dead = False
            for j in range(length):
                if C.p_need[k, i, t, j] == 0:
                    continue
                need += 1
                if j == wj:
                    done += 1
                    continue
                r, c = line_spot(axis, line, j)
                s = spot_state(order_col, keep, True, r, c)
                if s < 0:
                    dead = True
                    break
                if s == 1:
                    wc = C.p_scol[k, i, j]
                    wr = C.p_srank[k, i, t, j]
                    if (wc >= 0 and order_col[r, c] != wc) or (wr > 0 and order_rank[r, c] != wr):
                        dead = True
                        break
                    done += 1
            if not dead:
                v = C.p_points[k, i] * done / need
                if v > best:
                    best = v
        return best
    if kind == K_EQUATION:
        return equation_value(C, k, i, axis, line, order_col, order_rank, keep, True, wj)
    # the scope kinds: scoring.cond_value's pass, the wild spot filled with no requirement
    gone, nf, ne, s, most, ncol, broken, wild = scope_tally(C, k, i, axis, line, order_col,
                                                            order_rank, keep, True, wj)
    if gone:
        return 0.0
    if nf + ne < C.p_min[k, i]:
        return 0.0
    if kind == K_OF_A_KIND:
        return max(kind_value(C, k, i, most, ne), kind_value(C, k, i, most + wild, ne))
    if kind == K_SUM:  # the wild die any rank 1..6
        ok = s + ne + wild <= C.p_hi[k, i] and s + 6 * (ne + wild) >= C.p_lo[k, i]
    elif kind == K_COLOURS:  # the wild die a colour seen or a new one
        n = C.p_n[k, i]
        ok = (ncol <= n and ncol + ne >= n) or (ncol + wild <= n and ncol + wild + ne >= n)
    else:
        ok = not broken
    if not ok:
        return 0.0
    return pts * nf / (nf + ne)


@rule
def swap_bounds(A, st, p):
    """Fill ``st.ub[i * 18 + r * 6 + c]`` with :func:`cond_bound` of each condition of p's
    Prophecy card on the line through each kept die (r, c) of p's Order, wild at that die (a
    row card: every condition on row r; a column card: the conditions on column c)."""
    C = A.cards
    k = st.prophecy[p]
    row = C.p_axis[k] == AX_ROW
    for r in range(N_ROWS):
        for c in range(min(st.order_n[p, r], st.pkeep[p, r])):
            gain = 0
            for i in range(C.p_ncond[k]):
                if row:
                    b = cond_bound(C, k, i, r, st.order_col[p], st.order_rank[p], st.pkeep[p], c)
                    if b > st.pvp[p, 3 * i + r]:
                        gain = 1
                elif C.p_line[k, i] == c or C.p_kind[k, i] == K_GROUPS:
                    b = cond_bound(C, k, i, c, st.order_col[p], st.order_rank[p], st.pkeep[p], r)
                    if b > st.pvp[p, 3 * i]:
                        gain = 1
                else:
                    continue
                st.ub[i * 18 + r * 6 + c] = b
            st.ub[GAIN + r * 6 + c] = gain


@rule
def swap_prog_bound(A, st, p, r1, c1, r2, c2):
    """An upper bound of ``values.prog_at`` after swapping the dice at (r1, c1) and (r2, c2) of
    p's Order (on two lines: different rows of a row card, different columns of a column card;
    at least one die kept), from :func:`swap_bounds` and ``st.pvp[p]``: a line keeps its values
    unless its changed spot is kept; ``groups`` conditions take their bound on every line.
    When no condition gains at either spot the bound is p's progress, ``st.pbase[p]``."""
    C = A.cards
    k = st.prophecy[p]
    row = C.p_axis[k] == AX_ROW
    in1 = c1 < st.pkeep[p, r1]
    in2 = c2 < st.pkeep[p, r2]
    if (not in1 or st.ub[GAIN + r1 * 6 + c1] == 0) and \
            (not in2 or st.ub[GAIN + r2 * 6 + c2] == 0):
        return st.pbase[p]
    for i in range(C.p_ncond[k]):
        for q in range(3):
            st.pv[0, 3 * i + q] = st.pvp[p, 3 * i + q]
        if C.p_kind[k, i] == K_GROUPS:
            b = st.ub[i * 18 + r1 * 6 + c1] if in1 else st.ub[i * 18 + r2 * 6 + c2]
            for q in range(3):
                st.pv[0, 3 * i + q] = b
        elif row:
            if in1:
                st.pv[0, 3 * i + r1] = st.ub[i * 18 + r1 * 6 + c1]
            if in2:
                st.pv[0, 3 * i + r2] = st.ub[i * 18 + r2 * 6 + c2]
        elif in1 and C.p_line[k, i] == c1:
            st.pv[0, 3 * i] = st.ub[i * 18 + r1 * 6 + c1]
        elif in2 and C.p_line[k, i] == c2:
            st.pv[0, 3 * i] = st.ub[i * 18 + r2 * 6 + c2]
    return progress_of_lines(C, k, st.pv[0])
