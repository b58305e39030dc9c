"""Attack of the Jelly Monster: the ``lookahead`` bot's flat Monte Carlo search (numba rules).

Its playouts play the game's own rules (``dice``, ``timer``, ``scoring``) from a copy of the state
in the search scratch (``state.JellySearch``), every seat playing greedy (the evaluator with
greedy's weights); ``nb.choose_place`` / ``choose_lock`` / ``choose_flip`` ask it for a seat that
plays ``lookahead``. See :mod:`simlab.games.jelly.bots` for what the bot does.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import next_u64, randint, seed_stream
from simlab.games.jelly.dice import do_place, place_legal, roll_dice
from simlab.games.jelly.evaluator import evaluate_flip, evaluate_lock, evaluate_place
from simlab.games.jelly.options import code_arg, code_district, code_value
from simlab.games.jelly.roster import LA_HORIZON, LA_PLAYOUTS, LA_WIDTH
from simlab.games.jelly.rules import POD_VALUE
from simlab.games.jelly.scoring import score_round
from simlab.games.jelly.state import I_DRONE, I_FLIPPED, I_ROUND
from simlab.games.jelly.timer import (
    any_lock_allowed,
    begin_round,
    can_wait,
    do_flip,
    do_lock,
    next_actor,
    next_gap,
    step_bound,
)


@rule
def copy_state(st, sim):
    """Copy the game state into the playout's (element loops: no temporaries)."""
    for d in range(st.dice.shape[0]):
        sim.target[d] = st.target[d]
        sim.locked[d] = st.locked[d]
        for q in range(st.dice.shape[1]):
            sim.eff[d, q] = st.eff[d, q]
            sim.ndice[d, q] = st.ndice[d, q]
            sim.nlive[d, q] = st.nlive[d, q]
            for v in range(7):
                sim.dice[d, q, v] = st.dice[d, q, v]
    for q in range(st.jelly.shape[0]):
        sim.center[q] = st.center[q]
        sim.jelly[q] = st.jelly[q]
        sim.pods[q] = st.pods[q]
        sim.n_left[q] = st.n_left[q]
        sim.next_time[q] = st.next_time[q]
        sim.rerolls[q] = st.rerolls[q]
    for v in range(7):
        sim.roll[v] = st.roll[v]
    for i in range(st.info.shape[0]):
        sim.info[i] = st.info[i]
    sim.deadline[0] = st.deadline[0]


@rule
def playout_after_last(A, st, p, t, w, agg, lock, flip, rng):
    """A playout's moment of p with every die placed: lock (-2: greedy's choice, -3: none to
    make now) and flip (-1: greedy's choice, 0 keep, 1 flip, -3: none to make now)."""
    if lock != -3 and any_lock_allowed(A, st):
        do_lock(A, st, p, evaluate_lock(A, st, w, p, rng) if lock == -2 else lock, agg)
    if flip != -3 and st.info[I_FLIPPED] == 0 and (evaluate_flip(A, st, w, p) if flip == -1
                                                   else flip == 1):
        do_flip(A, st, p, t, agg)


@rule
def playout_round(A, st, S):
    """Finish the current round of a playout: every seat plays greedy (``play_round``'s
    moments, greedy's decisions)."""
    n_p = A.n_players
    steps = 0
    while True:
        p, t = next_actor(st, n_p)
        if p < 0 or t >= st.deadline[0]:
            break
        if st.n_left[p] > 0:
            if step_bound(A, st, steps, t, S.agg):
                break
            steps += 1
            roll_dice(st, p, S.rng)
            n, v, d, arg = evaluate_place(A, st, S.w, p, S.codes[:0], S.scores[:0], S.rng)
            if not place_legal(A, st, v, d):
                st.rerolls[p] += 1
            else:
                st.rerolls[p] = 0
                do_place(st, p, v, d, arg, S.agg)
                if st.n_left[p] == 0:
                    playout_after_last(A, st, p, t, S.w, S.agg, np.int64(-2), np.int64(-3),
                                       S.rng)
        if st.n_left[p] == 0 and st.info[I_FLIPPED] == 0:
            playout_after_last(A, st, p, t, S.w, S.agg, np.int64(-3), np.int64(-1), S.rng)
        st.next_time[p] = t + next_gap(A, st, p, S.rng)
    for q in range(n_p):
        st.n_left[q] = 0


@rule
def playout_finish(A, st, p, S, sc, horizon):
    """Score the playout's round, play the remaining rounds greedy, roll the pods: p's result,
    win share (1/k for a k-way tie) + score / 10000."""
    n_p = A.n_players
    n_d = A.n_districts
    playout_round(A, st, S)
    score_round(A, st, S.agg, sc, S.rng)
    last = min(A.rounds, st.info[I_ROUND] + 1 + horizon)
    if last < A.rounds:  # cut: rank by jelly + expected pods
        bestv = -1e18
        for q in range(n_p):
            bestv = max(bestv, st.jelly[q] + POD_VALUE * st.pods[q])
        k = 0
        for q in range(n_p):
            if st.jelly[q] + POD_VALUE * st.pods[q] == bestv:
                k += 1
        mine = st.jelly[p] + POD_VALUE * st.pods[p]
        return (1.0 / k if mine == bestv else 0.0) + mine / 10000.0
    for r in range(st.info[I_ROUND] + 1, last):
        st.info[I_ROUND] = r
        st.info[I_DRONE] = (A.drone_start + r * A.drone_step) % n_d
        begin_round(A, st, S.rng)
        playout_round(A, st, S)
        score_round(A, st, S.agg, sc, S.rng)
    best = -(1 << 62)
    for q in range(n_p):
        s = st.jelly[q]
        for _ in range(st.pods[q]):
            s += randint(S.rng, A.pod_sides) + 1
        S.result[q] = s
        if s > best:
            best = s
    k = 0
    for q in range(n_p):
        if S.result[q] == best:
            k += 1
    win = 1.0 / k if S.result[p] == best else 0.0
    return win + S.result[p] / 10000.0


@rule(inline=True)
def _top_options(S, n, width, rank_d):
    """Indices of the ``width`` best-scored options into ``S.cand`` (ties: the district first
    in the decision's random order ``rank_d``, then the first scored); returns how many."""
    k = min(width, n)
    for i in range(k):
        bi = -1
        for j in range(n):
            taken = False
            for m in range(i):
                if S.cand[m] == j:
                    taken = True
                    break
            if taken:
                continue
            if bi < 0 or S.scores[j] > S.scores[bi] or (
                    S.scores[j] == S.scores[bi]
                    and rank_d[code_district(S.codes[j])] < rank_d[code_district(S.codes[bi])]):
                bi = j
        S.cand[i] = bi
    return k


@rule
def lookahead_place(A, st, lineup, p, rng, sc, S):
    """The lookahead bot's roll step: greedy's ``width`` best placements (with their effects),
    each tried in ``playouts`` playouts to the end of the game from a copy of the state; the
    best mean result is placed. Playouts roll every die on their own stream, seeded by one
    draw from the game's (so the bot never sees a die before it is rolled), with the same
    seeds for every option (common random numbers). When the time allows rolling again
    (``can_wait``), placing nothing is one more option, played out the same way."""
    w = lineup.params[p]
    plays = max(1, int(w[LA_PLAYOUTS]))
    width = max(1, int(w[LA_WIDTH]))
    horizon = int(max(0.0, min(w[LA_HORIZON], 99.0)))
    n, v0, d0, a0 = evaluate_place(A, st, S.w, p, S.codes, S.scores, rng)
    if n == 0:
        return 0, -1, -1
    k = _top_options(S, n, width, st.rank_d)
    wait = can_wait(A, st, p)
    if k == 1 and not wait:
        c = S.codes[S.cand[0]]
        return code_value(c), code_district(c), code_arg(c)
    base = next_u64(rng)
    t = st.next_time[p]
    sim = S.sim
    best = -1e18
    bc = S.codes[S.cand[0]]
    for i in range(k + (1 if wait else 0)):
        c = S.codes[S.cand[i]] if i < k else 0  # code 0: place nothing, roll again
        v = code_value(c)
        d = code_district(c)
        arg = code_arg(c)
        tot = 0.0
        for j in range(plays):
            copy_state(st, sim)
            seed_stream(base, np.uint64(j), S.rng)
            if c != 0:
                do_place(sim, p, v, d, arg, S.agg)
                sim.rerolls[p] = 0
            else:
                sim.rerolls[p] += 1
            if sim.n_left[p] == 0:
                playout_after_last(A, sim, p, t, S.w, S.agg, np.int64(-2), np.int64(-1),
                                   S.rng)
            sim.next_time[p] = t + next_gap(A, sim, p, S.rng)
            tot += playout_finish(A, sim, p, S, sc, horizon)
        if tot > best:
            best = tot
            bc = c
    if bc == 0:
        return 0, -1, -1
    return code_value(bc), code_district(bc), code_arg(bc)


@rule
def lookahead_options(A, st, lineup, p, base, sc, S, lock, flip):
    """Total playout result of p's lock-down ``lock`` and flip ``flip`` at a moment with every
    die placed (lock -2: greedy's choice, -3: none now; flip -1: greedy's), over the bot's
    playouts seeded from ``base``."""
    plays = max(1, int(lineup.params[p][LA_PLAYOUTS]))
    horizon = int(max(0.0, min(lineup.params[p][LA_HORIZON], 99.0)))
    t = st.next_time[p]
    tot = 0.0
    for j in range(plays):
        copy_state(st, S.sim)
        seed_stream(base, np.uint64(j), S.rng)
        playout_after_last(A, S.sim, p, t, S.w, S.agg, lock, flip, S.rng)
        S.sim.next_time[p] = t + next_gap(A, S.sim, p, S.rng)
        tot += playout_finish(A, S.sim, p, S, sc, horizon)
    return tot
