"""Monkey Fun through the shared conformance harness: kernel vs reference on thousands of seeded
games (>= 2000 overall), replay, batching independence, invariants, over variants and line-ups."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simlab.core.conformance import check_conformance
from simlab.games.monkey.game import GAME
from simlab.games.monkey.state import E_SOLO_LOSS

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

CASES = [
    # (players, bots, rule overrides, games, seed)
    (4, None, {}, 500, 1),
    (2, "greedy,random", {}, 400, 2),
    (3, "row,blocker,weights", {"layout": "row-major"}, 300, 3),
    (4, "random", {"mode": "quick", "layout": "shuffled", "layout_seed": 7}, 300, 4),
    (2, "weights(cost=0,focus=3),blocker", {"mode": "quick"}, 200, 5),
    (4, "random", {"deck": "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
                            "0,20", "max_cards_per_play": 2}, 100, 6),  # hands of 36s only
    (3, "greedy", {"monkeys": 8, "hand_size": 3, "max_cards_per_play": 2}, 200, 7),
    (1, "solo", {"layout": "row-major"}, 300, 8),
    (1, "greedy", {}, 100, 9),
    (1, "random", {"layout": "row-major", "solo_max_towers": 1, "solo_max_per_field": 2}, 100, 10),
    (4, "lookahead(playouts=2),random,greedy,row", {}, 6, 11),
    (1, "lookahead(playouts=2)", {"layout": "row-major"}, 6, 12),
    (3, "random,blocker,greedy", {"owner_may_place": False, "tie_break": "owned"}, 300, 13),
    (2, "random", {"monkeys": 40, "tie_break": "owned"}, 200, 14),  # owners' own fields
    (1, "solo", {}, 300, 15),  # the mixed board
    (1, "solo(playouts=2)", {}, 20, 16),  # the solo search
    (1, "solo(score=5,keep=0)", {"layout": "shuffled", "layout_seed": 3}, 200, 17),
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
    ends = agg["end_reasons"]
    assert int(ends.sum()) == n
    if rules.mode == "solo":  # a solo game is won (one winner) or lost (none)
        assert agg["wins"].sum() == n - int(ends[E_SOLO_LOSS])
    else:
        assert agg["wins"].sum() >= n


def test_reference_log_covers_every_step():
    rules = GAME.make_rules(4)
    prep = GAME.prepare(rules, GAME.lineup("random", 4))
    text = "\n".join(GAME.reference_game(prep, 1, 0, log=True)[3])
    for word in ("holds", "plays", "places a monkey", "win check", "shuffled", "Points"):
        assert word in text


@settings(deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), mode=st.sampled_from(["normal", "quick"]),
       layout=st.sampled_from(["mixed", "spiral", "row-major", "shuffled"]),
       monkeys=st.integers(3, 20), may=st.booleans(),
       hand=st.integers(2, 5), seed=st.integers(0, 2**40), bots=st.lists(
           st.sampled_from(["random", "greedy", "row", "blocker", "weights",
                            "weights(block=0,leader=3)"]), min_size=4, max_size=4))
def test_conformance_random_variants(players, mode, layout, monkeys, may, hand, seed, bots):
    rules = GAME.make_rules(players, {"mode": mode, "layout": layout, "monkeys": monkeys,
                                      "hand_size": hand, "max_cards_per_play": hand,
                                      "layout_seed": seed % 1000, "owner_may_place": may})
    check_conformance(GAME, rules, GAME.lineup(bots[:players], players), n_games=25, seed=seed)
