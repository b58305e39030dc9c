"""Jungle Rumble: the evaluation bots' linear evaluation (``greedy``, ``farmer``, ``trader``,
``breeder``, ``weights``, and the ``lookahead`` bot's ranking of its options).

An option (action, workers) is worth the score after this turn's feeding plus weighted extras,
minus a food-security term and a cost per worker put to sleep, plus the end-of-game term; see the
docstring of ``bots.py`` for the bots themselves.
"""

from __future__ import annotations

from typing import NamedTuple

from simlab.core.ref import rule
from simlab.core.rng import randint, uniform
from simlab.games.jungle.family import (
    field_need,
    food_after_feeding,
    kittens,
    points_of,
    send_limit,
    tiles_left,
    unfed_short,
)
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT, N_TILES
from simlab.games.jungle.state import (
    E_NONE,
    I_FSUP,
    I_ROUND,
    I_SSUP,
    I_TRIGGER,
)

PARAMS = ("food_target", "short", "send", "follow", "kitten", "early_rounds", "field",
          "irrigate", "stick", "gold", "food", "merchants", "gold_merchants", "asleep", "fire",
          "sell_margin", "noise", "end")
(W_TARGET, W_SHORT, W_SEND, W_FOLLOW, W_KITTEN, W_EARLY, W_FIELD, W_IRRIG, W_STICK, W_GOLD,
 W_FOOD, W_MERCH, W_GOLDM, W_ASLEEP, W_FIRE, W_SELL, W_NOISE, W_END) = range(len(PARAMS))
#: the lead (points over the best opponent) that the end term weighs is capped at this
END_CAP = 40.0

# ---------------------------------------------------------------------------- evaluation
@rule
def wet_free_cells(A, st, p):
    """Free cells next to one of p's fields with a stick of p on an edge (a field placed there
    is irrigated at once), by a scan of p's table: the definition of the counter
    ``st.wet_free``, which the placements keep (``board.place_field``, ``place_stick``) and the
    bots read."""
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


class Position(NamedTuple):
    """What the evaluation of p's options reads of the position, gathered once per decision (a
    call with these scalars is cheap; a call with the whole state is not)."""

    food: int         # p's food
    kittens: int      # p's family
    wet: int          # p's irrigated fields
    inner: int        # free edges between two of p's fields
    dry: int          # p's fields without irrigation
    round: int        # the round (1-based)
    triggered: bool   # the end of the game is triggered
    fields_left: int  # field tiles in the board supply
    sticks_left: int  # sticks in the board supply
    tiles_left: int   # kitten tiles in p's reserve


@rule(inline=True)
def position(A, st, p):
    """The :class:`Position` p's options are evaluated on."""
    return Position(st.food[p], kittens(st, p), st.nwet[p], st.inner_e[p],
                    st.nfield[p] - st.nwet[p], st.info[I_ROUND], st.info[I_TRIGGER] != E_NONE,
                    st.info[I_FSUP], st.info[I_SSUP], tiles_left(A, st, p))


class Coefs(NamedTuple):
    """The weights of p's evaluation on a :class:`Position`, combined once per decision: the
    same sums :func:`base_value` would form for every option (so the same values), read
    from locals rather than from the weight vector and the rules at every option."""

    gold: float       # a gold: A.gold_points + w[W_GOLD]
    stick: float      # a stick point: 1.0 + w[W_STICK]
    irrig: float      # a field irrigated: w[W_IRRIG]
    field: float      # a field: w[W_FIELD]
    wet_field: float  # a field irrigated at once: w[W_IRRIG] + 1.0 + w[W_STICK]
    recruit: float    # a recruit: A.kitten_points - A.gold_points + the kitten bonus
    food: float       # a food kept: 1.0 / A.food_per_point + w[W_FOOD]
    short: float      # w[W_SHORT]
    target: float     # w[W_TARGET]
    asleep: float     # a worker put to sleep: w[W_ASLEEP]
    per_kitten: int   # A.food_per_kitten
    penalty: int      # A.penalty


@rule
def coefs(A, w, e):
    """The :class:`Coefs` of weights ``w`` on position ``e`` (the kitten bonus ``kitten``
    counts only up to round ``early_rounds`` when that is set)."""
    bonus = w[W_KITTEN]
    if w[W_EARLY] > 0 and e.round > w[W_EARLY]:
        bonus = 0.0
    return Coefs(A.gold_points + w[W_GOLD], 1.0 + w[W_STICK], w[W_IRRIG], w[W_FIELD],
                 w[W_IRRIG] + 1.0 + w[W_STICK], A.kitten_points - A.gold_points + bonus,
                 1.0 / A.food_per_point + w[W_FOOD], w[W_SHORT], w[W_TARGET], w[W_ASLEEP],
                 A.food_per_kitten, A.penalty)


@rule(inline=True)
def base_value(A, e, c, a, n, extra_food, wetc, feed_now):
    """:func:`option_value` without the end term, on the position ``e`` with the weights
    ``c`` (:func:`coefs`)."""
    food = e.food + extra_food
    k = e.kittens
    wet = e.wet
    v = 0.0
    if a == A_FOOD:
        if n > 0:
            food += A.yields[n - 1]
    elif a == A_GOLD:
        v += n * c.gold
    elif a == A_IRRIG:
        inner = min(n, e.inner)
        new_wet = min(n, e.dry)
        wet += new_wet
        v += (2 * inner + (n - inner)) * c.stick + new_wet * c.irrig
    elif a == A_FIELDS:
        wc = min(n, wetc)
        wet += wc
        # a field on a cell next to one of p's sticks irrigates at once and turns that outer
        # stick (1 point) into one between two fields (2 points)
        v += n * c.field + wc * c.wet_field
    elif a == A_RECRUIT:
        k += n
        v += n * c.recruit
    need = max(0, c.per_kitten * k - wet)
    if feed_now:
        if food >= need:  # every kitten fed (no penalty): the need paid from the food
            food -= need
        else:
            u = unfed_short(A, food, need)
            v -= c.penalty * u
            food = food_after_feeding(A, food, need, u)
    v += food * c.food
    v -= c.short * max(0.0, c.target + need - food)
    v -= c.asleep * n
    return v


@rule
def option_value(A, st, p, a, n, extra_food, w, wetc, feed_now):
    """The linear evaluation of p doing action a with n kittens (plus ``extra_food`` from the
    tile or a pass), after this turn's feeding when ``feed_now``."""
    e = position(A, st, p)
    v = base_value(A, e, coefs(A, w, e), a, n, extra_food, wetc, feed_now)
    if w[W_END] != 0.0 and n > 0:
        share = share_of(e, a, n)
        if share > 0.0:
            mine, best = standings(A, st, p)
            v += w[W_END] * share * standing_of(A, e, mine, best, a, n)
    return v


@rule
def share_of(e, a, n):
    """:func:`end_share` on the position ``e``."""
    if e.triggered:
        return 0.0
    if a == A_FIELDS or a == A_IRRIG:
        left = e.fields_left if a == A_FIELDS else e.sticks_left
        if left <= 0:
            return 0.0
        return min(1.0, n / left)
    if a == A_RECRUIT and n > e.tiles_left:
        return 1.0
    return 0.0


@rule
def end_share(A, st, p, a, n):
    """How much of the way to the end of the game p doing action a with n kittens goes: 1 when
    it triggers the end (the last field tile or stick of the board supply, a recruit beyond p's
    reserve: an opponent's kitten), else the share of the remaining supply it takes (fields
    or sticks); 0 once the end is triggered or for other actions."""
    return share_of(position(A, st, p), a, n)


@rule(inline=True)
def points_now(A, st, q):
    """q's score if the game ended now, after q's next feeding (its need paid from its food,
    unfed kittens' penalties): kittens, sticks, merchants' goods, gold, food, penalties."""
    food = st.food[q] + st.awake[q] + st.nm[q]
    need = field_need(A, st, q)
    u = unfed_short(A, food, need)
    return points_of(A, st, q, food_after_feeding(A, food, need, u), u)


@rule
def standings(A, st, p):
    """p's score and the best opponent's score on the current position (:func:`points_now`),
    as floats: what :func:`end_standing` compares."""
    mine = 0.0
    best = -1e18
    for q in range(A.n_players):  # one pass over the players (points_now inlined once)
        x = float(points_now(A, st, q))
        if q == p:
            mine = x
        elif x > best:
            best = x
    return mine, best


@rule
def standing_of(A, e, mine, best, a, n):
    """:func:`end_standing` from the :func:`standings` ``mine`` and ``best`` on position ``e``."""
    if a == A_RECRUIT:
        mine += (A.kitten_points - A.gold_points) * n
        taken = max(0, n - e.tiles_left)
        if taken > 0:  # (nothing taken: best - 0.0 is best)
            best -= A.kitten_points * taken / max(A.n_players - 1, 1)  # spread over them
    elif a == A_IRRIG:
        mine += n
    return max(-END_CAP, min(END_CAP, mine - best))


@rule
def end_standing(A, st, p, a, n):
    """What the end of the game is worth to p: its lead over the best opponent on the current
    scores (:func:`points_now`; this option's recruits and sticks counted, kittens taken lost
    by the opponents), capped at END_CAP points either way. Positive when p leads (bring the
    end on), negative when p trails (keep the game going)."""
    mine, best = standings(A, st, p)
    return standing_of(A, position(A, st, p), mine, best, a, n)


# -------------------------------------------------------------------------------- action
@rule
def greedy_action(A, st, p, w, rng):
    """The evaluation bots' action (:func:`~simlab.games.jungle.bots.decide_action`): the best
    option by :func:`option_value` (plus ``noise``); options of equal value (within 1e-9) are
    drawn uniformly from the game's stream. Each option is valued on one :class:`Position` of
    p, the standings of the end term taken once, when an option first needs them."""
    e = position(A, st, p)
    c = coefs(A, w, e)
    sides = 2 if A.variant else 1
    end_on = w[W_END] != 0.0
    w_end = w[W_END]
    noise = w[W_NOISE]
    have = False
    mine = 0.0
    top = 0.0
    best = -1e18
    code = -1
    wetc = st.wet_free[p]  # wet_free_cells, kept as the pieces are placed
    nt = 0
    for t in range(N_TILES):
        if st.tile_used[t] == 1:
            continue
        food = st.tile_food[t]
        for side in range(sides):
            a = A.tile_act[t, side]
            lim = min(send_limit(A, st, p, a), int(w[W_SEND]))
            for n in range(lim + 1):
                v = base_value(A, e, c, a, n, food, wetc, True)
                if end_on and n > 0:
                    share = share_of(e, a, n)
                    if share > 0.0:
                        if not have:
                            mine, top = standings(A, st, p)
                            have = True
                        v += w_end * share * standing_of(A, e, mine, top, a, n)
                if noise > 0:
                    v += noise * uniform(rng)
                better = v > best + 1e-9
                if not better and v >= best - 1e-9:  # a tie: each of the nt best is kept
                    nt += 1  # with probability 1/nt
                    if randint(rng, nt) == 0:
                        code = t * 16 + side * 8 + n
                # a better option (selects rather than a branch: which option is better is
                # anyone's guess)
                code = t * 16 + side * 8 + n if better else code
                nt = 1 if better else nt
                best = v if better else best
    return code


# -------------------------------------------------------------------------------- follow
@rule
def _greedy_follow(A, st, w, q, a):
    """Greedy: follow (1) when following beats passing by ``follow``."""
    e = position(A, st, q)
    c = coefs(A, w, e)
    wetc = st.wet_free[q] if a == A_FIELDS else 0  # wet_free_cells
    vf = 0.0
    vp = 0.0
    for j in range(2):  # following: one worker on a; passing: a kitten wakes, or +1 food
        b = a if j == 0 else A_FOOD
        v = base_value(A, e, c, b, 1 - j, 0 if j == 0 or st.asleep[q] > 0 else 1,
                       wetc if j == 0 else 0, False)
        if j == 0:
            vf = v
        else:
            vp = v
    if w[W_END] != 0.0:
        share = share_of(e, a, 1)
        if share > 0.0:
            mine, best = standings(A, st, q)
            vf += w[W_END] * share * standing_of(A, e, mine, best, a, 1)
    if st.asleep[q] > 0:
        vp += w[W_ASLEEP]
    return 1 if vf - vp > w[W_FOLLOW] else 0
