"""Independent check (plain Python, imports nothing from simlab): does holding a margin on a
district you control against dice the opponents still place after your last die pay?

A simplified but rule-faithful district-control situation of Attack of the Jelly Monster:
- D districts, each paying a target value V_d (the same in its three zones, so the 3-4 target
  moves change nothing here and are left out) to every player with the highest total > 0
  (ties: all tied players control and take it).
- A player's total on a district is the sum of its die values held exactly once (a die placed
  on a value the player already shows there cancels it; a cancelled pair counts nothing).
- A die showing 1 or 2 may remove one other die from the district it is placed on (any
  player's); the placer picks the best removal or none.
- Player P places its last die now from a roll of R dice; opponent Q then places its K
  remaining dice, one a step, rolling all the dice it still holds each step, so P cannot
  answer them.

P chooses its last die by one of two evaluations:
- ``naive`` (the bots' hold weight 0): the jelly it controls after the die, plus 0.1 x its
  clipped margin change on that district (greedy's take and margin terms);
- ``hold``: the same minus, for every district it controls after the die, the value times the
  chance that Q's K dice overturn it, by the bots' crude model (each of Q's dice lands on one
  of the D districts alike and shows one of the o values of six that overturn the control:
  keep = (1 - o / (6 D)) ** K).
Q replies greedily with foresight of one die: each step, the die and placement (and removal)
that maximise Q's controlled jelly minus P's. The outcome: P's controlled jelly at the end,
and P's minus Q's. Situations are drawn at random (values, dice already placed); the script
reports the mean gain of ``hold`` over ``naive`` and a 99% interval, over the situations where
the two choose differently, and the share of those.

Run: python tests/jelly/independent/hold_margin.py [situations] [replies per option] [seed]
"""

from __future__ import annotations

import math
import random
import sys


def total(dice):
    """A player's total on a district: values held exactly once."""
    return sum(v for v in set(dice) if dice.count(v) == 1)


def takes(board, values, who):
    """Jelly ``who`` controls (highest total > 0, ties included)."""
    s = 0.0
    for d, dist in enumerate(board):
        e = total(dist[who])
        if e > 0 and all(e >= total(dist[o]) for o in range(len(dist)) if o != who):
            s += values[d]
    return s


def placements(board, who, v):
    """Every legal placement of a die ``v`` by ``who``: (district, removal) where removal is
    None or (owner, value) of another die on that district (a 1 or 2 may remove one)."""
    for d, dist in enumerate(board):
        yield d, None
        if v <= 2:
            for o, dice in enumerate(dist):
                for u in set(dice):
                    yield d, (o, u)


def apply(board, who, v, d, rem):
    """The board after ``who`` places ``v`` on ``d`` (and removes ``rem``)."""
    b = [[list(x) for x in dist] for dist in board]
    b[d][who].append(v)
    if rem is not None:
        o, u = rem
        b[d][o].remove(u)
    return b


def overturning(board, d, p, q):
    """How many of the six values, one die of q placed on d (best removal for q), leave q
    above p (p's control overturned)."""
    n = 0
    for v in range(1, 7):
        e_p_best = None
        for dd, rem in placements(board, q, v):
            if dd != d:
                continue
            b = apply(board, q, v, d, rem)
            if total(b[d][q]) > total(b[d][p]):
                e_p_best = True
                break
        n += bool(e_p_best)
    return n


def controls(board, d, who):
    dist = board[d]
    e = total(dist[who])
    return e > 0 and all(e >= total(dist[o]) for o in range(len(dist)) if o != who)


def margin(board, d, p, q):
    return max(-10, min(10, total(board[d][p]) - total(board[d][q])))


def choose_p(board, values, roll, k, hold):
    """P's last die by the naive or hold evaluation (first best; P is player 0, Q player 1)."""
    base = takes(board, values, 0)
    best = -1e18
    pick = None
    for v in sorted(set(roll)):
        for d, rem in placements(board, 0, v):
            b = apply(board, 0, v, d, rem)
            s = takes(b, values, 0) - base + 0.1 * (margin(b, d, 0, 1) - margin(board, d, 0, 1))
            if hold and k > 0:
                for dd in range(len(b)):
                    if controls(b, dd, 0):
                        o = overturning(b, dd, 0, 1)
                        s -= values[dd] * (1.0 - (1.0 - o / (6.0 * len(b))) ** k)
            if s > best + 1e-12:
                best, pick = s, (v, d, rem)
    return pick


def q_reply(board, values, k, rng):
    """Q places its k dice, one a step, each step rolling all it still holds and choosing the
    die and placement maximising its controlled jelly minus P's."""
    for left in range(k, 0, -1):
        roll = [rng.randint(1, 6) for _ in range(left)]
        best = -1e18
        nb = board
        for v in sorted(set(roll)):
            for d, rem in placements(board, 1, v):
                b = apply(board, 1, v, d, rem)
                s = takes(b, values, 1) - takes(b, values, 0)
                if s > best + 1e-12:
                    best, nb = s, b
        board = nb
    return board


def situation(rng):
    """A random position: D districts with values, a few dice of P and Q on each, P's roll of
    R dice for its last die, Q's K dice to come."""
    n_d = rng.randint(3, 5)
    values = [float(rng.choice([2, 3, 4, 5, 6, 7, 8])) for _ in range(n_d)]
    board = [[[rng.randint(1, 6) for _ in range(rng.randint(0, 2))] for _ in range(2)]
             for _ in range(n_d)]
    roll = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
    k = rng.randint(1, 3)
    return board, values, roll, k


def main(n_sit=1500, n_rep=60, seed=1):
    rng = random.Random(seed)
    gains_p = []
    gains_rel = []
    differ = 0
    for _ in range(n_sit):
        board, values, roll, k = situation(rng)
        a = choose_p(board, values, roll, k, hold=False)
        h = choose_p(board, values, roll, k, hold=True)
        if a == h:
            continue
        differ += 1
        res = {}
        reply_seed = rng.random()
        for name, (v, d, rem) in (("naive", a), ("hold", h)):
            b0 = apply(board, 0, v, d, rem)
            rr = random.Random(reply_seed)  # the same replies' dice for both options
            sp = 0.0
            sr = 0.0
            for _ in range(n_rep):
                b = q_reply(b0, values, k, rr)
                tp = takes(b, values, 0)
                sp += tp
                sr += tp - takes(b, values, 1)
            res[name] = (sp / n_rep, sr / n_rep)
        gains_p.append(res["hold"][0] - res["naive"][0])
        gains_rel.append(res["hold"][1] - res["naive"][1])

    def ci(x):
        n = len(x)
        m = sum(x) / n
        sd = math.sqrt(sum((y - m) ** 2 for y in x) / (n - 1))
        h = 2.576 * sd / math.sqrt(n)
        return m, m - h, m + h

    print(f"{n_sit} situations (seed {seed}), {differ} where hold and naive choose differently "
          f"({differ / n_sit:.1%}), {n_rep} replies of Q per option (common dice)")
    m, lo, hi = ci(gains_p)
    print(f"P's controlled jelly, hold - naive: {m:+.3f} [{lo:+.3f}, {hi:+.3f}] (99%)")
    m, lo, hi = ci(gains_rel)
    print(f"P minus Q, hold - naive:            {m:+.3f} [{lo:+.3f}, {hi:+.3f}] (99%)")
    print(f"share of differing situations where hold is better for P - Q: "
          f"{sum(g > 0 for g in gains_rel) / len(gains_rel):.1%}, worse: "
          f"{sum(g < 0 for g in gains_rel) / len(gains_rel):.1%}")


if __name__ == "__main__":
    args = [int(x) for x in sys.argv[1:]]
    main(*args)
