"""Importing a plugin file and registering the plain-Python games it defines.

A file that is part of a package (its folder holds ``__init__.py``) is imported as that
package's module, with the package's parent folder put on ``sys.path``, so a game split over
several files (``rules.py``, ``bots.py``, ``kernel.py``) imports its siblings as usual
(``from .rules import PigRules``). A lone file is imported under a name of its own derived
from its path (``simlab_plugin_<hash>``). Worker processes do the same, so module names, and
with them numba's cache entries, agree across processes.

A game is any class in the file that derives from
:class:`simlab.games.python.protocol.PythonGame` (recognised by the base's
``_simlab_protocol_base`` mark); each is checked, adapted and registered under its ``name``.
Importing a file runs its code with the user's rights, as any Python package does: load only
files you trust.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from pathlib import Path

from simlab.errors import SimlabError
from simlab.games.registry import GAMES, get_game, register_game


def module_name(path: Path) -> tuple[str, Path | None]:
    """The module name a plugin file is imported under, and the folder to put on
    ``sys.path`` (None for a lone file)."""
    path = Path(path).resolve()
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    if len(parts) > 1 and all(p.isidentifier() for p in parts):
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(parts), folder
    return f"simlab_plugin_{hashlib.sha256(str(path).encode()).hexdigest()[:12]}", None


def import_file(path, where: str = "plugin"):
    """Import a plugin file (see the module docstring); returns the module. Errors of the
    file's own code are a :class:`SimlabError` naming the file."""
    path = Path(path).expanduser()
    name, root = module_name(path)
    if name in sys.modules:
        have = getattr(sys.modules[name], "__file__", None)
        if have and Path(have).resolve() != path.resolve():
            raise SimlabError(f"{where}: {path}: a module named {name!r} is already imported "
                              f"from {have}; rename the folder or the file")
        return sys.modules[name]
    try:
        if root is not None:
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))
            return importlib.import_module(name)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        return module
    except SimlabError:
        raise
    except Exception as e:  # noqa: BLE001 - a designer's file: report, do not crash
        raise SimlabError(f"{where}: {path}: importing it failed: {type(e).__name__}: {e}") \
            from None


def game_classes(module) -> list:
    """The plain-Python games a module defines (not the ones it imports)."""
    out = []
    for obj in list(vars(module).values()):
        if isinstance(obj, type) and obj.__module__ == module.__name__ and \
                any(k.__dict__.get("_simlab_protocol_base") for k in obj.__mro__[1:]) and \
                not obj.__dict__.get("_simlab_protocol_base"):
            out.append(obj)
    return out


def register_file_games(module, path) -> list[str]:
    """Check, adapt and register every game ``module`` (imported from ``path``) defines;
    returns their names. Registering the same file again returns the games already held."""
    names = []
    path = Path(path).expanduser().resolve()
    for cls in game_classes(module):
        have = GAMES.get(getattr(cls, "name", ""))
        if have is not None and not isinstance(have, str) and \
                type(getattr(have, "impl", None)) is cls:
            names.append(have.name)
            continue
        names.append(register_game(cls.as_simlab_game(("file", str(path)))).name)
    return names


def load_game_file(path: str, name: str):
    """The game ``name`` of plugin file ``path``, loading the file first when this process has
    not (how a worker process finds a plugin game)."""
    if name not in GAMES:
        register_file_games(import_file(path), path)
    return get_game(name)
