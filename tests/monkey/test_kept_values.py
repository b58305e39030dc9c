"""The evaluation bots' kept data in a kernel game (``I_KEEP``): field values (``st.fval``, valid
where ``st.fok`` says so) and upper bounds (``st.kb``, valid where ``st.kbv`` says so). The rules
clear a value when something it reads changes and raise a bound where the value can rise, so
after any sequence of placements (majorities moving, threats of 3 appearing and broken, fields
becoming owned) and decisions every kept value equals a full evaluation of the field now, every
kept bound is at least that, and a decision with the kept data is the decision (and the draws)
of evaluating every field."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.monkey import bots, engine, policies
from simlab.games.monkey.game import GAME
from simlab.games.monkey.rules import N_CELLS
from simlab.games.monkey.state import I_BOUNDS, I_KEEP, new_state


def check_kept(A, st, weights):
    """Every kept value marked valid is the field's value evaluated from scratch, every kept
    bound marked valid is at least that; returns how many were checked."""
    checked = 0
    for q in range(A.n_players):
        ok = int(st.fok[q])
        bok = int(st.kbv[q]) if int(st.info[I_BOUNDS]) >> q & 1 else 0
        for c in range(N_CELLS):
            if (ok | bok) >> c & 1:
                full = policies.evaluate(A, st, q, c, weights[q], int(st.flead[q]))
                if ok >> c & 1:
                    assert st.fval[q, c] == full, ("value", q, c)
                if bok >> c & 1:
                    assert st.kb[q, c] >= full, ("bound", q, c, st.kb[q, c], full)
                checked += 1
    return checked


def copy_state(st):
    return type(st)(*(np.array(a, copy=True) for a in st))


@pytest.mark.parametrize("players,names,over", [
    (4, "greedy,blocker,row,weights", {}),
    (3, "blocker,greedy,blocker", {"mode": "quick"}),
    (2, "greedy,weights(line2=3,line3=1)", {"owner_may_place": False}),
    (1, "greedy", {}),  # solo: a field is owned at once (no opponent)
])
def test_kept_field_values_and_bounds_hold(players, names, over):
    # weights(line2=3,line3=1): a line term falling with the count, so that seat keeps values
    # but no bounds (seat_bounds refuses it)
    prep = GAME.prepare(GAME.make_rules(players, over), GAME.lineup(names, players))
    A, lineup = prep.arrays, prep.lineup
    weights = lineup.params
    rs = np.random.default_rng(5)
    checked = 0
    for game in range(6):
        st = new_state(players, A.n_cards)
        rng = new_stream(3, game)
        engine.new_game(A, st, rng)
        bots.start_keeping(A, st, lineup)
        assert st.info[I_KEEP] == 1
        checked += check_kept(A, st, weights)
        for _ in range(60):
            p = int(rs.integers(players))
            if rs.random() < 0.6:  # a decision of p's bot on a random hand keeps its data
                k = int(rs.integers(1, A.hand_size + 1))
                st.hand[p, :k] = rs.integers(1, 11, k)
                st.hand_n[p] = k
                n = engine.legal_plays(A, st, p)
                if n > 0:
                    plain = copy_state(st)  # the same decision without the kept data
                    plain.info[I_KEEP] = 0
                    plain_rng = rng.copy()
                    m = policies.evaluation_play(A, plain, p, n, weights[p], plain_rng)
                    assert policies.evaluation_play(A, st, p, n, weights[p], rng) == m
                    assert np.array_equal(rng, plain_rng)
                checked += check_kept(A, st, weights)
            free = [c for c in range(N_CELLS) if engine.may_place(A, st, p, c)]
            if free:
                engine.place_monkey(A, st, p, int(rs.choice(free)))
                checked += check_kept(A, st, weights)
    assert checked > 1000  # the kept data is used, not all cleared


def test_bounds_only_for_weights_that_keep_the_value_monotone():
    rules = GAME.make_rules(2)
    for name, kept in (("greedy", True), ("row", True), ("blocker", True),
                       ("weights", True), ("weights(line3=0.5,line2=1)", False),
                       ("weights(leader=-1)", False), ("weights(focus=-0.1)", False)):
        prep = GAME.prepare(rules, GAME.lineup(f"{name},random", 2))
        st = new_state(2, prep.arrays.n_cards)
        assert policies.seat_bounds(prep.arrays, st, 0, prep.lineup.params[0]) == kept, name
