"""A line-up played in every seating: aggregates by seat and by bot, the seating-order test.

:func:`run_seated` plays a line-up in each of its seatings (:mod:`simlab.core.seating`) on the
same games (common random numbers: every seating plays game indices ``first_game ...``), block
by block of game indices, so memory stays flat however many games are played. For each block
it adds up:

* the aggregates by physical seat (every seating's, weighted by how often a balanced design
  holds it) and regrouped by bot (the game's ``seat_keys``);
* each bot's win share per cyclic order (the order the bots follow one another round the table,
  pooled over its rotations, so the seats average out);
* the sums a paired test of "the cyclic order does not matter" needs (:func:`order_test`): for
  every game, each bot's share in each cyclic order minus its share in the first;
* optionally the per-game series sweeps and analyses pair on: each seat's and each bot's win
  share and score, averaged over the seatings, and the explanation rows (points by source,
  choices, length, end) per bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simlab.core.seating import Seating, arrange, seatings

#: games per block of a seated run (each seating plays the block before the next block)
BLOCK = 200_000


@dataclass
class Plan:
    """One seating of a line-up, ready to play."""

    seating: Seating
    lineup: list            # BotChoice per seat
    tags: list              # the label each seat's bot is counted under
    prepared: object
    order: int              # index of its cyclic order


@dataclass
class SeatedOutput:
    """What :func:`run_seated` returns (see the module docstring)."""

    labels: list                   # the bots (tags), in order of first appearance
    plans: list                    # Plan per seating
    orders: list                   # cyclic orders, each a tuple of tags round the table
    games: int = 0                 # games per seating
    agg: dict | None = None        # by physical seat, weighted over the seatings
    bot_agg: dict = field(default_factory=dict)   # seat keys regrouped by bot: (n_bots, ...)
    bot_seat_games: np.ndarray | None = None      # seat-games each bot held (weighted)
    order_wins: np.ndarray | None = None          # (orders, bots) win shares summed
    order_trials: np.ndarray | None = None        # (orders, bots) seat-games
    test_sum: np.ndarray | None = None            # order test: sum of d
    test_sq: np.ndarray | None = None             # order test: sum of d d'
    test_n: int = 0
    series: dict = field(default_factory=dict)    # per-game series (when asked)
    rows: dict | None = None                      # per seating: concatenated rows (when asked)
    kernel_s: float = 0.0
    compile_s: float = 0.0
    played: int = 0                               # games actually played (all seatings)

    @property
    def weight(self) -> int:
        """Seatings counted with their weights (the plays of one game index)."""
        return int(sum(p.seating.weight for p in self.plans))

    @property
    def plays(self) -> int:
        return self.games * self.weight

    def order_p(self) -> float:
        """p-value of "the cyclic order of the bots does not change their win shares" (NaN
        when there is one cyclic order)."""
        if len(self.orders) < 2 or self.test_n < 3:
            return float("nan")
        return order_test(self.test_sum, self.test_sq, self.test_n)

    def seat_orders(self) -> list[dict]:
        """Per cyclic order, each bot's win share per seat it holds with a 95% interval."""
        from simlab.core.stats import wilson_interval

        out = []
        for c, order in enumerate(self.orders):
            shares = []
            for j, lab in enumerate(self.labels):
                n = float(self.order_trials[c, j])
                if n <= 0:
                    continue
                w = float(self.order_wins[c, j])
                lo, hi = wilson_interval(w, n)
                shares.append({"bot": lab, "win_share": w / n, "win_share_ci": [lo, hi]})
            out.append({"order": list(order), "seatings": sum(
                1 for p in self.plans if p.order == c), "bots": shares})
        return out


def order_test(sum_d: np.ndarray, sum_dd: np.ndarray, n: int) -> float:
    """Hotelling's T-squared test that the mean of the per-game vectors ``d`` is zero, from
    their sum and the sum of their outer products (a pseudo-inverse where bots' shares are
    linearly tied): the p-value of its F statistic."""
    from scipy import special

    m = sum_d / n
    cov = (sum_dd - n * np.outer(m, m)) / (n - 1)
    vals = np.linalg.eigvalsh(cov) if cov.size else np.zeros(0)
    tol = max(vals.max(initial=0.0), 0.0) * 1e-9
    rank = int((vals > tol).sum())
    if rank == 0:  # the same shares in every order, game by game: no effect at all
        return 1.0 if not np.any(np.abs(m) > 1e-12) else 0.0
    if n - rank < 1:
        return float("nan")
    t2 = float(n * m @ np.linalg.pinv(cov, rcond=1e-9, hermitian=True) @ m)
    f = (n - rank) / (rank * (n - 1)) * t2
    return float(special.fdtrc(rank, n - rank, f))


def make_plans(game, rules, lineup, rotate: bool, tags=None) -> tuple[list, list, list]:
    """The plans of a line-up: (plans, bot tags in first-appearance order, cyclic orders)."""
    tags = [b.label for b in lineup] if tags is None else list(tags)
    keyed = [_Keyed(b, t) for b, t in zip(lineup, tags, strict=True)]
    plans, orders = [], []
    for st in seatings([k.label for k in keyed], rotate):
        seats = arrange(keyed, st)
        lu = [k.bot for k in seats]
        tg = [k.tag for k in seats]
        n = len(tg)
        order = min(tuple(tg[(i + r) % n] for i in range(n)) for r in range(n))
        if order not in orders:
            orders.append(order)
        plans.append(Plan(st, lu, tg, game.prepare(rules, lu), orders.index(order)))
    labels = list(dict.fromkeys(tags))
    return plans, labels, orders


@dataclass(frozen=True)
class _Keyed:
    bot: object
    tag: str

    @property
    def label(self) -> str:
        own = self.bot.label
        return own if own == self.tag else f"{own}|{self.tag}"


def run_seated(game, rules, lineup, n_games: int, seed: int, *, rotate: bool = True,
               tags=None, jobs: int = 1, backend: str = "loky", first_game: int = 0,
               series: bool = False, keep_rows: bool = False, progress=None,
               on_batch=None, plans=None, block: int = BLOCK) -> SeatedOutput:
    """Play ``lineup`` in every seating (or as given, ``rotate=False``) on games
    ``[first_game, first_game + n_games)`` of ``seed``.

    Parameters
    ----------
    game, rules, lineup
        The registered game, validated rules and the line-up (BotChoice per seat).
    rotate : bool
        Every seating (:func:`simlab.core.seating.seatings`), else the line-up as given.
    tags : list of str, optional
        The label each seat's bot is counted under (default: its own label); a population
        that replaces bots keeps the findings' names this way.
    series : bool
        Also keep per-game series (``series``): ``seat`` (games, P) and ``bot`` (games, bots)
        win shares, ``seat_score``, ``bot_score``, and where the game explains its results
        ``bot_src``, ``bot_choice`` (per seat the bot holds), ``length``, ``end`` (one-hot),
        each averaged over the seatings.
    keep_rows : bool
        Keep each seating's rows (``rows[k]`` for plan ``k``): memory grows with the games.
    plans : list, optional
        Plans from :func:`make_plans` (to extend a run over more games).
    """
    from simlab.core.runner import run_games

    if plans is None:
        plans, labels, orders = make_plans(game, rules, lineup, rotate, tags)
    else:
        labels = list(dict.fromkeys(t for p in plans for t in p.tags))
        orders = []
        for p in plans:
            n = len(p.tags)
            o = min(tuple(p.tags[(i + r) % n] for i in range(n)) for r in range(n))
            if o not in orders:
                orders.append(o)
    out = SeatedOutput(labels=labels, plans=plans, orders=orders)
    n_b, n_o = len(labels), len(orders)
    out.order_wins = np.zeros((n_o, n_b))
    out.order_trials = np.zeros((n_o, n_b))
    out.bot_seat_games = np.zeros(n_b)
    dim = (n_o - 1) * n_b
    out.test_sum = np.zeros(dim)
    out.test_sq = np.zeros((dim, dim))
    chunks: dict[str, list] = {}
    row_parts: list[list] = [[] for _ in plans]
    total_w = sum(p.seating.weight for p in plans)
    explains = getattr(game, "explains", False)
    for start in range(first_game, first_game + n_games, block):
        count = min(block, first_game + n_games - start)
        acc: dict[str, np.ndarray] = {}
        x_order = np.zeros((n_o, count, n_b))
        w_order = np.zeros(n_o)
        for k, plan in enumerate(plans):
            w = plan.seating.weight
            res = run_games(game, plan.prepared, count, seed, jobs=jobs, backend=backend,
                            keep_rows=True, progress=progress, on_batch=on_batch,
                            first_game=start)
            out.kernel_s += res.kernel_s
            out.compile_s += res.compile_s
            out.played += count
            out.agg = _add_weighted(out.agg, res.agg, w)
            rows = res.rows
            if keep_rows:
                row_parts[k].append(rows)
            win = np.asarray(rows["winner"], dtype=np.float64)
            sh = win / np.maximum(win.sum(axis=1, keepdims=True), 1)
            score = np.asarray(rows["score"], dtype=np.float64)
            idx = [[s for s, t in enumerate(plan.tags) if t == lab] for lab in labels]
            bsh = np.zeros((count, n_b))
            for j, seats in enumerate(idx):
                if not seats:
                    continue
                bsh[:, j] = sh[:, seats].sum(axis=1)
                out.bot_seat_games[j] += w * count * len(seats)
                out.order_trials[plan.order, j] += w * count * len(seats)
                out.order_wins[plan.order, j] += w * bsh[:, j].sum()
                for key in game.seat_keys:
                    arr = np.asarray(res.agg[key])[seats].sum(axis=0) * w
                    if key not in out.bot_agg:
                        out.bot_agg[key] = np.zeros((n_b,) + arr.shape, dtype=arr.dtype)
                    out.bot_agg[key][j] += arr
            x_order[plan.order] += w * bsh
            w_order[plan.order] += w
            if series:
                _put(acc, "seat", w * sh)
                _put(acc, "seat_score", w * score)
                _put(acc, "bot", w * bsh)
                bs = np.zeros((count, n_b))
                for j, seats in enumerate(idx):
                    if seats:
                        bs[:, j] = score[:, seats].mean(axis=1)
                _put(acc, "bot_score", w * bs)
                if explains and "source" in rows:
                    src = np.asarray(rows["source"], dtype=np.float64)
                    cho = np.asarray(rows["choice"], dtype=np.float64)
                    bsrc = np.zeros((count, n_b, src.shape[2]))
                    bcho = np.zeros((count, n_b, cho.shape[2]))
                    for j, seats in enumerate(idx):
                        if seats:
                            bsrc[:, j] = src[:, seats].mean(axis=1)
                            bcho[:, j] = cho[:, seats].mean(axis=1)
                    _put(acc, "bot_src", w * bsrc)
                    _put(acc, "bot_choice", w * bcho)
                    _put(acc, "length", w * np.asarray(rows["length"], dtype=np.float64))
                    end = np.zeros((count, max(len(game.end_names), 1)))
                    end[np.arange(count), np.asarray(rows["end"])] = 1.0
                    _put(acc, "end", w * end)
        if n_o > 1:
            x = x_order / w_order[:, None, None]          # (orders, games, bots)
            d = (x[1:] - x[:1]).transpose(1, 0, 2).reshape(count, dim)
            out.test_sum += d.sum(axis=0)
            out.test_sq += d.T @ d
            out.test_n += count
        for k, v in acc.items():
            chunks.setdefault(k, []).append((v / total_w).astype(np.float32))
    out.games = n_games
    if series:
        out.series = {k: np.concatenate(v) for k, v in chunks.items()}
    if keep_rows:
        out.rows = [{k: np.concatenate([r[k] for r in parts]) for k in parts[0]}
                    for parts in row_parts]
    return out


def _put(acc: dict, key: str, value: np.ndarray) -> None:
    if key in acc:
        acc[key] += value
    else:
        acc[key] = np.array(value, dtype=np.float64)


def _add_weighted(total, part: dict, w: int):
    if total is None:
        return {k: np.asarray(v) * w for k, v in part.items()}
    for k, v in part.items():
        total[k] = total[k] + np.asarray(v) * w
    return total


def merge(a: SeatedOutput, b: SeatedOutput) -> SeatedOutput:
    """Two runs of the same plans over consecutive game ranges, as one."""
    out = SeatedOutput(labels=a.labels, plans=a.plans, orders=a.orders,
                       games=a.games + b.games)
    out.agg = {k: a.agg[k] + b.agg[k] for k in a.agg}
    out.bot_agg = {k: a.bot_agg[k] + b.bot_agg[k] for k in a.bot_agg}
    for name in ("bot_seat_games", "order_wins", "order_trials", "test_sum", "test_sq"):
        setattr(out, name, getattr(a, name) + getattr(b, name))
    out.test_n = a.test_n + b.test_n
    out.series = {k: np.concatenate([a.series[k], b.series[k]]) for k in a.series}
    if a.rows is not None and b.rows is not None:
        out.rows = [{k: np.concatenate([ra[k], rb[k]]) for k in ra}
                    for ra, rb in zip(a.rows, b.rows, strict=True)]
    out.kernel_s = a.kernel_s + b.kernel_s
    out.compile_s = a.compile_s + b.compile_s
    out.played = a.played + b.played
    return out
