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

- numba compiles every jitted function into a code library of its own. To finalise a library it
  links in everything the function calls, optimises the whole module and turns it into machine
  code: a rule five calls below the batch entry point was optimised and compiled to machine code
  five times, and a decision function the lookahead bot's playouts sit under carried a whole
  second game loop.
- **Lazy rule libraries** (lazy mode only, see below). A rule's library
  (:class:`simlab.core.lazy._LazyLibrary`) only links: its functions are optimised on their own
  when lowered, and the module optimisation and the machine code happen once, in the library of
  the batch entry point that runs (or of a twin called from Python). The disk cache keeps a rule
  as the module its callers link in, so a new kernel or twin in a later process still loads the
  rules it shares instead of compiling them. Monsters on Board's kernel 73 -> 52 s, its
  lookahead kernel 330 -> about 125 s.
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
  twin compiled with the wrapper, cached on its own (``simlab warm --all`` compiles the twins
  the reference engines ask).
- **Flat game loops.** The phases of a game loop that are called from one place are inlined
  into their caller (``rule(inline=True)``): fewer functions to type and lower, and a faster
  kernel (without it, Monsters on Board runs 20% slower).

**The switch** ``SIMLAB_LAZY``. The lazy libraries are built on numba's internals (private
fields of its code library, half of its ``finalize`` copied, a cache kind of simlab's own and
``Codegen.unserialize_library`` replaced for the whole process: :mod:`simlab.core.lazy`), and so
are the pinned NamedTuples :mod:`simlab.core.ref` hands to rules called from Python (reference
counts taken by hand) and parts of the custom-bot slot (:mod:`simlab.core.custom`).
``SIMLAB_LAZY=1`` (the default) uses them; ``SIMLAB_LAZY=0`` runs numba's own code libraries and
its own unboxing of NamedTuples, and never imports :mod:`simlab.core.lazy`: the fallback when a
new numba breaks an internal (README, "Upgrading numba"). Both modes play the same games (the same
functions compiled with the same flags, which LLVM only optimises in other groupings;
``tests/core/test_lazy_switch.py`` checks it game for game); stock mode compiles slower. What both modes keep is numba's own API: the typing overrides of
:class:`PlainDispatcher`, ``_nrt=False``, ``no_cpython_wrapper``/``no_cfunc_wrapper``,
``inline="always"`` and the twins. The mode is part of the cache folder's name
(``simlab/__init__.py``): the two modes never share cache entries.
"""

from __future__ import annotations

import os as _os
import types as _pytypes

from numba import njit
from numba.core import types
from numba.core.registry import CPUDispatcher

from simlab.errors import SimlabError


def lazy_setting(value: str | None) -> bool:
    """Whether ``SIMLAB_LAZY``'s value ``value`` asks for lazy rule libraries: ``1`` (or unset,
    or empty) yes, ``0`` no (numba's own code libraries); anything else is a
    :class:`~simlab.errors.SimlabError`. ``simlab/__init__.py`` reads it the same way for the
    cache folder's name."""
    v = (value or "").strip()
    if v in ("", "1"):
        return True
    if v == "0":
        return False
    # no ": " in it: the CLI keeps what follows the first one of an error met checking GAME
    raise SimlabError(f"the environment variable SIMLAB_LAZY is {value!r}, expected 0 (numba's "
                      f"own code libraries) or 1 (lazy rule libraries, the default)")


#: lazy mode (``SIMLAB_LAZY``, read once when this module is first imported)
LAZY = lazy_setting(_os.environ.get("SIMLAB_LAZY"))

if LAZY:  # numba's internals: imported (and Codegen.unserialize_library patched) in lazy mode only
    from simlab.core.lazy import RuleCompiler as _RuleCompiler


class PlainDispatcher(CPUDispatcher):
    """A dispatcher whose calls from jitted code type literal arguments by their plain type,
    so the function compiles in one signature whatever constants its callers pass."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(types.unliteral(a) for a in args),
                                         {k: types.unliteral(v) for k, v in kws.items()})

    def fold_argument_types(self, args, kws):
        """The plain types too where numba types a call of a function it is compiling higher up
        the stack (a recursive call: Monsters' lookahead playouts ask the bots, which call
        ``ask_look`` again with a greedy line-up): it looks the compiled overload up by these
        types, and with literal ones it found none (a ``KeyError`` in numba's type inference,
        on a cold cache)."""
        return super().fold_argument_types(tuple(types.unliteral(a) for a in args),
                                           {k: types.unliteral(v) for k, v in kws.items()})


class RuleDispatcher(PlainDispatcher):
    """A rule compiled without Python wrappers (kernels call it directly); a call from plain
    Python runs its twin, the same function compiled with the wrapper (cached apart)."""

    def __call__(self, *args, **kws):
        return self.python_entry()(*args, **kws)

    def python_entry(self):
        """What a call from plain Python runs: the twin (made once)."""
        twin = self.__dict__.get("_simlab_twin")
        if twin is None:
            twin = self.__dict__["_simlab_twin"] = _python_twin(self)
        return twin

    def python_argtypes(self, args, kws=None) -> tuple | None:
        """The numba types :meth:`python_entry` is called with for ``args`` and ``kws`` (None
        for a twin called with keywords: it types them as numba binds them);
        :class:`~simlab.core.ref.RefRuleDispatcher` binds them first."""
        from numba import typeof

        return None if kws else tuple(typeof(a) for a in args)

    def prepare_python(self, *args) -> None:
        """Compile (or load from the disk cache) what ``self(*args)`` runs, without running it
        (``simlab warm --all``: the rule functions the tests call from Python)."""
        self.python_entry().compile(self.python_argtypes(args))


def _python_twin(d):
    """The Python-callable copy of rule ``d`` (its own qualified name, so its own cache)."""
    f = d.py_func
    g = _pytypes.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__,
                              f.__closure__)
    g.__qualname__ = f"{f.__qualname__}__python"
    g.__module__ = f.__module__
    g.__doc__ = f.__doc__
    opts = {k: v for k, v in d.targetoptions.items()
            if k not in ("nopython", "no_cpython_wrapper", "no_cfunc_wrapper", "pipeline_class")}
    return as_plain(njit(cache=True, **opts)(g))


def as_plain(dispatcher, cls=PlainDispatcher):
    """Make a numba dispatcher (e.g. a custom bot's ``njit`` function) a
    :class:`PlainDispatcher` in place; returns it."""
    if isinstance(dispatcher, CPUDispatcher) and not isinstance(dispatcher, cls):
        dispatcher.__class__ = cls
    return dispatcher


def rule(fn=None, *, inline: bool = False):
    """Compile a non-allocating rule or bot helper (no reference counting, no wrappers, a lazy
    code library; see the module docstring).

    ``@rule(inline=True)``: numba inlines the function's body into its caller before typing, so
    it gets no library of its own. Meant for the phases of a game loop called from one place: a
    function inlined at several sites is typed and lowered once per site.
    """

    def make(f):
        opts = {"inline": "always"} if inline else {}
        if LAZY:
            opts["pipeline_class"] = _RuleCompiler
        return as_plain(njit(cache=True, nogil=True, _nrt=False, no_cpython_wrapper=True,
                             no_cfunc_wrapper=True, **opts)(f), RuleDispatcher)

    return make if fn is None else make(fn)


def batch(fn):
    """Compile a batch entry point (may allocate; called from Python)."""
    return as_plain(njit(cache=True, nogil=True, no_cfunc_wrapper=True)(fn))
