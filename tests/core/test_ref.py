"""``simlab.core.ref``: NamedTuples of arrays passed to rules by reference. A rule called from
plain Python reads the same fields as the kernel would, nested NamedTuples included, and takes
its default arguments whether the call names them or not."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.ref import rule


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


def test_remembered_types_are_numbas_types():
    """numba types a tuple it cannot fingerprint (one holding None or a compiled function, as
    the games' line-ups do) in Python at every call; the shim remembers the type of such a tuple
    per object when its type cannot change, and types a tuple holding a mutable list afresh."""
    from numba import typeof

    from simlab.core.ref import _fixed_type, _ShimDispatcher

    t = WithNone(np.arange(3.0) + 7, None)
    assert _first(t) == 7.0
    shim = _first.__dict__["_simlab_shim"]
    assert isinstance(shim, _ShimDispatcher)
    hit = _ShimDispatcher._memo[id(t)]
    assert hit[0] is t and hit[1] == typeof(t)
    assert _first(t) == 7.0  # a remembered type: the same overload
    # float32 values are another type: typed anew, the same answer
    t32 = WithNone(np.arange(3, dtype=np.float32) + 7, None)
    assert _first(t32) == 7.0
    assert _ShimDispatcher._memo[id(t32)][1] == typeof(t32) != typeof(t)
    assert _fixed_type((np.zeros(2), 3, 2.5, None, (True, np.int8(1))))
    assert not _fixed_type(WithList(np.zeros(2), ["x"]))
    before = len(_ShimDispatcher._memo)
    assert shim.typeof_pyval(WithList(np.zeros(2), [1])) == typeof(WithList(np.zeros(2), [1]))
    assert len(_ShimDispatcher._memo) == before
