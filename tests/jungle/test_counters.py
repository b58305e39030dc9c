"""The counters the kernel keeps as pieces are placed equal the scans that define them:
``st.wet_free`` (free cells with a stick on an edge: :func:`greedy.wet_free_cells`) and the stick
points from the edge counters (:func:`board.stick_points_now` against the final scoring's scan
:func:`board.stick_points`), on hand-built positions, at the end of whole kernel games, in the
reference engine's view at every decision, and after the lookahead's playouts."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.rng import new_stream
from simlab.games.jungle import board, greedy, nb
from simlab.games.jungle.game import GAME
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.state import new_agg, new_state

from .positions import arrays, build


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


class _Checked(ReferenceGame):
    """The reference engine, checking its view's counter against the scan at every decision."""

    def ask(self, fn, q, *args):
        st = self.make_view()
        for p in range(self.n_p):
            assert st.wet_free[p] == greedy.wet_free_cells(self.A, st, p)
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
            for q in range(3):
                assert s.wet_free[q] == greedy.wet_free_cells(A, s, q)
        assert np.all(sim.st.nfield >= 2)
