"""Attack of the Jelly Monster: numba kernels (arrays, scalars and NamedTuples in; arrays out).

Each function implements one rule of the rulebook; ``play_game`` strings them together and
``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate arrays.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch, rule
from simlab.core.rng import d6, randint, seed_stream, uniform
from simlab.games.jelly.bots import (
    decide_flip,
    decide_lock,
    decide_place,
    either_choice,
    gift_order,
    lock_allowed,
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
    """Cancellation rule, kept current: a value counts only if p holds it exactly once."""
    e = 0
    n = 0
    for v in range(1, 7):
        c = st.dice[d, p, v]
        n += c
        if c == 1:
            e += v
    st.eff[d, p] = e
    st.ndice[d, p] = n


@rule
def place_die(st, p, v, d):
    """Place one die of value v from p's roll on the entrance of district d."""
    st.dice[d, p, v] += 1
    st.roll[v] -= 1
    st.n_left[p] -= 1
    refresh_eff(st, d, p)


@rule
def remove_die(st, d, q, u):
    """Die effect 1-2: remove a die of q showing u from district d to the city center."""
    st.dice[d, q, u] -= 1
    st.center[q] += 1
    refresh_eff(st, d, q)


@rule
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
def apply_icon(A, st, d_scored, d_src, z, i, ctrl, agg, sc):
    """Resolve one reward icon of zone z of district d_src for the controllers ``ctrl``
    of district d_scored (the two differ for an adjacent-district reward)."""
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
            if ctrl[g]:
                continue
            for s in range(1, n_p):
                c = (g + s) % n_p
                if ctrl[c]:
                    amt = min(a, st.jelly[g])
                    st.jelly[g] -= amt
                    st.jelly[c] += amt
    elif kind == R_GIVE_EACH:
        for c in range(n_p):
            if not ctrl[c]:
                continue
            k = gift_order(st, c, sc.order)
            for j in range(k):
                r = sc.order[j]
                if ctrl[r]:
                    continue
                amt = min(a, st.jelly[c])
                st.jelly[c] -= amt
                st.jelly[r] += amt
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
    elif kind == R_PODIUM_PRESENT:
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a
            elif st.ndice[d_scored, q] > 0:
                st.jelly[q] += b


@rule
def apply_zone(A, st, d, ctrl, agg, sc):
    """Resolve the target reward of district d, icons left to right; an adjacent-district icon
    resolves that district's target reward (an adjacent icon reached that way gives nothing)."""
    n_p = A.n_players
    n_d = A.n_districts
    z = st.target[d]
    for i in range(MAX_ICONS):
        kind = A.rewards[d, z, i, 0]
        if kind == 0:
            break
        if kind != R_ADJ:
            apply_icon(A, st, d, d, z, i, ctrl, agg, sc)
            continue
        dirn = A.rewards[d, z, i, 1]
        if dirn == ADJ_EITHER:
            nb = -2
            for q in range(n_p):
                if ctrl[q]:
                    pick = either_choice(A, st, q, d)
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
                apply_icon(A, st, d, nb, znb, j, ctrl, agg, sc)


@rule
def score_district(A, st, d, agg, sc):
    """District scoring: cancel same-colour same-value dice, highest total (> 0) controls,
    tied controllers all gain the target reward."""
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
    apply_zone(A, st, d, ctrl, agg, sc)
    agg.district_control[d] += 1
    for q in range(n_p):
        if ctrl[q]:
            agg.seat[q, S_CONTROLS] += 1
            agg.district_jelly[d] += st.jelly[q] - sc.jel0[q]
            agg.district_pods[d] += st.pods[q] - sc.pod0[q]


@rule
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
def step_time(A, p, rng):
    """Time one roll-and-place step takes player p: (0.5 + U[0,1)) / speed."""
    return (0.5 + uniform(rng)) / A.speeds[p]


@rule
def play_round(A, st, lineup, rng, agg):
    """One round: interleaved roll-and-place steps by speed, lock-down and timer flip after a
    player's last die, unplaced dice lost when the timer runs out."""
    n_p = A.n_players
    n_d = A.n_districts
    st.dice[:] = 0
    st.eff[:] = 0
    st.ndice[:] = 0
    st.center[:] = 0
    st.target[:] = 0
    st.locked[:] = -1
    st.info[I_FLIPPED] = 0
    for q in range(n_p):
        st.n_left[q] = A.dice
        st.next_time[q] = step_time(A, q, rng)
    deadline = np.inf
    steps = 0
    while True:
        p = -1
        t = np.inf
        for q in range(n_p):
            if st.n_left[q] > 0 and st.next_time[q] < t:
                t = st.next_time[q]
                p = q
        if p < 0 or t >= deadline:
            break
        if steps >= A.max_steps:
            agg.counters[C_STEP_CAP] += 1
            break
        steps += 1
        roll_dice(st, p, rng)
        v, d, arg = decide_place(A, st, lineup, p, rng)
        if v >= 1 and v <= 6 and d >= 0 and d < n_d and st.roll[v] > 0 and st.locked[d] < 0:
            place_die(st, p, v, d)
            agg.counters[C_PLACED] += 1
            agg.seat[p, S_PLACED] += 1
            apply_effect(st, p, v, d, arg, agg)
            if st.n_left[p] == 0:
                any_ok = False
                for dd in range(n_d):
                    if lock_allowed(A, st, dd):
                        any_ok = True
                if any_ok:
                    dl = decide_lock(A, st, lineup, p, rng)
                    if dl >= 0 and lock_allowed(A, st, dl):
                        st.locked[dl] = p
                        agg.counters[C_LOCKS] += 1
                if st.info[I_FLIPPED] == 0 and decide_flip(A, st, lineup, p, rng):
                    st.info[I_FLIPPED] = 1
                    deadline = t + A.timer_steps
                    agg.counters[C_FLIPS] += 1
        else:
            agg.counters[C_PASSES] += 1
        st.next_time[p] = t + step_time(A, p, rng)
    agg.counters[C_STEPS] += steps
    for q in range(n_p):
        agg.counters[C_TIMER_LOST] += st.n_left[q]
        agg.seat[q, S_TIMER_LOST] += st.n_left[q]
        st.n_left[q] = 0


@rule
def play_game(A, st, lineup, rng, agg, sc):
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
        play_round(A, st, lineup, rng, agg)
        for k in range(n_d):
            score_district(A, st, (st.info[I_DRONE] + k) % n_d, agg, sc)
        score_center(A, st, agg, sc.ctrl)
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
def run_batch(A, st, lineup, sc, seed, start, count, agg, row_scores, row_winners):
    """Play games start..start+count-1 of ``seed``; per-game rows when the row arrays are
    non-empty (shape (count, P)), aggregates always."""
    n_p = A.n_players
    keep = row_scores.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), sc.rng)
        play_game(A, st, lineup, sc.rng, agg, sc)
        record_result(sc.scores, agg, sc.winners)
        if keep:
            for q in range(n_p):
                row_scores[i, q] = sc.scores[q]
                row_winners[i, q] = sc.winners[q]
