"""What simlab asks of a plain-Python game: the methods, a bot's arguments, and the checks.

Shared by :mod:`simlab.games.python.protocol` (the designer's base class) and the adapter that
turns a game into a :class:`simlab.games.registry.Game`; it imports nothing of either.
"""

from __future__ import annotations

import inspect

from simlab.errors import SimlabError

#: the methods a game must write, with the arguments simlab passes (after ``self``)
REQUIRED = {
    "start": ("rules", "rng"),
    "to_move": ("rules", "state"),
    "moves": ("rules", "state"),
    "play": ("rules", "state", "move", "rng"),
    "end": ("rules", "state"),
    "scores": ("rules", "state"),
}
#: the methods a game may write (defaults below)
OPTIONAL = {
    "sources": ("rules", "state"),
    "choice": ("rules", "state", "move"),
    "length": ("rules", "state"),
    "checkpoint": ("rules", "state"),
    "counts": ("rules", "state"),
    "seat_counts": ("rules", "state"),
    "winners": ("rules", "state"),
    "value": ("rules", "state", "seat", "params"),
    "copy": ("state",),
    "describe": ("rules", "before", "move", "after"),
    "show": ("rules", "state"),
    "check": ("rules", "state"),
    "seats_identical": ("rules",),
    "rule_warnings": ("rules",),
    "inert_overrides": ("rules", "overrides"),
}
#: the arguments of a bot function
BOT_ARGS = ("rules", "state", "seat", "moves", "rng", "params")


class PyBot:
    """A bot of a plain-Python game: its function, parameters with defaults, description and
    the file that defined it."""

    __slots__ = ("name", "fn", "params", "defaults", "doc", "source")

    def __init__(self, name, fn, params: dict, doc: str, source: str):
        self.name, self.fn, self.doc, self.source = name, fn, doc, source
        self.params = tuple(params)
        self.defaults = tuple(float(v) for v in params.values())

    def __repr__(self):
        return f"PyBot({self.name!r})"


def _source_of(fn) -> str:
    try:
        return inspect.getsourcefile(fn) or "<unknown>"
    except TypeError:
        return "<unknown>"


def make_bot(fn, name: str | None, params: dict | None, doc: str | None, where: str) -> PyBot:
    """Check a bot function (six arguments, numeric parameters) and wrap it."""
    if not callable(fn):
        raise SimlabError(f"{where}: decorate a function")
    try:
        argnames = tuple(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        argnames = ()
    if len(argnames) != len(BOT_ARGS):
        raise SimlabError(f"{where}: bot {getattr(fn, '__name__', fn)} must take "
                          f"{len(BOT_ARGS)} arguments ({', '.join(BOT_ARGS)}), it takes "
                          f"{len(argnames)}: {', '.join(argnames) or 'none'}")
    params = dict(params or {})
    for k, v in params.items():
        if not isinstance(k, str) or not k.isidentifier():
            raise SimlabError(f"{where}: parameter names must be identifiers, got {k!r}")
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise SimlabError(f"{where}: parameter {k!r} needs a number as default, got {v!r}")
    text = doc or (inspect.getdoc(fn) or "custom bot").strip().splitlines()[0]
    return PyBot(name or fn.__name__, fn, params, text, _source_of(fn))



def written(game, method: str) -> bool:
    """Whether ``game``'s class writes ``method`` itself rather than inheriting the protocol's
    default (the base class marks itself with ``_simlab_protocol_base``)."""
    cls = type(game)
    base = next((k for k in cls.__mro__ if k.__dict__.get("_simlab_protocol_base")), None)
    if base is None:
        return callable(getattr(cls, method, None))
    return getattr(cls, method, None) is not base.__dict__.get(method)
