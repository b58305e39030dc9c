"""The default search (``search``, ``JungleGame.search_bot``): the lookahead's search on the
action only, with the follow by the greedy rule (``follow_search`` 0), over the best ``width``
actions by the greedy value within ``margin`` points of the best (0: no margin).
Decision tests on hand-built positions (``positions.py``) and kernel / reference conformance."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.rng import new_stream
from simlab.games.jungle import bots, greedy, lookahead
from simlab.games.jungle.game import GAME
from simlab.games.jungle.rules import A_FIELDS
from simlab.games.jungle.state import COUNTER_NAMES, I_ACTIVE, I_FOLLOW

from .positions import arrays, build

ILLEGAL = COUNTER_NAMES.index("illegal_bot_choices")


def test_search_is_a_configuration_of_the_lookahead_and_the_games_default():
    look, search = bots.BOTS["lookahead"], bots.BOTS["search"]
    assert search[0] == look[0] == bots.BOT_LOOKAHEAD and search[1] == look[1]
    assert search[1][-len(bots.LOOK_PARAMS):] == bots.LOOK_PARAMS
    d = dict(zip(search[1], search[2], strict=True))
    assert d["follow_search"] == 0.0
    # today's lookahead is unchanged: follows searched, every action searched
    dl = dict(zip(look[1], look[2], strict=True))
    assert (dl["playouts"], dl["width"], dl["horizon"], dl["follow_search"], dl["margin"]) == \
        (8.0, 4.0, 0.0, 1.0, 0.0)
    assert GAME.search_bot == "search" and GAME.search_param == "playouts"
    assert "search" in GAME.bots()


def _follow_position(spec):
    A = arrays(3)
    st, g, lu = build(A, [{"awake": 2}, {"awake": 2, "asleep": 1, "food": 4}, {"awake": 1}],
                      bots=["greedy", spec, "greedy"], supply=(6, 8))
    st.info[I_ACTIVE] = 0
    st.info[I_FOLLOW] = A_FIELDS
    return A, st, lu


@pytest.mark.parametrize("fs", [0.0, 1.0])
def test_follow_search_off_follows_by_the_greedy_rule_without_a_draw(fs):
    spec = ("search", {"follow_search": fs, "playouts": 2})
    A, st, lu = _follow_position(spec)
    sim = lookahead.new_scratch(A, lu)
    rng = new_stream(5, 0)
    before = rng.copy()
    got = lookahead.decide_follow_search(A, st, lu, 1, rng, A_FIELDS, sim)
    g = greedy._greedy_follow(A, st, lu.params[1], 1, A_FIELDS)
    if fs == 0.0:  # the greedy choice, no playout (no draw from the game's stream)
        assert got == g and np.array_equal(rng, before)
    else:  # the search: one draw seeds its continuations
        assert not np.array_equal(rng, before)


def _action_position(spec):
    A = arrays(3)
    st, g, lu = build(A, [{"awake": 3, "food": 2}, {"awake": 2}, {"awake": 2}],
                      bots=[spec, "greedy", "greedy"], supply=(8, 8))
    st.info[I_ACTIVE] = 0
    return A, st, lu


@pytest.mark.parametrize("margin,searched", [(1e-6, False), (0.0, True), (100.0, True)])
def test_margin_searches_only_the_options_close_to_the_best(margin, searched):
    spec = ("search", {"margin": margin, "playouts": 1, "width": 4, "horizon": 1})
    A, st, lu = _action_position(spec)
    sim = lookahead.new_scratch(A, lu)
    rng = new_stream(6, 0)
    got = lookahead.decide_action_search(A, st, lu, 0, rng, sim)
    vals = sim.vals[:4].copy()
    assert vals[1] < vals[0] - 1e-3  # this position: one best option by the greedy value
    # the same ranking without playouts (the greedy choice; ties drawn from the same stream)
    no = ("search", {"margin": margin, "playouts": 0, "width": 4, "horizon": 1})
    A2, st2, lu2 = _action_position(no)
    rng2 = new_stream(6, 0)
    first = lookahead.decide_action_search(A2, st2, lu2, 0, rng2, lookahead.new_scratch(A2, lu2))
    assert lookahead._within_margin(sim, 4, lu.params[0]) == (1 if not searched else 4)
    if not searched:  # no other option within the margin: the greedy choice, no draw
        assert got == first and np.array_equal(rng, rng2)
    else:  # the playouts' seed was drawn: the stream moved on past the greedy ranking
        assert not np.array_equal(rng, rng2)
        assert got in sim.codes[:4]


@pytest.mark.parametrize("players,line_up,overrides,n,seed", [
    (3, "search,greedy,greedy", {}, 12, 91),
    (2, "search(playouts=2,margin=3),farmer", {"variant": True}, 12, 92),
    (4, "search(playouts=1,width=2,horizon=1),lookahead(playouts=1,width=2),trader,random", {},
     8, 93),
])
def test_kernel_and_reference_agree(players, line_up, overrides, n, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(line_up, players), n_games=n, seed=seed)
    assert int(agg["counters"][ILLEGAL]) == 0
