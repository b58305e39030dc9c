"""Monsters on Board: the phases of a round a player plays (numba): the Draft (``draft_from``),
Grunt movement (``grunt_phase``), Swamp-Jack (``place_one`` / ``swamp_from``) and the Spook
phase (``spook_loop`` / ``spook_apply`` / ``spook_end``).

They are resumable (DESIGN.md): the game loop (``nb.py``) strings them together and the
lookahead bot continues a game from the middle of any of them.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monsters.bots_dice import decide_activate, decide_draft, decide_place
from simlab.games.monsters.bots_spook import decide_spook
from simlab.games.monsters.engine import (
    buy_arch,
    buy_ghost,
    gain_malice,
    ghost_target_ok,
    place_die,
    push_action,
    to_bag,
)
from simlab.games.monsters.perform import move_grunts, resolve, use_arch
from simlab.games.monsters.solo import discard_right, sj_buy, sj_select
from simlab.games.monsters.state import (
    C_ARCH_BOUGHT,
    C_GHOSTS_BOUGHT,
    C_ILLEGAL,
    C_PASSES,
    C_SJ_POINTS,
    C_SPOOK_TURNS,
    COLS,
    I_CARD,
    I_FIRST,
    I_JUST_COL,
    I_JUST_ROW,
    I_PASSES,
    I_SJ_SCORE,
    I_SPOOK_N,
    I_SPOOK_STAGE,
    I_UNSCORED,
    MALICE_BINS,
    S_ARCH,
    S_GHOSTS,
    S_PASSES,
    SOLO1,
    SOLO2,
    X_ARCH,
    X_GHOST,
    X_MALICE_DIE,
    X_PASS,
    X_ROW,
)


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
    st.ch[p, X_ROW + r] += 1
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
            st.ch[p, X_MALICE_DIE] += 1
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
            st.ch[p, X_GHOST] += 1
            return True
        st.ev[C_ILLEGAL] += 1
    elif x == 2:
        k = st.dec[0]
        if 0 <= k < 5 and st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            buy_arch(A, st, p, k)
            st.ev[C_ARCH_BOUGHT] += 1
            st.sev[p, S_ARCH] += 1
            st.ch[p, X_ARCH] += 1
            return True
        st.ev[C_ILLEGAL] += 1
    st.ev[C_PASSES] += 1
    st.sev[p, S_PASSES] += 1
    st.ch[p, X_PASS] += 1
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
