"""Rulebook "Setup" (each player's start), "Waking up phase", "Selling goods", "Action phase"
(follow or pass) and the food yields, on both engines (kernel and reference) from hand-built
positions."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.games.jungle import nb, turn
from simlab.games.jungle.reference import ReferenceGame, edge
from simlab.games.jungle.rules import A_FOOD, A_GOLD
from simlab.games.jungle.state import new_state

from .positions import arrays, both, build, lineup, same


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_each_player_two_awake_kittens_two_fields_and_the_stick_between(players):
    # "Each player starts, in his personal supply, with: 2 kitten tiles ..., 2 field tiles,
    # and 1 irrigation stick. The two fields are placed adjacent to each other ... Irrigation
    # is placed between the two fields. The two kittens are placed on the "awake" side"
    A = arrays(players)
    st = new_state(players, A.n_cells, A.n_edges)
    nb.setup(A, st, np.array([1, 2, 3, 4], np.uint64))
    g = ReferenceGame(A, lineup(["greedy"] * players), 0, 0)
    g.setup()
    for q, pl in enumerate(g.players):
        assert (pl.food, pl.gold, pl.awake, pl.asleep, pl.merchants) == (0, 0, 2, 0, [])
        assert pl.fields == {(5, 4), (5, 5)} and pl.sticks == {edge((5, 4), (5, 5))}
        assert g.n_irrigated(pl) == 2 and pl.tiles == {q: 2}
    assert same(st, g)
    assert list(st.nwet) == [2] * players and list(st.nstick) == [1] * players
    # 2 kittens (3 each) and the stick between two fields (2)
    assert list(st.score_base) == [8] * players


def test_all_awake_gives_one_food():
    A = arrays(2)
    st, g, lu = build(A, [{"food": 3, "awake": 2}, {}])
    both(st, g, lu, turn.wake_up, g.wake_up, 0)
    assert same(st, g) and st.food[0] == 4 and st.awake[0] == 2


def test_one_sleeping_kitten_wakes_for_free():
    A = arrays(2)
    st, g, lu = build(A, [{"food": 3, "awake": 1, "asleep": 1}, {}])
    both(st, g, lu, turn.wake_up, g.wake_up, 0)
    assert same(st, g) and st.food[0] == 3 and st.awake[0] == 2 and st.asleep[0] == 0


@pytest.mark.parametrize("food,woken", [(0, 0), (3, 0), (6, 2), (10, 3)])
def test_two_or_more_asleep_cost_one_food_each(food, woken):
    # 3 asleep, 0 awake: need = 2*3 - 2 irrigated = 4; greedy wakes what it can pay beyond
    # this turn's need (0 food: none, not even one for free)
    A = arrays(2)
    st, g, lu = build(A, [{"food": food, "awake": 0, "asleep": 3}, {}])
    both(st, g, lu, turn.wake_up, g.wake_up, 0)
    assert same(st, g)
    assert st.awake[0] == woken and st.asleep[0] == 3 - woken and st.food[0] == food - woken


def test_merchants_sell_one_unit_each_of_their_kind():
    # two gold merchants, one coin: only one sells; a food merchant takes 1 food when the
    # reserve stays above the need (3 kittens, 2 irrigated: need 4) + sell margin 2
    A = arrays(2)
    st, g, lu = build(A, [{"food": 9, "gold": 1, "awake": 1,
                           "merchants": [("gold", 0), ("gold", 2), ("food", 1)]}, {}])
    both(st, g, lu, turn.sell_goods, g.sell_goods, 0)
    assert same(st, g)
    assert list(st.mgoods[0, :3]) == [1, 2, 2] and st.gold[0] == 0 and st.food[0] == 8


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_food_yields_table(n):
    A = arrays(2)
    st, g, lu = build(A, [{"food": 0, "awake": 6}, {}])
    both(st, g, lu, turn.perform, g.perform, 0, A_FOOD, n)
    assert same(st, g) and st.food[0] == [2, 5, 8, 12, 16, 20][n - 1]


def test_gold_one_coin_per_kitten():
    A = arrays(2)
    st, g, lu = build(A, [{}, {}])
    both(st, g, lu, turn.perform, g.perform, 0, A_GOLD, 3)
    assert same(st, g) and st.gold[0] == 3


def test_action_phase_followers_get_the_one_kitten_yield_and_passers_wake_or_eat():
    # active: wants food (3 workers at most); seat 1 always follows (1 kitten: 2 food);
    # seat 2 has no awake worker: passes and wakes one for free; seat 3 passes with every
    # kitten awake: +1 food. The tile's 2 food go to the active player.
    A = arrays(4)
    bots = [("weights", {"food": 100, "send": 3}), ("weights", {"follow": -1000}),
            ("weights", {"follow": -1000}), ("weights", {"follow": 1000})]
    st, g, lu = build(A, [{"awake": 4}, {"awake": 2}, {"awake": 0, "asleep": 2}, {"awake": 2}],
                      bots=bots, tile_food=[2, 0, 0, 0, 0])
    both(st, g, lu, turn.action_phase, g.action_phase, 0)
    assert same(st, g)
    assert st.food[0] == 8 + 2 and st.awake[0] == 1 and st.asleep[0] == 3
    assert st.food[1] == 2 and st.awake[1] == 1 and st.asleep[1] == 1
    assert st.awake[2] == 1 and st.asleep[2] == 1 and st.food[2] == 0
    assert st.food[3] == 1 and st.awake[3] == 2
    assert list(st.tile_used) == [1, 0, 0, 0, 0] and st.tile_food[0] == 0


def test_variant_followers_take_the_other_action():
    # food is on tiles 0 (food+irrigation) and 4 (fields+food): the active player plays food,
    # the follower the other action of that tile
    A = arrays(2, variant=True)
    bots = [("weights", {"food": 100, "send": 2, "irrigate": -100, "stick": -100,
                         "field": -100, "gold": -100, "kitten": -100}),
            ("weights", {"follow": -1000})]
    st, g, lu = build(A, [{"awake": 2}, {"awake": 2}], bots=bots)
    both(st, g, lu, turn.action_phase, g.action_phase, 0)
    assert same(st, g)
    assert st.food[0] == 5 and st.food[1] == 0 and st.aev[0, 0] == 1
    if st.tile_used[0]:
        assert st.nstick[1] == 2 and st.nfield[1] == 2 and st.aev[1, 1] == 1
    else:
        assert st.tile_used[4] and st.nfield[1] == 3 and st.aev[1, 4] == 1


def test_only_awake_workers_are_sent_never_merchants():
    # "The player can only send workers, never the traders": 1 awake worker and 2 merchants;
    # a bot that wants as much food as it can get sends the one worker
    A = arrays(2)
    bots = [("weights", {"food": 100, "send": 6}), "greedy"]
    st, g, lu = build(A, [{"awake": 1, "merchants": [("food", 0), ("gold", 0)]}, {}], bots=bots)
    both(st, g, lu, turn.action_phase, g.action_phase, 0)
    assert same(st, g)
    assert st.aev[0, A_FOOD] == 1 and st.aev[2, A_FOOD] == 1  # food, one kitten sent
    assert st.awake[0] == 0 and st.asleep[0] == 1 and st.nm[0] == 2
