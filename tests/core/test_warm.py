"""``simlab warm``: what it compiles, in which order, custom bots from ``--plugin``, bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner
from numba import typeof

from simlab.cli.main import cli
from simlab.core import custom
from simlab.errors import SimlabError
from simlab.games.plugins import load_plugins
from simlab.games.registry import get_game
from simlab.games.warm import warm, warm_tasks

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "custom_bots" / "monkey.py"


@pytest.fixture
def liner():
    mods = load_plugins([EXAMPLE])
    yield
    custom.unregister("monkey", "liner")
    for m in mods:  # so that a later load_plugins registers it again
        sys.modules.pop(m, None)


def test_tasks_cover_every_entry_point_longest_first():
    from simlab.games.warm import PYTHON_CALLS, read_calls

    every = warm_tasks(["jelly", "monsters"], everything=True)
    tasks = [t for t in every if t[1] != PYTHON_CALLS]
    # then one task per game for the rule functions its tests call from Python, last
    calls = [t for t in every if t[1] == PYTHON_CALLS]
    assert every[len(tasks):] == calls
    assert {t[0] for t in calls} == {g for g in ("jelly", "monsters") if read_calls().get(g)}
    labels = {(g, label) for g, _i, label, _e in tasks}
    assert labels == {("jelly", "default line-up"), ("jelly", "lookahead line-up"),
                      ("monsters", "default line-up"), ("monsters", "lookahead line-up"),
                      ("monsters", "family mode")}
    estimates = [e for *_rest, e in tasks]
    assert estimates == sorted(estimates, reverse=True)
    assert tasks[0][:3] == ("monsters", 1, "lookahead line-up")
    only_default = warm_tasks(["jelly"], everything=False)
    assert [t[2] for t in only_default] == ["default line-up"]


def test_a_plugin_bot_is_compiled_and_shares_the_kernel(liner):
    g = get_game("monkey")
    lineups = dict(g.warm_lineups())
    assert list(lineups) == ["default line-up", "custom bot liner"]
    prepared = lineups["custom bot liner"]
    assert prepared.lineup.custom.fn is custom.custom_bots("monkey")["liner"].fn
    assert len(prepared.lineup.custom.fn.signatures) >= 1  # compiled when prepared
    assert lineups["default line-up"].lineup.custom.fn is custom.no_custom
    assert typeof(prepared.lineup) == typeof(lineups["default line-up"].lineup)


def test_cli_warm_json_lists_what_it_made_ready():
    res = CliRunner().invoke(cli, ["warm", "monkey", "--json", "--plugin", str(EXAMPLE)])
    try:
        assert res.exit_code == 0, res.output
        rows = json.loads(res.output)
        assert [(r["game"], r["what"]) for r in rows] == [("monkey", "default line-up"),
                                                        ("monkey", "custom bot liner")]
        assert all(r["seconds"] >= 0 and isinstance(r["compiled"], bool) for r in rows)
    finally:
        custom.unregister("monkey", "liner")
        for m in [m for m in sys.modules if m.startswith("simlab_plugin_")]:
            sys.modules.pop(m, None)


@pytest.mark.parametrize("args, expected", [
    (["warm", "chess"], "unknown game 'chess'"),
    (["warm", "jelly", "--plugin", "no-such-bots.py"], "no-such-bots.py: no such file"),
    (["warm", "jelly", "--jobs", "0"], "0 is not in the range"),
])
def test_bad_input_exits_2_naming_it(args, expected, capsys):
    from simlab.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


def test_library_warm_checks_its_arguments():
    with pytest.raises(SimlabError, match="unknown game 'chess'"):
        warm(["chess"])
    with pytest.raises(SimlabError, match="jobs: expected a positive whole number"):
        warm(["jelly"], jobs=0)


def test_everything_also_readies_the_reference_engines_bot_calls():
    """With --all a task also plays a reference game, which asks the bots through the rules'
    Python twins (compiled and cached there, not in the first test that needs them; a rule
    taking its NamedTuples by reference keeps a shim instead of a twin)."""
    from simlab.core.ref import RefRuleDispatcher
    from simlab.games.monkey import bots
    from simlab.games.warm import _warm_one

    key = "_simlab_shim" if isinstance(bots.decide, RefRuleDispatcher) else "_simlab_twin"
    bots.decide.__dict__.pop(key, None)
    r = _warm_one("monkey", 0, True)
    assert (r.game, r.what) == ("monkey", "default line-up")
    assert key in bots.decide.__dict__


def test_warm_for_compiles_each_kernel_the_line_ups_run_once(monkeypatch):
    """Sweeps, tuning and balance searches compile what their line-ups run, not the default
    kernel: one check per kernel type (here: plain, and with a lookahead seat)."""
    g = get_game("jelly")
    rules = g.make_rules(4)
    plain = [g.prepare(rules, g.lineup(bots, 4)) for bots in ("greedy", "random", None)]
    look = g.prepare(rules, g.lineup("lookahead,greedy,greedy,greedy", 4))
    seen = []
    monkeypatch.setattr(type(g), "check_compiles", lambda self, p: seen.append(p))
    g.warm_for(plain + [look, plain[0]])
    assert seen == [plain[0], look]


def test_a_call_spec_gives_a_value_of_the_type_it_names():
    """``python_calls.toml`` names each argument by its type; the value warm makes from it has
    that type (a NamedTuple from the pool or built from its fields, numbers, arrays, None)."""
    import numpy as np
    from numba import typeof

    from simlab.core.ref import Ref
    from simlab.games.warm import call_pool, spec_value, type_spec

    g = get_game("jelly")
    pool = call_pool(g)
    assert {"default line-up/arrays", "default line-up/lineup", "default line-up/state",
            "lookahead line-up/lineup"} <= set(pool)
    types_ = {typeof(obj): path for path, obj in reversed(pool.items())}
    a = np.zeros((3, 4))
    values = [pool["default line-up/state"], np.int64(3), 2.5, True, np.uint64(1), None, a,
              a[::2, ::2], np.asfortranarray(a), _Made(np.zeros(2, np.int32), 4, _Inner(1.0))]
    ro = np.zeros(2)
    ro.setflags(write=False)
    values.append(ro)
    for v in values:
        spec = type_spec(typeof(v), types_)
        assert spec is not None, v
        assert typeof(spec_value(spec, pool)) == typeof(v), spec
    st = pool["default line-up/state"]
    assert type_spec(Ref(typeof(st)), types_) == "@default line-up/state"  # pinned: the same
    assert type_spec(typeof(_Made(np.zeros(1, np.int32), 1, _Inner(0.0))), types_) == (
        "new tests.core.test_warm._Made(array(int32, 1d, C), int64, "
        "new tests.core.test_warm._Inner(float64))")


class _Inner(NamedTuple):
    w: float


class _Made(NamedTuple):
    a: object
    n: int
    inner: _Inner


def test_every_recorded_call_names_a_rule_and_its_arguments():
    """Each entry of ``python_calls.toml`` names a rule it can call and arguments it can make
    (a renamed rule or a changed signature fails here: record the calls again, see
    ``tests/core/python_calls.py``)."""
    from simlab.games.warm import call_pool, read_calls, resolve_call

    calls = read_calls()
    assert set(calls) <= {"jelly", "monkey", "jungle", "monsters"}
    for game, entries in calls.items():
        pool = call_pool(get_game(game))
        for function, args in entries:
            assert resolve_call(function, args, pool) is not None, (game, function, args)
