"""Lazy rule libraries: the part of :mod:`simlab.core.jit` that reaches inside numba.

Imported by :mod:`simlab.core.jit` only in lazy mode (``SIMLAB_LAZY=1``, the default); with
``SIMLAB_LAZY=0`` nothing here is imported and numba runs its own code libraries. Importing it
replaces ``numba.core.codegen.Codegen.unserialize_library`` for the whole process (so the disk
cache can read a lazy library back).

What it relies on, all numba internals (checked against numba 0.68; the README's "Upgrading
numba" says how to check a new numba):

- ``JITCodeLibrary``'s private fields ``_linking_libraries``, ``_final_module``,
  ``_shared_module``, ``_reload_init``, ``_finalized`` and its methods ``_raise_if_finalized``,
  ``_ensure_finalized``, ``_get_module_for_linking``, ``enable_object_caching``: the first
  half of ``CPUCodeLibrary.finalize`` (link in what the library calls) is copied in
  :meth:`_LazyLibrary.finalize`, without the second half (module optimisation, machine code);
- the tuple ``(name, kind, data)`` numba's cache serialises a library to, and
  ``Codegen.unserialize_library``, which reads it back (patched to read kind
  ``simlab-lazy-bitcode`` too);
- the compiler pipeline: ``Compiler.define_pipelines``, ``DefaultPassBuilder``,
  ``register_pass``/``LoweringPass``, the pass ``AnnotateTypes`` (the lazy library is swapped in
  after it) and the pass state's ``library``, ``targetctx``, ``func_id``;
- the codegen's ``set_env`` (skipped for a lazy library, whose module never runs alone).

A renamed field, method or pass fails loudly (an ``AttributeError``/``ImportError`` at import or
at the first compile). What could fail silently is a change of what ``finalize`` must do for a
library that is only linked (e.g. a new field that the linking copies): a kernel that links a
lazy library missing code fails to load (unresolved symbols) or crashes. ``SIMLAB_LAZY=0`` runs
without any of it.
"""

from __future__ import annotations

from llvmlite import binding as ll
from numba.core.codegen import Codegen, JITCodeLibrary
from numba.core.compiler import Compiler, DefaultPassBuilder
from numba.core.compiler_lock import require_global_compiler_lock
from numba.core.compiler_machinery import LoweringPass, register_pass
from numba.core.typed_passes import AnnotateTypes


class _LazyLibrary(JITCodeLibrary):
    """A rule's code library: only ever linked into its callers' libraries, never run alone, so
    finalising it links in what it calls and stops there (no module optimisation, no machine
    code; see :mod:`simlab.core.jit`)."""

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
        return (self.name, LAZY_KIND, self._get_module_for_linking().as_bitcode())

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


LAZY_KIND = "simlab-lazy-bitcode"
#: numba's own ``Codegen.unserialize_library`` (what the patch falls back to)
NUMBA_UNSERIALIZE = Codegen.unserialize_library


def _unserialize(codegen, serialized):
    """numba's ``Codegen.unserialize_library``, which also reads a cached lazy library."""
    name, kind, data = serialized
    if kind != LAZY_KIND:
        return NUMBA_UNSERIALIZE(codegen, serialized)
    library = codegen.create_library(name)
    library.__class__ = _LazyLibrary
    library._final_module = library._shared_module = ll.parse_bitcode(data)
    library._finalized = True
    return library


Codegen.unserialize_library = _unserialize  # the process-wide patch


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


class RuleCompiler(Compiler):
    """numba's nopython pipeline with a lazy code library (:class:`_LazyLibrary`)."""

    def define_pipelines(self):
        pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pm.add_pass_after(_LazyLibraryPass, AnnotateTypes)
        pm.finalize()
        return [pm]
