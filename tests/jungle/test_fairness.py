"""Bot fairness in Jungle Rumble: a bot treats its opponents by what they hold, never by where
they sit, and breaks ties between opponents, options and board places from the game's random
stream, never by seat index or loop order.

Turn order makes the seats of Jungle Rumble differ, so the check is on hand-built positions
(``positions.build``) in which two (or four) options are identical for the bot: two opponents
with the same family to take a kitten from, cells or edges that are mirror images on the table,
two identical action tiles (a variant with a duplicated pair, the other tiles taken). Every
built-in bot (and ``greedy`` without noise, whose action choice has no noise to break ties; the
``lookahead`` bot with a small budget) is asked the decision exactly as the kernel and the
reference engine ask it, once per seeded stream, and the choices must split evenly
(:func:`simlab.core.conformance.check_even_split`). The decisions without opponents or
symmetric options (wake, sell, role, follow, fire) are deterministic for the evaluation bots;
``random`` is checked on them too (uniform over its legal choices).
"""

from __future__ import annotations

import pytest

from simlab.core.conformance import check_even_split
from simlab.core.rng import new_stream
from simlab.games.jungle import bots, lookahead
from simlab.games.jungle.state import I_ACTIVE, I_FIRST, M_FOOD, M_GOLD

from .positions import arrays, build

REPS = 400
SEED = 4242
LOOK = ("lookahead", {"playouts": 2, "width": 2, "horizon": 1})
NO_NOISE = ("weights", {"noise": 0.0})
#: every built-in bot, plus greedy without its action noise
BOT_SPECS = [LOOK if name == "lookahead" else (("search", LOOK[1]) if name == "search" else name)
             for name in bots.BOTS
             if name not in bots.BENCH_BOTS] + [NO_NOISE]  # (``first``: bench only, by seat)
IDS = [s if isinstance(s, str) else f"{s[0]}({','.join(f'{k}={v:g}' for k, v in s[1].items())})"
       for s in BOT_SPECS]
#: duplicated tile pair: food appears on tiles 0 and 1 only, both with gold for the followers
TWIN_TILES = "food+gold,food+gold,irrigation+recruit,recruit+fields,fields+irrigation"


def label(spec) -> str:
    return IDS[BOT_SPECS.index(spec)]


def ask(fn, A, st, lu, seat, *args, reps=REPS, seed=SEED):
    """The bot's decision ``fn(A, st, lu, seat, rng, *args)`` over ``reps`` seeded streams
    (games 0 .. reps - 1 of ``seed``: a seed of its own per position)."""
    return [int(fn(A, st, lu, seat, new_stream(seed, r), *args)) for r in range(reps)]


def cell(A, r, c):
    return r * A.grid + c


def hedge(A, r, c):
    """The edge left of cell (r, c) (between (r, c-1) and (r, c))."""
    return r * (A.grid + 1) + c


def vedge(A, r, c):
    """The edge above cell (r, c) (between (r-1, c) and (r, c))."""
    return A.grid * (A.grid + 1) + r * A.grid + c


def line_up(spec, seat, n_p):
    return [spec if q == seat else "greedy" for q in range(n_p)]


# ------------------------------------------------------------------------------ victims
@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
def test_victim_between_two_identical_opponents_3p(spec):
    # seat 0 has its two kitten tiles in play (max_family 2) and must take a kitten from an
    # opponent: seats 1 and 2 hold the same (2 awake workers, the start fields)
    A = arrays(3, max_family=2)
    st, g, lu = build(A, [{}, {}, {}], bots=line_up(spec, 0, 3))
    choices = ask(bots.decide_victim, A, st, lu, 0, seed=SEED + 1)
    check_even_split(choices, [1, 2], what=f"{label(spec)}: victim, 3 players")


@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
def test_victim_between_two_largest_families_4p(spec):
    # seat 1 recruits with its reserve empty; seats 0 and 3 have 3 kittens each (2 awake,
    # 1 asleep, 2 food, 1 gold), seat 2 only 2: the largest families are seats 0 and 3, which
    # come last and first clockwise from seat 1
    A = arrays(4, max_family=3)
    big = {"awake": 2, "asleep": 1, "food": 2, "gold": 1}
    st, g, lu = build(A, [dict(big), {"awake": 3}, {}, dict(big)], bots=line_up(spec, 1, 4))
    choices = ask(bots.decide_victim, A, st, lu, 1, seed=SEED + 2)
    opts = [0, 3] if spec != "random" else [0, 2, 3]  # random: uniform over all with a kitten
    check_even_split(choices, opts, what=f"{label(spec)}: victim among the largest, 4 players")


# ------------------------------------------------------------------------------ fields
@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
def test_field_around_a_lone_field(spec):
    # one dry field in the middle of the table: its four neighbours are mirror images
    A = arrays(2)
    st, g, lu = build(A, [{"fields": [(5, 5)], "sticks": []}, {}], bots=line_up(spec, 0, 2))
    opts = [cell(A, 4, 5), cell(A, 5, 4), cell(A, 5, 6), cell(A, 6, 5)]
    check_even_split(ask(bots.decide_field, A, st, lu, 0, seed=SEED + 3), opts,
                     what=f"{label(spec)}: field around a lone field")


@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
def test_field_next_to_one_of_two_mirrored_sticks(spec):
    # field (5,5) with sticks on its left and right edges: (5,4) and (5,6) are both irrigated
    # at once (the bots' favourite), mirror images of each other
    A = arrays(2)
    st, g, lu = build(A, [{"fields": [(5, 5)], "sticks": [((5, 4), (5, 5)), ((5, 5), (5, 6))]},
                          {}], bots=line_up(spec, 0, 2))
    opts = [cell(A, 5, 4), cell(A, 5, 6)]
    if spec == "random":
        opts = [cell(A, 4, 5), cell(A, 5, 4), cell(A, 5, 6), cell(A, 6, 5)]
    check_even_split(ask(bots.decide_field, A, st, lu, 0, seed=SEED + 4), opts,
                     what=f"{label(spec)}: field next to a stick")


# ------------------------------------------------------------------------------ sticks
@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
def test_stick_around_a_lone_dry_field(spec):
    A = arrays(2)
    st, g, lu = build(A, [{"fields": [(5, 5)], "sticks": []}, {}], bots=line_up(spec, 0, 2))
    opts = [hedge(A, 5, 5), hedge(A, 5, 6), vedge(A, 5, 5), vedge(A, 6, 5)]
    check_even_split(ask(bots.decide_stick, A, st, lu, 0, seed=SEED + 5), opts,
                     what=f"{label(spec)}: stick around a lone field")


@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
def test_stick_between_two_of_three_dry_fields(spec):
    # a dry row (5,4) (5,5) (5,6): the two inner edges each irrigate two fields and score 2
    A = arrays(2)
    st, g, lu = build(A, [{"fields": [(5, 4), (5, 5), (5, 6)], "sticks": []}, {}],
                      bots=line_up(spec, 0, 2))
    opts = [hedge(A, 5, 5), hedge(A, 5, 6)]
    choices = ask(bots.decide_stick, A, st, lu, 0, seed=SEED + 6)
    if spec == "random":  # uniform over all 10 free edges
        opts = sorted(set(choices))
        assert len(opts) == 10
    check_even_split(choices, opts, what=f"{label(spec)}: stick between two dry fields")


# ------------------------------------------------------------------------------ actions
def twin_tiles_position(spec, awake, asleep, food):
    """4 players, the variant with the food+gold pair on tiles 0 and 1 (one food on each);
    seat 0 plays last in the round (seat 1 was first), the three others took tiles 2, 3, 4:
    the two free tiles are identical."""
    A = arrays(4, variant=True, variant_tiles=TWIN_TILES)
    st, g, lu = build(A, [{"awake": awake, "asleep": asleep, "food": food}, {}, {}, {}],
                      bots=line_up(spec, 0, 4), tile_food=[1, 1, 0, 0, 0], turn=4)
    st.tile_used[:] = [0, 0, 1, 1, 1]
    st.info[I_FIRST] = 1
    st.info[I_ACTIVE] = 0
    return A, st, lu


@pytest.mark.parametrize("spec", BOT_SPECS, ids=IDS)
@pytest.mark.parametrize("awake,asleep,food", [(2, 0, 0), (0, 2, 3), (3, 1, 6)])
def test_action_between_two_identical_tiles(spec, awake, asleep, food):
    A, st, lu = twin_tiles_position(spec, awake, asleep, food)
    sim = lookahead.new_scratch(A, lu)
    reps = REPS // 4 if sim is not None else REPS  # the lookahead's playouts take longer
    codes = ask(lookahead.decide_action_search, A, st, lu, 0, sim, reps=reps, seed=SEED + 7 + awake)
    check_even_split([c // 16 for c in codes], [0, 1],
                     what=f"{label(spec)}: tile of an action ({awake} awake, {asleep} asleep, "
                          f"{food} food)")


# ------------------------------------------------------------------------------ random's other decisions
def test_random_is_uniform_on_the_decisions_without_symmetric_options():
    A = arrays(3)
    st, g, lu = build(A, [{"awake": 0, "asleep": 3, "food": 5,
                           "merchants": [("food", 0), ("food", 1), ("gold", 0)]},
                          {"awake": 1, "asleep": 1}, {}], bots=["random", "random", "random"])
    st.gold[0] = 4
    check_even_split(ask(bots.decide_wake, A, st, lu, 0, seed=SEED + 20), [0, 1, 2, 3],
                     what="random: wake")
    check_even_split(ask(bots.decide_sell, A, st, lu, 0, M_FOOD, seed=SEED + 21), [0, 1, 2],
                     what="random: sell food")
    check_even_split(ask(bots.decide_sell, A, st, lu, 0, M_GOLD, seed=SEED + 22), [0, 1],
                     what="random: sell gold")
    check_even_split(ask(bots.decide_role, A, st, lu, 0, seed=SEED + 23), [0, 1, 2],
                     what="random: role")
    check_even_split(ask(bots.decide_follow, A, st, lu, 1, 0, seed=SEED + 24), [0, 1],
                     what="random: follow")
    # short of food (need 2*6 - 2 = 10, 5 food): keep the family, fire a sleeping worker (no
    # worker is awake) or one of the three merchants, uniformly over those five choices
    fire = ask(bots.decide_fire, A, st, lu, 0, seed=SEED + 25)
    check_even_split(fire, [-1, 0, 2, 3, 4], what="random: keep, fire a worker or a merchant")
