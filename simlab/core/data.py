"""The component data a designer replaces: export, check, and use a folder of TOML files.

Every game ships *assumed* component data (boards, cards, dice, town...) where its rulebook does
not print it. A designer who owns the real components types them in once: ``simlab data GAME
export DIR`` writes each assumed data file of the game with its documentation as editable TOML,
``simlab data GAME check DIR`` reads an edited copy back, locates every error (file, entry,
field, what was expected) and says how it differs from the defaults, and a scenario (or
``simlab.simulate(..., data=DIR)``) plays with it (``data = "DIR"``).

A game declares its files in ``simlab/games/<game>/data.py`` as ``FILES``, a list of
:class:`DataFile`. Reading a file turns it into ordinary rule overrides (the paths ``--set``
takes), so everything downstream (validation, scenario hashes, reports, readings) treats a
designer's data like any other rule change. This module knows no game.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from simlab.errors import SimlabError


@dataclass(frozen=True)
class DataFile:
    """One assumed data file of a game.

    Attributes
    ----------
    name : str
        File name in a data folder (``boards.toml``).
    title : str
        One line: what it holds.
    default_text : callable
        ``() -> str``: the shipped data as editable TOML, every entry documented in comments
        (what it is, the units, what the rulebook says of it, that it is assumed).
    read : callable
        ``(data: dict, where: str) -> (overrides, errors)``: the parsed TOML of a designer's file
        as rule overrides (``{path: value}`` as ``--set`` takes them) and every problem, each
        located as ``"<where>: <entry>: <field>: expected ..., got ..."``.
    """

    name: str
    title: str
    default_text: Callable[[], str]
    read: Callable[[dict, str], tuple[dict, list[str]]]


@dataclass(frozen=True)
class DataGenerator:
    """A seeded generator of rulebook-consistent alternatives to one piece of assumed data.

    A figure that rests on assumed component data is one draw from what the rulebook allows;
    a generator draws others, so robustness, sweeps and audits report the figure as a spread.
    Every alternative keeps every constraint the rulebook states and no constraint it does
    not (the shipped default may keep more: that is a choice, named in ``default``).

    Attributes
    ----------
    name : str
        The generator's name: the catalogue entry (:class:`simlab.core.readings.Reading`
        with ``generator=True``) of the data it replaces, e.g. ``board``; sweeps vary it as
        ``data.<name>`` (values: seeds), robustness names its context ``data:<name>``.
    title : str
        One line: what it draws.
    constraints : tuple of str
        Every constraint the rulebook states of this data, each kept by every draw.
    draw : callable
        ``(seed, players) -> dict``: the rule overrides (``--set`` paths) of alternative
        ``seed`` (a whole number >= 1; the same seed always gives the same data).
    default : str
        What the shipped default is (its name), and the constraints it keeps beyond these.
    """

    name: str
    title: str
    constraints: tuple[str, ...]
    draw: Callable[[int, int], dict]
    default: str = ""


@dataclass
class DataCheck:
    """What :func:`check_folder` found: the rule overrides of the files present, every error,
    the files read and missing, and each file's differences from the defaults."""

    overrides: dict
    errors: list[str]
    read: list[str]
    missing: list[str]
    differences: dict[str, list[str]]


def _flat(x, prefix: str = "") -> dict[str, object]:
    """``{"a": {"b": [1, 2]}}`` -> ``{"a.b[0]": 1, "a.b[1]": 2}``."""
    out = {}
    if isinstance(x, dict):
        for k, v in x.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
    elif isinstance(x, list) and x and all(isinstance(v, dict | list) for v in x):
        for i, v in enumerate(x):
            out.update(_flat(v, f"{prefix}[{i}]"))
    else:
        out[prefix] = x
    return out


def differences(default: dict, mine: dict) -> list[str]:
    """How ``mine`` differs from ``default``, one line per changed, added or removed entry."""
    a, b = _flat(default), _flat(mine)
    out = []
    for k in a:
        if k not in b:
            out.append(f"{k}: removed (default {a[k]!r})")
        elif a[k] != b[k]:
            out.append(f"{k}: {b[k]!r} (default {a[k]!r})")
    out += [f"{k}: {b[k]!r} (new)" for k in b if k not in a]
    return out


def parse_toml(path: Path, where: str) -> tuple[dict | None, list[str]]:
    """A file's TOML, or the located reason it cannot be read."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), []
    except OSError as e:
        return None, [f"{where}: cannot read it ({e.strerror or e})"]
    except UnicodeDecodeError:
        return None, [f"{where}: expected UTF-8 text"]
    except tomllib.TOMLDecodeError as e:
        return None, [f"{where}: not valid TOML: {e}"]


def check_folder(files: list[DataFile], folder, validate: Callable[[dict], list[str]] | None = None,
                 require_any: bool = True) -> DataCheck:
    """Read the data files of ``files`` present in ``folder``.

    Parameters
    ----------
    files : list of DataFile
        The game's data files.
    folder : path
        A folder of (some of) them; the files not there keep the defaults.
    validate : callable, optional
        ``overrides -> errors``: the game's own check of the combined overrides (its rules
        validation at each player count), run when every file read cleanly.
    require_any : bool
        Whether a folder with none of the files is an error.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise SimlabError(f"data: {str(folder)!r} is not a folder (expected a folder written by "
                          "`simlab data GAME export`)")
    overrides, errors, read, missing, diffs = {}, [], [], [], {}
    for f in files:
        path = folder / f.name
        if not path.is_file():
            missing.append(f.name)
            continue
        read.append(f.name)
        data, errs = parse_toml(path, str(path))
        if data is None:
            errors += errs
            continue
        ov, errs = f.read(data, str(path))
        errors += errs
        overrides.update(ov)
        diffs[f.name] = differences(tomllib.loads(f.default_text()), data)
    known = {f.name for f in files}
    strays = sorted(p.name for p in folder.glob("*.toml") if p.name not in known)
    for name in strays:
        errors.append(f"{folder / name}: not a data file of this game (expected one of "
                      f"{', '.join(sorted(known))})")
    if require_any and not read:
        errors.append(f"{folder}: none of the game's data files is there (expected "
                      f"{', '.join(f.name for f in files)})")
    if not errors and validate is not None:
        errors += validate(overrides)
    return DataCheck(overrides, errors, read, missing, diffs)
