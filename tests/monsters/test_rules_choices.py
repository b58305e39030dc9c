"""The moves the rulebook leaves to the player, on hand-built positions, in both engines (the
kernel's plain-Python twins and the reference engine set up on the same position,
``positions.reference_of``): same-coloured Grunts "in any order you choose" (leapfrogging),
the landed actions "in any order", Promote/Demote of a Lord die "(anywhere)" -- the Driveway
included --, and Arch Monster discards "At any time"; and the bots' choices among them."""

from __future__ import annotations

import numpy as np

from simlab.games.monsters import bots, bots_moves, phases, values
from simlab.games.monsters.actions import A_CALL, A_FEED, A_JUICE, A_PROMOTE, A_SWAP
from simlab.games.monsters.bots import DRIVEWAY
from simlab.games.monsters.state import C_ARCH_USED, C_ILLEGAL, I_ROUND

from .positions import (
    FINAL,
    B,
    G,
    P,
    act,
    assert_same_board,
    driveway,
    face,
    move,
    position,
    pure,
    put_grunt,
    reference_of,
    row,
    script,
)

__all__ = ["pure", "script"]

PINK = (4, 8, 14, 19, 25, 34)     # the pink spaces of the default Town (positions.py)
BLUE = (0, 6, 12, 20, 24, 31)
JUICE5 = 4                        # Arch Monster 5: green-orange adjacent pairs, back juice:5
NEIGHBOURHOOD_GHOSTS = 20         # Arch Monster 21: 3 per Ghost in the neighborhoods


def two_pink(lu_bot="random", seed=1):
    """Pink Grunts on 8 (slot P) and 4 (slot 6)."""
    A, st, lu, rng = position(bot=lu_bot, seed=seed)
    put_grunt(st, 0, P, P, 8)
    put_grunt(st, 0, 6, P, 4)
    return A, st, lu, rng


# ---------------------------------------------------------------- Grunts in any order
def test_rear_grunt_first_leapfrogs_and_both_gain_a_space(script):
    A, st, lu, rng = two_pink()
    g = reference_of(A, st, lu, rng)
    script.grunt_order = [[6, P]]                 # the rear Grunt first
    move(A, st, lu, rng, 0, P)
    # the rear one skips 8 (taken) to 14, then the front one skips 14 to 19 (juice:2)
    assert st.grunt_pos[0, 6] == 14 and st.grunt_pos[0, P] == 19 and st.juice[0] == 2
    script.grunt_order = [[6, P]]
    g.move_grunts(0, P)
    assert_same_board(st, g, 0)


def test_front_grunt_first_moves_each_one_space(script):
    A, st, lu, rng = two_pink()
    g = reference_of(A, st, lu, rng)
    script.grunt_order = [[P, 6]]
    move(A, st, lu, rng, 0, P)
    assert st.grunt_pos[0, P] == 14 and st.grunt_pos[0, 6] == 8 and st.juice[0] == 0
    script.grunt_order = [[P, 6]]
    g.move_grunts(0, P)
    assert_same_board(st, g, 0)
    assert [e[2] for e in script.offered("grunt_order")] == [(P, 6), (P, 6)]


def test_greedy_chooses_the_leapfrog(pure):
    A, st, lu, rng = two_pink("greedy")
    g = reference_of(A, st, lu, rng)
    move(A, st, lu, rng, 0, P)
    assert st.grunt_pos[0, 6] == 14 and st.grunt_pos[0, P] == 19
    g.move_grunts(0, P)
    assert_same_board(st, g, 0)


def test_random_bot_orders_grunts_both_ways(pure):
    seen = set()
    for seed in range(40):
        A, st, lu, rng = two_pink(seed=seed)
        st.perm[:2] = [P, 6]
        bots_moves.decide_grunt_order(A, st, lu, 0, P, 2, rng)
        seen.add(tuple(int(x) for x in st.perm[:2]))
    assert seen == {(P, 6), (6, P)}


def test_grunts_of_one_colour_move_once_each_into_the_final_area(script):
    A, st, lu, rng = position()
    put_grunt(st, 0, P, P, 34)                    # the last pink space
    put_grunt(st, 0, 6, P, 25)
    script.grunt_order = [[6, P]]                 # 25 -> 34 is taken: the final area
    move(A, st, lu, rng, 0, P)
    assert st.grunt_pos[0, 6] == FINAL and st.grunt_pos[0, P] == FINAL


# ---------------------------------------------------------------- landed actions in any order
def blue_pair(bot="random"):
    """Blue Grunts on 24 (-> 31: juice:1 + feed) and 12 (-> 20: call); the top row B6 G5 P4
    with a Spider Jack die of 1 and its Summoning tracker one step before a Summon."""
    A, st, lu, rng = position(bot=bot)
    put_grunt(st, 0, B, B, 24)
    put_grunt(st, 0, 6, B, 12)
    row(st, 0, 0, "B6 G5 P4")
    st.summon[0, 0] = 1
    return A, st, lu, rng


def test_the_landed_actions_are_performed_in_the_chosen_order(script):
    for order, summon in (([1, 2, 0], 6 + 5), ([2, 1, 0], 6)):
        A, st, lu, rng = blue_pair()
        g = reference_of(A, st, lu, rng)
        for _ in range(2):
            script.grunt_order.append([B, 6])
            script.action_order.append(order)     # feed then call, or call then feed
            script.action += [(0,), (0,)]         # both on the top row
        move(A, st, lu, rng, 0, B)
        assert st.juice[0] == summon + 1, order   # + the juice:1
        g.move_grunts(0, B)
        assert_same_board(st, g, 0)
    landed = script.offered("action_order")[0][1]
    assert landed == ((A_JUICE, 1), (A_FEED, 0), (A_CALL, 0))   # as landed: 31 then 20


def test_evaluating_bots_change_the_order_before_scoring_it(pure):
    A, st, lu, rng = blue_pair("greedy")
    st.lact[:4] = [A_JUICE, A_CALL, A_SWAP, A_FEED]
    st.ljuice[:4] = [1, 0, 0, 0]
    bots_moves.decide_action_order(A, st, lu, 0, 4, rng)
    assert list(st.lact[:4]) == [A_FEED, A_SWAP, A_CALL, A_JUICE]
    assert list(st.ljuice[:4]) == [0, 0, 0, 1]
    g = reference_of(A, st, lu, rng)
    move(A, st, lu, rng, 0, B)                    # feed the top row, then call: 6 + 5, + 1
    assert st.juice[0] == 12 and st.sj[0, 0] == 2
    g.move_grunts(0, B)
    assert_same_board(st, g, 0)


# ---------------------------------------------------------------- Promote/Demote anywhere
def test_promote_a_driveway_die_turns_it_to_the_next_rank(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "P1 B4 O1 G6")
    g = reference_of(A, st, lu, rng)
    script.action = [(DRIVEWAY, 0, 1, face(A, P, 2))]
    act(A, st, lu, rng, 0, A_PROMOTE)
    assert A.face_rank[P, st.drv_face[0, 0]] == 2 and st.ev[C_ILLEGAL] == 0
    script.action = [(DRIVEWAY, 0, 1, face(A, P, 2))]
    g.perform(0, A_PROMOTE, 0, just=False)
    assert_same_board(st, g, 0)


def test_a_driveway_die_never_goes_beyond_6_or_to_a_face_of_another_rank(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "P1 B4 O1 G6")
    g = reference_of(A, st, lu, rng)
    bad = [(DRIVEWAY, 3, 1, face(A, G, 6)), (DRIVEWAY, 1, 1, face(A, B, 6)), (DRIVEWAY, 2, -1, 0)]
    script.action = list(bad)
    for _ in bad:
        act(A, st, lu, rng, 0, A_PROMOTE)
    assert st.ev[C_ILLEGAL] == 3
    script.action = list(bad)
    for _ in bad:
        g.perform(0, A_PROMOTE, 0, just=False)
    assert g.ev[C_ILLEGAL] == 3
    assert_same_board(st, g, 0)


def test_a_promoted_malice_die_gives_the_malice_of_its_new_rank(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "P1 B4 O1 G5")
    script.action = [(DRIVEWAY, 3, 1, face(A, G, 6))]
    act(A, st, lu, rng, 0, A_PROMOTE)
    script.place = [(0, 0), (1, 1), (2, 2)]       # G6 is left for Malice
    before = int(st.malice[0])
    phases.swamp_from(A, st, lu, 0, 0, rng)
    assert st.malice[0] - before >= A.malice_chart[5] == 3


def test_evaluating_bots_promote_a_driveway_die(pure):
    A, st, lu, rng = position(bot="greedy")       # an empty Order: only Driveway dice
    driveway(A, st, 0, "P1 B4 O1 G5")
    assert bots.decide_action(A, st, lu, 0, A_PROMOTE, 0, 0, rng) == 1
    assert st.dec[0] == DRIVEWAY
    k, d, f2 = int(st.dec[1]), int(st.dec[2]), int(st.dec[3])
    c = st.drv_col[0, k]
    assert A.face_rank[c, f2] == A.face_rank[c, st.drv_face[0, k]] + d


def test_random_bot_promotes_order_and_driveway_dice(pure):
    where = set()
    for seed in range(60):
        A, st, lu, rng = position(seed=seed)
        driveway(A, st, 0, "P1 B4 O1 G5")
        row(st, 0, 0, "B3 G3")
        if bots.decide_action(A, st, lu, 0, A_PROMOTE, 0, 0, rng):
            where.add("driveway" if st.dec[0] == DRIVEWAY else "order")
    assert where == {"driveway", "order"}


# ---------------------------------------------------------------- Arch Monsters at any time
def holding(card, rnd, bot="random"):
    A, st, lu, rng = position(bot=bot)
    st.arch[0, 0] = card
    st.n_arch[0] = 1
    st.info[I_ROUND] = rnd
    st.sj[0] = 6
    return A, st, lu, rng


def test_a_discard_is_offered_at_every_decision_point_of_the_owner(script):
    A, st, lu, rng = holding(JUICE5, 3)
    driveway(A, st, 0, "P1 B4 O1 G5")
    g = reference_of(A, st, lu, rng)
    phases.grunt_phase(A, st, lu, 0, rng)
    script.place = [(0, 0), (1, 1), (2, 2)]
    phases.swamp_phase(A, st, lu, 0, rng)
    phases.spook_turn(A, st, lu, 0, rng)
    # before and after each of 4 Grunt movements (5), after each placement (3) and after the
    # Malice die (1), before the Spook turn (1)
    assert len(script.offered("arch")) == 10
    g.grunt_phase(0)
    script.place = [(0, 0), (1, 1), (2, 2)]
    g.swamp_phase(0)
    g.spook_turn(0)
    assert len(script.offered("arch")) == 20
    assert_same_board(st, g, 0)


def test_a_card_discarded_mid_game_performs_its_back_action_and_scores_nothing(script):
    A, st, lu, rng = holding(JUICE5, 2)
    driveway(A, st, 0, "P1 B4 O1 G5")
    g = reference_of(A, st, lu, rng)
    script.arch = [0]                             # before the first Grunt movement
    phases.grunt_phase(A, st, lu, 0, rng)
    assert st.n_arch[0] == 0 and st.ev[C_ARCH_USED] == 1 and st.juice[0] >= 5
    script.arch = [0]
    g.grunt_phase(0)
    assert g.ev[C_ARCH_USED] == 1
    assert_same_board(st, g, 0)


def test_greedy_discards_mid_game_when_the_back_action_is_worth_more(pure):
    # round 6: nothing left to gain, the condition (green-orange pairs) unmet: juice:5 wins
    A, st, lu, rng = holding(JUICE5, 6, "greedy")
    assert bots.decide_arch(A, st, lu, 0, 0, rng) == 0
    # three green-orange pairs in the top row: 6 points kept > 5
    row(st, 0, 0, "G1 O1 G1 O1")
    assert bots.decide_arch(A, st, lu, 0, 0, rng) == -1
    # round 1, condition unmet: what it may still gain (arch x 5/6 = 5) is not less than 5
    A, st, lu, rng = holding(JUICE5, 1, "greedy")
    assert bots.decide_arch(A, st, lu, 0, 0, rng) == -1


def test_greedy_values_an_arch_monster_by_its_own_condition(pure):
    A, st, lu, rng = position(bot="greedy")
    st.sj[0] = 6
    st.info[I_ROUND] = 3
    w = lu.params[0]
    row(st, 0, 0, "G1 O1 G1 O1")                  # 3 green-orange pairs
    left = w[bots.W_ARCH] * 3 / 6
    assert values.arch_gain(A, st, 0, JUICE5, w) == 6 + left
    assert values.arch_gain(A, st, 0, NEIGHBOURHOOD_GHOSTS, w) == 0 + left
    st.info[I_ROUND] = 6
    assert values.arch_gain(A, st, 0, JUICE5, w) == 6


# ---------------------------------------------------------------- Prophecy and the playouts
def test_greedy_drafts_toward_its_prophecy_card(pure):
    A, st, lu, rng = position(bot="greedy")
    st.prophecy[0] = 0                            # card 01: descending 6 5 4 3 in a row
    st.sj[0] = 6
    row(st, 0, 0, "B6 G5 P4")
    w = lu.params[0]
    base = values.prog(A, st, 0, w)
    three = values.die_prophecy(A, st, 0, G, 3, w, base)
    two = values.die_prophecy(A, st, 0, G, 2, w, base)
    assert three > two and three > 0
    assert bots.BOTS["greedy"][2][bots.W_PROPHECY] == 1.0
    assert bots.BOTS["prophet"][2][bots.W_PROPHECY] == 2.0


def test_lookahead_playouts_play_the_line_ups_own_bots():
    from simlab.core.custom import CUSTOM_ID
    from simlab.games.monsters.lookahead import GREEDY_W, playout_lineup
    from simlab.games.monsters.state import MonstersLineup

    def wide(names):
        ids = np.array([bots.BOTS[n][0] for n in names], np.int64)
        width = max(len(v[2]) for v in bots.BOTS.values())   # the widest bot's parameters
        params = np.zeros((len(names), width))
        for i, n in enumerate(names):
            params[i, :len(bots.BOTS[n][2])] = bots.BOTS[n][2]
        return MonstersLineup(ids, params)

    lu = wide(["lookahead", "random", "prophet"])
    lu.params[0, bots.W_JUICE] = 7.0              # the lookahead seat's own greedy weights
    plu = wide(["greedy"] * 3)
    playout_lineup.py_func(lu, plu)
    assert list(plu.ids) == [bots.BOT_GREEDY, bots.BOT_RANDOM, bots.BOT_PROPHET]
    assert plu.params[0, bots.W_JUICE] == 7.0
    assert np.array_equal(plu.params[2], lu.params[2])
    lu.ids[1] = CUSTOM_ID
    playout_lineup.py_func(lu, plu)
    assert plu.ids[1] == bots.BOT_GREEDY
    assert np.array_equal(plu.params[1, :len(GREEDY_W)], GREEDY_W)
