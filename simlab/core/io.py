"""Writing result files safely: atomic writes and JSON for numpy values.

Every file simlab writes (results, reports, manifests, saved bots) goes through a temporary file
in the target folder and ``os.replace``, so a killed run never leaves a half-written file behind.
Used by every layer above ``core`` (sweeps, reports, analyses, the command line).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_atomic(path, writer: Callable[[str], None]) -> None:
    """Write ``path`` through a temporary file in its folder, then rename it into place.

    Parameters
    ----------
    path : path
        The file to write; its folder must exist.
    writer : callable
        ``writer(tmp_path)`` writes the content to the temporary file. A failure (or an
        interrupt) removes the temporary file and leaves ``path`` as it was.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        writer(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def atomic_write_bytes(path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`write_atomic`)."""

    def write(tmp):
        with open(tmp, "wb") as f:
            f.write(data)

    write_atomic(path, write)


def atomic_write_text(path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write_bytes(path, text.encode())


def json_default(o):
    """``json.dumps(..., default=json_default)``: numpy scalars and arrays, tuples and paths."""
    import numpy as np

    if isinstance(o, np.integer):
        return int(o)
    if isinstance(o, np.floating):
        return float(o)
    if isinstance(o, np.ndarray):
        return o.tolist()
    if isinstance(o, tuple):
        return list(o)
    if isinstance(o, Path):
        return str(o)
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")
