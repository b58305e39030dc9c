"""The two numba decorators every game kernel uses.

``rule``: a helper that implements a rule or a bot decision. It allocates nothing, so it is
compiled without numba's reference counting (``_nrt=False``). Measured on this project's
machines, a call to such a helper with a state NamedTuple of a dozen arrays costs ~3 ns instead of
~50-150 ns with reference counting (every array passed is otherwise incref'd and decref'd with
atomic operations on each call), which is the difference between 1k and 50k games per second.

``batch``: a batch entry point; it may allocate scratch arrays, so it keeps reference counting.

Both are cached on disk (``NUMBA_CACHE_DIR``) and release the GIL, so the runner's thread backend
runs them in parallel.

What makes the first compile slow, and what these decorators do about it (issue "First runs in
seconds"; measured with numba's compile events, ``simlab bench`` reports the cold compile):

- numba compiles every jitted function into a library of its own and links into it, then
  optimises and turns into machine code, everything it calls: the cost of a function grows with
  all that lies below it, and a function compiled twice costs its whole call tree twice.
- **One signature per function.** numba types a constant argument of a call between jitted
  functions as a literal (``Literal[int](-1)``, ``Literal[bool](True)``) and compiles the callee
  once per literal it meets. Every ``rule``, ``batch`` and custom-bot function is a
  :class:`PlainDispatcher`, which types such arguments by their plain type (int64, bool).
  Monsters on Board compiled ``cond_value`` in 24 signatures and the custom-bot slot in 18;
  this alone halved its cold compile.
- **No Python wrappers on rules.** Each function also gets a CPython wrapper (unboxing every
  array of every state NamedTuple argument: three times the IR of a small rule) and a C
  wrapper. The kernels call rules directly, so rules are compiled without both; called from
  plain Python (tests, the reference engines asking a bot), a :class:`RuleDispatcher` runs a
  twin compiled with the wrapper, cached on its own.
- **Flat game loops.** The phases of a game loop that are called from one place are inlined
  into their caller (``rule(inline=True)``), so the loop is not optimised once per level.
"""

from __future__ import annotations

import types as _pytypes

from numba import njit
from numba.core import types
from numba.core.registry import CPUDispatcher


class PlainDispatcher(CPUDispatcher):
    """A dispatcher whose calls from jitted code type literal arguments by their plain type,
    so the function compiles in one signature whatever constants its callers pass."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(types.unliteral(a) for a in args),
                                         {k: types.unliteral(v) for k, v in kws.items()})


class RuleDispatcher(PlainDispatcher):
    """A rule compiled without Python wrappers (kernels call it directly); a call from plain
    Python runs its twin, the same function compiled with the wrapper (cached apart)."""

    def __call__(self, *args, **kws):
        twin = self.__dict__.get("_simlab_twin")
        if twin is None:
            twin = self.__dict__["_simlab_twin"] = _python_twin(self)
        return twin(*args, **kws)


def _python_twin(d):
    """The Python-callable copy of rule ``d`` (its own qualified name, so its own cache)."""
    f = d.py_func
    g = _pytypes.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__,
                              f.__closure__)
    g.__qualname__ = f"{f.__qualname__}__python"
    g.__module__ = f.__module__
    g.__doc__ = f.__doc__
    opts = {k: v for k, v in d.targetoptions.items()
            if k not in ("nopython", "no_cpython_wrapper", "no_cfunc_wrapper")}
    return as_plain(njit(cache=True, **opts)(g))


def as_plain(dispatcher, cls=PlainDispatcher):
    """Make a numba dispatcher (e.g. a custom bot's ``njit`` function) a
    :class:`PlainDispatcher` in place; returns it."""
    if isinstance(dispatcher, CPUDispatcher) and not isinstance(dispatcher, cls):
        dispatcher.__class__ = cls
    return dispatcher


def rule(fn=None, *, inline: bool = False, python: bool = False):
    """Compile a non-allocating rule or bot helper (no reference counting, no wrappers).

    ``@rule(inline=True)``: numba inlines the function's body into its caller before typing, so
    it gets no library of its own. For a phase of the game loop called from one place this
    saves optimising and compiling its whole call tree once more (see the module docstring).
    Meant for functions with one call site in the game loop: a function inlined at several
    sites is typed and optimised once per site (a lookahead bot's playouts calling a phase
    compile it as a function of its own, with what is inlined into it).

    ``@rule(python=True)``: a bot decision the reference engines ask from plain Python on every
    turn keeps its Python wrapper, so that call runs the very function the kernel compiled and
    cached (a twin would compile its whole call tree, the lookahead search included, again).
    """
    if inline and python:
        raise ValueError("rule: an inlined function has no compiled body to call from Python")

    def make(f):
        if python:
            return as_plain(njit(cache=True, nogil=True, _nrt=False, no_cfunc_wrapper=True)(f))
        opts = {"inline": "always"} if inline else {}
        return as_plain(njit(cache=True, nogil=True, _nrt=False, no_cpython_wrapper=True,
                             no_cfunc_wrapper=True, **opts)(f), RuleDispatcher)

    return make if fn is None else make(fn)


def batch(fn):
    """Compile a batch entry point (may allocate; called from Python)."""
    return as_plain(njit(cache=True, nogil=True, no_cfunc_wrapper=True)(fn))
