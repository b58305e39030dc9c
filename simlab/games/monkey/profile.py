"""Monkey Fun: where the kernel's time goes (rows for ``simlab bench --profile``).

Not a kernel module (``NOT_KERNEL``): the normal kernels do not count or time anything. The
rows come from

- the kernel itself, timed by CPU time on whole games: the bench bot ``first`` (the rules
  alone: the first legal play, no evaluation, no draw), random bots (a single draw per
  decision), greedy (rules + the linear evaluation), the searching bots;
- its aggregates (turns per game);
- :func:`~simlab.games.monkey.probe.probe` (``probe.py``), a copy of the kernel's turn loop,
  which plays the same kind of games with the line-up's bots and, at every decision, counts
  the legal plays and the distinct fields the evaluation weighs, and repeats one piece ``reps`` more times on the unchanged
  position (the bot's draws on a scratch stream, so the game goes on as without them): the
  extra CPU time over the extra calls is the piece's cost per call.
"""

from __future__ import annotations

import time

import numpy as np

from simlab.games.monkey.probe import (
    N_PROBE,
    REP_DECIDE,
    REP_FIELD,
    REP_LEGAL,
    REP_NONE,
    probe,
)
from simlab.games.monkey.state import C_TURNS, COUNTER_NAMES


def _rate(g, prep, secs: float) -> float:
    """Games per second of CPU time of the kernel (batches doubling until ``secs`` passed)."""
    g.run_batch(prep, 1, 0, 2, False)  # load or compile
    n, start, c0 = 16, 0, time.process_time()
    while True:
        g.run_batch(prep, 11, start, n, False)
        start += n
        el = time.process_time() - c0
        if el >= secs:
            return start / el
        n = min(2 * n, 100_000)


def _probe(g, prep, games: int, what: int, reps: int):
    """(CPU seconds, counters) of :func:`probe` on ``games`` games of seed 3. The probe always
    gets a playout state (a line-up without a searching seat never uses it), so it is compiled
    in one specialisation, not one with and one without the search."""
    from simlab.games.monkey.state import new_state

    A, lu = prep.arrays, prep.lineup
    p = A.n_players
    st = new_state(p, A.n_cards)
    sim = new_state(p, A.n_cards)
    out = np.zeros(N_PROBE, np.int64)
    probe(A, st, sim, lu, np.zeros(4, np.uint64), np.zeros(4, np.uint64), 3, 1, what, 1, out)
    out[:] = 0
    c0 = time.process_time()
    probe(A, st, sim, lu, np.zeros(4, np.uint64), np.zeros(4, np.uint64), 3, games, what, reps,
          out)
    return time.process_time() - c0, out.copy()


def profile(quick: bool = False, say=lambda msg: None) -> list[dict]:
    """Rows ``{"game", "measure", "value", "unit"}``: games/s by line-up (CPU time), turns per
    game, legal plays and distinct fields evaluated per decision, microseconds per call of the
    rules' listing of legal plays, of a greedy decision and of one field's evaluation, and the
    lookahead's playouts per decision."""
    from simlab.games.registry import get_game

    g = get_game("monkey")
    secs = 1.0 if quick else 4.0
    rows = []

    def row(measure, value, unit):
        rows.append({"game": "monkey", "measure": measure, "value": float(value), "unit": unit})

    def prep(players, bots, over=None):
        return g.prepare(g.make_rules(players, over or {}), g.lineup(bots, players))

    greedy = prep(4, "greedy")
    for label, pr, s in (("4p first (rules alone)", prep(4, "first"), secs),
                         ("4p random", prep(4, "random"), secs),
                         ("4p greedy", greedy, secs),
                         ("4p default mixed line-up", prep(4, None), secs),
                         ("solo planner", prep(1, "solo"), secs),
                         ("3p lookahead, greedy, random", prep(3, "lookahead,greedy,random"),
                          secs),
                         ("solo search (playouts=2)", prep(1, "solo(playouts=2)"), secs)):
        say(f"monkey: games/s {label}")
        row(f"games/s, {label}", _rate(g, pr, s), "games/s (cpu)")
    for label, bots in (("greedy", "greedy"), ("random", "random"), ("first", "first")):
        agg, _ = g.run_batch(prep(4, bots), 1, 0, 500, False)
        row(f"turns per game, 4p {label}", agg["counters"][COUNTER_NAMES.index("turns")] / 500,
            "turns")
    assert COUNTER_NAMES[C_TURNS] == "turns"
    games = 100 if quick else 400
    reps = 10
    say("monkey: probes of a greedy decision")
    base, out = _probe(g, greedy, games, REP_NONE, 0)
    dec = out[0]
    row("decisions per game, 4p greedy", dec / out[3], "decisions")
    row("legal plays per decision, 4p greedy", out[1] / dec, "plays")
    row("distinct fields per decision (evaluated once each), 4p greedy", out[2] / dec,
        "fields")
    # the other fields: values kept from an earlier decision, or passed over by their bound
    row("fields evaluated in full per decision, 4p greedy", out[4] / dec, "fields")
    row("turn loop of the probe, 4p greedy (rules + decisions)", 1e6 * base / dec,
        "us/decision")
    for what, label, per in ((REP_LEGAL, "legal_plays (list and tabulate the plays)", dec),
                             (REP_DECIDE, "greedy decision (evaluation_play)", dec),
                             (REP_FIELD, "one field's evaluation (_evaluate)", out[1])):
        t, _ = _probe(g, greedy, games, what, reps)
        row(f"cost of {label}", 1e6 * max(t - base, 0.0) / (reps * per), "us/call")
    say("monkey: lookahead decisions")
    la = prep(3, "lookahead,greedy,random")
    _, out = _probe(g, la, 4 if quick else 12, REP_NONE, 0)
    plays = float(g.all_bots()["lookahead"].defaults[0])
    # a lookahead decision plays every distinct play ``playouts`` times (the seat's share of
    # the decisions: one in three)
    row("legal plays per decision, 3p lookahead line-up", out[1] / out[0], "plays")
    row("playouts per lookahead decision (at most)", plays * out[1] / out[0], "playouts")
    return rows
