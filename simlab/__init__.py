"""simlab: Monte Carlo strategy analysis for tabletop game designers.

Quick start::

    import simlab
    res = simlab.simulate("jelly", players=4, bots=["greedy", "random", "spread", "saboteur"],
                          games=100_000, seed=1)
    res.summary()        # DataFrame, one row per seat
    res.metrics          # game-specific aggregates (dict)

The numba cache goes to ``$NUMBA_CACHE_DIR`` when set, else ``~/.cache/simlab/numba``; this is
set here, before numba is first imported, so every entry point (library, CLI, workers) shares it.
"""

from __future__ import annotations

import os as _os

if "NUMBA_CACHE_DIR" not in _os.environ:
    _base = _os.environ.get("XDG_CACHE_HOME") or _os.path.join(_os.path.expanduser("~"), ".cache")
    _os.environ["NUMBA_CACHE_DIR"] = _os.path.join(_base, "simlab", "numba")

__version__ = "0.1.0"

__all__ = ["simulate", "run_scenario", "get_game", "list_games", "SimlabError", "__version__"]


def __getattr__(name):  # lazy: keep `import simlab` and `simlab --help` quick
    if name == "simulate":
        from simlab.api import simulate

        return simulate
    if name == "run_scenario":
        from simlab.sweep import run_scenario

        return run_scenario
    if name in ("get_game", "list_games"):
        from simlab.games import registry

        return getattr(registry, name)
    if name == "SimlabError":
        from simlab.errors import SimlabError

        return SimlabError
    raise AttributeError(f"module 'simlab' has no attribute {name!r}")
