"""The same seed gives the same games whatever the jobs, batch size or backend, for games in
plain Python too: loky workers (fresh processes) load the plugin file again by its path, threads
share it, Dask workers unpickle the game as its file. Pig in its kernel and in plain Python, and
Nim (a lone file)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.runner import run_games

from .conftest import NIM, PIG


def _rows(game, prepared, n, **kw):
    out = run_games(game, prepared, n, 77, keep_rows=True, progress=False, **kw)
    return out.agg, out.rows


def _same(a, b):
    (agg_a, rows_a), (agg_b, rows_b) = a, b
    assert set(agg_a) == set(agg_b)
    for k in agg_a:
        assert np.array_equal(agg_a[k], agg_b[k]), k
    for k in rows_a:
        assert np.array_equal(rows_a[k], rows_b[k]), k


@pytest.mark.parametrize("which,bots,players,n", [
    ("pig", "hold,random,hold(n=12)", 3, 3000),     # the kernel
    ("pig", "greedy,hold", 2, 300),                 # plain Python, free bot
    ("nim", "grundy,random,greedy", 3, 600),        # plain Python, a lone file
])
def test_jobs_and_backends_give_the_same_games(which, bots, players, n, pig, nim):
    g = {"pig": pig, "nim": nim}[which]
    prep = g.prepare(g.make_rules(players), g.lineup(bots, players))
    base = _rows(g, prep, n, backend="serial", batch_size=n)
    _same(base, _rows(g, prep, n, backend="serial", batch_size=n // 7))
    _same(base, _rows(g, prep, n, backend="loky", jobs=2, batch_size=n // 5))
    _same(base, _rows(g, prep, n, backend="threads", jobs=2, batch_size=n // 3))


def test_a_game_pickles_as_where_it_came_from(pig, nim):
    import pickle

    from simlab.games.python.loader import load_game_file

    for g, path in ((pig, PIG), (nim, NIM)):
        rebuilt, args = g.__reduce_ex__(4)
        assert rebuilt is load_game_file and args == (str(path.resolve()), g.name)
        assert pickle.loads(pickle.dumps(g)) is g
    prep = pig.prepare(pig.make_rules(2), pig.lineup("hold(n=17),greedy", 2))
    back = pickle.loads(pickle.dumps(prep))
    assert back.seats == prep.seats and back.rules == prep.rules


def test_dask_backend_gives_the_same_sweep(tmp_path):
    from simlab.sweep import run_sweep

    sc = {"game": "nim", "plugins": [str(NIM)], "players": 2, "seed": 3, "games": 300,
          "bots": ["grundy", "greedy"], "compare": {"B": {"last_wins": False}}}
    base = run_sweep(sc, backend="serial", write=False, progress=False)
    dask = run_sweep(sc, backend="dask", jobs=2, write=False, progress=False)  # processes
    a, b = base.frame, dask.frame
    assert a.drop(columns=[c for c in a if c.endswith("_s")]).equals(
        b.drop(columns=[c for c in b if c.endswith("_s")]))


def test_a_game_a_worker_cannot_import_is_named():
    from simlab.errors import SimlabError
    from simlab.games.python.adapter import _module_game

    with pytest.raises(SimlabError, match="cannot be found in a worker process"):
        _module_game("__main__", "NotThere")
