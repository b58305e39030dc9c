"""Jelly through the shared conformance harness: kernel vs reference on thousands of seeded games,
replay, batching independence, invariants, over many rule variants and line-ups."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simlab.core.conformance import check_conformance
from simlab.games.jelly.game import GAME
from tests.jelly.positions import EVERY_REWARD

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

CASES = [
    # (players, bots, rule overrides, games, seed)
    (4, None, {}, 800, 1),
    (3, "random", {"layout": "beginner"}, 400, 2),
    (5, "greedy,random,spread,saboteur,weights", {"layout": "advanced"}, 400, 3),
    (4, "saboteur,saboteur,weights,random", {"layout": "advanced", "timer_seconds": 0.5}, 300, 4),
    (4, "random(pass=0.3,effect=1,flip=1,lock=1)", {"timer_seconds": 0, "pods": 3}, 300, 5),
    (3, "spread,greedy,random", {"speeds": "1,2,0.5", "drone_step": 2, "pod_sides": 3}, 300, 6),
    (5, "weights(cancel=0,pass_below=-1e9,deny=1)",
     {"districts": "1B,2B,3B,4B,5B,6B,7B", "lock_requires_dice": False}, 300, 7),
]
# the case `make test-stock` also runs on numba's own code libraries (SIMLAB_LAZY=0): mixed
# bots, no lookahead kernel (its stock compile takes minutes)
STOCK_CASE = 2


@pytest.mark.parametrize("players,bots,overrides,n,seed", [
    pytest.param(*c, marks=pytest.mark.stock) if i == STOCK_CASE else c
    for i, c in enumerate(CASES)])
def test_conformance(players, bots, overrides, n, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=n, seed=seed)
    assert agg["wins"].sum() >= n  # every game has at least one winner


def test_reference_agrees_on_every_reward_type():
    # a board where every reward type of the catalogue is in play in the first zone
    faces = dict(EVERY_REWARD)
    rules = GAME.make_rules(4, faces)
    check_conformance(GAME, rules, GAME.lineup("greedy,random,saboteur,random(effect=1)", 4),
                      n_games=400, seed=8)


@settings(deadline=None, max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), layout=st.sampled_from(["beginner", "advanced", "mixed"]),
       timer=st.sampled_from([0.0, 0.7, 3.0, 20.0]), dice=st.integers(1, 9),
       seed=st.integers(0, 2**40), bots=st.lists(
           st.sampled_from(["random", "greedy", "spread", "saboteur", "weights",
                            "random(pass=0.5)", "weights(flip=0,lock=0)"]), min_size=5,
           max_size=5))
def test_conformance_random_variants(players, layout, timer, dice, seed, bots):
    rules = GAME.make_rules(players, {"layout": layout, "timer_seconds": timer, "dice": dice})
    check_conformance(GAME, rules, GAME.lineup(bots[:players], players), n_games=30,
                      seed=seed)
