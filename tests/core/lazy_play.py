"""Run by ``tests/core/test_lazy_switch.py`` in a process of its own, in the mode ``SIMLAB_LAZY``
says: plays each game's default table and line-up (what ``simlab warm GAME`` compiles) and
writes every aggregate and row array to an ``.npz``; prints one JSON line saying which code path
numba ran (the mode, the cache folder, ``Codegen.unserialize_library``, the classes of the code
libraries of every compiled simlab function and of a rule called from Python through its shim,
whether ``simlab.core.lazy`` was imported, whether a NamedTuple is pinned).

    python -m tests.core.lazy_play OUT.npz GAME,GAME,... SEED COUNT
"""

from __future__ import annotations

import json
import os
import sys
from typing import NamedTuple

import numpy as np
from numba.core.caching import NullCache

from simlab.core.jit import batch
from simlab.core.ref import ref, rule


def play(games: list[str], seed: int, count: int) -> dict[str, np.ndarray]:
    """Every aggregate and row array of ``count`` games of seed ``seed``, by game."""
    from simlab.games.registry import get_game

    out = {}
    for name in games:
        g = get_game(name)
        _label, prepared = g.warm_lineups(False)[0]
        agg, rows = g.run_batch(prepared, seed, 0, count, True)
        for part, values in (("agg", agg), ("rows", rows)):
            for key, value in values.items():
                out[f"{name}/{part}/{key}"] = np.asarray(value)
    return out


class Probe(NamedTuple):
    a: np.ndarray


@rule
def probe_sum(t, k):
    """A rule taking a NamedTuple (called from Python: through its shim; from a batch)."""
    return t.a.sum() * k


@batch
def probe_batch(t):
    return probe_sum(ref(t), 3.0)


# compiled in every run (never loaded from the disk cache), so what compiles them is seen
probe_sum._cache = NullCache()
probe_batch._cache = NullCache()


def _name(cls) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def code_path() -> dict:
    """What numba ran in this process."""
    from numba.core.codegen import Codegen
    from numba.core.registry import CPUDispatcher

    from simlab.core import jit
    from simlab.core.ref import pinned

    t = Probe(np.arange(3.0))
    assert probe_batch(t) == 9.0 and probe_sum(t, 2.0) == 6.0
    fresh = {f"{d.__name__} {_name(type(cres.library))}"
             for d in (probe_sum, probe_batch) for cres in d.overloads.values()}
    seen, libraries = set(), {}
    for mod_name, mod in list(sys.modules.items()):
        if not (mod_name.startswith("simlab") or mod_name == __name__) or mod is None:
            continue
        for value in list(vars(mod).values()):
            if not isinstance(value, CPUDispatcher) or id(value) in seen:
                continue
            seen.add(id(value))
            for d in (value, value.__dict__.get("_simlab_twin"),
                      value.__dict__.get("_simlab_shim")):
                for cres in (d.overloads.values() if d is not None else ()):
                    name = _name(type(cres.library))
                    libraries[name] = libraries.get(name, 0) + 1
    unser = Codegen.unserialize_library
    return {"lazy": jit.LAZY, "cache_dir": os.environ["NUMBA_CACHE_DIR"],
            "unserialize": _name(unser), "libraries": libraries, "fresh": sorted(fresh),
            "shim": _name(type(probe_sum.__dict__["_simlab_shim"])),
            "rule_pipeline": _name(probe_sum._compiler.pipeline_class),
            "lazy_module": "simlab.core.lazy" in sys.modules,
            "pinned_is_itself": pinned(t) is t}


if __name__ == "__main__":
    import time

    from simlab.core.compiling import CompileWatch

    path, games, seed, count = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), \
        int(sys.argv[4])
    with CompileWatch() as watch:
        np.savez(path, **play(games, seed, count))
    info = code_path()
    info.update(kernels_compiled=watch.compiled, cpu_s=round(time.process_time(), 1))
    print(json.dumps(info))
