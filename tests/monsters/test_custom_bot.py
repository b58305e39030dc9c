"""Custom bots in Monsters on Board: the worked example ``examples/custom_bots/monsters.py``
(``hoarder``) registers, runs through ``simlab.simulate``, takes parameter overrides, plays
differently from the built-ins, agrees kernel vs reference game for game (once ``reference.py``
exists); an allocating bot is explained."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import simlab
from simlab.core import custom
from simlab.errors import SimlabError
from simlab.games.monsters import bots
from simlab.games.monsters.game import GAME
from simlab.games.monsters.state import C_ARCH_BOUGHT, C_GHOSTS_BOUGHT, C_ILLEGAL, S_ARCH
from simlab.games.plugins import load_plugins

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "custom_bots" / "monsters.py"
LINE_UP = ["hoarder", "greedy", "random"]
@pytest.fixture(scope="module")
def hoarder():
    mods = load_plugins([EXAMPLE])
    yield custom.custom_bots("monsters")["hoarder"]
    custom.unregister("monsters", "hoarder")
    for m in mods:  # so that a later load_plugins registers it again
        sys.modules.pop(m, None)


def test_example_registers_with_its_parameters(hoarder):
    info = GAME.all_bots()["hoarder"]
    assert info.id == custom.CUSTOM_ID == 63
    assert info.params == ("draft", "min_cost")
    assert info.defaults == (1.0, 3.0)
    assert "hoarder" not in GAME.bots()
    prep = GAME.prepare(GAME.make_rules(3), GAME.lineup(LINE_UP, 3))
    assert prep.lineup.custom.fn is hoarder.fn
    assert list(prep.lineup.ids) == [63, bots.BOT_GREEDY, bots.BOT_RANDOM]
    plain = GAME.prepare(GAME.make_rules(3), GAME.lineup("greedy", 3))
    assert plain.lineup.custom.fn is custom.no_custom


def test_simulate_runs_the_example(hoarder):
    res = simlab.simulate("monsters", players=3, bots=LINE_UP, games=300, seed=21)
    assert res.n_games == 300
    assert int(res.agg["counters"][C_ILLEGAL]) == 0
    seat = np.asarray(res.agg["seat"])
    assert seat[0, S_ARCH] > seat[1, S_ARCH]  # it buys Arch Monsters, more than greedy
    assert int(res.agg["counters"][C_ARCH_BOUGHT]) > 0
    assert int(res.agg["counters"][C_GHOSTS_BOUGHT]) >= 0


def test_solo_modes_run_it(hoarder):
    for mode in ("solo1", "solo2"):
        res = simlab.simulate("monsters", players=1, bots=["hoarder"], games=100, seed=22,
                              rules={"mode": mode})
        assert int(res.agg["counters"][C_ILLEGAL]) == 0


def test_parameters_override(hoarder):
    prep = GAME.prepare(GAME.make_rules(2), GAME.lineup(["hoarder(min_cost=9)", "hoarder"], 2))
    assert prep.lineup.params[0, :2].tolist() == [1.0, 9.0]
    assert prep.lineup.params[1, :2].tolist() == [1.0, 3.0]
    a = simlab.simulate("monsters", players=2, games=200, seed=51,
                        bots=["hoarder(min_cost=99)", "greedy"])
    b = simlab.simulate("monsters", players=2, games=200, seed=51, bots=["hoarder", "greedy"])
    assert int(np.asarray(a.agg["seat"])[0, S_ARCH]) == 0  # never affordable: never buys
    assert int(np.asarray(b.agg["seat"])[0, S_ARCH]) > 0
    with pytest.raises(SimlabError, match="no parameter"):
        GAME.lineup("hoarder(depth=2)", 2)


def _allocating_error() -> str:
    @simlab.bot("monsters", params={"w": 1.0})
    def spender(A, st, seat, kind, option, params):
        """allocates: not allowed"""
        x = np.zeros(3)
        x[0] = params[0] * option
        return x[0]

    try:
        with pytest.raises(SimlabError) as err:
            simlab.simulate("monsters", players=2, bots=["spender", "random"], games=5, seed=1)
        return str(err.value)
    finally:
        custom.unregister("monsters", "spender")


def test_allocating_bot_fails_with_a_simlab_error():
    msg = _allocating_error()
    assert "custom bot 'spender' (monsters) cannot be compiled by numba" in msg
    assert "allocation-free" in msg or "creates an array" in msg


def test_kernel_and_reference_agree(hoarder):
    from simlab.core.conformance import check_conformance

    rules = GAME.make_rules(3)
    agg = check_conformance(GAME, rules, GAME.lineup(LINE_UP, 3), n_games=60, seed=31)
    assert int(agg["counters"][C_ILLEGAL]) == 0
