"""Scenario files: a designer's question as TOML, validated into a :class:`Scenario`.

A scenario names the game, the players and the bot of each seat, rule and component-data
overrides, the seed, and either a game count or a precision target. One of three optional
tables makes it more than a single run:

``[sweep]``
    A grid over rule or bot parameters (lists and ranges), or Sobol samples of continuous
    ranges (``method = "sobol"``).
``[compare]``
    Named variants (``[compare.A]``, ``[compare.B]``...) of the rules, against the baseline.
``[tournament]``
    Every pair of the listed bots, with seat rotation: a head-to-head win-share matrix, the
    dominant bot if any and the meta-game's Nash equilibrium.
``[tune]``
    Tune a bot's parameters against a field (``against``, ``budget``, ``params``, ``bounds``,
    ``save``): see :mod:`simlab.analysis.tune`.
``[balance]``
    Find the value of ``param`` that meets ``target`` (``range``, ``precision``): see
    :mod:`simlab.analysis.balance`.
``[skill]``
    The skill ladder of the search bot (``budgets``, ``opponents``, ``games``): see
    :mod:`simlab.analysis.skill`.

``[strength]`` and ``[spread]`` may go beside a single point or a ``[compare]``: the question
asked again with equal players of rising strength (greedy, tuned, search at two budgets), and
over generated rulebook-consistent alternatives of the assumed data (a spread: median and
range, and where the shipped data sits).

``[robustness]`` may go beside any of them: how ``simlab robustness`` checks the scenario's
findings (``games``, ``populations``, ``readings``, ``lookahead_budget``, ``tuned``...): see
:mod:`simlab.analysis.robustness`.

``rotate_seats = true`` plays every distinct seating of the line-up (every order of the bots
round the table, not only cyclic shifts; five or more different bots: a balanced set in which
each bot sits in each seat and directly after each other bot equally often), each on the same
games; ``games`` is then the number of games per seating. ``mixed_bots = [...]`` adds a second
table to a seat-balance question: the equal players of ``bots`` answer it, the mixed line-up
is shown after them, in every seating (``mixed_games`` per seating; default: ``games``
shared out over its seatings).

``plugins = ["mybots.py", "tuned.toml"]`` loads custom bots (Python files using
``@simlab.bot``) and saved bots (``simlab tune --save``), relative to the scenario file, so the
line-up can name them.

Parameter paths, in ``[sweep.params]`` and ``[compare.*]``: ``data.<generator>`` for a seed of
a generated alternative of the game's assumed data (``simlab readings GAME`` lists the
generators; 0 is the shipped data), ``rules.<path>`` for any rule
(``rules.timer_seconds``, ``rules.faces.3A.1``, ``rules.district.2.0``), ``bot.<seat>.<param>`` for
the bot of one seat (seats from 1), ``bots.<name>.<param>`` for every seat with that bot. Inside
``[compare.*]`` a bare path is a rule path.

Errors are collected, not raised one by one: every problem of a file is reported at once, each
with the file, the key path and what was expected (and a suggestion for a misspelt key).
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from simlab.core.params import suggest
from simlab.errors import SimlabError

Scalar = int | float | str | bool


# ---------------------------------------------------------------------------- balance targets
TARGETS = ("win_share", "score_margin", "seat_spread")


@dataclass(frozen=True)
class Target:
    """A balance target: kind, optional entity (bot name or ``seat N``) and value."""

    kind: str
    value: float
    entity: str | None = None

    @property
    def label(self) -> str:
        ent = f" of {self.entity}" if self.entity else ""
        return {"win_share": f"win share{ent}", "score_margin": f"score margin{ent}",
                "seat_spread": "seat spread"}[self.kind]


def parse_target(text: str) -> Target:
    """``win_share:farmer=0.3``, ``score_margin=0``, ``seat_spread=0.01``."""
    head, sep, val = str(text).partition("=")
    if not sep:
        raise SimlabError(f"--target: expected KIND=VALUE with KIND one of {', '.join(TARGETS)}"
                          f", got {text!r}")
    kind, _, entity = head.strip().partition(":")
    if kind not in TARGETS:
        raise SimlabError(f"--target: unknown target {kind!r}{suggest(kind, TARGETS)}; "
                          f"expected one of {', '.join(TARGETS)}")
    try:
        value = float(val)
    except ValueError:
        raise SimlabError(f"--target: {kind}: expected a number after '=', got {val!r}") \
            from None
    if kind in ("win_share", "seat_spread") and not 0 <= value <= 1:
        raise SimlabError(f"--target: {kind}: expected a share between 0 and 1, got {value:g}")
    if kind == "seat_spread" and entity:
        raise SimlabError("--target: seat_spread takes no entity")
    return Target(kind, value, entity.strip() or None)


class ScenarioError(SimlabError):
    """A scenario file with problems; ``errors`` lists every one of them."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        super().__init__("\n".join(errors) if len(errors) > 1 else errors[0])


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Precision(_Model):
    """Run until the 95% half-width of every seat's win share is at most ``epsilon``."""

    epsilon: float = Field(gt=0, lt=0.5, description="target half-width, e.g. 0.005")
    max_games: int = Field(default=2_000_000, ge=100, description="cap on games per point")
    min_games: int = Field(default=2_000, ge=10, description="games before the first check")


class RangeSpec(_Model):
    """``{start = 0, stop = 10, step = 2}``: start, start+step, ... up to and including stop."""

    start: float
    stop: float
    step: float = Field(gt=0)


class IntervalSpec(_Model):
    """``{low = -5, high = 0}``: a continuous range (Sobol sampling); ``integer`` rounds."""

    low: float
    high: float
    integer: bool = False


class SweepSpec(_Model):
    """A sweep over parameters: the full grid, or ``samples`` Sobol points of the ranges."""

    method: Literal["grid", "sobol"] = "grid"
    samples: int = Field(default=16, ge=2, le=4096)
    params: dict[str, list[Scalar] | RangeSpec | IntervalSpec]

    @field_validator("params")
    @classmethod
    def _not_empty(cls, v):
        if not v:
            raise ValueError("give at least one parameter to sweep")
        for k, spec in v.items():
            if isinstance(spec, list) and not spec:
                raise ValueError(f"{k}: the list of values is empty")
        return v


class TournamentSpec(_Model):
    """Every pair of ``bots`` plays ``games`` games per seat rotation."""

    bots: list[str] = Field(min_length=2)
    games: int | None = Field(default=None, ge=10)


class TuneSpec(_Model):
    """``[tune]``: the best response of a bot (default ``weights``) to a field."""

    against: list[str] | str
    budget: int = Field(default=100_000, ge=100)
    games_per_eval: int | None = Field(default=None, ge=10)
    validation_games: int | None = Field(default=None, ge=100)
    bot: str = "weights"
    params: list[str] | None = None
    bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)
    save: str | None = None


class BalanceSpec(_Model):
    """``[balance]``: the value of ``param`` that meets ``target``."""

    param: str
    target: str
    range: tuple[float, float] | None = None
    precision: float | None = Field(default=None, gt=0)
    max_games: int = Field(default=400_000, ge=100)
    grid: int = Field(default=7, ge=3, le=101)


class SkillSpec(_Model):
    """``[skill]``: the skill ladder of the game's search bot."""

    budgets: list[int] = Field(default_factory=lambda: [1, 2, 4, 8, 16], min_length=2)
    opponents: list[str] = Field(default_factory=lambda: ["greedy", "random"], min_length=1)
    games: int = Field(default=400, ge=10)
    bot: str | None = None             # default: the game's search bot
    budget_param: str | None = None    # default: its budget parameter


class StrengthSpec(_Model):
    """``[strength]``: the scenario's question asked again with equal players of rising
    strength (every seat the same bot): ``levels`` are bot labels, or ``tuned`` (the weights
    bot tuned against greedy, cached beside the results) and ``search:N`` (the game's search
    bot at budget N); default: the game's ladder (``Game.strength_ladder``)."""

    levels: list[str] | None = None
    games: int | None = Field(default=None, ge=10)
    search_games: int | None = Field(default=None, ge=10)
    tune_budget: int = Field(default=20_000, ge=100)


class SpreadSpec(_Model):
    """``[spread]``: the scenario's question asked again over ``alternatives`` generated
    rulebook-consistent alternatives of each assumed data the game can generate
    (``generators``, default all): the figures as a spread (median, range), and where the
    shipped data sits in it."""

    generators: list[str] | None = None
    alternatives: int = Field(default=20, ge=2, le=1000)
    games: int | None = Field(default=None, ge=10)


class RobustnessSpec(_Model):
    """``[robustness]``: how ``simlab robustness`` checks the scenario's findings (see
    :mod:`simlab.analysis.robustness`)."""

    games: int | None = Field(default=None, ge=20, le=10**7)
    populations: list[Literal["lineup", "greedy", "tuned", "lookahead", "noise"]] | None = None
    readings: bool | list[str] = True
    lookahead_budget: int | None = Field(default=None, ge=1, le=10_000)
    lookahead_games: int | None = Field(default=None, ge=10)
    tune_budget: int | None = Field(default=None, ge=100)
    tuned: str | None = None
    jitter: float = Field(default=0.2, gt=0, lt=1)
    bootstrap: int | None = Field(default=None, ge=100, le=10_000)
    lineup: bool = True
    replacements: list[str] | None = None
    data_alternatives: int | None = Field(default=None, ge=0, le=1000)


class Scenario(_Model):
    """A validated scenario (see the module docstring for the file format)."""

    name: str = ""
    description: str = ""
    game: str
    players: int | None = None
    bots: list[str] | str | None = None
    seed: int = Field(default=0, ge=0, lt=2**63)
    games: int | None = Field(default=None, ge=1, le=10**10)
    precision: Precision | None = None
    rotate_seats: bool = False
    mixed_bots: list[str] | str | None = None
    mixed_games: int | None = Field(default=None, ge=1, le=10**10)
    plugins: list[str] = Field(default_factory=list)
    data: str | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    sweep: SweepSpec | None = None
    compare: dict[str, dict[str, Any]] | None = None
    tournament: TournamentSpec | None = None
    tune: TuneSpec | None = None
    balance: BalanceSpec | None = None
    skill: SkillSpec | None = None
    robustness: RobustnessSpec | None = None
    strength: StrengthSpec | None = None
    spread: SpreadSpec | None = None

    @property
    def kind(self) -> str:
        """``tune``, ``balance``, ``skill``, ``tournament``, ``sweep``, ``compare`` or
        ``single``."""
        for k in ("tune", "balance", "skill"):
            if getattr(self, k) is not None:
                return k
        if self.tournament is not None:
            return "tournament"
        if self.sweep is not None:
            return "sweep"
        if self.compare is not None:
            return "compare"
        return "single"


def _loc(loc) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _model_fields(loc) -> list[str]:
    model = Scenario
    for part in loc[:-1]:
        ann = model.model_fields.get(part) if isinstance(part, str) else None
        if ann is None:
            return []
        for cand in (Precision, SweepSpec, TournamentSpec, RobustnessSpec, StrengthSpec,
                     SpreadSpec):
            if cand.__name__ in str(ann.annotation):
                model = cand
                break
        else:
            return []
    return list(model.model_fields)


def _pydantic_errors(err: ValidationError, where: str) -> list[str]:
    out = []
    for e in err.errors():
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p[0].isupper()
                                               or p in ("list[union[int,float,str,bool]]",
                                                        "str", "list[str]")))
        path = _loc(loc) or "(top level)"
        if e["type"] == "extra_forbidden":
            key = str(loc[-1]) if loc else ""
            hint = suggest(key, _model_fields(loc)) if loc else ""
            msg = f"unknown key{hint}"
        elif e["type"] == "missing":
            msg = "required key is missing"
        else:
            msg = e["msg"]
        line = f"{where}: {path}: {msg}"
        if line not in out:
            out.append(line)
    return out


def load_scenario(source, *, name_hint: str | None = None) -> tuple[Scenario, str]:
    """Read and validate a scenario from a path, TOML text or a dict.

    Returns
    -------
    (Scenario, str)
        The validated scenario and its source text (TOML, or a repr for dicts).

    Raises
    ------
    ScenarioError
        With every problem found, each naming the file, the key path and what was expected.
    """
    if isinstance(source, dict):
        data, text, where = dict(source), repr(source), "scenario"
    else:
        path = Path(source)
        where = str(path)
        if not path.is_file():
            raise ScenarioError([f"{where}: no such scenario file"])
        text = path.read_text()
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ScenarioError([f"{where}: not valid TOML: {e}"]) from None
        name_hint = name_hint or path.stem
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as e:
        errors = _pydantic_errors(e, where)
        # still report the semantic problems of the well-formed part, so that every error of
        # the file is listed at once
        bad = {err["loc"][0] for err in e.errors() if err["loc"]}
        rest = {k: v for k, v in data.items() if k not in bad}
        try:
            partial = Scenario.model_validate(rest)
        except ValidationError:
            partial = None
        if partial is not None:
            errors += [m for m in check_semantics(partial, where)
                       if not any(m.startswith(f"{where}: {b}") for b in bad)]
        raise ScenarioError(errors) from None
    if not sc.name:
        sc = sc.model_copy(update={"name": name_hint or "scenario"})
    if sc.plugins:  # custom and saved bots, paths relative to the scenario file
        from simlab.games.plugins import load_plugins

        base = Path(source).parent if not isinstance(source, dict) else Path(".")
        paths = [p if Path(p).is_absolute() else str(base / p) for p in sc.plugins]
        try:
            load_plugins(paths, f"{where}: plugins")
        except SimlabError as e:
            raise ScenarioError([str(e)]) from None
        # resolved, so the stored scenario (a results folder's manifest) loads them anywhere
        sc = sc.model_copy(update={"plugins": [str(Path(p).resolve()) for p in paths]})
    if sc.data:  # a designer's component data: its files become rule overrides ([rules] win)
        sc = _with_data(sc, source, where)
    errors = check_semantics(sc, where)
    if errors:
        raise ScenarioError(errors)
    return sc, text


def _with_data(sc: Scenario, source, where: str) -> Scenario:
    """``sc`` with the data folder's files read into its rules (``data = "DIR"``, relative to
    the scenario file): the rules then hold the data, so stored results need no folder."""
    from simlab.games.registry import GAMES, get_game

    if sc.game not in GAMES:
        return sc  # check_semantics names the unknown game
    base = Path(source).parent if not isinstance(source, dict) else Path(".")
    folder = Path(sc.data) if Path(sc.data).is_absolute() else base / sc.data
    g = get_game(sc.game)
    try:
        found = g.check_data(folder)
    except SimlabError as e:
        raise ScenarioError([f"{where}: data: {str(e).split(': ', 1)[-1]}"]) from None
    if found.errors:
        raise ScenarioError([f"{where}: data: {e}" for e in found.errors])
    return sc.model_copy(update={"rules": {**found.overrides, **sc.rules}, "data": None})


def _analysis_semantics(sc: Scenario, g, players: int, where: str) -> list[str]:
    """Checks of the [tune], [balance] and [skill] tables."""
    from simlab.games.registry import split_bot_list

    errs = []
    known = g.all_bots()
    if sc.tune is not None:
        t = sc.tune
        names = split_bot_list(t.against) if isinstance(t.against, str) else list(t.against)
        for i, b in enumerate(names):
            try:
                g.lineup([b], 1, f"tune.against[{i}]")
            except SimlabError as e:
                errs.append(f"{where}: {e}")
        if t.bot not in known:
            errs.append(f"{where}: tune.bot: unknown bot {t.bot!r}{suggest(t.bot, known)}")
        else:
            for n in list(t.params or []) + list(t.bounds):
                if n not in known[t.bot].params:
                    errs.append(f"{where}: tune: {t.bot} has no parameter {n!r}"
                                f"{suggest(n, known[t.bot].params)}")
            for n, (lo, hi) in t.bounds.items():
                if not lo < hi:
                    errs.append(f"{where}: tune.bounds.{n}: expected [low, high] with low < "
                                f"high, got [{lo:g}, {hi:g}]")
    if sc.skill is not None:
        k = sc.skill
        kbot = k.bot or g.search_bot
        kparam = k.budget_param or g.search_param
        if kbot not in known:
            errs.append(f"{where}: skill.bot: {g.title} has no bot {kbot!r}")
        elif kparam not in known[kbot].params:
            errs.append(f"{where}: skill.budget_param: {kbot} has no parameter "
                        f"{kparam!r}")
        if min(k.budgets) < 1:
            errs.append(f"{where}: skill.budgets: expected budgets >= 1")
        for i, b in enumerate(k.opponents):
            try:
                g.lineup([b], 1, f"skill.opponents[{i}]")
            except SimlabError as e:
                errs.append(f"{where}: {e}")
    if sc.balance is not None:
        b = sc.balance
        try:
            parse_target(b.target)
        except SimlabError as e:
            errs.append(f"{where}: balance.target: {str(e).split(': ', 1)[-1]}")
        if split_path(b.param, True)[0] in ("bad", "players"):
            errs.append(f"{where}: balance.param: expected rules.<rule path>, bot.<seat>.<param>"
                        f" or bots.<bot name>.<param>, got {b.param!r}")
        if b.range is not None and not b.range[0] < b.range[1]:
            errs.append(f"{where}: balance.range: expected [low, high] with low < high")
    return errs


def check_semantics(sc: Scenario, where: str) -> list[str]:
    """Everything pydantic cannot know: the game, bots, rule paths and parameter paths."""
    from simlab.games.registry import GAMES, get_game

    errors: list[str] = []
    if sc.game not in GAMES:
        return [f"{where}: game: unknown game {sc.game!r}{suggest(sc.game, GAMES)}; "
                f"known: {', '.join(GAMES)}"]
    g = get_game(sc.game)
    players = sc.players if sc.players is not None else g.default_players
    try:
        g.check_players(players, "players")
    except SimlabError as e:
        errors.append(f"{where}: {e}")
        return errors
    if sc.games is not None and sc.precision is not None:
        errors.append(f"{where}: games: give either games or [precision], not both")
    if sc.kind not in ("tournament", "tune", "skill", "balance") and sc.games is None and \
            sc.precision is None:
        errors.append(f"{where}: games: required (a number of games), or a [precision] table")
    kinds = [k for k in ("sweep", "compare", "tournament", "tune", "balance", "skill")
             if getattr(sc, k) is not None]
    if len(kinds) > 1:
        errors.append(f"{where}: {kinds[1]}: only one of [sweep], [compare], [tournament], "
                      f"[tune], [balance], [skill] per scenario")
    try:
        lineup = g.lineup(sc.bots, players, "bots")
    except SimlabError as e:
        errors.append(f"{where}: {e}")
        lineup = None
    for table in ("strength", "spread"):
        if getattr(sc, table) is not None and sc.kind not in ("single", "compare"):
            errors.append(f"{where}: {table}: asks a single point's or a [compare]'s question "
                          f"again; not with [{sc.kind}]")
    if sc.spread is not None:
        known = [gen.name for gen in g.data_generators()]
        if not known:
            errors.append(f"{where}: spread: {g.title} has no generator of assumed data")
        for name in sc.spread.generators or []:
            if name not in known:
                errors.append(f"{where}: spread.generators: no generator {name!r}"
                              f"{suggest(name, known)}; generators: {', '.join(known)}")
    if sc.strength is not None and sc.strength.levels is not None:
        for i, lev in enumerate(sc.strength.levels):
            if lev == "tuned" or lev.startswith("search:"):
                if lev.startswith("search:") and not lev[7:].isdigit():
                    errors.append(f"{where}: strength.levels[{i}]: expected search:N with N "
                                  f"a budget, got {lev!r}")
                continue
            try:
                g.lineup([lev], 1, f"strength.levels[{i}]")
            except SimlabError as e:
                errors.append(f"{where}: {e}")
    if sc.mixed_bots is not None:
        if sc.kind != "single":
            errors.append(f"{where}: mixed_bots: a second table of mixed bots goes with a "
                          f"single point (a seat-balance question), not with [{sc.kind}]")
        try:
            g.lineup(sc.mixed_bots, players, "mixed_bots")
        except SimlabError as e:
            errors.append(f"{where}: {e}")
    base_rules = sc.rules
    try:
        g.make_rules(players, sc.rules, "rules")
    except SimlabError as e:
        errors.append(f"{where}: {e}")
        base_rules = {}
    if sc.tournament is not None:
        for i, b in enumerate(sc.tournament.bots):
            try:
                g.lineup([b] * players, players, f"tournament.bots[{i}]")
            except SimlabError as e:
                errors.append(f"{where}: {e}")
        if sc.tournament.games is None and sc.games is None:
            errors.append(f"{where}: tournament.games: required (games per seat rotation)")
    errors += _analysis_semantics(sc, g, players, where)
    if sc.compare is not None:
        if not sc.compare:
            errors.append(f"{where}: compare: give at least one variant ([compare.A])")
        for name, over in sc.compare.items():
            for path, value in over.items():
                errors += _check_param(g, base_rules, players, lineup, path, [value],
                                       f"{where}: compare.{name}.{path}", rule_default=True)
    if sc.sweep is not None:
        for path, spec in sc.sweep.params.items():
            if isinstance(spec, IntervalSpec):
                if sc.sweep.method != "sobol":
                    errors.append(f"{where}: sweep.params.{path}: a {{low, high}} range needs "
                                  f"method = \"sobol\"; use a list or {{start, stop, step}} "
                                  f"for a grid")
                    continue
                if spec.high <= spec.low:
                    errors.append(f"{where}: sweep.params.{path}: high must exceed low")
                    continue
                values = [spec.low, spec.high]
            else:
                values = expand_values(spec)
                if isinstance(spec, RangeSpec) and len(values) > 10_000:
                    errors.append(f"{where}: sweep.params.{path}: range has {len(values)} "
                                  f"values; at most 10000")
                    continue
            errors += _check_param(g, base_rules, players, lineup, path, values,
                                   f"{where}: sweep.params.{path}", rule_default=False)
        if sc.sweep.method == "grid":
            size = 1
            for spec in sc.sweep.params.values():
                if not isinstance(spec, IntervalSpec):
                    size *= len(expand_values(spec))
            if size > 10_000:
                errors.append(f"{where}: sweep: the grid has {size} points; at most 10000 "
                              f"(use method = \"sobol\" for large spaces)")
    return errors


def expand_values(spec) -> list:
    """Values of a list or ``{start, stop, step}`` spec (ints stay ints)."""
    if isinstance(spec, list):
        return list(spec)
    n = int((spec.stop - spec.start) / spec.step + 1e-9) + 1
    vals = [spec.start + i * spec.step for i in range(max(n, 0))]
    if all(float(x).is_integer() for x in (spec.start, spec.step)):
        vals = [int(round(v)) for v in vals]
    return vals


def split_path(path: str, rule_default: bool) -> tuple[str, ...]:
    """A parameter path as ``("rules", rule_path)``, ``("bot", seat, param)`` or
    ``("bots", name, param)``."""
    if path.startswith("rules."):
        return ("rules", path[6:])
    if path.startswith("data.") and len(path) > 5:   # a data generator's seed
        return ("rules", path)
    if path.startswith("bot."):
        parts = path.split(".")
        return ("bot", *parts[1:]) if len(parts) == 3 else ("bad", path)
    if path.startswith("bots."):
        parts = path.split(".")
        return ("bots", *parts[1:]) if len(parts) == 3 else ("bad", path)
    if path == "players":
        return ("players",)
    return ("rules", path) if rule_default else ("bad", path)


def split_params(params: dict, rule_default: bool) -> tuple[dict, int | None, list]:
    """A point's parameters (path -> value) as ``(rule overrides, players or None, bot
    parameters)``; the bot parameters are ``(split_path kind, value)`` pairs, in order."""
    rules, players, bots = {}, None, []
    for path, value in params.items():
        kind = split_path(path, rule_default)
        if kind[0] == "rules":
            rules[kind[1]] = value
        elif kind[0] == "players":
            players = int(value)
        else:
            bots.append((kind, value))
    return rules, players, bots


def _check_param(g, base_rules, players, lineup, path, values, where, rule_default) -> list[str]:
    kind = split_path(path, rule_default)
    if kind[0] == "bad":
        return [f"{where}: expected rules.<rule path>, bot.<seat>.<param>, "
                f"bots.<bot name>.<param> or players"]
    errs = []
    if kind[0] == "players":
        for v in values:
            try:
                g.check_players(v if isinstance(v, int) else -1, "players")
            except SimlabError as e:
                errs.append(f"{where}: {e}")
        return errs
    if kind[0] == "rules":
        for v in values[:2] + values[-1:]:
            try:
                g.make_rules(players, {**base_rules, kind[1]: v}, "rules")
            except SimlabError as e:
                errs.append(f"{where}: {str(e).split(': ', 1)[-1]}")
                break
        return errs
    if lineup is None:
        return errs
    known = g.all_bots()
    if kind[0] == "bot":
        try:
            seat = int(kind[1])
            assert 1 <= seat <= players
        except (ValueError, AssertionError):
            return [f"{where}: seat must be 1..{players}, got {kind[1]!r}"]
        info = known[lineup[seat - 1].name]
    else:
        if kind[1] not in known:
            return [f"{where}: unknown bot {kind[1]!r}{suggest(kind[1], known)}"]
        if not any(b.name == kind[1] for b in lineup):
            return [f"{where}: no seat plays {kind[1]!r} (line-up: "
                    f"{', '.join(b.label for b in lineup)})"]
        info = known[kind[1]]
    if kind[2] not in info.params:
        return [f"{where}: {info.name} has no parameter {kind[2]!r}"
                f"{suggest(kind[2], info.params)}; parameters: {', '.join(info.params)}"]
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int | float):
            errs.append(f"{where}: bot parameters are numbers, got {v!r}")
            break
    return errs


def grid_points(spec: SweepSpec) -> list[dict]:
    """All combinations of a grid sweep, in the order the parameters are listed."""
    keys = list(spec.params)
    lists = [expand_values(spec.params[k]) for k in keys]
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*lists)]


def sobol_points(spec: SweepSpec, seed: int) -> list[dict]:
    """``spec.samples`` scrambled Sobol points over the ranges (lists: sampled by index)."""
    from scipy.stats import qmc

    keys = list(spec.params)
    sampler = qmc.Sobol(d=len(keys), scramble=True, seed=seed % 2**32)
    u = sampler.random(spec.samples)
    points = []
    for row in u:
        point = {}
        for k, x in zip(keys, row, strict=True):
            s = spec.params[k]
            if isinstance(s, IntervalSpec):
                v = s.low + x * (s.high - s.low)
                point[k] = int(round(v)) if s.integer else float(v)
            else:
                vals = expand_values(s)
                point[k] = vals[min(int(x * len(vals)), len(vals) - 1)]
        points.append(point)
    return points
