"""The two numba decorators every game kernel uses.

``rule``: a helper that implements a rule or a bot decision. It allocates nothing, so it is
compiled without numba's reference counting (``_nrt=False``). Measured on this project's
machines, a call to such a helper with a state NamedTuple of a dozen arrays costs ~3 ns instead of
~50-150 ns with reference counting (every array passed is otherwise incref'd and decref'd with
atomic operations on each call), which is the difference between 1k and 50k games per second.
Such helpers stay callable from plain Python with numpy arrays (the reference engines do).

``batch``: a batch entry point; it may allocate scratch arrays, so it keeps reference counting.

Both are cached on disk (``NUMBA_CACHE_DIR``) and release the GIL, so the runner's thread backend
runs them in parallel.
"""

from __future__ import annotations

from numba import njit


def rule(fn):
    """Compile a non-allocating rule or bot helper (no reference counting)."""
    return njit(cache=True, nogil=True, _nrt=False)(fn)


def batch(fn):
    """Compile a batch entry point (may allocate)."""
    return njit(cache=True, nogil=True)(fn)
