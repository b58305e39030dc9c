"""The ``lookahead`` bot (flat Monte Carlo over greedy playouts): a new id after the others,
deterministic from the game's stream (kernel and reference agree game for game), and clearly
stronger than ``random`` (binomial tolerance at alpha = 1e-9, fixed seed)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.stats import binomial_tolerance
from simlab.games.jungle import bots, greedy, lookahead
from simlab.games.jungle.game import GAME
from simlab.games.jungle.state import COUNTER_NAMES

ALPHA = 1e-9
ILLEGAL = COUNTER_NAMES.index("illegal_bot_choices")


def share(agg, n, seat=0):
    """A seat's win share (a k-way shared win counts 1/k)."""
    w = np.asarray(agg["wins"][seat])
    return float((w / np.maximum(np.arange(w.size), 1)).sum()) / n


def test_lookahead_is_appended_and_the_other_ids_stay():
    ids = {name: spec[0] for name, spec in bots.BOTS.items()}
    assert ids == {"random": 0, "greedy": 1, "farmer": 2, "trader": 3, "breeder": 4,
                   "weights": 5, "lookahead": 6, "search": 6, "first": 7}
    info = GAME.bots()["lookahead"]
    assert info.params[-5:] == ("playouts", "width", "horizon", "follow_search", "margin")
    assert info.defaults[-5:] == (8.0, 4.0, 0.0, 1.0, 0.0)
    assert info.params[: len(bots.PARAMS)] == bots.PARAMS  # its greedy weights come first
    prep = GAME.prepare(GAME.make_rules(2), GAME.lineup("lookahead(playouts=16,width=2),greedy",
                                                        2))
    assert prep.lineup.params[0, bots.W_PLAYOUTS] == 16 and prep.lineup.params[0, bots.W_WIDTH] == 2


def test_no_scratch_without_a_lookahead_seat():
    rules = GAME.make_rules(3)
    assert lookahead.new_scratch(rules.to_arrays(), GAME.prepare(rules, GAME.lineup("greedy", 3))
                            .lineup) is None


@pytest.mark.parametrize("players,line_up,overrides,n,seed", [
    (3, "lookahead(playouts=2),greedy,random", {}, 40, 71),
    (2, "lookahead(playouts=2,width=3,horizon=1),breeder", {"variant": True}, 30, 72),
    (4, "farmer,lookahead(playouts=1,width=2),trader,lookahead(playouts=1)", {}, 20, 73),
])
def test_kernel_and_reference_agree(players, line_up, overrides, n, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(line_up, players), n_games=n, seed=seed)
    assert int(agg["counters"][ILLEGAL]) == 0


def test_lookahead_beats_random_clearly():
    n = 200
    rules = GAME.make_rules(3)
    prep = GAME.prepare(rules, GAME.lineup("lookahead(playouts=4),random,random", 3))
    agg, _ = GAME.run_batch(prep, 81, 0, n, False)
    p = 1 / 3  # random's share against two randoms, by symmetry
    assert share(agg, n) - p > binomial_tolerance(p, n, ALPHA)
    assert share(agg, n) > 0.9


def test_budget_changes_the_play():
    rules = GAME.make_rules(3)
    out = []
    for spec in ("lookahead(playouts=1),greedy,greedy", "lookahead(playouts=4),greedy,greedy"):
        agg, rows = GAME.run_batch(GAME.prepare(rules, GAME.lineup(spec, 3)), 82, 0, 30, True)
        out.append(rows["score"])
    assert not np.array_equal(out[0], out[1])


def test_playouts_play_the_line_ups_own_bots():
    # the line-up is known: each built-in bot plays itself in the continuations, a lookahead
    # seat plays greedy with its own weights
    from simlab.games.jungle import bots as jb
    from simlab.games.jungle.game import GAME as JG

    prep = JG.prepare(JG.make_rules(3), JG.lineup("lookahead(food=0.3),farmer,random", 3))
    sc = lookahead.new_scratch(prep.arrays, prep.lineup)
    assert list(sc.ids) == [jb.BOT_GREEDY, jb.BOT_FARMER, jb.BOT_RANDOM]
    assert sc.params[1].tolist() == prep.lineup.params[1].tolist()
    assert sc.params[0, greedy.W_FOOD] == 0.3
