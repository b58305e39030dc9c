"""``simlab balance SCENARIO.toml --param PATH --target KIND=VALUE``: auto-balance."""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import echo_json, output_folder, plugin_option, quiet_callback


def _range(ctx, param, value):
    if value is None:
        return None
    parts = value.split(",")
    try:
        lo, hi = (float(p) for p in parts)
    except ValueError:
        raise click.BadParameter(f"expected LO,HI (two numbers), got {value!r}") from None
    if not lo < hi:
        raise click.BadParameter(f"expected LO < HI, got {value!r}")
    return (lo, hi)


@click.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@plugin_option
@click.option("--param", default=None, metavar="PATH",
              help="The parameter to search: rules.<rule path> (e.g. "
                   "rules.seat_starting_jelly.3), bot.<seat>.<param> or bots.<bot>.<param>.")
@click.option("--target", default=None, metavar="KIND=VALUE",
              help="seat_spread=V (best minus worst seat at most V), win_share[:ENTITY]=V, or "
                   "score_margin[:ENTITY]=V; ENTITY is a bot name or 'seat N' (default: the "
                   "searched bot, else seat 1).")
@click.option("--range", "value_range", default=None, callback=_range, metavar="LO,HI",
              help="Search range (default: the current value +- 2 x max(|value|, 1)).")
@click.option("--precision", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Wanted half-width of the answer's interval: the games double until met.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Parallel workers per value (results do not depend on it).")
@click.option("--backend", type=click.Choice(["loky", "threads", "serial", "dask"]),
              default="loky", show_default=True, help="How workers run.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler (with --backend dask; default: a local cluster).")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Folder for balance.html, its PNG and JSON, and the evaluations (default "
                   "reports/<scenario>-balance). A second run with the same options resumes.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress bar and no compile notice.")
def balance(scenario, param, target, value_range, precision, jobs, backend, scheduler, out,
            as_json, quiet):
    """Find the value of one parameter at which a balance target is met.

    SCENARIO gives the game, players, bots, rules, seed and games per value (its [balance]
    table, if any, gives defaults for the options). Every value is played on the same games
    (common random numbers); a grid over the range finds the crossing, bisection narrows it
    (for seat_spread: the minimum), whole-valued parameters end on an integer. The answer comes
    with a 95% interval, and the report shows the response curve with the found point.

    \b
    Examples:
      simlab balance scenarios/jelly-balance.toml
      simlab balance scenarios/jelly-balance.toml --param rules.seat_starting_jelly.3 \\
          --target win_share:'seat 4'=0.25 --range 0,6
      simlab balance scenarios/jungle-balance.toml --target win_share:farmer=0.33
    """
    from simlab.analysis.run import run_analysis

    if scheduler and backend != "dask":
        raise click.BadParameter("--scheduler needs --backend dask", param_hint="'--scheduler'")
    if out is not None:
        output_folder(out)
    else:
        from simlab.scenario import load_scenario

        output_folder(Path("reports") / f"{load_scenario(scenario)[0].name}-balance")
    res, path = run_analysis(scenario, out=out, jobs=jobs, backend=backend, scheduler=scheduler,
                             progress=False if quiet else None, kind="balance", param=param,
                             target=target, range=value_range, precision=precision)
    if as_json:
        echo_json({**res.to_dict(), "report": str(path)})
        return
    for s in res.sentences():
        click.echo(s)
    click.echo(f"report: {path}")
