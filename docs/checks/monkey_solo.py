# Run: python docs/checks/monkey_solo.py  (about 20 s on one core for the default 20,000 games per policy x board; --games N --seed S)
"""Independent check (plain Python, not simlab) of Monkey Fun's solo variant, "Monkeys in a
square", to cross-check the numba engine.

Rules as modelled here (rulebook /work/shared/rules/monkey-fun.txt + rules/README.md):
- 6x6 board, numbers given row by row; the square is the inner 4x4 (rows 1-4, cols 1-4, 0-based);
  edge fields are never played.
- Deck of 55 cards, v copies of value v for v = 1..10 (assumed deck, README). Hand of 4.
- Each round: play 1-4 hand cards; their sum names a field. If some subset reaches a free square
  field, the monkey must go on a free square field (policy picks which). Otherwise a minus tower:
  a square field already holding a monkey, at most 5 monkeys per field, at most 4 tower fields (a
  field becomes a tower field with its 2nd monkey; raising an existing tower is allowed while < 5).
  Neither possible: the game is lost ("no legal play").
- Played cards go to the discard pile, then draw back to 4; when the draw pile is empty and a card
  is needed, the whole discard pile is shuffled into a new draw pile.
- All 16 square fields occupied (necessarily in round 16..20): won, score = number of the field of
  the last monkey minus the sum of the tower field numbers (each once). After 20 rounds without
  completion: lost ("20 rounds").

Policies (random tie-break among equal keys):
- lowest: lowest-numbered free field; towers: an existing tower (>= 2 monkeys) if one is
  reachable (the lowest-numbered such), else the lowest-numbered reachable single-monkey field;
  for the chosen field, the fewest cards (random among the distinct card-value sets of that size).
- hardest: free field with the lowest fresh-hand reach probability (exact, see reach_table);
  towers and cards as in lowest.
- hardest_keep: as hardest, but with exactly two free fields left, keep for last the field x that
  maximises (1 - (1 - reach[x]) ** k) * x, k = 20 - current round, i.e. play the other one if it is
  reachable (if only one of the two is reachable, that one is played).

Reported per policy x board: success rate with 95% Wilson interval, mean score of successes, mean
number of tower monkeys (monkeys placed on an occupied field; in a win this is rounds - 16) over
all games and over successes, and the split of losses by cause.
Engine sanity checks (asserted every round): 55 cards conserved across hand/draw/discard, hand
size 4, monkeys on board == rounds played, <= 5 per field, <= 4 tower fields.
"""
import argparse
import itertools
import math
import random
import time
from fractions import Fraction

VALUES = range(1, 11)
DECK = [v for v in VALUES for _ in range(v)]  # 55 cards
assert len(DECK) == 55
ROUNDS = 20
MAX_PER_FIELD = 5
MAX_TOWERS = 4
HAND = 4

MIXED = [29, 19, 13, 7, 15, 28,
         5, 32, 18, 33, 23, 1,
         24, 12, 3, 14, 31, 27,
         25, 6, 22, 36, 10, 11,
         20, 16, 21, 17, 2, 35,
         8, 26, 34, 4, 30, 9]


def row_major():
    return list(range(1, 37))


def spiral():
    grid = [[0] * 6 for _ in range(6)]
    top, bottom, left, right = 0, 5, 0, 5
    n = 1
    while top <= bottom and left <= right:
        for c in range(left, right + 1):
            grid[top][c] = n; n += 1
        for r in range(top + 1, bottom + 1):
            grid[r][right] = n; n += 1
        for c in range(right - 1, left - 1, -1):
            grid[bottom][c] = n; n += 1
        for r in range(bottom - 1, top, -1):
            grid[r][left] = n; n += 1
        top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
    return [x for row in grid for x in row]


BOARDS = {"row-major": row_major(), "spiral": spiral(), "mixed": MIXED}


def square_fields(board):
    assert sorted(board) == list(range(1, 37)), "board must be a permutation of 1..36"
    return [board[6 * r + c] for r in range(1, 5) for c in range(1, 5)]


def subset_sums(multiset):
    """All sums of nonempty sub-multisets of a tuple of card values."""
    out = set()
    for k in range(1, len(multiset) + 1):
        for comb in itertools.combinations(multiset, k):
            out.add(sum(comb))
    return out


def reach_table():
    """reach[s] = P(a fresh 4-card hand, drawn without replacement from the 55-card deck, has a
    nonempty subset summing to s), exact: enumerate multisets of 4 values, weight
    prod C(n_v, c_v) / C(55, 4)."""
    total = math.comb(55, 4)
    reach = {s: Fraction(0) for s in range(1, 41)}
    wsum = Fraction(0)
    for ms in itertools.combinations_with_replacement(VALUES, HAND):
        w = 1
        for v in set(ms):
            w *= math.comb(v, ms.count(v))  # n_v = v copies
        if w == 0:
            continue
        w = Fraction(w, total)
        wsum += w
        for s in subset_sums(ms):
            reach[s] += w
    assert wsum == 1
    return reach


# hand (sorted tuple) -> {sum: [value tuples of minimal card count reaching that sum]}
_PLAYS = {}


def plays_for(hand):
    key = tuple(sorted(hand))
    p = _PLAYS.get(key)
    if p is None:
        p = {}
        for k in range(1, len(key) + 1):
            for comb in sorted(set(itertools.combinations(key, k))):
                s = sum(comb)
                if s not in p:
                    p[s] = [comb]
                elif len(p[s][0]) == k:
                    p[s].append(comb)
        _PLAYS[key] = p
    return p


def pick_min(rng, cands, keyf):
    best = min(keyf(c) for c in cands)
    return rng.choice([c for c in cands if keyf(c) == best])


def choose_free(policy, rng, reachable_free, free, reach, rnd):
    if policy == "lowest":
        return min(reachable_free)  # field numbers are distinct
    if policy == "hardest_keep" and len(free) == 2 and len(reachable_free) == 2:
        k = ROUNDS - rnd
        val = {x: (1 - (1 - float(reach[x])) ** k) * x for x in free}
        keep = pick_min(rng, free, lambda x: -val[x])
        return [x for x in free if x != keep][0]
    # hardest (and hardest_keep with != 2 free fields)
    return pick_min(rng, reachable_free, lambda x: reach[x])


def play_game(rng, square, policy, reach):
    draw = DECK[:]
    rng.shuffle(draw)
    discard = []
    hand = [draw.pop() for _ in range(HAND)]
    mon = {f: 0 for f in square}
    tower_monkeys = 0
    for rnd in range(1, ROUNDS + 1):
        p = plays_for(hand)
        free = [f for f in square if mon[f] == 0]
        rfree = [f for f in free if f in p]
        if rfree:
            field = choose_free(policy, rng, rfree, free, reach, rnd)
        else:
            ntow = sum(1 for f in square if mon[f] >= 2)
            opts = [f for f in square if f in p and 1 <= mon[f] < MAX_PER_FIELD
                    and (mon[f] >= 2 or ntow < MAX_TOWERS)]
            if not opts:
                return ("no legal play", None, tower_monkeys, rnd)
            field = min(opts, key=lambda f: (mon[f] < 2, f))  # existing tower first, then lowest
            tower_monkeys += 1
        cards = rng.choice(p[field])
        for v in cards:
            hand.remove(v)
        discard.extend(cards)
        mon[field] += 1
        while len(hand) < HAND:
            if not draw:
                draw, discard = discard, []
                rng.shuffle(draw)
            hand.append(draw.pop())
        # conservation / invariants
        assert len(hand) == HAND and len(hand) + len(draw) + len(discard) == 55
        assert sum(mon.values()) == rnd
        assert max(mon.values()) <= MAX_PER_FIELD
        towers = [f for f in square if mon[f] >= 2]
        assert len(towers) <= MAX_TOWERS
        assert tower_monkeys == sum(mon[f] - 1 for f in towers)
        if all(mon[f] for f in square):
            assert 16 <= rnd <= ROUNDS
            return ("win", field - sum(towers), tower_monkeys, rnd)
    return ("20 rounds", None, tower_monkeys, ROUNDS)


def wilson(k, n, z=1.959963984540054):
    if n == 0:
        return (0.0, 0.0)
    ph = k / n
    d = 1 + z * z / n
    c = (ph + z * z / (2 * n)) / d
    h = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def run_cell(policy, board, games, seed, reach):
    rng = random.Random(seed)
    square = square_fields(board)
    wins = scores = towers_all = towers_win = 0
    causes = {"no legal play": 0, "20 rounds": 0}
    for _ in range(games):
        res, score, tm, _rnd = play_game(rng, square, policy, reach)
        towers_all += tm
        if res == "win":
            wins += 1
            scores += score
            towers_win += tm
        else:
            causes[res] += 1
    return wins, scores, towers_all, towers_win, causes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20000, help="games per policy x board (default 20000)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    args = ap.parse_args()
    t0 = time.time()

    reach = reach_table()
    print("Fresh-hand reach probability P(some subset of a 4-card hand sums to s), exact:")
    for lo in range(1, 41, 8):
        print("  " + "  ".join(f"{s:2d}:{float(reach[s]):.4f}" for s in range(lo, lo + 8)))
    for name, b in BOARDS.items():
        sq = square_fields(b)
        print(f"board {name:9s}: " + " / ".join(" ".join(f"{b[6*r+c]:2d}" for c in range(6)) for r in range(6)))
        print(f"  square fields: {sorted(sq)}")

    print(f"\n{args.games} games per cell, seed {args.seed}")
    hdr = (f"{'policy':12s} {'board':9s} {'success':>7s} {'95% Wilson':>15s} {'score|win':>9s} "
           f"{'towM all':>8s} {'towM|win':>8s} {'loss:no play':>12s} {'loss:20 rnd':>11s}")
    print(hdr)
    print("-" * len(hdr))
    results = {}
    for pi, policy in enumerate(["lowest", "hardest", "hardest_keep"]):
        for bi, (bname, board) in enumerate(BOARDS.items()):
            cell_seed = args.seed * 100 + 10 * pi + bi
            w, sc, ta, tw, causes = run_cell(policy, board, args.games, cell_seed, reach)
            n = args.games
            lo, hi = wilson(w, n)
            losses = n - w
            sh = lambda c: (causes[c] / losses if losses else 0.0)
            results[(policy, bname)] = w / n
            print(f"{policy:12s} {bname:9s} {w / n:7.2%} [{lo:6.2%},{hi:6.2%}] "
                  f"{(sc / w if w else float('nan')):9.2f} {ta / n:8.3f} "
                  f"{(tw / w if w else float('nan')):8.3f} {sh('no legal play'):12.1%} {sh('20 rounds'):11.1%}")
    print("(loss shares are shares of the losses; towM = tower monkeys per game)")
    print(f"run time {time.time() - t0:.1f} s")

    # ballpark cross-checks against figures reported by an earlier independent check
    if args.games >= 5000:
        lr, hr = results[("lowest", "row-major")], results[("hardest", "row-major")]
        print(f"ballpark: lowest/row-major {lr:.1%} (earlier check ~12.6%), "
              f"hardest/row-major {hr:.1%} (earlier check ~74%)")


if __name__ == "__main__":
    main()
