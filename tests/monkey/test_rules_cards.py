"""Rulebook "Turn Sequence" and "No playable cards": card sums, legal subsets, drawing, the
reshuffle of the discard pile and the no-playable-card procedure, on both engines."""

from __future__ import annotations

from .positions import arrays, build, kernel_board, legal_both, play_both, reference_board


def test_card_sums_name_fields_and_every_subset_is_tried():
    # hand 1, 2, 30, 10: subsets of 1..4 cards; sums above 36 name no field.
    # singles 1, 2, 30, 10; pairs 3, 31, 11, 32, 12, 40(x); triples 33, 13, 41(x), 42(x);
    # all four 43(x)
    A = arrays(2)
    st, g = build(A, hands=[[1, 2, 30, 10], [1, 1, 1, 1]])
    kern, ref = legal_both(A, st, g, 0)
    expected = {((1,), 1), ((2,), 2), ((30,), 30), ((10,), 10), ((1, 2), 3), ((1, 30), 31),
                ((1, 10), 11), ((2, 30), 32), ((2, 10), 12), ((1, 2, 30), 33),
                ((1, 2, 10), 13)}
    assert kern == ref == expected


def test_max_cards_per_play_limits_subsets():
    # max 2 cards: 1+2+3 = 6 is not allowed, 3+3 only from two cards
    A = arrays(2, max_cards_per_play=2)
    st, g = build(A, hands=[[1, 2, 3, 3], [1, 1, 1, 1]])
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref
    assert all(len(cards) <= 2 for cards, _ in kern)
    assert ((3, 3), 6) in kern and ((1, 2, 3), 6) not in kern


def test_playing_cards_discards_them_places_one_monkey_and_draws_back_to_four():
    # seat 0 plays 2 + 9 = 11: one monkey on field 11, the cards on the discard pile in hand
    # order (2, 9), then two cards drawn from the top of the pile (7, then 5)
    A = arrays(2)
    st, g = build(A, hands=[[2, 4, 9, 6], [1, 1, 1, 1]], draw=[3, 5, 7], discard=[8])
    ends = play_both(A, st, g, 0, [2, 9])
    assert ends == (0, 0)
    assert kernel_board(A, st) == reference_board(g) == {11: [1, 0]}
    assert list(st.hand[0, :4]) == g.hands[0] == [4, 6, 7, 5]
    assert list(st.discard[:3]) == g.discard_pile == [8, 2, 9]
    assert st.info[0] == len(g.draw_pile) == 1
    assert st.supply[0] == g.supply[0] == 19


def test_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile():
    # draw pile holds 1 card; seat 0 plays 3 cards, so the draw pile runs out after one card
    # and the discard pile (earlier 5, 6 plus the played 1, 2, 3) is shuffled into a new pile
    A = arrays(2)
    st, g = build(A, hands=[[1, 2, 3, 4], [1, 1, 1, 1]], draw=[9], discard=[5, 6])
    play_both(A, st, g, 0, [1, 2, 3])
    assert list(st.hand[0, :4]) == g.hands[0]
    assert g.hands[0][:2] == [4, 9]
    assert sorted(g.hands[0][2:] + g.draw_pile) == [1, 2, 3, 5, 6]
    assert list(st.draw[: st.info[0]]) == g.draw_pile and g.discard_pile == []
    assert g.agg.counters[6] == 1 and st.ev[6] == 1  # one reshuffle


def test_no_playable_card_discards_the_hand_boxes_a_monkey_and_draws_four():
    # fields 10 and 20 owned by seat 1; seat 0 holds 10, 10, 10, 10: sums 10, 20, 30, 40;
    # 30 is free -> playable. With 10, 10 only (max 2 cards): sums 10, 20 both owned -> none.
    A = arrays(2, max_cards_per_play=2)
    st, g = build(A, board={10: [0, 2], 20: [0, 2]}, owner={10: 1, 20: 1},
                  hands=[[10, 10, 10, 10], [1, 1, 1, 1]], draw=[1, 2, 3, 4, 5])
    kern, ref = legal_both(A, st, g, 0)
    assert kern == ref == set()
    play_both(A, st, g, 0, [])
    assert list(st.hand[0, :4]) == g.hands[0] == [5, 4, 3, 2]
    assert list(st.discard[:4]) == g.discard_pile == [10, 10, 10, 10]
    assert st.supply[0] == g.supply[0] == 19 and st.boxed[0] == g.box[0] == 1
    assert kernel_board(A, st) == reference_board(g) == {10: [0, 2], 20: [0, 2]}
