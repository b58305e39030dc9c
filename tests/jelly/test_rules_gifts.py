"""Rulebook "Each player gives you 1 or 2 Jelly" and "Give 1 Jelly to each other player".

District 0 carries the reward on its first zone; scored on the kernel and the reference engine.
Reading of "choose who you give your Jelly to" when short (shared/rules/README.md leaves it to the
project; bots.gift_order): the poorest opponents first, ties clockwise from the giver.
"""

from __future__ import annotations

import pytest

from .positions import Outcome, board, score_both


def zone(text: str, players: int = 3):
    return board(players, text, "jelly:1", "jelly:1")


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


def test_each_gives_short_giver_with_tied_controllers():
    # seats 0 and 1 tie; seat 2 holds 3: 2 to seat 0, then only 1 left for seat 1
    # (the giver hands out clockwise from itself: seat 0 first, then seat 1). Total given = 3.
    got = both(zone("each_gives:2"), TIE, jelly=(0, 0, 3))
    assert got == Outcome((2, 1, 0), pods(3), 30)


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


def test_give_each_short_gives_to_the_poorest_first():
    # seat 0 holds 1 jelly; seat 1 holds 3, seat 2 holds 2 -> the 1 goes to seat 2
    got = both(zone("give_each:1"), SOLO, jelly=(1, 3, 2))
    assert got == Outcome((0, 3, 3), pods(3), 30)


def test_give_each_short_equal_poorest_clockwise():
    # seats 1 and 2 both hold 2: clockwise from seat 0, seat 1 gets the only jelly
    got = both(zone("give_each:1"), SOLO, jelly=(1, 2, 2))
    assert got == Outcome((0, 3, 2), pods(3), 30)


def test_give_each_short_four_players():
    # seat 0 holds 2; opponents hold 4, 1, 3 -> poorest first: seat 2 (1), seat 3 (3);
    # seat 1 (4) gets nothing
    got = both(zone("give_each:1", 4), SOLO4, jelly=(2, 4, 1, 3))
    assert got == Outcome((0, 4, 2, 4), pods(4), 30)


def test_give_each_with_nothing_gives_nothing():
    got = both(zone("give_each:1"), SOLO, jelly=(0, 3, 3))
    assert got == Outcome((0, 3, 3), pods(3), 30)
