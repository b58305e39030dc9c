"""Attack of the Jelly Monster's game-shape measures (simlab.core.shape): checkpoints after
rounds 1-3 (jelly + a pod's mean roll, doubled to stay integral), then the final scores; the
kernel and the reference engine agree on them game for game through the conformance harness
(every aggregate is compared). Here: they are reported and add up."""

from __future__ import annotations

import json

from simlab.games.jelly.game import GAME


def test_game_shape_is_reported_and_adds_up():
    n = 500
    rules = GAME.make_rules(4)
    lineup = GAME.lineup(None, 4)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 2, 0, n, False)
    m = GAME.metrics(agg, n, rules, lineup)["game_shape"]
    json.dumps(m)   # plain floats and ints
    assert m["games"] == n and sum(m["lead_changes_hist"]) == n and sum(m["margin_hist"]) == n
    assert len(m["leader_wins_games"]) == rules.rounds - 1
    assert all(0.8 * n <= g <= n for g in m["leader_wins_games"])   # ties for the lead: rare
    # the lead means more the later it is taken, and more than the fair quarter from the start
    curve = m["leader_wins_curve"]
    assert curve == sorted(curve) and curve[0] > m["fair_rate"]
    # rounds - 1 checkpoints and the final scores: at most rounds - 1 lead changes
    assert max(i for i, c in enumerate(m["lead_changes_hist"]) if c) <= rules.rounds - 1
