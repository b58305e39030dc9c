"""Rulebook "End of the round" (food on unchosen tiles), "End of the game" and "Scoring
points", on both engines."""

from __future__ import annotations

from simlab.games.jungle import nb, turn
from simlab.games.jungle.state import new_agg

from .positions import arrays, build, same


def test_unchosen_tiles_gain_one_food_used_tiles_return():
    A = arrays(2)
    st, g, lu = build(A, [{}, {}], tile_food=[0, 1, 2, 0, 5])
    st.tile_used[:] = [1, 0, 0, 1, 0]
    g.used = [True, False, False, True, False]
    nb.end_round(A, st, new_agg(2, A.max_rounds))
    assert list(st.tile_food) == [0, 2, 3, 0, 6] and list(st.tile_used) == [0] * 5
    g.end_round()
    assert g.tile_food == [0, 2, 3, 0, 6] and g.used == [False] * 5


def test_final_scoring():
    # seat 0: 4 kittens (2 awake, 1 asleep, 1 gold merchant with 2 gold) -> awake kittens
    # (2 workers + the merchant) give 3 food: 4 + 3 = 7 food -> 3 points; sticks: one between
    # two fields (2) and one outer (1); gold 3 -> 3; penalties 1 -> -3.
    A = arrays(2)
    st, g, lu = build(A, [{"food": 4, "gold": 3, "awake": 2, "asleep": 1, "penalties": 1,
                           "merchants": [("gold", 2)],
                           "sticks": [((5, 4), (5, 5)), ((4, 4), (5, 4))]},
                          {"food": 1, "merchants": [("food", 3)]}])
    assert same(st, g)
    k = turn.final_scoring(A, st)
    scores, rows = g.final_scoring()
    assert list(st.bd[0]) == rows[0] == [12, 3, 6, 0, 3, 3, -3]
    # seat 1: 3 kittens 9, stick 2, food on merchant 3*2 = 6, food 1 + 3 awake = 4 -> 2
    assert list(st.bd[1]) == rows[1] == [9, 2, 0, 6, 0, 2, 0]
    assert list(st.scores) == scores == [24, 19] and k == 1 and list(st.winners) == [1, 0]


def test_tied_top_scores_share_the_victory():
    A = arrays(2)
    st, g, lu = build(A, [{}, {}])
    assert turn.final_scoring(A, st) == 2 and list(st.winners) == [1, 1]


def test_game_ends_at_the_end_of_the_round_of_the_trigger():
    # the trigger round is always finished: every game's turns are rounds x players
    from simlab.games.jungle.game import GAME
    from simlab.games.jungle.state import COUNTER_NAMES

    for p in (2, 3, 4):
        rules = GAME.make_rules(p)
        agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", p)), 5, 0, 300, False)
        c = dict(zip(COUNTER_NAMES, agg["counters"], strict=True))
        assert c["turns"] == p * c["rounds"]
        assert agg["end_reasons"][1:4].sum() + agg["end_reasons"][4] == 300
