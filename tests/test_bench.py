"""The bench's timing helpers (the figures themselves come from ``simlab bench``, never
asserted as times in a test)."""

from __future__ import annotations

import time


class _SlowFirstCall:
    """A game whose first ``run_batch`` takes half a second (a kernel's load from the disk
    cache and the lazy link of its bots' code), whose games then cost a millisecond a call
    and, in the window ``slow_call``, 50 ms (a neighbour's burst on the machine)."""

    def __init__(self, slow_call=None):
        self.calls = []
        self.slow_call = slow_call

    def run_batch(self, prepared, seed, start, n, keep):
        self.calls.append((start, n))
        k = len(self.calls)
        time.sleep(0.5 if k == 1 else 0.05 if k == self.slow_call else 0.001)
        return {}, None


def test_kernel_rate_leaves_out_the_first_call():
    """One game is played untimed first; the rate is that of the timed games. Counted, the
    load made the rate about 256 / 0.5 s = 512 games/s here (Jelly's 4 greedy read 4,365
    games/s in a quick bench where the kernel plays 7,000)."""
    from simlab.bench import _kernel_rate

    g = _SlowFirstCall()
    rate, n = _kernel_rate(g, None, 0.05)
    assert g.calls[0] == (0, 1)
    assert rate > 20 * 512, rate


def test_kernel_rate_is_the_best_of_three_windows_of_the_same_games():
    """As the yardstick measures itself: the last three calls play the same games, and a
    window slowed by the machine does not lower the rate."""
    from simlab.bench import _kernel_rate

    g = _SlowFirstCall()
    plain, _ = _kernel_rate(g, None, 0.05)
    k = len(g.calls)
    assert g.calls[-1] == g.calls[-2] == g.calls[-3]
    slowed = _SlowFirstCall(slow_call=k - 1)  # the second of the three windows, 50x slower
    rate, n = _kernel_rate(slowed, None, 0.05)
    assert n == g.calls[-1][1]
    # the best window: about the plain rate (all games over all time would be 3 / 52 of it)
    assert rate > 0.75 * plain, (rate, plain)
