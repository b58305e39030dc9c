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
    bots : list of str
        Bot label of each seat (seat 1 first).
    rules : object
        The validated rules dataclass the games were played with.
    agg : dict of ndarray
        The kernel's aggregates (integer counters and histograms).
    metrics : dict
        Game-specific metrics (for Jelly: districts, cancellation, timer losses, ...).
    rows : dict of ndarray or None
        Per-game rows when asked for (``keep_games=True``).
    wall_s, kernel_s : float
        Wall time of the run and the summed kernel time of its batches.
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
        n = self.n_games
        shares, sole, shared = self._shares()
        ssum = np.asarray(self.agg["score_sum"], dtype=float)
        ssq = np.asarray(self.agg["score_sumsq"], dtype=float)
        if by == "seat":
            keys = [(s + 1, self.bots[s]) for s in range(self.players)]
            groups = [[s] for s in range(self.players)]
            index_cols = ["seat", "bot"]
        elif by == "bot":
            labels = list(dict.fromkeys(self.bots))
            keys = [(b,) for b in labels]
            groups = [[s for s in range(self.players) if self.bots[s] == b] for b in labels]
            index_cols = ["bot"]
        else:
            raise SimlabError(f"summary: by must be 'seat' or 'bot', got {by!r}")
        rows = []
        for key, g in zip(keys, groups, strict=True):
            trials = n * len(g)
            w = shares[g].sum()
            lo, hi = wilson_interval(w, trials)
            m, mlo, mhi = mean_interval(ssum[g].sum(), ssq[g].sum(), trials)
            rows.append({**dict(zip(index_cols, key, strict=True)), "seats": len(g),
                         "win_share": w / trials, "win_share_lo": lo, "win_share_hi": hi,
                         "sole_wins": int(sole[g].sum()), "shared_wins": int(shared[g].sum()),
                         "mean_score": float(m), "mean_score_lo": float(mlo),
                         "mean_score_hi": float(mhi)})
        df = pd.DataFrame(rows)
        if by == "seat":
            df = df.drop(columns="seats")
        return df

    def score_distribution(self) -> pd.DataFrame:
        """Score histogram: one column per seat, index = score (last bin: that score or more)."""
        hist = np.asarray(self.agg["score_hist"])
        last = int(np.max(np.nonzero(hist.sum(axis=0))[0])) + 1 if hist.sum() else 1
        return pd.DataFrame(hist[:, :last].T, columns=[f"seat {s + 1}" for s in
                                                       range(self.players)]).rename_axis("score")

    @property
    def games(self) -> pd.DataFrame:
        """One row per game: game index, each seat's score and winner flag."""
        if self.rows is None:
            raise SimlabError("games: per-game rows were not kept; run with keep_games=True "
                              "(CLI: --out FILE)")
        sc = self.rows["score"]
        data = {"game": np.arange(sc.shape[0])}
        for s in range(self.players):
            data[f"score_{s + 1}"] = sc[:, s]
        for s in range(self.players):
            data[f"winner_{s + 1}"] = self.rows["winner"][:, s]
        return pd.DataFrame(data)

    def to_dict(self) -> dict:
        """JSON-able summary: game, players, games, seed, seats, seat_advantage_p, metrics."""
        df = self.summary()
        seats = [{"seat": int(r.seat), "bot": r.bot, "win_share": float(r.win_share),
                  "win_share_ci": [float(r.win_share_lo), float(r.win_share_hi)],
                  "sole_wins": int(r.sole_wins), "shared_wins": int(r.shared_wins),
                  "mean_score": float(r.mean_score),
                  "mean_score_ci": [float(r.mean_score_lo), float(r.mean_score_hi)]}
                 for r in df.itertuples()]
        out = {"game": self.game, "players": self.players, "games": self.n_games,
               "seed": self.seed, "seats": seats, "seat_advantage_p": self.seat_advantage_p}
        out.update(self.metrics)
        return out

    def table(self) -> str:
        """The balance table as text (what ``simlab simulate`` prints)."""
        df = self.summary()
        lines = [f"{self.game}: {self.n_games:,} games, {self.players} players, seed {self.seed}",
                 "",
                 f"{'seat':>4}  {'bot':<22} {'win share (95% CI)':<26} {'sole':>9} "
                 f"{'shared':>8}  {'mean score (95% CI)':<24}"]
        for r in df.itertuples():
            ws = f"{100 * r.win_share:6.2f}% [{100 * r.win_share_lo:5.2f}, " \
                 f"{100 * r.win_share_hi:5.2f}]"
            ms = f"{r.mean_score:7.2f} [{r.mean_score_lo:6.2f}, {r.mean_score_hi:6.2f}]"
            lines.append(f"{r.seat:>4}  {r.bot[:22]:<22} {ws:<26} {r.sole_wins:>9,} "
                         f"{r.shared_wins:>8,}  {ms:<24}")
        p = self.seat_advantage_p
        verdict = ("seats differ (significant at 1%)" if p < 0.01 else
                   "no significant seat difference at 1%")
        lines += ["", f"seat advantage: chi-square p = {p:.3g} ({verdict}; with different bots "
                      "per seat this mixes seat and bot strength)"]
        return "\n".join(lines)
