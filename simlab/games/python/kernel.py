"""A plain-Python game's numba kernel: the arrays it fills and the helper that records a game.

When a game's plain-Python loop is too slow, its designer moves the loop into a kernel written
with :func:`simlab.core.jit.rule` and :func:`simlab.core.jit.batch` (docs/your-own-game.md, "A
path to speed"; ``examples/games/pig/kernel.py`` is the worked example) and declares it on the
game class (``kernel = PigKernel()``). A :class:`Kernel` names the bots it plays (their ids are
their positions in ``bots``), turns the rules into numbers (:meth:`Kernel.arrays`) and plays a
batch (:meth:`Kernel.run`); at the end of each game the kernel calls :func:`record_game`, which
adds the game to the aggregates (:class:`KernelAgg`) and writes its row (:class:`KernelRows`),
exactly as the plain-Python engine does. The conformance harness then checks the kernel against
the plain-Python game, game for game.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.jit import rule
from simlab.core.shape import (
    LEAD_BINS,
    MARGIN_BINS,
    MAX_CHECKPOINTS,
    N_SHAPE_COUNTERS,
    record_shape,
)

#: bins of the game-length histogram (the last holds every longer game)
LENGTH_BINS = 512

__all__ = ["MAX_CHECKPOINTS", "LENGTH_BINS", "KernelAgg", "KernelRows", "Kernel", "new_agg",
           "new_rows", "record_game", "top_winners"]


class KernelAgg(NamedTuple):
    """The aggregates of a batch (all int64): ``wins`` (P, P+1): games won by seat and number
    of winners; ``score_sum``, ``score_sumsq`` (P,); ``score_hist`` (P, bins); ``src``
    (P, sources); ``choice`` (P, kinds); ``ends`` (ways to end); ``length`` (2,): sum and sum of
    squares; ``length_hist`` (LENGTH_BINS,); ``counters`` (counters,); ``seat_counters`` (P,
    seat counters); and the game-shape aggregates of :mod:`simlab.core.shape`."""

    wins: np.ndarray
    score_sum: np.ndarray
    score_sumsq: np.ndarray
    score_hist: np.ndarray
    src: np.ndarray
    choice: np.ndarray
    ends: np.ndarray
    length: np.ndarray
    length_hist: np.ndarray
    counters: np.ndarray
    seat_counters: np.ndarray
    shape_counters: np.ndarray
    lead_hist: np.ndarray
    margin_hist: np.ndarray
    leader_wins: np.ndarray


class KernelRows(NamedTuple):
    """One row per game of a batch (first axis 0 when rows are not kept): ``score`` (n, P),
    ``winner`` (n, P) bool, ``length``, ``end`` (n,), ``source`` (n, P, sources), ``choice``
    (n, P, kinds)."""

    score: np.ndarray
    winner: np.ndarray
    length: np.ndarray
    end: np.ndarray
    source: np.ndarray
    choice: np.ndarray


def new_agg(players: int, n_src: int, n_choice: int, n_end: int, n_counters: int,
            n_seat: int, score_bins: int) -> KernelAgg:
    """Zeroed aggregates (counter arrays at least one wide)."""
    p, i8 = players, np.int64
    return KernelAgg(np.zeros((p, p + 1), i8), np.zeros(p, i8), np.zeros(p, i8),
                     np.zeros((p, score_bins), i8), np.zeros((p, n_src), i8),
                     np.zeros((p, n_choice), i8), np.zeros(n_end, i8), np.zeros(2, i8),
                     np.zeros(LENGTH_BINS, i8), np.zeros(max(n_counters, 1), i8),
                     np.zeros((p, max(n_seat, 1)), i8), np.zeros(N_SHAPE_COUNTERS, i8),
                     np.zeros(LEAD_BINS, i8), np.zeros(MARGIN_BINS, i8),
                     np.zeros((MAX_CHECKPOINTS, 2), i8))


def new_rows(count: int, players: int, n_src: int, n_choice: int, keep: bool) -> KernelRows:
    """Per-game rows (``count`` of them, or none)."""
    n, p, i8 = (count if keep else 0), players, np.int64
    return KernelRows(np.zeros((n, p), i8), np.zeros((n, p), np.bool_), np.zeros(n, i8),
                      np.zeros(n, i8), np.zeros((n, p, n_src), i8), np.zeros((n, p, n_choice), i8))


@rule
def top_winners(scores, winners):
    """Every seat with the top score wins (the protocol's default ``winners``)."""
    top = scores[0]
    for s in range(scores.shape[0]):
        if scores[s] > top:
            top = scores[s]
    for s in range(scores.shape[0]):
        winners[s] = scores[s] == top


@rule
def record_game(agg, rows, i, scores, winners, src, choice, end, length, counters,
                seat_counters, cp, k):
    """Add one finished game to ``agg`` and write row ``i`` of ``rows`` (when kept): final
    ``scores`` and ``winners`` (P,), points by source ``src`` and moves by kind ``choice``
    (P, n), the index of its ``end``, its ``length``, its ``counters`` and ``seat_counters``,
    and the running scores ``cp[0:k]`` at its checkpoints."""
    p = scores.shape[0]
    n_win = 0
    for s in range(p):
        if winners[s]:
            n_win += 1
    bins = agg.score_hist.shape[1]
    for s in range(p):
        x = scores[s]
        if winners[s]:
            agg.wins[s, n_win] += 1
        agg.score_sum[s] += x
        agg.score_sumsq[s] += x * x
        agg.score_hist[s, min(max(x, 0), bins - 1)] += 1
        for j in range(agg.src.shape[1]):
            agg.src[s, j] += src[s, j]
        for j in range(agg.choice.shape[1]):
            agg.choice[s, j] += choice[s, j]
        for j in range(agg.seat_counters.shape[1]):
            agg.seat_counters[s, j] += seat_counters[s, j]
    agg.ends[end] += 1
    agg.length[0] += length
    agg.length[1] += length * length
    agg.length_hist[min(length, agg.length_hist.shape[0] - 1)] += 1
    for j in range(agg.counters.shape[0]):
        agg.counters[j] += counters[j]
    record_shape(cp, k, scores, winners, p, agg.shape_counters, agg.lead_hist, agg.margin_hist,
                 agg.leader_wins)
    if rows.score.shape[0] > 0:
        rows.length[i] = length
        rows.end[i] = end
        for s in range(p):
            rows.score[i, s] = scores[s]
            rows.winner[i, s] = winners[s]
            for j in range(rows.source.shape[2]):
                rows.source[i, s, j] = src[s, j]
            for j in range(rows.choice.shape[2]):
                rows.choice[i, s, j] = choice[s, j]


class Kernel:
    """A game's numba kernel (subclass it; declare an instance as the game's ``kernel``).

    Attributes
    ----------
    bots : tuple of str
        The bots the kernel plays, by name (free bots such as ``random`` included): a line-up
        of only these runs in the kernel, any other in plain Python. A bot's id in the kernel
        is its position here; its parameters come in the order it declares them.
    compile_seconds : float
        About how long the kernel takes to compile on a cold cache (said in the notice).
    """

    bots: tuple[str, ...] = ()
    compile_seconds = 10.0

    def arrays(self, rules):
        """The rules as the kernel reads them: a NamedTuple of numbers and numpy arrays."""
        raise NotImplementedError

    def run(self, arrays, ids, params, seed: int, start: int, count: int, agg: KernelAgg,
            rows: KernelRows) -> None:
        """Play games ``[start, start + count)`` of seed ``seed`` (game ``g`` on the stream
        ``seed_stream(seed, g, state)``), calling :func:`record_game` for game ``start + i``
        with row ``i``. ``ids`` (P,) int64 are the seats' bots, ``params`` (P, width) float64
        their parameters."""
        raise NotImplementedError
