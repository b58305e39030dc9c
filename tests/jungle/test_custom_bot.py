"""Custom bots in Jungle Rumble: the worked example ``examples/custom_bots/jungle.py``
(``hoarder``) registers, runs through ``simlab.simulate``, agrees kernel vs reference game for
game, plays differently from ``random``, takes parameter overrides; an allocating bot is
explained."""

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
from simlab.games.jungle import bots
from simlab.games.jungle.game import GAME
from simlab.games.jungle.state import COUNTER_NAMES, SEAT_NAMES
from simlab.games.plugins import load_plugins

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "custom_bots" / "jungle.py"
LINE_UP = ["hoarder", "random", "greedy"]
ILLEGAL = COUNTER_NAMES.index("illegal_bot_choices")


@pytest.fixture(scope="module")
def hoarder():
    mods = load_plugins([EXAMPLE])
    yield custom.custom_bots("jungle")["hoarder"]
    custom.unregister("jungle", "hoarder")
    for m in mods:  # so that a later load_plugins registers it again
        sys.modules.pop(m, None)


def test_example_registers_with_its_parameters(hoarder):
    info = GAME.all_bots()["hoarder"]
    assert info.id == custom.CUSTOM_ID == 63
    assert info.params == ("food", "kittens", "other")
    assert info.defaults == (1.0, 2.0, 0.8)
    assert "Food hoarder" in info.doc
    assert "hoarder" not in GAME.bots()


def test_prepare_fills_the_custom_slot(hoarder):
    rules = GAME.make_rules(3)
    prep = GAME.prepare(rules, GAME.lineup(LINE_UP, 3))
    assert prep.lineup.custom.fn is hoarder.fn
    assert list(prep.lineup.ids) == [63, bots.BOT_RANDOM, bots.BOT_GREEDY]
    plain = GAME.prepare(rules, GAME.lineup("greedy", 3))
    assert plain.lineup.custom.fn is custom.no_custom


def test_kind_codes():
    assert (bots.KIND_WAKE, bots.KIND_SELL_FOOD, bots.KIND_SELL_GOLD, bots.KIND_ACTION,
            bots.KIND_FOLLOW, bots.KIND_ROLE, bots.KIND_VICTIM, bots.KIND_FIRE,
            bots.KIND_FIELD, bots.KIND_STICK, bots.KIND_UNFED) == tuple(range(11))
    assert len(bots.KIND_NAMES) == 11


def test_simulate_runs_the_example(hoarder):
    res = simlab.simulate("jungle", bots=LINE_UP, games=300, seed=21)
    assert res.n_games == 300
    assert res.bots == LINE_UP
    assert res.agg["counters"][ILLEGAL] == 0
    assert int(res.agg["seat"][0, SEAT_NAMES.index("fired")]) == 0  # the hoarder never fires


@pytest.mark.parametrize("players,line_up,overrides,n,seed", [
    (3, LINE_UP, {}, 300, 31),
    (4, ["hoarder(food=2,kittens=4)", "breeder", "hoarder", "trader"], {"variant": True}, 150,
     32),
    (2, ["hoarder(kittens=6)", "random"], {"max_family": 3, "start_food": 3}, 150, 33),
])
def test_kernel_and_reference_agree(hoarder, players, line_up, overrides, n, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(line_up, players), n_games=n, seed=seed)
    assert int(agg["counters"][ILLEGAL]) == 0


def _share(res, n, seat=0):
    """A seat's win share (a k-way shared win counts 1/k)."""
    w = res.agg["wins"][seat]
    return float((w / np.maximum(np.arange(w.size), 1)).sum()) / n


def test_win_share_differs_from_random(hoarder):
    n = 1000
    mine = simlab.simulate("jungle", bots=["hoarder", "random"], players=2, games=n, seed=41)
    base = simlab.simulate("jungle", bots=["random", "random"], players=2, games=n, seed=41)
    p_random = _share(base, n)
    assert abs(_share(mine, n) - p_random) > binomial_tolerance(p_random, n)
    assert _share(mine, n) > p_random


def test_parameters_override(hoarder):
    rules = GAME.make_rules(2)
    prep = GAME.prepare(rules, GAME.lineup(["hoarder(food=3,other=-1)", "hoarder"], 2))
    assert prep.lineup.params[0, :3].tolist() == [3.0, 2.0, -1.0]
    assert prep.lineup.params[1, :3].tolist() == [1.0, 2.0, 0.8]
    a = simlab.simulate("jungle", players=2, games=200, seed=51,
                        bots=["hoarder(food=0,kittens=-5,other=5)", "greedy"])
    b = simlab.simulate("jungle", players=2, bots=["hoarder", "greedy"], games=200, seed=51)
    assert a.bots[0] == "hoarder(food=0,kittens=-5,other=5)"
    assert not np.array_equal(a.agg["score_sum"], b.agg["score_sum"])
    with pytest.raises(SimlabError, match="no parameter"):
        GAME.lineup("hoarder(depth=2)", 2)


def test_allocating_bot_fails_with_a_simlab_error():
    @simlab.bot("jungle", params={"w": 1.0})
    def glutton(A, st, seat, kind, option, params):
        """allocates: not allowed"""
        x = np.zeros(3)
        x[0] = params[0] * option
        return x[0]

    try:
        with pytest.raises(SimlabError) as err:
            simlab.simulate("jungle", players=2, bots=["glutton", "random"], games=10, seed=1)
    finally:
        custom.unregister("jungle", "glutton")
    msg = str(err.value)
    assert "custom bot 'glutton' (jungle) cannot be compiled by numba" in msg
    assert "allocation-free" in msg or "creates an array" in msg
