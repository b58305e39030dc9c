"""Auto-balance: the value of one rule (or bot) parameter at which a balance target is met.

``simlab balance SCENARIO.toml --param PATH --target KIND=VALUE [--range LO,HI]`` answers
questions such as "which starting jelly of the last seat makes the seats even?" or "which food
yield makes the farmer bot neither dominant nor dead?". The scenario gives the game, players,
bots, rules and seed; ``PATH`` is a parameter path as in sweeps (``rules.timer_seconds``,
``bot.2.cancel``, ``bots.farmer.field``).

Targets
-------
``win_share[:ENTITY]=V``
    The win share of ENTITY (a bot name, or ``seat N``; default: the bot whose parameter is
    searched, else seat 1) equals V.
``score_margin[:ENTITY]=V``
    ENTITY's mean score minus the mean score of the other seats equals V (0: even).
``seat_spread=V``
    The best seat's win share minus the worst seat's is at most V; the search minimises the
    spread and reports whether the minimum meets V.

Method: noisy root finding with common random numbers. Every value is played on the *same*
games (same seed: same dice, same shuffles), so the response is a deterministic function of the
value up to the games' finite number and differences between values are measured precisely. A
grid over the range locates the crossing (or the minimum), then bisection (golden-section search
for the spread) narrows it; whole-valued parameters end on the best integer. The answer's
interval comes from the response's 95% interval at the answer divided by the local slope (how
far the value could move before the target is no longer met within the noise); with a precision
target (``--precision``), the games are doubled until that interval is narrow enough or the cap
is reached. Every evaluated value is kept in ``evaluations.jsonl`` so an interrupted search
resumes.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simlab.core.stats import Z95
from simlab.errors import SimlabError
from simlab.scenario import TARGETS, Target, parse_target  # noqa: F401 - part of this API

GOLDEN = (math.sqrt(5) - 1) / 2


# ---------------------------------------------------------------------------- search
@dataclass
class Evaluation:
    value: float
    response: float
    se: float
    games: int


def _integer_values(lo: float, hi: float) -> list[float]:
    return [float(v) for v in range(math.ceil(lo), math.floor(hi) + 1)]


def _cached(evaluate, cache: dict, integer: bool):
    """``evaluate`` remembered by value (whole values rounded first)."""
    def ev(v):
        v = float(round(v) if integer else v)
        if v not in cache:
            cache[v] = evaluate(v)
        return cache[v]
    return ev


def _grid(lo: float, hi: float, integer: bool, grid: int) -> list[float]:
    """The first pass: ``grid`` values over the range (every integer of a short whole range)."""
    if integer and hi - lo <= 3 * grid:
        return _integer_values(lo, hi)
    xs = list(np.linspace(lo, hi, grid))
    return sorted(set(float(round(x)) for x in xs)) if integer else xs


def find_root(evaluate, lo: float, hi: float, target: float, *, integer: bool = False,
              grid: int = 7, refine: int = 8) -> tuple[float, list[Evaluation], bool]:
    """Where ``evaluate(v).response`` crosses ``target`` in ``[lo, hi]``.

    ``evaluate`` returns an :class:`Evaluation`; the response is treated as monotone near the
    crossing (the grid finds the first sign change). Returns ``(value, evaluations, found)``;
    when the target is not crossed, the value with the response closest to it and
    ``found=False``.
    """
    cache: dict[float, Evaluation] = {}
    ev = _cached(evaluate, cache, integer)
    xs = _grid(lo, hi, integer, grid)
    pts = [ev(x) for x in xs]
    d = [p.response - target for p in pts]
    bracket = next((i for i in range(len(d) - 1) if d[i] == 0 or d[i] * d[i + 1] < 0), None)
    if bracket is None:
        if d[-1] == 0:
            return xs[-1], list(cache.values()), True
        best = int(np.argmin(np.abs(d)))
        return xs[best], list(cache.values()), False
    a, b = xs[bracket], xs[bracket + 1]
    fa = d[bracket]
    if fa == 0:
        return a, list(cache.values()), True
    for _ in range(refine):
        if integer and b - a <= 1:
            break
        m = (a + b) / 2 if not integer else float(math.floor((a + b) / 2))
        if m in (a, b):
            break
        fm = ev(m).response - target
        if fm == 0:
            a = b = m
            break
        if fa * fm < 0:
            b = m
        else:
            a, fa = m, fm
    if a == b:
        return a, list(cache.values()), True
    ea, eb = ev(a), ev(b)
    if integer:  # the integer whose response is nearer the target
        root = a if abs(ea.response - target) <= abs(eb.response - target) else b
    else:  # linear interpolation inside the final bracket
        ra, rb = ea.response - target, eb.response - target
        root = a + (b - a) * ra / (ra - rb) if ra != rb else (a + b) / 2
    return float(root), list(cache.values()), True


def find_min(evaluate, lo: float, hi: float, *, integer: bool = False, grid: int = 7,
             refine: int = 8) -> tuple[float, list[Evaluation]]:
    """Where ``evaluate(v).response`` is smallest in ``[lo, hi]``: grid, then golden section
    around the best grid point."""
    cache: dict[float, Evaluation] = {}
    ev = _cached(evaluate, cache, integer)
    xs = _grid(lo, hi, integer, grid)
    pts = [ev(x).response for x in xs]
    i = int(np.argmin(pts))
    a, b = xs[max(i - 1, 0)], xs[min(i + 1, len(xs) - 1)]
    for _ in range(refine):
        if (integer and b - a <= 2) or b - a <= 1e-9:
            break
        c, d = b - GOLDEN * (b - a), a + GOLDEN * (b - a)
        if ev(c).response <= ev(d).response:
            b = d
        else:
            a = c
    if integer:
        for v in _integer_values(a, b):
            ev(v)
    best = min(cache.values(), key=lambda e: (e.response, abs(e.value - xs[i])))
    return best.value, list(cache.values())


# ---------------------------------------------------------------------------- the run
@dataclass
class BalanceResult:
    """An auto-balance search and its answer.

    Attributes
    ----------
    value, lo, hi : float
        The parameter value found and its 95% interval.
    met : bool
        Whether the target is met (crossed, or the spread minimum within the target).
    response, response_lo, response_hi : float
        The target quantity at ``value`` with its 95% interval.
    evaluations : list of dict
        Every value tried: value, response, se, games (the response curve).
    """

    scenario: str
    game: str
    param: str
    target: Target
    range: tuple[float, float]
    integer: bool
    value: float
    lo: float
    hi: float
    met: bool
    response: float
    response_lo: float
    response_hi: float
    games: int
    evaluations: list = field(default_factory=list)
    seconds: float = 0.0
    resumed: int = 0
    noise_floor: float = 0.0

    def sentences(self) -> list[str]:
        from simlab.report.tables import pct

        t = self.target
        pctish = t.kind in ("win_share", "seat_spread")

        def f(v):
            return pct(v) if pctish else f"{v:+.2f}"

        val = f"{self.value:g}" if self.integer else f"{self.value:.4g}"
        if t.kind == "seat_spread":
            if self.met:
                s = (f"At {self.param} = {val} the seat spread is smallest: {f(self.response)} "
                     f"(95% interval {f(self.response_lo)} to {f(self.response_hi)}), within "
                     f"the target {f(t.value)}.")
            else:
                s = (f"The seat spread cannot be brought to {f(t.value)} with {self.param} in "
                     f"[{self.range[0]:g}, {self.range[1]:g}]: its smallest is {f(self.response)}"
                     f" (95% interval {f(self.response_lo)} to {f(self.response_hi)}) at "
                     f"{val}.")
        elif self.met:
            s = (f"{t.label[0].upper() + t.label[1:]} = {f(t.value)} is met at {self.param} = "
                 f"{val}; 95% interval for the value {self.lo:.4g} to {self.hi:.4g} "
                 f"(the response there: {f(self.response)}, {f(self.response_lo)} to "
                 f"{f(self.response_hi)}).")
        else:
            s = (f"{t.label[0].upper() + t.label[1:]} never reaches {f(t.value)} for "
                 f"{self.param} in [{self.range[0]:g}, {self.range[1]:g}]: the closest is "
                 f"{f(self.response)} at {val}. Widen --range or rethink the target.")
        out = [s]
        if t.kind == "seat_spread" and self.noise_floor > 0:
            out.append(f"Even with perfectly equal seats, {self.games:,} games per value give a "
                       f"spread of about {f(self.noise_floor)} from noise alone; a target below "
                       "that needs more games (--games or --precision).")
        if self.met and self.integer and t.kind != "seat_spread":
            out.append("The parameter is whole-valued: the answer is the integer whose response "
                       "is nearest the target.")
        out.append(f"{len(self.evaluations)} values tried, {self.games:,} games each, on the "
                   "same games (common random numbers).")
        return out

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        d["target"] = {"kind": self.target.kind, "value": self.target.value,
                       "entity": self.target.entity}
        d["sentences"] = self.sentences()
        return d


def _measure(sr_point, target: Target, players: int, labels_of_lineup) -> tuple[float, float]:
    """The target quantity of a played point and its standard error."""
    res = sr_point
    if target.kind == "seat_spread":
        sh = np.asarray(res.seat_shares, dtype=float).mean(axis=0)  # (games, P)
        m = sh.mean(axis=0)
        se = sh.std(axis=0, ddof=1) / math.sqrt(sh.shape[0])
        i, j = int(np.argmax(m)), int(np.argmin(m))
        return float(m[i] - m[j]), float(math.hypot(se[i], se[j]))
    ent = target.entity
    if ent is None or ent.lower().startswith("seat"):
        seat = int(ent.split()[-1]) - 1 if ent else 0
        if target.kind == "win_share":
            x = np.asarray(res.seat_shares, dtype=float).mean(axis=0)[:, seat]
            return float(x.mean()), float(x.std(ddof=1) / math.sqrt(len(x)))
        sums = np.asarray(res.seat_agg["score_sum"], dtype=float)
        sq = np.asarray(res.seat_agg["score_sumsq"], dtype=float)
        n = res.plays
        mine = sums[seat] / n
        others = (sums.sum() - sums[seat]) / (n * (players - 1))
        var = sq[seat] / n - mine ** 2
        return float(mine - others), float(math.sqrt(max(var, 0.0) * 2 / n))
    j = res.bot_labels.index(ent) if ent in res.bot_labels else next(
        (k for k, lab in enumerate(res.bot_labels) if lab.split("(")[0] == ent), None)
    if j is None:
        raise SimlabError(f"--target: no seat plays {ent!r} (line-up: "
                          f"{', '.join(res.bot_labels)})")
    seats = res.bot_seat_count(j)
    if target.kind == "win_share":
        x = np.asarray(res.bot_shares, dtype=float)[:, :, j].mean(axis=0) / seats
        return float(x.mean()), float(x.std(ddof=1) / math.sqrt(len(x)))
    bsum = np.asarray(res.bot_agg["score_sum"], dtype=float)
    bsq = np.asarray(res.bot_agg["score_sumsq"], dtype=float)
    n_b = res.plays * seats
    mine = bsum[j] / n_b
    others = (bsum.sum() - bsum[j]) / max(res.plays * players - n_b, 1)
    var = bsq[j] / n_b - mine ** 2
    return float(mine - others), float(math.sqrt(max(var, 0.0) * 2 / n_b))


def balance(scenario, param: str, target, *, value_range=None, games: int | None = None,
            precision: float | None = None, max_games: int = 400_000, grid: int = 7,
            jobs: int = 1, backend: str = "loky", work_dir=None,
            progress: bool | None = None) -> BalanceResult:
    """Find the value of ``param`` at which ``target`` is met.

    Parameters
    ----------
    scenario : path, dict
        A scenario (game, players, bots, rules, seed, games, rotate_seats); its sweep,
        compare and tournament tables are ignored.
    param : str
        A parameter path (``rules.timer_seconds``, ``bot.2.cancel``, ``bots.farmer.field``).
    target : str or Target
        ``win_share[:ENTITY]=V``, ``score_margin[:ENTITY]=V`` or ``seat_spread=V``.
    value_range : (low, high), optional
        The search range (default: from the sweep table of the scenario for this parameter,
        else default +- 2 x max(|default|, 1), whole-valued for integer rules).
    games : int, optional
        Games per value and seat rotation (default: the scenario's, else 20,000).
    precision : float, optional
        Wanted half-width of the value's interval; the games are doubled (up to
        ``max_games``) until it is met.
    grid : int
        Values of the first pass over the range.
    jobs, backend : int, str
        The runner's workers for each value.
    work_dir : path, optional
        Keeps the evaluations for resuming.
    """
    from simlab.scenario import load_scenario, split_path
    from simlab.sweep import make_point, play_point

    t0 = time.perf_counter()
    sc, _ = load_scenario(scenario)
    tgt = target if isinstance(target, Target) else parse_target(target)
    kind = split_path(param, True)
    if kind[0] == "bad":
        raise SimlabError(f"--param: {param!r}: expected rules.<rule path>, bot.<seat>.<param> "
                          "or bots.<bot name>.<param>")
    if kind[0] == "players":
        raise SimlabError("--param: players is not a continuous parameter; use a sweep")
    from simlab.games.registry import get_game

    g = get_game(sc.game)
    base = make_point(sc, 0, "base", {}, True)
    default, integer = _param_default(g, sc, base, kind, param)
    if tgt.entity is None and kind[0] in ("bot", "bots") and tgt.kind != "seat_spread":
        ent = (base.lineups[0][int(kind[1]) - 1].name if kind[0] == "bot" else kind[1])
        tgt = Target(tgt.kind, tgt.value, ent)
    if value_range is None:
        r = 2.0 * max(abs(default), 1.0)
        value_range = (default - r, default + r)
    lo, hi = (float(v) for v in value_range)
    if not lo < hi:
        raise SimlabError(f"--range: expected LO < HI, got {lo:g}, {hi:g}")
    if integer and math.floor(hi) - math.ceil(lo) < 1:
        raise SimlabError(f"--range: {param} is whole-valued; the range {lo:g}..{hi:g} holds "
                          "fewer than two integers")
    # check both ends are legal values now, with the error naming the parameter
    for v in (lo, hi):
        pt = make_point(sc, 0, "check", {param: round(v) if integer else v}, True)
        g.make_rules(pt.players, pt.rules)
    n_games = games or (sc.games if sc.games else 20_000)
    cache_path = None if work_dir is None else Path(work_dir) / "evaluations.jsonl"
    key = hashlib.sha256(json.dumps(
        {"scenario": sc.model_dump(mode="json"), "param": param,
         "target": [tgt.kind, tgt.entity]}, sort_keys=True, default=str).encode()).hexdigest()[:16]
    stored = _read_cache(cache_path, key)
    resumed = 0
    bar = _bar(progress)

    def evaluate_with(n):
        def evaluate(v):
            nonlocal resumed
            k = f"{n}:{v!r}"
            if k in stored:
                resumed += 1
                r, se = stored[k]
                return Evaluation(v, r, se, n)
            scn = sc.model_copy(update={"games": n, "precision": None})
            pt = make_point(scn, 0, f"{param}={v:g}", {param: int(v) if integer else v},
                            True)
            res = play_point(scn, pt, jobs=jobs, backend=backend)
            r, se = _measure(res, tgt, pt.players, None)
            stored[k] = (r, se)
            _append_cache(cache_path, key, k, r, se)
            if bar is not None:
                bar.update(1)
            return Evaluation(v, r, se, n)
        return evaluate

    g.warm_for([g.prepare(g.make_rules(base.players, base.rules), lu) for lu in base.lineups])
    while True:
        evaluate = evaluate_with(n_games)
        if tgt.kind == "seat_spread":
            value, evs = find_min(evaluate, lo, hi, integer=integer, grid=grid)
            found = True
        else:
            value, evs, found = find_root(evaluate, lo, hi, tgt.value, integer=integer,
                                          grid=grid)
        at = next(e for e in evs if e.value == value) if any(e.value == value for e in evs) \
            else evaluate(value)
        vlo, vhi = _value_interval(evs, at, tgt, integer, lo, hi)
        if precision is None or (vhi - vlo) / 2 <= precision or n_games * 2 > max_games:
            break
        n_games *= 2
    if bar is not None:
        bar.close()
    met = found if tgt.kind != "seat_spread" else at.response <= tgt.value
    evs = sorted(evs, key=lambda e: e.value)
    # expected range of P equal seats' estimated shares (normal order statistics)
    floor = {2: 1.128, 3: 1.693, 4: 2.059, 5: 2.326}.get(base.players, 2.5) * at.se / math.sqrt(2)
    return BalanceResult(
        str(scenario) if not isinstance(scenario, dict) else sc.name, sc.game, param, tgt,
        (lo, hi), integer, float(value), float(vlo), float(vhi), bool(met),
        at.response, at.response - Z95 * at.se, at.response + Z95 * at.se, n_games,
        [{"value": e.value, "response": e.response, "se": e.se, "games": e.games} for e in evs],
        time.perf_counter() - t0, resumed, float(floor) if tgt.kind == "seat_spread" else 0.0)


def _param_default(g, sc, base, kind, param) -> tuple[float, bool]:
    """The parameter's current value and whether it takes whole values only."""
    if kind[0] == "rules":
        rules = g.make_rules(base.players, base.rules)
        from simlab.core.params import rule_value

        cur = rule_value(rules, kind[1])
        if cur is None:
            names = [o.get("name") for o in g.rule_options()]
            if kind[1].split(".")[0] not in names:
                from simlab.core.params import suggest

                raise SimlabError(f"--param: unknown rule {kind[1]!r}{suggest(kind[1], names)};"
                                  f" see `simlab games` for the rule paths")
            cur = next((o.get("default") for o in g.rule_options()
                        if o.get("name") == kind[1]), None)
        if cur is None or isinstance(cur, bool) or not isinstance(cur, int | float):
            raise SimlabError(f"--param: {param} is not a numeric rule (current value "
                              f"{cur!r}); see `simlab games` for the rule paths")
        return float(cur), isinstance(cur, int)
    known = g.all_bots()
    lu = base.lineups[0]
    if kind[0] == "bot":
        seat = int(kind[1])
        if not 1 <= seat <= len(lu):
            raise SimlabError(f"--param: seat must be 1..{len(lu)}, got {seat}")
        info = known[lu[seat - 1].name]
    else:
        if not any(b.name == kind[1] for b in lu):
            raise SimlabError(f"--param: no seat plays {kind[1]!r}")
        info = known[kind[1]]
    if kind[2] not in info.params:
        raise SimlabError(f"--param: {info.name} has no parameter {kind[2]!r}; known: "
                          f"{', '.join(info.params)}")
    return float(info.defaults[info.params.index(kind[2])]), kind[2] in g.tune_integers


def _value_interval(evs, at, tgt, integer, lo, hi) -> tuple[float, float]:
    """Interval of the answer: the response's 95% noise at the answer over the local slope."""
    pts = sorted(evs, key=lambda e: e.value)
    if len(pts) < 2:
        return at.value, at.value
    h = Z95 * at.se
    if tgt.kind == "seat_spread":  # values whose spread is within the noise of the minimum
        ok = [e.value for e in pts if e.response - Z95 * e.se <= at.response + h]
        return min(ok), max(ok)
    if integer:  # the run of integers around the answer whose interval holds the target
        i = min(range(len(pts)), key=lambda k: abs(pts[k].value - at.value))

        def holds(e):
            return abs(e.response - tgt.value) <= Z95 * e.se

        a = b = i
        while a > 0 and pts[a - 1].value == pts[a].value - 1 and holds(pts[a - 1]):
            a -= 1
        while b < len(pts) - 1 and pts[b + 1].value == pts[b].value + 1 and holds(pts[b + 1]):
            b += 1
        return pts[a].value, pts[b].value
    i = min(range(len(pts)), key=lambda k: abs(pts[k].value - at.value))
    left, right = pts[max(i - 1, 0)], pts[min(i + 1, len(pts) - 1)]
    if right.value == left.value:
        return at.value, at.value
    slope = (right.response - left.response) / (right.value - left.value)
    if slope == 0:
        return lo, hi
    w = h / abs(slope)
    return max(lo, at.value - w), min(hi, at.value + w)


def _read_cache(path, key) -> dict:
    out = {}
    if path is not None and Path(path).exists():
        for line in Path(path).read_text().splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if rec.get("run") == key:
                out[rec["k"]] = (rec["r"], rec["se"])
    return out


def _append_cache(path, key, k, r, se) -> None:
    if path is None:
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        f.write(json.dumps({"run": key, "k": k, "r": r, "se": se}) + "\n")
        f.flush()
        os.fsync(f.fileno())


def _bar(progress):
    from simlab.core.progress import progress_bar

    return progress_bar(None, desc="balancing", unit="value", enabled=progress)


def balance_report(res: BalanceResult, path) -> Path:
    """The search as a self-contained HTML report: the response curve with the found point."""
    import pandas as pd

    from simlab.core import plots
    from simlab.games.registry import get_game
    from simlab.report.analysis import FigureItem, Section, write_analysis_report

    g = get_game(res.game)
    t = res.target
    pctish = t.kind in ("win_share", "seat_spread")
    ev = res.evaluations
    x = np.array([e["value"] for e in ev])
    y = np.array([e["response"] for e in ev])
    se = np.array([e["se"] for e in ev])
    fig = plots.new_figure(height=4.6)
    ax = fig.subplots()
    ax.fill_between(x, y - Z95 * se, y + Z95 * se, color=plots.color(0), alpha=0.15, lw=0,
                    label="95% interval")
    ax.plot(x, y, marker="o", ms=5, color=plots.color(0), lw=1.6, label=t.label)
    ax.axhline(t.value, color=plots.REF_COLOR, ls="--", lw=1.1,
               label=f"target {t.value:g}" if t.kind != "seat_spread" else "target (at most)")
    ax.axvspan(res.lo, res.hi, color=plots.color(1), alpha=0.15, lw=0,
               label="interval of the answer")
    ax.plot([res.value], [res.response], marker="*", ms=16, color=plots.color(1), lw=0,
            label=f"found: {res.param.split('.', 1)[-1]} = {res.value:.4g}")
    ax.set_xlabel(res.param)
    ax.set_ylabel(t.label)
    if pctish:
        plots.percent_axis(ax)
    plots.style_axes(ax, "both")
    plots.title(ax, f"Response of the {t.label} to {res.param}")
    plots.legend_below(fig)
    secs = [Section("response", "Response curve",
                    "Every value tried, on the same games (common random numbers); the star is "
                    "the answer, the shaded band its 95% interval.",
                    [FigureItem("response", "Response curve", "", fig)])]
    table = pd.DataFrame({res.param: x, t.label: np.round(y, 4),
                          "lo": np.round(y - Z95 * se, 4), "hi": np.round(y + Z95 * se, 4),
                          "games": [e["games"] for e in ev]})
    run = {"scenario": res.scenario, "game": res.game, "parameter": res.param,
           "target": f"{t.kind}{':' + t.entity if t.entity else ''}={t.value:g}",
           "range": f"{res.range[0]:g} .. {res.range[1]:g}", "whole-valued": res.integer,
           "games per value": f"{res.games:,}", "values resumed": res.resumed,
           "seconds": f"{res.seconds:.1f}"}
    return write_analysis_report(
        path, heading=f"Balancing {res.param}", game_title=g.title,
        kind_text=f"auto-balance: {t.label} {'<=' if t.kind == 'seat_spread' else '='} "
                  f"{t.value:g}", headlines=res.sentences(), sections=secs,
        tables_=[("Values tried", table)], run=run, data=res.to_dict())
