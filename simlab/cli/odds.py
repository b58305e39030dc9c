"""``simlab odds GAME``: exact odds computed by enumeration (no sampling)."""

from __future__ import annotations

import click

from simlab.cli.common import echo_json


@click.group()
def odds():
    """Exact odds for a game, computed by enumeration or convolution (no sampling).

    \b
    Examples:
      simlab odds jelly --mine 3 --theirs 2,4
    """


def _int_list(ctx, param, value):
    if value is None or value.strip() == "":
        return []
    try:
        return [int(x) for x in value.split(",") if x.strip()]
    except ValueError:
        raise click.BadParameter(f"expected comma-separated whole numbers, got {value!r}") \
            from None


@odds.command("jelly")
@click.option("--mine", "-m", type=click.IntRange(0, 30), required=True,
              help="Dice of your colour on the district (0-30).")
@click.option("--theirs", "-t", callback=_int_list, default="",
              help="Dice of each opponent on the district, comma-separated, e.g. 2,4.")
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON with keys control_alone, tie, mean_total.")
def jelly_odds(mine, theirs, as_json):
    """District-control odds in Attack of the Jelly Monster: your K dice against opponents
    with M1, M2, ... dice, all values uniform, cancellation applied, no die effects.

    Gives the probability that you control alone, that you tie for control, and the expected
    total of your surviving dice.

    \b
    Examples:
      simlab odds jelly --mine 3 --theirs 2,4
      simlab odds jelly --mine 2 --theirs 2 --json
    """
    from simlab.games.jelly.odds import control_odds, format_odds_table

    res = control_odds(mine, theirs)
    if as_json:
        echo_json(res)
    else:
        click.echo(format_odds_table(res))
