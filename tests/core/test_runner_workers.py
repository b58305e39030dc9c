"""With worker processes (loky, jobs > 1) a run's first batch -- the kernel's compile or load
and the probe that sizes the batches -- is played in a worker, so the main process never loads
the compiler (about 60 MB of a run's peak memory, issue #18). Each test runs in a new process:
what a process has compiled cannot be undone."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# a game the runner can play: its "kernel" is a fresh numba function (never cached), so every
# process that checks it compiles it and fires numba's compile event
_FAKE = '''
import numpy as np
from numba import njit


class FakeGame:
    name = "fake"
    title = "Fake"

    def compile_estimate(self, prepared):
        return 3.0

    def check_compiles(self, prepared):
        @njit
        def kernel(n):
            return n + 1
        assert kernel(1) == 2

    def run_batch(self, prepared, seed, start, count, keep_rows):
        return {"games": np.array([count], np.int64)}, None
'''

_RUN = '''
import sys
from numba.core import event
from simlab.core.compiling import CompileWatch, set_quiet
from simlab.core.runner import run_games
from fake_game import FakeGame

set_quiet(sys.argv[1] == "quiet")
with CompileWatch() as watch:
    out = run_games(FakeGame(), None, 500, 1, jobs=2, backend=sys.argv[2], progress=False)
print(int(out.agg["games"][0]), "main compiled" if watch.compiled else "main did not compile")
'''


def _run(tmp_path, quiet: str, backend: str):
    (tmp_path / "fake_game.py").write_text(_FAKE)
    (tmp_path / "run.py").write_text(_RUN)
    return subprocess.run([sys.executable, str(tmp_path / "run.py"), quiet, backend],
                          cwd=tmp_path, capture_output=True, text=True, check=True, timeout=300)


def test_a_loky_run_compiles_in_a_worker_and_says_so(tmp_path):
    out = _run(tmp_path, "loud", "loky")
    assert out.stdout.split() == ["500", "main", "did", "not", "compile"]
    # the notice comes from the worker, on the stderr it shares with the main process
    assert "compiling the Fake kernels (first run only, about 3 s)..." in out.stderr
    assert "Fake kernels: compiled in" in out.stderr


def test_the_workers_notice_keeps_the_callers_quiet(tmp_path):
    out = _run(tmp_path, "quiet", "loky")
    assert out.stdout.split() == ["500", "main", "did", "not", "compile"]
    assert "compiling" not in out.stderr


def test_threads_compile_in_the_main_process(tmp_path):
    out = _run(tmp_path, "loud", "threads")
    assert out.stdout.split() == ["500", "main", "compiled"]
    assert "compiling the Fake kernels" in out.stderr


def test_a_loky_simulation_loads_no_kernel_in_the_main_process():
    """A real game: after a 2-job loky run the main process holds no compiled overload of the
    kernel nor of the line-up's (empty) custom-bot slot, and the results equal a serial run's."""
    code = textwrap.dedent('''
        import numpy as np, simlab
        from simlab.core.custom import no_custom
        from simlab.games.jelly import nb
        kw = dict(players=4, bots="greedy,random,spread,saboteur", games=3000, seed=5,
                  progress=False)
        a = simlab.simulate("jelly", jobs=2, backend="loky", **kw)
        print(len(nb.run_batch.overloads), len(no_custom.overloads))
        b = simlab.simulate("jelly", jobs=1, backend="serial", **kw)
        same = a.agg.keys() == b.agg.keys() and all(
            np.array_equal(a.agg[k], b.agg[k]) for k in a.agg)
        print(same, len(nb.run_batch.overloads))
    ''')
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=300).stdout.split()
    assert out == ["0", "0", "True", "1"]
