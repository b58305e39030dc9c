"""``simlab warm``: what it compiles, in which order, custom bots from ``--plugin``, bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

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
    tasks = warm_tasks(["jelly", "monsters"], everything=True)
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
