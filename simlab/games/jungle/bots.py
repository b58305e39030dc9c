"""Jungle Rumble: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. The kernel
(and the reference engine, through a state view) asks a bot for each decision:

``decide_wake`` sleeping workers to wake for 1 food each (two or more asleep);
``decide_sell`` units of one kind for the merchants; ``decide_action`` tile, action (variant) and
workers sent, as ``tile * 16 + side * 8 + workers``; ``decide_follow`` 1 to follow, 0 to pass;
``decide_role`` worker / food merchant / gold merchant for a recruit; ``decide_victim`` the
opponent to take a kitten from; ``decide_fire`` a kitten to fire (-1: none) when short of food;
``decide_field`` / ``decide_stick`` where a field / stick goes.

``random`` (id 0)
    Uniform over the legal choices of every decision (it fires a kitten with probability 1/2
    when short of food, but never its last one: a family without kittens can never take a
    piece, and a game where no one can never ends).
``greedy`` (1), ``farmer`` (2), ``trader`` (3), ``breeder`` (4), ``weights`` (5)
    One-turn lookahead with a linear evaluation: for every tile, action and number of workers,
    the score after this turn's feeding (kittens 3, sticks 1-2, gold 1, food 1/2, penalties -3)
    plus weighted extras (per new kitten, field, irrigated field, stick point, gold, food), minus
    a food-security term (``short`` per food below next turn's need + ``food_target``) and a cost
    per worker put to sleep. They follow when following beats passing by ``follow``, wake what
    they can afford beyond this turn's need, sell gold always and food above need +
    ``sell_margin``, recruit merchants while they are fewer than ``merchants`` x family, fire a
    sleeping worker first when ``fire`` or more food is missing, take kittens from the largest
    family, place fields next to sticks (irrigated at once) and among most fields, sticks where
    they irrigate most fields and score most. greedy: balanced; farmer: fields and irrigation
    first; trader: gold and merchants; breeder: recruits early (``early_rounds``); weights:
    every parameter exposed (for sweeps and tuning). ``noise`` adds a uniform [0, noise) draw
    from the game's stream to every option of the action choice (0: fully deterministic; the
    game itself has no chance beyond the first player, so identical deterministic bots would
    replay the same few games). ``rush`` values each field or stick taken by ``rush`` x the
    round number, so that games where nobody needs pieces still head for their end (the game
    ends only when the supply runs out or a kitten is taken).
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import rule
from simlab.core.rng import randint, uniform
from simlab.games.jungle.nb import (
    field_need,
    give_up_code,
    kittens,
    legal_cells,
    legal_edges,
    send_limit,
)
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT, N_TILES
from simlab.games.jungle.state import (
    I_ROUND,
    K_ASLEEP,
    K_AWAKE,
    M_FOOD,
    M_GOLD,
    ROLE_FOOD_MERCHANT,
    ROLE_GOLD_MERCHANT,
    ROLE_WORKER,
)

BOT_RANDOM, BOT_GREEDY, BOT_FARMER, BOT_TRADER, BOT_BREEDER, BOT_WEIGHTS = range(6)
PARAMS = ("food_target", "short", "send", "follow", "kitten", "early_rounds", "field",
          "irrigate", "stick", "gold", "food", "merchants", "gold_merchants", "asleep", "fire",
          "sell_margin", "noise", "rush")
N_PARAMS = len(PARAMS)
(W_TARGET, W_SHORT, W_SEND, W_FOLLOW, W_KITTEN, W_EARLY, W_FIELD, W_IRRIG, W_STICK, W_GOLD,
 W_FOOD, W_MERCH, W_GOLDM, W_ASLEEP, W_FIRE, W_SELL, W_NOISE, W_RUSH) = range(N_PARAMS)

_GREEDY = (2.0, 1.0, 6.0, 0.0, 0.0, 0.0, 0.5, 2.0, 0.0, 0.0, 0.0, 0.3, 0.5, 0.7, 3.0, 2.0, 0.5, 0.1)
_FARMER = (2.0, 1.0, 6.0, 0.0, 0.0, 0.0, 1.5, 3.0, 1.0, 0.0, 0.0, 0.0, 0.5, 0.7, 3.0, 2.0, 0.5, 0.1)
_TRADER = (2.0, 1.0, 6.0, 0.0, 0.5, 0.0, 0.3, 1.5, 0.0, 1.5, 0.0, 1.0, 0.6, 0.7, 3.0, 1.0, 0.5, 0.1)
_BREEDER = (3.0, 1.0, 6.0, 0.0, 3.0, 8.0, 0.5, 2.0, 0.0, 0.5, 0.0, 0.2, 0.5, 0.5, 3.0, 2.0, 0.5, 0.1)

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal choices of every decision"),
    "greedy": (BOT_GREEDY, PARAMS, _GREEDY,
               "one-turn lookahead on score plus a food-security term"),
    "farmer": (BOT_FARMER, PARAMS, _FARMER, "fields and irrigation first"),
    "trader": (BOT_TRADER, PARAMS, _TRADER, "gold and merchants"),
    "breeder": (BOT_BREEDER, PARAMS, _BREEDER, "recruits early"),
    "weights": (BOT_WEIGHTS, PARAMS, _GREEDY,
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
}


@rule
def wet_free_cells(A, st, p):
    """Free cells next to one of p's fields with a stick of p on an edge (a field placed there
    is irrigated at once)."""
    g = A.grid
    n = 0
    for r in range(max(0, st.box[p, 0] - 1), min(g - 1, st.box[p, 1] + 1) + 1):
        for c in range(max(0, st.box[p, 2] - 1), min(g - 1, st.box[p, 3] + 1) + 1):
            x = r * g + c
            if st.field[p, x] == 1:
                continue
            for k in range(4):
                if st.stick[p, A.cell_edges[x, k]] == 1:
                    n += 1
                    break
    return n


@rule
def option_value(A, st, p, a, n, extra_food, w, wetc, feed_now):
    """The linear evaluation of p doing action a with n kittens (plus ``extra_food`` from the
    tile or a pass), after this turn's feeding when ``feed_now``."""
    food = st.food[p] + extra_food
    k = kittens(st, p)
    wet = st.nwet[p]
    v = 0.0
    if a == A_FOOD:
        if n > 0:
            food += A.yields[n - 1]
    elif a == A_GOLD:
        v += n * (A.gold_points + w[W_GOLD])
    elif a == A_IRRIG:
        v += n * w[W_RUSH] * st.info[I_ROUND]
        inner = min(n, st.inner_e[p])
        new_wet = min(n, st.nfield[p] - st.nwet[p])
        wet += new_wet
        v += (2 * inner + (n - inner)) * (1.0 + w[W_STICK]) + new_wet * w[W_IRRIG]
    elif a == A_FIELDS:
        wc = min(n, wetc)
        wet += wc
        v += n * w[W_RUSH] * st.info[I_ROUND]
        v += n * w[W_FIELD] + wc * w[W_IRRIG]
    elif a == A_RECRUIT:
        k += n
        bonus = w[W_KITTEN]
        if w[W_EARLY] > 0 and st.info[I_ROUND] > w[W_EARLY]:
            bonus = 0.0
        v += n * (A.kitten_points - A.gold_points + bonus)
    need = max(0, A.food_per_kitten * k - wet)
    if feed_now:
        if food >= need:
            food -= need
        else:
            u = (need - food + A.food_per_kitten - 1) // max(A.food_per_kitten, 1)
            v -= A.penalty * u
            food = max(0, food - max(0, need - A.food_per_kitten * u))
    v += food * (1.0 / A.food_per_point + w[W_FOOD])
    v -= w[W_SHORT] * max(0.0, w[W_TARGET] + need - food)
    v -= w[W_ASLEEP] * n
    return v


@rule
def decide_action(A, st, lineup, p, rng):
    """The active player's tile, action (side of a variant tile) and workers sent."""
    w = lineup.params[p]
    sides = 2 if A.variant else 1
    if lineup.ids[p] == BOT_RANDOM:
        free = 0
        for t in range(N_TILES):
            if st.tile_used[t] == 0:
                free += 1
        i = randint(rng, free)
        t = 0
        for x in range(N_TILES):
            if st.tile_used[x] == 0:
                if i == 0:
                    t = x
                    break
                i -= 1
        side = randint(rng, 2) if sides == 2 else 0
        n = randint(rng, send_limit(A, st, p, A.tile_act[t, side]) + 1)
        return t * 16 + side * 8 + n
    best = -1e18
    code = -1
    wetc = -1
    for t in range(N_TILES):
        if st.tile_used[t] == 1:
            continue
        for side in range(sides):
            a = A.tile_act[t, side]
            lim = min(send_limit(A, st, p, a), int(w[W_SEND]))
            if a == A_FIELDS and wetc < 0:
                wetc = wet_free_cells(A, st, p)
            for n in range(lim + 1):
                v = option_value(A, st, p, a, n, st.tile_food[t], w, wetc, True)
                if w[W_NOISE] > 0:
                    v += w[W_NOISE] * uniform(rng)
                if v > best + 1e-9:
                    best = v
                    code = t * 16 + side * 8 + n
    return code


@rule
def decide_follow(A, st, lineup, q, rng, a):
    """Follow (1: one awake worker on action a) or pass (0)."""
    if lineup.ids[q] == BOT_RANDOM:
        return randint(rng, 2)
    w = lineup.params[q]
    wetc = wet_free_cells(A, st, q) if a == A_FIELDS else 0
    vf = option_value(A, st, q, a, 1, 0, w, wetc, False)
    if st.asleep[q] > 0:
        vp = option_value(A, st, q, A_FOOD, 0, 0, w, 0, False) + w[W_ASLEEP]
    else:
        vp = option_value(A, st, q, A_FOOD, 0, 1, w, 0, False)
    return 1 if vf - vp > w[W_FOLLOW] else 0


@rule
def decide_wake(A, st, lineup, p, rng):
    """Sleeping workers to wake for 1 food each (two or more asleep)."""
    mx = min(st.asleep[p], st.food[p])
    if lineup.ids[p] == BOT_RANDOM:
        return randint(rng, mx + 1)
    w = lineup.params[p]
    return max(0, min(mx, st.food[p] - field_need(A, st, p), int(w[W_SEND])))


@rule
def decide_sell(A, st, lineup, p, rng, kind):
    """Units of ``kind`` to give the merchants of that kind (one each at most)."""
    nk = 0
    for i in range(st.nm[p]):
        if st.mkind[p, i] == kind:
            nk += 1
    mx = min(nk, st.food[p] if kind == M_FOOD else st.gold[p])
    if lineup.ids[p] == BOT_RANDOM:
        return randint(rng, mx + 1)
    if kind == M_GOLD:
        return mx
    w = lineup.params[p]
    return max(0, min(mx, int(st.food[p] - field_need(A, st, p) - w[W_SELL])))


@rule
def decide_role(A, st, lineup, p, rng):
    """A recruit's role: worker, food merchant or gold merchant."""
    if lineup.ids[p] == BOT_RANDOM:
        return randint(rng, 3)
    w = lineup.params[p]
    k = kittens(st, p)
    if st.nm[p] < w[W_MERCH] * (k + 1) - 1e-9:
        ng = 0
        for i in range(st.nm[p]):
            if st.mkind[p, i] == M_GOLD:
                ng += 1
        if ng < w[W_GOLDM] * (st.nm[p] + 1) - 1e-9:
            return ROLE_GOLD_MERCHANT
        return ROLE_FOOD_MERCHANT
    return ROLE_WORKER


@rule
def decide_victim(A, st, lineup, p, rng):
    """The opponent to take a kitten from (one with at least one kitten)."""
    n_p = A.n_players
    if lineup.ids[p] == BOT_RANDOM:
        n = 0
        for k in range(1, n_p):
            if kittens(st, (p + k) % n_p) > 0:
                n += 1
        i = randint(rng, n)
        for k in range(1, n_p):
            q = (p + k) % n_p
            if kittens(st, q) > 0:
                if i == 0:
                    return q
                i -= 1
        return -1
    best = -1
    who = -1
    for k in range(1, n_p):
        q = (p + k) % n_p
        if kittens(st, q) > best:
            best = kittens(st, q)
            who = q
    return who


@rule
def decide_fire(A, st, lineup, p, rng):
    """A kitten to fire when short of food (-1: none, keep them and take penalties)."""
    k = kittens(st, p)
    if lineup.ids[p] == BOT_RANDOM:
        if k <= 1 or randint(rng, 2) == 0:
            return -1
        i = randint(rng, k)
        if i < st.asleep[p]:
            return K_ASLEEP
        if i < st.asleep[p] + st.awake[p]:
            return K_AWAKE
        return 2 + i - st.asleep[p] - st.awake[p]
    w = lineup.params[p]
    short = field_need(A, st, p) - st.food[p]
    if w[W_FIRE] <= 0 or short < w[W_FIRE] or k <= 1:
        return -1
    return give_up_code(st, p)


@rule
def decide_field(A, st, lineup, p, rng):
    """Where p's new field goes: next to a stick (irrigated at once), then among most fields."""
    n = legal_cells(A, st, p)
    if lineup.ids[p] == BOT_RANDOM:
        return st.cand[randint(rng, n)]
    best = -1
    cell = st.cand[0]
    for i in range(n):
        x = st.cand[i]
        v = 0
        for k in range(4):
            if st.stick[p, A.cell_edges[x, k]] == 1:
                v = 10
            o = A.cell_nbrs[x, k]
            if o >= 0 and st.field[p, o] == 1:
                v += 1
        if v > best:
            best = v
            cell = x
    return cell


@rule
def decide_stick(A, st, lineup, p, rng):
    """Where p's new stick goes: irrigating most fields, then scoring most (between two)."""
    n = legal_edges(A, st, p)
    if lineup.ids[p] == BOT_RANDOM:
        return st.cand[randint(rng, n)]
    best = -1
    edge = st.cand[0]
    for i in range(n):
        e = st.cand[i]
        v = 0
        both = 1
        for k in range(2):
            x = A.edge_cells[e, k]
            if x >= 0 and st.field[p, x] == 1:
                if st.wet[p, x] == 0:
                    v += 10
            else:
                both = 0
        v += 2 if both else 1
        if v > best:
            best = v
            edge = e
    return edge


def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec
