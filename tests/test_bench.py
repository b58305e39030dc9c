"""The bench's timing helpers (the figures themselves come from ``simlab bench``, never
asserted as times in a test)."""

from __future__ import annotations

import time


class _SlowFirstCall:
    """A game whose first ``run_batch`` takes half a second (a kernel's load from the disk
    cache and the lazy link of its bots' code), and whose later games are all but free."""

    def __init__(self):
        self.calls = []

    def run_batch(self, prepared, seed, start, n, keep):
        self.calls.append((start, n))
        time.sleep(0.5 if len(self.calls) == 1 else 0.001)
        return {}, None


def test_kernel_rate_leaves_out_the_first_call():
    """One game is played untimed first; the rate is that of the timed games. Counted, the
    load made the rate about 256 / 0.5 s = 512 games/s here (Jelly's 4 greedy read 4,365
    games/s in a quick bench where the kernel plays 7,000)."""
    from simlab.bench import _kernel_rate

    g = _SlowFirstCall()
    rate, n = _kernel_rate(g, None, 0.05)
    assert g.calls[0] == (0, 1)
    assert sum(c for _, c in g.calls[1:]) == n
    assert rate > 20 * 512, rate
