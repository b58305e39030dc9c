"""``simlab readings GAME``: the game's readings catalogue (what the code chose where the
rulebook is silent, and the component data it assumes)."""

from __future__ import annotations

import textwrap

import click

from simlab.cli.common import echo_json, game_arg, plugin_option


def _show(value) -> str:
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value)) or "(none)"
    return str(value)


@click.command()
@click.argument("game", callback=game_arg)
@plugin_option
@click.option("--json", "as_json", is_flag=True,
              help='Print {"game": ..., "readings": [...]} instead of text.')
def readings(game, as_json):
    """List every reading of GAME's rulebook the engine chooses, with the rulebook sentence it
    reads, the default, the alternatives and why, and the component data it assumes.

    A reading is a rule option: set it with --set NAME=VALUE, or rules.NAME in a scenario,
    and put two readings side by side with a sweep or a [compare]. Entries marked 'assumed'
    are data or numbers the rulebook does not print (a file named holds the default data);
    entries marked 'fixed' are hard-coded in the engines today, listed so you know they are
    there.

    \b
    Examples:
      simlab readings jelly
      simlab readings monkey --json
      simlab simulate jelly --set drone_step=1     # play the alternative reading
    """
    from simlab.games.registry import get_game

    g = get_game(game)
    entries = [r.to_dict() for r in g.readings()]
    if as_json:
        echo_json({"game": game, "readings": entries})
        return
    click.echo(f"{g.title}: {len(entries)} readings (set with --set NAME=VALUE or rules.NAME)")
    wrap = textwrap.TextWrapper(width=96, initial_indent="      ", subsequent_indent="      ")
    for r in entries:
        tag = ("  [assumed]" if r["assumed"] else "") + \
            ("  [fixed in the engines: not yet a rule option]" if r.get("fixed") else "")
        click.echo("")
        click.echo(f"  {r['name']}{tag}")
        click.echo(f"    default: {_show(r['default'])}")
        if r["alternatives"]:
            click.echo(f"    alternatives: {'; '.join(_show(a) for a in r['alternatives'])}")
        if r.get("file"):
            click.echo(f"    file: {r['file']}")
        click.echo("    rulebook:")
        click.echo(wrap.fill(f"\"{r['rule']}\""))
        click.echo("    why:")
        click.echo(wrap.fill(r["why"]))
