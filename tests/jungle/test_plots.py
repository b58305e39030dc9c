"""Jungle Rumble's report figures (simlab.games.jungle.plots) from real metrics."""

from __future__ import annotations

import io
from dataclasses import dataclass

from matplotlib.figure import Figure

from simlab.games.jungle.game import GAME
from simlab.games.jungle.plots import jungle_figures


@dataclass
class FakePoint:
    point: dict
    metrics: dict


def metrics(variant: bool):
    rules = GAME.make_rules(3, {"variant": variant})
    lineup = GAME.lineup("greedy,trader,random", 3)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 1, 0, 300, False)
    m = GAME.metrics(agg, 300, rules, lineup)
    assert GAME.invariants(agg, 300, rules) == []
    return m


def test_figures_build_and_save():
    pts = [FakePoint({"label": "normal", "index": 0}, metrics(False)),
           FakePoint({"label": "variant", "index": 1}, metrics(True))]
    figs = jungle_figures(pts)
    names = [f[0] for f in figs]
    assert names == ["food-reserve", "score-breakdown", "actions", "game-end", "family-size"]
    # the game-end figure's caption states the board supply each point started with
    assert figs[3][2] == ("Board supply at the start: 19 field tiles and 22 irrigation sticks "
                          "(the counts of the rulebook's setup less each player's 2 start fields "
                          "and 1 start stick).")
    for f in figs:
        title, fig = f[1], f[-1]
        assert isinstance(fig, Figure) and title
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=40)
        assert buf.getvalue().startswith(b"\x89PNG")
    assert GAME.figures(pts[:1])


def test_metrics_keys():
    m = metrics(False)
    for key in ("score_breakdown", "food_reserve_by_turn", "starvation", "actions",
                "food_on_unchosen_tiles", "end_reasons", "game_length_rounds",
                "family_size_by_round"):
        assert key in m
    row = m["food_reserve_by_turn"][0]
    assert all(a <= b <= c for a, b, c in zip(row["p10"], row["median"], row["p90"],
                                              strict=True))
    assert abs(sum(m["end_reasons"].values()) - 1) < 1e-9
