"""``simlab skill GAME``: the skill ladder (search bot at increasing budgets)."""

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


def _ints(ctx, param, value):
    if value is None:
        return None
    try:
        out = [int(v) for v in value.split(",")]
    except ValueError:
        raise click.BadParameter(f"expected whole numbers separated by commas, got {value!r}") \
            from None
    if len(out) < 2 or min(out) < 1:
        raise click.BadParameter("expected at least two budgets >= 1")
    return out


@click.command()
@click.argument("game", callback=game_arg)
@plugin_option
@click.option("--budgets", default=None, callback=_ints, metavar="B,B,...",
              help="Search budgets (playouts per option), default 1,2,4,8,16.")
@click.option("--opponents", default=None, metavar="BOT,BOT,...",
              help="Opponent bots, one curve each (default greedy,random); the first gives "
                   "the verdict.")
@click.option("--games", "-n", type=click.IntRange(10, 10**9), default=400, show_default=True,
              help="Games per seat, budget and opponent.")
@click.option("--players", "-p", type=int, default=None, help="Table size.")
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="The same games at every budget.")
@click.option("--bot", default=None,
              help="The search bot (default: the game's, `lookahead` unless it names another).")
@click.option("--budget-param", default=None,
              help="Its budget parameter (default: the game's, `playouts`).")
@click.option("--set", "sets", multiple=True, metavar="PATH=VALUE", help="Rule override.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Points played in parallel.")
@click.option("--backend", type=click.Choice(["loky", "threads", "serial", "dask"]),
              default="loky", show_default=True, help="How workers run.")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Folder for skill.html (default reports/skill-GAME); a second run resumes.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
              help="No progress bar and no compile notice.")
def skill(game, budgets, opponents, games, players, seed, bot, budget_param, sets, jobs,
          backend, out, as_json, quiet):
    """Does skill matter in GAME? Plot win share against search budget.

    The lookahead bot (flat Monte Carlo) plays at increasing budgets against greedy and random
    opponents, in every seat in turn, on the same games at every budget. A steep curve says
    skill matters; a flat one says luck dominates. Writes skill.html with the ladder plot.

    The cost grows with the budget: a Monsters on Board game with the lookahead bot takes
    about 35 ms per playout (every option is played to the end of the game), so the default
    400 games take about 20 minutes on 2 cores there; scenarios/monsters-skill.toml plays 100.

    \b
    Examples:
      simlab skill monkey --budgets 1,4,16 --games 300 --jobs 2
      simlab skill jungle --opponents greedy --players 3
      simlab skill monsters --games 100 --jobs 2
    """
    from simlab.analysis.skill import skill_ladder, skill_report
    from simlab.games.registry import split_bot_list

    opp = split_bot_list(opponents) if opponents else None
    output_folder(out or Path("reports") / f"skill-{game}")
    res = skill_ladder(game, budgets=budgets, opponents=opp, players=players, games=games,
                       seed=seed, bot=bot, budget_param=budget_param, rules=parse_sets(sets),
                       jobs=jobs, backend=backend, work_dir=out or Path("reports") /
                       f"skill-{game}", progress=False if quiet else None)
    path = skill_report(res, (out or Path("reports") / f"skill-{game}") / "skill.html")
    if as_json:
        echo_json({**res.to_dict(), "report": str(path)})
        return
    for s in res.sentences():
        click.echo(s)
    click.echo(f"report: {path}")
