"""Rulebook "Irrigation" and "Fields": legal placements, immediate irrigation, stick points
(1 on an outer edge, 2 between two fields), on both engines."""

from __future__ import annotations

from simlab.games.jungle import board, turn
from simlab.games.jungle.rules import A_FIELDS, A_IRRIG

from .positions import arrays, both, build, same


def kernel_cells(A, st, p):
    n = board.legal_cells(A, st, p)
    return {(int(x) // A.grid, int(x) % A.grid) for x in st.cand[:n]}


def kernel_edges(A, st, p):
    n = board.legal_edges(A, st, p)
    return {int(e) for e in st.cand[:n]}


def test_fields_go_orthogonally_next_to_a_field():
    A = arrays(2)
    st, g, lu = build(A, [{}, {}])
    want = {(5, 3), (5, 6), (4, 4), (4, 5), (6, 4), (6, 5)}
    assert kernel_cells(A, st, 0) == set(g.free_cells(g.players[0])) == want


def test_sticks_go_on_free_edges_of_the_fields():
    A = arrays(2)
    st, g, lu = build(A, [{}, {}])
    ref = {g.edge_id(e) for e in g.free_edges(g.players[0])}
    assert kernel_edges(A, st, 0) == ref and len(ref) == 6  # 7 edges, 1 taken by the stick


def test_field_next_to_a_stick_is_irrigated_at_once():
    # stick on the outer edge (5,5)-(5,6): a field at (5,6) is irrigated at once; a stick
    # between two fields then scores 2, the others 1
    A = arrays(2)
    st, g, lu = build(A, [{"sticks": [((5, 4), (5, 5)), ((5, 5), (5, 6))]}, {}])
    both(st, g, lu, turn.perform, g.perform, 0, A_FIELDS, 1)  # greedy: next to the stick
    assert same(st, g)
    assert (5, 6) in g.players[0].fields and st.nwet[0] == 3
    assert board.stick_points(A, st, 0) == 4  # both sticks now lie between two fields


def test_field_away_from_sticks_is_not_irrigated():
    A = arrays(2)
    st, g, lu = build(A, [{"fields": [(5, 4), (5, 5), (4, 4)]}, {}])
    assert st.nwet[0] == 2 and st.nfield[0] == 3 and same(st, g)


def test_stick_irrigates_most_fields_and_scores_two_between_fields():
    # fields (5,4), (5,5), (4,4), (4,5), only the first two irrigated: the best stick lies
    # between the two dry fields (4,4)-(4,5): irrigates 2, scores 2
    A = arrays(2)
    st, g, lu = build(A, [{"fields": [(5, 4), (5, 5), (4, 4), (4, 5)]}, {}])
    both(st, g, lu, turn.perform, g.perform, 0, A_IRRIG, 1)
    assert same(st, g)
    assert ((4, 4), (4, 5)) in g.players[0].sticks and st.nwet[0] == 4
    assert board.stick_points(A, st, 0) == 4


def test_outer_stick_scores_one():
    A = arrays(2)
    st, g, lu = build(A, [{"sticks": [((5, 4), (5, 5)), ((4, 4), (5, 4))]}, {}])
    assert board.stick_points(A, st, 0) == 3 and same(st, g)


def test_taking_the_last_piece_triggers_the_end_then_set_aside_pieces_are_used():
    from simlab.games.jungle.state import C_FIELDS_ASIDE, C_FIELDS_SUPPLY, E_FIELD, I_TRIGGER

    A = arrays(2)
    st, g, lu = build(A, [{"awake": 3}, {}], supply=(1, 5))
    both(st, g, lu, turn.perform, g.perform, 0, A_FIELDS, 3)
    assert same(st, g)
    assert st.info[I_TRIGGER] == g.trigger == E_FIELD
    assert st.ev[C_FIELDS_SUPPLY] == g.agg.counters[C_FIELDS_SUPPLY] == 1
    assert st.ev[C_FIELDS_ASIDE] == g.agg.counters[C_FIELDS_ASIDE] == 2
    assert st.nfield[0] == 5


def test_kept_legal_lists_equal_a_scan_of_the_table():
    # the legal cells and edges that place_field / place_stick keep are exactly the cells and
    # edges cell_ok / edge_ok allow, in increasing order, after every placement of a long
    # random sequence (corners and borders of a small table included)
    import numpy as np

    from simlab.games.jungle import nb
    from simlab.games.jungle.state import new_state

    A = arrays(2, grid=7)
    rs = np.random.default_rng(7)
    for game in range(20):
        st = new_state(2, A.n_cells, A.n_edges)
        nb.setup(A, st, np.array([1, 2, 3, game + 1], np.uint64))
        for _ in range(40):
            p = int(rs.integers(2))
            cells = [c for c in range(A.n_cells) if board.cell_ok(A, st, p, c)]
            edges = [e for e in range(A.n_edges) if board.edge_ok(A, st, p, e)]
            n = board.legal_cells(A, st, p)
            assert list(st.cand[:n]) == cells
            n = board.legal_edges(A, st, p)
            assert list(st.cand[:n]) == edges
            assert_cell_counts(A, st, p)
            if rs.random() < 0.5 and cells:
                board.place_field(A, st, p, int(rs.choice(cells)))
            elif edges:
                board.place_stick(A, st, p, int(rs.choice(edges)))


def assert_cell_counts(A, st, p):
    """The per-cell counts place_field / place_stick keep equal a scan of p's table: p's fields
    next to each cell (``nbr_fields``) and p's sticks on each cell's edges (``cell_sticks``)."""
    for x in range(A.n_cells):
        fields = sum(int(st.field[p, o]) for o in A.cell_nbrs[x] if o >= 0)
        sticks = sum(int(st.stick[p, e]) for e in A.cell_edges[x])
        assert st.nbr_fields[p, x] == fields, (p, x)
        assert st.cell_sticks[p, x] == sticks, (p, x)
