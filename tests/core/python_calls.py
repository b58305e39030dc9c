"""Keep ``simlab/games/python_calls.toml`` (what ``simlab warm --all`` compiles besides the
kernels) equal to what the tests call: the rules the tests run from plain Python.

Loaded by ``tests/conftest.py`` for the whole suite; it watches the tests of the game folders
(``tests/jelly``...; the others compile what they call in their test). Each rule called from
Python runs its twin
or shim (:meth:`simlab.core.jit.RuleDispatcher.python_entry`); a call that makes it compile or
load a signature new to the process is noted, as the calls file names it
(:func:`simlab.games.warm.type_spec`: a NamedTuple by where :func:`simlab.games.warm.call_pool`
finds one of its type, or by its class and fields; a number or an array by its numba type),
under the game whose module defines the rule (a core rule: the game whose test folder calls
it). Checked after every test: a signature the file does not list fails the test at teardown,
naming the entry and how to add it. So the file cannot fall behind the tests (and ``tests/core/test_warm.py`` fails on an entry that no longer names a
rule and arguments it takes). Only the first call of a signature in a process costs anything
(two ``len`` a call otherwise).

``SIMLAB_RECORD_CALLS=1`` adds what is missing to the file instead of failing (the test files
that failed, e.g. ``SIMLAB_RECORD_CALLS=1 pytest tests/monsters/test_rules_engine.py``; workers
of pytest-xdist add under a lock). Calls whose arguments the file cannot name (a rule defined
inside a test, a line-up holding a custom bot's compiled function) are left to compile in their
test.
"""

from __future__ import annotations

import fcntl
import os
import tempfile

import pytest

_GAMES = ("jelly", "monkey", "jungle", "monsters")
_SEEN: dict[int, set] = {}  # id(python entry) -> signatures already noted
_MISSING: list[tuple[str, str, tuple[str, ...]]] = []  # (game, function, specs) of this test
_LISTED: dict[str, set] = {}  # game -> {(function, specs)} of the calls file
_POOLS: dict[str, dict] = {}  # game -> {numba type: pool path}


_CURRENT = [""]  # the node id of the running test


def _game_of(fn) -> str | None:
    """The game whose module defines rule ``fn`` (a core rule, ``simlab.core.rng``...: the game
    whose tests call it); None outside a game's test folder or for a rule defined in a test."""
    folder = _CURRENT[0].split("/")
    if "<locals>" in fn.__qualname__ or len(folder) < 3 or folder[0] != "tests" \
            or folder[1] not in _GAMES:
        return None
    parts = fn.__module__.split(".")
    if len(parts) > 2 and parts[:2] == ["simlab", "games"] and parts[2] in _GAMES:
        return parts[2]
    return folder[1] if fn.__module__.startswith("simlab.core.") else None


def _pool_types(game: str) -> dict:
    pool = _POOLS.get(game)
    if pool is None:
        from numba import typeof

        from simlab.games.registry import get_game
        from simlab.games.warm import call_pool

        pool = _POOLS[game] = {typeof(obj): path for path, obj
                               in reversed(call_pool(get_game(game)).items())}
    return pool


def _listed(game: str) -> set:
    if not _LISTED:
        from simlab.games.warm import read_calls

        for g, entries in read_calls().items():
            _LISTED[g] = set(entries)
    return _LISTED.setdefault(game, set())


def _note_new(d, entry) -> None:
    """Note the signatures ``entry`` (rule ``d``'s twin or shim) got since it was last seen."""
    seen = _SEEN.setdefault(id(entry), set())
    new = [sig for sig in entry.overloads if sig not in seen]
    seen.update(new)
    game = _game_of(d.py_func)
    if game is None:
        return
    from simlab.games.warm import type_spec

    fn = d.py_func
    function = f"{fn.__module__}.{fn.__qualname__}"
    for sig in new:
        specs = tuple(type_spec(t, _pool_types(game)) for t in sig)
        if None not in specs and (function, specs) not in _listed(game):
            _MISSING.append((game, function, specs))


def pytest_configure(config):
    from simlab.core.jit import RuleDispatcher
    from simlab.core.ref import RefRuleDispatcher

    for cls in (RuleDispatcher, RefRuleDispatcher):
        call = cls.__dict__["__call__"]
        if getattr(call, "_simlab_watched", False):
            continue

        def watched(self, *args, _call=call, **kws):
            entry = self.python_entry()
            n = len(entry.overloads)
            try:
                return _call(self, *args, **kws)
            finally:
                if len(entry.overloads) != n:
                    _note_new(self, entry)

        watched._simlab_watched = True
        cls.__call__ = watched


def _record(missing) -> None:
    """Add ``missing`` to the calls file (under a lock: xdist workers share it)."""
    from simlab.games.warm import CALLS_FILE, read_calls, write_calls

    lock_path = os.path.join(tempfile.gettempdir(), "simlab-python-calls.lock")
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        calls = read_calls(CALLS_FILE)
        for game, function, specs in missing:
            have = calls.setdefault(game, [])
            if (function, specs) not in have:
                have.append((function, specs))
            _listed(game).add((function, specs))
        write_calls(CALLS_FILE, calls)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The running test's node id, set before any of its fixtures (a module fixture's calls
    belong to the test folder that needs it, not to the last test of the previous file)."""
    _CURRENT[0] = item.nodeid


@pytest.fixture(autouse=True)
def _python_calls_listed(request):
    """After each test: every rule signature it made the process compile or load from Python is
    in ``simlab/games/python_calls.toml`` (so ``simlab warm --all`` compiled it). What a
    wider fixture or the collection compiled counts for the next test that ends."""
    _CURRENT[0] = request.node.nodeid
    yield
    missing = list(dict.fromkeys(_MISSING))
    _MISSING.clear()
    if not missing:
        return
    if os.environ.get("SIMLAB_RECORD_CALLS", "") not in ("", "0"):
        _record(missing)
        return
    lines = [f"[[{g}]] function = {f!r} args = {list(s)!r}" for g, f, s in missing]
    pytest.fail("this test calls rules from Python that simlab/games/python_calls.toml does not "
                "list (simlab warm --all would not compile them): rerun it with "
                "SIMLAB_RECORD_CALLS=1 to add them, and commit the file:\n  " + "\n  ".join(lines),
                pytrace=False)
