"""Monkey Fun: the built-in bots' one-step policies (numba ``rule`` helpers).

``random`` (uniform over the useful legal plays), the linear evaluation shared by ``greedy``,
``row``, ``blocker`` and ``weights`` (its features and weights are documented in ``bots.py``),
the solo planner's heuristic, and the tie rule every built-in bot follows: plays of equal value
(within :data:`EPS`) are a tie, broken uniformly at random from the game's stream, and card
subsets playing the same cards from other hand slots are one play. The searching bots
(``search.py``) play these policies in their playouts; ``bots.py`` dispatches a decision to them.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import randint
from simlab.games.monkey.engine import ONES, threes
from simlab.games.monkey.rules import N_CELLS
from simlab.games.monkey.state import I_BOUNDS, I_KEEP, I_NDISC, I_TOWERS, I_TURN, OWNED

N_PARAMS = 11
W_WIN, W_MAJ, W_OWN, W_L2, W_L3, W_BLOCK, W_LEADER, W_CONTEST, W_FOCUS, W_COST, W_FIELD = \
    range(11)
EVAL_PARAMS = ("win", "majority", "ownership", "line2", "line3", "block", "leader", "contest",
               "focus", "cost", "field")
SOLO_PARAMS = ("reach", "keep", "score", "cost", "playouts", "ahead", "count")
P_REACH, P_KEEP, P_SCORE, P_SOLO_COST, P_PLAYOUTS, P_AHEAD, P_COUNT = range(7)
#: plays whose values differ by at most this are a tie (float sums in different orders)
EPS = 1e-9


@rule(inline=True)
def play_cost(A, st, m):
    """Cards in the legal play m (a subset of the hand ``legal_plays`` last enumerated:
    ``st.pk``, ``st.psum``) plus their sum / 10 (``A.tenth``: the same float as the division)."""
    return st.pk[m] + A.tenth[st.psum[m]]


@rule(inline=True)
def canonical(st, p, m):
    """Is subset m the first of the subsets that play the same cards? (Of equal cards it takes
    those in the lowest hand slots.) Others are the same play from other slots."""
    for j in range(1, st.hand_n[p]):
        if (m >> j) & 1:
            for i in range(j):
                if not (m >> i) & 1 and st.hand[p, i] == st.hand[p, j]:
                    return False
    return True


@rule(inline=True)
def leader_seat(A, st, p, rng):
    """The opponent with most open 3-of-4 threats (then most majority fields); opponents tied
    on both: one drawn uniformly from the game's stream (never the lower seat). -1 when no
    opponent has an open threat (the leader term then has nothing to break).

    A threat of q: a shape holding 3 of q's majorities with no field owned by another player
    (``st.lines``). The counts of all players are gathered in one pass, 8 bits per player."""
    threats = 0
    for s in range(A.shapes.shape[0]):
        x = st.lines[s]
        t = threes(x)
        if t == 0:
            continue
        o = x >> OWNED  # bit q: q owns a field of the shape
        for q in range(A.n_players):
            if (t >> (4 * q)) & 1 and o & ~(1 << q) == 0:
                threats += 1 << (8 * q)
    fields = 0
    for c in range(N_CELLS):
        if st.maj[c] >= 0:
            fields += 1 << (8 * st.maj[c])
    best = -1
    best_key = -1
    ties = 0
    for q in range(A.n_players):
        if q == p:
            continue
        t = (threats >> (8 * q)) & 255
        if t == 0:
            continue
        key = t * 100 + ((fields >> (8 * q)) & 255)
        if key > best_key:
            best_key = key
            best = q
            ties = 1
        elif key == best_key:
            ties += 1
            if randint(rng, ties) == 0:
                best = q
    return best


@rule(inline=True)
def _takes_fourth(A, st, p, q, c):
    """c is the fourth field of q's open 3-of-4 shape: could q complete it with one monkey on c
    before p places there, and not after? (p's monkey takes the majority or the field.)"""
    if st.owner[c] >= 0:
        return False
    top = 0  # most monkeys of another player than q on c, before
    for r in range(A.n_players):
        if r != q and st.counts[c, r] > top:
            top = st.counts[c, r]
    if st.counts[c, q] + 1 <= top:
        return False  # q could not take it in one anyway
    mine = st.counts[c, p] + 1
    return st.counts[c, q] + 1 <= max(top, mine)


#: ``st.vals`` slots of the evaluation's line-term tables (below: the fields' values)
T_GAIN = 40  # T_GAIN + n: p's count in a shape rises to n: the line2 / line3 / win weight
T_SAME = 45  # T_SAME + n: p's count stays n: the win weight for 4


@rule(inline=True)
def _evaluation_tables(st, w):
    """Per decision: the terms of p's own count in a shape after a placement (``T_GAIN``,
    ``T_SAME``) into ``st.vals``; 0.0 where there is none (adding 0.0 changes no sum). Returns
    whether the weights are finite (else :func:`_evaluate` adds every term the long way)."""
    for n in range(5):
        st.vals[T_GAIN + n] = 0.0
        st.vals[T_SAME + n] = 0.0
    st.vals[T_GAIN + 2] = w[W_L2]  # 1 -> 2: w_l2 * 1 + w_l3 * 0
    st.vals[T_GAIN + 3] = w[W_L3]  # 2 -> 3: w_l2 * 0 + w_l3 * 1
    st.vals[T_GAIN + 4] = w[W_WIN]  # 3 -> 4: the win, and no line term
    st.vals[T_SAME + 4] = w[W_WIN]
    return np.isfinite(w[W_L2]) and np.isfinite(w[W_L3]) and np.isfinite(w[W_FOCUS])


@rule(inline=True)
def evaluate(A, st, p, c, w, leader):
    """The linear evaluation of p placing on c (without the card cost); see
    :func:`_evaluate`."""
    return _evaluate(A, st, p, c, w, leader, _evaluation_tables(st, w))


@rule(inline=True)
def _evaluate(A, st, p, c, w, leader, finite):
    """The linear evaluation of p placing on c (without the card cost), after
    :func:`_evaluation_tables` (``finite``: what it returned).

    Per shape through c it reads the majorities each player holds there and its owners from
    ``st.lines`` (before; after: c's majority moves from ``before`` to ``after``); a shape is
    dead for a player when another player owns one of its fields. The terms are added in a
    fixed order (the header, then shape by shape, player by player). Zero terms are skipped or
    added as 0.0, which leaves a sum as it is, so the value is the same float as adding every
    term the long way; with a weight that is not finite every term is added. (The arrays are
    read into locals once: through a reference, ``st.x`` is a load from the state.)"""
    if st.owner[c] == p:  # the monkey would go straight to the box
        return 0.0
    v, before, after = _header(A, st, p, c, w)
    return _line_terms(A, st, p, c, w, leader, finite, v, before, after)


@rule(inline=True)
def _header(A, st, p, c, w):
    """The first terms of :func:`_evaluate` (c not p's own field): majority, ownership and
    contest; returns (their sum, c's majority before, after p's monkey)."""
    o = st.owner[c]
    counts = st.counts
    before = st.maj[c]
    mine = counts[c, p] + 1
    own = False
    if o >= 0:
        after = o
    else:  # who holds the majority after p's monkey (the only one, or nobody on a tie)
        top = mine
        after = p
        most = -2  # the most monkeys of another player
        for q in range(A.n_players):
            if q == p:
                continue
            x = counts[c, q]
            most = max(most, x)
            after = q if x > top else (-1 if x == top else after)  # selects, no jumps
            top = max(top, x)
        own = after == p and most + 2 <= mine  # 2 more than every other player
    v = 0.0
    gain = after == p and before != p  # p's count rises by one in every shape through c
    if gain:
        v += w[W_MAJ] + w[W_FIELD] * A.number[c] / 36.0
    if own:
        v += w[W_OWN]
    if before >= 0 and before != p and after != before:
        v += w[W_CONTEST]
    return v, before, after


@rule(inline=True)
def _line_terms(A, st, p, c, w, leader, finite, v, before, after):
    """:func:`_evaluate` after :func:`_header` (``v``: its sum): the shapes' terms and focus."""
    lines = st.lines
    vals = st.vals
    cell_shapes = A.cell_shapes
    gain = after == p and before != p  # p's count rises by one in every shape through c
    delta = 0  # the placement's change of the packed counts of every shape through c
    if before >= 0:
        delta -= 1 << (4 * before)
    if after >= 0:
        delta += 1 << (4 * after)
    sh = 4 * p
    me = 1 << sh
    opp = ONES & ~me
    short = finite and not (before == p and after != p)  # p's count does not fall
    table = T_GAIN if gain else T_SAME
    rise = 1 if gain else 0
    dead = ~(1 << (OWNED + p)) & ~((1 << OWNED) - 1)  # owner bits of the other players
    focus = 0
    ncs = A.n_cell_shapes[c]
    k = 0
    if short:  # a tight loop while the shapes have only p's own terms (the usual case)
        while k < ncs:
            cnt0 = lines[cell_shapes[c, k]]
            if threes(cnt0) & opp:
                break  # an opponent's threat: this shape and the rest the long way
            n1 = ((cnt0 >> sh) & 15) + rise if cnt0 & dead == 0 else 0
            v += vals[table + n1]
            focus = max(focus, n1)
            k += 1
    while k < ncs:
        cnt0 = lines[cell_shapes[c, k]]  # majorities per player (4 bits each), owners
        threats = threes(cnt0) & opp  # opponents holding 3 of the shape
        k += 1
        if short and threats == 0:  # only p's own terms (none when the shape is dead)
            n1 = ((cnt0 >> sh) & 15) + rise if cnt0 & dead == 0 else 0
            v += vals[table + n1]
            focus = max(focus, n1)
            continue
        cnt1 = cnt0 + delta
        owners = cnt0 >> OWNED  # bit q: q owns a cell of the shape
        need = threats | me  # who can have a term: p, and opponents holding 3
        for q in range(A.n_players):
            if not (need >> (4 * q)) & 1 or owners & ~(1 << q):
                continue  # nothing to add, or the shape is dead for q
            n0 = (cnt0 >> (4 * q)) & 15
            n1 = (cnt1 >> (4 * q)) & 15
            if q == p:
                if n1 == 4:
                    v += w[W_WIN]
                v += w[W_L2] * (int(n1 >= 2) - int(n0 >= 2)) + w[W_L3] * (int(n1 >= 3) - int(n0 >= 3))
                if n1 > focus:
                    focus = n1
            elif n0 == 3 and (n1 != 3 or (before != q and _takes_fourth(A, st, p, q, c))):
                v += w[W_BLOCK]
                if q == leader:
                    v += w[W_LEADER]
    v += w[W_FOCUS] * focus
    return v


@rule(inline=True)
def _all_finite(w):
    """Are all the evaluation's weights finite numbers?"""
    for i in range(N_PARAMS):
        if not np.isfinite(w[i]):
            return False
    return True


@rule(inline=True)
def seat_bounds(A, st, q, w):
    """Start of a game: seat q's upper bounds of its field values, kept by the rules (``st.kb``,
    ``st.kbv``, ``st.kgain``, ``st.kinc``), when its weights make the value monotone (every
    term of a shape, the block, leader and focus weights at least 0, the line terms rising with
    the count: 0 <= line2 <= line3 <= win); returns whether they do.

    A field's value for q reads the field's own monkeys, owner and majority (a placement there
    clears the bound: ``forget_fields``) and, per shape through it, q's count and the opponents
    holding 3 (while alive for them). With such weights the value can only rise when q's count
    in a shape rises, by at most ``kinc[q, n]`` (count n -> n + 1, the field gains its majority
    for q) or ``kinc[q, n + 5]`` (it does not), or when an opponent's count of 3 appears, by
    at most ``kinc[q, 10]`` (block and leader); the rules add these (``raise_bounds``). The
    empty board's values are the bounds at the start. Each rise carries a margin far above the
    float sums' rounding."""
    if not _all_finite(w):
        return False
    l2 = w[W_L2]
    l3 = w[W_L3]
    win = w[W_WIN]
    focus = w[W_FOCUS]
    if not (0.0 <= l2 <= l3 <= win and w[W_BLOCK] >= 0.0 and w[W_LEADER] >= 0.0
            and focus >= 0.0):
        return False
    size = 1.0
    for i in range(N_PARAMS):
        size += abs(w[i])
    slack = 1e-9 * size
    gain = (0.0, 0.0, l2, l3, win, 0.0)  # the term of a count n in a shape, when it gains
    same = (0.0, 0.0, 0.0, 0.0, win, 0.0)  # when it does not
    for n in range(5):
        up = gain[n + 2] - gain[n + 1] + focus if n < 4 else focus
        st.kinc[q, n] = up + slack if up > 0.0 else 0.0
        up = same[n + 1] - same[n] + focus
        st.kinc[q, n + 5] = up + slack if up > 0.0 else 0.0
    up = w[W_BLOCK] + w[W_LEADER]
    st.kinc[q, 10] = up + slack if up > 0.0 else 0.0
    # the empty board: c gains its majority (and is owned at once with no opponent: solo),
    # p holds one of each shape through c
    # (a bound: / 36 as a product, its rounding far inside the margin)
    own = w[W_OWN] if A.n_players == 1 else 0.0
    first = w[W_MAJ] + own + focus + slack
    field = w[W_FIELD] * (1.0 / 36.0)
    for c in range(N_CELLS):
        st.kb[q, c] = first + field * A.number[c]
    st.kbv[q] = (np.int64(1) << N_CELLS) - 1
    st.kgain[q] = (np.int64(1) << N_CELLS) - 1
    return True


@rule(inline=True)
def _threat_cells(A, st):
    """The cells of the shapes where some player holds 3 (a field's value reads the leader
    only there)."""
    mask = np.int64(0)
    for s in range(A.shapes.shape[0]):
        if threes(st.lines[s]):
            mask |= A.shape_mask[s]
    return mask


@rule(inline=True)
def tie_step(v, best, ties, eligible, rng):
    """One step of "keep the best, draw among ties": value v against the best so far (within
    EPS); ``eligible`` False leaves a tied value out (a subset repeating an earlier play).
    Returns (take v, new best, new tie count); a draw from the stream only on a tie."""
    if v > best + EPS:
        return True, v, 1
    if v >= best - EPS and eligible:
        ties += 1
        return randint(rng, ties) == 0, best, ties
    return False, best, ties


@rule(inline=True)
def tie_play(v, best, ties, st, p, m, rng):
    """:func:`tie_step` for play m of p's hand: a tied value counts only if m is the first
    subset playing its cards (:func:`canonical`, checked only on a tie)."""
    if v > best + EPS:
        return True, v, 1
    if v >= best - EPS and canonical(st, p, m):
        ties += 1
        return randint(rng, ties) == 0, best, ties
    return False, best, ties


@rule  # not inlined: its own registers, not the game loop's (measured faster)
def evaluation_play(A, st, p, n, w, rng):
    """The linear evaluation's play (``greedy``, ``row``, ``blocker``, ``weights``; weights w)
    among the n legal plays in st.masks/st.cells: the best value of the field plus the card
    cost; ties (within EPS) drawn uniformly from the stream over the distinct plays (a subset
    playing the same cards as an earlier one from other slots has its value and comes later:
    it never leads, and it is not counted in a tie).

    In the kernel's games (``I_KEEP``) a field's value is kept for the seat's later decisions
    (``st.fval``) until the rules mark it stale (``st.fok``; those in shapes with a threat when
    the leader changes), and a play whose field's kept upper bound (:func:`seat_bounds`) plus
    its cost is below the best so far less EPS is passed over unevaluated: it could neither
    lead nor tie, so the choice and the draws are those of evaluating every field. A field
    evaluated sets its bound to its value."""
    leader = -1
    if A.n_players > 1 and w[W_LEADER] != 0.0:
        leader = leader_seat(A, st, p, rng)
    best = -1e18
    bm = st.masks[0]
    ties = 0
    keep = st.info[I_KEEP] == 1
    bounds = keep and (st.info[I_BOUNDS] >> p) & 1 == 1
    ok = st.fok[p] if keep else np.int64(0)  # bit per cell whose kept value is up to date
    bok = st.kbv[p] if bounds else np.int64(0)  # bit per cell whose kept bound holds
    gains = st.kgain[p]
    if st.flead[p] != leader:
        if keep:
            stale = _threat_cells(A, st)
            ok &= ~stale
            bok &= ~stale
        st.flead[p] = leader
    finite = _evaluation_tables(st, w)
    kb = st.kb[p]
    cells = st.cells
    masks = st.masks
    pcost = st.pcost
    vals = st.fval[p]
    w_cost = w[W_COST]
    owner = st.owner
    for i in range(n):
        c = cells[i]
        m = masks[i]
        cost = w_cost * pcost[i]  # play_cost
        bit = np.int64(1) << c
        if ok & bit:
            cv = vals[c]
        elif bok & bit and kb[c] + cost < best - EPS:
            continue  # cannot lead nor tie
        else:
            if owner[c] == p:  # the monkey would go straight to the box
                cv = 0.0
                gains &= ~bit
            else:
                hv, before, after = _header(A, st, p, c, w)
                cv = _line_terms(A, st, p, c, w, leader, finite, hv, before, after)
                gains = gains | bit if after == p and before != p else gains & ~bit
            vals[c] = cv
            ok |= bit
            kb[c] = cv
            bok |= bit
        v = cv + cost
        take, best, ties = tie_play(v, best, ties, st, p, m, rng)
        if take:
            bm = m
    st.fok[p] = ok
    if bounds:
        st.kbv[p] = bok
        st.kgain[p] = gains
    return bm


@rule(inline=True)
def _free_fields(A, st):
    """Solo: the free fields of the inner square (no monkey yet)."""
    n = 0
    for c in range(N_CELLS):
        if A.inner[c] == 1 and st.counts[c, 0] == 0:
            n += 1
    return n


@rule(inline=True)
def _kept_reach(A, st, p, m, c):
    """Solo: free square fields other than c that the cards p keeps after playing subset m can
    name by themselves (they are reachable next round whatever is drawn; subset totals from
    ``st.psum``/``st.pk``)."""
    nh = st.hand_n[p]
    hit = np.int64(0)  # bit per cell (36 cells fit in an int64)
    for k in range(1, 1 << nh):
        if k & m:
            continue
        t = st.psum[k]
        if st.pk[k] > A.max_play or t < 1 or t > N_CELLS:
            continue
        x = A.cell_of[t]
        if x != c and A.inner[x] == 1 and st.counts[x, 0] == 0:
            hit |= np.int64(1) << x
    return bits(hit)


@rule(inline=True)
def bits(x):
    """How many bits of x are set (fields in a bit mask)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@rule(inline=True)
def _unseen(A, st, p):
    """Card counting: ``st.ic[0, v]`` = the copies of value v that p has not seen, the deck
    less p's hand and the face-up discard pile (exactly the draw pile's cards, in an unknown
    order)."""
    out = st.ic[0]
    out[:] = 0
    for i in range(A.n_cards):
        out[A.deck[i]] += 1
    for i in range(st.hand_n[p]):
        out[st.hand[p, i]] -= 1
    for i in range(st.info[I_NDISC]):
        out[st.discard[i]] -= 1


@rule(inline=True)
def _hand_names(A, hand, h, sums, cnt):
    """Bit n set for every field number n that 1..``max_play`` of the first h cards in
    ``hand`` name together (``sums``/``cnt``: scratch, 2**h entries)."""
    names = np.int64(0)
    sums[0] = 0
    cnt[0] = 0
    for i in range(h):
        b = 1 << i
        for m in range(b, 2 * b):
            s = sums[m - b] + hand[i]
            k = cnt[m - b] + 1
            sums[m] = s
            cnt[m] = k
            if k <= A.max_play and 1 <= s <= N_CELLS:
                names |= np.int64(1) << s
    return names


@rule(inline=True)
def _choose(n, r):
    """The binomial coefficient C(n, r) as a float (0 when r > n)."""
    if r < 0 or r > n:
        return 0.0
    x = 1.0
    for i in range(r):
        x = x * (n - i) / (i + 1)
    return x


@rule
def draw_odds(A, st, nb, k, cover, tower, want_reach):
    """One draw ahead, exactly: the hand is the ``nb`` cards in ``st.hb`` plus k cards drawn
    from the pool ``st.ic[1]`` (copies per value, drawn without replacement: every multiset of
    k values with its hypergeometric chance). Returns (the chance the hand names a field
    number in the bit mask ``cover``, the chance it names none in ``cover | tower``); with
    ``want_reach``, ``st.fc[n]`` gains the chance that it names n."""
    pool = st.ic[1]
    vals = st.ic[2]
    idx = st.ic[3]
    hand = st.hb
    sums = st.ss[0]
    cnt = st.ss[1]
    total = 0
    nv = 0
    for v in range(N_CELLS + 1):
        if pool[v] > 0:
            total += pool[v]
            vals[nv] = v
            nv += 1
    k = min(k, total)
    h = nb + k
    either = cover | tower
    p_cover = 0.0
    p_none = 0.0
    denom = _choose(total, k)
    for j in range(k):
        idx[j] = 0  # the drawn values as indices into vals, rising
    while True:
        wgt = 1.0  # copies of the multiset in the pool: the product of C(pool[v], run)
        run = 0
        for j in range(k):
            run += 1
            if j == k - 1 or idx[j + 1] != idx[j]:
                wgt *= _choose(pool[vals[idx[j]]], run)
                run = 0
            hand[nb + j] = vals[idx[j]]
        if wgt > 0.0:
            wgt /= denom
            names = _hand_names(A, hand, h, sums, cnt)
            if names & cover:
                p_cover += wgt
            if names & either == 0:
                p_none += wgt
            if want_reach:
                for n in range(1, N_CELLS + 1):
                    if (names >> n) & 1:
                        st.fc[n] += wgt
        j = k - 1  # the next rising sequence (an odometer over the values)
        while j >= 0 and idx[j] == nv - 1:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for i in range(j + 1, k):
            idx[i] = idx[j]
    return p_cover, p_none


@rule(inline=True)
def _free_numbers(A, st):
    """Solo: bit n set for the field number n of every free square field."""
    x = np.int64(0)
    for c in range(N_CELLS):
        if A.inner[c] == 1 and st.counts[c, 0] == 0:
            x |= np.int64(1) << A.number[c]
    return x


@rule(inline=True)
def _tower_numbers(A, st, c):
    """Solo: bit n set for the fields a minus tower could go on next round after p's monkey
    on c (own monkey there, below ``solo_max_per_field``, and an existing tower or a tower
    field left)."""
    towers = st.info[I_TOWERS] + (1 if st.counts[c, 0] == 1 else 0)
    x = np.int64(0)
    for y in range(N_CELLS):
        n = st.counts[y, 0] + (1 if y == c else 0)
        if A.inner[y] == 0 or n == 0 or n >= A.solo_max_per_field:
            continue
        if n >= 2 or towers < A.solo_max_towers:
            x |= np.int64(1) << A.number[y]
    return x


@rule
def solo_counted_reach(A, st, p):
    """Card counting: ``st.fc[n]`` = the chance that a hand of ``hand_size`` cards drawn from
    the cards p has not seen (``st.ic[0]``, :func:`_unseen`; the discard pile too when they
    are fewer) names field number n."""
    st.fc[:] = 0.0
    total = 0
    for v in range(N_CELLS + 1):
        st.ic[1, v] = st.ic[0, v]
        total += st.ic[0, v]
    if total < A.hand_size:
        for i in range(st.info[I_NDISC]):
            st.ic[1, st.discard[i]] += 1
    draw_odds(A, st, 0, A.hand_size, np.int64(0), np.int64(0), True)


@rule
def solo_ahead(A, st, p, c, m):
    """One draw ahead of solo play m (cards of subset m, naming cell c): the next round's
    hand is the cards p keeps plus those drawn back to ``hand_size`` from the unseen cards
    (``st.ic[0]``; a short draw pile: all of it, then the rest from the reshuffled discard
    pile with the cards just played). Returns the chance that next round covers a free square
    field less the chance that it cannot: no field at all (the game is lost), or only a minus
    tower when the free fields left need every round that remains. 0 when no round follows
    (the square complete, or the last round)."""
    t = st.info[I_TURN]
    free = _free_numbers(A, st) & ~(np.int64(1) << A.number[c])
    nfree = bits(free)
    if nfree == 0 or t >= A.solo_rounds:
        return 0.0
    tower = _tower_numbers(A, st, c)
    if nfree > A.solo_rounds - t - 1:
        tower = np.int64(0)  # a tower next round leaves too few rounds: as good as lost
    nh = st.hand_n[p]
    nb = 0
    for i in range(nh):
        if not (m >> i) & 1:
            st.hb[nb] = st.hand[p, i]
            nb += 1
    k = A.hand_size - nb
    left = 0
    for v in range(N_CELLS + 1):
        st.ic[1, v] = st.ic[0, v]
        left += st.ic[0, v]
    if left < k:  # the draw pile runs out: all of it, then the reshuffled discard pile
        for v in range(N_CELLS + 1):
            for _ in range(st.ic[1, v]):
                st.hb[nb] = v
                nb += 1
            st.ic[1, v] = 0
        for i in range(st.info[I_NDISC]):
            st.ic[1, st.discard[i]] += 1
        for i in range(nh):
            if (m >> i) & 1:
                st.ic[1, st.hand[p, i]] += 1
        k -= left
    p_cover, p_none = draw_odds(A, st, nb, k, free, tower, False)
    return p_cover - p_none


@rule(inline=True)
def _count_cards(A, st, p, w):
    """Per decision: the unseen cards (``ahead`` or ``count``) and, with ``count``, the
    counted reach (``st.fc``)."""
    if w[P_COUNT] != 0.0 or w[P_AHEAD] != 0.0:
        _unseen(A, st, p)
    if w[P_COUNT] != 0.0:
        solo_counted_reach(A, st, p)


@rule(inline=True)
def _solo_value(A, st, p, c, m, w, nfree):
    """The solo planner's value of one play (cell c, subset m) with ``nfree`` free square
    fields: :func:`solo_value` with the decision's card count done here (the replay asks
    it play by play)."""
    _count_cards(A, st, p, w)
    return solo_value(A, st, p, c, m, w, nfree)


@rule(inline=True)
def solo_value(A, st, p, c, m, w, nfree):
    """Solo planner, one play (cell c, subset m) with ``nfree`` free square fields, after
    :func:`_count_cards`; reach: the chance a hand names a field number (``A.reach``, a fresh
    hand from the whole deck, or with ``count`` from the cards p has not seen, ``st.fc``):

    - a free field: the hardest to reach first (``reach`` weighs it), so the easy sums are
      left for the last rounds; with two free fields left, the one left for last is the one
      most worth waiting for: its chance to be named in the rounds that remain times
      (1 + ``score`` * its number / 36), since the completing monkey scores its field;
    - a minus tower: on an existing tower (no new minus points), else on the lowest field (its
      number is deducted);
    - ``ahead``: one draw ahead (:func:`solo_ahead`): the chance that the next round covers a
      free field less the chance that it cannot (lost, or a tower with no round to spare);
    - ``keep``: free fields the kept cards name by themselves (a share of those left);
      ``cost``: cards and their sum, which separates plays naming the same field."""
    reach = st.fc if w[P_COUNT] != 0.0 else A.reach
    n = st.counts[c, p]
    left = nfree - 1 if n == 0 else nfree
    v = 0.0
    if n == 0:
        if nfree == 2:
            x = -1
            for y in range(N_CELLS):
                if A.inner[y] == 1 and st.counts[y, 0] == 0 and y != c:
                    x = y
            k = A.solo_rounds - st.info[I_TURN]
            q = 1.0 - (1.0 - reach[A.number[x]]) ** max(k, 1)
            v = q * (1.0 + w[P_SCORE] * A.number[x] / 36.0)
        else:
            v = -w[P_REACH] * reach[A.number[c]]
    elif n >= 2:
        v = 2.0
    else:
        v = 1.0 - A.number[c] / 36.0
    if w[P_AHEAD] != 0.0:
        v += w[P_AHEAD] * solo_ahead(A, st, p, c, m)
    if left > 0 and w[P_KEEP] != 0.0:
        v += w[P_KEEP] * _kept_reach(A, st, p, m, c) / left
    return v - w[P_SOLO_COST] * play_cost(A, st, m)


@rule
def solo_choice(A, st, p, n, w, rng):
    """The solo planner's play among the n legal plays in st.masks (ties drawn from the stream
    over distinct plays); the cards counted once per decision."""
    nfree = _free_fields(A, st)
    _count_cards(A, st, p, w)
    best = -1e18
    bm = st.masks[0]
    ties = 0
    for i in range(n):
        m = st.masks[i]
        v = solo_value(A, st, p, st.cells[i], m, w, nfree)
        take, best, ties = tie_play(v, best, ties, st, p, m, rng)
        if take:
            bm = m
    return bm


@rule(inline=True)
def random_play(A, st, p, n, rng):
    """The random bot: uniform over the legal plays that add a monkey somewhere useful (not on
    a field p owns, where it would go to the box); uniform over all when there is no other."""
    useful = 0
    for i in range(n):
        if st.owner[st.cells[i]] != p:
            useful += 1
    if useful == 0 or useful == n:
        return st.masks[randint(rng, n)]
    k = randint(rng, useful)
    for i in range(n):
        if st.owner[st.cells[i]] != p:
            if k == 0:
                return st.masks[i]
            k -= 1
    return st.masks[0]
