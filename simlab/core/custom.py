"""Custom bots written in Python: registered with a decorator, compiled by numba, run in kernels.

A designer writes a bot as one function that *scores an option* of a decision; the kernel asks
it about every legal option and takes the best (ties: drawn uniformly from the game's random
stream, like the built-in bots)::

    import simlab

    @simlab.bot("jungle", params={"food": 1.0})
    def hoarder(A, st, seat, kind, option, params):
        ...                      # return a float: higher is better
        return params[0] * food_after

The view is the one the built-in bots use: ``A`` the rules and component arrays (the game's
``rules.to_arrays()``), ``st`` the game state (the game's ``state.py`` documents every field),
``seat`` the deciding seat (0-based), ``kind`` which decision (constants ``KIND_*`` of the
game's ``bots.py``), ``option`` the option's code (its meaning per kind is documented there),
``params`` the bot's parameter vector (``float64``, in the order of ``params``). Each game's
``bots.py`` docstring has a worked example.

The function is compiled with numba's ``njit`` (``cache=True`` when it lives in a file), once,
when a line-up with it is prepared (:func:`custom_slot`), for the arguments the kernels pass. The
kernels call it through a function pointer (a :class:`CustomSlot` in the line-up): one compiled
kernel serves every custom bot, so a new bot costs its own compile (a second or two), not a
kernel's (25-70 s). Inside it, only what numba's nopython mode supports runs, and, because the
game kernels never allocate, the function may not create arrays, lists, dicts or strings: read
the arrays, use scalars and loops. :func:`compile_error` turns numba's messages into that
explanation.

Custom bots are used by name like built-in ones (``--bots hoarder,greedy``, scenario files,
tournaments, tuning); from the command line and in scenarios the file defining them is loaded
with ``--plugin FILE`` / ``plugins = ["file.py"]``. At most one custom bot function per line-up
(any number of seats may use it, each with its own parameters).

What of numba this uses beyond its public API, by mode (``SIMLAB_LAZY``, :mod:`simlab.core.jit`):

- both modes, no public path: the slot's data model is numba's first-class function struct
  (``numba.experimental.function_type.FunctionModel``) and its addresses come from the compiled
  overload's library and function descriptor (``fn.overloads[...]``, ``cres.library``,
  ``cres.fndesc``), as numba's own first-class functions get them; numba's public first-class
  functions (a cfunc, an object with ``__wrapper_address__``) are called through the C wrapper,
  which drops an exception the bot raises, and a dispatcher in the line-up would make a kernel of
  its own per bot. :func:`no_custom` has a fixed uuid (``_set_uuid``), or no process would load a
  kernel whose line-up names it from the disk cache;
- lazy mode only: a bot is compiled without reference counting through numba's config stack
  (``ConfigStack``, ``Flags``: a designer's own ``njit`` function too), an unpickled bot gets its
  disk cache back (``_cache``, ``enable_caching``), a bot has a fixed uuid and a worker reuses the
  dispatcher it unpickled (``_set_uuid``, ``CPUDispatcher._memo``), and a slot called from
  Python passes pinned NamedTuples (:func:`simlab.core.ref.pinned`);
- stock mode instead: the bots simlab compiles carry ``_nrt=False`` themselves (a designer's own
  ``njit`` function keeps its flags), a worker compiles an unpickled bot again (a second or two)
  and a slot called from Python goes through a compiled caller (:func:`_call_slot`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit, typeof
from numba.core import cgutils, types
from numba.core.registry import CPUDispatcher
from numba.experimental.function_type import FunctionModel
from numba.extending import NativeValue, register_model, typeof_impl, unbox

from simlab.core.jit import LAZY, as_plain
from simlab.core.ref import ref
from simlab.errors import SimlabError

#: the bot id every game reserves for "the line-up's custom function"
CUSTOM_ID = 63

ARGS = ("A", "st", "seat", "kind", "option", "params")


@njit(cache=True, nogil=True, _nrt=False)
def no_custom(A, st, seat, kind, option, params):
    """The custom bot of a line-up without one (never called)."""
    return 0.0


# A dispatcher inside a NamedTuple is part of its numba type (a line-up built without a slot,
# e.g. Monsters' playout line-up), and numba compares dispatcher types by the dispatcher's uuid,
# which is random per process: without a fixed uuid no process would load such kernels from the
# disk cache. No public path (numba's own pickling of a dispatcher keeps its uuid, but nothing
# public sets one): a private method, in both modes.
no_custom._set_uuid("simlab-no-custom-v1")
as_plain(no_custom)


class CustomSlotType(types.FunctionType):
    """numba type of a :class:`CustomSlot`: a first-class function of the custom-bot signature
    ``(A, st, seat, kind, option, params) -> float64``, called through numba's own calling
    convention (so an exception the bot raises reaches the caller, as a direct call's would)."""


register_model(CustomSlotType)(FunctionModel)


class CustomSlot:
    """A line-up's custom bot as the kernels call it: ``fn`` compiled for ``argtys`` (the rule
    arrays and the state by reference, seat, kind, option, the seat's parameter row) without
    reference counting, and the address of that compiled code.

    Its numba type names only the signature, never the function, so the kernels compiled for a
    line-up type serve every custom bot (and none: :func:`no_custom`). The function is compiled
    (or loaded from the disk cache) when :meth:`compile` is called or its addresses are first
    read (a kernel call reads them): a process that only hands the line-up to its workers
    never compiles it. Called from Python (the replay pages' decision values) it calls ``fn``.
    Pickled as the function and the argument types, and compiled again where it is used."""

    __simlab_fixed_type__ = True  # its numba type never changes (simlab.core.ref._fixed_type)

    def __init__(self, fn, argtys: tuple):
        ensure_plugin_module(fn)  # a worker process: the file defining fn first
        self.fn, self.argtys = fn, tuple(argtys)
        # returning float64 (an int is converted): one signature, one type, for every bot
        self.nbtype = CustomSlotType(types.float64(*self.argtys))
        self._addrs = None

    def compile(self) -> CustomSlot:
        """Compile ``fn`` for the slot's signature now (once; numba errors propagate)."""
        if self._addrs is None:
            fn = self.fn
            if LAZY:
                _compile_without_nrt(fn, self.nbtype.signature)
            else:  # stock: the function's own flags (simlab compiles its bots with _nrt=False)
                fn.compile(self.nbtype.signature)
            # no public path to a compiled overload's addresses (numba's own first-class
            # function support reads the same two fields of the compile result)
            cres = fn.overloads[self.argtys]
            lib, desc = cres.library, cres.fndesc
            self._addrs = (lib.get_pointer_to_function(desc.llvm_func_name),
                           lib.get_pointer_to_function(desc.llvm_cfunc_wrapper_name))
        return self

    @property
    def jit_addr(self) -> int:
        """Address of the compiled function (numba's calling convention)."""
        return self.compile()._addrs[0]

    @property
    def c_addr(self) -> int:
        """Address of its C wrapper."""
        return self.compile()._addrs[1]

    def __call__(self, A, st, seat, kind, option, params):
        self.compile()  # the slot's overload (no reference counting), not one of its own
        params = np.ascontiguousarray(params, dtype=np.float64)
        if not LAZY:  # through the slot, from a compiled caller that unboxes A and st
            return _call_slot(self, A, st, int(seat), int(kind), int(option), params)
        from simlab.core.ref import pinned  # the compiled overload: A and st by reference

        return self.fn(pinned(A), pinned(st), int(seat), int(kind), int(option), params)

    def __reduce__(self):
        return custom_slot_for, (self.fn, self.argtys)

    def __repr__(self):
        return f"CustomSlot({getattr(self.fn, '__name__', self.fn)!r})"


@typeof_impl.register(CustomSlot)
def _typeof_slot(val, c):
    return val.nbtype


@unbox(CustomSlotType)
def _unbox_slot(typ, obj, c):
    """The slot's addresses into numba's first-class function struct."""
    fn = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    for field in ("c_addr", "jit_addr"):
        addr = c.pyapi.object_getattr_string(obj, field)
        setattr(fn, field, c.pyapi.long_as_voidptr(addr))
        c.pyapi.decref(addr)
    fn.py_addr = c.builder.ptrtoint(obj, c.context.get_value_type(types.voidptr))
    return NativeValue(fn._getvalue(), is_error=c.pyapi.c_api_error())


def _compile_without_nrt(fn, sig) -> None:
    """Lazy mode: compile dispatcher ``fn`` for ``sig`` without reference counting whatever its
    own flags (a designer's own ``njit`` function too), as a rule's call would (numba hands a
    caller's flags down through its config stack, an internal), and with its disk cache on
    where numba rebuilt it without one (unpickled in a worker: a private field)."""
    from numba.core.caching import NullCache
    from numba.core.compiler import Flags
    from numba.core.targetconfig import ConfigStack

    if isinstance(getattr(fn, "_cache", None), NullCache):
        try:
            fn.enable_caching()
        except RuntimeError:  # no file to cache it beside (a notebook's function)
            pass
    flags = Flags()
    flags.nrt = False  # a rule's flag, which numba hands down to what it calls
    with ConfigStack().enter(flags):
        fn.compile(sig)


@njit(cache=True)
def _call_slot(slot, A, st, seat, kind, option, params):
    """A slot called from Python in stock mode: ``A`` and ``st`` unboxed by numba, passed on by
    reference, the bot reached through the slot's pointer (its one overload)."""
    return slot(ref(A), ref(st), seat, kind, option, params)


_SLOTS: dict = {}  # (function, argument types) -> its CustomSlot


def custom_slot_for(fn, argtys: tuple) -> CustomSlot:
    """The :class:`CustomSlot` of ``fn`` for argument types ``argtys`` (made once per process)."""
    key = (fn, tuple(argtys))
    slot = _SLOTS.get(key)
    if slot is None:
        slot = _SLOTS[key] = CustomSlot(fn, argtys)
    return slot


def custom_slot(fn, arrays, state) -> CustomSlot:
    """``fn``'s :class:`CustomSlot` for the kernels that play on these rule arrays and this kind
    of state (both passed by reference, as every rule gets them); numba errors propagate
    (:func:`compile_error` explains them)."""
    from simlab.core.ref import Ref

    return custom_slot_for(fn, (Ref(typeof(arrays)), Ref(typeof(state)), types.int64,
                                types.int64, types.int64, types.float64[::1]))


@dataclass(frozen=True)
class CustomBot:
    """A registered custom bot: its game, name, numba function, parameters and description."""

    game: str
    name: str
    fn: object
    params: tuple[str, ...]
    defaults: tuple[float, ...]
    doc: str
    source: str


_REGISTRY: dict[tuple[str, str], CustomBot] = {}


def add_custom(game: str, name: str, fn, params: dict, doc: str | None = None):
    """Compile ``fn`` (a Python function or a numba dispatcher) as the custom bot ``name`` of
    ``game`` and keep it in this process's registry; returns the compiled function.

    The validation against the game (its name, its built-in bots) is
    :func:`simlab.games.plugins.bot`'s, which calls this.
    """
    py = fn.py_func if isinstance(fn, CPUDispatcher) else fn
    try:
        src = inspect.getsourcefile(py) or "<unknown>"
    except TypeError:
        src = "<unknown>"
    cacheable = src != "<unknown>" and Path(src).exists()
    # a stable identity, so a process that loads its line-up finds this one dispatcher
    uuid = (f"simlab-custom-{game}-{name}-{hashlib.sha256(Path(src).read_bytes()).hexdigest()[:16]}"
            if cacheable else None)
    # lazy mode only (private fields; stock: a worker may compile the bot twice, a second each)
    live = CPUDispatcher._memo.get(uuid) if uuid and LAZY else None
    if live is not None and not isinstance(fn, CPUDispatcher):
        # this process already holds this bot: a worker that unpickled a line-up with it before
        # loading its plugin file. One dispatcher per bot: the slot the line-up holds and the
        # registry's bot are then one function, compiled (or loaded from the cache) once.
        jitted = live
    else:
        jitted = (fn if isinstance(fn, CPUDispatcher)
                  else njit(cache=cacheable, nogil=True, _nrt=False)(py))
        if uuid and LAZY:
            try:
                jitted._set_uuid(uuid)
            except AssertionError:  # already has one (used before registration)
                pass
    as_plain(jitted)
    text = doc or (inspect.getdoc(py) or "custom bot").splitlines()[0]
    _REGISTRY[(game, name)] = CustomBot(game, name, jitted, tuple(params),
                                        tuple(float(v) for v in params.values()), text, src)
    return jitted


def custom_bots(game: str) -> dict[str, CustomBot]:
    """The custom bots registered for ``game`` in this process."""
    return {n: b for (g, n), b in _REGISTRY.items() if g == game}


def unregister(game: str, name: str) -> None:
    """Forget a custom bot (tests, notebooks)."""
    _REGISTRY.pop((game, name), None)


@dataclass(frozen=True)
class SavedBot:
    """A named parameter set of a built-in bot (``simlab tune --save``): used by name."""

    game: str
    name: str
    base: str
    params: tuple[tuple[str, float], ...]
    source: str


_SAVED: dict[tuple[str, str], SavedBot] = {}


def add_saved(saved: SavedBot) -> str:
    """Keep a saved (tuned) bot in this process's registry; returns its name."""
    _SAVED[(saved.game, saved.name)] = saved
    return saved.name


def forget_saved(game: str, name: str) -> None:
    """Forget a saved bot (tests, notebooks)."""
    _SAVED.pop((game, name), None)


def saved_bots(game: str) -> dict[str, SavedBot]:
    """The saved (tuned) bots loaded for ``game`` in this process."""
    return {n: b for (g, n), b in _SAVED.items() if g == game}


def ensure_plugin_module(fn) -> None:
    """In a worker process: import the plugin file that defined custom function ``fn`` under the
    parent's module name (numba's cache refers to the module by name); a no-op elsewhere."""
    py = getattr(fn, "py_func", None)
    mod = getattr(py, "__module__", "") or ""
    if not mod.startswith("simlab_plugin_") or mod in sys.modules:
        return
    path = Path(py.__code__.co_filename)
    if path.is_file():
        spec = importlib.util.spec_from_file_location(mod, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod] = module
        try:
            spec.loader.exec_module(module)
        except Exception:  # noqa: BLE001 - the parent imported it fine; leave it to numba
            del sys.modules[mod]


def name_of(game: str, fn) -> str:
    """The registered name of a custom bot function (``?`` when unknown)."""
    return next((n for (g, n), b in _REGISTRY.items() if g == game and b.fn is fn), "?")


def lineup_function(game: str, lineup) -> object:
    """The one custom function a line-up uses (or :func:`no_custom`)."""
    found = {b.name for b in lineup if (game, b.name) in _REGISTRY}
    if len(found) > 1:
        raise SimlabError(f"bots: at most one custom bot function per line-up, got "
                          f"{', '.join(sorted(found))}")
    return _REGISTRY[(game, found.pop())].fn if found else no_custom


_HINTS = (
    ("Only accept returning of array passed", "it creates an array (e.g. np.zeros); custom bots "
                                              "run inside simlab's allocation-free kernels: read "
                                              "the arrays you are given and keep to scalars and "
                                              "loops"),
    ("NRT required", "it creates an array, list, dict or string; custom bots run inside "
                     "simlab's allocation-free kernels: read the arrays you are given and "
                     "keep to scalars and loops"),
    ("Untyped global name", "it uses a Python name numba cannot see at compile time (a "
                            "module, a Python object, a function that is not @njit)"),
    ("Unknown attribute", "it reads a field the game's arrays or state do not have (see the "
                          "game's rules.py / state.py for the fields)"),
    ("non-precise type pyobject", "it uses a Python object numba cannot type (pandas, "
                                  "dicts of mixed values, classes)"),
    ("Cannot unify", "one variable takes values of different types; give it one type "
                     "(e.g. start a float with 0.0, not 0)"),
    ("No implementation of function", "it calls a function or operator numba does not "
                                      "support with these argument types"),
    ("(IMPORT_NAME)", "it imports a module inside the function; import at the top of the "
                      "file instead"),
    ("unsupported opcode", "it uses Python syntax numba's nopython mode does not compile"),
)


def compile_error(exc: Exception, name: str, game: str) -> SimlabError:
    """A designer-readable error for a custom bot numba could not compile."""
    msg = str(exc)
    why = next((h for key, h in _HINTS if key in msg), None)
    loc = ""
    src = next((b.source for (g, n), b in _REGISTRY.items() if g == game and n == name), None)
    lines = [ln.strip() for ln in msg.splitlines()]
    for i, line in enumerate(lines):  # the bot's own file first, then any location
        if line.startswith("File ") and src and src in line:
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            loc = f"{line} {nxt}".strip()
            break
    if not loc:
        loc = next((ln for ln in lines if ln.startswith("File ") and "site-packages" not in ln),
                   "")
    first = next((ln.strip() for ln in msg.splitlines() if ln.strip()), msg)
    text = (f"custom bot {name!r} ({game}) cannot be compiled by numba: "
            f"{why or 'it uses something nopython mode does not support'}.")
    if loc:
        text += f" At: {loc}."
    text += (f" Numba said: {first[:300]}. A custom bot must return a float, and may only read "
             "A, st and params, use scalars, loops, if, math and numpy functions that do not "
             "allocate.")
    return SimlabError(text)
