"""Custom bots in Monkey Fun: the worked example ``examples/custom_bots/monkey.py`` (``liner``)
registers, runs through ``simlab.simulate``, agrees kernel vs reference game for game, plays
differently from ``random``, takes parameter overrides; an allocating bot is explained."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import simlab
from simlab.core import custom
from simlab.core.conformance import check_conformance
from simlab.core.stats import binomial_tolerance
from simlab.errors import SimlabError
from simlab.games.monkey import bots
from simlab.games.monkey.game import GAME
from simlab.games.monkey.state import C_ILLEGAL, C_TOWERS, S_ROW_WINS
from simlab.games.plugins import load_plugins

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "custom_bots" / "monkey.py"
LINE_UP = ["liner", "random", "greedy", "row"]


@pytest.fixture(scope="module")
def liner():
    mods = load_plugins([EXAMPLE])
    yield custom.custom_bots("monkey")["liner"]
    custom.unregister("monkey", "liner")
    for m in mods:  # so that a later load_plugins registers it again
        sys.modules.pop(m, None)


def test_example_registers_with_its_parameters(liner):
    info = GAME.all_bots()["liner"]
    assert info.id == custom.CUSTOM_ID == 63
    assert info.params == ("line", "majority", "cards")
    assert info.defaults == (1.0, 0.5, 0.1)
    assert "longest open line" in info.doc
    assert "liner" not in GAME.bots()  # built-ins stay as they are


def test_prepare_fills_the_custom_slot(liner):
    rules = GAME.make_rules(4)
    prep = GAME.prepare(rules, GAME.lineup(LINE_UP, 4))
    assert prep.lineup.custom.fn is liner.fn
    assert list(prep.lineup.ids) == [63, bots.BOT_RANDOM, bots.BOT_GREEDY, bots.BOT_ROW]
    plain = GAME.prepare(rules, GAME.lineup("greedy", 4))
    assert plain.lineup.custom.fn is custom.no_custom


def test_simulate_runs_the_example(liner):
    res = simlab.simulate("monkey", bots=LINE_UP, games=300, seed=21)
    assert res.n_games == 300
    assert res.bots == LINE_UP
    assert res.agg["counters"][C_ILLEGAL] == 0
    assert int(res.agg["seat"][0, S_ROW_WINS]) > 0  # liner wins by rows


@pytest.mark.parametrize("players,line_up,overrides,n,seed", [
    (4, LINE_UP, {}, 300, 31),
    (2, ["liner(line=3,cards=0)", "blocker"], {"mode": "quick", "layout": "shuffled"}, 200, 32),
    (1, ["liner"], {"layout": "row-major"}, 200, 33),  # solo: KIND_SOLO and KIND_TOWER
])
def test_kernel_and_reference_agree(liner, players, line_up, overrides, n, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(line_up, players), n_games=n, seed=seed)
    assert int(agg["counters"][C_ILLEGAL]) == 0
    if players == 1:
        assert int(agg["counters"][C_TOWERS]) > 0  # some games needed a minus tower (KIND_TOWER)


def test_win_share_differs_from_random(liner):
    n = 400
    mine = simlab.simulate("monkey", bots=["liner", "random"], players=2, games=n, seed=41)
    base = simlab.simulate("monkey", bots=["random", "random"], players=2, games=n, seed=41)

    def share(r):  # seat 1's win share (a k-way shared win counts 1/k)
        return float((r.agg["wins"][0] / np.maximum(np.arange(3), 1)).sum()) / n

    p_random = share(base)
    assert abs(share(mine) - p_random) > binomial_tolerance(p_random, n)
    assert share(mine) > p_random


def test_parameters_override(liner):
    rules = GAME.make_rules(2)
    prep = GAME.prepare(rules, GAME.lineup(["liner(line=3,cards=-1)", "liner"], 2))
    assert prep.lineup.params[0, :3].tolist() == [3.0, 0.5, -1.0]
    assert prep.lineup.params[1, :3].tolist() == [1.0, 0.5, 0.1]
    a = simlab.simulate("monkey", players=2, games=200, seed=51,
                        bots=["liner(line=0,majority=0,cards=-5)", "random"])
    b = simlab.simulate("monkey", players=2, bots=["liner", "random"], games=200, seed=51)
    assert a.bots[0] == "liner(line=0,majority=0,cards=-5)"
    assert not np.array_equal(a.agg["wins"], b.agg["wins"])
    with pytest.raises(SimlabError, match="no parameter"):
        GAME.lineup("liner(depth=2)", 2)


def _hoarder_error() -> str:
    @simlab.bot("monkey", params={"w": 1.0})
    def hoarder(A, st, seat, kind, option, params):
        """allocates: not allowed"""
        x = np.zeros(3)
        x[0] = params[0] * A.number[st.cells[option]]
        return x[0]

    try:
        with pytest.raises(SimlabError) as err:
            simlab.simulate("monkey", players=2, bots=["hoarder", "random"], games=10, seed=1)
        return str(err.value)
    finally:
        custom.unregister("monkey", "hoarder")


def test_allocating_bot_fails_with_a_simlab_error_and_the_allocation_hint():
    msg = _hoarder_error()  # caught when the line-up is prepared (Game.custom_function)
    assert "custom bot 'hoarder' (monkey) cannot be compiled by numba" in msg
    assert "do not allocate" in msg
    assert "allocation-free" in msg or "creates an array" in msg


def test_threads_backend_runs_it(liner):
    one = simlab.simulate("monkey", bots=LINE_UP, games=300, seed=61)
    two = simlab.simulate("monkey", bots=LINE_UP, games=300, seed=61, jobs=2, backend="threads",
                          batch_size=64)
    assert np.array_equal(one.agg["wins"], two.agg["wins"])


def test_loky_jobs_2_runs_it(liner):
    one = simlab.simulate("monkey", bots=LINE_UP, games=300, seed=61)
    two = simlab.simulate("monkey", bots=LINE_UP, games=300, seed=61, jobs=2, batch_size=64)
    assert np.array_equal(one.agg["wins"], two.agg["wins"])


WORKER = """
import pickle, sys
from simlab.core.compiling import CompileWatch
from simlab.core.custom import custom_bots
from simlab.games.monkey.game import GAME

with CompileWatch() as watch:
    # as a loky worker: the line-up first (its custom slot then loads the plugin file)
    prepared = pickle.loads(sys.stdin.buffer.read())
    GAME.run_batch(prepared, 61, 0, 2, False)
print(custom_bots("monkey")["liner"].fn is prepared.lineup.custom.fn, watch.compiled)
"""


def test_a_worker_loads_the_cached_kernel(liner):
    """A worker unpickles the line-up (with the custom bot's slot) before it loads the plugin
    file; both must give one dispatcher, and neither the bot nor the kernel is compiled again
    (both come from the disk cache)."""
    import pickle
    import subprocess

    rules = GAME.make_rules(4)
    prepared = GAME.prepare(rules, GAME.lineup(LINE_UP, 4))
    GAME.run_batch(prepared, 61, 0, 2, False)  # compiled (or loaded) here, in the disk cache
    proc = subprocess.run([sys.executable, "-c", WORKER], input=pickle.dumps(prepared),
                          capture_output=True, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.decode().split() == ["True", "False"]
