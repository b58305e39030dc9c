"""The bots weigh the end of the game by the standings (issue: no term whose only job is to make
games end): an option's share of the way to the end (1 when it triggers it) x the bot's lead
over the best opponent on the current scores, capped; a leader races to the end, a trailer keeps
the game going. On hand-built positions (``positions.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.jungle import greedy
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_IRRIG, A_RECRUIT
from simlab.games.jungle.state import E_TAKEN, I_TRIGGER

from .positions import arrays, build


def position(gold0, gold1, supply=(3, 5), **kw):
    A = arrays(2)
    spec0 = {"gold": gold0, "awake": 3, "food": 10, **kw}
    st, g, lu = build(A, [spec0, {"gold": gold1, "awake": 3, "food": 10}], supply=supply)
    return A, st, lu


def test_share_of_the_way_to_the_end():
    A, st, _ = position(0, 0, supply=(3, 5))
    assert greedy.end_share(A, st, 0, A_FIELDS, 1) == pytest.approx(1 / 3)
    assert greedy.end_share(A, st, 0, A_FIELDS, 3) == 1.0  # the last field: the trigger
    assert greedy.end_share(A, st, 0, A_IRRIG, 2) == pytest.approx(2 / 5)
    assert greedy.end_share(A, st, 0, A_FOOD, 3) == 0.0
    assert greedy.end_share(A, st, 0, A_RECRUIT, 2) == 0.0  # from the reserve: no trigger
    st.info[I_TRIGGER] = E_TAKEN
    assert greedy.end_share(A, st, 0, A_FIELDS, 3) == 0.0  # already triggered: nothing to add


def test_a_recruit_beyond_the_reserve_triggers_the_end():
    A, st, _ = position(3, 0, awake=6)  # a whole family of 6: every recruit is taken
    assert greedy.end_share(A, st, 0, A_RECRUIT, 1) == 1.0


def test_standing_is_the_lead_on_current_scores_capped():
    A, st, _ = position(12, 2)
    lead = greedy.end_standing(A, st, 0, A_FOOD, 0)
    assert lead == pytest.approx(10.0)  # 10 more gold, all else equal
    assert greedy.end_standing(A, st, 1, A_FOOD, 0) == pytest.approx(-10.0)
    A, st, _ = position(200, 0)
    assert greedy.end_standing(A, st, 0, A_FOOD, 0) == greedy.END_CAP
    assert greedy.end_standing(A, st, 1, A_FOOD, 0) == -greedy.END_CAP


@pytest.mark.parametrize("gold0,gold1,sign", [(12, 2, 1), (2, 12, -1)])
def test_leader_values_ending_and_trailer_avoids_it(gold0, gold1, sign):
    A, st, lu = position(gold0, gold1, supply=(2, 5))
    w = lu.params[0].copy()
    w0 = w.copy()
    w0[greedy.W_END] = 0.0
    wetc = greedy.wet_free_cells(A, st, 0)
    # taking the last 2 fields triggers the end: worth end x lead (10 points) to the leader
    d = greedy.option_value(A, st, 0, A_FIELDS, 2, 0, w, wetc, True) - \
        greedy.option_value(A, st, 0, A_FIELDS, 2, 0, w0, wetc, True)
    assert d == pytest.approx(sign * w[greedy.W_END] * 10.0)
    # one of the two: half the way
    d1 = greedy.option_value(A, st, 0, A_FIELDS, 1, 0, w, wetc, True) - \
        greedy.option_value(A, st, 0, A_FIELDS, 1, 0, w0, wetc, True)
    assert d1 == pytest.approx(d / 2)
    assert np.isfinite(d)


@pytest.mark.parametrize("spec", [
    {},
    {"fields": [(5, 3), (5, 4), (5, 5), (4, 3)],
     "sticks": [((5, 4), (5, 5)), ((4, 4), (5, 4)), ((5, 4), (6, 4)), ((4, 3), (5, 3))]},
    {"fields": [(0, 0), (0, 1), (1, 1)], "sticks": [((0, 0), (0, 1)), ((1, 1), (2, 1)),
                                                     ((0, 1), (1, 1))]},
])
def test_the_standings_count_stick_points_as_the_final_scoring_does(spec):
    from simlab.games.jungle import board

    A = arrays(2)
    st, g, lu = build(A, [spec, {}])
    for q in range(2):
        assert board.stick_points_now(st, q) == board.stick_points(A, st, q)


def test_the_standings_count_stick_points_over_whole_games():
    # the end of many whole games: the fast count equals the final scoring's
    from simlab.games.jungle import board
    from simlab.games.jungle.game import GAME
    from simlab.games.jungle.reference import ReferenceGame

    prep = GAME.prepare(GAME.make_rules(3), GAME.lineup("farmer,greedy,random", 3))
    for game in range(20):
        ref = ReferenceGame(prep.arrays, prep.lineup, 3, game)
        ref.play()
        st = ref.make_view()
        for q in range(3):
            assert board.stick_points_now(st, q) == board.stick_points(prep.arrays, st, q)
