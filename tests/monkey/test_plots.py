"""Tests for Monkey Fun's report figures (simlab.games.monkey.plots), from synthetic metrics."""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
import pytest
from matplotlib.figure import Figure

from simlab.core import plots
from simlab.games.monkey.plots import MAX_BOARDS, monkey_figures

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass
class FakePoint:
    point: dict
    metrics: dict


def synthetic_metrics(seed: int, solo: bool = False) -> dict:
    """A metrics dict with exactly the keys the Monkey engine produces."""
    rng = np.random.default_rng(seed)
    numbers = rng.permutation(np.arange(1, 37))
    fields = []
    for i, s in enumerate(numbers):
        fields.append({
            "field": int(s), "row": i // 6, "col": i % 6,
            "played": float(rng.uniform(0, 3) * (1 - s / 40)),
            "owned": float(rng.uniform(0, 0.6)),
            "won_at_end": float(rng.uniform(0, 0.8)),
        })
    if solo:
        end = {"row": 0.0, "square": 0.0, "points": 0.0, "solo_win": 0.3, "solo_loss": 0.7}
    else:
        row = float(rng.uniform(0.5, 0.8))
        end = {"row": row, "square": 0.0, "points": 1 - row, "solo_win": 0.0, "solo_loss": 0.0}
    hist = np.zeros(90, dtype=int)
    hist[20:80] = rng.integers(0, 500, size=60)
    metrics = {
        "end_reasons": end,
        "game_length_turns": float((np.arange(90) * hist).sum() / hist.sum()),
        "game_length_hist": hist.tolist(),
        "fields": fields,
        "hands_discarded_per_game": float(rng.uniform(0, 4)),
        "monkeys_boxed_per_game": float(rng.uniform(0, 10)),
    }
    if solo:
        metrics["solo"] = {
            "games": 10_000,
            "success_rate": float(rng.uniform(0.1, 0.5)),
            "mean_score_success": float(rng.uniform(5, 25)),
            "score_hist": rng.integers(0, 100, size=60).tolist(),
            "score_offset": -23 + seed,
        }
    return metrics


def make_points(n: int, solo: bool = False) -> list[FakePoint]:
    return [FakePoint({"label": "baseline" if i == 0 else f"layout = variant {i}", "index": i},
                      synthetic_metrics(i, solo)) for i in range(n)]


def check_figures(figs):
    assert figs
    names = [name for name, _, _ in figs]
    assert len(names) == len(set(names)), names
    for name, title, fig in figs:
        assert isinstance(fig, Figure), name
        assert title.strip(), name
        assert fig.axes, name
        titles = [ax.get_title(loc="left") or ax.get_title() for ax in fig.axes]
        suptitle = fig._suptitle.get_text() if fig._suptitle is not None else ""
        assert any(t.strip() for t in titles) or suptitle.strip(), name
        for ax in fig.axes:
            if ax.get_label() == "<colorbar>":
                continue
            assert ax.get_xlabel() or ax.get_ylabel(), (name, ax.get_title())
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=40)
        assert buf.getvalue().startswith(PNG_MAGIC), name
    return names


@pytest.mark.parametrize("n_points", [1, 3])
@pytest.mark.parametrize("solo", [False, True])
def test_figures_build_and_save(n_points, solo):
    figs = monkey_figures(make_points(n_points, solo))
    names = check_figures(figs)
    assert [n for n in names if n.startswith("board-")] == [f"board-{i}" for i in
                                                             range(n_points)]
    for expected in ("reach-odds", "game-end", "game-length", "events"):
        assert expected in names
    assert ("solo-success" in names) == solo
    assert ("solo-score" in names) == solo


def test_many_points_draw_only_the_baseline_board():
    points = make_points(MAX_BOARDS + 3)
    names = check_figures(monkey_figures(points))
    assert [n for n in names if n.startswith("board-")] == ["board-0"]
    assert "game-length-mean" in names


def test_board_cells_show_field_numbers_and_values():
    points = make_points(1)
    name, _, fig = monkey_figures(points)[0]
    assert name == "board-0"
    texts = {t.get_text() for ax in fig.axes for t in ax.texts}
    assert {str(s) for s in range(1, 37)} <= texts
    first = points[0].metrics["fields"][0]
    assert f"{first['played']:.2f}" in texts
    assert f"{first['owned']:.0%}" in texts


def test_reach_odds_figure_uses_exact_odds():
    from simlab.games.monkey.odds import reach_odds

    figs = dict((name, fig) for name, _, fig in monkey_figures(make_points(1)))
    top = figs["reach-odds"].axes[0]
    heights = [patch.get_height() for patch in top.patches]
    assert len(heights) == 36
    expected = [row["p_reachable"] for row in reach_odds()["fields"][:36]]
    np.testing.assert_allclose(heights, expected, rtol=0, atol=1e-15)


def test_missing_won_at_end_and_empty_points():
    points = make_points(2)
    for f in points[1].metrics["fields"]:
        f["won_at_end"] = None  # no game ended on points
    points.append(FakePoint({"label": "empty", "index": 9}, {}))
    check_figures(monkey_figures(points))
    assert plots.png_bytes(monkey_figures(points)[0][2]).startswith(PNG_MAGIC)
    assert monkey_figures([]) == []
    assert monkey_figures([FakePoint({"label": "x", "index": 0}, {})]) == []


@pytest.mark.parametrize("key", ["score_offset", "offset"])
def test_solo_score_axis_follows_the_offset(key):
    points = make_points(1, solo=True)
    solo = points[0].metrics["solo"]
    del solo["score_offset"]
    hist = np.zeros(187, dtype=int)
    hist[150 + 20] = 30  # score 20 when bin = score + 150
    hist[150 - 4] = 10   # score -4
    solo["score_hist"] = hist.tolist()
    solo[key] = -150 if key == "score_offset" else 150
    figs = {name: fig for name, _, fig in monkey_figures(points)}
    ax = figs["solo-score"].axes[0]
    lo, hi = ax.get_xlim()
    assert lo <= -4 and 21 <= hi <= 40
    means = [line.get_xdata()[0] for line in ax.get_lines()]
    assert means == [pytest.approx((30 * 20 - 4 * 10) / 40)]
