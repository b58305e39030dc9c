"""Attack of the Jelly Monster: what a district's rewards are worth to a player ("District
Rewards", "Podium Rewards"), as the bots value them (numba rules).

A jelly-pod counts at the mean roll of the pod die played (``pv`` = ``JellyArrays.pod_value``,
(pod_sides + 1) / 2: 3.5 for the rulebook's d6); an adjacent-district arrow is followed one
level deep ("an adjacent icon reached that way gives nothing"); a 'number of dice' reward reads the
dice that survive cancellation. Helpers taking plain arrays and scalars (``_icon``,
``zone_worth``...) are the ones called in the bots' hot loops: a state NamedTuple costs ~150
words per call.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.games.jelly.roster import W_CENTER
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
from simlab.games.jelly.state import I_POD_STACK


@rule
def _icon(rw, d, z, i, nd, pod_ok, pv, pods_q, jelly_q, n_p):
    """``icon_value`` on plain values (few arguments, so calls in hot loops stay cheap);
    ``pv``: a pod's mean roll."""
    kind = rw[d, z, i, 0]
    a = rw[d, z, i, 1]
    if kind == R_JELLY:
        return float(a)
    if kind == R_POD:
        return pv if pod_ok else 0.0
    if kind == R_DISCARD:
        return -pv if pods_q > 0 else 0.0
    if kind == R_PER_POD:
        return float(a * pods_q)
    if kind == R_EACH_GIVES:
        return float(a * (n_p - 1))
    if kind == R_GIVE_EACH:
        return -float(min(a * (n_p - 1), jelly_q))
    if kind == R_BY_DICE:
        if nd <= a:
            return pv if rw[d, z, i, 2] == 1 else float(rw[d, z, i, 3])
        return pv if rw[d, z, i, 4] == 1 else float(rw[d, z, i, 5])
    if kind == R_PODIUM or kind == R_PODIUM_PRESENT:
        return float(a)
    return 0.0


@rule
def icon_value(A, st, q, d, z, i, nd):
    """Expected jelly of one reward icon for player ``q`` (``nd``: q's dice on district d)."""
    return _icon(A.rewards, d, z, i, nd, st.info[I_POD_STACK] > 0, A.pod_value, st.pods[q],
                 st.jelly[q], A.n_players)


@rule
def zone_worth(rw, target, n_d, d, z, nd, pod_ok, pv, pods_q, jelly_q, n_p):
    """``target_zone_value`` on plain values (few arguments, so calls stay cheap)."""
    total = 0.0
    for i in range(MAX_ICONS):
        kind = rw[d, z, i, 0]
        if kind == 0:
            break
        if kind != R_ADJ:
            total += _icon(rw, d, z, i, nd, pod_ok, pv, pods_q, jelly_q, n_p)
            continue
        dirn = rw[d, z, i, 1]
        best = -1e18
        for s in range(-1, 2, 2):
            if dirn != ADJ_EITHER and s != dirn:
                continue
            nb = (d + s) % n_d
            znb = target[nb]
            v = 0.0
            for j in range(MAX_ICONS):
                k2 = rw[nb, znb, j, 0]
                if k2 == 0:
                    break
                if k2 != R_ADJ:
                    v += _icon(rw, nb, znb, j, nd, pod_ok, pv, pods_q, jelly_q, n_p)
            if v > best:
                best = v
        total += best
    return total


@rule
def target_zone_value(A, st, q, d, z, nd):
    """Value of zone ``z`` of district ``d`` for ``q`` (adjacent rewards: one level deep)."""
    return zone_worth(A.rewards, st.target, A.n_districts, d, z, nd, st.info[I_POD_STACK] > 0,
                      A.pod_value, st.pods[q], st.jelly[q], A.n_players)


@rule
def zone_worth_fast(rw, d, z, pod_ok, pv, n_p):
    """Value of zone ``z`` of ``d`` if it holds at most one icon worth the same to everyone
    (jelly, pod, each-gives, podium), else NaN (then ``zone_worth`` computes it); small, so
    inline."""
    kind = rw[d, z, 0, 0]
    if kind == 0:
        return 0.0
    if rw[d, z, 1, 0] != 0:
        return np.nan
    a = rw[d, z, 0, 1]
    if kind == R_JELLY or kind == R_PODIUM or kind == R_PODIUM_PRESENT:
        return float(a)
    if kind == R_POD:
        return pv if pod_ok else 0.0
    if kind == R_EACH_GIVES:
        return float(a * (n_p - 1))
    return np.nan


@rule
def either_choice(A, st, q, d):
    """Which neighbour ``q`` prefers for an 'adjacent: either' reward of district ``d``."""
    n_d = A.n_districts
    rw = A.rewards
    left = (d - 1) % n_d
    right = (d + 1) % n_d
    nd = st.nlive[d, q]
    pod_ok = st.info[I_POD_STACK] > 0
    vl = 0.0
    vr = 0.0
    for j in range(MAX_ICONS):
        if rw[left, st.target[left], j, 0] not in (0, R_ADJ):
            vl += _icon(rw, left, st.target[left], j, nd, pod_ok, A.pod_value, st.pods[q],
                        st.jelly[q], A.n_players)
        if rw[right, st.target[right], j, 0] not in (0, R_ADJ):
            vr += _icon(rw, right, st.target[right], j, nd, pod_ok, A.pod_value, st.pods[q],
                        st.jelly[q], A.n_players)
    # a tie is worth the same to q: a fixed answer (tied controllers must agree to gain it)
    return left if vl > vr else right


@rule(inline=True)
def controls(eff, d, q, n_p):
    """Does ``q`` control ``d`` now (highest total > 0, ties included)?"""
    e = eff[d, q]
    if e <= 0:
        return False
    for o in range(n_p):
        if o != q and eff[d, o] > e:
            return False
    return True


@rule
def standing(A, st, q):
    """How well ``q`` stands now: jelly, pods at their mean roll, and the target rewards of
    the districts it controls (ties included) as they stand."""
    n_d = A.n_districts
    v = st.jelly[q] + A.pod_value * st.pods[q]
    pod_ok = st.info[I_POD_STACK] > 0
    for d in range(n_d):
        if controls(st.eff, d, q, A.n_players):
            v += zone_worth(A.rewards, st.target, n_d, d, st.target[d], st.nlive[d, q], pod_ok,
                            A.pod_value, st.pods[q], st.jelly[q], A.n_players)
    return v


@rule(inline=True)
def _podium_icons(rw, d, z):
    """The B of zone ``z`` of ``d``'s own 'podium' and 'podium_present' icons."""
    sec = 0.0
    pres = 0.0
    for i in range(MAX_ICONS):
        kind = rw[d, z, i, 0]
        if kind == 0:
            break
        if kind == R_PODIUM:
            sec += rw[d, z, i, 2]
        elif kind == R_PODIUM_PRESENT:
            pres += rw[d, z, i, 2]
    return sec, pres


@rule
def zone_podium(rw, n_d, target, d, z):
    """What zone ``z`` of ``d`` pays a player who does NOT control ``d``: (the B of its 'podium'
    icons, paid to the second-highest total; the B of its 'podium_present' icons, paid to every
    other player with a die there); arrows to a left or right neighbour followed one level ('an
    adjacent icon reached that way gives nothing'; 'either' is the controllers' choice and is
    not counted; none where the ``arrow_podium`` reading pays the controllers only)."""
    sec, pres = _podium_icons(rw, d, z)
    for i in range(MAX_ICONS):
        kind = rw[d, z, i, 0]
        if kind == 0:
            break
        if kind == R_ADJ and rw[d, z, i, 1] != ADJ_EITHER and rw[d, z, i, 2] == 0:
            nb = (d + rw[d, z, i, 1]) % n_d
            s2, p2 = _podium_icons(rw, nb, target[nb])
            sec += s2
            pres += p2
    return sec, pres


@rule
def _is_second(eff, d, p, n_p, e1, rq, e_rq):
    """Podium rule: is a total ``e1`` of ``p`` on ``d`` the second-highest total (above 0,
    below the top, no total in between), opponent ``rq``'s total being ``e_rq`` (rq -1: all
    opponents as they are)?"""
    if e1 <= 0:
        return False
    top = e1
    for q in range(n_p):
        if q != p:
            top = max(top, e_rq if q == rq else eff[d, q])
    if e1 >= top:
        return False
    for q in range(n_p):
        if q != p:
            e = e_rq if q == rq else eff[d, q]
            if e > e1 and e < top:
                return False
    return True


@rule
def non_ctrl_take(eff, d, p, n_p, e1, rq, e_rq, sec, pres):
    """What ``p`` takes from a podium zone it does not control with total ``e1``: second place
    (``sec``) and presence (``pres``: a die that survives cancellation, i.e. a total above 0)."""
    t = 0.0
    if sec != 0.0 and _is_second(eff, d, p, n_p, e1, rq, e_rq):
        t += sec
    if e1 > 0:
        t += pres
    return t


@rule(inline=True)
def opp_tops(eff, d, p, n_p):
    """Best opponent total on ``d``, its owner, and the best opponent total without him."""
    m1 = 0
    i1 = -1
    m2 = 0
    for q in range(n_p):  # without branches: a higher total pushes the best down to second
        e = eff[d, q] if q != p else -1
        i1 = q if e > m1 else i1
        m2 = max(m2, min(e, m1))
        m1 = max(m1, e)
    return m1, i1, m2


@rule(inline=True)
def center_lead(center, p, rq, bo0):
    """Does ``p`` lead the city center (most dice there, ties included) after a die of ``rq``
    is removed to it (``bo0``: the best other center count now)?"""
    mine = center[p] + (1 if rq == p else 0)
    bo1 = bo0 if rq == p else max(bo0, center[rq] + 1)
    return mine > 0 and mine >= bo1


@rule
def center_term(center, p, w, rq, bo0, lead0, pv):
    """Center feature of removing a die of ``rq`` (``bo0``: best other center count; ``lead0``:
    1.0 if ``p`` leads the center now; ``pv``: a pod's mean roll)."""
    lead1 = 1.0 if center_lead(center, p, rq, bo0) else 0.0
    return w[W_CENTER] * pv * (lead1 - lead0)


@rule(inline=True)
def top_single(dice, d, q, v_add, u_rem):
    """q's highest value held exactly once on ``d`` (0: none) after one more die showing
    ``v_add`` and one fewer showing ``u_rem`` (0: none)."""
    for u in range(6, 0, -1):
        if dice[d, q, u] + (u == v_add) - (u == u_rem) == 1:
            return u
    return 0


@rule
def keep_chance(st, d, p, n_p, e_me, u_me, rq, e_rq, ru):
    """The chance that ``p`` keeps control of ``d`` (its total ``e_me``, its highest die held
    once ``u_me``) against the dice its opponents hold after its own last die (``st.hand``,
    ``timer.fill_hand``).

    One die of opponent q overturns the control when, placed here, it lifts q's total above
    p's (placed on a value q shows once, it cancels that die), or, a 1 or 2, when it does so by
    removing p's die ``u_me`` or one die of a pair of q's own (the pair then counts); a tie
    keeps p a controller. Each die q holds lands on one of the open districts alike: with
    ``o`` of the six values overturning, the control survives q's dice with chance
    ``st.spare[q, o]``. ``rq``, ``e_rq``, ``ru``: opponent rq's total is ``e_rq`` after p
    removed one of its dice showing ``ru`` (rq -1: the opponents as they stand).
    """
    keep = 1.0
    for q in range(n_p):
        if st.hand[q] == 0 or q == p:
            continue
        hit = q == rq
        e_q = e_rq if hit else st.eff[d, q]
        gap = e_me - e_q  # >= 0 while p controls
        if st.ndice[d, q] == 0 and not hit:
            # no die of q here: a die adds its value (values above the gap overturn); a 1 or
            # 2 at or below the gap overturns if removing p's die u_me closes the rest
            o = min(6, max(0, 6 - gap))
            for v in range(1, 3):
                if v <= gap and v > gap - u_me:
                    o += 1
        else:
            # values 6 to 3 overturn by the total alone; on the way, q's highest pair (a 1
            # or 2 may remove one die of it); then the 1 and 2 (u_me >= 0: a total above
            # e_me is also above e_me - u_me)
            pair = 0
            o = 0
            for v in range(6, 2, -1):
                c = st.dice[d, q, v] - (hit and v == ru)
                if pair == 0 and c == 2:
                    pair = v
                o += e_q + v * ((c == 0) - (c == 1)) > e_me
            c2 = st.dice[d, q, 2] - (hit and ru == 2)
            c1 = st.dice[d, q, 1] - (hit and ru == 1)
            if pair == 0:
                pair = 2 if c2 == 2 else (1 if c1 == 2 else 0)
            t = e_q + 2 * ((c2 == 0) - (c2 == 1))
            o += t > e_me - u_me or t + pair > e_me
            t = e_q + ((c1 == 0) - (c1 == 1))
            o += t > e_me - u_me or t + pair > e_me
        keep *= st.spare[q, o]
    return keep
