"""A table to play: the game, validated rules and line-up, and what a run echoes of them (the
settings that change nothing, the explanation of a result)."""

from __future__ import annotations

import numpy as np

from simlab.errors import SimlabError
from simlab.games.registry import get_game, split_bot_list, warn_rules


def make_table(game: str, players, bots, rules, data=None):
    """The game, player count, validated rules, line-up and kernel arrays of a table (a data
    folder's files under the rule overrides)."""
    g = get_game(game)
    if players is None:  # a line-up of several bots gives the table size

        names = split_bot_list(bots) if isinstance(bots, str) else bots
        n = len(names) if isinstance(names, list | tuple) else 0
        players = n if n > 1 and g.min_players <= n <= g.max_players else g.default_players
    if rules is not None and not isinstance(rules, dict):
        raise SimlabError(f"rules: expected a dict of path -> value, got {type(rules).__name__}")
    overrides = dict(rules or {})
    if data is not None:
        overrides = {**g.data_overrides(data), **overrides}
    rule_obj = g.make_rules(players, overrides)
    warn_rules(g, rule_obj)
    lineup = g.lineup(bots, players)
    return g, players, rule_obj, lineup, g.prepare(rule_obj, lineup)


def inert_settings(g, players: int, overrides: dict, data=None) -> list[str]:
    """Rule overrides that change nothing that is played, one sentence each: the game's own
    (:meth:`~simlab.games.registry.Game.inert_overrides`), and any whose kernel arrays equal
    the defaults' (a value equal to the default included)."""
    if not overrides and data is None:
        return []
    full = dict(overrides)
    if data is not None:
        full = {**g.data_overrides(data), **full}
    rules = g.make_rules(players, full)
    out = list(g.inert_overrides(rules, full))
    named = " ".join(out)
    base = g.make_rules(players, {})
    lineup = g.lineup(None, players)
    ref = _arrays_of(g.prepare(base, lineup))
    for path, value in overrides.items():
        if path in named:
            continue
        try:
            one = _arrays_of(g.prepare(g.make_rules(players, {path: value}), lineup))
        except Exception:  # noqa: BLE001 - a setting valid only with others: not judged alone
            continue
        if len(one) == len(ref) and all(np.array_equal(a, b) for a, b in zip(one, ref,
                                                                             strict=True)):
            out.append(f"--set {path}={value}: changes nothing that is played here (the "
                       f"rules' arrays are the defaults')")
    return out


def _arrays_of(prepared) -> list:
    """Every array of a prepared table's rule arrays (the line-up left out)."""
    out = []

    def walk(x):
        if isinstance(x, np.ndarray):
            out.append(x)
        elif isinstance(x, tuple) and hasattr(x, "_fields"):
            for f in x._fields:
                if f in ("lineup", "custom"):
                    continue
                walk(getattr(x, f))
        elif isinstance(x, int | float | bool | np.generic):
            out.append(np.asarray(x))

    walk(prepared)
    return out


def explain_summary(g, agg: dict, bot_agg: dict, labels: list, trials: list, plays: int) -> dict:
    """Where the points came from, what each bot chose, how games ended and how long they
    were, from the explanation aggregates (per seat each bot held; empty for a game that does
    not explain its results)."""
    if not getattr(g, "explains", False) or "src" not in agg:
        return {}
    out = {"score_sources": list(g.score_sources), "choices": list(g.choice_names),
           "length_unit": g.length_unit, "bots": {}}
    for j, lab in enumerate(labels):
        n = max(float(trials[j]), 1.0)
        out["bots"][lab] = {
            "points_by_source": {s: float(bot_agg["src"][j][k]) / n
                                 for k, s in enumerate(g.score_sources)},
            "choices_per_game": {c: float(bot_agg["choice"][j][k]) / n
                                 for k, c in enumerate(g.choice_names)}}
    ends = np.asarray(agg["ends"], dtype=float)
    total = max(float(ends.sum()), 1.0)
    out["ends"] = {e: float(ends[k]) / total for k, e in enumerate(g.end_names)}
    length = np.asarray(agg["length"], dtype=float)
    out["length_mean"] = float(length[0]) / total
    return out


