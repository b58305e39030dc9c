"""Game-shape measures on games with known score paths, computed by hand."""

from __future__ import annotations

import numpy as np

from simlab.core import shape


def _agg(games):
    agg = shape.new_shape_agg()
    for cp, final in games:
        cp = np.asarray(cp, np.int64)
        final = np.asarray(final, np.int64)
        winners = (final == final.max()).astype(np.int64)
        shape.record_shape(cp, cp.shape[0], final, winners, final.size, agg["counters"],
                           agg["lead_hist"], agg["margin_hist"], agg["leader_wins"])
    return agg


# three players; checkpoints after rounds 1..4, then the final scores
WIRE = ([[5, 1, 0], [6, 4, 2], [7, 8, 3], [9, 9, 4]], [10, 12, 11])   # A leads, B, tie, B wins
RUN = ([[3, 1, 2], [5, 2, 4], [8, 3, 5], [9, 4, 6]], [15, 5, 7])      # A leads throughout
COMEBACK = ([[0, 2, 1], [1, 4, 3], [2, 5, 6], [3, 6, 7]], [12, 8, 8])  # A last at halfway wins


def test_one_game_at_a_time():
    a = shape.shape_metrics(_agg([WIRE]), 3)
    # leaders: A, A, B, (tie), final B: one change
    assert a["lead_changes_per_game"] == 1.0 and a["lead_changes_hist"][1] == 1
    assert a["snowball_rate"] == 0.0          # A led after round 1 and lost
    assert a["drama_share"] == 1.0            # no leader before the end (9, 9, 4)
    assert a["margin_hist"][1] == 1 and a["margin_mean"] == 1.0   # 12 vs 11
    assert a["comeback_rate"] == 0.0          # C last at halfway (index 2: 7, 8, 3), lost
    assert a["leader_wins_curve"] == [0.0, 0.0, 1.0]   # round 4 has no leader
    assert a["leader_wins_games"] == [1, 1, 1]

    b = shape.shape_metrics(_agg([RUN]), 3)
    assert b["lead_changes_per_game"] == 0.0 and b["snowball_rate"] == 1.0
    assert b["drama_share"] == 0.0 and b["margin_mean"] == 8.0
    assert b["leader_wins_curve"] == [1.0, 1.0, 1.0, 1.0]

    c = shape.shape_metrics(_agg([COMEBACK]), 3)
    # leaders: B, B, C, C, final A: two changes; A last at halfway (2, 5, 6) and wins
    assert c["lead_changes_per_game"] == 2.0 and c["comeback_rate"] == 1.0
    assert c["snowball_rate"] == 0.0 and c["drama_share"] == 1.0 and c["margin_mean"] == 4.0


def test_the_games_add_up():
    m = shape.shape_metrics(_agg([WIRE, RUN, COMEBACK]), 3)
    assert m["games"] == 3 and m["fair_rate"] == 1 / 3
    assert m["lead_changes_per_game"] == 1.0              # (1 + 0 + 2) / 3
    assert m["snowball_rate"] == 1 / 3 and m["drama_share"] == 2 / 3
    assert m["comeback_rate"] == 1 / 3 and m["margin_mean"] == (1 + 8 + 4) / 3
    assert m["leader_wins_curve"][0] == 1 / 3 and m["leader_wins_games"] == [3, 3, 3, 2]


def test_a_shared_win_and_ties_at_the_top():
    # a tie at the top of the final scores: margin 0, both winners count
    tie = ([[2, 1], [3, 3]], [5, 5])
    m = shape.shape_metrics(_agg([tie]), 2)
    assert m["margin_hist"][0] == 1 and m["snowball_rate"] == 1.0
    assert m["lead_changes_per_game"] == 0.0 and m["drama_share"] == 1.0
    assert shape.top_alone(np.array([4, 4, 1]), 3) == -1
    assert shape.last_alone(np.array([4, 1, 1]), 3) == -1
    assert shape.last_alone(np.array([4, 0, 1]), 3) == 1


def test_margins_above_the_histogram_keep_their_mean():
    """A margin of 100 lands in the histogram's last bin, but the mean is of the margins."""
    big = ([[50, 10, 0]], [150, 50, 40])          # margin 100
    small = ([[1, 2, 0]], [5, 8, 7])              # margin 1
    m = shape.shape_metrics(_agg([big, small]), 3)
    assert m["margin_hist"][shape.MARGIN_BINS - 1] == 1 and m["margin_hist"][1] == 1
    assert m["margin_mean"] == (100 + 1) / 2
