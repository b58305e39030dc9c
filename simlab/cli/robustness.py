"""``simlab robustness SCENARIO.toml``: do a scenario's findings survive other bots and
readings?"""

from __future__ import annotations

from pathlib import Path

import click

from simlab.cli.common import (
    add_options,
    output_folder,
    plugin_option,
    print_analysis,
    worker_options,
)


def _names(ctx, param, value):
    if value is None:
        return None
    out = [v.strip() for v in value.split(",") if v.strip()]
    if not out:
        raise click.BadParameter("expected names separated by commas")
    return out


@click.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@plugin_option
@click.option("--quick", is_flag=True,
              help="Small budgets: 600 games per context, lookahead at 2 playouts on 30 "
                   "games, the tuned bot trained on 3,000 games. A first look in a minute or "
                   "two; findings near the edge come out 'undecided' more often.")
@click.option("--games", "-n", type=click.IntRange(20, 10**7), default=None,
              help="Games per context and seat rotation (default: the [robustness] table's, "
                   "else 4,000; 600 with --quick).")
@click.option("--populations", default=None, callback=_names, metavar="P,P,...",
              help="Bot populations: lineup, greedy, tuned, lookahead, noise (default all).")
@click.option("--readings", "readings_", default=None, callback=_names, metavar="NAME,...",
              help="Only these readings of the catalogue (default every settable one; "
                   "`none` for no readings). See `simlab readings GAME`.")
@click.option("--replacements", default=None, callback=_names, metavar="BOT,...",
              help="Line-up contexts: each bot of the line-up left out and its seats given "
                   "to each of these bots in turn (default every bot of the game but the "
                   "search bots; `none` for no line-up contexts).")
@click.option("--data-alternatives", type=click.IntRange(0, 1000), default=None,
              help="Generated alternatives of each piece of assumed data the question rests "
                   "on (default 20; 10 with --quick; 0 for none): the findings' spread over "
                   "rulebook-consistent data.")
@click.option("--lookahead-budget", type=click.IntRange(1, 10_000), default=None,
              help="Playouts of the lookahead population (default 8; 2 with --quick).")
@click.option("--tuned", default=None, metavar="FILE.toml",
              help="Use this bot saved by `simlab tune --save` as the tuned population "
                   "instead of tuning one (tuned bots are cached beside the report).")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Folder for report.html, its figures, its JSON and the tuned bot it caches "
                   "(default: reports/<scenario>-robustness/).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (no report).")
@add_options(worker_options)
def robustness(scenario, quick, games, populations, readings_, replacements,
               data_alternatives, lookahead_budget, tuned, out, as_json, jobs, backend, quiet):
    """Is SCENARIO's finding a fact about the game, or about the bots and readings?

    Takes the scenario's question (a single point: who wins and which seat is favoured; a
    [compare]: what each variant changes; a [sweep]: its fairest against its least fair
    point; a [tournament]: the dominant bot; a [balance]: the value found) and answers it
    again with other bot populations (every seat greedy, the weights bot tuned against the
    line-up, the lookahead bot, the line-up with noise in its weights), with other line-ups
    (each bot left out and replaced by another in turn), under every alternative of the
    game's readings, one at a time, and over generated alternatives of the assumed component
    data (the spread: median and range); every table in every seating, on the same games.
    Each finding is marked robust, bot-, lineup-, reading- or data-dependent (naming what
    flips it), "no effect found" (no effect anywhere: not a proof of none), or undecided
    where too few games were played to tell.

    \b
    Examples:
      simlab robustness scenarios/jelly-robustness.toml --quick
      simlab robustness scenarios/jelly-seat-balance.toml --populations lineup,greedy
      simlab robustness scenarios/monkey-robustness.toml --readings none --jobs 2
      simlab robustness scenarios/jungle-robustness.toml --json > robust.json
    """
    from simlab.analysis.robustness import robustness as run
    from simlab.analysis.robustness import robustness_report

    reads = readings_
    if reads is not None and [r.lower() for r in reads] == ["none"]:
        reads = False
    lineup = None
    if replacements is not None and [r.lower() for r in replacements] == ["none"]:
        lineup, replacements = False, None
    from simlab.scenario import load_scenario

    sc, _ = load_scenario(scenario)
    folder = out if out is not None else Path("reports") / f"{sc.name}-robustness"
    output_folder(folder)
    res = run(scenario, quick=quick, jobs=jobs, backend=backend,
              progress=False if quiet or as_json else None,
              out_dir=folder, games=games,
              populations=populations, readings=reads, lookahead_budget=lookahead_budget,
              tuned=tuned, lineup=lineup, replacements=replacements,
              data_alternatives=data_alternatives)
    path = Path(folder) / "report.html"
    print_analysis(res, as_json, res.text_table, lambda: robustness_report(res, path))
