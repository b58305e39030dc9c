"""Monsters on Board rule helpers on hand-built states (engine.py and nb.py helpers)."""

from __future__ import annotations

import numpy as np

from simlab.games.monsters import engine, nb, perform, solo
from simlab.games.monsters.rules import make_rules
from simlab.games.monsters.state import I_SP, new_state

from .positions import lineup


def setup(players=2, **over):
    A = make_rules(players, over).to_arrays()
    st = new_state(A)
    rng = np.zeros(4, np.uint64)
    from simlab.core.rng import seed_stream

    seed_stream(np.uint64(1), np.uint64(0), rng)
    nb.new_game(A, st, rng)
    return A, st, rng


def spaces_of(A, c):
    return [s for s in range(A.n_spaces) if A.space_colour[s] == c]


def test_grunt_skips_minions_and_grunts_then_final_area():
    A, st, rng = setup()
    lu = lineup(["greedy", "greedy"])
    blue = spaces_of(A, 0)
    engine.move_minion(st, 0, 0, blue[0])          # a Minion on the first blue space
    n = perform.move_grunts(A, st, lu, 0, 0, rng)
    assert n == 1 and st.grunt_pos[0, 0] == blue[1]
    st.info[I_SP] = 0
    # a second blue Grunt from a gain-Grunt spot skips the Minion and the first Grunt
    st.grunt_col[0, 6] = 0
    st.grunt_pos[0, 6] = -2
    st.perm[:2] = [0, 6]                           # the front Grunt first (the bot's order
    m = engine.move_in_order(A, st, 0, 0, 2)       # is tested in test_rules_grunt_order.py)
    assert st.grunt_pos[0, 0] == blue[2] and st.grunt_pos[0, 6] == blue[1] and m >= 0
    for _ in range(10):
        st.info[I_SP] = 0
        perform.move_grunts(A, st, lu, 0, 0, rng)
    assert st.grunt_pos[0, 0] == A.n_spaces and st.grunt_pos[0, 6] == A.n_spaces
    assert perform.move_grunts(A, st, lu, 0, 0, rng) == 0   # Grunts in the final area never move
    assert engine.check_board(A, st, 0) == (0, 0)


def test_malice_cap_and_waste():
    A, st, _ = setup()
    engine.gain_malice(A, st, 0, 6)
    engine.gain_malice(A, st, 0, 5)
    assert st.malice[0] == A.malice_cap == 8
    assert st.sev[0, 3] == 3  # wasted


def test_summon_scoring_rulebook_example():
    A, st, _ = setup()
    for r in (1, 2, 3, 5):
        engine.place_die(st, 0, 0, 0, r)
    st.sj[0, 0] = 3
    assert engine.summon_scoring(A, st, 0, 0) == 6
    assert st.juice[0] == 6


def test_market_slides_right_and_refills_left():
    A, st, _ = setup()
    before = st.gmarket.copy()
    top = st.info[2]
    st.gmarket[2] = -1
    engine.refill_ghosts(st)
    assert list(st.gmarket[1:3]) == list(before[0:2]) and list(st.gmarket[3:]) == \
        list(before[3:])
    assert st.gmarket[0] == st.gstack[top]


def test_spider_jack_selection_and_rank6_purchase():
    A, st, _ = setup(1, mode="solo2")
    st.fm_col[1, :] = [2, 2, 3, 2]
    st.fm_face[1, :] = [1, 4, 5, 4]   # pink ranks 2, 5, 5 (orange 6)
    card = 0
    A2 = A._replace(card_col=np.array([[2, -1, 5]]), card_high=np.array([[1, 0, 1]]))
    assert solo.sj_select(A2, st, 1, card, 0) == 1   # pink, highest, closest to the front
    assert solo.sj_select(A2, st, 1, card, 1) == 0   # white, lowest
    assert solo.sj_select(A2, st, 1, card, 2) == 2   # no yellow: any colour, highest
    st.sj_col[:] = [3, -1, -1, -1]
    st.sj_face[0] = 5                 # rank 6
    from simlab.games.monsters.state import I_UNSCORED

    st.info[I_UNSCORED] = 0
    g1, g5 = st.gmarket[4], st.gmarket[0]
    solo.sj_buy(A, st)
    assert st.court_ghost.sum() == 2
    assert st.court_ghost[A.ghost_colour[g1]] >= 1 and st.court_ghost[A.ghost_colour[g5]] >= 1
