"""Jungle Rumble: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. The kernel
(and the reference engine, through a state view) asks a bot for each decision:

``decide_wake`` sleeping workers to wake for 1 food each (two or more asleep);
``decide_sell`` units of one kind for the merchants; ``decide_action`` tile, action (variant) and
workers sent, as ``tile * 16 + side * 8 + workers``; ``decide_follow`` 1 to follow, 0 to pass;
``decide_role`` worker / food merchant / gold merchant for a recruit; ``decide_victim`` the
opponent to take a kitten from; ``decide_fire`` a kitten to fire (-1: none) when short of food;
``decide_unfed`` how many kittens go unfed (penalties) at the feeding;
``decide_field`` / ``decide_stick`` where a field / stick goes.

``random`` (id 0)
    Uniform over the legal choices of every decision. When short of food it chooses uniformly
    among keeping its kittens, firing a sleeping worker, an awake worker or one of its merchants
    (never its last kitten: a family without kittens can never take a piece, and a game where
    no one can never ends).
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
    first, and what a farm pays for (a recruit is worth ``kitten`` 2 more: its irrigated
    fields feed it; food merchants take the food it does not need, ``merchants`` 0.3,
    ``sell_margin`` 0); trader: gold and merchants; breeder: recruits early
    (``early_rounds``); weights: every parameter exposed (for sweeps and tuning). ``noise``
    adds a uniform [0, noise) draw from the game's stream to every option of the action choice (0: no noise; the game itself
    has no chance beyond the first player, so identical noiseless bots would replay the same
    few games). ``end`` weighs the end of the game: taking the last field tile or
    stick of the board supply (or an opponent's kitten) ends it at the end of the round, which
    is good for a player who leads and bad for one who trails. An option adds ``end`` x the
    share of the way to the end it goes (1 when it triggers the end, else the share of the
    remaining fields or sticks it takes) x the bot's lead over the best opponent on the
    current scores (everyone's points after their next feeding; the option's recruits and
    sticks counted; capped at 40 points either way): leading, it races to the end; trailing,
    it keeps the game going. (The old ``rush`` bonus, per piece x round number, whose only job
    was to make games end, is gone.)

    **Ties** (the project's fairness rule: opponents are treated by what they hold, never by
    where they sit): between equally good options of any decision (opponents of the same
    family size to take a kitten from, cells or edges of equal value, action options of equal
    value) the bot draws uniformly from the game's stream (a draw only when there is a tie),
    never the first clockwise or the first in loop order. With ``noise`` > 0 the action
    options practically never tie.
``lookahead`` (6)
    Flat Monte Carlo search on the action and follow decisions (the others by the greedy rules
    and its greedy weights, which are its first parameters). Action: every legal (tile, side,
    workers) option is ranked by the greedy evaluation (no noise) and the best ``width`` are
    each tried in ``playouts`` simulated continuations; follow: pass and follow are each tried
    in ``playouts`` continuations. A continuation copies the state into preallocated scratch
    (:class:`~simlab.games.jungle.state.JungleScratch`), applies the option, finishes the turn
    and plays on with **every seat played by its own bot** (the line-up is known; a lookahead
    seat, itself included, plays greedy with its own weights, a custom bot is stood in for by
    greedy with its default weights), to the end of the game or, with
    ``horizon`` > 0, to the end of the round ``horizon`` rounds after the current one, where
    the position is scored as if the game ended. A continuation is worth the seat's win share
    (1/k in a k-way tie) + (its score - the best other score) / 1000; the option with the best
    mean is taken (ties: the greedy order, in which options of equal greedy value are ranked in
    an order drawn from the game's stream). Continuation r of every option draws from its own
    stream seeded from one draw of the game's stream (common random numbers), so the search is
    a deterministic function of the game's stream: kernel and reference agree game for game.
    ``follow_search`` 0 follows by the greedy rule (no playouts on the follow); ``margin`` > 0
    searches only those of the best ``width`` options whose greedy value lies within
    ``margin`` points of the best (none within it: the greedy choice). Defaults: ``playouts``
    8, ``width`` 4, ``horizon`` 0 (to the end; games last ~11 rounds), ``follow_search`` 1,
    ``margin`` 0. ``width`` 1 or ``playouts`` 0 skip the search (the greedy choice without
    noise). How much the search gains at each budget: ``simlab skill jungle``
    (``scenarios/jungle-skill.toml``).
``search`` (6: the lookahead's id, its own defaults; ``JungleGame.search_bot``)
    The default search: ``playouts`` 1, ``width`` 8, ``horizon`` 4, ``follow_search`` 0,
    ``margin`` 6: the action searched over the options close to the greedy best, each played
    on 4 rounds, the follows by the greedy rule. Measured against greedy (one seat, every
    seat in turn, 3 players) as strong as ``lookahead(playouts=8)`` at over 10x its games/s
    (DESIGN.md).

``first`` (7, bench only: ``JungleGame.bench_bots``)
    No evaluation: the first legal option of every decision in a fixed listing, so that
    ``simlab bench`` times the rules alone. The listing is the custom-bot one below with
    amounts from the most down and the tiles from the last: it wakes and sells all it can,
    takes the last free tile (fields first, then recruit, gold, irrigation, food) on its first
    side with every kitten it may send, always follows, recruits workers, takes from the first
    opponent clockwise with a kitten, never fires and leaves unfed only the kittens its food
    cannot feed, and places on the first legal cell or edge in table order. (Listed from the
    fewest and the first tile, no piece would ever be taken: no kitten sent, and with 3
    players the first three tiles, food, irrigation and gold, hold 18 sticks at most, fewer
    than the 22 of the supply, so no game would end before the round bound.) It sits by
    seat, not by what opponents hold: not a player for any finding.

Custom bots (``@simlab.bot("jungle", params={...})``, bot id ``CUSTOM_ID`` = 63)
-------------------------------------------------------------------------------
A custom bot is a numba function ``fn(A, st, seat, kind, option, params) -> float`` that scores
one legal option of one decision; the kernel asks it about every legal option, in the order
below, and takes the highest score; options whose scores are within 1e-9 of each other are tied,
and a tie is drawn uniformly from the game's stream (one draw per tied option, none without a
tie), as the built-in bots draw theirs, never the first in the order below. Every decision a
built-in bot makes, a
custom bot makes; ``kind`` says which (``option`` is the same code the built-in bots return):

``KIND_WAKE`` (0)
    Two or more kittens asleep at the wake-up: ``option`` = sleeping workers to wake for 1 food
    each, ``0 .. min(st.asleep[seat], st.food[seat])``.
``KIND_SELL_FOOD`` (1), ``KIND_SELL_GOLD`` (2)
    Selling: ``option`` = units of food / gold given to the merchants that may take it (one
    each at most: those of that kind, then those without a kind yet, ``mkind`` = ``M_UNSET``,
    whose first sale fixes it), ``0 .. min(such merchants, food or gold in the reserve)``.
``KIND_ACTION`` (3)
    The action: ``option = tile * 16 + side * 8 + workers`` for every free tile
    (``st.tile_used[tile] == 0``), ``side`` 0 (1 too in the variant: the tile's second action)
    and ``workers`` ``0 .. send_limit`` (awake workers, at most ``A.max_send``, and what the
    action can take: gold for recruits, free edges for sticks, free cells for fields). The
    action is ``A.tile_act[tile, side]`` (``A_FOOD`` 0, ``A_IRRIG`` 1, ``A_GOLD`` 2,
    ``A_RECRUIT`` 3, ``A_FIELDS`` 4 in ``rules.py``); the tile's food ``st.tile_food[tile]`` comes
    with it.
``KIND_FOLLOW`` (4)
    Another player's action: ``option`` 0 passes (wakes a sleeping kitten free, or +1 food),
    1 follows with one awake worker on action ``st.info[I_FOLLOW]`` (asked only when possible).
``KIND_ROLE`` (5)
    A recruit's role: ``option`` 0 worker, 1 food merchant, 2 gold merchant (with
    ``merchant_kind_at`` = ``first_sale``, the default, 1 and 2 both make a merchant without a
    kind, fixed by its first sale).
``KIND_VICTIM`` (6)
    No kitten tile left in the seat's reserve: ``option`` = the opponent (seat) to take a
    kitten from, every opponent with one, clockwise from the seat.
``KIND_FIRE`` (7)
    Short of food at the feeding (asked again after each firing): ``option`` -1 keeps the
    family (unfed kittens cost penalties), 0 fires a sleeping worker, 1 an awake one, 2 + i
    merchant slot i (its goods are lost); each fired kitten gives ``A.fire_food`` food.
``KIND_UNFED`` (10)
    The feeding, after any firing: ``option`` = kittens left unfed (each a -3 penalty token,
    keeping its 2 food), from those the food cannot feed up to every kitten whose ration is
    needed (the rulebook: "can't or doesn't want to feed").
``KIND_FIELD`` (8), ``KIND_STICK`` (9)
    Placing a new field / stick: ``option`` = the cell (``row * A.grid + col``) / the edge
    (``A.edge_cells[edge]`` the cells on both sides, -1 outside), every legal one in
    increasing order (also in ``st.cand[0 .. st.info[I_NCAND] - 1]``).

What a bot reads (all read-only; a custom bot must not write to ``st``):

- ``A`` (:class:`~simlab.games.jungle.rules.JungleArrays`): ``n_players``, ``yields[n - 1]``
  (food for n kittens), ``tile_act[tile, side]``, ``variant``, ``max_send``, ``max_family``,
  ``food_per_kitten``, ``fire_food``, ``penalty``, ``kitten_points``, ``gold_points``,
  ``merchant_gold_points``, ``merchant_food_points``, ``food_per_point``, ``grid``,
  ``cell_nbrs[cell, k]`` / ``cell_edges[cell, k]`` / ``edge_cells[edge, 0..1]`` (the table).
- ``st`` (:class:`~simlab.games.jungle.state.JungleState`), per seat ``q``: ``food[q]``,
  ``gold[q]``, ``awake[q]``, ``asleep[q]``, ``nm[q]`` (merchants) with ``mkind[q, i]``
  (``M_FOOD`` 0 / ``M_GOLD`` 1 / ``M_UNSET`` 2: no sale yet) and ``mgoods[q, i]`` for ``i < nm[q]``, ``held[q, f]`` (kitten
  tiles of family f; the family size is ``awake + asleep + nm``), ``penal[q]``, ``nfield[q]``,
  ``nwet[q]`` (irrigated fields), ``nstick[q]``, ``free_e[q]`` / ``inner_e[q]`` (edges where a
  stick may go / between two fields), ``field[q, cell]``, ``wet[q, cell]``, ``stick[q, edge]``,
  ``nbr_fields[q, cell]`` / ``cell_sticks[q, cell]`` (q's fields next to a cell / sticks on its
  edges), ``score_base[q]`` (q's points apart from its reserve food); the board:
  ``tile_food[t]``, ``tile_used[t]``, ``info[I_ROUND]`` (1-based),
  ``info[I_ACTIVE]``, ``info[I_FIRST]``, ``info[I_TRIGGER]`` (0 while the end is not
  triggered), ``info[I_FSUP]`` / ``info[I_SSUP]`` (fields / sticks left in the supply),
  ``info[I_FOLLOW]`` (the action followers take, -1 outside the followers' decisions); the
  box (``box.py``, where a rule limits it): ``info[I_FOOD_RES]`` / ``info[I_GOLD_RES]`` (food
  units / coins in the common reserve), ``info[I_IMPROV]`` (coins improvised from food tokens),
  ``info[I_PEN_LEFT]`` (penalty tokens left), ``info[I_FASIDE]`` / ``info[I_SASIDE]``
  (set-aside fields / sticks left); ``box.food_left``, ``gold_left``, ``penalty_tokens_left``
  and ``pieces_left`` read them as the rules do (a large number when unlimited).
  Constants are in ``state.py`` and ``rules.py``; the rule helpers of ``family.py``
  (``kittens``, ``field_need``, ``send_limit``...) and ``board.py`` (``cell_ok``, ``edge_ok``...)
  may be called.
- ``params``: the bot's parameters (``float64``, in the order of its ``params`` dict; the vector
  may be longer, padded with zeros).

Example: a bot that sends as many workers as it can to food and never follows::

    import simlab

    @simlab.bot("jungle", params={"food": 1.0})
    def glutton(A, st, seat, kind, option, params):
        if kind == 3:  # KIND_ACTION
            a = A.tile_act[option // 16, (option // 8) % 2]
            return params[0] * (option % 8) if a == 0 else 0.0
        if kind == 4:  # KIND_FOLLOW
            return -option
        return 0.0     # every other decision: the first legal option

A worked strategy (a food hoarder) is ``examples/custom_bots/jungle.py``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import randint
from simlab.games.jungle.board import legal_cells, legal_edges
from simlab.games.jungle.family import field_need, give_up_code, kittens, sale_slots, send_limit
from simlab.games.jungle.greedy import (
    PARAMS,
    W_FIRE,
    W_FOOD,
    W_GOLDM,
    W_MERCH,
    W_SELL,
    W_SEND,
    _greedy_follow,
    greedy_action,
)
from simlab.games.jungle.rules import N_TILES
from simlab.games.jungle.state import (
    K_ASLEEP,
    K_AWAKE,
    K_MERCHANT,
    M_FOOD,
    M_GOLD,
    M_UNSET,
    ROLE_FOOD_MERCHANT,
    ROLE_GOLD_MERCHANT,
    ROLE_WORKER,
)

(BOT_RANDOM, BOT_GREEDY, BOT_FARMER, BOT_TRADER, BOT_BREEDER, BOT_WEIGHTS, BOT_LOOKAHEAD,
 BOT_FIRST) = range(8)
#: the decisions a custom bot scores (see the module docstring for the option codes)
(KIND_WAKE, KIND_SELL_FOOD, KIND_SELL_GOLD, KIND_ACTION, KIND_FOLLOW, KIND_ROLE, KIND_VICTIM,
 KIND_FIRE, KIND_FIELD, KIND_STICK, KIND_UNFED) = range(11)
KIND_NAMES = ("wake", "sell_food", "sell_gold", "action", "follow", "role", "victim", "fire",
              "field", "stick", "unfed")
#: the lookahead bot's own parameters, after its greedy weights
LOOK_PARAMS = ("playouts", "width", "horizon", "follow_search", "margin")
W_PLAYOUTS, W_WIDTH, W_HORIZON, W_FOLLOW_SEARCH, W_MARGIN = range(
    len(PARAMS), len(PARAMS) + len(LOOK_PARAMS))
N_PARAMS = len(PARAMS) + len(LOOK_PARAMS)

_GREEDY = (2.0, 1.0, 6.0, 0.0, 0.0, 0.0, 0.5, 2.0, 0.0, 0.0, 0.0, 0.3, 0.5, 0.7, 3.0, 2.0, 0.5, 1.0)
#: the farmer (issue 38): fields and irrigation first, and what a farm pays for: the kittens its
#: irrigated fields feed (``kitten`` 2), food merchants for the food it does not need
#: (``merchants`` 0.3, ``sell_margin`` 0), ``field`` 1.0, ``end`` 2 (tuned: DESIGN.md)
_FARMER = (2.0, 1.0, 6.0, 0.0, 2.0, 0.0, 1.0, 3.0, 1.0, 0.0, 0.0, 0.3, 0.5, 0.7, 3.0, 0.0, 0.5, 2.0)
_TRADER = (2.0, 1.0, 6.0, 0.0, 0.5, 0.0, 0.3, 1.5, 0.0, 1.5, 0.0, 1.0, 0.6, 0.7, 3.0, 1.0, 0.5, 1.0)
_BREEDER = (3.0, 1.0, 6.0, 0.0, 3.0, 8.0, 0.5, 2.0, 0.0, 0.5, 0.0, 0.2, 0.5, 0.5, 3.0, 2.0, 0.5, 1.0)
_LOOK = (8.0, 4.0, 0.0, 1.0, 0.0)  # playouts, width, horizon, follow_search, margin
#: the default search (``JungleGame.search_bot``, issue 38: as strong as lookahead(playouts=8)
#: against greedy at >= 10x its games/s; the figures are in DESIGN.md): the lookahead's search
#: on the action only (the follow by the greedy rule), the best 8 actions by the greedy value
#: that lie within 6 points of the best, one continuation each, cut 4 rounds on
_SEARCH = (1.0, 8.0, 4.0, 0.0, 6.0)

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal choices of every decision"),
    "greedy": (BOT_GREEDY, PARAMS, _GREEDY,
               "one-turn lookahead on score plus a food-security term"),
    "farmer": (BOT_FARMER, PARAMS, _FARMER,
               "fields and irrigation first, recruits the kittens its fields feed, sells "
               "its spare food to merchants"),
    "trader": (BOT_TRADER, PARAMS, _TRADER, "gold and merchants"),
    "breeder": (BOT_BREEDER, PARAMS, _BREEDER, "recruits early"),
    "weights": (BOT_WEIGHTS, PARAMS, _GREEDY,
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
    "lookahead": (BOT_LOOKAHEAD, PARAMS + LOOK_PARAMS, _GREEDY + _LOOK,
                  "flat Monte Carlo: the best `width` actions by greedy, `playouts` "
                  "continuations each with the line-up's own bots (follows too)"),
    "search": (BOT_LOOKAHEAD, PARAMS + LOOK_PARAMS, _GREEDY + _SEARCH,
               "the default search: lookahead on the action only (follows by greedy), "
               "`playouts` continuations `horizon` rounds on of the best `width` actions "
               "within `margin` points of the best"),
    "first": (BOT_FIRST, (), (), "bench only: the first legal option of every decision, no "
                                 "evaluation (the rules alone are timed)"),
}
#: bots that exist only for ``simlab bench`` (``JungleGame.bench_bots``)
BENCH_BOTS = ("first",)

# --------------------------------------------------------------------------- custom bots
#: options whose values differ by no more than this are tied (every bot's tolerance)
TIE = 1e-9


@rule(inline=True)
def tie_step(v, o, best, pick, nt, rng):
    """One option ``o`` of value ``v`` in a running choice of the best option whose ties are
    drawn uniformly from the game's stream: ``(best, pick, nt)`` after it, ``nt`` the options
    tied with the best so far (each of them kept with probability 1/nt: one draw per tie,
    none without one). Start from ``(-inf, first option, 0)``."""
    if v > best + TIE:
        return v, o, 1
    if v >= best - TIE:
        nt += 1
        if randint(rng, nt) == 0:
            pick = o
    return best, pick, nt


@rule
def _custom_range(A, st, lineup, p, kind, lo, hi, rng):
    """The custom bot's best option among ``lo .. hi`` (ties drawn from the game's stream)."""
    w = lineup.params[p]
    best = -np.inf
    pick = lo
    nt = 0
    for o in range(lo, hi + 1):
        best, pick, nt = tie_step(lineup.custom(A, st, p, kind, o, w), o, best, pick, nt, rng)
    return pick


@rule
def _custom_cand(A, st, lineup, p, kind, n, rng):
    """The custom bot's best option among ``st.cand[0 .. n - 1]`` (ties drawn from the game's
    stream)."""
    w = lineup.params[p]
    best = -np.inf
    pick = st.cand[0]
    nt = 0
    for i in range(n):
        o = st.cand[i]
        best, pick, nt = tie_step(lineup.custom(A, st, p, kind, o, w), o, best, pick, nt, rng)
    return pick


@rule
def _custom_action(A, st, lineup, p, rng):
    """The custom bot's action: its best option (ties drawn from the game's stream, never the
    first in tile, side, workers order)."""
    w = lineup.params[p]
    sides = 2 if A.variant else 1
    best = -np.inf
    code = -1
    nt = 0
    for t in range(N_TILES):
        if st.tile_used[t] == 1:
            continue
        for side in range(sides):
            for n in range(send_limit(A, st, p, A.tile_act[t, side]) + 1):
                o = t * 16 + side * 8 + n
                v = lineup.custom(A, st, p, KIND_ACTION, o, w)
                best, code, nt = tie_step(v, o, best, o if code < 0 else code, nt, rng)
    return code


# ----------------------------------------------------------------------------- decisions
@rule(inline=True)
def decide_action(A, st, lineup, p, rng):
    """The active player's tile, action (side of a variant tile) and workers sent (the
    lookahead bot, outside :func:`decide_action_search`: its greedy choice). The evaluation
    bots take the best option; options of equal value (within 1e-9, noise included: with
    ``noise`` 0 e.g. two identical variant tiles) are drawn uniformly from the game's stream,
    never the first in tile order."""
    w = lineup.params[p]
    bid = lineup.ids[p]
    sides = 2 if A.variant else 1
    if bid == BOT_FIRST:  # the last free tile, its first side, every kitten it may send
        t = N_TILES - 1
        while st.tile_used[t] == 1:
            t -= 1
        return t * 16 + send_limit(A, st, p, A.tile_act[t, 0])
    if bid == BOT_RANDOM:
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
    if bid == CUSTOM_ID:
        return _custom_action(A, st, lineup, p, rng)
    return greedy_action(A, st, p, w, rng)


@rule(inline=True)
def decide_follow(A, st, lineup, q, rng, a):
    """Follow (1: one awake worker on action a) or pass (0)."""
    bid = lineup.ids[q]
    if bid == BOT_FIRST:
        return 1
    if bid == BOT_RANDOM:
        return randint(rng, 2)
    if bid == CUSTOM_ID:
        return _custom_range(A, st, lineup, q, KIND_FOLLOW, 0, 1, rng)
    return _greedy_follow(A, st, lineup.params[q], q, a)


@rule  # asked by the reference engine (through its twin)
def decide_wake(A, st, lineup, p, rng):
    """Sleeping workers to wake for 1 food each (two or more asleep)."""
    mx = min(st.asleep[p], st.food[p])
    if lineup.ids[p] == BOT_FIRST:
        return mx
    if lineup.ids[p] == BOT_RANDOM:
        return randint(rng, mx + 1)
    if lineup.ids[p] == CUSTOM_ID:
        return _custom_range(A, st, lineup, p, KIND_WAKE, 0, mx, rng)
    w = lineup.params[p]
    return max(0, min(mx, st.food[p] - field_need(A, st, p), int(w[W_SEND])))


@rule  # asked by the reference engine (through its twin)
def decide_sell(A, st, lineup, p, rng, kind):
    """Units of ``kind`` to give the merchants that may take it (one each at most: those of
    that kind, then those without a kind yet, whose first sale fixes it). The evaluation bots
    sell gold always, food above this turn's need + ``sell_margin``; a merchant without a kind
    gets food only when the gold pass that follows could not reach it (gold on a merchant
    scores 3, food 2)."""
    mx = min(sale_slots(st, p, kind), st.food[p] if kind == M_FOOD else st.gold[p])
    if lineup.ids[p] == BOT_FIRST:
        return mx
    if lineup.ids[p] == BOT_RANDOM:
        return randint(rng, mx + 1)
    if lineup.ids[p] == CUSTOM_ID:
        return _custom_range(A, st, lineup, p, KIND_SELL_FOOD if kind == M_FOOD else
                             KIND_SELL_GOLD, 0, mx, rng)
    if kind == M_GOLD:
        return mx
    w = lineup.params[p]
    nf = 0
    nu = 0
    ng = 0
    for i in range(st.nm[p]):
        if st.mkind[p, i] == M_FOOD:
            nf += 1
        elif st.mkind[p, i] == M_UNSET:
            nu += 1
        else:
            ng += 1
    # merchants without a kind that this turn's gold cannot reach may take food
    room = nf + max(0, nu - max(0, st.gold[p] - ng))
    return max(0, min(mx, room, int(st.food[p] - field_need(A, st, p) - w[W_SELL])))


@rule  # asked by the reference engine (through its twin)
def decide_role(A, st, lineup, p, rng):
    """A recruit's role: worker, food merchant or gold merchant."""
    if lineup.ids[p] == BOT_FIRST:
        return ROLE_WORKER
    if lineup.ids[p] == BOT_RANDOM:
        return randint(rng, 3)
    if lineup.ids[p] == CUSTOM_ID:
        return _custom_range(A, st, lineup, p, KIND_ROLE, 0, 2, rng)
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


@rule  # asked by the reference engine (through its twin)
def decide_victim(A, st, lineup, p, rng):
    """The opponent to take a kitten from (one with at least one kitten): random uniform;
    the evaluation bots take the largest family, ties between the largest drawn uniformly from
    the game's stream (never the first clockwise)."""
    n_p = A.n_players
    if lineup.ids[p] == BOT_FIRST:  # the first opponent clockwise with a kitten
        for k in range(1, n_p):
            if kittens(st, (p + k) % n_p) > 0:
                return (p + k) % n_p
        return -1
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
    if lineup.ids[p] == CUSTOM_ID:
        w = lineup.params[p]
        best = -np.inf
        who = -1
        nt = 0
        for k in range(1, n_p):
            q = (p + k) % n_p
            if kittens(st, q) > 0:
                v = lineup.custom(A, st, p, KIND_VICTIM, q, w)
                best, who, nt = tie_step(v, q, best, q if who < 0 else who, nt, rng)
        return who
    best = -1
    who = -1
    nt = 0
    for k in range(1, n_p):
        q = (p + k) % n_p
        kq = kittens(st, q)
        if kq > best:
            best = kq
            who = q
            nt = 1
        elif kq == best:  # a tie: each of the nt largest is kept with probability 1/nt
            nt += 1
            if randint(rng, nt) == 0:
                who = q
    return who


@rule  # asked by the reference engine (through its twin)
def decide_unfed(A, st, lineup, p, rng, lo, hi):
    """How many kittens go unfed at the feeding (lo: those the food cannot feed, up to hi):
    each costs a -3 penalty token and keeps its 2 food. random: uniform over lo..hi; the
    evaluation bots feed every kitten they can unless 2 food are worth more to them than the
    penalty (``food`` weight: 2 x (1 / food_per_point + food) > penalty)."""
    if lineup.ids[p] == BOT_FIRST:
        return lo
    if lineup.ids[p] == BOT_RANDOM:
        return lo + randint(rng, hi - lo + 1)
    if lineup.ids[p] == CUSTOM_ID:
        return _custom_range(A, st, lineup, p, KIND_UNFED, lo, hi, rng)
    w = lineup.params[p]
    if A.food_per_kitten * (1.0 / A.food_per_point + w[W_FOOD]) > A.penalty:
        return hi
    return lo


@rule  # asked by the reference engine (through its twin)
def decide_fire(A, st, lineup, p, rng):
    """A kitten to fire when short of food (-1: none, keep them and take penalties)."""
    k = kittens(st, p)
    if lineup.ids[p] == BOT_FIRST:
        return -1
    if lineup.ids[p] == BOT_RANDOM:  # uniform over the choices: none, a sleeping worker, an
        # awake worker, each merchant (never its last kitten)
        if k <= 1:
            return -1
        ws = 1 if st.asleep[p] > 0 else 0
        wa = 1 if st.awake[p] > 0 else 0
        i = randint(rng, 1 + ws + wa + st.nm[p])
        if i == 0:
            return -1
        if ws and i == 1:
            return K_ASLEEP
        if wa and i == 1 + ws:
            return K_AWAKE
        return K_MERCHANT + i - 1 - ws - wa
    if lineup.ids[p] == CUSTOM_ID:
        w = lineup.params[p]
        best, pick, nt = tie_step(lineup.custom(A, st, p, KIND_FIRE, -1, w), -1, -np.inf, -1,
                                  0, rng)
        for o in range(K_ASLEEP, K_MERCHANT + st.nm[p]):
            if (o == K_ASLEEP and st.asleep[p] == 0) or (o == K_AWAKE and st.awake[p] == 0):
                continue
            v = lineup.custom(A, st, p, KIND_FIRE, o, w)
            best, pick, nt = tie_step(v, o, best, pick, nt, rng)
        return pick
    w = lineup.params[p]
    short = field_need(A, st, p) - st.food[p]
    if w[W_FIRE] <= 0 or short < w[W_FIRE] or k <= 1:
        return -1
    return give_up_code(st, p)


@rule  # asked by the reference engine (through its twin)
def decide_field(A, st, lineup, p, rng):
    """Where p's new field goes: next to a stick (irrigated at once), then among most fields;
    ties between equally good cells are drawn uniformly from the game's stream (one draw, only
    when there is a tie; never the first cell in table order). Leaves the best cells at the
    front of ``st.cand`` (read from the kept list of legal cells, ``st.lcell``)."""
    if lineup.ids[p] == BOT_FIRST:
        return st.lcell[p, 0]  # the kept list of legal cells, in increasing order
    if lineup.ids[p] == BOT_RANDOM:
        return st.cand[randint(rng, legal_cells(A, st, p))]
    if lineup.ids[p] == CUSTOM_ID:
        return _custom_cand(A, st, lineup, p, KIND_FIELD, legal_cells(A, st, p), rng)
    n = st.nlcell[p]
    cells = st.lcell
    cand = st.cand
    nbr = st.nbr_fields
    sticks = st.cell_sticks
    best = -1
    nt = 0  # the nt best cells so far are in st.cand[0 .. nt - 1]
    for i in range(n):
        x = cells[p, i]
        # its fields next to it, 10 more with a stick on one of its edges (irrigated at once)
        v = nbr[p, x] + 10 * min(sticks[p, x], 1)
        if v > best:
            best = v
            nt = 0
        if v == best:
            cand[nt] = x
            nt += 1
    return cand[randint(rng, nt)] if nt > 1 else cand[0]


@rule  # asked by the reference engine (through its twin)
def decide_stick(A, st, lineup, p, rng):
    """Where p's new stick goes: irrigating most fields, then scoring most (between two);
    ties between equally good edges are drawn uniformly from the game's stream (one draw, only
    when there is a tie; never the first edge in table order). Leaves the best edges at the
    front of ``st.cand`` (read from the kept list of legal edges, ``st.ledge``)."""
    if lineup.ids[p] == BOT_FIRST:
        return st.ledge[p, 0]  # the kept list of legal edges, in increasing order
    if lineup.ids[p] == BOT_RANDOM:
        return st.cand[randint(rng, legal_edges(A, st, p))]
    if lineup.ids[p] == CUSTOM_ID:
        return _custom_cand(A, st, lineup, p, KIND_STICK, legal_edges(A, st, p), rng)
    n = st.free_e[p]
    edges = st.ledge
    cand = st.cand
    field = st.field
    wet = st.wet
    sides = A.edge_cells
    best = -1
    nt = 0  # the nt best edges so far are in st.cand[0 .. nt - 1]
    for i in range(n):
        e = edges[p, i]
        v = 1  # 10 per field without irrigation on either side; 2 between two fields, else 1
        both = 1
        for k in range(2):
            x = sides[e, k]
            if x >= 0:
                v += 10 * (field[p, x] - wet[p, x])  # only a field is irrigated
                both *= field[p, x]
            else:
                both = 0
        v += both
        if v > best:
            best = v
            nt = 0
        if v == best:
            cand[nt] = e
            nt += 1
    return cand[randint(rng, nt)] if nt > 1 else cand[0]


# ---------------------------------------------------------------------------- parameters
def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec
