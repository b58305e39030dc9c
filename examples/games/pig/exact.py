"""Pig's first-player advantage, exactly: two hold-at-n players, by dynamic programming.

Independent of simlab and of ``game.py`` (it imports neither): the probability that the first
player wins a two-player game of Pig to ``goal`` on a ``die``-faced die when both hold once
their turn total reaches ``n``, or as soon as holding would reach the goal.

A turn from banked score ``i`` ends either in a bust (a 1: nothing banked) or in a hold with
turn total ``t >= target`` where ``target = min(n, goal - i)``; :func:`turn_outcomes` gives
the probability of each. With ``W(i, j)`` the probability that the player about to start a
turn at ``i`` against ``j`` wins::

    W(i, j) = sum over holds t of P(t) * (1 if i + t >= goal else 1 - W(j, i + t))
              + P(bust) * (1 - W(j, i))

The hold terms reach states with a larger total ``i + j``; the bust term only swaps the pair.
So the pairs are solved from the largest total down, each pair ``(i, j), (j, i)`` as two linear
equations. Exact rational arithmetic (``fractions``) keeps it free of rounding.

    python examples/games/pig/exact.py        # 0.5... for goal 100, hold at 20
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache


def turn_outcomes(target: int, die: int = 6, number=Fraction):
    """(probability of a bust, {turn total held: probability}) for a turn that rolls until
    its total reaches ``target`` (``number``: ``Fraction`` for exact values, ``float``)."""
    p = number(1) / die

    @cache
    def dist(t: int) -> tuple:
        """Outcomes from turn total t (t < target): ((bust, p), (held total, p), ...)."""
        out = {"bust": p}  # a 1
        for face in range(2, die + 1):
            u = t + face
            if u >= target:
                out[u] = out.get(u, 0) + p
            else:
                for k, q in dist(u):
                    out[k] = out.get(k, 0) + p * q
        return tuple(out.items())

    d = dict(dist(0))
    bust = d.pop("bust")
    return bust, d


def first_player_wins(goal: int = 100, n: int = 20, die: int = 6, number=Fraction):
    """P(the first player wins), both players holding at ``n`` (or at the goal); exact with
    ``number=Fraction`` (a few seconds), to double precision with ``float`` (instant)."""
    outcomes = {i: turn_outcomes(min(n, goal - i), die, number) for i in range(goal)}
    W: dict = {}

    def hold_part(i: int, j: int):
        bust, holds = outcomes[i]
        total = number(0)
        for t, q in holds.items():
            total += q * (1 if i + t >= goal else 1 - W[(j, i + t)])
        return total

    for s in range(2 * goal - 2, -1, -1):
        for i in range(max(0, s - goal + 1), min(goal - 1, s) + 1):
            j = s - i
            if i > j:
                continue
            a, b = hold_part(i, j), hold_part(j, i)
            pi, pj = outcomes[i][0], outcomes[j][0]
            if i == j:   # W = a + pi (1 - W)
                W[(i, i)] = (a + pi) / (1 + pi)
                continue
            # W_ij = a + pi (1 - W_ji), W_ji = b + pj (1 - W_ij)
            wij = (a + pi - pi * b - pi * pj) / (1 - pi * pj)
            W[(i, j)] = wij
            W[(j, i)] = b + pj * (1 - wij)
    return W[(0, 0)]


if __name__ == "__main__":
    x = first_player_wins()
    print(f"{float(x):.6f} ({x.numerator.bit_length()}-bit numerator; float DP: "
          f"{first_player_wins(number=float):.15f})")
