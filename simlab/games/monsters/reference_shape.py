"""Monsters on Board's game shape for the reference engines: the running scores of
:mod:`simlab.games.monsters.shape`, computed independently from the reference engines' own
objects with ``reference_scoring`` (plain Python; no kernel imports this module, so it stays out of
the kernels' source key)."""

from __future__ import annotations

import numpy as np

from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.monsters import reference_scoring
from simlab.games.monsters.rules import MODE_SOLO2, PROPHECY_PLUS_ONE, SPOOKED_COUNT
from simlab.games.monsters.state import COLS, ROWS


# ------------------------------------------------------------------------------ reference twins
def _grid(rows):
    """A reference Order (three lists of ``[colour, rank]``) as padded colour / rank grids."""
    oc = [[d[0] for d in row] + [-1] * (COLS - len(row)) for row in rows]
    orank = [[d[1] for d in row] + [0] * (COLS - len(row)) for row in rows]
    return oc, orank


def reference_running_scores(g) -> list[int]:
    """The running scores of reference game ``g`` (``reference.ReferenceGame``) from its own
    objects with ``reference_scoring``: each player's, then (solo 2) Spider Jack's."""
    A = g.A
    out = []
    prophecy = 0
    for pl in g.players:
        oc, orank = _grid(pl.rows)
        gr, prophecy, ar = reference_scoring.final_score(
            g.cards, A.space_area, A.area_public, oc, orank, pl.sj,
            [x.colour for x in pl.grunts], [x.pos for x in pl.grunts],
            [pl.ghosts.get(s, -1) for s in range(g.S)], pl.minions, pl.prophecy, pl.arch,
            len(pl.arch), SPOOKED_COUNT[int(A.cards.spooked_spaces)])
        out.append(pl.juice + gr + prophecy + ar)
    if g.mode == MODE_SOLO2:
        sj = g.sj_score
        if A.prophecy_bonus == 1:
            pl = g.players[0]
            oc, orank = _grid(pl.rows)
            sj += reference_scoring.sj_prophecy_bonus(g.cards,
                                                PROPHECY_PLUS_ONE[int(A.prophecy_plus_one)],
                                                pl.prophecy, prophecy, oc, orank, pl.sj)
        out.append(sj)
    return out


def reference_family_running_scores(g) -> list[int]:
    """The running scores of a family reference game (``reference_family``): Spook Juice +
    the Prophecy card on the current grid (``reference_scoring``, every die counting)."""
    out = []
    for p in range(g.P):
        oc, orank = _grid(g.order[p])
        out.append(g.juice[p] + int(reference_scoring.prophecy_score(g.cards, g.prophecy[p], oc,
                                                               orank, [COLS] * ROWS)))
    return out


def reference_record(agg, checkpoints, scores, winners):
    """A reference game's checkpoints (score lists, one per checkpoint) and final scores and
    winners (each line's, solo 2: the player's and Spider Jack's) into ``agg``'s shape
    aggregates (``record_shape``)."""
    n = len(scores)
    cp = np.zeros((MAX_CHECKPOINTS, n), np.int64)
    for i, row in enumerate(checkpoints[:MAX_CHECKPOINTS]):
        cp[i] = row
    record_shape(cp, len(checkpoints), np.asarray(scores, np.int64),
                 np.asarray([int(w) for w in winners], np.int64), n, agg.shape_counters,
                 agg.lead_hist, agg.margin_hist, agg.leader_wins)
