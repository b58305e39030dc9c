"""The real-time model in seconds (rulebook "Playing a Round": "Either: place one of your dice
[...] OR do not place a die"; "After a player has placed all their dice, they MAY flip the sand
timer. If they do, the remaining players have 10 seconds"), and the rules a review found
untested: the starting jelly, the 30-pod stack within a game, the city center after the
districts, rewards reached through an arrow, who may flip, a lock-down needs dice.

Positions are hand-built on both engines (``positions.py``); whole games run on both.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from simlab.core.rng import new_stream, uniform
from simlab.games.jelly import bots, evaluator, scoring, timer
from simlab.games.jelly.game import GAME
from simlab.games.jelly.rules import make_rules

from .positions import (
    Outcome,
    board,
    bot_lineup,
    counter,
    kernel_position,
    reference_position,
    score_both,
)

SEED = 515


def prepared(players, bots_, **overrides):
    rules = make_rules(players, overrides)
    return rules, GAME.prepare(rules, GAME.lineup(bots_, players))


# --------------------------------------------------------------------------- step times
@pytest.mark.parametrize("n_left, locked, speed", [(7, 0, 1.0), (3, 2, 1.0), (1, 4, 2.0)])
def test_step_time_grows_with_what_the_player_weighs(n_left, locked, speed):
    # (roll + think + weigh x dice x open districts) x U[1 - j, 1 + j] / speed, on both engines,
    # from the same stream state: 6 districts, ``locked`` of them locked down
    rules = make_rules(4, {"speeds": f"{speed},1,1,1"})
    A = rules.to_arrays()
    _A, st, _agg, _sc = kernel_position(rules)
    st.n_left[0] = n_left
    st.locked[:locked] = 1
    rng = new_stream(SEED, 0)
    u = uniform(new_stream(SEED, 0))
    expected = (1.5 + 0.5 + 0.04 * n_left * (6 - locked)) * (0.7 + 0.6 * u) / speed
    assert timer.step_time(A, st, 0, rng) == pytest.approx(expected, rel=1e-12)
    g = reference_position(rules, seed=SEED, game=0)
    g.players[0].dice_in_hand = n_left
    for d in range(locked):
        g.districts[d].locked_by = 1
    assert g.step_time(0) == pytest.approx(expected, rel=1e-12)


def test_a_round_takes_about_twenty_seconds_at_speed_one():
    # 7 dice on 6 open districts at the mean: sum over k = 7..1 of 2 + 0.04 x 6 x k = 20.7 s;
    # every die placed (no timer bites at equal speeds): the rounds' steps say so
    rules = make_rules(4)
    A = rules.to_arrays()
    mean = sum(timer.mean_step(A, 0, k, 6) for k in range(1, 8))
    assert mean == pytest.approx(14 + 0.24 * 28)
    _r, prep = prepared(4, "greedy")
    agg, _ = GAME.run_batch(prep, SEED, 0, 300, False)
    assert counter(agg, "dice_lost_to_timer") <= 300 * 4 * 4 * 7 * 0.001


# --------------------------------------------------------------------------- rolling again
def _watch_state(rules, *, n_left, flipped=False, deadline=np.inf, now=30.0, others=7):
    A = rules.to_arrays()
    _A, st, _agg, _sc = kernel_position(rules)
    st.n_left[:] = others
    st.n_left[0] = n_left
    st.next_time[:] = now
    st.info[2] = int(flipped)
    st.deadline[0] = deadline
    return A, st


def test_rolling_again_only_while_the_time_allows():
    rules = make_rules(4)
    # nobody has finished: the timer cannot run out before an opponent's 7 dice (~21 s) plus
    # 10 s; my 3 dice after one more roll take ~7.5 s: time to spare
    A, st = _watch_state(rules, n_left=3)
    assert timer.can_wait(A, st, 0)
    # the timer runs out in 5 s: no time to roll again with 3 dice
    A, st = _watch_state(rules, n_left=3, flipped=True, deadline=35.0)
    assert not timer.can_wait(A, st, 0)
    # an opponent has finished and may flip now: 10 s; 7 dice need ~21 s
    A, st = _watch_state(rules, n_left=7, others=0)
    assert not timer.can_wait(A, st, 0)
    # ... but one die fits easily
    A, st = _watch_state(rules, n_left=1, others=0)
    assert timer.can_wait(A, st, 0)


def test_greedy_rolls_again_rather_than_cancel_itself():
    # its only die matches its own die on every open district: placing it would cancel both
    # (score below pass_below); it places nothing and rolls again
    rules = board(3, "jelly:5", "jelly:5")
    _A, st, _agg, _sc = kernel_position(rules, {0: [(0, 4)], 1: [(0, 4)]})
    st.roll[:] = 0
    st.roll[4] = 1
    st.n_left[:] = 1
    A = rules
    lu = bot_lineup(3, "greedy")
    v, d, arg = bots.decide_place(A, st, lu, 0, new_stream(SEED, 1))
    assert v == 0 and d == -1


def test_bots_roll_again_in_whole_games_and_both_engines_agree():
    # greedy(wait=5) rolls again when its roll offers little and time allows: passes happen,
    # every die is still placed or lost, and kernel and reference agree game for game
    _r, prep = prepared(4, "greedy(wait=5),greedy,spread,saboteur")
    agg, rows = GAME.run_batch(prep, SEED, 0, 20, True)
    assert counter(agg, "passes") > 20
    assert counter(agg, "dice_placed") + counter(agg, "dice_lost_to_timer") == 20 * 4 * 4 * 7
    for game in range(6):
        scores, winners, ragg, _ = GAME.reference_game(prep, SEED, game)
        assert list(rows["score"][game]) == scores


# --------------------------------------------------------------------------- the flip
def test_evaluator_flip_when_ahead_or_the_flip_cuts_nothing():
    # (the flip's terms against a waiting player: tests/jelly/test_bot_terms.py)
    rules = make_rules(3)
    w = bots.bot_vector("greedy")
    # seat 0 has placed everything and leads (12 jelly against 2, and against 2 + 2 x 3 for
    # the others' 3 dice): it flips while others roll
    A, st = _watch_state(rules, n_left=0, others=3)
    st.jelly[:] = (12, 2, 2)
    assert evaluator.evaluate_flip(A, st, w, 0)
    # behind a finished leader; seat 2 places its 3 dice within the timer's 10 s anyway: a
    # flip cuts nothing, costs nothing and ends any wait
    st.jelly[:] = (5, 12, 2)
    st.n_left[:] = (0, 0, 3)
    assert evaluator.evaluate_flip(A, st, w, 0)
    # seat 2 has 7 dice (about 20 s of steps): a flip would cut some, but its prospect
    # (2 + 2 x 7) stays below the finished leader's 20: it keeps the timer (those dice may
    # yet hurt the leader)
    st.jelly[:] = (5, 20, 2)
    st.n_left[:] = (0, 0, 7)
    assert not evaluator.evaluate_flip(A, st, w, 0)
    # nobody left to roll: nothing to flip for; flip = 0: never
    st.n_left[:] = 0
    assert not evaluator.evaluate_flip(A, st, w, 0)
    st.n_left[:] = (0, 3, 3)
    assert not evaluator.evaluate_flip(A, st, bots.bot_vector("greedy", {"flip": 0}), 0)


def _round_lines(lines):
    rounds, cur = [], None
    for line in lines:
        if line.startswith("Round "):
            cur = []
            rounds.append(cur)
        elif cur is not None and not line.startswith("  Scoring"):
            cur.append(line)
    return rounds


def test_only_a_finished_player_flips_and_it_may_flip_later():
    # reference logs of whole games: a player flips only after its 7th die of the round, at
    # that moment or a later one; the random bot (flipping with chance 0.3 at each moment, the
    # others never) often flips at a later moment; it has no flip moment in a round it
    # finishes last, so it flips in some rounds only
    _r, prep = prepared(4, "greedy(flip=0),random(flip=0.3),spread(flip=0),saboteur(flip=0)")
    later = 0
    flips = 0
    for game in range(12):
        _s, _w, _agg, lines = GAME.reference_game(prep, SEED, game, log=True,
                                                  names=["A", "B", "C", "D"])
        for rnd in _round_lines(lines):
            placed = {q: 0 for q in "ABCD"}
            last = {}
            for line in rnd:
                m = re.match(r"\s+t=\s*([\d.]+) (\w) rolls .*, places a", line)
                if m:
                    placed[m.group(2)] += 1
                    last[m.group(2)] = float(m.group(1))
                m = re.match(r"\s+t=\s*([\d.]+) (\w) flips the sand timer", line)
                if m:
                    who, t = m.group(2), float(m.group(1))
                    assert placed[who] == 7, line
                    flips += 1
                    later += t > last[who]
    assert flips >= 12 * 4 // 4 and later > 0


def test_timer_flipped_by_a_finished_player_cuts_the_slow_one_short():
    # seat 0 at speed 0.3 (a step ~7 s or more) cannot place 7 dice in the 10 s after the first
    # finisher flips: it loses dice every round; the others almost none (a flip timed at their
    # mean step times can still catch a jittered step)
    _r, prep = prepared(4, "greedy", speeds="0.3,1,1,1")
    agg, _ = GAME.run_batch(prep, SEED, 0, 200, False)
    lost = agg["seat"][:, 1]
    assert lost[0] >= 200 * 4 and lost[1:].sum() * 100 < lost[0]


# --------------------------------------------------------------------------- untested rules
def test_default_starting_jelly_is_two():
    # rulebook: "Each player takes two 1-point Jelly tokens"; on a board without rewards and
    # without pods, every player ends with exactly those 2 (all share the win)
    rules = make_rules(4)
    assert rules.starting_jelly == 2 and list(rules.to_arrays().start_jelly) == [2, 2, 2, 2]
    blank = {f"district.{d}": "jelly:0,jelly:0,jelly:0" for d in range(6)}
    _r, prep = prepared(4, "greedy,random,spread,saboteur", pods=0, **blank)
    agg, rows = GAME.run_batch(prep, SEED, 0, 20, True)
    assert (rows["score"] == 2).all() and rows["winner"].all()
    scores, _w, _a, _l = GAME.reference_game(prep, SEED, 3)
    assert scores == [2, 2, 2, 2]


def test_the_stack_of_30_pods_runs_out_within_a_game():
    # every zone a pod: 4 rounds x 6 districts want far more than 30 pods; the players end
    # with at most 30 between them, and at least 30 - 3 (a tie of 4 needs 4 of them)
    pods_board = {f"district.{d}": "pod,pod,pod" for d in range(6)}
    rules, prep = prepared(4, "greedy,random,spread,saboteur", **pods_board)
    assert rules.pods == 30
    for game in range(10):
        g_scores, _w, agg, lines = GAME.reference_game(prep, SEED, game, log=True)
        held = sum(int(x) for x in agg["seat"][:, 7])
        assert 27 <= held <= 30
    agg, _ = GAME.run_batch(prep, SEED, 0, 10, False)
    assert counter(agg, "pods_short") > 0
    assert int(agg["seat"][:, 7].sum()) <= 300


def test_city_center_scored_after_the_districts_when_pods_run_short():
    # one pod left; district 0 (a pod reward) is controlled by seat 0, seat 1 has the most dice
    # on the city center: the districts are scored first, so seat 0 takes the last pod and
    # the city center's pod is not there any more
    rules = board(3, "pod", "jelly:0", "jelly:0")
    dice = {0: [(0, 5), (1, 2)]}
    A, st, agg, sc = kernel_position(rules, dice, pod_stack=1, center=[(1, 3), (1, 4)])
    scoring.score_round(A, st, agg, sc, new_stream(SEED, 0))
    g = reference_position(rules, dice, pod_stack=1, center=[(1, 3), (1, 4)])
    g.score_round()
    assert [int(x) for x in st.pods] == [p.pods for p in g.players] == [1, 0, 0]
    assert int(st.info[1]) == g.pod_stack == 0


def test_by_dice_reward_reached_through_an_arrow_counts_this_districts_dice():
    # district 0: adjacent (its right neighbour, read from the center) -> district 1 showing
    # by_dice:1:jelly6:pod. The count is of the dice on district 0: one die -> 6 jelly; two
    # dice (that survive cancellation) -> a pod
    rules = board(3, "adjacent:right", "by_dice:1:jelly6:pod", "jelly:0",
                  adjacent_orientation="center")
    one = score_both(rules, {0: [(0, 5)]}, jelly=(0, 0, 0))
    assert one[0] == one[1] == Outcome((6, 0, 0), (0, 0, 0), 30)
    two = score_both(rules, {0: [(0, 5), (0, 3)]}, jelly=(0, 0, 0))
    assert two[0] == two[1] == Outcome((0, 0, 0), (1, 0, 0), 29)
    # a cancelled pair does not count: 5 + 3 + 3 -> one surviving die -> 6 jelly
    three = score_both(rules, {0: [(0, 5), (0, 3), (0, 3)]}, jelly=(0, 0, 0))
    assert three[0] == three[1] == Outcome((6, 0, 0), (0, 0, 0), 30)


def test_podium_reward_reached_through_an_arrow_ranks_this_district():
    # district 0 arrow -> district 1 showing podium:2:4; ranks on district 0: seat 0 top (6),
    # seat 1 second (4), seat 2 third (1): 2 to seat 0, 4 to seat 1; district 1's own dice
    # (seat 2 alone there) play no part in it
    rules = board(3, "adjacent:right", "podium:2:4", "jelly:0", adjacent_orientation="center")
    got = score_both(rules, {0: [(0, 6), (1, 4), (2, 1)], 1: [(2, 6)]}, jelly=(0, 0, 0))
    assert got[0] == got[1] == Outcome((2, 4, 0), (0, 0, 0), 30)


def test_a_lock_down_needs_dice_on_the_entrance():
    rules = board(3, "jelly:1", "jelly:1", "jelly:1")
    A, st, _agg, _sc = kernel_position(rules, {1: [(2, 4)]})
    g = reference_position(rules, {1: [(2, 4)]})
    assert [bool(timer.lock_allowed(A, st, d)) for d in range(3)] == [False, True, False]
    assert [g.lock_allowed(d) for d in range(3)] == [False, True, False]
    st.locked[1] = 0
    g.districts[1].locked_by = 0
    assert not timer.lock_allowed(A, st, 1) and not g.lock_allowed(1)  # one screen per entrance
    free = board(3, "jelly:1", "jelly:1", "jelly:1", lock_requires_dice=False)
    A2, st2, _a, _s = kernel_position(free)
    g2 = reference_position(free)
    assert timer.lock_allowed(A2, st2, 0) and g2.lock_allowed(0)


# --------------------------------------------------------------------------- bot valuation
def test_bots_value_second_place_on_a_podium():
    # district 0 shows podium:2:4 and seat 1 holds a 6 there; district 1 pays 3 to its
    # controller and is empty. With a single 3 in the roll, second place on district 0 pays 4,
    # control of district 1 pays 3: greedy aims for second
    rules = board(3, "podium:2:4", "jelly:3")
    _A, st, _agg, _sc = kernel_position(rules, {0: [(1, 6)]})
    st.roll[:] = 0
    st.roll[3] = 1
    st.n_left[:] = (1, 5, 5)
    st.next_time[:] = 0.0
    v, d, arg = bots.decide_place(rules, st, bot_lineup(3, "greedy"), 0, new_stream(SEED, 2))
    assert (v, d) == (3, 0)


def test_bots_count_the_dice_a_number_of_dice_reward_reads():
    # district 0 shows by_dice:1:jelly7:pod and holds seat 0's pair of 2s (they cancel);
    # district 1 pays 5. One more die on district 0 leaves a single surviving die: 7 jelly,
    # not the pod (3.5) the raw count of 3 dice would give; greedy places there
    rules = board(3, "by_dice:1:jelly7:pod", "jelly:5")
    _A, st, _agg, _sc = kernel_position(rules, {0: [(0, 2), (0, 2)]})
    st.roll[:] = 0
    st.roll[6] = 1
    st.n_left[:] = (1, 5, 5)
    st.next_time[:] = 0.0
    v, d, arg = bots.decide_place(rules, st, bot_lineup(3, "greedy"), 0, new_stream(SEED, 3))
    assert (v, d) == (6, 0)


def test_district_reward_metric_counts_podium_payouts():
    # podium:2:4 with seats 0 (6) and 1 (4): the district paid 2 + 4 = 6 jelly
    rules = board(3, "podium:2:4", "jelly:0")
    A, st, agg, sc = kernel_position(rules, {0: [(0, 6), (1, 4)]}, jelly=(0, 0, 0))
    scoring.score_district(A, st, 0, agg, sc, new_stream(SEED, 0))
    assert int(agg.district_jelly[0]) == 6
    g = reference_position(rules, {0: [(0, 6), (1, 4)]}, jelly=(0, 0, 0))
    g.score_district(0)
    assert int(g.agg.district_jelly[0]) == 6
