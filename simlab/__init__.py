"""simlab: Monte Carlo strategy analysis for tabletop game designers.

Quick start::

    import simlab
    res = simlab.simulate("jelly", players=4, bots=["greedy", "random", "spread", "saboteur"],
                          games=100_000, seed=1)
    res.summary()        # DataFrame, one row per seat
    res.metrics          # game-specific aggregates (dict)

The numba cache goes to a folder under ``$NUMBA_CACHE_DIR`` when set, else under
``~/.cache/simlab/numba``, named by a hash of the kernel sources (numba alone would reuse a stale
cache after a change to a helper in another module) and the numba mode (``SIMLAB_LAZY``:
``src-<hash>-lazy`` or ``src-<hash>-stock``, see ``simlab.core.jit``). It is set here, before
numba is first imported, so every entry point (library, CLI, workers) shares it; a process
started in the other mode by one that set it (its environment inherited) gets its own mode's
folder beside it.
"""

from __future__ import annotations

import os as _os

#: modules no kernel imports (the plain-Python reference engines, the public game modules,
#: plots, the runner and statistics): left out of the source key, so editing them keeps the
#: compiled kernels (``tests/test_cache_key.py`` checks that no kernel module imports them)
NOT_KERNEL = ("reference.py", "reference_family.py", "reference_scoring.py", "game.py", "plots.py",
              "odds.py", "runner.py", "stats.py", "records.py", "conformance.py", "cluster.py",
              "cards_io.py", "reference_view.py", "compiling.py", "warm.py", "reference_shape.py",
              "io.py", "plugins.py", "replay.py", "replay_board.py", "data.py", "profile.py",
              "reference_base.py", "reference_round.py", "reference_town.py",
              "reference_spook.py", "reference_solo.py", "reference_end.py", "replay_svg.py",
              "replay_family.py", "replay_board.py", "registry.py", "reference_box.py",
              "replay_words.py",
              # simlab/games/python: the plain-Python protocol, its engines and loaders
              "adapter.py", "protocol.py", "spec.py", "freebots.py", "playing.py", "loader.py",
              "skeleton.py")


def _source_key() -> str:
    """A hash of the kernel sources: numba's on-disk cache only notices changes to a function's
    own file, not to the rule helpers and bots it calls from other modules, so every version of
    the kernels gets a cache folder of its own."""
    import hashlib

    h = hashlib.sha256()
    root = _os.path.dirname(_os.path.abspath(__file__))
    for sub in ("core", "games"):
        for folder, dirs, files in sorted(_os.walk(_os.path.join(root, sub))):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".py") and name not in NOT_KERNEL:
                    with open(_os.path.join(folder, name), "rb") as f:
                        h.update(name.encode() + f.read())
    return h.hexdigest()[:12]


def _cache_mode() -> str:
    """``lazy`` or ``stock``: the numba mode ``SIMLAB_LAZY`` selects (``0`` stock, else lazy;
    ``simlab.core.jit.lazy_setting`` reads it the same way and rejects values other than 0/1)."""
    return "stock" if (_os.environ.get("SIMLAB_LAZY") or "").strip() == "0" else "lazy"


_mode = _cache_mode()
if _os.environ.get("SIMLAB_NUMBA_CACHE_SET") != _mode:
    if "SIMLAB_NUMBA_CACHE_SET" in _os.environ and _os.environ.get("NUMBA_CACHE_DIR"):
        # set by a parent process in the other mode: the same base, this mode's folder
        _base = _os.path.dirname(_os.path.normpath(_os.environ["NUMBA_CACHE_DIR"]))
    else:
        _base = _os.environ.get("NUMBA_CACHE_DIR")
    if not _base:
        _home = _os.environ.get("XDG_CACHE_HOME") or _os.path.join(_os.path.expanduser("~"),
                                                                   ".cache")
        _base = _os.path.join(_home, "simlab", "numba")
    # the mode is part of the folder: lazy and stock libraries never share a cache entry
    _os.environ["NUMBA_CACHE_DIR"] = _os.path.join(_base, f"src-{_source_key()}-{_mode}")
    _os.environ["SIMLAB_NUMBA_CACHE_SET"] = _mode  # worker processes inherit the same folder

# numba reads NUMBA_CACHE_DIR when it is first imported; a script or notebook that imported numba
# before simlab would otherwise cache simlab's kernels beside their sources, with no source key
import sys as _sys  # noqa: E402

if "numba" in _sys.modules:
    from numba.core import config as _nb_config

    _nb_config.CACHE_DIR = _os.environ["NUMBA_CACHE_DIR"]

from simlab.version import __version__  # noqa: E402

__all__ = ["simulate", "replay", "run_scenario", "get_game", "list_games", "bot", "load_plugins",
           "robustness", "rules_diff", "PythonGame", "SimlabError", "__version__"]


def __getattr__(name):  # lazy: keep `import simlab` and `simlab --help` quick
    if name == "simulate":
        from simlab.api import simulate

        return simulate
    if name == "replay":
        from simlab.api import replay

        return replay
    if name == "run_scenario":
        from simlab.api import run_scenario

        return run_scenario
    if name == "robustness":
        from simlab.analysis.robustness import robustness

        return robustness
    if name == "rules_diff":
        from simlab.analysis.diff import rules_diff

        return rules_diff
    if name in ("bot", "load_plugins"):
        from simlab.games import plugins

        return getattr(plugins, name)
    if name in ("get_game", "list_games"):
        from simlab.games import registry

        return getattr(registry, name)
    if name == "PythonGame":  # a game of one's own (docs/your-own-game.md)
        from simlab.games.python import PythonGame

        return PythonGame
    if name == "SimlabError":
        from simlab.errors import SimlabError

        return SimlabError
    raise AttributeError(f"module 'simlab' has no attribute {name!r}")
