"""Writing result files safely: atomic writes and JSON for numpy values.

Every file simlab writes (results, reports, manifests, saved bots) goes through a temporary file
in the target folder and ``os.replace``, so a killed run never leaves a half-written file behind.
Used by every layer above ``core`` (sweeps, reports, analyses, the command line).
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from simlab.errors import SimlabError


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: files are created readable as the user's umask allows (a temporary file is 0600)
_UMASK = _read_umask()


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
        os.chmod(tmp, 0o666 & ~_UMASK)
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


def _why(e: OSError) -> str:
    return {errno.EACCES: "permission denied", errno.EPERM: "not permitted (read-only)",
            errno.EROFS: "read-only file system", errno.ENOTDIR: "a file is in the way",
            errno.EEXIST: "a file is in the way",
            errno.ENOENT: "nothing can be created there", errno.ENOSPC: "no space left"}.get(
        e.errno, e.strerror or type(e).__name__)


def check_output_dir(path, what: str = "--out") -> Path:
    """Check, before any game is played, that folder ``path`` can be created and written: a
    probe file is written in it and removed, and the folders the probe created are removed
    again, so nothing is left. Raises :class:`SimlabError` (one line naming ``what`` and the
    path) when it cannot."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise SimlabError(f"{what}: {str(path)!r} is a file; expected a folder (the results "
                          f"go inside it)")
    missing = []
    p = path
    while not p.exists():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    if p.exists() and not p.is_dir():
        raise SimlabError(f"{what}: cannot create folder {str(path)!r}: {str(p)!r} is a file")
    made = []
    try:
        for d in reversed(missing):
            os.mkdir(d)
            made.append(d)
        fd, probe = tempfile.mkstemp(prefix=".simlab-probe-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise SimlabError(f"{what}: cannot write to folder {str(path)!r}: {_why(e)}") from None
    finally:
        for d in reversed(made):
            try:
                os.rmdir(d)
            except OSError:
                pass
    return path


def check_output_file(path, what: str = "--out", suffix: str | None = None,
                      allowed: tuple[str, ...] = ()) -> Path:
    """The file an output option names, checked before any game is played: ``suffix`` is
    added when the name has none (``game7`` -> ``game7.html``), a name with another suffix
    than ``allowed`` (default: ``suffix``) is refused, and its folder must exist and be
    writable (a probe, removed). Returns the path with its suffix."""
    path = Path(path)
    allowed = allowed or ((suffix,) if suffix else ())
    if not path.suffix and suffix:
        path = path.with_name(path.name + suffix)
    if allowed and path.suffix.lower() not in allowed:
        raise SimlabError(f"{what}: expected a {' or '.join(allowed)} file name, got "
                          f"{str(path)!r}")
    if path.is_dir():
        raise SimlabError(f"{what}: {str(path)!r} is a folder; expected a file name")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        up = folder
        while not up.exists() and up.parent != up:
            up = up.parent
        if up.exists() and not up.is_dir():
            raise SimlabError(f"{what}: cannot write {str(path)!r}: {str(up)!r} is a file, not "
                              f"a folder")
        raise SimlabError(f"{what}: folder {str(folder)!r} does not exist")
    try:
        fd, probe = tempfile.mkstemp(prefix=".simlab-probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise SimlabError(f"{what}: cannot write to folder {str(folder)!r}: {_why(e)}") \
            from None
    return path
