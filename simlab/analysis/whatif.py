"""What if: the same games played under two rule sets, and the paired change of every seat's and
bot's win share and mean score (``simlab simulate ... --vs-set KEY=VALUE``).

Both rule sets play the same games (seed, game indices, and with ``rotate`` every seating of
the line-up), so each game gives one paired difference; the changes get 95% normal intervals
from those differences, and Benjamini-Hochberg runs across all of them. Played block by block,
so memory stays flat however many games are asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simlab.core.stats import Z95, benjamini_hochberg
from simlab.errors import SimlabError
from simlab.games.table import make_table

#: games per block (both rule sets play a block before the next)
BLOCK = 100_000


@dataclass
class WhatIf:
    """The paired changes: ``rows`` has one row per seat and bot and measure."""

    game: str
    players: int
    games: int
    seed: int
    rotate: bool
    base: dict
    alt: dict
    changed: dict
    rows: pd.DataFrame
    explain: pd.DataFrame

    def headlines(self) -> list[str]:
        """The significant changes in words, win shares first, then scores."""
        what = ", ".join(f"{k} {_v(a)} -> {_v(b)}" for k, (a, b) in self.changed.items())
        lines = [f"What if {what}: {self.games:,} games"
                 + (" per seating, every seating" if self.rotate else "")
                 + f", the same games under both rules (seed {self.seed})."]
        sig = self.rows[self.rows["significant"]]
        if sig.empty:
            lines.append("No significant change of any seat's or bot's win share or mean score "
                         "(Benjamini-Hochberg, 5%).")
        order = {"win share": 0, "mean score": 1}
        for r in sorted(sig.itertuples(), key=lambda r: (order[r.measure], -abs(r.diff))):
            unit = "points" if r.measure == "mean score" else "percentage points"
            scale = 1 if r.measure == "mean score" else 100
            lines.append(f"{r.entity}'s {r.measure}: {_f(r.a, r.measure)} -> "
                         f"{_f(r.b, r.measure)} ({scale * r.diff:+.2f} {unit}, 95% "
                         f"{scale * r.lo:+.2f} to {scale * r.hi:+.2f}, p = {r.p_value:.2g}).")
        return lines

    def table(self) -> str:
        df = self.rows.copy()
        show = pd.DataFrame({
            "level": df["level"], "entity": df["entity"], "measure": df["measure"],
            "before": [_f(x, m) for x, m in zip(df["a"], df["measure"], strict=True)],
            "after": [_f(x, m) for x, m in zip(df["b"], df["measure"], strict=True)],
            "change (95% CI)": [_ci(d, lo, hi, m) for d, lo, hi, m in
                                zip(df["diff"], df["lo"], df["hi"], df["measure"],
                                    strict=True)],
            "p (BH)": [f"{p:.2g}" for p in df["p_adjusted"]]})
        return show.to_string(index=False)

    def to_dict(self) -> dict:
        return {"game": self.game, "players": self.players, "games": self.games,
                "seed": self.seed, "rotate": self.rotate,
                "rules": {"base": self.base, "vs": self.alt},
                "changed": {k: list(v) for k, v in self.changed.items()},
                "headlines": self.headlines(),
                "changes": self.rows.replace({np.nan: None}).to_dict(orient="records"),
                "explain": self.explain.replace({np.nan: None}).to_dict(orient="records")}


def _v(x) -> str:
    return ",".join(map(str, x)) if isinstance(x, tuple | list) else str(x)


def _f(x, measure) -> str:
    return f"{100 * x:.2f}%" if measure == "win share" else f"{x:.2f}"


def _ci(d, lo, hi, measure) -> str:
    s = 100 if measure == "win share" else 1
    u = " pp" if measure == "win share" else ""
    return f"{s * d:+.2f}{u} [{s * lo:+.2f}, {s * hi:+.2f}]"


class _Acc:
    """Running sums of paired differences (and of both sides)."""

    def __init__(self):
        self.n = 0
        self.sa = self.sb = self.sd = self.sdd = None

    def add(self, a: np.ndarray, b: np.ndarray):
        d = b - a
        if self.sa is None:
            self.sa, self.sb = a.sum(axis=0), b.sum(axis=0)
            self.sd, self.sdd = d.sum(axis=0), (d * d).sum(axis=0)
        else:
            self.sa = self.sa + a.sum(axis=0)
            self.sb = self.sb + b.sum(axis=0)
            self.sd = self.sd + d.sum(axis=0)
            self.sdd = self.sdd + (d * d).sum(axis=0)
        self.n += a.shape[0]

    def stats(self):
        from scipy import special

        n = self.n
        m = self.sd / n
        var = np.maximum(self.sdd - n * m * m, 0.0) / max(n - 1, 1)
        se = np.sqrt(var / n)
        with np.errstate(divide="ignore", invalid="ignore"):
            z = np.where(se > 0, m / np.where(se > 0, se, 1), 0.0)
        p = np.where(se > 0, 2 * special.ndtr(-np.abs(z)), np.where(m == 0, np.nan, 0.0))
        return self.sa / n, self.sb / n, m, m - Z95 * se, m + Z95 * se, p


def what_if(game: str, vs: dict, *, players=None, bots=None, games: int = 10_000, seed: int = 0,
            rules: dict | None = None, data=None, rotate: bool = False, jobs: int = 1,
            backend: str = "loky", progress=None) -> WhatIf:
    """Play ``rules`` and ``rules`` + ``vs`` on the same games; the paired change of each
    seat's and bot's win share and mean score (module docstring).

    Parameters
    ----------
    vs : dict
        The rule overrides of the second rule set, on top of ``rules``.
    Other parameters
        As for :func:`simlab.simulate`.
    """
    from simlab.core.progress import progress_bar
    from simlab.core.seated import make_plans, run_seated

    if not vs:
        raise SimlabError("--vs-set: give at least one KEY=VALUE to compare against")
    g, players, rule_a, lineup, _ = make_table(game, players, bots, rules, data)
    base = dict(rules or {})
    if data is not None:
        base = {**g.data_overrides(data), **base}
    alt = {**base, **vs}
    rule_b = g.make_rules(players, alt, "--vs-set")
    changed = {}
    for k in vs:
        a = _lookup(rule_a, k, base.get(k))
        b = _lookup(rule_b, k, vs[k])
        changed[k] = (a, b)
    plans_a, labels, _ = make_plans(g, rule_a, lineup, rotate)
    plans_b, _, _ = make_plans(g, rule_b, lineup, rotate)
    g.warm_for([p.prepared for p in plans_a + plans_b])
    bar = progress_bar(2 * games * len(plans_a), desc=f"{g.name}: what if", enabled=progress)
    accs = {k: _Acc() for k in ("seat", "seat_score", "bot", "bot_score")}
    src = _Acc()
    try:
        for start in range(0, games, BLOCK):
            count = min(BLOCK, games - start)
            oa = run_seated(g, rule_a, lineup, count, seed, jobs=jobs, backend=backend,
                            first_game=start, series=True, progress=False,
                            on_batch=bar.update, plans=plans_a)
            ob = run_seated(g, rule_b, lineup, count, seed, jobs=jobs, backend=backend,
                            first_game=start, series=True, progress=False,
                            on_batch=bar.update, plans=plans_b)
            for k, acc in accs.items():
                acc.add(np.asarray(oa.series[k], float), np.asarray(ob.series[k], float))
            if "bot_src" in oa.series:
                src.add(np.asarray(oa.series["bot_src"], float).reshape(count, -1),
                        np.asarray(ob.series["bot_src"], float).reshape(count, -1))
    finally:
        bar.close()
    seats_per_bot = [sum(1 for b in lineup if b.label == lab) for lab in labels]
    rows = []
    for key, measure, names, per in (
            ("seat", "win share", [f"seat {s + 1}" for s in range(players)], None),
            ("bot", "win share", labels, seats_per_bot),
            ("seat_score", "mean score", [f"seat {s + 1}" for s in range(players)], None),
            ("bot_score", "mean score", labels, None)):
        a, b, d, lo, hi, p = accs[key].stats()
        level = "seat" if key.startswith("seat") else "bot"
        if level == "bot" and len(labels) == 1:
            continue
        for i, name in enumerate(names):
            k = per[i] if per is not None else 1   # a bot's share per seat it holds
            rows.append({"level": level, "entity": name, "measure": measure,
                         "a": a[i] / k, "b": b[i] / k, "diff": d[i] / k, "lo": lo[i] / k,
                         "hi": hi[i] / k, "p_value": p[i]})
    df = pd.DataFrame(rows)
    df["p_adjusted"] = np.nan
    ok = df["p_value"].notna()
    if ok.any():
        df.loc[ok, "p_adjusted"] = benjamini_hochberg(df.loc[ok, "p_value"].to_numpy())
    df["significant"] = df["p_adjusted"] < 0.05
    ex = []
    if src.n:
        a, b, d, lo, hi, p = src.stats()
        n_src = len(g.score_sources)
        for j, lab in enumerate(labels):
            for k, name in enumerate(g.score_sources):
                i = j * n_src + k
                ex.append({"bot": lab, "source": name, "a": a[i], "b": b[i], "diff": d[i],
                           "lo": lo[i], "hi": hi[i], "p_value": p[i]})
    return WhatIf(game, players, games, seed, rotate, base, alt, changed, df,
                  pd.DataFrame(ex))


def _lookup(rules, path: str, fallback):
    """The value a rule path has in ``rules`` (a top-level field), else the value given."""
    head = path.split(".")[0]
    if "." not in path and hasattr(rules, head):
        return getattr(rules, head)
    return fallback
