"""Monsters on Board: the bots' dice decisions (numba): the draft pick
(:func:`decide_draft`), the Driveway die to activate next (:func:`decide_activate`) and the
Swamp-Jack placement, the Malice die included (:func:`decide_place`); ``bots.py`` documents them.
"""

from __future__ import annotations

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import randint
from simlab.games.monsters.bot_base import (
    BOT_FIRST,
    BOT_LOOKAHEAD,
    BOT_RANDOM,
    KIND_ACTIVATE,
    KIND_DRAFT,
    KIND_PLACE,
    argmax_step,
    ask_look,
    custom_best,
    jitter,
    random_die_row,
)
from simlab.games.monsters.state import COLS, ROWS
from simlab.games.monsters.values import (
    colour_value,
    die_icons,
    face_value,
    malice_value,
    placed_value,
    prog,
)
from simlab.games.monsters.values_solo import draft_denial


@rule  # asked by the reference engine (through its twin)
def decide_draft(A, st, lu, p, f, rng):
    """Car position (0 front .. 3 rear) of the die p takes from Fearmobile f."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        best = -1
        bv = 0.0
        nt = 0
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                bv, best, nt = custom_best(A, st, lu, p, KIND_DRAFT, f * 4 + k, bv, best, nt, rng)
        return best - f * 4 if best >= 0 else -1
    if bid == BOT_FIRST:
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                return k
        return -1
    if bid == BOT_LOOKAHEAD:
        k = ask_look(A, st, lu, p, KIND_DRAFT, f, rng)
        if k >= 0:
            return k
    if bid == BOT_RANDOM:
        n = 0
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                n += 1
        i = randint(rng, n)
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                if i == 0:
                    return k
                i -= 1
        return -1
    best = -1
    bv = -1e18
    nt = 0
    base = prog(A, st, p, w)
    for k in range(4):
        c = st.fm_col[f, k]
        if c >= 0:
            j = 0  # an identical die nearer the front has the same value
            while j < k and (st.fm_col[f, j] != c or st.fm_face[f, j] != st.fm_face[f, k]):
                j += 1
            st.optv[k] = st.optv[j] if j < k else face_value(A, st, p, c, st.fm_face[f, k], w,
                                                             base) - draft_denial(A, st, f, k, w)
            v = st.optv[k] + jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = k
                if nt == 1:
                    bv = v
    return best


@rule  # asked by the reference engine (through its twin)
def decide_activate(A, st, lu, p, rng):
    """Driveway die p activates next (Grunt movement)."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        best = -1
        bv = 0.0
        nt = 0
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                bv, best, nt = custom_best(A, st, lu, p, KIND_ACTIVATE, k, bv, best, nt, rng)
        return best
    if bid == BOT_FIRST:
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                return k
        return -1
    if bid == BOT_RANDOM:
        n = 0
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                n += 1
        i = randint(rng, n)
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                if i == 0:
                    return k
                i -= 1
        return -1
    best = -1
    bv = -1e18
    nt = 0
    for k in range(4):
        if st.drv_moved[p, k] == 0:
            c = st.drv_col[p, k]
            j = 0  # a die of the same colour before it moves the same Grunts
            while j < k and (st.drv_moved[p, j] != 0 or st.drv_col[p, j] != c):
                j += 1
            st.optv[k] = st.optv[j] if j < k else colour_value(A, st, p, c, w)
            v = st.optv[k] + jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = k
                if nt == 1:
                    bv = v
    return best


@rule  # asked by the reference engine (through its twin)
def decide_place(A, st, lu, p, rng):
    """Die (Driveway index) and row of p's next Swamp-Jack placement: returns k * 3 + row."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        best = -1
        bv = 0.0
        nt = 0
        for x in range(12):
            if st.drv_col[p, x // 3] >= 0 and st.order_n[p, x % 3] < COLS:
                bv, best, nt = custom_best(A, st, lu, p, KIND_PLACE, x, bv, best, nt, rng)
        return best
    if bid == BOT_FIRST:
        for x in range(12):
            if st.drv_col[p, x // 3] >= 0 and st.order_n[p, x % 3] < COLS:
                return x
        return -1
    if bid == BOT_LOOKAHEAD:
        x = ask_look(A, st, lu, p, KIND_PLACE, 0, rng)
        if x >= 0:
            return x
    if bid == BOT_RANDOM:
        return random_die_row(st, p, st.drv_col[p], rng)
    base = prog(A, st, p, w)
    # the Malice die: most Malice value against its best placement (ties from the stream)
    mal = -1
    mv = -1e18
    nt = 0
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            bp = -1e18
            icons = die_icons(A, st, p, st.drv_col[p, k], st.drv_face[p, k], w)
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    st.optv[k * 3 + r] = placed_value(A, st, p, k, r, w, base, icons)  # kept
                    bp = max(bp, st.optv[k * 3 + r])
            v = malice_value(A, st, p, k, w) - bp
            take, nt = argmax_step(v, mv, nt, rng)
            if take:
                mal = k
                if nt == 1:
                    mv = v
    best = -1
    bv = -1e18
    nt = 0
    for k in range(4):
        if st.drv_col[p, k] >= 0 and k != mal:
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    v = st.optv[k * 3 + r] + jitter(rng, w)
                    take, nt = argmax_step(v, bv, nt, rng)
                    if take:
                        best = k * 3 + r
                        if nt == 1:
                            bv = v
    return best
