"""Pig (examples/games/pig): its rules on hand-built positions, its bots' decisions, the
conformance harness (the numba kernel against the plain-Python game game for game, and the
plain-Python batches against their replay), and the first player's share of two hold-at-20
players against the exact figure of the dynamic programme (examples/games/pig/exact.py)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.readings import check_catalogue
from simlab.core.rng import new_stream, uniform
from simlab.core.runner import run_games
from simlab.core.stats import binomial_tolerance
from simlab.games.python import Stream

from .conftest import PIG


def _exact():
    spec = importlib.util.spec_from_file_location("pig_exact", PIG.parent / "exact.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _state(pig, rules, **kw):
    st = pig.impl.start(rules, Stream(0, 0))
    for k, v in kw.items():
        setattr(st, k, v)
    return st


class FixedDie:
    """A stream whose die shows the given faces (a hand-built roll)."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def die(self, sides=6):
        return self.faces.pop(0)


# ---------------------------------------------------------------------------- rules
def test_a_turn_starts_with_a_roll_and_may_hold_after_one(pig):
    rules = pig.make_rules(2)
    st = _state(pig, rules)
    assert pig.impl.moves(rules, st) == ("roll",)
    pig.impl.play(rules, st, "roll", FixedDie(4))
    assert st.turn == 4 and st.seat == 0
    assert pig.impl.moves(rules, st) == ("roll", "hold")


def test_a_one_loses_the_turn_total_and_passes_the_turn(pig):
    rules = pig.make_rules(3)
    st = _state(pig, rules, turn=17, banked=[30, 10, 5])
    pig.impl.play(rules, st, "roll", FixedDie(1))
    assert st.banked == [30, 10, 5] and st.turn == 0 and st.seat == 1
    assert st.seat_lost[0] == 17 and st.busts == 1


def test_holding_banks_the_turn_total(pig):
    rules = pig.make_rules(2)
    st = _state(pig, rules, turn=22, banked=[30, 10])
    pig.impl.play(rules, st, "hold", None)
    assert st.banked == [52, 10] and st.seat == 1 and pig.impl.end(rules, st) is None


def test_reaching_the_goal_wins_at_once_as_written(pig):
    rules = pig.make_rules(3)
    st = _state(pig, rules, turn=12, banked=[90, 95, 40])
    pig.impl.play(rules, st, "hold", None)
    assert pig.impl.end(rules, st) == "goal"
    assert list(pig.impl.scores(rules, st)) == [102, 95, 40]


def test_finish_round_plays_the_round_out(pig):
    rules = pig.make_rules(3, {"finish_round": True})
    st = _state(pig, rules, turn=12, banked=[90, 95, 40])
    pig.impl.play(rules, st, "hold", None)          # seat 1 reaches the goal
    assert pig.impl.end(rules, st) is None and st.seat == 1
    pig.impl.play(rules, st, "roll", FixedDie(6))
    pig.impl.play(rules, st, "roll", FixedDie(5))
    pig.impl.play(rules, st, "hold", None)          # seat 2 passes it: 106 against 102
    assert pig.impl.end(rules, st) is None and st.seat == 2
    pig.impl.play(rules, st, "roll", FixedDie(1))   # seat 3's turn ends the round
    assert pig.impl.end(rules, st) == "goal"
    assert pig.impl.winners(rules, st) == [False, True, False]


def test_rules_are_validated_with_the_field_named(pig):
    from simlab.errors import SimlabError

    with pytest.raises(SimlabError, match="goal: expected a goal of 1 to 10000"):
        pig.make_rules(2, {"goal": 0})
    with pytest.raises(SimlabError, match="players"):
        pig.make_rules(9)
    assert pig.make_rules(2, {"goal": "50"}).goal == 50


def test_readings_catalogue(pig):
    assert check_catalogue(pig.readings(), pig.make_rules, 2) == []
    assert [r.name for r in pig.readings()] == ["finish_round"]


# ---------------------------------------------------------------------------- bots
def _ask(pig, bot, rules, st, seat=0):
    prep = pig.prepare(rules, pig.lineup([bot] * rules.players, rules.players))
    b = prep.table().seats[seat]
    return b.fn(rules, st, seat, ("roll", "hold"), Stream(1, 1), b.params)


def test_hold_holds_at_n_or_at_the_goal(pig):
    rules = pig.make_rules(2)
    assert _ask(pig, "hold(n=20)", rules, _state(pig, rules, turn=19, banked=[0, 0])) == "roll"
    assert _ask(pig, "hold(n=20)", rules, _state(pig, rules, turn=20, banked=[0, 0])) == "hold"
    assert _ask(pig, "hold(n=20)", rules, _state(pig, rules, turn=6, banked=[95, 0])) == "hold"
    assert _ask(pig, "hold(n=20)", rules, _state(pig, rules, turn=4, banked=[95, 0])) == "roll"


def test_greedy_weighs_the_expected_turn_total(pig):
    """value() counts the unbanked turn total: rolling gains 20/6 on average and risks the
    total a sixth of the time, so greedy (with enough samples) rolls low totals and holds high
    ones, and holds whatever the total when holding wins."""
    rules = pig.make_rules(2)
    assert _ask(pig, "greedy(samples=400)", rules, _state(pig, rules, turn=4)) == "roll"
    assert _ask(pig, "greedy(samples=400)", rules, _state(pig, rules, turn=40)) == "hold"
    won = _state(pig, rules, turn=6, banked=[95, 0])
    assert _ask(pig, "greedy(samples=400)", rules, won) == "hold"


def test_lookahead_holds_a_winning_total(pig):
    """Holding wins in every playout; rolling loses the ones that roll a 1 first (all 64
    playouts without one: probability (5/6)**64, below 1e-5)."""
    rules = pig.make_rules(2)
    st = _state(pig, rules, turn=8, banked=[95, 60])
    assert _ask(pig, "lookahead(playouts=64)", rules, st) == "hold"


# ---------------------------------------------------------------------------- the stream
def test_the_stream_is_core_rngs_stream_of_seed_and_game():
    st = new_stream(7, 3)
    want = [float(uniform(st)) for _ in range(150)]
    s = Stream(7, 3)
    assert [s.random() for _ in range(150)] == want
    a, b = Stream(7, 3), Stream(7, 3)
    assert [a.die(6) for _ in range(20)] == [b.die(6) for _ in range(20)]
    assert [a.spawn().random() for _ in range(3)] == [b.spawn().random() for _ in range(3)]


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("bots,players,rules", [
    ("hold(n=20)", 2, {}),
    ("hold,random,hold(n=10)", 3, {}),
    ("random", 2, {"finish_round": True}),
    ("hold(n=25),random,random,hold", 4, {"finish_round": True, "goal": 50, "die": 8}),
])
def test_kernel_agrees_with_the_plain_python_game(pig, bots, players, rules):
    r = pig.make_rules(players, rules)
    lu = pig.lineup(bots, players)
    assert pig.plays_in_kernel(pig.prepare(r, lu))
    check_conformance(pig, r, lu, n_games=150)


@pytest.mark.parametrize("bots,players", [("greedy,hold", 2), ("weights(turn=0.5),random,hold", 3),
                                          ("lookahead(playouts=2),hold", 2)])
def test_plain_python_batches_agree_with_their_replay(pig, bots, players):
    r = pig.make_rules(players, {"goal": 40})
    lu = pig.lineup(bots, players)
    assert not pig.plays_in_kernel(pig.prepare(r, lu))
    check_conformance(pig, r, lu, n_games=30)


def test_kernel_and_plain_python_give_the_same_rows(pig):
    prep = pig.prepare(pig.make_rules(3), pig.lineup("hold,random,hold(n=15)", 3))
    a, ra = pig.run_kernel(prep, 9, 100, 300, True)
    b, rb = pig.run_python(prep, 9, 100, 300, True)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert all(np.array_equal(ra[k], rb[k]) for k in ra)


# ---------------------------------------------------------------------------- exact figure
def test_the_dynamic_programme_exact_and_in_floats_agree():
    ex = _exact()
    exact = ex.first_player_wins(goal=30, n=10)
    assert abs(float(exact) - ex.first_player_wins(goal=30, n=10, number=float)) < 1e-12
    assert 0.5 < ex.first_player_wins(number=float) < 0.56


def test_first_player_share_matches_the_exact_figure(pig):
    """Two hold-at-20 players to 100: the first seat's simulated win share (the kernel, 200,000
    games; the plain-Python loop, 3,000) within a binomial tolerance at p = 1e-9 of the exact
    0.534698... of the dynamic programme."""
    p = _exact().first_player_wins(number=float)
    rules = pig.make_rules(2)
    prep = pig.prepare(rules, pig.lineup("hold(n=20)", 2))
    n = 200_000
    out = run_games(pig, prep, n, 2024, progress=False)
    share = out.agg["wins"][0, 1] / n
    assert abs(share - p) <= binomial_tolerance(p, n, 1e-9)
    n_py = 3_000
    agg, _ = pig.run_python(prep, 2024, 0, n_py, False)
    assert abs(agg["wins"][0, 1] / n_py - p) <= binomial_tolerance(p, n_py, 1e-9)


def test_metrics_explain_the_result(pig):
    prep = pig.prepare(pig.make_rules(2), pig.lineup("hold", 2))
    out = run_games(pig, prep, 2000, 5, progress=False)
    m = pig.metrics(out.agg, 2000, prep.rules, pig.lineup("hold", 2))
    assert m["end_reasons"] == {"goal": 1.0, "move bound": 0.0}
    assert m["game_length_turns"] > 10
    roll, hold = m["choices"][0]["roll"], m["choices"][0]["hold"]
    assert roll > hold > 0
    assert m["per_game"]["holds"] + m["per_game"]["busts"] == pytest.approx(
        m["game_length_turns"])
    assert m["game_shape"]["checkpoint"] == "round" and m["game_shape"]["games"] == 2000
    assert sum(r["banked"] for r in m["score_sources"]) == pytest.approx(
        out.agg["score_sum"].sum() / 2000)
    assert pig.result_warnings(m, prep.rules) == []
