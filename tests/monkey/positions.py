"""Hand-built Monkey Fun positions for the rule tests (tests/monkey/test_rules_*.py).

A position is the same situation set up twice: once as the kernel's arrays (``engine.py``) and once
as a :class:`ReferenceGame` whose board, hands and piles are assigned by hand. The helpers then
run one rule on both engines so that a test compares both against a hand-computed expectation.

Conventions: the board is the row-major layout unless a test says otherwise (field n sits at row
(n-1)//6, column (n-1)%6), so rows are easy to read:

     1  2  3  4  5  6
     7  8  9 10 11 12
    13 14 15 16 17 18
    19 20 21 22 23 24
    25 26 27 28 29 30
    31 32 33 34 35 36

``board``: ``{field: [monkeys of seat 0, seat 1, ...]}``; ``owner``: ``{field: seat}``;
``hands``: one list of card values per seat; ``draw``: the draw pile, top card LAST;
``discard``: the discard pile in discard order; ``supply``: monkeys left per seat.
"""

from __future__ import annotations

import numpy as np

from simlab.games.monkey import engine
from simlab.games.monkey.bots import bot_vector
from simlab.games.monkey.reference import ReferenceGame
from simlab.games.monkey.rules import make_rules
from simlab.games.monkey.state import (
    I_NDISC,
    I_NDRAW,
    I_TOWERS,
    I_TURN,
    MonkeyLineup,
    new_state,
)


def arrays(players: int = 2, **overrides):
    """Rule arrays (row-major board by default) with rule overrides."""
    overrides.setdefault("layout", "row-major")
    return make_rules(players, overrides).to_arrays()


def random_lineup(players: int) -> MonkeyLineup:
    return MonkeyLineup(np.zeros(players, np.int64), np.tile(bot_vector("random"), (players, 1)))


def build(A, board=None, owner=None, hands=None, draw=(), discard=(), supply=None, turn=1,
          seed=0):
    """The position on both engines: returns ``(st, g)`` (kernel state, reference game)."""
    n_p = A.n_players
    board = board or {}
    owner = owner or {}
    hands = hands or [[] for _ in range(n_p)]
    supply = [A.monkeys] * n_p if supply is None else supply
    st = new_state(n_p, A.n_cards)
    for n, counts in board.items():
        st.counts[A.cell_of[n], :] = counts
    for n, q in owner.items():
        st.owner[A.cell_of[n]] = q
    for c in range(36):
        engine.update_majority(A, st, c)
        if A.mode == 2 and st.counts[c, 0] >= 2:
            st.info[I_TOWERS] += 1
    engine.sync_board(A, st)  # the shapes' counts of majorities and owners, closed fields
    st.supply[:] = supply
    for q, h in enumerate(hands):
        st.hand[q, : len(h)] = h
        st.hand_n[q] = len(h)
    st.draw[: len(draw)] = draw
    st.discard[: len(discard)] = discard
    st.info[I_NDRAW] = len(draw)
    st.info[I_NDISC] = len(discard)
    st.info[I_TURN] = turn
    g = ReferenceGame(A, random_lineup(n_p), seed, 0)
    for n, counts in board.items():
        g.monkeys[g.where[n]] = list(counts)
    for n, q in owner.items():
        g.owner[g.where[n]] = q
    g.hands = [list(h) for h in hands]
    g.draw_pile = list(draw)
    g.discard_pile = list(discard)
    g.supply = list(supply)
    g.turn = turn
    return st, g


def legal_both(A, st, g, p):
    """Legal plays as sets of (card values played, field) on the kernel and the reference."""
    n = engine.legal_plays(A, st, p)
    kern = set()
    for i in range(n):
        m = int(st.masks[i])
        cards = tuple(sorted(int(st.hand[p, j]) for j in range(st.hand_n[p]) if m >> j & 1))
        kern.add((cards, int(A.number[st.cells[i]])))
    ref = set()
    for m, rc in g.legal_plays(p):
        cards = tuple(sorted(v for j, v in enumerate(g.hands[p]) if m >> j & 1))
        ref.add((cards, g.number[rc]))
    return kern, ref


def mask_of(hand, cards) -> int:
    """Bitmask of the first hand positions holding ``cards``."""
    m = 0
    for v in cards:
        for i, h in enumerate(hand):
            if h == v and not m >> i & 1:
                m |= 1 << i
                break
    return m


def play_both(A, st, g, p, cards):
    """p plays ``cards`` (values; [] = no playable card) on both engines.
    Returns ``(kernel end reason, reference end reason)``.

    With no playable card (the empty subset) both engines' ``take_turn`` discard the hand (solo:
    the game is lost)."""
    m = mask_of(list(g.hands[p]), cards)
    rng = np.array(g.rng, copy=True)
    engine.take_turn(A, st, p, m, rng)
    end_r = g.take_turn(p, m)
    return int(st.info[6]), end_r


def kernel_board(A, st) -> dict:
    """{field: counts} of the kernel state for fields holding monkeys."""
    return {int(A.number[c]): [int(x) for x in st.counts[c]] for c in range(36)
            if st.counts[c].sum()}


def reference_board(g) -> dict:
    return {g.number[rc]: list(m) for rc, m in g.monkeys.items() if sum(m)}


def finish_both(A, st, g, end, p=0):
    """Final scoring on both engines: ((kernel scores, winners), (reference scores, winners))."""
    engine.finish_game(A, st, end, p, True)
    ks = [int(x) for x in st.scores]
    kw = [bool(x) for x in st.winners]
    rs, rw = g.finish_game(end, p)
    return (ks, kw), (list(map(int, rs)), list(map(bool, rw)))
