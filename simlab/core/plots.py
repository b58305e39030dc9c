"""Figures for the reports and the games, made with matplotlib's object API (no pyplot global state).

Every function returns a :class:`matplotlib.figure.Figure` with an Agg canvas attached; turn it
into PNG bytes with :func:`png_bytes`. Colours come from :data:`PALETTE` (Okabe-Ito, safe for
the common forms of colour blindness); lines also differ by marker so that a grey-scale print
still tells the seats apart. Games use the same helpers for their own figures
(``Game.figures``).
"""

from __future__ import annotations

import io
import math

import numpy as np
from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import Normalize, TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter

#: Okabe-Ito colour-blind-safe palette (blue, orange, green, pink, vermillion, sky, yellow, black)
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442",
           "#000000")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: reference lines (fair share, zero difference)
REF_COLOR = "#444444"
#: sequential and diverging colour maps that stay readable for colour-blind readers
SEQ_CMAP = "cividis"
DIV_CMAP = "PuOr"
DPI = 100
WIDTH = 9.0  # inches: 900 px at DPI


def color(i: int) -> str:
    """Palette colour ``i`` (cycled)."""
    return PALETTE[i % len(PALETTE)]


def marker(i: int) -> str:
    return MARKERS[i % len(MARKERS)]


def new_figure(width: float = WIDTH, height: float = 4.5) -> Figure:
    """A figure with constrained layout and an Agg canvas (never registered with pyplot)."""
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def png_bytes(fig: Figure) -> bytes:
    """The figure as PNG bytes (deterministic: no timestamp in the metadata)."""
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, facecolor="white",
                metadata={"Software": None})
    return buf.getvalue()


def style_axes(ax, grid_axis: str = "y"):
    """Light grid behind the data, no top/right frame."""
    ax.set_axisbelow(True)
    if grid_axis:
        ax.grid(axis=grid_axis, color="#dddddd", linewidth=0.8)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def percent_axis(ax, axis: str = "y", decimals=None):
    fmt = PercentFormatter(1.0, decimals=decimals)
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(fmt)


def title(ax, text: str):
    ax.set_title(text, loc="left", fontsize=12, fontweight="bold")


def legend_below(fig: Figure, handles=None, labels=None, ncols: int | None = None, **kw):
    """A legend under the axes (outside them, so it never hides data)."""
    if handles is None:
        handles, labels = [], []
        for ax in fig.axes:
            for h, lab in zip(*ax.get_legend_handles_labels(), strict=True):
                if lab not in labels and not lab.startswith("_"):
                    handles.append(h)
                    labels.append(lab)
    if not handles:
        return None
    n = len(handles)
    ncols = ncols or min(n, 4 if max(len(s) for s in labels) < 28 else 2)
    return fig.legend(handles, labels, loc="outside lower center", ncols=ncols, frameon=False,
                      fontsize=9, **kw)


def _fair_line(ax, fair, x=None, orientation="h"):
    if fair is None:
        return
    fair_arr = np.atleast_1d(np.asarray(fair, dtype=float))
    if x is not None and fair_arr.size > 1 and not np.allclose(fair_arr, fair_arr[0]):
        ax.plot(x, fair_arr, ls="--", color=REF_COLOR, lw=1.2, label="fair share (1 / players)")
        return
    f = float(fair_arr[0])
    if orientation == "h":
        ax.axhline(f, ls="--", color=REF_COLOR, lw=1.2, label=f"fair share {100 * f:.1f}%")
    else:
        ax.axvline(f, ls="--", color=REF_COLOR, lw=1.2, label=f"fair share {100 * f:.1f}%")


# ---------------------------------------------------------------------------- bars
def interval_bars(categories, series, *, fair=None, title_text: str, xlabel: str,
                  ylabel: str = "win share (% of games)", height: float = 4.6) -> Figure:
    """Grouped vertical bars with 95% interval whiskers.

    ``series``: list of ``(name, values, lo, hi)`` (arrays over ``categories``, NaN = none).
    ``fair``: a horizontal reference line (fair share).
    """
    fig = new_figure(height=height)
    ax = fig.subplots()
    n_cat, n_ser = len(categories), len(series)
    width = 0.8 / max(n_ser, 1)
    x = np.arange(n_cat)
    top = 0.0
    label_bars = n_cat * n_ser <= 16
    for j, (name, v, lo, hi) in enumerate(series):
        v, lo, hi = (np.asarray(a, dtype=float) for a in (v, lo, hi))
        pos = x - 0.4 + width * (j + 0.5)
        err = np.vstack([np.clip(v - lo, 0, None), np.clip(hi - v, 0, None)])
        ax.bar(pos, v, width * 0.92, color=color(j), label=name if n_ser > 1 else None,
               yerr=err, capsize=3, error_kw={"elinewidth": 1.1, "ecolor": "#222222"})
        top = max(top, float(np.nanmax(np.r_[hi, v, 0.0])))
        if label_bars:
            for xp, val, h in zip(pos, v, hi, strict=True):
                if np.isfinite(val):
                    ax.text(xp, h + 0.01 * max(top, 0.05), f"{100 * val:.1f}%", ha="center",
                            va="bottom", fontsize=8.5, color="#222222")
    _fair_line(ax, fair)
    if fair is not None:
        top = max(top, float(np.max(np.atleast_1d(fair))))
    ax.set_ylim(0, max(top * 1.15, 0.05))
    ax.set_xticks(x, [str(c) for c in categories])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    percent_axis(ax)
    style_axes(ax)
    title(ax, title_text)
    legend_below(fig)
    return fig


def grouped_bars(categories, series, *, title_text: str, xlabel: str, ylabel: str,
                 value_fmt="{:.2f}", height: float = 4.6, percent: bool = False) -> Figure:
    """Grouped vertical bars without intervals: ``series`` = list of ``(name, values)``."""
    fig = new_figure(height=height)
    ax = fig.subplots()
    n_cat, n_ser = len(categories), len(series)
    width = 0.8 / max(n_ser, 1)
    x = np.arange(n_cat)
    label_bars = n_cat * n_ser <= 24
    top = max([float(np.nanmax(np.r_[np.asarray(v, float), 0.0])) for _, v in series] + [0.0])
    for j, (name, v) in enumerate(series):
        v = np.asarray(v, dtype=float)
        pos = x - 0.4 + width * (j + 0.5)
        ax.bar(pos, v, width * 0.92, color=color(j), label=name if n_ser > 1 else None)
        if label_bars:
            for xp, val in zip(pos, v, strict=True):
                if np.isfinite(val):
                    ax.text(xp, val + 0.01 * (top or 1), value_fmt.format(val), ha="center",
                            va="bottom", fontsize=8 if n_ser > 2 else 8.5, color="#222222")
    ax.set_ylim(0, (top or 1) * 1.15)
    ax.set_xticks(x, [str(c) for c in categories])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if percent:
        percent_axis(ax)
    style_axes(ax)
    title(ax, title_text)
    legend_below(fig)
    return fig


def lines_by_point(point_ticks, series, *, title_text: str, ylabel: str,
                   xlabel: str = "point (see the table of points)", height: float = 4.6,
                   percent: bool = False, point_labels=None) -> Figure:
    """One line per series over the points of a sweep (for many points).

    ``point_ticks`` label the x axis (point numbers); ``point_labels``, when given and short
    enough to read (at most 12 points, 24 characters), are used instead."""
    fig = new_figure(height=height)
    ax = fig.subplots()
    x = np.arange(len(point_ticks))
    for j, (name, v) in enumerate(series):
        ax.plot(x, np.asarray(v, dtype=float), color=color(j), marker=marker(j), ms=5, lw=1.5,
                label=name)
    if point_labels is not None and len(point_labels) <= 12 and \
            max(len(str(t)) for t in point_labels) <= 24:
        ax.set_xticks(x, [str(t) for t in point_labels], rotation=30, ha="right")
        xlabel = "point"
    else:
        _point_ticks(ax, x, point_ticks)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if percent:
        percent_axis(ax)
    style_axes(ax, "both")
    title(ax, title_text)
    legend_below(fig)
    return fig


def _point_ticks(ax, x, ticks):
    step = max(1, math.ceil(len(x) / 25))
    ax.set_xticks(x[::step], [str(t) for t in list(ticks)[::step]])


# ---------------------------------------------------------------------------- distributions
def score_distributions(hist, names, *, title_text: str, xlabel: str = "final score",
                        height: float = 4.6, max_bins: int = 45) -> Figure:
    """Distribution of final scores, one step line per row of ``hist`` (counts per score).

    Scores are grouped into bins of equal width (at most ``max_bins``) over the range that holds
    all but 0.1% of the games; a dotted line marks each row's mean.
    """
    hist = np.asarray(hist, dtype=float)
    fig = new_figure(height=height)
    ax = fig.subplots()
    total = hist.sum(axis=0)
    if total.sum() <= 0:
        ax.text(0.5, 0.5, "no games", ha="center", va="center", transform=ax.transAxes)
        title(ax, title_text)
        return fig
    cdf = np.cumsum(total) / total.sum()
    lo = int(np.searchsorted(cdf, 0.0005))
    hi = int(np.searchsorted(cdf, 0.9995)) + 1
    hi = min(max(hi, lo + 1), hist.shape[1])
    width = max(1, math.ceil((hi - lo) / max_bins))
    edges = np.arange(lo, hi + width, width)
    scores = np.arange(hist.shape[1])
    for i, (row, name) in enumerate(zip(hist, names, strict=True)):
        n = row.sum()
        if n <= 0:
            continue
        binned = np.add.reduceat(row[lo:], np.arange(0, hi - lo, width))[: len(edges) - 1]
        share = binned / n
        mean = float((row * scores).sum() / n)
        ax.stairs(share, edges[: len(share) + 1], color=color(i), lw=1.8,
                  label=f"{name} (mean {mean:.1f})")
        ax.axvline(mean, color=color(i), ls=":", lw=1.2)
    ax.set_xlabel(xlabel)
    unit = "point" if width == 1 else f"{width}-point"
    ax.set_ylabel(f"share of games per {unit} bin")
    ax.set_ylim(bottom=0)
    percent_axis(ax)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    style_axes(ax, "both")
    title(ax, title_text)
    legend_below(fig)
    return fig


# ---------------------------------------------------------------------------- sweeps
def response_curves(x, series, *, fair=None, title_text: str, xlabel: str,
                    ylabel: str = "win share (% of games)", tick_labels=None,
                    height: float = 4.8) -> Figure:
    """Win share per seat (or bot) against a swept parameter, with 95% interval bands.

    ``series``: list of ``(name, share, lo, hi)`` over ``x``. ``tick_labels``: for a parameter
    with non-numeric values (``x`` are then positions).
    """
    fig = new_figure(height=height)
    ax = fig.subplots()
    x = np.asarray(x, dtype=float)
    order = np.argsort(x, kind="stable")
    xs = x[order]
    for j, (name, v, lo, hi) in enumerate(series):
        v, lo, hi = (np.asarray(a, dtype=float)[order] for a in (v, lo, hi))
        ax.fill_between(xs, lo, hi, color=color(j), alpha=0.13, lw=0)
        ax.plot(xs, v, color=color(j), marker=marker(j), ms=5, lw=1.6, label=name)
    _fair_line(ax, None if fair is None else np.asarray(fair, dtype=float)[order]
               if np.ndim(fair) else fair, xs)
    if tick_labels is not None:
        long = max(len(str(t)) for t in tick_labels) > 6
        ax.set_xticks(xs, [tick_labels[i] for i in order], rotation=30 if long else 0,
                      ha="right" if long else "center")
    elif len(np.unique(xs)) <= 12:
        ax.set_xticks(np.unique(xs), [f"{v:g}" for v in np.unique(xs)])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    percent_axis(ax)
    style_axes(ax, "both")
    title(ax, title_text)
    handles, labels = ax.get_legend_handles_labels()
    handles.append(Line2D([], [], color="#999999", lw=8, alpha=0.35))
    labels.append("95% interval")
    legend_below(fig, handles, labels)
    return fig


def heatmap_panels(panels, *, title_text: str | None = None, height: float = 4.8) -> Figure:
    """Annotated heatmaps side by side.

    Each panel: dict with ``matrix`` (rows x cols, NaN = empty), ``row_labels``, ``col_labels``,
    ``xlabel``, ``ylabel``, ``title``, ``cbar_label``, ``fmt`` (callable value -> text) and
    either ``cmap`` (sequential) or ``center`` (diverging around that value), optional
    ``vmin``/``vmax``.
    """
    n = len(panels)
    fig = new_figure(height=height)
    axes = np.atleast_1d(fig.subplots(1, n))
    for ax, p in zip(axes, panels, strict=True):
        m = np.asarray(p["matrix"], dtype=float)
        finite = m[np.isfinite(m)]
        vmin = p.get("vmin", float(finite.min()) if finite.size else 0.0)
        vmax = p.get("vmax", float(finite.max()) if finite.size else 1.0)
        if "center" in p:
            c = p["center"]
            span = max(abs(vmax - c), abs(c - vmin), 1e-9)
            norm = TwoSlopeNorm(vcenter=c, vmin=c - span, vmax=c + span)
            cmap = DIV_CMAP
        else:
            if vmax <= vmin:
                vmax = vmin + 1e-9
            norm = Normalize(vmin, vmax)
            cmap = p.get("cmap", SEQ_CMAP)
        cmap = colormaps[cmap].with_extremes(bad="#eeeeee")
        im = ax.imshow(np.ma.masked_invalid(m), cmap=cmap, norm=norm, aspect="auto")
        fmt = p.get("fmt", lambda v: f"{v:.2f}")
        for (r, c_), v in np.ndenumerate(m):
            if np.isfinite(v):
                rgba = im.cmap(norm(v))
                lum = 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2]
                ax.text(c_, r, fmt(v), ha="center", va="center", fontsize=9,
                        color="white" if lum < 0.5 else "black")
            else:
                ax.text(c_, r, "—", ha="center", va="center", fontsize=9, color="#888888")
        ax.set_xticks(np.arange(m.shape[1]), [str(s) for s in p["col_labels"]])
        ax.set_yticks(np.arange(m.shape[0]), [str(s) for s in p["row_labels"]])
        if max((len(str(s)) for s in p["col_labels"]), default=0) > 6:
            ax.tick_params(axis="x", labelrotation=30)
        ax.set_xlabel(p["xlabel"])
        ax.set_ylabel(p["ylabel"])
        title(ax, p["title"])
        cb = fig.colorbar(im, ax=ax, shrink=0.9)
        cb.set_label(p["cbar_label"])
        if p.get("percent_cbar"):
            cb.ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
        elif p.get("cbar_fmt"):
            cb.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _, f=p["cbar_fmt"]: f(v)))
        for s in ax.spines.values():
            s.set_visible(False)
    if title_text:
        fig.suptitle(title_text, fontsize=12, fontweight="bold")
    return fig


def scatter_panels(panels, *, ylabel: str, title_text: str, height: float = 4.2,
                   percent: bool = False, percent_points: bool = True) -> Figure:
    """One scatter per parameter: ``panels`` = list of ``(xlabel, x, y)``; ``y`` fractions
    shown as percentage points (``percent_points``) or percentages (``percent``)."""
    n = len(panels)
    ncols = min(n, 3)
    nrows = math.ceil(n / ncols)
    fig = new_figure(height=height * nrows if nrows > 1 else height)
    axes = np.atleast_1d(fig.subplots(nrows, ncols, squeeze=False)).ravel()
    for ax, (xlabel, x, y) in zip(axes, panels, strict=False):
        y = np.asarray(y, dtype=float)
        ax.scatter(np.asarray(x, dtype=float), y, color=color(0), s=36, edgecolor="white",
                   linewidth=0.6, zorder=3, clip_on=False)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        top = float(np.nanmax(y)) if np.isfinite(y).any() else 0.0
        ax.set_ylim(0, top * 1.15 if top > 0 else 0.01)
        if percent_points:
            ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.1f}")
        elif percent:
            percent_axis(ax, decimals=1)
        style_axes(ax, "both")
    for ax in axes[n:]:
        ax.set_visible(False)
    fig.suptitle(title_text, fontsize=12, fontweight="bold", x=0.01, ha="left")
    return fig


def forest(labels, est, lo, hi, *, ref: float | None, xlabel: str, title_text: str, colors=None,
           filled=None, legend=None, percent_points: bool = False,
           percent: bool = False, sig_legend: bool = False,
           sig_text: str = "significant (adjusted p < 0.05)") -> Figure:
    """Estimates with 95% intervals as a horizontal forest plot (first label on top).

    ``colors``: per-row colours; ``filled``: per-row booleans (hollow markers = not significant);
    ``legend``: list of ``(label, colour)`` to explain the colours; ``sig_legend`` adds the
    filled/hollow key. ``percent_points`` shows the axis as signed percentage points (values are
    fractions), ``percent`` as percentages.
    """
    n = len(labels)
    est, lo, hi = (np.asarray(a, dtype=float) for a in (est, lo, hi))
    colors = colors or [color(0)] * n
    filled = [True] * n if filled is None else list(filled)
    fig = new_figure(height=max(2.4, 1.5 + 0.34 * n))
    ax = fig.subplots()
    y = np.arange(n)[::-1]
    for yi, e, a, b, c, f in zip(y, est, lo, hi, colors, filled, strict=True):
        ax.plot([a, b], [yi, yi], color=c, lw=2.0, solid_capstyle="butt")
        ax.plot([e], [yi], marker="o", ms=7, color=c, markerfacecolor=c if f else "white",
                markeredgewidth=1.6)
    if ref is not None:
        ax.axvline(ref, color=REF_COLOR, ls="--", lw=1.1)
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel(xlabel)
    if percent_points:
        ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:+.1f}" if abs(v) > 1e-12 else "0")
    elif percent:
        percent_axis(ax, "x")
    style_axes(ax, "x")
    title(ax, title_text)
    handles, texts = [], []
    for lab, c in legend or []:
        handles.append(Line2D([], [], color=c, marker="o", lw=2))
        texts.append(lab)
    if sig_legend:
        handles += [Line2D([], [], color="#555555", marker="o", lw=0),
                    Line2D([], [], color="#555555", marker="o", lw=0, markerfacecolor="white")]
        texts += [sig_text, "not significant"]
    if handles:
        legend_below(fig, handles, texts)
    return fig


def leader_wins(curves, *, fair: float, checkpoint: str, title_text: str) -> Figure:
    """The leader-wins curve (:mod:`simlab.core.shape`): for each checkpoint, the share of
    games its leader goes on to win, one line per ``(label, curve, games)`` in ``curves``,
    with the fair line ``1 / players`` (where an early lead would mean nothing) and the final
    scores (the winner: 100%) as the last point."""
    fig = new_figure(height=4.2)
    ax = fig.subplots()
    n = 0
    for i, (label, curve, games) in enumerate(curves):
        ys = [np.nan if v is None else v for v in curve]
        xs = np.arange(1, len(ys) + 1)
        n = max(n, len(ys))
        ax.plot(list(xs) + [len(ys) + 1], ys + [1.0], color=color(i), marker=marker(i), ms=5,
                lw=1.8, ls="-" if i % 2 == 0 else "--",
                label=f"{label} ({games:,} games)" if games else label)
    ax.axhline(fair, color=REF_COLOR, ls=":", lw=1.2)
    ax.text(1, fair, f" fair {100 * fair:.0f}%", va="bottom", ha="left", fontsize=8,
            color=REF_COLOR)
    ax.set_xticks(range(1, n + 2), [str(i) for i in range(1, n + 1)] + ["end"])
    ax.set_xlabel(f"checkpoint ({checkpoint}s before the end, then the final scores)")
    ax.set_ylabel("leader goes on to win")
    ax.set_ylim(0, 1.02)
    percent_axis(ax)
    style_axes(ax)
    title(ax, title_text)
    ax.legend(fontsize=8, frameon=False, loc="lower right")
    return fig
