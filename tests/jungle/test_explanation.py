"""Jungle Rumble's explanation of a result (issue 40, the game contract): the points of every
seat by source (the final scoring's parts), its choices by kind, how each game ended and how
many rounds it lasted; counted on hand-built positions in both engines, and over whole games
against the game's own counters."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_explanation
from simlab.games.jungle import turn
from simlab.games.jungle.game import GAME
from simlab.games.jungle.rules import A_FOOD, A_RECRUIT
from simlab.games.jungle.state import BREAKDOWN, CHOICE_NAMES, END_NAMES

from .positions import arrays, both, build, same

CH = {name: i for i, name in enumerate(CHOICE_NAMES)}


def _choices(st, g, q) -> dict:
    """Seat q's non-zero choices, the same in both engines."""
    assert np.array_equal(st.ch, g.ch), (st.ch, g.ch)
    return {name: int(st.ch[q, i]) for i, name in enumerate(CHOICE_NAMES) if st.ch[q, i]}


def test_the_game_declares_its_explanation():
    assert GAME.explains and GAME.length_unit == "rounds"
    assert GAME.score_sources == BREAKDOWN == (
        "kittens", "sticks", "merchants_gold", "merchants_food", "reserve_gold",
        "reserve_food", "penalties")
    assert GAME.end_names == END_NAMES == ("last_field", "last_stick", "kitten_taken",
                                           "no_workers", "modelling_round_bound")
    assert {"src", "choice"} <= set(GAME.seat_keys)
    assert len(set(CHOICE_NAMES)) == len(CHOICE_NAMES) == 20


def test_action_follow_and_pass_are_counted():
    # seat 0 plays food with 3 kittens; seat 1 follows (1 kitten); seat 2 has no awake
    # worker: passes and wakes one; seat 3 passes with every kitten awake
    A = arrays(4)
    bots = [("weights", {"food": 100, "send": 3}), ("weights", {"follow": -1000}),
            ("weights", {"follow": -1000}), ("weights", {"follow": 1000})]
    st, g, lu = build(A, [{"awake": 4}, {"awake": 2}, {"awake": 0, "asleep": 2}, {"awake": 2}],
                      bots=bots)
    both(st, g, lu, turn.action_phase, g.action_phase, 0)
    assert same(st, g)
    assert _choices(st, g, 0) == {"action_food": 1, "kittens_sent": 3}
    assert _choices(st, g, 1) == {"follow_food": 1}
    assert _choices(st, g, 2) == _choices(st, g, 3) == {"passes": 1}


def test_wake_ups_paid_and_units_sold_are_counted():
    A = arrays(2)
    st, g, lu = build(A, [{"food": 10, "awake": 0, "asleep": 3}, {}])
    both(st, g, lu, turn.wake_up, g.wake_up, 0)
    assert _choices(st, g, 0) == {"paid_wake_ups": 3}
    # the free wake-up and the all-awake food are no choice
    st, g, lu = build(A, [{"food": 3, "awake": 1, "asleep": 1}, {"food": 3}])
    both(st, g, lu, turn.wake_up, g.wake_up, 0)
    both(st, g, lu, turn.wake_up, g.wake_up, 1)
    assert not st.ch.any() and not g.ch.any()
    st, g, lu = build(A, [{"food": 9, "gold": 1, "awake": 1,
                           "merchants": [("gold", 0), ("gold", 2), ("food", 1)]}, {}])
    both(st, g, lu, turn.sell_goods, g.sell_goods, 0)
    assert _choices(st, g, 0) == {"sold_food": 1, "sold_gold": 1}


def test_recruits_by_role_and_kittens_taken_are_counted():
    A = arrays(2)
    bots = [("weights", {"merchants": 0.25, "gold_merchants": 1.0}), "greedy"]
    st, g, lu = build(A, [{"gold": 3, "awake": 2}, {}], bots=bots)
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 2)
    assert _choices(st, g, 0) == {"recruit_worker": 1, "recruit_merchant": 1}
    # 5 kittens, 3 gold: one from the reserve, two taken from the opponents
    A = arrays(3)
    st, g, lu = build(A, [{"gold": 3, "awake": 5}, {"awake": 2, "asleep": 1}, {"awake": 3}])
    both(st, g, lu, turn.perform, g.perform, 0, A_RECRUIT, 3)
    assert same(st, g)
    got = _choices(st, g, 0)
    assert got["kittens_taken"] == 2
    assert got.get("recruit_worker", 0) + got.get("recruit_merchant", 0) == 3
    assert _choices(st, g, 1) == _choices(st, g, 2) == {}  # losing a kitten is no choice


def test_fired_and_unfed_kittens_are_counted():
    A = arrays(2)
    st, g, lu = build(A, [{"food": 0, "awake": 0, "asleep": 0,
                           "merchants": [("food", 4), ("gold", 5), ("food", 6)]}, {}])
    both(st, g, lu, turn.feed, g.feed, 0)
    assert _choices(st, g, 0) == {"fired": 1}
    st, g, lu = build(A, [{"food": 1, "awake": 4}, {}], bots=[("weights", {"fire": 0}),
                                                             "greedy"])
    both(st, g, lu, turn.feed, g.feed, 0)
    assert _choices(st, g, 0) == {"unfed": 3}


def test_the_active_players_action_counts_the_tiles_action_not_the_food_on_it():
    # a gold player on the recruit tile with 2 food on it: the action is recruit
    A = arrays(2)
    bots = [("weights", {"kitten": 50, "send": 1}), "greedy"]
    st, g, lu = build(A, [{"gold": 1, "awake": 2}, {}], bots=bots, tile_food=[0, 0, 0, 2, 0])
    both(st, g, lu, turn.action_phase, g.action_phase, 0)
    assert _choices(st, g, 0)["action_recruit"] == 1 and st.aev[0, A_RECRUIT] == 1
    assert st.aev[0, A_FOOD] == 0


@pytest.mark.parametrize("players,bots,over", [
    (3, "greedy,farmer,breeder", {}),
    (4, "random", {"variant": True}),
    (2, "breeder,trader", {"max_family": 3}),
])
def test_rows_add_up_and_ends_are_named(players, bots, over):
    rules = GAME.make_rules(players, over)
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    agg, rows = GAME.run_batch(prep, 9, 0, 80, True)
    check_explanation(GAME, agg, rows, 80)
    assert np.array_equal(rows["source"].sum(axis=2), rows["score"])
    assert np.array_equal(agg["src"], agg["breakdown"])
    assert np.array_equal(np.bincount(rows["length"], minlength=agg["length_hist"].size),
                          agg["length_hist"])
    # every follower follows or passes on every other player's turn
    ch = rows["choice"]
    follows = ch[:, :, CH["follow_food"]:CH["follow_fields"] + 1].sum(axis=2)
    actions = ch[:, :, CH["action_food"]:CH["action_fields"] + 1].sum(axis=2)
    assert np.array_equal(follows + ch[:, :, CH["passes"]], actions.sum(axis=1, keepdims=True)
                          - actions)
    assert np.array_equal(actions.sum(axis=1), rows["length"] * players)
    assert GAME.invariants(agg, 80, rules) == []


def test_a_game_stopped_by_the_round_bound_says_so():
    rules = GAME.make_rules(2, {"max_rounds": 2})
    prep = GAME.prepare(rules, GAME.lineup("greedy", 2))
    agg, rows = GAME.run_batch(prep, 1, 0, 5, True)
    assert list(rows["length"]) == [2] * 5
    assert [END_NAMES[e] for e in rows["end"]] == ["modelling_round_bound"] * 5
    assert list(agg["length"]) == [10, 20]
    assert GAME.metrics(agg, 5, rules, GAME.lineup("greedy", 2))["end_reasons"][
        "modelling_round_bound"] == 1.0


def test_choices_in_the_metrics():
    rules = GAME.make_rules(2)
    lineup = GAME.lineup("greedy,trader", 2)
    agg, _ = GAME.run_batch(GAME.prepare(rules, lineup), 3, 0, 50, False)
    m = GAME.metrics(agg, 50, rules, lineup)["choices_per_game"]
    assert [r["bot"] for r in m] == ["greedy", "trader"]
    assert m[1]["sold_gold"] == agg["choice"][1, CH["sold_gold"]] / 50
