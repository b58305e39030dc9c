"""Monsters on Board: rule mechanics (numba ``rule`` helpers, no decisions).

Each helper implements one rule of the rulebook on a :class:`~.state.MonstersState`; the game
loop in ``nb.py`` asks the bots (``bots.py``) for decisions and applies them with these helpers.
Everything here is also callable from plain Python (the rule tests call it on hand-built states).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.core.rng import randint
from simlab.games.monsters.actions import A_GAIN_GRUNT, MULTI, SUMMON
from simlab.games.monsters.state import (
    B_PROPHECY,
    B_SUMMON,
    C_EMPTY_MARKET,
    C_FINAL_ARRIVALS,
    C_GAIN_GRUNTS,
    C_GRUNT_MOVES,
    C_MALICE_BAD,
    C_NO_GRUNT,
    C_SUMMON_MISSED,
    C_SUMMONS,
    C_TO_BAG,
    COLS,
    E_BEAT,
    E_FILLED,
    E_LAST_ROUND,
    E_LOST,
    E_TARGET_MET,
    E_TARGET_MISSED,
    FAMILY,
    GAIN_SPOT,
    I_ATOP,
    I_GTOP,
    I_SJ_SCORE,
    I_SP,
    MAX_GRUNTS,
    N_MINIONS,
    ROWS,
    S_MALICE_GAINED,
    S_MALICE_SPENT,
    S_MALICE_WASTED,
    S_SUMMONS,
    SOLO1,
    SOLO2,
    SRC_AREA12,
    SRC_ROWS,
    STACK,
    START,
)


# ------------------------------------------------------------------------------ dice
@rule
def draw_die(st, rng, drawn):
    """Draw one random Lord die from the bag (uniform over the dice in it): its colour; counted
    in ``st.ev[drawn]`` (the mode's counter of dice drawn: regular and family modes share this
    rule, each with its own counters)."""
    total = 0
    for c in range(6):
        total += st.bag[c]
    k = randint(rng, total)
    for c in range(6):
        if k < st.bag[c]:
            st.bag[c] -= 1
            st.ev[drawn] += 1
            return c
        k -= st.bag[c]
    return -1


@rule
def to_bag(st, c):
    """Return a die of colour c to the bag."""
    st.bag[c] += 1
    st.ev[C_TO_BAG] += 1


@rule(inline=True)
def fill_fearmobile(st, f, rng, drawn):
    """Arrival: 4 random dice from the bag, rolled, into car positions 0 (front) .. 3 (both
    modes: "Each player draws 4 random Lord dice ... they roll and place them in their
    Fearmobile"; ``drawn`` as in :func:`draw_die`)."""
    for k in range(4):
        c = draw_die(st, rng, drawn)
        st.fm_col[f, k] = c
        st.fm_face[f, k] = randint(rng, 6)


@rule
def deal_prophecy(A, st, rng):
    """Setup: "each player takes one [Prophecy card] randomly": one card each, distinct unless
    there are fewer cards than players (both modes)."""
    P = A.n_players
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


@rule
def dice_in_play(st):
    """Lord dice outside the bag and the box (Fearmobiles, Driveways, Orders, cards, Court)."""
    n = 0
    for f in range(st.fm_col.shape[0]):
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                n += 1
    for p in range(st.drv_col.shape[0]):
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                n += 1
        for r in range(ROWS):
            n += st.order_n[p, r]
    for k in range(4):
        if st.sj_col[k] >= 0:
            n += 1
    for c in range(6):
        n += st.court_dice[c] + st.bag[c]
    return n


# ------------------------------------------------------------------------------ Malice, Juice
@rule
def gain_malice(A, st, p, n):
    """Gain n Malice; any Malice above the cap is lost (counted as wasted)."""
    room = A.malice_cap - st.malice[p]
    got = min(n, room)
    st.malice[p] += got
    st.sev[p, S_MALICE_GAINED] += got
    st.sev[p, S_MALICE_WASTED] += n - got
    if st.malice[p] < 0 or st.malice[p] > A.malice_cap:
        st.ev[C_MALICE_BAD] += 1


@rule
def spend_malice(A, st, p, n):
    """Lower the Malice tracker by n (a purchase)."""
    st.malice[p] -= n
    st.sev[p, S_MALICE_SPENT] += n
    if st.malice[p] < 0:
        st.ev[C_MALICE_BAD] += 1


@rule
def gain_juice(st, p, n, source):
    """Gain n Spook Juice from ``source`` (B_ACTIONS or B_SUMMON)."""
    st.juice[p] += n
    st.bd[p, source] += n


# ------------------------------------------------------------------------------ Town
@rule
def next_space(A, st, p, pos, c):
    """The next free space of colour c after position ``pos`` (start or gain-Grunt spot: from
    the beginning of the path), skipping spaces with a Minion or a Grunt; S (the final area)
    if none is left."""
    s = A.col_next[pos + 1 if pos >= 0 else 0, c]
    while s < A.n_spaces and st.occ[p, s] != 0:
        s = A.col_after[s]
    return s


@rule
def push_action(st, act, juice, just):
    """Put an action on the pending stack (performed next, before what is under it)."""
    sp = st.info[I_SP]
    if sp < STACK:
        st.stk_act[sp] = act
        st.stk_juice[sp] = juice
        st.stk_just[sp] = just
        st.info[I_SP] = sp + 1


@rule
def movers(A, st, p, c, out):
    """Rulebook: "if you have multiple of the same color, you must move each of them": the slots
    of p's Grunts of colour c that can move (not in the final area) into ``out``, in slot
    order; returns how many."""
    n = 0
    for g in range(MAX_GRUNTS):
        if st.grunt_col[p, g] == c and st.grunt_pos[p, g] < A.n_spaces:
            out[n] = g
            n += 1
    return n


@rule
def move_one(A, st, p, g, c):
    """Rulebook: move a Grunt "to the next matching-colored Town space" without a Minion or
    Grunt (the final area if none): Grunt slot g of colour c; returns where it lands."""
    S = A.n_spaces
    pos = st.grunt_pos[p, g]
    s = next_space(A, st, p, pos, c)
    if pos >= 0:
        st.occ[p, pos] = 0
    st.grunt_pos[p, g] = s
    st.ev[C_GRUNT_MOVES] += 1
    if s < S:
        st.occ[p, s] = 2
    else:
        st.ev[C_FINAL_ARRIVALS] += 1
    return s


@rule
def collect_space_actions(A, st, p, s, n):
    """Rulebook: "Perform the Action(s) each Grunt just ended their movement on (those printed
    on the board or on Ghosts)": append path space s's actions (printed icons, then its
    Ghost's; a gain-Grunt icon acts only when bought) to ``st.lact``/``st.ljuice`` from index
    n; returns the new length."""
    for k in range(A.space_act.shape[1]):
        a = A.space_act[s, k]
        if a >= 0 and n < st.lact.shape[0]:
            st.lact[n] = a
            st.ljuice[n] = A.space_juice[s, k]
            n += 1
    g = st.ghost_at[p, s]
    if g >= 0:
        for k in range(A.ghost_act.shape[1]):
            a = A.ghost_act[g, k]
            if a >= 0 and a != A_GAIN_GRUNT and n < st.lact.shape[0]:
                st.lact[n] = a
                st.ljuice[n] = A.ghost_juice[g, k]
                n += 1
    return n


@rule
def move_in_order(A, st, p, c, n):
    """Move the n Grunts of colour c listed in ``st.perm[:n]`` once each, in that order, and
    collect the actions they landed on, in that order (``collect_space_actions``); returns how
    many actions were collected."""
    S = A.n_spaces
    m = 0
    for i in range(n):
        s = move_one(A, st, p, st.perm[i], c)
        if s < S:
            m = collect_space_actions(A, st, p, s, m)
    return m


@rule
def count_colour(A, st, p, c):
    """Grunts of colour c not yet in the final area."""
    n = 0
    for g in range(MAX_GRUNTS):
        if st.grunt_col[p, g] == c and st.grunt_pos[p, g] < A.n_spaces:
            n += 1
    return n


@rule
def final_grunts(A, st, p):
    """Grunts in p's final area."""
    n = 0
    for g in range(MAX_GRUNTS):
        if st.grunt_col[p, g] >= 0 and st.grunt_pos[p, g] == A.n_spaces:
            n += 1
    return n


@rule
def free_for_piece(st, p, s):
    """Whether path space s holds no Ghost, Minion or Grunt (where a Minion or Ghost may go)."""
    return st.occ[p, s] == 0 and st.ghost_at[p, s] < 0


@rule(inline=True)
def move_minion(st, p, m, s):
    """Move Minion m to the free path space s (its old space becomes free)."""
    old = st.minion_pos[p, m]
    if old >= 0:
        st.occ[p, old] = 0
    st.minion_pos[p, m] = s
    st.occ[p, s] = 1


# ------------------------------------------------------------------------------ Order
@rule(inline=True)
def place_die(st, p, row, c, rank):
    """Put a die into the leftmost empty spot of a row of p's Order; returns its column."""
    col = st.order_n[p, row]
    st.order_col[p, row, col] = c
    st.order_rank[p, row, col] = rank
    st.order_n[p, row] = col + 1
    return col


@rule
def spots_held(st, p, r1, c1, r2, c2):
    """Whether (r1, c1) and (r2, c2) both hold a die of p's Order (the targets of a Swap)."""
    return 0 <= r1 < ROWS and 0 <= r2 < ROWS and 0 <= c1 < st.order_n[p, r1] and \
        0 <= c2 < st.order_n[p, r2]


@rule(inline=True)
def swap_dice(st, p, r1, c1, r2, c2):
    """Swap 2 Lords: "Swap the position of any 2 Lord dice in your Order of Spider Jack (do not
    reroll them)" (both modes; the bots also try a swap with it and undo it the same way)."""
    tc = st.order_col[p, r1, c1]
    tr = st.order_rank[p, r1, c1]
    st.order_col[p, r1, c1] = st.order_col[p, r2, c2]
    st.order_rank[p, r1, c1] = st.order_rank[p, r2, c2]
    st.order_col[p, r2, c2] = tc
    st.order_rank[p, r2, c2] = tr


@rule
def row_sum(st, p, row, n):
    """Rank total of the n leftmost dice of a row."""
    t = 0
    for k in range(min(n, st.order_n[p, row])):
        t += st.order_rank[p, row, k]
    return t


@rule(inline=True)
def summon_scoring(A, st, p, row):
    """Summon Spider Jack scoring: gain the rank total of the leftmost ``sj`` dice of the row.
    Solo 2 with the summoning modifier: Spider Jack gains the ranks of the dice beyond."""
    v = row_sum(st, p, row, st.sj[p, row])
    gain_juice(st, p, v, B_SUMMON)
    st.ev[C_SUMMONS] += 1
    st.sev[p, S_SUMMONS] += 1
    missed = row_sum(st, p, row, COLS) - v
    st.ev[C_SUMMON_MISSED] += missed
    if A.mode == 3 and A.summoning == 1:
        st.info[I_SJ_SCORE] += missed
    return v


@rule(inline=True)
def call_spider_jack(A, st, p, row):
    """Advance the Summoning tracker of a row one space: a summon icon scores the row, an
    action icon is pushed (performed at once). Returns False at the end of the track."""
    if st.summon[p, row] >= A.track_len - 1:
        return False
    st.summon[p, row] += 1
    a = A.track_act[st.summon[p, row]]
    if a == SUMMON:
        summon_scoring(A, st, p, row)
    elif a >= 0:
        push_action(st, a, A.track_juice[st.summon[p, row]], 0)
    return True


# ------------------------------------------------------------------------------ market
@rule
def refill_ghosts(st):
    """Slide the Ghosts right (keeping their order) and fill the empty spots from the stack,
    rightmost empty first (the leftmost spot gets the last one)."""
    w = 4
    for k in range(4, -1, -1):
        if st.gmarket[k] >= 0:
            g = st.gmarket[k]
            st.gmarket[k] = -1
            st.gmarket[w] = g
            w -= 1
    for k in range(w, -1, -1):
        top = st.info[I_GTOP]
        if top < st.gstack.shape[0]:
            st.gmarket[k] = st.gstack[top]
            st.info[I_GTOP] = top + 1
        else:
            st.ev[C_EMPTY_MARKET] += 1


@rule
def refill_arch(A, st):
    """Slide the Arch Monsters right and fill the empty spots from the deck."""
    w = 4
    for k in range(4, -1, -1):
        if st.amarket[k] >= 0:
            g = st.amarket[k]
            st.amarket[k] = -1
            st.amarket[w] = g
            w -= 1
    for k in range(w, -1, -1):
        top = st.info[I_ATOP]
        if top < A.n_arch:
            st.amarket[k] = st.adeck[top]
            st.info[I_ATOP] = top + 1
        else:
            st.ev[C_EMPTY_MARKET] += 1


@rule(inline=True)
def ghost_target_ok(A, st, p, g, target):
    """Whether Ghost g may go to ``target``: a gain-Grunt Ghost to an empty gain-Grunt spot
    (target = spot), any other to a free path space of its colour (multi: any colour)."""
    if A.ghost_gain[g] == 1:
        return 0 <= target < A.gain_spots and st.gain_spot[p, target] < 0
    if target < 0 or target >= A.n_spaces or not free_for_piece(st, p, target):
        return False
    c = A.ghost_colour[g]
    return c == MULTI or A.space_colour[target] == c


@rule(inline=True)
def buy_ghost(A, st, p, k, target):
    """Buy the Ghost at market position k for its position's cost and place it on ``target``;
    a gain-Grunt Ghost brings a new Grunt of its colour from the supply (if any is left)."""
    g = st.gmarket[k]
    spend_malice(A, st, p, A.ghost_cost[k])
    st.gmarket[k] = -1
    if A.ghost_gain[g] == 1:
        st.gain_spot[p, target] = g
        c = A.ghost_colour[g]
        st.ev[C_GAIN_GRUNTS] += 1
        if st.supply[c] > 0:
            for s in range(MAX_GRUNTS):
                if st.grunt_col[p, s] < 0:
                    st.grunt_col[p, s] = c
                    st.grunt_pos[p, s] = GAIN_SPOT
                    st.supply[c] -= 1
                    break
        else:
            st.ev[C_NO_GRUNT] += 1
    else:
        st.ghost_at[p, target] = g
    refill_ghosts(st)


@rule(inline=True)
def buy_arch(A, st, p, k):
    """Buy the Arch Monster at market position k for its position's cost."""
    spend_malice(A, st, p, A.arch_cost[k])
    st.arch[p, st.n_arch[p]] = st.amarket[k]
    st.n_arch[p] += 1
    st.amarket[k] = -1
    refill_arch(A, st)


@rule
def can_place_ghost(A, st, p, g):
    """A legal target for Ghost g on p's board: the first one found, or -1."""
    if A.ghost_gain[g] == 1:
        for t in range(A.gain_spots):
            if st.gain_spot[p, t] < 0:
                return t
        return -1
    c = A.ghost_colour[g]
    if c == MULTI:
        for s in range(A.n_spaces):
            if free_for_piece(st, p, s):
                return s
        return -1
    s = A.col_next[0, c]  # the spaces of its colour, in path order
    while s < A.n_spaces:
        if free_for_piece(st, p, s):
            return s
        s = A.col_after[s]
    return -1


@rule(inline=True)
def remove_arch(st, p, i):
    """Box p's i-th Arch Monster card (used for its back action); returns the card."""
    card = st.arch[p, i]
    n = st.n_arch[p]
    for k in range(i, n - 1):
        st.arch[p, k] = st.arch[p, k + 1]
    st.arch[p, n - 1] = -1
    st.n_arch[p] = n - 1
    return card


@rule
def check_board(A, st, p):
    """Grunt and Minion bookkeeping is consistent: returns (grunt errors, minion errors)."""
    S = A.n_spaces
    ge = 0
    me = 0
    on_path = 0
    for g in range(MAX_GRUNTS):
        if st.grunt_col[p, g] >= 0:
            x = st.grunt_pos[p, g]
            if x >= 0 and x < S:
                on_path += 1
                if st.occ[p, x] != 2:
                    ge += 1
            elif x != START and x != GAIN_SPOT and x != S:
                ge += 1
    m_on = 0
    for m in range(N_MINIONS):
        x = st.minion_pos[p, m]
        if x >= 0:
            m_on += 1
            if x >= S or st.occ[p, x] != 1:
                me += 1
    n2 = 0
    n1 = 0
    for s in range(S):
        if st.occ[p, s] == 2:
            n2 += 1
        elif st.occ[p, s] == 1:
            n1 += 1
    if n2 != on_path:
        ge += 1
    if n1 != m_on:
        me += 1
    return ge, me


# ------------------------------------------------------------------------------ records
@rule
def end_kind(A, st):
    """How the finished game ended (an ``END_NAMES`` index): the regular game after its last
    round, family mode with every Minion space filled, solo 1 with the target met or missed,
    solo 2 with Spider Jack beaten or not."""
    if A.mode == SOLO1:
        return E_TARGET_MET if st.winners[0] == 1 else E_TARGET_MISSED
    if A.mode == SOLO2:
        return E_BEAT if st.winners[0] == 1 else E_LOST
    if A.mode == FAMILY:
        return E_FILLED
    return E_LAST_ROUND


@rule
def source_of(A, j):
    """The ``SOURCES`` index of column j of the mode's score by source (``st.bd``): the
    regular game's BREAKDOWN is its first five; family mode's rows, area 12, Prophecy."""
    if A.mode == FAMILY:
        if j == 0:
            return SRC_ROWS
        if j == 1:
            return SRC_AREA12
        return B_PROPHECY
    return j


@rule
def record_game(A, st, k, agg, rounds):
    """Add one finished game (``k`` winners, ``rounds`` rounds) to the aggregates: counters,
    per-seat counters, score by source, the draft's picks, wins and scores, and the
    explanation (points by source, choices, how it ended, its length); both modes, each with
    its own counters."""
    for i in range(st.ev.shape[0]):
        agg.counters[i] += st.ev[i]
    agg.ends[end_kind(A, st)] += 1
    agg.length[0] += rounds
    agg.length[1] += rounds * rounds
    for q in range(st.scores.shape[0]):
        for j in range(st.sev.shape[1]):
            agg.seat[q, j] += st.sev[q, j]
        for j in range(st.bd.shape[1]):
            agg.breakdown[q, j] += st.bd[q, j]
            agg.src[q, source_of(A, j)] += st.bd[q, j]
        for j in range(st.ch.shape[1]):
            agg.choice[q, j] += st.ch[q, j]
        for i in range(st.pick.shape[1]):
            agg.draft[q, i, 0] += rounds
            agg.draft[q, i, 1] += st.pick[q, i, 0]
            agg.draft[q, i, 2] += st.pick[q, i, 1]
        if st.winners[q]:
            agg.wins[q, k] += 1
        s = st.scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), agg.score_hist.shape[1] - 1)] += 1


@rule
def write_row(A, st, i, rows, rounds):
    """Row ``i`` of the per-game rows (``registry.GameRows``) for the finished game: scores,
    winners, its length and end, each seat's points by source and choices (both modes)."""
    rows.length[i] = rounds
    rows.end[i] = end_kind(A, st)
    for q in range(st.scores.shape[0]):
        rows.score[i, q] = st.scores[q]
        rows.winner[i, q] = st.winners[q] == 1
        for j in range(st.bd.shape[1]):
            rows.source[i, q, source_of(A, j)] = st.bd[q, j]
        for j in range(st.ch.shape[1]):
            rows.choice[i, q, j] = st.ch[q, j]
