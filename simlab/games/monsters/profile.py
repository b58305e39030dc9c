"""Monsters on Board: where a game's time goes (``simlab bench --profile``; not a kernel module).

numba code is opaque to sampling profilers, so the rows are measured from outside the kernels,
which pay nothing for them:

- games per second (CPU time) of the kernel with the bench-only ``first`` bots (the rules
  alone: the first legal option, no evaluation), with random bots, with greedy bots (rules +
  bot decisions) and with greedy bots blind to their Prophecy card (``prophecy=0``: what the
  Prophecy progress evaluations cost), 3 players;
- where the rules alone spend a ``first`` game: the phases played cumulatively
  (``timing.play_parts``: setup and Arrival, + Draft, + Grunt movement, + Swamp-Jack, +
  Spook phase, + final scoring), each phase the difference it adds, and the rest (the
  batch's records, game shape) against the whole kernel;
- decisions per game by kind, counted in the reference engine (which asks the kernel's bot
  functions every decision the kernel asks, ``test_conformance``): a greedy game's pending
  actions by action, the Arch Monster discards by the number of cards held;
- microseconds per call of each decision function, timed in a compiled loop
  (``timing.repeat_decision``, a kernel module the game's kernels never import) on positions
  taken from those reference games: "warm" repeats the call on an unchanged
  position (the Prophecy values greedy remembers are reused), "cold" makes p's Order look new
  before every call (what the first decision after a change of the Order costs);
- the lookahead bot: searched decisions per game, candidates per decision, playouts per game
  and microseconds per playout (its games per second against greedy's).
"""

from __future__ import annotations

import time

import numpy as np

from simlab.games.monsters.actions import ACTION_NAMES
from simlab.games.monsters.timing import DECISIONS, PARTS, play_parts, repeat_decision


def _decision_key(name, st, p, args):
    if name == "decide_action":
        return f"action {ACTION_NAMES[int(args[0])]}"
    if name == "decide_arch":
        return f"arch discard ({int(st.n_arch[p])} held)"
    return name.replace("decide_", "")


def _reference_games(game, prep, n, keep=4):
    """Play ``n`` reference games, counting the decisions asked by kind; keep up to ``keep``
    positions (state arrays, seat, arguments) per kind for timing."""
    from simlab.games.monsters import reference_base as rb

    counts, samples = {}, {}
    orig = rb.ReferenceBase.ask

    def ask(self, fn, p, *args):
        st = self.sync(p)
        name = fn.py_func.__name__
        key = _decision_key(name, st, p, args)
        counts[key] = counts.get(key, 0) + 1
        if key in ("action swap", "action promote"):  # Prophecy evaluations they try
            n = int(st.order_n[p].sum())
            tries = n * (n - 1) // 2 if key == "action swap" else 2 * n
            counts[key + " tries"] = counts.get(key + " tries", 0) + tries
        got = samples.setdefault((name, key), [])
        if len(got) < keep and (counts[key] % 7 == 3 or len(got) == 0):
            got.append((p, args, {f: np.copy(getattr(st, f)) for f in st._fields}))
        return orig(self, fn, p, *args)

    rb.ReferenceBase.ask = ask
    try:
        for i in range(n):
            game.reference_game(prep, 1, i)
    finally:
        rb.ReferenceBase.ask = orig
    return counts, samples


def _time_decision(prep, st, which, p, args, cold, reps):
    """Microseconds per call of ``DECISIONS[which]`` on the position in ``st``."""
    a = [int(x) for x in args] + [0, 0, 0]
    rng = np.array([1, 2, 3, 4], np.uint64)
    A, lu = prep.arrays, prep.lineup
    repeat_decision(A, st, lu, -1, p, a[0], a[1], a[2], rng, 10, False)
    t = time.process_time()
    repeat_decision(A, st, lu, -1, p, a[0], a[1], a[2], rng, reps, cold)
    t0 = time.process_time() - t
    t = time.process_time()
    repeat_decision(A, st, lu, which, p, a[0], a[1], a[2], rng, reps, cold)
    return max(0.0, time.process_time() - t - t0) / reps * 1e6


def _parts_us(prep, parts, secs):
    """Microseconds (CPU) per game of ``timing.play_parts`` playing ``parts``."""
    from simlab.games.monsters.state import new_agg, new_state

    A, lu = prep.arrays, prep.lineup
    st, agg, rng = new_state(A), new_agg(A.n_players), np.zeros(4, np.uint64)
    play_parts(A, st, lu, rng, agg, 1, 4, parts)
    n, done, c0 = 64, 0, time.process_time()
    while time.process_time() - c0 < secs:
        play_parts(A, st, lu, rng, agg, 7, n, parts)
        done += n
        n = min(2 * n, 8192)
    return (time.process_time() - c0) / done * 1e6


def _rate(game, prep, secs):
    """Games per second (CPU time) of the kernel."""
    game.run_batch(prep, 1, 0, 2, False)
    n, start, c0 = 16, 0, time.process_time()
    while time.process_time() - c0 < secs:
        game.run_batch(prep, 7, start, n, False)
        start += n
        n = min(2 * n, 4096)
    return start / (time.process_time() - c0)


def profile(quick: bool = False, say=lambda msg: None) -> list[dict]:
    """Rows ``{"game", "measure", "value", "unit"}`` showing where Monsters on Board's time goes
    (module docstring). ``quick``: fewer games and repetitions, no lookahead rows (about 30 s
    once compiled; a first run compiles the timing loop and the reference engine's twins)."""
    from simlab.games.monsters.state import new_state
    from simlab.games.registry import get_game

    g = get_game("monsters")
    rows = []

    def row(measure, value, unit):
        rows.append({"game": "monsters", "measure": measure, "value": float(value),
                     "unit": unit})

    secs = 1.0 if quick else 4.0
    say("monsters: kernel rates")
    rules = g.make_rules(3, {})
    rates = {}
    for bots in ("first", "random", "greedy"):
        rates[bots] = _rate(g, g.prepare(rules, g.lineup(bots, 3)), secs)
        row(f"3p {bots}: games/s (cpu)", rates[bots], "games/s")
    row("3p first (the rules alone): microseconds per game", 1e6 / rates["first"], "us")
    for bots in ("first", "greedy"):
        agg, _ = g.run_batch(g.prepare(rules, g.lineup(bots, 3)), 1, 0, 200, False)
        row(f"3p {bots}: rounds per game", float(agg["length"][0]) / 200, "rounds")
    row("3p greedy: bot share of a game's time (vs first)", 1 - rates["greedy"] / rates["first"],
        "share")
    say("monsters: the rules alone, phase by phase")
    fprep = g.prepare(rules, g.lineup("first", 3))
    prev, parts = 0.0, 0
    for name, bit in PARTS:
        parts |= bit
        us = _parts_us(fprep, parts, secs)
        row(f"3p first: {name}, us per game", us - prev, "us")
        prev = us
    row("3p first: records and game shape (the kernel's rest), us per game",
        1e6 / rates["first"] - prev, "us")
    # the Prophecy progress evaluations (values.prog*), by leaving them out (other games)
    blind = _rate(g, g.prepare(rules, g.lineup("greedy(prophecy=0)", 3)), secs)
    row("3p greedy(prophecy=0): games/s (cpu)", blind, "games/s")
    row("3p greedy: Prophecy evaluation share of a game's time (vs prophecy=0)",
        1 - rates["greedy"] / blind, "share")
    row("3p greedy: microseconds per game", 1e6 / rates["greedy"], "us")

    say("monsters: decisions per game (reference engine)")
    n_ref = 2 if quick else 8
    prep = g.prepare(rules, g.lineup("greedy", 3))
    counts, samples = _reference_games(g, prep, n_ref)
    row("3p greedy: decisions asked per game",
        sum(v for k, v in counts.items() if not k.endswith(" tries")) / n_ref, "decisions")
    for key in sorted(counts, key=lambda k: -counts[k]):
        if key.endswith(" tries"):
            row(f"3p greedy: {key[:-6]}: Order changes tried per decision",
                counts[key] / counts[key[:-6]], "options")
        else:
            row(f"3p greedy: {key} decisions per game", counts[key] / n_ref, "decisions")

    say("monsters: microseconds per decision (compiled loop)")
    reps = 1000 if quick else 5000
    st = new_state(prep.arrays)
    for (name, key), got in sorted(samples.items()):
        which = DECISIONS.index(name)
        for cold in (False, True):
            us = []
            for p, args, arrays in got:
                for f, v in arrays.items():
                    np.copyto(getattr(st, f), v)
                us.append(_time_decision(prep, st, which, p, args, cold, reps))
            per = float(np.mean(us))
            row(f"3p greedy: {key}, us per call ({'cold' if cold else 'warm'})", per, "us")
            if cold:
                row(f"3p greedy: {key}, us per game (cold)", per * counts[key] / n_ref, "us")

    if quick:  # the lookahead's reference game compiles its search's twins on a first run
        return rows
    say("monsters: lookahead")
    lrules = g.make_rules(3, {})
    lprep = g.prepare(lrules, g.lineup("lookahead,greedy,greedy", 3))
    counts_l, samples_l = _reference_games(g, lprep, 1, keep=12)
    from simlab.games.monsters.bot_base import (
        KIND_DRAFT,
        KIND_PLACE,
        KIND_SPOOK,
        W_PLAYOUTS,
        W_WIDTH,
    )
    from simlab.games.monsters.lookahead import candidates

    w = lprep.lineup.params[0]
    kinds = {"decide_draft": KIND_DRAFT, "decide_place": KIND_PLACE, "decide_spook": KIND_SPOOK}
    searched, cand = 0.0, []
    for (name, key), got in samples_l.items():
        if name in kinds:
            n_seat = sum(1 for p, _, _ in got if p == 0)
            share = n_seat / max(1, len(got))
            searched += counts_l[key] * share
            for p, args, arrays in got:
                if p == 0:
                    for f, v in arrays.items():
                        np.copyto(getattr(st, f), v)
                    arg = int(args[0]) if name == "decide_draft" else 0
                    n = candidates(lprep.arrays, st, 0, kinds[name], arg, w,
                                   np.zeros(64, np.int64), np.zeros(64))
                    cand.append(min(int(n), int(w[W_WIDTH])) if n > 1 else 0)
    per_dec = float(np.mean(cand)) if cand else 0.0
    playouts = searched * per_dec * w[W_PLAYOUTS]
    row("lookahead seat: searched decisions per game (draft, place, Spook)", searched,
        "decisions")
    row("lookahead seat: candidates played out per searched decision", per_dec, "options")
    row("lookahead seat: playouts per game", playouts, "playouts")
    rl = _rate(g, lprep, 20.0)
    row("3p lookahead,greedy,greedy: games/s (cpu)", rl, "games/s")
    if playouts > 0:
        row("lookahead: microseconds per playout", (1e6 / rl) / playouts, "us")
        row("lookahead: a playout's share of a whole greedy game",
            (1e6 / rl) / playouts / (1e6 / rates["greedy"]), "share")
    return rows
