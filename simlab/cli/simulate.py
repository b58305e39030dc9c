"""``simlab simulate GAME``: play many games and print the balance table."""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import (
    add_options,
    echo_json,
    game_arg,
    parse_sets,
    quiet_callback,
    run_options,
    write_atomic,
)


@click.command()
@click.argument("game", callback=game_arg)
@add_options(run_options)
@click.option("--games", "-n", "n_games", type=click.IntRange(1, 10**10), default=100_000,
              show_default=True, help="Number of games to play.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Parallel workers (results do not depend on it).")
@click.option("--backend", type=click.Choice(["loky", "threads", "serial"]), default="loky",
              show_default=True, help="How workers run: processes, threads or in-process.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object (seats, seat_advantage_p and the game's metrics).")
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write one row per game (game, scores, winner flags) to FILE.csv or "
                   "FILE.parquet.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress bar and no compile notice.")
def simulate(game, players, bots, seed, sets, data, n_games, jobs, backend, as_json, out,
             quiet):
    """Play GAME many times with bots and print the balance table.

    The table gives, per seat: the bot, its win share with a 95% Wilson interval (a k-way
    shared win counts 1/k), sole and shared wins, mean score with a 95% interval; then a
    chi-square test of seat advantage. --json adds the game's own metrics (for jelly: control
    and reward per district, dice lost to cancellation and to the timer, effects used, pods won
    at the city center).

    \b
    Examples:
      simlab simulate jelly --games 200000 --jobs 2
      simlab simulate jelly -p 5 -b greedy,random,spread,saboteur,weights
      simlab simulate jelly -b 'weights(cancel=-5,target=1.2)' --set timer_seconds=6 --json
      simlab simulate jelly -n 10000 --out games.parquet
    """
    import simlab

    if out is not None and out.suffix.lower() not in (".csv", ".parquet"):
        raise click.BadParameter(f"expected a .csv or .parquet file name, got {str(out)!r}",
                                 param_hint="'--out'")
    if out is not None and not (out.parent if str(out.parent) else Path(".")).is_dir():
        raise click.BadParameter(f"folder {str(out.parent)!r} does not exist",
                                 param_hint="'--out'")
    res = simlab.simulate(game, players=players, bots=bots, games=n_games, seed=seed,
                          jobs=jobs, backend=backend, rules=parse_sets(sets),
                          keep_games=out is not None, progress=False if quiet else None,
                          data=data)
    if out is not None:
        frame = res.games
        if out.suffix.lower() == ".csv":
            write_atomic(out, lambda tmp: frame.to_csv(tmp, index=False))
        else:
            write_atomic(out, lambda tmp: frame.to_parquet(tmp, index=False))
    if as_json:
        echo_json(res.to_dict())
    else:
        click.echo(res.table())
        click.echo(_metric_lines(res))
        click.echo(f"\n{res.n_games:,} games in {res.wall_s:.2f} s")
        if out is not None:
            click.echo(f"per-game rows written to {out}")


def _metric_lines(res) -> str:
    from simlab.games.registry import get_game

    lines = get_game(res.game).summary_lines(res.metrics)
    return "\n".join(["", *lines]) if lines else ""
