"""Parameter paths: ``--set PATH=VALUE`` and scenario overrides on frozen rule dataclasses.

A game's rules are a frozen dataclass. ``apply_overrides(rules, {"timer_seconds": "2.5"})`` returns a
new, validated instance; values given as text (from the command line) are converted to the
field's type. Games may add their own path forms (Jelly: ``faces.3A.1 = "pod"``) by handling
them before calling :func:`apply_overrides`.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import types
import typing

from simlab.errors import SimlabError


def parse_assignment(text: str) -> tuple[str, str]:
    """Split ``PATH=VALUE`` (as given to ``--set``) into its parts."""
    if "=" not in text:
        raise SimlabError(f"--set: expected PATH=VALUE (e.g. timer_seconds=6.5), got {text!r}")
    path, value = text.split("=", 1)
    path = path.strip()
    if not path:
        raise SimlabError(f"--set: the path before '=' is empty in {text!r}")
    return path, value.strip()


def suggest(name: str, options) -> str:
    """A ' (did you mean ...?)' suffix for a misspelt name, or ''."""
    close = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _base(tp):
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _base(args[0]) if args else str
    return tp


@functools.lru_cache(maxsize=256)
def _adapter(tp):
    """pydantic's validator of a rule field's type (floats finite: a rule is never NaN)."""
    from typing import Annotated

    from pydantic import Field, TypeAdapter

    if tp is float:
        tp = Annotated[float, Field(allow_inf_nan=False)]
    return TypeAdapter(tp)


def coerce(value, tp, where: str):
    """Convert ``value`` (text or a Python value) to annotation ``tp`` with pydantic's
    ``TypeAdapter`` (lax mode: ``"6"`` is 6, ``"yes"`` is True, ``2.0`` is 2 but ``2.5`` is
    no whole number); a tuple given as text is split at its commas. Errors name ``where``."""
    from pydantic import ValidationError

    if value is None:
        return None
    tp = _base(tp)
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        item = args[0] if args else str
        if isinstance(value, str):
            parts = [p.strip() for p in value.strip("()[] ").split(",") if p.strip()]
        else:
            try:
                parts = list(value)
            except TypeError:
                raise SimlabError(f"{where}: expected {_describe(tp, 'tuple')}, got "
                                  f"{value!r}") from None
        try:
            return tuple(coerce(p, item, where) for p in parts)
        except SimlabError:
            raise SimlabError(f"{where}: expected {_describe(tp, 'tuple')}, got {value!r}") \
                from None
    if tp is str:
        return str(value)
    if tp not in (int, float, bool):
        return value
    if tp is int and isinstance(value, str):   # "1e3" is a whole number too
        try:
            f = float(value)
            value = f if f.is_integer() else value
        except ValueError:
            pass
    try:
        return _adapter(tp).validate_python(value)
    except ValidationError:
        name = getattr(tp, "__name__", str(tp))
        raise SimlabError(f"{where}: expected {_describe(tp, name)}, got {value!r}") from None


def _describe(tp, name):
    if typing.get_origin(tp) is tuple:
        args = typing.get_args(tp)
        item = getattr(args[0], "__name__", "value") if args else "value"
        return f"a comma-separated list of {_describe(args[0], item) if args else 'values'}"
    return {"int": "a whole number", "float": "a number", "bool": "true or false",
            "str": "text"}.get(name, name)


def apply_overrides(rules, overrides: dict, where: str = "rules"):
    """Return ``rules`` with fields replaced by ``overrides`` (validated by the class).

    A path is a field name, or ``field.N`` for element N (from 0) of a tuple field. An empty
    per-seat tuple ``seat_X`` reads as ``X`` for every seat, so ``seat_starting_jelly.3 = 4``
    changes only the fourth seat's. Unknown names raise :class:`SimlabError` listing a close
    match.
    """
    if not overrides:
        return rules
    fields = {f.name: f for f in dataclasses.fields(rules) if f.init}
    hints = typing.get_type_hints(type(rules))
    changes, elements = {}, []
    for path, value in overrides.items():
        name, _, index = str(path).partition(".")
        if index and name in fields and typing.get_origin(hints[name]) is tuple:
            if not index.isdigit():
                raise SimlabError(f"{where}.{path}: expected {name}.N with N a position from 0")
            elements.append((path, name, int(index), value))
            continue
        if path not in fields:
            raise SimlabError(f"{where}: unknown rule {path!r}{suggest(path, fields)}; "
                              f"known: {', '.join(sorted(fields))}")
        changes[path] = coerce(value, hints[path], f"{where}.{path}")
    rules = dataclasses.replace(rules, **changes) if changes else rules
    for path, name, i, value in elements:
        cur = list(getattr(rules, name))
        if not cur and name.startswith("seat_") and hasattr(rules, name[5:]) and \
                hasattr(rules, "players"):
            cur = [getattr(rules, name[5:])] * int(rules.players)
        if i >= len(cur):
            raise SimlabError(f"{where}.{path}: {name} has {len(cur)} entries (0.."
                              f"{len(cur) - 1}), got position {i}")
        args = typing.get_args(hints[name])
        cur[i] = coerce(value, args[0], f"{where}.{path}") if args else value
        rules = dataclasses.replace(rules, **{name: tuple(cur)})
    return rules


def rule_value(rules, path: str):
    """The current value at a rule path (``field`` or ``field.N``, as in
    :func:`apply_overrides`); None when the path does not name a value."""
    name, _, index = str(path).partition(".")
    if not hasattr(rules, name):
        return None
    cur = getattr(rules, name)
    if not index:
        return cur
    if not index.isdigit() or not isinstance(cur, tuple):
        return None
    if not cur and name.startswith("seat_") and hasattr(rules, name[5:]) and \
            hasattr(rules, "players"):
        cur = (getattr(rules, name[5:]),) * int(rules.players)
    i = int(index)
    return cur[i] if i < len(cur) else None
