"""Monkey Fun: a copy of the kernel's turn loop that counts and repeats pieces of a decision
(for ``profile.py``, ``simlab bench --profile``; no kernel imports it, so the normal kernels do
not count or time anything)."""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import seed_stream
from simlab.games.monkey.bots import choose, start_keeping
from simlab.games.monkey.engine import legal_plays, new_game, next_player, turn_bound, turn_steps
from simlab.games.monkey.policies import _evaluate, _evaluation_tables, bits, evaluation_play
from simlab.games.monkey.state import E_NONE, I_CUR, I_END, I_TURN

#: what :func:`probe` repeats at each decision
REP_NONE, REP_LEGAL, REP_DECIDE, REP_FIELD = range(4)
#: :func:`probe`'s counters: decisions, legal plays, distinct fields, games, fields evaluated
#: in full (the others: values kept from an earlier decision, or passed over by their bound)
N_PROBE = 5


@rule(inline=True)
def _kept(src, dst, p):
    """Copy seat p's kept field values and bounds (the evaluation bots' data) from src."""
    dst.fok[p] = src.fok[p]
    dst.kbv[p] = src.kbv[p]
    dst.kgain[p] = src.kgain[p]
    dst.flead[p] = src.flead[p]
    for c in range(src.kb.shape[1]):
        dst.kb[p, c] = src.kb[p, c]
        dst.fval[p, c] = src.fval[p, c]


@rule
def probe(A, st, sim, lineup, rng, scratch, seed, games, what, reps, out):
    """Play games 0..games-1 of ``seed`` with the kernel's turn loop (``nb.play_game`` without
    its counters and game shape); at each decision add to ``out`` the decision, its legal plays
    and the distinct fields named, and repeat piece ``what`` ``reps`` times on the position:
    ``legal_plays``, the evaluation bots' decision (``evaluation_play``, weights of the seat,
    draws from ``scratch``) or the evaluation of the field of every legal play."""
    for g in range(games):
        seed_stream(np.uint64(seed), np.uint64(g), rng)
        new_game(A, st, rng)
        start_keeping(A, st, lineup)
        p = 0
        while True:
            if turn_bound(A, st) != E_NONE:
                break
            st.info[I_TURN] += 1
            st.info[I_CUR] = p
            n = legal_plays(A, st, p)
            m = 0
            if n > 0:
                seen = np.int64(0)
                k = 0
                for i in range(n):
                    c = st.cells[i]
                    if not (seen >> c) & 1:
                        seen |= np.int64(1) << c
                        k += 1
                out[0] += 1
                out[1] += n
                out[2] += k
                w = lineup.params[p]
                _kept(st, sim, p)  # each repeat finds the kept values the decision finds
                for _ in range(reps):
                    if what == REP_LEGAL:
                        legal_plays(A, st, p)
                    elif what == REP_DECIDE:
                        _kept(sim, st, p)
                        evaluation_play(A, st, p, n, w, scratch)
                    elif what == REP_FIELD:
                        finite = _evaluation_tables(st, w)
                        for i in range(n):
                            st.vals[i] = _evaluate(A, st, p, st.cells[i], w, -1, finite)
                _kept(sim, st, p)
                m = choose(A, st, sim, lineup, p, n, rng)
                out[4] += bits(st.fok[p] & ~sim.fok[p])  # valid now, not before
            turn_steps(A, st, p, m, rng)
            if st.info[I_END] != E_NONE:
                break
            q = next_player(A, st, p)
            if q < 0:
                break
            p = q
        out[3] += 1
