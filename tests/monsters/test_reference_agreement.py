"""Monsters on Board: the numba kernel and the plain-Python reference engine agree game for game
(scores, winners and every aggregate: counters, per-seat counters, score by source, draft
statistics, Malice histogram, Spider Jack's score) on >= 2,000 seeded games over the regular
game with 2-4 players and every bot, solo mode 1, and solo mode 2 at difficulties 0, 3, 7 and
with each difficulty modifier on its own."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.monsters.game import GAME
from simlab.games.monsters.state import COUNTER_NAMES

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

CASES = [
    # (players, bots, rule overrides, games, seed)
    (2, "random,random", {}, 160, 11),
    (2, "greedy,weights(noise=0)", {}, 120, 12),
    (3, "greedy,prophet,random", {}, 160, 13),
    (3, "weights(juice=2,malice=0.5,noise=1),random,greedy", {}, 100, 14),
    (4, "random", {}, 100, 15),
    (4, "prophet,greedy,random,weights(noise=1)", {}, 80, 16),
    (1, "random", {"mode": "solo1"}, 160, 17),
    (1, "prophet", {"mode": "solo1"}, 120, 18),
    (1, "random", {"mode": "solo2", "difficulty": 0}, 140, 19),
    (1, "greedy", {"mode": "solo2", "difficulty": 3}, 140, 20),
    (1, "prophet", {"mode": "solo2", "difficulty": 7}, 140, 21),
    (1, "random", {"mode": "solo2", "difficulty": 7}, 120, 22),
    (1, "random", {"mode": "solo2", "sj_court_monsters": 2}, 60, 23),
    (1, "greedy", {"mode": "solo2", "sj_court_monsters": 1, "sj_court_ghosts": 2}, 60, 24),
    (1, "random", {"mode": "solo2", "sj_court_ghosts": 4}, 60, 25),
    (1, "random", {"mode": "solo2", "sj_summoning": 1}, 80, 26),
    (1, "greedy", {"mode": "solo2", "sj_unscored": 1}, 60, 27),
    (1, "random", {"mode": "solo2", "sj_unscored": 2}, 60, 28),
    (1, "prophet", {"mode": "solo2", "sj_prophecy": 1}, 80, 29),
]


def test_enough_games():
    assert sum(c[3] for c in CASES) >= 2000


@pytest.mark.parametrize("players,bots,overrides,n,seed", CASES)
def test_kernel_and_reference_agree(players, bots, overrides, n, seed):
    assert_agree(players, bots, overrides, n, seed)


def assert_agree(players, bots, overrides, n, seed):
    """Games ``0..n-1`` of ``seed``: the kernel and the reference give the same scores,
    winners and aggregates, with no illegal bot choice."""
    rules = GAME.make_rules(players, overrides)
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    _, rows = GAME.run_batch(prep, seed, 0, n, True)
    illegal = 0
    for g in range(n):
        r_scores, r_winners, r_agg, _ = GAME.reference_game(prep, seed, g)
        assert list(map(int, r_scores)) == list(map(int, rows["score"][g])), f"game {g} scores"
        assert list(map(bool, r_winners)) == list(map(bool, rows["winner"][g])), f"game {g}"
        k_agg, _ = GAME.run_batch(prep, seed, g, 1, False)
        diff = {name: (int(a), int(b)) for name, a, b in
                zip(COUNTER_NAMES, k_agg["counters"], r_agg["counters"], strict=True) if a != b}
        assert not diff, f"game {g} counters (kernel, reference): {diff}"
        for key, value in k_agg.items():
            assert np.array_equal(np.asarray(value), np.asarray(r_agg[key])), f"game {g}: {key}"
        illegal += int(r_agg["counters"][COUNTER_NAMES.index("illegal_bot_choices")])
    assert illegal == 0
