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


def bot(game: str, name: str | None = None, params: dict | None = None, doc: str | None = None):
    """Register a Python function as a custom bot of ``game``.

    Parameters
    ----------
    game : str
        The game's name (``jelly``, ``monkey``, ``jungle``, ``monsters``).
    name : str, optional
        The bot's name in line-ups (default: the function's name). Must not be a built-in bot.
    params : dict, optional
        Parameter names with their defaults, in the order of the ``params`` vector the function
        receives; line-ups override them as ``name(p=value)``.
    doc : str, optional
        One line for ``simlab games`` (default: the docstring's first line).

    Returns
    -------
    callable
        A decorator returning the numba-compiled function (callable from Python too).
    """
    from simlab.games.registry import GAMES

    if game not in GAMES:
        raise SimlabError(f"simlab.bot: unknown game {game!r}; known: {', '.join(GAMES)}")
    params = dict(params or {})
    for k, v in params.items():
        if not isinstance(k, str) or not k.isidentifier():
            raise SimlabError(f"simlab.bot: parameter names must be identifiers, got {k!r}")
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise SimlabError(f"simlab.bot: parameter {k!r} needs a number as default, got {v!r}")

    def register(fn):
        py = fn.py_func if isinstance(fn, CPUDispatcher) else fn
        if not callable(py):
            raise SimlabError("simlab.bot: decorate a function")
        argnames = tuple(inspect.signature(py).parameters)
        if len(argnames) != len(ARGS):
            raise SimlabError(f"simlab.bot: {py.__name__} must take {len(ARGS)} arguments "
                              f"({', '.join(ARGS)}), it takes {len(argnames)}: "
                              f"{', '.join(argnames)}")
        bot_name = name or py.__name__
        builtin = _builtin_names(game)
        if bot_name in builtin:
            raise SimlabError(f"simlab.bot: {bot_name!r} is a built-in bot of {game}; "
                              "choose another name")
        try:
            src = inspect.getsourcefile(py) or "<unknown>"
        except TypeError:
            src = "<unknown>"
        cacheable = src != "<unknown>" and Path(src).exists()
        jitted = fn if isinstance(fn, CPUDispatcher) else njit(cache=cacheable, nogil=True)(py)
        as_plain(jitted)
        if cacheable:  # a stable identity, so kernels specialised for it load from the cache
            digest = hashlib.sha256(Path(src).read_bytes()).hexdigest()[:16]
            try:
                jitted._set_uuid(f"simlab-custom-{game}-{bot_name}-{digest}")
            except AssertionError:  # already has one (used before registration)
                pass
        text = doc or (inspect.getdoc(py) or "custom bot").splitlines()[0]
        _REGISTRY[(game, bot_name)] = CustomBot(game, bot_name, jitted, tuple(params),
                                                tuple(float(v) for v in params.values()),
                                                text, src)
        return jitted

    return register


def _builtin_names(game: str) -> set[str]:
    from simlab.games.registry import get_game

    return set(get_game(game).bots())


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


def saved_bots(game: str) -> dict[str, SavedBot]:
    """The saved (tuned) bots loaded for ``game`` in this process."""
    return {n: b for (g, n), b in _SAVED.items() if g == game}


def _load_saved(path: Path, where: str) -> str:
    import tomllib

    from simlab.games.registry import GAMES, get_game

    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise SimlabError(f"{where}: {path}: cannot read it as TOML: {e}") from None
    for key in ("name", "game", "base"):
        if not isinstance(data.get(key), str):
            raise SimlabError(f"{where}: {path}: {key}: expected a string (a saved bot file has "
                              "name, game, base and a [params] table)")
    game, name, base = data["game"], data["name"], data["base"]
    if game not in GAMES:
        raise SimlabError(f"{where}: {path}: game: unknown game {game!r}")
    known = get_game(game).bots()
    if base not in known:
        raise SimlabError(f"{where}: {path}: base: {game} has no bot {base!r}")
    if name in known:
        raise SimlabError(f"{where}: {path}: name: {name!r} is a built-in bot of {game}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise SimlabError(f"{where}: {path}: params: expected a table")
    info = known[base]
    for k, v in params.items():
        if k not in info.params:
            raise SimlabError(f"{where}: {path}: params.{k}: {base} has no such parameter "
                              f"(known: {', '.join(info.params)})")
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise SimlabError(f"{where}: {path}: params.{k}: expected a number, got {v!r}")
    _SAVED[(game, name)] = SavedBot(game, name, base,
                                    tuple((k, float(v)) for k, v in params.items()), str(path))
    return name


def load_plugins(paths, where: str = "plugin") -> list[str]:
    """Load plugin files: Python files that register custom bots with :func:`bot`, and TOML
    files of saved (tuned) bots. Returns the modules / bot names loaded."""
    names = []
    for p in paths or []:
        path = Path(p).expanduser()
        if not path.is_file():
            raise SimlabError(f"{where}: {p}: no such file (a Python file defining custom "
                              "bots with @simlab.bot, or a .toml bot saved by simlab tune)")
        if path.suffix == ".toml":
            names.append(_load_saved(path, where))
            continue
        if path.suffix != ".py":
            raise SimlabError(f"{where}: {p}: expected a .py or .toml file")
        mod = f"simlab_plugin_{hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]}"
        if mod in sys.modules:
            names.append(mod)
            continue
        spec = importlib.util.spec_from_file_location(mod, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod] = module
        try:
            spec.loader.exec_module(module)
        except SimlabError:
            del sys.modules[mod]
            raise
        except Exception as e:  # noqa: BLE001 - a designer's file: report, do not crash
            del sys.modules[mod]
            raise SimlabError(f"{where}: {p}: importing it failed: "
                              f"{type(e).__name__}: {e}") from None
        names.append(mod)
    return names


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
