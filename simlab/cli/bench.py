"""``simlab bench``: speed figures of the kernels and the runner."""

from __future__ import annotations

import click

from simlab.cli.common import echo_json


@click.command()
@click.option("--quick", is_flag=True,
              help="Shorter measurements, no cold compiles, one small tuning run and no "
                   "10-million-game memory run (under 2 minutes on a warm cache; the full "
                   "bench takes about 15 minutes on 2 cores).")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list of objects with game, bots, jobs, games_per_s, "
                   "speedup_vs_reference (and extra fields per measure).")
def bench(quick, as_json):
    """Measure speed, every game: the cold compile of each game (`simulate GAME --games 1000` in
    an empty numba cache: wall time and peak memory; not with --quick), kernel games per second
    on one core (random, greedy and mixed bots; Monsters also solo 2; Monkey also its solo
    planner, plain and searching), speed-up over the reference engine on the same games,
    the lookahead bots' cost, games per second with 2 jobs and the scaling factor, the wall time
    of a warm `simlab simulate jelly --games 1000`, sweep overhead and report build time, one
    tuning run per game (wall time and the tuned bot's gain), and (not with --quick) the peak
    memory of a 10-million-game run.

    \b
    Examples:
      simlab bench --quick
      simlab bench --json > bench.json
    """
    from simlab.bench import format_bench, run_bench

    rows = run_bench(quick=quick, progress=lambda m: click.echo(f"... {m}", err=True))
    if as_json:
        echo_json(rows)
    else:
        click.echo(format_bench(rows))
