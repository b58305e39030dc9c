"""Shared by the data-file tests: two rule NamedTuples hold equal arrays and values."""

from __future__ import annotations

import numpy as np


def arrays_equal(a, b) -> bool:
    """Whether NamedTuples (or tuples) ``a`` and ``b`` are equal field by field: arrays by
    ``np.array_equal``, nested tuples the same way, anything else by ``==``."""
    for x, y in zip(a, b, strict=True):
        if isinstance(x, tuple):
            if not arrays_equal(x, y):
                return False
        elif isinstance(x, np.ndarray):
            if not np.array_equal(x, y):
                return False
        elif x != y:
            return False
    return True
