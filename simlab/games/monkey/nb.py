"""Monkey Fun: the numba kernel (arrays, scalars and NamedTuples in; arrays out).

``play_game`` strings the rule helpers of ``engine.py`` together with the bots' decisions
(``bots.py``); ``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate
arrays. The rule helpers count what happens in the state's own counters (``st.ev``, ``st.sev``,
``st.fev``), which ``play_game`` adds to the aggregates at the end of a game; the game shape
(running scores by tenth of the game) is recorded here.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch
from simlab.core.ref import ref, rule
from simlab.core.rng import seed_stream
from simlab.core.shape import record_shape
from simlab.games.monkey.bots import choose, start_keeping
from simlab.games.monkey.engine import (
    finish_game,
    legal_plays,
    new_game,
    next_player,
    turn_bound,
    turn_steps,
)
from simlab.games.monkey.explain import opponent_threats, record_choice
from simlab.games.monkey.rules import MODE_SOLO, N_CELLS
from simlab.games.monkey.state import (
    C_BOARD_END,
    C_CARD_ERRORS,
    C_FIRST_UNPLAYABLE,
    C_ILLEGAL,
    C_OWNER_EXTRA_VOLUNTARY,
    C_SUPPLY_END,
    C_TURN_CAP,
    C_TURNS,
    E_NONE,
    E_POINTS,
    E_ROW,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    E_SQUARE,
    I_CUR,
    I_END,
    I_NDISC,
    I_NDRAW,
    I_TURN,
    I_WAY,
    N_TENTHS,
    S_POINTS,
    S_ROW_WINS,
    SCORE_BINS,
    SOLO_BINS,
    SOLO_OFFSET,
    W_POINTS,
    W_ROW,
    W_SOLO_EARLY,
    W_SOLO_ROUNDS,
    W_SOLO_STUCK,
    W_SOLO_WIN,
    W_SQUARE,
    W_TURN_CAP,
    X_DISCARD,
)


@rule
def running_score(A, st, q):
    """Game shape: q's score if the game ended now, nothing changed: the numbers of the fields
    where q has the majority (an owned field is its owner's). That is final scoring on the
    position (minorities leave, a tied top count scores for nobody); the game does not score
    as it goes. The kernel keeps it incrementally (``record_turn``); this is the long way."""
    s = 0
    for c in range(N_CELLS):
        if st.maj[c] == q:
            s += A.number[c]
    return s


@rule(inline=True)
def record_turn(A, st, c, before):
    """Game shape, after each turn: field c's number moves from its majority holder before the
    turn (``before``) to the one after (c = -1: no monkey placed). A turn changes the board on
    its field only (placing, taking the field, boxing), so ``st.run`` stays ``running_score``;
    it goes to the trail's row of the turn (a few integer writes)."""
    if c >= 0:
        after = st.maj[c]
        if after != before:
            if before >= 0:
                st.run[before] -= A.number[c]
            if after >= 0:
                st.run[after] += A.number[c]
    t = st.info[I_TURN]
    if t < st.trail.shape[0]:
        for q in range(A.n_players):
            st.trail[t, q] = st.run[q]


@rule
def tenth_turn(i, turns):
    """Game shape: the turn whose running scores are checkpoint i (1..9) of a game of ``turns``
    turns: ceil(i * turns / 10), at most turns - 1 (a checkpoint comes before the end; a game
    of fewer than 10 turns repeats turns, and one of a single turn gives turn 0, the start)."""
    return max(min((i * turns + 9) // 10, turns - 1), 0)


@rule
def record_game_shape(A, st, agg):
    """Game shape of a finished game (not solo): checkpoint i = the running scores after turn
    ``tenth_turn(i, T)`` of its T turns, i = 1..9, then the final scores and the winners
    (a row of 4 wins whatever the points) into ``record_shape``."""
    n_p = A.n_players
    turns = st.info[I_TURN]
    last = st.trail.shape[0] - 1
    for i in range(N_TENTHS):
        t = min(tenth_turn(i + 1, turns), last)
        for q in range(n_p):
            st.cp[i, q] = st.trail[t, q]
    record_shape(st.cp, N_TENTHS, st.scores, st.winners, n_p, agg.shape_counters,
                 agg.lead_hist, agg.margin_hist, agg.leader_wins)


@rule(inline=True)
def cards_conserved(A, st):
    """Card conservation: hands + draw pile + discard pile = the deck."""
    n = st.info[I_NDRAW] + st.info[I_NDISC]
    for q in range(A.n_players):
        n += st.hand_n[q]
    return n == A.n_cards





@rule
def play_game(A, st, sim, lineup, rng):
    """A whole game: seat 1 starts, turns clockwise until an immediate win, the end of the
    supplies (normal) or of the rounds (solo); returns (end reason, number of winners). Not
    solo: the running scores after each turn go to ``st.trail`` (game shape). Each turn's
    choices go to ``st.xch`` (``explain.record_choice``) and the way the game ended to
    ``info[I_WAY]``."""
    new_game(A, st, rng)
    start_keeping(A, st, lineup)
    solo = A.mode == MODE_SOLO
    p = 0
    end = E_NONE
    way = W_POINTS
    while True:
        end = turn_bound(A, st)
        if end != E_NONE:
            way = W_TURN_CAP if st.ev[C_TURN_CAP] > 0 else W_SOLO_ROUNDS
            break
        st.info[I_TURN] += 1
        st.info[I_CUR] = p
        n = legal_plays(A, st, p)
        if n == 0 and st.info[I_TURN] == 1:
            st.ev[C_FIRST_UNPLAYABLE] += 1
        m = 0
        c = -1  # the field of this turn's monkey (-1: none placed)
        threats = 0
        obefore = -1
        if n > 0:  # the bots leave the list of legal plays as it is
            m = choose(A, st, sim, lineup, p, n, rng)
            masks = st.masks
            ok = False
            for i in range(n):
                if masks[i] == m:
                    ok = True
                    break
            if not ok:
                st.ev[C_ILLEGAL] += 1
                m = masks[0]
            c = A.cell_of[st.psum[m]]  # the sum of m, as legal_plays tabulated it
            owner = st.owner
            obefore = owner[c]
            if owner[c] == p:  # straight to the box: by choice if another play was legal
                cells = st.cells
                for i in range(n):
                    if owner[cells[i]] != p:  # adds a monkey to a field p does not own
                        st.ev[C_OWNER_EXTRA_VOLUNTARY] += 1
                        break
            if not solo:
                threats = opponent_threats(A, st, p, c)
        before = st.maj[c] if c >= 0 else -1
        cards = st.pk[m]
        turn_steps(A, st, p, m, rng)
        if c >= 0:
            record_choice(A, st, p, c, cards, before, obefore, threats)
        elif not solo:
            st.xch[p, X_DISCARD] += 1
        if not solo:
            record_turn(A, st, c, before)
        if not cards_conserved(A, st):
            st.ev[C_CARD_ERRORS] += 1
        end = st.info[I_END]
        if end != E_NONE:
            way = end_way(end, m)
            break
        q = next_player(A, st, p)
        if q < 0:  # no monkeys left to place
            end = E_SOLO_LOSS if solo else E_POINTS
            way = W_SOLO_ROUNDS if solo else W_POINTS
            break
        p = q
    st.info[I_END] = end
    st.info[I_WAY] = way
    st.ev[C_TURNS] += st.info[I_TURN]
    for q in range(A.n_players):
        st.ev[C_SUPPLY_END] += st.supply[q]
        for c in range(N_CELLS):
            st.ev[C_BOARD_END] += st.counts[c, q]
    k = finish_game(A, st, end, p, True)
    if end == E_ROW or end == E_SQUARE:
        st.sev[p, S_ROW_WINS] += 1
    if A.mode != MODE_SOLO:
        for q in range(A.n_players):
            st.sev[q, S_POINTS] += st.points[q]
    return end, k


@rule(inline=True)
def end_way(end, m):
    """How a game ended by a turn (``end``: its end reason, m: the play; 0 for none): a row, a
    square, solo won, solo lost with nothing to place (m = 0) or by a square complete too
    early."""
    if end == E_ROW:
        return W_ROW
    if end == E_SQUARE:
        return W_SQUARE
    if end == E_SOLO_WIN:
        return W_SOLO_WIN
    return W_SOLO_STUCK if m == 0 else W_SOLO_EARLY


@rule
def record_result(A, st, end, k, agg):
    """Add one finished game (its counters, scores, winners) to the aggregates."""
    n_p = A.n_players
    for i in range(st.ev.shape[0]):
        agg.counters[i] += st.ev[i]
    for q in range(n_p):
        for j in range(st.sev.shape[1]):
            agg.seat[q, j] += st.sev[q, j]
    for c in range(N_CELLS):
        agg.field_played[c] += st.fev[0, c]
        agg.field_owned[c] += st.fev[1, c]
        agg.field_scored[c] += st.fev[2, c]
    agg.end_reasons[end] += 1
    agg.length_hist[min(st.info[I_TURN], agg.length_hist.shape[0] - 1)] += 1
    t = st.info[I_TURN]
    agg.ends[st.info[I_WAY]] += 1
    agg.length[0] += t
    agg.length[1] += t * t
    for q in range(n_p):
        for j in range(st.xsrc.shape[1]):
            agg.src[q, j] += st.xsrc[q, j]
        for j in range(st.xch.shape[1]):
            agg.choice[q, j] += st.xch[q, j]
    if end == E_SOLO_WIN:
        agg.solo_hist[min(max(st.points[0] + SOLO_OFFSET, 0), SOLO_BINS - 1)] += 1
    for q in range(n_p):
        if st.winners[q]:
            agg.wins[q, k] += 1
        s = st.scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1


@batch
def run_batch(A, st, sim, lineup, rng, seed, start, count, agg, rows):
    """Play games start..start+count-1 of ``seed``; per-game rows when ``rows`` (a
    ``registry.GameRows``) has a first axis of ``count``, aggregates always (the game shape
    too, except in solo). The rules below get the NamedTuples by reference
    (``simlab.core.ref``: one word per argument instead of every array's words)."""
    play_batch(ref(A), ref(st), ref(sim), ref(lineup), rng, seed, start, count, ref(agg),
               ref(rows))


@rule
def play_batch(A, st, sim, lineup, rng, seed, start, count, agg, rows):
    """:func:`run_batch`'s loop."""
    n_p = A.n_players
    keep = rows.score.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        end, k = play_game(A, st, sim, lineup, rng)
        record_result(A, st, end, k, agg)
        if A.mode != MODE_SOLO:  # game shape: no lead to speak of with one player
            record_game_shape(A, st, agg)
        if keep:
            rows.length[i] = st.info[I_TURN]
            rows.end[i] = st.info[I_WAY]
            for q in range(n_p):
                rows.score[i, q] = st.scores[q]
                rows.winner[i, q] = st.winners[q] == 1
                for j in range(st.xsrc.shape[1]):
                    rows.source[i, q, j] = st.xsrc[q, j]
                for j in range(st.xch.shape[1]):
                    rows.choice[i, q, j] = st.xch[q, j]
