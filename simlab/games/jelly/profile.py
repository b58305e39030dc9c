"""Attack of the Jelly Monster: where a game's time goes (rows for ``simlab bench --profile``).

Measured outside the kernels, so the normal line-ups pay nothing for it: games per second (CPU
time, one core) with random bots (the engine: the clock, dice, scoring) and with the evaluator
bots; decisions per game from the kernel's own counters; the evaluator's cost per decision as
the difference; and microseconds per ``evaluate_place`` call, timed in a compiled loop
(``probe.py``, which no kernel calls) over states a greedy game really decided on (recorded through the reference engine, which asks the
kernel's bots), each call on a different state so that branch predictors learn nothing.
Plain Python (a non-kernel module, in ``simlab.NOT_KERNEL``).
"""

from __future__ import annotations

import time

import numpy as np

from simlab.games.jelly.probe import evaluate_states
from simlab.games.jelly.roster import LA_PLAYOUTS, LA_WIDTH
from simlab.games.jelly.state import C_FLIPS, C_LOCKS, C_STEPS, COUNTER_NAMES, new_state

GAME = "jelly"


def _rate(game, prepared, seconds: float) -> float:
    """Games per CPU second of ``prepared``'s line-up (seed 11, batches doubling)."""
    game.run_batch(prepared, 11, 0, 2, False)  # load or compile first
    n, start = 16, 0
    c0, t0 = time.process_time(), time.perf_counter()
    while True:
        game.run_batch(prepared, 11, start, n, False)
        start += n
        if time.perf_counter() - t0 >= seconds:
            break
        n = min(n * 2, 100_000)
    return start / max(time.process_time() - c0, 1e-9)


def _record_states(prepared, games: int):
    """The states and random streams of every roll-step decision of ``games`` reference games
    (the reference engine asks the kernel's ``choose_place`` on a view of its state)."""
    from simlab.games.jelly import nb, reference

    rec = []
    ask = nb.choose_place

    def spy(A, st, lineup, q, rng, sc, S):
        rec.append(([np.array(a, copy=True) for a in st], rng.copy(), q))
        return ask(A, st, lineup, q, rng, sc, S)

    nb.choose_place = spy
    try:
        for g in range(games):
            reference.ReferenceGame(prepared.arrays, prepared.lineup, 1, g).play_game()
    finally:
        nb.choose_place = ask
    fields = tuple(np.stack([r[0][k] for r in rec]) for k in range(len(rec[0][0])))
    return fields, np.stack([r[1] for r in rec]), np.array([r[2] for r in rec], np.int64)


def profile(quick: bool = False, say=lambda msg: None) -> list[dict]:
    """Rows ``{"game", "measure", "value", "unit"}``: games/s by line-up, decisions per game,
    the evaluator's microseconds per decision (by difference and timed on recorded states).
    ``quick``: shorter timings and fewer recorded games (under ~30 s once compiled)."""
    from simlab.games.registry import get_game

    game = get_game(GAME)
    secs = 1.0 if quick else 4.0
    rows = []

    def row(measure, value, unit):
        rows.append({"game": GAME, "measure": measure, "value": float(value), "unit": unit})

    rules = game.make_rules(4)
    rates = {}
    lineups = ["random", "greedy", "greedy,random,spread,saboteur", "saboteur"]
    for bots in lineups:
        say(f"jelly: rate of {bots}")
        prep = game.prepare(rules, game.lineup(bots, 4))
        rates[bots] = _rate(game, prep, secs)
        row(f"4p {bots}: games/s (cpu, one core)", rates[bots], "games/s")
    prep = game.prepare(rules, game.lineup("greedy", 4))
    n = 200 if quick else 2000
    agg, _ = game.run_batch(prep, 1, 0, n, False)
    counters = dict(zip(COUNTER_NAMES, agg["counters"], strict=True))
    steps = agg["counters"][C_STEPS] / n
    row("4p greedy: roll steps (place decisions) per game", steps, "decisions")
    row("4p greedy: lock-downs per game", agg["counters"][C_LOCKS] / n,
        "locks")
    row("4p greedy: timer flips per game", agg["counters"][C_FLIPS] / n, "flips")
    row("4p greedy: dice removed by 1-2s per game", counters["removals"] / n, "dice")
    us_random = 1e6 / rates["random"]
    us_greedy = 1e6 / rates["greedy"]
    row("4p random: microseconds per game (engine + random decisions)", us_random, "us")
    row("4p greedy: microseconds per game", us_greedy, "us")
    row("4p greedy: bot time per roll step ((greedy - random) / steps)",
        (us_greedy - us_random) / steps, "us")
    say("jelly: evaluate_place on recorded greedy states")
    F, R, Q = _record_states(prep, 3 if quick else 12)
    A, params = prep.arrays, prep.lineup.params
    st = new_state(A.n_players, A.n_districts)
    rng = R[0].copy()
    evaluate_states(A, st, params, F, R, Q, 1, True, rng)  # load or compile
    rounds = 3 if quick else 10
    best = {}
    for ask in (True, False) * 3:
        c0 = time.process_time()
        evaluate_states(A, st, params, F, R, Q, rounds, ask, rng)
        c = (time.process_time() - c0) / (rounds * len(Q)) * 1e6
        best[ask] = min(best.get(ask, np.inf), c)
    row("greedy evaluate_place: microseconds per call (recorded states)",
        max(best[True] - best[False], 0.0), "us")
    row("greedy evaluate_place: share of a greedy game's time",
        max(best[True] - best[False], 0.0) * steps / us_greedy, "fraction")
    if not quick:
        say("jelly: lookahead")
        la = game.prepare(rules, game.lineup("lookahead,greedy,greedy,greedy", 4))
        r = _rate(game, la, 6.0)
        row("4p lookahead + 3 greedy: games/s (cpu)", r, "games/s")
        w = la.lineup.params[0]
        row("lookahead: playouts per roll-step decision (playouts x width, at most)",
            float(w[LA_PLAYOUTS]) * float(w[LA_WIDTH]), "playouts")
    return rows
