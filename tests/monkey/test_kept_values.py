"""The evaluation bots' kept field values (``st.fval``, valid where ``st.fok`` says so): the rules
clear a seat's bits when something the field's value reads changes, so every value still marked
valid must equal a full evaluation of the field now, after any sequence of placements (majorities
moving, threats of 3 appearing and broken, fields becoming owned) and decisions."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.monkey import engine, policies
from simlab.games.monkey.game import GAME
from simlab.games.monkey.rules import N_CELLS
from simlab.games.monkey.state import new_state


def check_kept(A, st, weights):
    """Every kept value marked valid is the field's value evaluated from scratch."""
    checked = 0
    for q in range(A.n_players):
        ok = int(st.fok[q])
        for c in range(N_CELLS):
            if ok >> c & 1:
                full = policies.evaluate(A, st, q, c, weights[q], int(st.flead[q]))
                assert st.fval[q, c] == full, (q, c)
                checked += 1
    return checked


@pytest.mark.parametrize("players,names,over", [
    (4, "greedy,blocker,row,weights", {}),
    (3, "blocker,greedy,blocker", {"mode": "quick"}),
    (2, "greedy,blocker", {"owner_may_place": False}),
])
def test_kept_field_values_equal_a_full_evaluation(players, names, over):
    prep = GAME.prepare(GAME.make_rules(players, over), GAME.lineup(names, players))
    A, weights = prep.arrays, prep.lineup.params
    rs = np.random.default_rng(5)
    checked = 0
    for game in range(6):
        st = new_state(players, A.n_cards)
        rng = new_stream(3, game)
        engine.new_game(A, st, rng)
        for _ in range(60):
            p = int(rs.integers(players))
            if rs.random() < 0.6:  # a decision of p's bot on a random hand keeps its values
                k = int(rs.integers(1, A.hand_size + 1))
                st.hand[p, :k] = rs.integers(1, 11, k)
                st.hand_n[p] = k
                n = engine.legal_plays(A, st, p)
                if n > 0:
                    policies.evaluation_play(A, st, p, n, weights[p], rng)
                checked += check_kept(A, st, weights)
            free = [c for c in range(N_CELLS) if engine.may_place(A, st, p, c)]
            if free:
                engine.place_monkey(A, st, p, int(rs.choice(free)))
                checked += check_kept(A, st, weights)
    assert checked > 1000  # the kept values are used, not all cleared
