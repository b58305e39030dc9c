"""Monsters on Board's game-shape measures (simlab.core.shape; ``simlab/games/monsters/shape.py``):
checkpoints after each round before the last (the running score: Spook Juice plus the final
scoring's formula on the position, Prophecy included), then the final scores; solo 2 compares
the player with Spider Jack, solo 1 records none; family mode likewise with its own scoring.
The kernel and the reference engines agree on them game for game through the conformance
harness and the agreement tests (every aggregate is compared). Here: they are reported and
add up, and the running score is what final scoring gives on the same position."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.monsters import nb, reference_shape, shape
from simlab.games.monsters import nb_family as nf
from simlab.games.monsters.game import GAME
from simlab.games.monsters.reference_family import ReferenceFamilyGame
from simlab.games.monsters.state import B_FINAL, B_PROPHECY, I_SJ_SCORE

from .positions import (
    BOARD,
    FINAL,
    ORANGE,
    B,
    G,
    P,
    U,
    Y,
    position,
    put_grunt,
    reference_of,
    row,
    script,
)

__all__ = ["script"]   # the fixture


def _shape(players, bots, over, n, seed):
    rules = GAME.make_rules(players, over)
    lineup = GAME.lineup(bots, players)
    agg, rows = GAME.run_batch(GAME.prepare(rules, lineup), seed, 0, n, True)
    m = GAME.metrics(agg, n, rules, lineup)["game_shape"]
    json.dumps(m)   # plain floats and ints
    return rules, agg, rows, m


def _margins(scores):
    """The margin histogram record_shape should give: best minus second best, clipped."""
    top = np.sort(np.asarray(scores), axis=1)
    return np.bincount(np.minimum(top[:, -1] - top[:, -2], 63), minlength=64)


def _adds_up(m, n, k):
    """Counts every game once; k checkpoints; snowball and drama read the leader-wins curve."""
    assert m["games"] == n and sum(m["lead_changes_hist"]) == n and sum(m["margin_hist"]) == n
    assert m["checkpoint"] == "round" and len(m["leader_wins_games"]) == k
    assert all(0 < g <= n for g in m["leader_wins_games"])
    # k checkpoints and the final scores: at most k lead changes
    assert max(i for i, c in enumerate(m["lead_changes_hist"]) if c) <= k
    assert m["snowball_rate"] == m["leader_wins_curve"][0]
    last_wins = m["leader_wins_curve"][-1] * m["leader_wins_games"][-1]
    assert m["drama_share"] == pytest.approx(1 - last_wins / n)


def test_game_shape_is_reported_and_adds_up():
    n = 300
    rules, agg, rows, m = _shape(3, "greedy,prophet,random", {}, n, 8)
    _adds_up(m, n, rules.rounds - 1)
    assert m["fair_rate"] == 1 / 3
    assert min(m["leader_wins_games"]) >= 0.8 * n   # ties for the lead: rare
    assert m["margin_hist"] == list(_margins(rows["score"]))
    # the lead means more the later it is taken, and more than the fair third at the end
    curve = m["leader_wins_curve"]
    assert curve[-1] > curve[0] and curve[-1] > m["fair_rate"]
    assert m["comeback_rate"] is not None and m["comeback_rate"] < m["fair_rate"]


def test_solo2_compares_the_player_with_spider_jack():
    n = 200
    rules, agg, rows, m = _shape(1, "greedy", {"mode": "solo2", "difficulty": 0}, n, 9)
    _adds_up(m, n, rules.rounds - 1)
    assert m["fair_rate"] == 0.5 and m["lines"][0] == "player"
    assert min(m["leader_wins_games"]) >= 0.9 * n   # two lines: ties for the lead are rare
    curve = m["leader_wins_curve"]
    assert curve[-1] > curve[0] and curve[-1] > m["fair_rate"] and m["margin_mean"] > 0


def test_solo1_has_no_shape():
    _, _, _, m = _shape(1, "random", {"mode": "solo1"}, 40, 4)
    assert m["games"] == 0 and m["leader_wins_curve"] == [] and "no opponent" in m["note"]


def test_family_game_shape_is_reported_and_adds_up():
    n = 300
    rules, agg, rows, m = _shape(3, "greedy", {"mode": "family"}, n, 10)
    _adds_up(m, n, nf.family_arrays(rules).rounds - 1)
    assert m["fair_rate"] == 1 / 3
    assert m["margin_hist"] == list(_margins(rows["score"]))


# ---------------------------------------------------------------- running score = final scoring
def _hand_built(A, st):
    """A mid-game position of 3 players: rows partly filled and partly past the Spider Jack
    value, Grunts in the final area, Arch Monster cards, Prophecy cards, Spook Juice."""
    row(st, 0, 0, "B3 G4 P5 O6")          # Prophecy card 01: ascending 3 4 5 6 (20)
    row(st, 0, 1, "Y2 Y2 Y2 Y5 B1")       # 4 leftmost yellow (14); B1 past the SJ value
    row(st, 0, 2, "B6 B6")
    st.sj[0] = (4, 4, 1)
    put_grunt(st, 0, 0, B, FINAL)          # blue in the final area: kept blue dice B3, B6
    st.arch[0, :4] = (0, 54, 68, 9)       # blue-green pairs, single blue Grunt, yellow row, ...
    st.n_arch[0] = 4
    st.prophecy[0] = 0
    st.juice[0] = 17
    row(st, 1, 0, "P6 P6 P1")
    row(st, 1, 1, "U4")
    st.sj[1] = (3, 2, 1)
    st.prophecy[1] = 6                    # row totals, on a grid still being filled
    st.juice[1] = 5
    row(st, 2, 0, "B5 G3")
    row(st, 2, 1, "P2 O4")
    row(st, 2, 2, "U3 Y3")                # column 0 totals 10 (card 03)
    st.sj[2] = (2, 2, 2)
    put_grunt(st, 2, 3, ORANGE, FINAL)
    st.arch[2, 0] = 36
    st.n_arch[2] = 1
    st.prophecy[2] = 2


def test_running_score_equals_final_scoring_on_the_same_position(script):
    """The running score of a position is what final scoring gives on it (no Arch Monster
    discard asked: the script makes none), in the kernel and, from its own objects, in the
    reference engine; computing it changes nothing."""
    A, st, lu, rng = position(3, seed=2)
    _hand_built(A, st)
    before = {k: np.array(getattr(st, k)) for k in BOARD}
    kernel = [int(shape.running_score(A, st, q)) for q in range(3)]
    ref = reference_shape.reference_running_scores(reference_of(A, st, lu, rng))
    assert all(np.array_equal(getattr(st, k), before[k]) for k in BOARD)
    nb.final_scoring(A, st, lu, rng)
    assert kernel == ref == [int(x) for x in st.scores]
    # by hand: final-area blue Grunt 5 (single Grunt card) x 2 kept blue dice; Prophecy 20 + 14
    assert st.bd[0, B_FINAL] == 10 and st.bd[0, B_PROPHECY] == 34
    assert kernel[0] > 17 + 10 + 34       # and some Arch Monster points


@pytest.mark.parametrize("reading", ["max_minus_score", "unmet", "half"])
def test_spider_jacks_running_score_equals_his_final_scoring(script, reading):
    """Solo 2 with the Prophecy +1 modifier: the checkpoint holds the player's running score
    and Spider Jack's (his points so far and what the player's card would pay him now), as
    final scoring gives them on the same position."""
    A, st, lu, rng = position(1, seed=3, mode="solo2", sj_prophecy=1, prophecy_plus_one=reading)
    row(st, 0, 0, "B3 G4 P5 O6")
    row(st, 0, 1, "Y2 Y2 Y2")
    st.sj[0] = (4, 3, 1)
    st.prophecy[0] = 0
    st.juice[0] = 9
    st.info[I_SJ_SCORE] = 30
    shape.record_checkpoint(A, st, 0)
    g = reference_of(A, st, lu, rng)
    g.sj_score = 30
    ref = reference_shape.reference_running_scores(g)
    nb.final_scoring(A, st, lu, rng)
    assert [int(st.cp[0, 0]), int(st.cp[0, 1])] == ref == [int(st.scores[0]),
                                                          int(st.info[I_SJ_SCORE])]
    assert st.info[I_SJ_SCORE] > 30       # the card's missed points went to him


def test_family_running_score_equals_the_game_end_scoring():
    """Family mode: Spook Juice plus the Prophecy card on the grid (every die counting), as the
    game end scores it, in the kernel and in the reference engine."""
    rules = GAME.make_rules(2, {"mode": "family"})
    prep = GAME.prepare(rules, GAME.lineup("greedy", 2))
    A, F = prep.arrays, prep.family
    st = nf.new_family_state(A)
    nf.new_game(A, F, st, new_stream(1, 0))
    g = ReferenceFamilyGame(prep, 1, 0)
    g.reset()
    grids = ([[(B, 3), (G, 4), (P, 5), (ORANGE, 6)], [(Y, 2), (Y, 2), (Y, 2)], []],
             [[(B, 5), (G, 3)], [(P, 2), (ORANGE, 4)], [(U, 3)]])
    for p, rows in enumerate(grids):
        for r, dice in enumerate(rows):
            for c, (col, rank) in enumerate(dice):
                st.order_col[p, r, c] = col
                st.order_rank[p, r, c] = rank
            st.order_n[p, r] = len(dice)
            g.order[p][r] = [[col, rank] for col, rank in dice]
    st.prophecy[:] = (0, 2)
    g.prophecy = [0, 2]
    st.juice[:] = (12, 20)
    g.juice = [12, 20]
    shape.family_checkpoint(A, st, 0)
    ref = reference_shape.reference_family_running_scores(g)
    nf.game_end(A, F, st, new_stream(0, 1))
    assert [int(x) for x in st.cp[0, :2]] == ref == [int(x) for x in st.scores]
    assert ref[0] == 12 + 20 + 4      # card 01: ascending 3 4 5 6 and three 2s
