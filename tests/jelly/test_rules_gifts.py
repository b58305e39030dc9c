"""Rulebook "Each player gives you 1 or 2 Jelly" and "Give 1 Jelly to each other player".

District 0 carries the reward on its first zone; scored on the kernel and the reference engine.
Reading ``give_each_short`` of "choose who you give your Jelly to" when short
(``simlab readings jelly``; ``bots.gift_order``): by default the giver's bot chooses (the
built-in evaluator bots pay the weakest first: jelly + 3.5 per pod); ``poorest_first`` pays
the fewest jelly first. Ties from the game's stream, never by seat.
"""

from __future__ import annotations

import pytest

from simlab.core.conformance import check_even_split

from .positions import Outcome, board, bot_lineup, score_both, score_engines


def zone(text: str, players: int = 3, **options):
    return board(players, text, "jelly:1", "jelly:1", **options)


def both(rules, dice, **position):
    kern, ref = score_both(rules, dice, **position)
    assert kern == ref, f"kernel {kern} != reference {ref}"
    return kern


SOLO = {0: [(0, 6), (1, 4), (2, 2)]}          # seat 0 controls
TIE = {0: [(0, 6), (1, 6), (2, 2)]}           # seats 0 and 1 tie
SOLO4 = {0: [(0, 6), (1, 4)]}                 # 4 players, seat 0 controls
TIE4 = {0: [(0, 6), (1, 6), (3, 1)]}          # 4 players, seats 0 and 1 tie


def pods(n):
    return (0,) * n


# --------------------------------------------------------------------------- each gives you N
@pytest.mark.parametrize("n, expected", [(1, (2, 4, 4)), (2, (4, 3, 3))])
def test_each_gives_n(n, expected):
    # seats 1 and 2 (5 jelly each) each give n to seat 0
    got = both(zone(f"each_gives:{n}"), SOLO, jelly=(0, 5, 5))
    assert got == Outcome(expected, pods(3), 30)


def test_each_gives_four_players():
    # three opponents give 2 each: 0 + 6; a player without a die here gives too (seat 2, 3)
    got = both(zone("each_gives:2", 4), SOLO4, jelly=(0, 5, 5, 5))
    assert got == Outcome((6, 3, 3, 3), pods(4), 30)


def test_each_gives_tied_controllers_do_not_give_each_other():
    # 3 players: only seat 2 gives, 1 to each tied controller
    got = both(zone("each_gives:1"), TIE, jelly=(5, 5, 5))
    assert got == Outcome((6, 6, 3), pods(3), 30)


def test_each_gives_tied_controllers_four_players():
    # seats 2 and 3 each give 2 to seat 0 and 2 to seat 1: controllers +4, givers -4
    got = both(zone("each_gives:2", 4), TIE4, jelly=(0, 0, 5, 5))
    assert got == Outcome((4, 4, 1, 1), pods(4), 30)


def test_each_gives_giver_short_gives_what_it_has():
    # each_gives:2: seat 1 holds 1 and gives 1; seat 2 holds 5 and gives 2 -> seat 0: 3
    got = both(zone("each_gives:2"), SOLO, jelly=(0, 1, 5))
    assert got == Outcome((3, 0, 3), pods(3), 30)


def test_each_gives_giver_with_nothing_gives_nothing():
    got = both(zone("each_gives:2"), SOLO, jelly=(0, 0, 5))
    assert got == Outcome((2, 0, 3), pods(3), 30)


def test_each_gives_short_giver_with_tied_controllers_pays_the_weaker_first():
    # seats 0 and 1 tie; seat 2 holds 3 and owes 2 to each: the greedy giver pays the weaker
    # controller in full first (seat 1: 0 jelly + 1 pod = 3.5 < seat 0's 5 jelly), then 1
    got = both(zone("each_gives:2"), TIE, jelly=(5, 0, 3), pods=(0, 1, 0),
               lineup=bot_lineup(3, "greedy"))
    assert got == Outcome((6, 2, 0), (0, 1, 0), 30)


def test_each_gives_short_giver_poorest_first_reading():
    # the same under poorest_first: seat 1 holds fewer jelly (0 < 5) and is paid first
    got = both(zone("each_gives:2", give_each_short="poorest_first"), TIE, jelly=(5, 0, 3),
               pods=(0, 4, 0), lineup=bot_lineup(3, "greedy"))
    assert got == Outcome((6, 2, 0), (0, 4, 0), 30)
    # ... while the greedy giver's own choice pays seat 0 first (seat 1 stands at 14)
    got = both(zone("each_gives:2"), TIE, jelly=(5, 0, 3), pods=(0, 4, 0),
               lineup=bot_lineup(3, "greedy"))
    assert got == Outcome((7, 1, 0), (0, 4, 0), 30)


@pytest.mark.parametrize("reading", ["bot", "poorest_first"])
def test_short_giver_splits_a_tie_evenly(reading):
    # two tied controllers holding the same: whom the short giver pays first is drawn from the
    # game's stream, never by seat: over seeded games each is paid first about half the time
    rules = zone("each_gives:2", give_each_short=reading)
    first = []
    for game in range(400):
        s = score_engines(rules, TIE, jelly=(2, 2, 3), lineup=bot_lineup(3, "greedy"),
                          game=game)
        assert s.kernel == s.reference
        first.append(0 if s.kernel.jelly[0] == 4 else 1)
    check_even_split(first, [0, 1], what=f"short giver, {reading}")


# --------------------------------------------------------------------------- give 1 to each
def test_give_each_one():
    # seat 0 gives 1 to each of the two others: 5 - 2 = 3
    got = both(zone("give_each:1"), SOLO, jelly=(5, 0, 0))
    assert got == Outcome((3, 1, 1), pods(3), 30)


def test_give_each_four_players():
    got = both(zone("give_each:1", 4), SOLO4, jelly=(5, 0, 0, 0))
    assert got == Outcome((2, 1, 1, 1), pods(4), 30)


def test_give_each_tied_controllers_do_not_give_each_other():
    # seats 0 and 1 each give 1 to seat 2 only
    got = both(zone("give_each:1"), TIE, jelly=(5, 5, 0))
    assert got == Outcome((4, 4, 2), pods(3), 30)


def test_give_each_tied_controllers_four_players():
    # seats 0 and 1 each give 1 to seats 2 and 3
    got = both(zone("give_each:1", 4), TIE4, jelly=(5, 5, 0, 0))
    assert got == Outcome((3, 3, 2, 2), pods(4), 30)


def test_give_each_short_poorest_first_reading():
    # seat 0 holds 1 jelly; seat 1 holds 3, seat 2 holds 2 -> the 1 goes to seat 2
    got = both(zone("give_each:1", give_each_short="poorest_first"), SOLO, jelly=(1, 3, 2))
    assert got == Outcome((0, 3, 3), pods(3), 30)


def test_give_each_short_the_bot_pays_the_weakest_first():
    # the greedy giver's choice: seat 1 holds 3 jelly, seat 2 holds 2 jelly and 2 pods (9):
    # seat 1 stands weaker and gets the only jelly (poorest_first would pay seat 2)
    got = both(zone("give_each:1"), SOLO, jelly=(1, 3, 2), pods=(0, 0, 2),
               lineup=bot_lineup(3, "greedy"))
    assert got == Outcome((0, 4, 2), (0, 0, 2), 30)
    got = both(zone("give_each:1", give_each_short="poorest_first"), SOLO, jelly=(1, 3, 2),
               pods=(0, 0, 2), lineup=bot_lineup(3, "greedy"))
    assert got == Outcome((0, 3, 3), (0, 0, 2), 30)


def test_give_each_short_four_players():
    # seat 0 holds 2; opponents hold 4, 1, 3 -> poorest first: seat 2 (1), seat 3 (3);
    # seat 1 (4) gets nothing (the greedy giver ranks them the same way: no pods)
    for reading in ("bot", "poorest_first"):
        got = both(zone("give_each:1", 4, give_each_short=reading), SOLO4,
                   jelly=(2, 4, 1, 3), lineup=bot_lineup(4, "greedy"))
        assert got == Outcome((0, 4, 2, 4), pods(4), 30)


def test_give_each_with_nothing_gives_nothing():
    got = both(zone("give_each:1"), SOLO, jelly=(0, 3, 3))
    assert got == Outcome((0, 3, 3), pods(3), 30)
