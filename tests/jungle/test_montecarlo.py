"""Monte Carlo figures of the Jungle kernel against exact values, with binomial tolerances at a
tiny p (alpha = 1e-9) and fixed seeds.

Jungle Rumble has no chance beyond the draw of the first player, so the exact facts are about
that draw and the random bot's first decision: the first player is uniform over the seats, and
on the first turn all five tiles are free, so a random bot plays food with probability 1/5 (in
the variant: a uniform tile, 2 of 5 picture food, then a uniform side: 2/5 x 1/2 = 1/5).
"""

from __future__ import annotations

import pytest

from simlab.core.stats import binomial_tolerance
from simlab.games.jungle.game import GAME
from simlab.games.jungle.state import COUNTER_NAMES, SEAT_NAMES

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

ALPHA = 1e-9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_is_uniform(players):
    rules = GAME.make_rules(players)
    n = 40_000
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", players)), 17, 0, n, False)
    first = agg["seat"][:, SEAT_NAMES.index("first_player")]
    p = 1 / players
    for s in range(players):
        assert abs(first[s] / n - p) <= binomial_tolerance(p, n, ALPHA)


@pytest.mark.parametrize("variant", [False, True])
def test_random_first_action_is_food_one_time_in_five(variant):
    rules = GAME.make_rules(3, {"variant": variant})
    n = 40_000
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", 3)), 23, 0, n, False)
    freq = agg["counters"][COUNTER_NAMES.index("first_action_food")] / n
    assert abs(freq - 0.2) <= binomial_tolerance(0.2, n, ALPHA)
