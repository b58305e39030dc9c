"""Monsters on Board: compiled loops for ``profile.py`` (``simlab bench --profile``): one that
times the bots' decision functions, one that plays games phase by phase (where the rules' time
goes). The game's kernels never import it, so it costs them nothing; it is compiled only when
profiling.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simlab.core.ref import ref, rule
from simlab.core.rng import seed_stream
from simlab.games.monsters.bots_actions import decide_action
from simlab.games.monsters.bots_dice import decide_activate, decide_draft, decide_place
from simlab.games.monsters.bots_moves import decide_action_order, decide_grunt_order
from simlab.games.monsters.bots_spook import decide_arch, decide_spook
from simlab.games.monsters.engine import fill_fearmobile, to_bag
from simlab.games.monsters.nb import end_round, final_scoring, new_game
from simlab.games.monsters.phases import draft, grunt_phase, spook_phase, swamp_phase
from simlab.games.monsters.state import C_DRAWN, I_FIRST, I_ROUND

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


#: the parts of a game :func:`play_parts` plays (bits), each added to the ones before it
P_DRAFT, P_GRUNT, P_SWAMP, P_SPOOK, P_FINAL = 1, 2, 4, 8, 16
PARTS = (("setup and Arrival", 0), ("Draft", P_DRAFT), ("Grunt movement and its actions",
                                                        P_GRUNT),
         ("Swamp-Jack and its actions", P_SWAMP), ("Spook phase", P_SPOOK),
         ("final scoring", P_FINAL))


@rule
def _game_parts(A, st, lu, rng, agg, parts):
    """``nb.play_game`` (regular mode) playing only the phases in ``parts``: dice a skipped
    phase would have used go back to the bag, so every later phase sees a legal position."""
    new_game(A, st, rng)
    for _ in range(A.rounds):
        st.info[I_ROUND] += 1
        for f in range(st.fm_col.shape[0]):
            fill_fearmobile(st, f, rng, C_DRAWN)
        if parts & P_DRAFT:
            draft(A, st, lu, rng)
        for f in range(st.fm_col.shape[0]):
            for k in range(4):
                if st.fm_col[f, k] >= 0:
                    to_bag(st, st.fm_col[f, k])
                    st.fm_col[f, k] = -1
        for i in range(A.n_players):
            p = (st.info[I_FIRST] + i) % A.n_players
            if parts & P_DRAFT and parts & P_GRUNT:
                grunt_phase(A, st, lu, p, rng)
            if parts & P_DRAFT and parts & P_SWAMP:
                swamp_phase(A, st, lu, p, rng)
            for k in range(4):
                if st.drv_col[p, k] >= 0:
                    to_bag(st, st.drv_col[p, k])
                    st.drv_col[p, k] = -1
        if parts & P_SPOOK:
            spook_phase(A, st, lu, agg, rng)
        end_round(A, st)
    if parts & P_FINAL:
        final_scoring(A, st, lu, rng)


@rule
def _parts_rule(A, st, lu, rng, agg, seed, count, parts):
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(i), rng)
        _game_parts(A, st, lu, rng, agg, parts)
    return count


@njit(cache=True, nogil=True)
def play_parts(A, st, lu, rng, agg, seed, count, parts):
    """``count`` regular games of ``seed`` playing the phases in ``parts`` only (``PARTS``: the
    time of a phase is the difference between the cumulative parts with and without it)."""
    return _parts_rule(ref(A), ref(st), ref(lu), rng, ref(agg), seed, count, parts)
