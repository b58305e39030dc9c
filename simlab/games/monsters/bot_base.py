"""Monsters on Board: what every bot shares (numba): bot ids and parameter vectors, the
decision kinds a custom bot scores, the tie-aware argmax, noise, and the lookahead bot's entry.

``bots.py`` documents the bots and the custom-bot interface (and re-exports these names).
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import randint, uniform
from simlab.games.monsters.state import COLS, ROWS

BOT_RANDOM, BOT_GREEDY, BOT_PROPHET, BOT_WEIGHTS, BOT_LOOKAHEAD, BOT_FIRST = range(6)
#: the decisions a custom bot scores (module docstring: the option codes of each kind)
(KIND_DRAFT, KIND_ACTIVATE, KIND_PLACE, KIND_SWAP, KIND_PROMOTE, KIND_MINION, KIND_GRUNT,
 KIND_CALL, KIND_FEED, KIND_SPOOK, KIND_ARCH, KIND_ARCH_FINAL, KIND_GRUNT_ORDER) = range(13)
KIND_NAMES = ("draft", "activate", "place", "swap", "promote", "minion", "grunt", "call", "feed",
              "spook", "arch", "arch_final", "grunt_order")
#: a promote/demote target in the Driveway: "row" DRIVEWAY, "column" = Driveway space
DRIVEWAY = 3
#: Spook-phase option codes (custom bots): pass 0, Ghost 1 + position * 64 + target,
#: Arch Monster ARCH_OPTION + position
ARCH_OPTION = 1000
#: ``prophecy_reach``: the spots beyond each row's Spider Jack die its Prophecy progress reads as
#: kept (``values.prophecy_keep``; 0 reads only the dice kept now); ``prophecy_keep``: the
#: weight of the Prophecy progress a Feed adds by keeping one more spot of its row
#: (``values.feed_prophecy``); ``sj_deny``, ``sj_ghost``, ``sj_pay``: the solo-2 player's view
#: of the Spider Jack automaton (``values_solo``; read in solo 2 only)
PARAMS = ("juice", "malice", "grunt", "final", "rank", "beyond", "summon", "prophecy", "ghost",
          "arch", "cost", "icon", "noise", "prophecy_reach", "prophecy_keep", "sj_deny", "sj_ghost",
          "sj_pay")
N_PARAMS = len(PARAMS)
(W_JUICE, W_MALICE, W_GRUNT, W_FINAL, W_RANK, W_BEYOND, W_SUMMON, W_PROPHECY, W_GHOST, W_ARCH,
 W_COST, W_ICON, W_NOISE, W_PROPHECY_REACH, W_PROPHECY_KEEP, W_SJ_DENY, W_SJ_GHOST,
 W_SJ_PAY) = range(N_PARAMS)

_GREEDY = (1.0, 1.5, 0.6, 3.0, 0.6, 0.15, 1.0, 1.0, 2.0, 6.0, 1.2, 0.8, 0.3, 2.0, 1.0, 1.0, 1.0,
           1.0)
_PROPHET = (1.0, 1.5, 0.6, 3.0, 0.6, 0.15, 1.0, 2.0, 2.0, 6.0, 1.2, 0.8, 0.3, 2.0, 1.0, 1.0, 1.0,
            1.0)
#: lookahead: the greedy weights (its other decisions and the pre-ranking) + its budget
#: ``horizon``: the round ends a playout plays (0: to the end of the game; 1: the decision's
#: round, then the running score of every seat, ``shape.running_score``); ``race``: successive
#: halving (0: every kept option plays ``playouts``; n: n playouts each, the better half goes
#: on for n more, until one option is left or ``playouts`` are played)
LOOK_PARAMS = PARAMS + ("playouts", "width", "horizon", "race")
W_PLAYOUTS, W_WIDTH, W_HORIZON, W_RACE = N_PARAMS, N_PARAMS + 1, N_PARAMS + 2, N_PARAMS + 3

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal choices of every decision"),
    "greedy": (BOT_GREEDY, PARAMS, _GREEDY,
               "immediate Spook Juice, Malice, Grunt, Prophecy and Arch Monster value"),
    "prophet": (BOT_PROPHET, PARAMS, _PROPHET, "greedy with its Prophecy card counted double"),
    "weights": (BOT_WEIGHTS, PARAMS, _GREEDY,
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
}
#: The lookahead bot enters the kernel through the line-up (``lu.look``). Its playouts run the
#: game loop's own functions for the all-greedy line-up, so its entry point must be compiled
#: (or loaded) on its own before the kernel (``game._compile_look``) and the kernel must call it
#: with exactly that signature: plain int64 arguments, never literal constants (the decisions
#: pass ``KIND_...`` and the solo loops seat 0 as literals), hence :func:`ask_look`. Otherwise
#: numba compiles a second, literal-typed ``look`` while the loop is being compiled, links the
#: playouts' calls into the loop as recursive calls by symbol, and the kernel crashes once
#: loaded from the disk cache (tests/monsters/test_lookahead.py checks the single signature).
LOOKAHEAD = (BOT_LOOKAHEAD, LOOK_PARAMS, _GREEDY + (8.0, 6.0, 0.0, 0.0),
             "flat Monte Carlo over greedy playouts for draft, placement and Spook buys")
BOTS["lookahead"] = LOOKAHEAD
#: the default search (``Game.search_bot``): the lookahead with successive halving over its
#: options (``race`` 2: 22 playouts a decision instead of 48). A cut at the round's end
#: (``horizon`` 1) was 8.8x faster but far weaker (win share 0.16 against greedy where the
#: full playouts win 0.75): the running score is no evaluation of a position mid-game
BOTS["search"] = (BOT_LOOKAHEAD, LOOK_PARAMS, _GREEDY + (8.0, 6.0, 0.0, 2.0),
                  "lookahead with successive halving over its options (race 2)")
#: ``first`` (bench only, ``Game.bench_bots``): the first legal option of every decision in the
#: custom-bot option order (``bots.py``), doing something before declining it -- every action
#: performed on its first legal target, the first affordable Ghost (its first legal place) or
#: Arch Monster bought, the first Arch Monster card discarded for its back action, Grunts and
#: landed actions in the order given, the area 12 leftover used -- with no evaluation, so
#: ``simlab bench`` times the rules alone
BOTS["first"] = (BOT_FIRST, (), (), "bench only: the first legal option of every decision, no "
                 "evaluation (the rules alone)")


@rule
def ask_look(A, st, lu, p, kind, arg, rng):
    """The lookahead bot's decision (``lookahead.look`` through the line-up), always called with
    plain int64 arguments: the one signature ``game._compile_look`` compiles first."""
    return lu.look(A, st, lu, np.int64(p), np.int64(kind), np.int64(arg), rng)


def bot_vector(name: str, overrides: dict | None = None):
    """The parameter vector of a bot with overrides (tests and the reference)."""
    import numpy as np

    _, params, defaults, _ = BOTS[name]
    v = np.zeros(N_PARAMS)
    v[: len(defaults)] = defaults
    for k, x in (overrides or {}).items():
        v[params.index(k)] = x
    return v


@rule
def jitter(rng, w):
    """A uniform [0, noise) draw (0 without noise; no draw then)."""
    if w[W_NOISE] > 0:
        return uniform(rng) * w[W_NOISE]
    return 0.0


#: options whose values differ by at most this much are tied (broken from the game's stream)
TIE = 1e-9


@rule
def argmax_step(v, bv, ties, rng):
    """One more option of value ``v`` in a tie-aware argmax whose best so far is ``bv``, held by
    ``ties`` tied options (0: ``bv`` is a threshold -- skip, pass -- not an option).

    Returns ``(take, ties)``: a value above ``bv`` (by more than ``TIE``) is taken and starts a
    new tie of 1; one equal to it (within ``TIE``) joins the tie and is taken with probability
    1/ties, drawn from the game's stream ``rng`` (reservoir sampling: each of k tied options
    ends up chosen with probability 1/k, whatever their order). No draw without a tie. The
    caller updates ``bv`` only when ``ties`` comes back 1 (a new best)."""
    if v > bv + TIE:
        return True, 1
    if ties > 0 and v >= bv - TIE:
        ties += 1
        return randint(rng, ties) == 0, ties
    return False, ties


@rule
def best_step(v, x, bv, best, ties, rng):
    """:func:`argmax_step` with its bookkeeping: option ``x`` of value ``v`` against the best
    so far (value ``bv``, option ``best``, ``ties`` tied); returns the new (bv, best, ties)."""
    take, ties = argmax_step(v, bv, ties, rng)
    if take:
        best = x
        if ties == 1:
            bv = v
    return bv, best, ties


@rule
def random_die_row(st, p, dice, rng):
    """A uniform choice of a die and a row: die ``k`` of ``dice`` (4 colours, -1 empty: a
    Fearmobile or a Driveway) into a row of p's Order with an empty spot; returns k * 3 + row
    (-1 when there is none). The random bot's placement (regular Swamp-Jack, family pick)."""
    n = 0
    for k in range(4):
        if dice[k] >= 0:
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    n += 1
    i = randint(rng, n)
    for k in range(4):
        if dice[k] >= 0:
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    if i == 0:
                        return k * 3 + r
                    i -= 1
    return -1


@rule
def custom_pick(v, option, bv, best, ties, rng):
    """A custom bot's option ``option`` scored ``v`` against its best so far (value ``bv``,
    option ``best``, ``ties`` options tied there; 0: this is the first option scored): the
    highest score wins and options scoring the same (within ``TIE``) are drawn from the game's
    stream, each of k tied with probability 1/k, as for the built-in bots
    (:func:`argmax_step`; a draw only on a tie). Returns (bv, best, ties)."""
    if ties == 0:
        return v, option, 1
    return best_step(v, option, bv, best, ties, rng)


@rule
def custom_best(A, st, lu, p, kind, option, bv, best, ties, rng):
    """Score one more option for a custom bot (:func:`custom_pick`): returns (bv, best,
    ties)."""
    v = lu.custom(A, st, p, kind, option, lu.params[p])
    return custom_pick(v, option, bv, best, ties, rng)
