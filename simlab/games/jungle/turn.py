"""Jungle Rumble: a turn as numba rules (wake-up and selling, the action and its followers,
feeding), the end of a round and the final scoring.

Each function implements one rule of the rulebook; the players' choices are asked from the bots
(``bots.decide_*``). ``play_action`` and ``play_on`` play a position on with the same rules: the
``lookahead`` bot's playouts (``lookahead.py``). The game loop and the batch entry point are in
``nb.py``.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.jungle.board import (
    cell_ok,
    edge_ok,
    legal_cells,
    legal_edges,
    place_field,
    place_stick,
    stick_points_now,
    take_piece,
)
from simlab.games.jungle.bots import (
    decide_action,
    decide_field,
    decide_fire,
    decide_follow,
    decide_role,
    decide_sell,
    decide_stick,
    decide_unfed,
    decide_victim,
    decide_wake,
)
from simlab.games.jungle.box import (
    penalty_tokens_left,
    return_food,
    return_gold,
    take_food,
    take_gold,
    take_penalties,
)
from simlab.games.jungle.family import (
    add_kitten,
    capacity,
    clockwise,
    field_need,
    food_after_feeding,
    give_up_code,
    goods_points,
    kitten_code_ok,
    kittens,
    remove_kitten,
    sale_slots,
    send_limit,
    tiles_left,
    unfed_short,
)
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT, N_TILES
from simlab.games.jungle.state import (
    C_AWAKE_BONUS,
    C_FAMILY_BAD,
    C_FIRED,
    C_FIRST_FOOD,
    C_FOLLOWS,
    C_FORCED_FIRE,
    C_ILLEGAL,
    C_NEGATIVE,
    C_PASS_FOOD,
    C_PASS_WAKE,
    C_PENALTIES,
    C_RECRUITED,
    C_SOLD_FOOD,
    C_SOLD_GOLD,
    C_TAKEN,
    C_TILE_FOOD,
    C_WAKE_FREE,
    C_WAKE_PAID,
    CH_ACTION,
    CH_FIRED,
    CH_FOLLOW,
    CH_PASS,
    CH_RECRUIT_MERCHANT,
    CH_RECRUIT_WORKER,
    CH_SENT,
    CH_SOLD_FOOD,
    CH_SOLD_GOLD,
    CH_TAKEN,
    CH_UNFED,
    CH_WAKE_PAID,
    E_NONE,
    E_TAKEN,
    I_ACTIVE,
    I_FIRST,
    I_FOLLOW,
    I_ROUND,
    I_TRIGGER,
    I_TURN,
    M_FOOD,
    M_GOLD,
    M_UNSET,
    ROLE_WORKER,
    S_FIRED,
    S_FOLLOWS,
    S_LOST,
    S_PENALTIES,
    S_RECRUITED,
    S_TAKEN,
)


# -------------------------------------------------------------------------------- phases
@rule
def wake_up(A, st, lineup, p, rng):
    """Waking up: all awake -> +1 food (from the reserve); one asleep -> wake it free; two or
    more -> 1 food per kitten woken (the player chooses how many)."""
    s = st.asleep[p]
    if s == 0:
        st.food[p] += take_food(A, st, 1)
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
        return_food(A, st, k)
        st.asleep[p] -= k
        st.awake[p] += k
        st.ev[C_WAKE_PAID] += k
        st.ch[p, CH_WAKE_PAID] += k


@rule
def sell_goods(A, st, lineup, p, rng):
    """Selling goods: each merchant may take one unit of its kind from the reserve (food
    first, then gold; the merchants of that kind first, in recruitment order, then those
    without a kind yet, whose first sale fixes their kind)."""
    if st.nm[p] == 0:  # no merchant: nothing to sell
        return
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
        st.score_base[p] += goods_points(A, kind) * done
        if kind == M_FOOD:
            st.food[p] -= k
            st.ev[C_SOLD_FOOD] += k
            st.ch[p, CH_SOLD_FOOD] += k
        else:
            st.gold[p] -= k
            st.score_base[p] -= A.gold_points * k
            st.ev[C_SOLD_GOLD] += k
            st.ch[p, CH_SOLD_GOLD] += k


@rule
def recruit_one(A, st, lineup, p, rng):
    """Recruitment of one kitten for 1 gold: from p's reserve, or (reserve empty) taken from an
    opponent, which ends the game at the end of the round; worker or merchant chosen at once."""
    st.gold[p] -= 1
    return_gold(A, st, 1)
    st.score_base[p] -= A.gold_points
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
        st.ch[p, CH_TAKEN] += 1
        st.sev[v, S_LOST] += 1
        if st.info[I_TRIGGER] == E_NONE:
            st.info[I_TRIGGER] = E_TAKEN
    st.ev[C_RECRUITED] += 1
    st.sev[p, S_RECRUITED] += 1
    role = decide_role(A, st, lineup, p, rng)
    if role < 0 or role > 2:
        st.ev[C_ILLEGAL] += 1
        role = 0
    st.ch[p, CH_RECRUIT_WORKER if role == ROLE_WORKER else CH_RECRUIT_MERCHANT] += 1
    add_kitten(A, st, p, role)


@rule(inline=True)
def perform(A, st, lineup, p, a, n, rng):
    """Action a with n kittens (already asleep): food by the yields table, n sticks or fields
    placed at once, n gold, or n recruits (food and gold from the common reserve)."""
    if n <= 0:
        return
    if a == A_FOOD:
        st.food[p] += take_food(A, st, A.yields[n - 1])
    elif a == A_GOLD:
        got = take_gold(A, st, n)
        st.gold[p] += got
        st.score_base[p] += A.gold_points * got
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


@rule(inline=True)
def decode_action(A, st, p, code):
    """The active player's choice ``code`` (tile * 16 + side * 8 + workers) as (tile, side,
    workers); an illegal choice is counted and falls back: a used or unknown tile to the first
    free tile, side 0, no workers; more workers than p may send to none."""
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
    if n > send_limit(A, st, p, A.tile_act[t, side]):
        st.ev[C_ILLEGAL] += 1
        n = 0
    return t, side, n


@rule(inline=True)
def take_tile(A, st, p, code):
    """Action: p takes the tile of its choice ``code`` (:func:`decode_action`) with the food on
    it and sends its workers, who fall asleep. Returns (p's action, workers sent, the action
    the followers take)."""
    t, side, n = decode_action(A, st, p, code)
    a = A.tile_act[t, side]
    st.tile_used[t] = 1
    st.food[p] += st.tile_food[t]
    st.ev[C_TILE_FOOD] += st.tile_food[t]
    st.tile_food[t] = 0
    st.aev[0, a] += 1
    st.aev[2, a] += n
    st.ch[p, CH_ACTION + a] += 1
    st.ch[p, CH_SENT] += n
    if st.info[I_TURN] == 1 and a == A_FOOD:
        st.ev[C_FIRST_FOOD] += 1
    st.awake[p] -= n
    st.asleep[p] += n
    return a, n, A.tile_act[t, 1 - side]


@rule(inline=True)
def action_phase(A, st, lineup, p, rng):
    """Action: p takes an available tile (with its food) and sends 0..6 awake workers, who
    fall asleep; then each other player, clockwise, follows with one awake worker (variant:
    on the other action of the tile) or passes (wake one kitten free, or +1 food).

    Line-ups with a ``lookahead`` seat run :func:`action_phase_search` instead, and the
    playouts :func:`play_action`: the same rules through :func:`start_action` and
    :func:`followers`. This one is inlined into the game loop, with the action carried out at
    one place (:func:`perform`, inlined too): a call with the state costs as much as a
    player's whole action."""
    a, n, fa = take_tile(A, st, p, decide_action(A, st, lineup, p, rng))
    for k in range(A.n_players):  # p's action, then each follower's, clockwise
        q = clockwise(A, p, k)
        if k > 0:
            a = fa
            n = 0
            ok = st.awake[q] > 0 and capacity(A, st, q, fa) > 0
            if ok and decide_follow(A, st, lineup, q, rng, fa) == 1:
                st.awake[q] -= 1
                st.asleep[q] += 1
                st.aev[1, fa] += 1
                st.ev[C_FOLLOWS] += 1
                st.sev[q, S_FOLLOWS] += 1
                st.ch[q, CH_FOLLOW + fa] += 1
                n = 1
            elif st.asleep[q] > 0:
                st.asleep[q] -= 1
                st.awake[q] += 1
                st.ev[C_PASS_WAKE] += 1
                st.ch[q, CH_PASS] += 1
            else:
                st.food[q] += take_food(A, st, 1)
                st.ev[C_PASS_FOOD] += 1
                st.ch[q, CH_PASS] += 1
        perform(A, st, lineup, q, a, n, rng)
        st.info[I_FOLLOW] = fa  # the followers decide with the action they would follow
    st.info[I_FOLLOW] = -1


@rule
def start_action(A, st, lineup, p, rng, code):
    """The active player's part of the action phase with its choice ``code`` (tile * 16 +
    side * 8 + workers): tile, food on it, workers to sleep, the action. Returns the action
    the followers take."""
    a, n, fa = take_tile(A, st, p, code)
    perform(A, st, lineup, p, a, n, rng)
    return fa


@rule(inline=True)
def play_action(A, st, lineup, p, rng, code):
    """Playouts: the action phase with p's choice ``code`` given, the followers asked."""
    followers(A, st, lineup, p, start_action(A, st, lineup, p, rng, code), 1, rng)


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
        st.ch[q, CH_FOLLOW + fa] += 1
        perform(A, st, lineup, q, fa, 1, rng)
    elif st.asleep[q] > 0:
        st.asleep[q] -= 1
        st.awake[q] += 1
        st.ev[C_PASS_WAKE] += 1
        st.ch[q, CH_PASS] += 1
    else:
        st.food[q] += take_food(A, st, 1)
        st.ev[C_PASS_FOOD] += 1
        st.ch[q, CH_PASS] += 1


@rule
def followers(A, st, lineup, p, fa, k0, rng):
    """The other players from the k0-th after p (clockwise) follow on fa or pass."""
    st.info[I_FOLLOW] = fa
    for k in range(k0, A.n_players):
        q = clockwise(A, p, k)
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
    saves its 2 food). With the box's penalty tokens out (``penalty_limit``) a kitten that
    cannot be fed is fired (:func:`family.give_up_code`: a sleeping worker first) and no more
    kittens go unfed than there are tokens left."""
    need = field_need(A, st, p)
    while st.food[p] < need and kittens(st, p) > 0:
        code = decide_fire(A, st, lineup, p, rng)
        if code < 0:
            break
        if not kitten_code_ok(st, p, code):
            st.ev[C_ILLEGAL] += 1
            break
        fire(A, st, p, code)
        need = field_need(A, st, p)
    lo = unfed_short(A, st.food[p], need)  # kittens that must go unfed (not enough food)
    tokens = penalty_tokens_left(A, st)
    # no penalty token for an unfed kitten (a box limit only): the kitten is fired
    while A.penalty_limit != 0 and lo > tokens and kittens(st, p) > 0:
        fire(A, st, p, give_up_code(st, p))
        st.ev[C_FORCED_FIRE] += 1
        need = field_need(A, st, p)
        lo = unfed_short(A, st.food[p], need)
    u = lo
    if need > 0:  # "can't or doesn't want to feed": p may leave more kittens unfed
        hi = min(kittens(st, p), (need + A.food_per_kitten - 1) // max(A.food_per_kitten, 1),
                 tokens)
        if hi > lo:
            u = decide_unfed(A, st, lineup, p, rng, lo, hi)
            if u < lo or u > hi:
                st.ev[C_ILLEGAL] += 1
                u = lo
    if u > 0:
        st.penal[p] += u
        st.score_base[p] -= A.penalty * u
        st.ev[C_PENALTIES] += u
        st.sev[p, S_PENALTIES] += u
        st.ch[p, CH_UNFED] += u
        take_penalties(A, st, u)
    left = food_after_feeding(A, st.food[p], need, u)
    return_food(A, st, st.food[p] - left)
    st.food[p] = left


@rule(inline=True)
def fire(A, st, p, code):
    """Feeding: p fires kitten ``code`` (its tile back to the reserve, a merchant's goods lost
    to the reserve) and takes 3 food from the reserve."""
    remove_kitten(A, st, p, code)
    st.food[p] += take_food(A, st, A.fire_food)
    st.ev[C_FIRED] += 1
    st.sev[p, S_FIRED] += 1
    st.ch[p, CH_FIRED] += 1


@rule
def check_tokens(A, st):
    """Food and gold tokens are never negative; family sizes stay within 0..all tiles."""
    for q in range(A.n_players):
        if (st.food[q] | st.gold[q] | st.awake[q] | st.asleep[q]) < 0:  # one is negative
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


@rule(inline=True)
def take_turn(A, st, lineup, p, rng):
    """A turn of p: wake-up and selling, action and followers, feeding."""
    st.info[I_TURN] += 1
    st.info[I_ACTIVE] = p
    wake_up(A, st, lineup, p, rng)
    sell_goods(A, st, lineup, p, rng)
    action_phase(A, st, lineup, p, rng)
    feed(A, st, lineup, p, rng)
    check_tokens(A, st)


# ---------------------------------------------------------------------- end of the round
@rule
def return_tiles(A, st):
    """End of the round: 1 food (from the reserve, while it lasts: in tile order) on each
    unchosen action tile, used tiles return."""
    for t in range(N_TILES):
        if st.tile_used[t] == 0:
            st.tile_food[t] += take_food(A, st, 1)
        st.tile_used[t] = 0


@rule
def no_workers(A, st):
    """No player has a worker left (merchants are never sent and recruiting needs a worker):
    no piece can ever be taken again, so the game ends with this round (a reading: the rulebook
    has no end for this case)."""
    for q in range(A.n_players):
        if st.awake[q] + st.asleep[q] > 0:
            return False
    return True


# ----------------------------------------------------------------------- end of the game
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
        st.bd[q, 1] = stick_points_now(st, q)  # = stick_points(A, st, q), from the counters
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


# ------------------------------------------------------------------------------ playouts
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
            take_turn(A, st, lineup, clockwise(A, first, k), rng)
        return_tiles(A, st)
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
