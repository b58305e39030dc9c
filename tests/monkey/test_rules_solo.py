"""Rulebook "Monkeys in a square (solo variant)": edge fields forbidden, minus towers (only when
no free square field is reachable, at most 4 tower fields, at most 5 monkeys on one field), the
completion window (rounds 16-20), the score and the losses, on both engines.
Row-major board: the inner square is 8-11, 14-17, 20-23, 26-29."""

from __future__ import annotations

from simlab.games.monkey.state import E_NONE, E_SOLO_LOSS, E_SOLO_WIN

from .positions import arrays, build, legal_both, play_both

INNER = [8, 9, 10, 11, 14, 15, 16, 17, 20, 21, 22, 23, 26, 27, 28, 29]


def solo(**ov):
    return arrays(1, **ov)


def test_edge_fields_are_forbidden():
    # hand 1, 2, 3, 6: reachable sums 1..12; inner ones: 8, 9, 10, 11
    A = solo()
    st, g = build(A, hands=[[1, 2, 3, 6]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref
    assert {f for _, f in kern} == {8, 9, 10, 11}


def test_towers_only_when_no_free_square_field_is_reachable():
    # 8 and 9 occupied; hand 4, 4, 1, 1: sums 1..10 -> 10 is free: only 10 is legal
    A = solo()
    st, g = build(A, board={8: [1], 9: [1]}, hands=[[4, 4, 1, 1]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref and {f for _, f in kern} == {10}
    # hand 4, 4, 1, 0-free: 4, 4, 1 -> sums 1, 4, 5, 8, 9: no free inner field -> towers on 8, 9
    st, g = build(A, board={8: [1], 9: [1]}, hands=[[4, 4, 1]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref and {f for _, f in kern} == {8, 9}


def test_at_most_four_tower_fields_and_five_monkeys_per_field():
    # towers on 8, 9, 10, 11 (2 monkeys each) -> no fifth tower field (14 has 1 monkey);
    # 8 already has 5 monkeys -> full. Hand reaches 8, 9, 14 (and non-inner sums)
    A = solo()
    board = {8: [5], 9: [2], 10: [2], 11: [2], 14: [1], 15: [1]}
    st, g = build(A, board=board, hands=[[8, 1, 5, 4]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    # sums: 8, 1, 5, 4, 9, 13, 12, 6, 9, 5, 14, 13, 10, 17(8+5+4), 18 -> free inner: 17 -> legal
    assert kern == ref and {f for _, f in kern} == {17}
    st, g = build(A, board=board, hands=[[8, 1, 5]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    # sums 8, 1, 5, 9, 13, 6, 14: free inner none; towers: 9 (2 < 5); 8 full; 14 would be a
    # fifth tower field
    assert kern == ref and {f for _, f in kern} == {9}


def test_no_field_at_all_loses():
    A = solo()
    st, g = build(A, board={8: [5]}, hands=[[1, 2, 1, 2]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref == set()
    assert play_both(A, st, g, 0, []) == (E_SOLO_LOSS, E_SOLO_LOSS)


def test_completing_the_square_in_rounds_16_to_20_wins_and_scores_last_minus_towers():
    # every inner field covered except 29; towers on 8 (2) and 9 (3): round 18, play 29
    # score = 29 - (8 + 9) = 12
    A = solo()
    board = {f: [1] for f in INNER if f != 29}
    board[8] = [2]
    board[9] = [3]
    st, g = build(A, board=board, hands=[[10, 10, 9, 1]], draw=[1] * 10, turn=18)
    assert play_both(A, st, g, 0, [10, 10, 9]) == (E_SOLO_WIN, E_SOLO_WIN)
    from .positions import finish_both
    kern, ref = finish_both(A, st, g, E_SOLO_WIN)
    assert kern == ref == ([12], [True])


def test_completing_before_the_minimum_round_is_a_loss():
    A = solo(solo_min_round=18)
    board = {f: [1] for f in INNER if f != 29}
    st, g = build(A, board=board, hands=[[10, 10, 9, 1]], draw=[1] * 10, turn=16)
    assert play_both(A, st, g, 0, [10, 10, 9]) == (E_SOLO_LOSS, E_SOLO_LOSS)
    st, g = build(A, board=board, hands=[[10, 10, 9, 1]], draw=[1] * 10, turn=18)
    assert play_both(A, st, g, 0, [10, 10, 9]) == (E_SOLO_WIN, E_SOLO_WIN)
    # not complete yet: the game goes on
    st, g = build(A, board={8: [1]}, hands=[[9, 1, 1, 1]], draw=[1] * 10, turn=5)
    assert play_both(A, st, g, 0, [9]) == (E_NONE, E_NONE)


def test_twenty_rounds_without_completion_lose():
    # whole solo games: no game lasts more than 20 rounds and every game ends in a solo end
    from simlab.games.monkey.game import GAME
    rules = GAME.make_rules(1, {"layout": "row-major"})
    prep = GAME.prepare(rules, GAME.lineup("solo", 1))
    agg, _ = GAME.run_batch(prep, 5, 0, 3000, False)
    hist = agg["length_hist"]
    assert hist[21:].sum() == 0
    assert agg["end_reasons"][4] + agg["end_reasons"][5] == 3000
    assert agg["end_reasons"][4] > 0
    # a success needs all 16 fields, so it never ends before round 16
    for g in range(200):
        scores, _, ragg, _ = GAME.reference_game(prep, 5, g)
        if ragg["end_reasons"][4]:
            assert ragg["length_hist"][:16].sum() == 0
