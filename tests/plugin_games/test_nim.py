"""Take-away Nim (tests/plugin_games/nim.py, written only from docs/your-own-game.md): its
rules, the conformance harness, and perfect play checked game by game against the Grundy
theory (the first of two perfect players wins exactly when the deal's Grundy sum is not 0)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.readings import check_catalogue
from simlab.core.runner import run_games
from simlab.games.python import Stream

from . import nim as nim_module


def test_moves_take_one_to_take_counters_from_one_pile(nim):
    rules = nim.make_rules(2, {"take": 2})
    st = nim.impl.start(rules, Stream(0, 0))
    st.piles = [3, 1, 0]
    assert nim.impl.moves(rules, st) == ((0, 1), (0, 2), (1, 1))


def test_who_takes_the_last_counter_wins_or_loses_by_the_reading(nim):
    for last_wins, want in ((True, [0, 1, 0]), (False, [1, 0, 1])):
        rules = nim.make_rules(3, {"last_wins": last_wins})
        st = nim.impl.start(rules, Stream(0, 0))
        st.piles, st.seat = [0, 2, 0], 1
        nim.impl.play(rules, st, (1, 2), None)
        assert nim.impl.end(rules, st) == "empty"
        assert list(nim.impl.scores(rules, st)) == want


def test_readings_catalogue(nim):
    assert check_catalogue(nim.readings(), nim.make_rules, 2) == []


@pytest.mark.parametrize("bots,players,rules", [
    ("grundy,greedy", 2, {}),
    ("random", 3, {"last_wins": False}),
    ("grundy,lookahead(playouts=2),greedy", 3, {"piles": 2, "most": 5}),
])
def test_conformance(nim, bots, players, rules):
    r = nim.make_rules(players, rules)
    check_conformance(nim, r, nim.lineup(bots, players), n_games=60)


def test_perfect_play_wins_exactly_the_deals_with_a_nonzero_grundy_sum(nim):
    rules = nim.make_rules(2, {"piles": 3, "most": 9, "take": 3})
    prep = nim.prepare(rules, nim.lineup("grundy", 2))
    n, seed = 400, 31
    out = run_games(nim, prep, n, seed, keep_rows=True, progress=False)
    first_won = out.rows["winner"][:, 0]
    deals = [nim.impl.start(rules, Stream(seed, g)).piles for g in range(n)]
    predicted = np.array([nim_module.grundy_sum(p, rules.take) != 0 for p in deals])
    assert np.array_equal(first_won, predicted)
    assert 0 < predicted.sum() < n  # both kinds of deal occurred
