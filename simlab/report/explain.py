"""Explaining a change: where each bot's points came from, what it chose, how the games ended and
how long they were, at each point against the baseline (paired on the same games).

A designer who sees a bot's share collapse asks why. A game that declares its explanation
(``Game.score_sources``, ``choice_names``, ``end_names``: :mod:`simlab.games.registry`) keeps
per-game series of them in every point's results (:class:`simlab.sweep.PointResult`
``series``: ``bot_src`` and ``bot_choice`` per seat the bot holds, ``length``, ``end``), so each
point's value is compared with the baseline's game by game (the same dice), with a 95%
interval; Benjamini-Hochberg runs over the whole explanation table.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from simlab.core.stats import ALPHA, benjamini_hochberg, paired_difference


def _game(sr):
    from simlab.games.registry import get_game

    return get_game(sr.scenario.game)


def explains(sr) -> bool:
    """Whether the results carry the explanation series."""
    g = _game(sr)
    return bool(getattr(g, "explains", False)) and any("bot_src" in r.series
                                                       for r in sr.points)


def explain_frame(sr) -> pd.DataFrame:
    """One row per point, bot and measure: ``kind`` (points, choice, end, length), ``measure``,
    the baseline's and the point's means, and the paired change with its 95% interval and its
    Benjamini-Hochberg adjusted p (points that cannot be paired: the levels only)."""
    g = _game(sr)
    if not explains(sr):
        return pd.DataFrame()
    base = next((r for r in sr.points if r.point["baseline"]), None)
    rows = []
    for res in sr.points:
        if "bot_src" not in res.series:
            continue
        paired = (base is not None and res is not base and res.point.get("table") != "mixed"
                  and "bot_src" in base.series)
        for j, bot in enumerate(res.bot_labels):
            jb = base.bot_labels.index(bot) if paired and bot in base.bot_labels else None
            if "bot_score" in res.series:
                x = np.asarray(res.series["bot_score"], dtype=float)[:, j]
                a = (np.asarray(base.series["bot_score"], dtype=float)[:, jb]
                     if jb is not None else None)
                rows.append(_row(res, bot, "score", "mean score", x, a))
            for kind, key, names in (("points", "bot_src", g.score_sources),
                                     ("choice", "bot_choice", g.choice_names)):
                x = np.asarray(res.series[key], dtype=float)[:, j, :]
                a = (np.asarray(base.series[key], dtype=float)[:, jb, :]
                     if jb is not None else None)
                for k, name in enumerate(names):
                    rows.append(_row(res, bot, kind, name, x[:, k],
                                     None if a is None else a[:, k]))
        # the game as a whole (not per bot)
        x_end = np.asarray(res.series["end"], dtype=float)
        a_end = np.asarray(base.series["end"], dtype=float) if paired else None
        for k, name in enumerate(g.end_names):
            rows.append(_row(res, "(all)", "end", name, x_end[:, k],
                             None if a_end is None else a_end[:, k]))
        rows.append(_row(res, "(all)", "length", g.length_unit,
                         np.asarray(res.series["length"], dtype=float),
                         np.asarray(base.series["length"], dtype=float) if paired else None))
    df = pd.DataFrame(rows)
    df["p_adjusted"] = np.nan
    ok = df["p_value"].notna()
    if ok.any():
        df.loc[ok, "p_adjusted"] = benjamini_hochberg(df.loc[ok, "p_value"].to_numpy())
    df["significant"] = df["p_adjusted"] < ALPHA
    return df


def _row(res, bot, kind, name, x, a) -> dict:
    row = {"point": int(res.point["index"]), "label": res.point["label"], "bot": bot,
           "kind": kind, "measure": name, "value": float(x.mean()) if len(x) else np.nan,
           "baseline": np.nan, "change": np.nan, "change_lo": np.nan, "change_hi": np.nan,
           "p_value": np.nan, "games": int(len(x))}
    if a is not None and len(a) and len(x):
        n = min(len(a), len(x))
        d, lo, hi, p = paired_difference(x[:n], a[:n])
        row.update(baseline=float(a[:n].mean()), change=d, change_lo=lo, change_hi=hi,
                   p_value=p)
    return row


def _unit(kind: str, length_unit: str) -> str:
    return {"points": "points a game", "choice": "times a game", "end": "of games",
            "length": length_unit, "score": "points"}[kind]


def why_sentences(sr, frame: pd.DataFrame | None = None, top: int = 3) -> list[str]:
    """For each bot whose win share changed significantly at a point: the changes that explain
    it (its points by source and its choices, the largest significant ones first), and how
    the games' end and length moved there."""
    from simlab.report.fmt import pct

    if not explains(sr):
        return []
    ex = explain_frame(sr) if frame is None else frame
    if ex.empty:
        return []
    g = _game(sr)
    f = sr.frame
    sig = f[(f["level"] == "bot") & f["significant"]]
    out = []
    for r in sig.reindex(sig["diff"].abs().sort_values(ascending=False).index).head(6) \
            .itertuples():
        e = ex[(ex["point"] == r.point) & (ex["bot"] == r.entity) & ex["significant"]]
        if e.empty:
            continue
        parts = []
        for kind in ("points", "choice"):
            sub = e[e["kind"] == kind]
            sub = sub.reindex(sub["change"].abs().sort_values(ascending=False).index).head(top)
            for x in sub.itertuples():
                what = (f"points from {x.measure}" if kind == "points"
                        else f"{x.measure} chosen")
                parts.append(f"{what} {x.baseline:.2f} -> {x.value:.2f} "
                             f"({x.change:+.2f} {_unit(kind, g.length_unit)}, 95% "
                             f"{x.change_lo:+.2f} to {x.change_hi:+.2f})")
        if not parts:
            continue
        game = ex[(ex["point"] == r.point) & ex["significant"] &
                  ex["kind"].isin(["end", "length"])]
        tail = ""
        if not game.empty:
            bits = []
            for x in game.itertuples():
                if x.kind == "end":
                    bits.append(f"games ending by {x.measure} {pct(x.baseline)} -> "
                                f"{pct(x.value)}")
                else:
                    bits.append(f"length {x.baseline:.1f} -> {x.value:.1f} {x.measure}")
            tail = "; at that point " + ", ".join(bits[:3])
        out.append(f"Why {r.entity}'s win share moves at {r.label} "
                   f"({100 * r.diff:+.1f} percentage points): " + "; ".join(parts) + tail
                   + " (per seat it holds, paired on the same games).")
    return out


def score_sentences(sr, frame: pd.DataFrame | None = None, top: int = 4) -> list[str]:
    """The significant changes of each bot's mean score (per seat it holds) at each point,
    paired on the same games, the largest first."""
    if not explains(sr):
        return []
    ex = explain_frame(sr) if frame is None else frame
    if ex.empty:
        return []
    sub = ex[(ex["kind"] == "score") & ex["significant"]]
    if sub.empty:
        return []
    sub = sub.reindex(sub["change"].abs().sort_values(ascending=False).index)
    parts = [f"{x.bot} at {x.label} {x.baseline:.2f} -> {x.value:.2f} ({x.change:+.2f}, 95% "
             f"{x.change_lo:+.2f} to {x.change_hi:+.2f})" for x in sub.head(top).itertuples()]
    more = len(sub) - top
    return ["Scores (mean per seat, paired on the same games): " + "; ".join(parts)
            + (f"; and {more} more in the tables" if more > 0 else "") + "."]


def explain_json(sr, frame: pd.DataFrame | None = None) -> list[dict]:
    """The explanation table as JSON records (NaN as null)."""
    ex = explain_frame(sr) if frame is None else frame
    if ex.empty:
        return []
    return ex.replace({np.nan: None}).to_dict(orient="records")


def explain_tables(sr, frame: pd.DataFrame | None = None) -> list[tuple[str, pd.DataFrame]]:
    """The report's explanation tables, one per kind: rows (point, bot), columns the measures,
    each cell the value and, where paired, its change from the baseline (* significant)."""
    ex = explain_frame(sr) if frame is None else frame
    if ex.empty:
        return []
    g = _game(sr)
    out = []
    titles = {"points": "Where the points came from (points a game per seat, by source)",
              "choice": "What each bot chose (times a game per seat, by kind)",
              "end": "How games ended (share of games)",
              "length": f"How long games were ({g.length_unit})"}
    for kind in ("points", "choice", "end", "length"):
        sub = ex[ex["kind"] == kind]
        if sub.empty:
            continue
        cells = {}
        for x in sub.itertuples():
            key = (x.label, x.bot)
            text = (f"{100 * x.value:.1f}%" if kind == "end" else f"{x.value:.2f}")
            if np.isfinite(x.change):
                ch = f"{100 * x.change:+.1f}" if kind == "end" else f"{x.change:+.2f}"
                text += f" ({ch}{'*' if x.significant else ''})"
            cells.setdefault(key, {})[x.measure] = text
        df = pd.DataFrame([{"point": k[0], "bot": k[1], **v} for k, v in cells.items()])
        out.append((titles[kind], df))
    return out
