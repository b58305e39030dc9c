"""A custom Jelly Monster bot: place where it wins the best reward it can win.

Load it with ``simlab run jelly --plugin examples/custom_bots/jelly.py --bots grabber,greedy,...``
or ``simlab.load_plugins(["examples/custom_bots/jelly.py"])``.

The view it uses (see the docstring of ``simlab/games/jelly/bots.py``): for a placement
(``KIND_PLACE``) it decodes the option into die value, district and effect argument, works out
its own total on that district after the die (cancellation: a second die of a value it already
holds there cancels both), the best opponent total (lowered if the die's 1-2 effect removes that
opponent's die), and scores the target reward it would then control (the new zone if a 3-4 moves
the Target), minus what it already takes there, minus ``cost`` times the die value / 6 (it
likes to win with low dice). It never passes, locks the district it controls with the best
reward, always flips the timer, and takes the better neighbour for an 'either' reward.
"""

from __future__ import annotations

import simlab
from simlab.games.jelly.bots import (
    KIND_EITHER,
    KIND_FLIP,
    KIND_LOCK,
    KIND_PLACE,
    code_arg,
    code_district,
    code_value,
    target_zone_value,
)


@simlab.bot("jelly", params={"reward": 1.0, "cost": 0.5})
def grabber(A, st, seat, kind, option, params):
    """places where it wins the best reward it can win, with low dice"""
    n_p = A.n_players
    if kind == KIND_FLIP:
        return float(option)  # always flip
    if kind == KIND_EITHER:
        return target_zone_value(A, st, seat, option, st.target[option], st.ndice[option, seat])
    if kind == KIND_LOCK:
        if option < 0:
            return 0.0
        other = 0
        for q in range(n_p):
            if q != seat:
                other = max(other, st.eff[option, q])
        mine = st.eff[option, seat]
        if mine > 0 and mine >= other:
            return target_zone_value(A, st, seat, option, st.target[option],
                                     st.ndice[option, seat])
        return -1.0
    if kind != KIND_PLACE:
        return 0.0
    if option == 0:
        return -1e9  # never place nothing
    v = code_value(option)
    d = code_district(option)
    arg = code_arg(option)
    c = st.dice[d, seat, v]
    mine0 = st.eff[d, seat]
    mine = mine0 + (v if c == 0 else (-v if c == 1 else 0))
    other0 = 0
    other = 0
    for q in range(n_p):
        if q == seat:
            continue
        e = st.eff[d, q]
        other0 = max(other0, e)
        if v <= 2 and arg >= 0 and arg // 8 == q and st.dice[d, q, arg % 8] == 1:
            e -= arg % 8  # this die of q goes to the city center
        other = max(other, e)
    z = arg if (v == 3 or v == 4) and arg >= 0 else st.target[d]
    gain = 0.0
    if mine > 0 and mine >= other:
        gain = target_zone_value(A, st, seat, d, z, st.ndice[d, seat] + 1)
    had = 0.0
    if mine0 > 0 and mine0 >= other0:
        had = target_zone_value(A, st, seat, d, st.target[d], st.ndice[d, seat])
    return params[0] * (gain - had) - params[1] * v / 6.0
