"""The meta-game solvers against games with known equilibria, and a tournament's meta-game."""

import numpy as np
import pytest

from simlab.report.metagame import meta_game, nash_zero_sum, replicator, replicator_many, solve

RPS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])


def test_rock_paper_scissors_lp():
    w, v = nash_zero_sum(RPS)
    np.testing.assert_allclose(w, [1 / 3] * 3, atol=1e-9)
    assert v == pytest.approx(0.0, abs=1e-9)


def test_biased_rps_lp_matches_closed_form():
    # win 2 with rock against scissors: equilibrium (1/4, 1/2, 1/4) (rock, paper, scissors)
    a = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    w, v = nash_zero_sum(a)
    np.testing.assert_allclose(w, [0.25, 0.5, 0.25], atol=1e-9)
    assert v == pytest.approx(0.0, abs=1e-9)


def test_dominated_strategy_lp():
    # strategy 0 beats everything: pure equilibrium on it
    a = np.array([[0.0, 0.2, 0.3], [-0.2, 0.0, 0.1], [-0.3, -0.1, 0.0]])
    w, v = nash_zero_sum(a)
    np.testing.assert_allclose(w, [1.0, 0.0, 0.0], atol=1e-9)
    assert v == pytest.approx(0.0, abs=1e-9)


def test_matching_pennies_asymmetric_payoffs():
    a = np.array([[3.0, -1.0], [-2.0, 1.0]])
    w, v = nash_zero_sum(a)
    # row mixes p with 3p - 2(1-p) = -p + (1-p)  ->  p = 3/7; value = 1/7
    np.testing.assert_allclose(w, [3 / 7, 4 / 7], atol=1e-9)
    assert v == pytest.approx(1 / 7, abs=1e-9)


def test_replicator_rps_time_average():
    w = replicator(RPS + 1.0)
    np.testing.assert_allclose(w, [1 / 3] * 3, atol=0.02)


def test_replicator_removes_dominated_strategy():
    # pairwise win shares: 0 beats 1 and 2; 1 beats 2
    m = np.array([[0.5, 0.7, 0.8], [0.3, 0.5, 0.6], [0.2, 0.4, 0.5]])
    w = replicator(m)
    assert w[0] > 0.99 and w[1] < 0.01 and w[2] == 0.0


def test_replicator_many_is_replicator_on_each():
    """The bootstrap's batch: cycling (RPS), settling (a dominant bot) and random win-share
    matrices, each stopping at its own step, as one at a time."""
    rng = np.random.default_rng(4)
    ms = [RPS + 1.0, np.array([[0.5, 0.7, 0.8], [0.3, 0.5, 0.6], [0.2, 0.4, 0.5]])]
    for _ in range(6):
        r = rng.random((3, 3))
        ms.append((r + 1.0 - r.T) / 2)
    np.testing.assert_allclose(replicator_many(np.array(ms)), [replicator(m) for m in ms],
                               atol=1e-12)


def test_solve_two_player_uses_lp_on_shares():
    m = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])  # RPS as win shares
    w, method = solve(m, 2)
    assert method == "linear programme"
    np.testing.assert_allclose(w, [1 / 3] * 3, atol=1e-9)
    w3, method3 = solve(m, 3)
    assert method3 == "replicator dynamics"
    np.testing.assert_allclose(w3, [1 / 3] * 3, atol=0.02)


def test_tournament_meta_game_finds_dominant_bot(tmp_path):
    """greedy is far stronger than random in Jelly: dominant, and the whole equilibrium."""
    import simlab

    sc = {"name": "t", "game": "jelly", "players": 4, "seed": 5,
          "tournament": {"bots": ["random", "greedy", "spread"], "games": 300}}
    sr = simlab.run_scenario(sc, out=tmp_path / "t", report=False)
    mg = meta_game(sr, bootstrap=50, seed=1)
    assert mg.dominant == "greedy"
    i = mg.bots.index("greedy")
    assert mg.weights[i] > 0.95 and mg.lo[i] <= mg.weights[i] <= mg.hi[i]
    assert set(mg.beats["greedy"]) == {"random", "spread"}
    text = " ".join(mg.sentences())
    assert "Dominant strategy: greedy" in text
    t = mg.table()
    assert list(t["bot"]) == mg.bots and abs(t["nash_weight"].sum() - 1) < 1e-9
