"""Monkey Fun's own report figures (``MonkeyGame.figures``).

From each point's metrics (:meth:`MonkeyGame.metrics`):

* the board as a 6x6 heatmap per point (at most :data:`MAX_BOARDS` points, else the baseline),
  each cell labelled with its field number and value: placements per game, how often the field
  ends up owned, how often it scores in games decided on points;
* the exact reach odds of every field for a fresh hand (:func:`simlab.games.monkey.odds.reach_odds`,
  default deck) beside how often each field was played: are the high fields too hard to reach?
* how games end (stacked shares per point), the game length distribution, hands discarded and
  monkeys boxed per game, by cause (a field taken, an owner's play by choice, forced);
* in solo games, the success rate and the score distribution.

Made with :mod:`simlab.core.plots` (matplotlib object API without pyplot, Okabe-Ito palette).
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib import colormaps
from matplotlib.colors import Normalize
from matplotlib.figure import Figure

from simlab.core import plots

#: board heatmaps are drawn for at most this many points; with more, only the first (baseline)
MAX_BOARDS = 4
#: at most this many points are drawn side by side (bars, distribution lines); more become lines
#: over the points (or only the baseline where a line per point makes no sense)
MAX_GROUPED = 5
#: the longest histograms are grouped into at most this many bins
MAX_BINS = 60

END_REASONS = (
    ("row", "row of 4"),
    ("square", "2x2 square (quick game)"),
    ("points", "points (all monkeys placed)"),
    ("solo_win", "solo: square completed"),
    ("solo_loss", "solo: lost"),
)

BOARD_PANELS = (
    ("played", "Placements per game", "mean monkeys placed per game", "{:.2f}", False),
    ("owned", "Owned at the end", "share of games the field is owned", "%", True),
    ("won_at_end", "Scored at the end", "share of points-ended games with a single "
     "majority", "%", True),
)

EVENTS = (
    ("hands_discarded_per_game", "hands discarded\n(no playable cards)"),
    ("boxed.by_ownership", "monkeys boxed:\nfield taken"),
    ("boxed.voluntary", "monkeys boxed:\nowner's play, by choice"),
    ("boxed.forced", "monkeys boxed:\nforced"),
)


def _metric(metrics: dict, key: str):
    """metrics[key], with a dotted key reaching into a nested dict (None when missing)."""
    for part in key.split("."):
        if not isinstance(metrics, dict) or part not in metrics:
            return None
        metrics = metrics[part]
    return metrics


def _num(x) -> float:
    """A metric value as a float (None and missing values become NaN)."""
    try:
        return float(x) if x is not None else math.nan
    except (TypeError, ValueError):
        return math.nan


def _labels(points) -> list[str]:
    return [str(p.point.get("label", f"point {p.point.get('index', i)}"))
            for i, p in enumerate(points)]


def _which(points) -> str:
    return " (each point)" if len(points) > 1 else ""


# ---------------------------------------------------------------------------- board
def _board_grid(fields: list[dict], key: str):
    """``(values, numbers)`` as 2-D arrays laid out like the board (NaN / 0 where unknown)."""
    rows = [int(f["row"]) for f in fields]
    cols = [int(f["col"]) for f in fields]
    r0, c0 = min(rows), min(cols)  # rows and columns may count from 0 or 1
    shape = (max(rows) - r0 + 1, max(cols) - c0 + 1)
    values = np.full(shape, np.nan)
    numbers = np.zeros(shape, dtype=int)
    for f, r, c in zip(fields, rows, cols, strict=True):
        values[r - r0, c - c0] = _num(f.get(key))
        numbers[r - r0, c - c0] = int(f["field"])
    return values, numbers


def _board_figure(point) -> Figure:
    """Three 6x6 heatmaps of one point: placements, ownership and end-of-game scoring."""
    fields = point.metrics["fields"]
    fig = plots.new_figure(width=13.0, height=4.9)
    axes = fig.subplots(1, len(BOARD_PANELS))
    for ax, (key, panel_title, cbar_label, fmt, percent) in zip(axes, BOARD_PANELS,
                                                                 strict=True):
        values, numbers = _board_grid(fields, key)
        finite = values[np.isfinite(values)]
        vmin = 0.0
        vmax = float(finite.max()) if finite.size else 1.0
        if fmt == "%":  # whole percent, or 1 decimal when every share is below 10%
            fmt = "{:.0%}" if vmax >= 0.1 else "{:.1%}"
        norm = Normalize(vmin, vmax if vmax > vmin else vmin + 1e-9)
        cmap = colormaps[plots.SEQ_CMAP].with_extremes(bad="#eeeeee")
        im = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, norm=norm)
        for (r, c), v in np.ndenumerate(values):
            if np.isfinite(v):
                rgba = cmap(norm(v))
                lum = 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2]
                ink = "white" if lum < 0.5 else "black"
                text = fmt.format(v)
            else:
                ink, text = "#666666", "—"
            ax.text(c, r - 0.18, str(numbers[r, c]), ha="center", va="center", fontsize=9,
                    fontweight="bold", color=ink)
            ax.text(c, r + 0.2, text, ha="center", va="center", fontsize=7.5, color=ink)
        ax.set_xticks(np.arange(values.shape[1]), [str(i + 1) for i in range(values.shape[1])])
        ax.set_yticks(np.arange(values.shape[0]), [str(i + 1) for i in range(values.shape[0])])
        ax.set_xlabel("board column")
        ax.set_ylabel("board row")
        ax.tick_params(length=0)
        for s in ax.spines.values():
            s.set_visible(False)
        plots.title(ax, panel_title)
        cb = fig.colorbar(im, ax=ax, shrink=0.8)
        cb.set_label(cbar_label, fontsize=8.5)
        if percent:
            plots.percent_axis(cb.ax, "y")
    fig.suptitle(f"The board: {point.point.get('label', '')} (bold = field number)",
                 fontsize=12, fontweight="bold", x=0.01, ha="left")
    return fig


# ---------------------------------------------------------------------------- reach odds
def _played_by_field(metrics: dict, n: int) -> np.ndarray:
    out = np.full(n, np.nan)
    for f in metrics["fields"]:
        s = int(f["field"])
        if 1 <= s <= n:
            out[s - 1] = _num(f.get("played"))
    return out


def _reach_figure(points) -> Figure:
    """Exact reach odds of fields 1..36 (default deck, fresh hand) above how often each was
    played."""
    from simlab.games.monkey.odds import N_FIELDS, reach_odds

    odds = reach_odds()
    n = max([N_FIELDS] + [len(p.metrics["fields"]) for p in points])
    p_reach = np.zeros(n)
    for row in odds["fields"]:
        if row["field"] <= n:
            p_reach[row["field"] - 1] = row["p_reachable"]
    x = np.arange(1, n + 1)

    fig = plots.new_figure(height=6.6)
    ax_top, ax_bottom = fig.subplots(2, 1, sharex=True, height_ratios=[1, 1])
    ax_top.bar(x, p_reach, 0.8, color=plots.color(0))
    for xi, p in zip(x, p_reach, strict=True):
        ax_top.text(xi, p + 0.01, f"{100 * p:.0f}", ha="center", va="bottom", fontsize=7,
                    color="#222222")
    ax_top.set_ylim(0, min(1.0, float(p_reach.max()) * 1.15 + 0.02))
    ax_top.set_ylabel("P(a fresh hand reaches it)")
    plots.percent_axis(ax_top, decimals=0)
    plots.style_axes(ax_top)
    plots.title(ax_top, "Are the high fields too hard to reach? Reach odds and placements")
    ax_top.text(0.99, 0.97, "exact, fresh hand of 4 cards, play 1-4 cards, empty board;\n"
                "default deck: value v has v copies (assumed)", transform=ax_top.transAxes,
                ha="right", va="top", fontsize=8, color="#444444")

    shown = points if len(points) <= MAX_GROUPED else points[:1]
    names = _labels(shown)
    width = 0.8 / len(shown)
    for j, (p, name) in enumerate(zip(shown, names, strict=True)):
        played = _played_by_field(p.metrics, n)
        ax_bottom.bar(x - 0.4 + width * (j + 0.5), played, width * 0.92, color=plots.color(j),
                      label=name if len(shown) > 1 else None)
    ax_bottom.set_ylabel("monkeys placed per game")
    ax_bottom.set_xlabel("field number")
    ax_bottom.set_xticks(x, [str(s) if s % 2 == 1 or n <= 36 else "" for s in x],
                         fontsize=8)
    ax_bottom.set_xlim(0.4, n + 0.6)
    plots.style_axes(ax_bottom)
    ax_bottom.set_title("how often each field was played" +
                        ("" if len(shown) == len(points) else f" ({names[0]})"),
                        loc="left", fontsize=10)
    plots.legend_below(fig)
    return fig


# ---------------------------------------------------------------------------- endings, length
def _end_figure(points) -> Figure:
    """Shares of games by how they ended, one stacked bar per point."""
    names = _labels(points)
    shares = {key: np.array([_num(p.metrics.get("end_reasons", {}).get(key, 0.0))
                             for p in points]) for key, _ in END_REASONS}
    used = [(key, label) for key, label in END_REASONS
            if np.nansum(shares[key]) > 0] or list(END_REASONS[:3])
    fig = plots.new_figure(height=4.6 if len(points) <= 12 else 5.2)
    ax = fig.subplots()
    x = np.arange(len(points))
    bottom = np.zeros(len(points))
    label_bars = len(points) <= 8
    for j, (key, label) in enumerate(used):
        v = np.nan_to_num(shares[key])
        ax.bar(x, v, 0.7, bottom=bottom, color=plots.color(j), label=label)
        if label_bars:
            for xi, b, h in zip(x, bottom, v, strict=True):
                if h >= 0.06:
                    ax.text(xi, b + h / 2, f"{h:.0%}", ha="center", va="center", fontsize=8.5,
                            color="white" if j in (0, 2, 4) else "black")
        bottom = bottom + v
    ax.set_ylim(0, max(1.0, float(bottom.max()) if len(bottom) else 1.0) * 1.02)
    if len(points) <= 12:
        long = max(len(s) for s in names) > 10
        ax.set_xticks(x, names, rotation=30 if long else 0, ha="right" if long else "center")
        ax.set_xlabel("point")
    else:
        step = max(1, math.ceil(len(x) / 25))
        ax.set_xticks(x[::step], [str(p.point.get("index", i)) for i, p in
                                  enumerate(points)][::step])
        ax.set_xlabel("point (see the table of points)")
    ax.set_ylabel("share of games")
    plots.percent_axis(ax, decimals=0)
    plots.style_axes(ax)
    plots.title(ax, f"How games end{_which(points)}")
    plots.legend_below(fig, ncols=min(len(used), 3))
    return fig


def _binned(hists: list[np.ndarray], offset: int = 0, max_bins: int = MAX_BINS):
    """Bin edges and per-row shares over the range holding all but 0.1% of the games."""
    width_all = max(len(h) for h in hists)
    mat = np.zeros((len(hists), width_all))
    for i, h in enumerate(hists):
        mat[i, : len(h)] = h
    total = mat.sum(axis=0)
    cdf = np.cumsum(total) / total.sum()
    lo = int(np.searchsorted(cdf, 0.0005))
    hi = min(max(int(np.searchsorted(cdf, 0.9995)) + 1, lo + 1), width_all)
    width = max(1, math.ceil((hi - lo) / max_bins))
    starts = np.arange(lo, hi, width)
    edges = np.r_[starts, starts[-1] + width] + offset
    rows = []
    for row in mat:
        n = row.sum()
        binned = np.add.reduceat(row, starts)[: len(starts)] if n > 0 else np.zeros(len(starts))
        if n > 0 and starts[-1] + width < width_all:
            binned[-1] -= row[starts[-1] + width:].sum()  # reduceat runs to the end
        rows.append(binned / n if n > 0 else binned)
    return edges, rows, width, mat


def _distribution(ax, hists, names, *, offset: int = 0, unit: str, what: str = "games"):
    """Step lines of the share of games per bin, a dotted line at each row's mean."""
    edges, shares, width, mat = _binned(hists, offset)
    values = np.arange(mat.shape[1]) + offset
    for i, (share, name, row) in enumerate(zip(shares, names, mat, strict=True)):
        n = row.sum()
        if n <= 0:
            continue
        mean = float((row * values).sum() / n)
        ax.stairs(share, edges, color=plots.color(i), lw=1.8, label=f"{name} (mean {mean:.1f})")
        ax.axvline(mean, color=plots.color(i), ls=":", lw=1.2)
    ax.set_ylabel(f"share of {what} per {unit}" if width == 1 else
                  f"share of {what} per {width}-{unit} bin")
    ax.set_ylim(bottom=0)
    plots.percent_axis(ax)
    plots.style_axes(ax, "both")


def _length_figures(points) -> list:
    shown = points if len(points) <= MAX_GROUPED else points[:1]
    names = _labels(shown)
    hists = [np.asarray(p.metrics.get("game_length_hist") or [], dtype=float) for p in shown]
    out = []
    if any(h.sum() > 0 for h in hists):
        fig = plots.new_figure(height=4.6)
        ax = fig.subplots()
        _distribution(ax, hists, names, unit="turn")
        ax.set_xlabel("game length (turns)")
        suffix = _which(shown) if len(shown) == len(points) else f" ({names[0]})"
        plots.title(ax, f"Game length distribution{suffix}")
        plots.legend_below(fig)
        out.append(("game-length", "Game length", fig))
    if len(points) > MAX_GROUPED:
        fig = plots.lines_by_point(
            [p.point.get("index", i) for i, p in enumerate(points)],
            [("mean game length", [_num(p.metrics.get("game_length_turns")) for p in points])],
            title_text="Mean game length (each point)", ylabel="turns per game",
            point_labels=_labels(points))
        out.append(("game-length-mean", "Mean game length", fig))
    return out


def _events_figure(points) -> Figure:
    labels = [lab for _, lab in EVENTS]
    values = [[_num(_metric(p.metrics, k)) for k, _ in EVENTS] for p in points]
    names = _labels(points)
    if len(points) <= MAX_GROUPED:
        return plots.grouped_bars(labels, list(zip(names, values, strict=True)),
                                  title_text=f"Discarded hands and boxed monkeys{_which(points)}",
                                  xlabel="", ylabel="mean per game (all players)",
                                  value_fmt="{:.2f}")
    series = [(lab.replace("\n", " "), [v[i] for v in values]) for i, lab in enumerate(labels)]
    return plots.lines_by_point([p.point.get("index", i) for i, p in enumerate(points)], series,
                                title_text="Discarded hands and boxed monkeys (each point)",
                                ylabel="mean per game (all players)", point_labels=names)


# ---------------------------------------------------------------------------- solo
def _score_of_bin0(solo: dict) -> int:
    """The score of bin 0 of ``solo["score_hist"]``: ``score_offset`` when given, else
    ``-offset`` (the engine's ``bin = score + offset``), else 0."""
    if solo.get("score_offset") is not None:
        return int(solo["score_offset"])
    if solo.get("offset") is not None:
        return -int(solo["offset"])
    return 0


def _solo_figures(points) -> list:
    from simlab.core.stats import wilson_interval

    solo = [p for p in points if p.metrics.get("solo")]
    if not solo:
        return []
    names = _labels(solo)
    rate = np.array([_num(p.metrics["solo"].get("success_rate")) for p in solo])
    games = np.array([_num(p.metrics["solo"].get("games")) for p in solo])
    lo, hi = wilson_interval(np.nan_to_num(rate) * np.nan_to_num(games), np.nan_to_num(games))
    lo, hi = np.atleast_1d(lo), np.atleast_1d(hi)
    if len(solo) <= 12:
        ticks = []
        for p, name in zip(solo, names, strict=True):
            m = _num(p.metrics["solo"].get("mean_score_success"))
            r = _num(p.metrics["solo"].get("success_rate"))
            if not r > 0:
                ticks.append(f"{name}\nno successful game")
            else:
                ticks.append(f"{name}\nmean score of wins {m:.1f}" if np.isfinite(m) else name)
        fig = plots.interval_bars(ticks, [("success rate", rate, lo, hi)],
                                  title_text=f"Solo success rate{_which(solo)}",
                                  xlabel="point",
                                  ylabel="games with the 4x4 square completed")
    else:
        fig = plots.response_curves(
            [p.point.get("index", i) for i, p in enumerate(solo)],
            [("success rate", rate, lo, hi)], title_text="Solo success rate (each point)",
            xlabel="point (see the table of points)",
            ylabel="games with the 4x4 square completed")
    out = [("solo-success", "Solo success rate", fig)]

    shown = [p for p in solo if sum(p.metrics["solo"].get("score_hist") or []) > 0]
    truncated = len(shown) > MAX_GROUPED
    shown = shown[:1] if truncated else shown
    if shown:
        offsets = [_score_of_bin0(p.metrics["solo"]) for p in shown]
        base = min(offsets)
        hists = []
        for p, off in zip(shown, offsets, strict=True):
            h = np.asarray(p.metrics["solo"]["score_hist"], dtype=float)
            hists.append(np.r_[np.zeros(off - base), h])  # align every row on the same offset
        labels = _labels(shown)
        fig = plots.new_figure(height=4.6)
        ax = fig.subplots()
        _distribution(ax, hists, labels, offset=base, unit="score point",
                      what="successful games")
        ax.set_xlabel("solo score of a completed square (its last field minus the "
                      "minus-tower fields)")
        plots.title(ax, "Solo scores of the successful games" +
                    (f" ({labels[0]})" if truncated else _which(shown)))
        plots.legend_below(fig, ncols=1 if len(shown) > 2 else None)
        out.append(("solo-score", "Solo scores", fig))
    return out


# ---------------------------------------------------------------------------- all
def monkey_figures(points: list) -> list:
    """``(name, title, Figure)`` for the report, from the points' Monkey Fun metrics.

    ``points`` are objects with ``.point`` (a dict with ``"label"`` and ``"index"``) and
    ``.metrics`` (the dict of :meth:`MonkeyGame.metrics`). Points without metrics are skipped;
    with none left the list is empty.
    """
    points = [p for p in points if p.metrics and p.metrics.get("fields")]
    if not points:
        return []
    out = []
    for p in points if len(points) <= MAX_BOARDS else points[:1]:
        idx = p.point.get("index", 0)
        out.append((f"board-{idx}", f"The board: {p.point.get('label', idx)}",
                    _board_figure(p)))
    out.append(("reach-odds", "Reach odds and placements per field", _reach_figure(points)))
    if any(p.metrics.get("end_reasons") for p in points):
        out.append(("game-end", "How games end", _end_figure(points)))
    out += _length_figures(points)
    out.append(("events", "Discarded hands and boxed monkeys", _events_figure(points)))
    out += _solo_figures(points)
    return out


figures = monkey_figures
