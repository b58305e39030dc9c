"""The readings catalogue: every place where a game's code chooses what a rulebook does not settle.

A *reading* is a named rule option (set like any rule: ``--set NAME=VALUE``, ``rules.NAME`` in
scenarios and sweeps) with a default, its alternatives, the rulebook sentence it interprets and
why the default was chosen. Component data the rulebook does not print (board faces, card lists,
die faces) is catalogued too, marked ``assumed``, with the file that holds it.

Each game lists its catalogue in ``simlab/games/<game>/readings.py`` as ``READINGS``, a list of
:class:`Reading`; ``simlab readings GAME`` prints it and :func:`check_catalogue` (run by every
game's tests) keeps it honest: each reading names a real rule option whose default is the
catalogued one, and each alternative is accepted by the rules' validation.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from simlab.errors import SimlabError


@dataclass(frozen=True)
class Reading:
    """One reading of a rulebook, or one piece of assumed component data.

    Attributes
    ----------
    name : str
        The rule option that sets it (``drone_step``), or for component data its path
        (``faces``, ``board``); the path is what ``--set`` and ``rules.`` take.
    rule : str
        The rulebook sentence it interprets, quoted (or what the rulebook says of the data).
    default : object
        The value played unless a scenario or ``--set`` changes it.
    alternatives : tuple
        The other values a designer may set (for component data: how to replace it).
    why : str
        Why the default was chosen.
    assumed : bool
        True for component data (or a number) the rulebook does not print.
    file : str
        For component data: the file of the package that holds it.
    fixed : bool
        True for a reading the engines hard-code today (not yet a rule option): listed so a
        designer knows it is there; the game's own issue makes it settable.
    generator : bool
        True for assumed component data that has a seeded generator of rulebook-consistent
        alternatives (:class:`simlab.core.data.DataGenerator` of the same ``name``): a figure
        that rests on it can be reported as a spread over generated alternatives.
    constraints : tuple of str
        For a generator: every constraint the rulebook states that each alternative keeps.
    """

    name: str
    rule: str
    default: object
    alternatives: tuple
    why: str
    assumed: bool = False
    file: str = ""
    fixed: bool = False
    generator: bool = False
    constraints: tuple = ()

    def to_dict(self) -> dict:
        """JSON-ready fields (tuples as lists)."""
        d = dataclasses.asdict(self)
        d["default"] = _plain(self.default)
        d["alternatives"] = [_plain(a) for a in self.alternatives]
        if not self.file:
            d.pop("file")
        if not self.fixed:
            d.pop("fixed")
        if not self.generator:
            d.pop("generator")
            d.pop("constraints")
        else:
            d["constraints"] = list(self.constraints)
        return d


def _plain(x):
    if isinstance(x, tuple):
        return [_plain(v) for v in x]
    return x


def settable(reading: Reading) -> bool:
    """Is this reading a plain rule option (rather than component data set by path)?"""
    return not reading.file and not reading.fixed


def check_catalogue(readings: list[Reading], make_rules, players: int) -> list[str]:
    """Problems of a game's catalogue (empty when every entry is sound).

    Every settable reading must be a field of the rules ``make_rules(players, {})`` builds,
    whose value there equals the catalogued default, and every alternative must pass the
    rules' validation (it is a value a designer may set); every entry quotes the rulebook and
    says why.
    """
    problems = []
    rules = make_rules(players, {})
    fields = {f.name for f in dataclasses.fields(rules)}
    seen = set()
    for r in readings:
        if r.name in seen:
            problems.append(f"{r.name}: listed twice")
        seen.add(r.name)
        if not r.rule.strip() or not r.why.strip():
            problems.append(f"{r.name}: needs the rulebook sentence it reads and why")
        if not settable(r):
            continue
        if r.name not in fields:
            problems.append(f"{r.name}: not a rule option of {type(rules).__name__}")
            continue
        have = getattr(rules, r.name)
        if _plain(have) != _plain(r.default):
            problems.append(f"{r.name}: catalogue default {r.default!r} but the rules play "
                            f"{have!r}")
        for alt in r.alternatives:
            try:
                make_rules(players, {r.name: alt})
            except SimlabError as e:
                problems.append(f"{r.name}: alternative {alt!r} is refused: {e}")
    return problems


def differing(readings: list[Reading], rules) -> list[tuple[str, object, object]]:
    """The readings in force in ``rules`` that differ from the catalogue's defaults:
    ``(name, value, default)`` for each settable reading."""
    out = []
    for r in readings:
        if not settable(r) or not hasattr(rules, r.name):
            continue
        have = getattr(rules, r.name)
        if _plain(have) != _plain(r.default):
            out.append((r.name, have, r.default))
    return out
