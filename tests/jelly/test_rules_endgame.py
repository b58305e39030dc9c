"""Rulebook "End of Game": jelly-pods are worth one die roll each, the most jelly wins, tied
players share the victory (agg["wins"][seat, k] counts k-way wins).

Checked on the kernel (``nb.play_game`` / ``nb.record_result`` / ``GAME.run_batch``) and on the
reference engine (``ReferenceGame.play_game``). To check end-of-game scoring on hand-set holdings, the
arrays are given ``rounds=0`` (no round is played, the game goes straight to its end).
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.jelly import nb
from simlab.games.jelly.game import GAME
from simlab.games.jelly.reference import ReferenceGame
from simlab.games.jelly.rules import make_rules
from simlab.games.jelly.state import new_agg, new_scratch, new_state

from .positions import random_lineup

SEED = 777


def prepared(players, bots, **rule_overrides):
    rules = make_rules(players, rule_overrides)
    return GAME.prepare(rules, GAME.lineup(bots, players))


def kernel_game(prep, seed, game):
    """Play one game with the kernel's play_game; returns (st, sc) at the end."""
    A, lineup = prep.arrays, prep.lineup
    st, agg, sc = new_state(A.n_players, A.n_districts), new_agg(A.n_players, A.n_districts), \
        new_scratch(A.n_players)
    nb.play_game(A, st, lineup, new_stream(seed, game), agg, sc, None)
    return st, sc


# --------------------------------------------------------------------------- pods
def test_pods_worth_one_with_a_one_sided_die():
    # pod_sides = 1: every pod rolls 1, so score = jelly + number of pods, on both engines
    prep = prepared(3, "random(lock=1,flip=1)", pod_sides=1)
    agg, rows = GAME.run_batch(prep, SEED, 0, 20, True)
    total_pods = 0
    for game in range(20):
        st, sc = kernel_game(prep, SEED, game)
        assert list(sc.scores) == list(st.jelly + st.pods)
        assert list(rows["score"][game]) == list(sc.scores)
        g = ReferenceGame(prep.arrays, prep.lineup, SEED, game)
        g.play_game()
        assert g.scores == [p.jelly + p.pods for p in g.players] == list(sc.scores)
        total_pods += int(st.pods.sum())
    assert total_pods > 0  # the check is not vacuous


def test_pods_worth_one_die_roll_each():
    # d6 (default): each pod adds 1..6, so jelly + pods <= score <= jelly + 6 x pods
    prep = prepared(3, "random(lock=1,flip=1)")
    above_one = False
    for game in range(30):
        st, sc = kernel_game(prep, SEED, game)
        for q in range(3):
            low = st.jelly[q] + st.pods[q]
            assert low <= sc.scores[q] <= st.jelly[q] + 6 * st.pods[q]
            above_one |= bool(sc.scores[q] > low)
    assert above_one  # some pod rolled more than 1


def test_pod_rolls_average_a_d6():
    # reference: seat 0 holds 2000 pods and no jelly at the end: the score is the sum of 2000
    # d6 rolls: mean 3.5 each, sd of the mean sqrt(35/12 / 2000) ~ 0.038; allow 6 sd
    A = make_rules(3).to_arrays()._replace(rounds=0)
    g = ReferenceGame(A, random_lineup(3), SEED, 0)
    for p in g.players:
        p.jelly = 0
    g.players[0].pods = 2000
    scores, _winners = g.play_game()
    assert abs(scores[0] / 2000 - 3.5) < 6 * 0.038
    assert scores[1:] == [0, 0]


def test_end_score_is_jelly_plus_pods_reference_hand_set():
    # pod_sides = 1: holdings (5 jelly, 2 pods), (8, 0), (0, 7) -> scores 7, 8, 7; seat 1 wins
    A = make_rules(3, {"pod_sides": 1}).to_arrays()._replace(rounds=0)
    g = ReferenceGame(A, random_lineup(3), SEED, 0)
    for p, (j, k) in zip(g.players, [(5, 2), (8, 0), (0, 7)], strict=True):
        p.jelly, p.pods = j, k
    scores, winners = g.play_game()
    assert scores == [7, 8, 7]
    assert winners == [False, True, False]


# --------------------------------------------------------------------------- shared victory
@pytest.mark.parametrize("scores, winners, k", [
    ([5, 9, 9], [False, True, True], 2),
    ([4, 4, 4], [True, True, True], 3),
    ([10, 3, 9], [True, False, False], 1),
    ([0, 0, 0, 0], [True, True, True, True], 4),
    ([6, 2, 6, 6, 1], [True, False, True, True, False], 3),
])
def test_record_result_ties_share_the_victory(scores, winners, k):
    n = len(scores)
    agg, sc = new_agg(n, 3), new_scratch(n)
    nb.record_result(np.array(scores, np.int64), agg, sc.winners)
    assert list(sc.winners) == winners
    expected = np.zeros((n, n + 1), np.int64)
    for q in range(n):
        if winners[q]:
            expected[q, k] = 1  # a k-way shared victory for each tied winner
    assert np.array_equal(agg.wins, expected)
    assert list(agg.score_sum) == scores


@pytest.mark.parametrize("start, winners, k", [
    ((5, 9, 9), [False, True, True], 2),
    ((4, 4, 4), [True, True, True], 3),
    ((3, 1, 2), [True, False, False], 1),
])
def test_shared_victory_both_engines(start, winners, k):
    # no round played: scores are the starting jelly (seat_starting_jelly)
    rules = make_rules(3, {"seat_starting_jelly": ",".join(map(str, start))})
    prep = GAME.prepare(rules, GAME.lineup("random", 3))
    prep = prep._replace(arrays=prep.arrays._replace(rounds=0))
    agg, rows = GAME.run_batch(prep, SEED, 0, 1, True)
    ref_scores, ref_winners, ref_agg, _lines = GAME.reference_game(prep, SEED, 0)
    assert list(rows["score"][0]) == ref_scores == list(start)
    assert list(rows["winner"][0]) == ref_winners == winners
    expected = np.zeros((3, 4), np.int64)
    for q in range(3):
        if winners[q]:
            expected[q, k] = 1
    assert np.array_equal(agg["wins"], expected)
    assert np.array_equal(ref_agg["wins"], expected)


def test_wins_table_counts_each_game_once():
    # every game has k >= 1 winners, each counted in column k: sum_k (column k total) / k is
    # the number of games; and the table matches the per-game winner rows
    n = 300
    prep = prepared(3, "random", starting_jelly=0, pod_sides=1)
    agg, rows = GAME.run_batch(prep, SEED, 0, n, True)
    wins = agg["wins"]
    assert wins[:, 0].sum() == 0
    assert sum(wins[:, k].sum() / k for k in range(1, 4)) == n
    expected = np.zeros_like(wins)
    for game in range(n):
        w = rows["winner"][game]
        assert w.any()
        best = rows["score"][game].max()
        assert list(w) == list(rows["score"][game] == best)
        expected[w, int(w.sum())] += 1
    assert np.array_equal(wins, expected)
    assert expected[:, 2:].sum() > 0  # ties do happen in this sample (pods worth 1)
