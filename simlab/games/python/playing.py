"""Playing a plain-Python game: the batch loop, the checked reference loop, and the totals.

A :class:`Table` is a game's rules with the bots of its seats. :func:`play_fast` plays one game
of it as quickly as plain Python allows (no checks but the legality of a custom bot's move);
:func:`play_checked` plays the same game (the same stream, so the same moves) checking every
value the game's methods return, and can write the game's log and record its steps for a
replay. When the fast loop fails, the game is played again checked, whose error names the
method, the file and the line. :class:`Totals` adds games up into the aggregates a batch
returns; :func:`game_agg` is the straightforward sum of one game, the reference the conformance
harness holds a batch to.
"""

from __future__ import annotations

import math
import os
import sys
import sysconfig
import traceback

import numpy as np

from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.errors import SimlabError
from simlab.games.python.kernel import LENGTH_BINS, new_agg, new_rows
from simlab.games.python.spec import written
from simlab.games.python.stream import Stream

#: the end of a game that the modelling bound ``max_moves`` stopped
BOUND_END = "move bound"

_SIMLAB = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_LIBS = tuple({p for k in ("stdlib", "platstdlib", "purelib", "platlib")
               if (p := sysconfig.get_paths().get(k))})


class SeatBot:
    """The bot of one seat: its label, function, parameters by name, whether its moves are
    checked (a designer's bot), the ``decide`` of a free bot (its move and the values it
    weighed, for replays) and the file that defined it."""

    __slots__ = ("label", "fn", "params", "check", "decide", "source")

    def __init__(self, label, fn, params: dict, check: bool, source: str):
        self.label, self.fn, self.params, self.check, self.source = (label, fn, params, check,
                                                                     source)
        self.decide = getattr(fn, "decide", None)


class Table:
    """A game's rules with the bots of its seats, and what the loops need to know of it."""

    def __init__(self, impl, rules, seats: list, where: str):
        self.impl, self.rules, self.seats, self.where = impl, rules, seats, where
        self.players = int(rules.players)
        self.sources = tuple(impl.score_sources)
        self.kinds = tuple(impl.choice_names)
        self.ends = tuple(impl.end_names) + (BOUND_END,)
        self.end_index = {e: i for i, e in enumerate(impl.end_names)}
        self.choice_index = {c: i for i, c in enumerate(self.kinds)}
        self.counters = tuple(impl.counters)
        self.seat_counters = tuple(impl.seat_counters)
        self.asks_kind = written(impl, "choice")
        self.asks_checkpoint = written(impl, "checkpoint")
        self.asks_length = written(impl, "length")
        self.asks_sources = written(impl, "sources")
        self.max_moves = int(impl.max_moves)
        self.score_bins = int(impl.score_bins)


class GameRecord:
    """What one finished game leaves: final scores and winners, points by source and moves by
    kind per seat, the index of its end, its length, its counters and the running scores at
    its checkpoints."""

    __slots__ = ("scores", "winners", "sources", "choices", "end", "length", "counts",
                 "seat_counts", "checkpoints")

    def __init__(self, scores, winners, sources, choices, end, length, counts, seat_counts,
                 checkpoints):
        self.scores, self.winners, self.sources, self.choices = scores, winners, sources, choices
        self.end, self.length, self.counts, self.seat_counts = end, length, counts, seat_counts
        self.checkpoints = checkpoints


# ---------------------------------------------------------------------------- the fast loop
def play_fast(t: Table, seed: int, g: int) -> GameRecord:
    """Game ``g`` of seed ``seed`` at table ``t``, as fast as plain Python allows; on any
    failure the game is played again by :func:`play_checked`, whose error says what broke."""
    try:
        return _fast(t, seed, g)
    except SimlabError:
        raise
    except Exception:  # noqa: BLE001 - the designer's code: found again, checked, below
        play_checked(t, seed, g)
        raise SimlabError(f"{t.where}: game {g} of seed {seed} failed in the batch loop "
                          f"but not when replayed alone: the game's methods keep something "
                          f"between games or calls (a class-level list, a global); "
                          f"{_last_error()}") from None


def _last_error() -> str:
    kind, exc, tb = sys.exc_info()
    return f"{kind.__name__}: {exc} ({_location(tb)})" if kind else ""


def _fast(t: Table, seed: int, g: int) -> GameRecord:
    impl, R, P = t.impl, t.rules, t.players
    rng = Stream(seed, g)
    state = impl.start(R, rng)
    end_of, to_move, moves_of, play = impl.end, impl.to_move, impl.moves, impl.play
    kind_of = impl.choice if t.asks_kind else None
    cp_of = impl.checkpoint if t.asks_checkpoint else None
    idx = t.choice_index
    seats = t.seats
    choices = [[0] * len(t.kinds) for _ in range(P)]
    cps = []
    n = 0
    bound = t.max_moves
    while True:
        e = end_of(R, state)
        if e is not None:
            end = t.end_index[e]
            break
        if n >= bound:
            end = len(t.ends) - 1
            break
        seat = to_move(R, state)
        ms = moves_of(R, state)
        if len(ms) == 1:
            m = ms[0]
        else:
            b = seats[seat]
            m = b.fn(R, state, seat, ms, rng, b.params)
            if b.check and m not in ms:
                raise ValueError("illegal move")
        choices[seat][idx[kind_of(R, state, m)] if kind_of is not None else 0] += 1
        new = play(R, state, m, rng)
        if new is not None:
            state = new
        n += 1
        if cp_of is not None and cp_of(R, state):
            cps.append([int(x) for x in impl.scores(R, state)])
    return _finish(t, state, choices, end, n, cps, lambda method, f, *a: f(*a))


def _finish(t: Table, state, choices, end: int, n: int, cps, call) -> GameRecord:
    """The record of a finished game (``call(method, f, *args)`` runs a game method: plainly,
    or checked)."""
    impl, R, P = t.impl, t.rules, t.players
    scores = _ints(call("scores", impl.scores, R, state), P, "scores", t)
    if impl.winners is not None and written(impl, "winners"):
        winners = _flags(call("winners", impl.winners, R, state), P, t)
    else:
        top = max(scores)
        winners = [s == top for s in scores]
    if t.asks_sources:
        src = call("sources", impl.sources, R, state)
        sources = _table_of(src, P, len(t.sources), "sources", t)
        for s in range(P):
            if sum(sources[s]) != scores[s]:
                _bad(t, "sources", f"seat {s + 1}'s points by source {sources[s]} do not sum "
                                   f"to its score {scores[s]}")
    else:
        sources = [[s] for s in scores]
    length = (_int(call("length", impl.length, R, state), "length", t)
              if t.asks_length else n)
    if length < 1:
        _bad(t, "length", f"returned {length}; a game lasts at least 1 {impl.length_unit}")
    counts = _counts(call("counts", impl.counts, R, state), t.counters, "counts", t) \
        if t.counters else []
    seat_counts = ([_counts(row, t.seat_counters, "seat_counts", t)
                    for row in _rows_of(call("seat_counts", impl.seat_counts, R, state), P, t)]
                   if t.seat_counters else [[] for _ in range(P)])
    return GameRecord(scores, winners, sources, choices, end, length, counts, seat_counts,
                      cps[:MAX_CHECKPOINTS])


# ---------------------------------------------------------------------------- checks
def _bad(t: Table, method: str, text: str):
    raise SimlabError(f"{t.where}: {method}(): {text}")


def _int(x, method: str, t: Table) -> int:
    if isinstance(x, bool) or not isinstance(x, int | np.integer | float | np.floating) or \
            not math.isfinite(float(x)) or float(x) != int(x):
        _bad(t, method, f"returned {x!r} ({type(x).__name__}); expected a whole number")
    return int(x)


def _ints(xs, n: int, method: str, t: Table) -> list[int]:
    if isinstance(xs, str | bytes | dict) or not hasattr(xs, "__len__") or len(xs) != n:
        _bad(t, method, f"returned {_short(xs)}; expected {n} whole numbers, one per seat")
    return [_int(x, method, t) for x in xs]


def _flags(xs, n: int, t: Table) -> list[bool]:
    if isinstance(xs, str | bytes | dict) or not hasattr(xs, "__len__") or len(xs) != n:
        _bad(t, "winners", f"returned {_short(xs)}; expected {n} true/false flags, one per seat")
    return [bool(x) for x in xs]


def _table_of(rows, n: int, width: int, method: str, t: Table) -> list[list[int]]:
    rows = _rows_of(rows, n, t, method)
    return [_ints(r, width, method, t) for r in rows]


def _rows_of(rows, n: int, t: Table, method: str = "seat_counts"):
    if isinstance(rows, str | bytes | dict) or not hasattr(rows, "__len__") or len(rows) != n:
        _bad(t, method, f"returned {_short(rows)}; expected one entry per seat ({n})")
    return list(rows)


def _counts(x, names: tuple, method: str, t: Table) -> list[int]:
    if isinstance(x, dict):
        missing = [k for k in names if k not in x]
        extra = [k for k in x if k not in names]
        if missing or extra:
            _bad(t, method, f"returned the counters {sorted(x)}; expected exactly "
                            f"{', '.join(names)}")
        return [_int(x[k], method, t) for k in names]
    return _ints(x, len(names), method, t)


def _short(x) -> str:
    text = repr(x)
    return (text[:60] + "...") if len(text) > 60 else text


def _location(tb) -> str:
    """The designer's line a traceback ends in: the deepest frame outside simlab and the
    Python installation."""
    frames = traceback.extract_tb(tb)
    mine = [f for f in frames if not f.filename.startswith(_SIMLAB + os.sep)
            and not f.filename.startswith(_LIBS)]
    f = (mine or frames)[-1] if frames else None
    return f"{os.path.basename(f.filename)} line {f.lineno}" if f else "?"


def _checked_call(t: Table, seed: int, g: int):
    """``call(method, f, *args)``: run a game method, turning any exception into one line
    naming the method, the file and line, and the game."""

    def call(method, f, *args):
        try:
            return f(*args)
        except SimlabError:
            raise
        except Exception as e:  # noqa: BLE001 - the designer's code: report, do not crash
            raise SimlabError(f"{t.where}: {method}() raised {type(e).__name__}: {e} "
                              f"({_location(e.__traceback__)}; seed {seed}, game {g})") from None

    return call


def _check_move_list(ms, t: Table):
    if not isinstance(ms, list | tuple):
        _bad(t, "moves", f"returned {_short(ms)} ({type(ms).__name__}); expected a list or "
                         f"tuple of the legal moves")
    if not ms:
        _bad(t, "moves", "returned no legal move while end() says the game goes on")
    for m in ms:
        try:
            hash(m)
        except TypeError:
            _bad(t, "moves", f"returned the move {_short(m)} ({type(m).__name__}); a move must "
                             f"be a hashable value: a number, a string or a tuple of them")
        if isinstance(m, np.ndarray | list | dict | set):
            _bad(t, "moves", f"returned the move {_short(m)} ({type(m).__name__}); a move "
                             f"must be a number, a string or a tuple of them")


# ---------------------------------------------------------------------------- the checked loop
def play_checked(t: Table, seed: int, g: int, log: list | None = None, names=None,
                 steps: list | None = None) -> GameRecord:
    """Game ``g`` of seed ``seed`` at table ``t`` (the same moves as :func:`play_fast`), every
    value the game's methods return checked: a broken protocol is a :class:`SimlabError`
    naming the method. ``log`` collects the game's log lines (:meth:`describe`); ``steps``
    collects ``(seat, move, before, after, values)`` per move for a replay."""
    impl, R, P = t.impl, t.rules, t.players
    call = _checked_call(t, seed, g)
    names = names or [f"P{s + 1}({b.label})" for s, b in enumerate(t.seats)]
    rng = Stream(seed, g)
    state = call("start", impl.start, R, rng)
    if state is None:
        _bad(t, "start", "returned None; expected the state of a new game")
    kind = type(state)
    choices = [[0] * len(t.kinds) for _ in range(P)]
    cps = []
    n = 0
    while True:
        e = call("end", impl.end, R, state)
        if e is not None:
            if e not in t.end_index:
                _bad(t, "end", f"returned {e!r}; expected None while the game goes on, or one "
                               f"of end_names {list(impl.end_names)}")
            end = t.end_index[e]
            break
        if n >= t.max_moves:
            end = len(t.ends) - 1
            if log is not None:
                log.append(f"stopped by the modelling bound of {t.max_moves} moves")
            break
        seat = call("to_move", impl.to_move, R, state)
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or \
                not 0 <= seat < P:
            _bad(t, "to_move", f"returned {seat!r}; expected a seat from 0 to {P - 1}")
        seat = int(seat)
        ms = call("moves", impl.moves, R, state)
        _check_move_list(ms, t)
        values = None
        if len(ms) == 1:
            m = ms[0]
        else:
            b = t.seats[seat]
            try:
                if steps is not None and b.decide is not None:
                    m, values = b.decide(R, state, seat, ms, rng, b.params)
                else:
                    m = b.fn(R, state, seat, ms, rng, b.params)
            except SimlabError:
                raise
            except Exception as e:  # noqa: BLE001 - a designer's bot
                raise SimlabError(f"{t.where}: bot {b.label} (seat {seat + 1}, "
                                  f"{os.path.basename(b.source)}) raised {type(e).__name__}: "
                                  f"{e} ({_location(e.__traceback__)}; seed {seed}, game {g})"
                                  ) from None
            if m not in ms:
                raise SimlabError(f"{t.where}: bot {b.label} (seat {seat + 1}, "
                                  f"{os.path.basename(b.source)}) returned {_short(m)}, not "
                                  f"one of the legal moves {_short(list(ms))} (seed {seed}, "
                                  f"game {g})")
        if t.asks_kind:
            k = call("choice", impl.choice, R, state, m)
            if k not in t.choice_index:
                _bad(t, "choice", f"returned {k!r} for the move {m!r}; expected one of "
                                  f"choice_names {list(t.kinds)}")
            choices[seat][t.choice_index[k]] += 1
        else:
            choices[seat][0] += 1
        before = call("copy", impl.copy, state) if (log is not None or steps is not None) \
            else None
        new = call("play", impl.play, R, state, m, rng)
        if new is not None:
            if type(new) is not kind:
                _bad(t, "play", f"returned {_short(new)} ({type(new).__name__}); expected None "
                                f"(the state changed in place) or a new {kind.__name__}")
            state = new
        n += 1
        if log is not None:
            text = call("describe", impl.describe, R, before, m, state)
            log.append(f"{names[seat]}: {text}")
        if steps is not None:
            steps.append((seat, m, before, call("copy", impl.copy, state), values))
        if t.asks_checkpoint:
            done = call("checkpoint", impl.checkpoint, R, state)
            if not isinstance(done, bool | np.bool_):
                _bad(t, "checkpoint", f"returned {done!r}; expected true or false")
            if done:
                cps.append(_ints(call("scores", impl.scores, R, state), P, "scores", t))
    rec = _finish(t, state, choices, end, n, cps, call)
    problems = call("check", impl.check, R, state)
    if problems:
        _bad(t, "check", f"game {g} of seed {seed}: " + "; ".join(map(str, problems)))
    if steps is not None:
        steps.append((None, None, state, state, None))
    return rec


# ---------------------------------------------------------------------------- totals
class Totals:
    """The aggregates and rows of a batch of games, added up game by game."""

    def __init__(self, t: Table, count: int, keep_rows: bool):
        self.t = t
        p = t.players
        self.agg = new_agg(p, len(t.sources), len(t.kinds), len(t.ends), len(t.counters),
                           len(t.seat_counters), t.score_bins)
        self.rows = new_rows(count, p, len(t.sources), len(t.kinds), keep_rows)
        self.keep = keep_rows
        self.seat_index = np.arange(p)
        self.cp = np.zeros((MAX_CHECKPOINTS, p), np.int64)

    def add(self, i: int, rec: GameRecord) -> None:
        """Add game ``rec`` (row ``i`` of the batch)."""
        a, p = self.agg, self.t.players
        sc = np.asarray(rec.scores, np.int64)
        won = np.asarray(rec.winners, np.bool_)
        a.wins[won, int(won.sum())] += 1
        a.score_sum[:] += sc
        a.score_sumsq[:] += sc * sc
        a.score_hist[self.seat_index, np.clip(sc, 0, a.score_hist.shape[1] - 1)] += 1
        src = np.asarray(rec.sources, np.int64).reshape(p, -1)
        ch = np.asarray(rec.choices, np.int64).reshape(p, -1)
        a.src[:] += src
        a.choice[:] += ch
        if rec.seat_counts and rec.seat_counts[0]:
            a.seat_counters[:] += np.asarray(rec.seat_counts, np.int64)
        if rec.counts:
            a.counters[:] += np.asarray(rec.counts, np.int64)
        a.ends[rec.end] += 1
        a.length[0] += rec.length
        a.length[1] += rec.length * rec.length
        a.length_hist[min(rec.length, LENGTH_BINS - 1)] += 1
        k = len(rec.checkpoints)
        if k:
            self.cp[:k] = rec.checkpoints
        record_shape(self.cp, k, sc, won, p, a.shape_counters, a.lead_hist, a.margin_hist,
                     a.leader_wins)
        if self.keep:
            r = self.rows
            r.score[i] = sc
            r.winner[i] = won
            r.length[i] = rec.length
            r.end[i] = rec.end
            r.source[i] = src
            r.choice[i] = ch


def game_agg(t: Table, rec: GameRecord) -> dict:
    """The aggregates of one game, written out plainly (the reference a batch is checked
    against)."""
    p = t.players
    out = {k: np.zeros_like(v) for k, v in new_agg(
        p, len(t.sources), len(t.kinds), len(t.ends), len(t.counters), len(t.seat_counters),
        t.score_bins)._asdict().items()}
    n_win = sum(1 for w in rec.winners if w)
    for s in range(p):
        x = rec.scores[s]
        if rec.winners[s]:
            out["wins"][s][n_win] = 1
        out["score_sum"][s] = x
        out["score_sumsq"][s] = x * x
        out["score_hist"][s][min(max(x, 0), t.score_bins - 1)] = 1
        for j, v in enumerate(rec.sources[s]):
            out["src"][s][j] = v
        for j, v in enumerate(rec.choices[s]):
            out["choice"][s][j] = v
        for j, v in enumerate(rec.seat_counts[s]):
            out["seat_counters"][s][j] = v
    for j, v in enumerate(rec.counts):
        out["counters"][j] = v
    out["ends"][rec.end] = 1
    out["length"][:] = [rec.length, rec.length ** 2]
    out["length_hist"][min(rec.length, LENGTH_BINS - 1)] = 1
    cp = np.zeros((MAX_CHECKPOINTS, p), np.int64)
    for i, row in enumerate(rec.checkpoints):
        cp[i] = row
    record_shape(cp, len(rec.checkpoints), np.asarray(rec.scores, np.int64),
                 np.asarray(rec.winners, np.bool_), p, out["shape_counters"], out["lead_hist"],
                 out["margin_hist"], out["leader_wins"])
    return out
