"""``simlab simulate GAME``: play many games and print the balance table."""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import (
    add_options,
    echo_json,
    game_arg,
    output_file,
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
              help="Also write one row per game (game, each seat's bot, score and winner flag, "
                   "the length, how it ended, points by source) to FILE.csv or FILE.parquet "
                   "(.csv is added when the name has no extension).")
@click.option("--rotate", is_flag=True,
              help="Play every seating of the line-up (every order of the bots round the "
                   "table; 5 different bots: a balanced set), each on the same games: the "
                   "seat table then measures the seats alone, the bot table each bot over "
                   "every seating, and a paired test says whether the seating order matters. "
                   "--games is then per seating.")
@click.option("--vs-set", "vs_sets", multiple=True, metavar="PATH=VALUE",
              help="What if: also play the rules with this override (repeatable) on the same "
                   "games, and print the paired change of every seat's and bot's win share "
                   "and mean score, with 95% intervals.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress bar and no compile notice.")
def simulate(game, players, bots, seed, sets, data, n_games, jobs, backend, as_json, out,
             rotate, vs_sets, quiet):
    """Play GAME many times with bots and print the balance table.

    The table gives, per seat: the bot, its win share with a 95% Wilson interval (a k-way
    shared win counts 1/k), sole and shared wins, mean score with a 95% interval; then a
    chi-square test of seat advantage. --json adds the game's own metrics (for jelly: control
    and reward per district, dice lost to cancellation and to the timer, effects used, pods won
    at the city center).

    With different bots per seat the seat table mixes seat and bot strength: --rotate plays
    every seating. The bot table is a bot's share in this line-up, not a ranking of the bots
    in general (robustness and tournaments vary the line-up). The run says which rules,
    readings and data it played, warns about a --set or --data that changes nothing, and
    separates the compile time from the play time.

    \b
    Examples:
      simlab simulate jelly --games 200000 --jobs 2
      simlab simulate jungle -p 3 -b farmer,greedy,trader --rotate -n 20000
      simlab simulate jelly -p 5 -b greedy,random,spread,saboteur,weights
      simlab simulate jelly -b 'weights(cancel=-5,target=1.2)' --set timer_seconds=6 --json
      simlab simulate jungle -b greedy -n 20000 --vs-set kitten_points=4
      simlab simulate jelly -n 10000 --out games.parquet
    """
    import simlab

    out = output_file(out, ".csv", (".csv", ".parquet"))
    if vs_sets:
        if out is not None:
            raise click.BadParameter("a what-if run (--vs-set) writes no per-game rows; drop "
                                     "--out or --vs-set", param_hint="'--out'")
        return _what_if(game, players, bots, seed, sets, data, n_games, jobs, backend,
                        as_json, rotate, vs_sets, quiet)
    res = simlab.simulate(game, players=players, bots=bots, games=n_games, seed=seed,
                          jobs=jobs, backend=backend, rules=parse_sets(sets),
                          keep_games=out is not None, progress=False if quiet else None,
                          data=data, rotate=rotate)
    for w in res.warnings:
        click.echo(f"simlab: warning: {w}", err=True)
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
        click.echo("\n" + _timing(res))
        if out is not None:
            click.echo(f"per-game rows written to {out}")


def _metric_lines(res) -> str:
    from simlab.games.registry import get_game

    lines = get_game(res.game).summary_lines(res.metrics)
    return "\n".join(["", *lines]) if lines else ""


def _timing(res) -> str:
    """``N games in S s (compile C s, play P s: R games/s)``."""
    played = res.plays
    play = max(res.wall_s - res.compile_s, 1e-9)
    what = f"{played:,} games" + (f" ({res.n_games:,} per seating)" if res.rotate else "")
    return (f"{what} in {res.wall_s:.2f} s (compile or load {res.compile_s:.2f} s, play "
            f"{play:.2f} s: {played / play:,.0f} games/s)")


def _what_if(game, players, bots, seed, sets, data, n_games, jobs, backend, as_json, rotate,
             vs_sets, quiet):
    from simlab.analysis.whatif import what_if

    res = what_if(game, parse_sets(vs_sets), players=players, bots=bots, games=n_games,
                  seed=seed, rules=parse_sets(sets), data=data, rotate=rotate, jobs=jobs,
                  backend=backend, progress=False if quiet else None)
    if as_json:
        echo_json(res.to_dict())
        return
    for line in res.headlines():
        click.echo(line)
    click.echo("")
    click.echo(res.table())
