"""Game-shape measures (what designers ask beyond "who wins"), shared by every game's kernel.

A kernel that records the running scores at its checkpoints (after each round, or each tenth
of the game for a game without rounds) calls :func:`record_shape` once per game with the
checkpoint scores and the final scores; the aggregates stay a few integer arrays whatever the
number of games (memory flat, no per-game rows). :func:`shape_metrics` turns them into the
documented measures. Definitions (``K`` checkpoints before the end, then the final scores):

* **leader** at a checkpoint: the player with the highest score there, if alone (a tie for
  the top has no leader);
* **lead changes** per game: how often the leader differs from the previous leader, over the
  checkpoints and then the final scores (checkpoints without a leader are skipped: a tie
  neither starts nor ends a lead);
* **comeback rate**: of the games with one player alone in last place at the halfway
  checkpoint (index ``K // 2``), the share that player wins (a shared win counts);
* **snowball**: of the games with a leader after the first checkpoint, the share the leader
  wins, against the ``1 / players`` a game where the early lead means nothing would give;
* **decisiveness**: the final margin between the best and the second-best score (0 for a tie
  at the top), as a distribution (the histogram's last bin holds every margin from
  ``MARGIN_BINS - 1`` up; the mean is of the margins themselves);
* **drama**: the share of games whose winner (every winner, for a shared win) was not the
  leader at the last checkpoint before the end;
* **leader-wins curve**: for each checkpoint, of the games with a leader there, the share the
  leader wins; the fair line is ``1 / players``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import rule

#: at most this many checkpoints per game (more are not recorded)
MAX_CHECKPOINTS = 32
#: margins 0 .. MARGIN_BINS - 2 and one bin for everything above
MARGIN_BINS = 64
#: lead changes 0 .. LEAD_BINS - 2 and one bin for more
LEAD_BINS = 16
#: ``counters`` entries
(S_GAMES, S_LEAD_CHANGES, S_COMEBACK_WINS, S_COMEBACK_GAMES, S_SNOWBALL_WINS,
 S_SNOWBALL_GAMES, S_DRAMA, S_MARGIN_SUM) = range(8)
N_SHAPE_COUNTERS = 8


def new_shape_agg() -> dict:
    """Zeroed aggregates: ``counters`` (N_SHAPE_COUNTERS,), ``lead_hist`` (LEAD_BINS,),
    ``margin_hist`` (MARGIN_BINS,), ``leader_wins`` (MAX_CHECKPOINTS, 2): wins, games."""
    return {"counters": np.zeros(N_SHAPE_COUNTERS, np.int64),
            "lead_hist": np.zeros(LEAD_BINS, np.int64),
            "margin_hist": np.zeros(MARGIN_BINS, np.int64),
            "leader_wins": np.zeros((MAX_CHECKPOINTS, 2), np.int64)}


@rule
def _alone(scores, players, sign):
    """The seat with the highest (sign 1) or lowest (sign -1) score if alone there, else -1."""
    best = -1
    alone = False
    for s in range(players):
        if best < 0 or sign * scores[s] > sign * scores[best]:
            best = s
            alone = True
        elif scores[s] == scores[best]:
            alone = False
    return best if alone else -1


@rule
def top_alone(scores, players):
    """The seat with the highest score if alone at the top, else -1."""
    return _alone(scores, players, 1)


@rule
def last_alone(scores, players):
    """The seat with the lowest score if alone at the bottom, else -1."""
    return _alone(scores, players, -1)


@rule
def record_shape(cp, k, final, winners, players, counters, lead_hist, margin_hist,
                 leader_wins):
    """Add one game to the shape aggregates: running scores ``cp[0:k, 0:players]`` at its k
    checkpoints, ``final`` scores, ``winners`` (true or 1 per winning seat)."""
    k = min(k, MAX_CHECKPOINTS)
    counters[S_GAMES] += 1
    prev = -1
    changes = 0
    for i in range(k + 1):
        lead = top_alone(cp[i], players) if i < k else top_alone(final, players)
        if lead >= 0:
            if prev >= 0 and lead != prev:
                changes += 1
            prev = lead
        if i < k and lead >= 0:
            leader_wins[i, 1] += 1
            if winners[lead]:
                leader_wins[i, 0] += 1
    counters[S_LEAD_CHANGES] += changes
    lead_hist[min(changes, LEAD_BINS - 1)] += 1
    if k > 0:
        low = last_alone(cp[k // 2], players)
        if low >= 0:
            counters[S_COMEBACK_GAMES] += 1
            if winners[low]:
                counters[S_COMEBACK_WINS] += 1
        first = top_alone(cp[0], players)
        if first >= 0:
            counters[S_SNOWBALL_GAMES] += 1
            if winners[first]:
                counters[S_SNOWBALL_WINS] += 1
        last = top_alone(cp[k - 1], players)
        if last < 0 or not winners[last]:
            counters[S_DRAMA] += 1
    b1 = -(1 << 62)
    b2 = -(1 << 62)
    for s in range(players):
        v = final[s]
        if v > b1:
            b2 = b1
            b1 = v
        elif v > b2:
            b2 = v
    margin = max(b1 - b2, 0) if players > 1 else 0
    counters[S_MARGIN_SUM] += margin
    margin_hist[min(margin, MARGIN_BINS - 1)] += 1


def shape_metrics(agg: dict, players: int, checkpoint: str = "round") -> dict:
    """The documented measures (module docstring) from the aggregates, JSON-able."""
    c = np.asarray(agg["counters"])
    n = max(int(c[S_GAMES]), 1)
    lw = np.asarray(agg["leader_wins"])
    k = int(np.flatnonzero(lw[:, 1]).max()) + 1 if lw[:, 1].any() else 0
    mh = np.asarray(agg["margin_hist"])

    def share(a, b):
        return float(a) / float(b) if b else None

    return {
        "checkpoint": checkpoint,
        "games": int(c[S_GAMES]),
        "lead_changes_per_game": float(c[S_LEAD_CHANGES]) / n,
        "lead_changes_hist": [int(v) for v in agg["lead_hist"]],
        "comeback_rate": share(c[S_COMEBACK_WINS], c[S_COMEBACK_GAMES]),
        "snowball_rate": share(c[S_SNOWBALL_WINS], c[S_SNOWBALL_GAMES]),
        "fair_rate": 1.0 / players,
        "drama_share": float(c[S_DRAMA]) / n,
        "margin_mean": float(c[S_MARGIN_SUM]) / n,
        "margin_hist": [int(v) for v in mh],
        "leader_wins_curve": [share(lw[i, 0], lw[i, 1]) for i in range(k)],
        "leader_wins_games": [int(lw[i, 1]) for i in range(k)],
    }
