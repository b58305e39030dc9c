"""Monsters on Board: the game loop (numba), regular game and solo modes 1 and 2.

``play_game`` strings the phases together (setup, 6 rounds of Arrival, Draft, Grunt movement,
Swamp-Jack, Spook, then final scoring) and ``run_batch`` plays games ``[start, start+count)`` of
a seed into the aggregates. The phases are in ``phases.py``, performing actions in ``perform.py``,
Spider Jack's automaton (solo) in ``solo.py``, rule mechanics in ``engine.py``, decisions in the
bots' modules (``bots.py``).
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch
from simlab.core.ref import ref, rule
from simlab.core.rng import randint, seed_stream
from simlab.games.monsters.engine import (
    check_board,
    deal_prophecy,
    dice_in_play,
    fill_fearmobile,
    final_grunts,
    record_game,
    refill_arch,
    refill_ghosts,
    to_bag,
    write_row,
)
from simlab.games.monsters.perform import use_arch
from simlab.games.monsters.phases import draft, grunt_phase, spook_phase, swamp_phase
from simlab.games.monsters.scoring import final_score, sj_prophecy_bonus
from simlab.games.monsters.shape import record_checkpoint, record_game_shape
from simlab.games.monsters.solo import sj_score_dice
from simlab.games.monsters.state import (
    B_ARCH,
    B_FINAL,
    B_PROPHECY,
    C_COURT_DICE,
    C_DICE_BAD,
    C_DRAWN,
    C_GAMES,
    C_GRUNT_BAD,
    C_MALICE_BAD,
    C_MINION_BAD,
    C_ROUNDS,
    C_SHARED,
    C_SJ_WINS,
    C_TIEBREAK,
    C_TO_BOX,
    I_BOX,
    I_CARD,
    I_FIRST,
    I_GTOP,
    I_JUST_ROW,
    I_NDECK,
    I_ROUND,
    I_SJ_COLOUR,
    I_SJ_SCORE,
    MAX_GRUNTS,
    ROWS,
    S_FINAL_GRUNTS,
    S_FIRST,
    S_GRUNTS,
    S_MALICE_END,
    SCORE_BINS,
    SOLO1,
    SOLO2,
    START,
)


# ------------------------------------------------------------------------------ setup
@rule
def shuffle(arr, n, rng):
    """Fisher-Yates shuffle of arr[:n] (from the end)."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@rule(inline=True)
def new_game(A, st, rng):
    """Setup: Ghost stack and Arch Monster deck shuffled, 5 of each face up, Prophecy cards
    dealt, boards (Grunts on their start spots, Minions on theirs, Spider Jack dice at 1),
    dice in the bag, first player drawn; solo 2: Spider Jack's colour, deck and Court."""
    P = A.n_players
    st.info[:] = 0
    st.info[I_JUST_ROW] = -1
    for c in range(6):
        st.bag[c] = A.dice_per_colour
        st.supply[c] = A.grunts_per_colour - P
        st.court_dice[c] = 0
        st.court_grunt[c] = 0
    st.court_ghost[:] = 0
    st.fm_col[:, :] = -1
    st.sj_col[:] = -1
    st.drv_col[:, :] = -1
    st.order_col[:, :, :] = -1
    st.order_rank[:, :, :] = 0
    st.order_n[:, :] = 0
    st.sj[:, :] = A.sj_start
    st.summon[:, :] = 0
    st.juice[:] = 0
    st.malice[:] = 0
    st.grunt_col[:, :] = -1
    st.grunt_pos[:, :] = START
    st.minion_pos[:, :] = START
    st.occ[:, :] = 0
    st.ghost_at[:, :] = -1
    st.gain_spot[:, :] = -1
    st.arch[:, :] = -1
    st.n_arch[:] = 0
    st.bd[:, :] = 0
    st.ev[:] = 0
    st.sev[:, :] = 0
    st.pick[:, :, :] = 0
    st.aev[:, :] = 0
    st.ch[:, :] = 0
    st.scores[:] = 0
    st.winners[:] = 0
    for p in range(P):
        for c in range(6):
            st.grunt_col[p, c] = c
    for i in range(A.n_ghosts):
        st.gstack[i] = i
    shuffle(st.gstack, A.n_ghosts, rng)
    for i in range(A.n_arch):
        st.adeck[i] = i
    shuffle(st.adeck, A.n_arch, rng)
    st.gmarket[:] = -1
    st.amarket[:] = -1
    refill_ghosts(st)
    refill_arch(A, st)
    deal_prophecy(A, st, rng)
    if A.mode < SOLO1:
        st.info[I_FIRST] = randint(rng, P)
    else:
        st.info[I_FIRST] = 0
    st.sev[st.info[I_FIRST], S_FIRST] += 1
    # solo decks
    if A.mode == SOLO1:
        for i in range(A.n_cards):
            st.deck[i] = i
        st.info[I_NDECK] = A.n_cards
        shuffle(st.deck, A.n_cards, rng)
    elif A.mode == SOLO2:
        total = 0
        for c in range(6):
            total += st.bag[c]
        k = randint(rng, total)
        col = 0
        for c in range(6):
            if k < st.bag[c]:
                col = c
                break
            k -= st.bag[c]
        st.info[I_SJ_COLOUR] = col  # the die goes straight back to the bag
        n = 0
        for i in range(A.n_cards):
            if A.card_shows[i, col] == 1:
                st.deck[n] = i
                n += 1
        st.info[I_NDECK] = n
        shuffle(st.deck, n, rng)
        st.court_grunt[col] += 1
        st.supply[col] -= 1
        for _ in range(A.court_monsters):
            m = 0
            for c in range(6):
                if st.court_grunt[c] == 0 and st.supply[c] > 0:
                    m += 1
            if m == 0:
                break
            i = randint(rng, m)
            for c in range(6):
                if st.court_grunt[c] == 0 and st.supply[c] > 0:
                    if i == 0:
                        st.court_grunt[c] += 1
                        st.supply[c] -= 1
                        break
                    i -= 1
        n = A.plus3_ghosts if A.court_ghosts == 4 else A.court_ghosts  # +3: 4 (or 2 + 4)
        for _ in range(n):
            top = st.info[I_GTOP]
            if top < A.n_ghosts:
                st.court_ghost[A.ghost_colour[st.gstack[top]]] += 1
                st.info[I_GTOP] = top + 1






@rule(inline=True)
def check_round(A, st):
    """Invariants after each round: 78 dice accounted for, Malice in range, boards consistent."""
    if dice_in_play(st) + st.info[I_BOX] != 6 * A.dice_per_colour:
        st.ev[C_DICE_BAD] += 1
    for p in range(A.n_players):
        if st.malice[p] < 0 or st.malice[p] > A.malice_cap:
            st.ev[C_MALICE_BAD] += 1
        ge, me = check_board(A, st, p)
        st.ev[C_GRUNT_BAD] += ge
        st.ev[C_MINION_BAD] += me


@rule(inline=True)
def players_from(A, st, lu, i0, rng):
    """Grunt movement and Swamp-Jack of the players from turn-order index ``i0`` on."""
    P = A.n_players
    first = st.info[I_FIRST]
    for i in range(i0, P):
        p = (first + i) % P
        grunt_phase(A, st, lu, p, rng)
        swamp_phase(A, st, lu, p, rng)


@rule
def end_round(A, st):
    """After the Spook phase: solo 1: the automaton's dice go back to the bag; solo: next card;
    the first player token passes left; invariants."""
    if A.mode == SOLO1:
        for k in range(4):
            if st.sj_col[k] >= 0:
                to_bag(st, st.sj_col[k])
                st.sj_col[k] = -1
    if A.mode >= SOLO1:
        st.info[I_CARD] += 1
    st.info[I_FIRST] = (st.info[I_FIRST] + 1) % A.n_players
    check_round(A, st)


@rule(inline=True)
def after_draft(A, st, lu, agg, rng):
    """The round after the draft: (solo 2: Spider Jack scores), Grunt movement and Swamp-Jack
    for every player, Spook phase, end of round."""
    if A.mode == SOLO2:
        sj_score_dice(A, st)
    players_from(A, st, lu, 0, rng)
    spook_phase(A, st, lu, agg, rng)
    end_round(A, st)


@rule(inline=True)
def play_round(A, st, lu, agg, rng):
    """One round: Arrival, Draft, (solo 2: Spider Jack scores), Grunt movement and Swamp-Jack
    for every player, Spook phase; solo 1: the automaton's dice go back to the bag; the first
    player token passes left."""
    nf = st.fm_col.shape[0]
    for f in range(nf):
        fill_fearmobile(st, f, rng, C_DRAWN)
    draft(A, st, lu, rng)
    after_draft(A, st, lu, agg, rng)


@rule(inline=True)
def final_scoring(A, st, lu, rng):
    """Arch Monster discards, then final scoring for each player (trim rows to the Spider Jack
    value: the trimmed dice go to the box; final-area Grunts, Prophecy, Arch Monsters); winners
    by score, then final-area Grunts, then Malice (shared if still tied). Solo 1: won when the
    score reaches ``target``; solo 2: won when the score beats Spider Jack's."""
    P = A.n_players
    first = st.info[I_FIRST]
    for i in range(P):
        use_arch(A, st, lu, (first + i) % P, 1, rng)
    for p in range(P):
        for r in range(ROWS):
            extra = st.order_n[p, r] - st.sj[p, r]
            if extra > 0:
                st.info[I_BOX] += extra
                st.ev[C_TO_BOX] += extra
        final_score(A.cards, A.space_area, A.area_public, st.order_col[p], st.order_rank[p],
                    st.sj[p], st.grunt_col[p], st.grunt_pos[p], st.ghost_at[p],
                    st.minion_pos[p], st.prophecy[p], st.arch[p], st.n_arch[p], st.tmp)
        st.bd[p, B_FINAL] = st.tmp[0]
        st.bd[p, B_PROPHECY] = st.tmp[1]
        st.bd[p, B_ARCH] = st.tmp[2]
        st.scores[p] = st.juice[p] + st.tmp[0] + st.tmp[1] + st.tmp[2]
        st.sev[p, S_FINAL_GRUNTS] += final_grunts(A, st, p)
        st.sev[p, S_MALICE_END] += st.malice[p]
        n = 0
        for g in range(MAX_GRUNTS):
            if st.grunt_col[p, g] >= 0:
                n += 1
        st.sev[p, S_GRUNTS] += n
    if dice_in_play(st) != 6 * A.dice_per_colour:  # trimmed dice are still counted in rows
        st.ev[C_DICE_BAD] += 1
    if A.mode == SOLO1:
        st.winners[0] = 1 if st.scores[0] >= A.target else 0
        return st.winners[0]
    if A.mode == SOLO2:
        if A.prophecy_bonus == 1:
            st.info[I_SJ_SCORE] += sj_prophecy_bonus(A.cards, A.prophecy_plus_one,
                                                     st.prophecy[0], st.tmp[1], st.order_col[0],
                                                     st.order_rank[0], st.sj[0])
        st.winners[0] = 1 if st.scores[0] > st.info[I_SJ_SCORE] else 0
        if st.winners[0] == 0:
            st.ev[C_SJ_WINS] += 1
        return st.winners[0]
    top = -(1 << 40)
    for p in range(P):
        top = max(top, st.scores[p])
    bf = -1
    bm = -1
    nt = 0
    for p in range(P):
        if st.scores[p] == top:
            nt += 1
            fg = final_grunts(A, st, p)
            if fg > bf or (fg == bf and st.malice[p] > bm):
                bf = fg
                bm = st.malice[p]
    if nt > 1:
        st.ev[C_TIEBREAK] += 1
    k = 0
    for p in range(P):
        w = st.scores[p] == top and final_grunts(A, st, p) == bf and st.malice[p] == bm
        st.winners[p] = 1 if w else 0
        k += st.winners[p]
    if k > 1:
        st.ev[C_SHARED] += 1
    return k


@rule
def play_game(A, st, lu, rng, agg):
    """A whole game: setup, the rounds (the running scores after each but the last: game
    shape), final scoring; returns the number of winners."""
    new_game(A, st, rng)
    for _ in range(A.rounds):
        st.info[I_ROUND] += 1
        play_round(A, st, lu, agg, rng)
        if st.info[I_ROUND] < A.rounds:   # game shape: the rounds before the last (shape.py)
            record_checkpoint(A, st, st.info[I_ROUND] - 1)
    k = final_scoring(A, st, lu, rng)
    st.ev[C_ROUNDS] += st.info[I_ROUND]
    st.ev[C_GAMES] += 1
    for c in range(6):
        st.ev[C_COURT_DICE] += st.court_dice[c]
    return k


@rule
def record_result(A, st, k, agg):
    """Add one finished game to the aggregates."""
    record_game(A, st, k, agg, A.rounds)
    if A.mode == SOLO2:
        agg.sj_hist[min(max(st.info[I_SJ_SCORE], 0), SCORE_BINS - 1)] += 1
    for a in range(st.aev.shape[0]):
        agg.actions[a, 0] += st.aev[a, 0]
        agg.actions[a, 1] += st.aev[a, 1]


@batch
def run_batch(A, st, lu, rng, seed, start, count, agg, rows):
    """Play games start..start+count-1 of ``seed``; per-game ``rows`` (``registry.GameRows``)
    when they have a row per game (first axis ``count``; 0: not kept), aggregates always. The
    rules below get the NamedTuples by reference (``ref.py``)."""
    play_batch(ref(A), ref(st), ref(lu), rng, seed, start, count, ref(agg), ref(rows))


@rule
def play_batch(A, st, lu, rng, seed, start, count, agg, rows):
    """:func:`run_batch`'s loop."""
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        k = play_game(A, st, lu, rng, agg)
        record_result(A, st, k, agg)
        record_game_shape(A, st, agg)
        if rows.score.shape[0] > 0:
            write_row(A, st, i, rows, A.rounds)
