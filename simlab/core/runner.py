"""The batch runner: the one place that owns parallelism.

A run of ``n`` games under seed ``s`` is cut into batches ``[start, start + count)``. Every batch
is played by the game's kernel, which aggregates in place (counters and histograms, all integers),
so a batch returns a few small arrays whatever its size; the runner adds them up as they arrive.
Because game ``g`` draws only from the stream of ``(s, g)`` and all aggregates are integer sums,
the totals are identical for any number of jobs, batch size or backend.

Backends: ``loky`` (processes, the default), ``threads`` (the kernels release the GIL),
``serial``, and ``dask``: joblib's dask backend on the active ``distributed`` client (see
:func:`simlab.core.cluster.dask_client`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simlab.core.compiling import compile_notice, is_quiet, set_quiet
from simlab.core.progress import progress_bar, wanted
from simlab.errors import SimlabError

BACKENDS = ("loky", "threads", "serial", "dask")
_JOBLIB_BACKEND = {"loky": "loky", "threads": "threading", "serial": "sequential",
                   "dask": "dask"}

#: target wall time of one batch, seconds (DEVELOPERS.md: 0.1-1 s of work)
BATCH_SECONDS = 0.3
#: games played first, alone (in the main process, or in one worker with loky), to measure the
#: speed before the other batches are sized
PROBE_GAMES = 64


@dataclass
class RunOutput:
    """What a run returns: summed aggregates, optional per-game rows, timings."""

    agg: dict[str, np.ndarray]
    rows: dict[str, np.ndarray] | None
    n_games: int
    wall_s: float
    kernel_s: float
    compile_s: float = 0.0       # compiling or loading the kernels before the first batch


def add_into(total: dict[str, np.ndarray] | None, part: dict[str, np.ndarray]):
    """Add aggregate dict ``part`` into ``total`` (returns the new total)."""
    if total is None:
        return {k: np.array(v, copy=True) for k, v in part.items()}
    for k, v in part.items():
        total[k] += v
    return total


def _play(game, prepared, seed: int, start: int, count: int, keep_rows: bool):
    """Worker entry point: play games ``[start, start+count)`` of ``game`` (a registered game:
    it pickles as its name and is looked up again in the worker) and return (start, agg, rows,
    seconds)."""
    t0 = time.perf_counter()
    agg, rows = game.run_batch(prepared, seed, start, count, keep_rows)
    return start, agg, rows, time.perf_counter() - t0


def check_run_args(n_games: int, seed: int, jobs: int, backend: str, batch_size: int | None,
                   first_game: int = 0):
    """Validate the runner's arguments; raises :class:`SimlabError` naming the argument."""
    if isinstance(n_games, bool) or not isinstance(n_games, int | np.integer) or n_games < 1:
        raise SimlabError(f"games: expected a positive whole number, got {n_games!r}")
    if not isinstance(seed, int | np.integer) or not 0 <= seed < 2**63:
        raise SimlabError(f"seed: expected a whole number from 0 to 2**63-1, got {seed!r}")
    if not isinstance(jobs, int | np.integer) or jobs < 1:
        raise SimlabError(f"jobs: expected a positive whole number, got {jobs!r}")
    if isinstance(first_game, bool) or not isinstance(first_game, int | np.integer) or \
            first_game < 0:
        raise SimlabError(f"first_game: expected a whole number >= 0, got {first_game!r}")
    if backend not in BACKENDS:
        raise SimlabError(f"backend: expected one of {', '.join(BACKENDS)}, got {backend!r}")
    if batch_size is not None and (not isinstance(batch_size, int | np.integer) or batch_size < 1):
        raise SimlabError(f"batch_size: expected a positive whole number, got {batch_size!r}")


def run_games(
    game,
    prepared,
    n_games: int,
    seed: int,
    *,
    jobs: int = 1,
    backend: str = "loky",
    batch_size: int | None = None,
    keep_rows: bool = False,
    progress: bool | None = None,
    on_batch: Callable[[int], None] | None = None,
    first_game: int = 0,
) -> RunOutput:
    """Play ``n_games`` games of ``game`` with ``prepared`` arrays and aggregate the results.

    Parameters
    ----------
    game : simlab.games.registry.Game
        The game module's spec (kernel entry point ``run_batch`` and ``warm``).
    prepared : NamedTuple of arrays
        What ``game.prepare`` returned: rules, board and bots as arrays.
    n_games, seed : int
        Number of games and the run's seed; game ``g`` uses the stream of ``(seed, g)``.
    jobs : int
        Worker count for ``loky`` and ``threads``; ignored by ``serial``.
    backend : {"loky", "threads", "serial"}
    batch_size : int, optional
        Games per batch; by default sized from a probe so one batch takes about 0.3 s.
    keep_rows : bool
        Also return one row per game (memory grows with ``n_games``).
    progress : bool, optional
        Show a tqdm bar on stderr; default: when stderr is a terminal and the run looks longer
        than about 2 s.
    on_batch : callable, optional
        Called with the number of games of every finished batch (for outer progress bars).
    first_game : int
        Index of the first game: the run plays games ``[first_game, first_game + n_games)``
        (precision runs extend a run this way without replaying it).
    """
    check_run_args(n_games, seed, jobs, backend, batch_size, first_game)
    t_wall = time.perf_counter()
    # probe: the first games are played alone, timed (their speed sizes the batches), and are
    # part of the result. Before them the line-up's kernel is compiled (or loaded from the disk
    # cache), so that no two workers compile it at once; stderr says so when it compiles.
    # With worker processes and games left for them, both happen in one worker: the main
    # process, which only adds up what the workers return, then never loads the compiler
    # (about 60 MB).
    first = min(n_games, PROBE_GAMES if batch_size is None else batch_size)
    if backend == "loky" and jobs > 1 and n_games > first:
        _, agg, rows, k_s, compile_s = _first_in_worker(game, prepared, seed, first_game, first,
                                                        keep_rows, jobs)
    else:
        _, agg, rows, k_s, compile_s = _first_batch(game, prepared, seed, first_game, first,
                                                    keep_rows, is_quiet())
    kernel_s = k_s
    row_parts = {first_game: rows} if keep_rows else None
    if on_batch is not None:
        on_batch(first)
    rate = first / max(k_s, 1e-6)
    if batch_size is None:
        batch_size = int(min(max(rate * BATCH_SECONDS, 256), 2_000_000))
        if jobs > 1 and backend != "serial":  # keep every worker busy on small runs
            batch_size = max(64, min(batch_size, -(-(n_games - first) // (4 * jobs))))
    end = first_game + n_games
    starts = list(range(first_game + first, end, batch_size))
    tasks = [(s, min(batch_size, end - s)) for s in starts]

    eff_jobs = 1 if backend == "serial" else jobs
    bar = None
    if n_games > first and wanted(progress, n_games / rate / eff_jobs):
        bar = progress_bar(n_games, desc=f"{game.name}", enabled=True)
        bar.update(first)

    count_of = dict(tasks)
    if tasks:
        results = _dispatch(game, prepared, seed, tasks, keep_rows, jobs, backend)
        for start, part, rows, k_s in results:
            agg = add_into(agg, part)
            kernel_s += k_s
            if keep_rows:
                row_parts[start] = rows
            n = count_of[start]
            if bar is not None:
                bar.update(n)
            if on_batch is not None:
                on_batch(n)
    if bar is not None:
        bar.close()

    all_rows = None
    if keep_rows:
        keys = list(row_parts[first_game].keys())
        order = sorted(row_parts)
        all_rows = {k: np.concatenate([row_parts[s][k] for s in order]) for k in keys}
    return RunOutput(agg=agg, rows=all_rows, n_games=n_games,
                     wall_s=time.perf_counter() - t_wall, kernel_s=kernel_s,
                     compile_s=compile_s)


def _first_batch(game, prepared, seed: int, start: int, count: int, keep_rows: bool,
                 quiet: bool):
    """A run's first batch (main process or worker entry point): compile or load the kernel
    under the compile notice (``quiet``: the caller's ``--quiet``), then :func:`_play`; the
    seconds the compile (or load) took come last."""
    set_quiet(quiet)
    t0 = time.perf_counter()
    with compile_notice(f"{game.title} kernels", game.compile_estimate(prepared)):
        game.check_compiles(prepared)
    compile_s = time.perf_counter() - t0
    return (*_play(game, prepared, seed, start, count, keep_rows), compile_s)


def _first_in_worker(game, prepared, seed, start, count, keep_rows, jobs):
    """:func:`_first_batch` in one of the run's loky workers (the pool the batches reuse)."""
    from joblib import Parallel, delayed

    par = Parallel(n_jobs=jobs, backend="loky")
    return par([delayed(_first_batch)(game, prepared, seed, start, count, keep_rows,
                                      is_quiet())])[0]


def _dispatch(game, prepared, seed, tasks, keep_rows, jobs, backend):
    """Yield batch results as they finish, from joblib's chosen backend."""
    if backend == "serial" or (jobs == 1 and backend != "dask"):
        for s, c in tasks:
            yield _play(game, prepared, seed, s, c, keep_rows)
        return
    from joblib import Parallel, delayed

    if backend == "dask":
        from joblib import parallel_config

        from simlab.core.cluster import require_client

        require_client()
        with parallel_config(backend="dask"):
            par = Parallel(n_jobs=-1, return_as="generator_unordered")
            yield from par(delayed(_play)(game, prepared, seed, s, c, keep_rows)
                           for s, c in tasks)
        return
    par = Parallel(n_jobs=jobs, backend=_JOBLIB_BACKEND[backend],
                   return_as="generator_unordered")
    yield from par(delayed(_play)(game, prepared, seed, s, c, keep_rows) for s, c in tasks)
