"""Rulebook phases of a round on hand-built positions (plain-Python kernel, scripted decisions):
Draft, Grunt Movement, Swamp-Jack, Spook (turns, purchases, market, Ghost placement), the first
player token, 6 rounds, 78 dice conserved, discarding an Arch Monster for its back action."""

from __future__ import annotations

import numpy as np

from simlab.games.monsters import engine, nb, phases
from simlab.games.monsters.actions import A_CALL, A_FEED, A_GRUNT, A_SWAP, MULTI
from simlab.games.monsters.state import (
    C_ILLEGAL,
    I_ATOP,
    I_BOX,
    I_FIRST,
    I_GTOP,
    I_JUST_ROW,
    I_ROUND,
    new_agg,
)

from .positions import (
    FINAL,
    ORANGE,
    B,
    G,
    P,
    Y,
    dice_total,
    driveway,
    fearmobile,
    ghost_of,
    position,
    pure,
    put_grunt,
    put_minion,
    row,
    script,
)

__all__ = ["pure", "script"]


# ---------------------------------------------------------------- Draft
def test_draft_four_dice_each_fearmobiles_passed_left(script):
    A, st, lu, rng = position(3)
    for f in range(3):   # Fearmobile f holds colour f, ranks 1..4 front to rear
        fearmobile(A, st, f, " ".join("BGP"[f] + str(k + 1) for k in range(4)))
    phases.draft(A, st, lu, rng)          # each player takes the front-most die left
    # pick s of player p comes from the Fearmobile of player p - s (passed left s times)
    assert [x[1] for x in script.offered("draft")] == [(p - s) % 3 for s in range(4)
                                                       for p in range(3)]
    for p in range(3):
        assert list(st.drv_col[p]) == [p, (p - 1) % 3, (p - 2) % 3, p]
        assert [int(A.face_rank[c, f]) for c, f in zip(st.drv_col[p], st.drv_face[p],
                                                      strict=True)] == [1, 2, 3, 4]
    assert (st.fm_col < 0).all()


# ---------------------------------------------------------------- Grunt Movement
def test_grunt_movement_phase(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "B6 P6 P6 G6")
    put_minion(st, 0, 0, 0)                 # blocks the first blue space
    put_grunt(st, 0, 6, P, 14)              # a second pink Grunt, in area 4
    st.ghost_at[0, 8] = ghost_of(A, P)      # pink Ghost: juice:3? (checked below)
    put_grunt(st, 0, G, G, 33)              # last green space
    put_grunt(st, 0, 7, G, FINAL)           # already in the final area
    gj = sum(int(A.ghost_juice[st.ghost_at[0, 8], k]) for k in range(4))
    script.activate = [0, 1, 2, 3]
    phases.grunt_phase(A, st, lu, 0, rng)
    assert st.drv_moved[0].all()
    # blue: skips the Minion on space 0 -> 6 (juice:1)
    assert st.grunt_pos[0, B] == 6
    # pink 1st die: front (14) -> 19 (juice:2), start one -> 4 (feed);
    # pink 2nd die: 19 -> 25 (area 8), 4 -> 8 (grunt icon, then the Ghost's icons)
    assert st.grunt_pos[0, 6] == 25 and st.grunt_pos[0, P] == 8
    # green: no green space after 33: the final area, which holds any number of Grunts
    assert st.grunt_pos[0, G] == FINAL and st.grunt_pos[0, 7] == FINAL
    assert st.occ[0, 33] == 0 and st.occ[0, 0] == 1
    assert st.juice[0] == 1 + 2 + gj
    offered = [(a, just) for _, a, _, just, *_ in script.offered()]
    assert (A_FEED, 0) in offered and offered.index((A_GRUNT, 0)) > offered.index((A_FEED, 0))
    assert all(just == 0 for _, just in offered)   # the dice's own icons are ignored here
    assert engine.check_board(A, st, 0) == (0, 0)


# ---------------------------------------------------------------- Swamp-Jack
def test_swamp_jack_three_dice_to_rows_icons_after_placing_fourth_for_malice(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "P1 B4 O1 G6")
    row(st, 0, 1, "Y2")
    bag = st.bag.copy()
    script.place = [(0, 1), (1, 1), (3, 0)]   # P1 and B4 to row 1, G6 to row 0; O1 is left
    phases.swamp_phase(A, st, lu, 0, rng)
    assert list(st.order_col[0, 1, :3]) == [Y, P, B] and list(st.order_rank[0, 1, :3]) == \
        [2, 1, 4]
    assert st.order_col[0, 0, 0] == G and list(st.order_n[0]) == [1, 3, 0]
    # P1 (juice:4 + swap) performed right after placing it, before B4 (call) was placed
    off = script.offered()
    assert [(a, just, n, jp) for _, a, _, just, n, jp in off] == [
        (4, 1, (0, 2, 0), (1, 1)), (A_SWAP, 1, (0, 2, 0), (1, 1)),
        (A_CALL, 1, (0, 3, 0), (1, 2))]
    assert st.juice[0] == 4
    # the 4th die (O1: malice, malice, promote) gives chart Malice for rank 1 only
    assert st.malice[0] == 1
    assert st.bag[ORANGE] == bag[ORANGE] + 1 and (st.drv_col[0] < 0).all()
    assert st.info[I_JUST_ROW] == -1


def test_malice_chart_rank_6_gives_3(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "B1 B2 B3 Y6")
    script.place = [(0, 0), (1, 0), (2, 0)]
    phases.swamp_phase(A, st, lu, 0, rng)
    assert st.malice[0] == 3


# ---------------------------------------------------------------- Spook phase
def test_spook_turns_from_first_player_until_all_pass_in_a_row(script):
    A, st, lu, rng = position(3)
    st.malice[:] = 8
    g2 = st.gmarket[2]
    c = A.ghost_colour[g2]
    target = 3 if c == MULTI else int(np.flatnonzero(A.space_colour == c)[0])
    if A.ghost_gain[g2]:
        target = 0
    # p1 passes, p2 buys a Ghost, p0 passes, p1 (who passed) buys an Arch Monster,
    # then p2, p0, p1 pass consecutively
    script.spook = [0, (1, 2, target), 0, (2, 4), 0, 0, 0]
    assert phases.spook_until_passes(A, st, lu, 1, rng) == 2
    assert [x[0] for x in script.offered("spook")] == [1, 2, 0, 1, 2, 0, 1]
    assert list(st.malice) == [8, 8 - 3, 8 - 2]       # arch #5 costs 3, Ghost #3 costs 2
    assert st.n_arch[1] == 1 and st.n_arch[2] == 0


def test_market_costs_slide_right_refill_leftmost(script):
    A, st, lu, rng = position()
    gm, am = st.gmarket.copy(), st.amarket.copy()
    gt, at = st.info[I_GTOP], st.info[I_ATOP]
    st.malice[0] = 8
    engine.buy_arch(A, st, 0, 1)             # position 2 from the left costs 4
    assert st.malice[0] == 4 and st.arch[0, 0] == am[1]
    assert list(st.amarket) == [st.adeck[at], am[0], am[2], am[3], am[4]]
    g = gm[4]
    if A.ghost_gain[g]:
        t = 0
    else:
        c = A.ghost_colour[g]
        t = 3 if c == MULTI else int(np.flatnonzero(A.space_colour == c)[0])
    engine.buy_ghost(A, st, 0, 4, t)         # rightmost costs 1
    assert st.malice[0] == 3
    assert list(st.gmarket) == [st.gstack[gt], gm[0], gm[1], gm[2], gm[3]]


def test_ghost_placement_rules(script):
    A, st, lu, rng = position()
    gb, gm = ghost_of(A, B), ghost_of(A, MULTI)
    ok = engine.ghost_target_ok
    assert ok(A, st, 0, gb, 0)          # blue space with an action icon
    assert ok(A, st, 0, gb, 12)         # blue space without one
    assert not ok(A, st, 0, gb, 2)      # green space
    st.ghost_at[0, 0] = gb
    put_minion(st, 0, 0, 6)
    put_grunt(st, 0, B, B, 12)
    assert not ok(A, st, 0, gb, 0) and not ok(A, st, 0, gb, 6) and not ok(A, st, 0, gb, 12)
    assert ok(A, st, 0, gb, 20) and not ok(A, st, 0, gb, FINAL)
    assert all(ok(A, st, 0, gm, s) for s in (1, 2, 3, 4, 5, 20))   # multi: any colour
    # a purchase with an illegal target does not happen (counted, taken as a pass)
    st.gmarket[3] = gb
    st.malice[0] = 5
    script.spook = [(1, 3, 2)]
    assert not phases.spook_turn(A, st, lu, 0, rng)
    assert st.ev[C_ILLEGAL] == 1 and st.malice[0] == 5 and st.ghost_at[0, 2] < 0


def test_purchase_needs_the_malice(script):
    A, st, lu, rng = position()
    st.malice[0] = 2
    script.spook = [(2, 3), (2, 4)]         # Arch Monsters cost 3: refused twice
    assert not phases.spook_turn(A, st, lu, 0, rng) and not phases.spook_turn(A, st, lu, 0, rng)
    assert st.n_arch[0] == 0 and st.malice[0] == 2


# ---------------------------------------------------------------- Arch Monster discard
def test_discard_arch_monster_for_its_back_action_then_it_does_not_score(script):
    for use in (False, True):
        A, st, lu, rng = position()
        st.arch[0, 0] = 20                  # id 21: 3 per Ghost in Neighborhoods; back juice:5
        st.n_arch[0] = 1
        st.ghost_at[0, 12] = ghost_of(A, B)  # area 4
        st.ghost_at[0, 24] = ghost_of(A, B)  # area 8
        script.arch = [0] if use else []
        nb.final_scoring(A, st, lu, rng)
        if use:
            assert st.n_arch[0] == 0 and st.juice[0] == 5 and st.scores[0] == 5
        else:
            assert st.n_arch[0] == 1 and st.scores[0] == 6


# ---------------------------------------------------------------- whole games
def test_six_rounds_first_player_passes_left_dice_conserved(pure, monkeypatch):
    seen = []
    inner = nb.play_round

    def spy(A, st, lu, agg, rng):
        seen.append((int(st.info[I_ROUND]), int(st.info[I_FIRST])))
        inner(A, st, lu, agg, rng)
        assert dice_total(st) == 78

    monkeypatch.setattr(nb, "play_round", spy)
    for players, seed in ((3, 5), (4, 6)):
        A, st, lu, rng = position(players, seed=seed)
        nb.play_game(A, st, lu, rng, new_agg(players))
        f0 = seen[0][1]
        assert seen == [(r + 1, (f0 + r) % players) for r in range(6)]
        assert (st.order_n == 6).all()     # every spot of every Order filled
        # final scoring: the dice beyond each row's Spider Jack value go to the box (they stay
        # in the Order's arrays, ignored by scoring)
        assert st.info[I_BOX] == np.maximum(st.order_n - st.sj, 0).sum()
        assert engine.dice_in_play(st) == 78
        seen.clear()
