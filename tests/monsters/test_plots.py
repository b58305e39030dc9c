"""Monsters report figures: the solo-2 figure of the player's win share and Spider Jack's score
per point (a comparison of modifiers), drawn from real metrics of two small runs."""

from __future__ import annotations

from types import SimpleNamespace

from simlab.games.monsters import plots
from simlab.games.monsters.game import GAME


def _point(label, over, n=200):
    rules = GAME.make_rules(1, {"mode": "solo2", "difficulty": 0, **over})
    lineup = GAME.lineup("greedy", 1)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 5, 0, n, False)
    return SimpleNamespace(point={"label": label}, plays=n,
                           metrics=GAME.metrics(agg, n, rules, lineup))


def test_spider_jack_figure_per_point():
    pts = [_point("baseline", {}), _point("prophecy", {"sj_prophecy": 1})]
    sj = [p.metrics["spider_jack"] for p in pts]
    assert all(s["sd_score"] > 0 for s in sj)
    assert sj[1]["mean_score"] > sj[0]["mean_score"]
    names = [name for name, _, _ in plots.figures(pts)]
    assert "spider-jack" in names
    fig = dict((n, f) for n, _, f in plots.figures(pts))["spider-jack"]
    left, right = fig.axes[:2]
    texts = [t.get_text() for t in right.texts]
    assert texts[0] == f"{sj[0]['mean_score']:.1f}"
    assert texts[1].endswith(f"{sj[1]['mean_score'] - sj[0]['mean_score']:+.1f}")
    assert plots._spider_jack_figure(pts[:1]) is None   # one point: nothing to compare
