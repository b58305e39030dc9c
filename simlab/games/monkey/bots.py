"""Monkey Fun: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. A decision
is a card subset (bitmask over the hand slots), which names the field; bots enumerate the legal
subsets with the kernel's own :func:`~simlab.games.monkey.nb.legal_plays` (so every bot obeys the
solo rules too) and keep the best one.

Ties (fairness): a bot treats its opponents by what they hold, never by where they sit. Plays of
equal value (within ``EPS``) are a tie, broken uniformly at random from the game's stream (the
``rng`` the kernel passes; one draw per further tied play), never by hand slot or bitmask order;
card subsets that play the same cards from other hand slots (two 3s in hand) are one play, so
they do not weigh twice. Ties between opponents (the ``leader``) are broken the same way, never
by seat. No random number is drawn without a tie, so the stream moves only when it decides.

``random`` (id 0)
    Uniform over the legal (field, card subset) plays that add a monkey somewhere useful: a
    play naming a field the bot owns (the monkey would go to the box) is left out unless it is
    the only kind of play there is (then uniform over all). The lookahead bot's playouts use it.
``greedy`` (1), ``row`` (2), ``blocker`` (3), ``weights`` (4)
    One linear evaluation of every legal play, with different default weights. Features of
    placing on field c (majority = strictly most monkeys, or owner):

    - ``win``: the placement completes a winning row (square in the quick game);
    - ``majority``: the bot gains the majority of c; ``ownership``: c becomes the bot's;
    - ``line2`` / ``line3``: change in the bot's open shapes (no cell owned by another player)
      holding at least 2 / 3 of its majorities;
    - ``block``: opponents' open 3-of-4 threats stopped: one of the three majorities broken, or
      the empty (or contested) fourth field taken so that one monkey no longer completes the
      row; ``leader``: the same for the opponent with most threats (then most majority fields;
      tied opponents: one drawn at random);
    - ``contest``: c had an opponent's majority that the placement breaks or takes;
    - ``focus``: the most of its majorities in one open shape through c (builds one line);
    - ``cost``: cards played + their sum / 10 (a negative weight keeps cheap cards);
    - ``field``: field number / 36 when the bot gains the majority (end-of-game points).

    greedy: majorities, threats, ownership, cheap cards; row: builds the line where it has most
    majorities; blocker: breaks the leader's threats and claims contested fields; weights:
    every weight a parameter.
``lookahead`` (5)
    Flat Monte Carlo: every legal play is tried in ``playouts`` random playouts to the end
    (random bots, as ``random``), after shuffling the cards the bot cannot see (opponents' hands
    and the draw pile) together and dealing them back; keeps the best mean win share (+ points
    / 10000).
    Subsets playing the same cards are tried once; exact ties are drawn at random.
``solo`` (6)
    Solo planner. A free square field must be played when one can be named; the bot takes the
    one hardest to reach first (``reach``: the exact chance that a fresh hand names it, as
    ``simlab odds monkey`` computes), so the easy sums are left for the last rounds, when few
    fields are free. With two free fields left it chooses which to leave for last, the one
    that completes the square and scores its number: the one whose chance to be named in the
    rounds that remain, times (1 + ``score`` * number / 36), is highest (the timing of the
    completion in rounds 16-20). Minus towers (forced): on an existing tower when one can be
    named (no new minus points), else on the lowest field. ``keep`` adds the share of the
    free fields the kept cards name by themselves; ``cost`` (cards and their sum) separates
    plays naming the same field; equal plays drawn at random. ``playouts`` >= 1 (at most 64)
    searches: every legal play is tried in that many playouts to the end of the game (the
    unseen draw pile reshuffled, the heuristic above playing on, every play on the same draws),
    scored success + score / 1000; the bot keeps the heuristic's play unless another one is
    better by two standard errors of the paired difference (a few noisy playouts do not
    overrule the plan), else the best of those.

Custom bots (``@simlab.bot("monkey", params={...})``, bot id ``CUSTOM_ID`` = 63)
-------------------------------------------------------------------------------
A custom bot is a numba function ``fn(A, st, seat, kind, option, params) -> float`` that scores
one legal play; the kernel asks it about every legal play and takes the highest score (ties: the
first in increasing bitmask order, the hook's contract in every game; the built-in bots draw
their ties from the game's stream instead, see above). A turn has exactly one decision, the
play (which cards, hence which field); everything else in a turn is forced by the rules
(placement on the named field, ownership, drawing, discarding an unplayable hand). The decision
comes in three kinds, so a bot knows which rule made the list of legal plays:

``KIND_PLAY`` (0)
    Normal and quick game: play cards naming a field where the seat may place (not a field
    another player owns).
``KIND_SOLO`` (1)
    Solo variant, a free field of the inner 4x4 square can be named: every legal play names one.
``KIND_TOWER`` (2)
    Solo variant, no free square field can be named: every legal play builds or raises a minus
    tower (a square field already holding the seat's monkey; its number is a minus point).

``option`` is, for every kind, the *index* ``i`` of the play in the kernel's list of legal plays
(``0 <= i < n``, the plays in increasing bitmask order):

- ``st.masks[option]``: the card subset, a bitmask over the hand slots (bit ``j`` set: the card
  ``st.hand[seat, j]`` is played; slots ``0 .. st.hand_n[seat] - 1``);
- ``st.cells[option]``: the cell of the field it names (``r * 6 + c``, row ``r`` and column
  ``c`` from the top-left); its field number is ``A.number[cell]``.

What a bot reads (all read-only; a custom bot must not write to ``st``):

- ``A`` (:class:`~simlab.games.monkey.rules.MonkeyArrays`): ``A.n_players``, ``A.mode``
  (``MODE_NORMAL`` 0, ``MODE_QUICK`` 1, ``MODE_SOLO`` 2), ``A.number[cell]`` (field number),
  ``A.cell_of[n]`` (cell of field number ``n``), ``A.inner[cell]`` (1 in the inner 4x4 square),
  ``A.shapes[s, 0..3]`` (the 4 cells of winning shape ``s``: rows of 4, quick game also 2x2
  squares), ``A.shape_kind[s]``, ``A.cell_shapes[cell, k]`` for ``k < A.n_cell_shapes[cell]``
  (the shapes through a cell), ``A.monkeys``, ``A.hand_size``, ``A.max_play``,
  ``A.solo_max_towers``, ``A.solo_max_per_field``, ``A.solo_rounds``, ``A.solo_min_round``.
- ``st`` (:class:`~simlab.games.monkey.state.MonkeyState`): ``st.counts[cell, q]`` (monkeys of
  seat ``q`` on a cell), ``st.owner[cell]`` (owning seat or -1), ``st.maj[cell]`` (seat with the
  majority, the owner on an owned field, or -1), ``st.supply[q]``, ``st.boxed[q]``,
  ``st.hand[seat, j]`` / ``st.hand_n[seat]`` (the bot's own hand; other hands are hidden
  information a fair bot leaves alone), ``st.masks`` / ``st.cells`` (the legal plays, see
  above), ``st.info[I_TURN]`` (turn number, 1-based; the round in solo), ``st.info[I_TOWERS]``
  (solo: minus-tower fields so far), ``st.info[I_NDRAW]`` / ``st.info[I_NDISC]`` (pile sizes),
  ``st.discard[0 .. st.info[I_NDISC] - 1]`` (the face-up discard pile).
- ``params``: the bot's parameters (``float64``, in the order of its ``params`` dict; the vector
  may be longer, padded with zeros).

Example: a bot that prefers fields of the highest number and, among plays naming one field, the
fewest cards::

    import simlab

    @simlab.bot("monkey", params={"cards": 0.5})
    def high(A, st, seat, kind, option, params):
        m = st.masks[option]
        k = 0
        for j in range(st.hand_n[seat]):
            k += (m >> j) & 1
        return A.number[st.cells[option]] - params[0] * k

A worked strategy (extend the longest open line) is ``examples/custom_bots/monkey.py``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.jit import rule
from simlab.core.rng import next_u64, randint, seed_stream
from simlab.games.monkey.nb import (
    finish_game,
    legal_plays,
    next_player,
    shuffle,
    take_turn,
    turn_bound,
)
from simlab.games.monkey.rules import MODE_SOLO, N_CELLS
from simlab.games.monkey.state import (
    E_NONE,
    E_POINTS,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    I_END,
    I_NDISC,
    I_NDRAW,
    I_TURN,
)

BOT_RANDOM, BOT_GREEDY, BOT_ROW, BOT_BLOCKER, BOT_WEIGHTS, BOT_LOOKAHEAD, BOT_SOLO = range(7)
#: the decisions a custom bot scores (see the module docstring); ``option`` is the play's index
KIND_PLAY, KIND_SOLO, KIND_TOWER = range(3)
KIND_NAMES = ("play", "solo", "tower")
N_PARAMS = 11
W_WIN, W_MAJ, W_OWN, W_L2, W_L3, W_BLOCK, W_LEADER, W_CONTEST, W_FOCUS, W_COST, W_FIELD = \
    range(11)
#: plays whose values differ by at most this are a tie (float sums in different orders)
EPS = 1e-9
SOLO_PARAMS = ("reach", "keep", "score", "cost", "playouts")
P_REACH, P_KEEP, P_SCORE, P_SOLO_COST, P_PLAYOUTS = range(5)
EVAL_PARAMS = ("win", "majority", "ownership", "line2", "line3", "block", "leader", "contest",
               "focus", "cost", "field")

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal plays"),
    "greedy": (BOT_GREEDY, EVAL_PARAMS,
               (1000.0, 3.0, 1.5, 1.0, 3.0, 2.0, 0.0, 0.5, 0.0, -0.3, 1.0),
               "the play that most improves its majorities, threats and ownerships; cheap "
               "cards first"),
    "row": (BOT_ROW, EVAL_PARAMS,
            (1000.0, 1.0, 0.5, 1.0, 3.0, 1.0, 0.0, 0.0, 2.0, -0.2, 0.0),
            "builds the line where it has most majorities"),
    "blocker": (BOT_BLOCKER, EVAL_PARAMS,
                (1000.0, 1.0, 1.0, 0.3, 1.0, 3.0, 5.0, 2.0, 0.0, -0.2, 0.3),
                "breaks the leader's 3-of-4 threats and claims contested fields"),
    "weights": (BOT_WEIGHTS, EVAL_PARAMS,
                (1000.0, 2.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0, 0.5, -0.2, 0.5),
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
    "lookahead": (BOT_LOOKAHEAD, ("playouts",), (8.0,),
                  "flat Monte Carlo: random playouts per legal play, unseen cards resampled"),
    "solo": (BOT_SOLO, SOLO_PARAMS, (1.0, 0.5, 1.0, 0.001, 0.0),
             "solo planner: hardest-to-reach free field first, leaves the last field worth "
             "waiting for, towers that add the fewest minus points; playouts > 0 searches"),
}




@rule
def _cost(st, p, m):
    """Cards in subset m of p's hand plus their sum / 10."""
    k = 0
    s = 0
    for i in range(st.hand_n[p]):
        if (m >> i) & 1:
            k += 1
            s += st.hand[p, i]
    return k + s / 10.0


@rule(inline=True)
def _canonical(st, p, m):
    """Is subset m the first of the subsets that play the same cards? (Of equal cards it takes
    those in the lowest hand slots.) Others are the same play from other slots."""
    for j in range(1, st.hand_n[p]):
        if (m >> j) & 1:
            for i in range(j):
                if not (m >> i) & 1 and st.hand[p, i] == st.hand[p, j]:
                    return False
    return True


@rule(inline=True)
def _maj_after(A, st, p, c):
    """Who holds the majority of c after p places one monkey there (ownership included)."""
    if st.owner[c] >= 0:
        return st.owner[c]
    mine = st.counts[c, p] + 1
    top = mine
    who = p
    for q in range(A.n_players):
        if q == p:
            continue
        x = st.counts[c, q]
        if x > top:
            top = x
            who = q
        elif x == top:
            who = -1
    return who


@rule(inline=True)
def _shape_count(A, st, s, q, c, mc):
    """Majorities of q in shape s (cell c counted as held by mc); -1 if another player owns a
    cell of it (the shape is dead for q)."""
    n = 0
    for j in range(4):
        x = A.shapes[s, j]
        o = st.owner[x]
        if o >= 0 and o != q:
            return -1
        m = mc if x == c else st.maj[x]
        if m == q:
            n += 1
    return n


@rule(inline=True)
def _leader(A, st, p, rng):
    """The opponent with most open 3-of-4 threats (then most majority fields); opponents tied
    on both: one drawn uniformly from the game's stream (never the lower seat). -1 when no
    opponent has an open threat (the leader term then has nothing to break)."""
    best = -1
    best_key = -1
    ties = 0
    for q in range(A.n_players):
        if q == p:
            continue
        t = 0
        for s in range(A.shapes.shape[0]):
            if _shape_count(A, st, s, q, -1, -1) == 3:
                t += 1
        if t == 0:
            continue
        f = 0
        for c in range(N_CELLS):
            if st.maj[c] == q:
                f += 1
        key = t * 100 + f
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


@rule
def _evaluate(A, st, p, c, w, leader):
    """The linear evaluation of p placing on c (without the card cost)."""
    before = st.maj[c]
    after = _maj_after(A, st, p, c)
    if st.owner[c] == p:  # the monkey would go straight to the box
        return 0.0
    v = 0.0
    if after == p and before != p:
        v += w[W_MAJ] + w[W_FIELD] * A.number[c] / 36.0
    if st.owner[c] < 0 and after == p:
        mine = st.counts[c, p] + 1
        own = True
        for q in range(A.n_players):
            if q != p and st.counts[c, q] + 2 > mine:
                own = False
        if own:
            v += w[W_OWN]
    if before >= 0 and before != p and after != before:
        v += w[W_CONTEST]
    focus = 0
    for k in range(A.n_cell_shapes[c]):
        s = A.cell_shapes[c, k]
        owners = 0  # bit q: q owns a cell of the shape
        cnt0 = 0  # 4 bits per player: majorities in the shape before / after
        cnt1 = 0
        for j in range(4):
            x = A.shapes[s, j]
            o = st.owner[x]
            if o >= 0:
                owners |= 1 << o
            m0 = before if x == c else st.maj[x]
            m1 = after if x == c else st.maj[x]
            if m0 >= 0:
                cnt0 += 1 << (4 * m0)
            if m1 >= 0:
                cnt1 += 1 << (4 * m1)
        for q in range(A.n_players):
            if owners & ~(1 << q):
                continue  # another player owns a cell: the shape is dead for q
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
def _tie(v, best, ties, eligible, rng):
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
    name by themselves (they are reachable next round whatever is drawn)."""
    nh = st.hand_n[p]
    hit = np.int64(0)  # bit per cell (36 cells fit in an int64)
    for k in range(1, 1 << nh):
        if k & m:
            continue
        t = 0
        j = 0
        for i in range(nh):
            if (k >> i) & 1:
                t += st.hand[p, i]
                j += 1
        if j > A.max_play or t < 1 or t > N_CELLS:
            continue
        x = A.cell_of[t]
        if x != c and A.inner[x] == 1 and st.counts[x, 0] == 0:
            hit |= np.int64(1) << x
    n = 0
    while hit:
        hit &= hit - 1
        n += 1
    return n


@rule(inline=True)
def _solo_value(A, st, p, c, m, w, nfree):
    """Solo planner, one play (cell c, subset m) with ``nfree`` free square fields:

    - a free field: the hardest to reach first (``reach``: the exact chance that a fresh hand
      names the field, ``simlab odds monkey``), so the easy sums are left for the last rounds;
      with two free fields left, the one left for last is the one most worth waiting for: its
      chance to be named in the rounds that remain times (1 + ``score`` * its number / 36),
      since the completing monkey scores its field;
    - a minus tower: on an existing tower (no new minus points), else on the lowest field (its
      number is deducted);
    - ``keep``: free fields the kept cards name by themselves (a share of those left);
      ``cost``: cards and their sum, which separates plays naming the same field."""
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
            q = 1.0 - (1.0 - A.reach[A.number[x]]) ** max(k, 1)
            v = q * (1.0 + w[P_SCORE] * A.number[x] / 36.0)
        else:
            v = -w[P_REACH] * A.reach[A.number[c]]
    elif n >= 2:
        v = 2.0
    else:
        v = 1.0 - A.number[c] / 36.0
    if left > 0 and w[P_KEEP] != 0.0:
        v += w[P_KEEP] * _kept_reach(A, st, p, m, c) / left
    return v - w[P_SOLO_COST] * _cost(st, p, m)


@rule(inline=True)
def _solo_choice(A, st, p, n, w, rng):
    """The solo planner's play among the n legal plays in st.masks (ties drawn from the stream
    over distinct plays)."""
    nfree = _free_fields(A, st)
    best = -1e18
    bm = st.masks[0]
    ties = 0
    for i in range(n):
        m = st.masks[i]
        v = _solo_value(A, st, p, st.cells[i], m, w, nfree)
        take, best, ties = _tie(v, best, ties, _canonical(st, p, m), rng)
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


@rule(inline=True)
def _copy_state(st, sim):
    """Copy the whole game state into the scratch state (element loops: no temporaries)."""
    for c in range(st.counts.shape[0]):
        sim.owner[c] = st.owner[c]
        sim.maj[c] = st.maj[c]
        for q in range(st.counts.shape[1]):
            sim.counts[c, q] = st.counts[c, q]
    for q in range(st.supply.shape[0]):
        sim.supply[q] = st.supply[q]
        sim.boxed[q] = st.boxed[q]
        sim.hand_n[q] = st.hand_n[q]
        for i in range(st.hand.shape[1]):
            sim.hand[q, i] = st.hand[q, i]
    for i in range(st.info[I_NDRAW]):
        sim.draw[i] = st.draw[i]
    for i in range(st.info[I_NDISC]):
        sim.discard[i] = st.discard[i]
    for i in range(st.info.shape[0]):
        sim.info[i] = st.info[i]


@rule(inline=True)
def _resample(A, sim, p, rng):
    """Shuffle the cards p cannot see (opponents' hands, draw pile) together and deal them back."""
    n = 0
    for q in range(A.n_players):
        if q != p:
            for i in range(sim.hand_n[q]):
                sim.pool[n] = sim.hand[q, i]
                n += 1
    for i in range(sim.info[I_NDRAW]):
        sim.pool[n] = sim.draw[i]
        n += 1
    shuffle(sim.pool, n, rng)
    n = 0
    for q in range(A.n_players):
        if q != p:
            for i in range(sim.hand_n[q]):
                sim.hand[q, i] = sim.pool[n]
                n += 1
    for i in range(sim.info[I_NDRAW]):
        sim.draw[i] = sim.pool[n]
        n += 1


@rule(inline=True)
def playout(A, sim, p, rng, solo_policy, w):
    """Play the scratch game to its end from the seat after p, with random bots (or, with
    ``solo_policy``, the solo planner's heuristic with weights w); returns p's result: win
    share (1/k for a k-way shared win) + points / 10000 (solo: success + score / 1000)."""
    q = p
    end = sim.info[I_END]
    while end == E_NONE:
        q2 = next_player(A, sim, q)
        if q2 < 0:
            end = E_SOLO_LOSS if A.mode == MODE_SOLO else E_POINTS
            break
        q = q2
        end = turn_bound(A, sim)
        if end != E_NONE:
            break
        sim.info[I_TURN] += 1
        n = legal_plays(A, sim, q)
        m = 0
        if n > 0:
            m = _solo_choice(A, sim, q, n, w, rng) if solo_policy else random_play(A, sim, q, n,
                                                                                  rng)
        take_turn(A, sim, q, m, rng)
        end = sim.info[I_END]
    k = finish_game(A, sim, end, q, False)
    if A.mode == MODE_SOLO:
        if solo_policy:
            return (1.0 if end == E_SOLO_WIN else 0.0) + sim.points[0] / 1000.0
        return (1.0 if end == E_SOLO_WIN else 0.0) + sim.points[0] / 10000.0
    return sim.winners[p] / k + sim.points[p] / 10000.0


@rule(inline=True)
def _lookahead(A, st, sim, p, n, plays, rng, solo_policy, w):
    """Flat Monte Carlo over the n legal plays in st.masks (subsets playing the same cards
    once), each tried in ``plays`` playouts (random bots); exact ties (deterministic ends)
    drawn from the stream."""
    best = -1e18
    bm = st.masks[0]
    ties = 0
    for i in range(n):
        m = st.masks[i]
        if not _canonical(st, p, m):
            continue
        tot = 0.0
        for _ in range(plays):
            _copy_state(st, sim)
            _resample(A, sim, p, rng)
            take_turn(A, sim, p, m, rng)
            tot += playout(A, sim, p, rng, solo_policy, w)
        take, best, ties = _tie(tot, best, ties, True, rng)
        if take:
            bm = m
    return bm


@rule(inline=True)
def _solo_rollouts(A, st, sim, p, m, plays, base, w, out, store):
    """Playouts of solo play m: playout j draws from stream (base, j), the same for every play
    (common random numbers); outcome success + score / 1000. ``store``: keep them in ``out``,
    else return the mean and the variance of the differences from ``out``."""
    tot = 0.0
    dsum = 0.0
    dsq = 0.0
    for j in range(plays):
        seed_stream(base, np.uint64(j), sim.sub)
        _copy_state(st, sim)
        _resample(A, sim, p, sim.sub)
        take_turn(A, sim, p, m, sim.sub)
        v = playout(A, sim, p, sim.sub, True, w)
        tot += v
        if store:
            out[j] = v
        else:
            d = v - out[j]
            dsum += d
            dsq += d * d
    if store:
        return tot / plays, 0.0
    mean = dsum / plays
    return mean, max(dsq / plays - mean * mean, 0.0)


@rule(inline=True)
def _solo_search(A, st, sim, p, n, plays, w, rng):
    """Solo search: the heuristic's play unless the playouts show another one better at two
    standard errors of the paired difference (plays the heuristic prefers are not replaced by
    the noise of a few playouts); among those, the best mean."""
    h = _solo_choice(A, st, p, n, w, rng)  # the heuristic's play
    plays = min(plays, sim.vals.shape[0])
    base = next_u64(rng)
    _solo_rollouts(A, st, sim, p, h, plays, base, w, sim.vals, True)
    bm = h
    best = 0.0
    ties = 0
    for i in range(n):
        m = st.masks[i]
        if m == h or not _canonical(st, p, m):
            continue
        d, var = _solo_rollouts(A, st, sim, p, m, plays, base, w, sim.vals, False)
        if d <= 0.0 or d * d * plays <= 4.0 * var or d < best - EPS:
            continue
        if d > best + EPS:
            best = d
            bm = m
            ties = 1
        else:
            ties += 1
            if randint(rng, ties) == 0:
                bm = m
    return bm


@rule(inline=True)
def play_kind(A, st, n):
    """The kind of the play decision whose n >= 1 legal plays are in st.masks/st.cells:
    KIND_PLAY (normal, quick), KIND_SOLO (solo, free square fields) or KIND_TOWER (solo, minus
    towers only; legal_plays lists free fields whenever there is one)."""
    if A.mode != MODE_SOLO:
        return KIND_PLAY
    return KIND_SOLO if st.counts[st.cells[0], 0] == 0 else KIND_TOWER


@rule(inline=True)
def _custom(A, st, lineup, p, n):
    """The line-up's custom function scores each of the n legal plays (option = its index into
    st.masks/st.cells); the first best play's card subset."""
    kind = play_kind(A, st, n)
    w = lineup.params[p]
    best = -np.inf
    bm = st.masks[0]
    for i in range(n):
        v = lineup.custom(A, st, p, kind, i, w)
        if v > best:
            best = v
            bm = st.masks[i]
    return bm


@rule  # asked by the reference engine (through its twin)
def decide(A, st, sim, lineup, p, rng):
    """A bot's play: the card subset (bitmask over p's hand slots) to play; the kernel asks only
    when at least one play is legal. ``sim`` is the lookahead bot's playout state, or None
    when no seat plays ``lookahead`` (the kernel then does not contain the search)."""
    n = legal_plays(A, st, p)
    if n == 0:
        return 0
    bid = lineup.ids[p]
    w = lineup.params[p]
    if bid == CUSTOM_ID:
        return _custom(A, st, lineup, p, n)
    if bid == BOT_RANDOM:
        return random_play(A, st, p, n, rng)
    if sim is not None:  # None: no searching seat, numba prunes the search from the kernel
        if bid == BOT_LOOKAHEAD:
            plays = max(1, int(w[0]))
            return _lookahead(A, st, sim, p, n, plays, rng, False, w)
        if bid == BOT_SOLO and w[P_PLAYOUTS] >= 1.0 and A.mode == MODE_SOLO:
            return _solo_search(A, st, sim, p, n, int(w[P_PLAYOUTS]), w, rng)
    # the best play; ties (within EPS) drawn uniformly from the stream over the distinct plays
    # (a subset playing the same cards as an earlier one from other slots has its value and
    # comes later: it never leads, and it is not counted in a tie)
    best = -1e18
    bm = st.masks[0]
    ties = 0
    if bid == BOT_SOLO:
        return _solo_choice(A, st, p, n, w, rng)
    leader = -1
    if A.n_players > 1 and w[W_LEADER] != 0.0:
        leader = _leader(A, st, p, rng)
    last_c = -1
    cv = 0.0
    for i in range(n):
        c = st.cells[i]
        m = st.masks[i]
        if c != last_c:  # subsets naming the same field are often adjacent
            cv = _evaluate(A, st, p, c, w, leader)
            last_c = c
        v = cv + w[W_COST] * _cost(st, p, m)
        take, best, ties = _tie(v, best, ties, _canonical(st, p, m), rng)
        if take:
            bm = m
    return bm


def needs_search(lineup) -> bool:
    """Does a seat of the line-up search (``lookahead``, or ``solo`` with ``playouts`` >= 1)?
    The kernel then gets a playout state; otherwise it is compiled without the search."""
    ids = np.asarray(lineup.ids)
    params = np.asarray(lineup.params)
    if np.any(ids == BOT_LOOKAHEAD):
        return True
    return bool(np.any((ids == BOT_SOLO) & (params[:, P_PLAYOUTS] >= 1.0)))


def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec
