"""Monsters on Board: the bots' choices of order (numba), where the rulebook lets the player
choose.

``decide_grunt_order``
    "Move each of your Grunts (in any order you choose) - that match the die's color": with
    several Grunts of one colour, which moves first matters (a Grunt skips a space another
    Grunt stands on, so moving the rear one first lets it jump the front one, and the front one
    then moves on from there: both gain a space). Evaluating bots try every order (up to
    ``FULL_ORDERS`` Grunts; more keep the slot order) and take the one whose Grunts advance
    furthest in the colour's spaces (``grunt`` per space) plus what they land on
    (``bots.space_value``) or the final area's value (``bots.final_value``); orders of equal
    value are broken from the game's stream. ``random`` shuffles the Grunts uniformly. A custom
    bot scores each Grunt (``KIND_GRUNT_ORDER``, option = Grunt slot) and they move highest
    score first (equal scores: slot order).
``decide_action_order``
    "Perform the Action(s) each Grunt just ended their movement on (those printed on the board
    or on Ghosts, if any, in any order)": the order of all the actions one move's Grunts landed
    on. ``random`` shuffles them uniformly; every other bot performs the actions that change
    the Order of Spider Jack first (Feed Spider Jack, Promote/Demote, Swap), then the one that
    scores it (Call Spider Jack), then Move Minion before Move Grunt (a Minion placed first can
    make the Grunt jump a space), then Spook Juice and Malice (order-free); actions of one kind
    keep the order they were landed on (they are interchangeable).
"""

from __future__ import annotations

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import randint
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
)
from simlab.games.monsters.bot_base import (
    BOT_FIRST,
    BOT_RANDOM,
    KIND_GRUNT_ORDER,
    TIE,
    W_GRUNT,
    argmax_step,
)
from simlab.games.monsters.engine import next_space
from simlab.games.monsters.state import MAX_GRUNTS
from simlab.games.monsters.values import final_value, space_value

#: Grunts of one colour up to which every order is tried (6! = 720 orders)
FULL_ORDERS = 6


@rule
def colour_steps(A, c, pos, s):
    """Spaces of colour c a Grunt passes from ``pos`` (start/gain spot: before the path) to
    ``s`` (the final area counts as one more)."""
    s0 = pos + 1 if pos >= 0 else 0
    s1 = min(s + 1, A.n_spaces)
    n = A.col_count[s1, c] - A.col_count[s0, c] if s1 > s0 else 0
    if s >= A.n_spaces:
        n += 1
    return n


@rule
def order_value(A, st, p, c, off, n, w):
    """Value of moving the n Grunts of colour c in ``st.perm[off:off + n]`` in that order: each
    Grunt's colour spaces advanced x ``grunt`` plus what it lands on (or the final area's
    value); the position is restored (old positions kept in ``st.perm[3 * MAX_GRUNTS:]``)."""
    S = A.n_spaces
    sv = 3 * MAX_GRUNTS
    v = 0.0
    for i in range(n):
        g = st.perm[off + i]
        pos = st.grunt_pos[p, g]
        s = next_space(A, st, p, pos, c)
        v += w[W_GRUNT] * colour_steps(A, c, pos, s)
        if s >= S:
            v += final_value(A, st, p, c, w)
        else:
            v += space_value(A, st, p, s, w)
        st.perm[sv + i] = pos
        if pos >= 0:
            st.occ[p, pos] = 0
        st.grunt_pos[p, g] = s
        if s < S:
            st.occ[p, s] = 2
    for i in range(n - 1, -1, -1):
        g = st.perm[off + i]
        s = st.grunt_pos[p, g]
        if s < S:
            st.occ[p, s] = 0
        pos = st.perm[sv + i]
        st.grunt_pos[p, g] = pos
        if pos >= 0:
            st.occ[p, pos] = 2
    return v


@rule
def _take(st, n, src, dst):
    for i in range(n):
        st.perm[dst + i] = st.perm[src + i]


@rule  # asked by the reference engine (through its twin)
def decide_grunt_order(A, st, lu, p, c, n, rng):
    """Order in which p moves its n Grunts of colour c (slots in ``st.perm[:n]``, reordered in
    place; module docstring)."""
    bid = lu.ids[p]
    if n < 2 or bid == BOT_FIRST:   # first: the order given
        return 0
    if bid == BOT_RANDOM:
        for i in range(n - 1, 0, -1):
            j = randint(rng, i + 1)
            t = st.perm[i]
            st.perm[i] = st.perm[j]
            st.perm[j] = t
        return 0
    if bid == CUSTOM_ID:
        w = lu.params[p]
        tied = False
        for i in range(n):
            st.optv[i] = lu.custom(A, st, p, KIND_GRUNT_ORDER, st.perm[i], w)
            for j in range(i):
                if abs(st.optv[i] - st.optv[j]) <= TIE:
                    tied = True
        if tied:  # Grunts of equal score in an order drawn from the game's stream
            for i in range(n - 1, 0, -1):
                j = randint(rng, i + 1)
                t = st.perm[i]
                st.perm[i] = st.perm[j]
                st.perm[j] = t
                v = st.optv[i]
                st.optv[i] = st.optv[j]
                st.optv[j] = v
        for i in range(1, n):  # stable insertion sort, highest score first (ties kept)
            g = st.perm[i]
            v = st.optv[i]
            j = i - 1
            while j >= 0 and st.optv[j] < v - TIE:
                st.perm[j + 1] = st.perm[j]
                st.optv[j + 1] = st.optv[j]
                j -= 1
            st.perm[j + 1] = g
            st.optv[j + 1] = v
        return 0
    if n > FULL_ORDERS:
        return 0
    w = lu.params[p]
    cur = MAX_GRUNTS       # the order being tried
    best = 2 * MAX_GRUNTS  # the best so far
    _take(st, n, 0, cur)
    _take(st, n, 0, best)
    bv = order_value(A, st, p, c, cur, n, w)
    nt = 1
    for i in range(n):
        st.optv[i] = 0.0  # Heap's counters live in optv (order_value uses perm[cnt:])
    i = 1
    while i < n:
        if st.optv[i] < i:
            k = 0 if i % 2 == 0 else int(st.optv[i])
            t = st.perm[cur + k]
            st.perm[cur + k] = st.perm[cur + i]
            st.perm[cur + i] = t
            v = order_value(A, st, p, c, cur, n, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                _take(st, n, cur, best)
                if nt == 1:
                    bv = v
            st.optv[i] += 1.0
            i = 1
        else:
            st.optv[i] = 0.0
            i += 1
    _take(st, n, best, 0)
    return 0


@rule
def action_rank(a):
    """Evaluating bots' order of landed actions: Order changes, then the scoring, then Minion
    before Grunt, then the order-free gains (module docstring)."""
    if a == A_FEED:
        return 0
    if a == A_PROMOTE:
        return 1
    if a == A_SWAP:
        return 2
    if a == A_CALL:
        return 3
    if a == A_MINION:
        return 4
    if a == A_GRUNT:
        return 5
    if a == A_JUICE:
        return 6
    if a == A_MALICE:
        return 7
    return 8


@rule  # asked by the reference engine (through its twin)
def decide_action_order(A, st, lu, p, m, rng):
    """Order in which p performs the m actions one move's Grunts landed on (``st.lact`` /
    ``st.ljuice[:m]``, reordered in place; module docstring)."""
    if m < 2 or lu.ids[p] == BOT_FIRST:   # first: as landed
        return 0
    if lu.ids[p] == BOT_RANDOM:
        for i in range(m - 1, 0, -1):
            j = randint(rng, i + 1)
            t = st.lact[i]
            st.lact[i] = st.lact[j]
            st.lact[j] = t
            t = st.ljuice[i]
            st.ljuice[i] = st.ljuice[j]
            st.ljuice[j] = t
        return 0
    for i in range(1, m):  # stable insertion sort by action_rank
        a = st.lact[i]
        j_ = st.ljuice[i]
        r = action_rank(a)
        k = i - 1
        while k >= 0 and action_rank(st.lact[k]) > r:
            st.lact[k + 1] = st.lact[k]
            st.ljuice[k + 1] = st.ljuice[k]
            k -= 1
        st.lact[k + 1] = a
        st.ljuice[k + 1] = j_
    return 0
