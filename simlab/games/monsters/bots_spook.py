"""Monsters on Board: the bots' Spook-phase turns and Arch Monster discards (numba):
pass or buy a Ghost (and where it goes) or an Arch Monster (:func:`decide_spook`), and which
card to discard for its back action (:func:`decide_arch`); ``bots.py`` documents them.
"""

from __future__ import annotations

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import randint, uniform
from simlab.games.monsters.actions import A_MALICE, MULTI
from simlab.games.monsters.bot_base import (
    ARCH_OPTION,
    BOT_FIRST,
    BOT_LOOKAHEAD,
    BOT_RANDOM,
    KIND_ARCH,
    KIND_ARCH_FINAL,
    KIND_SPOOK,
    TIE,
    W_ARCH,
    W_COST,
    argmax_step,
    ask_look,
    custom_best,
    jitter,
)
from simlab.games.monsters.cards import M_SINGLE_GRUNT
from simlab.games.monsters.engine import can_place_ghost, free_for_piece, next_space
from simlab.games.monsters.state import MAX_GRUNTS
from simlab.games.monsters.values import (
    arch_gain,
    card_points,
    game_left,
    ghost_value,
    held_score,
    icon_value,
)
from simlab.games.monsters.values_solo import sj_ghost_denial


@rule
def ghost_target(A, st, p, g, rng):
    """Where p puts Ghost g: a gain-Grunt spot (the first empty one: they are all alike), or
    the free matching space that the rearmost matching Grunt will land on next (Grunts equally
    far behind, e.g. on their starting spots: one drawn from the stream ``rng``), else the first
    legal space along the path; -1 if none."""
    if A.ghost_gain[g] == 1:
        return can_place_ghost(A, st, p, g)
    S = A.n_spaces
    col = A.ghost_colour[g]
    bpos = S + 1
    best = -1
    n = 0
    for i in range(MAX_GRUNTS):
        c = st.grunt_col[p, i]
        if c >= 0 and st.grunt_pos[p, i] < S and (col == MULTI or c == col):
            s = next_space(A, st, p, st.grunt_pos[p, i], c)
            if s < S and st.ghost_at[p, s] < 0:
                if st.grunt_pos[p, i] < bpos:
                    bpos = st.grunt_pos[p, i]
                    best = s
                    n = 1
                elif st.grunt_pos[p, i] == bpos:
                    n += 1
                    if randint(rng, n) == 0:
                        best = s
    if best >= 0:
        return best
    return can_place_ghost(A, st, p, g)


@rule
def spook_code(A, st, p, x, rng):
    """Turn a lookahead Spook choice (0 pass, 1 + k Ghost at k, 6 + k Arch Monster at k) into
    decide_spook's answer (targets in st.dec; a Ghost's by :func:`ghost_target`)."""
    if x == 0:
        return 0
    if x <= 5:
        st.dec[0] = x - 1
        st.dec[1] = ghost_target(A, st, p, st.gmarket[x - 1], rng)
        return 1
    st.dec[0] = x - 6
    return 2


@rule
def custom_spook(A, st, lu, p, rng):
    """A custom bot's Spook turn: pass (option 0, scored first), a Ghost on a legal target, an
    Arch Monster (module docstring); ties from the game's stream."""
    w = lu.params[p]
    bv = lu.custom(A, st, p, KIND_SPOOK, 0, w)
    best = 0
    nt = 1
    for k in range(5):
        g = st.gmarket[k]
        if g >= 0 and A.ghost_cost[k] <= st.malice[p]:
            if A.ghost_gain[g] == 1:
                for t in range(A.gain_spots):
                    if st.gain_spot[p, t] < 0:
                        bv, best, nt = custom_best(A, st, lu, p, KIND_SPOOK, 1 + k * 64 + t, bv,
                                                   best, nt, rng)
            else:
                col = A.ghost_colour[g]
                for t in range(A.n_spaces):
                    if free_for_piece(st, p, t) and (col == MULTI or A.space_colour[t] == col):
                        bv, best, nt = custom_best(A, st, lu, p, KIND_SPOOK, 1 + k * 64 + t, bv,
                                                   best, nt, rng)
    for k in range(5):
        if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            bv, best, nt = custom_best(A, st, lu, p, KIND_SPOOK, ARCH_OPTION + k, bv, best,
                                       nt, rng)
    if best == 0:
        return 0
    if best >= ARCH_OPTION:
        st.dec[0] = best - ARCH_OPTION
        return 2
    st.dec[0] = (best - 1) // 64
    st.dec[1] = (best - 1) % 64
    return 1


@rule
def first_spook(A, st, p):
    """The ``first`` bot's Spook turn: the first affordable Ghost on its first legal place,
    else the first affordable Arch Monster, else a pass."""
    for k in range(5):
        g = st.gmarket[k]
        if g >= 0 and A.ghost_cost[k] <= st.malice[p]:
            t = can_place_ghost(A, st, p, g)
            if t >= 0:
                st.dec[0] = k
                st.dec[1] = t
                return 1
    for k in range(5):
        if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            st.dec[0] = k
            return 2
    return 0


@rule  # asked by the reference engine (through its twin)
def decide_spook(A, st, lu, p, rng):
    """0 pass, 1 buy a Ghost (st.dec[0] position, st.dec[1] target), 2 buy an Arch Monster
    (st.dec[0] position)."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        return custom_spook(A, st, lu, p, rng)
    if bid == BOT_FIRST:
        return first_spook(A, st, p)
    if bid == BOT_LOOKAHEAD:
        x = ask_look(A, st, lu, p, KIND_SPOOK, 0, rng)
        if x >= 0:
            return spook_code(A, st, p, x, rng)
    if bid == BOT_RANDOM:
        n = 0
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                n += 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
                n += 1
        if n == 0 or uniform(rng) < 0.5:
            return 0
        i = randint(rng, n)
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                if i == 0:
                    st.dec[0] = k
                    st.dec[1] = ghost_target(A, st, p, g, rng)
                    return 1
                i -= 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
                if i == 0:
                    st.dec[0] = k
                    return 2
                i -= 1
        return 0
    best = 0
    bk = 0
    bv = 0.0  # passing
    nt = 0
    for k in range(5):
        g = st.gmarket[k]
        if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
            v = ghost_value(A, st, p, g, w) + sj_ghost_denial(A, st, k, w) - \
                w[W_COST] * A.ghost_cost[k] + jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = 1
                bk = k
                if nt == 1:
                    bv = v
        if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            v = arch_gain(A, st, p, st.amarket[k], w) - w[W_COST] * A.arch_cost[k] + \
                jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = 2
                bk = k
                if nt == 1:
                    bv = v
    if best > 0:
        st.dec[0] = bk
    if best == 1:
        st.dec[1] = ghost_target(A, st, p, st.gmarket[bk], rng)
    return best


@rule  # asked by the reference engine (through its twin)
def decide_arch(A, st, lu, p, final, rng):
    """Index of the Arch Monster card p discards now for its back action (-1: none), asked at
    every decision point of p's (``final`` 1: just before final scoring). Evaluating bots
    discard the card whose back action (``icon_value`` now; Malice is worthless at final
    scoring) is worth most above what the card is worth kept: the points its condition gives
    on the current position plus ``arch`` x the share of the game left (:func:`arch_gain`'s
    measure); random: a uniform card with probability 1/10 at a decision point during the game
    (about once a round) and 1/4 at final scoring."""
    n = st.n_arch[p]
    if n == 0:
        return -1
    if lu.ids[p] == BOT_FIRST:
        return 0
    if lu.ids[p] == CUSTOM_ID:
        kind = KIND_ARCH_FINAL if final == 1 else KIND_ARCH
        bv = lu.custom(A, st, p, kind, 0, lu.params[p])
        best = 0
        nt = 1
        for i in range(n):
            bv, best, nt = custom_best(A, st, lu, p, kind, 1 + i, bv, best, nt, rng)
        return best - 1
    if lu.ids[p] == BOT_RANDOM:
        if uniform(rng) < (0.25 if final == 1 else 0.1):
            return randint(rng, n)
        return -1
    w = lu.params[p]
    left = w[W_ARCH] * game_left(A, st, final)
    # a card kept is worth at least ``left`` (its own points are never negative): when no back
    # action beats that, none is discarded and nothing is drawn (argmax_step), so skip the scoring
    worth = False
    for i in range(n):
        card = st.arch[p, i]
        back = icon_value(A, st, p, A.cards.m_back[card], A.cards.m_back_amount[card], w)
        if not (final == 1 and A.cards.m_back[card] == A_MALICE) and back - left > TIE:
            worth = True
    if not worth:
        return -1
    now = -1
    best = -1
    bv = 0.0  # keeping every card
    nt = 0
    for i in range(n):
        card = st.arch[p, i]
        back = icon_value(A, st, p, A.cards.m_back[card], A.cards.m_back_amount[card], w)
        if final == 1 and A.cards.m_back[card] == A_MALICE:
            back = 0.0
        if A.cards.m_kind[card] == M_SINGLE_GRUNT:
            if now < 0:
                now = held_score(A, st, p, -1, -1)
            kept = now - held_score(A, st, p, i, -1)
        else:
            kept = card_points(A, st, p, card)
        v = back - (kept + left)
        take, nt = argmax_step(v, bv, nt, rng)
        if take:
            best = i
            if nt == 1:
                bv = v
    return best
