"""The explanation of a result (``Game.score_sources``, ``choice_names``, ``end_names``,
``length_unit``) on hand-built positions, both engines: where the points come from (fields by
majority and by ownership; solo: the last field plus, the minus towers minus, summing to the
score), what a play chose (cards, gains a majority, builds, blocks, contests, takes a field, its
own field, a discarded hand; solo: cover, new tower, raised tower) and how the game ended.

Row-major board (field n at row (n-1)//6, column (n-1)%6): row 1-4 is a row of 4."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_explanation
from simlab.games.monkey import engine, explain
from simlab.games.monkey.game import GAME
from simlab.games.monkey.state import (
    CHOICE_NAMES,
    E_POINTS,
    E_ROW,
    E_SOLO_WIN,
    I_LAST,
    I_TOWERS,
    SOURCE_NAMES,
    WAY_NAMES,
)

from .positions import arrays, build, finish_both, mask_of


def test_the_game_declares_its_explanation():
    assert GAME.explains and GAME.length_unit == "turns"
    assert GAME.score_sources == SOURCE_NAMES == ("majority_fields", "owned_fields",
                                                   "last_field", "minus_towers")
    assert GAME.end_names == WAY_NAMES and "turn_cap" in GAME.end_names  # the modelling bound
    assert {"src", "choice"} <= set(GAME.seat_keys)
    assert len(set(CHOICE_NAMES)) == len(CHOICE_NAMES)


def sources_both(A, st, g, end, p=0):
    (ks, _), (rs, _) = finish_both(A, st, g, end, p)
    return ks, [[int(x) for x in row] for row in st.xsrc], rs, g.agg.src.tolist()


def test_points_by_source_split_majority_and_owned_fields():
    # seat 0 owns 23 (2 monkeys, the others boxed) and holds 7 by majority; seat 1 holds 30
    A = arrays(2)
    st, g = build(A, board={23: [2, 0], 7: [2, 1], 30: [0, 1], 5: [1, 1]}, owner={23: 0})
    ks, ksrc, rs, rsrc = sources_both(A, st, g, E_POINTS)
    assert ks == rs == [30, 30]
    assert ksrc == rsrc == [[7, 23, 0, 0], [30, 0, 0, 0]]


def test_a_row_ended_game_scores_its_points_by_source():
    # seat 1 completes 1-2-3-4 (4 owned): the row wins whatever the points, and the score is
    # the final scoring of the position, still split by source
    A = arrays(2)
    st, g = build(A, board={1: [0, 1], 2: [0, 1], 3: [0, 1], 4: [0, 2], 36: [1, 0]},
                  owner={4: 1})
    (ks, kw), (rs, rw) = finish_both(A, st, g, E_ROW, 1)
    assert ks == rs == [36, 10] and kw == rw == [False, True]
    assert [list(r) for r in st.xsrc] == g.agg.src.tolist() == [[36, 0, 0, 0], [6, 4, 0, 0]]


def test_solo_sources_are_the_rulebook_example():
    # "You place your last monkey on field 31 and thereby complete the square. However, you
    # have built one minus tower on field 17 and one on field 3. ... 11 points"
    A = arrays(1, layout="mixed")
    board = {int(A.number[c]): [1] for c in range(36) if A.inner[c]}
    board[17] = [2]
    board[3] = [2]
    st, g = build(A, board=board, turn=18)
    st.info[I_LAST] = int(A.cell_of[31])
    st.info[I_TOWERS] = 2
    g.last_field = g.where[31]
    ks, ksrc, rs, rsrc = sources_both(A, st, g, E_SOLO_WIN)
    assert ks == rs == [11]
    assert ksrc == rsrc == [[0, 0, 31, -20]]


def choose_both(A, st, g, p, cards):
    """p plays ``cards`` on both engines as the game loops do (before/after the placement);
    returns the choices counted on each: (kernel {name: n}, reference {name: n})."""
    m = mask_of(list(g.hands[p]), cards)
    rng = np.array(g.rng, copy=True)
    if m == 0:
        engine.take_turn(A, st, p, 0, rng)
        if A.mode != 2:
            st.xch[p, CHOICE_NAMES.index("discard_hand")] += 1
        plays = g.legal_plays(p)
        assert not plays
        g.play_turn(p)
    else:
        c = int(A.cell_of[sum(cards)])
        before, owner = int(st.maj[c]), int(st.owner[c])
        threats = explain.opponent_threats(A, st, p, c)
        engine.take_turn(A, st, p, m, rng)
        explain.record_choice(A, st, p, c, len(cards), before, owner, threats)
        rc = g.where[sum(cards)]
        rb, ro = g.majority(rc), g.owner.get(rc, -1)
        rt = g.threats(p)
        g.take_turn(p, m)
        g.count_choice(p, rc, len(cards), rb, ro, rt)
    kern = {n: int(st.xch[p, i]) for i, n in enumerate(CHOICE_NAMES) if st.xch[p, i]}
    ref = {n: int(g.agg.choice[p, i]) for i, n in enumerate(CHOICE_NAMES) if g.agg.choice[p, i]}
    return kern, ref


DRAW = [5] * 20


@pytest.mark.parametrize("players,board,owner,hand,cards,expected", [
    # a single card on an empty field: the majority, no line yet
    (2, {}, {}, [9, 1, 1, 1], [9], {"cards_1": 1, "gain_majority": 1}),
    # 1 and 2 are seat 0's: a third majority in row 1-4 builds (2 cards)
    (2, {1: [1, 0], 2: [1, 0]}, {}, [2, 1, 9, 9], [2, 1],
     {"cards_2": 1, "gain_majority": 1, "build": 1}),
    # the same, but seat 1 owns 4: every row through 3 holding 1 or 2 is dead for seat 0, and
    # 3's column and diagonal hold no other majority of seat 0: no build
    (2, {1: [1, 0], 2: [1, 0], 4: [0, 2]}, {4: 1}, [1, 1, 1, 9], [1, 1, 1],
     {"cards_3": 1, "gain_majority": 1}),
    # seat 1 holds 1, 2, 3; seat 0 takes the empty fourth field 4: a block (4 cards)
    (2, {1: [0, 1], 2: [0, 1], 3: [0, 1]}, {}, [1, 1, 1, 1], [1, 1, 1, 1],
     {"cards_4plus": 1, "gain_majority": 1, "block": 1}),
    # seat 1 holds 1, 2, 3 (3 by 2 to 1); seat 0 ties 3: contest and block, no majority
    (2, {1: [0, 1], 2: [0, 1], 3: [1, 2]}, {}, [3, 9, 9, 9], [3],
     {"cards_1": 1, "contest": 1, "block": 1}),
    # seat 1 holds 1, 2, 3 and ties seat 2 on 4 (2 each): seat 0's monkey on 4 leaves seat 1 one
    # monkey from the row (3 > 2): no block, nothing else either
    (3, {1: [0, 1, 0], 2: [0, 1, 0], 3: [0, 1, 0], 4: [0, 2, 2]}, {}, [4, 9, 9, 9], [4],
     {"cards_1": 1}),
    # seat 0's second monkey against none: the field is taken (it held the majority already)
    (2, {20: [1, 0]}, {}, [9, 9, 2, 9], [9, 9, 2], {"cards_3": 1, "take_field": 1}),
    # a monkey on the seat's own field goes to the box
    (2, {20: [2, 0]}, {20: 0}, [9, 9, 2, 9], [9, 9, 2], {"cards_3": 1, "own_field": 1}),
    # 2 against 2: the third monkey takes the majority (from nobody: no contest), not the field
    (2, {8: [2, 2]}, {}, [8, 9, 9, 9], [8], {"cards_1": 1, "gain_majority": 1}),
])
def test_the_choices_of_a_play(players, board, owner, hand, cards, expected):
    A = arrays(players)
    st, g = build(A, board=board, owner=owner, hands=[hand] + [[9, 9, 9, 9]] * (players - 1),
                  draw=DRAW)
    kern, ref = choose_both(A, st, g, 0, cards)
    assert kern == ref == expected


def test_a_discarded_hand_is_counted():
    # the hand names 18 and 36 only, both seat 1's: no playable card
    A = arrays(2)
    st, g = build(A, board={18: [0, 2], 36: [0, 2]}, owner={18: 1, 36: 1},
                  hands=[[18, 18, 18, 18], [9, 9, 9, 9]], draw=DRAW)
    kern, ref = choose_both(A, st, g, 0, [])
    assert kern == ref == {"discard_hand": 1}


@pytest.mark.parametrize("board,hand,cards,expected", [
    ({}, [4, 4, 8, 1], [8], {"cards_1": 1, "cover": 1}),
    # 8 holds a monkey; the hand names 4 and 8 only: no free square field, a tower on 8
    ({8: [1]}, [4, 4], [4, 4], {"cards_2": 1, "new_tower": 1}),
    ({8: [2]}, [4, 4], [4, 4], {"cards_2": 1, "raise_tower": 1}),
])
def test_the_choices_of_a_solo_play(board, hand, cards, expected):
    A = arrays(1)
    st, g = build(A, board=board, hands=[hand], draw=DRAW)
    kern, ref = choose_both(A, st, g, 0, cards)
    assert kern == ref == expected


@pytest.mark.parametrize("players,bots,over,way", [
    (2, "greedy", {}, "row"),
    (4, "random", {"mode": "quick"}, "square"),
    (4, "random", {}, "points"),
    (1, "solo", {}, "solo_win"),
    (1, "solo", {}, "solo_rounds"),
    (1, "random", {"layout": "row-major", "solo_max_towers": 0}, "solo_stuck"),
    (1, "solo", {"solo_min_round": 18}, "solo_early"),
    (2, "random", {"max_turns": 12}, "turn_cap"),
])
def test_every_way_a_game_ends_is_named_and_agrees_with_the_reference(players, bots, over, way):
    rules = GAME.make_rules(players, over)
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    n = 200
    agg, rows = GAME.run_batch(prep, 5, 0, n, True)
    check_explanation(GAME, agg, rows, n)
    assert agg["ends"][WAY_NAMES.index(way)] > 0
    g = int(np.nonzero(rows["end"] == WAY_NAMES.index(way))[0][0])
    _, _, ref, _ = GAME.reference_game(prep, 5, g)
    assert ref["ends"].tolist() == np.bincount([rows["end"][g]], minlength=8).tolist()
    assert ref["length"].tolist() == [rows["length"][g], rows["length"][g] ** 2]
    assert ref["src"].tolist() == rows["source"][g].tolist()
    assert ref["choice"].tolist() == rows["choice"][g].tolist()
    if way == "turn_cap":
        assert rows["length"].max() == 12
