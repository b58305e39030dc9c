"""Jungle Rumble: the box's limits (numba helpers shared by the kernel, its rules and the bots'
legal options): food units, gold coins and penalty tokens in the common reserve, the set-aside
field tiles and sticks.

Each limit is a rule option (``rules.JungleRules``: ``food_limit``, ``gold_limit`` with
``improvise_gold``, ``penalty_limit``, ``set_aside``); 0 (or ``unlimited``) makes a helper a
no-op, so the default game plays exactly as without the box. What the state keeps: ``info``
slots ``I_FOOD_RES`` and ``I_GOLD_RES`` (in the common reserve), ``I_IMPROV`` (coins improvised
from food tokens in play), ``I_PEN_LEFT`` (penalty tokens left), ``I_FASIDE`` and ``I_SASIDE``
(set-aside pieces left). Where the rulebook is silent, a take from a short reserve gets what is
left, and an action offers no more kittens than the reserve can serve (``family.capacity``).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.jungle.state import (
    C_FOOD_SHORT,
    C_GOLD_IMPROVISED,
    I_FASIDE,
    I_FOOD_RES,
    I_FSUP,
    I_GOLD_RES,
    I_IMPROV,
    I_PEN_LEFT,
    I_SASIDE,
    I_SSUP,
    M_GOLD,
)

#: what "unlimited" leaves of a reserve (more than any action can take)
BIG = 1 << 30


# ---------------------------------------------------------------------------------- food
@rule(inline=True)
def food_left(A, st):
    """Food units in the common reserve (BIG when the food is unlimited)."""
    return BIG if A.food_limit == 0 else st.info[I_FOOD_RES]


@rule(inline=True)
def take_food(A, st, n):
    """A player takes n food units from the common reserve: all of them while it holds them,
    else what is left (the shortfall is counted); returns the units taken."""
    if A.food_limit == 0:
        return n
    m = min(n, st.info[I_FOOD_RES])
    st.info[I_FOOD_RES] -= m
    st.ev[C_FOOD_SHORT] += n - m
    return m


@rule(inline=True)
def return_food(A, st, n):
    """n food units go back to the common reserve (paid for waking or feeding, a fired or
    taken merchant's goods, improvised coins paid back)."""
    if A.food_limit != 0:
        st.info[I_FOOD_RES] += n


@rule(inline=True)
def food_capacity(A, st):
    """Kittens a food action can use: every kitten while the food is unlimited; else none with
    an empty reserve, and no more than the fewest whose yield reaches what is left."""
    if A.food_limit == 0:
        return BIG
    left = st.info[I_FOOD_RES]
    if left <= 0:
        return 0
    for n in range(1, A.yields.shape[0] + 1):
        if A.yields[n - 1] >= left:
            return n
    return A.yields.shape[0]


# ---------------------------------------------------------------------------------- gold
@rule(inline=True)
def gold_left(A, st):
    """Gold coins an action can take: the coins in the box and, with ``improvise_gold``, as
    many improvised from the food tokens in the reserve (BIG when gold is unlimited)."""
    if A.gold_limit == 0:
        return BIG
    n = st.info[I_GOLD_RES]
    if A.improvise_gold == 1:
        n += food_left(A, st)
    return min(n, BIG)


@rule(inline=True)
def take_gold(A, st, n):
    """A player takes n coins (at most :func:`gold_left`): the box's coins first, then coins
    improvised from food tokens (each takes a food unit out of the reserve while in play)."""
    if A.gold_limit == 0:
        return n
    real = min(n, st.info[I_GOLD_RES])
    st.info[I_GOLD_RES] -= real
    imp = 0
    if A.improvise_gold == 1:
        imp = min(n - real, food_left(A, st))
        if A.food_limit != 0:
            st.info[I_FOOD_RES] -= imp
        st.info[I_IMPROV] += imp
        st.ev[C_GOLD_IMPROVISED] += imp
    return real + imp


@rule(inline=True)
def return_gold(A, st, n):
    """n coins go back to the reserve (recruitment, a fired or taken merchant's gold):
    improvised ones first (their food tokens back to the food reserve), then the box's."""
    if A.gold_limit == 0:
        return
    back = min(n, st.info[I_IMPROV])
    st.info[I_IMPROV] -= back
    return_food(A, st, back)
    st.info[I_GOLD_RES] += n - back


# ------------------------------------------------------------------------------ penalties
@rule(inline=True)
def penalty_tokens_left(A, st):
    """Penalty tokens left in the box (BIG when unlimited)."""
    return BIG if A.penalty_limit == 0 else st.info[I_PEN_LEFT]


@rule(inline=True)
def take_penalties(A, st, u):
    """u penalty tokens leave the box (at most :func:`penalty_tokens_left`)."""
    if A.penalty_limit != 0:
        st.info[I_PEN_LEFT] -= u


# ----------------------------------------------------------------------- fields and sticks
@rule(inline=True)
def pieces_left(A, st, stick):
    """Field tiles (stick: irrigation sticks) a player can still take: the board supply and
    the set-aside pieces (BIG while those are unlimited)."""
    if stick:
        if A.stick_aside < 0:
            return BIG
        return st.info[I_SSUP] + st.info[I_SASIDE]
    if A.field_aside < 0:
        return BIG
    return st.info[I_FSUP] + st.info[I_FASIDE]


@rule(inline=True)
def take_aside(A, st, stick):
    """A set-aside piece is used (the board supply is empty)."""
    if stick:
        if A.stick_aside >= 0:
            st.info[I_SASIDE] -= 1
    elif A.field_aside >= 0:
        st.info[I_FASIDE] -= 1


@rule
def box_conserved(A, st):
    """Every limited piece is somewhere: food units in the reserve, in the players' reserves,
    on merchants and on the action tiles, or standing in for improvised coins; coins in the box,
    with the players and on merchants, less the improvised ones; penalty tokens in the box or
    taken; no count negative. True without limits."""
    ok = True
    if A.food_limit != 0 or A.gold_limit != 0:
        food = st.info[I_FOOD_RES] + st.info[I_IMPROV]
        gold = st.info[I_GOLD_RES] - st.info[I_IMPROV]
        for t in range(st.tile_food.shape[0]):
            food += st.tile_food[t]
        for q in range(A.n_players):
            food += st.food[q]
            gold += st.gold[q]
            for i in range(st.nm[q]):
                if st.mkind[q, i] == M_GOLD:
                    gold += st.mgoods[q, i]
                else:
                    food += st.mgoods[q, i]
        if A.food_limit != 0 and (food != A.food_limit or st.info[I_FOOD_RES] < 0):
            ok = False
        if A.gold_limit != 0 and (gold != A.gold_limit or st.info[I_GOLD_RES] < 0
                                  or st.info[I_IMPROV] < 0):
            ok = False
    if A.penalty_limit != 0:
        taken = 0
        for q in range(A.n_players):
            taken += st.penal[q]
        if st.info[I_PEN_LEFT] < 0 or st.info[I_PEN_LEFT] + taken != A.penalty_limit:
            ok = False
    if st.info[I_FASIDE] < 0 or st.info[I_SASIDE] < 0:
        ok = False
    return ok


@rule(inline=True)
def open_box(A, st):
    """Setup: the box's counts in the state (the start food comes out of the food)."""
    st.info[I_FOOD_RES] = A.food_limit - A.start_food * A.n_players if A.food_limit else 0
    st.info[I_GOLD_RES] = A.gold_limit
    st.info[I_IMPROV] = 0
    st.info[I_PEN_LEFT] = A.penalty_limit
    st.info[I_FASIDE] = max(A.field_aside, 0)
    st.info[I_SASIDE] = max(A.stick_aside, 0)
