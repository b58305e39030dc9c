"""Progress on long work: one decision of when to show it, one bar for every command.

:func:`progress_bar` is the only place that decides whether a bar is shown: asked for
explicitly (``enabled=True``), never (``False``), or by default when stderr is a terminal and
the work looks longer than a couple of seconds. On a terminal it is a ``tqdm`` bar; when stderr
is not a terminal (a log file, CI) it writes a plain line at each tenth of the work, at most
every few seconds, so logs do not fill with carriage returns.
"""

from __future__ import annotations

import sys
import time

#: work expected to take less than this many seconds shows no bar by default
QUIET_BELOW_S = 2.0
#: a log line (stderr not a terminal) at most this often
LOG_EVERY_S = 5.0


class _LogBar:
    """A progress 'bar' for logs: one line per tenth of the work, at most every few seconds."""

    def __init__(self, total, desc, unit):
        self.total, self.desc, self.unit = total, desc, unit
        self.n = 0
        self._shown = 0
        self._t = time.monotonic()
        self._t0 = self._t

    def update(self, k=1):
        self.n += k
        if not self.total:
            return
        tenth = int(10 * self.n / self.total)
        now = time.monotonic()
        if tenth > self._shown and (now - self._t >= LOG_EVERY_S or tenth >= 10):
            self._shown = tenth
            self._t = now
            print(f"{self.desc}: {min(100, 10 * tenth)}% ({self.n:,} of {self.total:,} "
                  f"{self.unit}s, {now - self._t0:.0f} s)", file=sys.stderr, flush=True)

    def set_description(self, desc):
        self.desc = desc

    def close(self):
        pass


class _NoBar:
    n = 0
    total = None

    def update(self, k=1):
        self.n += k

    def set_description(self, desc):
        pass

    def close(self):
        pass


def wanted(enabled: bool | None, expected_s: float | None = None) -> bool:
    """Whether to show progress: ``enabled`` when given, else on a terminal for work expected
    to take longer than :data:`QUIET_BELOW_S` (unknown length: on a terminal)."""
    if enabled is not None:
        return bool(enabled)
    if not sys.stderr.isatty():
        return False
    return expected_s is None or expected_s > QUIET_BELOW_S


def progress_bar(total=None, desc: str = "", unit: str = "game", enabled: bool | None = None,
                 expected_s: float | None = None, leave: bool = False):
    """A progress bar on stderr (``update(n)``, ``set_description``, ``close``), or one that
    shows nothing; see the module docstring for when it shows."""
    if not wanted(enabled, expected_s):
        return _NoBar()
    if not sys.stderr.isatty():
        return _LogBar(total, desc, unit)
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit == "game", file=sys.stderr,
                dynamic_ncols=True, leave=leave)
