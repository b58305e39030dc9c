"""Scripted bots for the independent engine (plain Python, nothing from simlab).

``Farmer``   the pure farmer from the rulebook: fields and irrigation with every awake worker,
             follows fields and irrigation, food only when its family would go unfed.
``OneTurn``  a one-turn score maximiser: the option whose score after this turn's feeding is
             highest (ties at random), follows when that gains.
``Gold``     gold with every worker; ``Food`` food with every worker; ``Breeder`` gold, then
             recruits workers; ``Random`` uniform.
``Evalbot``  simlab's documented greedy evaluation (DESIGN.md, "The action's value"),
             re-implemented from the text: the score after the turn plus weighted extras, a
             food-security term, a cost per worker sent, the end term.
"""

from __future__ import annotations

try:  # as a package (the tests) or as a script's neighbour (farmer_check.py)
    from .engine import FIELDS, FOOD, GOLD, IRRIG, RECRUIT, YIELDS, nbrs
except ImportError:
    from engine import FIELDS, FOOD, GOLD, IRRIG, RECRUIT, YIELDS, nbrs


def cell_value(pl, c):
    """Fields next to c, +10 when a stick of pl lies on one of c's edges (irrigated at once)."""
    v = sum(1 for d in nbrs(c) if d in pl.fields)
    if any(((c, d) if c < d else (d, c)) in pl.sticks for d in nbrs(c)):
        v += 10
    return v


def edge_value(pl, e, wet):
    v = 1
    for c in e:
        if c in pl.fields and c not in wet:
            v += 10
    if e[0] in pl.fields and e[1] in pl.fields:
        v += 1
    return v


class Bot:
    name = "bot"

    def __init__(self, rng=None):
        import random

        self.r = rng or random.Random()

    def pick(self, opts, key):
        vals = [key(o) for o in opts]
        best = max(vals)
        return self.r.choice([o for o, v in zip(opts, vals, strict=True) if v >= best - 1e-9])

    def wake(self, g, p):
        pl = g.players[p]
        return max(0, pl.food - pl.need())

    def sell(self, g, p, kind):
        return 99 if kind == "gold" else 0

    def role(self, g, p):
        return "worker"

    def victim(self, g, p, vs):
        return self.pick(vs, lambda q: g.players[q].kittens())

    def fire(self, g, p):
        return False

    def field(self, g, p, cells):
        pl = g.players[p]
        return self.pick(cells, lambda c: cell_value(pl, c))

    def stick(self, g, p, edges):
        pl = g.players[p]
        wet = pl.wet_cells()
        return self.pick(edges, lambda e: edge_value(pl, e, wet))

    def follow(self, g, p, a):
        return False

    def all_in(self, g, p, free, order):
        pl = g.players[p]
        for a in order:
            if a in free and pl.capacity(a) > 0:
                return a, pl.capacity(a)
        return free[0], 0


class Farmer(Bot):
    """Pure farmer: fields and irrigation, food only to feed the family."""

    name = "farmer"

    def useful_sticks(self, pl):
        wet = pl.wet_cells()
        return sum(1 for e in pl.free_edges() if edge_value(pl, e, wet) >= 2)

    def action(self, g, p, free):
        pl = g.players[p]
        w = pl.awake
        # food only when the family would otherwise go unfed this turn
        short = pl.need() - pl.food
        if short > 0 and FOOD in free:
            tf = g.tile_food[FOOD]
            n = 0
            while n < w and tf + (YIELDS[n - 1] if n else 0) < short:
                n += 1
            if tf + (YIELDS[n - 1] if n else 0) >= short or n == w:
                return FOOD, n
        order = [IRRIG, FIELDS] if self.useful_sticks(pl) >= max(1, w) else [FIELDS, IRRIG]
        return self.all_in(g, p, free, order + [GOLD, FOOD])

    def follow(self, g, p, a):
        return a in (FIELDS, IRRIG)


class Gold(Bot):
    name = "gold"

    def action(self, g, p, free):
        return self.all_in(g, p, free, [GOLD, FOOD, FIELDS, IRRIG])

    def follow(self, g, p, a):
        return a == GOLD


class Food(Bot):
    name = "food"

    def action(self, g, p, free):
        return self.all_in(g, p, free, [FOOD, GOLD, FIELDS, IRRIG])

    def follow(self, g, p, a):
        return a == FOOD


class Breeder(Bot):
    name = "breeder"

    def action(self, g, p, free):
        pl = g.players[p]
        if pl.kittens() < 6 and pl.gold > 0 and RECRUIT in free:
            return RECRUIT, pl.capacity(RECRUIT)
        if pl.food < pl.need() + 2 and FOOD in free:
            return FOOD, pl.capacity(FOOD)
        return self.all_in(g, p, free, [GOLD, FOOD, FIELDS, IRRIG])

    def follow(self, g, p, a):
        return a in (GOLD, FOOD)


class Random(Bot):
    name = "random"

    def action(self, g, p, free):
        t = self.r.choice(free)
        return t, self.r.randrange(g.players[p].capacity(t) + 1)

    def follow(self, g, p, a):
        return self.r.random() < 0.5

    def wake(self, g, p):
        return self.r.randrange(g.players[p].asleep + 1)


def after(pl, a, n, extra_food=0):
    """(points gained by the pieces or goods, food, kittens, wet fields) of pl doing a with n,
    its pieces placed by the bots' placement rule (a plan, not a copy of the table)."""
    food = pl.food + extra_food
    k = pl.kittens()
    wet = pl.n_wet()
    pts = 0.0
    if n <= 0:
        return pts, food, k, wet
    if a == FOOD:
        food += YIELDS[n - 1]
    elif a == GOLD:
        pts += n
    elif a == RECRUIT:
        k += n
        pts += 2 * n  # a kitten 3, its gold 1
    elif a == IRRIG:
        wetc = pl.wet_cells()
        vals = sorted((edge_value(pl, e, wetc) for e in pl.free_edges()), reverse=True)[:n]
        dry = len(pl.fields) - len(wetc)
        new_wet = min(n, dry, sum(1 for v in vals if v >= 10))
        pts += sum(2 if v % 10 == 2 else 1 for v in vals)
        wet += new_wet
    elif a == FIELDS:
        wet_cells = sum(1 for c in pl.free_cells() if cell_value(pl, c) >= 10)
        wc = min(n, wet_cells)
        wet += wc
        pts += wc  # an outer stick becomes one between two fields
    return pts, food, k, wet


class OneTurn(Bot):
    """The score after this turn's feeding."""

    name = "oneturn"

    def value(self, g, p, a, n, extra):
        pl = g.players[p]
        pts, food, k, wet = after(pl, a, n, extra)
        need = max(0, 2 * k - wet)
        pen = 0
        if food < need:
            pen = -(-(need - food) // 2)
            food -= max(0, need - 2 * pen)
        else:
            food -= need
        return pts + food / 2 - 3 * pen

    def action(self, g, p, free):
        pl = g.players[p]
        opts = [(t, n) for t in free for n in range(pl.capacity(t) + 1)]
        return self.pick(opts, lambda o: self.value(g, p, o[0], o[1], g.tile_food[o[0]]))

    def follow(self, g, p, a):
        pl = g.players[p]
        pf = after(pl, a, 1)
        vf = pf[0] + (pf[1] - pl.food) / 2
        vp = 0.5 if pl.asleep == 0 else 0.4  # +1 food, or a kitten woken
        return vf > vp


GREEDY_W = dict(food_target=2.0, short=1.0, send=6, follow=0.0, kitten=0.0, field=0.5,
                irrigate=2.0, stick=0.0, gold=0.0, food=0.0, merchants=0.3, asleep=0.7,
                sell_margin=2.0, noise=0.5, end=1.0)


class Evalbot(Bot):
    """simlab's greedy evaluation, re-implemented from its documentation."""

    name = "evalbot"

    def __init__(self, rng=None, **w):
        super().__init__(rng)
        self.w = dict(GREEDY_W, **w)

    def points_now(self, pl):
        food = pl.food + pl.awake + len(pl.merchants)
        need = pl.need()
        pen = 0
        if food < need:
            pen = -(-(need - food) // 2)
            food -= max(0, need - 2 * pen)
        else:
            food -= need
        return pl.points(food=food) - 3 * pen

    def value(self, g, p, a, n, extra, feed=True):
        w = self.w
        pl = g.players[p]
        food = pl.food + extra
        k = pl.kittens()
        wetc = pl.wet_cells()
        wet = len(wetc)
        v = 0.0
        if a == FOOD and n:
            food += YIELDS[n - 1]
        elif a == GOLD:
            v += n * (1 + w["gold"])
        elif a == IRRIG:
            inner = sum(1 for e in pl.free_edges() if e[0] in pl.fields and e[1] in pl.fields)
            inner = min(n, inner)
            new_wet = min(n, len(pl.fields) - wet)
            wet += new_wet
            v += (2 * inner + n - inner) * (1 + w["stick"]) + new_wet * w["irrigate"]
        elif a == FIELDS:
            wc = min(n, sum(1 for c in pl.free_cells() if cell_value(pl, c) >= 10))
            wet += wc
            v += n * w["field"] + wc * (w["irrigate"] + 1 + w["stick"])
        elif a == RECRUIT:
            k += n
            v += n * (2 + w["kitten"])
        need = max(0, 2 * k - wet)
        if feed:
            if food >= need:
                food -= need
            else:
                u = -(-(need - food) // 2)
                v -= 3 * u
                food -= max(0, need - 2 * u)
        v += food * (0.5 + w["food"])
        v -= w["short"] * max(0.0, w["food_target"] + need - food)
        v -= w["asleep"] * n
        if w["end"] and n > 0 and not g.triggered:
            share = 0.0
            if a in (FIELDS, IRRIG):
                left = g.fields_left if a == FIELDS else g.sticks_left
                share = min(1.0, n / left) if left > 0 else 0.0
            elif a == RECRUIT and n > 6 - pl.own_tiles:
                share = 1.0
            if share:
                mine = self.points_now(pl) + (2 * n if a == RECRUIT else n if a == IRRIG else 0)
                best = max(self.points_now(g.players[q]) for q in range(g.n) if q != p)
                v += w["end"] * share * max(-40, min(40, mine - best))
        return v

    def action(self, g, p, free):
        pl = g.players[p]
        opts = [(t, n) for t in free for n in range(min(pl.capacity(t), self.w["send"]) + 1)]
        nz = self.w["noise"]
        return self.pick(opts, lambda o: self.value(g, p, o[0], o[1], g.tile_food[o[0]])
                         + nz * self.r.random())

    def follow(self, g, p, a):
        pl = g.players[p]
        vf = self.value(g, p, a, 1, 0, feed=False)
        vp = self.value(g, p, FOOD, 0, 0 if pl.asleep else 1, feed=False)
        if pl.asleep:
            vp += self.w["asleep"]
        return vf - vp > self.w["follow"]

    def wake(self, g, p):
        pl = g.players[p]
        return max(0, min(pl.food - pl.need(), self.w["send"]))

    def fire(self, g, p):
        pl = g.players[p]
        return pl.need() - pl.food >= 3 and pl.kittens() > 1

    def role(self, g, p):
        pl = g.players[p]
        return "merchant" if len(pl.merchants) < self.w["merchants"] * (pl.kittens() + 1) \
            else "worker"

    def sell(self, g, p, kind):
        pl = g.players[p]
        return 99 if kind == "gold" else max(0, int(pl.food - pl.need() - self.w["sell_margin"]))


class Evalfarmer(Evalbot):
    """simlab's farmer weights on the same evaluation (bots._FARMER)."""

    name = "evalfarmer"

    def __init__(self, rng=None, **w):
        super().__init__(rng, **dict(dict(field=1.5, irrigate=3.0, stick=1.0, merchants=0.0),
                                     **w))


class EvalfarmerNoEnd(Evalfarmer):
    name = "evalfarmer_noend"

    def __init__(self, rng=None, **w):
        super().__init__(rng, **dict(dict(end=0.0), **w))


class Evalfarmer2(Evalbot):
    """simlab's farmer weights after issue 38 (kitten 2, merchants 0.3, sell_margin 0,
    field 1.0, end 2) on the same evaluation."""

    name = "evalfarmer2"

    def __init__(self, rng=None, **w):
        super().__init__(rng, **dict(dict(field=1.0, irrigate=3.0, stick=1.0, merchants=0.3,
                                          kitten=2.0, sell_margin=0.0, end=2.0), **w))


BOTS = {b.name: b for b in (Farmer, OneTurn, Gold, Food, Breeder, Random, Evalbot, Evalfarmer,
                            EvalfarmerNoEnd, Evalfarmer2)}
