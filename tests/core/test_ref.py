"""``simlab.core.ref``: NamedTuples of arrays passed to rules by reference. A rule called from
plain Python reads the same fields as the kernel would, nested NamedTuples included, and takes
its default arguments whether the call names them or not."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

from simlab.core.jit import LAZY
from simlab.core.ref import rule

#: the pins and the shim's remembered types are lazy mode's (SIMLAB_LAZY=1); stock mode passes
#: NamedTuples as numba unboxes them (tests/core/test_lazy_switch.py checks it)
lazy_only = pytest.mark.skipif(not LAZY, reason="pins are lazy mode's (SIMLAB_LAZY=1)")


class Inner(NamedTuple):
    w: np.ndarray


class Outer(NamedTuple):
    a: np.ndarray
    b: np.ndarray
    inner: Inner


@rule
def _weighted(t, i, scale=2.0):
    """a[i] * scale + the inner weights' sum (a test rule)."""
    return t.a[i] * scale + t.inner.w.sum()


@rule
def _bump(t, i):
    """Write through the reference: arrays are shared, not copied."""
    t.b[i] += 1
    return t.b[i]


def _table():
    return Outer(np.arange(4.0), np.zeros(4, np.int64), Inner(np.array([0.5, 0.25])))


def test_fields_and_nested_fields_are_read():
    t = _table()
    assert _weighted(t, 3, 1.0) == 3.0 + 0.75
    assert _weighted(t, 1, scale=10.0) == 10.0 + 0.75


def test_default_arguments_positional_and_keyword():
    t = _table()
    assert _weighted(t, 2) == 2 * 2.0 + 0.75          # the default left out, positional call
    assert _weighted(t=t, i=2) == 2 * 2.0 + 0.75      # keywords
    assert _weighted(t, i=0, scale=3.0) == 0.75


def test_arrays_are_shared_not_copied():
    t = _table()
    assert _bump(t, 1) == 1 and _bump(t, 1) == 2
    assert t.b.tolist() == [0, 2, 0, 0]


class WithList(NamedTuple):
    a: np.ndarray
    names: list


class WithNone(NamedTuple):
    a: np.ndarray
    search: object  # None: a seat without a lookahead search, as in the games' line-ups


@rule
def _first(t):
    """a[0] (a test rule)."""
    return t.a[0]


@lazy_only
def test_namedtuples_are_pinned_once_with_numbas_types():
    """Called from Python, a NamedTuple whose numba type cannot change (one holding None, as the
    games' line-ups do, included) is stored once per object in a native buffer and passed as one
    pointer; one holding a mutable list is passed as it is."""
    from numba import typeof

    from simlab.core.ref import Pinned, Ref, _fixed_type, pinned

    t = WithNone(np.arange(3.0) + 7, None)
    assert _first(t) == 7.0
    pin = pinned(t)
    assert isinstance(pin, Pinned) and pin.obj is t and pin.nbtype == Ref(typeof(t))
    assert pinned(t) is pin and _first(t) == 7.0  # the same buffer, the same overload
    t.a[0] = 1.5  # the arrays are shared with the buffer, not copied
    assert _first(t) == 1.5
    # float32 values are another type: pinned apart, the same answer
    t32 = WithNone(np.arange(3, dtype=np.float32) + 7, None)
    assert _first(t32) == 7.0 and pinned(t32).nbtype == Ref(typeof(t32)) != pin.nbtype
    assert _fixed_type((np.zeros(2), 3, 2.5, None, (True, np.int8(1))))
    listed = WithList(np.zeros(2), [1])
    assert not _fixed_type(listed) and pinned(listed) is listed


@lazy_only
def test_a_tuple_holding_a_compiled_function_is_not_pinned_and_its_type_is_remembered():
    """A line-up holds its bots' compiled functions: it is passed as it is (a cache index
    naming a function cannot be rewritten by a process without it), and the shim remembers its
    numba type per object (numba cannot fingerprint such a tuple and would type it in Python,
    array by array, at every call)."""
    from numba import typeof

    from simlab.core.custom import no_custom
    from simlab.core.ref import _ShimDispatcher, pinned

    t = WithFunction(np.arange(3.0) + 7, no_custom)
    assert pinned(t) is t
    assert _first(t) == 7.0
    assert isinstance(_first.__dict__["_simlab_shim"], _ShimDispatcher)
    hit = _ShimDispatcher._memo[id(t)]
    assert hit[0] is t and hit[1] == typeof(t)


@lazy_only
def test_a_dropped_pin_gives_its_arrays_back():
    """The buffer holds a reference on each array while it lives and gives them back when the
    pin is dropped (a leak would keep every state of a reference run alive)."""
    import gc
    import sys

    from simlab.core import ref as ref_module

    a = np.arange(3.0)
    before = sys.getrefcount(a)
    t = WithNone(a, None)
    assert _first(t) == 0.0
    assert sys.getrefcount(a) > before + 1  # the tuple and the pin's reference
    ref_module._PINS.clear()
    del t
    gc.collect()
    assert sys.getrefcount(a) == before


def test_a_pickled_ref_type_hashes_as_in_the_process_that_loads_it(tmp_path):
    """numba keeps the types of a compiled signature pickled in its cache index. A Ref keeps
    its hash, but a type naming a compiled function (a line-up's bot) hashes differently in
    each process: a hash carried over made another process miss the cached entry and write a
    new one (which failed on the other processes' dead function references)."""
    import pickle
    import subprocess
    import sys

    from numba import typeof

    from simlab.core.custom import no_custom
    from simlab.core.ref import Ref

    class_src = "from tests.core.test_ref import WithFunction"
    t = WithFunction(np.zeros(2), no_custom)
    r = Ref(typeof(t))
    hash(r)  # kept in this process
    (tmp_path / "ref.pkl").write_bytes(pickle.dumps(r))
    code = (f"import pickle, numpy as np; from numba import typeof; {class_src}\n"
            "from simlab.core.custom import no_custom\nfrom simlab.core.ref import Ref\n"
            f"old = pickle.loads(open({str(tmp_path / 'ref.pkl')!r}, 'rb').read())\n"
            "new = Ref(typeof(WithFunction(np.zeros(2), no_custom)))\n"
            "assert old == new and hash(old) == hash(new), (hash(old), hash(new))\n"
            "assert {new: 1}[old] == 1\n")
    root = str(Path(__file__).resolve().parents[2])
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=root)
    assert proc.returncode == 0, proc.stderr


class WithFunction(NamedTuple):
    a: np.ndarray
    custom: object  # a compiled function, as the games' line-ups hold their custom bot
