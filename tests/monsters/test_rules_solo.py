"""Rulebook "Solo Rules": solo mode 1 (automaton draft by the face-up card, end-of-Spook-phase
discards) and solo mode 2 (Spider Jack's deck, Court, draft preferences, scoring his dice, his
purchase, each difficulty modifier on its own and the 0..7 ladder), on hand-built positions
(plain-Python kernel, scripted decisions)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.monsters import engine, nb, phases
from simlab.games.monsters import solo as automaton
from simlab.games.monsters.actions import MULTI
from simlab.games.monsters.rules import make_rules
from simlab.games.monsters.state import (
    I_ATOP,
    I_CARD,
    I_GTOP,
    I_NDECK,
    I_ROUND,
    I_SJ_COLOUR,
    I_SJ_SCORE,
    I_UNSCORED,
    new_agg,
)

from .positions import (
    ORANGE,
    B,
    G,
    P,
    Y,
    dice_total,
    face,
    fearmobile,
    position,
    pure,
    row,
    script,
)

__all__ = ["pure", "script"]


def solo(mode="solo2", seed=1, **over):
    return position(1, seed=seed, mode=mode, **over)


# ---------------------------------------------------------------- solo 1
@pytest.mark.parametrize("mode", ["solo1", "solo2"])
def test_automaton_drafts_by_the_face_up_card(script, mode):
    A, st, lu, rng = solo(mode)
    # card 1 of the data: blue highest, green highest, white (any colour) lowest
    assert list(A.card_col[0]) == [B, G, -1] and list(A.card_high[0]) == [1, 1, 0]
    st.deck[st.info[I_CARD]] = 0
    fearmobile(A, st, 0, "Y4 G2 G6 O1")
    fearmobile(A, st, 1, "G3 B2 B5 P1")
    phases.draft(A, st, lu, rng)      # the player takes the front-most die each time
    # you pick, he picks from the other Fearmobile, the Fearmobiles switch
    assert [x[1] for x in script.offered("draft")] == [0, 1, 0, 1]
    got = [(int(c), int(A.face_rank[c, f])) for c, f in zip(st.drv_col[0], st.drv_face[0],
                                                            strict=True)]
    assert got == [(Y, 4), (G, 3), (G, 2), (B, 2)]
    # his: blue highest B5, green highest G6, any lowest P1, then the last die left O1
    his = [(int(c), int(A.face_rank[c, f])) for c, f in zip(st.sj_col, st.sj_face, strict=True)]
    assert his == [(B, 5), (G, 6), (P, 1), (ORANGE, 1)]
    assert (st.fm_col < 0).all()


def test_automaton_ties_go_to_the_front_of_the_car(script):
    A, st, lu, rng = solo()
    card = 0
    A2 = A._replace(card_col=np.array([[P, -1, Y]]), card_high=np.array([[0, 1, 1]]))
    fearmobile(A, st, 1, "B6 P3 P3 B6")
    assert automaton.sj_select(A2, st, 1, card, 0) == 1     # pink lowest: the front one of two P3
    assert automaton.sj_select(A2, st, 1, card, 1) == 0     # any highest: the front one of two B6
    assert automaton.sj_select(A2, st, 1, card, 2) == 0     # no yellow: any colour (documented)


def _market_after_discards(st, gm, am, gt, at, n):
    """Rightmost n of each discarded, slid right, refilled from the left."""
    g = [int(st.gstack[gt + n - 1 - i]) for i in range(n)] + [int(x) for x in gm[:5 - n]]
    a = [int(st.adeck[at + n - 1 - i]) for i in range(n)] + [int(x) for x in am[:5 - n]]
    return g, a


@pytest.mark.parametrize("buy", [False, True])
def test_solo1_end_of_spook_phase_discards(script, buy):
    A, st, lu, rng = solo("solo1")
    st.malice[0] = 8
    if buy:
        script.spook = [(2, 0), 0]      # buys the leftmost Arch Monster, then passes
    phases.spook_phase(A, st, lu, new_agg(1), rng)
    gm, am = st.gmarket.copy(), st.amarket.copy()
    # rebuild what the market was after the purchases, before the discards
    if buy:
        assert st.n_arch[0] == 1
    A0, st0, _, _ = solo("solo1")
    if buy:
        engine.buy_arch(A0, st0, 0, 0)
    n = 1 if buy else 2
    g, a = _market_after_discards(st0, st0.gmarket, st0.amarket, st0.info[I_GTOP],
                                  st0.info[I_ATOP], n)
    assert list(gm) == g and list(am) == a


# ---------------------------------------------------------------- solo 2 setup
def test_each_colour_on_ten_solo_cards():
    A = make_rules(1, {"mode": "solo2"}).to_arrays()
    assert list(A.card_shows.sum(axis=0)) == [10] * 6 and A.n_cards == 30


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_solo2_setup_deck_and_court(script, seed):
    A, st, lu, rng = solo(seed=seed)
    c = st.info[I_SJ_COLOUR]
    n = st.info[I_NDECK]
    assert n == 10 and all(A.card_shows[k, c] == 1 for k in st.deck[:n])
    assert sorted(st.deck[:n]) == sorted(np.flatnonzero(A.card_shows[:, c]))
    assert st.court_grunt[c] == 1 and st.court_grunt.sum() == 1
    assert st.supply[c] == 6 - 1 - 1 and st.supply.sum() == 6 * 5 - 1
    assert st.bag.sum() == 78 and st.court_ghost.sum() == 0   # the drawn die went back


@pytest.mark.parametrize("monsters", [1, 2])
def test_difficulty_extra_court_monsters(script, monsters):
    for seed in (1, 2, 3):
        A, st, lu, rng = solo(seed=seed, sj_court_monsters=monsters)
        assert st.court_grunt.sum() == 1 + monsters and st.court_grunt.max() == 1
        assert st.supply.sum() == 6 * 5 - 1 - monsters


@pytest.mark.parametrize("ghosts", [2, 4])
def test_difficulty_court_ghosts(script, ghosts):
    A, st, lu, rng = solo(sj_court_ghosts=ghosts)
    assert st.court_ghost.sum() == ghosts and st.info[I_GTOP] == 5 + ghosts
    want = np.zeros(7, np.int64)
    for g in st.gstack[5:5 + ghosts]:
        want[A.ghost_colour[g]] += 1
    assert np.array_equal(st.court_ghost, want)


# ---------------------------------------------------------------- solo 2: his dice
def _his_dice(A, st, text):
    for k, d in enumerate(text.split()):
        c, r = "BGPOUY".index(d[0]), int(d[1])
        st.sj_col[k], st.sj_face[k] = c, face(A, c, r)


def _empty_court(st):
    st.court_dice[:] = 0
    st.court_ghost[:] = 0
    st.court_grunt[:] = 0


def test_scoring_his_dice_highest_rank_first_ties_by_court(script):
    A, st, lu, rng = solo()
    _empty_court(st)
    st.court_grunt[B] = 1
    _his_dice(A, st, "B5 G6 B3 P5")
    automaton.sj_score_dice(A, st)
    # G6: 6 + 1 die; B5 (blue Court 1 die + Grunt 3 = 4 beats pink 1): 5 + 4; P5: 5 + 1
    assert st.info[I_SJ_SCORE] == 7 + 9 + 6
    assert st.info[I_UNSCORED] == 2 and st.sj_col[2] == B
    assert list(st.court_dice) == [1, 1, 1, 0, 0, 0]


def test_scoring_his_dice_ghosts_2_multi_matches_all(script):
    A, st, lu, rng = solo()
    _empty_court(st)
    st.court_ghost[P] = 1
    st.court_ghost[MULTI] = 1
    _his_dice(A, st, "B5 P5 G1 Y2")
    automaton.sj_score_dice(A, st)
    # P5: 5 + (1 + 2 + 2); B5: 5 + (1 + 2); Y2: 2 + (1 + 2); G1 un-scored
    assert st.info[I_SJ_SCORE] == 10 + 8 + 5 and st.info[I_UNSCORED] == 2


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5, 6])
def test_his_purchase_by_unscored_rank(script, rank):
    A, st, lu, rng = solo()
    _empty_court(st)
    _his_dice(A, st, f"Y{rank}")
    st.info[I_UNSCORED] = 0
    gm, am = [int(x) for x in st.gmarket], [int(x) for x in st.amarket]
    gt, at = st.info[I_GTOP], st.info[I_ATOP]
    automaton.sj_buy(A, st)
    taken = [0, 4] if rank == 6 else [5 - rank]      # #1 is the rightmost
    want = np.zeros(7, np.int64)
    for i in taken:
        want[A.ghost_colour[gm[i]]] += 1
    assert np.array_equal(st.court_ghost, want)
    n = len(taken)
    left_g = [g for i, g in enumerate(gm) if i not in taken]
    left_a = [a for i, a in enumerate(am) if i not in taken]
    assert list(st.gmarket) == [int(st.gstack[gt + n - 1 - i]) for i in range(n)] + left_g
    assert list(st.amarket) == [int(st.adeck[at + n - 1 - i]) for i in range(n)] + left_a


@pytest.mark.parametrize("unscored", [0, 1, 2])
def test_spook_phase_player_first_then_his_purchase_then_unscored_die(script, unscored):
    A, st, lu, rng = solo(sj_unscored=unscored)
    _empty_court(st)
    _his_dice(A, st, "O1")                # rank 1: position #1 (rightmost)
    st.info[I_UNSCORED] = 0
    st.malice[0] = 8
    gm = [int(x) for x in st.gmarket]
    g = gm[4]
    if A.ghost_gain[g]:
        t = 0
    else:
        c = A.ghost_colour[g]
        t = 3 if c == MULTI else int(np.flatnonzero(A.space_colour == c)[0])
    script.spook = [(1, 4, t), 0]         # you buy the rightmost Ghost first, then pass
    bag = st.bag.copy()
    phases.spook_phase(A, st, lu, new_agg(1), rng)
    mine = st.gain_spot[0, t] if A.ghost_gain[g] else st.ghost_at[0, t]
    assert mine == g                      # yours is the first purchase
    assert st.court_ghost.sum() == 1 and st.court_ghost[A.ghost_colour[gm[3]]] >= 1
    assert len(script.offered("spook")) == 2
    assert st.sj_col[0] == -1
    if unscored == 0:
        assert st.bag[ORANGE] == bag[ORANGE] + 1 and st.court_dice.sum() == 0
        assert st.info[I_SJ_SCORE] == 0
    else:
        assert st.bag[ORANGE] == bag[ORANGE] and st.court_dice[ORANGE] == 1
        assert st.info[I_SJ_SCORE] == (1 if unscored == 2 else 0)


# ---------------------------------------------------------------- solo 2 modifiers
@pytest.mark.parametrize("summoning", [0, 1])
def test_difficulty_summoning(script, summoning):
    A, st, lu, rng = solo(sj_summoning=summoning)
    row(st, 0, 0, "P3 P4 P5")
    st.sj[0, 0] = 2
    assert engine.summon_scoring(A, st, 0, 0) == 7
    assert st.info[I_SJ_SCORE] == (5 if summoning else 0)


@pytest.mark.parametrize("bonus", [0, 1])
def test_difficulty_prophecy_and_tie_goes_to_him(script, bonus):
    A, st, lu, rng = solo(sj_prophecy=bonus)
    st.prophecy[0] = 0                    # card 01: 44 at most (test_scoring_prophecy)
    st.juice[0] = 30
    st.info[I_SJ_SCORE] = 30 - 44 * bonus
    assert nb.final_scoring(A, st, lu, rng) == 0   # your 30 ties his 30: he wins
    assert st.info[I_SJ_SCORE] == 30
    st.info[I_SJ_SCORE] = 29 - 44 * bonus
    assert nb.final_scoring(A, st, lu, rng) == 1


LADDER = {  # difficulty.toml: level -> (court_monsters, court_ghosts, summoning, unscored,
    0: (0, 0, 0, 0, 0),  # prophecy)
    1: (0, 0, 0, 1, 0),
    2: (1, 0, 0, 1, 0),
    3: (2, 0, 0, 1, 0),
    4: (2, 0, 1, 1, 0),
    5: (2, 2, 0, 1, 0),
    6: (2, 2, 1, 1, 0),
    7: (1, 4, 0, 2, 1),
}
PLUS = {"court_monsters": {0: 0, 1: 1, 2: 2}, "court_ghosts": {0: 0, 2: 2, 4: 3},
        "summoning": {0: 0, 1: 1}, "unscored": {0: 0, 1: 1, 2: 2}, "prophecy": {0: 0, 1: 1}}


@pytest.mark.parametrize("level", range(8))
def test_difficulty_ladder(level):
    A = make_rules(1, {"mode": "solo2", "difficulty": level}).to_arrays()
    got = (A.court_monsters, A.court_ghosts, A.summoning, A.unscored, A.prophecy_bonus)
    assert got == LADDER[level]
    names = ("court_monsters", "court_ghosts", "summoning", "unscored", "prophecy")
    assert sum(PLUS[n][v] for n, v in zip(names, got, strict=True)) == level  # "+" count
    # one modifier on its own overrides the level's
    B2 = make_rules(1, {"mode": "solo2", "difficulty": level, "sj_unscored": 0}).to_arrays()
    assert B2.unscored == 0 and B2.summoning == A.summoning


def test_even_ladder_is_a_shipped_alternative():
    """data/difficulty_even.toml (``--set data.difficulty=difficulty_even``): 8 levels, level 0
    the plain automaton, level 7 the default level 7, the "+" count not tied to the level."""
    names = ("court_monsters", "court_ghosts", "summoning", "unscored", "prophecy")
    plus = []
    for level in range(8):
        A = make_rules(1, {"mode": "solo2", "difficulty": level,
                           "data.difficulty": "difficulty_even"}).to_arrays()
        got = (A.court_monsters, A.court_ghosts, A.summoning, A.unscored, A.prophecy_bonus)
        plus.append(sum(PLUS[n][v] for n, v in zip(names, got, strict=True)))
        if level in (0, 7):
            assert got == LADDER[level]
    assert plus != list(range(8))  # not the "+" ladder: its "+"s do not grow with the level


# ---------------------------------------------------------------- whole solo games
@pytest.mark.parametrize("mode,over", [("solo1", {}), ("solo2", {"difficulty": 7})])
def test_whole_solo_game_conserves_dice(pure, monkeypatch, mode, over):
    inner = nb.play_round
    rounds = []

    def spy(A, st, lu, agg, rng):
        inner(A, st, lu, agg, rng)
        rounds.append(int(st.info[I_ROUND]))
        assert dice_total(st) == 78 and (st.sj_col < 0).all()

    monkeypatch.setattr(nb, "play_round", spy)
    A, st, lu, rng = solo(mode, seed=3, **over)
    nb.play_game(A, st, lu, rng, new_agg(1))
    assert rounds == [1, 2, 3, 4, 5, 6] and (st.order_n == 6).all()
    assert engine.dice_in_play(st) == 78
