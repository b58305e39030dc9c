"""Explaining a result (issue 40): where each seat's points came from (``score_sources``), what
its bot chose (``choice_names``), how the game ended (``end_names``) and how long it was
(``length_unit``: roll steps), counted alike by the kernel and the reference engine.

Hand-built positions (``positions.py``) check each source and each kind of choice against the
rulebook's arithmetic; whole games check that the counts agree with the engines' own counters and
that the rows add up (the conformance harness' ``check_explanation``).
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance, check_explanation
from simlab.games.jelly.dice import do_place
from simlab.games.jelly.game import GAME
from simlab.games.jelly.state import (
    CH_CANCELLING,
    CH_FLIP,
    CH_LOCK,
    CH_MOVE,
    CH_PLACE,
    CH_REMOVE,
    CH_ROLL_AGAIN,
    CHOICE_NAMES,
    END_NAMES,
    SOURCE_NAMES,
    SRC_DISTRICT,
    SRC_GIVEN,
    SRC_PODIUM,
    SRC_RECEIVED,
)

from .positions import board, counter, kernel_position, reference_position, score_engines


def test_the_game_declares_the_explanation():
    assert GAME.explains
    assert GAME.score_sources == SOURCE_NAMES and GAME.choice_names == CHOICE_NAMES
    assert GAME.end_names == END_NAMES and GAME.length_unit == "steps"
    assert {"src", "choice"} <= set(GAME.seat_keys)


def zone(text: str, players: int = 3):
    """District 0 shows ``text`` in its first zone; two plain districts beside it."""
    return board(players, text, "jelly:1", "jelly:1")


def _src(agg, col):
    return [int(x) for x in agg.src[:, col]]


def test_podium_pays_the_controller_as_a_district_reward_and_second_as_a_podium_place():
    # totals 6, 5, 3: seat 0 controls and takes A = 2, seat 1 is second and takes B = 4
    s = score_engines(zone("podium:2:4", 3), {0: [(0, 6), (1, 5), (2, 3)]})
    for agg in (s.kernel_agg, s.reference_agg):
        assert _src(agg, SRC_DISTRICT) == [2, 0, 0]
        assert _src(agg, SRC_PODIUM) == [0, 4, 0]
    # podium_present: every other player with a die here takes B = 1
    s = score_engines(zone("podium_present:4:1", 3), {0: [(0, 6), (1, 5), (2, 3)]})
    for agg in (s.kernel_agg, s.reference_agg):
        assert _src(agg, SRC_DISTRICT) == [4, 0, 0]
        assert _src(agg, SRC_PODIUM) == [0, 1, 1]


def test_gifts_are_booked_as_received_and_given():
    # 'each player gives you 2': seat 1 gives 2, seat 2 has only 1 and gives what it has
    s = score_engines(zone("each_gives:2", 3), {0: [(0, 6), (1, 4)]}, jelly=(0, 5, 1))
    assert s.kernel.jelly == s.reference.jelly == (3, 3, 0)
    for agg in (s.kernel_agg, s.reference_agg):
        assert _src(agg, SRC_RECEIVED) == [3, 0, 0]
        assert _src(agg, SRC_GIVEN) == [0, -2, -1]
        assert _src(agg, SRC_DISTRICT) == [0, 0, 0]
    # '3 jelly, then give 1 to each other player': from the supply first, then to each
    s = score_engines(zone("jelly:3+give_each:1", 4), {0: [(0, 6)]}, jelly=(0, 0, 0, 0))
    assert s.kernel.jelly == s.reference.jelly == (0, 1, 1, 1)
    for agg in (s.kernel_agg, s.reference_agg):
        assert _src(agg, SRC_DISTRICT) == [3, 0, 0, 0]
        assert _src(agg, SRC_GIVEN) == [-3, 0, 0, 0]
        assert _src(agg, SRC_RECEIVED) == [0, 1, 1, 1]


@pytest.mark.parametrize("text, jelly, pods, expected", [
    ("jelly:7", (2, 2, 2), (0, 0, 0), 7),
    ("per_pod:2", (2, 2, 2), (3, 0, 0), 6),          # 2 per pod held
    ("by_dice:2:jelly7:pod", (2, 2, 2), (0, 0, 0), 7),  # one die here: the low side, 7 jelly
    ("pod", (2, 2, 2), (0, 0, 0), 0),                # a pod adds no jelly (rolled at the end)
])
def test_supply_rewards_are_district_rewards(text, jelly, pods, expected):
    s = score_engines(zone(text), {0: [(0, 6)]}, jelly=jelly, pods=pods)
    for agg in (s.kernel_agg, s.reference_agg):
        assert _src(agg, SRC_DISTRICT) == [expected, 0, 0]
    assert s.kernel.jelly[0] - jelly[0] == expected


def place_next(st, agg, g, owner, value, district, arg):
    """One more die placed with its effect ``arg`` on both engines, as a round places it
    (kernel ``dice.do_place``, reference ``ReferenceGame.do_place``)."""
    st.roll[value] += 1
    st.n_left[owner] += 1
    do_place(st, owner, value, district, arg, agg)
    g.players[owner].dice_in_hand += 1
    g.do_place(owner, value, district, arg, 0.0, [value])


def test_each_kind_of_placement_is_counted_for_its_player():
    rules = board(4, ("jelly:1", "jelly:2", "jelly:3"), ("jelly:1", "jelly:2", "jelly:3"))
    A, st, agg, _ = kernel_position(rules)
    g = reference_position(rules)
    place_next(st, agg, g, 0, 5, 0, -1)           # seat 0: a 5, no effect
    place_next(st, agg, g, 0, 5, 0, -1)           # seat 0: another 5 there: cancelling
    place_next(st, agg, g, 1, 1, 0, 0 * 8 + 5)    # seat 1: a 1 removing seat 0's 5
    place_next(st, agg, g, 2, 3, 1, 1)            # seat 2: a 3 moving the Target to zone 1
    place_next(st, agg, g, 2, 4, 1, -1)           # seat 2: a 4 left where it is: no effect
    place_next(st, agg, g, 3, 2, 1, 0 * 8 + 6)    # seat 3: a 2 naming a die not there: none
    place_next(st, agg, g, 3, 2, 1, -1)           # seat 3: a second 2 there: cancelling
    want = np.zeros((4, len(CHOICE_NAMES)), np.int64)
    want[0, CH_PLACE] = 2
    want[0, CH_CANCELLING] = 1
    want[1, CH_REMOVE] = 1
    want[2, CH_MOVE] = 1
    want[2, CH_PLACE] = 1
    want[3, CH_PLACE] = 2
    want[3, CH_CANCELLING] = 1
    assert np.array_equal(agg.choice, want)
    assert np.array_equal(g.agg.choice, want)


@pytest.mark.parametrize("players,bots,overrides", [
    (4, None, {}),
    (3, "random(pass=0.3,effect=1,flip=0.5,lock=1)", {"layout": "advanced"}),
    (5, "saboteur,greedy,spread,weights,random", {"timer_seconds": 2}),
])
def test_whole_games_count_what_the_engines_count(players, bots, overrides):
    rules = GAME.make_rules(players, overrides)
    n = 150
    agg, rows = GAME.run_batch(GAME.prepare(rules, GAME.lineup(bots, players)), 4, 0, n, True)
    check_explanation(GAME, agg, rows, n)
    ch = agg["choice"].sum(axis=0)
    assert ch[CH_REMOVE] == counter(agg, "removals")
    assert ch[CH_MOVE] == counter(agg, "target_moves")
    assert ch[CH_PLACE] + ch[CH_REMOVE] + ch[CH_MOVE] == counter(agg, "dice_placed")
    assert ch[CH_ROLL_AGAIN] == counter(agg, "passes")
    assert ch[CH_LOCK] == counter(agg, "lock_downs")
    assert ch[CH_FLIP] == counter(agg, "timer_flips")
    # every roll step is a placement of one of the three kinds or a roll again
    assert agg["length"][0] == counter(agg, "roll_steps") == \
        ch[CH_PLACE] + ch[CH_REMOVE] + ch[CH_MOVE] + ch[CH_ROLL_AGAIN]
    # jelly only changes hands in gifts; every seat starts with two
    assert agg["src"][:, SRC_GIVEN].sum() == -agg["src"][:, SRC_RECEIVED].sum()
    assert (agg["src"][:, 0] == 2 * n).all()
    assert agg["ends"].tolist() == [n, 0]


def test_kernel_and_reference_agree_on_the_explanation():
    rules = GAME.make_rules(4, {"district.0": "podium:2:4,each_gives:2,jelly:1",
                                "district.1": "jelly:3+give_each:1,podium_present:4:1,pod"})
    check_conformance(GAME, rules, GAME.lineup("greedy,random(effect=1),saboteur,spread", 4),
                      n_games=40, seed=12, n_reference=25)
