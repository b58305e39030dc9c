"""The speed-timer report: a grid over one seat's speed and the sand timer gives heatmaps of
that seat's win share and of the dice lost to the timer, and says in words how much speed
matters against cleverness (``plots.speed_timer_figures``); the shipped scenario loads."""

from __future__ import annotations

from pathlib import Path

from simlab.games.jelly import plots
from simlab.scenario import load_scenario
from simlab.sweep import run_sweep

ROOT = Path(__file__).resolve().parents[2]


def test_speed_timer_grid_figure_and_words(tmp_path):
    spec = {"game": "jelly", "games": 150, "seed": 2, "bots": "greedy",
            "sweep": {"params": {"rules.speeds": ["0.4,1,1,1", "1,1,1,1"],
                                 "rules.timer_seconds": [4.0, 10.0]}}}
    res = run_sweep(spec, out=tmp_path / "s", backend="serial", progress=False, report=True)
    figs = plots.speed_timer_figures(res.points)
    assert len(figs) == 1
    name, _title, words, fig = figs[0]
    assert name == "speed-timer" and len(fig.axes) >= 3
    assert "With the 10-second timer, seat 1 (greedy)" in words
    assert "speed 0.4" in words and "dice a game to the timer" in words
    # a slow seat with a short timer loses dice: the heatmap's numbers say so
    slow_short = next(p for p in res.points if not p.point["baseline"]
                      and p.point["params"]["rules.speeds"] == "0.4,1,1,1"
                      and p.point["params"]["rules.timer_seconds"] == 4.0)
    assert slow_short.metrics["seat_metrics"][0]["dice_lost_to_timer"] > 1.0
    html = (tmp_path / "s" / "report.html").read_text()
    assert "Speed against the sand timer" in html and "With the 10-second timer" in html
    assert "speeds = (0.4, 1.0, 1.0, 1.0) (default ())" in html  # readings named


def test_no_figure_for_other_sweeps(tmp_path):
    spec = {"game": "jelly", "games": 40, "seed": 2, "bots": "greedy",
            "sweep": {"params": {"rules.timer_seconds": [4.0, 10.0]}}}
    res = run_sweep(spec, out=tmp_path / "t", backend="serial", progress=False, report=False)
    assert plots.speed_timer_figures(res.points) == []


def test_shipped_scenario_loads():
    sc, _ = load_scenario(ROOT / "scenarios" / "jelly-speed-timer.toml")
    assert sc.game == "jelly" and set(sc.sweep.params) == {"rules.speeds", "rules.timer_seconds"}
