"""Monsters on Board: the Spider Jack automaton of the solo modes (numba): his draft pick by the
face-up card's symbols (``sj_select``), solo 2's dice scoring and Court (``sj_score_dice``,
``court_points``), his Spook-phase purchase (``sj_buy``) and solo 1's market discards
(``discard_right``). Rulebook "Solo Rules".
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.actions import MULTI
from simlab.games.monsters.engine import refill_arch, refill_ghosts
from simlab.games.monsters.state import (
    C_SJ_DICE_SCORED,
    C_SJ_GHOSTS,
    C_SJ_POINTS,
    C_SOLO_DISCARD_A,
    C_SOLO_DISCARD_G,
    I_SJ_SCORE,
    I_UNSCORED,
)


@rule(inline=True)
def sj_select(A, st, f, card, sym):
    """Spider Jack's pick from Fearmobile f by symbol ``sym`` of ``card``: the symbol's colour
    (white, or none of it there: any), then highest / lowest rank, then closest to the front."""
    want = A.card_col[card, sym]
    high = A.card_high[card, sym]
    has = False
    if want >= 0:
        for k in range(4):
            if st.fm_col[f, k] == want:
                has = True
    best = -1
    br = 0
    for k in range(4):  # position 0 is the front of the car
        c = st.fm_col[f, k]
        if c < 0 or (has and c != want):
            continue
        r = A.face_rank[c, st.fm_face[f, k]]
        if best < 0 or (high == 1 and r > br) or (high == 0 and r < br):
            best = k
            br = r
    return best


@rule
def court_points(A, st, c):
    """Spider Jack's Court score for colour c: dice 1, Ghosts 2 (multi-coloured ones match
    every colour, or none: ``multi_ghost_matches``), Grunt figures 3 each."""
    return (A.court_die_points * st.court_dice[c]
            + A.court_ghost_points * (st.court_ghost[c] + A.multi_matches * st.court_ghost[MULTI])
            + A.court_grunt_points * st.court_grunt[c])


@rule
def sj_score_dice(A, st):
    """Solo 2: Spider Jack scores 3 of his 4 dice, highest rank first (ties: the one whose
    matching Court scores more, then the earlier pick): its rank, then it joins his Court and
    he scores the matching Court. The last one stays un-scored."""
    for _ in range(3):
        best = -1
        br = 0
        bc = 0
        for k in range(4):
            c = st.sj_col[k]
            if c < 0:
                continue
            r = A.face_rank[c, st.sj_face[k]]
            st.court_dice[c] += 1
            cp = court_points(A, st, c)
            st.court_dice[c] -= 1
            if best < 0 or r > br or (r == br and cp > bc):
                best = k
                br = r
                bc = cp
        c = st.sj_col[best]
        st.court_dice[c] += 1
        pts = br + court_points(A, st, c)
        st.info[I_SJ_SCORE] += pts
        st.ev[C_SJ_POINTS] += pts
        st.ev[C_SJ_DICE_SCORED] += 1
        st.sj_col[best] = -1
    for k in range(4):
        if st.sj_col[k] >= 0:
            st.info[I_UNSCORED] = k


@rule
def sj_buy(A, st):
    """Solo 2: Spider Jack buys the Ghost at position = rank of his un-scored die counted from
    the right (rank 6: positions 1 and 5), then the Arch Monsters there are discarded."""
    k = st.info[I_UNSCORED]
    r = A.face_rank[st.sj_col[k], st.sj_face[k]]
    a = 4 if r == 6 else 5 - r   # position #r counted from the right (#1 = index 4)
    b = 0 if r == 6 else a       # rank 6: positions #1 and #5
    for pos in (a, b):
        g = st.gmarket[pos]
        if g >= 0:
            st.court_ghost[A.ghost_colour[g]] += 1
            st.gmarket[pos] = -1
            st.ev[C_SJ_GHOSTS] += 1
    refill_ghosts(st)
    for pos in (a, b):
        if st.amarket[pos] >= 0:
            st.amarket[pos] = -1
    refill_arch(A, st)


@rule(inline=True)
def discard_right(A, st, n):
    """Solo 1: discard the rightmost n Ghosts and n Arch Monsters (then refill)."""
    for _ in range(n):
        for k in range(4, -1, -1):
            if st.gmarket[k] >= 0:
                st.gmarket[k] = -1
                st.ev[C_SOLO_DISCARD_G] += 1
                break
        refill_ghosts(st)
        for k in range(4, -1, -1):
            if st.amarket[k] >= 0:
                st.amarket[k] = -1
                st.ev[C_SOLO_DISCARD_A] += 1
                break
        refill_arch(A, st)
