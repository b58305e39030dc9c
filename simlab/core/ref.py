"""Pass the kernels' NamedTuples of arrays by reference (a speed device, no rule in it).

numba passes a NamedTuple argument flattened: every array of it as its seven-odd words (data
pointer, shape, strides, ...). Found in Monsters on Board, whose rules take the rule arrays
``A`` (about 50 arrays with the card data), the state ``st`` (about 57 arrays) and the line-up
``lu`` (with a lookahead seat: a whole second state): every call of a rule that LLVM does not
inline pushed some 900 words onto the stack: measured on the kernel's machine code, 40% of its
instructions were those pushes, and a call cost about 300-400 ns (a greedy game makes some
15,000 of them).

:func:`ref` stores a NamedTuple once in its caller's stack frame and gives a :class:`Ref` to
it: a pointer, one word to pass. Reading a field through it reads it from that frame (a nested
NamedTuple, e.g. ``A.cards``, comes back as a :class:`Ref` to the nested part), so kernel code
reads ``st.order_col[p, r, c]`` exactly as before, whatever it was given. NamedTuples are
immutable and their arrays are shared, so nothing is copied back.

A game's kernel entry points wrap their arguments once (Monsters: ``nb.run_batch``,
``nb_family``'s batch); every rule below sees only references. :func:`rule` is
:func:`simlab.core.jit.rule` whose call from plain Python (tests, the reference engines asking a
bot) wraps the NamedTuple arguments in a small compiled shim and calls the rule with references:
the rule is then compiled once, for the kernel's types, and the shim and the kernel share it
(numba's disk cache included).
"""

from __future__ import annotations

import inspect

import numpy as np
from numba import njit
from numba.core import cgutils, types
from numba.core.datamodel import models, register_default
from numba.core.imputils import impl_ret_borrowed, lower_getattr_generic
from numba.core.registry import CPUDispatcher
from numba.core.typing.templates import AttributeTemplate, infer_getattr
from numba.extending import intrinsic

from simlab.core.jit import RuleDispatcher
from simlab.core.jit import rule as _core_rule


class Ref(types.Type):
    """numba type: a pointer to a NamedTuple stored in a caller's stack frame."""

    def __init__(self, inner):
        self.inner = inner
        super().__init__(name=f"Ref[{inner}]")

    @property
    def key(self):
        return self.inner


@register_default(Ref)
class _RefModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, dmm.lookup(fe_type.inner).get_data_type().as_pointer())


@infer_getattr
class _RefAttributes(AttributeTemplate):
    key = Ref

    def generic_resolve(self, ref_type, attr):
        inner = ref_type.inner
        if attr not in inner.fields:
            return None
        t = inner.types[inner.fields.index(attr)]
        return Ref(t) if isinstance(t, types.BaseNamedTuple) else t


@lower_getattr_generic(Ref)
def _ref_getattr(context, builder, typ, val, attr):
    inner = typ.inner
    i = inner.fields.index(attr)
    ptr = cgutils.gep_inbounds(builder, val, 0, i)
    t = inner.types[i]
    if isinstance(t, types.BaseNamedTuple):
        return ptr
    value = context.data_model_manager[t].from_data(builder, builder.load(ptr))
    return impl_ret_borrowed(context, builder, t, value)


@intrinsic
def ref(typingctx, x):
    """A :class:`Ref` to NamedTuple ``x`` (kept in the caller's frame); anything else, a
    :class:`Ref` included, is returned as it is."""
    if isinstance(x, Ref) or not isinstance(x, types.BaseNamedTuple):
        def same(context, builder, sig, args):  # a new reference where counting is on
            return impl_ret_borrowed(context, builder, sig.return_type, args[0])

        return x(x), same

    def codegen(context, builder, sig, args):
        model = context.data_model_manager[sig.args[0]]
        ptr = cgutils.alloca_once(builder, model.get_data_type())
        builder.store(model.as_data(builder, args[0]), ptr)
        return ptr

    return Ref(x)(x), codegen


class RefRuleDispatcher(RuleDispatcher):
    """A rule whose call from plain Python goes through a compiled shim that passes its
    NamedTuple arguments by reference (module docstring)."""

    def __call__(self, *args, **kws):
        shim = self.__dict__.get("_simlab_shim")
        if shim is None:
            shim = self.__dict__["_simlab_shim"] = _python_shim(self)
        sig = self.__dict__.get("_simlab_sig")
        if sig is None:
            sig = self.__dict__["_simlab_sig"] = inspect.signature(self.py_func)
        if kws or len(args) < len(sig.parameters):  # the shim takes every argument
            bound = sig.bind(*args, **kws)
            bound.apply_defaults()
            args = bound.args
        return shim(*args)


def _python_shim(d):
    """``NAME__python(a, b, ...) = NAME(ref(a), ref(b), ...)``, compiled with the wrapper and
    cached beside the rule (its source file and line, its own qualified name)."""
    f = d.py_func
    names = list(inspect.signature(f).parameters)
    src = (f"def {f.__name__}__python({', '.join(names)}):\n"
           f"    return _target({', '.join(f'_ref({n})' for n in names)})\n")
    code = compile("\n" * (f.__code__.co_firstlineno - 1) + src, f.__code__.co_filename, "exec")
    scope = {"_target": d, "_ref": ref, "__name__": f.__module__}
    exec(code, scope)
    g = scope[f"{f.__name__}__python"]
    g.__qualname__ = f"{f.__qualname__}__python"
    g.__module__ = f.__module__
    g.__doc__ = f.__doc__
    shim = njit(cache=True, nogil=True)(g)
    shim.__class__ = _ShimDispatcher
    return shim


def _fixed_type(val) -> bool:
    """Whether numba's type of ``val`` cannot change while the object lives: a tuple of arrays,
    numbers, None, compiled functions (a custom bot's) and such tuples. A NamedTuple holds the
    same objects for its life, and an array keeps its dtype, dimensions and layout (the games
    never make one read-only after creating it)."""
    if isinstance(val, tuple):
        return all(_fixed_type(v) for v in val)
    return val is None or isinstance(val, (np.ndarray, int, float, bool, np.generic,
                                           CPUDispatcher))


class _ShimDispatcher(CPUDispatcher):
    """The shim's dispatcher. numba types a tuple it cannot fingerprint (one holding None or a
    compiled function, as the games' line-ups do) in Python, array by array, at every call: that
    was 40-60% of a reference engine's time (Jelly 27 -> 16 ms a game, Monsters 215 -> 90).
    The type of a tuple whose type cannot change (:func:`_fixed_type`) is remembered for that
    object."""

    _memo: dict = {}

    def typeof_pyval(self, val):
        if not isinstance(val, tuple):
            return super().typeof_pyval(val)
        hit = self._memo.get(id(val))
        if hit is not None and hit[0] is val:
            self._types_active_call.add(hit[1])
            return hit[1]
        tp = super().typeof_pyval(val)
        if _fixed_type(val):
            if len(self._memo) >= 256:
                self._memo.clear()
            self._memo[id(val)] = (val, tp)  # holds val, so its id is not reused meanwhile
        return tp


def rule(fn=None, *, inline: bool = False):
    """:func:`simlab.core.jit.rule` (no reference counting, no wrappers, a lazy library) whose
    call from plain Python passes NamedTuples by reference (:class:`RefRuleDispatcher`)."""

    def make(f):
        d = _core_rule(f, inline=inline)
        d.__class__ = RefRuleDispatcher
        return d

    return make if fn is None else make(fn)

