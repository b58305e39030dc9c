"""``simlab new NAME DIR``: the skeleton of a game of your own, in plain Python."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("name")
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path))
def new(name, folder):
    """Write the skeleton of a game NAME into the new folder DIR: a small playable game (a dice
    race) split into rules (a frozen dataclass with its readings), state, game and bots, a
    scenario, a pyproject.toml naming the game under the simlab.games entry point, and tests
    that run the conformance harness on it (they pass as written). Make it your game from
    there: docs/your-own-game.md says what each method does.

    A plugin is Python that runs with your rights, as any Python package does: load only
    files you trust.

    \b
    Examples:
      simlab new dice-race my-race
      cd my-race && pytest
      simlab simulate dice-race --plugin my-race/dice_race/game.py -b careful,greedy
      pip install ./my-race      # then `simlab games` lists it without --plugin
    """
    from simlab.games.python.skeleton import names_for, write_skeleton

    files = write_skeleton(name, folder)
    pkg = names_for(name)["pkg"]
    click.echo(f"wrote {len(files)} files into {folder}/:")
    for f in files:
        click.echo(f"  {f.relative_to(folder)}")
    click.echo("")
    click.echo(f"  cd {folder} && pytest")
    click.echo(f"  simlab simulate {name} --plugin {folder / pkg / 'game.py'} -b careful,greedy")
