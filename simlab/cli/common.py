"""Shared CLI pieces: error handling, common options, atomic file output."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from simlab.core import io
from simlab.core.io import json_default
from simlab.errors import SimlabError


def fail(message: str):
    """Print a one-line error and exit with code 2 (bad input)."""
    click.echo(f"simlab: error: {message}", err=True)
    sys.exit(2)


def parse_sets(values) -> dict:
    """``--set PATH=VALUE`` options as a dict."""
    from simlab.core.params import parse_assignment

    out = {}
    for v in values or ():
        path, value = parse_assignment(v)
        out[path] = value
    return out


def quiet_callback(ctx, param, value):
    """``--quiet``: also silence the compile notice (``simlab.core.compiling``)."""
    if value:
        from simlab.core.compiling import set_quiet

        set_quiet(True)
    return value


def game_arg(ctx, param, value):
    """Validate a GAME argument against the registry."""
    from simlab.games.registry import get_game

    try:
        get_game(value)
    except SimlabError as e:
        raise click.BadParameter(str(e).split(": ", 1)[-1]) from None
    return value


def write_atomic(path: Path, writer):
    """Write a file through a temporary file in the same folder, then rename it into place.

    ``writer(tmp_path)`` writes the content; a failure leaves no partial file behind. A missing
    folder is a clear error naming ``--out``.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SimlabError(f"--out: folder {str(folder)!r} does not exist")
    io.write_atomic(path, writer)


# ---------------------------------------------------------------------------- output paths
# One convention for every command: a command that writes several files (a report, its
# figures, its JSON, stored results) takes ``--out DIR``, a folder, and writes everything
# inside it; a command that writes one file takes ``--out FILE``, and the file's extension is
# added when it is missing (``-o game7`` writes ``game7.html``). Both are checked before any
# game is played (one line, exit code 2, nothing left behind).
def output_folder(path, what: str = "--out"):
    """The folder of a command that writes several files, checked (see above); None stays
    None."""
    from simlab.core.io import check_output_dir

    if path is None:
        return None
    path = Path(path)
    if path.suffix.lower() in (".html", ".htm", ".json", ".png", ".csv", ".parquet"):
        raise SimlabError(f"{what}: expected a folder (the report, its figures and its data "
                          f"go inside it), got the file name {str(path)!r}; e.g. "
                          f"--out {path.with_suffix('')}")
    return check_output_dir(path, what)


def output_file(path, suffix: str, allowed: tuple[str, ...] = (), what: str = "--out"):
    """The one file of a command, its extension added when missing, checked (see above)."""
    from simlab.core.io import check_output_file

    if path is None:
        return None
    return check_output_file(path, what, suffix, allowed)


def echo_json(obj):
    click.echo(json.dumps(obj, indent=2, default=json_default))


def _load_plugins(ctx, param, value):
    if value:
        from simlab.games.plugins import load_plugins

        try:
            load_plugins(value, "--plugin")
        except SimlabError as e:
            raise click.BadParameter(str(e).split(": ", 1)[-1]) from None
    return value


#: ``--plugin FILE``: custom bots (.py with @simlab.bot) and saved bots (.toml from tune --save)
plugin_option = click.option(
    "--plugin", multiple=True, metavar="FILE", is_eager=True, expose_value=False,
    callback=_load_plugins, type=click.Path(dir_okay=False),
    help="Load FILE before anything else, repeatable: a Python file with @simlab.bot "
         "custom bots or a game of your own (docs/your-own-game.md), or a .toml bot saved by "
         "`simlab tune --save`. Then use them by name. A plugin is Python that runs with your "
         "rights: load only files you trust.")

run_options = [
    plugin_option,
    click.option("--players", "-p", type=int, default=None,
                 help="Number of players (default: one per bot in --bots, else the game's "
                      "usual count)."),
    click.option("--bots", "-b", default=None, metavar="BOT,BOT,...",
                 help="One bot per seat, or one for all seats; parameters in brackets, e.g. "
                      "'greedy,weights(cancel=-5,target=1.2),random,spread'. "
                      "Default: the game's mixed line-up. See `simlab games`."),
    click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
                 help="Run seed: game g of seed s is always the same game."),
    click.option("--set", "sets", multiple=True, metavar="PATH=VALUE",
                 help="Rule override, repeatable: e.g. --set timer_seconds=6 "
                      "--set faces.3A.1=pod. See `simlab games` for the paths."),
    click.option("--data", "data", type=click.Path(file_okay=False, path_type=Path),
                 default=None, metavar="FOLDER",
                 help="Component data files of the game (`simlab data GAME export FOLDER`, "
                      "edited); --set still overrides single entries."),
]


#: ``--jobs``, ``--backend`` (no dask) and ``--quiet`` of the analyses that play many tables
worker_options = [
    click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
                 help="Parallel workers (results do not depend on it)."),
    click.option("--backend", type=click.Choice(["loky", "threads", "serial"]), default="loky",
                 show_default=True, help="Processes, threads or in-process."),
    click.option("--quiet", "-q", is_flag=True, callback=quiet_callback,
                 help="No progress bar and no compile notice."),
]


def print_analysis(res, as_json: bool, table, report):
    """An analysis result on the terminal: its JSON, or its headlines, ``table()`` and the
    path ``report()`` writes."""
    if as_json:
        echo_json(res.to_dict())
        return
    for line in res.headlines():
        click.echo(line)
    click.echo("")
    click.echo(table())
    click.echo(f"\nreport: {report()}")


def add_options(options):
    def deco(f):
        for opt in reversed(options):
            f = opt(f)
        return f
    return deco
