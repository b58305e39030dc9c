"""Monsters on Board: performing actions (numba): a pending action with its targets (``perform``), a Grunt
movement and the actions its Grunts land on (``move_grunts``), the pending-action stack
(``resolve``) and Arch Monster discards at a decision point (``use_arch``).

The rulebook's back page ("Actions") and "Discard Arch Monster Card"; the mechanics are in
``engine.py``, the choices in the bots' modules.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
)
from simlab.games.monsters.bot_base import DRIVEWAY
from simlab.games.monsters.bots_actions import decide_action
from simlab.games.monsters.bots_moves import decide_action_order, decide_grunt_order
from simlab.games.monsters.bots_spook import decide_arch
from simlab.games.monsters.engine import (
    call_spider_jack,
    free_for_piece,
    gain_juice,
    gain_malice,
    move_in_order,
    move_minion,
    movers,
    push_action,
    remove_arch,
    spots_held,
    swap_dice,
)
from simlab.games.monsters.state import (
    B_ACTIONS,
    C_ACTIONS_DONE,
    C_ACTIONS_SKIPPED,
    C_ARCH_USED,
    C_ILLEGAL,
    I_JUST_COL,
    I_JUST_ROW,
    I_SP,
    N_MINIONS,
    ROWS,
    S_ARCH_USED,
    X_CALL,
    X_DEMOTE,
    X_DISCARD,
    X_FEED,
    X_GRUNT,
    X_JUICE,
    X_MALICE,
    X_MINION,
    X_PROMOTE,
    X_SKIP,
    X_SWAP,
)


@rule
def choice_of(a, dd):
    """The ``CHOICE_NAMES`` index of performing action ``a`` (Promote/Demote by its direction
    ``dd``, ``st.dec[2]`` of either target); -1 for one no bot performs (gain Grunt)."""
    if a == A_SWAP:
        return X_SWAP
    if a == A_PROMOTE:
        return X_PROMOTE if dd > 0 else X_DEMOTE
    if a == A_MINION:
        return X_MINION
    if a == A_GRUNT:
        return X_GRUNT
    if a == A_JUICE:
        return X_JUICE
    if a == A_CALL:
        return X_CALL
    if a == A_FEED:
        return X_FEED
    if a == A_MALICE:
        return X_MALICE
    return -1


@rule
def perform(A, st, lu, p, a, j, just, rng):
    """Ask p's bot about one pending action and perform it (or skip it). Illegal targets are
    counted and the action is skipped."""
    if decide_action(A, st, lu, p, a, j, just, rng) == 0:
        st.ev[C_ACTIONS_SKIPPED] += 1
        st.aev[a, 1] += 1
        st.ch[p, X_SKIP] += 1
        return
    st.ev[C_ACTIONS_DONE] += 1
    st.aev[a, 0] += 1
    d = st.dec
    x = choice_of(a, d[2])
    if x >= 0:
        st.ch[p, x] += 1
    if a == A_JUICE:
        gain_juice(st, p, j, B_ACTIONS)
    elif a == A_MALICE:
        gain_malice(A, st, p, max(j, 1))
    elif a == A_SWAP:
        r1, c1, r2, c2 = d[0], d[1], d[2], d[3]
        if not spots_held(st, p, r1, c1, r2, c2):
            st.ev[C_ILLEGAL] += 1
            return
        swap_dice(st, p, r1, c1, r2, c2)
        # the die just placed (which Promote may not change) moves with the swap
        if r1 == st.info[I_JUST_ROW] and c1 == st.info[I_JUST_COL]:
            st.info[I_JUST_ROW], st.info[I_JUST_COL] = r2, c2
        elif r2 == st.info[I_JUST_ROW] and c2 == st.info[I_JUST_COL]:
            st.info[I_JUST_ROW], st.info[I_JUST_COL] = r1, c1
    elif a == A_PROMOTE and d[0] == DRIVEWAY:
        k, dd, f2 = d[1], d[2], d[3]  # a Driveway die turns to face f2 (its rank +- 1)
        if k < 0 or k > 3 or st.drv_col[p, k] < 0 or (dd != 1 and dd != -1) or f2 < 0 or \
                f2 >= A.face_rank.shape[1] or \
                A.face_rank[st.drv_col[p, k], f2] != A.face_rank[st.drv_col[p, k],
                                                                 st.drv_face[p, k]] + dd:
            st.ev[C_ILLEGAL] += 1
            return
        st.drv_face[p, k] = f2
    elif a == A_PROMOTE:
        r, c, dd = d[0], d[1], d[2]
        if r < 0 or r >= ROWS or c < 0 or c >= st.order_n[p, r] or (dd != 1 and dd != -1) or \
                (just == 1 and r == st.info[I_JUST_ROW] and c == st.info[I_JUST_COL]):
            st.ev[C_ILLEGAL] += 1
            return
        nr = st.order_rank[p, r, c] + dd
        if nr < 1 or nr > 6:
            st.ev[C_ILLEGAL] += 1
            return
        st.order_rank[p, r, c] = nr
    elif a == A_MINION:
        m, s = d[0], d[1]
        if m < 0 or m >= N_MINIONS or s < 0 or s >= A.n_spaces or not free_for_piece(st, p, s):
            st.ev[C_ILLEGAL] += 1
            return
        move_minion(st, p, m, s)
    elif a == A_GRUNT:
        if d[0] < 0 or d[0] > 5:
            st.ev[C_ILLEGAL] += 1
            return
        move_grunts(A, st, lu, p, d[0], rng)
    elif a == A_CALL:
        if d[0] < 0 or d[0] >= ROWS:
            st.ev[C_ILLEGAL] += 1
            return
        call_spider_jack(A, st, p, d[0])
    elif a == A_FEED:
        if d[0] < 0 or d[0] >= ROWS:
            st.ev[C_ILLEGAL] += 1
            return
        if st.sj[p, d[0]] < A.sj_max:
            st.sj[p, d[0]] += 1


@rule
def move_grunts(A, st, lu, p, c, rng):
    """Rulebook: "Move each of your Grunts (in any order you choose) - that match the die's
    color - to the next matching-colored Town space", then "Perform the Action(s) each Grunt
    just ended their movement on ... in any order": p's bot orders the Grunts and then the
    actions (``bots_moves``); the actions are pushed so that the first is performed first.
    Returns the number of Grunts moved."""
    n = movers(A, st, p, c, st.perm)
    if n > 1:
        decide_grunt_order(A, st, lu, p, c, n, rng)
    m = move_in_order(A, st, p, c, n)
    if m > 1:
        decide_action_order(A, st, lu, p, m, rng)
    for i in range(m - 1, -1, -1):
        push_action(st, st.lact[i], st.ljuice[i], 0)
    return n


@rule
def resolve(A, st, lu, p, rng):
    """Perform the pending actions, last pushed first, until none is left."""
    while st.info[I_SP] > 0:
        sp = st.info[I_SP] - 1
        st.info[I_SP] = sp
        perform(A, st, lu, p, st.stk_act[sp], st.stk_juice[sp], st.stk_just[sp], rng)


@rule
def use_arch(A, st, lu, p, final, rng):
    """Arch Monster discards at a decision point: while p's bot names a card, box it and
    perform its back action."""
    while st.n_arch[p] > 0:
        i = decide_arch(A, st, lu, p, final, rng)
        if i < 0 or i >= st.n_arch[p]:
            break
        card = remove_arch(st, p, i)
        st.ev[C_ARCH_USED] += 1
        st.sev[p, S_ARCH_USED] += 1
        st.ch[p, X_DISCARD] += 1
        st.info[I_JUST_ROW] = -1
        push_action(st, A.cards.m_back[card], A.cards.m_back_amount[card], 0)
        resolve(A, st, lu, p, rng)
