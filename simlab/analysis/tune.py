"""Bot tuning (best response): the ``weights`` bot's parameters that win most against a field.

:func:`tune` searches the parameter vector of a game's ``weights`` bot (any parametrised bot,
in fact) that maximises its share of the wins against the given opponents, with the tuned bot in
every seat in turn. The objective of a vector is its win share over the *same* games (common
random numbers: the same seeds, so the same dice and shuffles, for every vector), which makes it
a smooth-enough function of the parameters for a derivative-free optimiser; scipy's
differential evolution searches the box of bounds (:meth:`simlab.games.registry.Game.tune_space`)
with the population evaluated in parallel through joblib (loky, threads or Dask).

The result is then validated on a *fresh* seed, never the training one (a training score is
optimistic: the vector was chosen on those games): the tuned and the untuned bot each play the
same validation games against the field, and both win shares come with Wilson intervals and
their paired difference with a t interval.

Every evaluation is appended to ``evaluations.jsonl`` in the work folder; a run interrupted and
started again with the same arguments replays the optimiser (deterministic under its seed) and
takes the evaluations it already has from the file instead of playing them again.
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

from simlab.core.stats import Z95, wilson_interval
from simlab.errors import SimlabError

#: validation seeds are derived from the training seed with this offset (never equal)
VALIDATION_OFFSET = 0x5EED_0F_7E57


# ---------------------------------------------------------------------------- playing
def _play_share(game_name, players: int, rules_over: dict, lineups: list, seat_of: list,
                seed: int, games: int) -> tuple[float, np.ndarray]:
    """Win share of the tuned seat over ``games`` games of every line-up (rotation): the mean and
    the per-game shares (averaged over rotations). ``game_name``: a name or the Game."""
    from simlab.core.runner import run_games
    from simlab.games.registry import get_game

    g = get_game(game_name)
    rules = g.make_rules(players, rules_over)
    per_game = np.zeros(games)
    for lu, s in zip(lineups, seat_of, strict=True):
        prepared = g.prepare(rules, lu)
        # the runner in-process: one worker per evaluation (the evaluations run in parallel)
        out = run_games(g, prepared, games, seed, jobs=1, backend="serial", keep_rows=True,
                        progress=False)
        w = np.asarray(out.rows["winner"]).astype(float)
        k = np.maximum(w.sum(axis=1), 1.0)
        per_game += w[:, s] / k
    per_game /= len(lineups)
    return float(per_game.mean()), per_game


def _rotations(tuned, field_bots: list, players: int):
    """Line-ups with the tuned bot in every seating among the field (every distinct order of
    the field round the table, not only its cyclic shifts: :mod:`simlab.core.seating`), and
    the tuned bot's seat in each. A balanced design's repeated seatings appear as often as it
    holds them."""
    from simlab.core.seating import seatings

    me = "\x00tuned"
    field = list(field_bots[:players - 1]) if field_bots else []
    keyed = [me] + [b.label for b in field]
    pool: dict[str, list] = {}
    for b in field:
        pool.setdefault(b.label, []).append(b)
    lineups, seats = [], []
    for st in seatings(keyed, True):
        used = {k: 0 for k in pool}
        lu = []
        for lab in st.labels:
            if lab == me:
                lu.append(tuned)
            else:
                lu.append(pool[lab][used[lab]])
                used[lab] += 1
        for _ in range(st.weight):
            lineups.append(lu)
            seats.append(st.labels.index(me))
    return lineups, seats


# ---------------------------------------------------------------------------- optimiser
def optimise(evaluate, bounds, *, evaluations: int, seed: int = 0, integer=None,
             x0=None) -> tuple[np.ndarray, float, int]:
    """Maximise a (deterministic, possibly rough) objective over a box by differential evolution.

    Parameters
    ----------
    evaluate : callable
        ``evaluate(list of x) -> list of float``: the objective (to maximise) of a whole
        generation at once, so the caller can play it in parallel and cache it.
    bounds : list of (low, high)
    evaluations : int
        Budget of objective values (the population and the number of generations follow).
    seed : int
        The optimiser's seed (the search is reproducible).
    integer : array of bool, optional
        Parameters that take whole values.
    x0 : array, optional
        A starting point placed in the initial population (e.g. the untuned defaults).

    Returns
    -------
    (x, value, calls) : best vector, its objective, objective values computed.
    """
    from scipy.optimize import differential_evolution

    dim = len(bounds)
    if dim == 0:
        raise SimlabError("tune: no parameters to tune")
    # population: at least 5 and about 4 per dimension, fewer when the budget is small, so
    # that the search gets some generations
    pop = int(np.clip(evaluations // 6, 5, max(5, 4 * dim)))
    gens = max(1, evaluations // pop - 1)
    rng = np.random.default_rng(seed)
    lo = np.array([b[0] for b in bounds], dtype=float)
    hi = np.array([b[1] for b in bounds], dtype=float)
    init = lo + (hi - lo) * rng.random((pop, dim))
    if integer is not None:
        init[:, np.asarray(integer)] = np.round(init[:, np.asarray(integer)])
    if x0 is not None:
        init[0] = np.clip(np.asarray(x0, dtype=float), lo, hi)
    calls = 0

    def mapper(_fn, xs):
        nonlocal calls
        xs = [np.asarray(x, dtype=float) for x in xs]
        calls += len(xs)
        return [-float(v) for v in evaluate(xs)]

    res = differential_evolution(_unused, bounds, maxiter=gens, init=init, seed=seed,
                                 polish=False, tol=0.0, atol=0.0, updating="deferred",
                                 workers=mapper, integrality=integer, mutation=(0.5, 1.0),
                                 recombination=0.7)
    return np.asarray(res.x, dtype=float), -float(res.fun), calls


def _unused(x):  # pragma: no cover - differential_evolution calls the workers map instead
    raise RuntimeError("objective is evaluated through the workers map")


def _eval_task(task):
    """Worker entry: (game, players, rules, line-ups, seats, seed, games) -> mean share."""
    return _play_share(*task)[0]


def _val_task(task):
    return _play_share(*task)


# ---------------------------------------------------------------------------- the run
@dataclass
class TuneResult:
    """A tuning run and its validation.

    Attributes
    ----------
    game, bot : str
        The game and the tuned bot (``weights``).
    against : list of str
        The field.
    params : dict
        Tuned parameter values (all of the bot's parameters).
    defaults : dict
        The untuned values.
    tuned_names : list of str
        The parameters that were searched.
    train_share : float
        The tuned vector's win share on the training games (optimistic).
    tuned, untuned : dict
        Validation win share with 95% Wilson interval (``share``, ``lo``, ``hi``, ``games``).
    diff, diff_lo, diff_hi : float
        Paired difference tuned - untuned on the validation games, 95% interval.
    fair : float
        1 / players.
    history : list of float
        Best training share after each generation.
    """

    game: str
    bot: str
    against: list[str]
    players: int
    params: dict
    defaults: dict
    tuned_names: list[str]
    bounds: dict
    train_share: float
    train_games: int
    tuned: dict
    untuned: dict
    diff: float
    diff_lo: float
    diff_hi: float
    seed: int
    validation_seed: int
    evaluations: int
    resumed: int
    seconds: float
    history: list = field(default_factory=list)

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    @property
    def spec(self) -> str:
        """The tuned bot as a line-up entry: ``weights(a=1.2,b=-0.4,...)``."""
        inner = ",".join(f"{k}={v:.6g}" for k, v in self.params.items())
        return f"{self.bot}({inner})"

    def learned(self, top: int = 4) -> list[str]:
        """The largest relative changes from the defaults, in words."""
        rows = []
        for k in self.tuned_names:
            d, v = self.defaults[k], self.params[k]
            lo, hi = self.bounds[k]
            rows.append((abs(v - d) / max(hi - lo, 1e-9), k, d, v))
        rows.sort(reverse=True)
        return [f"{k} {d:g} -> {v:.3g}" for _, k, d, v in rows[:top]]

    def sentences(self) -> list[str]:
        from simlab.report.tables import pct, pp

        t, u = self.tuned, self.untuned
        s = (f"Tuned {self.bot} wins {pct(t['share'])} (95% interval {pct(t['lo'])} to "
             f"{pct(t['hi'])}) against {', '.join(self.against)} on {t['games']:,} fresh "
             f"validation games (seed {self.validation_seed}), against {pct(u['share'])} "
             f"({pct(u['lo'])} to {pct(u['hi'])}) for the untuned {self.bot}; the fair share "
             f"is {pct(self.fair)}. Paired difference {pp(self.diff)} percentage points "
             f"(95% interval {pp(self.diff_lo)} to {pp(self.diff_hi)}).")
        if self.diff_lo > 0:
            s += " The tuned bot is significantly stronger."
        elif self.diff_hi < 0:
            s += " The tuned bot is weaker on fresh games: the training games were overfitted."
        else:
            s += " The difference is not significant."
        out = [s, f"What it learned (largest moves within the bounds): "
                  f"{'; '.join(self.learned())}."]
        out.append(f"On its {self.train_games:,} training games it won {pct(self.train_share)} "
                   "(optimistic: the vector was picked on those games).")
        return out

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        d["spec"] = self.spec
        d["sentences"] = self.sentences()
        return d

    def save(self, path, name: str | None = None) -> Path:
        """Write the tuned bot as a TOML file loadable with ``--plugin`` / ``plugins``."""
        from simlab.core.io import atomic_write_text

        name = name or f"tuned_{self.bot}"
        lines = ["# A tuned bot written by `simlab tune`; load it with --plugin FILE or",
                 "# plugins = [\"FILE\"] in a scenario, and use it by name.",
                 f"# Validation: {self.sentences()[0]}", "",
                 f'name = "{name}"', f'game = "{self.game}"', f'base = "{self.bot}"', "",
                 "[params]"]
        lines += [f"{k} = {float(v)!r}" for k, v in self.params.items()]
        lines += ["", "[tuning]", f"against = {json.dumps(self.against)}",
                  f"players = {self.players}", f"seed = {self.seed}",
                  f"validation_seed = {self.validation_seed}",
                  f"validation_share = {self.tuned['share']!r}",
                  f"untuned_share = {self.untuned['share']!r}",
                  f"train_games = {self.train_games}", ""]
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(p, "\n".join(lines))
        return p


class _EvalCache:
    """Evaluations on disk (one JSON line each), so an interrupted run resumes."""

    def __init__(self, folder: Path | None, key: dict):
        self.path = None if folder is None else Path(folder) / "evaluations.jsonl"
        self.key = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
        self.values: dict[str, float] = {}
        self.hits = 0
        if self.path is not None and self.path.exists():
            for line in self.path.read_text().splitlines():
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut by an interruption
                if rec.get("run") == self.key:
                    self.values[rec["x"]] = float(rec["share"])

    @staticmethod
    def xkey(x) -> str:
        return ",".join(f"{v:.12g}" for v in x)

    def get(self, x):
        v = self.values.get(self.xkey(x))
        if v is not None:
            self.hits += 1
        return v

    def put(self, items):
        if not items:
            return
        for x, share in items:
            self.values[self.xkey(x)] = share
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a") as f:
                for x, share in items:
                    f.write(json.dumps({"run": self.key, "x": self.xkey(x), "share": share})
                            + "\n")
                f.flush()
                os.fsync(f.fileno())


def tune(game: str, against, *, players: int | None = None, budget: int = 100_000,
         games_per_eval: int | None = None, seed: int = 0, bot: str = "weights",
         params=None, bounds: dict | None = None, rules: dict | None = None,
         validation_games: int | None = None, jobs: int = 1, backend: str = "loky",
         work_dir=None, progress: bool | None = None) -> TuneResult:
    """Tune a bot's parameters for the highest win share against a field.

    Parameters
    ----------
    game : str
        The game (``jelly``, ``monkey``, ``jungle``, ``monsters``).
    against : str or list of str
        The field: one bot per other seat (``"greedy,random"``), or one bot for all of them.
    players : int, optional
        Table size (default: 1 + the number of field bots, or the game's default when one
        field bot is given).
    budget : int
        Training games in all (evaluations x games per evaluation x seat rotations).
    games_per_eval : int, optional
        Games per seat rotation for one evaluation (default from the budget).
    seed : int
        Training seed (games and optimiser); validation uses a seed derived from it.
    bot : str
        The bot to tune (default ``weights``).
    params : list of str, optional
        Parameters to search (default: the game's :meth:`tune_space`).
    bounds : dict, optional
        ``{param: (low, high)}`` overriding the default box.
    rules : dict, optional
        Rule overrides (``{"timer_seconds": 4}``).
    validation_games : int, optional
        Validation games per seat rotation (default: budget / 10, at least 2,000).
    jobs, backend : int, str
        Parallel evaluation of a generation (``loky``, ``threads``, ``serial``, ``dask``).
    work_dir : path, optional
        Where evaluations are kept for resuming (none: no resume).

    Returns
    -------
    TuneResult
    """
    from simlab.core.runner import check_run_args
    from simlab.games.registry import get_game, split_bot_list

    g = get_game(game)
    t0 = time.perf_counter()
    known = g.all_bots()
    if bot not in known:
        raise SimlabError(f"tune: {game} has no bot {bot!r}; known: {', '.join(known)}")
    info = known[bot]
    if not info.params:
        raise SimlabError(f"tune: bot {bot!r} has no parameters to tune")
    field_names = split_bot_list(against) if isinstance(against, str) else list(against or [])
    if not field_names:
        raise SimlabError("tune: --against: give the field, e.g. greedy,random")
    if players is None:
        players = len(field_names) + 1 if len(field_names) > 1 else g.default_players
    players = g.check_players(players, "players")
    if len(field_names) == 1:
        field_names = field_names * (players - 1)
    if len(field_names) != players - 1:
        raise SimlabError(f"against: expected {players - 1} bots for a {players}-player table "
                          f"(or one for all), got {len(field_names)}: {', '.join(field_names)}")
    field_bots = g.lineup(field_names, players - 1, "against")
    for name, val in (("budget", budget), ("games_per_eval", games_per_eval),
                      ("validation_games", validation_games)):
        if val is not None and (isinstance(val, bool) or not isinstance(val, int | np.integer)
                                or val < 1):
            raise SimlabError(f"{name}: expected a positive whole number, got {val!r}")
    check_run_args(1, seed, jobs, backend, None)
    rules_over = dict(rules or {})
    g.make_rules(players, rules_over)  # validate now, with the error naming the field

    space = g.tune_space(bot)
    names = list(params) if params else list(space)
    for n in names:
        if n not in info.params:
            raise SimlabError(f"params: {bot} has no parameter {n!r}; known: "
                              f"{', '.join(info.params)}")
    box = {n: space.get(n, g.default_bounds(info.defaults[info.params.index(n)]))
           for n in names}
    for n, b in (bounds or {}).items():
        if n not in names:
            raise SimlabError(f"bounds: {n!r} is not a tuned parameter ({', '.join(names)})")
        lo, hi = (float(v) for v in b)
        if not lo < hi:
            raise SimlabError(f"bounds: {n}: expected low < high, got {lo}, {hi}")
        box[n] = (lo, hi)
    integer = np.array([n in g.integer_params(bot) for n in names])

    rotations = len(_rotations(g.lineup([bot], 1)[0], list(field_bots), players)[0])
    if games_per_eval is None:  # enough evaluations for the search: ~10 per dimension
        target = max(150, 10 * len(names))
        games_per_eval = int(np.clip(budget // (rotations * target), 30, 2_000))
    evaluations = max(6, budget // (games_per_eval * rotations))
    validation_games = validation_games or max(2_000, budget // (10 * rotations))
    defaults = dict(zip(info.params, info.defaults, strict=True))
    base = list(field_bots)

    def choice(x):
        from simlab.games.registry import BotChoice

        over = dict(defaults)
        for n, v in zip(names, x, strict=True):
            over[n] = float(round(v)) if n in g.integer_params(bot) else float(v)
        return BotChoice(bot, tuple((k, over[k]) for k in info.params))

    def lineups_for(x):
        return _rotations(choice(x), base, players)

    cache = _EvalCache(work_dir, {"game": game, "bot": bot, "against": [b.label for b in base],
                                  "players": players, "rules": rules_over, "seed": seed,
                                  "games": games_per_eval, "names": names,
                                  "bounds": [box[n] for n in names]})
    history: list[float] = []
    bar = _progress_bar(evaluations, progress)

    def evaluate(xs):
        out = [cache.get(x) for x in xs]
        todo = [i for i, v in enumerate(out) if v is None]
        if todo:
            # the game itself, not its name: a worker finds a plugin game through it
            tasks = [(g, players, rules_over, *lineups_for(xs[i]), seed, games_per_eval)
                     for i in todo]
            vals = _run_parallel(tasks, _eval_task, jobs, backend)
            cache.put([(xs[i], v) for i, v in zip(todo, vals, strict=True)])
            for i, v in zip(todo, vals, strict=True):
                out[i] = v
        history.append(max([history[-1] if history else 0.0] + out))
        if bar is not None:
            bar.update(len(xs))
        return out

    x0 = [defaults[n] for n in names]
    # the kernels the evaluations run, before the workers start (they load them)
    tune_rules = g.make_rules(players, rules_over)
    g.warm_for([g.prepare(tune_rules, lu) for lu in lineups_for(x0)[0]])
    try:
        x, train_share, calls = optimise(evaluate, [box[n] for n in names],
                                         evaluations=evaluations, seed=seed, integer=integer,
                                         x0=x0)
    finally:
        if bar is not None:
            bar.close()
    tuned = choice(x)

    # validation on fresh games: tuned and untuned on the same games
    vseed = (seed + VALIDATION_OFFSET) % (2**63)
    lus_t, seats = _rotations(tuned, base, players)
    lus_u, _ = _rotations(g.lineup([bot], 1)[0], base, players)
    (st, pt), (su, pu) = _run_parallel(
        [(g, players, rules_over, lus, seats, vseed, validation_games)
         for lus in (lus_t, lus_u)], _val_task, min(jobs, 2), backend)
    n = validation_games
    d = pt - pu
    se = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0

    def block(share):
        # Wilson interval on the validation games' shares (averaged over the rotations, so
        # conservative: one independent sample per game index)
        lo, hi = wilson_interval(share * n, n)
        return {"share": share, "lo": float(lo), "hi": float(hi), "games": n * rotations}

    return TuneResult(game, bot, [b.label for b in base], players, dict(tuned.overrides),
                      defaults, names, box, float(train_share),
                      calls * games_per_eval * rotations, block(st), block(su), float(d.mean()),
                      float(d.mean() - Z95 * se), float(d.mean() + Z95 * se), seed, vseed,
                      calls, cache.hits, time.perf_counter() - t0, history)


def _progress_bar(total: int, progress: bool | None):
    from simlab.core.progress import progress_bar

    return progress_bar(total, desc="tuning", unit="eval", enabled=progress)


def _run_parallel(items, fn, jobs: int, backend: str):
    """``[fn(x) for x in items]`` over joblib workers (the runner's backends)."""
    if backend != "dask" and (jobs <= 1 or backend == "serial" or len(items) == 1):
        return [fn(x) for x in items]
    from joblib import Parallel, delayed, parallel_config

    if backend == "dask":
        from simlab.core.cluster import require_client

        require_client()
        with parallel_config(backend="dask"):
            return Parallel()(delayed(fn)(x) for x in items)
    be = "threading" if backend == "threads" else "loky"
    return Parallel(n_jobs=jobs, backend=be)(delayed(fn)(x) for x in items)


# ---------------------------------------------------------------------------- report
def tune_report(res: TuneResult, path) -> Path:
    """The tuning run as a self-contained HTML report (PNGs and JSON beside it)."""
    import pandas as pd

    from simlab.core import plots
    from simlab.games.registry import get_game
    from simlab.report.analysis import FigureItem, Section, write_analysis_report

    g = get_game(res.game)
    t, u = res.tuned, res.untuned
    fig1 = plots.interval_bars(
        [f"untuned {res.bot}", f"tuned {res.bot}"],
        [("win share", [u["share"], t["share"]], [u["lo"], t["lo"]], [u["hi"], t["hi"]])],
        fair=res.fair, title_text=f"Win share against {', '.join(res.against)} (validation)",
        xlabel="bot")
    fig2 = plots.new_figure(height=3.8)
    ax = fig2.subplots()
    evals_per = max(1, res.evaluations // max(len(res.history), 1))
    x = [evals_per * (i + 1) for i in range(len(res.history))]
    ax.plot(x, res.history, marker="o", ms=4, color=plots.color(0), label="best so far")
    ax.axhline(res.fair, color=plots.REF_COLOR, ls="--", lw=1.1, label="fair share")
    ax.set_xlabel("evaluations")
    ax.set_ylabel("training win share")
    plots.percent_axis(ax)
    plots.style_axes(ax, "both")
    plots.title(ax, "Search progress (training games, common random numbers)")
    plots.legend_below(fig2)
    names = res.tuned_names
    lo = [res.bounds[n][0] for n in names]
    span = [res.bounds[n][1] - res.bounds[n][0] for n in names]
    dpos = [(res.defaults[n] - a) / s for n, a, s in zip(names, lo, span, strict=True)]
    tpos = [(res.params[n] - a) / s for n, a, s in zip(names, lo, span, strict=True)]
    fig3 = plots.new_figure(height=max(2.8, 1.4 + 0.34 * len(names)))
    ax = fig3.subplots()
    y = list(range(len(names)))[::-1]
    for yi, a, b in zip(y, dpos, tpos, strict=True):
        ax.annotate("", xy=(b, yi), xytext=(a, yi),
                    arrowprops={"arrowstyle": "->", "color": "#777777", "lw": 1.2})
    ax.scatter(dpos, y, color="white", edgecolor=plots.color(1), s=45, zorder=3,
               label="untuned")
    ax.scatter(tpos, y, color=plots.color(0), s=45, zorder=3, label="tuned")
    ax.set_yticks(y, [f"{n}  ({res.defaults[n]:g} → {res.params[n]:.3g})" for n in names])
    ax.set_xlim(-0.03, 1.03)
    ax.set_xlabel("position within the search bounds (0 = low, 1 = high)")
    plots.style_axes(ax, "x")
    plots.title(ax, "What the tuned bot learned")
    plots.legend_below(fig3)
    secs = [Section("validation", "Validation", "Tuned and untuned bot on the same fresh games "
                    "(a seed never used for the search), the tuned bot in every seat in turn.",
                    [FigureItem("validation", "Validation win shares",
                                "Whiskers: 95% Wilson intervals; dashed: the fair share.", fig1)]),
            Section("search", "Search", "", [
                FigureItem("progress", "Search progress", "Best training win share after "
                           "each generation of differential evolution.", fig2),
                FigureItem("parameters", "Parameters", "Each tuned parameter's default and "
                           "tuned value within its search bounds.", fig3)])]
    ptab = pd.DataFrame({"parameter": names, "default": [res.defaults[n] for n in names],
                         "tuned": [round(res.params[n], 4) for n in names],
                         "low": lo, "high": [res.bounds[n][1] for n in names]})
    run = {"game": res.game, "bot": res.bot, "against": ", ".join(res.against),
           "players": res.players, "training seed": res.seed,
           "validation seed": res.validation_seed, "evaluations": res.evaluations,
           "training games": f"{res.train_games:,}",
           "validation games": f"{res.tuned['games']:,} per bot",
           "evaluations resumed from disk": res.resumed, "seconds": f"{res.seconds:.1f}",
           "tuned bot": res.spec}
    return write_analysis_report(
        path, heading=f"Tuning {res.bot}", game_title=g.title,
        kind_text=f"best response to {', '.join(res.against)}", headlines=res.sentences(),
        sections=secs, tables_=[("Parameters", ptab)], run=run, data=res.to_dict())
