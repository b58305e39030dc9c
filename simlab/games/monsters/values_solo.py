"""Monsters on Board: the solo-2 player's view of the Spider Jack automaton (numba), for the
evaluating bots (greedy, prophet, weights; issue 38 section 3). In solo 2 the player wins only by
outscoring him, so a point he is denied counts like a point scored; each term has its weight in
the bot's parameter array and is read only in solo 2 (``A.mode == SOLO2``):

- ``sj_deny`` x what the die Spider Jack takes next from the car the player leaves is worth to
  him (:func:`sj_next_pick`): his next pick from that Fearmobile follows his card's next symbol
  (``solo.sj_select``) or is the last die left; a die is worth its rank plus his matching Court
  with it (``solo.court_points``: dice, Ghosts, multi-coloured Ghosts under
  ``multi_ghost_matches = every``, Grunts);
- ``sj_ghost`` x what the Ghost his un-scored die's rank takes is worth to him, against an
  average Ghost (:func:`sj_ghost_denial`), on the player's first Spook turn (his purchase
  follows it): ``court_ghost_points`` for each of his scored dice it will match (3 a round
  for the rounds left, the share of his Court's dice of its colour, every die for a
  multi-coloured Ghost that matches every colour);
- ``sj_pay`` x what the difficulty's payments give him: with Prophecy +1 he gains what the
  player's card could have scored but did not, so each point of Prophecy progress counts
  ``1 + sj_pay`` (:func:`prophecy_weight`); with Summoning +1 he gains the Summon scoring a
  too-low Spider Jack die misses, so a die a Feed keeps counts ``1 + sj_pay``
  (:func:`summon_weight`).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.actions import MULTI
from simlab.games.monsters.bot_base import W_PROPHECY, W_SJ_DENY, W_SJ_GHOST, W_SJ_PAY
from simlab.games.monsters.solo import court_points, sj_select
from simlab.games.monsters.state import I_CARD, I_ROUND, I_SPOOK_STAGE, I_UNSCORED, SOLO2


@rule
def prophecy_weight(A, w):
    """The weight of a point of Prophecy progress: ``prophecy``, times ``1 + sj_pay`` in solo 2
    under Prophecy +1 (he gains what the card misses)."""
    if A.mode == SOLO2 and A.prophecy_bonus != 0:
        return w[W_PROPHECY] * (1.0 + w[W_SJ_PAY])
    return w[W_PROPHECY]


@rule
def summon_weight(A, w):
    """The weight of a die a Feed keeps in its row: 1, or ``1 + sj_pay`` in solo 2 under
    Summoning +1 (he gains the Summon scoring a too-low Spider Jack die misses)."""
    if A.mode == SOLO2 and A.summoning != 0:
        return 1.0 + w[W_SJ_PAY]
    return 1.0


@rule
def sj_die_value(A, st, c, rank):
    """What a Lord die (colour c, rank) is worth to Spider Jack when he scores it now: its rank
    plus his matching Court with it added (``solo.court_points``)."""
    st.court_dice[c] += 1
    v = rank + court_points(A, st, c)
    st.court_dice[c] -= 1
    return float(v)


@rule
def sj_next_pick(A, st, f, k):
    """Solo 2: what the die Spider Jack takes next from Fearmobile f is worth to him
    (:func:`sj_die_value`) once the player has taken car position k. The player's pick of a
    round's step s (the car holds 4 - s dice) leaves the car to him for step s + 1: by his
    card's symbol s + 1, or the last die at step 3; nothing after the player's 4th pick."""
    n = 0
    for j in range(4):
        if st.fm_col[f, j] >= 0:
            n += 1
    step = 4 - n
    if step >= 3 or st.fm_col[f, k] < 0:
        return 0.0
    c0 = st.fm_col[f, k]
    st.fm_col[f, k] = -1
    if step < 2:
        j = sj_select(A, st, f, st.deck[st.info[I_CARD]], step + 1)
    else:
        j = -1
        for i in range(4):
            if j < 0 and st.fm_col[f, i] >= 0:
                j = i
    v = 0.0
    if j >= 0:
        c = st.fm_col[f, j]
        v = sj_die_value(A, st, c, A.face_rank[c, st.fm_face[f, j]])
    st.fm_col[f, k] = c0
    return v


@rule
def draft_denial(A, st, f, k, w):
    """Solo 2: ``sj_deny`` x :func:`sj_next_pick` of the player taking car position k of
    Fearmobile f (0 in the other modes)."""
    if A.mode != SOLO2 or w[W_SJ_DENY] == 0.0:
        return 0.0
    return w[W_SJ_DENY] * sj_next_pick(A, st, f, k)


@rule
def sj_ghost_worth(A, st, colour):
    """What a Ghost of ``colour`` in his Court is worth to Spider Jack for the rest of the
    game: ``court_ghost_points`` for each die he will score that it matches (3 a round for the
    rounds after this one; the share of his Court's dice of that colour, with one die of
    each colour as a prior; all of them for a multi-coloured Ghost that matches every colour,
    none for one that matches none)."""
    left = A.rounds - st.info[I_ROUND]
    if left <= 0:
        return 0.0
    if colour == MULTI:
        share = 1.0 if A.multi_matches == 1 else 0.0
    else:
        tot = 0
        for c in range(6):
            tot += st.court_dice[c]
        share = (st.court_dice[colour] + 1.0) / (tot + 6.0)
    return A.court_ghost_points * 3.0 * left * share


@rule
def sj_ghost_denial(A, st, pos, w):
    """Solo 2, the player's first Spook turn (``I_SPOOK_STAGE`` 0, before his purchase):
    ``sj_ghost`` x what the Ghost at market position ``pos`` is worth to him
    (:func:`sj_ghost_worth`) minus an average Ghost's (the one that refills the place: every
    Ghost's colour equally likely), when it is a position his un-scored die's rank takes
    (``solo.sj_buy``); 0 elsewhere."""
    if A.mode != SOLO2 or w[W_SJ_GHOST] == 0.0 or st.info[I_SPOOK_STAGE] != 0 or \
            st.info[I_UNSCORED] < 0:
        return 0.0
    k = st.info[I_UNSCORED]
    c = st.sj_col[k]
    if c < 0:
        return 0.0
    r = A.face_rank[c, st.sj_face[k]]
    a = 4 if r == 6 else 5 - r
    b = 0 if r == 6 else a
    g = st.gmarket[pos]
    if g < 0 or (pos != a and pos != b):
        return 0.0
    mean = 0.0
    for i in range(A.n_ghosts):
        mean += sj_ghost_worth(A, st, A.ghost_colour[i])
    mean /= A.n_ghosts
    return w[W_SJ_GHOST] * (sj_ghost_worth(A, st, A.ghost_colour[g]) - mean)
