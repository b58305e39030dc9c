"""Monsters on Board's generators of assumed data (issue 39, ``data.GENERATORS``): 30 seeds give
valid rules in every mode and keep every constraint the rulebook states, the same seed gives the
same data and other seeds other data; the catalogue lists each generator with its constraints;
games with generated data keep the invariants."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simlab.games.monsters.actions import A_GAIN_GRUNT, MULTI
from simlab.games.monsters.game import GAME

MODES = ((2, "regular"), (4, "regular"), (3, "family"), (1, "solo1"), (1, "solo2"))
NAMES = [g.name for g in GAME.data_generators()]
SEEDS = range(1, 31)


def test_the_generators_and_their_catalogue_entries():
    assert set(NAMES) == {"dice", "ghosts", "solo_cards", "malice_chart", "ghost_cost",
                          "arch_cost"}
    readings = {r.name: r for r in GAME.readings()}
    for g in GAME.data_generators():
        r = readings[g.name]
        assert r.generator and r.assumed and r.constraints == g.constraints and g.constraints
        assert r.to_dict()["generator"] is True
        assert GAME.generated_overrides(g.name, 0, 3) == {}


@pytest.mark.parametrize("name", NAMES)
def test_thirty_seeds_valid_in_every_mode_deterministic_and_distinct(name):
    seen = set()
    for seed in SEEDS:
        ov = GAME.generated_overrides(name, seed, 3)
        assert ov and ov == GAME.generated_overrides(name, seed, 3)
        seen.add(json.dumps(ov, sort_keys=True))
        for players, mode in MODES:
            GAME.make_rules(players, {"mode": mode, **ov})
    assert len(seen) == len(SEEDS)


def _arrays(name, seed):
    return GAME.make_rules(1, {"mode": "solo2",
                               **GAME.generated_overrides(name, seed, 1)}).to_arrays()


def test_dice_keep_the_rulebook_constraints():
    for seed in SEEDS:
        A = _arrays("dice", seed)
        assert A.face_rank.shape == (6, 6) and A.dice_per_colour == 13
        assert ((A.face_rank >= 1) & (A.face_rank <= 6)).all()
        assert not (A.face_act == A_GAIN_GRUNT).any()


def test_ghosts_keep_the_rulebook_constraints():
    for seed in SEEDS:
        A = _arrays("ghosts", seed)
        assert A.n_ghosts == 42
        gain = A.ghost_gain == 1
        assert gain.any() and (A.ghost_colour[gain] != MULTI).all()
        assert ((A.ghost_act[gain] >= 0).sum(axis=1) == 1).all()
        assert ((A.ghost_act[~gain] >= 0).sum(axis=1) >= 1).all()
        assert not (A.ghost_act[~gain] == A_GAIN_GRUNT).any()
        assert set(A.ghost_colour.tolist()) <= set(range(7))


def test_solo_cards_keep_the_rulebook_constraints():
    for seed in SEEDS:
        A = _arrays("solo_cards", seed)
        assert A.n_cards == 30 and A.card_col.shape == (30, 3)
        assert (A.card_shows.sum(axis=0) == 10).all()          # every colour on 10 cards
        assert set(np.unique(A.card_high).tolist()) <= {0, 1}
        assert ((A.card_col >= -1) & (A.card_col < 6)).all()


def test_malice_chart_and_costs_keep_the_rulebook_constraints():
    for seed in SEEDS:
        A = _arrays("malice_chart", seed)
        assert len(A.malice_chart) == 6 and A.malice_chart[5] == 3 and A.malice_chart.min() >= 0
        for name in ("ghost_cost", "arch_cost"):
            cost = getattr(_arrays(name, seed), name)
            assert len(cost) == 5 and cost.min() >= 0


@pytest.mark.parametrize("name", NAMES)
def test_games_with_generated_data_keep_the_invariants(name):
    for seed in (1, 2):
        ov = GAME.generated_overrides(name, seed, 3)
        for players, mode, bots in ((3, "regular", "greedy,prophet,random"),
                                    (2, "family", "greedy,random"), (1, "solo2", "greedy")):
            rules = GAME.make_rules(players, {"mode": mode, **ov})
            prep = GAME.prepare(rules, GAME.lineup(bots, players))
            agg, _ = GAME.run_batch(prep, seed, 0, 8, False)
            assert GAME.invariants(agg, 8, rules) == [], (name, seed, mode)
