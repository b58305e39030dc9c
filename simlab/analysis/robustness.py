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
    check_question,
    findings_of,
)
from simlab.core.readings import settable
from simlab.core.stats import Z95
from simlab.errors import SimlabError
from simlab.games.registry import BotChoice, get_game
from simlab.report.fmt import ordinal

#: bot populations, in report order
POPULATIONS = ("lineup", "greedy", "tuned", "lookahead", "noise")

QUICK = {"games": 600, "lookahead_games": 30, "lookahead_budget": 2, "tune_budget": 3_000,
         "bootstrap": 300, "data_alternatives": 10}
FULL = {"games": 4_000, "lookahead_games": 200, "lookahead_budget": 8, "tune_budget": 30_000,
        "bootstrap": 500, "data_alternatives": 20}


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
        """``(verdict, sentence)`` of one finding: **robust** (an effect, the same verdict in
        every other context), **no effect found** (no effect with the line-up, and none shown
        in any context: never "robust"), **bot-**, **lineup-**, **reading-** or
        **data-dependent** (naming what flips, loses or shows it), or **undecided**."""
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
        others = fine + len(flips) + len(undecided)
        spread = self._spread_words(f)
        null = not f.level and head.state == 0
        if not flips and not undecided:
            if null:
                return "no effect found", (f"{words}; no effect in any of the {fine} other "
                                           f"contexts either{spread}: no effect found (which "
                                           f"is not a proof of none).")
            return "robust", (f"{words}; the same in every other context ({fine})"
                              f"{spread}: robust.")
        tags = [TAGS[k] for k in TAGS if any(c.kind == k for c, _, _ in flips)]
        if tags:
            verdict = " and ".join(tags)
        else:
            verdict = "no effect found" if null else "undecided"
        parts = [f"the same in {fine} of {others} other contexts"]
        for how in ("flips", "differs", "shows an effect", "loses it"):
            these = [(c, cell) for c, cell, h in flips if h == how]
            if these:
                parts.append(f"{how} with " + _listing(f, these, 4))
        if undecided:
            parts.append("too few games to tell with " +
                         _listing(f, undecided, 2, values=False))
        return verdict, f"{words}; {'; '.join(parts)}{spread}: {verdict}."

    def data_groups(self) -> dict[str, list]:
        """The data contexts by generator: ``data:<name>`` -> its alternatives' contexts."""
        out: dict[str, list] = {}
        for c in self.contexts:
            if c.kind == "data":
                out.setdefault(c.group, []).append(c)
        return out

    def spread(self, f: Finding, group: str) -> dict | None:
        """A finding over a generator's alternatives: median, range, values, and where the
        shipped data's value sits (the share of alternatives below it)."""
        alts = self.data_groups().get(group, [])
        vals = [self.cells[f.key][c.key].value for c in alts
                if c.key in self.cells[f.key] and not self.cells[f.key][c.key].na]
        vals = [v for v in vals if np.isfinite(v)]
        if not vals:
            return None
        head = self.cells[f.key]["lineup"].value
        arr = np.array(vals)
        return {"alternatives": len(vals), "median": float(np.median(arr)),
                "min": float(arr.min()), "max": float(arr.max()),
                "values": [float(v) for v in vals],
                "shipped": float(head),
                "shipped_percentile": float((arr < head).mean() + 0.5 * (arr == head).mean())}

    def _spread_words(self, f: Finding) -> str:
        parts = []
        for group in self.data_groups():
            sp = self.spread(f, group)
            if sp is None:
                continue
            parts.append(f"over {sp['alternatives']} generated {group[5:]} alternatives "
                         f"median {_num(f, sp['median'])}, range {_num(f, sp['min'])} to "
                         f"{_num(f, sp['max'])}, the shipped data at the "
                         f"{ordinal(100 * sp['shipped_percentile'])} percentile")
        return ("; " + "; ".join(parts)) if parts else ""

    def headlines(self) -> list[str]:
        kinds = {k: sum(c.kind == k for c in self.contexts) for k in TAGS}
        groups = self.data_groups()
        what = [f"{kinds['population']} bot populations"]
        if kinds["lineup"]:
            what.append(f"{kinds['lineup']} line-ups with one bot replaced")
        what.append(f"{kinds['reading']} readings")
        if groups:
            what.append(f"{kinds['data']} generated data alternatives ("
                        + ", ".join(f"{len(v)} of {k[5:]}" for k, v in groups.items()) + ")")
        lines = [f"{self.question} Answered again in {len(self.contexts) - 1} other contexts "
                 f"({', '.join(what)}), the same games (seed {self.seed}) in each."]
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
                rows.append({"finding": f.text, "verdict": v,
                             "context": cell.label or c.name,
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
            if c.kind == "data":
                continue
            col = []
            for f in self.findings:
                cell = self.cells[f.key][c.key]
                col.append("n/a" if cell.na or np.isnan(cell.value) else
                           _short(f, cell) + ("*" if cell.state else ""))
            out[c.name] = col
        for group in self.data_groups():
            col = []
            for f in self.findings:
                sp = self.spread(f, group)
                col.append("n/a" if sp is None else
                           f"{_short_v(f, sp['median'])} [{_short_v(f, sp['min'])}, "
                           f"{_short_v(f, sp['max'])}]")
            out[f"{group} (median [range])"] = col
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
        contexts = [{"key": c.key, "name": c.name, "kind": c.kind, "games": c.games,
                     "rules": c.rules, "note": c.note} for c in self.contexts
                    if c.kind != "data"]
        for group, alts in self.data_groups().items():
            contexts.append({"key": group, "name": f"generated {group[5:]}", "kind": "data",
                             "games": alts[0].games, "alternatives": len(alts),
                             "seeds": [c.seed for c in alts], "note": alts[0].note})

        def cells(f):
            out = {k: _cell_dict(v) for k, v in self.cells[f.key].items()}
            for group in self.data_groups():
                out[group] = {"spread": self.spread(f, group)}
            return out

        return {"game": self.game, "scenario": self.scenario, "question": self.question,
                "players": self.players, "seed": self.seed, "tuned": self.tuned,
                "contexts": contexts,
                "findings": [{"key": f.key, "text": f.text, "unit": f.unit, "ref": f.ref,
                              "verdict": self.verdict(f)[0],
                              "sentence": self.verdict(f)[1],
                              "cells": cells(f)}
                             for f in self.findings],
                "skipped": self.skipped, "headlines": self.headlines()}


#: verdict tags by context kind
TAGS = {"population": "bot-dependent", "lineup": "lineup-dependent",
        "reading": "reading-dependent", "data": "data-dependent"}


def _listing(f, items, top: int, values: bool = True) -> str:
    """``name (value), name (value) and 3 more``; a context as the finding plays it (its
    cell's label, e.g. "breeder vs all greedy")."""
    shown = [f"{cell.label or c.name} ({_fmt(f, cell)})" if values else (cell.label or c.name)
             for c, cell in items[:top]]
    more = len(items) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "")


def _num(f: Finding, x: float) -> str:
    if f.unit == "share":
        return f"{100 * x:.1f}%" if f.level else f"{100 * x:+.1f} points"
    return f"{x:+.2f}"


def _short_v(f: Finding, x: float) -> str:
    if f.unit == "share":
        return f"{100 * x:.1f}%" if f.level else f"{100 * x:+.1f}"
    return f"{x:+.2f}"


def _cell_dict(c: Cell) -> dict:
    def num(x):
        return None if x is None or np.isnan(x) else float(x)
    ch = c.change or (None, None, None)
    out = {"value": num(c.value), "lo": num(c.lo), "hi": num(c.hi), "state": c.state,
           "change_from_lineup": [num(x) for x in ch],
           "games": c.games, "not_applicable": c.na}
    if c.label:
        out["label"] = c.label
    return out


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
        """Per-game features of a configuration: game index i's value averaged over every
        seating of each of its line-ups (and over its line-ups)."""
        from simlab.core.seated import run_seated

        key = (cfg.key(), json.dumps(sorted(ctx_rules.items()), default=str), n)
        if key in self._feat:
            return self._feat[key]
        g = self.g
        rules = g.make_rules(len(cfg.lineups[0]), {**self.sc.rules, **ctx_rules, **cfg.rules})
        acc = {}
        for lu, tags in zip(cfg.lineups, cfg.tags, strict=True):
            p = len(lu)
            out = run_seated(g, rules, lu, n, self.sc.seed, rotate=True, tags=tags,
                             jobs=self.jobs, backend=self.backend, series=True, progress=False)
            self.games_played += out.played
            ser = out.series
            f = {}
            for s in range(p):
                f[("seat", s)] = np.asarray(ser["seat"][:, s], dtype=float)
                f[("seat_score", s)] = np.asarray(ser["seat_score"][:, s], dtype=float)
            f[("score",)] = np.asarray(ser["seat_score"], dtype=float).mean(axis=1)
            for j, t in enumerate(out.labels):
                k = sum(1 for x in tags if x == t)
                tot = np.asarray(ser["bot"][:, j], dtype=float)
                f[("bot", t)] = tot / k
                f[("bot_total", t)] = tot
                f[("bot_score", t)] = np.asarray(ser["bot_score"][:, j], dtype=float)
            for k_, v in f.items():
                acc[k_] = acc.get(k_, 0.0) + v
        feats = {k: v / len(cfg.lineups) for k, v in acc.items()}
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
        if f.bounded:   # a spread: the bootstrap's own percentiles, inside the bound
            lo, hi = (float(x) for x in np.nanquantile(vals[1:], [0.025, 0.975]))
            lo, hi = min(lo, float(vals[0])), max(hi, float(vals[0]))
        else:
            lo, hi = vals[0] - Z95 * se, vals[0] + Z95 * se
        state = 0 if f.level else (1 if lo > f.ref else -1 if hi < f.ref else 0)
        cell = Cell(float(vals[0]), float(lo), float(hi), state, games=n, se=se)
        if f.bot and ctx.kind == "population" and ctx.bot is not None:
            cell.label = f"{f.bot} vs all {ctx.bot.label}"
        elif f.bot and ctx.kind == "population" and ctx.noise:
            cell.label = f"{f.bot} and the line-up with noise"
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
    if settings.get("lineup", True) and players > 1 and sc.kind != "tournament":
        out += _lineup_contexts(g, sc, players, settings, n)
    if settings["readings"] is not False:
        out, skipped = _reading_contexts(g, sc, players, settings, varied, out, skipped, n)
    if settings.get("data_alternatives", 0):
        out += _data_contexts(g, sc, players, settings, varied, n, skipped)
    return out, skipped


def _search_or_bench(g, name: str) -> bool:
    """Bots left out of line-up replacements: the search bots (their own population) and the
    bench-only bots."""
    return name in getattr(g, "bench_bots", ()) or name in ("lookahead", "search") or \
        "playouts" in g.all_bots()[name].params


def _lineup_contexts(g, sc, players, settings, n) -> list:
    """Each bot of the line-up left out and its seats given to another bot, in turn (every
    other bot of the game but the search and bench-only bots, or the ``[robustness]
    replacements``)."""
    base = g.lineup(sc.bots, players)
    labels = list(dict.fromkeys(b.label for b in base))
    if len(labels) < 2:
        return []
    names = settings.get("replacements") or [b for b in g.bots()
                                              if not _search_or_bench(g, b)]
    out = []
    for lab in labels:
        for name in names:
            rep = g.lineup([name], 1, "robustness.replacements")[0]
            if rep.label == lab:
                continue
            out.append(Context(f"lineup:{lab}->{rep.label}", f"{lab} replaced by {rep.label}",
                               "lineup", None, n, replace=(lab, rep)))
    return out


def _data_contexts(g, sc, players, settings, varied, n, skipped) -> list:
    """For each data generator of the game (its data not set or varied by the scenario):
    ``data_alternatives`` generated alternatives, each a context of the ``data:<name>``
    group."""
    out = []
    k = int(settings["data_alternatives"])
    readings = {r.name: r for r in g.readings()}
    for gen in g.data_generators():
        if f"data.{gen.name}" in sc.rules or f"data.{gen.name}" in varied or \
                gen.name in sc.rules or gen.name in varied:
            skipped.append(f"data {gen.name}: set or varied by the scenario (the question, "
                           f"not a context)")
            continue
        note = readings[gen.name].default if gen.name in readings else gen.default
        for seed in range(1, k + 1):
            out.append(Context(f"data:{gen.name}#{seed}", f"{gen.name} alternative {seed}",
                               "data", None, n, rules={f"data.{gen.name}": seed},
                               group=f"data:{gen.name}", seed=seed, note=str(note)))
    return out


def _reading_contexts(g, sc, players, settings, varied, out, skipped, n):
    """One context per alternative of every settable reading the scenario leaves alone."""
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
                "tuned": None, "lineup": True, "replacements": None})
    spec = getattr(sc, "robustness", None)
    if spec is not None:
        table = spec.model_dump(exclude_none=True)
        if quick:   # --quick keeps the table's choices but not its (larger) budgets
            for k in ("games", "lookahead_games", "lookahead_budget", "tune_budget",
                      "bootstrap", "data_alternatives"):
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
    check_question(sc)
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
    from simlab.core.progress import progress_bar

    bar = progress_bar(None, desc=f"robustness {sc.name}", unit="table", enabled=progress)
    eng = _Engine(g, sc, players, jobs=jobs, backend=backend,
                  bootstrap=settings["bootstrap"], progress=bar)
    if sc.kind == "balance":
        from simlab.analysis.run import run_analysis

        eng.balance_result, _ = run_analysis(scenario, out=out_dir / "balance", jobs=jobs,
                                             backend=backend, progress=progress, write=True)
    if sc.kind == "sweep":   # the sweep's own answer (stored beside, resumed when there)
        from simlab.sweep import run_sweep

        eng.sweep_result = run_sweep(scenario, out=out_dir / "sweep", jobs=jobs,
                                     backend=backend, resume=True, progress=progress,
                                     report=False)
    eng.head = contexts[0]
    try:
        question, findings = findings_of(g, sc, players, pops, eng, contexts[0])
        cells = {f.key: {c.key: eng.cell(f, c) for c in contexts} for f in findings}
    finally:
        bar.close()
    # a reading that never arises in this scenario (a solo rule in a regular game) plays the
    # same games as the default: listed as such, not as a context
    same = [c for c in contexts if c.kind in ("reading", "data") and findings and all(
        cells[f.key][c.key].value == cells[f.key]["lineup"].value and
        cells[f.key][c.key].se == cells[f.key]["lineup"].se for f in findings)]
    groups = {}
    for c in contexts:
        if c.kind == "data":
            groups.setdefault(c.group, []).append(c)
    for group, alts in groups.items():   # a generator whose data is not played here
        if all(c in same for c in alts):
            skipped.append(f"{group}: its generated alternatives play the same games as the "
                           f"shipped data here (that data does not arise in this scenario)")
        else:
            same = [c for c in same if c not in alts]
    for c in same:
        if c.kind == "reading":
            skipped.append(f"{c.name}: the same games as the default here (the reading does "
                           f"not arise in this scenario)")
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


#: how bad each way of faring is, for a data group's column (its worst alternative)
_SEVERITY = ["n/a", "agrees", "undecided", "differs", "shows an effect", "loses it", "flips"]


def _columns(res: RobustnessResult) -> list[tuple[str, list]]:
    """The verdict grid's columns: each context but the data alternatives, then one column per
    data generator (its alternatives)."""
    cols = [(c.name, [c]) for c in res.contexts if c.kind != "data"]
    cols += [(f"{g} ({len(a)} alternatives)", a) for g, a in res.data_groups().items()]
    return cols


def _fares(res: RobustnessResult, f: Finding, ctxs: list) -> str:
    how = [res.classify(f, c) if c.key != "lineup" else "agrees" for c in ctxs]
    return max(how, key=_SEVERITY.index)


def _grid_figure(res: RobustnessResult):
    """Findings (rows) x contexts (columns): how each finding fares, one colour per kind."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    from simlab.core import plots

    kinds = list(FARES)
    cols = _columns(res)
    m = np.array([[kinds.index(_fares(res, f, ctxs)) for _, ctxs in cols]
                  for f in res.findings], dtype=float)
    nf, nc = m.shape
    longest = max(min(len(f.text), 48) for f in res.findings)
    fig = plots.new_figure(width=max(8.0, 2.6 + 0.075 * longest + 0.32 * nc),
                           height=max(2.6, 1.9 + 0.34 * nf))
    ax = fig.subplots()
    ax.imshow(m, cmap=ListedColormap([FARES[k] for k in kinds]), vmin=-0.5,
              vmax=len(kinds) - 0.5, aspect="auto")
    ax.set_xticks(range(nc), [name for name, _ in cols], rotation=60, ha="right", fontsize=7)
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


_KIND_COLOR = {"population": 0, "lineup": 2, "reading": 1, "data": 3}


def _finding_figure(res: RobustnessResult, f: Finding):
    from simlab.core import plots

    rows = [(c, res.cells[f.key][c.key]) for c in res.contexts
            if not res.cells[f.key][c.key].na]
    present = [k for k in _KIND_COLOR if any(c.kind == k for c, _ in rows)]
    names = {"population": "bot population", "lineup": "a bot replaced", "reading": "reading",
             "data": "generated data"}
    return plots.forest([x.label or c.name for c, x in rows], [x.value for _, x in rows],
                        [x.lo for _, x in rows], [x.hi for _, x in rows],
                        ref=None if f.level else f.ref,
                        xlabel=("percentage points" if f.unit == "share" and not f.level
                                else "share" if f.unit == "share" else "points"),
                        title_text=f.text,
                        colors=[plots.color(_KIND_COLOR[c.kind]) for c, _ in rows],
                        filled=[bool(x.state) for _, x in rows],
                        legend=[(names[k], plots.color(_KIND_COLOR[k])) for k in present],
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
