"""Attack of the Jelly Monster: where a game's time goes (rows for ``simlab bench --profile``).

Measured outside the kernels, so the normal line-ups pay nothing for it: games per second (CPU
time, one core) with random bots (the engine: the clock, dice, scoring) and with the evaluator
bots; decisions per game from the kernel's own counters; the evaluator's cost per decision as
the difference; and microseconds per ``evaluate_place`` call, timed in a compiled loop
(``probe.py``, which no kernel calls) over states a greedy game really decided on (recorded
through the reference engine, which asks the kernel's bots), each call on a different state so
that branch predictors learn nothing. The rules alone (:func:`rules_alone`): the bench bot
``first`` decides nothing, so its games time the rules; their round loop, ``score_round`` and
each part of a roll step are timed apart in ``probe.py``'s loops.
Plain Python (a non-kernel module, in ``simlab.NOT_KERNEL``).
"""

from __future__ import annotations

import time

import numpy as np

from simlab.games.jelly.probe import (
    STEP_PARTS,
    evaluate_states,
    rounds_only,
    scoring_only,
    step_parts,
)
from simlab.games.jelly.roster import LA_PLAYOUTS, LA_WIDTH
from simlab.games.jelly.state import (
    C_FLIPS,
    C_LOCKS,
    C_STEPS,
    COUNTER_NAMES,
    JellyState,
    new_agg,
    new_scratch,
    new_state,
)

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


def _cpu(fn, *args) -> float:
    """CPU seconds of one call (the best of three: the machine is shared)."""
    best = np.inf
    for _ in range(3):
        c0 = time.process_time()
        fn(*args)
        best = min(best, time.process_time() - c0)
    return best


def _moments(prepared, games: int) -> dict:
    """Per game of ``first`` (reference engine, spied): moments (a player acting: a roll step
    or, every die placed, a flip moment), roll steps, dice rolled, flip decisions asked."""
    from simlab.games.jelly import nb, reference

    calls = {"moments": 0, "roll steps": 0, "dice rolled": 0, "flip decisions": 0}
    actor, flip, place = reference.ReferenceGame.next_actor, nb.choose_flip, nb.choose_place

    def spy_actor(self):
        q = actor(self)
        calls["moments"] += q >= 0 and self.next_time[q] < self.deadline
        return q

    def spy_flip(*a):
        calls["flip decisions"] += 1
        return flip(*a)

    def spy_place(A, st, lineup, q, *a):
        calls["roll steps"] += 1
        calls["dice rolled"] += int(st.n_left[q])
        return place(A, st, lineup, q, *a)

    reference.ReferenceGame.next_actor = spy_actor
    nb.choose_flip, nb.choose_place = spy_flip, spy_place
    try:
        for g in range(games):
            reference.ReferenceGame(prepared.arrays, prepared.lineup, 1, g).play_game()
    finally:
        reference.ReferenceGame.next_actor = actor
        nb.choose_flip, nb.choose_place = flip, place
    return {k: v / games for k, v in calls.items()}


def rules_alone(game, rules, secs: float, quick: bool, row, say=lambda msg: None) -> float:
    """Rows of where the rules' own time goes, with four ``first`` bots (the first legal
    option, no evaluation): games/s; the round loop without its scoring, ``score_round``
    and the rest of a game (set-up, pods rolled, the result) by difference; moments per game;
    nanoseconds per call of each part of a roll step on a recorded position. Returns the
    microseconds of a game."""
    say("jelly: the rules alone (first)")
    prep = game.prepare(rules, game.lineup("first", rules.players))
    A, lu = prep.arrays, prep.lineup
    rate = _rate(game, prep, secs)
    us_game = 1e6 / rate
    row(f"{rules.players}p first (the rules alone): games/s (cpu)", rate, "games/s")
    row(f"{rules.players}p first: microseconds per game", us_game, "us")
    n_p, n_d = A.n_players, A.n_districts
    st, agg, sc = new_state(n_p, n_d), new_agg(n_p, n_d), new_scratch(n_p)
    n = 2000 if quick else 20000
    rounds_only(A, st, lu, agg, sc, 5, 2)  # load or compile
    us_rounds = _cpu(rounds_only, A, st, lu, agg, sc, 5, n) / n * 1e6
    # the position at a round's end (st after rounds_only): scored again and again on a copy
    sim = new_state(n_p, n_d)
    rng = np.array([1, 2, 3, 4], np.uint64)
    k = 20000 if quick else 200000
    scoring_only(A, st, sim, lu, agg, sc, rng, 2, True)
    us_score = (_cpu(scoring_only, A, st, sim, lu, agg, sc, rng, k, True)
                - _cpu(scoring_only, A, st, sim, lu, agg, sc, rng, k, False)) / k * 1e6
    row("first: rounds without their scoring, us per game", us_rounds, "us")
    row("first: score_round, us per round", us_score, "us")
    row("first: rest of a game (set-up, pods, result), us", us_game - us_rounds
        - rules.rounds * us_score, "us")
    for name, v in _moments(prep, 3 if quick else 20).items():
        row(f"first: {name} per game", v, "count")
    F, R, Q = _record_states(prep, 1)
    i = next((j for j in range(len(Q)) if Q[j] == 0 and F[8][j, 0] == 4), 0)
    kk = 200_000 if quick else 2_000_000

    def position():
        return JellyState(*[np.array(f[i]) for f in F]), R[i].copy()

    undo = 0.0
    for part in (-1, *range(len(STEP_PARTS))):
        stp, rng = position()
        step_parts(A, stp, lu, agg, rng, 2, part)
        stp, rng = position()
        ns = _cpu(step_parts, A, stp, lu, agg, rng, kk, part) / kk * 1e9
        if part < 0:
            undo = ns
            continue
        if STEP_PARTS[part].startswith("do_place"):
            ns -= undo
        row(f"first: {STEP_PARTS[part]}, ns a call", ns, "ns")
    return us_game


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
    us_first = rules_alone(game, rules, secs, quick, row, say)
    row("4p greedy: time of a game / the rules alone", us_greedy / us_first, "x")
    if not quick:
        say("jelly: lookahead")
        la = game.prepare(rules, game.lineup("lookahead,greedy,greedy,greedy", 4))
        r = _rate(game, la, 6.0)
        row("4p lookahead + 3 greedy: games/s (cpu)", r, "games/s")
        w = la.lineup.params[0]
        row("lookahead: playouts per roll-step decision (playouts x width, at most)",
            float(w[LA_PLAYOUTS]) * float(w[LA_WIDTH]), "playouts")
    return rows
