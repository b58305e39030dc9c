"""Monkey Fun: the searching bots (numba ``rule`` helpers): ``lookahead`` and the solo
planner's playouts (``solo`` with ``playouts`` >= 1), see ``bots.py`` for what they promise.

A playout copies the game state into the scratch state ``sim`` (a second
:class:`~.state.MonkeyState`), deals the cards the bot cannot see afresh and plays the game to
its end with the rule helpers of ``engine.py`` and the one-step policies of ``policies.py``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import next_u64, randint, seed_stream
from simlab.games.monkey.engine import (
    finish_game,
    legal_plays,
    next_player,
    shuffle,
    take_turn,
    turn_bound,
)
from simlab.games.monkey.policies import (
    EPS,
    W_COST,
    W_LEADER,
    canonical,
    evaluate,
    evaluation_play,
    leader_seat,
    random_play,
    solo_choice,
    tie_step,
)
from simlab.games.monkey.rules import MODE_SOLO
from simlab.games.monkey.state import (
    E_NONE,
    E_POINTS,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    I_END,
    I_KEEP,
    I_NDISC,
    I_NDRAW,
    I_TURN,
)


@rule(inline=True)
def _copy_state(st, sim):
    """Copy the whole game state into the scratch state (element loops: no temporaries)."""
    for c in range(st.counts.shape[0]):
        sim.owner[c] = st.owner[c]
        sim.maj[c] = st.maj[c]
        for q in range(st.counts.shape[1]):
            sim.counts[c, q] = st.counts[c, q]
    for q in range(st.supply.shape[0]):
        sim.supply[q] = st.supply[q]
        sim.boxed[q] = st.boxed[q]
        sim.hand_n[q] = st.hand_n[q]
        for i in range(st.hand.shape[1]):
            sim.hand[q, i] = st.hand[q, i]
    for i in range(st.info[I_NDRAW]):
        sim.draw[i] = st.draw[i]
    for i in range(st.info[I_NDISC]):
        sim.discard[i] = st.discard[i]
    for i in range(st.info.shape[0]):
        sim.info[i] = st.info[i]
    sim.info[I_KEEP] = 0  # playouts keep no evaluation data (their bots read none)
    for s in range(st.lines.shape[0]):
        sim.lines[s] = st.lines[s]
    for q in range(st.closed.shape[0]):
        sim.closed[q] = st.closed[q]


@rule(inline=True)
def _resample(A, sim, p, rng):
    """Shuffle the cards p cannot see (opponents' hands, draw pile) together and deal them back."""
    n = 0
    for q in range(A.n_players):
        if q != p:
            for i in range(sim.hand_n[q]):
                sim.pool[n] = sim.hand[q, i]
                n += 1
    for i in range(sim.info[I_NDRAW]):
        sim.pool[n] = sim.draw[i]
        n += 1
    shuffle(sim.pool, n, rng)
    n = 0
    for q in range(A.n_players):
        if q != p:
            for i in range(sim.hand_n[q]):
                sim.hand[q, i] = sim.pool[n]
                n += 1
    for i in range(sim.info[I_NDRAW]):
        sim.draw[i] = sim.pool[n]
        n += 1


@rule
def play_to_end(A, sim, p, rng, policy, w):
    """Play the scratch game to its end from the seat after p, every seat by ``policy`` (0:
    random bots, 1: the solo planner's heuristic with weights w, 2: the linear evaluation with
    weights w, ``policies.evaluation_play``); returns the end reason and the last seat."""
    q = p
    end = sim.info[I_END]
    while end == E_NONE:
        q2 = next_player(A, sim, q)
        if q2 < 0:
            end = E_SOLO_LOSS if A.mode == MODE_SOLO else E_POINTS
            break
        q = q2
        end = turn_bound(A, sim)
        if end != E_NONE:
            break
        sim.info[I_TURN] += 1
        n = legal_plays(A, sim, q)
        m = 0
        if n > 0:
            if policy == 1:
                m = solo_choice(A, sim, q, n, w, rng)
            elif policy == 2:
                m = evaluation_play(A, sim, q, n, w, rng)
            else:
                m = random_play(A, sim, q, n, rng)
        take_turn(A, sim, q, m, rng)
        end = sim.info[I_END]
    return end, q


@rule
def playout(A, sim, p, rng, solo_policy, w):
    """Play the scratch game to its end from the seat after p, with random bots (or, with
    ``solo_policy``, the solo planner's heuristic with weights w); returns p's result: win
    share (1/k for a k-way shared win) + points / 10000 (solo: success + score / 1000)."""
    end, q = play_to_end(A, sim, p, rng, 1 if solo_policy else 0, w)
    k = finish_game(A, sim, end, q, False)
    if A.mode == MODE_SOLO:
        if solo_policy:
            return (1.0 if end == E_SOLO_WIN else 0.0) + sim.points[0] / 1000.0
        return (1.0 if end == E_SOLO_WIN else 0.0) + sim.points[0] / 10000.0
    return sim.winners[p] / k + sim.points[p] / 10000.0


@rule
def lookahead(A, st, sim, p, n, plays, rng, solo_policy, w):
    """Flat Monte Carlo over the n legal plays in st.masks (subsets playing the same cards
    once), each tried in ``plays`` playouts (random bots); exact ties (deterministic ends)
    drawn from the stream."""
    best = -1e18
    bm = st.masks[0]
    ties = 0
    for i in range(n):
        m = st.masks[i]
        if not canonical(st, p, m):
            continue
        tot = 0.0
        for _ in range(plays):
            _copy_state(st, sim)
            _resample(A, sim, p, rng)
            take_turn(A, sim, p, m, rng)
            tot += playout(A, sim, p, rng, solo_policy, w)
        take, best, ties = tie_step(tot, best, ties, True, rng)
        if take:
            bm = m
    return bm


@rule
def _solo_rollouts(A, st, sim, p, m, plays, base, w, out, store):
    """Playouts of solo play m: playout j draws from stream (base, j), the same for every play
    (common random numbers); outcome success + score / 1000. ``store``: keep them in ``out``,
    else return the mean and the variance of the differences from ``out``."""
    tot = 0.0
    dsum = 0.0
    dsq = 0.0
    for j in range(plays):
        seed_stream(base, np.uint64(j), sim.sub)
        _copy_state(st, sim)
        _resample(A, sim, p, sim.sub)
        take_turn(A, sim, p, m, sim.sub)
        v = playout(A, sim, p, sim.sub, True, w)
        tot += v
        if store:
            out[j] = v
        else:
            d = v - out[j]
            dsum += d
            dsq += d * d
    if store:
        return tot / plays, 0.0
    mean = dsum / plays
    return mean, max(dsq / plays - mean * mean, 0.0)


@rule
def solo_search(A, st, sim, p, n, plays, w, rng):
    """Solo search: the heuristic's play unless the playouts show another one better at two
    standard errors of the paired difference (plays the heuristic prefers are not replaced by
    the noise of a few playouts); among those, the best mean."""
    h = solo_choice(A, st, p, n, w, rng)  # the heuristic's play
    plays = min(plays, sim.vals.shape[0])
    base = next_u64(rng)
    _solo_rollouts(A, st, sim, p, h, plays, base, w, sim.vals, True)
    bm = h
    best = 0.0
    ties = 0
    for i in range(n):
        m = st.masks[i]
        if m == h or not canonical(st, p, m):
            continue
        d, var = _solo_rollouts(A, st, sim, p, m, plays, base, w, sim.vals, False)
        if d <= 0.0 or d * d * plays <= 4.0 * var or d < best - EPS:
            continue
        if d > best + EPS:
            best = d
            bm = m
            ties = 1
        else:
            ties += 1
            if randint(rng, ties) == 0:
                bm = m
    return bm


#: ``search``'s parameters after the evaluation's (``policies.EVAL_PARAMS``, indices 0..10)
S_PLAYOUTS, S_CANDIDATES = 11, 12
#: candidates searched at most (``st.ss[0]`` holds their plays)
MAX_CANDIDATES = 8


@rule
def evaluation_playout(A, sim, p, rng, w):
    """Play the scratch game to its end from the seat after p, every seat by the linear
    evaluation with weights w (``policies.evaluation_play``, the search bot's own view of
    every player); returns p's result: win share (1/k for a k-way shared win) + points /
    10000 (solo: success + score / 10000)."""
    end, q = play_to_end(A, sim, p, rng, 2, w)
    k = finish_game(A, sim, end, q, False)
    if A.mode == MODE_SOLO:
        return (1.0 if end == E_SOLO_WIN else 0.0) + sim.points[0] / 10000.0
    return sim.winners[p] / k + sim.points[p] / 10000.0


@rule
def search_play(A, st, sim, p, n, w, rng):
    """The ``search`` bot: the evaluation's ``candidates`` best distinct plays (value + card
    cost, as greedy weighs them; ties in the evaluation's order drawn from the stream), each
    tried in ``playouts`` playouts to the end in which every seat plays the evaluation, the
    cards p cannot see dealt afresh; playout j of every candidate draws from the same stream
    (common random numbers). The best mean result wins (ties drawn); one candidate, or
    ``playouts`` 0, is the evaluation's play."""
    k = min(max(int(w[S_CANDIDATES]), 1), MAX_CANDIDATES)
    plays = int(w[S_PLAYOUTS])
    if k == 1 or plays < 1 or n == 1:
        return evaluation_play(A, st, p, n, w, rng)
    leader = -1
    if A.n_players > 1 and w[W_LEADER] != 0.0:
        leader = leader_seat(A, st, p, rng)
    for i in range(n):  # every play's value; a repeated subset never leads
        m = st.masks[i]
        if canonical(st, p, m):
            c = st.cells[i]
            cv = 0.0 if st.owner[c] == p else evaluate(A, st, p, c, w, leader)
            sim.vals[i] = cv + w[W_COST] * st.pcost[i]
        else:
            sim.vals[i] = -1e300
    nc = 0
    for j in range(k):  # the k best, each drawn among its ties
        best = -1e299
        bi = -1
        ties = 0
        for i in range(n):
            take, best, ties = tie_step(sim.vals[i], best, ties, True, rng)
            if take:
                bi = i
        if bi < 0:
            break
        st.ss[0, nc] = st.masks[bi]
        nc += 1
        sim.vals[bi] = -1e300
    if nc == 1:
        return st.ss[0, 0]
    base = next_u64(rng)
    bm = st.ss[0, 0]
    best = -1e18
    ties = 0
    for j in range(nc):
        m = st.ss[0, j]
        tot = 0.0
        for r in range(plays):
            seed_stream(base, np.uint64(r), sim.sub)
            _copy_state(st, sim)
            _resample(A, sim, p, sim.sub)
            take_turn(A, sim, p, m, sim.sub)
            tot += evaluation_playout(A, sim, p, sim.sub, w)
        take, best, ties = tie_step(tot, best, ties, True, rng)
        if take:
            bm = m
    return bm
