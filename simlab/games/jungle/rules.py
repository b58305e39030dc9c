"""Jungle Rumble: rules and component data (supplies, yields, tiles, scoring) as a frozen,
validated dataclass.

Everything the kernel needs is here and nowhere else; :meth:`JungleRules.to_arrays` turns it into
plain numpy arrays. Readings of the rulebook (see ``shared/rules/README.md``) and the choices made
where it is silent are documented on the fields and listed here; data the rulebook does not print
is marked *assumed*.

Readings where the rulebook is silent or ambiguous:

- start: no food, 2 awake workers, 2 horizontally adjacent fields with the stick between them (both
  irrigated); the first player is drawn from the game's stream (one draw, before anything else);
- a turn is wake-up (+1 food if no worker sleeps; one sleeper wakes free; two or more: 1 food per
  kitten woken, any number) and selling (each merchant takes one unit of its kind from the
  reserve, optionally), then the action, the followers in clockwise order, then the active
  player's feeding; merchants are always awake and never sent;
- a merchant's kind (food or gold) is fixed by its first sale (rule option ``merchant_kind_at``;
  ``recruit``: chosen at recruitment, together with worker/merchant);
- feeding: the need is ``2 * kittens - irrigated fields`` (surplus lost). A player short of food
  may fire kittens first (+3 food each, a merchant's goods are lost); every kitten still unfed
  costs a -3 penalty, unfed kittens = ceil(shortfall / 2), and the food left over that is not a
  whole kitten's ration stays in the reserve. A player may also leave kittens unfed by choice
  (the rulebook's "doesn't want to feed": a bot decision, ``decide_unfed``); firing is offered
  when short of food;
- actions are limited by what can be done: gold for recruits, free edges next to one's own
  fields for sticks (an edge takes one stick), free cells of the table (``grid`` x ``grid``,
  *assumed* big enough never to bind in practice) for fields; a follower needs an awake worker
  and room for one unit; a follower on food gets the 1-kitten yield;
- recruiting: each family has ``max_family`` kitten tiles. With none left in one's reserve (also
  part-way through one recruitment: 5 kittens, 3 gold, 3 sent = 1 from the reserve, 2 taken) the
  recruiter takes a kitten from an opponent with at least one (the recruiter chooses whom; the
  victim gives up a sleeping worker, else an awake worker, else the merchant with fewest goods,
  whose goods go back to the reserve) and the game ends at the end of the round. A fired kitten's
  tile returns to its family's reserve (own tiles are fired first);
- the end is triggered by taking the last field tile or the last stick of the board supply (later
  takes use the set-aside pieces, unlimited) or an opponent's kitten; it comes at the end of that
  round. ``end_reasons`` counts the first trigger of the round. When no player has a worker
  left (merchants are never sent; recruiting needs a worker) no piece can ever be taken again:
  the rulebook has no end for this, so the game ends with that round (``no_workers``);
- at the end each awake kitten (awake workers and merchants, which stay awake) gives 1 food
  (a valuation: "is worth 1 unit of food", not a take from the reserve);
- the box (readings ``food_limit``, ``gold_limit``, ``improvise_gold``, ``penalty_limit``,
  ``set_aside``): food units, gold coins and penalty tokens unlimited by default except the
  rulebook's 20 coins, beyond which gold is improvised from the food tokens (so unlimited while
  food is); a take from a short reserve gets what is left (the food action, +1 food at the
  wake-up or a pass, the fired kitten's 3 food, the unchosen tiles' food in tile order) and an
  action takes at most what is left (gold, food, fields, sticks: ``family.capacity``); with no
  penalty token left a kitten that cannot be fed is fired (the one ``give_up_code`` gives);
  the set-aside fields and sticks are unlimited (the rulebook: "the number of field tiles and
  irrigation sticks is not limited"), or the box's 34 and 32 less the counts taken;
- a stick scores 2 when fields lie on both sides of its edge at the end, else 1;
- ties: the rulebook only says the highest score wins, so tied top scores share the victory.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simlab.core.params import apply_overrides, coerce
from simlab.errors import SimlabError

ACTIONS = ("food", "irrigation", "gold", "recruit", "fields")
A_FOOD, A_IRRIG, A_GOLD, A_RECRUIT, A_FIELDS = range(5)
N_ACTIONS = 5
N_TILES = 5
MAX_SEND = 6
#: *assumed* variant tile pairs (the rulebook pictures them but does not print the list)
DEFAULT_VARIANT_TILES = ("food+irrigation", "irrigation+gold", "gold+recruit", "recruit+fields",
                         "fields+food")
#: board supply of (fields, sticks) by player count (rulebook "Setup")
FIELD_SUPPLY = (22, 25, 30)
STICK_SUPPLY = (22, 25, 28)
MERCHANT_KIND_AT = ("first_sale", "recruit")
#: each player's start pieces (rulebook "Setup": 2 field tiles and 1 irrigation stick)
START_FIELDS, START_STICKS = 2, 1
#: the box (rulebook "Game components": 34 field tiles, 32 irrigation sticks, 36 food tokens
#: worth 1, 2 and 5 units, 20 gold coin tokens, 5 penalty tokens)
BOX_FIELDS, BOX_STICKS, BOX_FOOD_TOKENS, BOX_GOLD, BOX_PENALTIES = 34, 32, 36, 20, 5
SET_ASIDE = ("unlimited", "box")
#: "unlimited" for a box limit (food_limit, gold_limit, penalty_limit)
UNLIMITED = 0


class JungleArrays(NamedTuple):
    """The rules as arrays and scalars for ``nb.py`` (no Python objects)."""

    yields: np.ndarray       # (MAX_SEND,) int64: food for 1..6 kittens
    tile_act: np.ndarray     # (N_TILES, 2) int64: actions pictured on each tile (twice = normal)
    edge_cells: np.ndarray   # (NE, 2) int64: the cells on both sides of an edge (-1 = outside)
    cell_edges: np.ndarray   # (NC, 4) int64: the edges of a cell (left, right, up, down)
    cell_nbrs: np.ndarray    # (NC, 4) int64: the neighbours of a cell (-1 = outside)
    n_players: int
    grid: int
    n_cells: int
    n_edges: int
    field_supply: int
    stick_supply: int
    start_workers: int
    start_food: int
    max_send: int
    max_family: int
    variant: int
    food_per_kitten: int
    fire_food: int
    penalty: int
    kitten_points: int
    merchant_gold_points: int
    merchant_food_points: int
    gold_points: int
    food_per_point: int
    max_rounds: int
    start_from_supply: int   # 1: field_supply / stick_supply are after the start pieces
    kind_at_recruit: int     # 1: a merchant's kind is chosen at recruitment, 0: at its first sale
    food_limit: int          # food units in the box (0: unlimited)
    gold_limit: int          # gold coins in the box (0: unlimited)
    improvise_gold: int      # 1: gold beyond the coins is improvised from the food tokens
    penalty_limit: int       # penalty tokens in the box (0: unlimited)
    field_aside: int         # set-aside field tiles (-1: unlimited)
    stick_aside: int         # set-aside irrigation sticks (-1: unlimited)
    box_binds: int           # 1: the box can limit an action (food, gold or set-aside pieces)


def parse_tiles(tiles, where: str) -> np.ndarray:
    """``("food+irrigation", ...)`` as a (5, 2) array of action codes."""
    if len(tiles) != N_TILES:
        raise SimlabError(f"{where}: expected {N_TILES} tiles, got {len(tiles)}: {tiles!r}")
    out = np.zeros((N_TILES, 2), dtype=np.int64)
    for t, text in enumerate(tiles):
        parts = [s.strip() for s in str(text).split("+")]
        if len(parts) != 2 or any(s not in ACTIONS for s in parts) or parts[0] == parts[1]:
            raise SimlabError(f"{where}: tile {t} must be two different actions joined by '+' "
                              f"({', '.join(ACTIONS)}), got {text!r}")
        out[t] = [ACTIONS.index(s) for s in parts]
    return out


def grid_geometry(g: int):
    """Cells ``r*g+c`` of a g x g table and its edges: first the edges between horizontal
    neighbours, ``r*(g+1)+c`` left of cell (r, c) (c = g: right border), then the edges between
    vertical neighbours, ``g*(g+1) + r*g + c`` above cell (r, c) (r = g: bottom border)."""
    nc, nv = g * g, g * (g + 1)
    ne = 2 * nv
    edge_cells = np.full((ne, 2), -1, dtype=np.int64)
    cell_edges = np.zeros((nc, 4), dtype=np.int64)
    cell_nbrs = np.full((nc, 4), -1, dtype=np.int64)
    for r in range(g):
        for c in range(g + 1):
            e = r * (g + 1) + c
            edge_cells[e] = [r * g + c - 1 if c > 0 else -1, r * g + c if c < g else -1]
    for r in range(g + 1):
        for c in range(g):
            e = nv + r * g + c
            edge_cells[e] = [(r - 1) * g + c if r > 0 else -1, r * g + c if r < g else -1]
    for r in range(g):
        for c in range(g):
            x = r * g + c
            cell_edges[x] = [r * (g + 1) + c, r * (g + 1) + c + 1, nv + r * g + c,
                             nv + (r + 1) * g + c]
            cell_nbrs[x] = [x - 1 if c > 0 else -1, x + 1 if c < g - 1 else -1,
                            x - g if r > 0 else -1, x + g if r < g - 1 else -1]
    return edge_cells, cell_edges, cell_nbrs


@dataclass(frozen=True)
class JungleRules:
    """Rules of Jungle Rumble, with every choice the rulebook leaves open (see the module doc).

    Attributes
    ----------
    players : int
        2 to 4.
    field_supply, stick_supply : tuple of int
        Field tiles / irrigation sticks taken for 2, 3 and 4 players (rulebook: 22/25/30 and
        22/25/28). Taking the last one of the board supply ends the game at the end of the
        round.
    merchant_kind_at : str
        ``first_sale``: a merchant takes food or gold at its first sale and keeps that kind (the
        rulebook's "A merchant may sell only one type of merchandise until the end of the
        game"); ``recruit``: the kind is chosen when the merchant is recruited.
    start_from_supply : bool
        The start pieces (2 fields and 1 stick per player) come out of those counts, so the
        board supply is 18/19/22 fields and 20/22/24 sticks (reading ``start_from_supply``: the
        box's 34 fields cannot give 30 + 8 in a 4-player game); False: from elsewhere.
    food_yields : tuple of int
        Food for 1..6 kittens sent (rulebook 2/5/8/12/16/20); a follower gets the first.
    max_send : int
        Kittens an active player may send (rulebook: up to 6).
    max_family : int
        Kitten tiles per family (rulebook 6); a further recruit is taken from an opponent.
    start_workers : int
        Awake workers at the start (rulebook 2).
    start_food : int
        Food at the start (the rulebook gives none: 0).
    variant : bool
        Two-action tiles: the active player plays one action, followers the other.
    variant_tiles : tuple of str
        The five two-action tiles (*assumed* cycle food+irrigation, irrigation+gold,
        gold+recruit, recruit+fields, fields+food; not printed).
    food_per_kitten, fire_food, penalty : int
        Feeding: 2 food per kitten, firing gives 3 food, an unfed kitten costs 3 points.
    kitten_points, merchant_gold_points, merchant_food_points, gold_points, food_per_point : int
        Scoring: 3 per kitten, 3 per gold and 2 per food on merchants, 1 per gold and 1 per 2
        food in the reserve (sticks: 1 on an outer edge, 2 between two fields).
    grid : int
        Side of each player's table in cells (*assumed* 11: fields are placed inside it; a
        modelling bound, the start is in the middle).
    max_rounds : int
        Safety bound on rounds (a modelling guard: hits are counted and reported as an invariant
        violation).
    food_limit : int
        Food units in the box's common reserve (0: unlimited, the default). The rulebook's box
        holds "36 food tokens (worth 1, 2 and 5 units)" without the split: 41 to 173 units.
    gold_limit : int
        Gold coins in the box (rulebook 20; 0: unlimited).
    improvise_gold : bool
        Once the coins are out, gold is improvised from the food tokens (the rulebook's "you
        can improvise money using the food tokens"): each improvised coin takes a food unit
        out of the reserve until it is paid back.
    penalty_limit : int
        Penalty tokens in the box (0: unlimited, the default; the box holds 5). With none left
        a kitten that cannot be fed is fired.
    set_aside : str
        ``unlimited`` (the rulebook: "the number of field tiles and irrigation sticks is not
        limited"): the set-aside pieces never run out; ``box``: the box's 34 fields and 32
        sticks less the counts taken for the player count.
    """

    players: int = 4
    field_supply: tuple[int, ...] = FIELD_SUPPLY
    stick_supply: tuple[int, ...] = STICK_SUPPLY
    start_from_supply: bool = True
    merchant_kind_at: str = "first_sale"
    food_yields: tuple[int, ...] = (2, 5, 8, 12, 16, 20)
    max_send: int = 6
    max_family: int = 6
    start_workers: int = 2
    start_food: int = 0
    variant: bool = False
    variant_tiles: tuple[str, ...] = DEFAULT_VARIANT_TILES
    food_per_kitten: int = 2
    fire_food: int = 3
    penalty: int = 3
    kitten_points: int = 3
    merchant_gold_points: int = 3
    merchant_food_points: int = 2
    gold_points: int = 1
    food_per_point: int = 2
    grid: int = 11
    max_rounds: int = 300
    food_limit: int = UNLIMITED
    gold_limit: int = BOX_GOLD
    improvise_gold: bool = True
    penalty_limit: int = UNLIMITED
    set_aside: str = "unlimited"

    def __post_init__(self):
        def bad(name, what, got):
            raise SimlabError(f"rules.{name}: expected {what}, got {got!r}")

        if not 2 <= self.players <= 4:
            bad("players", "2 to 4 players", self.players)
        for name in ("field_supply", "stick_supply"):
            v = getattr(self, name)
            if len(v) != 3 or min(v) < 1 or max(v) > 500:
                bad(name, "3 counts (for 2, 3, 4 players) of 1 to 500", v)
        if self.merchant_kind_at not in MERCHANT_KIND_AT:
            bad("merchant_kind_at", "one of " + ", ".join(MERCHANT_KIND_AT),
                self.merchant_kind_at)
        if not isinstance(self.start_from_supply, bool):
            bad("start_from_supply", "true or false", self.start_from_supply)
        fields, sticks = self.board_supply()
        if fields < 1 or sticks < 1:
            k = self.players - 2
            bad("field_supply" if fields < 1 else "stick_supply",
                f"more than the start pieces of {self.players} players "
                f"({START_FIELDS * self.players} fields, {START_STICKS * self.players} sticks) "
                f"with start_from_supply", (self.field_supply if fields < 1
                                            else self.stick_supply)[k])
        if len(self.food_yields) != MAX_SEND or min(self.food_yields) < 0 or \
                max(self.food_yields) > 1000:
            bad("food_yields", f"{MAX_SEND} yields (1..{MAX_SEND} kittens) of 0 to 1000",
                self.food_yields)
        if not 1 <= self.max_send <= MAX_SEND:
            bad("max_send", f"1 to {MAX_SEND}", self.max_send)
        if not 2 <= self.max_family <= 6:
            bad("max_family", "2 to 6 kitten tiles per family", self.max_family)
        if not 1 <= self.start_workers <= self.max_family:
            bad("start_workers", f"1 to max_family ({self.max_family})", self.start_workers)
        if not 0 <= self.start_food <= 1000:
            bad("start_food", "0 to 1000", self.start_food)
        parse_tiles(self.variant_tiles, "rules.variant_tiles")
        for name in ("food_per_kitten", "fire_food", "penalty", "kitten_points",
                     "merchant_gold_points", "merchant_food_points", "gold_points"):
            if not 0 <= getattr(self, name) <= 100:
                bad(name, "0 to 100", getattr(self, name))
        if not 1 <= self.food_per_point <= 100:
            bad("food_per_point", "1 to 100", self.food_per_point)
        if not 7 <= self.grid <= 31:
            bad("grid", "7 to 31 cells", self.grid)
        if not 1 <= self.max_rounds <= 10_000:
            bad("max_rounds", "1 to 10000", self.max_rounds)
        for name, top in (("food_limit", 100_000), ("gold_limit", 10_000),
                          ("penalty_limit", 1000)):
            if not 0 <= getattr(self, name) <= top:
                bad(name, f"0 (unlimited) to {top}", getattr(self, name))
        if self.food_limit and self.food_limit < self.start_food * self.players:
            bad("food_limit", f"0 (unlimited) or at least the start food of {self.players} "
                f"players ({self.start_food * self.players})", self.food_limit)
        if not isinstance(self.improvise_gold, bool):
            bad("improvise_gold", "true or false", self.improvise_gold)
        if self.set_aside not in SET_ASIDE:
            bad("set_aside", "one of " + ", ".join(SET_ASIDE), self.set_aside)
        if self.set_aside == "box":
            fa, sa = self.aside_pieces()
            if fa < 0 or sa < 0:
                bad("set_aside", f"'unlimited', or 'box' with the pieces counted for "
                    f"{self.players} players within the box's {BOX_FIELDS} fields and "
                    f"{BOX_STICKS} sticks (start pieces included)", self.set_aside)

    def board_supply(self) -> tuple[int, int]:
        """(fields, sticks) on the scoring board at the start: the counts taken for this many
        players, less the start pieces when ``start_from_supply``."""
        k = self.players - 2
        f, s = int(self.field_supply[k]), int(self.stick_supply[k])
        if self.start_from_supply:
            f -= START_FIELDS * self.players
            s -= START_STICKS * self.players
        return f, s

    def aside_pieces(self) -> tuple[int, int]:
        """(fields, sticks) set aside at the start: the box's 34 and 32 less the board supply
        and the start pieces (``set_aside`` = ``box``); (-1, -1) when ``unlimited``, and
        negative counts when the pieces counted do not fit in the box."""
        if self.set_aside == "unlimited":
            return -1, -1
        f, s = self.board_supply()
        return (BOX_FIELDS - f - START_FIELDS * self.players,
                BOX_STICKS - s - START_STICKS * self.players)

    def box_binds(self) -> bool:
        """Whether the box can limit what an action takes: food limited, coins not made up by
        improvising from unlimited food, or the set-aside pieces counted (the kernel's capacity
        skips the box otherwise: the same answer, faster)."""
        gold = bool(self.gold_limit) and not (self.improvise_gold and not self.food_limit)
        return bool(self.food_limit) or gold or self.set_aside != "unlimited"

    def tiles(self) -> np.ndarray:
        """The action tiles in play: (5, 2) action codes (the same action twice = normal)."""
        if self.variant:
            return parse_tiles(self.variant_tiles, "rules.variant_tiles")
        return np.repeat(np.arange(N_TILES, dtype=np.int64)[:, None], 2, axis=1)

    def to_arrays(self) -> JungleArrays:
        """The rules as arrays for the kernel."""
        edge_cells, cell_edges, cell_nbrs = grid_geometry(self.grid)
        fields, sticks = self.board_supply()
        field_aside, stick_aside = self.aside_pieces()
        return JungleArrays(
            np.array(self.food_yields, dtype=np.int64), self.tiles(), edge_cells, cell_edges,
            cell_nbrs, int(self.players), int(self.grid), int(self.grid ** 2),
            int(edge_cells.shape[0]), fields, sticks,
            int(self.start_workers), int(self.start_food), int(self.max_send),
            int(self.max_family), int(self.variant), int(self.food_per_kitten),
            int(self.fire_food), int(self.penalty), int(self.kitten_points),
            int(self.merchant_gold_points), int(self.merchant_food_points),
            int(self.gold_points), int(self.food_per_point), int(self.max_rounds),
            int(self.start_from_supply), int(self.merchant_kind_at == "recruit"),
            int(self.food_limit), int(self.gold_limit), int(self.improvise_gold),
            int(self.penalty_limit), int(field_aside), int(stick_aside),
            int(self.box_binds()))


def make_rules(players: int = 4, overrides: dict | None = None,
               where: str = "rules") -> JungleRules:
    """Build validated rules for ``players`` with ``overrides`` (``{field: value}``)."""
    overrides = dict(overrides or {})
    players = coerce(overrides.pop("players", players), int, f"{where}.players")
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise SimlabError(f"{where}.players: expected 2 to 4 players, got {players!r}")
    return apply_overrides(JungleRules(players=players), overrides, where)


RULE_OPTIONS = [f.name for f in dataclasses.fields(JungleRules)]
