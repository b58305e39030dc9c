"""Decision tests of the solo planner's card counting (``count``: the reach of each field from
the cards not yet seen) and its look one draw ahead (``ahead``), on hand-built positions
(row-major board, see ``positions.py``), against a plain-Python enumeration of the draws that
imports nothing of the planner: the deck less the hand and the face-up discard pile, every
combination of the cards drawn equally likely."""

from __future__ import annotations

import itertools

import pytest

from simlab.core.rng import new_stream
from simlab.games.monkey import bots, policies
from simlab.games.monkey.bots import search_state
from simlab.games.monkey.rules import DEFAULT_DECK

from .positions import build, mask_of
from .test_bot_decisions import INNER, fields_chosen, setup

DECK = [v for v, n in enumerate(DEFAULT_DECK, start=1) for _ in range(n)]


def names(hand):
    """Field numbers 1..4 cards of ``hand`` name together."""
    out = set()
    for r in range(1, min(4, len(hand)) + 1):
        for comb in itertools.combinations(hand, r):
            if 1 <= sum(comb) <= 36:
                out.add(sum(comb))
    return out


def unseen(hand, discard):
    left = list(DECK)
    for v in list(hand) + list(discard):
        left.remove(v)
    return left


def plain_ahead(board, hand, played, field, discard, turn, rounds=20):
    """The chance the next round covers a free square field less the chance it cannot (no
    field at all, or only a minus tower with no round to spare)."""
    counts = {f: board.get(f, [0])[0] for f in INNER}
    free = {f for f in INNER if counts[f] == 0} - {field}
    if not free or turn >= rounds:
        return 0.0
    towers = sum(1 for f in INNER if counts[f] >= 2) + (1 if counts[field] == 1 else 0)
    counts[field] += 1
    tower = {f for f in INNER if 0 < counts[f] < 5 and (counts[f] >= 2 or towers < 4)}
    if len(free) > rounds - turn - 1:
        tower = set()
    kept = list(hand)
    for v in played:
        kept.remove(v)
    pool = unseen(hand, discard)
    k = 4 - len(kept)
    if len(pool) < k:
        kept, pool, k = kept + pool, list(discard) + list(played), k - len(pool)
    good = bad = n = 0
    for idx in itertools.combinations(range(len(pool)), k):
        got = names(kept + [pool[i] for i in idx])
        n += 1
        good += bool(got & free)
        bad += not got & (free | tower)
    return (good - bad) / n


def plays_of(A, st, g):
    """(cards, field, mask) of every legal play of seat 0."""
    out = []
    for m, rc in g.legal_plays(0):
        cards = [v for j, v in enumerate(g.hands[0]) if m >> j & 1]
        out.append((cards, g.number[rc], m))
    return out


# 12 square fields covered, 8, 9, 15 and 29 free; 10 a tower; the hand names 8, 9 (9 or
# 8 + 1) and 15 (9 + 5 + 1); the discard pile holds every 7 and most 6s and 5s
FREE = (8, 9, 15, 29)
HAND = [8, 1, 9, 5]
DISCARD = [7] * 7 + [6] * 5 + [5] * 4 + [2, 3, 4]


def position(turn, discard=DISCARD, over="solo"):
    A, lineup = setup(1, over)
    board = {f: [1] for f in INNER if f not in FREE}
    board[10] = [2]
    pile = unseen(HAND, discard)
    st, g = build(A, board=board, hands=[list(HAND)], draw=pile, discard=list(discard),
                  turn=turn)
    return A, lineup, st, g, board


@pytest.mark.parametrize("turn", [13, 17])  # 17: three fields left need rounds 18-20
@pytest.mark.parametrize("short", [False, True])  # a short draw pile: the reshuffle too
def test_one_draw_ahead_is_the_exact_chance_of_covering_next_round(turn, short):
    discard = DISCARD
    if short:  # all but 2 of the unseen cards in the discard pile
        discard = DISCARD + unseen(HAND, DISCARD)[2:]
    A, lineup, st, g, board = position(turn, discard)
    policies._unseen(A, st, 0)
    plays = plays_of(A, st, g)
    assert {f for _, f, _ in plays} == {8, 9, 15}
    values = []
    for cards, field, _m in plays:
        got = policies.solo_ahead(A, st, 0, int(A.cell_of[field]), mask_of(list(st.hand[0, :4]),
                                                                           cards))
        want = plain_ahead(board, HAND, cards, field, discard, turn)
        assert got == pytest.approx(want, abs=1e-12)
        values.append(want)
    if not short:
        assert max(values) > min(values) + 0.01  # the plays differ: the term can decide


def test_the_planner_takes_the_play_that_best_covers_next_round():
    # only the ahead term on: the play (its cards) is one of those with the highest chance
    A, lineup, st, g, board = position(13, over="solo(reach=0,keep=0,cost=0,score=0,ahead=1)")
    vals = {tuple(sorted(c)): plain_ahead(board, HAND, c, f, DISCARD, 13)
            for c, f, _ in plays_of(A, st, g)}
    top = max(vals.values())
    best = {c for c, v in vals.items() if v > top - 1e-12}
    assert best != set(vals)  # some play is worse: a choice was made
    sim = search_state(lineup, 1, A.n_cards)
    chosen = set()
    for r in range(40):
        m = int(bots.decide(A, st, sim, lineup, 0, new_stream(7, r)))
        chosen.add(tuple(sorted(int(st.hand[0, j]) for j in range(4) if m >> j & 1)))
    assert chosen <= best


def plain_reach(hand, discard, n):
    """The chance that 4 cards drawn from those not seen name field number n."""
    pool = unseen(hand, discard)
    hits = tot = 0
    for idx in itertools.combinations(range(len(pool)), 4):
        tot += 1
        hits += n in names([pool[i] for i in idx])
    return hits / tot


def test_counted_reach_reads_the_discard_pile():
    # every 2, 3 and 4 and all but the hand's 9 seen: from what is left (5, 6, 7, 8, 10) no
    # hand names 9 any more, and fewer name 29 (no 9 for 10 + 10 + 9)
    discard = [2] * 2 + [3] * 3 + [4] * 4 + [9] * 8
    A, lineup = setup(1, "solo(count=1)")
    st, _ = build(A, hands=[[10, 10, 9, 1]], draw=unseen([10, 10, 9, 1], discard),
                  discard=discard, turn=5)
    policies._unseen(A, st, 0)
    policies.solo_counted_reach(A, st, 0)
    for n in (9, 10, 11, 20, 29):
        assert st.fc[n] == pytest.approx(plain_reach([10, 10, 9, 1], discard, n), abs=1e-12)
    assert st.fc[9] == 0.0 and st.fc[29] < A.reach[29]


def test_counting_changes_which_field_is_hardest():
    # hand 10, 10, 9, 1 names the free fields 9, 10, 11, 20, 21 and 29: from a fresh deck 29
    # is the hardest (0.132); counted, 9 can never be named again: the planner takes it now
    discard = [2] * 2 + [3] * 3 + [4] * 4 + [9] * 8
    hand = [10, 10, 9, 1]
    for over, want in (("solo(ahead=0,keep=0,count=1)", {9}),
                       ("solo(ahead=0,keep=0,count=0)", {29})):
        A, lineup = setup(1, over)
        st, _ = build(A, hands=[hand], draw=unseen(hand, discard), discard=discard, turn=5)
        assert fields_chosen(A, lineup, st) == want
