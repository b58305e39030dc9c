"""``simlab games``: the games, their bots with parameters, their rule options."""

from __future__ import annotations

import click

from simlab.cli.common import echo_json, plugin_option


@click.command()
@plugin_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def games(as_json):
    """List the games, their bots (with parameters and defaults) and rule options.

    The readings of each rulebook (what the engines chose where it is silent, and the
    component data they assume) are listed by `simlab readings GAME`.

    \b
    Examples:
      simlab games
      simlab games --json
    """
    from simlab.errors import SimlabError
    from simlab.games.registry import get_game, list_games

    data = []
    for name in list_games():
        try:
            g = get_game(name)
        except SimlabError as e:  # an installed game package that does not load: say so
            click.echo(f"simlab: warning: {e}", err=True)
            continue
        data.append({
            "game": name, "title": g.title, "players": [g.min_players, g.max_players],
            "default_players": g.default_players, "default_bots": list(g.default_bots),
            "bots": [{"name": b.name, "id": b.id, "doc": b.doc,
                      "params": dict(zip(b.params, b.defaults, strict=True))}
                     for b in g.all_bots().values() if b.name not in g.bench_bots],
            "rules": g.rule_options(),
            "readings": {"command": f"simlab readings {name}", "count": len(g.readings())},
            **g.describe(),
        })
    if as_json:
        echo_json({"games": data})
        return
    for gd in data:
        click.echo(f"{gd['game']}: {gd['title']} ({gd['players'][0]}-{gd['players'][1]} "
                   f"players; default line-up {','.join(gd['default_bots'])})")
        click.echo("  bots (NAME(param=value,...)):")
        for b in gd["bots"]:
            click.echo(f"    {b['name']:<9} id {b['id']}  {b['doc']}")
            params = ", ".join(f"{k}={v:g}" for k, v in b["params"].items())
            click.echo(f"              {params}")
        click.echo("  rule options (--set PATH=VALUE):")
        for r in gd["rules"]:
            default = r["default"]
            if isinstance(default, tuple):
                default = ",".join(map(str, default)) or "(none)"
            click.echo(f"    {r['name']:<22} {str(default):<14} {r['doc']}")
        if "board" in gd:
            click.echo("  default board (row by row; --set board=... or layout=...):")
            for r in range(6):
                click.echo("    " + " ".join(f"{n:2d}" for n in gd["board"][6 * r:6 * r + 6]))
        click.echo(f"  readings of the rulebook ({gd['readings']['count']}): "
                   f"{gd['readings']['command']}")
        click.echo("")
