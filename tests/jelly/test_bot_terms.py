"""Decision tests of the evaluator bots' terms on hand-built positions: a jelly-pod valued at
the mean roll of the pod die played; the answer to a player who waits (the hold term: the
jelly at risk to dice the opponents place after the bot's last die, in placements and
lock-downs; in_hand: the timer flip weighs the dice each opponent still holds)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.jelly import bots, evaluator, nb, roster, timer, valuation
from simlab.games.jelly.roster import bot_vector
from simlab.games.jelly.state import JellyLineup, new_scratch, new_search
from simlab.games.jelly.valuation import standing
from tests.jelly.positions import board, bot_lineup, kernel_position

SEED = 5


# --------------------------------------------------------------------------- a pod's value
@pytest.mark.parametrize("sides,district", [(6, 0), (12, 1)])
def test_a_pod_counts_its_die_s_mean_roll(sides, district):
    # district 0 pays 5 jelly, district 1 a pod: a d6 pod (3.5) is worth less than 5, a d12
    # pod (6.5) more; greedy, with one 6 to place on an empty board, takes the better one
    rules = board(3, "jelly:5", "pod", pod_sides=sides)
    assert rules.pod_value == (sides + 1) / 2
    _A, st, _agg, _sc = kernel_position(rules, {})
    st.roll[:] = 0
    st.roll[6] = 1
    st.n_left[:] = (1, 0, 0)
    v, d, _arg = bots.decide_place(rules, st, bot_lineup(3, "greedy"), 0, new_stream(SEED, 0))
    assert (int(v), int(d)) == (6, district)


def test_standing_counts_pods_at_their_mean_roll():
    for sides in (1, 6, 20):
        rules = board(3, "jelly:0", "jelly:0", pod_sides=sides)
        _A, st, _agg, _sc = kernel_position(rules, {}, jelly=(4, 0, 0), pods=(2, 0, 0))
        assert standing(rules, st, 0) == 4 + 2 * (sides + 1) / 2


# --------------------------------------------------------------------------- against a waiter
# Three players, two districts; seat 0 acts at t = 30 with its last die (or none), seat 1 (a
# player who waits) still holds all 7 dice, seat 2 has finished. With the timer of 10 s seat 1
# places 5 dice after seat 0's last one (timer.fill_hand), dice seat 0 cannot answer.
NOW = 30.0


def _waiter_position(rules, placements, *, mine, jelly=None):
    A, st, _agg, _sc = kernel_position(rules, placements, jelly=jelly)
    st.n_left[:] = (mine, 7, 0)
    st.next_time[:] = NOW
    st.roll[:] = 0
    return A, st


def _lineup(name, **over):
    vec = bot_vector(name, over)
    return JellyLineup(np.full(3, bots.BOTS[name][0], np.int64), np.tile(vec, (3, 1)))


def test_fill_hand_counts_the_dice_a_waiter_places_after_my_last():
    rules = board(3, "jelly:6", "jelly:5")
    A, st = _waiter_position(rules, {}, mine=1)
    assert timer.fill_hand(A, st, 0)
    # seat 1's steps from t = 30 at its mean step times, before the earliest end: seat 0
    # finishes (and may flip) at 30, the timer runs 10 s
    t, k = NOW, 0
    while k < 7 and t < NOW + 10.0:
        k += 1
        t += timer.mean_step(A, 1, 7 - k, 2)
    assert list(st.hand) == [0, k, 0] and 0 < k < 7
    assert st.spare[1, 2] == pytest.approx((1 - 2 / 12) ** k)
    # nobody places after seat 0: no hand (the hold term is off)
    st.n_left[:] = (1, 0, 0)
    assert not timer.fill_hand(A, st, 0)


def test_keep_chance_counts_the_values_that_overturn_a_control():
    # seat 0 controls district 1 with a 3 (seat 1 has no die there): every value above 3 and a
    # 1-2 removing the 3 overturn it, 5 of 6; on district 0 its 6 against seat 2's 5 falls only
    # to a 1-2 of seat 1 removing the 6
    rules = board(3, "jelly:6", "jelly:5")
    A, st = _waiter_position(rules, {0: [(0, 6), (2, 5)], 1: [(0, 3)]}, mine=0)
    assert timer.fill_hand(A, st, 0)
    k = st.hand[1]
    assert valuation.keep_chance(st, 1, 0, 3, 3, 3, -1, 0, 0) == pytest.approx((1 - 5 / 12) ** k)
    assert valuation.keep_chance(st, 0, 0, 3, 6, 6, -1, 0, 0) == pytest.approx((1 - 2 / 12) ** k)
    st.hand[:] = 0  # no die held: the control is kept for sure
    assert valuation.keep_chance(st, 1, 0, 3, 3, 3, -1, 0, 0) == 1.0


def test_hold_places_where_the_control_survives_the_waiter():
    # seat 0's last die, a 6: on district 0 (6 jelly) it beats the waiter's 5 by 1, so any of
    # the waiter's values but a 5 (which cancels its own) overturns it, a 1-2 by removing the
    # 6; on district 1 (5 jelly, empty) only a 1-2 removing it does. Greedy without the hold
    # term takes the 6 jelly; with it, it holds the 5 it is likely to keep
    rules = board(3, "jelly:6", "jelly:5")
    A, st = _waiter_position(rules, {0: [(1, 5)]}, mine=1)
    st.n_left[1] = 7
    st.roll[6] = 1
    k = 0
    for hold, district in ((0.0, 0), (1.0, 1)):
        for seed in range(4):  # any tie order
            v, d, _arg = bots.decide_place(A, st, _lineup("greedy", hold=hold, wait=-1e9), 0,
                                           new_stream(SEED, seed))
            assert (int(v), int(d)) == (6, district), hold
            k = st.hand[1]
    # the jelly at risk: 6 x (1 - (7/12)^k) against 5 x (1 - (10/12)^k), k the waiter's dice
    assert k == 5 and 6 - 6 * (1 - (7 / 12) ** k) < 5 - 5 * (1 - (10 / 12) ** k)
    # no die placed by anyone after seat 0's: the hold term adds nothing, the 6 jelly it is
    st.n_left[1] = 0
    v, d, _arg = bots.decide_place(A, st, _lineup("greedy", wait=-1e9), 0, new_stream(SEED, 0))
    assert (int(v), int(d)) == (6, 0)


def test_hold_locks_down_the_district_most_at_risk():
    # seat 0 has finished and controls both districts: district 0 (6 jelly) by 1 over the
    # finished seat 2, district 1 (5 jelly) by 3 with nobody else there. value / (1 + margin)
    # (hold 0) locks district 0; the jelly at risk to the dice seat 1 still holds is larger on
    # district 1 (5 of 6 values overturn a lone 3, 2 of 6 the 6), so the hold term locks it
    rules = board(3, "jelly:6", "jelly:5")
    A, st = _waiter_position(rules, {0: [(0, 6), (2, 5)], 1: [(0, 3)]}, mine=0)
    w0 = bot_vector("greedy", {"hold": 0.0})
    w1 = bot_vector("greedy")
    assert evaluator.evaluate_lock(A, st, w0, 0, new_stream(SEED, 0)) == 0
    assert evaluator.evaluate_lock(A, st, w1, 0, new_stream(SEED, 0)) == 1
    # no opponent places a die any more: nothing is at risk, no lock-down
    st.n_left[1] = 0
    assert evaluator.evaluate_lock(A, st, w1, 0, new_stream(SEED, 0)) == -1


def test_in_hand_flips_to_cut_a_waiter_who_would_stand_best():
    # seat 0 (5 jelly) has finished behind the finished seat 2 (12); seat 1 (4 jelly) holds 7
    # dice, ~17 s of steps: a flip now lets it place 5. Counting no jelly for dice in hand,
    # seat 0 keeps the timer (the leader may yet be hurt); counting 2 a die, seat 1's prospect
    # (4 + 14) is the best and the flip cuts it to 4 + 10: it flips
    rules = board(3, "jelly:6", "jelly:5")
    A, st = _waiter_position(rules, {}, mine=0, jelly=(5, 4, 12))
    assert timer.dice_in_time(A, st, 1, NOW + 10.0) == 5
    assert not evaluator.evaluate_flip(A, st, bot_vector("greedy", {"in_hand": 0.0}), 0)
    assert evaluator.evaluate_flip(A, st, bot_vector("greedy", {"in_hand": 2.0}), 0)
    # the leader, finished, with 20: seat 1's prospect 4 + 14 stays below it; the flip then
    # would only spare the leader: keep the timer
    st.jelly[:] = (5, 4, 20)
    assert not evaluator.evaluate_flip(A, st, bot_vector("greedy", {"in_hand": 2.0}), 0)


# --------------------------------------------------------------------------- the search's terms
def test_search_candidates_and_playouts_follow_playout_hold():
    # the hold position above, with no time to roll again (a roll-again limit reached): a
    # search of width 1 takes the playouts' greedy's best placement without playouts, so the
    # choice shows the policy's hold weight: the 6 jelly without it, the safer 5 with it
    rules = board(3, "jelly:6", "jelly:5", roll_again_limit=1)
    A, st = _waiter_position(rules, {0: [(1, 5)]}, mine=1)
    st.n_left[1] = 7
    st.roll[6] = 1
    st.rerolls[0] = 1
    assert not timer.can_wait(A, st, 0)
    sc = new_scratch(3)
    for hold, district in ((0.0, 0), (1.0, 1)):
        S = new_search(3, 2)
        lu = _lineup("search", width=1, playout_hold=hold)
        v, d, _arg = nb.choose_place(A, st, lu, 0, new_stream(SEED, 0), sc, S)
        assert (int(v), int(d)) == (6, district) and S.w[roster.W_HOLD] == hold


def test_search_moments_zero_locks_and_flips_as_greedy():
    # moments 0 (search's default): its lock-down and flip are greedy's, with the playouts'
    # hold weight, not played out; moments 1 plays them out (and may choose otherwise)
    rules = board(3, "jelly:6", "jelly:5")
    A, st = _waiter_position(rules, {0: [(0, 6), (2, 5)], 1: [(0, 3)]}, mine=0,
                             jelly=(5, 4, 12))
    sc = new_scratch(3)
    for hold in (0.0, 1.0):
        w = bot_vector("greedy", {"hold": hold})
        lu = _lineup("search", playout_hold=hold)
        assert nb.choose_lock(A, st, lu, 0, new_stream(SEED, 1), sc, new_search(3, 2)) == \
            evaluator.evaluate_lock(A, st, w, 0, new_stream(SEED, 1))
        assert nb.choose_flip(A, st, lu, 0, new_stream(SEED, 1), sc, new_search(3, 2)) == \
            evaluator.evaluate_flip(A, st, w, 0)
    # the lock-down differs by the hold weight (district 0 by margin, 1 by risk): the
    # parameter reaches the decision
    locks = {nb.choose_lock(A, st, _lineup("search", playout_hold=h), 0, new_stream(SEED, 1),
                            sc, new_search(3, 2)) for h in (0.0, 1.0)}
    assert locks == {0, 1}


def test_the_risk_of_late_dice_never_makes_a_bot_wait():
    # seat 0's last die, a 6, has one open district (1 jelly) where the waiter has a 5: the
    # placement scores take 1 + margin 0.1 x 6 = 1.6 before its hold term, which is about -1
    # (the waiter's dice overturn the control almost surely). With a wait threshold of 1.5
    # the bot places: the wait test reads the score without a negative hold term (1.6), not
    # the whole score (about 0.6); at 1.7 it rolls again
    rules = board(3, "jelly:1", "jelly:5")
    A, st = _waiter_position(rules, {0: [(1, 5)]}, mine=1)
    st.n_left[1] = 7
    st.locked[1] = 2
    st.roll[6] = 1
    assert timer.can_wait(A, st, 0) and timer.fill_hand(A, st, 0)
    for wait, placed in ((1.5, True), (1.7, False)):
        v, d, _arg = bots.decide_place(A, st, _lineup("greedy", wait=wait), 0,
                                       new_stream(SEED, 0))
        assert (int(v), int(d)) == ((6, 0) if placed else (0, -1)), wait
    # the whole score is below 1.5: had the threshold read it, the bot would have waited
    n, _v, _d, _a = evaluator.evaluate_place(A, st, bot_vector("greedy", {"wait": 1.5}), 0,
                                            np.zeros(64, np.int64), SCORES, new_stream(SEED, 0))
    assert n == 1 and SCORES[0] < 1.0


SCORES = np.zeros(64, np.float64)
