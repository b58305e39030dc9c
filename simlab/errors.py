"""Errors raised for bad input. The CLI turns these into one-line messages and exit code 2."""

from __future__ import annotations


class SimlabError(ValueError):
    """Bad input from a designer: a scenario file, a CLI option or an API argument.

    The message names where the problem is (file, field or option) and what was expected.
    """


class SimlabWarning(UserWarning):
    """Input that plays but breaks something the rulebook states (e.g. a Monkey Fun board with
    field 36 outside the inner square). The CLI prints these as ``simlab: warning: ...`` on
    stderr; reports list them too."""
