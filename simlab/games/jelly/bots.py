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
    Flat Monte Carlo search (``lookahead.py``, asked by ``nb.choose_place`` / ``choose_lock`` /
    ``choose_flip``; it plays the kernel's own rules). At a roll step it ranks every legal
    placement (die, district, effect) by greedy's evaluation and tries the best ``width``
    (default 6); after its last die it tries no lock-down and every legal one, then keeping and
    flipping the timer. Each option is played out ``playouts`` times (default 8) from a copy of
    the state (the search scratch ``state.JellySearch``, allocated once per batch): every seat,
    the bot included, plays greedy for the rest of the round; the round is scored and, with
    ``horizon`` = h > 0, h more rounds are played (``horizon`` >= 3: to the end of the game,
    pods rolled). Result: the win share (1/k for a k-way tie) by final score, or at a cut by
    jelly + 3.5 per pod, plus score / 10000 as a tie-break; the best total is taken (ties:
    greedy's order). Playouts roll
    every die on their own stream, seeded by one draw from the game's stream per decision, the
    same seeds for every option (common random numbers): the bot never sees a die before it is
    rolled, and kernel and reference, which ask the same functions, agree game for game. The
    default horizon is the end of the round: as strong in our runs as the end of the game and
    about 4x cheaper. 'Either' rewards: greedy's choice. When the time allows rolling again
    (``can_wait``), placing nothing is one more option it plays out; at each moment with every
    die placed it plays out keeping and flipping the timer.
``first`` (6, ``simlab bench`` only)
    The first legal option at every decision, no evaluation: the lowest open district, the
    lowest rolled value, no effect; no lock-down, no flip, the left neighbour for 'either', a
    short giver's recipients in the decision's random order. Its games time the rules alone.

Custom bots (``simlab.bot("jelly", ...)``, id ``CUSTOM_ID``)
    The custom function ``fn(A, st, seat, kind, option, params) -> float`` scores each legal
    option of a decision; the highest is taken, a tie between options drawn at random from the
    game's stream (every tied option equally likely), as the built-in bots break theirs. The
    options are asked in the order below.

    - ``KIND_PLACE`` (0), a roll step. ``option`` is a placement code
      ``(district * 8 + value) * 64 + arg + 1`` with ``arg`` -1 (no effect), the new target
      zone 0-2 (a 3 or 4 moving the Target one zone), or ``owner * 8 + v`` (a 1 or 2 removing
      a die of ``owner`` showing ``v`` from that entrance to the city center); decode it with
      ``code_value``, ``code_district``, ``code_arg`` (numba functions of this module). Order:
      district, value, then no effect, the target moves (in, then out), the removals (owner,
      value); last, code 0 = place nothing and roll again (not offered when the rule option
      ``roll_again_limit`` forbids another roll without placing: ``may_roll_again``).
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
    icon codes, ``dice``, ``rounds``, ``timer_seconds``...), ``st`` is ``state.JellyState``:
    ``roll`` (the bot's own roll, counts per value; at a roll step only), ``dice[d, q, v]``,
    ``eff[d, q]`` (totals after cancellation), ``ndice``, ``nlive`` (dice surviving
    cancellation), ``target[d]``, ``locked[d]``, ``jelly``, ``pods``, ``center``, ``n_left``,
    ``next_time`` (each player's next moment, seconds; the deciding seat's is now), ``info``
    (round, pod stack, timer flipped, drone), ``deadline``, ``rerolls`` (rolls in a row each
    player made without placing a die this round). Do not write to them, do not
    allocate. Helpers such as ``target_zone_value(A, st, q, d, z, nd)``
    (the value of zone ``z`` of ``d`` to ``q`` holding ``nd`` dice there) may be called.
    Example (``examples/custom_bots/jelly.py``)::

        @simlab.bot("jelly", params={"reward": 1.0})
        def grabber(A, st, seat, kind, option, params):
            if kind != KIND_PLACE or option == 0:
                return 0.0
            ...

    Helpers ``can_wait``, ``standing``, ``dice_in_time`` and ``mean_step`` read the clock.

Where things live: ids, parameter slots and defaults in ``roster.py``; option codes and tie
orders in ``options.py``; reward values in ``valuation.py``; the clock in ``timer.py``; the
evaluator bots in ``evaluator.py``; the lookahead search in ``lookahead.py``. This module asks
each seat's bot for its decision and keeps the names custom bots use (``KIND_*``, the
``code_*`` helpers, ``target_zone_value``, ``can_wait``...) importable from here.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.core.rng import randint, uniform
from simlab.games.jelly.evaluator import evaluate_flip, evaluate_lock, evaluate_place
from simlab.games.jelly.options import (
    code_arg,
    code_district,
    code_value,
    place_code,
    shuffle_ranks,
)
from simlab.games.jelly.roster import (
    BOT_FIRST,
    BOT_GREEDY,
    BOT_LOOKAHEAD,
    BOT_RANDOM,
    BOT_SABOTEUR,
    BOT_SPREAD,
    BOT_WEIGHTS,
    BOTS,
    EVAL_PARAMS,
    GREEDY_W,
    KIND_EITHER,
    KIND_FLIP,
    KIND_GIFT,
    KIND_LOCK,
    KIND_PLACE,
    N_PARAMS,
    RP_EFFECT,
    RP_FLIP,
    RP_LOCK,
    RP_PASS,
    bot_vector,
)
from simlab.games.jelly.rules import POD_VALUE
from simlab.games.jelly.timer import (
    can_wait,
    dice_in_time,
    lock_allowed,
    lock_ok,
    may_roll_again,
    mean_step,
)
from simlab.games.jelly.valuation import either_choice, icon_value, standing, target_zone_value

#: names kept importable from here (custom bots, tests, the docs)
__all__ = ["BOT_FIRST", "BOT_GREEDY", "BOT_LOOKAHEAD", "BOT_RANDOM", "BOT_SABOTEUR", "BOT_SPREAD",
           "BOT_WEIGHTS", "BOTS", "EVAL_PARAMS", "GREEDY_W", "KIND_EITHER", "KIND_FLIP",
           "KIND_GIFT", "KIND_LOCK", "KIND_PLACE", "N_PARAMS", "POD_VALUE", "bot_vector",
           "can_wait", "code_arg", "code_district", "code_value", "decide_either", "decide_flip",
           "decide_lock", "decide_place", "dice_in_time", "either_choice", "gift_order",
           "icon_value", "lock_allowed", "may_roll_again", "mean_step", "place_code",
           "shuffle_ranks", "standing", "target_zone_value"]


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
        return _custom_place(A, st, lineup, p, rng)
    if bid == BOT_FIRST:
        return _first_place(A, st)
    n, bv, bd, barg = evaluate_place(A, st, w, p, st.info[:0], st.next_time[:0], rng)
    return bv, bd, barg


@rule
def _random_place(A, st, p, w, rng):
    """The random bot's roll-step decision (see ``decide_place``): it rolls again with chance
    ``pass`` while the ``roll_again_limit`` allows."""
    if may_roll_again(A, st, p) and uniform(rng) < w[RP_PASS]:
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


@rule
def _first_place(A, st):
    """The bench bot ``first``'s roll step: the first legal option in the custom bots' order,
    with no evaluation: the lowest open district, the lowest rolled value, no effect (it rolls
    again only when every district is locked down)."""
    for d in range(A.n_districts):
        if st.locked[d] < 0:
            for v in range(1, 7):
                if st.roll[v] > 0:
                    return v, d, -1
    return 0, -1, -1


@rule(inline=True)
def _keep_best(s, best, n_best, found, rng):
    """A custom bot's running best with ties drawn at random (reservoir sampling from the
    game's stream, one draw per tie): is an option scoring ``s`` the one kept, and the new
    (best, number of options tied at it)? The first option is always kept."""
    if not found or s > best:
        return True, s, 1
    if s == best:
        n_best += 1
        return randint(rng, n_best) == 0, best, n_best
    return False, best, n_best


@rule
def _custom_place(A, st, lineup, p, rng):
    """A custom bot's roll-step decision: every legal placement code scored by the line-up's
    custom function, in the order district, value, effect (none, target moves in then out,
    removals by owner and value), then 'place nothing' (code 0, while the roll_again_limit
    allows it); the best is taken, a tie between options drawn at random from ``rng`` (every
    tied option equally likely), as the built-in bots break theirs."""
    w = lineup.params[p]
    n_p = A.n_players
    best = -np.inf
    n_best = 0
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
                keep, best, n_best = _keep_best(s, best, n_best, found, rng)
                if keep:
                    bc = code
                found = True
    if found and not may_roll_again(A, st, p):  # the roll_again_limit: it must place
        return code_value(bc), code_district(bc), code_arg(bc)
    s = lineup.custom(A, st, p, KIND_PLACE, 0, w)
    keep, best, n_best = _keep_best(s, best, n_best, found, rng)
    if keep:
        return 0, -1, -1
    return code_value(bc), code_district(bc), code_arg(bc)


@rule(inline=True)
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
            if lock_ok(st.locked, st.ndice, d, n_p, req):
                n_ok += 1
        k = randint(rng, n_ok)
        for d in range(n_d):
            if lock_ok(st.locked, st.ndice, d, n_p, req):
                if k == 0:
                    return d
                k -= 1
        return -1
    if lineup.ids[p] == BOT_FIRST:  # its first option: no lock-down
        return -1
    if lineup.ids[p] == CUSTOM_ID:  # options: no lock, then districts; ties at random
        best = lineup.custom(A, st, p, KIND_LOCK, -1, w)
        n_best = 1
        bd = -1
        for d in range(n_d):
            if lock_ok(st.locked, st.ndice, d, n_p, req):
                s = lineup.custom(A, st, p, KIND_LOCK, d, w)
                keep, best, n_best = _keep_best(s, best, n_best, True, rng)
                if keep:
                    bd = d
        return bd
    return evaluate_lock(A, st, w, p, rng)


@rule(inline=True)
def decide_flip(A, st, lineup, p, rng):
    """Does ``p``, every die placed, flip the sand timer now? Asked right after its last die
    and again at each of its later moments (every ``watch_seconds``) while unflipped: the
    random bot flips with chance ``flip`` each time, the evaluator bots by ``evaluate_flip``."""
    w = lineup.params[p]
    if lineup.ids[p] == BOT_RANDOM:
        return uniform(rng) < w[RP_FLIP]
    if lineup.ids[p] == BOT_FIRST:  # its first option: keep the timer
        return False
    if lineup.ids[p] == CUSTOM_ID:  # options: 0 keep the timer, 1 flip it; a tie at random
        keep = lineup.custom(A, st, p, KIND_FLIP, 0, w)
        flip = lineup.custom(A, st, p, KIND_FLIP, 1, w)
        return flip > keep or (flip == keep and randint(rng, 2) == 1)
    return evaluate_flip(A, st, w, p)


@rule  # asked by the reference engine (through its twin)
def decide_either(A, st, lineup, q, d, rng):
    """Which neighbour of ``d`` controller ``q`` takes an 'adjacent: either' reward from:
    ``either_choice`` for the built-in bots; a custom bot scores the left neighbour, then the
    right one (``KIND_EITHER``, option = the neighbour's district index), a tie drawn at
    random from ``rng``."""
    n_d = A.n_districts
    left = (d + A.left_step) % n_d  # by the adjacent_orientation reading
    right = (d - A.left_step) % n_d
    if lineup.ids[q] == BOT_FIRST:  # the first option: the left neighbour
        return left
    if lineup.ids[q] != CUSTOM_ID:
        return either_choice(A, st, q, d)
    w = lineup.params[q]
    vl = lineup.custom(A, st, q, KIND_EITHER, left, w)
    vr = lineup.custom(A, st, q, KIND_EITHER, right, w)
    if vr > vl or (vr == vl and randint(rng, 2) == 1):
        return right
    return left


@rule
def _gift_key(A, st, lineup, giver, r):
    """``gift_order``'s key of recipient ``r``: the lower is paid first."""
    if A.give_short == 1:
        return float(st.jelly[r])
    if lineup is None:
        return standing(A, st, r)
    bid = lineup.ids[giver]
    if bid == BOT_RANDOM or bid == BOT_FIRST:  # no order of its own: the random ranks
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
