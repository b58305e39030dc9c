"""The slow-wins report: a grid over seconds per die, the sand timer and the opponents' hold
weight, with one seat that waits, gives a heatmap of the waiter's win share per policy and
says in words how it depends on each (``plots.slow_wins_figures``); the shipped scenario
loads."""

from __future__ import annotations

from pathlib import Path

from simlab.games.jelly import plots
from simlab.scenario import load_scenario
from simlab.sweep import run_sweep

ROOT = Path(__file__).resolve().parents[2]
WAITER = "weights(deny=0,leader=0,cost=0,new=0,cancel=-1000,target=0.1,pass_below=-100,wait=10)"


def test_slow_wins_grid_figure_and_words(tmp_path):
    spec = {"game": "jelly", "games": 120, "seed": 2,
            "bots": [WAITER, "greedy", "greedy", "greedy"],
            "sweep": {"params": {"rules.roll_seconds": [1.5, 4.0],
                                 "rules.timer_seconds": [10.0],
                                 "bots.greedy.hold": [0.0, 1.0]}}}
    res = run_sweep(spec, out=tmp_path / "s", backend="serial", progress=False, report=False)
    figs = plots.slow_wins_figures(res.points)
    assert len(figs) == 1
    name, _title, words, fig = figs[0]
    assert name == "slow-wins" and len(fig.axes) >= 2  # a panel per policy
    assert "With the 10-second timer and bots.greedy.hold = 0: " in words
    assert "% at 1.5 s a die" in words and "% at 4 s a die" in words

    def share(hold, secs):
        p = next(p for p in res.points if not p.point["baseline"]
                 and p.point["params"]["bots.greedy.hold"] == hold
                 and p.point["params"]["rules.roll_seconds"] == secs)
        return float(p.bot_shares[..., plots._waiter(p)].mean())

    # the waiter wins most games against opponents without the hold term at 1.5 s a die
    # (about 90%), far fewer against the hold term (about 40%): 120 games each
    assert share(0.0, 1.5) > 0.7 and share(1.0, 1.5) < share(0.0, 1.5) - 0.25
    assert "moves it by -" in words


def test_wait_read_from_a_label():
    assert plots._wait_of("greedy(wait=10)") == 10.0
    assert plots._wait_of("weights(deny=0, wait=2.5, hold=1)") == 2.5
    assert plots._wait_of("greedy") == 0.0


def test_the_shipped_scenario_loads():
    sc, _ = load_scenario(ROOT / "scenarios" / "jelly-slow-wins.toml")
    assert sc.game == "jelly" and set(sc.sweep.params) == {
        "rules.roll_seconds", "rules.timer_seconds", "bots.greedy.hold"}
