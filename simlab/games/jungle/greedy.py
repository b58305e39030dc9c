"""Jungle Rumble: the evaluation bots' linear evaluation (``greedy``, ``farmer``, ``trader``,
``breeder``, ``weights``, and the ``lookahead`` bot's ranking of its options).

An option (action, workers) is worth the score after this turn's feeding plus weighted extras,
minus a food-security term and a cost per worker put to sleep, plus the end-of-game term; see the
docstring of ``bots.py`` for the bots themselves.
"""

from __future__ import annotations

from simlab.core.jit import rule
from simlab.games.jungle.family import (
    field_need,
    food_after_feeding,
    kittens,
    points_of,
    tiles_left,
    unfed_short,
)
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT
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
        inner = min(n, st.inner_e[p])
        new_wet = min(n, st.nfield[p] - st.nwet[p])
        wet += new_wet
        v += (2 * inner + (n - inner)) * (1.0 + w[W_STICK]) + new_wet * w[W_IRRIG]
    elif a == A_FIELDS:
        wc = min(n, wetc)
        wet += wc
        # a field on a cell next to one of p's sticks irrigates at once and turns that outer
        # stick (1 point) into one between two fields (2 points)
        v += n * w[W_FIELD] + wc * (w[W_IRRIG] + 1.0 + w[W_STICK])
    elif a == A_RECRUIT:
        k += n
        bonus = w[W_KITTEN]
        if w[W_EARLY] > 0 and st.info[I_ROUND] > w[W_EARLY]:
            bonus = 0.0
        v += n * (A.kitten_points - A.gold_points + bonus)
    need = max(0, A.food_per_kitten * k - wet)
    if feed_now:
        u = unfed_short(A, food, need)
        v -= A.penalty * u
        food = food_after_feeding(A, food, need, u)
    v += food * (1.0 / A.food_per_point + w[W_FOOD])
    v -= w[W_SHORT] * max(0.0, w[W_TARGET] + need - food)
    v -= w[W_ASLEEP] * n
    if w[W_END] != 0.0 and n > 0:
        share = end_share(A, st, p, a, n)
        if share > 0.0:
            v += w[W_END] * share * end_standing(A, st, p, a, n)
    return v


@rule(inline=True)
def end_share(A, st, p, a, n):
    """How much of the way to the end of the game p doing action a with n kittens goes: 1 when
    it triggers the end (the last field tile or stick of the board supply, a recruit beyond p's
    reserve: an opponent's kitten), else the share of the remaining supply it takes (fields
    or sticks); 0 once the end is triggered or for other actions."""
    if st.info[I_TRIGGER] != E_NONE:
        return 0.0
    if a == A_FIELDS or a == A_IRRIG:
        left = st.info[I_FSUP] if a == A_FIELDS else st.info[I_SSUP]
        if left <= 0:
            return 0.0
        return min(1.0, n / left)
    if a == A_RECRUIT and n > tiles_left(A, st, p):
        return 1.0
    return 0.0


@rule(inline=True)
def _stick_points(A, st, q):
    """q's stick points (:func:`~simlab.games.jungle.nb.stick_points`), summed over q's fields
    only: every stick lies on an edge of one of q's fields, and a stick between two of them is
    counted from both (2 points), one on an outer edge once (1 point)."""
    g = A.grid
    s = 0
    for r in range(st.box[q, 0], st.box[q, 1] + 1):
        for c in range(st.box[q, 2], st.box[q, 3] + 1):
            x = r * g + c
            if st.field[q, x] == 1:
                for k in range(4):
                    s += st.stick[q, A.cell_edges[x, k]]
    return s


@rule
def points_now(A, st, q):
    """q's score if the game ended now, after q's next feeding (its need paid from its food,
    unfed kittens' penalties): kittens, sticks, merchants' goods, gold, food, penalties."""
    food = st.food[q] + st.awake[q] + st.nm[q]
    need = field_need(A, st, q)
    u = unfed_short(A, food, need)
    pen = st.penal[q] + u
    food = food_after_feeding(A, food, need, u)
    return points_of(A, st, q, _stick_points(A, st, q), food, pen)


@rule
def end_standing(A, st, p, a, n):
    """What the end of the game is worth to p: its lead over the best opponent on the current
    scores (:func:`points_now`; this option's recruits and sticks counted, kittens taken lost
    by the opponents), capped at END_CAP points either way. Positive when p leads (bring the
    end on), negative when p trails (keep the game going)."""
    mine = float(points_now(A, st, p))
    taken = 0
    if a == A_RECRUIT:
        mine += (A.kitten_points - A.gold_points) * n
        taken = max(0, n - tiles_left(A, st, p))
    elif a == A_IRRIG:
        mine += n
    best = -1e18
    for q in range(A.n_players):
        if q != p:
            x = float(points_now(A, st, q))
            if x > best:
                best = x
    best -= A.kitten_points * taken / max(A.n_players - 1, 1)  # spread over the opponents
    return max(-END_CAP, min(END_CAP, mine - best))


# -------------------------------------------------------------------------------- follow
@rule
def _greedy_follow(A, st, w, q, a):
    """Greedy: follow (1) when following beats passing by ``follow``."""
    wetc = wet_free_cells(A, st, q) if a == A_FIELDS else 0
    vf = option_value(A, st, q, a, 1, 0, w, wetc, False)
    if st.asleep[q] > 0:
        vp = option_value(A, st, q, A_FOOD, 0, 0, w, 0, False) + w[W_ASLEEP]
    else:
        vp = option_value(A, st, q, A_FOOD, 0, 1, w, 0, False)
    return 1 if vf - vp > w[W_FOLLOW] else 0
