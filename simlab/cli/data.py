"""``simlab data GAME export DIR`` and ``simlab data GAME check DIR``: the data a designer
replaces."""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import echo_json, game_arg


@click.command()
@click.argument("game", callback=game_arg)
@click.argument("action", type=click.Choice(["export", "check"]))
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="export: overwrite data files already in FOLDER.")
@click.option("--json", "as_json", is_flag=True,
              help="check: print the errors, the files read and the differences as JSON.")
def data(game, action, folder, force, as_json):
    """Export a game's assumed component data as editable TOML, or check an edited copy.

    The rulebooks do not print every component (board faces, cards, dice faces, the town
    track...): simlab ships *assumed* data for them. `export` writes each of the game's data
    files into FOLDER, every entry documented in comments; type in the real components. `check`
    reads the folder back: every error with its file, entry and field and what was expected
    (exit code 2), or, when it is sound, how each file differs from the defaults. Play with it
    from a scenario (`data = "FOLDER"`), `simlab simulate GAME --data FOLDER`, or
    `simlab.simulate(..., data="FOLDER")`. Files left out of the folder keep the defaults.

    \b
    Examples:
      simlab data jelly export my-boards
      simlab data jelly check my-boards
      simlab simulate jelly --data my-boards --games 100000
    """
    from simlab.core.io import atomic_write_text
    from simlab.errors import SimlabError
    from simlab.games.registry import get_game

    g = get_game(game)
    files = g.data_files()
    if not files:
        raise SimlabError(f"data: {g.title} has no assumed data files")
    if action == "export":
        if folder.exists() and not folder.is_dir():
            raise click.BadParameter(f"{str(folder)!r} is a file", param_hint="'FOLDER'")
        clash = [f.name for f in files if (folder / f.name).exists()]
        if clash and not force:
            raise click.BadParameter(f"{str(folder)!r} already holds {', '.join(clash)}; "
                                     "use --force to overwrite", param_hint="'FOLDER'")
        folder.mkdir(parents=True, exist_ok=True)
        for f in files:
            atomic_write_text(folder / f.name, f.default_text())
            click.echo(f"wrote {folder / f.name}: {f.title}")
        click.echo(f"check your edits with: simlab data {game} check {folder}")
        return
    found = g.check_data(folder)
    if as_json:
        echo_json({"game": game, "folder": str(folder), "ok": not found.errors,
                   "errors": found.errors, "read": found.read, "missing": found.missing,
                   "differences": found.differences, "overrides": found.overrides})
        if found.errors:
            raise SystemExit(2)
        return
    if found.errors:
        for e in found.errors:
            click.echo(f"simlab: error: {e}", err=True)
        raise SystemExit(2)
    click.echo(f"{folder}: {len(found.read)} data file{'s' if len(found.read) != 1 else ''} "
               f"read, no errors" + (f"; defaults kept for {', '.join(found.missing)}"
                                     if found.missing else ""))
    for name in found.read:
        diff = found.differences.get(name, [])
        if not diff:
            click.echo(f"{name}: same as the defaults")
            continue
        click.echo(f"{name}: {len(diff)} difference{'s' if len(diff) > 1 else ''} from the "
                   "defaults")
        for line in diff:
            click.echo(f"  {line}")
