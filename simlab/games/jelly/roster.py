"""Attack of the Jelly Monster: the bots' names, ids, parameter slots and defaults (plain Python).

Every bot is an integer id plus a parameter vector (``bot_vector``), so one compiled kernel plays
any line-up; :mod:`simlab.games.jelly.bots` documents what each bot does with its parameters.
This module sits below the state, the bots and the kernels: it imports none of them.
"""

from __future__ import annotations

import numpy as np

BOT_RANDOM, BOT_GREEDY, BOT_SPREAD, BOT_SABOTEUR, BOT_WEIGHTS, BOT_LOOKAHEAD, BOT_FIRST = range(7)
#: decisions a bot is asked for (the ``kind`` a custom bot receives)
KIND_PLACE, KIND_LOCK, KIND_FLIP, KIND_EITHER, KIND_GIFT = range(5)
# lookahead bot slots
LA_PLAYOUTS, LA_WIDTH, LA_HORIZON = range(3)
N_PARAMS = 13
# evaluator parameter slots
W_TAKE, W_DENY, W_LEADER, W_MARGIN, W_COST, W_NEW, W_CANCEL, W_CENTER, W_TARGET = range(9)
W_PASS_BELOW, W_FLIP, W_LOCK, W_WAIT = 9, 10, 11, 12
EVAL_PARAMS = ("take", "deny", "leader", "margin", "cost", "new", "cancel", "center", "target",
               "pass_below", "flip", "lock", "wait")
# random bot slots
RP_PASS, RP_EFFECT, RP_FLIP, RP_LOCK = range(4)

#: the evaluator bots' default ``wait`` (roll again when the best placement scores below it and
#: the time allows), as measured best against greedy opponents (see the issue note)
WAIT_GREEDY = 0.5
WAIT_SPREAD = 0.5
WAIT_SABOTEUR = 0.5

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, ("pass", "effect", "flip", "lock"), (0.05, 0.5, 0.5, 0.5),
               "uniform legal choices"),
    "greedy": (BOT_GREEDY, EVAL_PARAMS,
               (1.0, 0.0, 0.0, 0.1, 0.0, 0.0, -1000.0, 1.0, 0.1, -100.0, 1.0, 1.0, WAIT_GREEDY),
               "takes the placement and effect that most improve its take now; never cancels "
               "itself"),
    "spread": (BOT_SPREAD, EVAL_PARAMS,
               (1.0, 0.0, 0.0, 0.02, -0.6, 1.5, -1000.0, 0.5, 0.1, -100.0, 1.0, 1.0,
                WAIT_SPREAD),
               "wins many districts cheaply: rewards new control, spends low dice"),
    "saboteur": (BOT_SABOTEUR, EVAL_PARAMS,
                 (0.5, 0.4, 1.5, 0.05, 0.0, 0.0, -1000.0, 0.5, 0.0, -100.0, 1.0, 1.0,
                  WAIT_SABOTEUR),
                 "removes the leader's best dice with 1-2s, pushes opponents' targets to poor "
                 "zones with 3-4s"),
    "weights": (BOT_WEIGHTS, EVAL_PARAMS,
                (1.0, 0.3, 0.3, 0.1, -0.1, 0.3, -5.0, 1.0, 0.2, -3.0, 1.0, 1.0, WAIT_GREEDY),
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
    "lookahead": (BOT_LOOKAHEAD, ("playouts", "width", "horizon"), (8.0, 6.0, 0.0),
                  "flat Monte Carlo: tries greedy's best `width` placements (and every lock, "
                  "flip) in `playouts` greedy playouts each, to the end of the round "
                  "(+`horizon` rounds)"),
    "first": (BOT_FIRST, (), (),
              "bench only: the first legal option at every decision, no evaluation (the "
              "lowest open district, the lowest rolled value, no effect; no lock-down, no "
              "flip), so simlab bench times the rules alone"),
}
#: bots that exist only for ``simlab bench`` (``Game.bench_bots``)
BENCH_BOTS = ("first",)

#: greedy's weights: the policy of every seat in the lookahead bot's playouts (a constant)
GREEDY_W = np.array(BOTS["greedy"][2], dtype=np.float64)


def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec
