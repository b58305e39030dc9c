"""A custom bot is compiled on its own before the kernel (``Game.check_custom``): a bot numba
cannot compile fails there, in seconds, instead of after numba typed the whole kernel; a bot that
compiles gets the one overload the kernel's rules call."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from numba.core.errors import NumbaError

import simlab
from simlab.core import custom
from simlab.core.ref import ref

GAMES = ("jelly", "jungle", "monkey", "monsters")


@njit(_nrt=False)
def _ask_by_ref(A, st, lu, p):
    """Ask seat ``p``'s custom bot about option 0 as the games' rules do: the arrays and the
    state by reference, no reference counting."""
    return lu.custom(A, st, p, 0, 0, lu.params[p])


@njit
def _ask(A, st, lu, p):
    """:func:`_ask_by_ref` from Python. Neither is cached on disk: typing them asks the custom
    function for the overload the rules' call needs in this process (a cached caller would be
    loaded whole, without asking)."""
    return _ask_by_ref(ref(A), ref(st), ref(lu), p)


def _prepared(game, name):
    g = simlab.get_game(game)
    players = max(g.min_players, 3)
    bots = [name] + ["random"] * (players - 1)
    return g, g.prepare(g.make_rules(players, {}), g.lineup(bots, players))


@pytest.mark.parametrize("game", GAMES)
def test_the_check_compiles_the_overload_the_rules_call(game):
    @simlab.bot(game, name="check_probe", params={"w": 1.0})
    def check_probe(A, st, seat, kind, option, params):
        """scores an option by its code (a test bot: only the argument types matter)"""
        return params[0] * option + seat + kind

    try:
        g, prepared = _prepared(game, "check_probe")
        fn = prepared.lineup.custom
        g.check_custom(prepared, fn)
        checked = set(fn.signatures)
        assert len(checked) == 1
        value = _ask(prepared.arrays, g.kernel_state(prepared), prepared.lineup, 0)
        assert value == 0.0  # seat 0, kind 0, option 0
        assert set(fn.signatures) == checked  # a rule's call found the checked overload
    finally:
        custom.unregister(game, "check_probe")


@pytest.mark.parametrize("game", GAMES)
def test_an_allocating_bot_fails_the_check(game):
    @simlab.bot(game, name="allocating_probe", params={"w": 1.0})
    def allocating_probe(A, st, seat, kind, option, params):
        """allocates: not allowed"""
        x = np.zeros(3)
        x[0] = params[0] * option
        return x[0]

    try:
        g, prepared = _prepared(game, "allocating_probe")
        with pytest.raises(NumbaError, match="NRT required|Only accept returning"):
            g.check_custom(prepared, prepared.lineup.custom)
    finally:
        custom.unregister(game, "allocating_probe")
