"""Custom bots break ties from the game's stream, as the built-in bots do (issue 39): a custom
bot that scores every option alike splits each decision evenly over its legal options
(:func:`simlab.core.conformance.check_even_split`), and a tie draws from the stream only when
there is one; kernel and reference agree game for game with such a bot."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core import custom
from simlab.core.conformance import check_conformance, check_even_split
from simlab.core.rng import new_stream
from simlab.games.jungle import bots, lookahead
from simlab.games.jungle.game import GAME
from simlab.games.jungle.state import I_FOLLOW

from .positions import arrays, build

REPS = 400
SEED = 777


@pytest.fixture(scope="module")
def flat():
    """A custom bot that scores every option 0 (every decision a tie), and one that prefers
    the higher option (no ties)."""

    @simlab.bot("jungle", name="flat_probe")
    def flat_probe(A, st, seat, kind, option, params):
        """every option alike"""
        return 0.0

    @simlab.bot("jungle", name="sloped_probe")
    def sloped_probe(A, st, seat, kind, option, params):
        """the highest option"""
        return float(option)

    yield
    custom.unregister("jungle", "flat_probe")
    custom.unregister("jungle", "sloped_probe")


def _position(name, players=2, **spec):
    A = arrays(players)
    st, g, _ = build(A, [dict(spec)] + [{}] * (players - 1))
    lu = GAME.prepare(GAME.make_rules(players), GAME.lineup([name] + ["greedy"] * (players - 1),
                                                           players)).lineup
    return A, st, lu


def _ask(fn, A, st, lu, seat, *args, seed=SEED):
    return [int(fn(A, st, lu, seat, new_stream(seed, r), *args)) for r in range(REPS)]


def test_placements_split_evenly(flat):
    A, st, lu = _position("flat_probe")
    cells = [int(c) for c in st.lcell[0, :st.nlcell[0]]]
    edges = [int(e) for e in st.ledge[0, :st.free_e[0]]]
    assert len(cells) == 6 and len(edges) == 6  # around the two start fields
    check_even_split(_ask(bots.decide_field, A, st, lu, 0), cells, what="custom: field")
    check_even_split(_ask(bots.decide_stick, A, st, lu, 0, seed=SEED + 1), edges,
                     what="custom: stick")


def test_the_action_splits_evenly_over_every_option(flat):
    A, st, lu = _position("flat_probe", awake=2, gold=1)
    # every free tile, side 0, 0 .. what each action can take (recruit: 1 gold)
    options = [t * 16 + n for t, most in enumerate((2, 2, 2, 1, 2)) for n in range(most + 1)]
    codes = _ask(lookahead.decide_action_search, A, st, lu, 0, None, seed=SEED + 2)
    check_even_split(codes, options, what="custom: action")


def test_the_other_decisions_split_evenly(flat):
    A, st, lu = _position("flat_probe", players=3, awake=0, asleep=3, food=5,
                          merchants=[("food", 0), ("gold", 1), (None, 0)])
    st.gold[0] = 3
    check_even_split(_ask(bots.decide_wake, A, st, lu, 0, seed=SEED + 3), [0, 1, 2, 3],
                     what="custom: wake")
    check_even_split(_ask(bots.decide_sell, A, st, lu, 0, 1, seed=SEED + 4), [0, 1, 2],
                     what="custom: sell gold")
    check_even_split(_ask(bots.decide_role, A, st, lu, 0, seed=SEED + 5), [0, 1, 2],
                     what="custom: role")
    check_even_split(_ask(bots.decide_victim, A, st, lu, 0, seed=SEED + 6), [1, 2],
                     what="custom: victim")
    check_even_split(_ask(bots.decide_fire, A, st, lu, 0, seed=SEED + 7), [-1, 0, 2, 3, 4],
                     what="custom: fire")
    check_even_split(_ask(bots.decide_unfed, A, st, lu, 0, 1, 3, seed=SEED + 8), [1, 2, 3],
                     what="custom: unfed")
    st.info[I_FOLLOW] = 0
    A2, st2, lu2 = _position("flat_probe", players=2)
    check_even_split(_ask(bots.decide_follow, A2, st2, lu2, 0, 0, seed=SEED + 9), [0, 1],
                     what="custom: follow")


def test_no_tie_no_draw(flat):
    # scores that differ: the highest option, and the stream untouched
    A, st, lu = _position("sloped_probe", awake=0, asleep=3, food=5)
    rng = new_stream(SEED, 0)
    before = rng.copy()
    assert int(bots.decide_wake(A, st, lu, 0, rng)) == 3
    assert np.array_equal(rng, before)
    cells = [int(c) for c in st.lcell[0, :st.nlcell[0]]]
    assert int(bots.decide_field(A, st, lu, 0, rng)) == max(cells)
    assert np.array_equal(rng, before)


@pytest.mark.parametrize("bots_", [["flat_probe", "greedy", "random"],
                                   ["sloped_probe", "trader", "sloped_probe"]])
def test_kernel_and_reference_agree_with_tied_custom_bots(flat, bots_):
    rules = GAME.make_rules(3, {"variant": True})
    check_conformance(GAME, rules, GAME.lineup(bots_, 3), n_games=30, seed=8)


def test_the_replay_explains_a_tie_drawn(flat):
    from simlab.games.jungle.replay import record

    prepared = GAME.prepare(GAME.make_rules(2), GAME.lineup(["flat_probe", "greedy"], 2))
    rec = record(prepared, 3, 0, ["P1", "P2"])
    assert rec.problems == []
    decided = [s["decision"] for s in rec.snaps if s["decision"] is not None
               and s["decision"].seat == 0]
    assert any("drawn uniformly" in d.note for d in decided)
