"""``simlab simulate`` says what was played (rules, readings, data), warns about a setting that
changes nothing, separates compile time from play, answers a quick what-if on the same games
(``--vs-set``), and shows progress as plain lines when stderr is not a terminal."""

from __future__ import annotations

import io
import json
import sys

import numpy as np
import pytest

import simlab
from simlab.core import progress

from .test_cli import run


def test_the_rules_in_force_are_echoed_in_text_and_json():
    proc = run("simulate", "jungle", "-p", "2", "-b", "random", "-n", "50", "-q",
               "--set", "kitten_points=4", "--set", "merchant_kind_at=recruit")
    assert proc.returncode == 0, proc.stderr
    assert "kitten_points=4" in proc.stdout
    assert "merchant_kind_at = recruit (default first_sale)" in proc.stdout
    assert "compile or load" in proc.stdout and "play" in proc.stdout
    proc = run("simulate", "jungle", "-p", "2", "-b", "random", "-n", "50", "-q", "--json",
               "--set", "kitten_points=4")
    data = json.loads(proc.stdout)
    assert data["played"]["rules"] == {"kitten_points": "4"}
    assert data["played"]["data"] is None
    plain = run("simulate", "jungle", "-p", "2", "-b", "random", "-n", "50", "-q")
    assert "every reading at its default" in plain.stdout


def test_a_setting_that_changes_nothing_is_warned_about():
    """A value equal to the default changes no kernel array: said on stderr."""
    proc = run("simulate", "jungle", "-p", "2", "-b", "random", "-n", "20", "-q",
               "--set", "kitten_points=3")
    assert proc.returncode == 0
    assert "simlab: warning: --set kitten_points=3: changes nothing that is played" in \
        proc.stderr
    res = simlab.simulate("jungle", players=2, bots="random", games=20, progress=False,
                          rules={"kitten_points": 3}, backend="serial")
    assert any("kitten_points" in w for w in res.warnings)
    res = simlab.simulate("jungle", players=2, bots="random", games=20, progress=False,
                          rules={"kitten_points": 4}, backend="serial")
    assert not res.warnings


def test_what_if_pairs_the_two_rule_sets_on_the_same_games():
    from simlab.analysis.whatif import what_if

    same = what_if("jungle", {"kitten_points": 3}, players=2, bots="greedy", games=300,
                   seed=2, backend="serial")
    assert (same.rows["diff"] == 0).all()       # the same rules: no change in any game
    assert not same.rows["significant"].any()
    # the question: kittens worth 4 instead of 3; the breeder's share falls (9.1% ->
    # 1.3% in the run)
    w = what_if("jungle", {"kitten_points": 4}, players=3, bots=["breeder", "greedy",
                                                                  "farmer"],
                games=400, seed=2, rotate=True, backend="serial")
    assert set(w.rows["level"]) == {"seat", "bot"}
    assert set(w.rows["measure"]) == {"win share", "mean score"}
    shares = w.rows[(w.rows["level"] == "seat") & (w.rows["measure"] == "win share")]
    assert abs(shares["diff"].sum()) < 1e-6      # seat shares still add up to 1 (float32)
    breeder = w.rows[(w.rows["entity"] == "breeder") & (w.rows["measure"] == "win share")]
    assert breeder["diff"].iloc[0] < 0 and breeder["significant"].iloc[0]
    assert w.changed == {"kitten_points": (3, 4)}
    assert "breeder's win share" in " ".join(w.headlines())
    proc = run("simulate", "jungle", "-p", "2", "-b", "greedy", "-n", "200", "-q",
               "--vs-set", "kitten_points=6", "--json")
    data = json.loads(proc.stdout)
    assert data["changed"] == {"kitten_points": [3, 6]} and data["headlines"]


def test_the_per_game_frame_names_each_seats_bot():
    res = simlab.simulate("jungle", players=3, bots=["farmer", "greedy", "trader"],
                          games=30, keep_games=True, rotate=True, progress=False,
                          backend="serial")
    df = res.games
    assert len(df) == 30 * 6 and set(df["seating"]) == set(range(6))
    assert sorted(df.iloc[0][["bot_1", "bot_2", "bot_3"]]) == ["farmer", "greedy", "trader"]
    # each seating's rows are that seating's bots
    firsts = {tuple(df[df["seating"] == k].iloc[0][["bot_1", "bot_2", "bot_3"]])
              for k in range(6)}
    assert len(firsts) == 6


def test_progress_is_plain_lines_when_stderr_is_not_a_terminal(monkeypatch):
    buf = io.StringIO()
    monkeypatch.setattr(sys, "stderr", buf)
    monkeypatch.setattr(progress, "LOG_EVERY_S", 0.0)
    bar = progress.progress_bar(1000, desc="jungle", enabled=True)
    for _ in range(100):
        bar.update(10)
    bar.close()
    text = buf.getvalue()
    assert "\r" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("jungle: 100% (1,000 of 1,000 games")
    assert not progress.wanted(None)              # not a terminal: none by default
    assert isinstance(progress.progress_bar(10, enabled=False), progress._NoBar)


@pytest.mark.parametrize("rotate", [False, True])
def test_rotated_or_not_the_json_has_bots(rotate):
    res = simlab.simulate("jungle", players=2, bots=["farmer", "greedy"], games=40,
                          rotate=rotate, progress=False, backend="serial")
    d = res.to_dict()
    assert [b["bot"] for b in d["bots"]] == ["farmer", "greedy"]
    assert all(0 <= b["win_share_ci"][0] <= b["win_share"] <= b["win_share_ci"][1] <= 1
               for b in d["bots"])
    if rotate:
        assert d["seatings"] == 2 and "order_p" in d
        assert np.isnan(res.order_p)         # two bots: one cyclic order, nothing to test
