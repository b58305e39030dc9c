"""Per-game random streams: splitmix64 seeding into an inline xoshiro256** generator.

Game ``g`` of a run with seed ``s`` draws every random number from its own stream, whose state is
derived from ``(s, g)`` alone. Hence any game of any run can be replayed alone, results do not
depend on the number of jobs, the batch size or the backend, and rule variants compared under one
seed see the same dice for as long as their games take the same decisions.

The state is a ``uint64[4]`` array owned by the caller; every function here is a numba kernel that
is also callable from plain Python (the reference engines call them so that both engines consume
exactly the same stream).
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import rule

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_GAME_MUL = np.uint64(0xD1B54A32D192ED03)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S17 = np.uint64(17)
_S45 = np.uint64(45)
_S7 = np.uint64(7)
_S64M7 = np.uint64(57)
_S64M45 = np.uint64(19)
_S11 = np.uint64(11)
_FIVE = np.uint64(5)
_NINE = np.uint64(9)
_INV53 = 1.0 / 9007199254740992.0  # 2**-53


@rule
def splitmix64(x):
    """One splitmix64 output for input ``x`` (a pure mixing function of a uint64)."""
    z = np.uint64(x) + _GOLDEN
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@rule
def seed_stream(seed, game, state):
    """Fill ``state`` (uint64[4]) with the xoshiro256** state of game ``game`` under ``seed``."""
    x = splitmix64(np.uint64(seed)) ^ (np.uint64(game) * _GAME_MUL)
    for i in range(4):
        x = splitmix64(x)
        state[i] = x
    if state[0] == 0 and state[1] == 0 and state[2] == 0 and state[3] == 0:
        state[0] = _GOLDEN  # the all-zero state is the one fixed point of xoshiro


@rule
def next_u64(state):
    """Advance the stream and return the next xoshiro256** output (uint64)."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    x = s1 * _FIVE
    result = ((x << _S7) | (x >> _S64M7)) * _NINE
    t = s1 << _S17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << _S45) | (s3 >> _S64M45)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@rule
def uniform(state):
    """A float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(state) >> _S11) * _INV53


@rule
def randint(state, n):
    """An integer in ``[0, n)``; ``n`` >= 1 (bias below 2**-50 for any n used by a game)."""
    return np.int64(uniform(state) * n)


@rule
def d6(state):
    """A six-sided die: an integer 1..6."""
    return np.int64(uniform(state) * 6.0) + 1


def new_stream(seed: int, game: int) -> np.ndarray:
    """Return a fresh stream state for game ``game`` of seed ``seed`` (plain-Python helper)."""
    if seed < 0 or game < 0:
        raise ValueError("seed and game index must be non-negative integers")
    state = np.zeros(4, dtype=np.uint64)
    seed_stream(np.uint64(seed % 2**64), np.uint64(game % 2**64), state)
    return state
