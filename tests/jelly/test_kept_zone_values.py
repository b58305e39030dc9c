"""The evaluator bots' kept zone values (``JellyState.zone_val``, valid while ``zone_key``
holds; kept by ``bestfirst.refresh_zones``) against a full recomputation (``zone_worth``)
after every roll-step decision of seeded games played by the reference engine (which asks the
kernel's bots on one view of its state, so the memo lives on from decision to decision as in
the kernel). Both decisions read the memo in place (``place_fast``, and ``evaluate_place``'s
general path), so a stale entry would change a choice."""

from __future__ import annotations

import pytest

from simlab.games.jelly import nb
from simlab.games.jelly.bestfirst import zone_base, zone_key
from simlab.games.jelly.game import GAME
from simlab.games.jelly.reference import ReferenceGame
from simlab.games.jelly.roster import BOT_GREEDY, BOT_WEIGHTS
from simlab.games.jelly.state import I_POD_STACK
from simlab.games.jelly.valuation import zone_worth
from tests.jelly.positions import EVERY_REWARD


def check_zone_memo(A, st, decider):
    """Every memo entry whose key matches the state equals a fresh ``zone_worth``; the deciding
    seat's entries of every open district match (it has just brought them up to date).
    Returns how many (seat, district) entries were checked."""
    n_p, n_d = A.n_players, A.n_districts
    pod_ok = st.info[I_POD_STACK] > 0
    checked = 0
    for p in range(n_p):
        base = zone_base(st.jelly[p], st.pods[p], pod_ok, A.pods)
        for d in range(n_d):
            current = st.zone_key[p, d] == zone_key(st.nlive, st.target, d, p, n_d, base, A.dice)
            if p == decider and st.locked[d] < 0:
                assert current, f"seat {p}'s zone values of district {d} are out of date"
            if not current:
                continue
            for z in range(3):
                want = zone_worth(A.rewards, st.target, n_d, d, z, st.nlive[d, p] + 1, pod_ok,
                                  st.pods[p], st.jelly[p], n_p)
                assert st.zone_val[p, d, z] == want, (p, d, z)
            checked += 1
    return checked


@pytest.mark.parametrize("players,bots,overrides,games", [
    (4, "greedy", {}, 6),
    (4, "greedy,greedy,saboteur,greedy", EVERY_REWARD, 6),
    (4, "greedy", {**EVERY_REWARD, "adjacent_orientation": "center", "pods": 4}, 6),
    (5, "greedy,random,weights,spread,saboteur", {"layout": "advanced"}, 4),
    (3, "greedy", {"layout": "beginner", "dice": 9, "timer_seconds": 3.0}, 4),
])
def test_kept_zone_values_match_a_full_recomputation(monkeypatch, players, bots, overrides,
                                                    games):
    rules = GAME.make_rules(players, overrides)
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    ask = nb.choose_place
    seen = {"decisions": 0, "entries": 0}

    def spy(A, st, lineup, q, rng, sc, S):
        out = ask(A, st, lineup, q, rng, sc, S)
        if BOT_GREEDY <= lineup.ids[q] <= BOT_WEIGHTS:  # the evaluator bots keep the memo
            seen["decisions"] += 1
            seen["entries"] += check_zone_memo(A, st, q)
        return out

    monkeypatch.setattr(nb, "choose_place", spy)
    for g in range(games):
        ReferenceGame(prep.arrays, prep.lineup, 5, g).play_game()
    assert seen["decisions"] > 50 and seen["entries"] > seen["decisions"]
