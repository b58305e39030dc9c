"""Monsters on Board final scoring: numba ``rule`` kernels (no allocation; scratch passed in).

Rulebook "Final Scoring": each row is trimmed to its Spider Jack value (the rightmost dice go;
they score nothing from then on), then final-area Grunts, the Prophecy card (at most 50) and the
Arch Monster cards still in front of the player. ``reference_scoring.py`` is the plain-Python twin.

Grid arguments: ``order_col[3, 6]`` (colour, -1 empty), ``order_rank[3, 6]`` (1..6) and
``keep[3]``: a die counts only in the first ``keep[r]`` spots of row r (the Spider Jack values
``sj`` at the end; trimming is this limit, the arrays are never changed). Nothing is allocated
and no scratch array is needed (the row assignment lives in a tuple).

Prophecy evaluation (``cards.py`` describes the condition kinds): every condition gets a value
per line it may use (a row card: each of the 3 rows; a column card: its own column), then the
best use is chosen, each row/column serving at most one condition (rows: a dynamic programme
over the 8 subsets of rows; columns: a plain sum when no two conditions share a column, else
the best of the subsets of conditions), then the cap.

``prophecy_progress`` is the same evaluation on a grid still being filled: an empty spot inside
``keep`` may still receive any die. A condition that can no longer be met is worth 0; one that
still can is worth ``points x`` the fraction of its scope already filled (``pattern``: of its
required spots already matching, the best of its alternative rank patterns; ``equation``: of
its 3 spots; ``of_a_kind``: the first
count's points x most-of-a-rank / that count, or the full table entry once reached; ``groups``:
the points table interpolated at the sum of the groups' fractions). "Can still be met" is
optimistic (any rank 1..6 and colour may come; promotions, swaps and the dice supply are
ignored). With no empty spot left it equals ``prophecy_score`` exactly. Callers choose
``keep`` (the current Spider Jack values, or 6 everywhere to ignore later trimming).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.cards import (
    AX_ROW,
    K_ALL_MATCH,
    K_ALTERNATE,
    K_COLOURS,
    K_EQUATION,
    K_GROUPS,
    K_OF_A_KIND,
    K_PATTERN,
    K_SAME_COLOUR,
    K_SUM,
    M_ADJ_COLUMNS,
    M_ADJ_PAIR,
    M_GHOSTS,
    M_GHOSTS_ONE,
    M_MINIONS_ONE,
    M_ROW_COLOUR,
    M_SINGLE_GRUNT,
    M_SPOOKED,
    MAX_ARCH_PER_DIE,
    N_COLS,
    N_ROWS,
    OP_ADD,
)

FINAL_AREA = 13


@rule
def spot_state(order_col, keep, partial, r, c):
    """1: a kept die; 0: empty but fillable (progress only); -1: gone."""
    if c < keep[r]:
        if order_col[r, c] >= 0:
            return 1
        if partial:
            return 0
    return -1


@rule
def line_spot(axis, line, j):
    """(row, column) of position ``j`` along ``line`` of a row (AX_ROW) or column card."""
    if axis == AX_ROW:
        return line, j
    return j, line


@rule(inline=True)
def eq_feasible(va, vb, vc, op):
    """Can unknown ranks (0) 1..6 make ``a op b = c``?"""
    a0, a1 = (va, va) if va > 0 else (1, 6)
    b0, b1 = (vb, vb) if vb > 0 else (1, 6)
    c0, c1 = (vc, vc) if vc > 0 else (1, 6)
    for a in range(a0, a1 + 1):
        for b in range(b0, b1 + 1):
            x = a + b if op == OP_ADD else a * b
            if c0 <= x <= c1:
                return True
    return False


@rule(inline=True)
def _groups_value(C, k, i, order_col, order_rank, keep, partial):
    w = C.p_n[k, i]
    total = 0.0
    for g in range(N_COLS // w):
        nf = 0
        ne = 0
        s = 0
        dead = False
        for r in range(N_ROWS):
            for c in range(g * w, g * w + w):
                st = spot_state(order_col, keep, partial, r, c)
                if st < 0:
                    dead = True
                elif st == 1:
                    nf += 1
                    s += order_rank[r, c]
                else:
                    ne += 1
        if dead or s + ne > C.p_hi[k, i] or s + 6 * ne < C.p_lo[k, i]:
            continue
        total += nf / (nf + ne)
    whole = int(total)
    if whole >= 6:
        return float(C.p_by_count[k, i, 6])
    lo = C.p_by_count[k, i, whole]
    return lo + (C.p_by_count[k, i, whole + 1] - lo) * (total - whole)


@rule(inline=True)
def _pattern_value(C, k, i, t, line, order_col, order_rank, keep, partial):
    """Rank pattern ``t`` of pattern condition ``i`` on ``line``: the points when every
    required spot matches, partial credit while it still can, 0 once it cannot."""
    axis = C.p_axis[k]
    length = N_COLS if axis == AX_ROW else N_ROWS
    need = 0
    done = 0
    for j in range(length):
        if C.p_need[k, i, t, j] == 0:
            continue
        need += 1
        r, c = line_spot(axis, line, j)
        st = spot_state(order_col, keep, partial, r, c)
        if st < 0:
            return 0.0
        if st == 1:
            wc = C.p_scol[k, i, j]
            wr = C.p_srank[k, i, t, j]
            if (wc >= 0 and order_col[r, c] != wc) or (wr > 0 and order_rank[r, c] != wr):
                return 0.0
            done += 1
    return C.p_points[k, i] * done / need


@rule(inline=True)
def equation_value(C, k, i, axis, line, order_col, order_rank, keep, partial, wj):
    """An ``equation`` condition on ``line``: its points x the share of its three spots filled,
    when the ranks there (an empty spot, or the wild spot ``wj`` >= 0 of :mod:`bounds`, any
    rank) can make ``a op b = c``; 0 when a spot is gone or they cannot."""
    v0 = 0
    v1 = 0
    v2 = 0
    nf = 0
    for q in range(3):
        v = 0  # 0: any rank (an empty spot or the wild one)
        if C.p_eq[k, i, q] == wj:
            nf += 1
        else:
            r, c = line_spot(axis, line, C.p_eq[k, i, q])
            st = spot_state(order_col, keep, partial, r, c)
            if st < 0:
                return 0.0
            if st == 1:
                v = order_rank[r, c]
                nf += 1
        if q == 0:
            v0 = v
        elif q == 1:
            v1 = v
        else:
            v2 = v
    if not eq_feasible(v0, v1, v2, C.p_op[k, i]):
        return 0.0
    return C.p_points[k, i] * nf / 3


@rule(inline=True)
def scope_tally(C, k, i, axis, line, order_col, order_rank, keep, partial, wj):
    """One pass over the scope of condition ``i`` of card ``k`` on ``line`` (the first ``span``
    spots, all there, or every spot still there), gathering only what the condition's kind
    reads: (gone, filled, empty, rank sum, most dice of one rank, colours seen,
    broken, wild). ``wj`` >= 0 is a wild spot (:mod:`bounds`): filled, meeting every
    requirement, either parity for its neighbours; -1 for none. ``gone``: a spot of a spanned
    scope is gone (the condition is worth 0)."""
    span = C.p_span[k, i]
    top = span if span > 0 else (N_COLS if axis == AX_ROW else N_ROWS)
    nf = 0
    ne = 0
    s = 0           # sum: rank total
    packed = 0      # of_a_kind: dice per rank, 4 bits each
    first_col = -1  # same_colour
    seen = 0        # colours: bit set of colours seen
    ncol = 0
    prev_par = -1   # alternate: parity of the previous scope spot's die, -2 if that spot is empty
    broken = False  # same_colour, all_match, alternate: a die breaks the requirement
    wild = 0
    kind = C.p_kind[k, i]
    want_c = C.p_colour[k, i]
    want_r = C.p_rank[k, i]
    for j in range(top):
        if j == wj:
            nf += 1
            wild = 1
            prev_par = -2  # either parity: no requirement on its neighbours
            continue
        if axis == AX_ROW:
            r = line
            c = j
        else:
            r = j
            c = line
        col = order_col[r, c] if c < keep[r] else -2
        if col < 0 and (col == -2 or not partial):  # gone
            if span > 0:
                return True, nf, ne, s, 0, ncol, broken, wild
            continue
        if col < 0:
            ne += 1
            prev_par = -2
            continue
        nf += 1
        rk = order_rank[r, c]
        if kind == K_SUM:
            s += rk
        elif kind == K_OF_A_KIND:
            packed += 1 << (4 * rk)
        elif kind == K_SAME_COLOUR:
            if first_col < 0:
                first_col = col
            elif col != first_col:
                broken = True
        elif kind == K_COLOURS:
            if (seen >> col) & 1 == 0:
                seen |= 1 << col
                ncol += 1
        elif kind == K_ALL_MATCH:
            if (want_c >= 0 and col != want_c) or (want_r > 0 and rk != want_r):
                broken = True
        elif kind == K_ALTERNATE:
            if prev_par == rk % 2:
                broken = True
            prev_par = rk % 2
    most = 0
    if kind == K_OF_A_KIND:
        for v in range(1, 7):
            cnt = (packed >> (4 * v)) & 15
            if cnt > most:
                most = cnt
    return False, nf, ne, s, most, ncol, broken, wild


@rule(inline=True)
def kind_value(C, k, i, m, ne):
    """``of_a_kind``: the value of a line whose most dice of one rank are ``m`` (``ne`` empty)."""
    first = C.p_first[k, i]
    if m >= first:
        return float(C.p_by_count[k, i, m])
    if m + ne >= first:
        return C.p_by_count[k, i, first] * m / first
    return 0.0


@rule
def cond_value(C, k, i, line, order_col, order_rank, keep, partial):
    """Value of condition ``i`` of Prophecy card ``k`` on row/column ``line`` (a column
    condition's own column; ignored by ``groups``)."""
    kind = C.p_kind[k, i]
    axis = C.p_axis[k]
    pts = C.p_points[k, i]
    if kind == K_GROUPS:
        return _groups_value(C, k, i, order_col, order_rank, keep, partial)
    if kind == K_PATTERN:
        best = 0.0
        for t in range(C.p_npat[k, i]):
            v = _pattern_value(C, k, i, t, line, order_col, order_rank, keep, partial)
            if v > best:
                best = v
        return best
    if kind == K_EQUATION:
        return equation_value(C, k, i, axis, line, order_col, order_rank, keep, partial, -1)
    gone, nf, ne, s, most, ncol, broken, _ = scope_tally(C, k, i, axis, line, order_col,
                                                         order_rank, keep, partial, -1)
    if gone:
        return 0.0
    if nf + ne < C.p_min[k, i]:
        return 0.0
    if kind == K_OF_A_KIND:
        return kind_value(C, k, i, most, ne)
    if kind == K_SUM:
        ok = s + ne <= C.p_hi[k, i] and s + 6 * ne >= C.p_lo[k, i]
    elif kind == K_COLOURS:
        ok = ncol <= C.p_n[k, i] and ncol + ne >= C.p_n[k, i]
    else:
        ok = not broken
    if not ok:
        return 0.0
    return pts * nf / (nf + ne)


@rule
def _cv(C, k, i, line, order_col, order_rank, keep, partial):
    if i >= C.p_ncond[k]:
        return 0.0
    return cond_value(C, k, i, line, order_col, order_rank, keep, partial)


@rule(inline=True)
def _relax_rows(b, v0, v1, v2):
    """One condition more in the row assignment: ``b[m]`` is the best total using the rows of
    bit set ``m``; the condition may take one free row (row r worth ``vr``) or none."""
    return (b[0],
            max(b[1], b[0] + v0),
            max(b[2], b[0] + v1),
            max(b[3], max(b[2] + v0, b[1] + v1)),
            max(b[4], b[0] + v2),
            max(b[5], max(b[4] + v0, b[1] + v2)),
            max(b[6], max(b[4] + v1, b[2] + v2)),
            max(b[7], max(b[6] + v0, max(b[5] + v1, b[3] + v2))))


#: the row assignment before any condition: nothing used, every other subset unreachable
_NO_ROWS = (0.0, -1.0e9, -1.0e9, -1.0e9, -1.0e9, -1.0e9, -1.0e9, -1.0e9)


@rule
def _best_columns(C, k, n, v):
    """Conditions of a column card sharing columns: the best total of a subset of the n
    condition values ``v`` (an 8-tuple) using each column once."""
    best = 0.0
    for sub in range(1, 1 << n):
        used = 0
        tot = 0.0
        for i in range(n):
            if (sub >> i) & 1:
                cm = C.p_mask[k, i]
                if used & cm:
                    tot = -1.0
                    break
                used |= cm
                tot += v[i]
        if tot > best:
            best = tot
    return best


@rule
def _card_value(C, k, order_col, order_rank, keep, partial):
    n = C.p_ncond[k]
    best = 0.0
    if C.p_axis[k] == AX_ROW:
        b = _NO_ROWS
        for i in range(n):
            b = _relax_rows(b, cond_value(C, k, i, 0, order_col, order_rank, keep, partial),
                            cond_value(C, k, i, 1, order_col, order_rank, keep, partial),
                            cond_value(C, k, i, 2, order_col, order_rank, keep, partial))
        for m in range(8):
            if b[m] > best:
                best = b[m]
    elif C.p_overlap[k] == 0:
        for i in range(n):
            best += cond_value(C, k, i, C.p_line[k, i], order_col, order_rank, keep, partial)
    else:
        # conditions sharing a column: the best subset using each column once
        v = (_cv(C, k, 0, C.p_line[k, 0], order_col, order_rank, keep, partial),
             _cv(C, k, 1, C.p_line[k, 1], order_col, order_rank, keep, partial),
             _cv(C, k, 2, C.p_line[k, 2], order_col, order_rank, keep, partial),
             _cv(C, k, 3, C.p_line[k, 3], order_col, order_rank, keep, partial),
             _cv(C, k, 4, C.p_line[k, 4], order_col, order_rank, keep, partial),
             _cv(C, k, 5, C.p_line[k, 5], order_col, order_rank, keep, partial),
             _cv(C, k, 6, C.p_line[k, 6], order_col, order_rank, keep, partial),
             _cv(C, k, 7, C.p_line[k, 7], order_col, order_rank, keep, partial))
        best = _best_columns(C, k, n, v)
    if best > C.p_cap:
        best = float(C.p_cap)
    return best


@rule
def prophecy_score(C, card, order_col, order_rank, keep):
    """Spook Juice of Prophecy card index ``card`` on a finished grid (kept dice: the first
    ``keep[r]`` spots of row r), capped at ``C.p_cap`` (50)."""
    return int(round(_card_value(C, card, order_col, order_rank, keep, False)))


@rule
def prophecy_progress(C, card, order_col, order_rank, keep):
    """Partial-credit value (float) of card ``card`` on a grid still being filled (module doc);
    equal to ``prophecy_score`` once no spot inside ``keep`` is empty."""
    return _card_value(C, card, order_col, order_rank, keep, True)


@rule
def progress_lines(C, k, order_col, order_rank, keep, vals, rows, cols):
    """``prophecy_progress`` piece by piece, for a bot trying many changes of one grid: the
    value of each condition ``i`` on each line it may use into ``vals[3 * i + line]`` (a row
    card: rows 0..2; a column card: its own column, at ``3 * i``), recomputing only the
    conditions that read a row of bit set ``rows`` (row cards) or a column of bit set ``cols``
    (column cards); ``groups`` conditions read the whole grid and are always recomputed. With
    every bit set it fills ``vals`` from nothing; :func:`progress_of_lines` then gives the
    card's value, equal to ``prophecy_progress``."""
    axis = C.p_axis[k]
    for i in range(C.p_ncond[k]):
        if C.p_kind[k, i] == K_GROUPS:
            v = _groups_value(C, k, i, order_col, order_rank, keep, True)
            vals[3 * i] = v
            vals[3 * i + 1] = v
            vals[3 * i + 2] = v
        elif axis == AX_ROW:
            for line in range(N_ROWS):
                if (rows >> line) & 1:
                    vals[3 * i + line] = cond_value(C, k, i, line, order_col, order_rank, keep,
                                                    True)
        else:
            line = C.p_line[k, i]
            if (cols >> line) & 1:
                vals[3 * i] = cond_value(C, k, i, line, order_col, order_rank, keep, True)


@rule
def progress_changed(C, k, order_col, order_rank, keep, vals, rows, cols):
    """:func:`progress_of_lines` of a grid that differs from the one ``vals`` were filled on
    (:func:`progress_lines`) only in the rows / columns of bit sets ``rows`` / ``cols``: the
    conditions reading a changed line evaluated again, the others read from ``vals`` (left
    as they are), in one pass; the same numbers, added in the same order, so the same value.
    A column card with conditions sharing columns is not handled here (-1.0)."""
    n = C.p_ncond[k]
    best = 0.0
    if C.p_axis[k] == AX_ROW:
        b = _NO_ROWS
        for i in range(n):
            if C.p_kind[k, i] == K_GROUPS:
                v0 = _groups_value(C, k, i, order_col, order_rank, keep, True)
                v1 = v0
                v2 = v0
            else:
                v0 = cond_value(C, k, i, 0, order_col, order_rank, keep, True) if rows & 1 \
                    else vals[3 * i]
                v1 = cond_value(C, k, i, 1, order_col, order_rank, keep, True) if rows & 2 \
                    else vals[3 * i + 1]
                v2 = cond_value(C, k, i, 2, order_col, order_rank, keep, True) if rows & 4 \
                    else vals[3 * i + 2]
            b = _relax_rows(b, v0, v1, v2)
        for m in range(8):
            if b[m] > best:
                best = b[m]
    elif C.p_overlap[k] == 0:
        for i in range(n):
            if C.p_kind[k, i] == K_GROUPS:
                best += _groups_value(C, k, i, order_col, order_rank, keep, True)
            else:
                line = C.p_line[k, i]
                best += cond_value(C, k, i, line, order_col, order_rank, keep, True) \
                    if (cols >> line) & 1 else vals[3 * i]
    else:
        return -1.0
    if best > C.p_cap:
        best = float(C.p_cap)
    return best


@rule
def _lv(C, k, i, vals):
    if i >= C.p_ncond[k]:
        return 0.0
    return vals[3 * i]


@rule
def progress_of_lines(C, k, vals):
    """The card's progress value from :func:`progress_lines`' condition values (the same
    choice of lines and cap as ``prophecy_progress``, on the same numbers)."""
    n = C.p_ncond[k]
    best = 0.0
    if C.p_axis[k] == AX_ROW:
        b = _NO_ROWS
        for i in range(n):
            b = _relax_rows(b, vals[3 * i], vals[3 * i + 1], vals[3 * i + 2])
        for m in range(8):
            if b[m] > best:
                best = b[m]
    elif C.p_overlap[k] == 0:
        for i in range(n):
            best += vals[3 * i]
    else:
        v = (_lv(C, k, 0, vals), _lv(C, k, 1, vals), _lv(C, k, 2, vals), _lv(C, k, 3, vals),
             _lv(C, k, 4, vals), _lv(C, k, 5, vals), _lv(C, k, 6, vals), _lv(C, k, 7, vals))
        best = _best_columns(C, k, n, v)
    if best > C.p_cap:
        best = float(C.p_cap)
    return best


@rule(inline=True)
def prophecy_max(C, card):
    """The most card ``card`` can score (each condition at its best, capped)."""
    return C.p_max[card]


@rule
def cond_full_points(C, k, i):
    """The most condition ``i`` of Prophecy card ``k`` can gain (its points; the best table
    entry of ``of_a_kind`` / ``groups``)."""
    kind = C.p_kind[k, i]
    if kind == K_OF_A_KIND or kind == K_GROUPS:
        best = 0
        for m in range(7):
            best = max(best, C.p_by_count[k, i, m])
        return best
    return C.p_points[k, i]


@rule
def prophecy_unmet(C, card, order_col, order_rank, keep):
    """Full points of the conditions of card ``card`` met on no line of a finished grid (a row
    card's condition on none of the 3 rows, a column card's on its column)."""
    tot = 0
    for i in range(C.p_ncond[card]):
        met = False
        if C.p_axis[card] == AX_ROW:
            for r in range(N_ROWS):
                if cond_value(C, card, i, r, order_col, order_rank, keep, False) > 0:
                    met = True
        else:
            met = cond_value(C, card, i, C.p_line[card, i], order_col, order_rank, keep,
                             False) > 0
        if not met:
            tot += cond_full_points(C, card, i)
    return tot


@rule
def sj_prophecy_bonus(C, reading, card, score, order_col, order_rank, keep):
    """Solo 2 "Prophecy +1": the Spook Juice Spider Jack gains from the player's card that
    scored ``score`` on the finished grid. ``reading`` (``rules.PROPHECY_PLUS_ONE``): 0 the
    card's maximum minus the score, 1 the full points of the conditions met on no line (at
    most that), 2 half of it rounded down."""
    miss = max(0, C.p_max[card] - score)
    if reading == 1:
        return min(miss, prophecy_unmet(C, card, order_col, order_rank, keep))
    if reading == 2:
        return miss // 2
    return miss


# ---------------------------------------------------------------------------------------------
# Arch Monsters and final-area Grunts


@rule
def _kept(order_col, sj, r, c):
    return c < sj[r] and order_col[r, c] >= 0


@rule(inline=True)
def kept_dice_of(order_col, sj, colour):
    """Kept dice of one colour in the whole Order of Spider Jack."""
    n = 0
    for r in range(N_ROWS):
        for c in range(N_COLS):
            if _kept(order_col, sj, r, c) and order_col[r, c] == colour:
                n += 1
    return n


@rule(inline=True)
def grunt_area(space_area, pos):
    """Area number of a Grunt position (start / gain-Grunt spot 0, final area 13)."""
    if pos < 0:
        return 0
    if pos >= space_area.shape[0]:
        return FINAL_AREA
    return space_area[pos]


@rule
def spooked(C, space_area, pos):
    """"Spooked" of a Grunt at ``pos`` (rule option ``spooked_count``): the area's number
    (``grunt_area``), or the Town spaces it has moved through, the one it stands on included:
    path space s is the (s + 1)-th, the final space the (S + 1)-th; none from a start or
    gain-Grunt spot."""
    if C.spooked_spaces == 0:
        return grunt_area(space_area, pos)
    if pos < 0:
        return 0
    return min(pos, space_area.shape[0]) + 1


@rule
def _most_in_one_neighborhood(space_area, area_public, pos_or_flag, is_ghosts):
    """Most Ghosts (``ghost_at`` per space) / Minions (positions) in one neighborhood: one pass
    counting by area (5 bits per area 1..12 in one integer)."""
    n_sp = space_area.shape[0]
    counts = 0
    n = n_sp if is_ghosts else pos_or_flag.shape[0]
    for x in range(n):
        s = x if is_ghosts else pos_or_flag[x]
        if is_ghosts and pos_or_flag[x] < 0:
            continue
        if 0 <= s < n_sp:
            a = space_area[s]
            if 1 <= a < FINAL_AREA and area_public[a] == 0:
                counts += 1 << (5 * (a - 1))
    most = 0
    for a in range(1, FINAL_AREA):
        cnt = (counts >> (5 * (a - 1))) & 31
        if cnt > most:
            most = cnt
    return most


@rule
def arch_score(C, card, order_col, order_rank, sj, space_area, area_public, grunt_col,
               grunt_pos, ghost_at, minion_pos):
    """Spook Juice of Arch Monster card index ``card`` (``single_grunt``: 0, it scores through
    the final-area Grunts)."""
    kind = C.m_kind[card]
    pts = C.m_points[card]
    thr = C.m_threshold[card]
    ca = C.m_col_a[card]
    cb = C.m_col_b[card]
    if kind == M_ADJ_PAIR:
        pairs = 0
        for r in range(N_ROWS):
            for c in range(N_COLS):
                if not _kept(order_col, sj, r, c):
                    continue
                x = order_col[r, c]
                if c + 1 < N_COLS and _kept(order_col, sj, r, c + 1):
                    y = order_col[r, c + 1]
                    if (x == ca and y == cb) or (x == cb and y == ca):
                        pairs += 1
                if r + 1 < N_ROWS and _kept(order_col, sj, r + 1, c):
                    y = order_col[r + 1, c]
                    if (x == ca and y == cb) or (x == cb and y == ca):
                        pairs += 1
        return pts * pairs
    if kind == M_SPOOKED:
        tot = 0
        for g in range(grunt_col.shape[0]):
            if grunt_col[g] == ca:
                tot += spooked(C, space_area, grunt_pos[g])
        return pts * tot
    if kind == M_GHOSTS:
        cnt = 0
        for s in range(space_area.shape[0]):
            if ghost_at[s] >= 0 and area_public[space_area[s]] == 0:
                cnt += 1
        return pts * cnt
    if kind == M_GHOSTS_ONE:
        if _most_in_one_neighborhood(space_area, area_public, ghost_at, True) >= thr:
            return pts
        return 0
    if kind == M_MINIONS_ONE:
        if _most_in_one_neighborhood(space_area, area_public, minion_pos, False) >= thr:
            return pts
        return 0
    if kind == M_ADJ_COLUMNS:
        prev = -1
        for c in range(N_COLS):
            s = 0
            for r in range(N_ROWS):
                if _kept(order_col, sj, r, c):
                    s += order_rank[r, c]
            if prev >= 0 and prev + s >= thr:
                return pts
            prev = s
        return 0
    if kind == M_ROW_COLOUR:
        for r in range(N_ROWS):
            cnt = 0
            for c in range(N_COLS):
                if _kept(order_col, sj, r, c) and order_col[r, c] == ca:
                    cnt += 1
            if cnt >= thr:
                return pts
        return 0
    return 0


@rule
def final_score(C, space_area, area_public, order_col, order_rank, sj, grunt_col, grunt_pos,
                ghost_at, minion_pos, prophecy_card, arch_cards, n_arch, out):
    """Rulebook "Final Scoring" of one player into ``out[0:3]``.

    Parameters
    ----------
    C : CardArrays
        ``Cards.to_arrays()``.
    space_area : int64[S]
        Area (1..12) of each Town path space; ``S`` is the final area's Grunt position.
    area_public : int64[14]
        1 for a public area (shows action icons); neighborhoods are the areas 1..12 without.
    order_col, order_rank : int64[3, 6]
        The Order of Spider Jack (colour -1: empty).
    sj : int64[3]
        Spider Jack die values: row r keeps its first ``sj[r]`` dice (the trimming).
    grunt_col, grunt_pos : int64[MAX_GRUNTS]
        Grunt colour (-1 unused slot) and position (-1/-2 start spots, 0..S-1 path, S final).
    ghost_at : int64[S]
        Ghost index on each path space, -1 none.
    minion_pos : int64[M]
        Minion positions (-1 a starting Minion spot, else a path space).
    prophecy_card : int
        Prophecy card index, -1 none.
    arch_cards : int64[K]
        Arch Monster card indices in front of the player (first ``n_arch``; an entry < 0 is a
        discarded card and scores nothing).
    n_arch : int
    out : int64[>=3]
        ``out[0]`` final-area Grunts (3 per matching kept die; an owned ``single_grunt`` card
        raises one Grunt of its colour to its own gain, best cards first, one Grunt per card),
        ``out[1]`` Prophecy (capped), ``out[2]`` Arch Monsters.
    """
    final = space_area.shape[0]
    base = C.per_die
    g_total = 0
    for colour in range(6):
        there = 0
        for g in range(grunt_col.shape[0]):
            if grunt_col[g] == colour and grunt_pos[g] == final:
                there += 1
        if there == 0:
            continue
        dice = kept_dice_of(order_col, sj, colour)
        per = 0
        left = there
        for v in range(MAX_ARCH_PER_DIE, base, -1):
            if left == 0:
                break
            for q in range(n_arch):
                a = arch_cards[q]
                if a >= 0 and C.m_kind[a] == M_SINGLE_GRUNT and C.m_col_a[a] == colour and \
                        C.m_points[a] == v and left > 0:
                    per += v
                    left -= 1
        per += left * base
        g_total += per * dice
    out[0] = g_total
    out[1] = 0
    if prophecy_card >= 0:
        out[1] = prophecy_score(C, prophecy_card, order_col, order_rank, sj)
    tot = 0
    for q in range(n_arch):
        a = arch_cards[q]
        if a >= 0:
            tot += arch_score(C, a, order_col, order_rank, sj, space_area, area_public,
                              grunt_col, grunt_pos, ghost_at, minion_pos)
    out[2] = tot
