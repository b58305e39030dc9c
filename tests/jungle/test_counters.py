"""The counters the kernel keeps as pieces are placed equal the scans that define them:
``st.wet_free`` (free cells with a stick on an edge: :func:`greedy.wet_free_cells`), the stick
points from the edge counters (:func:`board.stick_points_now` against the final scoring's scan
:func:`board.stick_points`), the fields next to each cell and the sticks on each cell's edges
(``st.nbr_fields``, ``st.cell_sticks``) and each player's points apart from its reserve food
(``st.score_base`` against :func:`family.base_points`), on hand-built positions, at the end of whole kernel
games, after every step of random kernel games, in the reference engine's view at every
decision, and after the lookahead's playouts."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.jungle import board, family, greedy, nb, turn
from simlab.games.jungle.game import GAME
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.state import E_NONE, I_FIRST, new_agg, new_state

from .positions import arrays, build
from .test_rules_board import assert_cell_counts


@pytest.mark.parametrize("spec", [
    {},
    {"fields": [(5, 3), (5, 4), (5, 5), (4, 3)],
     "sticks": [((5, 4), (5, 5)), ((4, 4), (5, 4)), ((5, 4), (6, 4)), ((4, 3), (5, 3))]},
    {"fields": [(0, 0), (0, 1), (1, 1)], "sticks": [((0, 0), (0, 1)), ((1, 1), (2, 1)),
                                                     ((0, 1), (1, 1)), ((0, 0), (-1, 0))]},
])
def test_wet_free_on_hand_built_positions(spec):
    A = arrays(2)
    st, g, lu = build(A, [spec, {}])
    for q in range(2):
        assert st.wet_free[q] == greedy.wet_free_cells(A, st, q)
        assert g.make_view().wet_free[q] == st.wet_free[q]


@pytest.mark.parametrize("bots,players,over", [
    ("greedy", 3, {}),
    ("random", 3, {}),
    ("farmer,random,trader,breeder", 4, {"variant": True}),
    ("random,greedy", 2, {"grid": 7}),
])
def test_counters_at_the_end_of_kernel_games(bots, players, over):
    prep = GAME.prepare(GAME.make_rules(players, over), GAME.lineup(bots, players))
    A = prep.arrays
    for game in range(25):
        st = new_state(players, A.n_cells, A.n_edges)
        nb.play_game(A, st, prep.lineup, new_stream(7, game), new_agg(players, A.max_rounds))
        for q in range(players):
            assert st.wet_free[q] == greedy.wet_free_cells(A, st, q), (game, q)
            assert board.stick_points_now(st, q) == board.stick_points(A, st, q), (game, q)
            assert st.score_base[q] == family.base_points(A, st, q), (game, q)
            assert_cell_counts(A, st, q)


def assert_kept(A, st):
    """Every kept count of every seat equals its scan."""
    for q in range(A.n_players):
        assert st.wet_free[q] == greedy.wet_free_cells(A, st, q), q
        assert st.score_base[q] == family.base_points(A, st, q), q
        assert_cell_counts(A, st, q)


@pytest.mark.parametrize("bots,players,over", [
    ("random", 3, {}),
    ("trader,random,breeder,greedy", 4, {}),
    ("random,trader", 2, {"merchant_kind_at": "recruit", "max_family": 3, "grid": 7}),
])
def test_kept_counts_after_every_turn_of_random_games(bots, players, over):
    # turn by turn (sales, recruits of merchants, kittens fired or taken, pieces placed): the
    # kept counts equal the scans after every turn of whole games
    prep = GAME.prepare(GAME.make_rules(players, over), GAME.lineup(bots, players))
    A, lu = prep.arrays, prep.lineup
    for game in range(12):
        st = new_state(players, A.n_cells, A.n_edges)
        agg = new_agg(players, A.max_rounds)
        rng = new_stream(13, game)
        nb.start_game(A, st, rng)
        assert_kept(A, st)
        while nb.next_round(A, st) == E_NONE:  # play_game's loop, checked turn by turn
            first = st.info[I_FIRST]
            for k in range(players):
                turn.take_turn(A, st, lu, (first + k) % players, rng)
                assert_kept(A, st)
            if nb.round_over(A, st, agg) != E_NONE:
                break


class _Checked(ReferenceGame):
    """The reference engine, checking its view's counter against the scan at every decision."""

    def ask(self, fn, q, *args):
        st = self.make_view()
        assert_kept(self.A, st)
        return super().ask(fn, q, *args)


def test_the_reference_view_counts_wet_free_cells_as_the_scan():
    prep = GAME.prepare(GAME.make_rules(3), GAME.lineup("farmer,random,greedy", 3))
    for game in range(4):
        _Checked(prep.arrays, prep.lineup, 3, game).play()


@pytest.mark.slow
def test_counters_after_lookahead_playouts():
    # the playouts copy the counters into the scratch state and play on with them
    from simlab.games.jungle import lookahead

    prep = GAME.prepare(GAME.make_rules(3), GAME.lineup("lookahead(playouts=2),random,farmer",
                                                        3))
    A = prep.arrays
    sim = lookahead.new_scratch(A, prep.lineup)
    for game in range(2):
        st = new_state(3, A.n_cells, A.n_edges)
        nb.play_game_search(A, st, prep.lineup, new_stream(9, game), new_agg(3, A.max_rounds),
                            sim)
        for s in (st, sim.st):
            assert_kept(A, s)
        assert np.all(sim.st.nfield >= 2)
