"""Monsters on Board: a compiled loop that times the bots' decision functions (numba), for
``profile.py`` (``simlab bench --profile``). The game's kernels never import it, so it costs
them nothing; it is compiled only when profiling.
"""

from __future__ import annotations

from numba import njit

from simlab.core.ref import ref, rule
from simlab.games.monsters.bots_actions import decide_action
from simlab.games.monsters.bots_dice import decide_activate, decide_draft, decide_place
from simlab.games.monsters.bots_moves import decide_action_order, decide_grunt_order
from simlab.games.monsters.bots_spook import decide_arch, decide_spook

#: decision functions timed by :func:`repeat_decision` (index = ``which``)
DECISIONS = ("decide_draft", "decide_activate", "decide_place", "decide_action", "decide_spook",
             "decide_arch", "decide_grunt_order", "decide_action_order")


@rule
def _call(A, st, lu, which, p, a, b, c, rng):
    """One call of decision function ``DECISIONS[which]`` (-1: none, the loop's own cost)."""
    if which == 0:
        return decide_draft(A, st, lu, p, a, rng)
    if which == 1:
        return decide_activate(A, st, lu, p, rng)
    if which == 2:
        return decide_place(A, st, lu, p, rng)
    if which == 3:
        return decide_action(A, st, lu, p, a, b, c, rng)
    if which == 4:
        return decide_spook(A, st, lu, p, rng)
    if which == 5:
        return decide_arch(A, st, lu, p, a, rng)
    if which == 6:
        return decide_grunt_order(A, st, lu, p, a, b, rng)
    if which == 7:
        return decide_action_order(A, st, lu, p, a, rng)
    return 0


@rule
def _repeat_rule(A, st, lu, which, p, a, b, c, rng, reps, cold):
    """:func:`repeat_decision`'s loop (``cold``: p's Prophecy values recomputed every time)."""
    tot = 0
    for _ in range(reps):
        if cold:
            st.pgrid[p, st.pgrid.shape[1] - 1] = -99  # a new card: all Prophecy values again
        tot += _call(A, st, lu, which, p, a, b, c, rng)
    return tot


@njit(cache=True, nogil=True)
def repeat_decision(A, st, lu, which, p, a, b, c, rng, reps, cold):
    """``reps`` calls of decision ``DECISIONS[which]`` on one position (the rules get
    references, as in ``nb.run_batch``); returns the sum of the answers."""
    return _repeat_rule(ref(A), ref(st), ref(lu), which, p, a, b, c, rng, reps, cold)
