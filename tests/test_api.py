"""Tests for the library entry point simlab.simulate and its SimResult."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.errors import SimlabError

N = 2000
SUMMARY_COLUMNS = ["seat", "bot", "win_share", "win_share_lo", "win_share_hi", "sole_wins",
                   "shared_wins", "mean_score", "mean_score_lo", "mean_score_hi"]
SEAT_KEYS = {"seat", "bot", "win_share", "win_share_ci", "sole_wins", "shared_wins",
             "mean_score", "mean_score_ci"}
JELLY_METRICS = {"districts", "dice_lost_to_cancellation", "dice_lost_to_timer",
                 "removals_used", "target_moves_used", "pods_won_at_city_center"}


@pytest.fixture(scope="module")
def res():
    return simlab.simulate("jelly", players=4, games=N, seed=7, keep_games=True,
                           backend="serial", progress=False)


@pytest.fixture(scope="module")
def res_nokeep():
    return simlab.simulate("jelly", players=4, games=N, seed=7, backend="serial",
                           progress=False)


# ----------------------------------------------------------------- summary
def test_summary_columns(res):
    df = res.summary()
    assert list(df.columns) == SUMMARY_COLUMNS
    assert df["seat"].tolist() == [1, 2, 3, 4]
    assert df["bot"].tolist() == ["greedy", "random", "spread", "saboteur"]  # default line-up


def test_win_shares_sum_to_one(res):
    df = res.summary()
    assert df["win_share"].sum() == pytest.approx(1.0)
    assert (df["win_share"] >= 0).all()


def test_intervals_contain_estimates(res):
    df = res.summary()
    assert (df["win_share_lo"] <= df["win_share"]).all()
    assert (df["win_share"] <= df["win_share_hi"]).all()
    assert (df["mean_score_lo"] <= df["mean_score"]).all()
    assert (df["mean_score"] <= df["mean_score_hi"]).all()
    assert ((df["win_share_lo"] >= 0) & (df["win_share_hi"] <= 1)).all()
    assert (df["mean_score_hi"] - df["mean_score_lo"] > 0).all()


def test_summary_agrees_with_games(res):
    g = res.games
    df = res.summary()
    scores = g[[f"score_{s}" for s in range(1, 5)]].to_numpy()
    winners = g[[f"winner_{s}" for s in range(1, 5)]].to_numpy()
    assert np.allclose(df["mean_score"], scores.mean(axis=0))
    k = winners.sum(axis=1, keepdims=True)
    assert (k >= 1).all()
    assert np.allclose(df["win_share"], (winners / k).sum(axis=0) / N)
    assert df["sole_wins"].tolist() == (winners & (k == 1)).sum(axis=0).tolist()
    assert df["shared_wins"].tolist() == (winners & (k > 1)).sum(axis=0).tolist()
    # winners are exactly the top scores
    assert np.array_equal(winners, scores == scores.max(axis=1, keepdims=True))


def test_summary_by_bot_groups_seats():
    r = simlab.simulate("jelly", players=4, bots=["greedy", "random", "greedy", "random"],
                        games=800, seed=3, backend="serial", progress=False)
    by_seat = r.summary()
    by_bot = r.summary(by="bot")
    assert by_bot["bot"].tolist() == ["greedy", "random"]
    assert by_bot["seats"].tolist() == [2, 2]
    for bot in ("greedy", "random"):
        seats = by_seat[by_seat["bot"] == bot]
        row = by_bot[by_bot["bot"] == bot].iloc[0]
        assert row["win_share"] == pytest.approx(seats["win_share"].mean())
        assert row["mean_score"] == pytest.approx(seats["mean_score"].mean())
        assert row["sole_wins"] == seats["sole_wins"].sum()
        assert row["shared_wins"] == seats["shared_wins"].sum()
        assert row["win_share_lo"] <= row["win_share"] <= row["win_share_hi"]
    assert (by_bot["win_share"] * by_bot["seats"]).sum() == pytest.approx(1.0)


def test_summary_bad_by(res):
    with pytest.raises(SimlabError, match="by"):
        res.summary(by="colour")


# ----------------------------------------------------------------- games
def test_games_one_row_per_game(res):
    g = res.games
    assert isinstance(g, pd.DataFrame)
    assert len(g) == N
    head = (["game"] + [f"bot_{s}" for s in range(1, 5)] + [f"score_{s}" for s in range(1, 5)]
            + [f"winner_{s}" for s in range(1, 5)])
    assert list(g.columns)[:len(head)] == head
    assert g["game"].tolist() == list(range(N))
    assert g["bot_3"].tolist() == ["spread"] * N


def test_games_match_replayed_games(res):
    from simlab.games.registry import get_game

    g = get_game("jelly")
    prepared = g.prepare(res.rules, g.lineup(None, 4))
    for idx in (0, 17, N - 1):
        _, rows = g.run_batch(prepared, 7, idx, 1, True)
        got = res.games.loc[idx, [f"score_{s}" for s in range(1, 5)]].to_numpy()
        assert np.array_equal(got, rows["score"][0])


def test_games_not_kept_raises(res_nokeep):
    with pytest.raises(SimlabError, match="keep_games"):
        _ = res_nokeep.games


def test_keep_games_does_not_change_results(res, res_nokeep):
    pd.testing.assert_frame_equal(res.summary(), res_nokeep.summary())
    assert res.to_dict() == res_nokeep.to_dict()


# ----------------------------------------------------------------- to_dict
def test_to_dict_keys(res):
    d = res.to_dict()
    for key in ("game", "players", "games", "seed", "seats", "seat_advantage_p"):
        assert key in d
    assert JELLY_METRICS <= set(d)
    assert d["game"] == "jelly" and d["players"] == 4 and d["games"] == N and d["seed"] == 7
    assert len(d["seats"]) == 4
    for i, seat in enumerate(d["seats"]):
        assert set(seat) == SEAT_KEYS
        assert seat["seat"] == i + 1
        lo, hi = seat["win_share_ci"]
        assert lo <= seat["win_share"] <= hi
        lo, hi = seat["mean_score_ci"]
        assert lo <= seat["mean_score"] <= hi
    assert sum(s["win_share"] for s in d["seats"]) == pytest.approx(1.0)
    assert 0.0 <= d["seat_advantage_p"] <= 1.0
    json.dumps(d)  # JSON-able as is


def test_to_dict_metrics(res):
    d = res.to_dict()
    n_districts = res.rules.num_districts
    assert len(d["districts"]) == n_districts
    for dist in d["districts"]:
        assert {"controlled_share", "mean_reward_jelly", "mean_reward_pods"} <= set(dist)
        assert 0.0 <= dist["controlled_share"] <= 1.0
        assert np.isfinite(dist["mean_reward_jelly"]) and np.isfinite(dist["mean_reward_pods"])
    for key in JELLY_METRICS - {"districts"}:
        assert isinstance(d[key], float) and d[key] >= 0
    # per-game averages: a game has 4 rounds of 4 players with 7 dice each
    assert d["dice_lost_to_cancellation"] + d["dice_lost_to_timer"] <= 4 * 4 * 7


def test_seat_advantage_p_detects_strong_bot():
    # greedy against three random bots: the greedy seat wins far more often
    r = simlab.simulate("jelly", bots=["greedy", "random", "random", "random"], games=1000,
                        seed=5, backend="serial", progress=False)
    assert r.summary()["win_share"].iloc[0] > 0.5
    assert r.seat_advantage_p < 1e-6


# ----------------------------------------------------------------- reproducibility
def test_same_seed_same_results(res_nokeep):
    again = simlab.simulate("jelly", players=4, games=N, seed=7, backend="serial",
                            progress=False)
    assert again.to_dict() == res_nokeep.to_dict()
    for k in res_nokeep.agg:
        assert np.array_equal(again.agg[k], res_nokeep.agg[k])


def test_different_seed_different_results(res_nokeep):
    other = simlab.simulate("jelly", players=4, games=N, seed=8, backend="serial",
                            progress=False)
    assert not np.array_equal(other.agg["score_sum"], res_nokeep.agg["score_sum"])
    assert other.to_dict()["seats"] != res_nokeep.to_dict()["seats"]


@pytest.mark.parametrize("jobs,backend,batch_size", [(2, "threads", None), (2, "loky", None),
                                                     (1, "serial", 33), (3, "threads", 100)])
def test_results_independent_of_jobs_backend(res_nokeep, jobs, backend, batch_size):
    r = simlab.simulate("jelly", players=4, games=N, seed=7, jobs=jobs, backend=backend,
                        batch_size=batch_size, progress=False)
    assert r.to_dict() == res_nokeep.to_dict()
    for k in res_nokeep.agg:
        assert np.array_equal(r.agg[k], res_nokeep.agg[k]), k


# ----------------------------------------------------------------- inputs
def test_players_and_bots_options():
    r = simlab.simulate("jelly", players=5, bots="spread", games=100, seed=1,
                        backend="serial", progress=False)
    df = r.summary()
    assert df["seat"].tolist() == [1, 2, 3, 4, 5]
    assert df["bot"].tolist() == ["spread"] * 5
    assert r.rules.players == 5


def test_rules_overrides_apply():
    r = simlab.simulate("jelly", games=200, seed=1, backend="serial", progress=False,
                        rules={"rounds": 1, "faces.1A": "jelly:0,jelly:0,jelly:0"})
    assert r.rules.rounds == 1
    assert r.rules.faces["1A"].zones == ("jelly:0",) * 3
    base = simlab.simulate("jelly", games=200, seed=1, backend="serial", progress=False)
    # one round instead of four: far lower scores
    assert r.summary()["mean_score"].max() < base.summary()["mean_score"].min()


def test_bot_labels_keep_parameters():
    r = simlab.simulate("jelly", bots="weights(cancel=-5,target=1.2),greedy,random,spread",
                        games=50, seed=1, backend="serial", progress=False)
    assert r.bots[0] == "weights(cancel=-5,target=1.2)"
    assert r.summary()["bot"].iloc[0] == "weights(cancel=-5,target=1.2)"


def test_players_follow_the_line_up():
    r = simlab.simulate("jelly", bots=["greedy"] * 5, games=20, seed=0, backend="serial",
                        progress=False)
    assert r.players == 5 and len(r.summary()) == 5
    r3 = simlab.simulate("jelly", bots="greedy,random,spread", games=20, seed=0,
                         backend="serial", progress=False)
    assert r3.players == 3


@pytest.mark.parametrize("kwargs,words", [
    ({"players": 7}, ["players", "3", "5", "7"]),
    ({"players": 2}, ["players", "2"]),
    ({"bots": ["nope"]}, ["bots", "'nope'", "greedy"]),
    ({"bots": ["greddy", "random", "spread", "saboteur"]}, ["did you mean 'greedy'"]),
    ({"bots": ["greedy", "random"]}, ["bots", "4", "2"]),
    ({"bots": ["greedy"] * 5, "players": 4}, ["bots", "4", "5"]),
    ({"rules": {"nope": 1}}, ["nope", "timer_seconds"]),
    ({"rules": {"timer_second": 1}}, ["did you mean 'timer_seconds'"]),
    ({"rules": "timer_seconds=2"}, ["rules", "dict"]),
    ({"bots": "greedy(tak=1)"}, ["'tak'", "did you mean 'take'"]),
    ({"bots": "greedy(take=x)"}, ["take", "'x'"]),
    ({"bots": "greedy(take)"}, ["take", "NAME=VALUE"]),
    ({"games": 0}, ["games"]),
    ({"seed": -1}, ["seed"]),
    ({"jobs": 0}, ["jobs"]),
    ({"backend": "gpu"}, ["backend", "loky"]),
])
def test_bad_inputs_raise_helpful_errors(kwargs, words):
    args = {"games": 20, "seed": 0, "backend": "serial", "progress": False}
    args.update(kwargs)
    with pytest.raises(SimlabError) as exc:
        simlab.simulate("jelly", **args)
    msg = str(exc.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


def test_unknown_game():
    with pytest.raises(SimlabError, match="'jely'.*did you mean 'jelly'"):
        simlab.simulate("jely", games=10)


def test_bots_of_wrong_type_raise_simlab_error():
    with pytest.raises(SimlabError, match="bots"):
        simlab.simulate("jelly", bots=5, games=10, backend="serial", progress=False)


def test_bot_parameter_nan_rejected():
    with pytest.raises(SimlabError, match="take"):
        simlab.simulate("jelly", bots="greedy(take=nan)", games=10, backend="serial",
                        progress=False)


def test_bot_parameters_change_behaviour():
    kw = {"games": 300, "seed": 1, "backend": "serial", "progress": False}
    many = simlab.simulate("jelly", bots="random(pass=0.9)", **kw).metrics["per_game"]
    none = simlab.simulate("jelly", bots="random(pass=0)", **kw).metrics["per_game"]
    assert none["passes"] == 0
    assert many["passes"] > 10
    # dice are still conserved whatever the bot does
    for m in (many, none):
        assert m["dice_placed"] + m["dice_lost_to_timer"] == pytest.approx(4 * 4 * 7)
