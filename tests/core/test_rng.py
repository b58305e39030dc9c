"""Tests for simlab.core.rng against an independent pure-Python splitmix64 / xoshiro256**."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from simlab.core import rng

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
GAME_MUL = 0xD1B54A32D192ED03


# ----------------------------------------------------------------- pure-Python reference
def py_splitmix64(x: int) -> int:
    """Vigna's splitmix64 output for state ``x`` (the state is advanced by GOLDEN first)."""
    z = (x + GOLDEN) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class PyXoshiro256ss:
    """xoshiro256** (Blackman & Vigna) on Python ints masked to 64 bits."""

    def __init__(self, state):
        self.s = [int(v) & MASK for v in state]

    def next(self) -> int:
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def uniform(self) -> float:
        return float(self.next() >> 11) * (1.0 / 2.0**53)

    def randint(self, n: int) -> int:
        return int(self.uniform() * n)

    def d6(self) -> int:
        return int(self.uniform() * 6.0) + 1


def py_stream_state(seed: int, game: int) -> list[int]:
    """The documented derivation: splitmix64(seed) ^ game * GAME_MUL, then four splitmix steps."""
    x = py_splitmix64(seed & MASK) ^ ((game * GAME_MUL) & MASK)
    state = []
    for _ in range(4):
        x = py_splitmix64(x)
        state.append(x)
    if not any(state):
        state[0] = GOLDEN
    return state


PAIRS = [(0, 0), (0, 1), (1, 0), (12345, 678), (2**63 - 1, 2**40 + 3), (987654321, 0)]


# ----------------------------------------------------------------- the reference itself
def test_reference_splitmix64_known_vector():
    # published splitmix64 outputs for generator state 0: mix(GOLDEN), mix(2 * GOLDEN), ...
    assert py_splitmix64(0) == 0xE220A8397B1DCDAF
    assert py_splitmix64(GOLDEN) == 0x6E789E6AA1B965F4
    assert py_splitmix64(2 * GOLDEN & MASK) == 0x06C45D188009454F


def test_reference_xoshiro_known_vector():
    g = PyXoshiro256ss([1, 2, 3, 4])
    assert [g.next() for _ in range(6)] == [11520, 0, 1509978240, 1215971899390074240,
                                             1216172134540287360, 607988272756665600]


# ----------------------------------------------------------------- simlab.core.rng
def test_splitmix64_matches_reference():
    for x in [0, 1, GOLDEN, MASK, 2**63, 123456789]:
        assert int(rng.splitmix64(np.uint64(x))) == py_splitmix64(x)


def test_next_u64_known_vector():
    state = np.array([1, 2, 3, 4], dtype=np.uint64)
    assert int(rng.next_u64(state)) == 11520
    assert int(rng.next_u64(state)) == 0
    assert int(rng.next_u64(state)) == 1509978240


@pytest.mark.parametrize("seed,game", PAIRS)
def test_seed_stream_matches_reference(seed, game):
    state = np.zeros(4, dtype=np.uint64)
    rng.seed_stream(np.uint64(seed), np.uint64(game), state)
    assert [int(v) for v in state] == py_stream_state(seed, game)
    assert [int(v) for v in rng.new_stream(seed, game)] == py_stream_state(seed, game)


@pytest.mark.parametrize("seed,game", PAIRS)
def test_next_u64_sequence_matches_reference(seed, game):
    state = rng.new_stream(seed, game)
    ref = PyXoshiro256ss(py_stream_state(seed, game))
    got = [int(rng.next_u64(state)) for _ in range(200)]
    assert got == [ref.next() for _ in range(200)]
    # the caller's state array is the stream: it ends where the reference ends
    assert [int(v) for v in state] == ref.s


@pytest.mark.parametrize("seed,game", PAIRS)
def test_uniform_randint_d6_match_reference(seed, game):
    state = rng.new_stream(seed, game)
    ref = PyXoshiro256ss(py_stream_state(seed, game))
    for i in range(300):
        kind = i % 3
        if kind == 0:
            got, want = float(rng.uniform(state)), ref.uniform()
        elif kind == 1:
            n = 1 + i % 17
            got, want = int(rng.randint(state, n)), ref.randint(n)
        else:
            got, want = int(rng.d6(state)), ref.d6()
        assert got == want, f"draw {i} of ({seed}, {game})"


def test_different_seed_or_game_gives_different_streams():
    firsts = {}
    for seed in range(5):
        for game in range(5):
            s = rng.new_stream(seed, game)
            firsts[(seed, game)] = tuple(int(rng.next_u64(s)) for _ in range(4))
    assert len(set(firsts.values())) == len(firsts)
    # and the same pair gives the same stream again
    s = rng.new_stream(3, 4)
    assert tuple(int(rng.next_u64(s)) for _ in range(4)) == firsts[(3, 4)]


def test_seed_and_game_are_not_interchangeable():
    a, b = rng.new_stream(1, 2), rng.new_stream(2, 1)
    assert not np.array_equal(a, b)


def test_d6_values_and_frequencies():
    state = rng.new_stream(2024, 7)
    n = 600_000
    draws = np.fromiter((rng.d6(state) for _ in range(n)), dtype=np.int64, count=n)
    assert draws.min() == 1 and draws.max() == 6
    counts = np.bincount(draws, minlength=7)[1:]
    assert counts.sum() == n
    p = stats.chisquare(counts, np.full(6, n / 6)).pvalue
    assert p > 1e-6, f"d6 counts {counts.tolist()} fail the chi-square test (p = {p:.3g})"


def test_uniform_in_unit_interval():
    state = rng.new_stream(5, 5)
    u = np.array([rng.uniform(state) for _ in range(20_000)])
    assert u.min() >= 0.0 and u.max() < 1.0
    assert abs(u.mean() - 0.5) < 0.02


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 1000])
def test_randint_in_range(n):
    state = rng.new_stream(11, n)
    vals = np.array([rng.randint(state, n) for _ in range(5000)])
    assert vals.min() >= 0 and vals.max() < n
    if n <= 10:
        assert set(vals.tolist()) == set(range(n))  # every value is reachable


@pytest.mark.parametrize("seed,game", [(-1, 0), (0, -1), (-5, -5)])
def test_new_stream_rejects_negative(seed, game):
    with pytest.raises(ValueError):
        rng.new_stream(seed, game)


def test_new_stream_state_is_nonzero_uint64():
    s = rng.new_stream(0, 0)
    assert s.dtype == np.uint64 and s.shape == (4,)
    assert s.any()
