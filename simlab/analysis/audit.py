"""``simlab audit GAME``: the whole balance picture of a game, as one report card.

The card answers "what is wrong with my game?" in five parts, each played on the same games
(the audit's seed, game indices 0, 1, ...: common random numbers), every line-up in every
seating (:func:`simlab.core.seated.run_seated`):

* **seat balance** -- equal players at rising strength (the game's strength ladder:
  ``greedy``, ``tuned`` -- the weights bot tuned against greedy, :func:`tuned_resolver` --
  and the search bot at its two budgets): the first-player effect in points (seat 1's score
  minus the mean of the other seats', per game) and in win share, with 95% intervals, its
  verdict over the strengths (robust / no effect found / bot-dependent / undecided) and
  whether it shrinks as strength grows;
* **strategy landscape** (:mod:`simlab.analysis.audit_parts`) -- every built-in bot but the
  bench and search bots, plus the plugin bots, head to head in every seating: the pairwise
  table, the dominant bot, the Nash mixture of the pairwise meta-game with bootstrap
  intervals; each bot in one seat against fields of rising strength, and which results flip;
* **sensitivity** -- every settable numeric rule option screened with the Morris method
  (SALib) and every other reading one alternative at a time, on the game's mixed line-up in
  every seating: ranked by the effect on the seat spread and the bots' win shares;
* **assumed data** -- the headline figures over generated rulebook-consistent alternatives of
  each piece of assumed data (median, range, where the shipped data sits);
* **game shape** -- length, lead changes, comeback, snowball, ends and points by source, from
  what the game records.

The card opens with at most six sentences, each a finding with its size, its interval and its
verdict. The games are budgeted from measured speeds (:class:`~.audit_cells.Budget`): about four
minutes of play with ``quick``, forty-five without, on the jobs given. Each finished table is
stored under the output folder and reused (:class:`~.audit_cells.CellStore`): a killed audit
continues where it stopped.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from simlab.analysis.audit_cells import (
    Budget,
    CellStore,
    boot_weights,
    cell_key,
    interval,
    play_cell,
    state,
    wmean,
)
from simlab.errors import SimlabError
from simlab.games.registry import get_game

#: budgets: seconds of play, games per cell bounds, Morris trajectories, data alternatives,
#: bootstrap resamples, tuning games
QUICK = {"seconds": 240, "min_games": 40, "max_games": 20_000, "morris_r": 3,
         "data_alternatives": 4, "bootstrap": 200, "tune_budget": 3_000, "levels": None,
         "only": None, "bots": None}
FULL = {"seconds": 2_700, "min_games": 200, "max_games": 400_000, "morris_r": 6,
        "data_alternatives": 12, "bootstrap": 400, "tune_budget": 30_000, "levels": None,
        "only": None, "bots": None}
#: JSON keys of the card, in order
KEYS = ("headlines", "seat_balance", "strategies", "sensitivity", "data_spread", "shape")
MAX_HEADLINES = 6
#: a table of at least this many games per seating is split over the workers itself
BIG = 2_000


@dataclass
class AuditResult:
    """The card: ``card`` holds exactly :data:`KEYS`; ``meta`` how it was made."""

    game: str
    title: str
    players: int
    card: dict
    meta: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        """The card's JSON (exactly the keys of :data:`KEYS`)."""
        return {k: self.card[k] for k in KEYS}

    def headlines(self) -> list[str]:
        return list(self.card["headlines"])


class _Ctx:
    """What every part of the audit shares: the game, rules, budget, cells, progress."""

    def __init__(self, g, players, overrides, settings, seed, jobs, backend, store, bar):
        self.g, self.players, self.overrides = g, players, dict(overrides)
        self.rules = g.make_rules(players, dict(overrides))
        self.settings, self.seed, self.jobs, self.backend = settings, seed, jobs, backend
        self.store, self.bar = store, bar
        self.budget = Budget(settings["seconds"], jobs, settings["min_games"],
                             settings["max_games"])
        self.weights: dict[int, np.ndarray] = {}
        self.notes: list[str] = []

    def w(self, n: int) -> np.ndarray:
        if n not in self.weights:
            self.weights[n] = boot_weights(n, self.settings["bootstrap"], self.seed)
        return self.weights[n]

    def _parts(self, lineup, games, rotate, overrides) -> dict:
        return {"game": self.g.name, "players": self.players,
                "rules": {**self.overrides, **(overrides or {})},
                "lineup": [b.label for b in lineup], "rotate": rotate, "games": int(games),
                "seed": self.seed}

    def _rules(self, overrides):
        if not overrides:
            return self.rules
        return self.g.make_rules(self.players, {**self.overrides, **overrides})

    def cell(self, lineup, games: int, *, rotate: bool = True, overrides=None, what=""):
        """A stored or newly played table (``overrides`` on top of the audit's rules)."""
        parts = self._parts(lineup, games, rotate, overrides)

        def play():
            if self.bar is not None:
                self.bar.set_description(f"audit {self.g.name}: {what}"[:60])
            return play_cell(self.g, self._rules(overrides), lineup, int(games), self.seed,
                             rotate, self.jobs, self.backend)

        have = self.store.played + self.store.reused
        cell = self.store.get(parts, play)
        if self.bar is not None and self.store.played + self.store.reused > have:
            self.bar.update(1)
        return cell

    def prefetch(self, specs: list[dict], what: str = "") -> None:
        """Play the missing tables of ``specs`` (dicts of :meth:`cell`'s arguments) side by
        side, one table per worker (``jobs`` workers, loky or Dask), and store them; tables
        big enough to split over the workers themselves, and line-ups with a plugin's custom
        bot (registered in this process only), are left to :meth:`cell`."""
        from simlab.core.seated import BLOCK  # noqa: F401 - the same module the workers use

        if self.jobs <= 1 or self.backend not in ("loky", "dask"):
            return
        builtin = set(self.g.bots())
        todo, seen = [], set()
        for sp in specs:
            parts = self._parts(sp["lineup"], sp["games"], sp.get("rotate", True),
                                sp.get("overrides"))
            key = cell_key(parts)
            if key in seen or self.store.has(parts) or int(sp["games"]) >= BIG or \
                    any(b.name not in builtin for b in sp["lineup"]):
                continue
            seen.add(key)
            todo.append((parts, sp))
        if len(todo) < 2:
            return
        from joblib import Parallel, delayed, parallel_config

        if self.bar is not None:
            self.bar.set_description(f"audit {self.g.name}: {what}"[:60])
        tasks = (delayed(play_cell)(self.g, self._rules(sp.get("overrides")), sp["lineup"],
                                    int(sp["games"]), self.seed, sp.get("rotate", True), 1,
                                    "serial") for _, sp in todo)
        with parallel_config(backend=self.backend, n_jobs=self.jobs):
            results = Parallel(return_as="generator")(tasks)
            for (parts, _), cell in zip(todo, results, strict=True):
                self.store.put(parts, cell)
                if self.bar is not None:
                    self.bar.update(1)


# ---------------------------------------------------------------------------- seat balance
def _level_bot(ctx: _Ctx, level: str, resolve):
    if level == "tuned":
        return resolve(level, ctx.players, ctx.overrides)
    return ctx.g.strength_bot(level)


def seat_balance(ctx: _Ctx, levels: list, bots: dict) -> list[dict]:
    """One entry per strength level: equal players, first-player effect in points and in win
    share (95% bootstrap intervals), seat spread; then the verdict over the levels."""
    g, p = ctx.g, ctx.players
    out = []
    lo_budget = min(g.search_budgets)
    plan = []
    for level in levels:
        bot = bots.get(level)
        if bot is None:
            continue
        if level.startswith("search:"):
            part = "seat:search:lo" if int(level[7:]) == lo_budget else "seat:search:hi"
        else:
            part = f"seat:{level}"
        plan.append((level, bot, ctx.budget.games(part, 1, ctx.budget.cost([level]))))
    ctx.prefetch([{"lineup": [bot] * p, "games": n, "rotate": False} for _, bot, n in plan],
                 "seat balance")
    for level, bot, n in plan:
        cell = ctx.cell([bot] * p, n, rotate=False, what=f"seat balance, {level}")
        w = ctx.w(cell.n)
        score = cell.seat_score.astype(np.float64)
        d = score[:, 0] - score[:, 1:].mean(axis=1) if p > 1 else score[:, 0]
        bd = wmean(w, d[:, None])[:, 0]
        sh = cell.seat.astype(np.float64)
        bs = wmean(w, sh)
        spread = bs.max(axis=1) - bs.min(axis=1)
        share = sh.mean(axis=0)
        entry = {"strength": level, "bot": bot.label, "games": cell.n,
                 "first_player_points": float(d.mean()),
                 "first_player_points_ci": interval(bd),
                 "first_seat_win_share": float(share[0]),
                 "first_seat_win_share_ci": interval(bs[:, 0], 0.0, 1.0),
                 "fair_share": 1.0 / p,
                 "seat_win_shares": [float(x) for x in share],
                 "seat_spread": float(share.max() - share.min()),
                 "seat_spread_ci": interval(spread, 0.0, 1.0)}
        entry["significant"] = state(entry["first_player_points_ci"]) != 0
        out.append(entry)
    why = g.seats_identical(ctx.rules)
    verdict, trend = _seat_verdict(out)
    for e in out:
        e["verdict"], e["trend"] = verdict, trend
        if why:
            e["seats_identical"] = why
    return out


def _seat_verdict(entries: list[dict]) -> tuple[str, str]:
    """The first-player effect over the strengths: ``robust`` (significant, one sign, at every
    strength), ``no effect found`` (significant at none), ``bot-dependent`` (it flips, or a
    strength's interval rules out the effect another shows), else ``undecided``; and the trend
    from the weakest to the strongest level: shrinks, grows or steady."""
    if not entries:
        return "no effect found", "steady"
    states = [state(e["first_player_points_ci"]) for e in entries]
    if all(s == states[0] != 0 for s in states):
        verdict = "robust"
    elif not any(states):
        verdict = "no effect found"
    elif 1 in states and -1 in states:
        verdict = "bot-dependent"
    else:
        shown = [e["first_player_points"] for e, s in zip(entries, states, strict=True) if s]
        lost = [e for e, s in zip(entries, states, strict=True) if not s]
        rules_out = any(not (e["first_player_points_ci"][0] <= v <= e["first_player_points_ci"][1])
                        for e in lost for v in shown)
        verdict = "bot-dependent" if rules_out else "undecided"
    a, b = entries[0], entries[-1]
    ha = (a["first_player_points_ci"][1] - a["first_player_points_ci"][0]) / 3.92
    hb = (b["first_player_points_ci"][1] - b["first_player_points_ci"][0]) / 3.92
    diff = abs(b["first_player_points"]) - abs(a["first_player_points"])
    se = float(np.hypot(ha, hb))
    trend = "steady" if len(entries) < 2 or abs(diff) <= 1.96 * se else \
        ("shrinks" if diff < 0 else "grows")
    return verdict, trend


# ---------------------------------------------------------------------------- game shape
def shape_section(ctx: _Ctx, greedy_cell, mixed_cell, mixed_lineup) -> dict:
    """What the games look like: from the equal-greedy tables and the mixed line-up."""
    from simlab.core.stats import wilson_interval

    out = {}
    for name, cell, lu in (("equal greedy", greedy_cell, None), ("mixed line-up", mixed_cell,
                                                               mixed_lineup)):
        if cell is None:
            continue
        sh = dict(cell.meta.get("shape", {}))
        cnt = sh.pop("counts", None)
        if cnt:
            n = cnt["snowball_games"]
            if n > 0:
                sh["snowball_ci"] = list(wilson_interval(cnt["snowball_wins"], n))
            n = cnt["comeback_games"]
            if n > 0:
                sh["comeback_ci"] = list(wilson_interval(cnt["comeback_wins"], n))
        sh["games"] = cell.n
        if lu is not None:
            sh["lineup"] = [b.label for b in lu]
        out[name] = sh
    return out


# ---------------------------------------------------------------------------- headlines
def _pp(x: float) -> str:
    return f"{100 * x:+.1f}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def headlines(card: dict, g, players: int) -> list[str]:
    """At most six sentences, each a finding with its size, interval and verdict."""
    out = []
    sb = card["seat_balance"]
    if sb:
        e = sb[0]
        lo, hi = e["first_player_points_ci"]
        levels = ", ".join(x["strength"] for x in sb)
        per = "; ".join(f"{x['strength']} {x['first_player_points']:+.2f} "
                        f"[{x['first_player_points_ci'][0]:+.2f}, "
                        f"{x['first_player_points_ci'][1]:+.2f}]" for x in sb[1:])
        if players > 1:
            text = (f"Seat 1 scores {e['first_player_points']:+.2f} points [{lo:+.2f}, "
                    f"{hi:+.2f}] against the other seats with equal {e['strength']} players "
                    f"(win share {_pct(e['first_seat_win_share'])} [{_pct(e['first_seat_win_share_ci'][0])}, "
                    f"{_pct(e['first_seat_win_share_ci'][1])}], fair {_pct(e['fair_share'])})")
            text += (f"; at {per}" if per else "")
            trend = {"shrinks": "it shrinks as strength grows",
                     "grows": "it grows with strength",
                     "steady": "no clear trend with strength"}[e["trend"]]
            text += f" ({levels}; {trend}): {e['verdict']}."
            if e.get("seats_identical"):
                text += " The seats are identical by construction: a seat effect here can " \
                        "only be noise."
            out.append(text)
    st = card["strategies"]
    if st.get("headline"):
        out.append(st["headline"])
    if st.get("flip_headline"):
        out.append(st["flip_headline"])
    sens = card["sensitivity"]
    if sens:
        top = sens[0]
        rest = ", ".join(f"{s['name']} ({100 * s['effect']:.1f})" for s in sens[1:5])
        ci = top.get("effect_ci")
        ci_t = f" [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]" if ci else ""
        out.append(f"The rule knob that moves the balance most is {top['name']}: "
                   f"{100 * top['effect']:.1f} points of win share{ci_t} on {top['moves']} "
                   f"({top['how']}); then {rest or 'no other'}: {top['verdict']}.")
    ds = card["data_spread"]
    for d in ds[:1]:
        f = d["figures"]["first_player_points"]
        out.append(f"Over {d['alternatives']} generated {d['name']} alternatives the "
                   f"first-player effect with equal greedy players ranges {f['min']:+.2f} to "
                   f"{f['max']:+.2f} points (median {f['median']:+.2f}, the shipped data's "
                   f"{f['shipped']:+.2f} at the {100 * f['shipped_percentile']:.0f}th "
                   f"percentile): {d['verdict']}.")
    sh = card["shape"].get("equal greedy", {})
    gs = sh.get("game_shape", {})
    if gs.get("snowball_rate") is not None and len(out) < MAX_HEADLINES:
        ci = sh.get("snowball_ci", [float("nan")] * 2)
        ln = sh.get("length")
        lt = f"Games last {ln['mean']:.1f} {ln['unit']} (sd {ln['sd']:.1f}); " if ln else ""
        snow = gs["snowball_rate"]
        fair = gs.get("fair_rate", 1.0 / max(players, 1))
        verdict = ("the early leader wins more often than chance: snowball" if ci[0] > fair
                   else "no snowball found" if ci[0] <= fair <= ci[1] else
                   "the early leader wins less often than chance: catch-up")
        cb = gs.get("comeback_rate")
        out.append(f"{lt}the leader after the first {gs.get('checkpoint', 'checkpoint')} "
                   f"wins {_pct(snow)} [{_pct(ci[0])}, {_pct(ci[1])}] of the games (fair "
                   f"{_pct(fair)}), the last at halfway {_pct(cb) if cb is not None else 'n/a'}"
                   f" (equal greedy players): {verdict}.")
    return out[:MAX_HEADLINES]


# ---------------------------------------------------------------------------- the audit
def settings_of(quick: bool, overrides: dict | None = None) -> dict:
    """The budgets (``QUICK`` or ``FULL``) with ``overrides`` (None values ignored)."""
    out = dict(QUICK if quick else FULL)
    for k, v in (overrides or {}).items():
        if v is not None:
            if k not in out:
                raise SimlabError(f"audit: unknown setting {k!r}; settings: {', '.join(out)}")
            out[k] = v
    return out


def audit(game, *, players: int | None = None, rules: dict | None = None, quick: bool = False,
          seed: int = 0, jobs: int = 1, backend: str = "loky", out_dir=None,
          progress: bool | None = None, settings: dict | None = None) -> AuditResult:
    """Audit ``game``: seat balance at rising strength, the strategy landscape, the rule
    knobs ranked by sensitivity, the spread over generated data, the game's shape.

    Parameters
    ----------
    game : str or Game
    players : int, optional
        Table size (default: the game's).
    rules : dict, optional
        Rule overrides (``--set``, ``--data``) the whole audit plays under.
    quick : bool
        About four minutes of play (:data:`QUICK`) instead of forty-five (:data:`FULL`).
    out_dir : path, optional
        Where finished tables (``cells/``) and the tuned bot are kept: a second run reuses
        them. None keeps them in memory.
    settings : dict, optional
        Budget overrides (keys of :data:`QUICK`: ``seconds``, ``min_games``, ...); tests use
        tiny ones. ``bots`` (a list of two or more names) keeps the strategy landscape to those
        bots (default: every built-in bot but search, and the plugin bots); ``only`` keeps the
        sensitivity screen to the named readings; ``levels`` the strength ladder's rungs.
    """
    from simlab.analysis.audit_parts import (
        data_spread,
        sensitivity,
        strategies,
        strategy_bots,
    )
    from simlab.analysis.strength import tuned_resolver
    from simlab.core.progress import progress_bar

    t0 = time.perf_counter()
    g = get_game(game)
    players = g.check_players(players if players is not None else g.default_players)
    if players < 2:
        raise SimlabError(f"players: an audit compares players; {g.title} needs 2 or more "
                          f"here, got {players}")
    cfg = settings_of(quick, settings)
    store = CellStore(out_dir)
    bar = progress_bar(total=None, desc=f"audit {g.name}", unit="table", enabled=progress)
    ctx = _Ctx(g, players, rules or {}, cfg, seed, jobs, backend, store, bar)
    times = {}
    try:
        # speeds: one table of each bot the audit plays
        ladder = g.strength_ladder(players, ctx.rules)
        levels = ladder if cfg["levels"] is None else [lv for lv in cfg["levels"]]
        bad = [lv for lv in levels if lv not in ladder]
        if bad:
            raise SimlabError(f"audit: levels {bad} are not on {g.title}'s strength ladder "
                              f"({', '.join(ladder)})")
        names = strategy_bots(g)
        if cfg["bots"] is not None:
            unknown = [b for b in cfg["bots"] if b not in names]
            if unknown or len(set(cfg["bots"])) < 2:
                raise SimlabError(f"audit: bots: expected two or more of {', '.join(names)}; "
                                  f"got {', '.join(map(str, cfg['bots'])) or 'none'}")
            names = list(dict.fromkeys(cfg["bots"]))
        plan = _load_plan(store, g, players, rules, cfg, seed, levels, names)
        if plan is not None:
            ctx.budget.per_game.update(plan["seconds_per_game"])
            ctx.budget.speedup = plan["speedup"]
        for lab in names:
            ctx.budget.probe(g, ctx.rules, lab, g.lineup([lab], 1)[0], players, seed)
        lo = min(g.search_budgets)
        if any(lv.startswith("search:") for lv in levels):
            per = ctx.budget.probe(g, ctx.rules, f"search:{lo}", g.strength_bot(f"search:{lo}"),
                                   players, seed)
            for lv in levels:
                if lv.startswith("search:"):
                    ctx.budget.per_game[lv] = per * int(lv[7:]) / lo
        if "greedy" in ctx.budget.per_game:
            ctx.budget.per_game.setdefault("tuned", ctx.budget.per_game["greedy"])
        if plan is None:
            _save_plan(store, g, players, rules, cfg, seed, levels, names, ctx.budget)
        times["probe"] = time.perf_counter() - t0
        bots = {}
        t = time.perf_counter()
        if "tuned" in levels:
            tb = max(200, min(cfg["tune_budget"], int(ctx.budget.seconds * 0.08 * ctx.budget.speedup
                                                      / max(ctx.budget.cost(["greedy"]), 1e-9))))
            resolve = tuned_resolver(g.name, store.folder.parent if store.folder else
                                     _tmp_dir(), budget=tb, seed=seed, jobs=jobs,
                                     backend=backend, progress=False)
            if bar is not None:
                bar.set_description(f"audit {g.name}: tuning weights")
            bots["tuned"] = _level_bot(ctx, "tuned", resolve)
        times["tune"] = time.perf_counter() - t
        for lv in levels:
            if lv != "tuned":
                bots[lv] = _level_bot(ctx, lv, None)
        t = time.perf_counter()
        sb = seat_balance(ctx, levels, bots)
        times["seat_balance"] = time.perf_counter() - t
        t = time.perf_counter()
        st, mixed = strategies(ctx, names, levels, bots)
        times["strategies"] = time.perf_counter() - t
        t = time.perf_counter()
        sens, base_cell = sensitivity(ctx, mixed)
        st["lineup"] = _lineup_results(ctx, base_cell, mixed)
        times["sensitivity"] = time.perf_counter() - t
        t = time.perf_counter()
        ds = data_spread(ctx, mixed, bots.get("greedy"))
        times["data_spread"] = time.perf_counter() - t
        greedy_cell = None
        if "greedy" in bots and sb:
            n = sb[0]["games"]
            greedy_cell = ctx.cell([bots["greedy"]] * players, n, rotate=False,
                                   what="seat balance, greedy")
        shape = shape_section(ctx, greedy_cell, base_cell, mixed)
    finally:
        bar.close()
    card = {"headlines": [], "seat_balance": sb, "strategies": st, "sensitivity": sens,
            "data_spread": ds, "shape": shape}
    card["headlines"] = headlines(card, g, players)
    times["total"] = time.perf_counter() - t0
    meta = {"game": g.name, "title": g.title, "players": players, "seed": seed,
            "quick": bool(quick), "settings": cfg, "rules": dict(rules or {}),
            "levels": levels, "bots": names, "jobs": jobs, "backend": backend,
            "seconds": times, "seconds_per_game": dict(ctx.budget.per_game),
            "tables_played": store.played, "tables_reused": store.reused,
            "notes": ctx.notes}
    return AuditResult(g.name, g.title, players, card, meta)


def _lineup_results(ctx, cell, lineup) -> dict:
    """Each bot's win share per seat in the mixed line-up, every seating."""
    from simlab.analysis.audit_parts import _per_seat

    rows = []
    for lab in dict.fromkeys(b.label for b in lineup):
        x = _per_seat(cell, lab, lineup)
        ci = interval(wmean(ctx.w(cell.n), x[:, None])[:, 0], 0.0, 1.0)
        rows.append({"bot": lab, "win_share": float(x.mean()), "win_share_ci": ci,
                     "fair": 1.0 / ctx.players, "verdict": {1: "above fair", -1: "below fair",
                                                            0: "no effect found"}[
                         state(ci, 1.0 / ctx.players)]})
    return {"lineup": [b.label for b in lineup], "games": cell.n, "bots": rows}


def _plan_key(g, players, rules, cfg, seed, levels, names) -> str:
    return cell_key({"plan": g.name, "players": players, "rules": dict(rules or {}),
                     "settings": cfg, "seed": seed, "levels": levels, "bots": names})


def _load_plan(store, g, players, rules, cfg, seed, levels, names):
    """The measured speeds of an earlier run of the same audit (so a resumed audit plans the
    same games and finds its tables), or None."""
    import json

    if store.folder is None:
        return None
    path = store.folder / f"plan-{_plan_key(g, players, rules, cfg, seed, levels, names)}.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _save_plan(store, g, players, rules, cfg, seed, levels, names, budget) -> None:
    import json

    from simlab.core.io import atomic_write_text

    if store.folder is None:
        return
    store.folder.mkdir(parents=True, exist_ok=True)
    path = store.folder / f"plan-{_plan_key(g, players, rules, cfg, seed, levels, names)}.json"
    atomic_write_text(path, json.dumps({"seconds_per_game": budget.per_game,
                                        "speedup": budget.speedup}))


def _tmp_dir():
    import tempfile

    return tempfile.mkdtemp(prefix="simlab-audit-")
