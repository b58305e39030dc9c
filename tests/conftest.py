"""Suite-wide settings: the longest test files run first.

``make test`` compiles every kernel once (``simlab warm --all``) and then runs the files on every
core with pytest-xdist (``--dist loadfile``: a file stays on one worker). Files are handed out in
collection order, so the longest ones go first and the short ones fill in behind them; with the
longest last, one worker would finish it alone while the others idle.

``LONGEST`` is measured: the files' total test time on the project's 2-core machine after a
fresh-clone ``make test`` (``pytest --durations=0``, added up per file; the files of 10 s and
more), longest first. A file not listed keeps its place after them. Long statistical runs carry the ``slow`` marker (``pytest -m "not slow"`` leaves
them out while iterating; ``make test`` runs them).
"""

from __future__ import annotations

LONGEST = (
    "tests/jelly/test_conformance.py",
    "tests/monsters/test_reference_agreement.py",
    "tests/jungle/test_conformance.py",
    "tests/test_cli.py",
    "tests/monsters/test_lookahead.py",
    "tests/report/test_report.py",
    "tests/jelly/test_lookahead.py",
    "tests/analysis/test_cli_analysis.py",
    "tests/monkey/test_conformance.py",
    "tests/jelly/test_fairness.py",
    "tests/monsters/test_fairness.py",
    "tests/test_cli_sweep.py",
    "tests/monsters/test_family_montecarlo.py",
    "tests/jelly/test_montecarlo.py",
    "tests/monsters/test_conformance.py",
    "tests/jelly/test_custom_bot.py",
    "tests/monkey/test_custom_bot.py",
    "tests/monkey/test_plots.py",
    "tests/monsters/test_custom_bot.py",
    "tests/jungle/test_montecarlo.py",
)


def pytest_collection_modifyitems(session, config, items):
    """Put the files of ``LONGEST`` first, in its order (a stable sort: tests keep their order
    within a file, the other files theirs)."""
    rank = {path: i for i, path in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


# each rule the tests call from Python is listed for simlab warm --all (tests/core/python_calls.py)
from tests.core.python_calls import (  # noqa: E402, F401
    _python_calls_listed,
    pytest_configure,
    pytest_runtest_setup,
)
