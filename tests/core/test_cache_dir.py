"""The numba cache folder is keyed by the kernel sources, whatever was imported first."""

from __future__ import annotations

import os
import subprocess
import sys

CODE = """
import os, sys
if sys.argv[1] == "numba-first":
    import numba  # noqa: F401
import simlab
from numba.core import config
print(config.CACHE_DIR or os.environ.get("NUMBA_CACHE_DIR"))
"""


def _cache_dir(order: str, env: dict) -> str:
    out = subprocess.run([sys.executable, "-c", CODE, order], capture_output=True, text=True,
                         env=env, check=True)
    return out.stdout.strip()


def test_cache_dir_is_keyed_by_sources_in_any_import_order(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "SIMLAB_NUMBA_CACHE_SET")}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    first = _cache_dir("numba-first", env)
    second = _cache_dir("simlab-first", env)
    assert first == second
    assert first.startswith(str(tmp_path / "simlab" / "numba" / "src-"))


def test_user_cache_dir_is_respected_as_the_base(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SIMLAB_NUMBA_CACHE_SET"}
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "mine")
    assert _cache_dir("numba-first", env).startswith(str(tmp_path / "mine" / "src-"))
