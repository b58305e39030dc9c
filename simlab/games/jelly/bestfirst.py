"""Attack of the Jelly Monster: the evaluator bots' roll-step decision, best-first, for
weights without deny, leader, cost and new terms (greedy's), and the helpers it shares with
:mod:`simlab.games.jelly.evaluator` (numba rules).

It makes exactly ``evaluate_place``'s decision: the same score of every legal choice, its
terms added in the same order, and the first best in the order district, value, option
(ties by the random orders of the decision). It bounds the scores of each district's
placements and moves, and of its removals, then scores these groups from the highest bound
down until the next bound is below the best score found. Choices are compared by score, then
by position, so the order in which the groups are scored does not change the choice.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.games.jelly.options import shuffle_ranks
from simlab.games.jelly.roster import (
    W_CANCEL,
    W_CENTER,
    W_COST,
    W_DENY,
    W_HOLD,
    W_LEADER,
    W_MARGIN,
    W_NEW,
    W_PASS_BELOW,
    W_TAKE,
    W_TARGET,
    W_WAIT,
)
from simlab.games.jelly.state import I_POD_STACK
from simlab.games.jelly.timer import can_wait, fill_hand, may_roll_again
from simlab.games.jelly.valuation import (
    center_lead,
    center_term,
    keep_chance,
    non_ctrl_take,
    opp_tops,
    top_single,
    zone_podium,
    zone_worth,
    zone_worth_fast,
)


@rule(inline=True)
def zone_key(nlive, target, d, p, n_d, base, n_dice):
    """The key of p's zone values of ``d`` (never 0): p's dice surviving on ``d``, the targets
    of ``d``'s neighbours (an adjacent-district reward reads them) and ``base`` (p's jelly and
    pods and whether pods are left: ``zone_base``) are all a zone's value depends on."""
    tl = target[d - 1] if d > 0 else target[n_d - 1]
    tr = target[d + 1] if d + 1 < n_d else target[0]
    return ((base * 3 + tl) * 3 + tr) * (n_dice + 2) + nlive[d, p] + 1


@rule(inline=True)
def zone_base(jelly_p, pods_p, pod_ok, n_pods):
    """The part of ``zone_key`` that holds for a whole round: p's jelly and pods, pods left."""
    return (jelly_p * (n_pods + 1) + pods_p) * 2 + pod_ok


@rule(inline=True)
def refresh_zones(A, rw, target, nlive, zone_val, zone_key_, n_d, d, p, base, pod_ok, pods_p,
                  jelly_p, n_p):
    """Bring the memo ``zone_val[p, d]`` up to date (``base``: ``zone_base``): the three zones'
    values with one more die of p there that survives cancellation (``zone_worth_fast``, or
    ``zone_worth`` where a zone's worth depends on the state), recomputed only if
    ``zone_key`` changed since."""
    key = zone_key(nlive, target, d, p, n_d, base, A.dice)
    if zone_key_[p, d] != key:
        for z in range(3):
            x = zone_worth_fast(rw, d, z, pod_ok, A.pod_value, n_p)
            if x != x:
                x = zone_worth(rw, target, n_d, d, z, nlive[d, p] + 1, pod_ok, A.pod_value,
                               pods_p, jelly_p, n_p)
            zone_val[p, d, z] = x
        zone_key_[p, d] = key


@rule(inline=True)
def my_zone_values(A, rw, target, locked, nlive, zone_val, zone_key_, n_d, p, pod_ok, pods_p,
                   jelly_p, n_p):
    """``refresh_zones`` for every open district (one call per decision)."""
    base = zone_base(jelly_p, pods_p, pod_ok, A.pods)
    for d in range(n_d):
        if locked[d] < 0:
            refresh_zones(A, rw, target, nlive, zone_val, zone_key_, n_d, d, p, base, pod_ok,
                          pods_p, jelly_p, n_p)


#: a bound must fall below the best by this share (of 1 + |best|) to skip a group: the bounds
#: are exact upper bounds (monotone rounding), the margin only guards that argument
SAFETY = 1e-9

#: the lowest set bit of a 7-bit mask (bits 1-6: die values)
LOWEST_BIT = np.array([0] + [(m & -m).bit_length() - 1 for m in range(1, 128)], np.int64)
#: the highest set bit of a 7-bit mask (0 for none)
HIGHEST_BIT = np.array([0] + [m.bit_length() - 1 for m in range(1, 128)], np.int64)


@rule(inline=True)
def _better(s, key, best, bkey):
    """Does a choice scoring ``s`` at position ``key`` beat the best so far (ties: the
    earlier position)?"""
    return s > best or (s == best and key < bkey)


@rule(inline=True)
def _district_now(rw, n_d, values, eff, target, podium_reach, d, p, n_p, has34):
    """What a fast decision reads of district ``d`` as it stands: its target zone ``z0``, my
    values of that zone and of the zones one step in / out (0.0 if no 3-4 was rolled), my
    total, the best opponent total, its owner and the best without him, whether I control
    ``d``, the podium payouts of the three zones to a non-controller, my take now and my
    margin (clipped to +-10)."""
    z0 = target[d]
    vp0 = values[p, d, z0]
    vpm = values[p, d, z0 - 1] if has34 and z0 > 0 else 0.0
    vpp = values[p, d, z0 + 1] if has34 and z0 < 2 else 0.0
    e_me = eff[d, p]
    m1, i1, m2 = opp_tops(eff, d, p, n_p)
    ctrl0 = e_me > 0 and e_me >= m1
    # podium zones pay non-controllers too (second place, presence); ``podium_reach``:
    # elsewhere no zone of d pays a non-controller, all six are 0.0
    sec0, pres0, secm, presm, secp, presp = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
    podium = False
    if podium_reach[d]:
        sec0, pres0 = zone_podium(rw, n_d, target, d, z0)
        if has34 and z0 > 0:
            secm, presm = zone_podium(rw, n_d, target, d, z0 - 1)
        if has34 and z0 < 2:
            secp, presp = zone_podium(rw, n_d, target, d, z0 + 1)
        podium = (sec0 != 0.0 or pres0 != 0.0 or secm != 0.0 or presm != 0.0 or secp != 0.0
                  or presp != 0.0)
    take0 = vp0 if ctrl0 else 0.0
    if podium and not ctrl0:
        take0 = non_ctrl_take(eff, d, p, n_p, e_me, -1, 0, sec0, pres0)
    mg0 = min(max(e_me - m1, -10), 10)
    return (z0, vp0, vpm, vpp, e_me, m1, i1, m2, ctrl0, podium, sec0, pres0, secm, presm, secp,
            presp, take0, mg0)


@rule(inline=True)
def _fast_ub(w_take, w_margin, w_cancel, hi_raw, take0, mg0, vp0, vpm, vpp, sv_hi, x_hi):
    """Upper bound of the fast scores of a group of choices on one district, for finite
    weights: after each, my total minus the best other is at most ``hi_raw``; my take is 0.0,
    at most ``sv_hi`` (podium, not controlling), or, controlling, ``vp0`` / ``vpm`` / ``vpp``
    (the zones the group can target; pass ``vp0`` for none); the last term is at most
    ``x_hi`` (>= 0 when some choice of the group has no last term: a placement without
    effect). Each term is bounded through the same float operations and the bounds are added
    in the score's order: rounding is monotone, so no score exceeds the bound."""
    hi = max(0.0, sv_hi)
    lo = 0.0
    if hi_raw >= 0:  # control is reachable
        hi = max(hi, max(vp0, max(vpm, vpp)))
        lo = min(lo, min(vp0, min(vpm, vpp)))
    ub = w_take * ((hi if w_take >= 0.0 else lo) - take0)
    ub += w_margin * ((min(max(hi_raw, -10), 10) if w_margin >= 0.0 else -10) - mg0)
    ub += max(w_cancel, 0.0)
    return ub + x_hi


@rule(inline=True)
def hold_ub(w_hold, risk0, reach, va, vb, vc):
    """Upper bound of the hold term ``w_hold * (risk0 - risk1)`` of a group of choices: the
    jelly at risk after one, ``risk1``, is 0.0 or, if control is ``reach``-able, a zone value
    ``va``, ``vb`` or ``vc`` times a chance in [0, 1] (so between the least and the most of 0.0
    and those values)."""
    hi = 0.0
    lo = 0.0
    if reach:
        hi = max(hi, max(va, max(vb, vc)))
        lo = min(lo, min(va, min(vb, vc)))
    return w_hold * (risk0 - lo) if w_hold >= 0.0 else w_hold * (risk0 - hi)


@rule(inline=True)
def _fast_ub_hold(w_take, w_margin, w_cancel, w_hold, hi_raw, take0, mg0, vp0, vpm, vpp, sv_hi,
                  x_hi, risk0, k_hi):
    """``_fast_ub`` with the hold term, for ``take`` and ``hold`` weights >= 0, bounding the
    take and hold terms together (each bounded alone, a choice that gains control would be
    credited its whole value and no risk): a choice that leaves p without control takes at
    most ``sv_hi`` (podium payouts) and its hold term is ``w_hold * risk0``; one that controls
    with zone value V has at least ``V * (1 - k_hi)`` at risk (``k_hi``: the best chance to
    keep control after any choice of the group), V itself when V < 0. The terms are added in
    another order than the score's, so ``place_fast`` compares with its ``SAFETY`` margin."""
    ub = w_take * (max(0.0, sv_hi) - take0) + w_hold * risk0
    if hi_raw >= 0:  # control is reachable
        for x in (vp0, vpm, vpp):
            low = x * (1.0 - k_hi) if x >= 0.0 else x
            ub = max(ub, w_take * (x - take0) + w_hold * (risk0 - low))
    ub += w_margin * ((min(max(hi_raw, -10), 10) if w_margin >= 0.0 else -10) - mg0)
    ub += max(w_cancel, 0.0)
    return ub + x_hi


@rule(inline=True)
def risk_now(st, d, p, n_p, e_me, ctrl0, vp0):
    """The jelly at risk on ``d`` as it stands: p's take there (``vp0`` if it controls)
    times the chance that the dice the opponents still hold overturn its control."""
    if not ctrl0:
        return 0.0
    u0 = top_single(st.dice, d, p, 0, 0)
    return vp0 * (1.0 - keep_chance(st, d, p, n_p, e_me, u0, -1, 0, 0))


@rule(inline=True)
def fast_weights(w):
    """Do weights ``w`` have no deny, leader, cost and new terms (``place_fast`` decides)?"""
    return w[W_DENY] == 0.0 and w[W_LEADER] == 0.0 and w[W_COST] == 0.0 and w[W_NEW] == 0.0


@rule
def place_fast(A, st, w, p, rng):
    """``evaluate_place`` for weights without deny, leader, cost and new terms (greedy's):
    the same score of every legal choice, its terms added in the same order, and the first
    best by position in the order district, value, option, found best-first: an upper bound
    of the scores of each district's placements and moves, and of its removals, is computed
    first; the groups are then scored in decreasing order of their bounds until the next
    bound is below the best score found (each group's choices are compared by score, then
    by position, so the order in which groups are scored does not change the choice)."""
    shuffle_ranks(st, rng)
    n_p = A.n_players
    n_d = A.n_districts
    rw = A.rewards
    dice = st.dice
    eff = st.eff
    ndice = st.ndice
    target = st.target
    locked = st.locked
    roll = st.roll
    center = st.center
    values = st.zone_val  # p's zone values (the memo)
    rank_d = st.rank_d
    rank_p = st.rank_p
    bound = st.bound
    tops = st.tops
    podium_reach = A.podium_reach
    w_take = w[W_TAKE]
    w_margin = w[W_MARGIN]
    w_cancel = w[W_CANCEL]
    w_target = w[W_TARGET]
    w_hold = w[W_HOLD]
    use_center = w[W_CENTER] != 0.0
    tg0 = w_target * 0.0  # the target feature of a choice that keeps the target: 0 or NaN
    finite = np.isfinite(w_hold)
    for i in range(W_TARGET + 1):
        if not np.isfinite(w[i]):
            finite = False
    # the hold term: only while an opponent still places a die (else it is 0.0 and skipped)
    hold_on = w_hold != 0.0 and fill_hand(A, st, p)
    coupled = w_take >= 0.0 and w_hold >= 0.0  # take and hold bounded together
    pod_ok = st.info[I_POD_STACK] > 0
    rolled = 0  # rolled values, 4 bits each
    n_rolled = 0
    rolled_bits = 0  # rolled values, one bit each
    for v in range(1, 7):
        if roll[v] > 0:
            rolled |= v << (4 * n_rolled)
            n_rolled += 1
            rolled_bits |= 1 << v
    has12 = roll[1] > 0 or roll[2] > 0
    has34 = roll[3] > 0 or roll[4] > 0
    bo0 = 0  # best other city-center count
    for q in range(n_p):
        if q != p and center[q] > bo0:
            bo0 = center[q]
    lead0 = 1.0 if center[p] > 0 and center[p] >= bo0 else 0.0
    # a removal's center term (``center_term``, + tg0) takes two values: c_lead if I lead the
    # center after it (the owners in lead_bits, one bit each), else c_trail
    lead_bits = 0
    for q in range(n_p):
        lead_bits |= center_lead(center, p, q, bo0) << q
    pv = A.pod_value
    c_lead = w[W_CENTER] * pv * (1.0 - lead0) + tg0
    c_trail = w[W_CENTER] * pv * (0.0 - lead0) + tg0
    pods_p = st.pods[p]
    jelly_p = st.jelly[p]
    base = zone_base(jelly_p, pods_p, pod_ok, A.pods)
    # the bounds of each district's two groups (-inf: nothing to score; +inf: no bound)
    for d in range(n_d):
        bound[0, d] = -np.inf
        bound[1, d] = -np.inf
        if locked[d] >= 0:
            continue
        refresh_zones(A, rw, target, st.nlive, values, st.zone_key, n_d, d, p, base, pod_ok,
                      pods_p, jelly_p, n_p)
        (z0, vp0, vpm, vpp, e_me, m1, i1, m2, ctrl0, podium, sec0, pres0, secm, presm, secp,
         presp, take0, mg0) = _district_now(rw, n_d, values, eff, target, podium_reach, d, p,
                                            n_p, has34)
        tops[0, d] = m1
        tops[1, d] = i1
        tops[2, d] = m2
        tops[3, d] = podium
        risk0 = 0.0
        if hold_on:
            risk0 = risk_now(st, d, p, n_p, e_me, ctrl0, vp0)
        bound[2, d] = risk0
        owners = 0  # the players with a die here, one bit each
        for q in range(n_p):
            owners |= (ndice[d, q] > 0) << q
        removals = has12 and owners != 0
        if not finite:
            bound[0, d] = np.inf
            if removals:
                bound[1, d] = np.inf
            continue
        # the bounds below without branches on the state (selects): a mispredicted branch
        # costs more than the terms it would skip
        c_hi = tg0  # the most the center term of a removal here adds (its two values)
        if use_center:
            c_hi = max(max(c_hi, c_lead if owners & lead_bits else c_hi),
                       c_trail if owners & ~lead_bits else c_hi)
        mv_in = has34 and z0 > 0  # a 3-4 can move the target in / out
        mv_out = has34 and z0 < 2
        x_hi = max(max(0.0, w_target * (vpm - vp0) if mv_in else 0.0),
                   w_target * (vpp - vp0) if mv_out else 0.0)
        sv_hi = max(sec0 + pres0, max(secm + presm, secp + presp))
        held = 0  # the values I hold here, one bit each
        for v in range(1, 7):
            held |= (dice[d, p, v] > 0) << v
        # my total after a placement here is at most e_me + gain: the highest rolled value I
        # do not hold here (0: none)
        gain = HIGHEST_BIT[rolled_bits & ~held]
        if hold_on and coupled:
            # the best chance to keep control after a placement here: my highest total, no
            # single die of mine to remove (keep_chance falls with both); read only if
            # control is reachable
            k_hi = 1.0
            if e_me + gain - m1 >= 0:
                k_hi = keep_chance(st, d, p, n_p, e_me + gain, 0, -1, 0, 0)
            bound[0, d] = _fast_ub_hold(w_take, w_margin, w_cancel, w_hold, e_me + gain - m1,
                                        take0, mg0, vp0, vpm if mv_in else vp0,
                                        vpp if mv_out else vp0, sv_hi, x_hi, risk0, k_hi)
        else:
            bound[0, d] = _fast_ub(w_take, w_margin, w_cancel, e_me + gain - m1, take0, mg0,
                                   vp0, vpm if mv_in else vp0, vpp if mv_out else vp0, sv_hi,
                                   x_hi)
            if hold_on:
                bound[0, d] += hold_ub(w_hold, risk0, e_me + gain - m1 >= 0, vp0,
                                       vpm if mv_in else vp0, vpp if mv_out else vp0)
        # removals: my total is at most e_me + 2, the best other at least m2; removing a die
        # of mine: +6 more for an un-cancelled pair, the best other m1
        rem_raw = max(e_me + 2 - m2, e_me + 8 - m1 if owners >> p & 1 else e_me + 2 - m2)
        ub_rem = _fast_ub(w_take, w_margin, w_cancel, rem_raw, take0, mg0, vp0, vp0, vp0,
                          sec0 + pres0, c_hi)
        if hold_on:
            ub_rem += hold_ub(w_hold, risk0, rem_raw >= 0, vp0, vp0, vp0)
        bound[1, d] = ub_rem if removals else -np.inf
    best = -1e18
    bkey = -1
    bth = 0.0  # the best choice's hold term
    bv = 0
    bd = -1
    barg = -1
    while True:
        # the group with the highest bound next
        ub = -np.inf
        d = -1
        part = 0
        for dd in range(n_d):
            if bound[0, dd] > ub:
                ub = bound[0, dd]
                d = dd
                part = 0
            if bound[1, dd] > ub:
                ub = bound[1, dd]
                d = dd
                part = 1
        if d < 0 or ub + SAFETY * (1.0 + abs(best)) < best:
            break  # no score of the groups left reaches the best
        bound[part, d] = -np.inf
        if tops[3, d]:
            (z0, vp0, vpm, vpp, e_me, m1, i1, m2, ctrl0, podium, sec0, pres0, secm, presm,
             secp, presp, take0, mg0) = _district_now(rw, n_d, values, eff, target,
                                                      podium_reach, d, p, n_p, has34)
        else:  # _district_now's answer, the opponents' totals as the bounds read them
            podium = False
            sec0, pres0, secm, presm, secp, presp = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
            z0 = target[d]
            vp0 = values[p, d, z0]
            vpm = values[p, d, z0 - 1] if has34 and z0 > 0 else 0.0
            vpp = values[p, d, z0 + 1] if has34 and z0 < 2 else 0.0
            e_me = eff[d, p]
            m1 = tops[0, d]
            i1 = tops[1, d]
            m2 = tops[2, d]
            ctrl0 = e_me > 0 and e_me >= m1
            take0 = vp0 if ctrl0 else 0.0
            mg0 = min(max(e_me - m1, -10), 10)
        kd = rank_d[d] * 512
        risk0 = bound[2, d]
        if part == 0:
            # no effect (any value) and target moves (values 3-4)
            for j in range(n_rolled):
                v = (rolled >> (4 * j)) & 15
                c = dice[d, p, v]
                e1 = e_me + v * ((c == 0) - (c == 1))
                t_cancel = w_cancel if c >= 1 else 0.0
                key = kd + v * 64
                sv1 = non_ctrl_take(eff, d, p, n_p, e1, -1, 0, sec0, pres0) if podium else 0.0
                ctrl1 = (e1 > 0) & (e1 >= m1)
                mterm = w_margin * (min(max(e1 - m1, -10), 10) - mg0)
                s = w_take * ((vp0 if ctrl1 else sv1) - take0)
                s += mterm
                s += t_cancel + tg0
                kc = 1.0  # the chance to keep control after it (the hold term)
                th = 0.0
                if hold_on:
                    if ctrl1:
                        kc = keep_chance(st, d, p, n_p, e1,
                                         top_single(dice, d, p, v, 0), -1, 0, 0)
                    th = w_hold * (risk0 - (vp0 * (1.0 - kc) if ctrl1 else 0.0))
                    s += th
                if _better(s, key, best, bkey):
                    best, bkey, bv, bd, barg, bth = s, key, v, d, -1, th
                if v != 3 and v != 4:
                    continue
                for k in range(1, 3):
                    nz = z0 - 3 + 2 * k
                    if nz < 0 or nz > 2:
                        continue
                    vp1 = vpm if k == 1 else vpp
                    t_target = w_target * (vp1 - vp0)
                    sv1 = 0.0
                    if podium:
                        sv1 = non_ctrl_take(eff, d, p, n_p, e1, -1, 0, secm if k == 1 else secp,
                                            presm if k == 1 else presp)
                    s = w_take * ((vp1 if ctrl1 else sv1) - take0)
                    s += mterm
                    s += t_cancel
                    s += t_target
                    th = 0.0
                    if hold_on:
                        th = w_hold * (risk0 - (vp1 * (1.0 - kc) if ctrl1 else 0.0))
                        s += th
                    if _better(s, key + k, best, bkey):
                        best, bkey, bv, bd, barg, bth = s, key + k, v, d, nz, th
            continue
        # remove another die here (values 1-2): owner by owner, each value ru he holds here
        owners = 0  # the players with a die here, one bit each
        for q in range(n_p):
            owners |= (ndice[d, q] > 0) << q
        while owners != 0:
            rq = LOWEST_BIT[owners]
            owners &= owners - 1
            mine = rq == p
            e_rq = eff[d, rq]
            rest = m2 if rq == i1 else m1  # best other total without rq's
            t_center = tg0
            if use_center:
                t_center = center_term(center, p, w, rq, bo0, lead0, pv) + tg0
            # skip owner rq when no removal of his can reach the best: my total is at most
            # e_me + 2 (+6 more un-cancelling a pair of mine), the best other at least rest
            # (m1 when I remove my own), the center term exactly t_center
            raw = e_me + 8 - m1 if mine else e_me + 2 - rest
            ub_q = _fast_ub(w_take, w_margin, w_cancel, raw, take0, mg0, vp0, vp0, vp0,
                            sec0 + pres0, t_center)
            if hold_on:
                ub_q += hold_ub(w_hold, risk0, raw >= 0, vp0, vp0, vp0)
            if finite and ub_q + SAFETY * (1.0 + abs(best)) < best:
                continue
            kq = 1 + rank_p[rq] * 7
            held = 0  # the values rq holds here, one bit each
            for ru in range(1, 7):
                held |= (dice[d, rq, ru] > 0) << ru
            for v in range(1, 3):
                if roll[v] == 0:
                    continue
                c = dice[d, p, v]
                e1 = e_me + v * ((c == 0) - (c == 1))
                t_cancel = w_cancel if c >= 1 else 0.0
                key = kd + v * 64 + kq
                left = held
                while left != 0:
                    ru = LOWEST_BIT[left]
                    left &= left - 1
                    cr = dice[d, rq, ru]
                    # losing a single die (-ru) or un-cancelling a pair (+ru)
                    cu = cr + (mine & (ru == v))
                    delta = ru * ((cu == 2) - (cu == 1))
                    e1r = e1 + delta * mine
                    e_opp = e_rq + delta
                    max_o1 = m1 if mine else max(e_opp, rest)
                    sv1 = 0.0
                    if podium:
                        sv1 = non_ctrl_take(eff, d, p, n_p, e1r, -1 if mine else rq, e_opp,
                                            sec0, pres0)
                    ctrl1 = (e1r > 0) & (e1r >= max_o1)
                    s = w_take * ((vp0 if ctrl1 else sv1) - take0)
                    s += w_margin * (min(max(e1r - max_o1, -10), 10) - mg0)
                    s += t_cancel
                    s += t_center
                    if hold_on:
                        risk1 = 0.0
                        if ctrl1:
                            if mine:
                                kc = keep_chance(st, d, p, n_p, e1r,
                                                 top_single(dice, d, p, v, ru), -1, 0, 0)
                            else:
                                kc = keep_chance(st, d, p, n_p, e1r,
                                                 top_single(dice, d, p, v, 0), rq, e_opp, ru)
                            risk1 = vp0 * (1.0 - kc)
                        th = w_hold * (risk0 - risk1)
                        s += th
                    if _better(s, key + ru, best, bkey):
                        best, bkey, bv, bd, barg, bth = s, key + ru, v, d, rq * 8 + ru, th
    if bd < 0 or (best < w[W_PASS_BELOW] and may_roll_again(A, st, p)):
        return 0, -1, -1
    if best - min(bth, 0.0) < w[W_WAIT] and can_wait(A, st, p):
        return 0, -1, -1
    return bv, bd, barg
