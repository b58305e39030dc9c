"""The solo-2 player's view of the Spider Jack automaton (``values_solo``, issue 38 section 3)
and the Prophecy a Feed keeps (``values.feed_prophecy``): a decision test per bot term on
hand-built positions (the kernel's compiled functions, as the game plays them)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.monsters import bots_actions, bots_dice, bots_spook, values, values_solo
from simlab.games.monsters.actions import A_FEED, MULTI
from simlab.games.monsters.bots import BOTS, bot_vector
from simlab.games.monsters.state import I_CARD, I_ROUND, I_SPOOK_STAGE, I_UNSCORED, MonstersLineup

from .positions import ORANGE, B, G, P, Y, face, fearmobile, ghost_of, position, row

LETTER = "BGPOUY"


def _lineup(**over):
    w = bot_vector("greedy", {"noise": 0.0, **over})
    return MonstersLineup(np.array([BOTS["greedy"][0]], np.int64), w[None, :])


def _solo(level=0, **over):
    A, st, _, rng = position(1, seed=3, bot="greedy", mode="solo2", difficulty=level, **over)
    st.court_dice[:] = 0
    st.court_ghost[:] = 0
    st.court_grunt[:] = 0
    return A, st, rng


def _card(A, high):
    """A solo card whose second symbol names a colour and the given rank end."""
    for k in range(A.card_col.shape[0]):
        if A.card_col[k, 1] >= 0 and A.card_high[k, 1] == high:
            return k
    pytest.skip("no such solo card")


def test_spider_jack_takes_next_from_the_car_the_player_leaves():
    A, st, _ = _solo()
    card = _card(A, 1)
    st.deck[0], st.info[I_CARD] = card, 0
    c = int(A.card_col[card, 1])          # his next symbol: colour c, highest rank
    x, y = [k for k in range(6) if k != c][:2]
    fearmobile(A, st, 0, f"{LETTER[c]}6 {LETTER[c]}2 {LETTER[x]}5 {LETTER[y]}4")
    # taking c6 leaves him c2 (rank 2 + his Court with it: the die itself, 1 point)
    assert values_solo.sj_next_pick(A, st, 0, 0) == 2 + 1
    for k in (1, 2, 3):                   # any other pick leaves him c6
        assert values_solo.sj_next_pick(A, st, 0, k) == 6 + 1
    st.court_ghost[MULTI] = 1             # a multi-coloured Ghost matches every colour
    assert values_solo.sj_next_pick(A, st, 0, 2) == 6 + 1 + 2
    st.court_grunt[c] = 1                 # his Grunt of that colour: 3 more
    assert values_solo.sj_next_pick(A, st, 0, 2) == 6 + 1 + 2 + 3
    st.fm_col[0, 2:] = -1                 # step 2 (2 dice): he gets the die left
    assert values_solo.sj_next_pick(A, st, 0, 0) == 2 + 1 + 2 + 3
    st.fm_col[0, 1] = -1                  # step 3: the player's last pick, nothing follows
    assert values_solo.sj_next_pick(A, st, 0, 0) == 0.0


def test_multi_ghosts_match_nothing_under_the_none_reading():
    A, st, _ = _solo(multi_ghost_matches="none")
    card = _card(A, 1)
    st.deck[0], st.info[I_CARD] = card, 0
    c = int(A.card_col[card, 1])
    x, y = [k for k in range(6) if k != c][:2]
    fearmobile(A, st, 0, f"{LETTER[c]}6 {LETTER[c]}2 {LETTER[x]}5 {LETTER[y]}4")
    st.court_ghost[MULTI] = 1
    assert values_solo.sj_next_pick(A, st, 0, 2) == 6 + 1


def test_greedy_denies_spider_jack_the_die_he_wants():
    A, st, rng = _solo()
    card = _card(A, 1)
    st.deck[0], st.info[I_CARD] = card, 0
    c = int(A.card_col[card, 1])
    others = [k for k in range(6) if k != c]
    st.court_grunt[c] = 2                 # his colour's Grunts: the die he wants scores 6 more
    chosen = {}
    for deny in (0.0, 1.0):
        for rich in others:               # a die greedy likes better than his colour's 6
            fearmobile(A, st, 0, f"{LETTER[c]}6 {LETTER[c]}1 {LETTER[rich]}3 "
                                 f"{LETTER[others[-1]]}2")
            k = bots_dice.decide_draft(A, st, _lineup(sj_deny=deny), 0, 0, rng)
            chosen[deny, rich] = int(k)
    denied = [r for r in others if chosen[0.0, r] != 0 and chosen[1.0, r] == 0]
    assert denied, chosen                 # the term turns some pick into taking his die
    assert all(chosen[1.0, r] == 0 or chosen[0.0, r] == chosen[1.0, r] for r in others)
    A_reg, st_reg, _, _ = position(1, seed=3, bot="greedy", mode="solo1")
    st_reg.deck[0], st_reg.info[I_CARD] = card, 0
    fearmobile(A_reg, st_reg, 0, f"{LETTER[c]}6 {LETTER[c]}1 {LETTER[others[0]]}3 "
                                 f"{LETTER[others[-1]]}2")
    assert values_solo.draft_denial(A_reg, st_reg, 0, 0, bot_vector("greedy")) == 0.0  # solo 1


def _unscored(A, st, c, rank):
    st.sj_col[:] = -1
    st.sj_col[3], st.sj_face[3] = c, face(A, c, rank)
    st.info[I_UNSCORED] = 3
    st.info[I_SPOOK_STAGE] = 0


def test_the_ghost_his_unscored_rank_takes():
    A, st, _ = _solo()
    st.info[I_ROUND] = 2
    multi, blue = ghost_of(A, MULTI), ghost_of(A, B)
    st.gmarket[:] = [ghost_of(A, G), ghost_of(A, P), multi, blue, ghost_of(A, Y)]
    _unscored(A, st, ORANGE, 3)           # rank 3: position #3 from the right (index 2)
    w = bot_vector("greedy")
    left = int(A.rounds) - 2
    mean = np.mean([A.court_ghost_points * 3 * left * (1.0 if g == MULTI else 1 / 6)
                    for g in A.ghost_colour])
    assert values_solo.sj_ghost_denial(A, st, 2, w) == pytest.approx(
        A.court_ghost_points * 3 * left - mean)
    assert values_solo.sj_ghost_denial(A, st, 3, w) == 0.0   # not a position he takes
    _unscored(A, st, ORANGE, 2)           # rank 2: index 3, a blue Ghost
    st.court_dice[B] = 4                  # his Court's dice: 4 blue of 4
    assert values_solo.sj_ghost_denial(A, st, 3, w) == pytest.approx(
        A.court_ghost_points * 3 * left * 5 / 10 - np.mean(
            [A.court_ghost_points * 3 * left * (1.0 if g == MULTI else
                                               (5 / 10 if g == B else 1 / 10))
             for g in A.ghost_colour]))
    _unscored(A, st, ORANGE, 6)           # rank 6: positions #1 and #5
    assert values_solo.sj_ghost_denial(A, st, 0, w) != 0.0
    assert values_solo.sj_ghost_denial(A, st, 4, w) != 0.0
    assert values_solo.sj_ghost_denial(A, st, 2, w) == 0.0
    st.info[I_SPOOK_STAGE] = 1            # after his purchase: nothing to deny
    assert values_solo.sj_ghost_denial(A, st, 0, w) == 0.0
    st.info[I_SPOOK_STAGE] = 0
    st.info[I_ROUND] = int(A.rounds)      # the last round: his Ghosts score no more
    assert values_solo.sj_ghost_denial(A, st, 0, w) == 0.0


def test_greedy_buys_the_multi_ghost_he_would_take():
    A, st, rng = _solo()
    st.info[I_ROUND] = 1
    st.gmarket[:] = [ghost_of(A, G), ghost_of(A, P), ghost_of(A, MULTI), ghost_of(A, B),
                     ghost_of(A, Y)]
    _unscored(A, st, ORANGE, 3)
    st.malice[0] = int(A.ghost_cost[2])   # enough for the Ghost at index 2 (or cheaper ones)
    got = {}
    for g in (0.0, 1.0):
        x = bots_spook.decide_spook(A, st, _lineup(sj_ghost=g, ghost=0.0, cost=3.0), 0, rng)
        got[g] = (int(x), int(st.dec[0]))
    assert got[0.0][0] == 0               # without the term the Ghosts are not worth their cost
    assert got[1.0] == (1, 2)             # with it: the multi-coloured Ghost he would take


def test_payments_weigh_what_spider_jack_gains():
    w = bot_vector("greedy", {"prophecy": 2.0, "sj_pay": 0.5})
    A, _, _ = _solo(sj_prophecy=1, sj_summoning=1)
    assert values_solo.prophecy_weight(A, w) == 2.0 * 1.5
    assert values_solo.summon_weight(A, w) == 1.5
    A, _, _ = _solo(level=0)
    assert values_solo.prophecy_weight(A, w) == 2.0
    assert values_solo.summon_weight(A, w) == 1.0
    A, _, _, _ = position(2, seed=3, bot="greedy")
    assert values_solo.prophecy_weight(A, w) == 2.0 and values_solo.summon_weight(A, w) == 1.0


def _feed_position(**over):
    A, st, rng = _solo(**over)
    st.prophecy[0] = 0                    # card 01: 3 4 5 6 in a row's 4 leftmost spots: 20
    st.sj[0, :] = 1
    row(st, 0, 0, "B6 G6 P6 O6")          # feeding the top row keeps a 6 (4 of a kind)
    row(st, 0, 1, "B3 G4 P5 O6")          # the middle row's 4 completes the run
    row(st, 0, 2, "")
    return A, st, rng


def _feed(A, st, rng, **over):
    lu = _lineup(prophecy_reach=2.0, **over)
    x = bots_actions.decide_action(A, st, lu, 0, A_FEED, 0, 0, rng)
    assert x == 1
    return int(st.dec[0])


def _gains(A, st):
    w = bot_vector("greedy", {"noise": 0.0, "prophecy_reach": 2.0, "prophecy_keep": 1.0})
    base = values.prog(A, st, 0, w)       # reads 1 + 2 spots of each row
    return [values.feed_prophecy(A, st, 0, r, w, base) for r in range(3)]


def test_prophecy_reach_reads_the_spots_a_feed_may_keep():
    from simlab.games.monsters.scoring import prophecy_progress

    A, st, _ = _feed_position()
    got = {}
    for reach in (0, 2, 9):
        w = bot_vector("greedy", {"prophecy_reach": float(reach)})
        keep = np.minimum(st.sj[0] + reach, 6)
        got[reach] = values.prog(A, st, 0, w)
        assert got[reach] == pytest.approx(prophecy_progress(A.cards, 0, st.order_col[0],
                                                             st.order_rank[0], keep))
        assert list(st.pkeep[0]) == list(keep)
    assert got[0] < got[2] < got[9]       # the run and the 4 sixes are read only with reach


def test_feed_reads_the_prophecy_it_keeps():
    A, st, rng = _feed_position()
    gain = _gains(A, st)
    assert gain[1] > gain[0] > 0.0        # the run's 4th die is worth more to the card
    assert _feed(A, st, rng, prophecy_keep=0.0) == 0      # the higher die kept, as before
    k = 1.5 * (6 - 4) / (gain[1] - gain[0])               # the card's gain outweighs 2 ranks
    assert _feed(A, st, rng, prophecy_keep=k) == 1


def test_summoning_payment_weighs_the_die_a_feed_keeps():
    A, st, rng = _feed_position(sj_summoning=1)
    gain = _gains(A, st)
    k = 1.5 * (6 - 4) / (gain[1] - gain[0])  # between 2 and 4 ranks: the payment decides
    assert _feed(A, st, rng, prophecy_keep=k, sj_pay=0.0) == 1
    assert _feed(A, st, rng, prophecy_keep=k, sj_pay=1.0) == 0
