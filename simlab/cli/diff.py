"""``simlab diff A.toml B.toml``: what changed between two rule sets of one game."""

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


@click.command()
@click.argument("a", type=click.Path(path_type=Path))
@click.argument("b", type=click.Path(path_type=Path))
@plugin_option
@click.option("--games", "-n", type=click.IntRange(2, None), default=None,
              help="Games per seat rotation, bot population and version (default: A's "
                   "games, at most 20,000).")
@click.option("--precision", type=click.FloatRange(0, None, min_open=True), default=None,
              metavar="EPS", help="Instead of --games: play until every win-share change is "
                                  "known to +-EPS (95%), e.g. 0.01.")
@click.option("--population", "populations", multiple=True,
              type=click.Choice(["lineup", "greedy"]), default=("lineup", "greedy"),
              show_default=True, help="Bot populations to play: A's line-up, every seat greedy.")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Folder for report.html, its figures and report.json (default: "
                   "reports/diff-<A>-<B>/).")
@click.option("--json", "as_json", is_flag=True, help="Print every row as JSON (no report).")
@add_options(worker_options)
def diff(a, b, games, precision, populations, out, as_json, jobs, backend, quiet):
    """Compare the rules of scenario files A and B (the same game): what changed?

    Both versions play the same games (A's seed, players and line-up, every seat rotation) on a
    standard battery: each seat's win share, each bot's win share, the mean score, the score
    spread and the winner's margin; every change is a paired difference game by game with a
    95% interval, Benjamini-Hochberg across the battery. It plays A's line-up and an all-greedy
    table, and says where they disagree. The significant changes come first, in words, then
    the whole table; the HTML report has the same with a figure.

    \b
    Examples:
      simlab diff v1.toml v2.toml
      simlab diff v1.toml v2.toml --games 50000 --jobs 2
      simlab diff v1.toml v2.toml --precision 0.005 --population lineup
      simlab diff v1.toml v2.toml --json > diff.json
    """
    from simlab.analysis.diff import diff_report, rules_diff

    if games is not None and precision is not None:
        raise click.BadParameter("give --games or --precision, not both",
                                 param_hint="'--precision'")
    folder = out or Path("reports") / f"diff-{a.stem}-{b.stem}"
    if not as_json:
        output_folder(folder)
    res = rules_diff(a, b, games=games, precision=precision, populations=populations,
                     jobs=jobs, backend=backend, progress=False if quiet or as_json else None)
    path = Path(folder) / "report.html"
    print_analysis(res, as_json, res.table, lambda: diff_report(res, path))
