"""The generator of the variant's tile pairings (data.py GENERATORS): every draw keeps every
constraint the rulebook states, draws are deterministic and the seeds walk through all 22
distinct pairings, counted here by a brute force of its own."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

import pytest

from simlab.games.jungle.data import CONSTRAINTS, GENERATORS, read_tiles, valid_pairings
from simlab.games.jungle.game import GAME
from simlab.games.jungle.readings import READINGS
from simlab.games.jungle.rules import ACTIONS, DEFAULT_VARIANT_TILES

SEEDS = range(1, 45)


def _tiles(seed, players=4):
    return GAME.generated_overrides("variant_tiles", seed, players)["variant_tiles"]


def _brute_force() -> set:
    """Every assignment of a pair of different actions ("2 different actions pictured on
    each") to each of the 5 tiles in turn keeping the rulebook's constraints, as a multiset of
    pairs (10^5 assignments)."""
    found = set()
    for tiles in product(combinations(ACTIONS, 2), repeat=5):
        on = Counter(x for t in tiles for x in t)
        if all(on[a] == 2 for a in ACTIONS):  # "present on 2 different action tiles"
            found.add(tuple(sorted(tuple(sorted(t)) for t in tiles)))
    return found


def test_there_are_22_pairings_12_cycles_and_10_with_twin_tiles():
    brute = _brute_force()
    mine = {tuple(sorted(tuple(sorted(t)) for t in p)) for p in valid_pairings()}
    assert len(brute) == len(mine) == len(valid_pairings()) == 22 and brute == mine
    twins = [p for p in brute if len(set(p)) < 5]
    assert len(twins) == 10 and len(brute) - len(twins) == 12
    default = tuple(sorted(tuple(sorted(t.split("+"))) for t in DEFAULT_VARIANT_TILES))
    assert default in brute and default not in twins


@pytest.mark.parametrize("seed", SEEDS)
def test_every_draw_keeps_every_constraint(seed):
    tiles = _tiles(seed)
    pairs = [t.split("+") for t in tiles]
    assert len(pairs) == 5  # "5 action tiles"
    assert all(len(p) == 2 and p[0] != p[1] and set(p) <= set(ACTIONS) for p in pairs)
    on = Counter(a for p in pairs for a in p)
    assert all(on[a] == 2 for a in ACTIONS)  # every action on exactly 2 tiles
    # the rules and the data file's own check accept it, at every player count
    for players in (2, 3, 4):
        assert GAME.make_rules(players, {"variant": True, "variant_tiles": tiles})
        assert GAME.generated_overrides("variant_tiles", seed, players)["variant_tiles"] == tiles
    overrides, errors = read_tiles({"tile": [{"actions": p} for p in pairs]}, "gen")
    assert errors == [] and overrides == {"variant_tiles": tiles}


def test_draws_are_deterministic_and_the_seeds_differ():
    assert [_tiles(s) for s in SEEDS] == [_tiles(s) for s in SEEDS]
    first = [tuple(sorted(_tiles(s))) for s in range(1, 23)]
    assert len(set(first)) == 22  # seeds 1..22: every pairing once
    assert [tuple(sorted(_tiles(s + 22))) for s in range(1, 23)] == first
    assert GAME.generated_overrides("variant_tiles", 0, 4) == {}  # the shipped default
    with pytest.raises(ValueError):
        GENERATORS[0].draw(0, 4)


def test_the_catalogue_entry_names_the_generator():
    (gen,) = GENERATORS
    entry = next(r for r in READINGS if r.name == gen.name)
    assert entry.generator and entry.assumed and entry.constraints == gen.constraints
    assert gen.constraints == CONSTRAINTS and "22" in entry.why
    d = entry.to_dict()
    assert d["generator"] is True and len(d["constraints"]) == 3
