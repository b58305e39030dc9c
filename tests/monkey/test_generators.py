"""Monkey Fun's generators of assumed data (issue 39 section 1): ``board`` and ``deck`` draw
rulebook-consistent alternatives, each keeping every constraint the rulebook states and no
other; valid rules in every mode, deterministic, different by seed; catalogued."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import chisquare

from simlab.games.monkey import data
from simlab.games.monkey.game import GAME
from simlab.games.monkey.rules import (
    CORNER_CELLS,
    DEFAULT_DECK,
    INNER_CELLS,
    MIXED_BOARD,
    layout_shuffled,
)

SEEDS = range(1, 31)
SETTINGS = [(1, {}), (2, {}), (3, {}), (4, {}), (4, {"mode": "quick"}), (2, {"mode": "quick"})]


def test_the_game_lists_both_generators_and_the_catalogue_marks_them():
    gens = {g.name: g for g in GAME.data_generators()}
    assert set(gens) == {"board", "deck"}
    entries = {r.name: r for r in GAME.readings()}
    for name, g in gens.items():
        assert entries[name].generator and entries[name].assumed
        assert tuple(entries[name].constraints) == tuple(g.constraints) and g.constraints
        assert entries[name].to_dict()["generator"] is True
    assert GAME.generated_overrides("board", 0, 4) == {}  # 0: the shipped data


@pytest.mark.parametrize("name", ["board", "deck"])
def test_thirty_seeds_make_valid_rules_in_every_mode(name):
    for seed in SEEDS:
        for players, over in SETTINGS:
            gen = GAME.generated_overrides(name, seed, players)
            rules = GAME.make_rules(players, {**over, **gen})
            rules.to_arrays()
            assert GAME.rule_warnings(rules) == []  # no rulebook constraint broken


@pytest.mark.parametrize("name", ["board", "deck"])
def test_deterministic_and_different_by_seed(name):
    draws = [GAME.generated_overrides(name, s, 4) for s in SEEDS]
    assert draws == [GAME.generated_overrides(name, s, 4) for s in SEEDS]
    key = "layout_seed" if name == "board" else "deck"
    played = [GAME.make_rules(4, d).arrangement() if name == "board" else d[key] for d in draws]
    assert len(set(map(tuple, played))) == len(played)
    if name == "board":
        assert MIXED_BOARD not in played
    else:
        assert DEFAULT_DECK not in played


def _boards(players=4, **reading):
    return [GAME.make_rules(players, {**GAME.generated_overrides("board", s, players),
                                      **reading}).arrangement() for s in SEEDS]


def test_every_board_keeps_each_stated_constraint():
    for board in _boards():
        assert len(board) == 36 and sorted(board) == list(range(1, 37))
        inner = {board[c] for c in INNER_CELLS}
        assert {3, 17, 31} <= inner  # the solo example
        assert 36 in inner  # the solo maximum
    for board in _boards(field_one_corner=True):  # the reading's constraint, when it is on
        assert board.index(1) in CORNER_CELLS and {3, 17, 31, 36} <= {board[c] for c in
                                                                       INNER_CELLS}


def test_boards_keep_no_other_constraint():
    # uniform over the boards the constraints allow: field 36 on each of the 16 inner cells,
    # field 1 on each of the 32 other cells alike, and rows that are not balanced like the
    # shipped board's (110..112) as often as chance gives
    n = 3200
    boards = np.array([layout_shuffled(s) for s in range(1, n + 1)])
    where36 = np.argmax(boards == 36, axis=1)
    where1 = np.argmax(boards == 1, axis=1)
    assert set(where36) <= set(INNER_CELLS)
    assert chisquare(np.bincount(where36, minlength=36)[list(INNER_CELLS)])[1] > 1e-6
    assert chisquare(np.bincount(where1, minlength=36))[1] > 1e-6
    rows = boards.reshape(n, 6, 6).sum(axis=2)
    balanced = ((rows >= 110) & (rows <= 112)).all(axis=1)
    assert balanced.mean() < 0.01  # the shipped board's balance is a choice, not drawn


def test_every_deck_keeps_each_stated_constraint():
    for seed in SEEDS:
        deck = GAME.generated_overrides("deck", seed, 4)["deck"]
        assert sum(deck) == 55
        assert any(deck[a - 1] and deck[10 - a] for a in range(1, min(10, len(deck)) + 1)
                   if 11 - a <= len(deck))  # two cards make 11
        assert {3, 17, 31, 36} <= data._nameable(list(deck))  # (brute force: below)
        assert data.deck_problems(deck) == []
    # the checker catches what the rulebook forbids
    assert data.deck_problems([55]) and data.deck_problems([1] * 36)
    assert data.deck_problems(DEFAULT_DECK) == []


def test_nameable_is_the_brute_force_sums():
    from itertools import combinations

    for seed in (1, 7, 19):
        deck = list(GAME.generated_overrides("deck", seed, 4)["deck"])
        cards = [v for v, k in enumerate(deck, start=1) for _ in range(min(k, 4))]
        brute = {sum(c) for r in range(1, 5) for c in combinations(cards, r) if sum(c) <= 36}
        assert data._nameable(deck) == brute


def test_a_generated_deck_plays_on_both_engines():
    from simlab.core.conformance import check_conformance

    for seed, players, bots in ((2, 4, "greedy"), (3, 1, "solo")):
        rules = GAME.make_rules(players, GAME.generated_overrides("deck", seed, players))
        check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=20, seed=seed)
