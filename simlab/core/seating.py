"""Seatings: every order in which a line-up can sit, or a balanced set of them.

Shifting a line-up cyclically puts every bot in every seat, but with three or more different
bots the order in which they follow one another never changes: a bot that does well after a
weak neighbour does well in every shift. So a rotated run plays every *distinct* seating of the
line-up (every permutation, repeated bots counted once), and where there are too many (five or
more different bots) a balanced set in which each bot sits in each seat, and directly after
each other bot, equally often.

A seating is a tuple ``order`` of indices into the line-up *sorted by label*: seat ``s`` holds
the ``order[s]``-th bot of that sorted list. Sorting first makes the set of seatings, and the
answer, the same however a scenario lists its bots. Seatings that place the same labels in the
same seats are one seating (its ``weight`` counts how often a balanced design holds it).

The *cyclic order* of a seating is the order in which the bots follow one another round the
table, whatever seat the first one holds: seatings that are rotations of one another share it.
Comparing the bots' shares between cyclic orders (each pooled over its rotations, so the seats
average out) tells whether the order at the table matters.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

#: at most this many distinct seatings are all played; more (five different bots: 120) use a
#: balanced design
MAX_ALL = 24


@dataclass(frozen=True)
class Seating:
    """One seating of a line-up: ``labels[s]`` is the bot of seat ``s``; ``order`` the cyclic
    order's label sequence starting from its smallest rotation; ``weight`` how many times a
    balanced design holds it (1 when every seating is played)."""

    labels: tuple[str, ...]
    weight: int = 1

    @property
    def order(self) -> tuple[str, ...]:
        n = len(self.labels)
        return min(tuple(self.labels[(i + r) % n] for i in range(n)) for r in range(n))


def _distinct_permutations(items: list[str]) -> list[tuple[str, ...]]:
    """Every distinct ordering of a multiset, in lexicographic order."""
    items = sorted(items)
    out = []

    def rec(prefix, counts):
        if len(prefix) == len(items):
            out.append(tuple(prefix))
            return
        for lab in sorted(counts):
            if counts[lab]:
                counts[lab] -= 1
                prefix.append(lab)
                rec(prefix, counts)
                prefix.pop()
                counts[lab] += 1

    counts = {}
    for x in items:
        counts[x] = counts.get(x, 0) + 1
    rec([], counts)
    return out


def count_distinct(labels) -> int:
    """The number of distinct seatings of a line-up (its multiset permutations)."""
    from math import factorial

    n = factorial(len(labels))
    for lab in set(labels):
        n //= factorial(list(labels).count(lab))
    return n


def walecki(n: int) -> list[list[int]]:
    """Walecki's decomposition of the complete graph on ``n`` (odd) vertices into (n - 1) / 2
    Hamiltonian cycles; each cycle taken both ways is a directed Hamiltonian cycle, and the
    n - 1 directed cycles use every ordered pair of vertices exactly once."""
    if n % 2 == 0 or n < 3:
        raise ValueError("walecki: n must be odd and >= 3")
    m = n - 1          # vertices 0..m-1 on a circle, vertex m the centre
    cycles = []
    for k in range(m // 2):
        path = [k]
        for j in range(1, m):
            step = (j + 1) // 2
            path.append((k + step) % m if j % 2 else (k - step) % m)
        cycles.append([m] + path)
    return cycles


def _arc_search(n: int, lam: int, budget: int = 200_000) -> list[list[int]] | None:
    """Directed Hamiltonian cycles on ``n`` vertices using every ordered pair exactly ``lam``
    times (depth-first, deterministic), or None within ``budget`` steps."""
    need = n * (n - 1) * lam // n
    use = [[0] * n for _ in range(n)]
    cycles: list[list[int]] = []
    steps = [0]

    def extend(path, seen):
        steps[0] += 1
        if steps[0] > budget:
            return False
        if len(path) == n:
            a, b = path[-1], path[0]
            if use[a][b] >= lam:
                return False
            use[a][b] += 1
            cycles.append(list(path))
            ok = next_cycle()
            if not ok:
                cycles.pop()
                use[a][b] -= 1
            return ok
        a = path[-1]
        for b in range(n):
            if b not in seen and use[a][b] < lam:
                use[a][b] += 1
                path.append(b)
                seen.add(b)
                if extend(path, seen):
                    return True
                seen.discard(b)
                path.pop()
                use[a][b] -= 1
        return False

    def next_cycle():
        if len(cycles) == need:
            return True
        return extend([0], {0})

    return cycles if next_cycle() else None


def balanced_cycles(n: int) -> list[list[int]]:
    """Directed Hamiltonian cycles of ``n`` seats in which every ordered pair of bots is
    adjacent (the second directly after the first) equally often."""
    if n <= 2:
        return [list(range(n))]
    if n % 2:
        out = []
        for c in walecki(n):
            out.append(c)
            out.append([c[0]] + c[1:][::-1])
        return out
    for lam in (1, 2):
        found = _arc_search(n, lam)
        if found is not None:
            return found
    # every cyclic order (each pair adjacent (n - 2)! times): always balanced
    return [[0, *p] for p in itertools.permutations(range(1, n))]


def seatings(labels, rotate: bool = True, max_all: int = MAX_ALL) -> list[Seating]:
    """The seatings a run plays for a line-up given by its bots' ``labels`` (seat 1 first).

    Parameters
    ----------
    labels : sequence of str
        The line-up's bot labels.
    rotate : bool
        False: the line-up as given, one seating. True: every distinct seating when there are
        at most ``max_all``, else a balanced set (each bot in each seat, and directly after each
        other bot, equally often), built on the labels sorted.

    Returns
    -------
    list of Seating
        In a canonical order that does not depend on how the line-up was listed.
    """
    labels = list(labels)
    if not rotate or len(set(labels)) == 1:
        return [Seating(tuple(labels))]
    if count_distinct(labels) <= max_all:
        return [Seating(p) for p in _distinct_permutations(labels)]
    base = sorted(labels)
    n = len(base)
    counts: dict[tuple[str, ...], int] = {}
    for cyc in balanced_cycles(n):
        for r in range(n):
            seq = tuple(base[cyc[(s + r) % n]] for s in range(n))
            counts[seq] = counts.get(seq, 0) + 1
    return [Seating(seq, w) for seq, w in sorted(counts.items())]


def cyclic_orders(seats: list[Seating]) -> list[tuple[str, ...]]:
    """The distinct cyclic orders among ``seats``, in order of first appearance."""
    return list(dict.fromkeys(s.order for s in seats))


def arrange(lineup, seating: Seating):
    """The line-up (``BotChoice`` list, or anything with ``.label``) in ``seating``'s seats."""
    pool: dict[str, list] = {}
    for b in lineup:
        pool.setdefault(b.label, []).append(b)
    used = {k: 0 for k in pool}
    out = []
    for lab in seating.labels:
        out.append(pool[lab][used[lab]])
        used[lab] += 1
    return out
