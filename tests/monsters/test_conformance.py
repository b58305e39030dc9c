"""Monsters on Board through the shared conformance harness: invariants, replay, batching
independence and kernel vs reference game for game, over player counts, line-ups and the solo
modes (the bulk of the kernel/reference agreement is in ``test_reference_agreement.py``)."""

from __future__ import annotations

import pytest

from simlab.core.conformance import check_conformance
from simlab.games.monsters.game import GAME

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

CASES = [
    # (players, bots, rule overrides, games, games against the reference, seed)
    (3, "greedy,prophet,random", {}, 120, 60, 1),
    (2, "random", {}, 120, 60, 2),
    (4, "weights(noise=1),greedy,random,prophet", {}, 80, 30, 3),
    (1, "random", {"mode": "solo1"}, 120, 60, 4),
    (1, "greedy", {"mode": "solo2", "difficulty": 7}, 120, 60, 5),
    (3, "greedy,prophet,random", {"mode": "family"}, 120, 60, 7),
    (4, "weights(noise=1),random,greedy,prophet", {"mode": "family", "family_tie": "seat"}, 80,
     40, 8),
    (2, "random", {"mode": "family", "family_tie": "random"}, 120, 60, 9),
    (3, "greedy,prophet,random", {"spooked_count": "spaces"}, 40, 20, 10),
    # a die that swaps before it promotes: the die just placed may not be promoted wherever
    # the swap put it
    (2, "random,prophet", {"dice.pink.0": "2:swap+promote", "dice.blue.0": "3:swap+promote",
                           "dice.green.1": "1:grunt+promote"}, 120, 60, 6),
]
# the case `make test-stock` also runs on numba's own code libraries (SIMLAB_LAZY=0): mixed
# bots, no lookahead kernel (its stock compile takes minutes)
STOCK_CASE = 0


@pytest.mark.parametrize("players,bots,overrides,n,n_ref,seed", [
    pytest.param(*c, marks=pytest.mark.stock) if i == STOCK_CASE else c
    for i, c in enumerate(CASES)])
def test_conformance(players, bots, overrides, n, n_ref, seed):
    rules = GAME.make_rules(players, overrides)
    agg = check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=n, seed=seed,
                            n_reference=n_ref)
    if not rules.mode.startswith("solo"):
        assert agg["wins"].sum() >= n


def _log(players, mode, bots, seed=1, game=3, **over):
    rules = GAME.make_rules(players, {"mode": mode, **over})
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    return "\n".join(GAME.reference_game(prep, seed, game, log=True)[3])


def test_reference_log_covers_every_phase():
    text = _log(3, "regular", "greedy,prophet,random")
    for word in ("Setup", "Round 6", "Arrival", "Draft, pick 4", "takes", "Grunt movement",
                 "Grunt moves", "Swamp-Jack", "places", "Gain Malice spot", "Spook phase",
                 "passes", "Final scoring", "final_area_grunts", "prophecy", "arch_monsters",
                 "Winner"):
        assert word in text, word


def test_reference_log_solo2():
    text = _log(1, "solo2", "greedy", difficulty=7)
    for word in ("Spider Jack's colour", "Spider Jack's card", "Spider Jack takes",
                 "Spider Jack scores", "un-scored die", "Spider Jack gains", "Spider Jack"):
        assert word in text, word
