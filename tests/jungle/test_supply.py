"""Jungle Rumble's supply (reading ``start_from_supply``): the start pieces, 2 fields and 1
stick per player, come out of the counted pieces, so the board supply is 18/19/22 fields and
20/22/24 sticks for 2/3/4 players, on both engines, in the trace and in the metrics; and the
greedy family's field choice counts a stick and the neighbouring fields together."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from simlab.errors import SimlabError
from simlab.games.jungle import bots, nb
from simlab.games.jungle.game import GAME
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.state import I_FSUP, I_SSUP, new_state

from .positions import build, lineup


@pytest.mark.parametrize("players,fields,sticks", [(2, 18, 20), (3, 19, 22), (4, 22, 24)])
def test_board_supply_after_the_start_pieces(players, fields, sticks):
    rules = GAME.make_rules(players)
    assert rules.board_supply() == (fields, sticks)
    A = rules.to_arrays()
    assert (A.field_supply, A.stick_supply) == (fields, sticks)
    st = new_state(players, A.n_cells, A.n_edges)
    nb.setup(A, st, np.array([1, 2, 3, 4], np.uint64))
    assert (st.info[I_FSUP], st.info[I_SSUP]) == (fields, sticks)
    g = ReferenceGame(A, lineup(["greedy"] * players), 0, 0, log=True)
    g.setup()
    assert g.supply == {"field": fields, "stick": sticks}
    raw = {2: (22, 22), 3: (25, 25), 4: (30, 28)}[players]
    assert any(f"board supply {fields} fields, {sticks} sticks ({raw[0]} fields and {raw[1]} "
               f"sticks less the start pieces)" in line for line in g.lines)
    # the alternative reading: the counts are the board supply
    other = GAME.make_rules(players, {"start_from_supply": False})
    assert other.board_supply() == raw
    assert (other.to_arrays().field_supply, other.to_arrays().stick_supply) == raw


def test_whole_games_take_the_smaller_supply_and_report_it():
    import simlab

    res = simlab.simulate("jungle", players=3, bots="greedy", games=300, seed=4)
    assert res.metrics["board_supply"] == {"fields": 19, "sticks": 22,
                                           "start_from_supply": True}
    # every game ends (no round cap) and the invariants (supply conservation with 19/22) hold
    assert GAME.invariants(res.agg, 300, res.rules) == []
    longer = simlab.simulate("jungle", players=3, bots="greedy", games=300, seed=4,
                             rules={"start_from_supply": False})
    assert longer.metrics["game_length_rounds"] > res.metrics["game_length_rounds"]


def test_a_supply_smaller_than_the_start_pieces_is_an_error():
    with pytest.raises(SimlabError, match=r"rules.field_supply: expected more than the start "
                                          r"pieces of 4 players \(8 fields"):
        GAME.make_rules(4, {"field_supply": "5,5,8"})
    GAME.make_rules(4, {"field_supply": "5,5,8", "start_from_supply": False})


def test_trace_states_the_board_supply():
    proc = subprocess.run([sys.executable, "-m", "simlab.cli.main", "trace", "jungle", "-p",
                           "2"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0
    assert "Setup: board supply 18 fields, 20 sticks (22 fields and 22 sticks less the start " \
           "pieces)" in proc.stdout


def test_field_choice_adds_the_stick_to_the_neighbouring_fields():
    # fields (5,3), (5,4), (5,5), (4,3); sticks (5,4)-(5,5), (4,4)-(5,4) and (5,4)-(6,4).
    # (4,4): a stick below + fields left and below = 10 + 2; (6,4): a stick above + the field
    # above = 10 + 1. Counting the stick by resetting the value to 10 (the old code) scored
    # (4,4) 11 too and drew between them.
    A = GAME.make_rules(2).to_arrays()
    spec = {"fields": [(5, 3), (5, 4), (5, 5), (4, 3)],
            "sticks": [((5, 4), (5, 5)), ((4, 4), (5, 4)), ((5, 4), (6, 4))]}
    st, g, lu = build(A, [spec, {}], bots=["greedy", "greedy"])
    want = g.cell_id((4, 4))
    for r in range(40):
        rng = np.array([r + 1, 7, 9, 11], np.uint64)
        assert int(bots.decide_field(A, st, lu, 0, rng)) == want
