"""Monkey Fun: what each turn chose and how the game ended (numba ``rule`` helpers for the
kernel's explanation aggregates; no decisions, nothing a bot reads).

``nb.play_game`` asks :func:`opponent_threats` before a placement and :func:`record_choice`
after it, counting the seat's choices by kind in ``st.xch`` (the kinds are
``state.CHOICE_NAMES``); the points by source are filled by the scoring rules themselves
(``engine.final_scoring``, ``engine.finish_game``: ``st.xsrc``). The reference engine counts the
same with its own code (``ReferenceGame.count_choice``, ``threats``); the conformance harness
checks that they agree game for game.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.monkey.engine import threes
from simlab.games.monkey.rules import MODE_SOLO
from simlab.games.monkey.state import (
    OWNED,
    X_BLOCK,
    X_BUILD,
    X_CARDS_1,
    X_CARDS_4,
    X_CONTEST,
    X_COVER,
    X_MAJORITY,
    X_NEW_TOWER,
    X_OWN_FIELD,
    X_RAISE_TOWER,
    X_TAKE_FIELD,
)


@rule(inline=True)
def opponent_threats(A, st, p, c):
    """Choice ``block``: the (opponent, shape through c) pairs where the opponent could complete
    the shape with its next monkey: it holds the majority on 3 of its 4 fields, no field of it
    is owned by another player, and one more monkey on the fourth field (not owned) would give
    it the majority there. Only shapes through c can change when a monkey goes on c."""
    n = 0
    for k in range(A.n_cell_shapes[c]):
        s = A.cell_shapes[c, k]
        x = st.lines[s]
        t = threes(x)
        if t == 0:
            continue
        owners = x >> OWNED
        for q in range(A.n_players):
            if q == p or not (t >> (4 * q)) & 1 or owners & ~(1 << q):
                continue
            for j in range(4):
                y = A.shapes[s, j]
                if st.maj[y] == q:
                    continue
                if st.owner[y] >= 0:
                    break
                top = 0
                for r in range(A.n_players):
                    if r != q and st.counts[y, r] > top:
                        top = st.counts[y, r]
                if st.counts[y, q] + 1 > top:
                    n += 1
                break
    return n


@rule(inline=True)
def record_choice(A, st, p, c, cards, before, owner_before, threats_before):
    """The choices of p's play of ``cards`` cards that put a monkey on c (``before``: c's
    majority before the placement, ``owner_before`` its owner, ``threats_before`` what
    :func:`opponent_threats` gave before), into ``st.xch[p]``: the cards, then solo the kind of
    placement (cover, new tower, raised tower), otherwise each effect that holds (gains the
    majority, builds a line, blocks, contests, takes the field, its own field)."""
    st.xch[p, min(X_CARDS_1 + cards - 1, X_CARDS_4)] += 1
    if A.mode == MODE_SOLO:
        n = st.counts[c, p]
        st.xch[p, X_COVER if n == 1 else (X_NEW_TOWER if n == 2 else X_RAISE_TOWER)] += 1
        return
    if owner_before == p:
        st.xch[p, X_OWN_FIELD] += 1
        return
    after = st.maj[c]
    if after == p and before != p:
        st.xch[p, X_MAJORITY] += 1
        sh = 4 * p
        for k in range(A.n_cell_shapes[c]):
            x = st.lines[A.cell_shapes[c, k]]
            if (x >> OWNED) & ~(1 << p) == 0 and (x >> sh) & 15 >= 2:  # open for p, 2 or more
                st.xch[p, X_BUILD] += 1
                break
    if before >= 0 and before != p and after != before:
        st.xch[p, X_CONTEST] += 1
    if st.owner[c] == p:
        st.xch[p, X_TAKE_FIELD] += 1
    if threats_before > 0 and opponent_threats(A, st, p, c) < threats_before:
        st.xch[p, X_BLOCK] += 1
