"""Skill depth: does thinking harder win more games? A skill ladder per game.

The game's search bot (``lookahead``: flat Monte Carlo with its budget, ``playouts``, as the
parameter) plays at increasing budgets against ``greedy`` and against ``random`` opponents, in
every seat in turn, on the same games at every budget (common random numbers). The win share
against the budget, with 95% intervals, is the skill curve (as Ludii's SkillTrace draws for its
games): a curve that keeps rising says skill matters and the game rewards thought; a flat curve
says luck decides, whatever a player does.

The verdict compares the top budget with the lowest on the same games (paired per-game
difference, 95% interval): *steep* when the gain is significant and at least ``steep`` (5
percentage points by default), *flat* when the interval lies within +-``flat`` (3 points), and
*moderate* otherwise -- or *ceiling* when the lowest budget already wins (nearly) every game,
so the ladder has no room to show skill against that opponent; and the top budget's lead over
random opponents says how much any sensible play beats chance.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simlab.core.stats import Z95, wilson_interval
from simlab.errors import SimlabError

DEFAULT_BUDGETS = (1, 2, 4, 8, 16)
DEFAULT_OPPONENTS = ("greedy", "random")


@dataclass
class SkillResult:
    """A skill ladder.

    Attributes
    ----------
    curves : dict
        Opponent -> list of dicts (budget, share, lo, hi, games).
    verdicts : dict
        Opponent -> (kind, gain, gain_lo, gain_hi): ``steep``, ``moderate``, ``flat`` or
        ``ceiling``.
    """

    game: str
    bot: str
    budget_param: str
    players: int
    budgets: list
    opponents: list
    games: int
    seed: int
    curves: dict = field(default_factory=dict)
    verdicts: dict = field(default_factory=dict)
    seconds: float = 0.0
    resumed: int = 0

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    def sentences(self) -> list[str]:
        from simlab.report.tables import pct, pp

        out = []
        main = self.opponents[0]
        kind, gain, lo, hi = self.verdicts[main]
        c = self.curves[main]
        first, last = c[0], c[-1]
        head = {"steep": "Skill matters", "moderate": "Skill matters somewhat",
                "flat": "Luck dominates", "ceiling": "No room to tell"}[kind]
        out.append(
            f"{head}: against {main}, {self.bot} wins {pct(first['share'])} with "
            f"{self.budget_param}={first['budget']:g} and {pct(last['share'])} with "
            f"{self.budget_param}={last['budget']:g} (fair share {pct(self.fair)}); the gain "
            f"is {pp(gain)} percentage points (95% interval {pp(lo)} to {pp(hi)}, same games)."
            + {"steep": " The curve is steep: more thought wins clearly more games.",
               "moderate": " The curve rises, but gently.",
               "flat": " The curve is flat: thinking harder hardly changes the result.",
               "ceiling": f" The lowest budget already wins nearly every game against {main}; "
                          f"a stronger opponent is needed to measure skill."}[kind])
        for opp in self.opponents[1:]:
            k2, g2, lo2, hi2 = self.verdicts[opp]
            c2 = self.curves[opp]
            out.append(f"Against {opp}: {pct(c2[0]['share'])} at the lowest budget, "
                       f"{pct(c2[-1]['share'])} at the highest ({pp(g2)} points, {lo2 * 100:+.1f}"
                       f" to {hi2 * 100:+.1f}; "
                       + (k2 if k2 != "ceiling" else "ceiling: no room to show skill") + ").")
        return out

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        d["sentences"] = self.sentences()
        return d


def verdict(diff, steep: float = 0.05, flat: float = 0.03) -> tuple[str, float, float, float]:
    """Steep, moderate or flat, from the per-game differences top budget - lowest budget.

    Returns ``(kind, gain, low, high)`` with the 95% interval of the mean gain.
    """
    d = np.asarray(diff, dtype=float)
    se = float(d.std(ddof=1) / math.sqrt(len(d))) if len(d) > 1 else float("inf")
    gain = float(d.mean())
    lo, hi = gain - Z95 * se, gain + Z95 * se
    if lo > 0 and gain >= steep:
        kind = "steep"
    elif lo >= -flat and hi <= flat:
        kind = "flat"
    else:
        kind = "moderate"
    return kind, gain, lo, hi


def ladder_verdict(low, top, steep: float = 0.05, flat: float = 0.03):
    """:func:`verdict` of the per-game shares at the top budget against the lowest, or
    ``ceiling`` when the lowest budget already wins (nearly: within ``flat``) every game."""
    low = np.asarray(low, dtype=float)
    v = verdict(np.asarray(top, dtype=float) - low, steep, flat)
    if v[0] != "steep" and low.mean() >= 1.0 - flat:
        return ("ceiling",) + tuple(v[1:])
    return v


def _ladder_task(task):
    """Worker: (game, players, rules, line-ups, seats, seed, games) -> (per-game shares, the
    seconds its games took). The seconds are the games' alone: one game of the first line-up is
    played first, untimed, so the kernel's load from the disk cache (or its compile) is not
    counted as play (the quick bench's 18 games of Jungle's lookahead read 85x slower than they
    play: a 1,086x search speed-up that is 12.7x)."""
    from simlab.analysis.tune import _play_share

    g, players, rules, lus, seats, seed, _games = task
    _play_share(g, players, rules, lus[:1], seats[:1], seed, 1)
    t0 = time.perf_counter()
    per = _play_share(*task)[1]
    return per, time.perf_counter() - t0


def skill_ladder(game: str, *, budgets=None, opponents=None, players: int | None = None,
                 games: int = 400, seed: int = 0, bot: str | None = None,
                 budget_param: str | None = None, rules: dict | None = None, jobs: int = 1,
                 backend: str = "loky", steep: float = 0.05, flat: float = 0.03,
                 work_dir=None, progress: bool | None = None) -> SkillResult:
    """Play the skill ladder of ``game``.

    Parameters
    ----------
    game : str
    budgets : list of int
        Search budgets (values of ``budget_param``), increasing.
    opponents : list of str
        Opponent bots; the first gives the verdict (default greedy, then random).
    players : int, optional
        Table size (default: the game's usual count).
    games : int
        Games per seat rotation per budget and opponent.
    seed : int
        The same games at every budget (common random numbers).
    bot, budget_param : str
        The search bot and its budget parameter.
    rules : dict, optional
        Rule overrides.
    jobs, backend : int, str
        Parallel (budget, opponent) points.
    steep, flat : float
        Verdict thresholds (win-share points).
    work_dir : path, optional
        Keeps finished points for resuming.
    """
    from simlab.analysis.tune import _rotations, _run_parallel
    from simlab.games.registry import BotChoice, get_game

    t0 = time.perf_counter()
    g = get_game(game)
    bot = bot or g.search_bot
    budget_param = budget_param or g.search_param
    known = g.all_bots()
    if bot not in known:
        raise SimlabError(f"skill: {g.title} has no {bot!r} bot (known: {', '.join(known)})")
    if budget_param not in known[bot].params:
        raise SimlabError(f"skill: {bot} has no parameter {budget_param!r}")
    budgets = sorted(int(b) for b in (budgets or DEFAULT_BUDGETS))
    if len(budgets) < 2 or budgets[0] < 1:
        raise SimlabError("budgets: expected at least two budgets >= 1")
    opponents = list(opponents or DEFAULT_OPPONENTS)
    for o in opponents:
        g.lineup([o], 1, "opponents")
    players = g.check_players(players if players is not None else g.default_players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 10:
        raise SimlabError(f"games: expected a whole number >= 10, got {games!r}")
    rules_over = dict(rules or {})
    g.make_rules(players, rules_over)

    tasks, keys = [], []
    for opp in opponents:
        field_bots = g.lineup([opp] * (players - 1), players - 1, "opponents")
        for b in budgets:
            me = BotChoice(bot, ((budget_param, float(b)),))
            lus, seats = _rotations(me, field_bots, players)
            tasks.append((g, players, rules_over, lus, seats, seed, games))  # g: plugin games too
            keys.append((opp, b))
    store = None if work_dir is None else Path(work_dir) / "ladder"
    run_key = hashlib.sha256(json.dumps([game, players, rules_over, seed, games, bot,
                                         budget_param], default=str).encode()).hexdigest()[:12]
    results, todo, resumed = {}, [], 0
    speed: dict = {}
    for k, t in zip(keys, tasks, strict=True):
        f = None if store is None else store / f"{run_key}-{k[0]}-{k[1]}.npy"
        if f is not None and f.exists():
            results[k] = np.load(f)
            sp = f.with_suffix(".speed.json")
            if sp.exists():
                speed[k] = json.loads(sp.read_text())["games_per_s"]
            resumed += 1
        else:
            todo.append((k, t, f))
    from simlab.core.progress import progress_bar

    bar = progress_bar(len(todo), desc="skill ladder", unit="point", enabled=progress)
    # play in chunks of `jobs` so finished points are stored as they come
    step = max(1, jobs)
    for i in range(0, len(todo), step):
        chunk = todo[i:i + step]
        outs = _run_parallel([t for _, t, _ in chunk], _ladder_task, jobs, backend)
        for (k, t, f), (per, secs) in zip(chunk, outs, strict=True):
            results[k] = per
            speed[k] = len(per) * len(t[3]) / max(secs, 1e-9)
            if f is not None:
                from simlab.core.io import atomic_write_text

                f.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(f.with_suffix(".speed.json"),
                                  json.dumps({"games_per_s": speed[k]}))
            if f is not None:
                f.parent.mkdir(parents=True, exist_ok=True)
                tmp = f.with_suffix(".tmp.npy")
                np.save(tmp, per)
                tmp.replace(f)
        if bar is not None:
            bar.update(len(chunk))
    if bar is not None:
        bar.close()

    res = SkillResult(game, bot, budget_param, players, budgets, opponents, games, seed,
                      resumed=resumed)
    for opp in opponents:
        curve = []
        for b in budgets:
            per = results[(opp, b)]
            sh = float(per.mean())
            lo, hi = wilson_interval(sh * len(per), len(per))
            gps = speed.get((opp, b))
            curve.append({"budget": b, "share": sh, "lo": float(lo), "hi": float(hi),
                          "games": len(per) * players, "win_share": sh,
                          "win_share_ci": [float(lo), float(hi)],
                          "games_per_s": None if gps is None else round(float(gps), 2)})
        res.curves[opp] = curve
        res.verdicts[opp] = ladder_verdict(results[(opp, budgets[0])],
                                           results[(opp, budgets[-1])], steep, flat)
    res.seconds = time.perf_counter() - t0
    return res


def skill_report(res: SkillResult, path) -> Path:
    """The skill ladder as a self-contained HTML report."""
    import pandas as pd

    from simlab.core import plots
    from simlab.games.registry import get_game
    from simlab.report.analysis import FigureItem, Section, write_analysis_report

    g = get_game(res.game)
    x = np.log2(np.asarray(res.budgets, dtype=float))
    series = [(f"against {opp}", [p["share"] for p in c], [p["lo"] for p in c],
               [p["hi"] for p in c]) for opp, c in res.curves.items()]
    fig = plots.response_curves(x, series, fair=res.fair,
                                title_text=f"Skill ladder: {res.bot} by search budget",
                                xlabel=f"{res.budget_param} (log scale)",
                                tick_labels=[str(b) for b in res.budgets])
    secs = [Section("ladder", "Skill ladder",
                    f"{res.bot} in every seat in turn against {res.players - 1} copies of each "
                    f"opponent, {res.games:,} games per seat and budget, the same games at every "
                    "budget.",
                    [FigureItem("skill-ladder", "Win share against search budget",
                                "Bands: 95% Wilson intervals; dashed: the fair share. A rising "
                                "curve means skill matters; a flat one, luck.", fig)])]
    rows = []
    for opp, c in res.curves.items():
        for p in c:
            rows.append({"opponent": opp, res.budget_param: p["budget"],
                         "win_share": round(p["share"], 4), "lo": round(p["lo"], 4),
                         "hi": round(p["hi"], 4), "games": p["games"],
                         "games/s": p.get("games_per_s")})
    verdicts = pd.DataFrame([{"opponent": o, "verdict": v[0], "gain": round(v[1], 4),
                              "gain_lo": round(v[2], 4), "gain_hi": round(v[3], 4)}
                             for o, v in res.verdicts.items()])
    run = {"game": res.game, "bot": res.bot, "budgets": ", ".join(map(str, res.budgets)),
           "opponents": ", ".join(res.opponents), "players": res.players,
           "games per seat and point": res.games, "seed": res.seed,
           "points resumed": res.resumed, "seconds": f"{res.seconds:.1f}"}
    return write_analysis_report(
        path, heading="Skill ladder", game_title=g.title,
        kind_text=f"{res.bot} at {len(res.budgets)} budgets against "
                  f"{', '.join(res.opponents)}",
        headlines=res.sentences(), sections=secs,
        tables_=[("Verdicts", verdicts), ("Win shares", pd.DataFrame(rows))], run=run,
        data=res.to_dict())


def strength(game: str, bot: str, *, games: int = 200, players: int | None = None,
             opponent: str = "greedy", seed: int = 0, rules: dict | None = None) -> dict:
    """A bot's strength, measured one way in every game: one seat of ``bot`` against
    ``opponent`` in every other seat, the bot in every seat in turn (every seating), on
    ``games`` games per seating: its win share with a 95% Wilson interval, and its games/s
    (the whole table's games per second on one worker)."""
    from simlab.analysis.tune import _rotations
    from simlab.games.registry import get_game

    g = get_game(game)
    players = g.check_players(players if players is not None else g.default_players)
    me = g.lineup([bot], 1, "bot")[0]
    field_bots = g.lineup([opponent] * (players - 1), players - 1, "opponent")
    lus, seats = _rotations(me, field_bots, players)
    per, secs = _ladder_task((g, players, dict(rules or {}), lus, seats, seed, games))
    sh = float(per.mean())
    lo, hi = wilson_interval(sh * len(per) * len(lus), len(per) * len(lus))
    return {"bot": me.label, "opponent": opponent, "players": players,
            "win_share": sh, "win_share_ci": [float(lo), float(hi)],
            "games": len(per) * len(lus), "games_per_s": len(per) * len(lus) / max(secs, 1e-9),
            "fair": 1.0 / players}
