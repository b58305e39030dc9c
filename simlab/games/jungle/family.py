"""Jungle Rumble: the rules of a family, shared by the kernel and the bots (numba helpers).

Kittens and their tiles, merchants and their goods, the feeding's arithmetic, what an action can
take, and the final scoring's total. Each function implements one rule of the rulebook. The bots
import these helpers (and ``board.py``'s); the kernel, ``nb.py``, imports the bots, never the other
way round.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.jungle.board import stick_points
from simlab.games.jungle.box import food_capacity, gold_left, pieces_left, return_food, return_gold
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT
from simlab.games.jungle.state import (
    C_GOODS_LOST,
    K_ASLEEP,
    K_AWAKE,
    K_MERCHANT,
    M_FOOD,
    M_GOLD,
    M_UNSET,
    ROLE_FOOD_MERCHANT,
    ROLE_GOLD_MERCHANT,
)


# -------------------------------------------------------------------------------- counts
@rule
def kittens(st, p):
    """Family size: workers (awake and asleep) and merchants."""
    return st.awake[p] + st.asleep[p] + st.nm[p]


@rule(inline=True)
def clockwise(A, p, k):
    """The seat k places clockwise after seat p (0 <= k < n_players): (p + k) mod the
    players, without a division."""
    q = p + k
    return q - A.n_players if q >= A.n_players else q


@rule
def tiles_left(A, st, f):
    """Kitten tiles of family f still in its reserve (not in anyone's family)."""
    n = A.max_family
    for q in range(A.n_players):
        n -= st.held[q, f]
    return n


@rule(inline=True)
def takeable(A, st, p):
    """Kittens p could take from opponents (with its own reserve empty)."""
    n = 0
    for q in range(A.n_players):
        if q != p:
            n += kittens(st, q)
    return n


@rule
def field_need(A, st, p):
    """Feeding: 2 food per kitten minus 1 per irrigated field (never below 0)."""
    return max(0, A.food_per_kitten * kittens(st, p) - st.nwet[p])


# ------------------------------------------------------------------------------- feeding
@rule(inline=True)
def unfed_short(A, food, need):
    """Feeding: kittens that must go unfed when ``food`` cannot cover ``need`` (a ration of
    food_per_kitten each, rounded up; 0 when it can)."""
    if food >= need:
        return 0
    return (need - food + A.food_per_kitten - 1) // max(A.food_per_kitten, 1)


@rule(inline=True)
def food_after_feeding(A, food, need, u):
    """Feeding with u kittens unfed: the food left (their rations not paid)."""
    return max(0, food - max(0, need - A.food_per_kitten * u))


# ------------------------------------------------------------------------------- kittens
@rule(inline=True)
def pop_tile(A, st, p):
    """The kitten tile p gives up: its own family's first, else the lowest other family."""
    if st.held[p, p] > 0:
        st.held[p, p] -= 1
        return p
    for f in range(A.n_players):
        if st.held[p, f] > 0:
            st.held[p, f] -= 1
            return f
    return -1


@rule(inline=True)
def kitten_code_ok(st, p, code):
    """A kitten p may fire or give up: a sleeping worker (0), an awake one (1), merchant i."""
    if code == K_ASLEEP:
        return st.asleep[p] > 0
    if code == K_AWAKE:
        return st.awake[p] > 0
    return K_MERCHANT <= code < K_MERCHANT + st.nm[p]


@rule
def remove_kitten(A, st, p, code):
    """A kitten leaves p's family (fired or taken); a merchant's goods go back to the common
    reserve. Returns the family of the kitten tile."""
    st.score_base[p] -= A.kitten_points
    if code == K_ASLEEP:
        st.asleep[p] -= 1
    elif code == K_AWAKE:
        st.awake[p] -= 1
    else:
        i = code - K_MERCHANT
        st.ev[C_GOODS_LOST] += st.mgoods[p, i]
        if st.mkind[p, i] == M_GOLD:
            return_gold(A, st, st.mgoods[p, i])
        else:
            return_food(A, st, st.mgoods[p, i])
        st.score_base[p] -= goods_points(A, st.mkind[p, i]) * st.mgoods[p, i]
        for j in range(i, st.nm[p] - 1):
            st.mkind[p, j] = st.mkind[p, j + 1]
            st.mgoods[p, j] = st.mgoods[p, j + 1]
        st.nm[p] -= 1
    return pop_tile(A, st, p)


@rule
def give_up_code(st, q):
    """The kitten a victim gives up: a sleeping worker, else an awake one, else the merchant
    with fewest goods (the first of them)."""
    if st.asleep[q] > 0:
        return K_ASLEEP
    if st.awake[q] > 0:
        return K_AWAKE
    best = 0
    for i in range(1, st.nm[q]):
        if st.mgoods[q, i] < st.mgoods[q, best]:
            best = i
    return K_MERCHANT + best


@rule(inline=True)
def add_kitten(A, st, p, role):
    """A recruit joins p's family as an awake worker or a merchant: of the chosen kind
    (merchant_kind_at = recruit), else without a kind until its first sale."""
    st.score_base[p] += A.kitten_points
    if role == ROLE_FOOD_MERCHANT or role == ROLE_GOLD_MERCHANT:
        i = st.nm[p]
        if A.kind_at_recruit == 1:
            st.mkind[p, i] = M_FOOD if role == ROLE_FOOD_MERCHANT else M_GOLD
        else:
            st.mkind[p, i] = M_UNSET
        st.mgoods[p, i] = 0
        st.nm[p] += 1
    else:
        st.awake[p] += 1


@rule(inline=True)
def sale_slots(st, p, kind):
    """Merchants of p that may take a unit of ``kind`` this turn: those of that kind and those
    without a kind yet (one unit each)."""
    n = 0
    for i in range(st.nm[p]):
        if st.mkind[p, i] == kind or st.mkind[p, i] == M_UNSET:
            n += 1
    return n


# -------------------------------------------------------------------------------- limits
@rule
def capacity(A, st, p, a):
    """Units of action a p can carry out at most (apart from its awake workers): recruits need
    1 gold each and a kitten: from p's reserve, and once it is empty (within the same action
    too) taken from opponents; sticks a free edge; fields a free cell of the table; and, where
    the box limits them (``A.box_binds``), what is left of the sticks, fields, gold and food
    (:func:`box_capacity`)."""
    if a == A_RECRUIT:
        return min(st.gold[p], tiles_left(A, st, p) + takeable(A, st, p))
    if A.box_binds == 1:
        return box_capacity(A, st, p, a)
    if a == A_IRRIG:
        return st.free_e[p]
    if a == A_FIELDS:
        return A.n_cells - st.nfield[p]
    return 99


@rule
def box_capacity(A, st, p, a):
    """:func:`capacity` of a sticks, fields, gold or food action where the box can run out
    (a function of its own: the common :func:`capacity` stays small)."""
    if a == A_IRRIG:
        return min(st.free_e[p], pieces_left(A, st, True))
    if a == A_FIELDS:
        return min(A.n_cells - st.nfield[p], pieces_left(A, st, False))
    if a == A_GOLD:
        return min(gold_left(A, st), 99)
    if a == A_FOOD:
        return min(food_capacity(A, st), 99)
    return 99


@rule
def send_limit(A, st, p, a):
    """Kittens the active player may send to action a: up to max_send awake workers."""
    return min(A.max_send, st.awake[p], capacity(A, st, p, a))


# ------------------------------------------------------------------------------- scoring
@rule(inline=True)
def goods_points(A, kind):
    """Scoring: a unit on a merchant of ``kind`` is worth 3 (gold) or 2 (food)."""
    return A.merchant_gold_points if kind == M_GOLD else A.merchant_food_points


@rule
def merchant_points(A, st, q):
    """The points of the goods on q's merchants, by a scan of them."""
    s = 0
    for i in range(st.nm[q]):
        s += goods_points(A, st.mkind[q, i]) * st.mgoods[q, i]
    return s


@rule
def base_points(A, st, q):
    """Final scoring's total for q on the current position apart from its reserve food:
    kittens, sticks (a scan of its table), merchants' goods (a scan of them), reserve gold,
    penalty tokens. The definition of the counter ``st.score_base``, which the rules keep:
    :func:`add_kitten`, :func:`remove_kitten`, the placements (``board``), the gold taken,
    spent and sold, the sales and the penalties (``turn``)."""
    return (A.kitten_points * kittens(st, q) + stick_points(A, st, q)
            + merchant_points(A, st, q) + A.gold_points * st.gold[q] - A.penalty * st.penal[q])


@rule(inline=True)
def points_of(A, st, q, food, unfed):
    """Final scoring's total for q on the current position (the kept ``st.score_base``) with
    ``food`` in its reserve and ``unfed`` more penalty tokens."""
    return st.score_base[q] + food // A.food_per_point - A.penalty * unfed
