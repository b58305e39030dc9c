"""Sweeps: scenario -> points -> runner -> stored results (resumable) -> results frame.

Every point of a scenario is played with the scenario's seed (common random numbers), so the
difference between a point and the baseline is paired game by game. A point's results are
written atomically to ``points/<hash>.npz`` where the hash covers the point, the seed and the
simlab version; ``resume=True`` skips points whose file is already there, so a killed sweep
loses nothing and ends with the same results as an uninterrupted one.

The sweep code knows nothing about any game beyond the :class:`~simlab.games.registry.Game`
interface (aggregates, metrics, per-seat keys).
"""

from __future__ import annotations

import hashlib
import io
import json
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from simlab.core.io import atomic_write_bytes, atomic_write_text, json_default
from simlab.core.seated import make_plans, merge, run_seated
from simlab.core.seating import seatings
from simlab.core.stats import (
    benjamini_hochberg,
    mean_interval,
    paired_difference,
    seat_advantage_test,
    wilson_interval,
    win_shares,
)
from simlab.errors import SimlabError
from simlab.games.registry import BotChoice, get_game, warn_rules
from simlab.scenario import Scenario, grid_points, load_scenario, sobol_points, split_params
from simlab.version import __version__


@dataclass
class Point:
    """One thing to play: a rules variant and line-up(s), each in its seatings (every distinct
    seating when ``rotate``: :mod:`simlab.core.seating`)."""

    index: int
    label: str
    params: dict
    players: int
    rules: dict
    lineups: list[list[BotChoice]]
    rotations: int               # seatings of the first line-up (1: as listed)
    baseline: bool = False
    id: str = ""
    rotate: bool = False
    table: str = ""              # "" the scenario's line-up, "mixed": its second table
    games: int | None = None     # games per seating when not the scenario's
    group: str = ""              # a replica's group: "strength:<level>", "data:<gen>#<seed>"
    of: str = ""                 # a replica: the label of the point it asks again

    def describe(self) -> dict:
        return {"index": self.index, "label": self.label, "params": self.params,
                "players": self.players, "rules": self.rules,
                "lineups": [[b.label for b in lu] for lu in self.lineups],
                "rotations": self.rotations, "rotate": self.rotate,
                "baseline": self.baseline, "id": self.id, "table": self.table,
                "games": self.games, "group": self.group, "of": self.of}


def _apply_bot_param(lineup: list[BotChoice], kind, value) -> list[BotChoice]:
    out = list(lineup)
    for s, b in enumerate(lineup):
        if (kind[0] == "bot" and s == int(kind[1]) - 1) or (kind[0] == "bots" and
                                                             b.name == kind[1]):
            over = dict(b.overrides)
            over[kind[2]] = float(value)
            out[s] = BotChoice(b.name, tuple(over.items()))
    return out


def make_point(sc: Scenario, index: int, label: str, params: dict, rule_default: bool,
               baseline: bool = False, bots=None, table: str = "") -> Point:
    g = get_game(sc.game)
    players = sc.players if sc.players is not None else g.default_players
    over, n_players, bot_params = split_params(params, rule_default)
    rules = {**sc.rules, **over}
    players = n_players or players
    lineup = g.lineup(sc.bots if bots is None else bots, players)
    for kind, value in bot_params:
        lineup = _apply_bot_param(lineup, kind, value)
    rotate = bool(sc.rotate_seats) or table == "mixed"
    rotations = len(seatings([b.label for b in lineup], rotate))
    games = None
    if table == "mixed":
        per = games_per_rotation(sc) or (sc.precision.min_games if sc.precision else 1)
        games = sc.mixed_games or max(1, -(-per // rotations))
    return Point(index, label, dict(params), players, rules, [lineup], rotations, baseline,
                 rotate=rotate, table=table, games=games)


def plan(sc: Scenario) -> list[Point]:
    """The points of a scenario: baseline first, then the sweep, variants or matchups (and the
    mixed line-up's second table of a seat-balance scenario)."""
    g = get_game(sc.game)
    points = [make_point(sc, 0, "baseline", {}, True, baseline=True)]
    if sc.mixed_bots:
        labels = ", ".join(b.label for b in g.lineup(sc.mixed_bots, points[0].players))
        points.append(make_point(sc, 1, f"mixed line-up ({labels})", {}, True,
                                 bots=sc.mixed_bots, table="mixed"))
    if sc.kind == "sweep":
        combos = (grid_points(sc.sweep) if sc.sweep.method == "grid"
                  else sobol_points(sc.sweep, sc.seed))
        for combo in combos:
            label = ", ".join(f"{k}={_fmt(v)}" for k, v in combo.items())
            points.append(make_point(sc, len(points), label, combo, False))
    elif sc.kind == "compare":
        for name, over in sc.compare.items():
            points.append(make_point(sc, len(points), name, over, True))
    elif sc.kind == "tournament":
        players = sc.players if sc.players is not None else g.default_players
        bots = sc.tournament.bots
        points = []
        for i in range(len(bots)):
            for j in range(i + 1, len(bots)):
                a = g.lineup([bots[i]], 1)[0]
                b = g.lineup([bots[j]], 1)[0]
                alt = [[a, b][s % 2] for s in range(players)]
                lineups = [alt]
                if players % 2:  # odd tables: A gets more seats; also play B,A,B,...
                    lineups.append([[b, a][s % 2] for s in range(players)])
                points.append(Point(len(points), f"{a.label} vs {b.label}",
                                    {"bot_a": a.label, "bot_b": b.label}, players,
                                    dict(sc.rules), lineups,
                                    len(seatings([x.label for x in alt], True)),
                                    rotate=True))
    for p in points:
        p.id = point_hash(sc, p)
    return points


def plan_replicas(sc: Scenario, points: list[Point], resolve_bot=None) -> list[Point]:
    """The scenario's question asked again (``[strength]``, ``[spread]``): each of its base
    points (the baseline and the ``[compare]`` variants; not a second table) replayed with
    equal players of each strength level, and with each generated alternative of the
    assumed data. ``resolve_bot(level, players, rules)`` gives the bot of a level this layer
    cannot make itself (``tuned``: tuning lives in :mod:`simlab.analysis`); without it such a
    level is left out."""
    g = get_game(sc.game)
    base = [p for p in points if p.table != "mixed"]
    out: list[Point] = []
    nxt = max(p.index for p in points) + 1

    def copy(p: Point, group: str, label: str, lineup=None, rules=None, games=None):
        nonlocal nxt
        lu = lineup if lineup is not None else p.lineups[0]
        rotate = p.rotate and len({b.label for b in lu}) > 1
        q = Point(nxt, label, dict(p.params), p.players, dict(rules or p.rules), [lu],
                  len(seatings([b.label for b in lu], rotate)), p.baseline, rotate=rotate,
                  games=games, group=group, of=p.label)
        nxt += 1
        q.id = point_hash(sc, q)
        out.append(q)

    def chosen(spec) -> list[Point]:
        return [p for p in base if spec.points is None or p.label in spec.points]

    if sc.strength is not None:
        players = base[0].players
        levels = sc.strength.levels or g.strength_ladder(players, g.make_rules(players,
                                                                                sc.rules))
        for lev in levels:
            bot = g.strength_bot(lev)
            if bot is None and resolve_bot is not None:
                bot = resolve_bot(lev, players, dict(sc.rules))
            if bot is None:
                continue
            search = lev.startswith("search:") or "playouts" in dict(bot.overrides)
            games = (sc.strength.search_games if search else sc.strength.games) or \
                sc.strength.games
            if games is None:
                per = games_per_rotation(sc) or 2_000
                games = max(10, per // (20 if search else 4))
            for p in chosen(sc.strength):
                copy(p, f"strength:{lev}", f"{p.label} [{lev}: {bot.label}]",
                     lineup=[bot] * p.players, games=games)
    if sc.spread is not None:
        names = sc.spread.generators or [x.name for x in g.data_generators()]
        per = sc.spread.games or max(10, (games_per_rotation(sc) or 2_000) // 5)
        for name in names:
            for seed in range(1, sc.spread.alternatives + 1):
                for p in chosen(sc.spread):
                    copy(p, f"data:{name}#{seed}", f"{p.label} [{name} alternative {seed}]",
                         rules={**p.rules, f"data.{name}": seed}, games=per)
    return out


def _fmt(v) -> str:
    return f"{v:.4g}" if isinstance(v, float) else str(v)


def point_hash(sc: Scenario, p: Point) -> str:
    """Hash of what decides a point's results: game, point, seed, games, simlab version."""
    key = {"game": sc.game, "index": p.index, "label": p.label, "baseline": p.baseline,
           "players": p.players, "rules": p.rules,
           "lineups": [[b.label for b in lu] for lu in p.lineups], "rotations": p.rotations,
           "rotate": p.rotate, "format": RESULTS_FORMAT, "seed": sc.seed,
           "point_games": p.games, "table": p.table, "group": p.group, "games": games_per_rotation(sc),
           "precision": sc.precision.model_dump() if sc.precision else None,
           "plugins": _plugin_key(sc, p), "version": __version__}
    blob = json.dumps(key, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def _plugin_key(sc: Scenario, p: Point) -> dict:
    """What the line-up's custom and saved bots are (a changed plugin file changes the hash)."""
    from simlab.core.custom import custom_bots, saved_bots

    custom, saved = custom_bots(sc.game), saved_bots(sc.game)
    out = {}
    source_key = getattr(get_game(sc.game), "source_key", None)
    if source_key is not None:  # a plugin game: an edited game file is another game
        out[f"game {sc.game}"] = source_key()
    for b in {b.name for lu in p.lineups for b in lu}:
        if b in saved:
            out[b] = list(saved[b].params)
        elif b in custom:
            src = Path(custom[b].source)
            out[b] = hashlib.sha256(src.read_bytes()).hexdigest()[:16] if src.is_file() else "?"
    return out


#: the layout of stored point results (per cyclic order shares, explanation series)
RESULTS_FORMAT = 2
#: per-game explanation series are kept for at most this many game indices per point
SERIES_GAMES = 100_000


def games_per_rotation(sc: Scenario) -> int | None:
    if sc.kind == "tournament" and sc.tournament.games is not None:
        return sc.tournament.games
    return sc.games


# ---------------------------------------------------------------------------- playing a point
@dataclass
class PointResult:
    """A played point: seat-level and bot-level aggregates plus paired per-game shares."""

    point: dict
    games: int                     # games per seating (line-up and seat order)
    plays: int                     # games x seatings (weighted)
    seat_agg: dict                 # aggregates by physical seat (summed over plays)
    bot_labels: list[str]          # distinct bots of the point
    bot_agg: dict                  # per-seat keys regrouped by bot: arrays (n_bots, ...)
    bot_seats: list[int]           # seat-games per bot / games (seats each bot filled)
    seat_shares: np.ndarray        # (1, games, P) float32: per-game win share per seat,
    #                                averaged over the seatings
    bot_shares: np.ndarray         # (1, games, n_bots) float32: summed over its seats,
    #                                averaged over the seatings
    metrics: dict
    kernel_s: float = 0.0
    wall_s: float = 0.0
    extra: dict = field(default_factory=dict)
    # the seating-order effect: per cyclic order, each bot's wins and seat-games
    orders: list = field(default_factory=list)
    order_wins: np.ndarray | None = None
    order_trials: np.ndarray | None = None
    order_p: float = float("nan")
    # per-game explanation series (first SERIES_GAMES games): bot_src, bot_choice (per seat
    # the bot holds), length, end (one-hot), bot_score, seat_score; averaged over seatings
    series: dict = field(default_factory=dict)
    played: int = 0                # games actually played

    @property
    def seatings(self) -> int:
        """Seatings per game index (weighted): plays / games."""
        return max(self.plays // max(self.games, 1), 1)

    def bot_seat_count(self, j: int) -> float:
        """Seats bot ``j`` holds in one game, on average over the seatings."""
        return self.bot_seats[j] / self.seatings

    def seat_orders(self) -> list[dict]:
        """Per cyclic order, each bot's win share per seat it holds with a 95% interval."""
        from simlab.core.stats import wilson_interval

        out = []
        for c, order in enumerate(self.orders):
            bots = []
            for j, lab in enumerate(self.bot_labels):
                n = float(self.order_trials[c, j])
                if n > 0:
                    w = float(self.order_wins[c, j])
                    lo, hi = wilson_interval(w, n)
                    bots.append({"bot": lab, "win_share": w / n, "win_share_ci": [lo, hi]})
            out.append({"order": list(order), "bots": bots})
        return out


def _shares(rows_winner: np.ndarray) -> np.ndarray:
    w = rows_winner.astype(np.float32)
    k = w.sum(axis=1, keepdims=True)
    return w / np.maximum(k, 1)


def play_point(sc: Scenario, p: Point, *, jobs: int = 1, backend: str = "loky",
               on_games=None) -> PointResult:
    """Play one point: every line-up in every seating, the same games (seed) for each."""
    g = get_game(sc.game)
    rules = g.make_rules(p.players, p.rules)
    t0 = time.perf_counter()
    # every line-up's plans, one run per line-up (a tournament's odd table has two)
    plans = [make_plans(g, rules, lu, p.rotate)[0] for lu in p.lineups]
    flat = [pl for group in plans for pl in group]
    outs = [None] * len(plans)
    done = 0
    target = p.games if p.games is not None else games_per_rotation(sc)

    def extend(n_more):
        nonlocal done
        for i, group in enumerate(plans):
            o = run_seated(g, rules, None, n_more, sc.seed, jobs=jobs, backend=backend,
                           first_game=done, series=True, on_batch=on_games, plans=group)
            outs[i] = o if outs[i] is None else merge(outs[i], o)
        done += n_more

    if target is not None and (p.games is not None or sc.precision is None):
        extend(target)
    else:
        prec = sc.precision
        extend(min(prec.min_games, prec.max_games))
        while done < prec.max_games:
            hw = _max_half_width(outs, done)
            if hw <= prec.epsilon:
                break
            need = int(done * (hw / prec.epsilon) ** 2 * 1.1) + 1
            extend(min(max(need, done + 1000), prec.max_games) - done)

    labels = list(dict.fromkeys(lab for o in outs for lab in o.labels))
    n_b = len(labels)
    seat_agg, bot_agg = None, {}
    bot_seats = np.zeros(n_b)
    orders, o_wins, o_trials = [], [], []
    series: dict[str, np.ndarray] = {}
    weight = 0
    kernel_s, played = 0.0, 0
    order_ps = []
    for o in outs:
        seat_agg = _add(seat_agg, o.agg)
        pos = [labels.index(lab) for lab in o.labels]
        for k, arr in o.bot_agg.items():
            if k not in bot_agg:
                bot_agg[k] = np.zeros((n_b,) + arr.shape[1:], dtype=arr.dtype)
            bot_agg[k][pos] += arr
        bot_seats[pos] += o.bot_seat_games / max(done, 1)
        for c, order in enumerate(o.orders):
            orders.append(order)
            w, t = np.zeros(n_b), np.zeros(n_b)
            w[pos], t[pos] = o.order_wins[c], o.order_trials[c]
            o_wins.append(w)
            o_trials.append(t)
        ow = o.weight
        for k, v in o.series.items():
            v = np.asarray(v, dtype=np.float64) * ow
            if k.startswith("bot"):   # bot axis: into the point's bot order
                full = np.zeros(v.shape[:1] + (n_b,) + v.shape[2:])
                full[:, pos] = v
                v = full
            series[k] = v if k not in series else series[k] + v
        weight += ow
        kernel_s += o.kernel_s
        played += o.played
        order_ps.append(o.order_p())
    series = {k: (v / weight).astype(np.float32) for k, v in series.items()}
    seat_sh = series.pop("seat")[None]
    bot_sh = series.pop("bot")[None]
    series = {k: v[:SERIES_GAMES] for k, v in series.items()}
    plays = done * weight
    metrics = g.metrics(seat_agg, plays, rules, flat[0].lineup)
    finite = [x for x in order_ps if np.isfinite(x)]
    # two line-ups (a tournament's odd table): the smaller p, Bonferroni over the two
    order_p = float(min(1.0, min(finite) * len(finite))) if finite else float("nan")
    return PointResult(point={**p.describe(), "seatings": [[list(pl.seating.labels)
                                                            for pl in group]
                                                           for group in plans]},
                       games=done, plays=plays, seat_agg=seat_agg,
                       bot_labels=labels, bot_agg=bot_agg,
                       bot_seats=[int(round(x)) for x in bot_seats],
                       seat_shares=seat_sh, bot_shares=bot_sh, metrics=metrics,
                       kernel_s=kernel_s, wall_s=time.perf_counter() - t0,
                       orders=orders, order_wins=np.array(o_wins), order_trials=np.array(o_trials),
                       order_p=order_p, series=series, played=played)


def _add(total, part):
    if total is None:
        return {k: np.array(v, copy=True) for k, v in part.items()}
    for k in total:
        total[k] = total[k] + part[k]
    return total


def _max_half_width(outs, games) -> float:
    """The widest 95% interval half-width of a seat's win share so far."""
    agg = None
    plays = 0
    for o in outs:
        agg = _add(agg, {"wins": o.agg["wins"]})
        plays += games * o.weight
    shares, _, _ = win_shares(agg["wins"])
    lo, hi = wilson_interval(shares, plays)
    return float(np.max((hi - lo) / 2))


# ---------------------------------------------------------------------------- storage
def save_point(path: Path, res: PointResult):
    """Write a point's results atomically (temporary file, then rename)."""
    arrays = {f"seat__{k}": v for k, v in res.seat_agg.items()}
    arrays.update({f"bot__{k}": v for k, v in res.bot_agg.items()})
    arrays["seat_shares"] = res.seat_shares
    arrays["bot_shares"] = res.bot_shares
    arrays.update({f"series__{k}": v for k, v in res.series.items()})
    if res.order_wins is not None:
        arrays["order_wins"] = res.order_wins
        arrays["order_trials"] = res.order_trials
    meta = {"point": res.point, "games": res.games, "plays": res.plays,
            "bot_labels": res.bot_labels, "bot_seats": res.bot_seats, "metrics": res.metrics,
            "kernel_s": res.kernel_s, "wall_s": res.wall_s, "version": __version__,
            "format": RESULTS_FORMAT, "orders": [list(o) for o in res.orders],
            "order_p": None if not np.isfinite(res.order_p) else float(res.order_p),
            "played": res.played}
    arrays["meta"] = np.frombuffer(json.dumps(meta, default=_json).encode(), dtype=np.uint8)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    atomic_write_bytes(path, buf.getvalue())


def load_point(path: Path) -> PointResult:
    """Read a point file written by :func:`save_point`."""
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        if meta.get("format") != RESULTS_FORMAT:
            raise ValueError(f"{path}: stored by an older simlab (results format "
                             f"{meta.get('format', 1)}, this one reads {RESULTS_FORMAT})")
        seat_agg = {k[6:]: z[k] for k in z.files if k.startswith("seat__")}
        bot_agg = {k[5:]: z[k] for k in z.files if k.startswith("bot__")}
        series = {k[8:]: z[k] for k in z.files if k.startswith("series__")}
        op = meta.get("order_p")
        return PointResult(point=meta["point"], games=meta["games"], plays=meta["plays"],
                           seat_agg=seat_agg, bot_labels=meta["bot_labels"], bot_agg=bot_agg,
                           bot_seats=meta["bot_seats"], seat_shares=z["seat_shares"],
                           bot_shares=z["bot_shares"], metrics=meta["metrics"],
                           kernel_s=meta["kernel_s"], wall_s=meta["wall_s"],
                           orders=[tuple(o) for o in meta.get("orders", [])],
                           order_wins=z["order_wins"] if "order_wins" in z.files else None,
                           order_trials=z["order_trials"] if "order_trials" in z.files
                           else None, order_p=float("nan") if op is None else float(op),
                           series=series, played=int(meta.get("played", 0)))


def _json(o):
    """JSON for the stored meta data: numpy values as numbers, anything else as its text."""
    try:
        return json_default(o)
    except TypeError:
        return str(o)


# ---------------------------------------------------------------------------- statistics
_bh = benjamini_hochberg


_paired = paired_difference


def _entity_rows(res: PointResult, level: str, base: PointResult | None) -> list[dict]:
    """Balance rows of one point by seat or by bot, with the paired difference from the
    baseline (same games, same rotations) where the baseline has the same seat or bot."""
    if level == "seat":
        agg, pg = res.seat_agg, res.seat_shares
        names = [f"seat {s + 1}" for s in range(pg.shape[2])]
        trials = [res.plays] * len(names)
        lineups = res.point["lineups"]
        fixed = res.point["rotations"] == 1 and len(lineups) == 1
        bots = [lineups[0][s] if fixed else "(rotated)" for s in range(len(names))]
    else:
        agg, pg = res.bot_agg, res.bot_shares
        names = res.bot_labels
        trials = [res.games * n for n in res.bot_seats]
        bots = names
    shares, sole, shared = win_shares(agg["wins"])
    rows = []
    for i, name in enumerate(names):
        n = trials[i]
        lo, hi = wilson_interval(shares[i], n)
        m, mlo, mhi = mean_interval(agg["score_sum"][i], agg["score_sumsq"][i], n)
        row = {"level": level, "entity": name, "seat": (i + 1) if level == "seat" else None,
               "bot": bots[i], "games": res.games, "seat_games": n,
               "win_share": shares[i] / n, "win_share_lo": lo, "win_share_hi": hi,
               "sole_wins": int(sole[i]), "shared_wins": int(shared[i]),
               "mean_score": float(m), "mean_score_lo": float(mlo),
               "mean_score_hi": float(mhi),
               "diff": np.nan, "diff_lo": np.nan, "diff_hi": np.nan, "p_value": np.nan}
        j = None
        if base is not None and not res.point["baseline"] and \
                res.point.get("table") != "mixed" and \
                base.seat_shares.shape[0] == pg.shape[0]:
            if level == "seat" and base.seat_shares.shape[2] == pg.shape[2]:
                j = i
                other = base.seat_shares
            elif level == "bot" and name in base.bot_labels and \
                    base.bot_seats[base.bot_labels.index(name)] == res.bot_seats[i]:
                j = base.bot_labels.index(name)
                other = base.bot_shares
        if j is not None:
            k = min(pg.shape[1], other.shape[1])
            # one sample per game index: its seatings share the dice (and are the same game
            # when the line-up repeats a bot), so they are averaged, not counted as more games
            a = pg[:, :k, i].mean(axis=0)
            b = other[:, :k, j].mean(axis=0)
            per_row = res.bot_seat_count(i) if level == "bot" else 1.0
            d, dlo, dhi, p = _paired(a, b)
            if level == "bot" and res.point["rotations"] == 1 and len(res.point["lineups"]) == 1 \
                    and all(n == 1 for n in res.bot_seats):
                p = np.nan  # one bot per seat: the seat row already tests this difference
            row.update(diff=d / per_row, diff_lo=dlo / per_row, diff_hi=dhi / per_row,
                       p_value=p)
        rows.append(row)
    return rows


def results_frame(results: list[PointResult]) -> pd.DataFrame:
    """One row per point and seat, and per point and bot (column ``level``), with paired
    differences from the baseline and Benjamini-Hochberg adjusted p-values."""
    base = next((r for r in results if r.point["baseline"]), None)
    rows = []
    for res in results:
        shares, _, _ = win_shares(res.seat_agg["wins"])
        seat_p = seat_advantage_test(shares)
        for level in ("seat", "bot"):
            for row in _entity_rows(res, level, base):
                row = {"point": res.point["index"], "label": res.point["label"],
                       "baseline": res.point["baseline"], **{f"param:{k}": v for k, v in
                                                             res.point["params"].items()},
                       **row, "seat_advantage_p": seat_p, "order_p": res.order_p,
                       "table": res.point.get("table", "")}
                rows.append(row)
    df = pd.DataFrame(rows)
    df["p_adjusted"] = np.nan
    mask = df["p_value"].notna()
    if mask.any():
        df.loc[mask, "p_adjusted"] = _bh(df.loc[mask, "p_value"].to_numpy())
    df["significant"] = df["p_adjusted"] < 0.05
    return df


# ---------------------------------------------------------------------------- the sweep
@dataclass
class SweepResult:
    """What a sweep produced: the scenario, per-point results, the results frame, files."""

    scenario: Scenario
    scenario_text: str
    points: list[PointResult]
    frame: pd.DataFrame
    out_dir: Path | None
    wall_s: float
    games_played: int
    resumed: int = 0
    source: str = ""             # the scenario file, when run from one
    replicas: list[PointResult] = field(default_factory=list)   # [strength], [spread]
    #: what the layers above work out from a finished result and ask for more than once (a
    #: report's meta-game: its headlines and its figures), by their own keys; not compared
    derived: dict = field(default_factory=dict, repr=False, compare=False)

    def summary(self) -> pd.DataFrame:
        """One row per point: label, parameters, games, seat spread and seat-advantage p."""
        seats = self.frame[self.frame["level"] == "seat"]
        out = seats.groupby(["point", "label"], sort=False).agg(
            games=("games", "first"), win_share_min=("win_share", "min"),
            win_share_max=("win_share", "max"), seat_advantage_p=("seat_advantage_p", "first"),
            order_p=("order_p", "first"))
        out["seat_spread"] = out["win_share_max"] - out["win_share_min"]
        idx = seats.groupby(["point", "label"], sort=False)["win_share"]
        out["seat_min"] = seats.loc[idx.idxmin(), "seat"].to_numpy()
        out["seat_max"] = seats.loc[idx.idxmax(), "seat"].to_numpy()
        return out.reset_index()

    def head_to_head(self) -> pd.DataFrame:
        """Tournament matrix: row bot's win share in games against the column bot."""
        bots = self.frame[self.frame["level"] == "bot"]
        names = list(dict.fromkeys(bots["entity"]))
        m = pd.DataFrame(np.nan, index=names, columns=names)
        for _, grp in bots.groupby("point"):
            if len(grp) != 2:
                continue
            a, b = grp.iloc[0], grp.iloc[1]
            total = a["win_share"] * a["seat_games"] + b["win_share"] * b["seat_games"]
            if total > 0:
                m.loc[a["entity"], b["entity"]] = a["win_share"] * a["seat_games"] / total
                m.loc[b["entity"], a["entity"]] = b["win_share"] * b["seat_games"] / total
        return m

    def report(self, path=None) -> Path:
        """Write the HTML report (and PNGs beside it); returns its path."""
        if self.out_dir is None:
            if path is None:
                raise SimlabError("report: give a path (this sweep was not written to a "
                                  "folder)")
            path = Path(path)
            folder = path.parent / f"{path.stem}-results"
            (folder / "points").mkdir(parents=True, exist_ok=True)
            for res in self.points:
                save_point(folder / "points" / f"{res.point['id']}.npz", res)
            self.out_dir = folder
            write_results(self)
        return build_report(self.out_dir, path)


def default_out_dir(sc: Scenario) -> Path:
    return Path("reports") / sc.name


def run_sweep(source, *, out: str | Path | None = None, jobs: int = 1, backend: str = "loky",
              scheduler: str | None = None, resume: bool = False, progress: bool | None = None,
              write: bool = True, report: bool = True, resolve_bot=None) -> SweepResult:
    """Run a scenario (path, TOML text file or dict) and store its results.

    Parameters
    ----------
    out : path, optional
        Results folder (default ``reports/<scenario name>/``).
    jobs, backend : int, str
        Workers and backend (``loky``, ``threads``, ``serial``, ``dask``).
    scheduler : str, optional
        Dask scheduler address; with ``backend="dask"`` and none given, a LocalCluster starts.
    resume : bool
        Skip points whose result file exists (same point, seed and simlab version).
    write, report : bool
        Write the results folder; build the HTML report.
    resolve_bot : callable, optional
        ``(level, players, rules) -> BotChoice`` for a ``[strength]`` level this layer cannot
        make (``tuned``); :func:`simlab.run_scenario` and ``simlab sweep`` pass the tuner.
    """
    sc, text = load_scenario(source)
    t0 = time.perf_counter()
    points = plan(sc)
    n_main = len(points)
    points = points + plan_replicas(sc, points, resolve_bot)
    out_dir = Path(out) if out is not None else default_out_dir(sc)
    if write:   # before any game is played: one line, and nothing left behind
        from simlab.core.io import check_output_dir

        check_output_dir(out_dir, "out")
    g = get_game(sc.game)
    for p in points:  # rules that play but break the rulebook: a warning per point
        warn_rules(g, g.make_rules(p.players, p.rules), f"scenario {sc.name}, point {p.label}")
    # the kernels the points run (rotations change no kernel), before any worker starts
    g.warm_for([g.prepare(g.make_rules(p.players, p.rules), lu) for p in points
                for lu in p.lineups])
    per_point = games_per_rotation(sc) or sc.precision.min_games
    total = sum((p.games or per_point) * len(p.lineups) * p.rotations for p in points)
    from simlab.core.progress import progress_bar

    bar = progress_bar(total, desc=f"{sc.name}: 0/{len(points)} points", enabled=progress,
                       leave=True)

    def tick(n):
        if bar.total is not None and bar.n + n > bar.total:
            bar.total = bar.n + n
        bar.update(n)

    cm = None
    if backend == "dask":
        from simlab.core.cluster import dask_client

        cm = dask_client(scheduler, n_workers=jobs)
        cm.__enter__()
    results = []
    resumed = 0
    played = 0
    same: dict[str, PointResult] = {}
    try:
        for i, p in enumerate(points):
            f = out_dir / "points" / f"{p.id}.npz"
            res = None
            if resume and f.exists():
                try:
                    res = load_point(f)
                    resumed += 1
                    tick(res.plays)
                except (OSError, ValueError, KeyError):
                    res = None
            if res is None:
                twin = same.get(_content_key(p))
                if twin is not None:   # the same settings as a point played above: once
                    res = _as_point(twin, p)
                else:
                    res = play_point(sc, p, jobs=jobs, backend=backend, on_games=tick)
                    played += res.played
                if write:
                    f.parent.mkdir(parents=True, exist_ok=True)
                    save_point(f, res)
            same.setdefault(_content_key(p), res)
            results.append(res)
            bar.set_description(f"{sc.name}: {i + 1}/{len(points)} points")
    finally:
        bar.close()
        if cm is not None:
            cm.__exit__(None, None, None)
    replicas = results[n_main:]
    results = results[:n_main]
    frame = results_frame(results)
    wall = time.perf_counter() - t0
    result = SweepResult(sc, text, results, frame, out_dir if write else None, wall,
                         played, resumed,
                         source="" if isinstance(source, dict) else str(source),
                         replicas=replicas)
    if write:
        write_results(result)
        if report:
            result.report()
    return result


def _content_key(p: Point) -> str:
    """What decides a point's games (not its name): two points with the same key play the
    same games, so the second reuses the first's results."""
    return json.dumps({"players": p.players, "rules": p.rules, "rotate": p.rotate,
                       "lineups": [[b.label for b in lu] for lu in p.lineups],
                       "games": p.games}, sort_keys=True, default=str)


def _as_point(res: PointResult, p: Point) -> PointResult:
    """``res`` (a point with the same settings) as the results of point ``p``."""
    import dataclasses

    return dataclasses.replace(res, point={**res.point, **p.describe(),
                                           "seatings": res.point.get("seatings")},
                               extra={**res.extra, "same_as": res.point["label"]})


def write_results(res: SweepResult):
    """results.parquet, results.csv and manifest.json (atomically)."""
    out = res.out_dir
    buf = io.BytesIO()
    res.frame.to_parquet(buf, index=False)
    atomic_write_bytes(out / "results.parquet", buf.getvalue())
    atomic_write_text(out / "results.csv", res.frame.to_csv(index=False))
    atomic_write_text(out / "manifest.json", json.dumps(manifest(res), indent=2, default=_json))


def manifest(res: SweepResult) -> dict:
    import importlib.metadata as md
    import platform
    import subprocess

    versions = {}
    for pkg in ("numpy", "numba", "pandas", "scipy", "matplotlib", "joblib", "pydantic",
                "pyarrow", "dask", "distributed"):
        try:
            versions[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            versions[pkg] = None
    commit = None
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent, timeout=5).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        commit = None
    sc = res.scenario
    return {
        "name": sc.name, "kind": sc.kind, "game": sc.game, "seed": sc.seed,
        "source": res.source,
        "scenario_text": res.scenario_text, "scenario": sc.model_dump(mode="json"),
        "simlab_version": __version__, "python": platform.python_version(),
        "dependencies": versions, "git_commit": commit,
        "games_played": int(sum(p.plays for p in res.points + res.replicas)),
        "games_played_this_run": res.games_played, "points_resumed": res.resumed,
        "wall_s": res.wall_s, "kernel_s": float(sum(p.kernel_s for p in res.points)),
        "points_wall_s": float(sum(p.wall_s for p in res.points)),
        "points": [{**p.point, "file": f"points/{p.point['id']}.npz", "games": p.games,
                    "plays": p.plays} for p in res.points],
        "replicas": [{**p.point, "file": f"points/{p.point['id']}.npz", "games": p.games,
                      "plays": p.plays} for p in res.replicas],
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def load_results(out_dir) -> SweepResult:
    """Load a results folder written by :func:`run_sweep` (for ``simlab report``)."""
    out_dir = Path(out_dir)
    mpath = out_dir / "manifest.json"
    if not mpath.is_file():
        raise SimlabError(f"RESULTS_DIR: {str(out_dir)!r} has no manifest.json; expected a "
                          f"folder written by `simlab sweep`")
    man = json.loads(mpath.read_text())
    sc, text = load_scenario(man["scenario"])
    text = man.get("scenario_text", text)
    results = []
    for p in man["points"]:
        f = out_dir / p["file"]
        if not f.is_file():
            raise SimlabError(f"RESULTS_DIR: missing point file {p['file']}; rerun the sweep "
                              f"with --resume")
        results.append(load_point(f))
    replicas = []
    for p in man.get("replicas", []):
        f = out_dir / p["file"]
        if not f.is_file():
            raise SimlabError(f"RESULTS_DIR: missing point file {p['file']}; rerun the sweep "
                              f"with --resume")
        replicas.append(load_point(f))
    frame = results_frame(results)
    return SweepResult(sc, text, results, frame, out_dir, man.get("wall_s", 0.0),
                       man.get("games_played", 0), replicas=replicas)


def _load_for_report(out_dir) -> tuple[SweepResult, dict, list[str]]:
    """A results folder's results, manifest and notes for its report (points that share one
    stored file are shown once, and the notes say which were left out)."""
    if out_dir is None:
        raise SimlabError("report: no results folder; run the sweep with an output folder "
                          "(out=...) first")
    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        raise SimlabError(f"RESULTS_DIR: {str(out_dir)!r} is not a folder; expected a folder "
                          f"written by `simlab sweep`")
    try:
        sr = load_results(out_dir)
        man = json.loads((out_dir / "manifest.json").read_text())
    except SimlabError:
        raise
    except (OSError, ValueError, KeyError, TypeError, IndexError, EOFError,
            zipfile.BadZipFile) as e:
        raise SimlabError(f"RESULTS_DIR: {str(out_dir)!r} cannot be read as sweep results "
                          f"({type(e).__name__}: {e}); rerun `simlab sweep`") from None
    if not sr.points:
        raise SimlabError(f"RESULTS_DIR: {str(out_dir)!r} holds no points")
    notes = []
    seen, keep = set(), []
    for res in sr.points:
        i = int(res.point["index"])
        if i not in seen:
            seen.add(i)
            keep.append(res)
    if len(keep) != len(sr.points):
        # points with identical settings share one stored file (same hash); the file then
        # describes only one of them
        lost = [str(m.get("label", m.get("index"))) for m in man.get("points", [])
                if int(m.get("index", -1)) not in seen]
        notes.append(f"The results folder lists {len(sr.points)} points but holds only "
                     f"{len(keep)} distinct point results, because points with identical "
                     f"settings share one stored file. Not shown: "
                     f"{', '.join(lost) or 'unknown'}.")
        sr.points = keep
        sr.frame = results_frame(keep)
    return sr, man, notes


def build_report(out_dir, path=None) -> Path:
    """Write the HTML report of a results folder and the PNGs of its figures.

    Parameters
    ----------
    out_dir : path
        A folder written by :func:`run_sweep` (``manifest.json``, ``points/``).
    path : path, optional
        The HTML file (default ``out_dir/report.html``); the PNGs go in its folder, named
        ``<html stem>-<figure>.png``.

    Returns
    -------
    pathlib.Path
        The HTML file.

    Raises
    ------
    SimlabError
        When ``out_dir`` is not a readable results folder.
    """
    from simlab.report.html import render_report

    sr, man, notes = _load_for_report(out_dir)
    html_path = Path(path) if path is not None else Path(out_dir) / "report.html"
    return render_report(sr, man, html_path, notes)
