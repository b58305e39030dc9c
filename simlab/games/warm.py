"""Compile the game kernels ahead of use (``simlab warm``), games in parallel.

Each game's kernels are compiled once into the numba disk cache (``NUMBA_CACHE_DIR``) and loaded
from it by every later process. :func:`warm` compiles them now: one task per kernel entry point
(:meth:`simlab.games.registry.Game.warm_lineups`), the longest first, in ``jobs`` worker
processes that share the cache folder. A task whose kernel is already cached loads it in about a
second.

With ``--all`` (the test suite's set) each line-up's task also plays one reference game (the
bots' decisions the reference engine asks from Python), and one task per game compiles the rule
functions the game's tests call from Python on hand-built positions (their shims or twins,
:meth:`simlab.core.jit.RuleDispatcher.prepare_python`), listed in ``python_calls.toml`` beside
this module (``tests/core/python_calls.py`` records it from the tests): each as its function and
its arguments' types, a NamedTuple named by where :func:`call_pool` finds one of its type.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from simlab.errors import SimlabError


@dataclass(frozen=True)
class WarmResult:
    """One compiled (or loaded) entry point: game, what it is, seconds, whether it compiled."""

    game: str
    what: str
    seconds: float
    compiled: bool


#: the rule functions the game tests call from Python (``simlab warm --all`` compiles them)
CALLS_FILE = Path(__file__).with_name("python_calls.toml")
#: the index of a game's "rule functions called from Python" task in :func:`warm_tasks`
PYTHON_CALLS = -1
PYTHON_CALLS_LABEL = "rules called from Python"


def _warm_one(game_name: str, index: int, everything: bool,
              plugins: tuple[str, ...] = ()) -> WarmResult:
    """Worker: compile (or load) entry point ``index`` of ``game_name``'s warm list (after
    loading the ``plugins`` files, as the parent did); :data:`PYTHON_CALLS`: the rule functions
    its tests call from Python."""
    from simlab.core.compiling import CompileWatch
    from simlab.games.plugins import load_plugins
    from simlab.games.registry import get_game

    load_plugins(plugins, "plugins")

    g = get_game(game_name)
    if index == PYTHON_CALLS:
        t0 = time.perf_counter()
        with CompileWatch() as watch:
            done, calls = prepare_calls(g)
        return WarmResult(game_name, f"{PYTHON_CALLS_LABEL} ({done}/{calls})",
                          time.perf_counter() - t0, watch.compiled)
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
        if everything and read_calls().get(name):
            # last: the kernels' tasks have cached most of the rules these calls compile
            tasks.append((name, PYTHON_CALLS, PYTHON_CALLS_LABEL, 0.0))
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
        other modes), for every line-up what the reference engine compiles to ask its bots
        from Python (one reference game), and per game the rule functions its tests call from
        Python (:data:`CALLS_FILE`, one task each, last): the test suite's set.
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


# ------------------------------------------------------------ rule functions called from Python
def call_pool(g) -> dict[str, object]:
    """The NamedTuples the recorded calls of game ``g`` take, by path: for each of its warm
    line-ups (built-in bots) the prepared table's fields (rule arrays, line-up...), a new state
    (:meth:`~simlab.games.registry.Game.kernel_state`) and the NamedTuples nested in them, e.g.
    ``default line-up/arrays.cards``."""
    pool: dict[str, object] = {}

    def add(path, obj):
        if isinstance(obj, tuple) and hasattr(obj, "_fields") and path not in pool:
            pool[path] = obj
            for field in obj._fields:
                add(f"{path}.{field}", getattr(obj, field))

    for label, prepared in g.warm_lineups(True):
        if label.startswith("custom bot"):
            continue
        for field in prepared._fields:
            add(f"{label}/{field}", getattr(prepared, field))
        add(f"{label}/state", g.kernel_state(prepared.arrays))
    return pool


_ARRAY = re.compile(r"(readonly )?array\((\w+), (\d+)d, ([CFA])\)")


def type_spec(t, pool_types: dict) -> str | None:
    """How the calls file names an argument of numba type ``t``: ``@PATH`` a NamedTuple of the
    type of ``call_pool()[PATH]`` (``pool_types``: type -> path; by reference or not, as the
    call passes it), else ``new CLASS(FIELD, ...)`` (a NamedTuple of arrays and numbers: made
    with zeros); a number or an array by its numba type (``int64``, ``array(float64, 1d, C)``,
    ``readonly array(...)``); ``none``. None when it is none of these (a tuple holding a compiled
    function that is not in the pool)."""
    from numba.core import types

    from simlab.core.ref import Ref

    if isinstance(t, Ref):
        t = t.inner
    if isinstance(t, types.BaseNamedTuple):
        path = pool_types.get(t)
        if path is not None:
            return f"@{path}"
        cls = t.instance_class
        fields = [type_spec(t[i], pool_types) for i in range(len(t))]
        if None in fields or "<locals>" in cls.__qualname__:
            return None
        return f"new {cls.__module__}.{cls.__qualname__}({', '.join(fields)})"
    if isinstance(t, types.Array):
        spec = f"array({t.dtype}, {t.ndim}d, {t.layout})"
        return spec if t.mutable else f"readonly {spec}"
    if isinstance(t, types.Integer | types.Float | types.Boolean):
        return str(t)
    if isinstance(t, types.NoneType):
        return "none"
    return None


def _split(text: str) -> list[str]:
    """``a, b(c, d), e`` -> ``["a", "b(c, d)", "e"]`` (commas outside brackets)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    return out + [tail] if tail else out


def spec_value(spec: str, pool: dict):
    """A value whose numba type is what :func:`type_spec` named ``spec``."""
    import importlib

    import numpy as np

    if spec.startswith("@"):
        return pool[spec[1:]]
    if spec == "none":
        return None
    if spec.startswith("new ") and spec.endswith(")"):
        name, _, fields = spec[4:-1].partition("(")
        module, _, qualname = name.rpartition(".")
        cls = importlib.import_module(module)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        return cls(*[spec_value(f, pool) for f in _split(fields)])
    m = _ARRAY.fullmatch(spec)
    if m:
        readonly, dtype, ndim, layout = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        if layout == "A":  # every second element: not contiguous
            a = np.zeros((3,) * ndim, dtype)[(slice(None, None, 2),) * ndim]
        else:
            a = np.zeros((2,) * ndim, dtype, order="F" if layout == "F" else "C")
        if readonly:
            a.setflags(write=False)
        return a
    return np.dtype(spec).type(0)


def read_calls(path=None) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """The calls file: game -> [(function path, argument specs)]."""
    import tomllib

    path = Path(path or CALLS_FILE)
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {game: [(e["function"], tuple(e["args"])) for e in entries]
            for game, entries in data.items()}


def write_calls(path, calls: dict) -> None:
    """Write the calls file (games and entries sorted)."""
    import json

    lines = ["# The rule functions each game's tests call from Python: `simlab warm --all` compiles",
             "# (or loads) them. Written by tests/core/python_calls.py (its docstring says how).",
             ""]
    for game in sorted(calls):
        for function, args in sorted(set(calls[game])):
            lines += [f"[[{game}]]", f"function = {json.dumps(function)}",
                      f"args = [{', '.join(json.dumps(a) for a in args)}]", ""]
    Path(path).write_text("\n".join(lines), encoding="utf-8")


def resolve_call(function: str, args: tuple[str, ...], pool: dict):
    """The rule and argument values of a calls-file entry; None when the function is gone, is
    no rule, takes other arguments or an argument names nothing in ``pool`` (a stale entry)."""
    import importlib
    import inspect

    from simlab.core.jit import RuleDispatcher

    module, _, name = function.rpartition(".")
    try:
        d = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None
    if not isinstance(d, RuleDispatcher):
        return None
    try:
        inspect.signature(d.py_func).bind(*args)
        values = tuple(spec_value(a, pool) for a in args)
    except (TypeError, KeyError, ValueError, ImportError, AttributeError):
        return None
    return d, values


def prepare_calls(g) -> tuple[int, int]:
    """Compile (or load) the rule functions game ``g``'s tests call from Python: (done, listed);
    a stale entry is skipped (``tests/core/test_warm.py`` fails on one)."""
    calls = read_calls().get(g.name, [])
    pool = call_pool(g)
    done = 0
    for function, args in calls:
        found = resolve_call(function, args, pool)
        if found is not None:
            d, values = found
            d.prepare_python(*values)
            done += 1
    return done, len(calls)
