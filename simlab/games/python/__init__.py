"""Games written in plain Python: the protocol, its engines, and how plugin games are loaded.

A designer subclasses :class:`PythonGame` (``docs/your-own-game.md``) and loads the file with
``--plugin game.py``, or installs a package that names the class under the ``simlab.games``
entry point; every command then runs on the game. Names here:

* :class:`PythonGame` (:mod:`.protocol`): the base class, its methods and their defaults;
* :class:`Stream` (:mod:`.stream`): the game's random stream;
* :class:`Reading` (:mod:`simlab.core.readings`): a reading of the rulebook, as a rule option;
* :class:`Kernel`, :class:`KernelAgg`, :class:`KernelRows` and :func:`record_game`
  (:mod:`.kernel`): moving the game's loop into a numba kernel;
* :func:`register` (a session's own game class) and :func:`load` (a plugin file).
"""

from __future__ import annotations

from simlab.core.readings import Reading
from simlab.games.python.kernel import Kernel, KernelAgg, KernelRows, record_game, top_winners
from simlab.games.python.protocol import PythonGame
from simlab.games.python.stream import Stream

__all__ = ["PythonGame", "Stream", "Reading", "Kernel", "KernelAgg", "KernelRows",
           "record_game", "top_winners", "register", "load"]


def register(cls):
    """Register a game class defined in an importable module (a test, a notebook's module):
    returns the :class:`simlab.games.registry.Game`. Worker processes import the module."""
    from simlab.games.registry import register_game

    return register_game(cls.as_simlab_game(("module",)))


def load(path):
    """Load a plugin file and return the games it defines (as ``--plugin`` does)."""
    from simlab.games.python.loader import import_file, register_file_games
    from simlab.games.registry import get_game

    return [get_game(n) for n in register_file_games(import_file(path), path)]
