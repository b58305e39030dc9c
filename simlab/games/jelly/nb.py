"""Attack of the Jelly Monster: numba kernels (arrays, scalars and NamedTuples in; arrays out).

Each function implements one rule of the rulebook; ``play_game`` strings them together and
``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate arrays.

The rules it strings together live in ``dice.py`` (placing, effects), ``timer.py`` (the round's
clock, lock-downs, the sand timer), ``scoring.py`` and, for a ``lookahead`` seat, ``lookahead.py``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch
from simlab.core.ref import ref, rule
from simlab.core.rng import next_u64, randint, seed_stream
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.jelly.bots import decide_flip, decide_lock, decide_place
from simlab.games.jelly.dice import do_place, place_legal, roll_dice
from simlab.games.jelly.lookahead import lookahead_options, lookahead_place
from simlab.games.jelly.options import shuffle_ranks
from simlab.games.jelly.roster import BOT_LOOKAHEAD
from simlab.games.jelly.scoring import score_round
from simlab.games.jelly.state import (
    C_PASSES,
    C_STEP_CAP,
    C_STEPS,
    CH_ROLL_AGAIN,
    END_ROUNDS,
    END_STEP_BOUND,
    I_DRONE,
    I_FLIPPED,
    I_POD_STACK,
    I_ROUND,
    S_PODS_END,
    SCORE_BINS,
    SRC_PODS,
    SRC_START,
)
from simlab.games.jelly.timer import (
    any_lock_allowed,
    begin_round,
    do_flip,
    do_lock,
    end_round,
    lock_allowed,
    next_actor,
    next_gap,
    step_bound,
)


@rule(inline=True)
def play_round(A, st, lineup, rng, agg, sc, S):
    """One round, in seconds: each player's moments in time order. With dice left a player
    rolls them and places one (or none: it rolls again); after its last die it may lock down a
    district; with every die placed it may flip the timer then or at any later moment; once
    the flipped timer runs out, unplaced dice are lost. No rule ends a round in which players
    keep rolling again and no finished player flips: the modelling bound ``step_bound`` does
    (reading ``round_end_without_flip``). ``sc``: kernel scratch; ``S``: the lookahead bot's
    playout scratch, or None for a line-up without it."""
    n_p = A.n_players
    begin_round(A, st, rng)
    steps = 0
    bounded = False
    while True:
        p, t = next_actor(st, n_p)
        if p < 0 or t >= st.deadline[0]:
            break
        if st.n_left[p] > 0:
            if step_bound(A, st, steps, t, agg):
                bounded = True
                break
            steps += 1
            roll_dice(st, p, rng)
            v, d, arg = choose_place(A, st, lineup, p, rng, sc, S)
            if place_legal(A, st, v, d):
                do_place(st, p, v, d, arg, agg)
                st.rerolls[p] = 0
                if st.n_left[p] == 0:
                    after_last_die(A, st, lineup, p, rng, agg, sc, S)
            else:
                agg.counters[C_PASSES] += 1
                agg.choice[p, CH_ROLL_AGAIN] += 1
                st.rerolls[p] += 1
        if st.n_left[p] == 0 and st.info[I_FLIPPED] == 0:
            if choose_flip(A, st, lineup, p, rng, sc, S):
                do_flip(A, st, p, t, agg)
        st.next_time[p] = t + next_gap(A, st, p, rng)
    end_round(A, st, agg, steps, bounded)


@rule(inline=True)
def after_last_die(A, st, lineup, p, rng, agg, sc, S):
    """Placing your last die: p MAY lock down a district (its bot chooses which, or none);
    asked only when some lock-down is legal. The flip is a moment of its own."""
    if any_lock_allowed(A, st):
        do_lock(A, st, p, choose_lock(A, st, lineup, p, rng, sc, S), agg)


@rule  # asked by the reference engine (through its twin); S an argument, so None prunes
def choose_place(A, st, lineup, p, rng, sc, S):
    """Every bot's roll-step decision (``decide_place``; the lookahead bot's search). With
    ``S`` None (no lookahead seat) numba prunes the search, so the kernel does not contain it."""
    if S is not None:
        if lineup.ids[p] == BOT_LOOKAHEAD:
            return lookahead_place(A, st, lineup, p, rng, sc, S)
    return decide_place(A, st, lineup, p, rng)


@rule  # asked by the reference engine (through its twin); S an argument, so None prunes
def choose_lock(A, st, lineup, p, rng, sc, S):
    """Every bot's lock-down (``decide_lock``; the lookahead bot tries no lock and each legal
    district, the timer then flipped as greedy does; ties in a random district order)."""
    if S is not None:
        if lineup.ids[p] == BOT_LOOKAHEAD:
            shuffle_ranks(st, rng)
            base = next_u64(rng)
            best = -1e18
            bd = -1
            for dl in range(-1, A.n_districts):
                if dl >= 0 and not lock_allowed(A, st, dl):
                    continue
                tot = lookahead_options(A, st, lineup, p, base, sc, S, np.int64(dl),
                                         np.int64(-1))
                if tot > best or (tot == best and dl >= 0 and bd >= 0
                                  and st.rank_d[dl] < st.rank_d[bd]):
                    best = tot
                    bd = dl
            return bd
    return decide_lock(A, st, lineup, p, rng)


@rule  # asked by the reference engine (through its twin); S an argument, so None prunes
def choose_flip(A, st, lineup, p, rng, sc, S):
    """Every bot's timer flip at a moment with every die placed (``decide_flip``; the lookahead
    bot plays both out: keep now, greedy from its next moment on, or flip now)."""
    if S is not None:
        if lineup.ids[p] == BOT_LOOKAHEAD:
            base = next_u64(rng)
            keep = lookahead_options(A, st, lineup, p, base, sc, S, np.int64(-3), np.int64(0))
            flip = lookahead_options(A, st, lineup, p, base, sc, S, np.int64(-3), np.int64(1))
            return flip > keep
    return decide_flip(A, st, lineup, p, rng)


@rule
def play_game(A, st, lineup, rng, agg, sc, S):
    """A whole game: 4 rounds scored from the Drone's district clockwise, then the city center;
    jelly-pods rolled at the end; fills ``scores`` (jelly + pods)."""
    n_p = A.n_players
    n_d = A.n_districts
    st.info[I_POD_STACK] = A.pods
    for q in range(n_p):
        st.jelly[q] = A.start_jelly[q]
        st.pods[q] = 0
        agg.src[q, SRC_START] += A.start_jelly[q]
    for r in range(A.rounds):
        st.info[I_ROUND] = r
        st.info[I_DRONE] = (A.drone_start + r * A.drone_step) % n_d
        play_round(A, st, lineup, rng, agg, sc, S)
        score_round(A, st, agg, sc, rng, lineup)
        if r < MAX_CHECKPOINTS:   # game shape: jelly + a pod's mean roll, doubled (integral)
            for q in range(n_p):
                sc.cp[r, q] = 2 * st.jelly[q] + st.pods[q] * (A.pod_sides + 1)
    for q in range(n_p):
        s = st.jelly[q]
        for _ in range(st.pods[q]):
            s += randint(rng, A.pod_sides) + 1
        sc.scores[q] = s
        agg.src[q, SRC_PODS] += s - st.jelly[q]
        agg.seat[q, S_PODS_END] += st.pods[q]


@rule
def record_result(scores, agg, winners):
    """End of game: the most jelly wins; tied players share the victory."""
    n_p = scores.shape[0]
    best = scores[0]
    for q in range(n_p):
        if scores[q] > best:
            best = scores[q]
    k = 0
    for q in range(n_p):
        winners[q] = scores[q] == best
        if winners[q]:
            k += 1
    for q in range(n_p):
        if winners[q]:
            agg.wins[q, k] += 1
        s = scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1


@batch
def run_batch(A, st, lineup, sc, S, seed, start, count, agg, rows):
    """Play games start..start+count-1 of ``seed``; per-game ``rows`` (``GameRows``) when
    they are non-empty (first axis count), aggregates always. ``S``: the lookahead scratch, or
    None: a line-up without a lookahead seat runs (and compiles) a kernel without the search.
    The rules below get the NamedTuples by reference (``simlab.core.ref``: one word per
    argument instead of every array's seven)."""
    play_batch(ref(A), ref(st), ref(lineup), ref(sc), ref(S), seed, start, count, ref(agg),
               ref(rows))


@rule
def play_batch(A, st, lineup, sc, S, seed, start, count, agg, rows):
    """:func:`run_batch`'s loop; each game's length (its roll steps), how it ended, its points
    by source and its choices are the aggregates' changes over the game."""
    n_p = A.n_players
    keep = rows.score.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), sc.rng)
        sc.mark[0] = agg.counters[C_STEPS]
        sc.mark[1] = agg.counters[C_STEP_CAP]
        if keep:
            for q in range(n_p):
                for k in range(sc.src0.shape[1]):
                    sc.src0[q, k] = agg.src[q, k]
                for k in range(sc.ch0.shape[1]):
                    sc.ch0[q, k] = agg.choice[q, k]
        play_game(A, st, lineup, sc.rng, agg, sc, S)
        record_result(sc.scores, agg, sc.winners)
        # game shape: the rounds before the last one, then the final scores
        record_shape(sc.cp, A.rounds - 1, sc.scores, sc.winners, n_p, agg.shape_counters,
                     agg.lead_hist, agg.margin_hist, agg.leader_wins)
        steps = agg.counters[C_STEPS] - sc.mark[0]
        end = END_STEP_BOUND if agg.counters[C_STEP_CAP] > sc.mark[1] else END_ROUNDS
        agg.length[0] += steps
        agg.length[1] += steps * steps
        agg.ends[end] += 1
        if keep:
            rows.length[i] = steps
            rows.end[i] = end
            for q in range(n_p):
                rows.score[i, q] = sc.scores[q]
                rows.winner[i, q] = sc.winners[q]
                for k in range(sc.src0.shape[1]):
                    rows.source[i, q, k] = agg.src[q, k] - sc.src0[q, k]
                for k in range(sc.ch0.shape[1]):
                    rows.choice[i, q, k] = agg.choice[q, k] - sc.ch0[q, k]
