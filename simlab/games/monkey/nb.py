"""Monkey Fun: numba kernels (arrays, scalars and NamedTuples in; arrays out).

Each function implements one rule of the rulebook; ``play_game`` strings them together and
``run_batch`` plays games ``[start, start+count)`` of a seed into the aggregate arrays. The rule
helpers count what happens in the state's own counters (``st.ev``, ``st.sev``, ``st.fev``), which
``play_game`` adds to the aggregates at the end of a game; the bots' playouts run the same
helpers on a scratch state whose counters nobody reads.
"""

from __future__ import annotations

import numpy as np

from simlab.core.jit import batch, rule
from simlab.core.rng import randint, seed_stream
from simlab.core.shape import record_shape
from simlab.games.monkey.rules import MODE_SOLO, N_CELLS, SHAPE_ROW
from simlab.games.monkey.state import (
    C_BOARD_END,
    C_BOXED_BOARD,
    C_BOXED_SUPPLY,
    C_CARD_ERRORS,
    C_CARDS_DRAWN,
    C_CARDS_PLAYED,
    C_DISCARDS,
    C_FINAL_REMOVED,
    C_FIRST_UNPLAYABLE,
    C_ILLEGAL,
    C_OWNED,
    C_OWNER_EXTRA,
    C_OWNER_EXTRA_VOLUNTARY,
    C_PLACED,
    C_RESHUFFLES,
    C_SUPPLY_END,
    C_TOWER_MONKEYS,
    C_TOWERS,
    C_TURN_CAP,
    C_TURNS,
    E_NONE,
    E_POINTS,
    E_ROW,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    E_SQUARE,
    I_CUR,
    I_END,
    I_LAST,
    I_NDISC,
    I_NDRAW,
    I_TOWERS,
    I_TURN,
    N_TENTHS,
    S_BOXED_BOARD,
    S_DISCARDS,
    S_FIELDS,
    S_OWNED,
    S_PLACED,
    S_POINTS,
    S_ROW_WINS,
    SCORE_BINS,
    SOLO_BINS,
    SOLO_OFFSET,
)


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
    st.info[:] = 0
    st.ev[:] = 0
    st.sev[:] = 0
    st.fev[:] = 0
    for q in range(n_p):
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
    Fills ``st.masks``/``st.cells`` (subsets in increasing bitmask order); returns the count."""
    nh = st.hand_n[p]
    n = 0
    solo = A.mode == MODE_SOLO
    for tier in range(1, 3 if solo else 2):
        for m in range(1, 1 << nh):
            k = 0
            s = 0
            for i in range(nh):
                if (m >> i) & 1:
                    k += 1
                    s += st.hand[p, i]
            if k > A.max_play or s < 1 or s > N_CELLS:
                continue
            c = A.cell_of[s]
            if solo:
                if solo_tier(A, st, c) != tier:
                    continue
            elif not may_place(A, st, p, c):
                continue
            st.masks[n] = m
            st.cells[n] = c
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
    k = 0
    s = 0
    nd = st.info[I_NDISC]
    for i in range(nh):
        v = st.hand[p, i]
        if (m >> i) & 1:
            st.discard[nd] = v
            nd += 1
            s += v
            st.ev[C_CARDS_PLAYED] += 1
        else:
            st.hand[p, k] = v
            k += 1
    st.hand_n[p] = k
    st.info[I_NDISC] = nd
    return s


@rule(inline=True)
def update_majority(A, st, c):
    """Majority: strictly more monkeys than every other player; an owned field is the owner's."""
    if st.owner[c] >= 0:
        st.maj[c] = st.owner[c]
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
    st.maj[c] = who


@rule(inline=True)
def resolve_ownership(A, st, p, c):
    """The field belongs to you: 2 more monkeys than every other player -> p owns it, keeps 2
    monkeys there, every other monkey on it (p's extras too) goes to the box."""
    mine = st.counts[c, p]
    for q in range(A.n_players):
        if q != p and st.counts[c, q] + 2 > mine:
            return
    st.owner[c] = p
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
        st.maj[c] = p
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
    (horizontal, vertical, diagonal; quick game: or a 2x2 square)."""
    square = False
    for k in range(A.n_cell_shapes[c]):
        s = A.cell_shapes[c, k]
        ok = True
        for j in range(4):
            if st.maj[A.shapes[s, j]] != p:
                ok = False
                break
        if ok:
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
    for k in range(1, A.n_players + 1):
        q = (p + k) % A.n_players
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
    player scores the numbers of the fields they still hold (``count``: record the fields)."""
    n_p = A.n_players
    for q in range(n_p):
        st.points[q] = 0
        st.best[q] = 0
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


@rule
def running_score(A, st, q):
    """Game shape: q's score if the game ended now, nothing changed: the numbers of the fields
    where q has the majority (an owned field is its owner's). That is final scoring on the
    position (minorities leave, a tied top count scores for nobody); the game does not score
    as it goes. The kernel keeps it incrementally (``record_turn``); this is the long way."""
    s = 0
    for c in range(N_CELLS):
        if st.maj[c] == q:
            s += A.number[c]
    return s


@rule(inline=True)
def record_turn(A, st, c, before):
    """Game shape, after each turn: field c's number moves from its majority holder before the
    turn (``before``) to the one after (c = -1: no monkey placed). A turn changes the board on
    its field only (placing, taking the field, boxing), so ``st.run`` stays ``running_score``;
    it goes to the trail's row of the turn (a few integer writes)."""
    if c >= 0:
        after = st.maj[c]
        if after != before:
            if before >= 0:
                st.run[before] -= A.number[c]
            if after >= 0:
                st.run[after] += A.number[c]
    t = st.info[I_TURN]
    if t < st.trail.shape[0]:
        for q in range(A.n_players):
            st.trail[t, q] = st.run[q]


@rule
def tenth_turn(i, turns):
    """Game shape: the turn whose running scores are checkpoint i (1..9) of a game of ``turns``
    turns: ceil(i * turns / 10), at most turns - 1 (a checkpoint comes before the end; a game
    of fewer than 10 turns repeats turns, and one of a single turn gives turn 0, the start)."""
    return max(min((i * turns + 9) // 10, turns - 1), 0)


@rule
def record_game_shape(A, st, agg):
    """Game shape of a finished game (not solo): checkpoint i = the running scores after turn
    ``tenth_turn(i, T)`` of its T turns, i = 1..9, then the final scores and the winners
    (a row of 4 wins whatever the points) into ``record_shape``."""
    n_p = A.n_players
    turns = st.info[I_TURN]
    last = st.trail.shape[0] - 1
    for i in range(N_TENTHS):
        t = min(tenth_turn(i + 1, turns), last)
        for q in range(n_p):
            st.cp[i, q] = st.trail[t, q]
    record_shape(st.cp, N_TENTHS, st.scores, st.winners, n_p, agg.shape_counters,
                 agg.lead_hist, agg.margin_hist, agg.leader_wins)


@rule(inline=True)
def cards_conserved(A, st):
    """Card conservation: hands + draw pile + discard pile = the deck."""
    n = st.info[I_NDRAW] + st.info[I_NDISC]
    for q in range(A.n_players):
        n += st.hand_n[q]
    return n == A.n_cards


from simlab.games.monkey.bots import decide  # noqa: E402  (bots use the rule helpers above)


@rule
def play_game(A, st, sim, lineup, rng):
    """A whole game: seat 1 starts, turns clockwise until an immediate win, the end of the
    supplies (normal) or of the rounds (solo); returns (end reason, number of winners). Not
    solo: the running scores after each turn go to ``st.trail`` (game shape)."""
    new_game(A, st, rng)
    p = 0
    end = E_NONE
    while True:
        end = turn_bound(A, st)
        if end != E_NONE:
            break
        st.info[I_TURN] += 1
        st.info[I_CUR] = p
        n = legal_plays(A, st, p)
        if n == 0 and st.info[I_TURN] == 1:
            st.ev[C_FIRST_UNPLAYABLE] += 1
        m = 0
        c = -1  # the field of this turn's monkey (-1: none placed)
        if n > 0:
            m = decide(A, st, sim, lineup, p, rng)
            n = legal_plays(A, st, p)
            ok = False
            other = False  # a legal play adds a monkey to a field p does not own
            for i in range(n):
                if st.masks[i] == m:
                    ok = True
                if st.owner[st.cells[i]] != p:
                    other = True
            if not ok:
                st.ev[C_ILLEGAL] += 1
                m = st.masks[0]
            c = A.cell_of[play_sum(st, p, m)]
            if other and st.owner[c] == p:
                st.ev[C_OWNER_EXTRA_VOLUNTARY] += 1
        before = st.maj[c] if c >= 0 else -1
        take_turn(A, st, p, m, rng)
        if A.mode != MODE_SOLO:
            record_turn(A, st, c, before)
        if not cards_conserved(A, st):
            st.ev[C_CARD_ERRORS] += 1
        end = st.info[I_END]
        if end != E_NONE:
            break
        q = next_player(A, st, p)
        if q < 0:  # no monkeys left to place
            end = E_SOLO_LOSS if A.mode == MODE_SOLO else E_POINTS
            break
        p = q
    st.info[I_END] = end
    st.ev[C_TURNS] += st.info[I_TURN]
    for q in range(A.n_players):
        st.ev[C_SUPPLY_END] += st.supply[q]
        for c in range(N_CELLS):
            st.ev[C_BOARD_END] += st.counts[c, q]
    k = finish_game(A, st, end, p, True)
    if end == E_ROW or end == E_SQUARE:
        st.sev[p, S_ROW_WINS] += 1
    if A.mode != MODE_SOLO:
        for q in range(A.n_players):
            st.sev[q, S_POINTS] += st.points[q]
    return end, k


@rule
def record_result(A, st, end, k, agg):
    """Add one finished game (its counters, scores, winners) to the aggregates."""
    n_p = A.n_players
    for i in range(st.ev.shape[0]):
        agg.counters[i] += st.ev[i]
    for q in range(n_p):
        for j in range(st.sev.shape[1]):
            agg.seat[q, j] += st.sev[q, j]
    for c in range(N_CELLS):
        agg.field_played[c] += st.fev[0, c]
        agg.field_owned[c] += st.fev[1, c]
        agg.field_scored[c] += st.fev[2, c]
    agg.end_reasons[end] += 1
    agg.length_hist[min(st.info[I_TURN], agg.length_hist.shape[0] - 1)] += 1
    if end == E_SOLO_WIN:
        agg.solo_hist[min(max(st.points[0] + SOLO_OFFSET, 0), SOLO_BINS - 1)] += 1
    for q in range(n_p):
        if st.winners[q]:
            agg.wins[q, k] += 1
        s = st.scores[q]
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1


@batch
def run_batch(A, st, sim, lineup, rng, seed, start, count, agg, row_scores, row_winners):
    """Play games start..start+count-1 of ``seed``; per-game rows when the row arrays are
    non-empty (shape (count, P)), aggregates always (the game shape too, except in solo)."""
    n_p = A.n_players
    keep = row_scores.shape[0] > 0
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        end, k = play_game(A, st, sim, lineup, rng)
        record_result(A, st, end, k, agg)
        if A.mode != MODE_SOLO:  # game shape: no lead to speak of with one player
            record_game_shape(A, st, agg)
        if keep:
            for q in range(n_p):
                row_scores[i, q] = st.scores[q]
                row_winners[i, q] = st.winners[q] == 1
