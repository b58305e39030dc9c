"""Monte Carlo figures of the Jelly kernel against exact values, with binomial tolerances at a
tiny p (alpha = 1e-9) and fixed seeds."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

import simlab
from simlab.core.rng import d6, seed_stream
from simlab.core.stats import binomial_tolerance
from simlab.games.jelly import dice, scoring
from simlab.games.jelly.odds import control_odds
from simlab.games.jelly.state import new_agg, new_scratch, new_state

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

ALPHA = 1e-9


@pytest.mark.parametrize("players", [3, 4, 5])
def test_identical_random_bots_win_equally(players):
    # With the same bot in every seat the seats are exchangeable (districts, Drone and
    # tie-breaks do not depend on seat numbers), so each seat's exact win share is 1/players.
    n = 60_000
    res = simlab.simulate("jelly", players=players, bots="random", games=n, seed=99,
                          backend="serial", progress=False)
    tol = binomial_tolerance(1 / players, n, ALPHA)
    for share in res.summary()["win_share"]:
        assert abs(share - 1 / players) <= tol
    assert res.seat_advantage_p > 1e-6


@pytest.mark.parametrize("bot", ["greedy", "saboteur", "weights"])
def test_identical_evaluator_bots_win_equally(bot):
    # The evaluator bots break ties by district, die value and owners counted clockwise from
    # themselves, never by seat number, so identical bots make the seats exchangeable: exact
    # win share 1/4 each. (Ties once went to the lowest seat number, which showed up as a
    # false "later seats are favoured" finding.)
    n = 30_000
    res = simlab.simulate("jelly", players=4, bots=bot, games=n, seed=5, backend="serial",
                          progress=False)
    tol = binomial_tolerance(0.25, n, ALPHA)
    for share in res.summary()["win_share"]:
        assert abs(share - 0.25) <= tol


@njit
def _control_frequencies(A, st, sc, agg, mine, theirs, n, seed):
    # Roll `mine` dice for player 0 and theirs[i] for player i+1 onto district 0, score it
    # with the kernel (cancellation, control), and count: control alone, tie, surviving total.
    alone = 0
    tie = 0
    total = 0
    rng = np.zeros(4, dtype=np.uint64)
    n_p = A.n_players
    for g in range(n):
        seed_stream(np.uint64(seed), np.uint64(g), rng)
        st.dice[:] = 0
        st.eff[:] = 0
        st.ndice[:] = 0
        st.target[:] = 0
        for q in range(n_p):
            st.jelly[q] = 0
            k = mine if q == 0 else theirs[q - 1]
            st.roll[:] = 0
            st.n_left[q] = k
            for _ in range(k):
                st.roll[d6(rng)] += 1
            for v in range(1, 7):
                while st.roll[v] > 0:
                    dice.place_die(st, q, v, 0)
        scoring.score_district(A, st, 0, agg, sc, rng)
        total += st.eff[0, 0]
        if st.jelly[0] == 1:
            others = 0
            for q in range(1, n_p):
                others += st.jelly[q]
            if others == 0:
                alone += 1
            else:
                tie += 1
    return alone, tie, total


@pytest.mark.parametrize("mine,theirs", [(1, [1, 1]), (3, [2, 4]), (4, [3, 5, 2]), (2, [6])])
def test_kernel_control_matches_exact_odds(mine, theirs):
    players = 1 + len(theirs)
    if players < 3:
        theirs = theirs + [0]
        players = 3
    rules = simlab.get_game("jelly").make_rules(players, {"district.0": "jelly:1,jelly:1,jelly:1"})
    A = rules.to_arrays()
    st = new_state(players, A.n_districts)
    n = 200_000
    alone, tie, total = _control_frequencies(A, st, new_scratch(players),
                                             new_agg(players, A.n_districts), mine,
                                             np.array(theirs, dtype=np.int64), n, 4242)
    exact = control_odds(mine, theirs)
    assert abs(alone / n - exact["control_alone"]) <= binomial_tolerance(
        exact["control_alone"], n, ALPHA)
    assert abs(tie / n - exact["tie"]) <= binomial_tolerance(exact["tie"], n, ALPHA)
    # mean surviving total: a bounded variable (0..21), Hoeffding bound at ALPHA
    half = 21 * np.sqrt(np.log(2 / ALPHA) / (2 * n))
    assert abs(total / n - exact["mean_total"]) <= half


def test_pod_values_are_uniform_die_rolls():
    # Same seed with pod_sides=6 and pod_sides=1: every decision is the same, only the final
    # pod rolls differ, so score(d6) - score(d1) is the sum of (d6 - 1) over the pods held;
    # its mean per pod is exactly 2.5 in expectation.
    g = simlab.get_game("jelly")
    n = 20_000
    rules6 = g.make_rules(3)
    rules1 = g.make_rules(3, {"pod_sides": 1})
    lineup = g.lineup("random", 3)
    agg6, rows6 = g.run_batch(g.prepare(rules6, lineup), 17, 0, n, True)
    agg1, rows1 = g.run_batch(g.prepare(rules1, lineup), 17, 0, n, True)
    # same seed, same decisions until the final pod rolls (pod_sides only changes the value)
    pods = int(agg6["seat"][:, 7].sum())
    assert pods == int(agg1["seat"][:, 7].sum()) and pods > 10_000
    extra = int((rows6["score"] - rows1["score"]).sum())  # sum over pods of (d6 - 1)
    mean = extra / pods
    half = 5 * np.sqrt(np.log(2 / ALPHA) / (2 * pods))  # Hoeffding for values in [0, 5]
    assert abs(mean - 2.5) <= half
