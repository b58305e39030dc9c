"""Monsters on Board's own report figures (``MonstersGame.figures``).

From each point's metrics (:meth:`MonstersGame.metrics`):

* score by source per seat (stacked bars: actions / Spook Juice, summoning, final-area Grunts,
  Prophecy, Arch Monsters);
* the draft position effect: mean rank and mean icon count of the die taken at pick 1..4;
* Malice gained, spent and wasted above the cap per game, per seat;
* pending actions performed and skipped per game, by action;
* solo 2 with points that vary the difficulty: each bot's win share against Spider Jack at
  levels 0..7, with Wilson 95% intervals (the difficulty ladder);
* solo 2 with several points (a comparison of modifiers, a ladder): the player's win share and
  Spider Jack's mean final score per point, with their differences from the first point.

Made with :mod:`simlab.core.plots` (matplotlib object API without pyplot, Okabe-Ito palette).
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from simlab.core import plots
from simlab.core.stats import wilson_interval

#: at most this many points get a bar group each; with more, only the baseline (first point)
MAX_GROUPED = 4

BREAKDOWN = (("actions", "actions (Spook Juice)"), ("summoning", "summoning"),
             ("final_area_grunts", "final-area Grunts"), ("prophecy", "Prophecy"),
             ("arch_monsters", "Arch Monsters"))


def _labels(points) -> list[str]:
    return [str(p.point.get("label", f"point {p.point.get('index', i)}"))
            for i, p in enumerate(points)]


def _shown(points):
    return points if len(points) <= MAX_GROUPED else points[:1]


def _seat_cats(points, key):
    shown = _shown(points)
    names = _labels(shown)
    cats, rows = [], []
    for p, name in zip(shown, names, strict=True):
        for row in p.metrics[key]:
            cats.append(f"seat {row['seat']}\n{row['bot']}" + (f"\n{name}" if len(shown) > 1
                                                               else ""))
            rows.append(row)
    return cats, rows


def _breakdown_figure(points) -> Figure:
    cats, rows = _seat_cats(points, "score_by_source")
    fig = plots.new_figure(height=5.0)
    ax = fig.subplots()
    x = np.arange(len(cats))
    pos = np.zeros(len(cats))
    for j, (k, label) in enumerate(BREAKDOWN):
        v = np.array([float(r.get(k, 0.0)) for r in rows])
        ax.bar(x, v, 0.7, bottom=pos, color=plots.color(j), label=label)
        pos = pos + v
    for xi, tot in zip(x, pos, strict=True):
        ax.text(xi, tot, f"{tot:.1f}", ha="center", va="bottom", fontsize=8)
    ax.set_ylim(0, max(float(pos.max()) if len(pos) else 1.0, 1.0) * 1.12)
    ax.set_xticks(x, cats, fontsize=8)
    ax.set_xlabel("seat (bot)")
    ax.set_ylabel("mean points per game")
    plots.style_axes(ax)
    plots.title(ax, "Where the points come from")
    plots.legend_below(fig, ncols=5)
    return fig


def _draft_figure(points) -> Figure:
    cats, rows = _seat_cats(points, "draft_position")
    fig = plots.new_figure(width=11.0, height=4.6)
    axes = fig.subplots(1, 2)
    picks = np.arange(1, 5)
    for ax, key, ylabel in ((axes[0], "mean_rank", "mean rank of the die taken"),
                            (axes[1], "mean_icons", "mean action icons on it")):
        for j, (cat, row) in enumerate(zip(cats, rows, strict=True)):
            ax.plot(picks, np.asarray(row[key], dtype=float), color=plots.color(j),
                    marker=plots.marker(j), ms=5, lw=1.5,
                    label=cat.replace("\n", " ") if key == "mean_rank" else None)
        ax.set_xticks(picks, [f"pick {k}" for k in picks])
        ax.set_xlabel("draft pick in the round")
        ax.set_ylabel(ylabel)
        plots.style_axes(ax, "both")
    plots.title(axes[0], "Draft position: what the k-th pick gets")
    plots.legend_below(fig, ncols=3)
    return fig


def _malice_figure(points) -> Figure:
    cats, rows = _seat_cats(points, "malice")
    series = [("gained", [r["gained"] for r in rows]), ("spent", [r["spent"] for r in rows]),
              ("wasted above the cap", [r["wasted"] for r in rows])]
    return plots.grouped_bars([c.replace("\n", " ", 1) for c in cats], series,
                              title_text="Malice per game: gained, spent, wasted above the cap",
                              xlabel="seat (bot)", ylabel="Malice per game")


def _actions_figure(points) -> Figure:
    shown = _shown(points)
    names = _labels(shown)
    acts = [a for a in shown[0].metrics["actions"]]
    series = []
    for p, name in zip(shown, names, strict=True):
        a = p.metrics["actions"]
        suffix = f" ({name})" if len(shown) > 1 else ""
        series.append((f"performed{suffix}", [a[k]["performed_per_game"] for k in acts]))
        series.append((f"skipped{suffix}", [a[k]["skipped_per_game"] for k in acts]))
    return plots.grouped_bars(acts, series, title_text="Pending actions performed and skipped",
                              xlabel="action", ylabel="times per game (all players)",
                              value_fmt="{:.1f}")


def _games(p) -> int:
    return int(getattr(p, "plays", 0) or p.metrics.get("per_game", {}).get("games", 0) or 0)


def _ladder_figure(points) -> Figure | None:
    """Win share against Spider Jack by difficulty, one line per bot (Wilson 95%)."""
    by_bot: dict[str, dict[int, tuple[float, int]]] = {}
    for p in points:
        sj = p.metrics.get("spider_jack")
        if not sj:
            continue
        bot = p.metrics["score_by_source"][0]["bot"]
        n = _games(p)
        d = int(sj["difficulty"])
        share, m = by_bot.setdefault(bot, {}).get(d, (0.0, 0))
        by_bot[bot][d] = (share + sj["player_win_share"] * n, m + n)
    levels = sorted({d for v in by_bot.values() for d in v})
    if len(levels) < 2:
        return None
    fig = plots.new_figure(height=4.8)
    ax = fig.subplots()
    k = len(by_bot)
    for j, (bot, data) in enumerate(sorted(by_bot.items())):
        ds = np.array(sorted(data), dtype=float)
        wins = np.array([data[int(d)][0] for d in ds])
        n = np.array([data[int(d)][1] for d in ds])
        share = wins / np.maximum(n, 1)
        lo, hi = wilson_interval(wins, n)
        x = ds + (j - (k - 1) / 2) * 0.08
        err = [np.clip(share - lo, 0, None), np.clip(hi - share, 0, None)]
        ax.errorbar(x, share, yerr=err, color=plots.color(j),
                    marker=plots.marker(j), ms=5, lw=1.5, capsize=3, label=bot)
    ax.set_xticks(levels, [str(d) for d in levels])
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("difficulty level (Spider Jack's modifiers, data/difficulty.toml)")
    ax.set_ylabel("player's win share against Spider Jack")
    plots.percent_axis(ax, decimals=0)
    plots.style_axes(ax, "both")
    plots.title(ax, "Solo 2 difficulty ladder (Wilson 95% intervals)")
    plots.legend_below(fig)
    return fig


def _spider_jack_figure(points) -> Figure | None:
    """Solo 2, several points: the player's win share (Wilson 95%) and Spider Jack's mean
    final score (95% interval) per point, each annotated with its difference from the first
    point (the baseline of a comparison)."""
    pts = [p for p in points if p.metrics.get("spider_jack") and _games(p) > 0]
    if len(pts) < 2:
        return None
    names = _labels(pts)
    n = np.array([_games(p) for p in pts], dtype=float)
    share = np.array([p.metrics["spider_jack"]["player_win_share"] for p in pts])
    lo, hi = wilson_interval(share * n, n)
    sj = np.array([p.metrics["spider_jack"]["mean_score"] for p in pts])
    half = np.array([1.96 * p.metrics["spider_jack"].get("sd_score", 0.0) for p in pts]) / \
        np.sqrt(n)
    fig = plots.new_figure(height=max(3.6, 0.42 * len(pts) + 1.8))
    left, right = fig.subplots(1, 2, sharey=True)
    y = np.arange(len(pts))[::-1]
    left.barh(y, share, color=plots.color(0),
              xerr=[np.clip(share - lo, 0, None), np.clip(hi - share, 0, None)], capsize=3)
    right.barh(y, sj, color=plots.color(1), xerr=half, capsize=3)
    for i in range(len(pts)):
        d_share = "" if i == 0 else f"  {100 * (share[i] - share[0]):+.1f} pts"
        d_sj = "" if i == 0 else f"  {sj[i] - sj[0]:+.1f}"
        left.text(hi[i] + 0.01, y[i], f"{100 * share[i]:.1f}%{d_share}", va="center",
                  fontsize=8)
        right.text(sj[i] + half[i] + 2, y[i], f"{sj[i]:.1f}{d_sj}", va="center", fontsize=8)
    left.set_yticks(y, names)
    left.set_xlim(0, min(1.0, float(hi.max()) * 1.45 + 0.02))
    right.set_xlim(0, float((sj + half).max()) * 1.3)
    left.set_xlabel("player's win share against Spider Jack")
    right.set_xlabel("Spider Jack's mean final score (Spook Juice)")
    plots.percent_axis(left, "x", decimals=0)
    plots.style_axes(left, "x")
    plots.style_axes(right, "x")
    plots.title(left, "Win share (Wilson 95%)")
    plots.title(right, "Spider Jack's score (95%)")
    return fig


def figures(points: list) -> list:
    """``(name, title, Figure)`` for the report, from the points' Monsters on Board metrics."""
    points = [p for p in points if p.metrics and p.metrics.get("score_by_source")]
    if not points:
        return []
    out = [("score-by-source", "Score by source", _breakdown_figure(points)),
           ("draft-position", "Draft position effect", _draft_figure(points)),
           ("malice", "Malice gained, spent and wasted", _malice_figure(points))]
    if points[0].metrics.get("actions"):
        out.append(("actions", "Pending actions performed and skipped", _actions_figure(points)))
    ladder = _ladder_figure(points)
    if ladder is not None:
        out.append(("difficulty-ladder", "Solo 2 difficulty ladder", ladder))
    sj = _spider_jack_figure(points)
    if sj is not None:
        out.append(("spider-jack", "Solo 2: the player's win share and Spider Jack's score",
                    sj))
    return out


monsters_figures = figures
