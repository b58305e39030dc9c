"""Jungle Rumble: each player's table of fields and irrigation sticks, and the board supply,
shared by the kernel and the bots (numba helpers).

Fields are cells ``r * grid + c`` of a player's table, sticks lie on its edges
(``rules.grid_geometry``); each function implements one rule of the rulebook.
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.games.jungle.box import take_aside
from simlab.games.jungle.state import (
    C_FIELDS_ASIDE,
    C_FIELDS_SUPPLY,
    C_STICKS_ASIDE,
    C_STICKS_SUPPLY,
    E_FIELD,
    E_NONE,
    E_STICK,
    I_FSUP,
    I_NCAND,
    I_SSUP,
    I_TRIGGER,
)


# -------------------------------------------------------------------------------- supply
@rule
def take_piece(A, st, p, stick):
    """Take a field tile (stick: an irrigation stick) from the board supply; taking the last
    one triggers the end of the game; with the supply empty, a set-aside piece is used (the
    action takes no more than are left: ``box.pieces_left``)."""
    slot = I_SSUP if stick else I_FSUP
    if st.info[slot] > 0:
        st.info[slot] -= 1
        st.ev[C_STICKS_SUPPLY if stick else C_FIELDS_SUPPLY] += 1
        if st.info[slot] == 0 and st.info[I_TRIGGER] == E_NONE:
            st.info[I_TRIGGER] = E_STICK if stick else E_FIELD
    else:
        st.ev[C_STICKS_ASIDE if stick else C_FIELDS_ASIDE] += 1
        take_aside(A, st, stick)


# -------------------------------------------------------------------------------- fields
@rule(inline=True)
def free_by_field(st, p, x, n, taken, nbrs):
    """Place x (0 <= x < n) of p's table is free (``taken[p, x]`` 0) and one of its neighbours
    ``nbrs[x]`` (-1: off the table) is one of p's fields: where :func:`cell_ok` and
    :func:`edge_ok` allow a piece."""
    if x < 0 or x >= n or taken[p, x] == 1:
        return False
    for k in range(nbrs.shape[1]):
        o = nbrs[x, k]
        if o >= 0 and st.field[p, o] == 1:
            return True
    return False


@rule
def cell_ok(A, st, p, c):
    """Fields: a free cell of the table orthogonally adjacent to one of p's fields."""
    return free_by_field(st, p, c, A.n_cells, st.field, A.cell_nbrs)


@rule(inline=True)
def insert_sorted(row, p, n, x):
    """Put x into the increasing list ``row[p, :n]`` (one longer after)."""
    i = n
    while i > 0 and row[p, i - 1] > x:
        row[p, i] = row[p, i - 1]
        i -= 1
    row[p, i] = x


@rule(inline=True)
def remove_sorted(row, p, n, x):
    """Take x out of the increasing list ``row[p, :n]`` if it is there (one shorter after);
    returns 1 if it was, else 0."""
    i = 0
    while i < n and row[p, i] < x:
        i += 1
    if i == n or row[p, i] != x:
        return 0
    for j in range(i, n - 1):
        row[p, j] = row[p, j + 1]
    return 1


@rule(inline=True)
def copy_cand(st, row, p, n):
    """``row[p, :n]`` into ``st.cand`` (the bots reorder their copy); returns n."""
    cand = st.cand  # read once (each store could be to the state's arrays)
    for i in range(n):
        cand[i] = row[p, i]
    st.info[I_NCAND] = n
    return n


@rule
def legal_cells(A, st, p):
    """The cells where p may place a field (:func:`cell_ok`), in increasing cell order (into
    ``st.cand``): the list :func:`place_field` keeps."""
    return copy_cand(st, st.lcell, p, st.nlcell[p])


@rule
def place_field(A, st, p, c):
    """Fields: p's new field on cell c, irrigated at once if a stick lies on one of its edges
    (the kept counts of the table: legal cells and edges, free and inner edges, fields next to
    each cell)."""
    g = A.grid
    field = st.field  # the table's arrays, read once (every store below could be to them)
    stick = st.stick
    nbr = st.nbr_fields
    field[p, c] = 1
    st.nfield[p] += 1
    r = c // g
    col = c % g
    st.box[p, 0] = min(st.box[p, 0], r)
    st.box[p, 1] = max(st.box[p, 1], r)
    st.box[p, 2] = min(st.box[p, 2], col)
    st.box[p, 3] = max(st.box[p, 3], col)
    # the legal cells: c is taken; a free neighbour with no other field next to it is new
    nl = st.nlcell[p] - remove_sorted(st.lcell, p, st.nlcell[p], c)
    fe = st.free_e[p]
    inner = st.inner_e[p]
    wet = 0
    for k in range(4):
        e = A.cell_edges[c, k]
        o = A.cell_nbrs[c, k]  # the cell across edge e (-1: off the table)
        if stick[p, e] == 1:
            wet = 1
        elif o >= 0 and field[p, o] == 1:
            inner += 1
        else:
            insert_sorted(st.ledge, p, fe, e)  # a new legal edge
            fe += 1
        if o >= 0:
            nbr[p, o] += 1
            if field[p, o] == 0 and nbr[p, o] == 1:  # next to c only
                insert_sorted(st.lcell, p, nl, o)
                nl += 1
    st.nlcell[p] = nl
    # the stick points (stick_points_now: 4 per field - free edges - free inner edges)
    st.score_base[p] += 4 - (fe - st.free_e[p]) - (inner - st.inner_e[p])
    st.free_e[p] = fe
    st.inner_e[p] = inner
    if wet:
        st.wet[p, c] = 1
        st.nwet[p] += 1
        st.wet_free[p] -= 1  # c was a free cell next to a stick


# ---------------------------------------------------------------------------- irrigation
@rule
def edge_ok(A, st, p, e):
    """Irrigation: an edge without a stick, of one or two of p's fields."""
    return free_by_field(st, p, e, A.n_edges, st.stick, A.edge_cells)


@rule
def legal_edges(A, st, p):
    """The edges where p may place a stick (:func:`edge_ok`), in increasing edge order (into
    ``st.cand``): the list :func:`place_field` and :func:`place_stick` keep (``free_e`` long)."""
    return copy_cand(st, st.ledge, p, st.free_e[p])


@rule
def place_stick(A, st, p, e):
    """Irrigation: p's stick on edge e; every field on either side is irrigated (the kept
    counts: legal edges, inner edges, sticks on each cell's edges, free cells next to a
    stick)."""
    field = st.field  # read once (every store below could be to them)
    wet = st.wet
    sticks = st.cell_sticks
    st.stick[p, e] = 1
    st.nstick[p] += 1
    remove_sorted(st.ledge, p, st.free_e[p], e)
    st.free_e[p] -= 1
    both = 1
    for k in range(2):
        x = A.edge_cells[e, k]
        if x < 0:  # outside the table
            both = 0
            continue
        sticks[p, x] += 1
        if field[p, x] == 1:
            if wet[p, x] == 0:
                wet[p, x] = 1
                st.nwet[p] += 1
        else:  # a free cell: next to a stick now, if this is its first
            both = 0
            if sticks[p, x] == 1:
                st.wet_free[p] += 1
    if both:
        st.inner_e[p] -= 1
    st.score_base[p] += 1 + both  # 1 point, 2 between two fields


# ------------------------------------------------------------------------------- scoring
@rule(inline=True)
def stick_points(A, st, p):
    """Scoring: a stick between two of p's fields is worth 2, on an outer edge 1."""
    s = 0
    for e in range(A.n_edges):
        if st.stick[p, e] == 1:
            a = A.edge_cells[e, 0]
            b = A.edge_cells[e, 1]
            if a >= 0 and b >= 0 and st.field[p, a] == 1 and st.field[p, b] == 1:
                s += 2
            else:
                s += 1
    return s


@rule
def stick_points_now(st, p):
    """p's stick points (:func:`stick_points`) from its edge counters, without a scan.

    Every stick lies on an edge of one of p's fields. With F fields, J edges between two of
    them and O edges with one of them on one side only, 4 F = 2 J + O, and the J + O edges
    each hold a stick or are free (``free_e``); the sticks between two fields are
    J - ``inner_e``. So the points (1 per stick, 1 more between two fields) are
    (J + O - free_e) + (J - inner_e) = 4 F - free_e - inner_e."""
    return 4 * st.nfield[p] - st.free_e[p] - st.inner_e[p]
