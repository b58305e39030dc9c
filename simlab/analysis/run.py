"""Run the analysis of a scenario with a ``[tune]``, ``[balance]`` or ``[skill]`` table."""

from __future__ import annotations

from pathlib import Path

from simlab.errors import SimlabError

KINDS = ("tune", "balance", "skill")


def run_analysis(source, *, out=None, jobs: int = 1, backend: str = "loky",
                 scheduler: str | None = None, progress: bool | None = None,
                 write: bool = True, **overrides):
    """Run a scenario's analysis; returns ``(result, report path or None)``.

    ``overrides`` replace keys of the scenario's analysis table (``param``, ``target``,
    ``range``... for balance; ``against``, ``budget``... for tune; ``budgets``... for skill);
    ``kind`` may name the analysis when the scenario has no table for it (``simlab balance
    plain.toml --param ... --target ...``).
    """
    from simlab.scenario import load_scenario

    kind = overrides.pop("kind", None)
    sc, _ = load_scenario(source)
    kind = kind or sc.kind
    if kind not in KINDS:
        raise SimlabError(f"scenario {sc.name}: no [tune], [balance] or [skill] table")
    spec = getattr(sc, kind)
    table = spec.model_dump() if spec is not None else {}
    table.update({k: v for k, v in overrides.items() if v is not None})
    out_dir = Path(out) if out is not None else Path("reports") / f"{sc.name}-{kind}"
    players = sc.players
    with _backend(backend, scheduler):
        if kind == "balance":
            from simlab.analysis.balance import balance, balance_report

            for key in ("param", "target"):
                if not table.get(key):
                    raise SimlabError(f"--{key}: required (or a [balance] table with {key} in "
                                      f"the scenario)")
            res = balance(source, table["param"], table["target"], value_range=table.get("range"),
                          games=sc.games, precision=table.get("precision"),
                          max_games=table.get("max_games", 400_000),
                          grid=table.get("grid", 7), jobs=jobs, backend=backend,
                          work_dir=out_dir if write else None, progress=progress)
            path = balance_report(res, out_dir / "balance.html") if write else None
        elif kind == "tune":
            from simlab.analysis.tune import tune, tune_report

            if not table.get("against"):
                raise SimlabError("--against: required (or a [tune] table with against)")
            res = tune(sc.game, table["against"], players=players,
                       budget=table.get("budget", 100_000),
                       games_per_eval=table.get("games_per_eval"), seed=sc.seed,
                       bot=table.get("bot", "weights"), params=table.get("params"),
                       bounds=table.get("bounds") or None, rules=dict(sc.rules),
                       validation_games=table.get("validation_games"), jobs=jobs,
                       backend=backend, work_dir=out_dir if write else None,
                       progress=progress)
            path = None
            if write:
                name = table.get("save") or f"tuned_{res.bot}"
                res.save(out_dir / f"{name}.toml", name)
                path = tune_report(res, out_dir / "tune.html")
        else:
            from simlab.analysis.skill import skill_ladder, skill_report

            res = skill_ladder(sc.game, budgets=table.get("budgets"),
                               opponents=table.get("opponents"), players=players,
                               games=table.get("games", 400), seed=sc.seed,
                               bot=table.get("bot", "lookahead"),
                               budget_param=table.get("budget_param", "playouts"),
                               rules=dict(sc.rules), jobs=jobs, backend=backend,
                               work_dir=out_dir if write else None, progress=progress)
            path = skill_report(res, out_dir / "skill.html") if write else None
    return res, path


def _backend(backend, scheduler):
    """A Dask client for ``backend="dask"`` (LocalCluster, or the given scheduler)."""
    import contextlib

    if backend != "dask":
        return contextlib.nullcontext()
    from simlab.core.cluster import dask_client

    return dask_client(scheduler)
