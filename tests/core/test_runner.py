"""Tests for simlab.core.runner.run_games with the jelly game."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.runner import run_games
from simlab.errors import SimlabError
from simlab.games.registry import get_game

N = 600
SEED = 4242


@pytest.fixture(scope="module")
def game():
    return get_game("jelly")


@pytest.fixture(scope="module")
def prepared(game):
    return game.prepare(game.make_rules(4), game.lineup(None, 4))


@pytest.fixture(scope="module")
def direct(game, prepared):
    """All N games in one kernel call, without the runner."""
    return game.run_batch(prepared, SEED, 0, N, True)


@pytest.fixture(scope="module")
def baseline(game, prepared):
    return run_games(game, prepared, N, SEED, jobs=1, backend="serial", keep_rows=True,
                     progress=False)


def assert_agg_equal(a: dict, b: dict):
    assert set(a) == set(b)
    for k in a:
        assert np.array_equal(np.asarray(a[k]), np.asarray(b[k])), f"aggregate {k!r} differs"


def test_baseline_matches_one_kernel_call(baseline, direct):
    agg, rows = direct
    assert_agg_equal(baseline.agg, agg)
    assert baseline.n_games == N
    for k in rows:
        assert np.array_equal(baseline.rows[k], rows[k])


def test_aggregates_count_every_game(baseline):
    # every game has at least one winner, and the histogram holds every game of every seat
    wins = baseline.agg["wins"]
    k = np.arange(wins.shape[1], dtype=float)
    k[0] = np.inf
    assert np.isclose((wins / k).sum(), N)
    assert np.all(baseline.agg["score_hist"].sum(axis=1) == N)
    assert np.array_equal(baseline.agg["score_sum"], baseline.rows["score"].sum(axis=0))


@pytest.mark.parametrize("backend", ["serial", "threads", "loky"])
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("batch_size", [7, 50, None])
def test_results_do_not_depend_on_jobs_backend_batch(game, prepared, baseline, direct,
                                                     backend, jobs, batch_size):
    out = run_games(game, prepared, N, SEED, jobs=jobs, backend=backend,
                    batch_size=batch_size, keep_rows=True, progress=False)
    assert_agg_equal(out.agg, baseline.agg)
    # rows are in game order and equal the kernel's own rows
    _, rows = direct
    assert set(out.rows) == set(rows)
    for k in rows:
        assert out.rows[k].shape[0] == N
        assert np.array_equal(out.rows[k], rows[k]), f"rows {k!r} differ"


def test_rows_in_game_order_equal_single_game_replays(game, prepared):
    out = run_games(game, prepared, 200, SEED, jobs=2, backend="threads", batch_size=13,
                    keep_rows=True, progress=False)
    for g in (0, 1, 12, 13, 99, 150, 199):
        _, one = game.run_batch(prepared, SEED, g, 1, True)
        assert np.array_equal(out.rows["score"][g], one["score"][0]), f"game {g}"
        assert np.array_equal(out.rows["winner"][g], one["winner"][0]), f"game {g}"


def test_rows_none_when_not_kept(game, prepared):
    out = run_games(game, prepared, 100, SEED, backend="serial", progress=False)
    assert out.rows is None
    out = run_games(game, prepared, 100, SEED, jobs=2, backend="threads", batch_size=10,
                    progress=False)
    assert out.rows is None


def test_different_seed_gives_different_aggregates(game, prepared, baseline):
    out = run_games(game, prepared, N, SEED + 1, backend="serial", progress=False)
    assert not np.array_equal(out.agg["score_sum"], baseline.agg["score_sum"])


def test_aggregate_sizes_flat_in_n_games(game, prepared):
    small = run_games(game, prepared, 100, 1, backend="serial", progress=False)
    big = run_games(game, prepared, 3000, 1, backend="serial", progress=False)
    assert set(small.agg) == set(big.agg)
    for k in small.agg:
        assert small.agg[k].shape == big.agg[k].shape, k
        assert small.agg[k].nbytes == big.agg[k].nbytes, k
    assert big.rows is None
    assert big.agg["score_hist"].sum(axis=1).tolist() == [3000] * 4


@pytest.mark.parametrize("backend,jobs,batch_size,n",
                         [("serial", 1, 300, 1000), ("serial", 1, None, 700),
                          ("threads", 2, 37, 500), ("loky", 2, None, 900),
                          ("serial", 1, 5000, 40)])
def test_on_batch_sums_to_n_games(game, prepared, backend, jobs, batch_size, n):
    calls = []
    run_games(game, prepared, n, 3, jobs=jobs, backend=backend, batch_size=batch_size,
              progress=False, on_batch=calls.append)
    assert sum(calls) == n
    assert all(c > 0 for c in calls)
    if batch_size is not None:
        assert max(calls) <= batch_size


def test_kernel_time_reported(baseline):
    assert baseline.kernel_s > 0
    assert baseline.wall_s >= 0


@pytest.mark.parametrize("kwargs,name", [
    ({"n_games": 0}, "games"),
    ({"n_games": -3}, "games"),
    ({"n_games": 2.5}, "games"),
    ({"seed": -1}, "seed"),
    ({"seed": 2**63}, "seed"),
    ({"jobs": 0}, "jobs"),
    ({"backend": "gpu"}, "backend"),
    ({"batch_size": 0}, "batch_size"),
    ({"batch_size": -1}, "batch_size"),
])
def test_bad_arguments_raise(game, prepared, kwargs, name):
    args = {"n_games": 10, "seed": 0}
    args.update(kwargs)
    n, seed = args.pop("n_games"), args.pop("seed")
    with pytest.raises(SimlabError) as exc:
        run_games(game, prepared, n, seed, progress=False, **args)
    assert str(exc.value).startswith(f"{name}:")


def test_the_compile_check_plays_once_per_kernel(game, monkeypatch):
    """``run_games`` checks the kernel compiles (one game) before its workers start: once per
    kernel and process, not at every run (a designer's loop of small runs paid a game each,
    Monsters' lookahead about a second)."""
    played = []
    real = type(game).run_batch

    def counting(self, prepared, seed, start, count, keep_rows):
        played.append(count)
        return real(self, prepared, seed, start, count, keep_rows)

    monkeypatch.setattr(type(game), "run_batch", counting)
    monkeypatch.setattr(game, "_checked_kernels", set(), raising=False)
    prep = game.prepare(game.make_rules(3), game.lineup("greedy", 3))
    for _ in range(3):
        run_games(game, prep, 5, SEED, backend="serial", batch_size=5)
    assert played == [1, 5, 5, 5]  # the check's one game, then each run's own batch
    other = game.prepare(game.make_rules(3), game.lineup("lookahead,greedy,greedy", 3))
    run_games(game, other, 2, SEED, backend="serial", batch_size=2)
    assert played[4:] == [1, 2]  # a searching seat: another kernel, checked once
