"""Jungle Rumble's own report figures (``JungleGame.figures``).

From each point's metrics (:meth:`JungleGame.metrics`):

* the food reserve at the end of each round: median and 10-90% band per seat (the baseline, or
  each point when there are few);
* the score breakdown per seat as stacked bars (kittens, sticks, merchants' goods, reserve,
  penalties below zero);
* how often each action is chosen and followed per game;
* how games end (stacked shares per point);
* the mean family size over the rounds per seat.

Made with :mod:`simlab.core.plots` (matplotlib object API without pyplot, Okabe-Ito palette).
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from simlab.core import plots

#: at most this many points get a panel / bar group each; with more, only the baseline
MAX_GROUPED = 4

BREAKDOWN = (("kittens", "kittens (3 each)"), ("sticks", "sticks (1-2)"),
             ("merchants_gold", "gold on merchants"), ("merchants_food", "food on merchants"),
             ("reserve_gold", "gold in reserve"), ("reserve_food", "food in reserve"),
             ("penalties", "penalties"))
END_REASONS = (("last_field", "last field tile taken"), ("last_stick", "last stick taken"),
               ("kitten_taken", "kitten taken from an opponent"),
               ("no_workers", "no worker left (reading)"),
               ("modelling_round_bound", "round bound (modelling)"))


def _labels(points) -> list[str]:
    return [str(p.point.get("label", f"point {p.point.get('index', i)}"))
            for i, p in enumerate(points)]


def _shown(points):
    return points if len(points) <= MAX_GROUPED else points[:1]


def _seat_name(row) -> str:
    return f"seat {row['seat']} ({row['bot']})"


def _per_round_figure(points, key, *, title_text, ylabel, band: bool) -> Figure:
    shown = _shown(points)
    names = _labels(shown)
    fig = plots.new_figure(width=9.0 if len(shown) == 1 else 12.0,
                           height=4.6 if len(shown) <= 2 else 7.5)
    cols = 1 if len(shown) == 1 else 2
    rows = (len(shown) + cols - 1) // cols
    axes = np.atleast_1d(fig.subplots(rows, cols, squeeze=False)).ravel()
    for ax, p, name in zip(axes, shown, names, strict=False):
        for j, row in enumerate(p.metrics[key]):
            x = np.asarray(row["rounds"], dtype=float)
            if band:
                y = np.asarray(row["median"], dtype=float)
                ax.fill_between(x, np.asarray(row["p10"], dtype=float),
                                np.asarray(row["p90"], dtype=float), color=plots.color(j),
                                alpha=0.15, lw=0)
            else:
                y = np.asarray(row["mean"], dtype=float)
            ax.plot(x, y, color=plots.color(j), marker=plots.marker(j), ms=3, lw=1.5,
                    label=_seat_name(row))
        ax.set_xlabel("round")
        ax.set_ylabel(ylabel)
        plots.style_axes(ax, "both")
        ax.set_title(name, loc="left", fontsize=10)
    for ax in axes[len(shown):]:
        ax.set_visible(False)
    fig.suptitle(title_text, fontsize=12, fontweight="bold", x=0.01, ha="left")
    plots.legend_below(fig)
    return fig


def _breakdown_figure(points) -> Figure:
    shown = _shown(points)
    names = _labels(shown)
    cats, values = [], {k: [] for k, _ in BREAKDOWN}
    for p, name in zip(shown, names, strict=True):
        for row in p.metrics["score_breakdown"]:
            cats.append(f"seat {row['seat']}\n{row['bot']}" +
                        (f"\n{name}" if len(shown) > 1 else ""))
            for k, _ in BREAKDOWN:
                values[k].append(float(row.get(k, 0.0)))
    fig = plots.new_figure(height=5.0)
    ax = fig.subplots()
    x = np.arange(len(cats))
    pos = np.zeros(len(cats))
    for j, (k, label) in enumerate(BREAKDOWN):
        v = np.asarray(values[k])
        if k == "penalties":
            ax.bar(x, v, 0.7, color=plots.color(j), label=label)
        else:
            ax.bar(x, v, 0.7, bottom=pos, color=plots.color(j), label=label)
            pos = pos + v
    ax.axhline(0, color=plots.REF_COLOR, lw=0.8)
    ax.set_xticks(x, cats, fontsize=8)
    ax.set_xlabel("seat (bot)")
    ax.set_ylabel("mean points per game")
    plots.style_axes(ax)
    plots.title(ax, "Where the points come from")
    plots.legend_below(fig, ncols=4)
    return fig


def _actions_figure(points) -> Figure:
    shown = _shown(points)
    names = _labels(shown)
    acts = list(shown[0].metrics["actions"])
    series = []
    for p, name in zip(shown, names, strict=True):
        a = p.metrics["actions"]
        suffix = f" ({name})" if len(shown) > 1 else ""
        series.append((f"chosen{suffix}", [a[k]["chosen_per_game"] for k in acts]))
        series.append((f"followed{suffix}", [a[k]["followed_per_game"] for k in acts]))
    return plots.grouped_bars(acts, series, title_text="Actions chosen and followed",
                              xlabel="action", ylabel="times per game (all players)")


def _end_figure(points) -> Figure:
    names = _labels(points)
    fig = plots.new_figure(height=4.6)
    ax = fig.subplots()
    x = np.arange(len(points))
    bottom = np.zeros(len(points))
    for j, (key, label) in enumerate(END_REASONS):
        v = np.array([float(p.metrics["end_reasons"].get(key, 0.0)) for p in points])
        if not v.any():
            continue
        ax.bar(x, v, 0.7, bottom=bottom, color=plots.color(j), label=label)
        bottom = bottom + v
    ax.set_ylim(0, 1.02)
    ax.set_xticks(x, names, rotation=30 if len(points) > 3 else 0,
                  ha="right" if len(points) > 3 else "center")
    ax.set_xlabel("point")
    ax.set_ylabel("share of games")
    plots.percent_axis(ax, decimals=0)
    plots.style_axes(ax)
    plots.title(ax, "How games end")
    plots.legend_below(fig, ncols=2)
    return fig


def _supply_caption(points) -> str:
    """The board supply each point started with (the end comes when its last piece is taken)."""
    seen = {}
    for p in points:
        sup = p.metrics.get("board_supply")
        if sup:
            text = (f"{sup['fields']} field tiles and {sup['sticks']} irrigation sticks"
                    + (" (the counts of the rulebook's setup less each player's 2 start fields "
                       "and 1 start stick)" if sup["start_from_supply"] else
                       " (the start pieces taken from elsewhere)"))
            seen.setdefault(text, []).append(str(p.point.get("label", "")))
    if not seen:
        return ""
    if len(seen) == 1:
        return "Board supply at the start: " + next(iter(seen)) + "."
    return "Board supply at the start: " + "; ".join(
        f"{t} at {', '.join(labels[:3])}{' and more' if len(labels) > 3 else ''}"
        for t, labels in seen.items()) + "."


def jungle_figures(points: list) -> list:
    """``(name, title, Figure)`` or ``(name, title, caption, Figure)`` for the report, from the
    points' Jungle Rumble metrics."""
    points = [p for p in points if p.metrics and p.metrics.get("score_breakdown")]
    if not points:
        return []
    return [
        ("food-reserve", "Food reserve over the rounds",
         _per_round_figure(points, "food_reserve_by_turn", band=True,
                           title_text="Food in reserve at the end of each round (median, "
                                      "10-90% band)", ylabel="food tokens")),
        ("score-breakdown", "Score breakdown", _breakdown_figure(points)),
        ("actions", "Actions chosen and followed", _actions_figure(points)),
        ("game-end", "How games end", _supply_caption(points), _end_figure(points)),
        ("family-size", "Family size over the rounds",
         _per_round_figure(points, "family_size_by_round", band=False,
                           title_text="Mean family size at the end of each round",
                           ylabel="kittens")),
    ]


figures = jungle_figures
