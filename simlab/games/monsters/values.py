"""Monsters on Board: the evaluating bots' values of options (numba).

What ``greedy`` (and ``prophet``, ``weights``, the lookahead's pre-ranking) counts an option as
worth, decision by decision (``bots.py`` documents the weights): an action icon, a Grunt move, a
die in the draft, a placement, the Malice die, a Driveway die, a Ghost, an Arch Monster card,
and the Prophecy card's progress (:func:`prog` / :func:`prog_at`).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.actions import A_CALL, A_JUICE, A_MALICE, SUMMON
from simlab.games.monsters.bot_base import (
    W_ARCH,
    W_BEYOND,
    W_FINAL,
    W_GHOST,
    W_GRUNT,
    W_ICON,
    W_JUICE,
    W_MALICE,
    W_PROPHECY,
    W_PROPHECY_KEEP,
    W_PROPHECY_REACH,
    W_RANK,
    W_SUMMON,
)
from simlab.games.monsters.cards import AX_ROW, M_SINGLE_GRUNT
from simlab.games.monsters.engine import next_space, row_sum
from simlab.games.monsters.scoring import (
    arch_score,
    final_score,
    progress_changed,
    progress_lines,
    progress_of_lines,
)
from simlab.games.monsters.state import COLS, I_ROUND, MAX_GRUNTS, ROWS
from simlab.games.monsters.values_solo import prophecy_weight


@rule
def icon_value(A, st, p, a, j, w):
    """Rough immediate value of one action icon for p."""
    if a == A_JUICE:
        return j * w[W_JUICE]
    if a == A_MALICE:
        return w[W_MALICE] if st.malice[p] < A.malice_cap else 0.0
    if a == A_CALL:
        best = 0.0
        for r in range(ROWS):
            if st.summon[p, r] < A.track_len - 1:
                nx = A.track_act[st.summon[p, r] + 1]
                v = 0.0
                if nx == SUMMON:
                    v = row_sum(st, p, r, st.sj[p, r]) * w[W_JUICE]
                elif nx >= 0:
                    v = w[W_ICON]
                v += w[W_SUMMON] * 0.5
                if v > best:
                    best = v
        return best
    return w[W_ICON]


@rule(inline=True)
def final_value(A, st, p, c, w):
    """Value of a Grunt of colour c reaching the final area: ``final`` x (matching dice + 1)."""
    n = 1
    for r in range(ROWS):
        for k in range(st.order_n[p, r]):
            if st.order_col[p, r, k] == c:
                n += 1
    return w[W_FINAL] * n


@rule
def space_value(A, st, p, s, w):
    """Value of the actions a Grunt landing on space s performs (printed and Ghost)."""
    v = 0.0
    for k in range(A.space_act.shape[1]):
        if A.space_act[s, k] >= 0:
            v += icon_value(A, st, p, A.space_act[s, k], A.space_juice[s, k], w)
    g = st.ghost_at[p, s]
    if g >= 0:
        for k in range(A.ghost_act.shape[1]):
            if A.ghost_act[g, k] >= 0:
                v += icon_value(A, st, p, A.ghost_act[g, k], A.ghost_juice[g, k], w)
    return v


@rule
def colour_value(A, st, p, c, w):
    """Value of moving p's Grunts of colour c once (each to its next free space)."""
    S = A.n_spaces
    v = 0.0
    for g in range(MAX_GRUNTS):
        if st.grunt_col[p, g] == c and st.grunt_pos[p, g] < S:
            s = next_space(A, st, p, st.grunt_pos[p, g], c)
            if s >= S:
                v += final_value(A, st, p, c, w)
            else:
                v += w[W_GRUNT] + space_value(A, st, p, s, w)
    return v


@rule
def face_value(A, st, p, c, f, w, base):
    """Value of a die (colour c, face f) for the draft: its icons, its colour's move, its rank
    and its Prophecy progress (``base``: :func:`prog` of p's Order, called just before)."""
    v = colour_value(A, st, p, c, w)
    for k in range(A.face_act.shape[2]):
        a = A.face_act[c, f, k]
        if a >= 0:
            v += icon_value(A, st, p, a, A.face_juice[c, f, k], w)
    r = A.face_rank[c, f]
    return v + w[W_RANK] * r * 0.7 + 0.1 * w[W_MALICE] * A.malice_chart[r - 1] + \
        die_prophecy(A, st, p, c, r, w, base)


@rule
def grid_changes(st, p, k):
    """The lines of p's Order that changed since p's last :func:`prog` evaluation
    (``st.pgrid[p]``: the Order, Spider Jack values and Prophecy card ``k`` it was made on),
    which then become it: bit sets ``(rows, cols)`` of the rows and columns with a changed
    spot; a changed Spider Jack value changes its row and every column (what is kept), a
    changed card everything. ``(0, 0)``: the same grid."""
    rows = 0
    cols = 0
    i = 0
    for r in range(ROWS):
        for c in range(COLS):
            if st.pgrid[p, i] != st.order_col[p, r, c] or \
                    st.pgrid[p, i + 1] != st.order_rank[p, r, c]:
                rows |= 1 << r
                cols |= 1 << c
                st.pgrid[p, i] = st.order_col[p, r, c]
                st.pgrid[p, i + 1] = st.order_rank[p, r, c]
            i += 2
        if st.pgrid[p, i] != st.pkeep[p, r]:
            rows |= 1 << r
            cols = (1 << COLS) - 1
            st.pgrid[p, i] = st.pkeep[p, r]
        i += 1
    if st.pgrid[p, i] != k:
        rows = (1 << ROWS) - 1
        cols = (1 << COLS) - 1
        st.pgrid[p, i] = k
    return rows, cols


@rule(inline=True)
def prophecy_keep(A, st, p, w):
    """The spots of each row p's Prophecy progress reads (``st.pkeep[p]``): its Spider Jack
    die's value plus ``prophecy_reach`` (the spots a Feed may still keep), at most the row."""
    h = int(w[W_PROPHECY_REACH])
    for r in range(ROWS):
        k = st.sj[p, r] + h
        st.pkeep[p, r] = k if k < COLS else COLS


@rule
def prog(A, st, p, w):
    """Prophecy progress of p's Order (0 when the bot ignores it): ``prophecy_progress``, its
    condition values kept in ``st.pvp[p]`` for :func:`prog_at`. The same Order as at p's last
    call gives the same numbers, kept; a changed Order has the conditions on its changed lines
    evaluated again (:func:`grid_changes`; ``progress_lines`` gives the same values as a whole
    evaluation), and the placements :func:`prog_append` remembered are forgotten."""
    k = st.prophecy[p]
    if w[W_PROPHECY] == 0.0 or k < 0:
        return 0.0
    prophecy_keep(A, st, p, w)
    rows, cols = grid_changes(st, p, k)
    if rows != 0:
        progress_lines(A.cards, k, st.order_col[p], st.order_rank[p], st.pkeep[p], st.pvp[p],
                       rows, cols)
        st.pbase[p] = progress_of_lines(A.cards, k, st.pvp[p])
        st.pgen[p] += 1
    return st.pbase[p]


@rule
def prog_at(A, st, p, w, rows, cols):
    """:func:`prog` of p's Order changed since p's last :func:`prog` call only in the rows /
    columns of bit sets ``rows`` / ``cols`` (a bot trying a placement, promotion or swap):
    only the conditions reading a changed line are evaluated again (the same value)."""
    k = st.prophecy[p]
    if w[W_PROPHECY] == 0.0 or k < 0:
        return 0.0
    if A.cards.p_axis[k] == AX_ROW or A.cards.p_overlap[k] == 0:
        return progress_changed(A.cards, k, st.order_col[p], st.order_rank[p], st.pkeep[p],
                                st.pvp[p], rows, cols)
    for i in range(3 * A.cards.p_ncond[k]):
        st.pv[1, i] = st.pvp[p, i]
    progress_lines(A.cards, k, st.order_col[p], st.order_rank[p], st.pkeep[p], st.pv[1], rows,
                   cols)
    return progress_of_lines(A.cards, k, st.pv[1])


@rule(inline=True)
def trimmed_progress(st, p, w):
    """:func:`prog_at` of p's Order changed only in spots beyond their rows' Spider Jack
    values (trimmed: read by no condition, so every condition keeps its value): the progress
    of :func:`prog`'s last call, exactly (0 when the bot ignores its card)."""
    if w[W_PROPHECY] == 0.0 or st.prophecy[p] < 0:
        return 0.0
    return st.pbase[p]


@rule
def prog_append(A, st, p, w, r, c, rank):
    """:func:`prog_at` of p's Order with a die (colour c, rank) placed at the end of row r (not
    full), on the Order of p's last :func:`prog` call: remembered per row, colour and rank until
    that Order changes (the draft, the placements and the Driveway promotions of a round try the
    same dice again). A row already holding as many dice as its Spider Jack value gets the die
    beyond what is kept, which no condition reads (``scoring``: trimmed spots are gone): the
    progress is that of p's Order, :func:`prog`'s (no evaluation)."""
    if st.order_n[p, r] >= st.pkeep[p, r]:
        return trimmed_progress(st, p, w)
    if st.appg[p, r, c, rank - 1] == st.pgen[p]:
        return st.app[p, r, c, rank - 1]
    col = st.order_n[p, r]
    st.order_col[p, r, col] = c
    st.order_rank[p, r, col] = rank
    st.order_n[p, r] = col + 1
    v = prog_at(A, st, p, w, 1 << r, 1 << col)
    st.order_col[p, r, col] = -1
    st.order_rank[p, r, col] = 0
    st.order_n[p, r] = col
    st.app[p, r, c, rank - 1] = v
    st.appg[p, r, c, rank - 1] = st.pgen[p]
    return v


@rule
def feed_prophecy(A, st, p, r, w, base):
    """``prophecy_keep`` x the Prophecy progress a Feed of row r adds by raising its Spider Jack
    die (one more spot of the row kept, read by the card's conditions), against ``base``
    (:func:`prog` of p's Order, called just before); 0 when the bot ignores its card."""
    if w[W_PROPHECY_KEEP] == 0.0 or w[W_PROPHECY] == 0.0 or st.prophecy[p] < 0:
        return 0.0
    if st.pkeep[p, r] >= COLS:
        return 0.0
    st.pkeep[p, r] += 1
    v = prog_at(A, st, p, w, 1 << r, (1 << COLS) - 1)
    st.pkeep[p, r] -= 1
    return w[W_PROPHECY_KEEP] * prophecy_weight(A, w) * (v - base)


@rule
def die_prophecy(A, st, p, c, rank, w, base):
    """``prophecy`` x the most a die (colour c, rank) adds to p's Prophecy progress placed at
    the end of one of its rows (0 when the bot ignores its card or all rows are full);
    ``base`` is :func:`prog` of p's Order, called just before (one call for all the dice of a
    decision)."""
    if w[W_PROPHECY] == 0.0 or st.prophecy[p] < 0:
        return 0.0
    best = -1e18
    for r in range(ROWS):
        if st.order_n[p, r] < COLS:
            d = prog_append(A, st, p, w, r, c, rank) - base
            if d > best:
                best = d
    return prophecy_weight(A, w) * best if best > -1e17 else 0.0


@rule
def held_score(A, st, p, skip, extra):
    """Final-area Grunt and Arch Monster points of p's current position (final scoring as if
    the game ended now, Prophecy left out) with the cards p holds except index ``skip`` (-1:
    all) plus card ``extra`` (-1: none)."""
    n = 0
    for i in range(st.n_arch[p]):
        if i != skip:
            st.opt[n] = st.arch[p, i]
            n += 1
    if extra >= 0:
        st.opt[n] = extra
        n += 1
    final_score(A.cards, A.space_area, A.area_public, st.order_col[p], st.order_rank[p],
                st.sj[p], st.grunt_col[p], st.grunt_pos[p], st.ghost_at[p], st.minion_pos[p],
                -1, st.opt, n, st.tmp)
    return st.tmp[0] + st.tmp[2]


@rule
def game_left(A, st, final):
    """Share of the game still to play after this round (0 at final scoring)."""
    if final == 1:
        return 0.0
    return max(0, A.rounds - st.info[I_ROUND]) / A.rounds


@rule
def card_points(A, st, p, card):
    """The points Arch Monster ``card`` scores on p's current position, for any card but a
    ``single_grunt`` one (whose points depend on the other cards: :func:`held_score`):
    final scoring adds the other kinds' points card by card."""
    return arch_score(A.cards, card, st.order_col[p], st.order_rank[p], st.sj[p],
                      A.space_area, A.area_public, st.grunt_col[p], st.grunt_pos[p],
                      st.ghost_at[p], st.minion_pos[p])


@rule
def arch_gain(A, st, p, card, w):
    """What buying Arch Monster ``card`` is worth to p: the points its own scoring condition
    adds on the current position (with the cards p holds) plus ``arch`` x the share of the game
    left, for what the condition may still gain."""
    if A.cards.m_kind[card] == M_SINGLE_GRUNT:
        gain = held_score(A, st, p, -1, card) - held_score(A, st, p, -1, -1)
    else:
        gain = card_points(A, st, p, card)
    return gain + w[W_ARCH] * game_left(A, st, 0)


@rule
def die_icons(A, st, p, c, f, w):
    """The icons of a die (colour c, face f): their values added in order."""
    v = 0.0
    for i in range(A.face_act.shape[2]):
        a = A.face_act[c, f, i]
        if a >= 0:
            v += icon_value(A, st, p, a, A.face_juice[c, f, i], w)
    return v


@rule
def placed_value(A, st, p, k, r, w, base, icons):
    """:func:`place_value` with the die's ``icons`` (:func:`die_icons`) already added up (they
    do not depend on the row)."""
    c = st.drv_col[p, k]
    rank = A.face_rank[c, st.drv_face[p, k]]
    v = icons
    if st.order_n[p, r] < st.sj[p, r] + 2:
        v += w[W_RANK] * rank
    else:
        v += w[W_BEYOND] * rank
    if w[W_PROPHECY] != 0.0:
        v += prophecy_weight(A, w) * ((prog_append(A, st, p, w, r, c, rank) if st.prophecy[p] >= 0
                               else 0.0) - base)
    return v


@rule
def place_value(A, st, p, k, r, w, base):
    """Value of placing Driveway die k in row r: its icons plus its rank in the row."""
    return placed_value(A, st, p, k, r, w, base,
                        die_icons(A, st, p, st.drv_col[p, k], st.drv_face[p, k], w))


@rule
def malice_value(A, st, p, k, w):
    """``malice`` x the Malice Driveway die k would give p as the Malice die (up to the cap)."""
    rank = A.face_rank[st.drv_col[p, k], st.drv_face[p, k]]
    room = A.malice_cap - st.malice[p]
    return w[W_MALICE] * min(A.malice_chart[rank - 1], room)


@rule
def drive_value(A, st, p, k, w, base):
    """What Driveway die k is worth as it shows now: the better of its best placement
    (:func:`place_value`) and the Malice it would give."""
    bp = -1e18
    icons = die_icons(A, st, p, st.drv_col[p, k], st.drv_face[p, k], w)
    for r in range(ROWS):
        if st.order_n[p, r] < COLS:
            bp = max(bp, placed_value(A, st, p, k, r, w, base, icons))
    return max(bp, malice_value(A, st, p, k, w))


@rule
def ghost_value(A, st, p, g, w):
    """Value of owning Ghost g (its icons once, or a new Grunt)."""
    if A.ghost_gain[g] == 1:
        return w[W_GHOST] + 4.0 * w[W_GRUNT] if st.supply[A.ghost_colour[g]] > 0 else 0.0
    v = w[W_GHOST]
    for k in range(A.ghost_act.shape[1]):
        if A.ghost_act[g, k] >= 0:
            v += icon_value(A, st, p, A.ghost_act[g, k], A.ghost_juice[g, k], w)
    return v
