"""Rulebook "Recruitment" (1 gold per kitten, worker or merchant, a seventh from an opponent)
and "The feeding phase" (2 per kitten minus irrigated fields, firing, penalties), on both
engines."""

from __future__ import annotations

from simlab.games.jungle import family, turn
from simlab.games.jungle.rules import A_RECRUIT
from simlab.games.jungle.state import C_GOODS_LOST, E_TAKEN, I_TRIGGER, M_FOOD, M_GOLD, M_UNSET

from .positions import arrays, both, build, same


def test_recruit_costs_one_gold_per_kitten_and_chooses_a_role():
    A = arrays(2)
    bots = [("weights", {"merchants": 0.25, "gold_merchants": 1.0}), "greedy"]
    st, g, lu = build(A, [{"gold": 3, "awake": 2}, {}], bots=bots)
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 2)
    assert same(st, g)
    assert st.gold[0] == 1 and family.kittens(st, 0) == 4
    # merchants while fewer than 0.25 x family: a merchant (its kind comes with its first
    # sale: merchant_kind_at = first_sale), then a worker
    assert st.nm[0] == 1 and st.mkind[0, 0] == M_UNSET and st.awake[0] == 3
    assert st.held[0, 0] == 4
    # merchant_kind_at = recruit: the gold merchant the bot chose
    A = arrays(2, merchant_kind_at="recruit")
    st, g, lu = build(A, [{"gold": 3, "awake": 2}, {}], bots=bots)
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 2)
    assert same(st, g) and st.nm[0] == 1 and st.mkind[0, 0] == M_GOLD


def test_a_merchant_without_a_kind_takes_its_kind_at_its_first_sale():
    # two merchants without a kind, 3 food and 1 gold: the food pass may reach both, the bot
    # (greedy) gives food only to the one the gold pass cannot reach; then the gold pass
    A = arrays(2)
    st, g, lu = build(A, [{"food": 9, "gold": 1, "awake": 1,
                           "merchants": [(None, 0), (None, 0)]}, {}])
    assert family.sale_slots(st, 0, M_FOOD) == 2 == family.sale_slots(st, 0, M_GOLD)
    both(st, g, lu, turn.sell_goods, g.sell_goods, 0)
    assert same(st, g)
    assert sorted(int(st.mkind[0, i]) for i in range(2)) == [M_FOOD, M_GOLD]
    assert list(st.mgoods[0, :2]) == [1, 1] and st.gold[0] == 0
    # once fixed, each takes only its own kind
    assert family.sale_slots(st, 0, M_GOLD) == 1 == family.sale_slots(st, 0, M_FOOD)


def test_family_cap_takes_a_kitten_from_an_opponent_and_ends_the_game():
    # seat 0 has 6 kittens (its whole family); the next recruit is taken from the opponent
    # with most kittens (seat 2); the victim gives up a sleeping worker first
    A = arrays(3)
    st, g, lu = build(A, [{"gold": 1, "awake": 6}, {"awake": 2},
                          {"awake": 2, "asleep": 1}])
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 1)
    assert same(st, g)
    assert family.kittens(st, 0) == 7 and st.held[0, 2] == 1 and st.asleep[2] == 0
    assert family.kittens(st, 2) == 2
    assert st.info[I_TRIGGER] == g.trigger == E_TAKEN


def test_recruit_capacity_needs_gold():
    A = arrays(2)
    st, g, lu = build(A, [{"gold": 1, "awake": 4}, {}])
    assert family.send_limit(A, st, 0, A_RECRUIT) == 1 == min(4, g.capacity(0, A_RECRUIT))


def test_rulebook_feeding_example():
    # 3 kittens need 6 food; 4 irrigated fields save 4: pays 2
    A = arrays(2)
    fields = [(5, 4), (5, 5), (4, 4), (4, 5)]
    sticks = [((5, 4), (5, 5)), ((4, 4), (4, 5))]
    st, g, lu = build(A, [{"food": 5, "awake": 3, "fields": fields, "sticks": sticks}, {}])
    assert st.nwet[0] == 4
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g) and st.food[0] == 3 and st.penal[0] == 0


def test_surplus_irrigation_is_lost():
    A = arrays(2)
    fields = [(5, 4), (5, 5), (4, 4), (4, 5), (4, 6), (5, 6)]
    sticks = [((5, 4), (5, 5)), ((4, 4), (4, 5)), ((4, 6), (5, 6))]
    st, g, lu = build(A, [{"food": 1, "awake": 2, "fields": fields, "sticks": sticks}, {}])
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g) and st.food[0] == 1


def test_unfed_kittens_take_penalties():
    # 4 kittens, 2 irrigated: need 6, food 1: short 5 -> 3 unfed, pays 0 (keeps 1)
    A = arrays(2)
    bots = [("weights", {"fire": 0}), "greedy"]
    st, g, lu = build(A, [{"food": 1, "awake": 4}, {}], bots=bots)
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g) and st.penal[0] == 3 and st.food[0] == 1


def test_firing_gives_three_food_and_loses_the_merchants_goods():
    # 3 kittens (a merchant with 4 food) and 2 irrigated fields: need 4, food 0. The bot
    # (fire from a shortfall of 3) fires: no worker, so the merchant with fewest goods, whose
    # 4 food are lost; +3 food, need 2*2 - 2 = 2: pays 2, keeps 1
    A = arrays(2)
    st, g, lu = build(A, [{"food": 0, "awake": 0, "asleep": 0,
                           "merchants": [("food", 4), ("gold", 5), ("food", 6)]}, {}])
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g)
    assert st.nm[0] == 2 and list(st.mgoods[0, :2]) == [5, 6] and st.food[0] == 1
    assert st.ev[C_GOODS_LOST] == g.agg.counters[C_GOODS_LOST] == 4
    assert st.held[0, 0] == 2 and st.penal[0] == 0


def test_a_recruitment_crosses_from_the_reserve_into_taking_opponents_kittens():
    # issue example: 5 kittens (1 tile left in the reserve), 3 gold, 5 awake: 3 may be sent,
    # 1 comes from the reserve, then 2 are taken from opponents, and the end is triggered
    A = arrays(3)
    st, g, lu = build(A, [{"gold": 3, "awake": 5}, {"awake": 2, "asleep": 1},
                          {"awake": 3}])
    assert family.send_limit(A, st, 0, A_RECRUIT) == 3 == min(5, g.capacity(0, A_RECRUIT))
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 3)
    assert same(st, g)
    assert family.kittens(st, 0) == 8 and st.held[0, 0] == 6 and st.gold[0] == 0
    assert family.kittens(st, 1) + family.kittens(st, 2) == 4  # 6 before, 2 taken
    assert st.info[I_TRIGGER] == g.trigger == E_TAKEN
    # without gold for more than the reserve's tile, no crossing and no trigger
    st, g, lu = build(A, [{"gold": 1, "awake": 5}, {"awake": 2}, {"awake": 3}])
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 1)
    assert same(st, g) and st.info[I_TRIGGER] == g.trigger == 0


def test_a_player_may_leave_kittens_unfed_by_choice():
    # 3 kittens, 2 irrigated fields: need 4, 10 food. A bot to whom 2 food are worth more
    # than the -3 penalty (food weight 2: 2 x (0.5 + 2) = 5 > 3) leaves both rations' kittens
    # unfed: 2 penalties, keeps its 10 food; greedy feeds (pays 4)
    A = arrays(2)
    for bot, food, penal in ((("weights", {"food": 2.0}), 10, 2), ("greedy", 6, 0)):
        st, g, lu = build(A, [{"food": 10, "awake": 3}, {}], bots=[bot, "greedy"])
        both(st, g, lu, turn.feed, g.feed, 0)
        assert same(st, g) and st.food[0] == food and st.penal[0] == penal


def test_random_chooses_uniformly_how_many_go_unfed():
    from simlab.core.conformance import check_even_split
    from simlab.core.rng import new_stream
    from simlab.games.jungle import bots as jb

    A = arrays(2)
    st, g, lu = build(A, [{"food": 3, "awake": 3}, {}], bots=["random", "random"])
    # need 4, 3 food: at least 1 unfed (lo), at most 2 (hi: 2 rations cover the need)
    picks = [int(jb.decide_unfed(A, st, lu, 0, new_stream(77, r), 1, 2)) for r in range(400)]
    check_even_split(picks, [1, 2], what="random: kittens unfed")
