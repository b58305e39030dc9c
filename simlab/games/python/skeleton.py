"""``simlab new NAME DIR``: the skeleton of a game package in plain Python.

:func:`write_skeleton` writes a small, complete, playable game (a dice race: roll two dice,
move by either, land exactly on the goal; an overshoot bounces back) split the way a real one
grows: the rules and their readings, the state, the game, the bots, a scenario, a
``pyproject.toml`` naming the game under the ``simlab.games`` entry point, and tests that run
the conformance harness, check the readings catalogue, test a rule on a hand-built position and
run ``simlab simulate`` on it. The designer replaces the race with their game, keeping the tests
green; the tests pass as generated.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from simlab.errors import SimlabError

_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "simlab-$name"
version = "0.1.0"
description = "$title: a game for simlab, in plain Python"
requires-python = ">=3.11"
dependencies = ["simlab"]

# `pip install .` beside simlab makes the game appear in `simlab games`
[project.entry-points."simlab.games"]
$name = "$pkg.game:$cls"

[tool.setuptools]
packages = ["$pkg"]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""

README = """\
# $title

A game for simlab, written in plain Python (see simlab's `docs/your-own-game.md`). As
generated it is a dice race; make it your game, keeping `pytest` green.

```
simlab simulate $name --plugin $pkg/game.py -b careful,greedy     # the balance table
simlab trace $name --plugin $pkg/game.py --seed 1 --game 3        # one game's log
simlab sweep scenarios/$name-seats.toml                           # a scenario -> report
pytest                                                            # conformance and rules
pip install .        # then `simlab games` lists it, no --plugin needed
```

- `$pkg/rules.py`: the rules (a frozen dataclass, validated) and the readings of the rulebook;
- `$pkg/state.py`: the state of a game in progress;
- `$pkg/game.py`: the game: moves, play, end, scores and what the reports explain;
- `$pkg/bots.py`: the game's own bots (`random`, `greedy`, `weights` and `lookahead` come free);
- `tests/test_$pkg.py`: the conformance harness, the readings, a rule, the command line.

A plugin is Python that runs with your rights, as any Python package does: load only files you
trust.
"""

INIT = '''\
"""$title: a game for simlab in plain Python."""
'''

RULES = '''\
"""The rules of $title: every field is a rule option (`--set FIELD=VALUE`, `rules.FIELD` in a
scenario); where the rulebook is silent, a reading."""

from __future__ import annotations

from dataclasses import dataclass, field

from simlab.games.python import Reading

BOUNCE = ("bounce", "stay")


@dataclass(frozen=True)
class Rules:
    """Players race their tokens from 0 to `goal`: on a turn a player rolls two dice and moves
    by either; the first to land exactly on the goal wins. After `max_rounds` rounds the
    furthest token wins (a tie shares the win)."""

    players: int = 2
    goal: int = field(default=30, metadata={"doc": "the square to land on exactly"})
    die: int = field(default=6, metadata={"doc": "faces of each die"})
    max_rounds: int = field(default=30, metadata={"doc": "rounds before the furthest wins"})
    overshoot: str = field(default="bounce", metadata={
        "doc": "reading: an overshoot bounces back from the goal (bounce) or stays (stay)"})

    def __post_init__(self):
        if isinstance(self.players, bool) or not 2 <= self.players <= 6:
            raise ValueError(f"players: expected 2 to 6 players, got {self.players!r}")
        if not 2 <= self.goal <= 1000:
            raise ValueError(f"goal: expected 2 to 1000, got {self.goal!r}")
        if not 2 <= self.die <= 20:
            raise ValueError(f"die: expected 2 to 20 faces, got {self.die!r}")
        if not 1 <= self.max_rounds <= 1000:
            raise ValueError(f"max_rounds: expected 1 to 1000, got {self.max_rounds!r}")
        if self.overshoot not in BOUNCE:
            raise ValueError(f"overshoot: expected one of {', '.join(BOUNCE)}, got "
                             f"{self.overshoot!r}")


READINGS = (
    Reading("overshoot",
            "The first player to land exactly on the goal wins.",
            "bounce", ("stay",),
            "The rule says exactly but not what a roll past the goal does; bouncing back by the "
            "excess is the common reading, staying put the other."),
)
'''

STATE = '''\
"""The state of a game of $title in progress."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class State:
    """Each seat's square, the seat to move, the two dice it rolled, the rounds played, whether
    a token landed on the goal, and the counts the metrics read."""

    square: list
    dice: tuple = ()
    seat: int = 0
    rounds: int = 0
    turns: int = 0
    landed: bool = False
    round_done: bool = False
    bounces: int = 0
    seat_high: list = field(default_factory=list)
'''

BOTS = '''\
"""The bots of $title (registered in game.py). A bot is a function
`(rules, state, seat, moves, rng, params) -> move`; `params` holds its parameters by name."""

from __future__ import annotations


def careful(rules, state, seat, moves, rng, params):
    """land on the goal when a die allows; within `near` of it, never overshoot; else the high die"""
    here = state.square[seat]
    for m in moves:
        if here + m == rules.goal:
            return m
    if rules.goal - here <= params["near"]:
        short = [m for m in moves if here + m < rules.goal]
        if short:
            return max(short)
    return moves[0]
'''

GAME = '''\
"""$title as a simlab game in plain Python (simlab's docs/your-own-game.md).

    simlab simulate $name --plugin $pkg/game.py -b careful,greedy
"""

from __future__ import annotations

from simlab.games.python import PythonGame

from . import bots
from .rules import READINGS, Rules
from .state import State


def _roll(rules, state, rng):
    """The seat to move rolls its two dice (the next decision's chance)."""
    state.dice = (rng.die(rules.die), rng.die(rules.die))


class $cls(PythonGame):
    """$title: race to land exactly on the goal."""

    name = "$name"
    title = "$title"
    rules = Rules
    min_players, max_players, default_players = 2, 6, 2
    default_bots = ("careful", "greedy")
    readings = READINGS
    score_sources = ("squares",)
    choice_names = ("high", "low")
    end_names = ("goal", "round limit")
    length_unit = "turns"
    counters = ("bounces",)
    seat_counters = ("high_dice",)

    def start(self, rules, rng):
        state = State([0] * rules.players, seat_high=[0] * rules.players)
        _roll(rules, state, rng)
        return state

    def to_move(self, rules, state):
        return state.seat

    def moves(self, rules, state):
        """Move by either die: the distinct values, highest first."""
        return tuple(sorted(set(state.dice), reverse=True))

    def play(self, rules, state, move, rng):
        s = state.seat
        state.round_done = False
        if move == max(state.dice):
            state.seat_high[s] += 1
        to = state.square[s] + move
        if to > rules.goal:
            state.bounces += 1
            to = 2 * rules.goal - to if rules.overshoot == "bounce" else state.square[s]
        state.square[s] = to
        state.landed = to == rules.goal
        state.turns += 1
        if s == rules.players - 1:
            state.rounds += 1
            state.round_done = True
        state.seat = (s + 1) % rules.players
        if not state.landed:
            _roll(rules, state, rng)

    def end(self, rules, state):
        if state.landed:
            return "goal"
        if state.rounds >= rules.max_rounds:
            return "round limit"
        return None

    def scores(self, rules, state):
        return state.square

    def choice(self, rules, state, move):
        return "high" if move == max(state.dice) else "low"

    def length(self, rules, state):
        return state.turns

    def checkpoint(self, rules, state):
        return state.round_done

    def counts(self, rules, state):
        return (state.bounces,)

    def seat_counts(self, rules, state):
        return [(h,) for h in state.seat_high]

    def describe(self, rules, before, move, after):
        s = before.seat
        return f"rolls {before.dice}, moves {move}: square {after.square[s]}"

    def show(self, rules, state):
        return "\\n".join(f"seat {s + 1}: square {q}" for s, q in enumerate(state.square))

    def check(self, rules, state):
        return [f"seat {s + 1} is on square {q}, off the track" for s, q in
                enumerate(state.square) if not 0 <= q <= rules.goal]


$cls.bot(params={"near": 6.0})(bots.careful)
'''

SCENARIO = """\
# Question: does the first seat of $title have an edge when both play careful?
name = "$name-seats"
game = "$name"
plugins = ["../$pkg/game.py"]
players = 2
bots = ["careful", "careful"]
seed = 1
games = 5_000
"""

TESTS = '''\
"""$title's tests: the conformance harness, the readings, a rule on a hand-built position and
the command line. Run them with `pytest`."""

from __future__ import annotations

from pathlib import Path

import pytest
from simlab.cli.main import main
from simlab.core.conformance import check_conformance
from simlab.core.readings import check_catalogue
from simlab.games.python import Stream, load
from simlab.games.registry import get_game

GAME_FILE = Path(__file__).resolve().parents[1] / "$pkg" / "game.py"


@pytest.fixture(scope="module")
def game():
    load(GAME_FILE)
    return get_game("$name")


@pytest.mark.parametrize("bots,players,rules", [
    ("random", 2, {}),
    ("careful,greedy", 2, {}),
    ("careful,random,greedy", 3, {"overshoot": "stay"}),
    ("careful", 2, {"max_rounds": 3}),
])
def test_conformance(game, bots, players, rules):
    """The same games alone and in any batch, invariants, and batches equal to a
    straightforward replay of each game."""
    r = game.make_rules(players, rules)
    check_conformance(game, r, game.lineup(bots, players), n_games=60)


def test_readings_catalogue(game):
    assert check_catalogue(game.readings(), game.make_rules, 2) == []


def test_landing_exactly_on_the_goal_wins(game):
    impl = game.impl
    rules = game.make_rules(2)
    state = impl.start(rules, Stream(0, 0))
    state.square = [rules.goal - 3, 0]
    state.dice = (3, 5)
    assert impl.moves(rules, state) == (5, 3)
    impl.play(rules, state, 3, Stream(0, 1))
    assert impl.end(rules, state) == "goal"
    assert impl.scores(rules, state) == [rules.goal, 0]


def test_an_overshoot_bounces_back(game):
    impl = game.impl
    rules = game.make_rules(2)
    state = impl.start(rules, Stream(0, 0))
    state.square = [rules.goal - 2, 0]
    state.dice = (5, 5)
    impl.play(rules, state, 5, Stream(0, 1))
    assert state.square[0] == rules.goal - 3
    assert impl.end(rules, state) is None


def test_the_command_line_plays_it(capsys):
    with pytest.raises(SystemExit) as done:
        main(["simulate", "$name", "--plugin", str(GAME_FILE), "-n", "200", "-b",
              "careful,greedy", "--quiet"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "careful" in out and "200 games" in out
'''


def names_for(name: str) -> dict:
    """The package, class and title a game name gives (``dice-race`` -> ``dice_race``,
    ``DiceRace``, ``Dice race``)."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise SimlabError(f"NAME: expected a lower-case game name such as 'dice-race' (letters, "
                          f"digits, - and _, a letter first), got {name!r}")
    pkg = name.replace("-", "_")
    cls = "".join(p.capitalize() for p in re.split(r"[-_]", name) if p)
    title = name.replace("-", " ").replace("_", " ").capitalize()
    return {"name": name, "pkg": pkg, "cls": cls, "title": title}


def write_skeleton(name: str, folder) -> list[Path]:
    """Write the skeleton of game ``name`` into ``folder`` (new, or empty); returns the files
    written."""
    from simlab.games.registry import GAMES

    subs = names_for(name)
    if name in GAMES:
        raise SimlabError(f"NAME: {name!r} is a game already; choose another name")
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise SimlabError(f"DIR: {str(folder)!r} exists and is not an empty folder; give a new "
                          f"folder")
    pkg = subs["pkg"]
    files = {
        "pyproject.toml": PYPROJECT, "README.md": README,
        f"{pkg}/__init__.py": INIT, f"{pkg}/rules.py": RULES, f"{pkg}/state.py": STATE,
        f"{pkg}/bots.py": BOTS, f"{pkg}/game.py": GAME,
        f"scenarios/{name}-seats.toml": SCENARIO, f"tests/test_{pkg}.py": TESTS,
    }
    written = []
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(text).substitute(subs))
        written.append(path)
    return written
