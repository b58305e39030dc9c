"""The audit's report card: one self-contained HTML page, its PNGs and its JSON.

Takes the card (the six keys of ``simlab audit --json``) and how it was made, and writes
``audit.html`` (figures embedded, and beside it as ``audit-<figure>.png``) and ``audit.json``
through :func:`simlab.report.analysis.write_analysis_report`: the verdicts first, then the
evidence, part by part.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from simlab.core import plots
from simlab.report.analysis import FigureItem, Section, write_analysis_report


def _ci(c, pct: bool = True) -> str:
    if not c:
        return ""
    k = 100 if pct else 1
    return f"[{k * c[0]:.1f}, {k * c[1]:.1f}]"


def _seat_items(sb: list) -> list:
    if not sb:
        return []
    labels = [f"{e['strength']}\n({e['bot']})"[:40] for e in sb]
    fig = plots.forest(labels, [e["first_player_points"] for e in sb],
                       [e["first_player_points_ci"][0] for e in sb],
                       [e["first_player_points_ci"][1] for e in sb], ref=0.0,
                       xlabel="seat 1's score minus the other seats' mean (points)",
                       title_text="First-player effect at rising strength",
                       filled=[e["significant"] for e in sb])
    fig2 = plots.forest(labels, [e["first_seat_win_share"] for e in sb],
                        [e["first_seat_win_share_ci"][0] for e in sb],
                        [e["first_seat_win_share_ci"][1] for e in sb], ref=sb[0]["fair_share"],
                        xlabel="seat 1's win share", title_text="Seat 1's win share",
                        percent=True)
    return [FigureItem("seat-points", "First-player effect in points",
                       "Equal players at each strength; 95% bootstrap intervals (filled: the "
                       "interval excludes 0).", fig),
            FigureItem("seat-share", "Seat 1's win share",
                       "Dashed: the fair share.", fig2)]


def _strategy_items(st: dict) -> list:
    items = []
    bots = st.get("bots", [])
    if len(bots) >= 2:
        m = np.asarray(st["pairwise_matrix"], dtype=float)
        np.fill_diagonal(m, np.nan)
        fig = plots.heatmap_panels([{
            "matrix": m, "row_labels": bots, "col_labels": bots, "xlabel": "against",
            "ylabel": "bot", "title": "Share of the pair's wins (per seat)",
            "cbar_label": "share", "center": 0.5, "vmin": 0.0, "vmax": 1.0,
            "fmt": lambda v: f"{100 * v:.0f}%"}], title_text="Head to head")
        items.append(FigureItem("pairwise", "Head to head",
                                "Each bot (row) against each other (column) in every seating: "
                                "its share of the pair's wins per seat held (50%: even).", fig))
    if st.get("nash"):
        n = st["nash"]
        fig = plots.forest([r["bot"] for r in n], [r["weight"] for r in n],
                           [r["weight_ci"][0] for r in n], [r["weight_ci"][1] for r in n],
                           ref=None, xlabel="weight in the Nash mixture",
                           title_text="Nash mixture of the pairwise meta-game", percent=True)
        items.append(FigureItem("nash", "Nash mixture",
                                "95% bootstrap intervals (the games resampled, the "
                                "equilibrium solved again).", fig))
    rows = [(f"{r['bot']} v {a['field']}", a) for r in st.get("fields", []) for a in r["against"]]
    if rows:
        fig = plots.forest([x for x, _ in rows], [a["win_share"] for _, a in rows],
                           [a["win_share_ci"][0] for _, a in rows],
                           [a["win_share_ci"][1] for _, a in rows], ref=rows[0][1]["fair"],
                           xlabel="win share in its one seat", percent=True,
                           title_text="Each bot against fields of rising strength")
        items.append(FigureItem("fields", "Against fields of rising strength",
                                "One seat of the bot, every other seat the field; every "
                                "seating. Dashed: the fair share.", fig))
    return items


def _sens_items(sens: list, top: int = 15) -> list:
    if not sens:
        return []
    s = sens[:top]
    fig = plots.forest([r["name"] for r in s], [r["effect"] for r in s],
                       [r["effect_ci"][0] for r in s], [r["effect_ci"][1] for r in s], ref=0.0,
                       xlabel="effect on the seat spread or a bot's win share (points)",
                       title_text="Rule knobs ranked", percent_points=True,
                       filled=[r["verdict"] == "moves the balance" for r in s])
    return [FigureItem("sensitivity", "Rule knobs ranked",
                       "Numeric options: Morris mu* over the range tried (interval: SALib's "
                       "bootstrap over trajectories); readings: the largest change of one "
                       "alternative against the default on the same games (paired bootstrap). "
                       "Hollow: no effect found above the noise.", fig)]


def _data_items(ds: list) -> list:
    items = []
    for d in ds:
        keys = list(d["figures"])
        # the verdict's figure (seat 1's edge) carries intervals: drawn, on a taller first row
        ci_key = ("first_player_points" if d.get("alternative_cis") and d.get("shipped_ci")
                  and keys[0] == "first_player_points" else None)
        tall = 2.5 if ci_key else 1.0
        fig = plots.new_figure(height=max(2.6, 1.2 + 0.45 * (len(keys) + tall - 1)))
        axes = fig.subplots(len(keys), 1, squeeze=False,
                            gridspec_kw={"height_ratios": [tall] + [1] * (len(keys) - 1)})[:, 0]
        for ax, k in zip(axes, keys, strict=True):
            f = d["figures"][k]
            ys = np.zeros(len(f["values"]))
            if k == ci_key:
                cis = d["alternative_cis"]
                ys = np.linspace(-0.3, 0.3, len(cis) + 1)[1:]  # apart, so none hides another
                for y, (lo, hi) in zip(ys, cis, strict=True):
                    ax.plot([lo, hi], [y, y], color=plots.color(0), lw=1.5, alpha=0.6)
                lo, hi = d["shipped_ci"]
                ax.plot([lo, hi], [0, 0], color=plots.color(3), lw=2.5, alpha=0.8)
                ax.axvline(0.0, color="0.3", lw=1.0, ls=":", zorder=0)
                ax.set_ylim(-0.5, 0.5)
            ax.plot(f["values"], ys, "o", color=plots.color(0), alpha=0.7)
            ax.plot([f["shipped"]], [0], marker="D", ms=9, color=plots.color(3))
            ax.set_yticks([0], [k])
            plots.style_axes(ax, "x")
        axes[0].set_title(f"{d['name']}: {d['alternatives']} generated alternatives "
                          f"(diamond: the shipped data)", fontsize=10)
        level = d.get("level")
        lv = f" at {100 * level:.1f}% each" if level else ""
        items.append(FigureItem(f"data-{d['name']}", f"Spread over generated {d['name']}",
                                "Each dot one alternative; the first row is seat 1's edge in "
                                f"points with equal greedy players, with its interval{lv} "
                                "(the lines the verdict reads; dotted: no edge), the others "
                                "are the mixed line-up's shares, without intervals.", fig))
    return items


def _shape_items(shape: dict) -> list:
    items = []
    curves = []
    for name, sh in shape.items():
        gs = sh.get("game_shape", {})
        if gs.get("leader_wins_curve"):
            curves.append((name, gs["leader_wins_curve"], sh.get("games", 0)))
    if curves:
        fair = next(iter(shape.values())).get("game_shape", {}).get("fair_rate", 0.5)
        cp = next(iter(shape.values())).get("game_shape", {}).get("checkpoint", "checkpoint")
        try:
            fig = plots.leader_wins(curves, fair=fair, checkpoint=cp,
                                    title_text="How often the leader at each checkpoint wins")
            items.append(FigureItem("leader-wins", "The leader's chances",
                                    "Of the games with a leader at a checkpoint, the share "
                                    "the leader wins; dashed: fair.", fig))
        except (TypeError, ValueError):
            pass
    for name, sh in shape.items():
        for key, title in (("ends", "How games end"), ("points_by_source",
                                                        "Points by source (mean per seat)")):
            vals = sh.get(key)
            if not vals:
                continue
            fig = plots.new_figure(height=max(2.4, 1.2 + 0.35 * len(vals)))
            ax = fig.subplots()
            ax.barh(list(vals)[::-1], list(vals.values())[::-1], color=plots.color(0))
            plots.style_axes(ax, "x")
            plots.title(ax, f"{title}, {name}")
            items.append(FigureItem(f"{key}-{name.replace(' ', '-')}", f"{title} ({name})",
                                    "From the game's own records.", fig))
    return items


def _tables(card: dict) -> list:
    out = []
    sb = card["seat_balance"]
    if sb:
        out.append(("Seat balance", pd.DataFrame([{
            "strength": e["strength"], "bot": e["bot"], "games": e["games"],
            "first player (points)": f"{e['first_player_points']:+.2f} "
                                     f"{_ci(e['first_player_points_ci'], False)}",
            "seat 1 win share": f"{100 * e['first_seat_win_share']:.1f}% "
                                f"{_ci(e['first_seat_win_share_ci'])}",
            "seat spread": f"{100 * e['seat_spread']:.1f} {_ci(e['seat_spread_ci'])}",
            "verdict": e["verdict"], "trend": e["trend"]} for e in sb])))
    st = card["strategies"]
    if st.get("pairwise"):
        out.append(("Head to head", pd.DataFrame([{
            "bot": r["bot"], "against": r["against"],
            "share of pair's wins": f"{100 * r['share_of_pair_wins']:.1f}% {_ci(r['share_ci'])}",
            "games": r["games"], "verdict": r["verdict"]} for r in st["pairwise"]])))
    if st.get("nash"):
        out.append(("Nash mixture (pairwise meta-game)", pd.DataFrame([{
            "bot": r["bot"], "weight": f"{100 * r['weight']:.1f}% {_ci(r['weight_ci'])}",
            "dominant": "yes" if st.get("dominant") == r["bot"] else ""}
            for r in st["nash"]])))
    if st.get("fields"):
        out.append(("Against fields of rising strength", pd.DataFrame([{
            "bot": r["bot"], "field": a["field"],
            "win share": f"{100 * a['win_share']:.1f}% {_ci(a['win_share_ci'])}",
            "fair": f"{100 * a['fair']:.1f}%", "games": a["games"], "verdict": r["verdict"]}
            for r in st["fields"] for a in r["against"]])))
    if st.get("lineup"):
        lu = st["lineup"]
        out.append((f"Mixed line-up ({', '.join(lu['lineup'])}), every seating",
                    pd.DataFrame([{"bot": r["bot"],
                                   "win share per seat": f"{100 * r['win_share']:.1f}% "
                                                         f"{_ci(r['win_share_ci'])}",
                                   "verdict": r["verdict"]} for r in lu["bots"]])))
    if card["sensitivity"]:
        out.append(("Sensitivity, ranked", pd.DataFrame([{
            "rank": r["rank"], "name": r["name"], "kind": r["kind"],
            "effect (points)": f"{100 * r['effect']:.2f} {_ci(r['effect_ci'])}",
            "moves": r["moves"], "how": r["how"], "verdict": r["verdict"]}
            for r in card["sensitivity"]])))
    for d in card["data_spread"]:
        out.append((f"Generated {d['name']} ({d['alternatives']} alternatives, "
                    f"{d['games']} games each)", pd.DataFrame([{
                        "figure": k, "shipped": round(f["shipped"], 4),
                        "median": round(f["median"], 4), "min": round(f["min"], 4),
                        "max": round(f["max"], 4),
                        "shipped percentile": f"{100 * f['shipped_percentile']:.0f}"}
                        for k, f in d["figures"].items()])))
    for name, sh in card["shape"].items():
        gs = sh.get("game_shape", {})
        row = {k: (round(v, 4) if isinstance(v, float) else v) for k, v in gs.items()
               if not isinstance(v, list)}
        if sh.get("length"):
            row["length"] = f"{sh['length']['mean']:.2f} {sh['length']['unit']} " \
                            f"(sd {sh['length']['sd']:.2f})"
        if sh.get("snowball_ci"):
            row["snowball 95%"] = _ci(sh["snowball_ci"])
        row["games"] = sh.get("games")
        out.append((f"Game shape, {name}", pd.DataFrame({"measure": list(row),
                                                         "value": [str(v) for v in
                                                                   row.values()]})))
    return out


def audit_report(card: dict, meta: dict, path) -> Path:
    """Write the card (``audit.html``, PNGs, ``audit.json``) and return the HTML path."""
    secs = [Section("seat-balance", "Seat balance",
                    "Equal players at rising strength (the strength ladder), the same games "
                    "at every level.", _seat_items(card["seat_balance"])),
            Section("strategies", "Strategy landscape",
                    "Every bot against every other, every seating; then each against fields "
                    "of rising strength.", _strategy_items(card["strategies"])),
            Section("sensitivity", "Sensitivity",
                    "The mixed line-up in every seating under each rule setting.",
                    _sens_items(card["sensitivity"])),
            Section("data", "Assumed data", "Generated rulebook-consistent alternatives.",
                    _data_items(card["data_spread"])),
            Section("shape", "Game shape", "What the games look like.",
                    _shape_items(card["shape"]))]
    secs = [s for s in secs if s.figures]
    times = meta.get("seconds", {})
    run = {"game": meta.get("game"), "players": meta.get("players"), "seed": meta.get("seed"),
           "budget": "quick" if meta.get("quick") else "full",
           "seconds of play budgeted": meta.get("settings", {}).get("seconds"),
           "rules set": ", ".join(f"{k}={v}" for k, v in meta.get("rules", {}).items())
                        or "none", "strength levels": ", ".join(meta.get("levels", [])),
           "bots": ", ".join(meta.get("bots", [])),
           "jobs / backend": f"{meta.get('jobs')} / {meta.get('backend')}",
           "tables played / reused": f"{meta.get('tables_played')} / "
                                     f"{meta.get('tables_reused')}",
           **{f"seconds: {k}": f"{v:.1f}" for k, v in times.items()},
           **{f"seconds a game: {k}": f"{v:.2g}"
              for k, v in meta.get("seconds_per_game", {}).items()}}
    if meta.get("notes"):
        run["left out"] = "; ".join(meta["notes"])
    html = write_analysis_report(
        path, heading="Audit", game_title=meta.get("title", meta.get("game", "")),
        kind_text="seat balance, strategies, sensitivity, assumed data, shape",
        headlines=card["headlines"], sections=secs, tables_=_tables(card), run=run,
        data=card,
        footnote="Intervals are 95% percentile intervals of a Poisson bootstrap over the "
                 "games (the same games in every table: paired). robust: the same "
                 "significant verdict everywhere tried; no effect found: none shown (not a "
                 "proof of none); bot- / data-dependent: a strength or a data alternative "
                 "flips or loses it; undecided: too few games to tell.")
    return html


__all__ = ["audit_report"]
