"""Attack of the Jelly Monster: scoring a round ("Scoring a Round", "District Rewards", "City
Center Scoring") as numba rules: districts one by one from the Drone's clockwise, cancelled dice
removed, the highest total controls, tied controllers all gain the target reward; then the city
center (most dice takes a jelly-pod).
"""

from __future__ import annotations

from simlab.core.jit import rule
from simlab.games.jelly.bots import decide_either, gift_order
from simlab.games.jelly.dice import refresh_eff
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
    C_PODS_SHORT,
    I_DRONE,
    I_POD_STACK,
    S_CANCELLED,
    S_CENTER_PODS,
    S_CONTROLS,
    SRC_DISTRICT,
    SRC_GIVEN,
    SRC_PODIUM,
    SRC_RECEIVED,
)
from simlab.games.jelly.valuation import either_choice


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
def pay(A, st, giver, mask, a, lineup, rng, sc, agg):
    """``giver`` gives ``a`` jelly to each player in ``mask``; short of jelly, it pays whom
    ``gift_order`` says first (the ``give_each_short`` reading). Booked as gifts given and
    received (``agg.src``)."""
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
                agg.src[giver, SRC_GIVEN] -= a
                agg.src[r, SRC_RECEIVED] += a
        return
    k = gift_order(A, st, lineup, giver, mask, sc.order, rng)
    for j in range(k):
        r = sc.order[j]
        amt = min(a, st.jelly[giver])
        st.jelly[giver] -= amt
        st.jelly[r] += amt
        agg.src[giver, SRC_GIVEN] -= amt
        agg.src[r, SRC_RECEIVED] += amt


@rule(inline=True)
def apply_icon(A, st, d_scored, d_src, z, i, ctrl, agg, sc, lineup, rng, places):
    """Resolve one reward icon of zone z of district d_src for the controllers ``ctrl``
    of district d_scored (the two differ for an adjacent-district reward); a podium's places
    below the controllers are paid only with ``places`` (reading ``arrow_podium`` for a
    reward reached through an arrow). Podium payouts to
    non-controllers count in the district's reward metric (``district_jelly``). Jelly from the
    supply is booked in ``agg.src``: the controllers' as district rewards, a podium's second
    place or presence as podium places."""
    n_p = A.n_players
    kind = A.rewards[d_src, z, i, 0]
    a = A.rewards[d_src, z, i, 1]
    b = A.rewards[d_src, z, i, 2]
    if kind == R_JELLY:
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a
                agg.src[q, SRC_DISTRICT] += a
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
                agg.src[q, SRC_DISTRICT] += a * st.pods[q]
    elif kind == R_EACH_GIVES:
        # every non-controlling player gives a to each controller (tied ones do not swap)
        for g in range(n_p):
            if not ctrl[g]:
                pay(A, st, g, ctrl, a, lineup, rng, sc, agg)
    elif kind == R_GIVE_EACH:
        for q in range(n_p):
            sc.pmask[q] = not ctrl[q]
        for c in range(n_p):
            if ctrl[c]:
                pay(A, st, c, sc.pmask, a, lineup, rng, sc, agg)
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
                agg.src[q, SRC_DISTRICT] += amount
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
                agg.src[q, SRC_DISTRICT] += a
            elif places and second > 0 and st.eff[d_scored, q] == second:
                st.jelly[q] += b
                agg.district_jelly[d_scored] += b
                agg.src[q, SRC_PODIUM] += b
    elif kind == R_PODIUM_PRESENT:
        for q in range(n_p):
            if ctrl[q]:
                st.jelly[q] += a
                agg.src[q, SRC_DISTRICT] += a
            elif places and st.ndice[d_scored, q] > 0:
                st.jelly[q] += b
                agg.district_jelly[d_scored] += b
                agg.src[q, SRC_PODIUM] += b


@rule
def apply_zone(A, st, d, ctrl, agg, sc, rng, lineup=None):
    """Resolve the target reward of district d, icons left to right; an adjacent-district icon
    resolves that district's target reward (an adjacent icon reached that way gives nothing;
    its podium places by the ``arrow_podium`` reading).
    'Either' is chosen by each controller's bot (``lineup``; without it, as the built-in bots
    choose)."""
    n_p = A.n_players
    n_d = A.n_districts
    z = st.target[d]
    for i in range(MAX_ICONS):
        kind = A.rewards[d, z, i, 0]
        if kind == 0:
            break
        src, zs, j0, j1 = d, z, i, i + 1  # this icon, or an arrow's district's target reward
        places = True
        if kind == R_ADJ:
            places = A.rewards[d, z, i, 2] == 0  # the arrow_podium reading
            dirn = A.rewards[d, z, i, 1]
            if dirn == ADJ_EITHER:
                nb = -2
                for q in range(n_p):
                    if ctrl[q]:
                        if lineup is None:
                            pick = either_choice(A, st, q, d)
                        else:
                            pick = decide_either(A, st, lineup, q, d, rng)
                        if nb == -2:
                            nb = pick
                        elif nb != pick:
                            nb = -1
                if nb < 0:  # tied controllers cannot agree: the reward is 0 jelly
                    agg.counters[C_EITHER_DISAGREE] += 1
                    continue
            else:
                nb = (d + dirn) % n_d
            src, zs, j0, j1 = nb, st.target[nb], 0, MAX_ICONS
        for j in range(j0, j1):  # one call site: apply_icon is inlined once
            k2 = A.rewards[src, zs, j, 0]
            if k2 == 0:
                break
            if k2 != R_ADJ:
                apply_icon(A, st, d, src, zs, j, ctrl, agg, sc, lineup, rng, places)


@rule(inline=True)
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
def score_round(A, st, agg, sc, rng, lineup=None):
    """Round scoring: every district from the Drone's clockwise, then the city center."""
    n_d = A.n_districts
    for k in range(n_d):
        score_district(A, st, (st.info[I_DRONE] + k) % n_d, agg, sc, rng, lineup)
    score_center(A, st, agg, sc.ctrl)
