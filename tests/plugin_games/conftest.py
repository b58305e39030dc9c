"""Games written in plain Python (issue 42): Pig (examples/games/pig, with its numba kernel) and
take-away Nim (tests/plugin_games/nim.py, written only from docs/your-own-game.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIG = ROOT / "examples" / "games" / "pig" / "game.py"
PIG_SCENARIOS = ROOT / "examples" / "games" / "pig" / "scenarios"
NIM = Path(__file__).resolve().parent / "nim.py"


@pytest.fixture(scope="session")
def pig():
    from simlab.games.python import load

    return load(PIG)[0]


@pytest.fixture(scope="session")
def nim():
    from simlab.games.python import load

    return load(NIM)[0]


def run_cli(args, capsys):
    """``simlab ARGS`` in this process: (exit code, stdout, stderr)."""
    from simlab.cli.main import main

    with pytest.raises(SystemExit) as done:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return done.value.code, out.out, out.err
