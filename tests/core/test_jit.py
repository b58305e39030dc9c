"""The kernels' decorators (``simlab.core.jit``) and the compile notice (``core.compiling``)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from numba import njit
from numba.core.caching import NullCache

from simlab.core.compiling import compile_notice, is_quiet, set_quiet
from simlab.core.jit import LAZY, PlainDispatcher, RuleDispatcher, batch, rule


@rule
def _step(x, up):
    if up:
        return x + 1
    return x - 1


@rule(inline=True)
def _twice(x):
    return 2 * x


@batch
def _caller(out):
    out[0] = _step(np.int64(3), True)  # a literal bool
    out[1] = _step(out[0], False)
    out[2] = _step(-1, True)           # a literal int
    out[3] = _twice(out[2])


# compiled in every run (never loaded from the disk cache), so the signatures are there to count
_step._cache = NullCache()
_caller._cache = NullCache()


def test_literal_arguments_compile_one_signature():
    out = np.zeros(4, np.int64)
    _caller(out)
    assert out.tolist() == [4, 3, 0, 0]
    assert isinstance(_step, RuleDispatcher) and isinstance(_caller, PlainDispatcher)
    # three call sites, literal and plain arguments: one signature (int64, bool)
    assert [[str(t) for t in sig] for sig in _step.signatures] == [["int64", "bool"]]


@rule
def _countdown(n, k):
    """n steps down to 0, then k: a recursive call with a literal argument (3)."""
    if n <= 0:
        return k
    return _countdown(n - 1, 3)


@batch
def _countdown_caller(out):
    out[0] = _countdown(np.int64(4), np.int64(9))
    out[1] = _countdown(np.int64(0), np.int64(9))


_countdown._cache = NullCache()
_countdown_caller._cache = NullCache()


def test_a_recursive_call_with_literal_arguments_compiles():
    """numba types a call of a function it is compiling higher up the stack by the compiled
    overload's argument types: with literal ones it failed (a KeyError in its type inference;
    found in Monsters, whose lookahead playouts ask the bots again)."""
    from numba.core import types

    _, args = _countdown.fold_argument_types((types.int64, types.literal(3)), {})
    assert args == (types.int64, types.int64)
    out = np.zeros(2, np.int64)
    _countdown_caller(out)
    assert out.tolist() == [3, 9]
    assert [[str(t) for t in sig] for sig in _countdown.signatures] == [["int64", "int64"]]


def test_inlined_rule_has_no_library_of_its_own():
    _caller(np.zeros(4, np.int64))
    assert _twice.signatures == []  # inlined into _caller, never compiled alone


def test_rules_are_callable_from_python_through_their_twin():
    assert _step(5, True) == 6
    assert _step(5, False) == 4
    assert _twice(21) == 42
    twin = _step.__dict__["_simlab_twin"]
    assert twin is not _step and twin.py_func.__qualname__.endswith("__python")
    assert _step.targetoptions["no_cpython_wrapper"] is True


@pytest.mark.skipif(not LAZY, reason="lazy mode (SIMLAB_LAZY=1): stock mode has numba's own "
                                      "libraries (tests/core/test_lazy_switch.py)")
def test_rule_libraries_are_lazy_and_the_entry_point_runs():
    """A rule's library only links (no machine code of its own); the batch entry point's
    library holds the one optimised, compiled copy of everything below it."""
    from simlab.core.lazy import _LazyLibrary

    out = np.zeros(4, np.int64)
    _caller(out)
    assert out.tolist() == [4, 3, 0, 0]
    (step_cres,) = _step.overloads.values()
    (caller_cres,) = _caller.overloads.values()
    assert isinstance(step_cres.library, _LazyLibrary)
    assert step_cres.library.get_pointer_to_function(step_cres.fndesc.llvm_func_name) == 0
    assert not isinstance(caller_cres.library, _LazyLibrary)


_RULES = """
from simlab.core.jit import rule

@rule
def leaf(a, i):
    a[i] += i

@rule
def mid(a):
    for i in range(a.shape[0]):
        leaf(a, i)
"""

_KERNEL = """
import sys
import numpy as np
sys.path.insert(0, {folder!r})
from rules_mod import mid
from simlab.core.jit import batch

@batch
def {name}(a):
    for _ in range({times}):
        mid(a)
    return a.sum()

print({name}(np.zeros(5, np.int64)))
"""


def test_a_cached_rule_links_into_a_kernel_of_a_later_process(tmp_path):
    """The disk cache keeps a rule as the module its callers link in: a second kernel,
    compiled in a new process, loads the rules from the cache and runs right."""
    import os
    import subprocess
    import sys

    (tmp_path / "rules_mod.py").write_text(_RULES)
    for name, times in (("kernel_a", 1), ("kernel_b", 3)):
        (tmp_path / f"{name}.py").write_text(
            _KERNEL.format(folder=str(tmp_path), name=name, times=times))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))

    def run(name):
        """The kernel's result and the cache entries numba says it loaded."""
        out = subprocess.run([sys.executable, str(tmp_path / f"{name}.py")],
                             env=dict(env, NUMBA_DEBUG_CACHE="1"), capture_output=True,
                             text=True, check=True).stdout.splitlines()
        loaded = {line.rsplit("/", 1)[-1].split("-")[0] for line in out
                  if line.startswith("[cache] data loaded from")}
        return out[-1], loaded

    assert run("kernel_a") == ("10", set())   # 0+1+2+3+4, everything compiled
    cached = {p.name.split("-")[0] for p in (tmp_path / "cache").rglob("*.nbi")}
    assert {"rules_mod.leaf", "rules_mod.mid", "kernel_a.kernel_a"} <= cached
    # a new kernel compiles, linking in the rules it loads from the cache
    assert run("kernel_b") == ("30", {"rules_mod.mid"})
    assert run("kernel_a") == ("10", {"kernel_a.kernel_a"})


@pytest.fixture
def loud():
    """The notice's tests start unquiet whatever an earlier test in this worker left (a CLI
    command run with ``-q`` in-process sets the process-wide switch)."""
    was = is_quiet()
    set_quiet(False)
    yield
    set_quiet(was)


def test_compile_notice_only_when_numba_compiles(loud):
    @njit
    def fresh(x):
        return x * 3

    buf = io.StringIO()
    with compile_notice("test kernels", 12, stream=buf) as notice:
        assert fresh(2) == 6
    text = buf.getvalue()
    assert notice.compiled
    assert "compiling the test kernels (first run only, about 12 s)..." in text
    assert "test kernels: compiled in" in text
    buf = io.StringIO()
    with compile_notice("test kernels", 12, stream=buf) as notice:
        assert fresh(3) == 9  # already compiled: silent
    assert buf.getvalue() == "" and not notice.compiled


def test_quiet_silences_the_notice():
    @njit
    def fresh2(x):
        return x + 7

    buf = io.StringIO()
    set_quiet(True)
    try:
        assert is_quiet()
        with compile_notice("test kernels", None, stream=buf):
            assert fresh2(1) == 8
    finally:
        set_quiet(False)
    assert buf.getvalue() == ""


def test_a_line_up_without_lookahead_runs_the_kernel_without_search():
    from simlab.games.registry import get_game

    g = get_game("jelly")
    plain = g.prepare(g.make_rules(4), g.lineup("greedy", 4))
    look = g.prepare(g.make_rules(4), g.lineup("lookahead,greedy,greedy,greedy", 4))
    assert not g.has_search(plain) and g.has_search(look)
    assert g.compile_estimate(look) > g.compile_estimate(plain)
    from simlab.games.jelly.state import search_for

    assert search_for(plain.lineup, 4, 6) is None
    assert search_for(look.lineup, 4, 6) is not None
