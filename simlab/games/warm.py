"""Compile the game kernels ahead of use (``simlab warm``), games in parallel.

Each game's kernels are compiled once into the numba disk cache (``NUMBA_CACHE_DIR``) and loaded
from it by every later process. :func:`warm` compiles them now: one task per kernel entry point
(:meth:`simlab.games.registry.Game.warm_lineups`), the longest first, in ``jobs`` worker
processes that share the cache folder. A task whose kernel is already cached loads it in about a
second.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from simlab.errors import SimlabError


@dataclass(frozen=True)
class WarmResult:
    """One compiled (or loaded) entry point: game, what it is, seconds, whether it compiled."""

    game: str
    what: str
    seconds: float
    compiled: bool


def _warm_one(game_name: str, index: int, everything: bool,
              plugins: tuple[str, ...] = ()) -> WarmResult:
    """Worker: compile (or load) entry point ``index`` of ``game_name``'s warm list (after
    loading the ``plugins`` files, as the parent did)."""
    from simlab.core.compiling import CompileWatch
    from simlab.games.plugins import load_plugins
    from simlab.games.registry import get_game

    load_plugins(plugins, "plugins")

    g = get_game(game_name)
    label, prepared = g.warm_lineups(everything)[index]
    t0 = time.perf_counter()
    with CompileWatch() as watch:
        g.run_batch(prepared, 0, 0, 1, True)
        if everything:  # the twins the reference engine asks its bots through (the tests')
            g.reference_game(prepared, 0, 0)
    return WarmResult(game_name, label, time.perf_counter() - t0, watch.compiled)


def warm_tasks(games: list[str], everything: bool) -> list[tuple[str, int, str, float]]:
    """The entry points to compile, the longest first: (game, index, label, estimate s)."""
    from simlab.games.registry import get_game

    tasks = []
    for name in games:
        g = get_game(name)
        for i, (label, prepared) in enumerate(g.warm_lineups(everything)):
            tasks.append((name, i, label, g.compile_estimate(prepared)))
    return sorted(tasks, key=lambda t: -t[3])


def warm(games: list[str] | None = None, jobs: int = 1, everything: bool = False,
         on_done: Callable[[WarmResult], None] | None = None,
         plugins: list[str] | tuple[str, ...] = ()) -> list[WarmResult]:
    """Compile the kernels of ``games`` (default: all) into the numba disk cache.

    Parameters
    ----------
    games : list of str, optional
        Game names (default every registered game).
    jobs : int
        Worker processes; entry points compile in parallel, the longest first.
    everything : bool
        Also the kernels the default line-up does not use (a ``lookahead`` seat, each game's
        other modes) and, for every line-up, what the reference engine compiles to ask its
        bots from Python (one reference game): the test suite's set.
    on_done : callable, optional
        Called with each :class:`WarmResult` as it finishes.
    plugins : list of str, optional
        Plugin files (custom bots, as ``--plugin``): loaded first; each custom bot is compiled
        too (a line-up with it in the first seat; the kernels call it through a pointer).

    Returns
    -------
    list of WarmResult
    """
    from simlab.games.plugins import load_plugins
    from simlab.games.registry import GAMES

    plugins = tuple(str(p) for p in plugins)
    load_plugins(plugins, "plugins")  # first: a plugin file may define a game
    names = list(GAMES) if not games else list(games)
    for n in names:
        if n not in GAMES:
            raise SimlabError(f"game: unknown game {n!r}; known: {', '.join(GAMES)}")
    if not isinstance(jobs, int) or jobs < 1:
        raise SimlabError(f"jobs: expected a positive whole number, got {jobs!r}")
    tasks = warm_tasks(names, everything)
    out: list[WarmResult] = []
    if jobs == 1 or len(tasks) == 1:
        for name, i, _label, _est in tasks:
            r = _warm_one(name, i, everything, plugins)
            out.append(r)
            if on_done is not None:
                on_done(r)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # a fresh process per entry point: numba's JIT keeps every module it compiled, so a worker
    # that compiled one game would carry that memory into the next
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=ctx,
                             max_tasks_per_child=1) as pool:
        futures = [pool.submit(_warm_one, name, i, everything, plugins)
                   for name, i, _l, _e in tasks]
        for f in as_completed(futures):
            r = f.result()
            out.append(r)
            if on_done is not None:
                on_done(r)
    return out
