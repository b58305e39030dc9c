"""The random stream a plain-Python game draws from: game ``g`` of seed ``s`` has its own.

:class:`Stream` is :mod:`simlab.core.rng`'s xoshiro256** stream of ``(s, g)`` seen from plain
Python: the same numbers in the same order as a numba kernel calling ``uniform(state)`` on
``new_stream(s, g)``, so a game moved into a kernel later plays the same games. The numbers
are made 64 at a time by a small compiled function and handed out one by one (about 0.1 us
each instead of a microsecond per compiled call); the stream belongs to one game, so drawing
ahead changes nothing anyone sees.

Every draw is defined from ``uniform()`` (a float in [0, 1) with 53 random bits), exactly as
the kernels' helpers are: ``randint(n) = int(uniform() * n)``, ``die(k) = randint(k) + 1``;
``choice`` and ``shuffle`` are written out below so a kernel can repeat them.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch
from simlab.core.rng import new_stream, uniform

#: numbers drawn ahead per refill
CHUNK = 64


@batch
def _fill(state, out):
    """Draw ``len(out)`` uniforms from the stream ``state`` (in place), in order."""
    for i in range(out.shape[0]):
        out[i] = uniform(state)
    return 0


class Stream:
    """The random stream of one game (or of a bot's imagination, see :meth:`spawn`).

    Parameters
    ----------
    seed, game : int
        Game ``game`` of the run with seed ``seed``: the stream of ``simlab.core.rng``'s
        ``new_stream(seed, game)``.
    """

    __slots__ = ("_state", "_buf", "_draws")

    def __init__(self, seed: int, game: int):
        self._state = new_stream(int(seed), int(game))
        self._buf: list[float] = []
        self._draws = 0

    def random(self) -> float:
        """A float in [0, 1) (the kernels' ``uniform(state)``)."""
        buf = self._buf
        if not buf:
            out = np.empty(CHUNK, np.float64)
            _fill(self._state, out)
            buf.extend(out[::-1].tolist())  # pop() from the end hands them out in order
        self._draws += 1
        return buf.pop()

    def randint(self, n: int) -> int:
        """A whole number in ``[0, n)``; ``n >= 1`` (the kernels' ``randint(state, n)``)."""
        return int(self.random() * n)

    def die(self, sides: int = 6) -> int:
        """A die of ``sides`` faces: 1..sides (``d6(state)`` for six sides)."""
        return int(self.random() * sides) + 1

    def choice(self, seq):
        """One element of ``seq``, uniformly: ``seq[randint(len(seq))]``."""
        return seq[int(self.random() * len(seq))]

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates from the end: for ``i`` from ``n - 1`` down
        to 1, swap ``i`` with ``randint(i + 1)``)."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    @property
    def draws(self) -> int:
        """How many numbers have been handed out (a bot may check a move drew none)."""
        return self._draws

    def spawn(self) -> Stream:
        """A new, independent stream seeded from one draw of this one: what a bot imagines
        with (sampled outcomes, playouts) so its thinking never peeks at the game's own next
        numbers. Deterministic: the same game spawns the same streams."""
        child = Stream.__new__(Stream)
        child._state = new_stream(int(self.random() * 2.0 ** 53), 0)
        child._buf = []
        child._draws = 0
        return child

    def __repr__(self):
        return f"Stream(draws={self._draws})"
