"""Jungle Rumble: where the kernel's time goes (rows for ``simlab bench --profile``).

Measured outside the kernels, so the normal line-ups pay nothing for it:

- games/s (CPU time, one core) with ``first`` bots (the rules alone: the first legal option,
  no evaluation, no draw), random bots (their decisions are a draw), greedy bots and a
  lookahead seat (3 players), and the rounds a game lasts with first and greedy; the
  difference between first and greedy per round is roughly what the greedy bots cost;
- decisions per greedy game by kind and the options the action decision evaluates, counted by
  wrapping the reference engine's ``ask`` (the reference engine asks the kernel's own bot
  functions on the same states, game for game);
- microseconds per call of the main bot and rule functions, timed in compiled loops on states
  taken from those games (the same compiled functions the kernel links in; the loops are in ``timing.py``, a kernel
  module the kernels never call);
- the lookahead bot's playouts per decision and microseconds per action decision.
"""

from __future__ import annotations

import time

import numpy as np

from simlab.core.rng import new_stream
from simlab.games.jungle import bots, lookahead
from simlab.games.jungle.family import send_limit
from simlab.games.jungle.greedy import W_SEND
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.rules import A_FIELDS, N_TILES
from simlab.games.jungle.state import JungleState
from simlab.games.jungle.timing import (
    loop_action,
    loop_field,
    loop_follow,
    loop_legal,
    loop_search,
    loop_standings,
    loop_stick,
    loop_stick_points,
    loop_wet_free,
)

GAME = "jungle"


def _per_call_us(fn, args, reps: int) -> float:
    """Microseconds per call of ``fn`` (a timed loop of ``reps`` calls; the best of three)."""
    fn(*args, 1)  # compile / load
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        fn(*args, reps)
        best = min(best, time.perf_counter() - t)
    return best / reps * 1e6


# ------------------------------------------------------------------- counted decisions
class _Counting(ReferenceGame):
    """The reference engine, counting what it asks of the bots (and keeping a few states)."""

    def __init__(self, *args, keep: list | None = None, **kws):
        super().__init__(*args, **kws)
        self.asked: dict[str, int] = {}
        self.options = 0
        self.keep = keep

    def ask(self, fn, q, *args) -> int:
        name = fn.py_func.__name__ if hasattr(fn, "py_func") else fn.__name__
        self.asked[name] = self.asked.get(name, 0) + 1
        if name == "decide_action_search":
            st = self.make_view()
            w = self.lineup.params[q]
            sides = 2 if self.A.variant else 1
            for t in range(N_TILES):
                if st.tile_used[t] == 0:
                    for side in range(sides):
                        a = int(self.A.tile_act[t, side])
                        self.options += min(int(send_limit(self.A, st, q, a)), int(w[W_SEND])) + 1
            if self.keep is not None:
                self.keep.append((JungleState(*[np.copy(x) for x in st]), q,
                                  int(self.follow_act)))
        return super().ask(fn, q, *args)


def _rate(g, prep, secs: float, n: int = 64) -> float:
    """Games per CPU second of the kernel (after a small batch to load it), from batches of
    ``n`` games doubling."""
    g.run_batch(prep, 1, 0, 2, False)
    start, c0 = 0, time.process_time()
    while True:
        g.run_batch(prep, 11, start, n, False)
        start += n
        if time.process_time() - c0 >= secs:
            break
        n = min(2 * n, 100_000)
    return start / (time.process_time() - c0)


def profile(quick: bool = False, say=lambda msg: None) -> list[dict]:
    """Rows ``{"game", "measure", "value", "unit"}``: where Jungle Rumble's time goes (module
    docstring). ``quick``: shorter timings and fewer counted games (under ~30 s compiled)."""
    from simlab.games.registry import get_game

    g = get_game(GAME)
    rows: list[dict] = []

    def row(measure: str, value: float, unit: str) -> None:
        rows.append({"game": GAME, "measure": measure, "value": float(value), "unit": unit})

    secs = 1.0 if quick else 4.0
    rules = g.make_rules(3)
    preps = {}
    for bots_ in ("first", "random", "greedy", "lookahead,greedy,greedy"):
        say(f"jungle profile: {bots_} 3p")
        prep = preps[bots_] = g.prepare(rules, g.lineup(bots_, 3))
        look = "lookahead" in bots_
        row(f"games/s cpu, 3p {bots_}", _rate(g, prep, secs, 4 if look else 64), "games/s")
    fi, r, gr = rows[0]["value"], rows[1]["value"], rows[2]["value"]
    row("us per game, 3p first (the rules alone: no evaluation, no draw)", 1e6 / fi, "us")
    row("us per game, 3p random (engine and draws)", 1e6 / r, "us")
    row("us per game, 3p greedy", 1e6 / gr, "us")
    for bots_ in ("first", "greedy"):
        agg, _ = g.run_batch(preps[bots_], 11, 0, 2000, False)
        h = np.asarray(agg["length_hist"])
        row(f"rounds per game, 3p {bots_}", float((h * np.arange(h.size)).sum() / h.sum()),
            "rounds")

    say("jungle profile: decisions of greedy games (reference engine)")
    prep = preps["greedy"]
    A, lu = prep.arrays, prep.lineup
    n_games = 6 if quick else 40
    asked: dict[str, int] = {}
    options = 0
    kept: list = []
    turns = 0
    for i in range(n_games):
        ref_game = _Counting(A, lu, 5, i, keep=kept if i < 4 else None)
        ref_game.play()
        turns += ref_game.turn
        options += ref_game.options
        for k, v in ref_game.asked.items():
            asked[k] = asked.get(k, 0) + v
    row("turns per game, 3p greedy", turns / n_games, "turns")
    for k in sorted(asked):
        row(f"{k} calls per game, 3p greedy", asked[k] / n_games, "calls")
    n_act = asked.get("decide_action_search", 1)
    row("options evaluated per action decision, greedy", options / n_act, "options")

    say("jungle profile: microseconds per call")
    reps = 1000 if quick else 20000
    states = kept[:: max(1, len(kept) // 12)]
    rng = new_stream(5, 0)
    times: dict[str, list[float]] = {}

    def timed(name, fn, args):
        times.setdefault(name, []).append(_per_call_us(fn, args, reps))

    for st, p, _ in states:
        w = lu.params[p]
        timed("greedy action decision (greedy_action)", loop_action, (A, st, w, p, rng))
        timed("greedy follow decision (_greedy_follow, fields)", loop_follow,
              (A, st, w, p, A_FIELDS))
        timed("greedy field placement (decide_field)", loop_field, (A, st, lu, p, rng))
        timed("greedy stick placement (decide_stick)", loop_stick, (A, st, lu, p, rng))
        timed("legal cells + legal edges (the kept lists, copied)", loop_legal, (A, st, p))
        timed("free cells next to a stick (wet_free_cells)", loop_wet_free, (A, st, p))
        timed("position + standings (end term)", loop_standings, (A, st, p))
        timed("stick points by a scan (final scoring)", loop_stick_points, (A, st, p))
    for name, v in times.items():
        row(f"us per call: {name}", float(np.mean(v)), "us")

    say("jungle profile: lookahead")
    lprep = preps["lookahead,greedy,greedy"]
    sim = lookahead.new_scratch(lprep.arrays, lprep.lineup)
    w = lprep.lineup.params[0]
    plays, width = int(w[bots.W_PLAYOUTS]), int(w[bots.W_WIDTH])
    row("lookahead playouts per action decision (width x playouts)", plays * width, "playouts")
    row("lookahead playouts per follow decision", 2 * plays, "playouts")
    sreps = 2 if quick else 10
    n_search = 2 if quick else 4
    us = []
    for st, _, _ in [k for k in kept if k[1] == 0][:n_search]:  # seat 0 plays lookahead
        st2 = JungleState(*[np.copy(x) for x in st])
        us.append(_per_call_us(loop_search, (lprep.arrays, st2, lprep.lineup, 0,
                                              new_stream(5, 1), sim), sreps))
    row("us per lookahead action decision", float(np.mean(us)), "us")
    return rows
