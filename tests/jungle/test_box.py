"""The box's limits (readings ``food_limit``, ``gold_limit``, ``improvise_gold``,
``penalty_limit``, ``set_aside``) on hand-built positions in both engines, whole games that
conserve every limited piece, the defaults playing as unlimited, and the overrides that change
nothing (``Game.inert_overrides``)."""

from __future__ import annotations

import pytest

from simlab.core.conformance import check_conformance
from simlab.games.jungle import board, family, nb, turn
from simlab.games.jungle.data import read_tiles
from simlab.games.jungle.game import GAME
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT
from simlab.games.jungle.state import (
    C_FOOD_SHORT,
    C_FORCED_FIRE,
    C_GOLD_IMPROVISED,
    COUNTER_NAMES,
    I_FSUP,
    I_SSUP,
    new_agg,
)

from .positions import arrays, both, box_of, build, same, set_box

QUIET = {"noise": 0}
ALWAYS_FOLLOW = ("weights", {"follow": -1000, **QUIET})


def _same_box(st, g) -> dict:
    assert box_of(st) == g.box, (box_of(st), g.box)
    return g.box


# ------------------------------------------------------------------------------------ food
def test_a_short_food_reserve_gives_what_is_left_and_caps_the_kittens_sent():
    A = arrays(2, food_limit=50)
    st, g, lu = build(A, [{"awake": 6}, {}])
    set_box(st, g, food=7)
    # the fewest kittens whose yield (2, 5, 8, ...) reaches the 7 left: 3
    assert family.send_limit(A, st, 0, A_FOOD) == 3 == min(6, g.capacity(0, A_FOOD))
    both(st, g, lu, turn.perform, g.perform, 0, A_FOOD, 3)
    assert same(st, g) and st.food[0] == 7 and _same_box(st, g)["food"] == 0
    assert st.ev[C_FOOD_SHORT] == g.agg.counters[C_FOOD_SHORT] == 1
    # an empty reserve: no food action, and +1 food at the wake-up is +0
    assert family.send_limit(A, st, 0, A_FOOD) == 0 == g.capacity(0, A_FOOD)
    both(st, g, lu, turn.wake_up, g.wake_up, 1)
    assert same(st, g) and st.food[1] == 0


def test_unlimited_food_is_the_default_and_never_binds():
    A = arrays(2)
    assert A.food_limit == 0
    st, g, lu = build(A, [{"awake": 6}, {}])
    assert family.send_limit(A, st, 0, A_FOOD) == 6 == min(6, g.capacity(0, A_FOOD))
    both(st, g, lu, turn.perform, g.perform, 0, A_FOOD, 6)
    assert same(st, g) and st.food[0] == 20


def test_paid_food_goes_back_and_a_pass_takes_it():
    # 3 asleep, food 10: greedy wakes 3 (pays 3 back); the feeding pays 4 back (3 kittens...)
    A = arrays(3, food_limit=60)
    st, g, lu = build(A, [{"food": 10, "awake": 0, "asleep": 3}, {}, {}])
    set_box(st, g, food=0)
    both(st, g, lu, turn.wake_up, g.wake_up, 0)
    assert same(st, g) and st.awake[0] == 3 and _same_box(st, g)["food"] == 3
    both(st, g, lu, turn.feed, g.feed, 0)  # 3 kittens, 2 irrigated: pays 4
    assert same(st, g) and st.food[0] == 3 and _same_box(st, g)["food"] == 7
    # a follower who cannot follow food (nothing to take) passes: +1 food from the 7 left
    set_box(st, g, food=0)
    assert not turn.can_follow(A, st, 1, A_FOOD) and g.capacity(1, A_FOOD) == 0


def test_fired_kittens_food_and_merchants_goods_are_the_reserves():
    # 3 kittens (merchants with 4 food, 5 gold, 6 food), no food: the bot fires the merchant
    # with fewest goods (4 food, back to the reserve) and takes 3 food of the 2 left + 4
    A = arrays(2, food_limit=60, gold_limit=20)
    st, g, lu = build(A, [{"food": 0, "awake": 0, "asleep": 0,
                           "merchants": [("food", 4), ("gold", 5), ("food", 6)]}, {}])
    set_box(st, g, food=2, gold=15)
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g)
    box = _same_box(st, g)
    # the reserve: 2 + 4 goods - 3 taken = 3, then the feeding (need 2*2 - 2 = 2) pays 2 back
    assert st.food[0] == 1 and box["food"] == 5 and box["gold"] == 15


def test_unchosen_tiles_get_food_in_tile_order_while_it_lasts():
    A = arrays(2, food_limit=50)
    st, g, lu = build(A, [{}, {}], tile_food=[0, 0, 0, 0, 0])
    st.tile_used[:] = [1, 0, 0, 0, 0]
    g.used = [True, False, False, False, False]
    set_box(st, g, food=2)
    nb.end_round(A, st, new_agg(2, A.max_rounds))
    g.end_round()
    assert list(st.tile_food) == g.tile_food == [0, 1, 1, 0, 0]
    assert _same_box(st, g)["food"] == 0


# ------------------------------------------------------------------------------------ gold
@pytest.mark.parametrize("improvise,food,want,improvised", [
    (False, 0, 2, 0),     # the box's 2 coins left, nothing improvised
    (True, 0, 4, 2),      # 2 coins and 2 improvised from unlimited food
    (True, 1, 3, 1),      # 2 coins and the one food unit left
])
def test_gold_beyond_the_coins_is_improvised_from_food_tokens(improvise, food, want,
                                                              improvised):
    A = arrays(2, gold_limit=20, improvise_gold=improvise, food_limit=50 if food else 0)
    st, g, lu = build(A, [{"awake": 4}, {}])
    set_box(st, g, gold=2, food=food if food else None)
    assert family.send_limit(A, st, 0, A_GOLD) == want == min(4, g.capacity(0, A_GOLD))
    both(st, g, lu, turn.perform, g.perform, 0, A_GOLD, want)
    assert same(st, g) and st.gold[0] == want
    box = _same_box(st, g)
    assert box["gold"] == 0 and box["improvised"] == improvised
    assert st.ev[C_GOLD_IMPROVISED] == g.agg.counters[C_GOLD_IMPROVISED] == improvised
    if food:
        assert box["food"] == 0


def test_paid_gold_returns_the_improvised_coins_first():
    # 1 coin in the box, 2 improvised in play (2 food units out); 2 recruits pay them back
    A = arrays(2, gold_limit=20, food_limit=50)
    st, g, lu = build(A, [{"gold": 3, "awake": 2}, {}])
    set_box(st, g, gold=1, improvised=2, food=10)
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 2)
    assert same(st, g)
    assert _same_box(st, g) == {**g.box, "gold": 1, "improvised": 0, "food": 12}
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 1)
    assert _same_box(st, g)["gold"] == 2


def test_the_default_gold_limit_plays_as_unlimited():
    A = arrays(2)
    assert (A.gold_limit, A.improvise_gold, A.food_limit) == (20, 1, 0)
    st, g, lu = build(A, [{"awake": 6}, {}])
    set_box(st, g, gold=0)
    assert family.send_limit(A, st, 0, A_GOLD) == 6
    both(st, g, lu, turn.perform, g.perform, 0, A_GOLD, 6)
    assert same(st, g) and st.gold[0] == 6 and _same_box(st, g)["improvised"] == 6


# ------------------------------------------------------------------------------- penalties
def test_with_no_penalty_token_left_a_kitten_that_cannot_be_fed_is_fired():
    # 4 kittens (2 asleep), 2 irrigated fields: need 6, food 0, no token left. The bot never
    # fires (fire 0): the engines fire a sleeping worker (+3 food, need 4: 1 short), then the
    # other (+3: 6 food, need 2): fed, no penalty
    A = arrays(2, penalty_limit=5)
    st, g, lu = build(A, [{"food": 0, "awake": 2, "asleep": 2}, {"penalties": 5}],
                      bots=[("weights", {"fire": 0}), "greedy"])
    set_box(st, g, penalties=0)
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g)
    assert (st.awake[0], st.asleep[0], st.penal[0], st.food[0]) == (2, 0, 0, 4)
    assert st.ev[C_FORCED_FIRE] == g.agg.counters[C_FORCED_FIRE] == 2
    assert _same_box(st, g)["penalties"] == 0


def test_tokens_left_cap_the_kittens_left_unfed():
    # one token left: 4 kittens, need 6, no food (3 unfed): one kitten is fired (+3 food,
    # need 4: 1 unfed), which the last token covers; the food pays the other 2
    A = arrays(2, penalty_limit=5)
    st, g, lu = build(A, [{"food": 0, "awake": 4}, {"penalties": 4}],
                      bots=[("weights", {"fire": 0}), "greedy"])
    set_box(st, g, penalties=1)
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g)
    assert st.penal[0] == 1 and _same_box(st, g)["penalties"] == 0 and st.food[0] == 1
    assert family.kittens(st, 0) == 3 and st.ev[C_FORCED_FIRE] == 1
    # a bot that would leave kittens unfed by choice (2 food worth more than -3) has 1 token
    st, g, lu = build(A, [{"food": 10, "awake": 3}, {"penalties": 4}],
                      bots=[("weights", {"food": 2.0}), "greedy"])
    set_box(st, g, penalties=1)
    both(st, g, lu, turn.feed, g.feed, 0)
    assert same(st, g) and st.penal[0] == 1 and st.food[0] == 8


# ------------------------------------------------------------------------- set-aside pieces
def test_the_boxs_set_aside_pieces_run_out():
    A = arrays(2, set_aside="box")
    assert (A.field_aside, A.stick_aside) == (12, 10)  # 34 - 22 and 32 - 22
    st, g, lu = build(A, [{"awake": 3}, {}], supply=(0, 0))
    set_box(st, g, field=0, stick=2)
    assert family.send_limit(A, st, 0, A_IRRIG) == 2 == min(3, g.capacity(0, A_IRRIG))
    assert family.send_limit(A, st, 0, A_FIELDS) == 0 == g.capacity(0, A_FIELDS)
    both(st, g, lu, turn.perform, g.perform, 0, A_IRRIG, 2)
    assert same(st, g) and _same_box(st, g)["stick"] == 0 and st.nstick[0] == 3
    assert not turn.can_follow(A, st, 1, A_IRRIG) and g.capacity(1, A_IRRIG) == 0
    # unlimited (the default): a set-aside piece is always there
    A = arrays(2)
    assert (A.field_aside, A.stick_aside) == (-1, -1)
    st, g, lu = build(A, [{"awake": 3}, {}], supply=(0, 0))
    assert family.send_limit(A, st, 0, A_FIELDS) == 3
    board.take_piece(A, st, 0, False)
    assert (st.info[I_FSUP], st.info[I_SSUP]) == (0, 0)


@pytest.mark.parametrize("players,fields,sticks", [(2, 12, 10), (3, 9, 7), (4, 4, 4)])
def test_set_aside_counts_are_the_box_less_the_counts_taken(players, fields, sticks):
    assert GAME.make_rules(players, {"set_aside": "box"}).aside_pieces() == (fields, sticks)
    with pytest.raises(Exception, match="set_aside"):  # 30 + 8 start fields: not in 34
        GAME.make_rules(4, {"set_aside": "box", "start_from_supply": False})


# ------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players,bots,over", [
    (4, "greedy,farmer,trader,breeder", {"food_limit": 60, "gold_limit": 12,
                                          "penalty_limit": 5, "set_aside": "box"}),
    (3, "random", {"food_limit": 41, "gold_limit": 5, "improvise_gold": False,
                   "penalty_limit": 2, "set_aside": "box"}),
])
def test_whole_games_conserve_the_box_and_agree(players, bots, over):
    rules = GAME.make_rules(players, over)
    agg = check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=40, seed=5)
    c = dict(zip(COUNTER_NAMES, agg["counters"].tolist(), strict=True))
    assert c["box_not_conserved"] == 0
    assert c["food_short_in_reserve"] > 0  # the limits bind in these games


# --------------------------------------------------------------------------- inert overrides
def test_variant_tiles_without_the_variant_are_inert():
    tiles = "food+gold,gold+irrigation,irrigation+recruit,recruit+fields,fields+food"
    rules = GAME.make_rules(4, {"variant_tiles": tiles})
    said = GAME.inert_overrides(rules, {"variant_tiles": tiles})
    assert len(said) == 1 and said[0].startswith("variant_tiles: ") and "variant = true" in said[0]
    assert GAME.inert_overrides(GAME.make_rules(4, {"variant_tiles": tiles, "variant": True}),
                                {"variant_tiles": tiles, "variant": True}) == []
    # a data folder's action_tiles.toml gives the same override
    data = {"tile": [{"actions": t.split("+")} for t in tiles.split(",")]}
    overrides, errors = read_tiles(data, "action_tiles.toml")
    assert not errors
    assert GAME.inert_overrides(GAME.make_rules(4, overrides), overrides) == said
    assert GAME.inert_overrides(rules, {"variant_tiles.2": "gold+food"})[0].startswith(
        "variant_tiles.2: ")


def test_other_inert_overrides_are_named():
    rules = GAME.make_rules(4, {"gold_limit": 10})
    assert GAME.inert_overrides(rules, {"gold_limit": 10})[0].startswith("gold_limit: ")
    assert GAME.inert_overrides(GAME.make_rules(4, {"gold_limit": 10, "food_limit": 90}),
                                {"gold_limit": 10, "food_limit": 90}) == []
    rules = GAME.make_rules(4, {"gold_limit": 0, "improvise_gold": False})
    assert [s.split(":")[0] for s in GAME.inert_overrides(
        rules, {"gold_limit": 0, "improvise_gold": False})] == ["improvise_gold"]
    said = GAME.inert_overrides(GAME.make_rules(4), {"field_supply.0": 20, "field_supply.2": 25,
                                                     "stick_supply.1": 20})
    assert [s.split(":")[0] for s in said] == ["field_supply.0", "stick_supply.1"]
    rules = GAME.make_rules(3, {"max_send": 3})
    said = GAME.inert_overrides(rules, {"food_yields.2": 9, "food_yields.3": 14,
                                        "max_send": 3})
    assert [s.split(":")[0] for s in said] == ["food_yields.3"]
