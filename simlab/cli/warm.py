"""``simlab warm [GAME...]``: compile the game kernels ahead of use."""

from __future__ import annotations

import click

from simlab.cli.common import echo_json
from simlab.errors import SimlabError


@click.command()
@click.argument("games", nargs=-1)
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes: kernels compile in parallel, the longest first.")
@click.option("--all", "everything", is_flag=True,
              help="Also the kernels the default line-up does not use (a lookahead seat, "
                   "Monsters' family mode), what the reference engines compile (one "
                   "reference game per line-up) and the rule functions the game tests call "
                   "from Python (simlab/games/python_calls.toml): what the test suite runs.")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list: game, what, seconds, compiled.")
@click.option("--plugin", "plugins", multiple=True, metavar="FILE",
              type=click.Path(dir_okay=False),
              help="Load custom bots from FILE (as simulate's --plugin), repeatable, and compile "
                   "a kernel for each: a line-up with the bot in the first seat.")
@click.option("--quiet", "-q", is_flag=True, help="No line per compiled kernel.")
def warm(games, jobs, everything, plugins, as_json, quiet):
    """Compile the kernels of GAMES (default: every game) into the numba disk cache, so the
    first `simulate`, `sweep` or test run starts at once.

    numba compiles each kernel the first time it runs on a machine, and again after a kernel's
    source changes; later processes load it from the cache (NUMBA_CACHE_DIR, default
    ~/.cache/simlab/numba) in about a second. On the project's 2-core machine a cold compile
    takes 10-20 s per game and about 60 s for Monsters on Board; a line-up with a lookahead
    bot runs a second, larger kernel (15-45 s, Monsters about 2 minutes), compiled only with
    --all or when such a line-up first plays. A custom bot (--plugin) is compiled on its own, in a
    second or two: the kernels call it through a pointer. A kernel already in the cache is
    loaded.

    \b
    Examples:
      simlab warm                      # every game's default kernels
      simlab warm jelly monsters -j 2  # two games, in parallel
      simlab warm --all --jobs 2       # everything, as `make test` does first
      simlab warm monsters --plugin mybots.py  # and each bot in mybots.py
    """
    from simlab.games.plugins import load_plugins
    from simlab.games.registry import GAMES
    from simlab.games.warm import warm as run_warm

    try:  # first: a plugin may define a game named in GAMES
        load_plugins(plugins, "--plugin")
    except SimlabError as e:
        raise click.BadParameter(str(e).split(": ", 1)[-1], param_hint="'--plugin'") from None
    for g in games:
        if g not in GAMES:
            raise click.BadParameter(f"unknown game {g!r}; known: {', '.join(GAMES)}",
                                     param_hint="'GAMES'")

    def said(r):
        if not quiet and not as_json:
            verb = "compiled" if r.compiled else "loaded from the cache"
            click.echo(f"{r.game:<9} {r.what:<28} {verb} in {r.seconds:.1f} s")

    import time

    t0 = time.perf_counter()
    results = run_warm(list(games), jobs=jobs, everything=everything, on_done=said,
                       plugins=plugins)
    if as_json:
        echo_json([{"game": r.game, "what": r.what, "seconds": round(r.seconds, 2),
                    "compiled": r.compiled} for r in results])
    elif not quiet:
        click.echo(f"{len(results)} kernels ready in {time.perf_counter() - t0:.1f} s")
