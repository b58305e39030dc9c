"""One decision test per rule of the solo planner, the blocker's fourth field, and the two
readings the engines now honour (``owner_may_place``, ``tie_break``), on hand-built positions
(row-major board, see ``positions.py``). The exact fresh-hand reach odds the planner uses
(``simlab odds monkey``, default deck): 8: 0.580, 9: 0.663, 10: 0.740, 11: 0.374, 20: 0.449,
21: 0.336, 29: 0.132."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.monkey import bots, engine, policies
from simlab.games.monkey.bots import search_state
from simlab.games.monkey.game import GAME
from simlab.games.monkey.state import E_POINTS

from .positions import build, finish_both, legal_both

INNER = [8, 9, 10, 11, 14, 15, 16, 17, 20, 21, 22, 23, 26, 27, 28, 29]


def setup(players, names, **overrides):
    rules = GAME.make_rules(players, {"layout": "row-major", **overrides})
    prep = GAME.prepare(rules, GAME.lineup(names, players))
    return prep.arrays, prep.lineup


def fields_chosen(A, lineup, st, p=0, reps=30):
    """The fields the bot of seat p names over seeded streams."""
    sim = search_state(lineup, A.n_players, A.n_cards)
    out = set()
    for r in range(reps):
        m = int(bots.decide(A, st, sim, lineup, p, new_stream(7, r)))
        out.add(sum(int(st.hand[p, j]) for j in range(int(st.hand_n[p])) if m >> j & 1))
    return out


def test_reach_odds_are_the_exact_table():
    A, _ = setup(1, "solo(ahead=0)")
    assert A.reach[8] == pytest.approx(0.5804, abs=1e-4)
    assert A.reach[29] == pytest.approx(0.1317, abs=1e-4)
    assert A.reach[0] == 0.0 and np.all(A.reach >= 0) and np.all(A.reach <= 1)


def test_solo_takes_the_hardest_to_reach_free_field_first():
    # hand 10, 10, 9, 1 names the free square fields 9, 10, 11 (10+1), 20 (10+10), 21
    # (10+10+1) and 29 (10+10+9): 29 is the hardest to reach (0.132); the old lowest-first bot
    # took 9
    A, lineup = setup(1, "solo(ahead=0)")
    st, _ = build(A, hands=[[10, 10, 9, 1]], draw=[5] * 20, turn=1)
    assert fields_chosen(A, lineup, st) == {29}
    # with the reach weight off the planner has no reason to prefer any (all are drawn)
    A0, lineup0 = setup(1, "solo(reach=0,keep=0,cost=0,ahead=0)")
    assert fields_chosen(A0, lineup0, st, reps=200) == {9, 10, 11, 20, 21, 29}


def last_two(turn, score):
    """Free square fields 8 and 29 only; the hand names both (8; 10+10+9)."""
    A, lineup = setup(1, f"solo(score={score},ahead=0)")
    board = {f: [1] for f in INNER if f not in (8, 29)}
    st, _ = build(A, board=board, hands=[[8, 10, 10, 9]], draw=[5] * 20, turn=turn)
    return A, lineup, st


def test_solo_leaves_the_field_worth_waiting_for_when_there_is_time():
    # score=5, round 16: 4 rounds left after this one. Leaving 29 for last: (1 - 0.868^4) *
    # (1 + 5*29/36) = 0.432 * 5.03 = 2.17; leaving 8: 0.969 * 2.11 = 2.04 -> play 8, keep 29
    A, lineup, st = last_two(16, 5.0)
    assert fields_chosen(A, lineup, st) == {8}


def test_solo_takes_the_safe_completion_late_or_when_points_matter_little():
    # round 19 (1 round left): leaving 29: 0.132 * 5.03 = 0.66 < leaving 8: 0.580 * 2.11 = 1.22
    A, lineup, st = last_two(19, 5.0)
    assert fields_chosen(A, lineup, st) == {29}
    # the default score weight 1 at round 16: 0.432 * 1.81 = 0.78 < 0.969 * 1.22 = 1.18
    A, lineup, st = last_two(16, 1.0)
    assert fields_chosen(A, lineup, st) == {29}


def test_solo_raises_an_existing_tower_before_building_a_new_one():
    # every square field taken but 29 (out of reach); 20 is a tower already; hand 9, 11, 1, 10
    # names the own fields 9, 10, 11, 20 (9+11 or 9+1+10) and 21 (11+10): raising 20 adds no
    # minus points, a new tower on 9 would add 9
    A, lineup = setup(1, "solo(ahead=0)")
    board = {f: [1] for f in INNER if f != 29}
    board[20] = [2]
    st, _ = build(A, board=board, hands=[[9, 11, 1, 10]], draw=[5] * 20, turn=16)
    assert fields_chosen(A, lineup, st) == {20}


def test_solo_builds_a_new_tower_on_the_lowest_field():
    # no tower yet; the hand names own fields 9, 10, 11, 20, 21: the lowest number is 9
    A, lineup = setup(1, "solo(ahead=0)")
    board = {f: [1] for f in INNER if f != 29}
    st, _ = build(A, board=board, hands=[[9, 11, 1, 10]], draw=[5] * 20, turn=16)
    assert fields_chosen(A, lineup, st) == {9}


def test_solo_search_overrules_the_plan_only_when_playouts_show_better():
    # round 19, free fields 8 and 29, the unseen draw pile all 9s: after playing 8 the hand
    # 10, 10, 9 + a 9 names 29; after playing 29 the kept 8 names 8: both complete the square in
    # round 20, so every playout wins; leaving 29 scores 29 - 0, leaving 8 only 8. The heuristic
    # plays 29 (safety, see above); the search sees both safe and plays 8.
    A, lineup = setup(1, "solo(playouts=4,ahead=0)")
    board = {f: [1] for f in INNER if f not in (8, 29)}
    st, _ = build(A, board=board, hands=[[8, 10, 10, 9]], draw=[9] * 20, turn=19)
    assert fields_chosen(A, lineup, st, reps=10) == {8}


def test_solo_search_keeps_the_plan_when_playouts_are_level():
    # round 19 with three free square fields (8, 9, 29): two rounds cannot fill three, so every
    # playout of every play loses; no play is better, and the plan stands (the hardest, 29)
    A, lineup = setup(1, "solo(playouts=4,ahead=0)")
    board = {f: [1] for f in INNER if f not in (8, 29, 9)}
    st, _ = build(A, board=board, hands=[[8, 10, 10, 9]], draw=[1] * 20, turn=19)
    assert fields_chosen(A, lineup, st, reps=10) == {29}


@pytest.mark.parametrize("bot", ["blocker", "greedy"])
@pytest.mark.parametrize("fourth", [[0, 0], [1, 1]])
def test_taking_the_fourth_field_of_an_opponents_line_is_a_block(bot, fourth):
    # seat 1 holds the majorities of 1, 2, 3 (row 1-4); field 4 empty or 1-1 (seat 1 takes it
    # with one monkey). Seat 0's hand names 4, 30 (and 34 = 30+4): only 4 stops the row.
    A, lineup = setup(2, [bot, "random"])
    board = {1: [0, 1], 2: [0, 1], 3: [0, 1], 4: fourth}
    st, _ = build(A, board=board, hands=[[4, 30, 9, 9], [1, 1, 1, 1]], draw=[5] * 20)
    assert fields_chosen(A, lineup, st) == {4}


def test_the_fourth_field_counts_as_one_block_and_only_against_a_threat():
    # the blocker's value of placing on 4 with seat 1 holding 1, 2, 3 (a threat) against
    # holding 1, 2 only (no threat): the difference is the block and leader weights, once
    A, lineup = setup(2, ["blocker", "random"])
    w = lineup.params[0]
    threat, _ = build(A, board={1: [0, 1], 2: [0, 1], 3: [0, 1]}, hands=[[4], [1]])
    calm, _ = build(A, board={1: [0, 1], 2: [0, 1]}, hands=[[4], [1]])
    c = int(A.cell_of[4])
    diff = policies.evaluate(A, threat, 0, c, w, 1) - policies.evaluate(A, calm, 0, c, w, -1)
    assert diff == pytest.approx(w[policies.W_BLOCK] + w[policies.W_LEADER])
    # already held by seat 0 two to none (seat 1 cannot take it in one): no further block
    held, _ = build(A, board={1: [0, 1], 2: [0, 1], 3: [0, 1], 4: [1, 0]}, hands=[[4], [1]])
    calm2, _ = build(A, board={1: [0, 1], 2: [0, 1], 4: [1, 0]}, hands=[[4], [1]])
    assert policies.evaluate(A, held, 0, c, w, 1) == pytest.approx(
        policies.evaluate(A, calm2, 0, c, w, -1))


def test_owner_may_place_false_closes_the_field_to_its_owner_on_both_engines():
    for may, expect in ((True, {1, 2, 3, 4}), (False, {1, 3, 4})):
        A, _ = setup(2, "random", owner_may_place=may)
        st, g = build(A, board={2: [2, 0]}, owner={2: 0}, hands=[[1, 1, 2], [5, 5, 5]],
                      draw=[5] * 20)
        kern, ref = legal_both(A, st, g, 0)
        assert kern == ref and {f for _, f in kern} == expect


@pytest.mark.parametrize("tie_break,winners", [("majority", [True, False]),
                                               ("owned", [False, True])])
def test_tie_break_reading_on_both_engines(tie_break, winners):
    # 10 points each: seat 0 holds 10 by majority (1 against 0, not owned); seat 1 holds 4 and
    # owns 6. majority: the highest field held (10) wins; owned: only owned fields count (6)
    A, _ = setup(2, "random", tie_break=tie_break)
    st, g = build(A, board={10: [1, 0], 4: [0, 1], 6: [0, 2]}, owner={6: 1},
                  hands=[[], []], supply=[0, 0])
    kern, ref = finish_both(A, st, g, E_POINTS)
    assert kern == ref == ([10, 10], winners)


def test_tie_break_owned_with_no_owned_field_is_shared():
    A, _ = setup(2, "random", tie_break="owned")
    st, g = build(A, board={10: [1, 0], 4: [0, 1], 6: [0, 1]}, hands=[[], []], supply=[0, 0])
    kern, ref = finish_both(A, st, g, E_POINTS)
    assert kern == ref == ([10, 10], [True, True])


def test_voluntary_and_forced_boxing_are_counted_apart():
    import simlab

    res = simlab.simulate("monkey", players=4, bots="random", games=3000, seed=2)
    boxed = res.metrics["boxed"]
    assert boxed["voluntary"] == 0.0  # random never boxes a monkey by choice
    assert boxed["forced"] > 0.0 and boxed["by_ownership"] > 0.0
    total = boxed["voluntary"] + boxed["forced"] + boxed["by_ownership"]
    assert total == pytest.approx(res.metrics["monkeys_boxed_per_game"])
    # a bot forced to choose: an owner's only play is its own field -> forced, not voluntary
    A, lineup = setup(2, ["random", "random"])
    st, _ = build(A, board={1: [2, 0], 2: [0, 2]}, owner={1: 0, 2: 1}, hands=[[1, 1], [5, 5]],
                  draw=[5] * 20)
    n = engine.legal_plays(A, st, 0)
    assert {int(A.number[st.cells[i]]) for i in range(n)} == {1}


@pytest.mark.parametrize("players,board,owner,hand,expected", [
    (2, {}, {}, [9, 1, 5, 2], 0b0001),  # the 9 alone
    # 9 and 1 are seat 1's: the first open play is 9 + 1 = 10
    (2, {1: [0, 2], 9: [0, 2]}, {1: 1, 9: 1}, [9, 1, 5, 2], 0b0011),
    # solo: 4 is an edge field, 8 (4 + 4, or the 8) is taken, 4 + 8 = 12 an edge field: the
    # first free square field is 4 + 4 + 8 = 16
    (1, {8: [1]}, {}, [4, 4, 8, 1], 0b0111),
])
def test_first_takes_the_first_legal_play_and_draws_nothing(players, board, owner, hand,
                                                            expected):
    # the bench bot ``first``: the rules alone, no evaluation and no draw from the stream
    A, lineup = setup(players, "first")
    st, _ = build(A, board=board, owner=owner, hands=[hand] + [[9] * 4] * (players - 1),
                  draw=[7] * 10)
    n = engine.legal_plays(A, st, 0)
    first = int(st.masks[0])
    assert n >= 2 and first == expected
    rng = new_stream(3, 0)
    before = rng.copy()
    assert int(bots.decide(A, st, None, lineup, 0, rng)) == first
    assert np.array_equal(rng, before)
    assert "first" in GAME.bench_bots and "first" in GAME.bots()


@pytest.mark.parametrize("players,over", [(4, {}), (2, {"mode": "quick"}), (1, {})])
def test_first_plays_conformant_games(players, over):
    from simlab.core.conformance import check_conformance

    rules = GAME.make_rules(players, over)
    check_conformance(GAME, rules, GAME.lineup("first", players), n_games=40, seed=2)


def block_or_build(players, bot):
    """Seat 1 holds the majorities of 1, 2, 3 (the row 1-4, a threat; one monkey on 2); seat 0
    holds 13 and 14 (row 13-16). Seat 0's hand names 2 (a tie there breaks seat 1's majority:
    block + contest) and 15 (gains the majority and a third field of its own row: majority 3,
    field 15/36, line3 3: about 6.4 for greedy)."""
    A, lineup = setup(players, [bot] + ["random"] * (players - 1))
    board = {1: [0, 1] + [0] * (players - 2), 2: [0, 1] + [0] * (players - 2),
             3: [0, 1] + [0] * (players - 2), 13: [1, 0] + [0] * (players - 2),
             14: [1, 0] + [0] * (players - 2)}
    hands = [[2, 15, 36, 36]] + [[1, 1, 1, 1]] * (players - 1)
    st, _ = build(A, board=board, hands=hands, draw=[5] * 20)
    return A, lineup, st


def test_greedy_stops_an_opponents_line_before_building_its_own_at_two_players():
    # block 8 + contest 0.5 beats building (6.4); the old weight (block 2: 2.5) built instead
    A, lineup, st = block_or_build(2, "greedy")
    assert lineup.params[0][policies.W_BLOCK] == 8.0
    assert fields_chosen(A, lineup, st) == {2}
    A, lineup, st = block_or_build(2, "greedy(block=2)")
    assert fields_chosen(A, lineup, st) == {15}


def test_greedys_block_is_shared_by_the_players_it_serves():
    # at P players greedy plays block / (P - 1): 8, 4, 8/3; the other bots' as given
    for players, block in ((2, 8.0), (3, 4.0), (4, 8.0 / 3.0)):
        A, lineup = setup(players, ["greedy", "blocker"] + ["greedy"] * (players - 2))
        assert lineup.params[0][policies.W_BLOCK] == pytest.approx(block)
        assert lineup.params[1][policies.W_BLOCK] == 3.0
    # at 4 players the shared block (2.67 + 0.5) no longer outweighs building (6.4)
    A, lineup, st = block_or_build(4, "greedy")
    assert fields_chosen(A, lineup, st) == {15}
    # the block term is the whole difference: greedy(block=24) at 4 players plays 8 and blocks
    A, lineup, st = block_or_build(4, "greedy(block=24)")
    assert fields_chosen(A, lineup, st) == {2}
