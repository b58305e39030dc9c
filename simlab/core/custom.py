"""Custom bots written in Python: registered with a decorator, compiled by numba, run in kernels.

A designer writes a bot as one function that *scores an option* of a decision; the kernel asks
it about every legal option and takes the best (ties: the first option in the game's order)::

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
the first time a kernel calls it; the kernel is specialised for it once and cached too. Inside
it, only what numba's nopython mode supports runs, and, because the game kernels never
allocate, the function may not create arrays, lists, dicts or strings: read the arrays, use
scalars and loops. :func:`compile_error` turns numba's messages into that explanation.

Custom bots are used by name like built-in ones (``--bots hoarder,greedy``, scenario files,
tournaments, tuning); from the command line and in scenarios the file defining them is loaded
with ``--plugin FILE`` / ``plugins = ["file.py"]``. At most one custom bot function per line-up
(any number of seats may use it, each with its own parameters).
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

from numba import njit
from numba.core.registry import CPUDispatcher

from simlab.core.jit import as_plain, rule
from simlab.errors import SimlabError

#: the bot id every game reserves for "the line-up's custom function"
CUSTOM_ID = 63

ARGS = ("A", "st", "seat", "kind", "option", "params")


@rule
def no_custom(A, st, seat, kind, option, params):
    """The custom slot of a line-up without a custom bot (never called)."""
    return 0.0


# A dispatcher inside the line-up makes it part of every kernel's signature, and numba compares
# dispatcher types by the dispatcher's uuid, which is random per process: without a fixed uuid
# no process would ever load the kernels from the disk cache.
no_custom._set_uuid("simlab-no-custom-v1")


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
    # a stable identity, so kernels specialised for it load from the cache
    uuid = (f"simlab-custom-{game}-{name}-{hashlib.sha256(Path(src).read_bytes()).hexdigest()[:16]}"
            if cacheable else None)
    live = CPUDispatcher._memo.get(uuid) if uuid else None
    if live is not None and not isinstance(fn, CPUDispatcher):
        # this process already holds this bot: a worker that unpickled a line-up with it before
        # loading its plugin file. One dispatcher per bot, or the kernels' types (which name the
        # dispatcher through this identity) would not match the cache, and each worker would
        # compile the whole kernel again.
        jitted = live
    else:
        jitted = fn if isinstance(fn, CPUDispatcher) else njit(cache=cacheable, nogil=True)(py)
        if uuid:
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
    parent's module name (numba's cache refers to the module by name)."""
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
