"""The HTML report of a results folder: one self-contained file, PNGs written beside it.

:func:`render_report` takes a sweep's loaded results (:func:`simlab.sweep.build_report` reads a
results folder and calls it), draws the figures (:mod:`simlab.core.plots` plus the game's own ``Game.figures``), builds the tables
(:mod:`simlab.report.tables`) and renders ``template.html.j2``. The HTML embeds every PNG as a
``data:`` URI and its CSS inline, so it can be mailed or archived alone; it needs no network and
no JavaScript. Everything shown comes from the stored results and the manifest, so rebuilding a
report from the same folder gives the same file byte for byte.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd
from jinja2 import Environment, StrictUndefined
from markupsafe import Markup

from simlab.core import plots
from simlab.core.io import atomic_write_bytes, atomic_write_text
from simlab.report import tables
from simlab.report.metagame import meta_game, pair_stats
from simlab.report.tables import (
    baseline_index,
    bot_rows,
    bots_informative,
    entity_name,
    informative_rows,
    lineup_kind,
    point_result,
    pooled_seats,
    seat_rows,
)

WIN_CAPTION = ("Bars: share of games won (a win shared by k players counts 1/k). Whiskers: 95% "
               "Wilson intervals. Dashed line: the fair share, 1 / players.")


@dataclass
class FigureItem:
    name: str
    title: str
    caption: str
    figure: object
    file: str = ""
    uri: str = ""


@dataclass
class Section:
    id: str
    heading: str
    intro: str = ""
    figures: list[FigureItem] = field(default_factory=list)
    tables: list = field(default_factory=list)     # (title, HTML) pairs, above the figures
    folded: bool = False                           # shown only when opened (<details>)


# ---------------------------------------------------------------------------- figures
def _seat_categories(rows, point) -> list[str]:
    kind = lineup_kind(point)
    return [f"seat {int(r['seat'])}" + (f"\n{r['bot']}" if kind == "fixed" else "")
            for _, r in rows.iterrows()]


def _series(rows, name):
    return (name, rows["win_share"].to_numpy(), rows["win_share_lo"].to_numpy(),
            rows["win_share_hi"].to_numpy())


def _win_share_figures(sr) -> list[FigureItem]:
    kind = sr.scenario.kind
    out = []
    base = baseline_index(sr)
    if kind == "tournament":
        pooled = pooled_seats(sr)
        if pooled is not None:
            players = len(pooled)
            fig = plots.interval_bars(
                [f"seat {s}" for s in pooled["seat"]], [_series(pooled, "all pairings")],
                fair=1 / players, title_text="Win share by seat, pooled over all pairings",
                xlabel="seat (turn order)")
            out.append(FigureItem("win-share-seat", "Win share by seat",
                                  WIN_CAPTION + " Every pairing was played in every seat "
                                  "rotation, so the seats are compared on equal terms.", fig))
        ps = pair_stats(sr)
        if not ps.empty:
            labels = [f"{a} vs {b}" for a, b in zip(ps["bot_a"], ps["bot_b"], strict=True)]
            fig = plots.forest(labels, ps["share_a"], ps["lo"], ps["hi"], ref=0.5,
                               xlabel="first bot's share of the wins against the second",
                               title_text="Win share by bot: each pairing",
                               filled=list(ps["significant"]), sig_legend=True, percent=True)
            out.append(FigureItem("win-share-bot", "Win share by bot (pairings)",
                                  "Dot: the first-named bot's share of the wins in games "
                                  "between the two bots; line: 95% interval; dashed line: an "
                                  "even 50%. Filled dots differ significantly from 50% "
                                  "(paired per-game test, Benjamini-Hochberg adjusted).", fig))
        return out
    shown = [p for p in sr.points if kind == "compare" or int(p.point["index"]) == base] \
        if base is not None else sr.points[:1]
    first = shown[0]
    players = {int(p.point["players"]) for p in shown}
    seats = [seat_rows(sr, int(p.point["index"])) for p in shown]
    if len(players) == 1:
        cats = _seat_categories(seats[0], first.point)
        series = [_series(rows, p.point["label"]) for p, rows in zip(shown, seats, strict=True)]
        what = "baseline" if kind in ("sweep", "compare") and len(shown) == 1 else \
            ("baseline and variants" if kind == "compare" else "")
        fig = plots.interval_bars(cats, series, fair=1 / players.pop(),
                                  title_text="Win share by seat" + (f" ({what})" if what else ""),
                                  xlabel="seat (turn order)" +
                                  (" and its bot" if lineup_kind(first.point) == "fixed" else ""))
        cap = WIN_CAPTION
        k = lineup_kind(first.point)
        if k == "fixed":
            cap += " Each seat keeps its own bot, so a bar shows seat and bot together."
        elif k == "rotated":
            cap += " Bots rotated through the seats, so the bars compare the seats alone."
        out.append(FigureItem("win-share-seat", "Win share by seat", cap, fig))
    bot_pts = [p for p in shown if bots_informative(p.point)]
    if bot_pts:
        rows = [bot_rows(sr, int(p.point["index"])) for p in bot_pts]
        names = list(dict.fromkeys(n for r in rows for n in r["entity"]))
        series = []
        for p, r in zip(bot_pts, rows, strict=True):
            r = r.set_index("entity").reindex(names)
            series.append((p.point["label"], r["win_share"].to_numpy(),
                           r["win_share_lo"].to_numpy(), r["win_share_hi"].to_numpy()))
        fig = plots.interval_bars(names, series, fair=1 / int(bot_pts[0].point["players"]),
                                  title_text="Win share by bot (per seat-game, all its seats)",
                                  xlabel="bot", ylabel="win share (% of its seat-games)")
        out.append(FigureItem("win-share-bot", "Win share by bot",
                              WIN_CAPTION + " A bot's share is per seat it filled, so the fair "
                              "share is the same as a seat's.", fig))
    return out


def _score_unit(game) -> str:
    return getattr(game, "score_unit", None) or ("jelly" if game.name == "jelly" else "points")


def _score_figures(sr, game) -> list[FigureItem]:
    kind = sr.scenario.kind
    if kind == "tournament":
        hist, names = {}, []
        for res in sr.points:
            h = res.bot_agg.get("score_hist")
            if h is None:
                continue
            for j, b in enumerate(res.bot_labels):
                if b not in hist:
                    names.append(b)
                    hist[b] = np.zeros_like(np.asarray(h[j]), dtype=float)
                hist[b] = hist[b] + np.asarray(h[j], dtype=float)
        if not hist:
            return []
        fig = plots.score_distributions([hist[b] for b in names], names,
                                        title_text="Final scores by bot, all pairings",
                                        xlabel=f"final score ({_score_unit(game)})")
        return [FigureItem("scores", "Score distributions",
                           "Share of games ending on each final score, per bot over all its "
                           "seats and pairings; dotted lines mark the means.", fig)]
    base = baseline_index(sr)
    res = point_result(sr, base) if base is not None else sr.points[0]
    h = res.seat_agg.get("score_hist")
    if h is None:
        return []
    rows = seat_rows(sr, int(res.point["index"]))
    names = [c.replace("\n", ", ") for c in _seat_categories(rows, res.point)]
    which = " (baseline)" if kind in ("sweep", "compare") else ""
    fig = plots.score_distributions(h, names, title_text=f"Final scores by seat{which}",
                                    xlabel=f"final score ({_score_unit(game)})")
    return [FigureItem("scores", "Score distributions",
                       f"Share of games ending on each final score, per seat{which}; dotted "
                       f"lines mark each seat's mean score.", fig)]


def _numeric(values) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def _axis(values):
    """Positions and tick labels of a parameter's values (numeric: the values themselves)."""
    if _numeric(values):
        return np.asarray(values, dtype=float), None
    order = list(dict.fromkeys(tables.fmt_value(v) for v in values))
    return (np.asarray([order.index(tables.fmt_value(v)) for v in values], dtype=float),
            [tables.fmt_value(v) for v in values])


def _sweep_figures(sr) -> list[FigureItem]:
    spec = sr.scenario.sweep
    names = list(spec.params)
    pts = [p for p in sr.points if not p.point["baseline"]]
    if not pts:
        return []
    out = []
    summ = sr.summary().set_index("point")
    if spec.method == "grid" and len(names) == 1:
        name = names[0]
        values = [p.point["params"][name] for p in pts]
        x, ticks = _axis(values)
        n_seats = max(int(p.point["players"]) for p in pts)
        series = []
        for s in range(1, n_seats + 1):
            v, lo, hi = [], [], []
            for p in pts:
                r = seat_rows(sr, int(p.point["index"]))
                r = r[r["seat"] == s]
                ok = not r.empty
                v.append(r["win_share"].iloc[0] if ok else np.nan)
                lo.append(r["win_share_lo"].iloc[0] if ok else np.nan)
                hi.append(r["win_share_hi"].iloc[0] if ok else np.nan)
            bots = {p.point["lineups"][0][s - 1] for p in pts
                    if lineup_kind(p.point) == "fixed" and s <= int(p.point["players"])}
            who = f" ({bots.pop()})" if len(bots) == 1 and \
                all(lineup_kind(p.point) == "fixed" for p in pts) else ""
            series.append((f"seat {s}{who}", v, lo, hi))
        fair = [1 / int(p.point["players"]) for p in pts]
        fig = plots.response_curves(x, series, fair=fair, tick_labels=ticks,
                                    title_text=f"Win share by seat against {name}",
                                    xlabel=name)
        out.append(FigureItem("response-seat", "Response curves by seat",
                              "Each seat's win share at every value of the swept parameter; "
                              "bands: 95% Wilson intervals; dashed line: the fair share.", fig))
        if any(bots_informative(p.point) for p in pts):
            bots = list(dict.fromkeys(b for p in pts for b in p.bot_labels))
            series = []
            for b in bots:
                v, lo, hi = [], [], []
                for p in pts:
                    r = bot_rows(sr, int(p.point["index"]))
                    r = r[r["entity"] == b]
                    ok = not r.empty
                    v.append(r["win_share"].iloc[0] if ok else np.nan)
                    lo.append(r["win_share_lo"].iloc[0] if ok else np.nan)
                    hi.append(r["win_share_hi"].iloc[0] if ok else np.nan)
                series.append((b, v, lo, hi))
            fig = plots.response_curves(x, series, fair=fair, tick_labels=ticks,
                                        title_text=f"Win share by bot against {name}",
                                        xlabel=name, ylabel="win share (% of its seat-games)")
            out.append(FigureItem("response-bot", "Response curves by bot",
                                  "Each bot's win share per seat-game; bands: 95% intervals.",
                                  fig))
        return out
    if spec.method == "grid" and len(names) == 2:
        a, b = names
        rows_v = list(dict.fromkeys(tables.fmt_value(p.point["params"][a]) for p in pts))
        cols_v = list(dict.fromkeys(tables.fmt_value(p.point["params"][b]) for p in pts))
        spread = np.full((len(rows_v), len(cols_v)), np.nan)
        seat1 = np.full_like(spread, np.nan)
        fair = set()
        for p in pts:
            i = rows_v.index(tables.fmt_value(p.point["params"][a]))
            j = cols_v.index(tables.fmt_value(p.point["params"][b]))
            idx = int(p.point["index"])
            spread[i, j] = summ.loc[idx, "seat_spread"]
            r = seat_rows(sr, idx)
            seat1[i, j] = r[r["seat"] == 1]["win_share"].iloc[0]
            fair.add(1 / int(p.point["players"]))
        panels = [
            {"matrix": spread, "row_labels": rows_v, "col_labels": cols_v, "xlabel": b,
             "ylabel": a, "title": "Seat spread (max − min win share)",
             "cbar_label": "percentage points", "fmt": lambda v: f"{100 * v:.1f}",
             "cbar_fmt": lambda v: f"{100 * v:.1f}", "vmin": 0.0},
        ]
        p1 = {"matrix": seat1, "row_labels": rows_v, "col_labels": cols_v, "xlabel": b,
              "ylabel": a, "title": "Seat 1 win share", "cbar_label": "win share of seat 1",
              "fmt": lambda v: f"{100 * v:.1f}%", "percent_cbar": True}
        if len(fair) == 1:
            p1["center"] = fair.pop()
        panels.append(p1)
        fig = plots.heatmap_panels(panels, height=max(4.2, 1.6 + 0.55 * len(rows_v)))
        out.append(FigureItem("heatmaps", "Heatmaps over the parameter grid",
                              "Left: spread between the best and the worst seat's win share "
                              "(0 = perfectly even seats). Right: seat 1's win share; the "
                              "colour scale is centred on the fair share.", fig))
        return out
    panels = []
    for name in names:
        values = [p.point["params"][name] for p in pts]
        x, ticks = _axis(values)
        panels.append((name, x, [summ.loc[int(p.point["index"]), "seat_spread"] for p in pts]))
    what = "Sobol samples" if spec.method == "sobol" else "grid points"
    fig = plots.scatter_panels(panels, ylabel="seat spread (percentage points)",
                               title_text=f"Seat spread against each parameter ({what})")
    out.append(FigureItem("spread-scatter", "Seat spread against each parameter",
                          f"One dot per {what[:-1]}: the spread between the best and the worst "
                          f"seat's win share (0 = perfectly even seats).", fig))
    return out


def _compare_figures(sr) -> list[FigureItem]:
    labels, est, lo, hi, colors, filled = [], [], [], [], [], []
    variants = [res for res in sr.points if not res.point["baseline"]]
    for v, res in enumerate(variants):
        rows = informative_rows(sr, int(res.point["index"]))
        rows = rows[rows["p_value"].notna()]
        for _, r in rows.iterrows():
            labels.append(f"{res.point['label']}: {entity_name(r, res.point)}")
            est.append(r["diff"])
            lo.append(r["diff_lo"])
            hi.append(r["diff_hi"])
            colors.append(plots.color(v))
            filled.append(bool(r["significant"]))
    if not labels:
        return []
    fig = plots.forest(labels, est, lo, hi, ref=0.0,
                       xlabel="change in win share vs baseline (percentage points)",
                       title_text="Paired differences from the baseline", colors=colors,
                       filled=filled, percent_points=True, sig_legend=True)
    return [FigureItem("paired-differences", "Paired differences from the baseline",
                       "Each variant minus the baseline, game by game on the same dice (common "
                       "random numbers); lines: 95% intervals; filled dots: significant after "
                       "Benjamini-Hochberg correction.", fig)]


def _tournament_figures(sr) -> list[FigureItem]:
    h2h = sr.head_to_head()
    if h2h.empty:
        return []
    n = h2h.shape[0]
    fig = plots.heatmap_panels(
        [{"matrix": h2h.to_numpy(dtype=float), "row_labels": list(h2h.index),
          "col_labels": list(h2h.columns), "xlabel": "opponent (column bot)",
          "ylabel": "bot (row)", "title": "Head to head: row bot's share of the wins",
          "cbar_label": "share of the wins (50% = even)", "center": 0.5, "vmin": 0.0,
          "vmax": 1.0, "fmt": lambda v: f"{100 * v:.1f}%", "percent_cbar": True}],
        height=max(3.8, 1.4 + 0.6 * n))
    items = [FigureItem("head-to-head", "Head-to-head matrix",
                        "Cell: the row bot's share of the wins in games between the row and the "
                        "column bot (seats alternate, every seat rotation played).", fig)]
    if n >= 2:
        mg = meta_game(sr)
        fig2 = plots.interval_bars(
            mg.bots, [("equilibrium weight", mg.weights, mg.lo, mg.hi)],
            title_text=f"Meta-game equilibrium ({mg.method})", xlabel="bot",
            ylabel="weight in the equilibrium mixture")
        items.append(FigureItem(
            "meta-game", "Meta-game: Nash equilibrium over the bots",
            "How often each bot is played in the equilibrium of the meta-game whose payoffs are "
            "the head-to-head shares above (two players: linear programme; more: replicator "
            f"dynamics); whiskers: 95% bootstrap intervals over {mg.bootstrap} resamples of the "
            "games. " + " ".join(mg.sentences()), fig2))
    return items


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "figure"


def _shape_figures(sr, game, top: int = 8) -> list[FigureItem]:
    """The leader-wins curve of each point (the first ``top``), with the fair line."""
    curves, cp, players = [], "round", None
    for p in sr.points:
        m = p.metrics.get("game_shape") if isinstance(p.metrics, dict) else None
        if not m or not m.get("leader_wins_curve"):
            continue
        cp = m.get("checkpoint") or cp
        players = players or round(1 / m["fair_rate"])
        curves.append((p.point["label"], m["leader_wins_curve"], m["games"]))
    if not curves:
        return []
    more = len(curves) - top
    m0 = sr.points[0].metrics["game_shape"] if "game_shape" in sr.points[0].metrics else None
    words = ""
    if m0 and m0.get("snowball_rate") is not None:
        words = (f" At the baseline the leader after the first {cp} wins "
                 f"{100 * m0['snowball_rate']:.0f}% of games (fair: {100 * m0['fair_rate']:.0f}%)"
                 + (f", the player last at halfway {100 * m0['comeback_rate']:.0f}%"
                    if m0.get("comeback_rate") is not None else "")
                 + f"; {m0['lead_changes_per_game']:.2f} lead changes per game, and in "
                   f"{100 * m0['drama_share']:.0f}% the winner was not leading at the last "
                   f"checkpoint.")
    fig = plots.leader_wins(curves[:top], fair=1.0 / players, checkpoint=cp,
                            title_text=f"{game.title}: leader goes on to win")
    return [FigureItem("leader-wins", "Leader-wins curve",
                       "How often the leader at each checkpoint goes on to win: far above the "
                       "fair line, an early lead decides the game." + words +
                       (f" (First {top} points shown, {more} more in the metrics.)"
                        if more > 0 else ""), fig)]


def _sections(sr, game) -> list[Section]:
    kind = sr.scenario.kind
    secs = [Section("win-shares", "Win shares", figures=_win_share_figures(sr)),
            Section("scores", "Score distributions", figures=_score_figures(sr, game))]
    if kind == "sweep":
        spec = sr.scenario.sweep
        n = len(spec.params)
        what = (f"{spec.method} sweep over {n} parameter{'s' if n > 1 else ''}: "
                f"{', '.join(spec.params)}")
        secs.append(Section("sweep", "Sweep", what, _sweep_figures(sr)))
    elif kind == "compare":
        secs.append(Section("compare", "Variants against the baseline",
                            "Paired differences (same games, same dice) of each variant from "
                            "the baseline.", _compare_figures(sr)))
    elif kind == "tournament":
        secs.append(Section("tournament", "Tournament",
                            f"Every pair of {', '.join(sr.scenario.tournament.bots)}, in every "
                            f"seat rotation.", _tournament_figures(sr)))
    order = _order_tables(sr)
    if order:
        secs.append(Section("seating-order", "Seating order",
                            "Each table that sat different bots played every seating: here "
                            "each bot's win share in each order in which the bots follow one "
                            "another round the table (pooled over that order's rotations, so "
                            "the seats average out), and a paired test of whether the order "
                            "matters.", tables=order))
    if getattr(sr, "replicas", None):
        from simlab.report.replicas import spread_table, strength_figure, strength_table

        st = strength_table(sr)
        if not st.empty:
            fig = strength_figure(sr)
            secs.append(Section(
                "strength", "At rising strength",
                "The question asked again with equal players (the same bot in every seat) of "
                "rising strength, on the same games: a figure that still moves between the "
                "two strongest levels is a property of the budget, not yet of the game.",
                [] if fig is None else [FigureItem("strength", "At rising strength",
                                                   "Dot: the figure at each level; line: its "
                                                   "95% interval.", fig)],
                tables=[("Headline figures per level", Markup(tables.to_html(st)))]))
        sp = spread_table(sr)
        if not sp.empty:
            secs.append(Section(
                "data-spread", "Over generated data",
                "The question asked again over generated rulebook-consistent alternatives of "
                "the assumed data (simlab readings lists the constraints each keeps): each "
                "figure's median and range, and where the shipped data sits among them.",
                tables=[("Spread of the headline figures", Markup(tables.to_html(sp)))]))
    from simlab.report.explain import explain_tables

    why = [(t, Markup(tables.to_html(df, "tbl wide"))) for t, df in explain_tables(sr)]
    if why:
        secs.append(Section("why", "Why: points, choices, endings",
                            "Per point and bot (per seat it holds): where the points came "
                            "from, what the bot chose, how games ended and how long they were; "
                            "in brackets the change from the baseline, paired on the same "
                            "games (* significant, Benjamini-Hochberg over the whole "
                            "explanation).", tables=why))
    shape = _shape_figures(sr, game)
    if shape:
        secs.append(Section("game-shape", "Game shape",
                            "Beyond who wins: does an early lead decide the game? (definitions: "
                            "simlab.core.shape; the numbers are in the points' metrics).",
                            shape, folded=True))
    # a game's figures: (name, title, Figure) or (name, title, caption, Figure)
    own = [FigureItem(_safe(f"{game.name}-{f[0]}"), f[1], f[2] if len(f) == 4 else "", f[-1])
           for f in game.figures(sr.points)]
    if own:
        secs.append(Section("game", f"Game metrics: {game.title}",
                            "The game's own measurements, averaged over the games of each "
                            "point.", own, folded=True))
    return [s for s in secs if s.figures or s.tables]


def _order_tables(sr) -> list:
    """One table per point whose bots sat in two or more cyclic orders."""
    out = []
    for res in sr.points:
        if not getattr(res, "orders", None) or len(res.orders) < 2 or res.order_wins is None:
            continue
        rows = []
        for o in res.seat_orders():
            row = {"order round the table": " > ".join(o["order"])}
            for b in o["bots"]:
                row[b["bot"]] = (f"{100 * b['win_share']:.1f}% [{100 * b['win_share_ci'][0]:.1f}"
                                 f", {100 * b['win_share_ci'][1]:.1f}]")
            rows.append(row)
        p = res.order_p
        title = (f"{res.point['label']}: order p = {tables.fmt_p_short(p)}"
                 if np.isfinite(p) else res.point["label"])
        out.append((title, Markup(tables.to_html(pd.DataFrame(rows)))))
    return out


# ---------------------------------------------------------------------------- writing
def _template():
    text = resources.files("simlab.report").joinpath("template.html.j2").read_text("utf-8")
    env = Environment(autoescape=True, undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True)
    return env.from_string(text)


def _kind_text(sr) -> str:
    sc = sr.scenario
    n = len(sr.points)
    if sc.kind == "sweep":
        return f"{sc.sweep.method} sweep, {n} points (baseline included)"
    if sc.kind == "compare":
        return f"comparison of {n - 1} variant{'s' if n > 2 else ''} with the baseline"
    if sc.kind == "tournament":
        return f"tournament, {n} pairing{'s' if n > 1 else ''}"
    return "single run" + (" with seat rotation" if sc.rotate_seats else "")


def write_figures(sections: list[Section], folder: Path, stem: str) -> None:
    """Write every figure of ``sections`` as ``folder/<stem>-<name>.png`` and embed it."""
    for sec in sections:
        for item in sec.figures:
            png = plots.png_bytes(item.figure)
            item.file = f"{stem}-{item.name}.png"
            atomic_write_bytes(folder / item.file, png)
            item.uri = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            item.figure = None


def render_report(sr, manifest: dict, html_path, notes=()) -> Path:
    """Write the HTML report of a sweep's results and the PNGs of its figures.

    :func:`simlab.sweep.build_report` loads a results folder and calls this; the report layer
    itself never reads or plays anything.

    Parameters
    ----------
    sr : simlab.sweep.SweepResult
        The results (its points, frame and scenario).
    manifest : dict
        The folder's ``manifest.json`` (run parameters, versions, creation time, source).
    html_path : path
        The HTML file; the PNGs go in its folder, named ``<html stem>-<figure>.png``.
    notes : sequence of str
        Notes on the stored results shown at the top (e.g. points that share a file).

    Returns
    -------
    pathlib.Path
        The HTML file.
    """
    from simlab.games.registry import get_game

    html_path = Path(html_path)
    folder = html_path.parent
    folder.mkdir(parents=True, exist_ok=True)
    game = get_game(sr.scenario.game)
    sections = _sections(sr, game)
    stem = _safe(html_path.stem)
    write_figures(sections, folder, stem)
    sc = sr.scenario
    pt = tables.points_table(sr)
    rt = tables.results_table(sr)
    html = _template().render(
        title=f"{sc.name}: {game.title}",
        scenario_name=sc.name,
        game_title=game.title,
        description=sc.description,
        kind_text=_kind_text(sr),
        created=str(manifest.get("created", "")),
        headlines=tables.headline_sentences(sr),
        readings=tables.readings_lines(sr, game),
        rule_warnings=tables.rule_warning_lines(sr, game),
        game_name=game.name,
        robustness_cmd=f"simlab robustness {manifest.get('source') or sc.name + '.toml'}",
        notes=list(notes),
        sections=sections,
        points_table=Markup(tables.to_html(pt)),
        results_table=Markup(tables.to_html(rt)),
        results_rows=len(sr.frame),
        results_shown=len(rt),
        run_table=Markup(tables.to_html(tables.run_table(sr, manifest, game.title))),
        versions_table=Markup(tables.to_html(tables.versions_table(manifest))),
        scenario_text=sr.scenario_text,
    )
    atomic_write_text(html_path, html)
    return html_path
