"""Monsters on Board: the game loop (numba), regular game and solo modes 1 and 2.

``play_game`` strings the phases together (setup, 6 rounds of Arrival, Draft, Grunt movement,
Swamp-Jack, Spook, then final scoring) and ``run_batch`` plays games ``[start, start+count)`` of
a seed into the aggregates. Rule mechanics are in ``engine.py``, decisions in ``bots.py``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch
from simlab.core.rng import randint, seed_stream
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    MULTI,
)
from simlab.games.monsters.bots import (
    DRIVEWAY,
    decide_action,
    decide_activate,
    decide_arch,
    decide_draft,
    decide_place,
    decide_spook,
)
from simlab.games.monsters.bots_moves import decide_action_order, decide_grunt_order
from simlab.games.monsters.engine import (
    buy_arch,
    buy_ghost,
    call_spider_jack,
    check_board,
    dice_in_play,
    fill_fearmobile,
    final_grunts,
    free_for_piece,
    gain_juice,
    gain_malice,
    ghost_target_ok,
    move_in_order,
    move_minion,
    movers,
    place_die,
    push_action,
    refill_arch,
    refill_ghosts,
    remove_arch,
    to_bag,
)
from simlab.games.monsters.ref import ref, rule
from simlab.games.monsters.scoring import final_score, sj_prophecy_bonus
from simlab.games.monsters.shape import record_checkpoint, record_game_shape
from simlab.games.monsters.state import (
    B_ACTIONS,
    B_ARCH,
    B_FINAL,
    B_PROPHECY,
    C_ACTIONS_DONE,
    C_ACTIONS_SKIPPED,
    C_ARCH_BOUGHT,
    C_ARCH_USED,
    C_COURT_DICE,
    C_DICE_BAD,
    C_GAMES,
    C_GHOSTS_BOUGHT,
    C_GRUNT_BAD,
    C_ILLEGAL,
    C_MALICE_BAD,
    C_MINION_BAD,
    C_PASSES,
    C_ROUNDS,
    C_SHARED,
    C_SJ_DICE_SCORED,
    C_SJ_GHOSTS,
    C_SJ_POINTS,
    C_SJ_WINS,
    C_SOLO_DISCARD_A,
    C_SOLO_DISCARD_G,
    C_SPOOK_TURNS,
    C_TIEBREAK,
    C_TO_BOX,
    COLS,
    I_BOX,
    I_CARD,
    I_FIRST,
    I_GTOP,
    I_JUST_COL,
    I_JUST_ROW,
    I_NDECK,
    I_PASSES,
    I_ROUND,
    I_SJ_COLOUR,
    I_SJ_SCORE,
    I_SP,
    I_SPOOK_N,
    I_SPOOK_STAGE,
    I_UNSCORED,
    MALICE_BINS,
    MAX_GRUNTS,
    N_MINIONS,
    ROWS,
    S_ARCH,
    S_ARCH_USED,
    S_FINAL_GRUNTS,
    S_FIRST,
    S_GHOSTS,
    S_GRUNTS,
    S_MALICE_END,
    S_PASSES,
    SCORE_BINS,
    START,
)

SOLO1, SOLO2 = 2, 3


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
    # Prophecy: one random card each (distinct)
    for p in range(P):
        while True:
            k = randint(rng, A.n_prophecy)
            ok = True
            for q in range(p):
                if st.prophecy[q] == k:
                    ok = False
            if ok or A.n_prophecy < P:
                st.prophecy[p] = k
                break
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


# ------------------------------------------------------------------------------ actions
@rule
def perform(A, st, lu, p, a, j, just, rng):
    """Ask p's bot about one pending action and perform it (or skip it). Illegal targets are
    counted and the action is skipped."""
    if decide_action(A, st, lu, p, a, j, just, rng) == 0:
        st.ev[C_ACTIONS_SKIPPED] += 1
        st.aev[a, 1] += 1
        return
    st.ev[C_ACTIONS_DONE] += 1
    st.aev[a, 0] += 1
    d = st.dec
    if a == A_JUICE:
        gain_juice(st, p, j, B_ACTIONS)
    elif a == A_MALICE:
        gain_malice(A, st, p, max(j, 1))
    elif a == A_SWAP:
        r1, c1, r2, c2 = d[0], d[1], d[2], d[3]
        if r1 < 0 or r1 >= ROWS or r2 < 0 or r2 >= ROWS or c1 < 0 or c2 < 0 or \
                c1 >= st.order_n[p, r1] or c2 >= st.order_n[p, r2]:
            st.ev[C_ILLEGAL] += 1
            return
        tc = st.order_col[p, r1, c1]
        tr = st.order_rank[p, r1, c1]
        st.order_col[p, r1, c1] = st.order_col[p, r2, c2]
        st.order_rank[p, r1, c1] = st.order_rank[p, r2, c2]
        st.order_col[p, r2, c2] = tc
        st.order_rank[p, r2, c2] = tr
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
        st.info[I_JUST_ROW] = -1
        push_action(st, A.cards.m_back[card], A.cards.m_back_amount[card], 0)
        resolve(A, st, lu, p, rng)


# ------------------------------------------------------------------------------ phases
@rule
def take_die(A, st, p, f, k, pick):
    """p takes the die at car position k of Fearmobile f onto its Driveway (space ``pick``)."""
    c = st.fm_col[f, k]
    st.drv_col[p, pick] = c
    st.drv_face[p, pick] = st.fm_face[f, k]
    st.drv_moved[p, pick] = 0
    st.fm_col[f, k] = -1
    st.pick[p, pick, 0] += A.face_rank[c, st.fm_face[f, k]]
    n = 0
    for i in range(A.face_act.shape[2]):
        if A.face_act[c, st.fm_face[f, k], i] >= 0:
            n += 1
    st.pick[p, pick, 1] += n


@rule
def legal_slot(st, f, k):
    return 0 <= k < 4 and st.fm_col[f, k] >= 0


@rule
def first_die(st, f):
    for k in range(4):
        if st.fm_col[f, k] >= 0:
            return k
    return -1


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
def draft_from(A, st, lu, rng, step0, p0):
    """Draft: 4 picks each. Regular: every player picks from the Fearmobile in front, then the
    Fearmobiles pass left. Solo: the player picks, Spider Jack picks from the other Fearmobile by
    the face-up card's symbol, the Fearmobiles switch; he gets the last die left.
    Starts at pick ``step0`` with player ``p0`` (solo: ``p0`` 1 = Spider Jack's pick of that
    step; the lookahead bot resumes a draft with it)."""
    P = A.n_players
    if A.mode < SOLO1:
        for step in range(step0, 4):
            for p in range(p0 if step == step0 else 0, P):
                f = (p - step) % P
                k = decide_draft(A, st, lu, p, f, rng)
                if not legal_slot(st, f, k):
                    st.ev[C_ILLEGAL] += 1
                    k = first_die(st, f)
                take_die(A, st, p, f, k, step)
        return
    card = st.deck[st.info[I_CARD]]
    for step in range(step0, 4):
        f = step % 2
        if step != step0 or p0 == 0:
            k = decide_draft(A, st, lu, 0, f, rng)
            if not legal_slot(st, f, k):
                st.ev[C_ILLEGAL] += 1
                k = first_die(st, f)
            take_die(A, st, 0, f, k, step)
        g = 1 - f
        if step < 3:
            k = sj_select(A, st, g, card, step)
        else:
            k = first_die(st, g)
        st.sj_col[step] = st.fm_col[g, k]
        st.sj_face[step] = st.fm_face[g, k]
        st.fm_col[g, k] = -1


@rule(inline=True)
def draft(A, st, lu, rng):
    """The whole draft of a round (``draft_from`` the first pick)."""
    draft_from(A, st, lu, rng, 0, 0)


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


@rule(inline=True)
def grunt_phase(A, st, lu, p, rng):
    """Grunt movement: activate the 4 Driveway dice one at a time (the bot's order): move the
    matching Grunts, perform what they landed on; an Arch Monster may be discarded before and
    after each activation."""
    for _ in range(4):
        use_arch(A, st, lu, p, 0, rng)
        k = decide_activate(A, st, lu, p, rng)
        if k < 0 or k > 3 or st.drv_moved[p, k] == 1:
            st.ev[C_ILLEGAL] += 1
            k = 0
            while st.drv_moved[p, k] == 1:
                k += 1
        st.drv_moved[p, k] = 1
        st.info[I_JUST_ROW] = -1
        move_grunts(A, st, lu, p, st.drv_col[p, k], rng)
        resolve(A, st, lu, p, rng)
    use_arch(A, st, lu, p, 0, rng)


@rule
def place_one(A, st, lu, p, x, rng):
    """One Swamp-Jack placement ``x = k * 3 + row`` (an illegal one is counted and replaced by
    the first legal die and row): the die goes into the row, its icons are performed."""
    k = x // 3
    r = x % 3
    if x < 0 or k > 3 or st.drv_col[p, k] < 0 or st.order_n[p, r] >= COLS:
        st.ev[C_ILLEGAL] += 1
        k = 0
        while st.drv_col[p, k] < 0:
            k += 1
        r = 0
        while st.order_n[p, r] >= COLS:
            r += 1
    c = st.drv_col[p, k]
    f = st.drv_face[p, k]
    col = place_die(st, p, r, c, A.face_rank[c, f])
    st.drv_col[p, k] = -1
    st.info[I_JUST_ROW] = r
    st.info[I_JUST_COL] = col
    for i in range(A.face_act.shape[2] - 1, -1, -1):
        if A.face_act[c, f, i] >= 0:
            push_action(st, A.face_act[c, f, i], A.face_juice[c, f, i], 1)
    resolve(A, st, lu, p, rng)
    st.info[I_JUST_ROW] = -1
    use_arch(A, st, lu, p, 0, rng)


@rule
def swamp_from(A, st, lu, p, done, rng):
    """Swamp-Jack after ``done`` placements: the rest of the 3 dice into the leftmost empty spot
    of a row each, performing the die's icons right after placing it; the 4th gives Malice by
    the chart and goes to the bag; then Arch Monster discards."""
    for _ in range(done, 3):
        place_one(A, st, lu, p, decide_place(A, st, lu, p, rng), rng)
    for k in range(4):
        c = st.drv_col[p, k]
        if c >= 0:
            gain_malice(A, st, p, A.malice_chart[A.face_rank[c, st.drv_face[p, k]] - 1])
            st.drv_col[p, k] = -1
            to_bag(st, c)
    use_arch(A, st, lu, p, 0, rng)


@rule(inline=True)
def swamp_phase(A, st, lu, p, rng):
    """Swamp-Jack: 3 dice into the leftmost empty spot of a row each, performing the die's
    icons right after placing it; the 4th gives Malice by the chart and goes to the bag."""
    swamp_from(A, st, lu, p, 0, rng)


@rule
def spook_turn(A, st, lu, p, rng):
    """One Spook-phase turn of p (an Arch Monster may be discarded first): returns True if p
    bought something."""
    use_arch(A, st, lu, p, 0, rng)
    st.ev[C_SPOOK_TURNS] += 1
    return spook_apply(A, st, p, decide_spook(A, st, lu, p, rng))


@rule
def spook_apply(A, st, p, x):
    """Apply p's Spook-turn answer x (0 pass, 1 Ghost, 2 Arch Monster; targets in st.dec);
    an illegal purchase is counted and becomes a pass. Returns True if p bought something."""
    if x == 1:
        k = st.dec[0]
        t = st.dec[1]
        if 0 <= k < 5 and st.gmarket[k] >= 0 and A.ghost_cost[k] <= st.malice[p] and \
                ghost_target_ok(A, st, p, st.gmarket[k], t):
            buy_ghost(A, st, p, k, t)
            st.ev[C_GHOSTS_BOUGHT] += 1
            st.sev[p, S_GHOSTS] += 1
            return True
        st.ev[C_ILLEGAL] += 1
    elif x == 2:
        k = st.dec[0]
        if 0 <= k < 5 and st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            buy_arch(A, st, p, k)
            st.ev[C_ARCH_BOUGHT] += 1
            st.sev[p, S_ARCH] += 1
            return True
        st.ev[C_ILLEGAL] += 1
    st.ev[C_PASSES] += 1
    st.sev[p, S_PASSES] += 1
    return False


@rule
def spook_loop(A, st, lu, first, passes, rng):
    """Turns in clockwise order from ``first`` until all players pass consecutively (``passes``
    consecutive passes already made); returns the number of purchases. Before each turn
    ``st.info[I_PASSES]`` holds the consecutive passes and ``st.info[I_SPOOK_N]`` the
    purchases so far (bookkeeping for the lookahead bot)."""
    P = A.n_players
    p = first
    bought = 0
    base = st.info[I_SPOOK_N]
    while passes < P:
        st.info[I_PASSES] = passes
        st.info[I_SPOOK_N] = base + bought
        if spook_turn(A, st, lu, p, rng):
            passes = 0
            bought += 1
        else:
            passes += 1
        p = (p + 1) % P
    st.info[I_SPOOK_N] = base + bought
    return bought


@rule
def spook_until_passes(A, st, lu, first, rng):
    """Turns in clockwise order from ``first`` until all players pass consecutively; returns
    the number of purchases."""
    st.info[I_SPOOK_N] = 0
    return spook_loop(A, st, lu, first, 0, rng)


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


@rule
def spook_end(A, st, agg):
    """End of the Spook phase: solo 1 discards (1 card each if the player bought, else 2), solo
    2's un-scored die; the Malice histogram."""
    if A.mode == SOLO1:
        discard_right(A, st, 1 if st.info[I_SPOOK_N] > 0 else 2)
    elif A.mode == SOLO2:
        k = st.info[I_UNSCORED]
        c = st.sj_col[k]
        if A.unscored == 0:
            to_bag(st, c)
        else:
            if A.unscored == 2:
                pts = A.face_rank[c, st.sj_face[k]]
                st.info[I_SJ_SCORE] += pts
                st.ev[C_SJ_POINTS] += pts
            st.court_dice[c] += 1
        st.sj_col[k] = -1
    for p in range(A.n_players):
        agg.malice_hist[p, min(max(st.malice[p], 0), MALICE_BINS - 1)] += 1


@rule(inline=True)
def spook_phase(A, st, lu, agg, rng):
    """Spook phase of the mode in play (``st.info[I_SPOOK_STAGE]``: 0 during solo 2's single
    first turn, 1 in the turns until everyone passes)."""
    if A.mode < SOLO1:
        st.info[I_SPOOK_STAGE] = 1
        spook_until_passes(A, st, lu, st.info[I_FIRST], rng)
    elif A.mode == SOLO1:
        st.info[I_SPOOK_STAGE] = 1
        spook_until_passes(A, st, lu, 0, rng)
    else:
        st.info[I_SPOOK_STAGE] = 0
        st.info[I_SPOOK_N] = 0
        st.info[I_PASSES] = 0
        spook_turn(A, st, lu, 0, rng)
        sj_buy(A, st)
        st.info[I_SPOOK_STAGE] = 1
        spook_until_passes(A, st, lu, 0, rng)
    spook_end(A, st, agg)


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
        fill_fearmobile(st, f, rng)
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
    P = A.n_players
    for i in range(st.ev.shape[0]):
        agg.counters[i] += st.ev[i]
    for q in range(P):
        for j in range(st.sev.shape[1]):
            agg.seat[q, j] += st.sev[q, j]
        for j in range(st.bd.shape[1]):
            agg.breakdown[q, j] += st.bd[q, j]
        for i in range(st.pick.shape[1]):
            agg.draft[q, i, 0] += A.rounds
            agg.draft[q, i, 1] += st.pick[q, i, 0]
            agg.draft[q, i, 2] += st.pick[q, i, 1]
        if st.winners[q]:
            agg.wins[q, k] += 1
        s = st.scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1
    if A.mode == SOLO2:
        agg.sj_hist[min(max(st.info[I_SJ_SCORE], 0), SCORE_BINS - 1)] += 1
    for a in range(st.aev.shape[0]):
        agg.actions[a, 0] += st.aev[a, 0]
        agg.actions[a, 1] += st.aev[a, 1]


@batch
def run_batch(A, st, lu, rng, seed, start, count, agg, row_scores, row_winners):
    """Play games start..start+count-1 of ``seed``; per-game rows when the row arrays are
    non-empty (shape (count, P)), aggregates always. The rules below get the NamedTuples by
    reference (``ref.py``)."""
    play_batch(ref(A), ref(st), ref(lu), rng, seed, start, count, ref(agg), row_scores,
               row_winners)


@rule
def play_batch(A, st, lu, rng, seed, start, count, agg, row_scores, row_winners):
    """:func:`run_batch`'s loop."""
    P = A.n_players
    keep = row_scores.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        k = play_game(A, st, lu, rng, agg)
        record_result(A, st, k, agg)
        record_game_shape(A, st, agg)
        if keep:
            for q in range(P):
                row_scores[i, q] = st.scores[q]
                row_winners[i, q] = st.winners[q] == 1
