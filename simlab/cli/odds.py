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
      simlab odds monkey --hand 3,5,7,7
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


def _card_list(ctx, param, value):
    """A comma-separated list of whole numbers, or None when the option is not given."""
    if value is None:
        return None
    try:
        return [int(x) for x in value.split(",") if x.strip()]
    except ValueError:
        raise click.BadParameter(f"expected comma-separated whole numbers, got {value!r}") \
            from None


@odds.command("monkey")
@click.option("--hand", "hand", callback=_card_list, default=None, metavar="V1,V2,...",
              help="Your hand: 1-4 card values (1-10 with the default deck), comma-separated, "
                   "e.g. 3,5,7,7. "
                   "Default: a fresh hand of 4 cards from the full deck.")
@click.option("--deck", callback=_card_list, default=None, metavar="N1,N2,...",
              help="Copies of each value 1, 2, ... in the deck, comma-separated. Default "
                   "1,2,...,10 (value v has v copies, 55 cards; assumed).")
@click.option("--hand-size", type=click.IntRange(1, 8), default=4, show_default=True,
              help="Cards in a fresh hand.")
@click.option("--max-cards", type=click.IntRange(1, 60), default=4, show_default=True,
              help="Most cards played together in one turn.")
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON with keys fields (field, p_reachable, on_board), "
                   "expected_fields_reachable, p_no_play.")
def monkey_odds(hand, deck, hand_size, max_cards, as_json):
    """Field-reach odds in Monkey Fun: the chance that a hand can play 1 to 4 cards summing to
    each field number (board fields 1-36), on an empty board.

    Without --hand, for a fresh hand of 4 cards drawn from the whole deck; with --hand, for that
    hand (each field is then reachable or not). Also gives the expected number of board fields
    reachable and the chance that no field is (discard the hand and box a monkey).

    \b
    Examples:
      simlab odds monkey
      simlab odds monkey --hand 3,5,7,7
      simlab odds monkey --json
      simlab odds monkey --deck 4,4,4,4,4,4,4,4,4,4 --hand-size 5
    """
    from simlab.games.monkey.odds import format_reach_table, reach_odds

    res = reach_odds(deck, hand, max_cards=max_cards, hand_size=hand_size)
    if as_json:
        echo_json(res)
    else:
        click.echo(format_reach_table(res))
