"""How games of one's own are loaded: a package installed beside simlab (the ``simlab.games``
entry point: the installed layout pip writes, a package and its ``.dist-info`` with
``entry_points.txt``, found by importlib.metadata on the path), ``simlab new`` (whose package
passes its own tests), the example of docs/your-own-game.md as printed, and every way a plugin
can break the protocol: one line naming the file and the method, exit code 2, no traceback."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, run_cli


def _env(*paths) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), str(ROOT),
                                         env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def _simlab(args, env, cwd):
    return subprocess.run([sys.executable, "-m", "simlab.cli.main", *map(str, args)], env=env,
                          cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def skeleton(tmp_path_factory):
    """``simlab new dice-race`` into a fresh folder."""
    folder = tmp_path_factory.mktemp("new") / "my-race"
    code = subprocess.run([sys.executable, "-m", "simlab.cli.main", "new", "dice-race",
                           str(folder)], env=_env(), capture_output=True, text=True).returncode
    assert code == 0
    return folder


def _install(package_dir: Path, site: Path, dist: str, entry: str) -> None:
    """What ``pip install`` leaves: the package and its dist-info with the entry point."""
    shutil.copytree(package_dir, site / package_dir.name)
    info = site / f"{dist}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[simlab.games]\n{entry}\n")


def test_simlab_new_writes_a_package_whose_tests_pass(skeleton):
    names = sorted(str(p.relative_to(skeleton)) for p in skeleton.rglob("*") if p.is_file())
    assert names == ["README.md", "dice_race/__init__.py", "dice_race/bots.py",
                     "dice_race/game.py", "dice_race/rules.py", "dice_race/state.py",
                     "pyproject.toml", "scenarios/dice-race-seats.toml",
                     "tests/test_dice_race.py"]
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                          cwd=skeleton, env=_env(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert re.search(r"\b8 passed\b", proc.stdout)


def test_simlab_new_refuses_a_taken_name_or_a_used_folder(tmp_path, capsys):
    code, _, err = run_cli(["new", "jelly", tmp_path / "x"], capsys)
    assert code == 2 and "'jelly' is a game already" in err
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "a.txt").write_text("")
    code, _, err = run_cli(["new", "dice", tmp_path / "full"], capsys)
    assert code == 2 and "not an empty folder" in err
    code, _, err = run_cli(["new", "Dice Race", tmp_path / "y"], capsys)
    assert code == 2 and "lower-case game name" in err


def test_an_installed_package_appears_in_simlab_games_and_plays_in_workers(skeleton, tmp_path):
    site = tmp_path / "site"
    _install(skeleton / "dice_race", site, "simlab_dice_race", "dice-race = dice_race.game:DiceRace")
    env = _env(site)
    proc = _simlab(["games", "--json"], env, tmp_path)
    assert proc.returncode == 0, proc.stderr
    game = next(g for g in json.loads(proc.stdout)["games"] if g["game"] == "dice-race")
    assert "careful" in [b["name"] for b in game["bots"]]
    loky = _simlab(["simulate", "dice-race", "-n", "400", "--json", "-q", "-j", "2"], env,
                   tmp_path)
    assert loky.returncode == 0, loky.stderr
    import simlab
    from simlab.games.python import load

    load(skeleton / "dice_race" / "game.py")  # the same code, here, in one process
    serial = simlab.simulate("dice-race", games=400).to_dict()["seats"]
    assert json.loads(loky.stdout)["seats"] == json.loads(json.dumps(serial))


def test_a_broken_entry_point_is_named(tmp_path):
    site = tmp_path / "site"
    pkg = tmp_path / "broken_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('half-installed')\n")
    _install(pkg, site, "simlab_broken", "broken = broken_game:Game")
    proc = _simlab(["simulate", "broken", "-n", "10"], _env(site), tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "'broken' (the simlab.games entry point broken_game:Game of the package " \
           "simlab_broken): loading it failed" in proc.stderr
    assert "RuntimeError: half-installed" in proc.stderr
    listed = _simlab(["games", "--json"], _env(site), tmp_path)  # the others still listed
    assert listed.returncode == 0 and "half-installed" in listed.stderr
    assert "jelly" in [g["game"] for g in json.loads(listed.stdout)["games"]]


def test_the_docs_example_plays_as_printed(tmp_path, capsys):
    """The first code block of docs/your-own-game.md, renamed (the example Pig is loaded in
    this process), is a complete game."""
    from simlab.core.conformance import check_conformance
    from simlab.games.registry import get_game

    text = (ROOT / "docs" / "your-own-game.md").read_text()
    code = re.findall(r"```python\n(.*?)```", text, re.S)[0]
    assert "class Pig(simlab.PythonGame)" in code
    f = tmp_path / "docpig.py"
    f.write_text(code.replace('name = "pig"', 'name = "docpig"'))
    code_, out, err = run_cli(["simulate", "docpig", "--plugin", f, "-b", "hold(n=20),greedy",
                               "-n", "300", "-q"], capsys)
    assert code_ == 0, err
    assert "hold(n=20)" in out
    g = get_game("docpig")
    check_conformance(g, g.make_rules(3), g.lineup("hold,greedy,random", 3), n_games=40)


# ---------------------------------------------------------------------------- broken plugins
BASE = '''
from dataclasses import dataclass
import simlab

@dataclass(frozen=True)
class R:
    players: int = 2
    pile: int = 10

@dataclass
class S:
    pile: int
    seat: int = 0
    last: int = -1

class Take(simlab.PythonGame):
    name = "NAME"
    rules = R
    end_names = ("empty",)
    def start(self, rules, rng):
        return S(rules.pile)
    def to_move(self, rules, state):
        return state.seat
    def moves(self, rules, state):
        return [1, 2] if state.pile >= 2 else [1]
    def play(self, rules, state, move, rng):
        state.pile -= move
        state.last = state.seat
        state.seat = 1 - state.seat
    def end(self, rules, state):
        return "empty" if state.pile == 0 else None
    def scores(self, rules, state):
        return [int(s == state.last) for s in range(2)]

@Take.bot()
def late_crash(rules, state, seat, moves, rng, params):
    """fails when the pile is low"""
    if state.pile < 4:
        return {}["oops"]
    return moves[0]
'''

BROKEN = [
    ("missing_method", ("    def moves(self, rules, state):\n"
                        "        return [1, 2] if state.pile >= 2 else [1]\n", ""),
     [], "the game has no method moves(rules, state)"),
    ("moves_of_the_wrong_type", ("return [1, 2] if state.pile >= 2 else [1]", "return 3"),
     [], "moves(): returned 3 (int); expected a list or tuple of the legal moves"),
    ("unhashable_move", ("return [1, 2] if state.pile >= 2 else [1]", "return [[1], [2]]"),
     [], "moves(): returned the move [1] (list); a move must be a hashable value"),
    ("scores_cannot_read_the_state", ("s == state.last", "s == state.winner"),
     [], "scores() raised AttributeError: 'S' object has no attribute 'winner'"),
    ("wrong_signature", ("def play(self, rules, state, move, rng):",
                         "def play(self, rules, state, move):"),
     [], "play() takes 3 arguments besides self; the protocol calls play(rules, state, move, rng)"),
    ("unknown_end", ('return "empty" if', 'return "gone" if'),
     [], "end(): returned 'gone'; expected None while the game goes on, or one of end_names"),
    ("play_returns_garbage", ("state.seat = 1 - state.seat", "state.seat = 1 - state.seat\n"
                                                               "        return 5"),
     [], "play(): returned 5 (int); expected None (the state changed in place) or a new S"),
    ("rules_not_frozen", ("@dataclass(frozen=True)", "@dataclass"),
     [], "rules: R must be frozen"),
    ("no_players_field", ("    players: int = 2\n", ""), [], "needs a field players: int"),
    ("bot_crashes_in_a_worker", ("", ""), ["-b", "late_crash,random", "-n", "300", "-j", "2"],
     "bot late_crash (seat 1, "),
]


@pytest.mark.parametrize("case,edit,extra,expect", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_plugin_gets_one_line_naming_the_file_and_the_method(case, edit, extra, expect,
                                                                       tmp_path, capsys):
    name = case.replace("_", "-")
    src = BASE.replace("NAME", name)
    old, new = edit
    if old:
        assert old in src
        src = src.replace(old, new)
    f = tmp_path / f"{case}.py"
    f.write_text(src)
    code, out, err = run_cli(["simulate", name, "--plugin", f, *extra], capsys)
    assert code == 2 and "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.startswith("simlab: error:")]
    assert len(lines) == 1, err
    assert f"{case}.py" in lines[0] and expect in lines[0], lines[0]


def test_a_bot_of_another_file_returning_an_illegal_move(tmp_path, capsys):
    game = tmp_path / "take.py"
    game.write_text(BASE.replace("NAME", "take-two"))
    bots = tmp_path / "mybots.py"
    bots.write_text('import simlab\n\n@simlab.bot("take-two", params={"k": 1.0})\n'
                    'def stubborn(rules, state, seat, moves, rng, params):\n'
                    '    """always takes three"""\n    return 3\n')
    code, _, err = run_cli(["simulate", "take-two", "--plugin", game, "--plugin", bots,
                            "-b", "stubborn,random", "-n", "20"], capsys)
    assert code == 2
    assert "bot stubborn (seat 1, mybots.py) returned 3, not one of the legal moves [1, 2]" in err


def test_a_game_may_not_take_a_built_in_name(tmp_path, capsys):
    f = tmp_path / "jelly_again.py"
    f.write_text(BASE.replace("NAME", "jelly"))
    code, _, err = run_cli(["games", "--plugin", f], capsys)
    assert code == 2 and "'jelly' is a built-in game" in err


def test_the_report_hooks_are_the_games(tmp_path):
    from simlab.games.python import load

    src = BASE.replace("NAME", "hooked").replace('''    def scores(self, rules, state):''', '''    def seats_identical(self, rules):
        return "both seats take from one pile" if rules.pile == 1 else ""
    def rule_warnings(self, rules):
        return ["a pile of more than 20 is not in the box"] if rules.pile > 20 else []
    def scores(self, rules, state):''')
    f = tmp_path / "hooked.py"
    f.write_text(src)
    g = load(f)[0]
    assert g.seats_identical(g.make_rules(2, {"pile": 1})) == "both seats take from one pile"
    assert g.seats_identical(g.make_rules(2)) == ""
    assert g.rule_warnings(g.make_rules(2, {"pile": 30})) == ["a pile of more than 20 is not in "
                                                              "the box"]
    assert g.inert_overrides(g.make_rules(2), {"pile": 10}) == []
