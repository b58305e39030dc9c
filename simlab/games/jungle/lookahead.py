"""Jungle Rumble: the ``lookahead`` bot (flat Monte Carlo search over the action and follow
decisions; see the docstring of ``bots.py``).

Its playouts play the position on with the game's own rules (``turn.py``) and every seat's own bot
(``bots.decide_*``); the kernel (``nb.py``) asks :func:`decide_action_search` and
:func:`decide_follow_search` in a line-up with a lookahead seat.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import ref, rule
from simlab.core.rng import next_u64, randint, seed_stream
from simlab.games.jungle.bots import (
    _GREEDY,
    BOT_GREEDY,
    BOT_LOOKAHEAD,
    PARAMS,
    W_FOLLOW_SEARCH,
    W_HORIZON,
    W_MARGIN,
    W_PLAYOUTS,
    W_WIDTH,
    decide_action,
    decide_follow,
)
from simlab.games.jungle.family import send_limit
from simlab.games.jungle.greedy import (
    W_END,
    W_SEND,
    _greedy_follow,
    base_value,
    coefs,
    position,
    share_of,
    standing_of,
    standings,
)
from simlab.games.jungle.rules import N_TILES
from simlab.games.jungle.state import (
    I_ACTIVE,
    MAX_OPTIONS,
    JungleLineup,
    JungleScratch,
    new_state,
)
from simlab.games.jungle.turn import feed, follow_or_pass, followers, play_action, play_on


# ------------------------------------------------------------------------------ playouts
@rule
def _copy_state(st, sim):
    """Copy every field of the game into the scratch state (element loops: no temporaries)."""
    for q in range(st.food.shape[0]):
        sim.food[q] = st.food[q]
        sim.gold[q] = st.gold[q]
        sim.awake[q] = st.awake[q]
        sim.asleep[q] = st.asleep[q]
        sim.nm[q] = st.nm[q]
        sim.score_base[q] = st.score_base[q]
        sim.penal[q] = st.penal[q]
        sim.nfield[q] = st.nfield[q]
        sim.nstick[q] = st.nstick[q]
        sim.nwet[q] = st.nwet[q]
        sim.free_e[q] = st.free_e[q]
        sim.inner_e[q] = st.inner_e[q]
        sim.wet_free[q] = st.wet_free[q]
        sim.nlcell[q] = st.nlcell[q]
        for i in range(st.nlcell[q]):
            sim.lcell[q, i] = st.lcell[q, i]
        for i in range(st.free_e[q]):
            sim.ledge[q, i] = st.ledge[q, i]
        for i in range(st.nm[q]):
            sim.mkind[q, i] = st.mkind[q, i]
            sim.mgoods[q, i] = st.mgoods[q, i]
        for f in range(st.held.shape[1]):
            sim.held[q, f] = st.held[q, f]
        for c in range(st.field.shape[1]):
            sim.field[q, c] = st.field[q, c]
            sim.wet[q, c] = st.wet[q, c]
            sim.nbr_fields[q, c] = st.nbr_fields[q, c]
            sim.cell_sticks[q, c] = st.cell_sticks[q, c]
        for e in range(st.stick.shape[1]):
            sim.stick[q, e] = st.stick[q, e]
        for j in range(4):
            sim.box[q, j] = st.box[q, j]
    for t in range(st.tile_food.shape[0]):
        sim.tile_food[t] = st.tile_food[t]
        sim.tile_used[t] = st.tile_used[t]
    for i in range(st.info.shape[0]):
        sim.info[i] = st.info[i]


@rule
def _result(A, sim, k, me):
    """A finished playout for seat ``me``: win share + (score - best other score) / 1000."""
    other = -(1 << 40)
    for q in range(A.n_players):
        if q != me and sim.scores[q] > other:
            other = sim.scores[q]
    return sim.winners[me] / k + (sim.scores[me] - other) / 1000.0


@rule
def _budget(w):
    """Playouts per option, options searched, horizon (rounds; 0 = to the end)."""
    return max(0, int(w[W_PLAYOUTS])), max(1, int(w[W_WIDTH])), max(0, int(w[W_HORIZON]))


@rule(inline=True)
def _within_margin(sc, m, w):
    """How many of the ``m`` best options (at the front of ``sc``, best first) the search
    tries: all with ``margin`` 0, else those whose greedy value is within ``margin`` points
    of the best (one alone: the greedy choice, no search)."""
    g = w[W_MARGIN]
    if g <= 0.0:
        return m
    k = 1
    while k < m and sc.vals[k] >= sc.vals[0] - g:
        k += 1
    return k


# -------------------------------------------------------------------------------- search
@rule
def _lookahead_action(A, st, lineup, p, rng, sc):
    """Flat Monte Carlo over the best ``width`` action options by the greedy evaluation
    (options of equal greedy value are ranked in an order drawn from the game's stream; the
    search keeps that order between equal means)."""
    w = lineup.params[p]
    plays, width, horizon = _budget(w)
    sides = 2 if A.variant else 1
    e = position(A, st, p)
    c = coefs(A, w, e)
    end_on = w[W_END] != 0.0
    have = False
    mine = 0.0
    top = 0.0
    n = 0
    wetc = st.wet_free[p]  # wet_free_cells, kept as the pieces are placed
    for t in range(N_TILES):
        if st.tile_used[t] == 1:
            continue
        for side in range(sides):
            a = A.tile_act[t, side]
            lim = min(send_limit(A, st, p, a), int(w[W_SEND]))
            for k in range(lim + 1):  # option_value, on one position of p
                v = base_value(A, e, c, a, k, st.tile_food[t], wetc, True)
                if end_on and k > 0:
                    share = share_of(e, a, k)
                    if share > 0.0:
                        if not have:
                            mine, top = standings(A, st, p)
                            have = True
                        v += w[W_END] * share * standing_of(A, e, mine, top, a, k)
                sc.codes[n] = t * 16 + side * 8 + k
                sc.vals[n] = v
                n += 1
    m = min(width, n)
    for i in range(m):  # the best m to the front; ties drawn uniformly from the game's stream
        j = i
        for x in range(i + 1, n):
            if sc.vals[x] > sc.vals[j] + 1e-9:
                j = x
        nt = 0
        for x in range(i, n):
            if sc.vals[x] >= sc.vals[j] - 1e-9:
                nt += 1
        if nt > 1:  # the r-th of the nt options tied with the best
            r = randint(rng, nt)
            for x in range(i, n):
                if sc.vals[x] >= sc.vals[j] - 1e-9:
                    if r == 0:
                        j = x
                        break
                    r -= 1
        c = sc.codes[j]
        v = sc.vals[j]
        for x in range(j, i, -1):
            sc.codes[x] = sc.codes[x - 1]
            sc.vals[x] = sc.vals[x - 1]
        sc.codes[i] = c
        sc.vals[i] = v
    m = _within_margin(sc, m, w)
    if m <= 1 or plays == 0:
        return sc.codes[0]
    pl = ref(JungleLineup(sc.ids, sc.params, lineup.custom))  # the playouts' line-up
    base = next_u64(rng)
    best = -1e18
    code = sc.codes[0]
    for i in range(m):
        tot = 0.0
        for r in range(plays):
            seed_stream(base, np.uint64(r), sc.rng)
            _copy_state(st, sc.st)
            play_action(A, sc.st, pl, p, sc.rng, sc.codes[i])
            feed(A, sc.st, pl, p, sc.rng)
            k = play_on(A, sc.st, pl, p, sc.rng, horizon)
            tot += _result(A, sc.st, k, p)
        if tot > best + 1e-9:
            best = tot
            code = sc.codes[i]
    return code


@rule(inline=True)
def _lookahead_follow(A, st, lineup, q, rng, a, sc, greedy):
    """Flat Monte Carlo over follow / pass (the greedy choice first: ties keep it); with
    ``follow_search`` 0 the greedy choice, no search."""
    plays, _, horizon = _budget(lineup.params[q])
    if plays == 0 or lineup.params[q][W_FOLLOW_SEARCH] <= 0.0:
        return greedy
    n_p = A.n_players
    p = st.info[I_ACTIVE]
    k = (q - p + n_p) % n_p
    pl = ref(JungleLineup(sc.ids, sc.params, lineup.custom))  # the playouts' line-up
    base = next_u64(rng)
    best = -1e18
    pick = greedy
    for j in range(2):
        f = greedy if j == 0 else 1 - greedy
        tot = 0.0
        for r in range(plays):
            seed_stream(base, np.uint64(r), sc.rng)
            _copy_state(st, sc.st)
            follow_or_pass(A, sc.st, pl, q, a, f == 1, sc.rng)
            followers(A, sc.st, pl, p, a, k + 1, sc.rng)
            feed(A, sc.st, pl, p, sc.rng)
            kk = play_on(A, sc.st, pl, p, sc.rng, horizon)
            tot += _result(A, sc.st, kk, q)
        if tot > best + 1e-9:
            best = tot
            pick = f
    return pick


# ----------------------------------------------------------------------------- decisions
@rule  # asked by the reference engine (through its twin)
def decide_action_search(A, st, lineup, p, rng, sim):
    """:func:`decide_action` in a line-up with a lookahead seat (``sim``: its scratch; None
    compiles the search out)."""
    if sim is not None:
        if lineup.ids[p] == BOT_LOOKAHEAD:
            return _lookahead_action(A, st, lineup, p, rng, sim)
    return decide_action(A, st, lineup, p, rng)


@rule  # asked by the reference engine (through its twin)
def decide_follow_search(A, st, lineup, q, rng, a, sim):
    """:func:`decide_follow` in a line-up with a lookahead seat."""
    if sim is not None:
        if lineup.ids[q] == BOT_LOOKAHEAD:
            g = _greedy_follow(A, st, lineup.params[q], q, a)
            return _lookahead_follow(A, st, lineup, q, rng, a, sim, g)
    return decide_follow(A, st, lineup, q, rng, a)


# ------------------------------------------------------------------------------- scratch
def new_scratch(A, lineup: JungleLineup) -> JungleScratch | None:
    """The lookahead bot's scratch for one batch (or reference game): a state, the playout
    line-up (every built-in bot plays itself, a lookahead seat greedy with its own weights, a
    custom bot greedy with its default weights) and option buffers. Allocated outside the
    kernels; one per thread.

    ``None`` when no seat plays ``lookahead``: the kernels are then compiled without the search
    (and without passing the scratch down every turn, which would cost other line-ups ~2x)."""
    if not np.any(np.asarray(lineup.ids) == BOT_LOOKAHEAD):
        return None
    p = A.n_players
    params = np.zeros((p, lineup.params.shape[1]), dtype=np.float64)
    params[:, : len(_GREEDY)] = _GREEDY
    ids = np.full(p, BOT_GREEDY, dtype=np.int64)
    for q in range(p):
        bid = int(lineup.ids[q])
        if bid == BOT_LOOKAHEAD:  # plays on with its own greedy weights
            params[q, : len(PARAMS)] = lineup.params[q, : len(PARAMS)]
        elif bid != CUSTOM_ID:  # a built-in bot plays itself (the line-up is known)
            ids[q] = bid
            params[q] = lineup.params[q]
        # a custom bot: greedy with its default weights stands in for it
    return JungleScratch(new_state(p, A.n_cells, A.n_edges), ids, params,
                         np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.float64),
                         np.zeros(4, np.uint64))
