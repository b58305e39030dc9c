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
bot) goes through a small compiled shim that calls the rule with references: the rule is then
compiled once, for the kernel's types, and the shim and the kernel share it (numba's disk cache
included).

The shim takes no NamedTuple of arrays either: :func:`pinned` stores each one a Python caller
passes (the rule arrays, the state) once in a native buffer (a :class:`Pinned`, holding a
reference on each of its arrays until it is dropped), and the shim gets the buffer's address as
a :class:`Ref`. A line-up with a compiled function in it (Monsters' lookahead entry point) is
passed as it is (its type remembered per object); a custom bot's slot is a function pointer
(``simlab.core.custom.CustomSlot``), which pins. Unboxing a NamedTuple of some
50 arrays at every call had cost ~30 us a call, and its wrapper ~3 s of compile per shim: a test
suite compiles some 200 shims (the rules its tests call on hand-built positions, the decisions the
reference engines ask). Measured: ``tests/monsters/test_rules_engine.py`` on a cache holding the
kernel only, 44 -> 19 s of CPU; a shim call ~30 -> ~7 us.

Two modes (``SIMLAB_LAZY``, :mod:`simlab.core.jit`). The :class:`Ref` type, :func:`ref` and the
reads through it are numba's extension API (a type, its data model, typing and lowering of an
attribute, an intrinsic) and serve the kernels in both modes. The pins take and give back numba's
reference counts by hand (:func:`_store`, :func:`_release`), the shim's dispatcher overrides
numba's typing of an argument (:class:`_ShimDispatcher`, a private field) and :class:`Ref` keeps
its hash across numba's pickling of a type: lazy mode only. In stock mode (``SIMLAB_LAZY=0``)
:func:`pinned` returns its argument, so the shim gets each NamedTuple as numba unboxes it, and
the shim is numba's plain dispatcher (slower calls from Python, the same rule overload).
"""

from __future__ import annotations

import inspect
import weakref

import numpy as np
from numba import njit, typeof
from numba.core import cgutils, types
from numba.core.datamodel import models, register_default
from numba.core.imputils import impl_ret_borrowed, lower_getattr_generic
from numba.core.registry import CPUDispatcher
from numba.core.typing.templates import AttributeTemplate, infer_getattr
from numba.extending import NativeValue, intrinsic, typeof_impl, unbox

from simlab.core.jit import LAZY, RuleDispatcher
from simlab.core.jit import rule as _core_rule


class Ref(types.Type):
    """numba type: a pointer to a NamedTuple stored in a caller's stack frame (or, called from
    Python, in a :class:`Pinned` buffer)."""

    def __init__(self, inner):
        self.inner = inner
        super().__init__(name=f"Ref[{inner}]")

    @property
    def key(self):
        return self.inner

    if LAZY:  # stock mode: numba's own hash and pickling of a type
        def __hash__(self):
            """Kept: numba hashes an argument's type at every call from Python, and hashing the
            NamedTuple of some 50 array types each time cost about 20 us a call."""
            h = self.__dict__.get("_hash")
            if h is None:
                h = self.__dict__["_hash"] = hash(self.key)
            return h

        def __reduce__(self):
            """Pickled (numba's cache index keys) without the kept hash: the hash of a type
            that names a compiled function (a line-up's bot functions) differs from process to
            process, and a stale one made the cache miss its own entries. (Relies on the shape
            of numba's ``Type.__reduce__``.)"""
            rebuild, (reconstructor, args, state) = super().__reduce__()
            state = {k: v for k, v in (state or {}).items() if k != "_hash"}
            return rebuild, (reconstructor, args, state)


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
        return self.python_entry()(*self._python_args(args, kws))

    def python_entry(self):
        """What a call from plain Python runs: the shim (made once)."""
        shim = self.__dict__.get("_simlab_shim")
        if shim is None:
            shim = self.__dict__["_simlab_shim"] = _python_shim(self)
        return shim

    def _python_args(self, args, kws=None) -> tuple:
        """Every argument (the shim takes them all), each NamedTuple pinned (lazy mode: in stock
        mode numba unboxes each NamedTuple its own way)."""
        sig = self.__dict__.get("_simlab_sig")
        if sig is None:
            sig = self.__dict__["_simlab_sig"] = inspect.signature(self.py_func)
        if kws or len(args) < len(sig.parameters):
            bound = sig.bind(*args, **(kws or {}))
            bound.apply_defaults()
            args = bound.args
        if not LAZY:
            return tuple(args)
        return tuple(pinned(a) if isinstance(a, tuple) else a for a in args)

    def python_argtypes(self, args, kws=None) -> tuple:
        return tuple(typeof(a) for a in self._python_args(args, kws))


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
    if LAZY:
        shim.__class__ = _ShimDispatcher
    return shim


_PLAIN = (np.ndarray, int, float, bool, np.generic)


def _fixed_type(val, functions: bool = True) -> bool:
    """Whether numba's type of ``val`` cannot change while the object lives: a tuple of arrays,
    numbers, None, compiled functions (Monsters' lookahead entry point; not with
    ``functions=False``) and such tuples. A NamedTuple holds the same objects for its life, and
    an array keeps its dtype, dimensions and layout (the games never make one read-only after
    creating it); so does a class that says so (``__simlab_fixed_type__``: a line-up's custom
    slot)."""
    if isinstance(val, tuple):
        return all(_fixed_type(v, functions) for v in val)
    return (val is None or isinstance(val, _PLAIN + ((CPUDispatcher,) if functions else ()))
            or getattr(type(val), "__simlab_fixed_type__", False))


class Pinned:
    """A NamedTuple stored once in a native buffer (:func:`pinned`): a shim takes it as a
    :class:`Ref`, one pointer, instead of unboxing its arrays at every call."""

    __slots__ = ("addr", "nbtype", "buf", "obj", "__weakref__")


@typeof_impl.register(Pinned)
def _typeof_pinned(val, c):
    return val.nbtype


@unbox(Ref)
def _unbox_ref(typ, obj, c):
    """A :class:`Pinned` (or its release token) to its pointer: the address in ``obj.addr``."""
    addr_obj = c.pyapi.object_getattr_string(obj, "addr")
    addr = c.pyapi.long_as_voidptr(addr_obj)
    c.pyapi.decref(addr_obj)
    ptr = c.builder.bitcast(addr, c.context.get_value_type(typ))
    return NativeValue(ptr, is_error=c.pyapi.c_api_error())


@intrinsic
def _data_size(typingctx, x):
    """Bytes of ``x``'s native data (what :func:`_store` writes)."""

    def codegen(context, builder, sig, args):
        model = context.data_model_manager[sig.args[0]]
        return context.get_constant(types.intp, context.get_abi_sizeof(model.get_data_type()))

    return types.intp(x), codegen


@intrinsic
def _store(typingctx, x, buf):
    """Write NamedTuple ``x`` into byte array ``buf`` and take a reference on each of its
    arrays (so they outlive the call; :func:`_release` gives them back)."""

    def codegen(context, builder, sig, args):
        data = context.data_model_manager[sig.args[0]].as_data(builder, args[0])
        arr = context.make_array(sig.args[1])(context, builder, args[1])
        builder.store(data, builder.bitcast(arr.data, data.type.as_pointer()))
        context.nrt.incref(builder, sig.args[0], args[0])
        return context.get_dummy_value()

    return types.none(x, buf), codegen


@intrinsic
def _release(typingctx, r):
    """Give back the array references :func:`_store` took for the NamedTuple at ``r``."""

    def codegen(context, builder, sig, args):
        inner = sig.args[0].inner
        value = context.data_model_manager[inner].from_data(builder, builder.load(args[0]))
        context.nrt.decref(builder, inner, value)
        return context.get_dummy_value()

    return types.none(r), codegen


_PIN_SRC = """
def pin_size__{name}(x):
    return _data_size(x)


def pin_store__{name}(x, buf):
    _store(x, buf)


def unpin__{name}(r):
    _release(r)
"""

_PIN_FUNCS: dict = {}  # NamedTuple class -> its (size, store, release) functions


def _pin_functions(cls):
    """The compiled pin functions of NamedTuple class ``cls``, cached beside the module that
    defines it under names of their own: a numba cache index holds the types of every
    signature it has met, and one index shared by every class would make each process that
    pins anything unpickle (and import) the types of every game and test that ever pinned."""
    funcs = _PIN_FUNCS.get(cls)
    if funcs is None:
        import sys

        module = sys.modules.get(cls.__module__)
        filename = getattr(module, "__file__", None) or __file__
        name = cls.__qualname__.replace(".", "_")
        scope = {"_data_size": _data_size, "_store": _store, "_release": _release,
                 "__name__": cls.__module__}
        exec(compile(_PIN_SRC.format(name=name), filename, "exec"), scope)
        funcs = _PIN_FUNCS[cls] = tuple(
            njit(cache=True)(scope[f"{what}__{name}"]) for what in ("pin_size", "pin_store",
                                                                    "unpin"))
    return funcs


def _pinnable(val) -> bool:
    """A tuple of arrays, numbers, None and such tuples (:func:`_fixed_type` without compiled
    functions: a cache index key naming one cannot be written again by a process where that
    function is not loaded)."""
    return _fixed_type(val, functions=False)


class _Token:
    """What the release of a :class:`Pinned` needs once the Pinned itself is gone."""

    __slots__ = ("addr", "nbtype", "buf")

    def __init__(self, pin):
        self.addr, self.nbtype, self.buf = pin.addr, pin.nbtype, pin.buf


typeof_impl.register(_Token)(_typeof_pinned)

_PINS: dict = {}  # id(NamedTuple) -> its Pinned (which holds it, so the id is not reused)


def pinned(obj):
    """``obj``'s :class:`Pinned` when ``obj`` is a NamedTuple of arrays, numbers and such
    NamedTuples (:func:`_pinnable`), made once per object (the last 256 are kept); else
    ``obj``. In stock mode (``SIMLAB_LAZY=0``) always ``obj``: numba unboxes it."""
    if not LAZY:
        return obj
    hit = _PINS.get(id(obj))
    if hit is not None and hit.obj is obj:
        return hit
    if not (isinstance(obj, tuple) and hasattr(obj, "_fields") and _pinnable(obj)):
        return obj
    size, store, release = _pin_functions(type(obj))
    pin = Pinned()
    pin.buf = np.empty(size(obj), np.uint8)
    store(obj, pin.buf)
    pin.addr, pin.nbtype, pin.obj = pin.buf.ctypes.data, Ref(typeof(obj)), obj
    weakref.finalize(pin, release, _Token(pin)).atexit = False
    if len(_PINS) >= 256:
        _PINS.clear()
    _PINS[id(obj)] = pin
    return pin


class _ShimDispatcher(CPUDispatcher):
    """The shim's dispatcher. numba types a tuple it cannot fingerprint (one holding None or a
    compiled function, as the games' line-ups do) in Python, array by array, at every call: that
    was 40-60% of a reference engine's time (Jelly 27 -> 16 ms a game, Monsters 215 -> 90).
    The type of a tuple that is not pinned and whose type cannot change (:func:`_fixed_type`)
    is remembered for that object."""

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

