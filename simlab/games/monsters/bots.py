"""Monsters on Board: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. The game
loop asks a bot for every decision:

``decide_draft`` the car position of the die to take; ``decide_activate`` the Driveway die to
activate next (Grunt movement); ``decide_place`` the die and row of the next Swamp-Jack
placement (the last die left gives Malice); ``decide_action`` whether to perform a pending
action and its targets (in ``st.dec``: swap r1,c1,r2,c2; promote r,c,delta; Minion m,space;
move Grunt colour; call / feed row); ``decide_spook`` pass (0), buy a Ghost (1: position,
target) or an Arch Monster (2: position); ``decide_arch`` which Arch Monster card to discard for
its back action (-1: none), asked after one's Swamp-Jack phase and before final scoring.

``random`` (id 0)
    Uniform over the legal choices of every decision (an action is performed with probability
    1/2, the Spook phase passes with probability 1/2 and otherwise buys a uniform legal item).
``greedy`` (1)
    Immediate value: Spook Juice and Malice gained now (``juice``, ``malice`` per point),
    Grunt steps (``grunt``) and arrivals in the final area (``final`` x the matching dice the
    player holds + 1), rank placed in a row within its Spider Jack value (``rank``; beyond it
    ``rank`` x ``beyond``), Summoning progress (``summon``), a flat value per Ghost (``ghost``)
    and Arch Monster (``arch``) bought against ``cost`` per Malice spent.
``prophet`` (2)
    greedy plus ``prophecy`` x the change of ``prophecy_progress`` of its card for every die
    placement, swap and promote/demote.
``weights`` (3)
    The same evaluation with every weight a parameter (for sweeps and the tuner).
``noise`` adds a uniform [0, noise) draw from the game's stream to every option's value, so
identical deterministic bots do not replay one game. No decision compares players, so ties
never depend on seat numbers (options are scanned in board order).
"""

from __future__ import annotations

from simlab.core.jit import rule
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
    MULTI,
    SUMMON,
)
from simlab.games.monsters.engine import (
    can_place_ghost,
    free_for_piece,
    next_space,
    row_sum,
)
from simlab.games.monsters.scoring import prophecy_progress
from simlab.games.monsters.state import (
    COLS,
    I_JUST_COL,
    I_JUST_ROW,
    MAX_GRUNTS,
    N_MINIONS,
    ROWS,
)

BOT_RANDOM, BOT_GREEDY, BOT_PROPHET, BOT_WEIGHTS = range(4)
PARAMS = ("juice", "malice", "grunt", "final", "rank", "beyond", "summon", "prophecy", "ghost",
          "arch", "cost", "icon", "noise")
N_PARAMS = len(PARAMS)
(W_JUICE, W_MALICE, W_GRUNT, W_FINAL, W_RANK, W_BEYOND, W_SUMMON, W_PROPHECY, W_GHOST, W_ARCH,
 W_COST, W_ICON, W_NOISE) = range(N_PARAMS)

_GREEDY = (1.0, 1.5, 0.6, 3.0, 0.6, 0.15, 1.0, 0.0, 2.0, 6.0, 1.2, 0.8, 0.3)
_PROPHET = (1.0, 1.5, 0.6, 3.0, 0.6, 0.15, 1.0, 1.0, 2.0, 6.0, 1.2, 0.8, 0.3)

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal choices of every decision"),
    "greedy": (BOT_GREEDY, PARAMS, _GREEDY, "immediate Spook Juice, Malice and Grunt progress"),
    "prophet": (BOT_PROPHET, PARAMS, _PROPHET, "greedy plus progress toward its Prophecy card"),
    "weights": (BOT_WEIGHTS, PARAMS, _PROPHET,
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
}


def bot_vector(name: str, overrides: dict | None = None):
    """The parameter vector of a bot with overrides (tests and the reference)."""
    import numpy as np

    _, params, defaults, _ = BOTS[name]
    v = np.zeros(N_PARAMS)
    v[: len(defaults)] = defaults
    for k, x in (overrides or {}).items():
        v[params.index(k)] = x
    return v


@rule
def jitter(rng, w):
    """A uniform [0, noise) draw (0 without noise; no draw then)."""
    if w[W_NOISE] > 0:
        return uniform(rng) * w[W_NOISE]
    return 0.0


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


@rule
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
def face_value(A, st, p, c, f, w):
    """Value of a die (colour c, face f) for the draft: its icons, its colour's move, its rank."""
    v = colour_value(A, st, p, c, w)
    for k in range(A.face_act.shape[2]):
        a = A.face_act[c, f, k]
        if a >= 0:
            v += icon_value(A, st, p, a, A.face_juice[c, f, k], w)
    r = A.face_rank[c, f]
    return v + w[W_RANK] * r * 0.7 + 0.1 * w[W_MALICE] * A.malice_chart[r - 1]


@rule
def prog(A, st, p, w):
    """Prophecy progress of p's Order (0 when the bot ignores it)."""
    if w[W_PROPHECY] == 0.0:
        return 0.0
    return prophecy_progress(A.cards, st.prophecy[p], st.order_col[p], st.order_rank[p],
                             st.sj[p])


# ------------------------------------------------------------------------------ draft etc.
@rule
def decide_draft(A, st, lu, p, f, rng):
    """Car position (0 front .. 3 rear) of the die p takes from Fearmobile f."""
    bid = lu.ids[p]
    w = lu.params[p]
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
    for k in range(4):
        if st.fm_col[f, k] >= 0:
            v = face_value(A, st, p, st.fm_col[f, k], st.fm_face[f, k], w) + jitter(rng, w)
            if v > bv:
                bv = v
                best = k
    return best


@rule
def decide_activate(A, st, lu, p, rng):
    """Driveway die p activates next (Grunt movement)."""
    bid = lu.ids[p]
    w = lu.params[p]
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
    for k in range(4):
        if st.drv_moved[p, k] == 0:
            v = colour_value(A, st, p, st.drv_col[p, k], w) + jitter(rng, w)
            if v > bv:
                bv = v
                best = k
    return best


@rule
def place_value(A, st, p, k, r, w, base):
    """Value of placing Driveway die k in row r: its icons plus its rank in the row."""
    c = st.drv_col[p, k]
    f = st.drv_face[p, k]
    rank = A.face_rank[c, f]
    col = st.order_n[p, r]
    v = 0.0
    for i in range(A.face_act.shape[2]):
        a = A.face_act[c, f, i]
        if a >= 0:
            v += icon_value(A, st, p, a, A.face_juice[c, f, i], w)
    if col < st.sj[p, r] + 2:
        v += w[W_RANK] * rank
    else:
        v += w[W_BEYOND] * rank
    if w[W_PROPHECY] != 0.0:
        st.order_col[p, r, col] = c
        st.order_rank[p, r, col] = rank
        st.order_n[p, r] = col + 1
        v += w[W_PROPHECY] * (prog(A, st, p, w) - base)
        st.order_col[p, r, col] = -1
        st.order_rank[p, r, col] = 0
        st.order_n[p, r] = col
    return v


@rule
def decide_place(A, st, lu, p, rng):
    """Die (Driveway index) and row of p's next Swamp-Jack placement: returns k * 3 + row."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == BOT_RANDOM:
        n = 0
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for r in range(ROWS):
                    if st.order_n[p, r] < COLS:
                        n += 1
        i = randint(rng, n)
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for r in range(ROWS):
                    if st.order_n[p, r] < COLS:
                        if i == 0:
                            return k * 3 + r
                        i -= 1
        return -1
    base = prog(A, st, p, w)
    # the Malice die: most Malice value against its best placement
    mal = -1
    mv = -1e18
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            bp = -1e18
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    bp = max(bp, place_value(A, st, p, k, r, w, base))
            rank = A.face_rank[st.drv_col[p, k], st.drv_face[p, k]]
            room = A.malice_cap - st.malice[p]
            v = w[W_MALICE] * min(A.malice_chart[rank - 1], room) - bp
            if v > mv:
                mv = v
                mal = k
    best = -1
    bv = -1e18
    for k in range(4):
        if st.drv_col[p, k] >= 0 and k != mal:
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    v = place_value(A, st, p, k, r, w, base) + jitter(rng, w)
                    if v > bv:
                        bv = v
                        best = k * 3 + r
    return best


# ------------------------------------------------------------------------------ actions
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
            x = random_die(st, p, rng, jr, jc)
            if x < 0:
                return 0
            d = 1 if uniform(rng) < 0.5 else -1
            rk = st.order_rank[p, x // 8, x % 8] + d
            if rk < 1 or rk > 6:
                d = -d
            st.dec[0], st.dec[1], st.dec[2] = x // 8, x % 8, d
            return 1
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
        for c in range(6):
            v = colour_value(A, st, p, c, w)
            if v > bv:
                bv = v
                best = c
        st.dec[0] = best
        return 1 if best >= 0 else 0
    if a == A_CALL:
        best = -1
        bv = -1e18
        for r in range(ROWS):
            if st.summon[p, r] < A.track_len - 1:
                nx = A.track_act[st.summon[p, r] + 1]
                v = 0.0
                if nx == SUMMON:
                    v = row_sum(st, p, r, st.sj[p, r]) * w[W_JUICE]
                elif nx >= 0:
                    v = w[W_ICON]
                v += jitter(rng, w)
                if v > bv:
                    bv = v
                    best = r
        st.dec[0] = best
        return 1 if best >= 0 and bv > 0 else 0
    if a == A_FEED:
        best = -1
        bv = -1e18
        for r in range(ROWS):
            if st.sj[p, r] < A.sj_max:
                v = 0.5
                if st.order_n[p, r] > st.sj[p, r]:
                    v += st.order_rank[p, r, st.sj[p, r]]
                if v > bv:
                    bv = v
                    best = r
        st.dec[0] = best
        return 1 if best >= 0 else 0
    if a == A_PROMOTE:
        base = prog(A, st, p, w)
        best = -1
        bv = 0.0
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                for d in (-1, 1):
                    rk = st.order_rank[p, r, c] + d
                    if rk < 1 or rk > 6:
                        continue
                    v = d * (w[W_RANK] if c < st.sj[p, r] + 2 else w[W_BEYOND])
                    if w[W_PROPHECY] != 0.0:
                        st.order_rank[p, r, c] = rk
                        v += w[W_PROPHECY] * (prog(A, st, p, w) - base)
                        st.order_rank[p, r, c] = rk - d
                    if v > bv:
                        bv = v
                        best = (r * 8 + c) * 2 + (1 if d > 0 else 0)
        if best < 0:
            return 0
        st.dec[0] = best // 2 // 8
        st.dec[1] = best // 2 % 8
        st.dec[2] = 1 if best % 2 == 1 else -1
        return 1
    if a == A_SWAP:
        base = prog(A, st, p, w)
        best = -1
        bv = 0.0
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
                if w[W_PROPHECY] != 0.0:
                    q1 = st.order_col[p, r1, c1]
                    st.order_col[p, r1, c1] = st.order_col[p, r2, c2]
                    st.order_col[p, r2, c2] = q1
                    st.order_rank[p, r1, c1] = k2
                    st.order_rank[p, r2, c2] = k1
                    v += w[W_PROPHECY] * (prog(A, st, p, w) - base)
                    st.order_col[p, r2, c2] = st.order_col[p, r1, c1]
                    st.order_col[p, r1, c1] = q1
                    st.order_rank[p, r1, c1] = k1
                    st.order_rank[p, r2, c2] = k2
                if v > bv + 1e-9:
                    bv = v
                    best = x * 32 + y
        if best < 0:
            return 0
        x = best // 32
        y = best % 32
        st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
        return 1
    if a == A_MINION:
        # block the next space of a Grunt that shows no action, so the Grunt jumps past it
        S = A.n_spaces
        for g in range(MAX_GRUNTS):
            c = st.grunt_col[p, g]
            if c >= 0 and st.grunt_pos[p, g] < S:
                s = next_space(A, st, p, st.grunt_pos[p, g], c)
                if s < S and free_for_piece(st, p, s) and space_value(A, st, p, s, w) <= 0.0:
                    m = 0
                    for i in range(N_MINIONS):
                        if st.minion_pos[p, i] < 0:
                            m = i
                            break
                    st.dec[0] = m
                    st.dec[1] = s
                    return 1
        return 0
    return 0


# ------------------------------------------------------------------------------ Spook phase
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


@rule
def ghost_target(A, st, p, g):
    """Where p puts Ghost g: a gain-Grunt spot, or the free matching space that the rearmost
    matching Grunt will land on next (else the first legal space); -1 if none."""
    if A.ghost_gain[g] == 1:
        return can_place_ghost(A, st, p, g)
    S = A.n_spaces
    col = A.ghost_colour[g]
    bpos = S + 1
    best = -1
    for i in range(MAX_GRUNTS):
        c = st.grunt_col[p, i]
        if c >= 0 and st.grunt_pos[p, i] < S and (col == MULTI or c == col):
            s = next_space(A, st, p, st.grunt_pos[p, i], c)
            if s < S and st.ghost_at[p, s] < 0 and st.grunt_pos[p, i] < bpos:
                bpos = st.grunt_pos[p, i]
                best = s
    if best >= 0:
        return best
    return can_place_ghost(A, st, p, g)


@rule
def decide_spook(A, st, lu, p, rng):
    """0 pass, 1 buy a Ghost (st.dec[0] position, st.dec[1] target), 2 buy an Arch Monster
    (st.dec[0] position)."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == BOT_RANDOM:
        n = 0
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                n += 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
                n += 1
        if n == 0 or uniform(rng) < 0.5:
            return 0
        i = randint(rng, n)
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                if i == 0:
                    st.dec[0] = k
                    st.dec[1] = ghost_target(A, st, p, g)
                    return 1
                i -= 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
                if i == 0:
                    st.dec[0] = k
                    return 2
                i -= 1
        return 0
    best = 0
    bv = 0.0
    for k in range(5):
        g = st.gmarket[k]
        if g >= 0 and A.ghost_cost[k] <= st.malice[p]:
            t = ghost_target(A, st, p, g)
            if t >= 0:
                v = ghost_value(A, st, p, g, w) - w[W_COST] * A.ghost_cost[k] + jitter(rng, w)
                if v > bv:
                    bv = v
                    best = 1
                    st.dec[0] = k
                    st.dec[1] = t
        if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
            v = w[W_ARCH] - w[W_COST] * A.arch_cost[k] + jitter(rng, w)
            if v > bv:
                bv = v
                best = 2
                st.dec[0] = k
    return best


@rule
def decide_arch(A, st, lu, p, final, rng):
    """Index of the Arch Monster card p discards now for its back action (-1: none).
    greedy-type bots discard only before final scoring a card whose back action is worth more
    than ``arch`` (what they think a card scores); random: 1/4 of the time a uniform card."""
    n = st.n_arch[p]
    if n == 0:
        return -1
    if lu.ids[p] == BOT_RANDOM:
        if uniform(rng) < 0.25:
            return randint(rng, n)
        return -1
    if final == 0:
        return -1
    w = lu.params[p]
    best = -1
    bv = w[W_ARCH]
    for i in range(n):
        card = st.arch[p, i]
        v = icon_value(A, st, p, A.cards.m_back[card], A.cards.m_back_amount[card], w)
        if A.cards.m_back[card] == A_MALICE:
            v = 0.0  # Malice is worthless at the end
        if v > bv:
            bv = v
            best = i
    return best
