"""An independent Jungle Rumble engine in plain Python (imports nothing from simlab), written
from /work/shared/rules/jungle-rumble.txt and the shared README's readings, with simple
scripted bots. It exists to check, apart from simlab, how a pure farmer fares (issue 38,
section 3): ``python tests/jungle/independent/farmer_check.py``.

Rules played (the normal game, not the variant): 2 awake workers, 2 adjacent fields with the
stick between them, no food; board supply 22/25/30 fields, 22/25/28 sticks, the start pieces
out of those counts (``start_from_supply``, simlab's reading; False: the counts are the board
supply); each turn the active player wakes (all awake +1 food, one asleep free, two or more 1
food each, as many as it likes), its merchants sell one unit each (a merchant's kind fixed by
its first sale), it takes a free tile (with the food on it) and sends 0..6 awake workers,
each other player clockwise follows with one awake worker (the 1-kitten yield) or passes (a
sleeper wakes free, else +1 food); the active player feeds (2 food a kitten less 1 per
irrigated field; short: fire for 3 food or a -3 penalty per unfed kitten). Unchosen tiles gain
1 food at the end of a round. Taking the last field or stick of the supply, or an opponent's
kitten (a recruit with an empty reserve), ends the game at the end of the round. At the end
every awake kitten (merchants too) is worth 1 food; kittens 3, sticks 1 or 2 (2 with fields on
both sides at the end), merchants' gold 3 and food 2, gold 1, 2 food 1, penalties -3. Food,
gold, penalty tokens and set-aside pieces unlimited (simlab's defaults); the table unbounded.
"""

from __future__ import annotations

import random

FOOD, IRRIG, GOLD, RECRUIT, FIELDS = range(5)
ACTIONS = ("food", "irrigation", "gold", "recruit", "fields")
YIELDS = (2, 5, 8, 12, 16, 20)
SUPPLY = {2: (22, 22), 3: (25, 25), 4: (30, 28)}
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def edge(a, b):
    return (a, b) if a < b else (b, a)


def nbrs(c):
    r, q = c
    return [(r + dr, q + dq) for dr, dq in DIRS]


class Player:
    def __init__(self):
        self.awake = 2
        self.asleep = 0
        self.merchants = []  # [kind or None, goods]
        self.food = 0
        self.gold = 0
        self.fields = {(0, 0), (0, 1)}
        self.sticks = {edge((0, 0), (0, 1))}
        self.penalties = 0
        self.own_tiles = 2  # own kitten tiles in play (6 in a family)
        self.foreign = 0

    def kittens(self):
        return self.awake + self.asleep + len(self.merchants)

    def wet_cells(self):
        w = set()
        for a, b in self.sticks:
            w.add(a)
            w.add(b)
        return w & self.fields

    def n_wet(self):
        return len(self.wet_cells())

    def need(self):
        return max(0, 2 * self.kittens() - self.n_wet())

    def free_edges(self):
        out = []
        for c in self.fields:
            for d in nbrs(c):
                e = edge(c, d)
                if e not in self.sticks:
                    out.append(e)
        return sorted(set(out))

    def free_cells(self):
        return sorted({d for c in self.fields for d in nbrs(c) if d not in self.fields})

    def stick_points(self):
        return sum(2 if (a in self.fields and b in self.fields) else 1 for a, b in self.sticks)

    def points(self, food=None, awake_bonus=False):
        food = self.food if food is None else food
        if awake_bonus:
            food += self.awake + len(self.merchants)
        mg = sum(g for k, g in self.merchants if k == "gold")
        mf = sum(g for k, g in self.merchants if k == "food")
        return (3 * self.kittens() + self.stick_points() + 3 * mg + 2 * mf + self.gold
                + food // 2 - 3 * self.penalties)

    def capacity(self, a):
        """Kittens an active player may usefully send to action a."""
        if a == RECRUIT:
            return min(self.awake, 6, self.gold)
        if a == IRRIG:
            return min(self.awake, 6, len(self.free_edges()))
        return min(self.awake, 6)


class Game:
    def __init__(self, bots, seed, start_from_supply=True, max_rounds=60):
        self.rng = random.Random(seed)
        self.n = len(bots)
        self.bots = bots
        self.players = [Player() for _ in bots]
        f, s = SUPPLY[self.n]
        if start_from_supply:
            f, s = f - 2 * self.n, s - self.n
        self.fields_left, self.sticks_left = f, s
        self.tile_food = [0] * 5
        self.used = [False] * 5
        self.triggered = False
        self.round = 0
        self.max_rounds = max_rounds
        self.first = self.rng.randrange(self.n)

    # ------------------------------------------------------------------ pieces
    def take_field(self):
        if self.fields_left > 0:
            self.fields_left -= 1
            if self.fields_left == 0:
                self.triggered = True

    def take_stick(self):
        if self.sticks_left > 0:
            self.sticks_left -= 1
            if self.sticks_left == 0:
                self.triggered = True

    def place_field(self, q, n):
        pl = self.players[q]
        for _ in range(n):
            cells = pl.free_cells()
            c = self.bots[q].field(self, q, cells)
            self.take_field()
            pl.fields.add(c)

    def place_sticks(self, q, n):
        pl = self.players[q]
        for _ in range(n):
            edges = pl.free_edges()
            if not edges:
                return
            e = self.bots[q].stick(self, q, edges)
            self.take_stick()
            pl.sticks.add(e)

    def recruit(self, q, n):
        pl = self.players[q]
        for _ in range(n):
            if pl.gold < 1:
                return
            pl.gold -= 1
            if pl.own_tiles < 6:
                pl.own_tiles += 1
            else:  # take an opponent's kitten: the game ends with the round
                vs = [o for o in range(self.n) if o != q and self.players[o].kittens() > 0]
                if not vs:
                    pl.gold += 1
                    return
                v = self.bots[q].victim(self, q, vs)
                self.give_up(v)
                pl.foreign += 1
                self.triggered = True
            if self.bots[q].role(self, q) == "worker":
                pl.awake += 1
            else:
                pl.merchants.append([None, 0])

    def give_up(self, v):
        pl = self.players[v]
        if pl.asleep:
            pl.asleep -= 1
        elif pl.awake:
            pl.awake -= 1
        else:
            i = min(range(len(pl.merchants)), key=lambda j: pl.merchants[j][1])
            pl.merchants.pop(i)
        if pl.foreign:
            pl.foreign -= 1
        else:
            pl.own_tiles -= 1

    def perform(self, q, a, n):
        pl = self.players[q]
        if n <= 0:
            return
        if a == FOOD:
            pl.food += YIELDS[n - 1]
        elif a == GOLD:
            pl.gold += n
        elif a == IRRIG:
            self.place_sticks(q, n)
        elif a == FIELDS:
            self.place_field(q, n)
        elif a == RECRUIT:
            self.recruit(q, n)

    # ------------------------------------------------------------------- turn
    def turn(self, p):
        pl = self.players[p]
        bot = self.bots[p]
        if pl.asleep == 0:
            pl.food += 1
        elif pl.asleep == 1:
            pl.asleep, pl.awake = 0, pl.awake + 1
        else:
            w = max(0, min(bot.wake(self, p), pl.asleep, pl.food))
            pl.food -= w
            pl.asleep -= w
            pl.awake += w
        sold = set()  # a merchant takes one unit a turn
        for kind in ("gold", "food"):
            n = bot.sell(self, p, kind)
            for i, m in enumerate(pl.merchants):
                have = pl.gold if kind == "gold" else pl.food
                if n <= 0 or have <= 0:
                    break
                if i in sold or m[0] not in (None, kind):
                    continue
                m[0] = kind  # its first sale fixes its kind
                m[1] += 1
                sold.add(i)
                if kind == "gold":
                    pl.gold -= 1
                else:
                    pl.food -= 1
                n -= 1
        free = [t for t in range(5) if not self.used[t]]
        t, n = bot.action(self, p, free)
        assert t in free and 0 <= n <= pl.capacity(t), (t, n)
        self.used[t] = True
        pl.food += self.tile_food[t]
        self.tile_food[t] = 0
        pl.awake -= n
        pl.asleep += n
        self.perform(p, t, n)
        for k in range(1, self.n):
            q = (p + k) % self.n
            o = self.players[q]
            can = o.awake > 0 and (t != RECRUIT or o.gold > 0) and (t != IRRIG or o.free_edges())
            if can and self.bots[q].follow(self, q, t):
                o.awake -= 1
                o.asleep += 1
                if t == FOOD:
                    o.food += YIELDS[0]
                else:
                    self.perform(q, t, 1)
            elif o.asleep > 0:
                o.asleep, o.awake = o.asleep - 1, o.awake + 1
            else:
                o.food += 1
        self.feed(p)

    def feed(self, p):
        pl = self.players[p]
        bot = self.bots[p]
        while pl.food < pl.need() and pl.kittens() > 1 and bot.fire(self, p):
            if pl.asleep:
                pl.asleep -= 1
            elif pl.awake:
                pl.awake -= 1
            else:
                pl.merchants.pop(min(range(len(pl.merchants)),
                                     key=lambda j: pl.merchants[j][1]))
            if pl.foreign:
                pl.foreign -= 1
            else:
                pl.own_tiles -= 1
            pl.food += 3
        need = pl.need()
        if pl.food >= need:
            pl.food -= need
        else:
            u = -(-(need - pl.food) // 2)
            pl.penalties += u
            pl.food -= max(0, need - 2 * u)

    def play(self):
        while True:
            self.round += 1
            for k in range(self.n):
                self.turn((self.first + k) % self.n)
            for t in range(5):
                if not self.used[t]:
                    self.tile_food[t] += 1
                self.used[t] = False
            self.first = (self.first + 1) % self.n
            no_workers = all(pl.awake + pl.asleep == 0 for pl in self.players)
            if self.triggered or no_workers or self.round >= self.max_rounds:
                break
        scores = [pl.points(awake_bonus=True) for pl in self.players]
        top = max(scores)
        return scores, [s == top for s in scores]


def play_many(make_bots, games, seed=0, **kw):
    """Play ``games`` games; returns per-seat win shares (a k-way tie counts 1/k), mean scores
    and mean rounds."""
    n = len(make_bots())
    wins = [0.0] * n
    score = [0.0] * n
    rounds = 0
    for i in range(games):
        g = Game(make_bots(), seed * 1_000_003 + i, **kw)
        s, w = g.play()
        k = sum(w)
        for q in range(n):
            wins[q] += w[q] / k
            score[q] += s[q]
        rounds += g.round
    return [x / games for x in wins], [x / games for x in score], rounds / games
