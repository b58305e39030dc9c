"""Attack of the Jelly Monster: numba kernels (arrays, scalars and NamedTuples in; arrays out).

Each function implements one rule of the rulebook; ``play_game`` strings them together and
``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate arrays.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch, rule
from simlab.core.rng import d6, next_u64, randint, seed_stream, uniform
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.jelly.bots import (
    BOT_LOOKAHEAD,
    LA_HORIZON,
    LA_PLAYOUTS,
    LA_WIDTH,
    POD_VALUE,
    can_wait,
    code_arg,
    code_district,
    code_value,
    decide_either,
    decide_flip,
    decide_lock,
    decide_place,
    either_choice,
    evaluate_flip,
    evaluate_lock,
    evaluate_place,
    gift_order,
    lock_allowed,
    n_open,
    shuffle_ranks,
)
from simlab.games.jelly.rules import (
    ADJ_EITHER,
    MAX_ICONS,
    R_ADJ,
    R_BY_DICE,
    R_DISCARD,
    R_EACH_GIVES,
    R_GIVE_EACH,
    R_JELLY,
    R_PER_POD,
    R_POD,
    R_PODIUM,
    R_PODIUM_PRESENT,
)
from simlab.games.jelly.state import (
    C_CANCELLED,
    C_CENTER_PODS,
    C_EITHER_DISAGREE,
    C_FLIPS,
    C_LOCKS,
    C_MOVES,
    C_PASSES,
    C_PLACED,
    C_PODS_SHORT,
    C_REMOVALS,
    C_STEP_CAP,
    C_STEPS,
    C_TIMER_LOST,
    I_DRONE,
    I_FLIPPED,
    I_POD_STACK,
    I_ROUND,
    S_CANCELLED,
    S_CENTER_PODS,
    S_CONTROLS,
    S_MOVES,
    S_PLACED,
    S_PODS_END,
    S_REMOVALS,
    S_TIMER_LOST,
    SCORE_BINS,
)


@rule
def refresh_eff(st, d, p):
    """Cancellation rule, kept current: a value counts only if p holds it exactly once
    (``eff``: the total, ``nlive``: how many dice survive, ``ndice``: all of p's dice here)."""
    e = 0
    n = 0
    live = 0
    for v in range(1, 7):
        c = st.dice[d, p, v]
        n += c
        if c == 1:
            e += v
            live += 1
    st.eff[d, p] = e
    st.ndice[d, p] = n
    st.nlive[d, p] = live


@rule(inline=True)
def place_die(st, p, v, d):
    """Place one die of value v from p's roll on the entrance of district d."""
    st.dice[d, p, v] += 1
    st.roll[v] -= 1
    st.n_left[p] -= 1
    refresh_eff(st, d, p)


@rule(inline=True)
def remove_die(st, d, q, u):
    """Die effect 1-2: remove a die of q showing u from district d to the city center."""
    st.dice[d, q, u] -= 1
    st.center[q] += 1
    refresh_eff(st, d, q)


@rule(inline=True)
def apply_effect(st, p, v, d, arg, agg):
    """Die effects: 1-2 remove another die here; 3-4 move this district's Target one zone."""
    if arg < 0 or v >= 5:
        return
    if v <= 2:
        q = arg // 8
        u = arg % 8
        if q < 0 or q >= st.jelly.shape[0] or u < 1 or u > 6:
            return
        have = st.dice[d, q, u] - (1 if (q == p and u == v) else 0)  # "any other die"
        if have >= 1:
            remove_die(st, d, q, u)
            agg.counters[C_REMOVALS] += 1
            agg.seat[p, S_REMOVALS] += 1
    else:
        if abs(arg - st.target[d]) == 1 and 0 <= arg <= 2:
            st.target[d] = arg
            agg.counters[C_MOVES] += 1
            agg.seat[p, S_MOVES] += 1


@rule
def give_pods(st, mask, n_p, agg):
    """Jelly-pod reward to every player in ``mask``: each takes one, or none if too few remain."""
    k = 0
    for q in range(n_p):
        if mask[q]:
            k += 1
    if k == 0:
        return 0
    if st.info[I_POD_STACK] < k:
        agg.counters[C_PODS_SHORT] += 1
        return 0
    st.info[I_POD_STACK] -= k
    for q in range(n_p):
        if mask[q]:
            st.pods[q] += 1
    return k


@rule
def pay(A, st, giver, mask, a, lineup, rng, sc):
    """``giver`` gives ``a`` jelly to each player in ``mask``; short of jelly, it pays whom
    ``gift_order`` says first (the ``give_each_short`` reading)."""
    n_p = A.n_players
    k = 0
    for r in range(n_p):
        if mask[r] and r != giver:
            k += 1
    if k == 0:
        return
    if st.jelly[giver] >= a * k:
        for r in range(n_p):
            if mask[r] and r != giver:
                st.jelly[giver] -= a
                st.jelly[r] += a
        return
    k = gift_order(A, st, lineup, giver, mask, sc.order, rng)
    for j in range(k):
        r = sc.order[j]
        amt = min(a, st.jelly[giver])
        st.jelly[giver] -= amt
        st.jelly[r] += amt


@rule
def apply_icon(A, st, d_scored, d_src, z, i, ctrl, agg, sc, lineup, rng):
    """Resolve one reward icon of zone z of district d_src for the controllers ``ctrl``
    of district d_scored (the two differ for an adjacent-district reward). Podium payouts to
    non-controllers count in the district's reward metric (``district_jelly``)."""
    n_p = A.n_players
    kind = A.rewards[d_src, z, i, 0]
    a = A.rewards[d_src, z, i, 1]
    b = A.rewards[d_src, z, i, 2]
    if kind == R_JELLY:
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a
    elif kind == R_POD:
        give_pods(st, ctrl, n_p, agg)
    elif kind == R_DISCARD:
        for q in range(n_p):
            if ctrl[q] and st.pods[q] > 0:
                st.pods[q] -= 1
    elif kind == R_PER_POD:
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a * st.pods[q]
    elif kind == R_EACH_GIVES:
        # every non-controlling player gives a to each controller (tied ones do not swap)
        for g in range(n_p):
            if not ctrl[g]:
                pay(A, st, g, ctrl, a, lineup, rng, sc)
    elif kind == R_GIVE_EACH:
        for q in range(n_p):
            sc.pmask[q] = not ctrl[q]
        for c in range(n_p):
            if ctrl[c]:
                pay(A, st, c, sc.pmask, a, lineup, rng, sc)
    elif kind == R_BY_DICE:
        pod_mask = sc.pmask
        for q in range(n_p):
            pod_mask[q] = False
            if not ctrl[q]:
                continue
            low = st.ndice[d_scored, q] <= a
            sub_kind = A.rewards[d_src, z, i, 2] if low else A.rewards[d_src, z, i, 4]
            amount = A.rewards[d_src, z, i, 3] if low else A.rewards[d_src, z, i, 5]
            if sub_kind == 1:
                pod_mask[q] = True
            else:
                st.jelly[q] += amount
        give_pods(st, pod_mask, n_p, agg)
    elif kind == R_PODIUM:
        best = 0
        second = 0
        for q in range(n_p):
            e = st.eff[d_scored, q]
            if e > best:
                best = e
        for q in range(n_p):
            e = st.eff[d_scored, q]
            if e < best and e > second:
                second = e
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a
            elif second > 0 and st.eff[d_scored, q] == second:
                st.jelly[q] += b
                agg.district_jelly[d_scored] += b
    elif kind == R_PODIUM_PRESENT:
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a
            elif st.ndice[d_scored, q] > 0:
                st.jelly[q] += b
                agg.district_jelly[d_scored] += b


@rule
def apply_zone(A, st, d, ctrl, agg, sc, rng, lineup=None):
    """Resolve the target reward of district d, icons left to right; an adjacent-district icon
    resolves that district's target reward (an adjacent icon reached that way gives nothing).
    'Either' is chosen by each controller's bot (``lineup``; without it, as the built-in bots
    choose)."""
    n_p = A.n_players
    n_d = A.n_districts
    z = st.target[d]
    for i in range(MAX_ICONS):
        kind = A.rewards[d, z, i, 0]
        if kind == 0:
            break
        if kind != R_ADJ:
            apply_icon(A, st, d, d, z, i, ctrl, agg, sc, lineup, rng)
            continue
        dirn = A.rewards[d, z, i, 1]
        if dirn == ADJ_EITHER:
            nb = -2
            for q in range(n_p):
                if ctrl[q]:
                    if lineup is None:
                        pick = either_choice(A, st, q, d)
                    else:
                        pick = decide_either(A, st, lineup, q, d)
                    if nb == -2:
                        nb = pick
                    elif nb != pick:
                        nb = -1
            if nb < 0:  # tied controllers cannot agree: the reward is 0 jelly
                agg.counters[C_EITHER_DISAGREE] += 1
                continue
        else:
            nb = (d + dirn) % n_d
        znb = st.target[nb]
        for j in range(MAX_ICONS):
            k2 = A.rewards[nb, znb, j, 0]
            if k2 == 0:
                break
            if k2 != R_ADJ:
                apply_icon(A, st, d, nb, znb, j, ctrl, agg, sc, lineup, rng)


@rule
def score_district(A, st, d, agg, sc, rng, lineup=None):
    """District scoring: cancel same-colour same-value dice, highest total (> 0) controls,
    tied controllers all gain the target reward (``lineup``: see ``apply_zone``)."""
    n_p = A.n_players
    for q in range(n_p):
        for v in range(1, 7):
            c = st.dice[d, q, v]
            if c >= 2:
                agg.counters[C_CANCELLED] += c
                agg.seat[q, S_CANCELLED] += c
                st.dice[d, q, v] = 0
        refresh_eff(st, d, q)
    best = 0
    for q in range(n_p):
        if st.eff[d, q] > best:
            best = st.eff[d, q]
    if best == 0:
        return
    ctrl = sc.ctrl
    for q in range(n_p):
        ctrl[q] = st.eff[d, q] == best
        sc.jel0[q] = st.jelly[q]
        sc.pod0[q] = st.pods[q]
    apply_zone(A, st, d, ctrl, agg, sc, rng, lineup)
    agg.district_control[d] += 1
    for q in range(n_p):
        if ctrl[q]:
            agg.seat[q, S_CONTROLS] += 1
            agg.district_jelly[d] += st.jelly[q] - sc.jel0[q]
            agg.district_pods[d] += st.pods[q] - sc.pod0[q]


@rule(inline=True)
def score_center(A, st, agg, mask):
    """City center: most dice (count, not values) takes a pod; ties each take one (or none)."""
    n_p = A.n_players
    best = 0
    for q in range(n_p):
        if st.center[q] > best:
            best = st.center[q]
    if best == 0:
        return
    for q in range(n_p):
        mask[q] = st.center[q] == best
    k = give_pods(st, mask, n_p, agg)
    if k > 0:
        agg.counters[C_CENTER_PODS] += k
        for q in range(n_p):
            if mask[q]:
                agg.seat[q, S_CENTER_PODS] += 1


@rule
def roll_dice(st, p, rng):
    """Roll all of p's available dice."""
    for v in range(7):
        st.roll[v] = 0
    for _ in range(st.n_left[p]):
        st.roll[d6(rng)] += 1


@rule
def step_time(A, st, p, rng):
    """Timing rule: one roll-and-place step of p takes rolling time plus a decision time that
    grows with what p weighs (dice in its roll, open districts), jittered, divided by p's speed:
    ``(roll + think + weigh * dice * open) * U[1 - jitter, 1 + jitter] / speed`` seconds."""
    base = A.roll_seconds + A.think_seconds + A.weigh_seconds * st.n_left[p] * n_open(st)
    return base * (1.0 - A.time_jitter + 2.0 * A.time_jitter * uniform(rng)) / A.speeds[p]


@rule
def watch_time(A, p, rng):
    """Timing rule: a player with every die placed reconsiders flipping the timer after
    ``watch_seconds`` (jittered; the same for every speed: looking up takes no dexterity)."""
    return A.watch_seconds * (1.0 - A.time_jitter + 2.0 * A.time_jitter * uniform(rng))


@rule
def begin_round(A, st, rng):
    """Set up a round: empty entrances and city center, Targets on the first zone, no locks,
    timer unflipped, every player's first step time drawn."""
    st.dice[:] = 0
    st.eff[:] = 0
    st.ndice[:] = 0
    st.nlive[:] = 0
    st.center[:] = 0
    st.target[:] = 0
    st.locked[:] = -1
    st.info[I_FLIPPED] = 0
    st.deadline[0] = np.inf
    for q in range(A.n_players):
        st.n_left[q] = A.dice
    for q in range(A.n_players):
        st.next_time[q] = step_time(A, st, q, rng)


@rule
def next_actor(st, n_p):
    """Who acts next, and when: (p, t); p = -1 when every die is placed. A player with dice
    left rolls; one with none may flip the timer while it is unflipped."""
    p = -1
    t = np.inf
    left = False
    for q in range(n_p):
        if st.n_left[q] > 0:
            left = True
    if not left:
        return p, t
    for q in range(n_p):
        if (st.n_left[q] > 0 or st.info[I_FLIPPED] == 0) and st.next_time[q] < t:
            t = st.next_time[q]
            p = q
    return p, t


@rule
def next_gap(A, st, p, rng):
    """Time to p's next moment: a roll step if it has dice left, else a flip moment."""
    if st.n_left[p] > 0:
        return step_time(A, st, p, rng)
    return watch_time(A, p, rng)


@rule
def place_legal(A, st, v, d):
    """May the acting player place a ``v`` of his roll on district ``d``?"""
    return v >= 1 and v <= 6 and d >= 0 and d < A.n_districts and st.roll[v] > 0 and \
        st.locked[d] < 0


@rule
def do_place(st, p, v, d, arg, agg):
    """Place a legal die and resolve its effect."""
    place_die(st, p, v, d)
    agg.counters[C_PLACED] += 1
    agg.seat[p, S_PLACED] += 1
    apply_effect(st, p, v, d, arg, agg)


@rule
def any_lock_allowed(A, st):
    """May some district be locked down?"""
    for dd in range(A.n_districts):
        if lock_allowed(A, st, dd):
            return True
    return False


@rule
def do_lock(A, st, p, dl, agg):
    """Lock down district ``dl`` with p's screen (if it is legal)."""
    if dl >= 0 and lock_allowed(A, st, dl):
        st.locked[dl] = p
        agg.counters[C_LOCKS] += 1


@rule
def do_flip(A, st, t, agg):
    """Flip the sand timer at time ``t``."""
    st.info[I_FLIPPED] = 1
    st.deadline[0] = t + A.timer_seconds
    agg.counters[C_FLIPS] += 1


@rule(inline=True)
def end_round(A, st, agg, steps):
    """The timer ran out or every die is placed: unplaced dice are lost."""
    agg.counters[C_STEPS] += steps
    for q in range(A.n_players):
        agg.counters[C_TIMER_LOST] += st.n_left[q]
        agg.seat[q, S_TIMER_LOST] += st.n_left[q]
        st.n_left[q] = 0


@rule(inline=True)
def play_round(A, st, lineup, rng, agg, sc, S):
    """One round, in seconds: each player's moments in time order. With dice left a player
    rolls them and places one (or none: it rolls again); after its last die it may lock down a
    district; with every die placed it may flip the timer then or at any later moment; once
    the flipped timer runs out, unplaced dice are lost (``sc``: kernel scratch; ``S``: the
    lookahead bot's playout scratch, or None for a line-up without it)."""
    n_p = A.n_players
    begin_round(A, st, rng)
    steps = 0
    while True:
        p, t = next_actor(st, n_p)
        if p < 0 or t >= st.deadline[0]:
            break
        if st.n_left[p] > 0:
            if steps >= A.max_steps:
                agg.counters[C_STEP_CAP] += 1
                break
            steps += 1
            roll_dice(st, p, rng)
            v, d, arg = choose_place(A, st, lineup, p, rng, sc, S)
            if place_legal(A, st, v, d):
                do_place(st, p, v, d, arg, agg)
                if st.n_left[p] == 0 and any_lock_allowed(A, st):
                    do_lock(A, st, p, choose_lock(A, st, lineup, p, rng, sc, S), agg)
            else:
                agg.counters[C_PASSES] += 1
        if st.n_left[p] == 0 and st.info[I_FLIPPED] == 0:
            if choose_flip(A, st, lineup, p, rng, sc, S):
                do_flip(A, st, t, agg)
        st.next_time[p] = t + next_gap(A, st, p, rng)
    end_round(A, st, agg, steps)


@rule
def score_round(A, st, agg, sc, rng, lineup=None):
    """Round scoring: every district from the Drone's clockwise, then the city center."""
    n_d = A.n_districts
    for k in range(n_d):
        score_district(A, st, (st.info[I_DRONE] + k) % n_d, agg, sc, rng, lineup)
    score_center(A, st, agg, sc.ctrl)


# --------------------------------------------------------------------------- lookahead bot
# Its search plays the kernel's own rules, so it lives here (nb.py imports bots.py).


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
        do_flip(A, st, t, agg)


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
            if steps >= A.max_steps:
                break
            steps += 1
            roll_dice(st, p, S.rng)
            n, v, d, arg = evaluate_place(A, st, S.w, p, S.codes[:0], S.scores[:0], S.rng)
            if place_legal(A, st, v, d):
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
def _lookahead_options(A, st, lineup, p, base, sc, S, lock, flip):
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


@rule  # asked by the reference engine (through its twin)
def choose_place(A, st, lineup, p, rng, sc, S):
    """Every bot's roll-step decision (``decide_place``; the lookahead bot's search). With
    ``S`` None (no lookahead seat) numba prunes the search, so the kernel does not contain it."""
    if S is not None:
        if lineup.ids[p] == BOT_LOOKAHEAD:
            return lookahead_place(A, st, lineup, p, rng, sc, S)
    return decide_place(A, st, lineup, p, rng)


@rule  # asked by the reference engine (through its twin)
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
                tot = _lookahead_options(A, st, lineup, p, base, sc, S, np.int64(dl),
                                         np.int64(-1))
                if tot > best or (tot == best and dl >= 0 and bd >= 0
                                  and st.rank_d[dl] < st.rank_d[bd]):
                    best = tot
                    bd = dl
            return bd
    return decide_lock(A, st, lineup, p, rng)


@rule  # asked by the reference engine (through its twin)
def choose_flip(A, st, lineup, p, rng, sc, S):
    """Every bot's timer flip at a moment with every die placed (``decide_flip``; the lookahead
    bot plays both out: keep now, greedy from its next moment on, or flip now)."""
    if S is not None:
        if lineup.ids[p] == BOT_LOOKAHEAD:
            base = next_u64(rng)
            keep = _lookahead_options(A, st, lineup, p, base, sc, S, np.int64(-3), np.int64(0))
            flip = _lookahead_options(A, st, lineup, p, base, sc, S, np.int64(-3), np.int64(1))
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
def run_batch(A, st, lineup, sc, S, seed, start, count, agg, row_scores, row_winners):
    """Play games start..start+count-1 of ``seed``; per-game rows when the row arrays are
    non-empty (shape (count, P)), aggregates always. ``S``: the lookahead scratch, or None:
    a line-up without a lookahead seat runs (and compiles) a kernel without the search."""
    n_p = A.n_players
    keep = row_scores.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), sc.rng)
        play_game(A, st, lineup, sc.rng, agg, sc, S)
        record_result(sc.scores, agg, sc.winners)
        # game shape: the rounds before the last one, then the final scores
        record_shape(sc.cp, A.rounds - 1, sc.scores, sc.winners, n_p, agg.shape_counters,
                     agg.lead_hist, agg.margin_hist, agg.leader_wins)
        if keep:
            for q in range(n_p):
                row_scores[i, q] = sc.scores[q]
                row_winners[i, q] = sc.winners[q]
