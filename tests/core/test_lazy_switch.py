"""The numba switch ``SIMLAB_LAZY`` (``simlab.core.jit``): lazy rule libraries (1, the default)
and numba's own code libraries (0) play the same games, each mode runs the code path it claims,
and the two never share a cache folder.

Each mode runs in a process of its own (the mode is read once per process) with its own cache
folder: the base the suite uses (``NUMBA_CACHE_DIR``'s parent), in which ``simlab/__init__.py``
names one folder per mode. ``make test``'s warm step fills the lazy one, ``make test-stock``'s
the stock one (the four default kernels in stock mode, about 3 minutes of CPU on a cold cache),
and this file runs in that step only (marker ``stock_step``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simlab.core.jit import LAZY, lazy_setting
from simlab.errors import SimlabError

pytestmark = pytest.mark.stock_step

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("jelly", "monkey", "jungle", "monsters")
SEED, COUNT = 41, 300


def _env(mode: str, base: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "SIMLAB_NUMBA_CACHE_SET"}
    env.update(SIMLAB_LAZY=mode, NUMBA_CACHE_DIR=base, MPLBACKEND="Agg")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in
                                        env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def _play(mode: str, base: str, out: Path, games=GAMES, count=COUNT) -> dict:
    proc = subprocess.run([sys.executable, "-m", "tests.core.lazy_play", str(out),
                           ",".join(games), str(SEED), str(count)],
                          env=_env(mode, base), cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _base() -> str:
    """The suite's cache base: the folder that holds its mode's ``src-<hash>-<mode>``."""
    return str(Path(os.environ["NUMBA_CACHE_DIR"]).parent)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Both modes' games and code paths (one process each)."""
    tmp = tmp_path_factory.mktemp("modes")
    out = {}
    for mode in ("1", "0"):
        info = _play(mode, _base(), tmp / f"mode{mode}.npz")
        with np.load(tmp / f"mode{mode}.npz") as data:
            out[mode] = (info, {k: data[k] for k in data.files})
    return out


def test_both_modes_play_byte_identical_games(played):
    """Aggregates and rows of 300 games of each game's default table and line-up."""
    (_, lazy), (_, stock) = played["1"], played["0"]
    assert sorted(lazy) == sorted(stock)
    for game in GAMES:  # every game, rows included
        assert any(k.startswith(f"{game}/rows/") for k in lazy), game
        assert any(k.startswith(f"{game}/agg/") for k in lazy), game
    for key in sorted(lazy):
        a, b = lazy[key], stock[key]
        assert (a.dtype, a.shape) == (b.dtype, b.shape), key
        assert a.tobytes() == b.tobytes(), key
    assert lazy["jelly/rows/score"].shape[0] == COUNT  # the rows were kept


def test_each_mode_runs_the_code_path_it_claims(played):
    """Stock mode patches nothing of numba: ``Codegen.unserialize_library`` and every code
    library (kernels loaded from the cache, a rule and a batch compiled in the process, a rule's
    shim) are numba's own, ``simlab.core.lazy`` is never
    imported and a NamedTuple called from Python is numba's to unbox; lazy mode the reverse."""
    lazy, stock = played["1"][0], played["0"][0]
    numba_lib = "numba.core.codegen.JITCodeLibrary"
    assert stock["lazy"] is False and not stock["lazy_module"]
    assert stock["unserialize"] == "numba.core.codegen.Codegen.unserialize_library"
    assert set(stock["libraries"]) == {numba_lib}, stock["libraries"]
    assert stock["fresh"] == [f"probe_batch {numba_lib}", f"probe_sum {numba_lib}"]
    assert stock["shim"] == "numba.core.registry.CPUDispatcher"
    assert stock["rule_pipeline"] == "numba.core.compiler.Compiler" and stock["pinned_is_itself"]

    assert lazy["lazy"] is True and lazy["lazy_module"]
    assert lazy["unserialize"] == "simlab.core.lazy._unserialize"
    assert lazy["fresh"] == [f"probe_batch {numba_lib}",  # the entry point, machine code
                             "probe_sum simlab.core.lazy._LazyLibrary"]  # the rule only links
    assert lazy["shim"] == "simlab.core.ref._ShimDispatcher"
    assert lazy["rule_pipeline"] == "simlab.core.lazy.RuleCompiler"
    assert not lazy["pinned_is_itself"]

    # one base, one folder per mode
    assert Path(lazy["cache_dir"]).parent == Path(stock["cache_dir"]).parent
    assert lazy["cache_dir"].endswith("-lazy") and stock["cache_dir"].endswith("-stock")


def test_this_process_mode_and_its_cache_folder_agree():
    assert os.environ["NUMBA_CACHE_DIR"].endswith("-lazy" if LAZY else "-stock")
    assert os.environ["SIMLAB_NUMBA_CACHE_SET"] == ("lazy" if LAZY else "stock")


def test_the_switch_reads_0_and_1_and_rejects_the_rest(monkeypatch):
    import simlab

    for value, lazy in ((None, True), ("", True), ("1", True), (" 1 ", True), ("0", False),
                        ("0\n", False)):
        assert lazy_setting(value) is lazy
        if value is None:
            monkeypatch.delenv("SIMLAB_LAZY", raising=False)
        else:
            monkeypatch.setenv("SIMLAB_LAZY", value)
        assert simlab._cache_mode() == ("lazy" if lazy else "stock")  # the same reading
    for bad in ("yes", "2", "true", "off"):
        with pytest.raises(SimlabError, match=f"SIMLAB_LAZY is '{bad}', expected 0"):
            lazy_setting(bad)


def test_a_process_in_the_other_mode_gets_its_own_folder_beside(tmp_path):
    """A process started in the other mode by one that set the cache folder (its environment
    inherited, as a test's or a script's subprocess) uses its own mode's folder, same base."""
    code = "import os, simlab; print(os.environ['NUMBA_CACHE_DIR'])"
    env = dict(os.environ)  # this process's folder and SIMLAB_NUMBA_CACHE_SET inherited
    other = "0" if LAZY else "1"
    out = subprocess.run([sys.executable, "-c", code], env=dict(env, SIMLAB_LAZY=other),
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout.strip()
    here = Path(os.environ["NUMBA_CACHE_DIR"])
    assert Path(out).parent == here.parent and Path(out) != here
    assert out.endswith("-stock" if LAZY else "-lazy")
    same = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True, cwd=ROOT).stdout.strip()
    assert same == str(here)
