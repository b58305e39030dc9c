"""Attack of the Jelly Monster: a compiled timing loop for ``profile.py`` (no rule in it).

``simlab bench --profile`` times the evaluator bots' ``evaluate_place`` on states a game really
decided on; this loop loads each recorded state in turn and asks it. No kernel calls it, so the
normal line-ups neither compile nor run it.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.jelly.evaluator import evaluate_place


@rule
def evaluate_states(A, st, params, F, R, Q, rounds, ask, rng):
    """Load recorded state ``i`` (``F``: the ``JellyState`` fields stacked, ``R`` the streams,
    ``Q`` the deciding seats) into ``st`` for every i, ``rounds`` times, and ask
    ``evaluate_place`` on it when ``ask`` (without, the loop times the loading alone)."""
    acc = 0
    n_d, n_p = st.eff.shape
    for _ in range(rounds):
        for i in range(Q.shape[0]):
            for d in range(n_d):  # element loops: a rule allocates nothing
                st.target[d] = F[4][i, d]
                st.locked[d] = F[5][i, d]
                for q in range(n_p):
                    st.eff[d, q] = F[1][i, d, q]
                    st.ndice[d, q] = F[2][i, d, q]
                    st.nlive[d, q] = F[14][i, d, q]
                    for v in range(7):
                        st.dice[d, q, v] = F[0][i, d, q, v]
            for q in range(n_p):
                st.center[q] = F[3][i, q]
                st.jelly[q] = F[6][i, q]
                st.pods[q] = F[7][i, q]
                st.n_left[q] = F[8][i, q]
                st.next_time[q] = F[11][i, q]
            for v in range(7):
                st.roll[v] = F[9][i, v]
            for k in range(st.info.shape[0]):
                st.info[k] = F[10][i, k]
            st.deadline[0] = F[13][i, 0]
            for k in range(R.shape[1]):
                rng[k] = R[i, k]
            if ask:
                q = Q[i]
                n, v, d, a = evaluate_place(A, st, params[q], q, st.info[:0], st.next_time[:0],
                                            rng)
                acc += v + d
    return acc
