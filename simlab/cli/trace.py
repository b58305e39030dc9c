"""``simlab trace GAME``: the readable log of one game, from the reference engine."""

from __future__ import annotations

import click

from simlab.cli.common import add_options, echo_json, game_arg, parse_sets, run_options


@click.command()
@click.argument("game", callback=game_arg)
@add_options(run_options)
@click.option("--game", "-g", "game_index", type=click.IntRange(0, None), default=0,
              show_default=True, help="Which game of the run (0-based, as the rows of --out).")
@click.option("--json", "as_json", is_flag=True, help="Print the log lines and scores as JSON.")
def trace(game, players, bots, seed, sets, data, game_index, as_json):
    """Print every roll, placement, effect, lock-down, cancellation, control and reward of one
    game, played by the readable reference engine on the same random stream as the kernel.

    The final scores equal row GAME of `simlab simulate ... --out` with the same seed, bots
    and rules.

    \b
    Examples:
      simlab trace jelly --seed 1 --game 7
      simlab trace jelly -s 3 -b greedy,random,spread,saboteur --set timer_seconds=4
    """
    from simlab.games.registry import get_game, warn_rules

    g = get_game(game)
    n = g.default_players if players is None else players
    overrides = parse_sets(sets)
    if data is not None:
        overrides = {**g.data_overrides(data, '--data'), **overrides}
    rules = g.make_rules(n, overrides)
    warn_rules(g, rules, "--set")
    lineup = g.lineup(bots, n)
    prepared = g.prepare(rules, lineup)
    names = [f"P{s + 1}({b.label})" for s, b in enumerate(lineup)]
    scores, winners, _, lines = g.reference_game(prepared, seed, game_index, log=True,
                                                 names=names)
    if as_json:
        echo_json({"game": game, "seed": seed, "game_index": game_index,
                   "bots": [b.label for b in lineup], "scores": [int(s) for s in scores],
                   "winners": [bool(w) for w in winners], "log": lines})
        return
    click.echo(f"{g.title}: seed {seed}, game {game_index}, "
               f"{n} players: {', '.join(names)}")
    faces = getattr(rules, "district_faces", None)
    if faces is not None:
        for d, face in enumerate(faces()):
            click.echo(f"  district {d}: face {face}: {' | '.join(rules.faces[face].zones)}")
    for line in lines:
        click.echo(line)
    click.echo("Final scores: " + ", ".join(f"{names[s]} {int(x)}" for s, x in enumerate(scores)))
