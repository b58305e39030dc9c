"""The bench-only bot ``first`` (``JungleGame.bench_bots``): the first legal option of every
decision, no evaluation, so that ``simlab bench`` times the rules alone. Its choices on
hand-built positions, whole games that end by a rule (no round bound) and agree kernel vs
reference, and a replay that says what it chose."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.rng import new_stream
from simlab.games.jungle import bots, lookahead
from simlab.games.jungle.game import GAME
from simlab.games.jungle.rules import A_FIELDS, A_RECRUIT

from .positions import arrays, build


def test_it_is_a_bench_bot():
    assert GAME.bench_bots == ("first",) == bots.BENCH_BOTS
    assert GAME.bots()["first"].id == bots.BOT_FIRST and GAME.bots()["first"].params == ()


def test_its_choices_are_the_first_of_each_listing_and_draw_nothing():
    A = arrays(3)
    st, g, lu = build(A, [{"awake": 2, "asleep": 2, "food": 1, "gold": 2,
                           "merchants": [("food", 0), ("gold", 0)]}, {"awake": 0},
                          {"awake": 1}], bots=["first", "greedy", "greedy"])
    rng = new_stream(1, 1)
    before = rng.copy()
    ask = [lambda: lookahead.decide_action_search(A, st, lu, 0, rng, None),
           lambda: bots.decide_follow(A, st, lu, 0, rng, A_RECRUIT),
           lambda: bots.decide_wake(A, st, lu, 0, rng),
           lambda: bots.decide_sell(A, st, lu, 0, rng, 1),
           lambda: bots.decide_role(A, st, lu, 0, rng),
           lambda: bots.decide_victim(A, st, lu, 0, rng),
           lambda: bots.decide_fire(A, st, lu, 0, rng),
           lambda: bots.decide_unfed(A, st, lu, 0, rng, 1, 3),
           lambda: bots.decide_field(A, st, lu, 0, rng),
           lambda: bots.decide_stick(A, st, lu, 0, rng)]
    got = [int(f()) for f in ask]
    # fields (tile 4) with its 2 awake kittens; follow; wake 1 (1 food); sell 1 gold; a
    # worker; seat 2 (the first clockwise with a kitten: seat 1 has none); no firing; the
    # fewest unfed; the
    # first legal cell and edge
    assert got == [4 * 16 + 2, 1, 1, 1, 0, 2, -1, 1, int(st.lcell[0, 0]), int(st.ledge[0, 0])]
    assert np.array_equal(rng, before)
    # fields taken: recruit, with 2 gold but its 6 tiles in play, so 1 kitten to take (seat 2's)
    st.tile_used[4] = 1
    assert int(lookahead.decide_action_search(A, st, lu, 0, rng, None)) == 3 * 16 + 1
    assert A.tile_act[4, 0] == A_FIELDS


@pytest.mark.parametrize("players,over", [(2, {}), (3, {}), (4, {}), (3, {"variant": True}),
                                          (4, {"max_family": 3})])
def test_whole_games_end_by_a_rule_and_agree(players, over):
    rules = GAME.make_rules(players, over)
    agg = check_conformance(GAME, rules, GAME.lineup("first", players), n_games=30, seed=3)
    assert agg["end_reasons"][5] == 0  # no game reaches the round bound
    assert agg["counters"][list(GAME.metrics(agg, 30, rules, GAME.lineup("first", players))
                               ["per_game"]).index("illegal_bot_choices")] == 0


def test_mixed_with_other_bots():
    rules = GAME.make_rules(3)
    check_conformance(GAME, rules, GAME.lineup("first,greedy,random", 3), n_games=30, seed=4)


def test_the_replay_says_what_it_chose():
    from simlab.games.jungle.replay import record

    prepared = GAME.prepare(GAME.make_rules(2), GAME.lineup("first,greedy", 2))
    rec = record(prepared, 2, 0, ["P1", "P2"])
    assert rec.problems == []
    notes = [s["decision"].note for s in rec.snaps
             if s["decision"] is not None and s["decision"].seat == 0]
    assert notes and all("first legal option" in n for n in notes)
