"""Entry point of the ``simlab`` command."""

from __future__ import annotations

import sys
import warnings

import click

from simlab import __version__
from simlab.cli.audit import audit
from simlab.cli.balance import balance
from simlab.cli.bench import bench
from simlab.cli.data import data
from simlab.cli.diff import diff
from simlab.cli.games import games
from simlab.cli.new import new
from simlab.cli.odds import odds
from simlab.cli.readings import readings
from simlab.cli.replay import replay
from simlab.cli.robustness import robustness
from simlab.cli.simulate import simulate
from simlab.cli.skill import skill
from simlab.cli.sweep import report, sweep
from simlab.cli.trace import trace
from simlab.cli.tune import tune
from simlab.cli.warm import warm
from simlab.errors import SimlabError


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="simlab")
def cli():
    """simlab: Monte Carlo strategy analysis for tabletop game designers.

    Play millions of games with bots and read balance tables: is the first seat favoured, is a
    reward too strong, which bot wins?

    \b
    Examples:
      simlab games                                  # games, bots, rule options
      simlab readings jelly                         # what we read where a rulebook is silent
      simlab data jelly export my-boards            # the assumed data, to type the real in
      simlab simulate jelly --games 100000          # balance table, mixed bots
      simlab simulate jelly -b greedy --set timer_seconds=6 --json
      simlab trace jelly --seed 1 --game 7          # the readable log of one game
      simlab replay jelly -s 1 -g 7 -o game7.html   # watch that game in the browser
      simlab odds jelly --mine 3 --theirs 2,4       # exact district-control odds
      simlab sweep scenarios/jelly-seat-balance.toml  # a scenario -> results + HTML report
      simlab report reports/jelly-seat-balance      # rebuild a report from stored results
      simlab tune jelly --against greedy,greedy     # best response of the weights bot
      simlab balance scenarios/jelly-balance.toml   # the rule value that makes a game fair
      simlab skill jungle                           # does skill matter? (skill ladder)
      simlab diff v1.toml v2.toml                   # I changed the rules: what changed?
      simlab robustness scenarios/jelly-robustness.toml --quick  # fact or bot quirk?
      simlab audit jelly --quick --jobs 2            # the whole balance picture, one card
      simlab warm --jobs 2                          # compile every kernel ahead of use
      simlab new dice-race my-race                  # a game of your own, in plain Python
      simlab bench --quick                          # speed figures
    """


cli.add_command(games)
cli.add_command(simulate)
cli.add_command(trace)
cli.add_command(replay)
cli.add_command(odds)
cli.add_command(readings)
cli.add_command(data)
cli.add_command(bench)
cli.add_command(sweep)
cli.add_command(report)
cli.add_command(tune)
cli.add_command(balance)
cli.add_command(skill)
cli.add_command(diff)
cli.add_command(robustness)
cli.add_command(audit)
cli.add_command(warm)
cli.add_command(new)


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """simlab's warnings as one line on stderr (``simlab: warning: ...``); others as Python
    shows them."""
    from simlab.errors import SimlabWarning

    if issubclass(category, SimlabWarning):
        click.echo(f"simlab: warning: {message}", err=True)
    else:
        _python_showwarning(message, category, filename, lineno, file, line)


_python_showwarning = warnings.showwarning


def main(argv=None):
    """Run the CLI: bad input gives a one-line error and exit code 2, never a traceback."""
    warnings.showwarning = _show_warning
    try:
        rv = cli.main(args=argv, prog_name="simlab", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help())
        sys.exit(0)
    except click.UsageError as e:
        hint = f" (see 'simlab {e.ctx.command_path.split(' ', 1)[1]} --help')" \
            if e.ctx is not None and " " in e.ctx.command_path else " (see 'simlab --help')"
        click.echo(f"simlab: error: {e.format_message()}{hint}", err=True)
        sys.exit(2)
    except SimlabError as e:
        click.echo(f"simlab: error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("simlab: aborted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo("simlab: interrupted", err=True)
        sys.exit(130)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
