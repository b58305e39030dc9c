"""Rules-version diff: two scenario files of one game that differ in rules (a designer's v1 and
v2), a standard battery played on both under common random numbers.

Both versions play the same games (seed, game indices) with the same line-up in every
seating, so each measure is a paired difference game by game, with a 95% interval and a
p-value; Benjamini-Hochberg runs across the battery of each bot population. The battery:

* seat balance: each seat's win share (a win shared by k counts 1/k), seats rotated over the
  line-up, so a seat's change is the seat's, not a bot's;
* each bot's win share in the mixed line-up (the seats it holds, over every seating);
* score: the mean score per player, the spread (highest minus lowest score of a game) and the
  decisiveness (the winner's margin over the second-best score);
* game length (rounds or turns), the game-shape measures (:mod:`simlab.core.shape`: lead
  changes, comeback, snowball, drama) and the game's own metrics (its ``metrics`` numbers per
  game: dice cancelled, end reasons, food...): these come from the kernels' aggregates, so
  they are compared on batch means: the games are played in ``BATCHES`` batches of
  consecutive game indices, each batch on both versions, and the paired difference of the
  batch means gets a Student-t interval.

It runs for two populations by default: the line-up of file A and every seat the game's
``greedy`` bot, and says where they disagree (a change significant in one and not the other, or
of opposite sign). The line-up, players, seed and game count are file A's; file B contributes
its rules only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from simlab.core.runner import run_games
from simlab.core.seating import arrange, seatings
from simlab.core.shape import shape_metrics
from simlab.core.stats import benjamini_hochberg, paired_difference
from simlab.errors import SimlabError
from simlab.games.registry import get_game

#: significance level of the battery (after Benjamini-Hochberg)
ALPHA = 0.05
#: significant changes named in words per population (largest first; the table has all)
TOP = 8
#: batches for the aggregate measures (game length, shape, the game's own metrics)
BATCHES = 20
#: metrics left out of the battery: constants, integrity counters, what the battery has
_SKIP = {"games", "fair_rate", "checkpoint", "margin_mean", "dice_not_conserved",
         "malice_out_of_range", "grunt_errors", "minion_errors", "illegal_bot_choices",
         "step_cap_hits", "round_cap_hits"}
_NAMES = {"game_length_rounds": ("game length (rounds)", "rounds"),
          "game_length_turns": ("game length (turns)", "turns"),
          "per_game.rounds": ("game length (rounds)", "rounds"),
          "game_shape.lead_changes_per_game": ("lead changes per game", "per game"),
          "game_shape.comeback_rate": ("comeback rate (last at halfway wins)", "share"),
          "game_shape.snowball_rate": ("snowball (first leader wins)", "share"),
          "game_shape.drama_share": ("drama (winner not leading at the last checkpoint)",
                                     "share")}


def flat_metrics(m: dict) -> dict:
    """A game's ``metrics`` as ``{name: (label, unit, value)}``: its numbers at the top level
    and one level down (lists, histograms, per-seat tables and totals left out)."""
    out = {}

    def put(key, v):
        leaf = key.rsplit(".", 1)[-1]
        if leaf in _SKIP or isinstance(v, bool):
            return
        if v is None or isinstance(v, (int, float, np.integer, np.floating)):
            head, _, tail = key.rpartition(".")
            words = tail.replace("_", " ")
            label = (words if not head else f"{words} per game" if head == "per_game"
                     else f"{head.replace('_', ' ')}: {words}")
            label, unit = _NAMES.get(key, (label, "per game"))
            if key.startswith("end_reasons.") or key.endswith(("_rate", "_share")):
                unit = "share"
            out[key] = (label, unit, np.nan if v is None else float(v))

    # top-level numbers first: a table's copy of one (per_game.x) is then the duplicate
    for k, v in m.items():
        if not isinstance(v, dict):
            put(k, v)
    for k, v in m.items():
        if isinstance(v, dict) and k not in ("totals", "seat_metrics"):
            for k2, v2 in v.items():
                put(f"{k}.{k2}", v2)
    return out


@dataclass
class DiffResult:
    """What ``rules_diff`` found; ``rows`` has one row per population and measure."""

    game: str
    title: str
    names: tuple[str, str]
    changed: dict            # rule path -> (value in A, value in B)
    players: int
    games: int               # games per rotation and population, on each version
    seed: int
    populations: dict        # name -> list of bot labels (seat 1 first)
    rows: pd.DataFrame = field(repr=False)
    shape: dict = field(default_factory=dict, repr=False)   # population -> {a, b}: shape

    def significant(self) -> pd.DataFrame:
        return self.rows[self.rows["significant"]]

    def disagreements(self) -> list[str]:
        """Measures whose verdict differs between the populations (in words)."""
        out = []
        pops = list(self.populations)
        if len(pops) < 2:
            return out
        for measure, grp in self.rows.groupby("measure", sort=False):
            by = {r.population: r for r in grp.itertuples()}
            if not all(p in by for p in pops):
                continue
            sig = [by[p].significant for p in pops]
            signs = {np.sign(by[p].diff) for p in pops if by[p].significant}
            if any(sig) and (not all(sig) or len(signs) > 1):
                parts = [f"{_change(by[p])} with {p}" if by[p].significant
                         else f"no significant change with {p}" for p in pops]
                out.append(f"{measure}: " + "; ".join(parts) + ".")
        return out

    def headlines(self) -> list[str]:
        """The significant changes in words, then where the populations disagree."""
        lines = []
        what = ", ".join(f"{k} {_v(a)} -> {_v(b)}" for k, (a, b) in self.changed.items())
        lines.append(f"{self.names[0]} -> {self.names[1]} ({what}): {self.games:,} games per "
                     f"seating (every seating) on each, the same games (seed {self.seed}).")
        words = {"win shares": "win shares", "scores": "scores",
                 "why": "why (points by source, choices, endings, length)",
                 "mechanics": "the game's own mechanics"}
        for pop in self.populations:
            sig = self.rows[(self.rows["population"] == pop) & self.rows["significant"]]
            if sig.empty:
                lines.append(f"With {pop}: no significant change (Benjamini-Hochberg, "
                             f"{ALPHA:g}).")
                continue
            for grp in GROUPS:
                part = sig[sig["group"] == grp]
                if part.empty:
                    continue
                if grp == "mechanics":   # folded away: the count here, the rows in the table
                    lines.append(f"With {pop}, {words[grp]}: {len(part)} significant "
                                 f"change{'s' if len(part) > 1 else ''} (the table and the "
                                 f"report's folded section).")
                    continue
                part = part.reindex(part["diff_std"].abs().sort_values(ascending=False)
                                    .index)
                top = list(part.itertuples())[:TOP]
                more = len(part) - len(top)
                lines.append(f"With {pop}, {words[grp]}: " +
                             "; ".join(f"{r.measure} {_change(r)}" for r in top)
                             + (f"; and {more} more (the table)" if more else "") + ".")
        lines += [f"Populations disagree: {s}" for s in self.disagreements()]
        return lines

    def table(self) -> str:
        """The whole battery as text: shares as percentages, changes in percentage points,
        win shares first, then scores, why and the game's own mechanics."""
        out = pd.DataFrame({
            "population": self.rows["population"], "group": self.rows["group"],
            "measure": self.rows["measure"],
            "A": [_cell(r.a, r.unit) for r in self.rows.itertuples()],
            "B": [_cell(r.b, r.unit) for r in self.rows.itertuples()],
            "change (95% CI)": [_delta(r) for r in self.rows.itertuples()],
            "p (BH)": [f"{p:.2g}" if p == p else "-" for p in self.rows["p_adjusted"]],
            "sig": np.where(self.rows["significant"], "*", "")})
        return out.to_string(index=False)

    def to_dict(self) -> dict:
        """JSON-able: every row of the battery plus the run's parameters and the headlines."""
        rows = [{k: _plain(v) for k, v in r.items()} for r in self.rows.to_dict("records")]
        return {"game": self.game, "a": self.names[0], "b": self.names[1],
                "changed": {k: [a, b] for k, (a, b) in self.changed.items()},
                "players": self.players, "games": self.games, "seed": self.seed,
                "populations": self.populations, "headlines": self.headlines(),
                "disagreements": self.disagreements(), "rows": rows,
                "game_shape": self.shape}


def _cell(x, unit) -> str:
    return f"{100 * x:.2f}%" if unit == "share" else f"{x:.4g}"


def _delta(r) -> str:
    if r.unit == "share":
        return (f"{100 * r.diff:+.2f} pp [{100 * r.diff_lo:+.2f}, {100 * r.diff_hi:+.2f}]")
    return f"{r.diff:+.4g} [{r.diff_lo:+.4g}, {r.diff_hi:+.4g}]"


def _plain(v):
    """A table cell as JSON: NaN as None, numpy scalars as Python ones."""
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (float, np.floating)):
        return None if np.isnan(v) else float(v)
    return v


def _v(x) -> str:
    return repr(x) if isinstance(x, str) else str(x)


def _change(r) -> str:
    if r.unit == "share":
        return (f"{100 * r.a:.1f}% -> {100 * r.b:.1f}% ({100 * r.diff:+.1f} points, 95% "
                f"{100 * r.diff_lo:+.1f} to {100 * r.diff_hi:+.1f})")
    return (f"{r.a:.2f} -> {r.b:.2f} ({r.diff:+.2f}, 95% {r.diff_lo:+.2f} to "
            f"{r.diff_hi:+.2f})")


def _resolved(g, players: int, rules: dict, where: str):
    return g.make_rules(players, dict(rules), where=where)


def changed_rules(g, players: int, a_rules: dict, b_rules: dict) -> dict:
    """Rule fields whose resolved values differ between the two versions: {name: (a, b)}."""
    ra = _resolved(g, players, a_rules, "A.rules")
    rb = _resolved(g, players, b_rules, "B.rules")
    out = {}
    for f in dataclasses.fields(ra):
        va, vb = getattr(ra, f.name), getattr(rb, f.name)
        if va != vb:
            out[f.name] = (va, vb)
    return out


def _battery(g, players, seat_labels, rows_a, rows_b):
    """Per-game series (A, B) of every measure from the kept rows of each seating
    (``seat_labels[r]``: the bot of each seat in seating r): the value of game index i is the
    mean over the seatings of game i. The seatings of one game share its dice (and with
    identical bots are the same game), so they are one sample, not several: averaging them
    first keeps the intervals honest."""
    out = {}
    sa = np.stack([np.concatenate([r["score"] for r in rot]) for rot in rows_a]).astype(float)
    sb = np.stack([np.concatenate([r["score"] for r in rot]) for rot in rows_b]).astype(float)
    wa = np.stack([np.concatenate([r["winner"] for r in rot]) for rot in rows_a]).astype(float)
    wb = np.stack([np.concatenate([r["winner"] for r in rot]) for rot in rows_b]).astype(float)
    sha = wa / np.maximum(wa.sum(axis=2, keepdims=True), 1)   # (rotation, game, seat)
    shb = wb / np.maximum(wb.sum(axis=2, keepdims=True), 1)
    rot = sa.shape[0]
    if players > 1:
        for s in range(players):
            out[(f"seat {s + 1} win share", "share")] = (sha[:, :, s].mean(axis=0),
                                                        shb[:, :, s].mean(axis=0))
        bots = list(dict.fromkeys(seat_labels[0]))
        if len(bots) > 1:
            for b in bots:
                pa = np.zeros(sha.shape[1])
                pb = np.zeros(shb.shape[1])
                for r in range(rot):
                    seats = [s for s in range(players) if seat_labels[r][s] == b]
                    pa += sha[r][:, seats].sum(axis=1)
                    pb += shb[r][:, seats].sum(axis=1)
                out[(f"{b}'s win share", "share")] = (pa / rot, pb / rot)
    else:
        out[("player's win share", "share")] = (sha[:, :, 0].mean(axis=0),
                                                shb[:, :, 0].mean(axis=0))
    out[("mean score", "points")] = (sa.mean(axis=2).mean(axis=0), sb.mean(axis=2).mean(axis=0))
    if getattr(g, "explains", False) and "source" in rows_a[0][0]:
        out.update(_why_battery(g, players, seat_labels, rows_a, rows_b))
    if players > 1:
        out[("score spread (highest - lowest)", "points")] = (
            (sa.max(axis=2) - sa.min(axis=2)).mean(axis=0),
            (sb.max(axis=2) - sb.min(axis=2)).mean(axis=0))
        ta = np.sort(sa, axis=2)
        tb = np.sort(sb, axis=2)
        out[("decisiveness (winner's margin)", "points")] = (
            (ta[:, :, -1] - ta[:, :, -2]).mean(axis=0), (tb[:, :, -1] - tb[:, :, -2]).mean(axis=0))
    return out


def _why_battery(g, players, seat_labels, rows_a, rows_b) -> dict:
    """The explanation's per-game series (A, B): each bot's points by source and choices by
    kind (per seat it holds), the share of games ending each way and the game length, each
    averaged over the seatings."""
    def stack(rows, key):
        return np.stack([np.concatenate([r[key] for r in rot]) for rot in rows]).astype(float)

    out = {}
    src = (stack(rows_a, "source"), stack(rows_b, "source"))     # (seating, game, P, n)
    cho = (stack(rows_a, "choice"), stack(rows_b, "choice"))
    bots = list(dict.fromkeys(seat_labels[0]))
    for b in bots:
        seats = [[s for s in range(players) if seat_labels[r][s] == b]
                 for r in range(len(seat_labels))]
        for names, (xa, xb), what in ((g.score_sources, src, "points from {}"),
                                      (g.choice_names, cho, "{} chosen")):
            for k, name in enumerate(names):
                va = np.mean([xa[r][:, seats[r], k].mean(axis=1) for r in range(len(seats))],
                             axis=0)
                vb = np.mean([xb[r][:, seats[r], k].mean(axis=1) for r in range(len(seats))],
                             axis=0)
                if np.array_equal(va, vb) and not va.any():
                    continue          # never happens in either version
                label = what.format(name)
                out[(f"{b}: {label}" if len(bots) > 1 else label,
                     "points" if what.startswith("points") else "per game")] = (va, vb)
    ends = (stack(rows_a, "end"), stack(rows_b, "end"))           # (seating, game)
    for k, name in enumerate(g.end_names):
        va, vb = (ends[0] == k).mean(axis=0), (ends[1] == k).mean(axis=0)
        if not va.any() and not vb.any():
            continue
        out[(f"games ending by {name}", "share")] = (va, vb)
    la, lb = stack(rows_a, "length").mean(axis=0), stack(rows_b, "length").mean(axis=0)
    out[(f"game length ({g.length_unit})", g.length_unit)] = (la, lb)
    return out


#: the groups of the battery, in the order the headlines and the report give them
GROUPS = ("win shares", "scores", "why", "mechanics")


def _group(measure: str, why: set) -> str:
    if "win share" in measure:
        return "win shares"
    if measure in ("mean score", "score spread (highest - lowest)",
                   "decisiveness (winner's margin)"):
        return "scores"
    if measure in why:
        return "why"
    return "mechanics"


def _add_shape(total, agg):
    keys = ("shape_counters", "lead_hist", "margin_hist", "leader_wins")
    if not all(k in agg for k in keys):
        return total
    part = {"counters": agg["shape_counters"], "lead_hist": agg["lead_hist"],
            "margin_hist": agg["margin_hist"], "leader_wins": agg["leader_wins"]}
    if total is None:
        return {k: np.array(v, dtype=np.int64, copy=True) for k, v in part.items()}
    return {k: total[k] + np.asarray(part[k]) for k in total}


def _metric_series(mets) -> dict:
    """Batch-mean series (A, B) of every metric: batch j's value is the mean over the seat
    rotations; batches where either version has no value (a rate with no qualifying game)
    are left out of that metric."""
    out = {}
    n_rot = len(mets["a"])
    n_b = len(mets["a"][0])
    keys = dict.fromkeys(k for rot in mets["a"] for batch in rot for k in batch)
    for key in keys:
        label = unit = None
        xs, ys = [], []
        for j in range(n_b):
            va = [mets["a"][i][j].get(key) for i in range(n_rot)]
            vb = [mets["b"][i][j].get(key) for i in range(n_rot)]
            if any(v is None for v in va + vb):
                continue
            label, unit = va[0][0], va[0][1]
            xa = np.mean([v[2] for v in va])
            xb = np.mean([v[2] for v in vb])
            if np.isnan(xa) or np.isnan(xb):
                continue
            xs.append(xa)
            ys.append(xb)
        if len(xs) < 3 or np.array_equal(xs, ys):   # equal in every batch: untouched
            continue
        if any(np.array_equal(xs, a) and np.array_equal(ys, b) for a, b in out.values()):
            continue                                 # the same number under another name
        out[(label, unit)] = (np.asarray(xs), np.asarray(ys))
    return out


def rules_diff(a, b, *, games: int | None = None, precision: float | None = None,
               populations: tuple[str, ...] = ("lineup", "greedy"), jobs: int = 1,
               backend: str = "loky", progress: bool | None = None,
               seed_b: int | None = None) -> DiffResult:
    """Compare two rule sets of one game on a standard battery (module docstring).

    Parameters
    ----------
    a, b : str, Path or dict
        Scenario files (or dicts) of the same game that differ in rules. Players, bots, seed
        and games come from ``a``.
    games : int, optional
        Games per seat rotation, population and version (default: ``a``'s ``games``, at
        most 20,000).
    precision : float, optional
        Instead of ``games``: play until every win-share difference's 95% half-width is at
        most this (at most 200,000 games per rotation).
    populations : tuple of str
        ``"lineup"`` (``a``'s bots) and/or ``"greedy"`` (every seat the game's greedy bot).
    seed_b : int, optional
        Calibration only: B plays the games of this seed instead of A's (independent games,
        no common random numbers), which also lets A and B have the same rules: every
        significant change is then a false discovery.

    Raises
    ------
    SimlabError
        The files name different games or player counts, or do not differ in any rule.
    """
    from simlab.scenario import load_scenario

    sa, _ = load_scenario(a, name_hint="A")
    sb, _ = load_scenario(b, name_hint="B")
    if sa.game != sb.game:
        raise SimlabError(f"diff: the files are of different games ({sa.game!r} in A, "
                          f"{sb.game!r} in B); a diff compares two rule sets of one game")
    g = get_game(sa.game)
    players = sa.players if sa.players is not None else g.default_players
    pb = sb.players if sb.players is not None else g.default_players
    if pb != players:
        raise SimlabError(f"diff: A plays {players} players and B {pb}; a diff compares rules "
                          f"at one player count (set players in both files)")
    changed = changed_rules(g, players, sa.rules, sb.rules)
    if not changed and (seed_b is None or seed_b == sa.seed):
        raise SimlabError("diff: the two files do not differ in any rule (after defaults); "
                          "nothing to compare")
    if games is not None and games < 2:
        raise SimlabError(f"diff: games: expected at least 2, got {games}")
    if precision is not None and not precision > 0:
        raise SimlabError(f"diff: precision: expected a number above 0, got {precision}")
    unknown = [p for p in populations if p not in ("lineup", "greedy")]
    if unknown or not populations:
        raise SimlabError(f"diff: populations: expected 'lineup' and/or 'greedy', got "
                          f"{list(populations)}")
    n_games = games if games is not None else min(int(sa.games or 20_000), 20_000)
    seed_b_ = sa.seed if seed_b is None else int(seed_b)
    rules_a = g.make_rules(players, dict(sa.rules))
    rules_b = g.make_rules(players, dict(sb.rules))
    pops = {}
    if "lineup" in populations:
        pops["the line-up of A"] = g.lineup(sa.bots, players)
    if "greedy" in populations and "greedy" in g.bots():
        lu = g.lineup("greedy", players)
        if [x.label for x in lu] != [x.label for x in pops.get("the line-up of A", [])]:
            pops["all greedy"] = lu
    from simlab.core.progress import progress_bar

    records = []
    curves = {}
    batched = set()
    rots_all = sum(st.weight for lu in pops.values()
                   for st in seatings([x.label for x in lu], True))
    bar = progress_bar(None if precision is not None else n_games * rots_all * 2,
                       desc=f"diff {sa.name} vs {sb.name}", enabled=progress)
    for name, lineup in pops.items():
        # every seating (a balanced design's repeated seatings played as often as it holds
        # them, so every bot sits in every seat equally often)
        rotated = [arrange(lineup, st) for st in seatings([x.label for x in lineup], True)
                   for _ in range(st.weight)]
        preps = [(g.prepare(rules_a, lu), g.prepare(rules_b, lu)) for lu in rotated]
        rows_a = [[] for _ in preps]
        rows_b = [[] for _ in preps]
        mets = {"a": [[] for _ in preps], "b": [[] for _ in preps]}
        ckpt = ["round"]   # the game's checkpoint name (its metrics' game_shape says)
        shape_agg = {"a": None, "b": None}
        done = 0
        batch = max(1, (n_games if precision is None else 2_000) // BATCHES)

        def extend(n, preps=preps, rows_a=rows_a, rows_b=rows_b, rotated=rotated, mets=mets,
                   shape_agg=shape_agg, batch=batch, ckpt=ckpt):
            nonlocal done
            size = max(batch, n // BATCHES)   # precision mode: later batches are larger
            for start in range(done, done + n, size):
                k = min(size, done + n - start)
                for i, (pa, pb_) in enumerate(preps):
                    for v, prep, rows, seed, rules in (("a", pa, rows_a, sa.seed, rules_a),
                                                       ("b", pb_, rows_b, seed_b_, rules_b)):
                        out = run_games(g, prep, k, seed, jobs=jobs, backend=backend,
                                        keep_rows=True, progress=False, first_game=start)
                        bar.update(k)
                        rows[i].append(out.rows)
                        m = g.metrics(out.agg, k, rules, rotated[i])
                        ckpt[0] = m.get("game_shape", {}).get("checkpoint", ckpt[0])
                        mets[v][i].append(flat_metrics(m))
                        shape_agg[v] = _add_shape(shape_agg[v], out.agg)
            done += n

        labels = [[x.label for x in lu] for lu in rotated]
        if precision is None:
            extend(n_games)
            series = _battery(g, players, labels, rows_a, rows_b)
        else:
            extend(2_000)
            while True:
                series = _battery(g, players, labels, rows_a, rows_b)
                hw = max((hi - lo) / 2 for (m, unit), (x, y) in series.items()
                         if unit == "share" for _, lo, hi, _ in [paired_difference(y, x)])
                if hw <= precision or done >= 200_000:
                    break
                need = int(done * (hw / precision) ** 2 * 1.1) + 1
                extend(min(max(need, done + 1_000), 200_000) - done)
        n_games = done
        why = {m for (m, _u) in series} - {"mean score", "score spread (highest - lowest)",
                                           "decisiveness (winner's margin)"}
        why = {m for m in why if "win share" not in m}
        for (measure, unit), (x, y) in _metric_series(mets).items():
            if any(m == measure for (m, _u) in series):
                continue       # the explanation's own series (game length) comes first
            series[(measure, unit)] = (x, y)
            batched.add(measure)
        curves[name] = {v: shape_metrics(shape_agg[v], players, ckpt[0]) if shape_agg[v] else None
                        for v in ("a", "b")}
        for (measure, unit), (x, y) in series.items():
            d, lo, hi, p = paired_difference(y, x, student=measure in batched)
            sd = float(np.std(x)) or 1.0
            records.append({"population": name, "group": _group(measure, why),
                            "measure": measure, "unit": unit,
                            "a": float(np.mean(x)), "b": float(np.mean(y)), "diff": d,
                            "diff_lo": lo, "diff_hi": hi, "p_value": p, "diff_std": d / sd,
                            "games": int(len(x)),
                            "paired_over": "batches" if measure in batched else "games"})
    bar.close()
    df = pd.DataFrame(records)
    df["p_adjusted"] = np.nan
    df["significant"] = False
    for name in pops:
        m = df["population"] == name
        p = df.loc[m, "p_value"].to_numpy(dtype=float)
        ok = ~np.isnan(p)
        adj = np.full(p.shape, np.nan)
        if ok.any():
            adj[ok] = benjamini_hochberg(p[ok])
        df.loc[m, "p_adjusted"] = adj
        df.loc[m, "significant"] = adj < ALPHA
    df["significant"] = df["significant"].fillna(False).astype(bool)
    # the battery in the order a designer reads it: win shares, scores, why, mechanics
    df["_g"] = df["group"].map({g_: i for i, g_ in enumerate(GROUPS)})
    df = df.sort_values(["_g"], kind="stable").drop(columns="_g").reset_index(drop=True)
    return DiffResult(game=sa.game, title=g.title, names=(sa.name, sb.name), changed=changed,
                      players=players, games=n_games, seed=sa.seed,
                      populations={k: [x.label for x in v] for k, v in pops.items()}, rows=df,
                      shape=curves)


def diff_report(res: DiffResult, path) -> Path:
    """The diff as a self-contained HTML report (findings in words, one forest plot per unit,
    the whole battery as a table, the numbers in a JSON file beside the page)."""
    from simlab.core import plots
    from simlab.report.analysis import FigureItem, Section, write_analysis_report

    pops = list(res.populations)
    by_group = {}
    titles = {"win shares": ("Win shares", "Win shares"),
              "scores": ("Scores", "Scores"),
              "why": ("Why: points by source, choices, endings, length",
                      "Points by source, choices, endings and length"),
              "mechanics": ("The game's own mechanics", "The game's own metrics")}
    for grp in GROUPS:
        rows = res.rows[res.rows["group"] == grp]
        if grp in ("why", "mechanics"):
            rows = rows[(rows["unit"] == "share") | (rows["a"] != 0)]
        if rows.empty:
            continue
        rel = grp in ("why", "mechanics")
        scale = np.where(rows["unit"] == "share", 1.0, rows["a"].abs().to_numpy()) \
            if rel else 1.0
        heading, ttl = titles[grp]
        fig = plots.forest([f"{r.measure} ({r.population})" for r in rows.itertuples()],
                           (rows["diff"] / scale).tolist(), (rows["diff_lo"] / scale).tolist(),
                           (rows["diff_hi"] / scale).tolist(), ref=0.0,
                           xlabel=("change, B - A (percentage points)" if grp == "win shares"
                                   else "change, B - A (points)" if grp == "scores" else
                                   "change, B - A (shares in points; other measures "
                                   "relative to A)"),
                           title_text=f"{ttl}: version B minus version A",
                           colors=[plots.color(pops.index(p)) for p in rows["population"]],
                           filled=rows["significant"].tolist(),
                           legend=[(p, plots.color(i)) for i, p in enumerate(pops)],
                           percent_points=grp == "win shares", sig_legend=True)
        by_group[grp] = FigureItem(
            f"diff-{grp.replace(' ', '-')}", heading,
            "B minus A on the same dice (common random numbers: game by game, or over "
            "batches of the same games for the aggregate measures); lines: 95% intervals; "
            "filled dots: significant after Benjamini-Hochberg across the battery; one colour "
            "per bot population." + (" Shares as percentage points; every other measure "
                                     "relative to its value on A, so different units share "
                                     "an axis." if rel else ""), fig)
    items = [by_group[g_] for g_ in ("win shares", "scores", "why") if g_ in by_group]
    folded = [by_group["mechanics"]] if "mechanics" in by_group else []
    curves = []
    for pop, ab in res.shape.items():
        for v, name in (("a", res.names[0]), ("b", res.names[1])):
            m = ab.get(v)
            if m and m["leader_wins_curve"]:
                curves.append((f"{name}, {pop}", m["leader_wins_curve"], m["games"]))
    if curves:
        g = get_game(res.game)
        cp = next(m["checkpoint"] for ab in res.shape.values() for m in ab.values() if m)
        items.append(FigureItem(
            "diff-leader-wins", "Game shape",
            "How often the leader at each checkpoint goes on to win, on both versions: a curve "
            "far above the fair line says an early lead decides the game (snowball); near it, "
            "the lead means little until late.",
            plots.leader_wins(curves, fair=1.0 / res.players, checkpoint=cp,
                              title_text=f"{g.title}: leader goes on to win")))
    mech = [i for i in items if i.name == "diff-leader-wins"]
    items = [i for i in items if i.name != "diff-leader-wins"]
    secs = [Section("battery", "What changed", "Win shares first, then scores, then why: each "
                    "bot's points by source, its choices, how games ended and how long they "
                    "were.", items),
            Section("mechanics", "The game's own mechanics and game shape",
                    "The game's own metrics and the leader-wins curve.", folded + mech,
                    folded=True)]
    table = pd.DataFrame({
        "population": res.rows["population"], "group": res.rows["group"],
        "measure": res.rows["measure"],
        "A": [_cell(r.a, r.unit) for r in res.rows.itertuples()],
        "B": [_cell(r.b, r.unit) for r in res.rows.itertuples()],
        "change (95% interval)": [_delta(r) for r in res.rows.itertuples()],
        "p (Benjamini-Hochberg)": [f"{p:.2g}" if p == p else "-"
                                   for p in res.rows["p_adjusted"]],
        "significant": res.rows["significant"]})
    run = {"game": res.game, "A": res.names[0], "B": res.names[1],
           "rules changed": "; ".join(f"{k}: {_v(a)} -> {_v(b)}"
                                      for k, (a, b) in res.changed.items()),
           "players": res.players, "games per rotation": res.games, "seed": res.seed,
           **{f"population: {k}": ", ".join(v) for k, v in res.populations.items()}}
    return write_analysis_report(
        path, heading="Rules diff", game_title=res.title,
        kind_text=f"{res.names[0]} against {res.names[1]}", headlines=res.headlines(),
        sections=secs, tables_=[("The battery", table)], run=run, data=res.to_dict(),
        footnote="Intervals are 95% intervals of paired differences (the same games on both "
                 "versions); 'significant' is after Benjamini-Hochberg across the battery of "
                 "each population.")
