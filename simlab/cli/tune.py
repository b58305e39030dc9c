"""``simlab tune GAME --against BOT,...``: the best response of the weights bot to a field."""

from __future__ import annotations

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
@click.option("--against", "-a", required=True, metavar="BOT,BOT,...",
              help="The field: one bot per other seat, or one bot for all of them.")
@click.option("--players", "-p", type=int, default=None,
              help="Table size (default: 1 + the field, or the game's usual count when one "
                   "field bot is given).")
@click.option("--budget", type=click.IntRange(100, 10**10), default=100_000, show_default=True,
              help="Training games in all (evaluations x games per evaluation x seats).")
@click.option("--games-per-eval", type=click.IntRange(10, 10**8), default=None,
              help="Games per seat for one evaluation (default: from the budget).")
@click.option("--validation-games", type=click.IntRange(100, 10**9), default=None,
              help="Fresh games per seat for the validation (default: budget/10, >= 2,000).")
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Training seed; the validation seed is derived from it (never equal).")
@click.option("--bot", default="weights", show_default=True,
              help="The bot to tune (any bot with parameters).")
@click.option("--params", default=None, metavar="P,P,...",
              help="Parameters to search (default: all but noise/budget ones).")
@click.option("--bound", "bounds", multiple=True, metavar="P=LO,HI",
              help="Search bounds of one parameter, repeatable (default: default +- "
                   "2 x max(|default|, 1)).")
@click.option("--set", "sets", multiple=True, metavar="PATH=VALUE",
              help="Rule override, repeatable (see `simlab games`).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Parallel evaluations (results do not depend on it).")
@click.option("--backend", type=click.Choice(["loky", "threads", "serial", "dask"]),
              default="loky", show_default=True, help="How workers run.")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Folder for the report, the saved bot and the evaluations "
                   "(default reports/tune-GAME-BOT).")
@click.option("--save", "save_name", default=None, metavar="NAME",
              help="Name of the tuned bot in OUT/NAME.toml (default tuned_BOT); load it with "
                   "--plugin and use NAME in line-ups and scenarios.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress bar and no compile notice.")
def tune(game, against, players, budget, games_per_eval, validation_games, seed, bot, params,
         bounds, sets, jobs, backend, out, save_name, as_json, quiet):
    """Tune the parameters of GAME's weights bot to beat a field of bots.

    Differential evolution (scipy) searches the bot's parameter box; every candidate plays the
    same training games (common random numbers) with the tuned bot in every seat in turn, and
    its objective is its share of the wins. The best vector is then checked on fresh games
    (another seed) beside the untuned bot, with 95% intervals. An interrupted run started again
    with the same options resumes from OUT/evaluations.jsonl.

    \b
    Writes into OUT: tune.html (report, PNGs beside it), tune.json, NAME.toml (the tuned bot).
    \b
    Examples:
      simlab tune jelly --against greedy,greedy,random --budget 200000 --jobs 2
      simlab tune jungle -a greedy -p 3 --params food_target,kitten,field --save farmer2
      simlab simulate jungle --plugin reports/tune-jungle-weights/farmer2.toml -b farmer2,greedy
    """
    from simlab.analysis.tune import tune as run_tune
    from simlab.analysis.tune import tune_report
    from simlab.errors import SimlabError

    box = {}
    for b in bounds:
        name, sep, rng = b.partition("=")
        parts = rng.split(",")
        if not sep or len(parts) != 2:
            raise click.BadParameter(f"expected P=LO,HI, got {b!r}", param_hint="'--bound'")
        try:
            box[name.strip()] = (float(parts[0]), float(parts[1]))
        except ValueError:
            raise click.BadParameter(f"bounds must be numbers, got {b!r}",
                                     param_hint="'--bound'") from None
    out = out or Path("reports") / f"tune-{game}-{bot}"
    output_folder(out)
    if out.exists() and not out.is_dir():
        raise SimlabError(f"--out: {out} is a file, expected a folder")
    res = run_tune(game, against, players=players, budget=budget, games_per_eval=games_per_eval,
                   seed=seed, bot=bot, params=params.split(",") if params else None,
                   bounds=box or None, rules=parse_sets(sets),
                   validation_games=validation_games, jobs=jobs, backend=backend, work_dir=out,
                   progress=False if quiet else None)
    name = save_name or f"tuned_{bot}"
    saved = res.save(out / f"{name}.toml", name)
    html = tune_report(res, out / "tune.html")
    if as_json:
        echo_json({**res.to_dict(), "report": str(html), "saved": str(saved)})
        return
    for s in res.sentences():
        click.echo(s)
    click.echo(f"\ntuned bot: {res.spec}")
    click.echo(f"saved as {name!r}: {saved} (use --plugin {saved} -b {name},...)")
    click.echo(f"report: {html}")
    click.echo(f"{res.evaluations} evaluations ({res.resumed} resumed from disk), "
               f"{res.train_games:,} training games, {res.seconds:.1f} s")
