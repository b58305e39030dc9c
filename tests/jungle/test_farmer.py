"""The ``farmer`` (issue 38, section 3): fields and irrigation first, and what a farm pays for:
the kittens its irrigated fields feed (``kitten``), food merchants for the food it does not
need (``merchants``, ``sell_margin``). A decision test per changed term on hand-built positions
(``positions.py``): each decision the farmer makes, and the one it made with the term off."""

from __future__ import annotations

from simlab.core.rng import new_stream
from simlab.games.jungle import bots, greedy
from simlab.games.jungle.rules import A_IRRIG, A_RECRUIT
from simlab.games.jungle.state import M_FOOD, ROLE_WORKER

from .positions import arrays, build

#: six fields in a 2 x 3 block, every one irrigated, every inner edge with its stick
FARM = [(5, 3), (5, 4), (5, 5), (4, 3), (4, 4), (4, 5)]
FARM_STICKS = [((5, 3), (5, 4)), ((5, 4), (5, 5)), ((4, 3), (4, 4)), ((4, 4), (4, 5)),
               ((4, 3), (5, 3)), ((4, 5), (5, 5)), ((4, 4), (5, 4))]


def _farmer(over, **spec):
    A = arrays(2)
    st, g, lu = build(A, [dict({"fields": FARM, "sticks": FARM_STICKS}, **spec), {}],
                      bots=[("farmer", dict({"noise": 0.0}, **over)), "greedy"],
                      supply=(12, 12))
    return A, st, lu


def test_the_farmers_weights():
    d = dict(zip(bots.BOTS["farmer"][1], bots.BOTS["farmer"][2], strict=True))
    assert (d["kitten"], d["merchants"], d["sell_margin"], d["field"], d["irrigate"],
            d["end"]) == (2.0, 0.3, 0.0, 1.0, 3.0, 2.0)


def test_kitten_a_farmer_recruits_the_kitten_its_fields_feed():
    # 6 irrigated fields feed 3 kittens for nothing: the farmer spends its coin on a recruit;
    # without the kitten term it digs an outer stick (1 point) instead
    for over, act in (({}, A_RECRUIT), ({"kitten": 0.0}, A_IRRIG)):
        A, st, lu = _farmer(over, gold=1, awake=1, food=0)
        code = greedy.greedy_action(A, st, 0, lu.params[0], new_stream(1, 0))
        assert (A.tile_act[code // 16, 0], code % 8) == (act, 1), over


def test_merchants_a_farmer_makes_merchants_of_its_recruits():
    for over, merchant in (({}, True), ({"merchants": 0.0}, False)):
        A, st, lu = _farmer(over, awake=3)
        role = bots.decide_role(A, st, lu, 0, new_stream(2, 0))
        assert (role != ROLE_WORKER) == merchant, over


def test_sell_margin_a_farmer_sells_the_food_it_does_not_need():
    # 2 kittens, 6 irrigated fields: it needs no food this turn; 1 unit to the food merchant
    for over, units in (({}, 1), ({"sell_margin": 2.0}, 0)):
        A, st, lu = _farmer(over, awake=1, food=1, merchants=[("food", 0)])
        assert bots.decide_sell(A, st, lu, 0, new_stream(3, 0), M_FOOD) == units, over
