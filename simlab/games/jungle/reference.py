"""Jungle Rumble in plain, readable Python: the test oracle and the game log.

This engine re-implements every rule on its own data structures (a player object with food,
gold, workers, a list of merchants, a set of field cells ``(row, col)`` and a set of sticks, each
stick the pair of cells on both sides of its edge) and draws from the same random stream as the
kernel, in the same order. Decisions are the only thing it borrows: it shows the kernel's bot
functions a :class:`~simlab.games.jungle.state.JungleState` built from its own state and applies
what they choose. Kernel and reference must agree game for game; the tests check that they do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simlab.core.rng import new_stream, randint
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.jungle import bots, lookahead
from simlab.games.jungle.reference_box import BoxReserve
from simlab.games.jungle.reference_view import BotsView, neighbours
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT, ACTIONS
from simlab.games.jungle.state import (
    C_AWAKE_BONUS,
    C_BOX_BAD,
    C_FAMILY_BAD,
    C_FIELDS_ASIDE,
    C_FIELDS_BOARD,
    C_FIELDS_SUPPLY,
    C_FIRED,
    C_FIRST_FOOD,
    C_FOLLOWS,
    C_FORCED_FIRE,
    C_FSUP_END,
    C_GOODS_LOST,
    C_ILLEGAL,
    C_KITTENS_END,
    C_NEGATIVE,
    C_PASS_FOOD,
    C_PASS_WAKE,
    C_PENALTIES,
    C_RECRUITED,
    C_ROUND_CAP,
    C_ROUNDS,
    C_SOLD_FOOD,
    C_SOLD_GOLD,
    C_SSUP_END,
    C_STICKS_ASIDE,
    C_STICKS_BOARD,
    C_STICKS_SUPPLY,
    C_TAKEN,
    C_TILE_FOOD,
    C_TURNS,
    C_WAKE_FREE,
    C_WAKE_PAID,
    CH_ACTION,
    CH_FIRED,
    CH_FOLLOW,
    CH_PASS,
    CH_RECRUIT_MERCHANT,
    CH_RECRUIT_WORKER,
    CH_SENT,
    CH_SOLD_FOOD,
    CH_SOLD_GOLD,
    CH_TAKEN,
    CH_UNFED,
    CH_WAKE_PAID,
    E_CAP,
    E_FIELD,
    E_NONE,
    E_STICK,
    E_STUCK,
    E_TAKEN,
    END_NAMES,
    FOOD_BINS,
    N_CHOICE,
    ROLE_FOOD_MERCHANT,
    ROLE_GOLD_MERCHANT,
    ROUND_BINS,
    S_FIELDS,
    S_FIRED,
    S_FIRST,
    S_FOLLOWS,
    S_LOST,
    S_MERCHANTS,
    S_PENALTIES,
    S_RECRUITED,
    S_STICKS,
    S_TAKEN,
    SCORE_BINS,
    new_agg,
    new_state,
)

ROLES = ("worker", "food merchant", "gold merchant")


@dataclass
class Player:
    """One family: reserve, kittens, merchants (each ``[kind, goods]``), tiles held by family,
    fields (cells) and sticks (pairs of cells on both sides of the edge)."""

    food: int = 0
    gold: int = 0
    awake: int = 0
    asleep: int = 0
    merchants: list = field(default_factory=list)
    tiles: dict = field(default_factory=dict)
    penalties: int = 0
    fields: set = field(default_factory=set)
    sticks: set = field(default_factory=set)

    @property
    def family(self) -> int:
        return self.awake + self.asleep + len(self.merchants)


def edge(a, b):
    """The edge between two orthogonally adjacent cells (inside the table or not)."""
    return (a, b) if a < b else (b, a)


class ReferenceGame(BoxReserve, BotsView):
    """One game of Jungle Rumble, played rule by rule with a readable log.

    Parameters
    ----------
    arrays : JungleArrays
        The rules, as given to the kernel.
    lineup : JungleLineup
        Bot ids and parameters (decisions are asked from ``bots.decide_*`` and
        ``lookahead.decide_*_search``).
    seed, game : int
        The run's seed and this game's index: the random stream is that of ``(seed, game)``.
    log : bool
        Keep a readable log in ``self.lines``.
    """

    def __init__(self, arrays, lineup, seed: int, game: int, log: bool = False, names=None):
        A = arrays
        self.A = A
        self.lineup = lineup
        self.rng = new_stream(seed, game)
        self.n_p = A.n_players
        self.g = A.grid
        self.tiles = [(int(A.tile_act[t, 0]), int(A.tile_act[t, 1])) for t in range(5)]
        self.tile_food = [0] * 5
        self.used = [False] * 5
        self.players = [Player() for _ in range(self.n_p)]
        self.supply = {"field": A.field_supply, "stick": A.stick_supply}
        self.trigger = E_NONE
        self.round = 0
        self.turn = 0
        self.first = 0
        self.active = 0
        self.agg = new_agg(self.n_p, A.max_rounds)
        self.ch = np.zeros((self.n_p, N_CHOICE), np.int64)  # each seat's choices
        self.view = new_state(self.n_p, A.n_cells, A.n_edges)
        self.scratch = lookahead.new_scratch(A, lineup)  # the lookahead bot's playouts
        self.follow_act = -1  # the action followers take, while they decide
        self.open_box()  # the box's limited pieces (reference_box.py)
        self.dirty = [True] * self.n_p
        self.log_on = log
        self.lines: list[str] = []
        self.names = names or [f"P{q + 1}" for q in range(self.n_p)]
        self.scores: list[int] = []
        self.winners: list[bool] = []

    # ----------------------------------------------------------------- helpers
    def say(self, text: str):
        if self.log_on:
            self.lines.append(text)

    def count(self, i: int, by: int = 1):
        self.agg.counters[i] += by

    def seat(self, q: int, i: int, by: int = 1):
        self.agg.seat[q, i] += by

    def inside(self, cell) -> bool:
        return 0 <= cell[0] < self.g and 0 <= cell[1] < self.g

    def cell_id(self, cell) -> int:
        return cell[0] * self.g + cell[1]

    def cell_of(self, x: int):
        return (x // self.g, x % self.g)

    def edge_id(self, e) -> int:
        """Edges between row neighbours first (``r*(g+1)+c``, c = the right cell's column), then
        between column neighbours (``g*(g+1) + r*g + c``, r = the lower cell's row)."""
        a, b = e
        g = self.g
        if a[0] == b[0]:
            return a[0] * (g + 1) + b[1]
        return g * (g + 1) + b[0] * g + b[1]

    def edge_of(self, i: int):
        g = self.g
        nv = g * (g + 1)
        if i < nv:
            r, c = divmod(i, g + 1)
            return edge((r, c - 1), (r, c))
        r, c = divmod(i - nv, g)
        return edge((r - 1, c), (r, c))

    def irrigated(self, pl: Player, cell) -> bool:
        """A field with at least one stick on its edges is irrigated."""
        return any(edge(cell, o) in pl.sticks for o in neighbours(cell))

    def n_irrigated(self, pl: Player) -> int:
        return sum(self.irrigated(pl, c) for c in pl.fields)

    def free_cells(self, pl: Player) -> list:
        """Cells where a field may go: free, inside the table, next to one of the fields."""
        out = {o for c in pl.fields for o in neighbours(c)
               if self.inside(o) and o not in pl.fields}
        return sorted(out, key=self.cell_id)

    def wet_free_cells(self, pl: Player) -> list:
        """Free cells with one of the sticks on an edge: a field placed there is irrigated at
        once."""
        return [c for c in self.free_cells(pl) if self.irrigated(pl, c)]

    def free_edges(self, pl: Player) -> list:
        """Edges of the fields without a stick (where a stick may go)."""
        out = {edge(c, o) for c in pl.fields for o in neighbours(c)} - pl.sticks
        return sorted(out, key=self.edge_id)

    def tiles_left(self, f: int) -> int:
        return self.A.max_family - sum(pl.tiles.get(f, 0) for pl in self.players)

    def field_need(self, pl: Player) -> int:
        return max(0, self.A.food_per_kitten * pl.family - self.n_irrigated(pl))

    def capacity(self, q: int, a: int) -> int:
        """What q can do of action a at most: gold and a kitten per recruit, a free edge per
        stick, a free cell per field; and what the box has left of sticks, fields, gold and
        food."""
        pl = self.players[q]
        if a == A_RECRUIT:  # the reserve first, then (within the same action too) opponents'
            avail = self.tiles_left(q) + sum(o.family for i, o in enumerate(self.players)
                                             if i != q)
            return min(pl.gold, avail)
        if a == A_IRRIG:
            return min(len(self.free_edges(pl)), self.pieces_left("stick"))
        if a == A_FIELDS:
            return min(self.g * self.g - len(pl.fields), self.pieces_left("field"))
        if a == A_GOLD:
            return min(self.gold_left(), 99)
        if a == A_FOOD:
            return min(self.food_capacity(), 99)
        return 99

    def take_piece(self, kind: str):
        """From the board supply; the last one triggers the end; then the set-aside pieces."""
        if self.supply[kind] > 0:
            self.supply[kind] -= 1
            self.count(C_FIELDS_SUPPLY if kind == "field" else C_STICKS_SUPPLY)
            if self.supply[kind] == 0 and self.trigger == E_NONE:
                self.trigger = E_FIELD if kind == "field" else E_STICK
                self.say(f"      the last {kind} of the supply is taken: the game ends at the "
                         "end of this round")
        else:
            self.count(C_FIELDS_ASIDE if kind == "field" else C_STICKS_ASIDE)
            self.take_aside(kind)

    def step_done(self, phase: str, seat: int) -> None:
        """A step of the game is over inside a phase: one kind of goods sold (``"sale"``), the
        active player's action (``"action"``), one follower's follow or pass (``"follow"``),
        the end of a round (``"round end"``, seat -1). Nothing here: the replay
        (``replay.py``) draws the board at each of them."""

    # ----------------------------------------------------------------- kittens
    def remove_kitten(self, q: int, code: int) -> int:
        """A kitten leaves q's family (0 a sleeping worker, 1 an awake one, 2+i merchant i; a
        merchant's goods go back); returns the family of its tile (q's own first)."""
        pl = self.players[q]
        if code == 0:
            pl.asleep -= 1
            what = "a sleeping worker"
        elif code == 1:
            pl.awake -= 1
            what = "an awake worker"
        else:
            kind, goods = pl.merchants.pop(code - 2)
            self.return_goods(kind, goods)
            self.count(C_GOODS_LOST, goods)
            what = f"a {kind} merchant with {goods} {kind} (lost)"
        f = q if pl.tiles.get(q, 0) > 0 else min(x for x, n in pl.tiles.items() if n > 0)
        pl.tiles[f] -= 1
        self.say(f"      {self.names[q]} loses {what}")
        return f

    def give_up_code(self, q: int) -> int:
        pl = self.players[q]
        if pl.asleep:
            return 0
        if pl.awake:
            return 1
        goods = [g for _, g in pl.merchants]
        return 2 + goods.index(min(goods))

    def recruit_one(self, q: int):
        pl = self.players[q]
        pl.gold -= 1
        self.return_gold(1)
        if self.tiles_left(q) > 0:
            pl.tiles[q] = pl.tiles.get(q, 0) + 1
            self.say(f"      {self.names[q]} pays 1 gold and recruits a kitten")
        else:
            v = self.ask(bots.decide_victim, q)
            if not (0 <= v < self.n_p and v != q and self.players[v].family > 0):
                self.count(C_ILLEGAL)
                v = next(x for x in ((q + k) % self.n_p for k in range(1, self.n_p))
                         if self.players[x].family > 0)
            self.say(f"      {self.names[q]} has no kitten tile left: pays 1 gold and takes a "
                     f"kitten from {self.names[v]}")
            f = self.remove_kitten(v, self.give_up_code(v))
            pl.tiles[f] = pl.tiles.get(f, 0) + 1
            self.count(C_TAKEN)
            self.seat(q, S_TAKEN)
            self.ch[q, CH_TAKEN] += 1
            self.seat(v, S_LOST)
            if self.trigger == E_NONE:
                self.trigger = E_TAKEN
                self.say("      a kitten was taken: the game ends at the end of this round")
        self.count(C_RECRUITED)
        self.seat(q, S_RECRUITED)
        role = self.ask(bots.decide_role, q)
        if not 0 <= role <= 2:
            self.count(C_ILLEGAL)
            role = 0
        self.ch[q, CH_RECRUIT_WORKER if role == 0 else CH_RECRUIT_MERCHANT] += 1
        if role in (ROLE_FOOD_MERCHANT, ROLE_GOLD_MERCHANT) and not self.A.kind_at_recruit:
            pl.merchants.append([None, 0])  # its kind comes with its first sale
            self.say("        it becomes a merchant (its first sale fixes its goods)")
            return
        if role == ROLE_FOOD_MERCHANT:
            pl.merchants.append(["food", 0])
        elif role == ROLE_GOLD_MERCHANT:
            pl.merchants.append(["gold", 0])
        else:
            pl.awake += 1
        self.say(f"        it becomes a {ROLES[role]}")

    # ----------------------------------------------------------------- actions
    def perform(self, q: int, a: int, n: int):
        """Action a with n kittens of q (already asleep)."""
        if n <= 0:
            return
        A = self.A
        pl = self.players[q]
        name = self.names[q]
        if a == A_FOOD:
            pl.food += self.take_food(int(A.yields[n - 1]))
            self.say(f"      {name} gathers {int(A.yields[n - 1])} food (now {pl.food})")
        elif a == A_GOLD:
            pl.gold += self.take_gold(n)
            self.say(f"      {name} takes {n} gold (now {pl.gold})")
        elif a == A_RECRUIT:
            for _ in range(n):
                self.recruit_one(q)
        elif a == A_IRRIG:
            for _ in range(n):
                self.take_piece("stick")
                i = self.ask(bots.decide_stick, q)
                legal = self.free_edges(pl)
                e = self.edge_of(i) if 0 <= i < A.n_edges else None
                if e not in legal:
                    self.count(C_ILLEGAL)
                    e = legal[0]
                pl.sticks.add(e)
                self.dirty[q] = True
                between = [x for x in e if x in pl.fields]
                self.say(f"      {name} places a stick between {e[0]} and {e[1]} "
                         f"({'two fields' if len(between) == 2 else 'outer edge'}); irrigated "
                         f"fields: {self.n_irrigated(pl)} of {len(pl.fields)}")
        elif a == A_FIELDS:
            for _ in range(n):
                self.take_piece("field")
                x = self.ask(bots.decide_field, q)
                legal = self.free_cells(pl)
                c = self.cell_of(x) if 0 <= x < A.n_cells else None
                if c not in legal:
                    self.count(C_ILLEGAL)
                    c = legal[0]
                pl.fields.add(c)
                self.dirty[q] = True
                wet = self.irrigated(pl, c)
                self.say(f"      {name} places a field at {c}"
                         f"{' (irrigated at once)' if wet else ''}; fields: {len(pl.fields)}")

    # ----------------------------------------------------------------- a turn
    def wake_up(self, p: int):
        pl = self.players[p]
        name = self.names[p]
        if pl.asleep == 0:
            got = self.take_food(1)
            pl.food += got
            self.count(C_AWAKE_BONUS)
            self.say(f"    wake-up: all of {name}'s kittens are awake: +{got} food (now "
                     f"{pl.food})")
        elif pl.asleep == 1:
            pl.asleep, pl.awake = 0, pl.awake + 1
            self.count(C_WAKE_FREE)
            self.say(f"    wake-up: {name} wakes its one sleeping kitten for free")
        else:
            k = self.ask(bots.decide_wake, p)
            if not 0 <= k <= min(pl.asleep, pl.food):
                self.count(C_ILLEGAL)
                k = 0
            pl.food -= k
            self.return_food(k)
            pl.asleep -= k
            pl.awake += k
            self.count(C_WAKE_PAID, k)
            self.ch[p, CH_WAKE_PAID] += k
            self.say(f"    wake-up: {name} pays {k} food to wake {k} of its sleeping kittens "
                     f"({pl.asleep} still asleep)")

    def sell_goods(self, p: int):
        pl = self.players[p]
        for kind_i, kind in enumerate(("food", "gold")):
            # merchants of the kind first, then those without a kind (their first sale)
            mine = [m for m in pl.merchants if m[0] == kind] + \
                [m for m in pl.merchants if m[0] is None]
            have = pl.food if kind == "food" else pl.gold
            mx = min(len(mine), have)
            if mx <= 0:
                continue
            k = self.ask(bots.decide_sell, p, kind_i)
            if not 0 <= k <= mx:
                self.count(C_ILLEGAL)
                k = 0
            for m in mine[:k]:
                m[0] = kind
                m[1] += 1
            if kind == "food":
                pl.food -= k
                self.count(C_SOLD_FOOD, k)
                self.ch[p, CH_SOLD_FOOD] += k
            else:
                pl.gold -= k
                self.count(C_SOLD_GOLD, k)
                self.ch[p, CH_SOLD_GOLD] += k
            self.say(f"    selling: {self.names[p]} sells {k} {kind} to its {kind} merchants "
                     f"(goods now {[m[1] for m in mine]})")
            self.step_done("sale", p)

    def action_phase(self, p: int):
        A = self.A
        pl = self.players[p]
        code = self.ask(lookahead.decide_action_search, p, self.scratch)
        t, side, n = code // 16, (code // 8) % 2, code % 8
        if not (0 <= t < 5) or self.used[t]:
            self.count(C_ILLEGAL)
            t, side, n = self.used.index(False), 0, 0
        a = self.tiles[t][side]
        if n > min(A.max_send, pl.awake, self.capacity(p, a)):
            self.count(C_ILLEGAL)
            n = 0
        self.used[t] = True
        got = self.tile_food[t]
        pl.food += got
        self.count(C_TILE_FOOD, got)
        self.tile_food[t] = 0
        self.agg.actions[0, a] += 1
        self.agg.actions[2, a] += n
        self.ch[p, CH_ACTION + a] += 1
        self.ch[p, CH_SENT] += n
        if self.turn == 1 and a == A_FOOD:
            self.count(C_FIRST_FOOD)
        pl.awake -= n
        pl.asleep += n
        tile = "+".join(ACTIONS[x] for x in dict.fromkeys(self.tiles[t]))
        self.say(f"    action: {self.names[p]} takes tile {t} ({tile}) with {got} food on it, "
                 f"plays {ACTIONS[a]} and sends {n} kitten(s) to work (they fall asleep)")
        self.perform(p, a, n)
        self.step_done("action", p)
        fa = self.tiles[t][1 - side]
        self.follow_act = fa
        for k in range(1, self.n_p):
            q = (p + k) % self.n_p
            o = self.players[q]
            can = o.awake > 0 and self.capacity(q, fa) > 0
            if can and self.ask(lookahead.decide_follow_search, q, fa, self.scratch) == 1:
                o.awake -= 1
                o.asleep += 1
                self.agg.actions[1, fa] += 1
                self.count(C_FOLLOWS)
                self.seat(q, S_FOLLOWS)
                self.ch[q, CH_FOLLOW + fa] += 1
                self.say(f"    {self.names[q]} follows on {ACTIONS[fa]} with one kitten")
                self.perform(q, fa, 1)
            elif o.asleep > 0:
                o.asleep -= 1
                o.awake += 1
                self.count(C_PASS_WAKE)
                self.ch[q, CH_PASS] += 1
                self.say(f"    {self.names[q]} passes and wakes a kitten for free")
            else:
                got = self.take_food(1)
                o.food += got
                self.count(C_PASS_FOOD)
                self.ch[q, CH_PASS] += 1
                self.say(f"    {self.names[q]} passes with every kitten awake: +{got} food")
            self.step_done("follow", q)
        self.follow_act = -1

    def feed(self, p: int):
        A = self.A
        pl = self.players[p]
        need = self.field_need(pl)
        self.say(f"    feeding: {self.names[p]} has {pl.family} kittens and "
                 f"{self.n_irrigated(pl)} irrigated fields: needs {need} food, has {pl.food}")
        while pl.food < need and pl.family > 0:
            code = self.ask(bots.decide_fire, p)
            if code < 0:
                break
            ok = (code == 0 and pl.asleep > 0) or (code == 1 and pl.awake > 0) or \
                2 <= code < 2 + len(pl.merchants)
            if not ok:
                self.count(C_ILLEGAL)
                break
            self.fire(p, code)
            need = self.field_need(pl)
        fpk = A.food_per_kitten

        def short(need):
            return (need - pl.food + fpk - 1) // max(fpk, 1) if pl.food < need else 0

        lo = short(need)
        tokens = self.tokens_left()
        while lo > tokens and pl.family > 0:
            self.say(f"      no penalty token left for {lo} unfed kitten(s) ({tokens} left): "
                     "a kitten must be fired")
            self.fire(p, self.give_up_code(p))
            self.count(C_FORCED_FIRE)
            need = self.field_need(pl)
            lo = short(need)
        u = lo
        if need > 0:  # "can't or doesn't want to feed": more kittens may go unfed
            hi = min(pl.family, (need + fpk - 1) // max(fpk, 1), tokens)
            if hi > lo:
                u = self.ask(bots.decide_unfed, p, lo, hi)
                if not lo <= u <= hi:
                    self.count(C_ILLEGAL)
                    u = lo
        pay = max(0, need - fpk * u)
        pl.food -= pay
        self.return_food(pay)
        if u == 0:
            self.say(f"      pays {need} food (left {pl.food})")
        else:
            pl.penalties += u
            self.take_tokens(u)
            self.count(C_PENALTIES, u)
            self.seat(p, S_PENALTIES, u)
            self.ch[p, CH_UNFED] += u
            why = "" if u == lo else f" ({u - lo} by choice)"
            self.say(f"      pays {pay} food; {u} kitten(s) unfed{why}: {u} penalty token(s)")

    def fire(self, p: int, code: int):
        """p fires kitten ``code`` and takes 3 food from the reserve (what is left of them)."""
        self.say(f"      {self.names[p]} fires a kitten for {self.A.fire_food} food")
        self.remove_kitten(p, code)
        self.players[p].food += self.take_food(self.A.fire_food)
        self.count(C_FIRED)
        self.seat(p, S_FIRED)
        self.ch[p, CH_FIRED] += 1

    def check_tokens(self):
        for pl in self.players:
            if pl.food < 0 or pl.gold < 0 or pl.awake < 0 or pl.asleep < 0 or \
                    any(g < 0 for _, g in pl.merchants):
                self.count(C_NEGATIVE)
            if not 0 <= pl.family <= self.A.max_family * self.n_p or \
                    sum(pl.tiles.values()) != pl.family:
                self.count(C_FAMILY_BAD)

    def take_turn(self, p: int):
        """A turn of p: wake-up and selling, action and followers, feeding."""
        self.turn += 1
        self.active = p
        pl = self.players[p]
        self.say(f"  turn {self.turn}: {self.names[p]} (food {pl.food}, gold {pl.gold}, "
                 f"{pl.awake} awake, {pl.asleep} asleep, {len(pl.merchants)} merchants)")
        self.wake_up(p)
        self.sell_goods(p)
        self.action_phase(p)
        self.feed(p)
        self.check_tokens()

    def end_round(self):
        """End of the round: 1 food on each unchosen action tile, used tiles return; the food
        and family of every player are recorded for this round."""
        for t in range(5):
            if not self.used[t]:
                self.tile_food[t] += self.take_food(1)
            self.used[t] = False
        self.say(f"  end of round {self.round}: +1 food on each unchosen tile -> "
                 f"{self.tile_food}")
        self.step_done("round end", -1)
        b = min(self.round, ROUND_BINS) - 1
        for q, pl in enumerate(self.players):
            self.agg.food_hist[q, b, min(max(pl.food, 0), FOOD_BINS - 1)] += 1
            self.agg.family_sum[q, b] += pl.family

    # ----------------------------------------------------------------- the game
    def setup(self):
        A = self.A
        m = self.g // 2
        for q, pl in enumerate(self.players):
            pl.food = A.start_food
            pl.awake = A.start_workers
            pl.tiles = {q: A.start_workers}
            pl.fields = {(m, m - 1), (m, m)}
            pl.sticks = {edge((m, m - 1), (m, m))}
        self.open_box()
        self.first = int(randint(self.rng, self.n_p))
        self.seat(self.first, S_FIRST)
        start = (f"{A.field_supply + 2 * self.n_p} fields and {A.stick_supply + self.n_p} "
                 f"sticks less the start pieces" if A.start_from_supply
                 else "the start pieces come from elsewhere")
        self.say(f"Setup: board supply {A.field_supply} fields, {A.stick_supply} sticks ({start}); "
                 f"each player "
                 f"{A.start_workers} awake workers, {A.start_food} food, 2 irrigated fields; "
                 f"{self.names[self.first]} is the first player")

    def base_points(self, pl: Player) -> int:
        """The player's score apart from its reserve food: kittens, sticks, merchants' goods,
        reserve gold, penalty tokens (the bots' view keeps it as ``score_base``)."""
        A = self.A
        sticks = sum(2 if a in pl.fields and b in pl.fields else 1 for a, b in pl.sticks)
        goods = sum((A.merchant_gold_points if k == "gold" else A.merchant_food_points) * g
                    for k, g in pl.merchants)
        return (A.kitten_points * pl.family + sticks + goods + A.gold_points * pl.gold
                - A.penalty * pl.penalties)

    def running_scores(self):
        """Game shape: each player's score if the game ended now (the final scoring on the
        current position, nothing changed)."""
        A = self.A
        out = []
        for pl in self.players:
            food = pl.food + pl.awake + len(pl.merchants)
            sticks = sum(2 if a in pl.fields and b in pl.fields else 1 for a, b in pl.sticks)
            goods = sum((A.merchant_gold_points if k == "gold" else A.merchant_food_points) * g
                        for k, g in pl.merchants)
            out.append(A.kitten_points * pl.family + sticks + goods + A.gold_points * pl.gold
                       + food // A.food_per_point - A.penalty * pl.penalties)
        return out

    def final_scoring(self):
        A = self.A
        scores, rows = [], []
        for pl in self.players:
            pl.food += pl.awake + len(pl.merchants)
            sticks = sum(2 if a in pl.fields and b in pl.fields else 1 for a, b in pl.sticks)
            mg = sum(g for k, g in pl.merchants if k == "gold")
            mf = sum(g for k, g in pl.merchants if k == "food")
            row = [A.kitten_points * pl.family, sticks, A.merchant_gold_points * mg,
                   A.merchant_food_points * mf, A.gold_points * pl.gold,
                   pl.food // A.food_per_point, -A.penalty * pl.penalties]
            rows.append(row)
            scores.append(sum(row))
        return scores, rows

    def play(self):
        """Play the whole game; returns (scores, winners)."""
        A = self.A
        agg = self.agg
        self.setup()
        end = E_NONE
        checkpoints = []   # game shape: running scores after each round
        while True:
            if self.round >= A.max_rounds:
                self.count(C_ROUND_CAP)
                end = E_CAP
                break
            self.round += 1
            self.say(f"Round {self.round} (first player {self.names[self.first]}); food on "
                     f"the tiles {self.tile_food}")
            for k in range(self.n_p):
                self.take_turn((self.first + k) % self.n_p)
            self.end_round()
            checkpoints.append(self.running_scores())
            if self.trigger != E_NONE:
                end = self.trigger
                break
            if all(pl.awake + pl.asleep == 0 for pl in self.players):
                self.say("  no player has a worker left: no piece can ever be taken, the game "
                         "ends")
                end = E_STUCK
                break
            self.first = (self.first + 1) % self.n_p
        if not self.box_conserved():
            self.count(C_BOX_BAD)
        scores, rows = self.final_scoring()
        top = max(scores)
        winners = [s == top for s in scores]
        k = sum(winners)
        self.count(C_ROUNDS, self.round)
        self.count(C_TURNS, self.turn)
        self.count(C_FSUP_END, self.supply["field"])
        self.count(C_SSUP_END, self.supply["stick"])
        for q, pl in enumerate(self.players):
            self.count(C_FIELDS_BOARD, len(pl.fields))
            self.count(C_STICKS_BOARD, len(pl.sticks))
            self.count(C_KITTENS_END, pl.family)
            self.seat(q, S_FIELDS, len(pl.fields))
            self.seat(q, S_STICKS, len(pl.sticks))
            self.seat(q, S_MERCHANTS, len(pl.merchants))
            agg.breakdown[q, :] += rows[q]
            agg.src[q, :] += rows[q]
        agg.choice[:, :] += self.ch
        agg.end_reasons[end] += 1
        agg.ends[end - 1] += 1
        agg.length[:] += [self.round, self.round * self.round]
        self.end = end
        agg.length_hist[min(self.round, agg.length_hist.shape[0] - 1)] += 1
        for q, s in enumerate(scores):
            if winners[q]:
                agg.wins[q, k] += 1
            agg.score_sum[q] += s
            agg.score_sumsq[q] += s * s
            agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1
        self.say(f"End ({END_NAMES[end - 1]}) after {self.round} rounds; awake kittens give "
                 "1 food each. Score (kittens, sticks, merchant gold, merchant food, gold, food, "
                 "penalties):")
        for q in range(self.n_p):
            self.say(f"  {self.names[q]}: {rows[q]} = {scores[q]}")
        self.say("Winner" + ("s" if k > 1 else "") + ": "
                 + ", ".join(self.names[q] for q in range(self.n_p) if winners[q]))
        # game shape: the rounds before the last one, then the final scores (simlab.core.shape)
        cp = np.zeros((MAX_CHECKPOINTS, self.n_p), np.int64)
        for i, row in enumerate(checkpoints[:-1][:MAX_CHECKPOINTS]):
            cp[i] = row
        record_shape(cp, len(checkpoints) - 1, np.asarray(scores, np.int64),
                     np.asarray(winners, np.int64), self.n_p, agg.shape_counters, agg.lead_hist,
                     agg.margin_hist, agg.leader_wins)
        self.checkpoints = checkpoints
        self.scores, self.winners = scores, winners
        return scores, winners
