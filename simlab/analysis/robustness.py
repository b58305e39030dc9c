"""Robustness: is a scenario's finding a fact about the game, or about the bots and readings?

:func:`robustness` takes a scenario's question and answers it again in many *contexts*:

* **bot populations**: the scenario's own line-up; every seat ``greedy``; every seat the
  ``weights`` bot tuned against the scenario's line-up (tuned once and cached beside the
  report, or a saved tuned bot named in ``[robustness] tuned``); every seat ``lookahead`` at a
  stated budget; the line-up with *noise* (each seat's weights multiplied by a factor drawn
  uniformly from ``1 +- jitter``, a different vector per seat, and where a bot has a tie-noise
  parameter, ``noise``, that set too). Every population is played in each seat rotation (a
  table of one bot in every seat once: its rotations are the same games);
* **readings**: every alternative of every settable reading of the game's catalogue
  (``simlab readings GAME``), one at a time, with the scenario's line-up; a reading the
  scenario itself sets or varies is the question, not a context, and is left out.

Every context plays the same games (the scenario's seed, game indices 0, 1, ...), so the
contexts see the same dice and each finding's value has a 95% interval (value +- 1.96
standard errors) whose standard error comes from a Poisson bootstrap over game indices (one
resample shared by the configurations a finding compares, so a difference is paired); each
context's change from the line-up is a paired difference too (the same games, the same
resamples; a context with fewer games, the lookahead's, is compared on its first games).

The findings come from the question:

* a single point: each seat's win share against the fair ``1 / players``, and in a mixed
  line-up each bot's win share per seat it holds (a bot's finding in another population keeps
  the bot in its own seats and gives every other seat the population's bot);
* ``[compare]``: each variant's change of each seat's win share (and each bot's), and of the
  mean score;
* ``[sweep]``: the fairest and the least fair point (seat spread: best minus worst seat's win
  share, seats rotated) and the finding that the first is fairer than the second;
* ``[tournament]``: the dominant bot (or the one with the highest mean share) beating each
  other bot head to head (share of the pair's wins against one half); bot populations other
  than its own bots with noise do not apply (the bots are the question);
* ``[balance]``: the target met at the value found (the measured quantity minus the target).

Each finding is marked **robust** (the same verdict, same sign and significance, in every
context), **bot-dependent** or **reading-dependent** (naming the contexts that flip or lose
it), or **undecided** where a context's interval is too wide to tell (it contains both the
reference and the headline value): the words say which. Agreement is judged at 95%; a
disagreement must hold at the Bonferroni level over the finding's contexts (a null finding
checked in 25 contexts would otherwise look dependent in one of them by chance).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.special import ndtri as _ndtri  # the normal quantile (scipy.stats.norm.ppf)

from simlab.analysis.robustness_findings import (
    Cell,
    Config,
    Context,
    Finding,
    Populations,
    findings_of,
)
from simlab.core.readings import settable
from simlab.core.runner import run_games
from simlab.core.stats import Z95
from simlab.errors import SimlabError
from simlab.games.registry import BotChoice, get_game

#: bot populations, in report order
POPULATIONS = ("lineup", "greedy", "tuned", "lookahead", "noise")

QUICK = {"games": 600, "lookahead_games": 30, "lookahead_budget": 2, "tune_budget": 3_000,
         "bootstrap": 300}
FULL = {"games": 4_000, "lookahead_games": 200, "lookahead_budget": 8, "tune_budget": 30_000,
        "bootstrap": 500}


@dataclass
class RobustnessResult:
    """Findings x contexts, with verdicts; ``cells[finding.key][context.key]``."""

    game: str
    title: str
    scenario: str
    question: str
    players: int
    seed: int
    contexts: list
    findings: list
    cells: dict
    skipped: list             # readings left out, in words
    tuned: str = ""

    def classify(self, f: Finding, c: Context) -> str:
        """How the finding fares in context ``c`` against the line-up: ``agrees``, ``flips``
        (significant with the opposite sign), ``loses it`` (not significant, the headline
        value outside its interval), ``shows an effect`` (a null headline becomes
        significant), ``differs`` (a level finding whose value moved), ``undecided`` (not
        significant, the headline value inside its interval) or ``n/a``.

        Agreement is judged at 95%; a disagreement (flips, loses it, shows an effect,
        differs) must hold at the Bonferroni level over the finding's other contexts, so that
        a finding checked in twenty-five contexts is not called dependent by the chance of
        one of them."""
        head = self.cells[f.key]["lineup"]
        cell = self.cells[f.key][c.key]
        if cell.na or np.isnan(cell.value):
            return "n/a"
        m = max(1, sum(1 for k, x in self.cells[f.key].items()
                       if k != "lineup" and not x.na and not np.isnan(x.value)))
        z = float(_ndtri(1 - 0.025 / m))
        se = cell.sd()
        if f.level:
            far = abs(cell.value - head.value) > z * float(np.hypot(se, head.sd()))
            return "differs" if far else "agrees"
        strong = (0 if abs(cell.value - f.ref) <= z * se else
                  1 if cell.value > f.ref else -1)
        if head.state == 0:
            return "shows an effect" if strong else "agrees"
        if cell.state == head.state:
            return "agrees"
        if strong == -head.state:
            return "flips"
        if abs(cell.value - head.value) > z * se:
            return "loses it"
        return "undecided"

    def verdict(self, f: Finding) -> tuple[str, str]:
        """``(verdict, sentence)`` of one finding."""
        row = self.cells[f.key]
        head = row["lineup"]
        words = f"{f.text}: {_fmt(f, head)} with the line-up"
        flips, undecided, fine = [], [], 0
        for c in self.contexts[1:]:
            how = self.classify(f, c)
            cell = row[c.key]
            if how in ("n/a", "agrees"):
                fine += how == "agrees"
            elif how == "undecided":
                undecided.append((c, cell))
            else:
                flips.append((c, cell, how))
        if not flips and not undecided:
            return "robust", f"{words}; the same in every other context ({fine}): robust."
        tags = []
        if any(c.kind == "population" for c, _, _ in flips):
            tags.append("bot-dependent")
        if any(c.kind == "reading" for c, _, _ in flips):
            tags.append("reading-dependent")
        verdict = " and ".join(tags) if tags else "undecided"
        parts = [f"the same in {fine} of {fine + len(flips) + len(undecided)} other contexts"]
        for how in ("flips", "differs", "shows an effect", "loses it"):
            these = [(c, cell) for c, cell, h in flips if h == how]
            if these:
                parts.append(f"{how} with " + _listing(f, these, 4))
        if undecided:
            parts.append("too few games to tell with " +
                         _listing(f, undecided, 2, values=False))
        return verdict, f"{words}; {'; '.join(parts)}: {verdict}."

    def headlines(self) -> list[str]:
        lines = [f"{self.question} Answered again in {len(self.contexts)} contexts "
                 f"({sum(c.kind == 'population' for c in self.contexts)} bot populations, "
                 f"{sum(c.kind == 'reading' for c in self.contexts)} readings), the same "
                 f"games (seed {self.seed}) in each."]
        lines += [self.verdict(f)[1] for f in self.findings]
        if self.skipped:
            lines.append(f"Left out: {len(self.skipped)} reading alternative"
                         f"{'s' if len(self.skipped) > 1 else ''} that the scenario sets or "
                         f"varies, cannot play here, or that never arise in it ("
                         + "; ".join(self.skipped[:3])
                         + (f"; and {len(self.skipped) - 3} more" if len(self.skipped) > 3
                            else "") + ").")
        return lines

    def table(self) -> pd.DataFrame:
        """One row per finding and context."""
        rows = []
        for f in self.findings:
            v = self.verdict(f)[0]
            for c in self.contexts:
                cell = self.cells[f.key][c.key]
                ch = cell.change or (np.nan, np.nan, np.nan)
                rows.append({"finding": f.text, "verdict": v, "context": c.name,
                             "kind": c.kind, "value": cell.value, "lo": cell.lo,
                             "hi": cell.hi, "significant": bool(cell.state),
                             "change": ch[0], "change_lo": ch[1], "change_hi": ch[2],
                             "games": cell.games, "not applicable": cell.na})
        return pd.DataFrame(rows)

    def findings_table(self) -> pd.DataFrame:
        """Findings x contexts: the value of each (``*``: significant), verdict first."""
        out = {"finding": [f.text for f in self.findings],
               "verdict": [self.verdict(f)[0] for f in self.findings]}
        for c in self.contexts:
            col = []
            for f in self.findings:
                cell = self.cells[f.key][c.key]
                col.append("n/a" if cell.na or np.isnan(cell.value) else
                           _short(f, cell) + ("*" if cell.state else ""))
            out[c.name] = col
        return pd.DataFrame(out)

    def text_table(self) -> str:
        """The findings table for a terminal: findings numbered, contexts as rows."""
        df = self.findings_table()
        lines = [f"F{i + 1}  {t}  [{v}]" for i, (t, v) in
                 enumerate(zip(df["finding"], df["verdict"], strict=True))]
        body = df.drop(columns=["finding", "verdict"]).T
        body.columns = [f"F{i + 1}" for i in range(len(df))]
        body.index.name = "context"
        return "\n".join(lines) + "\n\n" + body.to_string()

    def to_dict(self) -> dict:
        return {"game": self.game, "scenario": self.scenario, "question": self.question,
                "players": self.players, "seed": self.seed, "tuned": self.tuned,
                "contexts": [{"key": c.key, "name": c.name, "kind": c.kind, "games": c.games,
                              "rules": c.rules, "note": c.note} for c in self.contexts],
                "findings": [{"key": f.key, "text": f.text, "unit": f.unit, "ref": f.ref,
                              "verdict": self.verdict(f)[0],
                              "sentence": self.verdict(f)[1],
                              "cells": {k: _cell_dict(v)
                                        for k, v in self.cells[f.key].items()}}
                             for f in self.findings],
                "skipped": self.skipped, "headlines": self.headlines()}


def _listing(f, items, top: int, values: bool = True) -> str:
    """``name (value), name (value) and 3 more``."""
    shown = [f"{c.name} ({_fmt(f, cell)})" if values else c.name for c, cell in items[:top]]
    more = len(items) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "")


def _cell_dict(c: Cell) -> dict:
    def num(x):
        return None if x is None or np.isnan(x) else float(x)
    ch = c.change or (None, None, None)
    return {"value": num(c.value), "lo": num(c.lo), "hi": num(c.hi), "state": c.state,
            "change_from_lineup": [num(x) for x in ch],
            "games": c.games, "not_applicable": c.na}


def _short(f: Finding, c: Cell) -> str:
    if f.unit == "share":
        return (f"{100 * c.value:.1f}%" if f.level else f"{100 * c.value:+.1f}")
    return f"{c.value:+.2f}"


def _fmt(f: Finding, c: Cell) -> str:
    if c.na:
        return "n/a"
    if f.unit == "share":
        if f.level:
            return f"{100 * c.value:.1f}% (95% {100 * c.lo:.1f} to {100 * c.hi:.1f})"
        return (f"{100 * c.value:+.1f} points (95% {100 * c.lo:+.1f} to "
                f"{100 * c.hi:+.1f})")
    return f"{c.value:+.2f} (95% {c.lo:+.2f} to {c.hi:+.2f})"


# ---------------------------------------------------------------------------- playing
class _Engine:
    """Plays configurations (cached by rules and line-up) and bootstraps their features."""

    def __init__(self, g, sc, players, *, jobs, backend, bootstrap, progress):
        self.g, self.sc, self.players = g, sc, players
        self.jobs, self.backend, self.bootstrap = jobs, backend, bootstrap
        self.progress = progress
        self._feat = {}
        self._weights = {}
        self.games_played = 0
        self.head = None          # the line-up context (paired changes are against it)

    def features(self, cfg: Config, n: int, ctx_rules: dict) -> dict:
        """Per-game features of a configuration (game index i: mean over its plans)."""
        key = (cfg.key(), json.dumps(sorted(ctx_rules.items()), default=str), n)
        if key in self._feat:
            return self._feat[key]
        g = self.g
        rules = g.make_rules(len(cfg.lineups[0]), {**self.sc.rules, **ctx_rules, **cfg.rules})
        acc = {}
        plans = 0
        for lu, tags in zip(cfg.lineups, cfg.tags, strict=True):
            p = len(lu)
            alike = len({b.label for b in lu}) == 1
            for r in range(1 if alike else p):
                seats = [(s + r) % p for s in range(p)]
                rot = [lu[i] for i in seats]
                rtags = [tags[i] for i in seats]
                out = run_games(g, g.prepare(rules, rot), n, self.sc.seed, jobs=self.jobs,
                                backend=self.backend, keep_rows=True, progress=False)
                self.games_played += n
                sc_ = np.asarray(out.rows["score"], dtype=float)
                w = np.asarray(out.rows["winner"], dtype=float)
                sh = w / np.maximum(w.sum(axis=1, keepdims=True), 1)
                f = {}
                for s in range(p):
                    f[("seat", s)] = sh[:, s]
                    f[("seat_score", s)] = sc_[:, s]
                f[("score",)] = sc_.mean(axis=1)
                for t in dict.fromkeys(rtags):
                    idx = [s for s in range(p) if rtags[s] == t]
                    f[("bot", t)] = sh[:, idx].sum(axis=1) / len(idx)
                    f[("bot_total", t)] = sh[:, idx].sum(axis=1)
                    f[("bot_score", t)] = sc_[:, idx].mean(axis=1)
                for k, v in f.items():
                    acc[k] = acc.get(k, 0.0) + v
                plans += 1
        feats = {k: v / plans for k, v in acc.items()}
        self._feat[key] = feats
        if self.progress is not None:
            self.progress.update(1)
        return feats

    def weights(self, n: int) -> np.ndarray:
        """(B + 1, n) Poisson bootstrap weights over game indices (row 0: the sample)."""
        if n not in self._weights:
            rng = np.random.default_rng([int(self.sc.seed) % 2**32, n])
            w = rng.poisson(1.0, size=(self.bootstrap, n)).astype(float)
            self._weights[n] = np.vstack([np.ones(n), w])
        return self._weights[n]

    def _stat(self, f: Finding, ctx: Context, built: dict, n: int) -> np.ndarray:
        """The finding's statistic over games 0..n-1 of the context's tables: the sample
        (index 0), then the bootstrap resamples."""
        W = self.weights(n)
        tot = W.sum(axis=1)
        feats = {name: self.features(cfg, max(n, ctx.games), ctx.rules)
                 for name, cfg in built.items()}

        def m(name, feature):
            x = feats[name].get(feature)
            if x is None:
                raise SimlabError(f"robustness: {f.text}: no {feature} in {name}")
            return W @ x[:n] / tot

        return np.asarray(f.stat(m), dtype=float)

    def cell(self, f: Finding, ctx: Context) -> Cell:
        """The finding in one context, and its paired change from the line-up (the same
        games and the same resamples for both)."""
        built = f.build(ctx)
        if isinstance(built, str):
            return Cell(na=built)
        n = ctx.games
        vals = self._stat(f, ctx, built, n)
        se = float(np.nanstd(vals[1:], ddof=1))
        lo, hi = vals[0] - Z95 * se, vals[0] + Z95 * se
        state = 0 if f.level else (1 if lo > f.ref else -1 if hi < f.ref else 0)
        cell = Cell(float(vals[0]), float(lo), float(hi), state, games=n, se=se)
        head = self.head
        if head is not None and ctx is not head:
            hb = f.build(head)
            if not isinstance(hb, str) and n <= head.games:
                d = vals - self._stat(f, head, hb, n)
                dse = float(np.nanstd(d[1:], ddof=1))
                cell.change = (float(d[0]), float(d[0] - Z95 * dse), float(d[0] + Z95 * dse))
        return cell


# ---------------------------------------------------------------------------- the analysis
def _tuned_bot(g, sc, players, settings, source, out_dir, jobs, backend, progress):
    """The tuned ``weights`` bot: a saved one (``tuned``), the cached one, or tuned now against
    the scenario's line-up (seat 1 tuned, the other seats the line-up's)."""
    import tomllib

    from simlab.analysis.tune import tune
    from simlab.version import __version__

    saved = settings.get("tuned")
    if saved:
        path = Path(saved)
        if not path.is_absolute() and not isinstance(source, dict):
            path = Path(source).parent / path
        where = f"robustness.tuned: {saved}"
    else:
        base = g.lineup(sc.bots, players)
        against = [b.label for b in base[1:]] or [base[0].label]
        key = hashlib.sha256(json.dumps([sc.game, players, against, sc.rules, sc.seed,
                                         settings["tune_budget"], __version__],
                                        default=str, sort_keys=True).encode()).hexdigest()[:12]
        path = Path(out_dir) / f"tuned-{key}.toml"
        where = str(path)
        if not path.is_file():
            res = tune(sc.game, against, players=players, budget=settings["tune_budget"],
                       seed=sc.seed, rules=dict(sc.rules), jobs=jobs, backend=backend,
                       progress=progress)
            res.save(path, f"tuned_{key}")
    if not path.is_file():
        raise SimlabError(f"{where}: no such file (a bot saved by simlab tune --save)")
    try:
        data = tomllib.loads(path.read_text())
        if data.get("game", sc.game) != sc.game:
            raise SimlabError(f"{where}: a bot of {data.get('game')!r}, not of {sc.game!r}")
        bot = BotChoice(str(data.get("base", "weights")),
                        tuple((k, float(v)) for k, v in data["params"].items()))
        g.lineup([bot.label], 1, where)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as e:
        raise SimlabError(f"{where}: not a saved bot ({e})") from None
    return bot, str(path)


def _contexts(g, sc, players, settings, tuned, varied: set) -> tuple[list, list]:
    """The populations, then one context per reading alternative; and what was left out."""
    n = settings["games"]
    bots = g.all_bots()
    want = settings["populations"]
    out = [Context("lineup", "the line-up", "population", None, n)]
    skipped = []
    if "greedy" in want and "greedy" in bots:
        out.append(Context("greedy", "all greedy", "population", BotChoice("greedy"), n))
    if "tuned" in want and tuned is not None:
        out.append(Context("tuned", "all tuned weights", "population", tuned, n,
                           note=tuned.label))
    if "lookahead" in want and "lookahead" in bots:
        budget = settings["lookahead_budget"]
        param = "playouts" if "playouts" in bots["lookahead"].params else None
        lb = BotChoice("lookahead", ((param, float(budget)),) if param else ())
        out.append(Context("lookahead", f"all lookahead ({budget} playouts)", "population",
                           lb, min(settings["lookahead_games"], n)))
    if "noise" in want:
        out.append(Context("noise", f"the line-up with noise (weights x 1+-"
                           f"{settings['jitter']:g})", "population", None, n, noise=True))
    if settings["readings"] is False:
        return out, skipped
    only = settings["readings"] if isinstance(settings["readings"], list) else None
    names = {r.name for r in g.readings()}
    base_rules = g.make_rules(players, dict(sc.rules))
    for r in g.readings():
        if only is not None and r.name not in only:
            continue
        if not settable(r):
            continue
        if r.name in sc.rules or r.name in varied:
            skipped.append(f"{r.name}: set or varied by the scenario (the question, not a "
                           f"context)")
            continue
        for alt in r.alternatives:
            try:
                alt_rules = g.make_rules(players, {**sc.rules, r.name: alt})
            except SimlabError as e:
                skipped.append(f"{r.name} = {alt!r}: not playable here ({e})")
                continue
            if _same(alt_rules, base_rules):
                skipped.append(f"{r.name} = {alt!r}: the same rules as the default here")
                continue
            out.append(Context(f"reading:{r.name}={alt}", f"{r.name} = {alt}", "reading",
                               None, n, rules={r.name: alt}))
    for name in only or []:
        if name not in names:
            raise SimlabError(f"robustness.readings: {g.title} has no reading {name!r}; "
                              f"see simlab readings {g.name}")
    return out, skipped


def _same(a, b) -> bool:
    try:
        return bool(a == b)
    except (ValueError, TypeError):   # array fields
        return repr(a) == repr(b)


def settings_of(sc, quick: bool, overrides: dict | None = None) -> dict:
    """The analysis settings: the ``[robustness]`` table over the quick or full defaults."""
    out = dict(QUICK if quick else FULL)
    out.update({"populations": list(POPULATIONS), "readings": True, "jitter": 0.2,
                "tuned": None})
    spec = getattr(sc, "robustness", None)
    if spec is not None:
        table = spec.model_dump(exclude_none=True)
        if quick:   # --quick keeps the table's choices but not its (larger) budgets
            for k in ("games", "lookahead_games", "lookahead_budget", "tune_budget",
                      "bootstrap"):
                if k in table:
                    table[k] = min(table[k], out[k])
        out.update(table)
    out.update({k: v for k, v in (overrides or {}).items() if v is not None})
    return out


def robustness(scenario, *, quick: bool = False, jobs: int = 1, backend: str = "loky",
               progress: bool | None = None, out_dir=None, **overrides) -> RobustnessResult:
    """Answer a scenario's question again under bot populations and readings (module
    docstring).

    Parameters
    ----------
    scenario : str, Path or dict
        A scenario file (or dict): a single point, ``[compare]``, ``[sweep]``,
        ``[tournament]`` or ``[balance]``; its ``[robustness]`` table sets the analysis.
    quick : bool
        Small budgets (600 games per context, lookahead 2 playouts on 30 games, tuning on
        3,000 games): a first look in a minute or two.
    out_dir : path, optional
        Where the tuned bot (and a balance search) are cached (default
        ``reports/<scenario>-robustness``).
    overrides
        Keys of the ``[robustness]`` table: ``games``, ``populations``, ``readings``,
        ``lookahead_budget``, ``lookahead_games``, ``tune_budget``, ``tuned``, ``jitter``,
        ``bootstrap``.

    Returns
    -------
    RobustnessResult
    """
    from simlab.scenario import load_scenario

    sc, _ = load_scenario(scenario)
    g = get_game(sc.game)
    players = sc.players if sc.players is not None else g.default_players
    settings = settings_of(sc, quick, overrides)
    bad = [p for p in settings["populations"] if p not in POPULATIONS]
    if bad:
        raise SimlabError(f"robustness.populations: unknown {bad}; expected some of "
                          f"{', '.join(POPULATIONS)}")
    if settings["games"] < 20:
        raise SimlabError(f"robustness.games: expected at least 20, got {settings['games']}")
    out_dir = Path(out_dir) if out_dir is not None else Path("reports") / f"{sc.name}-robustness"
    show = progress if progress is not None else None
    tuned = tuned_path = None
    if "tuned" in settings["populations"] and players > 1 and "weights" in g.all_bots():
        tuned, tuned_path = _tuned_bot(g, sc, players, settings, scenario, out_dir, jobs,
                                       backend, show)
    varied = set()
    for over in (sc.compare or {}).values():
        varied |= {k.removeprefix("rules.") for k in over}
    if sc.sweep is not None:
        varied |= {k.removeprefix("rules.") for k in sc.sweep.params}
    if sc.balance is not None:
        varied.add(sc.balance.param.removeprefix("rules."))
    contexts, skipped = _contexts(g, sc, players, settings, tuned, varied)
    pops = Populations(g, sc.seed, settings["jitter"])
    from tqdm.auto import tqdm

    bar = tqdm(desc=f"robustness {sc.name}", unit="table", disable=progress is False,
               leave=False)
    eng = _Engine(g, sc, players, jobs=jobs, backend=backend,
                  bootstrap=settings["bootstrap"], progress=bar)
    if sc.kind == "balance":
        from simlab.analysis.run import run_analysis

        eng.balance_result, _ = run_analysis(scenario, out=out_dir / "balance", jobs=jobs,
                                             backend=backend, progress=progress, write=True)
    eng.head = contexts[0]
    try:
        question, findings = findings_of(g, sc, players, pops, eng, contexts[0])
        cells = {f.key: {c.key: eng.cell(f, c) for c in contexts} for f in findings}
    finally:
        bar.close()
    # a reading that never arises in this scenario (a solo rule in a regular game) plays the
    # same games as the default: listed as such, not as a context
    same = [c for c in contexts if c.kind == "reading" and findings and all(
        cells[f.key][c.key].value == cells[f.key]["lineup"].value and
        cells[f.key][c.key].se == cells[f.key]["lineup"].se for f in findings)]
    for c in same:
        skipped.append(f"{c.name}: the same games as the default here (the reading does not "
                       f"arise in this scenario)")
        for f in findings:
            del cells[f.key][c.key]
    contexts = [c for c in contexts if c not in same]
    return RobustnessResult(game=sc.game, title=g.title, scenario=sc.name, question=question,
                            players=players, seed=sc.seed, contexts=contexts,
                            findings=findings, cells=cells, skipped=skipped,
                            tuned=tuned_path or "")


# ---------------------------------------------------------------------------- report
#: colours of the verdict grid, by how a finding fares in a context
FARES = {"agrees": "#3a7d44", "undecided": "#c9c9c9", "loses it": "#e0a040",
         "shows an effect": "#8e6bbf", "differs": "#8e6bbf", "flips": "#c0392b",
         "n/a": "#ffffff"}


def _grid_figure(res: RobustnessResult):
    """Findings (rows) x contexts (columns): how each finding fares, one colour per kind."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    from simlab.core import plots

    kinds = list(FARES)
    m = np.array([[kinds.index(res.classify(f, c)) if c.key != "lineup" else 0
                   for c in res.contexts] for f in res.findings], dtype=float)
    nf, nc = m.shape
    longest = max(min(len(f.text), 48) for f in res.findings)
    fig = plots.new_figure(width=max(8.0, 2.6 + 0.075 * longest + 0.32 * nc),
                           height=max(2.6, 1.9 + 0.34 * nf))
    ax = fig.subplots()
    ax.imshow(m, cmap=ListedColormap([FARES[k] for k in kinds]), vmin=-0.5,
              vmax=len(kinds) - 0.5, aspect="auto")
    ax.set_xticks(range(nc), [c.name for c in res.contexts], rotation=60, ha="right",
                  fontsize=7)
    ax.set_yticks(range(nf), [f.text if len(f.text) < 48 else f.text[:45] + "..."
                              for f in res.findings], fontsize=8)
    ax.set_xticks(np.arange(-0.5, nc), minor=True)
    ax.set_yticks(np.arange(-0.5, nf), minor=True)
    ax.grid(which="minor", color="white", lw=1.5)
    ax.tick_params(which="minor", length=0)
    npop = sum(c.kind == "population" for c in res.contexts)
    ax.axvline(npop - 0.5, color="#333333", lw=1.2)
    ax.legend(handles=[Patch(facecolor=FARES[k], edgecolor="#999999", label=k)
                       for k in kinds if k != "n/a" and (m == kinds.index(k)).any()],
              loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    plots.title(ax, "How each finding fares in each context")
    return fig


def _finding_figure(res: RobustnessResult, f: Finding):
    from simlab.core import plots

    rows = [(c, res.cells[f.key][c.key]) for c in res.contexts
            if not res.cells[f.key][c.key].na]
    return plots.forest([c.name for c, _ in rows], [x.value for _, x in rows],
                        [x.lo for _, x in rows], [x.hi for _, x in rows],
                        ref=None if f.level else f.ref,
                        xlabel=("percentage points" if f.unit == "share" and not f.level
                                else "share" if f.unit == "share" else "points"),
                        title_text=f.text,
                        colors=[plots.color(0 if c.kind == "population" else 1)
                                for c, _ in rows],
                        filled=[bool(x.state) or f.level for _, x in rows],
                        legend=[("bot population", plots.color(0)),
                                ("reading", plots.color(1))],
                        percent_points=f.unit == "share" and not f.level,
                        percent=f.unit == "share" and f.level, sig_legend=not f.level,
                        sig_text="significant (95% interval excludes 0)")


def robustness_report(res: RobustnessResult, path, max_figures: int = 8) -> Path:
    """The analysis as a self-contained HTML report: the findings in words, the verdict grid,
    one forest plot per finding (the first ``max_figures``), the findings table, the JSON."""
    from simlab.report.analysis import FigureItem, Section, write_analysis_report

    items = [FigureItem("robustness-grid", "Verdicts",
                        "Each finding (row) in each context (column; bot populations left of "
                        "the black line, readings right), against its value with "
                        "the scenario's line-up: green the same verdict, red flipped "
                        "(significant the other way), amber lost (no longer significant, the "
                        "headline value ruled out), purple an effect where the line-up "
                        "shows none, grey too few games to tell, white not applicable.",
                        _grid_figure(res))]
    for i, f in enumerate(res.findings[:max_figures]):
        items.append(FigureItem(f"finding-{i + 1}", f.text,
                                "Value in each context with its 95% bootstrap interval "
                                "(filled: significant); the dashed line is no effect.",
                                _finding_figure(res, f)))
    secs = [Section("findings", "Findings in every context",
                    "Bot populations first, then each reading alternative.", items)]
    more = len(res.findings) - max_figures
    run = {"game": res.game, "scenario": res.scenario, "players": res.players,
           "seed": res.seed,
           **{f"context: {c.name}": f"{c.games:,} games" + (f"; {c.note}" if c.note else "")
              for c in res.contexts}}
    if res.tuned:
        run["tuned bot"] = res.tuned
    if res.skipped:
        run["readings left out"] = "; ".join(res.skipped)
    if more > 0:
        run["figures"] = f"the first {max_figures} findings ({more} more in the tables)"
    verdicts = pd.DataFrame({"finding": [f.text for f in res.findings],
                             "verdict": [res.verdict(f)[0] for f in res.findings]})
    return write_analysis_report(
        path, heading="Robustness", game_title=res.title, kind_text=res.scenario,
        headlines=res.headlines(), sections=secs,
        tables_=[("Verdicts", verdicts), ("Findings x contexts (points; * significant)",
                                          res.findings_table()),
                 ("Every cell", res.table().round(4))],
        run=run, data=res.to_dict(),
        footnote="Every context plays the same games (common random numbers); intervals are "
                 "95% intervals (Poisson bootstrap over the games); a disagreement must hold at the "
                 "Bonferroni level over the contexts. robust: the same verdict "
                 "everywhere; bot-dependent / reading-dependent: a population / reading "
                 "flips or loses it.")
