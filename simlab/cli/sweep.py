"""``simlab sweep SCENARIO.toml`` and ``simlab report RESULTS_DIR``."""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import output_file, output_folder, plugin_option, quiet_callback


@click.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@plugin_option
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Results folder (default: reports/<scenario name>/).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Parallel workers (results do not depend on it).")
@click.option("--backend", type=click.Choice(["loky", "threads", "serial", "dask"]),
              default="loky", show_default=True,
              help="Processes, threads, in-process, or a Dask cluster.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler (tcp://host:8786) for --backend dask; without it a "
                   "LocalCluster with --jobs workers starts on this machine.")
@click.option("--resume", is_flag=True,
              help="Skip points already stored in the results folder (same point, seed and "
                   "simlab version): a killed sweep picks up where it stopped.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the answer as JSON: headlines (win shares first, then scores, then "
                   "why), the points, every seat and bot row, the explanation.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress bar and no compile notice.")
def sweep(scenario, out, jobs, backend, scheduler, resume, as_json, quiet):
    """Run the scenario file SCENARIO (TOML) and write its results and HTML report.

    A scenario names the game, players, bots, rule overrides, the seed and a game count (or a
    [precision] target), plus optionally a [sweep] grid or Sobol sample over rule and bot
    parameters, [compare] variants, or a [tournament] of bots. The folder gets report.html
    (self-contained), the PNGs, results.parquet, results.csv and manifest.json. A scenario
    with a [tune], [balance] or [skill] table runs that analysis instead and writes its report.

    \b
    Examples:
      simlab sweep scenarios/jelly-seat-balance.toml
      simlab sweep scenarios/jelly-district-rewards.toml --jobs 2 --out /tmp/rewards
      simlab sweep scenarios/jelly-bots.toml --resume
      simlab sweep scenarios/jelly-bots.toml --backend dask --scheduler tcp://10.0.0.5:8786
    """
    from simlab.sweep import run_sweep

    if scheduler and backend != "dask":
        raise click.BadParameter("--scheduler needs --backend dask", param_hint="'--scheduler'")
    from simlab.scenario import load_scenario

    sc, _ = load_scenario(scenario)
    output_folder(out if out is not None else
                  Path("reports") / (f"{sc.name}-{sc.kind}" if sc.kind in
                                     ("tune", "balance", "skill") else sc.name))
    if sc.kind in ("tune", "balance", "skill"):  # the strategy analyses
        from simlab.analysis.run import run_analysis

        res, path = run_analysis(scenario, out=out, jobs=jobs, backend=backend,
                                 scheduler=scheduler, progress=False if quiet else None)
        for s in res.sentences():
            click.echo(s)
        click.echo(f"report: {path}")
        return
    resolve = None
    if sc.strength is not None:
        from simlab.analysis.strength import tuned_resolver
        from simlab.sweep import default_out_dir

        resolve = tuned_resolver(sc.game, out or default_out_dir(sc), sc.strength.tune_budget,
                                 sc.seed, jobs, "loky" if backend == "dask" else backend,
                                 False if quiet or as_json else None)
    res = run_sweep(scenario, out=out, jobs=jobs, backend=backend, scheduler=scheduler,
                    resume=resume, progress=False if quiet or as_json else None,
                    resolve_bot=resolve)
    if as_json:
        from simlab.cli.common import echo_json

        echo_json(sweep_json(res))
        return
    click.echo(_sweep_text(res))


def sweep_json(res) -> dict:
    """What ``simlab sweep --json`` prints."""
    import numpy as np

    from simlab.report.explain import explain_json
    from simlab.report.replicas import replica_json
    from simlab.report.tables import headline_sentences

    clean = res.frame.replace({np.nan: None})
    return {"name": res.scenario.name, "kind": res.scenario.kind, "game": res.scenario.game,
            "headlines": headline_sentences(res),
            "points": res.summary().replace({np.nan: None}).to_dict(orient="records"),
            "rows": clean.to_dict(orient="records"),
            "seat_orders": {p.point["label"]: {"orders": p.seat_orders(),
                                               "order_p": p.order_p if np.isfinite(p.order_p)
                                               else None}
                            for p in res.points if len(p.orders) > 1},
            "explain": explain_json(res),
            **replica_json(res),
            "report": str(res.out_dir / "report.html") if res.out_dir is not None else None}


def _sweep_text(res) -> str:
    """The answer first (the report's findings), then each point's table."""
    from simlab.report.tables import headline_sentences

    lines = [f"{res.scenario.name}: {res.scenario.kind}, {len(res.points)} point(s), "
             f"{sum(p.plays for p in res.points):,} games "
             f"({res.games_played:,} played now, {res.resumed} point(s) resumed), "
             f"{res.wall_s:.1f} s", ""]
    lines += [f"- {s}" for s in headline_sentences(res)]
    seats = res.frame[res.frame["level"] == "seat"]
    lines.append("")
    for (idx, label), grp in seats.groupby(["point", "label"], sort=False):
        pr = next(p for p in res.points if int(p.point["index"]) == int(idx))
        lines.append(f"point {idx}: {label}  ({int(grp['games'].iloc[0]):,} games per "
                     f"seating, {pr.seatings} seating{'s' if pr.seatings > 1 else ''})")
        for r in grp.itertuples():
            diff = "" if r.diff != r.diff else (
                f"   vs baseline {100 * r.diff:+.2f} [{100 * r.diff_lo:+.2f}, "
                f"{100 * r.diff_hi:+.2f}]{' *' if r.significant else ''}")
            lines.append(f"  {r.entity:<8} {r.bot[:24]:<24} win {100 * r.win_share:6.2f}% "
                         f"[{100 * r.win_share_lo:5.2f}, {100 * r.win_share_hi:5.2f}]  "
                         f"score {r.mean_score:6.2f}{diff}")
        lines.append(f"  seat advantage p = {grp['seat_advantage_p'].iloc[0]:.3g}")
        bots = res.frame[(res.frame["level"] == "bot") & (res.frame["point"] == idx)]
        if len(bots) > 1 and res.scenario.kind != "tournament":
            lines.append("  by bot, in this line-up:")
            for r in bots.itertuples():
                diff = "" if r.diff != r.diff else (
                    f"   vs baseline {100 * r.diff:+.2f} [{100 * r.diff_lo:+.2f}, "
                    f"{100 * r.diff_hi:+.2f}]{' *' if r.significant else ''}")
                lines.append(f"  {r.entity:<33} win {100 * r.win_share:6.2f}% "
                             f"[{100 * r.win_share_lo:5.2f}, {100 * r.win_share_hi:5.2f}]  "
                             f"score {r.mean_score:6.2f}{diff}")
    if res.scenario.kind == "tournament":
        lines += ["", "head to head (row bot's share of wins against the column bot):",
                  res.head_to_head().round(3).to_string()]
    if res.out_dir is not None:
        lines += ["", f"results: {res.out_dir}/", f"report:  {res.out_dir / 'report.html'}"]
    return "\n".join(lines)


@click.command()
@click.argument("results_dir", type=click.Path(path_type=Path))
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="HTML file to write (default: RESULTS_DIR/report.html); PNGs go beside it.")
def report(results_dir, output):
    """Rebuild the HTML report of RESULTS_DIR from its stored results (no games are played).

    \b
    Examples:
      simlab report reports/jelly-seat-balance
      simlab report reports/jelly-bots -o /tmp/bots.html
    """
    from simlab.sweep import build_report

    output = output_file(output, ".html", (".html", ".htm"), "--output")
    path = build_report(results_dir, output)
    click.echo(f"report: {path}")
