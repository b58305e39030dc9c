"""Attack of the Jelly Monster: rolling and placing dice, and the die effects ("Roll and Place
Dice", "Die Effects"), as numba rules; ``refresh_eff`` keeps each player's total on a district
as cancellation will leave it ("Canceled Dice").
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.core.rng import d6
from simlab.games.jelly.state import (
    C_MOVES,
    C_PLACED,
    C_REMOVALS,
    CH_CANCELLING,
    CH_MOVE,
    CH_PLACE,
    CH_REMOVE,
    S_MOVES,
    S_PLACED,
    S_REMOVALS,
)


@rule
def refresh_eff(st, d, p):
    """Cancellation rule, kept current: a value counts only if p holds it exactly once
    (``eff``: the total, ``nlive``: how many dice survive, ``ndice``: all of p's dice here)."""
    e = 0
    n = 0
    live = 0
    for v in range(1, 7):
        c = st.dice[d, p, v]
        n += c
        if c == 1:
            e += v
            live += 1
    st.eff[d, p] = e
    st.ndice[d, p] = n
    st.nlive[d, p] = live


@rule(inline=True)
def place_die(st, p, v, d):
    """Place one die of value v from p's roll on the entrance of district d."""
    st.dice[d, p, v] += 1
    st.roll[v] -= 1
    st.n_left[p] -= 1
    refresh_eff(st, d, p)


@rule(inline=True)
def remove_die(st, d, q, u):
    """Die effect 1-2: remove a die of q showing u from district d to the city center."""
    st.dice[d, q, u] -= 1
    st.center[q] += 1
    refresh_eff(st, d, q)


@rule(inline=True)
def apply_effect(st, p, v, d, arg, agg):
    """Die effects: 1-2 remove another die here; 3-4 move this district's Target one zone.
    Returns the kind of the choice (``CH_REMOVE``, ``CH_MOVE``, or ``CH_PLACE``: no effect)."""
    if arg < 0 or v >= 5:
        return CH_PLACE
    if v <= 2:
        q = arg // 8
        u = arg % 8
        if q < 0 or q >= st.jelly.shape[0] or u < 1 or u > 6:
            return CH_PLACE
        have = st.dice[d, q, u] - (1 if (q == p and u == v) else 0)  # "any other die"
        if have >= 1:
            remove_die(st, d, q, u)
            agg.counters[C_REMOVALS] += 1
            agg.seat[p, S_REMOVALS] += 1
            return CH_REMOVE
    else:
        if abs(arg - st.target[d]) == 1 and 0 <= arg <= 2:
            st.target[d] = arg
            agg.counters[C_MOVES] += 1
            agg.seat[p, S_MOVES] += 1
            return CH_MOVE
    return CH_PLACE


@rule
def roll_dice(st, p, rng):
    """Roll all of p's available dice."""
    for v in range(7):
        st.roll[v] = 0
    for _ in range(st.n_left[p]):
        st.roll[d6(rng)] += 1


@rule
def place_legal(A, st, v, d):
    """May the acting player place a ``v`` of his roll on district ``d``?"""
    return v >= 1 and v <= 6 and d >= 0 and d < A.n_districts and st.roll[v] > 0 and \
        st.locked[d] < 0


@rule
def do_place(st, p, v, d, arg, agg):
    """Place a legal die and resolve its effect; the choice counted by its kind (a die showing
    a value p already shows here is a cancelling placement too)."""
    if st.dice[d, p, v] >= 1:
        agg.choice[p, CH_CANCELLING] += 1
    place_die(st, p, v, d)
    agg.counters[C_PLACED] += 1
    agg.seat[p, S_PLACED] += 1
    agg.choice[p, apply_effect(st, p, v, d, arg, agg)] += 1
