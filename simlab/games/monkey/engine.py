"""Monkey Fun: rule mechanics (numba ``rule`` helpers, no decisions).

Each helper implements one rule of the rulebook on a :class:`~.state.MonkeyState`: the cards
(shuffling, drawing, the legal card subsets), placing a monkey (majority, the field belongs to
you), the immediate win, a whole turn, the turn order and the end of the game with its scoring.
The game loop in ``nb.py`` asks the bots (``bots.py``) for decisions and applies them with these
helpers; the bots' playouts run the same helpers on a scratch state. Everything here is also
callable from plain Python (the rule tests call it on hand-built states).

The helpers count what happens in the state's own counters (``st.ev``, ``st.sev``, ``st.fev``),
which the kernel adds to the aggregates at the end of a game; on a playout's scratch state
nobody reads them.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.core.rng import randint
from simlab.games.monkey.rules import MODE_SOLO, N_CELLS, SHAPE_ROW
from simlab.games.monkey.state import (
    C_BOXED_BOARD,
    C_BOXED_SUPPLY,
    C_CARDS_DRAWN,
    C_CARDS_PLAYED,
    C_DISCARDS,
    C_FINAL_REMOVED,
    C_OWNED,
    C_OWNER_EXTRA,
    C_PLACED,
    C_RESHUFFLES,
    C_TOWER_MONKEYS,
    C_TOWERS,
    C_TURN_CAP,
    E_NONE,
    E_POINTS,
    E_ROW,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    E_SQUARE,
    I_BOUNDS,
    I_END,
    I_KEEP,
    I_LAST,
    I_NDISC,
    I_NDRAW,
    I_TOWERS,
    I_TURN,
    OWNED,
    S_BOXED_BOARD,
    S_DISCARDS,
    S_FIELDS,
    S_OWNED,
    S_PLACED,
    SRC_LAST,
    SRC_MAJORITY,
    SRC_OWNED,
    SRC_TOWERS,
)

#: bit 4q set for every player q: the lowest bit of each player's count in ``st.lines``
ONES = 0x1111


@rule(inline=True)
def threes(x):
    """Bit 4q set where player q's count in the packed counts x (4 bits each, at most 4) is 3."""
    return x & (x >> 1) & ~(x >> 2) & ONES


@rule(inline=True)
def forget_fields(A, st, mask, bmask):
    """For every seat, the evaluation bots' kept field values (``st.fval``) of the cells in
    ``mask`` and their bounds (``st.kb``) of those in ``bmask`` are stale: something a field's
    value reads has changed there (a bound: in a way the rules do not follow)."""
    if st.info[I_KEEP] == 0:
        return
    for q in range(A.n_players):
        st.fok[q] &= ~mask
        st.kbv[q] &= ~bmask


@rule(inline=True)
def raise_bounds(kb, gain, cells, inc, k):
    """A seat's kept bounds ``kb`` on the 3 ``cells`` rise by ``inc[k]`` where its monkey gains
    the majority (bit set in ``gain``), else by ``inc[k + 5]``."""
    for j in range(3):
        y = cells[j]
        kb[y] += inc[k + 5 - 5 * ((gain >> y) & 1)]  # an index, not a jump


@rule
def shuffle(arr, n, rng):
    """Shuffling: Fisher-Yates over ``arr[:n]`` from the top, one draw from the stream per card."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@rule(inline=True)
def draw_card(st, rng):
    """Draw the top card; an empty draw pile is first replaced by the shuffled discard pile."""
    if st.info[I_NDRAW] == 0:
        nd = st.info[I_NDISC]
        if nd == 0:
            return -1
        for i in range(nd):
            st.draw[i] = st.discard[i]
        st.info[I_NDRAW] = nd
        st.info[I_NDISC] = 0
        shuffle(st.draw, nd, rng)
        st.ev[C_RESHUFFLES] += 1
    n = st.info[I_NDRAW] - 1
    st.info[I_NDRAW] = n
    st.ev[C_CARDS_DRAWN] += 1
    return st.draw[n]


@rule
def refill(A, st, p, rng):
    """Step 3 (draw cards): draw until the hand holds ``hand_size`` cards again."""
    while st.hand_n[p] < A.hand_size:
        v = draw_card(st, rng)
        if v < 0:
            break
        st.hand[p, st.hand_n[p]] = v
        st.hand_n[p] += 1


@rule(inline=True)
def new_game(A, st, rng):
    """Setup: empty board, full supplies, the deck shuffled, 4 cards to each player in turn."""
    n_p = A.n_players
    st.counts[:] = 0
    st.owner[:] = -1
    st.maj[:] = -1
    for s in range(A.shapes.shape[0]):
        st.lines[s] = 0
    st.info[:] = 0
    st.ev[:] = 0
    st.sev[:] = 0
    st.fev[:] = 0
    st.xsrc[:] = 0
    st.xch[:] = 0
    for q in range(n_p):
        st.closed[q] = 0
        st.run[q] = 0
        st.trail[0, q] = 0
        st.supply[q] = A.monkeys
        st.boxed[q] = 0
        st.hand_n[q] = 0
    for i in range(A.n_cards):
        st.draw[i] = A.deck[i]
    st.info[I_NDRAW] = A.n_cards
    shuffle(st.draw, A.n_cards, rng)
    for q in range(n_p):
        refill(A, st, q, rng)
    st.ev[C_CARDS_DRAWN] = 0  # the deal is not a draw


@rule(inline=True)
def solo_tier(A, st, c):
    """Solo placement: 1 = free field of the inner square, 2 = a field for a minus tower (own
    monkey there, below ``solo_max_per_field``, at most ``solo_max_towers`` tower fields), 0 =
    forbidden (edge fields always)."""
    if A.inner[c] == 0:
        return 0
    n = st.counts[c, 0]
    if n == 0:
        return 1
    if n >= A.solo_max_per_field:
        return 0
    if n >= 2 or st.info[I_TOWERS] < A.solo_max_towers:
        return 2
    return 0


@rule(inline=True)
def may_place(A, st, p, c):
    """Placement: nobody but the owner may place on an owned field (reading owner_may_place:
    the owner may, or nobody may)."""
    o = st.owner[c]
    return o < 0 or (o == p and A.owner_may_place == 1)


@rule
def legal_plays(A, st, p):
    """Step 1 (play cards): every subset of 1..max_cards_per_play hand cards whose sum names a
    field where p may place (solo: free square fields, or if none, minus-tower fields).
    Fills ``st.masks``/``st.cells`` (subsets in increasing bitmask order); returns the count.
    On the way it tabulates the total and the number of cards of every subset of the hand in
    ``st.psum``/``st.pk`` (the bots read them), and each legal play's card cost in
    ``st.pcost`` (cards + total / 10, as ``policies.play_cost``). The fields closed to p
    (:func:`may_place`) are the bits of ``st.closed[p]``."""
    nh = st.hand_n[p]
    psum = st.psum  # the arrays in locals: through a reference, st.x is a load from the state
    pk = st.pk
    masks = st.masks
    cells = st.cells
    pcost = st.pcost
    tenth = A.tenth
    cell_of = A.cell_of
    max_play = A.max_play
    psum[0] = 0
    pk[0] = 0
    solo = A.mode == MODE_SOLO
    closed = st.closed[p]
    n = 0
    # the subsets with highest slot i: those below it plus card i (so in increasing order)
    for i in range(nh):
        b = 1 << i
        v = st.hand[p, i]
        for m in range(b, 2 * b):
            s = psum[m - b] + v
            k = pk[m - b] + 1
            psum[m] = s
            pk[m] = k
            if solo or k > max_play or s < 1 or s > N_CELLS or (closed >> s) & 1:
                continue
            masks[n] = m
            cells[n] = cell_of[s]
            pcost[n] = k + tenth[s]
            n += 1
    if not solo:
        return n
    for tier in range(1, 3):  # free square fields; if none, minus towers
        for m in range(1, 1 << nh):
            s = st.psum[m]
            if st.pk[m] > A.max_play or s < 1 or s > N_CELLS:
                continue
            c = A.cell_of[s]
            if solo_tier(A, st, c) != tier:
                continue
            st.masks[n] = m
            st.cells[n] = c
            st.pcost[n] = st.pk[m] + A.tenth[s]
            n += 1
        if n > 0:
            break
    return n


@rule(inline=True)
def play_sum(st, p, m):
    """The total of card subset m of p's hand (the field it names)."""
    s = 0
    for i in range(st.hand_n[p]):
        if (m >> i) & 1:
            s += st.hand[p, i]
    return s


@rule
def play_cards(st, p, m):
    """Step 1: the chosen cards go to the discard pile (in hand order); returns their sum."""
    nh = st.hand_n[p]
    hand = st.hand[p]
    discard = st.discard
    k = 0
    s = 0
    nd0 = st.info[I_NDISC]
    nd = nd0
    for i in range(nh):  # both writes, the counts say which one stays (no jumps)
        v = hand[i]
        b = (m >> i) & 1
        discard[nd] = v  # nd < the deck size: card i is not in the discard pile yet
        hand[k] = v  # k <= i: card i has been read
        nd += b
        k += 1 - b
        s += v * b
    st.ev[C_CARDS_PLAYED] += nd - nd0
    st.hand_n[p] = k
    st.info[I_NDISC] = nd
    return s


@rule(inline=True)
def set_majority(A, st, c, who):
    """The majority of c passes to ``who`` (-1: nobody); the shapes through c count it.

    Kept field values: a field's value for seat q reads, per shape through it, q's own count and
    which opponents hold 3 (see ``policies._evaluate``). So the fields of every shape through c
    are stale for the two seats whose count moves; for the others only c itself and the fields
    of shapes where a count of 3 appears or goes. The kept bounds rise where the value can:
    who's, on the cells of the shapes alive for it, and everybody else's where a count of 3
    appears (``policies.seat_bounds``). (Only in a game that keeps them, ``I_KEEP``.)"""
    old = st.maj[c]
    if who == old:
        return
    d = 0
    if old >= 0:
        d -= 1 << (4 * old)
    if who >= 0:
        d += 1 << (4 * who)
    lines = st.lines
    cell_shapes = A.cell_shapes
    st.maj[c] = who
    if st.info[I_KEEP] == 0:
        for k in range(A.n_cell_shapes[c]):
            lines[cell_shapes[c, k]] += d
        return
    shape_mask = A.shape_mask
    others = A.others[c]  # the other cells of each shape through c (c's bound is cleared)
    bounds = st.info[I_BOUNDS]
    rises = who >= 0 and (bounds >> who) & 1 == 1  # who keeps bounds: they rise with its count
    kbw = st.kb[max(who, 0)]
    kincw = st.kinc[max(who, 0)]
    gainw = st.kgain[max(who, 0)]
    moved = 1 << c
    for k in range(A.n_cell_shapes[c]):
        s = cell_shapes[c, k]
        x0 = lines[s]
        x1 = x0 + d
        lines[s] = x1
        t0 = threes(x0)
        t1 = threes(x1)
        if t0 != t1:
            moved |= shape_mask[s]
        owners = x0 >> OWNED
        if rises and owners & ~(1 << who) == 0:  # who's count rises in s, alive for it
            n = (x0 >> (4 * who)) & 15
            raise_bounds(kbw, gainw, others[k], kincw, n)
        new = t1 & ~t0
        if new and bounds:  # a count of 3 appears: a threat to block, for the others
            for x in range(A.n_players):
                if (new >> (4 * x)) & 1 and owners & ~(1 << x) == 0:  # alive for x
                    for r in range(A.n_players):
                        if r != x and (bounds >> r) & 1:
                            for j in range(4):
                                st.kb[r, A.shapes[s, j]] += st.kinc[r, 10]
    star = A.star[c]
    for q in range(A.n_players):
        st.fok[q] &= ~(star if q == old or q == who else moved)


@rule(inline=True)
def update_majority(A, st, c):
    """Majority: strictly more monkeys than every other player; an owned field is the owner's."""
    if st.owner[c] >= 0:
        set_majority(A, st, c, st.owner[c])
        return
    top = 0
    who = -1
    for q in range(A.n_players):
        x = st.counts[c, q]
        if x > top:
            top = x
            who = q
        elif x == top:
            who = -1
    set_majority(A, st, c, who)


@rule
def sync_board(A, st):
    """Recount ``st.lines`` and ``st.closed`` from ``st.maj`` and ``st.owner`` (for a state set
    up by hand: the reference engine's view for the bots, the tests' positions); the rules keep
    them up to date as they change the board."""
    for q in range(A.n_players):
        st.closed[q] = 0
        for c in range(N_CELLS):
            if not may_place(A, st, q, c):
                st.closed[q] |= 1 << A.number[c]
    for s in range(A.shapes.shape[0]):
        n = 0
        o = 0
        for j in range(4):
            x = A.shapes[s, j]
            if st.maj[x] >= 0:
                n += 1 << (4 * st.maj[x])
            if st.owner[x] >= 0:
                o |= 1 << (OWNED + st.owner[x])
        st.lines[s] = n | o
    st.fok[:] = 0  # no kept field values or bounds for a board set up by hand
    st.kbv[:] = 0


@rule(inline=True)
def resolve_ownership(A, st, p, c):
    """The field belongs to you: 2 more monkeys than every other player -> p owns it, keeps 2
    monkeys there, every other monkey on it (p's extras too) goes to the box."""
    mine = st.counts[c, p]
    for q in range(A.n_players):
        if q != p and st.counts[c, q] + 2 > mine:
            return
    st.owner[c] = p
    for k in range(A.n_cell_shapes[c]):
        st.lines[A.cell_shapes[c, k]] |= 1 << (OWNED + p)
    forget_fields(A, st, A.star[c], 0)  # the shapes through c die for the others: values fall
    for q in range(A.n_players):
        if not may_place(A, st, q, c):
            st.closed[q] |= 1 << A.number[c]
    st.ev[C_OWNED] += 1
    st.sev[p, S_OWNED] += 1
    st.fev[1, c] += 1
    for q in range(A.n_players):
        keep = 2 if q == p else 0
        x = st.counts[c, q] - keep
        if x > 0:
            st.counts[c, q] = keep
            st.boxed[q] += x
            st.ev[C_BOXED_BOARD] += x
            st.sev[q, S_BOXED_BOARD] += x


@rule(inline=True)
def place_monkey(A, st, p, c):
    """Step 2 (place one monkey) from p's supply on cell c, then ownership (not in solo; solo:
    a second monkey on a field makes it a minus tower)."""
    st.supply[p] -= 1
    st.counts[c, p] += 1
    forget_fields(A, st, 1 << c, 1 << c)
    st.info[I_LAST] = c
    st.ev[C_PLACED] += 1
    st.sev[p, S_PLACED] += 1
    st.fev[0, c] += 1
    if A.mode == MODE_SOLO:
        if st.counts[c, p] >= 2:
            st.ev[C_TOWER_MONKEYS] += 1
            if st.counts[c, p] == 2:
                st.info[I_TOWERS] += 1
                st.ev[C_TOWERS] += 1
        set_majority(A, st, c, p)
        return
    if st.owner[c] == p:  # the owner keeps exactly 2: the new monkey goes to the box
        st.counts[c, p] -= 1
        st.boxed[p] += 1
        st.ev[C_BOXED_BOARD] += 1
        st.ev[C_OWNER_EXTRA] += 1
        st.sev[p, S_BOXED_BOARD] += 1
        return
    resolve_ownership(A, st, p, c)
    update_majority(A, st, c)


@rule(inline=True)
def check_win(A, st, p, c):
    """End of the game (immediate): p has the majority on a row of 4 connected fields through c
    (horizontal, vertical, diagonal; quick game: or a 2x2 square): all 4 in ``st.lines``."""
    square = False
    for k in range(A.n_cell_shapes[c]):
        s = A.cell_shapes[c, k]
        if (st.lines[s] >> (4 * p)) & 15 == 4:
            if A.shape_kind[s] == SHAPE_ROW:
                return E_ROW
            square = True
    return E_SQUARE if square else E_NONE


@rule(inline=True)
def square_complete(A, st):
    """Solo goal: every field of the inner 4x4 square holds a monkey."""
    for c in range(N_CELLS):
        if A.inner[c] == 1 and st.counts[c, 0] == 0:
            return False
    return True


@rule(inline=True)
def discard_hand(A, st, p, rng):
    """No playable cards: discard the whole hand, box one monkey from the supply, draw 4."""
    st.ev[C_CARDS_PLAYED] -= st.hand_n[p]  # discarded, not played
    play_cards(st, p, (1 << st.hand_n[p]) - 1)
    st.supply[p] -= 1
    st.boxed[p] += 1
    st.ev[C_DISCARDS] += 1
    st.ev[C_BOXED_SUPPLY] += 1
    st.sev[p, S_DISCARDS] += 1
    refill(A, st, p, rng)


@rule
def take_turn(A, st, p, m, rng):
    """A turn of p with card subset ``m`` (0: no playable card): play, place, check the end,
    draw. Sets ``info[I_END]`` when the game ends."""
    turn_steps(A, st, p, m, rng)


@rule(inline=True)
def turn_steps(A, st, p, m, rng):
    """:func:`take_turn`, inlined into the kernel's game loop (a call passes every array of
    the state)."""
    solo = A.mode == MODE_SOLO
    if m == 0:
        if solo:  # not even a minus tower: the solo game is lost
            st.info[I_END] = E_SOLO_LOSS
        else:
            discard_hand(A, st, p, rng)
        return
    s = play_cards(st, p, m)
    c = A.cell_of[s]
    place_monkey(A, st, p, c)
    if solo:
        if square_complete(A, st):
            st.info[I_END] = E_SOLO_WIN if st.info[I_TURN] >= A.solo_min_round else E_SOLO_LOSS
            return
    else:
        e = check_win(A, st, p, c)
        if e != E_NONE:
            st.info[I_END] = e
            return
    refill(A, st, p, rng)


@rule
def next_player(A, st, p):
    """Turn order: clockwise from p, skipping players without monkeys in supply; -1 if none."""
    q = p
    for _ in range(A.n_players):
        q = q + 1 if q + 1 < A.n_players else 0  # (p + k) % n_players, without a division
        if st.supply[q] > 0:
            return q
    return -1


@rule
def turn_bound(A, st):
    """End by rounds (solo: after ``solo_rounds`` rounds the game is lost) or by the turn cap
    (a modelling guard, counted); returns the end reason or E_NONE."""
    if A.mode == MODE_SOLO and st.info[I_TURN] >= A.solo_rounds:
        return E_SOLO_LOSS
    if st.info[I_TURN] >= A.max_turns:
        st.ev[C_TURN_CAP] += 1
        return E_SOLO_LOSS if A.mode == MODE_SOLO else E_POINTS
    return E_NONE


@rule
def final_scoring(A, st, count):
    """End of the game: minority monkeys leave every field, a tied top count removes all; each
    player scores the numbers of the fields they still hold (``count``: record the fields), by
    source in ``st.xsrc`` (a field owned by the 2-more rule, or held by a majority)."""
    n_p = A.n_players
    for q in range(n_p):
        st.points[q] = 0
        st.best[q] = 0
        st.xsrc[q, SRC_MAJORITY] = 0
        st.xsrc[q, SRC_OWNED] = 0
    for c in range(N_CELLS):
        top = 0
        who = -1
        total = 0
        for q in range(n_p):
            x = st.counts[c, q]
            total += x
            if x > top:
                top = x
                who = q
            elif x == top:
                who = -1
        if total == 0:
            continue
        if who < 0:
            if count:
                st.ev[C_FINAL_REMOVED] += total
            continue
        if count:
            st.ev[C_FINAL_REMOVED] += total - top
            st.fev[2, c] += 1
            st.sev[who, S_FIELDS] += 1
        st.points[who] += A.number[c]
        st.xsrc[who, SRC_OWNED if st.owner[c] == who else SRC_MAJORITY] += A.number[c]
        if A.number[c] > st.best[who] and (A.tie_break == 0 or st.owner[c] == who):
            st.best[who] = A.number[c]


@rule(inline=True)
def solo_score(A, st):
    """Solo score: the number of the field of the last monkey minus the minus-tower fields."""
    s = A.number[st.info[I_LAST]]
    for c in range(N_CELLS):
        if st.counts[c, 0] >= 2:
            s -= A.number[c]
    return s


@rule
def finish_game(A, st, end, last, count):
    """Winners and scores: a row (square) wins for its player; otherwise the highest total,
    ties broken by the highest field held with a majority at the end (tie_break "owned": the
    highest field owned by the 2-more rule; still tied: shared). Score = points; solo: the
    one seat wins on a success, scoring the solo score, and scores 0 on a loss. Returns the
    number of winners (0 for a solo loss)."""
    n_p = A.n_players
    if A.mode == MODE_SOLO:
        st.points[0] = solo_score(A, st) if end == E_SOLO_WIN else 0
        last = A.number[st.info[I_LAST]] if end == E_SOLO_WIN else 0
        st.xsrc[0, SRC_LAST] = last  # the sources: the last field plus, the towers minus
        st.xsrc[0, SRC_TOWERS] = st.points[0] - last
        st.best[0] = 0
        st.winners[0] = 1 if end == E_SOLO_WIN else 0
        st.scores[0] = st.points[0]
        return st.winners[0]
    final_scoring(A, st, count and end == E_POINTS)
    k = 0
    if end == E_ROW or end == E_SQUARE:
        for q in range(n_p):
            st.winners[q] = 1 if q == last else 0
        k = 1
    else:
        top = -1
        for q in range(n_p):
            if st.points[q] > top:
                top = st.points[q]
        hi = -1
        for q in range(n_p):
            if st.points[q] == top and st.best[q] > hi:
                hi = st.best[q]
        for q in range(n_p):
            w = st.points[q] == top and st.best[q] == hi
            st.winners[q] = 1 if w else 0
            k += st.winners[q]
    for q in range(n_p):
        st.scores[q] = st.points[q]
    return k


