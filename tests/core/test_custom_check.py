"""A custom bot is compiled on its own when its line-up is prepared and called by the kernels
through a function pointer (``simlab.core.custom.CustomSlot``): every custom bot shares the
game's kernel, the arguments arrive as the rules pass them, a bot numba cannot compile fails at
once, and an exception the bot raises reaches the caller."""

from __future__ import annotations

import importlib
import pickle

import numpy as np
import pytest
from numba import njit, typeof

import simlab
from simlab.core import custom
from simlab.core.ref import ref
from simlab.errors import SimlabError

GAMES = ("jelly", "jungle", "monkey", "monsters")


@njit(_nrt=False)
def _ask_by_ref(A, st, lu, p, kind, option):
    """Ask seat ``p``'s custom bot about ``option`` of decision ``kind`` as the games' rules do:
    the arrays and the state by reference, no reference counting."""
    return lu.custom(A, st, p, kind, option, lu.params[p])


@njit
def _ask(A, st, lu, p, kind, option):
    """:func:`_ask_by_ref` from Python (not cached: compiled in the process, for the slot)."""
    return _ask_by_ref(ref(A), ref(st), ref(lu), p, kind, option)


def _prepared(game, names):
    g = simlab.get_game(game)
    players = max(g.min_players, 3)
    bots = list(names) + ["random"] * (players - len(names))
    return g, g.prepare(g.make_rules(players, {}), g.lineup(bots, players))


@pytest.mark.parametrize("game", GAMES)
def test_the_slot_passes_the_rules_arguments(game):
    @simlab.bot(game, name="check_probe", params={"w": 1.0})
    def check_probe(A, st, seat, kind, option, params):
        """scores an option by its code (a test bot: only the argument types matter)"""
        return params[0] * option + 10.0 * seat + 100.0 * kind

    try:
        g, prepared = _prepared(game, ["random", "check_probe(w=2.5)"])
        slot = prepared.lineup.custom
        assert isinstance(slot, custom.CustomSlot) and slot.fn is check_probe
        assert len(check_probe.signatures) == 1  # compiled once, for the rules' arguments
        # when its line-up is prepared, for the signature its numba type names
        assert check_probe.overloads[slot.argtys].signature == slot.nbtype.signature
        A, st = prepared.arrays, g.kernel_state(prepared.arrays)
        assert _ask(A, st, prepared.lineup, 1, 3, 4) == 2.5 * 4 + 10.0 + 300.0
        assert _ask(A, st, prepared.lineup, 1, 0, -1) == -2.5 + 10.0
        assert slot(A, st, 1, 3, 4, prepared.lineup.params[1]) == 320.0  # from Python too
        assert len(check_probe.signatures) == 1  # and no call compiled another overload
        assert pickle.loads(pickle.dumps(slot)) is slot  # one slot per function and types
    finally:
        custom.unregister(game, "check_probe")


@pytest.mark.parametrize("game", GAMES)
def test_every_custom_bot_plays_on_the_one_kernel(game):
    """Two bots with opposite tastes give different games on the kernel the built-in line-up
    runs: no new kernel overload for either."""

    @simlab.bot(game, name="low_probe")
    def low_probe(A, st, seat, kind, option, params):
        """prefers low option codes (an integer score: converted to a float)"""
        return -option

    @simlab.bot(game, name="high_probe")
    def high_probe(A, st, seat, kind, option, params):
        """prefers high option codes"""
        return 1.0 * option

    try:
        g = simlab.get_game(game)
        players = max(g.min_players, 3)
        rules = g.make_rules(players, {})
        preps = [g.prepare(rules, g.lineup([b] + ["greedy"] * (players - 1), players))
                 for b in ("greedy", "low_probe", "high_probe")]
        assert len({typeof(p.lineup) for p in preps}) == 1
        g.run_batch(preps[0], 3, 0, 2, True)  # the built-in line-up's kernel (loaded)
        kernel = importlib.import_module(f"simlab.games.{game}.nb").run_batch
        n_kernels = len(kernel.signatures)
        rows = [g.run_batch(p, 3, 0, 40, True)[1]["score"] for p in preps[1:]]
        assert len(kernel.signatures) == n_kernels
        assert not np.array_equal(rows[0], rows[1])  # each bot's choices were played
    finally:
        custom.unregister(game, "low_probe")
        custom.unregister(game, "high_probe")


@pytest.mark.parametrize("game", GAMES)
def test_an_allocating_bot_fails_when_its_line_up_is_prepared(game):
    @simlab.bot(game, name="allocating_probe", params={"w": 1.0})
    def allocating_probe(A, st, seat, kind, option, params):
        """allocates: not allowed"""
        x = np.zeros(3)
        x[0] = params[0] * option
        return x[0]

    try:
        with pytest.raises(SimlabError, match="allocating_probe.*creates an array"):
            _prepared(game, ["allocating_probe"])
    finally:
        custom.unregister(game, "allocating_probe")


def test_an_exception_in_the_bot_reaches_the_caller():
    @simlab.bot("jungle", name="dividing_probe")
    def dividing_probe(A, st, seat, kind, option, params):
        """divides by zero at its first decision"""
        return 1.0 / (option - option)

    try:
        with pytest.raises(ZeroDivisionError):
            simlab.simulate("jungle", games=2, players=3, bots="dividing_probe", progress=False)
    finally:
        custom.unregister("jungle", "dividing_probe")


def test_a_bot_with_python_numba_cannot_compile_is_explained():
    """Not every numba failure is a NumbaError (an import inside the function raises numba's
    UnsupportedBytecodeError): each is explained, none escapes as a traceback."""

    @simlab.bot("jungle", name="importing_probe")
    def importing_probe(A, st, seat, kind, option, params):
        """imports inside the function"""
        import math

        return math.sqrt(option)

    try:
        with pytest.raises(SimlabError, match="importing_probe.*imports a module inside"):
            _prepared("jungle", ["importing_probe"])
    finally:
        custom.unregister("jungle", "importing_probe")


def test_a_slot_compiles_once_when_first_used():
    """A slot compiles its function when first used, whichever use comes first: a call from
    Python (the replay pages) gets the overload the kernels call, without reference counting."""

    def lazy_probe(A, st, seat, kind, option, params):
        return 2.0 * option

    fn = njit(lazy_probe)
    g = simlab.get_game("jungle")
    A = g.make_rules(3, {}).to_arrays()
    st = g.kernel_state(A)
    slot = custom.custom_slot(fn, A, st)
    assert fn.signatures == [] and slot._addrs is None  # made, not compiled
    assert slot(A, st, 0, 0, 21, np.zeros(1)) == 42.0
    # the call compiled through the slot (its flags), not by the dispatcher's own call
    assert slot._addrs is not None and fn.signatures == [slot.argtys]
    assert slot.jit_addr and slot.c_addr and fn.signatures == [slot.argtys]
