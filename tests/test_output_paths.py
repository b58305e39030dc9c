"""Every output path is checked before any game is played: a folder that cannot be written (under
a file, read-only, ``/proc``) is one line, exit code 2, and nothing is written; one ``--out``
convention (a folder for several files, a file whose extension is added when missing); files
readable as the umask allows."""

from __future__ import annotations

import os
import stat
import time

import pytest

from simlab.core.io import atomic_write_text, check_output_dir, check_output_file
from simlab.errors import SimlabError

from .test_cli import assert_usage_error, run

SC = "scenarios/jungle-seat-balance.toml"
DIFF = ("scenarios/diff/jungle-v1.toml", "scenarios/diff/jungle-v2.toml")


@pytest.fixture
def blocker(tmp_path):
    """A file where a folder would have to be."""
    f = tmp_path / "afile"
    f.write_text("x")
    return f


def _cases(blocker):
    under = blocker / "sub"
    return [
        (["sweep", SC, "--out", under, "-q"], "--out"),
        (["sweep", SC, "--out", "/proc/simlab-test", "-q"], "--out"),
        (["sweep", SC, "--out", "/sys/simlab-test", "-q"], "--out"),   # not permitted
        (["diff", *DIFF, "-o", under, "-q"], "--out"),
        (["diff", *DIFF, "-o", "/proc/simlab-test", "-q"], "--out"),
        (["robustness", "scenarios/jungle-robustness.toml", "-o", blocker, "-q"], "--out"),
        (["robustness", "scenarios/jungle-robustness.toml", "-o", "/proc/x", "-q"], "--out"),
        (["replay", "jungle", "-o", under / "x.html"], "--out"),
        (["replay", "jungle", "-o", "/proc/x/replay"], "--out"),
        (["simulate", "jungle", "-n", "10", "--out", "/sys/x.csv", "-q"], "--out"),
        (["tune", "jungle", "-a", "greedy", "-o", under, "-q"], "--out"),
        (["skill", "jungle", "-o", blocker, "-q"], "--out"),
        (["balance", "scenarios/jungle-balance.toml", "-o", "/proc/b", "-q"], "--out"),
        (["report", "reports/none", "-o", "/proc/x.html"], "--output"),
    ]


def test_every_command_checks_its_output_before_playing(blocker):
    for args, name in _cases(blocker):
        t0 = time.perf_counter()
        proc = run(*args)
        took = time.perf_counter() - t0
        assert_usage_error(proc, name)
        # nothing was played: far below the seconds any of these runs takes
        assert "games" not in proc.stdout, args
        assert took < 20, (args, took)
    assert sorted(p.name for p in blocker.parent.iterdir()) == ["afile"]   # nothing written


def test_multi_file_commands_take_a_folder_not_a_file_name(tmp_path):
    proc = run("robustness", "scenarios/jungle-robustness.toml", "-o", tmp_path / "r.html",
               "-q")
    assert_usage_error(proc, "expected a folder", "r.html")
    proc = run("diff", *DIFF, "-o", tmp_path / "d.html", "-q")
    assert_usage_error(proc, "expected a folder")
    assert list(tmp_path.iterdir()) == []


def test_single_file_outputs_get_their_extension(tmp_path):
    proc = run("replay", "jungle", "-p", "2", "-b", "random", "-o", tmp_path / "game7")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "game7.html").is_file() and not (tmp_path / "game7").exists()
    proc = run("simulate", "jungle", "-p", "2", "-b", "random", "-n", "20", "-q", "--out",
               tmp_path / "rows")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "rows.csv").is_file()
    assert_usage_error(run("simulate", "jungle", "-n", "5", "--out", tmp_path / "rows.txt"),
                       ".csv or .parquet")


def test_probe_leaves_nothing_and_names_the_blocking_file(tmp_path, blocker):
    deep = tmp_path / "a" / "b" / "c"
    assert check_output_dir(deep) == deep
    assert not (tmp_path / "a").exists()          # the folders the probe made are gone
    with pytest.raises(SimlabError, match="afile' is a file"):
        check_output_dir(blocker / "x")
    with pytest.raises(SimlabError, match="is a file, not a folder"):
        check_output_file(blocker / "x" / "r.html", "--out", ".html")
    assert check_output_file(tmp_path / "r", "--out", ".html").name == "r.html"


def test_files_are_readable_as_the_umask_allows(tmp_path):
    old = os.umask(0o022)
    try:
        import importlib

        import simlab.core.io as io_mod

        importlib.reload(io_mod)
        io_mod.atomic_write_text(tmp_path / "x.txt", "hello")
    finally:
        os.umask(old)
        importlib.reload(io_mod)
    mode = stat.S_IMODE((tmp_path / "x.txt").stat().st_mode)
    assert mode == 0o644, oct(mode)
    atomic_write_text(tmp_path / "y.txt", "x")      # the module as loaded: not 0600
    assert stat.S_IMODE((tmp_path / "y.txt").stat().st_mode) == 0o666 & ~old
