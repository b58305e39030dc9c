"""Jungle Rumble: numba kernels (arrays, scalars and NamedTuples in; arrays out).

Each function implements one rule of the rulebook; ``play_game`` strings them together and
``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate arrays
(``play_game_search`` and ``run_batch_search`` for a line-up with a ``lookahead`` seat). The rule
helpers count what happens in the state's own counters (``st.ev``, ``st.sev``, ``st.aev``), which
``record_result`` adds to the aggregates at the end of a game; the per-round food and family
records go to the aggregates at the end of each round.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch
from simlab.core.ref import ref, rule
from simlab.core.rng import randint, seed_stream
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.jungle.board import place_field, place_stick
from simlab.games.jungle.box import box_conserved, open_box
from simlab.games.jungle.family import clockwise, kittens, points_of
from simlab.games.jungle.lookahead import decide_action_search, decide_follow_search
from simlab.games.jungle.state import (
    C_BOX_BAD,
    C_FIELDS_BOARD,
    C_FSUP_END,
    C_KITTENS_END,
    C_ROUND_CAP,
    C_ROUNDS,
    C_SSUP_END,
    C_STICKS_BOARD,
    C_TURNS,
    E_CAP,
    E_NONE,
    E_STUCK,
    FOOD_BINS,
    I_ACTIVE,
    I_FIRST,
    I_FOLLOW,
    I_FSUP,
    I_ROUND,
    I_SSUP,
    I_TRIGGER,
    I_TURN,
    ROUND_BINS,
    S_FIELDS,
    S_FIRST,
    S_MERCHANTS,
    S_STICKS,
    SCORE_BINS,
)
from simlab.games.jungle.turn import (
    can_follow,
    check_tokens,
    feed,
    final_scoring,
    follow_or_pass,
    no_workers,
    return_tiles,
    sell_goods,
    start_action,
    take_turn,
    wake_up,
)


# --------------------------------------------------------------------------------- setup
@rule(inline=True)
def setup(A, st, rng):
    """Setup: supplies by player count; each player 2 awake workers, no food, two adjacent
    fields with a stick between them; the first player is drawn at random."""
    n_p = A.n_players
    g = A.grid
    st.info[:] = 0
    st.ev[:] = 0
    st.sev[:] = 0
    st.ch[:, :] = 0
    st.aev[:] = 0
    st.tile_food[:] = 0
    st.tile_used[:] = 0
    st.held[:, :] = 0
    st.field[:, :] = 0
    st.wet[:, :] = 0
    st.stick[:, :] = 0
    st.nbr_fields[:, :] = 0
    st.cell_sticks[:, :] = 0
    st.info[I_FSUP] = A.field_supply
    st.info[I_SSUP] = A.stick_supply
    st.info[I_FOLLOW] = -1
    open_box(A, st)
    m = g // 2
    for q in range(n_p):
        st.food[q] = A.start_food
        st.gold[q] = 0
        st.awake[q] = A.start_workers
        st.asleep[q] = 0
        st.nm[q] = 0
        st.score_base[q] = A.kitten_points * A.start_workers  # the pieces add their points
        st.held[q, q] = A.start_workers
        st.penal[q] = 0
        st.nfield[q] = 0
        st.nstick[q] = 0
        st.nwet[q] = 0
        st.free_e[q] = 0
        st.nlcell[q] = 0
        st.inner_e[q] = 0
        st.wet_free[q] = 0
        st.box[q, 0] = m
        st.box[q, 1] = m
        st.box[q, 2] = m - 1
        st.box[q, 3] = m
        place_field(A, st, q, m * g + m - 1)
        place_field(A, st, q, m * g + m)
        place_stick(A, st, q, m * (g + 1) + m)
    st.info[I_FIRST] = randint(rng, n_p)


# -------------------------------------------------------------------------------- search
@rule(inline=True)
def action_phase_search(A, st, lineup, p, rng, sim):
    """:func:`action_phase` for a line-up with a ``lookahead`` seat (``sim`` its scratch).

    A function of its own, like :func:`take_turn_search`: the search's playouts run the plain
    phases, and a numba function compiled inside its own compilation for other argument types
    comes back broken from numba's on-disk cache (unresolved symbols, crashes)."""
    fa = start_action(A, st, lineup, p, rng, decide_action_search(A, st, lineup, p, rng, sim))
    st.info[I_FOLLOW] = fa
    for k in range(1, A.n_players):
        q = clockwise(A, p, k)
        f = False
        if can_follow(A, st, q, fa):
            f = decide_follow_search(A, st, lineup, q, rng, fa, sim) == 1
        follow_or_pass(A, st, lineup, q, fa, f, rng)
    st.info[I_FOLLOW] = -1


@rule(inline=True)
def take_turn_search(A, st, lineup, p, rng, sim):
    """:func:`take_turn` for a line-up with a ``lookahead`` seat (``sim``: its scratch)."""
    st.info[I_TURN] += 1
    st.info[I_ACTIVE] = p
    wake_up(A, st, lineup, p, rng)
    sell_goods(A, st, lineup, p, rng)
    action_phase_search(A, st, lineup, p, rng, sim)
    feed(A, st, lineup, p, rng)
    check_tokens(A, st)


# -------------------------------------------------------------------------------- rounds
@rule(inline=True)
def end_round(A, st, agg):
    """End of the round: 1 food on each unchosen action tile, used tiles return; the food and
    family of every player are recorded for this round."""
    return_tiles(A, st)
    b = min(st.info[I_ROUND], ROUND_BINS) - 1
    for q in range(A.n_players):
        agg.food_hist[q, b, min(max(st.food[q], 0), FOOD_BINS - 1)] += 1
        agg.family_sum[q, b] += kittens(st, q)


@rule
def running_score(A, st, q):
    """Game shape: q's score if the game ended now (the final scoring's formula on the
    current position, awake kittens' food included; nothing changes)."""
    return points_of(A, st, q, st.food[q] + st.awake[q] + st.nm[q], 0)


@rule(inline=True)
def start_game(A, st, rng):
    """Setup (:func:`setup`); the first player is counted."""
    setup(A, st, rng)
    st.sev[st.info[I_FIRST], S_FIRST] += 1


@rule(inline=True)
def next_round(A, st):
    """A new round begins (E_NONE), or the safety bound on rounds ends the game (E_CAP)."""
    if st.info[I_ROUND] >= A.max_rounds:
        st.ev[C_ROUND_CAP] += 1
        return E_CAP
    st.info[I_ROUND] += 1
    return E_NONE


@rule(inline=True)
def round_over(A, st, agg):
    """End of the round (:func:`end_round`, the running scores as checkpoints); the game ends
    if its end was triggered in this round (the trigger) or no player has a worker left
    (E_STUCK); else the first player token passes left (E_NONE)."""
    end_round(A, st, agg)
    n_p = A.n_players
    r = st.info[I_ROUND] - 1
    if r < MAX_CHECKPOINTS:
        for q in range(n_p):
            st.cp[r, q] = running_score(A, st, q)
    if st.info[I_TRIGGER] != E_NONE:
        return st.info[I_TRIGGER]
    if no_workers(A, st):
        return E_STUCK
    st.info[I_FIRST] = (st.info[I_FIRST] + 1) % n_p
    return E_NONE


@rule(inline=True)
def game_over(A, st):
    """End of the game: the final scoring and this game's counters; returns the number of
    winners."""
    n_p = A.n_players
    if not box_conserved(A, st):
        st.ev[C_BOX_BAD] += 1
    k = final_scoring(A, st)
    st.ev[C_ROUNDS] += st.info[I_ROUND]
    st.ev[C_TURNS] += st.info[I_TURN]
    st.ev[C_FSUP_END] += st.info[I_FSUP]
    st.ev[C_SSUP_END] += st.info[I_SSUP]
    for q in range(n_p):
        st.ev[C_FIELDS_BOARD] += st.nfield[q]
        st.ev[C_STICKS_BOARD] += st.nstick[q]
        st.ev[C_KITTENS_END] += kittens(st, q)
        st.sev[q, S_FIELDS] += st.nfield[q]
        st.sev[q, S_STICKS] += st.nstick[q]
        st.sev[q, S_MERCHANTS] += st.nm[q]
    return k


@rule
def play_game(A, st, lineup, rng, agg):
    """A whole game: rounds of turns from the first player (the token passes left each round)
    until the round in which the end was triggered is over; returns (end reason, winners).

    A line-up with a ``lookahead`` seat plays :func:`play_game_search`: the same rounds with
    :func:`take_turn_search` (the turn is inlined into the game loop, so each loop has its own
    function rather than a branch on ``sim``: numba would compile both turns into the search
    kernel)."""
    start_game(A, st, rng)
    n_p = A.n_players
    while True:
        end = next_round(A, st)
        if end != E_NONE:
            break
        first = st.info[I_FIRST]
        for k in range(n_p):
            take_turn(A, st, lineup, clockwise(A, first, k), rng)
        end = round_over(A, st, agg)
        if end != E_NONE:
            break
    return end, game_over(A, st)


@rule
def play_game_search(A, st, lineup, rng, agg, sim):
    """:func:`play_game` for a line-up with a ``lookahead`` seat (``sim``: its scratch)."""
    start_game(A, st, rng)
    n_p = A.n_players
    while True:
        end = next_round(A, st)
        if end != E_NONE:
            break
        first = st.info[I_FIRST]
        for k in range(n_p):
            take_turn_search(A, st, lineup, clockwise(A, first, k), rng, sim)
        end = round_over(A, st, agg)
        if end != E_NONE:
            break
    return end, game_over(A, st)


# --------------------------------------------------------------------------------- batch
@rule
def record_result(A, st, end, k, agg):
    """Add one finished game (its counters, scores, winners) to the aggregates."""
    n_p = A.n_players
    for i in range(st.ev.shape[0]):
        agg.counters[i] += st.ev[i]
    for q in range(n_p):
        for j in range(st.sev.shape[1]):
            agg.seat[q, j] += st.sev[q, j]
        for j in range(st.bd.shape[1]):
            agg.breakdown[q, j] += st.bd[q, j]
    for i in range(3):
        for a in range(st.aev.shape[1]):
            agg.actions[i, a] += st.aev[i, a]
    agg.end_reasons[end] += 1
    agg.ends[end - 1] += 1
    r = st.info[I_ROUND]
    agg.length[0] += r
    agg.length[1] += r * r
    agg.length_hist[min(r, agg.length_hist.shape[0] - 1)] += 1
    for q in range(n_p):
        for j in range(st.bd.shape[1]):
            agg.src[q, j] += st.bd[q, j]
        for j in range(st.ch.shape[1]):
            agg.choice[q, j] += st.ch[q, j]
    for q in range(n_p):
        if st.winners[q]:
            agg.wins[q, k] += 1
        s = st.scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1


@rule(inline=True)
def record_game(A, st, end, k, agg, i, rows):
    """One finished game (game ``i`` of the batch) into the aggregates, its game shape and,
    when asked, its row (``rows``: :class:`simlab.games.registry.GameRows`; scores, winners,
    rounds played, how it ended, points by source and choices of every seat)."""
    n_p = A.n_players
    record_result(A, st, end, k, agg)
    # game shape: the rounds before the last one are the checkpoints, then the final scores
    record_shape(st.cp, st.info[I_ROUND] - 1, st.scores, st.winners, n_p,
                 agg.shape_counters, agg.lead_hist, agg.margin_hist, agg.leader_wins)
    if rows.score.shape[0] > 0:
        rows.length[i] = st.info[I_ROUND]
        rows.end[i] = end - 1
        for q in range(n_p):
            rows.score[i, q] = st.scores[q]
            rows.winner[i, q] = st.winners[q] == 1
            for j in range(st.bd.shape[1]):
                rows.source[i, q, j] = st.bd[q, j]
            for j in range(st.ch.shape[1]):
                rows.choice[i, q, j] = st.ch[q, j]


@batch
def run_batch(A, st, lineup, rng, seed, start, count, agg, rows):
    """Play games start..start+count-1 of ``seed``; per-game rows when the row arrays are
    non-empty (first axis count), aggregates always (a line-up with a ``lookahead`` seat:
    :func:`run_batch_search`). The rules below get the NamedTuples by reference (``ref.py``:
    numba passes a NamedTuple flattened, every array as ~7 words, on every call)."""
    play_batch(ref(A), ref(st), ref(lineup), rng, seed, start, count, ref(agg), ref(rows))


@rule
def play_batch(A, st, lineup, rng, seed, start, count, agg, rows):
    """:func:`run_batch`'s loop."""
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        end, k = play_game(A, st, lineup, rng, agg)
        record_game(A, st, end, k, agg, i, rows)


@batch
def run_batch_search(A, st, lineup, rng, seed, start, count, agg, rows, sim):
    """:func:`run_batch` for a line-up with a ``lookahead`` seat; ``sim``: its scratch."""
    play_batch_search(ref(A), ref(st), ref(lineup), rng, seed, start, count, ref(agg),
                      ref(rows), ref(sim))


@rule
def play_batch_search(A, st, lineup, rng, seed, start, count, agg, rows, sim):
    """:func:`run_batch_search`'s loop."""
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        end, k = play_game_search(A, st, lineup, rng, agg, sim)
        record_game(A, st, end, k, agg, i, rows)
