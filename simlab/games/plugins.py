"""Registering custom bots and loading plugin files: ``simlab.bot`` and ``--plugin FILE``.

:func:`bot` checks a designer's function against the game (a known game, a name that is not a
built-in bot, the six arguments) and hands it to :mod:`simlab.core.custom`, which compiles it
and keeps it for the line-ups (for a game written in plain Python, the game keeps the plain
function: :mod:`simlab.games.python`); :func:`load_plugins` imports Python plugin files (which
call :func:`bot`, or define games of their own: :mod:`simlab.games.python.loader`) and reads
saved bots (``simlab tune --save``) from TOML. The view a custom bot gets and the rules it must
keep are documented in :mod:`simlab.core.custom` and ``docs/custom-bots.md``; games of one's
own in ``docs/your-own-game.md``.

A plugin is Python that runs with the user's rights, as any Python package does: load only
files you trust.
"""

from __future__ import annotations

import inspect
import tomllib
from pathlib import Path

from numba.core.registry import CPUDispatcher

from simlab.core.custom import ARGS, SavedBot, add_custom, add_saved
from simlab.errors import SimlabError
from simlab.games.python.loader import import_file, register_file_games
from simlab.games.registry import GAMES, get_game

__all__ = ["bot", "load_plugins"]


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
    if game not in GAMES:
        raise SimlabError(f"simlab.bot: unknown game {game!r}; known: {', '.join(GAMES)}")
    params = dict(params or {})
    for k, v in params.items():
        if not isinstance(k, str) or not k.isidentifier():
            raise SimlabError(f"simlab.bot: parameter names must be identifiers, got {k!r}")
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise SimlabError(f"simlab.bot: parameter {k!r} needs a number as default, got {v!r}")

    def register(fn):
        g = get_game(game)
        if hasattr(g, "add_bot"):  # a game in plain Python: the bot is a plain function
            return g.add_bot(fn, name, params, doc)
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
        return add_custom(game, bot_name, fn, params, doc)

    return register


def _builtin_names(game: str) -> set[str]:
    return set(get_game(game).bots())


def _load_saved(path: Path, where: str) -> str:
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
    return add_saved(SavedBot(game, name, base, tuple((k, float(v)) for k, v in params.items()),
                              str(path)))


def load_plugins(paths, where: str = "plugin") -> list[str]:
    """Load plugin files: Python files that register custom bots with :func:`bot` or define
    games in plain Python (each registered under its name), and TOML files of saved (tuned)
    bots. Returns the modules / bot names loaded. A plugin runs with the user's rights: load
    only files you trust."""
    names = []
    for p in paths or []:
        path = Path(p).expanduser()
        if not path.is_file():
            raise SimlabError(f"{where}: {p}: no such file (a Python file defining a game or "
                              "custom bots with @simlab.bot, or a .toml bot saved by simlab "
                              "tune)")
        if path.suffix == ".toml":
            names.append(_load_saved(path, where))
            continue
        if path.suffix != ".py":
            raise SimlabError(f"{where}: {p}: expected a .py or .toml file")
        module = import_file(path, where)
        try:
            register_file_games(module, path)  # the games it defines, if any
        except SimlabError as e:
            raise SimlabError(f"{where}: {e}") from None
        names.append(module.__name__)
    return names
