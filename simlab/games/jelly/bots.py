"""Attack of the Jelly Monster: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up.

``random`` (id 0)
    Uniform legal choices. Parameters: ``pass`` (chance to place nothing and roll again),
    ``effect`` (chance to use a die effect), ``flip`` (chance to flip the timer after the last
    die), ``lock`` (chance to lock down a district after the last die).
``greedy`` (1), ``spread`` (2), ``saboteur`` (3), ``weights`` (4)
    One linear evaluation of every legal (die, district, effect) choice, with different default
    weights. Features of a choice, all measured on the district it changes:

    - ``take``: change in the bot's expected take now (target reward value if it controls, with
      the rulebook's tie rule: tied controllers all gain);
    - ``deny``: drop in every opponent's expected take; ``leader``: the same for the opponent
      with the most jelly (pods at 3.5);
    - ``margin``: change in the bot's lead over the best other total (clipped to +-10);
    - ``cost``: die value / 6 (a negative weight keeps high dice for later);
    - ``new``: 1 if the bot gains control of a district it did not control;
    - ``cancel``: 1 if the die matches one of the bot's own dice there (cancellation);
    - ``center``: change in the bot's expected city-center take (a removed die goes there);
    - ``target``: change in the value of the target zone for the bot, controlled or not.

    ``pass_below``: place nothing and roll again when the best choice scores lower.
    ``flip`` > 0.5: flip the timer after the last die. ``lock`` > 0.5: lock down the district
    whose take is most at risk after the last die.

    greedy takes what most improves its take now and never cancels itself; spread wins many
    districts cheaply (rewards new control, spends low dice); saboteur spends 1-2s on the
    leader's best die and 3-4s to push opponents' districts to poor zones; weights exposes all
    weights for sweeps and tuning.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch, rule
from simlab.core.rng import randint, uniform
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

BOT_RANDOM, BOT_GREEDY, BOT_SPREAD, BOT_SABOTEUR, BOT_WEIGHTS = range(5)
N_PARAMS = 12
# evaluator parameter slots
W_TAKE, W_DENY, W_LEADER, W_MARGIN, W_COST, W_NEW, W_CANCEL, W_CENTER, W_TARGET = range(9)
W_PASS_BELOW, W_FLIP, W_LOCK = 9, 10, 11
EVAL_PARAMS = ("take", "deny", "leader", "margin", "cost", "new", "cancel", "center", "target",
               "pass_below", "flip", "lock")
# random bot slots
RP_PASS, RP_EFFECT, RP_FLIP, RP_LOCK = range(4)

POD_VALUE = 3.5  # expected d6

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, ("pass", "effect", "flip", "lock"), (0.05, 0.5, 0.5, 0.5),
               "uniform legal choices"),
    "greedy": (BOT_GREEDY, EVAL_PARAMS,
               (1.0, 0.0, 0.0, 0.1, 0.0, 0.0, -1000.0, 1.0, 0.1, -100.0, 1.0, 1.0),
               "takes the placement and effect that most improve its take now; never cancels "
               "itself"),
    "spread": (BOT_SPREAD, EVAL_PARAMS,
               (1.0, 0.0, 0.0, 0.02, -0.6, 1.5, -1000.0, 0.5, 0.1, -100.0, 1.0, 1.0),
               "wins many districts cheaply: rewards new control, spends low dice"),
    "saboteur": (BOT_SABOTEUR, EVAL_PARAMS,
                 (0.5, 0.4, 1.5, 0.05, 0.0, 0.0, -1000.0, 0.5, 0.0, -100.0, 1.0, 1.0),
                 "removes the leader's best dice with 1-2s, pushes opponents' targets to poor "
                 "zones with 3-4s"),
    "weights": (BOT_WEIGHTS, EVAL_PARAMS,
                (1.0, 0.3, 0.3, 0.1, -0.1, 0.3, -5.0, 1.0, 0.2, -3.0, 1.0, 1.0),
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
}


@rule
def icon_value(A, st, q, d, z, i, nd):
    """Expected jelly of one reward icon for player ``q`` (``nd``: q's dice on district d)."""
    kind = A.rewards[d, z, i, 0]
    a = A.rewards[d, z, i, 1]
    n_p = A.n_players
    if kind == R_JELLY:
        return float(a)
    if kind == R_POD:
        return POD_VALUE if st.info[I_POD_STACK] > 0 else 0.0
    if kind == R_DISCARD:
        return -POD_VALUE if st.pods[q] > 0 else 0.0
    if kind == R_PER_POD:
        return float(a * st.pods[q])
    if kind == R_EACH_GIVES:
        return float(a * (n_p - 1))
    if kind == R_GIVE_EACH:
        return -float(min(a * (n_p - 1), st.jelly[q]))
    if kind == R_BY_DICE:
        if nd <= a:
            return POD_VALUE if A.rewards[d, z, i, 2] == 1 else float(A.rewards[d, z, i, 3])
        return POD_VALUE if A.rewards[d, z, i, 4] == 1 else float(A.rewards[d, z, i, 5])
    if kind == R_PODIUM or kind == R_PODIUM_PRESENT:
        return float(a)
    return 0.0


@rule
def target_zone_value(A, st, q, d, z, nd):
    """Value of zone ``z`` of district ``d`` for ``q`` (adjacent rewards: one level deep)."""
    total = 0.0
    n_d = A.n_districts
    for i in range(MAX_ICONS):
        kind = A.rewards[d, z, i, 0]
        if kind == 0:
            break
        if kind == R_ADJ:
            dirn = A.rewards[d, z, i, 1]
            best = -1e18
            for s in (-1, 1):
                if dirn != ADJ_EITHER and s != dirn:
                    continue
                nb = (d + s) % n_d
                v = 0.0
                for j in range(MAX_ICONS):
                    if A.rewards[nb, st.target[nb], j, 0] == 0:
                        break
                    if A.rewards[nb, st.target[nb], j, 0] != R_ADJ:
                        v += icon_value(A, st, q, nb, st.target[nb], j, nd)
                if v > best:
                    best = v
            total += best
        else:
            total += icon_value(A, st, q, d, z, i, nd)
    return total


@rule
def either_choice(A, st, q, d):
    """Which neighbour ``q`` prefers for an 'adjacent: either' reward of district ``d``."""
    n_d = A.n_districts
    left = (d - 1) % n_d
    right = (d + 1) % n_d
    nd = st.ndice[d, q]
    vl = 0.0
    vr = 0.0
    for j in range(MAX_ICONS):
        if A.rewards[left, st.target[left], j, 0] not in (0, R_ADJ):
            vl += icon_value(A, st, q, left, st.target[left], j, nd)
        if A.rewards[right, st.target[right], j, 0] not in (0, R_ADJ):
            vr += icon_value(A, st, q, right, st.target[right], j, nd)
    return left if vl > vr else right


@rule
def gift_order(st, giver, out):
    """Order in which ``giver`` hands out jelly when short: poorest first, then clockwise."""
    n_p = st.jelly.shape[0]
    k = 0
    for step in range(1, n_p):
        out[k] = (giver + step) % n_p
        k += 1
    # insertion sort by jelly (stable, so clockwise order breaks ties)
    for i in range(1, k):
        x = out[i]
        j = i - 1
        while j >= 0 and st.jelly[out[j]] > st.jelly[x]:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return k


@rule
def _random_place(A, st, p, w, rng):
    if uniform(rng) < w[RP_PASS]:
        return 0, -1, -1
    n_roll = 0
    for v in range(1, 7):
        n_roll += st.roll[v]
    k = randint(rng, n_roll)
    v = 1
    while k >= st.roll[v]:
        k -= st.roll[v]
        v += 1
    n_open = 0
    for d in range(A.n_districts):
        if st.locked[d] < 0:
            n_open += 1
    if n_open == 0:
        return 0, -1, -1
    k = randint(rng, n_open)
    d = 0
    for dd in range(A.n_districts):
        if st.locked[dd] < 0:
            if k == 0:
                d = dd
                break
            k -= 1
    arg = -1
    if v <= 4 and uniform(rng) < w[RP_EFFECT]:
        if v <= 2:
            n_here = 0
            for q in range(A.n_players):
                n_here += st.ndice[d, q]
            if n_here > 0:
                k = randint(rng, n_here)
                for q in range(A.n_players):
                    for u in range(1, 7):
                        if arg < 0 and k < st.dice[d, q, u]:
                            arg = q * 8 + u
                        elif arg < 0:
                            k -= st.dice[d, q, u]
        else:
            z = st.target[d]
            if z == 0:
                arg = 1
            elif z == 2:
                arg = 1
            else:
                arg = 0 if randint(rng, 2) == 0 else 2
    return v, d, arg


@rule
def _zone_value(A, st, p, q, d, z):
    """Value of zone ``z`` of ``d`` for ``q`` (one more die if ``q`` is the decider ``p``),
    memoised in ``st.values`` where NaN means not computed yet."""
    x = st.values[q, d, z]
    if x != x:
        x = target_zone_value(A, st, q, d, z, st.ndice[d, q] + (1 if q == p else 0))
        st.values[q, d, z] = x
    return x


@rule
def _controls(eff, d, q, n_p):
    """Does ``q`` control ``d`` now (highest total > 0, ties included)?"""
    e = eff[d, q]
    if e <= 0:
        return False
    for o in range(n_p):
        if o != q and eff[d, o] > e:
            return False
    return True


@rule
def _deny(A, st, p, d, z0, z1, rq, e_opp, top0, top1, leader):
    """Drop in the opponents' takes on ``d`` (all of them, and the leader's) when the highest
    total goes from ``top0`` to ``top1`` and opponent ``rq``'s total becomes ``e_opp``."""
    deny = 0.0
    deny_leader = 0.0
    for q in range(A.n_players):
        if q == p:
            continue
        eq0 = st.eff[d, q]
        eq1 = e_opp if q == rq else eq0
        c0 = eq0 > 0 and eq0 >= top0
        c1 = eq1 > 0 and eq1 >= top1
        if not (c0 or c1) or (c0 and c1 and z0 == z1):
            continue  # adds exactly 0.0
        t0 = _zone_value(A, st, p, q, d, z0) if c0 else 0.0
        t1 = _zone_value(A, st, p, q, d, z1) if c1 else 0.0
        deny += t0 - t1
        if q == leader:
            deny_leader += t0 - t1
    return deny, deny_leader


@rule
def _eval_choice(A, st, p, w, d, v, c, z0, z1, vp0, vp1, take0, ctrl0, mg0, top0, e_me1, max_o1,
                 rq, e_opp, cterm, leader, need_all):
    """Score of one choice on ``d`` from its before (``*0``) and after (``*1``) quantities:
    my total ``e_me1``, best opponent total ``max_o1``, target zone ``z1`` worth ``vp1``."""
    ctrl1 = e_me1 > 0 and e_me1 >= max_o1
    take1 = vp1 if ctrl1 else 0.0
    score = w[W_TAKE] * (take1 - take0)
    if need_all:
        deny, deny_leader = _deny(A, st, p, d, z0, z1, rq, e_opp, top0, max(e_me1, max_o1),
                                  leader)
        score += w[W_DENY] * deny + w[W_LEADER] * deny_leader
    mg1 = min(max(e_me1 - max_o1, -10), 10)
    score += w[W_MARGIN] * (mg1 - mg0)
    score += w[W_COST] * (v / 6.0)
    if ctrl1 and not ctrl0:
        score += w[W_NEW]
    if c >= 1:
        score += w[W_CANCEL]
    score += cterm
    score += w[W_TARGET] * (vp1 - vp0)
    return score


@rule
def _center_term(st, p, w, rq, bo0, lead0):
    """Center feature of removing a die of ``rq`` (``bo0``: best other center count)."""
    mine = st.center[p] + (1 if rq == p else 0)
    bo1 = bo0 if rq == p else max(bo0, st.center[rq] + 1)
    lead1 = mine > 0 and mine >= bo1
    return w[W_CENTER] * POD_VALUE * ((1.0 if lead1 else 0.0) - (1.0 if lead0 else 0.0))


@rule
def _eval_place(A, st, p, w):
    """The evaluator bots' roll-step decision (see ``decide_place``)."""
    n_p = A.n_players
    need_all = w[W_DENY] != 0.0 or w[W_LEADER] != 0.0
    use_center = w[W_CENTER] != 0.0
    leader = -1
    best_score = -1e18
    bo0 = 0
    for q in range(n_p):
        if q != p:
            s = st.jelly[q] + POD_VALUE * st.pods[q]
            if s > best_score:
                best_score = s
                leader = q
            if st.center[q] > bo0:
                bo0 = st.center[q]
    lead0 = st.center[p] > 0 and st.center[p] >= bo0
    best = -1e18
    bv = 0
    bd = -1
    barg = -1
    for d in range(A.n_districts):
        if st.locked[d] >= 0:
            continue
        for q in range(n_p):
            if need_all or q == p:
                for z in range(3):
                    st.values[q, d, z] = np.nan
        z0 = st.target[d]
        vp0 = _zone_value(A, st, p, p, d, z0)
        e_me = st.eff[d, p]
        # the two best opponent totals (m2: best without opponent i1)
        m1 = 0
        i1 = -1
        m2 = 0
        for q in range(n_p):
            if q == p:
                continue
            e = st.eff[d, q]
            if e > m1:
                m2 = m1
                m1 = e
                i1 = q
            elif e > m2:
                m2 = e
        ctrl0 = e_me > 0 and e_me >= m1
        take0 = vp0 if ctrl0 else 0.0
        mg0 = min(max(e_me - m1, -10), 10)
        top0 = max(e_me, m1)
        for v in range(1, 7):
            if st.roll[v] == 0:
                continue
            c = st.dice[d, p, v]
            e1 = e_me + v if c == 0 else (e_me - v if c == 1 else e_me)
            # option 0: no effect
            s = _eval_choice(A, st, p, w, d, v, c, z0, z0, vp0, vp0, take0, ctrl0, mg0, top0,
                             e1, m1, -1, 0, 0.0, leader, need_all)
            if s > best:
                best, bv, bd, barg = s, v, d, -1
            if v <= 2:
                # remove each die here: owner rq, value ru
                for rq in range(n_p):
                    cterm = _center_term(st, p, w, rq, bo0, lead0) if use_center else 0.0
                    for ru in range(1, 7):
                        cu = st.dice[d, rq, ru]
                        if cu == 0:
                            continue
                        e1r = e1
                        max_o1 = m1
                        e_opp = 0
                        if rq == p:
                            cu += 1 if ru == v else 0
                            if cu == 1:
                                e1r -= ru
                            elif cu == 2:
                                e1r += ru
                        else:
                            e_opp = st.eff[d, rq]
                            if cu == 1:
                                e_opp -= ru
                            elif cu == 2:
                                e_opp += ru
                            max_o1 = max(e_opp, m2 if rq == i1 else m1)
                        s = _eval_choice(A, st, p, w, d, v, c, z0, z0, vp0, vp0, take0, ctrl0,
                                         mg0, top0, e1r, max_o1, rq, e_opp, cterm, leader,
                                         need_all)
                        if s > best:
                            best, bv, bd, barg = s, v, d, rq * 8 + ru
            elif v <= 4:
                # move the target one zone in or out
                for nz in (z0 - 1, z0 + 1):
                    if nz < 0 or nz > 2:
                        continue
                    vp1 = _zone_value(A, st, p, p, d, nz)
                    s = _eval_choice(A, st, p, w, d, v, c, z0, nz, vp0, vp1, take0, ctrl0,
                                     mg0, top0, e1, m1, -1, 0, 0.0, leader, need_all)
                    if s > best:
                        best, bv, bd, barg = s, v, d, nz
    return best, bv, bd, barg


@rule
def decide_place(A, st, lineup, p, rng):
    """A bot's roll-step decision: (value, district, effect argument), or value 0 to pass.

    The effect argument is ``owner * 8 + value`` of the die to remove (values 1-2), the new
    target zone (values 3-4), or -1 for no effect.
    """
    w = lineup.params[p]
    if lineup.ids[p] == BOT_RANDOM:
        return _random_place(A, st, p, w, rng)
    best, bv, bd, barg = _eval_place(A, st, p, w)
    if bd < 0 or best < w[W_PASS_BELOW]:
        return 0, -1, -1
    return bv, bd, barg


@rule
def decide_lock(A, st, lineup, p, rng):
    """After its last die: the district ``p`` locks down, or -1 (called only when one is legal)."""
    w = lineup.params[p]
    n_d = A.n_districts
    if lineup.ids[p] == BOT_RANDOM:
        if uniform(rng) >= w[RP_LOCK]:
            return -1
        n_ok = 0
        for d in range(n_d):
            if lock_allowed(A, st, d):
                n_ok += 1
        k = randint(rng, n_ok)
        for d in range(n_d):
            if lock_allowed(A, st, d):
                if k == 0:
                    return d
                k -= 1
        return -1
    if w[W_LOCK] <= 0.5:
        return -1
    best = 0.0
    bd = -1
    for d in range(n_d):
        if not lock_allowed(A, st, d) or not _controls(st.eff, d, p, A.n_players):
            continue
        margin = st.eff[d, p]
        for q in range(A.n_players):
            if q != p:
                margin = min(margin, st.eff[d, p] - st.eff[d, q])
        v = target_zone_value(A, st, p, d, st.target[d], st.ndice[d, p]) / (1.0 + margin)
        if v > best:
            best = v
            bd = d
    return bd


@rule
def decide_flip(A, st, lineup, p, rng):
    """After its last die: does ``p`` flip the sand timer (called only while unflipped)?"""
    w = lineup.params[p]
    if lineup.ids[p] == BOT_RANDOM:
        return uniform(rng) < w[RP_FLIP]
    return w[W_FLIP] > 0.5


@rule
def lock_allowed(A, st, d):
    """Rule: a district may be locked down if no screen is on it (and, by the rules option,
    at least one die of any colour is on its entrance)."""
    if st.locked[d] >= 0:
        return False
    if not A.lock_requires_dice:
        return True
    for q in range(A.n_players):
        if st.ndice[d, q] > 0:
            return True
    return False


def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec
