"""``simlab audit GAME``: the whole balance picture of a game as one report card."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click

from simlab.cli.common import (
    echo_json,
    game_arg,
    output_folder,
    parse_sets,
    plugin_option,
    quiet_callback,
)


@click.command()
@click.argument("game", callback=game_arg)
@plugin_option
@click.option("--players", "-p", type=int, default=None, help="Table size (default: the game's).")
@click.option("--set", "sets", multiple=True, metavar="PATH=VALUE",
              help="Rule override the whole audit plays under, repeatable.")
@click.option("--data", "data", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="FOLDER", help="Component data files of the game (`simlab data GAME "
                                     "export FOLDER`, edited); --set still wins.")
@click.option("--quick", is_flag=True,
              help="About 4 minutes of play (on 2 jobs) instead of about 45: fewer games per "
                   "table, 3 Morris trajectories, 4 data alternatives.")
@click.option("--seconds", type=click.FloatRange(1, 36_000), default=None,
              help="Seconds of play to budget the games from (default 240 with --quick, "
                   "2700 without); the games per table come from measured speeds.")
@click.option("--bots", "-b", default=None, metavar="NAME,NAME,...",
              help="The strategy landscape of these bots only (two or more; default: every "
                   "bot of the game but search, and your --plugin bots).")
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="The same games in every table.")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Folder for audit.html, its PNGs, audit.json and the stored tables "
                   "(default reports/audit-GAME); a second run reuses the tables it finds.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the card as JSON (headlines, seat_balance, strategies, sensitivity, "
                   "data_spread, shape).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Parallel workers (results do not depend on them).")
@click.option("--backend", type=click.Choice(["loky", "dask", "threads", "serial"]),
              default="loky", show_default=True, help="How workers run.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler (tcp://host:8786) for --backend dask; without it a local "
                   "cluster of --jobs workers.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress and no compile notice.")
def audit(game, players, sets, data, quick, seconds, bots, seed, out, as_json, jobs, backend,
          scheduler, quiet):
    """What is wrong with GAME? One report card: seat balance at rising strength, the
    strategy landscape, the rule knobs that move the balance, the spread over assumed data,
    and the game's shape, verdicts first.

    \b
    Examples:
      simlab audit jelly --quick --jobs 2
      simlab audit pig --plugin examples/games/pig/game.py --quick
      simlab audit monkey --set hand_size=5 -o reports/monkey-hand5
      simlab audit jungle --json > jungle-audit.json
    """
    from simlab.analysis.audit import audit as run
    from simlab.games.registry import get_game
    from simlab.report.audit import audit_report

    if scheduler and backend != "dask":
        raise click.BadParameter("--scheduler needs --backend dask", param_hint="'--scheduler'")
    folder = out if out is not None else Path("reports") / f"audit-{game}"
    output_folder(folder)
    g = get_game(game)
    rules = parse_sets(sets)
    if data is not None:
        rules = {**g.data_overrides(data, "--data"), **rules}
    ctx = contextlib.nullcontext()
    if backend == "dask":
        from simlab.core.cluster import dask_client

        ctx = dask_client(scheduler, n_workers=jobs)
    with ctx:
        res = run(game, players=players, rules=rules, quick=quick, seed=seed, jobs=jobs,
                  backend=backend, out_dir=folder, progress=False if quiet or as_json else None,
                  settings={"seconds": seconds,
                            "bots": [b.strip() for b in bots.split(",")] if bots else None})
    path = audit_report(res.to_dict(), res.meta, Path(folder) / "audit.html")
    if as_json:
        echo_json(res.to_dict())
        return
    for line in res.headlines():
        click.echo(f"- {line}")
    click.echo(f"\nreport: {path}  ({res.meta['seconds']['total']:.0f} s, "
               f"{res.meta['tables_played']} tables played, {res.meta['tables_reused']} reused)")
