"""A question asked again: at rising player strength (``[strength]``) and over generated
alternatives of the assumed data (``[spread]``).

A headline figure that changes with the players' strength is a property of a budget, not of
the game; one that rests on assumed data is one draw from what the rulebook allows. The
sweep's replicas (:func:`simlab.sweep.plan_replicas`) play each base point again with equal
players of each strength level and with each generated alternative of the data. Here every
replica's headline figures are read off (seat 1's edge and the seat spread with equal players,
the success rate of a solo game, each bot's share in a mixed line-up, and each variant's
change, paired with the same replica's baseline on the same games), then:

* **strength**: the figures per level, and whether they settle: the two strongest levels
  compared game by game (the same games), "no significant change" or "still moving";
* **spread**: per generator, each figure's median and range over the alternatives, and where
  the shipped data's value sits among them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from simlab.core.stats import Z95, paired_difference, wilson_interval


def _pct(x) -> str:
    return f"{100 * x:.1f}%"


def _pp(x) -> str:
    return f"{100 * x:+.1f}"


def _mean_ci(x: np.ndarray) -> tuple[float, float, float]:
    n = len(x)
    m = float(x.mean()) if n else float("nan")
    se = float(x.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    return m, m - Z95 * se, m + Z95 * se


def figures(res, players: int) -> dict:
    """The headline figures of one played point: ``{name: (value, lo, hi, per-game series or
    None, unit)}`` (unit ``share`` or ``pp``: a signed share)."""
    x = np.asarray(res.seat_shares, dtype=float)[0]          # (games, P)
    out = {}
    if players == 1:
        m = float(x[:, 0].mean())
        lo, hi = wilson_interval(m * len(x), len(x))
        out["success rate"] = (m, lo, hi, x[:, 0], "share")
        return out
    fair = 1.0 / players
    m, lo, hi = _mean_ci(x[:, 0] - fair)
    out["seat 1's edge"] = (m, lo, hi, x[:, 0] - fair, "pp")
    means = x.mean(axis=0)
    rng = np.random.default_rng(0)
    boot = []
    for _ in range(200):
        w = rng.poisson(1.0, len(x))
        mm = (w[:, None] * x).sum(axis=0) / max(w.sum(), 1)
        boot.append(mm.max() - mm.min())
    lo, hi = np.quantile(boot, [0.025, 0.975])
    spread = float(means.max() - means.min())
    out["seat spread"] = (spread, min(float(lo), spread), max(float(hi), spread), None, "share")
    if len(res.bot_labels) > 1:
        b = np.asarray(res.bot_shares, dtype=float)[0]
        for j, lab in enumerate(res.bot_labels):
            k = res.bot_seat_count(j)
            m, lo, hi = _mean_ci(b[:, j] / k)
            out[f"{lab}'s share"] = (m, lo, hi, b[:, j] / k, "share")
    return out


def changes(res, base, players: int) -> dict:
    """A variant's changes against its own baseline (the same games): each seat's and each
    bot's share, and the mean score."""
    out = {}
    x = np.asarray(res.seat_shares, dtype=float)[0]
    a = np.asarray(base.seat_shares, dtype=float)[0]
    n = min(len(x), len(a))
    if players == 1:
        d, lo, hi, _ = paired_difference(x[:n, 0], a[:n, 0])
        out["change of the success rate"] = (d, lo, hi, x[:n, 0] - a[:n, 0], "pp")
    else:
        for s in range(players):
            d, lo, hi, _ = paired_difference(x[:n, s], a[:n, s])
            out[f"change of seat {s + 1}'s share"] = (d, lo, hi, x[:n, s] - a[:n, s], "pp")
    if "seat_score" in res.series and "seat_score" in base.series:
        xs = np.asarray(res.series["seat_score"], dtype=float).mean(axis=1)
        as_ = np.asarray(base.series["seat_score"], dtype=float).mean(axis=1)
        m = min(len(xs), len(as_))
        d, lo, hi, _ = paired_difference(xs[:m], as_[:m])
        out["change of the mean score"] = (d, lo, hi, xs[:m] - as_[:m], "points")
    if len(res.bot_labels) > 1 and res.bot_labels == base.bot_labels:
        b = np.asarray(res.bot_shares, dtype=float)[0]
        bb = np.asarray(base.bot_shares, dtype=float)[0]
        for j, lab in enumerate(res.bot_labels):
            k = res.bot_seat_count(j)
            d, lo, hi, _ = paired_difference(b[:n, j] / k, bb[:n, j] / k)
            out[f"change of {lab}'s share"] = (d, lo, hi, (b[:n, j] - bb[:n, j]) / k, "pp")
    return out


def _groups(sr, prefix: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for r in sr.replicas:
        grp = r.point.get("group", "")
        if grp.startswith(prefix):
            out.setdefault(grp, []).append(r)
    return out


def _readings(results: list, players: int) -> dict:
    """``{point label: {figure: tuple}}`` of one group's results (variants paired with the
    group's baseline)."""
    base = next((r for r in results if r.point["baseline"]), None)
    out = {}
    for r in results:
        of = r.point.get("of") or r.point["label"]
        figs = figures(r, players)
        if base is not None and r is not base:
            figs.update(changes(r, base, players))
        out[of] = figs
    return out


def _main_readings(sr) -> dict:
    players = int(sr.points[0].point["players"])
    main = [r for r in sr.points if r.point.get("table") != "mixed"]
    return _readings(main, players)


# ---------------------------------------------------------------------------- strength
def strength_rows(sr) -> pd.DataFrame:
    """One row per strength level, point and figure (level order as played)."""
    rows = []
    if not sr.replicas:
        return pd.DataFrame()
    players = int(sr.points[0].point["players"])
    for grp, results in _groups(sr, "strength:").items():
        bot = results[0].bot_labels[0] if results[0].bot_labels else ""
        for of, figs in _readings(results, players).items():
            for name, (v, lo, hi, _x, unit) in figs.items():
                rows.append({"level": grp[9:], "bot": bot, "point": of, "figure": name,
                             "value": v, "lo": lo, "hi": hi, "unit": unit,
                             "games": results[0].games})
    return pd.DataFrame(rows)


def _headline_figures(players: int, kind: str) -> list[str]:
    if players == 1:
        return ["success rate", "change of the success rate"]
    return ["seat 1's edge", "seat spread", "change of seat 1's share",
            "change of the mean score"]


def settling(sr) -> list[dict]:
    """For each point and headline figure: the two strongest levels compared game by game
    (the same games: a paired difference), and whether the figure still moves."""
    groups = _groups(sr, "strength:")
    if len(groups) < 2:
        return []
    players = int(sr.points[0].point["players"])
    names = list(groups)
    top, prev = names[-1], names[-2]
    a = _readings(groups[prev], players)
    b = _readings(groups[top], players)
    out = []
    for of in b:
        for fig in _headline_figures(players, sr.scenario.kind):
            if fig not in b[of] or fig not in a.get(of, {}):
                continue
            xa, xb = a[of][fig][3], b[of][fig][3]
            if xa is None or xb is None:
                diff = b[of][fig][0] - a[of][fig][0]
                lo_b, hi_b = b[of][fig][1], b[of][fig][2]
                lo_a, hi_a = a[of][fig][1], a[of][fig][2]
                moves = hi_b < lo_a or hi_a < lo_b
                out.append({"point": of, "figure": fig, "from": prev[9:], "to": top[9:],
                            "change": diff, "lo": None, "hi": None,
                            "moves": bool(moves), "unit": b[of][fig][4]})
                continue
            n = min(len(xa), len(xb))
            d, lo, hi, p = paired_difference(xb[:n], xa[:n])
            out.append({"point": of, "figure": fig, "from": prev[9:], "to": top[9:],
                        "change": d, "lo": lo, "hi": hi,
                        "moves": bool(np.isfinite(p) and p < 0.05), "unit": b[of][fig][4]})
    return out


def _fmt(v, unit) -> str:
    if unit == "share":
        return _pct(v)
    if unit == "pp":
        return f"{_pp(v)} pp"
    return f"{v:+.2f}"


def strength_sentences(sr) -> list[str]:
    """Each headline figure per level in one sentence, and whether it settles."""
    df = strength_rows(sr)
    if df.empty:
        return []
    players = int(sr.points[0].point["players"])
    settle = {(s["point"], s["figure"]): s for s in settling(sr)}
    out = []
    for (of, fig), grp in df.groupby(["point", "figure"], sort=False):
        if fig not in _headline_figures(players, sr.scenario.kind):
            continue
        parts = [f"{r.level} {_fmt(r.value, r.unit)} [{_fmt(r.lo, r.unit)}, "
                 f"{_fmt(r.hi, r.unit)}]" for r in grp.itertuples()]
        s = settle.get((of, fig))
        tail = ""
        if s is not None:
            if s["moves"]:
                tail = (f": still moving between {s['from']} and {s['to']} (a property of the "
                        f"budget, not yet of the game)")
            else:
                tail = (f": no significant change between {s['from']} and {s['to']}, the two "
                        f"strongest levels (it may settle there; a stronger level would tell)")
        where = "" if of == "baseline" else f" ({of})"
        out.append(f"{fig[0].upper() + fig[1:]}{where} with equal players at rising strength: "
                   + "; ".join(parts) + tail + ".")
    return out


# ---------------------------------------------------------------------------- spread
def spread_rows(sr) -> pd.DataFrame:
    """Per generator, point and figure: the median and range over the alternatives, the
    shipped data's value and its percentile among them."""
    groups = _groups(sr, "data:")
    if not groups:
        return pd.DataFrame()
    players = int(sr.points[0].point["players"])
    shipped = _main_readings(sr)
    per: dict[tuple, list] = {}
    for grp, results in groups.items():
        gen = grp[5:].split("#")[0]
        for of, figs in _readings(results, players).items():
            for name, t in figs.items():
                per.setdefault((gen, of, name, t[4]), []).append(t[0])
    rows = []
    for (gen, of, name, unit), vals in per.items():
        arr = np.array(vals, dtype=float)
        ship = shipped.get(of, {}).get(name)
        sv = float(ship[0]) if ship is not None else float("nan")
        pct = float((arr < sv).mean() + 0.5 * (arr == sv).mean()) if ship is not None \
            else float("nan")
        rows.append({"generator": gen, "point": of, "figure": name, "unit": unit,
                     "alternatives": len(arr), "median": float(np.median(arr)),
                     "min": float(arr.min()), "max": float(arr.max()), "shipped": sv,
                     "shipped_percentile": pct, "values": [float(v) for v in arr]})
    return pd.DataFrame(rows)


def spread_sentences(sr, top: int = 6) -> list[str]:
    """The figures that move most over the generated data, in words."""
    df = spread_rows(sr)
    if df.empty:
        return []
    df = df.assign(width=df["max"] - df["min"]).sort_values("width", ascending=False)
    out = []
    for gen, grp in df.groupby("generator", sort=False):
        n = int(grp["alternatives"].iloc[0])
        parts = []
        for r in grp.head(top).itertuples():
            where = "" if r.point == "baseline" else f" ({r.point})"
            parts.append(f"{r.figure}{where}: median {_fmt(r.median, r.unit)}, range "
                         f"{_fmt(r.min, r.unit)} to {_fmt(r.max, r.unit)}, the shipped data "
                         f"{_fmt(r.shipped, r.unit)} at the "
                         f"{100 * r.shipped_percentile:.0f}th percentile")
        out.append(f"Over {n} generated {gen} alternatives (rulebook-consistent; simlab "
                   f"readings lists the constraints each keeps): " + "; ".join(parts) + ".")
    return out


def replica_json(sr) -> dict:
    """``strength`` (per level, point and figure; and ``settles``) and ``data_spread``."""
    st = strength_rows(sr)
    sp = spread_rows(sr)
    return {"strength": [] if st.empty else st.replace({np.nan: None}).to_dict("records"),
            "settles": settling(sr),
            "data_spread": [] if sp.empty else sp.replace({np.nan: None}).to_dict("records")}


def strength_table(sr) -> pd.DataFrame:
    """The report's table: one row per level, one column per point and headline figure."""
    df = strength_rows(sr)
    if df.empty:
        return df
    players = int(sr.points[0].point["players"])
    keep = df[df["figure"].isin(_headline_figures(players, sr.scenario.kind)) |
              df["figure"].str.endswith("'s share")]
    rows = {}
    for r in keep.itertuples():
        col = r.figure if r.point == "baseline" else f"{r.point}: {r.figure}"
        rows.setdefault((r.level, r.bot), {})[col] = (f"{_fmt(r.value, r.unit)} "
                                                     f"[{_fmt(r.lo, r.unit)}, "
                                                     f"{_fmt(r.hi, r.unit)}]")
    return pd.DataFrame([{"level": k[0], "bot (every seat)": k[1], **v}
                         for k, v in rows.items()])


def spread_table(sr) -> pd.DataFrame:
    df = spread_rows(sr)
    if df.empty:
        return df
    return pd.DataFrame({
        "generator": df["generator"], "point": df["point"], "figure": df["figure"],
        "median [range]": [f"{_fmt(m, u)} [{_fmt(a, u)}, {_fmt(b, u)}]" for m, a, b, u in
                           zip(df["median"], df["min"], df["max"], df["unit"], strict=True)],
        "shipped data": [_fmt(v, u) for v, u in zip(df["shipped"], df["unit"], strict=True)],
        "its percentile": [f"{100 * p:.0f}" for p in df["shipped_percentile"]],
        "alternatives": df["alternatives"]})


def strength_figure(sr):
    """The headline figure of each level with its interval (a forest plot, levels in order)."""
    from simlab.core import plots

    df = strength_rows(sr)
    if df.empty:
        return None
    players = int(sr.points[0].point["players"])
    fig_name = "success rate" if players == 1 else "seat 1's edge"
    sub = df[(df["figure"] == fig_name) & (df["point"] == "baseline")]
    if sub.empty:
        return None
    labels = [f"{r.level} ({r.bot})" for r in sub.itertuples()]
    return plots.forest(labels, sub["value"], sub["lo"], sub["hi"],
                        ref=None if players == 1 else 0.0,
                        xlabel=("success rate" if players == 1 else
                                "seat 1's win share minus the fair share (percentage points)"),
                        title_text=f"{fig_name[0].upper() + fig_name[1:]} at rising strength "
                                   f"(equal players)",
                        percent=players == 1, percent_points=players > 1)
