"""The bench-only ``first`` bot (issue 38, the rules alone): the first legal option of every
decision, doing before declining, with no evaluation; it plays conforming games in every mode
(kernel and reference agree) and is left out of listings (``Game.bench_bots``)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.rng import new_stream
from simlab.games.monsters import bots, bots_actions, bots_dice, bots_spook, nb
from simlab.games.monsters.actions import A_CALL, A_MINION, A_PROMOTE, A_SWAP
from simlab.games.monsters.game import GAME
from simlab.games.monsters.state import new_state

from .positions import driveway, fearmobile, row


def _position():
    prep = GAME.prepare(GAME.make_rules(2), GAME.lineup("first,greedy", 2))
    st = new_state(prep.arrays)
    nb.new_game(prep.arrays, st, new_stream(1, 0))
    return prep.arrays, st, prep.lineup, new_stream(2, 0)


def test_first_is_a_bench_bot():
    assert GAME.bench_bots == ("first",) and GAME.bots()["first"].id == bots.BOT_FIRST
    assert "first" not in GAME.default_bots


def test_first_takes_the_first_legal_option():
    A, st, lu, rng = _position()
    fearmobile(A, st, 0, "G3 B2 B5 P1")
    st.fm_col[0, 0] = -1
    assert bots_dice.decide_draft(A, st, lu, 0, 0, rng) == 1
    driveway(A, st, 0, "P1 B4 O1 G6")
    st.drv_moved[0, 0] = 1
    assert bots_dice.decide_activate(A, st, lu, 0, rng) == 1
    row(st, 0, 0, "B1 B2 B3 B4 B5 B6")
    assert bots_dice.decide_place(A, st, lu, 0, rng) == 0 * 3 + 1   # die 0, middle row
    row(st, 0, 1, "G4 P1")
    assert bots_actions.decide_action(A, st, lu, 0, A_SWAP, 0, 0, rng) == 1
    assert list(st.dec[:4]) == [0, 0, 0, 1]
    assert bots_actions.decide_action(A, st, lu, 0, A_PROMOTE, 0, 0, rng) == 1
    assert list(st.dec[:3]) == [0, 0, 1]           # B1 cannot go down: it goes up
    assert bots_actions.decide_action(A, st, lu, 0, A_MINION, 0, 0, rng) == 1
    assert list(st.dec[:2]) == [0, 0]
    st.summon[0, 0] = A.track_len - 1              # the top row's tracker is at its end
    assert bots_actions.decide_action(A, st, lu, 0, A_CALL, 0, 0, rng) == 1 and st.dec[0] == 1


def test_first_spook_turn_and_discard():
    A, st, lu, rng = _position()
    st.malice[0] = 0
    assert bots_spook.decide_spook(A, st, lu, 0, rng) == 0         # nothing affordable
    st.malice[0] = int(A.ghost_cost.min())
    k = int(np.flatnonzero((A.ghost_cost <= st.malice[0]) & (st.gmarket >= 0))[0])
    assert bots_spook.decide_spook(A, st, lu, 0, rng) == 1 and st.dec[0] == k
    st.gmarket[:] = -1
    st.malice[0] = 8
    assert bots_spook.decide_spook(A, st, lu, 0, rng) == 2 and st.dec[0] == 0
    st.arch[0, :2] = [4, 9]
    st.n_arch[0] = 2
    assert bots_spook.decide_arch(A, st, lu, 0, 0, rng) == 0


@pytest.mark.parametrize("players,over", [(3, {}), (3, {"mode": "family"}),
                                          (1, {"mode": "solo1"}),
                                          (1, {"mode": "solo2", "difficulty": 7})])
def test_first_conforms_in_every_mode(players, over):
    rules = GAME.make_rules(players, over)
    agg = check_conformance(GAME, rules, GAME.lineup("first", players), n_games=8, seed=5,
                            n_reference=3)
    assert GAME.invariants(agg, 8, rules) == []
    assert int(np.asarray(agg["choice"]).sum()) > 0
