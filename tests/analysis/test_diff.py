"""``simlab diff``: a planted rule change is found (the last seat starts with 2 more jelly), an
advantage moved between seats is found on both, bad input is a clear error with
exit code 2, and the report and JSON carry every row. (The false-discovery test on rule sets
that differ without changing the odds comes with the game-shape measures of the same issue.)"""

from __future__ import annotations

import json

import numpy as np
import pytest

from simlab.analysis.diff import ALPHA, diff_report, rules_diff
from simlab.errors import SimlabError

from ..test_cli import assert_usage_error, run

BASE = {"name": "v1", "game": "jelly", "players": 4, "bots": ["greedy"], "seed": 7,
        "games": 3000}


def _toml(path, name, rules=None, game="jelly", bots='["greedy"]'):
    text = f'name = "{name}"\ngame = "{game}"\nplayers = 4\nbots = {bots}\nseed = 7\n' \
           f'games = 2000\n'
    if rules:
        text += "[rules]\n" + "".join(f"{k} = {v}\n" for k, v in rules.items())
    path.write_text(text)
    return path


def test_finds_the_last_seats_extra_starting_jelly():
    b = dict(BASE, name="v2", rules={"seat_starting_jelly": "2,2,2,4"})
    res = rules_diff(BASE, b, games=3000, populations=("lineup",), progress=False)
    assert list(res.changed) == ["seat_starting_jelly"]
    rows = res.rows.set_index("measure")
    seat4 = rows.loc["seat 4 win share"]
    assert seat4["significant"] and seat4["diff"] > 0, seat4
    for s in (1, 2, 3):   # the others lose what seat 4 gains
        assert rows.loc[f"seat {s} win share", "diff"] < 0
    seats = [f"seat {s} win share" for s in (1, 2, 3, 4)]
    assert abs(rows.loc[seats, "diff"].sum()) < 1e-9   # shares sum to 1
    head = " ".join(res.headlines())
    assert "seat 4 win share" in head and "points" in head


def test_identical_rules_written_differently_are_refused():
    # the default written out is no change of rule
    with pytest.raises(SimlabError, match="do not differ in any rule"):
        rules_diff(BASE, dict(BASE, rules={"starting_jelly": 2}), games=10, progress=False)


def test_an_advantage_moved_between_seats_is_found_on_both():
    """The extra starting jelly moves from seat 3 (A) to seat 1 (B): seat 1 gains and seat 3
    loses, each significant after Benjamini-Hochberg."""
    a = dict(BASE, rules={"seat_starting_jelly": "2,2,3,2"})
    b = dict(BASE, rules={"seat_starting_jelly": "3,2,2,2"})
    res = rules_diff(a, b, games=2000, populations=("lineup",), progress=False)
    rows = res.rows.set_index("measure")
    assert rows.loc["seat 1 win share", "significant"]
    assert rows.loc["seat 1 win share", "diff"] > 0
    assert rows.loc["seat 3 win share", "significant"]
    assert rows.loc["seat 3 win share", "diff"] < 0
    assert np.isfinite(res.rows["p_adjusted"]).all()


def test_two_populations_and_the_report(tmp_path):
    b = dict(BASE, bots=["greedy", "random", "spread", "saboteur"])
    a = dict(b, name="v1")
    b = dict(b, name="v2", rules={"seat_starting_jelly": "2,2,2,4"})
    res = rules_diff(a, b, games=600, progress=False)
    assert set(res.populations) == {"the line-up of A", "all greedy"}
    assert {"greedy's win share", "random's win share"} <= set(res.rows["measure"])
    path = diff_report(res, tmp_path / "diff.html")
    html = path.read_text()
    assert "Rules diff" in html and "seat 4 win share" in html
    data = json.loads((tmp_path / "diff.json").read_text())
    assert len(data["rows"]) == len(res.rows) and data["changed"]
    assert (tmp_path / "diff-diff-win-shares.png").exists()


def test_cli_json_and_bad_input(tmp_path):
    a = _toml(tmp_path / "a.toml", "v1")
    b = _toml(tmp_path / "b.toml", "v2", {"seat_starting_jelly": '"2,2,2,4"'})
    proc = run("diff", a, b, "--games", "300", "--population", "lineup", "--json", "-q",
               timeout=600)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["a"] == "v1" and out["b"] == "v2" and out["rows"]
    same = _toml(tmp_path / "same.toml", "v1b")
    assert_usage_error(run("diff", a, same, "--games", "10", "-q"), "do not differ in any rule")
    other = _toml(tmp_path / "other.toml", "jungle", game="jungle")
    other.write_text(other.read_text().replace("players = 4", "players = 3"))
    assert_usage_error(run("diff", a, other, "--games", "10", "-q"), "different games")
    assert_usage_error(run("diff", a, b, "--games", "10", "--precision", "0.1", "-q"),
                       "--precision")
    assert_usage_error(run("diff", a, tmp_path / "nope.toml", "-q"), "nope.toml")


def test_help_teaches():
    proc = run("diff", "--help")
    assert proc.returncode == 0 and "Examples:" in proc.stdout and "--precision" in proc.stdout


def test_false_discoveries_stay_at_the_rate_under_no_change():
    """Identical rules, B on other games (``seed_b``: independent games, so the differences are
    pure noise): each run's battery (4 seats and the score rows) has a significant finding
    after Benjamini-Hochberg in at most ALPHA of runs on average (under no change BH holds the
    chance of any false discovery at ALPHA); over 60 runs, more than the binomial bound at
    p = 1e-6 would be a broken test statistic."""
    from scipy import stats

    runs = 60
    bad = 0
    for k in range(runs):
        res = rules_diff(BASE, BASE, games=150, populations=("lineup",), progress=False,
                         seed_b=1000 + k)
        assert not res.changed
        bad += bool(res.rows["significant"].any())
    limit = stats.binom.isf(1e-6, runs, ALPHA)
    assert bad <= limit, (bad, limit)
    assert bad < runs / 4


def test_game_shape_length_and_own_metrics_are_in_the_battery(tmp_path):
    """The aggregate measures come paired over batches of the same game indices: Jelly's own
    dice-lost-to-timer count grows with a shorter timer, and the leader-wins curves of both
    versions reach the report."""
    b = dict(BASE, name="v2", rules={"timer_seconds": 4.0})
    res = rules_diff(BASE, b, games=1000, populations=("lineup",), progress=False)
    rows = res.rows.set_index("measure")
    for m in ("lead changes per game", "snowball (first leader wins)",
              "drama (winner not leading at the last checkpoint)"):
        assert rows.loc[m, "paired_over"] == "batches"
    assert rows.loc["seat 1 win share", "paired_over"] == "games"
    lost = rows.loc["dice lost to timer"]
    assert lost["significant"] and lost["diff"] > 0 and lost["games"] == 20
    assert "per game.dice lost to timer" not in rows.index      # the duplicate is left out
    assert set(res.shape["the line-up of A"]) == {"a", "b"}
    assert len(res.shape["the line-up of A"]["a"]["leader_wins_curve"]) == 3
    path = diff_report(res, tmp_path / "d.html")
    assert (tmp_path / "d-diff-leader-wins.png").is_file() and "Game shape" in path.read_text()
