"""The audit's building blocks: stored cells, the time budget, and bootstrap statistics.

A *cell* is one table played: a line-up (every seating of it, :func:`simlab.core.seated.run_seated`,
common random numbers: game indices ``0 .. games - 1`` of the audit's seed) under one set of rule
overrides. :class:`CellStore` keeps each finished cell under the audit's folder
(``cells/<key>.npz``, the key a hash of everything that decides its games: game, players, rules,
line-up, seatings, games, seed and simlab's version), written through a temporary file and
``os.replace``; a killed audit that is run again takes the cells it has and plays the rest.

A cell keeps the per-game series the findings need (each seat's and each bot's win share and
score, averaged over the seatings) and the game's own metrics (game shape, length, ends, points
by source). Every interval of the audit is a percentile interval of a Poisson bootstrap over game
indices (:func:`boot_weights`: one resample shared by every cell of the same games, so a
difference between two cells is paired), so it respects the bounds of what it measures.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simlab.core.io import atomic_write_bytes, json_default

#: the audit's rough time shares of its budget (seconds of play), by part
SHARES = {"seat:greedy": 0.05, "seat:tuned": 0.05, "seat:search:lo": 0.10,
          "seat:search:hi": 0.12, "tune": 0.08, "pairs": 0.15, "fields": 0.05,
          "fields:search": 0.08, "sensitivity": 0.22, "data": 0.10}


@dataclass
class Cell:
    """One table played: per-game series (``seat``, ``seat_score``: (n, P); ``bot``,
    ``bot_score``: (n, bots)), the bots' labels, and ``meta`` (metrics, games, seconds)."""

    labels: list
    seat: np.ndarray
    seat_score: np.ndarray
    bot: np.ndarray
    bot_score: np.ndarray
    meta: dict = field(default_factory=dict)
    resumed: bool = False

    @property
    def n(self) -> int:
        return int(self.seat.shape[0])


def cell_key(parts: dict) -> str:
    """The stored name of a cell: a hash of everything that decides its games."""
    from simlab.version import __version__

    text = json.dumps({**parts, "version": __version__}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class CellStore:
    """Finished cells under ``folder/cells`` (None: kept in memory only)."""

    def __init__(self, folder):
        self.folder = Path(folder) / "cells" if folder is not None else None
        self.memory: dict[str, Cell] = {}
        self.played = 0
        self.reused = 0

    def _path(self, key: str):
        return self.folder / f"{key}.npz" if self.folder is not None else None

    def has(self, parts: dict) -> bool:
        key = cell_key(parts)
        path = self._path(key)
        return key in self.memory or (path is not None and path.is_file())

    def put(self, parts: dict, cell: Cell) -> None:
        """Store a cell played elsewhere (a worker)."""
        key = cell_key(parts)
        self.played += 1
        self._save(key, cell)

    def _save(self, key: str, cell: Cell) -> None:
        path = self._path(key)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            buf = io.BytesIO()
            np.savez_compressed(buf, seat=cell.seat, seat_score=cell.seat_score, bot=cell.bot,
                                bot_score=cell.bot_score,
                                labels=np.array(json.dumps(cell.labels)),
                                meta=np.array(json.dumps(cell.meta, default=json_default)))
            atomic_write_bytes(path, buf.getvalue())
        self.memory[key] = cell

    def get(self, parts: dict, play) -> Cell:
        """The cell of ``parts``: stored, else ``play()`` (a :class:`Cell`), then stored."""
        key = cell_key(parts)
        if key in self.memory:
            return self.memory[key]
        path = self._path(key)
        if path is not None and path.is_file():
            try:
                cell = _load(path)
                cell.resumed = True
                self.reused += 1
                self.memory[key] = cell
                return cell
            except (OSError, ValueError, KeyError):
                pass  # a damaged cell is played again
        cell = play()
        self.played += 1
        self._save(key, cell)
        return cell


def _load(path: Path) -> Cell:
    with np.load(path, allow_pickle=False) as z:
        return Cell(json.loads(str(z["labels"])), z["seat"], z["seat_score"], z["bot"],
                    z["bot_score"], json.loads(str(z["meta"])))


def play_cell(g, rules, lineup, games: int, seed: int, rotate: bool, jobs: int,
              backend: str) -> Cell:
    """Play a line-up (every seating when ``rotate``) on games ``0 .. games - 1``."""
    from simlab.core.seated import run_seated

    t0 = time.perf_counter()
    use_jobs = jobs if games >= 2_000 and backend != "serial" else 1   # small tables: no worker start-up per seating
    out = run_seated(g, rules, lineup, games, seed, rotate=rotate, jobs=use_jobs,
                     backend=backend if use_jobs > 1 else "serial", series=True, progress=False)
    secs = time.perf_counter() - t0
    s = out.series
    meta = {"games": games, "plays": int(out.plays), "seconds": secs,
            "shape": shape_of(g, out, rules)}
    return Cell(list(out.labels), s["seat"], s["seat_score"], s["bot"], s["bot_score"], meta)


def shape_of(g, out, rules) -> dict:
    """What the game records of its shape for a seated run: game-shape measures (with the
    snowball and comeback counts), mean length, ends, mean points by source."""
    agg = out.agg
    res: dict = {}
    try:
        metrics = g.metrics(agg, out.plays, rules, out.plans[0].lineup)
    except Exception:  # noqa: BLE001 - a game whose metrics need more than a seated run has
        metrics = {}
    shape = metrics.get("game_shape") or {}
    res["game_shape"] = {k: shape.get(k) for k in (
        "checkpoint", "lead_changes_per_game", "comeback_rate", "snowball_rate", "fair_rate",
        "drama_share", "margin_mean", "leader_wins_curve") if k in shape}
    c = agg.get("shape_counters")
    if c is not None:
        from simlab.core.shape import (
            S_COMEBACK_GAMES,
            S_COMEBACK_WINS,
            S_SNOWBALL_GAMES,
            S_SNOWBALL_WINS,
        )

        c = np.asarray(c, dtype=float) / max(out.weight, 1)
        res["counts"] = {"snowball_wins": float(c[S_SNOWBALL_WINS]),
                         "snowball_games": float(c[S_SNOWBALL_GAMES]),
                         "comeback_wins": float(c[S_COMEBACK_WINS]),
                         "comeback_games": float(c[S_COMEBACK_GAMES])}
    plays = max(out.plays, 1)
    if getattr(g, "explains", False) and "length" in agg:
        ln = np.asarray(agg["length"], dtype=float)
        mean = ln[0] / plays
        res["length"] = {"mean": float(mean),
                         "sd": float(np.sqrt(max(ln[1] / plays - mean ** 2, 0.0))),
                         "unit": g.length_unit}
        ends = np.asarray(agg["ends"], dtype=float)
        res["ends"] = {n: float(ends[i] / plays) for i, n in enumerate(g.end_names)}
        src = np.asarray(agg["src"], dtype=float)        # (P, n_src), summed over plays
        res["points_by_source"] = {n: float(src[:, i].sum() / plays / src.shape[0])
                                   for i, n in enumerate(g.score_sources)}
    res["score_mean"] = float(np.asarray(agg["score_sum"], dtype=float).sum()
                              / plays / len(out.plans[0].lineup))
    return res


# ---------------------------------------------------------------------------- statistics
def boot_weights(n: int, reps: int, seed: int) -> np.ndarray:
    """Poisson(1) bootstrap weights over ``n`` game indices: (reps, n), the same for every
    cell of the same games (a difference between cells stays paired)."""
    rng = np.random.default_rng([int(seed), 0xA0D17, n])
    return rng.poisson(1.0, size=(reps, n)).astype(np.float64)


def wmean(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Weighted means of the columns of ``x`` (n, k) under each weight row: (reps, k)."""
    x = np.asarray(x, dtype=np.float64)
    return (w @ x) / np.maximum(w.sum(axis=1, keepdims=True), 1e-12)


def interval(values: np.ndarray, lo: float | None = None, hi: float | None = None,
             level: float = 0.95) -> list:
    """The ``level`` (95%) percentile interval of bootstrap values (clipped to the bounds)."""
    v = np.asarray(values, dtype=float)
    tail = 50.0 * (1.0 - level)
    a, b = np.percentile(v, [tail, 100.0 - tail])
    if lo is not None:
        a, b = max(a, lo), max(b, lo)
    if hi is not None:
        a, b = min(a, hi), min(b, hi)
    return [float(a), float(b)]


def state(ci, ref: float = 0.0) -> int:
    """+1 / -1 when the interval lies above / below ``ref``, else 0."""
    return 1 if ci[0] > ref else -1 if ci[1] < ref else 0


# ---------------------------------------------------------------------------- the budget
class Budget:
    """Games per cell from measured speeds: a part of the audit gets ``SHARES[part]`` of the
    budget's seconds, split over its cells; a cell of a line-up costs the mean of its bots'
    seconds per game (measured by :meth:`probe`) times its seatings."""

    def __init__(self, seconds: float, jobs: int, min_games: int, max_games: int):
        self.seconds = float(seconds)
        self.speedup = 1.0 if jobs <= 1 else 0.9 * jobs
        self.min_games, self.max_games = int(min_games), int(max_games)
        self.per_game: dict[str, float] = {}    # bot label -> seconds per game, all seats it
        self.probe_s = 0.0

    def probe(self, g, rules, label: str, bot, players: int, seed: int) -> float:
        """Seconds per game of a table of ``players`` copies of ``bot`` (one worker): a few
        games, then as many as fit in about a third of a second."""
        from simlab.core.runner import run_games

        if label in self.per_game:
            return self.per_game[label]
        prepared = g.prepare(rules, [bot] * players)
        t0 = time.perf_counter()
        run_games(g, prepared, 1, seed + 7, jobs=1, backend="serial", progress=False)
        n, total, secs = 1, 0, 0.0
        t0 = time.perf_counter()
        while secs < 0.3 and n <= 4096:
            run_games(g, prepared, n, seed + 7, jobs=1, backend="serial", progress=False,
                      first_game=1_000_000 + total)
            total += n
            secs = time.perf_counter() - t0
            n *= 2
        self.probe_s += secs
        per = secs / max(total, 1)
        self.per_game[label] = per
        return per

    def games(self, part: str, cells: int, cost_per_game: float, weight: int = 1) -> int:
        """Games per seating for each of ``cells`` cells of a part (each ``weight`` seatings,
        ``cost_per_game`` seconds a game on one worker); at least ``min_games``, or a fifth of
        it (at least 8) where games are dear: the search bot's parts, and any cell whose
        ``min_games`` would cost over 3 times its share (a lookahead seat in Monsters on Board,
        about a second a game: its pairings at the full floor took 60% of a quick card)."""
        secs = self.seconds * SHARES[part] / max(cells, 1)
        cost = max(cost_per_game * weight, 1e-9)
        n = int(secs * self.speedup / cost)
        dear = "search" in part or self.min_games * cost > 3 * secs * self.speedup
        floor = max(8, self.min_games // 5) if dear else self.min_games
        return int(min(max(n, floor), self.max_games))

    def cost(self, labels) -> float:
        """Seconds a game of a line-up (the mean of its bots' probed tables)."""
        vals = [self.per_game.get(lab, max(self.per_game.values(), default=1e-3))
                for lab in labels]
        return float(np.mean(vals))
