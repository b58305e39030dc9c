"""Attack of the Jelly Monster: a round's clock ("Playing a Round", "Placing Your Last Die",
"Running Out of Time") as numba rules, and the bots' readings of it.

Play is simultaneous: each player's moments come at its own step times (``step_time``,
``watch_time``); the next actor is the player with the earliest moment (``next_actor``). After its
last die a player may lock down a district (``lock_allowed``, ``do_lock``) and flip the sand
timer (``do_flip``); once it runs out, unplaced dice are lost (``end_round``). ``mean_step``,
``finish_time``, ``dice_in_time`` and ``can_wait`` read the clock without its randomness.
"""

from __future__ import annotations

import numpy as np

from simlab.core.ref import rule
from simlab.core.rng import uniform
from simlab.games.jelly.state import (
    C_BOUND_ENDS,
    C_BOUND_FLIPS,
    C_BOUND_LOST,
    C_FLIPS,
    C_LOCKS,
    C_STEP_CAP,
    C_STEPS,
    C_TIMER_LOST,
    CH_FLIP,
    CH_LOCK,
    I_FLIPPED,
    S_BOUND_LOST,
    S_TIMER_LOST,
)


#: SPARE[n, k, o] = (1 - o / (6 n)) ** k: the chance that none of k dice, each placed on one of
#: n open districts alike, lands on a given one showing one of the o values of six that
#: overturn its control (``fill_hand``; at most 16 districts, 20 dice)
SPARE = np.array([[[(1.0 - o / (6.0 * max(n, 1))) ** k for o in range(7)] for k in range(21)]
                  for n in range(17)], np.float64)


@rule
def step_time(A, st, p, rng):
    """Timing rule: one roll-and-place step of p takes rolling time plus a decision time that
    grows with what p weighs (dice in its roll, open districts), jittered, divided by p's speed:
    ``(roll + think + weigh * dice * open) * U[1 - jitter, 1 + jitter] / speed`` seconds."""
    base = A.roll_seconds + A.think_seconds + A.weigh_seconds * st.n_left[p] * n_open(st)
    return base * (1.0 - A.time_jitter + 2.0 * A.time_jitter * uniform(rng)) / A.speeds[p]


@rule
def watch_time(A, p, rng):
    """Timing rule: a player with every die placed reconsiders flipping the timer after
    ``watch_seconds`` (jittered; the same for every speed: looking up takes no dexterity)."""
    return A.watch_seconds * (1.0 - A.time_jitter + 2.0 * A.time_jitter * uniform(rng))


@rule
def begin_round(A, st, rng):
    """Set up a round: empty entrances and city center, Targets on the first zone, no locks,
    timer unflipped, every player's first step time drawn."""
    st.dice[:] = 0
    st.eff[:] = 0
    st.ndice[:] = 0
    st.nlive[:] = 0
    st.center[:] = 0
    st.target[:] = 0
    st.locked[:] = -1
    st.info[I_FLIPPED] = 0
    st.deadline[0] = np.inf
    for q in range(A.n_players):
        st.n_left[q] = A.dice
        st.rerolls[q] = 0
    for q in range(A.n_players):
        st.next_time[q] = step_time(A, st, q, rng)


@rule
def next_actor(st, n_p):
    """Who acts next, and when: (p, t); p = -1 when every die is placed. A player with dice
    left rolls; one with none may flip the timer while it is unflipped."""
    p = -1
    t = np.inf
    left = False
    for q in range(n_p):
        if st.n_left[q] > 0:
            left = True
    if not left:
        return p, t
    for q in range(n_p):
        if (st.n_left[q] > 0 or st.info[I_FLIPPED] == 0) and st.next_time[q] < t:
            t = st.next_time[q]
            p = q
    return p, t


@rule
def next_gap(A, st, p, rng):
    """Time to p's next moment: a roll step if it has dice left, else a flip moment."""
    if st.n_left[p] > 0:
        return step_time(A, st, p, rng)
    return watch_time(A, p, rng)


@rule
def lock_ok(locked, ndice, d, n_p, requires_dice):
    """``lock_allowed`` on plain arrays (few arguments, so calls stay cheap)."""
    if locked[d] >= 0:
        return False
    if not requires_dice:
        return True
    for q in range(n_p):
        if ndice[d, q] > 0:
            return True
    return False


@rule
def lock_allowed(A, st, d):
    """Rule: a district may be locked down if no screen is on it (and, by the rules option,
    at least one die of any colour is on its entrance)."""
    return lock_ok(st.locked, st.ndice, d, A.n_players, A.lock_requires_dice)


@rule
def any_lock_allowed(A, st):
    """May some district be locked down?"""
    for dd in range(A.n_districts):
        if lock_allowed(A, st, dd):
            return True
    return False


@rule
def do_lock(A, st, p, dl, agg):
    """Lock down district ``dl`` with p's screen (if it is legal)."""
    if dl >= 0 and lock_allowed(A, st, dl):
        st.locked[dl] = p
        agg.counters[C_LOCKS] += 1
        agg.choice[p, CH_LOCK] += 1


@rule
def do_flip(A, st, p, t, agg):
    """Player ``p`` flips the sand timer at time ``t``."""
    st.info[I_FLIPPED] = 1
    st.deadline[0] = t + A.timer_seconds
    agg.counters[C_FLIPS] += 1
    agg.choice[p, CH_FLIP] += 1


@rule(inline=True)
def may_roll_again(A, st, p):
    """Rule option ``roll_again_limit``: may ``p`` roll again without placing a die (no limit,
    or fewer rolls in a row without one than the limit)?"""
    return A.roll_again_limit == 0 or st.rerolls[p] < A.roll_again_limit


@rule(inline=True)
def step_bound(A, st, steps, t, agg):
    """The modelling bound on a round's roll steps (``max_steps_per_round``), before roll step
    ``steps`` + 1 at time ``t``: does the round end here? Reading ``round_end_without_flip``:
    ``step_bound`` ends it at the bound; ``flip_at_bound`` flips the timer there (if no player
    has) and ends the round only at twice the bound."""
    if steps < A.max_steps:
        return False
    if A.end_without_flip == 0:
        agg.counters[C_STEP_CAP] += 1
        agg.counters[C_BOUND_ENDS] += 1
        return True
    if steps == A.max_steps:
        agg.counters[C_STEP_CAP] += 1
        if st.info[I_FLIPPED] == 0:
            st.info[I_FLIPPED] = 1
            st.deadline[0] = t + A.timer_seconds
            agg.counters[C_BOUND_FLIPS] += 1
    if steps >= 2 * A.max_steps:
        agg.counters[C_BOUND_ENDS] += 1
        return True
    return False


@rule(inline=True)
def end_round(A, st, agg, steps, bounded):
    """The timer ran out, every die is placed, or (``bounded``) the step bound ended the
    round: unplaced dice are lost (to the timer, or to the bound)."""
    agg.counters[C_STEPS] += steps
    for q in range(A.n_players):
        if bounded:
            agg.counters[C_BOUND_LOST] += st.n_left[q]
            agg.seat[q, S_BOUND_LOST] += st.n_left[q]
        else:
            agg.counters[C_TIMER_LOST] += st.n_left[q]
            agg.seat[q, S_TIMER_LOST] += st.n_left[q]
        st.n_left[q] = 0


@rule
def mean_step(A, q, n_roll, n_open):
    """The mean time of a roll-and-place step of ``q`` rolling ``n_roll`` dice with
    ``n_open`` districts open (the timing rule without its randomness)."""
    return (A.roll_seconds + A.think_seconds + A.weigh_seconds * n_roll * n_open) / A.speeds[q]


@rule
def n_open(st):
    """Districts not locked down."""
    n = 0
    for d in range(st.locked.shape[0]):
        if st.locked[d] < 0:
            n += 1
    return n


@rule
def dice_in_time(A, st, q, until):
    """How many of its remaining dice ``q`` places before ``until`` at its mean step times,
    placing a die at every step (its next one is at ``st.next_time[q]``)."""
    n = st.n_left[q]
    n_op = n_open(st)
    t = st.next_time[q]
    k = 0
    while k < n and t < until:
        k += 1
        t += mean_step(A, q, n - k, n_op)
    return k


@rule
def finish_time(A, st, q, n_op):
    """When ``q`` places its last die at its mean step times (now, if it has none left)."""
    n = st.n_left[q]
    t = st.next_time[q]
    for k in range(1, n):
        t += mean_step(A, q, n - k, n_op)
    return t


@rule(inline=True)
def _last_die_at(A, st, q, n_op):
    """``finish_time`` in closed form: when ``q`` places its last die at its mean step times
    (its next step at ``st.next_time[q]``; the steps of n - 1, ..., 1 dice after it)."""
    n = st.n_left[q]
    m = n - 1
    return st.next_time[q] + (m * (A.roll_seconds + A.think_seconds)
                              + A.weigh_seconds * n_op * (m * n // 2)) / A.speeds[q]


@rule(inline=True)
def _dice_between(A, st, q, n_op, t1, t2):
    """``dice_in_time(A, st, q, t2) - dice_in_time(A, st, q, t1)`` in one pass over q's step
    times (the same additions, so the same counts): the dice q places in [t1, t2)."""
    n = st.n_left[q]
    t = st.next_time[q]
    k1 = 0
    k2 = 0
    k = 0
    while k < n and t < t2:
        k += 1
        k2 += 1
        k1 += t < t1
        t += mean_step(A, q, n - k, n_op)
    # dice_in_time(t1) stops at the first step at or after t1 (the step times rise)
    while k < n and t < t1:
        k += 1
        k1 += 1
        t += mean_step(A, q, n - k, n_op)
    return k2 - k1


@rule
def fill_hand(A, st, p):
    """The dice each opponent of ``p`` (deciding now, at ``st.next_time[p]``) still places
    after ``p`` has placed its last die, so that ``p`` cannot answer them, into ``st.hand``
    (``p``'s own: 0), at mean step times, placing a die at every step: the dice it places
    before the earliest moment the timer can run out, less those it places before ``p``
    finishes. That moment: the flipped timer's end; before a flip, the earliest moment
    another player (``p`` included) can finish and flip, plus the timer. An opponent who
    keeps more dice than its pace needs (one who waits to place last) holds them; players at
    one pace hold none until ``p``'s last dice. ``st.spare[q]`` gets the chances that none of
    them overturns a control (``SPARE``: each die placed on one of the open districts alike).
    Returns whether any opponent holds a die."""
    n_p = A.n_players
    now = st.next_time[p]
    n_op = n_open(st)
    mine = now if st.n_left[p] == 0 else _last_die_at(A, st, p, n_op)
    # who places dice after p's last: an opponent whose own last die comes later
    late = False
    for q in range(n_p):
        st.hand[q] = 0
        if q != p and st.n_left[q] > 0 and (st.next_time[q] > mine
                                            or _last_die_at(A, st, q, n_op) >= mine):
            late = True
    if not late:
        return False
    # the two earliest moments a player can finish (and flip), and who finishes first
    f1 = np.inf
    f2 = np.inf
    r1 = -1
    for r in range(n_p):
        f = now if st.n_left[r] == 0 else max(_last_die_at(A, st, r, n_op), now)
        if f < f1:
            f2 = f1
            f1 = f
            r1 = r
        elif f < f2:
            f2 = f
    flipped = st.info[I_FLIPPED] != 0
    any_left = False
    for q in range(n_p):
        if q == p or st.n_left[q] == 0:
            continue
        end = st.deadline[0] if flipped else (f2 if q == r1 else f1) + A.timer_seconds
        k = _dice_between(A, st, q, n_op, mine, end)
        if k > 0:
            st.hand[q] = k
            any_left = True
            for o in range(7):
                st.spare[q, o] = SPARE[n_op, k, o]
    return any_left


@rule
def can_wait(A, st, p):
    """May ``p``, acting now with ``st.n_left[p]`` dice, roll again instead of placing and still
    place every die before the earliest moment the timer can run out? (That moment: the flipped
    timer's end; before a flip, the earliest an opponent can finish and flip, plus the timer.)
    Never when the ``roll_again_limit`` forbids another roll without placing."""
    if not may_roll_again(A, st, p):
        return False
    n_p = A.n_players
    now = st.next_time[p]
    n_op = n_open(st)
    if st.info[I_FLIPPED] != 0:
        end = st.deadline[0]
    else:
        end = np.inf
        for q in range(n_p):
            if q != p:
                f = now if st.n_left[q] == 0 else finish_time(A, st, q, n_op)
                end = min(end, max(f, now) + A.timer_seconds)
    n = st.n_left[p]
    t = now
    for k in range(n, 0, -1):
        t += mean_step(A, p, k, n_op)
    return t < end
