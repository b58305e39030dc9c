"""Attack of the Jelly Monster: the evaluator bots (``greedy``, ``spread``, ``saboteur``,
``weights``): one linear evaluation of every legal choice (see :mod:`simlab.games.jelly.bots`
for the features and weights), their lock-down and their timer flip (numba rules).

Speed. The evaluators make exactly the decisions of scoring every choice in the order district,
value, option and keeping the first best, but faster: zone values are computed once per
decision; a district (or its removals) is skipped when an upper bound of its scores, computed
with the same float operations and added in the same order (rounding is monotone), is below the
best so far; ties are broken by the position in that order. Helpers in the hot loop take plain
arrays and scalars: numba passes a state NamedTuple as ~150 words on the stack, which costs
more than scoring a choice. Weights without deny, leader, cost and new terms (greedy's) take
:func:`simlab.games.jelly.bestfirst.place_fast`, the same decision found best-first.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.games.jelly.bestfirst import fast_weights, my_zone_values, place_fast
from simlab.games.jelly.options import place_code, shuffle_ranks
from simlab.games.jelly.roster import (
    W_CANCEL,
    W_CENTER,
    W_COST,
    W_DENY,
    W_FLIP,
    W_LEADER,
    W_LOCK,
    W_MARGIN,
    W_NEW,
    W_PASS_BELOW,
    W_TAKE,
    W_TARGET,
    W_WAIT,
)
from simlab.games.jelly.rules import POD_VALUE
from simlab.games.jelly.state import I_POD_STACK
from simlab.games.jelly.timer import can_wait, lock_ok, may_roll_again
from simlab.games.jelly.valuation import (
    center_term,
    controls,
    non_ctrl_take,
    opp_tops,
    standing,
    zone_podium,
    zone_worth,
    zone_worth_fast,
)


@rule(inline=True)
def _fill_opponents(rw, target, locked, nlive, mine, values, n_d, p, moves, pod_ok, pods, jelly,
                    n_p):
    """Fill ``values[q, d, z]`` for p's opponents q (as ``my_zone_values`` fills p's kept
    ``mine[p]``), with the dice they have (a one-icon zone is worth the same to everyone)."""
    for d in range(n_d):
        if locked[d] >= 0:
            continue
        z0 = target[d]
        for z in range(max(z0 - 1, 0) if moves else z0, min(z0 + 1, 2) + 1 if moves else z0 + 1):
            simple = zone_worth_fast(rw, d, z, pod_ok, n_p) == mine[p, d, z]
            for q in range(n_p):
                if q == p:
                    continue
                if simple:
                    values[q, d, z] = mine[p, d, z]
                else:
                    values[q, d, z] = zone_worth(rw, target, n_d, d, z, nlive[d, q], pod_ok,
                                                 pods[q], jelly[q], n_p)


@rule(inline=True)
def _any_dice(ndice, d, n_p):
    """Is any die on the entrance of ``d``?"""
    for q in range(n_p):
        if ndice[d, q] > 0:
            return True
    return False


@rule
def _deny_term(w, values, eff, n_p, p, d, z0, z1, rq, e_opp, top0, top1, leader):
    """Weighted deny and leader terms of a choice on ``d``: the drop in the opponents' takes
    when the top total goes from ``top0`` to ``top1``, opponent ``rq``'s total becomes ``e_opp``
    and the target moves from ``z0`` to ``z1`` (``values`` holds the opponents' zones)."""
    deny = 0.0
    deny_leader = 0.0
    for q in range(n_p):
        if q == p:
            continue
        eq0 = eff[d, q]
        eq1 = e_opp if q == rq else eq0
        c0 = eq0 > 0 and eq0 >= top0
        c1 = eq1 > 0 and eq1 >= top1
        if not (c0 or c1) or (c0 and c1 and z0 == z1):
            continue  # this opponent's take does not change: adds exactly 0.0
        t0 = values[q, d, z0] if c0 else 0.0
        t1 = values[q, d, z1] if c1 else 0.0
        deny += t0 - t1
        if q == leader:
            deny_leader += t0 - t1
    return w[W_DENY] * deny + w[W_LEADER] * deny_leader


@rule(inline=True)
def _deny_ub(w, values, eff, n_p, p, d, z0, moves, top0, leader):
    """Upper bound of the weighted deny and leader terms of any choice on ``d``: an opponent's
    take drop lies between his take now minus the most and minus the least he could take after
    (0.0 or a reachable zone), summed in the terms' order."""
    zlo = max(z0 - 1, 0) if moves else z0
    zhi = min(z0 + 1, 2) if moves else z0
    hi = 0.0
    lo = 0.0
    hi_l = 0.0
    lo_l = 0.0
    for q in range(n_p):
        if q == p:
            continue
        t0 = values[q, d, z0] if eff[d, q] > 0 and eff[d, q] >= top0 else 0.0
        x_lo = 0.0
        x_hi = 0.0
        for z in range(zlo, zhi + 1):
            x_lo = min(x_lo, values[q, d, z])
            x_hi = max(x_hi, values[q, d, z])
        h = max(0.0, t0 - x_lo)
        lw = min(0.0, t0 - x_hi)
        hi += h
        lo += lw
        if q == leader:
            hi_l = h
            lo_l = lw
    wd = w[W_DENY]
    wl = w[W_LEADER]
    return wd * (hi if wd >= 0.0 else lo) + wl * (hi_l if wl >= 0.0 else lo_l)


@rule
def _choice_ub(w, hi_raw, removals, moves, ctrl0, take0, mg0, vp0, vpm, vpp, sv_hi, t_cost_max,
               cmax, need_all, deny_ub):
    """Upper bound of the scores of a group of choices on a district (finite weights).

    After them my total minus the best other is at most ``hi_raw``; ``removals``/``moves``: the
    group has removals / target moves (to zones worth ``vpm``, ``vpp`` to me); ``sv_hi``: the
    most a podium zone of them pays me if I do not control it (second place plus presence, the
    sum ``non_ctrl_take`` adds up to; 0.0 elsewhere); ``t_cost_max``, ``cmax``, ``deny_ub``
    bound the cost, center and deny terms. Each term is bounded through
    the same float operations and the bounds are added in the score's order: rounding is
    monotone, so no score exceeds the bound.
    """
    can_ctrl = hi_raw >= 0
    top = max(vp0, 0.0) if can_ctrl else 0.0
    low = min(vp0, 0.0) if can_ctrl else 0.0
    if can_ctrl and moves:
        top = max(top, max(vpm, vpp))
        low = min(low, min(vpm, vpp))
    top = max(top, sv_hi)  # a non-controller's take: 0.0 to sv_hi (podium payouts are >= 0)
    wt = w[W_TAKE]
    ub = wt * ((top if wt >= 0.0 else low) - take0)
    if need_all:
        ub += deny_ub
    wm = w[W_MARGIN]
    ub += wm * ((min(max(hi_raw, -10), 10) if wm >= 0.0 else -10) - mg0)
    ub += t_cost_max
    if can_ctrl and not ctrl0:
        ub += max(w[W_NEW], 0.0)
    ub += max(w[W_CANCEL], 0.0)
    if removals:
        ub += cmax
    if moves:
        wg = w[W_TARGET]
        ub += max(0.0, max(wg * (vpm - vp0), wg * (vpp - vp0)))
    return ub


@rule
def _score(w, ctrl0, take0, mg0, e1, max_o1, vp1, sv1, deny, t_cost, t_a, t_b, need_all,
           has_cost, has_new, two_tail):
    """Score of a choice after which my total is ``e1``, the best other ``max_o1`` and my
    target zone worth ``vp1``: the terms added in the features' order.

    ``sv1``: what a podium zone pays me if I do not control it (second place, presence; 0.0
    elsewhere). ``t_a``, ``t_b``: the last terms (cancel, then center or target). A term that is
    always 0.0 is skipped (x + 0.0 == x) and one that is 0.0 or NaN (a weight times 0.0) is
    pre-added to another, which leaves the sum unchanged; the flags are constants at the fast
    call sites.
    """
    ctrl1 = (e1 > 0) & (e1 >= max_o1)
    score = w[W_TAKE] * ((vp1 if ctrl1 else sv1) - take0)
    if need_all:
        score += deny
    score += w[W_MARGIN] * (min(max(e1 - max_o1, -10), 10) - mg0)
    if has_cost:
        score += t_cost
    if has_new:
        score += w[W_NEW] if ctrl1 & (not ctrl0) else 0.0
    score += t_a
    if two_tail:
        score += t_b
    return score


@rule(inline=True)
def evaluate_place(A, st, w, p, codes, scores, rng):
    """The evaluator bots' roll-step decision with weights ``w`` (see ``decide_place``):
    (n, value, district, effect argument), value 0 to pass (a choice scoring below
    ``pass_below``, or below ``wait`` while the time allows rolling again: ``can_wait``).

    Ties between districts and between opponents are broken by a random order drawn from
    ``rng`` (``shuffle_ranks``): the leader is the opponent with the most jelly (pods at 3.5),
    ties by that order. With non-empty ``codes`` / ``scores`` it records every legal choice it
    scores (its ``place_code`` and score, ``n`` of them) and prunes nothing: the lookahead bot
    ranks them.

    The decision's one entry point: weights without deny, leader, cost and new terms
    (greedy's), not recording, take :func:`simlab.games.jelly.bestfirst.place_fast` (the same
    decision, found best-first), the others ``_scan_place``. Inline, so that a bot's call
    passes ``A`` and ``st`` once.
    """
    if codes.shape[0] == 0 and fast_weights(w):
        bv, bd, barg = place_fast(A, st, w, p, rng)
        return 0, bv, bd, barg
    return _scan_place(A, st, w, p, codes, scores, rng)


@rule
def _scan_place(A, st, w, p, codes, scores, rng):
    """``evaluate_place`` scoring every choice in the order district, value, option, skipping
    a district (or its removals, or an owner's) whose ``_choice_ub`` is below the best so far
    (recording: skipping nothing)."""
    record = codes.shape[0] > 0
    shuffle_ranks(st, rng)
    n_rec = 0
    n_p = A.n_players
    n_d = A.n_districts
    rw = A.rewards
    need_all = w[W_DENY] != 0.0 or w[W_LEADER] != 0.0
    has_cost = w[W_COST] != 0.0
    has_new = w[W_NEW] != 0.0
    fast = not (need_all or has_cost or has_new)
    use_center = w[W_CENTER] != 0.0
    tg0 = w[W_TARGET] * 0.0  # the target feature of a choice that keeps the target: 0 or NaN
    zero_deny = w[W_DENY] * 0.0 + w[W_LEADER] * 0.0  # deny and leader when no take changes
    pod_ok = st.info[I_POD_STACK] > 0
    rolled = 0  # rolled values, 4 bits each
    n_rolled = 0
    for v in range(1, 7):
        if st.roll[v] > 0:
            rolled |= v << (4 * n_rolled)
            n_rolled += 1
    has12 = st.roll[1] > 0 or st.roll[2] > 0
    has34 = st.roll[3] > 0 or st.roll[4] > 0
    leader = -1
    best_score = -1e18
    bo0 = 0  # best other city-center count
    for q in range(n_p):  # ties: the random order of this decision
        if q == p:
            continue
        s = st.jelly[q] + POD_VALUE * st.pods[q]
        if s > best_score or (s == best_score and st.rank_p[q] < st.rank_p[leader]):
            best_score = s
            leader = q
        if st.center[q] > bo0:
            bo0 = st.center[q]
    lead0 = 1.0 if st.center[p] > 0 and st.center[p] >= bo0 else 0.0
    finite = True
    for i in range(W_TARGET + 1):
        if not np.isfinite(w[i]):
            finite = False
    prune = finite and not record  # skip districts whose bound cannot reach the best
    vmax = 0
    t_cost_max = 0.0  # bounds of the cost and center terms of any choice
    for v in range(1, 7):
        if st.roll[v] > 0:
            vmax = v
            if has_cost:
                t_cost_max = max(t_cost_max, w[W_COST] * (v / 6.0))
    cmax = 0.0
    if use_center and has12:
        for rq in range(n_p):
            cmax = max(cmax, center_term(st.center, p, w, rq, bo0, lead0))
    # my zone values: the kept memo ``zone_val[p]`` brought up to date and read in place;
    # the opponents' in the scratch ``values`` (deny and leader terms only)
    zv = st.zone_val
    my_zone_values(A, rw, st.target, st.locked, st.nlive, zv, st.zone_key, n_d, p,
                   pod_ok, st.pods[p], st.jelly[p], n_p)
    if need_all:
        _fill_opponents(rw, st.target, st.locked, st.nlive, zv, st.values, n_d, p, has34,
                        pod_ok, st.pods, st.jelly, n_p)
    best = -1e18
    bkey = -1
    bv = 0
    bd = -1
    barg = -1
    for d in range(n_d):
        if st.locked[d] >= 0:
            continue
        z0 = st.target[d]
        # my values of the target zone and of the zones one step in / out (0.0 if not needed)
        vp0 = zv[p, d, z0]
        vpm = zv[p, d, z0 - 1] if has34 and z0 > 0 else 0.0
        vpp = zv[p, d, z0 + 1] if has34 and z0 < 2 else 0.0
        e_me = st.eff[d, p]
        m1, i1, m2 = opp_tops(st.eff, d, p, n_p)
        ctrl0 = e_me > 0 and e_me >= m1
        # podium zones pay non-controllers too (second place, presence), bounded by sv_hi
        # (``podium_reach``: elsewhere no zone of d pays a non-controller, all six are 0.0)
        sec0, pres0, secm, presm, secp, presp = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
        if A.podium_reach[d]:
            sec0, pres0 = zone_podium(rw, n_d, st.target, d, z0)
            if has34 and z0 > 0:
                secm, presm = zone_podium(rw, n_d, st.target, d, z0 - 1)
            if has34 and z0 < 2:
                secp, presp = zone_podium(rw, n_d, st.target, d, z0 + 1)
        podium = (sec0 != 0.0 or pres0 != 0.0 or secm != 0.0 or presm != 0.0 or secp != 0.0
                  or presp != 0.0)
        sv_hi0 = sec0 + pres0  # the most a podium zone pays me: here, and after a target move
        sv_hi = max(sv_hi0, max(secm + presm, secp + presp))
        take0 = vp0 if ctrl0 else 0.0
        if podium and not ctrl0:
            take0 = non_ctrl_take(st.eff, d, p, n_p, e_me, -1, 0, sec0, pres0)
        mg0 = min(max(e_me - m1, -10), 10)
        top0 = max(e_me, m1)
        opp0 = m1 > 0 and m1 >= top0  # an opponent controls d now
        # my total minus the best other after a choice is at most hi_raw (rem_raw for a
        # removal: my total +2, the best other >= m2 (>= m1 unless the top opponent loses a
        # die); removing a die of mine: +6 more for an un-cancelled pair, the best other m1)
        removals = has12 and (top0 > 0 or _any_dice(st.ndice, d, n_p))
        rem_raw = e_me + 2 - m2
        if st.ndice[d, p] > 0:
            rem_raw = max(rem_raw, e_me + 8 - m1)
        hi_raw = max(e_me + vmax - m1, rem_raw) if removals else e_me + vmax - m1
        deny_ub = 0.0
        if prune and need_all:
            deny_ub = _deny_ub(w, st.values, st.eff, n_p, p, d, z0, has34, top0, leader)
        if prune and _choice_ub(w, hi_raw, removals, has34, ctrl0, take0, mg0, vp0, vpm, vpp,
                                sv_hi, t_cost_max, cmax, need_all, deny_ub) < best:
            continue
        # no effect (any value) and target moves (values 3-4)
        for j in range(n_rolled):
            v = (rolled >> (4 * j)) & 15
            c = st.dice[d, p, v]
            e1 = e_me + v * ((c == 0) - (c == 1))
            t_cost = w[W_COST] * (v / 6.0) if has_cost else 0.0
            t_cancel = w[W_CANCEL] if c >= 1 else 0.0
            key = (st.rank_d[d] * 8 + v) * 64
            top1 = max(e1, m1)
            sv1 = non_ctrl_take(st.eff, d, p, n_p, e1, -1, 0, sec0, pres0) if podium else 0.0
            deny = zero_deny
            if need_all and top1 != top0:
                deny = _deny_term(w, st.values, st.eff, n_p, p, d, z0, z0, -1, 0, top0, top1,
                                  leader)
            if fast:
                s = _score(w, ctrl0, take0, mg0, e1, m1, vp0, sv1, 0.0, 0.0, t_cancel + tg0,
                           0.0, False, False, False, False)
            else:
                s = _score(w, ctrl0, take0, mg0, e1, m1, vp0, sv1, deny, t_cost,
                           t_cancel + tg0, 0.0, need_all, has_cost, has_new, False)
            if record:
                codes[n_rec] = place_code(v, d, -1)
                scores[n_rec] = s
                n_rec += 1
            if s > best or (s == best and key < bkey):
                best, bkey, bv, bd, barg = s, key, v, d, -1
            if v != 3 and v != 4:
                continue
            for k in range(1, 3):
                nz = z0 - 3 + 2 * k
                if nz < 0 or nz > 2:
                    continue
                vp1 = vpm if k == 1 else vpp
                t_target = w[W_TARGET] * (vp1 - vp0)
                sv1 = 0.0
                if podium:
                    sv1 = non_ctrl_take(st.eff, d, p, n_p, e1, -1, 0, secm if k == 1 else secp,
                                        presm if k == 1 else presp)
                deny = zero_deny
                if need_all and (opp0 or (m1 > 0 and m1 >= top1)):
                    deny = _deny_term(w, st.values, st.eff, n_p, p, d, z0, nz, -1, 0, top0,
                                      top1, leader)
                if fast:
                    s = _score(w, ctrl0, take0, mg0, e1, m1, vp1, sv1, 0.0, 0.0, t_cancel,
                               t_target, False, False, False, True)
                else:
                    s = _score(w, ctrl0, take0, mg0, e1, m1, vp1, sv1, deny, t_cost, t_cancel,
                               t_target, need_all, has_cost, has_new, True)
                if record:
                    codes[n_rec] = place_code(v, d, nz)
                    scores[n_rec] = s
                    n_rec += 1
                if s > best or (s == best and key + k < bkey):
                    best, bkey, bv, bd, barg = s, key + k, v, d, nz
        if not removals or prune and _choice_ub(
                w, rem_raw, True, False, ctrl0, take0, mg0, vp0, 0.0, 0.0, sv_hi0, t_cost_max,
                cmax, need_all, deny_ub) < best:
            continue
        # remove another die here (values 1-2): owner by owner, each value ru he holds here
        for rq in range(n_p):
            if st.ndice[d, rq] == 0:
                continue
            mine = rq == p
            e_rq = st.eff[d, rq]
            rest = m2 if rq == i1 else m1  # best other total without rq's
            t_center = tg0
            if use_center:
                t_center = center_term(st.center, p, w, rq, bo0, lead0) + tg0
            # skip owner rq when no removal of his can reach the best: my total is at most
            # e_me + 2 (+6 more un-cancelling a pair of mine), the best other at least ``rest``
            # (at least m1 when I remove my own), the center term exactly ``t_center``
            if prune and _choice_ub(w, e_me + 8 - m1 if mine else e_me + 2 - rest, True, False,
                                    ctrl0, take0, mg0, vp0, 0.0, 0.0, sv_hi0, t_cost_max,
                                    t_center, need_all, deny_ub) < best:
                continue
            held = 0  # the values rq holds here, 3 bits each (branch-free)
            n_held = 0
            for ru in range(1, 7):
                present = st.dice[d, rq, ru] > 0
                held |= (ru * present) << (3 * n_held)
                n_held += present
            for v in range(1, 3):
                if st.roll[v] == 0:
                    continue
                c = st.dice[d, p, v]
                e1 = e_me + v * ((c == 0) - (c == 1))
                t_cost = w[W_COST] * (v / 6.0) if has_cost else 0.0
                t_cancel = w[W_CANCEL] if c >= 1 else 0.0
                # ties: owners in the random order of this decision (no seat is favoured)
                key = (st.rank_d[d] * 8 + v) * 64 + 1 + st.rank_p[rq] * 7
                for i in range(n_held):
                    ru = (held >> (3 * i)) & 7
                    # losing a single die (-ru) or un-cancelling a pair (+ru)
                    cu = st.dice[d, rq, ru] + (mine & (ru == v))
                    delta = ru * ((cu == 2) - (cu == 1))
                    e1r = e1 + delta * mine
                    e_opp = e_rq + delta
                    max_o1 = m1 if mine else max(e_opp, rest)
                    deny = zero_deny
                    top1 = max(e1r, max_o1)
                    if need_all and (top1 != top0 or (not mine and delta != 0)):
                        deny = _deny_term(w, st.values, st.eff, n_p, p, d, z0, z0,
                                          -1 if mine else rq, e_opp, top0, top1, leader)
                    sv1 = 0.0
                    if podium:
                        sv1 = non_ctrl_take(st.eff, d, p, n_p, e1r, -1 if mine else rq, e_opp,
                                            sec0, pres0)
                    if fast:
                        s = _score(w, ctrl0, take0, mg0, e1r, max_o1, vp0, sv1, 0.0, 0.0,
                                   t_cancel, t_center, False, False, False, True)
                    else:
                        s = _score(w, ctrl0, take0, mg0, e1r, max_o1, vp0, sv1, deny, t_cost,
                                   t_cancel, t_center, need_all, has_cost, has_new, True)
                    if record:
                        codes[n_rec] = place_code(v, d, rq * 8 + ru)
                        scores[n_rec] = s
                        n_rec += 1
                    if s > best or (s == best and key + ru < bkey):
                        best, bkey, bv, bd, barg = s, key + ru, v, d, rq * 8 + ru
    if bd < 0 or (best < w[W_PASS_BELOW] and may_roll_again(A, st, p)):
        return n_rec, 0, -1, -1
    if best < w[W_WAIT] and can_wait(A, st, p):
        return n_rec, 0, -1, -1
    return n_rec, bv, bd, barg


@rule
def evaluate_lock(A, st, w, p, rng):
    """The evaluator bots' lock-down with weights ``w``: the district whose take is most at
    risk (value / (1 + margin)), or -1; ties in a random order drawn from ``rng``."""
    n_d = A.n_districts
    n_p = A.n_players
    req = A.lock_requires_dice
    if w[W_LOCK] <= 0.5:
        return -1
    shuffle_ranks(st, rng)
    best = 0.0
    bd = -1
    for d in range(n_d):
        if not lock_ok(st.locked, st.ndice, d, n_p, req) or not controls(st.eff, d, p, n_p):
            continue
        margin = st.eff[d, p]
        for q in range(n_p):
            if q != p:
                margin = min(margin, st.eff[d, p] - st.eff[d, q])
        value = zone_worth(A.rewards, st.target, n_d, d, st.target[d], st.nlive[d, p],
                           st.info[I_POD_STACK] > 0, st.pods[p], st.jelly[p], n_p)
        v = value / (1.0 + margin)
        if v > best or (v == best and bd >= 0 and st.rank_d[d] < st.rank_d[bd]):
            best = v
            bd = d
    return bd


@rule
def evaluate_flip(A, st, w, p):
    """The evaluator bots' timer flip (weights ``w``), asked at every moment ``p`` may flip
    (its dice all placed): flip while an opponent still has dice, when ``p`` stands at least as
    well as every opponent (``standing``) or an opponent with dice left stands better (flipping
    costs ``p`` nothing and caps the time the others have to roll for what they need; a leader
    waiting to place last is cut short). ``flip`` <= 0: never flip."""
    if not w[W_FLIP] > 0.0:
        return False
    n_p = A.n_players
    any_left = False
    for q in range(n_p):
        if q != p and st.n_left[q] > 0:
            any_left = True
    if not any_left:  # no flip, and no standing to weigh
        return False
    mine = standing(A, st, p)
    ahead = True
    for q in range(n_p):
        if q == p:
            continue
        if standing(A, st, q) > mine:
            if st.n_left[q] > 0:
                return True  # an opponent with dice left stands better
            ahead = False
    return ahead
