"""A plain-Python game as a :class:`simlab.games.registry.Game`: what every command talks to.

:func:`adapt` checks a :class:`~simlab.games.python.protocol.PythonGame` (its methods and
names: a missing method, a wrong signature, an unknown bot is a one-line error naming the file
and the method), plays one checked game with random bots, and wraps it in :class:`PyGame`,
which the registry then holds. Batches are played by :func:`~simlab.games.python.playing.
play_fast` (or by the game's numba kernel, when it has one and plays every bot of the line-up);
the reference engine is the checked loop, so the conformance harness holds the batches (their
totals, or the kernel) to a straightforward replay of each game.

Worker processes (loky, Dask) find the game again by where it came from: a plugin file is
loaded again by path, an installed package through its entry point, a module by import; a
prepared table (:class:`PyPrepared`) travels as plain values and is rebuilt there.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import os
import re
from pathlib import Path

import numpy as np

from simlab.core.params import apply_overrides, coerce, suggest
from simlab.core.shape import shape_metrics
from simlab.errors import SimlabError
from simlab.games.python import freebots
from simlab.games.python.kernel import new_agg, new_rows
from simlab.games.python.loader import load_game_file
from simlab.games.python.playing import (
    BOUND_END,
    SeatBot,
    Table,
    Totals,
    game_agg,
    play_checked,
    play_fast,
)
from simlab.games.python.spec import OPTIONAL, REQUIRED, PyBot, make_bot, written
from simlab.games.registry import BotInfo, Game, get_game

_NAME_RE = re.compile(r"^[a-z][a-z0-9_-]*$")


# ---------------------------------------------------------------------------- the prepared table
class PyPrepared:
    """A line-up at a table of a plain-Python game, as the runner ships it to workers: the
    game, its rules and each seat's bot (label, bot name, parameters). Pickled as plain values
    (the rules' fields, the bots by name, the files of custom bots) and rebuilt where it is
    played; the bot functions and the kernel's arrays are made there, once."""

    __slots__ = ("game", "rules", "seats", "files", "_table", "_kernel")

    def __init__(self, game, rules, seats: tuple, files: tuple):
        self.game, self.rules, self.seats, self.files = game, rules, seats, files
        self._table = None
        self._kernel = None

    @property
    def labels(self) -> list[str]:
        return [label for label, _, _ in self.seats]

    def table(self) -> Table:
        """The table the engines play (made once per process)."""
        if self._table is None:
            self._table = self.game.make_table(self.rules, self.seats)
        return self._table

    def __reduce__(self):
        fields = {f.name: getattr(self.rules, f.name) for f in dataclasses.fields(self.rules)}
        return _rebuild_prepared, (self.game, fields, self.seats, self.files)

    def __repr__(self):
        return f"PyPrepared({self.game.name}, {', '.join(self.labels)})"


def _rebuild_prepared(game, fields: dict, seats: tuple, files: tuple) -> PyPrepared:
    """A :class:`PyPrepared` in a worker: custom bots' files loaded, the rules made again."""
    if files:
        from simlab.games.plugins import load_plugins

        load_plugins(list(files), "plugin")
    return PyPrepared(game, game.impl.rules(**fields), seats, files)


def _module_game(module: str, qualname: str):
    """A game defined in an importable module (registered on first use in a worker)."""
    import importlib

    from simlab.games.registry import GAMES, register_game

    try:
        obj = importlib.import_module(module)
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        raise SimlabError(f"game: the class {qualname} of module {module!r} cannot be found in "
                          f"a worker process (a class defined in a notebook or a script's "
                          f"__main__): put the game in a file and load it with "
                          f"simlab.games.python.load(path), or play with backend='threads' or "
                          f"'serial'") from None
    name = obj.name
    if name in GAMES:
        return get_game(name)
    return register_game(adapt(obj, ("module",)))


# ---------------------------------------------------------------------------- checking a game
def _where(impl, origin) -> str:
    name = getattr(impl, "name", "") or type(impl).__name__
    if origin[0] == "file":
        path = Path(origin[1])
        try:
            shown = os.path.relpath(path)
            shown = shown if not shown.startswith("..") else str(path)
        except ValueError:
            shown = str(path)
        return f"{name} ({shown})"
    if origin[0] == "entry point":
        return f"{name} (entry point {origin[1]})"
    return f"{name} ({type(impl).__module__})"


def _arity(fn) -> int | None:
    try:
        ps = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in ps):
        return None
    return sum(1 for p in ps if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def _names(value, what: str, where: str, empty_ok: bool = False) -> tuple:
    if isinstance(value, str) or not isinstance(value, tuple | list) or \
            not all(isinstance(v, str) and v for v in value):
        raise SimlabError(f"{where}: {what}: expected a tuple of names, got {value!r}")
    if not value and not empty_ok:
        raise SimlabError(f"{where}: {what}: give at least one name")
    if len(set(value)) != len(value):
        raise SimlabError(f"{where}: {what}: a name appears twice in {list(value)}")
    return tuple(value)


def check_game(impl, where: str) -> None:
    """Every static promise of the protocol: names, players, rules, methods and signatures."""
    for m, args in REQUIRED.items():
        if not written(impl, m) or not callable(getattr(impl, m, None)):
            raise SimlabError(f"{where}: the game has no method {m}({', '.join(args)}); every "
                              f"game writes {', '.join(REQUIRED)} (docs/your-own-game.md)")
    for m, args in {**REQUIRED, **OPTIONAL}.items():
        if m in OPTIONAL and not written(impl, m):
            continue
        fn = getattr(impl, m, None)
        if not callable(fn):
            raise SimlabError(f"{where}: {m} must be a method {m}({', '.join(args)})")
        n = _arity(fn)
        if n is not None and n != len(args):
            raise SimlabError(f"{where}: {m}() takes {n} argument{'s' * (n != 1)} besides "
                              f"self; the protocol calls {m}({', '.join(args)})")
    name = impl.name
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise SimlabError(f"{where}: name: expected a lower-case name such as 'pig' (letters, "
                          f"digits, - and _), got {name!r}")
    for k in ("min_players", "max_players"):
        v = getattr(impl, k)
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise SimlabError(f"{where}: {k}: expected a whole number >= 1, got {v!r}")
    if impl.min_players > impl.max_players:
        raise SimlabError(f"{where}: min_players {impl.min_players} > max_players "
                          f"{impl.max_players}")
    dp = impl.default_players if impl.default_players is not None else impl.min_players
    if not isinstance(dp, int) or not impl.min_players <= dp <= impl.max_players:
        raise SimlabError(f"{where}: default_players: expected {impl.min_players} to "
                          f"{impl.max_players}, got {dp!r}")
    R = impl.rules
    if not (isinstance(R, type) and dataclasses.is_dataclass(R)):
        raise SimlabError(f"{where}: rules: expected a frozen dataclass (the class), got {R!r}")
    if not R.__dataclass_params__.frozen:
        raise SimlabError(f"{where}: rules: {R.__name__} must be frozen "
                          f"(@dataclass(frozen=True)): rules never change during a game")
    fields = {f.name: f for f in dataclasses.fields(R)}
    if "players" not in fields:
        raise SimlabError(f"{where}: rules: {R.__name__} needs a field players: int")
    nodefault = [f.name for f in fields.values() if f.name != "players" and
                 f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if nodefault:
        raise SimlabError(f"{where}: rules: every field but players needs a default; "
                          f"{', '.join(nodefault)} has none")
    _names(impl.score_sources, "score_sources", where)
    _names(impl.choice_names, "choice_names", where)
    ends = _names(impl.end_names, "end_names", where)
    if BOUND_END in ends:
        raise SimlabError(f"{where}: end_names: {BOUND_END!r} is simlab's (the max_moves "
                          f"bound); name the game's ends otherwise")
    _names(impl.counters, "counters", where, empty_ok=True)
    _names(impl.seat_counters, "seat_counters", where, empty_ok=True)
    if written(impl, "counts") != bool(impl.counters):
        raise SimlabError(f"{where}: counts(): declare its names in counters and write the "
                          f"method, or neither")
    if written(impl, "seat_counts") != bool(impl.seat_counters):
        raise SimlabError(f"{where}: seat_counts(): declare its names in seat_counters and "
                          f"write the method, or neither")
    if len(impl.score_sources) > 1 and not written(impl, "sources"):
        raise SimlabError(f"{where}: sources(): the game declares {len(impl.score_sources)} "
                          f"score_sources; write sources(rules, state) to split the scores")
    if len(impl.choice_names) > 1 and not written(impl, "choice"):
        raise SimlabError(f"{where}: choice(): the game declares {len(impl.choice_names)} "
                          f"choice_names; write choice(rules, state, move) to name a move's kind")
    vp = impl.value_params
    if not isinstance(vp, dict) or not all(isinstance(k, str) and k.isidentifier() and
                                           isinstance(v, int | float) and not isinstance(v, bool)
                                           for k, v in vp.items()):
        raise SimlabError(f"{where}: value_params: expected a dict of parameter names with "
                          f"numeric defaults, got {vp!r}")
    for k, lo, hi in (("max_moves", 1, 10**9), ("score_bins", 2, 100_000)):
        v = getattr(impl, k)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise SimlabError(f"{where}: {k}: expected a whole number from {lo} to {hi}, "
                              f"got {v!r}")
    for b in type(impl).own_bots() if hasattr(type(impl), "own_bots") else ():
        if b in freebots.FREE:
            raise SimlabError(f"{where}: bot {b!r} is one of the free bots "
                              f"({', '.join(freebots.FREE)}); choose another name")


# ---------------------------------------------------------------------------- the Game
class PyGame(Game):
    """A plain-Python game (a :class:`~simlab.games.python.protocol.PythonGame`) behind the
    :class:`~simlab.games.registry.Game` interface; ``impl`` is the designer's object."""

    compile_seconds = (2.0, 2.0)
    tune_fixed = Game.tune_fixed + ("samples",)
    tune_integers = Game.tune_integers + ("samples",)

    def __init__(self, impl, origin: tuple):
        self.impl = impl
        self.origin = tuple(origin)
        self.where = _where(impl, origin)
        self.name = impl.name
        self.title = impl.title or impl.name
        self.min_players = int(impl.min_players)
        self.max_players = int(impl.max_players)
        self.default_players = int(impl.default_players if impl.default_players is not None
                                   else impl.min_players)
        self.score_sources = tuple(impl.score_sources)
        self.choice_names = tuple(impl.choice_names)
        self.end_names = tuple(impl.end_names) + (BOUND_END,)
        self.length_unit = impl.length_unit
        self.winners_are_top_scores = not written(impl, "winners")
        self.seat_keys = ("wins", "score_sum", "score_sumsq", "score_hist", "src", "choice",
                          "seat_counters")
        self._bots: dict[str, PyBot] = {}
        self._added: dict[str, PyBot] = {}
        self._free = self._free_bots()
        for name, b in type(impl).own_bots().items():
            self._bots[name] = b
        self.default_bots = tuple(impl.default_bots)
        self._greedy = freebots.Greedy(impl)

    # ------------------------------------------------------------ identity
    @property
    def source(self) -> str:
        """The file the game comes from (its module's file for an installed package)."""
        if self.origin[0] == "file":
            return str(self.origin[1])
        try:
            return inspect.getsourcefile(type(self.impl)) or ""
        except TypeError:
            return ""

    def source_key(self) -> str:
        """A hash of the game's source (every .py file of its folder when it is a package) and
        of its custom bots' files: stored results of an edited game are never taken for the new
        one's (a sweep's point hash includes it)."""
        path = Path(self.source)
        files = []
        if path.is_file():
            files = sorted(path.parent.glob("*.py")) if (path.parent / "__init__.py").is_file() \
                else [path]
        files += sorted({Path(b.source) for b in self._added.values()
                         if Path(b.source).is_file()})  # custom bots from other files
        h = hashlib.sha256()
        for f in files:
            h.update(f.name.encode() + f.read_bytes())
        return h.hexdigest()[:16]

    def __reduce_ex__(self, protocol):
        """Pickled as where it comes from: a worker loads the file again, asks the entry
        point, or imports the module."""
        if self.origin[0] == "file":
            return load_game_file, (str(self.origin[1]), self.name)
        if self.origin[0] == "entry point":
            return get_game, (self.name,)
        cls = type(self.impl)
        return _module_game, (cls.__module__, cls.__qualname__)

    def describe(self) -> dict:
        return {"kind": "python", "source": self.source,
                "kernel": list(self.impl.kernel.bots) if self.impl.kernel is not None else []}

    # ------------------------------------------------------------ bots
    def _free_bots(self) -> dict:
        vp = dict(self.impl.value_params)
        out = {"random": (freebots.random_bot.__doc__, {}),
               "greedy": ("one ply: the move with the best expected value() after it",
                          {"samples": 8.0})}
        if vp:
            out["weights"] = ("greedy with value()'s weights as parameters (simlab tune)",
                              {**vp, "samples": 8.0})
        out["lookahead"] = (f"flat Monte Carlo: playouts of each move by "
                            f"{self.impl.rollout_bot}, the best share of wins",
                            {"playouts": 8.0})
        return out

    def bots(self) -> dict[str, BotInfo]:
        out = {}
        for name, (doc, params) in self._free.items():
            out[name] = BotInfo(name, len(out), tuple(params),
                                tuple(float(v) for v in params.values()), doc)
        for name, b in {**self._bots, **self._added}.items():
            out[name] = BotInfo(name, len(out), b.params, b.defaults,
                                b.doc if name in self._bots else f"custom: {b.doc} "
                                                                 f"({b.source})")
        return out

    def add_bot(self, fn, name: str | None, params: dict | None, doc: str | None):
        """Register a custom bot of this game from another file (``simlab.bot(NAME)``)."""
        b = make_bot(fn, name, params, doc, "simlab.bot")
        if b.name in self._free or b.name in self._bots:
            raise SimlabError(f"simlab.bot: {b.name!r} is a bot of {self.name} already; "
                              f"choose another name")
        self._added[b.name] = b
        return fn

    def _function(self, base: str):
        """The callable of bot ``base`` and whether its moves need checking."""
        if base == "random":
            return freebots.random_bot, False, ""
        if base in ("greedy", "weights"):
            return self._greedy, False, ""
        if base == "lookahead":
            return self._lookahead(), False, ""
        b = self._bots.get(base) or self._added[base]
        return b.fn, True, b.source

    def _lookahead(self):
        rb = self.impl.rollout_bot
        info = self.bots().get(rb)
        if info is None or rb == "lookahead":
            raise SimlabError(f"{self.where}: rollout_bot: expected a bot of the game other "
                              f"than lookahead, got {rb!r}")
        fn, _, _ = self._function(rb)
        params = dict(zip(info.params, info.defaults, strict=True))
        if written(self.impl, "winners"):
            winners = self.impl.winners
        else:
            def winners(rules, state, scores=self.impl.scores):
                s = list(scores(rules, state))
                top = max(s)
                return [x == top for x in s]
        return freebots.Lookahead(self.impl, (fn, params), winners, int(self.impl.max_moves))

    def make_table(self, rules, seats: tuple) -> Table:
        out = []
        for label, base, params in seats:
            fn, check, src = self._function(base)
            p = dict(params)
            if base == "greedy":
                p = {**self.impl.value_params, **p}
            out.append(SeatBot(label, fn, p, check, src or self.source))
        return Table(self.impl, rules, out, self.where)

    # ------------------------------------------------------------ rules
    def rule_options(self) -> list[dict]:
        base = self.make_rules(self.default_players)
        read = {r.name: r for r in self.impl.readings}
        out = []
        for f in dataclasses.fields(self.impl.rules):
            doc = f.metadata.get("doc", "") if f.metadata else ""
            if not doc and f.name in read:
                doc = f"reading: {read[f.name].why}"
            if f.name == "players":
                doc = doc or f"players, {self.min_players}-{self.max_players}"
            out.append({"name": f.name, "default": getattr(base, f.name), "doc": doc})
        return out

    def make_rules(self, players: int, overrides: dict | None = None, where: str = "rules"):
        overrides = dict(overrides or {})
        players = coerce(overrides.pop("players", players), int, f"{where}.players")
        self.check_players(players, f"{where}.players")
        try:
            rules = self.impl.rules(players=players)
            return apply_overrides(rules, overrides, where)
        except SimlabError as e:
            if str(e).startswith(where):
                raise
            raise SimlabError(f"{where}: {e}") from None
        except (ValueError, TypeError) as e:
            raise SimlabError(f"{where}: {e}") from None

    def readings(self) -> list:
        return list(self.impl.readings)

    def data_files(self) -> list:
        return []

    def data_generators(self) -> list:
        return []

    # ------------------------------------------------------------ preparing and playing
    def prepare(self, rules, lineup) -> PyPrepared:
        from simlab.core.custom import saved_bots

        known = self.all_bots()
        saved = saved_bots(self.name)
        seats, files = [], set()
        for b in lineup:
            info = known[b.name]
            base = saved[b.name].base if b.name in saved else b.name
            vals = dict(zip(info.params, info.defaults, strict=True)) | dict(b.overrides)
            seats.append((b.label, base, tuple((k, float(v)) for k, v in vals.items())))
            if base in self._added:
                files.add(self._added[base].source)
        return PyPrepared(self, rules, tuple(seats), tuple(sorted(files)))

    def kernel_state(self, arrays):
        return None

    def _kernel_line_up(self, prepared: PyPrepared):
        """``(ids, params)`` of the line-up in the game's kernel, or None when it has none or
        a seat plays a bot the kernel does not."""
        k = self.impl.kernel
        if k is None:
            return None
        bases = [base for _, base, _ in prepared.seats]
        if not all(b in k.bots for b in bases):
            return None
        ids = np.array([k.bots.index(b) for b in bases], np.int64)
        width = max([1] + [len(p) for _, _, p in prepared.seats])
        params = np.zeros((len(bases), width), np.float64)
        for s, (_, _, p) in enumerate(prepared.seats):
            params[s, :len(p)] = [v for _, v in p]
        return ids, params

    def plays_in_kernel(self, prepared: PyPrepared) -> bool:
        """Whether ``run_batch`` plays this line-up in the game's numba kernel."""
        return self._kernel_line_up(prepared) is not None

    def run_batch(self, prepared: PyPrepared, seed: int, start: int, count: int,
                  keep_rows: bool):
        lu = self._kernel_line_up(prepared)
        if lu is not None:
            return self.run_kernel(prepared, seed, start, count, keep_rows, lu)
        return self.run_python(prepared, seed, start, count, keep_rows)

    def run_python(self, prepared: PyPrepared, seed: int, start: int, count: int,
                   keep_rows: bool):
        """A batch played by the plain-Python loop (whatever the kernel could play)."""
        t = prepared.table()
        tot = Totals(t, count, keep_rows)
        for i in range(count):
            tot.add(i, play_fast(t, seed, start + i))
        return tot.agg._asdict(), (tot.rows._asdict() if keep_rows else None)

    def run_kernel(self, prepared: PyPrepared, seed: int, start: int, count: int,
                   keep_rows: bool, lineup=None):
        """A batch played by the game's numba kernel."""
        ids, params = lineup if lineup is not None else self._kernel_line_up(prepared)
        k = self.impl.kernel
        if prepared._kernel is None:
            prepared._kernel = k.arrays(prepared.rules)
        t = prepared.table()
        p = t.players
        agg = new_agg(p, len(t.sources), len(t.kinds), len(t.ends), len(t.counters),
                      len(t.seat_counters), t.score_bins)
        rows = new_rows(count, p, len(t.sources), len(t.kinds), keep_rows)
        try:
            k.run(prepared._kernel, ids, params, int(seed), int(start), int(count), agg, rows)
        except SimlabError:
            raise
        except Exception as e:  # noqa: BLE001 - the designer's kernel: one line, not a trace
            first = next((ln.strip() for ln in str(e).splitlines() if ln.strip()), str(e))
            loc = next((ln.strip() for ln in str(e).splitlines()
                        if ln.strip().startswith("File ")), "")
            raise SimlabError(f"{self.where}: kernel: {type(k).__name__}.run() failed: "
                              f"{type(e).__name__}: {first[:300]}" + (f" ({loc})" if loc else "")
                              ) from None
        return agg._asdict(), (rows._asdict() if keep_rows else None)

    def reference_game(self, prepared: PyPrepared, seed: int, game: int, log: bool = False,
                       names=None):
        t = prepared.table()
        lines = [] if log else None
        rec = play_checked(t, seed, game, lines, names)
        return (np.asarray(rec.scores, np.int64), np.asarray(rec.winners, np.bool_),
                game_agg(t, rec), lines or [])

    def replay(self, prepared: PyPrepared, seed: int, game: int, names: list[str]):
        from simlab.core.replay import require_sound
        from simlab.games.python.replay import replay_of

        return require_sound(replay_of(self, prepared, seed, game, names), self.name)

    # ------------------------------------------------------------ compiling
    def has_search(self, prepared) -> bool:
        return False

    def compile_estimate(self, prepared) -> float:
        k = self.impl.kernel
        if k is not None and self.plays_in_kernel(prepared):
            return float(k.compile_seconds)
        return self.compile_seconds[0]

    def check_compiles(self, prepared) -> None:
        """The kernel (one game), or the two small compiled helpers the plain-Python loop uses
        (the stream's refill and the game-shape record), once per process."""
        kernel = self.plays_in_kernel(prepared)
        done = self.__dict__.setdefault("_checked_kernels", set())
        if kernel in done:
            return
        if kernel:
            self.run_batch(prepared, 0, 0, 1, False)
        else:
            from simlab.games.python.stream import Stream

            Stream(0, 0).random()
            t = prepared.table()
            Totals(t, 1, False).add(0, _empty_record(t))
        done.add(kernel)

    def warm_lineups(self, everything: bool = False) -> list[tuple[str, object]]:
        """The default line-up, and a line-up of the kernel's first bot when the default does
        not play in the kernel (nothing else of a plain-Python game compiles)."""
        n = self.default_players
        rules = self.make_rules(n)
        out = [("default line-up", self.prepare(rules, self.lineup(None, n)))]
        k = self.impl.kernel
        if k is not None and k.bots and not self.plays_in_kernel(out[0][1]):
            out.append(("kernel line-up", self.prepare(rules, self.lineup([k.bots[0]], n))))
        return out

    def warm_for(self, prepared_list) -> None:
        from simlab.core.compiling import compile_notice

        kinds = {}
        for p in prepared_list:
            kinds.setdefault(self.plays_in_kernel(p), p)
        estimate = sum(self.compile_estimate(p) for p in kinds.values())
        with compile_notice(f"{self.title} kernel" if True in kinds else
                            f"{self.title} helpers", estimate):
            for p in kinds.values():
                self.check_compiles(p)

    # ------------------------------------------------------------ results
    def metrics(self, agg: dict, n_games: int, rules, lineup) -> dict:
        n = max(n_games, 1)
        p = int(rules.players)
        labels = [b.label for b in lineup]
        ends = np.asarray(agg["ends"])
        length = np.asarray(agg["length"], dtype=float)
        mean_len = length[0] / n
        var = max(length[1] / n - mean_len ** 2, 0.0)
        src, ch, sc = (np.asarray(agg[k]) for k in ("src", "choice", "seat_counters"))
        counters = np.asarray(agg["counters"])
        out = {
            f"game_length_{self.length_unit}": float(mean_len),
            "game_length_sd": float(var ** 0.5),
            "end_reasons": {e: float(ends[i]) / n for i, e in enumerate(self.end_names)},
            "per_game": {c: float(counters[i]) / n for i, c in enumerate(self.impl.counters)},
            "score_sources": [{"seat": s + 1, "bot": labels[s],
                               **{k: float(src[s, j]) / n
                                  for j, k in enumerate(self.score_sources)}} for s in range(p)],
            "choices": [{"seat": s + 1, "bot": labels[s],
                         **{k: float(ch[s, j]) / n for j, k in enumerate(self.choice_names)}}
                        for s in range(p)],
            "seat_metrics": [{"seat": s + 1, "bot": labels[s],
                              **{k: float(sc[s, j]) / n
                                 for j, k in enumerate(self.impl.seat_counters)}}
                             for s in range(p)],
            "game_shape": shape_metrics({"counters": agg["shape_counters"],
                                         "lead_hist": agg["lead_hist"],
                                         "margin_hist": agg["margin_hist"],
                                         "leader_wins": agg["leader_wins"]}, p,
                                        self.impl.checkpoint_name),
        }
        return out

    def invariants(self, agg: dict, n_games: int, rules) -> list[str]:
        problems = []
        ends = np.asarray(agg["ends"])
        if int(ends.sum()) != n_games:
            problems.append(f"ends count {int(ends.sum())} games, not {n_games}")
        if int(ends[-1]):
            problems.append(f"{int(ends[-1])} games were stopped by the modelling bound of "
                            f"{self.impl.max_moves} moves (max_moves)")
        hist = np.asarray(agg["score_hist"])
        if (hist.sum(axis=1) != n_games).any():
            problems.append("the score histograms do not count every game")
        if not np.array_equal(np.asarray(agg["src"]).sum(axis=1), np.asarray(agg["score_sum"])):
            problems.append("points by source do not add up to the scores")
        if (np.asarray(agg["choice"]) < 0).any() or (np.asarray(agg["seat_counters"]) < 0).any():
            problems.append("a negative count of moves or seat counters")
        if int(np.asarray(agg["length_hist"]).sum()) != n_games or \
                int(agg["length"][0]) < n_games:
            problems.append("game lengths do not count every game, or a game lasted nothing")
        if int(np.asarray(agg["shape_counters"])[0]) != n_games:
            problems.append("the game-shape measures do not count every game")
        return problems

    def seats_identical(self, rules) -> str:
        return str(self.impl.seats_identical(rules) or "")

    def rule_warnings(self, rules) -> list[str]:
        return [str(x) for x in self.impl.rule_warnings(rules)]

    def inert_overrides(self, rules, overrides: dict) -> list[str]:
        return [str(x) for x in self.impl.inert_overrides(rules, dict(overrides))]

    def result_warnings(self, metrics: dict, rules) -> list[str]:
        share = metrics.get("end_reasons", {}).get(BOUND_END, 0.0)
        if share:
            return [f"{100 * share:.2g}% of the games were stopped by the modelling bound of "
                    f"{self.impl.max_moves} moves (max_moves), not by a rule: their scores are "
                    f"the running scores then"]
        return []

    def summary_lines(self, metrics: dict) -> list[str]:
        lines = []
        kinds = self.choice_names
        lines.append("seat  " + "  ".join(f"{k:>10}" for k in kinds) + "   (moves per game)")
        for row in metrics["choices"]:
            lines.append(f"{row['seat']:>4}  " + "  ".join(f"{row[k]:10.2f}" for k in kinds))
        if self.impl.seat_counters:
            names = self.impl.seat_counters
            lines += ["", "seat  " + "  ".join(f"{k:>12}" for k in names) + "   (per game)"]
            for row in metrics["seat_metrics"]:
                lines.append(f"{row['seat']:>4}  " + "  ".join(f"{row[k]:12.2f}"
                                                             for k in names))
        per = metrics["per_game"]
        ends = metrics["end_reasons"]
        lines += ["", f"per game: {metrics[f'game_length_{self.length_unit}']:.2f} "
                      f"{self.length_unit}" + "".join(f", {v:.2f} {k}" for k, v in per.items())
                  + "; end: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in ends.items()
                                          if v or k != BOUND_END)]
        return lines

    def lineup(self, bots, players: int, where: str = "bots"):
        try:
            return super().lineup(bots, players, where)
        except SimlabError as e:
            if bots is None:  # the game's own default line-up names an unknown bot
                raise SimlabError(f"{self.where}: default_bots: {e}") from None
            raise


def _empty_record(t: Table):
    from simlab.games.python.playing import GameRecord

    p = t.players
    return GameRecord([0] * p, [True] * p, [[0] * len(t.sources) for _ in range(p)],
                      [[0] * len(t.kinds) for _ in range(p)], 0, 1,
                      [0] * len(t.counters), [[0] * len(t.seat_counters) for _ in range(p)],
                      [])


def adapt(obj, origin: tuple = ("module",)) -> PyGame:
    """Check a :class:`~simlab.games.python.protocol.PythonGame` (class or instance) and make
    it a :class:`PyGame`: every static promise first, then one checked game with random bots
    at the default table (so a broken method fails here, before any run)."""
    where = _where(obj if not isinstance(obj, type) else obj, origin)
    try:
        impl = obj() if isinstance(obj, type) else obj
    except Exception as e:  # noqa: BLE001 - the designer's constructor
        raise SimlabError(f"{where}: making the game ({type(obj).__name__}()) raised "
                          f"{type(e).__name__}: {e}") from None
    where = _where(impl, origin)
    check_game(impl, where)
    game = PyGame(impl, origin)
    info = game.bots()
    for b in game.default_bots:
        if b not in info:
            raise SimlabError(f"{where}: default_bots: unknown bot {b!r}{suggest(b, info)}; "
                              f"bots: {', '.join(info)}")
    rb = impl.rollout_bot
    if rb not in info or rb == "lookahead":
        raise SimlabError(f"{where}: rollout_bot: expected a bot of the game other than "
                          f"lookahead, got {rb!r}")
    k = impl.kernel
    if k is not None:
        for m in ("arrays", "run"):
            if not callable(getattr(k, m, None)):
                raise SimlabError(f"{where}: kernel: {type(k).__name__} has no method {m}")
        for b in getattr(k, "bots", ()):
            if b not in info:
                raise SimlabError(f"{where}: kernel.bots: unknown bot {b!r}; bots: "
                                  f"{', '.join(info)}")
    from simlab.core.readings import check_catalogue

    problems = check_catalogue(game.readings(), game.make_rules, game.default_players)
    if problems:
        raise SimlabError(f"{where}: readings: " + "; ".join(problems))
    rules = game.make_rules(game.default_players)
    prep = game.prepare(rules, game.lineup("random", game.default_players))
    play_checked(prep.table(), 0, 0)
    return game
