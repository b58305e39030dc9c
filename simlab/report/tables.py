"""Report tables (pandas DataFrames rendered to escaped HTML) and the findings in plain words.

Everything here reads a :class:`simlab.sweep.SweepResult` (``.frame``, ``.points``,
``.summary()``, ``.head_to_head()``); nothing is game-specific. The sentences only call a
difference *significant* when the numbers say so: the chi-square seat-advantage test
(``seat_advantage_p``) for seats, the Benjamini-Hochberg adjusted paired test (``significant``)
for differences from the baseline, and a paired per-game test for tournament pairings.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from simlab.core.stats import ALPHA, benjamini_hochberg, seat_advantage_test, wilson_interval
from simlab.errors import SimlabError
from simlab.report.fmt import (  # noqa: F401 - the formatters are part of the tables' API
    _cap,
    fmt_p,
    fmt_p_short,
    fmt_value,
    pct,
    pp,
    share_ci,
    share_pm,
)
from simlab.report.metagame import meta_game, pair_stats

TEST_SEATS = "chi-square test that every seat wins equally often"
BH = "Benjamini-Hochberg adjusted p < 0.05"


# ---------------------------------------------------------------------------- helpers
def lineup_kind(point: dict) -> str:
    """``rotated`` (bots rotate through the seats), ``same`` (one bot in every seat) or
    ``fixed`` (each seat keeps its own bot, not all the same)."""
    lineups = point["lineups"]
    if point["rotations"] > 1 or len(lineups) > 1:
        return "rotated"
    if len(set(lineups[0])) == 1:
        return "same"
    return "fixed"


def baseline_index(sr) -> int | None:
    for res in sr.points:
        if res.point["baseline"]:
            return int(res.point["index"])
    return None


def point_result(sr, index: int):
    return next(r for r in sr.points if int(r.point["index"]) == index)


def seat_rows(sr, index: int) -> pd.DataFrame:
    f = sr.frame
    return f[(f["point"] == index) & (f["level"] == "seat")].sort_values("seat")


def bot_rows(sr, index: int) -> pd.DataFrame:
    f = sr.frame
    return f[(f["point"] == index) & (f["level"] == "bot")]


def bots_informative(point: dict) -> bool:
    """Whether the by-bot rows of a point add anything to its by-seat rows."""
    names = {b for lu in point["lineups"] for b in lu}
    if len(names) < 2:
        return False  # one bot in every seat: its share is 1/players by construction
    if lineup_kind(point) == "fixed" and len(set(point["lineups"][0])) == point["players"]:
        return False  # one seat per bot: the bot rows repeat the seat rows
    return True


def entity_name(row, point: dict) -> str:
    if row["level"] == "seat":
        if int(point.get("players", 0)) == 1:
            return "the success rate"
        s = f"seat {int(row['seat'])}"
        if lineup_kind(point) == "fixed":
            s += f" ({row['bot']})"
        return s
    return f"{row['entity']} (all its seats)"


def informative_rows(sr, index: int) -> pd.DataFrame:
    res = point_result(sr, index)
    rows = seat_rows(sr, index)
    if bots_informative(res.point):
        rows = pd.concat([rows, bot_rows(sr, index)])
    return rows


def pooled_seats(sr) -> pd.DataFrame | None:
    """Seat win shares pooled over every point (same number of players), with Wilson
    intervals; ``None`` when the points have different numbers of players."""
    players = {int(r.point["players"]) for r in sr.points}
    if len(players) != 1:
        return None
    seats = sr.frame[sr.frame["level"] == "seat"]
    wins = (seats["win_share"] * seats["seat_games"]).groupby(seats["seat"]).sum()
    n = seats.groupby("seat")["seat_games"].sum()
    lo, hi = wilson_interval(wins.to_numpy(), n.to_numpy())
    return pd.DataFrame({"seat": wins.index.astype(int), "bot": "(rotated)", "level": "seat",
                         "win_share": (wins / n).to_numpy(), "win_share_lo": lo,
                         "win_share_hi": hi, "seat_games": n.to_numpy(),
                         "seat_advantage_p": seat_advantage_test(wins.to_numpy())})


_bh = benjamini_hochberg


def fairest(sr):
    """The fairest and the least fair sweep point: ``(best, worst)`` rows of
    ``sr.summary()`` by seat spread (best minus worst seat's win share), the baseline and a
    second table left out unless nothing else is there; None without points. The one
    definition the report and ``simlab robustness`` use."""
    summ = sr.summary()
    if summ.empty:
        return None
    skip = {int(r.point["index"]) for r in sr.points
            if r.point["baseline"] or r.point.get("table") == "mixed"}
    cand = summ[~summ["point"].isin(skip)]
    if cand.empty:
        cand = summ
    return (cand.loc[cand["seat_spread"].idxmin()], cand.loc[cand["seat_spread"].idxmax()])


# ---------------------------------------------------------------------------- findings
def seat_sentences(rows: pd.DataFrame, p_adv: float, kind: str, where: str = "") -> list[str]:
    """Plain-words seat findings of one point (or pooled seats). ``kind`` as
    :func:`lineup_kind`; ``where`` prefixes the first sentence (e.g. ``In the baseline, ``)."""
    rows = rows.sort_values("seat")
    n = len(rows)
    if n == 0:
        return []
    fair = 1.0 / n
    best = rows.loc[rows["win_share"].idxmax()]
    worst = rows.loc[rows["win_share"].idxmin()]
    if n == 1:  # a solo game: the one seat's win share is its success rate; no seats to compare
        r = rows.iloc[0]
        return [_cap(f"{where}the one player ({r['bot']}) succeeds in "
                     f"{share_pm(r['win_share'], r['win_share_lo'], r['win_share_hi'])} "
                     f"(95% interval) of the solo games.")]

    def name(r):
        s = f"seat {int(r['seat'])}"
        return f"{s} ({r['bot']})" if kind == "fixed" else s

    def pm(r):
        return share_pm(r["win_share"], r["win_share_lo"], r["win_share_hi"])

    out = []
    sig = p_adv < ALPHA
    if kind == "fixed":
        first = (f"{where}{name(best)} wins most: {pm(best)} (95% interval) of games against "
                 f"a fair {pct(fair)}; {name(worst)} wins least: {pm(worst)}.")
        if sig:
            second = (f"The seats, each with its own bot, differ significantly ({fmt_p(p_adv)}, "
                      f"{TEST_SEATS}). Because each seat keeps its bot, this mixes seat order "
                      f"and bot strength; set rotate_seats = true to measure the seats alone.")
        else:
            second = (f"The seats, each with its own bot, do not differ significantly "
                      f"({fmt_p(p_adv)}, {TEST_SEATS}).")
        return [_cap(first), second]
    if sig:
        first = (f"{where}{name(best)} wins {pm(best)} (95% interval) of games against a fair "
                 f"{pct(fair)}: significant, {fmt_p(p_adv)} ({TEST_SEATS}); {name(worst)} wins "
                 f"least, {pm(worst)}.")
    else:
        first = (f"{where}no seat has a significant advantage ({fmt_p(p_adv)}, {TEST_SEATS}): "
                 f"seat win shares range from {pm(worst)} ({name(worst)}) to {pm(best)} "
                 f"({name(best)}) against a fair {pct(fair)}.")
    out.append(_cap(first))
    if kind == "rotated":
        out.append("Every bot sat in every seat equally often, in every order round the table "
                   "(every seating), so these seat shares measure the seats alone.")
    elif kind == "same":
        bot = rows["bot"].iloc[0]
        out.append(f"Every seat is played by {bot}, so differences between seats come from the "
                   f"seat alone.")
    return out


def bot_sentences(rows: pd.DataFrame, players: int, lineup=None) -> list[str]:
    """Which bot wins most and least (per seat-game) in one point: a fact about this line-up,
    not a ranking of the bots in general."""
    if len(rows) < 2:
        return []
    best = rows.loc[rows["win_share"].idxmax()]
    worst = rows.loc[rows["win_share"].idxmin()]
    where = f"In this line-up ({', '.join(lineup)})" if lineup else "In this line-up"
    s = (f"{where}, by bot (all its seats): {best['entity']} wins most, "
         f"{share_pm(best['win_share'], best['win_share_lo'], best['win_share_hi'])} of its "
         f"seat-games against a fair {pct(1 / players)}; {worst['entity']} least, "
         f"{share_pm(worst['win_share'], worst['win_share_lo'], worst['win_share_hi'])}.")
    if best["win_share_lo"] > worst["win_share_hi"]:
        s += " Their 95% intervals do not overlap."
    else:
        s += " Their 95% intervals overlap, so this order is not established."
    s += (" Another line-up may rank them otherwise (simlab robustness replaces each bot in "
          "turn; a [tournament] plays them head to head).")
    return [s]


def order_sentences(res) -> list[str]:
    """Whether the order in which the bots sit round the table changes their shares (a
    rotated point with two or more cyclic orders), with the shares of each order."""
    if not getattr(res, "orders", None) or len(res.orders) < 2 or res.order_wins is None:
        return []
    p = res.order_p
    parts = []
    for o in res.seat_orders():
        shares = ", ".join(f"{b['bot']} {pct(b['win_share'])}" for b in o["bots"])
        parts.append(f"{' > '.join(o['order'])}: {shares}")
    n = len(res.orders)
    if np.isfinite(p) and p < ALPHA:
        head = (f"The order in which the bots follow one another round the table matters: "
                f"their shares differ between the {n} orders ({fmt_p(p)}, paired test over "
                f"the same games); so a run that only shifts the line-up cyclically would "
                f"measure one order.")
    elif np.isfinite(p):
        head = (f"No effect of the seating order found: the bots' shares do not differ "
                f"significantly between the {n} orders in which they follow one another "
                f"({fmt_p(p)}, paired test over the same games).")
    else:
        head = f"The bots sat in {n} orders round the table (too few games to test them)."
    shown = "; ".join(parts[:6]) + ("; ..." if len(parts) > 6 else "")
    return [f"{head} Each order, pooled over its rotations: {shown}."]


def _change(row, point) -> str:
    return (f"{entity_name(row, point)} {pp(row['diff'])} percentage points (95% interval "
            f"{pp(row['diff_lo'])} to {pp(row['diff_hi'])}, adjusted {fmt_p(row['p_adjusted'])})")


def _point_sentences(sr, index: int, where: str) -> list[str]:
    res = point_result(sr, index)
    rows = seat_rows(sr, index)
    point = res.point
    kind = lineup_kind(point)
    if point.get("table") == "mixed":
        where = (f"{where}With the mixed line-up ({', '.join(point['lineups'][0])}) in every "
                 f"seating, ")
    identical = _identical(sr, point) if kind in ("same", "rotated") else ""
    if identical and int(point.get("players", 0)) > 1:
        p_adv = float(rows["seat_advantage_p"].iloc[0])
        out = [_cap(f"{where}no seat can be favoured, the seats being identical by "
                    f"construction ({identical.rstrip('.')}); so the seat test "
                    f"({fmt_p(p_adv)}) measures only its own noise.")]
    else:
        out = seat_sentences(rows, float(rows["seat_advantage_p"].iloc[0]), kind, where)
        if kind == "same" and int(point.get("players", 0)) > 1 and \
                point.get("table") != "mixed":
            bot = point["lineups"][0][0]
            out.append(f"Equal players ({bot} in every seat): the question of the seats "
                       f"asked with the same player everywhere, as it must be.")
    if bots_informative(point):
        out += bot_sentences(bot_rows(sr, index), int(point["players"]),
                             list(dict.fromkeys(point["lineups"][0])))
        out += order_sentences(res)
    return out


def _identical(sr, point) -> str:
    """Why the seats are identical by construction at this point ("" when they are not)."""
    from simlab.games.registry import get_game

    try:
        g = get_game(sr.scenario.game)
        return g.seats_identical(g.make_rules(int(point["players"]), dict(point["rules"])))
    except SimlabError:
        return ""


def _sweep_sentences(sr) -> list[str]:
    out = []
    base = baseline_index(sr)
    others = [r for r in sr.points if not r.point["baseline"]]
    tested = pd.concat([informative_rows(sr, int(r.point["index"])) for r in others]) \
        if others else sr.frame.iloc[:0]
    tested = tested[tested["p_value"].notna()]
    sig = tested[tested["significant"]]
    if base is not None and others:
        n_tests = int(sr.frame["p_value"].notna().sum())
        if sig.empty:
            out.append(f"No sweep point changes any seat's win share significantly compared "
                       f"with the baseline ({BH}, over {n_tests} paired comparisons).")
        else:
            groups = []
            for idx, grp in sig.sort_values("p_adjusted").groupby("point", sort=False):
                point = point_result(sr, int(idx)).point
                parts = [_change(r, point) for _, r in grp.head(2).iterrows()]
                more = f" and {len(grp) - 2} more" if len(grp) > 2 else ""
                groups.append(f"{point['label']}: {'; '.join(parts)}{more}")
            k = len(groups)
            shown = "; ".join(groups[:5])
            rest = f"; and {k - 5} more points (see the table)" if k > 5 else ""
            verb = "differs" if k == 1 else "differ"
            out.append(f"{k} of {len(others)} sweep points {verb} significantly from the "
                       f"baseline ({BH}): {shown}{rest}.")
    summ = sr.summary()
    ranked = fairest(sr)
    if ranked is not None:
        best = ranked[0]
        point = point_result(sr, int(best["point"])).point
        s = (f"The fairest sweep point (smallest spread between the seats' win shares) is "
             f"{best['label']}: seat win shares span {100 * best['seat_spread']:.1f} percentage "
             f"points ({pct(best['win_share_min'])} to {pct(best['win_share_max'])})")
        if base is not None:
            b = summ[summ["point"] == base].iloc[0]
            s += f", against {100 * b['seat_spread']:.1f} in the baseline"
        s += "."
        if best["seat_advantage_p"] < ALPHA:
            s += f" Even there the seats differ significantly ({fmt_p(best['seat_advantage_p'])})."
        elif (summ["seat_advantage_p"] >= ALPHA).all():
            s += (f" No point shows a significant seat advantage (smallest "
                  f"{fmt_p(summ['seat_advantage_p'].min())}), so this ranking may be noise; "
                  f"more games per point would tell.")
        else:
            s += f" Its seats do not differ significantly ({fmt_p(best['seat_advantage_p'])})."
        if lineup_kind(point) == "fixed":
            s += " Each seat keeps its own bot, so the spread includes bot strength."
        if len({int(r.point["players"]) for r in sr.points}) > 1:
            s += (" The number of players differs between points, so their fair shares and "
                  "spreads are on different scales.")
        out.append(s)
    return out


def _compare_sentences(sr) -> list[str]:
    out = []
    for res in sr.points:
        if res.point["baseline"]:
            continue
        idx = int(res.point["index"])
        params = ", ".join(f"{k} = {fmt_value(v)}" for k, v in res.point["params"].items())
        rows = informative_rows(sr, idx)
        rows = rows[rows["p_value"].notna()]
        name = f"Variant {res.point['label']}" + (f" ({params})" if params else "")
        if rows.empty:
            out.append(f"{name}: no paired comparison with the baseline is possible (different "
                       f"seats or bots).")
            continue
        sig = rows[rows["significant"]].sort_values("p_adjusted")
        if not sig.empty:
            parts = [_change(r, res.point) for _, r in sig.iterrows()]
            out.append(f"{name} changes, significantly ({BH}): {'; '.join(parts)}.")
        else:
            big = rows.loc[rows["diff"].abs().idxmax()]
            out.append(f"{name}: no significant change in any seat's win share (no "
                       f"Benjamini-Hochberg adjusted p below 0.05); the largest change is "
                       f"{entity_name(big, res.point)} {pp(big['diff'])} percentage points "
                       f"(95% interval {pp(big['diff_lo'])} to {pp(big['diff_hi'])}, adjusted "
                       f"{fmt_p(big['p_adjusted'])}).")
    return out


def _tournament_sentences(sr) -> list[str]:
    out = []
    h2h = sr.head_to_head()
    ps = pair_stats(sr)
    if h2h.shape[0] >= 2 and not ps.empty:
        mean = h2h.mean(axis=1, skipna=True)
        best = str(mean.idxmax())
        worst = str(mean.idxmin())
        parts, beats_sig, loses, even = [], [], [], []
        for _, r in ps.iterrows():
            if best not in (r["bot_a"], r["bot_b"]):
                continue
            first = r["bot_a"] == best
            opp = r["bot_b"] if first else r["bot_a"]
            sh = r["share_a"] if first else 1 - r["share_a"]
            lo, hi = (r["lo"], r["hi"]) if first else (1 - r["hi"], 1 - r["lo"])
            parts.append(f"{pct(sh)} of the wins against {opp} (95% interval {pct(lo)} to "
                         f"{pct(hi)})")
            if r["significant"] and sh > 0.5:
                beats_sig.append(opp)
            elif r["significant"] and sh < 0.5:
                loses.append(opp)
            else:
                even.append(opp)
        s = (f"{best} is the strongest bot head to head (highest average share of the wins in "
             f"its pairings, {pct(mean[best])}): it takes {'; '.join(parts)}.")
        n_opp = len(parts)
        if len(beats_sig) == n_opp:
            s += (f" It beats every other bot significantly (paired per-game test, "
                  f"{BH}).")
        else:
            if beats_sig:
                s += f" It beats {', '.join(beats_sig)} significantly ({BH})."
            if loses:
                s += f" It loses significantly to {', '.join(loses)}."
            if even:
                s += (f" Against {', '.join(even)} the difference from an even 50% is not "
                      f"significant.")
        out.append(s)
        if worst != best:
            out.append(f"{worst} is the weakest: on average it takes {pct(mean[worst])} of the "
                       f"wins in its pairings (50% would be even).")
    pooled = pooled_seats(sr)
    if pooled is not None:
        out += seat_sentences(pooled, float(pooled["seat_advantage_p"].iloc[0]), "rotated",
                              "Pooled over all pairings, ")
    return out


def headline_sentences(sr) -> list[str]:
    """The report's findings in plain sentences (also printed by ``simlab sweep``)."""
    kind = sr.scenario.kind
    base = baseline_index(sr)
    if kind == "tournament":
        try:
            meta = meta_game(sr).sentences()
        except SimlabError:
            meta = []
        return meta + _tournament_sentences(sr)
    if kind == "single":
        idx = base if base is not None else int(sr.points[0].point["index"])
        out = _point_sentences(sr, idx, "")
        for res in sr.points:
            if res.point.get("table") == "mixed":
                out += _point_sentences(sr, int(res.point["index"]), "")
        return out + _replica_sentences(sr)
    if base is None:
        out = ["These results have no baseline point, so no point is compared with it."]
    else:
        out = _point_sentences(sr, base, "In the baseline, ")
    if kind == "sweep":
        out += _sweep_sentences(sr)
    elif kind == "compare":
        out += _compare_sentences(sr)
    # then the scores, then why: the game's own mechanics behind the changes
    from simlab.report.explain import explain_frame, explains, score_sentences, why_sentences

    if explains(sr):
        ex = explain_frame(sr)
        out += score_sentences(sr, ex) + why_sentences(sr, ex)
    return out + _replica_sentences(sr)


def _replica_sentences(sr) -> list[str]:
    """The question at rising strength and over generated data (``[strength]``,
    ``[spread]``)."""
    if not getattr(sr, "replicas", None):
        return []
    from simlab.report.replicas import spread_sentences, strength_sentences

    return strength_sentences(sr) + spread_sentences(sr)


# ---------------------------------------------------------------------------- tables
def points_table(sr) -> pd.DataFrame:
    """One row per point: parameters, games, each seat's win share with its 95% interval,
    seat spread, seat-advantage p and (sweeps, compare) significant changes from baseline."""
    kind = sr.scenario.kind
    summ = sr.summary().set_index("point")
    ps = pair_stats(sr).set_index("point") if kind == "tournament" else None
    param_names = list(dict.fromkeys(k for r in sr.points for k in r.point["params"]))
    rows = []
    for res in sr.points:
        idx = int(res.point["index"])
        row = {"point": idx, "label": res.point["label"]}
        if kind != "tournament":
            for k in param_names:
                v = res.point["params"].get(k)
                row[k] = "—" if v is None else fmt_value(v)
        row["players"] = int(res.point["players"])
        row["games"] = f"{res.games:,}"
        row["games played"] = f"{res.plays:,}"
        for _, r in seat_rows(sr, idx).iterrows():
            row[f"seat {int(r['seat'])}"] = share_ci(r["win_share"], r["win_share_lo"],
                                                     r["win_share_hi"])
        if idx in summ.index:
            row["seat spread (points)"] = f"{100 * summ.loc[idx, 'seat_spread']:.1f}"
            row["seat advantage p"] = fmt_p_short(summ.loc[idx, "seat_advantage_p"])
        if ps is not None and idx in ps.index:
            r = ps.loc[idx]
            row["first bot's share of wins"] = share_ci(r["share_a"], r["lo"], r["hi"])
            row["adjusted p (vs 50%)"] = fmt_p_short(r["p_adjusted"])
        if kind in ("sweep", "compare"):
            if res.point["baseline"]:
                row["significant changes vs baseline"] = "(baseline)"
            else:
                inf = informative_rows(sr, idx)
                row["significant changes vs baseline"] = str(int(inf["significant"].sum()))
        rows.append(row)
    return pd.DataFrame(rows)


def results_table(sr, max_rows: int = 2000) -> pd.DataFrame:
    """Every row of the results frame (seat and bot level), formatted."""
    f = sr.frame.head(max_rows)
    out = pd.DataFrame({
        "point": f["point"].astype(int),
        "label": f["label"],
        "level": f["level"],
        "entity": f["entity"],
        "bot": f["bot"],
        "seat-games": [f"{int(v):,}" for v in f["seat_games"]],
        "win share [95% CI]": [share_ci(a, b, c) for a, b, c in
                               zip(f["win_share"], f["win_share_lo"], f["win_share_hi"],
                                   strict=True)],
        "sole wins": [f"{int(v):,}" for v in f["sole_wins"]],
        "shared wins": [f"{int(v):,}" for v in f["shared_wins"]],
        "mean score [95% CI]": [f"{a:.2f} [{b:.2f}, {c:.2f}]" for a, b, c in
                                zip(f["mean_score"], f["mean_score_lo"], f["mean_score_hi"],
                                    strict=True)],
        "vs baseline, points [95% CI]": [
            "—" if not np.isfinite(a) else f"{pp(a, 2)} [{pp(b, 2)}, {pp(c, 2)}]"
            for a, b, c in zip(f["diff"], f["diff_lo"], f["diff_hi"], strict=True)],
        "p": [fmt_p_short(v) for v in f["p_value"]],
        "adjusted p": [fmt_p_short(v) for v in f["p_adjusted"]],
        "significant": ["yes" if s else "" for s in f["significant"]],
    })
    return out


def run_table(sr, manifest: dict, game_title: str) -> pd.DataFrame:
    """The run parameters: what was played, how long it took, with which software."""
    sc = sr.scenario
    per = (sc.tournament.games if sc.kind == "tournament" and sc.tournament.games else sc.games)
    if per is None and sc.precision is not None:
        per_text = (f"until every seat's 95% half-width <= {sc.precision.epsilon:g} "
                    f"(min {sc.precision.min_games:,}, max {sc.precision.max_games:,})")
    else:
        per_text = f"{per:,} per line-up and seat rotation"
    players = sorted({int(r.point["players"]) for r in sr.points})
    items = [
        ("scenario", sc.name),
        ("kind", sc.kind),
        ("game", f"{game_title} ({sc.game})"),
        ("players", ", ".join(map(str, players))),
        ("seat rotation", "yes" if sc.rotate_seats or sc.kind == "tournament" else "no"),
        ("seed", str(sc.seed)),
        ("games", per_text),
        ("points", str(len(sr.points))),
        ("games played (all points)", f"{int(sum(r.plays for r in sr.points)):,}"),
        ("wall time", f"{float(manifest.get('wall_s', sr.wall_s)):.1f} s"),
        ("kernel time (summed over workers)", f"{float(manifest.get('kernel_s', 0.0)):.1f} s"),
        ("points resumed from an earlier run", str(manifest.get("points_resumed", 0))),
        ("results written", str(manifest.get("created", "—"))),
        ("simlab version", str(manifest.get("simlab_version", "—"))),
        ("python", str(manifest.get("python", "—"))),
        ("git commit", str(manifest.get("git_commit") or "— (not a git checkout)")),
    ]
    return pd.DataFrame(items, columns=["item", "value"])


def versions_table(manifest: dict) -> pd.DataFrame:
    deps = manifest.get("dependencies") or {}
    return pd.DataFrame([(k, v or "not installed") for k, v in deps.items()],
                        columns=["package", "version"])


def to_html(df: pd.DataFrame, css_class: str = "tbl") -> str:
    """A DataFrame as an HTML table; every cell and header is HTML-escaped."""
    return df.to_html(index=False, escape=True, border=0, classes=[css_class], na_rep="—",
                      justify="left")


def readings_lines(sr, game) -> list[str]:
    """One sentence per reading of the game's catalogue that a point plays at a value other
    than its default: which value, the default, and at which points."""
    from simlab.core.readings import differing

    entries = game.readings()
    found: dict[tuple[str, str, str], list[str]] = {}
    for res in sr.points:
        pt = res.point
        try:
            rules = game.make_rules(int(pt["players"]), dict(pt.get("rules") or {}))
        except SimlabError:  # a point whose rules no longer validate names nothing
            continue
        for name, value, default in differing(entries, rules):
            key = (name, fmt_value(value), fmt_value(default))
            found.setdefault(key, []).append(str(pt["label"]))
    n = len(sr.points)
    return [f"{name} = {value} (default {default}) at {_which_points(labels, n)}."
            for (name, value, default), labels in found.items()]


def _which_points(labels: list[str], n: int) -> str:
    """``every point``, ``point A`` or ``points A; B; C; D and 3 more``."""
    if len(labels) == n:
        return "every point"
    return (("point " if len(labels) == 1 else "points ") + "; ".join(labels[:4])
            + (f" and {len(labels) - 4} more" if len(labels) > 4 else ""))


def rule_warning_lines(sr, game) -> list[str]:
    """One sentence per thing a point's rules break of what the rulebook states (the game's
    :meth:`~simlab.games.registry.Game.rule_warnings`, e.g. a Monkey Fun board with field 36
    outside the inner square), with the points it concerns."""
    found: dict[str, list[str]] = {}
    for res in sr.points:
        pt = res.point
        try:
            rules = game.make_rules(int(pt["players"]), dict(pt.get("rules") or {}))
        except SimlabError:
            continue
        for text in game.rule_warnings(rules):
            found.setdefault(text, []).append(str(pt["label"]))
    n = len(sr.points)
    return [_cap(f"{_which_points(labels, n)}: {text}.") for text, labels in found.items()]
