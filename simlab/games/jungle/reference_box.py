"""Jungle Rumble's reference engine, the box's limits (a mixin of
:class:`~simlab.games.jungle.reference.ReferenceGame`): food units, gold coins and penalty tokens
in the common reserve, the set-aside fields and sticks.

Written on its own from the readings (``rules.JungleRules``: ``food_limit``, ``gold_limit``,
``improvise_gold``, ``penalty_limit``, ``set_aside``), not from the kernel's ``box.py``: a take
from a short reserve gets what is left, an action takes no more than is left, coins beyond the
box's are improvised from food tokens (one food unit each, paid back first), and a limit of 0
(``unlimited``) never binds.
"""

from __future__ import annotations

from simlab.games.jungle.state import C_FOOD_SHORT, C_GOLD_IMPROVISED

#: what "unlimited" leaves of a reserve
UNLIMITED_LEFT = 1 << 30


class BoxReserve:
    """The common reserve's limited pieces; ``self.A`` (the rule arrays), ``self.players``,
    ``self.tile_food``, ``self.supply`` and ``self.count`` come from the game."""

    def open_box(self):
        """Setup: the box's counts (the start food comes out of the food)."""
        A = self.A
        self.box = {"food": A.food_limit - A.start_food * self.n_p if A.food_limit else 0,
                    "gold": A.gold_limit, "improvised": 0, "penalties": A.penalty_limit,
                    "field": max(A.field_aside, 0), "stick": max(A.stick_aside, 0)}

    # ------------------------------------------------------------------------ food
    def food_left(self) -> int:
        return self.box["food"] if self.A.food_limit else UNLIMITED_LEFT

    def take_food(self, n: int) -> int:
        """n food units from the reserve, or what is left of them."""
        if not self.A.food_limit:
            return n
        got = min(n, self.box["food"])
        self.box["food"] -= got
        if got < n:
            self.count(C_FOOD_SHORT, n - got)
            self.say(f"      the reserve has {got} of the {n} food (the box's food is out)")
        return got

    def return_food(self, n: int):
        if self.A.food_limit:
            self.box["food"] += n

    def food_capacity(self) -> int:
        """Kittens a food action can use: none with an empty reserve, and no more than the
        fewest whose yield reaches what is left."""
        if not self.A.food_limit:
            return UNLIMITED_LEFT
        left = self.box["food"]
        if left <= 0:
            return 0
        ys = [int(y) for y in self.A.yields]
        return next((n for n in range(1, len(ys) + 1) if ys[n - 1] >= left), len(ys))

    # ------------------------------------------------------------------------ gold
    def gold_left(self) -> int:
        A = self.A
        if not A.gold_limit:
            return UNLIMITED_LEFT
        return min(self.box["gold"] + (self.food_left() if A.improvise_gold else 0),
                   UNLIMITED_LEFT)

    def take_gold(self, n: int) -> int:
        """n coins: the box's first, then (improvise_gold) food tokens standing in for coins."""
        A = self.A
        if not A.gold_limit:
            return n
        real = min(n, self.box["gold"])
        self.box["gold"] -= real
        imp = min(n - real, self.food_left()) if A.improvise_gold else 0
        if imp:
            if A.food_limit:
                self.box["food"] -= imp
            self.box["improvised"] += imp
            self.count(C_GOLD_IMPROVISED, imp)
            self.say(f"      the box's coins are out: {imp} coin(s) improvised with food tokens")
        return real + imp

    def return_gold(self, n: int):
        """Coins paid back: improvised ones first (their food back to the food reserve)."""
        if not self.A.gold_limit:
            return
        back = min(n, self.box["improvised"])
        self.box["improvised"] -= back
        self.return_food(back)
        self.box["gold"] += n - back

    def return_goods(self, kind, goods: int):
        """A fired or taken merchant's goods go back to the reserve."""
        if kind == "gold":
            self.return_gold(goods)
        elif kind == "food":
            self.return_food(goods)

    # ------------------------------------------------------------------------ penalties
    def tokens_left(self) -> int:
        return self.box["penalties"] if self.A.penalty_limit else UNLIMITED_LEFT

    def take_tokens(self, u: int):
        if self.A.penalty_limit:
            self.box["penalties"] -= u

    # ------------------------------------------------------------------------ pieces
    def pieces_left(self, kind: str) -> int:
        """Fields (``"field"``) or sticks a player can still take: the board supply and the
        set-aside ones (unlimited unless ``set_aside`` = ``box``)."""
        aside = self.A.field_aside if kind == "field" else self.A.stick_aside
        if aside < 0:
            return UNLIMITED_LEFT
        return self.supply[kind] + self.box[kind]

    def take_aside(self, kind: str):
        if (self.A.field_aside if kind == "field" else self.A.stick_aside) >= 0:
            self.box[kind] -= 1

    # ------------------------------------------------------------------------ check
    def box_conserved(self) -> bool:
        """Every limited piece is somewhere (see ``box.box_conserved``, written again here)."""
        A = self.A
        ok = True
        food = self.box["food"] + self.box["improvised"] + sum(self.tile_food) + sum(
            pl.food + sum(g for k, g in pl.merchants if k != "gold") for pl in self.players)
        gold = self.box["gold"] - self.box["improvised"] + sum(
            pl.gold + sum(g for k, g in pl.merchants if k == "gold") for pl in self.players)
        if A.food_limit and (food != A.food_limit or self.box["food"] < 0):
            ok = False
        if A.gold_limit and (gold != A.gold_limit or self.box["gold"] < 0
                             or self.box["improvised"] < 0):
            ok = False
        if A.penalty_limit and (self.box["penalties"] < 0 or self.box["penalties"]
                                + sum(pl.penalties for pl in self.players) != A.penalty_limit):
            ok = False
        return ok and self.box["field"] >= 0 and self.box["stick"] >= 0
