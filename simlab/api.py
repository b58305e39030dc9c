"""The library entry points: ``simlab.simulate`` and ``simlab.run_scenario``.

The top of the library (only the command line is above it): a scenario may ask for a sweep or
for one of the strategy analyses, so :func:`run_scenario` dispatches to both layers.
"""

from __future__ import annotations

import numpy as np

from simlab.core.records import SimResult
from simlab.core.runner import run_games
from simlab.errors import SimlabError
from simlab.games.table import explain_summary, inert_settings, make_table


def simulate(game: str, players: int | None = None, bots=None, games: int = 10_000,
             seed: int = 0, jobs: int = 1, backend: str = "loky", rules: dict | None = None,
             keep_games: bool = False, progress: bool | None = None,
             batch_size: int | None = None, data=None, rotate: bool = False) -> SimResult:
    """Play many games and return balance statistics.

    Parameters
    ----------
    game : str
        Registered game name, e.g. ``"jelly"`` (see ``simlab games``).
    players : int, optional
        Number of players (default: the number of bots given, or the game's usual count).
    bots : str or list of str, optional
        One bot per seat (``["greedy", "weights(cancel=-5)", ...]``), one bot for all seats,
        or None for the game's default mixed line-up.
    games : int
        Number of games (with ``rotate``: per seating).
    seed : int
        Game ``g`` of seed ``s`` is always the same game, whatever ``jobs`` or ``backend``.
    jobs : int
        Parallel workers. ``backend``: ``"loky"`` (processes), ``"threads"`` or ``"serial"``.
    rules : dict, optional
        Rule overrides by path, e.g. ``{"timer_seconds": 6, "faces.3A.1": "pod"}``.
    keep_games : bool
        Keep one row per game (``result.games``); memory then grows with ``games``.
    progress : bool, optional
        Progress bar on stderr (default: on a terminal, for runs longer than ~2 s).
    data : path, optional
        A folder of the game's component data files (``simlab data GAME export``), e.g. the
        real printed boards typed in; ``rules`` still override single entries.
    rotate : bool
        Play every distinct seating of the line-up (every order of the bots round the table;
        five or more different bots: a balanced set), each on the same games: the seat table
        then measures the seats alone, the bot table each bot over every seating, and
        ``seat_orders`` / ``order_p`` whether the order the bots sit in matters.

    Returns
    -------
    SimResult
        ``.summary()`` (DataFrame by seat), ``.summary(by="bot")``, ``.metrics``, ``.games``
        (if kept), ``.to_dict()``.

    Examples
    --------
    >>> import simlab
    >>> res = simlab.simulate("jelly", players=4, bots=["greedy", "random", "spread",
    ...                       "saboteur"], games=2000, seed=1)
    >>> list(res.summary().columns)[:3]
    ['seat', 'bot', 'win_share']
    """
    from simlab.core.readings import differing

    g, players, rule_obj, lineup, prepared = make_table(game, players, bots, rules, data)
    overrides = dict(rules or {})
    warns = inert_settings(g, players, overrides, data)
    if not rotate:
        out = run_games(g, prepared, games, seed, jobs=jobs, backend=backend,
                        batch_size=batch_size, keep_rows=keep_games, progress=progress)
        metrics = g.metrics(out.agg, games, rule_obj, lineup)
        res = SimResult(game=game, players=players, n_games=games, seed=seed,
                        bots=[b.label for b in lineup], rules=rule_obj, agg=out.agg,
                        metrics=metrics, rows=out.rows, wall_s=out.wall_s,
                        kernel_s=out.kernel_s, compile_s=out.compile_s)
    else:
        res = _simulate_rotated(g, rule_obj, lineup, games, seed, jobs, backend, keep_games,
                                progress, players)
    res.overrides = overrides
    res.in_force = differing(g.readings(), rule_obj)
    res.data = str(data) if data is not None else ""
    res.seats_identical = g.seats_identical(rule_obj) if len(set(res.bots)) == 1 or rotate \
        else ""
    res.warnings = warns + list(g.result_warnings(res.metrics, rule_obj))
    res.explain = explain_summary(g, res.agg, res.bot_agg, res.bot_labels, res.bot_trials,
                                  res.plays)
    return res


def _simulate_rotated(g, rule_obj, lineup, games, seed, jobs, backend, keep_games, progress,
                      players) -> SimResult:
    """:func:`simulate` over every seating (:func:`simlab.core.seated.run_seated`)."""
    import time

    from simlab.core.progress import progress_bar
    from simlab.core.seated import make_plans, run_seated

    t0 = time.perf_counter()
    plans, labels, orders = make_plans(g, rule_obj, lineup, True)
    bar = progress_bar(games * len(plans), desc=f"{g.name}, {len(plans)} seatings",
                       enabled=progress)
    try:
        out = run_seated(g, rule_obj, lineup, games, seed, jobs=jobs, backend=backend,
                         keep_rows=keep_games, progress=False, on_batch=bar.update,
                         plans=plans)
    finally:
        bar.close()
    rows = None
    if keep_games:
        rows = {k: np.concatenate([r[k] for r in out.rows]) for k in out.rows[0]}
    metrics = g.metrics(out.agg, out.plays, rule_obj, lineup)
    return SimResult(game=g.name, players=players, n_games=games, seed=seed,
                     bots=[b.label for b in lineup], rules=rule_obj, agg=out.agg,
                     metrics=metrics, rows=rows, wall_s=time.perf_counter() - t0,
                     kernel_s=out.kernel_s, compile_s=out.compile_s, rotate=True,
                     seatings=[list(p.seating.labels) for p in plans],
                     bot_labels=out.labels,
                     bot_agg=out.bot_agg, bot_trials=[int(x) for x in out.bot_seat_games],
                     seat_orders=out.seat_orders(), order_p=out.order_p())


def run_scenario(source, **kwargs):
    """Run a scenario from Python: a path, or a dict with the same keys as a TOML file.

    A scenario with a ``[tune]``, ``[balance]`` or ``[skill]`` table returns that analysis's
    result (:class:`~simlab.analysis.tune.TuneResult`, ...; written with its report only when
    ``out`` is given). Otherwise returns a :class:`~simlab.sweep.SweepResult` with ``.frame``
    (one row per point and seat/bot), ``.summary()`` and ``.report(path)``. Keyword arguments go
    to :func:`simlab.sweep.run_sweep`; by default nothing is written unless ``out`` is given.
    """
    from simlab.scenario import load_scenario

    if "out" not in kwargs and "write" not in kwargs:
        kwargs["write"] = False
    sc, _ = load_scenario(source)
    if sc.kind in ("tune", "balance", "skill"):
        from simlab.analysis.run import run_analysis

        kw = {k: v for k, v in kwargs.items() if k in ("out", "jobs", "backend", "scheduler",
                                                          "progress", "write")}
        return run_analysis(source, **kw)[0]
    from simlab.sweep import default_out_dir, run_sweep

    if sc.strength is not None and "resolve_bot" not in kwargs:
        from simlab.analysis.strength import tuned_resolver

        out = kwargs.get("out") or default_out_dir(sc)
        kwargs["resolve_bot"] = tuned_resolver(sc.game, out, sc.strength.tune_budget, sc.seed,
                                               kwargs.get("jobs", 1),
                                               kwargs.get("backend", "loky"))
    return run_sweep(source, **kwargs)


def replay(game: str, seed: int = 0, game_index: int = 0, players: int | None = None,
           bots=None, rules: dict | None = None, out=None, data=None):
    """Replay one game of a run step by step, from the readable reference engine.

    Parameters
    ----------
    game : str
        Registered game name.
    seed, game_index : int
        The run's seed and which of its games (0-based, as the rows of ``simulate(...,
        keep_games=True)``): the same game the kernel plays, on the same random stream.
    players, bots, rules, data
        As for :func:`simulate`.
    out : path, optional
        Also write the self-contained HTML page there (board per step, slider, arrow keys,
        each bot's decision with the options it weighed, running scores).

    Returns
    -------
    simlab.core.replay.Replay
        ``.steps`` (phase, log lines, SVG board, decision, running scores), ``.final_scores``
        and ``.winners`` (equal to the kernel's row of that game).
    """
    from simlab.core.readings import differing

    if isinstance(game_index, bool) or not isinstance(game_index, int) or game_index < 0:
        raise SimlabError(f"game_index: expected a whole number >= 0, got {game_index!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise SimlabError(f"seed: expected a whole number from 0 to 2**63-1, got {seed!r}")
    g, players, rule_obj, lineup, prepared = make_table(game, players, bots, rules, data)
    names = [f"P{s + 1}({b.label})" for s, b in enumerate(lineup)]
    rep = g.replay(prepared, seed, game_index, names)
    if out is not None:
        from pathlib import Path

        from simlab.report.replay import write_replay

        out = Path(out)
        if not (out.parent if str(out.parent) else Path(".")).is_dir():
            raise SimlabError(f"out: folder {str(out.parent)!r} does not exist")
        sets = " ".join(f"--set {k}={v}" for k, v in (rules or {}).items())
        if data is not None:
            sets = f"--data {data} {sets}".strip()
        command = (f"simlab replay {game} --seed {seed} --game {game_index} -p {players} "
                   f"-b '{','.join(b.label for b in lineup)}'" + (f" {sets}" if sets else "")
                   + f" --out {out.name}")
        rules_lines = [f"{name} = {value} (default {default})"
                       for name, value, default in differing(g.readings(), rule_obj)]
        write_replay(out, rep, game_title=g.title, seed=seed, game_index=game_index,
                     command=command, rules_lines=rules_lines)
    return rep
