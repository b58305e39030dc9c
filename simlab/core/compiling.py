"""Say so when numba must compile: a notice on stderr with the elapsed time.

A game's kernels are compiled once and then loaded from the disk cache (``NUMBA_CACHE_DIR``);
the first run on a machine (or after a kernel changed) compiles them, which takes from half a
minute to a few minutes. :func:`compile_notice` wraps the call that may compile: numba fires
its ``numba:compile`` event only on a cache miss, so the notice appears exactly when something
is compiled, before it starts, and never when the kernels load from the cache::

    compiling the Monsters on Board kernels (first run only, about 60 s)... 12 s

On a terminal the seconds count up in place; elsewhere one line says it starts and one says
how long it took. Everything goes to stderr, so ``--json`` output on stdout stays clean.
:func:`set_quiet` (the CLI's ``--quiet``) silences it.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time

from numba.core import event as _event

_QUIET = False


def set_quiet(quiet: bool = True) -> None:
    """Silence (or restore) the compile notices of this process."""
    global _QUIET
    _QUIET = bool(quiet)


def is_quiet() -> bool:
    """Whether compile notices are silenced."""
    return _QUIET


class CompileWatch(_event.Listener):
    """Registered for numba's ``numba:compile`` event (it fires on a cache miss only):
    ``.compiled`` tells whether anything was compiled while it listened."""

    compiled = False

    def on_start(self, event):
        self.compiled = True

    def on_end(self, event):
        pass

    def __enter__(self):
        _event.register("numba:compile", self)
        return self

    def __exit__(self, *exc):
        _event.unregister("numba:compile", self)
        return False


class _Notice(CompileWatch):
    """Prints on the first compile event and ticks until closed."""

    def __init__(self, what: str, estimate_s: float | None, stream):
        self.what = what
        self.estimate_s = estimate_s
        self.stream = stream
        self.t0: float | None = None
        self.compiled = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tty = bool(getattr(stream, "isatty", lambda: False)())

    def _head(self) -> str:
        about = f", about {self.estimate_s:.0f} s" if self.estimate_s else ""
        return f"compiling the {self.what} (first run only{about})..."

    def on_start(self, event):
        if self.compiled:
            return
        self.compiled = True
        self.t0 = time.perf_counter()
        if self._tty:
            self.stream.write(self._head())
            self.stream.flush()
            self._thread = threading.Thread(target=self._tick, daemon=True)
            self._thread.start()
        else:
            self.stream.write(self._head() + "\n")
            self.stream.flush()

    def _tick(self):
        while not self._stop.wait(0.5):
            self.stream.write(f"\r{self._head()} {time.perf_counter() - self.t0:.0f} s")
            self.stream.flush()

    def close(self, ok: bool):
        if not self.compiled:
            return
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        dt = time.perf_counter() - self.t0
        word = "compiled" if ok else "stopped"
        if self._tty:
            self.stream.write(f"\r{self._head()} {word} in {dt:.0f} s\n")
        else:
            self.stream.write(f"{self.what}: {word} in {dt:.0f} s\n")
        self.stream.flush()


@contextlib.contextmanager
def compile_notice(what: str, estimate_s: float | None = None, stream=None):
    """Print a notice on stderr if numba compiles anything inside the ``with`` block.

    Parameters
    ----------
    what : str
        What is compiled, e.g. ``"Monsters on Board kernels"``.
    estimate_s : float, optional
        The expected compile time on a cold cache (said in the notice).
    stream : file, optional
        Where to write (default ``sys.stderr``).

    Yields
    ------
    _Notice
        ``.compiled`` tells afterwards whether anything was compiled.
    """
    if _QUIET:
        yield None
        return
    notice = _Notice(what, estimate_s, stream or sys.stderr)
    ok = False
    try:
        with notice:
            yield notice
        ok = True
    finally:
        notice.close(ok)
