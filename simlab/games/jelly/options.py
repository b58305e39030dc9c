"""Attack of the Jelly Monster: option codes of a roll-step decision and the random tie orders of
a decision (numba rules shared by the bots, the lookahead search and custom bots).

A placement is one integer code (``place_code``): ``(district * 8 + value) * 64 + arg + 1``,
0 being 'place nothing and roll again'; every bot breaks ties between districts, options on them
and opponents by random orders drawn for the decision (``shuffle_ranks``), never by index or seat.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import next_u64


@rule
def _permute(out, r):
    """Fill ``out`` with a permutation of 0..n-1 decoded from the 64-bit word ``r`` (mixed
    radix; uniform up to 2**-44 for the at most 16 entries of a game)."""
    n = out.shape[0]
    for i in range(n):
        out[i] = i
    for i in range(n - 1, 0, -1):
        j, r = _divmod_small(r, i + 1)
        x = out[i]
        out[i] = out[j]
        out[j] = x


@rule(inline=True)
def _divmod_small(r, m):
    """``(r % m, r // m)`` of a uint64 ``r`` by ``m`` in 2..16, each divisor a constant (a
    multiplication, not a 64-bit division: the tie orders of every decision decode 8-20 of
    them); the same numbers as dividing by ``np.uint64(m)``."""
    if m == 2:
        return np.int64(r % np.uint64(2)), r // np.uint64(2)
    if m == 3:
        return np.int64(r % np.uint64(3)), r // np.uint64(3)
    if m == 4:
        return np.int64(r % np.uint64(4)), r // np.uint64(4)
    if m == 5:
        return np.int64(r % np.uint64(5)), r // np.uint64(5)
    if m == 6:
        return np.int64(r % np.uint64(6)), r // np.uint64(6)
    if m == 7:
        return np.int64(r % np.uint64(7)), r // np.uint64(7)
    if m == 8:
        return np.int64(r % np.uint64(8)), r // np.uint64(8)
    mm = np.uint64(m)
    return np.int64(r % mm), r // mm


@rule
def shuffle_ranks(st, rng):
    """Random tie orders for one decision, from two words of the game's stream: ``st.rank_d``
    ranks the districts, ``st.rank_p`` the players. A bot breaks every tie between districts,
    options on them or opponents by these ranks, never by index or seat."""
    _permute(st.rank_d, next_u64(rng))
    _permute(st.rank_p, next_u64(rng))


@rule
def place_code(v, d, arg):
    """Option code of placing a ``v`` on district ``d`` with effect argument ``arg`` (-1: none,
    0-2: new target zone, ``owner * 8 + value``: die to remove); 0 is 'place nothing'."""
    return (d * 8 + v) * 64 + arg + 1


@rule
def code_value(code):
    """Die value of a placement code (0: place nothing)."""
    return (code // 64) % 8


@rule
def code_district(code):
    """District of a placement code (-1: place nothing)."""
    return code // 512 if code > 0 else -1


@rule
def code_arg(code):
    """Effect argument of a placement code (-1: no effect)."""
    return code % 64 - 1 if code > 0 else -1
