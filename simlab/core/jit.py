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
- **Lazy rule libraries.** A rule's library (:class:`_LazyLibrary`) only links: its functions
  are optimised on their own when lowered, and the module optimisation and the machine code
  happen once, in the library of the batch entry point that runs (or of a twin called from
  Python). The disk cache keeps a rule as the module its callers link in, so a new kernel or
  twin in a later process still loads the rules it shares instead of compiling them.
  Monsters on Board's kernel 73 -> 52 s, its lookahead kernel 330 -> about 125 s.
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
"""

from __future__ import annotations

import types as _pytypes

from llvmlite import binding as ll
from numba import njit
from numba.core import types
from numba.core.codegen import Codegen, JITCodeLibrary
from numba.core.compiler import Compiler, DefaultPassBuilder
from numba.core.compiler_lock import require_global_compiler_lock
from numba.core.compiler_machinery import LoweringPass, register_pass
from numba.core.registry import CPUDispatcher
from numba.core.typed_passes import AnnotateTypes


class _LazyLibrary(JITCodeLibrary):
    """A rule's code library: only ever linked into its callers' libraries, never run alone, so
    finalising it links in what it calls and stops there (no module optimisation, no machine
    code; see the module docstring)."""

    def finalize(self):
        require_global_compiler_lock()
        self._raise_if_finalized()
        seen = set()
        for library in self._linking_libraries:
            if library not in seen:
                seen.add(library)
                self._reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._finalized = True

    def get_pointer_to_function(self, name):
        return 0  # no machine code: nothing runs it on its own

    def serialize_using_object_code(self):
        """The disk cache keeps a lazy library as the module its callers link in."""
        self._ensure_finalized()
        return (self.name, _LAZY_KIND, self._get_module_for_linking().as_bitcode())

    @property
    def codegen(self):
        return _LazyCodegen(self._codegen)


class _LazyCodegen:
    """The codegen as a lazy library's lowering sees it: its environment is not set, since its
    module is never loaded on its own (the copy linked into a caller is the one that runs, as
    with numba's own libraries)."""

    def __init__(self, codegen):
        self._codegen = codegen

    def set_env(self, env_name, env):
        pass

    def __getattr__(self, name):
        return getattr(self._codegen, name)


_LAZY_KIND = "simlab-lazy-bitcode"
_unserialize_library = Codegen.unserialize_library


def _unserialize(codegen, serialized):
    """numba's ``Codegen.unserialize_library``, which also reads a cached lazy library."""
    name, kind, data = serialized
    if kind != _LAZY_KIND:
        return _unserialize_library(codegen, serialized)
    library = codegen.create_library(name)
    library.__class__ = _LazyLibrary
    library._final_module = library._shared_module = ll.parse_bitcode(data)
    library._finalized = True
    return library


Codegen.unserialize_library = _unserialize


@register_pass(mutates_CFG=False, analysis_only=True)
class _LazyLibraryPass(LoweringPass):
    """Give the function being compiled a :class:`_LazyLibrary` before it is lowered."""

    _name = "simlab_lazy_library"

    def __init__(self):
        LoweringPass.__init__(self)

    def run_pass(self, state):
        if state.library is None:
            state.library = state.targetctx.codegen().create_library(state.func_id.func_qualname)
            state.library.enable_object_caching()
        state.library.__class__ = _LazyLibrary
        return False


class _RuleCompiler(Compiler):
    """numba's nopython pipeline with a lazy code library (:class:`_LazyLibrary`)."""

    def define_pipelines(self):
        pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pm.add_pass_after(_LazyLibraryPass, AnnotateTypes)
        pm.finalize()
        return [pm]


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
        return as_plain(njit(cache=True, nogil=True, _nrt=False, no_cpython_wrapper=True,
                             no_cfunc_wrapper=True, pipeline_class=_RuleCompiler, **opts)(f),
                        RuleDispatcher)

    return make if fn is None else make(fn)


def batch(fn):
    """Compile a batch entry point (may allocate; called from Python)."""
    return as_plain(njit(cache=True, nogil=True, no_cfunc_wrapper=True)(fn))
