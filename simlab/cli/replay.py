"""``simlab replay GAME``: one game step by step, as a self-contained HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import add_options, game_arg, output_file, parse_sets, run_options


@click.command()
@click.argument("game", callback=game_arg)
@add_options(run_options)
@click.option("--game", "-g", "game_index", type=click.IntRange(0, None), default=0,
              show_default=True, help="Which game of the run (0-based, as the rows of --out).")
@click.option("--out", "-o", type=click.Path(path_type=Path), required=True,
              help="The HTML file to write (one self-contained page, no network needed; "
                   ".html is added when the name has no extension).")
def replay(game, players, bots, seed, sets, data, game_index, out):
    """Watch one game of a run replayed step by step in the browser.

    The page shows the board after every step (drawn as SVG), a slider with previous/next
    buttons and the arrow keys, the log line of the step, the bot's decision with the options
    it weighed and their values where the bot has them, and the running scores. The game is
    played by the readable reference engine on the game's own random stream: its final scores
    equal row GAME of `simlab simulate ... --out` with the same seed, bots and rules.

    \b
    Examples:
      simlab replay jelly --seed 1 --game 7 --out game7.html
      simlab replay monkey -p 3 -b greedy,blocker,row -s 4 -o monkey.html
      simlab replay jungle --set variant=true -o jungle.html
      simlab replay monsters -p 1 --set mode=solo2 --set difficulty=3 -o solo.html
    """
    import simlab

    out = output_file(out, ".html", (".html", ".htm"))
    rep = simlab.replay(game, seed=seed, game_index=game_index, players=players, bots=bots,
                        rules=parse_sets(sets), out=out, data=data)
    winners = [n for n, w in zip(rep.names, rep.winners, strict=True) if w]
    click.echo(f"{len(rep.steps)} steps; final scores "
               + ", ".join(f"{n} {int(s)}" for n, s in zip(rep.names, rep.final_scores,
                                                           strict=True))
               + (f"; won by {', '.join(winners)}" if winners else "; no winner"))
    click.echo(f"replay: {out}")
