"""Rulebook "Playing a Round" and "Prepare the Next Round": dice returned each round, Target
markers reset to the first zone, lock-downs, the sand timer, the Drone's scoring order.

These rules live in the round loop, so they are checked through whole rounds and games on both
engines: ``nb.play_round`` / ``GAME.run_batch`` (kernel) and ``ReferenceGame`` /
``GAME.reference_game`` (reference). Expected values are derived from the rules in the comments
(bounds and exact counts that hold for every game), never read off a run.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.jelly import dice, nb
from simlab.games.jelly.game import GAME
from simlab.games.jelly.reference import ReferenceGame
from simlab.games.jelly.rules import make_rules
from simlab.games.jelly.state import S_PLACED, S_TIMER_LOST, new_agg, new_scratch, new_state

from .positions import counter, kernel_dice, reference_dice

SEED = 20240611


def prepared(players, bots, **rule_overrides):
    rules = make_rules(players, rule_overrides)
    return rules, GAME.prepare(rules, GAME.lineup(bots, players))


def reference_totals(prep, seed, n_games):
    """Reference aggregates summed over games 0..n_games-1 (dict of arrays)."""
    total = None
    for game in range(n_games):
        _scores, _winners, agg, _lines = GAME.reference_game(prep, seed, game)
        total = agg if total is None else {k: total[k] + agg[k] for k in total}
    return total


def one_round(prep, seed, game, *, targets=None, locked=None, leftovers=False):
    """Play one round on both engines from the same stream; returns (st, agg, g)."""
    A, lineup = prep.arrays, prep.lineup
    st, agg = new_state(A.n_players, A.n_districts), new_agg(A.n_players, A.n_districts)
    g = ReferenceGame(A, lineup, seed, game)
    if targets is not None:  # leftovers of a previous round
        st.target[:] = targets
        for d in g.districts:
            d.target = targets
    if locked is not None:
        st.locked[:] = locked
        for d in g.districts:
            d.locked_by = locked
    if leftovers:
        st.dice[0, 0, 6] = 2
        dice.refresh_eff(st, 0, 0)
        g.districts[0].dice = [(0, 6), (0, 6)]
    nb.play_round(A, st, lineup, new_stream(seed, game), agg,
                  new_scratch(A.n_players, A.n_districts), None)
    g.play_round()
    return st, agg, g


# --------------------------------------------------------------------------- next round
@pytest.mark.parametrize("game", range(8))
def test_new_round_resets_targets_locks_and_returns_dice(game):
    # The previous round left every Target on the third zone, every district locked by seat 0
    # and two dice on district 0. A new round: Targets back on the first zone (the bots use no
    # effect, so nothing moves them), no screens (else no die could be placed at all), and
    # each player has their 7 dice again: 3 x 7 = 21 dice placed (no timer flip: none lost).
    _rules, prep = prepared(3, "random(effect=0,flip=0,lock=0)")
    st, agg, g = one_round(prep, SEED, game, targets=2, locked=0, leftovers=True)
    assert [int(t) for t in st.target] == [d.target for d in g.districts] == [0] * 5
    assert [int(x) for x in st.locked] == [d.locked_by for d in g.districts] == [-1] * 5
    for a in (agg, g.agg):
        assert counter(a, "dice_placed") == 21
        assert counter(a, "dice_lost_to_timer") == 0
    assert int(st.ndice.sum()) == sum(len(d.dice) for d in g.districts) == 21
    for d in range(5):
        assert kernel_dice(st, d) == reference_dice(g, d)


# --------------------------------------------------------------------------- lock-down
@pytest.mark.parametrize("game", range(10))
def test_lock_down_keeps_other_players_off_the_district(game):
    # Seat 0 is 1000x faster: it places all 7 dice (7 steps of at most (1.5 + 0.5 + 0.04 x 7
    # x 5) x 1.3 / 1000 s) before anyone else acts (a first step takes at least 2 x 0.7 s),
    # then locks a district that holds dice (lock=1). Seats 1 and
    # 2 then place their 7 dice each, never on that district: all its dice are seat 0's.
    fast = "random(lock=1,flip=0,pass=0,effect=0)"
    slow = "random(lock=0,flip=0,pass=0,effect=0)"
    _rules, prep = prepared(3, [fast, slow, slow], speeds="1000,1,1")
    st, agg, g = one_round(prep, SEED, game)
    k_locked = [d for d in range(5) if st.locked[d] >= 0]
    r_locked = [d.index for d in g.districts if d.locked_by >= 0]
    assert k_locked == r_locked and len(k_locked) == 1
    d = k_locked[0]
    assert int(st.locked[d]) == g.districts[d].locked_by == 0
    assert kernel_dice(st, d) == reference_dice(g, d)
    assert {o for o, _v in reference_dice(g, d)} == {0}  # a screen needs dice under it
    for a in (agg, g.agg):
        assert list(a.seat[:, S_PLACED]) == [7, 7, 7]
        assert counter(a, "lock_downs") == 1


def test_no_placement_on_a_locked_district_in_whole_games():
    # Reference log: after "<P> locks down district d", no die is placed on d in that round.
    rules, prep = prepared(3, "random(lock=1,flip=1)")
    locks = 0
    for game in range(30):
        _s, _w, _agg, lines = GAME.reference_game(prep, SEED, game, log=True)
        locked = set()
        for line in lines:
            if line.startswith("Round "):
                locked = set()
            m = re.search(r"locks down district (\d+)", line)
            if m:
                locked.add(int(m.group(1)))
                locks += 1
            m = re.search(r"places a \d on district (\d+)", line)
            if m:
                assert int(m.group(1)) not in locked, line
    assert locks > 0
    # and the kernel plays the same games (same lock-downs, same scores)
    agg, rows = GAME.run_batch(prep, SEED, 0, 30, True)
    ref = reference_totals(prep, SEED, 30)
    assert counter(agg, "lock_downs") == counter(ref, "lock_downs") == locks
    assert np.array_equal(agg["score_sum"], ref["score_sum"])


# --------------------------------------------------------------------------- sand timer
def test_timer_zero_loses_the_dice_of_everyone_else():
    # timer_seconds = 0 and every bot flips: when the first player places their last die, they
    # flip and the round ends at once. The other two still hold at least one die each (had
    # they finished earlier, they would have flipped first), so each round loses >= 2 dice and
    # each game (4 rounds) >= 8. Exactly one flip per round.
    n = 40
    _rules, prep = prepared(3, "random(flip=1)", timer_seconds=0)
    agg, _rows = GAME.run_batch(prep, SEED, 0, n, False)
    assert counter(agg, "dice_lost_to_timer") >= 8 * n
    assert counter(agg, "timer_flips") == 4 * n
    assert counter(agg, "dice_placed") + counter(agg, "dice_lost_to_timer") == 3 * 7 * 4 * n
    ref = reference_totals(prep, SEED, 10)
    agg10, _ = GAME.run_batch(prep, SEED, 0, 10, False)
    for name in ("dice_lost_to_timer", "dice_placed", "timer_flips", "passes"):
        assert counter(ref, name) == counter(agg10, name)


def test_no_flip_no_die_lost():
    # nobody flips the timer: every player places all of their dice every round
    n = 200
    _rules, prep = prepared(3, "random(flip=0)", timer_seconds=0)
    agg, _rows = GAME.run_batch(prep, SEED, 0, n, False)
    assert counter(agg, "dice_lost_to_timer") == 0
    assert counter(agg, "timer_flips") == 0
    assert counter(agg, "dice_placed") == 3 * 7 * 4 * n
    assert counter(agg, "step_cap_hits") == 0


def test_timer_flipped_only_once_per_round():
    # every bot would flip after its last die, but the timer turns once per round: with a long
    # timer all three players finish, and exactly one flip is counted per round
    n = 50
    _rules, prep = prepared(3, "random(flip=1)", timer_seconds=1000)
    agg, _rows = GAME.run_batch(prep, SEED, 0, n, False)
    assert counter(agg, "timer_flips") == 4 * n
    assert counter(agg, "dice_lost_to_timer") == 0
    ref = reference_totals(prep, SEED, 10)
    assert counter(ref, "timer_flips") == 4 * 10


@pytest.mark.parametrize("players, bots, timer", [
    (3, None, 3.0),
    (4, "random(flip=1)", 0.5),
    (5, ["greedy", "spread", "saboteur", "weights", "random"], 1.0),
])
def test_every_die_is_placed_or_lost_each_round(players, bots, timer):
    # each player gets their 7 dice every round and each die is either placed or lost to the
    # timer: placed + lost = players x 7 x 4 per game, per seat 7 x 4 per game
    n = 30
    _rules, prep = prepared(players, bots, timer_seconds=timer)
    agg, _rows = GAME.run_batch(prep, SEED, 0, n, False)
    placed, lost = counter(agg, "dice_placed"), counter(agg, "dice_lost_to_timer")
    assert placed + lost == players * 7 * 4 * n
    seat = agg["seat"]
    assert list(seat[:, S_PLACED] + seat[:, S_TIMER_LOST]) == [7 * 4 * n] * players
    ref = reference_totals(prep, SEED, 5)
    assert counter(ref, "dice_placed") + counter(ref, "dice_lost_to_timer") == players * 7 * 4 * 5


# --------------------------------------------------------------------------- rounds, Drone
@pytest.mark.parametrize("drone_start, drone_step", [(0, 1), (2, 1), (3, 0), (1, 2)])
def test_districts_scored_from_the_drone_clockwise(drone_start, drone_step):
    # round r (0-based): the Drone points at (drone_start + r * drone_step) mod 5; districts
    # are scored from there clockwise (d, d+1, ...), each exactly once; then the city center.
    _rules, prep = prepared(3, "random", drone_start=drone_start, drone_step=drone_step)
    for game in range(3):
        _s, _w, _agg, lines = GAME.reference_game(prep, SEED, game, log=True)
        rounds = [i for i, line in enumerate(lines) if line.startswith("Round ")]
        assert len(rounds) == 4
        for r, start in enumerate(rounds):
            end = rounds[r + 1] if r + 1 < len(rounds) else len(lines)
            drone = (drone_start + r * drone_step) % 5
            assert lines[start] == f"Round {r + 1} (Drone at district {drone})"
            order = []
            for line in lines[start:end]:
                m = re.match(r"^    district (\d+):", line)
                if m and (not order or order[-1] != int(m.group(1))):
                    order.append(int(m.group(1)))
            assert order == [(drone + k) % 5 for k in range(5)]


def test_drone_keeps_its_district_by_default():
    # reading drone_step = 0: the city center and the Drone rotate together, so every round
    # is scored from the district the Drone pointed at in round 1
    rules, prep = prepared(3, "random", drone_start=2)
    assert rules.drone_step == 0
    _s, _w, _agg, lines = GAME.reference_game(prep, SEED, 0, log=True)
    assert [line for line in lines if line.startswith("Round ")] == [
        f"Round {r} (Drone at district 2)" for r in range(1, 5)]


def test_kernel_and_reference_play_the_same_games():
    # the round loop of both engines, game for game, with a mixed line-up
    _rules, prep = prepared(4, None, drone_start=1)
    agg, rows = GAME.run_batch(prep, SEED, 0, 12, True)
    for game in range(12):
        scores, winners, _agg, _lines = GAME.reference_game(prep, SEED, game)
        assert list(rows["score"][game]) == scores
        assert list(rows["winner"][game]) == winners
