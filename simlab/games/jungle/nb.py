"""Jungle Rumble: numba kernels (arrays, scalars and NamedTuples in; arrays out).

Each function implements one rule of the rulebook; ``play_game`` strings them together and
``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate arrays. The rule
helpers count what happens in the state's own counters (``st.ev``, ``st.sev``, ``st.aev``), which
``record_result`` adds to the aggregates at the end of a game; the per-round food and family
records go to the aggregates at the end of each round.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch, rule
from simlab.core.rng import randint, seed_stream
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT, N_TILES
from simlab.games.jungle.state import (
    C_AWAKE_BONUS,
    C_FAMILY_BAD,
    C_FIELDS_ASIDE,
    C_FIELDS_BOARD,
    C_FIELDS_SUPPLY,
    C_FIRED,
    C_FIRST_FOOD,
    C_FOLLOWS,
    C_FSUP_END,
    C_GOODS_LOST,
    C_ILLEGAL,
    C_KITTENS_END,
    C_NEGATIVE,
    C_PASS_FOOD,
    C_PASS_WAKE,
    C_PENALTIES,
    C_RECRUITED,
    C_ROUND_CAP,
    C_ROUNDS,
    C_SOLD_FOOD,
    C_SOLD_GOLD,
    C_SSUP_END,
    C_STICKS_ASIDE,
    C_STICKS_BOARD,
    C_STICKS_SUPPLY,
    C_TAKEN,
    C_TILE_FOOD,
    C_TURNS,
    C_WAKE_FREE,
    C_WAKE_PAID,
    E_CAP,
    E_FIELD,
    E_NONE,
    E_STICK,
    E_STUCK,
    E_TAKEN,
    FOOD_BINS,
    I_ACTIVE,
    I_FIRST,
    I_FOLLOW,
    I_FSUP,
    I_NCAND,
    I_ROUND,
    I_SSUP,
    I_TRIGGER,
    I_TURN,
    K_ASLEEP,
    K_AWAKE,
    K_MERCHANT,
    M_FOOD,
    M_GOLD,
    M_UNSET,
    ROLE_FOOD_MERCHANT,
    ROLE_GOLD_MERCHANT,
    ROUND_BINS,
    S_FIELDS,
    S_FIRED,
    S_FIRST,
    S_FOLLOWS,
    S_LOST,
    S_MERCHANTS,
    S_PENALTIES,
    S_RECRUITED,
    S_STICKS,
    S_TAKEN,
    SCORE_BINS,
)


# ------------------------------------------------------------------------------ counts
@rule
def kittens(st, p):
    """Family size: workers (awake and asleep) and merchants."""
    return st.awake[p] + st.asleep[p] + st.nm[p]


@rule
def tiles_left(A, st, f):
    """Kitten tiles of family f still in its reserve (not in anyone's family)."""
    n = A.max_family
    for q in range(A.n_players):
        n -= st.held[q, f]
    return n


@rule(inline=True)
def takeable(A, st, p):
    """Kittens p could take from opponents (with its own reserve empty)."""
    n = 0
    for q in range(A.n_players):
        if q != p:
            n += kittens(st, q)
    return n


@rule
def field_need(A, st, p):
    """Feeding: 2 food per kitten minus 1 per irrigated field (never below 0)."""
    return max(0, A.food_per_kitten * kittens(st, p) - st.nwet[p])


# ------------------------------------------------------------------------------ board
@rule(inline=True)
def unfed_short(A, food, need):
    """Feeding: kittens that must go unfed when ``food`` cannot cover ``need`` (a ration of
    food_per_kitten each, rounded up; 0 when it can)."""
    if food >= need:
        return 0
    return (need - food + A.food_per_kitten - 1) // max(A.food_per_kitten, 1)


@rule(inline=True)
def food_after_feeding(A, food, need, u):
    """Feeding with u kittens unfed: the food left (their rations not paid)."""
    return max(0, food - max(0, need - A.food_per_kitten * u))


@rule
def take_piece(A, st, p, stick):
    """Take a field tile (stick: an irrigation stick) from the board supply; taking the last
    one triggers the end of the game; with the supply empty, a set-aside piece is used."""
    slot = I_SSUP if stick else I_FSUP
    if st.info[slot] > 0:
        st.info[slot] -= 1
        st.ev[C_STICKS_SUPPLY if stick else C_FIELDS_SUPPLY] += 1
        if st.info[slot] == 0 and st.info[I_TRIGGER] == E_NONE:
            st.info[I_TRIGGER] = E_STICK if stick else E_FIELD
    else:
        st.ev[C_STICKS_ASIDE if stick else C_FIELDS_ASIDE] += 1


@rule
def cell_ok(A, st, p, c):
    """Fields: a free cell of the table orthogonally adjacent to one of p's fields."""
    if c < 0 or c >= A.n_cells or st.field[p, c] == 1:
        return False
    for k in range(4):
        o = A.cell_nbrs[c, k]
        if o >= 0 and st.field[p, o] == 1:
            return True
    return False


@rule
def legal_cells(A, st, p):
    """The cells where p may place a field, in increasing cell order (into ``st.cand``)."""
    g = A.grid
    n = 0
    for r in range(max(0, st.box[p, 0] - 1), min(g - 1, st.box[p, 1] + 1) + 1):
        for c in range(max(0, st.box[p, 2] - 1), min(g - 1, st.box[p, 3] + 1) + 1):
            x = r * g + c
            if cell_ok(A, st, p, x):
                st.cand[n] = x
                n += 1
    st.info[I_NCAND] = n
    return n


@rule
def place_field(A, st, p, c):
    """Fields: p's new field on cell c, irrigated at once if a stick lies on one of its edges."""
    g = A.grid
    st.field[p, c] = 1
    st.nfield[p] += 1
    r = c // g
    col = c % g
    st.box[p, 0] = min(st.box[p, 0], r)
    st.box[p, 1] = max(st.box[p, 1], r)
    st.box[p, 2] = min(st.box[p, 2], col)
    st.box[p, 3] = max(st.box[p, 3], col)
    wet = 0
    for k in range(4):
        e = A.cell_edges[c, k]
        o = A.edge_cells[e, 0] if A.edge_cells[e, 1] == c else A.edge_cells[e, 1]
        if st.stick[p, e] == 1:
            wet = 1
        elif o >= 0 and st.field[p, o] == 1:
            st.inner_e[p] += 1
        else:
            st.free_e[p] += 1
    if wet:
        st.wet[p, c] = 1
        st.nwet[p] += 1


@rule
def edge_ok(A, st, p, e):
    """Irrigation: an edge without a stick, of one or two of p's fields."""
    if e < 0 or e >= A.n_edges or st.stick[p, e] == 1:
        return False
    for k in range(2):
        x = A.edge_cells[e, k]
        if x >= 0 and st.field[p, x] == 1:
            return True
    return False


@rule
def legal_edges(A, st, p):
    """The edges where p may place a stick, in increasing edge order (into ``st.cand``)."""
    g = A.grid
    nv = g * (g + 1)
    n = 0
    for r in range(st.box[p, 0], st.box[p, 1] + 1):
        for c in range(st.box[p, 2], st.box[p, 3] + 2):
            e = r * (g + 1) + c
            if edge_ok(A, st, p, e):
                st.cand[n] = e
                n += 1
    for r in range(st.box[p, 0], st.box[p, 1] + 2):
        for c in range(st.box[p, 2], st.box[p, 3] + 1):
            e = nv + r * g + c
            if edge_ok(A, st, p, e):
                st.cand[n] = e
                n += 1
    st.info[I_NCAND] = n
    return n


@rule
def place_stick(A, st, p, e):
    """Irrigation: p's stick on edge e; every field on either side is irrigated."""
    st.stick[p, e] = 1
    st.nstick[p] += 1
    st.free_e[p] -= 1
    both = 1
    for k in range(2):
        x = A.edge_cells[e, k]
        if x >= 0 and st.field[p, x] == 1:
            if st.wet[p, x] == 0:
                st.wet[p, x] = 1
                st.nwet[p] += 1
        else:
            both = 0
    if both:
        st.inner_e[p] -= 1


@rule(inline=True)
def stick_points(A, st, p):
    """Scoring: a stick between two of p's fields is worth 2, on an outer edge 1."""
    s = 0
    for e in range(A.n_edges):
        if st.stick[p, e] == 1:
            a = A.edge_cells[e, 0]
            b = A.edge_cells[e, 1]
            if a >= 0 and b >= 0 and st.field[p, a] == 1 and st.field[p, b] == 1:
                s += 2
            else:
                s += 1
    return s


# ------------------------------------------------------------------------------ setup
@rule(inline=True)
def new_game(A, st, rng):
    """Setup: supplies by player count; each player 2 awake workers, no food, two adjacent
    fields with a stick between them; the first player is drawn at random."""
    n_p = A.n_players
    g = A.grid
    st.info[:] = 0
    st.ev[:] = 0
    st.sev[:] = 0
    st.aev[:] = 0
    st.tile_food[:] = 0
    st.tile_used[:] = 0
    st.held[:, :] = 0
    st.field[:, :] = 0
    st.wet[:, :] = 0
    st.stick[:, :] = 0
    st.info[I_FSUP] = A.field_supply
    st.info[I_SSUP] = A.stick_supply
    st.info[I_FOLLOW] = -1
    m = g // 2
    for q in range(n_p):
        st.food[q] = A.start_food
        st.gold[q] = 0
        st.awake[q] = A.start_workers
        st.asleep[q] = 0
        st.nm[q] = 0
        st.held[q, q] = A.start_workers
        st.penal[q] = 0
        st.nfield[q] = 0
        st.nstick[q] = 0
        st.nwet[q] = 0
        st.free_e[q] = 0
        st.inner_e[q] = 0
        st.box[q, 0] = m
        st.box[q, 1] = m
        st.box[q, 2] = m - 1
        st.box[q, 3] = m
        place_field(A, st, q, m * g + m - 1)
        place_field(A, st, q, m * g + m)
        place_stick(A, st, q, m * (g + 1) + m)
    st.info[I_FIRST] = randint(rng, n_p)


# ------------------------------------------------------------------------------ kittens
@rule(inline=True)
def pop_tile(A, st, p):
    """The kitten tile p gives up: its own family's first, else the lowest other family."""
    if st.held[p, p] > 0:
        st.held[p, p] -= 1
        return p
    for f in range(A.n_players):
        if st.held[p, f] > 0:
            st.held[p, f] -= 1
            return f
    return -1


@rule(inline=True)
def kitten_code_ok(st, p, code):
    """A kitten p may fire or give up: a sleeping worker (0), an awake one (1), merchant i."""
    if code == K_ASLEEP:
        return st.asleep[p] > 0
    if code == K_AWAKE:
        return st.awake[p] > 0
    return K_MERCHANT <= code < K_MERCHANT + st.nm[p]


@rule
def remove_kitten(A, st, p, code):
    """A kitten leaves p's family (fired or taken); a merchant's goods go back to the reserve.
    Returns the family of the kitten tile."""
    if code == K_ASLEEP:
        st.asleep[p] -= 1
    elif code == K_AWAKE:
        st.awake[p] -= 1
    else:
        i = code - K_MERCHANT
        st.ev[C_GOODS_LOST] += st.mgoods[p, i]
        for j in range(i, st.nm[p] - 1):
            st.mkind[p, j] = st.mkind[p, j + 1]
            st.mgoods[p, j] = st.mgoods[p, j + 1]
        st.nm[p] -= 1
    return pop_tile(A, st, p)


@rule
def give_up_code(st, q):
    """The kitten a victim gives up: a sleeping worker, else an awake one, else the merchant
    with fewest goods (the first of them)."""
    if st.asleep[q] > 0:
        return K_ASLEEP
    if st.awake[q] > 0:
        return K_AWAKE
    best = 0
    for i in range(1, st.nm[q]):
        if st.mgoods[q, i] < st.mgoods[q, best]:
            best = i
    return K_MERCHANT + best


@rule(inline=True)
def add_kitten(A, st, p, role):
    """A recruit joins p's family as an awake worker or a merchant: of the chosen kind
    (merchant_kind_at = recruit), else without a kind until its first sale."""
    if role == ROLE_FOOD_MERCHANT or role == ROLE_GOLD_MERCHANT:
        i = st.nm[p]
        if A.kind_at_recruit == 1:
            st.mkind[p, i] = M_FOOD if role == ROLE_FOOD_MERCHANT else M_GOLD
        else:
            st.mkind[p, i] = M_UNSET
        st.mgoods[p, i] = 0
        st.nm[p] += 1
    else:
        st.awake[p] += 1


@rule(inline=True)
def sale_slots(st, p, kind):
    """Merchants of p that may take a unit of ``kind`` this turn: those of that kind and those
    without a kind yet (one unit each)."""
    n = 0
    for i in range(st.nm[p]):
        if st.mkind[p, i] == kind or st.mkind[p, i] == M_UNSET:
            n += 1
    return n


# ------------------------------------------------------------------------------ limits
@rule
def capacity(A, st, p, a):
    """Units of action a p can carry out at most (apart from its awake workers): recruits need
    1 gold each and a kitten: from p's reserve, and once it is empty (within the same action
    too) taken from opponents; sticks a free edge; fields a free cell of the table."""
    if a == A_RECRUIT:
        return min(st.gold[p], tiles_left(A, st, p) + takeable(A, st, p))
    if a == A_IRRIG:
        return st.free_e[p]
    if a == A_FIELDS:
        return A.n_cells - st.nfield[p]
    return 99


@rule
def send_limit(A, st, p, a):
    """Kittens the active player may send to action a: up to max_send awake workers."""
    return min(A.max_send, st.awake[p], capacity(A, st, p, a))




# ------------------------------------------------------------------------------ phases
@rule
def wake_phase(A, st, lineup, p, rng):
    """Waking up: all awake -> +1 food; one asleep -> wake it free; two or more -> 1 food per
    kitten woken (the player chooses how many)."""
    s = st.asleep[p]
    if s == 0:
        st.food[p] += 1
        st.ev[C_AWAKE_BONUS] += 1
    elif s == 1:
        st.asleep[p] = 0
        st.awake[p] += 1
        st.ev[C_WAKE_FREE] += 1
    else:
        k = decide_wake(A, st, lineup, p, rng)
        if k < 0 or k > min(s, st.food[p]):
            st.ev[C_ILLEGAL] += 1
            k = 0
        st.food[p] -= k
        st.asleep[p] -= k
        st.awake[p] += k
        st.ev[C_WAKE_PAID] += k


@rule
def sell_phase(A, st, lineup, p, rng):
    """Selling goods: each merchant may take one unit of its kind from the reserve (food
    first, then gold; the merchants of that kind first, in recruitment order, then those
    without a kind yet, whose first sale fixes their kind)."""
    for kind in range(2):
        nk = sale_slots(st, p, kind)
        have = st.food[p] if kind == M_FOOD else st.gold[p]
        mx = min(nk, have)
        if mx <= 0:
            continue
        k = decide_sell(A, st, lineup, p, rng, kind)
        if k < 0 or k > mx:
            st.ev[C_ILLEGAL] += 1
            k = 0
        done = 0
        for i in range(st.nm[p]):
            if done < k and st.mkind[p, i] == kind:
                st.mgoods[p, i] += 1
                done += 1
        for i in range(st.nm[p]):
            if done < k and st.mkind[p, i] == M_UNSET:
                st.mkind[p, i] = kind
                st.mgoods[p, i] += 1
                done += 1
        if kind == M_FOOD:
            st.food[p] -= k
            st.ev[C_SOLD_FOOD] += k
        else:
            st.gold[p] -= k
            st.ev[C_SOLD_GOLD] += k


@rule(inline=True)
def recruit_one(A, st, lineup, p, rng):
    """Recruitment of one kitten for 1 gold: from p's reserve, or (reserve empty) taken from an
    opponent, which ends the game at the end of the round; worker or merchant chosen at once."""
    st.gold[p] -= 1
    if tiles_left(A, st, p) > 0:
        st.held[p, p] += 1
    else:
        v = decide_victim(A, st, lineup, p, rng)
        if v < 0 or v >= A.n_players or v == p or kittens(st, v) == 0:
            st.ev[C_ILLEGAL] += 1
            v = -1
            for k in range(1, A.n_players):
                q = (p + k) % A.n_players
                if v < 0 and kittens(st, q) > 0:
                    v = q
        f = remove_kitten(A, st, v, give_up_code(st, v))
        st.held[p, f] += 1
        st.ev[C_TAKEN] += 1
        st.sev[p, S_TAKEN] += 1
        st.sev[v, S_LOST] += 1
        if st.info[I_TRIGGER] == E_NONE:
            st.info[I_TRIGGER] = E_TAKEN
    st.ev[C_RECRUITED] += 1
    st.sev[p, S_RECRUITED] += 1
    role = decide_role(A, st, lineup, p, rng)
    if role < 0 or role > 2:
        st.ev[C_ILLEGAL] += 1
        role = 0
    add_kitten(A, st, p, role)


@rule
def perform(A, st, lineup, p, a, n, rng):
    """Action a with n kittens (already asleep): food by the yields table, n sticks or fields
    placed at once, n gold, or n recruits."""
    if n <= 0:
        return
    if a == A_FOOD:
        st.food[p] += A.yields[n - 1]
    elif a == A_GOLD:
        st.gold[p] += n
    elif a == A_RECRUIT:
        for _ in range(n):
            recruit_one(A, st, lineup, p, rng)
    elif a == A_IRRIG:
        for _ in range(n):
            take_piece(A, st, p, True)
            e = decide_stick(A, st, lineup, p, rng)
            if not edge_ok(A, st, p, e):
                st.ev[C_ILLEGAL] += 1
                legal_edges(A, st, p)
                e = st.cand[0]
            place_stick(A, st, p, e)
    elif a == A_FIELDS:
        for _ in range(n):
            take_piece(A, st, p, False)
            c = decide_field(A, st, lineup, p, rng)
            if not cell_ok(A, st, p, c):
                st.ev[C_ILLEGAL] += 1
                legal_cells(A, st, p)
                c = st.cand[0]
            place_field(A, st, p, c)


@rule
def action_phase(A, st, lineup, p, rng):
    """Action: p takes an available tile (with its food) and sends 0..6 awake workers, who
    fall asleep; then each other player, clockwise, follows with one awake worker (variant:
    on the other action of the tile) or passes (wake one kitten free, or +1 food).

    Line-ups with a ``lookahead`` seat run :func:`action_phase_search` instead, and the
    playouts :func:`play_action`: the same rules through :func:`start_action` and
    :func:`followers` (this one keeps them inline: the calls cost other line-ups ~15%)."""
    code = decide_action(A, st, lineup, p, rng)
    t = code // 16
    side = (code // 8) % 2
    n = code % 8
    if t < 0 or t >= N_TILES or st.tile_used[t] == 1:
        st.ev[C_ILLEGAL] += 1
        t = 0
        while st.tile_used[t] == 1:
            t += 1
        side = 0
        n = 0
    a = A.tile_act[t, side]
    if n > send_limit(A, st, p, a):
        st.ev[C_ILLEGAL] += 1
        n = 0
    st.tile_used[t] = 1
    st.food[p] += st.tile_food[t]
    st.ev[C_TILE_FOOD] += st.tile_food[t]
    st.tile_food[t] = 0
    st.aev[0, a] += 1
    st.aev[2, a] += n
    if st.info[I_TURN] == 1 and a == A_FOOD:
        st.ev[C_FIRST_FOOD] += 1
    st.awake[p] -= n
    st.asleep[p] += n
    perform(A, st, lineup, p, a, n, rng)
    fa = A.tile_act[t, 1 - side]
    st.info[I_FOLLOW] = fa
    for k in range(1, A.n_players):
        q = (p + k) % A.n_players
        ok = st.awake[q] > 0 and capacity(A, st, q, fa) > 0
        if ok and decide_follow(A, st, lineup, q, rng, fa) == 1:
            st.awake[q] -= 1
            st.asleep[q] += 1
            st.aev[1, fa] += 1
            st.ev[C_FOLLOWS] += 1
            st.sev[q, S_FOLLOWS] += 1
            perform(A, st, lineup, q, fa, 1, rng)
        elif st.asleep[q] > 0:
            st.asleep[q] -= 1
            st.awake[q] += 1
            st.ev[C_PASS_WAKE] += 1
        else:
            st.food[q] += 1
            st.ev[C_PASS_FOOD] += 1
    st.info[I_FOLLOW] = -1


@rule
def start_action(A, st, lineup, p, rng, code):
    """The active player's part of the action phase with its choice ``code`` (tile * 16 +
    side * 8 + workers): tile, food on it, workers to sleep, the action. Returns the action
    the followers take."""
    t = code // 16
    side = (code // 8) % 2
    n = code % 8
    if t < 0 or t >= N_TILES or st.tile_used[t] == 1:
        st.ev[C_ILLEGAL] += 1
        t = 0
        while st.tile_used[t] == 1:
            t += 1
        side = 0
        n = 0
    a = A.tile_act[t, side]
    if n > send_limit(A, st, p, a):
        st.ev[C_ILLEGAL] += 1
        n = 0
    st.tile_used[t] = 1
    st.food[p] += st.tile_food[t]
    st.ev[C_TILE_FOOD] += st.tile_food[t]
    st.tile_food[t] = 0
    st.aev[0, a] += 1
    st.aev[2, a] += n
    if st.info[I_TURN] == 1 and a == A_FOOD:
        st.ev[C_FIRST_FOOD] += 1
    st.awake[p] -= n
    st.asleep[p] += n
    perform(A, st, lineup, p, a, n, rng)
    return A.tile_act[t, 1 - side]


@rule(inline=True)
def play_action(A, st, lineup, p, rng, code):
    """Playouts: the action phase with p's choice ``code`` given, the followers asked."""
    followers(A, st, lineup, p, start_action(A, st, lineup, p, rng, code), 1, rng)


@rule(inline=True)
def action_phase_search(A, st, lineup, p, rng, sim):
    """:func:`action_phase` for a line-up with a ``lookahead`` seat (``sim`` its scratch).

    A function of its own, like :func:`take_turn_search`: the search's playouts run the plain
    phases, and a numba function compiled inside its own compilation for other argument types
    comes back broken from numba's on-disk cache (unresolved symbols, crashes)."""
    fa = start_action(A, st, lineup, p, rng, decide_action_search(A, st, lineup, p, rng, sim))
    st.info[I_FOLLOW] = fa
    for k in range(1, A.n_players):
        q = (p + k) % A.n_players
        f = False
        if can_follow(A, st, q, fa):
            f = decide_follow_search(A, st, lineup, q, rng, fa, sim) == 1
        follow_or_pass(A, st, lineup, q, fa, f, rng)
    st.info[I_FOLLOW] = -1


@rule
def can_follow(A, st, q, fa):
    """q may follow on action fa: an awake worker and room for one unit."""
    return st.awake[q] > 0 and capacity(A, st, q, fa) > 0


@rule
def follow_or_pass(A, st, lineup, q, fa, follow, rng):
    """Follower q follows (one awake worker on fa) or passes: a sleeping kitten wakes for free,
    or, every kitten awake, +1 food."""
    if follow:
        st.awake[q] -= 1
        st.asleep[q] += 1
        st.aev[1, fa] += 1
        st.ev[C_FOLLOWS] += 1
        st.sev[q, S_FOLLOWS] += 1
        perform(A, st, lineup, q, fa, 1, rng)
    elif st.asleep[q] > 0:
        st.asleep[q] -= 1
        st.awake[q] += 1
        st.ev[C_PASS_WAKE] += 1
    else:
        st.food[q] += 1
        st.ev[C_PASS_FOOD] += 1


@rule
def followers(A, st, lineup, p, fa, k0, rng):
    """The other players from the k0-th after p (clockwise) follow on fa or pass."""
    st.info[I_FOLLOW] = fa
    for k in range(k0, A.n_players):
        q = (p + k) % A.n_players
        f = False
        if can_follow(A, st, q, fa):
            f = decide_follow(A, st, lineup, q, rng, fa) == 1
        follow_or_pass(A, st, lineup, q, fa, f, rng)
    st.info[I_FOLLOW] = -1


@rule
def feed(A, st, lineup, p, rng):
    """Feeding (active player only): 2 food per kitten minus 1 per irrigated field; short of
    food (or not wanting to feed), p may fire kittens (+3 food each); p then chooses how many
    kittens go unfed (at least those the food cannot feed; each costs a -3 penalty token and
    saves its 2 food)."""
    need = field_need(A, st, p)
    while st.food[p] < need and kittens(st, p) > 0:
        code = decide_fire(A, st, lineup, p, rng)
        if code < 0:
            break
        if not kitten_code_ok(st, p, code):
            st.ev[C_ILLEGAL] += 1
            break
        remove_kitten(A, st, p, code)
        st.food[p] += A.fire_food
        st.ev[C_FIRED] += 1
        st.sev[p, S_FIRED] += 1
        need = field_need(A, st, p)
    lo = unfed_short(A, st.food[p], need)  # kittens that must go unfed (not enough food)
    u = lo
    if need > 0:  # "can't or doesn't want to feed": p may leave more kittens unfed
        hi = min(kittens(st, p), (need + A.food_per_kitten - 1) // max(A.food_per_kitten, 1))
        if hi > lo:
            u = decide_unfed(A, st, lineup, p, rng, lo, hi)
            if u < lo or u > hi:
                st.ev[C_ILLEGAL] += 1
                u = lo
    if u > 0:
        st.penal[p] += u
        st.ev[C_PENALTIES] += u
        st.sev[p, S_PENALTIES] += u
    st.food[p] = food_after_feeding(A, st.food[p], need, u)


@rule
def check_tokens(A, st):
    """Food and gold tokens are never negative; family sizes stay within 0..all tiles."""
    for q in range(A.n_players):
        if st.food[q] < 0 or st.gold[q] < 0 or st.awake[q] < 0 or st.asleep[q] < 0:
            st.ev[C_NEGATIVE] += 1
        for i in range(st.nm[q]):
            if st.mgoods[q, i] < 0:
                st.ev[C_NEGATIVE] += 1
        k = kittens(st, q)
        h = 0
        for f in range(A.n_players):
            h += st.held[q, f]
        if k < 0 or k > A.max_family * A.n_players or h != k:
            st.ev[C_FAMILY_BAD] += 1


@rule
def take_turn(A, st, lineup, p, rng):
    """A turn of p: wake-up and selling, action and followers, feeding."""
    st.info[I_TURN] += 1
    st.info[I_ACTIVE] = p
    wake_phase(A, st, lineup, p, rng)
    sell_phase(A, st, lineup, p, rng)
    action_phase(A, st, lineup, p, rng)
    feed(A, st, lineup, p, rng)
    check_tokens(A, st)


@rule(inline=True)
def take_turn_search(A, st, lineup, p, rng, sim):
    """:func:`take_turn` for a line-up with a ``lookahead`` seat (``sim``: its scratch)."""
    st.info[I_TURN] += 1
    st.info[I_ACTIVE] = p
    wake_phase(A, st, lineup, p, rng)
    sell_phase(A, st, lineup, p, rng)
    action_phase_search(A, st, lineup, p, rng, sim)
    feed(A, st, lineup, p, rng)
    check_tokens(A, st)


@rule
def return_tiles(st):
    """End of the round: 1 food on each unchosen action tile, used tiles return."""
    for t in range(N_TILES):
        if st.tile_used[t] == 0:
            st.tile_food[t] += 1
        st.tile_used[t] = 0


@rule(inline=True)
def end_round(A, st, agg):
    """End of the round: 1 food on each unchosen action tile, used tiles return; the food and
    family of every player are recorded for this round."""
    return_tiles(st)
    b = min(st.info[I_ROUND], ROUND_BINS) - 1
    for q in range(A.n_players):
        agg.food_hist[q, b, min(max(st.food[q], 0), FOOD_BINS - 1)] += 1
        agg.family_sum[q, b] += kittens(st, q)


@rule
def no_workers(A, st):
    """No player has a worker left (merchants are never sent and recruiting needs a worker):
    no piece can ever be taken again, so the game ends with this round (a reading: the rulebook
    has no end for this case)."""
    for q in range(A.n_players):
        if st.awake[q] + st.asleep[q] > 0:
            return False
    return True


@rule
def final_scoring(A, st):
    """End of the game: each awake kitten (workers and merchants) gives 1 food; then kittens 3,
    sticks 1 or 2, gold on merchants 3, food on merchants 2, reserve gold 1, 2 reserve food 1,
    penalties -3. Tied top scores share the victory; returns the number of winners."""
    n_p = A.n_players
    top = -(1 << 40)
    for q in range(n_p):
        st.food[q] += st.awake[q] + st.nm[q]
        mg = 0
        mf = 0
        for i in range(st.nm[q]):
            if st.mkind[q, i] == M_GOLD:
                mg += st.mgoods[q, i]
            else:
                mf += st.mgoods[q, i]
        st.bd[q, 0] = A.kitten_points * kittens(st, q)
        st.bd[q, 1] = stick_points(A, st, q)
        st.bd[q, 2] = A.merchant_gold_points * mg
        st.bd[q, 3] = A.merchant_food_points * mf
        st.bd[q, 4] = A.gold_points * st.gold[q]
        st.bd[q, 5] = st.food[q] // A.food_per_point
        st.bd[q, 6] = -A.penalty * st.penal[q]
        s = 0
        for j in range(7):
            s += st.bd[q, j]
        st.scores[q] = s
        if s > top:
            top = s
    k = 0
    for q in range(n_p):
        st.winners[q] = 1 if st.scores[q] == top else 0
        k += st.winners[q]
    return k


@rule
def points_of(A, st, q, sticks, food, penalties):
    """Final scoring's total for q on the current position with the given stick points, food
    and penalties: kittens, sticks, merchants' goods, reserve gold, food, penalties."""
    s = A.kitten_points * kittens(st, q) + sticks + A.gold_points * st.gold[q]
    for i in range(st.nm[q]):
        if st.mkind[q, i] == M_GOLD:
            s += A.merchant_gold_points * st.mgoods[q, i]
        else:
            s += A.merchant_food_points * st.mgoods[q, i]
    return s + food // A.food_per_point - A.penalty * penalties


@rule
def running_score(A, st, q):
    """Game shape: q's score if the game ended now (the final scoring's formula on the
    current position, awake kittens' food included; nothing changes)."""
    return points_of(A, st, q, stick_points(A, st, q), st.food[q] + st.awake[q] + st.nm[q],
                     st.penal[q])


@rule
def play_game(A, st, lineup, rng, agg, sim):
    """A whole game: rounds of turns from the first player (the token passes left each round)
    until the round in which the end was triggered is over; returns (end reason, winners)."""
    new_game(A, st, rng)
    n_p = A.n_players
    first = st.info[I_FIRST]
    st.sev[first, S_FIRST] += 1
    end = E_NONE
    while True:
        if st.info[I_ROUND] >= A.max_rounds:
            st.ev[C_ROUND_CAP] += 1
            end = E_CAP
            break
        st.info[I_ROUND] += 1
        for k in range(n_p):
            if sim is None:
                take_turn(A, st, lineup, (first + k) % n_p, rng)
            else:
                take_turn_search(A, st, lineup, (first + k) % n_p, rng, sim)
        end_round(A, st, agg)
        r = st.info[I_ROUND] - 1
        if r < MAX_CHECKPOINTS:
            for q in range(n_p):
                st.cp[r, q] = running_score(A, st, q)
        if st.info[I_TRIGGER] != E_NONE:
            end = st.info[I_TRIGGER]
            break
        if no_workers(A, st):
            end = E_STUCK
            break
        first = (first + 1) % n_p
        st.info[I_FIRST] = first
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
    return end, k


@rule
def play_on(A, st, lineup, p, rng, horizon):
    """Playouts (the ``lookahead`` bot): p's turn is over; play the rest of the round and then
    rounds as :func:`play_game` does (no records, bots asked with ``sim=None``) until the game
    ends or ``horizon`` more rounds are over (0: to the end); then score the position as if the
    game ended there. Returns the number of winners (scores and winners in ``st``)."""
    n_p = A.n_players
    first = st.info[I_FIRST]
    k0 = (p - first + n_p) % n_p + 1
    more = 0
    while True:
        for k in range(k0, n_p):
            take_turn(A, st, lineup, (first + k) % n_p, rng)
        return_tiles(st)
        if st.info[I_TRIGGER] != E_NONE or no_workers(A, st):
            break
        if horizon > 0 and more >= horizon:
            break
        if st.info[I_ROUND] >= A.max_rounds:
            break
        more += 1
        first = (first + 1) % n_p
        st.info[I_FIRST] = first
        st.info[I_ROUND] += 1
        k0 = 0
    return final_scoring(A, st)


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
    agg.length_hist[min(st.info[I_ROUND], agg.length_hist.shape[0] - 1)] += 1
    for q in range(n_p):
        if st.winners[q]:
            agg.wins[q, k] += 1
        s = st.scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1


@batch
def run_batch(A, st, lineup, rng, seed, start, count, agg, row_scores, row_winners, sim):
    """Play games start..start+count-1 of ``seed``; per-game rows when the row arrays are
    non-empty (shape (count, P)), aggregates always; ``sim``: the lookahead bot's scratch."""
    n_p = A.n_players
    keep = row_scores.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        end, k = play_game(A, st, lineup, rng, agg, sim)
        record_result(A, st, end, k, agg)
        # game shape: the rounds before the last one are the checkpoints, then the final scores
        record_shape(st.cp, st.info[I_ROUND] - 1, st.scores, st.winners, n_p,
                     agg.shape_counters, agg.lead_hist, agg.margin_hist, agg.leader_wins)
        if keep:
            for q in range(n_p):
                row_scores[i, q] = st.scores[q]
                row_winners[i, q] = st.winners[q] == 1


from simlab.games.jungle.bots import (  # noqa: E402  (last: bots use the rules above)
    decide_action,
    decide_action_search,
    decide_field,
    decide_fire,
    decide_follow,
    decide_follow_search,
    decide_role,
    decide_sell,
    decide_stick,
    decide_unfed,
    decide_victim,
    decide_wake,
)
