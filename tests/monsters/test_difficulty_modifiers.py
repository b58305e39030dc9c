"""Solo mode 2's difficulty modifiers, each alone: every one makes Spider Jack stronger
(rulebook: each "will give Spider Jack more potential to score additional Spook Juice"), on the
same seed as the plain automaton (difficulty 0), one greedy player. Spider Jack's final score
comes from the kernel's histogram (``agg.sj_hist``); the test asks for a z score above 5
(p < 3e-7) of the difference of means, far below every measured effect (7 to 45 points at a
standard error of about 0.7 with 3,000 games)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.monsters.game import GAME

N = 3_000
ALONE = [("sj_court_monsters", 1), ("sj_court_monsters", 2), ("sj_court_ghosts", 2),
         ("sj_court_ghosts", 4), ("sj_summoning", 1), ("sj_unscored", 1), ("sj_unscored", 2),
         ("sj_prophecy", 1)]


def sj_scores(over):
    rules = GAME.make_rules(1, {"mode": "solo2", "difficulty": 0, **over})
    prep = GAME.prepare(rules, GAME.lineup("greedy", 1))
    out, _ = GAME.run_batch(prep, 16, 0, N, False)
    hist = np.asarray(out["sj_hist"] if isinstance(out, dict) else out.sj_hist, float)
    x = np.arange(hist.size)
    m = (hist * x).sum() / hist.sum()
    v = (hist * (x - m) ** 2).sum() / (hist.sum() - 1)
    return m, v, hist.sum()


@pytest.fixture(scope="module")
def plain():
    return sj_scores({})


@pytest.mark.parametrize("name,value", ALONE)
def test_each_modifier_alone_makes_spider_jack_stronger(plain, name, value):
    m0, v0, n0 = plain
    m1, v1, n1 = sj_scores({name: value})
    assert n0 == n1 == N
    z = (m1 - m0) / np.sqrt(v0 / n0 + v1 / n1)
    assert z > 5, (name, value, m0, m1, z)


def test_the_plus_three_ghosts_modifier_is_stronger_than_the_plus_two(plain):
    m2, v2, n2 = sj_scores({"sj_court_ghosts": 2})
    m4, v4, n4 = sj_scores({"sj_court_ghosts": 4})
    assert (m4 - m2) / np.sqrt(v2 / n2 + v4 / n4) > 5
