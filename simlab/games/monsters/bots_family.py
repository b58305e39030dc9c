"""Monsters on Board, family mode: bot decisions (numba), by the same ids and parameter vectors
as the regular game's bots (``bots.py``), so a line-up means the same bots in both modes.

Decisions (each a ``rule`` function, also callable from plain Python by the reference engine):

``decide_pick`` the die (car position 0..3 of the Fearmobile in front of the player) and the row
of the Order it goes to: returns ``k * 3 + row``; ``decide_promote`` (area 4) whether to promote
or demote a Lord and which (``st.dec`` = row, column, +-1); ``decide_swap`` (area 8) whether to
swap two Lords and which (``st.dec`` = r1, c1, r2, c2); ``decide_continue`` (area 12) whether a
Grunt just sent back to its starting spot goes on with the steps left over from the die (1) or
stays there (0): the rulebook's "you can use it"; ``decide_row`` the row whose Minion space
takes this round's Minion (end of round scoring).

Family mode reads these parameters of the shared vector (the others are unused):
``juice`` per point of Spook Juice, ``grunt`` per Grunt step, ``icon`` per area 4 / area 8
opportunity a move reaches, ``prophecy`` x the change of ``prophecy_progress`` (keep = all six
spots of every row: no Spider Jack trimming in family mode), ``noise``.

``random`` (id 0)
    Uniform over the legal picks and rows; an area 4/8 action is done with probability 1/2 on
    uniform dice (a promotion that would leave 1..6 becomes a demotion and vice versa); the
    area 12 leftover move is taken with probability 1/2 (one ``uniform`` draw of the game's
    stream, made only when steps are left).
``greedy`` (1), ``prophet`` (2), ``weights`` (3)
    One evaluation: a die of rank r placed in row R is worth ``juice`` x r x (Minion spaces of R
    still empty), which is exactly the row scoring it will bring if the row is not changed
    later; the Grunt move of the die is simulated (``move_outcome``): ``grunt`` per step,
    ``juice`` x the area 12 juice per return, ``icon`` per area 4 / 8 reached; plus the Prophecy
    term (0 for greedy). Promote / swap: the same row-scoring value and Prophecy change, done
    when positive. Area 12 leftover: the same move value of the steps left, walked from the
    starting spot (``steps_value``: ``grunt`` per step toward area 12 again, ``icon`` per area
    4 / 8 it reaches -- area 8 only with two dice in the Order --, ``juice`` x the area 12 juice
    if it gets there again); the Grunt goes on when that is positive (beyond ``bots.TIE``),
    else it stays on its starting spot (stopping is worth 0: nothing else changes). With the
    shipped weights (``grunt`` 0.6, ``icon`` 0.8) every step is worth something, so these bots
    always go on; a ``weights`` bot with ``grunt`` <= 0 may stop. ``move_outcome`` makes the
    same choice at each return it simulates, so a pick is valued as the bot will play it.
    End of round: the row with the highest rank total now (``juice`` x total
    plus ``noise``). No decision compares players, so seats never matter; options the bot
    values the same (within ``bots.TIE``: identical dice in the Fearmobile, identical rows,
    identical dice to promote or swap) are broken from the game's random stream with the
    regular bots' tie-aware argmax (``bots.argmax_step``: each of k tied options wins with
    probability 1/k, a draw only on a tie), never by car position, row or loop order.
Any other id (custom bots) is refused by ``game.MonstersGame.prepare``: the family engine has no
custom-bot hook, so no decision kind is defined for it (the regular game's ``bots.KIND_*``
list no family decision).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.core.rng import randint, uniform
from simlab.games.monsters.bot_base import (
    BOT_FIRST,
    BOT_RANDOM,
    TIE,
    W_GRUNT,
    W_ICON,
    W_JUICE,
    W_PROPHECY,
    best_step,
    jitter,
    random_die_row,
)
from simlab.games.monsters.engine import swap_dice
from simlab.games.monsters.scoring import prophecy_progress
from simlab.games.monsters.state import COLS, ROWS

#: family area effects (``FamilyArrays.area_act``, index = area number 0..13)
FA_NONE, FA_PROMOTE, FA_SWAP, FA_RETURN = range(4)
START = -1


@rule
def icon_count(A, c, f):
    """Icons (of any type) on face f of a die of colour c: the Grunt's steps."""
    n = 0
    for k in range(A.face_act.shape[2]):
        if A.face_act[c, f, k] >= 0:
            n += 1
    return n


@rule
def next_step(A, pos, c):
    """The next space of colour c after ``pos`` (START: from the beginning of the path), or S
    (the final area) when there is none. One Grunt per colour and no Minion or Ghost on the
    path in family mode, so no space of its colour is ever occupied (nothing to skip)."""
    s0 = pos + 1 if pos >= 0 else 0
    for s in range(s0, A.n_spaces):
        if A.space_colour[s] == c:
            return s
    return A.n_spaces


@rule(inline=True)
def path_outcome(A, F, pos, c, n):
    """Simulate n steps of the Grunt of colour c from ``pos``, always going on after a return:
    (end position, steps moved, area-4 landings, area-8 landings, area-12 returns). A step onto
    a return area sends the Grunt to its start spot and the next step leaves from there; in the
    final area it stops."""
    S = A.n_spaces
    steps = 0
    n4 = 0
    n8 = 0
    n12 = 0
    for _ in range(n):
        if pos >= S:
            break
        pos = next_step(A, pos, c)
        steps += 1
        if pos < S:
            e = F.area_act[A.space_area[pos]]
            if e == FA_PROMOTE:
                n4 += 1
            elif e == FA_SWAP:
                n8 += 1
            elif e == FA_RETURN:
                n12 += 1
                pos = START
    return pos, steps, n4, n8, n12


@rule
def steps_value(A, F, c, n, w, nd):
    """Area 12 leftover: an evaluating bot's value of moving its Grunt of colour c n steps on
    from the starting spot (``nd`` dice in the Order: area 8 needs two to swap)."""
    _, steps, n4, n8, n12 = path_outcome(A, F, START, c, n)
    v = w[W_GRUNT] * steps + w[W_JUICE] * F.juice12 * n12 + w[W_ICON] * n4
    if nd >= 2:
        v += w[W_ICON] * n8
    return v


@rule(inline=True)
def move_outcome(A, F, pos, c, n, w, nd):
    """Simulate n steps of the Grunt of colour c from ``pos`` as an evaluating bot plays them
    (``nd`` dice in the Order): as ``path_outcome``, but after a return with steps left the
    Grunt goes on only if ``steps_value`` of them is positive (``decide_continue``)."""
    S = A.n_spaces
    steps = 0
    n4 = 0
    n8 = 0
    n12 = 0
    for i in range(n):
        if pos >= S:
            break
        pos = next_step(A, pos, c)
        steps += 1
        if pos < S:
            e = F.area_act[A.space_area[pos]]
            if e == FA_PROMOTE:
                n4 += 1
            elif e == FA_SWAP:
                n8 += 1
            elif e == FA_RETURN:
                n12 += 1
                pos = START
                left = n - 1 - i
                if left > 0 and steps_value(A, F, c, left, w, nd) <= TIE:
                    break
    return pos, steps, n4, n8, n12


@rule
def free_spaces(F, st, p, r):
    """Empty Minion spaces of row r (future row scorings of that row)."""
    return F.minion_spaces[r] - st.minions[p, r]


@rule
def prog(A, st, p, w):
    """Prophecy progress of p's Order, every spot kept (0 when the bot ignores it)."""
    if w[W_PROPHECY] == 0.0:
        return 0.0
    return prophecy_progress(A.cards, st.prophecy[p], st.order_col[p], st.order_rank[p],
                             st.keep)


@rule
def n_dice(st, p):
    return st.order_n[p, 0] + st.order_n[p, 1] + st.order_n[p, 2]


@rule(inline=True)
def pick_value(A, F, st, p, fm, k, r, w, base):
    """Value of taking die k of Fearmobile fm into row r (rows, Grunt move, Prophecy)."""
    c = st.fm_col[fm, k]
    f = st.fm_face[fm, k]
    rank = A.face_rank[c, f]
    v = w[W_JUICE] * rank * free_spaces(F, st, p, r)
    nd = n_dice(st, p) + 1  # with the die placed now
    _, steps, n4, n8, n12 = move_outcome(A, F, st.grunt_pos[p, c], c, icon_count(A, c, f), w,
                                         nd)
    v += w[W_GRUNT] * steps + w[W_JUICE] * F.juice12 * n12 + w[W_ICON] * n4
    if nd >= 2:
        v += w[W_ICON] * n8  # a swap needs two dice: the one placed now and another
    if w[W_PROPHECY] != 0.0:
        col = st.order_n[p, r]
        st.order_col[p, r, col] = c
        st.order_rank[p, r, col] = rank
        st.order_n[p, r] = col + 1
        v += w[W_PROPHECY] * (prog(A, st, p, w) - base)
        st.order_col[p, r, col] = -1
        st.order_rank[p, r, col] = 0
        st.order_n[p, r] = col
    return v


@rule  # asked by the reference engine (through its twin)
def decide_pick(A, F, st, lu, p, fm, rng):
    """Die (car position) of Fearmobile fm and row of p's Order: returns k * 3 + row."""
    w = lu.params[p]
    if lu.ids[p] == BOT_RANDOM:
        return random_die_row(st, p, st.fm_col[fm], rng)
    if lu.ids[p] == BOT_FIRST:
        for x in range(12):
            if st.fm_col[fm, x // 3] >= 0 and st.order_n[p, x % 3] < COLS:
                return x
        return -1
    base = prog(A, st, p, w)
    best = -1
    bv = -1e18
    nt = 0
    for x in range(12):
        if st.fm_col[fm, x // 3] >= 0 and st.order_n[p, x % 3] < COLS:
            v = pick_value(A, F, st, p, fm, x // 3, x % 3, w, base) + jitter(rng, w)
            bv, best, nt = best_step(v, x, bv, best, nt, rng)
    return best


@rule
def random_die(st, p, rng):
    """A uniform die of p's Order: r * 8 + c (-1 if the Order is empty)."""
    n = n_dice(st, p)
    if n <= 0:
        return -1
    i = randint(rng, n)
    for r in range(ROWS):
        for c in range(st.order_n[p, r]):
            if i == 0:
                return r * 8 + c
            i -= 1
    return -1


@rule  # asked by the reference engine (through its twin)
def decide_promote(A, F, st, lu, p, rng):
    """Area 4: 1 to promote (+1) or demote (-1) die st.dec[0], st.dec[1] by st.dec[2]; 0 skip.
    Any die of the Order may change, the one just placed included; ranks stay 1..6."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == BOT_FIRST:  # the first die that can change, down before up
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                for d in (-1, 1):
                    if 1 <= st.order_rank[p, r, c] + d <= 6:
                        st.dec[0], st.dec[1], st.dec[2] = r, c, d
                        return 1
        return 0
    if bid == BOT_RANDOM:
        if uniform(rng) < 0.5:
            return 0
        x = random_die(st, p, rng)
        if x < 0:
            return 0
        d = 1 if uniform(rng) < 0.5 else -1
        rk = st.order_rank[p, x // 8, x % 8] + d
        if rk < 1 or rk > 6:
            d = -d
        st.dec[0] = x // 8
        st.dec[1] = x % 8
        st.dec[2] = d
        return 1
    base = prog(A, st, p, w)
    best = -1
    bv = 0.0  # skipping; a positive value (beyond bots.TIE) is done
    nt = 0
    for r in range(ROWS):
        for c in range(st.order_n[p, r]):
            for d in (-1, 1):
                rk = st.order_rank[p, r, c] + d
                if rk < 1 or rk > 6:
                    continue
                v = w[W_JUICE] * d * free_spaces(F, st, p, r)
                if w[W_PROPHECY] != 0.0:
                    st.order_rank[p, r, c] = rk
                    v += w[W_PROPHECY] * (prog(A, st, p, w) - base)
                    st.order_rank[p, r, c] = rk - d
                bv, best, nt = best_step(v, (r * 8 + c) * 2 + (1 if d > 0 else 0), bv, best,
                                         nt, rng)
    if best < 0:
        return 0
    st.dec[0] = best // 2 // 8
    st.dec[1] = best // 2 % 8
    st.dec[2] = 1 if best % 2 == 1 else -1
    return 1


@rule  # asked by the reference engine (through its twin)
def decide_swap(A, F, st, lu, p, rng):
    """Area 8: 1 to swap dice (st.dec[0], st.dec[1]) and (st.dec[2], st.dec[3]); 0 skip."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == BOT_FIRST:  # the first two dice in reading order
        n = 0
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                st.dec[2 * n], st.dec[2 * n + 1] = r, c
                n += 1
                if n == 2:
                    return 1
        return 0
    if bid == BOT_RANDOM:
        if uniform(rng) < 0.5 or n_dice(st, p) < 2:
            return 0
        x = random_die(st, p, rng)
        y = random_die(st, p, rng)
        if x == y:
            return 0
        st.dec[0] = x // 8
        st.dec[1] = x % 8
        st.dec[2] = y // 8
        st.dec[3] = y % 8
        return 1
    base = prog(A, st, p, w)
    best = -1
    bv = 0.0  # skipping; a positive value (beyond bots.TIE) is done
    nt = 0
    # every pair of dice once, in reading order (row by row, left to right)
    for r1 in range(ROWS):
        for c1 in range(st.order_n[p, r1]):
            for r2 in range(r1, ROWS):
                for c2 in range(c1 + 1 if r2 == r1 else 0, st.order_n[p, r2]):
                    dk = st.order_rank[p, r2, c2] - st.order_rank[p, r1, c1]
                    v = w[W_JUICE] * dk * (free_spaces(F, st, p, r1) - free_spaces(F, st, p, r2))
                    if w[W_PROPHECY] != 0.0:
                        swap_dice(st, p, r1, c1, r2, c2)  # tried, then undone
                        v += w[W_PROPHECY] * (prog(A, st, p, w) - base)
                        swap_dice(st, p, r1, c1, r2, c2)
                    bv, best, nt = best_step(v, ((r1 * 8 + c1) * 32) + r2 * 8 + c2, bv, best, nt,
                                             rng)
    if best < 0:
        return 0
    st.dec[0], st.dec[1] = best // 256, best // 32 % 8   # best = (r1 * 8 + c1) * 32 + ...
    st.dec[2], st.dec[3] = best % 32 // 8, best % 8
    return 1


@rule  # asked by the reference engine (through its twin)
def decide_continue(A, F, st, lu, p, c, left, rng):
    """Area 12: 1 if p's Grunt of colour c, just back on its starting spot, goes on with the
    ``left`` steps left over from the die ("you can use it"), 0 if it stays there."""
    if lu.ids[p] == BOT_RANDOM:
        return 0 if uniform(rng) < 0.5 else 1
    if lu.ids[p] == BOT_FIRST:
        return 1
    if steps_value(A, F, c, left, lu.params[p], n_dice(st, p)) > TIE:
        return 1
    return 0


@rule
def row_total(st, p, r):
    t = 0
    for c in range(st.order_n[p, r]):
        t += st.order_rank[p, r, c]
    return t


@rule  # asked by the reference engine (through its twin)
def decide_row(A, F, st, lu, p, rng):
    """End of round: the row (with an empty Minion space) that takes p's Minion and scores."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == BOT_FIRST:
        for r in range(ROWS):
            if free_spaces(F, st, p, r) > 0:
                return r
        return -1
    if bid == BOT_RANDOM:
        n = 0
        for r in range(ROWS):
            if free_spaces(F, st, p, r) > 0:
                n += 1
        i = randint(rng, n)
        for r in range(ROWS):
            if free_spaces(F, st, p, r) > 0:
                if i == 0:
                    return r
                i -= 1
        return -1
    best = -1
    bv = -1e18
    nt = 0
    for r in range(ROWS):
        if free_spaces(F, st, p, r) > 0:
            v = w[W_JUICE] * row_total(st, p, r) + jitter(rng, w)
            bv, best, nt = best_step(v, r, bv, best, nt, rng)
    return best
