"""Bot fairness: a bot treats its opponents by what they hold, never by where they sit.

Attack of the Jelly Monster's rounds are simultaneous, so the rules make the seats symmetric:
with bot X in seat 1 and the same bot Y in every other seat (seats not rotated), the Y seats'
win shares must be equal (``check_seat_symmetry``: chi-square at alpha = 1e-6). One-round games
(where every player starts level, so ties between opponents are the rule) are played in the
number that sees a 1-point difference; whole games in a smaller number. A bot that breaks a tie
between opponents, districts or options by seat index or loop order fails (the saboteur that
attacked the seat on its left did: 24.0%, 29.6%, 29.8% over 20,000 games).
"""

from __future__ import annotations

import pytest

from simlab.core.conformance import FairnessError, check_seat_symmetry, detectable_difference
from simlab.games.jelly.game import GAME

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

BUILT_IN = ["random", "greedy", "spread", "saboteur", "weights"]
ALPHA = 1e-6


def test_enough_games_to_see_one_point():
    # 120,000 one-round games per line-up: a 1-point spread of the Y seats' shares (25-33%) is
    # rejected at alpha 1e-6 about half the time; larger ones almost always
    assert detectable_difference(120_000, 0.33, ALPHA, 3) < 0.0105


@pytest.mark.parametrize("y", ["greedy", "random"])
@pytest.mark.parametrize("x", BUILT_IN)
def test_opponents_in_symmetric_seats_win_alike_one_round(x, y):
    rules = GAME.make_rules(4, {"rounds": 1})
    out = check_seat_symmetry(GAME, rules, x, y, n_games=120_000, seed=11, alpha=ALPHA)
    assert out["detectable"] < 0.0105


@pytest.mark.parametrize("y", ["greedy", "random"])
@pytest.mark.parametrize("x", BUILT_IN)
def test_opponents_in_symmetric_seats_win_alike_whole_games(x, y):
    rules = GAME.make_rules(4)
    check_seat_symmetry(GAME, rules, x, y, n_games=12_000, seed=12, alpha=ALPHA)


@pytest.mark.parametrize("y", ["greedy", "random"])
def test_lookahead_treats_seats_alike(y):
    # the search is slow: a small budget and fewer games (it sees a ~6-point difference)
    rules = GAME.make_rules(4, {"rounds": 1})
    check_seat_symmetry(GAME, rules, "lookahead(playouts=2,width=3)", y, n_games=2_500,
                        seed=13, alpha=ALPHA)


def test_five_players_and_three():
    for players in (3, 5):
        rules = GAME.make_rules(players, {"rounds": 1})
        check_seat_symmetry(GAME, rules, "saboteur", "greedy", n_games=40_000, seed=14,
                            alpha=ALPHA)


def test_the_check_can_fail():
    # a line-up whose opponents differ by seat (seat 2 plays random among greedy seats) must
    # be refused: the check sees seat-dependent behaviour, not only bots that differ
    from simlab.core import conformance

    rules = GAME.make_rules(4, {"rounds": 1})
    real = GAME.lineup

    def lopsided(bots, players, where="bots"):
        out = real(bots, players, where)
        return [out[0], real("random", 1)[0], *out[2:]]

    GAME.lineup = lopsided
    try:
        with pytest.raises(FairnessError, match="treats them by seat"):
            conformance.check_seat_symmetry(GAME, rules, "greedy", "greedy", n_games=5_000,
                                            seed=15, alpha=ALPHA)
    finally:
        GAME.lineup = real
