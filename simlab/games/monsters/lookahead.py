"""Monsters on Board: the ``lookahead`` bot (flat Monte Carlo over greedy playouts).

For its three main decisions -- the draft pick (``KIND_DRAFT``), the Swamp-Jack placement (die
and row, ``KIND_PLACE``) and each Spook-phase turn (pass or a purchase, ``KIND_SPOOK``) -- the
bot ranks the legal options by the greedy evaluation (its own weights, no noise), keeps the best
``width`` (passing is always kept), and plays each kept option in ``playouts`` continuations from
a scratch copy of the state:

1. the hidden information is resampled: the face-down Ghost stack and Arch Monster deck, the
   Spider Jack deck below the face-up card (solo) and the other players' Prophecy cards (distinct,
   never the bot's own); the dice still in the bag are drawn at random as the playout goes on;
2. the option is applied and the game is played to its **end** (the rest of the round, the
   remaining rounds, final scoring) with every seat played by its own bot
   (:func:`playout_lineup`: the line-up's bots and parameters; a lookahead seat, this one
   included, by greedy with its own weights; a custom bot by greedy with the default weights;
   noise drawn from the playout's stream);
3. the result for the bot: win share (1/k of a k-way shared win; solo: won or not) plus
   (its score - the best other score) / 100 (solo 1: - the target; solo 2: - Spider Jack's).

``horizon`` h > 0 cuts each playout at the end of the decision's round + h - 1 (before the
last round): the running scores (``shape.running_score``: Spook Juice + final scoring on the
position, Spider Jack's ``sj_running_score``) stand in for the final ones (:func:`cut_result`).
``race`` n > 0 spends the budget by successive halving: every kept option plays n playouts,
the better half (by total, ties in greedy order) plays n more, and so on until one option is
left or ``playouts`` are played; the dropped options' values are NaN in the scratch.

Playout ``t`` of every option uses the same random stream (common random numbers: a stream seeded
from one draw of the game's stream and ``t``), so options are compared on the same dice. The
option with the highest total wins (ties: the better greedy rank). Options of equal greedy value
are ranked in an order drawn from the game's stream (a shuffle of the candidates, made only when
two of them tie), never by car position, row or market position, so identical options --
whose playouts are then identical too -- are each chosen equally often. Everything comes from
the game's random stream, so the bot is deterministic and the reference engine, which calls the same
functions with the same stream, agrees with the kernel. Its other decisions (Grunt activation,
pending actions, Arch Monster discards) are greedy's, with its own weights.

The scratch (a second game state, aggregates, the playouts' line-up, candidate lists and a
random stream) is allocated in Python (``new_scratch``) once per batch and per thread; the
functions here allocate nothing. The bot enters the kernel through the line-up: ``look`` is
this module's :func:`look`, ``scratch`` a :class:`LookScratch`; the playouts run the game loop
of ``nb.py`` with the playouts' line-up (whose ``look`` is ``no_look``), so no decision
function calls itself.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import next_u64, randint, seed_stream
from simlab.games.monsters.bot_base import (
    BOT_GREEDY,
    BOT_LOOKAHEAD,
    BOTS,
    KIND_DRAFT,
    KIND_PLACE,
    N_PARAMS,
    TIE,
    W_COST,
    W_HORIZON,
    W_PLAYOUTS,
    W_RACE,
    W_WIDTH,
)
from simlab.games.monsters.bots_spook import spook_code
from simlab.games.monsters.engine import can_place_ghost
from simlab.games.monsters.nb import after_draft, end_round, final_scoring, play_round, players_from
from simlab.games.monsters.phases import (
    draft_from,
    place_one,
    spook_apply,
    spook_end,
    spook_loop,
    spook_phase,
    spook_until_passes,
    swamp_from,
    take_die,
)
from simlab.games.monsters.shape import running_score, sj_running_score
from simlab.games.monsters.solo import sj_buy
from simlab.games.monsters.state import (
    COLS,
    I_ATOP,
    I_CARD,
    I_FIRST,
    I_GTOP,
    I_NDECK,
    I_PASSES,
    I_ROUND,
    I_SJ_SCORE,
    I_SPOOK_N,
    I_SPOOK_STAGE,
    ROWS,
    SOLO1,
    SOLO2,
    MonstersLineup,
    new_agg,
    new_state,
)
from simlab.games.monsters.values import arch_gain, face_value, ghost_value, place_value, prog

MAX_CAND = 16
#: greedy's default weights (a custom seat's stand-in in the playouts)
GREEDY_W = np.array(BOTS["greedy"][2], np.float64)


class LookScratch(NamedTuple):
    """What the lookahead bot plays its continuations on (one per thread)."""

    sim: object           # MonstersState: the scratch game
    agg: object           # MonstersAgg: scratch aggregates (the Spook phase writes to them)
    plu: object           # MonstersLineup: the playouts' bots (look = no_look; playout_lineup)
    cand: np.ndarray      # (MAX_CAND,) candidate option codes
    cval: np.ndarray      # (MAX_CAND,) their greedy values, then their playout totals
    rng: np.ndarray       # (4,) uint64 playout stream


def new_scratch(A, width: int) -> LookScratch:
    """Scratch for a line-up with a lookahead seat (``width``: the parameter matrix's width)."""
    p = A.n_players
    params = np.zeros((p, width))
    params[:, :N_PARAMS] = BOTS["greedy"][2]
    plu = MonstersLineup(np.full(p, BOT_GREEDY, np.int64), params)
    return LookScratch(new_state(A), new_agg(p), plu, np.zeros(MAX_CAND, np.int64),
                       np.zeros(MAX_CAND), np.zeros(4, np.uint64))


# ------------------------------------------------------------------------------ scratch state
@rule
def _c1(a, b):
    for i in range(a.shape[0]):
        b[i] = a[i]


@rule
def _c2(a, b):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            b[i, j] = a[i, j]


@rule
def _c3(a, b):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            for k in range(a.shape[2]):
                b[i, j, k] = a[i, j, k]


@rule
def copy_state(st, sim):
    """Copy the game state into the scratch state (element loops: no temporaries)."""
    _c1(st.info, sim.info)
    _c1(st.bag, sim.bag)
    _c2(st.fm_col, sim.fm_col)
    _c2(st.fm_face, sim.fm_face)
    _c2(st.drv_col, sim.drv_col)
    _c2(st.drv_face, sim.drv_face)
    _c2(st.drv_moved, sim.drv_moved)
    _c3(st.order_col, sim.order_col)
    _c3(st.order_rank, sim.order_rank)
    _c2(st.order_n, sim.order_n)
    _c2(st.sj, sim.sj)
    _c2(st.summon, sim.summon)
    _c1(st.juice, sim.juice)
    _c1(st.malice, sim.malice)
    _c2(st.grunt_col, sim.grunt_col)
    _c2(st.grunt_pos, sim.grunt_pos)
    _c2(st.minion_pos, sim.minion_pos)
    _c2(st.occ, sim.occ)
    _c2(st.ghost_at, sim.ghost_at)
    _c2(st.gain_spot, sim.gain_spot)
    _c2(st.arch, sim.arch)
    _c1(st.n_arch, sim.n_arch)
    _c1(st.prophecy, sim.prophecy)
    _c1(st.gmarket, sim.gmarket)
    _c1(st.gstack, sim.gstack)
    _c1(st.amarket, sim.amarket)
    _c1(st.adeck, sim.adeck)
    _c1(st.supply, sim.supply)
    _c1(st.deck, sim.deck)
    _c1(st.sj_col, sim.sj_col)
    _c1(st.sj_face, sim.sj_face)
    _c1(st.court_dice, sim.court_dice)
    _c1(st.court_ghost, sim.court_ghost)
    _c1(st.court_grunt, sim.court_grunt)
    _c1(st.stk_act, sim.stk_act)
    _c1(st.stk_juice, sim.stk_juice)
    _c1(st.stk_just, sim.stk_just)
    _c1(st.dec, sim.dec)
    _c1(st.scores, sim.scores)
    _c1(st.winners, sim.winners)
    _c2(st.bd, sim.bd)
    _c1(st.ev, sim.ev)
    _c2(st.sev, sim.sev)
    _c3(st.pick, sim.pick)


@rule
def _shuffle_range(arr, lo, hi, rng):
    """Fisher-Yates shuffle of arr[lo:hi]."""
    for i in range(hi - 1, lo, -1):
        j = lo + randint(rng, i - lo + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@rule(inline=True)
def resample(A, sim, p, rng):
    """Redeal what p cannot see: the face-down Ghost stack and Arch Monster deck, the solo deck
    below the face-up card, the other players' Prophecy cards (distinct, never p's)."""
    _shuffle_range(sim.gstack, sim.info[I_GTOP], A.n_ghosts, rng)
    _shuffle_range(sim.adeck, sim.info[I_ATOP], A.n_arch, rng)
    if A.mode >= SOLO1:
        _shuffle_range(sim.deck, sim.info[I_CARD] + 1, sim.info[I_NDECK], rng)
    P = A.n_players
    if A.n_prophecy < P:
        return
    for q in range(P):
        if q == p:
            continue
        while True:
            k = randint(rng, A.n_prophecy)
            ok = k != sim.prophecy[p]
            for o in range(q):
                if o != p and sim.prophecy[o] == k:
                    ok = False
            if ok:
                sim.prophecy[q] = k
                break


# ------------------------------------------------------------------------------ continuations
@rule
def finish_game(A, sim, lu, agg, p, last, rng):
    """Play the remaining rounds (up to round ``last``) and final scoring; p's
    result (module docstring). Cut before the last round: every seat's running score
    (``shape.running_score``, Spider Jack's ``sj_running_score``) stands in for its final
    score (no tie-break: tied leaders share)."""
    while sim.info[I_ROUND] < last:
        sim.info[I_ROUND] += 1
        play_round(A, sim, lu, agg, rng)
    if last < A.rounds:
        return cut_result(A, sim, p)
    k = final_scoring(A, sim, lu, rng)
    me = sim.scores[p]
    if A.mode == SOLO1:
        return sim.winners[0] + (me - A.target) / 100.0
    if A.mode == SOLO2:
        return sim.winners[0] + (me - sim.info[I_SJ_SCORE]) / 100.0
    other = -(1 << 40)
    for q in range(A.n_players):
        if q != p and sim.scores[q] > other:
            other = sim.scores[q]
    return sim.winners[p] / max(k, 1) + (me - other) / 100.0


@rule
def cut_result(A, sim, p):
    """p's result from the running scores (a playout cut at a round's end)."""
    me = running_score(A, sim, p)
    if A.mode == SOLO1:
        return (1.0 if me >= A.target else 0.0) + (me - A.target) / 100.0
    if A.mode == SOLO2:
        sj = sj_running_score(A, sim, sim.tmp[1])
        return (1.0 if me > sj else 0.0) + (me - sj) / 100.0
    other = -(1 << 40)
    k = 1
    for q in range(A.n_players):
        if q != p:
            s = running_score(A, sim, q)
            if s > other:
                other = s
                k = 1
            elif s == other:
                k += 1
    win = 0.0
    if me > other:
        win = 1.0
    elif me == other:
        win = 1.0 / (k + 1)
    return win + (me - other) / 100.0


@rule(inline=True)
def continue_draft(A, sim, lu, agg, p, f, k, last, rng):
    """p takes car position k of Fearmobile f; the round and the game go on."""
    step = 0
    for i in range(4):
        if sim.drv_col[p, i] >= 0:
            step += 1
    take_die(A, sim, p, f, k, step)
    if A.mode >= SOLO1:
        draft_from(A, sim, lu, rng, step, 1)
    else:
        draft_from(A, sim, lu, rng, step, p + 1)
    after_draft(A, sim, lu, agg, rng)
    return finish_game(A, sim, lu, agg, p, last, rng)


@rule(inline=True)
def continue_place(A, sim, lu, agg, p, x, last, rng):
    """p's placement x = k * 3 + row; the round and the game go on."""
    left = 0
    for i in range(4):
        if sim.drv_col[p, i] >= 0:
            left += 1
    done = 4 - left
    place_one(A, sim, lu, p, x, rng)
    swamp_from(A, sim, lu, p, done + 1, rng)
    players_from(A, sim, lu, (p - sim.info[I_FIRST]) % A.n_players + 1, rng)
    spook_phase(A, sim, lu, agg, rng)
    end_round(A, sim)
    return finish_game(A, sim, lu, agg, p, last, rng)


@rule(inline=True)
def continue_spook(A, sim, lu, agg, p, x, last, rng):
    """p's Spook turn with choice x (0 pass, 1 + k Ghost, 6 + k Arch Monster, applied as the
    kernel applies a bot's answer); the phase, the round and the game go on."""
    stage = sim.info[I_SPOOK_STAGE]
    passes = sim.info[I_PASSES]
    bought = spook_apply(A, sim, p, spook_code(A, sim, p, x, rng))
    if stage == 0:
        sj_buy(A, sim)
        sim.info[I_SPOOK_STAGE] = 1
        spook_until_passes(A, sim, lu, 0, rng)
    else:
        if bought:
            passes = 0
            sim.info[I_SPOOK_N] += 1
        else:
            passes += 1
        spook_loop(A, sim, lu, (p + 1) % A.n_players, passes, rng)
    spook_end(A, sim, agg)
    end_round(A, sim)
    return finish_game(A, sim, lu, agg, p, last, rng)


# ------------------------------------------------------------------------------ candidates
@rule
def candidates(A, st, p, kind, f, w, cand, cval):
    """The legal options of a decision with their greedy values (no noise); returns how many."""
    n = 0
    if kind == KIND_DRAFT:
        base = prog(A, st, p, w)
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                cand[n] = k
                cval[n] = face_value(A, st, p, st.fm_col[f, k], st.fm_face[f, k], w, base)
                n += 1
    elif kind == KIND_PLACE:
        base = prog(A, st, p, w)
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for r in range(ROWS):
                    if st.order_n[p, r] < COLS and n < cand.shape[0]:
                        cand[n] = k * 3 + r
                        cval[n] = place_value(A, st, p, k, r, w, base)
                        n += 1
    else:
        cand[0] = 0
        cval[0] = 1e9  # passing is always kept
        n = 1
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                cand[n] = 1 + k
                cval[n] = ghost_value(A, st, p, g, w) - w[W_COST] * A.ghost_cost[k]
                n += 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                    st.n_arch[p] < st.arch.shape[1]:
                cand[n] = 6 + k
                cval[n] = arch_gain(A, st, p, st.amarket[k], w) - w[W_COST] * A.arch_cost[k]
                n += 1
    return n


@rule(inline=True)
def _shuffle_ties(cand, cval, n, rng):
    """If two of the first n candidates have the same greedy value (within ``bots.TIE``),
    shuffle them (Fisher-Yates from the game's stream): the stable sort that follows then ranks
    tied options in a random order, not in the order they were listed. No draw without a tie."""
    tie = False
    for i in range(n):
        for j in range(i + 1, n):
            if abs(cval[i] - cval[j]) <= TIE:
                tie = True
    if not tie:
        return
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        c = cand[i]
        cand[i] = cand[j]
        cand[j] = c
        v = cval[i]
        cval[i] = cval[j]
        cval[j] = v


@rule(inline=True)
def _keep_best(cand, cval, n, width):
    """Sort the first n candidates by value, best first (stable), keep ``width``."""
    for i in range(1, n):
        c = cand[i]
        v = cval[i]
        j = i - 1
        while j >= 0 and cval[j] < v:
            cand[j + 1] = cand[j]
            cval[j + 1] = cval[j]
            j -= 1
        cand[j + 1] = c
        cval[j + 1] = v
    return min(n, width)


@rule
def playout_lineup(lu, plu):
    """The playouts' line-up: every seat's own bot and parameters, except that a lookahead
    seat (this bot included) plays greedy with its own weights and a custom bot plays greedy
    with the default weights (its function is not part of the scratch)."""
    for q in range(lu.ids.shape[0]):
        b = lu.ids[q]
        if b == BOT_LOOKAHEAD or b == CUSTOM_ID:
            plu.ids[q] = BOT_GREEDY
        else:
            plu.ids[q] = b
        if b == CUSTOM_ID:
            for i in range(plu.params.shape[1]):
                plu.params[q, i] = 0.0
            for i in range(N_PARAMS):
                plu.params[q, i] = GREEDY_W[i]
        else:
            for i in range(plu.params.shape[1]):
                plu.params[q, i] = lu.params[q, i]


@rule
def look(A, st, lu, p, kind, f, rng):
    """The lookahead bot's choice for decision ``kind`` (draft: car position in Fearmobile f;
    place: k * 3 + row; spook: 0 pass, 1 + k Ghost, 6 + k Arch Monster); -1 if none legal."""
    sc = lu.scratch
    w = lu.params[p]
    plays = max(1, int(w[W_PLAYOUTS]))
    width = max(1, int(w[W_WIDTH]))
    n = candidates(A, st, p, kind, f, w, sc.cand, sc.cval)
    if n == 0:
        return -1
    _shuffle_ties(sc.cand, sc.cval, n, rng)
    n = _keep_best(sc.cand, sc.cval, n, width)
    if n == 1:
        return sc.cand[0]
    base = next_u64(rng)
    sim = sc.sim
    playout_lineup(lu, sc.plu)
    h = int(w[W_HORIZON])
    last = A.rounds if h <= 0 else min(A.rounds, st.info[I_ROUND] + h - 1)
    race = int(w[W_RACE])
    step = plays if race <= 0 else min(race, plays)
    for i in range(n):
        sc.cval[i] = 0.0
    alive = n
    done = 0
    while True:
        for i in range(alive):
            for t in range(done, done + step):
                seed_stream(base, np.uint64(t), sc.rng)
                copy_state(st, sim)
                resample(A, sim, p, sc.rng)
                if kind == KIND_DRAFT:
                    sc.cval[i] += continue_draft(A, sim, sc.plu, sc.agg, p, f, sc.cand[i],
                                                 last, sc.rng)
                elif kind == KIND_PLACE:
                    sc.cval[i] += continue_place(A, sim, sc.plu, sc.agg, p, sc.cand[i], last,
                                                 sc.rng)
                else:
                    sc.cval[i] += continue_spook(A, sim, sc.plu, sc.agg, p, sc.cand[i], last,
                                                 sc.rng)
        done += step
        if alive <= 1 or done >= plays:
            break
        _sort_alive(sc.cand, sc.cval, alive)
        keep = (alive + 1) // 2
        for i in range(keep, alive):
            sc.cval[i] = np.nan   # out of the race: no mean of the full budget
        alive = keep
        step = min(step, plays - done)
    best = 0
    for i in range(1, alive):
        if sc.cval[i] > sc.cval[best]:
            best = i
    for i in range(alive):
        sc.cval[i] /= done        # the mean of the playouts each finalist ran
    return sc.cand[best]


@rule(inline=True)
def _sort_alive(cand, cval, n):
    """The first n options by playout total, best first (stable: equal totals keep their
    greedy order)."""
    for i in range(1, n):
        j = i
        while j > 0 and cval[j] > cval[j - 1]:
            cval[j], cval[j - 1] = cval[j - 1], cval[j]
            cand[j], cand[j - 1] = cand[j - 1], cand[j]
            j -= 1


look._set_uuid("simlab-monsters-look-v1")  # a stable type: kernels load from the cache
