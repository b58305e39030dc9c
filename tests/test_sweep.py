"""Sweeps: common random numbers, paired differences, resume, backends (Dask included),
precision targets, rotation and tournaments."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.scenario import load_scenario
from simlab.sweep import _bh, load_results, plan, play_point, run_sweep

SWEEP = {"game": "jelly", "games": 400, "seed": 11, "bots": "greedy,random,spread,saboteur",
         "sweep": {"params": {"rules.timer_seconds": [1, 3], "rules.starting_jelly": [2, 6]}}}


def _frames_equal(a: pd.DataFrame, b: pd.DataFrame):
    pd.testing.assert_frame_equal(a.reset_index(drop=True), b.reset_index(drop=True))


def test_identical_variant_has_zero_paired_difference():
    res = run_sweep({"game": "jelly", "games": 500, "seed": 2,
                     "compare": {"same": {"timer_seconds": 10.0}, "other": {"timer_seconds": 1}}},
                    write=False, progress=False)
    same = res.frame[(res.frame["label"] == "same") & (res.frame["level"] == "seat")]
    assert (same["diff"] == 0).all() and (same["diff_lo"] == 0).all()
    other = res.frame[(res.frame["label"] == "other") & (res.frame["level"] == "seat")]
    base = res.frame[(res.frame["baseline"]) & (res.frame["level"] == "seat")]
    # paired difference equals the difference of the two win shares (same games)
    np.testing.assert_allclose(other["diff"].to_numpy(),
                               other["win_share"].to_numpy() - base["win_share"].to_numpy(),
                               atol=1e-6)
    assert (other["diff_lo"] <= other["diff"]).all() and (other["diff"] <= other["diff_hi"]).all()


def test_common_random_numbers_every_point_same_games():
    sc, _ = load_scenario({"game": "jelly", "games": 50, "seed": 4,
                           "compare": {"A": {"timer_seconds": 10.0}}})
    a, b = (play_point(sc, p, backend="serial") for p in plan(sc))
    np.testing.assert_array_equal(a.seat_shares, b.seat_shares)


def test_resume_after_interruption_gives_identical_results(tmp_path):
    full = run_sweep(SWEEP, out=tmp_path / "full", backend="serial", progress=False,
                     report=False)
    part_dir = tmp_path / "part"
    run_sweep(SWEEP, out=part_dir, backend="serial", progress=False, report=False)
    files = sorted((part_dir / "points").glob("*.npz"))
    assert len(files) == 5
    for f in files[:3]:  # as if killed before these points were stored
        f.unlink()
    (part_dir / "points" / ".stale.npz.tmp").write_bytes(b"half-written")
    (part_dir / "results.parquet").unlink()
    resumed = run_sweep(SWEEP, out=part_dir, backend="serial", resume=True, progress=False,
                        report=False)
    assert resumed.resumed == 2
    assert resumed.games_played == 3 * 400
    _frames_equal(full.frame, resumed.frame)
    _frames_equal(full.frame, pd.read_parquet(part_dir / "results.parquet"))
    _frames_equal(full.frame, load_results(part_dir).frame)


def test_results_identical_across_backends_including_dask(tmp_path):
    base = run_sweep(SWEEP, backend="serial", write=False, progress=False)
    loky = run_sweep(SWEEP, backend="loky", jobs=2, write=False, progress=False)
    dask = run_sweep(SWEEP, backend="dask", jobs=2, write=False, progress=False)  # processes
    _frames_equal(base.frame, loky.frame)
    _frames_equal(base.frame, dask.frame)


def test_precision_target_stops_on_interval_width():
    res = run_sweep({"game": "jelly", "seed": 5, "bots": "random",
                     "precision": {"epsilon": 0.02, "min_games": 200, "max_games": 50_000}},
                    backend="serial", write=False, progress=False)
    seats = res.frame[res.frame["level"] == "seat"]
    half = (seats["win_share_hi"] - seats["win_share_lo"]) / 2
    assert (half <= 0.02).all()
    assert 200 < res.points[0].games < 50_000
    capped = run_sweep({"game": "jelly", "seed": 5, "bots": "random",
                        "precision": {"epsilon": 0.001, "min_games": 100, "max_games": 300}},
                       backend="serial", write=False, progress=False)
    assert capped.points[0].games == 300


def test_rotation_separates_bots_from_seats():
    res = run_sweep({"game": "jelly", "games": 300, "seed": 8, "rotate_seats": True,
                     "bots": "greedy,random,random,random"}, backend="serial", write=False,
                    progress=False)
    p = res.points[0]
    assert p.plays == 4 * 300
    assert p.bot_seats == [4, 12]  # greedy sat once per rotation, random three times
    bots = res.frame[res.frame["level"] == "bot"].set_index("entity")
    assert bots.loc["greedy", "win_share"] > bots.loc["random", "win_share"]
    seats = res.frame[res.frame["level"] == "seat"]
    assert set(seats["bot"]) == {"(rotated)"}
    # every seat sees the greedy bot equally often: seat shares near 1/4 each
    assert (abs(seats["win_share"] - 0.25) < 0.06).all()


def test_tournament_matrix_is_complementary():
    res = run_sweep({"game": "jelly", "seed": 3, "tournament": {
        "bots": ["random", "greedy", "spread"], "games": 200}}, backend="serial",
        write=False, progress=False)
    m = res.head_to_head()
    for a in m.index:
        for b in m.columns:
            if a != b:
                assert abs(m.loc[a, b] + m.loc[b, a] - 1) < 1e-9
    assert m.loc["greedy", "random"] > 0.9


def test_benjamini_hochberg():
    p = np.array([0.01, 0.04, 0.03, 0.2])
    # sorted: 0.01*4/1=0.04, 0.03*4/2=0.06, 0.04*4/3=0.0533 -> monotone 0.0533, 0.2*4/4=0.2
    np.testing.assert_allclose(_bh(p), [0.04, 0.05333333, 0.05333333, 0.2], rtol=1e-6)


def test_run_scenario_api(tmp_path):
    res = simlab.run_scenario({"game": "jelly", "games": 200, "seed": 1,
                               "compare": {"A": {"timer_seconds": 1}}}, backend="serial",
                              progress=False)
    assert res.out_dir is None
    assert {"point", "label", "level", "entity", "win_share", "diff"} <= set(res.frame.columns)
    s = res.summary()
    assert list(s["label"]) == ["baseline", "A"]
    assert (s["seat_spread"] >= 0).all()


def test_nothing_written_for_a_bad_scenario(tmp_path):
    out = tmp_path / "never"
    with pytest.raises(simlab.SimlabError):
        run_sweep({"game": "jelly", "gams": 10}, out=out, progress=False)
    assert not out.exists()


def test_point_equal_to_baseline_is_stored_separately(tmp_path):
    spec = {"game": "jelly", "games": 100, "seed": 1, "rules": {"timer_seconds": 2},
            "sweep": {"params": {"rules.timer_seconds": [1, 2]}}}
    res = run_sweep(spec, out=tmp_path / "r", backend="serial", progress=False, report=False)
    assert len({p.point["id"] for p in res.points}) == 3
    again = load_results(tmp_path / "r")
    assert [p.point["label"] for p in again.points] == ["baseline", "rules.timer_seconds=1",
                                                        "rules.timer_seconds=2"]
    _frames_equal(res.frame, again.frame)


def test_duplicate_rows_are_not_in_the_multiple_comparison_family():
    res = run_sweep({"game": "jelly", "games": 300, "seed": 2,
                     "compare": {"B": {"timer_seconds": 1}}}, write=False, progress=False,
                    backend="serial")
    b = res.frame[res.frame["label"] == "B"]
    assert b[b["level"] == "seat"]["p_value"].notna().all()
    assert b[b["level"] == "bot"]["p_value"].isna().all()  # one bot per seat: same tests
    assert b[b["level"] == "bot"]["diff"].notna().all()


def test_report_of_an_unsaved_sweep(tmp_path):
    res = simlab.run_scenario({"game": "jelly", "games": 200, "seed": 1}, backend="serial",
                              progress=False)
    path = res.report(tmp_path / "r.html")
    assert path.is_file() and path.read_text().startswith("<!DOCTYPE html")


def test_strength_replicas_ask_the_question_again_at_each_level(tmp_path):
    """``[strength]``: the baseline replayed with equal players of each level (the same games),
    stored beside the points, read per level in the headlines and the JSON, with the two
    strongest levels compared game by game."""
    from simlab.report.replicas import replica_json, settling, strength_rows
    from simlab.report.tables import headline_sentences

    sc = {"name": "st", "game": "jungle", "players": 2, "bots": "greedy", "games": 200,
          "seed": 3, "strength": {"levels": ["random", "greedy", "search:1"], "games": 150,
                                  "search_games": 20}}
    sw = run_sweep(sc, out=tmp_path / "st", progress=False)
    assert [r.point["group"] for r in sw.replicas] == ["strength:random", "strength:greedy",
                                                       "strength:search:1"]
    assert [r.games for r in sw.replicas] == [150, 150, 20]
    assert len(sw.points) == 1                       # the main table is unchanged
    rows = strength_rows(sw)
    edge = rows[rows["figure"] == "seat 1's edge"]
    assert list(edge["level"]) == ["random", "greedy", "search:1"]
    assert (edge["lo"] <= edge["value"]).all() and (edge["value"] <= edge["hi"]).all()
    # the greedy level is the main table's games (same seed): the same seat shares
    greedy = next(r for r in sw.replicas if r.point["group"] == "strength:greedy")
    assert np.array_equal(greedy.seat_shares[0], sw.points[0].seat_shares[0][:150])
    s = settling(sw)
    assert {x["from"] for x in s} == {"greedy"} and {x["to"] for x in s} == {"search:1"}
    text = " ".join(headline_sentences(sw))
    assert "at rising strength" in text
    assert replica_json(sw)["strength"]
    again = load_results(tmp_path / "st")              # stored and read back
    assert len(again.replicas) == 3
    html = (tmp_path / "st" / "report.html").read_text()
    assert "At rising strength" in html
