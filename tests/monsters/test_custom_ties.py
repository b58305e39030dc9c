"""Custom bots in Monsters on Board break ties from the game's random stream, as the built-in
bots do (issue 39): a bot that scores every option alike (``flat``) splits its choices evenly
between them at every kind of decision (``check_even_split``), in the kernel's decision
functions that the reference engine asks too; the Grunt order of equal scores is drawn; a
higher score still wins."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core import custom
from simlab.core.conformance import check_conformance, check_even_split
from simlab.core.rng import new_stream
from simlab.games.monsters import bots_actions, bots_dice, bots_moves, bots_spook, nb
from simlab.games.monsters.actions import A_GRUNT
from simlab.games.monsters.game import GAME
from simlab.games.monsters.state import new_state

from .positions import driveway, fearmobile, put_grunt, row

N = 600


@pytest.fixture(scope="module")
def flat():
    @simlab.bot("monsters", params={"pick": -1.0})
    def flat(A, st, seat, kind, option, params):
        """every option alike (a decision-draft option ``pick`` scores 1)"""
        return 1.0 if kind == 0 and option == params[0] else 0.0

    yield "flat"
    custom.unregister("monsters", "flat")


def _position(bot, players=2):
    prep = GAME.prepare(GAME.make_rules(players), GAME.lineup([bot] + ["greedy"] * (players - 1),
                                                              players))
    A = prep.arrays
    st = new_state(A)
    nb.new_game(A, st, new_stream(1, 0))
    st.prophecy[:] = -1
    return A, st, prep.lineup


def test_draft_ties_split_evenly_and_a_higher_score_wins(flat):
    A, st, lu = _position(flat)
    fearmobile(A, st, 0, "G3 B2 B5 P1")
    got = [bots_dice.decide_draft(A, st, lu, 0, 0, new_stream(s, 7)) for s in range(N)]
    check_even_split(got, [0, 1, 2, 3], what="custom draft")
    A, st, lu = _position("flat(pick=2)")
    fearmobile(A, st, 0, "G3 B2 B5 P1")
    assert {bots_dice.decide_draft(A, st, lu, 0, 0, new_stream(s, 7)) for s in range(50)} == {2}


def test_activation_and_placement_ties_split_evenly(flat):
    A, st, lu = _position(flat)
    driveway(A, st, 0, "P1 B4 O1 G6")
    got = [bots_dice.decide_activate(A, st, lu, 0, new_stream(s, 3)) for s in range(N)]
    check_even_split(got, [0, 1, 2, 3], what="custom activation")
    row(st, 0, 1, "B1 B2 B3 B4 B5 B6")   # the middle row is full
    got = [bots_dice.decide_place(A, st, lu, 0, new_stream(s, 3)) for s in range(N)]
    check_even_split(got, [k * 3 + r for k in range(4) for r in (0, 2)], what="custom place")


def test_action_ties_include_skipping(flat):
    A, st, lu = _position(flat)
    got = []
    for s in range(N):
        d = bots_actions.decide_action(A, st, lu, 0, A_GRUNT, 0, 0, new_stream(s, 5))
        got.append(int(st.dec[0]) + 1 if d == 1 else 0)
    check_even_split(got, list(range(7)), what="custom Move Grunt (skip or a colour)")


def test_spook_turn_ties(flat):
    A, st, lu = _position(flat)
    st.malice[0] = 8
    st.gmarket[:] = -1          # no Ghost: pass or one of the five Arch Monsters
    got = []
    for s in range(N):
        x = bots_spook.decide_spook(A, st, lu, 0, new_stream(s, 9))
        got.append(-1 if x == 0 else int(st.dec[0]))
    check_even_split(got, [-1, 0, 1, 2, 3, 4], what="custom Spook turn (pass or an Arch)")


def test_arch_discard_ties(flat):
    A, st, lu = _position(flat)
    st.arch[0, :3] = [0, 1, 2]
    st.n_arch[0] = 3
    got = [bots_spook.decide_arch(A, st, lu, 0, 0, new_stream(s, 2)) for s in range(N)]
    check_even_split(got, [-1, 0, 1, 2], what="custom Arch Monster discard (keep or a card)")


def test_grunt_order_ties_are_drawn(flat):
    A, st, lu = _position(flat)
    for slot, pos in ((0, -1), (6, 0), (7, 6)):   # three blue Grunts
        put_grunt(st, 0, slot, 0, pos)
    firsts = []
    for s in range(N):
        st.perm[:3] = [0, 6, 7]
        bots_moves.decide_grunt_order(A, st, lu, 0, 0, 3, new_stream(s, 4))
        assert sorted(int(x) for x in st.perm[:3]) == [0, 6, 7]
        firsts.append(int(st.perm[0]))
    check_even_split(firsts, [0, 6, 7], what="custom Grunt order")


def test_kernel_and_reference_agree_with_a_flat_custom_bot(flat):
    rules = GAME.make_rules(2)
    check_conformance(GAME, rules, GAME.lineup([flat, "greedy"], 2), n_games=6, seed=3,
                      n_reference=3)
    solo = GAME.make_rules(1, {"mode": "solo2"})
    agg = check_conformance(GAME, solo, GAME.lineup([flat], 1), n_games=6, seed=4, n_reference=3)
    assert np.asarray(agg["choice"]).sum() > 0
