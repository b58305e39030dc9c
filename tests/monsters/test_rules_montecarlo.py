"""Monte Carlo figures against exact values (tolerances from ``binomial_tolerance`` at a tiny
alpha, fixed seeds): the Malice of the 4th die by the chart for a uniformly random face, the
ranks of the dice the random bot drafts, and whole compiled-kernel games (78 dice conserved,
6 rounds, the first player drawn uniformly)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.stats import binomial_tolerance
from simlab.games.monsters import engine, phases
from simlab.games.monsters.game import GAME
from simlab.games.monsters.rules import make_rules
from simlab.games.monsters.state import C_DRAWN, COUNTER_NAMES, SEAT_NAMES

from .positions import dice_total, position, pure, script

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

__all__ = ["pure", "script"]
ALPHA = 1e-9
# data: every colour shows ranks 1..6 once; chart (malice.toml) 1,1,2,2,3,3 (rulebook: 6 -> 3)
CHART = (1, 1, 2, 2, 3, 3)


def test_malice_of_the_fourth_die_for_a_random_face(script):
    A, st, lu, rng = position(seed=9)
    assert tuple(A.malice_chart) == CHART
    script.take_gains = False             # only the chart's Malice counts
    n = 3000
    threes = total = 0
    for _ in range(n):
        engine.fill_fearmobile(st, 0, rng, C_DRAWN)
        st.drv_col[0], st.drv_face[0], st.drv_moved[0] = st.fm_col[0], st.fm_face[0], 0
        st.fm_col[0] = -1
        st.malice[0] = 0
        script.place = [(0, 0), (1, 1), (2, 2)]   # the die at Driveway space 3 gives Malice
        phases.swamp_phase(A, st, lu, 0, rng)
        m = int(st.malice[0])
        threes += m == 3
        total += m
        for r in range(3):                      # back to the bag for the next draw
            engine.to_bag(st, st.order_col[0, r, 0])
        st.order_n[0] = 0
        assert dice_total(st) == 78
    p3 = sum(c == 3 for c in CHART) / 6
    assert abs(threes / n - p3) <= binomial_tolerance(p3, n, ALPHA)
    # mean Malice 2: (Malice - 1) / 2 lies in [0, 1], mean 1/2
    assert abs((total / n - 1) / 2 - 0.5) <= binomial_tolerance(0.5, n, ALPHA)


def test_random_bot_drafted_ranks_uniform(pure):
    A, st, lu, rng = position(3, seed=4)
    n = 600
    ranks = []
    for _ in range(n):
        for f in range(3):
            engine.fill_fearmobile(st, f, rng, C_DRAWN)
        phases.draft(A, st, lu, rng)
        for p in range(3):
            for k in range(4):
                c = st.drv_col[p, k]
                ranks.append(int(A.face_rank[c, st.drv_face[p, k]]))
                engine.to_bag(st, c)
                st.drv_col[p, k] = -1
        assert dice_total(st) == 78
    ranks = np.array(ranks)
    m = ranks.size
    for r in (1, 6):
        assert abs((ranks == r).mean() - 1 / 6) <= binomial_tolerance(1 / 6, m, ALPHA)


def test_compiled_games_dice_rounds_first_player_and_draft_ranks():
    players, n = 2, 3000
    rules = make_rules(players)
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", players)), 21, 0, n,
                            False)
    c = dict(zip(COUNTER_NAMES, agg["counters"], strict=True))
    assert c["games"] == n and c["rounds"] == 6 * n
    assert c["dice_not_conserved"] == 0 and c["malice_out_of_range"] == 0
    assert c["grunt_errors"] == 0 and c["minion_errors"] == 0
    first = agg["seat"][:, SEAT_NAMES.index("first_player")]
    assert first.sum() == n
    assert abs(first[0] / n - 0.5) <= binomial_tolerance(0.5, n, ALPHA)
    d = agg["draft"]                           # (P, 4 picks, [picks, rank sum, icons])
    for p in range(players):
        for k in range(4):
            picks = int(d[p, k, 0])
            assert picks == 6 * n
            # a uniform rank 1..6: (rank - 1) / 5 lies in [0, 1] with mean 1/2
            mean = (d[p, k, 1] / picks - 1) / 5
            assert abs(mean - 0.5) <= binomial_tolerance(0.5, picks, ALPHA)
