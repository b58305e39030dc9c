"""The meta-game of a tournament: dominant bots and the Nash equilibrium over the listed bots.

A tournament (the ``[tournament]`` scenario kind) plays every pair of bots with alternating seats
in every seat rotation; :func:`pair_stats` gives each pairing's share of
the wins with a paired per-game test. From that:

* a bot is **dominant** when it takes significantly more than half of the wins against every
  other listed bot (Benjamini-Hochberg adjusted over all pairings, at 5%);
* the **meta-game** treats the bots as the strategies of a symmetric game whose payoff for
  ``i`` against ``j`` is ``i``'s share of the wins in their pairing. With two players a game is
  zero-sum: the equilibrium mixture solves a linear programme (scipy's HiGHS). With more
  players the tables of the tournament mix two bots each, so the meta-game is modelled as a
  population game on those pairwise payoffs and solved by replicator dynamics (the time
  average of the trajectory, which converges to the equilibrium also where the trajectory
  cycles, as in rock-paper-scissors).

Both come with bootstrap intervals: the games of every pairing are resampled, the matrix and the
equilibrium recomputed, and the 2.5% and 97.5% quantiles of each weight reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simlab.core.stats import ALPHA, Z95, benjamini_hochberg
from simlab.errors import SimlabError
from simlab.report.fmt import pct


def nash_zero_sum(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """Maximin mixture of the row player of a zero-sum matrix game (linear programming).

    Parameters
    ----------
    payoff : (k, k) array
        Row strategy's payoff against each column strategy (the column player gets minus it).

    Returns
    -------
    weights : (k,) array
        The row player's equilibrium mixture (sums to 1).
    value : float
        The game's value for the row player.
    """
    from scipy.optimize import linprog

    a = np.asarray(payoff, dtype=float)
    if a.ndim != 2 or a.shape[0] == 0:
        raise SimlabError("nash: expected a non-empty payoff matrix")
    k, m = a.shape
    # variables: x_1..x_k, v ; maximise v  s.t.  (A^T x)_j >= v,  sum x = 1,  x >= 0
    c = np.zeros(k + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((m, 1))])
    b_ub = np.zeros(m)
    a_eq = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    bounds = [(0, None)] * k + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=bounds,
                  method="highs")
    if not res.success:  # pragma: no cover - a bounded feasible LP always solves
        raise SimlabError(f"nash: linear programme failed: {res.message}")
    x = np.clip(res.x[:k], 0.0, None)
    return x / x.sum(), float(res.x[-1])


def replicator(payoff: np.ndarray, iterations: int = 20_000, step: float = 0.05,
               tol: float = 1e-10) -> np.ndarray:
    """Equilibrium mixture of a symmetric population game by replicator dynamics.

    Discrete replicator steps ``x_i <- x_i (1 + step (f_i - f_bar))`` with fitness ``f = A x``
    from the uniform mixture. Returns the rest point where the dynamics settle (dominated
    strategies die out), or, where they keep cycling around an interior equilibrium (as in
    rock-paper-scissors), the average of the second half of the trajectory.

    Parameters
    ----------
    payoff : (k, k) array
        Payoff of strategy ``i`` against ``j``.
    iterations, step, tol : int, float, float
        Steps, step size, and the change per step under which the dynamics count as settled.
    """
    a = np.asarray(payoff, dtype=float)
    k = a.shape[0] if a.ndim == 2 else 0
    if a.shape != (k, k) or k == 0:
        raise SimlabError("replicator: expected a square payoff matrix")
    scale = float(np.ptp(a)) or 1.0
    a = a / scale
    x = np.full(k, 1.0 / k)
    total = np.zeros(k)
    counted = 0
    for t in range(iterations):
        f = a @ x
        new = x * (1.0 + step * (f - x @ f))
        np.maximum(new, 1e-300, out=new)
        new /= new.sum()
        moved = np.abs(new - x).max()
        x = new
        if moved < tol:  # a rest point: the dynamics settled
            break
        if t >= iterations // 2:  # cycling: average the second half of the trajectory
            total += x
            counted += 1
    else:
        if counted:
            x = total / counted
    x = np.where(x < 1e-4, 0.0, x)
    return x / x.sum()


def replicator_many(payoffs: np.ndarray, iterations: int = 20_000, step: float = 0.05,
                    tol: float = 1e-10) -> np.ndarray:
    """:func:`replicator` of each of ``payoffs`` ((n, k, k)), all stepped together (each
    stops where its own dynamics settle); returns the (n, k) mixtures."""
    a = np.asarray(payoffs, dtype=float)
    n, k = a.shape[0], a.shape[-1]
    scale = np.ptp(a.reshape(n, -1), axis=1)
    a = a / np.where(scale > 0, scale, 1.0)[:, None, None]
    x = np.full((n, k), 1.0 / k)
    total = np.zeros((n, k))
    counted = np.zeros(n)
    active = np.ones(n, dtype=bool)
    for t in range(iterations):
        idx = np.flatnonzero(active)
        if idx.size == 0:
            break
        xa = x[idx]
        f = np.einsum("bij,bj->bi", a[idx], xa)
        new = xa * (1.0 + step * (f - np.einsum("bi,bi->b", xa, f)[:, None]))
        np.maximum(new, 1e-300, out=new)
        new /= new.sum(axis=1, keepdims=True)
        done = np.abs(new - xa).max(axis=1) < tol   # a rest point: the dynamics settled
        x[idx] = new
        if t >= iterations // 2:  # cycling: average the second half of the trajectory
            go = idx[~done]
            total[go] += new[~done]
            counted[go] += 1
        active[idx[done]] = False
    cyc = active & (counted > 0)
    x[cyc] = total[cyc] / counted[cyc][:, None]
    x = np.where(x < 1e-4, 0.0, x)
    return x / x.sum(axis=1, keepdims=True)


@dataclass
class MetaGame:
    """A tournament's meta-game.

    Attributes
    ----------
    bots : list of str
    matrix : DataFrame
        Row bot's share of the wins against the column bot (diagonal 0.5).
    weights, lo, hi : ndarray
        Equilibrium mixture and its 95% bootstrap intervals.
    method : str
        ``linear programme`` (two players) or ``replicator dynamics``.
    dominant : str or None
        The bot that beats every other significantly, if any.
    beats : dict
        For each bot, the bots it beats significantly.
    """

    bots: list[str]
    matrix: pd.DataFrame
    weights: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    method: str
    dominant: str | None
    beats: dict
    bootstrap: int

    def table(self) -> pd.DataFrame:
        """One row per bot: equilibrium weight with interval, average share, bots beaten."""
        avg = self.matrix.where(~np.eye(len(self.bots), dtype=bool)).mean(axis=1)
        return pd.DataFrame({"bot": self.bots, "nash_weight": self.weights,
                             "weight_lo": self.lo, "weight_hi": self.hi,
                             "mean_share": avg.to_numpy(),
                             "beats": [", ".join(self.beats[b]) for b in self.bots]})

    def sentences(self) -> list[str]:
        """The findings in words (for the top of a report)."""
        out = []
        if self.dominant:
            others = [b for b in self.bots if b != self.dominant]
            out.append(f"Dominant strategy: {self.dominant} beats every other bot "
                       f"({', '.join(others)}) with significance (paired per-game tests, "
                       "Benjamini-Hochberg adjusted, 5%). Against this field there is no "
                       "reason to play anything else.")
        else:
            out.append("No dominant strategy: no bot beats every other with significance "
                       "(Benjamini-Hochberg adjusted, 5%).")
        order = np.argsort(-self.weights)
        used = [i for i in order if self.weights[i] >= 0.005]
        parts = [f"{self.bots[i]} {pct(self.weights[i])} ({pct(self.lo[i])} to "
                 f"{pct(self.hi[i])})" for i in used]
        out.append(f"Meta-game equilibrium ({self.method}, 95% bootstrap intervals over "
                   f"{self.bootstrap} resamples): {'; '.join(parts)}."
                   + (" A single bot in the equilibrium is the one to play."
                      if len(used) == 1 else
                      " A mixed equilibrium means the best bot depends on what the others "
                      "play: no single strategy is best against every field."))
        return out


def solve(matrix: np.ndarray, players: int) -> tuple[np.ndarray, str]:
    """Equilibrium mixture of a pairwise win-share matrix for tables of ``players``."""
    m = np.asarray(matrix, dtype=float)
    m = np.where(np.isnan(m), 0.5, m)
    if players == 2:
        w, _ = nash_zero_sum(m - 0.5)
        return w, "linear programme"
    return replicator(m), "replicator dynamics"


def meta_game(sr, bootstrap: int = 200, seed: int = 0) -> MetaGame:
    """The meta-game of a tournament result (:class:`simlab.sweep.SweepResult`).

    Parameters
    ----------
    sr : SweepResult
        A finished tournament.
    bootstrap : int
        Resamples of the games of every pairing for the intervals.
    seed : int
        Seed of the resampling.
    """
    if sr.scenario.kind != "tournament":
        raise SimlabError("meta-game: needs a tournament result ([tournament] scenario)")
    # a report asks twice (its headlines and its figures): the bootstrap is solved once
    key = ("meta_game", bootstrap, seed)
    if key not in sr.derived:
        sr.derived[key] = _meta_game(sr, bootstrap, seed)
    return sr.derived[key]


def _meta_game(sr, bootstrap: int, seed: int) -> MetaGame:
    """:func:`meta_game`, solved."""
    ps = pair_stats(sr)
    bots = list(dict.fromkeys(list(ps["bot_a"]) + list(ps["bot_b"])))
    k = len(bots)
    idx = {b: i for i, b in enumerate(bots)}
    players = int(sr.points[0].point.get("players") or sr.scenario.players or 2)

    samples = []  # per pairing: (i, j, per-game shares of a and b)
    for res in sr.points:
        if len(res.bot_labels) != 2:
            continue
        sh = np.asarray(res.bot_shares, dtype=float)
        samples.append((idx[res.bot_labels[0]], idx[res.bot_labels[1]],
                        sh[:, :, 0].mean(axis=0), sh[:, :, 1].mean(axis=0)))

    def matrix(rng=None):
        m = np.full((k, k), 0.5)
        for i, j, x, y in samples:
            if rng is not None:
                pick = rng.integers(0, len(x), len(x))
                x, y = x[pick], y[pick]
            t = x.mean() + y.mean()
            s = 0.5 if t <= 0 else 0.5 + (x.mean() - y.mean()) / (2 * t)
            m[i, j], m[j, i] = s, 1 - s
        return m

    m0 = matrix()
    w, method = solve(m0, players)
    rng = np.random.default_rng(seed)
    mats = [matrix(rng) for _ in range(bootstrap)]
    if players == 2 or not mats:
        boot = np.array([solve(m, players)[0] for m in mats])
    else:   # the replicator dynamics of every resample stepped together
        boot = replicator_many(np.where(np.isnan(mats), 0.5, mats))
    lo = np.quantile(boot, 0.025, axis=0) if bootstrap else w
    hi = np.quantile(boot, 0.975, axis=0) if bootstrap else w

    beats = {b: [] for b in bots}
    for _, r in ps.iterrows():
        if not r["significant"]:
            continue
        win, lose = (r["bot_a"], r["bot_b"]) if r["share_a"] > 0.5 else (r["bot_b"], r["bot_a"])
        beats[win].append(lose)
    dominant = next((b for b in bots if k > 1 and len(beats[b]) == k - 1), None)
    return MetaGame(bots, pd.DataFrame(m0, index=bots, columns=bots), w, lo, hi, method,
                    dominant, beats, bootstrap)


def pair_stats(sr) -> pd.DataFrame:
    """Tournament pairings: the first bot's share of the wins against the second, with a 95%
    interval and a paired per-game test against an even 50% (Benjamini-Hochberg adjusted over
    the pairings). Each game's shares are averaged over its seat rotations first, so the
    samples are independent games."""
    from scipy import stats

    rows = []
    for res in sr.points:
        if len(res.bot_labels) != 2:
            continue
        sh = np.asarray(res.bot_shares, dtype=float)  # (plans, games, 2)
        x = sh[:, :, 0].mean(axis=0)
        y = sh[:, :, 1].mean(axis=0)
        n = len(x)
        t = float(x.mean() + y.mean())
        d = x - y
        md = float(d.mean()) if n else 0.0
        se = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
        if t <= 0:
            share = lo = hi = p = float("nan")
        else:
            share = 0.5 + md / (2 * t)
            lo = max(0.0, 0.5 + (md - Z95 * se) / (2 * t))
            hi = min(1.0, 0.5 + (md + Z95 * se) / (2 * t))
            p = float(2 * stats.norm.sf(abs(md / se))) if se > 0 else (1.0 if md == 0 else 0.0)
        rows.append({"point": int(res.point["index"]), "label": res.point["label"],
                     "bot_a": res.bot_labels[0], "bot_b": res.bot_labels[1], "share_a": share,
                     "lo": lo, "hi": hi, "p_value": p, "games": n})
    df = pd.DataFrame(rows, columns=["point", "label", "bot_a", "bot_b", "share_a", "lo", "hi",
                                     "p_value", "games"])
    df["p_adjusted"] = np.nan
    ok = df["p_value"].notna()
    if ok.any():
        df.loc[ok, "p_adjusted"] = benjamini_hochberg(df.loc[ok, "p_value"].to_numpy())
    df["significant"] = df["p_adjusted"] < ALPHA
    return df
