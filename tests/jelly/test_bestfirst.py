"""The best-first roll-step decision (``bestfirst.place_fast``, taken by the evaluator bots whose
weights have no deny, leader, cost and new terms) against ``evaluate_place`` scoring every legal
choice (its recording mode prunes nothing), on every decision of seeded reference games, with
weights of both signs (the bounds are taken per sign)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.jelly import nb
from simlab.games.jelly.bestfirst import fast_weights
from simlab.games.jelly.evaluator import evaluate_place
from simlab.games.jelly.game import GAME
from simlab.games.jelly.reference import ReferenceGame
from simlab.games.jelly.roster import BOT_GREEDY, BOT_WEIGHTS

ODD = "weights(deny=0,leader=0,cost=0,new=0,take=0.7,margin=-0.3,cancel=2,center=-1,target=-0.4)"
NEG = "weights(deny=0,leader=0,cost=0,new=0,take=-1,margin=0.5,cancel=-3,center=2,target=0.6)"


@pytest.mark.parametrize("players,bots,overrides,games", [
    (4, "greedy", {}, 5),
    (4, f"greedy,{ODD},{NEG},greedy", {"layout": "advanced"}, 5),
    (5, f"{NEG},greedy,random,{ODD},greedy", {"adjacent_orientation": "center"}, 3),
    (3, f"greedy,{ODD},greedy", {"layout": "beginner", "dice": 9, "pods": 3}, 4),
])
def test_best_first_makes_the_full_scan_decision(monkeypatch, players, bots, overrides, games):
    rules = GAME.make_rules(players, overrides)
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    A = prep.arrays
    ask = nb.choose_place
    k = A.n_districts * 512 + 1
    codes = np.zeros(k, np.int64)
    scores = np.zeros(k, np.float64)
    seen = {"decisions": 0}

    def spy(A, st, lineup, q, rng, sc, S):
        w = lineup.params[q]
        fast = BOT_GREEDY <= lineup.ids[q] <= BOT_WEIGHTS and fast_weights(w)
        before = rng.copy()
        out = ask(A, st, lineup, q, rng, sc, S)
        if fast:
            seen["decisions"] += 1
            n, v, d, arg = evaluate_place(A, st, w, q, codes, scores, before)
            assert (int(out[0]), int(out[1]), int(out[2])) == (int(v), int(d), int(arg))
        return out

    monkeypatch.setattr(nb, "choose_place", spy)
    for g in range(games):
        ReferenceGame(A, prep.lineup, 9, g).play_game()
    assert seen["decisions"] > 100
