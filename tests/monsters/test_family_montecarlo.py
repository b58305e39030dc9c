"""Monsters on Board, family mode: the shared conformance harness (kernel vs reference game for
game on >= 1,000 seeded games, replay, batching, invariants) and Monte Carlo checks: identical
bots in every seat win 1/players of the games (binomial tolerance at alpha = 1e-9), invariants
(78 dice, Minions, Orders) over many random games, wiring through the public API."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.stats import binomial_tolerance
from simlab.games.monsters import nb_family as nf
from simlab.games.monsters.game import GAME

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

ALPHA = 1e-9
CASES = [
    # (players, bots, rule overrides, games, seed)
    (3, "greedy", {}, 250, 1),
    (2, "random", {}, 250, 2),
    (4, "prophet,greedy,random,weights(icon=2,grunt=0,noise=0)", {}, 200, 3),
    (3, "random,greedy,prophet", {"family_area12_juice": 5}, 150, 4),
    (4, "random", {"family_minion_spaces": "1,2,1"}, 150, 5),
]


def family(players, over=None):
    return GAME.make_rules(players, {"mode": "family", **(over or {})})


def test_enough_reference_games():
    assert sum(c[3] for c in CASES) >= 1000


@pytest.mark.parametrize("players,bots,over,n,seed", CASES)
def test_kernel_matches_reference(players, bots, over, n, seed):
    rules = family(players, over)
    agg = check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=n, seed=seed)
    assert agg["counters"][nf.C_GAMES] == n


class SeatTieGame(type(GAME)):
    """The game with ``family_tie = seat`` (set on the prepared family arrays)."""

    def prepare(self, rules, lineup):
        prep = super().prepare(rules, lineup)
        return prep._replace(family=nf.family_arrays(rules, tie="seat"))


def test_kernel_matches_reference_with_seat_ties():
    g = SeatTieGame()
    # random bots tie often on low scores: 2 players, few rounds
    rules = family(2, {"family_minion_spaces": "1,0,0"})
    agg = check_conformance(g, rules, g.lineup("random", 2), n_games=150, seed=6)
    assert agg["counters"][nf.C_SEAT_TIE] > 0 and agg["wins"][:, 2].sum() == 0
    agg2, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", 2)), 6, 0, 150, False)
    assert agg2["counters"][nf.C_SHARED] == agg["counters"][nf.C_SEAT_TIE] > 0
    assert agg2["wins"][:, 2].sum() == 2 * agg2["counters"][nf.C_SHARED]


@pytest.mark.parametrize("players,bots,n", [(2, "greedy", 20_000), (3, "greedy", 20_000),
                                            (4, "greedy", 16_000), (3, "random", 20_000),
                                            (4, "prophet", 2_000)])
def test_identical_bots_win_equally(players, bots, n):
    rules = family(players)
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup(bots, players)), 11, 0, n, False)
    wins = np.asarray(agg["wins"], float)
    shares = (wins[:, 1:] / np.arange(1, players + 1)).sum(axis=1)
    assert np.isclose(shares.sum(), n)
    tol = binomial_tolerance(1 / players, n, ALPHA)
    for s in range(players):
        assert abs(shares[s] / n - 1 / players) <= tol, (s, shares / n, tol)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_over_many_random_games(players):
    rules = family(players)
    n = 10_000
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", players)), 3, 0, n, False)
    assert GAME.invariants(agg, n, rules) == []
    c = dict(zip(nf.FAMILY_COUNTER_NAMES, agg["counters"].tolist(), strict=True))
    assert c["dice_not_conserved"] == 0 and c["dice_checks"] == n * 6 * 4
    assert c["dice_drawn"] - c["dice_to_bag"] == n * 18 * players
    seat = agg["seat"]
    for r, name in enumerate(("minions_top", "minions_middle", "minions_bottom")):
        assert (seat[:, nf.FAMILY_SEAT_NAMES.index(name)] == 2 * n).all(), r
    assert (seat[:, nf.S_ORDER] == 18 * n).all()
    # every area effect happens in random play
    assert min(c["area4_uses"], c["area8_uses"], c["area12_returns"]) > 0


def test_invariants_catch_broken_aggregates():
    rules = family(3)
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("random", 3)), 1, 0, 50, False)
    bad = {k: np.array(v, copy=True) for k, v in agg.items()}
    bad["counters"][nf.C_DICE_BAD] += 1
    bad["seat"][0, nf.S_MIN0] -= 1
    problems = GAME.invariants(bad, 50, rules)
    assert any("78" in p for p in problems) and any("Minion" in p for p in problems)


def test_prophet_scores_more_prophecy_than_greedy():
    rules = family(2)
    agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("prophet,greedy", 2)), 4, 0, 2000,
                            False)
    bd = agg["breakdown"] / 2000
    assert bd[0, nf.B_PROPHECY] > bd[1, nf.B_PROPHECY] + 2


def test_simulate_reports_family_metrics():
    from simlab import simulate

    res = simulate("monsters", players=3, bots="greedy", games=300, seed=2,
                   rules={"mode": "family"})
    m = res.metrics
    assert m["family"] and m["tie_rule"] == "shared"
    assert len(m["score_by_source"]) == 3
    lines = GAME.summary_lines(m)
    assert "area12" in lines[0]
    text = "\n".join(GAME.reference_game(GAME.prepare(family(3), GAME.lineup("random", 3)),
                                         1, 2, log=True)[3])
    for word in ("Setup", "Round", "takes", "Grunt", "pass to the right", "back to the bag",
                 "Minion", "Prophecy", "Winner"):
        assert word in text


def test_custom_bot_ids_are_refused():
    from simlab.errors import SimlabError

    rules = family(2)
    lu = GAME.lineup("greedy", 2)
    prep = GAME.prepare(rules, lu)
    assert isinstance(prep, nf.FamilyPrepared)
    bad = list(lu)
    with pytest.raises(SimlabError, match="family"):
        from simlab.games.registry import BotChoice, BotInfo

        class Fake(type(GAME)):
            def all_bots(self):
                return {**super().all_bots(), "alien": BotInfo("alien", 63, (), (), "x")}

        g = Fake()
        bad[0] = BotChoice("alien")
        g.prepare(rules, bad)
