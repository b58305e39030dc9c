"""Result records: what a simulation returns, as DataFrames and JSON-able dicts."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simlab.core.stats import mean_interval, seat_advantage_test, wilson_interval, win_shares
from simlab.errors import SimlabError


@dataclass
class SimResult:
    """The outcome of ``simlab.simulate``.

    Attributes
    ----------
    game : str
        Registered game name.
    players, n_games, seed : int
        ``n_games``: games per seating (every seating plays the same games).
    bots : list of str
        Bot label of each seat (seat 1 first), as listed; with ``rotate`` the bots moved
        through every seating and the seat table's bot is ``(rotated)``.
    rules : object
        The validated rules dataclass the games were played with.
    agg : dict of ndarray
        The kernel's aggregates (integer counters and histograms), by physical seat (summed
        over the seatings).
    metrics : dict
        Game-specific metrics (for Jelly: districts, cancellation, timer losses, ...).
    rows : dict of ndarray or None
        Per-game rows when asked for (``keep_games=True``); with ``rotate`` one block of rows
        per seating, one after the other (row ``seating`` says which).
    wall_s, kernel_s, compile_s : float
        Wall time of the run, the summed kernel time of its batches, and the time spent
        compiling (or loading) the kernels before the first batch.
    rotate : bool
        Whether every seating of the line-up was played.
    seatings : list of list of str
        The seatings played (bot of each seat).
    bot_labels, bot_agg, bot_trials
        The distinct bots, the per-seat aggregates regrouped by bot, and the seat-games each
        bot held.
    seat_orders, order_p
        With ``rotate``: per cyclic order of the bots round the table, each bot's win share,
        and the p-value of a paired test that the order does not matter (NaN for one order).
    overrides : dict
        The rule overrides asked for (``--set``, a data folder), as given.
    in_force : list of (name, value, default)
        The readings in force that differ from the catalogue's defaults.
    data : str
        The data folder played, if any.
    """

    game: str
    players: int
    n_games: int
    seed: int
    bots: list[str]
    rules: object
    agg: dict
    metrics: dict = field(default_factory=dict)
    rows: dict | None = None
    wall_s: float = 0.0
    kernel_s: float = 0.0
    compile_s: float = 0.0
    rotate: bool = False
    seatings: list = field(default_factory=list)
    bot_labels: list = field(default_factory=list)
    bot_agg: dict = field(default_factory=dict)
    bot_trials: list = field(default_factory=list)
    seat_orders: list = field(default_factory=list)
    order_p: float = float("nan")
    overrides: dict = field(default_factory=dict)
    in_force: list = field(default_factory=list)
    data: str = ""
    warnings: list = field(default_factory=list)
    seats_identical: str = ""
    explain: dict = field(default_factory=dict)

    def __post_init__(self):
        if not self.seatings:
            self.seatings = [list(self.bots)]
        if not self.bot_labels:   # one seating: regroup the seats by bot here
            labels = list(dict.fromkeys(self.bots))
            self.bot_labels = labels
            keys = [k for k in self.agg if np.ndim(self.agg[k]) >= 1 and
                    np.shape(self.agg[k])[0] == self.players and k in self._seat_keys()]
            self.bot_agg = {k: np.stack([np.asarray(self.agg[k])[[s for s in
                                                                  range(self.players)
                                                                  if self.bots[s] == b]]
                                         .sum(axis=0) for b in labels]) for k in keys}
            self.bot_trials = [self.n_games * self.bots.count(b) for b in labels]

    def _seat_keys(self):
        try:
            from simlab.games.registry import get_game

            return get_game(self.game).seat_keys
        except SimlabError:
            return ("wins", "score_sum", "score_sumsq", "score_hist")

    @property
    def plays(self) -> int:
        """Seat-games per seat: games x seatings."""
        return self.n_games * max(len(self.seatings), 1)

    # ------------------------------------------------------------- core tables
    def _shares(self):
        return win_shares(self.agg["wins"])

    @property
    def seat_advantage_p(self) -> float:
        """Chi-square p-value of the hypothesis that every seat wins equally often."""
        shares, _, _ = self._shares()
        return seat_advantage_test(shares)

    def summary(self, by: str = "seat") -> pd.DataFrame:
        """Balance table: one row per seat (``by="seat"``) or per bot (``by="bot"``).

        Columns: win share with its 95% Wilson interval (a k-way shared win counts 1/k), sole
        and shared wins, mean score with its 95% interval.
        """
        if by == "seat":
            shares, sole, shared = self._shares()
            ssum = np.asarray(self.agg["score_sum"], dtype=float)
            ssq = np.asarray(self.agg["score_sumsq"], dtype=float)
            fixed = len(self.seatings) == 1
            keys = [(s + 1, self.bots[s] if fixed else "(rotated)")
                    for s in range(self.players)]
            trials = [self.plays] * self.players
            index_cols = ["seat", "bot"]
        elif by == "bot":
            shares, sole, shared = win_shares(self.bot_agg["wins"])
            ssum = np.asarray(self.bot_agg["score_sum"], dtype=float)
            ssq = np.asarray(self.bot_agg["score_sumsq"], dtype=float)
            keys = [(b,) for b in self.bot_labels]
            trials = list(self.bot_trials)
            index_cols = ["bot"]
        else:
            raise SimlabError(f"summary: by must be 'seat' or 'bot', got {by!r}")
        rows = []
        for i, key in enumerate(keys):
            n = trials[i]
            w = shares[i]
            lo, hi = wilson_interval(w, n)
            m, mlo, mhi = mean_interval(ssum[i], ssq[i], n)
            row = {**dict(zip(index_cols, key, strict=True)),
                   "win_share": w / n, "win_share_lo": lo, "win_share_hi": hi,
                   "sole_wins": int(sole[i]), "shared_wins": int(shared[i]),
                   "mean_score": float(m), "mean_score_lo": float(mlo),
                   "mean_score_hi": float(mhi)}
            if by == "bot":
                row = {"bot": key[0], "seats": n / max(self.plays, 1), **{
                    k: v for k, v in row.items() if k != "bot"}}
            rows.append(row)
        return pd.DataFrame(rows)

    def score_distribution(self) -> pd.DataFrame:
        """Score histogram: one column per seat, index = score (last bin: that score or more)."""
        hist = np.asarray(self.agg["score_hist"])
        last = int(np.max(np.nonzero(hist.sum(axis=0))[0])) + 1 if hist.sum() else 1
        return pd.DataFrame(hist[:, :last].T, columns=[f"seat {s + 1}" for s in
                                                       range(self.players)]).rename_axis("score")

    @property
    def games(self) -> pd.DataFrame:
        """One row per game (and seating): game index, each seat's bot, score and winner flag,
        and where the game explains its results the game length, how it ended and each seat's
        points by source (``points_<source>_<seat>``)."""
        if self.rows is None:
            raise SimlabError("games: per-game rows were not kept; run with keep_games=True "
                              "(CLI: --out FILE)")
        from simlab.games.registry import get_game

        g = get_game(self.game)
        sc = self.rows["score"]
        n = sc.shape[0]
        per = self.n_games
        data = {"game": np.arange(n) % per}
        if len(self.seatings) > 1:
            data["seating"] = np.arange(n) // per
        seats = np.array(self.seatings, dtype=object)[np.arange(n) // per] \
            if len(self.seatings) > 1 else None
        for s in range(self.players):
            data[f"bot_{s + 1}"] = (seats[:, s] if seats is not None
                                    else np.full(n, self.bots[s], dtype=object))
        for s in range(self.players):
            data[f"score_{s + 1}"] = sc[:, s]
        for s in range(self.players):
            data[f"winner_{s + 1}"] = self.rows["winner"][:, s]
        if g.explains and "length" in self.rows:
            data[f"length_{g.length_unit}"] = self.rows["length"]
            names = np.array(g.end_names, dtype=object)
            data["end"] = names[np.asarray(self.rows["end"])]
            src = self.rows["source"]
            for s in range(self.players):
                for k, name in enumerate(g.score_sources):
                    data[f"points_{name}_{s + 1}"] = src[:, s, k]
        return pd.DataFrame(data)

    def bots_json(self) -> list[dict]:
        """Each bot's win share over every seating (per seat it holds) with its interval."""
        return [{"bot": r.bot, "seats": float(r.seats), "win_share": float(r.win_share),
                 "win_share_ci": [float(r.win_share_lo), float(r.win_share_hi)],
                 "mean_score": float(r.mean_score),
                 "mean_score_ci": [float(r.mean_score_lo), float(r.mean_score_hi)]}
                for r in self.summary("bot").itertuples()]

    def to_dict(self) -> dict:
        """JSON-able summary: game, players, games, seed, what was played (rules, readings,
        data), seats, bots (and with ``rotate`` seat_orders and order_p), seat_advantage_p,
        the explanation, metrics."""
        df = self.summary()
        seats = [{"seat": int(r.seat), "bot": r.bot, "win_share": float(r.win_share),
                  "win_share_ci": [float(r.win_share_lo), float(r.win_share_hi)],
                  "sole_wins": int(r.sole_wins), "shared_wins": int(r.shared_wins),
                  "mean_score": float(r.mean_score),
                  "mean_score_ci": [float(r.mean_score_lo), float(r.mean_score_hi)]}
                 for r in df.itertuples()]
        out = {"game": self.game, "players": self.players, "games": self.n_games,
               "seed": self.seed, "rotate": self.rotate, "seatings": len(self.seatings),
               "played": {"rules": {k: _plain(v) for k, v in self.overrides.items()},
                          "readings": [{"name": n, "value": _plain(v), "default": _plain(d)}
                                       for n, v, d in self.in_force],
                          "data": self.data or None},
               "seats": seats, "bots": self.bots_json(),
               "seat_advantage_p": self.seat_advantage_p,
               "seats_identical": self.seats_identical or None,
               "warnings": list(self.warnings)}
        if self.rotate:
            out["seat_orders"] = self.seat_orders
            out["order_p"] = None if not np.isfinite(self.order_p) else float(self.order_p)
        if self.explain:
            out["explain"] = self.explain
        out.update(self.metrics)
        return out

    def table(self) -> str:
        """The balance table as text (what ``simlab simulate`` prints)."""
        df = self.summary()
        n_seat = len(self.seatings)
        head = (f"{self.game}: {self.n_games:,} games, {self.players} players, seed {self.seed}"
                + (f", every seating ({n_seat}, the same games in each)" if n_seat > 1 else ""))
        lines = [head]
        lines += _played_lines(self)
        lines += ["",
                  f"{'seat':>4}  {'bot':<22} {'win share (95% CI)':<26} {'sole':>9} "
                  f"{'shared':>8}  {'mean score (95% CI)':<24}"]
        for r in df.itertuples():
            lines.append(f"{r.seat:>4}  {r.bot[:22]:<22} {_ws(r):<26} {r.sole_wins:>9,} "
                         f"{r.shared_wins:>8,}  {_ms(r):<24}")
        p = self.seat_advantage_p
        distinct = len(set(self.bots)) > 1
        if self.seats_identical:
            lines += ["", f"seat advantage: none possible: {self.seats_identical} (chi-square "
                          f"p = {p:.3g} measures only the noise)"]
        else:
            verdict = ("seats differ (significant at 1%)" if p < 0.01 else
                       "no significant seat difference at 1%")
            why = ("" if not distinct else
                   "; the bots rotated through every seating, so this is the seats alone"
                   if n_seat > 1 else
                   "; with different bots per seat this mixes seat and bot strength (--rotate "
                   "plays every seating)")
            lines += ["", f"seat advantage: chi-square p = {p:.3g} ({verdict}{why})"]
        if distinct:
            bdf = self.summary("bot")
            lines += ["", "by bot" + (" (over every seating)" if n_seat > 1 else "")
                      + ", in this line-up:"]
            for r in bdf.itertuples():
                lines.append(f"      {r.bot[:22]:<22} {_ws(r):<26} {'':>9} {'':>8}  "
                             f"{_ms(r):<24}")
            if self.rotate and len(self.seat_orders) > 1:
                lines += ["", _order_sentence(self)]
                for o in self.seat_orders:
                    parts = ", ".join(f"{b['bot']} {100 * b['win_share']:.1f}%"
                                      for b in o["bots"])
                    lines.append(f"  {' > '.join(o['order'])}:  {parts}")
        return "\n".join(lines)


def _ws(r) -> str:
    return (f"{100 * r.win_share:6.2f}% [{100 * r.win_share_lo:5.2f}, "
            f"{100 * r.win_share_hi:5.2f}]")


def _ms(r) -> str:
    return f"{r.mean_score:7.2f} [{r.mean_score_lo:6.2f}, {r.mean_score_hi:6.2f}]"


def _plain(v):
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if isinstance(v, np.generic):
        return v.item()
    return v


def _played_lines(res: SimResult) -> list[str]:
    """What was played beyond the defaults: the rule overrides, readings and data."""
    out = []
    if res.data:
        out.append(f"data: {res.data}")
    shown = {n for n, _, _ in res.in_force}
    rules = [f"{k}={_short(v)}" for k, v in res.overrides.items() if k not in shown]
    if rules:
        out.append("rules set: " + ", ".join(rules))
    if res.in_force:
        out.append("readings in force (not the defaults): " + ", ".join(
            f"{n} = {_short(v)} (default {_short(d)})" for n, v, d in res.in_force))
    if not out:
        out.append("rules: the rulebook's, every reading at its default")
    return out


def _short(v) -> str:
    text = ",".join(map(str, v)) if isinstance(v, tuple | list) else str(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _order_sentence(res: SimResult) -> str:
    p = res.order_p
    n = len(res.seat_orders)
    if not np.isfinite(p):
        return f"seat order: {n} cyclic orders; no test (too few games)."
    if p < 0.05:
        return (f"seat order matters: the bots' shares differ between the {n} orders in which "
                f"they follow one another round the table (paired test p = {p:.2g}); each "
                f"order below pools its rotations:")
    return (f"seat order: no effect found of the order in which the bots follow one another "
            f"(paired test over {n} orders, p = {p:.2g}); each order pools its rotations:")
