"""Monkey Fun's game-shape measures (simlab.core.shape). The game has no rounds: checkpoint i
(1..9) is the running scores after turn ceil(i * T / 10) of the game's T turns, at most T - 1
(``nb.tenth_turn``), then the final scores; the running score after a turn is final scoring on
that position (the game does not score as it goes). Solo games record none. The kernel and the
reference engine agree on the aggregates game for game through the conformance harness (every
aggregate is compared); here: the measures are reported and add up, the checkpoint turns are the
documented ones, and the running score is final scoring on the position, turn after turn."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simlab.games.monkey import engine, nb
from simlab.games.monkey.bots import search_state
from simlab.games.monkey.game import GAME
from simlab.games.monkey.reference import ReferenceGame
from simlab.games.monkey.state import I_END, I_TURN, N_TENTHS, new_agg, new_state

from .positions import arrays, build, play_both


@pytest.mark.parametrize("turns,expected", [
    (23, [3, 5, 7, 10, 12, 14, 17, 19, 21]),   # ceil(2.3) = 3, ..., ceil(20.7) = 21
    (7, [1, 2, 3, 3, 4, 5, 5, 6, 6]),          # short game: turns repeat; ceil(6.3) = 7 -> 6
    (10, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
    (80, [8, 16, 24, 32, 40, 48, 56, 64, 72]),  # 4 players x 20 monkeys
    (2, [1] * 9),                               # ceil(1.2) = 2 is the end: clamped to 1
    (1, [0] * 9),                               # one turn: the start (no leader)
])
def test_tenth_turn_picks_the_documented_turns(turns, expected):
    assert [int(nb.tenth_turn(i, turns)) for i in range(1, N_TENTHS + 1)] == expected


def test_game_shape_is_reported_and_adds_up():
    n = 500
    rules = GAME.make_rules(4)
    lineup = GAME.lineup(None, 4)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 3, 0, n, False)
    m = GAME.metrics(agg, n, rules, lineup)["game_shape"]
    json.dumps(m)   # plain floats and ints
    assert m["checkpoint"] == "tenth" and m["fair_rate"] == 1 / 4
    assert m["games"] == n and sum(m["lead_changes_hist"]) == n and sum(m["margin_hist"]) == n
    assert len(m["leader_wins_games"]) == N_TENTHS
    # the first tenth (8 turns of 4 players) rarely has the lead tied, later ones hardly ever
    assert all(0.7 * n <= g <= n for g in m["leader_wins_games"])
    # 9 checkpoints and the final scores: at most 9 lead changes
    assert max(i for i, c in enumerate(m["lead_changes_hist"]) if c) <= N_TENTHS
    assert 0 <= m["drama_share"] <= 1 and m["margin_mean"] > 0
    assert m["comeback_rate"] is not None and m["snowball_rate"] is not None
    # the leader at nine tenths wins more often than the fair quarter
    assert m["leader_wins_curve"][-1] > m["fair_rate"]


def test_solo_records_no_game_shape():
    rules = GAME.make_rules(1)
    lineup = GAME.lineup(None, 1)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 3, 0, 50, False)
    assert "game_shape" not in GAME.metrics(agg, 50, rules, lineup)
    assert not np.asarray(agg["shape_counters"]).any()


def test_running_score_is_final_scoring_turn_after_turn():
    """On a hand-built position and after each of five turns (a majority taken, a tie made, a
    field owned with boxing, a tie that costs a field), the kernel's incremental running score,
    its long way (``running_score``), final scoring on the position and the reference's
    ``running_scores`` all agree; the trail keeps each turn's row."""
    A = arrays(3)
    # field: monkeys of seats 0, 1, 2 (row-major board: field n is cell n - 1)
    board = {5: [1, 1, 0], 12: [2, 0, 0], 20: [3, 2, 2], 30: [0, 1, 0], 7: [2, 2, 1],
             33: [0, 0, 1]}
    hands = [[5, 7, 1, 1], [5, 10, 10, 10], [9, 9, 2, 1]]
    st, g = build(A, board=board, owner={12: 0}, hands=hands, draw=[1] * 20, turn=0)
    st = st._replace(trail=np.zeros((6, 3), np.int64))

    def final_points():
        engine.final_scoring(A, st, False)
        return [int(x) for x in st.points]

    for q in range(3):
        st.run[q] = nb.running_score(A, st, q)
    # seat 0: 12 (owned) + 20 (3 of 7 monkeys); seat 1: 30; seat 2: 33; 5 and 7 tied: nobody
    assert list(st.run) == final_points() == g.running_scores() == [32, 30, 33]
    turns = [(1, [5], [32, 35, 33]),         # field 5: 1-2-0, seat 1 takes it
             (0, [5], [32, 30, 33]),         # 2-2-0: tied, nobody scores it
             (0, [7], [39, 30, 33]),         # field 7: 3-2-1, seat 0
             (1, [10, 10, 10], [39, 30, 33]),  # field 30: 0-2-0, owned by seat 1, no change
             (2, [9, 9, 2], [19, 30, 33])]   # field 20: 3-2-3, tied: seat 0 loses 20
    for t, (p, cards, expected) in enumerate(turns, start=1):
        c = int(A.cell_of[sum(cards)])
        before = int(st.maj[c])
        st.info[I_END] = 0
        st.info[I_TURN] = g.turn = t
        play_both(A, st, g, p, cards)
        nb.record_turn(A, st, c, before)
        longway = [int(nb.running_score(A, st, q)) for q in range(3)]
        assert list(st.run) == longway == final_points() == g.running_scores() == expected
        assert list(st.trail[t]) == expected
    assert int(st.owner[A.cell_of[30]]) == 1


def _kernel_game(prep, seed, game):
    """One game through ``nb.run_batch`` on a state the test keeps (its trail)."""
    A = prep.arrays
    p = A.n_players
    st = new_state(p, A.n_cards, A.len_bins)
    rows = GAME.new_rows(0, p, False)
    nb.run_batch(A, st, search_state(prep.lineup, p, A.n_cards), prep.lineup,
                 np.zeros(4, np.uint64), seed, game, 1, new_agg(p, A.len_bins), rows)
    return st


@pytest.mark.parametrize("players,bots,overrides", [
    (4, None, {}),
    (2, "greedy,random", {"mode": "quick"}),
    (3, "random,blocker,greedy", {"owner_may_place": False, "tie_break": "owned"}),
])
def test_kernel_trail_is_the_reference_one_and_ends_at_the_final_scores(players, bots,
                                                                        overrides):
    """Every turn's running scores, kernel (incremental) against reference (final scoring
    after each turn); after the last turn they are the final scores (a row of 4 too)."""
    prep = GAME.prepare(GAME.make_rules(players, overrides), GAME.lineup(bots, players))
    for game in range(12):
        st = _kernel_game(prep, 21, game)
        turns = int(st.info[I_TURN])
        ref = ReferenceGame(prep.arrays, prep.lineup, 21, game)
        ref.play_game()
        assert turns == ref.turn
        assert st.trail[: turns + 1].tolist() == ref.trail
        assert list(st.trail[turns]) == list(st.scores) == list(ref.scores)
        picked = [st.trail[nb.tenth_turn(i, turns)].tolist() for i in range(1, N_TENTHS + 1)]
        assert picked == st.cp.tolist() == ref.checkpoints.tolist()
