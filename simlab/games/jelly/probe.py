"""Attack of the Jelly Monster: compiled timing loops for ``profile.py`` (no rule in them).

``simlab bench --profile`` times the evaluator bots' ``evaluate_place`` on states a game really
decided on (``evaluate_states`` loads each recorded state in turn and asks it), and where the
rules' own time goes with the decision-free bench bot ``first`` (``rounds_only``,
``scoring_only``, ``step_parts``). No kernel calls them, so the normal line-ups neither compile
nor run them.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import seed_stream
from simlab.games.jelly.bots import decide_flip, decide_place
from simlab.games.jelly.dice import do_place, refresh_eff, roll_dice
from simlab.games.jelly.evaluator import evaluate_place
from simlab.games.jelly.lookahead import copy_state
from simlab.games.jelly.nb import play_round
from simlab.games.jelly.scoring import score_round
from simlab.games.jelly.state import I_POD_STACK, I_ROUND
from simlab.games.jelly.timer import begin_round, next_actor, next_gap


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


# ---------------------------------------------------------------- the rules alone (``first``)
@rule
def rounds_only(A, st, lineup, agg, sc, seed, count):
    """``play_game``'s rounds of ``count`` games without their scoring (jelly, pods and the
    pod stack as at the start): the round loop's time alone."""
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(i), sc.rng)
        st.info[I_POD_STACK] = A.pods
        for r in range(A.rounds):
            st.info[I_ROUND] = r
            play_round(A, st, lineup, sc.rng, agg, sc, None)


@rule
def scoring_only(A, st, sim, lineup, agg, sc, rng, count, score):
    """``count`` times: copy the position ``st`` (a round's end) into ``sim`` and, with
    ``score``, score the round on it (without, the copy alone is timed)."""
    for _ in range(count):
        copy_state(st, sim)
        if score:
            score_round(A, sim, agg, sc, rng, lineup)


#: the parts ``step_parts`` times, by index
STEP_PARTS = ("roll_dice (4 dice)", "next_actor", "next_gap (a step time)",
              "decide_place (first)", "decide_flip (first)", "do_place (one die)",
              "begin_round")


@rule
def step_parts(A, st, lineup, agg, rng, count, part):
    """``count`` calls of one part of a round on a position with seat 0 to act (``part``, an
    index of :data:`STEP_PARTS`); a placement is undone by hand (the undo's own time is
    timed apart as part -1), so the position stays the same, but for ``begin_round``, which
    resets it (give it a copy). Returns a checksum."""
    acc = 0.0
    n_p = A.n_players
    for _ in range(count):
        if part == 0:
            roll_dice(st, 0, rng)
            acc += st.roll[6]
        elif part == 1:
            p, t = next_actor(st, n_p)
            acc += p + t
        elif part == 2:
            acc += next_gap(A, st, 0, rng)
        elif part == 3:
            v, d, a = decide_place(A, st, lineup, 0, rng)
            acc += v + d
        elif part == 4:
            acc += decide_flip(A, st, lineup, 0, rng)
        elif part == 5 or part == -1:
            if part == 5:
                do_place(st, 0, 6, 0, -1, agg)
            else:
                st.dice[0, 0, 6] += 1
                st.roll[6] -= 1
                st.n_left[0] -= 1
            st.dice[0, 0, 6] -= 1
            st.roll[6] += 1
            st.n_left[0] += 1
            refresh_eff(st, 0, 0)
            acc += st.eff[0, 0]
        else:
            begin_round(A, st, rng)
            acc += st.next_time[0]
    return acc
