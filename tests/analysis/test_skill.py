"""Skill ladder: the verdict rules, and a ladder on Monkey Fun's lookahead bot."""

import numpy as np
import pytest

from simlab.analysis.skill import ladder_verdict, skill_ladder, skill_report, verdict
from simlab.errors import SimlabError


def test_verdict_kinds():
    rng = np.random.default_rng(0)
    steep = rng.binomial(1, 0.6, 4000) - rng.binomial(1, 0.3, 4000)
    assert verdict(steep)[0] == "steep"
    flat = rng.normal(0, 0.3, 20000)
    assert verdict(flat)[0] == "flat"
    small = rng.normal(0.02, 0.3, 4000)  # a gain, but under 5 points
    assert verdict(small)[0] in ("moderate", "flat")
    assert verdict(np.r_[np.ones(20), -np.ones(20)])[0] == "moderate"  # too few games to say


def test_ceiling_is_not_called_flat():
    """Winning every game at every budget says nothing about skill (a ceiling), not "flat"."""
    rng = np.random.default_rng(2)
    assert ladder_verdict(np.ones(100), np.ones(100))[0] == "ceiling"
    assert ladder_verdict(np.ones(100), np.r_[np.ones(99), 0.0])[0] == "ceiling"
    low = rng.random(400) < 0.4
    assert ladder_verdict(low, low)[0] == "flat"
    assert ladder_verdict(low, rng.random(400) < 0.9)[0] == "steep"


def test_monkey_ladder(tmp_path):
    res = skill_ladder("monkey", budgets=[1, 16], opponents=["random"], players=2, games=150,
                       seed=1, work_dir=tmp_path, progress=False)
    c = res.curves["random"]
    assert [p["budget"] for p in c] == [1, 16]
    assert all(p["lo"] <= p["share"] <= p["hi"] for p in c)
    # flat Monte Carlo with 16 playouts beats random players clearly
    assert c[-1]["lo"] > 0.5
    html = skill_report(res, tmp_path / "skill.html")
    assert "Skill ladder" in html.read_text()
    again = skill_ladder("monkey", budgets=[1, 16], opponents=["random"], players=2, games=150,
                         seed=1, work_dir=tmp_path, progress=False)
    assert again.resumed == 2 and again.curves == res.curves


@pytest.mark.parametrize("kw, msg", [({"budgets": [4]}, "at least two"),
                                     ({"bot": "nobot"}, "no 'nobot' bot"),
                                     ({"budget_param": "depth"}, "no parameter 'depth'"),
                                     ({"opponents": ["zzz"]}, "zzz")])
def test_skill_bad_input(kw, msg):
    with pytest.raises(SimlabError, match=msg):
        skill_ladder("monkey", progress=False, **kw)


def test_ladder_timing_leaves_out_the_kernel_load(monkeypatch):
    """The seconds a rung reports are its games' alone: one game of the first line-up is played
    first, untimed (a short measurement of a large kernel counted its load from the cache as
    play), then every line-up's games; the shares are those of the timed games."""
    import simlab.analysis.tune as tune
    from simlab.analysis.skill import _ladder_task

    calls = []

    def fake(g, players, rules, lus, seats, seed, games):
        calls.append((len(lus), games))
        return 0.5, np.full(games, 0.25)

    monkeypatch.setattr(tune, "_play_share", fake)
    per, secs = _ladder_task(("jelly", 4, {}, ["a", "b", "c"], [0, 1, 2], 7, 30))
    assert calls == [(1, 1), (3, 30)]
    assert per.shape == (30,) and secs >= 0.0
