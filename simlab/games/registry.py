"""The game registry: what every game module declares so the generic machinery can run it.

A game is registered by name (``jelly``...). The runner, statistics, CLI and (issue 3) sweeps and
reports only talk to a :class:`Game`; nothing game-specific lives outside ``simlab/games/<game>``.
"""

from __future__ import annotations

import functools
import importlib
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simlab.core.params import suggest
from simlab.errors import SimlabError

#: the entry-point group under which an installed package offers games
ENTRY_POINTS = "simlab.games"


class _GameTable(dict):
    """The registered games: name -> ``"module:attribute"`` (the built-in games) or the
    :class:`Game` itself (a plugin game, :func:`register_game`). The games of installed packages
    (``simlab.games`` entry points) join on first use, so a package ``pip install``ed beside
    simlab appears in ``simlab games`` and scenarios alike."""

    def _discover(self):
        if self.__dict__.get("_done"):
            return
        self.__dict__["_done"] = True
        from importlib.metadata import entry_points

        for ep in entry_points(group=ENTRY_POINTS):
            if not dict.__contains__(self, ep.name):
                dict.__setitem__(self, ep.name, ep)

    def __contains__(self, name):
        self._discover()
        return dict.__contains__(self, name)

    def __iter__(self):
        self._discover()
        return dict.__iter__(self)

    def __len__(self):
        self._discover()
        return dict.__len__(self)

    def __getitem__(self, name):
        self._discover()
        return dict.__getitem__(self, name)

    def get(self, name, default=None):
        self._discover()
        return dict.get(self, name, default)

    def keys(self):
        self._discover()
        return dict.keys(self)

    def items(self):
        self._discover()
        return dict.items(self)

    def values(self):
        self._discover()
        return dict.values(self)


#: registered games: name -> "module:attribute", a plugin Game, or an installed entry point
GAMES = _GameTable({
    "jelly": "simlab.games.jelly.game:GAME",
    "monkey": "simlab.games.monkey.game:GAME",
    "jungle": "simlab.games.jungle.game:GAME",
    "monsters": "simlab.games.monsters.game:GAME",
})


@dataclass(frozen=True)
class BotInfo:
    """A bot of a game: integer id, parameter names with defaults, one-line description."""

    name: str
    id: int
    params: tuple[str, ...]
    defaults: tuple[float, ...]
    doc: str


@dataclass(frozen=True)
class BotChoice:
    """A bot in a seat: its name and parameter overrides, e.g. ``weights(cancel=-5)``."""

    name: str
    overrides: tuple[tuple[str, float], ...] = ()

    @property
    def label(self) -> str:
        if not self.overrides:
            return self.name
        inner = ",".join(f"{k}={v:g}" for k, v in self.overrides)
        return f"{self.name}({inner})"


_BOT_RE = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\))?\s*$")


def parse_bot(text: str, bots: dict[str, BotInfo], where: str = "bots") -> BotChoice:
    """Parse ``name`` or ``name(param=value, ...)`` against a game's bots."""
    m = _BOT_RE.match(str(text))
    if not m:
        raise SimlabError(f"{where}: cannot read bot {text!r}; expected NAME or "
                          f"NAME(param=value,...)")
    name, args = m.group(1), m.group(2)
    if name not in bots:
        raise SimlabError(f"{where}: unknown bot {name!r}{suggest(name, bots)}; "
                          f"known: {', '.join(bots)}")
    info = bots[name]
    overrides = []
    if args and args.strip():
        for part in args.split(","):
            if "=" not in part:
                raise SimlabError(f"{where}: bot parameter {part.strip()!r} of {name} needs "
                                  f"NAME=VALUE; parameters: {', '.join(info.params)}")
            k, v = (s.strip() for s in part.split("=", 1))
            if k not in info.params:
                raise SimlabError(f"{where}: {name} has no parameter {k!r}"
                                  f"{suggest(k, info.params)}; parameters: "
                                  f"{', '.join(info.params)}")
            try:
                x = float(v)
                if not np.isfinite(x):
                    raise ValueError
            except ValueError:
                raise SimlabError(f"{where}: {name}({k}=...) expects a finite number, "
                                  f"got {v!r}") from None
            overrides.append((k, x))
    return BotChoice(name, tuple(overrides))


def split_bot_list(text: str) -> list[str]:
    """Split ``greedy,weights(a=1,b=2),random`` at top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


class GameRows(NamedTuple):
    """One row per game of a batch (first axis ``count``, or 0 when rows are not kept).

    ``score`` (n, P) int64 and ``winner`` (n, P) bool; ``length`` (n,) the game's length in the
    game's ``length_unit``; ``end`` (n,) how it ended (index into ``end_names``); ``source``
    (n, P, len(score_sources)) each seat's points by source (summing to its score);
    ``choice`` (n, P, len(choice_names)) each seat's decisions by kind."""

    score: np.ndarray
    winner: np.ndarray
    length: np.ndarray
    end: np.ndarray
    source: np.ndarray
    choice: np.ndarray


class Game(ABC):
    """What a game module provides (subclass per game; one instance registered).

    Attributes
    ----------
    name, title : str
    min_players, max_players, default_players : int
    default_bots : tuple of str
        The mixed line-up used when none is given (cycled over the seats).
    """

    name = ""
    title = ""
    min_players = 2
    max_players = 4
    default_players = 4
    default_bots: tuple[str, ...] = ()
    #: the winners of every game are exactly the players with the top score (a game with
    #: immediate wins or tie-breaks sets this False; the harness then checks its own rule)
    winners_are_top_scores = True
    #: aggregate keys indexed by seat on their first axis (regrouped by bot in sweeps)
    seat_keys: tuple[str, ...] = ("wins", "score_sum", "score_sumsq", "score_hist")

    # ------------------------------------------------------------ explaining a result
    # What a report needs to say *why* a share moved (issue 40): where each seat's points came
    # from, what its bot chose, how the game ended and how long it was. A game that declares
    # these names keeps, in its kernel and its reference engine alike:
    #   aggregates  ``src``    (P, len(score_sources)) int64, a seat key: points by source
    #               ``choice`` (P, len(choice_names))  int64, a seat key: decisions by kind
    #               ``ends``   (len(end_names),)       int64: games by how they ended
    #               ``length`` (2,)                    int64: sum and sum of squares of the
    #                                                   game length (in ``length_unit``)
    #   rows        the same per game (:class:`GameRows`: ``length``, ``end``, ``source``,
    #               ``choice``), when rows are kept
    # and the conformance harness checks that the rows add up to the aggregates, the sources
    # to the scores, and that kernel and reference agree on all of it game for game.
    #: where the points come from, one name per source; a seat's sources sum to its score
    #: (points no source explains are a source of their own, e.g. "other")
    score_sources: tuple[str, ...] = ()
    #: the decisions a seat makes, by kind (its action mix), counted per seat and game
    choice_names: tuple[str, ...] = ()
    #: how a game ends, one name per way (row ``end`` indexes it)
    end_names: tuple[str, ...] = ()
    #: what the game length counts
    length_unit: str = "rounds"
    #: bots that exist only for ``simlab bench`` (``first``: the first legal option, no
    #: decision cost, so the rules alone are timed); left out of listings, line-up defaults,
    #: populations and audits
    bench_bots: tuple[str, ...] = ()

    #: the game's search bot and its budget parameter (the strongest play it can buy)
    search_bot: str = "lookahead"
    search_param: str = "playouts"
    #: the two search budgets of the default strength ladder (a cheap and a strong one)
    search_budgets: tuple[int, int] = (2, 8)

    def strength_ladder(self, players: int, rules=None) -> list[str]:
        """The levels of rising strength a headline is read at (``[strength]``, audits):
        ``greedy``, ``tuned`` (the weights bot tuned against greedy; not alone at a solo
        table) and the search bot at two budgets (``search:N``)."""
        out = ["greedy"] if "greedy" in self.bots() else []
        if players > 1 and "weights" in self.bots():
            out.append("tuned")
        if self.search_bot in self.bots():
            out += [f"search:{b}" for b in self.search_budgets]
        return out

    def strength_bot(self, level: str) -> BotChoice | None:
        """The bot of a ladder level: ``search:N`` is the search bot at budget N; ``tuned``
        needs tuning first (None here); any other level is a bot label."""
        if level == "tuned":
            return None
        if level.startswith("search:"):
            return BotChoice(self.search_bot, ((self.search_param, float(level[7:])),))
        return self.lineup([level], 1, "strength.levels")[0]

    @property
    def explains(self) -> bool:
        """Whether the game keeps the explanation aggregates and rows (see above)."""
        return bool(self.score_sources and self.choice_names and self.end_names)

    def new_rows(self, count: int, players: int, keep_rows: bool) -> GameRows:
        """Per-game row arrays for a kernel (first axis 0 when rows are not kept): the kernel
        writes row ``i`` of each when ``rows.score.shape[0] > 0``."""
        n = count if keep_rows else 0
        i8 = np.int64
        return GameRows(np.zeros((n, players), i8), np.zeros((n, players), np.bool_),
                        np.zeros(n, i8), np.zeros(n, i8),
                        np.zeros((n, players, max(len(self.score_sources), 1)), i8),
                        np.zeros((n, players, max(len(self.choice_names), 1)), i8))

    def explain_agg(self, players: int) -> dict:
        """Zeroed explanation aggregates (``src``, ``choice``, ``ends``, ``length``)."""
        i8 = np.int64
        return {"src": np.zeros((players, max(len(self.score_sources), 1)), i8),
                "choice": np.zeros((players, max(len(self.choice_names), 1)), i8),
                "ends": np.zeros(max(len(self.end_names), 1), i8),
                "length": np.zeros(2, i8)}

    @staticmethod
    def rows_output(agg, rows: GameRows, keep_rows: bool):
        """What ``run_batch`` returns with :class:`GameRows`: the aggregate dict and the rows
        dict (``score``, ``winner``, ``length``, ``end``, ``source``, ``choice``) or None."""
        a = agg if isinstance(agg, dict) else agg._asdict()
        return a, (rows._asdict() if keep_rows else None)

    def seats_identical(self, rules) -> str:
        """Why every seat is the same by construction under ``rules`` (the rules give no seat
        anything another lacks: no turn order, no facing), in words; "" when seats differ. A
        seat test on such seats can only measure its own noise, and reports say so."""
        return ""

    def result_warnings(self, metrics: dict, rules) -> list[str]:
        """What a run's results say the designer must know before reading them (rounds that no
        rule ended, games stopped by a modelling bound), one sentence each from the game's
        ``metrics``; none by default. ``simulate``, sweeps and reports print them (stderr and
        the report's warnings)."""
        return []

    def inert_overrides(self, rules, overrides: dict) -> list[str]:
        """Of a run's rule overrides (``--set``, ``--data``), the ones that change nothing that
        is played under ``rules``, one sentence each naming the path and why (Jungle's variant
        tiles without ``variant = true``). :func:`inert_settings` adds the ones whose kernel
        arrays are equal to the defaults'."""
        return []

    def __init_subclass__(cls, **kwargs):
        """Every game's ``make_rules`` reads ``data.<generator>`` entries (a seed of a
        generated alternative of assumed data, :meth:`generated_overrides`) as the rule
        overrides that alternative makes; explicit rule paths still win."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("make_rules")
        if own is None or getattr(own, "_reads_generated", False):
            return

        @functools.wraps(own)
        def make_rules(self, players, overrides=None, *args, **kw):
            return own(self, players, self.expand_generated(overrides, players), *args, **kw)

        make_rules._reads_generated = True
        cls.make_rules = make_rules

    def expand_generated(self, overrides, players) -> dict | None:
        """``overrides`` with each ``data.<generator>`` entry replaced by the overrides of that
        generated alternative (explicit rule paths win over generated ones)."""
        if not overrides or not any(str(k).startswith("data.") for k in overrides):
            return overrides
        plain = {k: v for k, v in overrides.items() if not str(k).startswith("data.")}
        made = {}
        try:
            n = int(players)
        except (TypeError, ValueError):
            n = self.default_players
        for k, seed in overrides.items():
            if str(k).startswith("data."):
                made.update(self.generated_overrides(str(k)[5:], seed, n, f"rules.{k}"))
        return {**made, **plain}

    def __reduce_ex__(self, protocol):
        """A registered game pickles as its name (worker processes look it up again: the
        runner in ``core`` passes games to its workers without knowing the registry)."""
        if self.name in GAMES and get_game(self.name) is self:
            return get_game, (self.name,)
        return super().__reduce_ex__(protocol)

    @abstractmethod
    def bots(self) -> dict[str, BotInfo]:
        """The game's bots by name."""

    @abstractmethod
    def rule_options(self) -> list[dict]:
        """Rule fields settable with ``--set``: name, default, description."""

    @abstractmethod
    def make_rules(self, players: int, overrides: dict | None = None):
        """Validated rules for ``players`` with ``{path: value}`` overrides."""

    @abstractmethod
    def prepare(self, rules, lineup: list[BotChoice]):
        """Rules and line-up as the kernel's arrays (a picklable NamedTuple)."""

    @abstractmethod
    def run_batch(self, prepared, seed: int, start: int, count: int, keep_rows: bool):
        """Play games ``[start, start+count)``: (aggregate dict, per-game rows or None)."""

    #: cold-cache compile seconds of a kernel without and with a ``lookahead`` seat, as
    #: ``simlab bench`` measured them on the project's 2-core machine (said in the notice)
    compile_seconds: tuple[float, float] = (30.0, 60.0)

    def has_search(self, prepared) -> bool:
        """Whether a seat of the line-up plays ``lookahead`` (its kernel holds the search)."""
        info = self.bots().get("lookahead")
        ids = getattr(getattr(prepared, "lineup", None), "ids", None)
        return info is not None and ids is not None and bool(np.any(np.asarray(ids) == info.id))

    def compile_estimate(self, prepared) -> float:
        """About how long the kernels of ``prepared`` take to compile on a cold cache."""
        return self.compile_seconds[1 if self.has_search(prepared) else 0]

    def warm_lineups(self, everything: bool = False) -> list[tuple[str, object]]:
        """What :meth:`warm` compiles, as (label, prepared): the default table and line-up;
        with ``everything``, also a line-up with a ``lookahead`` seat (games add their modes).
        Each custom bot registered for the game (``--plugin``) adds a line-up with it in the
        first seat: preparing it compiles the bot (a second or two); the kernels call it through
        a pointer, so it needs none of its own."""
        from simlab.core.custom import custom_bots

        n = self.default_players
        rules = self.make_rules(n)
        search = everything and "lookahead" in self.bots()
        others = ["greedy"] * (n - 1)
        out = [("default line-up", self.prepare(rules, self.lineup(None, n)))]
        if search:
            out.append(("lookahead line-up",
                        self.prepare(rules, self.lineup(["lookahead"] + others, n))))
        for name in sorted(custom_bots(self.name)):
            out.append((f"custom bot {name}",
                        self.prepare(rules, self.lineup([name] + others, n))))
        return out

    def warm(self, everything: bool = False) -> None:
        """Compile (or load from the disk cache) the kernels of :meth:`warm_lineups`: one game
        each; stderr says so when something must be compiled."""
        self.warm_for([prepared for _label, prepared in self.warm_lineups(everything)])

    def warm_for(self, prepared_list) -> None:
        """Compile (or load from the disk cache) the kernels these prepared line-ups run, and
        no other: one per kernel type among them (mode, line-up types, a lookahead seat), one
        notice on stderr when something must be compiled. Called before worker processes
        start, so they load the kernels instead of compiling them each."""
        from numba import typeof

        from simlab.core.compiling import compile_notice

        kinds = {}
        for prepared in prepared_list:
            lu = getattr(prepared, "lineup", None)
            key = (type(prepared).__name__, str(typeof(lu)) if lu is not None else "",
                   self.has_search(prepared))
            kinds.setdefault(key, prepared)
        estimate = sum(self.compile_estimate(p) for p in kinds.values())
        with compile_notice(f"{self.title} kernels", estimate):
            for prepared in kinds.values():
                self.check_compiles(prepared)

    @staticmethod
    def row_arrays(count: int, players: int, keep_rows: bool):
        """Per-game row arrays for a kernel (empty when rows are not kept)."""
        n = count if keep_rows else 0
        return np.zeros((n, players), dtype=np.int64), np.zeros((n, players), dtype=np.bool_)

    @staticmethod
    def batch_output(agg, scores, winners, keep_rows: bool):
        """What ``run_batch`` returns: the aggregate dict and the rows (or None)."""
        return agg._asdict(), ({"score": scores, "winner": winners} if keep_rows else None)

    @abstractmethod
    def metrics(self, agg: dict, n_games: int, rules, lineup) -> dict:
        """Game-specific metrics from the aggregates (JSON-able)."""

    @abstractmethod
    def invariants(self, agg: dict, n_games: int, rules) -> list[str]:
        """Conservation laws and bounds the aggregates must satisfy: broken ones, in words."""

    @abstractmethod
    def reference_game(self, prepared, seed: int, game: int, log: bool = False):
        """Play one game with the reference engine: (scores, winners, aggregate dict, lines)."""

    def replay(self, prepared, seed: int, game: int, names: list[str]):
        """Replay game ``game`` of seed ``seed`` step by step with the reference engine: a
        :class:`simlab.core.replay.Replay` (board SVG, log lines, decisions, running scores per
        step), from ``simlab/games/<game>/replay.py``'s ``replay(prepared, seed, game,
        names)``."""
        from simlab.core.replay import require_sound

        try:
            mod = importlib.import_module(f"simlab.games.{self.name}.replay")
        except ModuleNotFoundError as e:
            if e.name != f"simlab.games.{self.name}.replay":
                raise
            raise SimlabError(f"replay: {self.title} has no replay yet") from None
        return require_sound(mod.replay(prepared, seed, game, names), self.name)

    def data_files(self) -> list:
        """The game's assumed component data files (:class:`simlab.core.data.DataFile` list),
        from ``simlab/games/<game>/data.py``'s ``FILES`` (none where it has no such module)."""
        try:
            mod = importlib.import_module(f"simlab.games.{self.name}.data")
        except ModuleNotFoundError as e:
            if e.name != f"simlab.games.{self.name}.data":
                raise
            return []
        return list(mod.FILES)

    def data_generators(self) -> list:
        """The game's generators of assumed-data alternatives
        (:class:`simlab.core.data.DataGenerator` list), from ``simlab/games/<game>/data.py``'s
        ``GENERATORS`` (none where it has none)."""
        try:
            mod = importlib.import_module(f"simlab.games.{self.name}.data")
        except ModuleNotFoundError as e:
            if e.name != f"simlab.games.{self.name}.data":
                raise
            return []
        return list(getattr(mod, "GENERATORS", ()))

    def data_generator(self, name: str, where: str = "data"):
        """The generator ``name``; a :class:`SimlabError` naming the known ones."""
        gens = {g.name: g for g in self.data_generators()}
        if name not in gens:
            known = ", ".join(gens) or "none"
            raise SimlabError(f"{where}: {self.title} has no data generator {name!r}"
                              f"{suggest(name, gens)}; generators: {known}")
        return gens[name]

    def generated_overrides(self, name: str, seed, players: int, where: str = "data") -> dict:
        """The rule overrides of alternative ``seed`` of generator ``name`` (seed 0 or
        ``"default"``: the shipped default, no overrides)."""
        gen = self.data_generator(name, where)
        if seed in (0, "default"):
            return {}
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
            raise SimlabError(f"{where}: a data generator takes a seed (a whole number >= 1, "
                              f"or 0 / \"default\" for the shipped data), got {seed!r}")
        return dict(gen.draw(int(seed), int(players)))

    def check_data(self, folder):
        """Read a folder of the game's data files (:func:`simlab.core.data.check_folder`): the
        rule overrides they make, every located error, and how each differs from the defaults.
        The overrides must make valid rules at every player count the defaults allow."""
        from simlab.core.data import check_folder

        files = self.data_files()
        if not files:
            raise SimlabError(f"data: {self.title} has no assumed data files")

        def validate(overrides):
            errs = []
            for n in range(self.min_players, self.max_players + 1):
                try:
                    self.make_rules(n)
                except SimlabError:
                    continue  # a count the defaults do not allow alone (a solo mode)
                try:
                    self.make_rules(n, overrides)
                except SimlabError as e:
                    errs.append(f"{folder}: with {n} players the rules refuse the data: {e}")
            return errs

        return check_folder(files, folder, validate)

    def data_overrides(self, folder, where: str = "data") -> dict:
        """The rule overrides of a data folder; a :class:`SimlabError` listing every error."""
        found = self.check_data(folder)
        if found.errors:
            raise SimlabError(f"{where}: {len(found.errors)} problem"
                              f"{'s' if len(found.errors) > 1 else ''} in {folder}:\n  "
                              + "\n  ".join(found.errors))
        return found.overrides

    def describe(self) -> dict:
        """Extra entries of the game in ``simlab games --json`` (component data a script needs
        to read results, e.g. Monkey Fun's default board); none by default."""
        return {}

    def rule_warnings(self, rules) -> list[str]:
        """What the rules (validated, so they play) break of what the rulebook states, one
        sentence each; none by default. :meth:`make_rules` callers see them as
        :class:`simlab.errors.SimlabWarning` (see :func:`warn_rules`), reports list them."""
        return []

    def readings(self) -> list:
        """The game's readings catalogue (:class:`simlab.core.readings.Reading` list): every
        reading of the rulebook the code chooses, and the assumed component data; from
        ``simlab/games/<game>/readings.py``'s ``READINGS``."""
        mod = importlib.import_module(f"simlab.games.{self.name}.readings")
        return list(mod.READINGS)

    def summary_lines(self, metrics: dict) -> list[str]:
        """A few lines of the game's own metrics under the balance table (text)."""
        return []

    def always_has_winner(self, rules) -> bool:
        """Whether every game has at least one winner (a solo game can be lost)."""
        return True

    def figures(self, points: list) -> list:
        """The game's own report figures for a sweep's points.

        ``points`` are :class:`simlab.sweep.PointResult` objects (``.point`` description,
        ``.metrics`` from :meth:`metrics`). Returns a list of ``(name, title, Figure)`` made
        without pyplot. Games without plots of their own return an empty list.
        """
        return []

    #: bot parameters that tuning leaves alone by default (search budget, noise, the value of
    #: an outright win): games extend this
    tune_fixed: tuple[str, ...] = ("noise", "playouts", "width", "win")
    #: bot parameters that take whole values
    tune_integers: tuple[str, ...] = ("early_rounds", "playouts", "width", "merchants_max")

    def tune_space(self, bot: str) -> dict[str, tuple[float, float]]:
        """Parameters of ``bot`` searched by tuning, with their default bounds."""
        info = self.all_bots()[bot]
        return {n: self.default_bounds(d) for n, d in zip(info.params, info.defaults,
                                                          strict=True)
                if n not in self.tune_fixed}

    @staticmethod
    def default_bounds(default: float) -> tuple[float, float]:
        """The search box of a parameter with this default: default +- 2 x max(|default|, 1)."""
        r = 2.0 * max(abs(float(default)), 1.0)
        return (float(default) - r, float(default) + r)

    def integer_params(self, bot: str) -> set[str]:
        """Parameters of ``bot`` that take whole values."""
        return set(self.tune_integers)

    # --------------------------------------------------------------- shared
    def all_bots(self) -> dict[str, BotInfo]:
        """Built-in bots, custom bots (``simlab.bot``) and saved bots (``simlab tune --save``)
        of this game."""
        from simlab.core.custom import CUSTOM_ID, custom_bots, saved_bots

        known = dict(self.bots())
        for name, cb in custom_bots(self.name).items():
            known[name] = BotInfo(name, CUSTOM_ID, cb.params, cb.defaults,
                                  f"custom: {cb.doc} ({cb.source})")
        for name, sb in saved_bots(self.name).items():
            base = known[sb.base]
            vals = dict(zip(base.params, base.defaults, strict=True)) | dict(sb.params)
            known[name] = BotInfo(name, base.id, base.params,
                                  tuple(vals[k] for k in base.params),
                                  f"saved {sb.base} parameters ({sb.source})")
        return known

    def custom_function(self, lineup: list[BotChoice], arrays):
        """The line-up's custom bot as the kernels call it: a
        :class:`~simlab.core.custom.CustomSlot` of its function for rule arrays ``arrays`` and
        the state :meth:`kernel_state` makes for them, as the rules call it (both by reference,
        three integers, the seat's parameter row, no reference counting). A custom bot is
        compiled now, on its own; a line-up without one gets the slot of
        :func:`~simlab.core.custom.no_custom`, compiled when a kernel first reads it.

        A bot numba cannot compile fails here, in a second or two, with
        :func:`~simlab.core.custom.compile_error`'s explanation."""
        from simlab.core.custom import (
            compile_error,
            custom_slot,
            lineup_function,
            name_of,
            no_custom,
        )

        fn = lineup_function(self.name, lineup)
        st = self.kernel_state(arrays)
        try:
            slot = custom_slot(fn, arrays, st)
            # a bot compiles now (its errors explained before any game); no_custom when the
            # kernel first reads it, so a process that hands the games to workers never does
            return slot if fn is no_custom else slot.compile()
        except Exception as e:  # noqa: BLE001 - compiling the bot alone: any error is the bot's
            # (numba raises NumbaError, UnsupportedBytecodeError, TypeError, ...)
            raise compile_error(e, name_of(self.name, fn), self.name) from None

    def check_compiles(self, prepared) -> None:
        """Play one game so numba compiles now.

        Once per kernel and process: a kernel is chosen by the prepared table's kind (its
        class: a game's modes) and whether a seat searches (``lookahead``), the key
        :meth:`warm_for` uses too; a custom bot is called through a pointer and needs no kernel
        of its own. Later calls return at once (every ``run_games`` calls this; Monsters'
        lookahead games cost about a second each). Should another argument type ever need a
        kernel of its own, the run's first batch compiles it, only without the notice."""
        key = (type(prepared).__name__, self.has_search(prepared))
        checked = self.__dict__.setdefault("_checked_kernels", set())
        if key in checked:
            return
        self.run_batch(prepared, 0, 0, 1, False)
        checked.add(key)

    @abstractmethod
    def kernel_state(self, arrays):
        """A new state of the kind this game's kernel plays on for rule arrays ``arrays``: the
        one ``run_batch`` passes, and whose numba type a custom bot is compiled for
        (:meth:`custom_function`)."""

    def lineup(self, bots, players: int, where: str = "bots") -> list[BotChoice]:
        """Parse a line-up: None (default mixed), one name for all seats, or one per seat."""
        known = self.all_bots()
        if bots is None:
            names = [self.default_bots[i % len(self.default_bots)] for i in range(players)]
        elif isinstance(bots, str):
            names = split_bot_list(bots)
        elif isinstance(bots, list | tuple):
            names = list(bots)
        else:
            raise SimlabError(f"{where}: expected a bot name or a list of bot names, got "
                              f"{type(bots).__name__} {bots!r}")
        if not all(isinstance(n, str | BotChoice) for n in names):
            raise SimlabError(f"{where}: every bot must be a name such as 'greedy' or "
                              f"'weights(cancel=-5)', got {names!r}")
        if len(names) == 1 and players > 1:
            names = names * players
        if len(names) != players:
            raise SimlabError(f"{where}: expected {players} bots (one per seat) or one for all "
                              f"seats, got {len(names)}: {', '.join(map(str, names))}")
        return [n if isinstance(n, BotChoice) else parse_bot(n, known, where) for n in names]

    def bot_vectors(self, lineup: list[BotChoice], n_params: int):
        """Bot ids and parameter matrix for a line-up (wide enough for a custom bot's)."""
        known = self.all_bots()
        ids = np.array([known[b.name].id for b in lineup], dtype=np.int64)
        width = max([n_params] + [len(known[b.name].params) for b in lineup])
        params = np.zeros((len(lineup), width), dtype=np.float64)
        for i, b in enumerate(lineup):
            info = known[b.name]
            params[i, : len(info.defaults)] = info.defaults
            for k, v in b.overrides:
                params[i, info.params.index(k)] = v
        return ids, params

    def check_players(self, players, where: str = "players") -> int:
        if not isinstance(players, int | np.integer) or not \
                self.min_players <= players <= self.max_players:
            raise SimlabError(f"{where}: {self.title} takes {self.min_players} to "
                              f"{self.max_players} players, got {players!r}")
        return int(players)


def get_game(name) -> Game:
    """The registered game ``name`` (``jelly``..., a plugin game, an installed package's);
    a :class:`Game` given instead of a name is returned as it is."""
    if isinstance(name, Game):
        return name
    if name not in GAMES:
        raise SimlabError(f"game: unknown game {name!r}{suggest(name, GAMES)}; "
                          f"known: {', '.join(GAMES)} (a game of your own: --plugin FILE.py, "
                          f"or install its package)")
    spec = GAMES[name]
    if isinstance(spec, Game):
        return spec
    if isinstance(spec, str):
        module, attr = spec.split(":")
        return getattr(importlib.import_module(module), attr)
    return _load_entry_point(name, spec)


def _load_entry_point(name: str, ep) -> Game:
    """The game an installed package offers under entry point ``ep``: a :class:`Game`, or a
    plain-Python game (a ``PythonGame`` class or instance), which is adapted."""
    where = f"game: {name!r} (the {ENTRY_POINTS} entry point {ep.value}" + \
        (f" of the package {ep.dist.name}" if getattr(ep, "dist", None) else "") + ")"
    try:
        obj = ep.load()
    except Exception as e:  # noqa: BLE001 - an installed package's code: report it
        raise SimlabError(f"{where}: loading it failed: {type(e).__name__}: {e}") from None
    if hasattr(obj, "as_simlab_game"):
        obj = obj.as_simlab_game(("entry point", ep.value))
    if not isinstance(obj, Game):
        raise SimlabError(f"{where}: expected a simlab.games.python.PythonGame subclass or a "
                          f"simlab Game, got {type(obj).__name__}")
    if obj.name != name:
        raise SimlabError(f"{where}: the game calls itself {obj.name!r}; name the entry point "
                          f"after it")
    dict.__setitem__(GAMES, name, obj)
    return obj


def register_game(game: Game) -> Game:
    """Register a plugin game under its name (the file that defines it, loaded by ``--plugin``,
    or a Python session's own); returns the game held. A name may not be taken twice."""
    have = GAMES.get(game.name)
    if have is game:
        return game
    if isinstance(have, str):
        raise SimlabError(f"game: {game.name!r} is a built-in game; name yours otherwise "
                          f"({getattr(game, 'where', game.title)})")
    if have is not None:
        other = getattr(have, "where", None) or f"entry point {getattr(have, 'value', have)}"
        raise SimlabError(f"game: two games are named {game.name!r}: "
                          f"{getattr(game, 'where', game.title)} and {other}")
    dict.__setitem__(GAMES, game.name, game)
    return game


def unregister_game(name: str) -> None:
    """Forget a plugin game (tests, notebooks); built-in games stay."""
    if isinstance(dict.get(GAMES, name), Game):
        dict.__delitem__(GAMES, name)


def list_games() -> list[str]:
    """Names of the registered games."""
    return list(GAMES)


def warn_rules(game: Game, rules, where: str = "rules") -> list[str]:
    """Issue one :class:`~simlab.errors.SimlabWarning` per sentence of
    ``game.rule_warnings(rules)`` (Python shows each distinct one once) and return them."""
    import warnings

    from simlab.errors import SimlabWarning

    found = game.rule_warnings(rules)
    for text in found:
        warnings.warn(f"{where}: {text}", SimlabWarning, stacklevel=3)
    return found
