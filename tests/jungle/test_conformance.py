"""Jungle Rumble through the shared conformance harness: kernel vs reference on thousands of
seeded games (>= 2000 overall), replay, batching independence, invariants, over player counts,
the variant tiles and every bot."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simlab.core.conformance import check_conformance
from simlab.games.jungle.game import GAME

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

CASES = [
    # (players, bots, rule overrides, games, seed)
    (2, "random", {}, 300, 1),
    (3, "greedy", {}, 300, 2),
    (4, "greedy,farmer,trader,breeder", {}, 300, 3),
    (4, "random", {"variant": True}, 250, 4),
    (3, "random,greedy,breeder", {"variant": True}, 250, 5),
    (2, "trader,farmer", {}, 200, 6),
    (3, "weights(follow=-2,send=3,noise=0),random,trader", {}, 200, 7),
    (2, "breeder,greedy", {"variant": True}, 200, 8),
    (4, "random,weights(fire=0),farmer,greedy", {"food_yields": "1,5,8,12,16,20"}, 150, 9),
    (3, "random", {"max_family": 3, "start_food": 2, "grid": 7}, 100, 10),
    (4, "greedy,farmer,trader,breeder", {"food_limit": 96, "improvise_gold": False,
                                         "penalty_limit": 5, "set_aside": "box"}, 150, 11),
    (2, "random,trader", {"food_limit": 41, "gold_limit": 4, "penalty_limit": 3}, 100, 12),
]
# the case `make test-stock` also runs on numba's own code libraries (SIMLAB_LAZY=0): mixed
# bots, no lookahead kernel (its stock compile takes minutes)
STOCK_CASE = 2


def test_enough_reference_games():
    assert sum(c[3] for c in CASES) >= 2000


@pytest.mark.parametrize("players,bots,overrides,n,seed", [
    pytest.param(*c, marks=pytest.mark.stock) if i == STOCK_CASE else c
    for i, c in enumerate(CASES)])
def test_conformance(players, bots, overrides, n, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=n, seed=seed)
    assert int(agg["end_reasons"].sum()) == n
    assert agg["wins"].sum() >= n


def test_reference_log_covers_every_phase():
    rules = GAME.make_rules(3)
    prep = GAME.prepare(rules, GAME.lineup("random", 3))
    text = "\n".join(GAME.reference_game(prep, 1, 2, log=True)[3])
    for word in ("Setup", "Round", "wake-up", "action:", "feeding:", "end of round", "End (",
                 "Winner"):
        assert word in text


@settings(deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), variant=st.booleans(), seed=st.integers(0, 2**40),
       yields=st.lists(st.integers(0, 25), min_size=6, max_size=6),
       send=st.integers(1, 6), family=st.integers(2, 6),
       bots=st.lists(st.sampled_from(["random", "greedy", "farmer", "trader", "breeder",
                                      "weights(end=3,merchants=0.8)"]),
                     min_size=4, max_size=4))
def test_conformance_random_variants(players, variant, seed, yields, send, family, bots):
    rules = GAME.make_rules(players, {"variant": variant, "food_yields": tuple(yields),
                                      "max_send": send, "max_family": family})
    check_conformance(GAME, rules, GAME.lineup(bots[:players], players), n_games=20, seed=seed)
