"""Pig as a numba kernel: the game loop of ``game.py`` with its ``hold`` and ``random`` bots,
compiled with simlab's decorators (docs/your-own-game.md, "A path to speed").

The loop is ``game.py``'s, statement for statement, on arrays: the same stream
(``seed_stream(seed, g, rng)``, one ``uniform`` per die roll and per random choice, none for
the forced first roll of a turn), the same moves in the same order (0 roll, 1 hold), the same
counters, and :func:`simlab.games.python.kernel.record_game` at the end of each game, which adds
it to the aggregates exactly as the plain-Python engine does. The conformance harness checks
kernel and plain Python game for game; ``simlab bench pig`` measures both.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.jit import batch, rule
from simlab.core.rng import seed_stream, uniform
from simlab.games.python.kernel import MAX_CHECKPOINTS, Kernel, record_game, top_winners

ROLL, HOLD = 0, 1
#: bot ids: their positions in PigKernel.bots
HOLD_BOT, RANDOM_BOT = 0, 1
#: the game's max_moves (PythonGame's default), the modelling bound
MAX_MOVES = 100_000
BOUND_END = 1  # end index of "move bound" (after the game's one end, "goal")


class PigArrays(NamedTuple):
    """The rules as numbers."""

    players: int
    goal: int
    die: int
    finish_round: bool


@rule
def decide(ids, params, seat, turn, banked, goal, rng):
    """The seat's bot chooses between rolling and holding (both legal: turn > 0)."""
    if ids[seat] == HOLD_BOT:
        if turn >= params[seat, 0] or banked[seat] + turn >= goal:
            return HOLD
        return ROLL
    return np.int64(uniform(rng) * 2.0)  # random: moves[randint(2)]


@batch
def run_batch(A, ids, params, seed, start, count, agg, rows):
    """Games [start, start + count) of seed ``seed``."""
    p = A.players
    rng = np.zeros(4, np.uint64)
    banked = np.zeros(p, np.int64)
    winners = np.zeros(p, np.bool_)
    src = np.zeros((p, 1), np.int64)
    choice = np.zeros((p, 2), np.int64)
    counters = np.zeros(3, np.int64)        # rolls, holds, busts
    seat_counters = np.zeros((p, 3), np.int64)  # turns, busts, points lost
    cp = np.zeros((MAX_CHECKPOINTS, p), np.int64)  # the running scores at checkpoints
    for i in range(count):
        seed_stream(seed, start + i, rng)
        banked[:] = 0
        choice[:] = 0
        counters[:] = 0
        seat_counters[:] = 0
        seat = 0
        turn = 0
        turns = 0
        reached = -1
        k = 0
        n = 0
        end = 0
        while True:
            if reached >= 0 and (not A.finish_round or seat == 0):
                end = 0
                break
            if n >= MAX_MOVES:
                end = BOUND_END
                break
            move = ROLL if turn == 0 else decide(ids, params, seat, turn, banked, A.goal, rng)
            choice[seat, move] += 1
            n += 1
            ends_turn = False
            if move == ROLL:
                r = np.int64(uniform(rng) * A.die) + 1
                counters[0] += 1
                if r != 1:
                    turn += r
                else:
                    counters[2] += 1
                    seat_counters[seat, 1] += 1
                    seat_counters[seat, 2] += turn
                    ends_turn = True
            else:
                banked[seat] += turn
                counters[1] += 1
                if banked[seat] >= A.goal and reached < 0:
                    reached = seat
                ends_turn = True
            if ends_turn:
                turn = 0
                turns += 1
                seat_counters[seat, 0] += 1
                last = seat == p - 1
                seat = (seat + 1) % p
                if last and k < cp.shape[0]:  # the round is complete: a checkpoint
                    cp[k, :] = banked
                    k += 1
        for s in range(p):
            src[s, 0] = banked[s]
        top_winners(banked, winners)
        record_game(agg, rows, i, banked, winners, src, choice, end, turns, counters,
                    seat_counters, cp, k)
    return 0


class PigKernel(Kernel):
    """Pig's kernel: the ``hold`` and ``random`` bots."""

    bots = ("hold", "random")
    compile_seconds = 8.0

    def arrays(self, rules):
        return PigArrays(int(rules.players), int(rules.goal), int(rules.die),
                         bool(rules.finish_round))

    def run(self, arrays, ids, params, seed, start, count, agg, rows):
        run_batch(arrays, ids, params, np.uint64(seed), start, count, agg, rows)
