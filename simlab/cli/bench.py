"""``simlab bench``: speed figures of the kernels and the runner."""

from __future__ import annotations

import click

from simlab.cli.common import echo_json
from simlab.errors import SimlabError


@click.command()
@click.option("--quick", is_flag=True,
              help="Shorter measurements, no cold compiles, one small tuning run and memory "
                   "runs of 100,000 and 1,000,000 games (a few minutes on a warm cache; the "
                   "full bench takes about 25 minutes on 2 cores).")
@click.option("--profile", "profile", is_flag=True,
              help="Instead of the speed figures: where each game's time goes (the kernel with "
                   "random bots against greedy ones, decisions per game, bot evaluations per "
                   "decision, microseconds per evaluation). Give game names to profile some.")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list of objects with game, bots, jobs, games_per_s, "
                   "speedup_vs_reference (and extra fields per measure).")
@click.option("--plugin", "plugins", multiple=True, metavar="FILE",
              help="Load a game of your own from FILE (as simulate's --plugin) to bench it by "
                   "name; `simlab bench pig` finds the example in examples/games/pig/.")
@click.argument("games", nargs=-1)
def bench(quick, profile, as_json, games, plugins):
    """Measure speed, every game: the cold compile of each game (`simulate GAME --games 1000` in
    an empty numba cache: wall time and peak memory; not with --quick), kernel games per second
    on one core (random, greedy and mixed bots; Monsters also solo 2; Monkey also its solo
    planner, plain and searching), speed-up over the reference engine on the same games,
    the lookahead bots' cost, games per second with 2 jobs and the scaling factor, the wall time
    of a warm `simlab simulate jelly --games 1000`, sweep overhead and report build time, one
    tuning run per game (wall time and the tuned bot's gain), and the peak memory (all
    processes) of a 1- and a 10-million-game run (--quick: 0.1 and 1 million).

    Machines drift (the same code has run twice as fast on one day as on another), so the
    bench runs the fixed yardstick kernel (../shared/perf/yardstick.py beside the checkout, or
    $SIMLAB_YARDSTICK) at its start and end and reports each target kernel's speed as a ratio
    to it, against the targets, at the end of the table.

    `simlab bench pig` (a game written in plain Python, with --plugin FILE for your own) measures
    that game instead: games per second of its plain-Python loop and of its numba kernel on one
    core, and the ratio.

    \b
    Examples:
      simlab bench --quick
      simlab bench pig
      simlab bench --json > bench.json
      simlab bench --profile --quick monsters
    """
    from simlab.bench import (
        example_game_file,
        format_bench,
        format_profile,
        python_game_rows,
        run_bench,
        run_profile,
    )
    from simlab.games.plugins import load_plugins
    from simlab.games.registry import GAMES, get_game

    say = lambda m: click.echo(f"... {m}", err=True)  # noqa: E731
    try:
        load_plugins(list(plugins) + [f for g in games if g not in GAMES
                                      and (f := example_game_file(g))], "--plugin")
    except SimlabError as e:
        raise click.BadParameter(str(e).split(": ", 1)[-1], param_hint="'--plugin'") from None
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        raise click.BadParameter(f"unknown game {unknown[0]!r}; known: {', '.join(GAMES)}",
                                 param_hint="'GAMES'")
    own = [g for g in games if hasattr(get_game(g), "run_python")]
    if own and not profile:  # games in plain Python: their loop and their kernel
        rows = [r for g in own for r in python_game_rows(g, quick=quick, progress=say)]
        if as_json:
            echo_json(rows)
        else:
            click.echo(format_bench(rows))
        return
    if games and not profile:
        raise click.BadParameter("game names go with --profile (the speed figures cover "
                                 "every built-in game), or name games in plain Python "
                                 "(simlab bench pig)", param_hint="'GAMES'")
    if profile:
        rows = run_profile(list(games) or None, quick=quick, progress=say)
        if as_json:
            echo_json(rows)
        else:
            click.echo(format_profile(rows))
        return
    rows = run_bench(quick=quick, progress=say)
    if as_json:
        echo_json(rows)
    else:
        click.echo(format_bench(rows))
