"""Readings of the round and of rewards the catalogue had missed (issue 39): what ends a round
no flip ends (``round_end_without_flip``, the bound ``max_steps_per_round``), rolling again
without placing (``roll_again_limit``), a podium reached through an arrow (``arrow_podium``),
the rotation "so that each player is facing a different district" (``facing``, fixed), and the
seats, settings and warnings that follow (``seats_identical``, ``inert_overrides``,
``result_warnings``).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.games.jelly import bots
from simlab.games.jelly.game import GAME
from simlab.games.jelly.rules import JellyArrays
from simlab.games.jelly.state import COUNTER_NAMES, END_STEP_BOUND

from .positions import Outcome, board, bot_lineup, kernel_position, score_both

WAITERS = "greedy(wait=10)"          # every seat rolls again while the time allows
NO_FLIP = "greedy(wait=10),greedy(flip=0),greedy(flip=0),greedy(flip=0)"


def run(bots_, n, seed=3, players=4, **overrides):
    rules = GAME.make_rules(players, overrides)
    prep = GAME.prepare(rules, GAME.lineup(bots_, players))
    agg, rows = GAME.run_batch(prep, seed, 0, n, True)
    c = dict(zip(COUNTER_NAMES, (int(x) for x in agg["counters"]), strict=True))
    return rules, prep, agg, rows, c


def reading(name):
    return next(r for r in GAME.readings() if r.name == name)


# --------------------------------------------------------------------------- round end
def test_waiting_players_end_at_the_bound_and_lose_their_dice_to_it():
    # four seats wait for a flip no one makes: every round runs to the bound, no die placed;
    # the dice are lost to the bound, not the timer, and every game ends "step_bound"
    n = 6
    rules, prep, agg, rows, c = run(WAITERS, n, max_steps_per_round=40)
    rounds = n * rules.rounds
    assert c["step_cap_hits"] == c["rounds_ended_by_bound"] == rounds
    assert c["roll_steps"] == 40 * rounds
    assert c["dice_placed"] == 0 and c["dice_lost_to_timer"] == 0
    assert c["dice_lost_to_bound"] == rounds * 4 * 7 and c["bound_flips"] == 0
    assert agg["seat"][:, 8].tolist() == [n * rules.rounds * 7] * 4
    assert GAME.invariants(agg, n, rules) == []
    assert (rows["end"] == END_STEP_BOUND).all()
    m = GAME.metrics(agg, n, rules, prep.lineup and GAME.lineup(WAITERS, 4))
    assert m["rounds_at_step_bound"] == {"reached": rounds, "ended": rounds, "timer_flipped": 0}
    (warning,) = GAME.result_warnings(m, rules)
    assert f"{rounds} of {rounds} rounds" in warning and "round_end_without_flip=step_bound" \
        in warning and "lost to the bound" in warning


def test_flip_at_bound_gives_the_players_the_timer():
    # the same stand-off: the bound flips the timer, the waiters then place at the last safe
    # moment and the round ends when it runs out (dice left then are lost to the timer)
    n = 6
    rules, prep, agg, rows, c = run(WAITERS, n, max_steps_per_round=40,
                                    round_end_without_flip="flip_at_bound")
    rounds = n * rules.rounds
    assert c["step_cap_hits"] == c["bound_flips"] == rounds
    assert c["rounds_ended_by_bound"] == 0 and c["dice_lost_to_bound"] == 0
    assert c["timer_flips"] == 0           # no player flipped: the bound did
    assert c["dice_placed"] > 0
    assert c["dice_placed"] + c["dice_lost_to_timer"] == rounds * 4 * 7
    assert GAME.invariants(agg, n, rules) == []
    assert (rows["end"] == END_STEP_BOUND).all()
    m = GAME.metrics(agg, n, rules, GAME.lineup(WAITERS, 4))
    assert "timer was flipped there in" in GAME.result_warnings(m, rules)[0]


def test_flip_at_bound_ends_at_twice_the_bound_when_the_timer_is_long():
    # a timer far longer than the rolls: the round reaches twice the bound and ends there
    n = 3
    rules, _prep, agg, _rows, c = run(WAITERS, n, max_steps_per_round=20, timer_seconds=10_000,
                                      round_end_without_flip="flip_at_bound")
    rounds = n * rules.rounds
    assert c["rounds_ended_by_bound"] == c["bound_flips"] == rounds
    assert c["roll_steps"] <= 40 * rounds and c["dice_lost_to_bound"] > 0
    assert GAME.invariants(agg, n, rules) == []


def test_no_warning_when_no_round_reaches_the_bound():
    rules, _prep, agg, rows, c = run(None, 200)
    assert c["step_cap_hits"] == 0 and (rows["end"] == 0).all()
    assert GAME.result_warnings(GAME.metrics(agg, 200, rules, GAME.lineup(None, 4)), rules) == []


@pytest.mark.parametrize("reading_", ["step_bound", "flip_at_bound"])
def test_kernel_and_reference_agree_at_the_bound(reading_):
    rules = GAME.make_rules(4, {"max_steps_per_round": 30, "round_end_without_flip": reading_})
    check_conformance(GAME, rules, GAME.lineup(NO_FLIP, 4), n_games=8, seed=5, n_reference=4)


def test_the_reference_says_what_the_bound_did():
    rules = GAME.make_rules(4, {"max_steps_per_round": 30, "round_end_without_flip":
                                "flip_at_bound"})
    prep = GAME.prepare(rules, GAME.lineup(WAITERS, 4))
    lines = GAME.reference_game(prep, 2, 0, log=True)[3]
    assert sum("reaches the bound of 30 roll steps: the sand timer is flipped" in ln
               for ln in lines) == rules.rounds


# --------------------------------------------------------------------------- roll again
def _streaks(lines, players):
    """The longest run of rolls in a row without placing of each player, from a log."""
    longest = [0] * players
    run_ = [0] * players
    for ln in lines:
        if ln.startswith("Round "):
            run_ = [0] * players
        m = re.match(r"\s*t=\s*[\d.]+ P(\d) rolls \[.*\](, places a| and places nothing)", ln)
        if m:
            q = int(m.group(1)) - 1
            run_[q] = run_[q] + 1 if "nothing" in m.group(2) else 0
            longest[q] = max(longest[q], run_[q])
    return longest


@pytest.mark.parametrize("bots_", [NO_FLIP, "random(pass=0.9),random(pass=0.6),greedy,spread",
                                   "lookahead(playouts=2,width=2),greedy(wait=10),random,greedy"])
def test_no_player_rolls_again_more_often_in_a_row_than_the_limit(bots_):
    rules = GAME.make_rules(4, {"roll_again_limit": 2})
    prep = GAME.prepare(rules, GAME.lineup(bots_, 4))
    longest = [0] * 4
    for g in range(3):
        lines = GAME.reference_game(prep, 8, g, log=True)[3]
        longest = [max(a, b) for a, b in zip(longest, _streaks(lines, 4), strict=True)]
    assert max(longest) == 2   # some player used the limit, none went past it
    check_conformance(GAME, rules, GAME.lineup(bots_, 4), n_games=6, seed=8, n_reference=3)


def test_without_a_limit_the_same_players_roll_again_longer():
    prep = GAME.prepare(GAME.make_rules(4), GAME.lineup("random(pass=0.9)", 4))
    lines = GAME.reference_game(prep, 8, 0, log=True)[3]
    assert max(_streaks(lines, 4)) > 2


@pytest.mark.parametrize("bot", ["greedy", "random", "spread"])
def test_at_the_limit_a_bot_places_a_die_it_would_not_place(bot):
    # seat 0 holds a 6 on every district and rolled one 6: every placement cancels its own
    # die, so greedy and spread roll again (pass_below); random rolls again with pass=1
    rules = board(3, "jelly:5", "jelly:5", "jelly:5", roll_again_limit=2)
    lineup = bot_lineup(3, bot)
    if bot == "random":
        lineup.params[:, 0] = 1.0
    for rerolls, placed in ((1, False), (2, True)):
        A, st, _agg, _sc = kernel_position(rules, {d: [(0, 6)] for d in range(3)})
        st.roll[:] = 0
        st.roll[6] = 1
        st.n_left[0] = 1
        st.rerolls[0] = rerolls
        rng = np.array([1, 2, 3, 4], np.uint64)
        v, d, _arg = bots.decide_place(A, st, lineup, 0, rng)
        assert (int(v) == 6) == placed, (bot, rerolls, v)


# --------------------------------------------------------------------------- arrow podium
@pytest.mark.parametrize("reading_, expected", [("scored_district", (2, 4, 0)),
                                                ("controllers_only", (2, 0, 0))])
def test_a_podium_through_an_arrow(reading_, expected):
    # district 0's arrow -> district 1 showing podium:2:4; totals on district 0: 6, 4, 1.
    # scored_district: second place on district 0 takes 4; controllers_only: only the top 2
    rules = board(3, "adjacent:right", "podium:2:4", "jelly:0", adjacent_orientation="center",
                  arrow_podium=reading_)
    got = score_both(rules, {0: [(0, 6), (1, 4), (2, 1)], 1: [(2, 6)]}, jelly=(0, 0, 0))
    assert got[0] == got[1] == Outcome(expected, (0, 0, 0), 30)
    # district 1's own podium is scored as printed under both readings
    got = score_both(rules, {1: [(0, 6), (1, 4)]}, what=1, jelly=(0, 0, 0))
    assert got[0] == got[1] == Outcome((2, 4, 0), (0, 0, 0), 30)


@pytest.mark.parametrize("reading_, expected", [("scored_district", (4, 1, 1)),
                                                ("controllers_only", (4, 0, 0))])
def test_a_presence_podium_through_an_either_arrow(reading_, expected):
    rules = board(3, "adjacent:either", "podium_present:4:1", "podium_present:4:1",
                  arrow_podium=reading_)
    got = score_both(rules, {0: [(0, 6), (1, 4), (2, 1)]}, jelly=(0, 0, 0))
    assert got[0] == got[1] == Outcome(expected, (0, 0, 0), 30)


def test_the_bots_value_a_podium_through_an_arrow_as_the_reading_pays():
    from simlab.games.jelly.valuation import zone_podium

    for reading_, paid in (("scored_district", (4.0, 0.0)), ("controllers_only", (0.0, 0.0))):
        A = board(3, "adjacent:right", "podium:2:4", "jelly:0", adjacent_orientation="center",
                  arrow_podium=reading_)
        target = np.zeros(3, np.int64)
        assert zone_podium(A.rewards, 3, target, 0, 0) == paid
        assert bool(A.podium_reach[0]) == (reading_ == "scored_district")


def test_arrow_podium_conformance():
    rules = GAME.make_rules(4, {"district.0": "adjacent:right,podium:2:4,jelly:1",
                                "district.1": "podium_present:4:1,adjacent:either,pod",
                                "district.5": "podium:2:4,adjacent:left,jelly:3",
                                "arrow_podium": "controllers_only"})
    check_conformance(GAME, rules, GAME.lineup("greedy,random(effect=1),saboteur,spread", 4),
                      n_games=30, seed=9, n_reference=15)


# --------------------------------------------------------------------------- facing, seats
def test_facing_is_a_fixed_entry_and_no_rule_reads_it():
    r = reading("facing")
    assert r.fixed and "each player is facing a different district" in r.rule
    # nothing in the rules ties a seat to a district: the per-seat arrays are the starting
    # jelly and the speeds, and no array has a seat and a district axis
    A = GAME.make_rules(4).to_arrays()
    per_seat = [f for f in JellyArrays._fields if np.ndim(getattr(A, f)) >= 1
                and np.shape(getattr(A, f))[0] == 4]
    assert per_seat == ["start_jelly", "speeds"]
    assert all(np.ndim(getattr(A, f)) == 1 for f in per_seat)


@pytest.mark.parametrize("overrides, identical", [
    ({}, True),
    ({"speeds": "1,1,1,1"}, True),
    ({"speeds": "1,1,1.5,1"}, False),
    ({"seat_starting_jelly": "2,2,2,2"}, True),
    ({"seat_starting_jelly": "2,2,3,2"}, False),
    ({"time_jitter": 0}, False),   # moments then tie exactly and the lower seat acts first
    ({"drone_step": 1, "layout": "advanced"}, True),
])
def test_seats_identical(overrides, identical):
    why = GAME.seats_identical(GAME.make_rules(4, overrides))
    assert bool(why) == identical


def test_without_jitter_the_lower_seat_acts_first():
    # the reason seats_identical needs jitter: equal step times make every moment a tie
    prep = GAME.prepare(GAME.make_rules(3, {"time_jitter": 0}), GAME.lineup("greedy", 3))
    lines = GAME.reference_game(prep, 1, 0, log=True)[3]
    first = [ln for ln in lines if re.match(r"\s*t=", ln)][:3]
    assert [re.search(r"P\d", ln).group(0) for ln in first] == ["P1", "P2", "P3"]


@pytest.mark.parametrize("overrides, inert", [
    ({"faces.8B.1": "pod"}, True),                   # 8B is not in play at 4 players
    ({"faces.1A.1": "pod"}, False),
    ({"faces.1A.green": False}, True),
    ({"layouts.beginner": "1A,2A,3A,4A,5A,6A,7A"}, True),
    ({"layouts.mixed": "1A,2A,3A,4A,5A,6A,7A"}, False),
    ({"drone_step": 6}, True),                       # a whole turn of 6 districts
    ({"drone_step": 1}, False),
    ({"give_each_short": "poorest_first", "layout": "beginner"}, True),
    ({"give_each_short": "poorest_first"}, False),   # 2B: each player gives you 1
    ({"adjacent_orientation": "center", "layout": "beginner"}, False),  # 4A: adjacent:right
    ({"adjacent_orientation": "center", "districts": "1A,2A,3A,5A,6A,7A"}, True),
    ({"arrow_podium": "controllers_only"}, True),    # no arrow next to the mixed podium
    ({"arrow_podium": "controllers_only", "layout": "advanced"}, False),  # 5B either -> 6B
    ({"seat_starting_jelly": "2,2,2,2"}, True),
    ({"speeds": "1,1,1,1"}, True),
    ({"speeds": "1,1,2,1"}, False),
])
def test_inert_overrides(overrides, inert):
    rules = GAME.make_rules(4, overrides)
    said = GAME.inert_overrides(rules, overrides)
    inert_paths = {s.split(":")[0] for s in said}
    key = next(k for k in overrides if k not in ("layout", "districts"))
    assert (key in inert_paths) == inert, said
    if inert:  # and the games are indeed the same as without it
        base = {k: v for k, v in overrides.items() if k != key}
        a = GAME.run_batch(GAME.prepare(GAME.make_rules(4, base), GAME.lineup(None, 4)), 2, 0,
                           30, False)[0]
        b = GAME.run_batch(GAME.prepare(rules, GAME.lineup(None, 4)), 2, 0, 30, False)[0]
        assert np.array_equal(a["score_sum"], b["score_sum"])
        assert np.array_equal(a["counters"], b["counters"])


def test_new_readings_are_catalogued_with_their_sentences():
    names = {r.name: r for r in GAME.readings()}
    for name in ("round_end_without_flip", "roll_again_limit", "arrow_podium",
                 "max_steps_per_round", "facing"):
        assert name in names
    assert names["round_end_without_flip"].alternatives == ("flip_at_bound",)
    assert names["arrow_podium"].alternatives == ("controllers_only",)
    # a measured size names its bot population
    for name in ("round_end_without_flip", "roll_again_limit"):
        assert "Measured (4 players" in names[name].why and "greedy(" in names[name].why
