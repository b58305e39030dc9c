"""Attack of the Jelly Monster: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up.

Every bot treats its opponents by what they hold, never by where they sit: a tie between
opponents, districts or options is broken by a random order drawn from the game's stream for
that decision (``shuffle_ranks``), so results stay reproducible and no seat is favoured
(``tests/jelly/test_fairness.py``).

``random`` (id 0)
    Uniform legal choices. Parameters: ``pass`` (chance to place nothing and roll again),
    ``effect`` (chance to use a die effect), ``flip`` (chance to flip the timer at each moment
    it may, every die placed), ``lock`` (chance to lock down a district after the last die).
``greedy`` (1), ``spread`` (2), ``saboteur`` (3), ``weights`` (4)
    One linear evaluation of every legal (die, district, effect) choice, with different default
    weights. Features of a choice, all measured on the district it changes:

    - ``take``: change in the bot's expected take now (target reward value if it controls, with
      the rulebook's tie rule: tied controllers all gain);
    - ``take`` on a podium zone the bot does not control: what second place (or presence,
      'each other player with at least one die') pays it; a 'number of dice' reward read on
      the dice that survive cancellation;
    - ``deny``: drop in every opponent's expected take (as controller); ``leader``: the same
      for the opponent with the most jelly (pods at 3.5; ties by the random order);
    - ``margin``: change in the bot's lead over the best other total (clipped to +-10);
    - ``cost``: die value / 6 (a negative weight keeps high dice for later);
    - ``new``: 1 if the bot gains control of a district it did not control;
    - ``cancel``: 1 if the die matches one of the bot's own dice there (cancellation);
    - ``center``: change in the bot's expected city-center take (a removed die goes there);
    - ``target``: change in the value of the target zone for the bot, controlled or not.

    ``pass_below``: place nothing and roll again when the best choice scores lower (a die
    that would cancel its own). ``wait``: roll again when the best choice scores lower and
    the time allows (``can_wait``: every die still fits before the earliest moment the timer
    can run out); 0.5 by default: a roll offering less than half a jelly is rolled again.
    Higher values wait for the last safe moment and place last (``greedy(wait=10)`` wins 9
    games in 10 against three greedy bots, see the issue note; if every seat did so, no one
    would finish and the rules give no end to such a stand-off).
    ``flip`` > 0: at each moment with every die placed, flip the timer while an opponent still
    has dice and the bot stands at least as well as every opponent, or an opponent still
    rolling stands better (``evaluate_flip``). ``lock`` > 0.5: lock down the district whose
    take is most at risk after the last die.

    greedy takes what most improves its take now and never cancels itself; spread wins many
    districts cheaply (rewards new control, spends low dice); saboteur spends 1-2s on the
    leader's best die and 3-4s to push opponents' districts to poor zones; weights exposes all
    weights for sweeps and tuning.

``lookahead`` (5)
    Flat Monte Carlo search (``nb.choose_place`` / ``choose_lock`` / ``choose_flip``; it plays
    the kernel's own rules). At a roll step it ranks every legal placement (die, district,
    effect) by greedy's evaluation and tries the best ``width`` (default 6); after its last die
    it tries no lock-down and every legal one, then keeping and flipping the timer. Each option
    is played out ``playouts`` times (default 8) from a copy of the state (the kernel's
    ``JellyScratch.search``, allocated once per batch): every seat, the bot included, plays
    greedy for the rest of the round; the round is scored and, with ``horizon`` = h > 0, h more
    rounds are played (``horizon`` >= 3: to the end of the game, pods rolled). Result: the
    win share (1/k for a k-way tie) by final score, or at a cut by jelly + 3.5 per pod, plus
    score / 10000 as a tie-break; the best total is taken (ties: greedy's order). Playouts roll
    every die on their own stream, seeded by one draw from the game's stream per decision, the
    same seeds for every option (common random numbers): the bot never sees a die before it is
    rolled, and kernel and reference, which ask the same functions, agree game for game. The
    default horizon is the end of the round: as strong in our runs as the end of the game and
    about 4x cheaper. 'Either' rewards: greedy's choice. When the time allows rolling again
    (``can_wait``), placing nothing is one more option it plays out; at each moment with every
    die placed it plays out keeping and flipping the timer.

Custom bots (``simlab.bot("jelly", ...)``, id ``CUSTOM_ID``)
    The custom function ``fn(A, st, seat, kind, option, params) -> float`` scores each legal
    option of a decision; the highest is taken (ties: the first in the order below).

    - ``KIND_PLACE`` (0), a roll step. ``option`` is a placement code
      ``(district * 8 + value) * 64 + arg + 1`` with ``arg`` -1 (no effect), the new target
      zone 0-2 (a 3 or 4 moving the Target one zone), or ``owner * 8 + v`` (a 1 or 2 removing
      a die of ``owner`` showing ``v`` from that entrance to the city center); decode it with
      ``code_value``, ``code_district``, ``code_arg`` (numba functions of this module). Order:
      district, value, then no effect, the target moves (in, then out), the removals (owner,
      value); last, code 0 = place nothing and roll again.
    - ``KIND_LOCK`` (1), after the bot's last die (only when some lock-down is legal):
      ``option`` -1 = no lock-down (first), then each lockable district ``d``.
    - ``KIND_FLIP`` (2), at each moment with every die placed while the timer is unflipped
      (right after the last die, then every ``watch_seconds``): 0 keep (first), 1 flip.
    - ``KIND_EITHER`` (3), scoring an 'adjacent: either' reward the bot controls: ``option`` is
      the district whose target reward it takes, left neighbour (first), then right.
    - ``KIND_GIFT`` (4), short of jelly for a 'give each' / 'each gives' reward (reading
      ``give_each_short = bot``): ``option`` is a recipient's seat; the highest scored is paid
      first (ties in the decision's random order).

    The view: ``A`` is ``rules.JellyArrays`` (``n_players``, ``n_districts``, ``rewards[d, z, i]``
    icon codes, ``dice``, ``rounds``, ``timer_seconds``...), ``st`` is ``state.JellyState``: ``roll``
    (the bot's own roll, counts per value; at a roll step only), ``dice[d, q, v]``, ``eff[d, q]``
    (totals after cancellation), ``ndice``, ``nlive`` (dice surviving cancellation),
    ``target[d]``, ``locked[d]``, ``jelly``, ``pods``, ``center``, ``n_left``, ``next_time``
    (each player's next moment, seconds; the deciding seat's is now), ``info`` (round, pod
    stack, timer flipped, drone), ``deadline``. Do
    not write to them, do not allocate. Helpers such as ``target_zone_value(A, st, q, d, z, nd)``
    (the value of zone ``z`` of ``d`` to ``q`` holding ``nd`` dice there) may be called.
    Example (``examples/custom_bots/jelly.py``)::

        @simlab.bot("jelly", params={"reward": 1.0})
        def grabber(A, st, seat, kind, option, params):
            if kind != KIND_PLACE or option == 0:
                return 0.0
            ...

    Helpers ``can_wait``, ``standing``, ``dice_in_time`` and ``mean_step`` read the clock.

Speed. The evaluators make exactly the decisions of scoring every choice in the order district,
value, option and keeping the first best, but faster: zone values are computed once per
decision; a district (or its removals) is skipped when an upper bound of its scores, computed
with the same float operations and added in the same order (rounding is monotone), is below the
best so far; ties are broken by the position in that order. Helpers in the hot loop take plain
arrays and scalars: numba passes a state NamedTuple as ~150 words on the stack, which costs
more than scoring a choice.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.jit import rule
from simlab.core.rng import next_u64, randint, uniform
from simlab.games.jelly.rules import (
    ADJ_EITHER,
    MAX_ICONS,
    R_ADJ,
    R_BY_DICE,
    R_DISCARD,
    R_EACH_GIVES,
    R_GIVE_EACH,
    R_JELLY,
    R_PER_POD,
    R_POD,
    R_PODIUM,
    R_PODIUM_PRESENT,
)
from simlab.games.jelly.state import I_FLIPPED, I_POD_STACK

BOT_RANDOM, BOT_GREEDY, BOT_SPREAD, BOT_SABOTEUR, BOT_WEIGHTS, BOT_LOOKAHEAD = range(6)
#: decisions a bot is asked for (the ``kind`` a custom bot receives)
KIND_PLACE, KIND_LOCK, KIND_FLIP, KIND_EITHER, KIND_GIFT = range(5)
# lookahead bot slots
LA_PLAYOUTS, LA_WIDTH, LA_HORIZON = range(3)
N_PARAMS = 13
# evaluator parameter slots
W_TAKE, W_DENY, W_LEADER, W_MARGIN, W_COST, W_NEW, W_CANCEL, W_CENTER, W_TARGET = range(9)
W_PASS_BELOW, W_FLIP, W_LOCK, W_WAIT = 9, 10, 11, 12
EVAL_PARAMS = ("take", "deny", "leader", "margin", "cost", "new", "cancel", "center", "target",
               "pass_below", "flip", "lock", "wait")
# random bot slots
RP_PASS, RP_EFFECT, RP_FLIP, RP_LOCK = range(4)

POD_VALUE = 3.5  # expected d6
#: the evaluator bots' default ``wait`` (roll again when the best placement scores below it and
#: the time allows), as measured best against greedy opponents (see the issue note)
WAIT_GREEDY = 0.5
WAIT_SPREAD = 0.5
WAIT_SABOTEUR = 0.5

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, ("pass", "effect", "flip", "lock"), (0.05, 0.5, 0.5, 0.5),
               "uniform legal choices"),
    "greedy": (BOT_GREEDY, EVAL_PARAMS,
               (1.0, 0.0, 0.0, 0.1, 0.0, 0.0, -1000.0, 1.0, 0.1, -100.0, 1.0, 1.0, WAIT_GREEDY),
               "takes the placement and effect that most improve its take now; never cancels "
               "itself"),
    "spread": (BOT_SPREAD, EVAL_PARAMS,
               (1.0, 0.0, 0.0, 0.02, -0.6, 1.5, -1000.0, 0.5, 0.1, -100.0, 1.0, 1.0,
                WAIT_SPREAD),
               "wins many districts cheaply: rewards new control, spends low dice"),
    "saboteur": (BOT_SABOTEUR, EVAL_PARAMS,
                 (0.5, 0.4, 1.5, 0.05, 0.0, 0.0, -1000.0, 0.5, 0.0, -100.0, 1.0, 1.0,
                  WAIT_SABOTEUR),
                 "removes the leader's best dice with 1-2s, pushes opponents' targets to poor "
                 "zones with 3-4s"),
    "weights": (BOT_WEIGHTS, EVAL_PARAMS,
                (1.0, 0.3, 0.3, 0.1, -0.1, 0.3, -5.0, 1.0, 0.2, -3.0, 1.0, 1.0, WAIT_GREEDY),
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
    "lookahead": (BOT_LOOKAHEAD, ("playouts", "width", "horizon"), (8.0, 6.0, 0.0),
                  "flat Monte Carlo: tries greedy's best `width` placements (and every lock, "
                  "flip) in `playouts` greedy playouts each, to the end of the round "
                  "(+`horizon` rounds)"),
}

#: greedy's weights: the policy of every seat in the lookahead bot's playouts (a constant)
GREEDY_W = np.array(BOTS["greedy"][2], dtype=np.float64)


@rule
def _permute(out, r):
    """Fill ``out`` with a permutation of 0..n-1 decoded from the 64-bit word ``r`` (mixed
    radix; uniform up to 2**-44 for the at most 16 entries of a game)."""
    n = out.shape[0]
    for i in range(n):
        out[i] = i
    for i in range(n - 1, 0, -1):
        m = np.uint64(i + 1)
        j = np.int64(r % m)
        r = r // m
        x = out[i]
        out[i] = out[j]
        out[j] = x


@rule
def shuffle_ranks(st, rng):
    """Random tie orders for one decision, from two words of the game's stream: ``st.rank_d``
    ranks the districts, ``st.rank_p`` the players. A bot breaks every tie between districts,
    options on them or opponents by these ranks, never by index or seat."""
    _permute(st.rank_d, next_u64(rng))
    _permute(st.rank_p, next_u64(rng))


@rule
def place_code(v, d, arg):
    """Option code of placing a ``v`` on district ``d`` with effect argument ``arg`` (-1: none,
    0-2: new target zone, ``owner * 8 + value``: die to remove); 0 is 'place nothing'."""
    return (d * 8 + v) * 64 + arg + 1


@rule
def code_value(code):
    """Die value of a placement code (0: place nothing)."""
    return (code // 64) % 8


@rule
def code_district(code):
    """District of a placement code (-1: place nothing)."""
    return code // 512 if code > 0 else -1


@rule
def code_arg(code):
    """Effect argument of a placement code (-1: no effect)."""
    return code % 64 - 1 if code > 0 else -1


@rule
def _icon(rw, d, z, i, nd, pod_ok, pods_q, jelly_q, n_p):
    """``icon_value`` on plain values (few arguments, so calls in hot loops stay cheap)."""
    kind = rw[d, z, i, 0]
    a = rw[d, z, i, 1]
    if kind == R_JELLY:
        return float(a)
    if kind == R_POD:
        return POD_VALUE if pod_ok else 0.0
    if kind == R_DISCARD:
        return -POD_VALUE if pods_q > 0 else 0.0
    if kind == R_PER_POD:
        return float(a * pods_q)
    if kind == R_EACH_GIVES:
        return float(a * (n_p - 1))
    if kind == R_GIVE_EACH:
        return -float(min(a * (n_p - 1), jelly_q))
    if kind == R_BY_DICE:
        if nd <= a:
            return POD_VALUE if rw[d, z, i, 2] == 1 else float(rw[d, z, i, 3])
        return POD_VALUE if rw[d, z, i, 4] == 1 else float(rw[d, z, i, 5])
    if kind == R_PODIUM or kind == R_PODIUM_PRESENT:
        return float(a)
    return 0.0


@rule
def icon_value(A, st, q, d, z, i, nd):
    """Expected jelly of one reward icon for player ``q`` (``nd``: q's dice on district d)."""
    return _icon(A.rewards, d, z, i, nd, st.info[I_POD_STACK] > 0, st.pods[q], st.jelly[q],
                 A.n_players)


@rule
def _zone(rw, target, n_d, d, z, nd, pod_ok, pods_q, jelly_q, n_p):
    """``target_zone_value`` on plain values (few arguments, so calls stay cheap)."""
    total = 0.0
    for i in range(MAX_ICONS):
        kind = rw[d, z, i, 0]
        if kind == 0:
            break
        if kind != R_ADJ:
            total += _icon(rw, d, z, i, nd, pod_ok, pods_q, jelly_q, n_p)
            continue
        dirn = rw[d, z, i, 1]
        best = -1e18
        for s in range(-1, 2, 2):
            if dirn != ADJ_EITHER and s != dirn:
                continue
            nb = (d + s) % n_d
            znb = target[nb]
            v = 0.0
            for j in range(MAX_ICONS):
                k2 = rw[nb, znb, j, 0]
                if k2 == 0:
                    break
                if k2 != R_ADJ:
                    v += _icon(rw, nb, znb, j, nd, pod_ok, pods_q, jelly_q, n_p)
            if v > best:
                best = v
        total += best
    return total


@rule
def target_zone_value(A, st, q, d, z, nd):
    """Value of zone ``z`` of district ``d`` for ``q`` (adjacent rewards: one level deep)."""
    return _zone(A.rewards, st.target, A.n_districts, d, z, nd, st.info[I_POD_STACK] > 0,
                 st.pods[q], st.jelly[q], A.n_players)


@rule
def _zone_fast(rw, d, z, pod_ok, n_p):
    """Value of zone ``z`` of ``d`` if it holds at most one icon worth the same to everyone
    (jelly, pod, each-gives, podium), else NaN (then ``_zone`` computes it); small, so inline."""
    kind = rw[d, z, 0, 0]
    if kind == 0:
        return 0.0
    if rw[d, z, 1, 0] != 0:
        return np.nan
    a = rw[d, z, 0, 1]
    if kind == R_JELLY or kind == R_PODIUM or kind == R_PODIUM_PRESENT:
        return float(a)
    if kind == R_POD:
        return POD_VALUE if pod_ok else 0.0
    if kind == R_EACH_GIVES:
        return float(a * (n_p - 1))
    return np.nan


@rule
def either_choice(A, st, q, d):
    """Which neighbour ``q`` prefers for an 'adjacent: either' reward of district ``d``."""
    n_d = A.n_districts
    rw = A.rewards
    left = (d - 1) % n_d
    right = (d + 1) % n_d
    nd = st.nlive[d, q]
    pod_ok = st.info[I_POD_STACK] > 0
    vl = 0.0
    vr = 0.0
    for j in range(MAX_ICONS):
        if rw[left, st.target[left], j, 0] not in (0, R_ADJ):
            vl += _icon(rw, left, st.target[left], j, nd, pod_ok, st.pods[q], st.jelly[q],
                        A.n_players)
        if rw[right, st.target[right], j, 0] not in (0, R_ADJ):
            vr += _icon(rw, right, st.target[right], j, nd, pod_ok, st.pods[q], st.jelly[q],
                        A.n_players)
    # a tie is worth the same to q: a fixed answer (tied controllers must agree to gain it)
    return left if vl > vr else right


@rule
def standing(A, st, q):
    """How well ``q`` stands now: jelly, pods at 3.5, and the target rewards of the districts
    it controls (ties included) as they stand."""
    n_d = A.n_districts
    v = st.jelly[q] + POD_VALUE * st.pods[q]
    pod_ok = st.info[I_POD_STACK] > 0
    for d in range(n_d):
        if _controls(st.eff, d, q, A.n_players):
            v += _zone(A.rewards, st.target, n_d, d, st.target[d], st.nlive[d, q], pod_ok,
                       st.pods[q], st.jelly[q], A.n_players)
    return v


@rule
def _gift_key(A, st, lineup, giver, r):
    """``gift_order``'s key of recipient ``r``: the lower is paid first."""
    if A.give_short == 1:
        return float(st.jelly[r])
    if lineup is None:
        return standing(A, st, r)
    bid = lineup.ids[giver]
    if bid == BOT_RANDOM:
        return 0.0
    if bid == CUSTOM_ID:
        return -lineup.custom(A, st, giver, KIND_GIFT, r, lineup.params[giver])
    return standing(A, st, r)


@rule  # asked by the reference engine (through its twin)
def gift_order(A, st, lineup, giver, mask, out, rng):
    """Whom a ``giver`` short of jelly pays first (``give each`` / ``each gives`` rewards):
    the players in ``mask`` in order, written to ``out``; returns how many. Asked only when the
    giver cannot pay them all in full.

    Reading ``give_each_short``: ``poorest_first`` pays the fewest jelly first; ``bot`` (the
    default) lets the giver's bot choose: the evaluator and lookahead bots pay the weakest
    first (``standing``: the leader gets least), the random bot pays in a random order, a
    custom bot pays the recipients it scores highest first (``KIND_GIFT``, option = seat).
    Ties always from a random order drawn from ``rng``, never by seat. ``lineup`` None (the
    lookahead bot's playouts): as greedy.
    """
    shuffle_ranks(st, rng)
    k = 0
    for r in range(A.n_players):
        if mask[r] and r != giver:
            out[k] = r
            k += 1
    # selection by (key, random rank): a total order, so the sort needs no scratch
    for i in range(k):
        b = i
        kb = _gift_key(A, st, lineup, giver, out[i])
        for j in range(i + 1, k):
            kj = _gift_key(A, st, lineup, giver, out[j])
            if kj < kb or (kj == kb and st.rank_p[out[j]] < st.rank_p[out[b]]):
                b = j
                kb = kj
        x = out[i]
        out[i] = out[b]
        out[b] = x
    return k


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


@rule
def can_wait(A, st, p):
    """May ``p``, acting now with ``st.n_left[p]`` dice, roll again instead of placing and still
    place every die before the earliest moment the timer can run out? (That moment: the flipped
    timer's end; before a flip, the earliest an opponent can finish and flip, plus the timer.)"""
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


@rule
def evaluate_flip(A, st, w, p):
    """The evaluator bots' timer flip (weights ``w``), asked at every moment ``p`` may flip
    (its dice all placed): flip while an opponent still has dice, when ``p`` stands at least as
    well as every opponent (``standing``) or an opponent with dice left stands better (flipping
    costs ``p`` nothing and caps the time the others have to roll for what they need; a leader
    waiting to place last is cut short). ``flip`` <= 0: never flip."""
    if not w[W_FLIP] > 0.0:
        return False
    n_p = A.n_players
    mine = standing(A, st, p)
    ahead = True
    any_left = False
    better_left = False
    for q in range(n_p):
        if q == p:
            continue
        sq = standing(A, st, q)
        if sq > mine:
            ahead = False
        if st.n_left[q] > 0:
            any_left = True
            if sq > mine:
                better_left = True
    return any_left and (ahead or better_left)


@rule
def _random_place(A, st, p, w, rng):
    """The random bot's roll-step decision (see ``decide_place``)."""
    if uniform(rng) < w[RP_PASS]:
        return 0, -1, -1
    n_roll = 0
    for v in range(1, 7):
        n_roll += st.roll[v]
    k = randint(rng, n_roll)
    v = 1
    while k >= st.roll[v]:
        k -= st.roll[v]
        v += 1
    n_open = 0
    for d in range(A.n_districts):
        if st.locked[d] < 0:
            n_open += 1
    if n_open == 0:
        return 0, -1, -1
    k = randint(rng, n_open)
    d = 0
    for dd in range(A.n_districts):
        if st.locked[dd] < 0:
            if k == 0:
                d = dd
                break
            k -= 1
    arg = -1
    if v <= 4 and uniform(rng) < w[RP_EFFECT]:
        if v <= 2:
            n_here = 0
            for q in range(A.n_players):
                n_here += st.ndice[d, q]
            if n_here > 0:
                k = randint(rng, n_here)
                for q in range(A.n_players):
                    for u in range(1, 7):
                        if arg < 0 and k < st.dice[d, q, u]:
                            arg = q * 8 + u
                        elif arg < 0:
                            k -= st.dice[d, q, u]
        else:
            z = st.target[d]
            if z == 0:
                arg = 1
            elif z == 2:
                arg = 1
            else:
                arg = 0 if randint(rng, 2) == 0 else 2
    return v, d, arg


@rule(inline=True)
def _fill_values(rw, target, locked, nlive, values, n_d, p, moves, pod_ok, pods_p, jelly_p,
                 n_p):
    """Fill ``values[p, d, z]``: p's value of each open district's target zone (and of the
    zones one step in / out if ``moves``) with one more die there that survives cancellation
    (``nlive``: dice that do, the count a 'number of dice' reward reads); one call per
    decision."""
    for d in range(n_d):
        if locked[d] >= 0:
            continue
        z0 = target[d]
        for z in range(max(z0 - 1, 0) if moves else z0, min(z0 + 1, 2) + 1 if moves else z0 + 1):
            x = _zone_fast(rw, d, z, pod_ok, n_p)
            if x != x:
                x = _zone(rw, target, n_d, d, z, nlive[d, p] + 1, pod_ok, pods_p, jelly_p, n_p)
            values[p, d, z] = x


@rule(inline=True)
def _fill_opponents(rw, target, locked, nlive, values, n_d, p, moves, pod_ok, pods, jelly, n_p):
    """``_fill_values`` for p's opponents, with the dice they have (a one-icon zone is worth the
    same to everyone)."""
    for d in range(n_d):
        if locked[d] >= 0:
            continue
        z0 = target[d]
        for z in range(max(z0 - 1, 0) if moves else z0, min(z0 + 1, 2) + 1 if moves else z0 + 1):
            simple = _zone_fast(rw, d, z, pod_ok, n_p) == values[p, d, z]
            for q in range(n_p):
                if q == p:
                    continue
                if simple:
                    values[q, d, z] = values[p, d, z]
                else:
                    values[q, d, z] = _zone(rw, target, n_d, d, z, nlive[d, q], pod_ok, pods[q],
                                            jelly[q], n_p)


@rule(inline=True)
def _opp_tops(eff, d, p, n_p):
    """Best opponent total on ``d``, its owner, and the best opponent total without him."""
    m1 = 0
    i1 = -1
    m2 = 0
    for q in range(n_p):
        if q == p:
            continue
        e = eff[d, q]
        if e > m1:
            m2 = m1
            m1 = e
            i1 = q
        elif e > m2:
            m2 = e
    return m1, i1, m2


@rule(inline=True)
def _any_dice(ndice, d, n_p):
    """Is any die on the entrance of ``d``?"""
    for q in range(n_p):
        if ndice[d, q] > 0:
            return True
    return False


@rule
def _center_term(center, p, w, rq, bo0, lead0):
    """Center feature of removing a die of ``rq`` (``bo0``: best other center count)."""
    mine = center[p] + (1 if rq == p else 0)
    bo1 = bo0 if rq == p else max(bo0, center[rq] + 1)
    lead1 = 1.0 if mine > 0 and mine >= bo1 else 0.0
    return w[W_CENTER] * POD_VALUE * (lead1 - lead0)


@rule
def _deny_term(w, values, eff, n_p, p, d, z0, z1, rq, e_opp, top0, top1, leader):
    """Weighted deny and leader terms of a choice on ``d``: the drop in the opponents' takes
    when the top total goes from ``top0`` to ``top1``, opponent ``rq``'s total becomes ``e_opp``
    and the target moves from ``z0`` to ``z1`` (``values`` holds the opponents' zones)."""
    deny = 0.0
    deny_leader = 0.0
    for q in range(n_p):
        if q == p:
            continue
        eq0 = eff[d, q]
        eq1 = e_opp if q == rq else eq0
        c0 = eq0 > 0 and eq0 >= top0
        c1 = eq1 > 0 and eq1 >= top1
        if not (c0 or c1) or (c0 and c1 and z0 == z1):
            continue  # this opponent's take does not change: adds exactly 0.0
        t0 = values[q, d, z0] if c0 else 0.0
        t1 = values[q, d, z1] if c1 else 0.0
        deny += t0 - t1
        if q == leader:
            deny_leader += t0 - t1
    return w[W_DENY] * deny + w[W_LEADER] * deny_leader


@rule(inline=True)
def _deny_ub(w, values, eff, n_p, p, d, z0, moves, top0, leader):
    """Upper bound of the weighted deny and leader terms of any choice on ``d``: an opponent's
    take drop lies between his take now minus the most and minus the least he could take after
    (0.0 or a reachable zone), summed in the terms' order."""
    zlo = max(z0 - 1, 0) if moves else z0
    zhi = min(z0 + 1, 2) if moves else z0
    hi = 0.0
    lo = 0.0
    hi_l = 0.0
    lo_l = 0.0
    for q in range(n_p):
        if q == p:
            continue
        t0 = values[q, d, z0] if eff[d, q] > 0 and eff[d, q] >= top0 else 0.0
        x_lo = 0.0
        x_hi = 0.0
        for z in range(zlo, zhi + 1):
            x_lo = min(x_lo, values[q, d, z])
            x_hi = max(x_hi, values[q, d, z])
        h = max(0.0, t0 - x_lo)
        lw = min(0.0, t0 - x_hi)
        hi += h
        lo += lw
        if q == leader:
            hi_l = h
            lo_l = lw
    wd = w[W_DENY]
    wl = w[W_LEADER]
    return wd * (hi if wd >= 0.0 else lo) + wl * (hi_l if wl >= 0.0 else lo_l)


@rule
def _choice_ub(w, hi_raw, removals, moves, ctrl0, take0, mg0, vp0, vpm, vpp, t_cost_max, cmax,
               need_all, deny_ub):
    """Upper bound of the scores of a group of choices on a district (finite weights).

    After them my total minus the best other is at most ``hi_raw``; ``removals``/``moves``: the
    group has removals / target moves (to zones worth ``vpm``, ``vpp`` to me); ``t_cost_max``,
    ``cmax``, ``deny_ub`` bound the cost, center and deny terms. Each term is bounded through
    the same float operations and the bounds are added in the score's order: rounding is
    monotone, so no score exceeds the bound.
    """
    can_ctrl = hi_raw >= 0
    top = max(vp0, 0.0) if can_ctrl else 0.0
    low = min(vp0, 0.0) if can_ctrl else 0.0
    if can_ctrl and moves:
        top = max(top, max(vpm, vpp))
        low = min(low, min(vpm, vpp))
    wt = w[W_TAKE]
    ub = wt * ((top if wt >= 0.0 else low) - take0)
    if need_all:
        ub += deny_ub
    wm = w[W_MARGIN]
    ub += wm * ((min(max(hi_raw, -10), 10) if wm >= 0.0 else -10) - mg0)
    ub += t_cost_max
    if can_ctrl and not ctrl0:
        ub += max(w[W_NEW], 0.0)
    ub += max(w[W_CANCEL], 0.0)
    if removals:
        ub += cmax
    if moves:
        wg = w[W_TARGET]
        ub += max(0.0, max(wg * (vpm - vp0), wg * (vpp - vp0)))
    return ub


@rule(inline=True)
def _podium_icons(rw, d, z):
    """The B of zone ``z`` of ``d``'s own 'podium' and 'podium_present' icons."""
    sec = 0.0
    pres = 0.0
    for i in range(MAX_ICONS):
        kind = rw[d, z, i, 0]
        if kind == 0:
            break
        if kind == R_PODIUM:
            sec += rw[d, z, i, 2]
        elif kind == R_PODIUM_PRESENT:
            pres += rw[d, z, i, 2]
    return sec, pres


@rule
def _zone_podium(rw, n_d, target, d, z):
    """What zone ``z`` of ``d`` pays a player who does NOT control ``d``: (the B of its 'podium'
    icons, paid to the second-highest total; the B of its 'podium_present' icons, paid to every
    other player with a die there); arrows to a left or right neighbour followed one level ('an
    adjacent icon reached that way gives nothing'; 'either' is the controllers' choice and is
    not counted)."""
    sec, pres = _podium_icons(rw, d, z)
    for i in range(MAX_ICONS):
        kind = rw[d, z, i, 0]
        if kind == 0:
            break
        if kind == R_ADJ and rw[d, z, i, 1] != ADJ_EITHER:
            nb = (d + rw[d, z, i, 1]) % n_d
            s2, p2 = _podium_icons(rw, nb, target[nb])
            sec += s2
            pres += p2
    return sec, pres


@rule
def _is_second(eff, d, p, n_p, e1, rq, e_rq):
    """Podium rule: is a total ``e1`` of ``p`` on ``d`` the second-highest total (above 0,
    below the top, no total in between), opponent ``rq``'s total being ``e_rq`` (rq -1: all
    opponents as they are)?"""
    if e1 <= 0:
        return False
    top = e1
    for q in range(n_p):
        if q != p:
            top = max(top, e_rq if q == rq else eff[d, q])
    if e1 >= top:
        return False
    for q in range(n_p):
        if q != p:
            e = e_rq if q == rq else eff[d, q]
            if e > e1 and e < top:
                return False
    return True


@rule
def _non_ctrl_take(eff, d, p, n_p, e1, rq, e_rq, sec, pres):
    """What ``p`` takes from a podium zone it does not control with total ``e1``: second place
    (``sec``) and presence (``pres``: a die that survives cancellation, i.e. a total above 0)."""
    t = 0.0
    if sec != 0.0 and _is_second(eff, d, p, n_p, e1, rq, e_rq):
        t += sec
    if e1 > 0:
        t += pres
    return t


@rule
def _score(w, ctrl0, take0, mg0, e1, max_o1, vp1, sv1, deny, t_cost, t_a, t_b, need_all,
           has_cost, has_new, two_tail):
    """Score of a choice after which my total is ``e1``, the best other ``max_o1`` and my
    target zone worth ``vp1``: the terms added in the features' order.

    ``sv1``: what a podium zone pays me if I do not control it (second place, presence; 0.0
    elsewhere). ``t_a``, ``t_b``: the last terms (cancel, then center or target). A term that is always 0.0
    is skipped (x + 0.0 == x) and one that is 0.0 or NaN (a weight times 0.0) is pre-added to
    another, which leaves the sum unchanged; the flags are constants at the fast call sites.
    """
    ctrl1 = (e1 > 0) & (e1 >= max_o1)
    score = w[W_TAKE] * ((vp1 if ctrl1 else sv1) - take0)
    if need_all:
        score += deny
    score += w[W_MARGIN] * (min(max(e1 - max_o1, -10), 10) - mg0)
    if has_cost:
        score += t_cost
    if has_new:
        score += w[W_NEW] if ctrl1 & (not ctrl0) else 0.0
    score += t_a
    if two_tail:
        score += t_b
    return score


@rule(inline=True)
def decide_place(A, st, lineup, p, rng):
    """A bot's roll-step decision: (value, district, effect argument), or value 0 to pass.

    The effect argument is ``owner * 8 + value`` of the die to remove (values 1-2), the new
    target zone (values 3-4), or -1 for no effect.

    The evaluator bots keep the first best choice in the order district, value, option (no
    effect, then each die to remove or each target move). They score a district's removals
    owner by owner after its other choices, so ``key``, the position in that order, breaks
    ties; they skip a district, or its removals, when ``_choice_ub`` is below the best so far.
    The loop is inline: a call passing ``A`` and ``st`` costs more than scoring a choice.

    A custom bot (id ``CUSTOM_ID``) scores every legal option (``KIND_PLACE``). The lookahead
    bot's decisions are :func:`simlab.games.jelly.nb.choose_place`'s (they need the playout
    scratch); asked here, it plays the evaluator with its own parameter vector.
    """
    w = lineup.params[p]
    bid = lineup.ids[p]
    if bid == BOT_RANDOM:
        return _random_place(A, st, p, w, rng)
    if bid == CUSTOM_ID:
        return _custom_place(A, st, lineup, p)
    n, bv, bd, barg = evaluate_place(A, st, w, p, st.info[:0], st.next_time[:0], rng)
    return bv, bd, barg


@rule
def evaluate_place(A, st, w, p, codes, scores, rng):
    """The evaluator bots' roll-step decision with weights ``w`` (see ``decide_place``):
    (n, value, district, effect argument), value 0 to pass (a choice scoring below
    ``pass_below``, or below ``wait`` while the time allows rolling again: ``can_wait``).

    Ties between districts and between opponents are broken by a random order drawn from
    ``rng`` (``shuffle_ranks``): the leader is the opponent with the most jelly (pods at 3.5),
    ties by that order. With non-empty ``codes`` / ``scores`` it records every legal choice it
    scores (its ``place_code`` and score, ``n`` of them) and prunes nothing: the lookahead bot
    ranks them.
    """
    shuffle_ranks(st, rng)
    record = codes.shape[0] > 0
    n_rec = 0
    n_p = A.n_players
    n_d = A.n_districts
    rw = A.rewards
    need_all = w[W_DENY] != 0.0 or w[W_LEADER] != 0.0
    has_cost = w[W_COST] != 0.0
    has_new = w[W_NEW] != 0.0
    fast = not (need_all or has_cost or has_new)
    use_center = w[W_CENTER] != 0.0
    tg0 = w[W_TARGET] * 0.0  # the target feature of a choice that keeps the target: 0 or NaN
    zero_deny = w[W_DENY] * 0.0 + w[W_LEADER] * 0.0  # deny and leader when no take changes
    pod_ok = st.info[I_POD_STACK] > 0
    rolled = 0  # rolled values, 4 bits each
    n_rolled = 0
    for v in range(1, 7):
        if st.roll[v] > 0:
            rolled |= v << (4 * n_rolled)
            n_rolled += 1
    has12 = st.roll[1] > 0 or st.roll[2] > 0
    has34 = st.roll[3] > 0 or st.roll[4] > 0
    leader = -1
    best_score = -1e18
    bo0 = 0  # best other city-center count
    for q in range(n_p):  # ties: the random order of this decision
        if q == p:
            continue
        s = st.jelly[q] + POD_VALUE * st.pods[q]
        if s > best_score or (s == best_score and st.rank_p[q] < st.rank_p[leader]):
            best_score = s
            leader = q
        if st.center[q] > bo0:
            bo0 = st.center[q]
    lead0 = 1.0 if st.center[p] > 0 and st.center[p] >= bo0 else 0.0
    finite = True
    for i in range(W_TARGET + 1):
        if not np.isfinite(w[i]):
            finite = False
    prune = finite and not record  # skip districts whose bound cannot reach the best
    vmax = 0
    t_cost_max = 0.0  # bounds of the cost and center terms of any choice
    for v in range(1, 7):
        if st.roll[v] > 0:
            vmax = v
            if has_cost:
                t_cost_max = max(t_cost_max, w[W_COST] * (v / 6.0))
    cmax = 0.0
    if use_center and has12:
        for rq in range(n_p):
            cmax = max(cmax, _center_term(st.center, p, w, rq, bo0, lead0))
    _fill_values(rw, st.target, st.locked, st.nlive, st.values, n_d, p, has34, pod_ok,
                 st.pods[p], st.jelly[p], n_p)
    if need_all:
        _fill_opponents(rw, st.target, st.locked, st.nlive, st.values, n_d, p, has34, pod_ok,
                        st.pods, st.jelly, n_p)
    best = -1e18
    bkey = -1
    bv = 0
    bd = -1
    barg = -1
    for d in range(n_d):
        if st.locked[d] >= 0:
            continue
        z0 = st.target[d]
        # my values of the target zone and of the zones one step in / out (0.0 if not needed)
        vp0 = st.values[p, d, z0]
        vpm = st.values[p, d, z0 - 1] if has34 and z0 > 0 else 0.0
        vpp = st.values[p, d, z0 + 1] if has34 and z0 < 2 else 0.0
        e_me = st.eff[d, p]
        m1, i1, m2 = _opp_tops(st.eff, d, p, n_p)
        ctrl0 = e_me > 0 and e_me >= m1
        # podium zones pay non-controllers too (second place, presence): valued, not pruned
        sec0, pres0 = _zone_podium(rw, n_d, st.target, d, z0)
        secm, presm = _zone_podium(rw, n_d, st.target, d, z0 - 1) if has34 and z0 > 0 \
            else (0.0, 0.0)
        secp, presp = _zone_podium(rw, n_d, st.target, d, z0 + 1) if has34 and z0 < 2 \
            else (0.0, 0.0)
        podium = (sec0 != 0.0 or pres0 != 0.0 or secm != 0.0 or presm != 0.0 or secp != 0.0
                  or presp != 0.0)
        take0 = vp0 if ctrl0 else 0.0
        if podium and not ctrl0:
            take0 = _non_ctrl_take(st.eff, d, p, n_p, e_me, -1, 0, sec0, pres0)
        mg0 = min(max(e_me - m1, -10), 10)
        top0 = max(e_me, m1)
        opp0 = m1 > 0 and m1 >= top0  # an opponent controls d now
        # my total minus the best other after a choice is at most hi_raw (rem_raw for a
        # removal: +2, +6 for an un-cancelled pair of mine, the best other >= max(m2, m1 - 6))
        removals = has12 and (top0 > 0 or _any_dice(st.ndice, d, n_p))
        rem_raw = e_me + 2 + (6 if st.ndice[d, p] > 0 else 0) - max(m2, m1 - 6)
        hi_raw = max(e_me + vmax - m1, rem_raw) if removals else e_me + vmax - m1
        deny_ub = 0.0
        if prune and need_all:
            deny_ub = _deny_ub(w, st.values, st.eff, n_p, p, d, z0, has34, top0, leader)
        if prune and not podium and _choice_ub(w, hi_raw, removals, has34, ctrl0, take0, mg0,
                                               vp0, vpm, vpp, t_cost_max, cmax, need_all,
                                               deny_ub) < best:
            continue
        # no effect (any value) and target moves (values 3-4)
        for j in range(n_rolled):
            v = (rolled >> (4 * j)) & 15
            c = st.dice[d, p, v]
            e1 = e_me + v * ((c == 0) - (c == 1))
            t_cost = w[W_COST] * (v / 6.0) if has_cost else 0.0
            t_cancel = w[W_CANCEL] if c >= 1 else 0.0
            key = (st.rank_d[d] * 8 + v) * 64
            top1 = max(e1, m1)
            sv1 = _non_ctrl_take(st.eff, d, p, n_p, e1, -1, 0, sec0, pres0) if podium else 0.0
            deny = zero_deny
            if need_all and top1 != top0:
                deny = _deny_term(w, st.values, st.eff, n_p, p, d, z0, z0, -1, 0, top0, top1,
                                  leader)
            if fast:
                s = _score(w, ctrl0, take0, mg0, e1, m1, vp0, sv1, 0.0, 0.0, t_cancel + tg0,
                           0.0, False, False, False, False)
            else:
                s = _score(w, ctrl0, take0, mg0, e1, m1, vp0, sv1, deny, t_cost,
                           t_cancel + tg0, 0.0, need_all, has_cost, has_new, False)
            if record:
                codes[n_rec] = place_code(v, d, -1)
                scores[n_rec] = s
                n_rec += 1
            if s > best or (s == best and key < bkey):
                best, bkey, bv, bd, barg = s, key, v, d, -1
            if v != 3 and v != 4:
                continue
            for k in range(1, 3):
                nz = z0 - 3 + 2 * k
                if nz < 0 or nz > 2:
                    continue
                vp1 = vpm if k == 1 else vpp
                t_target = w[W_TARGET] * (vp1 - vp0)
                sv1 = 0.0
                if podium:
                    sv1 = _non_ctrl_take(st.eff, d, p, n_p, e1, -1, 0, secm if k == 1 else secp,
                                         presm if k == 1 else presp)
                deny = zero_deny
                if need_all and (opp0 or (m1 > 0 and m1 >= top1)):
                    deny = _deny_term(w, st.values, st.eff, n_p, p, d, z0, nz, -1, 0, top0,
                                      top1, leader)
                if fast:
                    s = _score(w, ctrl0, take0, mg0, e1, m1, vp1, sv1, 0.0, 0.0, t_cancel,
                               t_target, False, False, False, True)
                else:
                    s = _score(w, ctrl0, take0, mg0, e1, m1, vp1, sv1, deny, t_cost, t_cancel,
                               t_target, need_all, has_cost, has_new, True)
                if record:
                    codes[n_rec] = place_code(v, d, nz)
                    scores[n_rec] = s
                    n_rec += 1
                if s > best or (s == best and key + k < bkey):
                    best, bkey, bv, bd, barg = s, key + k, v, d, nz
        if not removals or prune and not podium and _choice_ub(
                w, rem_raw, True, False, ctrl0, take0, mg0, vp0, 0.0, 0.0, t_cost_max, cmax,
                need_all, deny_ub) < best:
            continue
        # remove another die here (values 1-2): owner by owner, each value ru he holds here
        for rq in range(n_p):
            if st.ndice[d, rq] == 0:
                continue
            held = 0  # the values rq holds here, 3 bits each (branch-free)
            n_held = 0
            for ru in range(1, 7):
                present = st.dice[d, rq, ru] > 0
                held |= (ru * present) << (3 * n_held)
                n_held += present
            mine = rq == p
            e_rq = st.eff[d, rq]
            rest = m2 if rq == i1 else m1  # best other total without rq's
            t_center = tg0
            if use_center:
                t_center = _center_term(st.center, p, w, rq, bo0, lead0) + tg0
            for v in range(1, 3):
                if st.roll[v] == 0:
                    continue
                c = st.dice[d, p, v]
                e1 = e_me + v * ((c == 0) - (c == 1))
                t_cost = w[W_COST] * (v / 6.0) if has_cost else 0.0
                t_cancel = w[W_CANCEL] if c >= 1 else 0.0
                # ties: owners in the random order of this decision (no seat is favoured)
                key = (st.rank_d[d] * 8 + v) * 64 + 1 + st.rank_p[rq] * 7
                for i in range(n_held):
                    ru = (held >> (3 * i)) & 7
                    # losing a single die (-ru) or un-cancelling a pair (+ru)
                    cu = st.dice[d, rq, ru] + (mine & (ru == v))
                    delta = ru * ((cu == 2) - (cu == 1))
                    e1r = e1 + delta * mine
                    e_opp = e_rq + delta
                    max_o1 = m1 if mine else max(e_opp, rest)
                    deny = zero_deny
                    top1 = max(e1r, max_o1)
                    if need_all and (top1 != top0 or (not mine and delta != 0)):
                        deny = _deny_term(w, st.values, st.eff, n_p, p, d, z0, z0,
                                          -1 if mine else rq, e_opp, top0, top1, leader)
                    sv1 = 0.0
                    if podium:
                        sv1 = _non_ctrl_take(st.eff, d, p, n_p, e1r, -1 if mine else rq, e_opp,
                                             sec0, pres0)
                    if fast:
                        s = _score(w, ctrl0, take0, mg0, e1r, max_o1, vp0, sv1, 0.0, 0.0,
                                   t_cancel, t_center, False, False, False, True)
                    else:
                        s = _score(w, ctrl0, take0, mg0, e1r, max_o1, vp0, sv1, deny, t_cost,
                                   t_cancel, t_center, need_all, has_cost, has_new, True)
                    if record:
                        codes[n_rec] = place_code(v, d, rq * 8 + ru)
                        scores[n_rec] = s
                        n_rec += 1
                    if s > best or (s == best and key + ru < bkey):
                        best, bkey, bv, bd, barg = s, key + ru, v, d, rq * 8 + ru
    if bd < 0 or best < w[W_PASS_BELOW]:
        return n_rec, 0, -1, -1
    if best < w[W_WAIT] and can_wait(A, st, p):
        return n_rec, 0, -1, -1
    return n_rec, bv, bd, barg


@rule
def decide_lock(A, st, lineup, p, rng):
    """After its last die: the district ``p`` locks down, or -1 (called only when one is legal)."""
    w = lineup.params[p]
    n_d = A.n_districts
    n_p = A.n_players
    req = A.lock_requires_dice
    if lineup.ids[p] == BOT_RANDOM:
        if uniform(rng) >= w[RP_LOCK]:
            return -1
        n_ok = 0
        for d in range(n_d):
            if _lock_ok(st.locked, st.ndice, d, n_p, req):
                n_ok += 1
        k = randint(rng, n_ok)
        for d in range(n_d):
            if _lock_ok(st.locked, st.ndice, d, n_p, req):
                if k == 0:
                    return d
                k -= 1
        return -1
    if lineup.ids[p] == CUSTOM_ID:
        best = lineup.custom(A, st, p, KIND_LOCK, -1, w)  # options: no lock, then districts
        bd = -1
        for d in range(n_d):
            if _lock_ok(st.locked, st.ndice, d, n_p, req):
                s = lineup.custom(A, st, p, KIND_LOCK, d, w)
                if s > best:
                    best = s
                    bd = d
        return bd
    return evaluate_lock(A, st, w, p, rng)


@rule
def evaluate_lock(A, st, w, p, rng):
    """The evaluator bots' lock-down with weights ``w``: the district whose take is most at
    risk (value / (1 + margin)), or -1; ties in a random order drawn from ``rng``."""
    n_d = A.n_districts
    n_p = A.n_players
    req = A.lock_requires_dice
    if w[W_LOCK] <= 0.5:
        return -1
    shuffle_ranks(st, rng)
    best = 0.0
    bd = -1
    for d in range(n_d):
        if not _lock_ok(st.locked, st.ndice, d, n_p, req) or not _controls(st.eff, d, p, n_p):
            continue
        margin = st.eff[d, p]
        for q in range(n_p):
            if q != p:
                margin = min(margin, st.eff[d, p] - st.eff[d, q])
        value = _zone(A.rewards, st.target, n_d, d, st.target[d], st.nlive[d, p],
                      st.info[I_POD_STACK] > 0, st.pods[p], st.jelly[p], n_p)
        v = value / (1.0 + margin)
        if v > best or (v == best and bd >= 0 and st.rank_d[d] < st.rank_d[bd]):
            best = v
            bd = d
    return bd


@rule(inline=True)
def decide_flip(A, st, lineup, p, rng):
    """Does ``p``, every die placed, flip the sand timer now? Asked right after its last die
    and again at each of its later moments (every ``watch_seconds``) while unflipped: the
    random bot flips with chance ``flip`` each time, the evaluator bots by ``evaluate_flip``."""
    w = lineup.params[p]
    if lineup.ids[p] == BOT_RANDOM:
        return uniform(rng) < w[RP_FLIP]
    if lineup.ids[p] == CUSTOM_ID:  # options: 0 keep the timer, 1 flip it
        return lineup.custom(A, st, p, KIND_FLIP, 1, w) > lineup.custom(A, st, p, KIND_FLIP,
                                                                         0, w)
    return evaluate_flip(A, st, w, p)


@rule  # asked by the reference engine (through its twin)
def decide_either(A, st, lineup, q, d):
    """Which neighbour of ``d`` controller ``q`` takes an 'adjacent: either' reward from:
    ``either_choice`` for the built-in bots; a custom bot scores the left neighbour, then the
    right one (``KIND_EITHER``, option = the neighbour's district index)."""
    if lineup.ids[q] != CUSTOM_ID:
        return either_choice(A, st, q, d)
    n_d = A.n_districts
    left = (d + A.left_step) % n_d  # by the adjacent_orientation reading
    right = (d - A.left_step) % n_d
    w = lineup.params[q]
    if lineup.custom(A, st, q, KIND_EITHER, right, w) > lineup.custom(A, st, q, KIND_EITHER,
                                                                       left, w):
        return right
    return left


@rule
def _custom_place(A, st, lineup, p):
    """A custom bot's roll-step decision: every legal placement code scored by the line-up's
    custom function, in the order district, value, effect (none, target moves in then out,
    removals by owner and value), then 'place nothing' (code 0); the first best is taken."""
    w = lineup.params[p]
    n_p = A.n_players
    best = -np.inf
    bc = 0
    found = False
    for d in range(A.n_districts):
        if st.locked[d] >= 0:
            continue
        z0 = st.target[d]
        for v in range(1, 7):
            if st.roll[v] == 0:
                continue
            for k in range(-1, 3 * n_p * 8):
                if k >= 0:
                    if v == 3 or v == 4:
                        if k > 1:
                            break
                        arg = z0 - 1 if k == 0 else z0 + 1
                        if arg < 0 or arg > 2:
                            continue
                    elif v <= 2:
                        q = k // 8
                        u = k % 8
                        if q >= n_p:
                            break
                        if u < 1 or u > 6 or st.dice[d, q, u] == 0:
                            continue
                        arg = k
                    else:
                        break
                else:
                    arg = -1
                code = place_code(v, d, arg)
                s = lineup.custom(A, st, p, KIND_PLACE, code, w)
                if not found or s > best:
                    best = s
                    bc = code
                    found = True
    s = lineup.custom(A, st, p, KIND_PLACE, 0, w)
    if not found or s > best:
        return 0, -1, -1
    return code_value(bc), code_district(bc), code_arg(bc)


@rule(inline=True)
def _controls(eff, d, q, n_p):
    """Does ``q`` control ``d`` now (highest total > 0, ties included)?"""
    e = eff[d, q]
    if e <= 0:
        return False
    for o in range(n_p):
        if o != q and eff[d, o] > e:
            return False
    return True


@rule
def _lock_ok(locked, ndice, d, n_p, requires_dice):
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
    return _lock_ok(st.locked, st.ndice, d, A.n_players, A.lock_requires_dice)


def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec
