"""A custom bot is compiled on its own before the kernel (``Game.check_custom``): a bot numba
cannot compile fails there, in seconds, instead of after numba typed the whole kernel; a bot that
compiles gets the one overload the kernel's rules call."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba.core.errors import NumbaError

import simlab
from simlab.core import custom
from simlab.core.ref import rule
from simlab.games.plugins import load_plugins

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "custom_bots"
GAMES = ("jelly", "jungle", "monkey", "monsters")


@rule
def _ask(A, st, lu, p):
    """Ask seat ``p``'s custom bot about option 0 as the games' rules do (a test rule)."""
    return lu.custom(A, st, p, 0, 0, lu.params[p])


def _prepared(game, name):
    g = simlab.get_game(game)
    players = max(g.min_players, 3)
    bots = [name] + ["random"] * (players - 1)
    return g, g.prepare(g.make_rules(players, {}), g.lineup(bots, players))


@pytest.mark.parametrize("game", GAMES)
def test_the_check_compiles_the_overload_the_rules_call(game):
    mods = load_plugins([EXAMPLES / f"{game}.py"])
    assert mods
    name = next(n for (g, n) in custom._REGISTRY if g == game)
    g, prepared = _prepared(game, name)
    fn = prepared.lineup.custom
    g.check_custom(prepared, fn)
    checked = set(fn.signatures)  # (other tests in this process may have called it from Python)
    assert checked
    st = g.custom_state(prepared)
    value = _ask(prepared.arrays, st, prepared.lineup, 0)
    assert np.isfinite(value)
    assert set(fn.signatures) == checked  # a rule's call found the checked overload


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
