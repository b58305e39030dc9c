"""Attack of the Jelly Monster's own report figures (``JellyGame.figures``).

From each point's metrics (:meth:`JellyGame.metrics`): how often each district is controlled,
the mean reward value taken there, and the dice lost / actions used per game. With a few points
the bars are grouped by point; with many (a sweep) each quantity becomes a line over the points.
Made with :mod:`simlab.report.plots` (matplotlib object API, Okabe-Ito palette).
"""

from __future__ import annotations

import numpy as np

from simlab.games.jelly.game import POD_VALUE
from simlab.report import plots

#: at most this many points are drawn as grouped bars; more become lines over the points
MAX_GROUPED = 5

EVENTS = (
    ("dice_lost_to_cancellation", "dice lost to\ncancellation"),
    ("dice_lost_to_timer", "dice lost to\nthe timer"),
    ("removals_used", "removals"),
    ("target_moves_used", "Target moves"),
    ("pods_won_at_city_center", "pods won at\nthe city center"),
)


def _district_labels(metrics: list[dict]) -> list[str]:
    n = max(len(m["districts"]) for m in metrics)
    labels = []
    for d in range(n):
        faces = {m["districts"][d]["face"] for m in metrics if d < len(m["districts"])}
        labels.append(f"district {d}\n{faces.pop()}" if len(faces) == 1 else f"district {d}")
    return labels


def _district_values(metrics: list[dict], key: str, n: int) -> list[np.ndarray]:
    out = []
    for m in metrics:
        v = np.full(n, np.nan)
        for d, row in enumerate(m["districts"]):
            v[d] = row[key]
        out.append(v)
    return out


def _by_district(points, metrics, key, *, title_text, ylabel, percent, value_fmt):
    labels = _district_labels(metrics)
    values = _district_values(metrics, key, len(labels))
    names = [p.point["label"] for p in points]
    if len(points) <= MAX_GROUPED:
        return plots.grouped_bars(labels, list(zip(names, values, strict=True)),
                                  title_text=title_text, xlabel="district (face in play)",
                                  ylabel=ylabel, percent=percent, value_fmt=value_fmt)
    series = [(lab.replace("\n", " "), [v[d] for v in values])
              for d, lab in enumerate(labels)]
    return plots.lines_by_point([p.point["index"] for p in points], series,
                                title_text=title_text, ylabel=ylabel, percent=percent,
                                point_labels=names)


def figures(points: list) -> list:
    """``(name, title, Figure)`` for the report, from the points' Jelly metrics."""
    points = [p for p in points if p.metrics and p.metrics.get("districts")]
    if not points:
        return []
    metrics = [p.metrics for p in points]
    which = " (each point)" if len(points) > 1 else ""
    out = [
        ("district-control", "District control",
         _by_district(points, metrics, "controlled_share",
                      title_text=f"How often each district is controlled{which}",
                      ylabel="rounds with a controlling player", percent=True,
                      value_fmt="{:.0%}")),
        ("district-reward", "Reward value per district",
         _by_district(points, metrics, "mean_reward_value",
                      title_text=f"Mean reward value taken per control{which}",
                      ylabel=f"jelly per control (a pod counts {POD_VALUE:g})",
                      percent=False, value_fmt="{:.1f}")),
    ]
    labels = [lab for _, lab in EVENTS]
    values = [[float(m.get(k, np.nan)) for k, _ in EVENTS] for m in metrics]
    if len(points) <= MAX_GROUPED:
        fig = plots.grouped_bars(labels, [(p.point["label"], v) for p, v in
                                          zip(points, values, strict=True)],
                                 title_text=f"Dice lost and actions per game{which}",
                                 xlabel="", ylabel="mean per game (all players)",
                                 value_fmt="{:.2f}")
    else:
        series = [(lab.replace("\n", " "), [v[i] for v in values])
                  for i, lab in enumerate(labels)]
        fig = plots.lines_by_point([p.point["index"] for p in points], series,
                                   title_text="Dice lost and actions per game (each point)",
                                   ylabel="mean per game (all players)",
                                   point_labels=[p.point["label"] for p in points])
    out.append(("events", "Dice lost and actions per game", fig))
    return out
