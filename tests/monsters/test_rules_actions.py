"""Rulebook back page "Actions", one rule per test on hand-built positions (plain-Python kernel,
scripted decisions): Swap 2 Lords, Promote or Demote a Lord, Move Minion, Move Grunt, Gain Spook
Juice, Call Spider Jack / Summon Spider Jack scoring, Gain 1 Grunt, Feed Spider Jack, Gain
Malice."""

from __future__ import annotations

from simlab.games.monsters import engine, perform, phases
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
)
from simlab.games.monsters.state import (
    B_ACTIONS,
    B_SUMMON,
    C_ILLEGAL,
    C_NO_GRUNT,
    GAIN_SPOT,
    I_JUST_COL,
    I_JUST_ROW,
    I_SP,
    S_MALICE_WASTED,
    START,
)

from .positions import (
    FINAL,
    B,
    G,
    P,
    act,
    ghost_of,
    move,
    position,
    put_grunt,
    put_minion,
    row,
    script,
)

__all__ = ["script"]


# ---------------------------------------------------------------- Swap 2 Lords
def test_swap_two_lords_anywhere_in_the_order_without_reroll(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B6 G5")
    row(st, 0, 2, "P1")
    script.action = [(0, 1, 2, 0)]
    act(A, st, lu, rng, 0, A_SWAP)
    assert list(st.order_col[0, 0, :2]) == [B, P] and list(st.order_rank[0, 0, :2]) == [6, 1]
    assert st.order_col[0, 2, 0] == G and st.order_rank[0, 2, 0] == 5
    assert list(st.order_n[0]) == [2, 0, 1]


def test_swap_needs_two_dice(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B6")
    script.action = [(0, 0, 1, 0)]      # row 1 is empty
    act(A, st, lu, rng, 0, A_SWAP)
    assert st.ev[C_ILLEGAL] == 1 and st.order_rank[0, 0, 0] == 6 and st.order_n[0, 1] == 0


# ---------------------------------------------------------------- Promote or Demote
def test_promote_and_demote_by_one(script):
    A, st, lu, rng = position()
    row(st, 0, 1, "B3 G3")
    script.action = [(1, 0, 1), (1, 1, -1)]
    act(A, st, lu, rng, 0, A_PROMOTE)
    act(A, st, lu, rng, 0, A_PROMOTE)
    assert list(st.order_rank[0, 1, :2]) == [4, 2] and list(st.order_col[0, 1, :2]) == [B, G]


def test_promote_never_the_die_just_placed(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B3 G3")
    st.info[I_JUST_ROW], st.info[I_JUST_COL] = 0, 1    # G3 was just placed
    script.action = [(0, 1, 1), (0, 0, 1)]
    act(A, st, lu, rng, 0, A_PROMOTE, just=1)           # the die's own icon: G3 refused
    assert st.ev[C_ILLEGAL] == 1 and st.order_rank[0, 0, 1] == 3
    act(A, st, lu, rng, 0, A_PROMOTE, just=1)           # another die: fine
    assert st.order_rank[0, 0, 0] == 4
    script.action = [(0, 1, 1)]
    act(A, st, lu, rng, 0, A_PROMOTE, just=0)           # from a Town space / Ghost: no die "just
    assert st.order_rank[0, 0, 1] == 4                  # placed" allowed it, so G3 may change


def test_promote_keeps_ranks_within_1_to_6(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B6 G1")
    script.action = [(0, 0, 1), (0, 1, -1), (0, 0, -1), (0, 1, 1)]
    for _ in range(4):
        act(A, st, lu, rng, 0, A_PROMOTE)
    assert st.ev[C_ILLEGAL] == 2
    assert list(st.order_rank[0, 0, :2]) == [5, 2]


def test_promote_never_changes_spider_jack_dice(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B3")
    st.sj[0] = [2, 6, 1]
    # a target outside the Order's dice (row 3, or a spot without a die) is refused
    script.action = [(3, 0, 1), (0, 1, 1), (1, 0, -1), (0, 0, 1)]
    for _ in range(4):
        act(A, st, lu, rng, 0, A_PROMOTE)
    assert st.ev[C_ILLEGAL] == 3 and st.order_rank[0, 0, 0] == 4
    assert list(st.sj[0]) == [2, 6, 1]


# ---------------------------------------------------------------- Move Minion
def test_move_minion_covers_a_space_without_its_action_and_grunts_skip_it(script):
    A, st, lu, rng = position()
    script.action = [(0, 0)]                    # Minion 0 from its start spot to space 0
    act(A, st, lu, rng, 0, A_MINION)
    assert st.minion_pos[0, 0] == 0 and st.occ[0, 0] == 1
    assert st.juice[0] == 0 and st.info[I_SP] == 0   # space 0 shows juice:2: not activated
    assert len(script.offered()) == 1
    move(A, st, lu, rng, 0, B)                  # the blue Grunt skips the Minion's space
    assert st.grunt_pos[0, B] == 6 and st.juice[0] == 1   # space 6: juice:1
    script.action = [(0, 7)]                    # a Minion moves from anywhere (off space 0)
    act(A, st, lu, rng, 0, A_MINION)
    assert st.minion_pos[0, 0] == 7 and st.occ[0, 0] == 0 and st.occ[0, 7] == 1


def nb_resolve(A, st, lu, rng, p=0):

    perform.resolve(A, st, lu, p, rng)


def test_move_minion_only_to_a_space_without_ghost_minion_or_grunt(script):
    A, st, lu, rng = position()
    st.ghost_at[0, 2] = ghost_of(A, G)
    put_grunt(st, 0, P, P, 4)
    put_minion(st, 0, 1, 6)
    script.action = [(0, 2), (0, 4), (0, 6), (0, FINAL)]
    for _ in range(4):
        act(A, st, lu, rng, 0, A_MINION)
    assert st.ev[C_ILLEGAL] == 4 and st.minion_pos[0, 0] == START


# ---------------------------------------------------------------- Move Grunt
def test_move_grunt_moves_each_grunt_of_one_colour_once(script):
    A, st, lu, rng = position()
    put_grunt(st, 0, P, P, 4)           # pink Grunt on area 1 (feed)
    put_grunt(st, 0, 6, P, GAIN_SPOT)   # a second pink Grunt on a gain-Grunt spot
    script.action = [(P,)]              # move pink; the landing actions are then skipped
    act(A, st, lu, rng, 0, A_GRUNT)
    # the front Grunt: 4 -> 8 (pink, grunt icon); the other: first free pink space = 4 (feed)
    assert st.grunt_pos[0, P] == 8 and st.grunt_pos[0, 6] == 4
    assert st.grunt_pos[0, B] == START and st.grunt_pos[0, G] == START
    acts = [e[1] for e in script.offered()]
    assert acts == [A_GRUNT, A_GRUNT, A_FEED]   # the action, then what each Grunt landed on


# ---------------------------------------------------------------- Gain Spook Juice
def test_gain_spook_juice_n(script):
    A, st, lu, rng = position()
    act(A, st, lu, rng, 1, A_JUICE, juice=5)
    assert st.juice[1] == 5 and st.bd[1, B_ACTIONS] == 5 and st.juice[0] == 0


# ---------------------------------------------------------------- Call Spider Jack
def test_call_spider_jack_walks_the_summoning_track(script):
    A, st, lu, rng = position()
    row(st, 0, 1, "P1 P2 P3 P5")
    st.sj[0, 1] = 3
    script.action = [(1,)] * 3 + [(1,), (1,)] + [(1,)] * 3
    act(A, st, lu, rng, 0, A_CALL)      # -> malice
    assert st.summon[0, 1] == 1 and st.malice[0] == 1 and st.juice[0] == 0
    act(A, st, lu, rng, 0, A_CALL)      # -> summon: leftmost 3 dice 1+2+3 (rulebook example)
    assert st.juice[0] == 6 and st.bd[0, B_SUMMON] == 6
    act(A, st, lu, rng, 0, A_CALL)      # -> feed, performed at once on row 1
    assert st.sj[0, 1] == 4
    act(A, st, lu, rng, 0, A_CALL)      # -> summon: now 4 dice, 1+2+3+5
    assert st.juice[0] == 6 + 11
    act(A, st, lu, rng, 0, A_CALL)      # -> juice:2
    assert st.juice[0] == 19
    act(A, st, lu, rng, 0, A_CALL)      # -> summon
    assert st.juice[0] == 30 and st.summon[0, 1] == 6
    act(A, st, lu, rng, 0, A_CALL)      # end of the track: nothing
    assert st.juice[0] == 30 and st.summon[0, 1] == 6
    assert list(st.summon[0]) == [0, 6, 0] and st.malice[0] == 1


def test_summon_scoring_row_shorter_than_the_spider_jack_value(script):
    A, st, lu, rng = position()
    row(st, 0, 2, "P4 P2")
    st.sj[0, 2] = 5
    assert engine.summon_scoring(A, st, 0, 2) == 6


# ---------------------------------------------------------------- Gain 1 Grunt
def test_gain_grunt_ghost_brings_a_grunt_that_moves_to_area_1(script):
    A, st, lu, rng = position()
    g = ghost_of(A, P, gain=True)
    st.gmarket[3] = g
    st.malice[0] = 1                    # position 4 costs 1 (market.toml)
    supply = int(st.supply[P])
    script.spook = [(1, 3, 0)]          # onto gain-Grunt spot 0

    assert phases.spook_turn(A, st, lu, 0, rng)
    assert st.gain_spot[0, 0] == g and st.supply[P] == supply - 1
    assert st.ghost_at[0].max() < 0     # not on a path space
    new = [s for s in range(12) if st.grunt_col[0, s] == P and s != P]
    assert len(new) == 1 and st.grunt_pos[0, new[0]] == GAIN_SPOT
    put_grunt(st, 0, P, P, 8)           # the first pink Grunt is further along
    move(A, st, lu, rng, 0, P, resolve=False)   # slot order: the first pink Grunt moves first
    assert st.grunt_pos[0, new[0]] == 4 and A.space_area[4] == 1   # straight to area 1
    assert st.grunt_pos[0, P] == 14


def test_gain_grunt_ghost_without_supply_and_without_spot(script):
    A, st, lu, rng = position()
    g = ghost_of(A, G, gain=True)
    st.supply[G] = 0
    st.gmarket[0] = g
    st.malice[0] = 3                    # position 1 costs 3
    engine.buy_ghost(A, st, 0, 0, 1)    # placed, but no Grunt comes
    assert st.gain_spot[0, 1] == g and st.ev[C_NO_GRUNT] == 1 and st.malice[0] == 0
    assert (st.grunt_col[0] == G).sum() == 1
    st.gain_spot[0, :A.gain_spots] = 0  # every gain-Grunt spot taken
    assert not engine.ghost_target_ok(A, st, 0, g, 2)


# ---------------------------------------------------------------- Feed Spider Jack
def test_feed_spider_jack_plus_one_never_beyond_6(script):
    A, st, lu, rng = position()
    st.sj[0] = [5, 1, 1]
    script.action = [(0,), (0,), (2,)]
    for _ in range(3):
        act(A, st, lu, rng, 0, A_FEED)
    assert list(st.sj[0]) == [6, 1, 2]


# ---------------------------------------------------------------- Gain Malice
def test_gain_malice_one_per_icon_and_cap_8(script):
    A, st, lu, rng = position()
    st.malice[0] = 5
    engine.push_action(st, A_MALICE, 0, 1)   # a face with two Malice icons
    act(A, st, lu, rng, 0, A_MALICE, just=1)
    assert st.malice[0] == 7
    act(A, st, lu, rng, 0, A_MALICE)
    act(A, st, lu, rng, 0, A_MALICE)         # the 9th is lost
    assert st.malice[0] == 8 and st.sev[0, S_MALICE_WASTED] == 1
