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
