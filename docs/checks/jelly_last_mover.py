# Run: python docs/checks/jelly_last_mover.py  (about a minute; prints the two win shares)
"""Independent check (plain Python, not simlab): how much does placing last pay in a dice
auction with Jelly's scoring core? 4 players x 7 dice, 6 districts worth 4..9, cancellation of
same-colour equal values, highest surviving total takes the district (ties share). Every player
places greedily (the die and district that most raise its current take, never cancelling
itself); players A-C interleave one die at a time in random order, player D either interleaves
too or waits and places all 7 of its dice after the others (rolling its remaining dice each
step, as the rules do)."""
import random

REWARDS = [4, 5, 6, 7, 8, 9]


def totals(dist):
    out = {}
    for q in set(o for o, _ in dist):
        vals = [v for o, v in dist if o == q]
        out[q] = sum(v for v in set(vals) if vals.count(v) == 1)
    return out


def take(dists, q):
    t = 0.0
    for d, dist in enumerate(dists):
        tot = totals(dist)
        if tot.get(q, 0) > 0 and tot[q] >= max(tot.values()):
            t += REWARDS[d]
    return t


def greedy_place(dists, q, roll):
    best, choice = None, None
    base = take(dists, q)
    for v in set(roll):
        for d in range(6):
            if any(o == q and x == v for o, x in dists[d]):
                continue  # never cancel itself
            dists[d].append((q, v))
            s = take(dists, q) - base + 0.01 * v
            dists[d].pop()
            if best is None or s > best + 1e-12 or (abs(s - best) < 1e-12 and random.random() < 0.5):
                best, choice = s, (v, d)
    return choice


def round_(d_last, rng_round):
    dists = [[] for _ in range(6)]
    left = {q: 7 for q in range(4)}
    order = []
    active = [0, 1, 2] + ([] if d_last else [3])
    while any(left[q] for q in active):
        q = random.choice([q for q in active if left[q]])
        order.append(q)
        roll = [random.randint(1, 6) for _ in range(left[q])]
        c = greedy_place(dists, q, roll)
        if c:
            dists[c[1]].append((q, c[0]))
        left[q] -= 1
    while d_last and left[3]:
        roll = [random.randint(1, 6) for _ in range(left[3])]
        c = greedy_place(dists, 3, roll)
        if c:
            dists[c[1]].append((3, c[0]))
        left[3] -= 1
    score = [0.0] * 4
    for d, dist in enumerate(dists):
        tot = totals(dist)
        if tot and max(tot.values()) > 0:
            top = max(tot.values())
            for q, t in tot.items():
                if t == top:
                    score[q] += REWARDS[d]
    return score


def share(d_last, games=3000, seed=1):
    random.seed(seed)
    wins = 0.0
    for _ in range(games):
        s = [0.0] * 4
        for _r in range(4):
            for q, x in enumerate(round_(d_last, None)):
                s[q] += x
        top = max(s)
        k = sum(1 for x in s if x == top)
        wins += (s[3] == top) / k
    return wins / games


print("D interleaves:", round(share(False), 3), " D places last:", round(share(True), 3))
