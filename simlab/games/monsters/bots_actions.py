"""Monsters on Board: the bots' pending actions (numba): whether to perform an action
and its targets (:func:`decide_action`: swap, promote or demote, Minion, Grunt, call, feed;
Spook Juice and Malice are always taken); ``bots.py`` documents them.
"""

from __future__ import annotations

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import randint, uniform
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    SUMMON,
)
from simlab.games.monsters.bot_base import (
    BOT_FIRST,
    BOT_RANDOM,
    DRIVEWAY,
    KIND_CALL,
    KIND_FEED,
    KIND_GRUNT,
    KIND_MINION,
    KIND_PROMOTE,
    KIND_SWAP,
    TIE,
    W_BEYOND,
    W_ICON,
    W_JUICE,
    W_PROPHECY,
    W_RANK,
    argmax_step,
    custom_best,
    jitter,
)
from simlab.games.monsters.bounds import swap_bounds, swap_prog_bound
from simlab.games.monsters.cards import AX_ROW
from simlab.games.monsters.engine import free_for_piece, next_space, row_sum, swap_dice
from simlab.games.monsters.state import I_JUST_COL, I_JUST_ROW, MAX_GRUNTS, N_MINIONS, ROWS
from simlab.games.monsters.values import (
    colour_value,
    drive_value,
    feed_prophecy,
    prog,
    prog_at,
    space_value,
)
from simlab.games.monsters.values_solo import prophecy_weight, summon_weight


@rule
def custom_action(A, st, lu, p, a, jr, jc, rng):
    """A custom bot's pending action (option 0 = skip, scored first; module docstring); ties
    from the game's stream (``bot_base.custom_pick``)."""
    w = lu.params[p]
    best = 0
    nt = 1
    if a == A_SWAP:
        bv = lu.custom(A, st, p, KIND_SWAP, 0, w)
        for x in range(ROWS * 8):
            if x % 8 >= st.order_n[p, x // 8]:
                continue
            for y in range(x + 1, ROWS * 8):
                if y % 8 < st.order_n[p, y // 8]:
                    bv, best, nt = custom_best(A, st, lu, p, KIND_SWAP, 1 + x * 32 + y, bv,
                                               best, nt, rng)
        if best > 0:
            x = (best - 1) // 32
            y = (best - 1) % 32
            st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
    elif a == A_PROMOTE:
        bv = lu.custom(A, st, p, KIND_PROMOTE, 0, w)
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                for up in range(2):
                    rk = st.order_rank[p, r, c] + (1 if up == 1 else -1)
                    if 1 <= rk <= 6:
                        bv, best, nt = custom_best(A, st, lu, p, KIND_PROMOTE,
                                                   1 + (r * 8 + c) * 2 + up, bv, best, nt, rng)
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for up in range(2):
                    if drive_face(A, st, p, k, 1 if up == 1 else -1) >= 0:
                        bv, best, nt = custom_best(A, st, lu, p, KIND_PROMOTE,
                                                   1 + (DRIVEWAY * 8 + k) * 2 + up, bv, best, nt,
                                                   rng)
        if best > 0:
            x = (best - 1) // 2
            st.dec[0], st.dec[1], st.dec[2] = x // 8, x % 8, 1 if (best - 1) % 2 == 1 else -1
            if st.dec[0] == DRIVEWAY:  # the faces of the new rank: not scored, so all alike
                c = st.drv_col[p, st.dec[1]]
                st.dec[3] = uniform_face(A, c, A.face_rank[c, st.drv_face[p, st.dec[1]]]
                                         + st.dec[2], rng)
    elif a == A_MINION:
        bv = lu.custom(A, st, p, KIND_MINION, 0, w)
        for m in range(N_MINIONS):
            for s in range(A.n_spaces):
                if free_for_piece(st, p, s):
                    bv, best, nt = custom_best(A, st, lu, p, KIND_MINION, 1 + m * 64 + s, bv,
                                               best, nt, rng)
        if best > 0:
            st.dec[0], st.dec[1] = (best - 1) // 64, (best - 1) % 64
    elif a == A_GRUNT:
        bv = lu.custom(A, st, p, KIND_GRUNT, 0, w)
        for c in range(6):
            bv, best, nt = custom_best(A, st, lu, p, KIND_GRUNT, 1 + c, bv, best, nt, rng)
        st.dec[0] = best - 1
    elif a == A_CALL or a == A_FEED:
        kind = KIND_CALL if a == A_CALL else KIND_FEED
        bv = lu.custom(A, st, p, kind, 0, w)
        for r in range(ROWS):
            ok = st.summon[p, r] < A.track_len - 1 if a == A_CALL else st.sj[p, r] < A.sj_max
            if ok:
                bv, best, nt = custom_best(A, st, lu, p, kind, 1 + r, bv, best, nt, rng)
        st.dec[0] = best - 1
    return 1 if best > 0 else 0


@rule
def first_action(A, st, p, a, jr, jc):
    """The ``first`` bot's pending action: performed on its first legal target in the
    custom-bot option order (module ``bots``), skipped only when it has none."""
    if a == A_SWAP:
        for x in range(ROWS * 8):
            if x % 8 < st.order_n[p, x // 8]:
                for y in range(x + 1, ROWS * 8):
                    if y % 8 < st.order_n[p, y // 8]:
                        st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
                        return 1
        return 0
    if a == A_PROMOTE:
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r != jr or c != jc:
                    for d in (-1, 1):
                        if 1 <= st.order_rank[p, r, c] + d <= 6:
                            st.dec[0], st.dec[1], st.dec[2] = r, c, d
                            return 1
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for d in (-1, 1):
                    f = drive_face(A, st, p, k, d)
                    if f >= 0:
                        st.dec[0], st.dec[1], st.dec[2], st.dec[3] = DRIVEWAY, k, d, f
                        return 1
        return 0
    if a == A_MINION:
        for s in range(A.n_spaces):
            if free_for_piece(st, p, s):
                st.dec[0], st.dec[1] = 0, s
                return 1
        return 0
    if a == A_GRUNT:
        st.dec[0] = 0
        return 1
    if a == A_CALL or a == A_FEED:
        for r in range(ROWS):
            if (st.summon[p, r] < A.track_len - 1) if a == A_CALL else (st.sj[p, r] < A.sj_max):
                st.dec[0] = r
                return 1
    return 0


@rule
def random_die(st, p, rng, skip_r, skip_c):
    """A uniform die of p's Order other than (skip_r, skip_c): r * 8 + c, or -1."""
    n = 0
    for r in range(ROWS):
        n += st.order_n[p, r]
    if skip_r >= 0:
        n -= 1
    if n <= 0:
        return -1
    i = randint(rng, n)
    for r in range(ROWS):
        for c in range(st.order_n[p, r]):
            if r == skip_r and c == skip_c:
                continue
            if i == 0:
                return r * 8 + c
            i -= 1
    return -1


@rule
def drive_face(A, st, p, k, d):
    """The first face of Driveway die k's colour showing its rank + d (-1: none)."""
    c = st.drv_col[p, k]
    rk = A.face_rank[c, st.drv_face[p, k]] + d
    for f in range(A.face_rank.shape[1]):
        if A.face_rank[c, f] == rk:
            return f
    return -1


@rule
def uniform_face(A, c, rk, rng):
    """A face of colour c showing rank ``rk``, uniform among such faces (a draw only when
    there are several; -1: none): the face a Driveway die turns to when the bot does not value
    faces (random, custom bots)."""
    m = 0
    for f in range(A.face_rank.shape[1]):
        if A.face_rank[c, f] == rk:
            m += 1
    j = randint(rng, m) if m > 1 else 0
    for f in range(A.face_rank.shape[1]):
        if A.face_rank[c, f] == rk:
            if j == 0:
                return f
            j -= 1
    return -1


@rule
def random_promote(A, st, p, jr, jc, rng):
    """The random bot's Promote/Demote: a uniform die of p's Order (not the one just placed)
    or Driveway, up or down by a fair draw (the other way at rank 1 or 6); a Driveway die
    turns to a face of the new rank (uniform among such faces)."""
    n = 0
    for r in range(ROWS):
        n += st.order_n[p, r]
    if jr >= 0:
        n -= 1
    nd = 0
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            nd += 1
    if n + nd <= 0:
        return 0
    i = randint(rng, n + nd)
    d = 1 if uniform(rng) < 0.5 else -1
    if i < n:
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                if i == 0:
                    rk = st.order_rank[p, r, c] + d
                    if rk < 1 or rk > 6:
                        d = -d
                    st.dec[0], st.dec[1], st.dec[2] = r, c, d
                    return 1
                i -= 1
        return 0
    i -= n
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            if i == 0:
                if drive_face(A, st, p, k, d) < 0:
                    d = -d
                if drive_face(A, st, p, k, d) < 0:
                    return 0
                c = st.drv_col[p, k]
                f = uniform_face(A, c, A.face_rank[c, st.drv_face[p, k]] + d, rng)
                st.dec[0], st.dec[1], st.dec[2], st.dec[3] = DRIVEWAY, k, d, f
                return 1
            i -= 1
    return 0


@rule  # asked by the reference engine (through its twin)
def decide_action(A, st, lu, p, a, j, just, rng):
    """Perform (1, targets in st.dec) or skip (0) a pending action."""
    bid = lu.ids[p]
    w = lu.params[p]
    jr = st.info[I_JUST_ROW] if just == 1 else -1
    jc = st.info[I_JUST_COL] if just == 1 else -1
    if a == A_JUICE:
        return 1
    if a == A_MALICE:
        return 1 if st.malice[p] < A.malice_cap else 0
    if bid == CUSTOM_ID:
        return custom_action(A, st, lu, p, a, jr, jc, rng)
    if bid == BOT_FIRST:
        return first_action(A, st, p, a, jr, jc)
    if bid == BOT_RANDOM:
        if uniform(rng) < 0.5:
            return 0
        if a == A_SWAP:
            x = random_die(st, p, rng, -1, -1)
            y = random_die(st, p, rng, -1, -1)
            if x < 0 or x == y:
                return 0
            st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
            return 1
        if a == A_PROMOTE:
            return random_promote(A, st, p, jr, jc, rng)
        if a == A_MINION:
            n = 0
            for s in range(A.n_spaces):
                if free_for_piece(st, p, s):
                    n += 1
            if n == 0:
                return 0
            i = randint(rng, n)
            for s in range(A.n_spaces):
                if free_for_piece(st, p, s):
                    if i == 0:
                        st.dec[1] = s
                        break
                    i -= 1
            st.dec[0] = randint(rng, N_MINIONS)
            return 1
        if a == A_GRUNT:
            st.dec[0] = randint(rng, 6)
            return 1
        if a == A_CALL or a == A_FEED:
            st.dec[0] = randint(rng, ROWS)
            return 1
        return 0
    # ---- evaluating bots
    if a == A_GRUNT:
        best = -1
        bv = 0.0
        nt = 0
        for c in range(6):
            v = colour_value(A, st, p, c, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = c
                if nt == 1:
                    bv = v
        st.dec[0] = best
        return 1 if best >= 0 else 0
    if a == A_CALL:
        best = -1
        bv = -1e18
        nt = 0
        for r in range(ROWS):
            if st.summon[p, r] < A.track_len - 1:
                nx = A.track_act[st.summon[p, r] + 1]
                v = 0.0
                if nx == SUMMON:
                    v = row_sum(st, p, r, st.sj[p, r]) * w[W_JUICE]
                elif nx >= 0:
                    v = w[W_ICON]
                v += jitter(rng, w)
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = r
                    if nt == 1:
                        bv = v
        st.dec[0] = best
        return 1 if best >= 0 and bv > 0 else 0
    if a == A_FEED:
        best = -1
        bv = -1e18
        nt = 0
        base = prog(A, st, p, w)
        for r in range(ROWS):
            if st.sj[p, r] < A.sj_max:
                v = 0.5
                if st.order_n[p, r] > st.sj[p, r]:
                    v += summon_weight(A, w) * st.order_rank[p, r, st.sj[p, r]]
                v += feed_prophecy(A, st, p, r, w, base)
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = r
                    if nt == 1:
                        bv = v
        st.dec[0] = best
        return 1 if best >= 0 else 0
    if a == A_PROMOTE:
        base = prog(A, st, p, w)
        best = -1
        bv = 0.0
        nt = 0
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                for d in (-1, 1):
                    rk = st.order_rank[p, r, c] + d
                    if rk < 1 or rk > 6:
                        continue
                    v = d * (w[W_RANK] if c < st.sj[p, r] + 2 else w[W_BEYOND])
                    # a die beyond the row's Spider Jack value is read by no Prophecy condition:
                    # the progress stays base (values.trimmed_progress), nothing to add
                    if w[W_PROPHECY] != 0.0 and c < st.pkeep[p, r]:
                        st.order_rank[p, r, c] = rk
                        v += prophecy_weight(A, w) * (prog_at(A, st, p, w, 1 << r, 1 << c) - base)
                        st.order_rank[p, r, c] = rk - d
                    take, nt = argmax_step(v, bv, nt, rng)
                    if take:
                        best = (r * 8 + c) * 2 + (1 if d > 0 else 0)
                        if nt == 1:
                            bv = v
        # "one of your Lord Dice (anywhere)": a Driveway die turns to a face of rank +- 1
        bf = -1
        for k in range(4):
            cd = st.drv_col[p, k]
            if cd < 0:
                continue
            f0 = st.drv_face[p, k]
            r0 = A.face_rank[cd, f0]
            v0 = drive_value(A, st, p, k, w, base)
            for f2 in range(A.face_rank.shape[1]):
                d = A.face_rank[cd, f2] - r0
                if d != 1 and d != -1:
                    continue
                st.drv_face[p, k] = f2
                v = drive_value(A, st, p, k, w, base) - v0
                st.drv_face[p, k] = f0
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = (DRIVEWAY * 8 + k) * 2 + (1 if d > 0 else 0)
                    bf = f2
                    if nt == 1:
                        bv = v
        if best < 0:
            return 0
        st.dec[0] = best // 2 // 8
        st.dec[1] = best // 2 % 8
        st.dec[2] = 1 if best % 2 == 1 else -1
        st.dec[3] = bf
        return 1
    if a == A_SWAP:
        base = prog(A, st, p, w)
        best = -1
        bv = 0.0
        nt = 0
        # Prophecy bounds (bounds.py): a swap on two lines whose bound cannot reach the best
        # so far (nor tie it) is not evaluated -- it could be neither taken nor drawn for
        bound = w[W_PROPHECY] > 0.0 and st.prophecy[p] >= 0
        by_row = False
        if bound:
            swap_bounds(A, st, p)
            by_row = A.cards.p_axis[st.prophecy[p]] == AX_ROW
        for x in range(ROWS * 8):
            r1 = x // 8
            c1 = x % 8
            if c1 >= st.order_n[p, r1]:
                continue
            for y in range(x + 1, ROWS * 8):
                r2 = y // 8
                c2 = y % 8
                if c2 >= st.order_n[p, r2]:
                    continue
                k1 = st.order_rank[p, r1, c1]
                k2 = st.order_rank[p, r2, c2]
                in1 = w[W_RANK] if c1 < st.sj[p, r1] + 2 else w[W_BEYOND]
                in2 = w[W_RANK] if c2 < st.sj[p, r2] + 2 else w[W_BEYOND]
                v = (k2 - k1) * in1 + (k1 - k2) * in2
                q1 = st.order_col[p, r1, c1]
                if k1 == k2 and q1 == st.order_col[p, r2, c2]:
                    v = 0.0  # identical dice: the same Order, the Prophecy progress of base
                elif w[W_PROPHECY] != 0.0 and (c1 < st.pkeep[p, r1] or c2 < st.pkeep[p, r2]):
                    # (two dice beyond their rows' Spider Jack values: the progress stays base)
                    if bound and (r1 != r2 if by_row else c1 != c2):
                        ub = v + prophecy_weight(A, w) * (swap_prog_bound(A, st, p, r1, c1, r2, c2)
                                                  - base)
                        if ub < bv - TIE or (nt == 0 and ub <= bv + TIE):
                            continue
                    swap_dice(st, p, r1, c1, r2, c2)  # tried, then undone
                    v += prophecy_weight(A, w) * (prog_at(A, st, p, w, (1 << r1) | (1 << r2),
                                                  (1 << c1) | (1 << c2)) - base)
                    swap_dice(st, p, r1, c1, r2, c2)
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = x * 32 + y
                    if nt == 1:
                        bv = v
        if best < 0:
            return 0
        x = best // 32
        y = best % 32
        st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
        return 1
    if a == A_MINION:
        # block the next space of a Grunt that shows no action, so the Grunt jumps past it;
        # several such Grunts: one of them drawn from the stream
        S = A.n_spaces
        n = 0
        target = -1
        for g in range(MAX_GRUNTS):
            c = st.grunt_col[p, g]
            if c >= 0 and st.grunt_pos[p, g] < S:
                s = next_space(A, st, p, st.grunt_pos[p, g], c)
                if s < S and free_for_piece(st, p, s) and space_value(A, st, p, s, w) <= 0.0:
                    n += 1
                    if n == 1 or randint(rng, n) == 0:
                        target = s
        if target < 0:
            return 0
        m = 0  # a Minion from its starting spot (they are all alike)
        for i in range(N_MINIONS):
            if st.minion_pos[p, i] < 0:
                m = i
                break
        st.dec[0] = m
        st.dec[1] = target
        return 1
    return 0
