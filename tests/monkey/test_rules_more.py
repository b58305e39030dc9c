"""More rulebook checks on both engines: the solo losses ("If, even with the help of a minus
tower, you cannot place a monkey ... you have lost"; "If you have not completed the square after
20 rounds, you have lost"), a row of 4 winning against more points, a placement never completing
a row for another player, the points end only when every supply is empty, clockwise turn order,
and ownership at "2 monkeys more than all other players".

Row-major board (field n at row (n-1)//6, column (n-1)%6); the solo inner square is 8-11, 14-17,
20-23, 26-29."""

from __future__ import annotations

import re

import numpy as np
import pytest

from simlab.games.monkey import bots, engine
from simlab.games.monkey.state import (
    C_TURN_CAP,
    E_NONE,
    E_POINTS,
    E_ROW,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    I_TURN,
)

from .positions import (
    arrays,
    build,
    finish_both,
    kernel_board,
    legal_both,
    play_both,
    random_lineup,
    reference_board,
)

INNER = [8, 9, 10, 11, 14, 15, 16, 17, 20, 21, 22, 23, 26, 27, 28, 29]


def kernel_shapes(A, st, q) -> list[list[int]]:
    """Rows (and squares) of 4 whose fields all have seat q's majority on the kernel, as field
    numbers (the reference's equivalent is ``g.check_win``)."""
    out = []
    for s in range(A.shapes.shape[0]):
        cells = [int(c) for c in A.shapes[s]]
        if all(st.maj[c] == q for c in cells):
            out.append(sorted(int(A.number[c]) for c in cells))
    return out


def turn_seats(lines, names) -> list[int]:
    """Seats in the order the reference log shows their turns ("  turn t: P1 holds ...")."""
    seat = {n: q for q, n in enumerate(names)}
    turns = [re.match(r"  turn (\d+): (\S+) holds", x) for x in lines]
    turns = [m for m in turns if m]
    assert [int(m.group(1)) for m in turns] == list(range(1, len(turns) + 1))
    return [seat[m.group(2)] for m in turns]


def dealt_hand(A, seed, game, n=1):
    """The hands ``ReferenceGame.new_game`` deals for (seed, game): the full deck shuffled from the
    game's stream, then 4 cards to each seat in turn (drawn from the top: the list's end)."""
    from simlab.games.monkey.reference import ReferenceGame

    g = ReferenceGame(A, random_lineup(n), seed, game)
    g.draw_pile = [int(v) for v in A.deck]
    g.shuffle(g.draw_pile)
    for q in range(n):
        g.refill(q)
    return g.hands


def reach(hand) -> set[int]:
    """Field numbers a hand reaches with 1..4 of its cards."""
    return {sum(v for i, v in enumerate(hand) if m >> i & 1) for m in range(1, 1 << len(hand))}


# --------------------------------------------------------------------------------- solo losses
def solo(**ov):
    return arrays(1, **ov)


# 17 monkeys after 17 rounds: towers on 8 and 9 are full (5 each), 27 and 28 are towers too (4
# tower fields: the maximum), 14, 15 and 16 hold one monkey each. Hand 1, 1, 7, 7 reaches 1, 2,
# 7, 8, 9, 14, 15, 16: edge fields 1, 2, 7; 8 and 9 full; 14, 15, 16 would be a fifth tower
# field; no free square field (17, 20-23, 26, 29) is reachable.
FULL_TOWERS = {8: [5], 9: [5], 27: [2], 28: [2], 14: [1], 15: [1], 16: [1]}
HAND_1177 = [[1, 1, 7, 7]]


def test_solo_loss_when_even_a_minus_tower_is_impossible(monkeypatch):
    A = solo()
    assert reach(HAND_1177[0]) == {1, 2, 7, 8, 9, 14, 15, 16}
    st, g = build(A, board=FULL_TOWERS, hands=HAND_1177, draw=[1] * 10, supply=[3], turn=18)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref == set()

    # the reference must end the game without asking the bot for a decision
    def no_bot(*args):
        raise AssertionError("a bot was asked although no play is legal")

    monkeypatch.setattr(bots, "decide", no_bot)
    assert play_both(A, st, g, 0, []) == (E_SOLO_LOSS, E_SOLO_LOSS)
    # a lost turn places nothing and draws nothing
    assert kernel_board(A, st) == reference_board(g) == FULL_TOWERS
    assert st.supply[0] == g.supply[0] == 3
    assert list(st.hand[0, : st.hand_n[0]]) == g.hands[0] == HAND_1177[0]
    (ks, kw), (rs, rw) = finish_both(A, st, g, E_SOLO_LOSS)
    assert (ks, kw) == (rs, rw) == ([0], [False])


@pytest.mark.parametrize("override,fields", [
    ({"solo_max_per_field": 6}, {8, 9}),       # the full towers take a sixth monkey
    ({"solo_max_towers": 5}, {14, 15, 16}),    # a fifth tower field is allowed
])
def test_the_same_position_is_playable_when_a_tower_limit_is_raised(override, fields):
    # control for the loss above: each limit alone is what forbids the towers
    A = solo(**override)
    st, g = build(A, board=FULL_TOWERS, hands=HAND_1177, draw=[1] * 10, supply=[3], turn=18)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref and {f for _, f in kern} == fields


def test_solo_loss_when_no_own_field_is_reachable():
    # no monkey on the board yet reachable: hand 1, 2, 2, 3 reaches 1..8 -> only 8 is inner, and
    # 8 is free -> legal; hand 1, 1, 2, 2 reaches 1..6: all edge fields -> lost in round 1
    A = solo()
    st, g = build(A, hands=[[1, 1, 2, 2]], draw=[1] * 10)
    assert legal_both(A, st, g, 0) == (set(), set())
    assert play_both(A, st, g, 0, []) == (E_SOLO_LOSS, E_SOLO_LOSS)
    st, g = build(A, hands=[[1, 2, 2, 3]], draw=[1] * 10)
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref and {f for _, f in kern} == {8}
    assert play_both(A, st, g, 0, [1, 2, 2, 3]) == (E_NONE, E_NONE)


# ------------------------------------------------------------------------ solo: 20 rounds
def square_short_by(missing, towers):
    """Every inner field covered except ``missing``; ``towers``: {field: monkeys}."""
    board = {f: [1] for f in INNER if f not in missing}
    board.update({f: [n] for f, n in towers.items()})
    return board


def on_board(board) -> int:
    return sum(c[0] for c in board.values())


def test_round_bound_on_the_kernel():
    A = solo()
    # 20 monkeys placed in 20 rounds: 14 square fields, towers 8 (4) and 9 (4); 2 fields short
    board = square_short_by({28, 29}, {8: 4, 9: 4})
    assert on_board(board) == 20
    st, _ = build(A, board=board, supply=[0], turn=20)
    assert engine.turn_bound(A, st) == E_SOLO_LOSS
    assert st.ev[C_TURN_CAP] == 0  # the rulebook's round limit, not the modelling guard
    st.info[I_TURN] = 19
    assert engine.turn_bound(A, st) == E_NONE
    # the limit is the rule option; and only the solo variant has it
    st.info[I_TURN] = 20
    assert engine.turn_bound(solo(solo_rounds=20, monkeys=25), st) == E_SOLO_LOSS
    A2 = arrays(2)
    st2, _ = build(A2, turn=20)
    assert engine.turn_bound(A2, st2) == E_NONE


def test_round_bound_on_the_reference_at_round_20():
    # The reference's round check sits at the top of ReferenceGame.play's loop and cannot be
    # called alone, so a whole game is driven from a position: play() shuffles a fresh deck and
    # deals to the (empty) hands but keeps the board, supply and turn it is given. After 20
    # rounds the check ends the game before a 21st turn.
    A = solo()
    board = square_short_by({28, 29}, {8: 4, 9: 4})
    st, g = build(A, board=board, supply=[0], turn=20)
    g.log_on = True
    scores, winners = g.play_game()
    assert (scores, winners) == ([0], [False])
    assert g.turn == 20 and g.agg.end_reasons[E_SOLO_LOSS] == 1
    assert "  20 rounds without completing the square: lost" in g.lines
    assert not any(" holds " in x for x in g.lines)  # no 21st turn was played


@pytest.mark.parametrize("monkeys,message", [
    # 20 monkeys: the 20th monkey is the last of the supply, so the game ends by the empty
    # supply right after round 20 (the round check is never reached; the result is the same)
    (20, "  no monkeys left to place"),
    # more monkeys than rounds: the round check ends it
    (25, "  20 rounds without completing the square: lost"),
])
def test_round_20_without_completing_loses(monkeys, message):
    A = solo(monkeys=monkeys)
    hand = dealt_hand(A, 0, 0)[0]
    board = square_short_by({28, 29}, {8: 4, 9: 3})  # 19 monkeys in 19 rounds
    assert on_board(board) == 19
    supply = monkeys - 19
    # reference: round 20 is played (one monkey placed, the square stays incomplete), then lost
    _, g = build(A, board=board, supply=[supply], turn=19)
    g.hands = [[]]
    g.log_on = True
    scores, winners = g.play_game()
    assert g.lines[0].endswith(f"P1 {hand}")  # the kernel below gets the same hand
    assert (scores, winners) == ([0], [False]) and g.turn == 20
    assert sum(1 for x in g.lines if " holds " in x) == 1 and message in g.lines
    assert g.supply[0] == supply - 1
    # kernel, the same steps as play_game: bound, round 20, the turn, next player, bound
    st, _ = build(A, board=board, hands=[hand], draw=[1] * 10, supply=[supply], turn=19)
    assert engine.turn_bound(A, st) == E_NONE
    st.info[I_TURN] = 20
    n = engine.legal_plays(A, st, 0)
    assert n > 0
    engine.take_turn(A, st, 0, st.masks[0], np.zeros(4, np.uint64))
    assert st.info[6] == E_NONE
    q = engine.next_player(A, st, 0)
    if monkeys == 20:
        assert q == -1  # play_game: no monkeys left -> E_SOLO_LOSS
    else:
        assert q == 0 and engine.turn_bound(A, st) == E_SOLO_LOSS


def test_completing_the_square_in_round_20_still_wins():
    # the window is rounds 16 to 20 inclusive: at round 19 the square is one field short, the
    # placement in round 20 completes it. 19 monkeys in 19 rounds: towers 8 (3) and 9 (3).
    A = solo()
    game = next(k for k in range(50)
                if set(INNER[2:]) & reach(dealt_hand(A, 0, k)[0]))  # a hand reaching 10..29
    hand = dealt_hand(A, 0, game)[0]
    last = max(set(INNER[2:]) & reach(hand))
    board = square_short_by({last}, {8: 3, 9: 3})
    assert on_board(board) == 19
    # reference: a whole game from round 19 (see test_round_bound_on_the_reference_at_round_20)
    from simlab.games.monkey.reference import ReferenceGame

    g = ReferenceGame(A, random_lineup(1), 0, game, log=True)
    for n, c in board.items():
        g.monkeys[g.where[n]] = list(c)
    g.supply, g.turn = [1], 19
    scores, winners = g.play_game()
    assert g.lines[0].endswith(f"P1 {hand}")
    assert g.turn == 20 and g.agg.end_reasons[E_SOLO_WIN] == 1
    assert "    the square is complete in round 20: solo win" in g.lines
    # score: the last field minus the tower fields 8 and 9
    assert (scores, winners) == ([last - 17], [True])
    # kernel: the same hand, the round bound passes at 19, round 20 completes the square
    st, _ = build(A, board=board, hands=[hand], draw=[1] * 10, supply=[1], turn=19)
    assert engine.turn_bound(A, st) == E_NONE
    st.info[I_TURN] = 20
    n = engine.legal_plays(A, st, 0)
    assert n > 0 and {int(A.number[st.cells[i]]) for i in range(n)} == {last}
    engine.take_turn(A, st, 0, st.masks[0], np.zeros(4, np.uint64))
    assert st.info[6] == E_SOLO_WIN
    engine.finish_game(A, st, E_SOLO_WIN, 0, True)
    assert list(st.scores) == [last - 17] and list(st.winners) == [1]


# ------------------------------------------------------------ a row wins against more points
def test_a_row_of_low_fields_beats_far_more_points():
    # seat 0 holds 1, 2, 3 (1 vs 0) and places on 4: a row worth 10 points. Seat 1 holds 24, 30,
    # 35, 36 (no row: column 5 has only 24, 30, 36) worth 125 points. The row wins.
    A = arrays(2)
    board = {1: [1, 0], 2: [1, 0], 3: [1, 0], 24: [0, 1], 30: [0, 1], 35: [0, 1], 36: [0, 1]}
    st, g = build(A, board=board, hands=[[4, 1, 1, 1], [1] * 4], draw=[1] * 10,
                  supply=[17, 16])
    assert play_both(A, st, g, 0, [4]) == (E_ROW, E_ROW)
    kern, ref = finish_both(A, st, g, E_ROW, 0)
    assert kern == ref == ([10, 125], [True, False])
    # the same points at a points end go to seat 1
    st, g = build(A, board={**board, 4: [1, 0]})
    kern, ref = finish_both(A, st, g, E_POINTS)
    assert kern == ref == ([10, 125], [False, True])


# ------------------------------------------------ a placement never completes another's row
@pytest.mark.parametrize("players,field4,after", [
    # 4 tied 1-1 blocks seat 1's row; seat 0 places: 2 vs 1 -> seat 0's majority
    (2, [1, 1], [2, 1]),
    # seat 1 tied 2-2 with seat 2; seat 0 places: 2-2-2 -> still no majority
    (3, [1, 2, 2], [2, 2, 2]),
    # seat 0 removes seat 1's tie by ownership: 3 vs 1, 1 -> seat 0 owns 4, the rest boxed
    (3, [2, 1, 1], [2, 0, 0]),
])
def test_a_placement_cannot_complete_a_row_for_another_player(players, field4, after):
    # seat 1 holds 1, 2, 3 (2 vs 0); the fourth field 4 is not seat 1's before the placement
    A = arrays(players)
    zero = [0] * (players - 2)
    board = {1: [0, 2] + zero, 2: [0, 2] + zero, 3: [0, 2] + zero, 4: field4}
    hands = [[4, 1, 1, 1]] + [[1] * 4] * (players - 1)
    st, g = build(A, board=board, hands=hands, draw=[1] * 10)
    assert play_both(A, st, g, 0, [4]) == (E_NONE, E_NONE)
    assert kernel_board(A, st)[4] == reference_board(g)[4] == after
    assert st.maj[A.cell_of[4]] == g.majority(g.where[4]) != 1
    for q in range(players):
        assert kernel_shapes(A, st, q) == []
        assert g.check_win(q) == E_NONE
    # seat 1's three fields are untouched
    assert all(kernel_board(A, st)[f][1] == 2 for f in (1, 2, 3))


def test_a_tie_only_the_other_player_can_break_completes_their_row_on_their_turn():
    # control: the same row 1..4 with 4 tied 1-1 is completed when seat 1 places there
    A = arrays(2)
    board = {1: [0, 2], 2: [0, 2], 3: [0, 2], 4: [1, 1]}
    st, g = build(A, board=board, hands=[[1] * 4, [4, 1, 1, 1]], draw=[1] * 10)
    assert play_both(A, st, g, 1, [4]) == (E_ROW, E_ROW)
    assert kernel_shapes(A, st, 1) == [[1, 2, 3, 4]] and g.check_win(1) == E_ROW


# --------------------------------------------------------- points end only when all are empty
def test_next_player_skips_empty_supplies_and_ends_only_when_all_are_empty():
    A = arrays(3)
    st, _ = build(A, supply=[5, 0, 5])
    assert [engine.next_player(A, st, p) for p in range(3)] == [2, 2, 0]
    st.supply[:] = [0, 0, 3]
    assert [engine.next_player(A, st, p) for p in range(3)] == [2, 2, 2]  # seat 2 plays on alone
    st.supply[:] = [0, 0, 0]
    assert [engine.next_player(A, st, p) for p in range(3)] == [-1, -1, -1]
    A4 = arrays(4)
    st4, _ = build(A4, supply=[1, 0, 0, 2])
    assert [engine.next_player(A4, st4, p) for p in range(4)] == [3, 3, 3, 0]


def test_points_end_waits_for_every_supply_on_both_engines():
    # 3 players, supplies 2, 0, 1 (the rest boxed): seat 1 never plays; turns P1, P3, P1, then
    # every supply is empty -> the points end after 3 turns
    A = arrays(3)
    supply, box = [2, 0, 1], [18, 20, 19]
    hands = dealt_hand(A, 0, 0, 3)
    # reference: ReferenceGame.play's `waiting` list, driven by a whole game from the position
    _, g = build(A, supply=supply, turn=0)  # play() counts turns from 0
    g.box = list(box)
    g.hands = [[], [], []]
    g.log_on = True
    g.play_game()
    assert g.lines[0].endswith("; ".join(f"P{q + 1} {h}" for q, h in enumerate(hands)))
    assert turn_seats(g.lines, g.names) == [0, 2, 0]
    assert g.agg.end_reasons[E_POINTS] == 1 and g.turn == 3 and g.supply == [0, 0, 0]
    assert "  no monkeys left to place: final scoring" in g.lines
    # kernel: the same steps (take_turn, next_player) from the same hands
    st, _ = build(A, hands=hands, draw=[1] * 20, supply=supply)
    rng = np.zeros(4, np.uint64)
    p, order = 0, []
    while p >= 0:
        order.append(p)
        n = engine.legal_plays(A, st, p)
        engine.take_turn(A, st, p, st.masks[0] if n else 0, rng)
        assert st.info[6] == E_NONE
        p = engine.next_player(A, st, p)
    assert order == [0, 2, 0] and list(st.supply) == [0, 0, 0]


# ------------------------------------------------------------------------------ turn order
@pytest.mark.parametrize("players", [2, 3, 4])
def test_next_player_is_clockwise(players):
    A = arrays(players)
    st, _ = build(A)
    assert [engine.next_player(A, st, p) for p in range(players)] == \
        [(p + 1) % players for p in range(players)]


@pytest.mark.parametrize("players,monkeys", [(3, 3), (4, 2)])
def test_a_whole_short_game_takes_turns_in_seat_order(players, monkeys):
    # with 3 (2) monkeys each nobody can hold 4 fields: no row, every turn places or boxes one
    # monkey from the supply, so the game lasts players * monkeys turns, in seat order from seat 0
    from simlab.games.monkey.reference import ReferenceGame

    A = arrays(players, monkeys=monkeys)
    for game in range(3):
        g = ReferenceGame(A, random_lineup(players), 5, game, log=True)
        g.play_game()
        assert turn_seats(g.lines, g.names) == list(range(players)) * monkeys
        assert g.agg.end_reasons[E_POINTS] == 1


# ---------------------------------------------------------------------- ownership thresholds
@pytest.mark.parametrize("players", [2, 3])
def test_two_against_none_owns_the_field_and_both_monkeys_stay(players):
    A = arrays(players)
    zero = [0] * (players - 1)
    st, g = build(A, board={8: [1] + zero}, hands=[[8, 1, 1, 1]] + [[1] * 4] * (players - 1),
                  draw=[1] * 10)
    play_both(A, st, g, 0, [8])
    assert st.owner[A.cell_of[8]] == 0 and g.owner == {g.where[8]: 0}
    assert kernel_board(A, st) == reference_board(g) == {8: [2] + zero}
    assert list(st.boxed) == g.box == [0] * players
    assert st.maj[A.cell_of[8]] == g.majority(g.where[8]) == 0


def test_two_against_one_is_not_owned_three_against_one_is():
    A = arrays(2)
    st, g = build(A, board={8: [1, 1]}, hands=[[8, 8, 1, 1], [1] * 4], draw=[1] * 10)
    play_both(A, st, g, 0, [8])
    assert st.owner[A.cell_of[8]] == -1 and g.owner == {}
    assert kernel_board(A, st) == reference_board(g) == {8: [2, 1]}
    assert st.maj[A.cell_of[8]] == g.majority(g.where[8]) == 0
    play_both(A, st, g, 0, [8])  # 3 vs 1: owned, 1 of seat 0 and 1 of seat 1 to the box
    assert st.owner[A.cell_of[8]] == 0 and g.owner == {g.where[8]: 0}
    assert kernel_board(A, st) == reference_board(g) == {8: [2, 0]}
    assert list(st.boxed) == g.box == [1, 1]
    # the field is closed to seat 1 now
    g.hands[1] = [8, 1, 1, 1]
    st.hand[1, :4] = g.hands[1]
    kern, ref = legal_both(A, st, g, 1)
    assert kern == ref and all(f != 8 for _, f in kern)
