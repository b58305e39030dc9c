"""Jungle Rumble's game-shape measures (simlab.core.shape; checkpoints: the running scores after
each round before the last, then the final scores). The kernel and the reference engine agree
on them game for game through the conformance harness (every aggregate is compared); here:
they are reported, add up, and the running score is the final scoring's formula."""

from __future__ import annotations

import numpy as np

from simlab.games.jungle import family, nb, turn
from simlab.games.jungle.game import GAME
from simlab.games.jungle.state import new_state


def test_game_shape_is_reported_and_adds_up():
    n = 400
    rules = GAME.make_rules(3)
    lineup = GAME.lineup(["greedy", "farmer", "random"], 3)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 4, 0, n, False)
    m = GAME.metrics(agg, n, rules, lineup)["game_shape"]
    assert m["games"] == n and sum(m["lead_changes_hist"]) == n and sum(m["margin_hist"]) == n
    assert m["checkpoint"] == "round" and m["fair_rate"] == 1 / 3
    rounds = np.asarray(agg["length_hist"])
    # a checkpoint after every round but the last: as many games reach checkpoint i as last
    # more than i + 1 rounds, less the games without a leader there
    longer = [int(rounds[i + 2:].sum()) for i in range(len(m["leader_wins_games"]))]
    assert all(g <= lo for g, lo in zip(m["leader_wins_games"], longer, strict=True))
    assert m["leader_wins_games"][0] >= 0.8 * longer[0]   # ties for the lead are rare
    assert 0 <= m["drama_share"] <= 1 and m["margin_mean"] > 0
    assert m["comeback_rate"] is not None and m["comeback_rate"] < m["fair_rate"]


def test_running_score_equals_final_scoring_on_the_same_position():
    """The running score of a position is what final scoring gives on it (its formula,
    awake kittens' food included; final scoring then changes the food, the running score
    nothing)."""
    prep = GAME.prepare(GAME.make_rules(3), GAME.lineup("greedy", 3))
    A = prep.arrays
    st = new_state(3, A.n_cells, A.n_edges)
    st.food[:] = (7, 0, 12)
    st.awake[:] = (2, 1, 0)
    st.gold[:] = (3, 0, 5)
    st.penal[:] = (1, 0, 2)
    st.score_base[:] = [family.base_points(A, st, q) for q in range(3)]  # kept in a game
    before = [int(nb.running_score(A, st, q)) for q in range(3)]
    assert list(st.food) == [7, 0, 12]        # unchanged
    turn.final_scoring(A, st)
    assert before == [int(x) for x in st.scores]
