"""Monkey Fun: the built-in bots' one-step policies (numba ``rule`` helpers).

``random`` (uniform over the useful legal plays), the linear evaluation shared by ``greedy``,
``row``, ``blocker`` and ``weights`` (its features and weights are documented in ``bots.py``),
the solo planner's heuristic, and the tie rule every built-in bot follows: plays of equal value
(within :data:`EPS`) are a tie, broken uniformly at random from the game's stream, and card
subsets playing the same cards from other hand slots are one play. The searching bots
(``search.py``) play these policies in their playouts; ``bots.py`` dispatches a decision to them.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import rule
from simlab.core.rng import randint
from simlab.games.monkey.rules import N_CELLS
from simlab.games.monkey.state import I_TURN

N_PARAMS = 11
W_WIN, W_MAJ, W_OWN, W_L2, W_L3, W_BLOCK, W_LEADER, W_CONTEST, W_FOCUS, W_COST, W_FIELD = \
    range(11)
EVAL_PARAMS = ("win", "majority", "ownership", "line2", "line3", "block", "leader", "contest",
               "focus", "cost", "field")
SOLO_PARAMS = ("reach", "keep", "score", "cost", "playouts")
P_REACH, P_KEEP, P_SCORE, P_SOLO_COST, P_PLAYOUTS = range(5)
#: plays whose values differ by at most this are a tie (float sums in different orders)
EPS = 1e-9


@rule
def play_cost(st, p, m):
    """Cards in subset m of p's hand plus their sum / 10."""
    k = 0
    s = 0
    for i in range(st.hand_n[p]):
        if (m >> i) & 1:
            k += 1
            s += st.hand[p, i]
    return k + s / 10.0


@rule(inline=True)
def canonical(st, p, m):
    """Is subset m the first of the subsets that play the same cards? (Of equal cards it takes
    those in the lowest hand slots.) Others are the same play from other slots."""
    for j in range(1, st.hand_n[p]):
        if (m >> j) & 1:
            for i in range(j):
                if not (m >> i) & 1 and st.hand[p, i] == st.hand[p, j]:
                    return False
    return True


@rule(inline=True)
def _maj_after(A, st, p, c):
    """Who holds the majority of c after p places one monkey there (ownership included)."""
    if st.owner[c] >= 0:
        return st.owner[c]
    mine = st.counts[c, p] + 1
    top = mine
    who = p
    for q in range(A.n_players):
        if q == p:
            continue
        x = st.counts[c, q]
        if x > top:
            top = x
            who = q
        elif x == top:
            who = -1
    return who


@rule(inline=True)
def _shape_count(A, st, s, q, c, mc):
    """Majorities of q in shape s (cell c counted as held by mc); -1 if another player owns a
    cell of it (the shape is dead for q)."""
    n = 0
    for j in range(4):
        x = A.shapes[s, j]
        o = st.owner[x]
        if o >= 0 and o != q:
            return -1
        m = mc if x == c else st.maj[x]
        if m == q:
            n += 1
    return n


@rule(inline=True)
def leader_seat(A, st, p, rng):
    """The opponent with most open 3-of-4 threats (then most majority fields); opponents tied
    on both: one drawn uniformly from the game's stream (never the lower seat). -1 when no
    opponent has an open threat (the leader term then has nothing to break)."""
    best = -1
    best_key = -1
    ties = 0
    for q in range(A.n_players):
        if q == p:
            continue
        t = 0
        for s in range(A.shapes.shape[0]):
            if _shape_count(A, st, s, q, -1, -1) == 3:
                t += 1
        if t == 0:
            continue
        f = 0
        for c in range(N_CELLS):
            if st.maj[c] == q:
                f += 1
        key = t * 100 + f
        if key > best_key:
            best_key = key
            best = q
            ties = 1
        elif key == best_key:
            ties += 1
            if randint(rng, ties) == 0:
                best = q
    return best


@rule(inline=True)
def _takes_fourth(A, st, p, q, c):
    """c is the fourth field of q's open 3-of-4 shape: could q complete it with one monkey on c
    before p places there, and not after? (p's monkey takes the majority or the field.)"""
    if st.owner[c] >= 0:
        return False
    top = 0  # most monkeys of another player than q on c, before
    for r in range(A.n_players):
        if r != q and st.counts[c, r] > top:
            top = st.counts[c, r]
    if st.counts[c, q] + 1 <= top:
        return False  # q could not take it in one anyway
    mine = st.counts[c, p] + 1
    return st.counts[c, q] + 1 <= max(top, mine)


@rule
def evaluate(A, st, p, c, w, leader):
    """The linear evaluation of p placing on c (without the card cost)."""
    before = st.maj[c]
    after = _maj_after(A, st, p, c)
    if st.owner[c] == p:  # the monkey would go straight to the box
        return 0.0
    v = 0.0
    if after == p and before != p:
        v += w[W_MAJ] + w[W_FIELD] * A.number[c] / 36.0
    if st.owner[c] < 0 and after == p:
        mine = st.counts[c, p] + 1
        own = True
        for q in range(A.n_players):
            if q != p and st.counts[c, q] + 2 > mine:
                own = False
        if own:
            v += w[W_OWN]
    if before >= 0 and before != p and after != before:
        v += w[W_CONTEST]
    focus = 0
    for k in range(A.n_cell_shapes[c]):
        s = A.cell_shapes[c, k]
        owners = 0  # bit q: q owns a cell of the shape
        cnt0 = 0  # 4 bits per player: majorities in the shape before / after
        cnt1 = 0
        for j in range(4):
            x = A.shapes[s, j]
            o = st.owner[x]
            if o >= 0:
                owners |= 1 << o
            m0 = before if x == c else st.maj[x]
            m1 = after if x == c else st.maj[x]
            if m0 >= 0:
                cnt0 += 1 << (4 * m0)
            if m1 >= 0:
                cnt1 += 1 << (4 * m1)
        for q in range(A.n_players):
            if owners & ~(1 << q):
                continue  # another player owns a cell: the shape is dead for q
            n0 = (cnt0 >> (4 * q)) & 15
            n1 = (cnt1 >> (4 * q)) & 15
            if q == p:
                if n1 == 4:
                    v += w[W_WIN]
                v += w[W_L2] * (int(n1 >= 2) - int(n0 >= 2)) + w[W_L3] * (int(n1 >= 3) - int(n0 >= 3))
                if n1 > focus:
                    focus = n1
            elif n0 == 3 and (n1 != 3 or (before != q and _takes_fourth(A, st, p, q, c))):
                v += w[W_BLOCK]
                if q == leader:
                    v += w[W_LEADER]
    v += w[W_FOCUS] * focus
    return v


@rule(inline=True)
def tie_step(v, best, ties, eligible, rng):
    """One step of "keep the best, draw among ties": value v against the best so far (within
    EPS); ``eligible`` False leaves a tied value out (a subset repeating an earlier play).
    Returns (take v, new best, new tie count); a draw from the stream only on a tie."""
    if v > best + EPS:
        return True, v, 1
    if v >= best - EPS and eligible:
        ties += 1
        return randint(rng, ties) == 0, best, ties
    return False, best, ties


@rule(inline=True)
def _free_fields(A, st):
    """Solo: the free fields of the inner square (no monkey yet)."""
    n = 0
    for c in range(N_CELLS):
        if A.inner[c] == 1 and st.counts[c, 0] == 0:
            n += 1
    return n


@rule(inline=True)
def _kept_reach(A, st, p, m, c):
    """Solo: free square fields other than c that the cards p keeps after playing subset m can
    name by themselves (they are reachable next round whatever is drawn)."""
    nh = st.hand_n[p]
    hit = np.int64(0)  # bit per cell (36 cells fit in an int64)
    for k in range(1, 1 << nh):
        if k & m:
            continue
        t = 0
        j = 0
        for i in range(nh):
            if (k >> i) & 1:
                t += st.hand[p, i]
                j += 1
        if j > A.max_play or t < 1 or t > N_CELLS:
            continue
        x = A.cell_of[t]
        if x != c and A.inner[x] == 1 and st.counts[x, 0] == 0:
            hit |= np.int64(1) << x
    n = 0
    while hit:
        hit &= hit - 1
        n += 1
    return n


@rule(inline=True)
def _solo_value(A, st, p, c, m, w, nfree):
    """Solo planner, one play (cell c, subset m) with ``nfree`` free square fields:

    - a free field: the hardest to reach first (``reach``: the exact chance that a fresh hand
      names the field, ``simlab odds monkey``), so the easy sums are left for the last rounds;
      with two free fields left, the one left for last is the one most worth waiting for: its
      chance to be named in the rounds that remain times (1 + ``score`` * its number / 36),
      since the completing monkey scores its field;
    - a minus tower: on an existing tower (no new minus points), else on the lowest field (its
      number is deducted);
    - ``keep``: free fields the kept cards name by themselves (a share of those left);
      ``cost``: cards and their sum, which separates plays naming the same field."""
    n = st.counts[c, p]
    left = nfree - 1 if n == 0 else nfree
    v = 0.0
    if n == 0:
        if nfree == 2:
            x = -1
            for y in range(N_CELLS):
                if A.inner[y] == 1 and st.counts[y, 0] == 0 and y != c:
                    x = y
            k = A.solo_rounds - st.info[I_TURN]
            q = 1.0 - (1.0 - A.reach[A.number[x]]) ** max(k, 1)
            v = q * (1.0 + w[P_SCORE] * A.number[x] / 36.0)
        else:
            v = -w[P_REACH] * A.reach[A.number[c]]
    elif n >= 2:
        v = 2.0
    else:
        v = 1.0 - A.number[c] / 36.0
    if left > 0 and w[P_KEEP] != 0.0:
        v += w[P_KEEP] * _kept_reach(A, st, p, m, c) / left
    return v - w[P_SOLO_COST] * play_cost(st, p, m)


@rule
def solo_choice(A, st, p, n, w, rng):
    """The solo planner's play among the n legal plays in st.masks (ties drawn from the stream
    over distinct plays)."""
    nfree = _free_fields(A, st)
    best = -1e18
    bm = st.masks[0]
    ties = 0
    for i in range(n):
        m = st.masks[i]
        v = _solo_value(A, st, p, st.cells[i], m, w, nfree)
        take, best, ties = tie_step(v, best, ties, canonical(st, p, m), rng)
        if take:
            bm = m
    return bm


@rule(inline=True)
def random_play(A, st, p, n, rng):
    """The random bot: uniform over the legal plays that add a monkey somewhere useful (not on
    a field p owns, where it would go to the box); uniform over all when there is no other."""
    useful = 0
    for i in range(n):
        if st.owner[st.cells[i]] != p:
            useful += 1
    if useful == 0 or useful == n:
        return st.masks[randint(rng, n)]
    k = randint(rng, useful)
    for i in range(n):
        if st.owner[st.cells[i]] != p:
            if k == 0:
                return st.masks[i]
            k -= 1
    return st.masks[0]
